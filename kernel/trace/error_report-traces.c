// SPDX-License-Identifier: GPL-2.0
/*
 * The error_report_end tracepoint (KASAN, KFENCE and friends report
 * through it); instantiated here, once, for every reporter.
 */
#define CREATE_TRACE_POINTS
#include <trace/events/error_report.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(error_report_end);
