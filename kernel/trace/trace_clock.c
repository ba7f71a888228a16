// SPDX-License-Identifier: GPL-2.0
/*
 * Clocks the tracer can stamp events with (trace_clock in tracefs).
 *
 * They trade precision against cost differently:
 *   local   - this CPU's sched_clock(); cheapest, not comparable across CPUs
 *   perf    - local_clock(); bounded drift between CPUs
 *   global  - never goes backwards, whichever CPU reads it
 *   uptime  - jiffies since boot
 *   counter - a plain counter, for ordering without time
 *
 * Every one of them may be called from any context, NMI included, and
 * from inside the tracer itself, so none may take a lock it could wait
 * on and none may be traced.
 */
#include <linux/atomic.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/trace_clock.h>

/*
 * sched_clock() reads a per-CPU source; keeping preemption off makes
 * sure the value comes from the CPU the caller was on when it asked.
 */
u64 notrace trace_clock_local(void)
{
	u64 now;

	preempt_disable_notrace();
	now = sched_clock();
	preempt_enable_notrace();

	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_local);

/*
 * local_clock() corrects sched_clock() against the tick so CPUs stay
 * within about a jiffy of each other, at a small extra cost.
 */
u64 notrace trace_clock(void)
{
	return local_clock();
}
EXPORT_SYMBOL_GPL(trace_clock);

/*
 * The largest value trace_clock_global() has handed out so far, on any
 * CPU. Alone on its cache line: every caller reads it and some write it.
 */
static atomic64_t global_clock_high ____cacheline_aligned_in_smp;

/*
 * A clock that is monotonic across CPUs: no caller ever gets a value
 * smaller than one any CPU returned before the call started.
 *
 * Each caller takes max(its CPU's clock, global_clock_high) and then
 * raises global_clock_high to that value with a compare-and-exchange
 * loop. Only successful exchanges raise the high mark and a failed one
 * means somebody else raised it, so the mark only ever grows. A caller
 * returns either the mark it read (already published) or a value it
 * published itself, so every returned value is <= the mark from that
 * moment on. The mark is a single location: coherence orders all
 * accesses to it, so a later call (one that starts after another has
 * returned, as seen by anything that could compare their results)
 * reads at least the value that call saw or stored and cannot return
 * less.
 *
 * Nothing waits: an NMI that lands in the middle of the loop runs its
 * own loop to completion and, at worst, makes the interrupted one
 * retry with a larger value. The loop ends as soon as the mark is not
 * below our value, so it is bounded by how often other CPUs raise it.
 *
 * Where 64-bit atomics are emulated with spinlocks (GENERIC_ATOMIC64)
 * the emulation is not NMI-safe; there an NMI falls back to the local
 * clock and accepts possibly being behind.
 */
u64 notrace trace_clock_global(void)
{
	s64 high;
	u64 now;

	if (IS_ENABLED(CONFIG_GENERIC_ATOMIC64) && in_nmi())
		return trace_clock_local();

	preempt_disable_notrace();
	now = sched_clock_cpu(raw_smp_processor_id());
	high = atomic64_read(&global_clock_high);
	do {
		/* Someone is ahead of this CPU: report their time instead. */
		if ((s64)(now - (u64)high) <= 0) {
			now = high;
			break;
		}
		/*
		 * On failure @high is reloaded with the current mark. Only
		 * the value matters (a maximum that never goes back), so
		 * the ordering the cmpxchg implies pairs with nothing.
		 */
	} while (!atomic64_try_cmpxchg(&global_clock_high, &high, now));
	preempt_enable_notrace();

	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_global);

static atomic64_t trace_counter;

/*
 * Not a time at all: each call gets the next integer. For when only
 * the order of events matters and it must be exact across CPUs.
 */
u64 notrace trace_clock_counter(void)
{
	return atomic64_inc_return(&trace_counter);
}

/*
 * Ticks since boot in USER_HZ units, the unit times() reports. A
 * 32-bit machine may read jiffies_64 torn during a carry; the worst
 * outcome is one odd timestamp, which is not worth a seqlock here.
 */
u64 notrace trace_clock_jiffies(void)
{
	return jiffies_64_to_clock_t(jiffies_64 - INITIAL_JIFFIES);
}
EXPORT_SYMBOL_GPL(trace_clock_jiffies);
