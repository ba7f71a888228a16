/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing core's interface to every layer.
 * Included by: trace*.c trace_*.h ftrace_*.c blktrace_record.c (all of
 * kernel/trace/ but the ring buffer)
 *
 * kernel/trace/ is layered; Documentation/trace/code-layout.rst draws
 * the map. Each layer has a private header for what its files share
 * among themselves:
 *   trace_core.h             the core: trace arrays and their buffers,
 *                            tracers, options, the write path and the
 *                            producers and services around it
 *   trace_output.h           readers of the buffers and the text output
 *   trace_events_internal.h  the event layer (TRACE_EVENT callees)
 *   ftrace_internal.h        function tracing
 *   trace_latency.h          the latency tracers
 *   trace_triggers.h         event triggers and function commands
 * This header holds what crosses layers: the trace array, the entries,
 * the option flags, the tracer interface, and every function one layer
 * offers another, grouped under the name of the file that defines it
 * (tools/testing/trace_layout checks both rules).
 *
 * A trace array is one complete tracing context: a ring buffer (plus an
 * optional snapshot buffer of the same geometry), a current tracer, a set
 * of option flags, a clock and a directory of control files. The top-level
 * array lives at the root of tracefs; every directory made under
 * instances/ is another one.
 *
 * Locking: trace_types_lock (a mutex) serialises every change of a trace
 * array's configuration (tracer, clock, sizes, flags, snapshot, creation
 * and removal) and the list of tracers. The write path takes no lock: it
 * reads tr->array_buffer.buffer and the flags once and relies on the ring
 * buffer's own per-CPU disable counts while a buffer is being replaced.
 */
#ifndef _KERNEL_TRACE_H
#define _KERNEL_TRACE_H

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/jump_label.h>
#include <linux/mmiotrace.h>	/* its entries' payload */
#include <linux/mutex.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/trace.h>		/* trace_array_put() and the exports */
#include <linux/trace_events.h>

/*
 * Entry types. The numbers are ABI: they are the IDs of the ftrace
 * subsystem's entries in events/, and tools read them from the binary
 * pages, so the order must never change.
 */
enum trace_type {
	__TRACE_FIRST_TYPE = 0,

	TRACE_FN,
	TRACE_CTX,
	TRACE_WAKE,
	TRACE_STACK,
	TRACE_PRINT,
	TRACE_BPRINT,
	TRACE_MMIO_RW,
	TRACE_MMIO_MAP,
	TRACE_BRANCH,
	TRACE_GRAPH_RET,
	TRACE_GRAPH_ENT,
	TRACE_USER_STACK,
	TRACE_BLK,
	TRACE_BPUTS,
	TRACE_HWLAT,
	TRACE_OSNOISE,
	TRACE_TIMERLAT,
	TRACE_RAW_DATA,
	TRACE_FUNC_REPEATS,

	__TRACE_LAST_TYPE,
};

/* The user stack entry holds this many callers. */
#define USER_STACK_ENTRIES	8

/*
 * The core's own entries (trace_core_entries.h describes them). Their
 * layout is ABI as well: events/ftrace/<name>/format describes it and
 * trace-cmd parses it, field for field.
 */
#define CORE_STRUCT(sname, fields)					\
	struct sname {							\
		struct trace_entry	ent;				\
		fields							\
	}
#define ENTRY_FIELD(type, name)			type name
#define ENTRY_ARRAY(type, name, len)		type name[len]
#define ENTRY_FLEX(type, name)			type name[]
#define ENTRY_COUNTED(type, name, count, ...)	type name[] __counted_by(count)
#define ENTRY_NESTED(type, name, ...)		type name
#define ENTRY_SUB(...)
#define CORE_EVENT(...)
#define CORE_OUTPUT(...)
#define CORE_OUTPUT_BIN(...)
#include "trace_core_entries.h"

/*
 * Option flags (trace_options and options/<name>). The bit numbers are
 * private but the names and their order in trace_options are what users
 * see, so they follow upstream. Upstream lists display-graph and
 * stacktrace only in kernels with the graph tracer and stack traces;
 * every kernel we build has both, so they are always listed.
 * display-graph is for the latency tracers, which print their function
 * entries as a call tree with it; nothing else reads it.
 */
#define TRACE_FLAGS_MAX_SIZE		32

