// SPDX-License-Identifier: GPL-2.0
/*
 * Deterministic nesting explorer.
 *
 * The writer path calls rb_preempt_point() at the places where an
 * interrupt can change what the writer is about to rely on. Here each run
 * writes one "outer" event into a buffer prepared in a chosen state, and a
 * schedule says at which point (by count) of which nesting depth to fire
 * an action: a nested writer (which may itself be interrupted, down to
 * depth 3, i.e. task -> softirq -> irq -> NMI), a nested writer that
 * discards its event, or a reader on another CPU consuming an event or a
 * page (and so swapping the reader page). Every schedule up to that depth
 * is run.
 *
 * Checked at every preemption point: no pointer carries HEAD and UPDATE,
 * the reader page is not in the ring, the commit of a page never passes
 * a reservation still being written. Checked after every schedule: the
 * ring is consistent (one HEAD, no UPDATE, commit at tail), and draining
 * it yields the committed events in their physical order, each with
 * exactly the time stamp it was reserved with, every gap being exactly
 * the loss reported there, and the counters agree.
 */
#include "shim/rb_shim.h"
#include <linux/ring_buffer.h>
#include "harness.h"
#include "ring_check.h"

#define PAGES		3
#define MAX_DEPTH	3
#define MAX_EVENTS	4096

enum action { A_SMALL, A_BIG, A_DISCARD, A_READ, A_READ_PAGE, A_NR };
static const char *const action_names[A_NR] = {
	"small", "big", "discard", "read", "read-page",
};

struct fire { int point; int action; };

static struct trace_buffer *buf;
static struct fire plan[MAX_DEPTH];
static int nplan;
static bool fired[MAX_DEPTH];
static int depth;			/* of the writer now running */
static int counter[MAX_DEPTH + 1];	/* points seen, per depth */
static int points[MAX_DEPTH + 1];	/* for the enumeration */
static bool active;
static const char *violation;

/* the fake clock: deterministic, strictly increasing, some wide jumps */
static u64 clk, clk_calls;
static u64 fake_clock(void)
{
	clk_calls++;
	clk += (clk_calls % 7) ? 1000 : (1ULL << 27) + 5;
	return clk;
}

/* What was committed, and what the readers saw. */
struct committed { u32 id; u64 ts; };
static struct committed done[MAX_EVENTS];
static int ndone;
struct seen { u32 id; u64 ts; unsigned long lost; };
static struct seen seen[MAX_EVENTS];
static int nseen;
static u32 next_id;

/* reservations being written, per depth */
static struct rb_resv_slot inflight[MAX_DEPTH + 1];
static bool inflight_on[MAX_DEPTH + 1];

static unsigned long schedules, point_checks;

static void violate(const char *why)
{
	if (!violation)
		violation = why;
}

static void check_midflight(struct rb_cpu *cb)
{
	struct rb_subbuf *start, *p;
	unsigned long n, heads = 0, updates = 0, f;
	int d;

	point_checks++;
	start = list_entry(rb_ptr_clean(cb->pages), struct rb_subbuf, list);
	p = start;
	for (n = 0; n < cb->nr_pages; n++) {
		f = (unsigned long)p->list.next & RB_PTR_FLAGS;
		if (f == RB_PTR_FLAGS)
			violate("HEAD and UPDATE set together");
		heads += f == RB_PTR_HEAD;
		updates += f == RB_PTR_UPDATE;
		if (p == cb->reader_page)
			violate("reader page inside the ring");
		p = rb_next_page(p);
	}
	if (p != start)
		violate("ring broken mid-flight");
	/*
	 * Each nesting level may be pushing the head (one UPDATE each); a
	 * stale HEAD can exist for a moment before its writer undoes it.
	 */
	if (heads > 2 || updates > (unsigned long)depth + 1 ||
	    heads + updates == 0) {
		if (getenv("EXPLORE_DEBUG"))
			fprintf(stderr, "heads=%lu updates=%lu\n", heads, updates);
		violate("head flags inconsistent mid-flight");
	}
	for (d = 0; d <= MAX_DEPTH; d++) {
		if (!inflight_on[d])
			continue;
		if (rb_page_size(inflight[d].page) > inflight[d].start)
			violate("commit passed an unfinished reservation");
	}
}

