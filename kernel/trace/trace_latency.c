// SPDX-License-Identifier: GPL-2.0
/*
 * What every latency tracer shares: irqsoff, preemptoff and
 * preemptirqsoff (trace_irqsoff.c) time critical sections, wakeup,
 * wakeup_rt and wakeup_dl (trace_sched_wakeup.c) the way from a wakeup
 * to the woken task running. Each decides where its window opens and
 * closes; the rest is the same for all of them and lives here:
 *
 *   - the options a latency tracer forces while it runs (overwrite,
 *     latency-format, and pause-on-trace where the tracer asks for it)
 *     and gives back when it stops, and the refusal to turn overwrite
 *     off under it;
 *   - "now" on the clock of the array's entries, and whether a window of
 *     some length is kept: every one over tracing_thresh when that is
 *     set, else only a new maximum;
 *   - keeping one: tracing_max_latency, and the swap of the live buffer
 *     into the snapshot buffer (trace_snapshot.c) that `trace` shows;
 *   - the entries a tracer writes inside its window: the function-trace
 *     option's ftrace_ops, and the TRACE_FN entry itself;
 *   - display-graph: the same as funcgraph entries and returns (an fgraph
 *     user instead of the ftrace_ops), printed as a call tree by
 *     trace_graph_output.c, in the columns upstream gives each family.
 */
#include <linux/ftrace.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>

#include "fgraph_internal.h"
#include "trace.h"
#include "trace_latency.h"
#include "trace_output.h"

/* ------------------------------------------------------------------ */
/* Options                                                              */

void latency_flags_force(struct trace_array *tr, unsigned int *saved,
			 bool pause)
{
	*saved = tr->trace_flags;
	set_tracer_flag(tr, TRACE_ITER_OVERWRITE, 1);
	set_tracer_flag(tr, TRACE_ITER_LATENCY_FMT, 1);
	if (pause)
		set_tracer_flag(tr, TRACE_ITER_PAUSE_ON_TRACE, 1);
}

void latency_flags_restore(struct trace_array *tr, unsigned int saved,
			   bool pause)
{
	set_tracer_flag(tr, TRACE_ITER_OVERWRITE,
			saved & TRACE_ITER_OVERWRITE);
	set_tracer_flag(tr, TRACE_ITER_LATENCY_FMT,
			saved & TRACE_ITER_LATENCY_FMT);
	if (pause)
		set_tracer_flag(tr, TRACE_ITER_PAUSE_ON_TRACE,
				saved & TRACE_ITER_PAUSE_ON_TRACE);
}

/* ------------------------------------------------------------------ */
/* Measuring and keeping                                                */

u64 latency_now(struct trace_array *tr, int cpu)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	u64 ts = ring_buffer_time_stamp(buffer);

	ring_buffer_normalize_time_stamp(buffer, cpu, &ts);
	return ts;
}