/* The function tracer's core options, where upstream lists them. */
#ifdef CONFIG_FUNCTION_TRACER
#define FUNCTION_FLAGS						\
		C(FUNCTION,		"function-trace"),	\
		C(FUNC_FORK,		"function-fork"),
#define FUNCTION_DEFAULT_FLAGS	TRACE_ITER_FUNCTION
#else
#define FUNCTION_FLAGS
#define FUNCTION_DEFAULT_FLAGS	0U
#define TRACE_ITER_FUNC_FORK	0U
#endif

#define TRACE_FLAGS						\
		C(PRINT_PARENT,		"print-parent"),	\
		C(SYM_OFFSET,		"sym-offset"),		\
		C(SYM_ADDR,		"sym-addr"),		\
		C(VERBOSE,		"verbose"),		\
		C(RAW,			"raw"),			\
		C(HEX,			"hex"),			\
		C(BIN,			"bin"),			\
		C(BLOCK,		"block"),		\
		C(FIELDS,		"fields"),		\
		C(PRINTK,		"trace_printk"),	\
		C(ANNOTATE,		"annotate"),		\
		C(USERSTACKTRACE,	"userstacktrace"),	\
		C(SYM_USEROBJ,		"sym-userobj"),		\
		C(PRINTK_MSGONLY,	"printk-msg-only"),	\
		C(CONTEXT_INFO,		"context-info"),	\
		C(LATENCY_FMT,		"latency-format"),	\
		C(RECORD_CMD,		"record-cmd"),		\
		C(RECORD_TGID,		"record-tgid"),		\
		C(OVERWRITE,		"overwrite"),		\
		C(STOP_ON_FREE,		"disable_on_free"),	\
		C(IRQ_INFO,		"irq-info"),		\
		C(MARKERS,		"markers"),		\
		C(EVENT_FORK,		"event-fork"),		\
		C(TRACE_PRINTK,		"trace_printk_dest"),	\
		C(PAUSE_ON_TRACE,	"pause-on-trace"),	\
		C(HASH_PTR,		"hash-ptr"),		\
		FUNCTION_FLAGS					\
		C(DISPLAY_GRAPH,	"display-graph"),	\
		C(STACKTRACE,		"stacktrace"),

/* Bit numbers first (TRACE_ITER_<X>_BIT), then the masks (TRACE_ITER_<X>). */
#undef C
#define C(id, name) TRACE_ITER_##id##_BIT
enum trace_iterator_bits {
	TRACE_FLAGS
	TRACE_ITER_LAST_BIT
};

#undef C
#define C(id, name) TRACE_ITER_##id = BIT(TRACE_ITER_##id##_BIT)
enum trace_iterator_flags { TRACE_FLAGS };
#undef C

/* Per-CPU state of one array_buffer. */
struct trace_array_cpu {
	/* Recording: > 0 disables this CPU (cpumask, tracers). */
	atomic_t		disabled;
	/*
	 * set_ftrace_pid/set_ftrace_notrace_pid (ftrace_pid.c): 0 when
	 * they filter nothing, else what the last switch to this CPU
	 * decided: the pid plus one of the task it let through, or -1.
	 */
	int			ftrace_pid;
	unsigned long		entries;	/* buffer bytes, as sized */
	unsigned long		skipped_entries; /* left out of the header */

	/* The latency tracers' record of the current maximum. */
	u64			preempt_timestamp;
	unsigned long		critical_start, critical_end;
	unsigned long		critical_sequence;
	unsigned long		saved_latency;
	char			comm[TASK_COMM_LEN];
	pid_t			pid;
	kuid_t			uid;
	unsigned long		policy, rt_priority, nice;
};

struct trace_array;

/* A ring buffer as a trace array uses it. */
struct array_buffer {
	struct trace_buffer		*buffer;
	struct trace_array_cpu __percpu	*data;
	struct trace_array		*tr;	/* owner */
	u64				time_start;	/* last reset */
	int				cpu;
};

#define TRACE_ARRAY_FL_GLOBAL	BIT(0)

struct trace_options;
struct trace_pid_set;
struct func_repeats;

