// SPDX-License-Identifier: GPL-2.0
/*
 * The life of the call sites, as the rest of the kernel sees it: boot
 * (ftrace_init()), a module coming (ftrace_module_init(), then
 * ftrace_module_enable()) and going (ftrace_release_mod()), text being
 * freed (ftrace_free_mem(), ftrace_free_init_mem()).
 *
 * Each of these is a sequence of steps owned by different parts of the
 * function tracing engine and of the files above it; this file alone
 * knows the order and calls down to each:
 *   ftrace_records.c       the call sites themselves
 *   ftrace_update.c        making a ready module's sites call their ops
 *   ftrace_filter.c        an ops forgetting addresses whose text went
 *   ftrace_filter_files.c  ftrace_filter=/ftrace_notrace= and :mod:
 *                          filters waiting for a module
 *   ftrace_modsyms.c       names of freed module init functions
 *   the trace arrays       whose ops hold filters (trace.h)
 * so that none of those calls up into another, and the engine below
 * (records, hashes, ops, updates) knows nothing of trace arrays or files.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/module.h>
#include <asm/sections.h>

#include "ftrace_internal.h"
#include "trace.h"

/*
 * Text went away: no trace array's ops may keep its addresses (a later
 * allocation could put other code there). The top level's ops is
 * global_ops.
 */
static void arrays_forget(bool (*gone)(unsigned long ip, void *data),
			  void *data)
{
	struct trace_array *tr;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list)
		ftrace_ops_forget(tr->ops, gone, data);
	mutex_unlock(&trace_types_lock);
}

void __init ftrace_init(void)
{
	if (ftrace_records_boot())
		return;
	ftrace_enabled = 1;
	ftrace_apply_boot_filters();
}

#ifdef CONFIG_MODULES
void ftrace_module_init(struct module *mod)
{
	ftrace_records_add_mod(mod);
}

void ftrace_module_enable(struct module *mod)
{
	ftrace_update_module(mod);
	/* Its :mod: filters can name its functions now. */
	ftrace_process_cached_mods(mod->name);
}

static bool ip_in_module(unsigned long ip, void *mod)
{
	return within_module(ip, mod);
}

void ftrace_release_mod(struct module *mod)
{
	struct ftrace_group *gone = ftrace_records_unlink_mod(mod);

	/* The hashes may still name the sites; the ops must not keep them. */
	if (gone)
		arrays_forget(ip_in_module, mod);
	ftrace_records_free(gone);
	ftrace_modsyms_release(mod);
}
#endif /* CONFIG_MODULES */

struct ip_range {
	unsigned long	start, end;
};

static bool ip_in_range(unsigned long ip, void *data)
{
	struct ip_range *r = data;

	return ip >= r->start && ip < r->end;
}

/**
 * ftrace_free_mem - forget the call sites of text that is being freed
 * @mod: the module whose init text goes, or NULL for the kernel's
 * @start_ptr: first byte of the text
 * @end_ptr: byte after it
 *
 * The records go, and so do their addresses in every hash. The names of
 * a module's init functions are kept for printing trace entries
 * recorded in them.
 */
void ftrace_free_mem(struct module *mod, void *start_ptr, void *end_ptr)
{
	struct ip_range r = {
		.start	= (unsigned long)start_ptr,
		.end	= (unsigned long)end_ptr,
	};
	struct ftrace_group *gone;

	if (!r.start || r.start >= r.end)
		return;
	if (mod)
		ftrace_modsyms_save(mod, r.start, r.end);
	gone = ftrace_records_unlink_range(mod, r.start, r.end);
	if (gone)
		arrays_forget(ip_in_range, &r);
	ftrace_records_free(gone);
}

#ifndef CONFIG_TRACER_MAX_TRACE
/* Without a snapshot buffer there is nothing to take at the end of boot. */
void __init ftrace_boot_snapshot(void)
{
}
#endif

void __init ftrace_free_init_mem(void)
{
	void *start = (void *)(&__init_begin);
	void *end = (void *)(&__init_end);

	ftrace_boot_snapshot();
	ftrace_free_mem(NULL, start, end);
}
