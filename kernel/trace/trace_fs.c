// SPDX-License-Identifier: GPL-2.0
/*
 * tracefs bring-up and the core's control files of every trace array:
 * which tracer runs, the buffer's size and clock, the CPUs that record,
 * and the top-level-only README and tracing_thresh. The other files of
 * an array (trace, trace_pipe, options/, events/, ...) are made by the
 * subsystems that serve them, the clients of the arrays
 * (trace_clients.c); instances/ comes from trace_instances.c.
 *
 * Every file of an array keeps the array in i_private and takes a
 * reference on open (tracing_check_open_get_tr), so an instance cannot be
 * removed while one of its files is open. The configuration itself only
 * changes under trace_types_lock, in the trace.c helpers called here.
 */
#include <linux/debugfs.h>
#include <linux/mount.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_core.h"

/* ------------------------------------------------------------------ */
/* Open and release helpers shared by the core's files.               */

int tracing_open_generic(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	filp->private_data = inode->i_private;
	return 0;
}

int tracing_open_generic_tr(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;
	filp->private_data = tr;
	return 0;
}

int tracing_release_generic_tr(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return 0;
}

bool tracing_is_disabled(void)
{
	return !!tracing_disabled;
}

struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops)
{
	struct dentry *d = tracefs_create_file(name, mode, parent, data, fops);

	if (!d)
		pr_warn("tracing: could not create tracefs file '%s'\n", name);
	return d;
}

/* A seq_file holding the array, with the array's reference taken. */
static int tr_single_open(struct inode *inode, struct file *file,
			  int (*show)(struct seq_file *, void *))
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;
	ret = single_open(file, show, tr);
	if (ret)
		trace_array_put(tr);
	return ret;
}

static int tr_single_release(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return single_release(inode, file);
}

/* Read side of the one-line files: format, then copy (never under a lock). */
static __printf(4, 5) ssize_t
read_line(char __user *ubuf, size_t cnt, loff_t *ppos, const char *fmt, ...)
{
	char buf[64];
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* May @tr use @t? Instances only take tracers made for them. */
static bool tracer_fits(struct trace_array *tr, struct tracer *t)
{
	return (tr->flags & TRACE_ARRAY_FL_GLOBAL) || t->allow_instances;
}

/* ------------------------------------------------------------------ */
/* tracing_on                                                          */

static ssize_t tracing_on_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return read_line(ubuf, cnt, ppos, "%d\n", tracer_tracing_is_on(tr));
}

static ssize_t tracing_on_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	struct tracer *t;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;

	mutex_lock(&trace_types_lock);
	t = tr->current_trace;
	if (!!val != tracer_tracing_is_on(tr)) {
		if (val) {
			tracer_tracing_on(tr);
			if (t->start)
				t->start(tr);
		} else {
			tracer_tracing_off(tr);
			if (t->stop)
				t->stop(tr);
			/*
			 * Readers blocked waiting for the buffer to fill up
			 * would wait for ever now: let them return what
			 * there is.
			 */
			if (tr->array_buffer.buffer)
				ring_buffer_wake_waiters(tr->array_buffer.buffer,
							 RING_BUFFER_ALL_CPUS);
		}
	}
	mutex_unlock(&trace_types_lock);

	*ppos += cnt;
	return cnt;
}

static const struct file_operations tracing_on_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_on_read,
	.write		= tracing_on_write,
	.llseek		= default_llseek,
	.release	= tracing_release_generic_tr,
};

/* ------------------------------------------------------------------ */
/* current_tracer, available_tracers                                   */

