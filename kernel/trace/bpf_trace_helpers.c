// SPDX-License-Identifier: GPL-2.0
/*
 * The helpers of tracing's BPF programs: reading memory that may fault,
 * printing into the trace buffer and seq files, perf output and
 * counters, stacks, signals, paths, BTF dumps, and what a hit knows of
 * itself (the probed function's address and arguments, the link's
 * cookie). Which program type may call which is bpf_trace_progs.c.
 *
 * Every helper runs where the program runs: in any context up to NMI,
 * with preemption or migration off. None sleeps unless its proto says
 * the program is sleepable.
 */
#include <linux/bpf.h>
#include <linux/bpf_lsm.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/dcache.h>
#include <linux/filter.h>
#include <linux/irq_work.h>
#include <linux/kprobes.h>
#include <linux/perf_event.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/uprobes.h>

#include <asm/tlb.h>

#include "bpf_trace_internal.h"

#define CREATE_TRACE_POINTS
#include "bpf_trace.h"

/* ---------------------------------------------------------------- */
/* Reading memory that may not be there                               */

/*
 * On a fault the destination is zeroed: a program that ignores the
 * error must not go on with what the stack held before.
 */
static __always_inline int read_user(void *dst, u32 size,
				     const void __user *src)
{
	int ret = copy_from_user_nofault(dst, src, size);

	if (unlikely(ret < 0))
		memset(dst, 0, size);
	return ret;
}

/*
 * A string from user memory. strncpy_from_user_nofault() stops at the
 * NUL and copies nothing after it, so two equal strings read into
 * buffers of the same size are equal byte for byte (programs key maps
 * with them).
 */
static __always_inline int read_user_str(void *dst, u32 size,
					 const void __user *src)
{
	int ret = strncpy_from_user_nofault(dst, src, size);

	if (unlikely(ret < 0))
		memset(dst, 0, size);
	return ret;
}

static __always_inline int read_kernel_str(void *dst, u32 size,
					   const void *src)
{
	int ret = strncpy_from_kernel_nofault(dst, src, size);

	if (unlikely(ret < 0))
		memset(dst, 0, size);
	return ret;
}

BPF_CALL_3(bpf_probe_read_user, void *, dst, u32, size,
	   const void __user *, src)
{
	return read_user(dst, size, src);
}

BPF_CALL_3(bpf_probe_read_user_str, void *, dst, u32, size,
	   const void __user *, src)
{
	return read_user_str(dst, size, src);
}

BPF_CALL_3(bpf_probe_read_kernel, void *, dst, u32, size, const void *, src)
{
	return bpf_probe_read_kernel_common(dst, size, src);
}

BPF_CALL_3(bpf_probe_read_kernel_str, void *, dst, u32, size,
	   const void *, src)
{
	return read_kernel_str(dst, size, src);
}

/* Every read helper: (dst, size, unsafe address) into the stack. */
#define READ_PROTO(fn) {					\
	.func		= fn,					\
	.gpl_only	= true,					\
	.ret_type	= RET_INTEGER,				\
	.arg1_type	= ARG_PTR_TO_UNINIT_MEM,		\
	.arg2_type	= ARG_CONST_SIZE_OR_ZERO,		\
	.arg3_type	= ARG_ANYTHING,				\
}

const struct bpf_func_proto bpf_probe_read_user_proto =
	READ_PROTO(bpf_probe_read_user);
const struct bpf_func_proto bpf_probe_read_user_str_proto =
	READ_PROTO(bpf_probe_read_user_str);
const struct bpf_func_proto bpf_probe_read_kernel_proto =
	READ_PROTO(bpf_probe_read_kernel);
const struct bpf_func_proto bpf_probe_read_kernel_str_proto =
	READ_PROTO(bpf_probe_read_kernel_str);

#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
/*
 * The old bpf_probe_read[_str]: one address for both spaces, which only
 * an architecture whose user and kernel addresses never overlap can
 * tell apart by value.
 */
BPF_CALL_3(bpf_probe_read_compat, void *, dst, u32, size, const void *, src)
{
	if ((unsigned long)src < TASK_SIZE)
		return read_user(dst, size, (__force const void __user *)src);
	return bpf_probe_read_kernel_common(dst, size, src);
}

BPF_CALL_3(bpf_probe_read_compat_str, void *, dst, u32, size,
	   const void *, src)
{
	if ((unsigned long)src < TASK_SIZE)
		return read_user_str(dst, size,
				     (__force const void __user *)src);
	return read_kernel_str(dst, size, src);
}

const struct bpf_func_proto bpf_trace_probe_read_compat_proto =
	READ_PROTO(bpf_probe_read_compat);
const struct bpf_func_proto bpf_trace_probe_read_compat_str_proto =
	READ_PROTO(bpf_probe_read_compat_str);
#endif

