// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests: every public ring buffer function, and the edges of the
 * binary format (every event size, page-filling events, time extends,
 * discards at every position, resize, reset, swap, lost-event counts).
 * Single threaded; the simulated CPU is chosen per call.
 */
#include "shim/rb_shim.h"
#include <linux/ring_buffer.h>
#include "harness.h"
#include "ring_check.h"
#include "ring_buffer_internal.h"

/* A test may act at a named point of the writer path, as an interrupt would. */
static void (*point_hook)(struct rb_cpu *cb, const char *name);

void rb_harness_point(struct rb_cpu *cb, const char *name)
{
	if (point_hook)
		point_hook(cb, name);
}

static u64 now;
static u64 fake_clock(void) { return now; }

#define MAXD(b)		ring_buffer_max_event_size(b)

static struct trace_buffer *new_buffer(unsigned long size, unsigned int fl)
{
	struct trace_buffer *b = ring_buffer_alloc(size, fl);

	CHECK(b);
	ring_buffer_set_clock(b, fake_clock);
	return b;
}

static struct rb_cpu *cpu_of(struct trace_buffer *b, int cpu)
{
	return b->buffers[cpu];
}

static void check_ring(struct trace_buffer *b, int cpu)
{
	const char *why = rb_check_ring(cpu_of(b, cpu), true);

	if (why)
		rbh_fail(__FILE__, __LINE__, why);
	rbh_checks++;
}

static u8 pat(u32 seed, unsigned int i)
{
	return (u8)(seed * 131 + i * 7 + 1);
}

/* Write @len bytes with a pattern derived from @seed; 0 on success. */
static int put(struct trace_buffer *b, int cpu, unsigned long len, u32 seed)
{
	struct ring_buffer_event *ev;
	u8 *d;
	unsigned long i;

	rbh_cpu = cpu;
	ev = ring_buffer_lock_reserve(b, len);
	if (!ev)
		return -1;
	d = ring_buffer_event_data(ev);
	for (i = 0; i < len; i++)
		d[i] = pat(seed, i);
	memcpy(d, &seed, min(len, 4UL));
	ring_buffer_unlock_commit(b);
	return 0;
}

/* Consume one event and check its size and pattern; returns its seed. */
static long take(struct trace_buffer *b, int cpu, unsigned long len,
		 u64 *ts, unsigned long *lost)
{
	struct ring_buffer_event *ev;
	unsigned long i;
	u32 seed;
	u8 *d;

	ev = ring_buffer_consume(b, cpu, ts, lost);
	if (!ev)
		return -1;
	d = ring_buffer_event_data(ev);
	seed = 0;
	memcpy(&seed, d, len ? min(len, 4UL) : 4);
	if (len) {
		CHECK(ring_buffer_event_length(ev) >= len);
		CHECK(ring_buffer_event_length(ev) < len + 8);
		for (i = 4; i < len; i++)
			if (d[i] != pat(seed, i)) {
				CHECK(!"payload corrupt");
				break;
			}
	}
	return seed;
}

static void test_headers(void)
{
	static const char entry[] =
		"# compressed entry header\n"
		"\ttype_len    :    5 bits\n"
		"\ttime_delta  :   27 bits\n"
		"\tarray       :   32 bits\n"
		"\n"
		"\tpadding     : type == 29\n"
		"\ttime_extend : type == 30\n"
		"\ttime_stamp : type == 31\n"
		"\tdata max type_len  == 28\n";
	static const char page[] =
		"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
		"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
		"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
		"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:%d;\n";
	struct trace_buffer *b = new_buffer(8192, 0);
	struct trace_seq s = { .len = 0 };
	char want[512];

	CHECK(ring_buffer_print_entry_header(&s) == 1);
	CHECK(!strcmp(s.buf, entry));
	memset(&s, 0, sizeof(s));
	CHECK(ring_buffer_print_page_header(b, &s) == 1);
	snprintf(want, sizeof(want), page, is_signed_type(char));
	CHECK(!strcmp(s.buf, want));
	CHECK_EQ(sizeof(struct ring_buffer_event), 4);
	CHECK_EQ(ring_buffer_subbuf_size_get(b), 4096);
	CHECK_EQ(ring_buffer_subbuf_order_get(b), 0);
	CHECK_EQ(MAXD(b), 4080 - 8);
	ring_buffer_free(b);
}

/* Every length from 1 to the maximum, written and read back. */
static void test_every_size(void)
{
	struct trace_buffer *b = new_buffer(64 * 4096, 0);
	unsigned long len, max = MAXD(b);
	unsigned long bad = 0;
	u64 ts;

	for (len = 1; len <= max; len++) {
		now += 3;
		if (put(b, 0, len, len) || take(b, 0, len, &ts, NULL) != (long)len ||
		    ts != now)
			bad++;
		CHECK(ring_buffer_empty_cpu(b, 0));
	}
	CHECK_EQ(bad, 0);
	CHECK_EQ(ring_buffer_read_events_cpu(b, 0), max);
	check_ring(b, 0);
	ring_buffer_free(b);
}

/*
 * Type lengths chosen by size: small events inline, large with array[0].
 * Where 64-bit accesses must be 8-byte aligned, every event has array[0]
 * and is a multiple of 8 bytes, so that its payload (array[1]) is 8-byte
 * aligned. The expected values are the format's (header_event).
 */
