/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BPF attach, tracing's half: what its files share among themselves.
 *
 *   bpf_trace_helpers.c  the helpers tracing programs may call
 *   bpf_trace_progs.c    the program types: which helpers each may call,
 *                        what of its context it may read
 *   bpf_trace_attach.c   running programs: trace_call_bpf() for perf's
 *                        events, raw tracepoints, and the perf attach
 *   bpf_kprobe_multi.c   kprobe_multi and kprobe.session links (fprobe)
 *   bpf_uprobe_multi.c   uprobe_multi links
 *
 * The BPF core (kernel/bpf/) is the base tree's; the contract it calls
 * through is include/linux/trace_events.h and include/linux/bpf.h.
 *
 * Included by: bpf_trace_helpers.c bpf_trace_progs.c bpf_trace_attach.c
 * bpf_kprobe_multi.c bpf_uprobe_multi.c trace_kprobe.c (the override's
 * checks) trace_uprobe.c (bpf_get_func_ip()'s hit)
 */
#ifndef _KERNEL_TRACE_BPF_TRACE_INTERNAL_H
#define _KERNEL_TRACE_BPF_TRACE_INTERNAL_H

#include <linux/bpf.h>
#include <linux/trace_events.h>

/* ============ not ours: the network's and the linker's ============ */

/* net/core/filter.c's, for tracing programs; declared nowhere public */
extern const struct bpf_func_proto bpf_skb_output_proto;
extern const struct bpf_func_proto bpf_xdp_output_proto;
extern const struct bpf_func_proto bpf_xdp_get_buff_len_trace_proto;

/* the kernel's raw tracepoints (include/trace/bpf_probe.h), linker-made */
extern struct bpf_raw_event_map __start__bpf_raw_tp[];
extern struct bpf_raw_event_map __stop__bpf_raw_tp[];

/* ============ bpf_trace_helpers.c ============ */

/*
 * Those the BPF core's base set also hands out (kernel/bpf/helpers.c
 * declares them weak for kernels without this file).
 */
extern const struct bpf_func_proto bpf_get_current_task_proto;
extern const struct bpf_func_proto bpf_get_current_task_btf_proto;
extern const struct bpf_func_proto bpf_task_pt_regs_proto;
extern const struct bpf_func_proto bpf_probe_read_user_proto;
extern const struct bpf_func_proto bpf_probe_read_user_str_proto;
extern const struct bpf_func_proto bpf_probe_read_kernel_proto;
extern const struct bpf_func_proto bpf_probe_read_kernel_str_proto;

/* perf_event_output from a context whose first u64 is the pt_regs */
extern const struct bpf_func_proto bpf_trace_perf_output_proto;
extern const struct bpf_func_proto bpf_trace_perf_output_tp_proto;
extern const struct bpf_func_proto bpf_trace_perf_output_raw_tp_proto;
extern const struct bpf_func_proto bpf_trace_stackid_tp_proto;
extern const struct bpf_func_proto bpf_trace_stack_tp_proto;
extern const struct bpf_func_proto bpf_trace_stackid_raw_tp_proto;
extern const struct bpf_func_proto bpf_trace_stack_raw_tp_proto;
extern const struct bpf_func_proto bpf_trace_perf_read_proto;
extern const struct bpf_func_proto bpf_trace_perf_read_value_proto;
extern const struct bpf_func_proto bpf_trace_perf_prog_read_value_proto;
extern const struct bpf_func_proto bpf_trace_read_branch_records_proto;
extern const struct bpf_func_proto bpf_trace_branch_snapshot_proto;
extern const struct bpf_func_proto bpf_trace_send_signal_proto;
extern const struct bpf_func_proto bpf_trace_send_signal_thread_proto;
extern const struct bpf_func_proto bpf_trace_d_path_proto;
extern const struct bpf_func_proto bpf_trace_seq_printf_proto;
extern const struct bpf_func_proto bpf_trace_seq_write_proto;
extern const struct bpf_func_proto bpf_trace_seq_printf_btf_proto;
extern const struct bpf_func_proto bpf_trace_override_return_proto;
extern const struct bpf_func_proto bpf_trace_probe_read_compat_proto;
extern const struct bpf_func_proto bpf_trace_probe_read_compat_str_proto;

/* bpf_get_func_ip, one per way the entry is known */
extern const struct bpf_func_proto bpf_trace_func_ip_tramp_proto;
extern const struct bpf_func_proto bpf_trace_func_ip_kprobe_proto;
extern const struct bpf_func_proto bpf_trace_func_ip_kmulti_proto;
extern const struct bpf_func_proto bpf_trace_func_ip_umulti_proto;
/* bpf_get_attach_cookie, one per place the cookie is kept */
extern const struct bpf_func_proto bpf_trace_cookie_run_ctx_proto;
extern const struct bpf_func_proto bpf_trace_cookie_pe_proto;
extern const struct bpf_func_proto bpf_trace_cookie_tramp_proto;
extern const struct bpf_func_proto bpf_trace_cookie_kmulti_proto;
extern const struct bpf_func_proto bpf_trace_cookie_umulti_proto;
/* the trampoline's frame: arguments, return value, their count */
extern const struct bpf_func_proto bpf_trace_func_arg_proto;
extern const struct bpf_func_proto bpf_trace_func_ret_proto;
extern const struct bpf_func_proto bpf_trace_func_arg_cnt_proto;

/* A function's address from the address of its fentry call site. */
unsigned long bpf_func_of_fentry(unsigned long ip);

/* bpf_probe_write_user for @prog's loader, or NULL (not CAP_SYS_ADMIN) */
const struct bpf_func_proto *bpf_trace_probe_write_proto(void);

/* ============ bpf_kprobe_multi.c, bpf_uprobe_multi.c ============ */

/*
 * The entry address and the cookie of the multi-link hit that runs
 * now: @ctx is current->bpf_ctx, set by the link's handler.
 */
u64 bpf_kmulti_entry_ip(struct bpf_run_ctx *ctx);
u64 bpf_kmulti_cookie(struct bpf_run_ctx *ctx);
u64 bpf_umulti_entry_ip(struct bpf_run_ctx *ctx);
u64 bpf_umulti_cookie(struct bpf_run_ctx *ctx);

/* ============ trace_kprobe.c: what an override needs ============ */

#ifdef CONFIG_KPROBE_EVENTS
/* @call's kprobe is at its function's entry */
bool trace_kprobe_on_func_entry(struct trace_event_call *call);
/* and the function is on the error-injection list */
bool trace_kprobe_error_injectable(struct trace_event_call *call);
#else
static inline bool trace_kprobe_on_func_entry(struct trace_event_call *call)
{
	return false;
}

static inline bool trace_kprobe_error_injectable(struct trace_event_call *call)
{
	return false;
}
#endif

/* ============ trace_uprobe.c ============ */

/*
 * A uprobe hit running BPF programs points current->utask->vaddr at
 * this for bpf_get_func_ip(): where the probe hit.
 */
struct bpf_uprobe_hit {
	unsigned long	bp_addr;
};

/*
 * The read side of RCU around a program run where preemption is off
 * already: a tracepoint's probe, a kprobe or fprobe handler. Since RCU's
 * flavours were consolidated, a region with preemption off is a reader
 * that synchronize_rcu() and call_rcu() wait for, so the programs and
 * arrays freed after a grace period cannot go from under it, and
 * rcu_read_lock() adds only its cost (two calls under PREEMPT_RCU, some
 * forty instructions a hit). lockdep's rcu_read_lock_held(), which BPF
 * helpers assert, does not count such a region: kernels that check it
 * take the lock as well.
 */
static __always_inline void bpf_run_rcu_enter(void)
{
	lockdep_assert_preemption_disabled();
	if (IS_ENABLED(CONFIG_DEBUG_LOCK_ALLOC))
		rcu_read_lock();
}

static __always_inline void bpf_run_rcu_exit(void)
{
	if (IS_ENABLED(CONFIG_DEBUG_LOCK_ALLOC))
		rcu_read_unlock();
}

#endif /* _KERNEL_TRACE_BPF_TRACE_INTERNAL_H */