BPF_CALL_3(bpf_probe_write_user, void __user *, dst, const void *, src,
	   u32, size)
{
	/*
	 * Only from the task's own context, with its own mm in place: not
	 * from an interrupt, a kernel thread, an exiting task, or while
	 * the mm is being switched (nmi_uaccess_okay()).
	 */
	if (unlikely(in_interrupt() ||
		     current->flags & (PF_KTHREAD | PF_EXITING)))
		return -EPERM;
	if (unlikely(!nmi_uaccess_okay()))
		return -EPERM;
	return copy_to_user_nofault(dst, src, size);
}

static const struct bpf_func_proto probe_write_user_proto = {
	.func		= bpf_probe_write_user,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_ANYTHING,
	.arg2_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg3_type	= ARG_CONST_SIZE,
};

const struct bpf_func_proto *bpf_trace_probe_write_proto(void)
{
	if (!capable(CAP_SYS_ADMIN))
		return NULL;
	/* it can corrupt any process: say who loads it */
	pr_warn_ratelimited("%s[%d] is installing a program with bpf_probe_write_user helper that may corrupt user memory!",
			    current->comm, task_pid_nr(current));
	return &probe_write_user_proto;
}

/* ---------------------------------------------------------------- */
/* Printing: the bpf_trace_printk event, and seq files                */

/* The formats bpf_bprintf_prepare() checks, into a per-CPU buffer. */
static int printk_event(char *fmt, u32 fmt_size, const u64 *args,
			u32 nargs)
{
	struct bpf_bprintf_data data = {
		.get_bin_args	= true,
		.get_buf	= true,
	};
	int ret;

	ret = bpf_bprintf_prepare(fmt, fmt_size, args, nargs, &data);
	if (ret < 0)
		return ret;
	ret = bstr_printf(data.buf, MAX_BPRINTF_BUF, fmt, data.bin_args);
	trace_bpf_trace_printk(data.buf);
	bpf_bprintf_cleanup(&data);
	return ret;
}

BPF_CALL_5(bpf_trace_printk, char *, fmt, u32, fmt_size, u64, arg1,
	   u64, arg2, u64, arg3)
{
	u64 args[] = { arg1, arg2, arg3 };

	return printk_event(fmt, fmt_size, args, ARRAY_SIZE(args));
}

static const struct bpf_func_proto trace_printk_proto = {
	.func		= bpf_trace_printk,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg2_type	= ARG_CONST_SIZE,
};

/* Arguments as an array of u64: a whole number of them, not too many. */
static int vargs_count(const void *args, u32 len)
{
	if (len % 8 || len > MAX_BPRINTF_VARARGS * 8 || (len && !args))
		return -EINVAL;
	return len / 8;
}

BPF_CALL_4(bpf_trace_vprintk, char *, fmt, u32, fmt_size, const void *, args,
	   u32, len)
{
	int n = vargs_count(args, len);

	if (n < 0)
		return n;
	return printk_event(fmt, fmt_size, args, n);
}

static const struct bpf_func_proto trace_vprintk_proto = {
	.func		= bpf_trace_vprintk,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg2_type	= ARG_CONST_SIZE,
	.arg3_type	= ARG_PTR_TO_MEM | PTR_MAYBE_NULL | MEM_RDONLY,
	.arg4_type	= ARG_CONST_SIZE_OR_ZERO,
};

/*
 * A program that prints wants to see it: loading one (re)enables the
 * event, as the user may have turned it off since the last. Not from
 * here: the verifier holds locks that enabling an event takes.
 */
static void printk_event_on(struct work_struct *work)
{
	if (trace_set_clr_event("bpf_trace", "bpf_trace_printk", 1))
		pr_warn_ratelimited("could not enable bpf_trace_printk events");
}

static DECLARE_WORK(printk_event_work, printk_event_on);

const struct bpf_func_proto *bpf_get_trace_printk_proto(void)
{
	schedule_work(&printk_event_work);
	return &trace_printk_proto;
}

const struct bpf_func_proto *bpf_get_trace_vprintk_proto(void)
{
	schedule_work(&printk_event_work);
	return &trace_vprintk_proto;
}

BTF_ID_LIST_SINGLE(seq_file_btf_ids, struct, seq_file)

BPF_CALL_5(bpf_seq_printf, struct seq_file *, m, char *, fmt, u32, fmt_size,
	   const void *, args, u32, len)
{
	struct bpf_bprintf_data data = { .get_bin_args = true };
	int n = vargs_count(args, len);
	int ret;

	if (n < 0)
		return n;
	ret = bpf_bprintf_prepare(fmt, fmt_size, args, n, &data);
	if (ret < 0)
		return ret;
	seq_bprintf(m, fmt, data.bin_args);
	bpf_bprintf_cleanup(&data);
	return seq_has_overflowed(m) ? -EOVERFLOW : 0;
}

const struct bpf_func_proto bpf_trace_seq_printf_proto = {
	.func		= bpf_seq_printf,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &seq_file_btf_ids[0],
	.arg2_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg3_type	= ARG_CONST_SIZE,
	.arg4_type	= ARG_PTR_TO_MEM | PTR_MAYBE_NULL | MEM_RDONLY,
	.arg5_type	= ARG_CONST_SIZE_OR_ZERO,
};

