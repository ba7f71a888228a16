// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer geometry changes: resizing, resetting, swapping CPU buffers
 * between two buffers and changing the sub-buffer size.
 *
 * All of them change the ring itself, which writers walk without locks.
 * Rather than teaching writers about moving pages, these operations stop
 * the writers of the CPU buffers concerned (record_disabled), wait until
 * every writer that had already started is gone (writers run with
 * preemption disabled, so synchronize_rcu() waits for them), and then
 * edit the ring under the reader lock. Events written meanwhile are
 * refused, as when recording is disabled.
 */
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/rcupdate.h>
#include <linux/cpu.h>

#include "ring_buffer_internal.h"

/* ---- quiescing writers ---- */

static void rb_writers_stop(struct trace_buffer *buffer,
			    const struct cpumask *cpus)
{
	int cpu;

	for_each_cpu(cpu, cpus)
		atomic_inc(&buffer->buffers[cpu]->record_disabled);
	/*
	 * A writer tests record_disabled inside its preempt-disabled
	 * section; once this returns, each one either saw the increment or
	 * has left the section, and committing is zero everywhere.
	 */
	synchronize_rcu();
}

static void rb_writers_start(struct trace_buffer *buffer,
			     const struct cpumask *cpus)
{
	int cpu;

	/*
	 * The edited ring before the writers that see recording enabled
	 * again: pairs with the acquire in rb_writer_enter(). Without it a
	 * writer on a weakly ordered CPU could still follow the old links,
	 * into pages about to be freed.
	 */
	for_each_cpu(cpu, cpus)
		atomic_dec_return_release(&buffer->buffers[cpu]->record_disabled);
}

/* ---- resize ---- */

/* What one CPU buffer needs for its resize, prepared before locking. */
struct rb_resize_plan {
	unsigned long		nr;		/* target page count */
	struct rb_subbuf	**ring;		/* scratch, old + new pages */
	struct list_head	add;		/* pages to insert */
	struct list_head	gone;		/* pages removed, to free */
};

/*
 * Rebuild @cb's ring with plan->nr pages. New pages go right after the
 * tail; pages are removed first from the empty stretch after the tail,
 * then from the head, whose events count as overwritten. The tail and the
 * commit (equal, writers are quiet) are never removed.
 */
static void rb_resize_ring(struct rb_cpu *cb, struct rb_resize_plan *plan)
{
	unsigned long old = cb->nr_pages, n = 0, i, t, drop_tail, drop_head;
	struct rb_subbuf **ring = plan->ring, *head, *p, *added;
	struct rb_subbuf *tail = cb->tail_page;

	head = rb_find_head(cb);
	if (rb_broken(cb, !head || local_read(&cb->committing)))
		return;

	/* the old ring in order from the head; t = index of the tail */
	t = old;
	p = head;
	for (i = 0; i < old; i++) {
		ring[i] = p;
		if (p == tail)
			t = i;
		p = rb_next_page(p);
	}

	if (plan->nr > old) {
		/* open a gap after the tail (or at the end) */
		unsigned long at = t < old ? t + 1 : old;
		unsigned long add = plan->nr - old;

		memmove(&ring[at + add], &ring[at], (old - at) * sizeof(*ring));
		for (i = at; !list_empty(&plan->add); i++) {
			added = list_first_entry(&plan->add, struct rb_subbuf,
						 list);
			list_del_init(&added->list);
			ring[i] = added;
		}
		n = plan->nr;
	} else {
		unsigned long drop = old - plan->nr;
		unsigned long empties = t < old ? old - t - 1 : old - 1;

		drop_tail = min(drop, empties);
		drop_head = drop - drop_tail;
		/* the empty stretch: from the end, just before the head */
		for (i = 0; i < drop_tail; i++)
			list_add(&ring[old - 1 - i]->list, &plan->gone);
		/* then the oldest data */
		for (i = 0; i < drop_head; i++) {
			p = ring[i];
			local_add(rb_page_entries(p), &cb->overrun);
			local_sub(rb_page_size(p), &cb->entries_bytes);
			local_inc(&cb->pages_lost);
			list_add(&p->list, &plan->gone);
		}
		n = old - drop;
		memmove(ring, &ring[drop_head], n * sizeof(*ring));
	}

	rb_link_ring(cb, ring, n);
	/* a tail on the reader page moves on to the (new) head */
	cb->reader_page->list.next = &ring[0]->list;
	cb->reader_page->list.prev = &ring[n - 1]->list;
	cb->pages_removed++;
}