static ssize_t current_tracer_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[MAX_TRACER_SIZE + 2];
	int len;

	mutex_lock(&trace_types_lock);
	len = scnprintf(buf, sizeof(buf), "%s\n", tr->current_trace->name);
	mutex_unlock(&trace_types_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t current_tracer_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[MAX_TRACER_SIZE + 1];
	size_t len = min_t(size_t, cnt, MAX_TRACER_SIZE);
	int ret;

	/* No name is that long: what is cut off cannot make one match. */
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';

	/*
	 * Choosing a tracer is using tracing: the buffer gets its full size
	 * first, whether or not the name turns out to be one (the reference
	 * expands on a bad name too).
	 */
	ret = tracing_update_buffers(tr);
	if (!ret)
		ret = tracing_set_tracer(tr, strim(buf));
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations current_tracer_fops = {
	.open		= tracing_open_generic_tr,
	.read		= current_tracer_read,
	.write		= current_tracer_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

static int available_tracers_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	const char *sep = "";
	struct tracer *t;

	mutex_lock(&trace_types_lock);
	for (t = trace_types_first(); t; t = t->next) {
		if (!tracer_fits(tr, t))
			continue;
		seq_printf(m, "%s%s", sep, t->name);
		sep = " ";
	}
	mutex_unlock(&trace_types_lock);
	seq_putc(m, '\n');
	return 0;
}

static int available_tracers_open(struct inode *inode, struct file *file)
{
	return tr_single_open(inode, file, available_tracers_show);
}

static const struct file_operations available_tracers_fops = {
	.open		= available_tracers_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tr_single_release,
};

/* ------------------------------------------------------------------ */
/* Buffer geometry: buffer_size_kb, buffer_total_size_kb,             */
/* buffer_subbuf_size_kb, buffer_percent, free_buffer                  */

static unsigned long cpu_buffer_bytes(struct trace_array *tr, int cpu)
{
	return per_cpu_ptr(tr->array_buffer.data, cpu)->entries;
}

static ssize_t buffer_size_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	int cpu = tracing_get_cpu(inode);
	unsigned long size = 0;
	char buf[64];
	int c, len;

	mutex_lock(&trace_types_lock);
	if (cpu != RING_BUFFER_ALL_CPUS) {
		len = scnprintf(buf, sizeof(buf), "%lu\n",
				cpu_buffer_bytes(tr, cpu) >> 10);
		goto out;
	}
	/* One value if all CPUs agree (CPUs without a buffer aside). */
	for_each_tracing_cpu(c) {
		unsigned long bytes = cpu_buffer_bytes(tr, c);

		if (!size)
			size = bytes;
		if (bytes != size) {
			len = scnprintf(buf, sizeof(buf), "X\n");
			goto out;
		}
	}
	if (tr->ring_buffer_expanded)
		len = scnprintf(buf, sizeof(buf), "%lu\n", size >> 10);
	else
		len = scnprintf(buf, sizeof(buf), "%lu (expanded: %lu)\n",
				size >> 10, trace_buf_size >> 10);
out:
	mutex_unlock(&trace_types_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t buffer_size_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	unsigned long kb;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (ret)
		return ret;
	/* A buffer needs room for something; and the bytes must fit. */
	if (!kb || kb > (ULONG_MAX >> 10))
		return -EINVAL;

	mutex_lock(&trace_types_lock);
	ret = tracing_resize_ring_buffer(tr, kb << 10, tracing_get_cpu(inode));
	mutex_unlock(&trace_types_lock);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations buffer_size_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_size_read,
	.write		= buffer_size_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

static ssize_t buffer_total_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long kb = 0, full_kb = 0;
	char buf[64];
	int cpu, len;

	mutex_lock(&trace_types_lock);
	for_each_tracing_cpu(cpu) {
		kb += cpu_buffer_bytes(tr, cpu) >> 10;
		full_kb += trace_buf_size >> 10;
	}
	if (tr->ring_buffer_expanded)
		len = scnprintf(buf, sizeof(buf), "%lu\n", kb);
	else
		len = scnprintf(buf, sizeof(buf), "%lu (expanded: %lu)\n",
				kb, full_kb);
	mutex_unlock(&trace_types_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations buffer_total_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_total_read,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

/* Sub-buffers are 1 to 128 pages (page orders 0 to 7). */
#define SUBBUF_MAX_ORDER	7
#define SUBBUF_MAX_KB		((PAGE_SIZE << SUBBUF_MAX_ORDER) >> 10)

static ssize_t subbuf_size_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return read_line(ubuf, cnt, ppos, "%d\n",
			 ring_buffer_subbuf_size_get(tr->array_buffer.buffer) >> 10);
}

static ssize_t subbuf_size_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long kb, pages;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (ret)
		return ret;
	if (!kb || kb > SUBBUF_MAX_KB)
		return -EINVAL;
	/* Sizes in between round up to the next power-of-two pages. */
	pages = DIV_ROUND_UP(kb << 10, PAGE_SIZE);

	mutex_lock(&trace_types_lock);
	ret = tracing_set_subbuf_order(tr, order_base_2(pages));
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations subbuf_size_fops = {
	.open		= tracing_open_generic_tr,
	.read		= subbuf_size_read,
	.write		= subbuf_size_write,
	.llseek		= default_llseek,
	.release	= tracing_release_generic_tr,
};

static ssize_t buffer_percent_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return read_line(ubuf, cnt, ppos, "%u\n", READ_ONCE(tr->buffer_percent));
}

static ssize_t buffer_percent_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long pct;
	int err;

	err = kstrtoul_from_user(ubuf, cnt, 10, &pct);
	if (!err && pct > 100)
		err = -EINVAL;
	if (err)
		return err;
	/* Waiting readers sample it locklessly: one store, no tearing. */
	WRITE_ONCE(tr->buffer_percent, pct);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations buffer_percent_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_percent_read,
	.write		= buffer_percent_write,
	.llseek		= default_llseek,
	.release	= tracing_release_generic_tr,
};

/*
 * free_buffer: whatever is written, the buffer shrinks to its minimum
 * when the file is closed, so that a process holding it open releases
 * the memory even if it gets killed.
 */
static ssize_t free_buffer_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

