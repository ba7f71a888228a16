// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing's BPF program types, as the verifier sees them: which helpers
 * each may call and which bytes of its context it may read.
 *
 *   KPROBE            a kprobe, kretprobe or uprobe perf event, or a
 *                     kprobe_multi/uprobe_multi link: the pt_regs
 *   TRACEPOINT        a tracepoint perf event: perf's record (its first
 *                     u64, the regs pointer, hidden)
 *   PERF_EVENT        a perf event's overflow: bpf_perf_event_data
 *   RAW_TRACEPOINT    a tracepoint's arguments as u64s (+ WRITABLE: the
 *                     first may point at a buffer it writes)
 *   TRACING           the trampoline (fentry, fexit, fmod_ret), tp_btf
 *                     and iterators: arguments typed by BTF
 *
 * The helper sets are 6.12's, id for id: a program that loads on the
 * reference loads here, and one refused there is refused here.
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <linux/bpf_verifier.h>
#include <linux/btf.h>
#include <linux/filter.h>
#include <linux/perf_event.h>
#include <linux/security.h>
#include <net/bpf_sk_storage.h>

#include "bpf_trace_internal.h"

/* ---------------------------------------------------------------- */
/* The helpers every tracing type has                                 */

/*
 * Those that depend on nothing but their id. An id that is not here
 * goes to trace_common_cond(), then to the BPF core's base set.
 */
static const struct bpf_func_proto *const trace_common[__BPF_FUNC_MAX_ID] = {
	[BPF_FUNC_map_lookup_elem]	= &bpf_map_lookup_elem_proto,
	[BPF_FUNC_map_update_elem]	= &bpf_map_update_elem_proto,
	[BPF_FUNC_map_delete_elem]	= &bpf_map_delete_elem_proto,
	[BPF_FUNC_map_push_elem]	= &bpf_map_push_elem_proto,
	[BPF_FUNC_map_pop_elem]		= &bpf_map_pop_elem_proto,
	[BPF_FUNC_map_peek_elem]	= &bpf_map_peek_elem_proto,
	[BPF_FUNC_map_lookup_percpu_elem] = &bpf_map_lookup_percpu_elem_proto,
	[BPF_FUNC_ktime_get_ns]		= &bpf_ktime_get_ns_proto,
	[BPF_FUNC_ktime_get_boot_ns]	= &bpf_ktime_get_boot_ns_proto,
	[BPF_FUNC_tail_call]		= &bpf_tail_call_proto,
	[BPF_FUNC_get_current_task]	= &bpf_get_current_task_proto,
	[BPF_FUNC_get_current_task_btf]	= &bpf_get_current_task_btf_proto,
	[BPF_FUNC_task_pt_regs]		= &bpf_task_pt_regs_proto,
	[BPF_FUNC_get_current_uid_gid]	= &bpf_get_current_uid_gid_proto,
	[BPF_FUNC_get_current_comm]	= &bpf_get_current_comm_proto,
	[BPF_FUNC_get_smp_processor_id]	= &bpf_get_smp_processor_id_proto,
	[BPF_FUNC_get_numa_node_id]	= &bpf_get_numa_node_id_proto,
	[BPF_FUNC_perf_event_read]	= &bpf_trace_perf_read_proto,
	[BPF_FUNC_get_prandom_u32]	= &bpf_get_prandom_u32_proto,
	[BPF_FUNC_probe_read_user]	= &bpf_probe_read_user_proto,
	[BPF_FUNC_probe_read_user_str]	= &bpf_probe_read_user_str_proto,
#ifdef CONFIG_CGROUPS
	[BPF_FUNC_cgrp_storage_get]	= &bpf_cgrp_storage_get_proto,
	[BPF_FUNC_cgrp_storage_delete]	= &bpf_cgrp_storage_delete_proto,
	[BPF_FUNC_current_task_under_cgroup] =
					  &bpf_current_task_under_cgroup_proto,
#endif
	[BPF_FUNC_send_signal]		= &bpf_trace_send_signal_proto,
	[BPF_FUNC_send_signal_thread]	= &bpf_trace_send_signal_thread_proto,
	[BPF_FUNC_perf_event_read_value] = &bpf_trace_perf_read_value_proto,
	[BPF_FUNC_ringbuf_output]	= &bpf_ringbuf_output_proto,
	[BPF_FUNC_ringbuf_reserve]	= &bpf_ringbuf_reserve_proto,
	[BPF_FUNC_ringbuf_submit]	= &bpf_ringbuf_submit_proto,
	[BPF_FUNC_ringbuf_discard]	= &bpf_ringbuf_discard_proto,
	[BPF_FUNC_ringbuf_query]	= &bpf_ringbuf_query_proto,
	[BPF_FUNC_jiffies64]		= &bpf_jiffies64_proto,
	[BPF_FUNC_copy_from_user]	= &bpf_copy_from_user_proto,
	[BPF_FUNC_copy_from_user_task]	= &bpf_copy_from_user_task_proto,
	[BPF_FUNC_snprintf_btf]		= &bpf_snprintf_btf_proto,
	[BPF_FUNC_per_cpu_ptr]		= &bpf_per_cpu_ptr_proto,
	[BPF_FUNC_this_cpu_ptr]		= &bpf_this_cpu_ptr_proto,
	[BPF_FUNC_for_each_map_elem]	= &bpf_for_each_map_elem_proto,
	[BPF_FUNC_snprintf]		= &bpf_snprintf_proto,
	[BPF_FUNC_get_func_ip]		= &bpf_trace_func_ip_tramp_proto,
	[BPF_FUNC_get_branch_snapshot]	= &bpf_trace_branch_snapshot_proto,
	[BPF_FUNC_find_vma]		= &bpf_find_vma_proto,
};

