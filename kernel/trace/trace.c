// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing core: the trace arrays' buffers and their state, the
 * option flags, the consumers' locks and the write-side helpers every
 * producer uses. It names nothing above it: boot is trace_boot.c, the
 * life of an array trace_instances.c, and what each subsystem keeps per
 * array comes through the clients (trace_clients.c).
 *
 * The control files live in trace_fs.c, the readers in trace_iter.c, the
 * text in trace_output.c; this file holds the state they act on.
 */
#include <linux/ring_buffer.h>
#include <linux/trace_clock.h>
#include <linux/slab.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/sysctl.h>
#include <linux/module.h>
#include <linux/init.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_core.h"

/* One mutex for every configuration change (see trace.h). */
DEFINE_MUTEX(trace_types_lock);
LIST_HEAD(ftrace_trace_arrays);

/*
 * Per-CPU buffer size in bytes for every new array, and the size the top
 * level expands to on first use. 1408 KiB per CPU is what upstream
 * defaults to; trace_buf_size= changes it at boot. What buffer_size_kb
 * reads is this rounded up to whole sub-buffers by the ring buffer.
 */
#define TRACE_BUF_SIZE_DEFAULT	(1408UL << 10)
/* The smallest trace_buf_size= takes: one page's worth. */
#define TRACE_BUF_SIZE_MIN	4096UL
unsigned long trace_buf_size = TRACE_BUF_SIZE_DEFAULT;

unsigned long tracing_thresh;
int tracing_disabled = 1;	/* until early_trace_init() succeeds */
bool tracing_selftest_running;
int tracepoint_printk;

/* Default options of the top-level array: what `trace` shows out of the box. */
#define TRACE_DEFAULT_FLAGS						\
	(TRACE_ITER_CONTEXT_INFO | TRACE_ITER_IRQ_INFO |		\
	 TRACE_ITER_PRINT_PARENT | TRACE_ITER_ANNOTATE |		\
	 TRACE_ITER_OVERWRITE | TRACE_ITER_RECORD_CMD |			\
	 TRACE_ITER_MARKERS | TRACE_ITER_PRINTK |			\
	 TRACE_ITER_TRACE_PRINTK | TRACE_ITER_HASH_PTR |		\
	 FUNCTION_DEFAULT_FLAGS)

struct trace_array global_trace = {
	.trace_flags = TRACE_DEFAULT_FLAGS,
	.flags = TRACE_ARRAY_FL_GLOBAL,
};

#undef C
#define C(bit, name) name
const char * const trace_options[] = {
	TRACE_FLAGS
	NULL
};

#undef C

const struct trace_clock_desc trace_clocks[] = {
	{ trace_clock_local,		"local",	true },
	{ trace_clock_global,		"global",	true },
	{ trace_clock_counter,		"counter",	false },
	{ trace_clock_jiffies,		"uptime",	false },
	{ trace_clock,			"perf",		true },
	{ ktime_get_mono_fast_ns,	"mono",		true },
	{ ktime_get_raw_fast_ns,	"mono_raw",	true },
	{ ktime_get_boot_fast_ns,	"boot",		true },
	{ ktime_get_tai_fast_ns,	"tai",		true },
#ifdef CONFIG_X86_TSC
	{ trace_clock_x86_tsc,		"x86-tsc",	false },
#endif
};

const int trace_clocks_nr = ARRAY_SIZE(trace_clocks);

/* ------------------------------------------------------------------ */
/* Boot options of the buffers. Each only records its argument.        */

static int __init set_buf_size(char *str)
{
	unsigned long size;

	if (!str)
		return 0;
	size = memparse(str, &str);
	/* Less than a page (zero included) is raised to a page, as upstream. */
	trace_buf_size = max(TRACE_BUF_SIZE_MIN, size);
	return 1;
}
__setup("trace_buf_size=", set_buf_size);

static int __init set_tracing_thresh(char *str)
{
	unsigned long usecs;

	if (kstrtoul(str, 0, &usecs))
		return 0;
	tracing_thresh = usecs * NSEC_PER_USEC;
	return 1;
}
__setup("tracing_thresh=", set_tracing_thresh);

/* ------------------------------------------------------------------ */
/* The write path.                                                     */

unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status)
{
	unsigned int flags = irqs_status;
	unsigned int pc = preempt_count();
	unsigned int migrate = 0;

	if (pc & NMI_MASK)
		flags |= TRACE_FLAG_NMI;
	if (pc & HARDIRQ_MASK)
		flags |= TRACE_FLAG_HARDIRQ;
	if (in_serving_softirq())
		flags |= TRACE_FLAG_SOFTIRQ;
	/* softirq_count() counts BH-disable in steps of two */
	if (softirq_count() >> (SOFTIRQ_SHIFT + 1))
		flags |= TRACE_FLAG_BH_OFF;
	if (tif_need_resched())
		flags |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		flags |= TRACE_FLAG_PREEMPT_RESCHED;
#ifdef CONFIG_SMP
	migrate = current->migration_disabled;
#endif
	/* Both depths saturate at 15: they print as one hex digit. */
	return flags << 16 | min(pc & 0xff, 0xfU) | min(migrate, 0xfU) << 4;
}
EXPORT_SYMBOL_GPL(tracing_gen_ctx_irq_test);

/* "Now" on @buf's clock, in the units its entries carry. */
static u64 buffer_ftrace_now(struct array_buffer *buf, int cpu)
{
	struct trace_buffer *rb = buf->buffer;
	u64 now;

	if (unlikely(!rb))
		return trace_clock_local();
	now = ring_buffer_time_stamp(rb);
	ring_buffer_normalize_time_stamp(rb, cpu, &now);
	return now;
}

/* ------------------------------------------------------------------ */
/* Recording on and off.                                               */

/*
 * With a buffer, the ring buffer's own record state is what counts: the
 * writers test it, atomically, on every reserve. buffer_disabled mirrors
 * it: it stands in while there is no buffer (before the boot allocation,
 * or after it failed), and the latency tracers' hooks read it as the one
 * cheap load. Nobody reads the two together, so no barrier orders them:
 * the flag is one int, stored and loaded once.
 */
void tracer_tracing_on(struct trace_array *tr)
{
	if (tr->array_buffer.buffer)
		ring_buffer_record_on(tr->array_buffer.buffer);
	WRITE_ONCE(tr->buffer_disabled, 0);
}

void tracer_tracing_off(struct trace_array *tr)
{
	if (tr->array_buffer.buffer)
		ring_buffer_record_off(tr->array_buffer.buffer);
	WRITE_ONCE(tr->buffer_disabled, 1);
}

bool tracer_tracing_is_on(struct trace_array *tr)
{
	if (tr->array_buffer.buffer)
		return ring_buffer_record_is_set_on(tr->array_buffer.buffer);
	return !READ_ONCE(tr->buffer_disabled);
}

void tracing_on(void)
{
	tracer_tracing_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_on);

void tracing_off(void)
{
	tracer_tracing_off(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_off);

int tracing_is_on(void)
{
	return tracer_tracing_is_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

/*
 * tracing_stop_tr()/tracing_start_tr() nest: readers that pause the
 * trace (pause-on-trace) and the latency tracers stop recording without
 * touching the user's tracing_on setting.
 */
static void set_buffers_recording(struct trace_array *tr, bool enable)
{
	struct trace_buffer *bufs[] = {
		tr->array_buffer.buffer,
#ifdef CONFIG_TRACER_MAX_TRACE
		tr->max_buffer.buffer,
#endif
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(bufs); i++) {
		if (!bufs[i])
			continue;
		if (enable)
			ring_buffer_record_enable(bufs[i]);
		else
			ring_buffer_record_disable(bufs[i]);
	}
}

void tracing_start_tr(struct trace_array *tr)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tr->start_lock, flags);
	if (WARN_ON_ONCE(tr->stop_count <= 0))
		tr->stop_count = 1;
	if (--tr->stop_count == 0) {
		/* The max lock keeps a buffer swap from racing the switch. */
		arch_spin_lock(&tr->max_lock);
		set_buffers_recording(tr, true);
		arch_spin_unlock(&tr->max_lock);
	}
	raw_spin_unlock_irqrestore(&tr->start_lock, flags);
}

