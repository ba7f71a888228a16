// SPDX-License-Identifier: GPL-2.0
/*
 * B2: the cost of one trace event with a 32-byte payload.
 *
 * Writing N to /sys/module/b2_events/parameters/run fires the event
 * b2bench:b2_payload (b2_events_trace.h) N times in a loop in the
 * writer's context and times the loop; reading the parameter gives
 * "<iterations> <total ns>" of the last run. Whether the event is
 * enabled (events/b2bench/b2_payload/enable) is up to the caller, so the
 * same loop measures the enabled cost (the record written to the ring
 * buffer) and the disabled one (the tracepoint's static branch not
 * taken, plus the loop itself).
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/sched.h>

#define CREATE_TRACE_POINTS
#include "b2_events_trace.h"

/* Give the CPU away this often, so that a long run stalls nobody. */
#define B2_RESCHED_EVERY	4096

static DEFINE_MUTEX(b2_lock);	/* one run at a time; guards the result */
static u64 b2_iters, b2_ns;

static int b2_run_set(const char *val, const struct kernel_param *kp)
{
	u64 n, i, t0, t1;
	int ret;

	ret = kstrtou64(val, 0, &n);
	if (ret)
		return ret;
	if (!n)
		return -EINVAL;

	mutex_lock(&b2_lock);
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		trace_b2_payload(i, i ^ 0x5a5a5a5a5a5a5a5aULL, i << 1, ~i);
		if (!(i % B2_RESCHED_EVERY))
			cond_resched();
	}
	t1 = ktime_get_ns();
	b2_iters = n;
	b2_ns = t1 - t0;
	mutex_unlock(&b2_lock);
	return 0;
}

static int b2_run_get(char *buf, const struct kernel_param *kp)
{
	int len;

	mutex_lock(&b2_lock);
	len = sysfs_emit(buf, "%llu %llu\n", b2_iters, b2_ns);
	mutex_unlock(&b2_lock);
	return len;
}

static const struct kernel_param_ops b2_run_ops = {
	.set = b2_run_set,
	.get = b2_run_get,
};
module_param_cb(run, &b2_run_ops, NULL, 0600);
MODULE_PARM_DESC(run, "write N: fire the event N times; read: \"iterations ns\" of the last run");

/* Nothing to undo, but without an exit function the module cannot go. */
static void __exit b2_exit(void)
{
}
module_exit(b2_exit);

MODULE_DESCRIPTION("B2 benchmark: cost of a trace event with a 32-byte payload");
MODULE_LICENSE("GPL");
