// SPDX-License-Identifier: GPL-2.0
/*
 * The tracer registry and the per-array settings that go through it:
 * which tracer is current, which clock stamps the entries, and the
 * option flags.
 *
 * tracing_set_tracer(), tracing_set_clock() and trace_set_options() take
 * trace_types_lock themselves; set_tracer_flag() expects it held.
 */
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_core.h"

/* The registered tracers, newest first; changed under trace_types_lock. */
static struct tracer *trace_types_head;

/*
 * ftrace=NAME: the tracer the top level starts with, as soon as it
 * registers (the function tracer does so in early_trace_init(), so the
 * early boot is traced). Cleared once used or when the boot is over.
 */
static char bootup_tracer[MAX_TRACER_SIZE] __initdata;
static bool bootup_tracer_pending;

static int __init set_bootup_tracer(char *str)
{
	strscpy(bootup_tracer, str, sizeof(bootup_tracer));
	bootup_tracer_pending = true;
	/*
	 * Tracing from the boot on: the top level must start at full size,
	 * or the early trace wraps in the one page a not-yet-used buffer
	 * gets, and its first entries are gone by the time anyone reads.
	 */
	tracing_expand_at_boot();
	return 1;
}
__setup("ftrace=", set_bootup_tracer);

static int __init bootup_tracer_check(void)
{
	if (bootup_tracer_pending)
		pr_warn("tracing: ftrace=%s: no such tracer\n", bootup_tracer);
	bootup_tracer_pending = false;
	return 0;
}
late_initcall_sync(bootup_tracer_check);

/* @type just registered: is it the boot tracer? */
static void __ref start_bootup_tracer(struct tracer *type)
{
	if (!bootup_tracer_pending || strcmp(bootup_tracer, type->name))
		return;
	bootup_tracer_pending = false;
	/* The other tracers' tests would switch it off. */
	tracing_selftests_off("a tracer runs from boot");
	pr_info("tracing: starting tracer '%s'\n", type->name);
	if (tracing_set_tracer(&global_trace, type->name))
		pr_warn("tracing: tracer '%s' did not start\n", type->name);
}

struct tracer *trace_types_first(void)
{
	lockdep_assert_held(&trace_types_lock);
	return trace_types_head;
}

static struct tracer *find_tracer(const char *name)
{
	struct tracer *t;

