// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer's pid filter: set_ftrace_pid (trace only these
 * tasks) and set_ftrace_notrace_pid (never these), in every trace array,
 * and the function-fork option (children of a listed task join its
 * list, exiting tasks leave).
 *
 * The callbacks must not look a pid up in a set on every call. Instead,
 * while an array has a list, a sched_switch probe decides once per
 * switch whether the incoming task is traced, and leaves the answer in
 * the array's per-CPU ftrace_pid, which ftrace_pid_skip() reads. The
 * answer names the task (its pid plus one), so that functions called
 * between the probe and the switch itself, still by the outgoing task,
 * are not taken for the incoming one's.
 */
#include <linux/ctype.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/tracefs.h>
#include <trace/events/sched.h>

#include "trace.h"

/* Changes of the lists and of the probes; nests in trace_types_lock. */
static DEFINE_MUTEX(fpid_mutex);

#define fpid_locked(p)	rcu_dereference_protected(p, lockdep_is_held(&fpid_mutex))

/* What a CPU that runs @task must leave in ftrace_pid. Preemption off. */
static int fpid_verdict(struct trace_array *tr, struct task_struct *task)
{
	struct trace_pid_set *pids = rcu_dereference_sched(tr->function_pids);
	struct trace_pid_set *no_pids = rcu_dereference_sched(tr->function_no_pids);

	if (!pids && !no_pids)
		return 0;
	return trace_pid_ignore_task(pids, no_pids, task) ? -1 : task->pid + 1;
}

static void fpid_switch_probe(void *data, bool preempt,
			      struct task_struct *prev,
			      struct task_struct *next,
			      unsigned int prev_state)
{
	struct trace_array *tr = data;

	this_cpu_write(tr->array_buffer.data->ftrace_pid,
		       fpid_verdict(tr, next));
}

/*
 * The tasks running when a list changed get their verdict here: no
 * switch will come for them. Runs in the IPI, so never between the
 * switch probe and its switch (that runs with interrupts off).
 */
static void fpid_current(void *data)
{
	struct trace_array *tr = data;

	this_cpu_write(tr->array_buffer.data->ftrace_pid,
		       fpid_verdict(tr, current));
}

static void fpid_fork_probe(void *data, struct task_struct *parent,
			    struct task_struct *child)
{
	struct trace_array *tr = data;

	trace_pid_set_fork(rcu_dereference_sched(tr->function_pids),
			   parent, child);
	trace_pid_set_fork(rcu_dereference_sched(tr->function_no_pids),
			   parent, child);
}

static void fpid_exit_probe(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	trace_pid_set_exit(rcu_dereference_sched(tr->function_pids), task);
	trace_pid_set_exit(rcu_dereference_sched(tr->function_no_pids), task);
}

/*
 * Bring the probes of @tr in line with its lists and its function-fork
 * option, and every CPU's verdict with the lists. fpid_mutex held.
 */
static void fpid_update(struct trace_array *tr)
{
	bool lists = fpid_locked(tr->function_pids) ||
		     fpid_locked(tr->function_no_pids);
	bool fork = lists && trace_flag_set(tr, TRACE_ITER_FUNC_FORK);
	int cpu;

	lockdep_assert_held(&fpid_mutex);
	if (fork != tr->function_pid_fork) {
		if (fork) {
			WARN_ON_ONCE(register_trace_sched_process_fork(fpid_fork_probe,
								       tr));
			WARN_ON_ONCE(register_trace_sched_process_free(fpid_exit_probe,
								       tr));
		} else {
			unregister_trace_sched_process_fork(fpid_fork_probe, tr);
			unregister_trace_sched_process_free(fpid_exit_probe, tr);
		}
		tr->function_pid_fork = fork;
	}
	if (lists) {
		if (!tr->function_pid_switch) {
			WARN_ON_ONCE(register_trace_sched_switch(fpid_switch_probe,
								 tr));
			tr->function_pid_switch = true;
		}
		on_each_cpu(fpid_current, tr, 1);
		return;
	}
	if (tr->function_pid_switch) {
		unregister_trace_sched_switch(fpid_switch_probe, tr);
		tr->function_pid_switch = false;
		/* no probe may write a stale verdict after the reset below */
		tracepoint_synchronize_unregister();
	}
	for_each_possible_cpu(cpu)
		per_cpu_ptr(tr->array_buffer.data, cpu)->ftrace_pid = 0;
}

/* Publish @set as @tr's list (@no_trace: the notrace one). */
static void fpid_set(struct trace_array *tr, bool no_trace,
		     struct trace_pid_set *set)
{
	struct trace_pid_set __rcu **slot;
	struct trace_pid_set *old;

	lockdep_assert_held(&fpid_mutex);
	slot = no_trace ? &tr->function_no_pids : &tr->function_pids;
	old = fpid_locked(*slot);
	if (!old && !set)
		return;
	/*
	 * The set is filled before it is seen: pairs with the
	 * rcu_dereference_sched() of the probes.
	 */
	rcu_assign_pointer(*slot, set);
	fpid_update(tr);
	/* the probes read the old set with preemption off */
	synchronize_rcu();
	trace_pid_set_free(old);
}

