// SPDX-License-Identifier: GPL-2.0
/*
 * The registry of events made at run time, and dynamic_events: every
 * kind's events in one listing, definitions of any kind, "-:" and "!"
 * removals across kinds (trace_dynevent.h).
 */
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_dynevent.h"
#include "trace_events_internal.h"
#include "trace_probe_cmd.h"

/* the kinds, by dyn_event_ops.order; and every event, oldest first */
static LIST_HEAD(dyn_event_kinds);
static LIST_HEAD(dyn_event_list);

int dyn_event_register(struct dyn_event_ops *ops)
{
	struct dyn_event_ops *pos;

	if (WARN_ON(!ops->create || !ops->show || !ops->is_busy ||
		    !ops->free || !ops->match))
		return -EINVAL;
	mutex_lock(&event_mutex);
	list_for_each_entry(pos, &dyn_event_kinds, list)
		if (pos->order > ops->order)
			break;
	list_add_tail(&ops->list, &pos->list);
	mutex_unlock(&event_mutex);
	return 0;
}

void dyn_event_add(struct dyn_event *ev, const struct dyn_event_ops *ops)
{
	lockdep_assert_held(&event_mutex);
	ev->ops = ops;
	list_add_tail(&ev->list, &dyn_event_list);
}

void dyn_event_del(struct dyn_event *ev)
{
	lockdep_assert_held(&event_mutex);
	list_del_init(&ev->list);
}

void dyn_events_for_each(const struct dyn_event_ops *ops,
			 void (*fn)(struct dyn_event *ev, void *data),
			 void *data)
{
	struct dyn_event *ev;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(ev, &dyn_event_list, list)
		if (ev->ops == ops)
			fn(ev, data);
}

/*
 * A removal line, "-:[GRP/][EVENT] [WORDS]" (or, when @bang is allowed,
 * "!" and a definition): the events of kind @ops (NULL: every kind) it
 * names. 0, -ENOENT when it names none, -EINVAL when it is malformed,
 * or the first failure to free one (the ones before it stay removed).
 */
static int dyn_events_remove(const struct dyn_event_ops *ops, int argc,
			     const char **argv, bool bang)
{
	char group[PROBE_GROUP_MAX + 1], event[PROBE_GROUP_MAX + 1];
	struct dyn_event *ev, *next;
	int ret = -ENOENT, err;

	lockdep_assert_held(&event_mutex);
	if (argv[0][0] == '!' && !bang)
		return -EINVAL;
	if (probe_cmd_removal(argv[0], group, event))
		return -EINVAL;
	list_for_each_entry_safe(ev, next, &dyn_event_list, list) {
		if (ops && ev->ops != ops)
			continue;
		if (!ev->ops->match(group, event, argv + 1, argc - 1, ev))
			continue;
		err = ev->ops->free(ev);
		if (err)
			return err;
		ret = 0;
	}
	return ret;
}

/*
 * Remove every event of kind @ops (NULL: every kind), as an O_TRUNC
 * open of a listing file does: -EBUSY, before anything goes, if one is
 * busy, else the first failure to free one.
 */
static int dyn_events_remove_all(const struct dyn_event_ops *ops)
{
	struct dyn_event *ev, *next;
	int ret = 0;

	mutex_lock(&trace_types_lock);
	mutex_lock(&event_mutex);
	/* all or nothing while one is in use; then one by one */
	list_for_each_entry(ev, &dyn_event_list, list) {
		if ((!ops || ev->ops == ops) && ev->ops->is_busy(ev)) {
			ret = -EBUSY;
			goto out;
		}
	}
	list_for_each_entry_safe(ev, next, &dyn_event_list, list) {
		if (ops && ev->ops != ops)
			continue;
		ret = ev->ops->free(ev);
		if (ret)
			break;
	}
out:
	mutex_unlock(&event_mutex);
	mutex_unlock(&trace_types_lock);
	return ret;
}

/* ---------------------------------------------------------------- */
/* The contract's references to a dynamic event                        */

/*
 * The callers (perf, the enable_event triggers) hold event_mutex, under
 * which the event cannot go: a count is all it takes.
 */
bool trace_event_dyn_try_get_ref(struct trace_event_call *call)
{
	if (!(call->flags & TRACE_EVENT_FL_DYNAMIC))
		return false;
	atomic_inc(&call->refcnt);
	return true;
}

void trace_event_dyn_put_ref(struct trace_event_call *call)
{
	if (WARN_ON_ONCE(!(call->flags & TRACE_EVENT_FL_DYNAMIC)))
		return;
	if (WARN_ON_ONCE(atomic_dec_return(&call->refcnt) < 0))
		atomic_set(&call->refcnt, 0);
}

bool trace_event_dyn_busy(struct trace_event_call *call)
{
	return atomic_read(&call->refcnt) != 0;
}

/* ---------------------------------------------------------------- */
/* The listing files                                                   */

struct dyn_listing {
	const struct dyn_event_ops *ops;
	int (*show)(struct seq_file *m, struct dyn_event *ev);
};

static struct dyn_event *listing_next_of(struct dyn_listing *l,
					 struct list_head *pos)
{
	struct dyn_event *ev;

	for (pos = pos->next; pos != &dyn_event_list; pos = pos->next) {
		ev = list_entry(pos, struct dyn_event, list);
		if (!l->ops || ev->ops == l->ops)
			return ev;
	}
	return NULL;
}

