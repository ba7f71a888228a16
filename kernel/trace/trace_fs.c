// SPDX-License-Identifier: GPL-2.0
/*
 * tracefs bring-up and the core's control files of every trace array:
 * which tracer runs, the buffer's size and clock, the CPUs that record,
 * and the top-level-only README and tracing_thresh. The other files of
 * an array (trace, trace_pipe, options/, events/, ...) are made by the
 * subsystems that serve them, through the trace_array_files hook kept
 * here; instances/ comes from trace_instances.c.
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
 * What this kernel offers, one block per feature: a feature that adds
 * files adds its block here (under its config option if it has one).
 */
static const char readme_text[] =
	"tracing mini-HOWTO:\n\n"
	"Only the owner (root) may use these files: nobody else gets any\n"
	"permission. To let a group use them, give its id when mounting:\n\n"
	"  mount options:\n"
	"\t[gid=<gid>]\t- group owning every file and directory of tracefs\n"
	"\t  e.g. mount -t tracefs -o gid=<gid> nodev /sys/kernel/tracing\n\n"
	"# echo 0 > tracing_on : stop writing into the buffer (keeps its data)\n"
	"# echo 1 > tracing_on : write into it again\n\n"
	" Files of the top directory and of every instance:\n"
	"  trace\t\t\t- the buffer's contents; reading consumes nothing\n"
	"\t\t\t  To empty the buffer: echo > trace\n"
	"  trace_pipe\t\t- the buffer's contents, consumed as they are read;\n"
	"\t\t\t  waits while the buffer is empty\n"
	"  tracing_on\t\t- 1 while the buffer records, 0 while it does not\n"
	"  current_tracer\t- the tracer in use; write a name to change it\n"
	"  available_tracers\t- the names current_tracer accepts\n"
	"  trace_options\t\t- every option and its state; write an option's\n"
	"\t\t\t  name to set it, 'no' and the name to clear it\n"
	"  options/\t\t- one file per option, holding 0 or 1\n"
	"  error_log\t\t- why recent commands failed; echo > error_log clears it\n"
	"  buffer_size_kb\t- KiB of buffer per CPU (X when CPUs differ)\n"
	"  buffer_total_size_kb  - KiB of buffer of all CPUs together\n"
	"  buffer_subbuf_size_kb - KiB of one sub-buffer, which bounds the size\n"
	"\t\t\t  of one event (rounded up to a power-of-two pages)\n"
	"  buffer_percent\t- how full the buffer must be before a blocked\n"
	"\t\t\t  reader of trace_pipe_raw wakes up (0: at once)\n"
	"  free_buffer\t\t- shrinks the buffer to its minimum when closed;\n"
	"\t\t\t  with option disable_on_free, stops tracing first\n"
	"  trace_clock\t\t- the clock stamping events, current one in []:\n"
	"\t   local: per CPU, fast, CPUs may disagree slightly\n"
	"\t  global: one clock for all CPUs, slower\n"
	"\t counter: a count of events, not a time\n"
	"\t  uptime: jiffies since boot\n"
	"\t    perf: the clock perf events use\n"
	"\t    mono: CLOCK_MONOTONIC\n"
	"\tmono_raw: CLOCK_MONOTONIC_RAW\n"
	"\t    boot: CLOCK_BOOTTIME\n"
	"\t     tai: CLOCK_TAI\n"
#ifdef CONFIG_X86_TSC
	"\t x86-tsc: the TSC cycle counter\n"
#endif
	"  timestamp_mode\t- how events are stamped, current one in []:\n"
	"\t   delta: against the previous event of the sub-buffer\n"
	"\tabsolute: each event with the full time\n"
	"  trace_marker\t\t- text written here is recorded in the buffer\n"
	"  trace_marker_raw\t- binary data written here (a 4-byte id first)\n"
	"\t\t\t  is recorded in the buffer\n"
	"  tracing_cpumask\t- hex mask of the CPUs that record\n"
#ifdef CONFIG_DYNAMIC_FTRACE
	"  set_ftrace_filter\t- the function tracer traces only these functions\n"
	"\t\t\t  (none listed: every function)\n"
	"\t     accepts: func_full_name or glob-matching-pattern ('*', '?',\n"
	"\t\t      '[...]'), several per write; '!pattern' takes\n"
	"\t\t      functions out; a number N the function on line N\n"
	"\t\t      of available_filter_functions\n"
	"\t     modules: pattern:mod:module-name, also for a module that\n"
	"\t\t      is not loaded yet (applied when it loads)\n"
	"\t     example: echo 'sched*' > set_ftrace_filter\n"
	"\t\t      echo '*:mod:ext4' >> set_ftrace_filter\n"
	"\t\t      echo '!schedule' >> set_ftrace_filter\n"
	"  set_ftrace_notrace\t- never trace these functions (same syntax)\n"
