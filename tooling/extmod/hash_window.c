// SPDX-License-Identifier: GPL-2.0
/*
 * hash_window: a test module that puts one filter write exactly into the
 * window of review finding F2, instead of hoping a stress hits it.
 *
 * The list function tests an ops' filter hash with preemption disabled:
 * whatever hash it loaded must stay allocated until it enables
 * preemption again. F2: ftrace_shutdown() takes the ops off the list and
 * drops ftrace_lock before it waits for such walkers, and a filter
 * written for that ops in between found it "not live" and freed the old
 * hash at once, under the walker.
 *
 * At load, with ops X registered on one function:
 *  1. a "walker" thread on CPU 1 disables preemption and loads X's
 *     filter hash, as the list function does;
 *  2. a thread on CPU 0 unregisters X: it must wait for the walker;
 *  3. once X is off (not ENABLED), the loading thread writes a new filter
 *     for X and notes when that write returns;
 *  4. the walker holds on for up to a second, waiting for that write,
 *     reads the hash it loaded (KASAN: use-after-free if it is gone) and
 *     enables preemption.
 * A write that returns while the walker still holds the old hash did not
 * wait for it: freed_early=1 (parameters in /sys/module/hash_window/).
 * Load fails (-ENODEV) when the window could not be set up: fewer than
 * two CPUs online, or X never left the ENABLED state.
 */
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/ftrace.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/string.h>

static bool freed_early;
static int held_ms;
static char func[64] = "vfs_read";
static char other[64] = "vfs_write";

module_param(freed_early, bool, 0444);
module_param(held_ms, int, 0444);
module_param_string(func, func, sizeof(func), 0444);
module_param_string(other, other, sizeof(other), 0444);

static void hw_callback(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs)
{
}

static struct ftrace_ops hw_ops = {
	.func = hw_callback,
};

static DECLARE_COMPLETION(walker_holds);
static DECLARE_COMPLETION(walker_done);
static DECLARE_COMPLETION(unreg_done);
/* set by the filter write once it has returned */
static atomic_t write_returned = ATOMIC_INIT(0);

static int walker(void *unused)
{
	unsigned long until;
	unsigned long *hash;
	int ms = 0;

	preempt_disable();
	hash = (unsigned long *)rcu_dereference_raw(hw_ops.func_hash->filter_hash);
	complete(&walker_holds);
	/* a whole second at most: the fixed write waits for us */
	until = jiffies + HZ;
	while (!atomic_read(&write_returned) && time_before(jiffies, until)) {
		mdelay(1);
		ms++;
	}
	freed_early = atomic_read(&write_returned);
	held_ms = ms;
	/* what the list function does next: read the hash it loaded */
	READ_ONCE(hash[0]);
	preempt_enable();
	complete(&walker_done);
	return 0;
}

static int unregister(void *unused)
{
	unregister_ftrace_function(&hw_ops);
	complete(&unreg_done);
	return 0;
}

static int __init hash_window_init(void)
{
	struct task_struct *w, *u;
	unsigned long until;
	int ret;

	if (num_online_cpus() < 2 || !cpu_online(0) || !cpu_online(1))
		return -ENODEV;
	ret = ftrace_set_filter(&hw_ops, func, strlen(func), 1);
	if (ret)
		return ret;
	ret = register_ftrace_function(&hw_ops);
	if (ret)
		return ret;

	w = kthread_create(walker, NULL, "hash_window_walk");
	if (IS_ERR(w)) {
		unregister_ftrace_function(&hw_ops);
		return PTR_ERR(w);
	}
	kthread_bind(w, 1);
	u = kthread_create(unregister, NULL, "hash_window_unreg");
	if (IS_ERR(u)) {
		kthread_stop(w);
		unregister_ftrace_function(&hw_ops);
		return PTR_ERR(u);
	}
	kthread_bind(u, 0);

	wake_up_process(w);
	wait_for_completion(&walker_holds);
	wake_up_process(u);
	/* the ops is off once its flags say so: then the window is open */
	until = jiffies + HZ / 2;
	while ((READ_ONCE(hw_ops.flags) & FTRACE_OPS_FL_ENABLED) &&
	       time_before(jiffies, until))
		usleep_range(1000, 2000);
	ret = (READ_ONCE(hw_ops.flags) & FTRACE_OPS_FL_ENABLED) ? -ENODEV : 0;
	if (!ret)
		ftrace_set_filter(&hw_ops, other, strlen(other), 1);
	atomic_set(&write_returned, 1);

	wait_for_completion(&walker_done);
	wait_for_completion(&unreg_done);
	if (ret)
		pr_err("hash_window: the ops stayed enabled: no window\n");
	else
		pr_info("hash_window: freed_early=%d held_ms=%d\n",
			freed_early, held_ms);
	/* filters hold memory until the ops' hashes are released */
	ftrace_free_filter(&hw_ops);
	return ret;
}

static void __exit hash_window_exit(void)
{
}

module_init(hash_window_init);
module_exit(hash_window_exit);
MODULE_DESCRIPTION("a filter write inside ftrace_shutdown()'s wait (F2)");
MODULE_LICENSE("GPL");
