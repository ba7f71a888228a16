// SPDX-License-Identifier: GPL-2.0
/*
 * The life of a trace array, and instances/. An array is made with its
 * state, the state of every client (trace_clients.c) and its buffers,
 * and freed in the reverse order once nothing uses it. Every directory
 * made in instances/ is such an array with its own buffers and files:
 * tracefs calls back here on mkdir and rmdir, and the trace_instance=
 * boot option makes them before user space runs.
 */
#include <linux/tracefs.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_core.h"

static struct dentry *instances_dir;

/* ------------------------------------------------------------------ */
/* The life of an array                                                 */

/* Options a new instance starts with cleared whatever the top level has. */
#define ZEROED_TRACE_FLAGS \
	(TRACE_ITER_EVENT_FORK | TRACE_ITER_FUNC_FORK | TRACE_ITER_TRACE_PRINTK)

/* The state every array starts with, whatever its options and buffers. */
void trace_array_init_state(struct trace_array *tr)
{
	cpumask_copy(tr->tracing_cpumask, cpu_all_mask);
	tr->max_lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	raw_spin_lock_init(&tr->start_lock);
#ifdef CONFIG_TRACER_MAX_TRACE
	spin_lock_init(&tr->snapshot_map_lock);
#endif
	tr->buffer_percent = 50;
	tr->current_trace = &nop_trace;
	INIT_LIST_HEAD(&tr->err_log);
	INIT_LIST_HEAD(&tr->systems);
	INIT_LIST_HEAD(&tr->events);
}

/*
 * Allocate a new array named @name with the top level's options (minus
 * those instances start without) and put it on the list. The caller
 * creates its directory. Called with trace_types_lock held.
 */
struct trace_array *trace_array_create(const char *name)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	tr = kzalloc(sizeof(*tr), GFP_KERNEL);
	if (!tr)
		return ERR_PTR(-ENOMEM);
	tr->name = kstrdup(name, GFP_KERNEL);
	if (!tr->name)
		goto fail;
	if (!zalloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL) ||
	    !zalloc_cpumask_var(&tr->pipe_cpumask, GFP_KERNEL))
		goto fail;
	tr->trace_flags = global_trace.trace_flags & ~ZEROED_TRACE_FLAGS;
	trace_array_init_state(tr);
	if (trace_clients_init(tr))
		goto fail;
	if (allocate_trace_buffers(tr, trace_buf_size) < 0)
		goto fail_clients;
	tr->ring_buffer_expanded = true;
	list_add(&tr->list, &ftrace_trace_arrays);
	tr->ref++;
	return tr;

fail_clients:
	free_trace_buffers(tr);
	trace_clients_free(tr);
fail:
	free_cpumask_var(tr->pipe_cpumask);
	free_cpumask_var(tr->tracing_cpumask);
	kfree(tr->name);
	kfree(tr);
	return ERR_PTR(-ENOMEM);
}

/*
 * Free @tr if nothing uses it: the caller has dropped the creator's
 * reference, so any reference left or any open reader means busy.
 * Called with trace_types_lock held.
 */
int __remove_instance(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (tr->ref || tr->trace_ref)
		return -EBUSY;

	list_del(&tr->list);
	/*
	 * Every client stops writing into the array (event probes, the
	 * trace_printk destination). Some writers use the array with only
	 * preemption off: wait them out before anything goes.
	 */
	trace_clients_remove(tr);
	tracepoint_synchronize_unregister();
	if (tr->current_trace->reset)
		tr->current_trace->reset(tr);
	tr->current_trace->enabled--;
	if (trace_flag_set(tr, TRACE_ITER_STOP_ON_FREE))
		tracer_tracing_off(tr);
	trace_clients_free(tr);
	free_trace_buffers(tr);
	free_cpumask_var(tr->pipe_cpumask);
	free_cpumask_var(tr->tracing_cpumask);
	kfree(tr->name);
	kfree(tr);
	return 0;
}

/* ------------------------------------------------------------------ */
/* instances/                                                           */

static struct trace_array *find_instance(const char *name)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &ftrace_trace_arrays, list)
		if (tr->name && !strcmp(tr->name, name))
			return tr;
	return NULL;
}

/* Give @tr its directory and files; needs tracefs and the lock. */
static int instance_create_dir(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	tr->dir = tracefs_create_dir(tr->name, instances_dir);
	if (IS_ERR_OR_NULL(tr->dir)) {
		tr->dir = NULL;
		return -ENOMEM;
	}
	init_tracer_tracefs(tr, tr->dir);
	return 0;
}

static struct trace_array *instance_new(const char *name)
{
	struct trace_array *tr;

	if (find_instance(name))
		return ERR_PTR(-EEXIST);
	tr = trace_array_create(name);
	if (IS_ERR(tr) || !instances_dir)
		return tr;
	if (instance_create_dir(tr)) {
		tr->ref--;
		__remove_instance(tr);
		return ERR_PTR(-ENOMEM);
	}
	return tr;
}

static int instance_mkdir(const char *name)
{
	struct trace_array *tr;

	mutex_lock(&trace_types_lock);
	tr = instance_new(name);
	mutex_unlock(&trace_types_lock);
	return PTR_ERR_OR_ZERO(tr);
}

