// SPDX-License-Identifier: GPL-2.0
/*
 * The irqsoff, preemptoff and preemptirqsoff latency tracers.
 *
 * Each measures critical sections: stretches of one CPU with interrupts
 * off (irqsoff), preemption off (preemptoff) or either (preemptirqsoff),
 * from the hook that saw the first of them go off to the hook that saw
 * the last come back on (trace_latency.h). A section longer than any
 * before (or, with tracing_thresh set, longer than that) is kept: its
 * CPU's live buffer, which holds the section's first and last entries
 * and, with the function-trace option, every function called in
 * between, is swapped into the snapshot buffer, where `trace` reads it
 * (the tracers set print_max) under the latency header; display-graph
 * shows the functions as a call tree. What all latency tracers do alike
 * (options, keeping a maximum, function tracing, display-graph) is
 * trace_latency.c's.
 *
 * One array at a time runs one of them (upstream refuses a second with
 * -EBUSY): the hooks are the kernel's, not an array's. While it runs the
 * array has overwrite (a full buffer must keep the newest entries),
 * latency-format and pause-on-trace (reading must not race a swap) set;
 * reset gives the user's settings back.
 *
 * Per CPU, in_section says a section is being timed; the section's
 * start and its generation are in the array's trace_array_cpu. A
 * section is only kept if no other CPU kept one since it started (the
 * generation moved): that other CPU's swap and its printing may have
 * stretched this one.
 */
#include <linux/cpuhotplug.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/sched.h>

#include "trace.h"
#include "trace_latency.h"

/* What the running tracer measures. */
#define SECTION_IRQS		BIT(0)
#define SECTION_PREEMPT		BIT(1)

DEFINE_STATIC_KEY_FALSE(latency_hooks_key);

static struct trace_array *lat_tr;	/* the array it records into */
static unsigned int lat_kinds;		/* SECTION_* */
static bool lat_live;			/* running and tracing_on */
static bool lat_busy;			/* some array has one current */
static unsigned int lat_saved_flags;	/* the user's, for reset */
static DEFINE_PER_CPU(int, in_section);

/*
 * Serialises the test for a new maximum with the swap that keeps it,
 * across CPUs. An arch lock: it is taken inside the irq hooks, where
 * lockdep must not be re-entered, and tried only (never spun on) in NMI.
 */
static arch_spinlock_t lat_max_lock = __ARCH_SPIN_LOCK_UNLOCKED;
/* Moves on with every section kept; under lat_max_lock. */
static unsigned long lat_generation;

/*
 * Frames left out of the stack at the end of a section: lat_check(),
 * lat_section_stop(), the tracer's hook, the kernel's hook and the code
 * that changed the state. The reference prints the stack from the caller
 * of the latter, and so do we.
 */
#define LAT_STACK_SKIP		5

/* ------------------------------------------------------------------ */
/* Recording                                                            */

/*
 * The section on @cpu just ended at @ip (called from @parent_ip): keep
 * it if it is worth it. noinline: the stack recorded from here skips a
 * fixed number of frames to start at the hook's caller.
 */
