// SPDX-License-Identifier: GPL-2.0
/*
 * A test load for the latency tracers: stretches of known length with
 * interrupts or preemption off.
 *
 *   modprobe preemptirq_delay_test test_mode=irq delay=500 burst_size=3
 *
 * spends 500 us with interrupts off, three times in a row, in a kernel
 * thread ("irq_test"), and returns from the load once it is done. The
 * parameters are the ones the upstream selftests pass:
 *   test_mode     irq, preempt, or alternate (irq first, then preempt,
 *                 and so on); any other word makes no section at all
 *   delay         the length of each section, in microseconds
 *   burst_size    sections per run, at most 10 (default 1)
 *   cpu_affinity  the CPU the thread runs on (default: any)
 * A write of anything to /sys/kernel/preemptirq_delay_test/trigger runs
 * the same burst again.
 *
 * The thread busy-waits on the local trace clock, so the section is the
 * given length on the clock the tracers time it with.
 */
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/kobject.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/trace_clock.h>

#define MAX_BURST	10

static ulong delay = 100;
static char test_mode[12] = "irq";
static unsigned int burst_size = 1;
static int cpu_affinity = -1;

module_param(delay, ulong, 0444);
MODULE_PARM_DESC(delay, "Length of each section in microseconds (default 100)");
module_param_string(test_mode, test_mode, sizeof(test_mode), 0444);
MODULE_PARM_DESC(test_mode, "irq, preempt or alternate (default irq)");
module_param(burst_size, uint, 0444);
MODULE_PARM_DESC(burst_size, "Sections per run, at most 10 (default 1)");
module_param(cpu_affinity, int, 0444);
MODULE_PARM_DESC(cpu_affinity, "CPU to run the sections on (default any)");

enum section_kind { SECTION_NONE, SECTION_IRQ, SECTION_PREEMPT };

static void spin_for(u64 ns)
{
	u64 start = trace_clock_local();

	while (trace_clock_local() - start < ns)
		cpu_relax();
}

/* noinline: the section starts and ends in a function of this module. */
static noinline void irqs_off_for(u64 ns)
{
	unsigned long flags;

	local_irq_save(flags);
	spin_for(ns);
	local_irq_restore(flags);
}

static noinline void preemption_off_for(u64 ns)
{
	preempt_disable();
	spin_for(ns);
	preempt_enable();
}

/* The kind of the @i-th section of a burst in the mode asked for. */
static enum section_kind section_kind(unsigned int i)
{
	if (!strcmp(test_mode, "irq"))
		return SECTION_IRQ;
	if (!strcmp(test_mode, "preempt"))
		return SECTION_PREEMPT;
	if (!strcmp(test_mode, "alternate"))
		return i % 2 ? SECTION_PREEMPT : SECTION_IRQ;
	return SECTION_NONE;
}

static void run_burst(void)
{
	unsigned int i, n = min_t(unsigned int, burst_size, MAX_BURST);
	u64 ns = (u64)delay * NSEC_PER_USEC;

	for (i = 0; i < n; i++) {
		switch (section_kind(i)) {
		case SECTION_IRQ:
			irqs_off_for(ns);
			break;
		case SECTION_PREEMPT:
			preemption_off_for(ns);
			break;
		case SECTION_NONE:
			break;
		}
	}
}

/*
 * @done is the completion of the run_test() that started this thread:
 * each run has its own, so that two writes of `trigger` at once each
 * wait for their own burst (one shared completion, re-initialised by
 * every run, could let one writer consume the other's wake-up and
 * leave it waiting forever).
 */
static int burst_thread(void *done)
{
	if (cpu_affinity >= 0) {
		if (cpu_affinity >= nr_cpu_ids || !cpu_online(cpu_affinity) ||
		    set_cpus_allowed_ptr(current, cpumask_of(cpu_affinity)))
			pr_err("preemptirq_delay_test: cannot run on CPU %d\n",
			       cpu_affinity);
	}
	run_burst();
	complete(done);

	/* kthread_stop() needs the thread to still be there. */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

/* One burst in a fresh thread; returns when the burst is over. */
static int run_test(void)
{
	DECLARE_COMPLETION_ONSTACK(done);
	struct task_struct *task;

	task = kthread_run(burst_thread, &done, "%s_test", test_mode);
	if (IS_ERR(task))
		return PTR_ERR(task);
	wait_for_completion(&done);
	/* the thread touches @done no more: it only waits for this stop */
	kthread_stop(task);
	return 0;
}

static ssize_t trigger_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	int ret = run_test();

	return ret ? ret : count;
}

static struct kobj_attribute trigger_attr = __ATTR_WO(trigger);

static struct kobject *test_kobj;

static int __init delay_test_init(void)
{
	int ret;

	ret = run_test();
	if (ret)
		return ret;
	test_kobj = kobject_create_and_add("preemptirq_delay_test", kernel_kobj);
	if (!test_kobj)
		return -ENOMEM;
	ret = sysfs_create_file(test_kobj, &trigger_attr.attr);
	if (ret)
		kobject_put(test_kobj);
	return ret;
}

static void __exit delay_test_exit(void)
{
	kobject_put(test_kobj);
}

module_init(delay_test_init);
module_exit(delay_test_exit);
MODULE_DESCRIPTION("Sections with interrupts or preemption off, for the latency tracers");
MODULE_LICENSE("GPL");
