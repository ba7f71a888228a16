// SPDX-License-Identifier: GPL-2.0
/*
 * trace_printk() and friends: debugging prints into the trace buffer.
 *
 * A constant format is recorded in binary: the format's address plus
 * the arguments as vbin_printf() packs them (TRACE_BPRINT). The text is
 * only produced when the trace is read, which keeps the call cheap. A
 * format that is not a constant is formatted at once (TRACE_PRINT).
 *
 * For the binary form to be readable by tools, printk_formats maps each
 * format address back to its text. Built-in formats sit in the
 * __trace_printk_fmt section; a module's formats are copied into memory
 * that outlives the module, so entries recorded before an unload still
 * point at valid text.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_core.h"

/* ------------------------------------------------------------------ */
/* Where trace_printk() goes and whether it is on.                     */

/* Mirrors the top level's trace_printk option (printk_flag_changed()). */
static bool trace_printk_on __read_mostly = true;

/*
 * The array holding the trace_printk_dest option. Writers read it once
 * with preemption disabled; a removed instance hands it back to the top
 * level (printk_array_remove()) before the core waits for such writers
 * and frees it.
 */
static struct trace_array *printk_dest = &global_trace;

/*
 * Move the trace_printk_dest option (TRACE_ITER_TRACE_PRINTK) to @tr
 * (@set) or back to the top level (!@set; -EINVAL for the top level
 * itself, which holds it unless an instance does). Updates the flag
 * bits of both arrays. Under trace_types_lock.
 */
static int trace_printk_dest_set(struct trace_array *tr, bool set)
{
	struct trace_array *old = printk_dest;

	lockdep_assert_held(&trace_types_lock);
	if (!set) {
		/* Somebody must hold the option; by default the top level. */
		if (tr == &global_trace && old == tr)
			return -EINVAL;
		if (old != tr)
			return 0;
		tr = &global_trace;
	}
	if (old == tr)
		return 0;
	old->trace_flags &= ~TRACE_ITER_TRACE_PRINTK;
	tr->trace_flags |= TRACE_ITER_TRACE_PRINTK;
	WRITE_ONCE(printk_dest, tr);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Scratch space for formatting before the size of the event is known. */

#define TRACE_BUF_SIZE		1024

/*
 * One buffer per CPU and per context level: a softirq, hardirq or NMI
 * that interrupts a trace_printk() uses the next level's buffer, so
 * nothing is shared between contexts that can preempt each other. The
 * busy flag catches the one case left, recursion within one context
 * (a trace_printk() from something the first one called): it is
 * dropped rather than scribbling over the outer text.
 */
struct printk_scratch {
	/* vbin_printf() stores u32s and longs into it */
	char	text[TRACE_CTX_LEVELS][TRACE_BUF_SIZE] __aligned(sizeof(long));
	bool	busy[TRACE_CTX_LEVELS];
};

static struct printk_scratch __percpu *printk_scratch;
static int printk_banner_done;

static int printk_scratch_alloc(void)
{
	struct printk_scratch __percpu *p;

	/* Published once; callers only test for NULL and never free it. */
	if (READ_ONCE(printk_scratch))
		return 0;
	p = alloc_percpu(struct printk_scratch);
	if (!p) {
		pr_warn("tracing: cannot allocate trace_printk buffers\n");
		return -ENOMEM;
	}
	/*
	 * The buffers before the pointer: pairs with the address dependency
	 * of the READ_ONCE() in trace_vbprintk() and trace_array_vprintk().
	 */
	if (cmpxchg_release(&printk_scratch, NULL, p))
		free_percpu(p);
	return 0;
}

void trace_printk_init_buffers(void)
{
	if (printk_scratch_alloc())
		return;

	/*
	 * The notice and the expansion are wanted once. xchg() only elects
	 * the one caller that prints; nothing is published through it.
	 */
	if (xchg(&printk_banner_done, 1))
		return;
	pr_notice("\n");
	pr_notice("*************************************************************\n");
	pr_notice("**  NOTICE: trace_printk() is used by this kernel.         **\n");
	pr_notice("**                                                         **\n");
	pr_notice("**  Extra memory has been set aside for its buffers.       **\n");
	pr_notice("**  trace_printk() is a debugging aid: a kernel that uses  **\n");
	pr_notice("**  it is a debug build, not meant for production.         **\n");
	pr_notice("**  If you are not debugging this kernel, please tell      **\n");
	pr_notice("**  whoever provided it.                                   **\n");
	pr_notice("*************************************************************\n");
	/* Someone wants output: give the top level its full size. */
	if (tracing_update_buffers(&global_trace) < 0)
		pr_warn("tracing: failed to expand the ring buffer\n");
}
EXPORT_SYMBOL_GPL(trace_printk_init_buffers);

/* ------------------------------------------------------------------ */
/* Writing entries.                                                     */

static inline bool printk_blocked(struct trace_array *tr)
{
	return unlikely(tracing_disabled ||
			(tracing_selftest_running && tr == &global_trace));
}

/* Both text variants: @len bytes of @text (no NUL) into a TRACE_PRINT. */
static int record_print(struct trace_array *tr, unsigned long ip,
			const char *text, int len, bool add_newline,
			unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	int ret = 0;

	if (len < 0)
		return 0;
	/* Room for the NUL, and for a newline the text may lack. */
	ring_buffer_nest_start(buffer);
	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  sizeof(*entry) + len + 2, trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->ip = ip;
		memcpy(entry->buf, text, len);
		if (add_newline && (!len || text[len - 1] != '\n'))
			entry->buf[len++] = '\n';
		entry->buf[len] = '\0';
		__buffer_unlock_commit(buffer, event);
		ret = len;
	}
	ring_buffer_nest_end(buffer);
	return ret;
}

