/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private interface of dynamic function tracing (the ftrace core).
 * Included by: ftrace_*.c trace_functions.c trace_selftest.c
 * trace_selftest_dynamic.c trace_boot.c fgraph.c trace_functions_graph.c
 * trace_selftest_graph.c fprobe.c
 *
 * Its audience is the ftrace_*.c files and the tracers built on them
 * (trace_functions.c, later the graph and latency tracers). The public
 * API (struct ftrace_ops, register_ftrace_function(), the arch hooks) is
 * include/linux/ftrace.h; the core's boot (trace_boot.c) uses only the
 * hook at the top of this file. The tracefs files of function tracing
 * register themselves (trace_array_client_register(), see trace.h).
 *
 * The pieces:
 *   ftrace_module.c   boot, modules coming and going, freed text: the
 *                     order of the steps the files below take
 *   ftrace_records.c  call sites: one record per __mcount_loc entry, for
 *                     the kernel and for each module, and their lookup
 *   ftrace_hash.c     sets of addresses (filter/notrace hashes) and the
 *                     glob matcher for function names
 *   ftrace_ops.c      the registered ftrace_ops, the list function, the
 *                     ftrace_enabled switch, trampolines
 *   ftrace_update.c   what each site must call, and making it so
 *   ftrace_filter.c   changing an ops' hashes: the kernel API, matching
 *                     names, forgetting text that went away,
 *                     ftrace_filter= and ftrace_notrace=
 *   ftrace_filter_files.c  set_ftrace_filter/notrace, the command
 *                     registry, :mod: filters
 *   ftrace_files.c    the read-only listings (available_filter_functions,
 *                     enabled_functions, ...)
 *   ftrace_modsyms.c  names of freed module init functions
 *   ftrace_probes.c   function probes: what the commands of
 *                     set_ftrace_filter attach to functions
 *   ftrace_direct.c   direct calls to custom trampolines
 *   ftrace_profile.c  the function profiler (function_profile_enabled)
 *   trace_functions.c the function tracer, one ftrace_ops per trace array
 *   ftrace_pid.c      set_ftrace_pid, set_ftrace_notrace_pid (trace.h only)
 *
 * Locking, outermost first:
 *   trace_types_lock  (trace arrays, tracers)
 *   ops->func_hash->regex_lock  one editor of an ops' hashes at a time
 *   ftrace_lock       records, the ops list, every code update
 *   text_mutex        taken by the arch around a batch of site writes
 */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#include <linux/ftrace.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>

struct trace_array;
struct tracer;
struct dentry;
struct seq_file;
struct ftrace_probe;
struct ftrace_probe_site;

/*
 * ========= trace_functions.c: hook for the boot sequence ==============
 * The only part of this header the core's boot (trace_boot.c) uses; a
 * stub when the function tracer is not built.
 */
#ifdef CONFIG_FUNCTION_TRACER
/*
 * Gives every trace array its ftrace_ops (a client of the arrays), then
 * registers the function tracer. From early_trace_init().
 */
int init_function_trace(void);
#else
static inline int init_function_trace(void) { return 0; }
#endif

#ifdef CONFIG_DYNAMIC_FTRACE

/* ftrace_hash.c: address sets and name patterns (see ftrace_hash.h). */
#include "ftrace_hash.h"

/* ======================= ftrace_records.c =========================== */

/*
 * A call site. The API hands out the struct dyn_ftrace inside; the core
 * keeps next to it what the site's text calls right now, so that every
 * write can be checked against what is really there.
 */
struct ftrace_rec {
	struct dyn_ftrace	dyn;
	unsigned long		target;	/* called now; 0 = the site is a NOP */
};

static inline struct ftrace_rec *to_ftrace_rec(struct dyn_ftrace *rec)
{
	return container_of(rec, struct ftrace_rec, dyn);
}

/*
 * Records live in groups of 2^order pages, sorted by address within a
 * group; a group holds the sites of the kernel or of one module only.
 * The list is changed under ftrace_lock and read under RCU (lookups by
 * address from any context) or under ftrace_lock.
 */
struct ftrace_group {
	struct ftrace_group __rcu	*next;
	struct module			*mod;	/* NULL: the kernel */
	unsigned int			nr;	/* records in use */
	unsigned int			order;
	struct ftrace_rec		recs[];
};

extern struct mutex ftrace_lock;
/* Set when a site could not be changed: nothing is patched any more. */
extern bool ftrace_disabled;

/* A pointer of the records or the ops list, read under ftrace_lock. */
#define ftrace_locked(p)	rcu_dereference_protected(p, lockdep_is_held(&ftrace_lock))
/* The same, read under RCU or ftrace_lock. */
#define ftrace_rcu(p)		rcu_dereference_check(p, lockdep_is_held(&ftrace_lock))

/* The first group of records: under RCU or ftrace_lock. */
struct ftrace_group *ftrace_first_group(void);

#define for_each_ftrace_group(g)						\
	for ((g) = ftrace_first_group(); (g); (g) = ftrace_rcu((g)->next))

