// SPDX-License-Identifier: GPL-2.0
/*
 * The function commands of set_ftrace_filter that act on the tracing
 * core, each with a count of times it may still act or without one:
 *
 *	func:traceon[:N]	turn the array's tracing_on on
 *	func:traceoff[:N]	turn it off
 *	func:stacktrace[:N]	record the kernel stack into the array
 *	func:snapshot[:N]	swap the array's buffer with its snapshot
 *	func:dump		print every buffer on the console, once
 *	func:cpudump		print the buffer of the CPU that hit it
 *
 * A '!' in front of the function removes the command again; "!func:cmd"
 * and "!func:cmd:N" name its uncounted and counted forms, which are two
 * kinds each with its own sites, as the reference keeps them. The
 * events' commands (enable_event, disable_event) are the event layer's
 * (trace_events_func_cmds.c).
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>

#include "trace.h"
#include "trace_triggers.h"

/* ------------------------------------------------------------------ */
/* traceon, traceoff                                                    */

static void traceon_hit(struct trace_array *tr, struct ftrace_probe_site *site,
			unsigned long parent_ip)
{
	if (!tracer_tracing_is_on(tr))
		tracer_tracing_on(tr);
}

static void traceoff_hit(struct trace_array *tr, struct ftrace_probe_site *site,
			 unsigned long parent_ip)
{
	if (tracer_tracing_is_on(tr))
		tracer_tracing_off(tr);
}

/*
 * A count is spent only by a hit that changes the state: the second of
 * two CPUs hitting at once must see either the old count and the old
 * state, or the new state (and then do nothing). So: read the count,
 * then the state; set the state, then the count.
 */
static void onoff_count_hit(struct trace_array *tr,
			    struct ftrace_probe_site *site, bool on)
{
	long left = READ_ONCE(site->count);
	void (*set)(struct trace_array *tr);

	/* the count before the state: pairs with the smp_wmb() below */
	smp_rmb();
	if (left <= 0 || tracer_tracing_is_on(tr) == on)
		return;
	set = on ? tracer_tracing_on : tracer_tracing_off;
	set(tr);
	/* the state before the count: pairs with the smp_rmb() above */
	smp_wmb();
	WRITE_ONCE(site->count, left - 1);
}

static void traceon_count_hit(struct trace_array *tr,
			      struct ftrace_probe_site *site,
			      unsigned long parent_ip)
{
	onoff_count_hit(tr, site, true);
}

static void traceoff_count_hit(struct trace_array *tr,
			       struct ftrace_probe_site *site,
			       unsigned long parent_ip)
{
	onoff_count_hit(tr, site, false);
}

static const struct ftrace_probe_kind traceon_kind = {
	.name = "traceon", .hit = traceon_hit,
};

static const struct ftrace_probe_kind traceon_count_kind = {
	.name = "traceon", .counted = true, .hit = traceon_count_hit,
};

static const struct ftrace_probe_kind traceoff_kind = {
	.name = "traceoff", .hit = traceoff_hit,
};

static const struct ftrace_probe_kind traceoff_count_kind = {
	.name = "traceoff", .counted = true, .hit = traceoff_count_hit,
};

/* ------------------------------------------------------------------ */
/* stacktrace                                                           */

/* The stack from the traced function's caller frame out (its trampoline). */
static void stack_record(struct trace_array *tr, struct ftrace_probe_site *site)
{
	trace_record_fstack(tr->array_buffer.buffer, tracing_gen_ctx_dec(),
			    site->ip);
}

static void stack_hit(struct trace_array *tr, struct ftrace_probe_site *site,
		      unsigned long parent_ip)
{
	stack_record(tr, site);
}

/* The counted form records only while the top level records, too. */
static void stack_count_hit(struct trace_array *tr,
			    struct ftrace_probe_site *site,
			    unsigned long parent_ip)
{
	if (tracing_is_on() && ftrace_probe_take(site))
		stack_record(tr, site);
}

static const struct ftrace_probe_kind stack_kind = {
	.name = "stacktrace", .hit = stack_hit,
};

static const struct ftrace_probe_kind stack_count_kind = {
	.name = "stacktrace", .counted = true, .hit = stack_count_hit,
};

/* ------------------------------------------------------------------ */
/* dump, cpudump                                                        */

static void dump_hit(struct trace_array *tr, struct ftrace_probe_site *site,
		     unsigned long parent_ip)
{
	if (ftrace_probe_take(site))
		ftrace_dump(DUMP_ALL);
}

static void cpudump_hit(struct trace_array *tr, struct ftrace_probe_site *site,
			unsigned long parent_ip)
{
	ftrace_dump(DUMP_ORIG);
}