static int free_buffer_release(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;

	if (trace_flag_set(tr, TRACE_ITER_STOP_ON_FREE))
		tracer_tracing_off(tr);
	mutex_lock(&trace_types_lock);
	tracing_resize_ring_buffer(tr, 0, RING_BUFFER_ALL_CPUS);
	mutex_unlock(&trace_types_lock);
	trace_array_put(tr);
	return 0;
}

static const struct file_operations free_buffer_fops = {
	.open		= tracing_open_generic_tr,
	.write		= free_buffer_write,
	.release	= free_buffer_release,
};

/* ------------------------------------------------------------------ */
/* trace_clock, timestamp_mode, tracing_cpumask                        */

static int trace_clock_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	int cur = READ_ONCE(tr->clock_id);
	int i;

	for (i = 0; i < trace_clocks_nr; i++)
		seq_printf(m, "%s%s%s%s", i ? " " : "", i == cur ? "[" : "",
			   trace_clocks[i].name, i == cur ? "]" : "");
	seq_putc(m, '\n');
	return 0;
}

static int trace_clock_open(struct inode *inode, struct file *file)
{
	return tr_single_open(inode, file, trace_clock_show);
}

static ssize_t trace_clock_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	char name[64];
	int err;

	/* Longer than any clock name: refuse it rather than cut it. */
	if (cnt >= sizeof(name))
		return -EINVAL;
	if (copy_from_user(name, ubuf, cnt))
		return -EFAULT;
	name[cnt] = '\0';

	err = tracing_set_clock(tr, strstrip(name));
	if (err)
		return err;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_clock_fops = {
	.open		= trace_clock_open,
	.read		= seq_read,
	.write		= trace_clock_write,
	.llseek		= seq_lseek,
	.release	= tr_single_release,
};

static int timestamp_mode_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	bool absolute;

	mutex_lock(&trace_types_lock);
	absolute = ring_buffer_time_stamp_abs(tr->array_buffer.buffer);
	mutex_unlock(&trace_types_lock);

	seq_puts(m, absolute ? "delta [absolute]\n" : "[delta] absolute\n");
	return 0;
}

static int timestamp_mode_open(struct inode *inode, struct file *file)
{
	return tr_single_open(inode, file, timestamp_mode_show);
}

static const struct file_operations timestamp_mode_fops = {
	.open		= timestamp_mode_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tr_single_release,
};

static ssize_t cpumask_read(struct file *filp, char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	ssize_t ret;
	char *text;

	text = kasprintf(GFP_KERNEL, "%*pb\n",
			 cpumask_pr_args(tr->tracing_cpumask));
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

static ssize_t cpumask_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	cpumask_var_t mask;
	int ret;

	if (!cnt || cnt > KMALLOC_MAX_SIZE)
		return -EINVAL;
	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;

	ret = cpumask_parse_user(ubuf, cnt, mask);
	if (!ret) {
		mutex_lock(&trace_types_lock);
		ret = tracing_set_cpumask(tr, mask);
		mutex_unlock(&trace_types_lock);
	}
	free_cpumask_var(mask);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations cpumask_fops = {
	.open		= tracing_open_generic_tr,
	.read		= cpumask_read,
	.write		= cpumask_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

/* ------------------------------------------------------------------ */
/* tracing_thresh, tracing_max_latency: kept in ns, shown in usecs    */

static ssize_t usecs_read(unsigned long nsecs, char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	/* All ones is "no value yet" for the latency tracers. */
	if (nsecs == ULONG_MAX)
		return read_line(ubuf, cnt, ppos, "-1\n");
	return read_line(ubuf, cnt, ppos, "%lu\n", nsecs / NSEC_PER_USEC);
}

static int usecs_parse(const char __user *ubuf, size_t cnt,
		       unsigned long *nsecs)
{
	unsigned long usecs;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &usecs);
	if (ret)
		return ret;
	if (usecs > ULONG_MAX / NSEC_PER_USEC)
		return -EINVAL;
	*nsecs = usecs * NSEC_PER_USEC;
	return 0;
}

static ssize_t tracing_thresh_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	return usecs_read(READ_ONCE(tracing_thresh), ubuf, cnt, ppos);
}

static ssize_t tracing_thresh_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long nsecs, old;
	int ret;

	ret = usecs_parse(ubuf, cnt, &nsecs);
	if (ret)
		return ret;

	mutex_lock(&trace_types_lock);
	old = tracing_thresh;
	tracing_thresh = nsecs;
	/* A tracer that rejects the value gets the old one back. */
	if (tr->current_trace->update_thresh) {
		ret = tr->current_trace->update_thresh(tr);
		if (ret < 0) {
			tracing_thresh = old;
			tr->current_trace->update_thresh(tr);
		}
	}
	mutex_unlock(&trace_types_lock);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations tracing_thresh_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_thresh_read,
	.write		= tracing_thresh_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

#ifdef CONFIG_TRACER_MAX_TRACE
static ssize_t max_latency_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return usecs_read(READ_ONCE(tr->max_latency), ubuf, cnt, ppos);
}

