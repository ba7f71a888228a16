// SPDX-License-Identifier: GPL-2.0
/*
 * Regression tests of the ring buffer bugs found in review (issue 13),
 * one function each, named after the bug. Each one builds the exact
 * interleaving that broke: an interrupt or a remote CPU acting at a named
 * point (rb_preempt_point()), or a second thread held there, and checks
 * what a user of the buffer would see.
 */
#include <pthread.h>
#include <unistd.h>
#include "shim/rb_shim.h"
#include <linux/ring_buffer.h>
#include "harness.h"
#include "ring_check.h"
#include "ring_buffer_internal.h"

static void (*point_hook)(struct rb_cpu *cb, const char *name);

void rb_harness_point(struct rb_cpu *cb, const char *name)
{
	if (point_hook)
		point_hook(cb, name);
}

static u64 now = 1000000;
static u64 step_clock(void)
{
	return now += 1000;
}

static struct trace_buffer *new_buffer(unsigned long pages, unsigned int fl)
{
	struct trace_buffer *b = ring_buffer_alloc(pages * 4080, fl);

	CHECK(b);
	ring_buffer_set_clock(b, step_clock);
	return b;
}

static struct rb_cpu *cpu_of(struct trace_buffer *b, int cpu)
{
	return b->buffers[cpu];
}

/* Write an event whose first four bytes are @seq; 0 on success. */
static int put(struct trace_buffer *b, unsigned long len, u32 seq)
{
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(b, len);
	if (!ev)
		return -1;
	memset(ring_buffer_event_data(ev), 0x5a, len);
	memcpy(ring_buffer_event_data(ev), &seq, 4);
	ring_buffer_unlock_commit(b);
	return 0;
}

/* Consume one event of CPU 0: its sequence, or -1. */
static long take(struct trace_buffer *b, u64 *ts, unsigned long *lost)
{
	struct ring_buffer_event *ev;
	u32 seq;

	ev = ring_buffer_consume(b, 0, ts, lost);
	if (!ev)
		return -1;
	memcpy(&seq, ring_buffer_event_data(ev), 4);
	return seq;
}

/* Everything of CPU 0 in order, every gap reported as lost; the last. */
static long drain(struct trace_buffer *b, long last)
{
	unsigned long lost;
	long seq;

	while ((seq = take(b, NULL, &lost)) >= 0) {
		CHECK_EQ(seq, last + 1 + (long)lost);
		last = seq;
	}
	return last;
}

static bool tail_before_head(struct rb_cpu *cb)
{
	return rb_ptr_state(cb->tail_page, rb_next_page(cb->tail_page)) ==
		RB_PTR_HEAD;
}

/* Fill the ring until an event of @len cannot fit before the head. */
static u32 fill_to_head(struct trace_buffer *b, unsigned long len, u32 seq)
{
	struct rb_cpu *cb = cpu_of(b, 0);

	while (!tail_before_head(cb))
		CHECK(put(b, 200, seq++) == 0);
	while (b->subbuf_size - rb_page_off(cb->tail_page) >= len)
		CHECK(put(b, 8, seq++) == 0);
	return seq;
}

static void check_ring(struct trace_buffer *b)
{
	const char *why = rb_check_ring(cpu_of(b, 0), true);

	if (!why)
		why = rb_check_page_ends(cpu_of(b, 0));
	if (why)
		rbh_fail(__FILE__, __LINE__, why);
	rbh_checks++;
}

/* ---- a writer thread held at a named point ---- */

struct held_writer {
	pthread_t		thread;
	struct trace_buffer	*buffer;
	const char		*at;		/* the point to stop at */
	unsigned long		len;
	u32			seq;
	int			state;		/* 0 running, 1 held, 2 go */
	int			ret;
};

static __thread struct held_writer *held_self;

static void held_point(struct held_writer *h, const char *name)
{
	if (h->state || strcmp(name, h->at))
		return;
	__atomic_store_n(&h->state, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&h->state, __ATOMIC_SEQ_CST) != 2)
		sched_yield();
}

static void *held_writer_fn(void *arg)
{
	struct held_writer *h = arg;

	rbh_cpu = 0;
	held_self = h;
	h->ret = put(h->buffer, h->len, h->seq);
	held_self = NULL;
	return NULL;
}

/* Start a writer on CPU 0 and wait until it stands at h->at. */
static void hold_writer(struct held_writer *h)
{
	h->state = 0;
	pthread_create(&h->thread, NULL, held_writer_fn, h);
	while (__atomic_load_n(&h->state, __ATOMIC_SEQ_CST) != 1)
		sched_yield();
}

static void release_writer(struct held_writer *h)
{
	__atomic_store_n(&h->state, 2, __ATOMIC_SEQ_CST);
	pthread_join(h->thread, NULL);
}

/*
 * Bug 10: a reader swap abandoned after S3 left cb->pages naming the
 * reader page, outside the ring. The reader found the head and prepared
 * its page; a writer on CPU 0 then did P1 on that head and stopped before
 * P2. The reader's S4 fails, it finds UPDATE and no HEAD, and reports
 * no data for now. The ring must be intact.
 */
static struct held_writer bug10_writer;
static bool bug10_checked;

static void bug10_hook(struct rb_cpu *cb, const char *name)
{
	if (held_self) {
		held_point(held_self, name);
		return;
	}
	if (bug10_checked || strcmp(name, "reader-prepared"))
		return;
	bug10_checked = true;
	hold_writer(&bug10_writer);
}

static void bug10_abandoned_swap(void)
{
	struct trace_buffer *b = new_buffer(3, RB_FL_OVERWRITE);
	struct rb_cpu *cb = cpu_of(b, 0);
	const char *why;
	u32 seq;

	rbh_cpu = 0;
	seq = fill_to_head(b, 100, 0);
	bug10_writer = (struct held_writer){
		.buffer = b, .at = "head-update", .len = 100, .seq = seq,
	};
	point_hook = bug10_hook;
	rbh_cpu = 1;			/* the reader runs elsewhere */
	CHECK(take(b, NULL, NULL) == -1);	/* busy: nothing for now */
	point_hook = NULL;
	CHECK(bug10_checked);
	why = rb_check_ring(cb, false);
	if (why)
		rbh_fail(__FILE__, __LINE__, why);
	CHECK(cb->pages != &cb->reader_page->list);
	release_writer(&bug10_writer);
	CHECK_EQ(bug10_writer.ret, 0);
	rbh_cpu = 0;
	CHECK_EQ(drain(b, -1), seq);
	check_ring(b);
	ring_buffer_free(b);
}

