/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private interface of the tracing core.
 *
 * A trace array is one complete tracing context: a ring buffer (plus an
 * optional snapshot buffer of the same geometry), a current tracer, a set
 * of option flags, a clock and a directory of control files. The top-level
 * array lives at the root of tracefs; every directory made under
 * instances/ is another one.
 *
 * Each .c file of the core owns one area; the declarations it offers to the
 * others are grouped below under the name of that file.
 *
 * Locking: trace_types_lock (a mutex) serialises every change of a trace
 * array's configuration (tracer, clock, sizes, flags, snapshot, creation
 * and removal) and the list of tracers. The write path takes no lock: it
 * reads tr->array_buffer.buffer and the flags once and relies on the ring
 * buffer's own per-CPU disable counts while a buffer is being replaced.
 */
#ifndef _KERNEL_TRACE_H
#define _KERNEL_TRACE_H

#include <linux/fs.h>
#include <linux/atomic.h>
#include <linux/sched.h>
#include <linux/clocksource.h>
#include <linux/ring_buffer.h>
#include <linux/mmiotrace.h>
#include <linux/tracepoint.h>
#include <linux/ftrace.h>
#include <linux/trace.h>
#include <linux/hw_breakpoint.h>
#include <linux/trace_seq.h>
#include <linux/trace_events.h>
#include <linux/compiler.h>
#include <linux/glob.h>
#include <linux/irq_work.h>
#include <linux/workqueue.h>
#include <linux/ctype.h>
#include <linux/once_lite.h>

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
#define CORE_EVENT(...)
#define CORE_OUTPUT(...)
#define CORE_OUTPUT_BIN(...)
#include "trace_core_entries.h"

/*
 * Option flags (trace_options and options/<name>). The bit numbers are
 * private but the names and their order in trace_options are what users
 * see, so they follow upstream.
 */
#define TRACE_FLAGS_MAX_SIZE		32

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

/* Default options of the top-level array: what `trace` shows out of the box. */
#define TRACE_DEFAULT_FLAGS						\
	(TRACE_ITER_CONTEXT_INFO | TRACE_ITER_IRQ_INFO |		\
	 TRACE_ITER_PRINT_PARENT | TRACE_ITER_ANNOTATE |		\
	 TRACE_ITER_OVERWRITE | TRACE_ITER_RECORD_CMD |			\
	 TRACE_ITER_MARKERS | TRACE_ITER_PRINTK |			\
	 TRACE_ITER_TRACE_PRINTK | TRACE_ITER_HASH_PTR)

/* Options only the top-level array has (instances do not show them). */
#define TOP_LEVEL_TRACE_FLAGS (TRACE_ITER_PRINTK |			\
	       TRACE_ITER_PRINTK_MSGONLY | TRACE_ITER_RECORD_CMD)

/* Options a new instance starts with cleared whatever the top level has. */
#define ZEROED_TRACE_FLAGS \
	(TRACE_ITER_EVENT_FORK | TRACE_ITER_TRACE_PRINTK)

extern const char * const trace_options[];	/* NULL-terminated names */

/* Per-CPU state of one array_buffer. */
struct trace_array_cpu {
	/* Recording: > 0 disables this CPU (cpumask, tracers). */
	atomic_t		disabled;
	bool			ignore_pid;
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

/* An error_log entry's location names (see trace_err_log.c). */
struct tracing_log_err;

#define TRACE_ARRAY_FL_GLOBAL	BIT(0)

struct trace_options;

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
};

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

/* Iterator flags private to the core (beyond trace_events.h's). */
#define TRACE_FILE_PAUSE	8	/* tracing paused while open */

/* =================== trace.c: arrays, tracers, write path ============= */

extern struct mutex trace_types_lock;
extern struct list_head ftrace_trace_arrays;
extern struct trace_array global_trace;
extern unsigned long tracing_thresh;
extern unsigned long trace_buf_size;	/* bytes per CPU, boot option */
extern bool tracing_selftest_running;
extern struct tracer nop_trace;
extern int tracepoint_printk;

/* Every CPU that may ever record (buffers are per possible CPU). */
#define for_each_tracing_cpu(cpu)	for_each_possible_cpu(cpu)