static ssize_t max_latency_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long nsecs;
	int ret;

	ret = usecs_parse(ubuf, cnt, &nsecs);
	if (ret)
		return ret;
	/* The latency tracers compare against it with irqs off: one store. */
	WRITE_ONCE(tr->max_latency, nsecs);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations max_latency_fops = {
	.open		= tracing_open_generic_tr,
	.read		= max_latency_read,
	.write		= max_latency_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};
#endif

/* ------------------------------------------------------------------ */
/* README                                                              */

/*
 * The README is an ABI, not our prose: perf probe, libtracefs and the
 * "# requires: ...:README" lines of ftracetest grep it for upstream's
 * exact lines to learn what this kernel supports. So it holds upstream's
 * text line for line, each block under the option of the feature it
 * describes: a feature we do not offer has no option here, and none of
 * its lines. make compare checks it against the reference's line by line.
 */
static const char readme_text[] =
	"tracing mini-HOWTO:\n\n"
	"By default tracefs removes all OTH file permission bits.\n"
	"When mounting tracefs an optional group id can be specified\n"
	"which adds the group to every directory and file in tracefs:\n\n"
	"\t e.g. mount -t tracefs [-o [gid=<gid>]] nodev /sys/kernel/tracing\n\n"
	"# echo 0 > tracing_on : quick way to disable tracing\n"
	"# echo 1 > tracing_on : quick way to re-enable tracing\n\n"
	" Important files:\n"
	"  trace\t\t\t- The static contents of the buffer\n"
	"\t\t\t  To clear the buffer write into this file: echo > trace\n"
	"  trace_pipe\t\t- A consuming read to see the contents of the buffer\n"
	"  current_tracer\t- function and latency tracers\n"
	"  available_tracers\t- list of configured tracers for current_tracer\n"
	"  error_log\t- error log for failed commands (that support it)\n"
	"  buffer_size_kb\t- view and modify size of per cpu buffer\n"
	"  buffer_total_size_kb  - view total size of all cpu buffers\n\n"
	"  trace_clock\t\t- change the clock used to order events\n"
	"       local:   Per cpu clock but may not be synced across CPUs\n"
	"      global:   Synced across CPUs but slows tracing down.\n"
	"     counter:   Not a clock, but just an increment\n"
	"      uptime:   Jiffy counter from time of boot\n"
	"        perf:   Same clock that perf events use\n"
#ifdef CONFIG_X86_64
	"     x86-tsc:   TSC cycle counter\n"
#endif
	"\n  timestamp_mode\t- view the mode used to timestamp events\n"
	"       delta:   Delta difference against a buffer-wide timestamp\n"
	"    absolute:   Absolute (standalone) timestamp\n"
	"\n  trace_marker\t\t- Writes into this file writes into the kernel buffer\n"
	"\n  trace_marker_raw\t\t- Writes into this file writes binary data into the kernel buffer\n"
	"  tracing_cpumask\t- Limit which CPUs to trace\n"
	"  instances\t\t- Make sub-buffers with: mkdir instances/foo\n"
	"\t\t\t  Remove sub-buffer with rmdir\n"
	"  trace_options\t\t- Set format or modify how tracing happens\n"
	"\t\t\t  Disable an option by prefixing 'no' to the\n"
	"\t\t\t  option name\n"
	"  saved_cmdlines_size\t- echo command number in here to store comm-pid list\n"
#ifdef CONFIG_DYNAMIC_FTRACE
	"\n  available_filter_functions - list of functions that can be filtered on\n"
	"  set_ftrace_filter\t- echo function name in here to only trace these\n"
	"\t\t\t  functions\n"
	"\t     accepts: func_full_name or glob-matching-pattern\n"
	"\t     modules: Can select a group via module\n"
	"\t      Format: :mod:<module-name>\n"
	"\t     example: echo :mod:ext3 > set_ftrace_filter\n"
	"\t    triggers: a command to perform when function is hit\n"
	"\t      Format: <function>:<trigger>[:count]\n"
	"\t     trigger: traceon, traceoff\n"
	"\t\t      enable_event:<system>:<event>\n"
	"\t\t      disable_event:<system>:<event>\n"
#ifdef CONFIG_STACKTRACE
	"\t\t      stacktrace\n"
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
	"\t\t      snapshot\n"
#endif
	"\t\t      dump\n"
	"\t\t      cpudump\n"
	"\t     example: echo do_fault:traceoff > set_ftrace_filter\n"
	"\t              echo do_trap:traceoff:3 > set_ftrace_filter\n"
	"\t     The first one will disable tracing every time do_fault is hit\n"
	"\t     The second will disable tracing at most 3 times when do_trap is hit\n"
	"\t       The first time do trap is hit and it disables tracing, the\n"
	"\t       counter will decrement to 2. If tracing is already disabled,\n"
	"\t       the counter will not decrement. It only decrements when the\n"
	"\t       trigger did work\n"
	"\t     To remove trigger without count:\n"
	"\t       echo '!<function>:<trigger> > set_ftrace_filter\n"
	"\t     To remove trigger with a count:\n"
	"\t       echo '!<function>:<trigger>:0 > set_ftrace_filter\n"
	"  set_ftrace_notrace\t- echo function name in here to never trace.\n"
	"\t    accepts: func_full_name, *func_end, func_begin*, *func_middle*\n"
	"\t    modules: Can select a group via module command :mod:\n"
	"\t    Does not accept triggers\n"
