// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer's boot self-test (CONFIG_FTRACE_STARTUP_TEST),
 * run on the top-level array when the tracer registers. Three rounds over
 * the functions of trace_selftest_dynamic.c, the only ones here with call
 * sites:
 *
 *  1. every function traced: each call of trace_selftest_fn_traced()
 *     leaves one funcgraph_entry and one funcgraph_exit, at the same
 *     depth, the return no earlier than the call, with the value the
 *     function returned (FUNCTION_GRAPH_RETVAL);
 *  2. set_ftrace_filter on trace_selftest_fn_nest() and the function it
 *     calls: a reader of the buffer prints the tree "nest() {",
 *     "  traced();", "}" for each call, as trace_pipe would;
 *  3. a second graph user with a filter of its own beside the tracer:
 *     each is called for its own function, and only for it.
 *
 * The result is one console line, "self-test of tracer function_graph".
 */
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>

#include "fgraph_internal.h"
#include "ftrace_internal.h"
#include "trace.h"
#include "trace_output.h"

#define GRAPH_TEST_CALLS	3
#define NAME_TRACED		"trace_selftest_fn_traced"
#define NAME_NEST		"trace_selftest_fn_nest"
#define NAME_OTHER		"trace_selftest_fn_other"

/* What the buffer holds of one function: its entries and returns. */
struct graph_count {
	unsigned long	site;		/* the function's call site */
	unsigned long	entries;
	unsigned long	returns;
	unsigned long	others;		/* graph entries of other functions */
	unsigned long	retvals;	/* bit v: some call returned v */
	bool		bad;		/* a return broke a rule */
};

static void graph_count_ret(struct graph_count *c, struct ftrace_graph_ret *r,
			    int entry_depth)
{
	c->returns++;
	/* no entry before it: the buffer wrapped over it (see round 1) */
	if ((entry_depth >= 0 && r->depth != entry_depth) ||
	    r->rettime < r->calltime)
		c->bad = true;
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	if (r->retval < BITS_PER_LONG)
		c->retvals |= BIT(r->retval);
	else
		c->bad = true;
#endif
}

/* Consume @tr's buffer, counting the graph entries of @c->site. */
static void graph_count_buffer(struct trace_array *tr, struct graph_count *c)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ftrace_graph_ent_entry *ent;
	struct ftrace_graph_ret_entry *ret;
	struct ring_buffer_event *event;
	struct trace_entry *e;
	int cpu, depth;

	for_each_online_cpu(cpu) {
		/* the depth of the last entry of @site on this CPU */
		depth = -1;
		while ((event = ring_buffer_consume(buffer, cpu, NULL, NULL))) {
			e = ring_buffer_event_data(event);
			if (e->type == TRACE_GRAPH_ENT) {
				ent = container_of(e, typeof(*ent), ent);
				if (ent->graph_ent.func != c->site) {
					c->others++;
					continue;
				}
				c->entries++;
				depth = ent->graph_ent.depth;
			} else if (e->type == TRACE_GRAPH_RET) {
				ret = container_of(e, typeof(*ret), ent);
				if (ret->ret.func != c->site) {
					c->others++;
					continue;
				}
				graph_count_ret(c, &ret->ret, depth);
			}
		}
	}
}

/* The return values a run of GRAPH_TEST_CALLS calls must give. */
static unsigned long graph_retvals(int mul, int add)
{
	unsigned long mask = 0;
	int i;

	if (!IS_ENABLED(CONFIG_FUNCTION_GRAPH_RETVAL))
		return 0;
	for (i = 0; i < GRAPH_TEST_CALLS; i++)
		mask |= BIT(i * mul + add);
	return mask;
}

static int graph_check(const char *round, struct graph_count *c,
		       unsigned long want_retvals, bool alone)
{
	if (c->entries == GRAPH_TEST_CALLS && c->returns == GRAPH_TEST_CALLS &&
	    !c->bad && c->retvals == want_retvals && (alone == !c->others))
		return 0;
	pr_warn("tracing: graph self-test, %s: %lu entries, %lu returns, %lu others, return values %#lx (want %#lx)%s\n",
		round, c->entries, c->returns, c->others, c->retvals,
		want_retvals, c->bad ? ", bad depth or time" : "");
	return -EINVAL;
}

static int graph_set_filter(struct ftrace_ops *ops, const char *name,
			    bool reset)
{
	return ftrace_set_filter(ops, (unsigned char *)name, strlen(name),
				 reset);
}

/* Start @trace on @tr from an empty buffer. */
static int graph_start(struct tracer *trace, struct trace_array *tr)
{
	tracing_reset_online_cpus(&tr->array_buffer);
	return trace->init(tr);
}

/* Stop recording before the tracer goes: taking it out is traced too. */
static void graph_stop(struct tracer *trace, struct trace_array *tr)
{
	tracer_tracing_off(tr);
	trace->reset(tr);
}

