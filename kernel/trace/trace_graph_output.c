// SPDX-License-Identifier: GPL-2.0
/*
 * The text of the function graph tracer: funcgraph_entry/exit entries
 * as a call tree, one line per entry, in upstream's columns:
 *
 *   [abstime |] [ CPU)] [task-pid |] [lat |] [mark duration |]  tree
 *
 * A call whose return is the very next entry of its CPU (same task, same
 * function) is a leaf and prints as one line "func();" with its duration;
 * otherwise its entry opens "func() {" and its return closes "}" with
 * the duration. Other entries on the way become "/ * ... * /" comments at
 * the current depth. A change of task on a CPU prints a separator, and
 * the entry into and return from interrupt code an arrow.
 *
 * The state (per CPU: last pid, depth, open functions) lives in the
 * reader's iterator (trace_graph_open() allocates it, for function_graph
 * and for the latency tracers with display-graph); printers called
 * without it (the event's own output when another tracer reads the
 * buffer) print each entry alone.
 */
#include <linux/ftrace.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <asm/sections.h>

#include "fgraph_internal.h"
#include "trace.h"
#include "trace_output.h"

#define GRAPH_INDENT		2
/*
 * The duration column when it only holds filler: flags of the printers
 * above the options' bits, each an index into graph_fill[].
 */
#define GRAPH_FILL_SHIFT	28
#define GRAPH_FILL(i)		((u32)(i) << GRAPH_FILL_SHIFT)
enum { FILL_NONE, FILL_COLUMN, FILL_BEFORE_ARROW, FILL_AFTER_ARROW };
#define GRAPH_FILL_FULL		GRAPH_FILL(FILL_COLUMN)
#define GRAPH_FILL_START	GRAPH_FILL(FILL_BEFORE_ARROW)
#define GRAPH_FILL_END		GRAPH_FILL(FILL_AFTER_ARROW)

static const char * const graph_fill[] = {
	[FILL_COLUMN]		= "              |  ",	/* no duration */
	[FILL_BEFORE_ARROW]	= "  ",
	[FILL_AFTER_ARROW]	= " |",
};

/* The task column: "comm-pid" centred in this many characters. */
#define GRAPH_PROC_WIDTH	14

struct graph_cpu {
	pid_t		last_pid;	/* -1: nothing printed yet */
	int		depth;		/* where comments go */
	int		irq_depth;	/* -1: not inside hidden irq code */
	bool		skip;		/* entry already printed (see failed) */
	unsigned long	open[FTRACE_RETFUNC_DEPTH];	/* entered, not left */
};

struct graph_reader {
	struct graph_cpu __percpu	*cpus;
	/*
	 * A consuming reader takes an entry off the buffer to look at the
	 * next one; if the line then did not fit, both are kept here and
	 * printed again on the next call.
	 */
	struct ftrace_graph_ent_entry	ent;
	struct ftrace_graph_ret_entry	ret;
	bool				failed;
	int				cpu;
};

static int graph_cpu_digits;

/* Our state in @iter, if trace_graph_open() made it. */
static struct graph_reader *iter_reader(struct trace_iterator *iter)
{
	if (!(iter->iter_flags & TRACE_FILE_GRAPH))
		return NULL;
	return iter->private;
}

static struct graph_cpu *reader_cpu(struct graph_reader *r, int cpu)
{
	return r ? per_cpu_ptr(r->cpus, cpu) : NULL;
}

static bool in_irq_text(unsigned long addr)
{
	return addr >= (unsigned long)__irqentry_text_start &&
	       addr < (unsigned long)__irqentry_text_end;
}

static void put_spaces(struct trace_seq *s, int n)
{
	while (n-- > 0)
		trace_seq_putc(s, ' ');
}

/* ------------------------------------------------------------------ */
/* Columns                                                              */

static void print_cpu(struct trace_seq *s, int cpu)
{
	if (!graph_cpu_digits)
		graph_cpu_digits = snprintf(NULL, 0, "%u", nr_cpu_ids - 1);
	trace_seq_printf(s, " %*d) ", graph_cpu_digits, cpu);
}

/* "comm-pid", the comm cut at 7 characters, centred. */
static void print_proc(struct trace_seq *s, pid_t pid)
{
	char comm[TASK_COMM_LEN];
	int len, pad;

	trace_find_cmdline(pid, comm);
	comm[7] = '\0';
	len = strlen(comm) + 1 + snprintf(NULL, 0, "%d", pid);
	pad = len < GRAPH_PROC_WIDTH ? GRAPH_PROC_WIDTH - len : 0;
	put_spaces(s, pad / 2);
	trace_seq_printf(s, "%s-%d", comm, pid);
	put_spaces(s, pad - pad / 2);
}