int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size)
{
	int ret;

	if (!(tr->trace_flags & TRACE_ITER_PRINTK) || printk_blocked(tr))
		return 0;
	preempt_disable_notrace();
	ret = record_print(tr, ip, str, size, true, tracing_gen_ctx());
	preempt_enable_notrace();
	/* What was asked for, without the newline we may have added. */
	return ret ? size : 0;
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

int __trace_puts(unsigned long ip, const char *str, int size)
{
	struct trace_array *tr;
	int ret = 0;

	if (!READ_ONCE(trace_printk_on))
		return 0;
	preempt_disable_notrace();
	tr = READ_ONCE(printk_dest);
	if (!printk_blocked(tr) &&
	    record_print(tr, ip, str, size, true, tracing_gen_ctx()))
		ret = size;
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_puts);

int __trace_bputs(unsigned long ip, const char *str)
{
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct bputs_entry *entry;
	struct trace_array *tr;
	unsigned int trace_ctx;
	int ret = 0;

	if (!READ_ONCE(trace_printk_on))
		return 0;
	trace_ctx = tracing_gen_ctx();
	preempt_disable_notrace();
	tr = READ_ONCE(printk_dest);
	if (printk_blocked(tr))
		goto out;
	buffer = tr->array_buffer.buffer;
	ring_buffer_nest_start(buffer);
	event = trace_buffer_lock_reserve(buffer, TRACE_BPUTS, sizeof(*entry),
					  trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->ip = ip;
		entry->str = str;
		__buffer_unlock_commit(buffer, event);
		ret = 1;
	}
	ring_buffer_nest_end(buffer);
out:
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

int trace_vbprintk(unsigned long ip, const char *fmt, va_list args)
{
	struct printk_scratch __percpu *scratch = READ_ONCE(printk_scratch);
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct bprint_entry *entry;
	struct printk_scratch *s;
	struct trace_array *tr;
	unsigned int trace_ctx;
	int level, words = 0;

	if (!scratch)
		return 0;

	/* Keep our own internals out of a function graph trace. */
	pause_graph_tracing();
	trace_ctx = tracing_gen_ctx();
	preempt_disable_notrace();
	tr = READ_ONCE(printk_dest);
	if (printk_blocked(tr))
		goto out;
	s = this_cpu_ptr(scratch);
	level = trace_ctx_slot_claim(s->busy);
	if (level < 0)
		goto out;

	words = vbin_printf((u32 *)s->text[level], TRACE_BUF_SIZE / sizeof(u32),
			    fmt, args);
	/* Too long for the scratch space: better nothing than a torn record. */
	if (words < 0 || words > TRACE_BUF_SIZE / sizeof(u32)) {
		words = 0;
		goto release;
	}

	buffer = tr->array_buffer.buffer;
	ring_buffer_nest_start(buffer);
	event = trace_buffer_lock_reserve(buffer, TRACE_BPRINT,
					  struct_size(entry, buf, words),
					  trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->ip = ip;
		entry->fmt = fmt;
		memcpy(entry->buf, s->text[level], words * sizeof(u32));
		__buffer_unlock_commit(buffer, event);
		/* the stack from trace_printk()'s caller, as upstream's */
		if (tr->trace_flags & TRACE_ITER_STACKTRACE)
			trace_record_kstack(buffer, trace_ctx, 1);
	}
	ring_buffer_nest_end(buffer);
release:
	trace_ctx_slot_release(s->busy, level);
out:
	preempt_enable_notrace();
	unpause_graph_tracing();
	return words;
}
EXPORT_SYMBOL_GPL(trace_vbprintk);

static int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
			       const char *fmt, va_list args)
{
	struct printk_scratch __percpu *scratch = READ_ONCE(printk_scratch);
	struct printk_scratch *s;
	unsigned int trace_ctx;
	int level, len = 0;

	if (!scratch || printk_blocked(tr))
		return 0;

	pause_graph_tracing();
	trace_ctx = tracing_gen_ctx();
	preempt_disable_notrace();
	s = this_cpu_ptr(scratch);
	level = trace_ctx_slot_claim(s->busy);
	if (level >= 0) {
		len = vscnprintf(s->text[level], TRACE_BUF_SIZE, fmt, args);
		len = record_print(tr, ip, s->text[level], len, false,
				   trace_ctx);
		trace_ctx_slot_release(s->busy, level);
	}
	preempt_enable_notrace();
	unpause_graph_tracing();
	return len;
}

int trace_vprintk(unsigned long ip, const char *fmt, va_list args)
{
	int ret;

	/* Preemption stays off while the destination is in use. */
	preempt_disable_notrace();
	ret = trace_array_vprintk(READ_ONCE(printk_dest), ip, fmt, args);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(trace_vprintk);

/*
 * The varargs entry points only package their arguments: the checks
 * live in the va_list versions they hand over to.
 */
int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
{
	/* A module format we could not copy is left NULL: drop it. */
	if (unlikely(!fmt) || !READ_ONCE(trace_printk_on))
		return 0;
	return trace_vbprintk(ip, fmt, ap);
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vbprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_bprintk);

int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	if (!READ_ONCE(trace_printk_on))
		return 0;
	return trace_vprintk(ip, fmt, ap);
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_printk);

/* Must precede trace_array_printk(); allocates without the banner. */
int trace_array_init_printk(struct trace_array *tr)
{
	if (!tr)
		return -ENOENT;
	/* The top level's scratch comes with trace_printk() itself. */
	return tr == &global_trace ? -EINVAL : printk_scratch_alloc();
}
EXPORT_SYMBOL_GPL(trace_array_init_printk);

/*
 * For instances only: the top level is reserved for trace_printk(),
 * which is a debugging tool, while a subsystem may keep its own
 * instance and print into it in production.
 */
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	va_list ap;
	int ret = 0;

	if (!tr)
		return -ENOENT;
	if (tr != &global_trace && (tr->trace_flags & TRACE_ITER_PRINTK)) {
		va_start(ap, fmt);
		ret = trace_array_vprintk(tr, ip, fmt, ap);
		va_end(ap);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_printk);

void trace_dump_stack(int skip)
{
	struct trace_buffer *buffer;
	struct trace_array *tr;
	unsigned int trace_ctx;

	trace_ctx = tracing_gen_ctx();
	preempt_disable_notrace();
	tr = READ_ONCE(printk_dest);
	if (!printk_blocked(tr)) {
		buffer = tr->array_buffer.buffer;
		/* maybe called from inside another entry's reserve */
		ring_buffer_nest_start(buffer);
		/* the stack starts at our caller: leave this function out */
		trace_record_kstack(buffer, trace_ctx, skip + 1);
		ring_buffer_nest_end(buffer);
	}
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(trace_dump_stack);

/* ------------------------------------------------------------------ */
/* Formats of modules.                                                 */

struct saved_fmt {
	struct list_head	list;
	const char		*fmt;
};

/*
 * Copies of module formats. Never shrinks: entries in the ring buffer
 * may keep pointing at a copy long after its module is gone. Read and
 * added to under saved_fmts_lock (the output prints the pointer the
 * entry holds and never looks a format up here).
 */
static LIST_HEAD(saved_fmts);
static DEFINE_MUTEX(saved_fmts_lock);

static const char *saved_fmt_find(const char *fmt)
{
	struct saved_fmt *p;

	list_for_each_entry(p, &saved_fmts, list)
		if (!strcmp(p->fmt, fmt))
			return p->fmt;
	return NULL;
}

/*
 * A module's trace_printk() passes the value of its section slot as
 * the format, so pointing the slot at our copy makes new entries carry
 * an address that stays valid. A slot we cannot fill becomes NULL and
 * __trace_bprintk() then ignores that call site.
 */
static void module_fmts_save(const char **start, unsigned int nr)
{
	const char **slot;

	trace_printk_init_buffers();

	mutex_lock(&saved_fmts_lock);
	for (slot = start; slot < start + nr; slot++) {
		struct saved_fmt *p;
		const char *copy;

		if (!*slot)
			continue;
		copy = saved_fmt_find(*slot);
		if (!copy) {
			p = kmalloc(sizeof(*p), GFP_KERNEL);
			copy = p ? kstrdup(*slot, GFP_KERNEL) : NULL;
			if (copy) {
				p->fmt = copy;
				list_add_tail(&p->list, &saved_fmts);
			} else {
				kfree(p);
			}
		}
		*slot = copy;
	}
	mutex_unlock(&saved_fmts_lock);
}

static int trace_printk_module_notify(struct notifier_block *nb,
				      unsigned long state, void *data)
{
	struct module *mod = data;

	if (IS_ENABLED(CONFIG_MODULES) && state == MODULE_STATE_COMING &&
	    mod->num_trace_bprintk_fmt)
		module_fmts_save(mod->trace_bprintk_fmt_start,
				 mod->num_trace_bprintk_fmt);
	return NOTIFY_OK;
}

static struct notifier_block trace_printk_module_nb = {
	.notifier_call = trace_printk_module_notify,
};

/* ------------------------------------------------------------------ */
/* printk_formats                                                      */

/*
 * Positions run over the built-in trace_printk formats, then the
 * tracepoint strings, then the module copies. Each element handed to
 * show() is the address of a "const char *" holding the format.
 */
static const char **formats_at(loff_t pos)
{
	long nr_bprintk = __stop___trace_bprintk_fmt - __start___trace_bprintk_fmt;
	long nr_tpstr = __stop___tracepoint_str - __start___tracepoint_str;
	struct saved_fmt *p;

	if (pos < nr_bprintk)
		return __start___trace_bprintk_fmt + pos;
	pos -= nr_bprintk;
	if (pos < nr_tpstr)
		return __start___tracepoint_str + pos;
	pos -= nr_tpstr;
	list_for_each_entry(p, &saved_fmts, list)
		if (!pos--)
			return &p->fmt;
	return NULL;
}

static void *formats_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&saved_fmts_lock);
	return formats_at(*pos);
}

