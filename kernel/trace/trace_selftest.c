// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time self-tests of the tracing core (CONFIG_FTRACE_STARTUP_TEST).
 *
 * Every tracer is tested when it registers. The output test runs once
 * the kernel is up: it records known lines alternately on every online
 * CPU into a private trace array, reads them back through the same
 * merge iterator and printer `trace_pipe` uses and compares the text,
 * so a change anywhere on the path from the ring buffer to the printed
 * column shows at the next boot. The result is one console line.
 */
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/init.h>

#include "trace.h"
#include "trace_core.h"
#include "trace_output.h"
#include "ftrace_internal.h"

#define SELFTEST_LINES	64
#define SELFTEST_NAME	"selftest-output"

static bool tracing_selftest_disabled;

/*
 * Tracing that a boot option starts (a tracer, events) goes into the top
 * array's buffer, which every self-test resets and fills with its own
 * entries: once one runs, the tests must not. As in the reference, the
 * console says why they did not run.
 */
void __init tracing_selftests_off(const char *why)
{
	if (tracing_selftest_disabled)
		return;
	tracing_selftest_disabled = true;
	pr_info("tracing: self-tests of the tracers are off: %s\n", why);
}

/*
 * Tracers register in early_trace_init(), before the scheduler: a test
 * that patches code, sleeps or waits for RCU cannot run yet. Until the
 * core initcall below, tests are queued.
 */
static bool selftests_can_run;

struct postponed_test {
	struct list_head	list;
	struct tracer		*type;
};

static LIST_HEAD(postponed_tests);

static int postpone_selftest(struct tracer *type)
{
	struct postponed_test *p = kmalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	p->type = type;
	list_add_tail(&p->list, &postponed_tests);
	return 0;
}

static int __init run_postponed_selftests(void)
{
	struct postponed_test *p, *n;

	mutex_lock(&trace_types_lock);
	selftests_can_run = true;
	list_for_each_entry_safe(p, n, &postponed_tests, list) {
		if (run_tracer_selftest(p->type) < 0)
			unregister_tracer_locked(p->type);
		list_del(&p->list);
		kfree(p);
	}
	mutex_unlock(&trace_types_lock);
	return 0;
}
core_initcall(run_postponed_selftests);

int run_tracer_selftest(struct tracer *type)
{
	struct trace_array *tr = &global_trace;
	int ret;

	if (!type->selftest || tracing_selftest_disabled)
		return 0;
	if (!selftests_can_run)
		return postpone_selftest(type);
	tracing_selftest_running = true;
	ret = type->selftest(type, tr);
	tracing_selftest_running = false;
	if (ret) {
		pr_warn("tracing: self-test of tracer %s FAILED: %d\n",
			type->name, ret);
		return -EINVAL;
	}
	pr_info("tracing: self-test of tracer %s PASSED\n", type->name);
	return 0;
}

/* nop records nothing: starting and stopping it must leave no entry. */
int trace_selftest_startup_nop(struct tracer *trace, struct trace_array *tr)
{
	unsigned long before = ring_buffer_entries(tr->array_buffer.buffer);
	int ret;

	ret = trace->init(tr);
	if (ret)
		return ret;
	trace->reset(tr);
	return ring_buffer_entries(tr->array_buffer.buffer) == before ? 0 : -EIO;
}

struct selftest_line {
	struct trace_array	*tr;
	int			seq;
	int			ret;
};

/* The function whose name every test line carries. */
static noinline void selftest_write_line(void *data)
{
	struct selftest_line *line = data;
	struct trace_buffer *buffer = line->tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	char text[32];
	int len;

	len = scnprintf(text, sizeof(text), "T1 line %d\n", line->seq) + 1;
	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  sizeof(*entry) + len,
					  tracing_gen_ctx());
	if (!event) {
		line->ret = -ENOSPC;
		return;
	}
	entry = ring_buffer_event_data(event);
	entry->ip = (unsigned long)selftest_write_line;
	memcpy(entry->buf, text, len);
	__buffer_unlock_commit(buffer, event);
}

