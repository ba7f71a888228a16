// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer readers: the reader page swap, consuming reads, iterators,
 * whole sub-buffer reads and waiting for data.
 *
 * Readers of one CPU buffer are serialized by its reader_lock; they run
 * on any CPU, concurrently with that CPU's writers. The only place where a
 * reader changes the ring is the swap of its private page with the head
 * page (steps S1-S5 in Documentation/trace/ring-buffer-design.rst).
 */
#include <linux/preempt.h>
#include <linux/hardirq.h>
#include <linux/export.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/sched.h>
#include <linux/delay.h>
#include <linux/smp.h>
#include <linux/highmem.h>

#include "ring_buffer_internal.h"

/* ---- locking ---- */

/*
 * In NMI context (a crash dump) the lock may be held by the context we
 * interrupted: only try it, and if that fails read unlocked but stop
 * recording on this CPU for good, as the state may be inconsistent.
 */
bool rb_reader_lock(struct rb_cpu *cb, unsigned long *flags)
{
	if (likely(!in_nmi())) {
		raw_spin_lock_irqsave(&cb->reader_lock, *flags);
		return true;
	}
	local_irq_save(*flags);
	if (raw_spin_trylock(&cb->reader_lock))
		return true;
	atomic_inc(&cb->record_disabled);
	return false;
}

void rb_reader_unlock(struct rb_cpu *cb, unsigned long flags, bool locked)
{
	if (locked)
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	else
		local_irq_restore(flags);
}

/* ---- finding the head ---- */

/*
 * Find the page whose incoming pointer carries HEAD. Returns NULL while a
 * writer is pushing the head (UPDATE seen): the caller treats the ring as
 * busy and tries again later.
 */
struct rb_subbuf *rb_find_head(struct rb_cpu *cb)
{
	struct rb_subbuf *p, *start;
	unsigned long state;
	int round, tries;

	for (tries = 0; tries < 100; tries++) {
		bool busy = false;

		start = cb->head_page;
		if (!start)
			return NULL;
		for (round = 0; round < 2; round++) {
			p = start;
			do {
				state = rb_ptr_state(rb_prev_page(p), p);
				if (state == RB_PTR_HEAD) {
					cb->head_page = p;
					return p;
				}
				if (state == RB_PTR_UPDATE)
					busy = true;
				p = rb_next_page(p);
			} while (p != start);
		}
		if (!busy)
			break;
		cpu_relax();
	}
	/* no HEAD and no writer moving it: the ring is corrupt */
	rb_broken(cb, tries < 100);
	return NULL;
}

/* ---- the reader page swap ---- */

/*
 * Empty a page the writers no longer use, read offset included: if the
 * swap that follows cannot be done now, the page stays ours, empty and
 * consistent. Its generation moves on rather than back to zero: an
 * iterator that saw the page before must not take its next contents for
 * the old ones.
 */
static void rb_recycle(struct rb_subbuf *p)
{
	local_set(&p->write, (local_read(&p->write) & ~RB_OFF_MASK) + RB_GEN_ONE);
	local_set(&p->entries, 0);
	local_set(&p->page->commit, 0);
	p->real_end = 0;
	p->read = 0;
}

/*
 * S4a: claim @head, turning the HEAD flag of the pointer into it into
 * UPDATE. Fully ordered; fails if a writer pushed the head (P1) since we
 * found it. While the claim stands, a writer that wants @head finds UPDATE
 * and no HEAD anywhere and drops its event (rb_push_head()): nothing is
 * dropped from the ring, so the overrun read next is exactly what was
 * lost before @head. A writer that went round the whole ring since we
 * found @head brings the same pointer back, and the claim succeeds on a
 * head that is the head again: the count is read only now, so it holds.
 */
static bool rb_claim_head(struct rb_subbuf *prev, struct rb_subbuf *head)
{
	return rb_ptr_swing(prev, head, RB_PTR_HEAD, RB_PTR_UPDATE) ==
		RB_PTR_HEAD;
}

/*
 * S4b: the claimed pointer leads to @reader, prepared in S3, instead.
 * Fully ordered: writers that follow the pointer see our page's links.
 */
static bool rb_install_reader(struct rb_subbuf *prev, struct rb_subbuf *head,
			      struct rb_subbuf *reader)
{
	unsigned long *ptr = (unsigned long *)&prev->list.next;
	unsigned long old = (unsigned long)&head->list | RB_PTR_UPDATE;

	return try_cmpxchg(ptr, &old, (unsigned long)&reader->list);
}

/*
 * S2-S4: find the head and take it for @reader, which S1 emptied and
 * which S3 points around the head. Returns the page taken, with the
 * events lost before it in *@overrun, or NULL when writers keep pushing
 * the head (nothing to read for now).
 */