static void *formats_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return formats_at(*pos);
}

static void formats_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&saved_fmts_lock);
}

/* The C escape printk_formats shows for @c, or NULL to show it as is. */
static const char *format_escape(char c)
{
	switch (c) {
	case '\n':
		return "\\n";
	case '\t':
		return "\\t";
	case '"':
		return "\\\"";
	default:
		return NULL;
	}
}

static int formats_show(struct seq_file *m, void *v)
{
	const char *fmt = *(const char **)v;
	const char *c;

	if (!fmt)
		return 0;

	seq_printf(m, "0x%lx : \"", (unsigned long)fmt);
	/*
	 * One format per line: control characters that would break the
	 * line or the quoting are written as C escapes. A backslash is
	 * written as it is, which is what tools expect from this file.
	 */
	for (c = fmt; *c; c++) {
		const char *esc = format_escape(*c);

		if (esc)
			seq_puts(m, esc);
		else
			seq_putc(m, *c);
	}
	seq_puts(m, "\"\n");
	return 0;
}

static const struct seq_operations formats_seq_ops = {
	.start	= formats_start,
	.next	= formats_next,
	.stop	= formats_stop,
	.show	= formats_show,
};

static int formats_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(NULL);

	return ret ? ret : seq_open(file, &formats_seq_ops);
}