BPF_CALL_3(bpf_seq_write, struct seq_file *, m, const void *, data, u32, len)
{
	return seq_write(m, data, len) ? -EOVERFLOW : 0;
}

const struct bpf_func_proto bpf_trace_seq_write_proto = {
	.func		= bpf_seq_write,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &seq_file_btf_ids[0],
	.arg2_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
};

/* ---------------------------------------------------------------- */
/* BTF dumps of kernel objects                                        */

#define BTF_DUMP_FLAGS	(BTF_F_COMPACT | BTF_F_NONAME | BTF_F_PTR_RAW | \
			 BTF_F_ZERO)

/* The vmlinux type @ptr names, checked: 0, or -errno. */
static int btf_dump_type(const struct btf_ptr *ptr, u32 ptr_size, u64 flags,
			 const struct btf **btf)
{
	if (unlikely(flags & ~BTF_DUMP_FLAGS))
		return -EINVAL;
	if (ptr_size != sizeof(*ptr))
		return -EINVAL;
	*btf = bpf_get_btf_vmlinux();
	if (IS_ERR_OR_NULL(*btf))
		return *btf ? PTR_ERR(*btf) : -EINVAL;
	if ((s32)ptr->type_id <= 0)
		return -EINVAL;
	if (!btf_type_by_id(*btf, ptr->type_id))
		return -ENOENT;
	return 0;
}

BPF_CALL_5(bpf_snprintf_btf, char *, str, u32, str_size, struct btf_ptr *, ptr,
	   u32, ptr_size, u64, flags)
{
	const struct btf *btf;
	int ret = btf_dump_type(ptr, ptr_size, flags, &btf);

	if (ret)
		return ret;
	return btf_type_snprintf_show(btf, ptr->type_id, ptr->ptr, str,
				      str_size, flags);
}

const struct bpf_func_proto bpf_snprintf_btf_proto = {
	.func		= bpf_snprintf_btf,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_MEM,
	.arg2_type	= ARG_CONST_SIZE,
	.arg3_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg4_type	= ARG_CONST_SIZE,
	.arg5_type	= ARG_ANYTHING,
};

BPF_CALL_4(bpf_seq_printf_btf, struct seq_file *, m, struct btf_ptr *, ptr,
	   u32, ptr_size, u64, flags)
{
	const struct btf *btf;
	int ret = btf_dump_type(ptr, ptr_size, flags, &btf);

	if (ret)
		return ret;
	return btf_type_seq_show_flags(btf, ptr->type_id, ptr->ptr, m, flags);
}

const struct bpf_func_proto bpf_trace_seq_printf_btf_proto = {
	.func		= bpf_seq_printf_btf,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &seq_file_btf_ids[0],
	.arg2_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg4_type	= ARG_ANYTHING,
};

/* ---------------------------------------------------------------- */
/* perf: counters and output through a perf event array               */

/* The perf event in @map's slot for @flags' index (or this CPU's). */
static struct perf_event *pe_array_event(struct bpf_map *map, u64 flags,
					 int *err)
{
	struct bpf_array *array = container_of(map, struct bpf_array, map);
	u64 index = flags & BPF_F_INDEX_MASK;
	struct bpf_event_entry *ee;

	if (index == BPF_F_CURRENT_CPU)
		index = smp_processor_id();
	if (unlikely(index >= array->map.max_entries)) {
		*err = -E2BIG;
		return NULL;
	}
	/* the slot is replaced under RCU; the program holds the read side */
	ee = READ_ONCE(array->ptrs[index]);
	if (!ee) {
		*err = -ENOENT;
		return NULL;
	}
	return ee->event;
}

static int pe_array_read(struct bpf_map *map, u64 flags, u64 *value,
			 u64 *enabled, u64 *running)
{
	struct perf_event *event;
	int err;

	if (unlikely(flags & ~BPF_F_INDEX_MASK))
		return -EINVAL;
	event = pe_array_event(map, flags, &err);
	if (!event)
		return err;
	return perf_event_read_local(event, value, enabled, running);
}

BPF_CALL_2(bpf_perf_event_read, struct bpf_map *, map, u64, flags)
{
	u64 value = 0;
	int err = pe_array_read(map, flags, &value, NULL, NULL);

	/* the ABI: an error and a count share the return value */
	return err ? err : value;
}

const struct bpf_func_proto bpf_trace_perf_read_proto = {
	.func		= bpf_perf_event_read,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_CONST_MAP_PTR,
	.arg2_type	= ARG_ANYTHING,
};

BPF_CALL_4(bpf_perf_event_read_value, struct bpf_map *, map, u64, flags,
	   struct bpf_perf_event_value *, buf, u32, size)
{
	int err = -EINVAL;

	if (size == sizeof(*buf))
		err = pe_array_read(map, flags, &buf->counter, &buf->enabled,
				    &buf->running);
	if (err)
		memset(buf, 0, size);
	return err;
}

