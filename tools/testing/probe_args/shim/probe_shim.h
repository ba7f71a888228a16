/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-ins for what kernel/trace/trace_probe_args.c uses, on
 * top of the shared shim: each linux/ header it includes is a file of
 * shim/linux/ that includes this one.
 */
#ifndef PROBE_SHIM_H
#define PROBE_SHIM_H

#include <ctype.h>
#include "kernel_shim.h"

#define BITS_PER_LONG		(__SIZEOF_LONG__ * 8)

/* the kernel's classes for the ASCII the language uses */
#undef isalpha
#undef isdigit
#undef isalnum
#define isalpha(c)	(isascii((unsigned char)(c)) && \
			 (isalpha)((unsigned char)(c)))
#define isdigit(c)	((unsigned char)(c) >= '0' && (unsigned char)(c) <= '9')
#define isalnum(c)	(isalpha(c) || isdigit(c))

static inline char *kstrndup(const char *s, size_t max, gfp_t gfp)
{
	size_t n = strnlen(s, max);
	char *p = shim_kmalloc(n + 1, false);

	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

/* lib/string.c's: the length copied, or -E2BIG when @src was cut */
static inline long strscpy(char *dst, const char *src, size_t size)
{
	size_t n = strnlen(src, size);

	if (!size)
		return -E2BIG;
	if (n == size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, n + 1);
	return n;
}

#endif /* PROBE_SHIM_H */
