// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time stress test of the ring buffer (CONFIG_RING_BUFFER_STARTUP_TEST).
 *
 * Every online CPU runs a writer thread bound to it, and a pinned hrtimer
 * whose handler writes too, often while the thread is between reserve and
 * commit. A reader thread consumes everything concurrently. Events are
 * made and checked by ring_buffer_check.h, the checker the userspace
 * stress (tools/testing/ring_buffer) uses too: every event intact, each
 * source's sequence in order, time never going back, no event missing
 * that the buffer did not report lost before the next one, and at the
 * end, per CPU, read + lost == written exactly.
 *
 * The result is one line: "ring_buffer: self-test PASSED: ..." or
 * "ring_buffer: self-test FAILED: <reason>".
 */
#define pr_fmt(fmt) "ring_buffer: " fmt

#include <linux/ring_buffer.h>
#include <linux/kthread.h>
#include <linux/hrtimer.h>
#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/cpu.h>
#include <linux/sched.h>
#include <linux/random.h>

#include "ring_buffer_check.h"

#define ST_SECONDS		3
#define ST_SIZE			(64 * 1024)	/* small: force overwrites */
#define ST_TIMER_NS		(40 * NSEC_PER_USEC)
#define ST_MAX_FILL		160

enum { ST_THREAD, ST_TIMER, ST_SOURCES };

struct st_cpu {
	struct task_struct	*writer;
	struct hrtimer		timer;
	u64			next_seq[ST_SOURCES];	/* writer side */
	struct rbc_stream	stream;			/* reader side */
	/* per source: the timer interrupts the thread, never itself */
	unsigned long		written[ST_SOURCES];
	unsigned long		nested;
	int			in_write;
	bool			stop;
};

static struct trace_buffer *st_buffer;
static struct st_cpu *st_cpus;
static const char *st_failure;
static bool st_done;

static void st_fail(const char *why)
{
	if (!READ_ONCE(st_failure))
		WRITE_ONCE(st_failure, why);
}

/* Write one event of @fill bytes of pattern; called on @cpu only. */
static void st_write(struct st_cpu *sc, int cpu, int src, unsigned int fill)
{
	unsigned int len = sizeof(struct rbc_event) + fill;
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(st_buffer, len);
	if (!ev)
		return;		/* not written: not expected back either */
	rbc_fill(ring_buffer_event_data(ev), cpu, src, sc->next_seq[src]++,
		 len);
	ring_buffer_unlock_commit(st_buffer);
	sc->written[src]++;
}

static enum hrtimer_restart st_timer_fn(struct hrtimer *t)
{
	struct st_cpu *sc = container_of(t, struct st_cpu, timer);
	int cpu = smp_processor_id();

	if (READ_ONCE(sc->stop))
		return HRTIMER_NORESTART;
	if (READ_ONCE(sc->in_write))
		sc->nested++;
	st_write(sc, cpu, ST_TIMER, (sc->next_seq[ST_TIMER] * 13) % 48);
	hrtimer_forward_now(t, ns_to_ktime(ST_TIMER_NS));
	return HRTIMER_RESTART;
}

static int st_writer_fn(void *arg)
{
	struct st_cpu *sc = arg;
	int cpu = smp_processor_id();
	unsigned long n = 0;

	hrtimer_start(&sc->timer, ns_to_ktime(ST_TIMER_NS),
		      HRTIMER_MODE_REL_PINNED);
	while (!kthread_should_stop()) {
		unsigned int fill = get_random_u32_below(ST_MAX_FILL);

		if (!READ_ONCE(sc->stop)) {
			/* mark the window where the timer nests inside us */
			local_irq_disable();
			WRITE_ONCE(sc->in_write, 1);
			local_irq_enable();
			st_write(sc, cpu, ST_THREAD, fill);
			WRITE_ONCE(sc->in_write, 0);
		}
		if (!(++n % 64))
			cond_resched();
		if (READ_ONCE(sc->stop))
			usleep_range(500, 1000);
	}
	hrtimer_cancel(&sc->timer);
	return 0;
}

