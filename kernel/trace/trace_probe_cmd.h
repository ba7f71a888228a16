/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command line of a probe event, as kprobe_events, uprobe_events and
 * dynamic_events take it: the probe's kind and name (argv[0]), where it
 * probes (argv[1]) and its arguments (trace_probe_args.h), split into
 * words and checked for syntax, with the error and the column the
 * reference's error log gives a bad command. Resolving what the words
 * name (symbols, files, tracepoints) is the probe type's, after this.
 *
 * No kernel state: built and tested in userspace too
 * (tools/testing/probe_args/).
 *
 * Included by: trace_probe_cmd.c trace_probe.h trace_dynevent.c
 */
#ifndef _KERNEL_TRACE_PROBE_CMD_H
#define _KERNEL_TRACE_PROBE_CMD_H

#include "trace_probe_args.h"

/* ====== trace_probe_cmd.c: the command line of a probe event ====== */

#define PROBE_GROUP_MAX		63	/* bytes of a group or event name */
#define PROBE_MAXACTIVE_MAX	4096
#define PROBE_ARGS_MAX		128

enum probe_kind {
	PROBE_KPROBE,	/* p / r on kernel text */
	PROBE_UPROBE,	/* p / r on PATH:OFFSET */
	PROBE_FPROBE,	/* f */
	PROBE_TPROBE,	/* t */
	PROBE_EPROBE,	/* e */
};

struct probe_cmd {
	enum probe_kind	kind;
	bool		is_return;
	unsigned int	maxactive;
	/* GRP/EVENT as given: empty when left to the default */
	char		group[PROBE_GROUP_MAX + 1];
	char		event[PROBE_GROUP_MAX + 1];
	/* the location: a symbol and offset, an address, a file offset */
	char		symbol[128];	/* [MOD:]SYM, TP, PATH or SYS.EVENT */
	unsigned long	addr;		/* KADDR, or the uprobe's OFFSET */
	long		offset;		/* SYM+OFFS */
	bool		is_addr;
	unsigned long	ref_ctr;	/* a uprobe's (REF), 0 if none */
};

/*
 * Where an error is: word @word of the command (PROBE_ARGS_MAX + 2 and
 * beyond: after the last word), column @col in it.
 */
struct probe_cmd_err {
	enum probe_err	err;
	int		word;
	int		col;
	int		errno_;
	/* a second entry the reference logs at the same place, or none */
	enum probe_err	err_also;
};

/*
 * Which kind of probe a definition written to dynamic_events is, as the
 * reference's parsers decline it or take it in turn: a kprobe takes
 * "p"/"r" unless argv[1] looks like PATH:OFFSET (after a MAXACTIVE it
 * must check first), a uprobe then needs a digit after the last ':'.
 * -EINVAL when no kind takes it (nothing is logged then).
 */
int probe_cmd_kind(int argc, const char *const *argv);
/*
 * Check @argv[0] and @argv[1] of a command of @kind and fill @cmd. 0, or
 * -errno with @e set.
 */
int probe_cmd_parse(enum probe_kind kind, int argc, const char *const *argv,
		    struct probe_cmd *cmd, struct probe_cmd_err *e);
/*
 * An eprobe's "if FILTER": the words of @argv from the first "if" on.
 * *@nargs gets the number of argument words before it (all of them when
 * there is no "if"), @filter the filter's words joined by single blanks.
 * 0, -EINVAL with @e set when nothing follows "if", -E2BIG when @filter
 * is too small.
 */
int probe_cmd_filter(int argc, const char *const *argv, int *nargs,
		     char *filter, size_t size, struct probe_cmd_err *e);
/*
 * Fill in what @cmd left to the defaults: its group (kprobes, uprobes,
 * fprobes, tracepoints, eprobes) and its event's name, made from where
 * it probes as the reference makes it.
 */
void probe_cmd_default_names(struct probe_cmd *cmd);
/*
 * The line kprobe_events, uprobe_events and dynamic_events read for a
 * probe of @cmd with @n arguments @args, newline included, into @buf:
 * its length, or -E2BIG when @size is too small.
 */
int probe_cmd_show(const struct probe_cmd *cmd, const struct probe_arg *args,
		   unsigned int n, char *buf, size_t size);
/*
 * A removal, "-:[GRP/]EVENT [LOC [NAME=EXPR]...]" (or, in dynamic_events,
 * "!" and a whole definition): the group and event of @argv[0] (either
 * may be empty: any), or -EINVAL.
 */
int probe_cmd_removal(const char *word0, char *group, char *event);
/*
 * Whether the rest of a removal's words, @words[0..@n), match a probe of
 * @cmd with @args: its place as the files show it (an fprobe's without
 * "%return"; an eprobe's SYS.EVENT or SYS/EVENT), then its arguments
 * "NAME=EXPR" one by one. Fewer words match more probes.
 */
bool probe_cmd_matches(const struct probe_cmd *cmd,
		       const struct probe_arg *args, unsigned int nargs,
		       const char *const *words, int n);

/*
 * A definition naming an event that exists adds a probe to it: 0, or
 * -EEXIST with @e saying why not. @old, @oargs: the event's first probe
 * (whose record the event keeps); @same: one of its probes is at the
 * new one's place with the same arguments.
 */
int probe_cmd_can_append(const struct probe_cmd *old,
			 const struct probe_arg *oargs, unsigned int on,
			 const struct probe_cmd *new,
			 const struct probe_arg *nargs, unsigned int nn,
			 bool same, struct probe_cmd_err *e);
/* Are two probes at the same place with the same argument texts? */
bool probe_cmd_same(const struct probe_cmd *a, const struct probe_arg *aargs,
		    unsigned int an, const struct probe_cmd *b,
		    const struct probe_arg *bargs, unsigned int bn);

/* the longest command line a control file takes, newline excluded */
#define PROBE_LINE_MAX		4094

/*
 * Run each line of @buf (a NUL-terminated write to a control file, which
 * is changed): what follows a '#' is a comment, a line of no words does
 * nothing, a longer line than PROBE_LINE_MAX is -EINVAL. @run gets the
 * words of each line, at most PROBE_ARGS_MAX + 3 of them (more: that
 * many, for it to refuse). The first error ends the run; the lines before
 * it stay done.
 */
int probe_cmd_run(char *buf, int (*run)(int argc, const char **argv,
					void *data), void *data);
/*
 * The column of the error log's caret for an error at @word, @col of the
 * command @argv: the words joined by single blanks, one past the end for
 * a word after the last.
 */
int probe_cmd_caret(int argc, const char *const *argv, int word, int col);

#endif /* _KERNEL_TRACE_PROBE_CMD_H */
