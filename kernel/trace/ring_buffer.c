// SPDX-License-Identifier: GPL-2.0
/*
 * Lockless per-CPU ring buffer: creation and teardown, CPU hotplug,
 * recording switches, statistics, time keeping and the ABI text.
 *
 * The writer lives in ring_buffer_write.c, the readers in
 * ring_buffer_read.c, geometry changes in ring_buffer_resize.c. The
 * design is described in Documentation/trace/ring-buffer-design.rst.
 */
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/cpu.h>
#include <linux/sched/clock.h>
#include <linux/trace_seq.h>
#include <linux/overflow.h>

#include "ring_buffer_internal.h"

/* ---- the ABI text of events/header_event and events/header_page ---- */

/**
 * ring_buffer_print_entry_header - describe the event header layout
 * @s: where to print
 *
 * Returns 1 if everything fit in @s.
 */
int ring_buffer_print_entry_header(struct trace_seq *s)
{
	static const char layout[] =
		"# compressed entry header\n"
		"\t%-12s:    %d bits\n\t%-12s:   %d bits\n\t%-12s:   %d bits\n\n"
		"\tpadding     : type == %d\n\ttime_extend : type == %d\n"
		"\ttime_stamp : type == %d\n\tdata max type_len  == %d\n";

	trace_seq_printf(s, layout, "type_len", 5, "time_delta", RB_DELTA_BITS,
			 "array", 32, RINGBUF_TYPE_PADDING,
			 RINGBUF_TYPE_TIME_EXTEND, RINGBUF_TYPE_TIME_STAMP,
			 RINGBUF_TYPE_DATA_TYPE_LEN_MAX);
	return !trace_seq_has_overflowed(s);
}
EXPORT_SYMBOL_GPL(ring_buffer_print_entry_header);

static void rb_print_field(struct trace_seq *s, const char *decl,
			   unsigned int off, unsigned int size, bool sign)
{
	trace_seq_printf(s, "\tfield: %s;\toffset:%u;\tsize:%u;\tsigned:%u;\n",
			 decl, off, size, sign);
}

/**
 * ring_buffer_print_page_header - describe the sub-buffer header layout
 * @buffer: the buffer (its sub-buffer size is printed)
 * @s: where to print
 *
 * Returns 1 if everything fit in @s.
 */
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s)
{
	struct rb_data_page *p = NULL;

	rb_print_field(s, "u64 timestamp", 0, sizeof(p->time_stamp),
		       is_signed_type(u64));
	rb_print_field(s, "local_t commit", offsetof(struct rb_data_page, commit),
		       sizeof(p->commit), is_signed_type(long));
	/* the overwrite flag lives in the commit word; tools expect it */
	rb_print_field(s, "int overwrite", offsetof(struct rb_data_page, commit),
		       1, is_signed_type(long));
	rb_print_field(s, "char data", RB_PAGE_HDR, buffer->subbuf_size,
		       is_signed_type(char));
	return !trace_seq_has_overflowed(s);
}
EXPORT_SYMBOL_GPL(ring_buffer_print_page_header);

/* ---- event accessors ---- */

static struct ring_buffer_event *rb_skip_stamp(struct ring_buffer_event *ev)
{
	if (ev->type_len == RINGBUF_TYPE_TIME_EXTEND ||
	    ev->type_len == RINGBUF_TYPE_TIME_STAMP)
		return (void *)ev + RB_STAMP_LEN;
	return ev;
}

/**
 * ring_buffer_event_length - payload length of an event
 * @event: the event
 *
 * For data events, the payload bytes (rounded up to the alignment); for
 * internal events, their size on the page.
 */
