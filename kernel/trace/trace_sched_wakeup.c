// SPDX-License-Identifier: GPL-2.0
/*
 * The wakeup, wakeup_rt and wakeup_dl latency tracers.
 *
 * Each times the way from waking a task to that task running: the
 * window opens at the sched_wakeup (or sched_wakeup_new) tracepoint of
 * the task and closes at the sched_switch that puts it on a CPU. One
 * task is timed at a time, the one that matters most:
 *
 *   wakeup     any task woken with a higher priority than both its waker
 *              and the task being timed (which it then replaces);
 *   wakeup_rt  the same among real-time and deadline tasks only;
 *   wakeup_dl  deadline tasks only.
 *
 * A deadline task, once timed, is not replaced until it runs.
 *
 * Inside the window the live buffer gets the wakeup (a TRACE_WAKE entry,
 * "+"), the stack that woke it, with function-trace every function the
 * CPU it will run on calls (with display-graph: as a call tree), then
 * the switch (TRACE_CTX, "==>") and its stack. A window worth keeping
 * (trace_latency.c: over tracing_thresh, else a new maximum) becomes
 * tracing_max_latency and the whole live buffer goes into the snapshot
 * buffer, where `trace` reads it (the tracers set print_max) under the
 * latency header, naming the woken task and the CPU it was woken on.
 *
 * One array at a time runs one of the three (upstream refuses a second
 * with -EBUSY); irqsoff and its kin may run on another array meanwhile.
 * While one runs, overwrite and latency-format are on; reset gives the
 * user's settings back.
 */
#include <linux/ftrace.h>
#include <linux/sched.h>
#include <linux/sched/deadline.h>
#include <linux/sched/rt.h>
#include <linux/sched/task.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_latency.h"

/* Which woken tasks a tracer times. */
enum wakeup_class {
	WAKEUP_ANY,
	WAKEUP_RT,	/* real-time and deadline */
	WAKEUP_DL,	/* deadline */
};

/* No task timed: every priority is higher than this. */
#define WAKEUP_NO_PRIO		INT_MAX

/* Set by init and reset, under trace_types_lock. */
static struct trace_array *wk_tr;	/* the array it records into */
static enum wakeup_class wk_class;
static bool wk_busy;			/* some array has one current */
static unsigned int wk_saved_flags;	/* the user's, for reset */
/* Recording: running and tracing_on (read by the probes). */
static bool wk_live;

/*
 * The window being timed. Written under wk_lock (an arch lock: the
 * probes run inside the scheduler, with its run-queue locks held, where
 * lockdep must not be entered). The probes read wk_task, wk_prio and
 * wk_dl_timed without it first, to leave early, then again under it.
 */
static arch_spinlock_t wk_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static struct task_struct *wk_task;	/* woken, not yet run; a reference */
static int wk_cpu;			/* its CPU when woken */
static int wk_run_cpu;			/* its CPU now (migrations move it) */
static int wk_prio = WAKEUP_NO_PRIO;
static bool wk_dl_timed;		/* wk_task is a deadline task */

/* ------------------------------------------------------------------ */
/* Entries                                                              */

/* A TRACE_WAKE or TRACE_CTX entry: @prev woke or left for @next. */
static void wakeup_record_ctx(struct trace_array *tr, int type,
			      struct task_struct *prev,
			      struct task_struct *next,
			      unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct ctx_switch_entry *e;

	event = trace_buffer_lock_reserve(buffer, type, sizeof(*e), trace_ctx);
	if (unlikely(!event))
		return;
	e = ring_buffer_event_data(event);
	e->prev_pid = prev->pid;
	e->prev_prio = prev->prio;
	e->prev_state = task_state_index(prev);
	e->next_pid = next->pid;
	e->next_prio = next->prio;
	e->next_state = task_state_index(next);
	e->next_cpu = task_cpu(next);
	__buffer_unlock_commit(buffer, event);
}

/* ------------------------------------------------------------------ */
/* The window                                                           */

/* Forget the task timed, if any. wk_lock held. */
static void wakeup_forget(void)
{
	struct task_struct *t = wk_task;

	WRITE_ONCE(wk_task, NULL);
	WRITE_ONCE(wk_prio, WAKEUP_NO_PRIO);
	WRITE_ONCE(wk_dl_timed, false);
	wk_cpu = -1;
	WRITE_ONCE(wk_run_cpu, -1);
	/*
	 * Never the last reference: a woken task runs before it can exit,
	 * and its switch in is where the tracer forgets it; only reset
	 * forgets a task that has not run, from task context.
	 */
	if (t)
		put_task_struct(t);
}