struct trace_array {
	struct array_buffer	array_buffer;	/* the live buffer */
	char			*name;		/* NULL for the top level */
	struct list_head	list;		/* on ftrace_trace_arrays */
#ifdef CONFIG_TRACER_MAX_TRACE
	/*
	 * The snapshot buffer. It is swapped with array_buffer as a whole
	 * (or per CPU) so what was recorded is kept while recording goes
	 * on in the other. Allocated on first use (size 1 page per CPU
	 * before that, as ring_buffer_alloc needs a size).
	 */
	struct array_buffer	max_buffer;
	bool			allocated_snapshot;
	unsigned long		max_latency;
	/*
	 * A swap would move a buffer user space has mapped out from under
	 * it, so those who may swap (snapshot_users: a latency tracer, a
	 * snapshot trigger or probe, a write of 1 to snapshot) and the
	 * mappings of trace_pipe_raw (mapped: one per vma) exclude each
	 * other; both counts under snapshot_map_lock, which the mmap path
	 * takes under mmap_lock (trace_types_lock cannot nest there).
	 */
	spinlock_t		snapshot_map_lock;
	unsigned int		snapshot_users;
	unsigned int		mapped;
#endif
	arch_spinlock_t		max_lock;	/* serialises buffer swaps */
	int			buffer_disabled; /* tracing_on mirror */
	int			stop_count;	/* tracing_stop() nesting */
	raw_spinlock_t		start_lock;
	int			clock_id;	/* index in trace_clocks[] */
	unsigned int		buffer_percent;	/* wake readers at this fill */
	unsigned int		n_err_log_entries;
	struct list_head	err_log;
	struct tracer		*current_trace;
	unsigned int		trace_flags;
	unsigned char		trace_flags_index[TRACE_FLAGS_MAX_SIZE];
	unsigned int		flags;		/* TRACE_ARRAY_FL_* */
	struct dentry		*dir;
	struct dentry		*options;
	struct dentry		*percpu_dir;
	struct eventfs_inode	*event_dir;	/* events/ (an eventfs root) */
	struct trace_options	*topts;		/* tracer option files */
	int			nr_topts;
	cpumask_var_t		tracing_cpumask; /* CPUs that record */
	cpumask_var_t		pipe_cpumask;	/* CPUs with a trace_pipe reader */
	int			ref;		/* trace_array_get() users */
	int			trace_ref;	/* open readers of the buffers */
	int			time_stamp_abs_ref;
	bool			ring_buffer_expanded;
	bool			clear_trace;
	/* Event layer state (issue: events) is added here. */
	struct list_head	systems;
	struct list_head	events;
#ifdef CONFIG_FUNCTION_TRACER
	/*
	 * Function tracing (ftrace_internal.h): the array's ftrace_ops, and
	 * the set_ftrace_filter/notrace ":mod:" filters that wait for their
	 * module (under ftrace_lock).
	 */
	struct ftrace_ops	*ops;
	struct list_head	mod_trace;
	struct list_head	mod_notrace;
	bool			function_enabled; /* the callback may record */
	/*
	 * set_ftrace_pid and set_ftrace_notrace_pid (ftrace_pid.c), under
	 * its mutex; read under RCU-sched by its sched probes.
	 */
	struct trace_pid_set __rcu *function_pids;
	struct trace_pid_set __rcu *function_no_pids;
	bool			function_pid_switch;	/* probe registered */
	bool			function_pid_fork;	/* probes registered */
	/* func-no-repeats: per CPU, the last call (trace_functions.c) */
	struct func_repeats __percpu *last_func_repeats;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/* function_graph: the array's fgraph user while it runs */
	struct fgraph_ops	*graph_ops;
#endif
#endif
};

/* ============ trace_tracer.c: the interface of tracers ================ */

/* Option files of a tracer's private flags (struct tracer_flags). */
struct tracer_opt {
	const char	*name;	/* the file name in options/ */
	u32		bit;	/* its bit in tracer_flags.val */
};

struct tracer_flags {
	struct tracer_opt	*opts;	/* ends with an empty entry */
	struct tracer		*trace;	/* set by register_tracer() */
	u32			val;	/* the options currently set */
};

#define TRACER_OPT(s, b)	.name = #s, .bit = b

/*
 * A tracer: what current_tracer selects. Every callback is optional
 * except init/reset, which start and stop it on one trace array.
 */
