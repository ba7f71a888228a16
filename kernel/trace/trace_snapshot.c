// SPDX-License-Identifier: GPL-2.0
/*
 * The snapshot buffer: a second ring buffer per trace array, of the same
 * geometry as the live one, that the two are swapped with. A swap is a
 * pointer exchange under max_lock with interrupts off, so taking a
 * snapshot costs the same whatever the buffer size; what was recorded
 * stays readable in `snapshot` while recording goes on in the other.
 */
#include <linux/cred.h>
#include <linux/ring_buffer.h>
#include <linux/smp.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_core.h"

bool snapshot_at_boot;

/*
 * alloc_snapshot=NAME (as often as wanted): the names of the boot
 * instances (trace_instance=NAME) to get a snapshot buffer, each
 * followed by a tab.
 */
static char boot_snapshot_names[COMMAND_LINE_SIZE] __initdata;
static size_t boot_snapshot_len __initdata;

/* alloc_snapshot: the top level's, of a full-size buffer; =NAME: NAME's */
static int __init boot_alloc_snapshot(char *str)
{
	size_t left = sizeof(boot_snapshot_names) - boot_snapshot_len;
	int n;

	if (*str != '=') {
		snapshot_at_boot = true;
		tracing_expand_at_boot();
		return 1;
	}
	n = snprintf(boot_snapshot_names + boot_snapshot_len, left, "%s\t",
		     str + 1);
	if (n >= left) {
		boot_snapshot_names[boot_snapshot_len] = '\0';
		pr_warn("tracing: too many alloc_snapshot= names, %s ignored\n",
			str + 1);
		return 1;
	}
	boot_snapshot_len += n;
	return 1;
}
__setup("alloc_snapshot", boot_alloc_snapshot);

/* Did alloc_snapshot=NAME ask for a snapshot of boot instance @name? */
bool __init snapshot_wanted_at_boot(const char *name)
{
	size_t len = strlen(name);
	const char *p = boot_snapshot_names;

	for (; *p; p = strchr(p, '\t') + 1) {
		if (!strncmp(p, name, len) && p[len] == '\t')
			return true;
	}
	return false;
}

/*
 * ftrace_boot_snapshot: take a snapshot when the boot is over (just
 * before init text is freed), so what early boot traced is kept while
 * the live buffer goes on.
 */
static bool snapshot_when_booted;

static int __init boot_snapshot(char *str)
{
	snapshot_when_booted = true;
	snapshot_at_boot = true;
	return 1;
}
__setup("ftrace_boot_snapshot", boot_snapshot);

/* Give the snapshot buffer the live buffer's size, CPU by CPU. */
static int match_live_size(struct trace_array *tr, int only_cpu)
{
	int cpu, ret;

	for_each_tracing_cpu(cpu) {
		unsigned long size;

		if (only_cpu != RING_BUFFER_ALL_CPUS && cpu != only_cpu)
			continue;
		size = ring_buffer_size(tr->array_buffer.buffer, cpu);
		if (size == ring_buffer_size(tr->max_buffer.buffer, cpu))
			continue;
		ret = ring_buffer_resize(tr->max_buffer.buffer, size, cpu);
		if (ret < 0)
			return ret;
		per_cpu_ptr(tr->max_buffer.data, cpu)->entries = size;
	}
	return 0;
}

int tracing_alloc_snapshot_instance(struct trace_array *tr)
{
	int order, ret;

	lockdep_assert_held(&trace_types_lock);
	if (tr->allocated_snapshot)
		return 0;
	order = ring_buffer_subbuf_order_get(tr->array_buffer.buffer);
	ret = ring_buffer_subbuf_order_set(tr->max_buffer.buffer, order);
	if (ret < 0)
		return ret;
	ret = match_live_size(tr, RING_BUFFER_ALL_CPUS);
	if (ret < 0) {
		/* Back to the minimum: a half-grown buffer helps nobody. */
		ring_buffer_resize(tr->max_buffer.buffer, 1, RING_BUFFER_ALL_CPUS);
		return ret;
	}
	tracing_reset_online_cpus(&tr->max_buffer);
	/*
	 * Readers skip entries older than time_start; a per-CPU swap brings
	 * in entries older than this allocation, and they must show.
	 */
	tr->max_buffer.time_start = 0;
	tr->allocated_snapshot = true;
	return 0;
}

