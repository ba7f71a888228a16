/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the latency tracers will share.
 * Included by: no file yet; the latency tracers (irqsoff, preemptoff,
 * preemptirqoff, wakeup, wakeup_rt, wakeup_dl) and the core files that
 * serve them.
 *
 * This is where their common code is declared once it exists: saving
 * the task and the critical section of a new maximum, the swap of the
 * live and snapshot buffers for it (trace_snapshot.c keeps that static
 * until a tracer calls it), the latency header of `trace`
 * (trace_output.c). What another layer needs from them goes to trace.h.
 */
#ifndef _KERNEL_TRACE_LATENCY_H
#define _KERNEL_TRACE_LATENCY_H

#endif /* _KERNEL_TRACE_LATENCY_H */
