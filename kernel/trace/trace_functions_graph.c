// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: a funcgraph_entry entry when a function is
 * entered and a funcgraph_exit entry (with both times) when it returns,
 * for every function the array's set_ftrace_filter/notrace let through.
 * trace_graph_output.c turns them into a call tree.
 *
 * Each array that runs the tracer is one user of the fgraph core (so up
 * to 16 arrays at once); its fgraph_ops shares the hashes of the array's
 * ftrace_ops, which set_ftrace_filter and set_ftrace_notrace edit.
 *
 * The options (options/funcgraph-*, sleep-time, ...) and max_graph_depth
 * are global, as upstream has them: one set of tracer flags.
 */
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <asm/setup.h>

#include "fgraph_internal.h"
#include "ftrace_internal.h"
#include "trace.h"

/* Stop this deep (0: no limit): max_graph_depth, ftrace_graph_max_depth= */
static unsigned int fgraph_max_depth;
/* funcgraph-irqs off: do not trace in hard interrupts */
static bool fgraph_skip_irqs;

#define GRAPH_OPT(opt, flag)	{ .name = opt, .bit = TRACE_GRAPH_##flag }

/* In upstream's order: trace_options lists them so. */
static struct tracer_opt graph_opts[] = {
	GRAPH_OPT("funcgraph-overrun",		PRINT_OVERRUN),
	GRAPH_OPT("funcgraph-cpu",		PRINT_CPU),
	GRAPH_OPT("funcgraph-overhead",		PRINT_OVERHEAD),
	GRAPH_OPT("funcgraph-proc",		PRINT_PROC),
	GRAPH_OPT("funcgraph-duration",		PRINT_DURATION),
	GRAPH_OPT("funcgraph-abstime",		PRINT_ABS_TIME),
	GRAPH_OPT("funcgraph-irqs",		PRINT_IRQS),
	GRAPH_OPT("funcgraph-tail",		PRINT_TAIL),
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	GRAPH_OPT("funcgraph-retval",		PRINT_RETVAL),
	GRAPH_OPT("funcgraph-retval-hex",	PRINT_RETVAL_HEX),
#endif
	GRAPH_OPT("sleep-time",			SLEEP_TIME),
#ifdef CONFIG_FUNCTION_PROFILER
	GRAPH_OPT("graph-time",			GRAPH_TIME),
#endif
	{ }
};

static struct tracer_flags graph_flags = {
	.opts	= graph_opts,
	/* what upstream starts with: no overruns, proc, tail or times */
	.val	= TRACE_GRAPH_PRINT_CPU | TRACE_GRAPH_PRINT_OVERHEAD |
		  TRACE_GRAPH_PRINT_DURATION | TRACE_GRAPH_PRINT_IRQS |
		  TRACE_GRAPH_SLEEP_TIME | TRACE_GRAPH_GRAPH_TIME,
};

u32 trace_graph_flags(void)
{
	return READ_ONCE(graph_flags.val);
}

/* ------------------------------------------------------------------ */
/* set_graph_function and set_graph_notrace                             */

/*
 * The two lists are the filter and notrace hashes of an ftrace_ops that
 * is never registered: its files are set_ftrace_filter's (same words,
 * globs, '!', indexes), only the hashes mean something else. The
 * callbacks read copies published here, replaced when a file closes and
 * freed only after every callback that could see them is done.
 */
static struct ftrace_ops graph_filter_ops = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB,
};

static struct ftrace_hash __rcu *graph_only;	/* set_graph_function */
static struct ftrace_hash __rcu *graph_never;	/* set_graph_notrace */
static DEFINE_MUTEX(graph_filter_lock);

/* Bits of a task's word (fgraph_get_task_var()) for one array. */
#define GRAPH_TV_NOTRACE	BIT(0)	/* inside a set_graph_notrace one */
#define GRAPH_TV_INSIDE		BIT(1)	/* inside a set_graph_function one */
#define GRAPH_TV_IRQ		BIT(2)	/* ... that a hard irq called */
#define GRAPH_TV_DEPTH_SHIFT	3	/* at this depth */

