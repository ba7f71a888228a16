// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer writer: reserve, commit and discard without locks.
 *
 * A writer only ever writes to the buffer of the CPU it runs on, with
 * preemption disabled. What can interleave with it is therefore limited to
 * interrupts (softirq, irq, NMI) on the same CPU, each of which runs to
 * completion before the interrupted writer continues. Remote CPUs only
 * read, except for the reader swapping its page with the head page, which
 * is arbitrated by a cmpxchg on the flagged list pointer.
 *
 * The protocol is described with diagrams in
 * Documentation/trace/ring-buffer-design.rst; the comments below name the
 * steps of that description.
 */
#include <linux/preempt.h>
#include <linux/hardirq.h>
#include <linux/export.h>
#include <linux/string.h>
#include <linux/err.h>
#include <linux/kprobes.h>

#include "ring_buffer_internal.h"

/* How a reservation stamps its time. */
enum rb_stamp_kind {
	RB_STAMP_DELTA,		/* delta fits in the event header */
	RB_STAMP_EXTEND,	/* preceded by a time extend */
	RB_STAMP_ABS,		/* preceded by an absolute time stamp */
};

struct rb_resv {
	u64			ts;
	u64			delta;
	unsigned long		size;		/* the data event alone */
	enum rb_stamp_kind	kind;
};

/*
 * Bytes a data event with @len bytes of payload takes on the page: the
 * header, array[0] holding the length when type_len cannot say it (large
 * payloads, and every event where payloads must be 8-byte aligned), the
 * payload, all rounded up to the alignment. With RB_ALIGNMENT 8 the
 * payload at array[1] is then 8-byte aligned, as every event starts so.
 */
static __always_inline unsigned long rb_data_size(unsigned long len)
{
	unsigned long size = RB_EVENT_HDR + len;

	if (RB_FORCE_8BYTE || len > RB_SMALL_DATA)
		size += sizeof(u32);
	size = ALIGN(size, RB_ALIGNMENT);
	/*
	 * Never 12 bytes: a discarded event must be able to turn into
	 * padding plus an 8-byte time stamp (rb_discard_in_place()), and
	 * padding needs at least 8. (With 8-byte alignment no size is 12.)
	 */
	if (size == RB_STAMP_LEN + RB_EVENT_HDR)
		size += RB_ALIGNMENT;
	return size;
}

/* ---- recursion guard ---- */

static __always_inline bool rb_ctx_enter(struct rb_cpu *cb)
{
	unsigned int bits = cb->ctx_bits;
	unsigned int bit = RB_IN_TASK - interrupt_context_level();

	bit += cb->nest_shift;
	if (unlikely(bits & (1U << bit))) {
		/*
		 * Same context again. That is legal once: an interrupt can
		 * trace before preempt_count() says it is an interrupt.
		 */
		bit = RB_IN_REENTRY + cb->nest_shift;
		if (bits & (1U << bit))
			return false;
	}
	/*
	 * An interrupt between the load and this store sets and clears its
	 * own bit, so the value we write back is still right.
	 */
	cb->ctx_bits = bits | (1U << bit);
	return true;
}

static __always_inline void rb_ctx_exit(struct rb_cpu *cb)
{
	/* The innermost context owns the lowest bit at or above nest_shift. */
	cb->ctx_bits &= cb->ctx_bits - (1U << cb->nest_shift);
}

/* ---- commit publication ---- */

static __always_inline void rb_start_commit(struct rb_cpu *cb)
{
	local_inc(&cb->committing);
	local_inc(&cb->commits);
}

static __always_inline unsigned long rb_write_end(struct trace_buffer *buffer,
						  struct rb_subbuf *p)
{
	return min_t(unsigned long, rb_page_off(p), buffer->subbuf_size);
}

/*
 * Move the commit up to the tail: every page before the tail gets its
 * final size, the tail page gets what has been reserved on it. Only the
 * outermost writer does this, when no reservation on this CPU is open, so
 * everything reserved so far has been written.
 */
