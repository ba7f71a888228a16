// SPDX-License-Identifier: GPL-2.0
/*
 * The commands of set_ftrace_filter, each an action of trace_actions.c
 * fired from the functions it is given:
 *
 *	func:traceon[:N]	turn the array's tracing_on on
 *	func:traceoff[:N]	turn it off
 *	func:stacktrace[:N]	record the kernel stack into the array
 *	func:snapshot[:N]	swap the array's buffer with its snapshot
 *	func:dump		print every buffer on the console, once
 *	func:cpudump		print the buffer of the CPU that hit it
 *	func:enable_event:SYS:EVENT[:N]
 *	func:disable_event:SYS:EVENT[:N]
 *				let the event record, or stop it
 *
 * N is how many more times the command acts, counted per function, or
 * for enable_event and disable_event per write: shared by all the
 * functions one write gave it, as in the reference. A counted form
 * whose N is empty never acts (the reference's too). A '!' in front of
 * the function removes the command again; "!func:cmd" and "!func:cmd:N"
 * name its uncounted and counted forms, which are two kinds each with
 * its own sites, as the reference keeps them.
 *
 * Each write makes one struct func_action: the action and, for the
 * events' commands, the count. Every site the write attached holds it;
 * the last site to go undoes the action.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/refcount.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_triggers.h"

struct func_action {
	struct trace_action	action;
	bool			counted;	/* "func:cmd:N" */
	bool			shared;		/* @count is the write's */
	long			count;
	refcount_t		ref;		/* the sites and the write */
};

static void func_action_put(struct func_action *fa)
{
	if (!refcount_dec_and_test(&fa->ref))
		return;
	trace_action_stop(&fa->action);
	kfree(fa);
}

/* The count a hit at @site spends: the site's or the write's. */
static long *site_count(struct func_action *fa, struct ftrace_probe_site *site)
{
	if (!fa->counted)
		return NULL;
	return fa->shared ? &fa->count : &site->count;
}

static void func_cmd_hit(struct trace_array *tr, struct ftrace_probe_site *site,
			 unsigned long parent_ip)
{
	struct func_action *fa = site->data;
	struct trace_action_ctx ctx = {
		.ip	= site->ip,
	};

	trace_action_run(&fa->action, site_count(fa, site), &ctx);
}

static int func_cmd_attach(struct ftrace_probe_site *site, void *arg)
{
	struct func_action *fa = arg;

	refcount_inc(&fa->ref);
	site->data = fa;
	return 0;
}

static void func_cmd_detach(struct ftrace_probe_site *site)
{
	func_action_put(site->data);
}

static void func_cmd_show(struct seq_file *m, struct ftrace_probe_site *site)
{
	struct func_action *fa = site->data;
	long *count = site_count(fa, site);

	fa->action.type->print(m, &fa->action);
	if (count)
		seq_printf(m, ":count=%ld\n", READ_ONCE(*count));
	else
		seq_puts(m, ":unlimited\n");
}

/* Flags of a command. */
enum {
	/* "cmd:SYS:EVENT[:N]": the target first, N not empty, per write. */
	FUNC_CMD_TARGET	= BIT(0),
	/* N is not read: always the counted form, with a count of one. */
	FUNC_CMD_ONCE	= BIT(1),
	/* N is not read: always the uncounted form. */
	FUNC_CMD_ALWAYS	= BIT(2),
};

struct func_cmd {
	struct ftrace_func_command	cmd;
	const struct trace_action_type	*action;
	unsigned int			flags;
	/* the probe kinds of "func:cmd" and "func:cmd:N" */
	struct ftrace_probe_kind	plain;
	struct ftrace_probe_kind	counted;
};

static int func_cmd_run(struct trace_array *tr, struct ftrace_hash *hash,
			char *func, char *name, char *param, int enable);

/* Named after their command when it registers. */
#define FUNC_KIND {							\
	.hit = func_cmd_hit, .attach = func_cmd_attach,			\
	.detach = func_cmd_detach, .show = func_cmd_show }

#define FUNC_CMD(_name, _action, _flags) {				\
	.cmd = { .name = _name, .func = func_cmd_run },			\
	.action = _action, .flags = _flags,				\
	.plain = FUNC_KIND, .counted = FUNC_KIND }