/* Publish copies of graph_filter_ops' hashes for the callbacks. */
static int graph_filter_publish(void)
{
	struct ftrace_hash *only, *never, *old_only, *old_never;

	mutex_lock(&graph_filter_ops.func_hash->regex_lock);
	only = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS,
				graph_filter_ops.func_hash->filter_hash);
	never = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS,
				 graph_filter_ops.func_hash->notrace_hash);
	mutex_unlock(&graph_filter_ops.func_hash->regex_lock);
	if (!only || !never) {
		ftrace_hash_free(only);
		ftrace_hash_free(never);
		return -ENOMEM;
	}
	mutex_lock(&graph_filter_lock);
	old_only = rcu_dereference_protected(graph_only,
					     lockdep_is_held(&graph_filter_lock));
	old_never = rcu_dereference_protected(graph_never,
					      lockdep_is_held(&graph_filter_lock));
	rcu_assign_pointer(graph_only, only);
	rcu_assign_pointer(graph_never, never);
	mutex_unlock(&graph_filter_lock);
	/* callbacks run where RCU may not watch: the core's wait covers it */
	ftrace_hash_free_live(old_only);
	ftrace_hash_free_live(old_never);
	return 0;
}

static bool graph_hash_has(struct ftrace_hash __rcu **h, unsigned long ip)
{
	/* preemption is off in the callbacks: see graph_filter_publish() */
	struct ftrace_hash *hash = rcu_dereference_raw(*h);

	return hash && ftrace_lookup_ip(hash, ip);
}

static bool graph_hash_empty(struct ftrace_hash __rcu **h)
{
	return ftrace_hash_empty(rcu_dereference_raw(*h));
}

static int graph_filter_open(struct inode *inode, struct file *file)
{
	return ftrace_regex_open(NULL, &graph_filter_ops,
				 FTRACE_ITER_FILTER | FTRACE_ITER_GRAPH, inode,
				 file);
}

static int graph_notrace_open(struct inode *inode, struct file *file)
{
	return ftrace_regex_open(NULL, &graph_filter_ops,
				 FTRACE_ITER_NOTRACE | FTRACE_ITER_GRAPH, inode,
				 file);
}

static int graph_filter_release(struct inode *inode, struct file *file)
{
	bool wrote = file->f_mode & FMODE_WRITE;
	int ret;

	ret = ftrace_regex_release(inode, file);
	if (!ret && wrote)
		ret = graph_filter_publish();
	return ret;
}

static const struct file_operations graph_filter_fops = {
	.open		= graph_filter_open,
	.read		= seq_read,
	.write		= ftrace_filter_write,
	.llseek		= seq_lseek,
	.release	= graph_filter_release,
};

static const struct file_operations graph_notrace_fops = {
	.open		= graph_notrace_open,
	.read		= seq_read,
	.write		= ftrace_notrace_write,
	.llseek		= seq_lseek,
	.release	= graph_filter_release,
};

/* ftrace_graph_filter= and ftrace_graph_notrace=, comma separated */
static char graph_boot_only[COMMAND_LINE_SIZE] __initdata;
static char graph_boot_never[COMMAND_LINE_SIZE] __initdata;

static int __init set_graph_boot_only(char *str)
{
	strscpy(graph_boot_only, str, sizeof(graph_boot_only));
	return 1;
}
__setup("ftrace_graph_filter=", set_graph_boot_only);

static int __init set_graph_boot_never(char *str)
{
	strscpy(graph_boot_never, str, sizeof(graph_boot_never));
	return 1;
}
__setup("ftrace_graph_notrace=", set_graph_boot_never);