const struct bpf_func_proto bpf_trace_perf_read_value_proto = {
	.func		= bpf_perf_event_read_value,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_CONST_MAP_PTR,
	.arg2_type	= ARG_ANYTHING,
	.arg3_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg4_type	= ARG_CONST_SIZE,
};

BPF_CALL_3(bpf_perf_prog_read_value, struct bpf_perf_event_data_kern *, ctx,
	   struct bpf_perf_event_value *, buf, u32, size)
{
	int err = -EINVAL;

	if (size == sizeof(*buf))
		err = perf_event_read_local(ctx->event, &buf->counter,
					    &buf->enabled, &buf->running);
	if (err)
		memset(buf, 0, size);
	return err;
}

const struct bpf_func_proto bpf_trace_perf_prog_read_value_proto = {
	.func		= bpf_perf_prog_read_value,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg3_type	= ARG_CONST_SIZE,
};

/* A sample of @raw into the bpf-output perf event of @map's slot. */
static int pe_output(struct pt_regs *regs, struct bpf_map *map, u64 flags,
		     struct perf_raw_record *raw, struct perf_sample_data *sd)
{
	struct perf_event *event;
	int err;

	event = pe_array_event(map, flags, &err);
	if (!event)
		return err;
	if (unlikely(event->attr.type != PERF_TYPE_SOFTWARE ||
		     event->attr.config != PERF_COUNT_SW_BPF_OUTPUT))
		return -EINVAL;
	/* its buffer is this CPU's: another CPU's is not ours to write */
	if (unlikely(event->oncpu != smp_processor_id()))
		return -EOPNOTSUPP;
	perf_sample_save_raw_data(sd, event, raw);
	return perf_event_output(event, sd, regs);
}

/*
 * The sample data is too big for a stack an NMI may interrupt: one per
 * nesting level (task, interrupt, NMI) and CPU. A fourth level is a bug.
 */
#define NEST_MAX	3

struct nest_sds {
	struct perf_sample_data	sd[NEST_MAX];
	struct pt_regs		regs[NEST_MAX];
	int			level;
};

static DEFINE_PER_CPU(struct nest_sds, prog_output_sds);
static DEFINE_PER_CPU(struct nest_sds, kernel_output_sds);
/*
 * Raw tracepoint programs run whatever bpf_prog_active says, so their
 * stack and output helpers get regs of their own: a tracepoint inside
 * the output path must not reuse a level that is in use.
 */
static DEFINE_PER_CPU(struct nest_sds, raw_tp_sds);

/* This CPU's next level of @sds, or -1. Preemption is off. */
static int nest_enter(struct nest_sds __percpu *sds)
{
	int level = this_cpu_inc_return(sds->level);

	if (unlikely(level > NEST_MAX)) {
		this_cpu_dec(sds->level);
		return -1;
	}
	return level - 1;
}

static void nest_exit(struct nest_sds __percpu *sds)
{
	this_cpu_dec(sds->level);
}

static int prog_output(struct pt_regs *regs, struct bpf_map *map, u64 flags,
		       void *data, u64 size)
{
	struct perf_raw_record raw = {
		.frag = { .size = size, .data = data },
	};
	struct perf_sample_data *sd;
	int level, err;

	guard(preempt)();
	level = nest_enter(&prog_output_sds);
	if (WARN_ON_ONCE(level < 0))
		return -EBUSY;
	if (unlikely(flags & ~BPF_F_INDEX_MASK)) {
		err = -EINVAL;
		goto out;
	}
	sd = this_cpu_ptr(&prog_output_sds.sd[level]);
	perf_sample_data_init(sd, 0, 0);
	err = pe_output(regs, map, flags, &raw, sd);
out:
	nest_exit(&prog_output_sds);
	return err;
}

BPF_CALL_5(bpf_perf_event_output, struct pt_regs *, regs,
	   struct bpf_map *, map, u64, flags, void *, data, u64, size)
{
	return prog_output(regs, map, flags, data, size);
}

/* Every output helper: (ctx, map, flags, data, size). */
#define OUTPUT_PROTO(fn) {					\
	.func		= fn,					\
	.gpl_only	= true,					\
	.ret_type	= RET_INTEGER,				\
	.arg1_type	= ARG_PTR_TO_CTX,			\
	.arg2_type	= ARG_CONST_MAP_PTR,			\
	.arg3_type	= ARG_ANYTHING,				\
	.arg4_type	= ARG_PTR_TO_MEM | MEM_RDONLY,		\
	.arg5_type	= ARG_CONST_SIZE_OR_ZERO,		\
}

const struct bpf_func_proto bpf_trace_perf_output_proto =
	OUTPUT_PROTO(bpf_perf_event_output);

/*
 * A tracepoint program's context is perf's record, whose first u64
 * (hidden from the program) holds the pt_regs of the hit.
 */
static struct pt_regs *tp_regs(void *ctx)
{
	return *(struct pt_regs **)ctx;
}

BPF_CALL_5(bpf_perf_event_output_tp, void *, ctx, struct bpf_map *, map,
	   u64, flags, void *, data, u64, size)
{
	return prog_output(tp_regs(ctx), map, flags, data, size);
}