static struct rb_subbuf *rb_take_head(struct rb_cpu *cb,
				      struct rb_subbuf *reader,
				      unsigned long *overrun)
{
	struct rb_subbuf *head, *prev;
	struct list_head *next;
	int tries;

	for (tries = 0;; tries++) {
		/* S2: find the head; S3: point our page around it */
		head = rb_find_head(cb);
		if (!head)
			return NULL;
		prev = rb_prev_page(head);
		/* head->list.next is a writer's cmpxchg target */
		next = rb_ptr_clean(READ_ONCE(head->list.next));
		reader->list.prev = &prev->list;
		/*
		 * A writer that read a pointer to this page while it was
		 * still the head may look at it; it will fail its cmpxchg on
		 * the old pointer and retry.
		 */
		WRITE_ONCE(reader->list.next, (struct list_head *)
			   ((unsigned long)next | RB_PTR_HEAD));
		rb_preempt_point(cb, "reader-prepared");

		/* S4a; fails while writers push the head: let them */
		if (rb_claim_head(prev, head))
			break;
		if (tries > 1000)
			return NULL;
		cpu_relax();
	}
	/*
	 * Ordered after the claim by its cmpxchg, and every drop before it
	 * counted: a writer adds a dropped page's events before it flags
	 * the next head (P2), and we saw @head flagged. Nothing is dropped
	 * while we hold the claim.
	 */
	*overrun = local_read(&cb->overrun);
	rb_preempt_point(cb, "reader-claimed");
	/* S4b: cannot fail, only we change a claimed pointer */
	if (rb_broken(cb, !rb_install_reader(prev, head, reader)))
		return NULL;
	return head;
}

/*
 * Refresh what the meta page of a mapped CPU buffer tells user space.
 * Reader lock held.
 *
 * It lives beside the reader swap, which calls it, rather than with the
 * rest of the mapping code. A call into another file makes the compiler
 * assume every scratch register lost, so rb_reader_page() would save and
 * restore one on every whole-page read, mapped or not; for a function in
 * this file it knows which registers are used (this file is built without
 * the function tracer's hooks). noinline keeps the body out of the swap
 * loop, whose only cost for an unmapped buffer is then the test on
 * cb->meta.
 */
noinline void rb_update_meta(struct rb_cpu *cb)
{
	struct trace_buffer_meta *meta = cb->meta;

	if (!meta)
		return;
	meta->reader.read = cb->reader_page->read;
	meta->reader.id = cb->reader_page->id;
	meta->reader.lost_events = cb->lost_events;
	meta->entries = local_read(&cb->entries);
	meta->overrun = local_read(&cb->overrun);
	meta->read = cb->read;
	/* for architectures whose user mappings alias differently */
	flush_kernel_vmap_range(meta, PAGE_SIZE);
}

/*
 * S5: finish the splice of @reader in place of @head, which becomes the
 * reader page, and account the events lost before it.
 */
static void rb_finish_swap(struct rb_cpu *cb, struct rb_subbuf *reader,
			   struct rb_subbuf *head, unsigned long overrun)
{
	struct rb_subbuf *after;

	/*
	 * Only now is our page in the ring: cb->pages must always name a
	 * ring page (freeing and re-linking walk the ring from it), and
	 * @head, which it may have named, just left. Our page's next is a
	 * ring pointer now, that writers may flag.
	 */
	after = list_entry(rb_ptr_clean(READ_ONCE(reader->list.next)),
			   struct rb_subbuf, list);
	after->list.prev = &reader->list;
	cb->pages = &reader->list;
	cb->head_page = after;
	/* writers compare it with the commit page; see rb_may_move() */
	WRITE_ONCE(cb->reader_page, head);
	head->read = 0;
	cb->swaps++;
	local_inc(&cb->pages_read);
	if (overrun != cb->last_overrun) {
		cb->lost_events += overrun - cb->last_overrun;
		cb->last_overrun = overrun;
	}
	/*
	 * A mapped reader learns of a swap made by another consumer
	 * (trace_pipe, trace_pipe_raw) at once: the page it was copying may
	 * be the writer's again, and the id it reads after its copy says so.
	 * Tested here, not in the callee: an unmapped buffer's swaps (every
	 * whole-page read) pay no call for it.
	 */
	if (unlikely(cb->meta))
		rb_update_meta(cb);
	rb_preempt_point(cb, "reader-swapped");
}

/*
 * Return the reader page with something left to read, swapping in the
 * head page when the current one is used up (S1-S5). NULL if nothing is
 * readable.
 */
static struct rb_subbuf *rb_reader_page(struct rb_cpu *cb)
{
	struct rb_subbuf *reader, *head, *commit;
	unsigned long overrun;
	unsigned int size;
	int swaps;

	for (swaps = 0; swaps < 3; swaps++) {
		reader = cb->reader_page;
		commit = READ_ONCE(cb->commit_page);
		/*
		 * Commit page before commit word: once the commit page has
		 * left our page, our page's commit word is final (smp_wmb()
		 * in rb_publish()). The other order could miss its tail.
		 */
		smp_rmb();
		size = rb_page_size(reader);
		if (reader->read < size)
			goto found;
		if (rb_broken(cb, reader->read > size))
			return NULL;
		/* The writer is still on our page: nothing newer exists. */
		if (commit == reader)
			return NULL;
		if (!rb_nr_entries(cb))
			return NULL;

		/*
		 * S1: empty our page for its return to the ring. Writers
		 * left it for good: the commit is past it, which needs every
		 * writer that ever saw it as tail to have finished.
		 */
		rb_recycle(reader);
		rb_preempt_point(cb, "reader-recycled");

		head = rb_take_head(cb, reader, &overrun);
		if (!head)
			return NULL;
		rb_finish_swap(cb, reader, head, overrun);
	}
	return NULL;
found:
	/* commit word before stamp and event bytes; pairs with rb_publish() */
	smp_rmb();
	if (!reader->read)
		cb->read_stamp = reader->page->time_stamp;
	return reader;
}

/* For ring_buffer_map_get_reader(): the reader page, swapped if used up. */
struct rb_subbuf *rb_reader_page_get(struct rb_cpu *cb)
{
	return rb_reader_page(cb);
}

