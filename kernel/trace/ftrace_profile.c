// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler: "echo 1 > function_profile_enabled" counts the
 * calls of every function the top level's set_ftrace_filter lets
 * through, per CPU, until "echo 0"; trace_stat/functionN lists CPU N's
 * counts, the most called first. Enabling again starts from zero.
 *
 * Each CPU has a table of records, one per function called, found by a
 * small hash from the function's address. The table is allocated when
 * profiling starts, large enough for every call site, so the callback
 * never allocates: it runs in any context with interrupts off, and an
 * NMI that comes while its CPU adds a record counts nothing.
 *
 * Without function_graph there is no way to time a function's return:
 * the files have the "Hit" column only (the reference, built with the
 * graph tracer, adds Time, Avg and s^2).
 */
#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/vmalloc.h>

#include "ftrace_internal.h"
#include "trace.h"

#define PROF_HASH_BITS	10

struct prof_rec {
	unsigned long	ip;
	unsigned long	hits;
	int		next;	/* index of the next in the bucket, or -1 */
};

/* What trace_stat copies out of a record. */
struct prof_line {
	unsigned long	ip;
	unsigned long	hits;
};

struct prof_cpu {
	struct prof_rec	*recs;
	unsigned int	max;	/* records allocated */
	/*
	 * Records in use. Written by the callback on this CPU only, after
	 * the record it counts is filled in; read by trace_stat files
	 * (smp_load_acquire(), pairs with the smp_store_release() in
	 * prof_add()).
	 */
	unsigned int	used;
	atomic_t	adding;	/* an add is under way (NMI guard) */
	int		heads[1 << PROF_HASH_BITS];
	struct trace_stat stat;
};

static DEFINE_PER_CPU(struct prof_cpu *, prof_cpus);
/* function_profile_enabled; and the tables, which change only while 0 */
static DEFINE_MUTEX(prof_mutex);
static bool prof_enabled;

static struct prof_rec *prof_find(struct prof_cpu *pc, unsigned long ip)
{
	int i = READ_ONCE(pc->heads[hash_long(ip, PROF_HASH_BITS)]);

	while (i >= 0) {
		if (pc->recs[i].ip == ip)
			return &pc->recs[i];
		i = pc->recs[i].next;
	}
	return NULL;
}

/* A first call of @ip on this CPU: a new record, or NULL. IRQs off. */
static struct prof_rec *prof_add(struct prof_cpu *pc, unsigned long ip)
{
	struct prof_rec *rec = NULL;
	unsigned int n;
	int *head;

	/* an NMI in the middle of an add of this CPU counts nothing */
	if (atomic_inc_return(&pc->adding) != 1)
		goto out;
	n = pc->used;
	if (n >= pc->max)
		goto out;
	head = &pc->heads[hash_long(ip, PROF_HASH_BITS)];
	rec = &pc->recs[n];
	rec->ip = ip;
	rec->hits = 0;
	rec->next = *head;
	WRITE_ONCE(*head, n);
	/* the record is complete before a reader counts it */
	smp_store_release(&pc->used, n + 1);
out:
	atomic_dec(&pc->adding);
	return rec;
}

static void prof_call(unsigned long ip, unsigned long parent_ip,
		      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct prof_rec *rec;
	struct prof_cpu *pc;
	unsigned long flags;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	/* the records of a CPU are changed by that CPU only, IRQs off */
	local_irq_save(flags);
	pc = this_cpu_read(prof_cpus);
	if (likely(pc && READ_ONCE(prof_enabled))) {
		rec = prof_find(pc, ip);
		if (!rec)
			rec = prof_add(pc, ip);
		if (rec)
			rec->hits++;
	}
	local_irq_restore(flags);
	ftrace_test_recursion_unlock(bit);
}

/* No FTRACE_OPS_FL_RECURSION: prof_call() cuts recursion itself. */
static struct ftrace_ops prof_ops = {
	.func	= prof_call,
};

/* ------------------------------------------------------------------ */
/* trace_stat/functionN                                                 */

static unsigned long prof_count(const struct trace_stat *st)
{
	struct prof_cpu *pc = st->data;

	/* pairs with the smp_store_release() in prof_add() */
	return smp_load_acquire(&pc->used);
}