static void *listing_start(struct seq_file *m, loff_t *pos)
{
	struct dyn_event *ev;
	loff_t i = *pos;

	mutex_lock(&event_mutex);
	ev = listing_next_of(m->private, &dyn_event_list);
	while (ev && i--)
		ev = listing_next_of(m->private, &ev->list);
	return ev;
}

static void *listing_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct dyn_event *ev = v;

	(*pos)++;
	return listing_next_of(m->private, &ev->list);
}

static void listing_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int listing_show(struct seq_file *m, void *v)
{
	struct dyn_listing *l = m->private;
	struct dyn_event *ev = v;

	return l->show ? l->show(m, ev) : ev->ops->show(m, ev);
}

static const struct seq_operations listing_seq_ops = {
	.start	= listing_start,
	.next	= listing_next,
	.stop	= listing_stop,
	.show	= listing_show,
};

int dyn_events_seq_open(struct file *file, const struct dyn_event_ops *ops,
			int (*show)(struct seq_file *m, struct dyn_event *ev))
{
	struct dyn_listing *l;

	l = __seq_open_private(file, &listing_seq_ops, sizeof(*l));
	if (!l)
		return -ENOMEM;
	l->ops = ops;
	l->show = show;
	return 0;
}

/* ---------------------------------------------------------------- */
/* Writes                                                              */

/* a line, its newline and the NUL that ends what is run */
#define DYN_WRITE_BUF	(PROBE_LINE_MAX + 2)

/*
 * A write to a control file: its lines, each handed in words to @run
 * under trace_types_lock and event_mutex. The count, or the first
 * line's error (the lines before it stay done).
 */
static ssize_t dyn_events_write(const char __user *ubuf, size_t count,
				int (*run)(int argc, const char **argv,
					   void *data),
				void *data)
{
	size_t done = 0, held = 0, n;
	char *buf, *end;
	int ret = 0;

	buf = kmalloc(DYN_WRITE_BUF + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	/*
	 * A line may straddle two reads of the user's buffer: what follows
	 * the last newline is held back for the next one, and run when
	 * the write ends. A line that does not fit is refused.
	 */
	while (done < count || held) {
		n = min(count - done, (size_t)DYN_WRITE_BUF - held);
		if (copy_from_user(buf + held, ubuf + done, n)) {
			ret = -EFAULT;
			break;
		}
		done += n;
		held += n;
		buf[held] = '\0';
		end = done < count ? strrchr(buf, '\n') : buf + held - 1;
		if (!end) {
			pr_warn("Line length is too long: Should be less than %d\n",
				PROBE_LINE_MAX);
			ret = -EINVAL;
			break;
		}
		n = end + 1 - buf;
		end[0] = end[0] == '\n' ? '\0' : end[0];
		end[1] = '\0';
		mutex_lock(&trace_types_lock);
		mutex_lock(&event_mutex);
		ret = probe_cmd_run(buf, run, data);
		mutex_unlock(&event_mutex);
		mutex_unlock(&trace_types_lock);
		if (ret)
			break;
		/* the unfinished line goes to the front */
		memmove(buf, buf + n, held - n);
		held -= n;
	}
	kfree(buf);
	return ret ? ret : count;
}

/* ---------------------------------------------------------------- */
/* dynamic_events                                                      */

int dyn_events_run(int argc, const char **argv, void *data)
{
	struct dyn_event_ops *ops, *kind = data;
	int ret;

	if (kind) {
		/* a kind's own file: its removals, its definitions */
		if (argv[0][0] == '-')
			return dyn_events_remove(kind, argc, argv, false);
		ret = kind->create(argc, argv);
		return ret == -ECANCELED ? -EINVAL : ret;
	}
	if (argv[0][0] == '-' || argv[0][0] == '!')
		return dyn_events_remove(NULL, argc, argv, true);
	list_for_each_entry(ops, &dyn_event_kinds, list) {
		ret = ops->create(argc, argv);
		if (ret != -ECANCELED)
			return ret;
	}
	return -EINVAL;
}

/* the kind of a control file: its inode's data (NULL: every kind) */
static int dynamic_events_open(struct inode *inode, struct file *file)
{
	struct dyn_event_ops *kind = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		ret = dyn_events_remove_all(kind);
		if (ret)
			return ret;
	}
	return dyn_events_seq_open(file, kind, NULL);
}

static ssize_t dynamic_events_write(struct file *file,
				    const char __user *ubuf, size_t count,
				    loff_t *ppos)
{
	return dyn_events_write(ubuf, count, dyn_events_run,
				file_inode(file)->i_private);
}

const struct file_operations dyn_events_fops = {
	.owner		= THIS_MODULE,
	.open		= dynamic_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
	.write		= dynamic_events_write,
};

/* The file is the top level's alone, as upstream's. */
static void dynamic_events_create(struct trace_array *tr, struct dentry *dir)
{
	if (tr->flags & TRACE_ARRAY_FL_GLOBAL)
		trace_create_file("dynamic_events", TRACE_MODE_WRITE, dir,
				  NULL, &dyn_events_fops);
}

static struct trace_array_client dynamic_events_client = {
	.name	= "dynamic_events",
	.create	= dynamic_events_create,
};

static __init int dynamic_events_init(void)
{
	return trace_array_client_register(&dynamic_events_client);
}
early_initcall(dynamic_events_init);