/*
 * Swap the live and snapshot buffers of @tr. Interrupts are off; the
 * latency tracers call this from their probes with @tsk the task that
 * caused the new maximum.
 */
static void update_max_tr(struct trace_array *tr, struct task_struct *tsk,
			  int cpu, void *cond_data)
{
	struct trace_buffer *live;

	lockdep_assert_irqs_disabled();
	if (tr->stop_count || !tr->allocated_snapshot) {
		/* A tracer that owns the snapshot always has one. */
		WARN_ON_ONCE(!tr->allocated_snapshot &&
			     tr->current_trace->use_max_tr);
		return;
	}

	arch_spin_lock(&tr->max_lock);
	/*
	 * tracing_stop_tr() (a resize of both buffers, say) may have come
	 * in between: it raises stop_count before it takes max_lock; and
	 * free_snapshot() clears allocated_snapshot before it does.
	 */
	if (tr->stop_count || !tr->allocated_snapshot) {
		arch_spin_unlock(&tr->max_lock);
		return;
	}
	live = tr->array_buffer.buffer;
	/*
	 * tracing_on belongs to the array, not to a buffer: the buffer that
	 * becomes live takes the current setting with it.
	 */
	if (ring_buffer_record_is_set_on(live))
		ring_buffer_record_on(tr->max_buffer.buffer);
	else
		ring_buffer_record_off(tr->max_buffer.buffer);
	/*
	 * Writers load the buffer pointer once per event; one that loaded
	 * the old pointer finishes its event in what is now the snapshot,
	 * which is the moment the snapshot was taken, give or take that
	 * event.
	 */
	WRITE_ONCE(tr->array_buffer.buffer, tr->max_buffer.buffer);
	WRITE_ONCE(tr->max_buffer.buffer, live);
	/*
	 * time_start describes a buffer's contents (readers skip entries
	 * older than it), so it travels with the buffer.
	 */
	swap(tr->array_buffer.time_start, tr->max_buffer.time_start);
	arch_spin_unlock(&tr->max_lock);
	/* Readers waiting on the old live buffer must look again. */
	ring_buffer_wake_waiters(live, RING_BUFFER_ALL_CPUS);
}

static void update_max_tr_single(struct trace_array *tr,
				 struct task_struct *tsk, int cpu)
{
	int ret;

	if (tr->stop_count || !tr->allocated_snapshot)
		return;
	WARN_ON_ONCE(!irqs_disabled());
	arch_spin_lock(&tr->max_lock);
	/* as in update_max_tr(): a stop or a free may have come in between */
	ret = (tr->stop_count || !tr->allocated_snapshot) ? -EAGAIN :
	      ring_buffer_swap_cpu(tr->max_buffer.buffer,
				   tr->array_buffer.buffer, cpu);
	arch_spin_unlock(&tr->max_lock);
	/* -EBUSY: a commit was in flight on that CPU; try again later. */
	WARN_ON_ONCE(ret && ret != -EBUSY && ret != -EAGAIN);
}

/*
 * Note in @cpu's data of the snapshot buffer what the latency header
 * prints: the task, the section (still in the live buffer's data of
 * @cpu, where the tracer timed it) and its length; entries older than
 * the section's start are not part of it.
 */