/* Kernel memory reads, unless lockdown forbids them. */
static const struct bpf_func_proto *
unless_locked_down(const struct bpf_func_proto *proto)
{
	return security_locked_down(LOCKDOWN_BPF_READ_KERNEL) < 0 ? NULL : proto;
}

/* Those whose answer depends on the program or the system's state. */
static const struct bpf_func_proto *
trace_common_cond(enum bpf_func_id id, const struct bpf_prog *prog)
{
	switch (id) {
	case BPF_FUNC_trace_printk:
		return bpf_get_trace_printk_proto();
	case BPF_FUNC_trace_vprintk:
		return bpf_get_trace_vprintk_proto();
	case BPF_FUNC_probe_write_user:
		if (security_locked_down(LOCKDOWN_BPF_WRITE_USER) < 0)
			return NULL;
		return bpf_trace_probe_write_proto();
	case BPF_FUNC_probe_read_kernel:
		return unless_locked_down(&bpf_probe_read_kernel_proto);
	case BPF_FUNC_probe_read_kernel_str:
		return unless_locked_down(&bpf_probe_read_kernel_str_proto);
#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	case BPF_FUNC_probe_read:
		return unless_locked_down(&bpf_trace_probe_read_compat_proto);
	case BPF_FUNC_probe_read_str:
		return unless_locked_down(&bpf_trace_probe_read_compat_str_proto);
#endif
	case BPF_FUNC_get_task_stack:
		return prog->sleepable ? &bpf_get_task_stack_sleepable_proto :
					 &bpf_get_task_stack_proto;
	/* a program that may recurse into itself must not deadlock there */
	case BPF_FUNC_task_storage_get:
		return bpf_prog_check_recur(prog) ?
		       &bpf_task_storage_get_recur_proto :
		       &bpf_task_storage_get_proto;
	case BPF_FUNC_task_storage_delete:
		return bpf_prog_check_recur(prog) ?
		       &bpf_task_storage_delete_recur_proto :
		       &bpf_task_storage_delete_proto;
	default:
		return bpf_base_func_proto(id, prog);
	}
}

static const struct bpf_func_proto *
trace_common_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	if ((unsigned int)id < ARRAY_SIZE(trace_common) && trace_common[id])
		return trace_common[id];
	return trace_common_cond(id, prog);
}

/* ---------------------------------------------------------------- */
/* KPROBE                                                             */

static bool is_kmulti(const struct bpf_prog *prog)
{
	return prog->expected_attach_type == BPF_TRACE_KPROBE_MULTI ||
	       prog->expected_attach_type == BPF_TRACE_KPROBE_SESSION;
}

static bool is_umulti(const struct bpf_prog *prog)
{
	return prog->expected_attach_type == BPF_TRACE_UPROBE_MULTI;
}

static const struct bpf_func_proto *
kprobe_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
		return &bpf_trace_perf_output_proto;
	case BPF_FUNC_get_stackid:
		return &bpf_get_stackid_proto;
	case BPF_FUNC_get_stack:
		return prog->sleepable ? &bpf_get_stack_sleepable_proto :
					 &bpf_get_stack_proto;
#ifdef CONFIG_BPF_KPROBE_OVERRIDE
	case BPF_FUNC_override_return:
		return &bpf_trace_override_return_proto;
