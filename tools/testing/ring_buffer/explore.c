// SPDX-License-Identifier: GPL-2.0
/*
 * Deterministic interleaving explorer.
 *
 * The ring buffer calls rb_preempt_point() wherever another context can
 * change what the code is about to rely on: in the writer (reserve, page
 * crossing, head push, tail move, commit, discard) and in the readers
 * (reader page swap, whole-page read, iterator). Each run here writes one
 * "outer" event into a buffer prepared in a chosen state. A schedule
 * says at which points, counted in the order they are reached over the
 * whole run, to fire which action:
 *
 *   small, big, discard  an interrupt on the writer's CPU that writes an
 *                        event (and discards it); it reaches points of
 *                        its own, where more actions can fire, down to
 *                        three interrupts deep (task, softirq, irq, NMI)
 *   read, read-page,     a reader on another CPU, at that instant:
 *   iter, map            consume an event, take a whole page, walk an
 *                        iterator, map the buffer. A reader reaches points
 *                        of its own too, where an interrupt can hit the
 *                        writer's CPU (it never starts a second reader:
 *                        readers of one buffer are serialised)
 *
 * Every schedule of up to MAX_FIRES actions is run: several actions in the
 * same context, nested ones, readers with writers inside them.
 *
 * Checked at every point: no pointer carries HEAD and UPDATE, at most one
 * carries HEAD, the reader page is not in the ring, the commit never
 * passes a reservation still being written. Checked after every schedule:
 * the ring is consistent (one HEAD, no UPDATE, commit at tail), every
 * closed page knows where its end padding starts, and draining yields the
 * committed events in their physical order, each with exactly the time
 * stamp it was reserved with, every gap being exactly the loss reported
 * there; what an iterator returned was committed, intact and in order.
 */
#include "shim/rb_shim.h"
#include <linux/ring_buffer.h>
#include "harness.h"
#include "ring_check.h"

#define PAGES		3
#define MAX_DEPTH	3	/* interrupts on the writer's CPU */
#define MAX_FIRES	3
#define MAX_POINTS	4096
#define MAX_EVENTS	4096

enum action {
	A_SMALL, A_BIG, A_DISCARD,		/* writers */
	A_READ, A_READ_PAGE, A_ITER, A_MAP,	/* readers */
	A_NR
};

static const char *const action_names[A_NR] = {
	"small", "big", "discard", "read", "read-page", "iter", "map",
};

static bool is_reader(int a)
{
	return a >= A_READ;
}

struct fire { int at; int action; };

/* where a point was reached: which actions may fire there */
struct point_info {
	const char	*name;
	u8		depth;		/* writer-CPU nesting at that moment */
	bool		in_reader;
};

static struct trace_buffer *buf;
static struct fire plan[MAX_FIRES];
static int nplan, next_fire;
static struct point_info pinfo[MAX_POINTS];
static int npoints;
static int depth;			/* of the writer now running */
static bool in_reader;
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
static unsigned long action_runs[A_NR];

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
	 * Each nesting level may be pushing the head (one UPDATE each), and
	 * a reader may hold the head claimed (one more); a push between its
	 * first two steps leaves no HEAD for a moment. Two HEADs would let
	 * a reader take a page a writer is on.
	 */
	if (heads > 1)
		violate("two pointers carry HEAD");
	if (updates > (unsigned long)depth + 1 + in_reader ||
	    heads + updates == 0)
		violate("head flags inconsistent mid-flight");
	for (d = 0; d <= MAX_DEPTH; d++) {
		if (!inflight_on[d])
			continue;
		if (rb_page_size(inflight[d].page) > inflight[d].start)
			violate("commit passed an unfinished reservation");
	}
}

static u32 event_id(struct ring_buffer_event *ev)
{
	u32 id;

	memcpy(&id, ring_buffer_event_data(ev), 4);
	return id;
}

