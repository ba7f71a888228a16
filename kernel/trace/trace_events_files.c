// SPDX-License-Identifier: GPL-2.0
/*
 * The event layer's files: the events/<sys>/<event>/ tree of every trace
 * array with its enable and id files, events/<sys>/enable and
 * events/enable, set_event and available_events.
 *
 * The engine (trace_events.c) owns the events and their per-array
 * struct trace_event_file; this file only shows them. It registers
 * itself twice: as a client of the trace arrays, to make and remove the
 * files of each array, and as the engine's event tree, to give a file
 * made later (a module's event) its directory and to take it away again.
 * The format, filter and trigger files of an event directory are their
 * own layers' (trace_events_format.c, trace_events_filter_files.c,
 * trace_events_trigger.c); the pid files are trace_events_pid.c's.
 */
#include <linux/ctype.h>
#include <linux/seq_file.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_events_internal.h"

/* ---------------------------------------------------------------- */
/* The tree: subsystem and event directories of an array               */

static const struct file_operations event_enable_fops;
static const struct file_operations event_id_fops;
static const struct file_operations system_enable_fops;

static int event_entry_callback(const char *name, umode_t *mode, void **data,
				const struct file_operations **fops)
{
	struct trace_event_file *file = *data;
	struct trace_event_call *call = file->event_call;

	if (!strcmp(name, "format")) {
		*mode = TRACE_MODE_READ;
		*fops = &ftrace_event_format_fops;
	} else if (!strcmp(name, "enable") && call->class->reg &&
		   !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)) {
		*mode = TRACE_MODE_WRITE;
		*fops = &event_enable_fops;
	} else if (!strcmp(name, "filter") && call->class->reg) {
		*mode = TRACE_MODE_WRITE;
		*fops = &ftrace_event_filter_fops;
	} else if (!strcmp(name, "trigger") && call->class->reg) {
		*mode = TRACE_MODE_WRITE;
		*fops = &event_trigger_fops;
	} else if (!strcmp(name, "id") && call->event.type) {
		*mode = TRACE_MODE_READ;
		*data = (void *)(unsigned long)call->event.type;
		*fops = &event_id_fops;
	} else {
		return 0;
	}
	return 1;
}

/* eventfs is done with the directory of @data: drop its reference. */
static void event_dir_release(const char *name, void *data)
{
	trace_event_file_put(data);
}

static const struct eventfs_entry event_entries[] = {
	{ .name = "enable",	.callback = event_entry_callback,
	  .release = event_dir_release },
	{ .name = "filter",	.callback = event_entry_callback },
	{ .name = "format",	.callback = event_entry_callback },
	{ .name = "id",		.callback = event_entry_callback },
	{ .name = "trigger",	.callback = event_entry_callback },
};

static int system_entry_callback(const char *name, umode_t *mode, void **data,
				 const struct file_operations **fops)
{
	if (!strcmp(name, "enable")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &system_enable_fops;
	} else if (!strcmp(name, "filter")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &ftrace_subsystem_filter_fops;
	} else {
		return 0;
	}
	return 1;
}

static const struct eventfs_entry system_entries[] = {
	{ .name = "enable",	.callback = system_entry_callback },
	{ .name = "filter",	.callback = system_entry_callback },
};

/* The subsystem directory of @tr for @name, made if missing. */
static struct trace_subsystem_dir *
system_dir_get(struct trace_array *tr, const char *name)
{
	struct trace_subsystem_dir *dir;
	struct eventfs_inode *ei;

	dir = trace_system_dir_hold(tr, name);
	if (!dir || dir->ei)
		return dir;
	ei = eventfs_create_dir(name, tr->event_dir, system_entries,
				ARRAY_SIZE(system_entries), dir);
	if (IS_ERR(ei)) {
		pr_warn("tracing: could not create events/%s\n", name);
		trace_system_dir_unhold(dir);
		return NULL;
	}
	dir->ei = ei;
	return dir;
}

/* Drop @file's hold on its subsystem directory; the last removes it. */
static void system_dir_drop_event(struct trace_subsystem_dir *dir)
{
	if (dir->nr_events == 1 && dir->ei) {
		eventfs_remove_dir(dir->ei);
		dir->ei = NULL;
	}
	trace_system_dir_unhold(dir);
}