static void record_seen(struct ring_buffer_event *ev, u64 ts,
			unsigned long lost)
{
	u32 id;

	memcpy(&id, ring_buffer_event_data(ev), 4);
	seen[nseen].id = id;
	seen[nseen].ts = ts;
	seen[nseen].lost = lost;
	nseen++;
}

static bool read_one(void)
{
	struct ring_buffer_event *ev;
	unsigned long lost = 0;
	u64 ts;

	ev = ring_buffer_consume(buf, 0, &ts, &lost);
	if (ev)
		record_seen(ev, ts, lost);
	return ev;
}

static void read_page(void)
{
	struct buffer_data_read_page *rp;
	struct rb_data_page *d;
	unsigned long commit, size, off = 0, missed = 0;
	u64 ts;
	bool first = true;

	if (ring_buffer_alloc_read_page(buf, 0, &rp))
		return;
	/* leave room for the lost count */
	if (ring_buffer_read_page(buf, rp, 2048, 0, 0) < 0)
		goto out;
	d = ring_buffer_read_page_data(rp);
	commit = local_read(&d->commit);
	size = commit & ~RB_MISSED_MASK;
	ts = d->time_stamp;
	if (commit & RB_MISSED_STORED)
		memcpy(&missed, d->data + size, sizeof(missed));
	else if (commit & RB_MISSED_EVENTS)
		violate("loss flagged without count");
	while (off < size) {
		struct ring_buffer_event *ev = (void *)(d->data + off);
		unsigned int len = rb_event_len(ev);

		if (!len)
			break;
		if (ev->type_len == RINGBUF_TYPE_TIME_EXTEND)
			ts += rb_stamp_value(ev);
		else if (ev->type_len == RINGBUF_TYPE_TIME_STAMP)
			ts = rb_full_stamp(rb_stamp_value(ev), d->time_stamp);
		else
			ts += ev->time_delta;
		if (ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX) {
			record_seen(ev, ts, first ? missed : 0);
			first = false;
		}
		off += len;
	}
out:
	ring_buffer_free_read_page(buf, 0, rp);
}

/* A writer at the current depth: reserve, fill, commit or discard. */
static void write_event(unsigned long len, bool discard)
{
	struct rb_cpu *cb = buf->buffers[0];
	struct ring_buffer_event *ev;
	u32 id = next_id++;
	u64 ts;

	ev = ring_buffer_lock_reserve(buf, len);
	if (!ev)
		return;		/* dropped: not expected back */
	ts = ring_buffer_event_time_stamp(buf, ev);
	inflight[depth] = cb->resv[local_read(&cb->committing) - 1];
	inflight_on[depth] = true;
	memset(ring_buffer_event_data(ev), 0xa5, len);
	memcpy(ring_buffer_event_data(ev), &id, 4);
	rb_preempt_point(cb, "payload-written");
	inflight_on[depth] = false;
	if (discard) {
		ring_buffer_discard_commit(buf, ev);
		return;
	}
	ring_buffer_unlock_commit(buf);
	done[ndone].id = id;
	done[ndone].ts = ts;
	ndone++;
}

static void run_action(int action)
{
	int level = rbh_ctx_level;

	switch (action) {
	case A_READ:
	case A_READ_PAGE:
		/* a reader on another CPU, at this instant */
		rbh_ctx_level = 0;
		if (action == A_READ)
			read_one();
		else
			read_page();
		rbh_ctx_level = level;
		return;
	}
	depth++;
	rbh_ctx_level = depth;		/* softirq, irq, NMI */
	counter[depth] = 0;
	write_event(action == A_BIG ? 1500 : action == A_DISCARD ? 40 : 8,
		    action == A_DISCARD);
	depth--;
	rbh_ctx_level = level;
}

