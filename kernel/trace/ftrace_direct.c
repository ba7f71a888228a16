// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls: a site calls a trampoline of the user's own (BPF
 * trampolines, the ftrace-direct samples) instead of a callback.
 *
 * The user puts the functions in the filter hash of an ops and hands the
 * ops and the trampoline's address to register_ftrace_direct(). The ops
 * becomes a DIRECT ops: where it is the only one on a site, the site
 * calls the trampoline itself; where others trace the function too, the
 * site calls ftrace_regs_caller (the ops asks for regs), whose list
 * function runs the ops' callback, call_direct_funcs(), and that leaves
 * the trampoline's address in orig_ax for the caller to jump to on its
 * way out.
 *
 * direct_functions maps each such site to its trampoline. It is replaced
 * whole under direct_mutex and ftrace_lock and read under RCU (or either
 * lock). Registering any ops takes direct_mutex too, so that an ops that
 * changes the IP and a direct ops can agree to share functions
 * (ops_func, FTRACE_OPS_CMD_*).
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/slab.h>

#include "ftrace_internal.h"

static DEFINE_MUTEX(direct_mutex);
static struct ftrace_hash __rcu *direct_functions = ftrace_empty_hash;

/* Full regs: with other ops on the site, ftrace_regs_caller does the jump. */
#define DIRECT_OPS_FLAGS	(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS)

void ftrace_direct_lock(void)
{
	mutex_lock(&direct_mutex);
}

void ftrace_direct_unlock(void)
{
	mutex_unlock(&direct_mutex);
}

/**
 * ftrace_find_rec_direct - the direct trampoline of a site
 * @ip: the call site
 *
 * Returns its address, or 0 when the site has none.
 */
unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	struct ftrace_func_entry *e;
	unsigned long addr = 0;

	rcu_read_lock();
	e = ftrace_lookup_ip(rcu_dereference(direct_functions), ip);
	if (e)
		addr = READ_ONCE(e->direct);
	rcu_read_unlock();
	return addr;
}

unsigned long ftrace_direct_addr(unsigned long ip)
{
	return ftrace_find_rec_direct(ip);
}

/* The callback of a direct ops: ask the regs caller to jump on. */
static void call_direct_funcs(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	unsigned long addr = READ_ONCE(ops->direct_call);

	if (addr)
		arch_ftrace_set_direct_caller(fregs, addr);
}

/*
 * Replace direct_functions by a copy that has @ops' sites mapped to @addr
 * (@add) or no longer has them. Under direct_mutex.
 */
static int direct_functions_update(struct ftrace_ops *ops, unsigned long addr,
				   bool add)
{
	struct ftrace_hash *cur, *n, *filter = ops->func_hash->filter_hash;
	struct ftrace_func_entry *e, *ne;
	unsigned long i;

	cur = rcu_dereference_protected(direct_functions,
					lockdep_is_held(&direct_mutex));
	n = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS, cur);
	if (!n)
		return -ENOMEM;
	ftrace_hash_for_each(filter, i, e) {
		ne = ftrace_lookup_ip(n, e->ip);
		if (!add) {
			if (ne)
				ftrace_hash_remove(n, ne);
			continue;
		}
		ne = ftrace_hash_add_entry(n, e->ip);
		if (!ne) {
			ftrace_hash_free(n);
			return -ENOMEM;
		}
		ne->direct = addr;
		e->direct = addr;
	}
	mutex_lock(&ftrace_lock);
	rcu_assign_pointer(direct_functions, n);
	mutex_unlock(&ftrace_lock);
	synchronize_rcu();
	ftrace_hash_free(cur);
	return 0;
}

/* Is an active ops other than @ops, with all of @flags, tracing @ip? */
static struct ftrace_ops *other_user(struct ftrace_ops *ops, unsigned long ip,
				     unsigned long flags)
{
	struct ftrace_ops *op;

	do_for_each_ftrace_op(op, ftrace_ops_list) {
		if (op != ops && FTRACE_OPS_ACTIVE(op) &&
		    (op->flags & flags) == flags && ftrace_ops_test(op, ip))
			return op;
	} while_for_each_ftrace_op(op);
	return NULL;
}

/*
 * A direct ops coming where an IP-modifying ops already is: it must agree
 * to share (ENABLE_SHARE_IPMODIFY_SELF). Under direct_mutex and ftrace_lock.
 */
static int direct_may_share(struct ftrace_ops *ops)
{
	struct ftrace_hash *filter = ops->func_hash->filter_hash;
	struct ftrace_func_entry *e;
	unsigned long i;

	ftrace_hash_for_each(filter, i, e) {
		if (!other_user(ops, e->ip, FTRACE_OPS_FL_IPMODIFY))
			continue;
		if (!ops->ops_func)
			return -EBUSY;
		return ops->ops_func(ops, FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF);
	}
	return 0;
}

