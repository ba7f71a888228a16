// SPDX-License-Identifier: GPL-2.0
/*
 * Listings of the call-site records:
 *   available_filter_functions        every site's function (and module)
 *   available_filter_functions_addrs  the same with the site's address
 *   enabled_functions                 sites that call something now, with
 *                                     how many ops, which flags, and what
 *                                     they call
 *   touched_functions                 sites that were ever traced
 *   dyn_ftrace_total_info             counts
 * and the read side of set_ftrace_filter / set_ftrace_notrace, which list
 * the functions of a hash, then the :mod: filters waiting for their
 * module (ftrace_filter.c), then (set_ftrace_filter) the commands
 * attached to functions (ftrace_probes.c).
 *
 * A listing holds ftrace_lock from ->start to ->stop, so the records
 * cannot change under one read; between reads they may (modules come and
 * go), and the position is then found again from the start.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/tracefs.h>

#include "ftrace_internal.h"
#include "trace.h"

/* A name kallsyms cannot give for a record (replaced weak function). */
#define INVALID_FUNC_NAME	"__ftrace_invalid_address__"

static bool rec_listed(struct ftrace_listing *it, struct ftrace_rec *r)
{
	unsigned long fl = r->dyn.flags;

	if ((it->flags & (FTRACE_ITER_FILTER | FTRACE_ITER_NOTRACE)) &&
	    !ftrace_lookup_ip(it->hash, r->dyn.ip))
		return false;
	if ((it->flags & FTRACE_ITER_ENABLED) && !(fl & FTRACE_FL_ENABLED))
		return false;
	if ((it->flags & FTRACE_ITER_TOUCHED) && !(fl & FTRACE_FL_TOUCHED))
		return false;
	return true;
}

/* The next listed record from (it->g, it->i) on, or NULL. */
static struct ftrace_rec *next_rec(struct ftrace_listing *it)
{
	for (; it->g; it->g = ftrace_locked(it->g->next), it->i = 0) {
		while (it->i < it->g->nr) {
			struct ftrace_rec *r = &it->g->recs[it->i++];

			if (rec_listed(it, r))
				return r;
		}
	}
	return NULL;
}

/*
 * Move to the item after the current one. The items are: the header line
 * (only for an empty hash, and then no records follow), the records, the
 * cached :mod: filters, the commands attached to functions (probes).
 */
static bool listing_step(struct ftrace_listing *it)
{
	switch (it->kind) {
	case FTRACE_LIST_NONE:
		if (it->head) {
			it->kind = FTRACE_LIST_HEAD;
			return true;
		}
		it->kind = FTRACE_LIST_REC;
		it->g = ftrace_first_group();
		it->i = 0;
		fallthrough;
	case FTRACE_LIST_REC:
		if (it->kind == FTRACE_LIST_REC) {
			it->rec = next_rec(it);
			if (it->rec)
				return true;
		}
		fallthrough;
	case FTRACE_LIST_HEAD:
		it->kind = FTRACE_LIST_MOD;
		it->mod = NULL;
		fallthrough;
	case FTRACE_LIST_MOD:
		if (it->mods) {
			it->mod = it->mod ? list_next_entry(it->mod, list) :
				  list_first_entry(it->mods,
						   struct ftrace_mod_entry, list);
			if (&it->mod->list != it->mods)
				return true;
		}
		it->kind = FTRACE_LIST_PROBE;
		it->probe = NULL;
		it->site = NULL;
		fallthrough;
	case FTRACE_LIST_PROBE:
		if (ftrace_probe_listing_next(it))
			return true;
		break;
	case FTRACE_LIST_END:
		break;
	}
	it->kind = FTRACE_LIST_END;
	return false;
}

