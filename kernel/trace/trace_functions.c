// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: one TRACE_FN entry (the function and its caller)
 * for every call of every function the array's filters let through.
 *
 * Each trace array traces through an ftrace_ops of its own: the top
 * level through global_ops (whose hashes set_ftrace_filter and
 * set_ftrace_notrace at the top edit), an instance through one allocated
 * with it. The ops' private field is the array.
 */
#include <linux/ftrace.h>
#include <linux/slab.h>

#include "ftrace_internal.h"
#include "trace.h"

/* ------------------------------------------------------------------ */
/* The ops of each trace array                                          */

int ftrace_array_init(struct trace_array *tr)
{
	struct ftrace_ops *ops;

	INIT_LIST_HEAD(&tr->mod_trace);
	INIT_LIST_HEAD(&tr->mod_notrace);
	if (tr->flags & TRACE_ARRAY_FL_GLOBAL) {
		ops = &global_ops;
	} else {
		ops = kzalloc(sizeof(*ops), GFP_KERNEL);
		if (!ops)
			return -ENOMEM;
		ops->func = ftrace_stub;
		ops->flags = FTRACE_OPS_FL_PID;
		ftrace_ops_init(ops);
	}
	ops->private = tr;
	tr->ops = ops;
	return 0;
}

/* After the tracer was reset: the ops is no longer registered. */
void ftrace_array_free(struct trace_array *tr)
{
	struct ftrace_mod_entry *me, *n;

	/* ftrace_array_init() did not get far */
	if (!tr->ops)
		return;
	mutex_lock(&ftrace_lock);
	list_for_each_entry_safe(me, n, &tr->mod_trace, list)
		list_move(&me->list, &tr->mod_notrace);
	ftrace_listing_gen++;
	mutex_unlock(&ftrace_lock);
	list_for_each_entry_safe(me, n, &tr->mod_notrace, list) {
		list_del(&me->list);
		kfree(me->func);
		kfree(me->module);
		kfree(me);
	}
	if (tr->ops == &global_ops)
		return;
	ftrace_free_filter(tr->ops);
	kfree(tr->ops);
	tr->ops = NULL;
}

/* ------------------------------------------------------------------ */
/* Recording                                                            */

/**
 * trace_function - record a TRACE_FN entry in @tr
 * @tr: the array
 * @ip: the traced function (its call site)
 * @parent_ip: where it was called from
 * @trace_ctx: the context word (tracing_gen_ctx*())
 */
static void trace_function(struct trace_array *tr, unsigned long ip,
			   unsigned long parent_ip, unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct ftrace_entry *fe;

	/* the header (type, context) is filled in by the reserve */
	event = trace_buffer_lock_reserve(buffer, TRACE_FN, sizeof(*fe),
					  trace_ctx);
	if (unlikely(!event))
		return;	/* off, or full without overwrite */
	fe = ring_buffer_event_data(event);
	fe->parent_ip = parent_ip;
	fe->ip = ip;
	__buffer_unlock_commit(buffer, event);
}

/*
 * The callback. Runs in any context, NMI included, before the traced
 * function's own first instruction: nothing here may be traced (the
 * directory is built without -pg) and recursion through the ring buffer
 * is cut by the recursion bits.
 */
static void function_trace_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	unsigned int trace_ctx;
	int bit;

	if (unlikely(!READ_ONCE(tr->function_enabled)))
		return;
	/* preemption off until the unlock */
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	/* the context of the traced function, less our preempt_disable */
	trace_ctx = tracing_gen_ctx_dec();
	if (!atomic_read(&this_cpu_ptr(tr->array_buffer.data)->disabled))
		trace_function(tr, ip, parent_ip, trace_ctx);
	ftrace_test_recursion_unlock(bit);
}

static int function_trace_init(struct trace_array *tr)
{
	int ret;

	if (!tr->ops)
		return -ENOMEM;
	tr->ops->func = function_trace_call;
	tracing_start_cmdline_record();
	ret = register_ftrace_function(tr->ops);
	if (ret) {
		tracing_stop_cmdline_record();
		return ret;
	}
	WRITE_ONCE(tr->function_enabled, true);
	return 0;
}

static void function_trace_reset(struct trace_array *tr)
{
	WRITE_ONCE(tr->function_enabled, false);
	unregister_ftrace_function(tr->ops);
	tracing_stop_cmdline_record();
}

static void function_trace_start(struct trace_array *tr)
{
	tracing_reset_online_cpus(&tr->array_buffer);
}

static struct tracer function_trace = {
	.name		= "function",
	.init		= function_trace_init,
	.reset		= function_trace_reset,
	.start		= function_trace_start,
	.allow_instances = true,
#ifdef CONFIG_FTRACE_STARTUP_TEST
	.selftest	= trace_selftest_startup_function,
#endif
};

__init int init_function_trace(void)
{
	return register_tracer(&function_trace);
}
