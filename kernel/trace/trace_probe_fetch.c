// SPDX-License-Identifier: GPL-2.0
/*
 * A probe hit: the values of its arguments (trace_probe_args.h) fetched
 * from the registers and memory of the moment, and stored in the record.
 *
 * An argument is a source and a list of reads. A source that is memory
 * (@ADDR, @+FOFFS) and every read leave an address; the value the type
 * stores is read there, or, for a string, is the string there. A read
 * that faults stores zeros (and a string "(fault)", by its empty
 * data_loc), never stale bytes: the reference leaves the slot as it was.
 *
 * Runs in the probe's context (any, NMI included): only the *_nofault
 * accessors touch memory.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include "trace_probe_fetch.h"

/* the longest string a probe records, its NUL included */
#define PROBE_STRING_MAX	4096

/*
 * The value of an attached event's field in @rec: a number, or the
 * address of a string. The record is the attached event's own, which
 * its layout describes: plain loads (it is in the ring buffer or the
 * stage page, both ours).
 */
static unsigned long field_value(const struct probe_arg *arg, const void *rec)
{
	const void *at = rec + arg->off;
	u32 loc;

	switch (arg->field_kind) {
	case PFIELD_STR_DYN:
		loc = get_unaligned((const u32 *)at);
		return (unsigned long)rec + (loc & 0xffff);
	case PFIELD_STR_REL:
		loc = get_unaligned((const u32 *)at);
		return (unsigned long)at + sizeof(u32) + (loc & 0xffff);
	case PFIELD_STR_ARRAY:
		return (unsigned long)at;
	case PFIELD_STR_PTR:
		return get_unaligned((const unsigned long *)at);
	case PFIELD_SIGNED:
		switch (arg->field_size) {
		case 1:
			return (long)*(const s8 *)at;
		case 2:
			return (long)(s16)get_unaligned((const u16 *)at);
		case 4:
			return (long)(s32)get_unaligned((const u32 *)at);
		}
		break;
	case PFIELD_UNSIGNED:
		switch (arg->field_size) {
		case 1:
			return *(const u8 *)at;
		case 2:
			return get_unaligned((const u16 *)at);
		case 4:
			return get_unaligned((const u32 *)at);
		}
		break;
	}
	return get_unaligned((const unsigned long *)at);
}

/* The @n-th word of a process's stack; 0 if it cannot be read. */
static unsigned long user_stack_nth(const struct probe_fetch_ctx *ctx,
				    unsigned int n)
{
	unsigned long v;
	unsigned long __user *at;

	at = (unsigned long __user *)user_stack_pointer(ctx->regs) + n;
	if (ctx->may_fault ? copy_from_user(&v, at, sizeof(v)) :
			     copy_from_user_nofault(&v, at, sizeof(v)))
		return 0;
	return v;
}

static unsigned long source_value(const struct probe_arg *arg,
				  const struct probe_fetch_ctx *ctx)
{
	struct pt_regs *regs = ctx->regs;

	switch (arg->src) {
	case PSRC_REG:
		return regs_get_register(regs, arg->off);
	case PSRC_STACKP:
		return ctx->user ? user_stack_pointer(regs) :
				   kernel_stack_pointer(regs);
	case PSRC_STACK:
		if (ctx->user)
			return user_stack_nth(ctx, arg->off);
		return regs_get_kernel_stack_nth(regs, arg->off);
	case PSRC_RETVAL:
		return regs_return_value(regs);
	case PSRC_ARG:
		return regs_get_kernel_argument(regs, arg->off - 1);
	case PSRC_COMM:
		return (unsigned long)current->comm;
	case PSRC_IMMSTR:
		return (unsigned long)arg->str;
	case PSRC_FIELD:
		return ctx->rec ? field_value(arg, ctx->rec) : 0;
	case PSRC_FOFFS:
		return ctx->foffs_base + arg->imm;
	case PSRC_IMM:
	case PSRC_ADDR:
		break;
	}
	return arg->imm;
}

/*
 * @size bytes at @addr into @dst: true, or false on a fault. The
 * process's memory is read as the process would (faulting its pages in)
 * only when the hit may sleep (@ctx->may_fault).
 */