static void *listing_start(struct seq_file *m, loff_t *pos)
{
	struct ftrace_listing *it = m->private;

	mutex_lock(&ftrace_lock);
	if (ftrace_is_dead())
		return NULL;
	/*
	 * A read continues where the last one stopped (at the item that no
	 * longer fitted, or the one after it) unless records or mod
	 * filters changed meanwhile; anything else starts over.
	 */
	if (it->gen != ftrace_listing_generation() || *pos < it->pos ||
	    it->kind == FTRACE_LIST_NONE || it->kind == FTRACE_LIST_END) {
		it->gen = ftrace_listing_generation();
		it->kind = FTRACE_LIST_NONE;
		it->pos = -1;
	}
	while (it->pos < *pos) {
		if (!listing_step(it))
			return NULL;
		it->pos++;
	}
	return it;
}

static void *listing_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct ftrace_listing *it = m->private;

	(*pos)++;
	if (!listing_step(it))
		return NULL;
	it->pos = *pos;
	return it;
}

static void listing_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_lock);
}

/* "name" or "name [module]"; false when the site has no valid name. */
static bool show_name(struct seq_file *m, unsigned long ip)
{
	char name[KSYM_SYMBOL_LEN];
	unsigned long offset = 0;
	char *modname = NULL;
	const char *ok;

	ok = kallsyms_lookup(ip, NULL, &offset, &modname, name);
#ifdef FTRACE_MCOUNT_MAX_OFFSET
	if (ok && offset > FTRACE_MCOUNT_MAX_OFFSET)
		ok = NULL;
#endif
	if (!ok) {
		seq_printf(m, "%s_%lu", INVALID_FUNC_NAME, offset);
		return false;
	}
	seq_puts(m, name);
	if (modname)
		seq_printf(m, " [%s]", modname);
	return true;
}

/* What a trampoline ends up calling, as " ->symbol". */
static void show_tramp_target(struct seq_file *m, struct ftrace_ops *ops,
			      struct dyn_ftrace *rec)
{
	void *fn = arch_ftrace_trampoline_func(ops, rec);

	if (fn)
		seq_printf(m, " ->%pS", fn);
}

static void show_details(struct seq_file *m, struct ftrace_rec *r)
{
	struct dyn_ftrace *rec = &r->dyn;
	unsigned long fl = rec->flags;
	struct ftrace_ops *ops;
	unsigned long direct;

	seq_printf(m, " (%ld)%s%s%s%s%s", ftrace_rec_count(rec),
		   fl & FTRACE_FL_REGS ? " R" : "  ",
		   fl & FTRACE_FL_IPMODIFY ? " I" : "  ",
		   fl & FTRACE_FL_DIRECT ? " D" : "  ",
		   fl & FTRACE_FL_CALL_OPS ? " O" : "  ",
		   fl & FTRACE_FL_MODIFIED ? " M " : "   ");
	if (fl & FTRACE_FL_TRAMP_EN) {
		/* the trampoline the site calls is that of its only ops */
		ops = ftrace_ops_trampoline(r->target);
		if (ops) {
			seq_printf(m, "\ttramp: %pS (%pS)",
				   (void *)ops->trampoline, (void *)ops->func);
			show_tramp_target(m, ops, rec);
		} else {
			seq_puts(m, "\ttramp: ERROR!");
		}
	} else {
		show_tramp_target(m, NULL, rec);
	}
	if (fl & FTRACE_FL_DIRECT) {
		direct = ftrace_direct_addr(rec->ip);
		if (direct)
			seq_printf(m, "\n\tdirect-->%pS", (void *)direct);
	}
}