static void __init graph_boot_apply(char *list, bool only)
{
	char *func;

	while ((func = strsep(&list, ","))) {
		int ret;

		if (!*func)
			continue;
		if (only)
			ret = ftrace_set_filter(&graph_filter_ops, func,
						strlen(func), 0);
		else
			ret = ftrace_set_notrace(&graph_filter_ops, func,
						 strlen(func), 0);
		if (ret)
			pr_debug("ftrace: function %s not traceable\n", func);
	}
}

static int __init graph_filter_init(void)
{
	ftrace_ops_init(&graph_filter_ops);
	graph_boot_apply(graph_boot_only, true);
	graph_boot_apply(graph_boot_never, false);
	return graph_filter_publish();
}

/* ------------------------------------------------------------------ */
/* Recording                                                            */

/*
 * Reserve, fill and commit one entry. Inlined with a constant @type, so
 * that the payload is copied by plain stores of its known size (a
 * memcpy() of a length the compiler cannot see costs more than the rest
 * of the write).
 */
static __always_inline void graph_write(struct trace_array *tr, int type,
					const void *rec,
					unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;

	/* the header (type, context, pid) is filled in by the reserve */
	event = trace_buffer_lock_reserve(buffer, type,
					  type == TRACE_GRAPH_ENT ?
					  sizeof(struct ftrace_graph_ent_entry) :
					  sizeof(struct ftrace_graph_ret_entry),
					  trace_ctx);
	if (!event)
		return;
	if (type == TRACE_GRAPH_ENT) {
		struct ftrace_graph_ent_entry *e = ring_buffer_event_data(event);

		e->graph_ent = *(const struct ftrace_graph_ent *)rec;
	} else {
		struct ftrace_graph_ret_entry *e = ring_buffer_event_data(event);

		e->ret = *(const struct ftrace_graph_ret *)rec;
	}
	__buffer_unlock_commit(buffer, event);
}

void trace_graph_write_entry(struct trace_array *tr,
			     const struct ftrace_graph_ent *trace,
			     unsigned int trace_ctx)
{
	graph_write(tr, TRACE_GRAPH_ENT, trace, trace_ctx);
}

void trace_graph_write_return(struct trace_array *tr,
			      const struct ftrace_graph_ret *trace,
			      unsigned int trace_ctx)
{
	graph_write(tr, TRACE_GRAPH_RET, trace, trace_ctx);
}

/*
 * Write one entry unless this CPU is off for @tr or already writing to
 * it (a callback traced inside the write). Interrupts off, so that an
 * interrupt's entries do not land inside ours either.
 *
 * The raw flavour: the write takes no lock (the ring buffer is written
 * from NMI too), so lockdep has nothing to check here, and the latency
 * tracers and the preemptirq events should not see the tracer's own
 * few instructions with interrupts off as a section of the kernel's.
 * It also spares two calls per record.
 */
static __always_inline bool graph_record(struct trace_array *tr, int type,
					 const void *rec)
{
	struct trace_array_cpu *data;
	unsigned long flags;
	bool done = false;

	raw_local_irq_save(flags);
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1) {
		graph_write(tr, type, rec, tracing_gen_ctx_flags(flags));
		done = true;
	}
	atomic_dec(&data->disabled);
	raw_local_irq_restore(flags);
	return done;
}