/* ---- consuming reads ---- */

/*
 * Apply an event to a running time stamp: @page_ts supplies the upper
 * bits of absolute stamps. Returns the time of the event.
 */
static u64 rb_apply_stamp(struct ring_buffer_event *ev, u64 *stamp,
			  u64 page_ts)
{
	switch (ev->type_len) {
	case RINGBUF_TYPE_TIME_EXTEND:
		*stamp += rb_stamp_value(ev);
		break;
	case RINGBUF_TYPE_TIME_STAMP:
		*stamp = rb_full_stamp(rb_stamp_value(ev), page_ts);
		break;
	default:
		/*
		 * Data, and events discarded in place: later deltas are
		 * relative to them.
		 */
		*stamp += ev->time_delta;
		break;
	}
	return *stamp;
}

/* Step the reader past the event at its position. */
static void rb_reader_skip(struct rb_cpu *cb, struct rb_subbuf *reader,
			   struct ring_buffer_event *ev)
{
	unsigned int size = rb_page_size(reader);
	unsigned int len = rb_event_len(ev);

	if (!len || reader->read + len > size)
		len = size - reader->read;	/* rest of page is padding */
	rb_apply_stamp(ev, &cb->read_stamp, reader->page->time_stamp);
	reader->read += len;
	cb->read_bytes += len;
}

/*
 * The next data event of a CPU buffer, consuming internal events on the
 * way. Caller holds the reader lock.
 */
static struct ring_buffer_event *
rb_peek_locked(struct rb_cpu *cb, u64 *ts, unsigned long *lost)
{
	struct ring_buffer_event *ev;
	struct rb_subbuf *reader;
	unsigned long limit = 2 * cb->nr_pages * 1024;

	while (limit--) {
		reader = rb_reader_page(cb);
		if (!reader)
			return NULL;
		ev = rb_event_at(reader, reader->read);
		if (ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX) {
			if (ts) {
				*ts = cb->read_stamp + ev->time_delta;
				ring_buffer_normalize_time_stamp(cb->buffer,
								 cb->cpu, ts);
			}
			if (lost)
				*lost = cb->lost_events;
			return ev;
		}
		rb_reader_skip(cb, reader, ev);
	}
	rb_broken(cb, 1);
	return NULL;
}

static void rb_consume_locked(struct rb_cpu *cb, struct ring_buffer_event *ev)
{
	rb_reader_skip(cb, cb->reader_page, ev);
	cb->read++;
	cb->lost_events = 0;
}

/* The next event of a CPU under the reader lock, consumed if asked. */
static struct ring_buffer_event *
rb_read_next(struct trace_buffer *buffer, int cpu, u64 *ts,
	     unsigned long *lost_events, bool consume)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	struct ring_buffer_event *ev;
	unsigned long flags;
	bool locked;

	if (!cb)
		return NULL;
	locked = rb_reader_lock(cb, &flags);
	ev = rb_peek_locked(cb, ts, lost_events);
	if (ev && consume)
		rb_consume_locked(cb, ev);
	rb_reader_unlock(cb, flags, locked);
	return ev;
}

/**
 * ring_buffer_peek - look at the next event of a CPU without consuming it
 * @buffer: the buffer
 * @cpu: which CPU
 * @ts: if not NULL, set to the event's time stamp
 * @lost_events: if not NULL, set to the events lost just before it
 *
 * Returns the event or NULL if there is none.
 */