const struct bpf_func_proto bpf_trace_perf_output_tp_proto =
	OUTPUT_PROTO(bpf_perf_event_output_tp);

/* For the rest of the kernel (sockets, XDP): bpf_event_output(). */
u64 bpf_event_output(struct bpf_map *map, u64 flags, void *meta, u64 meta_size,
		     void *ctx, u64 ctx_size, bpf_ctx_copy_t ctx_copy)
{
	struct perf_raw_frag tail = {
		.copy	= ctx_copy,
		.size	= ctx_size,
		.data	= ctx,
	};
	struct perf_raw_record raw = {
		.frag = {
			{ .next = ctx_size ? &tail : NULL },
			.size	= meta_size,
			.data	= meta,
		},
	};
	struct perf_sample_data *sd;
	struct pt_regs *regs;
	int level;
	u64 ret;

	guard(preempt)();
	level = nest_enter(&kernel_output_sds);
	if (WARN_ON_ONCE(level < 0))
		return -EBUSY;
	sd = this_cpu_ptr(&kernel_output_sds.sd[level]);
	regs = this_cpu_ptr(&kernel_output_sds.regs[level]);
	perf_fetch_caller_regs(regs);
	perf_sample_data_init(sd, 0, 0);
	ret = pe_output(regs, map, flags, &raw, sd);
	nest_exit(&kernel_output_sds);
	return ret;
}

/*
 * A raw tracepoint has no pt_regs: the caller's, in a per-CPU slot of
 * the nesting level, stand for them. NULL when the levels are full.
 */
static struct pt_regs *raw_tp_regs_get(void)
{
	int level = nest_enter(&raw_tp_sds);
	struct pt_regs *regs;

	if (level < 0)
		return NULL;
	regs = this_cpu_ptr(&raw_tp_sds.regs[level]);
	perf_fetch_caller_regs(regs);
	return regs;
}

static void raw_tp_regs_put(void)
{
	nest_exit(&raw_tp_sds);
}

BPF_CALL_5(bpf_perf_event_output_raw_tp, void *, args, struct bpf_map *, map,
	   u64, flags, void *, data, u64, size)
{
	struct pt_regs *regs = raw_tp_regs_get();
	int ret;

	if (!regs)
		return -EBUSY;
	ret = prog_output(regs, map, flags, data, size);
	raw_tp_regs_put();
	return ret;
}

const struct bpf_func_proto bpf_trace_perf_output_raw_tp_proto =
	OUTPUT_PROTO(bpf_perf_event_output_raw_tp);

/* ---------------------------------------------------------------- */
/* Stacks: kernel/bpf/stackmap.c's helpers, with a context's regs       */

BPF_CALL_3(bpf_get_stackid_tp, void *, ctx, struct bpf_map *, map, u64, flags)
{
	return bpf_get_stackid_proto.func((unsigned long)tp_regs(ctx),
					  (unsigned long)map, flags, 0, 0);
}

BPF_CALL_4(bpf_get_stack_tp, void *, ctx, void *, buf, u32, size, u64, flags)
{
	return bpf_get_stack_proto.func((unsigned long)tp_regs(ctx),
					(unsigned long)buf, size, flags, 0);
}

BPF_CALL_3(bpf_get_stackid_raw_tp, void *, args, struct bpf_map *, map,
	   u64, flags)
{
	struct pt_regs *regs = raw_tp_regs_get();
	int ret;

	if (!regs)
		return -EBUSY;
	ret = bpf_get_stackid_proto.func((unsigned long)regs,
					 (unsigned long)map, flags, 0, 0);
	raw_tp_regs_put();
	return ret;
}

BPF_CALL_4(bpf_get_stack_raw_tp, void *, args, void *, buf, u32, size,
	   u64, flags)
{
	struct pt_regs *regs = raw_tp_regs_get();
	int ret;

	if (!regs)
		return -EBUSY;
	ret = bpf_get_stack_proto.func((unsigned long)regs,
				       (unsigned long)buf, size, flags, 0);
	raw_tp_regs_put();
	return ret;
}

#define STACKID_PROTO(fn) {					\
	.func		= fn,					\
	.gpl_only	= true,					\
	.ret_type	= RET_INTEGER,				\
	.arg1_type	= ARG_PTR_TO_CTX,			\
	.arg2_type	= ARG_CONST_MAP_PTR,			\
	.arg3_type	= ARG_ANYTHING,				\
}

const struct bpf_func_proto bpf_trace_stackid_tp_proto =
	STACKID_PROTO(bpf_get_stackid_tp);
const struct bpf_func_proto bpf_trace_stackid_raw_tp_proto =
	STACKID_PROTO(bpf_get_stackid_raw_tp);

const struct bpf_func_proto bpf_trace_stack_tp_proto = {
	.func		= bpf_get_stack_tp,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg4_type	= ARG_ANYTHING,
};

/* the raw tracepoint's form takes the buffer as written memory, as 6.12 */
const struct bpf_func_proto bpf_trace_stack_raw_tp_proto = {
	.func		= bpf_get_stack_raw_tp,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg4_type	= ARG_ANYTHING,
};