#endif /* CONFIG_DYNAMIC_FTRACE */
#ifdef CONFIG_FUNCTION_TRACER
	"  set_ftrace_pid\t- Write pid(s) to only function trace those pids\n"
	"\t\t    (function)\n"
	"  set_ftrace_notrace_pid\t- Write pid(s) to not function trace those pids\n"
	"\t\t    (function)\n"
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	"  set_graph_function\t- Trace the nested calls of a function (function_graph)\n"
	"  set_graph_notrace\t- Do not trace the nested calls of a function (function_graph)\n"
	"  max_graph_depth\t- Trace a limited depth of nested calls (0 is unlimited)\n"
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
	"\n  snapshot\t\t- Like 'trace' but shows the content of the static\n"
	"\t\t\t  snapshot buffer. Read the contents for more\n"
	"\t\t\t  information\n"
#endif
#ifdef CONFIG_STACK_TRACER
	"  stack_trace\t\t- Shows the max stack trace when active\n"
	"  stack_max_size\t- Shows current max stack size that was traced\n"
	"\t\t\t  Write into this file to reset the max size (trigger a\n"
	"\t\t\t  new trace)\n"
#ifdef CONFIG_DYNAMIC_FTRACE
	"  stack_trace_filter\t- Like set_ftrace_filter but limits what stack_trace\n"
	"\t\t\t  traces\n"
#endif
#endif /* CONFIG_STACK_TRACER */
#ifdef CONFIG_DYNAMIC_EVENTS
	"  dynamic_events\t\t- Create/append/remove/show the generic dynamic events\n"
	"\t\t\t  Write into this file to define/undefine new trace events.\n"
#endif
#ifdef CONFIG_KPROBE_EVENTS
	"  kprobe_events\t\t- Create/append/remove/show the kernel dynamic events\n"
	"\t\t\t  Write into this file to define/undefine new trace events.\n"
#endif
#ifdef CONFIG_UPROBE_EVENTS
	"  uprobe_events\t\t- Create/append/remove/show the userspace dynamic events\n"
	"\t\t\t  Write into this file to define/undefine new trace events.\n"
#endif
#if defined(CONFIG_KPROBE_EVENTS) || defined(CONFIG_UPROBE_EVENTS) || \
	defined(CONFIG_FPROBE_EVENTS)
	"\t  accepts: event-definitions (one definition per line)\n"
#if defined(CONFIG_KPROBE_EVENTS) || defined(CONFIG_UPROBE_EVENTS)
	"\t   Format: p[:[<group>/][<event>]] <place> [<args>]\n"
	"\t           r[maxactive][:[<group>/][<event>]] <place> [<args>]\n"
#endif
#ifdef CONFIG_FPROBE_EVENTS
	"\t           f[:[<group>/][<event>]] <func-name>[%return] [<args>]\n"
	"\t           t[:[<group>/][<event>]] <tracepoint> [<args>]\n"
#endif
#ifdef CONFIG_HIST_TRIGGERS
	"\t           s:[synthetic/]<event> <field> [<field>]\n"
#endif
	/*
	 * Upstream builds event probes with every probe event: here they
	 * are their own option (CONFIG_EPROBE_EVENTS, on by default).
	 */
#ifdef CONFIG_EPROBE_EVENTS
	"\t           e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>] [if <filter>]\n"
#endif
	"\t           -:[<group>/][<event>]\n"
#ifdef CONFIG_KPROBE_EVENTS
	"\t    place: [<module>:]<symbol>[+<offset>]|<memaddr>\n"
	"place (kretprobe): [<module>:]<symbol>[+<offset>]%return|<memaddr>\n"
#endif
#ifdef CONFIG_UPROBE_EVENTS
	"   place (uprobe): <path>:<offset>[%return][(ref_ctr_offset)]\n"
#endif
	"\t     args: <name>=fetcharg[:type]\n"
	"\t fetcharg: (%<register>|$<efield>), @<address>, @<symbol>[+|-<offset>],\n"
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
	"\t           $stack<index>, $stack, $retval, $comm, $arg<N>,\n"
#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
	"\t           <argname>[->field[->field|.field...]],\n"
#endif
#else
	"\t           $stack<index>, $stack, $retval, $comm,\n"
#endif
	"\t           +|-[u]<offset>(<fetcharg>), \\imm-value, \\\"imm-string\"\n"
	"\t     kernel return probes support: $retval, $arg<N>, $comm\n"
	"\t     type: s8/16/32/64, u8/16/32/64, x8/16/32/64, char, string, symbol,\n"
	"\t           b<bit-width>@<bit-offset>/<container-size>, ustring,\n"
	"\t           symstr, %pd/%pD, <type>\\[<array-size>\\]\n"