struct ring_buffer_event *
ring_buffer_peek(struct trace_buffer *buffer, int cpu, u64 *ts,
		 unsigned long *lost_events)
{
	return rb_read_next(buffer, cpu, ts, lost_events, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_peek);

/**
 * ring_buffer_consume - return the next event of a CPU and consume it
 * @buffer: the buffer
 * @cpu: which CPU
 * @ts: if not NULL, set to the event's time stamp
 * @lost_events: if not NULL, set to the events lost just before it
 *
 * The event stays valid until the next read of this CPU buffer.
 * Returns NULL if there is nothing to read.
 */
struct ring_buffer_event *
ring_buffer_consume(struct trace_buffer *buffer, int cpu, u64 *ts,
		    unsigned long *lost_events)
{
	return rb_read_next(buffer, cpu, ts, lost_events, true);
}
EXPORT_SYMBOL_GPL(ring_buffer_consume);

/* ---- emptiness ---- */

/* Is there a data event in [from, size) of @p, or only internal ones? */
static bool rb_has_data(struct rb_subbuf *p, unsigned int from,
			unsigned int size)
{
	struct ring_buffer_event *ev;
	unsigned int len;

	while (from < size) {
		ev = rb_event_at(p, from);
		if (ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
			return true;
		len = rb_event_len(ev);
		if (!len)
			break;
		from += len;
	}
	return false;
}

bool rb_cpu_empty(struct rb_cpu *cb)
{
	struct rb_subbuf *reader = cb->reader_page;
	struct rb_subbuf *commit = READ_ONCE(cb->commit_page);
	struct rb_subbuf *head;
	unsigned int size;

	/* commit page before commit words, as in rb_reader_page() */
	smp_rmb();
	size = rb_page_size(reader);
	/* commit word before the events it covers */
	smp_rmb();
	if (rb_has_data(reader, reader->read, size))
		return false;
	if (commit == reader)
		return true;
	head = rb_find_head(cb);
	if (!head)
		return true;
	/* pages between the head and the commit page hold data */
	if (commit != head)
		return false;
	return rb_page_size(commit) == 0;
}

/**
 * ring_buffer_empty_cpu - is a CPU buffer empty?
 * @buffer: the buffer
 * @cpu: which CPU
 */
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	unsigned long flags;
	bool locked, ret;

	if (!cb)
		return true;
	locked = rb_reader_lock(cb, &flags);
	ret = rb_cpu_empty(cb);
	rb_reader_unlock(cb, flags, locked);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty_cpu);

/**
 * ring_buffer_empty - is every CPU buffer empty?
 * @buffer: the buffer
 */
bool ring_buffer_empty(struct trace_buffer *buffer)
{
	int cpu;

	for_each_cpu(cpu, buffer->cpumask) {
		if (!ring_buffer_empty_cpu(buffer, cpu))
			return false;
	}
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty);

/* ---- iterators ---- */

/* The generation of a page: bumped by every tail move onto it. */
static unsigned long rb_page_gen(struct rb_subbuf *p)
{
	return local_read(&p->write) & ~RB_OFF_MASK;
}

/*
 * Enter @p at @pos, where the time is @stamp. At offset 0 the time is the
 * page's stamp, taken only once the commit word says an event is there
 * (rb_iter_load()): a page with nothing committed yet may still carry a
 * stamp from before.
 */
static void rb_iter_enter(struct ring_buffer_iter *iter, struct rb_subbuf *p,
			  unsigned int pos, u64 stamp)
{
	iter->page = p;
	iter->gen = rb_page_gen(p);
	/* generation before the page contents; pairs with the tail cmpxchg */
	smp_rmb();
	iter->pos = pos;
	iter->next_pos = pos;
	iter->stamp = stamp;
	iter->stamp_known = pos;
}

/*
 * Move to the consumer's position. A pending dropped report stays: catching
 * up with the consumer skips only what was consumed.
 */
static void rb_iter_reset(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cb = iter->cb;

	iter->seen_reader = cb->reader_page;
	iter->seen_swaps = cb->swaps;
	iter->seen_read = cb->read;
	iter->seen_removed = cb->pages_removed;
	rb_iter_enter(iter, cb->reader_page, cb->reader_page->read,
		      cb->read_stamp);
}

/*
 * A consumer read since we last looked. Events it consumed are gone, so
 * move up to it if it passed us; if it has not reached our page, stay.
 */
static void rb_iter_follow(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cb = iter->cb;
	struct rb_subbuf *reader = cb->reader_page;

	if ((iter->page == reader && iter->pos < reader->read) ||
	    (iter->page != reader && iter->page == iter->seen_reader)) {
		/* on its page behind it, or on a page it gave back */
		rb_iter_reset(iter);
		return;
	}
	iter->seen_reader = reader;
	iter->seen_swaps = cb->swaps;
	iter->seen_read = cb->read;
}

/*
 * Load the next data event into iter->ev. Caller holds the reader lock.
 * Events are copied out and the copy validated against the page
 * generation, so an overwriting writer can make us skip, never lie.
 */
static struct ring_buffer_event *rb_iter_load(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cb = iter->cb;
	struct ring_buffer_event *ev;
	unsigned long limit = 2 * cb->nr_pages * 1024;
	struct rb_subbuf *next, *commit;
	unsigned int size, len;
	u64 ts;

	if (iter->seen_removed != cb->pages_removed) {
		/* pages went away under us (resize, reset) */
		rb_iter_reset(iter);
		iter->dropped = true;
	} else if (iter->seen_swaps != cb->swaps ||
		   iter->seen_read != cb->read) {
		rb_iter_follow(iter);
	}
	if (iter->next_pos != iter->pos)
		return iter->ev;

	while (limit--) {
		commit = READ_ONCE(cb->commit_page);
		/* commit page, commit word, data: as in rb_reader_page() */
		smp_rmb();
		size = rb_page_size(iter->page);
		/* commit word before generation and data */
		smp_rmb();
		if (rb_page_gen(iter->page) != iter->gen)
			goto overrun;
		/*
		 * While the commit is on the reader page the ring holds no
		 * data at all: the consumer went past us. Its head may even
		 * be the page a writer stalled in rb_push_head() has given
		 * up, still holding the events it counted as lost.
		 */
		if (commit == cb->reader_page && iter->page != commit) {
			rb_iter_reset(iter);
			continue;
		}
		if (iter->pos >= size) {
			if (iter->page == commit)
				return NULL;
			if (iter->page == cb->reader_page)
				next = rb_find_head(cb);
			else
				next = rb_next_page(iter->page);
			if (!next)
				return NULL;
			rb_iter_enter(iter, next, 0, 0);
			continue;
		}
		/*
		 * Something is committed: the page stamp is its first
		 * event's, ordered before the commit word we read (smp_rmb()
		 * above); the generation check after the copy validates it.
		 */
		if (!iter->stamp_known) {
			iter->stamp = iter->page->page->time_stamp;
			iter->stamp_known = true;
		}
		ev = rb_event_at(iter->page, iter->pos);
		len = rb_event_len(ev);
		if (!len)
			len = size - iter->pos;
		if (iter->pos + len > size || len > iter->ev_cap)
			goto overrun;
		memcpy(iter->ev, ev, len);
		rb_preempt_point(cb, "iter-copied");
		/* copy before re-checking the generation */
		smp_rmb();
		if (rb_page_gen(iter->page) != iter->gen)
			goto overrun;
		ev = iter->ev;
		if (ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX) {
			iter->cached_ts = iter->stamp + ev->time_delta;
			iter->next_pos = iter->pos + len;
			return ev;
		}
		ts = iter->stamp;
		rb_apply_stamp(ev, &ts, iter->page->page->time_stamp);
		iter->stamp = ts;
		iter->pos += len;
		iter->next_pos = iter->pos;
		continue;
overrun:
		/*
		 * The writer lapped us here. What it overwrote is gone; the
		 * oldest that survives, and follows what we returned, starts
		 * at the head. While the head is being pushed, try again at
		 * the next call (the generation still differs).
		 */
		iter->dropped = true;
		next = rb_find_head(cb);
		if (!next)
			return NULL;
		rb_iter_enter(iter, next, 0, 0);
	}
	return NULL;
}

/**
 * ring_buffer_read_start - start a non-consuming read of a CPU buffer
 * @buffer: the buffer
 * @cpu: which CPU
 * @flags: allocation flags
 *
 * Resizing the CPU buffer is refused until ring_buffer_read_finish().
 * Returns the iterator or NULL.
 */
struct ring_buffer_iter *
ring_buffer_read_start(struct trace_buffer *buffer, int cpu, gfp_t flags)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	struct ring_buffer_iter *iter;
	unsigned long irqflags;

	if (!cb)
		return NULL;
	/*
	 * Block resizes and order changes first, then size the copy of an
	 * event by the sub-buffer size, which cannot change any more. A
	 * change that started before it could see our count (it sets
	 * resizing, then reads the counts; we set ours, then read
	 * resizing: a full barrier each) is waited for, or, when we may
	 * not sleep, makes us fail.
	 */
	for (;;) {
		atomic_inc(&cb->resize_disabled);
		/* our count before resizing; pairs with ring_buffer_resize() */
		smp_mb__after_atomic();
		if (!atomic_read(&buffer->resizing))
			break;
		atomic_dec(&cb->resize_disabled);
		if (!gfpflags_allow_blocking(flags))
			return NULL;
		usleep_range(500, 1000);
	}
	iter = kzalloc(sizeof(*iter), flags);
	if (!iter)
		goto fail;
	iter->ev_cap = buffer->subbuf_size;
	iter->ev = kmalloc(iter->ev_cap, flags);
	if (!iter->ev) {
		kfree(iter);
		goto fail;
	}
	iter->cb = cb;

	raw_spin_lock_irqsave(&cb->reader_lock, irqflags);
	rb_iter_reset(iter);
	raw_spin_unlock_irqrestore(&cb->reader_lock, irqflags);
	return iter;
fail:
	atomic_dec(&cb->resize_disabled);
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_start);

