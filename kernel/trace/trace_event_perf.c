// SPDX-License-Identifier: GPL-2.0
/*
 * Trace events as perf events (PERF_TYPE_TRACEPOINT).
 *
 * perf_event_open() with attr.config set to an event's id (its events/
 * <sys>/<event>/id file) lands in perf_trace_init(). We attach the perf
 * probe of the event's class (perf_trace_<class>() from
 * include/trace/perf.h) to the tracepoint while at least one perf event
 * uses it. The probe writes the record into a per-CPU scratch buffer
 * handed out by perf_trace_buf_alloc() and passes it to perf, which
 * delivers it to the perf events queued on this CPU's list of the call
 * (call->perf_events, filled by perf_trace_add()).
 *
 * Locking: attach and detach run under event_mutex, which also protects
 * call->perf_refcount, call->perf_events and the scratch buffers. The
 * add/del callbacks run from perf's scheduling with interrupts off and
 * only touch this CPU's list, which the probe walks under RCU.
 */
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/trace_events.h>

#include "trace_events_internal.h"
#include "trace_events_filter.h"

/*
 * One scratch record per CPU and per perf recursion context (task,
 * softirq, hardirq, NMI), so that an event fired from an interrupt does
 * not overwrite the record of the one it interrupted. Made of longs so
 * that the record is aligned for every field type.
 */
struct perf_tp_record {
	unsigned long words[PERF_MAX_TRACE_SIZE / sizeof(unsigned long)];
};

static struct perf_tp_record __percpu *perf_tp_scratch[PERF_NR_CONTEXTS];

/* How many calls have the perf probe attached (under event_mutex). */
static unsigned int perf_tp_calls;

/*
 * May the opener (current: this runs from perf_event_open()) create
 * @p_event on @call?
 */
static int perf_tp_check_access(struct trace_event_call *call,
				struct perf_event *p_event)
{
	int ret;

	if (call->perf_perm) {
		ret = call->perf_perm(call, p_event);
		if (ret)
			return ret;
	}

	/* Inherited children were allowed when their parent was opened. */
	if (p_event->parent)
		return 0;

	/*
	 * Counting reveals only how often the event fired. The raw record
	 * holds kernel data (pointers, other tasks' names): only a
	 * privileged opener may have it, unless the event is marked safe
	 * for anyone and the perf event follows the opener's own task.
	 * (The function tracer's event, which has stricter rules, does not
	 * exist here yet.)
	 */
	if (!(p_event->attr.sample_type & PERF_SAMPLE_RAW))
		return 0;
	if (p_event->attach_state == PERF_ATTACH_TASK &&
	    (call->flags & TRACE_EVENT_FL_CAP_ANY))
		return 0;
	return perf_allow_tracepoint();
}

static void perf_tp_scratch_free(void)
{
	int i;

	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		free_percpu(perf_tp_scratch[i]);
		perf_tp_scratch[i] = NULL;
	}
}

static int perf_tp_scratch_alloc(void)
{
	int i;

	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		perf_tp_scratch[i] = alloc_percpu(struct perf_tp_record);
		if (!perf_tp_scratch[i]) {
			perf_tp_scratch_free();
			return -ENOMEM;
		}
	}
	return 0;
}

/*
 * Make @call deliver to perf: the first perf user of a call allocates its
 * per-CPU lists and attaches the probe; the first call of all allocates
 * the scratch buffers. Both exist before the probe is attached, and the
 * tracepoint's publication of its new probe array orders these stores
 * before any probe call that reads them.
 */
static int perf_tp_attach(struct trace_event_call *call,
			  struct perf_event *p_event)
{
	struct hlist_head __percpu *lists;
	int cpu, ret;

	lockdep_assert_held(&event_mutex);

	p_event->tp_event = call;
	if (call->perf_refcount++)
		return 0;

	ret = -ENOMEM;
	lists = alloc_percpu(struct hlist_head);
	if (!lists)
		goto undo_ref;
	for_each_possible_cpu(cpu)
		INIT_HLIST_HEAD(per_cpu_ptr(lists, cpu));
	call->perf_events = lists;

	if (!perf_tp_calls) {
		ret = perf_tp_scratch_alloc();
		if (ret)
			goto undo_lists;
	}

	ret = call->class->reg(call, TRACE_REG_PERF_REGISTER, NULL);
	if (ret)
		goto undo_scratch;
	perf_tp_calls++;
	return 0;

undo_scratch:
	if (!perf_tp_calls)
		perf_tp_scratch_free();
undo_lists:
	call->perf_events = NULL;
	free_percpu(lists);
undo_ref:
	call->perf_refcount--;
	return ret;
}

