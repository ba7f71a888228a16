// SPDX-License-Identifier: GPL-2.0
/*
 * Threaded stress: one writer thread per simulated CPU, a consuming
 * reader, a whole-page reader and a resizer, all at once, in overwrite
 * and in producer/consumer mode. Every event carries (cpu, sequence,
 * length) and a payload derived from them. Per CPU the checker proves
 * that nothing is torn, duplicated or reordered, and that every gap in
 * the sequence is exactly the loss the buffer reported at that point:
 * at the end, read + reported lost == written, exactly.
 *
 * usage: stress <seconds per mode> [cpus]
 */
#include <time.h>
#include <unistd.h>
#include "shim/rb_shim.h"
#include <linux/ring_buffer.h>
#include "harness.h"
#include "ring_buffer_internal.h"

void rb_harness_point(struct rb_cpu *cb, const char *name) { }

#ifndef RB_STRESS_ITER
#define RB_STRESS_ITER 0
#endif

/* events are only 4-byte aligned */
struct payload {
	u32	cpu;
	u32	len;
	u64	seq;
	u8	data[];
} __packed __aligned(4);

struct per_cpu {
	pthread_mutex_t	lock;		/* serializes reading + checking */
	unsigned long	written;	/* by the writer thread */
	unsigned long	discarded;
	long		last_seq;
	u64		last_ts;
	unsigned long	read;
	unsigned long	lost;
	unsigned long	page_reads;
	unsigned long	consumed;
};

static struct trace_buffer *buf;
static struct per_cpu pc[NR_CPUS];
static int ncpus = 4;
static int stop_writers, stop_readers;
static unsigned long resizes;

static u8 byte_of(const struct payload *p, unsigned int i)
{
	return (u8)(p->seq * 13 + p->cpu * 101 + i);
}

static void *writer(void *arg)
{
	int cpu = (long)arg;
	struct per_cpu *c = &pc[cpu];
	unsigned int rnd = cpu * 7919 + 1;
	u64 seq = 0;

	rbh_cpu = cpu;
	while (!__atomic_load_n(&stop_writers, __ATOMIC_ACQUIRE)) {
		struct ring_buffer_event *ev;
		struct payload *p;
		unsigned int len, i;

		rnd = rnd * 1103515245 + 12345;
		len = sizeof(*p) + (rnd >> 16) % 120;
		if (!((rnd >> 8) % 64))
			len += 300;		/* a large, array[0] event */
		ev = ring_buffer_lock_reserve(buf, len);
		if (!ev)
			continue;
		p = ring_buffer_event_data(ev);
		p->cpu = cpu;
		p->len = len;
		p->seq = seq;
		for (i = 0; i < len - sizeof(*p); i++)
			p->data[i] = byte_of(p, i);
		if (!((rnd >> 4) % 97)) {
			ring_buffer_discard_commit(buf, ev);
			c->discarded++;
			continue;
		}
		ring_buffer_unlock_commit(buf);
		seq++;
		__atomic_store_n(&c->written, seq, __ATOMIC_RELEASE);
	}
	return NULL;
}

/* Check one event at its place in the CPU's history. */
static void check_event(int cpu, struct ring_buffer_event *ev, u64 ts,
			unsigned long lost)
{
	struct per_cpu *c = &pc[cpu];
	struct payload *p = ring_buffer_event_data(ev);
	unsigned int i;

	if (ring_buffer_event_length(ev) < sizeof(*p) ||
	    p->cpu != (u32)cpu || p->len < sizeof(*p) ||
	    ring_buffer_event_length(ev) < p->len) {
		CHECK(!"torn or foreign event header");
		return;
	}
	for (i = 0; i < p->len - sizeof(*p); i++) {
		if (p->data[i] != byte_of(p, i)) {
			CHECK(!"torn payload");
			return;
		}
	}
	if ((long)p->seq != c->last_seq + 1 + (long)lost) {
		char m[128];

		snprintf(m, sizeof(m), "cpu %d: seq %llu after %ld with %lu lost",
			 cpu, (unsigned long long)p->seq, c->last_seq, lost);
		rbh_fail(__FILE__, __LINE__, m);
	}
	if (ts < c->last_ts)
		CHECK(!"time went backwards");
	c->last_seq = p->seq;
	c->last_ts = ts;
	c->lost += lost;
	c->read++;
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
	int cpu, n;

	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		for (cpu = 0; cpu < ncpus; cpu++) {
			pthread_mutex_lock(&pc[cpu].lock);
			for (n = 0; n < 64 && consume_one(cpu); n++)
				;
			pthread_mutex_unlock(&pc[cpu].lock);
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
	int cpu, round = 0;
	size_t len;

	for (cpu = 0; cpu < ncpus; cpu++)
		CHECK(ring_buffer_alloc_read_page(buf, cpu, &rp[cpu]) == 0);
	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		for (cpu = 0; cpu < ncpus; cpu++) {
			/*
			 * Leave room for the lost count in overwrite mode;
			 * otherwise also take whole pages (the swap path).
			 */
			len = ring_buffer_subbuf_size_get(buf);
			if ((buf->flags & RB_FL_OVERWRITE) || (round & 1))
				len -= sizeof(long);
			pthread_mutex_lock(&pc[cpu].lock);
			if (ring_buffer_read_page(buf, rp[cpu], len, cpu,
						  round & 2) >= 0)
				check_page(cpu, rp[cpu]);
			pthread_mutex_unlock(&pc[cpu].lock);
		}
		round++;
		usleep(200);
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

	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		for (cpu = 0; cpu < ncpus; cpu++) {
			long last = -1;
			u64 ts;

			it = ring_buffer_read_start(buf, cpu, GFP_KERNEL);
			CHECK(it);
			for (n = 0; n < 2000; n++) {
				struct payload *p;
				unsigned int i;
				bool dropped;

				ev = ring_buffer_iter_peek(it, &ts);
				if (!ev)
					break;
				p = ring_buffer_event_data(ev);
				dropped = ring_buffer_iter_dropped(it);

				if (p->cpu != (u32)cpu || p->len < sizeof(*p) ||
				    ring_buffer_event_length(ev) < p->len) {
					CHECK(!"iter: torn header");
					break;
				}
				for (i = 0; i < p->len - sizeof(*p); i++)
					if (p->data[i] != byte_of(p, i)) {
						CHECK(!"iter: torn data");
						break;
					}
				if ((long)p->seq <= last && !dropped)
					CHECK(!"iter: went back without a drop");
				iter_drops += dropped;
				last = p->seq;
				iter_events++;
				ring_buffer_iter_advance(it);
			}
			ring_buffer_read_finish(it);
		}
		usleep(500);
	}
	return NULL;
}