static void rb_plan_free(struct rb_resize_plan *plan)
{
	rb_free_subbuf_list(&plan->add);
	rb_free_subbuf_list(&plan->gone);
	kvfree(plan->ring);
}

/**
 * ring_buffer_resize - change the size of one or all CPU buffers
 * @buffer: the buffer
 * @size: new size in bytes per CPU (rounded up to whole sub-buffers,
 *	at least two)
 * @cpu_id: a CPU, or RING_BUFFER_ALL_CPUS
 *
 * Shrinking drops the oldest events, which count as overrun. Writers are
 * refused while the ring is edited. Returns 0, -EINVAL for an absurd
 * size, -ENOMEM, or -EBUSY while an iterator is open.
 */
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size,
		       int cpu_id)
{
	struct rb_resize_plan *plans;
	cpumask_var_t cpus;
	unsigned long nr, flags;
	struct rb_cpu *cb;
	int cpu, ret = 0;

	if (!buffer)
		return 0;
	if (cpu_id != RING_BUFFER_ALL_CPUS &&
	    (cpu_id < 0 || cpu_id >= nr_cpu_ids ||
	     !cpumask_test_cpu(cpu_id, buffer->cpumask)))
		return 0;
	nr = rb_pages_for(buffer, size);
	if (!nr)
		return -EINVAL;
	if (!zalloc_cpumask_var(&cpus, GFP_KERNEL))
		return -ENOMEM;
	plans = kcalloc(nr_cpu_ids, sizeof(*plans), GFP_KERNEL);
	if (!plans) {
		free_cpumask_var(cpus);
		return -ENOMEM;
	}

	cpus_read_lock();
	mutex_lock(&buffer->mutex);
	atomic_inc(&buffer->resizing);
	/* resizing before resize_disabled; see ring_buffer_read_start() */
	smp_mb__after_atomic();

	if (cpu_id == RING_BUFFER_ALL_CPUS)
		cpumask_copy(cpus, buffer->cpumask);
	else
		cpumask_set_cpu(cpu_id, cpus);

	for_each_cpu(cpu, cpus) {
		INIT_LIST_HEAD(&plans[cpu].add);
		INIT_LIST_HEAD(&plans[cpu].gone);
	}
	for_each_cpu(cpu, cpus) {
		if (atomic_read(&buffer->buffers[cpu]->resize_disabled)) {
			ret = -EBUSY;
			goto out;
		}
	}
	for_each_cpu(cpu, cpus) {
		cb = buffer->buffers[cpu];
		plans[cpu].nr = nr;
		if (nr == cb->nr_pages)
			continue;
		/*
		 * Refuse what memory cannot hold before sizing the scratch
		 * array by it; the array itself can outgrow kmalloc's
		 * largest size on a big buffer, hence kvcalloc().
		 */
		if (nr > cb->nr_pages &&
		    nr - cb->nr_pages > si_mem_available() >> buffer->subbuf_order) {
			ret = -ENOMEM;
			goto out;
		}
		plans[cpu].ring = kvcalloc(max(nr, cb->nr_pages),
					   sizeof(*plans[cpu].ring), GFP_KERNEL);
		if (!plans[cpu].ring) {
			ret = -ENOMEM;
			goto out;
		}
		if (nr > cb->nr_pages) {
			ret = rb_alloc_subbufs(buffer, cpu, nr - cb->nr_pages,
					       buffer->subbuf_order,
					       &plans[cpu].add);
			if (ret)
				goto out;
		}
	}

	rb_writers_stop(buffer, cpus);
	for_each_cpu(cpu, cpus) {
		cb = buffer->buffers[cpu];
		if (!plans[cpu].ring)
			continue;
		raw_spin_lock_irqsave(&cb->reader_lock, flags);
		rb_resize_ring(cb, &plans[cpu]);
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	}
	rb_writers_start(buffer, cpus);
	if (cpu_id == RING_BUFFER_ALL_CPUS)
		buffer->default_pages = nr;
out:
	for_each_cpu(cpu, cpus)
		rb_plan_free(&plans[cpu]);
	atomic_dec(&buffer->resizing);
	mutex_unlock(&buffer->mutex);
	cpus_read_unlock();
	kfree(plans);
	free_cpumask_var(cpus);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_resize);

/* ---- reset ---- */

/*
 * Reset the CPU buffers of @cpus, or of every CPU of @buffer (@cpus
 * NULL), or of its online ones (@online). Under cpus_read_lock(), and with
 * the set fixed once: each step walks it again, and a CPU coming up in
 * between would be restarted without having been stopped.
 */
