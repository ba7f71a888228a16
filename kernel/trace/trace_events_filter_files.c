// SPDX-License-Identifier: GPL-2.0
/*
 * Filters on events: the files events/<sys>/<event>/filter and
 * events/<sys>/filter, the error log entries of failed expressions, and
 * the replacement of a live filter.
 *
 * A file's filter is file->filter, read by its probes with preemption
 * disabled (trace_event_buffer_commit()). A new filter is complete
 * before rcu_assign_pointer() publishes it, never changes afterwards,
 * and the one it replaces is freed only after
 * tracepoint_synchronize_unregister(): a probe sees the old filter or the
 * new one, whole. EVENT_FILE_FL_FILTERED says whether the probes need to
 * look at all; a filter whose expression failed to compile stays on the
 * file to show its error, with the flag clear. Everything else changes
 * under event_mutex.
 *
 * Reading a filter file gives the expression, or "none"; after a failed
 * write, the expression, a caret under the error and its message. "0"
 * clears. A subsystem's file sets the filter of each of its events that
 * the expression compiles for (it names only fields the event has, with
 * operators that suit them); the other events keep what they had. The
 * write fails only if no event took it.
 */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_events_internal.h"
#include "trace_events_filter.h"

/* What events/<sys>/filter reads when no error is to be shown. */
static const char subsystem_filter_help[] =
	"### global filter ###\n"
	"# Use this to set filters for multiple events.\n"
	"# Only events with the given fields will be affected.\n"
	"# If no events are modified, an error message will be displayed here\n";

void event_filter_log_error(struct trace_array *tr, const char *expr,
			    const struct filter_error *err)
{
	if (err->code > FILTER_ERR_NONE)
		tracing_log_err(tr, EVENT_FILTER_ERR_LOC, expr, filter_err_text,
				err->code, err->pos);
	else
		tracing_log_err(tr, EVENT_FILTER_ERR_LOC, expr, filter_err_text,
				FILTER_ERR_ERRNO, 0);
}

static struct event_filter *file_filter(struct trace_event_file *file)
{
	return rcu_dereference_protected(file->filter,
					 lockdep_is_held(&event_mutex));
}

/*
 * Put @filter (NULL for none) on @file and return the filter it
 * replaces, which probes may still be running: free it only after
 * tracepoint_synchronize_unregister().
 */
static struct event_filter *filter_replace(struct trace_event_file *file,
					   struct event_filter *filter)
{
	struct event_filter *old = file_filter(file);

	/*
	 * rcu_assign_pointer() pairs with rcu_dereference_sched() in
	 * trace_event_buffer_commit(). The flag is set after the pointer
	 * and cleared before it, but a probe may still see the flag and
	 * the other filter (or none, which keeps everything): either is a
	 * whole filter, and the old one is freed only after the probes.
	 */
	if (event_filter_active(filter)) {
		trace_event_stage_prepare();
		rcu_assign_pointer(file->filter, filter);
		set_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	} else {
		clear_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
		rcu_assign_pointer(file->filter, filter);
	}
	return old;
}

/* Free the filters chained on ->gone once no probe can be running them. */
static void filters_free_after_probes(struct event_filter *gone)
{
	struct event_filter *next;

	if (!gone)
		return;
	tracepoint_synchronize_unregister();
	for (; gone; gone = next) {
		next = gone->gone;
		event_filter_free(gone);
	}
}

void trace_event_filter_free(struct trace_event_file *file)
{
	/* the file's last reference is gone, and its probes are done */
	event_filter_free(rcu_dereference_protected(file->filter, 1));
	RCU_INIT_POINTER(file->filter, NULL);
}

/*
 * A filter file's write as a string. Trailing white space (echo's
 * newline) is not part of the expression; leading white space stays, and
 * error positions count it. Returns the buffer, *@bare pointing at the
 * expression stripped on both sides (to recognise "0").
 */
static char *filter_write_text(const char __user *ubuf, size_t cnt,
			       char **bare)
{
	char *buf;

	if (cnt >= PAGE_SIZE)
		return ERR_PTR(-EINVAL);
	buf = memdup_user_nul(ubuf, cnt);
	if (!IS_ERR(buf))
		*bare = strim(buf);
	return buf;
}

/* ---------------------------------------------- events/<sys>/<event>/filter */

static ssize_t event_filter_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	struct event_filter *filter;
	char *text = NULL;
	ssize_t ret;

	mutex_lock(&event_mutex);
	file = event_file_data(filp);
	if (file) {
		filter = file_filter(file);
		text = kasprintf(GFP_KERNEL, "%s\n",
				 filter && filter->text ? filter->text : "none");
	}
	mutex_unlock(&event_mutex);
	if (!file)
		return -ENODEV;
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

/*
 * Compile @expr for @file and put the result on it, even when it failed
 * to compile: the file then shows the error, and filters nothing.
 */
static int event_filter_set(struct trace_event_file *file, const char *expr)
{
	struct event_filter *filter;
	struct filter_error err;
	int ret;

	ret = event_filter_compile(file->event_call, expr, true, &filter, &err);
	if (!filter)
		return ret;
	if (ret)
		event_filter_log_error(file->tr, expr, &err);
	filters_free_after_probes(filter_replace(file, filter));
	return ret;
}