static bool read_mem(const struct probe_fetch_ctx *ctx, void *dst,
		     unsigned long addr, size_t size, bool user)
{
	long ret;

	if (user && ctx->may_fault)
		ret = copy_from_user(dst, (const void __user *)addr, size);
	else if (user)
		ret = copy_from_user_nofault(dst, (const void __user *)addr, size);
	else
		ret = copy_from_kernel_nofault(dst, (const void *)addr, size);
	return !ret;
}

/*
 * The address the value is at, following the reads, in *@addr: true, or
 * false when the value is the number itself (*@addr is then that). A
 * fault is -EFAULT.
 */
static int resolve(const struct probe_arg *arg,
		   const struct probe_fetch_ctx *ctx, unsigned long *addr,
		   bool *user)
{
	bool in_mem = arg->src == PSRC_ADDR || arg->src == PSRC_FOFFS;
	unsigned long cur = source_value(arg, ctx);
	unsigned int i;

	/*
	 * A uprobe's addresses are all the process's, "+u" reads are too;
	 * $comm and an immediate string are the kernel's in any probe.
	 */
	*user = (ctx->user && arg->src != PSRC_COMM &&
		 arg->src != PSRC_IMMSTR) || arg->src == PSRC_FOFFS;
	for (i = 0; i < arg->nr_deref; i++) {
		if (in_mem && !read_mem(ctx, &cur, cur, sizeof(cur), *user))
			return -EFAULT;
		cur += arg->deref[i].off;
		*user = ctx->user || arg->deref[i].user;
		in_mem = true;
	}
	*addr = cur;
	return in_mem;
}

/* Bits [offset, offset + width) of @v, a container of @size bytes. */
static u64 bitfield(u64 v, const struct probe_arg *arg)
{
	unsigned int bits = arg->type->size * 8;

	v <<= 64 - bits;	/* the container at the top of 64 bits */
	v <<= bits - arg->bf_width - arg->bf_offset;
	return v >> (64 - arg->bf_width);
}

static void store_value(void *slot, u64 v, unsigned int size)
{
	switch (size) {
	case 1:
		*(u8 *)slot = v;
		break;
	case 2:
		put_unaligned((u16)v, (u16 *)slot);
		break;
	case 4:
		put_unaligned((u32)v, (u32 *)slot);
		break;
	default:
		put_unaligned(v, (u64 *)slot);
		break;
	}
}

/* One element of a numeric argument at @addr (or the number @addr). */
static void fetch_number(const struct probe_fetch_ctx *ctx,
			 const struct probe_arg *arg, unsigned long addr,
			 bool in_mem, bool user, void *slot)
{
	unsigned int size = arg->type->size;
	u64 v = 0;

	if (in_mem) {
		/* little-endian: the low bytes of v are the value's */
		if (!read_mem(ctx, &v, addr, size, user))
			v = 0;
	} else {
		v = addr;
	}
	if (arg->bf_width)
		v = bitfield(v, arg);
	store_value(slot, v, size);
}

/* The length of the kernel string at @addr with its NUL, 0 on a fault. */
static int kernel_strlen(unsigned long addr)
{
	int len;
	char c;

	for (len = 0; len < PROBE_STRING_MAX; len++) {
		if (copy_from_kernel_nofault(&c, (const char *)addr + len, 1))
			return 0;
		if (!c)
			return len + 1;
	}
	return PROBE_STRING_MAX;
}

/*
 * The string of @arg (element @i of an array of them) into @dst, @room
 * bytes (@dst NULL: only measure): its length with the NUL, 0 on a
 * fault.
 */
static int fetch_string(const struct probe_fetch_ctx *ctx,
			const struct probe_arg *arg, unsigned long addr,
			bool user, unsigned int i, char *dst, int room)
{
	char sym[KSYM_SYMBOL_LEN];
	long len;

	if (arg->count) {
		/* an array of char *: the i-th pointer, then its string */
		if (!read_mem(ctx, &addr, addr + i * sizeof(long), sizeof(long),
			      user))
			return 0;
	}
	if (arg->type->store == PST_SYMSTR) {
		len = min_t(long, sprint_symbol(sym, addr) + 1, PROBE_STRING_MAX);
		if (!dst)
			return len;
		len = min_t(long, len, room);
		if (len)
			strscpy(dst, sym, len);
		return len;
	}
	user = user || arg->type->store == PST_USTRING;
	if (!dst) {
		if (!user)
			return kernel_strlen(addr);
		if (ctx->may_fault)
			len = strnlen_user((const char __user *)addr,
					   PROBE_STRING_MAX);
		else
			len = strnlen_user_nofault((const void __user *)addr,
						   PROBE_STRING_MAX);
		return len > 0 ? min_t(long, len, PROBE_STRING_MAX) : 0;
	}
	if (!room)
		return 0;
	/*
	 * The _nofault ones give the length with the NUL, or @room when
	 * they cut the string; strncpy_from_user() gives it without the
	 * NUL, or @room without writing one.
	 */
	if (user && ctx->may_fault) {
		len = strncpy_from_user(dst, (const char __user *)addr, room);
		if (len < 0)
			return 0;
		if (len == room)
			len--;
		dst[len] = '\0';
		return len + 1;
	}
	if (user)
		len = strncpy_from_user_nofault(dst, (const void __user *)addr,
						room);
	else
		len = strncpy_from_kernel_nofault(dst, (const void *)addr, room);
	return len < 0 ? 0 : len;
}