/* The clocks trace_clock offers, indexed by tr->clock_id. */
struct trace_clock_desc {
	u64		(*func)(void);
	const char	*name;
	bool		in_ns;	/* printed as seconds.microseconds */
};

extern const struct trace_clock_desc trace_clocks[];
extern const int trace_clocks_nr;

static inline struct trace_array *top_trace_array(void)
{
	return &global_trace;
}

int register_tracer(struct tracer *type);
struct tracer *trace_types_first(void);	/* list head; under the lock */

int trace_array_get(struct trace_array *tr);	/* -ENODEV if gone */
void trace_array_put(struct trace_array *tr);
int tracing_check_open_get_tr(struct trace_array *tr);

int tracing_set_tracer(struct trace_array *tr, const char *name);
int tracing_set_clock(struct trace_array *tr, const char *name);
int set_tracer_flag(struct trace_array *tr, unsigned int mask, int enabled);
int trace_set_options(struct trace_array *tr, char *option);
int tracing_resize_ring_buffer(struct trace_array *tr,
			       unsigned long size, int cpu_id);
int tracing_update_buffers(struct trace_array *tr);	/* expand on first use */
void tracing_expand_at_boot(void);	/* from a __setup() handler */
int tracing_set_cpumask(struct trace_array *tr, cpumask_var_t new_mask);
int tracing_set_subbuf_order(struct trace_array *tr, int order);

int allocate_trace_buffers(struct trace_array *tr, int size);
void free_trace_buffers(struct trace_array *tr);
struct trace_array *trace_array_create(const char *name);
int __remove_instance(struct trace_array *tr);

void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);
bool tracer_tracing_is_on(struct trace_array *tr);
void tracing_start_tr(struct trace_array *tr);
void tracing_stop_tr(struct trace_array *tr);

void tracing_reset_online_cpus(struct array_buffer *buf);
void tracing_reset_cpu(struct array_buffer *buf, int cpu);
void tracing_reset_all_online_cpus(void);
void tracing_reset_all_online_cpus_unlocked(void);

u64 buffer_ftrace_now(struct array_buffer *buf, int cpu);
u64 ftrace_now(int cpu);

/*
 * Reserve an entry of @type and @len bytes (struct trace_entry included)
 * in @buffer and fill in its common header from @trace_ctx. Returns NULL
 * when the buffer is off or full (overwrite off); the caller fills the
 * body and calls __buffer_unlock_commit().
 */
struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx);
void __buffer_unlock_commit(struct trace_buffer *buffer,
			    struct ring_buffer_event *event);

/* Is the current CPU allowed to record into @tr (cpumask, disabled)? */
bool trace_cpu_recording(struct trace_array *tr, int cpu);

/* Parsed once at boot by trace.c, applied when tracefs comes up. */
extern char *trace_boot_options;
extern int tracing_disabled;	/* set when allocation at boot failed */

/* ================ trace_fs.c: tracefs, control files ================== */

/*
 * Create the whole file set of @tr in @d_tracer (the top-level directory
 * or instances/<name>). Called with trace_types_lock held.
 */
void init_tracer_tracefs(struct trace_array *tr, struct dentry *d_tracer);
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);
/* NULL (the root's parent) once tracefs is usable, else ERR_PTR(). */
struct dentry *tracing_init_dentry(void);
/*
 * Give options/ of @tr the files of every registered tracer @tr may use
 * that has none yet (as upstream: they exist before the tracer is
 * current). Idempotent; does nothing before init_tracer_tracefs(). Call
 * with trace_types_lock held after register_tracer() and on a change
 * of tracer.
 */
void update_tracer_options(struct trace_array *tr);
/*
 * The files of a trace array are made by the subsystems that own them.
 * Each registers one struct trace_array_files from an initcall that runs
 * before fs_initcall (later ones are refused: every array must get the
 * same set). The core calls, with trace_types_lock held and in the order
 * of registration:
 *   ->create(tr, dir)           for the top level once tracefs is up
 *                               (dir NULL: the root) and for each
 *                               instance when it is made;
 *   ->create_cpu(tr, dir, cpu)  for each per_cpu/cpuN/ of it; files made
 *                               with trace_create_cpu_file();
 *   ->remove(tr)                in reverse order, when an instance goes:
 *                               stop writing into @tr and free what
 *                               ->create allocated (its dentries go with
 *                               the directory). The core waits for
 *                               writers with preemption off afterwards.
 *                               Also called for an instance whose files
 *                               were never made.
 * Any callback may be NULL. Files only the top level has are made when
 * tr->flags has TRACE_ARRAY_FL_GLOBAL.
 */
