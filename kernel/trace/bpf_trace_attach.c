// SPDX-License-Identifier: GPL-2.0
/*
 * Running tracing's BPF programs where the kernel is probed:
 *
 * - perf events: a program attached to a tracepoint, kprobe, uprobe or
 *   syscall perf event joins its event's prog_array; the event's perf
 *   path runs them all with trace_call_bpf() before it records.
 * - raw tracepoints: a bpf_raw_tp_link is the data of a probe on the
 *   tracepoint itself (include/trace/bpf_probe.h makes one per event);
 *   the probe hands its arguments, as u64s, to bpf_trace_run<N>().
 * - what bpftool and the links' info ask of a perf event's program.
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/syscalls.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>

#include "bpf_trace_internal.h"

/* ---------------------------------------------------------------- */
/* Perf events' programs                                              */

/*
 * Guards every event's prog_array against writers; readers run under
 * RCU (tasks-trace RCU too: a uprobe's array may hold sleepable ones).
 */
static DEFINE_MUTEX(bpf_event_mutex);

/* As many programs as 6.12 lets one event have. */
#define PROGS_PER_EVENT	64

static struct bpf_prog_array *event_progs(struct trace_event_call *call)
{
	return rcu_dereference_protected(call->prog_array,
					 lockdep_is_held(&bpf_event_mutex));
}

/**
 * trace_call_bpf - run the programs attached to @call's perf events
 * @call: the event that hit
 * @ctx: the programs' context (pt_regs, or perf's record)
 *
 * Return: 0 when a program said to drop the hit (the perf record is
 * not made), 1 otherwise. A program running on this CPU already (this
 * hit is from inside it) runs no other: the hit is dropped and counted
 * as a miss of each program.
 */
unsigned int trace_call_bpf(struct trace_event_call *call, void *ctx)
{
	const struct bpf_prog_array_item *item;
	const struct bpf_prog_array *array;
	struct bpf_trace_run_ctx run_ctx;
	struct bpf_run_ctx *old_run_ctx;
	const struct bpf_prog *prog;
	unsigned int ret = 0;

	/*
	 * Every caller (a tracepoint's perf probe, a syscall's, a kprobe
	 * handler) runs with preemption off: a reader of RCU, whose grace
	 * period the array and its programs are freed after
	 * (bpf_prog_array_free_sleepable() chains a normal one; see
	 * bpf_run_rcu_enter()), and the task stays on this CPU. The
	 * rcu_read_lock() and migrate_disable() of bpf_prog_run_array()
	 * would add only their cost, about a hundred instructions a hit.
	 */
	cant_sleep();
	if (unlikely(__this_cpu_inc_return(bpf_prog_active) != 1)) {
		bpf_prog_inc_misses_counters(rcu_dereference_sched(call->prog_array));
		goto out;
	}
	/*
	 * The caller saw prog_array set (bpf_prog_array_valid()) without
	 * RCU; it may have gone since: no programs, keep the hit.
	 */
	array = rcu_dereference_sched(call->prog_array);
	ret = 1;
	if (unlikely(!array))
		goto out;
	run_ctx.is_uprobe = false;
	old_run_ctx = bpf_set_run_ctx(&run_ctx.run_ctx);
	bpf_run_rcu_enter();
	for (item = &array->items[0]; (prog = READ_ONCE(item->prog)); item++) {
		run_ctx.bpf_cookie = item->bpf_cookie;
		ret &= bpf_prog_run(prog, ctx);
	}
	bpf_run_rcu_exit();
	bpf_reset_run_ctx(old_run_ctx);
out:
	__this_cpu_dec(bpf_prog_active);
	return ret;
}

