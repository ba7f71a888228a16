// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer micro benchmark (CONFIG_RING_BUFFER_BENCHMARK).
 *
 * Uses only the part of <linux/ring_buffer.h> that upstream exports to
 * modules, so it also builds as an out-of-tree module against an upstream
 * kernel. Loading it runs four measurements of run_ms each on a kthread
 * bound to CPU 0, then returns 0; every measurement prints one line, and
 * "done" follows them:
 *
 *   producer only: reserve + commit of one event, nobody reading.
 *   with consumer: the same while a kthread on CPU 1 (or another online
 *	CPU) consumes the events one by one.
 *   nested: reserve + commit from an interrupt that arrived while the
 *	bench thread held a reservation open on the same CPU; also reports
 *	the cost of the same interrupt burst without the open reservation.
 *   page read: fill a producer/consumer mode (no overwrite) CPU buffer,
 *	then drain it whole sub-buffers at a time with
 *	ring_buffer_read_page(); only the draining is timed.
 *
 *   ring_buffer_bench: producer only: size=32 entries=... ns/entry=...
 *   ring_buffer_bench: with consumer: size=32 entries=... ns/entry=...
 *   ring_buffer_bench: nested: size=32 ... plain=... ns/entry=...
 *   ring_buffer_bench: page read: size=32 ... MB/s=...
 *   ring_buffer_bench: done
 *
 * Complements upstream's ring_buffer_benchmark.c, which also builds
 * against this implementation unchanged.
 */
#define pr_fmt(fmt) "ring_buffer_bench: " fmt

#include <linux/module.h>
#include <linux/ring_buffer.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/irq_work.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/sizes.h>

/* bytes of each CPU buffer */
#define BENCH_BUF_SIZE	SZ_1M

static unsigned int event_size = 32;
module_param(event_size, uint, 0444);
MODULE_PARM_DESC(event_size, "payload bytes per event");

static unsigned int run_ms = 2000;
module_param(run_ms, uint, 0444);
MODULE_PARM_DESC(run_ms, "duration of each measurement in ms");

static unsigned int nest_burst = 256;
module_param(nest_burst, uint, 0444);
MODULE_PARM_DESC(nest_burst, "events written per interrupt burst (nested)");

static struct trace_buffer *bench_buffer;
static unsigned long bench_read;
static DECLARE_COMPLETION(bench_done);
static int bench_ret;

static u64 bench_deadline(void)
{
	return ktime_get_ns() + (u64)run_ms * NSEC_PER_MSEC;
}

static int bench_consumer(void *cpu_arg)
{
	int cpu = (long)cpu_arg;

	while (!kthread_should_stop()) {
		if (ring_buffer_consume(bench_buffer, cpu, NULL, NULL))
			bench_read++;
		else
			cond_resched();
	}
	while (ring_buffer_consume(bench_buffer, cpu, NULL, NULL))
		bench_read++;
	return 0;
}

/* Reserve, fill and commit one event; false if it could not be reserved. */
static bool bench_write_one(struct trace_buffer *buffer, u32 val)
{
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(buffer, event_size);
	if (!ev)
		return false;
	*(u32 *)ring_buffer_event_data(ev) = val;
	ring_buffer_unlock_commit(buffer);
	return true;
}

/* Write for run_ms on this CPU; returns entries written, sets @ns. */
static unsigned long bench_produce(u64 *ns)
{
	u64 start = ktime_get_ns(), end = bench_deadline();
	unsigned long n = 0;
	u64 now = start;

	while (now < end) {
		u32 i;

		/* check the time and yield only every 1024 events */
		for (i = 0; i < 1024; i++)
			n += bench_write_one(bench_buffer, i);
		now = ktime_get_ns();
		cond_resched();
	}
	*ns = now - start;
	return n;
}

static u64 bench_per(u64 ns, unsigned long n)
{
	return n ? div64_u64(ns, n) : 0;
}

static void bench_report(const char *what, unsigned long n, u64 ns)
{
	pr_info("%s: size=%u entries=%lu read=%lu overrun=%lu ns/entry=%llu\n",
		what, event_size, n, bench_read,
		ring_buffer_overruns(bench_buffer), bench_per(ns, n));
}

