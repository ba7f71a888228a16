// SPDX-License-Identifier: GPL-2.0
/*
 * The functions behind tools/testing/shared/kernel_shim.h.
 */
#include "kernel_shim.h"

unsigned long shim_fence_word;
unsigned long shim_alloc_count, shim_fail_alloc_at;
unsigned long shim_kmalloc_too_big;

void *shim_alloc(size_t size, bool zero)
{
	void *p;

	if (__atomic_add_fetch(&shim_alloc_count, 1, __ATOMIC_RELAXED) ==
	    __atomic_load_n(&shim_fail_alloc_at, __ATOMIC_RELAXED))
		return NULL;
	/* never 0 bytes: the kernel gives ZERO_SIZE_PTR, callers free it */
	p = malloc(size ? size : 1);
	if (p && zero)
		memset(p, 0, size ? size : 1);
	return p;
}

void *shim_kmalloc(size_t size, bool zero)
{
	if (size > SHIM_KMALLOC_MAX) {
		if (__atomic_fetch_add(&shim_kmalloc_too_big, 1, __ATOMIC_RELAXED) < 5)
			fprintf(stderr, "WARNING: kmalloc of %zu bytes\n", size);
		return NULL;
	}
	return shim_alloc(size, zero);
}

/* ---- numbers as lib/kstrtox.c reads them ---- */
static int digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return 99;
}

static int parse_ull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v = 0;
	bool overflow = false;
	int n = 0, d;

	if (!base) {
		if (s[0] == '0' && (s[1] | 0x20) == 'x' && digit_value(s[2]) < 16)
			base = 16;
		else
			base = s[0] == '0' ? 8 : 10;
	}
	if (base == 16 && s[0] == '0' && (s[1] | 0x20) == 'x')
		s += 2;
	for (; (d = digit_value(s[n])) < (int)base; n++) {
		if (v > (ULLONG_MAX - d) / base)
			overflow = true;
		v = v * base + d;
	}
	if (overflow)
		return -ERANGE;
	if (!n)
		return -EINVAL;
	s += n;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	if (s[0] == '+')
		s++;
	return parse_ull(s, base, res);
}

int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int ret;

	if (s[0] == '-') {
		ret = parse_ull(s + 1, base, &v);
		if (ret)
			return ret;
		if ((long long)-v > 0)
			return -ERANGE;
		*res = -v;
		return 0;
	}
	ret = kstrtoull(s, base, &v);
	if (ret)
		return ret;
	if ((long long)v < 0)
		return -ERANGE;
	*res = v;
	return 0;
}

int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long v;
	int ret = kstrtoull(s, base, &v);

	if (!ret)
		*res = v;
	return ret;
}

int kstrtol(const char *s, unsigned int base, long *res)
{
	long long v;
	int ret = kstrtoll(s, base, &v);

	if (!ret)
		*res = v;
	return ret;
}
