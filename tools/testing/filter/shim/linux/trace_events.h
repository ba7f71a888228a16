/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of include/linux/trace_events.h the filter language uses. The
 * values are the kernel's: the harness's fields carry them.
 */
#ifndef SHIM_TRACE_EVENTS_H
#define SHIM_TRACE_EVENTS_H

#include "../filter_shim.h"

enum {
	FILTER_OTHER = 0,
	FILTER_STATIC_STRING,
	FILTER_DYN_STRING,
	FILTER_RDYN_STRING,
	FILTER_PTR_STRING,
	FILTER_TRACE_FN,
	FILTER_CPUMASK,
	FILTER_COMM,
	FILTER_CPU,
	FILTER_STACKTRACE,
};

#define MAX_FILTER_STR_VAL	256U

/* The harness's events: a name and a table of fields. */
struct ftrace_event_field;
struct trace_event_call {
	const char			*name;
	struct ftrace_event_field	*fields;	/* ends with a NULL name */
};

struct event_filter;
int filter_match_preds(struct event_filter *filter, void *rec);

#endif