/* Grow and shrink CPU buffers under the writers' feet. */
static void *resizer(void *arg)
{
	unsigned long sizes[] = { 8 * 4096, 3 * 4096, 20 * 4096, 4096 };
	int i = 0;

	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		int cpu = i % (ncpus + 1);

		int ret = ring_buffer_resize(buf, sizes[i % 4],
					     cpu == ncpus ?
					     RING_BUFFER_ALL_CPUS : cpu);

		/* refused while an iterator is open */
		CHECK(ret == 0 || (ret == -EBUSY && RB_STRESS_ITER));
		resizes++;
		i++;
		usleep(3000);
	}
	return NULL;
}

static int run(const char *name, unsigned int flags, double seconds)
{
	pthread_t w[NR_CPUS], r[4];
	unsigned long written = 0, read = 0, lost = 0, pages = 0, cons = 0;
	unsigned long disc = 0;
	int cpu, bad = rbh_failures;

	memset(pc, 0, sizeof(pc));
	stop_writers = 0;
	stop_readers = 0;
	resizes = 0;
	iter_events = 0;
	iter_drops = 0;
	for (cpu = 0; cpu < ncpus; cpu++) {
		pthread_mutex_init(&pc[cpu].lock, NULL);
		pc[cpu].last_seq = -1;
	}
	buf = ring_buffer_alloc(8 * 4096, flags);
	CHECK(buf);
	for (cpu = 0; cpu < ncpus; cpu++)
		pthread_create(&w[cpu], NULL, writer, (void *)(long)cpu);
	pthread_create(&r[0], NULL, consumer, NULL);
	pthread_create(&r[1], NULL, page_reader, NULL);
	pthread_create(&r[2], NULL, resizer, NULL);
	if (RB_STRESS_ITER)
		pthread_create(&r[3], NULL, iter_thread, NULL);

	usleep(seconds * 1e6);
	__atomic_store_n(&stop_writers, 1, __ATOMIC_RELEASE);
	for (cpu = 0; cpu < ncpus; cpu++)
		pthread_join(w[cpu], NULL);
	__atomic_store_n(&stop_readers, 1, __ATOMIC_RELEASE);
	pthread_join(r[0], NULL);
	pthread_join(r[1], NULL);
	pthread_join(r[2], NULL);
	if (RB_STRESS_ITER)
		pthread_join(r[3], NULL);

	for (cpu = 0; cpu < ncpus; cpu++) {
		struct per_cpu *c = &pc[cpu];

		while (consume_one(cpu))
			;
		CHECK_EQ(c->read + c->lost, c->written);
		CHECK_EQ(c->last_seq, (long)c->written - 1);
		CHECK_EQ(ring_buffer_entries_cpu(buf, cpu), 0);
		CHECK(ring_buffer_empty_cpu(buf, cpu));
		CHECK_EQ(ring_buffer_read_events_cpu(buf, cpu), c->read);
		written += c->written;
		read += c->read;
		lost += c->lost;
		pages += c->page_reads;
		cons += c->consumed;
		disc += c->discarded;
	}
	/* shrinking drops the oldest pages in both modes: that is a loss */
	CHECK_EQ(rbh_warnings, 0);
	ring_buffer_free(buf);
	printf("stress %-9s cpus=%d written=%lu read=%lu lost=%lu ",
	       name, ncpus, written, read, lost);
	printf("(consumed=%lu, pages=%lu, discarded=%lu, resizes=%lu, ",
	       cons, pages, disc, resizes);
	printf("iterated=%lu, iter-drops=%lu): %s\n", iter_events, iter_drops,
	       rbh_failures == bad ? "ok" : "FAILED");
	return rbh_failures != bad;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 2;

	if (argc > 2)
		ncpus = atoi(argv[2]);
	rbh_set_cpus(ncpus);
	run("overwrite", RB_FL_OVERWRITE, seconds);
	run("producer", 0, seconds);
	return rbh_failures != 0;
}