int ftrace_direct_share_ipmodify(struct ftrace_ops *ops, bool on)
{
	struct ftrace_func_entry *e;
	struct ftrace_hash *filter;
	struct ftrace_ops *op;
	unsigned long i;
	int ret;

	lockdep_assert_held(&direct_mutex);
	if (!(ops->flags & FTRACE_OPS_FL_IPMODIFY) ||
	    (ops->flags & FTRACE_OPS_FL_DIRECT))
		return 0;
	ftrace_ops_init(ops);
	/* Registering takes direct_mutex as well: the list holds still. */
	do_for_each_ftrace_op(op, ftrace_ops_list) {
		if (!(op->flags & FTRACE_OPS_FL_DIRECT) || !FTRACE_OPS_ACTIVE(op))
			continue;
		filter = op->func_hash->filter_hash;
		ftrace_hash_for_each(filter, i, e) {
			if (!ftrace_ops_test(ops, e->ip))
				continue;
			if (!op->ops_func) {
				if (on)
					return -EBUSY;
				break;
			}
			ret = op->ops_func(op, on ?
				FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER :
				FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER);
			if (on && ret)
				return ret;
			break;
		}
	} while_for_each_ftrace_op(op);
	return 0;
}

/**
 * register_ftrace_direct - make the functions of @ops call @addr
 * @ops: an ops with no callback, whose filter hash holds the functions
 *	 (ftrace_set_filter_ip())
 * @addr: the trampoline
 *
 * Returns 0, -EINVAL for an unusable ops, -EBUSY when one of the functions
 * already has a direct trampoline or an IP-modifying user that cannot
 * share it.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_hash *filter;
	struct ftrace_func_entry *e;
	unsigned long i;
	int ret;

	if (ops->func || ops->trampoline)
		return -EINVAL;
	if (!(ops->flags & FTRACE_OPS_FL_INITIALIZED) ||
	    (ops->flags & FTRACE_OPS_FL_ENABLED))
		return -EINVAL;
	filter = ops->func_hash->filter_hash;
	if (ftrace_hash_empty(filter))
		return -EINVAL;

	mutex_lock(&direct_mutex);
	ret = -EBUSY;
	ftrace_hash_for_each(filter, i, e)
		if (ftrace_find_rec_direct(e->ip))
			goto out;
	ret = direct_functions_update(ops, addr, true);
	if (ret)
		goto out;

	ops->func = call_direct_funcs;
	ops->flags |= DIRECT_OPS_FLAGS;
	ops->direct_call = addr;
	mutex_lock(&ftrace_lock);
	ret = direct_may_share(ops);
	if (!ret)
		ret = ftrace_startup(ops);
	mutex_unlock(&ftrace_lock);
	if (ret) {
		direct_functions_update(ops, 0, false);
		ops->func = NULL;
		ops->direct_call = 0;
	}
out:
	mutex_unlock(&direct_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct);

/**
 * unregister_ftrace_direct - undo register_ftrace_direct()
 * @ops: the ops
 * @addr: the trampoline it was registered with
 * @free_filters: also drop the ops' hashes
 */
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters)
{
	int ret;

	if (!(ops->flags & FTRACE_OPS_FL_DIRECT))
		return -EINVAL;
	if (!(ops->flags & FTRACE_OPS_FL_ENABLED))
		return -EINVAL;

	mutex_lock(&direct_mutex);
	mutex_lock(&ftrace_lock);
	ret = ftrace_shutdown(ops);
	mutex_unlock(&ftrace_lock);
	if (!ret)
		direct_functions_update(ops, 0, false);
	mutex_unlock(&direct_mutex);
	if (ret)
		return ret;
	ops->func = NULL;
	ops->direct_call = 0;
	if (free_filters)
		ftrace_free_filter(ops);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct);

/* A stand-in that keeps the sites on the regs caller while they change. */
static struct ftrace_ops direct_stand_in = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB,
};

/**
 * modify_ftrace_direct_nolock - point the functions of @ops at @addr
 * @ops: a registered direct ops
 * @addr: the new trampoline
 *
 * For callers that hold direct_mutex already (through ops_func). The
 * sites are first sent through the list function (a stand-in ops shares
 * them, so each site has two users), which follows ops->direct_call at
 * every call; then the address changes; then the stand-in goes and the
 * sites call the new trampoline directly.
 */
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_hash *cur, *filter = ops->func_hash->filter_hash;
	struct ftrace_func_entry *e, *de;
	unsigned long i;
	int ret;

	lockdep_assert_held_once(&direct_mutex);
	if (!(ops->flags & FTRACE_OPS_FL_DIRECT) ||
	    !(ops->flags & FTRACE_OPS_FL_ENABLED))
		return -EINVAL;

	ftrace_ops_init(&direct_stand_in);
	direct_stand_in.func_hash = ops->func_hash;
	mutex_lock(&ftrace_lock);
	ret = ftrace_startup(&direct_stand_in);
	if (ret)
		goto out;

	cur = ftrace_locked(direct_functions);
	ftrace_hash_for_each(filter, i, e) {
		de = ftrace_lookup_ip(cur, e->ip);
		if (de)
			WRITE_ONCE(de->direct, addr);
		e->direct = addr;
	}
	WRITE_ONCE(ops->direct_call, addr);

	ret = ftrace_shutdown(&direct_stand_in);
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_nolock);

int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	int ret;

	mutex_lock(&direct_mutex);
	ret = modify_ftrace_direct_nolock(ops, addr);
	mutex_unlock(&direct_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct);