/* Is @p, woken by current, the task to time now? */
static bool wakeup_wanted(struct task_struct *p)
{
	/* A deadline task stays timed until it runs. */
	if (READ_ONCE(wk_dl_timed))
		return false;
	if (dl_task(p))
		return true;
	if (wk_class == WAKEUP_DL)
		return false;
	if (wk_class == WAKEUP_RT && !rt_or_dl_task(p))
		return false;
	/* lower prio values are higher priorities */
	return p->prio < READ_ONCE(wk_prio) && p->prio < current->prio;
}

/* sched_wakeup and sched_wakeup_new: interrupts off, @p's locks held. */
static void wakeup_probe_wake(void *ignore, struct task_struct *p)
{
	struct trace_array_cpu *data, *wdata;
	struct trace_array *tr;
	unsigned int trace_ctx;
	int cpu;

	/* Pairs with the release in wakeup_go(). */
	if (likely(!smp_load_acquire(&wk_live)))
		return;
	tracing_record_cmdline(p);
	tracing_record_cmdline(current);
	if (!wakeup_wanted(p))
		return;

	tr = wk_tr;
	cpu = raw_smp_processor_id();
	data = per_cpu_ptr(tr->array_buffer.data, cpu);
	/* > 0 also while this CPU records for the tracer: no recursion */
	if (atomic_inc_return(&data->disabled) != 1)
		goto out;
	trace_ctx = tracing_gen_ctx();

	arch_spin_lock(&wk_lock);
	/* another CPU may have taken a more important one meanwhile */
	if (!READ_ONCE(wk_live) || !wakeup_wanted(p))
		goto unlock;
	wakeup_forget();
	wk_task = get_task_struct(p);
	wk_cpu = task_cpu(p);
	WRITE_ONCE(wk_run_cpu, wk_cpu);
	WRITE_ONCE(wk_prio, p->prio);
	WRITE_ONCE(wk_dl_timed, dl_task(p));

	/* The window opens; the header reads it in wk_cpu's data. */
	wdata = per_cpu_ptr(tr->array_buffer.data, wk_cpu);
	wdata->preempt_timestamp = latency_now(tr, cpu);
	wakeup_record_ctx(tr, TRACE_WAKE, current, p, trace_ctx);
	trace_record_kstack(tr->array_buffer.buffer, trace_ctx, 0);
	/* where the wakeup came from: the tracepoint's caller and its */
	latency_record_fn(tr, CALLER_ADDR1, CALLER_ADDR2, trace_ctx);
unlock:
	arch_spin_unlock(&wk_lock);
out:
	atomic_dec(&data->disabled);
}

/* sched_switch: interrupts off, the run-queue locked. */
static void wakeup_probe_switch(void *ignore, bool preempt,
				struct task_struct *prev,
				struct task_struct *next,
				unsigned int prev_state)
{
	struct trace_array_cpu *data, *wdata;
	struct trace_array *tr;
	unsigned int trace_ctx;
	unsigned long flags;
	u64 start, now;
	int cpu;

	tracing_record_cmdline(prev);
	/* Pairs with the release in wakeup_go(). */
	if (likely(!smp_load_acquire(&wk_live)))
		return;
	if (next != READ_ONCE(wk_task))
		return;

	tr = wk_tr;
	cpu = raw_smp_processor_id();
	data = per_cpu_ptr(tr->array_buffer.data, cpu);
	if (atomic_inc_return(&data->disabled) != 1)
		goto out;
	local_irq_save(flags);
	trace_ctx = tracing_gen_ctx_flags(flags);

	arch_spin_lock(&wk_lock);
	if (!READ_ONCE(wk_live) || next != wk_task)
		goto unlock;
	/* The window closes: where, the switch, and the stack. */
	latency_record_fn(tr, CALLER_ADDR0, CALLER_ADDR1, trace_ctx);
	wakeup_record_ctx(tr, TRACE_CTX, prev, next, trace_ctx);
	trace_record_kstack(tr->array_buffer.buffer, trace_ctx, 0);

	wdata = per_cpu_ptr(tr->array_buffer.data, wk_cpu);
	start = wdata->preempt_timestamp;
	now = latency_now(tr, cpu);
	/* the two stamps come from two CPUs' clocks: never below zero */
	if (now > start && latency_worth_keeping(tr, now - start))
		latency_keep(tr, next, wk_cpu, now - start, false);
	wakeup_forget();
unlock:
	arch_spin_unlock(&wk_lock);
	local_irq_restore(flags);
out:
	atomic_dec(&data->disabled);
}