struct trace_array_files {
	void			(*create)(struct trace_array *tr,
					  struct dentry *dir);
	void			(*create_cpu)(struct trace_array *tr,
					      struct dentry *dir, int cpu);
	void			(*remove)(struct trace_array *tr);
	struct list_head	list;
};

int trace_array_files_register(struct trace_array_files *files);
void trace_array_files_remove(struct trace_array *tr);
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

/* ========== trace_options.c: trace_options and options/ =============== */

/* Also here: update_tracer_options() (declared above). */

/* ============ trace_iter.c: trace, trace_pipe, per_cpu readers ======= */

struct trace_entry *trace_find_next_entry(struct trace_iterator *iter,
					  int *ent_cpu, u64 *ent_ts);
void *trace_find_next_entry_inc(struct trace_iterator *iter);
int trace_empty(struct trace_iterator *iter);
void trace_consume(struct trace_iterator *iter);
void tracing_iter_reset(struct trace_iterator *iter, int cpu);
void trace_init_global_iter(struct trace_iterator *iter);
/* Start/stop the ring buffer iterators of @iter (trace_dump uses them). */
void trace_iter_start_readers(struct trace_iterator *iter);
void trace_iter_stop_readers(struct trace_iterator *iter);
/* trace_init_global_iter() for any array (dumps of instances). */
void trace_init_iter(struct trace_iterator *iter, struct trace_array *tr);
/* Frees what a file's open allocated in @iter (not @iter itself). */
void trace_iter_free_content(struct trace_iterator *iter);

/* Forget the state of the last read: every field from iter->seq on. */
static __always_inline void trace_iterator_reset(struct trace_iterator *iter)
{
	memset_startat(iter, 0, seq);
	iter->pos = -1;
}

/* ================ trace_output.c: the text of trace files ============= */

/* One event: header columns (unless printk-msg-only etc.) and payload. */
enum print_line_t print_trace_line(struct trace_iterator *iter);
/* The comment block at the top of `trace` and `snapshot`. */
void trace_default_header(struct seq_file *m);
void print_trace_header(struct seq_file *m, struct trace_iterator *iter);
/* "CPU:N [LOST M EVENTS]" when the iterator saw a gap. */
void trace_print_lost_line(struct trace_iterator *iter);
void trace_latency_header(struct seq_file *m);

int trace_print_context(struct trace_iterator *iter);
int trace_print_lat_context(struct trace_iterator *iter);
int seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		     unsigned long sym_flags);
char trace_find_mark(unsigned long long duration);
/* Fills @tr's trace-event registry: print/bprint/bputs/raw/fn/stack. */
int init_trace_output_events(void);

/*
 * The registry of struct trace_event by entry type. Readers of the
 * buffers hold trace_event_read_lock() while they print; the event layer
 * takes trace_event_sem for write around __unregister_trace_event().
 */
extern struct rw_semaphore trace_event_sem;
void trace_event_read_lock(void);
void trace_event_read_unlock(void);
struct trace_event *ftrace_find_event(int type);
int __unregister_trace_event(struct trace_event *event);
enum print_line_t trace_nop_print(struct trace_iterator *iter, int flags,
				  struct trace_event *event);
void trace_seq_print_sym(struct trace_seq *s, unsigned long address,
			 bool offset);
/* The 5-character irqs-off/resched/irq/preempt/migrate column. */
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry);

#define TRACE_ITER_SYM_MASK \
	(TRACE_ITER_PRINT_PARENT | TRACE_ITER_SYM_OFFSET | TRACE_ITER_SYM_ADDR)

/*
 * iter->fmt is scratch for trace_event_printf() (the %p to %px rewrite
 * when hash-ptr is off). It is NULL, or a fixed buffer of iter->fmt_size
 * bytes set up by the opener (never grown), or it was allocated by
 * trace_output.c (only in task context with irqs on, never during an
 * oops), which then sets TRACE_FILE_FMT_ALLOC: the releaser must kfree()
 * it in that case.
 */
#define TRACE_FILE_FMT_ALLOC	16