static int listing_show(struct seq_file *m, void *v)
{
	struct ftrace_listing *it = m->private;
	struct ftrace_mod_entry *me;
	struct ftrace_rec *r;

	switch (it->kind) {
	case FTRACE_LIST_HEAD:
		seq_puts(m, it->flags & FTRACE_ITER_NOTRACE ?
			 "#### no functions disabled ####\n" :
			 "#### all functions enabled ####\n");
		return 0;
	case FTRACE_LIST_MOD:
		me = it->mod;
		seq_printf(m, "%s:mod:%s\n", me->func ?: "*", me->module);
		return 0;
	case FTRACE_LIST_PROBE:
		ftrace_probe_listing_show(m, it);
		return 0;
	default:
		break;
	}
	r = it->rec;
	if (it->flags & FTRACE_ITER_ADDRS)
		seq_printf(m, "%lx ", r->dyn.ip);
	if (show_name(m, r->dyn.ip) &&
	    (it->flags & (FTRACE_ITER_ENABLED | FTRACE_ITER_TOUCHED)))
		show_details(m, r);
	seq_putc(m, '\n');
	return 0;
}

const struct seq_operations ftrace_listing_seq_ops = {
	.start	= listing_start,
	.next	= listing_next,
	.stop	= listing_stop,
	.show	= listing_show,
};

/* The whole-record listings: no hash, no mods, no header. */
static int listing_open(struct file *file, unsigned int flags, bool locked)
{
	struct ftrace_listing *it;
	int ret;

	if (locked) {
		ret = security_locked_down(LOCKDOWN_TRACEFS);
		if (ret)
			return ret;
	}
	if (ftrace_is_dead())
		return -ENODEV;
	it = __seq_open_private(file, &ftrace_listing_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->flags = flags;
	return 0;
}

static int avail_open(struct inode *inode, struct file *file)
{
	return listing_open(file, 0, true);
}

static int avail_addrs_open(struct inode *inode, struct file *file)
{
	return listing_open(file, FTRACE_ITER_ADDRS, true);
}

/*
 * What is being traced, and by what, is shown even under lockdown: an
 * administrator needs to see it.
 */
static int enabled_open(struct inode *inode, struct file *file)
{
	return listing_open(file, FTRACE_ITER_ENABLED, false);
}

static int touched_open(struct inode *inode, struct file *file)
{
	return listing_open(file, FTRACE_ITER_TOUCHED, false);
}

#define LISTING_FOPS(name, opener)				\
static const struct file_operations name = {			\
	.open		= opener,				\
	.read		= seq_read,				\
	.llseek		= seq_lseek,				\
	.release	= seq_release_private,			\
}

LISTING_FOPS(avail_fops, avail_open);
LISTING_FOPS(avail_addrs_fops, avail_addrs_open);
LISTING_FOPS(enabled_fops, enabled_open);
LISTING_FOPS(touched_fops, touched_open);

static ssize_t total_info_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	unsigned long pages, groups;
	char buf[64];
	int len;

	ftrace_groups_count(&pages, &groups);
	len = scnprintf(buf, sizeof(buf), "%lu pages:%lu groups: %lu\n",
			ftrace_records_count(), pages, groups);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations total_info_fops = {
	.open		= tracing_open_generic,
	.read		= total_info_read,
	.llseek		= default_llseek,
};

/* The listings are global: only the top level has them. */
static void listing_files_create(struct trace_array *tr, struct dentry *dir)
{
	if (!(tr->flags & TRACE_ARRAY_FL_GLOBAL))
		return;
	trace_create_file("available_filter_functions", TRACE_MODE_READ,
			  dir, NULL, &avail_fops);
	trace_create_file("available_filter_functions_addrs", TRACE_MODE_READ,
			  dir, NULL, &avail_addrs_fops);
	trace_create_file("enabled_functions", TRACE_MODE_READ, dir, NULL,
			  &enabled_fops);
	trace_create_file("touched_functions", TRACE_MODE_READ, dir, NULL,
			  &touched_fops);
	trace_create_file("dyn_ftrace_total_info", TRACE_MODE_READ, dir,
			  NULL, &total_info_fops);
}

static struct trace_array_client listing_files = {
	.name		= "ftrace_files",
	.create = listing_files_create,
};

static int __init ftrace_listing_files_init(void)
{
	return trace_array_client_register(&listing_files);
}
core_initcall(ftrace_listing_files_init);
