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
#include "trace_output.h"

/* ------------------------------------------------------------------ */
/* The ops of each trace array                                          */

static int ftrace_array_init(struct trace_array *tr)
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
static void ftrace_array_free(struct trace_array *tr)
{
	struct ftrace_mod_entry *me, *n;

	/* ftrace_array_init() did not get far */
	if (!tr->ops)
		return;
	mutex_lock(&ftrace_lock);
	list_for_each_entry_safe(me, n, &tr->mod_trace, list)
		list_move(&me->list, &tr->mod_notrace);
	ftrace_listing_changed();
	mutex_unlock(&ftrace_lock);
	list_for_each_entry_safe(me, n, &tr->mod_notrace, list) {
		list_del(&me->list);
		kfree(me->func);
		kfree(me->module);
		kfree(me);
	}
	free_percpu(tr->last_func_repeats);
	tr->last_func_repeats = NULL;
	if (tr->ops == &global_ops)
		return;
	ftrace_free_filter(tr->ops);
	kfree(tr->ops);
	tr->ops = NULL;
}

/* ------------------------------------------------------------------ */
/* Options                                                              */

enum {
	/* a kernel stack after each entry, from the traced function out */
	FUNC_OPT_STACK = BIT(0),
	/* calls that repeat the last one on the CPU are only counted */
	FUNC_OPT_NO_REPEATS = BIT(1),
};

static struct tracer_opt func_opts[] = {
	{ TRACER_OPT(func_stack_trace, FUNC_OPT_STACK) },
	{ .name = "func-no-repeats", .bit = FUNC_OPT_NO_REPEATS },
	{ }
};

/*
 * One set for every array, as upstream's: the callback reads it on each
 * call, so a change needs no re-registration.
 */
static struct tracer_flags func_flags = {
	.opts = func_opts,
};

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
	fe = ring_buffer_reserved_data(event);
	fe->parent_ip = parent_ip;
	fe->ip = ip;
	if (static_branch_unlikely(&trace_export_function_key))
		trace_exports_write(event, TRACE_EXPORT_FUNCTION);
	__buffer_unlock_commit(buffer, event);
}

/*
 * func-no-repeats: the last call recorded on a CPU, and how many times
 * the same function was called again from the same place since, the
 * last of them at ts_last. Touched only by the callback on its CPU; an
 * interrupt that traces in the middle of an update can at worst miscount
 * a repeat, as in the reference.
 */
struct func_repeats {
	unsigned long	ip;
	unsigned long	parent_ip;
	unsigned long	count;
	u64		ts_last;
};

/* Write the TRACE_FUNC_REPEATS entry of @last's pending repeats. */
static void trace_func_repeats(struct trace_array *tr, struct func_repeats *last,
			       unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct func_repeats_entry *fr;
	u64 delta;

	event = trace_buffer_lock_reserve(buffer, TRACE_FUNC_REPEATS,
					  sizeof(*fr), trace_ctx);
	if (unlikely(!event))
		return;
	delta = ring_buffer_event_time_stamp(buffer, event) - last->ts_last;
	fr = ring_buffer_reserved_data(event);
	fr->ip = last->ip;
	fr->parent_ip = last->parent_ip;
	fr->count = last->count;
	fr->top_delta_ts = delta >> 32;
	fr->bottom_delta_ts = (u32)delta;
	__buffer_unlock_commit(buffer, event);
}

/*
 * With func-no-repeats: true if this call repeats the last one on this
 * CPU (it is counted, not recorded). Otherwise the repeats pending, if
 * any, are written out and this call becomes the last one.
 */
static bool func_repeated(struct trace_array *tr, unsigned long ip,
			  unsigned long parent_ip, unsigned int trace_ctx)
{
	struct func_repeats *last = this_cpu_ptr(tr->last_func_repeats);

	/* the entry's count is 16 bits: a full one starts afresh */
	if (last->ip == ip && last->parent_ip == parent_ip &&
	    last->count < U16_MAX) {
		last->ts_last = ring_buffer_time_stamp(tr->array_buffer.buffer);
		last->count++;
		return true;
	}
	if (last->count) {
		trace_func_repeats(tr, last, trace_ctx);
		last->count = 0;
	}
	last->ip = ip;
	last->parent_ip = parent_ip;
	return false;
}

/*
 * The caller of the traced function, as its return slot held it before
 * the graph tracer's ops of the same site (called before ours) put
 * return_to_handler there; also what a tail call finds, whose slot is
 * its caller's, hooked on the way in. The shadow stack knows the real
 * address: the slot is where the stack pointer was at the call.
 */