/* Undo perf_tp_attach() for @p_event. */
static void perf_tp_detach(struct perf_event *p_event)
{
	struct trace_event_call *call = p_event->tp_event;

	lockdep_assert_held(&event_mutex);

	if (--call->perf_refcount)
		return;

	call->class->reg(call, TRACE_REG_PERF_UNREGISTER, NULL);
	/*
	 * A probe that started before the detach may still be using the
	 * call's lists or a scratch buffer: wait for every such call to
	 * return before freeing them.
	 */
	tracepoint_synchronize_unregister();

	free_percpu(call->perf_events);
	call->perf_events = NULL;

	if (!--perf_tp_calls)
		perf_tp_scratch_free();
}

static int perf_tp_open(struct trace_event_call *call,
			struct perf_event *p_event)
{
	int ret;

	ret = perf_tp_check_access(call, p_event);
	if (ret)
		return ret;

	ret = perf_tp_attach(call, p_event);
	if (ret)
		return ret;

	ret = call->class->reg(call, TRACE_REG_PERF_OPEN, p_event);
	if (ret)
		perf_tp_detach(p_event);
	return ret;
}

/* The tracepoint PMU's event_init: bind @p_event to the event attr.config. */
int perf_trace_init(struct perf_event *p_event)
{
	u64 id = p_event->attr.config;
	struct trace_event_call *call;
	int ret = -EINVAL;

	mutex_lock(&event_mutex);
	list_for_each_entry(call, &ftrace_events, list) {
		if (call->event.type != id)
			continue;
		if (!call->class || !call->class->reg)
			break;
		/* Keep the event's module while the perf event exists. */
		if (!trace_event_try_get_ref(call))
			break;
		ret = perf_tp_open(call, p_event);
		if (ret)
			trace_event_put_ref(call);
		break;
	}
	mutex_unlock(&event_mutex);

	return ret;
}

/* The perf event goes away: undo perf_trace_init(). */
void perf_trace_destroy(struct perf_event *p_event)
{
	struct trace_event_call *call = p_event->tp_event;

	mutex_lock(&event_mutex);
	call->class->reg(call, TRACE_REG_PERF_CLOSE, p_event);
	perf_tp_detach(p_event);
	trace_event_put_ref(call);
	mutex_unlock(&event_mutex);
}

#if defined(CONFIG_KPROBE_EVENTS) || defined(CONFIG_UPROBE_EVENTS)
/*
 * The probe PMUs' events are made for one perf event: a string of the
 * user's (a function's name, a file's path) copied in, E2BIG if longer
 * than @max, EINVAL if empty.
 */
static char *pmu_string(u64 uptr, long max)
{
	char *str = strndup_user(u64_to_user_ptr(uptr), max);

	if (IS_ERR(str))
		return PTR_ERR(str) == -EINVAL ? ERR_PTR(-E2BIG) : str;
	if (!str[0]) {
		kfree(str);
		return ERR_PTR(-EINVAL);
	}
	return str;
}

/* @p_event on the event @call made for it, which goes if it cannot be. */
static int pmu_open(struct trace_event_call *call, struct perf_event *p_event,
		    void (*local_free)(struct trace_event_call *call))
{
	int ret;

	if (IS_ERR(call))
		return PTR_ERR(call);
	mutex_lock(&event_mutex);
	ret = perf_tp_open(call, p_event);
	mutex_unlock(&event_mutex);
	if (ret)
		local_free(call);
	return ret;
}

/* The perf event goes, and the event made for it with it. */
static void pmu_destroy(struct perf_event *p_event,
			void (*local_free)(struct trace_event_call *call))
{
	struct trace_event_call *call = p_event->tp_event;

	mutex_lock(&event_mutex);
	call->class->reg(call, TRACE_REG_PERF_CLOSE, p_event);
	perf_tp_detach(p_event);
	mutex_unlock(&event_mutex);
	local_free(call);
}
#endif

#ifdef CONFIG_KPROBE_EVENTS
/*
 * The kprobe PMU's event_init (perf_event_open() of type "kprobe"): a
 * kprobe event made for @p_event alone, at attr.kprobe_func +
 * attr.probe_offset, or at attr.kprobe_addr.
 */
int perf_kprobe_init(struct perf_event *p_event, bool is_retprobe)
{
	struct trace_event_call *call;
	char *func = NULL;

	if (p_event->attr.kprobe_func) {
		func = pmu_string(p_event->attr.kprobe_func, KSYM_NAME_LEN);
		if (IS_ERR(func))
			return PTR_ERR(func);
	}
	call = trace_kprobe_local(func,
				  (void *)(unsigned long)p_event->attr.kprobe_addr,
				  p_event->attr.probe_offset, is_retprobe);
	kfree(func);
	return pmu_open(call, p_event, trace_kprobe_local_free);
}

void perf_kprobe_destroy(struct perf_event *p_event)
{
	pmu_destroy(p_event, trace_kprobe_local_free);
}
#endif /* CONFIG_KPROBE_EVENTS */

#ifdef CONFIG_UPROBE_EVENTS
/*
 * The uprobe PMU's event_init (perf_event_open() of type "uprobe"): a
 * uprobe event made for @p_event alone, at attr.probe_offset of the
 * file attr.uprobe_path.
 */