static struct func_cmd func_cmds[] = {
	FUNC_CMD("traceon", &trace_action_traceon, 0),
	FUNC_CMD("traceoff", &trace_action_traceoff, 0),
	FUNC_CMD("stacktrace", &trace_action_stacktrace, 0),
	/* the reference dumps once whatever N says */
	FUNC_CMD("dump", &trace_action_dump, FUNC_CMD_ONCE),
	FUNC_CMD("cpudump", &trace_action_cpudump, FUNC_CMD_ALWAYS),
#ifdef CONFIG_TRACER_SNAPSHOT
	FUNC_CMD("snapshot", &trace_action_snapshot, 0),
#endif
	FUNC_CMD("enable_event", &trace_action_enable_event, FUNC_CMD_TARGET),
	FUNC_CMD("disable_event", &trace_action_disable_event, FUNC_CMD_TARGET),
};

/*
 * The N of "cmd:N" or "cmd:SYS:EVENT:N" at @param (NULL: there was
 * none): -1 when absent. An empty N is -1 too, except after a target
 * (@target), where it is refused. Anything after a further ':' is
 * ignored, as the reference does. Returns 0 or -errno (not a number).
 */
static int func_cmd_count(char *param, bool target, long *count)
{
	unsigned long n;
	char *num;
	int ret;

	*count = -1;
	if (!param)
		return 0;
	num = strsep(&param, ":");
	if (!*num)
		return target ? -EINVAL : 0;
	ret = kstrtoul(num, 0, &n);
	if (!ret)
		*count = n;
	return ret;
}

static int func_cmd_run(struct trace_array *tr, struct ftrace_hash *hash,
			char *func, char *name, char *param, int enable)
{
	const struct ftrace_probe_kind *kind;
	char *system = NULL, *event = NULL;
	struct func_action *fa;
	struct func_cmd *fc = NULL;
	bool counted;
	long count;
	int i, ret;

	/* the commands only attach functions through set_ftrace_filter */
	if (!tr)
		return -ENODEV;
	if (!enable)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(func_cmds); i++)
		if (!strcmp(func_cmds[i].cmd.name, name))
			fc = &func_cmds[i];
	if (WARN_ON_ONCE(!fc))
		return -EINVAL;
	if (fc->flags & FUNC_CMD_TARGET) {
		if (!param)
			return -EINVAL;
		system = strsep(&param, ":");
		if (!param)
			return -EINVAL;
		event = strsep(&param, ":");
	}
	counted = fc->flags & FUNC_CMD_ONCE ||
		  (param && !(fc->flags & FUNC_CMD_ALWAYS));
	kind = counted ? &fc->counted : &fc->plain;

	fa = kzalloc(sizeof(*fa), GFP_KERNEL);
	if (!fa)
		return -ENOMEM;
	fa->action.type = fc->action;
	fa->action.tr = tr;
	fa->counted = counted;
	fa->shared = fc->flags & FUNC_CMD_TARGET;
	refcount_set(&fa->ref, 1);

	if (func[0] == '!') {
		/* the target must exist, though the kind alone is removed */
		ret = trace_action_start(&fa->action, system, event, false);
		kfree(fa);
		return ret ? ret : ftrace_probe_remove(tr, kind, func + 1);
	}

	/* N is not read by dump and cpudump: one */
	count = 1;
	ret = 0;
	if (!(fc->flags & (FUNC_CMD_ONCE | FUNC_CMD_ALWAYS)))
		ret = func_cmd_count(param, fc->flags & FUNC_CMD_TARGET,
				     &count);
	if (!ret && fc->action->prepare)
		ret = fc->action->prepare(tr);
	if (ret) {
		kfree(fa);
		return ret;
	}
	fa->count = count;
	ret = trace_action_start(&fa->action, system, event, true);
	if (ret) {
		kfree(fa);
		return ret;
	}
	ret = ftrace_probe_add(tr, kind, func, count, fa);
	/* the sites hold their own references now */
	func_action_put(fa);
	return ret < 0 ? ret : 0;
}

static int __init func_cmds_init(void)
{
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(func_cmds); i++) {
		func_cmds[i].plain.name = func_cmds[i].cmd.name;
		func_cmds[i].counted.name = func_cmds[i].cmd.name;
		ret = register_ftrace_command(&func_cmds[i].cmd);
		if (ret)
			pr_warn("ftrace: command %s not registered: %d\n",
				func_cmds[i].cmd.name, ret);
	}
	return 0;
}
core_initcall(func_cmds_init);