/* Fields in binary (bin option) and native-word hex (hex option). */
#define SEQ_PUT_FIELD(s, x)	trace_seq_putmem(s, &(x), sizeof(x))
#define SEQ_PUT_HEX_FIELD(s, x)	trace_seq_putmem_hex(s, &(x), sizeof(x))

/* ========= trace_printk.c: trace_printk, trace_puts, formats ========== */

/* Called by trace_iter when printing a bprint entry's format address. */
const char *trace_printk_fmt_lookup(const char *fmt);	/* NULL if unknown */
int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
			const char *fmt, va_list args);
int trace_vbprintk(unsigned long ip, const char *fmt, va_list args);
int trace_vprintk(unsigned long ip, const char *fmt, va_list args);
/* Set once any trace_printk() user exists: allocates the per-CPU buffers. */
void trace_printk_start_comm(void);
void trace_printk_control(bool enabled);	/* option trace_printk */
/*
 * Move the trace_printk_dest option (TRACE_ITER_TRACE_PRINTK) to @tr
 * (@set) or back to the top level (!@set; -EINVAL for the top level
 * itself, which holds it unless an instance does). Updates the flag
 * bits of both arrays. Under trace_types_lock: set_tracer_flag() calls
 * it for that option, and instance removal calls (tr, false) before an
 * RCU grace period and the free (writers use the array with
 * preemption off).
 */
int trace_printk_dest_set(struct trace_array *tr, bool set);
/* Sections of built-in trace_printk() formats and tracepoint_string()s. */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];

/* ============ trace_marker.c: trace_marker, trace_marker_raw =========== */

/* ===== trace_cmdlines.c: pid -> comm / tgid maps for the output ======= */

void tracing_record_cmdline(struct task_struct *task);
void tracing_record_tgid(struct task_struct *task);
/* Called on every commit with the array's flags: records current's info. */
void tracing_record_taskinfo_current(unsigned int trace_flags);
void trace_find_cmdline(int pid, char comm[]);
int trace_find_tgid(int pid);
int trace_alloc_tgid_map(void);
int trace_cmdlines_init(void);	/* early, before any recording */

/* ================ trace_err_log.c: error_log ========================= */

/*
 * Record an error for @tr's error_log: @loc is the file or command,
 * @cmd the text that was written, @errs the message table, @type the
 * index of the message and @pos the character of @cmd the caret points
 * at. Keeps the most recent TRACING_LOG_ERRS_MAX per array.
 */
#define TRACING_LOG_ERRS_MAX	8
#define TRACING_LOG_LOC_MAX	128
#define CMD_PREFIX "  Command: "
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char **errs, u8 type, u16 pos);
unsigned int err_pos(char *cmd, const char *str);

/* ============== trace_dump.c: ftrace_dump to the console ============== */

/* Parsed "ftrace_dump_on_oops[=orig_cpu|=<instance>...]" (boot, sysctl). */
extern char ftrace_dump_on_oops[];
extern int __disable_trace_on_warning;
int ftrace_dump_on_oops_enabled(void);

/* ============ trace_snapshot.c: the snapshot buffer ==================== */

#ifdef CONFIG_TRACER_MAX_TRACE
int tracing_alloc_snapshot_instance(struct trace_array *tr);
int tracing_alloc_snapshot(void);
void free_snapshot(struct trace_array *tr);
void tracing_snapshot_instance(struct trace_array *tr);
/* Swap the live and max buffers (latency tracers); called with irqs off. */
void update_max_tr(struct trace_array *tr, struct task_struct *tsk, int cpu,
		   void *cond_data);
void update_max_tr_single(struct trace_array *tr,
			  struct task_struct *tsk, int cpu);
extern bool snapshot_at_boot;	/* alloc_snapshot */
/*
 * A write of @val to the snapshot file of @tr (@cpu is RING_BUFFER_ALL_CPUS
 * for the top-level file): 0 frees the snapshot buffer, 1 allocates it if
 * needed and swaps it with the live buffer, anything else clears it.
 * Returns 0 or -errno (-EBUSY when the current tracer owns the buffer,
 * -EINVAL for 0 on a per-CPU file). Takes trace_types_lock.
 */
int tracing_snapshot_write(struct trace_array *tr, int cpu, unsigned long val);
#endif

