// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace_dump(): print the trace to the console when the kernel dies.
 *
 * With ftrace_dump_on_oops set (boot option or
 * /proc/sys/kernel/ftrace_dump_on_oops), an oops or a panic prints what
 * was traced just before it, which is often the only record of how the
 * machine got there. sysrq-z calls ftrace_dump() as well.
 *
 * Dumping reads the buffer destructively, the way trace_pipe does: it
 * runs with interrupts off, possibly with other CPUs stopped in any
 * state, so it must not sleep, allocate or wait for anyone.
 */
#include <linux/atomic.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/nmi.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_output.h"

/*
 * "0": off. Otherwise a comma separated list: first "1" (every CPU of
 * the top level) or "2"/"orig_cpu" (only the CPU that oopsed), then
 * instance names, each optionally followed by "=2" or "=orig_cpu".
 */
char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";

/* Stop tracing at the first WARN*(), so the trace ends at the warning. */
int __disable_trace_on_warning;

int ftrace_dump_on_oops_enabled(void)
{
	return strcmp(ftrace_dump_on_oops, "0") != 0;
}

/* "ftrace_dump_on_oops", "...=<list>" or "...,<instance list>". */
static int __init set_ftrace_dump_on_oops(char *str)
{
	switch (*str) {
	case '\0':
		strscpy(ftrace_dump_on_oops, "1", MAX_TRACER_SIZE);
		return 1;
	case ',':
		/* All CPUs of the top level, then the instances listed. */
		snprintf(ftrace_dump_on_oops, MAX_TRACER_SIZE, "1%s", str);
		return 1;
	case '=':
		strscpy(ftrace_dump_on_oops, str + 1, MAX_TRACER_SIZE);
		return 1;
	}
	return 0;	/* some other option sharing the prefix */
}
__setup("ftrace_dump_on_oops", set_ftrace_dump_on_oops);

static int __init set_traceoff_on_warning(char *str)
{
	if (strcmp(str, "=0") && strcmp(str, "=off"))
		__disable_trace_on_warning = 1;
	return 1;
}
__setup("traceoff_on_warning", set_traceoff_on_warning);

void disable_trace_on_warning(void)
{
	static const char msg[] = "Disabling tracing due to warning\n";

	if (!__disable_trace_on_warning)
		return;
	/* Leave a note at the end of the trace saying why it ends there. */
	__trace_array_puts(&global_trace, _THIS_IP_, msg, sizeof(msg) - 1);
	tracing_off();
}

/* printk truncates long records anyway; no trace line should be this long. */
#define DUMP_LINE_MAX	1000

static void dump_seq_flush(struct trace_seq *s)
{
	int len = min(trace_seq_used(s), DUMP_LINE_MAX);

	if (len)
		pr_emerg("%.*s", len, s->buffer);
	trace_seq_init(s);
}

/*
 * Static: two trace_seqs make the iterator too big for the stack, and
 * the one-at-a-time guard in ftrace_dump() makes sharing it safe.
 */
static struct trace_iterator dump_iter;

/*
 * The iterator trace_iter.c sets up for the top level, pointed at @tr.
 * An instance's tracer does not get its ->open() call: a dump must not
 * allocate, and the output copes with iter->private left NULL.
 */