static void note_max_section(struct trace_array *tr, struct task_struct *tsk,
			     int cpu)
{
	struct trace_array_cpu *live = per_cpu_ptr(tr->array_buffer.data, cpu);
	struct trace_array_cpu *max = per_cpu_ptr(tr->max_buffer.data, cpu);

	max->critical_start = live->critical_start;
	max->critical_end = live->critical_end;
	max->saved_latency = tr->max_latency;
	memcpy(max->comm, tsk->comm, TASK_COMM_LEN);
	max->pid = tsk->pid;
	max->uid = task_uid(tsk);
	max->nice = task_nice(tsk);
	max->policy = tsk->policy;
	max->rt_priority = tsk->rt_priority;
	tr->max_buffer.cpu = cpu;
	tr->max_buffer.time_start = live->preempt_timestamp;
}

void latency_update_max(struct trace_array *tr, struct task_struct *tsk,
			int cpu, bool one_cpu)
{
	if (tr->stop_count || !tr->allocated_snapshot)
		return;
	if (one_cpu)
		update_max_tr_single(tr, tsk, cpu);
	else
		update_max_tr(tr, tsk, cpu, NULL);
	note_max_section(tr, tsk, cpu);
}

int tracing_snapshot_get(struct trace_array *tr)
{
	int ret = 0;

	spin_lock(&tr->snapshot_map_lock);
	if (tr->mapped || tr->snapshot_users == UINT_MAX)
		ret = -EBUSY;
	else
		tr->snapshot_users++;
	spin_unlock(&tr->snapshot_map_lock);
	return ret;
}

void tracing_snapshot_put(struct trace_array *tr)
{
	spin_lock(&tr->snapshot_map_lock);
	if (!WARN_ON_ONCE(!tr->snapshot_users))
		tr->snapshot_users--;
	spin_unlock(&tr->snapshot_map_lock);
}

int tracing_map_get(struct trace_array *tr)
{
	bool first = false;
	int ret = 0;

	spin_lock(&tr->snapshot_map_lock);
	if (tr->snapshot_users || tr->mapped == UINT_MAX) {
		ret = -EBUSY;
	} else {
		first = !tr->mapped;
		tr->mapped++;
	}
	spin_unlock(&tr->snapshot_map_lock);
	/*
	 * A swap that saw no mapping may still be under way: the last user
	 * of the snapshot went a moment ago, or tracing_snapshot() came
	 * from elsewhere. Swaps test tr->mapped and swap with interrupts
	 * off, so once a grace period has passed every later one sees the
	 * mapping and leaves the buffer where it is.
	 */
	if (first)
		synchronize_rcu();
	return ret;
}

void tracing_map_put(struct trace_array *tr)
{
	spin_lock(&tr->snapshot_map_lock);
	if (!WARN_ON_ONCE(!tr->mapped))
		tr->mapped--;
	spin_unlock(&tr->snapshot_map_lock);
}

/*
 * Why a snapshot was not taken, said in the trace itself, where whoever
 * looks for the snapshot looks (the reference's words: scripts grep them).
 */
static void snapshot_refused(struct trace_array *tr, const char *why,
			     const char *what)
{
	__trace_array_puts(tr, _THIS_IP_, why, strlen(why));
	__trace_array_puts(tr, _THIS_IP_, what, strlen(what));
}

void tracing_snapshot_instance(struct trace_array *tr)
{
	unsigned long flags;

	if (in_nmi()) {
		snapshot_refused(tr, "*** SNAPSHOT CALLED FROM NMI CONTEXT ***\n",
				 "*** snapshot is being ignored        ***\n");
		return;
	}
	if (!tr->allocated_snapshot) {
		snapshot_refused(tr, "*** SNAPSHOT NOT ALLOCATED ***\n",
				 "*** stopping trace here!   ***\n");
		tracer_tracing_off(tr);
		return;
	}
	/* A latency tracer keeps its maxima there: a trigger may not swap. */
	if (tr->current_trace->use_max_tr) {
		snapshot_refused(tr, "*** LATENCY TRACER ACTIVE ***\n",
				 "*** Can not use snapshot (sorry) ***\n");
		return;
	}
	/*
	 * Tested with interrupts off, as the swap is done: see
	 * tracing_map_get() for why that makes the test stick.
	 */
	local_irq_save(flags);
	if (READ_ONCE(tr->mapped))
		snapshot_refused(tr, "*** BUFFER MEMORY MAPPED ***\n",
				 "*** Can not use snapshot (sorry) ***\n");
	else
		update_max_tr(tr, current, smp_processor_id(), NULL);
	local_irq_restore(flags);
}

