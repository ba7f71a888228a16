// SPDX-License-Identifier: GPL-2.0
/*
 * Threaded stress: one writer thread per simulated CPU, a consuming
 * reader, a whole-page reader and a resizer (and, in the ASan build, an
 * iterator), all at once, in overwrite and in producer/consumer mode.
 * Writers are interrupted at the ring buffer's named points by nested
 * writers (softirq, irq, NMI), and discard some of their events.
 *
 * Every event is checked by kernel/trace/ring_buffer_check.h, the checker
 * the boot self-test uses too: nothing torn, duplicated or reordered,
 * every gap in a CPU's sequence exactly the loss the buffer reported at
 * that point, and at the end read + lost == written, exactly. An event's
 * sequence number is taken at the moment its space is claimed (the
 * "space-claimed" point), so nested writers number in the order their
 * events lie in the buffer.
 *
 * Two ways to run:
 *   parallel (default)  real threads; under TSan and ASan. The seed picks
 *                       sizes, discards, interrupts and resizes; the
 *                       interleaving is the machine's, so a failing seed
 *                       makes the failure likely again, not certain.
 *   deterministic (-d)  one thread runs at a time; at every named point
 *                       the seed decides whether another thread takes
 *                       over, and for how long (runs of 1 to 8192
 *                       points, so that one thread can go round the
 *                       whole ring while another waits half way through
 *                       a step). A seed replays exactly.
 *
 * usage: stress [-d] [-s seed] [-t seconds] [-n points] [-c cpus]
 */
#include <time.h>
#include <unistd.h>
#include <getopt.h>
#include "shim/rb_shim.h"
#include <linux/ring_buffer.h>
#include "harness.h"
#include "ring_buffer_internal.h"
#include "ring_buffer_check.h"

#ifndef RB_STRESS_ITER
#define RB_STRESS_ITER 0
#endif

#define MAX_THREADS	(NR_CPUS + 4)
#define MAX_NEST	3

struct per_cpu {
	raw_spinlock_t		lock;		/* serializes reading + checking */
	struct rbc_stream	stream;
	u64			next_seq;	/* taken at space-claimed */
	unsigned long		written;
	unsigned long		discarded;
	unsigned long		interrupts;
	unsigned long		page_reads;
	unsigned long		consumed;
};

static struct trace_buffer *buf;
static struct per_cpu pc[NR_CPUS];
static int ncpus = 4;
static int stop_writers, stop_readers;
static unsigned long resizes;
static unsigned long long seed;
static bool deterministic;

/* ---- per-thread random numbers, from the seed ---- */

static __thread u64 rnd_state;

static u32 rnd(void)
{
	/* xorshift64*: small, good enough, the same everywhere */
	rnd_state ^= rnd_state >> 12;
	rnd_state ^= rnd_state << 25;
	rnd_state ^= rnd_state >> 27;
	return (rnd_state * 0x2545F4914F6CDD1DULL) >> 32;
}

static void rnd_init(int thread)
{
	rnd_state = (seed + 1) * 0x9E3779B97F4A7C15ULL + thread * 7919 + 1;
	rnd();
}

/* ---- the deterministic scheduler ---- */

struct sim {
	pthread_t	thread;
	void		*(*fn)(void *);
	void		*arg;
	bool		done;
};

static struct sim sims[MAX_THREADS];
static int nsims;
static int running = -1;		/* the thread that may run */
static pthread_mutex_t sched_mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sched_cond = PTHREAD_COND_INITIALIZER;
static __thread int self_id = -1;
static long quantum;
static u64 sched_rnd = 1;
static unsigned long points, point_limit, switches, yields_in_a_row;

static u32 sched_random(void)
{
	sched_rnd ^= sched_rnd >> 12;
	sched_rnd ^= sched_rnd << 25;
	sched_rnd ^= sched_rnd >> 27;
	return (sched_rnd * 0x2545F4914F6CDD1DULL) >> 32;
}

/* How long the next thread runs: 1 to 8192 points, short ones likelier. */
static long sched_quantum(void)
{
	long q = 1L << (sched_random() % 14);

	return q + sched_random() % q;
}

static void sched_run(int next)
{
	int me = self_id;

	pthread_mutex_lock(&sched_mtx);
	running = next;
	pthread_cond_broadcast(&sched_cond);
	if (me >= 0)
		while (running != me)
			pthread_cond_wait(&sched_cond, &sched_mtx);
	pthread_mutex_unlock(&sched_mtx);
}

