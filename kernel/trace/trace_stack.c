// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer: how deep the kernel stack of a task ever got, and the
 * chain of calls that got it there.
 *
 * One ftrace_ops of its own, registered while
 * /proc/sys/kernel/stack_tracer_enabled is non-zero (or from boot with
 * "stacktrace"), is called at the entry of every function its filter
 * (stack_trace_filter, "stacktrace_filter=") lets through. The ftrace
 * caller hands it the traced function's stack pointer, so the depth of
 * that call is known exactly: from the slot the function's fentry call
 * pushed its return address into, up to the top of the task's stack.
 * Almost every call ends there, with one comparison against the deepest
 * depth so far. A deeper one takes stack_lock, unwinds the stack and finds
 * where on it each return address sits, which gives every frame's size.
 *
 * Files (top level only; the stack is the kernel's, not an array's):
 *	stack_max_size		the deepest depth in bytes; writable (0 starts
 *				the search over, the table stays until
 *				something deeper replaces it)
 *	stack_trace		that deepest stack, one frame a line
 *	stack_trace_filter	which functions are checked, in the language
 *				of set_ftrace_filter (ftrace_filter_files.c)
 *
 * Locking: stack_lock (an arch spinlock, taken with interrupts off) guards
 * the table and every write of stack_max. Whoever holds it first raises
 * this CPU's disable_stack_tracer, so that a traced function called under
 * it (the unwinder's, kallsyms') returns from the callback at once instead
 * of spinning on a lock its own CPU holds. An NMI never takes it: the CPU
 * it interrupted may be the holder. stack_enable_mutex serialises the
 * switch.
 */
#define pr_fmt(fmt) "stack tracer: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/sysctl.h>
#include <linux/uaccess.h>
#include <asm/setup.h>

#include "trace.h"

/* More return addresses than a THREAD_SIZE stack of real frames holds. */
#define STACK_TABLE_SLOTS	512

/* The deepest stack: frame i returns to ip[i], depth[i] bytes deep. */
struct stack_table {
	unsigned int	nr;
	unsigned long	ip[STACK_TABLE_SLOTS];
	unsigned int	depth[STACK_TABLE_SLOTS];
};

static struct stack_table deepest;
/*
 * stack_max_size. Written under stack_lock; the callback reads it without
 * the lock (READ_ONCE) only to skip the common case, and reads it again
 * under the lock before it replaces the table.
 */
static unsigned long stack_max;
static arch_spinlock_t stack_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static DEFINE_MUTEX(stack_enable_mutex);

/* The contract's names (linux/ftrace.h, kernel/sysctl.c). */
DEFINE_PER_CPU(int, disable_stack_tracer);
int stack_tracer_enabled;

/* Take stack_lock from task or irq context; never from NMI. */
static unsigned long stack_lock_irqsave(void)
{
	unsigned long flags;

	local_irq_save(flags);
	/* irqs are off: this CPU's counter is ours alone until the unlock */
	__this_cpu_inc(disable_stack_tracer);
	arch_spin_lock(&stack_lock);
	return flags;
}

static void stack_unlock_irqrestore(unsigned long flags)
{
	arch_spin_unlock(&stack_lock);
	__this_cpu_dec(disable_stack_tracer);
	local_irq_restore(flags);
}

/* The table on the console: the stack just ran over its end. */
static void stack_table_dump(void)
{
	unsigned int i, size;

	pr_emerg("        Depth    Size   Location    (%u entries)\n",
		 deepest.nr);
	for (i = 0; i < deepest.nr; i++) {
		size = deepest.depth[i] -
		       (i + 1 < deepest.nr ? deepest.depth[i + 1] : 0);
		pr_emerg("%3u) %8u   %5u   %pS\n", i, deepest.depth[i], size,
			 (void *)deepest.ip[i]);
	}
}

/*
 * Fill the table with the current stack, whose traced function pushed
 * @ret (its fentry call's return address) at @slot; @top is the end of
 * the stack. Under stack_lock.
 *
 * The unwinder gives the return addresses, innermost first, starting in
 * this file; they are dropped up to @ret. Each of the others is then
 * looked for on the stack above the previous one found: its slot gives
 * its depth. One the search does not find (an unwinder that reports a
 * frame whose return address is not on the stack) is left out, and the
 * frame below it is charged with its size.
 */
