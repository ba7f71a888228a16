// SPDX-License-Identifier: GPL-2.0
/*
 * error_log: the last few errors made writing tracing commands.
 *
 * Parsers of tracing commands (filters, triggers, dynamic events...)
 * report why a write failed here, and the user reads it back as
 *
 *   [   12.345678] <loc>: error: <message>
 *     Command: <what was written>
 *                    ^
 *
 * with the caret under the offending character. Each trace array keeps
 * its own TRACING_LOG_ERRS_MAX most recent entries; opening the file
 * for writing with O_TRUNC (echo > error_log) empties it.
 */
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"

/* The newest entries kept per array, and the length of a location. */
#define TRACING_LOG_ERRS_MAX	8
#define TRACING_LOG_LOC_MAX	128
#define CMD_PREFIX "  Command: "

struct tracing_log_err {
	struct list_head	list;		/* on tr->err_log, oldest first */
	u64			ts;		/* local_clock() when logged */
	const char		**errs;		/* the caller's message table */
	u8			type;		/* index into errs */
	u16			pos;		/* caret column within cmd */
	char			loc[TRACING_LOG_LOC_MAX]; /* "<loc>: error: " */
	char			cmd[];		/* the command as written */
};

/* Guards every array's err_log list and count. */
static DEFINE_MUTEX(err_log_lock);

/**
 * tracing_log_err - add an entry to an error_log
 * @tr: the trace array whose error_log gets it (NULL: the top level)
 * @loc: where the error is, usually the file or command name
 * @cmd: the text that was written
 * @errs: the caller's table of messages; only the pointer is kept, so
 *	it must be static
 * @type: which message of @errs
 * @pos: the column of @cmd the caret points at
 *
 * Sleeps; drops the entry silently when memory is short.
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char **errs, u8 type, u16 pos)
{
	struct tracing_log_err *err, *oldest = NULL;
	size_t len = strlen(cmd) + 1;

	if (!tr)
		tr = &global_trace;

	err = kzalloc(struct_size(err, cmd, len), GFP_KERNEL);
	if (!err)
		return;
	/* Truncated like the fixed-size field it is in the ABI. */
	snprintf(err->loc, sizeof(err->loc), "%s: error: ", loc);
	memcpy(err->cmd, cmd, len);
	err->errs = errs;
	err->type = type;
	err->pos = pos;
	err->ts = local_clock();

	mutex_lock(&err_log_lock);
	if (tr->n_err_log_entries >= TRACING_LOG_ERRS_MAX) {
		oldest = list_first_entry(&tr->err_log, struct tracing_log_err,
					  list);
		list_del(&oldest->list);
	} else {
		tr->n_err_log_entries++;
	}
	list_add_tail(&err->list, &tr->err_log);
	mutex_unlock(&err_log_lock);

	kfree(oldest);
}

static void clear_tracing_err_log(struct trace_array *tr)
{
	struct tracing_log_err *err, *tmp;
	LIST_HEAD(gone);

	mutex_lock(&err_log_lock);
	list_splice_init(&tr->err_log, &gone);
	tr->n_err_log_entries = 0;
	mutex_unlock(&err_log_lock);

	list_for_each_entry_safe(err, tmp, &gone, list)
		kfree(err);
}

static void *err_log_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;

	mutex_lock(&err_log_lock);
	return seq_list_start(&tr->err_log, *pos);
}

static void *err_log_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;

	return seq_list_next(v, &tr->err_log, pos);
}

static void err_log_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&err_log_lock);
}

static int err_log_show(struct seq_file *m, void *v)
{
	struct tracing_log_err *err = list_entry(v, struct tracing_log_err,
						 list);
	u32 rem;
	u64 sec = div_u64_rem(err->ts, NSEC_PER_SEC, &rem);

	seq_printf(m, "[%5llu.%06u] %s%s", sec, rem / 1000,
		   err->loc, err->errs[err->type]);
	seq_printf(m, "\n" CMD_PREFIX "%s\n", err->cmd);
	/* The caret sits under column @pos of the command text. */
	seq_printf(m, "%*s^\n", (int)(sizeof(CMD_PREFIX) - 1 + err->pos), "");
	return 0;
}

static const struct seq_operations err_log_seq_ops = {
	.start	= err_log_start,
	.next	= err_log_next,
	.stop	= err_log_stop,
	.show	= err_log_show,
};

static int err_log_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int err;

	err = tracing_check_open_get_tr(tr);
	if (err)
		return err;

	/* echo > error_log: opening for write with O_TRUNC clears it. */
	if ((file->f_flags & O_TRUNC) && (file->f_mode & FMODE_WRITE))
		clear_tracing_err_log(tr);

	/* A write-only open needs no seq_file; the reference stays held. */
	if (!(file->f_mode & FMODE_READ))
		return 0;

	err = seq_open(file, &err_log_seq_ops);
	if (err) {
		trace_array_put(tr);
		return err;
	}
	((struct seq_file *)file->private_data)->private = tr;
	return 0;
}

/* Whatever is written is accepted and ignored: only O_TRUNC matters. */
static ssize_t err_log_write(struct file *file, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	return cnt;
}

static loff_t err_log_llseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	/* Write-only opens have no seq_file; there is nothing to seek. */
	file->f_pos = 0;
	return 0;
}

static int err_log_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;

	trace_array_put(tr);
	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	return 0;
}

static const struct file_operations err_log_fops = {
	.open		= err_log_open,
	.write		= err_log_write,
	.read		= seq_read,
	.llseek		= err_log_llseek,
	.release	= err_log_release,
};

static void err_log_create(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("error_log", TRACE_MODE_WRITE, dir, tr,
			  &err_log_fops);
}

static struct trace_array_client err_log_files = {
	.name		= "trace_err_log",
	.create		= err_log_create,
	.remove		= clear_tracing_err_log,
};

static int __init trace_err_log_init(void)
{
	return trace_array_client_register(&err_log_files);
}
core_initcall(trace_err_log_init);