/* Pick a thread that is not done, other than @not (-1: any). */
static int sched_pick(int not)
{
	int i, n = 0, k, cand[MAX_THREADS];

	for (i = 0; i < nsims; i++)
		if (!sims[i].done && i != not)
			cand[n++] = i;
	if (!n)
		return not;
	k = cand[sched_random() % n];
	return k;
}

/*
 * A point where the running thread may be replaced: when its run is over,
 * or, at a point inside the ring buffer's reader code (@rare), sometimes
 * earlier. Readers reach few points next to writers, and the races that
 * matter most stop a reader half way through a step.
 */
static void sched_point_at(bool rare)
{
	int next;

	if (!deterministic)
		return;
	points++;
	yields_in_a_row = 0;
	if (--quantum > 0 && !(rare && !(sched_random() % 16)))
		return;
	quantum = sched_quantum();
	/*
	 * A reader stopped half way: most often let a writer run on, the
	 * race that matters most. Writers are the first threads.
	 */
	next = sched_random() % ncpus;
	if (!rare || !(sched_random() % 4) || sims[next].done)
		next = sched_pick(-1);
	if (next != self_id) {
		switches++;
		sched_run(next);
	}
}

static void sched_point(void)
{
	sched_point_at(false);
}

/* The running thread waits for another's progress: let one run. */
static void sched_yield_to_other(void)
{
	int next = sched_pick(self_id);

	if (++yields_in_a_row > 1000000) {
		fprintf(stderr, "stress: every thread waits for another\n");
		abort();
	}
	quantum = sched_quantum();
	if (next != self_id) {
		switches++;
		sched_run(next);
	}
}

static void *sim_main(void *arg)
{
	struct sim *s = arg;

	self_id = s - sims;
	pthread_mutex_lock(&sched_mtx);
	while (running != self_id)
		pthread_cond_wait(&sched_cond, &sched_mtx);
	pthread_mutex_unlock(&sched_mtx);
	rnd_init(self_id);
	s->fn(s->arg);
	/* hand over to whoever is left, or to no one, and leave */
	pthread_mutex_lock(&sched_mtx);
	s->done = true;
	running = sched_pick(self_id);
	if (running == self_id)
		running = -1;
	pthread_cond_broadcast(&sched_cond);
	pthread_mutex_unlock(&sched_mtx);
	return NULL;
}

static void *plain_main(void *arg)
{
	struct sim *s = arg;

	self_id = s - sims;
	rnd_init(self_id);
	return s->fn(s->arg);
}

static void start_thread(void *(*fn)(void *), void *arg)
{
	struct sim *s = &sims[nsims++];

	s->fn = fn;
	s->arg = arg;
	s->done = false;
	pthread_create(&s->thread, NULL,
		       deterministic ? sim_main : plain_main, s);
}

/* A thread's pause between rounds: real time, or points. */
static void pause_for(unsigned int usec)
{
	unsigned int i;

	if (!deterministic) {
		usleep(usec);
		return;
	}
	for (i = 0; i < usec / 20 + 1; i++)
		sched_point();
}

/* ---- writers ---- */

/* What the writer running at each nesting level of this thread wants. */
struct intent {
	bool	discard;
	bool	numbered;
	u64	seq;
};

static __thread int writer_cpu = -1;	/* this thread writes for it */
static __thread int wdepth;
static __thread struct intent intents[MAX_NEST + 1];

static void write_one(int cpu);

void rb_harness_point(struct rb_cpu *cb, const char *name)
{
	struct intent *in;

	if (writer_cpu >= 0) {
		/* number the event where its space is claimed */
		in = &intents[wdepth];
		if (!in->discard && !in->numbered &&
		    !strcmp(name, "space-claimed")) {
			in->seq = pc[writer_cpu].next_seq++;
			in->numbered = true;
		}
		/* an interrupt on this CPU, now and then */
		if (wdepth < MAX_NEST && !(rnd() % 40)) {
			int level = rbh_ctx_level;

			wdepth++;
			rbh_ctx_level = wdepth;
			pc[writer_cpu].interrupts++;
			write_one(writer_cpu);
			rbh_ctx_level = level;
			wdepth--;
		}
	}
	sched_point_at(writer_cpu < 0);
}