void tracing_stop_tr(struct trace_array *tr)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tr->start_lock, flags);
	if (tr->stop_count++ == 0) {
		arch_spin_lock(&tr->max_lock);
		set_buffers_recording(tr, false);
		arch_spin_unlock(&tr->max_lock);
	}
	raw_spin_unlock_irqrestore(&tr->start_lock, flags);
}

void tracing_start(void)
{
	tracing_start_tr(&global_trace);
}

void tracing_stop(void)
{
	tracing_stop_tr(&global_trace);
}

/* ------------------------------------------------------------------ */
/* Buffers.                                                            */

static void set_buffer_entries(struct array_buffer *buf)
{
	unsigned long size = ring_buffer_size(buf->buffer, raw_smp_processor_id());
	int cpu;

	/*
	 * A CPU not yet up has no buffer; it gets one of the same size
	 * when it comes up, so that is the size to show for it.
	 */
	for_each_possible_cpu(cpu)
		per_cpu_ptr(buf->data, cpu)->entries =
			ring_buffer_size(buf->buffer, cpu) ?: size;
}

static int alloc_array_buffer(struct trace_array *tr, struct array_buffer *buf,
			      unsigned long size)
{
	bool overwrite = trace_flag_set(tr, TRACE_ITER_OVERWRITE);
	struct trace_array_cpu __percpu *data;
	struct trace_buffer *rb;

	data = alloc_percpu(struct trace_array_cpu);
	if (!data)
		return -ENOMEM;
	rb = ring_buffer_alloc(size, overwrite ? RB_FL_OVERWRITE : 0);
	if (!rb) {
		free_percpu(data);
		return -ENOMEM;
	}
	ring_buffer_set_clock(rb, trace_clocks[tr->clock_id].func);
	*buf = (struct array_buffer) { .tr = tr, .buffer = rb, .data = data };
	set_buffer_entries(buf);
	return 0;
}

static void free_array_buffer(struct array_buffer *buf)
{
	if (buf->buffer)
		ring_buffer_free(buf->buffer);
	buf->buffer = NULL;
	free_percpu(buf->data);
	buf->data = NULL;
}

int allocate_trace_buffers(struct trace_array *tr, int size)
{
	int ret;

	ret = alloc_array_buffer(tr, &tr->array_buffer, size);
	if (ret)
		return ret;
#ifdef CONFIG_TRACER_MAX_TRACE
	/*
	 * The snapshot buffer starts as small as the ring buffer allows and
	 * is grown to the live size when a snapshot is first taken, unless
	 * alloc_snapshot asked for it at boot.
	 */
	ret = alloc_array_buffer(tr, &tr->max_buffer,
				 tr->allocated_snapshot ? size : 1);
	if (ret) {
		free_array_buffer(&tr->array_buffer);
		return ret;
	}
#endif
	return 0;
}

void free_trace_buffers(struct trace_array *tr)
{
	free_array_buffer(&tr->array_buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	free_array_buffer(&tr->max_buffer);
	tr->allocated_snapshot = false;
#endif
}

void tracing_reset_cpu(struct array_buffer *buf, int cpu)
{
	if (!buf->buffer)
		return;
	/* The ring buffer waits for writers in flight itself. */
	ring_buffer_reset_cpu(buf->buffer, cpu);
}

/*
 * Empty the whole buffer, the per-CPU buffers of offline CPUs included,
 * despite the name (kept for its callers). What a CPU recorded before it
 * went down is as old as the rest: left there, trace_pipe and the raw
 * readers would hand it out after a clear ("echo > trace", "echo 2 >
 * snapshot"), and a snapshot swap would bring it back live; only the
 * `trace` iterator, which skips entries older than time_start, hid it.
 * Resetting an offline CPU is safe: no writer runs there, and the ring
 * buffer holds the hotplug lock while it resets.
 */
void tracing_reset_online_cpus(struct array_buffer *buf)
{
	if (!buf->buffer)
		return;
	buf->time_start = buffer_ftrace_now(buf, raw_smp_processor_id());
	ring_buffer_reset(buf->buffer);
}

static void reset_both_buffers(struct trace_array *tr)
{
	tracing_reset_online_cpus(&tr->array_buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	tracing_reset_online_cpus(&tr->max_buffer);
#endif
}

void tracing_reset_all_online_cpus_unlocked(void)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	/* Only arrays marked by a module unload that left stale entries. */
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		if (tr->clear_trace)
			reset_both_buffers(tr);
		tr->clear_trace = false;
	}
}