unsigned int ring_buffer_event_length(struct ring_buffer_event *event)
{
	unsigned int len;

	event = rb_skip_stamp(event);
	len = rb_event_len(event);
	if (event->type_len > RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
		return len;
	len -= RB_EVENT_HDR;
	if (!event->type_len)
		len -= sizeof(event->array[0]);
	return len;
}
EXPORT_SYMBOL_GPL(ring_buffer_event_length);

/**
 * ring_buffer_event_data - the payload of an event
 * @event: the event
 */
void *ring_buffer_event_data(struct ring_buffer_event *event)
{
	event = rb_skip_stamp(event);
	if (event->type_len)
		return &event->array[0];
	return &event->array[1];
}
EXPORT_SYMBOL_GPL(ring_buffer_event_data);

/* ---- sub-buffer allocation ---- */

struct rb_subbuf *rb_alloc_subbuf(struct trace_buffer *buffer, int cpu,
				  unsigned int order)
{
	struct rb_subbuf *p;
	struct page *page;

	p = kzalloc_node(sizeof(*p), GFP_KERNEL | __GFP_RETRY_MAYFAIL,
			 cpu_to_node(cpu));
	if (!p)
		return NULL;
	page = alloc_pages_node(cpu_to_node(cpu), GFP_KERNEL | __GFP_COMP |
				__GFP_RETRY_MAYFAIL | __GFP_ZERO, order);
	if (!page) {
		kfree(p);
		return NULL;
	}
	INIT_LIST_HEAD(&p->list);
	p->page = page_address(page);
	p->order = order;
	return p;
}

void rb_free_subbuf(struct rb_subbuf *p)
{
	free_pages((unsigned long)p->page, p->order);
	kfree(p);
}

void rb_free_subbuf_list(struct list_head *list)
{
	struct rb_subbuf *p, *tmp;

	list_for_each_entry_safe(p, tmp, list, list) {
		list_del_init(&p->list);
		rb_free_subbuf(p);
	}
}

/* Allocate @nr sub-buffers onto @out; all or nothing. */
int rb_alloc_subbufs(struct trace_buffer *buffer, int cpu, unsigned long nr,
		     unsigned int order, struct list_head *out)
{
	struct rb_subbuf *p;
	LIST_HEAD(got);
	unsigned long i;

	/* do not push the machine into OOM for a trace buffer */
	if (nr > si_mem_available() >> order)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		p = rb_alloc_subbuf(buffer, cpu, order);
		if (!p) {
			rb_free_subbuf_list(&got);
			return -ENOMEM;
		}
		p->id = i;
		list_add_tail(&p->list, &got);
	}
	list_splice_tail(&got, out);
	return 0;
}

/*
 * Link @ring[0..nr-1] into a circle with @ring[0] as the head: the last
 * page's next pointer carries HEAD. Writers must be quiet.
 */
void rb_link_ring(struct rb_cpu *cb, struct rb_subbuf **ring,
		  unsigned long nr)
{
	unsigned long i;

	for (i = 0; i < nr; i++) {
		struct rb_subbuf *next = ring[(i + 1) % nr];

		ring[i]->list.next = &next->list;
		next->list.prev = &ring[i]->list;
		ring[i]->id = i;
	}
	ring[nr - 1]->list.next = (struct list_head *)
		((unsigned long)&ring[0]->list | RB_PTR_HEAD);
	cb->head_page = ring[0];
	cb->pages = &ring[0]->list;
	cb->nr_pages = nr;
}

static void rb_clear_subbuf(struct rb_subbuf *p)
{
	local_set(&p->write, 0);
	local_set(&p->entries, 0);
	local_set(&p->page->commit, 0);
	p->page->time_stamp = 0;
	p->read = 0;
	p->real_end = 0;
}

/*
 * Empty a CPU buffer and reset its counters. Writers must be quiet and
 * the reader lock held; the ring keeps its pages and its head.
 */
