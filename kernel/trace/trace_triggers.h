/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What event triggers and function commands share.
 * Included by: ftrace_probes.c ftrace_filter_files.c trace_functions_cmds.c
 * trace_events_func_cmds.c
 *
 * Today: the function commands of set_ftrace_filter ("func:traceon",
 * "func:enable_event:sys:event:3", ...). A command registers a struct
 * ftrace_func_command; what it attaches to functions
 * is a probe of one kind per array (ftrace_probes.c), with a site per
 * function. The event triggers (events/<sys>/<event>/trigger) will
 * declare their registry and the actions both share here too.
 */
#ifndef _KERNEL_TRACE_TRIGGERS_H
#define _KERNEL_TRACE_TRIGGERS_H

#include <linux/list.h>
#include <linux/types.h>

struct ftrace_hash;
struct seq_file;
struct trace_array;

/* ============ ftrace_filter_files.c: the command registry ============== */

/*
 * A command of set_ftrace_filter ("function:command[:param]"). @func is
 * the function pattern (with its leading '!' when the user wrote one),
 * @param what follows the command's name (NULL if nothing), @enable
 * true for set_ftrace_filter and false for set_ftrace_notrace, @tr the
 * file's array (NULL for files without one). @hash is NULL: a command
 * acts on objects of its own (the probes below), never on the file's
 * hash, and runs after the session's lock is dropped. Returns 0 or
 * -errno; the write fails with it.
 */
struct ftrace_func_command {
	struct list_head	list;
	const char		*name;
	int			(*func)(struct trace_array *tr,
					struct ftrace_hash *hash,
					char *func, char *cmd,
					char *param, int enable);
};

/* Add "function:name[:param]" to set_ftrace_filter; -EBUSY if taken. */
int register_ftrace_command(struct ftrace_func_command *cmd);

/* ================ ftrace_probes.c: function probes ===================== */

/* What a command keeps for one function it is attached to. */
struct ftrace_probe_site {
	struct hlist_node	node;	/* in the probe's table (RCU) */
	struct list_head	list;	/* on the probe's list (ftrace_lock) */
	unsigned long		ip;	/* the function's call site */
	long			count;	/* counted kinds: hits left */
	void			*data;	/* the kind's (attach sets it) */
};

/*
 * A kind of command. ->hit runs in the traced function's context (any,
 * NMI included) with preemption off and recursion cut; @parent_ip is
 * its caller. ->attach (may fail) and ->detach run in process context
 * for each site that comes or goes. ->show prints the line of a site in
 * set_ftrace_filter after "func:"; without it the line is the name then
 * ":count=N" (counted kinds) or ":unlimited".
 */
struct ftrace_probe_kind {
	const char	*name;
	bool		counted;
	void		(*hit)(struct trace_array *tr,
			       struct ftrace_probe_site *site,
			       unsigned long parent_ip);
	int		(*attach)(struct ftrace_probe_site *site, void *arg);
	void		(*detach)(struct ftrace_probe_site *site);
	void		(*show)(struct seq_file *m,
				struct ftrace_probe_site *site);
};

int ftrace_probe_add(struct trace_array *tr, const struct ftrace_probe_kind *kind,
		     const char *glob, long count, void *arg);
int ftrace_probe_remove(struct trace_array *tr,
			const struct ftrace_probe_kind *kind, const char *glob);
bool ftrace_probe_take(struct ftrace_probe_site *site);
int ftrace_probe_parse_count(char *param, long *count);

#endif /* _KERNEL_TRACE_TRIGGERS_H */