static void rb_publish(struct rb_cpu *cb)
{
	struct trace_buffer *buffer = cb->buffer;
	struct rb_subbuf *p;
	unsigned long end;

again:
	while ((p = cb->commit_page) != READ_ONCE(cb->tail_page)) {
		/*
		 * Order the event bytes (and page time stamps) before the
		 * commit word that exposes them; readers pair with smp_rmb()
		 * after reading a commit word. One per store: an interrupt
		 * at the point below writes events that the next store
		 * exposes.
		 */
		smp_wmb();
		local_set(&p->page->commit, rb_write_end(buffer, p));
		/*
		 * A reader that sees the commit page leave @p must see
		 * @p's final commit word; pairs with its smp_rmb().
		 */
		smp_wmb();
		WRITE_ONCE(cb->commit_page, rb_next_page(p));
		rb_preempt_point(cb, "publish-page");
	}
	end = rb_write_end(buffer, p);
	if (local_read(&p->page->commit) != end) {
		/* as above: event bytes before the commit word */
		smp_wmb();
		local_set(&p->page->commit, end);
	}
	rb_preempt_point(cb, "publish-tail");
	/* interrupts on this CPU are the only concurrency: compiler order */
	barrier();
	/* An interrupt moved the tail while we walked: walk again. */
	if (unlikely(cb->commit_page != READ_ONCE(cb->tail_page)))
		goto again;
}

static __always_inline void rb_end_commit(struct rb_cpu *cb)
{
	unsigned long commits;

	for (;;) {
		commits = local_read(&cb->commits);
		/* sample commits before deciding; interrupts only */
		barrier();
		if (local_read(&cb->committing) == 1)
			rb_publish(cb);
		local_dec(&cb->committing);
		barrier();
		rb_preempt_point(cb, "commit-dropped");
		/*
		 * A writer that started after we published and finished
		 * before our decrement saw committing > 1 and left its data
		 * unpublished. It did bump commits: publish again for it.
		 */
		if (likely(local_read(&cb->commits) == commits) ||
		    local_read(&cb->committing))
			break;
		local_inc(&cb->committing);
	}
}

/* ---- waking readers ---- */

static __always_inline void rb_wakeups(struct trace_buffer *buffer,
				       struct rb_cpu *cb)
{
	/*
	 * No barrier between our publication and these tests: a waiter
	 * about to sleep makes this CPU execute one (rb_sync_writers()).
	 * irq_work_queue() orders our data before the waiter's wake up.
	 */
	if (unlikely(READ_ONCE(buffer->waiters.pending))) {
		WRITE_ONCE(buffer->waiters.pending, false);
		irq_work_queue(&buffer->waiters.work);
	}
	if (unlikely(READ_ONCE(cb->waiters.pending))) {
		WRITE_ONCE(cb->waiters.pending, false);
		irq_work_queue(&cb->waiters.work);
	}
	if (unlikely(READ_ONCE(cb->waiters.full_pending)) &&
	    cb->last_pages_touch != local_read(&cb->pages_touched))
		rb_wake_full_slow(buffer, cb);
}

/* ---- moving the tail to the next sub-buffer ---- */

/*
 * Does any pointer of the ring carry HEAD? Called by a writer that
 * interrupted a head push: no writer can set HEAD meanwhile, and a reader
 * only moves an existing flag forward, which a walk along the live
 * pointers cannot miss.
 */
static noinline bool rb_ring_has_head(struct rb_cpu *cb, struct rb_subbuf *from)
{
	struct rb_subbuf *p = from;
	unsigned long n;

	for (n = 0; n <= cb->nr_pages; n++) {
		if (((unsigned long)READ_ONCE(p->list.next) & RB_PTR_FLAGS) ==
		    RB_PTR_HEAD)
			return true;
		p = rb_next_page(p);
	}
	return false;
}

/*
 * Push the head one page forward because the tail wants the page it is
 * on (overwrite mode). Steps P1-P3 of the design document:
 *   P1 HEAD -> UPDATE on tail->next: the winner owns the page it drops;
 *   P2 NORMAL -> HEAD on the pointer to the page after it;
 *   P3 UPDATE -> NORMAL on tail->next.
 * Only the owner does P2. Returns 0 when the tail may move, 1 to retry,
 * -1 to drop the event.
 */
static int rb_push_head(struct rb_cpu *cb, struct rb_subbuf *tail,
			struct rb_subbuf *head)
{
	unsigned long entries = rb_page_entries(head);
	struct rb_subbuf *after;
	unsigned long was, ret;

	/*
	 * The page after @head, sampled before P1. Between our P1 and P2
	 * nobody changes head->list.next: interrupts do not push (below),
	 * and a reader can only take a page that a HEAD flag leads to,
	 * while no pointer carries one.
	 */
	after = rb_next_page(head);