void rb_clear_cpu(struct rb_cpu *cb)
{
	struct rb_subbuf *p, *head;
	unsigned long n = 0, i;

	head = rb_find_head(cb);
	if (!head)
		head = cb->head_page;
	/* clear every page and strip stray flags, then flag the head again */
	p = head;
	do {
		rb_clear_subbuf(p);
		p->list.next = rb_ptr_clean(p->list.next);
		p = rb_next_page(p);
	} while (p != head && ++n < cb->nr_pages);
	p = rb_prev_page(head);
	p->list.next = (struct list_head *)
		((unsigned long)&head->list | RB_PTR_HEAD);

	p = cb->reader_page;
	rb_clear_subbuf(p);
	p->list.next = &head->list;
	p->list.prev = head->list.prev;

	cb->tail_page = head;
	cb->commit_page = head;
	cb->head_page = head;
	cb->pages = &head->list;
	local_set(&cb->committing, 0);
	local_set(&cb->commits, 0);
	local64_set(&cb->before_stamp, 0);
	local64_set(&cb->write_stamp, 0);
	local_set(&cb->entries, 0);
	local_set(&cb->entries_bytes, 0);
	local_set(&cb->overrun, 0);
	local_set(&cb->commit_overrun, 0);
	local_set(&cb->dropped_events, 0);
	local_set(&cb->pages_touched, 0);
	local_set(&cb->pages_lost, 0);
	local_set(&cb->pages_read, 0);
	cb->last_pages_touch = 0;
	cb->shortest_full = 0;
	cb->lost_events = 0;
	cb->last_overrun = 0;
	cb->read = 0;
	cb->read_bytes = 0;
	cb->read_stamp = 0;
	cb->swaps++;
	cb->pages_removed++;
	for (i = 0; i < RB_MAX_NEST; i++)
		cb->resv[i].page = NULL;
	rb_update_meta(cb);
}

/* Sub-buffers needed for @size bytes; 0 if the size is absurd. */
unsigned long rb_pages_for(struct trace_buffer *buffer, unsigned long size)
{
	unsigned long nr = size / buffer->subbuf_size;

	if (size % buffer->subbuf_size)
		nr++;
	if (nr < 2)
		nr = 2;
	/* the page pointer array and the list must stay addressable */
	if (nr > ULONG_MAX / PAGE_SIZE / 2)
		return 0;
	return nr;
}

static struct rb_cpu *rb_alloc_cpu(struct trace_buffer *buffer,
				   unsigned long nr, int cpu)
{
	struct rb_subbuf **ring, *p;
	struct rb_cpu *cb;
	LIST_HEAD(pages);
	unsigned long i;

	cb = kzalloc_node(ALIGN(sizeof(*cb), cache_line_size()),
			  GFP_KERNEL, cpu_to_node(cpu));
	if (!cb)
		return NULL;
	cb->cpu = cpu;
	cb->buffer = buffer;
	raw_spin_lock_init(&cb->reader_lock);
	lockdep_set_class(&cb->reader_lock, buffer->reader_lock_key);
	mutex_init(&cb->map_lock);
	rb_waiters_init(&cb->waiters);

	cb->reader_page = rb_alloc_subbuf(buffer, cpu, buffer->subbuf_order);
	if (!cb->reader_page)
		goto fail;
	ring = kvcalloc(nr, sizeof(*ring), GFP_KERNEL);
	if (!ring)
		goto fail_reader;
	if (rb_alloc_subbufs(buffer, cpu, nr, buffer->subbuf_order, &pages))
		goto fail_ring;
	i = 0;
	list_for_each_entry(p, &pages, list)
		ring[i++] = p;
	list_del(&pages);
	rb_link_ring(cb, ring, nr);
	kvfree(ring);
	rb_clear_cpu(cb);
	return cb;

fail_ring:
	kvfree(ring);
fail_reader:
	rb_free_subbuf(cb->reader_page);
fail:
	kfree(cb);
	return NULL;
}

static void rb_free_cpu(struct rb_cpu *cb)
{
	struct rb_subbuf *p, *next, *start;
	unsigned long n;

	if (!cb)
		return;
	irq_work_sync(&cb->waiters.work);
	start = list_entry(rb_ptr_clean(cb->pages), struct rb_subbuf, list);
	p = start;
	for (n = 0; n < cb->nr_pages; n++) {
		next = rb_next_page(p);
		rb_free_subbuf(p);
		p = next;
	}
	if (cb->reader_page != start)
		rb_free_subbuf(cb->reader_page);
	if (cb->spare)
		free_pages((unsigned long)cb->spare, cb->spare_order);
	kfree(cb);
}

