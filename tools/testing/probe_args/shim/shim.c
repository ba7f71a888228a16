// SPDX-License-Identifier: GPL-2.0
/*
 * The functions behind shim/probe_shim.h: a probe hit's world for
 * tools/testing/probe_args. Memory below SHIM_FAULT_BELOW faults; the
 * rest is the test's own.
 */
#include "probe_shim.h"

struct task_struct shim_current = { .comm = "tester" };

unsigned long regs_get_kernel_stack_nth(struct pt_regs *regs, unsigned int n)
{
	unsigned long *sp = (unsigned long *)regs->r[SHIM_REG_SP];

	return sp ? sp[n] : 0;
}

/* di si dx cx r8 r9, then the stack, as x86-64 passes them */
unsigned long regs_get_kernel_argument(struct pt_regs *regs, unsigned int n)
{
	static const unsigned int reg[] = { 14, 13, 12, 11, 9, 8 };

	if (n < 6)
		return regs->r[reg[n]];
	return regs_get_kernel_stack_nth(regs, n - 6 + 1);
}

static bool faults(const void *src, size_t size)
{
	return (unsigned long)src < SHIM_FAULT_BELOW ||
	       (unsigned long)src + size < (unsigned long)src;
}

long copy_from_kernel_nofault(void *dst, const void *src, size_t size)
{
	if (faults(src, size))
		return -EFAULT;
	memcpy(dst, src, size);
	return 0;
}

long copy_from_user_nofault(void *dst, const void __user *src, size_t size)
{
	return copy_from_kernel_nofault(dst, src, size);
}

long strncpy_from_kernel_nofault(char *dst, const void *src, long count)
{
	long n;

	if (count <= 0)
		return 0;
	if (faults(src, 1))
		return -EFAULT;
	n = strnlen(src, count);
	if (n == count) {
		memcpy(dst, src, count - 1);
		dst[count - 1] = '\0';
		return count;
	}
	memcpy(dst, src, n + 1);
	/* as the kernel's: the length with the NUL, @count when cut */
	return n + 1;
}

long strncpy_from_user_nofault(char *dst, const void __user *src, long count)
{
	return strncpy_from_kernel_nofault(dst, src, count);
}

long strnlen_user_nofault(const void __user *src, long count)
{
	long n;

	if (faults(src, 1))
		return 0;
	n = strnlen(src, count);
	return n < count ? n + 1 : count + 1;
}

/*
 * The faulting accessors (a uprobe's stage, which may sleep): the same
 * memory as the nofault ones, their own return conventions, counted so
 * a test can tell which ones a fetch used.
 */
unsigned long shim_faulting_reads;

unsigned long copy_from_user(void *dst, const void __user *src,
			     unsigned long size)
{
	shim_faulting_reads++;
	return copy_from_kernel_nofault(dst, src, size) ? size : 0;
}

long strnlen_user(const char __user *src, long count)
{
	long n;

	shim_faulting_reads++;
	if (faults(src, 1))
		return 0;
	n = strnlen(src, count);
	return n < count ? n + 1 : count + 1;
}

long strncpy_from_user(char *dst, const char __user *src, long count)
{
	long n;

	shim_faulting_reads++;
	if (count <= 0)
		return 0;
	if (faults(src, 1))
		return -EFAULT;
	/* the length without the NUL; @count, and no NUL, when cut */
	n = strnlen(src, count);
	memcpy(dst, src, n < count ? n + 1 : count);
	return n;
}

int sprint_symbol(char *buf, unsigned long addr)
{
	return sprintf(buf, "shim_sym+0x%lx/0x100", addr & 0xff);
}