	for (t = trace_types_head; t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/**
 * register_tracer - make a tracer selectable through current_tracer
 * @type: the tracer; its name must be unique and shorter than
 *	  MAX_TRACER_SIZE
 *
 * With CONFIG_FTRACE_STARTUP_TEST the tracer's self-test runs first and
 * a tracer that fails it is not registered.
 */
int register_tracer(struct tracer *type)
{
	struct trace_array *tr;
	int ret = 0;

	if (!type->name || strlen(type->name) >= MAX_TRACER_SIZE) {
		pr_warn("tracing: tracer name missing or too long\n");
		return -EINVAL;
	}
	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("tracing: locked down, tracer %s not registered\n",
			type->name);
		return -EPERM;
	}

	mutex_lock(&trace_types_lock);
	if (find_tracer(type->name)) {
		pr_warn("tracing: tracer %s already registered\n", type->name);
		ret = -EBUSY;
		goto out;
	}
	if (!type->flags) {
		type->flags = kzalloc(sizeof(*type->flags), GFP_KERNEL);
		if (!type->flags) {
			ret = -ENOMEM;
			goto out;
		}
	}
	type->flags->trace = type;
#ifdef CONFIG_FTRACE_STARTUP_TEST
	ret = run_tracer_selftest(type);
	if (ret < 0)
		goto out;
#endif
	type->next = trace_types_head;
	trace_types_head = type;
	/* Arrays that exist already get the new tracer's option files. */
	list_for_each_entry(tr, &ftrace_trace_arrays, list)
		update_tracer_options(tr);
out:
	mutex_unlock(&trace_types_lock);
	if (!ret)
		start_bootup_tracer(type);
	return ret;
}

void unregister_tracer_locked(struct tracer *type)
{
	struct tracer **p;

	lockdep_assert_held(&trace_types_lock);
	for (p = &trace_types_head; *p; p = &(*p)->next) {
		if (*p == type) {
			*p = type->next;
			type->next = NULL;
			return;
		}
	}
}

/* May @t run on @tr? Only the top level takes every tracer. */
static bool tracer_allowed(struct tracer *t, struct trace_array *tr)
{
	return (tr->flags & TRACE_ARRAY_FL_GLOBAL) || t->allow_instances;
}

int tracing_set_tracer(struct trace_array *tr, const char *name)
{
	bool __maybe_unused had_max_tr, allocated_here = false;
	struct tracer *t;
	int ret = 0;

	mutex_lock(&trace_types_lock);
	t = find_tracer(name);
	if (!t || !tracer_allowed(t, tr)) {
		ret = -EINVAL;
		goto out;
	}
	if (t == tr->current_trace)
		goto out;
	if (system_state < SYSTEM_RUNNING && t->noboot) {
		pr_warn("tracing: tracer %s cannot start from the command line\n",
			t->name);
		goto out;
	}
	/* A reader of the buffers holds the tracer's output callbacks. */
	if (tr->trace_ref) {
		ret = -EBUSY;
		goto out;
	}

#ifdef CONFIG_TRACER_MAX_TRACE
	/*
	 * A tracer that swaps the snapshot in is one of its users: refused
	 * while a buffer is mapped, before the current tracer is torn down
	 * so that a refusal changes nothing.
	 */
	if (t->use_max_tr) {
		ret = tracing_snapshot_get(tr);
		if (ret)
			goto out;
	}
#endif
	had_max_tr = tr->current_trace->use_max_tr;
	tr->current_trace->enabled--;
	if (tr->current_trace->reset)
		tr->current_trace->reset(tr);
#ifdef CONFIG_TRACER_MAX_TRACE
	/* its probes are gone (see tracing_map_get() for those in flight) */
	if (tr->current_trace->use_max_tr)
		tracing_snapshot_put(tr);
#endif
	tr->current_trace = &nop_trace;

#ifdef CONFIG_TRACER_MAX_TRACE
	/*
	 * The snapshot a latency tracer kept its maxima in goes with it
	 * (its reset waited out the probes that swap): a second copy of
	 * the whole buffer is not kept for nothing, and `snapshot` does
	 * not go on showing the tracer's last maximum.
	 */
	if (had_max_tr && !t->use_max_tr && tr->allocated_snapshot)
		free_snapshot(tr);
	if (t->use_max_tr && !tr->allocated_snapshot) {
		ret = tracing_alloc_snapshot_instance(tr);
		if (ret)
			goto out_put;
		allocated_here = true;
	}
#endif
	/*
	 * A new tracer starts on an empty buffer: what the last one recorded
	 * is not its output (nop included, as with the reference).
	 */
	tracing_reset_online_cpus(&tr->array_buffer);
	if (t->init) {
		ret = t->init(tr);
		if (ret)
			goto out_free;
	}
	tr->current_trace = t;
	t->enabled++;
	update_tracer_options(tr);
	goto out;

out_free:
#ifdef CONFIG_TRACER_MAX_TRACE
	/* a tracer that did not start leaves no snapshot of its own */
	if (allocated_here)
		free_snapshot(tr);
#endif
out_put:
#ifdef CONFIG_TRACER_MAX_TRACE
	if (t->use_max_tr)
		tracing_snapshot_put(tr);
#endif
	/* nop is always fine: leave the array in a known state. */
	nop_trace.enabled++;
	update_tracer_options(tr);
out:
	mutex_unlock(&trace_types_lock);
	return ret;
}

static int clock_index(const char *name)
{
	int i = trace_clocks_nr;

	while (--i >= 0 && strcmp(trace_clocks[i].name, name))
		;
	return i;	/* -1 when unknown */
}

/* Restamp @buf with clock @id; what it holds used the old clock. */
static void clock_switch(struct array_buffer *buf, int id)
{
	if (!buf->buffer)
		return;
	ring_buffer_set_clock(buf->buffer, trace_clocks[id].func);
	/*
	 * Time stamps of different clocks cannot be merged or compared, so
	 * the entries recorded with the old clock go.
	 */
	tracing_reset_online_cpus(buf);
}

int tracing_set_clock(struct trace_array *tr, const char *name)
{
	int id = clock_index(name);

	if (id < 0)
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	tr->clock_id = id;
	clock_switch(&tr->array_buffer, id);
#ifdef CONFIG_TRACER_MAX_TRACE
	clock_switch(&tr->max_buffer, id);
#endif
	mutex_unlock(&trace_types_lock);
	return 0;
}

int set_tracer_flag(struct trace_array *tr, unsigned int mask, int enabled)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);

	if (!!(tr->trace_flags & mask) == !!enabled)
		return 0;
	if (!(tr->flags & TRACE_ARRAY_FL_GLOBAL) && (mask & TOP_LEVEL_TRACE_FLAGS))
		return -EINVAL;
	if (tr->current_trace->flag_changed &&
	    tr->current_trace->flag_changed(tr, mask, !!enabled))
		return -EINVAL;

	/* the buffers' own option */
	if (mask == TRACE_ITER_OVERWRITE) {
		ring_buffer_change_overwrite(tr->array_buffer.buffer, enabled);
#ifdef CONFIG_TRACER_MAX_TRACE
		ring_buffer_change_overwrite(tr->max_buffer.buffer, enabled);
#endif
	}

	if (enabled)
		tr->trace_flags |= mask;
	else
		tr->trace_flags &= ~mask;
	/*
	 * The subsystem the option is for acts on it with the flag already
	 * set (the probes that follow forks read it), or refuses it.
	 */
	ret = trace_clients_flag_changed(tr, mask, !!enabled);
	if (ret) {
		if (enabled)
			tr->trace_flags &= ~mask;
		else
			tr->trace_flags |= mask;
	}
	return ret;
}

/* A private option of the current tracer, by name. */
static int set_tracer_option(struct trace_array *tr, const char *name, bool on)
{
	struct tracer *t = tr->current_trace;
	struct tracer_flags *tf = t->flags;
	struct tracer_opt *opt;
	int ret;

	if (!tf || !tf->opts)
		return -EINVAL;
	for (opt = tf->opts; opt->name; opt++) {
		if (strcmp(opt->name, name))
			continue;
		if (!!(tf->val & opt->bit) == on)
			return 0;
		if (t->set_flag) {
			ret = t->set_flag(tr, tf->val, opt->bit, on);
			if (ret)
				return ret;
		}
		if (on)
			tf->val |= opt->bit;
		else
			tf->val &= ~opt->bit;
		return 0;
	}
	return -EINVAL;
}

/*
 * Apply one "name" or "noname" option to @tr: a core flag, else a
 * private option of the current tracer. @option may be modified.
 */
int trace_set_options(struct trace_array *tr, char *option)
{
	char *name = strstrip(option);
	bool on = true;
	int ret, i;

	if (str_has_prefix(name, "no")) {
		name += 2;
		on = false;
	}
	if (!*name)
		return -EINVAL;

	mutex_lock(&trace_types_lock);
	i = match_string(trace_options, -1, name);
	if (i >= 0)
		ret = set_tracer_flag(tr, 1U << i, on);
	else
		ret = set_tracer_option(tr, name, on);
	mutex_unlock(&trace_types_lock);
	return ret;
}