struct tracer {
	const char		*name;
	struct tracer		*next;		/* registry list */
	struct tracer_flags	*flags;		/* private options */
	int			enabled;	/* arrays using it */
	bool			allow_instances;
	bool			use_max_tr;	/* needs the snapshot buffer */
	bool			print_max;	/* read the max buffer */
	bool			noboot;		/* not from the command line */

	/* Life cycle on one array. */
	int			(*init)(struct trace_array *tr);
	void			(*reset)(struct trace_array *tr);
	void			(*start)(struct trace_array *tr);
	void			(*stop)(struct trace_array *tr);
	int			(*update_thresh)(struct trace_array *tr);
#ifdef CONFIG_FTRACE_STARTUP_TEST
	int			(*selftest)(struct tracer *trace,
					    struct trace_array *tr);
#endif

	/* Options: a private flag was written (0 or -errno)... */
	int			(*set_flag)(struct trace_array *tr,
					    u32 old_flags, u32 bit, int set);
	/* ... or a core flag is about to change (nonzero refuses). */
	int			(*flag_changed)(struct trace_array *tr,
						u32 mask, int set);

	/* Readers of the array while this tracer is current. */
	void			(*open)(struct trace_iterator *iter);
	void			(*close)(struct trace_iterator *iter);
	void			(*pipe_open)(struct trace_iterator *iter);
	void			(*pipe_close)(struct trace_iterator *iter);
	ssize_t			(*read)(struct trace_iterator *iter,
					struct file *filp, char __user *ubuf,
					size_t cnt, loff_t *ppos);
	void			(*print_header)(struct seq_file *m);
	enum print_line_t	(*print_line)(struct trace_iterator *iter);
};

/* ========= trace_cmdlines.c: pid -> comm / tgid maps for the output ===== */

/* From the sched probes: current's comm and tgid as the options want. */
void tracing_record_cmdline(struct task_struct *task);
void tracing_record_tgid(struct task_struct *task);
void trace_find_cmdline(int pid, char comm[]);
int trace_find_tgid(int pid);

/*
 * What a CPU last stored of the task it ran, kept so that every commit
 * (__buffer_unlock_commit()) can see inline that there is nothing to
 * store; a miss calls tracing_record_taskinfo_slow().
 */
struct taskinfo_note {
	pid_t		pid;
	pid_t		tgid;
	unsigned int	gen;		/* cmdlines_gen when stored */
	unsigned int	done;		/* TRACE_ITER_RECORD_{CMD,TGID} */
	/* the comm as words: compared on every event */
	u64		comm[TASK_COMM_LEN / sizeof(u64)];
};
DECLARE_PER_CPU(struct taskinfo_note, taskinfo_note);
extern unsigned int cmdlines_gen;	/* bumped when the store changes */
void tracing_record_taskinfo_slow(unsigned int want);

/* ============== trace.c: arrays, buffers, the write path =============== */

extern struct mutex trace_types_lock;
extern struct list_head ftrace_trace_arrays;
extern struct trace_array global_trace;
/* tracing_thresh in ns (0: off): tracers report only longer spans */
extern unsigned long tracing_thresh;

/* The clocks trace_clock offers, indexed by tr->clock_id. */
struct trace_clock_desc {
	u64		(*func)(void);
	const char	*name;
	bool		in_ns;	/* printed as seconds.microseconds */
};

extern const struct trace_clock_desc trace_clocks[];

/* tracing_thresh in ns (0: none): the latency tracers keep what exceeds it. */
extern unsigned long tracing_thresh;

static inline struct trace_array *top_trace_array(void)
{
	return &global_trace;
}

/* Lockdown, tracing state and a reference on @tr (if any): every open. */
int tracing_check_open_get_tr(struct trace_array *tr);
/* Give @tr its full buffer size on first use (a no-op once it has). */
int tracing_update_buffers(struct trace_array *tr);
/* From a __setup() handler: allocate the top level at full size. */
void tracing_expand_at_boot(void);

/* tracing_on of @tr: whether its buffer records. */
void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);
bool tracer_tracing_is_on(struct trace_array *tr);
/* Nesting stop and start of recording (pause-on-trace, latency tracers). */
void tracing_start_tr(struct trace_array *tr);
void tracing_stop_tr(struct trace_array *tr);