static void dump_iter_init(struct trace_iterator *iter,
			   struct trace_array *tr)
{
	memset(iter, 0, sizeof(*iter));
	trace_init_global_iter(iter);
	if (tr == &global_trace)
		return;
	iter->tr = tr;
	iter->trace = tr->current_trace;
	iter->array_buffer = &tr->array_buffer;
	iter->private = NULL;
	iter->iter_flags &= ~(TRACE_FILE_ANNOTATE | TRACE_FILE_TIME_IN_NS);
	if (ring_buffer_overruns(tr->array_buffer.buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;
	if (trace_clocks[tr->clock_id].in_ns)
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;
}

static void dump_one(struct trace_array *tr, enum ftrace_dump_mode mode)
{
	struct trace_iterator *iter = &dump_iter;
	unsigned int userobj;
	unsigned long flags;
	int cpu, lines = 0;

	if (!tr->array_buffer.buffer)
		return;

	/*
	 * Tracing stays off afterwards: what happens during and after a
	 * crash is not worth recording over what led to it. After a
	 * sysrq-z, tracing_on turns it back on.
	 */
	tracer_tracing_off(tr);

	local_irq_save(flags);
	dump_iter_init(iter, tr);
	iter->cpu_file = mode == DUMP_ORIG ? raw_smp_processor_id() :
					     RING_BUFFER_ALL_CPUS;
	/* Also keep tracers that ignore tracing_on from writing meanwhile. */
	for_each_possible_cpu(cpu)
		atomic_inc(&per_cpu_ptr(tr->array_buffer.data, cpu)->disabled);
	/* Resolving user addresses could fault: not now. */
	userobj = tr->trace_flags & TRACE_ITER_SYM_USEROBJ;
	tr->trace_flags &= ~TRACE_ITER_SYM_USEROBJ;

	if (tr == &global_trace)
		pr_emerg("Dumping ftrace buffer:\n");
	else
		pr_emerg("Dumping ftrace instance %s buffer:\n", tr->name);

	/*
	 * No ring buffer iterators are started: with none, the readers
	 * peek at and consume each CPU's buffer directly, as trace_pipe
	 * does, which needs no allocation and no grace period.
	 */
	while (!trace_empty(iter)) {
		if (!lines++)
			pr_emerg("---------------------------------\n");
		/* Fresh per-entry state, as a pipe read starts each line. */
		/*
		 * memset_startat() tells FORTIFY_SOURCE the write is meant
		 * to run past the seq member to the end of the iterator.
		 */
		memset_startat(iter, 0, seq);
		iter->pos = -1;
		iter->iter_flags |= TRACE_FILE_LAT_FMT;
		if (!trace_find_next_entry_inc(iter))
			break;
		if (print_trace_line(iter) != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
		dump_seq_flush(&iter->seq);
		/* A big buffer takes long over a serial line. */
		touch_nmi_watchdog();
	}

	if (lines)
		pr_emerg("---------------------------------\n");
	else
		pr_emerg("   (ftrace buffer empty)\n");

	tr->trace_flags |= userobj;
	for_each_possible_cpu(cpu)
		atomic_dec(&per_cpu_ptr(tr->array_buffer.data, cpu)->disabled);
	local_irq_restore(flags);
}

/*
 * Walked without trace_types_lock, which a dying kernel cannot take;
 * instances are only added and removed in process context, and a
 * dump racing with that is the lesser evil.
 */
static struct trace_array *dump_find_instance(const char *name)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &ftrace_trace_arrays, list)
		if (tr->name && !strcmp(tr->name, name))
			return tr;
	return NULL;
}

static bool is_orig_cpu(const char *s)
{
	return s && (!strcmp(s, "2") || !strcmp(s, "orig_cpu"));
}

/* Dump what ftrace_dump_on_oops lists. */
static void dump_by_param(void)
{
	char list[MAX_TRACER_SIZE];
	char *rest = list, *tok, *name;
	struct trace_array *tr;
	bool first = true;

	strscpy(list, ftrace_dump_on_oops, sizeof(list));
	while ((tok = strsep(&rest, ",")) != NULL) {
		/* Only the first item may be a mode for the top level. */
		if (first) {
			first = false;
			if (!strcmp(tok, "0"))
				continue;
			if (!strcmp(tok, "1")) {
				dump_one(&global_trace, DUMP_ALL);
				continue;
			}
			if (is_orig_cpu(tok)) {
				dump_one(&global_trace, DUMP_ORIG);
				continue;
			}
		}
		name = strsep(&tok, "=");
		tr = dump_find_instance(name);
		if (!tr) {
			pr_emerg("Instance %s not found\n", name);
			continue;
		}
		dump_one(tr, is_orig_cpu(tok) ? DUMP_ORIG : DUMP_ALL);
	}
}

void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	static atomic_t dumping = ATOMIC_INIT(0);

	/*
	 * A second oops while dumping must not interleave a second dump.
	 * The cmpxchg only elects the dumper; nothing is published by it.
	 */
	if (atomic_cmpxchg(&dumping, 0, 1))
		return;

	switch (oops_dump_mode) {
	case DUMP_NONE:
		break;
	case DUMP_ALL:
	case DUMP_ORIG:
		dump_one(&global_trace, oops_dump_mode);
		break;
	case DUMP_PARAM:
		dump_by_param();
		break;
	default:
		pr_emerg("Bad dumping mode, switching to all CPUs dump\n");
		dump_one(&global_trace, DUMP_ALL);
	}

	atomic_set(&dumping, 0);
}
EXPORT_SYMBOL_GPL(ftrace_dump);

static int trace_dump_notify(struct notifier_block *nb, unsigned long ev,
			     void *data);

/*
 * Run early in both chains, so the trace is printed before the other
 * handlers add their own noise to it.
 */
static struct notifier_block trace_dump_panic_nb = {
	.notifier_call	= trace_dump_notify,
	.priority	= INT_MAX - 1,
};

static struct notifier_block trace_dump_die_nb = {
	.notifier_call	= trace_dump_notify,
	.priority	= INT_MAX - 1,
};

static int trace_dump_notify(struct notifier_block *nb, unsigned long ev,
			     void *data)
{
	if (!ftrace_dump_on_oops_enabled())
		return NOTIFY_DONE;
	/* Of the die events, only an oops is worth a dump. */
	if (nb == &trace_dump_die_nb && ev != DIE_OOPS)
		return NOTIFY_DONE;
	ftrace_dump(DUMP_PARAM);
	return NOTIFY_DONE;
}

static int __init trace_dump_init(void)
{
	atomic_notifier_chain_register(&panic_notifier_list,
				       &trace_dump_panic_nb);
	register_die_notifier(&trace_dump_die_nb);
	return 0;
}
early_initcall(trace_dump_init);
