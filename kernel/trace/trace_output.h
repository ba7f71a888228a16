/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the readers of the buffers and the text output share.
 * Included by: trace_iter.c trace_pipe.c trace_output.c trace_dump.c
 * trace_selftest.c trace_selftest_graph.c (which read their own entries
 * back through them) trace_graph_output.c trace_latency.c (display-graph:
 * the default header when it is off) trace_functions.c (the text of its
 * func_repeats entries) trace_probe.c (the head of a kprobe or fprobe
 * event's text)
 *
 * trace_iter.c merges the per-CPU buffers into one stream ordered by
 * time stamp and serves `trace` and `snapshot`; trace_pipe.c consumes
 * (trace_pipe, trace_pipe_raw); trace_dump.c prints to the console;
 * trace_output.c turns each entry into text. A tracer with its own
 * print_line() or header (function_graph, the latency tracers) adds
 * what it needs from trace_output.c here.
 */
#ifndef _KERNEL_TRACE_OUTPUT_H
#define _KERNEL_TRACE_OUTPUT_H

#include <linux/trace_events.h>

/*
 * Bits of iter->iter_flags beyond trace_events.h's TRACE_FILE_* ones.
 *
 * TRACE_FILE_PAUSE: tracing was paused when the file was opened
 * (pause-on-trace) and resumes when it is closed.
 *
 * TRACE_FILE_FMT_ALLOC: iter->fmt is scratch for trace_event_printf()
 * (the %p to %px rewrite when hash-ptr is off). It is NULL, or a fixed
 * buffer of iter->fmt_size bytes set up by the opener (never grown), or
 * it was allocated by trace_output.c (only in task context with irqs
 * on, never during an oops), which then sets this bit.
 */
#define TRACE_FILE_PAUSE	8
#define TRACE_FILE_FMT_ALLOC	16
/*
 * TRACE_FILE_GRAPH: iter->private is the call tree's reader state
 * (trace_graph_open() made it; trace_graph_close() frees it).
 */
#define TRACE_FILE_GRAPH	32

/* The options that change how a symbol prints (the event printers' flags). */
#define TRACE_ITER_SYM_MASK \
	(TRACE_ITER_PRINT_PARENT | TRACE_ITER_SYM_OFFSET | TRACE_ITER_SYM_ADDR)

/* ============ trace_iter.c: the merge of the CPU buffers =============== */

struct trace_entry *trace_find_next_entry(struct trace_iterator *iter,
					  int *ent_cpu, u64 *ent_ts);
void *trace_find_next_entry_inc(struct trace_iterator *iter);
int trace_empty(struct trace_iterator *iter);
void trace_consume(struct trace_iterator *iter);
/* For dumps: read the top level without allocating anything. */
void trace_init_global_iter(struct trace_iterator *iter);
/* Frees what a file's open allocated in @iter (not @iter itself). */
void trace_iter_free_content(struct trace_iterator *iter);

/* ================ trace_output.c: the text of trace files ============= */

/* One entry: header columns (unless printk-msg-only etc.) and payload. */
enum print_line_t print_trace_line(struct trace_iterator *iter);
/* The comment block at the top of `trace` and `snapshot`. */
void trace_default_header(struct seq_file *m);

/* What a tracer printing its own lines (function_graph) builds on. */
struct trace_event *ftrace_find_event(int type);
/* The latency columns "dNh1." of @entry. */
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry);
/* The mark of a duration: '$' above 1s ... '+' above 10us, else ' '. */
char trace_find_mark(unsigned long long duration);
/* The text alone of trace_printk()/marker entries, else UNHANDLED. */
enum print_line_t trace_print_msg_only(struct trace_iterator *iter);
/* The summary block of a latency-format trace. */
void print_trace_header(struct seq_file *m, struct trace_iterator *iter);
/* "function <-caller", the caller as print-parent says. */
void trace_print_fn_call(struct trace_seq *s, unsigned long ip,
			 unsigned long parent_ip, int flags);
/* A code address, with offset and address as @sym_flags ask. */
int seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		     unsigned long sym_flags);
/* A time stamp as the time column shows it ("secs.usecs" or the count). */
void trace_print_time_column(struct trace_iterator *iter, u64 ts);

#endif /* _KERNEL_TRACE_OUTPUT_H */