static void print_abs_time(struct trace_seq *s, u64 ts)
{
	u32 rem_ns;
	u64 secs = div_u64_rem(ts, NSEC_PER_SEC, &rem_ns);

	trace_seq_printf(s, "%5lu.%06lu |  ", (unsigned long)secs,
			 (unsigned long)(rem_ns / NSEC_PER_USEC));
}

static void print_rel_time(struct trace_iterator *iter, struct trace_seq *s)
{
	u64 us = div_u64(iter->ts - iter->array_buffer->time_start,
			 NSEC_PER_USEC);

	trace_seq_printf(s, "%9llu us |  ", us);
}

/* The columns before the duration, as the options choose them. */
static void print_context(struct trace_iterator *iter, struct trace_seq *s,
			  pid_t pid, u32 flags)
{
	if (flags & TRACE_GRAPH_PRINT_ABS_TIME)
		print_abs_time(s, iter->ts);
	if (flags & TRACE_GRAPH_PRINT_REL_TIME)
		print_rel_time(iter, s);
	if (flags & TRACE_GRAPH_PRINT_CPU)
		print_cpu(s, iter->cpu);
	if (flags & TRACE_GRAPH_PRINT_PROC) {
		print_proc(s, pid);
		trace_seq_puts(s, " | ");
	}
	if (trace_flag_set(iter->tr, TRACE_ITER_LATENCY_FMT)) {
		trace_seq_putc(s, ' ');
		trace_print_lat_fmt(s, iter->ent);
		trace_seq_puts(s, " | ");
	}
}

/*
 * "12.345 us" padded: microseconds, then up to three decimals as long as
 * the number stays within 7 digits.
 */
void trace_graph_print_duration(u64 duration, struct trace_seq *s)
{
	u32 ns;
	u64 us = div_u64_rem(duration, NSEC_PER_USEC, &ns);
	char num[24], frac[4];
	int len;

	len = snprintf(num, sizeof(num), "%llu", us);
	trace_seq_puts(s, num);
	if (len < 7) {
		/* as many decimals as fit: 7 digits with the point is 8 */
		int digits = min(3, 7 - len);

		snprintf(frac, sizeof(frac), "%03u", ns);
		frac[digits] = '\0';
		trace_seq_printf(s, ".%s", frac);
		len += digits + 1;
	}
	trace_seq_puts(s, " us ");
	put_spaces(s, 8 - len);
}

static void print_duration(struct trace_iterator *iter, struct trace_seq *s,
			   u64 duration, u32 flags)
{
	unsigned int fill;

	if (!(flags & TRACE_GRAPH_PRINT_DURATION) ||
	    !trace_flag_set(iter->tr, TRACE_ITER_CONTEXT_INFO))
		return;
	fill = flags >> GRAPH_FILL_SHIFT;
	if (fill) {
		trace_seq_puts(s, graph_fill[fill]);
		return;
	}
	if (flags & TRACE_GRAPH_PRINT_OVERHEAD)
		trace_seq_printf(s, "%c ", trace_find_mark(duration));
	else
		trace_seq_puts(s, "  ");
	trace_graph_print_duration(duration, s);
	trace_seq_puts(s, "|  ");
}

/* "==========>" or "<==========" where interrupt code starts or ends. */
static void print_irq_arrow(struct trace_iterator *iter, unsigned long addr,
			    bool entry, pid_t pid, u32 flags)
{
	struct trace_seq *s = &iter->seq;

	if (!in_irq_text(addr))
		return;
	if (trace_flag_set(iter->tr, TRACE_ITER_CONTEXT_INFO))
		print_context(iter, s, pid, flags);
	print_duration(iter, s, 0, flags | GRAPH_FILL_START);
	trace_seq_puts(s, entry ? "==========>" : "<==========");
	print_duration(iter, s, 0, flags | GRAPH_FILL_END);
	trace_seq_putc(s, '\n');
}