static void graph_restart_recording(struct trace_array *tr)
{
	tracing_reset_online_cpus(&tr->array_buffer);
	tracer_tracing_on(tr);
}

/* ------------------------------------------------------------------ */
/* Round 1: every function                                              */

static int graph_round_all(struct tracer *trace, struct trace_array *tr,
			   struct graph_count *c)
{
	unsigned long want = graph_retvals(1, 1), site = c->site, overruns;
	bool wrapped;
	int tries, i, ret;

	for (tries = 0;; tries++) {
		ret = graph_start(trace, tr);
		if (ret)
			return ret;
		overruns = ring_buffer_overruns(tr->array_buffer.buffer);
		for (i = 0; i < GRAPH_TEST_CALLS; i++) {
			trace_selftest_fn_traced(i);
			trace_selftest_fn_other(i);
		}
		graph_stop(trace, tr);
		wrapped = ring_buffer_overruns(tr->array_buffer.buffer) !=
			  overruns;
		graph_count_buffer(tr, c);
		graph_restart_recording(tr);
		/* a wrap that left none of ours proves nothing: again */
		if (!wrapped || c->entries || c->returns || tries == 2)
			break;
		memset(c, 0, sizeof(*c));
		c->site = site;
	}
	/* fn_traced(i) returns i + 1; fn_other() is one of the others */
	if (!wrapped)
		return graph_check("every function", c, want, false);
	/*
	 * Every function traced fills the one page per CPU a boot buffer
	 * has quickly on a slow machine, and overwriting drops the oldest
	 * entries: what is left of ours must still be right.
	 */
	if ((c->entries || c->returns) && c->entries <= GRAPH_TEST_CALLS &&
	    c->returns <= GRAPH_TEST_CALLS && !c->bad && !(c->retvals & ~want))
		return 0;
	pr_warn("tracing: graph self-test, every function: %lu entries, %lu returns, return values %#lx (want some of %#lx)%s (buffer wrapped)\n",
		c->entries, c->returns, c->retvals, want,
		c->bad ? ", bad depth or time" : "");
	return -EINVAL;
}

/* ------------------------------------------------------------------ */
/* Round 2: the text of a nested call                                   */

/* Spaces before @name in @line, or -1 if @line does not end "@name@tail". */
static int graph_line_indent(const char *line, const char *name,
			     const char *tail)
{
	size_t n = strlen(name), t = strlen(tail), len = strlen(line);
	const char *p;
	int spaces = 0;

	if (len < n + t || strcmp(line + len - t, tail) ||
	    strncmp(line + len - t - n, name, n))
		return -1;
	for (p = line + len - t - n; p > line && p[-1] == ' '; p--)
		spaces++;
	return spaces;
}

/*
 * Check the printed tree: GRAPH_TEST_CALLS times "nest() {", "traced();"
 * two spaces further in, "}" under the opening. Lines the tree does not
 * own (comments from other CPUs' entries, task separators) are passed.
 */
static int graph_check_text(char *text)
{
	static const char * const want[] = { NAME_NEST, NAME_TRACED, "" };
	static const char * const tail[] = { "() {", "();", "}" };
	int indent[3] = { 0 }, n = 0, got;
	char *line;

	while ((line = strsep(&text, "\n"))) {
		if (!*line || strstr(line, "/*") || strstr(line, " => ") ||
		    strstr(line, "------"))
			continue;
		got = graph_line_indent(line, want[n % 3], tail[n % 3]);
		indent[n % 3] = got;
		if (got < 0 ||
		    (n % 3 == 1 && got != indent[0] + 2) ||
		    (n % 3 == 2 && got != indent[0])) {
			pr_warn("tracing: graph self-test, line %d: '%s'\n",
				n, line);
			return -EINVAL;
		}
		n++;
	}
	if (n != 3 * GRAPH_TEST_CALLS) {
		pr_warn("tracing: graph self-test: %d tree lines\n", n);
		return -ENODATA;
	}
	return 0;
}

/* Print @tr's buffer through @trace's printer, consuming as trace_pipe. */
static int graph_read_text(struct tracer *trace, struct trace_array *tr)
{
	struct trace_iterator *iter;
	enum print_line_t res;
	char *text;
	int ret = 0;

	iter = kzalloc(sizeof(*iter), GFP_KERNEL);
	text = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!iter || !text) {
		ret = -ENOMEM;
		goto out;
	}
	iter->tr = tr;
	iter->trace = trace;
	iter->array_buffer = &tr->array_buffer;
	iter->cpu_file = RING_BUFFER_ALL_CPUS;
	iter->iter_flags = TRACE_FILE_TIME_IN_NS;
	trace_seq_init(&iter->seq);
	mutex_init(&iter->mutex);
	trace->open(iter);
	if (!iter->private) {
		ret = -ENOMEM;
		goto out;
	}

	while (trace_find_next_entry_inc(iter)) {
		res = print_trace_line(iter);
		if (res == TRACE_TYPE_PARTIAL_LINE ||
		    trace_seq_has_overflowed(&iter->seq)) {
			ret = -E2BIG;
			break;
		}
		if (res != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
	}
	trace->close(iter);
	if (!ret) {
		memcpy(text, iter->seq.buffer,
		       min_t(size_t, trace_seq_used(&iter->seq), PAGE_SIZE - 1));
		ret = graph_check_text(text);
	}
out:
	kfree(text);
	kfree(iter);
	return ret;
}