/**
 * ring_buffer_read_finish - end a read begun by ring_buffer_read_start()
 * @iter: the iterator, freed here
 */
void ring_buffer_read_finish(struct ring_buffer_iter *iter)
{
	atomic_dec(&iter->cb->resize_disabled);
	kfree(iter->ev);
	kfree(iter);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_finish);

/**
 * ring_buffer_iter_peek - the event at the iterator, not advancing
 * @iter: the iterator
 * @ts: if not NULL, set to the event's time stamp
 *
 * The event is a private copy, valid until the iterator moves.
 */
struct ring_buffer_event *
ring_buffer_iter_peek(struct ring_buffer_iter *iter, u64 *ts)
{
	struct rb_cpu *cb = iter->cb;
	struct ring_buffer_event *ev;
	unsigned long flags;
	bool locked;

	locked = rb_reader_lock(cb, &flags);
	ev = rb_iter_load(iter);
	if (ev && ts) {
		*ts = iter->cached_ts;
		ring_buffer_normalize_time_stamp(cb->buffer, cb->cpu, ts);
	}
	rb_reader_unlock(cb, flags, locked);
	return ev;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_peek);

/**
 * ring_buffer_iter_advance - step the iterator past the current event
 * @iter: the iterator
 */
void ring_buffer_iter_advance(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cb = iter->cb;
	unsigned long flags;
	bool locked;

	locked = rb_reader_lock(cb, &flags);
	if (rb_iter_load(iter)) {
		iter->stamp = iter->cached_ts;
		iter->pos = iter->next_pos;
	}
	rb_reader_unlock(cb, flags, locked);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_advance);

/**
 * ring_buffer_iter_reset - move the iterator back to the oldest event
 * @iter: the iterator
 */
void ring_buffer_iter_reset(struct ring_buffer_iter *iter)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	rb_iter_reset(iter);
	iter->dropped = false;
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_reset);

/**
 * ring_buffer_iter_empty - has the iterator reached the newest event?
 * @iter: the iterator
 */
int ring_buffer_iter_empty(struct ring_buffer_iter *iter)
{
	unsigned long flags;
	bool empty, locked;

	locked = rb_reader_lock(iter->cb, &flags);
	empty = !rb_iter_load(iter);
	rb_reader_unlock(iter->cb, flags, locked);
	return empty;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_empty);

/**
 * ring_buffer_iter_dropped - did the writer overwrite events under us?
 * @iter: the iterator
 *
 * Reports (and clears) whether events were skipped since the last call.
 */
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter)
{
	bool dropped = iter->dropped;

	iter->dropped = false;
	return dropped;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_dropped);

/* ---- whole sub-buffer reads ---- */

