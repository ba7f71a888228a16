// SPDX-License-Identifier: GPL-2.0
/*
 * trace-events-sample.c - a module that fires the events declared in
 * trace-events-sample.h, so that they can be watched:
 *
 *   # modprobe trace-events-sample
 *   # cd /sys/kernel/tracing
 *   # echo 'sample_events:*' > set_event
 *   # cat trace_pipe
 *
 * What fires the events:
 *
 *  - the kernel thread "sample-ticker" runs one round every 100 ms for as
 *    long as the module is loaded (unless loaded with ticker=0);
 *  - writing N to /sys/module/trace_events_sample/parameters/fire runs N
 *    rounds at once, in the context of the writing task. Tests use this:
 *    the rounds they ask for are theirs (same pid), and come at once;
 *  - the kernel thread "sample-heart" fires sample_heartbeat every 100 ms,
 *    but only exists while that event is enabled (see TRACE_EVENT_FN() in
 *    the header, and the two callbacks at the end of this file).
 *
 * A round has a number (1, 2, 3, ... over the module's lifetime, whoever
 * fires it) from which every value recorded is derived, so that the output
 * can be checked.
 */

#include <linux/atomic.h>
#include <linux/bitmap.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/string.h>

/*
 * Exactly one file of a module defines CREATE_TRACE_POINTS before it
 * includes the trace header: that inclusion then emits the tracepoints,
 * the event records' code and the descriptions registered with the event
 * layer. Any other file that fires the events includes the header plainly.
 */
#define CREATE_TRACE_POINTS
#include "trace-events-sample.h"

#define SAMPLE_PERIOD_MS	100
/* The most rounds one write to "fire" may ask for. */
#define SAMPLE_FIRE_MAX		10000

/* Round numbers, shared by every source of rounds. */
static atomic_long_t sample_rounds = ATOMIC_LONG_INIT(0);

/* A few words for the string fields, so their lengths vary. */
static const char * const sample_words[] = {
	"amber", "birch", "cedar", "dune", "ember", "fjord",
};

static struct task_struct *sample_ticker;

/*
 * Tests that count rounds, or compare what two kernels record, load the
 * module with ticker=0: then only writes to "fire" make rounds, and round
 * numbers start at 1 on every load.
 */
static bool ticker = true;
module_param(ticker, bool, 0444);
MODULE_PARM_DESC(ticker, "run the sample-ticker thread (default: yes)");

/* Sleep one period, or less if kthread_stop() wakes us. */
static void sample_nap(void)
{
	schedule_timeout_interruptible(msecs_to_jiffies(SAMPLE_PERIOD_MS));
}

/*
 * One round: fire every event (but sample_heartbeat) once. @manual says
 * whether a write to "fire" asked for it.
 */
static void sample_round(bool manual)
{
	unsigned long count = atomic_long_inc_return(&sample_rounds);
	enum sample_phase phase = count % SAMPLE_NR_PHASES;
	const char *word = sample_words[count % ARRAY_SIZE(sample_words)];
	struct sample_pos pos = {
		.x = count % 10,
		.y = -(int)(count % 5),
	};
	unsigned int flags = 0;

	if (count & 1)
		flags |= SAMPLE_FL_ODD;
	if (!(count % 4))
		flags |= SAMPLE_FL_FOURTH;
	if (manual)
		flags |= SAMPLE_FL_MANUAL;

	/*
	 * A disabled tracepoint costs a patched-out jump: calling it is
	 * cheap, the arguments are evaluated but nothing else happens.
	 */
	trace_sample_phase_enter(count, phase);
	trace_sample_tick(count, phase, flags, manual ? "manual" : "ticker",
			  &pos);

	/*
	 * Work done only to feed events is wasted while they are off.
	 * trace_<event>_enabled() tells whether anyone listens, at the same
	 * low cost as a disabled tracepoint.
	 */
	if (trace_sample_arrays_enabled() || trace_sample_rel_enabled()) {
		DECLARE_BITMAP(mask, SAMPLE_MASK_BITS);
		unsigned int nr_vals = count % 4 + 1;
		u32 vals[4];
		unsigned int i;

		for (i = 0; i < nr_vals; i++)
			vals[i] = count * (i + 1);
		/* the low 16 bits of the round number, as a bitmap */
		bitmap_from_u64(mask, count & 0xffff);

		trace_sample_arrays(count, vals, nr_vals, mask,
				    cpu_online_mask);
		trace_sample_rel(count, word, (const u8 *)word, strlen(word),
				 mask, cpu_online_mask);
	}

	/* the word by address; delta runs -3..3, wide far below zero */
	trace_sample_word(count, word, (int)(count % 7) - 3,
			  -(long long)count * 1000000007LL);

	/* Recorded for odd rounds only: the condition is in the event. */
	trace_sample_odd(count);
	/* No events of their own: only for probes that attach to them. */
	trace_foo_bar(word, (int)count);
	if (count & 1)
		trace_foo_bar_with_cond(word, (int)count);
	trace_sample_phase_leave(count, phase);
}