int trace_graph_filter_entry(unsigned long *tv,
			     const struct ftrace_graph_ent *trace)
{
	/* inside a set_graph_notrace function: nothing below it either */
	if (*tv & GRAPH_TV_NOTRACE)
		return GRAPH_FILTER_REFUSE;
	if (graph_hash_has(&graph_never, trace->func)) {
		/* its return clears the bit */
		*tv |= GRAPH_TV_NOTRACE;
		return GRAPH_FILTER_HOOK;
	}
	/* set_graph_function: only what is called under one of them */
	if (!(*tv & GRAPH_TV_INSIDE) && !graph_hash_empty(&graph_only)) {
		if (!graph_hash_has(&graph_only, trace->func))
			return GRAPH_FILTER_REFUSE;
		/*
		 * A set_graph_function target that runs in a hard irq is
		 * traced, with what it calls, even when irqs are not
		 * (funcgraph-irqs off): the user named it.
		 */
		*tv |= GRAPH_TV_INSIDE |
		       (in_hardirq() ? GRAPH_TV_IRQ : 0) |
		       ((unsigned long)trace->depth << GRAPH_TV_DEPTH_SHIFT);
	}
	if (fgraph_max_depth && trace->depth >= fgraph_max_depth) {
		trace_graph_filter_refused(tv, trace->depth);
		return GRAPH_FILTER_REFUSE;
	}
	return GRAPH_FILTER_PASS;
}

void trace_graph_filter_refused(unsigned long *tv, int depth)
{
	/* no return will come to undo what set_graph_function started */
	if ((*tv & GRAPH_TV_INSIDE) && (*tv >> GRAPH_TV_DEPTH_SHIFT) == depth)
		*tv = 0;
}

bool trace_graph_filter_return(unsigned long *tv,
			       const struct ftrace_graph_ret *trace)
{
	if (*tv & GRAPH_TV_NOTRACE) {
		*tv &= ~GRAPH_TV_NOTRACE;
		return false;
	}
	/* the set_graph_function call itself returns */
	trace_graph_filter_refused(tv, trace->depth);
	return true;
}

static int graph_entry(struct ftrace_graph_ent *trace, struct fgraph_ops *gops)
{
	unsigned long *tv = fgraph_get_task_var(gops);
	struct trace_array *tr = gops->private;

	/*
	 * set_ftrace_pid/set_ftrace_notrace_pid of the array (ftrace_pid.c
	 * keeps this CPU's verdict for the task that runs): refused here,
	 * no return is hooked either.
	 */
	if (ftrace_pid_skip(tr))
		return 0;
	switch (trace_graph_filter_entry(tv, trace)) {
	case GRAPH_FILTER_REFUSE:
		return 0;
	case GRAPH_FILTER_HOOK:
		return 1;
	}
	if (fgraph_skip_irqs && in_hardirq() && !(*tv & GRAPH_TV_IRQ))
		goto refuse;
	/* tracing_thresh: only returns are written, those long enough */
	if (tracing_thresh)
		return 1;
	if (graph_record(tr, TRACE_GRAPH_ENT, trace))
		return 1;
refuse:
	trace_graph_filter_refused(tv, trace->depth);
	return 0;
}

static void graph_return(struct ftrace_graph_ret *trace,
			 struct fgraph_ops *gops)
{
	unsigned long *tv = fgraph_get_task_var(gops);
	struct trace_array *tr = gops->private;

	if (!trace_graph_filter_return(tv, trace))
		return;
	if (tracing_thresh && trace->rettime - trace->calltime < tracing_thresh)
		return;
	graph_record(tr, TRACE_GRAPH_RET, trace);
}

/* ------------------------------------------------------------------ */
/* The tracer                                                           */

static int graph_trace_init(struct trace_array *tr)
{
	struct fgraph_ops *gops;
	int ret;

	if (!tr->ops)
		return -ENOMEM;
	gops = kzalloc(sizeof(*gops), GFP_KERNEL);
	if (!gops)
		return -ENOMEM;
	gops->entryfunc = graph_entry;
	gops->retfunc = graph_return;
	gops->private = tr;
	/* set_ftrace_filter/notrace of the array choose our functions */
	gops->ops.func_hash = tr->ops->func_hash;
	gops->ops.private = tr;

	tracing_start_cmdline_record();
	ret = register_ftrace_graph(gops);
	if (ret) {
		tracing_stop_cmdline_record();
		kfree(gops);
		return ret;
	}
	tr->graph_ops = gops;
	return 0;
}

