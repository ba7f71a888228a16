/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the latency tracers share, with each other and with the hooks
 * that feed them.
 * Included by: trace_irqflags.c trace_irqsoff.c trace_sched_wakeup.c
 * trace_latency.c
 *
 * trace_irqflags.c receives every change of the interrupt flag
 * (trace_hardirqs_on/off() and their halves) and of preemption
 * (trace_preempt_on/off()); trace_irqsoff.c measures the sections in
 * between for irqsoff, preemptoff and preemptirqsoff. The hooks run on
 * every local_irq_disable() of the kernel, so they ask a static key
 * before calling a tracer at all: it is on only while one of those
 * tracers is current on some trace array.
 *
 * trace_sched_wakeup.c (wakeup, wakeup_rt, wakeup_dl) times from the
 * sched tracepoints instead. What all six do alike, from the options
 * they force to keeping a new maximum, is trace_latency.c's.
 *
 * What the latency tracers need from the core (saving the task and the
 * section of a new maximum, the swap into the snapshot buffer) is in
 * trace.h under trace_snapshot.c; the latency header of `trace` is
 * trace_output.c's.
 */
#ifndef _KERNEL_TRACE_LATENCY_H
#define _KERNEL_TRACE_LATENCY_H

#include <linux/jump_label.h>
#include <linux/trace_events.h>

/* ========== trace_irqsoff.c: the tracer side of the hooks ============ */

#if defined(CONFIG_IRQSOFF_TRACER) || defined(CONFIG_PREEMPT_TRACER)
/* On while irqsoff, preemptoff or preemptirqsoff runs somewhere. */
DECLARE_STATIC_KEY_FALSE(latency_hooks_key);

static __always_inline bool latency_hooks_on(void)
{
	return static_branch_unlikely(&latency_hooks_key);
}

/*
 * The tracer side of the hooks: @ip is the address that changed the
 * state, @parent_ip its caller (0 where the unwinder cannot tell).
 * Called with the state still as before for the "on" hooks and already
 * changed for the "off" ones, from any context, NMI included.
 */
void tracer_hardirqs_on(unsigned long ip, unsigned long parent_ip);
void tracer_hardirqs_off(unsigned long ip, unsigned long parent_ip);
void tracer_preempt_on(unsigned long ip, unsigned long parent_ip);
void tracer_preempt_off(unsigned long ip, unsigned long parent_ip);
#else
static __always_inline bool latency_hooks_on(void)
{
	return false;
}

static inline void tracer_hardirqs_on(unsigned long ip, unsigned long parent_ip) { }
static inline void tracer_hardirqs_off(unsigned long ip, unsigned long parent_ip) { }
static inline void tracer_preempt_on(unsigned long ip, unsigned long parent_ip) { }
static inline void tracer_preempt_off(unsigned long ip, unsigned long parent_ip) { }
#endif

/* ========== trace_latency.c: what every latency tracer shares ========= */

struct trace_array;
struct task_struct;

/*
 * While a latency tracer runs on @tr, overwrite and latency-format are
 * on (and pause-on-trace with @pause: reading must not race a swap);
 * *@saved keeps the user's flags for latency_flags_restore() with the
 * same @pause. Under trace_types_lock, from ->init and ->reset.
 */
void latency_flags_force(struct trace_array *tr, unsigned int *saved,
			 bool pause);
void latency_flags_restore(struct trace_array *tr, unsigned int saved,
			   bool pause);

/* Now, on the clock of @tr's entries recorded on @cpu. */
u64 latency_now(struct trace_array *tr, int cpu);
/* Is a window of @delta ns kept? Over tracing_thresh, else a new max. */
bool latency_worth_keeping(struct trace_array *tr, u64 delta);
/*
 * Keep a window of @delta ns that @tsk saw on @cpu: it becomes
 * tracing_max_latency and the live buffer (only @cpu's with @one_cpu)
 * goes into the snapshot. Interrupts off; nothing while tracing is
 * stopped.
 */
void latency_keep(struct trace_array *tr, struct task_struct *tsk, int cpu,
		  u64 delta, bool one_cpu);

/* A TRACE_FN entry of @ip called from @parent_ip into @tr's live buffer. */
void latency_record_fn(struct trace_array *tr, unsigned long ip,
		       unsigned long parent_ip, unsigned int trace_ctx);

/*
 * The function-trace option: @func, the tracer's callback, on @tr's
 * ftrace_ops (its private field is @tr) while on. The callback decides
 * whether its CPU is inside the window and writes with
 * latency_record_fn(). With display-graph, an fgraph user instead,
 * whose callbacks ask @in_window (interrupts off) before they write.
 * Under trace_types_lock.
 */
struct ftrace_ops;
struct ftrace_regs;
struct fgraph_ops;

struct latency_functions {
	/* ftrace_func_t, which only function tracing kernels define */
	void	(*func)(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs);
	bool	(*in_window)(void);
	/* display-graph shows the overhead marks and interrupt code */
	bool	wakeup_columns;

	/* trace_latency.c's */
	struct trace_array	*tr;
	struct fgraph_ops	*gops;	/* display-graph's, while on */
	bool			on;
};

/* From ->init: @lf on if function-trace is set; from ->reset: off. */
void latency_functions_start(struct trace_array *tr,
			     struct latency_functions *lf);
void latency_functions_stop(struct trace_array *tr,
			    struct latency_functions *lf);
/*
 * ->flag_changed of a latency tracer running on @tr: function-trace
 * switches @lf, display-graph switches its kind (and starts afresh:
 * tracing_max_latency 0, the live buffer cleared), overwrite cannot be
 * turned off (a buffer that stops when full would keep the oldest
 * entries). 0 or -errno.
 */
int latency_flag_changed(struct trace_array *tr, struct latency_functions *lf,
			 u32 mask, int set);

/*
 * The tracers' ->open, ->close, ->print_line and ->print_header: the
 * call tree with display-graph, the usual text and header without.
 */
struct trace_iterator;
struct seq_file;

void latency_open(struct trace_iterator *iter);
void latency_close(struct trace_iterator *iter);
enum print_line_t latency_print_line(struct trace_iterator *iter,
				     struct latency_functions *lf);
void latency_print_header(struct seq_file *m, struct latency_functions *lf);

#endif /* _KERNEL_TRACE_LATENCY_H */
