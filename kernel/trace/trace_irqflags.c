// SPDX-License-Identifier: GPL-2.0
/*
 * The hard-interrupt state hooks.
 *
 * With CONFIG_TRACE_IRQFLAGS (lockdep selects it) every local_irq_enable(),
 * local_irq_disable() and local_irq_restore() calls trace_hardirqs_on() or
 * trace_hardirqs_off(), and the generic entry code calls the split halves
 * trace_hardirqs_on_prepare() / trace_hardirqs_off_finish() around its own
 * lockdep calls. The full hooks keep lockdep told of each change; the split
 * halves carry only the tracing side, which is empty until the irq_enable /
 * irq_disable events and the irqsoff tracer are built on top of them.
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>

void trace_hardirqs_on_prepare(void)
{
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);

void trace_hardirqs_off_finish(void)
{
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);

void trace_hardirqs_on(void)
{
	trace_hardirqs_on_prepare();
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
	trace_hardirqs_off_finish();
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);