void tracing_reset_online_cpus(struct array_buffer *buf);
void tracing_reset_cpu(struct array_buffer *buf, int cpu);
/* Reset the arrays a module unload marked (tr->clear_trace); lock held. */
void tracing_reset_all_online_cpus_unlocked(void);

/*
 * Reserve an entry of @type and @len bytes (struct trace_entry included)
 * in @buffer and fill in its common header from @trace_ctx. Returns NULL
 * when the buffer is off or full (overwrite off); the caller fills the
 * body and calls __buffer_unlock_commit().
 */
static __always_inline struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx)
{
	struct ring_buffer_event *event;

	event = ring_buffer_lock_reserve(buffer, len);
	if (event)
		tracing_generic_entry_update(ring_buffer_reserved_data(event),
					     type, trace_ctx);
	return event;
}

/*
 * Commit what trace_buffer_lock_reserve() returned. First, while the
 * reservation still keeps this CPU, store current's comm and tgid as
 * record-cmd and record-tgid ask (top-level options: one map for every
 * array), unless this CPU already did for this very task (same pid, tgid
 * and comm, which also catches exec and renames) since the store last
 * changed: that check is inline, a few loads per event.
 */
static __always_inline void
__buffer_unlock_commit(struct trace_buffer *buffer,
		       struct ring_buffer_event *event)
{
	unsigned int want = READ_ONCE(global_trace.trace_flags) &
		(TRACE_ITER_RECORD_CMD | TRACE_ITER_RECORD_TGID);
	struct task_struct *tsk = current;
	struct taskinfo_note *note;
	u64 comm[TASK_COMM_LEN / sizeof(u64)];

	/* record-cmd is on by default: no branch hint either way */
	if (want) {
		note = this_cpu_ptr(&taskinfo_note);
		memcpy(comm, tsk->comm, sizeof(comm));
		if (note->pid != tsk->pid || note->tgid != tsk->tgid ||
		    note->gen != READ_ONCE(cmdlines_gen) ||
		    (note->done & want) != want ||
		    note->comm[0] != comm[0] || note->comm[1] != comm[1])
			tracing_record_taskinfo_slow(want);
	}
	ring_buffer_unlock_commit(buffer);
}

/* ========= trace_exports.c: register_ftrace_export()'s receivers ========= */

/*
 * A producer tests its key and, when on, calls trace_exports_write() with
 * the entry it reserved and filled in, before committing it.
 */
DECLARE_STATIC_KEY_FALSE(trace_export_function_key);
DECLARE_STATIC_KEY_FALSE(trace_export_event_key);
DECLARE_STATIC_KEY_FALSE(trace_export_marker_key);
void trace_exports_write(struct ring_buffer_event *event, int flag);

/* ================ trace_fs.c: tracefs, control files ================== */

struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);
int tracing_open_generic(struct inode *inode, struct file *filp);
int tracing_open_generic_tr(struct inode *inode, struct file *filp);
int tracing_release_generic_tr(struct inode *inode, struct file *file);
/*
 * Per-CPU files keep their CPU in the inode: i_cdev holds cpu + 1 so that
 * 0 means "all CPUs" (RING_BUFFER_ALL_CPUS).
 */
void trace_create_cpu_file(const char *name, umode_t mode,
			   struct dentry *parent, void *data, long cpu,
			   const struct file_operations *fops);
int tracing_get_cpu(struct inode *inode);
bool tracing_is_disabled(void);

#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

/* ========= trace_clients.c: the subsystems each array has ============== */