static void record_seen(struct ring_buffer_event *ev, u64 ts,
			unsigned long lost)
{
	seen[nseen].id = event_id(ev);
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
	/* a whole page if it is complete, with room for the lost count */
	if (ring_buffer_read_page(buf, rp, ring_buffer_subbuf_size_get(buf) -
				  sizeof(long), 0, 0) < 0)
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

static bool committed_at(u32 id, u64 ts)
{
	int i;

	for (i = 0; i < ndone; i++)
		if (done[i].id == id)
			return done[i].ts == ts;
	return false;
}

/*
 * An iterator returns committed events only, intact, each once, in
 * order; going back is allowed only right after it reported a drop.
 */
static void walk_iterator(void)
{
	struct ring_buffer_iter *it;
	struct ring_buffer_event *ev;
	u64 ts, last_ts = 0;
	int n = 0;

	it = ring_buffer_read_start(buf, 0, GFP_KERNEL);
	if (!it) {
		violate("iterator refused");
		return;
	}
	while ((ev = ring_buffer_iter_peek(it, &ts)) && n++ < MAX_EVENTS) {
		bool dropped = ring_buffer_iter_dropped(it);

		if (!committed_at(event_id(ev), ts))
			violate("iterator returned an uncommitted or mis-stamped event");
		if (ts <= last_ts && !dropped)
			violate("iterator went back without reporting a drop");
		last_ts = ts;
		ring_buffer_iter_advance(it);
	}
	if (n > MAX_EVENTS)
		violate("iterator does not end");
	ring_buffer_read_finish(it);
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

/* The mapping names the reader page and every ring page, nothing else. */
static void map_and_check(void)
{
	struct rb_cpu *cb = buf->buffers[0];
	struct vm_area_struct vma = {
		.vm_start = 1UL << 30, .vm_flags = VM_MAYSHARE,
	};
	unsigned long i, n = cb->nr_pages + 1;

	vma.vm_end = vma.vm_start + (n + 1) * PAGE_SIZE;
	if (ring_buffer_map(buf, 0, &vma)) {
		violate("map failed");
		return;
	}
	for (i = 0; i < n; i++)
		if (!ring_owns(cb, (void *)cb->subbuf_ids[i]))
			violate("mapped a sub-buffer the ring does not own");
	if (ring_buffer_unmap(buf, 0))
		violate("unmap failed");
	free(vma.inserted);
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
	/* committed from here on, as a reader sees it once published */
	done[ndone].id = id;
	done[ndone].ts = ts;
	ndone++;
	ring_buffer_unlock_commit(buf);
}

static void run_action(int action)
{
	int level = rbh_ctx_level;

	action_runs[action]++;
	if (is_reader(action)) {
		/* a reader on another CPU, at this instant */
		in_reader = true;
		rbh_ctx_level = 0;
		switch (action) {
		case A_READ:
			read_one();
			break;
		case A_READ_PAGE:
			read_page();
			break;
		case A_ITER:
			walk_iterator();
			break;
		case A_MAP:
			map_and_check();
			break;
		}
		rbh_ctx_level = level;
		in_reader = false;
		return;
	}
	/* an interrupt on the writer's CPU: one level above what runs there */
	depth++;
	rbh_ctx_level = depth;		/* softirq, irq, NMI */
	write_event(action == A_BIG ? 1500 : action == A_DISCARD ? 40 : 8,
		    action == A_DISCARD);
	depth--;
	rbh_ctx_level = level;
}

void rb_harness_point(struct rb_cpu *cb, const char *name)
{
	int at;

	if (!active)
		return;
	check_midflight(cb);
	at = npoints++;
	if (at < MAX_POINTS) {
		pinfo[at].name = name;
		pinfo[at].depth = depth;
		pinfo[at].in_reader = in_reader;
	}
	if (next_fire < nplan && plan[next_fire].at == at)
		run_action(plan[next_fire++].action);
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
	while (tail_room() >= outer)
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
	in_reader = false;
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
	if (!why)
		why = rb_check_page_ends(cb);
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
	next_fire = 0;
	npoints = 0;
	memset(inflight_on, 0, sizeof(inflight_on));
	violation = NULL;
	active = true;
	write_event(sc->outer, false);
	active = false;
	if (npoints > MAX_POINTS)
		violate("too many points for the explorer's table");
	if (next_fire != nplan)
		violate("a planned action was not reached");
	verify();
	schedules++;
	if (violation) {
		failures++;
		if (failures <= 10 || getenv("EXPLORE_ALL")) {
			fprintf(stderr, "FAIL %s:", sc->name);
			for (d = 0; d < n; d++)
				fprintf(stderr, " at %d (%s%s, depth %d) %s;",
					f[d].at, pinfo[f[d].at].in_reader ?
					"reader " : "", pinfo[f[d].at].name,
					pinfo[f[d].at].depth,
					action_names[f[d].action]);
			fprintf(stderr, " %s\n", violation);
		}
		rbh_warnings = 0;
	}
	ring_buffer_free(buf);
}

/*
 * Run the schedule @f[0..n-1], then extend it by one action at every
 * later point where that action may fire, recursively.
 */
static void explore(const struct scenario *sc, struct fire *f, int n)
{
	struct point_info *info;
	int k, a, total, from;

	run_one(sc, n, f);
	if (n == MAX_FIRES)
		return;
	total = min(npoints, MAX_POINTS);
	from = n ? f[n - 1].at + 1 : 0;
	info = malloc(total * sizeof(*info));
	memcpy(info, pinfo, total * sizeof(*info));
	for (k = from; k < total; k++) {
		for (a = 0; a < A_NR; a++) {
			if (is_reader(a) ? info[k].in_reader :
			    info[k].depth >= MAX_DEPTH)
				continue;
			f[n].at = k;
			f[n].action = a;
			explore(sc, f, n + 1);
		}
	}
	free(info);
}

int main(int argc, char **argv)
{
	struct fire f[MAX_FIRES];
	unsigned int i;
	unsigned long before;

	rbh_set_cpus(1);
	for (i = 0; i < ARRAY_SIZE(scenarios); i++) {
		if (argc > 1 && strcmp(argv[1], scenarios[i].name))
			continue;
		before = schedules;
		explore(&scenarios[i], f, 0);
		printf("explore %-16s %8lu schedules\n", scenarios[i].name,
		       schedules - before);
	}
	printf("explore: %lu schedules (up to %d actions, %d interrupts deep), %lu point checks, %d failed\n",
	       schedules, MAX_FIRES, MAX_DEPTH, point_checks, failures);
	for (i = 0; i < A_NR; i++)
		printf("explore: %-9s fired %lu times\n", action_names[i],
		       action_runs[i]);
	return failures != 0;
}
