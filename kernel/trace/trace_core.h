/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the tracing core share among themselves.
 * Included by: trace.c trace_boot.c trace_clients.c trace_tracer.c
 * trace_fs.c trace_options.c trace_instances.c trace_snapshot.c
 * trace_printk.c trace_marker.c trace_cmdlines.c trace_callstack.c
 * trace_nop.c trace_selftest.c
 *
 * The core is the trace arrays and their buffers (trace.c, the
 * snapshot, instances/), the tracer registry and the options, the
 * control files, and the write path with the producers and services
 * around it (markers, trace_printk(), stacks, the pid maps). Whatever
 * another layer needs from these files is in trace.h instead.
 */
#ifndef _KERNEL_TRACE_CORE_H
#define _KERNEL_TRACE_CORE_H

#include "trace.h"

/* Options only the top-level array has (instances do not show them). */
#define TOP_LEVEL_TRACE_FLAGS (TRACE_ITER_PRINTK |			\
	       TRACE_ITER_PRINTK_MSGONLY | TRACE_ITER_RECORD_CMD)

/* ============== trace.c: arrays, buffers, boot options ================= */

/* Every CPU that may ever record (buffers are per possible CPU). */
#define for_each_tracing_cpu(cpu)	for_each_possible_cpu(cpu)

extern const int trace_clocks_nr;	/* entries of trace_clocks[] */
extern const char * const trace_options[];	/* NULL-terminated names */
extern unsigned long trace_buf_size;	/* bytes per CPU, boot option */
extern bool tracing_selftest_running;
extern int tracing_disabled;	/* set when allocation at boot failed */

int tracing_resize_ring_buffer(struct trace_array *tr,
			       unsigned long size, int cpu_id);
int tracing_set_cpumask(struct trace_array *tr, cpumask_var_t new_mask);
int tracing_set_subbuf_order(struct trace_array *tr, int order);
/* @tr's live buffer (of @size bytes per CPU) and snapshot buffer. */
int allocate_trace_buffers(struct trace_array *tr, int size);
void free_trace_buffers(struct trace_array *tr);
#ifdef CONFIG_TRACER_MAX_TRACE
/* Shrink the snapshot buffer of @tr to the least; lock held. */
void free_snapshot(struct trace_array *tr);
#endif

/* ============== trace_clients.c: the walks over the clients ============ */

/*
 * Each calls the callback of that name of every registered client (see
 * struct trace_array_client in trace.h), with trace_types_lock held.
 * trace_clients_init() undoes what it did when a client fails, and
 * trace_clients_flag_changed() stops at the first refusal.
 */
int trace_clients_init(struct trace_array *tr);
void trace_clients_free(struct trace_array *tr);
void trace_clients_create(struct trace_array *tr, struct dentry *dir);
void trace_clients_create_cpu(struct trace_array *tr, struct dentry *dir,
			      int cpu);
void trace_clients_remove(struct trace_array *tr);
int trace_clients_flag_changed(struct trace_array *tr, unsigned int mask,
			       bool on);

/* ========== trace_instances.c: the life of an array, instances/ ======== */

/* The state every array starts with (the top level's too). */
void trace_array_init_state(struct trace_array *tr);
/*
 * A new instance named @name with the top level's options (less those
 * instances start without), on ftrace_trace_arrays; its files come from
 * the caller. __remove_instance() frees one nobody uses any more.
 * Both with trace_types_lock held.
 */
struct trace_array *trace_array_create(const char *name);
int __remove_instance(struct trace_array *tr);
int trace_instances_init(struct dentry *d_tracer);
/* trace_instance=name[^flags][@...][,event...] boot list. */
void trace_boot_instances_create(void);

/* ================ trace_tracer.c: the registry of tracers =============== */

struct tracer *trace_types_first(void);	/* list head; under the lock */
/* Take @type off the list again (its self-test failed); lock held. */
void unregister_tracer_locked(struct tracer *type);
/* The tracer, clock and options of @tr. */
int tracing_set_tracer(struct trace_array *tr, const char *name);
int tracing_set_clock(struct trace_array *tr, const char *name);
int trace_set_options(struct trace_array *tr, char *option);

/* ================ trace_nop.c: the tracer that records nothing ========== */

extern struct tracer nop_trace;

/* ================ trace_fs.c: tracefs, control files ================== */

/*
 * Create the whole file set of @tr in @d_tracer (the top-level directory
 * or instances/<name>): the core's files, then those of every client
 * (trace_array_client_register()). Called with trace_types_lock held.
 */
void init_tracer_tracefs(struct trace_array *tr, struct dentry *d_tracer);

/* ========== trace_options.c: trace_options and options/ =============== */

/*
 * Give options/ of @tr the files of every registered tracer @tr may use
 * that has none yet (as upstream: they exist before the tracer is
 * current). Idempotent; does nothing before the array's files exist.
 * Call with trace_types_lock held after register_tracer() and on a
 * change of tracer.
 */
void update_tracer_options(struct trace_array *tr);

/* ============ trace_snapshot.c: the snapshot buffer ==================== */

#ifdef CONFIG_TRACER_MAX_TRACE
extern bool snapshot_at_boot;	/* alloc_snapshot */
bool snapshot_wanted_at_boot(const char *name);	/* alloc_snapshot=NAME */
/* Exported: allocate the top level's snapshot buffer. */
int tracing_alloc_snapshot(void);
#endif

/* ========= trace_printk.c: trace_printk, trace_puts, formats ========== */

/* Exported: trace_printk() with binary arguments (text: trace.h). */
int trace_vbprintk(unsigned long ip, const char *fmt, va_list args);
/*
 * From early_trace_init(): the per-CPU buffers if the kernel has built-in
 * trace_printk() users, and the client that acts on the options
 * trace_printk and trace_printk_dest.
 */
void trace_printk_early_init(void);
/* Sections of built-in trace_printk() formats and tracepoint_string()s. */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];

/* ===== trace_cmdlines.c: pid -> comm / tgid maps for the output ======= */

/* From early_trace_init(), before any recording: the maps, the client. */
int trace_cmdlines_init(void);

/* ============== trace_selftest.c: tracer self-tests ==================== */

#ifdef CONFIG_FTRACE_STARTUP_TEST
/*
 * Test @type; before the scheduler runs (early_trace_init) the test is
 * postponed to a core initcall, and a tracer that fails it then is
 * unregistered again. Called with trace_types_lock held.
 */
int run_tracer_selftest(struct tracer *type);
#endif

/* ============== helpers of the producers ============================== */

/*
 * Per-CPU scratch space indexed by context level (task, softirq,
 * hardirq, NMI): anything that interrupts a user of one slot runs at a
 * higher level and has a slot of its own.
 */
#define TRACE_CTX_LEVELS	4

/*
 * Claim @busy[level] of this CPU's scratch for the current context, or
 * -1 if this context already holds it (recursion). Preemption must be
 * off. Only this context level on this CPU touches the flag, and
 * whatever interrupts it has a level of its own, so plain accesses are
 * enough: the barriers only keep the compiler from moving accesses to
 * the slot outside the claim (no other CPU looks, so they pair with
 * nothing).
 */
static inline int trace_ctx_slot_claim(bool *busy)
{
	int level = interrupt_context_level();

	if (busy[level])
		return -1;
	busy[level] = true;
	barrier();
	return level;
}

static inline void trace_ctx_slot_release(bool *busy, int level)
{
	barrier();
	busy[level] = false;
}

#endif /* _KERNEL_TRACE_CORE_H */
