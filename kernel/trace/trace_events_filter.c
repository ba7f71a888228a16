// SPDX-License-Identifier: GPL-2.0
/*
 * Event filters: the filter files of events/ and the matching that the
 * write path and perf call.
 *
 * This is the part the event layer needs before the filter language
 * exists: every event and subsystem has its filter file, it reads
 * "none", and writing "0" clears the filter, which is what tools do
 * before anything else. Any other expression is refused with EINVAL
 * until the parser lands (the filter issue); no event ever carries a
 * filter, so EVENT_FILE_FL_FILTERED is never set and the write path
 * never calls filter_match_preds().
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "trace.h"

/* What a filter will hold; nothing can create one yet. */
struct event_filter {
	char	*filter_string;
};

/* Only perf would ask, and perf cannot set a filter yet either. */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	return !WARN_ON_ONCE(filter);
}
EXPORT_SYMBOL_GPL(filter_match_preds);

void trace_event_filter_free(struct trace_event_file *file)
{
	/* nothing is ever attached to file->filter yet */
	WARN_ON_ONCE(rcu_access_pointer(file->filter));
}

static ssize_t filter_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, "none\n", 5);
}

/* "0" (white space around it allowed) clears; anything else is refused. */
static ssize_t filter_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	char buf[16], *s;

	if (!cnt)
		return 0;
	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	s = strim(buf);
	if (strcmp(s, "0"))
		return -EINVAL;
	*ppos += cnt;
	return cnt;
}

const struct file_operations ftrace_event_filter_fops = {
	.open		= tracing_open_generic,
	.read		= filter_read,
	.write		= filter_write,
	.llseek		= default_llseek,
};

const struct file_operations ftrace_subsystem_filter_fops = {
	.open		= tracing_open_generic,
	.read		= filter_read,
	.write		= filter_write,
	.llseek		= default_llseek,
};