static void test_event_layout(void)
{
#ifdef CONFIG_HAVE_64BIT_ALIGNED_ACCESS
	/* payload, type_len, array[0], payload length read back */
	static const unsigned int want[][4] = {
		{ 112, 0, 116, 112 }, { 113, 0, 124, 120 }, { 5, 0, 12, 8 },
	};
#else
	static const unsigned int want[][4] = {
		{ 112, 28, 0, 112 }, { 113, 0, 120, 116 },
		{ 5, 3, 0, 12 },	/* never 12 bytes */
	};
#endif
	struct trace_buffer *b = new_buffer(8192, 0);
	struct ring_buffer_event *ev;
	unsigned int i;
	u64 ts;

	rbh_cpu = 0;
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		ev = ring_buffer_lock_reserve(b, want[i][0]);
		CHECK(ev);
		CHECK_EQ(ev->type_len, want[i][1]);
		if (want[i][1]) {
			CHECK(ring_buffer_event_data(ev) == (void *)&ev->array[0]);
		} else {
			CHECK_EQ(ev->array[0], want[i][2]);
			CHECK(ring_buffer_event_data(ev) == (void *)&ev->array[1]);
		}
		CHECK_EQ((unsigned long)ring_buffer_event_data(ev) % RB_ALIGNMENT, 0);
		ring_buffer_unlock_commit(b);
	}
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		ev = ring_buffer_consume(b, 0, &ts, NULL);
		CHECK(ev);
		CHECK_EQ(ring_buffer_event_length(ev), want[i][3]);
	}
	ring_buffer_free(b);
}

static void test_bad_lengths(void)
{
	struct trace_buffer *b = new_buffer(8192, 0);

	rbh_cpu = 0;
	CHECK(!ring_buffer_lock_reserve(b, 0));
	CHECK(!ring_buffer_lock_reserve(b, MAXD(b) + 1));
	CHECK(!ring_buffer_lock_reserve(b, ~0UL));
	CHECK(ring_buffer_write(b, 0, "") == -EBUSY);
	CHECK(put(b, 0, MAXD(b), 1) == 0);
	CHECK_EQ(ring_buffer_entries(b), 1);
	check_ring(b, 0);
	ring_buffer_free(b);
}

/* Read a whole page with ring_buffer_read_page(); returns its commit. */
static long read_page(struct trace_buffer *b, int cpu, size_t len, int full,
		      struct buffer_data_read_page **rp)
{
	struct rb_data_page *d;

	if (!*rp)
		CHECK(ring_buffer_alloc_read_page(b, cpu, rp) == 0);
	if (ring_buffer_read_page(b, *rp, len, cpu, full) < 0)
		return -1;
	d = ring_buffer_read_page_data(*rp);
	/* the size: a missed-events flag makes the whole word negative */
	return local_read(&d->commit) & RB_OFF_MASK;
}

/* Events that fill a page exactly leave no padding; the next one moves. */
static void test_exact_fill(void)
{
	struct trace_buffer *b = new_buffer(8 * 4096, 0);
	struct buffer_data_read_page *rp = NULL;
	struct rb_cpu *cb = cpu_of(b, 0);
	long commit;
	int i;

	/* 4080 bytes = 30 events of 136 bytes (132 payload + header) */
	for (i = 0; i < 30; i++)
		CHECK(put(b, 0, 128, i) == 0);
	CHECK_EQ(rb_page_off(cb->tail_page), 4080);
	CHECK(put(b, 0, 4, 99) == 0);
	commit = read_page(b, 0, 4096, 1, &rp);
	CHECK_EQ(commit, 4080);
	CHECK_EQ(ring_buffer_read_page_size(rp), 4096);
	ring_buffer_free_read_page(b, 0, rp);
	CHECK_EQ(take(b, 0, 4, NULL, NULL), 99);
	check_ring(b, 0);
	ring_buffer_free(b);
}

/* Deltas just below and above 27 bits; extends and absolute stamps. */
static void test_time(void)
{
	struct trace_buffer *b = new_buffer(8 * 4096, 0);
	struct rb_cpu *cb = cpu_of(b, 0);
	u64 steps[] = { 0, 1, (1ULL << 27) - 1, 1ULL << 27, (1ULL << 27) + 1,
			1ULL << 40, 5, (1ULL << 58) + 3, 7 };
	u64 want[ARRAY_SIZE(steps)], ts;
	struct ring_buffer_event *ev;
	unsigned long off;
	unsigned int i;

	now = 1000;
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		now += steps[i];
		want[i] = now;
		off = rb_page_off(cb->tail_page);
		CHECK(put(b, 0, 8, i) == 0);
		/* data event 16 bytes, plus 8 for an extend or stamp */
		if (i >= 3 && i != 6 && i != 8)
			CHECK_EQ(rb_page_off(cb->tail_page) - off, 24);
		else
			CHECK_EQ(rb_page_off(cb->tail_page) - off, 16);
		ev = rb_event_at(cb->tail_page, off);
		CHECK_EQ(ring_buffer_event_time_stamp(b, ev), now);
	}
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		CHECK_EQ(take(b, 0, 8, &ts, NULL), i);
		CHECK_EQ(ts, want[i]);
	}

	/* absolute mode: every event carries a stamp */
	ring_buffer_set_time_stamp_abs(b, true);
	CHECK(ring_buffer_time_stamp_abs(b));
	CHECK_EQ(MAXD(b), 4080 - 16);
	now += 10;
	off = rb_page_off(cb->tail_page);
	CHECK(put(b, 0, 8, 42) == 0);
	CHECK_EQ(rb_page_off(cb->tail_page) - off, 24);
	CHECK_EQ(take(b, 0, 8, &ts, NULL), 42);
	CHECK_EQ(ts, now);
	ring_buffer_set_time_stamp_abs(b, false);

	/* a clock going backwards is recorded exactly */
	now -= 100;
	CHECK(put(b, 0, 8, 43) == 0);
	CHECK_EQ(take(b, 0, 8, &ts, NULL), 43);
	CHECK_EQ(ts, now);
	CHECK_EQ(ring_buffer_time_stamp(b), now);
	ts = 5;
	ring_buffer_normalize_time_stamp(b, 0, &ts);
	CHECK_EQ(ts, 5);
	ring_buffer_free(b);
}

