// SPDX-License-Identifier: GPL-2.0
/*
 * trace_marker and trace_marker_raw: user space writes into the trace.
 *
 * trace_marker takes text and records it as TRACE_PRINT entries whose
 * ip is tracing_mark_write() itself, so the output reads
 * "tracing_mark_write: <text>". trace_marker_raw takes a binary record:
 * a 4-byte id chosen by the writer followed by opaque data, recorded as
 * one TRACE_RAW_DATA entry.
 *
 * Both copy the user's bytes straight into the reserved event, with page
 * faults disabled because the reservation holds off preemption. When that
 * copy faults (the page is not resident yet), the event is discarded and
 * the write goes the slow way: the bytes are copied into kernel memory
 * first, which may fault them in, and then recorded. Nothing is lost to a
 * cold page, and the common write costs no allocation.
 */
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_core.h"

/* The most one write takes; a longer one is a short write. */
#define TRACE_MARKER_MAX_SIZE	4096

/* NUL, plus a newline when the text lacks one. */
#define MARKER_TAIL		2

static int tracing_mark_open(struct inode *inode, struct file *filp)
{
	/* A stream: no position, concurrent writers each append. */
	stream_open(inode, filp);
	return tracing_open_generic_tr(inode, filp);
}

static bool marker_allowed(struct trace_array *tr)
{
	return !tracing_disabled && trace_flag_set(tr, TRACE_ITER_MARKERS);
}

/*
 * Record @len bytes of text in one TRACE_PRINT entry of @buffer, with a
 * newline added when the piece does not end in one. The text comes from
 * @ktext if set, else from user memory at @utext; -EFAULT means that copy
 * faulted and nothing was recorded.
 */
static int mark_one(struct trace_array *tr, struct trace_buffer *buffer,
		    unsigned long ip, const char __user *utext,
		    const char *ktext, size_t len)
{
	struct ring_buffer_event *event;
	enum event_trigger_type post;
	struct print_entry *entry;

	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  sizeof(*entry) + len + MARKER_TAIL,
					  tracing_gen_ctx());
	if (!event)
		return -EBADF;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	if (ktext) {
		memcpy(entry->buf, ktext, len);
	} else if (copy_from_user_nofault(entry->buf, utext, len)) {
		ring_buffer_discard_commit(buffer, event);
		return -EFAULT;
	}
	if (entry->buf[len - 1] != '\n')
		entry->buf[len++] = '\n';
	entry->buf[len] = '\0';
	/* events/ftrace/print/trigger */
	post = trace_marker_triggers(tr, buffer, entry, event);
	if (static_branch_unlikely(&trace_export_marker_key))
		trace_exports_write(event, TRACE_EXPORT_MARKER);
	__buffer_unlock_commit(buffer, event);
	if (unlikely(post))
		trace_marker_post_triggers(tr, post);
	return 0;
}

/*
 * The name is ABI of sorts: entries carry an address inside this
 * function (_THIS_IP_, taken here and not in a helper), and the output
 * prints it as "tracing_mark_write: ".
 */
static ssize_t tracing_mark_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *fpos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long ip = _THIS_IP_;
	struct trace_buffer *buffer;
	char *text;
	size_t max;
	int ret;

	if (!marker_allowed(tr) || (ssize_t)cnt < 0)
		return -EINVAL;
	if (!cnt)
		return 0;
	cnt = min_t(size_t, cnt, TRACE_MARKER_MAX_SIZE);

	buffer = tr->array_buffer.buffer;
	/* The longest text one event holds at the current sub-buffer size. */
	max = ring_buffer_max_event_size(buffer);
	if (max <= sizeof(struct print_entry) + MARKER_TAIL)
		return -EBADF;
	max -= sizeof(struct print_entry) + MARKER_TAIL;

	/*
	 * One write is one entry, as upstream's: text longer than an entry
	 * holds at the current sub-buffer size is cut there, and the short
	 * count returned makes a writer like echo send the rest as the next
	 * entry.
	 */
	cnt = min(cnt, max);
	ret = mark_one(tr, buffer, ip, ubuf, NULL, cnt);
	if (ret == -EFAULT) {
		/* copy it out, faulting the pages in, then record it */
		text = memdup_user(ubuf, cnt);
		if (IS_ERR(text))
			return PTR_ERR(text);
		ret = mark_one(tr, buffer, ip, NULL, text, cnt);
		kfree(text);
	}
	return ret ? ret : cnt;
}

static ssize_t tracing_mark_raw_write(struct file *filp,
				      const char __user *ubuf, size_t cnt,
				      loff_t *fpos)
{
	struct trace_array *tr = filp->private_data;
	struct ring_buffer_event *event;
	struct raw_data_entry *entry;
	struct trace_buffer *buffer;
	size_t size;
	void *data;

	if (!marker_allowed(tr))
		return -EINVAL;
	/* The id is mandatory; the data must fit in a single event. */
	if (cnt < sizeof(unsigned int))
		return -EINVAL;
	buffer = tr->array_buffer.buffer;
	size = offsetof(struct raw_data_entry, id) + cnt;
	if (size > ring_buffer_max_event_size(buffer))
		return -EINVAL;

	event = trace_buffer_lock_reserve(buffer, TRACE_RAW_DATA, size,
					  tracing_gen_ctx());
	if (!event)
		return -EBADF;
	entry = ring_buffer_event_data(event);
	/* The first bytes are the id, the rest fills buf[]. */
	if (!copy_from_user_nofault(&entry->id, ubuf, cnt)) {
		__buffer_unlock_commit(buffer, event);
		return cnt;
	}
	ring_buffer_discard_commit(buffer, event);

	/* A page that is not resident: copy it out first, then record. */
	data = memdup_user(ubuf, cnt);
	if (IS_ERR(data))
		return PTR_ERR(data);
	event = trace_buffer_lock_reserve(buffer, TRACE_RAW_DATA, size,
					  tracing_gen_ctx());
	if (event) {
		entry = ring_buffer_event_data(event);
		memcpy(&entry->id, data, cnt);
		__buffer_unlock_commit(buffer, event);
	}
	kfree(data);

	/* A buffer that is off behaves as if the file were not writable. */
	return event ? cnt : -EBADF;
}

static const struct file_operations marker_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_write,
	.release	= tracing_release_generic_tr,
};

static const struct file_operations marker_raw_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_raw_write,
	.release	= tracing_release_generic_tr,
};

/* Anyone may write a marker who may write the file: no read permission. */
static void marker_files_create(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("trace_marker", 0220, dir, tr, &marker_fops);
	trace_create_file("trace_marker_raw", 0220, dir, tr,
			  &marker_raw_fops);
}

static struct trace_array_client marker_files = {
	.name		= "trace_marker",
	.create		= marker_files_create,
};

static int __init trace_marker_init(void)
{
	return trace_array_client_register(&marker_files);
}
core_initcall(trace_marker_init);