/*
 * Measurement 3: writes that nest inside a write in progress on the same
 * CPU. The recursion protection of the ring buffer lets a writer nest only
 * from another context (normal, softirq, irq, NMI), and upstream does not
 * export ring_buffer_nest_start() to modules, so the nested writes come
 * from a real hard interrupt: an irq_work raised on this CPU that writes a
 * burst of events and times it. Bursts are run in alternation:
 *
 *  plain:  the interrupt arrives while nothing is being written;
 *  nested: it arrives between ring_buffer_lock_reserve() and
 *	    ring_buffer_unlock_commit() of an outer event of the bench
 *	    thread, which waits for the burst to finish before committing.
 *	    Every event of the burst is thus reserved and committed while
 *	    the outer event is uncommitted, as for an interrupt that traces
 *	    after interrupting a writer.
 *
 * Only the loop inside the interrupt is timed; both kinds of bursts run in
 * the same (hard irq) context, so the difference is the open outer event.
 */
struct bench_irq {
	struct irq_work	work;
	unsigned int	burst;
	unsigned long	n;	/* events written by the last burst */
	u64		ns;	/* its duration */
	bool		done;
};

static void bench_irq_burst(struct irq_work *work)
{
	struct bench_irq *b = container_of(work, struct bench_irq, work);
	unsigned long n = 0;
	unsigned int i;
	u64 t0;

	t0 = ktime_get_ns();
	for (i = 0; i < b->burst; i++)
		n += bench_write_one(bench_buffer, i);
	b->ns = ktime_get_ns() - t0;
	b->n = n;
	/* publish n and ns; pairs with smp_load_acquire() in bench_irq_run() */
	smp_store_release(&b->done, true);
}

static struct bench_irq bench_irq = {
	.work = IRQ_WORK_INIT_HARD(bench_irq_burst),
};

/*
 * Run one burst in an interrupt on this CPU and wait for it, with
 * preemption disabled by the caller. False if it did not run within a
 * second (it may still be pending then).
 */
static bool bench_irq_run(void)
{
	u64 limit = ktime_get_ns() + NSEC_PER_SEC;

	WRITE_ONCE(bench_irq.done, false);
	irq_work_queue(&bench_irq.work);
	/* pairs with smp_store_release() in bench_irq_burst() */
	while (!smp_load_acquire(&bench_irq.done)) {
		if (ktime_get_ns() > limit)
			return false;
		cpu_relax();
	}
	return true;
}

static void bench_nested(void)
{
	unsigned long plain_n = 0, nest_n = 0, dropped = 0, outer_fail = 0;
	u64 plain_ns = 0, nest_ns = 0, end;
	struct ring_buffer_event *outer;
	unsigned int burst;
	bool ran = true;

	/*
	 * The outer event pins the commit point, so the whole burst must
	 * fit in the ring behind it: stay within a quarter of it.
	 */
	burst = clamp_t(unsigned int, nest_burst, 1,
			BENCH_BUF_SIZE / 4 / (event_size + 16));
	bench_irq.burst = burst;

	ring_buffer_reset(bench_buffer);
	end = bench_deadline();
	while (ran && ktime_get_ns() < end) {
		preempt_disable();
		ran = bench_irq_run();
		preempt_enable();
		if (!ran)
			break;
		plain_n += bench_irq.n;
		plain_ns += bench_irq.ns;
		dropped += burst - bench_irq.n;
		cond_resched();

		/* this disables preemption until the commit */
		outer = ring_buffer_lock_reserve(bench_buffer, event_size);
		if (!outer) {
			outer_fail++;
			continue;
		}
		*(u32 *)ring_buffer_event_data(outer) = ~0U;
		ran = bench_irq_run();
		ring_buffer_unlock_commit(bench_buffer);
		if (!ran)
			break;
		nest_n += bench_irq.n;
		nest_ns += bench_irq.ns;
		dropped += burst - bench_irq.n;
		cond_resched();
	}
	irq_work_sync(&bench_irq.work);

	if (!ran) {
		pr_info("nested: size=%u failed: the irq_work did not run\n",
			event_size);
		return;
	}
	pr_info("nested: size=%u burst=%u entries=%lu dropped=%lu outer_failed=%lu plain=%llu ns/entry=%llu\n",
		event_size, burst, nest_n, dropped, outer_fail,
		bench_per(plain_ns, plain_n), bench_per(nest_ns, nest_n));
}

/* Write into @buffer until it refuses (full), at most @max events. */
static unsigned long bench_fill(struct trace_buffer *buffer,
				unsigned long max)
{
	unsigned long n = 0;

	while (n < max && bench_write_one(buffer, n)) {
		if (!(++n & 1023))
			cond_resched();
	}
	return n;
}

/*
 * Measurement 4. A buffer without RB_FL_OVERWRITE is filled until writes
 * fail, then drained with ring_buffer_read_page(..., full = 1) until it
 * has no complete sub-buffer left (the one the writer is on stays), and
 * so on for run_ms. The drain, including allocating and freeing the read
 * page, is timed. Events read are those written minus those consumed one
 * by one at the end; MB/s is their payload bytes (events * event_size,
 * not counting event headers or time stamps) in 10^6 bytes per second of
 * draining.
 */