	/* P1: fully ordered cmpxchg, pairs with the reader's replace. */
	was = rb_ptr_swing(tail, head, RB_PTR_HEAD, RB_PTR_UPDATE);
	switch (was) {
	case RB_PTR_HEAD:
		/*
		 * The page is ours to drop. Count it before P2 makes the
		 * next page swappable: a reader that swaps that page reads
		 * overrun after seeing its HEAD flag.
		 */
		local_add(entries, &cb->overrun);
		local_sub(rb_page_size(head), &cb->entries_bytes);
		local_inc(&cb->pages_lost);
		break;
	case RB_PTR_UPDATE:
		/*
		 * We interrupted the owner between P1 and P3. Past its P2 a
		 * HEAD exists (possibly moved on by a reader since) and the
		 * page it dropped may be written: the tail may move. Before
		 * its P2 we must not flag the head for it: when it resumes,
		 * its own P2 would flag a page we had meanwhile filled and
		 * left, a second HEAD through which a reader could take the
		 * page writers are on. Drop the event, as when the ring is
		 * full of uncommitted data; the window is a few
		 * instructions.
		 */
		rb_preempt_point(cb, "head-busy");
		if (rb_ring_has_head(cb, head)) {
			/*
			 * A reader's claim (S4a) sets UPDATE too. If the
			 * HEAD we found is the one the reader's page brought
			 * in (S4b), tail->next leads there now and @head is
			 * the reader page: retry on the ring as it is. The
			 * walk reached that HEAD through tail->next, so this
			 * later load sees the new pointer. Still UPDATE, the
			 * flag is the owner's, past its P2: a reader claims
			 * only a HEAD, and the owner's P3 waits for us.
			 */
			if (rb_ptr_state(tail, head) != RB_PTR_UPDATE)
				return 1;
			return 0;
		}
		local_inc(&cb->commit_overrun);
		return -1;
	case RB_PTR_NORMAL:
		/* An interrupt finished the push for us. */
	case RB_PTR_MOVED:
		/* The reader took the page; the ring changed. */
		return 1;
	default:
		rb_broken(cb, 1);
		return -1;
	}
	rb_preempt_point(cb, "head-update");

	/* P2: cannot fail, see @after above */
	ret = rb_ptr_swing(head, after, RB_PTR_NORMAL, RB_PTR_HEAD);
	if (rb_broken(cb, ret != RB_PTR_NORMAL))
		return -1;
	rb_preempt_point(cb, "head-set");

	/* P3: only the reader changes flags meanwhile, and only HEAD ones */
	ret = rb_ptr_swing(tail, head, RB_PTR_UPDATE, RB_PTR_NORMAL);
	if (rb_broken(cb, ret != RB_PTR_UPDATE))
		return -1;
	return 0;
}

/*
 * T5 of a tail move: the page is ready, let reservations in. The mover
 * does it, or an interrupt that found the tail on a page still claimed;
 * the second cmpxchg fails and changes nothing.
 */
static void rb_tail_open(struct rb_subbuf *p, long claimed)
{
	local_cmpxchg(&p->write, claimed, (claimed & ~RB_OFF_MASK) + RB_GEN_ONE);
}

/*
 * Make @next the tail page: steps T1-T5 of the design document. Returns
 * false when the event has to be dropped, true to retry the reservation
 * (on @next, or wherever an interrupt moved the tail meanwhile).
 */
static bool rb_move_tail(struct rb_cpu *cb, struct rb_subbuf *tail,
			 struct rb_subbuf *next)
{
	long w = local_read(&next->write);
	long e, claimed;

	/* T1: the sample before the check; interrupts only */
	barrier();
	rb_preempt_point(cb, "tail-sampled");
	if (tail != READ_ONCE(cb->tail_page))
		return true;		/* an interrupt moved it */
	if ((w & RB_OFF_MASK) == RB_OFF_MOVING)
		return false;		/* we interrupted the mover, below */

	/*
	 * T2: claim @next, bumping its generation. Until the tail is on
	 * @next, an interrupt that wants to move there finds the claim and
	 * drops its event; once it is, reservations there find the claim
	 * and open the page first (T5). Nothing is written on @next before
	 * the resets of T3, which therefore cannot land on data. Before the
	 * claim, an interrupt that moves the tail itself changes @next's
	 * write word (its own claim), so ours fails and we change nothing.
	 */
	claimed = (w & ~RB_OFF_MASK) + RB_GEN_ONE + RB_OFF_MOVING;
	if (!local_try_cmpxchg(&next->write, &w, claimed))
		return true;
	rb_preempt_point(cb, "tail-claimed");

