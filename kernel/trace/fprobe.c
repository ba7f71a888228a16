// SPDX-License-Identifier: GPL-2.0
/*
 * fprobe: a handler on the entry, and one on the exit, of a set of kernel
 * functions, over the function tracer (include/linux/fprobe.h).
 *
 * The entry side is an ftrace_ops of its own, filtered to the probed
 * functions and asking for the full registers (SAVE_REGS), since users
 * read arguments and the stack from them. The exit side is a rethook:
 * at the entry a node is taken from the fprobe's pool, filled with the
 * entry's address (and, after it, the user's entry data), and hooked on
 * the return address; when the function returns the rethook calls the
 * exit handler with that node.
 *
 * An fprobe counts what it could not run in nmissed: a recursion cut,
 * an empty pool at the entry, a kprobe already running (for an fprobe
 * that shares its handlers with kprobes). The count is a plain
 * increment: it may lose an update against another CPU, as upstream's.
 *
 * Nothing here takes a lock on the hit path: the ops' callback runs
 * with the recursion bits of the context it interrupts (the ftrace
 * recursion lock, which also disables preemption), and the rethook's
 * pool is lockless.
 */
#define pr_fmt(fmt) "fprobe: " fmt

#include <linux/err.h>
#include <linux/fprobe.h>
#include <linux/kprobes.h>
#include <linux/rethook.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/trace_recursion.h>

#include "ftrace_internal.h"

/* One pending exit: where the function was entered, and the user's data. */
struct fprobe_exit_node {
	struct rethook_node	node;
	unsigned long		entry_ip;
	unsigned long		entry_parent_ip;
	char			data[];
};

/*
 * The entry, with recursion already cut: take a node for the exit (if
 * there is an exit handler), run the entry handler, then hook the return
 * unless the entry handler declined the exit by returning non-zero.
 */
static __always_inline void fprobe_entry(struct fprobe *fp, unsigned long ip,
					 unsigned long parent_ip,
					 struct ftrace_regs *fregs)
{
	struct pt_regs *regs = ftrace_get_regs(fregs);
	struct fprobe_exit_node *xn = NULL;
	struct rethook_node *rn;
	void *data = NULL;
	int ret = 0;

	if (fp->exit_handler) {
		rn = rethook_try_get(fp->rethook);
		if (!rn) {
			/* every node is on some stack: this exit is lost */
			fp->nmissed++;
			return;
		}
		xn = container_of(rn, struct fprobe_exit_node, node);
		xn->entry_ip = ip;
		xn->entry_parent_ip = parent_ip;
		if (fp->entry_data_size)
			data = xn->data;
	}
	if (fp->entry_handler)
		ret = fp->entry_handler(fp, ip, parent_ip, regs, data);
	if (!xn)
		return;
	if (ret)
		rethook_recycle(&xn->node);
	else
		rethook_hook(&xn->node, regs, true);
}

/*
 * An entry, as the ops' callback: cut recursion (before anything
 * traceable, and counted), then run it. With @kprobe_shared the handlers
 * are also a kprobe's: they must not run inside another kprobe's handler,
 * and while they run a kprobe hit is the nested kind kprobes counts as
 * missed (kprobe_busy_begin() marks the CPU).
 */
static __always_inline void fprobe_call(unsigned long ip,
					unsigned long parent_ip,
					struct ftrace_ops *ops,
					struct ftrace_regs *fregs,
					bool kprobe_shared)
{
	struct fprobe *fp = container_of(ops, struct fprobe, ops);
	bool run;
	int bit;

	if (fprobe_disabled(fp))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	run = bit >= 0 && !(kprobe_shared && kprobe_running());
	if (!run)
		fp->nmissed++;
	else if (kprobe_shared)
		kprobe_busy_begin();
	if (run)
		fprobe_entry(fp, ip, parent_ip, fregs);
	if (run && kprobe_shared)
		kprobe_busy_end();
	if (bit >= 0)
		ftrace_test_recursion_unlock(bit);
}

static void fprobe_ops_func(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	fprobe_call(ip, parent_ip, ops, fregs, false);
}