/**
 * ring_buffer_alloc_read_page - get a sub-buffer for ring_buffer_read_page()
 * @buffer: the buffer to be read
 * @cpu: the CPU to be read
 * @rpage: set to the new read page
 *
 * Returns 0 or a negative error.
 */
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	struct buffer_data_read_page *r;
	struct rb_data_page *data = NULL;
	unsigned long flags;
	struct page *page;

	if (!cb)
		return -ENODEV;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	r->order = buffer->subbuf_order;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	if (cb->spare && cb->spare_order == r->order) {
		data = cb->spare;
		cb->spare = NULL;
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);

	if (!data) {
		page = alloc_pages_node(cpu_to_node(cpu),
					GFP_KERNEL | __GFP_NORETRY | __GFP_COMP,
					r->order);
		if (!page) {
			kfree(r);
			return -ENOMEM;
		}
		data = page_address(page);
	}
	data->time_stamp = 0;
	local_set(&data->commit, 0);
	r->data = data;
	/* the page may come back after ring_buffer_free(): keep the struct */
	refcount_inc(&buffer->refs);
	*rpage = r;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc_read_page);

/**
 * ring_buffer_free_read_page - give back a page from ring_buffer_alloc_read_page()
 * @buffer: the buffer it was allocated for
 * @cpu: the CPU it was allocated for
 * @data_page: the read page
 */
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *data_page)
{
	struct rb_data_page *data = data_page->data;
	struct rb_cpu *cb;
	unsigned long flags;

	raw_spin_lock_irqsave(&buffer->pages_lock, flags);
	cb = buffer->freed ? NULL : rb_cpu_lookup(buffer, cpu);
	/*
	 * Keep it as the spare only if nobody else holds the page: spliced
	 * to a socket, the network stack may still send it, and the spare
	 * is written into by the next read.
	 */
	if (cb && data_page->order == buffer->subbuf_order &&
	    page_ref_count(virt_to_page(data)) == 1) {
		raw_spin_lock(&cb->reader_lock);
		if (!cb->spare) {
			cb->spare = data;
			cb->spare_order = data_page->order;
			data = NULL;
		}
		raw_spin_unlock(&cb->reader_lock);
	}
	raw_spin_unlock_irqrestore(&buffer->pages_lock, flags);
	if (data)
		free_pages((unsigned long)data, data_page->order);
	kfree(data_page);
	rb_buffer_put(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free_read_page);

/**
 * ring_buffer_read_page_size - bytes of a read page, header included
 * @rpage: the read page
 */
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage)
{
	return rpage ? PAGE_SIZE << rpage->order : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_size);

/**
 * ring_buffer_read_page_data - the sub-buffer inside a read page
 * @page: the read page
 */
void *ring_buffer_read_page_data(struct buffer_data_read_page *page)
{
	return page->data;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_data);

/* Bytes of data a read page can hold. */
static unsigned int rb_read_capacity(struct buffer_data_read_page *r)
{
	return (PAGE_SIZE << r->order) - RB_PAGE_HDR;
}