/* ================= trace_instances.c: instances/ ====================== */

int trace_instances_init(struct dentry *d_tracer);
/* trace_instance=name[^flags][@...][,event...] boot list. */
void trace_boot_instances_create(void);

/* ============== trace_nop.c, trace_selftest.c ======================== */

#ifdef CONFIG_FTRACE_STARTUP_TEST
int trace_selftest_startup_nop(struct tracer *trace, struct trace_array *tr);
int run_tracer_selftest(struct tracer *type);
#endif

/* ============ trace_events_core.c: the events/ directory ============== */

/*
 * The part of events/ every trace array has before any event exists:
 * enable, header_page, header_event and the ftrace/ subsystem's formats.
 * The event layer makes it first when it makes its own files.
 */
int trace_events_core_create(struct trace_array *tr, struct dentry *parent);
/* Remove events/ of @tr (eventfs needs it before its parent goes). */
void trace_events_core_remove(struct trace_array *tr);

/* ================ the event layer (trace_events*.c) ==================== */

/*
 * Every TRACE_EVENT of the kernel and of loaded modules is a struct
 * trace_event_call (linux/trace_events.h) on ftrace_events. Each trace
 * array has one struct trace_event_file per call (on tr->events), which
 * is what the tracepoint probe gets as its data, and one
 * trace_subsystem_dir per subsystem name (on tr->systems). event_mutex
 * protects all of these lists, the enable state and the files' flags.
 */
extern struct mutex event_mutex;
extern struct list_head ftrace_events;
/* The kernel's own calls, placed by the linker (_ftrace_events). */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];

/* A subsystem name, shared by the arrays (on event_subsystems). */
struct event_subsystem {
	const char		*name;
	unsigned int		ref_count;	/* arrays holding a directory of it */
	struct list_head	list;
};

/* A subsystem's directory in one array. */
struct trace_subsystem_dir {
	struct list_head	list;		/* on tr->systems */
	struct event_subsystem	*subsystem;
	struct trace_array	*tr;
	struct eventfs_inode	*ei;
	int			ref_count;	/* open files + 1 while it exists */
	int			nr_events;
	char			*filter_text;	/* events/<sys>/filter, or NULL */
};

/* trace_events.c: registration, enabling, recording, the files. */

/*
 * An event file of @tr by subsystem and event name; NULL if none. Call
 * with event_mutex held.
 */
struct trace_event_file *find_event_file(struct trace_array *tr,
					 const char *system, const char *event);
/*
 * Switch the event of @file on or off for its array. Call with
 * event_mutex held.
 */
int ftrace_event_enable_disable(struct trace_event_file *file, int enable);
/*
 * The event file an event's control file was opened on, or NULL when the
 * event (its module) is gone. Call with event_mutex held.
 */
struct trace_event_file *event_file_data(struct file *filp);
/*
 * Open and release of events/<sys>/<event>/{enable,filter}: hold the
 * event file (and its array) while open. The file may still be removed
 * meanwhile: use event_file_data().
 */
int event_file_open(struct inode *inode, struct file *filp);
int event_file_release(struct inode *inode, struct file *filp);
/*
 * Open events/<sys>/{enable,filter}: the subsystem directory of the
 * inode with a reference (and one on its array), or ERR_PTR(). Its
 * tr and subsystem stay valid until trace_system_dir_put().
 */
struct trace_subsystem_dir *trace_system_dir_get(struct inode *inode);
void trace_system_dir_put(struct trace_subsystem_dir *dir);
/* Switch off every event of @tr (on instance removal and tracer reset). */
void trace_events_clear_all(struct trace_array *tr);
/* trace_instance=name,events: enable the listed events of a new array. */
void trace_events_enable_boot_list(struct trace_array *tr, char *list);
/* From trace_init(): register the kernel's events, apply trace_event=. */
void trace_event_init(void);
/* The event-fork option of @tr changed (set_tracer_flag()). */
void trace_event_follow_fork(struct trace_array *tr, bool enable);
/* events/enable: all events of the array (file data: the array). */
ssize_t trace_events_enable_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos);
ssize_t trace_events_enable_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos);

/*
 * trace_events_format.c: fields and format files. struct
 * ftrace_event_field and trace_find_event_field() are in
 * trace_events_filter.h, which the filter language shares with its
 * userspace tests; the event layer's files include it.
 */