int perf_event_attach_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			       u64 bpf_cookie)
{
	struct trace_event_call *call = event->tp_event;
	struct bpf_prog_array *old, *new;
	int ret;

	/* an override skips the function: only whole, and only opted in */
	if (prog->kprobe_override &&
	    (!trace_kprobe_on_func_entry(call) ||
	     !trace_kprobe_error_injectable(call)))
		return -EINVAL;

	guard(mutex)(&bpf_event_mutex);
	if (event->prog)
		return -EEXIST;
	old = event_progs(call);
	if (old && bpf_prog_array_length(old) >= PROGS_PER_EVENT)
		return -E2BIG;
	ret = bpf_prog_array_copy(old, NULL, prog, bpf_cookie, &new);
	if (ret < 0)
		return ret;
	event->prog = prog;
	event->bpf_cookie = bpf_cookie;
	/* the new array is whole before a hit can find it */
	rcu_assign_pointer(call->prog_array, new);
	bpf_prog_array_free_sleepable(old);
	return 0;
}

void perf_event_detach_bpf_prog(struct perf_event *event)
{
	struct trace_event_call *call = event->tp_event;
	struct bpf_prog_array *old, *new;

	guard(mutex)(&bpf_event_mutex);
	if (!event->prog)
		return;
	old = event_progs(call);
	if (old) {
		if (bpf_prog_array_copy(old, event->prog, NULL, 0, &new) < 0) {
			/* no memory for a copy: a dummy in its place */
			bpf_prog_array_delete_safe(old, event->prog);
		} else {
			rcu_assign_pointer(call->prog_array, new);
			bpf_prog_array_free_sleepable(old);
		}
	}
	/*
	 * A hit may still run the program: from a uprobe, under
	 * tasks-trace RCU even when it is not sleepable itself. Wait for
	 * those before the reference goes.
	 */
	synchronize_rcu_tasks_trace();
	bpf_prog_put(event->prog);
	event->prog = NULL;
}

int perf_event_query_prog_array(struct perf_event *event, void __user *info)
{
	struct perf_event_query_bpf __user *uquery = info;
	struct perf_event_query_bpf query = {};
	u32 *ids, cnt;
	int ret;

	if (!perfmon_capable())
		return -EPERM;
	if (event->attr.type != PERF_TYPE_TRACEPOINT)
		return -EINVAL;
	if (copy_from_user(&query, uquery, sizeof(query)))
		return -EFAULT;
	if (query.ids_len > PROGS_PER_EVENT)
		return -E2BIG;
	/* ids_len 0 asks for the count alone: ZERO_SIZE_PTR serves */
	ids = kcalloc(query.ids_len, sizeof(u32), GFP_USER | __GFP_NOWARN);
	if (!ids)
		return -ENOMEM;
	mutex_lock(&bpf_event_mutex);
	ret = bpf_prog_array_copy_info(event_progs(event->tp_event), ids,
				       query.ids_len, &cnt);
	mutex_unlock(&bpf_event_mutex);
	if (copy_to_user(&uquery->prog_cnt, &cnt, sizeof(cnt)) ||
	    copy_to_user(uquery->ids, ids, query.ids_len * sizeof(u32)))
		ret = -EFAULT;
	kfree(ids);
	return ret;
}

int bpf_get_perf_event_info(const struct perf_event *event, u32 *prog_id,
			    u32 *fd_type, const char **buf,
			    u64 *probe_offset, u64 *probe_addr,
			    unsigned long *missed)
{
	struct trace_event_call *call = event->tp_event;
	bool as_tp = event->attr.type == PERF_TYPE_TRACEPOINT;
	struct bpf_prog *prog = event->prog;

	if (!prog)
		return -ENOENT;
	/* 6.12 reports none for a sampling event's program */
	if (prog->type == BPF_PROG_TYPE_PERF_EVENT)
		return -EOPNOTSUPP;
	*prog_id = prog->aux->id;

	if ((call->flags & TRACE_EVENT_FL_TRACEPOINT) ||
	    is_syscall_trace_event(call)) {
		*buf = (call->flags & TRACE_EVENT_FL_TRACEPOINT) ?
		       call->tp->name : call->name;
		/* the caller may not want these for a tracepoint */
		if (fd_type)
			*fd_type = BPF_FD_TYPE_TRACEPOINT;
		if (probe_offset)
			*probe_offset = 0;
		if (probe_addr)
			*probe_addr = 0;
		return 0;
	}
#ifdef CONFIG_KPROBE_EVENTS
	if (call->flags & TRACE_EVENT_FL_KPROBE)
		return bpf_get_kprobe_info(event, fd_type, buf, probe_offset,
					   probe_addr, missed, as_tp);
#endif
#ifdef CONFIG_UPROBE_EVENTS
	if (call->flags & TRACE_EVENT_FL_UPROBE)
		return bpf_get_uprobe_info(event, fd_type, buf, probe_offset,
					   probe_addr, as_tp);
#endif
	return -EOPNOTSUPP;
}

