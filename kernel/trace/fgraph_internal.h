/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private interface of the function graph tracer.
 * Included by: fgraph.c trace_functions_graph.c trace_graph_output.c
 * trace_selftest_graph.c
 * ftrace_profile.c (the profiler is a graph user: its times, graph-time)
 * trace_latency.c (the latency tracers' display-graph option)
 *
 * The pieces:
 *   fgraph.c                the return hook's core: up to 16 users
 *                           (struct fgraph_ops), the per-task shadow
 *                           stacks, the entry and return paths the arch
 *                           calls, ftrace_graph_ret_addr() for unwinders
 *   trace_functions_graph.c the function_graph tracer: recording the
 *                           funcgraph_entry/exit entries, its options and
 *                           files (max_graph_depth, set_graph_function,
 *                           set_graph_notrace)
 *   trace_graph_output.c    the text of those entries: the call tree with
 *                           durations, as `trace` and `trace_pipe` show it
 *
 * The public API (struct fgraph_ops, register_ftrace_graph(), the arch
 * hooks) is include/linux/ftrace.h.
 */
#ifndef _KERNEL_TRACE_FGRAPH_INTERNAL_H
#define _KERNEL_TRACE_FGRAPH_INTERNAL_H

#include <linux/bits.h>
#include <linux/ftrace.h>
#include <linux/trace_seq.h>

struct trace_array;
struct trace_iterator;
struct seq_file;

/* ========================= fgraph.c ================================= */

/*
 * sleep-time: while off, the time a task spends scheduled out is taken
 * out of the durations of the calls it is inside of. One switch for the
 * whole system, as upstream has it.
 */
void fgraph_sleep_time_control(bool on);

/* ================ trace_functions_graph.c: the tracer ================= */

/*
 * The tracer's private option bits (options/funcgraph-*); the low bits
 * of tracer_flags.val, as the output reads them.
 */
enum {
	/* columns before the tree */
	TRACE_GRAPH_PRINT_ABS_TIME	= BIT(0),
	TRACE_GRAPH_PRINT_REL_TIME	= BIT(1),	/* (no option sets it) */
	TRACE_GRAPH_PRINT_CPU		= BIT(2),
	TRACE_GRAPH_PRINT_PROC		= BIT(3),
	TRACE_GRAPH_PRINT_DURATION	= BIT(4),
	TRACE_GRAPH_PRINT_OVERHEAD	= BIT(5),
	/* what the tree shows */
	TRACE_GRAPH_PRINT_IRQS		= BIT(6),
	TRACE_GRAPH_PRINT_TAIL		= BIT(7),
	TRACE_GRAPH_PRINT_OVERRUN	= BIT(8),
	TRACE_GRAPH_PRINT_RETVAL	= BIT(9),
	TRACE_GRAPH_PRINT_RETVAL_HEX	= BIT(10),
	/* how durations are counted */
	TRACE_GRAPH_SLEEP_TIME		= BIT(11),
	TRACE_GRAPH_GRAPH_TIME		= BIT(12),
};

/* The options currently set (they are global, not per array). */
u32 trace_graph_flags(void);
/*
 * Whether set_graph_function, set_graph_notrace, max_graph_depth or
 * tracing_thresh (from the boot options or the files) limit what the
 * tracer records: the self-test leaves them alone then.
 */
bool trace_graph_limited(void);
/*
 * set_graph_function, set_graph_notrace and max_graph_depth for any graph
 * user, on its task word (fgraph_get_task_var()). At an entry:
 * GRAPH_FILTER_REFUSE (record nothing, hook no return), GRAPH_FILTER_HOOK
 * (record nothing, but hook the return: it ends a set_graph_notrace
 * region) or GRAPH_FILTER_PASS (the user may record). A user that then
 * refuses a passed entry itself (so hooks no return) tells
 * trace_graph_filter_refused(). At a hooked return,
 * trace_graph_filter_return() says whether it may be recorded.
 */
enum {
	GRAPH_FILTER_REFUSE,
	GRAPH_FILTER_HOOK,
	GRAPH_FILTER_PASS,
};

int trace_graph_filter_entry(unsigned long *tv,
			     const struct ftrace_graph_ent *trace);
void trace_graph_filter_refused(unsigned long *tv, int depth);
bool trace_graph_filter_return(unsigned long *tv,
			       const struct ftrace_graph_ret *trace);
/*
 * For the latency tracers' display-graph: a funcgraph_entry or
 * funcgraph_exit entry into @tr's live buffer. The caller keeps its own
 * callbacks from recursing.
 */
void trace_graph_write_entry(struct trace_array *tr,
			     const struct ftrace_graph_ent *trace,
			     unsigned int trace_ctx);
void trace_graph_write_return(struct trace_array *tr,
			      const struct ftrace_graph_ret *trace,
			      unsigned int trace_ctx);

/* ============ trace_graph_output.c: the text of the entries ============ */

/*
 * The function_graph tracer's ->print_line (also the printer of the
 * funcgraph entries as events), ->print_header, ->open and ->close.
 */
enum print_line_t trace_graph_print_line(struct trace_iterator *iter);
void trace_graph_print_header(struct seq_file *m);
/* Register the funcgraph entries' printers (from init_graph_trace()). */
int trace_graph_output_init(void);
void trace_graph_open(struct trace_iterator *iter);
void trace_graph_close(struct trace_iterator *iter);
/*
 * The same two printers with columns of the caller's choosing (the
 * latency tracers' display-graph: TRACE_GRAPH_PRINT_* bits) rather
 * than the funcgraph-* options.
 */
enum print_line_t trace_graph_print_line_flags(struct trace_iterator *iter,
					       u32 flags);
void trace_graph_print_header_flags(struct seq_file *m, u32 flags);
/*
 * A duration as the duration column prints it: "12.345 us" and spaces
 * up to the column's width (also the profiler's Time, Avg and s^2).
 */
void trace_graph_print_duration(u64 duration, struct trace_seq *s);

/* ============ ftrace_profile.c: the function profiler ================== */

#ifdef CONFIG_FUNCTION_PROFILER
/* graph-time: off, a function's time leaves out its children's. */
void ftrace_profile_graph_time(bool on);
#else
static inline void ftrace_profile_graph_time(bool on)
{
}
#endif

/* ======= trace_selftest_graph.c: the tracer's boot self-test ========== */

#ifdef CONFIG_FTRACE_STARTUP_TEST
struct tracer;
int trace_selftest_startup_function_graph(struct tracer *trace,
					  struct trace_array *tr);
#endif

#endif /* _KERNEL_TRACE_FGRAPH_INTERNAL_H */