#endif
	case BPF_FUNC_get_func_ip:
		if (is_kmulti(prog))
			return &bpf_trace_func_ip_kmulti_proto;
		if (is_umulti(prog))
			return &bpf_trace_func_ip_umulti_proto;
		return &bpf_trace_func_ip_kprobe_proto;
	case BPF_FUNC_get_attach_cookie:
		if (is_kmulti(prog))
			return &bpf_trace_cookie_kmulti_proto;
		if (is_umulti(prog))
			return &bpf_trace_cookie_umulti_proto;
		return &bpf_trace_cookie_run_ctx_proto;
	default:
		return trace_common_proto(id, prog);
	}
}

/* The pt_regs, read only, each field at its own alignment. */
static bool kprobe_ctx_ok(int off, int size, enum bpf_access_type type,
			  const struct bpf_prog *prog,
			  struct bpf_insn_access_aux *info)
{
	return type == BPF_READ && off >= 0 && off % size == 0 &&
	       off + size <= sizeof(struct pt_regs);
}

const struct bpf_verifier_ops kprobe_verifier_ops = {
	.get_func_proto		= kprobe_proto,
	.is_valid_access	= kprobe_ctx_ok,
};

const struct bpf_prog_ops kprobe_prog_ops = {
};

/* ---------------------------------------------------------------- */
/* TRACEPOINT                                                         */

static const struct bpf_func_proto *
tp_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
		return &bpf_trace_perf_output_tp_proto;
	case BPF_FUNC_get_stackid:
		return &bpf_trace_stackid_tp_proto;
	case BPF_FUNC_get_stack:
		return &bpf_trace_stack_tp_proto;
	case BPF_FUNC_get_attach_cookie:
		return &bpf_trace_cookie_run_ctx_proto;
	default:
		return trace_common_proto(id, prog);
	}
}

/*
 * perf's record, read only, past its first u64 (where the regs pointer
 * was put over the common fields: not the program's to see). How far
 * into the record a program reads is checked against the event at
 * attach (perf_event_set_bpf_prog()), not here.
 */
static bool tp_ctx_ok(int off, int size, enum bpf_access_type type,
		      const struct bpf_prog *prog,
		      struct bpf_insn_access_aux *info)
{
	BUILD_BUG_ON(PERF_MAX_TRACE_SIZE % sizeof(u64));
	return type == BPF_READ && off >= (int)sizeof(void *) &&
	       off < PERF_MAX_TRACE_SIZE && off % size == 0;
}

const struct bpf_verifier_ops tracepoint_verifier_ops = {
	.get_func_proto		= tp_proto,
	.is_valid_access	= tp_ctx_ok,
};

const struct bpf_prog_ops tracepoint_prog_ops = {
};

/* ---------------------------------------------------------------- */
/* PERF_EVENT                                                         */

static const struct bpf_func_proto *
pe_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
		/* bpf_perf_event_data starts with the regs pointer too */
		return &bpf_trace_perf_output_tp_proto;
	case BPF_FUNC_get_stackid:
		return &bpf_get_stackid_proto_pe;
	case BPF_FUNC_get_stack:
		return &bpf_get_stack_proto_pe;
	case BPF_FUNC_perf_prog_read_value:
		return &bpf_trace_perf_prog_read_value_proto;
	case BPF_FUNC_read_branch_records:
		return &bpf_trace_read_branch_records_proto;
	case BPF_FUNC_get_attach_cookie:
		return &bpf_trace_cookie_pe_proto;
	default:
		return trace_common_proto(id, prog);
	}
}

/*
 * bpf_perf_event_data: the regs (longs), then sample_period and addr
 * (u64s, which may be read in narrower pieces). Read only.
 */
static bool pe_ctx_ok(int off, int size, enum bpf_access_type type,
		      const struct bpf_prog *prog,
		      struct bpf_insn_access_aux *info)
{
	if (type != BPF_READ || off < 0 ||
	    off >= sizeof(struct bpf_perf_event_data))
		return false;
	/* a u64 at a 4-aligned offset: only where a long is 4 bytes */
	if (off % size &&
	    (sizeof(long) != 4 || size != 8 || off % size != 4))
		return false;

	switch (off) {
	case bpf_ctx_range(struct bpf_perf_event_data, sample_period):
	case bpf_ctx_range(struct bpf_perf_event_data, addr):
		bpf_ctx_record_field_size(info, sizeof(u64));
		return bpf_ctx_narrow_access_ok(off, size, sizeof(u64));
	default:
		return size == sizeof(long);
	}
}