/* The separator when a CPU's entries change task. */
static void check_task_switch(struct trace_iterator *iter, pid_t pid)
{
	struct graph_cpu *c = reader_cpu(iter_reader(iter), iter->cpu);
	struct trace_seq *s = &iter->seq;
	pid_t prev;

	if (!c || c->last_pid == pid)
		return;
	prev = c->last_pid;
	c->last_pid = pid;
	if (prev == -1)
		return;
	trace_seq_puts(s, " ------------------------------------------\n");
	print_cpu(s, iter->cpu);
	print_proc(s, prev);
	trace_seq_puts(s, " => ");
	print_proc(s, pid);
	trace_seq_puts(s, "\n ------------------------------------------\n\n");
}

/* Everything a line has before its duration column. */
static void print_prologue(struct trace_iterator *iter, unsigned long irq_addr,
			   bool entry, u32 flags)
{
	pid_t pid = iter->ent->pid;

	check_task_switch(iter, pid);
	if (irq_addr)
		print_irq_arrow(iter, irq_addr, entry, pid, flags);
	if (trace_flag_set(iter->tr, TRACE_ITER_CONTEXT_INFO))
		print_context(iter, &iter->seq, pid, flags);
}

/* ------------------------------------------------------------------ */
/* Return values                                                        */

#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
/*
 * Without -hex: an error code (a negative errno, possibly only in the low
 * 32 bits) in decimal, anything else in hex.
 */
static void print_retval(struct trace_seq *s, unsigned long retval,
			 bool leaf, unsigned long func, bool hex)
{
	long err = 0;

	if (retval && !hex) {
		if ((retval & BIT(31)) && !(retval >> 32))
			err = (s32)retval;
		else
			err = retval;
		if (!IS_ERR_VALUE((unsigned long)err))
			err = 0;
	}
	if (leaf && !err)
		trace_seq_printf(s, "%ps(); /* = 0x%lx */\n", (void *)func, retval);
	else if (leaf)
		trace_seq_printf(s, "%ps(); /* = %ld */\n", (void *)func, err);
	else if (!err)
		trace_seq_printf(s, "} /* %ps = 0x%lx */\n", (void *)func, retval);
	else
		trace_seq_printf(s, "} /* %ps = %ld */\n", (void *)func, err);
}

static unsigned long ret_value(struct ftrace_graph_ret *gr)
{
	return gr->retval;
}

#define PRINT_RETVAL	TRACE_GRAPH_PRINT_RETVAL
#else
static void print_retval(struct trace_seq *s, unsigned long retval,
			 bool leaf, unsigned long func, bool hex)
{
}

static unsigned long ret_value(struct ftrace_graph_ret *gr)
{
	return 0;
}

#define PRINT_RETVAL	0
#endif

/* ------------------------------------------------------------------ */
/* Entries                                                              */

/*
 * The return that makes @ent a leaf, or NULL: the next entry of the same
 * CPU, if it is the return of the same call. A walking reader steps over
 * it; a consuming one has taken @ent off the buffer to see it.
 */
static struct ftrace_graph_ret_entry *
leaf_return(struct trace_iterator *iter, struct ftrace_graph_ent_entry *ent)
{
	struct graph_reader *r = iter_reader(iter);
	struct ring_buffer_iter *walker = NULL;
	struct ring_buffer_event *event;
	struct ftrace_graph_ret_entry *next;

	if (r && r->failed) {
		next = &r->ret;
	} else {
		if (iter->buffer_iter)
			walker = iter->buffer_iter[iter->cpu];
		if (walker) {
			event = ring_buffer_iter_peek(walker, NULL);
		} else {
			ring_buffer_consume(iter->array_buffer->buffer,
					    iter->cpu, NULL, NULL);
			event = ring_buffer_peek(iter->array_buffer->buffer,
						 iter->cpu, NULL, NULL);
		}
		if (!event)
			return NULL;
		next = ring_buffer_event_data(event);
		if (r) {
			/* kept in case the line does not fit */
			r->ent = *ent;
			if (next->ent.type == TRACE_GRAPH_RET)
				r->ret = *next;
			else
				r->ret.ent.type = next->ent.type;
		}
	}
	if (next->ent.type != TRACE_GRAPH_RET ||
	    next->ent.pid != ent->ent.pid ||
	    next->ret.func != ent->graph_ent.func)
		return NULL;
	if (walker)
		ring_buffer_iter_advance(walker);
	return next;
}