static void write_one(int cpu)
{
	struct intent *in = &intents[wdepth];
	struct ring_buffer_event *ev;
	unsigned int len;

	len = sizeof(struct rbc_event) + rnd() % 120;
	if (!(rnd() % 64))
		len += 300;		/* a large, array[0] event */
	in->discard = !(rnd() % 97);
	in->numbered = false;
	ev = ring_buffer_lock_reserve(buf, len);
	if (!ev)
		return;			/* not written: not expected back */
	if (in->discard) {
		rbc_fill(ring_buffer_event_data(ev), cpu, 0, ~0ULL, len);
		ring_buffer_discard_commit(buf, ev);
		pc[cpu].discarded++;
		return;
	}
	if (!in->numbered) {
		CHECK(!"reserved without reaching space-claimed");
		in->seq = pc[cpu].next_seq++;
	}
	rbc_fill(ring_buffer_event_data(ev), cpu, 0, in->seq, len);
	ring_buffer_unlock_commit(buf);
	__atomic_add_fetch(&pc[cpu].written, 1, __ATOMIC_RELEASE);
}

static void *writer(void *arg)
{
	int cpu = (long)arg;

	rbh_cpu = cpu;
	writer_cpu = cpu;
	while (!__atomic_load_n(&stop_writers, __ATOMIC_ACQUIRE)) {
		write_one(cpu);
		sched_point();
	}
	writer_cpu = -1;
	return NULL;
}

/* ---- readers ---- */

static void check_event(int cpu, struct ring_buffer_event *ev, u64 ts,
			unsigned long lost)
{
	const char *why = rbc_check(&pc[cpu].stream, cpu,
				    ring_buffer_event_data(ev),
				    ring_buffer_event_length(ev), ts, lost);

	__atomic_fetch_add(&rbh_checks, 1, __ATOMIC_RELAXED);
	if (why) {
		char m[160];

		snprintf(m, sizeof(m), "cpu %d: %s (seq %llu, %lu lost)", cpu,
			 why, (unsigned long long)((struct rbc_event *)
			 ring_buffer_event_data(ev))->seq, lost);
		rbh_fail(__FILE__, __LINE__, m);
	}
}

static bool consume_one(int cpu)
{
	struct ring_buffer_event *ev;
	unsigned long lost = 0;
	u64 ts;

	ev = ring_buffer_consume(buf, cpu, &ts, &lost);
	if (ev) {
		check_event(cpu, ev, ts, lost);
		pc[cpu].consumed++;
	}
	return ev;
}

static void *consumer(void *arg)
{
	unsigned long flags;
	int cpu, n;

	rbh_cpu = 0;
	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		for (cpu = 0; cpu < ncpus; cpu++) {
			raw_spin_lock_irqsave(&pc[cpu].lock, flags);
			for (n = 0; n < 64 && consume_one(cpu); n++)
				sched_point();
			raw_spin_unlock_irqrestore(&pc[cpu].lock, flags);
			sched_point();
		}
	}
	return NULL;
}

/* Walk a page returned by ring_buffer_read_page() as user space does. */
static void check_page(int cpu, struct buffer_data_read_page *rp)
{
	struct rb_data_page *d = ring_buffer_read_page_data(rp);
	unsigned long commit = local_read(&d->commit);
	unsigned long size = commit & ~RB_MISSED_MASK, off = 0, missed = 0;
	u64 ts = d->time_stamp;
	bool first = true;

	if (commit & RB_MISSED_STORED)
		memcpy(&missed, d->data + size, sizeof(missed));
	else if (commit & RB_MISSED_EVENTS)
		CHECK(!"loss flagged but not counted");
	while (off < size) {
		struct ring_buffer_event *ev = (void *)(d->data + off);
		unsigned int len = rb_event_len(ev);

		if (!len)
			break;
		if (off + len > size) {
			CHECK(!"event crosses the page commit");
			break;
		}
		switch (ev->type_len) {
		case RINGBUF_TYPE_PADDING:
			ts += ev->time_delta;
			break;
		case RINGBUF_TYPE_TIME_EXTEND:
			ts += rb_stamp_value(ev);
			break;
		case RINGBUF_TYPE_TIME_STAMP:
			ts = rb_full_stamp(rb_stamp_value(ev), d->time_stamp);
			break;
		default:
			ts += ev->time_delta;
			check_event(cpu, ev, ts, first ? missed : 0);
			first = false;
		}
		off += len;
	}
	pc[cpu].page_reads++;
}