	/*
	 * T3: empty @next. Only the outermost writer publishes, and it is
	 * not running, so nothing publishes a commit word meanwhile. The
	 * commit word is cleared before the generation changes again (T5):
	 * an iterator that validated against the new generation reads a
	 * commit word no larger than what was written since.
	 */
	local_set(&next->page->commit, 0);
	next->real_end = 0;
	e = local_read(&next->entries);
	local_set(&next->entries, (e & ~RB_OFF_MASK) + RB_GEN_ONE);
	/* commit word before the generation; pairs with rb_iter_load() */
	smp_wmb();
	rb_preempt_point(cb, "tail-reset");

	/*
	 * T4: fully ordered, so the generation change is visible to remote
	 * iterators before any event written on @next after the move. No
	 * interrupt can have moved the tail since T1: they dropped.
	 */
	if (!rb_broken(cb, !try_cmpxchg(&cb->tail_page, &tail, next)))
		local_inc(&cb->pages_touched);
	rb_preempt_point(cb, "tail-moved");

	/* T5 */
	rb_tail_open(next, claimed);
	return true;
}

/*
 * Close @tail: claim [off, bsize) by pushing write past the end, and fill
 * it with padding. Returns false when an interrupt reserved there since
 * @w was sampled: start over.
 */
static bool rb_close_page(struct rb_cpu *cb, struct rb_subbuf *tail, long w,
			  unsigned long total)
{
	unsigned long bsize = cb->buffer->subbuf_size;
	unsigned long off = w & RB_OFF_MASK;
	struct ring_buffer_event *pad;

	if (!local_try_cmpxchg(&tail->write, &w, w + total))
		return false;
	rb_preempt_point(cb, "tail-closed");
	pad = rb_event_at(tail, off);
	if (bsize - off >= RB_EVENT_HDR * 2) {
		/* looks like a discarded event; time delta non zero */
		pad->type_len = RINGBUF_TYPE_PADDING;
		pad->time_delta = 1;
		pad->array[0] = bsize - off - RB_EVENT_HDR;
	} else {
		/* four bytes: a null padding, "nothing follows" */
		pad->type_len = RINGBUF_TYPE_PADDING;
		pad->time_delta = 0;
	}
	tail->real_end = off;
	local_add(bsize - off, &cb->entries_bytes);
	/*
	 * Nested writers never read the padding, so plain compiler ordering
	 * suffices; remote readers see it through the commit word,
	 * published with smp_wmb() in rb_publish().
	 */
	barrier();
	local_set(&tail->write, (w & ~RB_OFF_MASK) | bsize);
	return true;
}

/*
 * May the tail move from @tail onto @next? Not over uncommitted data, and
 * onto the head only in overwrite mode, once the head is pushed on.
 * Returns 0 when it may, 1 to retry, -1 to drop the event.
 */
static int rb_may_move(struct rb_cpu *cb, struct rb_subbuf *tail,
		       struct rb_subbuf *next)
{
	unsigned long state;

	/* The ring is full of uncommitted data: an interrupt storm. */
	if (unlikely(next == READ_ONCE(cb->commit_page))) {
		local_inc(&cb->commit_overrun);
		return -1;
	}

	state = rb_ptr_state(tail, next);
	if (state == RB_PTR_MOVED)
		return 1;
	if (state == RB_PTR_NORMAL)
		return 0;
	/* @next is the oldest page; the tail has caught up. */
	if (unlikely(cb->commit_page == READ_ONCE(cb->reader_page))) {
		/* wrapped the whole ring while commit sat on the reader page */
		local_inc(&cb->commit_overrun);
		return -1;
	}
	if (!(READ_ONCE(cb->buffer->flags) & RB_FL_OVERWRITE)) {
		local_inc(&cb->dropped_events);
		return -1;
	}
	return rb_push_head(cb, tail, next);
}

/*
 * The reservation does not fit on @tail. Close the page with padding if
 * nobody did yet, then move the tail. Returns ERR_PTR(-EAGAIN) to retry,
 * NULL when the event has to be dropped.
 */