/*
 * Discard the k-th of n events: the last one is rolled back, an earlier
 * one (with a nested event after it) stays as padding. Either way the
 * reader never sees it and counts stay exact.
 */
static void test_discard(void)
{
	int n = 40, k, i;

	for (k = 0; k < n; k++) {
		struct trace_buffer *b = new_buffer(4 * 4096, 0);
		struct rb_cpu *cb = cpu_of(b, 0);
		struct ring_buffer_event *ev;
		unsigned long off;
		long got;
		u64 ts;

		rbh_cpu = 0;
		for (i = 0; i < n; i++) {
			now += 1 + (i % 3) * (1 << 26);
			if (i != k) {
				CHECK(put(b, 0, 100 + i, 1000 + i) == 0);
				continue;
			}
			off = rb_page_off(cb->tail_page);
			ev = ring_buffer_lock_reserve(b, 100 + i);
			CHECK(ev);
			if (k % 2) {
				/* an interrupt writes after it: padding */
				rbh_ctx_level = 2;
				CHECK(put(b, 0, 20, 5000 + i) == 0);
				rbh_ctx_level = 0;
				ring_buffer_discard_commit(b, ev);
			} else {
				off = (char *)ev - (char *)cb->tail_page->page->data;
				ring_buffer_discard_commit(b, ev);
				/* rolled back (with any stamp before it) */
				CHECK(rb_page_off(cb->tail_page) <= off);
			}
		}
		CHECK_EQ(ring_buffer_entries(b), n - 1 + (k % 2));
		for (i = 0; i < n; i++) {
			if (i == k) {
				if (k % 2)
					CHECK_EQ(take(b, 0, 20, &ts, NULL),
						 5000 + i);
				continue;
			}
			got = take(b, 0, 100 + i, &ts, NULL);
			CHECK_EQ(got, 1000 + i);
		}
		CHECK(!ring_buffer_consume(b, 0, &ts, NULL));
		CHECK_EQ(ring_buffer_entries(b), 0);
		check_ring(b, 0);
		ring_buffer_free(b);
	}
}

/* Overwrite mode: losses are reported, exactly, where they happened. */
static void test_overwrite_lost(void)
{
	struct trace_buffer *b = new_buffer(4 * 4096, RB_FL_OVERWRITE);
	unsigned long lost, total_lost = 0, read = 0;
	long seed, last = -1;
	int i, n = 2000;

	for (i = 0; i < n; i++)
		CHECK(put(b, 0, 40, i) == 0);
	CHECK(ring_buffer_overrun_cpu(b, 0) > 0);
	CHECK_EQ(ring_buffer_entries_cpu(b, 0) + ring_buffer_overrun_cpu(b, 0),
		 n);
	while ((seed = take(b, 0, 40, NULL, &lost)) >= 0) {
		CHECK_EQ(seed, last + 1 + (long)lost);
		total_lost += lost;
		last = seed;
		read++;
	}
	CHECK_EQ(last, n - 1);
	CHECK_EQ(read + total_lost, n);
	CHECK_EQ(ring_buffer_overruns(b), total_lost);
	CHECK_EQ(ring_buffer_read_events_cpu(b, 0), read);
	check_ring(b, 0);
	ring_buffer_free(b);
}

/* Producer/consumer mode: new events are refused when full. */
static void test_produce_consume(void)
{
	struct trace_buffer *b = new_buffer(4 * 4096, 0);
	int i, ok = 0, n = 2000;
	long seed;

	for (i = 0; i < n; i++)
		ok += put(b, 0, 40, i) == 0;
	CHECK(ok < n);
	CHECK_EQ(ring_buffer_dropped_events_cpu(b, 0), n - ok);
	CHECK_EQ(ring_buffer_overrun_cpu(b, 0), 0);
	CHECK_EQ(ring_buffer_entries_cpu(b, 0), ok);
	for (i = 0; i < ok; i++) {
		seed = take(b, 0, 40, NULL, NULL);
		CHECK_EQ(seed, i);
	}
	/* room again after reading */
	CHECK(put(b, 0, 40, 7) == 0);
	CHECK_EQ(take(b, 0, 40, NULL, NULL), 7);
	CHECK_EQ(ring_buffer_commit_overrun_cpu(b, 0), 0);
	check_ring(b, 0);
	ring_buffer_free(b);
}

static void test_peek_and_empty(void)
{
	struct trace_buffer *b = new_buffer(8192, 0);
	struct ring_buffer_event *ev;
	unsigned long lost = 9;
	u64 ts;

	CHECK(ring_buffer_empty(b));
	CHECK(!ring_buffer_peek(b, 0, &ts, &lost));
	CHECK(!ring_buffer_peek(b, 7, &ts, &lost));	/* no such CPU */
	now = 77;
	CHECK(put(b, 1, 16, 3) == 0);
	CHECK(ring_buffer_empty_cpu(b, 0));
	CHECK(!ring_buffer_empty_cpu(b, 1));
	CHECK(!ring_buffer_empty(b));
	ev = ring_buffer_peek(b, 1, &ts, &lost);
	CHECK(ev && ts == 77 && lost == 0);
	CHECK(ring_buffer_peek(b, 1, NULL, NULL) == ev);
	CHECK_EQ(ring_buffer_entries_cpu(b, 1), 1);
	CHECK_EQ(ring_buffer_oldest_event_ts(b, 1), 77);
	CHECK(ring_buffer_bytes_cpu(b, 1) >= 20);
	CHECK_EQ(take(b, 1, 16, NULL, NULL), 3);
	CHECK(ring_buffer_empty(b));
	CHECK_EQ(ring_buffer_bytes_cpu(b, 1), 0);
	ring_buffer_free(b);
}