static int bench_page_read(int cpu)
{
	unsigned long written = 0, left = 0, pages = 0, fills = 0, max;
	struct buffer_data_read_page *rpage;
	struct trace_buffer *buffer;
	u64 ns = 0, bytes, end, t0;
	size_t len;
	int ret = 0;

	buffer = ring_buffer_alloc(BENCH_BUF_SIZE, 0);
	if (!buffer)
		return -ENOMEM;
	len = ring_buffer_subbuf_size_get(buffer);
	/* every event takes more than event_size bytes: a backstop only */
	max = BENCH_BUF_SIZE / event_size + 1;

	end = bench_deadline();
	while (ktime_get_ns() < end) {
		written += bench_fill(buffer, max);
		fills++;
		cond_resched();

		t0 = ktime_get_ns();
		rpage = NULL;
		ret = ring_buffer_alloc_read_page(buffer, cpu, &rpage);
		if (ret)
			break;
		while (ring_buffer_read_page(buffer, rpage, len, cpu, 1) >= 0)
			pages++;
		ring_buffer_free_read_page(buffer, cpu, rpage);
		ns += ktime_get_ns() - t0;
		cond_resched();
	}
	while (ring_buffer_consume(buffer, cpu, NULL, NULL))
		left++;
	ring_buffer_free(buffer);
	if (ret) {
		pr_info("page read: size=%u failed to allocate a read page: %d\n",
			event_size, ret);
		return ret;
	}

	bytes = (u64)(written - left) * event_size;
	pr_info("page read: size=%u fills=%lu pages=%lu events=%lu drain_ns=%llu MB/s=%llu\n",
		event_size, fills, pages, written - left, ns,
		ns ? div64_u64(bytes * 1000, ns) : 0);
	return 0;
}

static int bench_run(int cpu)
{
	struct task_struct *consumer = NULL;
	unsigned long n;
	int other, ret;
	u64 ns;

	bench_buffer = ring_buffer_alloc(BENCH_BUF_SIZE, RB_FL_OVERWRITE);
	if (!bench_buffer)
		return -ENOMEM;
	if (event_size < sizeof(u32) ||
	    event_size > ring_buffer_max_event_size(bench_buffer)) {
		pr_err("event_size %u out of range\n", event_size);
		ring_buffer_free(bench_buffer);
		return -EINVAL;
	}

	/* 1: producer only */
	n = bench_produce(&ns);
	bench_report("producer only", n, ns);

	/* 2: producer and a consumer on another CPU */
	ring_buffer_reset(bench_buffer);
	if (cpu != 1 && nr_cpu_ids > 1 && cpu_online(1))
		other = 1;
	else
		other = cpumask_any_but(cpu_online_mask, cpu);
	if (other < nr_cpu_ids) {
		consumer = kthread_create(bench_consumer, (void *)(long)cpu,
					  "rb_bench_consumer");
		if (IS_ERR(consumer)) {
			consumer = NULL;
		} else {
			kthread_bind(consumer, other);
			wake_up_process(consumer);
		}
	}
	if (consumer) {
		n = bench_produce(&ns);
		kthread_stop(consumer);
		bench_report("with consumer", n, ns);
	} else {
		pr_info("with consumer: skipped, no consumer on another CPU\n");
	}

	/* 3: nested writers */
	bench_nested();
	ring_buffer_free(bench_buffer);
	bench_buffer = NULL;

	/* 4: whole sub-buffer reads */
	ret = bench_page_read(cpu);

	pr_info("done\n");
	return ret;
}

static int bench_thread(void *cpu_arg)
{
	bench_ret = bench_run((long)cpu_arg);
	kthread_complete_and_exit(&bench_done, 0);
}

static int __init bench_init(void)
{
	int cpu = cpu_online(0) ? 0 : cpumask_first(cpu_online_mask);
	struct task_struct *t;

	t = kthread_create(bench_thread, (void *)(long)cpu, "rb_bench");
	if (IS_ERR(t))
		return PTR_ERR(t);
	kthread_bind(t, cpu);
	wake_up_process(t);
	wait_for_completion(&bench_done);
	return bench_ret;
}

static void __exit bench_exit(void)
{
}

module_init(bench_init);
module_exit(bench_exit);
MODULE_DESCRIPTION("Ring buffer reserve/commit micro benchmark");
MODULE_LICENSE("GPL");