/* Line i goes to the i-th online CPU, round robin. */
static int selftest_record(struct trace_array *tr, int *cpus, int nr)
{
	struct selftest_line line = { .tr = tr };
	int i, cpu = -1;

	for (i = 0; i < nr; i++) {
		cpu = cpumask_next(cpu, cpu_online_mask);
		if (cpu >= nr_cpu_ids)
			cpu = cpumask_first(cpu_online_mask);
		cpus[i] = cpu;
		line.seq = i;
		/* An IPI to oneself runs the function in place. */
		smp_call_function_single(cpu, selftest_write_line, &line, 1);
		if (line.ret)
			return line.ret;
	}
	return 0;
}

/* Compare one printed line with what line @i must look like. */
static int selftest_check(struct trace_iterator *iter, int i, int cpu,
			  bool context)
{
	int len = min_t(int, trace_seq_used(&iter->seq), 127);
	char want[80], text[128];
	const char *p;
	int got_cpu;

	/* The seq is not NUL-terminated. */
	memcpy(text, iter->seq.buffer, len);
	text[len] = '\0';

	snprintf(want, sizeof(want), "selftest_write_line: T1 line %d\n", i);
	if (!context)
		return strcmp(text, want) ? -EINVAL : 0;
	/* "comm-pid [cpu] flags secs.usecs: payload" */
	p = strstr(text, " [");
	if (!p || sscanf(p, " [%d]", &got_cpu) != 1 || got_cpu != cpu)
		return -EINVAL;
	p = strstr(p, ": ");
	if (!p || strcmp(p + 2, want))
		return -EINVAL;
	return 0;
}

/* Read @tr through the consuming iterator and check every line. */
static int selftest_read(struct trace_array *tr, int *cpus, int nr,
			 bool context)
{
	struct trace_iterator *iter;
	int i = 0, ret = 0;

	iter = kzalloc(sizeof(*iter), GFP_KERNEL);
	if (!iter)
		return -ENOMEM;
	iter->tr = tr;
	iter->trace = tr->current_trace;
	iter->array_buffer = &tr->array_buffer;
	iter->cpu_file = RING_BUFFER_ALL_CPUS;
	iter->iter_flags = TRACE_FILE_TIME_IN_NS;
	trace_seq_init(&iter->seq);
	mutex_init(&iter->mutex);

	while (trace_find_next_entry_inc(iter)) {
		if (i >= nr || print_trace_line(iter) != TRACE_TYPE_HANDLED ||
		    selftest_check(iter, i, cpus[i], context)) {
			pr_warn("tracing: self-test line %d: '%.*s'\n", i,
				trace_seq_used(&iter->seq), iter->seq.buffer);
			ret = -EINVAL;
			break;
		}
		trace_consume(iter);
		trace_seq_init(&iter->seq);
		i++;
	}
	if (!ret && i != nr)
		ret = -ENODATA;
	kfree(iter);
	return ret;
}

static int __init selftest_output_run(struct trace_array *tr)
{
	int *cpus, ret, pass;

	cpus = kcalloc(SELFTEST_LINES, sizeof(*cpus), GFP_KERNEL);
	if (!cpus)
		return -ENOMEM;
	/* Local clocks may disagree between CPUs; global never does. */
	ret = tracing_set_clock(tr, "global");
	for (pass = 0; !ret && pass < 2; pass++) {
		bool context = pass == 1;

		mutex_lock(&trace_types_lock);
		set_tracer_flag(tr, TRACE_ITER_CONTEXT_INFO, context);
		mutex_unlock(&trace_types_lock);
		ret = selftest_record(tr, cpus, SELFTEST_LINES);
		if (!ret)
			ret = selftest_read(tr, cpus, SELFTEST_LINES, context);
	}
	kfree(cpus);
	return ret;
}

static int __init trace_selftest_output(void)
{
	struct trace_array *tr;
	int ret;

	if (tracing_disabled)
		return 0;
	mutex_lock(&trace_types_lock);
	tr = trace_array_create(SELFTEST_NAME);
	mutex_unlock(&trace_types_lock);
	if (IS_ERR(tr)) {
		pr_warn("tracing: output self-test FAILED: no array\n");
		return 0;
	}

	ret = selftest_output_run(tr);

	mutex_lock(&trace_types_lock);
	tr->ref--;
	WARN_ON(__remove_instance(tr));
	mutex_unlock(&trace_types_lock);

	if (ret)
		pr_warn("tracing: output self-test FAILED: %d\n", ret);
	else
		pr_info("tracing: output self-test PASSED: %d lines on %d CPUs\n",
			SELFTEST_LINES * 2, num_online_cpus());
	return 0;
}
late_initcall(trace_selftest_output);