/* ---- the cpuhp state, shared by all buffers ---- */

static DEFINE_MUTEX(rb_hp_lock);
static bool rb_hp_ready;

static int rb_hp_setup(void)
{
	int ret = 0;

	mutex_lock(&rb_hp_lock);
	if (!rb_hp_ready) {
		ret = cpuhp_setup_state_multi(CPUHP_TRACE_RB_PREPARE,
					      "trace/RB:prepare",
					      trace_rb_cpu_prepare, NULL);
		/* -EBUSY: the tracing core registered it already */
		if (ret == -EBUSY)
			ret = 0;
		rb_hp_ready = !ret;
	}
	mutex_unlock(&rb_hp_lock);
	return ret;
}

/**
 * trace_rb_cpu_prepare - give a CPU that comes online its buffer
 * @cpu: the CPU
 * @node: the buffer's cpuhp instance
 *
 * Returns 0 or -ENOMEM.
 */
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node)
{
	struct trace_buffer *buffer = hlist_entry_safe(node, struct trace_buffer,
						       node);
	unsigned long nr;
	int other;

	if (!buffer || cpumask_test_cpu(cpu, buffer->cpumask))
		return 0;
	/* same size as the others when they agree, else the default */
	nr = buffer->default_pages;
	for_each_cpu(other, buffer->cpumask) {
		nr = buffer->buffers[other]->nr_pages;
		break;
	}
	buffer->buffers[cpu] = rb_alloc_cpu(buffer, nr, cpu);
	if (!buffer->buffers[cpu])
		return -ENOMEM;
	/* the buffer exists before the mask says so; readers test the mask */
	smp_wmb();
	cpumask_set_cpu(cpu, buffer->cpumask);
	return 0;
}

static u64 rb_default_clock(void)
{
	return sched_clock();
}

/**
 * __ring_buffer_alloc - allocate a ring buffer
 * @size: bytes of data for each CPU
 * @flags: RB_FL_OVERWRITE to overwrite old events when full
 * @key: lock class of the reader locks
 *
 * Use the ring_buffer_alloc() macro. Returns the buffer or NULL.
 */
struct trace_buffer *__ring_buffer_alloc(unsigned long size,
					 unsigned int flags,
					 struct lock_class_key *key)
{
	struct trace_buffer *buffer;
	int cpu;

	if (rb_hp_setup())
		return NULL;
	buffer = kzalloc(ALIGN(sizeof(*buffer), cache_line_size()),
			 GFP_KERNEL);
	if (!buffer)
		return NULL;
	if (!zalloc_cpumask_var(&buffer->cpumask, GFP_KERNEL))
		goto fail_buffer;

	buffer->flags = flags;
	refcount_set(&buffer->refs, 1);
	raw_spin_lock_init(&buffer->pages_lock);
	buffer->clock = rb_default_clock;
	buffer->reader_lock_key = key;
	buffer->subbuf_order = 0;
	buffer->subbuf_size = PAGE_SIZE - RB_PAGE_HDR;
	rb_update_max_data_size(buffer);
	mutex_init(&buffer->mutex);
	rb_waiters_init(&buffer->waiters);

	buffer->default_pages = rb_pages_for(buffer, size);
	if (!buffer->default_pages)
		goto fail_mask;
	buffer->cpus = nr_cpu_ids;
	buffer->buffers = kcalloc(nr_cpu_ids, sizeof(*buffer->buffers),
				  GFP_KERNEL);
	if (!buffer->buffers)
		goto fail_mask;

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		buffer->buffers[cpu] = rb_alloc_cpu(buffer,
						    buffer->default_pages, cpu);
		if (!buffer->buffers[cpu])
			goto fail_cpus;
		cpumask_set_cpu(cpu, buffer->cpumask);
	}
	if (cpuhp_state_add_instance_nocalls_cpuslocked(CPUHP_TRACE_RB_PREPARE,
							&buffer->node))
		goto fail_cpus;
	buffer->hp_registered = true;
	cpus_read_unlock();
	return buffer;