/* Is @mem the memory of the reader page or of a page in the ring? */
static bool ring_owns(struct rb_cpu *cb, void *mem)
{
	struct rb_subbuf *p = rb_next_page(cb->reader_page);
	unsigned long n;

	if (mem == cb->reader_page->page)
		return true;
	for (n = 0; n < cb->nr_pages; n++, p = rb_next_page(p))
		if (p->page == mem)
			return true;
	return false;
}

/* Map CPU 0 of @b; check every id names memory the CPU buffer owns. */
static int map_and_check(struct trace_buffer *b, struct vm_area_struct *vma)
{
	struct rb_cpu *cb = cpu_of(b, 0);
	unsigned long i, n = cb->nr_pages + 1;
	int ret;

	*vma = (struct vm_area_struct){
		.vm_start = 1UL << 30, .vm_flags = VM_MAYSHARE,
	};
	vma->vm_end = vma->vm_start + (n + 1) * PAGE_SIZE;
	ret = ring_buffer_map(b, 0, vma);
	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		CHECK(ring_owns(cb, (void *)cb->subbuf_ids[i]));
	/* and the pages user space sees are those */
	for (i = 0; i < n; i++)
		CHECK(vma->inserted[1 + i] ==
		      virt_to_page((void *)cb->subbuf_ids[i]));
	return 0;
}

/*
 * Bug 8: ring_buffer_map() numbered the sub-buffers from the head and
 * dereferenced NULL when rb_find_head() found none: between P1 and P2
 * of a writer's head push, no pointer carries HEAD.
 */
static struct held_writer bug8_writer;

static void held_hook(struct rb_cpu *cb, const char *name)
{
	if (held_self)
		held_point(held_self, name);
}

