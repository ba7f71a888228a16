/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What event triggers and function commands share: two sections.
 * Included by: trace_events_trigger*.c (event triggers), ftrace_probes.c
 * ftrace_filter_files.c trace_functions_cmds.c trace_events_func_cmds.c
 * (function commands)
 *
 * Event triggers. A trigger is an action attached to an event of one
 * trace array: each time the event fires (and its trigger's filter, if
 * any, accepts the record), the action runs: stop or start tracing,
 * take a snapshot, record a stack, switch another event on or off. The
 * user writes
 *
 *	[!]command[:param][ if filter]
 *
 * into events/<sys>/<event>/trigger; "!" removes. Each command is a
 * struct event_trigger_cmd in one registry (trace_events_trigger.c),
 * looked up by name; the built-in ones are in
 * trace_events_trigger_cmds.c, and a command with its own grammar (a
 * histogram) registers the same way and brings its own ->parse.
 *
 * The triggers of an event are struct event_trigger on the contract's
 * file->triggers list. Probes walk it under RCU-sched (they run with
 * preemption disabled); it changes under event_mutex, and a removed
 * trigger is freed only after tracepoint_synchronize_unregister().
 * What the rest of kernel/trace needs from triggers is in trace.h and
 * trace_events_internal.h.
 *
 * Function commands. The commands of set_ftrace_filter
 * ("func:traceon", "func:enable_event:sys:event:3", ...). A command
 * registers a struct ftrace_func_command; what it attaches to functions
 * is a probe of one kind per array (ftrace_probes.c), with a site per
 * function.
 */
#ifndef _KERNEL_TRACE_TRIGGERS_H
#define _KERNEL_TRACE_TRIGGERS_H

#include <linux/list.h>
#include <linux/seq_file.h>
#include <linux/trace_events.h>
#include <linux/types.h>

#include "trace_trigger_parse.h"

struct ftrace_hash;
struct trace_array;
struct event_trigger;

/* ================ Part 1: event triggers ============================== */
/* For trace_events_trigger*.c. */

/* Flags of a command. */
enum {
	/*
	 * Runs after the event is in the buffer (traceoff keeps the event
	 * that stopped the trace; a stack follows its event).
	 */
	TRIGGER_CMD_POST	= BIT(0),
	/* Needs a parameter after the name (enable_event:<sys>:<event>). */
	TRIGGER_CMD_PARAM	= BIT(1),
	/* Needs the record even without a filter (a histogram). */
	TRIGGER_CMD_NEEDS_REC	= BIT(2),
};

/*
 * A trigger command. Two triggers of the same @type on one event are
 * duplicates (-EEXIST) unless ->same says they differ (enable_event on
 * two target events).
 */
struct event_trigger_cmd {
	const char		*name;
	enum event_trigger_type	type;
	unsigned int		flags;
	/*
	 * Add (or with p->remove, remove) a trigger on @file from the
	 * parsed words of @p; a refused line returns its errno and, as
	 * upstream, leaves error_log alone (only a bad "if" filter is
	 * logged there). Most commands use trigger_parse_generic().
	 */
	int (*parse)(const struct event_trigger_cmd *cmd,
		     struct trace_event_file *file, struct trigger_parse *p);
	/*
	 * Optional: get @tr ready for a new trigger of this command before
	 * event_mutex is taken (the snapshot buffer needs
	 * trace_types_lock, which nests outside it).
	 */
	int (*prepare)(struct trace_array *tr);
	/* The action; @rec is the entry (NULL for unconditional calls). */
	void (*fire)(struct event_trigger *t, struct trace_buffer *buffer,
		     void *rec, struct ring_buffer_event *event);
	/*
	 * For counted triggers: whether firing now would change anything
	 * (traceoff when tracing is already off does not use up a count).
	 * NULL: always.
	 */
	bool (*would_act)(struct event_trigger *t);
	/* The line the trigger file shows, without the count and filter. */
	void (*print)(struct seq_file *m, struct event_trigger *t);
	/* Whether two triggers of this command on one event are the same. */
	bool (*same)(struct event_trigger *a, struct event_trigger *b);
	/* Undo what the command set up for @t (not the trigger itself). */
	void (*release)(struct event_trigger *t);
	struct list_head	list;	/* in the registry */
};

/* A trigger on one event file. */
struct event_trigger {
	struct list_head		list;	/* on file->triggers (RCU) */
	const struct event_trigger_cmd	*cmd;
	struct trace_event_file		*file;	/* the event it is on */
	/* Times left to fire; -1 without a count. Changed by cmpxchg. */
	long				count;
	struct event_filter __rcu	*filter;
	char				*filter_text;	/* as written, or NULL */
	void				*data;	/* the command's own */
};

/* ================ trace_events_trigger.c: the registry ================= */

int trigger_command_register(struct event_trigger_cmd *cmd);

/*
 * The common path of a command whose parameter is an optional count:
 * allocate the trigger with @data, read the count and the filter, and
 * add it, or remove the one ->same as it.
 */
int trigger_parse_generic(const struct event_trigger_cmd *cmd,
			  struct trace_event_file *file,
			  struct trigger_parse *p, void *data);

/*
 * Parse a count at p->param (NULL: no count). On error, logs it and
 * returns -EINVAL.
 */
int trigger_parse_count(struct trigger_parse *p, const char *param,
			long *count);

/* Give @t the filter of p->filter ("if <expression>"), if any. */
int trigger_set_filter(struct event_trigger *t, struct trigger_parse *p);

/*
 * Add @t (its count, filter and data filled in) to its file; -EEXIST if
 * an equal one is there. On success the file is in trigger mode and
 * the registry owns @t; on failure the caller frees it.
 */
int trigger_add(struct event_trigger *t, struct trigger_parse *p);
/* Remove and free the trigger equal to @like; 0 if there was none. */
void trigger_remove(struct event_trigger *like);

struct event_trigger *trigger_alloc(const struct event_trigger_cmd *cmd,
				    struct trace_event_file *file, void *data);
/* Free a trigger that was never added, or whose probes are done. */
void trigger_free(struct event_trigger *t);

/* The line of a trigger with a count and filter: "name:count[ if f]". */
void trigger_print_tail(struct seq_file *m, struct event_trigger *t);

/* ================ Part 2: function commands =========================== */
/*
 * For ftrace_probes.c ftrace_filter_files.c trace_functions_cmds.c
 * trace_events_func_cmds.c.
 */

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