fail_cpus:
	cpus_read_unlock();
	for_each_cpu(cpu, buffer->cpumask)
		rb_free_cpu(buffer->buffers[cpu]);
	kfree(buffer->buffers);
fail_mask:
	free_cpumask_var(buffer->cpumask);
fail_buffer:
	kfree(buffer);
	return NULL;
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc);

/**
 * __ring_buffer_alloc_range - allocate a buffer inside reserved memory
 * @size: bytes of data for each CPU
 * @flags: RB_FL_OVERWRITE or 0
 * @order: sub-buffer order
 * @start: physical start of the range
 * @range_size: bytes in the range
 * @key: lock class of the reader locks
 *
 * Persistent buffers in boot-reserved memory are not supported by this
 * implementation. Returns NULL.
 */
struct trace_buffer *__ring_buffer_alloc_range(unsigned long size,
					       unsigned int flags, int order,
					       unsigned long start,
					       unsigned long range_size,
					       struct lock_class_key *key)
{
	pr_warn_once("ring_buffer: buffers in reserved memory are not supported\n");
	return NULL;
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc_range);

/**
 * ring_buffer_last_boot_delta - address deltas of a persistent buffer
 * @buffer: the buffer
 * @text: set to the text delta
 * @data: set to the data delta
 *
 * Only buffers in reserved memory have one; none here. Returns false.
 */
bool ring_buffer_last_boot_delta(struct trace_buffer *buffer, long *text,
				 long *data)
{
	return false;
}
EXPORT_SYMBOL_GPL(ring_buffer_last_boot_delta);

/**
 * ring_buffer_free - free a buffer
 * @buffer: the buffer; no writers or readers may use it any more
 *
 * Read pages handed out by ring_buffer_alloc_read_page() may still be
 * given back afterwards (a page spliced into a pipe outlives the file it
 * came from); they keep what ring_buffer_free_read_page() needs.
 */
/* Drop a reference to @buffer's struct; see trace_buffer::refs. */
void rb_buffer_put(struct trace_buffer *buffer)
{
	if (refcount_dec_and_test(&buffer->refs))
		kfree(buffer);
}