static __always_inline unsigned long
func_real_parent(unsigned long parent_ip, struct ftrace_regs *fregs)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (unlikely(parent_ip == (unsigned long)return_to_handler) && fregs)
		return ftrace_graph_ret_addr(current, NULL, parent_ip,
					     (unsigned long *)ftrace_regs_get_stack_pointer(fregs));
#endif
	return parent_ip;
}

/*
 * func_stack_trace: the stack of the call just recorded. The unwinder
 * calls traced functions, and the recursion bits let one nested level
 * through, so each of those would record an entry and a whole stack of
 * its own: every event would cost several, enough for a slow CPU with
 * every function traced to spend all its time in the tracer. The array's
 * per-CPU disabled count keeps the callback out meanwhile; interrupts
 * wait until the stack is taken rather than lose their calls to it.
 * Preemption is off (the recursion lock).
 */
static void function_stack(struct trace_array *tr, unsigned long ip,
			   unsigned int trace_ctx)
{
	atomic_t *disabled = &this_cpu_ptr(tr->array_buffer.data)->disabled;
	unsigned long flags;

	local_irq_save(flags);
	atomic_inc(disabled);
	trace_record_fstack(tr->array_buffer.buffer, trace_ctx, ip);
	atomic_dec(disabled);
	local_irq_restore(flags);
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
	u32 opts;
	int bit;

	if (unlikely(!READ_ONCE(tr->function_enabled)))
		return;
	/* preemption off until the unlock */
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (atomic_read(&this_cpu_ptr(tr->array_buffer.data)->disabled) ||
	    ftrace_pid_skip(tr))
		goto out;
	/* the context of the traced function, less our preempt_disable */
	trace_ctx = tracing_gen_ctx_dec();
	parent_ip = func_real_parent(parent_ip, fregs);
	opts = READ_ONCE(func_flags.val);
	if (unlikely(opts & FUNC_OPT_NO_REPEATS) &&
	    func_repeated(tr, ip, parent_ip, trace_ctx))
		goto out;
	trace_function(tr, ip, parent_ip, trace_ctx);
	if (unlikely(opts & FUNC_OPT_STACK))
		function_stack(tr, ip, trace_ctx);
out:
	ftrace_test_recursion_unlock(bit);
}

static int function_trace_init(struct trace_array *tr)
{
	int ret;

	if (!tr->ops)
		return -ENOMEM;
	/* kept until the array goes: the callback may still be in it */
	if (!tr->last_func_repeats) {
		tr->last_func_repeats = alloc_percpu(struct func_repeats);
		if (!tr->last_func_repeats)
			return -ENOMEM;
	}
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
	.flags		= &func_flags,
	.allow_instances = true,
#ifdef CONFIG_FTRACE_STARTUP_TEST
	.selftest	= trace_selftest_startup_function,
#endif
};

/* ------------------------------------------------------------------ */
/* The text of func_repeats entries                                     */

/* The last repeat was this long before the entry. */
static u64 fn_repeats_delta(const struct func_repeats_entry *field)
{
	return ((u64)field->top_delta_ts << 32) | field->bottom_delta_ts;
}

static enum print_line_t fn_repeats_trace(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct func_repeats_entry *field =
		container_of(iter->ent, struct func_repeats_entry, ent);
	struct trace_seq *s = &iter->seq;

	trace_print_fn_call(s, field->ip, field->parent_ip, flags);
	trace_seq_printf(s, " (repeats: %u, last_ts:", field->count);
	trace_print_time_column(iter, iter->ts - fn_repeats_delta(field));
	trace_seq_puts(s, ")\n");
	return trace_handle_return(s);
}

static enum print_line_t fn_repeats_raw(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct func_repeats_entry *field =
		container_of(iter->ent, struct func_repeats_entry, ent);

	trace_seq_printf(&iter->seq, "%lu %lu %u %llu\n", field->ip,
			 field->parent_ip, field->count,
			 fn_repeats_delta(field));
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions fn_repeats_funcs = {
	.trace		= fn_repeats_trace,
	.raw		= fn_repeats_raw,
};

static struct trace_event fn_repeats_event = {
	.type		= TRACE_FUNC_REPEATS,
	.funcs		= &fn_repeats_funcs,
};

/*
 * The ops are the arrays' state before any tracer runs: the client
 * comes before those with files, and its ->free runs after the tracer
 * of a departing array was reset.
 */
static struct trace_array_client ftrace_array_client = {
	.name		= "trace_functions",
	.order		= TRACE_CLIENT_ENGINE,
	.init		= ftrace_array_init,
	.free		= ftrace_array_free,
};

__init int init_function_trace(void)
{
	int ret;

	if (!register_trace_event(&fn_repeats_event))
		return -EBUSY;
	ret = trace_array_client_register(&ftrace_array_client);
	return ret ? ret : register_tracer(&function_trace);
}
