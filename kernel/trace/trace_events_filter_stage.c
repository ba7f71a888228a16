// SPDX-License-Identifier: GPL-2.0
/*
 * Staging of filtered events.
 *
 * An event whose file has a filter is written into a page of its CPU
 * first, judged there, and copied into the ring buffer only if the
 * filter keeps it. Writing it into the ring buffer at once and
 * discarding it there would give the same records, but a discard gives
 * its room back only when nothing was reserved after it (an interrupt's
 * event may have been), and leaves padding otherwise; and in overwrite
 * mode its reservation may already have pushed the oldest page out. A
 * filter that drops almost everything would then keep churning the
 * buffer, losing the events it keeps, for events nobody reads.
 *
 * Only the outermost event on a CPU uses the page. An interrupt's event
 * that comes while it is in use goes to the ring buffer directly and is
 * discarded there if dropped, as without the page. Probes run with
 * preemption disabled from reserve to commit, so the page cannot change
 * hands with the CPU.
 *
 * The pages are made when the first filter is set and kept: a probe may
 * be between reserve and commit at any time, and one page per CPU is
 * cheap.
 */
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/trace_events.h>

#include "trace_events_internal.h"

DEFINE_PER_CPU(struct trace_event_stage *, trace_event_stage);

#define STAGE_ROOM	(PAGE_SIZE - offsetof(struct trace_event_stage, data))

void trace_event_stage_prepare(void)
{
	struct trace_event_stage *st;
	struct page *page;
	int cpu;

	lockdep_assert_held(&event_mutex);
	for_each_possible_cpu(cpu) {
		if (per_cpu(trace_event_stage, cpu))
			continue;
		page = alloc_pages_node(cpu_to_node(cpu),
					GFP_KERNEL | __GFP_ZERO, 0);
		if (!page)
			return;	/* that CPU writes its events directly */
		st = page_address(page);
		/*
		 * A probe that sees the pointer sees the zeroed page: pairs
		 * with the address dependency of this_cpu_read() users
		 * (trace_event_stage_reserve(), trace_event_staged(), ...).
		 */
		smp_store_release(per_cpu_ptr(&trace_event_stage, cpu), st);
	}
}

void *trace_event_stage_reserve(struct trace_event_buffer *fbuffer, int type,
				unsigned long len)
{
	struct trace_event_stage *st = this_cpu_read(trace_event_stage);

	if (!st || len > STAGE_ROOM)
		return NULL;
	/*
	 * An interrupt coming between the increment and its test finds the
	 * page taken and goes direct, or takes it and gives it back before
	 * we go on: either way the count is ours again when we test it.
	 * Only this CPU touches the page, so the barrier()s here and below
	 * pair with nothing: they keep the compiler from moving accesses
	 * to the page out of the window the count guards.
	 */
	if (st->busy++) {
		barrier();
		st->busy--;
		return NULL;
	}
	barrier();
	st->len = len;
	fbuffer->event = &st->mark;
	tracing_generic_entry_update((struct trace_entry *)st->data, type,
				     fbuffer->trace_ctx);
	return st->data;
}

bool trace_event_stage_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_event_stage *st = this_cpu_read(trace_event_stage);
	struct ring_buffer_event *event;

	/*
	 * The page stays ours until the copy is done: an interrupt coming
	 * meanwhile writes its event directly.
	 */
	event = ring_buffer_lock_reserve(fbuffer->buffer, st->len);
	if (event) {
		fbuffer->entry = ring_buffer_reserved_data(event);
		memcpy(fbuffer->entry, st->data, st->len);
		fbuffer->event = event;
	}
	barrier();
	st->busy--;
	return event;
}

void trace_event_stage_drop(struct trace_event_buffer *fbuffer)
{
	struct trace_event_stage *st = this_cpu_read(trace_event_stage);

	barrier();
	st->busy--;
}