void ring_buffer_free(struct trace_buffer *buffer)
{
	unsigned long flags;
	int cpu;

	if (buffer->hp_registered)
		cpuhp_state_remove_instance(CPUHP_TRACE_RB_PREPARE,
					    &buffer->node);
	/* read pages still out no longer go back to a CPU buffer */
	raw_spin_lock_irqsave(&buffer->pages_lock, flags);
	buffer->freed = true;
	raw_spin_unlock_irqrestore(&buffer->pages_lock, flags);
	irq_work_sync(&buffer->waiters.work);
	for_each_cpu(cpu, buffer->cpumask)
		rb_free_cpu(buffer->buffers[cpu]);
	kfree(buffer->buffers);
	free_cpumask_var(buffer->cpumask);
	rb_buffer_put(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free);

/* ---- recording switches ---- */

/**
 * ring_buffer_record_off - switch recording off (not counted)
 * @buffer: the buffer
 *
 * Unlike ring_buffer_record_disable() this is a switch: one
 * ring_buffer_record_on() turns it back on.
 */
void ring_buffer_record_off(struct trace_buffer *buffer)
{
	int old = atomic_read(&buffer->record_disabled);

	while (!atomic_try_cmpxchg(&buffer->record_disabled, &old,
				   old | RB_BUFFER_OFF))
		;
}
EXPORT_SYMBOL_GPL(ring_buffer_record_off);

/**
 * ring_buffer_record_on - switch recording back on
 * @buffer: the buffer
 */
void ring_buffer_record_on(struct trace_buffer *buffer)
{
	int old = atomic_read(&buffer->record_disabled);

	while (!atomic_try_cmpxchg(&buffer->record_disabled, &old,
				   old & ~RB_BUFFER_OFF))
		;
}
EXPORT_SYMBOL_GPL(ring_buffer_record_on);

/**
 * ring_buffer_record_is_on - is the buffer recording right now?
 * @buffer: the buffer
 */
bool ring_buffer_record_is_on(struct trace_buffer *buffer)
{
	return !atomic_read(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_on);

/**
 * ring_buffer_record_is_set_on - is the on/off switch on?
 * @buffer: the buffer
 *
 * True even while temporarily disabled by ring_buffer_record_disable().
 */
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer)
{
	return !(atomic_read(&buffer->record_disabled) & RB_BUFFER_OFF);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_set_on);

/**
 * ring_buffer_record_enable - undo one ring_buffer_record_disable()
 * @buffer: the buffer
 */
void ring_buffer_record_enable(struct trace_buffer *buffer)
{
	atomic_dec(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable);

/**
 * ring_buffer_record_disable - stop all writes (counted)
 * @buffer: the buffer
 *
 * Writers already inside continue; wait with synchronize_rcu() if that
 * matters. Undone by ring_buffer_record_enable().
 */
void ring_buffer_record_disable(struct trace_buffer *buffer)
{
	atomic_inc(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable);

/**
 * ring_buffer_record_disable_cpu - stop writes on one CPU (counted)
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	if (cb)
		atomic_inc(&cb->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable_cpu);

/**
 * ring_buffer_record_enable_cpu - undo ring_buffer_record_disable_cpu()
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	if (cb)
		atomic_dec(&cb->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable_cpu);

/**
 * ring_buffer_change_overwrite - switch between overwrite and drop-new
 * @buffer: the buffer
 * @val: non-zero to overwrite the oldest events when full
 */
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val)
{
	mutex_lock(&buffer->mutex);
	if (val)
		WRITE_ONCE(buffer->flags, buffer->flags | RB_FL_OVERWRITE);
	else
		WRITE_ONCE(buffer->flags, buffer->flags & ~RB_FL_OVERWRITE);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_change_overwrite);

/* ---- statistics ---- */

/**
 * ring_buffer_size - data bytes of one CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 */
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	return cb ? (unsigned long)buffer->subbuf_size * cb->nr_pages : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_size);

/**
 * ring_buffer_max_event_size - largest payload one event can have
 * @buffer: the buffer
 */
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer)
{
	return READ_ONCE(buffer->max_data_size);
}
EXPORT_SYMBOL_GPL(ring_buffer_max_event_size);

/**
 * ring_buffer_oldest_event_ts - time stamp of the oldest unread data
 * @buffer: the buffer
 * @cpu: the CPU
 */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	struct rb_subbuf *p;
	unsigned long flags;
	u64 ts = 0;

	if (!cb)
		return 0;
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	p = rb_find_head(cb);
	if (cb->reader_page->read < rb_page_size(cb->reader_page))
		ts = cb->read_stamp;
	else if (READ_ONCE(cb->tail_page) == cb->reader_page)
		ts = cb->reader_page->page->time_stamp;
	else if (p)
		ts = p->page->time_stamp;
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_oldest_event_ts);

/**
 * ring_buffer_bytes_cpu - bytes of unread data on a CPU
 * @buffer: the buffer
 * @cpu: the CPU
 */
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	return cb ? local_read(&cb->entries_bytes) - cb->read_bytes : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_bytes_cpu);

/**
 * ring_buffer_entries_cpu - unread events on a CPU
 * @buffer: the buffer
 * @cpu: the CPU
 */
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	return cb ? rb_nr_entries(cb) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries_cpu);

/**
 * ring_buffer_overrun_cpu - events overwritten on a CPU
 * @buffer: the buffer
 * @cpu: the CPU
 */
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	return cb ? local_read(&cb->overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_overrun_cpu);