/* The record after @r (of *@g), moving *@g on to the next group. */
struct ftrace_rec *ftrace_rec_next(struct ftrace_group **g,
				   struct ftrace_rec *r);

/* Every record, @g its group: under RCU or ftrace_lock. */
#define for_each_ftrace_rec(g, r)						\
	for ((g) = ftrace_first_group(), (r) = ftrace_rec_next(&(g), NULL); \
	     r; (r) = ftrace_rec_next(&(g), (r)))

/* The kernel's table of call sites (the linker script makes it). */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

/* The record with index @index (0-based) in listing order, or NULL. */
struct ftrace_rec *ftrace_rec_by_index(unsigned long index);
void ftrace_groups_count(unsigned long *pages, unsigned long *groups);
/* Is @rec's site in a function kallsyms knows? */
bool ftrace_rec_valid(struct dyn_ftrace *rec);
/* How many records there are (invalid ones too), for the files. */
unsigned long ftrace_records_count(void);
/*
 * Under ftrace_lock: records or cached :mod: filters changed (a listing
 * reader's saved place is stale), and the count of such changes.
 */
void ftrace_listing_changed(void);
unsigned long ftrace_listing_generation(void);

/*
 * Records come and go (the steps of ftrace_module.c). The unlink
 * functions return the groups that went, for ftrace_records_free() once
 * the hashes forgot their addresses.
 */
int ftrace_records_boot(void);
void ftrace_records_add_mod(struct module *mod);
struct ftrace_group *ftrace_records_unlink_mod(struct module *mod);
struct ftrace_group *ftrace_records_unlink_range(struct module *mod,
						 unsigned long start,
						 unsigned long end);
void ftrace_records_free(struct ftrace_group *gone);

/* ================ ftrace_modsyms.c: freed init text ================= */

/* Names of freed module init functions. */
void ftrace_modsyms_save(struct module *mod, unsigned long start,
			 unsigned long end);
void ftrace_modsyms_release(struct module *mod);

/* ========================= ftrace_ops.c ============================= */

/* The ops the top-level array's function tracer and its files use. */
extern struct ftrace_ops global_ops;
/* What ftrace_call/ftrace_regs_call call: ftrace_stub or the list func. */
extern ftrace_func_t ftrace_trace_function;
extern struct ftrace_ops ftrace_list_end;

#define FTRACE_OPS_ACTIVE(ops)						\
	(((ops)->flags & (FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_REMOVING)) \
	 == FTRACE_OPS_FL_ENABLED)

/* Every ops on the list (placeholders included), under ftrace_lock. */
#define for_each_ftrace_ops_locked(op)					\
	for ((op) = ftrace_locked(ftrace_ops_list); (op) != &ftrace_list_end; \
	     (op) = ftrace_locked((op)->next))

/* Give @ops its hashes and lock if it has none yet (idempotent). */
void ftrace_ops_init(struct ftrace_ops *ops);
/* Does @ops want calls at @ip? Under RCU (sched) or ftrace_lock. */
bool ftrace_ops_test(struct ftrace_ops *ops, unsigned long ip);
/* Free a hash the list function may still be reading. */
void ftrace_hash_free_live(struct ftrace_hash *hash);
/* Start or stop @ops; under ftrace_lock (shutdown drops it to wait). */
int ftrace_startup(struct ftrace_ops *ops);
int ftrace_shutdown(struct ftrace_ops *ops);
/* /proc/kallsyms entry @symnum among the trampolines; under RCU. */
int ftrace_tramp_kallsym(unsigned int symnum, unsigned long *value,
			 char *type, char *name, char *module_name,
			 int *exported);

/* ftrace_kill() or a failed update happened: refuse everything. */
static inline bool ftrace_is_dead(void)
{
	return READ_ONCE(ftrace_disabled);
}

/* ======================== ftrace_update.c =========================== */

/*
 * Recompute what every record wants: its count of active ops, and
 * whether it needs regs, a trampoline, a direct call. Under ftrace_lock.
 */
void ftrace_recompute_records(void);
/*
 * Make every site call what its record wants, and point ftrace_call at
 * the list function or at ftrace_stub: under ftrace_lock.
 */
void ftrace_update_all(void);
/* Would @ops, with these hashes, share a site with a conflicting ops? */
int ftrace_check_ipmodify(struct ftrace_ops *ops,
			  struct ftrace_hash *filter, struct ftrace_hash *exclude);
/* @mod is about to run: its records usable, its wanted sites on. */
void ftrace_update_module(struct module *mod);

/* ======================== ftrace_filter.c =========================== */

/*
 * A ":mod:" filter for a module that is not loaded: applied (and dropped)
 * when the module comes. Lists of them hang off the trace arrays
 * (tr->mod_trace, tr->mod_notrace), under ftrace_lock.
 */
struct ftrace_mod_entry {
	struct list_head	list;
	char			*func;		/* NULL: every function */
	char			*module;
};