BPF_CALL_4(bpf_read_branch_records, struct bpf_perf_event_data_kern *, ctx,
	   void *, buf, u32, size, u64, flags)
{
	const u32 entry = sizeof(struct perf_branch_entry);
	struct perf_branch_stack *bs = ctx->data->br_stack;

	if (unlikely(flags & ~BPF_F_GET_BRANCH_RECORDS_SIZE))
		return -EINVAL;
	if (unlikely(!(ctx->data->sample_flags & PERF_SAMPLE_BRANCH_STACK)) ||
	    unlikely(!bs))
		return -ENOENT;
	if (flags & BPF_F_GET_BRANCH_RECORDS_SIZE)
		return bs->nr * entry;
	if (!buf || size % entry)
		return -EINVAL;
	size = min_t(u32, bs->nr * entry, size);
	memcpy(buf, bs->entries, size);
	return size;
}

const struct bpf_func_proto bpf_trace_read_branch_records_proto = {
	.func		= bpf_read_branch_records,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_MEM_OR_NULL,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg4_type	= ARG_ANYTHING,
};

BPF_CALL_3(bpf_get_branch_snapshot, void *, buf, u32, size, u64, flags)
{
	const u32 entry = sizeof(struct perf_branch_entry);
	/* first: the branches taken from here on would fill the LBR */
	u32 n = static_call(perf_snapshot_branch_stack)(buf, size / entry);

	if (unlikely(flags))
		return -EINVAL;
	if (!n)
		return -ENOENT;
	return n * entry;
}

const struct bpf_func_proto bpf_trace_branch_snapshot_proto = {
	.func		= bpf_get_branch_snapshot,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg2_type	= ARG_CONST_SIZE_OR_ZERO,
};

/* ---------------------------------------------------------------- */
/* The current task                                                   */

BPF_CALL_0(bpf_get_current_task)
{
	return (unsigned long)current;
}

const struct bpf_func_proto bpf_get_current_task_proto = {
	.func		= bpf_get_current_task,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
};

BPF_CALL_0(bpf_get_current_task_btf)
{
	return (unsigned long)current;
}

const struct bpf_func_proto bpf_get_current_task_btf_proto = {
	.func		= bpf_get_current_task_btf,
	.gpl_only	= true,
	.ret_type	= RET_PTR_TO_BTF_ID_TRUSTED,
	.ret_btf_id	= &btf_tracing_ids[BTF_TRACING_TYPE_TASK],
};

BTF_ID_LIST_SINGLE(pt_regs_btf_ids, struct, pt_regs)

BPF_CALL_1(bpf_task_pt_regs, struct task_struct *, task)
{
	return (unsigned long)task_pt_regs(task);
}

const struct bpf_func_proto bpf_task_pt_regs_proto = {
	.func		= bpf_task_pt_regs,
	.gpl_only	= true,
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &btf_tracing_ids[BTF_TRACING_TYPE_TASK],
	.ret_type	= RET_PTR_TO_BTF_ID,
	.ret_btf_id	= &pt_regs_btf_ids[0],
};

/*
 * A signal to the current task. Where signalling would take locks the
 * interrupted context may hold (preemption or interrupts off, NMI), it
 * is sent from an irq_work, one per CPU: a second while one waits is
 * -EBUSY.
 */
struct signal_work {
	struct irq_work		work;
	struct task_struct	*task;
	u32			sig;
	enum pid_type		type;
};

static DEFINE_PER_CPU(struct signal_work, signal_works);

static void signal_work_fn(struct irq_work *w)
{
	struct signal_work *sw = container_of(w, struct signal_work, work);

	group_send_sig_info(sw->sig, SEND_SIG_PRIV, sw->task, sw->type);
	put_task_struct(sw->task);
}

static int send_signal(u32 sig, enum pid_type type)
{
	struct signal_work *sw;

	/*
	 * A task of user space, with its own mm in place (not mid-switch),
	 * and never init: init dying of a signal panics the kernel.
	 */
	if (unlikely((current->flags & (PF_KTHREAD | PF_EXITING)) ||
		     !nmi_uaccess_okay() || is_global_init(current)))
		return -EPERM;
	if (!preempt_count() && !irqs_disabled())
		return group_send_sig_info(sig, SEND_SIG_PRIV, current, type);

	/* the work cannot report a bad signal: check it now */
	if (unlikely(!valid_signal(sig)))
		return -EINVAL;
	sw = this_cpu_ptr(&signal_works);
	if (irq_work_is_busy(&sw->work))
		return -EBUSY;
	/* current may be another task by the time the work runs */
	sw->task = get_task_struct(current);
	sw->sig = sig;
	sw->type = type;
	irq_work_queue(&sw->work);
	return 0;
}

BPF_CALL_1(bpf_send_signal, u32, sig)
{
	return send_signal(sig, PIDTYPE_TGID);
}

BPF_CALL_1(bpf_send_signal_thread, u32, sig)
{
	return send_signal(sig, PIDTYPE_PID);
}

