// SPDX-License-Identifier: GPL-2.0
/*
 * The shim's functions: the kernel's semantics where the filter depends
 * on them (ctype classes, kstrto*() and cpulist syntax), written anew.
 */
#include "filter_shim.h"

int shim_cpu;
unsigned int nr_cpu_ids = 4;
struct task_struct shim_task = { .comm = "harness" };

/* ---- ctype: ASCII as usual; Latin-1 0xa0 is a space, letters as ISO 8859-1 ---- */
bool shim_isspace(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

bool shim_isdigit(int c)
{
	return c >= '0' && c <= '9';
}

bool shim_isalpha(int c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return true;
	/* 0xc0-0xff are letters, but for the multiplication and division signs */
	return c >= 0xc0 && c != 0xd7 && c != 0xf7;
}

/* ---- memory ---- */
char *kmemdup_nul(const char *s, size_t len, gfp_t gfp)
{
	char *p = shim_alloc(len + 1, false);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

char *kstrdup(const char *s, gfp_t gfp)
{
	return kmemdup_nul(s, strlen(s), gfp);
}

char *kasprintf(gfp_t gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	p = shim_alloc(n + 1, false);
	if (!p)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, n + 1, fmt, ap);
	va_end(ap);
	return p;
}

char *skip_spaces(const char *s)
{
	while (shim_isspace((unsigned char)*s))
		s++;
	return (char *)s;
}

/* Blanks off both ends: the end ones become NULs. */
char *strim(char *s)
{
	size_t n = strlen(s);

	while (n && shim_isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return skip_spaces(s);
}

/* ---- cpulists as lib/bitmap-str.c reads them: "0-3,5", "0-7:2/4", "N", "all" ---- */
static bool list_end(char c)
{
	return c == '\0' || c == '\n';
}

static bool region_end(char c)
{
	return list_end(c) || c == ',' || shim_isspace((unsigned char)c);
}

/* A decimal number, or N for the last CPU; NULL with *err on error. */
static const char *list_num(const char *s, unsigned int *num, int *err)
{
	unsigned long long v = 0;
	int n = 0;

	if (*s == 'N') {
		*num = nr_cpu_ids - 1;
		return s + 1;
	}
	for (; shim_isdigit((unsigned char)s[n]); n++) {
		v = v * 10 + (s[n] - '0');
		if (v > UINT_MAX) {
			*err = -EOVERFLOW;
			return NULL;
		}
	}
	if (!n) {
		*err = -EINVAL;
		return NULL;
	}
	*num = v;
	return s + n;
}

int cpulist_parse(const char *s, struct cpumask *mask)
{
	unsigned int start, end, used, group, bit;
	int err = 0;

	memset(mask, 0, sizeof(*mask));
	for (;;) {
		while (*s == ',' || shim_isspace((unsigned char)*s))
			s++;
		if (list_end(*s))
			return 0;
		if (!strncasecmp(s, "all", 3)) {
			start = 0;
			end = nr_cpu_ids - 1;
			s += 3;
		} else {
			s = list_num(s, &start, &err);
			if (!s)
				return err;
			end = start;
			if (*s == '-') {
				s = list_num(s + 1, &end, &err);
				if (!s)
					return err;
			} else if (!region_end(*s)) {
				return -EINVAL;
			}
		}
		used = end + 1;
		group = end + 1;
		if (!region_end(*s)) {
			if (*s != ':')
				return -EINVAL;
			s = list_num(s + 1, &used, &err);
			if (!s)
				return err;
			if (*s != '/')
				return -EINVAL;
			s = list_num(s + 1, &group, &err);
			if (!s)
				return err;
		}
		if (start > end || !group || used > group)
			return -EINVAL;
		if (end >= nr_cpu_ids)
			return -ERANGE;
		for (; start <= end; start += group)
			for (bit = start; bit < start + used && bit <= end; bit++)
				mask->bits[bit / BITS_PER_LONG] |=
					1UL << (bit % BITS_PER_LONG);
	}
}

unsigned int cpumask_weight(const struct cpumask *mask)
{
	unsigned int n = 0, cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		n += cpumask_test_cpu(cpu, mask);
	return n;
}

unsigned int cpumask_first(const struct cpumask *mask)
{
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpumask_test_cpu(cpu, mask))
			break;
	return cpu;
}

bool cpumask_test_cpu(int cpu, const struct cpumask *mask)
{
	return mask->bits[cpu / BITS_PER_LONG] >> (cpu % BITS_PER_LONG) & 1;
}

/* ---- copies that may fault ---- */
static long copy_string(char *dst, const void *src, long count)
{
	long n;

	if ((unsigned long)src < SHIM_FAULT_BELOW)
		return -EFAULT;
	n = strnlen(src, count - 1);
	memcpy(dst, src, n);
	dst[n] = '\0';
	return n;
}

long strncpy_from_kernel_nofault(char *dst, const void *src, long count)
{
	return copy_string(dst, src, count);
}

long strncpy_from_user_nofault(char *dst, const void __user *src, long count)
{
	return copy_string(dst, src, count);
}

/* ---- kallsyms ---- */
unsigned long kallsyms_lookup_name(const char *name)
{
	const struct shim_sym *sym;

	for (sym = shim_syms; sym->name; sym++)
		if (!strcmp(sym->name, name))
			return sym->addr;
	return 0;
}

int kallsyms_lookup_size_offset(unsigned long addr, unsigned long *size,
				unsigned long *offset)
{
	const struct shim_sym *sym;

	for (sym = shim_syms; sym->name; sym++) {
		if (addr >= sym->addr && addr < sym->addr + sym->size) {
			*size = sym->size;
			*offset = addr - sym->addr;
			return 1;
		}
	}
	return 0;
}
