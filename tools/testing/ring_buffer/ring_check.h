/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Structural invariants of a CPU buffer, for a quiescent buffer (no
 * writer in flight): the ring is a consistent circle of nr_pages pages,
 * exactly one pointer carries HEAD, none UPDATE, no pointer both, the
 * reader page is outside the ring, tail and commit coincide.
 * Returns NULL or a description of the first violation.
 */
#ifndef RB_RING_CHECK_H
#define RB_RING_CHECK_H

#include "ring_buffer_internal.h"

static inline const char *rb_check_ring(struct rb_cpu *cb, bool quiet)
{
	struct rb_subbuf *start, *p, *next;
	unsigned long n, heads = 0, updates = 0, flags;
	bool tail_in = false, commit_in = false;

	start = list_entry(rb_ptr_clean(cb->pages), struct rb_subbuf, list);
	p = start;
	for (n = 0; n < cb->nr_pages; n++) {
		flags = (unsigned long)p->list.next & RB_PTR_FLAGS;
		if (flags == RB_PTR_FLAGS)
			return "HEAD and UPDATE both set";
		heads += flags == RB_PTR_HEAD;
		updates += flags == RB_PTR_UPDATE;
		if (p == cb->reader_page)
			return "reader page inside the ring";
		next = rb_next_page(p);
		if (rb_prev_page(next) != p)
			return "prev pointer inconsistent";
		tail_in |= p == cb->tail_page;
		commit_in |= p == cb->commit_page;
		p = next;
	}
	if (p != start)
		return "ring is not a circle of nr_pages";
	if (quiet && heads != 1)
		return "not exactly one HEAD";
	if (heads > 1)
		return "more than one HEAD";
	if (quiet && updates)
		return "UPDATE left behind";
	if (!tail_in && cb->tail_page != cb->reader_page)
		return "tail page neither in ring nor reader";
	if (!commit_in && cb->commit_page != cb->reader_page)
		return "commit page neither in ring nor reader";
	if (quiet && cb->tail_page != cb->commit_page)
		return "commit behind tail with no writer";
	if (quiet && local_read(&cb->committing))
		return "committing left non-zero";
	return NULL;
}

/*
 * Where the end padding of @p starts, from its records: the last record
 * when it is a padding that closes the page (delta 0: "nothing follows",
 * or delta 1 and reaching the end, as rb_tail_full() writes it), else 0.
 * A discarded event never looks like that here: the harnesses' clocks
 * never step by 1, and a discarded event with delta 0 ends in a stamp.
 */
static inline unsigned int rb_find_end_padding(struct trace_buffer *b,
					       struct rb_subbuf *p)
{
	unsigned int bsize = b->subbuf_size, size = rb_page_size(p);
	unsigned int off = 0, len;
	struct ring_buffer_event *ev;

	while (off < size) {
		ev = rb_event_at(p, off);
		if (rb_null_event(ev))
			return off;
		len = rb_event_len(ev);
		if (ev->type_len == RINGBUF_TYPE_PADDING &&
		    ev->time_delta == 1 && off + len == bsize)
			return off;
		off += len;
	}
	return 0;
}

/*
 * Every page the writers have left knows where its end padding starts
 * (real_end), so that whole-page reads leave it out and have room for
 * the lost-events count. For a quiescent buffer.
 */
static inline const char *rb_check_page_ends(struct rb_cpu *cb)
{
	struct rb_subbuf *p = cb->reader_page;
	unsigned long n;

	for (n = 0; n <= cb->nr_pages; n++, p = rb_next_page(p)) {
		if (p == cb->tail_page || p == cb->commit_page ||
		    !rb_page_size(p))
			continue;
		if (p->real_end != rb_find_end_padding(cb->buffer, p))
			return "real_end does not match the end padding";
	}
	return NULL;
}

#endif