static int resize_array_buffer(struct array_buffer *buf, unsigned long size,
			       int cpu)
{
	int ret;

	ret = ring_buffer_resize(buf->buffer, size, cpu);
	if (ret < 0)
		return ret;
	if (cpu == RING_BUFFER_ALL_CPUS)
		set_buffer_entries(buf);
	else
		per_cpu_ptr(buf->data, cpu)->entries =
			ring_buffer_size(buf->buffer, cpu);
	return 0;
}

#ifdef CONFIG_TRACER_MAX_TRACE
/*
 * Give @tr's live buffer the sizes of its snapshot buffer again (on @cpu,
 * or on all CPUs): the two are kept alike, so these are the live
 * buffer's sizes from before a resize that only the live buffer took.
 * All CPUs at once first, which is also the size of a CPU still to come
 * up, then any CPU that had a size of its own.
 */
static int restore_live_sizes(struct trace_array *tr, int cpu)
{
	struct trace_buffer *max = tr->max_buffer.buffer;
	unsigned long old;
	int c, ret = 0;

	if (cpu == RING_BUFFER_ALL_CPUS)
		ret = resize_array_buffer(&tr->array_buffer,
					  ring_buffer_size(max, cpumask_first(cpu_online_mask)),
					  cpu);
	for_each_tracing_cpu(c) {
		if (ret)
			break;
		if (cpu != RING_BUFFER_ALL_CPUS && c != cpu)
			continue;
		old = ring_buffer_size(max, c);
		/* 0: no buffer on that CPU (never up) */
		if (old && old != ring_buffer_size(tr->array_buffer.buffer, c))
			ret = resize_array_buffer(&tr->array_buffer, old, c);
	}
	return ret;
}

/*
 * Give the snapshot buffer's memory back: shrink it to the least the
 * ring buffer allows. Caller holds trace_types_lock.
 */
void free_snapshot(struct trace_array *tr)
{
	unsigned long flags;

	lockdep_assert_held(&trace_types_lock);
	/*
	 * No swap first, then the shrink. A snapshot trigger or a latency
	 * tracer swaps without trace_types_lock; one that swapped while
	 * this resized would make the buffer being shrunk the live one,
	 * and the reset below would then wipe the live data. Swaps test
	 * allocated_snapshot again under max_lock: once this has held the
	 * lock after clearing it, a swap that saw it set is over and no
	 * later one starts, so max_buffer.buffer stays what it is.
	 */
	WRITE_ONCE(tr->allocated_snapshot, false);
	local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	arch_spin_unlock(&tr->max_lock);
	local_irq_restore(flags);
	/*
	 * Shrink rather than free: the buffer must exist for swaps and
	 * for the record enable counts kept in step with the live one.
	 */
	ring_buffer_resize(tr->max_buffer.buffer, 1, RING_BUFFER_ALL_CPUS);
	tracing_reset_online_cpus(&tr->max_buffer);
}

/*
 * Resize both buffers of @tr, or neither. ring_buffer_resize() changes
 * nothing when it fails, so a failure of the live buffer leaves both as
 * they were. When the snapshot buffer fails after the live one changed,
 * the live one goes back: the snapshot (a latency tracer's kept maximum,
 * or the user's) and the swaps stay usable. Only if that fails too is
 * the snapshot given up, as two buffers of different geometry must never
 * be swapped. Called with recording stopped (tracing_stop_tr()).
 */
static int resize_max_and_live(struct trace_array *tr, unsigned long size,
			       int cpu)
{
	int ret;

	ret = resize_array_buffer(&tr->array_buffer, size, cpu);
	if (ret)
		return ret;
	ret = resize_array_buffer(&tr->max_buffer, size, cpu);
	if (ret && restore_live_sizes(tr, cpu)) {
		pr_warn("tracing: buffer size not restored after a failed resize; snapshot freed\n");
		free_snapshot(tr);
	}
	return ret;
}
#endif

