// SPDX-License-Identifier: GPL-2.0
/*
 * set_event_pid and set_event_notrace_pid: which tasks the events of an
 * array record. The event layer keeps the two lists of each array and
 * checks them as an event fires (trace_event_ignore_this_pid(), and the
 * EVENT_FILE_FL_PID_FILTER bit of every file while a list exists); this
 * file edits them: the files, and with the event-fork option the probes
 * that make children of listed tasks join the lists and exiting tasks
 * leave them. It is a client of the arrays (trace_clients.c) of its
 * own, above the event layer.
 */
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_events_internal.h"

static void pid_files_update_flags(struct trace_array *tr, bool on)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list) {
		if (on)
			set_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
		else
			clear_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
	}
}

static void pid_fork_probe(void *data, struct task_struct *parent,
			   struct task_struct *child)
{
	struct event_pid_state *st = data;

	trace_pid_set_fork(rcu_dereference_sched(st->pids), parent, child);
	trace_pid_set_fork(rcu_dereference_sched(st->no_pids), parent, child);
}

static void pid_exit_probe(void *data, struct task_struct *task)
{
	struct event_pid_state *st = data;

	trace_pid_set_exit(rcu_dereference_sched(st->pids), task);
	trace_pid_set_exit(rcu_dereference_sched(st->no_pids), task);
}

/*
 * event-fork: children of listed tasks join the list, and tasks that
 * exit leave it (their pid may be reused by anyone). Called with
 * event_mutex held when the option or the lists change.
 */
static void pid_fork_follow(struct trace_array *tr, struct event_pid_state *st)
{
	bool want = st && trace_flag_set(tr, TRACE_ITER_EVENT_FORK) &&
		    (rcu_access_pointer(st->pids) ||
		     rcu_access_pointer(st->no_pids));

	if (!st || want == st->fork_probe)
		return;
	if (want) {
		WARN_ON_ONCE(register_trace_sched_process_fork(pid_fork_probe,
							       st));
		WARN_ON_ONCE(register_trace_sched_process_free(pid_exit_probe,
							       st));
	} else {
		unregister_trace_sched_process_fork(pid_fork_probe, st);
		unregister_trace_sched_process_free(pid_exit_probe, st);
	}
	st->fork_probe = want;
}

/* event-fork changed: the probes that follow forks read the flag. */
static int pid_flag_changed(struct trace_array *tr, unsigned int mask,
			    bool on)
{
	if (mask != TRACE_ITER_EVENT_FORK)
		return 0;
	mutex_lock(&event_mutex);
	pid_fork_follow(tr, event_pid_state(tr));
	mutex_unlock(&event_mutex);
	return 0;
}

static bool notrace_file(const struct file *filp)
{
	return (unsigned long)file_inode(filp)->i_private & 1;
}

static struct trace_array *pid_file_tr(const struct file *filp)
{
	return (void *)((unsigned long)file_inode(filp)->i_private & ~1UL);
}

/* The list a pid file shows; NULL if none. Call with event_mutex held. */
static struct trace_pid_set *pid_file_list(struct seq_file *m)
{
	struct event_pid_state *st = event_pid_state(m->private);

	if (!st)
		return NULL;
	if (notrace_file(m->file))
		return rcu_dereference_protected(st->no_pids,
						 lockdep_is_held(&event_mutex));
	return rcu_dereference_protected(st->pids,
					 lockdep_is_held(&event_mutex));
}

/* Positions are pids; an element is the pid plus one (never NULL). */
static void *pid_seq_find(struct seq_file *m, loff_t *pos)
{
	long pid = trace_pid_set_next(pid_file_list(m), *pos);

	if (pid < 0)
		return NULL;
	*pos = pid;
	return (void *)(pid + 1);
}

static void *pid_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&event_mutex);
	return pid_seq_find(m, pos);
}

static void *pid_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	*pos = (unsigned long)v;
	return pid_seq_find(m, pos);
}

static void pid_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int pid_seq_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%lu\n", (unsigned long)v - 1);
	return 0;
}

static const struct seq_operations pid_seq_ops = {
	.start	= pid_seq_start,
	.next	= pid_seq_next,
	.stop	= pid_seq_stop,
	.show	= pid_seq_show,
};

/* Replace one of the lists of @tr; NULL clears it. */
static int pid_list_set(struct trace_array *tr, bool no_trace,
			struct trace_pid_set *l)
{
	struct trace_pid_set __rcu **slot;
	struct event_pid_state *st;
	struct trace_pid_set *old;