/* The common_* fields every event starts with (shared by all calls). */
extern struct list_head ftrace_common_fields;
int trace_event_common_fields_init(void);
/* Build the field list of @call's class once (idempotent per class). */
int trace_event_define_fields(struct trace_event_call *call);
/* Free what trace_event_define_fields() built (module unload). */
void trace_event_free_fields(struct trace_event_call *call);
/*
 * events/<sys>/<event>/format. The eventfs data of the event's
 * directory (inode->i_private) is its struct trace_event_file.
 */
extern const struct file_operations ftrace_event_format_fops;
/*
 * Rewrite enum and sizeof names (TRACE_DEFINE_ENUM/_SIZEOF) in the print
 * formats of the calls to their values, as upstream does, so that tools
 * can evaluate them: at boot for the kernel's maps and on module load
 * for the module's.
 */
void trace_event_eval_update(struct trace_eval_map **map, int len);
void trace_event_eval_init(void);
/* The built-in maps (section _ftrace_eval_map, __initdata). */
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];

/*
 * trace_events_filter_files.c: filters on events (the language itself is
 * in trace_events_filter.[ch]). The filter of @file goes with it, once
 * nothing can run it any more; takes no lock.
 */
void trace_event_filter_free(struct trace_event_file *file);
extern const struct file_operations ftrace_event_filter_fops;
extern const struct file_operations ftrace_subsystem_filter_fops;

/*
 * trace_events_filter_stage.c: an event of a filtered file is written to
 * a page of its CPU first and copied into the ring buffer only if the
 * filter keeps it (see there). The page of a CPU, once it exists:
 */
struct trace_event_stage {
	unsigned int			busy;	/* users on this CPU; 1 owns */
	unsigned int			len;	/* of the staged entry */
	struct ring_buffer_event	mark;	/* fbuffer->event when staged */
	u64				data[];	/* the entry */
};

DECLARE_PER_CPU(struct trace_event_stage *, trace_event_stage);

/* Make the pages (event_mutex held); without them events are not staged. */
void trace_event_stage_prepare(void);
/*
 * Stage an entry of @len bytes for @fbuffer (trace_ctx, buffer set):
 * the entry with its header filled in, or NULL when the page is taken
 * or too small, and the event must go to the ring buffer directly.
 */
void *trace_event_stage_reserve(struct trace_event_buffer *fbuffer, int type,
				unsigned long len);
/* Copy the staged entry into fbuffer->buffer; false if it has no room. */
bool trace_event_stage_commit(struct trace_event_buffer *fbuffer);
/* Let the staged entry go (the filter dropped it). */
void trace_event_stage_drop(struct trace_event_buffer *fbuffer);

/* Whether @fbuffer's entry is staged; preemption disabled. */
static inline bool trace_event_staged(const struct trace_event_buffer *fbuffer)
{
	struct trace_event_stage *st = this_cpu_read(trace_event_stage);

	return st && fbuffer->event == &st->mark;
}

/* trace_sched_switch.c: keep the pid maps current from sched events. */
void tracing_start_cmdline_record(void);
void tracing_stop_cmdline_record(void);
void tracing_start_tgid_record(void);
void tracing_stop_tgid_record(void);

/* ========= trace_callstack.c: kernel and user stacks as entries ======= */

/*
 * The kernel stack, from the caller of this function outwards less its
 * @skip innermost frames, as a TRACE_STACK entry of @buffer.
 */
void trace_record_kstack(struct trace_buffer *buffer, unsigned int trace_ctx,
			 int skip);
/* The current task's user stack as a TRACE_USER_STACK entry. */
void trace_record_ustack(struct trace_buffer *buffer, unsigned int trace_ctx);
/*
 * After an event of @tr: the stacks its stacktrace and userstacktrace
 * options ask for (the kernel one from the caller less @skip frames).
 */
void trace_event_stacks(struct trace_array *tr, struct trace_buffer *buffer,
			unsigned int trace_ctx, int skip);

/* ============== helpers shared by every file writer =================== */

static inline bool trace_flag_set(struct trace_array *tr, unsigned int flag)
{
	return tr->trace_flags & flag;
}

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
 * the slot outside the claim.
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

#endif /* _KERNEL_TRACE_H */