/*
 * Resize @tr's live buffer (and its snapshot buffer when that is in use,
 * as the two must keep the same geometry to be swapped). Caller holds
 * trace_types_lock.
 */
int tracing_resize_ring_buffer(struct trace_array *tr, unsigned long size,
			       int cpu)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (!tr->array_buffer.buffer)
		return -ENODEV;
	if (cpu != RING_BUFFER_ALL_CPUS && !cpumask_test_cpu(cpu, cpu_possible_mask))
		return -EINVAL;
	/*
	 * A size asked for replaces the one the buffer would have expanded
	 * to, even when it cannot be had: the reference drops the
	 * "(expanded: N)" of buffer_size_kb after a failed resize too.
	 */
	tr->ring_buffer_expanded = true;

#ifdef CONFIG_TRACER_MAX_TRACE
	if (tr->allocated_snapshot) {
		/*
		 * Between the two resizes the buffers differ in size: a
		 * latency tracer must not swap them then. It swaps only
		 * while recording is not stopped, and tests that under
		 * max_lock, which tracing_stop_tr() takes too.
		 */
		tracing_stop_tr(tr);
		ret = resize_max_and_live(tr, size, cpu);
		tracing_start_tr(tr);
		return ret;
	}
#endif
	return resize_array_buffer(&tr->array_buffer, size, cpu);
}

/*
 * Lazy expansion. The top level starts with the least buffer the ring
 * buffer allows (two sub-buffers per CPU), so a kernel with tracing
 * built in and never used pays next to nothing for it. Whatever starts
 * tracing - a tracer, an event, a pid filter, a snapshot, trace_printk()
 * in the kernel or a module - calls this first, and the buffer grows to
 * trace_buf_size. Instances are made at full size and never need it.
 *
 * Entries already recorded stay: growing only adds empty sub-buffers
 * after the tail. The ring buffer quiesces the writers of each CPU buffer
 * while it relinks the pages (ring_buffer_resize(): record_disabled, then
 * a grace period, then the edit under the reader lock), so a writer racing
 * the expansion either lands before it, in the small buffer, or is
 * refused for the instant of the relink; it never writes into a ring
 * being edited. The operation that triggers the expansion records its own
 * entries only after this returns.
 */
int tracing_update_buffers(struct trace_array *tr)
{
	int ret = 0;

	mutex_lock(&trace_types_lock);
	if (!tr->ring_buffer_expanded) {
		/* Before the top level is allocated: allocate it full size. */
		if (!tr->array_buffer.buffer)
			tr->ring_buffer_expanded = true;
		else
			ret = tracing_resize_ring_buffer(tr, trace_buf_size,
							 RING_BUFFER_ALL_CPUS);
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}

/*
 * Boot options that start tracing before user space (trace_event=,
 * alloc_snapshot) call this from their __setup() handler, which runs
 * before early_trace_init(): the top level is then allocated at full size.
 */
void __init tracing_expand_at_boot(void)
{
	global_trace.ring_buffer_expanded = true;
}

/*
 * The consumers' locks. A text reader peeks an entry, prints it where
 * it lies in the reader page and only then consumes it. Any other
 * consumer of that CPU buffer (a raw read or splice, a mapped reader's
 * GET_READER) taking the page in between would make it consume the
 * wrong entry, or print one from a page the writer is already writing
 * over. So every consumer takes these locks around what it takes from
 * the buffer: readers of one CPU take its mutex under the read side of
 * consume_all; readers of all CPUs take the write side. The text reader
 * then needs no copy of its entry. A change of the sub-buffer size,
 * which frees the pages such an entry lies in, takes the write side too.
 */
static DECLARE_RWSEM(consume_all);
static DEFINE_PER_CPU(struct mutex, consume_cpu);

static int __init consume_locks_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		mutex_init(per_cpu_ptr(&consume_cpu, cpu));
	return 0;
}
core_initcall(consume_locks_init);

void trace_consume_lock(int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS) {
		down_write(&consume_all);
		return;
	}
	down_read(&consume_all);
	mutex_lock(per_cpu_ptr(&consume_cpu, cpu));
}

void trace_consume_unlock(int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS) {
		up_write(&consume_all);
		return;
	}
	mutex_unlock(per_cpu_ptr(&consume_cpu, cpu));
	up_read(&consume_all);
}

