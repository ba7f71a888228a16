// SPDX-License-Identifier: GPL-2.0
/*
 * trace_stat/: files of statistics, one table per file (the function
 * profiler's trace_stat/functionN, one per CPU).
 *
 * A source registers a struct trace_stat. Opening its file takes a
 * snapshot: the source copies its entries into an array (under its own
 * locks, at one instant), which is sorted, largest first, and printed
 * after the source's header lines. Readers never look at the source's
 * live tables, so the source may reset or free them at any time.
 */
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/tracefs.h>

#include "trace.h"

/* One open file: the copied entries, sorted. */
struct stat_snapshot {
	const struct trace_stat	*st;
	unsigned long		nr;
	char			entries[];
};

static DEFINE_MUTEX(stat_mutex);	/* making stat_dir */
static struct dentry *stat_dir;

static void *snap_entry(struct seq_file *m, loff_t pos)
{
	struct stat_snapshot *snap = m->private;

	/* position 0 is the header */
	if (pos == 0)
		return SEQ_START_TOKEN;
	if (pos > snap->nr)
		return NULL;
	return snap->entries + (pos - 1) * snap->st->entry_size;
}

static void *stat_seq_start(struct seq_file *m, loff_t *pos)
{
	return snap_entry(m, *pos);
}

static void *stat_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return snap_entry(m, ++*pos);
}

static void stat_seq_stop(struct seq_file *m, void *v)
{
}

static int stat_seq_show(struct seq_file *m, void *v)
{
	struct stat_snapshot *snap = m->private;

	if (v == SEQ_START_TOKEN) {
		if (snap->st->headers)
			snap->st->headers(m);
		return 0;
	}
	snap->st->show(m, v);
	return 0;
}

static const struct seq_operations stat_seq_ops = {
	.start	= stat_seq_start,
	.next	= stat_seq_next,
	.stop	= stat_seq_stop,
	.show	= stat_seq_show,
};

/* sort_r() puts the smallest first: ask the source with the sides swapped */
static int stat_cmp_desc(const void *a, const void *b, const void *priv)
{
	const struct trace_stat *st = priv;

	return st->cmp(b, a);
}

static int stat_open(struct inode *inode, struct file *filp)
{
	const struct trace_stat *st = inode->i_private;
	struct stat_snapshot *snap;
	unsigned long max;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	/* The count may grow before the copy: the copy stops at max. */
	max = st->count(st);
	snap = kvzalloc(struct_size(snap, entries, max * st->entry_size),
			GFP_KERNEL);
	if (!snap)
		return -ENOMEM;
	snap->st = st;
	snap->nr = max ? st->copy(st, snap->entries, max) : 0;
	if (st->cmp)
		sort_r(snap->entries, snap->nr, st->entry_size, stat_cmp_desc,
		       NULL, st);
	ret = seq_open(filp, &stat_seq_ops);
	if (ret) {
		kvfree(snap);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = snap;
	return 0;
}

static int stat_release(struct inode *inode, struct file *filp)
{
	struct seq_file *m = filp->private_data;

	kvfree(m->private);
	return seq_release(inode, filp);
}

static const struct file_operations stat_fops = {
	.open		= stat_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= stat_release,
};

/**
 * trace_stat_register - add trace_stat/<name>
 * @st: the source, which must outlive the file (never unregistered)
 *
 * Called once tracefs is up (fs_initcall or later). Returns 0 or -errno.
 */
int trace_stat_register(struct trace_stat *st)
{
	struct dentry *d;
	int ret = 0;

	mutex_lock(&stat_mutex);
	if (!stat_dir) {
		stat_dir = tracefs_create_dir("trace_stat", NULL);
		if (IS_ERR_OR_NULL(stat_dir)) {
			stat_dir = NULL;
			ret = -ENOMEM;
			goto out;
		}
	}
	/*
	 * 0640 like upstream's trace_stat files (tools check the mode),
	 * though there is nothing to write: a write fails with EINVAL.
	 */
	d = tracefs_create_file(st->name, TRACE_MODE_WRITE, stat_dir, st,
				&stat_fops);
	if (IS_ERR_OR_NULL(d))
		ret = -ENOMEM;
out:
	mutex_unlock(&stat_mutex);
	return ret;
}
