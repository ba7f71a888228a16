// SPDX-License-Identifier: GPL-2.0
/*
 * No function-entry callback runs on a CPU that is going down.
 *
 * The last code a CPU going offline runs is its idle task's way out,
 * do_idle() -> cpuhp_report_idle_dead() -> arch_cpu_idle_dead() ->
 * play_dead() and on to the final halt: traceable functions, some of them
 * after the CPU has told the hotplug core that it is dead. From then on,
 * the CPU that brings it back may send it INIT at any instruction. A
 * callback caught there leaves behind whatever it held: the preemption
 * count it raised (the restarted idle loop then schedules with the count
 * one too high, a "scheduling while atomic" BUG), the recursion bit it
 * took (that context of the idle task is never traced again), a ring
 * buffer event it reserved and never committed.
 *
 * Our callbacks, the list function and the kernel's other ftrace users
 * (kprobes on ftrace sites, live patching) all take the recursion lock of
 * <linux/trace_recursion.h> before anything else: one bit per context in
 * current->trace_recursion. With every such bit of the idle task set,
 * each attempt looks like recursion into a callback already running and
 * is refused before it changes anything. The bits are set when the CPU's
 * hotplug thread starts taking it down and cleared when it has brought it
 * up again: both run on that CPU, where the idle task is not running at
 * the time, so nothing else writes its bits. In between, that CPU's idle
 * task is not traced: the few milliseconds it idles on its way out, and
 * its bring-up.
 *
 * Direct trampolines (ftrace_direct.c) call their owner's code, which
 * takes no such lock.
 */
#include <linux/cpuhotplug.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/trace_recursion.h>

/* the context and transition bits of the three lock ranges */
#define FTRACE_CPU_DOWN_BITS \
	((1UL << (TRACE_INTERNAL_EVENT_TRANSITION_BIT + 1)) - 1)

static int ftrace_cpu_going_down(unsigned int cpu)
{
	struct task_struct *idle = idle_task(cpu);

	WRITE_ONCE(idle->trace_recursion,
		   idle->trace_recursion | FTRACE_CPU_DOWN_BITS);
	return 0;
}

static int ftrace_cpu_back_up(unsigned int cpu)
{
	struct task_struct *idle = idle_task(cpu);

	WRITE_ONCE(idle->trace_recursion,
		   idle->trace_recursion & ~FTRACE_CPU_DOWN_BITS);
	return 0;
}

static int __init ftrace_cpu_down_init(void)
{
	int ret;

	/* the CPUs up now are up: no call for them */
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "trace/ftrace:down",
					ftrace_cpu_back_up, ftrace_cpu_going_down);
	return ret < 0 ? ret : 0;
}
core_initcall(ftrace_cpu_down_init);