/* ---------------------------------------------------------------- */
/* Raw tracepoints                                                    */

#ifdef CONFIG_MODULES
/* The loaded modules that have raw tracepoints, under raw_tp_mod_lock. */
struct raw_tp_module {
	struct module		*mod;
	struct list_head	list;
};

static LIST_HEAD(raw_tp_modules);
static DEFINE_MUTEX(raw_tp_mod_lock);

/* @name in a module's table; the module is held until the put. */
static struct bpf_raw_event_map *raw_tp_in_modules(const char *name)
{
	struct raw_tp_module *m;
	unsigned int i;

	guard(mutex)(&raw_tp_mod_lock);
	list_for_each_entry(m, &raw_tp_modules, list) {
		for (i = 0; i < m->mod->num_bpf_raw_events; i++) {
			struct bpf_raw_event_map *btp = &m->mod->bpf_raw_events[i];

			if (strcmp(btp->tp->name, name))
				continue;
			/* a module on its way out is not found */
			return try_module_get(m->mod) ? btp : NULL;
		}
	}
	return NULL;
}

static int raw_tp_module_notify(struct notifier_block *nb, unsigned long op,
				void *data)
{
	struct module *mod = data;
	struct raw_tp_module *m;

	if (!mod->num_bpf_raw_events)
		return NOTIFY_DONE;

	guard(mutex)(&raw_tp_mod_lock);
	if (op == MODULE_STATE_COMING) {
		m = kzalloc(sizeof(*m), GFP_KERNEL);
		if (!m)
			return notifier_from_errno(-ENOMEM);
		m->mod = mod;
		list_add(&m->list, &raw_tp_modules);
	} else if (op == MODULE_STATE_GOING) {
		list_for_each_entry(m, &raw_tp_modules, list) {
			if (m->mod == mod) {
				list_del(&m->list);
				kfree(m);
				break;
			}
		}
	}
	return NOTIFY_OK;
}

static struct notifier_block raw_tp_module_nb = {
	.notifier_call = raw_tp_module_notify,
};

static int __init raw_tp_modules_init(void)
{
	return register_module_notifier(&raw_tp_module_nb);
}
fs_initcall(raw_tp_modules_init);
#else
static struct bpf_raw_event_map *raw_tp_in_modules(const char *name)
{
	return NULL;
}
#endif /* CONFIG_MODULES */

struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	struct bpf_raw_event_map *btp;

	for (btp = __start__bpf_raw_tp; btp < __stop__bpf_raw_tp; btp++)
		if (!strcmp(btp->tp->name, name))
			return btp;
	return raw_tp_in_modules(name);
}

void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp)
{
	struct module *mod;

	/* the kernel's own has no module: module_put(NULL) does nothing */
	guard(preempt)();
	mod = __module_address((unsigned long)btp);
	module_put(mod);
}

int bpf_probe_register(struct bpf_raw_event_map *btp,
		       struct bpf_raw_tp_link *link)
{
	struct bpf_prog *prog = link->link.prog;