/* sched_migrate_task: the timed task will run elsewhere. */
static void wakeup_probe_migrate(void *ignore, struct task_struct *p,
				 int dest_cpu)
{
	if (p == READ_ONCE(wk_task))
		WRITE_ONCE(wk_run_cpu, dest_cpu);
}

/* ------------------------------------------------------------------ */
/* Functions inside the window (option function-trace)                 */

#ifdef CONFIG_FUNCTION_TRACER
/* Only the CPU the woken task will run on, while it waits for it. */
static void wakeup_function_call(unsigned long ip, unsigned long parent_ip,
				 struct ftrace_ops *op,
				 struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct trace_array_cpu *data;
	int bit;

	if (likely(!READ_ONCE(wk_task)))
		return;
	/* preemption off until the unlock */
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (raw_smp_processor_id() != READ_ONCE(wk_run_cpu))
		goto out;
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1)
		latency_record_fn(tr, ip, parent_ip, tracing_gen_ctx_dec());
	atomic_dec(&data->disabled);
out:
	ftrace_test_recursion_unlock(bit);
}
#else
#define wakeup_function_call	NULL
#endif

/* display-graph's test: the same. Interrupts off. */
static bool wakeup_in_window(void)
{
	return READ_ONCE(wk_task) &&
	       raw_smp_processor_id() == READ_ONCE(wk_run_cpu);
}

static struct latency_functions wk_functions = {
	.func		= wakeup_function_call,
	.in_window	= wakeup_in_window,
	.wakeup_columns	= true,
};

static enum print_line_t wakeup_print_line(struct trace_iterator *iter)
{
	return latency_print_line(iter, &wk_functions);
}

static void wakeup_print_header(struct seq_file *m)
{
	latency_print_header(m, &wk_functions);
}

/* ------------------------------------------------------------------ */
/* The tracers                                                          */

/* Forget the window and clear the live buffer. */
static void wakeup_clear(struct trace_array *tr)
{
	unsigned long flags;

	tracing_reset_online_cpus(&tr->array_buffer);
	local_irq_save(flags);
	arch_spin_lock(&wk_lock);
	wakeup_forget();
	arch_spin_unlock(&wk_lock);
	local_irq_restore(flags);
}

/* Start recording: a clean slate first, then the probes may act. */
static void wakeup_go(struct trace_array *tr)
{
	wakeup_clear(tr);
	/*
	 * Pairs with the acquire in the probes: one that sees wk_live sees
	 * wk_tr, wk_class and no task left from before.
	 */
	smp_store_release(&wk_live, true);
}

static int wakeup_probes_on(void)
{
	int ret;

	ret = register_trace_sched_wakeup(wakeup_probe_wake, NULL);
	if (ret)
		return ret;
	ret = register_trace_sched_wakeup_new(wakeup_probe_wake, NULL);
	if (ret)
		goto fail_new;
	ret = register_trace_sched_switch(wakeup_probe_switch, NULL);
	if (ret)
		goto fail_switch;
	ret = register_trace_sched_migrate_task(wakeup_probe_migrate, NULL);
	if (ret)
		goto fail_migrate;
	return 0;

fail_migrate:
	unregister_trace_sched_switch(wakeup_probe_switch, NULL);
fail_switch:
	unregister_trace_sched_wakeup_new(wakeup_probe_wake, NULL);
fail_new:
	unregister_trace_sched_wakeup(wakeup_probe_wake, NULL);
	return ret;
}

static void wakeup_probes_off(void)
{
	unregister_trace_sched_migrate_task(wakeup_probe_migrate, NULL);
	unregister_trace_sched_switch(wakeup_probe_switch, NULL);
	unregister_trace_sched_wakeup_new(wakeup_probe_wake, NULL);
	unregister_trace_sched_wakeup(wakeup_probe_wake, NULL);
	/* no probe still runs on another CPU after this */
	tracepoint_synchronize_unregister();
}