static unsigned int elements(const struct probe_arg *arg)
{
	return arg->count ? arg->count : 1;
}

int probe_args_dyn_size(const struct probe_arg *args, unsigned int n,
			const struct probe_fetch_ctx *ctx)
{
	unsigned long addr;
	unsigned int i, j;
	int total = 0;
	bool user;
	int in_mem;

	for (i = 0; i < n; i++) {
		if (args[i].type->store == PST_VALUE)
			continue;
		in_mem = resolve(&args[i], ctx, &addr, &user);
		if (in_mem < 0)
			continue;
		for (j = 0; j < elements(&args[i]); j++)
			total += fetch_string(ctx, &args[i], addr, user, j,
					      NULL, 0);
	}
	return total;
}

void probe_args_store(const struct probe_arg *args, unsigned int n,
		      const struct probe_fetch_ctx *ctx, void *rec,
		      unsigned int fixed, unsigned int size)
{
	unsigned int i, j, dyn = fixed, len;
	unsigned long addr;
	void *slot;
	bool user;
	int in_mem;

	for (i = 0; i < n; i++) {
		const struct probe_arg *arg = &args[i];
		unsigned int esize = arg->type->size;

		slot = rec + arg->offset;
		in_mem = resolve(arg, ctx, &addr, &user);
		if (in_mem < 0) {
			memset(slot, 0, probe_arg_size(arg));
			continue;
		}
		for (j = 0; j < elements(arg); j++, slot += esize) {
			if (arg->type->store == PST_VALUE) {
				fetch_number(ctx, arg, addr + j * esize, in_mem,
					     user, slot);
				continue;
			}
			/* a data_loc: the string's length and offset */
			len = dyn < size ?
			      fetch_string(ctx, arg, addr, user, j, rec + dyn,
					   size - dyn) : 0;
			put_unaligned((u32)(len << 16 | dyn), (u32 *)slot);
			dyn += len;
		}
	}
}

bool probe_args_regs_only(const struct probe_arg *args, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct probe_arg *arg = &args[i];

		switch (arg->src) {
		case PSRC_REG:
		case PSRC_ARG:
		case PSRC_RETVAL:
		case PSRC_IMM:
			break;
		default:
			return false;
		}
		if (arg->nr_deref || arg->count || arg->bf_width ||
		    arg->type->store != PST_VALUE)
			return false;
	}
	return true;
}

void probe_args_store_regs(const struct probe_arg *args, unsigned int n,
			   struct pt_regs *regs, void *rec)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct probe_arg *arg = &args[i];
		unsigned long v;

		/* as source_value() and fetch_number() take it */
		switch (arg->src) {
		case PSRC_REG:
			v = regs_get_register(regs, arg->off);
			break;
		case PSRC_ARG:
			v = regs_get_kernel_argument(regs, arg->off - 1);
			break;
		case PSRC_RETVAL:
			v = regs_return_value(regs);
			break;
		default:
			v = arg->imm;
			break;
		}
		store_value(rec + arg->offset, v, arg->type->size);
	}
}

bool probe_args_read_user(const struct probe_arg *args, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct probe_arg *arg = &args[i];

		switch (arg->src) {
		case PSRC_ADDR:
		case PSRC_FOFFS:
		case PSRC_STACK:
			return true;
		case PSRC_COMM:
		case PSRC_IMMSTR:
			/* kernel strings, whatever their type */
			continue;
		default:
			break;
		}
		if (arg->nr_deref || arg->type->store != PST_VALUE)
			return true;
	}
	return false;
}