/*
 * Replace the filter (@filter true) or notrace hash of @ops with @hash
 * (which becomes the ops'; on error the caller still owns it) and bring
 * the sites in line. Under regex_lock; takes ftrace_lock.
 */
int ftrace_ops_set_hash(struct ftrace_ops *ops, bool filter,
			struct ftrace_hash *hash);
/*
 * Add to (or with a leading '!' remove from) @hash every function that
 * @pattern names, within module @mod when not NULL ("" for every module,
 * "!name" for every module but one). Returns the count of functions
 * matched, or -errno. Takes ftrace_lock.
 */
int ftrace_match_records(struct ftrace_hash *hash, char *pattern, char *mod);
/*
 * How many call sites @ops' filter holds (0: none, which means every
 * function): the size fprobe gives its pool of pending exits.
 */
unsigned int ftrace_ops_filter_count(struct ftrace_ops *ops);
/* Text went away: drop from @ops' hashes the addresses @gone() names. */
void ftrace_ops_forget(struct ftrace_ops *ops,
		       bool (*gone)(unsigned long ip, void *data), void *data);
/* Apply ftrace_filter=/ftrace_notrace= (from ftrace_init()). */
void ftrace_apply_boot_filters(void);
/* ftrace_filter= or ftrace_notrace= was on the command line. */
bool ftrace_boot_filtered(void);

/* ============ ftrace_filter_files.c: set_ftrace_filter/notrace ========= */

/* A module came: apply the :mod: filters cached for it. */
void ftrace_process_cached_mods(const char *name);
/*
 * With FTRACE_ITER_FILTER or _NOTRACE to ftrace_regex_open(): the file is
 * set_graph_function or set_graph_notrace, where "!name" must take a
 * function out of the list (upstream's EINVAL when none was in it).
 */
#define FTRACE_ITER_GRAPH	BIT(16)

/* ========================= ftrace_files.c ============================ */

enum ftrace_list_kind {
	FTRACE_LIST_NONE,	/* before the first item */
	FTRACE_LIST_HEAD,	/* "#### all functions enabled ####" */
	FTRACE_LIST_REC,
	FTRACE_LIST_MOD,
	FTRACE_LIST_PROBE,	/* "func:command..." of the array's probes */
	FTRACE_LIST_END,
};

/* The seq_file state of a listing (ftrace_listing_seq_ops). */
struct ftrace_listing {
	unsigned int		flags;	/* FTRACE_ITER_* */
	bool			head;	/* start with the header line */
	struct ftrace_hash	*hash;	/* FILTER/NOTRACE: what is listed */
	struct list_head	*mods;	/* cached :mod: filters, or NULL */
	struct trace_array	*tr;	/* list its probes too, or NULL */
	/* where the last read stopped */
	enum ftrace_list_kind	kind;
	loff_t			pos;
	unsigned long		gen;
	struct ftrace_group	*g;
	unsigned int		i;
	struct ftrace_rec	*rec;
	struct ftrace_mod_entry	*mod;
	struct ftrace_probe	*probe;
	struct ftrace_probe_site *site;
};

extern const struct seq_operations ftrace_listing_seq_ops;

/* ================ ftrace_probes.c: function probes =================== */

/*
 * The listing's step to the next probe site of it->tr (false at the end)
 * and its line; under ftrace_lock.
 */
bool ftrace_probe_listing_next(struct ftrace_listing *it);
void ftrace_probe_listing_show(struct seq_file *m, struct ftrace_listing *it);
/* @tr goes: detach every command of it. Under trace_types_lock. */
void ftrace_probes_clear(struct trace_array *tr);

/* ======================== ftrace_direct.c =========================== */

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* The direct trampoline for @ip, or 0 (under ftrace_lock or RCU). */
unsigned long ftrace_direct_addr(unsigned long ip);
/* direct_mutex: held around registering ops that may share with it. */
void ftrace_direct_lock(void);
void ftrace_direct_unlock(void);
/*
 * An IPMODIFY ops is about to come (@on) or went: ask the direct ops
 * on the same functions to let it share them, or tell them it left.
 */
int ftrace_direct_share_ipmodify(struct ftrace_ops *ops, bool on);
#else
static inline unsigned long ftrace_direct_addr(unsigned long ip)
{
	return 0;
}

static inline void ftrace_direct_lock(void) { }
static inline void ftrace_direct_unlock(void) { }
static inline int ftrace_direct_share_ipmodify(struct ftrace_ops *ops, bool on)
{
	return 0;
}
#endif

/* ===== trace_selftest_dynamic.c: the only functions with call sites ==== */

int trace_selftest_fn_traced(int x);
int trace_selftest_fn_other(int x);
int trace_selftest_fn_nest(int x);

/* ============ trace_selftest.c: the function tracer's self-test ========= */

int trace_selftest_startup_function(struct tracer *trace,
				    struct trace_array *tr);

#endif /* CONFIG_DYNAMIC_FTRACE */

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