/* Give @file its directory events/<sys>/<name>/ in its array. */
static int event_dir_create(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	struct trace_array *tr = file->tr;
	struct trace_subsystem_dir *dir;
	struct eventfs_inode *ei;
	const char *name = trace_event_name(call);

	if (file->ei || !tr->event_dir)
		return 0;
	dir = system_dir_get(tr, call->class->system);
	if (!dir)
		return -ENOMEM;
	ei = eventfs_create_dir(name, dir->ei, event_entries,
				ARRAY_SIZE(event_entries), file);
	if (IS_ERR(ei)) {
		pr_warn("tracing: could not create events/%s/%s\n",
			call->class->system, name);
		system_dir_drop_event(dir);
		return PTR_ERR(ei);
	}
	file->ei = ei;
	file->system = dir;
	/*
	 * An open can reach @file through an inode of this directory after
	 * event_file_remove(): the directory keeps @file's memory until
	 * eventfs lets go of it (event_dir_release()), and the open then
	 * sees EVENT_FILE_FL_FREED.
	 */
	refcount_inc(&file->ref);
	return 0;
}

/* ---------------------------------------------------------------- */
/* The files of an event and of a subsystem                            */

static ssize_t event_enable_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	unsigned long flags;
	char buf[4] = "0\n";

	mutex_lock(&event_mutex);
	file = event_file_data(filp);
	flags = file ? file->flags : 0;
	mutex_unlock(&event_mutex);
	if (!file)
		return -ENODEV;
	if ((flags & EVENT_FILE_FL_ENABLED) &&
	    !(flags & EVENT_FILE_FL_SOFT_DISABLED))
		buf[0] = '1';
	if (flags & EVENT_FILE_FL_SOFT_MODE)
		strscpy(buf + 1, "*\n", sizeof(buf) - 1);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, strlen(buf));
}

/* An enable file takes 0 or 1, in decimal, nothing else. */
static int parse_enable_value(const char __user *ubuf, size_t cnt,
			      unsigned long *val)
{
	int ret = kstrtoul_from_user(ubuf, cnt, 10, val);

	return ret ? ret : (*val <= 1 ? 0 : -EINVAL);
}

static ssize_t event_enable_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	unsigned long val;
	int ret;

	ret = parse_enable_value(ubuf, cnt, &val);
	if (ret)
		return ret;
	/*
	 * 0 as well as 1 is using tracing, as in the reference. The open
	 * holds the file and its array (event_file_open()), so the array
	 * can be expanded before event_mutex, which nests inside
	 * trace_types_lock.
	 */
	file = file_inode(filp)->i_private;
	ret = tracing_update_buffers(file->tr);
	if (ret < 0)
		return ret;
	mutex_lock(&event_mutex);
	file = event_file_data(filp);
	ret = file ? trace_event_enable_disable(file, val, 0) : -ENODEV;
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations event_enable_fops = {
	.open		= event_file_open,
	.read		= event_enable_read,
	.write		= event_enable_write,
	.release	= event_file_release,
	.llseek		= default_llseek,
};

static ssize_t event_id_read(struct file *filp, char __user *ubuf, size_t cnt,
			     loff_t *ppos)
{
	int id = (long)file_inode(filp)->i_private;
	char buf[16];
	int len;

	len = snprintf(buf, sizeof(buf), "%d\n", id);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations event_id_fops = {
	.read		= event_id_read,
	.llseek		= default_llseek,
};

static int system_enable_open(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = trace_system_dir_get(inode);

	if (IS_ERR(dir))
		return PTR_ERR(dir);
	filp->private_data = dir;
	return 0;
}

static int system_enable_release(struct inode *inode, struct file *filp)
{
	trace_system_dir_put(filp->private_data);
	return 0;
}

static ssize_t system_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;

	return trace_events_state_read(dir->tr, dir, ubuf, cnt, ppos);
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;

	return trace_events_state_write(dir->tr, dir, ubuf, cnt, ppos);
}

static const struct file_operations system_enable_fops = {
	.open		= system_enable_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= system_enable_release,
	.llseek		= default_llseek,
};

/* set_event and available_events: one line "sys:event" per event. */
static void *events_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;
	struct trace_event_file *file = v;
	/* set_event shows the enabled ones, available_events all */
	bool enabled_only = !!m->file->f_op->write;

	(*pos)++;
	list_for_each_entry_continue(file, &tr->events, list) {
		if (!trace_event_can_enable(file->event_call))
			continue;
		if (enabled_only && !(file->flags & EVENT_FILE_FL_ENABLED))
			continue;
		return file;
	}
	return NULL;
}