/*
 * Remove @tr unless it is in use. Its directory goes first so nobody
 * opens a new file, but only once we know the removal will go ahead.
 */
static int instance_remove(struct trace_array *tr)
{
	struct dentry *dir = tr->dir;

	lockdep_assert_held(&trace_types_lock);
	/* The creator's reference is the one left when the array is idle. */
	if (tr->ref > 1 || tr->trace_ref)
		return -EBUSY;
	tr->ref--;
	if (__remove_instance(tr)) {
		tr->ref++;
		return -EBUSY;
	}
	tracefs_remove(dir);
	return 0;
}

static int instance_rmdir(const char *name)
{
	struct trace_array *tr;
	int ret = -ENODEV;

	mutex_lock(&trace_types_lock);
	tr = find_instance(name);
	if (tr)
		ret = instance_remove(tr);
	mutex_unlock(&trace_types_lock);
	return ret;
}

int __init trace_instances_init(struct dentry *d_tracer)
{
	struct trace_array *tr;

	instances_dir = tracefs_create_instance_dir("instances", d_tracer,
						    instance_mkdir,
						    instance_rmdir);
	if (!instances_dir) {
		pr_warn("tracing: could not create instances/\n");
		return -ENOMEM;
	}
	/* Arrays made at boot (trace_instance=) get their files now. */
	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list)
		if (tr->name && !tr->dir)
			instance_create_dir(tr);
	mutex_unlock(&trace_types_lock);
	return 0;
}

/**
 * trace_array_get_by_name - find or create an instance for kernel use
 * @name: the instance's name
 * @systems: events to allow in it (ignored: every instance has them all)
 *
 * Returns the array with a reference the caller drops with
 * trace_array_put(), or NULL.
 */
struct trace_array *trace_array_get_by_name(const char *name,
					    const char *systems)
{
	struct trace_array *tr;

	mutex_lock(&trace_types_lock);
	tr = find_instance(name);
	if (tr) {
		tr->ref++;
	} else {
		tr = instance_new(name);
		if (IS_ERR(tr))
			tr = NULL;
		else
			tr->ref++;
	}
	mutex_unlock(&trace_types_lock);
	return tr;
}
EXPORT_SYMBOL_GPL(trace_array_get_by_name);

/**
 * trace_array_destroy - remove an instance made by trace_array_get_by_name
 * @this_tr: the array; the caller's own reference must be dropped first
 */
int trace_array_destroy(struct trace_array *this_tr)
{
	struct trace_array *tr;
	int ret = -ENODEV;

	if (!this_tr)
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		if (tr == this_tr && tr->name) {
			ret = instance_remove(tr);
			break;
		}
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_destroy);

/* trace_instance=name[^flag...][,event...]: several may be given. */
static char boot_instances[COMMAND_LINE_SIZE] __initdata;
static int boot_instances_len __initdata;

static int __init set_boot_instance(char *str)
{
	int left = sizeof(boot_instances) - boot_instances_len;
	int n;

	n = snprintf(boot_instances + boot_instances_len, left, "%s\t", str);
	if (n >= left)
		return 0;
	boot_instances_len += n;
	return 1;
}
__setup("trace_instance=", set_boot_instance);

static void __init boot_instance_flags(struct trace_array *tr, char *flags)
{
	char *flag;

	while ((flag = strsep(&flags, "^")) != NULL) {
		if (!strcmp(flag, "traceoff"))
			tracer_tracing_off(tr);
		else if (!strcmp(flag, "traceprintk") || !strcmp(flag, "printk") ||
			 !strcmp(flag, "trace_printk"))
			set_tracer_flag(tr, TRACE_ITER_TRACE_PRINTK, 1);
		else
			pr_warn("tracing: instance %s: unknown flag '%s'\n",
				tr->name, flag);
	}
}

void __init trace_boot_instances_create(void)
{
	char *list = boot_instances, *spec;

	mutex_lock(&trace_types_lock);
	while ((spec = strsep(&list, "\t")) != NULL) {
		char *name, *flags, *events;
		struct trace_array *tr;

		if (!*spec)
			continue;
		name = strsep(&spec, ",");
		events = spec;
		flags = strchr(name, '^');
		if (flags)
			*flags++ = '\0';
		if (strchr(name, '@')) {
			pr_warn("tracing: instance %s: boot-mapped buffers are not supported\n",
				name);
			continue;
		}
		tr = instance_new(name);
		if (IS_ERR(tr)) {
			pr_warn("tracing: cannot create instance %s: %ld\n",
				name, PTR_ERR(tr));
			continue;
		}
		if (flags)
			boot_instance_flags(tr, flags);
#ifdef CONFIG_TRACER_MAX_TRACE
		if (snapshot_wanted_at_boot(name) &&
		    tracing_alloc_snapshot_instance(tr))
			pr_warn("tracing: instance %s: no snapshot buffer\n",
				name);
#endif
		if (events && *events)
			trace_events_enable_boot_list(tr, events);
	}
	mutex_unlock(&trace_types_lock);
}