static noinline void lat_check(struct trace_array *tr,
			       struct trace_array_cpu *data,
			       unsigned long hook_ip, unsigned long parent_ip,
			       int cpu, unsigned int trace_ctx)
{
	u64 delta = latency_now(tr, cpu) - data->preempt_timestamp;
	bool nmi = in_nmi();
	unsigned long flags;

	if (!latency_worth_keeping(tr, delta))
		return;

	/*
	 * Interrupts go off without the irq hooks (they would start a
	 * section of their own), but the stack walk below takes RCU read
	 * locks: lockdep must hear of it, or it sees interrupts off that
	 * nobody announced. (NMIs run with them off already.)
	 */
	raw_local_irq_save(flags);
	if (!raw_irqs_disabled_flags(flags))
		lockdep_hardirqs_off(hook_ip);
	/* An NMI may have interrupted the holder on this very CPU. */
	if (nmi) {
		if (!arch_spin_trylock(&lat_max_lock))
			goto out_irq;
	} else {
		arch_spin_lock(&lat_max_lock);
	}
	/* Another CPU may have raised the bar while we waited. */
	if (!latency_worth_keeping(tr, delta) ||
	    data->critical_sequence != lat_generation)
		goto out_unlock;

	/* The end of the section, then where it ended. */
	latency_record_fn(tr, hook_ip, parent_ip, trace_ctx);
	trace_record_kstack(tr->array_buffer.buffer, trace_ctx,
			    LAT_STACK_SKIP);
	data->critical_end = parent_ip;
	latency_keep(tr, current, cpu, delta, true);
	lat_generation++;
out_unlock:
	arch_spin_unlock(&lat_max_lock);
out_irq:
	if (!raw_irqs_disabled_flags(flags)) {
		lockdep_hardirqs_on_prepare();
		lockdep_hardirqs_on(hook_ip);
	}
	raw_local_irq_restore(flags);
}

/*
 * Is @tr's buffer taking entries? lat_live follows the tracing_on file
 * (->start/->stop), but a traceoff trigger, func:traceoff or
 * tracing_off() in the kernel turn the buffer off without telling the
 * tracer. A section timed then could not be recorded, yet keeping it
 * would move tracing_max_latency and the snapshot's header past the
 * trace kept before: so while the buffer is off no section starts or
 * ends in a maximum.
 */
static __always_inline bool lat_recording(struct trace_array *tr)
{
	/*
	 * The mirror, not tracer_tracing_is_on(): every on/off goes through
	 * tracer_tracing_on()/off(), which store it, and it is one load
	 * where the ring buffer's own state costs two calls on every
	 * section's start and stop (2% of an irqsoff syscall loop).
	 */
	return !READ_ONCE(tr->buffer_disabled);
}

/* The first of the measured states went off on this CPU. */
static void lat_section_start(unsigned long ip, unsigned long parent_ip)
{
	struct trace_array_cpu *data;
	struct trace_array *tr;
	int cpu;

	/* Pairs with the release in lat_init(). */
	if (!smp_load_acquire(&lat_live))
		return;
	tr = READ_ONCE(lat_tr);
	if (!tr || !lat_recording(tr))
		return;
	cpu = raw_smp_processor_id();
	if (per_cpu(in_section, cpu))
		return;
	data = per_cpu_ptr(tr->array_buffer.data, cpu);
	/* > 0 also while this CPU records for the tracer: no recursion */
	if (atomic_inc_return(&data->disabled) == 1) {
		data->critical_sequence = READ_ONCE(lat_generation);
		data->preempt_timestamp = latency_now(tr, cpu);
		data->critical_start = parent_ip ? : ip;
		latency_record_fn(tr, ip, parent_ip, tracing_gen_ctx());
		per_cpu(in_section, cpu) = 1;
	}
	atomic_dec(&data->disabled);
}

/* The last of the measured states is about to come back on. */
static noinline void lat_section_stop(unsigned long hook_ip, unsigned long ip,
				      unsigned long parent_ip)
{
	struct trace_array_cpu *data;
	struct trace_array *tr;
	unsigned int trace_ctx;
	int cpu;

	cpu = raw_smp_processor_id();
	if (!per_cpu(in_section, cpu))
		return;
	per_cpu(in_section, cpu) = 0;
	/* Pairs with the release in lat_init(). */
	if (!smp_load_acquire(&lat_live))
		return;
	tr = READ_ONCE(lat_tr);
	if (!tr || !lat_recording(tr))
		return;
	data = per_cpu_ptr(tr->array_buffer.data, cpu);
	if (!data->critical_start)
		return;
	if (atomic_inc_return(&data->disabled) == 1) {
		trace_ctx = tracing_gen_ctx();
		latency_record_fn(tr, ip, parent_ip, trace_ctx);
		lat_check(tr, data, hook_ip, parent_ip ? : ip, cpu, trace_ctx);
		data->critical_start = 0;
	}
	atomic_dec(&data->disabled);
}

