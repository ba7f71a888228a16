// SPDX-License-Identifier: GPL-2.0
/*
 * The hooks of interrupt and preemption state changes.
 *
 * With CONFIG_TRACE_IRQFLAGS (lockdep, the irqsoff tracer and the
 * preemptirq events select it) every local_irq_enable(),
 * local_irq_disable() and local_irq_restore() calls trace_hardirqs_on()
 * or trace_hardirqs_off(), and the generic entry code (interrupts, NMIs,
 * syscalls) calls the split halves trace_hardirqs_on_prepare() /
 * trace_hardirqs_off_finish() around its own lockdep calls. With
 * CONFIG_TRACE_PREEMPT_TOGGLE the scheduler calls trace_preempt_off()
 * when preemption is first disabled and trace_preempt_on() just before
 * it is enabled again.
 *
 * Three listeners meet here: lockdep (the full irq hooks keep it told
 * of each change), the preemptirq events and the latency tracers
 * (trace_latency.h). The events and the tracers sit behind static keys,
 * so while none listens a hook costs its call and two untaken jumps.
 *
 * An irq hook can be called for a change that is none (a restore of
 * flags that were off already): the per-CPU irqs_seen_off remembers
 * what the hooks last reported, and only real transitions go further.
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>

#include "trace_latency.h"

#define CREATE_TRACE_POINTS
#include <trace/events/preemptirq.h>

#ifdef CONFIG_TRACE_IRQFLAGS
/*
 * 1 from the reported disable to the reported enable. Touched only by
 * this CPU with its interrupts off; an NMI in between sees and leaves
 * the state the interrupted code is in, so no ordering is needed.
 */
static DEFINE_PER_CPU(int, irqs_seen_off);

/* The disable half: report it unless interrupts were off already. */
static __always_inline void irqs_went_off(unsigned long ip,
					  unsigned long parent_ip)
{
	if (this_cpu_read(irqs_seen_off))
		return;
	this_cpu_write(irqs_seen_off, 1);
	/* The tracer first: the event then falls inside its window. */
	if (latency_hooks_on())
		tracer_hardirqs_off(ip, parent_ip);
	trace_irq_disable(ip, parent_ip);
}

/* The enable half, interrupts still off: the mirror of the above. */
static __always_inline void irqs_going_on(unsigned long ip,
					  unsigned long parent_ip)
{
	if (!this_cpu_read(irqs_seen_off))
		return;
	trace_irq_enable(ip, parent_ip);
	if (latency_hooks_on())
		tracer_hardirqs_on(ip, parent_ip);
	this_cpu_write(irqs_seen_off, 0);
}

void trace_hardirqs_on_prepare(void)
{
	irqs_going_on(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);

void trace_hardirqs_off_finish(void)
{
	irqs_went_off(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);

/* Lockdep hears of an enable last and of a disable first. */
void trace_hardirqs_on(void)
{
	irqs_going_on(CALLER_ADDR0, CALLER_ADDR1);
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
	irqs_went_off(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);
#endif /* CONFIG_TRACE_IRQFLAGS */

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
/*
 * The scheduler calls these only on the outermost transition, with
 * @a0 the address that changed the count and @a1 its caller outside
 * the locking functions.
 */
void trace_preempt_on(unsigned long a0, unsigned long a1)
{
	trace_preempt_enable(a0, a1);
	if (latency_hooks_on())
		tracer_preempt_on(a0, a1);
}

NOKPROBE_SYMBOL(trace_preempt_on);

void trace_preempt_off(unsigned long a0, unsigned long a1)
{
	if (latency_hooks_on())
		tracer_preempt_off(a0, a1);
	trace_preempt_disable(a0, a1);
}

NOKPROBE_SYMBOL(trace_preempt_off);
#endif /* CONFIG_TRACE_PREEMPT_TOGGLE */
