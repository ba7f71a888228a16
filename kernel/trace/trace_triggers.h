/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What event triggers and function commands share: their actions, then
 * a section for each.
 * Included by: trace_actions.c trace_events_trigger*.c trace_eprobe.c
 * (event triggers)
 * ftrace_probes.c ftrace_filter_files.c trace_functions_cmds.c
 * (function commands)
 *
 * Actions. Each thing a trigger or a command can do (traceon, snapshot,
 * enable_event, ...) is one struct trace_action_type (trace_actions.c).
 * A trigger or a command holds an instance of it, struct trace_action,
 * and a count, and fires it with trace_action_run(), which applies the
 * one count rule. A new action (a histogram's, say) is one more type;
 * a new way to fire actions is one more holder.
 *
 * Event triggers. A trigger is an action attached to an event of one
 * trace array: each time the event fires (and its trigger's filter, if
 * any, accepts the record), the action runs. The user writes
 *
 *	[!]command[:param][ if filter]
 *
 * into events/<sys>/<event>/trigger; "!" removes. Each command is a
 * struct event_trigger_cmd in one registry (trace_events_trigger.c),
 * looked up by name: an action type and how the trigger layer treats
 * it. The built-in ones are in trace_events_trigger_cmds.c, and a
 * command with its own grammar (a histogram) registers the same way and
 * brings its own ->parse.
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
 * function, whose data is the action one write of the command made.
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

/* ================ Part 0: actions ===================================== */

struct trace_action;

/*
 * What an action is fired with: the traced function (a command), or
 * the event's record (a trigger; @rec NULL when the trigger runs before
 * the record exists, and for the triggers that run after it).
 */
struct trace_action_ctx {
	unsigned long			ip;	/* 0 for an event */
	void				*rec;
	struct trace_buffer		*buffer;
	struct ring_buffer_event	*event;
};

/*
 * An action. ->fire runs in the context of the event or the traced
 * function (any, NMI included, preemption off). The others run in
 * process context: ->prepare first, without the holder's locks (it may
 * take trace_types_lock); ->parse, ->setup and ->release with
 * event_mutex held. Any may be NULL but ->fire and ->print.
 */
struct trace_action_type {
	const char	*name;
	/* Get @tr ready for an action of this type (the snapshot buffer). */
	int		(*prepare)(struct trace_array *tr);
	/* Take the target "@system:@name" (enable_event); nothing held yet. */
	int		(*parse)(struct trace_action *a, const char *system,
				 const char *name);
	/* Take what the action holds while it exists (a soft mode, a user). */
	int		(*setup)(struct trace_action *a);
	void		(*fire)(struct trace_action *a,
				const struct trace_action_ctx *ctx);
	/*
	 * For counted holders: would firing now change anything (traceoff
	 * when tracing is off already does not spend a count)? NULL: yes.
	 */
	bool		(*would_act)(struct trace_action *a,
				     const struct trace_action_ctx *ctx);
	/* "name", or "name:<system>:<event>", without count or filter. */
	void		(*print)(struct seq_file *m, const struct trace_action *a);
	/* Two actions of this type on one holder are the same; NULL: yes. */
	bool		(*same)(const struct trace_action *a,
				const struct trace_action *b);
	/* Undo ->setup, once no probe can fire the action any more. */
	void		(*release)(struct trace_action *a);
};

/* An action of one array, as a trigger or a command's write holds it. */
struct trace_action {
	const struct trace_action_type	*type;
	struct trace_array		*tr;
	void				*data;	/* the type's (->parse) */
};

/*
 * The one count rule. @count: firings left, or NULL for no limit. A
 * firing spends one unit, and only if it would change something; two
 * CPUs firing at once each take their own unit (the cmpxchg), so a
 * count of n fires at most n times. A count at or below zero fires no
 * more. Nothing else is ordered by it.
 */
static inline void trace_action_run(struct trace_action *a, long *count,
				    const struct trace_action_ctx *ctx)
{
	long n;

	if (count) {
		n = READ_ONCE(*count);
		do {
			if (n <= 0)
				return;
			if (a->type->would_act && !a->type->would_act(a, ctx))
				return;
		} while (!try_cmpxchg(count, &n, n - 1));
	}
	a->type->fire(a, ctx);
}

/* ================ trace_actions.c: the actions ======================== */

extern const struct trace_action_type trace_action_traceon;
extern const struct trace_action_type trace_action_traceoff;
extern const struct trace_action_type trace_action_stacktrace;
extern const struct trace_action_type trace_action_dump;
extern const struct trace_action_type trace_action_cpudump;
extern const struct trace_action_type trace_action_enable_event;
extern const struct trace_action_type trace_action_disable_event;
#ifdef CONFIG_TRACER_SNAPSHOT
extern const struct trace_action_type trace_action_snapshot;
#endif

/*
 * For holders that do not hold event_mutex (function commands): ->parse
 * the target (@system, @name; NULL if none), then ->setup if @setup;
 * and ->release.
 */
int trace_action_start(struct trace_action *a, const char *system,
		       const char *name, bool setup);
void trace_action_stop(struct trace_action *a);

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
	/*
	 * The kernel's own (an eprobe's): not in the registry nor in the
	 * trigger file, and removed by its holder alone.
	 */
	TRIGGER_CMD_INTERNAL	= BIT(3),
};

/*
 * A trigger command: an action type, and how the trigger layer treats
 * it. Two triggers of the same @type on one event are duplicates
 * (-EEXIST) unless the action's ->same says they differ (enable_event
 * on two target events).
 */
struct event_trigger_cmd {
	const char			*name;
	enum event_trigger_type		type;
	unsigned int			flags;
	const struct trace_action_type	*action;
	/*
	 * Optional, for a command with a grammar of its own: add (or with
	 * p->remove, remove) a trigger on @file from the parsed words of
	 * @p; a refused line returns its errno and, as upstream, leaves
	 * error_log alone (only a bad "if" filter is logged there).
	 * Without it: trigger_parse_generic().
	 */
	int (*parse)(const struct event_trigger_cmd *cmd,
		     struct trace_event_file *file, struct trigger_parse *p);
	struct list_head		list;	/* in the registry */
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
	struct trace_action		action;
};

/* ================ trace_events_trigger.c: the registry ================= */

int trigger_command_register(struct event_trigger_cmd *cmd);

/*
 * An internal trigger on @file (event_mutex held): @action, whose ->same
 * tells two holders' apart, fires with each record of @file's event
 * that @filter (an expression on that event, or NULL) lets through, as
 * a user's trigger would, and holds @file in soft mode meanwhile. The
 * trigger, or an ERR_PTR. Removing it waits for the probes: @action is
 * not fired after trace_event_internal_trigger_remove() returns.
 */
struct event_trigger *
trace_event_internal_trigger_add(struct trace_event_file *file,
				 const struct trace_action_type *action,
				 void *data, const char *filter);
void trace_event_internal_trigger_remove(struct event_trigger *t);

/* ================ Part 2: function commands =========================== */
/* For ftrace_probes.c ftrace_filter_files.c trace_functions_cmds.c. */

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
	long			count;	/* counted commands: hits left */
	void			*data;	/* the kind's (attach sets it) */
};

/*
 * A kind of command. ->hit runs in the traced function's context (any,
 * NMI included) with preemption off and recursion cut; @parent_ip is
 * its caller. ->attach (may fail) and ->detach run in process context
 * for each site that comes or goes. ->show prints the line of a site in
 * set_ftrace_filter after "func:".
 */
struct ftrace_probe_kind {
	const char	*name;
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

#endif /* _KERNEL_TRACE_TRIGGERS_H */