/* Consume the event at the reader position; returns its length. */
static unsigned int rb_reader_take(struct rb_cpu *cb, struct rb_subbuf *reader)
{
	struct ring_buffer_event *ev = rb_event_at(reader, reader->read);
	unsigned int before = reader->read;

	if (ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
		cb->read++;
	rb_reader_skip(cb, reader, ev);
	return reader->read - before;
}

/* Length of the event at @off, a stamp counted with what it stamps. */
static unsigned int rb_unit_len(struct rb_subbuf *reader, unsigned int off,
				unsigned int size)
{
	struct ring_buffer_event *ev = rb_event_at(reader, off);
	unsigned int n = rb_event_len(ev);

	if (!n || off + n > size)
		return size - off;
	if ((ev->type_len == RINGBUF_TYPE_TIME_EXTEND ||
	     ev->type_len == RINGBUF_TYPE_TIME_STAMP) && off + n < size)
		n += rb_unit_len(reader, off + n, size);
	return n;
}

/* Consume everything committed on the reader page. */
void rb_reader_consume_page(struct rb_cpu *cb, struct rb_subbuf *reader)
{
	unsigned int size = rb_page_size(reader);

	/* commit word before the events it covers */
	smp_rmb();
	while (reader->read < size)
		rb_reader_take(cb, reader);
}

/*
 * Copy whole events from the reader page into @dst, at most @len bytes,
 * consuming them. Returns the bytes copied.
 */
static unsigned int rb_copy_events(struct rb_cpu *cb, struct rb_subbuf *reader,
				   struct rb_data_page *dst, size_t len)
{
	unsigned int size = rb_page_size(reader);
	unsigned int pos = 0, n, done;

	/* commit word before the events it covers; pairs with rb_publish() */
	smp_rmb();

	while (reader->read < size) {
		/* a null padding only marks the end: consume, do not copy */
		if (rb_null_event(rb_event_at(reader, reader->read))) {
			rb_reader_take(cb, reader);
			continue;
		}
		n = rb_unit_len(reader, reader->read, size);
		if (pos + n > len)
			break;
		memcpy(dst->data + pos, reader->page->data + reader->read, n);
		pos += n;
		for (done = 0; done < n; )
			done += rb_reader_take(cb, reader);
	}
	return pos;
}

/* Hand the whole reader page to the caller, taking @dst in exchange. */
static void rb_swap_out_reader(struct rb_cpu *cb, struct rb_subbuf *reader,
			       struct buffer_data_read_page *dst)
{
	struct rb_data_page *full = reader->page;
	unsigned int end = reader->real_end;

	cb->read += rb_page_entries(reader);
	cb->read_bytes += rb_page_size(reader);

	dst->data->time_stamp = 0;
	local_set(&dst->data->commit, 0);
	reader->page = dst->data;
	rb_recycle(reader);
	dst->data = full;
	/* leave the end padding out of what the caller sees */
	if (end)
		local_set(&full->commit, end);
}

/**
 * ring_buffer_read_page - take events of a CPU buffer as one sub-buffer
 * @buffer: the buffer
 * @data_page: from ring_buffer_alloc_read_page(); filled here
 * @len: bytes available at @data_page, header included
 * @cpu: which CPU
 * @full: only succeed with all that is left of a finished sub-buffer
 *
 * If the reader page is complete, unread and fits, it is swapped with
 * @data_page without copying; otherwise as many whole events as fit are
 * copied. Events lost before these are flagged in the commit word, and
 * their number stored after the data when there is room.
 *
 * Returns the offset of the first event in the page (0), or -1 if
 * nothing was read.
 */
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *data_page,
			  size_t len, int cpu, int full)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	struct rb_subbuf *reader;
	struct rb_data_page *dst;
	unsigned long missed, flags;
	unsigned int size, cap;
	unsigned long commit;
	u64 stamp;
	int ret = -1;

	if (!cb || !data_page || !data_page->data || len <= RB_PAGE_HDR)
		return -1;
	cap = rb_read_capacity(data_page);
	len = min_t(size_t, len - RB_PAGE_HDR, cap);

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	reader = rb_reader_page(cb);
	/* a page ending in a null padding has nothing more to give */
	while (reader && rb_null_event(rb_event_at(reader, reader->read))) {
		rb_reader_take(cb, reader);
		reader = rb_reader_page(cb);
	}
	if (!reader)
		goto out;
	rb_preempt_point(cb, "read-page-found");
	size = rb_page_size(reader);
	/*
	 * The commit word may have grown since rb_reader_page() read it:
	 * before the events it covers, as there; pairs with rb_publish().
	 */
	smp_rmb();
	missed = cb->lost_events;

	/* a mapped buffer's pages must stay where user space sees them */
	if (reader->read || len < size || data_page->order != reader->order ||
	    reader == READ_ONCE(cb->commit_page) || cb->user_mapped) {
		/*
		 * A full read takes all that is left of a finished page (the
		 * rest of one partly read before, too), never a part of it.
		 */
		if (full && (reader == READ_ONCE(cb->commit_page) ||
			     len < size - reader->read))
			goto out;
		if (len < rb_unit_len(reader, reader->read, size))
			goto out;
		stamp = cb->read_stamp;
		dst = data_page->data;
		local_set(&dst->commit,
			  rb_copy_events(cb, reader, dst, len));
		dst->time_stamp = stamp;
	} else {
		rb_swap_out_reader(cb, reader, data_page);
		dst = data_page->data;
	}
	cb->lost_events = 0;

	commit = local_read(&dst->commit);
	size = commit & ~RB_MISSED_MASK;
	if (missed) {
		if (cap - size >= sizeof(missed)) {
			memcpy(&dst->data[size], &missed, sizeof(missed));
			commit |= RB_MISSED_STORED;
			size += sizeof(missed);
		}
		local_set(&dst->commit, commit | RB_MISSED_EVENTS);
	}
	if (size < cap)
		memset(&dst->data[size], 0, cap - size);
	ret = 0;
out:
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page);

/* ---- waiting ---- */

static void rb_waiters_work(struct irq_work *work)
{
	struct rb_waiters *w = container_of(work, struct rb_waiters, work);

	/* the seq bump is what one-shot waiters look for */
	atomic_inc_return_release(&w->seq);
	wake_up_all(&w->waiters);
	if (w->wake_full) {
		w->wake_full = false;
		wake_up_all(&w->full_waiters);
	}
}

void rb_waiters_init(struct rb_waiters *w)
{
	init_irq_work(&w->work, rb_waiters_work);
	init_waitqueue_head(&w->waiters);
	init_waitqueue_head(&w->full_waiters);
	atomic_set(&w->seq, 0);
}

/* Is the CPU buffer at least @full percent dirty? */
static bool rb_full_enough(struct trace_buffer *buffer, int cpu, int full)
{
	struct rb_cpu *cb = buffer->buffers[cpu];
	size_t dirty;

	if (!full || !cb->nr_pages)
		return true;
	/* the page the writer is on never counts: allow for it */
	dirty = ring_buffer_nr_dirty_pages(buffer, cpu) + 1;
	return dirty * 100 >= (size_t)full * cb->nr_pages;
}

/* Writer side, when full waiters exist and a page was filled. */
void rb_wake_full_slow(struct trace_buffer *buffer, struct rb_cpu *cb)
{
	cb->last_pages_touch = local_read(&cb->pages_touched);
	if (READ_ONCE(cb->reader_page) == READ_ONCE(cb->commit_page))
		return;
	if (!rb_full_enough(buffer, cb->cpu, READ_ONCE(cb->shortest_full)))
		return;
	cb->waiters.wake_full = true;
	WRITE_ONCE(cb->waiters.full_pending, false);
	irq_work_queue(&cb->waiters.work);
}

/* Does the reader have what it waits for? Records the wish if not. */
static bool rb_watermark(struct trace_buffer *buffer, int cpu, int full)
{
	struct rb_cpu *cb;
	unsigned long flags;
	bool hit;

	if (cpu == RING_BUFFER_ALL_CPUS)
		return !ring_buffer_empty(buffer);
	if (ring_buffer_empty_cpu(buffer, cpu))
		return false;
	if (!full)
		return true;

	cb = buffer->buffers[cpu];
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	hit = cb->reader_page != READ_ONCE(cb->commit_page) &&
		rb_full_enough(buffer, cpu, full);
	if (!hit && (!cb->shortest_full || cb->shortest_full > full))
		cb->shortest_full = full;
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return hit;
}

