// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe_probe: a test module that puts one kprobe on the function its
 * parameter names, so that T2 cases can run kprobes over the function
 * tracer before kprobe events exist on our tree.
 *   sym=NAME  the function to probe (required)
 *   post=1    give the probe a post_handler too: kprobes then arms it on
 *             an ftrace site through its IPMODIFY ftrace_ops, which live
 *             patching (also IPMODIFY) must exclude, and the reverse
 * Read back in /sys/module/kprobe_probe/parameters/:
 *   hits       pre_handler calls
 *   post_hits  post_handler calls
 *   on_ftrace  1 when kprobes armed the probe on an ftrace site
 * Loading fails with register_kprobe()'s error, so a refused probe shows
 * as insmod's errno.
 */
#include <linux/atomic.h>
#include <linux/kprobes.h>
#include <linux/module.h>

static char sym[KSYM_NAME_LEN];
static bool post;
static atomic_t hits = ATOMIC_INIT(0);
static atomic_t post_hits = ATOMIC_INIT(0);
static int on_ftrace;

module_param_string(sym, sym, sizeof(sym), 0444);
module_param(post, bool, 0444);
module_param(on_ftrace, int, 0444);

/* The counters are bumped from probe context on any CPU: read atomically. */
static int get_counter(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read((atomic_t *)kp->arg));
}

static const struct kernel_param_ops counter_ops = {
	.get = get_counter,
};

module_param_cb(hits, &counter_ops, &hits, 0444);
module_param_cb(post_hits, &counter_ops, &post_hits, 0444);

static int probe_pre(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&hits);
	return 0;
}

static void probe_post(struct kprobe *p, struct pt_regs *regs,
		       unsigned long flags)
{
	atomic_inc(&post_hits);
}

static struct kprobe probe = {
	.pre_handler = probe_pre,
};

static int __init kprobe_probe_init(void)
{
	int ret;

	if (!sym[0])
		return -EINVAL;
	probe.symbol_name = sym;
	if (post)
		probe.post_handler = probe_post;
	ret = register_kprobe(&probe);
	if (ret)
		return ret;
	on_ftrace = !!(probe.flags & KPROBE_FLAG_FTRACE);
	return 0;
}

static void __exit kprobe_probe_exit(void)
{
	unregister_kprobe(&probe);
}

module_init(kprobe_probe_init);
module_exit(kprobe_probe_exit);
MODULE_DESCRIPTION("One kprobe on a named function, for the T2 cases");
MODULE_LICENSE("GPL");