#ifdef CONFIG_HIST_TRIGGERS
	"\t    field: <stype> <name>;\n"
	"\t    stype: u8/u16/u32/u64, s8/s16/s32/s64, pid_t,\n"
	"\t           [unsigned] char/int/long\n"
#endif
#ifdef CONFIG_EPROBE_EVENTS
	"\t    efield: For event probes ('e' types), the field is on of the fields\n"
	"\t            of the <attached-group>/<attached-event>.\n"
#endif
#endif
	"  events/\t\t- Directory containing all trace event subsystems:\n"
	"      enable\t\t- Write 0/1 to enable/disable tracing of all events\n"
	"  events/<system>/\t- Directory containing all trace events for <system>:\n"
	"      enable\t\t- Write 0/1 to enable/disable tracing of all <system>\n"
	"\t\t\t  events\n"
	"      filter\t\t- If set, only events passing filter are traced\n"
	"  events/<system>/<event>/\t- Directory containing control files for\n"
	"\t\t\t  <event>:\n"
	"      enable\t\t- Write 0/1 to enable/disable tracing of <event>\n"
	"      filter\t\t- If set, only events passing filter are traced\n"
	"      trigger\t\t- If set, a command to perform when event is hit\n"
	"\t    Format: <trigger>[:count][if <filter>]\n"
	"\t   trigger: traceon, traceoff\n"
	"\t            enable_event:<system>:<event>\n"
	"\t            disable_event:<system>:<event>\n"
#ifdef CONFIG_HIST_TRIGGERS
	"\t            enable_hist:<system>:<event>\n"
	"\t            disable_hist:<system>:<event>\n"
#endif
#ifdef CONFIG_STACKTRACE
	"\t\t    stacktrace\n"
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
	"\t\t    snapshot\n"
#endif
#ifdef CONFIG_HIST_TRIGGERS
	"\t\t    hist (see below)\n"
#endif
	"\t   example: echo traceoff > events/block/block_unplug/trigger\n"
	"\t            echo traceoff:3 > events/block/block_unplug/trigger\n"
	"\t            echo 'enable_event:kmem:kmalloc:3 if nr_rq > 1' > \\\n"
	"\t                  events/block/block_unplug/trigger\n"
	"\t   The first disables tracing every time block_unplug is hit.\n"
	"\t   The second disables tracing the first 3 times block_unplug is hit.\n"
	"\t   The third enables the kmalloc event the first 3 times block_unplug\n"
	"\t     is hit and has value of greater than 1 for the 'nr_rq' event field.\n"
	"\t   Like function triggers, the counter is only decremented if it\n"
	"\t    enabled or disabled tracing.\n"
	"\t   To remove a trigger without a count:\n"
	"\t     echo '!<trigger> > <system>/<event>/trigger\n"
	"\t   To remove a trigger with a count:\n"
	"\t     echo '!<trigger>:0 > <system>/<event>/trigger\n"
	"\t   Filters can be ignored when removing a trigger.\n"
