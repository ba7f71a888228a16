// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in trigger commands:
 *
 *	traceon[:count][ if filter]	turn recording of the array on
 *	traceoff[:count][ if filter]	... off, after the event is recorded
 *	snapshot[:count][ if filter]	swap the live buffer with the snapshot
 *	stacktrace[:count][ if filter]	record the kernel stack after the event
 *	enable_event:<sys>:<event>[:count][ if filter]
 *	disable_event:<sys>:<event>[:count][ if filter]
 *					let another event of the array record,
 *					or stop it
 *
 * A count is how many more times the trigger acts; a trigger whose
 * action would change nothing (traceoff while tracing is off) does not
 * use one up. traceon and traceoff are one kind: an event has at most
 * one of them, as it has at most one snapshot and one stacktrace
 * trigger, and one enable or disable trigger per target event.
 *
 * An enable/disable_event trigger puts its target in soft mode for as
 * long as it exists: the target stays attached to its tracepoint, and
 * the trigger only flips EVENT_FILE_FL_SOFT_DISABLED, which the target's
 * probe tests. Its module cannot be unloaded meanwhile.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_events_internal.h"
#include "trace_triggers.h"

/* ------------------------------------------------ traceon / traceoff */

static void traceon_fire(struct event_trigger *t, struct trace_buffer *buffer,
			 void *rec, struct ring_buffer_event *event)
{
	struct trace_array *tr = t->file->tr;

	if (!tracer_tracing_is_on(tr))
		tracer_tracing_on(tr);
}

static bool traceon_would_act(struct event_trigger *t)
{
	return !tracer_tracing_is_on(t->file->tr);
}

static void traceoff_fire(struct event_trigger *t, struct trace_buffer *buffer,
			  void *rec, struct ring_buffer_event *event)
{
	struct trace_array *tr = t->file->tr;

	if (tracer_tracing_is_on(tr))
		tracer_tracing_off(tr);
}

static bool traceoff_would_act(struct event_trigger *t)
{
	return tracer_tracing_is_on(t->file->tr);
}

static int simple_parse(const struct event_trigger_cmd *cmd,
			struct trace_event_file *file, struct trigger_parse *p)
{
	return trigger_parse_generic(cmd, file, p, NULL);
}

static void simple_print(struct seq_file *m, struct event_trigger *t)
{
	seq_puts(m, t->cmd->name);
	trigger_print_tail(m, t);
}

static struct event_trigger_cmd traceon_cmd = {
	.name		= "traceon",
	.type		= ETT_TRACE_ONOFF,
	.parse		= simple_parse,
	.fire		= traceon_fire,
	.would_act	= traceon_would_act,
	.print		= simple_print,
};

static struct event_trigger_cmd traceoff_cmd = {
	.name		= "traceoff",
	.type		= ETT_TRACE_ONOFF,
	.flags		= TRIGGER_CMD_POST,
	.parse		= simple_parse,
	.fire		= traceoff_fire,
	.would_act	= traceoff_would_act,
	.print		= simple_print,
};

/* ---------------------------------------------------------- snapshot */

#ifdef CONFIG_TRACER_SNAPSHOT
static void snapshot_fire(struct event_trigger *t, struct trace_buffer *buffer,
			  void *rec, struct ring_buffer_event *event)
{
	tracing_snapshot_instance(t->file->tr);
}

/* Allocating the buffer takes trace_types_lock: before event_mutex. */
static int snapshot_prepare(struct trace_array *tr)
{
	return tracing_snapshot_arm(tr);
}

/*
 * Each snapshot trigger is a user of the snapshot for as long as it
 * exists (snapshot_release() ends that), which keeps the array's buffers
 * from being mapped; a mapping that came after ->prepare refuses it here.
 */
static int snapshot_parse(const struct event_trigger_cmd *cmd,
			  struct trace_event_file *file, struct trigger_parse *p)
{
	int ret;

	if (p->remove)
		return trigger_parse_generic(cmd, file, p, NULL);
	ret = tracing_snapshot_get(file->tr);
	if (ret)
		return ret;
	/* a trigger not added is freed without ->release */
	ret = trigger_parse_generic(cmd, file, p, NULL);
	if (ret)
		tracing_snapshot_put(file->tr);
	return ret;
}

/* After the probes are done with @t: it swaps no more. */
static void snapshot_release(struct event_trigger *t)
{
	tracing_snapshot_put(t->file->tr);
}

static struct event_trigger_cmd snapshot_cmd = {
	.name		= "snapshot",
	.type		= ETT_SNAPSHOT,
	.parse		= snapshot_parse,
	.prepare	= snapshot_prepare,
	.release	= snapshot_release,
	.fire		= snapshot_fire,
	.print		= simple_print,
};
#endif

/* -------------------------------------------------------- stacktrace */

/*
 * Frames between the traced code and the recording: this function,
 * event_triggers_post_call() and trace_event_buffer_commit(); the
 * probe itself is left in, as the caller of the commit.
 */
#define STACKTRACE_SKIP		3

static void stacktrace_fire(struct event_trigger *t,
			    struct trace_buffer *buffer, void *rec,
			    struct ring_buffer_event *event)
{
	trace_record_kstack(t->file->tr->array_buffer.buffer,
			    tracing_gen_ctx_dec(), STACKTRACE_SKIP);
}