static ssize_t event_filter_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	char *buf, *bare;
	int ret;

	buf = filter_write_text(ubuf, cnt, &bare);
	if (IS_ERR(buf))
		return PTR_ERR(buf);

	mutex_lock(&event_mutex);
	file = event_file_data(filp);
	if (!file) {
		ret = -ENODEV;
	} else if (!strcmp(bare, "0")) {
		filters_free_after_probes(filter_replace(file, NULL));
		ret = 0;
	} else {
		ret = event_filter_set(file, buf);
	}
	mutex_unlock(&event_mutex);

	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations ftrace_event_filter_fops = {
	.open		= event_file_open,
	.read		= event_filter_read,
	.write		= event_filter_write,
	.release	= event_file_release,
	.llseek		= default_llseek,
};

/* ------------------------------------------------------- events/<sys>/filter */

/* The events of @dir that have a filter file. */
static bool in_subsystem(struct trace_event_file *file,
			 struct trace_subsystem_dir *dir)
{
	return file->system == dir && file->event_call->class->reg;
}

static void subsystem_filter_clear(struct trace_subsystem_dir *dir)
{
	struct event_filter *gone = NULL, *old;
	struct trace_event_file *file;

	list_for_each_entry(file, &dir->tr->events, list) {
		if (!in_subsystem(file, dir))
			continue;
		old = filter_replace(file, NULL);
		if (old) {
			old->gone = gone;
			gone = old;
		}
	}
	kfree(dir->filter_text);
	dir->filter_text = NULL;
	filters_free_after_probes(gone);
}

/*
 * Compile @expr for every event of @dir first; then put the filters
 * that compiled on their events, all at once, and wait for the probes
 * once for all the filters they replace. An event the expression does
 * not compile for keeps its filter, and is named in error_log as
 * upstream does.
 */
static int subsystem_filter_set(struct trace_subsystem_dir *dir,
				const char *expr)
{
	struct trace_array *tr = dir->tr;
	struct event_filter **made, *gone = NULL, *old;
	struct trace_event_file *file;
	struct filter_error err;
	int n = 0, i = 0, taken = 0, ret = 0;
	char *report;

	list_for_each_entry(file, &tr->events, list)
		n += in_subsystem(file, dir);
	made = kcalloc(n, sizeof(*made), GFP_KERNEL);
	if (!made)
		return -ENOMEM;

	list_for_each_entry(file, &tr->events, list) {
		if (!in_subsystem(file, dir))
			continue;
		ret = event_filter_compile(file->event_call, expr, true,
					   &made[i], &err);
		if (ret == -ENOMEM)
			goto out;
		if (ret) {
			event_filter_free(made[i]);
			made[i] = NULL;
			tracing_log_err(tr, EVENT_FILTER_ERR_LOC, expr,
					filter_err_text,
					FILTER_ERR_BAD_SUBSYS_FILTER, 0);
		} else {
			taken++;
		}
		i++;
	}

	if (!taken) {
		ret = -EINVAL;
		report = event_filter_error_report(expr,
						   FILTER_ERR_BAD_SUBSYS_FILTER,
						   0);
		if (report) {
			kfree(dir->filter_text);
			dir->filter_text = report;
		}
		goto out;
	}

	i = 0;
	list_for_each_entry(file, &tr->events, list) {
		if (!in_subsystem(file, dir))
			continue;
		if (made[i]) {
			old = filter_replace(file, made[i]);
			made[i] = NULL;
			if (old) {
				old->gone = gone;
				gone = old;
			}
		}
		i++;
	}
	kfree(dir->filter_text);
	dir->filter_text = NULL;
	filters_free_after_probes(gone);
	ret = 0;
out:
	for (i = 0; i < n; i++)
		event_filter_free(made[i]);
	kfree(made);
	return ret;
}

static int subsystem_filter_open(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = trace_system_dir_get(inode);

	if (IS_ERR(dir))
		return PTR_ERR(dir);
	filp->private_data = dir;
	return 0;
}

static int subsystem_filter_release(struct inode *inode, struct file *filp)
{
	trace_system_dir_put(filp->private_data);
	return 0;
}

static ssize_t subsystem_filter_read(struct file *filp, char __user *ubuf,
				     size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	ssize_t ret;
	char *text;

	mutex_lock(&event_mutex);
	if (dir->filter_text)
		text = kasprintf(GFP_KERNEL, "%s\n", dir->filter_text);
	else
		text = kstrdup(subsystem_filter_help, GFP_KERNEL);
	mutex_unlock(&event_mutex);
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

static ssize_t subsystem_filter_write(struct file *filp,
				      const char __user *ubuf, size_t cnt,
				      loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	char *buf, *bare;
	int ret = 0;

	buf = filter_write_text(ubuf, cnt, &bare);
	if (IS_ERR(buf))
		return PTR_ERR(buf);

	mutex_lock(&event_mutex);
	/* the subsystem's events may all have gone (module unload) */
	if (!dir->nr_events)
		ret = -ENODEV;
	else if (!strcmp(bare, "0"))
		subsystem_filter_clear(dir);
	else
		ret = subsystem_filter_set(dir, buf);
	mutex_unlock(&event_mutex);

	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations ftrace_subsystem_filter_fops = {
	.open		= subsystem_filter_open,
	.read		= subsystem_filter_read,
	.write		= subsystem_filter_write,
	.release	= subsystem_filter_release,
	.llseek		= default_llseek,
};