/**
 * ring_buffer_commit_overrun_cpu - events dropped by a full ring of
 *	uncommitted data (interrupt storms)
 * @buffer: the buffer
 * @cpu: the CPU
 */
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	return cb ? local_read(&cb->commit_overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_commit_overrun_cpu);

/**
 * ring_buffer_dropped_events_cpu - events refused because the buffer was
 *	full in producer/consumer mode
 * @buffer: the buffer
 * @cpu: the CPU
 */
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	return cb ? local_read(&cb->dropped_events) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_dropped_events_cpu);

/**
 * ring_buffer_read_events_cpu - events consumed on a CPU
 * @buffer: the buffer
 * @cpu: the CPU
 */
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	return cb ? cb->read : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_events_cpu);

/**
 * ring_buffer_entries - unread events on all CPUs
 * @buffer: the buffer
 */
unsigned long ring_buffer_entries(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		sum += rb_nr_entries(buffer->buffers[cpu]);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries);

/**
 * ring_buffer_overruns - events overwritten on all CPUs
 * @buffer: the buffer
 */
unsigned long ring_buffer_overruns(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		sum += local_read(&buffer->buffers[cpu]->overrun);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_overruns);

/**
 * ring_buffer_nr_dirty_pages - sub-buffers written and not yet read
 * @buffer: the buffer
 * @cpu: the CPU
 */
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	size_t touched, lost, read;

	if (!cb)
		return 0;
	read = local_read(&cb->pages_read);
	lost = local_read(&cb->pages_lost);
	touched = local_read(&cb->pages_touched);
	if (touched < lost + read)
		return 0;	/* the reader may hold an empty page */
	return touched - lost - read;
}
EXPORT_SYMBOL_GPL(ring_buffer_nr_dirty_pages);

/* ---- time ---- */

/**
 * ring_buffer_time_stamp - read the buffer's clock
 * @buffer: the buffer
 */
u64 ring_buffer_time_stamp(struct trace_buffer *buffer)
{
	u64 ts;

	preempt_disable_notrace();
	ts = rb_clock(buffer);
	preempt_enable_notrace();
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp);

/**
 * ring_buffer_normalize_time_stamp - turn a buffer time into clock time
 * @buffer: the buffer
 * @cpu: the CPU the time came from
 * @ts: the time, adjusted in place
 *
 * Stamps are stored exactly as the clock returned them, so there is
 * nothing to adjust; the hook stays for API users.
 */
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer,
				      int cpu, u64 *ts)
{
}
EXPORT_SYMBOL_GPL(ring_buffer_normalize_time_stamp);

/**
 * ring_buffer_set_clock - choose the clock events are stamped with
 * @buffer: the buffer
 * @clock: the clock; must be safe in any context, NMI included
 */
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void))
{
	buffer->clock = clock;
}
EXPORT_SYMBOL_GPL(ring_buffer_set_clock);

/**
 * ring_buffer_set_time_stamp_abs - stamp every event with absolute time
 * @buffer: the buffer
 * @abs: true for absolute stamps, false for deltas
 */
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs)
{
	WRITE_ONCE(buffer->abs_stamps, abs);
	/* with absolute stamps every event carries one: 8 bytes less */
	rb_update_max_data_size(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_time_stamp_abs);

/**
 * ring_buffer_time_stamp_abs - are events stamped with absolute time?
 * @buffer: the buffer
 */
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer)
{
	return READ_ONCE(buffer->abs_stamps);
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp_abs);

/* ---- sub-buffer size ---- */

/**
 * ring_buffer_subbuf_order_get - page order of the sub-buffers
 * @buffer: the buffer
 */
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer)
{
	return buffer ? buffer->subbuf_order : -EINVAL;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_get);

/**
 * ring_buffer_subbuf_size_get - bytes of a sub-buffer, header included
 * @buffer: the buffer
 */
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer)
{
	return buffer->subbuf_size + RB_PAGE_HDR;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_size_get);
