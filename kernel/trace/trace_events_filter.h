/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event filter language, as the rest of kernel/trace sees it.
 * Included by: trace_events_filter*.c trace_events_format.c
 * trace_events_trigger.c trace_event_perf.c trace_eprobe.c, and
 * tools/testing/filter/ (which compiles the language in userspace)
 *
 * trace_events_filter.c turns an expression such as
 *
 *	prev_pid > 10 && (next_comm ~ "kworker*" || CPU == 1)
 *
 * into a struct event_filter for one event, and runs it on records
 * (filter_match_preds(), linux/trace_events.h). It knows nothing of
 * tracefs, locks or trace arrays, so that tools/testing/filter/ can
 * compile it in userspace. trace_events_filter_files.c puts filters on
 * events: the filter files, subsystem filters, the error log, the RCU
 * replacement and the staging of filtered events on the write path.
 */
#ifndef _TRACE_EVENTS_FILTER_H
#define _TRACE_EVENTS_FILTER_H

#include <linux/list.h>
#include <linux/trace_events.h>
#include <linux/types.h>

/* ====== trace_events_format.c: the fields of an event ================ */

/*
 * A field of an event, as the format file and the filter see it. The
 * list of a class (trace_get_fields()) holds them newest first, the way
 * the format file and filter lookups expect them.
 */
struct ftrace_event_field {
	const char		*name;
	const char		*type;		/* the C type, as declared */
	int			offset;
	int			size;
	int			len;		/* array elements, 0 if not an array */
	int			is_signed;
	int			filter_type;	/* FILTER_* of linux/trace_events.h */
	struct list_head	link;
};

/*
 * A field of @call by name: its own, then the pseudo fields (CPU, comm,
 * ...), then the common ones; NULL if none (trace_events_format.c).
 */
struct ftrace_event_field *trace_find_event_field(struct trace_event_call *call,
						  const char *name);

/*
 * Why an expression was refused. The order is ours; the texts are the
 * ABI (the filter file and error_log show them, scripts grep for them).
 */
enum filter_err {
	FILTER_ERR_NONE,		/* only an errno is known */
	FILTER_ERR_INVALID_OP,
	FILTER_ERR_TOO_MANY_OPEN,
	FILTER_ERR_TOO_MANY_CLOSE,
	FILTER_ERR_MISSING_QUOTE,
	FILTER_ERR_MISSING_BRACE_OPEN,
	FILTER_ERR_MISSING_BRACE_CLOSE,
	FILTER_ERR_OPERAND_TOO_LONG,
	FILTER_ERR_EXPECT_STRING,
	FILTER_ERR_EXPECT_DIGIT,
	FILTER_ERR_ILLEGAL_FIELD_OP,
	FILTER_ERR_FIELD_NOT_FOUND,
	FILTER_ERR_ILLEGAL_INTVAL,
	FILTER_ERR_BAD_SUBSYS_FILTER,
	FILTER_ERR_TOO_MANY_PREDS,
	FILTER_ERR_INVALID_FILTER,
	FILTER_ERR_INVALID_CPULIST,
	FILTER_ERR_IP_FIELD_ONLY,
	FILTER_ERR_INVALID_VALUE,
	FILTER_ERR_NO_FUNCTION,
	FILTER_ERR_ERRNO,		/* error_log's word for FILTER_ERR_NONE */
	FILTER_ERR_NO_FILTER,
	FILTER_ERR_MAX
};

/* =============== trace_events_filter.c: the language ================== */

/* Indexed by enum filter_err; what tracing_log_err() wants. */
extern const char *filter_err_text[FILTER_ERR_MAX];

/*
 * Where an expression went wrong: @code (FILTER_ERR_NONE when only the
 * errno says it) and the character @pos the error_log caret points at.
 */
struct filter_error {
	int	code;
	int	pos;
};

struct filter_leaf;
struct filter_scratch;

/*
 * A compiled filter, immutable once published. @nr_leaves predicates
 * form a decision graph (see trace_events_filter.c); a filter whose
 * expression failed to compile has none and matches everything, and only
 * carries the error report for the filter file to show.
 */
struct event_filter {
	int			nr_leaves;
	char			*text;		/* what the filter file shows */
	struct filter_scratch __percpu *scratch; /* char * fields, or NULL */
	struct event_filter	*gone;		/* link for batched freeing */
	struct filter_leaf	*leaves;
};

/*
 * Compile @expr for the fields of @call. On return *@filterp is a new
 * filter, or NULL if memory ran out (the return value is then -ENOMEM).
 * On success (0) it holds the program and, if @keep_text, @expr as its
 * text. On failure (-errno, mostly -EINVAL) *@err says why and where,
 * and the filter has no program; with @keep_text its text is @expr
 * followed by the error report the filter file shows.
 */
int event_filter_compile(struct trace_event_call *call, const char *expr,
			 bool keep_text, struct event_filter **filterp,
			 struct filter_error *err);

/* True if @filter has a program, that is, it filters anything. */
static inline bool event_filter_active(const struct event_filter *filter)
{
	return filter && filter->nr_leaves;
}

/*
 * The report the filter file shows for an error @code at @pos of @expr:
 * the expression, a caret line and the message. NULL without memory.
 */
char *event_filter_error_report(const char *expr, int code, int pos);

/* Free a filter nobody can reach any more. NULL is fine. */
void event_filter_free(struct event_filter *filter);

/* ========= trace_events_filter_files.c: the filter files ============== */

struct trace_array;

/* error_log's name for the filters' errors */
#define EVENT_FILTER_ERR_LOC	"event filter parse error"

/*
 * Log in @tr's error_log (NULL: the top array's) the error @err of
 * @expr, as every place that takes a filter does: its message and
 * column, or, when it failed for another reason, the errno entry.
 */
void event_filter_log_error(struct trace_array *tr, const char *expr,
			    const struct filter_error *err);

#endif /* _TRACE_EVENTS_FILTER_H */