static void rb_reset_cpus(struct trace_buffer *buffer,
			  const struct cpumask *cpus, bool online)
{
	cpumask_var_t set;
	unsigned long flags;
	struct rb_cpu *cb;
	int cpu;

	if (!zalloc_cpumask_var(&set, GFP_KERNEL))
		return;
	cpus_read_lock();
	mutex_lock(&buffer->mutex);
	if (cpus)
		cpumask_and(set, cpus, buffer->cpumask);
	else if (online)
		cpumask_and(set, buffer->cpumask, cpu_online_mask);
	else
		cpumask_copy(set, buffer->cpumask);
	for_each_cpu(cpu, set)
		atomic_inc(&buffer->buffers[cpu]->resize_disabled);
	rb_writers_stop(buffer, set);
	for_each_cpu(cpu, set) {
		cb = buffer->buffers[cpu];
		raw_spin_lock_irqsave(&cb->reader_lock, flags);
		rb_clear_cpu(cb);
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
		atomic_dec(&cb->resize_disabled);
	}
	rb_writers_start(buffer, set);
	mutex_unlock(&buffer->mutex);
	cpus_read_unlock();
	free_cpumask_var(set);
}

/**
 * ring_buffer_reset_cpu - drop every event of one CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Counters start again from zero. May sleep.
 */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu)
{
	if (cpu < 0 || cpu >= nr_cpu_ids)
		return;
	rb_reset_cpus(buffer, cpumask_of(cpu), false);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_cpu);

/**
 * ring_buffer_reset_online_cpus - reset the buffers of online CPUs
 * @buffer: the buffer
 */
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer)
{
	rb_reset_cpus(buffer, NULL, true);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_online_cpus);

/**
 * ring_buffer_reset - reset every CPU buffer
 * @buffer: the buffer
 */
void ring_buffer_reset(struct trace_buffer *buffer)
{
	rb_reset_cpus(buffer, NULL, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset);

/* ---- swapping CPU buffers ---- */

#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
/**
 * ring_buffer_swap_cpu - exchange the CPU buffers of two buffers
 * @buffer_a: one buffer
 * @buffer_b: the other, of the same geometry
 * @cpu: the CPU whose buffers are exchanged
 *
 * Meant to be called on @cpu with interrupts off (latency tracers keep
 * their maximum this way). Returns 0, -EINVAL for mismatched buffers,
 * -EAGAIN if recording is disabled, -EBUSY if a writer is in flight.
 */
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu)
{
	struct rb_cpu *ca, *cb;
	int ret = -EINVAL;

	if (cpu < 0 || cpu >= nr_cpu_ids ||
	    !cpumask_test_cpu(cpu, buffer_a->cpumask) ||
	    !cpumask_test_cpu(cpu, buffer_b->cpumask))
		return -EINVAL;
	ca = buffer_a->buffers[cpu];
	cb = buffer_b->buffers[cpu];
	if (ca->nr_pages != cb->nr_pages ||
	    buffer_a->subbuf_order != buffer_b->subbuf_order)
		return -EINVAL;
	if (atomic_read(&buffer_a->record_disabled) ||
	    atomic_read(&buffer_b->record_disabled) ||
	    atomic_read(&ca->record_disabled) ||
	    atomic_read(&cb->record_disabled))
		return -EAGAIN;

	atomic_inc(&ca->record_disabled);
	atomic_inc(&cb->record_disabled);
	/*
	 * A writer increments committing before it re-checks which buffer
	 * its cpu buffer belongs to (rb_reserve()); the full barrier
	 * orders our disable against that check.
	 */
	smp_mb();
	ret = -EBUSY;
	if (local_read(&ca->committing) || local_read(&cb->committing))
		goto out;
	if (atomic_read(&buffer_a->resizing) || atomic_read(&buffer_b->resizing))
		goto out;
	/* user space maps the pages of a cpu buffer by their owner */
	if (READ_ONCE(ca->user_mapped) || READ_ONCE(cb->user_mapped))
		goto out;

	WRITE_ONCE(buffer_a->buffers[cpu], cb);
	WRITE_ONCE(buffer_b->buffers[cpu], ca);
	WRITE_ONCE(cb->buffer, buffer_a);
	WRITE_ONCE(ca->buffer, buffer_b);
	ret = 0;
out:
	atomic_dec(&ca->record_disabled);
	atomic_dec(&cb->record_disabled);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_swap_cpu);