/*
 * The clients of the trace arrays: the subsystems that keep state or
 * files per array, or act on a change of one of its options. Each fills
 * one struct trace_array_client and registers it (trace_clients.c); the
 * core calls the callbacks, with trace_types_lock held, in the order of
 * ->order (then of registration), and the release ones in reverse:
 *   ->init(tr)                  when an array is made, before its
 *                               buffers, and at registration for the
 *                               arrays that exist then (the top level
 *                               from early boot): per-array state; may
 *                               fail with -errno, and the array is not
 *                               made. Sees the array's options as they
 *                               are then.
 *   ->create(tr, dir)           for the top level once tracefs is up
 *                               (dir NULL: the root) and for each
 *                               instance when it is made. Clients with
 *                               files register before fs_initcall:
 *                               every array gets the same set;
 *   ->create_cpu(tr, dir, cpu)  for each per_cpu/cpuN/ of it; files made
 *                               with trace_create_cpu_file();
 *   ->flag_changed(tr, mask, on) after option @mask of @tr was set or
 *                               cleared (tr->trace_flags already says
 *                               so): act on it, or refuse with -errno
 *                               and the core puts the flag back. One
 *                               client acts on any one option;
 *   ->remove(tr)                when an instance goes: stop writing into
 *                               @tr. The core then waits for writers
 *                               with preemption off and resets the
 *                               tracer. Also called for an instance
 *                               whose files were never made;
 *   ->free(tr)                  last: free what ->init allocated (the
 *                               dentries go with the directory).
 * Any callback may be NULL. Files only the top level has are made when
 * tr->flags has TRACE_ARRAY_FL_GLOBAL.
 */
enum trace_client_order {
	TRACE_CLIENT_ENGINE	= -10,	/* state the tracers use (ftrace ops) */
	TRACE_CLIENT_FILES	= 0,	/* files, services */
};

struct trace_array_client {
	const char		*name;
	int			order;
	int			(*init)(struct trace_array *tr);
	void			(*free)(struct trace_array *tr);
	void			(*create)(struct trace_array *tr,
					  struct dentry *dir);
	void			(*create_cpu)(struct trace_array *tr,
					      struct dentry *dir, int cpu);
	int			(*flag_changed)(struct trace_array *tr,
						unsigned int mask, bool on);
	void			(*remove)(struct trace_array *tr);
	struct list_head	list;
};

int trace_array_client_register(struct trace_array_client *c);

/* ============== trace.c: the consumers' locks ========================== */

/*
 * Every consumer of a buffer (trace_pipe, raw reads and splice, a mapped
 * reader's GET_READER) holds this around what it takes from CPU @cpu's
 * buffer, or from all of them (RING_BUFFER_ALL_CPUS). May sleep.
 */
void trace_consume_lock(int cpu);
void trace_consume_unlock(int cpu);

/* ============ trace_tracer.c: the registry of tracers =================== */

int register_tracer(struct tracer *type);
/*
 * Set or clear core option @mask of @tr (0 or -errno); the current
 * tracer's ->flag_changed may refuse. trace_types_lock held.
 */
int set_tracer_flag(struct trace_array *tr, unsigned int mask, int enabled);

/* ============ trace_selftest.c: self-tests of the tracers =============== */

#ifdef CONFIG_FTRACE_STARTUP_TEST
int trace_selftest_startup_nop(struct tracer *trace, struct trace_array *tr);
void tracing_selftests_off(const char *why);
#else
static inline void tracing_selftests_off(const char *why) { }
#endif

/* ========= trace_output.c: the text of entries, for every layer ======== */

/* Registers the outputs of the core's entries (early_trace_init()). */
int init_trace_output_events(void);
/*
 * The registry of struct trace_event by entry type. Readers of the
 * buffers hold it for read while they print; the event layer takes it
 * for write around __unregister_trace_event().
 */
extern struct rw_semaphore trace_event_sem;
int __unregister_trace_event(struct trace_event *event);

/* ============ trace_kprobe.c: kprobe events for perf alone ============ */

/*
 * The kprobe PMU's event: a kprobe on @func+@offs (or at @addr when
 * @func is NULL), on its return if @is_return, with an event call of its
 * own in no trace array. An ERR_PTR if it cannot be made or placed.
 */
struct trace_event_call *trace_kprobe_local(const char *func, void *addr,
					    unsigned long offs, bool is_return);
/* Undo trace_kprobe_local(), after perf let go of the event. */
void trace_kprobe_local_free(struct trace_event_call *call);

/* ============ trace_uprobe.c: uprobe events for perf alone ============ */

/*
 * The uprobe PMU's event: a uprobe at offset @offs of the file @path
 * (with the reference counter at @ref_ctr, if not 0), on its return if
 * @is_return, with an event call of its own in no trace array. An
 * ERR_PTR if the file is not there or not a regular one.
 */
struct trace_event_call *trace_uprobe_local(const char *path,
					    unsigned long offs,
					    unsigned long ref_ctr,
					    bool is_return);
/* Undo trace_uprobe_local(), after perf let go of the event. */
void trace_uprobe_local_free(struct trace_event_call *call);