static void test_record_switches(void)
{
	struct trace_buffer *b = new_buffer(8192, 0);

	CHECK(ring_buffer_record_is_on(b));
	ring_buffer_record_disable(b);
	CHECK(!ring_buffer_record_is_on(b));
	CHECK(ring_buffer_record_is_set_on(b));
	CHECK(put(b, 0, 8, 1) != 0);
	ring_buffer_record_enable(b);
	CHECK(put(b, 0, 8, 1) == 0);
	ring_buffer_record_off(b);
	CHECK(!ring_buffer_record_is_set_on(b));
	CHECK(put(b, 0, 8, 1) != 0);
	ring_buffer_record_off(b);
	ring_buffer_record_on(b);
	CHECK(ring_buffer_record_is_on(b));
	ring_buffer_record_disable_cpu(b, 1);
	CHECK(put(b, 1, 8, 1) != 0);
	CHECK(put(b, 0, 8, 1) == 0);
	ring_buffer_record_enable_cpu(b, 1);
	CHECK(put(b, 1, 8, 1) == 0);
	CHECK_EQ(ring_buffer_entries(b), 3);
	/* recursion guard: same context nested twice is refused */
	rbh_cpu = 0;
	CHECK(ring_buffer_lock_reserve(b, 8));
	CHECK(ring_buffer_lock_reserve(b, 8));	/* transition allowed once */
	CHECK(!ring_buffer_lock_reserve(b, 8));
	ring_buffer_nest_start(b);
	CHECK(ring_buffer_lock_reserve(b, 8));
	ring_buffer_unlock_commit(b);
	ring_buffer_nest_end(b);
	ring_buffer_unlock_commit(b);
	ring_buffer_unlock_commit(b);
	CHECK_EQ(ring_buffer_entries(b), 6);
	check_ring(b, 0);
	ring_buffer_free(b);
}

static void fill_seq(struct trace_buffer *b, int cpu, int from, int n, int len)
{
	int i;

	for (i = from; i < from + n; i++)
		CHECK(put(b, cpu, len, i) == 0);
}

/* Read everything of a CPU: events must be consecutive, gaps = lost. */
static long drain_seq(struct trace_buffer *b, int cpu, int len, long first,
		      unsigned long *lost_total)
{
	unsigned long lost;
	long seed, last = first - 1;

	*lost_total = 0;
	while ((seed = take(b, cpu, len, NULL, &lost)) >= 0) {
		CHECK_EQ(seed, last + 1 + (long)lost);
		*lost_total += lost;
		last = seed;
	}
	return last;
}

static void test_resize(void)
{
	struct trace_buffer *b = new_buffer(16 * 4096, RB_FL_OVERWRITE);
	unsigned long lost;
	int ret;

	CHECK_EQ(ring_buffer_size(b, 0), 17 * 4080);
	fill_seq(b, 0, 0, 500, 60);
	/* one page is rounded up to two */
	CHECK(ring_buffer_resize(b, 4096, RING_BUFFER_ALL_CPUS) == 0);
	CHECK_EQ(ring_buffer_size(b, 0), 2 * 4080);
	CHECK_EQ(ring_buffer_size(b, 1), 2 * 4080);
	check_ring(b, 0);
	check_ring(b, 1);
	CHECK_EQ(drain_seq(b, 0, 60, 0, &lost), 499);
	CHECK(lost > 0);
	fill_seq(b, 0, 500, 300, 60);
	CHECK(ring_buffer_resize(b, 32 * 4096, 0) == 0);
	CHECK_EQ(ring_buffer_size(b, 0), 33 * 4080);
	CHECK_EQ(ring_buffer_size(b, 1), 2 * 4080);
	check_ring(b, 0);
	fill_seq(b, 0, 800, 1000, 60);
	CHECK_EQ(drain_seq(b, 0, 60, 500, &lost), 1799);
	check_ring(b, 0);
	/* grow with data in flight, then shrink to two pages and back */
	fill_seq(b, 0, 1800, 700, 60);
	CHECK(ring_buffer_resize(b, 64 * 4096, 0) == 0);
	fill_seq(b, 0, 2500, 10, 60);
	CHECK(ring_buffer_resize(b, 1, 0) == 0);
	fill_seq(b, 0, 2510, 10, 60);
	CHECK_EQ(drain_seq(b, 0, 60, 1800, &lost), 2519);
	check_ring(b, 0);
	/* absurd sizes are refused, the buffer stays usable */
	ret = ring_buffer_resize(b, ~0UL, 0);
	CHECK(ret == -EINVAL || ret == -ENOMEM);
	CHECK(ring_buffer_resize(b, 1UL << 40, 0) == -ENOMEM);
	/* refused before any scratch array is sized by the absurd count */
	CHECK_EQ(shim_kmalloc_too_big, 0);
	CHECK_EQ(ring_buffer_size(b, 0), 2 * 4080);
	/* a CPU without a buffer is ignored */
	CHECK(ring_buffer_resize(b, 8192, 9) == 0);
	fill_seq(b, 0, 0, 5, 8);
	CHECK_EQ(drain_seq(b, 0, 8, 0, &lost), 4);
	CHECK_EQ(lost, 0);
	ring_buffer_free(b);
}

static void test_resize_producer(void)
{
	struct trace_buffer *b = new_buffer(4 * 4096, 0);
	unsigned long lost;
	int ok = 0, i;

	for (i = 0; i < 1000; i++)
		ok += put(b, 0, 60, i) == 0;
	CHECK(ring_buffer_resize(b, 8 * 4096, 0) == 0);
	for (i = ok; i < ok + 200; i++)
		CHECK(put(b, 0, 60, i) == 0);
	CHECK_EQ(drain_seq(b, 0, 60, 0, &lost), ok + 199);
	CHECK_EQ(lost, 0);
	check_ring(b, 0);
	ring_buffer_free(b);
}

