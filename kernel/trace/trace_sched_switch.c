// SPDX-License-Identifier: GPL-2.0
/*
 * Keep the pid -> comm and pid -> tgid maps current while events are
 * traced: every task switched in or out, and every task woken, is noted,
 * so that the output can name the tasks an event mentions and not only
 * the one that recorded it.
 *
 * Users (enabled events, with record-cmd or record-tgid on) take a
 * reference; the probes are attached while anyone holds one.
 */
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_events_internal.h"

static DEFINE_MUTEX(probe_mutex);
static int cmdline_users;
static int tgid_users;
static bool probes_on;

static void note_task(struct task_struct *t)
{
	if (READ_ONCE(cmdline_users))
		tracing_record_cmdline(t);
	if (READ_ONCE(tgid_users))
		tracing_record_tgid(t);
}

static void probe_switch(void *ignore, bool preempt, struct task_struct *prev,
			 struct task_struct *next, unsigned int prev_state)
{
	note_task(prev);
	note_task(next);
}

static void probe_wakeup(void *ignore, struct task_struct *wakee)
{
	note_task(current);
	note_task(wakee);
}

/* Attach or detach the probes to match the users. Under probe_mutex. */
static void probes_update(void)
{
	bool want = cmdline_users || tgid_users;

	if (want == probes_on)
		return;
	if (want) {
		if (register_trace_sched_switch(probe_switch, NULL))
			pr_info("sched trace: could not attach the switch probe\n");
		if (register_trace_sched_wakeup(probe_wakeup, NULL))
			pr_info("sched trace: could not attach the wakeup probe\n");
		if (register_trace_sched_wakeup_new(probe_wakeup, NULL))
			pr_info("sched trace: could not attach the wakeup_new probe\n");
	} else {
		unregister_trace_sched_switch(probe_switch, NULL);
		unregister_trace_sched_wakeup(probe_wakeup, NULL);
		unregister_trace_sched_wakeup_new(probe_wakeup, NULL);
	}
	probes_on = want;
}

static void users_add(int *users, int delta)
{
	mutex_lock(&probe_mutex);
	WRITE_ONCE(*users, *users + delta);
	WARN_ON_ONCE(*users < 0);
	probes_update();
	mutex_unlock(&probe_mutex);
}

void tracing_start_cmdline_record(void)
{
	users_add(&cmdline_users, 1);
}

void tracing_stop_cmdline_record(void)
{
	users_add(&cmdline_users, -1);
}

void tracing_start_tgid_record(void)
{
	users_add(&tgid_users, 1);
}

void tracing_stop_tgid_record(void)
{
	users_add(&tgid_users, -1);
}