int tracing_set_subbuf_order(struct trace_array *tr, int order)
{
	int old, ret;

	lockdep_assert_held(&trace_types_lock);
	old = ring_buffer_subbuf_order_get(tr->array_buffer.buffer);
	if (old == order)
		return 0;
	/* the old pages are freed: no text reader may hold an entry */
	trace_consume_lock(RING_BUFFER_ALL_CPUS);
	/*
	 * Between the two buffers' changes their orders differ: a latency
	 * tracer or a snapshot trigger must not swap them then (the swap
	 * would fail, or leave the live buffer with the old order for
	 * good). Swaps test stop_count under max_lock, as for a resize.
	 */
	tracing_stop_tr(tr);
	ret = ring_buffer_subbuf_order_set(tr->array_buffer.buffer, order);
	if (ret)
		goto out;
#ifdef CONFIG_TRACER_MAX_TRACE
	if (tr->allocated_snapshot || tr->max_buffer.buffer) {
		ret = ring_buffer_subbuf_order_set(tr->max_buffer.buffer, order);
		if (ret) {
			/* Put the live buffer back so both still match. */
			WARN_ON_ONCE(ring_buffer_subbuf_order_set(tr->array_buffer.buffer,
								  old));
		}
	}
#endif
out:
	tracing_start_tr(tr);
	trace_consume_unlock(RING_BUFFER_ALL_CPUS);
	return ret;
}

/* Let @cpu record into @tr's buffers again, or stop it. */
static void cpu_recording(struct trace_array *tr, int cpu, bool on)
{
	atomic_t *off = &per_cpu_ptr(tr->array_buffer.data, cpu)->disabled;
	void (*fn)(struct trace_buffer *b, int cpu) =
		on ? ring_buffer_record_enable_cpu : ring_buffer_record_disable_cpu;

	if (on)
		atomic_dec(off);
	else
		atomic_inc(off);
	fn(tr->array_buffer.buffer, cpu);
#ifdef CONFIG_TRACER_MAX_TRACE
	/* Both buffers keep the same counts so a swap changes nothing. */
	fn(tr->max_buffer.buffer, cpu);
#endif
}

/*
 * CPUs leaving tracing_cpumask stop recording through the ring buffer's
 * per-CPU disable count, so writers need no check of their own. The
 * max lock keeps a snapshot swap from running between the two buffers'
 * updates.
 */
int tracing_set_cpumask(struct trace_array *tr, cpumask_var_t new_mask)
{
	unsigned long flags;
	int cpu;

	lockdep_assert_held(&trace_types_lock);
	local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	for_each_tracing_cpu(cpu) {
		bool on = cpumask_test_cpu(cpu, new_mask);

		if (on != cpumask_test_cpu(cpu, tr->tracing_cpumask))
			cpu_recording(tr, cpu, on);
	}
	cpumask_copy(tr->tracing_cpumask, new_mask);
	arch_spin_unlock(&tr->max_lock);
	local_irq_restore(flags);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Trace arrays.                                                       */

static int trace_array_get(struct trace_array *this_tr)
{
	struct trace_array *tr;
	int ret = -ENODEV;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		if (tr == this_tr) {
			tr->ref++;
			ret = 0;
			break;
		}
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}

void trace_array_put(struct trace_array *this_tr)
{
	if (!this_tr)
		return;
	mutex_lock(&trace_types_lock);
	if (!WARN_ON_ONCE(this_tr->ref <= 0))
		this_tr->ref--;
	mutex_unlock(&trace_types_lock);
}
EXPORT_SYMBOL_GPL(trace_array_put);

/* Every open of a tracing file starts here: lockdown, state, reference. */
int tracing_check_open_get_tr(struct trace_array *tr)
{
	int err = security_locked_down(LOCKDOWN_TRACEFS);

	if (!err && tracing_disabled)
		err = -ENODEV;
	if (!err && tr)
		err = trace_array_get(tr) ? -ENODEV : 0;
	return err;
}

int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	/*
	 * kernel.tracepoint_printk: non-zero sends every recorded event to
	 * the console as well (the event layer tests it on each commit).
	 */
	return proc_dointvec(table, write, buffer, lenp, ppos);
}
