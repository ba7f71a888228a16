/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the latency tracers share with the hooks that feed them.
 * Included by: trace_irqflags.c trace_irqsoff.c
 *
 * trace_irqflags.c receives every change of the interrupt flag
 * (trace_hardirqs_on/off() and their halves) and of preemption
 * (trace_preempt_on/off()); trace_irqsoff.c measures the sections in
 * between for irqsoff, preemptoff and preemptirqsoff. The hooks run on
 * every local_irq_disable() of the kernel, so they ask a static key
 * before calling a tracer at all: it is on only while one of those
 * tracers is current on some trace array.
 *
 * What the latency tracers need from the core (saving the task and the
 * section of a new maximum, the swap into the snapshot buffer) is in
 * trace.h under trace_snapshot.c; the latency header of `trace` is
 * trace_output.c's.
 */
#ifndef _KERNEL_TRACE_LATENCY_H
#define _KERNEL_TRACE_LATENCY_H

#include <linux/jump_label.h>

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

#endif /* _KERNEL_TRACE_LATENCY_H */