static enum print_line_t print_leaf(struct trace_iterator *iter,
				    struct ftrace_graph_ent_entry *ent,
				    struct ftrace_graph_ret_entry *ret,
				    u32 flags)
{
	struct graph_cpu *c = reader_cpu(iter_reader(iter), iter->cpu);
	struct ftrace_graph_ret *gr = &ret->ret;
	int depth = ent->graph_ent.depth;
	struct trace_seq *s = &iter->seq;
	unsigned long func = ent->graph_ent.func;

	if (c) {
		/* comments after a leaf stay at its depth */
		c->depth = depth - 1;
		if (depth >= 0 && depth < FTRACE_RETFUNC_DEPTH)
			c->open[depth] = 0;
	}
	print_duration(iter, s, gr->rettime - gr->calltime, flags);
	put_spaces(s, depth * GRAPH_INDENT);
	if (flags & PRINT_RETVAL)
		print_retval(s, ret_value(gr), true, func,
			     flags & TRACE_GRAPH_PRINT_RETVAL_HEX);
	else
		trace_seq_printf(s, "%ps();\n", (void *)func);
	print_irq_arrow(iter, gr->func, false, iter->ent->pid, flags);
	return trace_handle_return(s);
}

static enum print_line_t print_open(struct trace_iterator *iter,
				    struct ftrace_graph_ent_entry *ent,
				    u32 flags)
{
	struct graph_cpu *c = reader_cpu(iter_reader(iter), iter->cpu);
	int depth = ent->graph_ent.depth;
	struct trace_seq *s = &iter->seq;

	if (c) {
		c->depth = depth;
		if (depth >= 0 && depth < FTRACE_RETFUNC_DEPTH)
			c->open[depth] = ent->graph_ent.func;
	}
	print_duration(iter, s, 0, flags | GRAPH_FILL_FULL);
	put_spaces(s, depth * GRAPH_INDENT);
	trace_seq_printf(s, "%ps() {\n", (void *)ent->graph_ent.func);
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;
	/* the entry after ours was only looked at: it is still to print */
	return TRACE_TYPE_NO_CONSUME;
}

/*
 * Hide interrupt code (funcgraph-irqs off): true while inside it, from
 * the entry into __irqentry_text on.
 */
static bool hide_irq_entry(struct trace_iterator *iter, u32 flags,
			   unsigned long func, int depth)
{
	struct graph_cpu *c = reader_cpu(iter_reader(iter), iter->cpu);

	if ((flags & TRACE_GRAPH_PRINT_IRQS) || !c)
		return false;
	if (c->irq_depth >= 0)
		return true;
	if (!in_irq_text(func))
		return false;
	c->irq_depth = depth;
	return true;
}

static bool hide_irq_return(struct trace_iterator *iter, u32 flags, int depth)
{
	struct graph_cpu *c = reader_cpu(iter_reader(iter), iter->cpu);

	if ((flags & TRACE_GRAPH_PRINT_IRQS) || !c || c->irq_depth < 0)
		return false;
	/* the return of the call that entered irq code ends the hiding */
	if (c->irq_depth >= depth)
		c->irq_depth = -1;
	return true;
}

static enum print_line_t print_entry(struct trace_iterator *iter,
				     struct ftrace_graph_ent_entry *ent,
				     u32 flags)
{
	struct graph_reader *r = iter_reader(iter);
	struct ftrace_graph_ret_entry *ret;
	enum print_line_t res;

	if (hide_irq_entry(iter, flags, ent->graph_ent.func,
			   ent->graph_ent.depth))
		return TRACE_TYPE_HANDLED;
	print_prologue(iter, ent->graph_ent.func, true, flags);
	ret = leaf_return(iter, ent);
	if (ret)
		res = print_leaf(iter, ent, ret, flags);
	else
		res = print_open(iter, ent, flags);
	if (r) {
		/* our entry is gone from a consuming reader: keep it */
		r->failed = iter->seq.full;
		r->cpu = iter->cpu;
	}
	return res;
}

static enum print_line_t print_return(struct trace_iterator *iter,
				      struct ftrace_graph_ret *gr, u32 flags)
{
	struct graph_cpu *c = reader_cpu(iter_reader(iter), iter->cpu);
	struct trace_seq *s = &iter->seq;
	bool matched = true;

