/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the readers of the buffers and the text output share.
 * Included by: trace_iter.c trace_pipe.c trace_output.c trace_dump.c
 * trace_selftest.c (which reads its own entries back through them)
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

#endif /* _KERNEL_TRACE_OUTPUT_H */