/* function-fork changed: the fork probe reads the flag. */
static int fpid_flag_changed(struct trace_array *tr, unsigned int mask,
			     bool on)
{
	if (mask != TRACE_ITER_FUNC_FORK)
		return 0;
	mutex_lock(&fpid_mutex);
	fpid_update(tr);
	mutex_unlock(&fpid_mutex);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The files                                                            */

/* The low bit of a file's data tells the notrace file from the other. */
static bool fpid_notrace(const struct file *filp)
{
	return (unsigned long)file_inode(filp)->i_private & 1;
}

static struct trace_array *fpid_tr(const struct file *filp)
{
	return (void *)((unsigned long)file_inode(filp)->i_private & ~1UL);
}

static struct trace_pid_set *fpid_file_set(struct trace_array *tr,
					   bool no_trace)
{
	return no_trace ? fpid_locked(tr->function_no_pids) :
			  fpid_locked(tr->function_pids);
}

/*
 * A position is a pid; an element is the pid plus one. Without a list
 * the file reads "no pid", as upstream's: the element past every pid.
 */
#define FPID_NONE	((void *)(PID_MAX_LIMIT + 1UL))

static void *fpid_find(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;
	struct trace_pid_set *set = fpid_file_set(tr, fpid_notrace(m->file));
	long pid;

	if (!set)
		return *pos ? NULL : FPID_NONE;
	pid = trace_pid_set_next(set, *pos);
	if (pid < 0)
		return NULL;
	*pos = pid;
	return (void *)(pid + 1);
}

static void *fpid_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&fpid_mutex);
	return fpid_find(m, pos);
}

static void *fpid_next(struct seq_file *m, void *v, loff_t *pos)
{
	*pos = v == FPID_NONE ? 1 : (unsigned long)v;
	if (v == FPID_NONE)
		return NULL;
	return fpid_find(m, pos);
}

static void fpid_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&fpid_mutex);
}

static int fpid_show(struct seq_file *m, void *v)
{
	if (v == FPID_NONE)
		seq_puts(m, "no pid\n");
	else
		seq_printf(m, "%lu\n", (unsigned long)v - 1);
	return 0;
}

static const struct seq_operations fpid_seq_ops = {
	.start	= fpid_start,
	.next	= fpid_next,
	.stop	= fpid_stop,
	.show	= fpid_show,
};

static int fpid_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = fpid_tr(filp);
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	/* ">" empties the list, whatever is written after */
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&fpid_mutex);
		fpid_set(tr, fpid_notrace(filp), NULL);
		mutex_unlock(&fpid_mutex);
	}
	ret = seq_open(filp, &fpid_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = tr;
	return 0;
}

static int fpid_release(struct inode *inode, struct file *filp)
{
	trace_array_put(fpid_tr(filp));
	return seq_release(inode, filp);
}

/*
 * A write is taken a chunk at a time, so that its length has no limit (a
 * list of every pid is long): each chunk ends after its last separator,
 * and the word cut there goes on in the next one.
 */
#define FPID_CHUNK	PAGE_SIZE

/* Where the last whole word of @buf (@len bytes) ends, or 0 if none does. */
static size_t fpid_cut(const char *buf, size_t len)
{
	/* the separators of trace_pid_set_write(): white space and NUL */
	while (len && buf[len - 1] && !isspace(buf[len - 1]))
		len--;
	return len;
}

/*
 * Pids separated by white space join the list. One bad word fails the
 * whole write and leaves the list as it was: the chunks build private
 * sets, each on the one before, and only the last is published.
 */
static ssize_t fpid_write(struct file *filp, const char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = fpid_tr(filp);
	bool no_trace = fpid_notrace(filp);
	struct trace_pid_set *set = NULL, *next;
	size_t done = 0, have = 0, n, cut;
	bool started = false;
	char *buf, save;
	int ret = 0;

	if (!cnt)
		return 0;
	buf = kmalloc(FPID_CHUNK + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&fpid_mutex);
	while (done < cnt) {
		n = min_t(size_t, cnt - done, FPID_CHUNK - have);
		if (copy_from_user(buf + have, ubuf + done, n)) {
			ret = -EFAULT;
			break;
		}
		done += n;
		have += n;
		cut = done < cnt ? fpid_cut(buf, have) : have;
		/* a word as long as a chunk is no pid */
		if (!cut) {
			ret = -EINVAL;
			break;
		}
		/* at cut == have, buf[cut] is the spare byte past the text */
		save = cut < have ? buf[cut] : '\0';
		buf[cut] = '\0';
		ret = trace_pid_set_write(started ? set :
					  fpid_file_set(tr, no_trace),
					  buf, cut, &next);
		if (ret)
			break;
		if (started)
			trace_pid_set_free(set);
		set = next;
		started = true;
		buf[cut] = save;
		memmove(buf, buf + cut, have - cut);
		have -= cut;
	}
	if (!ret)
		fpid_set(tr, no_trace, set);
	else if (started)
		trace_pid_set_free(set);
	mutex_unlock(&fpid_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations fpid_fops = {
	.open		= fpid_open,
	.read		= seq_read,
	.write		= fpid_write,
	.llseek		= seq_lseek,
	.release	= fpid_release,
};

static void fpid_files_create(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("set_ftrace_pid", TRACE_MODE_WRITE, dir, tr,
			  &fpid_fops);
	trace_create_file("set_ftrace_notrace_pid", TRACE_MODE_WRITE, dir,
			  (void *)((unsigned long)tr | 1), &fpid_fops);
}

/* An array goes: its lists and probes with it. */
static void fpid_files_remove(struct trace_array *tr)
{
	mutex_lock(&fpid_mutex);
	fpid_set(tr, false, NULL);
	fpid_set(tr, true, NULL);
	mutex_unlock(&fpid_mutex);
}

static struct trace_array_client fpid_files = {
	.name		= "ftrace_pid",
	.create		= fpid_files_create,
	.flag_changed	= fpid_flag_changed,
	.remove		= fpid_files_remove,
};

static int __init ftrace_pid_init(void)
{
	return trace_array_client_register(&fpid_files);
}
core_initcall(ftrace_pid_init);