static void st_check(int cpu, struct ring_buffer_event *ev, u64 ts,
		     unsigned long lost)
{
	const char *why;

	why = rbc_check(&st_cpus[cpu].stream, cpu, ring_buffer_event_data(ev),
			ring_buffer_event_length(ev), ts, lost);
	if (why)
		st_fail(why);
}

static unsigned long st_drain(int cpu)
{
	struct ring_buffer_event *ev;
	unsigned long lost, n = 0;
	u64 ts;

	while ((ev = ring_buffer_consume(st_buffer, cpu, &ts, &lost))) {
		st_check(cpu, ev, ts, lost);
		n++;
	}
	return n;
}

static int st_reader_fn(void *arg)
{
	int cpu;

	while (!READ_ONCE(st_done)) {
		for_each_online_cpu(cpu)
			st_drain(cpu);
		cond_resched();
		usleep_range(50, 100);
	}
	return 0;
}

static int __init rb_selftest(void)
{
	unsigned long written = 0, read = 0, lost = 0, nested = 0;
	struct task_struct *reader;
	int cpu, ncpus = 0;

	st_cpus = kcalloc(nr_cpu_ids, sizeof(*st_cpus), GFP_KERNEL);
	st_buffer = ring_buffer_alloc(ST_SIZE, RB_FL_OVERWRITE);
	if (!st_cpus || !st_buffer) {
		pr_info("self-test FAILED: out of memory\n");
		goto out;
	}

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct st_cpu *sc = &st_cpus[cpu];

		rbc_init(&sc->stream, ST_SOURCES);
		hrtimer_init(&sc->timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED);
		sc->timer.function = st_timer_fn;
		sc->writer = kthread_create_on_cpu(st_writer_fn, sc, cpu,
						   "rb_st_writer/%u");
		if (IS_ERR(sc->writer)) {
			sc->writer = NULL;
			st_fail("cannot create writer thread");
			continue;
		}
		ncpus++;
	}
	cpus_read_unlock();

	reader = kthread_run(st_reader_fn, NULL, "rb_st_reader");
	if (IS_ERR(reader)) {
		st_fail("cannot create reader thread");
		reader = NULL;
	}
	for_each_online_cpu(cpu) {
		if (st_cpus[cpu].writer)
			wake_up_process(st_cpus[cpu].writer);
	}

	msleep(ST_SECONDS * MSEC_PER_SEC);

	/* stop writing first, then let the reader finish */
	for_each_online_cpu(cpu)
		WRITE_ONCE(st_cpus[cpu].stop, true);
	for_each_online_cpu(cpu) {
		if (st_cpus[cpu].writer)
			kthread_stop(st_cpus[cpu].writer);
	}
	WRITE_ONCE(st_done, true);
	if (reader)
		kthread_stop(reader);

	for_each_online_cpu(cpu) {
		struct st_cpu *sc = &st_cpus[cpu];

		unsigned long w = sc->written[ST_THREAD] + sc->written[ST_TIMER];
		const char *why;

		st_drain(cpu);
		why = rbc_finish(&sc->stream, w);
		if (why)
			st_fail(why);
		if (ring_buffer_entries_cpu(st_buffer, cpu))
			st_fail("entries left after draining");
		written += w;
		read += sc->stream.read;
		lost += sc->stream.lost;
		nested += sc->nested;
	}
	if (!ncpus)
		st_fail("no writer ran");
	if (!read)
		st_fail("nothing was read");

	if (st_failure)
		pr_info("self-test FAILED: %s (cpus=%d written=%lu read=%lu lost=%lu)\n",
			st_failure, ncpus, written, read, lost);
	else
		pr_info("self-test PASSED: cpus=%d written=%lu read=%lu lost=%lu nested=%lu\n",
			ncpus, written, read, lost, nested);
out:
	if (st_buffer)
		ring_buffer_free(st_buffer);
	kfree(st_cpus);
	return 0;
}
late_initcall(rb_selftest);