#ifdef CONFIG_FUNCTION_TRACER
/*
 * The function tracer: trace everything, then only one function, and
 * count what the buffer got. The two functions called live in
 * trace_selftest_dynamic.c, the one file here built with call sites.
 */
#define SELFTEST_CALLS	3

/* Consume @tr's buffer: TRACE_FN entries at @ip, and the other ones. */
static void selftest_count_fn(struct trace_array *tr, unsigned long ip,
			      unsigned long *hit, unsigned long *other)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;
	int cpu;

	*hit = *other = 0;
	for_each_online_cpu(cpu) {
		while ((event = ring_buffer_consume(buffer, cpu, NULL, NULL))) {
			entry = ring_buffer_event_data(event);
			if (entry->ent.type != TRACE_FN)
				continue;
			if (entry->ip == ip)
				(*hit)++;
			else
				(*other)++;
		}
	}
}

/*
 * One round: start the tracer, call the traced function SELFTEST_CALLS
 * times (and the other one as often), stop recording before the tracer
 * goes (taking the sites out is traced too), count. *@wrapped says
 * whether the buffer overwrote entries meanwhile: at boot it may still
 * be one page per CPU, which every function of a debug kernel (lockdep,
 * KASAN) between two calls can fill.
 */
static int selftest_function_round(struct tracer *trace, struct trace_array *tr,
				   unsigned long site, unsigned long *hit,
				   unsigned long *other, bool *wrapped)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	unsigned long overruns = ring_buffer_overruns(buffer);
	int i, ret;

	ret = trace->init(tr);
	if (ret)
		return ret;
	for (i = 0; i < SELFTEST_CALLS; i++) {
		trace_selftest_fn_traced(i);
		trace_selftest_fn_other(i);
	}
	tracer_tracing_off(tr);
	trace->reset(tr);
	*wrapped = ring_buffer_overruns(buffer) != overruns;
	selftest_count_fn(tr, site, hit, other);
	tracer_tracing_on(tr);
	tracing_reset_online_cpus(&tr->array_buffer);
	return 0;
}

int trace_selftest_startup_function(struct tracer *trace, struct trace_array *tr)
{
	static const char name[] = "trace_selftest_fn_traced";
	unsigned long site, hit, other;
	bool wrapped;
	int tries, ret;

	/* The user's boot filters are the top level's: do not touch them. */
	if (ftrace_boot_filtered()) {
		pr_info("tracing: function self-test skipped (ftrace_filter=)\n");
		return 0;
	}
	site = ftrace_location((unsigned long)trace_selftest_fn_traced);
	if (!site)
		return -ENODEV;

	/*
	 * Overwriting drops the oldest entries, so a wrapped buffer holds
	 * the last calls: then at least one must be seen, never more than
	 * were made. An interrupt burst can wrap past even the last one:
	 * that round proves nothing either way, so it is run again.
	 */
	for (tries = 0; ; tries++) {
		ret = selftest_function_round(trace, tr, site, &hit, &other,
					      &wrapped);
		if (ret)
			return ret;
		if (!wrapped || hit || tries == 2)
			break;
	}
	if (!other || hit > SELFTEST_CALLS || !hit ||
	    (!wrapped && hit != SELFTEST_CALLS)) {
		pr_warn("tracing: all functions: %lu calls of %s seen, %lu others%s\n",
			hit, name, other, wrapped ? " (buffer wrapped)" : "");
		return -EINVAL;
	}

	ret = ftrace_set_filter(tr->ops, (unsigned char *)name,
				sizeof(name) - 1, 1);
	if (ret)
		return ret;
	ret = selftest_function_round(trace, tr, site, &hit, &other, &wrapped);
	ftrace_set_filter(tr->ops, NULL, 0, 1);
	if (ret)
		return ret;
	/* three entries cannot wrap a page: this count is exact */
	if (hit != SELFTEST_CALLS || other || wrapped) {
		pr_warn("tracing: filtered to %s: %lu calls seen, %lu others\n",
			name, hit, other);
		return -EINVAL;
	}
	return 0;
}
#endif /* CONFIG_FUNCTION_TRACER */