void rb_harness_point(struct rb_cpu *cb, const char *name)
{
	int d = depth;

	if (!active)
		return;
	check_midflight(cb);
	counter[d]++;
	if (counter[d] > points[d])
		points[d] = counter[d];
	if (d < nplan && !fired[d] && plan[d].point == counter[d]) {
		fired[d] = true;
		run_action(plan[d].action);
	}
}

/* ---- scenarios: the state the outer writer starts from ---- */

enum target {
	T_FRESH,	/* empty buffer */
	T_PAGE_END,	/* the outer event does not fit on the tail page */
	T_RING_FULL,	/* ... and the next page is the head */
	T_READER_TAIL,	/* ... and the tail page is the reader's page */
	T_WRAPPED,	/* wrapped several times, reader half way a page */
	T_FULL_READ,	/* ring full, the reader's own page read to the end */
};

struct scenario {
	const char	*name;
	unsigned int	flags;
	unsigned long	outer;		/* size of the outer event */
	enum target	target;
	bool		abs;		/* absolute time stamps */
};

static const struct scenario scenarios[] = {
	{ "fresh",		RB_FL_OVERWRITE, 16,  T_FRESH },
	{ "page-end",		RB_FL_OVERWRITE, 100, T_PAGE_END },
	{ "full-overwrite",	RB_FL_OVERWRITE, 100, T_RING_FULL },
	{ "full-drop",		0,		 100, T_RING_FULL },
	{ "reader-on-tail",	RB_FL_OVERWRITE, 100, T_READER_TAIL },
	{ "wrapped-read",	RB_FL_OVERWRITE, 300, T_WRAPPED },
	{ "full-read-done",	RB_FL_OVERWRITE, 100, T_FULL_READ },
	{ "abs-full",		RB_FL_OVERWRITE, 100, T_RING_FULL, true },
	{ "abs-reader-tail",	0,		 100, T_READER_TAIL, true },
};

static unsigned long tail_room(void)
{
	struct rb_cpu *cb = buf->buffers[0];

	return buf->subbuf_size - rb_page_off(cb->tail_page);
}

static bool tail_before_head(void)
{
	struct rb_cpu *cb = buf->buffers[0];

	return rb_ptr_state(cb->tail_page, rb_next_page(cb->tail_page)) ==
		RB_PTR_HEAD;
}

/* Fill the tail page until the outer event (+ a stamp) cannot fit. */
static void fill_page(unsigned long outer)
{
	while (tail_room() > 300)
		write_event(200, false);
	while (tail_room() >= outer + 16)
		write_event(8, false);
}

static void setup(const struct scenario *sc)
{
	int i;

	buf = ring_buffer_alloc(PAGES * 4080, sc->flags);
	ring_buffer_set_clock(buf, fake_clock);
	ring_buffer_set_time_stamp_abs(buf, sc->abs);
	clk = 1000000;
	clk_calls = 0;
	ndone = 0;
	nseen = 0;
	next_id = 0;
	depth = 0;
	rbh_ctx_level = 0;
	rbh_cpu = 0;
	switch (sc->target) {
	case T_FRESH:
		break;
	case T_PAGE_END:
		fill_page(sc->outer);
		break;
	case T_RING_FULL:
		while (!tail_before_head())
			write_event(200, false);
		fill_page(sc->outer);
		break;
	case T_READER_TAIL:
		fill_page(sc->outer);
		while (read_one())
			;
		break;
	case T_FULL_READ:
		for (i = 0; i < 30; i++)
			write_event(200, false);
		/* swap in the first page and read all of it */
		read_one();
		while (buf->buffers[0]->reader_page->read <
		       rb_page_size(buf->buffers[0]->reader_page) && read_one())
			;
		while (!tail_before_head())
			write_event(200, false);
		fill_page(sc->outer);
		break;
	case T_WRAPPED:
		for (i = 0; i < 80; i++)
			write_event(200, false);
		for (i = 0; i < 5; i++)
			read_one();
		while (!tail_before_head())
			write_event(200, false);
		fill_page(sc->outer);
		break;
	}
}

