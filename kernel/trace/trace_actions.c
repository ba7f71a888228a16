// SPDX-License-Identifier: GPL-2.0
/*
 * The actions of event triggers and of the commands of set_ftrace_filter,
 * each defined once:
 *
 *	traceon, traceoff	turn recording of the array on, or off
 *	snapshot		swap the array's live buffer with its snapshot
 *	stacktrace		record the kernel stack into the array
 *	enable_event, disable_event
 *				let another event of the array record, or
 *				stop it (target "<system>:<event>")
 *	dump, cpudump		print every CPU's buffer, or this CPU's, on
 *				the console (function commands only)
 *
 * An event trigger (trace_events_trigger.c) and a function command
 * (trace_functions_cmds.c) each embed a struct trace_action and keep a
 * count; both fire it through trace_action_run() (trace_triggers.h),
 * the one count rule. What differs between the two is said here, in
 * the action, from the context it fires in (ctx->ip is the traced
 * function for a command, 0 for an event).
 *
 * An enable/disable_event action holds its target in soft mode for as
 * long as it exists: the target stays attached to its tracepoint, and
 * the action only flips EVENT_FILE_FL_SOFT_DISABLED, which the target's
 * probe tests. Its module cannot be unloaded meanwhile.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_events_internal.h"
#include "trace_triggers.h"

static void name_print(struct seq_file *m, const struct trace_action *a)
{
	seq_puts(m, a->type->name);
}

/* ------------------------------------------------ traceon / traceoff */

static void traceon_fire(struct trace_action *a,
			 const struct trace_action_ctx *ctx)
{
	if (!tracer_tracing_is_on(a->tr))
		tracer_tracing_on(a->tr);
}

static bool traceon_would_act(struct trace_action *a,
			      const struct trace_action_ctx *ctx)
{
	return !tracer_tracing_is_on(a->tr);
}

static void traceoff_fire(struct trace_action *a,
			  const struct trace_action_ctx *ctx)
{
	if (tracer_tracing_is_on(a->tr))
		tracer_tracing_off(a->tr);
}

static bool traceoff_would_act(struct trace_action *a,
			       const struct trace_action_ctx *ctx)
{
	return tracer_tracing_is_on(a->tr);
}

const struct trace_action_type trace_action_traceon = {
	.name		= "traceon",
	.fire		= traceon_fire,
	.would_act	= traceon_would_act,
	.print		= name_print,
};

const struct trace_action_type trace_action_traceoff = {
	.name		= "traceoff",
	.fire		= traceoff_fire,
	.would_act	= traceoff_would_act,
	.print		= name_print,
};

/* ---------------------------------------------------------- snapshot */

#ifdef CONFIG_TRACER_SNAPSHOT
static void snapshot_fire(struct trace_action *a,
			  const struct trace_action_ctx *ctx)
{
	tracing_snapshot_instance(a->tr);
}

/* Allocating the buffer takes trace_types_lock: before event_mutex. */
static int snapshot_prepare(struct trace_array *tr)
{
	return tracing_snapshot_arm(tr);
}

/*
 * The action is a user of the snapshot for as long as it exists, which
 * keeps the array's buffers from being mapped; a mapping that came
 * after ->prepare refuses it here.
 */
static int snapshot_setup(struct trace_action *a)
{
	return tracing_snapshot_get(a->tr);
}

/* After the probes are done with @a: it swaps no more. */
static void snapshot_release(struct trace_action *a)
{
	tracing_snapshot_put(a->tr);
}

const struct trace_action_type trace_action_snapshot = {
	.name		= "snapshot",
	.prepare	= snapshot_prepare,
	.setup		= snapshot_setup,
	.fire		= snapshot_fire,
	.print		= name_print,
	.release	= snapshot_release,
};
#endif

/* -------------------------------------------------------- stacktrace */

/*
 * Frames between the traced code and the recording of an event's
 * stack: this function, event_triggers_post_call() and
 * trace_event_buffer_commit(); the probe itself is left in, as the
 * caller of the commit.
 */
#define STACKTRACE_SKIP		3

/*
 * After an event, its kernel stack; in a traced function, the stack
 * from the function's caller frame out (its trampoline).
 */
static void stacktrace_fire(struct trace_action *a,
			    const struct trace_action_ctx *ctx)
{
	struct trace_buffer *buffer = a->tr->array_buffer.buffer;

	if (ctx->ip)
		trace_record_fstack(buffer, tracing_gen_ctx_dec(), ctx->ip);
	else
		trace_record_kstack(buffer, tracing_gen_ctx_dec(),
				    STACKTRACE_SKIP);
}

/*
 * A counted stack from a function is spent only while the top level
 * records, as the reference's; an event's always.
 */