static void stack_table_fill(unsigned long ret, unsigned long *slot,
			     unsigned long *top)
{
	unsigned int n, i, x = 0;
	unsigned long *p = slot;

	n = stack_trace_save(deepest.ip, STACK_TABLE_SLOTS, 0);
	for (i = 0; i < n && deepest.ip[i] != ret; i++)
		;
	if (i == n)
		i = 0;

	/* x <= i throughout: the table is compacted in place */
	for (; i < n; i++) {
		unsigned long *q;

		/* the stack is not ours: KASAN must not judge these reads */
		for (q = p; q < top && READ_ONCE_NOCHECK(*q) != deepest.ip[i]; q++)
			;
		if (q == top)
			continue;
		deepest.ip[x] = deepest.ip[i];
		deepest.depth[x++] = (top - q) * sizeof(*q);
		p = q + 1;
	}
	deepest.nr = x;

	/*
	 * The guard word at the far end of the stack was overwritten: what
	 * lies beyond it is damaged already, and going on would spread it.
	 */
	if (task_stack_end_corrupted(current)) {
		stack_table_dump();
		panic("stack tracer: %s/%d ran over the end of its stack\n",
		      current->comm, task_pid_nr(current));
	}
}

/* A call @slot on the stack of current, to the function at @ip. */
static void stack_check(unsigned long ip, unsigned long *slot)
{
	unsigned long *top, flags, depth;

	/* irq and exception stacks are not measured */
	if (!object_is_on_stack(slot))
		return;
	top = (unsigned long *)(task_stack_page(current) + THREAD_SIZE);
	depth = (top - slot) * sizeof(*slot);
	if (likely(depth <= READ_ONCE(stack_max)))
		return;
	/* the CPU an NMI interrupted may hold stack_lock */
	if (in_nmi())
		return;
	/* the unwinder needs RCU (module text lookups) */
	if (!rcu_is_watching())
		return;

	flags = stack_lock_irqsave();
	/* another CPU may have gone deeper since the unlocked look */
	if (depth > stack_max) {
		WRITE_ONCE(stack_max, depth);
		stack_table_fill(ip + MCOUNT_INSN_SIZE, slot, top);
	}
	stack_unlock_irqrestore(flags);
}

static void stack_probe(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	preempt_disable_notrace();
	/*
	 * Only this CPU changes its counter, with preemption off; an
	 * interrupt that nests here brings it back before it returns.
	 * Anything but 1 means the callback (or a holder of stack_lock,
	 * or stack_tracer_disable()) is already running on this CPU.
	 */
	if (__this_cpu_inc_return(disable_stack_tracer) == 1 && fregs) {
		/* the traced function's fentry call pushed just below sp */
		stack_check(ip, (unsigned long *)
			    ftrace_regs_get_stack_pointer(fregs) - 1);
	}
	__this_cpu_dec(disable_stack_tracer);
	preempt_enable_notrace();
}

static struct ftrace_ops stack_ops __read_mostly = {
	.func	= stack_probe,
};

/* ------------------------------------------------------------------ */
/* /proc/sys/kernel/stack_tracer_enabled                                */

/*
 * The value is parsed into a copy: bad input, or an ops that could not be
 * registered, leaves both the value and the tracer as they were. Any
 * non-zero value turns it on and is kept as written.
 */
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos)
{
	struct ctl_table tmp = *table;
	int val, ret;

	mutex_lock(&stack_enable_mutex);
	val = stack_tracer_enabled;
	tmp.data = &val;
	ret = proc_dointvec(&tmp, write, buffer, lenp, ppos);
	if (ret || !write)
		goto out;
	if (!val != !stack_tracer_enabled)
		ret = val ? register_ftrace_function(&stack_ops) :
			    unregister_ftrace_function(&stack_ops);
	if (!ret)
		stack_tracer_enabled = val;
out:
	mutex_unlock(&stack_enable_mutex);
	return ret;
}

/* ------------------------------------------------------------------ */
/* stack_max_size                                                        */