/* Drain and compare what was seen with what was committed. */
static void verify(void)
{
	struct rb_cpu *cb = buf->buffers[0];
	unsigned long lost = 0;
	const char *why;
	int i, pos = 0;

	why = rb_check_ring(cb, true);
	if (why)
		violate(why);
	while (read_one())
		;
	/* committed events in physical order: stamps strictly increase */
	for (i = 1; i < ndone; i++) {
		int j = i;

		while (j > 0 && done[j - 1].ts > done[j].ts) {
			struct committed t = done[j];

			done[j] = done[j - 1];
			done[j - 1] = t;
			j--;
		}
	}
	for (i = 0; i < nseen; i++) {
		pos += seen[i].lost;
		lost += seen[i].lost;
		if (pos >= ndone || done[pos].id != seen[i].id) {
			violate("event missing, duplicated or out of order");
			return;
		}
		if (done[pos].ts != seen[i].ts) {
			violate("time stamp not exact");
			return;
		}
		pos++;
	}
	if (pos != ndone)
		violate("read + lost != committed");
	if (lost != ring_buffer_overrun_cpu(buf, 0))
		violate("reported loss != overrun");
	if (ring_buffer_entries(buf))
		violate("entries left after drain");
	if (rbh_warnings)
		violate("kernel warning");
}

static int failures;

static void run_one(const struct scenario *sc, int n, const struct fire *f)
{
	int d;

	setup(sc);
	memcpy(plan, f, n * sizeof(*f));
	nplan = n;
	memset(fired, 0, sizeof(fired));
	memset(counter, 0, sizeof(counter));
	memset(inflight_on, 0, sizeof(inflight_on));
	violation = NULL;
	active = true;
	write_event(sc->outer, false);
	active = false;
	verify();
	schedules++;
	if (violation) {
		failures++;
		if (failures <= 10 || getenv("EXPLORE_ALL")) {
			fprintf(stderr, "FAIL %s:", sc->name);
			for (d = 0; d < n; d++)
				fprintf(stderr, " depth %d point %d %s;", d,
					f[d].point, action_names[f[d].action]);
			fprintf(stderr, " %s\n", violation);
		}
		rbh_warnings = 0;
	}
	ring_buffer_free(buf);
}

/* Fire at every point of the writer at depth @n, every action, recursing. */
static void explore(const struct scenario *sc, struct fire *f, int n)
{
	int k, a, npoints;

	memset(points, 0, sizeof(points));
	run_one(sc, n, f);
	if (n == MAX_DEPTH)
		return;
	npoints = points[n];
	for (k = 1; k <= npoints; k++) {
		for (a = 0; a < A_NR; a++) {
			f[n].point = k;
			f[n].action = a;
			/* readers do not nest further; neither does depth 3 */
			if (a == A_READ || a == A_READ_PAGE || n + 1 == MAX_DEPTH) {
				run_one(sc, n + 1, f);
				continue;
			}
			explore(sc, f, n + 1);
		}
	}
}

int main(void)
{
	struct fire f[MAX_DEPTH];
	unsigned int i;
	unsigned long before;

	rbh_set_cpus(1);
	for (i = 0; i < ARRAY_SIZE(scenarios); i++) {
		before = schedules;
		explore(&scenarios[i], f, 0);
		printf("explore %-16s %8lu schedules\n", scenarios[i].name,
		       schedules - before);
	}
	printf("explore: %lu schedules, %lu point checks, %d failed\n",
	       schedules, point_checks, failures);
	return failures != 0;
}