/* dump is counted (once); cpudump is not, and lists as unlimited */
static const struct ftrace_probe_kind dump_kind = {
	.name = "dump", .counted = true, .hit = dump_hit,
};

static const struct ftrace_probe_kind cpudump_kind = {
	.name = "cpudump", .hit = cpudump_hit,
};

/* ------------------------------------------------------------------ */
/* snapshot                                                             */

#ifdef CONFIG_TRACER_SNAPSHOT
static void snapshot_hit(struct trace_array *tr, struct ftrace_probe_site *site,
			 unsigned long parent_ip)
{
	tracing_snapshot_instance(tr);
}

static void snapshot_count_hit(struct trace_array *tr,
			       struct ftrace_probe_site *site,
			       unsigned long parent_ip)
{
	if (ftrace_probe_take(site))
		tracing_snapshot_instance(tr);
}

/*
 * Each site is a user of the snapshot while it exists, so the array's
 * buffers cannot be mapped meanwhile (and a mapping refuses new sites).
 * A site is detached only once no CPU can still be in its probe.
 */
static int snapshot_attach(struct ftrace_probe_site *site, void *arg)
{
	struct trace_array *tr = arg;
	int ret = tracing_snapshot_get(tr);

	if (!ret)
		site->data = tr;
	return ret;
}

static void snapshot_detach(struct ftrace_probe_site *site)
{
	tracing_snapshot_put(site->data);
}

static const struct ftrace_probe_kind snapshot_kind = {
	.name = "snapshot", .hit = snapshot_hit,
	.attach = snapshot_attach, .detach = snapshot_detach,
};

static const struct ftrace_probe_kind snapshot_count_kind = {
	.name = "snapshot", .counted = true, .hit = snapshot_count_hit,
	.attach = snapshot_attach, .detach = snapshot_detach,
};
#endif

/* ------------------------------------------------------------------ */
/* Parsing                                                              */

struct func_cmd {
	struct ftrace_func_command	cmd;
	const struct ftrace_probe_kind	*plain;		/* "func:cmd" */
	const struct ftrace_probe_kind	*counted;	/* "func:cmd:N" */
	bool				param_ignored;	/* N is not read */
};

static int func_cmd_run(struct trace_array *tr, struct ftrace_hash *hash,
			char *func, char *name, char *param, int enable);

#define FUNC_CMD(_name, _plain, _counted, _ignored) {			\
	.cmd = { .name = _name, .func = func_cmd_run },			\
	.plain = _plain, .counted = _counted, .param_ignored = _ignored }

static struct func_cmd func_cmds[] = {
	FUNC_CMD("traceon", &traceon_kind, &traceon_count_kind, false),
	FUNC_CMD("traceoff", &traceoff_kind, &traceoff_count_kind, false),
	FUNC_CMD("stacktrace", &stack_kind, &stack_count_kind, false),
	/* the reference dumps once whatever N says */
	FUNC_CMD("dump", &dump_kind, &dump_kind, true),
	FUNC_CMD("cpudump", &cpudump_kind, &cpudump_kind, true),
#ifdef CONFIG_TRACER_SNAPSHOT
	FUNC_CMD("snapshot", &snapshot_kind, &snapshot_count_kind, false),
#endif
};

static int func_cmd_run(struct trace_array *tr, struct ftrace_hash *hash,
			char *func, char *name, char *param, int enable)
{
	const struct ftrace_probe_kind *kind;
	struct func_cmd *fc = NULL;
	long count = 1;
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
	kind = param ? fc->counted : fc->plain;
	if (func[0] == '!')
		return ftrace_probe_remove(tr, kind, func + 1);

	if (!fc->param_ignored) {
		ret = ftrace_probe_parse_count(param, &count);
		if (ret)
			return ret;
	}
#ifdef CONFIG_TRACER_SNAPSHOT
	if (kind == &snapshot_kind || kind == &snapshot_count_kind) {
		/* no buffer for sites that could not attach (mapped) */
		if (READ_ONCE(tr->mapped))
			return -EBUSY;
		mutex_lock(&trace_types_lock);
		ret = tracing_alloc_snapshot_instance(tr);
		mutex_unlock(&trace_types_lock);
		if (ret < 0)
			return ret;
	}
#endif
	ret = ftrace_probe_add(tr, kind, func, count, tr);
	return ret < 0 ? ret : 0;
}

static int __init func_cmds_init(void)
{
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(func_cmds); i++) {
		ret = register_ftrace_command(&func_cmds[i].cmd);
		if (ret)
			pr_warn("ftrace: command %s not registered: %d\n",
				func_cmds[i].cmd.name, ret);
	}
	return 0;
}
core_initcall(func_cmds_init);