/* ftrace_boot_snapshot (above): the boot is over, take the snapshots. */
void __init ftrace_boot_snapshot(void)
{
	static const char msg[] = "** Boot snapshot taken **\n";
	struct trace_array *tr;

	if (!snapshot_when_booted)
		return;
	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		if (!tr->allocated_snapshot)
			continue;
		tracing_snapshot_instance(tr);
		__trace_array_puts(tr, _THIS_IP_, msg, sizeof(msg) - 1);
	}
	mutex_unlock(&trace_types_lock);
}

void tracing_snapshot(void)
{
	tracing_snapshot_instance(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

int tracing_alloc_snapshot(void)
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = tracing_alloc_snapshot_instance(&global_trace);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

/*
 * A snapshot trigger is accepted whatever the tracer: under a latency
 * tracer the snapshot exists already, and each firing then says in the
 * trace that it was refused (tracing_snapshot_instance()).
 */
int tracing_snapshot_arm(struct trace_array *tr)
{
	int ret;

	mutex_lock(&trace_types_lock);
	/*
	 * Not worth a buffer while mapped: the trigger could not hold
	 * the snapshot (its ->parse takes the user's count).
	 */
	ret = -EBUSY;
	if (!READ_ONCE(tr->mapped))
		ret = tracing_alloc_snapshot_instance(tr);
	mutex_unlock(&trace_types_lock);
	return ret < 0 ? ret : 0;
}

void tracing_snapshot_alloc(void)
{
	if (tracing_alloc_snapshot() < 0)
		return;
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

static void swap_this_cpu(void *data)
{
	struct trace_array *tr = data;

	update_max_tr_single(tr, current, smp_processor_id());
}

int tracing_snapshot_write(struct trace_array *tr, int cpu, unsigned long val)
{
	int ret = 0;

	mutex_lock(&trace_types_lock);
	if (tr->current_trace->use_max_tr) {
		ret = -EBUSY;
		goto out;
	}
	switch (val) {
	case 0:
		if (cpu != RING_BUFFER_ALL_CPUS) {
			ret = -EINVAL;
			break;
		}
		if (tr->allocated_snapshot)
			free_snapshot(tr);
		break;
	case 1:
		/* a user for the swap: none while a buffer is mapped */
		ret = tracing_snapshot_get(tr);
		if (ret)
			break;
		if (tr->allocated_snapshot)
			ret = match_live_size(tr, cpu);
		else
			ret = tracing_alloc_snapshot_instance(tr);
		if (ret >= 0 && cpu == RING_BUFFER_ALL_CPUS) {
			local_irq_disable();
			update_max_tr(tr, current, smp_processor_id(), NULL);
			local_irq_enable();
		} else if (ret >= 0) {
			/* A CPU's buffer is swapped from that CPU. */
			ret = smp_call_function_single(cpu, swap_this_cpu, tr, 1);
		}
		tracing_snapshot_put(tr);
		break;
	default:
		if (!tr->allocated_snapshot)
			break;
		if (cpu == RING_BUFFER_ALL_CPUS)
			tracing_reset_online_cpus(&tr->max_buffer);
		else
			tracing_reset_cpu(&tr->max_buffer, cpu);
		break;
	}
out:
	mutex_unlock(&trace_types_lock);
	return ret;
}
