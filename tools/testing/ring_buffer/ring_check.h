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

#endif