static int graph_round_tree(struct tracer *trace, struct trace_array *tr)
{
	unsigned long flags;
	int i, ret;

	ret = graph_set_filter(tr->ops, NAME_NEST, 1);
	if (!ret)
		ret = graph_set_filter(tr->ops, NAME_TRACED, 0);
	if (!ret)
		ret = graph_start(trace, tr);
	if (ret)
		goto out;
	for (i = 0; i < GRAPH_TEST_CALLS; i++) {
		/*
		 * One CPU, and no entry of an interrupt between the call and
		 * the return of the leaf: either would change the text.
		 */
		local_irq_save(flags);
		trace_selftest_fn_nest(i);
		local_irq_restore(flags);
	}
	graph_stop(trace, tr);
	ret = graph_read_text(trace, tr);
	graph_restart_recording(tr);
out:
	ftrace_set_filter(tr->ops, NULL, 0, 1);
	return ret;
}

/* ------------------------------------------------------------------ */
/* Round 3: a second user beside the tracer                             */

struct graph_user {
	struct fgraph_ops	gops;
	struct graph_count	count;
	int			depth;	/* of the last entry of its site */
};

static int graph_user_entry(struct ftrace_graph_ent *trace,
			    struct fgraph_ops *gops)
{
	struct graph_user *u = container_of(gops, struct graph_user, gops);

	if (trace->func != u->count.site) {
		u->count.others++;
		return 0;
	}
	u->count.entries++;
	u->depth = trace->depth;
	return 1;
}

static void graph_user_return(struct ftrace_graph_ret *trace,
			      struct fgraph_ops *gops)
{
	struct graph_user *u = container_of(gops, struct graph_user, gops);

	if (trace->func != u->count.site)
		u->count.others++;
	else
		graph_count_ret(&u->count, trace, u->depth);
}

static int graph_round_two_users(struct tracer *trace, struct trace_array *tr,
				 struct graph_count *c, struct graph_user *u)
{
	int i, ret;

	u->gops.entryfunc = graph_user_entry;
	u->gops.retfunc = graph_user_return;
	ret = graph_set_filter(&u->gops.ops, NAME_OTHER, 1);
	if (!ret)
		ret = graph_set_filter(tr->ops, NAME_TRACED, 1);
	if (!ret)
		ret = graph_start(trace, tr);
	if (ret)
		goto out;
	ret = register_ftrace_graph(&u->gops);
	if (ret) {
		graph_stop(trace, tr);
		graph_restart_recording(tr);
		goto out;
	}
	for (i = 0; i < GRAPH_TEST_CALLS; i++) {
		trace_selftest_fn_traced(i);
		trace_selftest_fn_other(i);
	}
	unregister_ftrace_graph(&u->gops);
	graph_stop(trace, tr);
	graph_count_buffer(tr, c);
	graph_restart_recording(tr);

	/* fn_other(i) returns 2 * i */
	ret = graph_check("second user", &u->count, graph_retvals(2, 0), true);
	if (!ret)
		ret = graph_check("beside a second user", c,
				  graph_retvals(1, 1), true);
out:
	ftrace_set_filter(tr->ops, NULL, 0, 1);
	ftrace_free_filter(&u->gops.ops);
	return ret;
}

int trace_selftest_startup_function_graph(struct tracer *trace,
					  struct trace_array *tr)
{
	unsigned long traced, other;
	struct graph_count c = { };
	struct graph_user *u;
	int ret;

	/* The user's boot filters and limits are in force: leave them. */
	if (ftrace_boot_filtered() || trace_graph_limited()) {
		pr_info("tracing: function_graph self-test skipped (boot filters)\n");
		return 0;
	}
	traced = ftrace_location((unsigned long)trace_selftest_fn_traced);
	other = ftrace_location((unsigned long)trace_selftest_fn_other);
	if (!traced || !other)
		return -ENODEV;

	c.site = traced;
	ret = graph_round_all(trace, tr, &c);
	if (ret)
		return ret;
	ret = graph_round_tree(trace, tr);
	if (ret)
		return ret;

	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	u->count.site = other;
	memset(&c, 0, sizeof(c));
	c.site = traced;
	ret = graph_round_two_users(trace, tr, &c, u);
	kfree(u);
	return ret;
}