static noinline struct ring_buffer_event *
rb_tail_full(struct rb_cpu *cb, struct rb_subbuf *tail, long w,
	     unsigned long total)
{
	unsigned long bsize = cb->buffer->subbuf_size;
	unsigned long off = w & RB_OFF_MASK;
	struct rb_subbuf *next;

	/*
	 * Larger than a sub-buffer: it fits on no page, and moving on would
	 * only close page after page round the ring. The length check at
	 * entry refuses such events; this catches one that raced a change
	 * to absolute time stamps.
	 */
	if (unlikely(total > bsize))
		return NULL;

	/* the tail moved here and the mover we interrupted has not opened it */
	if (unlikely(off == RB_OFF_MOVING)) {
		rb_tail_open(tail, w);
		return ERR_PTR(-EAGAIN);
	}

	if (off < bsize && !rb_close_page(cb, tail, w, total))
		return ERR_PTR(-EAGAIN);

	next = rb_next_page(tail);
	switch (rb_may_move(cb, tail, next)) {
	case 0:
		break;
	case 1:
		return ERR_PTR(-EAGAIN);
	default:
		return NULL;
	}
	if (!rb_move_tail(cb, tail, next)) {
		local_inc(&cb->commit_overrun);
		return NULL;
	}
	return ERR_PTR(-EAGAIN);
}

/* ---- reservation ---- */

/*
 * Store an event header whole, the word built in a register: filling the
 * two bit-fields in place costs a read-modify-write each, and the
 * compiler does no better with a local struct. The bit order of
 * struct ring_buffer_event follows the byte order's bit-field order.
 */
static __always_inline void rb_put_header(struct ring_buffer_event *ev,
					  unsigned int type_len, u32 delta)
{
#if defined(__LITTLE_ENDIAN_BITFIELD)
	*(u32 *)ev = type_len | delta << 5;
#elif defined(__BIG_ENDIAN_BITFIELD)
	*(u32 *)ev = type_len << 27 | (delta & RB_DELTA_MASK);
#else
#error "bit-field order unknown"
#endif
}

static __always_inline struct ring_buffer_event *
rb_fill_header(struct rb_subbuf *tail, unsigned long off, struct rb_resv *r)
{
	struct ring_buffer_event *ev = rb_event_at(tail, off);
	unsigned long len = r->size - RB_EVENT_HDR;

	if (unlikely(r->kind != RB_STAMP_DELTA)) {
		rb_put_header(ev, r->kind == RB_STAMP_ABS ?
			      RINGBUF_TYPE_TIME_STAMP : RINGBUF_TYPE_TIME_EXTEND,
			      r->delta & RB_DELTA_MASK);
		ev->array[0] = (r->delta & RB_STAMP_MASK) >> RB_DELTA_BITS;
		ev = (void *)ev + RB_STAMP_LEN;
		r->delta = 0;
	}
	if (RB_FORCE_8BYTE || len > RB_SMALL_DATA) {
		rb_put_header(ev, 0, r->delta);
		ev->array[0] = len;
	} else {
		rb_put_header(ev, len / 4, r->delta);
	}
	return ev;
}

/*
 * R2: choose how to stamp an event at offset @off of the tail page, given
 * the stamps sampled in R1. Returns the bytes it takes with its stamp.
 */
static __always_inline unsigned long
rb_choose_stamp(struct trace_buffer *buffer, struct rb_resv *r,
		unsigned long off, u64 before, u64 after)
{
	if (unlikely(buffer->abs_stamps)) {
		r->kind = RB_STAMP_ABS;
		r->delta = r->ts;
	} else if (!off) {
		/* first on the page: relative to the page stamp we set */
		r->kind = RB_STAMP_DELTA;
		r->delta = 0;
	} else if (unlikely(before != after)) {
		/*
		 * Some writer is between R3 and R5, or stamps were
		 * invalidated: the previous event's time is unknown.
		 */
		r->kind = RB_STAMP_ABS;
		r->delta = r->ts;
	} else {
		r->delta = r->ts - after;
		r->kind = RB_STAMP_DELTA;
		if (unlikely(r->delta > RB_DELTA_MASK)) {
			/*
			 * Too wide for the header: an extend carries 59
			 * bits. Beyond that, or for a clock that went
			 * backwards, stamp the absolute time instead.
			 */
			r->kind = RB_STAMP_EXTEND;
			if (r->delta > RB_STAMP_MASK) {
				r->kind = RB_STAMP_ABS;
				r->delta = r->ts;
			}
		}
	}
	if (r->kind != RB_STAMP_DELTA)
		return r->size + RB_STAMP_LEN;
	return r->size;
}