	if (hide_irq_return(iter, flags, gr->depth))
		return TRACE_TYPE_HANDLED;
	if (c) {
		c->depth = gr->depth - 1;
		if (gr->depth >= 0 && gr->depth < FTRACE_RETFUNC_DEPTH) {
			matched = c->open[gr->depth] == gr->func;
			c->open[gr->depth] = 0;
		}
	}
	print_prologue(iter, 0, false, flags);
	print_duration(iter, s, gr->rettime - gr->calltime, flags);
	put_spaces(s, gr->depth * GRAPH_INDENT);
	/* a return whose entry was not seen says whose it is */
	if (flags & PRINT_RETVAL)
		print_retval(s, ret_value(gr), false, gr->func,
			     flags & TRACE_GRAPH_PRINT_RETVAL_HEX);
	else if (matched && !(flags & TRACE_GRAPH_PRINT_TAIL))
		trace_seq_puts(s, "}\n");
	else
		trace_seq_printf(s, "} /* %ps */\n", (void *)gr->func);
	if (flags & TRACE_GRAPH_PRINT_OVERRUN)
		trace_seq_printf(s, " (Overruns: %u)\n", gr->overrun);
	print_irq_arrow(iter, gr->func, false, iter->ent->pid, flags);
	return trace_handle_return(s);
}

/* Any other entry, as a comment at the current depth. */
static enum print_line_t print_comment(struct trace_iterator *iter, u32 flags)
{
	struct graph_cpu *c = reader_cpu(iter_reader(iter), iter->cpu);
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;
	enum print_line_t ret;
	int depth = c ? c->depth : 0;

	print_prologue(iter, 0, false, flags);
	print_duration(iter, s, 0, flags | GRAPH_FILL_FULL);
	if (depth > 0)
		put_spaces(s, (depth + 1) * GRAPH_INDENT);
	trace_seq_puts(s, "/* ");
	ret = trace_print_msg_only(iter);
	if (ret == TRACE_TYPE_UNHANDLED) {
		event = ftrace_find_event(iter->ent->type);
		if (!event)
			return TRACE_TYPE_UNHANDLED;
		ret = event->funcs->trace(iter, iter->tr->trace_flags &
					  TRACE_ITER_SYM_MASK, event);
	}
	if (ret != TRACE_TYPE_HANDLED)
		return ret;
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;
	/* the comment closes on the same line */
	if (s->seq.len && s->buffer[s->seq.len - 1] == '\n')
		s->seq.len--;
	trace_seq_puts(s, " */\n");
	return trace_handle_return(s);
}

static enum print_line_t graph_print(struct trace_iterator *iter, u32 flags)
{
	struct graph_reader *r = iter_reader(iter);
	struct graph_cpu *c = reader_cpu(r, iter->cpu);
	int cpu = iter->cpu;
	enum print_line_t ret;

	if (c && c->skip) {
		c->skip = false;
		return TRACE_TYPE_HANDLED;
	}
	/* an entry taken off the buffer whose line did not fit: again */
	if (r && r->failed) {
		iter->cpu = r->cpu;
		ret = print_entry(iter, &r->ent, flags);
		if (ret == TRACE_TYPE_HANDLED && iter->cpu != cpu) {
			reader_cpu(r, iter->cpu)->skip = true;
			ret = TRACE_TYPE_NO_CONSUME;
		}
		iter->cpu = cpu;
		return ret;
	}

	switch (iter->ent->type) {
	case TRACE_GRAPH_ENT: {
		/* a consuming leaf check frees the buffer copy: use ours */
		struct ftrace_graph_ent_entry ent;

		ent = *container_of(iter->ent, struct ftrace_graph_ent_entry, ent);
		return print_entry(iter, &ent, flags);
	}
	case TRACE_GRAPH_RET:
		return print_return(iter, &container_of(iter->ent,
				struct ftrace_graph_ret_entry, ent)->ret, flags);
	case TRACE_STACK:
	case TRACE_FN:
		/* printed the usual way */
		return TRACE_TYPE_UNHANDLED;
	default:
		return print_comment(iter, flags);
	}
}

enum print_line_t trace_graph_print_line(struct trace_iterator *iter)
{
	return graph_print(iter, trace_graph_flags());
}

enum print_line_t trace_graph_print_line_flags(struct trace_iterator *iter,
					       u32 flags)
{
	return graph_print(iter, flags);
}

/*
 * funcgraph_entry/exit print as the call tree whoever reads them (with
 * the per-reader state only when function_graph opened the reader); raw,
 * hex and bin have no printer of their own ("type: N").
 */
static enum print_line_t graph_event_text(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	return trace_graph_print_line(iter);
}

static struct trace_event_functions graph_event_funcs = {
	.trace		= graph_event_text,
};

static struct trace_event graph_ent_event = {
	.type		= TRACE_GRAPH_ENT,
	.funcs		= &graph_event_funcs,
};

static struct trace_event graph_ret_event = {
	.type		= TRACE_GRAPH_RET,
	.funcs		= &graph_event_funcs,
};