static void test_reset(void)
{
	struct trace_buffer *b = new_buffer(4 * 4096, RB_FL_OVERWRITE);
	unsigned long lost;

	fill_seq(b, 0, 0, 1000, 30);
	fill_seq(b, 1, 0, 10, 30);
	CHECK_EQ(take(b, 0, 30, NULL, &lost) >= 0, 1);
	ring_buffer_reset_cpu(b, 0);
	CHECK(ring_buffer_empty_cpu(b, 0));
	CHECK_EQ(ring_buffer_entries_cpu(b, 0), 0);
	CHECK_EQ(ring_buffer_overrun_cpu(b, 0), 0);
	CHECK_EQ(ring_buffer_read_events_cpu(b, 0), 0);
	CHECK_EQ(ring_buffer_entries_cpu(b, 1), 10);
	check_ring(b, 0);
	fill_seq(b, 0, 0, 3, 30);
	CHECK_EQ(drain_seq(b, 0, 30, 0, &lost), 2);
	CHECK_EQ(lost, 0);
	ring_buffer_reset_online_cpus(b);
	CHECK(ring_buffer_empty(b));
	fill_seq(b, 1, 0, 3, 30);
	ring_buffer_reset(b);
	CHECK(ring_buffer_empty(b));
	CHECK_EQ(ring_buffer_entries(b), 0);
	check_ring(b, 1);
	ring_buffer_free(b);
}

static void test_swap(void)
{
	struct trace_buffer *a = new_buffer(4 * 4096, 0);
	struct trace_buffer *b = new_buffer(4 * 4096, 0);
	struct trace_buffer *c = new_buffer(8 * 4096, 0);
	unsigned long lost;

	fill_seq(a, 0, 0, 10, 16);
	fill_seq(b, 0, 100, 5, 16);
	CHECK(ring_buffer_swap_cpu(a, b, 0) == 0);
	CHECK_EQ(drain_seq(b, 0, 16, 0, &lost), 9);
	CHECK_EQ(drain_seq(a, 0, 16, 100, &lost), 104);
	/* writes go to the swapped-in cpu buffer */
	fill_seq(a, 0, 7, 1, 16);
	CHECK_EQ(drain_seq(a, 0, 16, 7, &lost), 7);
	CHECK(ring_buffer_swap_cpu(a, c, 0) == -EINVAL);
	ring_buffer_record_disable(b);
	CHECK(ring_buffer_swap_cpu(a, b, 0) == -EAGAIN);
	ring_buffer_record_enable(b);
	CHECK(ring_buffer_swap_cpu(a, b, 5) == -EINVAL);
	ring_buffer_free(a);
	ring_buffer_free(b);
	ring_buffer_free(c);
}

/* Parse a read page like trace-cmd does; returns events, checks seeds. */
static int parse_page(struct buffer_data_read_page *rp, long *next_seed,
		      unsigned long *missed, bool *flagged)
{
	struct rb_data_page *d = ring_buffer_read_page_data(rp);
	unsigned long commit = local_read(&d->commit);
	unsigned long size = commit & ~RB_MISSED_MASK, off = 0;
	int n = 0;

	*flagged = commit & RB_MISSED_EVENTS;
	/* byte for byte as upstream: the flag is bit 31, sign-extended */
	if (*flagged)
		CHECK((commit | ((1UL << 31) - 1)) == ~0UL);
	*missed = 0;
	if (commit & RB_MISSED_STORED)
		memcpy(missed, d->data + size, sizeof(*missed));
	while (off < size) {
		struct ring_buffer_event *ev = (void *)(d->data + off);
		unsigned int len = rb_event_len(ev);
		u32 seed;

		if (!len)
			break;
		if (ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX) {
			memcpy(&seed, ring_buffer_event_data(ev), 4);
			if (!n)
				*next_seed += *missed;
			CHECK_EQ(seed, *next_seed);
			(*next_seed)++;
			n++;
		}
		off += len;
	}
	CHECK(off <= size + 4);
	return n;
}

static void test_read_page(void)
{
	struct trace_buffer *b = new_buffer(8 * 4096, RB_FL_OVERWRITE);
	struct buffer_data_read_page *rp = NULL;
	unsigned long missed, total = 0, read = 0;
	long next = 0;
	bool flagged;
	int n;

	/* nothing to read */
	CHECK(read_page(b, 0, 4096, 0, &rp) == -1);
	/* partial page, not full: copy path; full=1 refuses */
	fill_seq(b, 0, 0, 10, 24);
	CHECK(read_page(b, 0, 4096, 1, &rp) == -1);
	CHECK(read_page(b, 0, 4096, 0, &rp) >= 0);
	CHECK_EQ(parse_page(rp, &next, &missed, &flagged), 10);
	CHECK(!flagged);
	/* whole pages: swap path */
	fill_seq(b, 0, 10, 400, 24);
	CHECK(read_page(b, 0, 4096, 1, &rp) >= 0);
	n = parse_page(rp, &next, &missed, &flagged);
	CHECK(n > 100);
	/* a small read length copies only what fits */
	CHECK(read_page(b, 0, 16 + 100, 0, &rp) >= 0);
	CHECK_EQ(parse_page(rp, &next, &missed, &flagged), 3);
	CHECK(read_page(b, 0, 16 + 10, 0, &rp) == -1);
	/* too small for any header */
	CHECK(read_page(b, 0, 16, 0, &rp) == -1);
	/* overwrite: the loss is flagged and counted in the page */
	fill_seq(b, 0, 410, 3000, 24);
	while (read_page(b, 0, 4096 - 8, 0, &rp) >= 0) {
		read += parse_page(rp, &next, &missed, &flagged);
		if (missed)
			CHECK(flagged);
		total += missed;
	}
	CHECK_EQ(next, 3410);
	CHECK_EQ(ring_buffer_overrun_cpu(b, 0), total);
	CHECK(total > 0);
	/* mixing read_page with consume keeps the order */
	fill_seq(b, 0, 3410, 20, 24);
	CHECK_EQ(take(b, 0, 24, NULL, NULL), 3410);
	next = 3411;
	for (n = 0; n < 19 && read_page(b, 0, 4096, 0, &rp) >= 0; )
		n += parse_page(rp, &next, &missed, &flagged);
	CHECK_EQ(n, 19);
	ring_buffer_free_read_page(b, 0, rp);
	rp = NULL;
	CHECK(ring_buffer_alloc_read_page(b, 0, &rp) == 0);
	ring_buffer_free_read_page(b, 0, rp);
	CHECK(ring_buffer_alloc_read_page(b, 9, &rp) == -ENODEV);
	check_ring(b, 0);
	ring_buffer_free(b);
}

