// SPDX-License-Identifier: GPL-2.0
/*
 * blktrace: a queue's trace and its life, as blktrace(8) drives it.
 *
 * BLKTRACESETUP on a block device (or blk_trace_setup() from a driver
 * such as sg) creates the trace: its debugfs directory (the disk's own
 * under block/, or a new block/<name>/ for a partition or a device
 * without a disk) with "dropped" (records the relay channel had no room
 * for), "msg" (a note written into the trace) and the relay files
 * trace<cpu>. The trace is then set up; BLKTRACESTART makes it running,
 * BLKTRACESTOP stopped (and flushes the channel), START again running;
 * BLKTRACETEARDOWN (or the queue going away) removes it.
 *
 * q->blk_trace holds the trace. Every change is made under
 * q->debugfs_mutex; the probes read the pointer under RCU, so a removed
 * trace is freed only after a grace period.
 */
#define pr_fmt(fmt) "blktrace: " fmt

#include <linux/blkdev.h>
#include <linux/compat.h>
#include <linux/debugfs.h>
#include <linux/percpu.h>
#include <linux/relay.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "../../block/blk.h"
#include "blktrace_internal.h"

void blk_trace_set_bounds(struct blk_trace *bt, struct block_device *bdev)
{
	/* a partition's own sectors; with no block device, every sector */
	bt->start_lba = bdev ? bdev->bd_start_sect : 0;
	bt->end_lba = bdev ? bt->start_lba + bdev_nr_sectors(bdev) : U64_MAX;
}

struct blk_trace *blk_trace_alloc(bool numbered)
{
	struct blk_trace *bt = kzalloc(sizeof(*bt), GFP_KERNEL);

	if (!bt)
		return NULL;
	INIT_LIST_HEAD(&bt->running_list);
	bt->act_mask = (u16)-1;
	bt->msg_data = __alloc_percpu(BLK_TN_MAX_MSG, __alignof__(char));
	if (numbered)
		bt->sequence = alloc_percpu(unsigned long);
	if (bt->msg_data && (bt->sequence || !numbered))
		return bt;
	free_percpu(bt->sequence);
	free_percpu(bt->msg_data);
	kfree(bt);
	return NULL;
}

/* Free @bt and what it created, on any path that allocated part of it. */
static void blk_trace_free(struct request_queue *q, struct blk_trace *bt)
{
	relay_close(bt->rchan);
	if (!bt->dir) {
		/* the disk's directory stays: take out only our files */
		debugfs_lookup_and_remove("dropped", q->debugfs_dir);
		debugfs_lookup_and_remove("msg", q->debugfs_dir);
	}
	debugfs_remove(bt->dir);
	free_percpu(bt->sequence);
	free_percpu(bt->msg_data);
	kfree(bt);
}

/* A trace without its queue's pointer: stop, wait for readers, free. */
static void blk_trace_destroy(struct request_queue *q, struct blk_trace *bt)
{
	if (bt->trace_state == Blktrace_running) {
		blk_trace_unrun(bt);
		relay_flush(bt->rchan);
	}
	/* no probe may still hold @bt, nor a PROCESS note walk it */
	synchronize_rcu();
	blk_trace_free(q, bt);
	blk_probes_put();
}

/* ---- debugfs: dropped, msg and the relay channel ---------------------- */

static ssize_t blk_dropped_read(struct file *file, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct blk_trace *bt = file->private_data;
	char buf[16];
	int len;

	len = snprintf(buf, sizeof(buf), "%u\n", atomic_read(&bt->dropped));
	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static const struct file_operations blk_dropped_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= blk_dropped_read,
	.llseek	= default_llseek,
};

/* A line from user space, into the trace as a MESSAGE note. */
static ssize_t blk_msg_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	char text[BLK_TN_MAX_MSG];

	/* what does not fit a note is refused, not cut */
	if (count >= sizeof(text))
		return -EINVAL;
	if (copy_from_user(text, ubuf, count))
		return -EFAULT;
	text[count] = '\0';
	__blk_trace_note_message(file->private_data, NULL, "%s", text);
	return count;
}

static const struct file_operations blk_msg_fops = {
	.owner	= THIS_MODULE,
	.write	= blk_msg_write,
	.open	= simple_open,
	.llseek	= noop_llseek,
};

