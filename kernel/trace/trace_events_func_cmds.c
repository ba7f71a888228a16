// SPDX-License-Identifier: GPL-2.0
/*
 * The event commands of set_ftrace_filter:
 *
 *	func:enable_event:SYS:EVENT[:N]		let the event record
 *	func:disable_event:SYS:EVENT[:N]	stop it recording
 *
 * each time func is called (at most N times that change something: N
 * for the command, shared by all the functions one write gave it, as
 * in the reference, not N for each). The event is held in soft mode
 * meanwhile (trace_event_enable_disable() with soft set):
 * registered, recording only while its SOFT_DISABLED flag is clear,
 * which is what the command flips from the traced function. A
 * reference on the event keeps its module loaded while a command holds
 * it. '!' in front of the function removes the command.
 */
#include <linux/ftrace.h>
#include <linux/refcount.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace_events_internal.h"
#include "trace_triggers.h"

/*
 * What one write of a command gave all the functions it named: the
 * event, and the count they spend together. Each site holds a
 * reference; the last site to go frees it.
 */
struct event_switch_cmd {
	struct trace_event_file	*file;
	long			count;	/* switches left, -1: no limit */
	refcount_t		ref;
};

static struct event_switch_cmd *site_cmd(struct ftrace_probe_site *site)
{
	return site->data;
}

/* The event @site switches: its file. */
static struct trace_event_file *site_file(struct ftrace_probe_site *site)
{
	return site_cmd(site)->file;
}

static void cmd_put(struct event_switch_cmd *c)
{
	if (refcount_dec_and_test(&c->ref))
		kfree(c);
}

/*
 * Is the event where @enable wants it? The flag is read and written
 * from any context; a lost race costs one hit, as in the reference.
 */
static bool event_is(struct trace_event_file *file, bool enable)
{
	return enable == !(READ_ONCE(file->flags) & EVENT_FILE_FL_SOFT_DISABLED);
}

static void event_set(struct trace_event_file *file, bool enable)
{
	if (enable)
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	else
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
}

static void enable_hit(struct trace_array *tr, struct ftrace_probe_site *site,
		       unsigned long parent_ip)
{
	event_set(site_file(site), true);
}

static void disable_hit(struct trace_array *tr, struct ftrace_probe_site *site,
			unsigned long parent_ip)
{
	event_set(site_file(site), false);
}

/*
 * A count is spent only by a hit that changes the event's state. The
 * functions of one command may run on several CPUs at once: the
 * cmpxchg lets only as many hits switch as the count allows.
 */
static void count_hit(struct ftrace_probe_site *site, bool enable)
{
	struct event_switch_cmd *c = site_cmd(site);
	long n = READ_ONCE(c->count);

	do {
		if (!n || event_is(c->file, enable))
			return;
	} while (n != -1 && !try_cmpxchg(&c->count, &n, n - 1));
	event_set(c->file, enable);
}

static void enable_count_hit(struct trace_array *tr,
			     struct ftrace_probe_site *site,
			     unsigned long parent_ip)
{
	count_hit(site, true);
}

static void disable_count_hit(struct trace_array *tr,
			      struct ftrace_probe_site *site,
			      unsigned long parent_ip)
{
	count_hit(site, false);
}

/*
 * Each site holds the event in soft mode, a reference on it and one on
 * the command.
 */
static int event_attach(struct ftrace_probe_site *site, void *arg)
{
	struct event_switch_cmd *c = arg;
	struct trace_event_file *file = c->file;
	int ret = -EBUSY;

	mutex_lock(&event_mutex);
	if (trace_event_try_get_ref(file->event_call)) {
		ret = trace_event_enable_disable(file, 1, 1);
		if (ret)
			trace_event_put_ref(file->event_call);
	}
	mutex_unlock(&event_mutex);
	if (!ret) {
		refcount_inc(&c->ref);
		site->data = c;
	}
	return ret;
}

static void event_detach(struct ftrace_probe_site *site)
{
	struct trace_event_file *file = site_file(site);

	mutex_lock(&event_mutex);
	trace_event_enable_disable(file, 0, 1);
	trace_event_put_ref(file->event_call);
	mutex_unlock(&event_mutex);
	cmd_put(site_cmd(site));
}