/* A load of a u64 field of perf_sample_data, through ctx->data. */
static struct bpf_insn *pe_load_sample(struct bpf_insn *insn,
				       const struct bpf_insn *si, int off)
{
	*insn++ = BPF_LDX_MEM(BPF_FIELD_SIZEOF(struct bpf_perf_event_data_kern,
					       data),
			      si->dst_reg, si->src_reg,
			      offsetof(struct bpf_perf_event_data_kern, data));
	*insn++ = BPF_LDX_MEM(BPF_DW, si->dst_reg, si->dst_reg, off);
	return insn;
}

/* The program reads bpf_perf_event_data; the kernel passes _kern. */
static u32 pe_convert_ctx(enum bpf_access_type type,
			  const struct bpf_insn *si, struct bpf_insn *buf,
			  struct bpf_prog *prog, u32 *target_size)
{
	struct bpf_insn *insn = buf;

	switch (si->off) {
	case offsetof(struct bpf_perf_event_data, sample_period):
		insn = pe_load_sample(insn, si,
				      bpf_target_off(struct perf_sample_data,
						     period, 8, target_size));
		break;
	case offsetof(struct bpf_perf_event_data, addr):
		insn = pe_load_sample(insn, si,
				      bpf_target_off(struct perf_sample_data,
						     addr, 8, target_size));
		break;
	default:
		/* a field of the regs, through ctx->regs */
		*insn++ = BPF_LDX_MEM(BPF_FIELD_SIZEOF(struct bpf_perf_event_data_kern,
						       regs),
				      si->dst_reg, si->src_reg,
				      offsetof(struct bpf_perf_event_data_kern,
					       regs));
		*insn++ = BPF_LDX_MEM(BPF_SIZEOF(long), si->dst_reg,
				      si->dst_reg, si->off);
		break;
	}
	return insn - buf;
}

const struct bpf_verifier_ops perf_event_verifier_ops = {
	.get_func_proto		= pe_proto,
	.is_valid_access	= pe_ctx_ok,
	.convert_ctx_access	= pe_convert_ctx,
};

const struct bpf_prog_ops perf_event_prog_ops = {
};

/* ---------------------------------------------------------------- */
/* RAW_TRACEPOINT (+ WRITABLE)                                        */

static const struct bpf_func_proto *
raw_tp_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
		return &bpf_trace_perf_output_raw_tp_proto;
	case BPF_FUNC_get_stackid:
		return &bpf_trace_stackid_raw_tp_proto;
	case BPF_FUNC_get_stack:
		return &bpf_trace_stack_raw_tp_proto;
	case BPF_FUNC_get_attach_cookie:
		return &bpf_trace_cookie_tramp_proto;
	default:
		return trace_common_proto(id, prog);
	}
}

static bool raw_tp_ctx_ok(int off, int size, enum bpf_access_type type,
			  const struct bpf_prog *prog,
			  struct bpf_insn_access_aux *info)
{
	return bpf_tracing_ctx_access(off, size, type);
}

/* The first argument of a writable tracepoint is its buffer. */
static bool raw_tp_w_ctx_ok(int off, int size, enum bpf_access_type type,
			    const struct bpf_prog *prog,
			    struct bpf_insn_access_aux *info)
{
	bool buffer = off == 0;

	/* the buffer pointer is read whole, and only read */
	if (buffer && (size != sizeof(u64) || type != BPF_READ))
		return false;
	if (!raw_tp_ctx_ok(off, size, type, prog, info))
		return false;
	if (buffer)
		info->reg_type = PTR_TO_TP_BUFFER;
	return true;
}

const struct bpf_verifier_ops raw_tracepoint_verifier_ops = {
	.get_func_proto		= raw_tp_proto,
	.is_valid_access	= raw_tp_ctx_ok,
};

const struct bpf_prog_ops raw_tracepoint_prog_ops = {
#ifdef CONFIG_NET
	.test_run		= bpf_prog_test_run_raw_tp,
#endif
};

const struct bpf_verifier_ops raw_tracepoint_writable_verifier_ops = {
	.get_func_proto		= raw_tp_proto,
	.is_valid_access	= raw_tp_w_ctx_ok,
};

const struct bpf_prog_ops raw_tracepoint_writable_prog_ops = {
};

/* ---------------------------------------------------------------- */
/* TRACING (and LSM, which takes this set for its own)                */

