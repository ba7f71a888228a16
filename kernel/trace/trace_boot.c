// SPDX-License-Identifier: GPL-2.0
/*
 * Bringing tracing up at boot, in the order it is done: this file alone
 * says which subsystem starts when, the way a main() reads, and nothing
 * below names it. start_kernel() calls early_trace_init() once memory
 * allocation works (the top level must exist before anything records),
 * and trace_init() a little later, once the tracepoints can be
 * registered (the events). The tracefs files come later still, from
 * initcalls, through the clients of the arrays (trace_clients.c).
 */
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_clock.h>

#include "trace.h"
#include "trace_core.h"
#include "ftrace_internal.h"

/* trace_clock= and trace_options=: recorded here, applied below. */
static char boot_clock[32] __initdata;
static char boot_options[256] __initdata;

static int __init set_boot_clock(char *str)
{
	strscpy(boot_clock, str, sizeof(boot_clock));
	return 1;
}
__setup("trace_clock=", set_boot_clock);

static int __init set_boot_options(char *str)
{
	strscpy(boot_options, str, sizeof(boot_options));
	return 1;
}
__setup("trace_options=", set_boot_options);

static void __init apply_boot_clock(struct trace_array *tr)
{
	int i;

	for (i = 0; i < trace_clocks_nr; i++)
		if (!strcmp(boot_clock, trace_clocks[i].name))
			tr->clock_id = i;
	if (strcmp(boot_clock, trace_clocks[tr->clock_id].name))
		pr_warn("tracing: unknown trace_clock=%s, using %s\n",
			boot_clock, trace_clocks[tr->clock_id].name);
}

/* The top level: the array every producer falls back on. */
static int __init alloc_global_trace(void)
{
	struct trace_array *tr = &global_trace;
	unsigned long size;
	int ret = -ENOMEM;

	if (!alloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL) ||
	    !zalloc_cpumask_var(&tr->pipe_cpumask, GFP_KERNEL))
		goto out;
	trace_array_init_state(tr);
	/* the clients' callbacks run under the lock, as for an instance */
	mutex_lock(&trace_types_lock);
	ret = trace_clients_init(tr);
	mutex_unlock(&trace_types_lock);
	if (ret)
		goto out;
#ifdef CONFIG_TRACER_MAX_TRACE
	tr->allocated_snapshot = snapshot_at_boot;
#endif
	if (boot_clock[0])
		apply_boot_clock(tr);
	/* Unless tracing is wanted from boot, the least there can be. */
	size = tr->ring_buffer_expanded ? trace_buf_size : 1;
	ret = allocate_trace_buffers(tr, size);
	if (ret) {
		pr_err("tracing: cannot allocate %lu bytes per CPU\n", size);
		mutex_lock(&trace_types_lock);
		trace_clients_free(tr);
		mutex_unlock(&trace_types_lock);
		goto out;
	}
	list_add(&tr->list, &ftrace_trace_arrays);
	tr->ref++;
	return 0;
out:
	free_cpumask_var(tr->pipe_cpumask);
	free_cpumask_var(tr->tracing_cpumask);
	return ret;
}

static void __init apply_boot_options(void)
{
	char *buf = boot_options, *opt;

	while ((opt = strsep(&buf, ",")) != NULL) {
		if (*opt && trace_set_options(&global_trace, opt))
			pr_warn("tracing: unknown trace_options=%s\n", opt);
	}
}

void __init early_trace_init(void)
{
	/* the comm and tgid maps, which the first entry already records */
	if (trace_cmdlines_init())
		return;
	/*
	 * trace_printk() built into the kernel wants its buffers and a
	 * full-size top level: before the allocation, so it is made once.
	 */
	trace_printk_early_init();
	if (alloc_global_trace())
		return;
	init_trace_output_events();
	/* From here on the files may be opened and entries recorded. */
	tracing_disabled = 0;

	register_tracer(&nop_trace);
	nop_trace.enabled++;
	/* A boot tracer (ftrace=function) starts right here. */
	init_function_trace();

	if (boot_options[0])
		apply_boot_options();
	trace_boot_instances_create();
}

void __init trace_init(void)
{
	/* the syscall events' numbers, which their registration needs */
	trace_syscalls_init();
	/* the trigger commands trace_trigger= may name */
	trigger_builtin_commands_register();
	/* the core is ready from early_trace_init(); now the events */
	trace_event_init();
}
