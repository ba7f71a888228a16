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
 * With the function graph core the profiler is one of its users: the
 * entry counts the call, the return adds its time, and the files show
 * Time, Avg and s^2 beside Hit, sorted by time. The time of a call is
 * the graph core's (sleep-time off: without the time the task slept);
 * graph-time off takes the time of its children out of it. Without the
 * graph core there is no way to time a return: "Hit" only, by hits.
 */
#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/vmalloc.h>

#include "fgraph_internal.h"
#include "ftrace_internal.h"
#include "trace.h"

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
#define PROF_TIMES	1
#else
#define PROF_TIMES	0
#endif

#define PROF_HASH_BITS	10

struct prof_rec {
	unsigned long	ip;
	unsigned long	hits;
	u64		time;	/* ns in the calls that returned, summed */
	u64		time_sq; /* the sum of their squares */
	int		next;	/* index of the next in the bucket, or -1 */
};

/* What trace_stat copies out of a record. */
struct prof_line {
	unsigned long	ip;
	unsigned long	hits;
	u64		time;
	u64		time_sq;
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
	rec->time = 0;
	rec->time_sq = 0;
	rec->next = *head;
	WRITE_ONCE(*head, n);
	/* the record is complete before a reader counts it */
	smp_store_release(&pc->used, n + 1);
out:
	atomic_dec(&pc->adding);
	return rec;
}

/* Count a call of @ip on this CPU. */
static void prof_hit(unsigned long ip)
{
	struct prof_rec *rec;
	struct prof_cpu *pc;
	unsigned long flags;

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
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* graph-time: off, a call's time leaves out the time of its children */
static bool prof_graph_time = true;

void ftrace_profile_graph_time(bool on)
{
	WRITE_ONCE(prof_graph_time, on);
}

/* The graph core holds the recursion bit and has preemption off. */
static int prof_graph_entry(struct ftrace_graph_ent *trace,
			    struct fgraph_ops *gops)
{
	struct ftrace_ret_stack *frame = ftrace_graph_get_ret_stack(current, 0);

	prof_hit(trace->func);
	/* the time of the children that return, for graph-time off */
	if (frame)
		frame->subtime = 0;
	return 1;
}

/* The time of the call that returns, as graph-time wants it counted. */
static u64 prof_call_time(struct ftrace_graph_ret *trace)
{
	u64 t = trace->rettime - trace->calltime;
	struct ftrace_ret_stack *frame;

	if (READ_ONCE(prof_graph_time))
		return t;
	/*
	 * The frame below is the caller's (or whatever the graph core
	 * pushed under us): it leaves out all of our time.
	 */
	frame = ftrace_graph_get_ret_stack(current, 1);
	if (frame)
		frame->subtime += t;
	frame = ftrace_graph_get_ret_stack(current, 0);
	if (!frame || frame->subtime >= t)
		return 0;
	return t - frame->subtime;
}

static void prof_graph_return(struct ftrace_graph_ret *trace,
			      struct fgraph_ops *gops)
{
	u64 t = prof_call_time(trace);
	struct prof_rec *rec;
	struct prof_cpu *pc;
	unsigned long flags;

	/*
	 * The record of the CPU the call returns on: the entry may have
	 * counted it on another one, and then, as upstream, no time here.
	 */
	local_irq_save(flags);
	pc = this_cpu_read(prof_cpus);
	if (likely(pc && READ_ONCE(prof_enabled))) {
		rec = prof_find(pc, trace->func);
		if (rec) {
			rec->time += t;
			rec->time_sq += t * t;
		}
	}
	local_irq_restore(flags);
}

static struct fgraph_ops prof_gops = {
	.entryfunc	= prof_graph_entry,
	.retfunc	= prof_graph_return,
};

static int prof_register(void)
{
	return register_ftrace_graph(&prof_gops);
}

static void prof_unregister(void)
{
	unregister_ftrace_graph(&prof_gops);
}

static struct ftrace_ops *prof_ftrace_ops(void)
{
	return &prof_gops.ops;
}
#else
static void prof_call(unsigned long ip, unsigned long parent_ip,
		      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	int bit = ftrace_test_recursion_trylock(ip, parent_ip);

	if (bit < 0)
		return;
	prof_hit(ip);
	ftrace_test_recursion_unlock(bit);
}

/* No FTRACE_OPS_FL_RECURSION: prof_call() cuts recursion itself. */
static struct ftrace_ops prof_ops = {
	.func	= prof_call,
};

static int prof_register(void)
{
	return register_ftrace_function(&prof_ops);
}

static void prof_unregister(void)
{
	unregister_ftrace_function(&prof_ops);
}

static struct ftrace_ops *prof_ftrace_ops(void)
{
	return &prof_ops;
}
#endif

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
		line[i].time = READ_ONCE(pc->recs[i].time);
		line[i].time_sq = READ_ONCE(pc->recs[i].time_sq);
	}
	mutex_unlock(&prof_mutex);
	return n;
}

