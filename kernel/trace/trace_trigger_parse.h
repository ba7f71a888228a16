/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The grammar of a line written to a trigger file, apart from any kernel
 * state (no registry, no event, no lock), so that the trigger fuzz
 * target of tools/testing/filter compiles it unchanged in userspace:
 *
 *	[!]command[:param][ if filter]
 *
 * The functions cut a writable copy of the line in place and hand back
 * pointers into it; they allocate nothing and log nothing. The
 * positions they record are where each word starts in the line.
 * Included by: trace_triggers.h, trace_events_trigger_parse.c.
 */
#ifndef _KERNEL_TRACE_TRIGGER_PARSE_H
#define _KERNEL_TRACE_TRIGGER_PARSE_H

#include <linux/types.h>

struct trace_array;

/*
 * One line written to a trigger file, cut into its words (pointers into
 * a copy of @text that the caller owns). Positions count from the start
 * of the line.
 */
struct trigger_parse {
	struct trace_array	*tr;
	const char		*text;		/* the whole line */
	bool			remove;		/* it began with '!' */
	char			*param;		/* after "cmd:" up to a blank */
	char			*filter;	/* from "if", or NULL */
	int			param_pos;
	int			filter_pos;
};

/* ============== trace_events_trigger_parse.c: the grammar ============== */

/*
 * Cut the command's name off @text (a copy of p->text): sets p->remove
 * for a leading '!', ends the name with a NUL and returns it; *@rest is
 * what follows the name and its separator, blanks skipped, or NULL.
 */
char *trigger_split_name(struct trigger_parse *p, char *text, char **rest);

/*
 * Split @rest (at @rest_pos in the line) into p->param, an optional
 * count (a word starting with a digit) or, when @param_required, any
 * first word, and p->filter, the "if ..." part.
 */
void trigger_split(struct trigger_parse *p, char *rest, int rest_pos,
		   bool param_required);

/*
 * The count of "n" or "n:anything" at @param (NULL: no count, -1).
 * -EINVAL if it is not a number.
 */
int trigger_read_count(const char *param, long *count);

/* The expression of "if <expression>", or NULL if @filter is not that. */
const char *trigger_filter_expr(const char *filter);

/*
 * Cut "<system>:<event>[:count]" at @param: *@system, *@name, and in
 * *@rest the count part or NULL. -EINVAL if there is no event part.
 */
int trigger_split_target(char *param, char **system, char **name,
			 char **rest);

#endif /* _KERNEL_TRACE_TRIGGER_PARSE_H */