static void graph_trace_reset(struct trace_array *tr)
{
	struct fgraph_ops *gops = tr->graph_ops;

	if (!gops)
		return;
	unregister_ftrace_graph(gops);
	tracing_stop_cmdline_record();
	tr->graph_ops = NULL;
	kfree(gops);
}

/* tracing_thresh changed: the callbacks read it as they go */
static int graph_trace_update_thresh(struct trace_array *tr)
{
	return 0;
}

static int graph_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			  int set)
{
	if (bit == TRACE_GRAPH_PRINT_IRQS)
		WRITE_ONCE(fgraph_skip_irqs, !set);
	else if (bit == TRACE_GRAPH_SLEEP_TIME)
		fgraph_sleep_time_control(set);
	else if (bit == TRACE_GRAPH_GRAPH_TIME)
		ftrace_profile_graph_time(set);
	return 0;
}

/* Does a boot option or a file limit what the tracer records? */
bool trace_graph_limited(void)
{
	return !graph_hash_empty(&graph_only) ||
	       !graph_hash_empty(&graph_never) ||
	       READ_ONCE(fgraph_max_depth) || tracing_thresh;
}

static struct tracer graph_trace = {
	.name		= "function_graph",
	.init		= graph_trace_init,
	.reset		= graph_trace_reset,
	.update_thresh	= graph_trace_update_thresh,
	.open		= trace_graph_open,
	.pipe_open	= trace_graph_open,
	.close		= trace_graph_close,
	.pipe_close	= trace_graph_close,
	.print_line	= trace_graph_print_line,
	.print_header	= trace_graph_print_header,
	.flags		= &graph_flags,
	.set_flag	= graph_set_flag,
	.allow_instances = true,
#ifdef CONFIG_FTRACE_STARTUP_TEST
	.selftest	= trace_selftest_startup_function_graph,
#endif
};

/* ------------------------------------------------------------------ */
/* max_graph_depth                                                      */

static ssize_t max_depth_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	char buf[16];
	int n;

	n = scnprintf(buf, sizeof(buf), "%u\n", READ_ONCE(fgraph_max_depth));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, n);
}

static ssize_t max_depth_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	unsigned long depth;
	int err = kstrtoul_from_user(ubuf, cnt, 10, &depth);

	if (err)
		return err;
	/* any unsigned long is taken, cut to the int upstream keeps */
	WRITE_ONCE(fgraph_max_depth, (unsigned int)depth);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations max_depth_fops = {
	.open		= tracing_open_generic,
	.read		= max_depth_read,
	.write		= max_depth_write,
	.llseek		= generic_file_llseek,
};

/* Only the top level has the files: the limit and the lists are global. */
static void graph_files_create(struct trace_array *tr, struct dentry *dir)
{
	if (!(tr->flags & TRACE_ARRAY_FL_GLOBAL))
		return;
	trace_create_file("max_graph_depth", TRACE_MODE_WRITE, dir, NULL,
			  &max_depth_fops);
	trace_create_file("set_graph_function", TRACE_MODE_WRITE, dir, NULL,
			  &graph_filter_fops);
	trace_create_file("set_graph_notrace", TRACE_MODE_WRITE, dir, NULL,
			  &graph_notrace_fops);
}

static struct trace_array_client graph_files = {
	.name		= "trace_functions_graph",
	.create		= graph_files_create,
};

static int __init set_graph_max_depth(char *str)
{
	unsigned int val;

	if (kstrtouint(str, 0, &val))
		return 0;
	fgraph_max_depth = val;
	return 1;
}
__setup("ftrace_graph_max_depth=", set_graph_max_depth);

static __init int init_graph_trace(void)
{
	int ret;

	/* the entries' text, for every reader, first */
	ret = trace_graph_output_init();
	if (ret)
		return ret;
	ret = graph_filter_init();
	if (ret)
		return ret;
	trace_array_client_register(&graph_files);
	return register_tracer(&graph_trace);
}
core_initcall(init_graph_trace);