#endif
#ifdef CONFIG_FUNCTION_TRACER
	"  set_ftrace_pid\t- the function tracer traces only these tasks\n"
	"\t\t\t  (no pid: every task); echo > set_ftrace_pid clears\n"
	"  set_ftrace_notrace_pid - the function tracer never traces these\n"
	"\t\t\t  With option function-fork, children of listed\n"
	"\t\t\t  tasks join their list\n"
#endif
#ifdef CONFIG_TRACER_MAX_TRACE
	"  tracing_max_latency\t- the largest latency a latency tracer saw (usecs)\n"
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
	"  snapshot\t\t- a second buffer that trades places with the live one\n"
	"\t\t\t  echo 1 > snapshot : take a snapshot (allocates it)\n"
	"\t\t\t  echo 0 > snapshot : free the snapshot buffer\n"
	"\t\t\t  echo 2 > snapshot : empty it\n"
	"\t\t\t  Read it like trace.\n"
#endif
	"  per_cpu/cpuN/\t\t- trace, trace_pipe, trace_pipe_raw, stats and\n"
	"\t\t\t  buffer_size_kb of one CPU"
#ifdef CONFIG_TRACER_SNAPSHOT
	", and its snapshot and\n\t\t\t  snapshot_raw"
#endif
	"\n"
	"  events/\t\t- describes events for readers of the raw buffers:\n"
	"      enable\t\t- write 0/1 to disable/enable all events\n"
	"      header_page\t- layout of a sub-buffer's header\n"
	"      header_event\t- layout of an event's header\n"
	"      ftrace/<entry>/\t- format and id of each entry the core writes\n"
	"\n Files of the top directory only:\n"
	"  instances/\t\t- mkdir instances/<name> makes another trace array\n"
	"\t\t\t  with the files above; rmdir removes it\n"
	"  tracing_thresh\t- latency threshold in usecs (0: track the largest)\n"
	"  saved_cmdlines\t- the pid to command name map used by the output\n"
	"  saved_cmdlines_size\t- how many pids saved_cmdlines remembers\n"
	"  saved_tgids\t\t- the pid to thread group map (option record-tgid)\n"
	"  printk_formats\t- the formats of trace_printk() calls by address\n"
#ifdef CONFIG_DYNAMIC_FTRACE
	"  available_filter_functions - the functions that can be traced\n"
	"  available_filter_functions_addrs - the same with their call-site\n"
	"\t\t\t  addresses\n"
	"  enabled_functions\t- functions traced now: how many users, flags\n"
	"\t\t\t  (R regs, I changes the IP, D direct call, M was\n"
	"\t\t\t  modified), what their call site calls\n"
	"  touched_functions\t- functions that have ever been traced\n"
	"  dyn_ftrace_total_info - call sites, and the pages and groups of\n"
	"\t\t\t  their records\n"
#endif
#ifdef CONFIG_FUNCTION_PROFILER
	"  function_profile_enabled - 1 counts the calls of each function\n"
	"\t\t\t  (from zero), 0 stops; per CPU counts are in\n"
	"\t\t\t  trace_stat/function<cpu>\n"
#endif
	"  README\t\t- this text\n";

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

/*
 * Every other file of an array belongs to the subsystem that serves it,
 * which registers its trace_array_files (see trace.h). The list only
 * grows, and only until the top level's files exist: from then on every
 * array must find the same set. Both under trace_types_lock.
 */
static LIST_HEAD(array_files);
static bool array_files_closed;

int trace_array_files_register(struct trace_array_files *files)
{
	int ret = 0;

	mutex_lock(&trace_types_lock);
	if (WARN(array_files_closed,
		 "tracing: %ps registers array files after tracefs is up\n",
		 files->create))
		ret = -EBUSY;
	else
		list_add_tail(&files->list, &array_files);
	mutex_unlock(&trace_types_lock);
	return ret;
}

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
	struct trace_array_files *files;
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
		list_for_each_entry(files, &array_files, list)
			if (files->create_cpu)
				files->create_cpu(tr, d_cpu, cpu);
	}
}

void init_tracer_tracefs(struct trace_array *tr, struct dentry *d_tracer)
{
	struct trace_array_files *files;
	int i;

	lockdep_assert_held(&trace_types_lock);

	for (i = 0; i < ARRAY_SIZE(tr_files); i++)
		trace_create_file(tr_files[i].name, tr_files[i].mode,
				  d_tracer, tr, tr_files[i].fops);
	list_for_each_entry(files, &array_files, list)
		if (files->create)
			files->create(tr, d_tracer);
	create_percpu_dirs(tr, d_tracer);
}

void trace_array_files_remove(struct trace_array *tr)
{
	struct trace_array_files *files;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry_reverse(files, &array_files, list)
		if (files->remove)
			files->remove(tr);
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
	array_files_closed = true;
	for (i = 0; i < ARRAY_SIZE(top_files); i++)
		trace_create_file(top_files[i].name, top_files[i].mode, d,
				  &global_trace, top_files[i].fops);
	init_tracer_tracefs(&global_trace, d);
	mutex_unlock(&trace_types_lock);

	trace_instances_init(d);
	return 0;
}
fs_initcall(tracer_tracefs_init);