/* ------------------------------------------------------------------ */
/* The hooks                                                            */

/*
 * A section is: interrupts off (if measured) or preemption off (if
 * measured). A hook of one state starts or ends it only when the other
 * state does not hold it open. preempt_count() includes the hardirq and
 * softirq counts: interrupt context is preemption-off time.
 */
static __always_inline bool preempt_holds(void)
{
	return (lat_kinds & SECTION_PREEMPT) && preempt_count();
}

static __always_inline bool irqs_hold(void)
{
	return (lat_kinds & SECTION_IRQS) && irqs_disabled();
}

void tracer_hardirqs_off(unsigned long ip, unsigned long parent_ip)
{
	if ((lat_kinds & SECTION_IRQS) && !preempt_holds())
		lat_section_start(ip, parent_ip);
}

NOKPROBE_SYMBOL(tracer_hardirqs_off);

void tracer_hardirqs_on(unsigned long ip, unsigned long parent_ip)
{
	if ((lat_kinds & SECTION_IRQS) && !preempt_holds())
		lat_section_stop(_THIS_IP_, ip, parent_ip);
}

NOKPROBE_SYMBOL(tracer_hardirqs_on);

void tracer_preempt_off(unsigned long ip, unsigned long parent_ip)
{
	if ((lat_kinds & SECTION_PREEMPT) && !irqs_hold())
		lat_section_start(ip, parent_ip);
}

NOKPROBE_SYMBOL(tracer_preempt_off);

void tracer_preempt_on(unsigned long ip, unsigned long parent_ip)
{
	if ((lat_kinds & SECTION_PREEMPT) && !irqs_hold())
		lat_section_stop(_THIS_IP_, ip, parent_ip);
}

NOKPROBE_SYMBOL(tracer_preempt_on);

/*
 * Code that must not count, idle waiting for an interrupt above all,
 * brackets itself with these: the section so far ends, and a new one
 * starts after.
 */