static void bug8_map_mid_push(void)
{
	struct trace_buffer *b = new_buffer(3, RB_FL_OVERWRITE);
	struct vm_area_struct vma;
	u32 seq;

	rbh_cpu = 0;
	seq = fill_to_head(b, 100, 0);
	bug8_writer = (struct held_writer){
		.buffer = b, .at = "head-update", .len = 100, .seq = seq,
	};
	point_hook = held_hook;
	hold_writer(&bug8_writer);
	rbh_cpu = 1;
	CHECK_EQ(map_and_check(b, &vma), 0);
	release_writer(&bug8_writer);
	point_hook = NULL;
	CHECK_EQ(ring_buffer_unmap(b, 0), 0);
	free(vma.inserted);
	rbh_cpu = 0;
	CHECK_EQ(drain(b, -1), seq);
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * Bug 9: ring_buffer_map() named the sub-buffers, dropped the reader
 * lock to insert the pages (which sleeps), and only then said the buffer
 * was mapped. A whole-page read in between swapped the reader page's
 * memory out to its caller: user space mapped a page the ring no longer
 * owned.
 */
static struct trace_buffer *bug9_buffer;
static bool bug9_read;

static void bug9_read_whole_page(void)
{
	struct buffer_data_read_page *rp;

	CHECK(ring_buffer_alloc_read_page(bug9_buffer, 0, &rp) == 0);
	bug9_read = ring_buffer_read_page(bug9_buffer, rp,
				ring_buffer_subbuf_size_get(bug9_buffer),
				0, 1) >= 0;
	ring_buffer_free_read_page(bug9_buffer, 0, rp);
}

static void bug9_map_vs_page_read(void)
{
	struct trace_buffer *b = new_buffer(4, RB_FL_OVERWRITE);
	struct vm_area_struct vma;
	u32 seq = 0;

	rbh_cpu = 0;
	/* two full pages and some: a whole page is there to be taken */
	while (rb_page_off(cpu_of(b, 0)->tail_page) < 100 ||
	       local_read(&cpu_of(b, 0)->pages_touched) < 2)
		CHECK(put(b, 40, seq++) == 0);
	bug9_buffer = b;
	rbh_vm_insert_hook = bug9_read_whole_page;
	rbh_cpu = 1;
	CHECK_EQ(map_and_check(b, &vma), 0);
	rbh_vm_insert_hook = NULL;
	CHECK(bug9_read);
	CHECK_EQ(ring_buffer_unmap(b, 0), 0);
	free(vma.inserted);
	ring_buffer_free(b);
}

/*
 * Bug 2: a discard that gives the space of the last event back spoiled
 * before_stamp only after the cmpxchg. An interrupt in between saw
 * before == write_stamp == the discarded event's time and took its delta
 * from it, though the event before it on the page is older.
 */
static struct trace_buffer *bug2_buffer;
static u64 bug2_nested_ts;
static bool bug2_fired;

static void bug2_hook(struct rb_cpu *cb, const char *name)
{
	struct ring_buffer_event *ev;

	if (bug2_fired || strcmp(name, "discard-rolled-back"))
		return;
	bug2_fired = true;
	rbh_ctx_level = 2;		/* an irq on the discarding CPU */
	now += 5000000;
	ev = ring_buffer_lock_reserve(bug2_buffer, 16);
	CHECK(ev);
	bug2_nested_ts = ring_buffer_event_time_stamp(bug2_buffer, ev);
	memcpy(ring_buffer_event_data(ev), &(u32){ 2 }, 4);
	ring_buffer_unlock_commit(bug2_buffer);
	rbh_ctx_level = 0;
}

static void bug2_discard_rollback_stamp(void)
{
	struct trace_buffer *b = new_buffer(4, 0);
	struct ring_buffer_event *ev;
	u64 ts;

	rbh_cpu = 0;
	bug2_buffer = b;
	bug2_fired = false;
	CHECK(put(b, 16, 1) == 0);
	now += 1000000;			/* the discarded event is newer */
	ev = ring_buffer_lock_reserve(b, 16);
	CHECK(ev);
	point_hook = bug2_hook;
	ring_buffer_discard_commit(b, ev);
	point_hook = NULL;
	CHECK(bug2_fired);
	CHECK_EQ(take(b, &ts, NULL), 1);
	CHECK_EQ(take(b, &ts, NULL), 2);
	CHECK_EQ(ts, bug2_nested_ts);
	CHECK_EQ(take(b, &ts, NULL), -1);
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * Bug 1: the reader swapped out the tail page through a stale HEAD flag.
 * Overwrite mode, ring full. The outer writer O on page D does P1 on the
 * head A. Interrupts arriving before O's P2 find UPDATE and no HEAD, do
 * P2 themselves, move the tail to A, fill it, push the head on and write
 * on B. O's own P2 then flags B as the head again, and a reader arriving
 * before O's P3 took B, the page being written, and recycled it.
 */
static struct trace_buffer *bug1_buffer;
static int bug1_state;
static u32 bug1_seq;
static long bug1_last = -1;
static int bug1_nested, bug1_tries;

static void bug1_hook(struct rb_cpu *cb, const char *name)
{
	struct rb_subbuf *start;

	if (bug1_state == 0 && !strcmp(name, "head-update")) {
		/* interrupts: fill the page O gave up and go beyond it */
		bug1_state = 1;
		rbh_ctx_level = 2;
		start = cb->tail_page;
		while ((cb->tail_page == start ||
			cb->tail_page == rb_next_page(start)) &&
		       bug1_tries < 100) {
			bug1_tries++;
			if (put(bug1_buffer, 200, bug1_seq) == 0) {
				bug1_seq++;
				bug1_nested++;
			}
		}
		rbh_ctx_level = 0;
		bug1_state = 2;
		return;
	}
	if (bug1_state == 2 && !strcmp(name, "head-set")) {
		/* a reader on another CPU, between O's P2 and P3 */
		bug1_state = 3;
		rbh_cpu = 1;
		bug1_last = drain(bug1_buffer, bug1_last);
		rbh_cpu = 0;
	}
}

static void bug1_stale_head(void)
{
	struct trace_buffer *b = new_buffer(4, RB_FL_OVERWRITE);
	u32 outer;

	rbh_cpu = 0;
	bug1_buffer = b;
	bug1_state = 0;
	bug1_nested = 0;
	bug1_tries = 0;
	bug1_last = -1;
	bug1_seq = fill_to_head(b, 100, 0);
	outer = bug1_seq++;
	point_hook = bug1_hook;
	CHECK(put(b, 100, outer) == 0);
	point_hook = NULL;
	CHECK(bug1_state == 3);
	/* what the interrupts could not write is counted, not lost */
	CHECK_EQ(bug1_nested + ring_buffer_commit_overrun_cpu(b, 0),
		 bug1_tries);
	/*
	 * Everything in order, every gap counted. O's event has the
	 * sequence number it took before the interrupts, so it comes back
	 * after theirs: sequence numbers go back once, there.
	 */
	{
		unsigned long lost, total_lost = 0, read = 0;
		bool outer_seen = false;
		long seq, last = bug1_last;

		while ((seq = take(b, NULL, &lost)) >= 0) {
			if (getenv("REGRESS_DEBUG"))
				fprintf(stderr, "seq %ld lost %lu\n", seq, lost);
			if (seq == outer) {
				CHECK(!outer_seen);
				outer_seen = true;
				continue;
			}
			/* the outer event is not where its number is */
			if (last + 1 + (long)lost == outer)
				last++;
			CHECK_EQ(seq, last + 1 + (long)lost);
			total_lost += lost;
			last = seq;
			read++;
		}
		CHECK(outer_seen);
		CHECK_EQ(last, (long)bug1_seq - 1 == outer ?
			 (long)outer - 1 : (long)bug1_seq - 1);
	}
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * Bug 12: rb_move_tail() checked that the tail had not moved, then reset
 * the page it moves onto. Interrupts between the check and the reset
 * moved the tail onto that page themselves, filled and closed it and went
 * on; the reset then zeroed real_end of their closed page: whole-page
 * reads included its end padding and had no room for the lost count.
 */
static struct trace_buffer *bug12_buffer;
static bool bug12_fired;
static u32 bug12_seq;
static int bug12_nested, bug12_tries;

static void bug12_hook(struct rb_cpu *cb, const char *name)
{
	struct rb_subbuf *start;

	if (bug12_fired || strcmp(name, "tail-claimed"))
		return;
	bug12_fired = true;
	rbh_ctx_level = 2;
	start = cb->tail_page;
	while ((cb->tail_page == start ||
		cb->tail_page == rb_next_page(start)) && bug12_tries < 100) {
		bug12_tries++;
		if (put(bug12_buffer, 200, bug12_seq) == 0) {
			bug12_seq++;
			bug12_nested++;
		}
	}
	rbh_ctx_level = 0;
}

static void bug12_move_tail_reset(void)
{
	struct trace_buffer *b = new_buffer(6, 0);
	struct rb_cpu *cb = cpu_of(b, 0);
	u32 seq = 0, outer;

	rbh_cpu = 0;
	bug12_buffer = b;
	bug12_fired = false;
	bug12_nested = 0;
	bug12_tries = 0;
	while (b->subbuf_size - rb_page_off(cb->tail_page) >= 100)
		CHECK(put(b, 60, seq++) == 0);
	outer = seq++;
	bug12_seq = seq;
	point_hook = bug12_hook;
	CHECK(put(b, 100, outer) == 0);
	point_hook = NULL;
	CHECK(bug12_fired);
	CHECK_EQ(bug12_nested + ring_buffer_commit_overrun_cpu(b, 0),
		 bug12_tries);
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * The bytes an event with @len bytes of payload takes, from the format
 * (Documentation/trace/ring-buffer-design.rst, events/header_event): a
 * 4-byte header, then array[0] holding the length when type_len cannot
 * (payloads over 112 bytes, and every event when the architecture needs
 * 8-byte aligned 64-bit accesses), then the payload, rounded up to 4
 * bytes (8 with that alignment); never 12 bytes, as the design requires.
 */
static unsigned long format_size(unsigned long len)
{
#ifdef CONFIG_HAVE_64BIT_ALIGNED_ACCESS
	return (4 + 4 + len + 7) / 8 * 8;
#else
	unsigned long size = 4 + (len > 112 ? 4 : 0) + (len + 3) / 4 * 4;

	return size == 12 ? 16 : size;
#endif
}

#ifdef CONFIG_HAVE_64BIT_ALIGNED_ACCESS
#define PAYLOAD_ALIGN	8
#else
#define PAYLOAD_ALIGN	4
#endif

/*
 * Bug 3: with CONFIG_HAVE_64BIT_ALIGNED_ACCESS, events were sized 4 mod
 * 8: every other payload misaligned, and a maximum-size event needed 4084
 * bytes of a 4080-byte page, so the writer closed page after page round
 * the ring, wiping it, until it gave up and disabled the CPU.
 */
static void bug3_event_sizes(void)
{
	struct trace_buffer *b = new_buffer(4, RB_FL_OVERWRITE);
	struct rb_cpu *cb = cpu_of(b, 0);
	unsigned long len, max = ring_buffer_max_event_size(b), bad = 0;
	struct ring_buffer_event *ev;
	u32 seq = 0;

	rbh_cpu = 0;
	CHECK_EQ(max, 4080 - 8);
	for (len = 1; len <= max; len++) {
		unsigned long off = rb_page_off(cb->tail_page);

		ev = ring_buffer_lock_reserve(b, len);
		if (!ev) {
			bad++;
			continue;
		}
		if ((unsigned long)ring_buffer_event_data(ev) % PAYLOAD_ALIGN)
			bad++;
		/* on a fresh page the event starts at 0, no stamp before */
		if (rb_event_at(cb->tail_page, off) == ev &&
		    rb_page_off(cb->tail_page) - off != format_size(len))
			bad++;
		if (rb_event_at(cb->tail_page, off) != ev &&
		    rb_page_off(cb->tail_page) != format_size(len))
			bad++;
		ring_buffer_unlock_commit(b);
		CHECK(take(b, NULL, NULL) >= 0 || true);
	}
	CHECK_EQ(bad, 0);
	/* a maximum-size event after others: it fits, they survive */
	for (seq = 0; seq < 5; seq++)
		CHECK(put(b, 16, seq) == 0);
	CHECK(put(b, max, seq) == 0);
	CHECK_EQ(drain(b, -1), 5);
	CHECK_EQ(ring_buffer_overrun_cpu(b, 0), 0);
	CHECK(put(b, 16, 6) == 0);	/* still recording */
	CHECK_EQ(take(b, NULL, NULL), 6);
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * Bug 7: the length limit at reserve ignored absolute time stamps, with
 * which every event carries 8 bytes more: lengths up to 8 below the limit
 * passed and fitted on no page (the same wipe as bug 3).
 */
static void bug7_abs_stamp_limit(void)
{
	struct trace_buffer *b = new_buffer(4, RB_FL_OVERWRITE);
	unsigned long len, max;
	u32 seq;

	rbh_cpu = 0;
	ring_buffer_set_time_stamp_abs(b, true);
	max = ring_buffer_max_event_size(b);
	CHECK_EQ(max, 4080 - 8 - 8);
	for (seq = 0; seq < 5; seq++)
		CHECK(put(b, 16, seq) == 0);
	for (len = max + 1; len <= 4080; len++)
		CHECK(put(b, len, 100) != 0);
	CHECK(put(b, max, seq) == 0);
	CHECK_EQ(drain(b, -1), 5);
	CHECK_EQ(ring_buffer_overrun_cpu(b, 0), 0);
	ring_buffer_set_time_stamp_abs(b, false);
	CHECK_EQ(ring_buffer_max_event_size(b), 4080 - 8);
	CHECK(put(b, 4080 - 8, 6) == 0);
	CHECK_EQ(take(b, NULL, NULL), 6);
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * Bug 11: a writer remembers its reservation in one slot per nesting
 * level, and there were five: task, softirq, irq, NMI and the one
 * same-context re-entry. ring_buffer_nest_start() allows five more; a
 * discard at the sixth level found no slot and stopped the CPU for good.
 */
static void bug11_deep_discard(void)
{
	struct trace_buffer *b = new_buffer(4, 0);
	struct ring_buffer_event *ev[7];
	int level, n = 0;
	long seq;

	rbh_cpu = 0;
	/* task, softirq, irq, NMI, and NMI again (the re-entry level) */
	for (level = 0; level <= 4; level++) {
		rbh_ctx_level = level < 4 ? level : 3;
		ev[n] = ring_buffer_lock_reserve(b, 16);
		CHECK(ev[n]);
		memcpy(ring_buffer_event_data(ev[n]), &(u32){ n }, 4);
		n++;
	}
	/* an NMI that writes to the buffer from within its own write */
	ring_buffer_nest_start(b);
	ev[n] = ring_buffer_lock_reserve(b, 16);
	CHECK(ev[n]);
	ring_buffer_discard_commit(b, ev[n]);
	ev[n] = ring_buffer_lock_reserve(b, 16);
	CHECK(ev[n]);
	if (ev[n]) {
		memcpy(ring_buffer_event_data(ev[n]), &(u32){ n }, 4);
		ring_buffer_unlock_commit(b);
	}
	ring_buffer_nest_end(b);
	while (n--)
		ring_buffer_unlock_commit(b);
	rbh_ctx_level = 0;
	CHECK_EQ(rbh_warnings, 0);
	/* the CPU still records, and everything but the discard is there */
	CHECK(put(b, 16, 6) == 0);
	CHECK_EQ(ring_buffer_entries_cpu(b, 0), 7);
	for (n = 0; (seq = take(b, NULL, NULL)) >= 0; n++)
		;
	CHECK_EQ(n, 7);
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * The stress failure ("cpu 0: seq 126488 after 124597 with 0 lost"): the
 * reader read overrun, then replaced the head with its cmpxchg. A reader
 * delayed in between (a busy machine) while the writer went round the
 * whole ring found the head pointer back at the same value, its cmpxchg
 * succeeded, and the losses of the lap were missing from the count it
 * had read: events gone with nothing reported before them (the rest of
 * the count came with a later page).
 */
static struct trace_buffer *lap_buffer;
static bool lap_done;
static u32 lap_seq;

static void lap_hook(struct rb_cpu *cb, const char *name)
{
	struct rb_subbuf *head, *prev;
	bool left = false;
	int n;

	if (lap_done || strcmp(name, "reader-prepared"))
		return;
	lap_done = true;
	head = cb->head_page;
	prev = rb_prev_page(head);
	CHECK_EQ(rb_ptr_state(prev, head), RB_PTR_HEAD);
	/* the writer on CPU 0 goes once round the ring, back to this head */
	rbh_cpu = 0;
	for (n = 0; n < 10000; n++) {
		CHECK(put(lap_buffer, 100, lap_seq++) == 0);
		if (rb_ptr_state(prev, head) != RB_PTR_HEAD)
			left = true;
		else if (left)
			break;
	}
	rbh_cpu = 1;
	CHECK(left && rb_ptr_state(prev, head) == RB_PTR_HEAD);
}

static void stress_lap_during_swap(void)
{
	struct trace_buffer *b = new_buffer(3, RB_FL_OVERWRITE);
	long last;

	rbh_cpu = 0;
	lap_buffer = b;
	lap_done = false;
	for (lap_seq = 0; lap_seq < 200; lap_seq++)
		CHECK(put(b, 100, lap_seq) == 0);
	point_hook = lap_hook;
	rbh_cpu = 1;
	last = drain(b, -1);
	point_hook = NULL;
	CHECK(lap_done);
	CHECK_EQ(last, (long)lap_seq - 1);
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * Found by the parallel stress (issue 13's review): a writer that pushes
 * the head finds UPDATE on tail->next, which a reader's claim (S4a) sets
 * too, not only an interrupted push. If the reader then installs its
 * page (S4b) before the writer's walk, the walk finds the new HEAD and
 * the writer took that as "the owner's P2 is done, the head page is
 * free": it moved the tail onto the page the reader had just taken,
 * emptied it under the reader (read > commit, rb_broken()) and lost its
 * events uncounted. Reader held at reader-claimed in a thread; the writer
 * on CPU 0 lets it finish at head-busy, between its P1 and its walk.
 */
static pthread_t busy_reader;
static struct trace_buffer *busy_buffer;
static int busy_state;		/* 0 running, 1 held, 2 go */
static bool busy_fired;
static long busy_first;
static __thread bool busy_is_reader;

static void *busy_reader_fn(void *arg)
{
	rbh_cpu = 1;
	busy_is_reader = true;
	busy_first = take(busy_buffer, NULL, NULL);
	return NULL;
}

static void busy_hook(struct rb_cpu *cb, const char *name)
{
	if (busy_is_reader) {
		if (busy_state || strcmp(name, "reader-claimed"))
			return;
		__atomic_store_n(&busy_state, 1, __ATOMIC_SEQ_CST);
		while (__atomic_load_n(&busy_state, __ATOMIC_SEQ_CST) != 2)
			sched_yield();
		return;
	}
	if (busy_fired || strcmp(name, "head-busy"))
		return;
	busy_fired = true;
	/* the reader installs its page in the head's place and reads */
	__atomic_store_n(&busy_state, 2, __ATOMIC_SEQ_CST);
	pthread_join(busy_reader, NULL);
}

static void claim_vs_push(void)
{
	struct trace_buffer *b = new_buffer(4, RB_FL_OVERWRITE);
	struct rb_cpu *cb = cpu_of(b, 0);
	u32 seq;
	long last;
	int n;

	rbh_cpu = 0;
	busy_buffer = b;
	busy_state = 0;
	busy_fired = false;
	seq = fill_to_head(b, 200, 0);
	/* a reader claims the head and stops before installing its page */
	point_hook = busy_hook;
	pthread_create(&busy_reader, NULL, busy_reader_fn, NULL);
	while (__atomic_load_n(&busy_state, __ATOMIC_SEQ_CST) != 1)
		sched_yield();
	/* the writer must push that head: P1 finds the reader's UPDATE */
	CHECK(put(b, 200, seq++) == 0 || true);
	point_hook = NULL;
	CHECK(busy_fired);
	CHECK_EQ(busy_first, 0);
	/* the reader page is the reader's: no writer on it */
	CHECK(cb->tail_page != cb->reader_page);
	check_ring(b);
	for (n = 0; n < 50; n++)
		CHECK(put(b, 100, seq++) == 0);
	rbh_cpu = 1;
	last = drain(b, busy_first);
	CHECK_EQ(last, (long)seq - 1);
	CHECK_EQ(ring_buffer_entries_cpu(b, 0), 0);
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * Bug 4: a read page can outlive its buffer. A trace_pipe_raw page
 * spliced into a pipe goes back with ring_buffer_free_read_page() when
 * the pipe lets it go, which can be after the instance, and its buffer,
 * were removed: that used the freed buffer.
 */
static void bug4_page_outlives_buffer(void)
{
	struct trace_buffer *b = new_buffer(4, 0);
	struct buffer_data_read_page *rp;
	u32 seq = 0;

	rbh_cpu = 0;
	while (local_read(&cpu_of(b, 0)->pages_touched) < 2)
		CHECK(put(b, 100, seq++) == 0);
	CHECK(ring_buffer_alloc_read_page(b, 0, &rp) == 0);
	CHECK_EQ(ring_buffer_read_page(b, rp, 4096, 0, 1), 0);
	ring_buffer_free(b);
	/* the pipe lets go of the page now */
	ring_buffer_free_read_page(b, 0, rp);
}

/*
 * Bug 5: ring_buffer_free_read_page() kept a page given back as the CPU
 * buffer's spare even when someone else still held it: spliced to a
 * socket, the network stack may still be sending it, and the next read
 * wrote into the spare.
 */
static void bug5_lent_page(void)
{
	struct trace_buffer *b = new_buffer(4, 0);
	struct buffer_data_read_page *rp, *rp2;
	void *mem;
	u32 seq = 0;

	rbh_cpu = 0;
	while (local_read(&cpu_of(b, 0)->pages_touched) < 3)
		CHECK(put(b, 100, seq++) == 0);
	CHECK(ring_buffer_alloc_read_page(b, 0, &rp) == 0);
	CHECK_EQ(ring_buffer_read_page(b, rp, 4096, 0, 1), 0);
	mem = ring_buffer_read_page_data(rp);
	rbh_lent_page = mem;		/* the socket holds it too */
	ring_buffer_free_read_page(b, 0, rp);
	CHECK(cpu_of(b, 0)->spare != mem);
	CHECK(ring_buffer_alloc_read_page(b, 0, &rp2) == 0);
	CHECK(ring_buffer_read_page_data(rp2) != mem);
	CHECK_EQ(ring_buffer_read_page(b, rp2, 4096, 0, 1), 0);
	rbh_lent_page = NULL;
	ring_buffer_free_read_page(b, 0, rp2);
	/* given back when nobody else holds it, it is the spare */
	CHECK(cpu_of(b, 0)->spare != NULL);
	ring_buffer_free(b);
}

/* ---- the suspicions of issue 13, each confirmed or refuted here ---- */

/*
 * Suspicion: a lapped iterator resumes at the newest contents instead of
 * the oldest surviving data. Confirmed: it restarted the page it was on,
 * which the writer had just filled anew, and so skipped every event that
 * survived between it and that page. After a drop it must go on with the
 * oldest event that follows what it returned, and skip nothing else.
 */
static void susp_iter_lap(void)
{
	struct trace_buffer *b = new_buffer(4, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	struct ring_buffer_iter *it;
	long shown_max = -1, post[4096], consumed[8192];
	int npost = 0, ncons = 0, i, first;
	bool dropped = false;
	u32 seq = 0, s32;

	rbh_cpu = 0;
	while (seq < 150)
		CHECK(put(b, 100, seq++) == 0);
	it = ring_buffer_read_start(b, 0, GFP_KERNEL);
	CHECK(it);
	/* walk into the ring, a page and a half */
	for (i = 0; i < 55 && (ev = ring_buffer_iter_peek(it, NULL)); i++) {
		memcpy(&s32, ring_buffer_event_data(ev), 4);
		shown_max = s32;
		ring_buffer_iter_advance(it);
	}
	CHECK(it->page != cpu_of(b, 0)->reader_page);
	/* the writer laps the iterator's page, not the whole ring */
	for (i = 0; i < 120; i++)
		CHECK(put(b, 100, seq++) == 0);
	while ((ev = ring_buffer_iter_peek(it, NULL)) && npost < 4096) {
		dropped |= ring_buffer_iter_dropped(it);
		memcpy(&s32, ring_buffer_event_data(ev), 4);
		post[npost++] = s32;
		ring_buffer_iter_advance(it);
	}
	ring_buffer_read_finish(it);
	CHECK(dropped);
	while ((i = take(b, NULL, NULL)) >= 0)
		consumed[ncons++] = i;
	/* what survived after the last event shown comes, all of it, in order */
	for (first = 0; first < ncons && consumed[first] <= shown_max; first++)
		;
	CHECK_EQ(npost, ncons - first);
	for (i = 0; i < npost && first + i < ncons; i++)
		CHECK_EQ(post[i], consumed[first + i]);
	ring_buffer_free(b);
}

/*
 * Suspicion: an iterator entering a page reads the page's time stamp
 * before its commit word. Confirmed: it took the stamp when it entered,
 * which for a page with nothing committed yet can be a stale one. Here
 * the event reserved first on a fresh page is discarded and given back
 * (its stamp stays in the page header), the iterator enters the empty
 * page, and the next event, stamped anew, read back with the old stamp.
 */
static void susp_iter_stamp(void)
{
	struct trace_buffer *b = new_buffer(4, 0);
	struct rb_cpu *cb = cpu_of(b, 0);
	struct ring_buffer_event *ev;
	struct ring_buffer_iter *it;
	u64 ts, want;
	u32 seq = 0;

	rbh_cpu = 0;
	while (rb_page_off(cb->tail_page) + 200 < b->subbuf_size)
		CHECK(put(b, 100, seq++) == 0);
	/* this one goes to the next page, then is given back */
	ev = ring_buffer_lock_reserve(b, 300);
	CHECK(ev && rb_page_off(cb->tail_page) < 400);
	ring_buffer_discard_commit(b, ev);
	CHECK_EQ(rb_page_off(cb->tail_page), 0);
	it = ring_buffer_read_start(b, 0, GFP_KERNEL);
	while (ring_buffer_iter_peek(it, NULL))
		ring_buffer_iter_advance(it);
	CHECK(it->page == cb->tail_page);	/* entered the empty page */
	now += 5000000;
	want = now + 1000;			/* the clock steps first */
	CHECK(put(b, 16, seq) == 0);
	ev = ring_buffer_iter_peek(it, &ts);
	CHECK(ev);
	CHECK_EQ(ts, want);
	ring_buffer_read_finish(it);
	CHECK_EQ(drain(b, -1), seq);
	ring_buffer_free(b);
}

/*
 * Suspicion: ring_buffer_read_page(full=1) returns partial pages.
 * Confirmed for one kind: with a length too short for the rest of a
 * finished page it copied what fitted. A full read takes the rest of a
 * finished page or nothing (as the reference does, a page partly read
 * before may give its rest).
 */
static void susp_read_page_full(void)
{
	struct trace_buffer *b = new_buffer(4, 0);
	struct buffer_data_read_page *rp;
	u32 seq = 0;

	rbh_cpu = 0;
	/* one finished page, and one event on the next */
	while (!local_read(&cpu_of(b, 0)->pages_touched))
		CHECK(put(b, 100, seq++) == 0);
	CHECK(ring_buffer_alloc_read_page(b, 0, &rp) == 0);
	/* room for two events of a finished page: no */
	CHECK_EQ(ring_buffer_read_page(b, rp, 16 + 240, 0, 1), -1);
	/* without full: those two (either event layout) */
	CHECK_EQ(ring_buffer_read_page(b, rp, 16 + 240, 0, 0), 0);
	CHECK_EQ(local_read(&((struct rb_data_page *)
			     ring_buffer_read_page_data(rp))->commit),
		 2 * format_size(100));
	/* the rest of that page, with full: yes */
	CHECK_EQ(ring_buffer_read_page(b, rp, 4096, 0, 1), 0);
	/* the page the writer is on: not with full */
	CHECK_EQ(ring_buffer_read_page(b, rp, 4096, 0, 1), -1);
	ring_buffer_free_read_page(b, 0, rp);
	ring_buffer_free(b);
}

/*
 * Suspicion: ring_buffer_reset() races CPU hotplug, not holding
 * cpus_read_lock(). Confirmed: it walked the buffer's CPU mask once per
 * step (stop recording, wait, clear, restart), and a CPU that came up in
 * between got a restart without a stop: its counts went negative and it
 * never recorded again, nor could its buffer be resized.
 */
static struct trace_buffer *hp_buffer;
static pthread_t hp_thread;
static int hp_state;		/* 0 idle, 1 started, 2 done */

static void *hp_bring_up(void *arg)
{
	pthread_rwlock_wrlock(&rbh_hotplug_lock);
	cpumask_set_cpu(2, &rbh_online_mask);
	CHECK_EQ(trace_rb_cpu_prepare(2, &hp_buffer->node), 0);
	pthread_rwlock_unlock(&rbh_hotplug_lock);
	__atomic_store_n(&hp_state, 2, __ATOMIC_SEQ_CST);
	return NULL;
}

/* CPU 2 comes up while the reset waits for writers, if it can. */
static void hp_sync_hook(void)
{
	int i;

	if (hp_state)
		return;
	hp_state = 1;
	pthread_create(&hp_thread, NULL, hp_bring_up, NULL);
	for (i = 0; i < 200 && __atomic_load_n(&hp_state, __ATOMIC_SEQ_CST) != 2; i++)
		usleep(1000);
}

static void susp_reset_hotplug(void)
{
	struct trace_buffer *b;
	int cpu;

	rbh_set_cpus(3);
	cpumask_clear_cpu(2, &rbh_online_mask);
	b = new_buffer(4, 0);
	hp_buffer = b;
	hp_state = 0;
	rbh_cpu = 0;
	CHECK(put(b, 16, 1) == 0);
	rbh_sync_rcu_hook = hp_sync_hook;
	ring_buffer_reset(b);
	rbh_sync_rcu_hook = NULL;
	pthread_join(hp_thread, NULL);
	CHECK_EQ(hp_state, 2);
	for (cpu = 0; cpu < 3; cpu++) {
		CHECK_EQ(atomic_read(&cpu_of(b, cpu)->record_disabled), 0);
		CHECK_EQ(atomic_read(&cpu_of(b, cpu)->resize_disabled), 0);
		rbh_cpu = cpu;
		CHECK(put(b, 16, cpu) == 0);
	}
	CHECK_EQ(ring_buffer_resize(b, 8 * 4096, RING_BUFFER_ALL_CPUS), 0);
	ring_buffer_free(b);
	rbh_set_cpus(2);
	rbh_cpu = 0;
}

/*
 * Suspicion: ring_buffer_read_start() sizes its copy of an event before
 * it blocks order changes. Confirmed: an iterator started while the
 * sub-buffer size changed kept a copy buffer of the old size, and every
 * event larger than that was skipped as if overwritten.
 */
static struct trace_buffer *rs_buffer;
static struct ring_buffer_iter *rs_iter;
static pthread_t rs_thread;
static int rs_state;		/* 0 idle, 1 started, 2 done */

static void *rs_start(void *arg)
{
	rbh_cpu = 1;
	rs_iter = ring_buffer_read_start(rs_buffer, 0, GFP_KERNEL);
	__atomic_store_n(&rs_state, 2, __ATOMIC_SEQ_CST);
	return NULL;
}

/* An iterator is opened while the order change waits for writers. */
static void rs_sync_hook(void)
{
	int i;

	if (rs_state)
		return;
	rs_state = 1;
	pthread_create(&rs_thread, NULL, rs_start, NULL);
	for (i = 0; i < 200 && __atomic_load_n(&rs_state, __ATOMIC_SEQ_CST) != 2; i++)
		usleep(1000);
}

static void susp_read_start_order(void)
{
	struct trace_buffer *b = new_buffer(32, 0);
	struct ring_buffer_event *ev;
	int ret;

	rbh_cpu = 0;
	rs_buffer = b;
	rs_state = 0;
	rs_iter = NULL;
	rbh_sync_rcu_hook = rs_sync_hook;
	ret = ring_buffer_subbuf_order_set(b, 2);
	rbh_sync_rcu_hook = NULL;
	pthread_join(rs_thread, NULL);
	CHECK(rs_iter);
	if (!rs_iter)
		goto out;
	if (ret) {
		/* refused because of the iterator: also a right answer */
		CHECK_EQ(ret, -EBUSY);
	} else {
		CHECK_EQ(ring_buffer_subbuf_order_get(b), 2);
		CHECK(put(b, 9000, 7) == 0);
		ev = ring_buffer_iter_peek(rs_iter, NULL);
		CHECK(ev);
		CHECK(!ring_buffer_iter_dropped(rs_iter));
		if (ev)
			CHECK_EQ(*(u32 *)ring_buffer_event_data(ev), 7);
	}
	ring_buffer_read_finish(rs_iter);
out:
	ring_buffer_free(b);
}

/*
 * Suspicion: no full barrier between a writer's publication and its test
 * of the waiters' flag in rb_wakeups() (a comment said there was one).
 * Confirmed: there is none, so a waiter's flag store and re-check and a
 * writer's publication and flag test can both miss (store buffering),
 * and the reader sleeps with data there. No memory model of this harness
 * reorders a store after a later load, so the test checks the remedy: a
 * waiter about to sleep makes the CPUs it waits for execute a full
 * barrier between its flag store and its last look.
 */
static void susp_wakeup_barrier(void)
{
	struct trace_buffer *b = new_buffer(4, 0);
	unsigned long before0 = rbh_ipis[0], before1 = rbh_ipis[1];

	rbh_cpu = 1;
	/* empty: poll asks for a wake up and finds nothing */
	CHECK_EQ(ring_buffer_poll_wait(b, 0, NULL, NULL, 0), 0);
	CHECK(rbh_ipis[0] > before0);
	CHECK(READ_ONCE(b->buffers[0]->waiters.pending));
	CHECK_EQ(ring_buffer_poll_wait(b, RING_BUFFER_ALL_CPUS, NULL, NULL, 0), 0);
	CHECK(rbh_ipis[1] > before1);
	/* with data there, no barrier is needed and none is asked for */
	rbh_cpu = 0;
	CHECK(put(b, 16, 1) == 0);
	before0 = rbh_ipis[0];
	CHECK(ring_buffer_wait(b, 0, 0, NULL, NULL) == 0);
	CHECK_EQ(rbh_ipis[0], before0);
	ring_buffer_free(b);
}

/*
 * Torture (CI, issue 39's first run): with trace_clock=perf the clock
 * calls local_clock(), which the function tracer traces. The
 * traced call wrote an event from inside the reservation reading the
 * clock; that moved write between R1 and R4, the reservation retried,
 * read the clock, was written under again, and after a thousand tries
 * stopped the CPU with a warning. Here the clock itself writes, as the
 * function tracer did (the same context: the re-entry level lets it
 * in). The outer event must land, after the nested one of its first
 * try, and nothing warns.
 */
static struct trace_buffer *traced_clock_buf;
static int traced_clock_writes;

static u64 traced_clock(void)
{
	if (traced_clock_buf &&
	    put(traced_clock_buf, 24, 1000 + traced_clock_writes) == 0)
		traced_clock_writes++;
	return step_clock();
}

static void clock_traced(void)
{
	struct trace_buffer *b = new_buffer(4, RB_FL_OVERWRITE);
	int warned = rbh_warnings;
	u64 ts, prev = 0;
	long seq;

	rbh_cpu = 0;
	CHECK(put(b, 16, 1) == 0);
	ring_buffer_set_clock(b, traced_clock);
	traced_clock_buf = b;
	CHECK(put(b, 16, 2) == 0);
	traced_clock_buf = NULL;
	ring_buffer_set_clock(b, step_clock);
	CHECK(put(b, 16, 3) == 0);
	CHECK_EQ(rbh_warnings, warned);
	/* the first try's nested event, and no other */
	CHECK_EQ(traced_clock_writes, 1);
	CHECK_EQ(take(b, &ts, NULL), 1);
	prev = ts;
	CHECK_EQ(take(b, &ts, NULL), 1000);
	CHECK(ts >= prev);
	prev = ts;
	CHECK_EQ(take(b, &ts, NULL), 2);
	CHECK(ts >= prev);
	seq = take(b, &ts, NULL);
	CHECK_EQ(seq, 3);
	CHECK_EQ(take(b, NULL, NULL), -1);
	check_ring(b);
	ring_buffer_free(b);
}

/*
 * The same, with an interrupt while the retry reads the clock: the retry
 * holds the re-entry level, the interrupt writes at its own, and a
 * writer leaves by clearing the lowest level held (the innermost is the
 * lowest, which the retry's hold is not). The first version cleared its
 * hold by name: the interrupt had cleared it already, so the interrupt's
 * level stayed held, and later the task's; a same-context nested write
 * (an event probe recording from its event's commit) was then refused
 * for good. make check's T2 eprobe-record.tc caught it.
 */
static int irq_clock_calls, irq_clock_depth;

/* the outer writer's clock reads: the first is traced, the second interrupted */
static u64 irq_clock(void)
{
	if (traced_clock_buf && !irq_clock_depth++) {
		irq_clock_calls++;
		if (irq_clock_calls == 1)
			put(traced_clock_buf, 24, 1000);	/* a retry */
		if (irq_clock_calls == 2) {
			int level = rbh_ctx_level;

			rbh_ctx_level = 2;			/* an interrupt */
			CHECK(put(traced_clock_buf, 24, 2000) == 0);
			rbh_ctx_level = level;
		}
	}
	if (traced_clock_buf)
		irq_clock_depth--;
	return step_clock();
}

static void clock_retry_irq(void)
{
	struct trace_buffer *b = new_buffer(4, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	int n = 0, level;
	long seq;

	rbh_cpu = 0;
	rbh_ctx_level = 0;
	ring_buffer_set_clock(b, irq_clock);
	traced_clock_buf = b;
	CHECK(put(b, 16, 1) == 0);
	traced_clock_buf = NULL;
	ring_buffer_set_clock(b, step_clock);
	CHECK_EQ(cpu_of(b, 0)->ctx_bits, 0);
	/*
	 * An event written from inside another's commit, same context: in
	 * the task, then in an interrupt.
	 */
	for (level = 0; level <= 2; level += 2) {
		rbh_ctx_level = level;
		ev = ring_buffer_lock_reserve(b, 16);
		CHECK(ev);
		if (!ev)
			continue;
		memcpy(ring_buffer_event_data(ev), &(u32){ 3 + level }, 4);
		CHECK(put(b, 16, 4 + level) == 0);
		ring_buffer_unlock_commit(b);
	}
	rbh_ctx_level = 0;
	CHECK_EQ(cpu_of(b, 0)->ctx_bits, 0);
	while ((seq = take(b, NULL, NULL)) >= 0)
		n++;
	/* 1000, 2000, 1, then 4 before 3 and 6 before 5 (commit order) */
	CHECK_EQ(n, 7);
	check_ring(b);
	ring_buffer_free(b);
}

struct regress_test {
	const char	*name;
	void		(*fn)(void);
};

static const struct regress_test tests[] = {
	{ "bug1", bug1_stale_head },
	{ "bug2", bug2_discard_rollback_stamp },
	{ "bug3", bug3_event_sizes },
	{ "bug4", bug4_page_outlives_buffer },
	{ "bug5", bug5_lent_page },
	{ "bug7", bug7_abs_stamp_limit },
	{ "bug8", bug8_map_mid_push },
	{ "bug9", bug9_map_vs_page_read },
	{ "bug10", bug10_abandoned_swap },
	{ "bug11", bug11_deep_discard },
	{ "bug12", bug12_move_tail_reset },
	{ "stress-lap", stress_lap_during_swap },
	{ "claim-push", claim_vs_push },
	{ "iter-lap", susp_iter_lap },
	{ "iter-stamp", susp_iter_stamp },
	{ "page-full", susp_read_page_full },
	{ "reset-hotplug", susp_reset_hotplug },
	{ "read-start", susp_read_start_order },
	{ "wakeup", susp_wakeup_barrier },
	{ "clock-traced", clock_traced },
	{ "clock-retry-irq", clock_retry_irq },
};

/* regress [name...]: run the named tests, or all of them */
int main(int argc, char **argv)
{
	unsigned int i;
	int j, failed;

	rbh_set_cpus(2);
	for (i = 0; i < ARRAY_SIZE(tests); i++) {
		for (j = 1; j < argc && strcmp(argv[j], tests[i].name); j++)
			;
		if (argc > 1 && j == argc)
			continue;
		failed = rbh_failures;
		tests[i].fn();
		printf("regress: %-13s %s\n", tests[i].name,
		       rbh_failures == failed ? "ok" : "FAILED");
	}
	CHECK_EQ(rbh_warnings, 0);
	printf("regress: %d checks, %d failed\n", rbh_checks, rbh_failures);
	return rbh_failures != 0;
}