/*
 * Relay wants the next sub-buffer. When blktrace has not read any of
 * them yet there is none: refusing drops the record, counted in
 * "dropped", which blktrace reports.
 */
static int blk_subbuf_start(struct rchan_buf *buf, void *subbuf,
			    void *prev_subbuf, size_t prev_padding)
{
	bool full = relay_buf_full(buf);

	if (full)
		atomic_inc(&((struct blk_trace *)buf->chan->private_data)->dropped);
	return !full;
}

static struct dentry *blk_create_buf_file(const char *name,
					  struct dentry *parent, umode_t mode,
					  struct rchan_buf *buf, int *is_global)
{
	return debugfs_create_file(name, mode, parent, buf,
				   &relay_file_operations);
}

static int blk_remove_buf_file(struct dentry *dentry)
{
	debugfs_remove(dentry);
	return 0;
}

static const struct rchan_callbacks blk_relay_callbacks = {
	.subbuf_start		= blk_subbuf_start,
	.create_buf_file	= blk_create_buf_file,
	.remove_buf_file	= blk_remove_buf_file,
};

/* ---- setup, start/stop, removal --------------------------------------- */

/* Create the trace @buts asks for; the name goes back in @buts. */
static int blk_trace_create(struct request_queue *q, const char *name,
			    dev_t dev, struct block_device *bdev,
			    struct blk_user_trace_setup *buts)
{
	struct blk_trace *bt;
	struct dentry *dir;
	int ret = -ENOMEM;

	lockdep_assert_held(&q->debugfs_mutex);
	/* the name may become a directory's: a path's slashes cannot stay */
	strscpy_pad(buts->name, name, sizeof(buts->name));
	strreplace(buts->name, '/', '_');
	if (!buts->buf_nr || !buts->buf_size)
		return -EINVAL;
	if (rcu_access_pointer(q->blk_trace)) {
		pr_warn("Concurrent blktraces are not allowed on %s\n",
			buts->name);
		return -EBUSY;
	}

	bt = blk_trace_alloc(true);
	if (!bt)
		return -ENOMEM;
	/*
	 * A whole disk's files go to the directory the block layer made for
	 * its queue; a partition, or a device without a disk (sg), has one
	 * of its own under block/ for the trace's life.
	 */
	dir = q->debugfs_dir;
	if (!bdev || bdev_is_partition(bdev)) {
		dir = debugfs_create_dir(buts->name, blk_debugfs_root);
		if (!IS_ERR(dir))
			bt->dir = dir;
	}
	/* debugfs is this interface: without the directory, no trace */
	if (IS_ERR_OR_NULL(dir)) {
		pr_warn("debugfs_dir not present for %s so skipping\n",
			buts->name);
		ret = -ENOENT;
		goto fail;
	}

	bt->dev = dev;
	debugfs_create_file("dropped", 0444, dir, bt, &blk_dropped_fops);
	/* write-only for all, as blktrace has always had it (root's debugfs) */
	debugfs_create_file("msg", 0222, dir, bt, &blk_msg_fops);
	bt->rchan = relay_open("trace", dir, buts->buf_size, buts->buf_nr,
			       &blk_relay_callbacks, bt);
	if (!bt->rchan) {
		ret = -EIO;
		goto fail;
	}

	/* what the caller leaves at 0 takes the default: all of it */
	blk_trace_set_bounds(bt, bdev);
	bt->start_lba = buts->start_lba ?: bt->start_lba;
	bt->end_lba = buts->end_lba ?: bt->end_lba;
	bt->act_mask = buts->act_mask ?: bt->act_mask;
	bt->pid = buts->pid;
	bt->trace_state = Blktrace_setup;

	/* the probes first: a trace is never visible without them */
	blk_probes_get();
	rcu_assign_pointer(q->blk_trace, bt);
	return 0;

fail:
	blk_trace_free(q, bt);
	return ret;
}

int blk_trace_detach(struct request_queue *q)
{
	struct blk_trace *bt = rcu_replace_pointer(q->blk_trace, NULL,
				lockdep_is_held(&q->debugfs_mutex));

	if (bt)
		blk_trace_destroy(q, bt);
	return bt ? 0 : -EINVAL;
}

/*
 * Read BLKTRACESETUP's argument, struct blk_user_trace_setup, or from a
 * 32-bit task (@compat) the same fields with 4-byte alignment. Returns
 * how much of it goes back to the caller with the trace's name (all of
 * it, or for the compat form the name alone, as upstream does).
 */