/*
 * R5: the space [off, off + total) of @tail is ours; we are the last
 * event. An interrupt arriving before the store of write_stamp sees
 * before != after and uses an absolute stamp, and after it the two differ
 * again, so the event after it does too. Then remember the reservation
 * for a discard.
 */
static __always_inline void rb_claimed(struct rb_cpu *cb,
				       struct rb_subbuf *tail, struct rb_resv *r,
				       unsigned long off, unsigned long total,
				       unsigned int nest)
{
	local64_set(&cb->write_stamp, r->ts);
	if (!off)
		tail->page->time_stamp = r->ts;
	local_inc(&tail->entries);
	local_add(total, &cb->entries_bytes);

	cb->resv[nest].page = tail;
	cb->resv[nest].start = off;
	cb->resv[nest].end = off + total;
	cb->resv[nest].ts = r->ts;
}

/*
 * The clock, read with this context's writers on @cb shut out. A clock
 * whose code can be traced (a function it calls, a kprobe in it) writes
 * an event from inside the reservation that reads it: the event moves
 * write between R1 and R4, and every retry would read the clock, write
 * again and fail again. On a retry that nested write is refused, as a
 * recursion is (higher contexts still get in: they do not recur). The
 * first attempt records it, as the tracer asked.
 */
static noinline u64 rb_clock_alone(struct rb_cpu *cb)
{
	unsigned int bit = 1U << (RB_IN_REENTRY + cb->nest_shift);
	bool had = cb->ctx_bits & bit;
	u64 ts;

	/*
	 * Held as a writer holds its level (rb_ctx_enter()), and let go as
	 * one leaves (rb_ctx_exit()): by the lowest level held, not by
	 * name. An interrupt meanwhile takes its own level and, leaving,
	 * lets go of the lowest one, which is this hold; what is left for
	 * us then is the interrupt's. Plain compiler ordering keeps the
	 * hold around the call: only this CPU looks at the bits.
	 */
	if (!had)
		cb->ctx_bits |= bit;
	barrier();
	ts = rb_clock(cb->buffer);
	barrier();
	if (!had)
		rb_ctx_exit(cb);
	return ts;
}

/* a kprobe here would write from inside the reservation, on every retry */
NOKPROBE_SYMBOL(rb_clock_alone);

/*
 * One attempt at reserving r->size bytes (plus a stamp) on the tail page.
 * Steps R1-R5 of the design document. Returns the event, ERR_PTR(-EAGAIN)
 * to retry, or NULL to drop.
 */
static __always_inline struct ring_buffer_event *
rb_try_reserve(struct rb_cpu *cb, struct rb_resv *r, unsigned int nest,
	       bool again)
{
	struct trace_buffer *buffer = cb->buffer;
	struct rb_subbuf *tail = READ_ONCE(cb->tail_page);
	unsigned long off, total;
	u64 before, after;
	long w;

	/*
	 * R1: sample write, then the stamps. Anything that reserves on this
	 * page after the sample changes write and fails our cmpxchg in R4,
	 * so the stamps need only be consistent with w.
	 */
	w = local_read(&tail->write);
	barrier();
	before = local64_read(&cb->before_stamp);
	after = local64_read(&cb->write_stamp);
	barrier();
	r->ts = again ? rb_clock_alone(cb) : rb_clock(buffer);
	rb_preempt_point(cb, "clock-read");

	/* R2 */
	off = w & RB_OFF_MASK;
	total = rb_choose_stamp(buffer, r, off, before, after);
	if (unlikely(off + total > buffer->subbuf_size))
		return rb_tail_full(cb, tail, w, total);

	/* R3: announce that a reservation stamped r->ts is under way. */
	local64_set(&cb->before_stamp, r->ts);
	barrier();
	rb_preempt_point(cb, "stamp-announced");

	/*
	 * R4: claim the space. A local cmpxchg suffices: only this CPU's
	 * writers modify write, and remote readers never trust it.
	 */
	if (unlikely(!local_try_cmpxchg(&tail->write, &w, w + total)))
		return ERR_PTR(-EAGAIN);
	rb_preempt_point(cb, "space-claimed");

	rb_claimed(cb, tail, r, off, total, nest);
	return rb_fill_header(tail, off, r);
}

static noinline struct ring_buffer_event *
rb_try_reserve_again(struct rb_cpu *cb, struct rb_resv *r, unsigned int nest)
{
	return rb_try_reserve(cb, r, nest, true);
}