static unsigned long prof_copy(const struct trace_stat *st, void *buf,
			       unsigned long max)
{
	struct prof_cpu *pc = st->data;
	struct prof_line *line = buf;
	unsigned long i, n;

	/* prof_mutex: the records are not reset under us */
	mutex_lock(&prof_mutex);
	/* the records below used are complete: see prof_add() */
	n = min_t(unsigned long, max, smp_load_acquire(&pc->used));
	for (i = 0; i < n; i++) {
		line[i].ip = pc->recs[i].ip;
		line[i].hits = READ_ONCE(pc->recs[i].hits);
	}
	mutex_unlock(&prof_mutex);
	return n;
}

static int prof_cmp(const void *a, const void *b)
{
	const struct prof_line *x = a, *y = b;

	if (x->hits != y->hits)
		return x->hits < y->hits ? -1 : 1;
	return 0;
}

static void prof_headers(struct seq_file *m)
{
	seq_puts(m, "  Function                               Hit\n");
	seq_puts(m, "  --------                               ---\n");
}

static void prof_show(struct seq_file *m, const void *entry)
{
	const struct prof_line *line = entry;
	char name[KSYM_SYMBOL_LEN];

	kallsyms_lookup(line->ip, NULL, NULL, NULL, name);
	seq_printf(m, "  %-30.30s  %10lu\n", name, line->hits);
}

/* ------------------------------------------------------------------ */
/* function_profile_enabled                                             */

/* Give every CPU a table for every call site, empty. prof_mutex held. */
static int prof_tables_reset(void)
{
	unsigned int max = READ_ONCE(ftrace_nr_records);
	struct prof_cpu *pc;
	int cpu;

	for_each_possible_cpu(cpu) {
		pc = per_cpu(prof_cpus, cpu);
		/* modules loaded since may have added sites: grow */
		if (!pc->recs || pc->max < max) {
			vfree(pc->recs);
			pc->max = 0;
			pc->recs = vmalloc_array(max, sizeof(*pc->recs));
			if (!pc->recs)
				return -ENOMEM;
			pc->max = max;
		}
		pc->used = 0;
		memset(pc->heads, 0xff, sizeof(pc->heads));
	}
	return 0;
}

static ssize_t prof_enabled_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	char buf[4];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(prof_enabled));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* Start (from zero) or stop counting. */
static int prof_switch(bool on)
{
	int err = 0;

	mutex_lock(&prof_mutex);
	if (on && !prof_enabled) {
		err = prof_tables_reset();
		if (!err)
			err = register_ftrace_function(&prof_ops);
		if (!err)
			WRITE_ONCE(prof_enabled, true);
	} else if (!on && prof_enabled) {
		WRITE_ONCE(prof_enabled, false);
		/* waits for callbacks under way: the tables are ours again */
		unregister_ftrace_function(&prof_ops);
	}
	mutex_unlock(&prof_mutex);
	return err;
}

/* Any number: nonzero starts, zero stops. */
static ssize_t prof_enabled_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int err = kstrtoul_from_user(ubuf, cnt, 10, &val);

	if (!err)
		err = prof_switch(val != 0);
	if (err)
		return err;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations prof_enabled_fops = {
	.open		= tracing_open_generic,
	.read		= prof_enabled_read,
	.write		= prof_enabled_write,
	.llseek		= default_llseek,
};

static __init int ftrace_profile_init(void)
{
	struct prof_cpu *pc;
	int cpu;

	if (tracing_is_disabled())
		return 0;
	/* the profile follows the top level's set_ftrace_filter/notrace */
	prof_ops.func_hash = global_ops.func_hash;
	ftrace_ops_init(&prof_ops);
	for_each_possible_cpu(cpu) {
		pc = kzalloc(sizeof(*pc), GFP_KERNEL);
		if (!pc)
			return -ENOMEM;
		memset(pc->heads, 0xff, sizeof(pc->heads));
		pc->stat = (struct trace_stat) {
			.name		= kasprintf(GFP_KERNEL, "function%d", cpu),
			.entry_size	= sizeof(struct prof_line),
			.data		= pc,
			.count		= prof_count,
			.copy		= prof_copy,
			.cmp		= prof_cmp,
			.headers	= prof_headers,
			.show		= prof_show,
		};
		if (!pc->stat.name) {
			kfree(pc);
			return -ENOMEM;
		}
		per_cpu(prof_cpus, cpu) = pc;
		if (trace_stat_register(&pc->stat))
			pr_warn("tracing: no trace_stat/%s\n", pc->stat.name);
	}
	trace_create_file("function_profile_enabled", TRACE_MODE_WRITE, NULL,
			  NULL, &prof_enabled_fops);
	return 0;
}
fs_initcall(ftrace_profile_init);