NOKPROBE_SYMBOL(fprobe_ops_func);

#ifdef CONFIG_KPROBES
static void fprobe_kprobe_ops_func(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *ops,
				   struct ftrace_regs *fregs)
{
	fprobe_call(ip, parent_ip, ops, fregs, true);
}

NOKPROBE_SYMBOL(fprobe_kprobe_ops_func);
#else
#define fprobe_kprobe_ops_func	fprobe_ops_func
#endif

/* The rethook's handler: @data is the fprobe, @rn the entry's node. */
static void fprobe_exit(struct rethook_node *rn, void *data,
			unsigned long ret_ip, struct pt_regs *regs)
{
	struct fprobe_exit_node *xn = container_of(rn, struct fprobe_exit_node,
						   node);
	struct fprobe *fp = data;
	int bit;

	if (!fp || fprobe_disabled(fp))
		return;
	/*
	 * Nothing traceable ran between the trampoline and here; the exit
	 * handler may reach probed functions, which this lock cuts.
	 */
	bit = ftrace_test_recursion_trylock(xn->entry_ip, xn->entry_parent_ip);
	if (bit < 0) {
		fp->nmissed++;
		return;
	}
	fp->exit_handler(fp, xn->entry_ip, ret_ip, regs,
			 fp->entry_data_size ? xn->data : NULL);
	ftrace_test_recursion_unlock(bit);
}

NOKPROBE_SYMBOL(fprobe_exit);

/* Ready @fp's ops for registration. */
static void fprobe_prepare(struct fprobe *fp)
{
	fp->nmissed = 0;
	fp->rethook = NULL;
	fp->ops.func = fprobe_shared_with_kprobes(fp) ? fprobe_kprobe_ops_func :
							fprobe_ops_func;
	/*
	 * No FTRACE_OPS_FL_RECURSION: the callbacks cut recursion
	 * themselves, and count what they cut.
	 */
	fp->ops.flags |= FTRACE_OPS_FL_SAVE_REGS;
}

/*
 * The pool of exit nodes, for @nr_funcs probed functions: nr_maxactive
 * nodes if the user set it, else two per function and possible CPU (a
 * function pending on two levels of every CPU at once).
 */
static int fprobe_alloc_exits(struct fprobe *fp, unsigned int nr_funcs)
{
	unsigned long num;
	struct rethook *rh;

	if (!fp->exit_handler)
		return 0;
	if (fp->nr_maxactive)
		num = fp->nr_maxactive;
	else
		num = (unsigned long)nr_funcs * num_possible_cpus() * 2;
	if (!num || num > INT_MAX)
		return -EINVAL;
	rh = rethook_alloc(fp, fprobe_exit,
			   sizeof(struct fprobe_exit_node) + fp->entry_data_size,
			   num);
	if (IS_ERR(rh))
		return PTR_ERR(rh);
	fp->rethook = rh;
	return 0;
}

/* A registration failed after the filter was set: undo what was made. */
static void fprobe_unprepare(struct fprobe *fp)
{
	if (fp->rethook) {
		/* never hooked: nothing is pending on any stack */
		rethook_free(fp->rethook);
		fp->rethook = NULL;
	}
	ftrace_free_filter(&fp->ops);
}

/* The filter is set: make the exits' pool and start the calls. */
static int fprobe_start(struct fprobe *fp, unsigned int nr_funcs)
{
	int ret;

	ret = fprobe_alloc_exits(fp, nr_funcs);
	if (!ret)
		ret = register_ftrace_function(&fp->ops);
	if (ret)
		fprobe_unprepare(fp);
	return ret;
}

/**
 * register_fprobe - probe the functions a glob pattern names
 * @fp: the fprobe, its handlers (and data size, maxactive) filled in
 * @filter: the functions, as set_ftrace_filter takes them
 * @notfilter: functions left out of @filter's, or NULL
 *
 * Returns 0, or -errno: -EINVAL when the pattern matches nothing.
 */