const struct bpf_func_proto bpf_trace_send_signal_proto = {
	.func		= bpf_send_signal,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_ANYTHING,
};

const struct bpf_func_proto bpf_trace_send_signal_thread_proto = {
	.func		= bpf_send_signal_thread,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_ANYTHING,
};

static int __init signal_works_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		init_irq_work(&per_cpu_ptr(&signal_works, cpu)->work,
			      signal_work_fn);
	return 0;
}
subsys_initcall(signal_works_init);

/* ---------------------------------------------------------------- */
/* d_path, from the hooks where a struct path is known to be whole    */

BTF_ID_LIST_SINGLE(path_btf_ids, struct, path)

BPF_CALL_3(bpf_d_path, struct path *, path, char *, buf, u32, sz)
{
	struct path copy;
	long ret;
	char *p;

	if (!sz)
		return 0;
	/* the verifier trusts @path; a copy that cannot fault costs little */
	ret = copy_from_kernel_nofault(&copy, path, sizeof(copy));
	if (ret < 0)
		return ret;
	p = d_path(&copy, buf, sz);
	if (IS_ERR(p))
		return PTR_ERR(p);
	/* d_path() writes at the end of @buf: move it to the front */
	ret = buf + sz - p;
	memmove(buf, p, ret);
	return ret;
}

/* The functions whose struct path argument cannot be half made. */
BTF_SET_START(d_path_hooks)
#ifdef CONFIG_SECURITY
BTF_ID(func, security_file_permission)
BTF_ID(func, security_inode_getattr)
BTF_ID(func, security_file_open)
#endif
#ifdef CONFIG_SECURITY_PATH
BTF_ID(func, security_path_truncate)
#endif
BTF_ID(func, vfs_truncate)
BTF_ID(func, vfs_fallocate)
BTF_ID(func, dentry_open)
BTF_ID(func, vfs_getattr)
BTF_ID(func, filp_close)
BTF_SET_END(d_path_hooks)

static bool d_path_allowed(const struct bpf_prog *prog)
{
	if (prog->type == BPF_PROG_TYPE_TRACING &&
	    prog->expected_attach_type == BPF_TRACE_ITER)
		return true;
	if (prog->type == BPF_PROG_TYPE_LSM)
		return bpf_lsm_is_sleepable_hook(prog->aux->attach_btf_id);
	return btf_id_set_contains(&d_path_hooks, prog->aux->attach_btf_id);
}

const struct bpf_func_proto bpf_trace_d_path_proto = {
	.func		= bpf_d_path,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &path_btf_ids[0],
	.arg2_type	= ARG_PTR_TO_MEM,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.allowed	= d_path_allowed,
};

/* ---------------------------------------------------------------- */
/* What a hit knows of itself                                         */

#ifdef CONFIG_BPF_KPROBE_OVERRIDE
/*
 * Return @rc from the probed function without running it: the kprobe
 * handler sees the changed ip and skips the single-step.
 */
BPF_CALL_2(bpf_override_return, struct pt_regs *, regs, unsigned long, rc)
{
	regs_set_return_value(regs, rc);
	override_function_with_return(regs);
	return 0;
}

const struct bpf_func_proto bpf_trace_override_return_proto = {
	.func		= bpf_override_return,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_ANYTHING,
};
#endif

/*
 * The trampoline's frame, below the context it passes: ctx[-1] is the
 * number of arguments, ctx[-2] the function's address; the return
 * value follows the arguments. The verifier inlines these; the bodies
 * serve the interpreter.
 */
BPF_CALL_1(bpf_get_func_ip_tracing, void *, ctx)
{
	return ((u64 *)ctx)[-2];
}

BPF_CALL_3(get_func_arg, void *, ctx, u32, n, u64 *, value)
{
	if ((u64)n >= ((u64 *)ctx)[-1])
		return -EINVAL;
	*value = ((u64 *)ctx)[n];
	return 0;
}

BPF_CALL_2(get_func_ret, void *, ctx, u64 *, value)
{
	*value = ((u64 *)ctx)[((u64 *)ctx)[-1]];
	return 0;
}

BPF_CALL_1(get_func_arg_cnt, void *, ctx)
{
	return ((u64 *)ctx)[-1];
}

/* Every "what am I" helper: the context, nothing else. */
#define CTX_PROTO(fn, gpl) {					\
	.func		= fn,					\
	.gpl_only	= gpl,					\
	.ret_type	= RET_INTEGER,				\
	.arg1_type	= ARG_PTR_TO_CTX,			\
}

const struct bpf_func_proto bpf_trace_func_ip_tramp_proto =
	CTX_PROTO(bpf_get_func_ip_tracing, true);
const struct bpf_func_proto bpf_trace_func_arg_cnt_proto =
	CTX_PROTO(get_func_arg_cnt, false);

const struct bpf_func_proto bpf_trace_func_arg_proto = {
	.func		= get_func_arg,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_ANYTHING,
	.arg3_type	= ARG_PTR_TO_FIXED_SIZE_MEM | MEM_UNINIT | MEM_WRITE |
			  MEM_ALIGNED,
	.arg3_size	= sizeof(u64),
};

