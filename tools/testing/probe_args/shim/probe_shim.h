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

/* lib/vsprintf.c's: what was written, never more than @size - 1 */
static inline __printf(3, 4) int scnprintf(char *buf, size_t size,
					   const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (!size)
		return 0;
	return n < (int)size ? n : (int)size - 1;
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

/* ---- a probe hit's world: registers, current, memory that faults ---- */

/* x86-64's layout, as an array: the offsets the parser hands out */
struct pt_regs {
	unsigned long r[21];
};

#define SHIM_REG_SP	19
#define SHIM_REG_AX	10

static inline unsigned long regs_get_register(struct pt_regs *regs,
					      unsigned int off)
{
	return off / 8 < 21 ? regs->r[off / 8] : 0;
}

static inline unsigned long kernel_stack_pointer(struct pt_regs *regs)
{
	return regs->r[SHIM_REG_SP];
}

static inline unsigned long user_stack_pointer(struct pt_regs *regs)
{
	return regs->r[SHIM_REG_SP];
}

static inline unsigned long regs_return_value(struct pt_regs *regs)
{
	return regs->r[SHIM_REG_AX];
}

unsigned long regs_get_kernel_stack_nth(struct pt_regs *regs, unsigned int n);
unsigned long regs_get_kernel_argument(struct pt_regs *regs, unsigned int n);

struct task_struct {
	char comm[16];
};

extern struct task_struct shim_current;
#define current (&shim_current)

/* addresses below SHIM_FAULT_BELOW fault, as the nofault accessors say */
#define SHIM_FAULT_BELOW	4096UL
long copy_from_kernel_nofault(void *dst, const void *src, size_t size);
long copy_from_user_nofault(void *dst, const void __user *src, size_t size);
long strncpy_from_kernel_nofault(char *dst, const void *src, long count);
long strncpy_from_user_nofault(char *dst, const void __user *src, long count);
long strnlen_user_nofault(const void __user *src, long count);
/* the faulting ones, and how many times any of them was called */
extern unsigned long shim_faulting_reads;
unsigned long copy_from_user(void *dst, const void __user *src,
			     unsigned long size);
long strnlen_user(const char __user *src, long count);
long strncpy_from_user(char *dst, const char __user *src, long count);

#define KSYM_SYMBOL_LEN		128
/* "shim_sym+0x<off>/0x100" for any address */
int sprint_symbol(char *buf, unsigned long addr);

#define put_unaligned(v, p)	memcpy((p), &(__typeof__(*(p))){ (v) }, sizeof(*(p)))
/* (through a union: *(p) may be const) */
#define get_unaligned(p)	({ union { __typeof__(*(p)) v;		\
				   unsigned char b[sizeof(*(p))]; } __u;	\
				   memcpy(__u.b, (p), sizeof(__u.b)); __u.v; })

#endif /* PROBE_SHIM_H */