static void event_show(struct seq_file *m, struct ftrace_probe_site *site,
		       bool enable)
{
	struct trace_event_call *call = site_file(site)->event_call;
	long n = READ_ONCE(site_cmd(site)->count);

	seq_printf(m, "%s:%s:%s", enable ? "enable_event" : "disable_event",
		   call->class->system, trace_event_name(call));
	if (n == -1)
		seq_puts(m, ":unlimited\n");
	else
		seq_printf(m, ":count=%ld\n", n);
}

static void enable_show(struct seq_file *m, struct ftrace_probe_site *site)
{
	event_show(m, site, true);
}

static void disable_show(struct seq_file *m, struct ftrace_probe_site *site)
{
	event_show(m, site, false);
}

#define EVENT_KIND(_name, _hit, _show, _counted) {			\
	.name = _name, .counted = _counted, .hit = _hit,		\
	.attach = event_attach, .detach = event_detach, .show = _show }

static const struct ftrace_probe_kind enable_kind =
	EVENT_KIND("enable_event", enable_hit, enable_show, false);
static const struct ftrace_probe_kind enable_count_kind =
	EVENT_KIND("enable_event", enable_count_hit, enable_show, true);
static const struct ftrace_probe_kind disable_kind =
	EVENT_KIND("disable_event", disable_hit, disable_show, false);
static const struct ftrace_probe_kind disable_count_kind =
	EVENT_KIND("disable_event", disable_count_hit, disable_show, true);

/* The event SYS:EVENT of @tr that can be enabled, or NULL. */
static struct trace_event_file *find_file(struct trace_array *tr,
					  const char *system, const char *event)
{
	struct trace_event_file *file;
	struct trace_event_call *call;
	const char *name;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events, list) {
		call = file->event_call;
		name = trace_event_name(call);
		if (!name || !call->class || !call->class->reg ||
		    (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE))
			continue;
		if (!strcmp(name, event) && !strcmp(call->class->system, system))
			return file;
	}
	return NULL;
}

/* "func:enable_event:SYS:EVENT[:N]" and "func:disable_event:..." */
static int event_cmd_run(struct trace_array *tr, struct ftrace_hash *hash,
			 char *func, char *cmd, char *param, int enable)
{
	const struct ftrace_probe_kind *kind;
	struct trace_event_file *file;
	struct event_switch_cmd *c;
	char *system, *event, *num;
	unsigned long n;
	long count = -1;
	bool on;
	int ret;

	if (!tr)
		return -ENODEV;
	/* the commands only attach functions through set_ftrace_filter */
	if (!enable || !param)
		return -EINVAL;
	system = strsep(&param, ":");
	if (!param)
		return -EINVAL;
	event = strsep(&param, ":");

	on = !strcmp(cmd, "enable_event");
	if (on)
		kind = param ? &enable_count_kind : &enable_kind;
	else
		kind = param ? &disable_count_kind : &disable_kind;

	mutex_lock(&event_mutex);
	file = find_file(tr, system, event);
	/* held until the sites have their own references */
	if (file && !trace_event_try_get_ref(file->event_call))
		file = NULL;
	mutex_unlock(&event_mutex);
	if (!file)
		return -EINVAL;

	if (func[0] == '!') {
		ret = ftrace_probe_remove(tr, kind, func + 1);
		goto out;
	}
	if (param) {
		num = strsep(&param, ":");
		ret = -EINVAL;
		if (!*num)
			goto out;
		ret = kstrtoul(num, 0, &n);
		if (ret)
			goto out;
		count = n;
	}
	ret = -ENOMEM;
	c = kmalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		goto out;
	c->file = file;
	c->count = count;
	refcount_set(&c->ref, 1);
	ret = ftrace_probe_add(tr, kind, func, count, c);
	/* the sites hold their own references now */
	cmd_put(c);
out:
	trace_event_put_ref(file->event_call);
	return ret < 0 ? ret : 0;
}

static struct ftrace_func_command enable_cmd = {
	.name = "enable_event",
	.func = event_cmd_run,
};

static struct ftrace_func_command disable_cmd = {
	.name = "disable_event",
	.func = event_cmd_run,
};

static int __init event_cmds_init(void)
{
	if (register_ftrace_command(&enable_cmd) ||
	    register_ftrace_command(&disable_cmd))
		pr_warn("tracing: the event commands are not registered\n");
	return 0;
}
core_initcall(event_cmds_init);