int register_fprobe(struct fprobe *fp, const char *filter,
		    const char *notfilter)
{
	unsigned char *buf;
	int ret;

	if (!fp || !filter)
		return -EINVAL;
	fprobe_prepare(fp);
	/* the filter parser writes into its buffer: give it a copy */
	buf = kstrdup(filter, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	ret = ftrace_set_filter(&fp->ops, buf, strlen(filter), 0);
	kfree(buf);
	if (ret)
		goto fail;
	if (notfilter) {
		buf = kstrdup(notfilter, GFP_KERNEL);
		if (!buf) {
			ret = -ENOMEM;
			goto fail;
		}
		ret = ftrace_set_notrace(&fp->ops, buf, strlen(notfilter), 0);
		kfree(buf);
		if (ret)
			goto fail;
	}
	/* the pool is sized on the filter: the notrace part may be less */
	return fprobe_start(fp, ftrace_ops_filter_count(&fp->ops));
fail:
	ftrace_free_filter(&fp->ops);
	return ret;
}
EXPORT_SYMBOL_GPL(register_fprobe);

/**
 * register_fprobe_ips - probe functions by their ftrace call sites
 * @fp: the fprobe
 * @addrs: the call sites (or the functions' first bytes)
 * @num: how many
 *
 * Returns 0, or -errno: -EINVAL when an address is no call site.
 */
int register_fprobe_ips(struct fprobe *fp, unsigned long *addrs, int num)
{
	int ret = -EINVAL;

	if (fp && addrs && num > 0) {
		fprobe_prepare(fp);
		ret = ftrace_set_filter_ips(&fp->ops, addrs, num, 0, 0);
		if (!ret)
			return fprobe_start(fp, num);
		ftrace_free_filter(&fp->ops);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(register_fprobe_ips);

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(const char * const *)a, *(const char * const *)b);
}

/**
 * register_fprobe_syms - probe functions by name
 * @fp: the fprobe
 * @syms: the names; sorted in place
 * @num: how many
 *
 * Returns 0, or -errno: -ENOENT when a name has no call site.
 */
int register_fprobe_syms(struct fprobe *fp, const char **syms, int num)
{
	unsigned long *addrs;
	int ret;

	if (!fp || !syms || num <= 0)
		return -EINVAL;
	addrs = kcalloc(num, sizeof(*addrs), GFP_KERNEL);
	if (!addrs)
		return -ENOMEM;
	/* ftrace_lookup_symbols() wants the names in order */
	sort(syms, num, sizeof(*syms), cmp_names, NULL);
	ret = ftrace_lookup_symbols(syms, num, addrs) ? -ENOENT :
	      register_fprobe_ips(fp, addrs, num);
	kfree(addrs);
	return ret;
}
EXPORT_SYMBOL_GPL(register_fprobe_syms);

/**
 * fprobe_is_registered - is @fp registered (and not unregistered since)?
 * @fp: an fprobe, or NULL
 */
bool fprobe_is_registered(struct fprobe *fp)
{
	return fp && (fp->ops.flags & FTRACE_OPS_FL_ENABLED) &&
	       (fp->ops.func == fprobe_ops_func ||
		fp->ops.func == fprobe_kprobe_ops_func);
}
EXPORT_SYMBOL_GPL(fprobe_is_registered);

/**
 * unregister_fprobe - stop probing
 * @fp: a registered fprobe
 *
 * When it returns no entry handler runs any more. Exits still pending on
 * some task's stack return through the rethook without calling the exit
 * handler; one that already started may still be running: a caller that
 * frees what its exit handler uses waits for an RCU grace period first.
 *
 * Returns 0, or -EINVAL when @fp is not registered.
 */
int unregister_fprobe(struct fprobe *fp)
{
	int ret;

	if (!fprobe_is_registered(fp))
		return -EINVAL;
	/* no new exit is hooked from here on, pending ones do nothing */
	if (fp->rethook)
		rethook_stop(fp->rethook);
	ret = unregister_ftrace_function(&fp->ops);
	if (ret)
		return ret;
	if (fp->rethook) {
		/* the pool goes when its last pending node comes back */
		rethook_free(fp->rethook);
		fp->rethook = NULL;
	}
	ftrace_free_filter(&fp->ops);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_fprobe);