static struct ring_buffer_event *
rb_reserve(struct trace_buffer *buffer, struct rb_cpu *cb, unsigned long len)
{
	struct ring_buffer_event *ev;
	/* every field is set before use: spare it the stack zeroing */
	struct rb_resv r __uninitialized;
	unsigned int nest;
	int loops = 0;

	rb_start_commit(cb);
	/*
	 * ring_buffer_swap_cpu() may have given this cpu buffer to another
	 * buffer after we looked it up; committing > 0 now stops that.
	 */
	barrier();
	if (unlikely(READ_ONCE(cb->buffer) != buffer))
		goto fail;

	nest = local_read(&cb->committing) - 1;
	/* deeper than a slot to remember the reservation in: refuse */
	if (unlikely(nest >= RB_MAX_NEST))
		goto fail;
	r.size = rb_data_size(len);
	ev = rb_try_reserve(cb, &r, nest, false);
	/* retries are rare; a thousand means something is broken */
	while (IS_ERR(ev) && !rb_broken(cb, ++loops > 1000))
		ev = rb_try_reserve_again(cb, &r, nest);
	if (!IS_ERR_OR_NULL(ev))
		return ev;
fail:
	rb_end_commit(cb);
	return NULL;
}

/*
 * May this CPU write @length bytes now? Returns its cpu buffer with the
 * recursion guard taken, or NULL.
 */
static __always_inline struct rb_cpu *
rb_writer_enter(struct trace_buffer *buffer, unsigned long length)
{
	int cpu = raw_smp_processor_id();
	struct rb_cpu *cb;

	if (unlikely(!length || length > buffer->max_data_size ||
		     atomic_read(&buffer->record_disabled) ||
		     !cpumask_test_cpu(cpu, buffer->cpumask)))
		return NULL;
	cb = buffer->buffers[cpu];
	/*
	 * Acquire: a ring edited while recording was disabled (resize,
	 * reset, order change) is seen once it is enabled again; pairs
	 * with rb_writers_start(). A plain load on x86.
	 */
	if (unlikely(atomic_read_acquire(&cb->record_disabled) ||
		     !rb_ctx_enter(cb)))
		return NULL;
	return cb;
}

/**
 * ring_buffer_lock_reserve - reserve room for an event
 * @buffer: the buffer to write to
 * @length: payload bytes
 *
 * Returns the event, whose payload (ring_buffer_event_data()) the caller
 * fills before calling ring_buffer_unlock_commit() or
 * ring_buffer_discard_commit(). Preemption stays disabled in between.
 * Returns NULL when recording is off, the length is 0 or too large, the
 * buffer is full in producer/consumer mode, or the writer recursed.
 */
struct ring_buffer_event *
ring_buffer_lock_reserve(struct trace_buffer *buffer, unsigned long length)
{
	struct ring_buffer_event *ev;
	struct rb_cpu *cb;

	preempt_disable_notrace();
	cb = rb_writer_enter(buffer, length);
	if (likely(cb)) {
		ev = rb_reserve(buffer, cb, length);
		if (likely(ev))
			return ev;
		rb_ctx_exit(cb);
	}
	preempt_enable_notrace();
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_lock_reserve);

/**
 * ring_buffer_unlock_commit - commit an event reserved on this CPU
 * @buffer: the buffer it was reserved in
 *
 * Always returns 0.
 */
int ring_buffer_unlock_commit(struct trace_buffer *buffer)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];

	local_inc(&cb->entries);
	rb_end_commit(cb);
	rb_wakeups(buffer, cb);
	rb_ctx_exit(cb);
	preempt_enable_notrace();
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_unlock_commit);

/*
 * Turn a data event stamped @ts into records readers skip, keeping the
 * time line exact: later events took their deltas from @ts.
 */
static void rb_discard_in_place(struct ring_buffer_event *ev, u64 ts)
{
	unsigned int len = rb_event_len(ev);
	struct ring_buffer_event *stamp;

	if (ev->time_delta) {
		/* a padding record keeps its delta, readers add it */
		ev->array[0] = len - RB_EVENT_HDR;
		ev->type_len = RINGBUF_TYPE_PADDING;
		return;
	}
	/*
	 * A zero delta would read as "end of page" in a padding record.
	 * Use padding with delta 1 and then restate @ts absolutely in the
	 * last eight bytes (or just the stamp, for an 8-byte event).
	 */
	stamp = (void *)ev + len - RB_STAMP_LEN;
	if (len > RB_STAMP_LEN) {
		ev->array[0] = len - RB_STAMP_LEN - RB_EVENT_HDR;
		ev->type_len = RINGBUF_TYPE_PADDING;
		ev->time_delta = 1;
	}
	stamp->type_len = RINGBUF_TYPE_TIME_STAMP;
	stamp->time_delta = ts & RB_DELTA_MASK;
	stamp->array[0] = (ts & RB_STAMP_MASK) >> RB_DELTA_BITS;
}