const struct bpf_func_proto bpf_trace_func_ret_proto = {
	.func		= get_func_ret,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_FIXED_SIZE_MEM | MEM_UNINIT | MEM_WRITE |
			  MEM_ALIGNED,
	.arg2_size	= sizeof(u64),
};

/*
 * The function's own address from its fentry call site's: with IBT the
 * function starts with an ENDBR the call site follows.
 */
unsigned long bpf_func_of_fentry(unsigned long ip)
{
#ifdef CONFIG_X86_KERNEL_IBT
	u32 insn;

	/* the ENDBR may be on the previous page: read it as if it could fault */
	if ((ip & ~PAGE_MASK) < ENDBR_INSN_SIZE) {
		if (get_kernel_nofault(insn, (u32 *)(ip - ENDBR_INSN_SIZE)))
			return ip;
	} else {
		insn = *(u32 *)(ip - ENDBR_INSN_SIZE);
	}
	if (is_endbr(insn))
		ip -= ENDBR_INSN_SIZE;
#endif
	return ip;
}

static struct bpf_trace_run_ctx *trace_run_ctx(void)
{
	return container_of(current->bpf_ctx, struct bpf_trace_run_ctx,
			    run_ctx);
}

BPF_CALL_1(bpf_get_func_ip_kprobe, struct pt_regs *, regs)
{
	struct kprobe *kp;

#ifdef CONFIG_UPROBES
	if (trace_run_ctx()->is_uprobe) {
		struct bpf_uprobe_hit *hit;

		hit = (struct bpf_uprobe_hit *)current->utask->vaddr;
		return hit->bp_addr;
	}
#endif
	kp = kprobe_running();
	/* only a probe at a function's entry knows the function */
	if (!kp || !(kp->flags & KPROBE_FLAG_ON_FUNC_ENTRY))
		return 0;
	return bpf_func_of_fentry((unsigned long)kp->addr);
}

const struct bpf_func_proto bpf_trace_func_ip_kprobe_proto =
	CTX_PROTO(bpf_get_func_ip_kprobe, true);

BPF_CALL_1(bpf_get_func_ip_kprobe_multi, struct pt_regs *, regs)
{
	return bpf_kmulti_entry_ip(current->bpf_ctx);
}

BPF_CALL_1(bpf_get_attach_cookie_kprobe_multi, struct pt_regs *, regs)
{
	return bpf_kmulti_cookie(current->bpf_ctx);
}

BPF_CALL_1(bpf_get_func_ip_uprobe_multi, struct pt_regs *, regs)
{
	return bpf_umulti_entry_ip(current->bpf_ctx);
}

BPF_CALL_1(bpf_get_attach_cookie_uprobe_multi, struct pt_regs *, regs)
{
	return bpf_umulti_cookie(current->bpf_ctx);
}

const struct bpf_func_proto bpf_trace_func_ip_kmulti_proto =
	CTX_PROTO(bpf_get_func_ip_kprobe_multi, false);
const struct bpf_func_proto bpf_trace_cookie_kmulti_proto =
	CTX_PROTO(bpf_get_attach_cookie_kprobe_multi, false);
const struct bpf_func_proto bpf_trace_func_ip_umulti_proto =
	CTX_PROTO(bpf_get_func_ip_uprobe_multi, false);
const struct bpf_func_proto bpf_trace_cookie_umulti_proto =
	CTX_PROTO(bpf_get_attach_cookie_uprobe_multi, false);

/* perf events' and raw tracepoints' programs: the run context has it */
BPF_CALL_1(bpf_get_attach_cookie_trace, void *, ctx)
{
	return trace_run_ctx()->bpf_cookie;
}

const struct bpf_func_proto bpf_trace_cookie_run_ctx_proto =
	CTX_PROTO(bpf_get_attach_cookie_trace, false);

/*
 * The trampoline's programs. A tp_btf program runs from a raw
 * tracepoint with a bpf_trace_run_ctx instead: the cookie is at the
 * same place in both.
 */
static_assert(offsetof(struct bpf_tramp_run_ctx, bpf_cookie) ==
	      offsetof(struct bpf_trace_run_ctx, bpf_cookie));

BPF_CALL_1(bpf_get_attach_cookie_tracing, void *, ctx)
{
	struct bpf_tramp_run_ctx *rc;

	rc = container_of(current->bpf_ctx, struct bpf_tramp_run_ctx, run_ctx);
	return rc->bpf_cookie;
}

const struct bpf_func_proto bpf_trace_cookie_tramp_proto =
	CTX_PROTO(bpf_get_attach_cookie_tracing, false);

BPF_CALL_1(bpf_get_attach_cookie_pe, struct bpf_perf_event_data_kern *, ctx)
{
	return ctx->event->bpf_cookie;
}

const struct bpf_func_proto bpf_trace_cookie_pe_proto =
	CTX_PROTO(bpf_get_attach_cookie_pe, false);