static int wakeup_init_class(struct trace_array *tr, enum wakeup_class class)
{
	int cpu, ret;

	if (wk_busy)
		return -EBUSY;

	latency_flags_force(tr, &wk_saved_flags, false);
	WRITE_ONCE(tr->max_latency, 0);
	/* `trace` shows the snapshot buffer: only this run's maxima. */
	tracing_reset_online_cpus(&tr->max_buffer);
	/* no critical section: the header prints no "started at" */
	for_each_possible_cpu(cpu)
		per_cpu_ptr(tr->array_buffer.data, cpu)->critical_start = 0;

	wk_tr = tr;
	wk_class = class;
	ret = wakeup_probes_on();
	if (ret) {
		pr_warn("tracing: %s: cannot attach to the sched tracepoints\n",
			tr->current_trace->name);
		wk_tr = NULL;
		latency_flags_restore(tr, wk_saved_flags, false);
		return ret;
	}
	latency_functions_start(tr, &wk_functions);
	wk_busy = true;
	if (tracer_tracing_is_on(tr))
		wakeup_go(tr);
	return 0;
}

static void wakeup_reset(struct trace_array *tr)
{
	WRITE_ONCE(wk_live, false);
	latency_functions_stop(tr, &wk_functions);
	wakeup_probes_off();
	wakeup_clear(tr);
	wk_tr = NULL;
	wk_busy = false;
	latency_flags_restore(tr, wk_saved_flags, false);
}

/* tracing_on turned on and off while the tracer runs. */
static void wakeup_start(struct trace_array *tr)
{
	wakeup_go(tr);
}

static void wakeup_stop(struct trace_array *tr)
{
	WRITE_ONCE(wk_live, false);
}

static int wakeup_flag_changed(struct trace_array *tr, u32 mask, int set)
{
	/* Before init is over and after reset began, anything goes. */
	if (!READ_ONCE(wk_busy) || READ_ONCE(wk_tr) != tr)
		return 0;
	return latency_flag_changed(tr, &wk_functions, mask, set);
}

static int wakeup_any_init(struct trace_array *tr)
{
	return wakeup_init_class(tr, WAKEUP_ANY);
}

static int wakeup_rt_init(struct trace_array *tr)
{
	return wakeup_init_class(tr, WAKEUP_RT);
}

static int wakeup_dl_init(struct trace_array *tr)
{
	return wakeup_init_class(tr, WAKEUP_DL);
}

/* ------------------------------------------------------------------ */
/* The text of the entries                                              */

static struct ctx_switch_entry *ctxwake_entry(struct trace_iterator *iter)
{
	return container_of(iter->ent, struct ctx_switch_entry, ent);
}

/*
 * TRACE_CTX and TRACE_WAKE (the wakeup tracers): "pid:prio:state" of
 * the task that ran (switch) or woke the other (wakeup), a mark, the
 * CPU of the other task, then its "pid:prio:state comm". The state is
 * shown as the letter of its index (task_state_index()); in the raw and
 * hex forms a wakeup shows '+' in place of the waker's state.
 */