/* ================ trace_err_log.c: error_log ========================= */

/*
 * Record an error for @tr's error_log: @loc is the file or command,
 * @cmd the text that was written, @errs the message table, @type the
 * index of the message and @pos the character of @cmd the caret points
 * at. Keeps the most recent few per array.
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char **errs, u8 type, u16 pos);

/* ========= trace_callstack.c: kernel and user stacks as entries ======= */

/*
 * After an event of @tr: the stacks its stacktrace and userstacktrace
 * options ask for (the kernel one from the frame returning to @from).
 */
void trace_event_stacks(struct trace_array *tr, struct trace_buffer *buffer,
			unsigned int trace_ctx, unsigned long from);
/*
 * The kernel stack, from the caller of this function outwards less its
 * @skip innermost frames, as a TRACE_STACK entry of @buffer.
 */
void trace_record_kstack(struct trace_buffer *buffer, unsigned int trace_ctx,
			 int skip);
/*
 * The kernel stack of a function tracer's callback as a TRACE_STACK
 * entry of @buffer: from the frame that called the traced function's
 * call site @ip outwards.
 */
void trace_record_fstack(struct trace_buffer *buffer, unsigned int trace_ctx,
			 unsigned long ip);

/* ============ trace_snapshot.c: the snapshot buffer ==================== */

#ifdef CONFIG_TRACER_MAX_TRACE
/*
 * A write of @val to the snapshot file of @tr (@cpu is RING_BUFFER_ALL_CPUS
 * for the top-level file): 0 frees the snapshot buffer, 1 allocates it if
 * needed and swaps it with the live buffer, anything else clears it.
 * Returns 0 or -errno (-EBUSY when the current tracer owns the buffer or,
 * for 1, while a buffer of @tr is mapped; -EINVAL for 0 on a per-CPU
 * file). Takes trace_types_lock.
 */
int tracing_snapshot_write(struct trace_array *tr, int cpu, unsigned long val);
/* Allocate @tr's snapshot buffer if it has none; trace_types_lock held. */
int tracing_alloc_snapshot_instance(struct trace_array *tr);
/*
 * For snapshot triggers: make sure @tr has its snapshot buffer (takes
 * trace_types_lock; -EBUSY when the current tracer owns it or a buffer
 * of @tr is mapped), and swap it with the live one from any context but
 * NMI.
 */
int tracing_snapshot_arm(struct trace_array *tr);
/* Swap @tr's buffers now (any context but NMI), if it can. */
void tracing_snapshot_instance(struct trace_array *tr);
/*
 * Become (and stop being) a user of @tr's snapshot, one that may swap
 * it: -EBUSY while a buffer of @tr is mapped. Allocates nothing.
 */
int tracing_snapshot_get(struct trace_array *tr);
void tracing_snapshot_put(struct trace_array *tr);
/*
 * Count (and uncount) one user-space mapping of a buffer of @tr: -EBUSY
 * while the snapshot has users. May sleep; safe under mmap_lock.
 */
int tracing_map_get(struct trace_array *tr);
void tracing_map_put(struct trace_array *tr);
/*
 * For the latency tracers, interrupts off: keep the new maximum that
 * @tsk caused on @cpu (the section in @tr's per-CPU data of @cpu ends
 * now). Swaps the live buffer into the snapshot, only @cpu's if
 * @one_cpu, and notes the task, the section and tr->max_latency there
 * for the latency header. Nothing happens while recording is stopped.
 */
void latency_update_max(struct trace_array *tr, struct task_struct *tsk,
			int cpu, bool one_cpu);
#else
static inline int tracing_map_get(struct trace_array *tr) { return 0; }
static inline void tracing_map_put(struct trace_array *tr) { }
#endif

/* ======== trace_events_trigger.c: trace_marker's triggers ============== */

/*
 * The triggers of events/ftrace/print on a marker entry of @tr about to
 * be committed: returns the deferred ones, for
 * trace_marker_post_triggers() after the commit.
 */
enum event_trigger_type trace_marker_triggers(struct trace_array *tr,
					      struct trace_buffer *buffer,
					      void *entry,
					      struct ring_buffer_event *event);
void trace_marker_post_triggers(struct trace_array *tr,
				enum event_trigger_type tt);