static void *page_reader(void *arg)
{
	struct buffer_data_read_page *rp[NR_CPUS];
	unsigned long flags;
	int cpu, round = 0;
	size_t len;

	rbh_cpu = 1 % ncpus;
	for (cpu = 0; cpu < ncpus; cpu++)
		CHECK(ring_buffer_alloc_read_page(buf, cpu, &rp[cpu]) == 0);
	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		for (cpu = 0; cpu < ncpus; cpu++) {
			/*
			 * Leave room for the lost count: losses happen in
			 * both modes (shrinking drops the oldest pages), and
			 * without the count they cannot be accounted for. A
			 * page with end padding is still taken whole.
			 */
			len = ring_buffer_subbuf_size_get(buf) - sizeof(long);
			raw_spin_lock_irqsave(&pc[cpu].lock, flags);
			if (ring_buffer_read_page(buf, rp[cpu], len, cpu,
						  round & 2) >= 0)
				check_page(cpu, rp[cpu]);
			raw_spin_unlock_irqrestore(&pc[cpu].lock, flags);
			sched_point();
		}
		round++;
		pause_for(200);
	}
	for (cpu = 0; cpu < ncpus; cpu++)
		ring_buffer_free_read_page(buf, cpu, rp[cpu]);
	return NULL;
}

/*
 * A non-consuming iterator over live buffers (ASan build only: it reads
 * pages the writer may be overwriting, by design, which TSan would flag).
 * Whatever it returns must be intact; going backwards is only allowed
 * right after it reported dropped events.
 */
static unsigned long iter_events, iter_drops;

static void *iter_thread(void *arg)
{
	struct ring_buffer_event *ev;
	struct ring_buffer_iter *it;
	int cpu, n;

	rbh_cpu = 2 % ncpus;
	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		for (cpu = 0; cpu < ncpus; cpu++) {
			long long last = -1;
			u64 ts;

			it = ring_buffer_read_start(buf, cpu, GFP_KERNEL);
			CHECK(it);
			for (n = 0; n < 2000; n++) {
				struct rbc_event *e;
				struct rbc_stream st;
				bool dropped;

				ev = ring_buffer_iter_peek(it, &ts);
				if (!ev)
					break;
				e = ring_buffer_event_data(ev);
				dropped = ring_buffer_iter_dropped(it);
				/* intact, whatever its place */
				rbc_init(&st, 1);
				st.next_seq[0] = e->seq;
				if (rbc_check(&st, cpu, e,
					      ring_buffer_event_length(ev),
					      ts, 0)) {
					CHECK(!"iter: torn event");
					break;
				}
				if ((long long)e->seq <= last && !dropped)
					CHECK(!"iter: went back without a drop");
				iter_drops += dropped;
				last = e->seq;
				iter_events++;
				ring_buffer_iter_advance(it);
				sched_point();
			}
			ring_buffer_read_finish(it);
		}
		pause_for(500);
	}
	return NULL;
}

/* Grow and shrink CPU buffers under the writers' feet. */
static void *resizer(void *arg)
{
	unsigned long sizes[] = { 8 * 4096, 3 * 4096, 20 * 4096, 4096 };
	int ret, cpu;

	rbh_cpu = 3 % ncpus;
	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		cpu = rnd() % (ncpus + 1);
		ret = ring_buffer_resize(buf, sizes[rnd() % 4],
					 cpu == ncpus ?
					 RING_BUFFER_ALL_CPUS : cpu);
		/* refused while an iterator is open */
		CHECK(ret == 0 || (ret == -EBUSY && RB_STRESS_ITER));
		resizes++;
		pause_for(3000);
	}
	return NULL;
}

/* ---- a run ---- */

static void *stopper(void *arg)
{
	/* deterministic: stop at a point count, from inside the schedule */
	while (points < point_limit)
		sched_point();
	__atomic_store_n(&stop_writers, 1, __ATOMIC_RELEASE);
	/* let the writers finish, then the readers */
	for (int i = 0; i < 2000; i++)
		sched_point();
	__atomic_store_n(&stop_readers, 1, __ATOMIC_RELEASE);
	return NULL;
}