void stop_critical_timings(void)
{
	if (latency_hooks_on() && (preempt_holds() || irqs_hold()))
		lat_section_stop(_THIS_IP_, CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL_GPL(stop_critical_timings);
NOKPROBE_SYMBOL(stop_critical_timings);

void start_critical_timings(void)
{
	if (latency_hooks_on() && (preempt_holds() || irqs_hold()))
		lat_section_start(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL_GPL(start_critical_timings);
NOKPROBE_SYMBOL(start_critical_timings);

/* ------------------------------------------------------------------ */
/* Functions inside a section (option function-trace)                  */

#ifdef CONFIG_FUNCTION_TRACER
static void lat_function_call(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct trace_array_cpu *data;
	int bit;

	/* preemption off until the unlock */
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (likely(!this_cpu_read(in_section)))
		goto out;
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1)
		latency_record_fn(tr, ip, parent_ip, tracing_gen_ctx_dec());
	atomic_dec(&data->disabled);
out:
	ftrace_test_recursion_unlock(bit);
}
#else
#define lat_function_call	NULL
#endif

/* display-graph's test: this CPU is inside a section. Interrupts off. */
static bool lat_in_window(void)
{
	return this_cpu_read(in_section);
}

static struct latency_functions lat_functions = {
	.func		= lat_function_call,
	.in_window	= lat_in_window,
};

static enum print_line_t lat_print_line(struct trace_iterator *iter)
{
	return latency_print_line(iter, &lat_functions);
}

static void lat_print_header(struct seq_file *m)
{
	latency_print_header(m, &lat_functions);
}

/* ------------------------------------------------------------------ */
/* The tracers                                                          */

static int lat_flag_changed(struct trace_array *tr, u32 mask, int set)
{
	/* Before init is over and after reset began, anything goes. */
	if (!READ_ONCE(lat_busy) || READ_ONCE(lat_tr) != tr)
		return 0;
	return latency_flag_changed(tr, &lat_functions, mask, set);
}

static int lat_init(struct trace_array *tr, unsigned int kinds)
{
	int cpu;

	if (lat_busy)
		return -EBUSY;

	latency_flags_force(tr, &lat_saved_flags, true);
	WRITE_ONCE(tr->max_latency, 0);
	/* `trace` shows the snapshot buffer: only this run's maxima. */
	tracing_reset_online_cpus(&tr->max_buffer);

	/* A section of the last run, cut off by its reset, is not one. */
	for_each_possible_cpu(cpu) {
		per_cpu(in_section, cpu) = 0;
		per_cpu_ptr(tr->array_buffer.data, cpu)->critical_start = 0;
	}
	lat_kinds = kinds;
	WRITE_ONCE(lat_tr, tr);
	latency_functions_start(tr, &lat_functions);
	lat_busy = true;
	static_branch_enable(&latency_hooks_key);
	/*
	 * Pairs with the acquire in lat_section_start/stop(): a hook that
	 * sees lat_live sees lat_tr, lat_kinds and the cleared sections.
	 */
	smp_store_release(&lat_live, tracer_tracing_is_on(tr));
	return 0;
}

static void lat_reset(struct trace_array *tr)
{
	WRITE_ONCE(lat_live, false);
	static_branch_disable(&latency_hooks_key);
	latency_functions_stop(tr, &lat_functions);
	/* Hooks run with interrupts or preemption off: wait them out. */
	synchronize_rcu();
	WRITE_ONCE(lat_tr, NULL);
	lat_busy = false;

	latency_flags_restore(tr, lat_saved_flags, true);
}

/* tracing_on turned on and off while the tracer runs. */
static void lat_start(struct trace_array *tr)
{
	WRITE_ONCE(lat_live, true);
}

static void lat_stop(struct trace_array *tr)
{
	WRITE_ONCE(lat_live, false);
}

static int irqsoff_init(struct trace_array *tr)
{
	return lat_init(tr, SECTION_IRQS);
}

static int preemptoff_init(struct trace_array *tr)
{
	return lat_init(tr, SECTION_PREEMPT);
}

static int preemptirqsoff_init(struct trace_array *tr)
{
	return lat_init(tr, SECTION_IRQS | SECTION_PREEMPT);
}

#define LATENCY_TRACER(tname)						\
	{								\
		.name		= #tname,				\
		.init		= tname##_init,				\
		.reset		= lat_reset,				\
		.start		= lat_start,				\
		.stop		= lat_stop,				\
		.flag_changed	= lat_flag_changed,			\
		.open		= latency_open,				\
		.close		= latency_close,			\
		.print_line	= lat_print_line,			\
		.print_header	= lat_print_header,			\
		.print_max	= true,					\
		.use_max_tr	= true,					\
		.allow_instances = true,				\
	}

/* What the configuration offers: preemptirqsoff needs both hooks. */
static struct tracer lat_tracers[] __read_mostly = {
	LATENCY_TRACER(irqsoff),
	LATENCY_TRACER(preemptoff),
	LATENCY_TRACER(preemptirqsoff),
};

/*
 * A CPU goes offline from the idle loop with interrupts off: that is a
 * section open on it, and the first interrupt enable when it comes back
 * would end it, the whole time it was offline counted as one section.
 * Once it is dead (this runs on another CPU) it is in none.
 */
static int lat_cpu_dead(unsigned int cpu)
{
	per_cpu(in_section, cpu) = 0;
	return 0;
}

static __init int lat_tracers_register(void)
{
	bool irqs = IS_ENABLED(CONFIG_IRQSOFF_TRACER);
	bool preempt = IS_ENABLED(CONFIG_PREEMPT_TRACER);
	bool offered[] = { irqs, preempt, irqs && preempt };
	int i;

	for (i = 0; i < ARRAY_SIZE(lat_tracers); i++)
		if (offered[i])
			register_tracer(&lat_tracers[i]);
	if (cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "trace/irqsoff:dead",
				      NULL, lat_cpu_dead) < 0)
		pr_warn("tracing: irqsoff: no CPU hotplug callback\n");
	return 0;
}
core_initcall(lat_tracers_register);