int __init trace_graph_output_init(void)
{
	if (!register_trace_event(&graph_ent_event) ||
	    !register_trace_event(&graph_ret_event))
		return -EBUSY;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Header and readers                                                   */

static void print_lat_legend(struct seq_file *m, u32 flags)
{
	int w = 0;

	if (flags & TRACE_GRAPH_PRINT_ABS_TIME)
		w += 16;
	if (flags & TRACE_GRAPH_PRINT_REL_TIME)
		w += 16;
	if (flags & TRACE_GRAPH_PRINT_CPU)
		w += 4;
	if (flags & TRACE_GRAPH_PRINT_PROC)
		w += 17;
	seq_printf(m, "#%*s  _-----=> irqs-off        \n", w, "");
	seq_printf(m, "#%*s / _----=> need-resched    \n", w, "");
	seq_printf(m, "#%*s| / _---=> hardirq/softirq \n", w, "");
	seq_printf(m, "#%*s|| / _--=> preempt-depth   \n", w, "");
	seq_printf(m, "#%*s||| /                      \n", w, "");
}

void trace_graph_print_header(struct seq_file *m)
{
	trace_graph_print_header_flags(m, trace_graph_flags());
}

void trace_graph_print_header_flags(struct seq_file *m, u32 flags)
{
	struct trace_iterator *iter = m->private;
	struct trace_array *tr = iter->tr;
	bool lat = trace_flag_set(tr, TRACE_ITER_LATENCY_FMT);

	if (!trace_flag_set(tr, TRACE_ITER_CONTEXT_INFO))
		return;
	if (lat) {
		if (trace_empty(iter))
			return;
		print_trace_header(m, iter);
		print_lat_legend(m, flags);
	}

	seq_putc(m, '#');
	if (flags & TRACE_GRAPH_PRINT_ABS_TIME)
		seq_puts(m, "     TIME       ");
	if (flags & TRACE_GRAPH_PRINT_REL_TIME)
		seq_puts(m, "   REL TIME     ");
	if (flags & TRACE_GRAPH_PRINT_CPU)
		seq_puts(m, " CPU");
	if (flags & TRACE_GRAPH_PRINT_PROC)
		seq_puts(m, "  TASK/PID       ");
	if (lat)
		seq_puts(m, "||||   ");
	if (flags & TRACE_GRAPH_PRINT_DURATION)
		seq_puts(m, "  DURATION   ");
	seq_puts(m, "               FUNCTION CALLS\n");

	seq_putc(m, '#');
	if (flags & TRACE_GRAPH_PRINT_ABS_TIME)
		seq_puts(m, "      |         ");
	if (flags & TRACE_GRAPH_PRINT_REL_TIME)
		seq_puts(m, "      |         ");
	if (flags & TRACE_GRAPH_PRINT_CPU)
		seq_puts(m, " |  ");
	if (flags & TRACE_GRAPH_PRINT_PROC)
		seq_puts(m, "   |    |        ");
	if (lat)
		seq_puts(m, "||||   ");
	if (flags & TRACE_GRAPH_PRINT_DURATION)
		seq_puts(m, "   |   |      ");
	seq_puts(m, "               |   |   |   |\n");
}

void trace_graph_open(struct trace_iterator *iter)
{
	/* ftrace_dump() opens from atomic context */
	gfp_t gfp = (in_atomic() || irqs_disabled()) ? GFP_ATOMIC : GFP_KERNEL;
	struct graph_reader *r;
	int cpu;

	iter->private = NULL;
	r = kzalloc(sizeof(*r), gfp);
	if (!r)
		goto fail;
	r->cpus = alloc_percpu_gfp(struct graph_cpu, gfp);
	if (!r->cpus) {
		kfree(r);
		goto fail;
	}
	for_each_possible_cpu(cpu) {
		struct graph_cpu *c = per_cpu_ptr(r->cpus, cpu);

		c->last_pid = -1;
		c->irq_depth = -1;
	}
	iter->private = r;
	iter->iter_flags |= TRACE_FILE_GRAPH;
	return;
fail:
	pr_warn("function graph tracer: not enough memory\n");
}

void trace_graph_close(struct trace_iterator *iter)
{
	struct graph_reader *r = iter_reader(iter);

	if (!r)
		return;
	free_percpu(r->cpus);
	kfree(r);
	iter->private = NULL;
	iter->iter_flags &= ~TRACE_FILE_GRAPH;
}