/* The order of the lines: by time where there are times, else by hits. */
static int prof_cmp(const void *a, const void *b)
{
	const struct prof_line *x = a, *y = b;

	if (PROF_TIMES) {
		if (x->time != y->time)
			return x->time < y->time ? -1 : 1;
		return 0;
	}
	if (x->hits != y->hits)
		return x->hits < y->hits ? -1 : 1;
	return 0;
}

static void prof_headers(struct seq_file *m)
{
	if (PROF_TIMES) {
		seq_puts(m, "  Function                               Hit    Time            Avg             s^2\n");
		seq_puts(m, "  --------                               ---    ----            ---             ---\n");
		return;
	}
	seq_puts(m, "  Function                               Hit\n");
	seq_puts(m, "  --------                               ---\n");
}

static void prof_show_name(struct seq_file *m, const struct prof_line *line)
{
	char name[KSYM_SYMBOL_LEN];

	kallsyms_lookup(line->ip, NULL, NULL, NULL, name);
	seq_printf(m, "  %-30.30s  %10lu", name, line->hits);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Hit, Time, Avg and s^2. The variance is the sample one, n*sum(x^2)
 * less sum(x)^2 over n*(n-1), in ns^2 scaled down by 1000 so that the
 * duration printer's own division by 1000 shows it in us^2. Lines whose
 * average is under tracing_thresh are left out.
 */
static void prof_show(struct seq_file *m, const void *entry)
{
	/* too big for the stack; prof_mutex keeps it to one reader */
	static struct trace_seq s;
	const struct prof_line *line = entry;
	u64 avg, var = 0, denom;

	/* copied between the record's add and its first count */
	if (!line->hits)
		return;
	avg = div64_ul(line->time, line->hits);
	if (tracing_thresh && avg < tracing_thresh)
		return;
	denom = (u64)line->hits * (line->hits - 1) * 1000;
	if (denom)
		var = div64_u64(line->hits * line->time_sq -
				line->time * line->time, denom);
	mutex_lock(&prof_mutex);
	trace_seq_init(&s);
	trace_seq_puts(&s, "    ");
	trace_graph_print_duration(line->time, &s);
	trace_seq_puts(&s, "    ");
	trace_graph_print_duration(avg, &s);
	trace_seq_puts(&s, "    ");
	trace_graph_print_duration(var, &s);
	prof_show_name(m, line);
	trace_print_seq(m, &s);
	seq_putc(m, '\n');
	mutex_unlock(&prof_mutex);
}
#else
static void prof_show(struct seq_file *m, const void *entry)
{
	prof_show_name(m, entry);
	seq_putc(m, '\n');
}
#endif

/* ------------------------------------------------------------------ */
/* function_profile_enabled                                             */

/* Give every CPU a table for every call site, empty. prof_mutex held. */
static int prof_tables_reset(void)
{
	unsigned int max = ftrace_records_count();
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
			err = prof_register();
		if (!err)
			WRITE_ONCE(prof_enabled, true);
	} else if (!on && prof_enabled) {
		WRITE_ONCE(prof_enabled, false);
		/* waits for callbacks under way: the tables are ours again */
		prof_unregister();
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
	prof_ftrace_ops()->func_hash = global_ops.func_hash;
	ftrace_ops_init(prof_ftrace_ops());
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