#ifdef CONFIG_HIST_TRIGGERS
	"      hist trigger\t- If set, event hits are aggregated into a hash table\n"
	"\t    Format: hist:keys=<field1[,field2,...]>\n"
	"\t            [:<var1>=<field|var_ref|numeric_literal>[,<var2>=...]]\n"
	"\t            [:values=<field1[,field2,...]>]\n"
	"\t            [:sort=<field1[,field2,...]>]\n"
	"\t            [:size=#entries]\n"
	"\t            [:pause][:continue][:clear]\n"
	"\t            [:name=histname1]\n"
	"\t            [:nohitcount]\n"
	"\t            [:<handler>.<action>]\n"
	"\t            [if <filter>]\n\n"
	"\t    Note, special fields can be used as well:\n"
	"\t            common_timestamp - to record current timestamp\n"
	"\t            common_cpu - to record the CPU the event happened on\n"
	"\n"
	"\t    A hist trigger variable can be:\n"
	"\t        - a reference to a field e.g. x=current_timestamp,\n"
	"\t        - a reference to another variable e.g. y=$x,\n"
	"\t        - a numeric literal: e.g. ms_per_sec=1000,\n"
	"\t        - an arithmetic expression: e.g. time_secs=current_timestamp/1000\n"
	"\n"
	"\t    hist trigger arithmetic expressions support addition(+), subtraction(-),\n"
	"\t    multiplication(*) and division(/) operators. An operand can be either a\n"
	"\t    variable reference, field or numeric literal.\n"
	"\n"
	"\t    When a matching event is hit, an entry is added to a hash\n"
	"\t    table using the key(s) and value(s) named, and the value of a\n"
	"\t    sum called 'hitcount' is incremented.  Keys and values\n"
	"\t    correspond to fields in the event's format description.  Keys\n"
	"\t    can be any field, or the special string 'common_stacktrace'.\n"
	"\t    Compound keys consisting of up to two fields can be specified\n"
	"\t    by the 'keys' keyword.  Values must correspond to numeric\n"
	"\t    fields.  Sort keys consisting of up to two fields can be\n"
	"\t    specified using the 'sort' keyword.  The sort direction can\n"
	"\t    be modified by appending '.descending' or '.ascending' to a\n"
	"\t    sort field.  The 'size' parameter can be used to specify more\n"
	"\t    or fewer than the default 2048 entries for the hashtable size.\n"
	"\t    If a hist trigger is given a name using the 'name' parameter,\n"
	"\t    its histogram data will be shared with other triggers of the\n"
	"\t    same name, and trigger hits will update this common data.\n\n"
	"\t    Reading the 'hist' file for the event will dump the hash\n"
	"\t    table in its entirety to stdout.  If there are multiple hist\n"
	"\t    triggers attached to an event, there will be a table for each\n"
	"\t    trigger in the output.  The table displayed for a named\n"
	"\t    trigger will be the same as any other instance having the\n"
	"\t    same name.  The default format used to display a given field\n"
	"\t    can be modified by appending any of the following modifiers\n"
	"\t    to the field name, as applicable:\n\n"
	"\t            .hex        display a number as a hex value\n"
	"\t            .sym        display an address as a symbol\n"
	"\t            .sym-offset display an address as a symbol and offset\n"
	"\t            .execname   display a common_pid as a program name\n"
	"\t            .syscall    display a syscall id as a syscall name\n"
	"\t            .log2       display log2 value rather than raw number\n"
	"\t            .buckets=size  display values in groups of size rather than raw number\n"
	"\t            .usecs      display a common_timestamp in microseconds\n"
	"\t            .percent    display a number of percentage value\n"
	"\t            .graph      display a bar-graph of a value\n\n"
	"\t    The 'pause' parameter can be used to pause an existing hist\n"
	"\t    trigger or to start a hist trigger but not log any events\n"
	"\t    until told to do so.  'continue' can be used to start or\n"
	"\t    restart a paused hist trigger.\n\n"
	"\t    The 'clear' parameter will clear the contents of a running\n"
	"\t    hist trigger and leave its current paused/active state\n"
	"\t    unchanged.\n\n"
	"\t    The 'nohitcount' (or NOHC) parameter will suppress display of\n"
	"\t    raw hitcount in the histogram.\n\n"
	"\t    The enable_hist and disable_hist triggers can be used to\n"
	"\t    have one event conditionally start and stop another event's\n"
	"\t    already-attached hist trigger.  The syntax is analogous to\n"
	"\t    the enable_event and disable_event triggers.\n\n"
	"\t    Hist trigger handlers and actions are executed whenever a\n"
	"\t    a histogram entry is added or updated.  They take the form:\n\n"
	"\t        <handler>.<action>\n\n"
	"\t    The available handlers are:\n\n"
	"\t        onmatch(matching.event)  - invoke on addition or update\n"
	"\t        onmax(var)               - invoke if var exceeds current max\n"
	"\t        onchange(var)            - invoke action if var changes\n\n"
	"\t    The available actions are:\n\n"
	"\t        trace(<synthetic_event>,param list)  - generate synthetic event\n"
	"\t        save(field,...)                      - save current event fields\n"
#ifdef CONFIG_TRACER_SNAPSHOT
	"\t        snapshot()                           - snapshot the trace buffer\n\n"
#endif
#ifdef CONFIG_SYNTH_EVENTS
	"  events/synthetic_events\t- Create/append/remove/show synthetic events\n"
	"\t  Write into this file to define/undefine new synthetic events.\n"
	"\t     example: echo 'myevent u64 lat; char name[]; long[] stack' >> synthetic_events\n"
#endif
#endif
;

static ssize_t readme_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, readme_text,
				       sizeof(readme_text) - 1);
}

static const struct file_operations readme_fops = {
	.open		= tracing_open_generic,
	.read		= readme_read,
	.llseek		= generic_file_llseek,
};

/* ------------------------------------------------------------------ */
/* The file set of a trace array                                       */

struct tr_file {
	const char			*name;
	umode_t				mode;
	const struct file_operations	*fops;
};

/* The core's own files: the buffer, the tracer and the clock. */
static const struct tr_file tr_files[] = {
	{ "available_tracers",	TRACE_MODE_READ,  &available_tracers_fops },
	{ "current_tracer",	TRACE_MODE_WRITE, &current_tracer_fops },
	{ "tracing_cpumask",	TRACE_MODE_WRITE, &cpumask_fops },
	{ "buffer_size_kb",	TRACE_MODE_WRITE, &buffer_size_fops },
	{ "buffer_total_size_kb", TRACE_MODE_READ, &buffer_total_fops },
	{ "buffer_subbuf_size_kb", TRACE_MODE_WRITE, &subbuf_size_fops },
	{ "buffer_percent",	TRACE_MODE_WRITE, &buffer_percent_fops },
	{ "free_buffer",	0200,		  &free_buffer_fops },
	{ "trace_clock",	TRACE_MODE_WRITE, &trace_clock_fops },
	{ "tracing_on",		TRACE_MODE_WRITE, &tracing_on_fops },
	{ "timestamp_mode",	TRACE_MODE_READ,  &timestamp_mode_fops },
#ifdef CONFIG_TRACER_MAX_TRACE
	{ "tracing_max_latency", TRACE_MODE_WRITE, &max_latency_fops },
#endif
};