static void test_iterator(void)
{
	struct trace_buffer *b = new_buffer(4 * 4096, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	struct ring_buffer_iter *it;
	long expect = 0;
	u32 seed;
	u64 ts, cts;
	int n = 0;

	fill_seq(b, 0, 0, 50, 20);
	it = ring_buffer_read_start(b, 0, GFP_KERNEL);
	CHECK(it);
	/* resizing is refused while an iterator is open */
	CHECK(ring_buffer_resize(b, 8 * 4096, 0) == -EBUSY);
	while ((ev = ring_buffer_iter_peek(it, &ts))) {
		memcpy(&seed, ring_buffer_event_data(ev), 4);
		CHECK_EQ(seed, expect);
		expect++;
		n++;
		ring_buffer_iter_advance(it);
	}
	CHECK_EQ(n, 50);
	CHECK(ring_buffer_iter_empty(it));
	CHECK(!ring_buffer_iter_dropped(it));
	/* non-consuming: the consumer still sees everything, same stamps */
	ring_buffer_iter_reset(it);
	ev = ring_buffer_iter_peek(it, &ts);
	CHECK(ev);
	CHECK_EQ(take(b, 0, 20, &cts, NULL), 0);
	CHECK_EQ(cts, ts);
	/* the consumer moved: the iterator follows it */
	ev = ring_buffer_iter_peek(it, &ts);
	memcpy(&seed, ring_buffer_event_data(ev), 4);
	CHECK_EQ(seed, 1);
	/* overwrite under the iterator: reported, and data stays sane */
	fill_seq(b, 0, 50, 2000, 20);
	n = 0;
	expect = -1;
	while ((ev = ring_buffer_iter_peek(it, &ts)) && n < 5000) {
		memcpy(&seed, ring_buffer_event_data(ev), 4);
		CHECK(seed < 2050);
		CHECK((long)seed > expect || ring_buffer_iter_dropped(it));
		expect = seed;
		ring_buffer_iter_advance(it);
		n++;
	}
	CHECK(n < 5000);
	ring_buffer_read_finish(it);
	CHECK(ring_buffer_resize(b, 8 * 4096, 0) == 0);
	CHECK(!ring_buffer_read_start(b, 9, GFP_KERNEL));
	ring_buffer_free(b);
}

/*
 * A writer stalls in the middle of pushing the head: it has given up the
 * oldest page (counted its events lost) and flagged the next one, but has
 * not moved onto the page yet. Meanwhile the consumer reads everything,
 * swapping in the writer's own page last. The given-up page is now the
 * head with its old events still in it; an iterator must not return them.
 */
static struct trace_buffer *stall_buf;
static long stall_last;
static bool stall_done;

static void stall_at_head_set(struct rb_cpu *cb, const char *name)
{
	struct ring_buffer_event *ev;
	struct ring_buffer_iter *it;
	long seed;
	int n;
	u32 s;

	if (stall_done || strcmp(name, "head-set"))
		return;
	stall_done = true;
	/* an iterator already out in the ring, past the reader page */
	it = ring_buffer_read_start(stall_buf, 0, GFP_KERNEL);
	CHECK(it);
	for (n = 0; n < 120 && ring_buffer_iter_peek(it, NULL); n++)
		ring_buffer_iter_advance(it);
	CHECK_EQ(n, 120);
	CHECK(it->page != cb->reader_page);
	while ((seed = take(stall_buf, 0, 40, NULL, NULL)) >= 0)
		stall_last = seed;
	CHECK(stall_last > 0);
	CHECK(cb->commit_page == cb->reader_page);
	for (n = 0; n < 1000 && (ev = ring_buffer_iter_peek(it, NULL)); n++) {
		memcpy(&s, ring_buffer_event_data(ev), 4);
		CHECK((long)s > stall_last);
		ring_buffer_iter_advance(it);
	}
	/* the writer has not moved: nothing newer exists */
	CHECK_EQ(n, 0);
	ring_buffer_read_finish(it);
}

static void test_iterator_stalled_push(void)
{
	struct trace_buffer *b = new_buffer(3 * 4096, RB_FL_OVERWRITE);
	unsigned long lost;
	long seed, last;
	u32 i = 0;

	/* fill the ring until the next page move has to push the head */
	while (!local_read(&cpu_of(b, 0)->pages_lost))
		CHECK(put(b, 0, 40, i++) == 0);
	stall_buf = b;
	stall_done = false;
	point_hook = stall_at_head_set;
	while (!stall_done && i < 100000)
		CHECK(put(b, 0, 40, i++) == 0);
	point_hook = NULL;
	CHECK(stall_done);
	/* the consumer goes on from where it was, losing nothing more */
	last = stall_last;
	while ((seed = take(b, 0, 40, NULL, &lost)) >= 0) {
		CHECK_EQ(seed, last + 1 + (long)lost);
		last = seed;
	}
	CHECK_EQ(last, (long)i - 1);
	check_ring(b, 0);
	ring_buffer_free(b);
}

static void test_subbuf_order(void)
{
	struct trace_buffer *b = new_buffer(32 * 4096, 0);
	unsigned long lost;

	fill_seq(b, 0, 0, 10, 100);
	CHECK(ring_buffer_subbuf_order_set(b, -1) == -EINVAL);
	CHECK(ring_buffer_subbuf_order_set(b, 20) == -EINVAL);
	CHECK(ring_buffer_subbuf_order_set(b, 2) == 0);
	CHECK_EQ(ring_buffer_subbuf_order_get(b), 2);
	CHECK_EQ(ring_buffer_subbuf_size_get(b), 4 * 4096);
	CHECK_EQ(MAXD(b), 4 * 4096 - 16 - 8);
	CHECK(ring_buffer_empty(b));
	CHECK(ring_buffer_size(b, 0) >= 32 * 4080);
	fill_seq(b, 0, 0, 6, 9000);
	CHECK_EQ(drain_seq(b, 0, 9000, 0, &lost), 5);
	check_ring(b, 0);
	CHECK(ring_buffer_subbuf_order_set(b, 0) == 0);
	CHECK_EQ(ring_buffer_subbuf_size_get(b), 4096);
	fill_seq(b, 0, 0, 20, 1000);
	CHECK_EQ(drain_seq(b, 0, 1000, 0, &lost), 19);
	ring_buffer_free(b);
}

static void test_dirty_and_wait(void)
{
	struct trace_buffer *b = new_buffer(10 * 4096, 0);
	int i;

	CHECK_EQ(ring_buffer_nr_dirty_pages(b, 0), 0);
	for (i = 0; i < 200; i++)
		put(b, 0, 100, i);
	CHECK(ring_buffer_nr_dirty_pages(b, 0) >= 4);
	/* data present: waits return at once */
	CHECK(ring_buffer_wait(b, 0, 0, NULL, NULL) == 0);
	CHECK(ring_buffer_wait(b, 0, 40, NULL, NULL) == 0);
	CHECK(ring_buffer_wait(b, RING_BUFFER_ALL_CPUS, 0, NULL, NULL) == 0);
	CHECK(ring_buffer_wait(b, 9, 0, NULL, NULL) == -ENODEV);
	CHECK(ring_buffer_poll_wait(b, 0, NULL, NULL, 0) ==
	      (EPOLLIN | EPOLLRDNORM));
	CHECK(ring_buffer_poll_wait(b, 1, NULL, NULL, 0) == 0);
	CHECK(ring_buffer_poll_wait(b, 0, NULL, NULL, 90) == 0);
	CHECK(ring_buffer_poll_wait(b, 9, NULL, NULL, 0) == EPOLLERR);
	ring_buffer_wake_waiters(b, RING_BUFFER_ALL_CPUS);
	ring_buffer_wake_waiters(b, 1);
	ring_buffer_free(b);
}

static void test_misc(void)
{
	struct trace_buffer *b = new_buffer(8192, RB_FL_OVERWRITE);
	long t, d;

	CHECK(!ring_buffer_last_boot_delta(b, &t, &d));
	CHECK(!ring_buffer_alloc_range(8192, 0, 0, 0, 0));
	CHECK(ring_buffer_unmap(b, 0) == -ENODEV);
	CHECK(ring_buffer_map_get_reader(b, 0) == -ENODEV);
	CHECK(ring_buffer_unmap(b, 7) == -EINVAL);
	ring_buffer_change_overwrite(b, 0);
	CHECK(!(b->flags & RB_FL_OVERWRITE));
	ring_buffer_change_overwrite(b, 1);
	CHECK(b->flags & RB_FL_OVERWRITE);
	CHECK(ring_buffer_write(b, 5, "abcde") == 0);
	CHECK_EQ(ring_buffer_entries(b), 1);
	CHECK(trace_rb_cpu_prepare(1, &b->node) == 0);	/* already there */
	ring_buffer_free(b);
}

/* A CPU that comes online later gets its buffer from the hotplug hook. */
static void test_hotplug(void)
{
	struct trace_buffer *b;
	unsigned long lost;

	rbh_set_cpus(3);
	cpumask_clear_cpu(2, &rbh_online_mask);
	b = new_buffer(4 * 4096, 0);
	CHECK(!ring_buffer_size(b, 2));
	CHECK(put(b, 2, 8, 1) != 0);
	CHECK(trace_rb_cpu_prepare(2, &b->node) == 0);
	CHECK_EQ(ring_buffer_size(b, 2), ring_buffer_size(b, 0));
	fill_seq(b, 2, 0, 5, 8);
	CHECK_EQ(drain_seq(b, 2, 8, 0, &lost), 4);
	ring_buffer_free(b);
	rbh_set_cpus(2);
}

/*
 * An interrupt storm while a task holds a reservation: nested writers
 * fill the whole ring and must stop at the uncommitted data (commit
 * overrun) instead of overwriting it.
 */
static void test_commit_overrun(void)
{
	struct trace_buffer *b = new_buffer(2 * 4096, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	unsigned long lost;
	int i, ok = 0;
	long seed;

	fill_seq(b, 0, 0, 3, 100);
	rbh_cpu = 0;
	ev = ring_buffer_lock_reserve(b, 100);
	CHECK(ev);
	for (i = 0; i < 100; i++)
		((u8 *)ring_buffer_event_data(ev))[i] = pat(3, i);
	memcpy(ring_buffer_event_data(ev), &(u32){ 3 }, 4);
	rbh_ctx_level = 2;
	for (i = 0; i < 400; i++)
		ok += put(b, 0, 100, 1000 + i) == 0;
	rbh_ctx_level = 0;
	CHECK(ok < 400);
	CHECK(ring_buffer_commit_overrun_cpu(b, 0) > 0);
	CHECK_EQ(ring_buffer_commit_overrun_cpu(b, 0), 400 - ok);
	ring_buffer_unlock_commit(b);
	check_ring(b, 0);
	/* the task's event and everything before it survived */
	for (i = 0; i < 4; i++) {
		CHECK_EQ(take(b, 0, 100, NULL, &lost), i);
		CHECK_EQ(lost, 0);
	}
	for (i = 0; i < ok; i++) {
		seed = take(b, 0, 100, NULL, NULL);
		CHECK_EQ(seed, 1000 + i);
	}
	CHECK(ring_buffer_empty(b));
	ring_buffer_free(b);
}

/*
 * User space mapping: the meta page, sub-buffers by id, and consuming
 * page by page through ring_buffer_map_get_reader() as a tool would.
 */
static void test_map(void)
{
	struct trace_buffer *b = new_buffer(4 * 4096, RB_FL_OVERWRITE);
	struct vm_area_struct vma = {
		.vm_start = 1UL << 30, .vm_flags = VM_MAYSHARE,
	};
	struct buffer_data_read_page *rp = NULL;
	struct trace_buffer_meta *meta;
	unsigned long read = 0, lost = 0;
	long last = -1, rounds = 0;
	unsigned int subbufs = ring_buffer_size(b, 0) / 4080 + 1;

	vma.vm_end = vma.vm_start + (subbufs + 2) * 4096;
	CHECK(ring_buffer_map(b, 0, &vma) == -EINVAL);	/* too large */
	vma.vm_end -= 4096;
	vma.vm_flags |= VM_WRITE;
	CHECK(ring_buffer_map(b, 0, &vma) == -EPERM);
	vma.vm_flags &= ~VM_WRITE;
	CHECK(ring_buffer_map(b, 0, &vma) == 0);
	CHECK_EQ(vma.nr_inserted, subbufs + 1);
	meta = (void *)vma.inserted[0];
	CHECK_EQ(meta->nr_subbufs, subbufs);
	CHECK_EQ(meta->subbuf_size, 4096);
	CHECK_EQ(meta->meta_page_size, 4096);
	CHECK_EQ(meta->meta_struct_len, sizeof(*meta));
	CHECK(ring_buffer_resize(b, 8 * 4096, 0) == -EBUSY);
	CHECK(ring_buffer_subbuf_order_set(b, 1) == -EBUSY);

	/* 52 bytes: no layout fills a page exactly, the count has room */
	fill_seq(b, 0, 0, 1000, 52);
	for (;;) {
		unsigned int old_id = meta->reader.id, old_read = meta->reader.read;
		struct rb_data_page *d;
		unsigned long commit, size, off, missed = 0;

		CHECK(ring_buffer_map_get_reader(b, 0) == 0);
		if (meta->reader.id == old_id && meta->reader.read == old_read)
			break;
		CHECK(meta->reader.id < subbufs);
		d = (void *)vma.inserted[1 + meta->reader.id];
		off = meta->reader.id == old_id ? old_read : 0;
		commit = local_read(&d->commit);
		size = commit & RB_OFF_MASK;
		if (commit & RB_MISSED_STORED)
			memcpy(&missed, d->data + size, sizeof(missed));
		else
			CHECK(!(commit & RB_MISSED_EVENTS));
		while (off < size) {
			struct ring_buffer_event *ev = (void *)(d->data + off);
			unsigned int len = rb_event_len(ev);
			u32 seed;

			if (!len)
				break;
			if (ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX) {
				memcpy(&seed, ring_buffer_event_data(ev), 4);
				CHECK_EQ(seed, last + 1 + missed);
				lost += missed;
				missed = 0;
				last = seed;
				read++;
			}
			off += len;
		}
		if (++rounds > 100)
			break;
	}
	CHECK_EQ(last, 999);
	CHECK_EQ(read + lost, 1000);
	CHECK_EQ(lost, ring_buffer_overrun_cpu(b, 0));
	CHECK(ring_buffer_empty_cpu(b, 0));

	/* whole-page reads copy while mapped; the mapping stays intact */
	fill_seq(b, 0, 0, 50, 40);
	CHECK(read_page(b, 0, 4096, 0, &rp) >= 0);
	ring_buffer_free_read_page(b, 0, rp);
	ring_buffer_map_dup(b, 0);
	CHECK(ring_buffer_unmap(b, 0) == 0);
	CHECK(ring_buffer_unmap(b, 0) == 0);
	CHECK(ring_buffer_unmap(b, 0) == -ENODEV);
	CHECK(ring_buffer_map_get_reader(b, 0) == -ENODEV);
	CHECK(ring_buffer_resize(b, 8 * 4096, 0) == 0);
	free(vma.inserted);
	ring_buffer_free(b);
}

int main(void)
{
	rbh_set_cpus(2);
	test_headers();
	test_event_layout();
	test_every_size();
	test_bad_lengths();
	test_exact_fill();
	test_time();
	test_discard();
	test_overwrite_lost();
	test_produce_consume();
	test_peek_and_empty();
	test_record_switches();
	test_resize();
	test_resize_producer();
	test_reset();
	test_swap();
	test_read_page();
	test_iterator();
	test_iterator_stalled_push();
	test_subbuf_order();
	test_dirty_and_wait();
	test_misc();
	test_hotplug();
	test_commit_overrun();
	test_map();
	CHECK_EQ(rbh_warnings, 0);
	printf("unit: %d checks, %d failed\n", rbh_checks, rbh_failures);
	return rbh_failures != 0;
}