#endif

/* ---- sub-buffer order ---- */

struct rb_order_plan {
	unsigned long		nr;
	struct rb_subbuf	**ring;
	struct rb_subbuf	*reader;
	struct list_head	pages;
};

/* Put the new pages in place of the old ones; the old go to plan->pages. */
static void rb_swap_pages(struct rb_cpu *cb, struct rb_order_plan *plan)
{
	struct rb_subbuf *p, *next, *start;
	LIST_HEAD(old);
	unsigned long i = 0;

	list_for_each_entry(p, &plan->pages, list)
		plan->ring[i++] = p;
	list_del_init(&plan->pages);

	start = list_entry(rb_ptr_clean(cb->pages), struct rb_subbuf, list);
	p = start;
	for (i = 0; i < cb->nr_pages; i++) {
		next = rb_next_page(p);
		INIT_LIST_HEAD(&p->list);
		list_add(&p->list, &old);
		p = next;
	}
	INIT_LIST_HEAD(&cb->reader_page->list);
	list_add(&cb->reader_page->list, &old);

	rb_link_ring(cb, plan->ring, plan->nr);
	cb->reader_page = plan->reader;
	plan->reader = NULL;
	rb_clear_cpu(cb);
	list_splice(&old, &plan->pages);
}

/**
 * ring_buffer_subbuf_order_set - change the size of every sub-buffer
 * @buffer: the buffer
 * @order: page order of a sub-buffer (0: one page)
 *
 * The data size per CPU stays about the same. All events are dropped.
 * Returns 0, -EINVAL, -ENOMEM, or -EBUSY while an iterator is open.
 */
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order)
{
	struct rb_order_plan *plans;
	unsigned int new_size;
	unsigned long flags;
	struct rb_cpu *cb;
	int cpu, ret = 0;

	if (!buffer || order < 0 || order > RB_MAX_ORDER ||
	    (PAGE_SIZE << order) > RB_OFF_MASK)
		return -EINVAL;
	if (order == buffer->subbuf_order)
		return 0;
	new_size = (PAGE_SIZE << order) - RB_PAGE_HDR;
	plans = kcalloc(nr_cpu_ids, sizeof(*plans), GFP_KERNEL);
	if (!plans)
		return -ENOMEM;

	cpus_read_lock();
	mutex_lock(&buffer->mutex);
	atomic_inc(&buffer->resizing);
	/* resizing before resize_disabled; see ring_buffer_read_start() */
	smp_mb__after_atomic();
	for_each_cpu(cpu, buffer->cpumask) {
		cb = buffer->buffers[cpu];
		INIT_LIST_HEAD(&plans[cpu].pages);
		if (atomic_read(&cb->resize_disabled))
			ret = -EBUSY;
	}
	if (ret)
		goto out;

	for_each_cpu(cpu, buffer->cpumask) {
		struct rb_order_plan *plan = &plans[cpu];
		unsigned long bytes;

		cb = buffer->buffers[cpu];
		bytes = cb->nr_pages * buffer->subbuf_size;
		plan->nr = max(DIV_ROUND_UP(bytes, new_size), 2UL);
		plan->ring = kvcalloc(plan->nr, sizeof(*plan->ring), GFP_KERNEL);
		plan->reader = rb_alloc_subbuf(buffer, cpu, order);
		if (!plan->ring || !plan->reader) {
			ret = -ENOMEM;
			goto out;
		}
		ret = rb_alloc_subbufs(buffer, cpu, plan->nr, order,
				       &plan->pages);
		if (ret)
			goto out;
	}

	rb_writers_stop(buffer, buffer->cpumask);
	buffer->subbuf_order = order;
	buffer->subbuf_size = new_size;
	rb_update_max_data_size(buffer);
	for_each_cpu(cpu, buffer->cpumask) {
		cb = buffer->buffers[cpu];
		raw_spin_lock_irqsave(&cb->reader_lock, flags);
		rb_swap_pages(cb, &plans[cpu]);
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	}
	rb_writers_start(buffer, buffer->cpumask);
out:
	for_each_cpu(cpu, buffer->cpumask) {
		rb_free_subbuf_list(&plans[cpu].pages);
		if (plans[cpu].reader)
			rb_free_subbuf(plans[cpu].reader);
		kvfree(plans[cpu].ring);
	}
	atomic_dec(&buffer->resizing);
	mutex_unlock(&buffer->mutex);
	cpus_read_unlock();
	kfree(plans);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_set);