static int sample_ticker_fn(void *unused)
{
	while (!kthread_should_stop()) {
		sample_round(false);
		sample_nap();
	}
	return 0;
}

/*
 * The "fire" parameter: write-only, each write of N runs N rounds before
 * the write returns.
 */
static int sample_fire_set(const char *val, const struct kernel_param *kp)
{
	unsigned int n;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	if (n > SAMPLE_FIRE_MAX)
		return -EINVAL;
	while (n--)
		sample_round(true);
	return 0;
}

static const struct kernel_param_ops sample_fire_ops = {
	.set = sample_fire_set,
};
module_param_cb(fire, &sample_fire_ops, NULL, 0200);
MODULE_PARM_DESC(fire, "write N to run N rounds of events in the writing task");

/*
 * The heartbeat thread and the TRACE_EVENT_FN() callbacks that start and
 * stop it.
 *
 * The tracepoint core calls sample_heartbeat_reg() when the tracepoint
 * gets its first probe and sample_heartbeat_unreg() when it loses its
 * last one, both under its own mutex: the calls never overlap, so
 * sample_heart needs no lock of ours. Each tracing instance that enables
 * the event adds a probe of its own, and perf adds one for all its users;
 * the callbacks run only for the first probe and after the last one.
 *
 * The module may be unloaded with the event enabled. Its exit function
 * does not stop this thread: disabling the event is part of removing the
 * module's events, which the event layer does after the exit function and
 * before the module's code is freed, and that calls the unreg callback.
 */
static struct task_struct *sample_heart;

static int sample_heart_fn(void *unused)
{
	unsigned int beat = 0;

	/*
	 * The core installs the probe only after the reg callback returned,
	 * so nap first: a beat fired at once could find no probe yet.
	 */
	for (;;) {
		sample_nap();
		if (kthread_should_stop())
			break;
		trace_sample_heartbeat(++beat);
	}
	return 0;
}

int sample_heartbeat_reg(void)
{
	struct task_struct *t;

	t = kthread_run(sample_heart_fn, NULL, "sample-heart");
	if (IS_ERR(t))
		return PTR_ERR(t);
	sample_heart = t;
	return 0;
}

void sample_heartbeat_unreg(void)
{
	if (sample_heart)
		kthread_stop(sample_heart);
	sample_heart = NULL;
}

static int __init sample_init(void)
{
	if (!ticker)
		return 0;
	sample_ticker = kthread_run(sample_ticker_fn, NULL, "sample-ticker");
	return PTR_ERR_OR_ZERO(sample_ticker);
}

static void __exit sample_exit(void)
{
	if (sample_ticker)
		kthread_stop(sample_ticker);
}

module_init(sample_init);
module_exit(sample_exit);

MODULE_DESCRIPTION("Sample trace events: every field kind and print helper");
MODULE_LICENSE("GPL");