static ssize_t blk_setup_read(void __user *arg, bool compat,
			      struct blk_user_trace_setup *buts)
{
#if defined(CONFIG_COMPAT) && defined(CONFIG_X86_64)
	struct compat_blk_user_trace_setup c32;

	if (compat) {
		if (copy_from_user(&c32, arg, sizeof(c32)))
			return -EFAULT;
		memset(buts, 0, sizeof(*buts));
		buts->act_mask = c32.act_mask;
		buts->buf_size = c32.buf_size;
		buts->buf_nr = c32.buf_nr;
		buts->start_lba = c32.start_lba;
		buts->end_lba = c32.end_lba;
		buts->pid = c32.pid;
		return sizeof(buts->name);
	}
#endif
	if (copy_from_user(buts, arg, sizeof(*buts)))
		return -EFAULT;
	return sizeof(*buts);
}

/* A trace from BLKTRACESETUP's argument; undone if the name cannot go back. */
static int blk_trace_setup_user(struct request_queue *q, const char *name,
				dev_t dev, struct block_device *bdev,
				void __user *arg, bool compat)
{
	struct blk_user_trace_setup buts;
	ssize_t back = blk_setup_read(arg, compat, &buts);
	int ret;

	if (back < 0)
		return back;
	ret = blk_trace_create(q, name, dev, bdev, &buts);
	if (!ret && copy_to_user(arg, &buts, back)) {
		blk_trace_detach(q);
		ret = -EFAULT;
	}
	return ret;
}

/* START (@run) or STOP: between set up or stopped, and running. */
static int blk_trace_set_running(struct request_queue *q, bool run)
{
	struct blk_trace *bt = rcu_dereference_protected(q->blk_trace,
				lockdep_is_held(&q->debugfs_mutex));

	if (!bt)
		return -EINVAL;
	if (run && (bt->trace_state == Blktrace_setup ||
		    bt->trace_state == Blktrace_stopped)) {
		blk_trace_run(bt);
		return 0;
	}
	if (!run && bt->trace_state == Blktrace_running) {
		blk_trace_unrun(bt);
		/* what the last sub-buffers hold becomes readable now */
		relay_flush(bt->rchan);
		return 0;
	}
	return -EINVAL;
}

/* The same three for a driver (sg) that has no block device ioctl. */
int blk_trace_setup(struct request_queue *q, char *name, dev_t dev,
		    struct block_device *bdev, char __user *arg)
{
	guard(mutex)(&q->debugfs_mutex);
	return blk_trace_setup_user(q, name, dev, bdev, arg, false);
}
EXPORT_SYMBOL_GPL(blk_trace_setup);

int blk_trace_startstop(struct request_queue *q, int start)
{
	guard(mutex)(&q->debugfs_mutex);
	return blk_trace_set_running(q, start);
}
EXPORT_SYMBOL_GPL(blk_trace_startstop);

int blk_trace_remove(struct request_queue *q)
{
	guard(mutex)(&q->debugfs_mutex);
	return blk_trace_detach(q);
}
EXPORT_SYMBOL_GPL(blk_trace_remove);

int blk_trace_ioctl(struct block_device *bdev, unsigned int cmd,
		    char __user *arg)
{
	struct request_queue *q = bdev_get_queue(bdev);
	char name[BDEVNAME_SIZE];
	bool compat = false;

	guard(mutex)(&q->debugfs_mutex);
	switch (cmd) {
#if defined(CONFIG_COMPAT) && defined(CONFIG_X86_64)
	case BLKTRACESETUP32:
		compat = true;
		fallthrough;
#endif
	case BLKTRACESETUP:
		snprintf(name, sizeof(name), "%pg", bdev);
		return blk_trace_setup_user(q, name, bdev->bd_dev, bdev, arg,
					    compat);
	case BLKTRACESTART:
	case BLKTRACESTOP:
		return blk_trace_set_running(q, cmd == BLKTRACESTART);
	case BLKTRACETEARDOWN:
		return blk_trace_detach(q);
	}
	return -ENOTTY;
}

/* The queue goes away (q->debugfs_mutex held): so does its trace. */
void blk_trace_shutdown(struct request_queue *q)
{
	blk_trace_detach(q);
}