void trace_create_cpu_file(const char *name, umode_t mode,
			   struct dentry *parent, void *data, long cpu,
			   const struct file_operations *fops)
{
	struct dentry *d = tracefs_create_file(name, mode, parent, data, fops);

	if (IS_ERR_OR_NULL(d)) {
		pr_warn("Could not create tracefs '%s' entry\n", name);
		return;
	}
	/*
	 * tracefs has no use for i_cdev. Offset by one so that files that
	 * never set it (the top-level ones) read back as "all CPUs".
	 */
	d_inode(d)->i_cdev = (void *)(cpu + 1);
}

int tracing_get_cpu(struct inode *inode)
{
	long v = (long)inode->i_cdev;

	return v ? v - 1 : RING_BUFFER_ALL_CPUS;
}

static void create_percpu_dirs(struct trace_array *tr, struct dentry *d)
{
	struct dentry *d_cpu;
	char name[16];
	int cpu;

	tr->percpu_dir = tracefs_create_dir("per_cpu", d);
	if (!tr->percpu_dir) {
		pr_warn("tracing: could not create tracefs directory 'per_cpu'\n");
		return;
	}
	for_each_tracing_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu%d", cpu);
		d_cpu = tracefs_create_dir(name, tr->percpu_dir);
		if (!d_cpu) {
			pr_warn("tracing: could not create tracefs directory '%s'\n",
				name);
			continue;
		}
		trace_create_cpu_file("buffer_size_kb", TRACE_MODE_WRITE, d_cpu,
				      tr, cpu, &buffer_size_fops);
		trace_clients_create_cpu(tr, d_cpu, cpu);
	}
}

void init_tracer_tracefs(struct trace_array *tr, struct dentry *d_tracer)
{
	int i;

	lockdep_assert_held(&trace_types_lock);

	for (i = 0; i < ARRAY_SIZE(tr_files); i++)
		trace_create_file(tr_files[i].name, tr_files[i].mode,
				  d_tracer, tr, tr_files[i].fops);
	trace_clients_create(tr, d_tracer);
	create_percpu_dirs(tr, d_tracer);
}

/* ------------------------------------------------------------------ */
/* Bring-up                                                            */

/*
 * Tools older than tracefs look in debugfs: debugfs/tracing mounts
 * tracefs on first access.
 */
static struct vfsmount *tracefs_automount(struct dentry *mntpt, void *data)
{
	struct file_system_type *fs = get_fs_type("tracefs");
	struct vfsmount *mnt;

	if (!fs)
		return NULL;
	mnt = vfs_submount(mntpt, fs, "tracefs", NULL);
	put_filesystem(fs);
	if (IS_ERR(mnt))
		return NULL;
	/*
	 * finish_automount() insists on two references (so the mount
	 * cannot expire before it is grafted) and drops one afterwards.
	 */
	return mntget(mnt);
}

static struct dentry *tracing_init_dentry(void)
{
	struct trace_array *tr = &global_trace;

	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("tracing: disabled by lockdown\n");
		return ERR_PTR(-EPERM);
	}
	/*
	 * The top level's files live at the root of tracefs (parent NULL);
	 * its dir only records that the debugfs mount point exists.
	 */
	if (tr->dir)
		return NULL;
	if (WARN_ON(!tracefs_initialized()))
		return ERR_PTR(-ENODEV);
	tr->dir = debugfs_create_automount("tracing", NULL, tracefs_automount,
					   NULL);
	return NULL;
}

/* Files of the top level only. */
static const struct tr_file top_files[] __initconst = {
	{ "tracing_thresh",	 TRACE_MODE_WRITE, &tracing_thresh_fops },
	{ "README",		 TRACE_MODE_READ,  &readme_fops },
};

static __init int tracer_tracefs_init(void)
{
	struct dentry *d;
	int i;

	if (tracing_is_disabled())
		return 0;
	d = tracing_init_dentry();
	if (IS_ERR(d))
		return 0;

	mutex_lock(&trace_types_lock);
	for (i = 0; i < ARRAY_SIZE(top_files); i++)
		trace_create_file(top_files[i].name, top_files[i].mode, d,
				  &global_trace, top_files[i].fops);
	init_tracer_tracefs(&global_trace, d);
	mutex_unlock(&trace_types_lock);

	trace_instances_init(d);
	return 0;
}
fs_initcall(tracer_tracefs_init);
