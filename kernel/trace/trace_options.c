// SPDX-License-Identifier: GPL-2.0
/*
 * The option switches of a trace array: trace_options (every option by
 * name) and options/, with one 0/1 file per core flag and one per
 * private option of each tracer the array may use.
 *
 * Option files are not tied to one array by a plain pointer: an rmdir
 * of the instance may free the array while a file is being opened, so
 * the open matches i_private against the live arrays under
 * trace_types_lock and takes the reference there.
 */
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_core.h"

/* Core flags only the top level has get no options/ file in instances. */
static bool core_flag_shown(struct trace_array *tr, int bit)
{
	return (tr->flags & TRACE_ARRAY_FL_GLOBAL) ||
		!(BIT(bit) & TOP_LEVEL_TRACE_FLAGS);
}

static int trace_options_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	struct tracer_flags *tf;
	struct tracer_opt *opt;
	int i;

	mutex_lock(&trace_types_lock);
	/*
	 * Every core flag is listed, top-level-only ones included, as
	 * upstream lists them; only their options/ files are left out of
	 * instances.
	 */
	for (i = 0; trace_options[i]; i++)
		seq_printf(m, "%s%s\n", tr->trace_flags & BIT(i) ? "" : "no",
			   trace_options[i]);
	tf = tr->current_trace->flags;
	for (opt = tf ? tf->opts : NULL; opt && opt->name; opt++)
		seq_printf(m, "%s%s\n", tf->val & opt->bit ? "" : "no",
			   opt->name);
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int trace_options_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;
	ret = single_open(file, trace_options_show, tr);
	if (ret)
		trace_array_put(tr);
	return ret;
}

static int trace_options_release(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return single_release(inode, file);
}

static ssize_t trace_options_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	char opt[64];
	int err;

	/* One option per write; none is anywhere near this long. */
	if (cnt >= sizeof(opt))
		return -EINVAL;
	if (copy_from_user(opt, ubuf, cnt))
		return -EFAULT;
	opt[cnt] = '\0';

	err = trace_set_options(tr, opt);
	if (err < 0)
		return err;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_options_fops = {
	.open		= trace_options_open,
	.read		= seq_read,
	.write		= trace_options_write,
	.llseek		= seq_lseek,
	.release	= trace_options_release,
};

static ssize_t read_bool(bool on, char __user *ubuf, size_t cnt, loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, on ? "1\n" : "0\n", 2);
}

static int parse_bool01(const char __user *ubuf, size_t cnt, bool *on)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	*on = val;
	return 0;
}

/*
 * options/<core flag>: i_private points at tr->trace_flags_index[bit],
 * which holds bit, so the file names both the array and the flag. The
 * array may be freed by an rmdir racing with the open, so the pointer is
 * only matched against the live arrays, never followed, until the
 * reference is taken.
 */
static struct trace_array *core_opt_array(void *slot)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		void *first = tr->trace_flags_index;

		if (slot >= first && slot < first + TRACE_FLAGS_MAX_SIZE)
			return tr;
	}
	return NULL;
}

static void core_opt_decode(void *slot, struct trace_array **tr,
			    unsigned int *bit)
{
	*bit = *(unsigned char *)slot;
	*tr = container_of(slot - *bit, struct trace_array,
			   trace_flags_index[0]);
}

/*
 * Open an option file: @find maps the inode's private data to its array
 * (NULL once the array is gone), which is pinned under the lock so it
 * cannot be removed while the file is open.
 */
static int opt_file_open(struct inode *inode, struct file *filp,
			 struct trace_array *(*find)(void *priv))
{
	struct trace_array *tr;
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	tr = find(inode->i_private);
	if (tr)
		tr->ref++;
	mutex_unlock(&trace_types_lock);
	if (!tr)
		return -ENODEV;
	filp->private_data = inode->i_private;
	return 0;
}

static int core_opt_open(struct inode *inode, struct file *filp)
{
	return opt_file_open(inode, filp, core_opt_array);
}

static int core_opt_release(struct inode *inode, struct file *filp)
{
	struct trace_array *tr;
	unsigned int bit;

	core_opt_decode(filp->private_data, &tr, &bit);
	trace_array_put(tr);
	return 0;
}

static ssize_t core_opt_read(struct file *filp, char __user *ubuf, size_t cnt,
			     loff_t *ppos)
{
	struct trace_array *tr;
	unsigned int bit;

	core_opt_decode(filp->private_data, &tr, &bit);
	return read_bool(tr->trace_flags & BIT(bit), ubuf, cnt, ppos);
}

static ssize_t core_opt_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr;
	unsigned int bit;
	bool on;
	int ret;

	core_opt_decode(filp->private_data, &tr, &bit);
	ret = parse_bool01(ubuf, cnt, &on);
	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	ret = set_tracer_flag(tr, BIT(bit), on);
	mutex_unlock(&trace_types_lock);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations core_opt_fops = {
	.open		= core_opt_open,
	.read		= core_opt_read,
	.write		= core_opt_write,
	.llseek		= generic_file_llseek,
	.release	= core_opt_release,
};

/*
 * options/<tracer option>: one record per file. The records of one
 * tracer are one allocation that never moves (only the table of them,
 * tr->topts, is reallocated), so i_private stays valid while @tr lives.
 */
struct tracer_opt_file {
	struct trace_array	*tr;
	struct tracer		*tracer;
	struct tracer_flags	*flags;
	struct tracer_opt	*opt;
};