static const struct file_operations printk_formats_fops = {
	.open		= formats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* printk_formats (top level only: the formats are the kernel's). */
static void printk_files_create(struct trace_array *tr, struct dentry *dir)
{
	if (tr->flags & TRACE_ARRAY_FL_GLOBAL)
		trace_create_file("printk_formats", TRACE_MODE_READ, dir, NULL,
				  &printk_formats_fops);
}

/*
 * An instance that goes hands the trace_printk destination back to the
 * top level; the core waits for the writers still using it before the
 * buffers go (see trace_printk_dest_set()).
 */
static void printk_array_remove(struct trace_array *tr)
{
	trace_printk_dest_set(tr, false);
}

/* The options trace_printk (top level only) and trace_printk_dest. */
static int printk_flag_changed(struct trace_array *tr, unsigned int mask,
			       bool on)
{
	switch (mask) {
	case TRACE_ITER_PRINTK:
		WRITE_ONCE(trace_printk_on, on);
		return 0;
	case TRACE_ITER_TRACE_PRINTK:
		/*
		 * Exactly one array is the destination: setting the option
		 * moves the role, and it can only be cleared on an
		 * instance, which hands it back to the top level.
		 */
		return trace_printk_dest_set(tr, on);
	}
	return 0;
}

static struct trace_array_client printk_client = {
	.name		= "trace_printk",
	.create		= printk_files_create,
	.flag_changed	= printk_flag_changed,
	.remove		= printk_array_remove,
};

void __init trace_printk_early_init(void)
{
	/*
	 * Comms are recorded by the commit path whenever record-cmd is on,
	 * so all built-in users need is the buffers.
	 */
	if (__stop___trace_bprintk_fmt - __start___trace_bprintk_fmt)
		trace_printk_init_buffers();
	/* before trace_options= and trace_instance=^traceprintk apply */
	trace_array_client_register(&printk_client);
}

static int __init trace_printk_init(void)
{
	return register_module_notifier(&trace_printk_module_nb);
}
early_initcall(trace_printk_init);