static void *events_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;
	struct trace_event_file *file;
	loff_t l;

	mutex_lock(&event_mutex);
	file = list_entry(&tr->events, struct trace_event_file, list);
	for (l = 0; l <= *pos; ) {
		file = events_seq_next(m, file, &l);
		if (!file)
			break;
	}
	return file;
}

static void events_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int events_seq_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = v;
	struct trace_event_call *call = file->event_call;

	seq_printf(m, "%s:%s\n", call->class->system, trace_event_name(call));
	return 0;
}

static const struct seq_operations events_seq_ops = {
	.start	= events_seq_start,
	.next	= events_seq_next,
	.stop	= events_seq_stop,
	.show	= events_seq_show,
};

static int events_list_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		trace_events_clear_all(tr);
	ret = seq_open(filp, &events_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = tr;
	return 0;
}

static int events_list_release(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;

	trace_array_put(tr);
	return seq_release(inode, filp);
}

/* The longest word set_event takes: "!subsystem:event". */
#define SET_EVENT_WORD_MAX	256

/*
 * set_event takes words separated by white space; each word is
 * switched on, or off with a leading '!'. A word ends with the write
 * that carries it: nothing is kept from one write to the next, so a word
 * split over two writes is two words, as on the reference (whose parser
 * lives for one write too).
 */
struct set_event_state {
	char	word[SET_EVENT_WORD_MAX + 1];
	size_t	len;
};

static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct trace_array *tr = m->private;
	struct set_event_state st = { };
	size_t done = 0;
	char c;
	int ret;

	if (!cnt)
		return 0;
	/* Any word, even one naming no event, is using tracing. */
	ret = tracing_update_buffers(tr);
	if (ret < 0)
		return ret;
	while (done < cnt) {
		if (get_user(c, ubuf + done))
			return -EFAULT;
		done++;
		/* a NUL ends a word as a blank does, as upstream's parser */
		if (c && !isspace(c)) {
			if (st.len >= SET_EVENT_WORD_MAX)
				return -EINVAL;
			st.word[st.len++] = c;
			if (done < cnt)
				continue;
		}
		if (!st.len)
			continue;
		st.word[st.len] = '\0';
		ret = trace_event_switch_word(tr, st.word);
		if (ret)
			return ret;
		st.len = 0;
	}
	*ppos += done;
	return done;
}

static const struct file_operations set_event_fops = {
	.open		= events_list_open,
	.read		= seq_read,
	.write		= set_event_write,
	.llseek		= seq_lseek,
	.release	= events_list_release,
};

static const struct file_operations available_events_fops = {
	.open		= events_list_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= events_list_release,
};

/* ---------------------------------------------------------------- */
/* Arrays                                                               */

static void array_files_create(struct trace_array *tr, struct dentry *parent)
{
	trace_create_file("set_event", TRACE_MODE_WRITE, parent, tr,
			  &set_event_fops);
	trace_create_file("available_events", TRACE_MODE_READ, parent, tr,
			  &available_events_fops);
}

/* events/ of a new array: the core's entries and every known event. */
static void events_array_create(struct trace_array *tr, struct dentry *parent)
{
	struct trace_event_file *file;

	lockdep_assert_held(&trace_types_lock);
	if (trace_events_core_create(tr, parent))
		return;
	mutex_lock(&event_mutex);
	trace_events_array_fill(tr);
	list_for_each_entry(file, &tr->events, list)
		event_dir_create(file);
	mutex_unlock(&event_mutex);
	array_files_create(tr, parent);
}

/* The engine frees the files (and, by the tree, their directories). */
static void events_array_remove(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	trace_events_array_clear(tr);
	trace_events_core_remove(tr);
}

static struct trace_array_client event_files = {
	.name		= "trace_events",
	.create		= events_array_create,
	.remove		= events_array_remove,
};

/* A file the engine made or is removing, after the arrays have trees. */
static void event_dir_remove(struct trace_event_file *file)
{
	if (file->ei) {
		eventfs_remove_dir(file->ei);
		file->ei = NULL;
	}
	if (file->system) {
		system_dir_drop_event(file->system);
		file->system = NULL;
	}
}

static const struct trace_event_tree event_dirs = {
	.add	= event_dir_create,
	.remove	= event_dir_remove,
};

static __init int trace_events_files_init(void)
{
	trace_event_tree_register(&event_dirs);
	return trace_array_client_register(&event_files);
}
early_initcall(trace_events_files_init);