	lockdep_assert_held(&event_mutex);
	st = event_pid_state(tr);
	if (!st) {
		if (!l)
			return 0;
		st = event_pid_state_make(tr);
		if (!st)
			return -ENOMEM;
	}
	slot = no_trace ? &st->no_pids : &st->pids;
	old = rcu_dereference_protected(*slot, lockdep_is_held(&event_mutex));
	/*
	 * The list is complete before it is seen: pairs with the
	 * rcu_dereference_sched() in trace_event_ignore_this_pid(),
	 * pid_fork_probe() and pid_exit_probe().
	 */
	rcu_assign_pointer(*slot, l);
	pid_files_update_flags(tr, rcu_access_pointer(st->pids) ||
			       rcu_access_pointer(st->no_pids));
	pid_fork_follow(tr, st);
	/* probes read the old list under rcu_read_lock_sched() */
	synchronize_rcu();
	trace_pid_set_free(old);
	return 0;
}

static int pid_file_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = pid_file_tr(filp);
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&event_mutex);
		ret = pid_list_set(tr, notrace_file(filp), NULL);
		mutex_unlock(&event_mutex);
		if (ret)
			goto err;
	}
	ret = seq_open(filp, &pid_seq_ops);
	if (ret)
		goto err;
	((struct seq_file *)filp->private_data)->private = tr;
	return 0;
err:
	trace_array_put(tr);
	return ret;
}

static int pid_file_release(struct inode *inode, struct file *filp)
{
	trace_array_put(pid_file_tr(filp));
	return seq_release(inode, filp);
}

/*
 * Pids separated by white space are added to the list (a write replaces
 * the list when the file was opened with O_TRUNC, as by ">"). One bad
 * word fails the whole write and changes nothing.
 */
static ssize_t pid_file_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = pid_file_tr(filp);
	bool no_trace = notrace_file(filp);
	struct trace_pid_set *old, *l;
	struct event_pid_state *st;
	char *text;
	int ret = 0;

	if (!cnt)
		return 0;
	/* Filtering by pid is using tracing, whatever the words turn out. */
	ret = tracing_update_buffers(tr);
	if (ret < 0)
		return ret;
	if (cnt > PAGE_SIZE * 4)
		return -EINVAL;
	text = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(text))
		return PTR_ERR(text);

	mutex_lock(&event_mutex);
	st = event_pid_state(tr);
	old = !st ? NULL : no_trace ?
		rcu_dereference_protected(st->no_pids,
					  lockdep_is_held(&event_mutex)) :
		rcu_dereference_protected(st->pids,
					  lockdep_is_held(&event_mutex));
	ret = trace_pid_set_write(old, text, cnt, &l);
	if (!ret) {
		ret = pid_list_set(tr, no_trace, l);
		if (ret)
			trace_pid_set_free(l);
	}
	mutex_unlock(&event_mutex);
	kfree(text);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations pid_file_fops = {
	.open		= pid_file_open,
	.read		= seq_read,
	.write		= pid_file_write,
	.llseek		= seq_lseek,
	.release	= pid_file_release,
};

static void pid_files_create(struct trace_array *tr, struct dentry *parent)
{
	trace_create_file("set_event_pid", TRACE_MODE_WRITE, parent, tr,
			  &pid_file_fops);
	/* the low bit of the data tells the no_trace list from the other */
	trace_create_file("set_event_notrace_pid", TRACE_MODE_WRITE, parent,
			  (void *)((unsigned long)tr | 1), &pid_file_fops);
}

/* An array that goes: both lists emptied (the probes waited for), freed. */
static void pid_array_remove(struct trace_array *tr)
{
	struct event_pid_state *st;

	mutex_lock(&event_mutex);
	st = event_pid_state(tr);
	if (st) {
		pid_list_set(tr, false, NULL);
		pid_list_set(tr, true, NULL);
		event_pid_state_drop(tr);
	}
	mutex_unlock(&event_mutex);
	kfree(st);
}

static struct trace_array_client pid_client = {
	.name		= "trace_events_pid",
	.create		= pid_files_create,
	.flag_changed	= pid_flag_changed,
	.remove		= pid_array_remove,
};

static __init int trace_events_pid_init(void)
{
	return trace_array_client_register(&pid_client);
}
early_initcall(trace_events_pid_init);