/**
 * ring_buffer_discard_commit - drop a reserved event instead of committing
 * @buffer: the buffer it was reserved in
 * @event: the event returned by ring_buffer_lock_reserve()
 *
 * If nothing was reserved after @event, its space is given back.
 * Otherwise it stays as padding that readers skip. Either way it does not
 * count as an entry.
 */
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];
	unsigned int nest = local_read(&cb->committing) - 1;
	struct rb_resv_slot *slot;
	long w;

	/* rb_reserve() refuses writers nested deeper than the slots */
	if (rb_broken(cb, nest >= RB_MAX_NEST))
		goto out;
	slot = &cb->resv[nest];
	rb_discard_in_place(event, slot->ts);
	local_dec(&slot->page->entries);
	rb_preempt_point(cb, "discard-padded");

	/*
	 * Roll back if the reservation is still the last one on the tail
	 * page. Only interrupts race with us, and they either finish before
	 * the cmpxchg (changing write, so it fails) or after it.
	 */
	w = local_read(&slot->page->write);
	if (slot->page == READ_ONCE(cb->tail_page) &&
	    (w & RB_OFF_MASK) == slot->end) {
		/*
		 * Once the space is given back, write_stamp names an event
		 * that is gone, and the next event on this page must not
		 * take its delta from it: spoil before_stamp first, so that
		 * it stamps itself absolutely (before != after). An
		 * interrupt that comes before the cmpxchg reserves after us
		 * and makes it fail; the spoiled stamp then only costs the
		 * next event eight bytes.
		 */
		local64_set(&cb->before_stamp, ~0ULL);
		/* the spoiled stamp before the space; interrupts only */
		barrier();
		if (local_try_cmpxchg(&slot->page->write, &w,
				      (w & ~RB_OFF_MASK) | slot->start)) {
			local_sub(slot->end - slot->start,
				  &cb->entries_bytes);
			rb_preempt_point(cb, "discard-rolled-back");
		}
	}
out:
	rb_end_commit(cb);
	rb_ctx_exit(cb);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_discard_commit);

/**
 * ring_buffer_write - reserve, copy and commit in one call
 * @buffer: the buffer to write to
 * @length: bytes at @data
 * @data: payload
 *
 * Returns 0, or -EBUSY if the event could not be reserved.
 */
int ring_buffer_write(struct trace_buffer *buffer, unsigned long length,
		      void *data)
{
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(buffer, length);
	if (!ev)
		return -EBUSY;
	memcpy(ring_buffer_event_data(ev), data, length);
	return ring_buffer_unlock_commit(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_write);

/**
 * ring_buffer_nest_start - allow one more level of same-context writing
 * @buffer: the buffer about to be written to
 *
 * For a writer that, while holding a reservation on one buffer, needs to
 * write to another (or the same) buffer from the same context. Must be
 * paired with ring_buffer_nest_end(); preemption stays disabled between.
 */
void ring_buffer_nest_start(struct trace_buffer *buffer)
{
	struct rb_cpu *cb;

	preempt_disable_notrace();
	cb = buffer->buffers[raw_smp_processor_id()];
	cb->nest_shift += RB_IN_LEVELS;
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_start);

/**
 * ring_buffer_nest_end - end the section begun by ring_buffer_nest_start()
 * @buffer: the same buffer
 */
void ring_buffer_nest_end(struct trace_buffer *buffer)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];

	cb->nest_shift -= RB_IN_LEVELS;
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_end);

/**
 * ring_buffer_event_time_stamp - time stamp of an event being written
 * @buffer: the buffer it was reserved in
 * @event: the event, between reserve and commit
 *
 * Returns the clock value the event was stamped with.
 */
u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];
	long nest = local_read(&cb->committing) - 1;

	if (event->type_len == RINGBUF_TYPE_TIME_STAMP)
		return rb_full_stamp(rb_stamp_value(event),
				     local64_read(&cb->write_stamp));
	if (nest >= 0 && nest < RB_MAX_NEST)
		return cb->resv[nest].ts;
	return rb_clock(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_event_time_stamp);
