// SPDX-License-Identifier: GPL-2.0
/*
 * The power management tracepoints (suspend, idle, frequency, clocks,
 * devices) are used all over the kernel and by modules, so they are
 * instantiated once here rather than in one of their users.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#define CREATE_TRACE_POINTS
#include <trace/events/power.h>

/* the ones modules (cpufreq and cpuidle drivers, powernv) fire */
EXPORT_TRACEPOINT_SYMBOL_GPL(suspend_resume);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_frequency);
EXPORT_TRACEPOINT_SYMBOL_GPL(powernv_throttle);