static ssize_t max_size_read(struct file *file, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	char buf[32];
	int len;

	/* signed, as the reference prints it (a huge value reads negative) */
	len = scnprintf(buf, sizeof(buf), "%ld\n", (long)READ_ONCE(stack_max));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t max_size_write(struct file *file, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	unsigned long val, flags;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	flags = stack_lock_irqsave();
	WRITE_ONCE(stack_max, val);
	stack_unlock_irqrestore(flags);
	return cnt;
}

static const struct file_operations max_size_fops = {
	.open		= tracing_open_generic,
	.read		= max_size_read,
	.write		= max_size_write,
	.llseek		= default_llseek,
};

/* ------------------------------------------------------------------ */
/* stack_trace                                                           */

/*
 * What one open of stack_trace shows: a copy taken at open, so that a
 * read in several pieces cannot mix two tables, and so that symbol
 * lookups happen outside stack_lock.
 */
struct stack_view {
	struct stack_table	table;
	bool			disabled;
};

static void *view_start(struct seq_file *m, loff_t *pos)
{
	struct stack_view *v = m->private;

	/* position 0 is the header, 1..nr the frames */
	return *pos <= v->table.nr ? pos : NULL;
}

static void *view_next(struct seq_file *m, void *p, loff_t *pos)
{
	++*pos;
	return view_start(m, pos);
}

static void view_stop(struct seq_file *m, void *p)
{
}

static int view_show(struct seq_file *m, void *p)
{
	struct stack_view *v = m->private;
	struct stack_table *t = &v->table;
	loff_t i = *(loff_t *)p - 1;
	unsigned int size;

	if (i < 0) {
		seq_printf(m, "        Depth    Size   Location    (%u entries)\n"
			      "        -----    ----   --------\n", t->nr);
		/* a hint, as comment lines, while there is nothing to show */
		if (v->disabled)
			seq_puts(m, "#\n"
				 "#  Stack tracer off, nothing measured.\n"
				 "#  Start it: 'echo 1 > /proc/sys/kernel/stack_tracer_enabled',\n"
				 "#  or boot with 'stacktrace' on the command line.\n"
				 "#\n");
		return 0;
	}
	size = t->depth[i] - (i + 1 < t->nr ? t->depth[i + 1] : 0);
	seq_printf(m, "%3lld) %8u   %5u   %pS\n", i, t->depth[i], size,
		   (void *)t->ip[i]);
	return 0;
}

static const struct seq_operations view_seq_ops = {
	.start	= view_start,
	.next	= view_next,
	.stop	= view_stop,
	.show	= view_show,
};

static int stack_trace_open(struct inode *inode, struct file *file)
{
	struct stack_view *v;
	unsigned long flags;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	v = __seq_open_private(file, &view_seq_ops, sizeof(*v));
	if (!v)
		return -ENOMEM;
	flags = stack_lock_irqsave();
	v->table.nr = deepest.nr;
	memcpy(v->table.ip, deepest.ip, deepest.nr * sizeof(deepest.ip[0]));
	memcpy(v->table.depth, deepest.depth,
	       deepest.nr * sizeof(deepest.depth[0]));
	/* the hint only while nothing was ever measured or it was reset */
	v->disabled = !READ_ONCE(stack_tracer_enabled) && !stack_max;
	stack_unlock_irqrestore(flags);
	return 0;
}

static const struct file_operations stack_trace_fops = {
	.open		= stack_trace_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/* ------------------------------------------------------------------ */
/* stack_trace_filter: set_ftrace_filter's language, on stack_ops        */

static int filter_open(struct inode *inode, struct file *file)
{
	/* no trace array: function commands and :mod: caching refuse */
	return ftrace_regex_open(NULL, &stack_ops, FTRACE_ITER_FILTER, inode,
				 file);
}

static loff_t filter_lseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

static const struct file_operations filter_fops = {
	.open		= filter_open,
	.read		= seq_read,
	.write		= ftrace_filter_write,
	.llseek		= filter_lseek,
	.release	= ftrace_regex_release,
};

/* ------------------------------------------------------------------ */
/* Boot                                                                  */

static char boot_filter[COMMAND_LINE_SIZE] __initdata;

/*
 * "stacktrace" turns the tracer on from boot; "stacktrace_filter=list"
 * does too, checking only the functions of the comma-separated list.
 * The kernel hands this everything after "stacktrace" (as for the
 * reference, any other suffix also turns it on).
 */
static int __init stack_boot_option(char *str)
{
	size_t len = str_has_prefix(str, "_filter=");

	if (len)
		strscpy(boot_filter, str + len, sizeof(boot_filter));
	stack_tracer_enabled = 1;
	return 1;
}
__setup("stacktrace", stack_boot_option);

/*
 * Early, so that boot is measured from before the other CPUs and the
 * drivers start: the call sites exist since ftrace_init().
 */
static int __init stack_tracer_boot(void)
{
	/*
	 * Either call gives stack_ops its hashes and their lock, once and
	 * before any file can be opened: the lazy set-up in
	 * ftrace_regex_open() is not safe against two first opens at once.
	 */
	if (boot_filter[0])
		ftrace_set_early_filter(&stack_ops, boot_filter, 1);
	else
		ftrace_set_filter(&stack_ops, NULL, 0, 1);
	if (stack_tracer_enabled && register_ftrace_function(&stack_ops)) {
		pr_warn("could not be started\n");
		stack_tracer_enabled = 0;
	}
	return 0;
}
early_initcall(stack_tracer_boot);

static int __init stack_tracer_files(void)
{
	trace_create_file("stack_max_size", TRACE_MODE_WRITE, NULL, NULL,
			  &max_size_fops);
	trace_create_file("stack_trace", TRACE_MODE_READ, NULL, NULL,
			  &stack_trace_fops);
	trace_create_file("stack_trace_filter", TRACE_MODE_WRITE, NULL, NULL,
			  &filter_fops);
	return 0;
}
fs_initcall(stack_tracer_files);