struct trace_options {
	struct tracer_flags	*flags;
	struct tracer_opt_file	*files;
	int			nr;
};

/* The array owning @rec, if it still exists; as for core_opt_array(). */
static struct trace_array *tracer_opt_array(void *rec)
{
	struct trace_array *tr;
	int i;

	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		for (i = 0; i < tr->nr_topts; i++) {
			struct trace_options *to = &tr->topts[i];

			if (rec >= (void *)to->files &&
			    rec < (void *)(to->files + to->nr))
				return tr;
		}
	}
	return NULL;
}

static int tracer_opt_open(struct inode *inode, struct file *filp)
{
	return opt_file_open(inode, filp, tracer_opt_array);
}

static int tracer_opt_release(struct inode *inode, struct file *filp)
{
	struct tracer_opt_file *of = filp->private_data;

	trace_array_put(of->tr);
	return 0;
}

static ssize_t tracer_opt_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct tracer_opt_file *of = filp->private_data;

	return read_bool(of->flags->val & of->opt->bit, ubuf, cnt, ppos);
}

static ssize_t tracer_opt_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct tracer_opt_file *of = filp->private_data;
	struct tracer_flags *tf = of->flags;
	u32 bit = of->opt->bit;
	bool on;
	int ret;

	ret = parse_bool01(ubuf, cnt, &on);
	if (ret)
		return ret;

	mutex_lock(&trace_types_lock);
	/* The owning tracer may refuse, current or not (as upstream). */
	if (!!(tf->val & bit) != on && of->tracer->set_flag)
		ret = of->tracer->set_flag(of->tr, tf->val, bit, on);
	if (!ret) {
		if (on)
			tf->val |= bit;
		else
			tf->val &= ~bit;
	}
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations tracer_opt_fops = {
	.open		= tracer_opt_open,
	.read		= tracer_opt_read,
	.write		= tracer_opt_write,
	.llseek		= generic_file_llseek,
	.release	= tracer_opt_release,
};

/* May @tr use @t? Instances only take tracers made for them. */
static bool tracer_fits(struct trace_array *tr, struct tracer *t)
{
	return (tr->flags & TRACE_ARRAY_FL_GLOBAL) || t->allow_instances;
}

static void add_tracer_opt_files(struct trace_array *tr, struct tracer *t)
{
	struct tracer_flags *tf = t->flags;
	struct tracer_opt_file *files;
	struct trace_options *table;
	int i, nr = 0;

	if (!tf || !tf->opts || !tracer_fits(tr, t))
		return;
	/* Tracers may share one set of flags: one set of files for it. */
	for (i = 0; i < tr->nr_topts; i++)
		if (tr->topts[i].flags == tf)
			return;
	while (tf->opts[nr].name)
		nr++;
	if (!nr)
		return;

	files = kcalloc(nr, sizeof(*files), GFP_KERNEL);
	if (!files)
		return;
	table = krealloc_array(tr->topts, tr->nr_topts + 1, sizeof(*table),
			       GFP_KERNEL);
	if (!table) {
		kfree(files);
		return;
	}
	tr->topts = table;
	table[tr->nr_topts++] = (struct trace_options){
		.flags = tf, .files = files, .nr = nr,
	};

	for (i = 0; i < nr; i++) {
		files[i] = (struct tracer_opt_file){
			.tr = tr, .tracer = t, .flags = tf, .opt = &tf->opts[i],
		};
		trace_create_file(tf->opts[i].name, TRACE_MODE_WRITE,
				  tr->options, &files[i], &tracer_opt_fops);
	}
}

void update_tracer_options(struct trace_array *tr)
{
	struct tracer *t;

	lockdep_assert_held(&trace_types_lock);
	/* Before tracefs is up there is no options/ to fill. */
	if (!tr->options)
		return;
	for (t = trace_types_first(); t; t = t->next)
		add_tracer_opt_files(tr, t);
}

/* trace_options, and options/ with the core flags' files, then the tracers'. */
static void trace_options_create(struct trace_array *tr, struct dentry *d_tracer)
{
	int i;

	lockdep_assert_held(&trace_types_lock);
	trace_create_file("trace_options", TRACE_MODE_WRITE, d_tracer, tr,
			  &trace_options_fops);
	/* Each slot names its own bit: see core_opt_decode(). */
	for (i = 0; i < TRACE_FLAGS_MAX_SIZE; i++)
		tr->trace_flags_index[i] = i;

	tr->options = tracefs_create_dir("options", d_tracer);
	if (!tr->options) {
		pr_warn("tracing: could not create tracefs directory 'options'\n");
		return;
	}
	for (i = 0; trace_options[i]; i++) {
		if (core_flag_shown(tr, i))
			trace_create_file(trace_options[i], TRACE_MODE_WRITE,
					  tr->options,
					  &tr->trace_flags_index[i],
					  &core_opt_fops);
	}
	update_tracer_options(tr);
}

static void trace_options_free(struct trace_array *tr)
{
	int i;

	for (i = 0; i < tr->nr_topts; i++)
		kfree(tr->topts[i].files);
	kfree(tr->topts);
	tr->topts = NULL;
	tr->nr_topts = 0;
}

static struct trace_array_client options_files = {
	.name		= "trace_options",
	.create		= trace_options_create,
	.remove		= trace_options_free,
};

static int __init trace_options_init(void)
{
	return trace_array_client_register(&options_files);
}
core_initcall(trace_options_init);