int perf_uprobe_init(struct perf_event *p_event, unsigned long ref_ctr_offset,
		     bool is_retprobe)
{
	struct trace_event_call *call;
	char *path;

	if (!p_event->attr.uprobe_path)
		return -EINVAL;
	path = pmu_string(p_event->attr.uprobe_path, PATH_MAX);
	if (IS_ERR(path))
		return PTR_ERR(path);
	call = trace_uprobe_local(path, p_event->attr.probe_offset,
				  ref_ctr_offset, is_retprobe);
	kfree(path);
	return pmu_open(call, p_event, trace_uprobe_local_free);
}

void perf_uprobe_destroy(struct perf_event *p_event)
{
	pmu_destroy(p_event, trace_uprobe_local_free);
}
#endif /* CONFIG_UPROBE_EVENTS */

/*
 * Perf schedules @p_event in on this CPU (interrupts off). Unless the
 * class's reg() handles it itself (returns non-zero), the event goes on
 * this CPU's list, which the probe walks.
 */
int perf_trace_add(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;
	struct hw_perf_event *hwc = &p_event->hw;

	if (!(flags & PERF_EF_START))
		hwc->state = PERF_HES_STOPPED;

	if (is_sampling_event(p_event)) {
		hwc->last_period = hwc->sample_period;
		perf_swevent_set_period(p_event);
	}

	if (!call->class->reg(call, TRACE_REG_PERF_ADD, p_event)) {
		if (WARN_ON_ONCE(!call->perf_events))
			return -EINVAL;
		hlist_add_head_rcu(&p_event->hlist_entry,
				   this_cpu_ptr(call->perf_events));
	}
	return 0;
}

/* Perf schedules @p_event out of this CPU: the reverse of the above. */
void perf_trace_del(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;

	if (!call->class->reg(call, TRACE_REG_PERF_DEL, p_event))
		hlist_del_rcu(&p_event->hlist_entry);
}

/*
 * Scratch space for one record of @size bytes, from a probe (preemption
 * off). *@rctxp gets the recursion context, which the caller hands back
 * to perf with the record; *@regs (if @regs) gets this context's pt_regs
 * for the caller to fill. NULL if the record does not fit or this CPU is
 * already inside perf at this context level.
 */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp)
{
	char *rec;
	int rctx;

	BUILD_BUG_ON(PERF_MAX_TRACE_SIZE % sizeof(unsigned long));

	if (WARN_ONCE(size > PERF_MAX_TRACE_SIZE,
		      "perf trace record of %d bytes exceeds the %d-byte buffer",
		      size, PERF_MAX_TRACE_SIZE))
		return NULL;

	rctx = perf_swevent_get_recursion_context();
	*rctxp = rctx;
	if (rctx < 0)
		return NULL;

	if (regs)
		*regs = this_cpu_ptr(&__perf_regs[rctx]);
	rec = (char *)this_cpu_ptr(perf_tp_scratch[rctx]);
	/*
	 * Perf copies @size bytes to user space, and the probe sizes the
	 * record up to a multiple of 8 (with perf's u32 size header). The
	 * probe does not write the padding at the end: clear the last u64
	 * so that it does not show what an earlier record left there.
	 */
	memset(rec + size - sizeof(u64), 0, sizeof(u64));
	return rec;
}
EXPORT_SYMBOL_GPL(perf_trace_buf_alloc);
NOKPROBE_SYMBOL(perf_trace_buf_alloc);

/* Fill the common_* fields of a record about to be delivered to perf. */
void perf_trace_buf_update(void *record, u16 type)
{
	tracing_generic_entry_update(record, type, tracing_gen_ctx());
}

NOKPROBE_SYMBOL(perf_trace_buf_update);

/*
 * PERF_EVENT_IOC_SET_FILTER on a tracepoint event: the event filter
 * language, compiled for the event's fields. The filter belongs to the
 * perf event (perf_tp_event_match() runs it) and is set once; a failed
 * expression leaves none and returns the error (EINVAL mostly).
 */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str)
{
	struct event_filter *filter;
	struct filter_error err;
	int ret;

	mutex_lock(&event_mutex);
	if (!event->tp_event) {
		ret = -EINVAL;
	} else if (event->filter) {
		ret = -EEXIST;
	} else {
		ret = event_filter_compile(event->tp_event, filter_str, false,
					   &filter, &err);
		if (!ret)
			/*
			 * Records may be matched at once: publish it whole.
			 * Pairs with the address dependency of the plain load
			 * of event->filter in perf_tp_filter_match()
			 * (kernel/events/core.c).
			 */
			smp_store_release(&event->filter, filter);
		else
			event_filter_free(filter);
	}
	mutex_unlock(&event_mutex);
	return ret;
}

/* The perf event is being freed: nothing matches with its filter now. */
void ftrace_profile_free_filter(struct perf_event *event)
{
	event_filter_free(event->filter);
	event->filter = NULL;
}