static int run(const char *name, unsigned int flags, double seconds)
{
	unsigned long written = 0, read = 0, lost = 0, pages = 0, cons = 0;
	unsigned long disc = 0, irqs = 0;
	int cpu, i, bad = rbh_failures;
	const char *why;

	memset(pc, 0, sizeof(pc));
	stop_writers = 0;
	stop_readers = 0;
	resizes = 0;
	iter_events = 0;
	iter_drops = 0;
	nsims = 0;
	points = 0;
	switches = 0;
	sched_rnd = seed * 0x9E3779B97F4A7C15ULL + (flags + 1) * 31 + 1;
	quantum = sched_quantum();
	for (cpu = 0; cpu < ncpus; cpu++) {
		raw_spin_lock_init(&pc[cpu].lock);
		rbc_init(&pc[cpu].stream, 1);
	}
	buf = ring_buffer_alloc(8 * 4096, flags);
	CHECK(buf);
	rbh_yield_hook = deterministic ? sched_yield_to_other : NULL;
	for (cpu = 0; cpu < ncpus; cpu++)
		start_thread(writer, (void *)(long)cpu);
	start_thread(consumer, NULL);
	start_thread(page_reader, NULL);
	start_thread(resizer, NULL);
	if (RB_STRESS_ITER)
		start_thread(iter_thread, NULL);
	if (deterministic) {
		start_thread(stopper, NULL);
		sched_run(0);
		for (i = 0; i < nsims; i++)
			pthread_join(sims[i].thread, NULL);
	} else {
		usleep(seconds * 1e6);
		__atomic_store_n(&stop_writers, 1, __ATOMIC_RELEASE);
		for (i = 0; i < ncpus; i++)
			pthread_join(sims[i].thread, NULL);
		__atomic_store_n(&stop_readers, 1, __ATOMIC_RELEASE);
		for (; i < nsims; i++)
			pthread_join(sims[i].thread, NULL);
	}
	rbh_yield_hook = NULL;

	for (cpu = 0; cpu < ncpus; cpu++) {
		struct per_cpu *c = &pc[cpu];

		rbh_cpu = cpu;
		while (consume_one(cpu))
			;
		why = rbc_finish(&c->stream, c->written);
		if (why) {
			char m[160];

			snprintf(m, sizeof(m), "cpu %d: %s (read %lu lost %lu written %lu)",
				 cpu, why, c->stream.read, c->stream.lost,
				 c->written);
			rbh_fail(__FILE__, __LINE__, m);
		}
		CHECK_EQ(ring_buffer_entries_cpu(buf, cpu), 0);
		CHECK(ring_buffer_empty_cpu(buf, cpu));
		CHECK_EQ(ring_buffer_read_events_cpu(buf, cpu), c->stream.read);
		written += c->written;
		read += c->stream.read;
		lost += c->stream.lost;
		pages += c->page_reads;
		cons += c->consumed;
		disc += c->discarded;
		irqs += c->interrupts;
	}
	CHECK_EQ(rbh_warnings, 0);
	ring_buffer_free(buf);
	printf("stress %-9s cpus=%d written=%lu read=%lu lost=%lu ",
	       name, ncpus, written, read, lost);
	printf("(consumed=%lu, pages=%lu, discarded=%lu, interrupts=%lu, resizes=%lu, ",
	       cons, pages, disc, irqs, resizes);
	printf("iterated=%lu, iter-drops=%lu", iter_events, iter_drops);
	if (deterministic)
		printf(", points=%lu, switches=%lu", points, switches);
	printf("): %s\n", rbh_failures == bad ? "ok" : "FAILED");
	return rbh_failures != bad;
}

int main(int argc, char **argv)
{
	double seconds = 2;
	int opt;

	/* the seed line must reach the log even if the run is killed */
	setvbuf(stdout, NULL, _IOLBF, 0);
	seed = time(NULL) ^ getpid();
	point_limit = 400000;
	while ((opt = getopt(argc, argv, "ds:t:n:c:")) != -1) {
		switch (opt) {
		case 'd':
			deterministic = true;
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 't':
			seconds = atof(optarg);
			break;
		case 'n':
			point_limit = strtoul(optarg, NULL, 0);
			break;
		case 'c':
			ncpus = atoi(optarg);
			break;
		default:
			fprintf(stderr, "usage: %s [-d] [-s seed] [-t seconds] [-n points] [-c cpus]\n",
				argv[0]);
			return 2;
		}
	}
	if (ncpus < 1 || ncpus > NR_CPUS)
		ncpus = 4;
	rbh_set_cpus(ncpus);
	printf("stress: seed %llu, %s\n", seed,
	       deterministic ? "deterministic" : "parallel");
	run("overwrite", RB_FL_OVERWRITE, seconds);
	run("producer", 0, seconds);
	if (rbh_failures)
		printf("stress: FAILED; replay: %s%s -s %llu%s\n", argv[0],
		       deterministic ? " -d" : "", seed,
		       deterministic ? "" : " (the interleaving may differ)");
	return rbh_failures != 0;
}