#ifdef CONFIG_NET
/* Sockets and packets, as tracing programs see them. */
static const struct bpf_func_proto *
tracing_net_proto(enum bpf_func_id id)
{
	switch (id) {
	case BPF_FUNC_skb_output:
		return &bpf_skb_output_proto;
	case BPF_FUNC_xdp_output:
		return &bpf_xdp_output_proto;
	case BPF_FUNC_skc_to_tcp6_sock:
		return &bpf_skc_to_tcp6_sock_proto;
	case BPF_FUNC_skc_to_tcp_sock:
		return &bpf_skc_to_tcp_sock_proto;
	case BPF_FUNC_skc_to_tcp_timewait_sock:
		return &bpf_skc_to_tcp_timewait_sock_proto;
	case BPF_FUNC_skc_to_tcp_request_sock:
		return &bpf_skc_to_tcp_request_sock_proto;
	case BPF_FUNC_skc_to_udp6_sock:
		return &bpf_skc_to_udp6_sock_proto;
	case BPF_FUNC_skc_to_unix_sock:
		return &bpf_skc_to_unix_sock_proto;
	case BPF_FUNC_skc_to_mptcp_sock:
		return &bpf_skc_to_mptcp_sock_proto;
	case BPF_FUNC_sk_storage_get:
		return &bpf_sk_storage_get_tracing_proto;
	case BPF_FUNC_sk_storage_delete:
		return &bpf_sk_storage_delete_tracing_proto;
	case BPF_FUNC_sock_from_file:
		return &bpf_sock_from_file_proto;
	case BPF_FUNC_get_socket_cookie:
		return &bpf_get_socket_ptr_cookie_proto;
	case BPF_FUNC_xdp_get_buff_len:
		return &bpf_xdp_get_buff_len_trace_proto;
	default:
		return NULL;
	}
}
#else
static const struct bpf_func_proto *
tracing_net_proto(enum bpf_func_id id)
{
	return NULL;
}
#endif

static bool is_iter(const struct bpf_prog *prog)
{
	return prog->expected_attach_type == BPF_TRACE_ITER;
}

/* Only where the trampoline built the frame these read. */
static const struct bpf_func_proto *
if_tramp(const struct bpf_prog *prog, const struct bpf_func_proto *proto)
{
	return bpf_prog_has_trampoline(prog) ? proto : NULL;
}

const struct bpf_func_proto *
tracing_prog_func_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	const struct bpf_func_proto *fn = tracing_net_proto(id);

	if (fn)
		return fn;

	switch (id) {
	case BPF_FUNC_seq_printf:
		return is_iter(prog) ? &bpf_trace_seq_printf_proto : NULL;
	case BPF_FUNC_seq_write:
		return is_iter(prog) ? &bpf_trace_seq_write_proto : NULL;
	case BPF_FUNC_seq_printf_btf:
		return is_iter(prog) ? &bpf_trace_seq_printf_btf_proto : NULL;
	case BPF_FUNC_d_path:
		return &bpf_trace_d_path_proto;
	case BPF_FUNC_get_func_arg:
		return if_tramp(prog, &bpf_trace_func_arg_proto);
	case BPF_FUNC_get_func_ret:
		return if_tramp(prog, &bpf_trace_func_ret_proto);
	case BPF_FUNC_get_func_arg_cnt:
		return if_tramp(prog, &bpf_trace_func_arg_cnt_proto);
	case BPF_FUNC_get_attach_cookie:
		/* tp_btf runs from a raw tracepoint, with its cookie */
		if (prog->type == BPF_PROG_TYPE_TRACING &&
		    prog->expected_attach_type == BPF_TRACE_RAW_TP)
			return &bpf_trace_cookie_tramp_proto;
		return if_tramp(prog, &bpf_trace_cookie_tramp_proto);
	default:
		fn = raw_tp_proto(id, prog);
		if (!fn && is_iter(prog))
			fn = bpf_iter_get_func_proto(id, prog);
		return fn;
	}
}

static bool tracing_ctx_ok(int off, int size, enum bpf_access_type type,
			   const struct bpf_prog *prog,
			   struct bpf_insn_access_aux *info)
{
	return bpf_tracing_btf_ctx_access(off, size, type, prog, info);
}

const struct bpf_verifier_ops tracing_verifier_ops = {
	.get_func_proto		= tracing_prog_func_proto,
	.is_valid_access	= tracing_ctx_ok,
};

/* test runs are net/bpf/test_run.c's: none without networking */
const struct bpf_prog_ops tracing_prog_ops = {
#ifdef CONFIG_NET
	.test_run		= bpf_prog_test_run_tracing,
#endif
};