bool latency_worth_keeping(struct trace_array *tr, u64 delta)
{
	unsigned long thresh = READ_ONCE(tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > READ_ONCE(tr->max_latency);
}

void latency_keep(struct trace_array *tr, struct task_struct *tsk, int cpu,
		  u64 delta, bool one_cpu)
{
	/* tracing_stop(): neither the maximum nor the buffers move. */
	if (tr->stop_count)
		return;
	WRITE_ONCE(tr->max_latency, (unsigned long)delta);
	latency_update_max(tr, tsk, cpu, one_cpu);
}

/* ------------------------------------------------------------------ */
/* Entries inside the window                                            */

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
#define LATENCY_GRAPH_FLAG	TRACE_ITER_DISPLAY_GRAPH

/*
 * With display-graph a single call (the window's own ends) is an entry
 * and its return at the same instant, at depth 0.
 */
static void latency_record_graph(struct trace_array *tr, unsigned long ip,
				 unsigned int trace_ctx)
{
	struct ftrace_graph_ent ent = { .func = ip };
	struct ftrace_graph_ret ret = { .func = ip };

	ret.calltime = trace_clock_local();
	ret.rettime = ret.calltime;
	trace_graph_write_entry(tr, &ent, trace_ctx);
	trace_graph_write_return(tr, &ret, trace_ctx);
}
#else
#define LATENCY_GRAPH_FLAG	0U

static void latency_record_graph(struct trace_array *tr, unsigned long ip,
				 unsigned int trace_ctx)
{
}
#endif

void latency_record_fn(struct trace_array *tr, unsigned long ip,
		       unsigned long parent_ip, unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct ftrace_entry *fe;

	if (trace_flag_set(tr, LATENCY_GRAPH_FLAG)) {
		latency_record_graph(tr, ip, trace_ctx);
		return;
	}
	event = trace_buffer_lock_reserve(buffer, TRACE_FN, sizeof(*fe),
					  trace_ctx);
	if (unlikely(!event))
		return;
	fe = ring_buffer_event_data(event);
	fe->ip = ip;
	fe->parent_ip = parent_ip;
	__buffer_unlock_commit(buffer, event);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * display-graph with function-trace: the calls and returns of the CPUs
 * inside a window, through an fgraph user of the tracer's own. A return
 * is only written if its CPU is still inside (a call that outlives the
 * window prints as an entry without its end, as upstream's does).
 */
static bool latency_graph_write(struct latency_functions *lf, int type,
				const void *rec)
{
	struct trace_array *tr = lf->tr;
	struct trace_array_cpu *data;
	unsigned long flags;
	bool done = false;

	/* raw: irqsoff must not see its own recording as a section */
	raw_local_irq_save(flags);
	if (!lf->in_window())
		goto out;
	data = this_cpu_ptr(tr->array_buffer.data);
	/* > 0 also while this CPU records for the tracer: no recursion */
	if (atomic_inc_return(&data->disabled) == 1) {
		if (type == TRACE_GRAPH_ENT)
			trace_graph_write_entry(tr, rec, tracing_gen_ctx_flags(flags));
		else
			trace_graph_write_return(tr, rec, tracing_gen_ctx_flags(flags));
		done = true;
	}
	atomic_dec(&data->disabled);
out:
	raw_local_irq_restore(flags);
	return done;
}

/*
 * set_graph_function, set_graph_notrace and max_graph_depth hold here as
 * for the graph tracer (the same helpers, on this user's task word).
 */
static int latency_graph_entry(struct ftrace_graph_ent *trace,
			       struct fgraph_ops *gops)
{
	unsigned long *tv = fgraph_get_task_var(gops);

	switch (trace_graph_filter_entry(tv, trace)) {
	case GRAPH_FILTER_REFUSE:
		return 0;
	case GRAPH_FILTER_HOOK:
		return 1;
	}
	/* 1: hook the return too */
	if (latency_graph_write(gops->private, TRACE_GRAPH_ENT, trace))
		return 1;
	trace_graph_filter_refused(tv, trace->depth);
	return 0;
}

static void latency_graph_return(struct ftrace_graph_ret *trace,
				 struct fgraph_ops *gops)
{
	unsigned long *tv = fgraph_get_task_var(gops);

	if (trace_graph_filter_return(tv, trace))
		latency_graph_write(gops->private, TRACE_GRAPH_RET, trace);
}

static int latency_graph_on(struct trace_array *tr,
			    struct latency_functions *lf)
{
	struct fgraph_ops *gops;
	int ret;

	gops = kzalloc(sizeof(*gops), GFP_KERNEL);
	if (!gops)
		return -ENOMEM;
	gops->entryfunc = latency_graph_entry;
	gops->retfunc = latency_graph_return;
	gops->private = lf;
	/* set_ftrace_filter/notrace of the array choose the functions */
	gops->ops.func_hash = tr->ops->func_hash;
	gops->ops.private = tr;
	ret = register_ftrace_graph(gops);
	if (ret) {
		kfree(gops);
		return ret;
	}
	lf->gops = gops;
	return 0;
}

static void latency_graph_off(struct latency_functions *lf)
{
	unregister_ftrace_graph(lf->gops);
	kfree(lf->gops);
	lf->gops = NULL;
}
#else
static int latency_graph_on(struct trace_array *tr,
			    struct latency_functions *lf)
{
	return 0;
}

static void latency_graph_off(struct latency_functions *lf)
{
}
#endif

/* The function-trace option, where the function tracer is built. */
#ifdef CONFIG_FUNCTION_TRACER
#define LATENCY_FUNCTION_FLAG	TRACE_ITER_FUNCTION

/* Function tracing on, as a graph with @graph. */
static int latency_functions_on(struct trace_array *tr,
				struct latency_functions *lf, bool graph)
{
	int ret;

	if (lf->on || !tr->ops)
		return 0;
	lf->tr = tr;
	if (graph) {
		ret = latency_graph_on(tr, lf);
	} else {
		/* the array's ops: set_ftrace_filter/notrace choose */
		tr->ops->func = lf->func;
		ret = register_ftrace_function(tr->ops);
	}
	if (!ret)
		lf->on = true;
	return ret;
}

static void latency_functions_off(struct trace_array *tr,
				  struct latency_functions *lf)
{
	if (!lf->on)
		return;
	if (lf->gops)
		latency_graph_off(lf);
	else
		unregister_ftrace_function(tr->ops);
	lf->on = false;
}
#else
#define LATENCY_FUNCTION_FLAG	0U

static int latency_functions_on(struct trace_array *tr,
				struct latency_functions *lf, bool graph)
{
	return 0;
}

static void latency_functions_off(struct trace_array *tr,
				  struct latency_functions *lf)
{
}
#endif

void latency_functions_start(struct trace_array *tr,
			     struct latency_functions *lf)
{
	if (trace_flag_set(tr, LATENCY_FUNCTION_FLAG) &&
	    latency_functions_on(tr, lf, trace_flag_set(tr, LATENCY_GRAPH_FLAG)))
		pr_warn("tracing: %s: no function tracing inside its windows\n",
			tr->current_trace->name);
}

void latency_functions_stop(struct trace_array *tr,
			    struct latency_functions *lf)
{
	latency_functions_off(tr, lf);
}

int latency_flag_changed(struct trace_array *tr, struct latency_functions *lf,
			 u32 mask, int set)
{
	if (mask & LATENCY_FUNCTION_FLAG) {
		if (set)
			return latency_functions_on(tr, lf,
					trace_flag_set(tr, LATENCY_GRAPH_FLAG));
		latency_functions_off(tr, lf);
		return 0;
	}
	if (mask & LATENCY_GRAPH_FLAG) {
		/*
		 * Entries of the two kinds do not mix in one trace: start
		 * afresh, functions traced the new way.
		 */
		latency_functions_off(tr, lf);
		WRITE_ONCE(tr->max_latency, 0);
		tracing_reset_online_cpus(&tr->array_buffer);
		if (trace_flag_set(tr, LATENCY_FUNCTION_FLAG))
			return latency_functions_on(tr, lf, set);
		return 0;
	}
	/* A buffer that stops when full would keep the oldest entries. */
	if ((mask & TRACE_ITER_OVERWRITE) && !set)
		return -EINVAL;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Reading: display-graph prints the entries as a call tree            */

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* The columns of each family, as upstream has them. */
static u32 latency_graph_columns(struct latency_functions *lf)
{
	u32 flags = TRACE_GRAPH_PRINT_CPU | TRACE_GRAPH_PRINT_PROC |
		    TRACE_GRAPH_PRINT_REL_TIME | TRACE_GRAPH_PRINT_DURATION;

	if (lf->wakeup_columns)
		flags |= TRACE_GRAPH_PRINT_OVERHEAD | TRACE_GRAPH_PRINT_IRQS;
	return flags;
}

void latency_open(struct trace_iterator *iter)
{
	if (trace_flag_set(iter->tr, LATENCY_GRAPH_FLAG))
		trace_graph_open(iter);
}

void latency_close(struct trace_iterator *iter)
{
	if (iter->iter_flags & TRACE_FILE_GRAPH)
		trace_graph_close(iter);
}

enum print_line_t latency_print_line(struct trace_iterator *iter,
				     struct latency_functions *lf)
{
	if (!trace_flag_set(iter->tr, LATENCY_GRAPH_FLAG))
		return TRACE_TYPE_UNHANDLED;
	return trace_graph_print_line_flags(iter, latency_graph_columns(lf));
}

void latency_print_header(struct seq_file *m, struct latency_functions *lf)
{
	struct trace_iterator *iter = m->private;

	if (trace_flag_set(iter->tr, LATENCY_GRAPH_FLAG))
		trace_graph_print_header_flags(m, latency_graph_columns(lf));
	else
		trace_default_header(m);
}
#else
void latency_open(struct trace_iterator *iter)
{
}

void latency_close(struct trace_iterator *iter)
{
}

enum print_line_t latency_print_line(struct trace_iterator *iter,
				     struct latency_functions *lf)
{
	return TRACE_TYPE_UNHANDLED;
}

void latency_print_header(struct seq_file *m, struct latency_functions *lf)
{
	trace_default_header(m);
}
#endif