static enum print_line_t ctxwake_trace(struct trace_iterator *iter,
				       const char *mark)
{
	struct ctx_switch_entry *f = ctxwake_entry(iter);
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(f->next_pid, comm);
	trace_seq_printf(&iter->seq, " %7d:%3d:%c %s [%03d] %7d:%3d:%c %s\n",
			 f->prev_pid, f->prev_prio,
			 task_index_to_char(f->prev_state), mark, f->next_cpu,
			 f->next_pid, f->next_prio,
			 task_index_to_char(f->next_state), comm);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t ctx_trace(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	return ctxwake_trace(iter, "==>");
}

static enum print_line_t wake_trace(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	return ctxwake_trace(iter, "  +");
}

/* The waker's state letter, or '+' for a wakeup. */
static int ctxwake_prev_mark(struct trace_iterator *iter,
			     const struct ctx_switch_entry *f)
{
	return iter->ent->type == TRACE_WAKE ? '+' :
	       task_index_to_char(f->prev_state);
}

static enum print_line_t ctxwake_raw(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct ctx_switch_entry *f = ctxwake_entry(iter);

	trace_seq_printf(&iter->seq, "%d %d %c %d %d %d %c\n",
			 f->prev_pid, f->prev_prio, ctxwake_prev_mark(iter, f),
			 f->next_cpu, f->next_pid, f->next_prio,
			 task_index_to_char(f->next_state));
	return trace_handle_return(&iter->seq);
}

/*
 * Hex: the fields in the text's order, the waker's letter as a char and
 * the other task's as an int (the widths tools have always seen).
 */
static enum print_line_t ctxwake_hex(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct ctx_switch_entry *f = ctxwake_entry(iter);
	struct trace_seq *s = &iter->seq;
	char prev = ctxwake_prev_mark(iter, f);
	int next = task_index_to_char(f->next_state);

	trace_seq_putmem_hex(s, &f->prev_pid, sizeof(f->prev_pid));
	trace_seq_putmem_hex(s, &f->prev_prio, sizeof(f->prev_prio));
	trace_seq_putmem_hex(s, &prev, sizeof(prev));
	trace_seq_putmem_hex(s, &f->next_cpu, sizeof(f->next_cpu));
	trace_seq_putmem_hex(s, &f->next_pid, sizeof(f->next_pid));
	trace_seq_putmem_hex(s, &f->next_prio, sizeof(f->next_prio));
	trace_seq_putmem_hex(s, &next, sizeof(next));
	return trace_handle_return(s);
}

/* Bin: the same order, the states as recorded. */
static enum print_line_t ctxwake_bin(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct ctx_switch_entry *f = ctxwake_entry(iter);
	struct trace_seq *s = &iter->seq;

	trace_seq_putmem(s, &f->prev_pid, sizeof(f->prev_pid));
	trace_seq_putmem(s, &f->prev_prio, sizeof(f->prev_prio));
	trace_seq_putmem(s, &f->prev_state, sizeof(f->prev_state));
	trace_seq_putmem(s, &f->next_cpu, sizeof(f->next_cpu));
	trace_seq_putmem(s, &f->next_pid, sizeof(f->next_pid));
	trace_seq_putmem(s, &f->next_prio, sizeof(f->next_prio));
	trace_seq_putmem(s, &f->next_state, sizeof(f->next_state));
	return trace_handle_return(s);
}

static struct trace_event_functions ctx_funcs = {
	.trace		= ctx_trace,
	.raw		= ctxwake_raw,
	.hex		= ctxwake_hex,
	.binary		= ctxwake_bin,
};

static struct trace_event_functions wake_funcs = {
	.trace		= wake_trace,
	.raw		= ctxwake_raw,
	.hex		= ctxwake_hex,
	.binary		= ctxwake_bin,
};

static struct trace_event ctx_event = {
	.type		= TRACE_CTX,
	.funcs		= &ctx_funcs,
};

static struct trace_event wake_event = {
	.type		= TRACE_WAKE,
	.funcs		= &wake_funcs,
};

#define WAKEUP_TRACER(tname, init_fn)					\
	{								\
		.name		= tname,				\
		.init		= init_fn,				\
		.reset		= wakeup_reset,				\
		.start		= wakeup_start,				\
		.stop		= wakeup_stop,				\
		.flag_changed	= wakeup_flag_changed,			\
		.open		= latency_open,				\
		.close		= latency_close,			\
		.print_line	= wakeup_print_line,			\
		.print_header	= wakeup_print_header,			\
		.print_max	= true,					\
		.use_max_tr	= true,					\
		.allow_instances = true,				\
	}

static struct tracer wakeup_tracers[] __read_mostly = {
	WAKEUP_TRACER("wakeup", wakeup_any_init),
	WAKEUP_TRACER("wakeup_rt", wakeup_rt_init),
	WAKEUP_TRACER("wakeup_dl", wakeup_dl_init),
};

static __init int wakeup_tracers_register(void)
{
	int i;

	/* the entries only these tracers write: their text first */
	if (!register_trace_event(&ctx_event) ||
	    !register_trace_event(&wake_event))
		return -EBUSY;
	for (i = 0; i < ARRAY_SIZE(wakeup_tracers); i++)
		register_tracer(&wakeup_tracers[i]);
	return 0;
}
core_initcall(wakeup_tracers_register);