static struct rb_waiters *rb_waiters_of(struct trace_buffer *buffer, int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS)
		return &buffer->waiters;
	if (!rb_cpu_lookup(buffer, cpu))
		return NULL;
	return &buffer->buffers[cpu]->waiters;
}

struct rb_wait_args {
	struct trace_buffer	*buffer;
	struct rb_waiters	*w;
	int			cpu;
	int			full;
	ring_buffer_cond_fn	cond;
	void			*data;
	int			seq;
};

static void rb_full_barrier(void *unused)
{
	/* orders this CPU's earlier stores before its later loads */
	smp_mb();
}

/*
 * A waiter has asked for a wake up (pending set, smp_mb()) and is about
 * to look for data once more before it sleeps. A writer publishes, then
 * tests the flag, with no barrier in between: a full barrier in every
 * commit would cost every event. Without one, its publication may still
 * sit in its store buffer when the waiter looks, while its test reads
 * the flag from before the waiter set it: both miss, and the waiter
 * sleeps with data there until the next event. So the waiter makes the
 * writers' CPUs execute a full barrier (an IPI) between its flag store
 * and its look: a publication before that barrier is visible to the
 * look, a flag test after it sees the flag. Only waiters about to sleep
 * pay, once per sleep.
 */
static void rb_sync_writers(struct trace_buffer *buffer, int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS)
		on_each_cpu_mask(buffer->cpumask, rb_full_barrier, NULL, 1);
	else
		smp_call_function_single(cpu, rb_full_barrier, NULL, 1);
}

static bool rb_wait_done(struct rb_wait_args *a)
{
	if (rb_watermark(a->buffer, a->cpu, a->full))
		return true;
	if (a->cond ? a->cond(a->data) :
	    atomic_read_acquire(&a->w->seq) != a->seq)
		return true;
	/* Ask writers for a wake up, then look once more. */
	if (a->full)
		WRITE_ONCE(a->w->full_pending, true);
	else
		WRITE_ONCE(a->w->pending, true);
	/* flag store before the writers' barrier and the look */
	smp_mb();
	rb_sync_writers(a->buffer, a->cpu);
	return rb_watermark(a->buffer, a->cpu, a->full);
}

/**
 * ring_buffer_wait - wait for data in a buffer
 * @buffer: the buffer
 * @cpu: a CPU, or RING_BUFFER_ALL_CPUS for any
 * @full: for one CPU, wait until it is this many percent full (0: any data)
 * @cond: if not NULL, also stop waiting when it returns true; if NULL,
 *	stop at the first wake up
 * @data: argument of @cond
 *
 * Returns 0, -EINTR on a signal, or -ENODEV for a bad CPU.
 */
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data)
{
	struct rb_wait_args a = {
		.buffer = buffer, .cpu = cpu, .full = full,
		.cond = cond, .data = data,
	};
	wait_queue_head_t *q;

	a.w = rb_waiters_of(buffer, cpu);
	if (!a.w)
		return -ENODEV;
	if (cpu == RING_BUFFER_ALL_CPUS)
		a.full = 0;
	a.seq = atomic_read_acquire(&a.w->seq);
	q = a.full ? &a.w->full_waiters : &a.w->waiters;
	return wait_event_interruptible(*q, rb_wait_done(&a));
}
EXPORT_SYMBOL_GPL(ring_buffer_wait);

/**
 * ring_buffer_poll_wait - poll support for readers of a buffer
 * @buffer: the buffer
 * @cpu: a CPU, or RING_BUFFER_ALL_CPUS
 * @filp: the file being polled
 * @poll_table: the poll table
 * @full: fill percentage to wait for (one CPU only)
 *
 * Returns EPOLLIN | EPOLLRDNORM when readable, EPOLLERR for a bad CPU.
 */
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full)
{
	struct rb_waiters *w = rb_waiters_of(buffer, cpu);

	if (!w)
		return EPOLLERR;
	if (cpu == RING_BUFFER_ALL_CPUS)
		full = 0;
	poll_wait(filp, full ? &w->full_waiters : &w->waiters, poll_table);
	if (full)
		WRITE_ONCE(w->full_pending, true);
	else
		WRITE_ONCE(w->pending, true);
	/* flag before the writers' barrier and the check; see rb_sync_writers() */
	smp_mb();
	rb_sync_writers(buffer, cpu);
	if (rb_watermark(buffer, cpu, full))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_poll_wait);

/**
 * ring_buffer_wake_waiters - wake every task waiting on a buffer
 * @buffer: the buffer
 * @cpu: a CPU, or RING_BUFFER_ALL_CPUS for all of them
 */
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu)
{
	struct rb_waiters *w;

	if (!buffer)
		return;
	if (cpu == RING_BUFFER_ALL_CPUS) {
		for_each_cpu(cpu, buffer->cpumask)
			ring_buffer_wake_waiters(buffer, cpu);
		w = &buffer->waiters;
	} else {
		w = rb_waiters_of(buffer, cpu);
		if (!w)
			return;
	}
	w->wake_full = true;
	irq_work_queue(&w->work);
}
EXPORT_SYMBOL_GPL(ring_buffer_wake_waiters);