static struct event_trigger_cmd stacktrace_cmd = {
	.name		= "stacktrace",
	.type		= ETT_STACKTRACE,
	.flags		= TRIGGER_CMD_POST,
	.parse		= simple_parse,
	.fire		= stacktrace_fire,
	.print		= simple_print,
};

/* -------------------------------------- enable_event / disable_event */

struct event_switch {
	struct trace_event_file	*target;
	bool			enable;
};

static void switch_fire(struct event_trigger *t, struct trace_buffer *buffer,
			void *rec, struct ring_buffer_event *event)
{
	struct event_switch *sw = t->data;

	/* the target's probe tests the bit on its next event */
	if (sw->enable)
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &sw->target->flags);
	else
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &sw->target->flags);
}

static bool switch_would_act(struct event_trigger *t)
{
	struct event_switch *sw = t->data;
	bool off = READ_ONCE(sw->target->flags) & EVENT_FILE_FL_SOFT_DISABLED;

	return sw->enable == off;
}

static void switch_print(struct seq_file *m, struct event_trigger *t)
{
	struct event_switch *sw = t->data;
	struct trace_event_call *call = sw->target->event_call;

	seq_printf(m, "%s:%s:%s", t->cmd->name, call->class->system,
		   trace_event_name(call));
	trigger_print_tail(m, t);
}

static bool switch_same(struct event_trigger *a, struct event_trigger *b)
{
	struct event_switch *x = a->data, *y = b->data;

	return x->target == y->target;
}

static void switch_release(struct event_trigger *t)
{
	struct event_switch *sw = t->data;

	trace_event_enable_disable(sw->target, 0, 1);
	trace_event_put_ref(sw->target->event_call);
	kfree(sw);
}

/* An event of @tr that can be switched, by system and name. */
static struct trace_event_file *switch_target(struct trace_array *tr,
					      const char *system,
					      const char *name)
{
	struct trace_event_file *file;
	struct trace_event_call *call;

	list_for_each_entry(file, &tr->events, list) {
		call = file->event_call;
		if (!call->class || !trace_event_name(call))
			continue;
		if (strcmp(name, trace_event_name(call)) ||
		    strcmp(system, call->class->system))
			continue;
		if (!call->class->reg ||
		    (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE))
			return NULL;
		return file;
	}
	return NULL;
}

static int switch_parse(const struct event_trigger_cmd *cmd,
			struct trace_event_file *file, struct trigger_parse *p)
{
	char *system, *name, *rest;
	struct event_switch *sw;
	struct event_trigger *t;
	int ret;

	if (trigger_split_target(p->param, &system, &name, &rest))
		return -EINVAL;
	sw = kzalloc(sizeof(*sw), GFP_KERNEL);
	if (!sw)
		return -ENOMEM;
	sw->enable = !strcmp(cmd->name, "enable_event");
	sw->target = switch_target(p->tr, system, name);
	if (!sw->target) {
		kfree(sw);
		return -EINVAL;
	}
	t = trigger_alloc(cmd, file, sw);
	if (!t) {
		kfree(sw);
		return -ENOMEM;
	}
	if (p->remove) {
		trigger_remove(t);
		kfree(sw);
		kfree(t);
		return 0;
	}
	/* what is left after <sys>:<event>: is the count */
	if (rest)
		p->param_pos += rest - p->param;
	ret = trigger_parse_count(p, rest, &t->count);
	if (ret)
		goto free;
	ret = trigger_set_filter(t, p);
	if (ret)
		goto free;
	/* the target's module stays while the trigger points at it */
	if (!trace_event_try_get_ref(sw->target->event_call)) {
		ret = -EBUSY;
		goto free;
	}
	ret = trace_event_enable_disable(sw->target, 1, 1);
	if (ret)
		goto put;
	ret = trigger_add(t, p);
	if (!ret)
		return 0;
	trace_event_enable_disable(sw->target, 0, 1);
put:
	trace_event_put_ref(sw->target->event_call);
free:
	trigger_free(t);
	kfree(sw);
	return ret;
}

static struct event_trigger_cmd enable_event_cmd = {
	.name		= "enable_event",
	.type		= ETT_EVENT_ENABLE,
	.flags		= TRIGGER_CMD_PARAM,
	.parse		= switch_parse,
	.fire		= switch_fire,
	.would_act	= switch_would_act,
	.print		= switch_print,
	.same		= switch_same,
	.release	= switch_release,
};

static struct event_trigger_cmd disable_event_cmd = {
	.name		= "disable_event",
	.type		= ETT_EVENT_ENABLE,
	.flags		= TRIGGER_CMD_PARAM,
	.parse		= switch_parse,
	.fire		= switch_fire,
	.would_act	= switch_would_act,
	.print		= switch_print,
	.same		= switch_same,
	.release	= switch_release,
};

void __init trigger_builtin_commands_register(void)
{
	static struct event_trigger_cmd *cmds[] __initdata = {
		&traceon_cmd, &traceoff_cmd,
#ifdef CONFIG_TRACER_SNAPSHOT
		&snapshot_cmd,
#endif
		&stacktrace_cmd, &enable_event_cmd, &disable_event_cmd,
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(cmds); i++)
		WARN_ON(trigger_command_register(cmds[i]));
}
