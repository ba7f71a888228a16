// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in trigger commands, each an action of trace_actions.c:
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
 * use one up. traceon and traceoff are one type of trigger: an event has
 * at most one of them, as it has at most one snapshot and one
 * stacktrace trigger, and one enable or disable trigger per target
 * event.
 */
#include <linux/kernel.h>

#include "trace.h"
#include "trace_triggers.h"

static struct event_trigger_cmd builtin_cmds[] = {
	{
		.name	= "traceon",
		.type	= ETT_TRACE_ONOFF,
		.action	= &trace_action_traceon,
	}, {
		/* after the event: the event that stopped the trace stays */
		.name	= "traceoff",
		.type	= ETT_TRACE_ONOFF,
		.flags	= TRIGGER_CMD_POST,
		.action	= &trace_action_traceoff,
	},
#ifdef CONFIG_TRACER_SNAPSHOT
	{
		.name	= "snapshot",
		.type	= ETT_SNAPSHOT,
		.action	= &trace_action_snapshot,
	},
#endif
	{
		/* after the event: the stack follows it */
		.name	= "stacktrace",
		.type	= ETT_STACKTRACE,
		.flags	= TRIGGER_CMD_POST,
		.action	= &trace_action_stacktrace,
	}, {
		.name	= "enable_event",
		.type	= ETT_EVENT_ENABLE,
		.flags	= TRIGGER_CMD_PARAM,
		.action	= &trace_action_enable_event,
	}, {
		.name	= "disable_event",
		.type	= ETT_EVENT_ENABLE,
		.flags	= TRIGGER_CMD_PARAM,
		.action	= &trace_action_disable_event,
	},
};

void __init trigger_builtin_commands_register(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(builtin_cmds); i++)
		WARN_ON(trigger_command_register(&builtin_cmds[i]));
}