static bool stacktrace_would_act(struct trace_action *a,
				 const struct trace_action_ctx *ctx)
{
	return !ctx->ip || tracing_is_on();
}

const struct trace_action_type trace_action_stacktrace = {
	.name		= "stacktrace",
	.fire		= stacktrace_fire,
	.would_act	= stacktrace_would_act,
	.print		= name_print,
};

/* ------------------------------------------------- dump / cpudump */

static void dump_fire(struct trace_action *a,
		      const struct trace_action_ctx *ctx)
{
	ftrace_dump(DUMP_ALL);
}

static void cpudump_fire(struct trace_action *a,
			 const struct trace_action_ctx *ctx)
{
	ftrace_dump(DUMP_ORIG);
}

const struct trace_action_type trace_action_dump = {
	.name		= "dump",
	.fire		= dump_fire,
	.print		= name_print,
};

const struct trace_action_type trace_action_cpudump = {
	.name		= "cpudump",
	.fire		= cpudump_fire,
	.print		= name_print,
};

/* -------------------------------------- enable_event / disable_event */

static struct trace_event_file *switch_target(const struct trace_action *a)
{
	return a->data;
}

static bool switch_enables(const struct trace_action *a)
{
	return a->type == &trace_action_enable_event;
}

/* The target's probe tests the bit on its next event. */
static void switch_fire(struct trace_action *a,
			const struct trace_action_ctx *ctx)
{
	struct trace_event_file *target = switch_target(a);

	if (switch_enables(a))
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &target->flags);
	else
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &target->flags);
}

/*
 * Is the target not yet where the action puts it? The flag is read and
 * written from any context; a lost race costs one firing, as in the
 * reference.
 */
static bool switch_would_act(struct trace_action *a,
			     const struct trace_action_ctx *ctx)
{
	bool off = READ_ONCE(switch_target(a)->flags) &
		   EVENT_FILE_FL_SOFT_DISABLED;

	return switch_enables(a) == off;
}

/* The event of the action's array called @system:@name that can be switched. */
static int switch_parse(struct trace_action *a, const char *system,
			const char *name)
{
	struct trace_event_file *file;
	struct trace_event_call *call;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &a->tr->events, list) {
		call = file->event_call;
		if (!call->class || !trace_event_name(call) ||
		    !call->class->reg ||
		    (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE))
			continue;
		if (!strcmp(name, trace_event_name(call)) &&
		    !strcmp(system, call->class->system)) {
			a->data = file;
			return 0;
		}
	}
	return -EINVAL;
}

/* The target's module stays, and the target in soft mode, meanwhile. */
static int switch_setup(struct trace_action *a)
{
	struct trace_event_file *target = switch_target(a);
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!trace_event_try_get_ref(target->event_call))
		return -EBUSY;
	ret = trace_event_enable_disable(target, 1, 1);
	if (ret)
		trace_event_put_ref(target->event_call);
	return ret;
}

static void switch_release(struct trace_action *a)
{
	struct trace_event_file *target = switch_target(a);

	lockdep_assert_held(&event_mutex);
	trace_event_enable_disable(target, 0, 1);
	trace_event_put_ref(target->event_call);
}

static void switch_print(struct seq_file *m, const struct trace_action *a)
{
	struct trace_event_call *call = switch_target(a)->event_call;

	seq_printf(m, "%s:%s:%s", a->type->name, call->class->system,
		   trace_event_name(call));
}

static bool switch_same(const struct trace_action *a,
			const struct trace_action *b)
{
	return switch_target(a) == switch_target(b);
}

const struct trace_action_type trace_action_enable_event = {
	.name		= "enable_event",
	.parse		= switch_parse,
	.setup		= switch_setup,
	.fire		= switch_fire,
	.would_act	= switch_would_act,
	.print		= switch_print,
	.same		= switch_same,
	.release	= switch_release,
};

const struct trace_action_type trace_action_disable_event = {
	.name		= "disable_event",
	.parse		= switch_parse,
	.setup		= switch_setup,
	.fire		= switch_fire,
	.would_act	= switch_would_act,
	.print		= switch_print,
	.same		= switch_same,
	.release	= switch_release,
};

/* ------------------------------------------------------------------ */
/* For users that do not hold event_mutex (the function commands)      */

int trace_action_start(struct trace_action *a, const char *system,
		       const char *name, bool setup)
{
	int ret = 0;

	mutex_lock(&event_mutex);
	if (a->type->parse)
		ret = system && name ? a->type->parse(a, system, name) :
				       -EINVAL;
	if (!ret && setup && a->type->setup)
		ret = a->type->setup(a);
	mutex_unlock(&event_mutex);
	return ret;
}

void trace_action_stop(struct trace_action *a)
{
	if (!a->type->release)
		return;
	mutex_lock(&event_mutex);
	a->type->release(a);
	mutex_unlock(&event_mutex);
}