/* ========= trace_events.c: the event layer, for the core ================ */

/* From trace_init(): register the kernel's events, apply trace_event=. */
void trace_event_init(void);
/* trace_instance=name,events: enable the listed events of a new array. */
void trace_events_enable_boot_list(struct trace_array *tr, char *list);

/* ==== trace_events_trigger_cmds.c: the built-in triggers, for boot ===== */

#ifdef CONFIG_EVENT_TRACING
/*
 * Registers traceon, traceoff, snapshot, stacktrace, enable_event and
 * disable_event; before trace_event_init() applies trace_trigger=.
 */
void trigger_builtin_commands_register(void);
#else
static inline void trigger_builtin_commands_register(void) { }
#endif

/* ========= trace_syscalls.c: events/syscalls/, for the core's boot ===== */

#ifdef CONFIG_FTRACE_SYSCALLS
/* Number the syscall metadata, before trace_event_init(). */
void trace_syscalls_init(void);
#else
static inline void trace_syscalls_init(void) { }
#endif

/* ========= trace_printk.c: trace_printk() with text arguments ========== */

/* Exported; also mmiotrace_printk()'s way into the buffer (MARK lines). */
int trace_vprintk(unsigned long ip, const char *fmt, va_list args);

/* ============ trace_stat.c: the files of trace_stat/ =================== */

/*
 * A table of trace_stat/: ->count() bounds the number of entries,
 * ->copy() copies at most @max of them (each @entry_size bytes) into
 * @buf and returns how many, all under the source's own locks; ->cmp()
 * orders them (the largest is listed first; NULL: as copied); ->show()
 * prints one, after the lines of ->headers().
 */
struct trace_stat {
	const char	*name;
	size_t		entry_size;
	void		*data;		/* the source's */
	unsigned long	(*count)(const struct trace_stat *st);
	unsigned long	(*copy)(const struct trace_stat *st, void *buf,
				unsigned long max);
	int		(*cmp)(const void *a, const void *b);
	void		(*headers)(struct seq_file *m);
	void		(*show)(struct seq_file *m, const void *entry);
};

int trace_stat_register(struct trace_stat *st);

/* ============ trace_pid.c: sets of pids (the *_pid files) ============== */

/*
 * struct trace_pid_set: a set of pids, published under RCU
 * (rcu_dereference_sched() in the probes that test it): a write makes a
 * new set, the old one is freed by the writer after a grace period.
 */
/* Filtered out: in @no_pids, or @pids exists and lacks it. */
bool trace_pid_ignore_task(const struct trace_pid_set *pids,
			   const struct trace_pid_set *no_pids,
			   struct task_struct *task);
/*
 * @from's pids and those of the @len bytes at @text in a new set *@to
 * (NULL: none); 0 or -errno.
 */
int trace_pid_set_write(const struct trace_pid_set *from, const char *text,
			size_t len, struct trace_pid_set **to);
void trace_pid_set_free(struct trace_pid_set *s);
/* The *-fork options' probes: a child of a member joins, an exit leaves. */
void trace_pid_set_fork(struct trace_pid_set *s, struct task_struct *parent,
			struct task_struct *child);
void trace_pid_set_exit(struct trace_pid_set *s, struct task_struct *task);
/* For the files: the first pid >= @pos, or -1. */
long trace_pid_set_next(const struct trace_pid_set *s, loff_t pos);

/* ====== ftrace_pid.c: the function tracer's pid filter ================= */

#ifdef CONFIG_FUNCTION_TRACER
/*
 * For the callbacks of an array's tracer: does its pid filter leave the
 * current task out? Preemption off.
 */
static __always_inline bool ftrace_pid_skip(struct trace_array *tr)
{
	int v = this_cpu_read(tr->array_buffer.data->ftrace_pid);

	return v && v != current->pid + 1;
}
#endif

/* ====== trace_sched_switch.c: keep the pid maps current ================ */

/* The function tracer's comms come from the sched probes too. */
void tracing_start_cmdline_record(void);
void tracing_stop_cmdline_record(void);

/* ============== helpers shared by every file writer =================== */

static inline bool trace_flag_set(struct trace_array *tr, unsigned int flag)
{
	return tr->trace_flags & flag;
}

#endif /* _KERNEL_TRACE_H */