	/* the program may read no argument the tracepoint does not pass */
	if (prog->aux->max_ctx_offset > btp->num_args * sizeof(u64))
		return -EINVAL;
	/* nor write past the buffer of a writable one */
	if (prog->aux->max_tp_access > btp->writable_size)
		return -EINVAL;
	return tracepoint_probe_register_may_exist(btp->tp,
						   (void *)btp->bpf_func, link);
}

int bpf_probe_unregister(struct bpf_raw_event_map *btp,
			 struct bpf_raw_tp_link *link)
{
	return tracepoint_probe_unregister(btp->tp, (void *)btp->bpf_func,
					   link);
}

/*
 * One hit of a raw tracepoint: @link's program, with the arguments.
 * A program already running on this CPU (the tracepoint fired inside
 * it) is not entered again: the hit counts as its miss.
 */
static __always_inline void raw_tp_run(struct bpf_raw_tp_link *link,
				       u64 *args)
{
	struct bpf_prog *prog = link->link.prog;
	struct bpf_trace_run_ctx run_ctx = { .bpf_cookie = link->cookie };
	struct bpf_run_ctx *saved;

	cant_sleep();
	if (unlikely(this_cpu_inc_return(*prog->active) != 1)) {
		bpf_prog_inc_misses_counter(prog);
		goto out;
	}
	saved = bpf_set_run_ctx(&run_ctx.run_ctx);
	bpf_run_rcu_enter();
	bpf_prog_run(prog, args);
	bpf_run_rcu_exit();
	bpf_reset_run_ctx(saved);
out:
	this_cpu_dec(*prog->active);
}

/*
 * bpf_trace_run1() .. bpf_trace_run12(): the probes of bpf_probe.h call
 * the one for their tracepoint's number of arguments.
 */
#define UNPAREN(...)	__VA_ARGS__

#define DEFINE_RAW_TP_RUN(n, params, vals)				\
void bpf_trace_run##n(struct bpf_raw_tp_link *link, UNPAREN params)	\
{									\
	u64 args[] = { UNPAREN vals };					\
									\
	raw_tp_run(link, args);						\
}									\
EXPORT_SYMBOL_GPL(bpf_trace_run##n)

DEFINE_RAW_TP_RUN(1, (u64 a0), (a0));
DEFINE_RAW_TP_RUN(2, (u64 a0, u64 a1), (a0, a1));
DEFINE_RAW_TP_RUN(3, (u64 a0, u64 a1, u64 a2), (a0, a1, a2));
DEFINE_RAW_TP_RUN(4, (u64 a0, u64 a1, u64 a2, u64 a3), (a0, a1, a2, a3));
DEFINE_RAW_TP_RUN(5, (u64 a0, u64 a1, u64 a2, u64 a3, u64 a4),
		  (a0, a1, a2, a3, a4));
DEFINE_RAW_TP_RUN(6, (u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5),
		  (a0, a1, a2, a3, a4, a5));
DEFINE_RAW_TP_RUN(7, (u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5,
		      u64 a6),
		  (a0, a1, a2, a3, a4, a5, a6));
DEFINE_RAW_TP_RUN(8, (u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5,
		      u64 a6, u64 a7),
		  (a0, a1, a2, a3, a4, a5, a6, a7));
DEFINE_RAW_TP_RUN(9, (u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5,
		      u64 a6, u64 a7, u64 a8),
		  (a0, a1, a2, a3, a4, a5, a6, a7, a8));
DEFINE_RAW_TP_RUN(10, (u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5,
		       u64 a6, u64 a7, u64 a8, u64 a9),
		  (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9));
DEFINE_RAW_TP_RUN(11, (u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5,
		       u64 a6, u64 a7, u64 a8, u64 a9, u64 a10),
		  (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10));
DEFINE_RAW_TP_RUN(12, (u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5,
		       u64 a6, u64 a7, u64 a8, u64 a9, u64 a10, u64 a11),
		  (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11));
