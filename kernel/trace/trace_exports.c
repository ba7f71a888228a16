// SPDX-License-Identifier: GPL-2.0
/*
 * Trace exports: a module (stm_ftrace is the in-tree one) registers a
 * struct trace_export and its ->write() then receives a copy of every
 * function entry, event or trace_marker text, as its flags ask, while
 * the entry is still reserved in the ring buffer, just before commit.
 *
 * The three producers test one static key each, so that with nothing
 * registered an export costs them a patched-out jump. Registered exports
 * are a singly linked list, changed under a mutex and walked with no
 * lock, preemption off.
 *
 * Recursion needs no guard of ours: ->write() runs while this CPU holds
 * a reservation, and the ring buffer takes at most one more reservation
 * from the same context (rb_ctx_enter() in ring_buffer_write.c), so an
 * entry produced by ->write() itself comes back here once at most.
 */
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/trace.h>

#include "trace.h"

DEFINE_STATIC_KEY_FALSE(trace_export_function_key);
DEFINE_STATIC_KEY_FALSE(trace_export_event_key);
DEFINE_STATIC_KEY_FALSE(trace_export_marker_key);

static DEFINE_MUTEX(trace_exports_mutex);
static struct trace_export __rcu *trace_exports;

/* The key of each producer, in the order of the TRACE_EXPORT_* bits. */
static struct static_key_false *const export_keys[] = {
	&trace_export_function_key,	/* TRACE_EXPORT_FUNCTION */
	&trace_export_event_key,	/* TRACE_EXPORT_EVENT */
	&trace_export_marker_key,	/* TRACE_EXPORT_MARKER */
};

/**
 * trace_exports_write - hand a reserved entry to the exports that want it
 * @event: the entry, reserved and filled in, not yet committed
 * @flag: the producer's TRACE_EXPORT_* bit
 *
 * Called by a producer when its static key is on. The length given to
 * ->write() is the entry's length in the buffer (rounded up to 4 bytes).
 */
void trace_exports_write(struct ring_buffer_event *event, int flag)
{
	void *data = ring_buffer_event_data(event);
	unsigned int len = ring_buffer_event_length(event);
	struct trace_export *export;

	/*
	 * Preemption off is the read side: unregister_ftrace_export()
	 * waits for a grace period before the node may be freed.
	 */
	preempt_disable_notrace();
	for (export = rcu_dereference_raw_check(trace_exports); export;
	     export = rcu_dereference_raw_check(export->next))
		if (export->flags & flag)
			export->write(export, data, len);
	preempt_enable_notrace();
}

/* A link of the list, read by its writers (trace_exports_mutex held). */
#define exports_deref(p) \
	rcu_dereference_protected(p, lockdep_is_held(&trace_exports_mutex))

static void export_keys_change(int flags, bool on)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(export_keys); i++) {
		if (!(flags & BIT(i)))
			continue;
		if (on)
			static_branch_inc(export_keys[i]);
		else
			static_branch_dec(export_keys[i]);
	}
}

/**
 * register_ftrace_export - start sending entries to @export
 * @export: its ->write() and ->flags (TRACE_EXPORT_*) must be set
 *
 * Returns 0, or -EINVAL for an export with no ->write() or one that is
 * already registered.
 */
int register_ftrace_export(struct trace_export *export)
{
	struct trace_export *e;
	int ret = 0;

	if (!export->write)
		return -EINVAL;

	mutex_lock(&trace_exports_mutex);
	for (e = exports_deref(trace_exports); e; e = exports_deref(e->next))
		if (e == export)
			break;
	if (e) {
		ret = -EINVAL;
		goto out;
	}
	/*
	 * Pushed at the head: rcu_assign_pointer() orders the node's ->next
	 * before the head that publishes it, so a walker on another CPU
	 * never sees the node with a stale ->next.
	 */
	RCU_INIT_POINTER(export->next, trace_exports);
	rcu_assign_pointer(trace_exports, export);
	/* after the node is reachable: a producer that sees a key finds it */
	export_keys_change(export->flags, true);
out:
	mutex_unlock(&trace_exports_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_export);

/**
 * unregister_ftrace_export - stop sending entries to @export
 * @export: a registered export
 *
 * Returns 0, or -EINVAL if @export is not registered. On return no CPU
 * is still in @export->write(), so the caller may free it. Sleeps.
 */
int unregister_ftrace_export(struct trace_export *export)
{
	struct trace_export __rcu **link;
	struct trace_export *e;
	int ret = -EINVAL;

	mutex_lock(&trace_exports_mutex);
	for (link = &trace_exports; (e = exports_deref(*link));
	     link = &e->next) {
		if (e != export)
			continue;
		export_keys_change(export->flags, false);
		/*
		 * A walker that already holds @export still finds the rest
		 * of the list through its ->next, which is left as is.
		 */
		rcu_assign_pointer(*link, exports_deref(export->next));
		ret = 0;
		break;
	}
	mutex_unlock(&trace_exports_mutex);
	/* walkers run with preemption off: this waits them out */
	if (!ret)
		synchronize_rcu();
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_export);
