// SPDX-License-Identifier: GPL-2.0
/*
 * The registered ftrace_ops and how their callbacks get called.
 *
 * Every traced site calls one of three things (ftrace_update.c decides):
 *  - the trampoline of the one ops that traces it (a copy of a caller in
 *    ftrace_64.S that calls that ops' callback directly, or through
 *    ftrace_ops_assist_func() when the ops asks for help: recursion
 *    protection, RCU);
 *  - the shared ftrace_caller / ftrace_regs_caller, whose own call site
 *    ftrace_call points at the list function, which asks every ops
 *    whether it wants this address;
 *  - a direct trampoline (ftrace_direct.c).
 * ftrace_call is ftrace_stub while no ops is registered. It never calls
 * an ops' callback directly: the ops it would pass along is loaded before
 * the call, and a task preempted in between could pass a stale one. The
 * per-ops trampolines carry their own ops instead.
 *
 * The ops list is the contract's singly linked list ending in
 * ftrace_list_end, read by the list function with preemption off and no
 * RCU read lock (RCU may not be watching where it runs). Entries are
 * added at the head with a release store; a removed entry keeps its next
 * pointer, and the remover waits for every CPU to leave the list function
 * (ftrace_sync_callers()) before it returns.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/sysctl.h>
#include <asm/sections.h>

#include "ftrace_internal.h"

int ftrace_enabled __read_mostly;

struct ftrace_ops ftrace_list_end __read_mostly = {
	.func		= ftrace_stub,
	.flags		= FTRACE_OPS_FL_STUB,
};

struct ftrace_ops __rcu *ftrace_ops_list __read_mostly = &ftrace_list_end;
ftrace_func_t ftrace_trace_function __read_mostly = ftrace_stub;
/*
 * Loaded by ftrace_caller (arch/x86/kernel/ftrace_64.S, hence not
 * static, and declared nowhere in C); the list function ignores it.
 */
struct ftrace_ops *function_trace_op __read_mostly = &ftrace_list_end;

/*
 * The top level's ops: the function tracer of the top-level array and
 * users of the global filter share its hashes.
 */
struct ftrace_ops global_ops = {
	.func			= ftrace_stub,
	.local_hash.notrace_hash = ftrace_empty_hash,
	.local_hash.filter_hash	= ftrace_empty_hash,
	.local_hash.regex_lock	= __MUTEX_INITIALIZER(global_ops.local_hash.regex_lock),
	.func_hash		= &global_ops.local_hash,
	.subop_list		= LIST_HEAD_INIT(global_ops.subop_list),
	.flags			= FTRACE_OPS_FL_INITIALIZED | FTRACE_OPS_FL_PID,
};

/* For architectures with per-site ops pointers (not x86). */
const struct ftrace_ops ftrace_nop_ops = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB,
};

const struct ftrace_ops ftrace_list_ops = {
	.func	= arch_ftrace_ops_list_func,
	.flags	= FTRACE_OPS_FL_STUB,
};

void ftrace_ops_init(struct ftrace_ops *ops)
{
	if (ops->flags & FTRACE_OPS_FL_INITIALIZED)
		return;
	mutex_init(&ops->local_hash.regex_lock);
	INIT_LIST_HEAD(&ops->subop_list);
	if (!ops->local_hash.filter_hash)
		ops->local_hash.filter_hash = ftrace_empty_hash;
	if (!ops->local_hash.notrace_hash)
		ops->local_hash.notrace_hash = ftrace_empty_hash;
	if (!ops->func_hash)
		ops->func_hash = &ops->local_hash;
	ops->flags |= FTRACE_OPS_FL_INITIALIZED;
}

/*
 * Does @ops trace @ip? The list function calls this with preemption
 * off: the hashes it reads are freed only after ftrace_sync_callers().
 */
bool notrace ftrace_ops_test(struct ftrace_ops *ops, unsigned long ip)
{
	struct ftrace_hash *filter, *exclude;

	filter = rcu_dereference_raw(ops->func_hash->filter_hash);
	exclude = rcu_dereference_raw(ops->func_hash->notrace_hash);
	return (ftrace_hash_empty(filter) || ftrace_lookup_ip(filter, ip)) &&
	       !ftrace_lookup_ip(exclude, ip);
}

/* ------------------------------------------------------------------ */
/* Calling the callbacks                                                */

/* May the list function call @op for @ip, with @fregs as they are? */
static __always_inline bool list_may_call(struct ftrace_ops *op,
					  unsigned long ip,
					  struct ftrace_regs *fregs)
{
	/* placeholders (the list's end, stand-ins) have nothing to call */
	if (op->flags & FTRACE_OPS_FL_STUB)
		return false;
	/*
	 * An ops that wants regs, added while this site still uses the
	 * plain caller, must not get a call without them.
	 */
	if ((op->flags & FTRACE_OPS_FL_SAVE_REGS) && !ftrace_get_regs(fregs))
		return false;
	if ((op->flags & FTRACE_OPS_FL_RCU) && !rcu_is_watching())
		return false;
	return ftrace_ops_test(op, ip);
}

/*
 * What ftrace_call calls while ops are registered: every ops that wants
 * this address. Protected against recursion with the context bits the
 * callbacks do not use (TRACE_LIST_*), so a callback that itself hits a
 * traced function is not re-entered, while an interrupt or NMI in the
 * middle still gets traced.
 */
void notrace arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
				       struct ftrace_ops *ignored,
				       struct ftrace_regs *fregs)
{
	struct ftrace_ops *op;
	int bit;

	if (unlikely(ftrace_is_dead()))
		return;
	/* preemption off from here: see ftrace_sync_callers() */
	bit = trace_test_and_set_recursion(ip, parent_ip, TRACE_LIST_START);
	if (bit < 0)
		return;

	do_for_each_ftrace_op(op, ftrace_ops_list) {
		if (list_may_call(op, ip, fregs))
			op->func(ip, parent_ip, op, fregs);
	} while_for_each_ftrace_op(op);

	trace_clear_recursion(bit);
}

/*
 * What a trampoline calls for an ops that wants the core's help: no
 * recursion into the callback, and (FTRACE_OPS_FL_RCU) only with RCU
 * watching.
 */
static void notrace ftrace_ops_assist_func(unsigned long ip,
					   unsigned long parent_ip,
					   struct ftrace_ops *op,
					   struct ftrace_regs *fregs)
{
	bool rcu_ok = !(op->flags & FTRACE_OPS_FL_RCU) || rcu_is_watching();
	int bit;

	if (!rcu_ok)
		return;
	/* the list function's bits: a trampoline never runs inside it */
	bit = trace_test_and_set_recursion(ip, parent_ip, TRACE_LIST_START);
	if (bit >= 0) {
		op->func(ip, parent_ip, op, fregs);
		trace_clear_recursion(bit);
	}
}

/**
 * ftrace_ops_get_func - the function a trampoline of @ops should call
 * @ops: the ops
 *
 * Its callback itself, unless it asked for recursion protection or RCU.
 */
ftrace_func_t ftrace_ops_get_func(struct ftrace_ops *ops)
{
	if (ops->flags & (FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_RCU))
		return ftrace_ops_assist_func;
	return ops->func;
}

/* ------------------------------------------------------------------ */
/* Waiting for callers                                                  */

/* Grace periods need the scheduler; before it runs no one else does. */
static bool can_sync(void)
{
	return system_state >= SYSTEM_SCHEDULING;
}

/*
 * The list function and the assist function run with preemption off,
 * possibly where RCU is not watching: a rude grace period (every CPU
 * schedules) is the one that covers them.
 */
static void ftrace_sync_callers(void)
{
	if (can_sync())
		synchronize_rcu_tasks_rude();
}

void ftrace_hash_free_live(struct ftrace_hash *hash)
{
	if (!hash || hash == ftrace_empty_hash)
		return;
	ftrace_sync_callers();
	ftrace_hash_free(hash);
}

/*
 * A task may also be preempted inside a trampoline (they run with
 * preemption on): before one is freed, wait for those tasks too.
 */
static void sync_trampoline_users(void)
{
	if (!can_sync())
		return;
	synchronize_rcu_tasks_rude();
	synchronize_rcu_tasks();
}

/* ------------------------------------------------------------------ */
/* Trampolines                                                          */

/* Ops with a trampoline we made, for kallsyms and the unwinder. */
static LIST_HEAD(tramp_ops);

#define TRAMP_SYM	"ftrace_trampoline"
#define TRAMP_MOD	"__builtin__ftrace"

void __weak arch_ftrace_update_trampoline(struct ftrace_ops *ops)
{
}

void __weak arch_ftrace_trampoline_free(struct ftrace_ops *ops)
{
}

void * __weak arch_ftrace_trampoline_func(struct ftrace_ops *ops,
					  struct dyn_ftrace *rec)
{
	return NULL;
}

/* Make @ops' trampoline, or point it at the current callback of @ops. */
static void tramp_update(struct ftrace_ops *ops)
{
	unsigned long before = ops->trampoline;

	/*
	 * A direct ops' sites call its direct trampoline, or the list
	 * function when they are shared (ftrace_recompute_rec()); a stub
	 * is never called. A trampoline of their own would never run, yet
	 * cost text, a kallsyms entry and perf events, and a static one
	 * would be kept, so a second register_ftrace_direct() would find
	 * ops->trampoline set and refuse the ops.
	 */
	if (ops->flags & (FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_STUB))
		return;
	arch_ftrace_update_trampoline(ops);
	if (!ops->trampoline || ops->trampoline == before ||
	    !(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
		return;
	/* A new one: tell kallsyms first, then perf. */
	list_add_rcu(&ops->list, &tramp_ops);
	perf_event_ksymbol(PERF_RECORD_KSYMBOL_TYPE_OOL, ops->trampoline,
			   ops->trampoline_size, false, TRAMP_SYM);
	/* The whole of it counts as new text for tools following pokes. */
	perf_event_text_poke((void *)ops->trampoline, NULL, 0,
			     (void *)ops->trampoline, ops->trampoline_size);
}

static void tramp_free(struct ftrace_ops *ops)
{
	if (!(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP) || !ops->trampoline)
		return;
	perf_event_ksymbol(PERF_RECORD_KSYMBOL_TYPE_OOL, ops->trampoline,
			   ops->trampoline_size, true, TRAMP_SYM);
	list_del_rcu(&ops->list);
	/* kallsyms readers walk tramp_ops under RCU */
	synchronize_rcu();
	arch_ftrace_trampoline_free(ops);
	ops->flags &= ~FTRACE_OPS_FL_ALLOC_TRAMP;
}

/*
 * From any context: the unwinder (also in NMI, and where RCU is not
 * watching), kernel_text_address(). Not rcu_read_lock(): under
 * CONFIG_PREEMPT_RCU that calls traceable functions, so an unwind through
 * a trampoline would re-enter the function tracer, and it is not allowed
 * where RCU is idle. Disabled preemption is a read side that
 * tramp_free()'s synchronize_rcu() waits for as well.
 */
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	struct ftrace_ops *ops, *found = NULL;

	preempt_disable_notrace();
	list_for_each_entry_rcu(ops, &tramp_ops, list) {
		if (addr >= ops->trampoline &&
		    addr < ops->trampoline + ops->trampoline_size) {
			found = ops;
			break;
		}
	}
	preempt_enable_notrace();
	return found;
}

bool is_ftrace_trampoline(unsigned long addr)
{
	return !!ftrace_ops_trampoline(addr);
}

int ftrace_tramp_kallsym(unsigned int symnum, unsigned long *value,
			 char *type, char *name, char *module_name,
			 int *exported)
{
	struct ftrace_ops *ops;

	list_for_each_entry_rcu(ops, &tramp_ops, list) {
		if (symnum--)
			continue;
		*value = ops->trampoline;
		*type = 't';
		strscpy(name, TRAMP_SYM, KSYM_NAME_LEN);
		strscpy(module_name, TRAMP_MOD, MODULE_NAME_LEN);
		*exported = 0;
		return 0;
	}
	return -ERANGE;
}

/* ------------------------------------------------------------------ */
/* Registering                                                          */

static bool ops_on_list(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;

	for_each_ftrace_ops_locked(op)
		if (op == ops)
			return true;
	return false;
}

static void ops_list_add(struct ftrace_ops *ops)
{
	/* the list function may walk the list right now */
	RCU_INIT_POINTER(ops->next, ftrace_locked(ftrace_ops_list));
	rcu_assign_pointer(ftrace_ops_list, ops);
}

static void ops_list_del(struct ftrace_ops *ops)
{
	struct ftrace_ops __rcu **p = &ftrace_ops_list;
	struct ftrace_ops *op;

	while ((op = ftrace_locked(*p)) != &ftrace_list_end) {
		if (op == ops) {
			/* ops->next stays: a walker on ops goes on from it */
			rcu_assign_pointer(*p, ftrace_locked(ops->next));
			return;
		}
		p = &op->next;
	}
}

/* Flags an ops may not register with, or has to be given. */
static int ops_check_flags(struct ftrace_ops *ops)
{
	if (ops->flags & (FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_ADDING |
			  FTRACE_OPS_FL_REMOVING))
		return -EBUSY;
	if (ops->flags & FTRACE_OPS_FL_DELETED)
		return -EINVAL;
	if (!ops->func)
		return -EINVAL;
	if (!is_kernel_core_data((unsigned long)ops))
		ops->flags |= FTRACE_OPS_FL_DYNAMIC;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
	if (ops->flags & FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED)
		ops->flags |= FTRACE_OPS_FL_SAVE_REGS;
#else
	if ((ops->flags & FTRACE_OPS_FL_SAVE_REGS) &&
	    !(ops->flags & FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED))
		return -EINVAL;
	ops->flags &= ~FTRACE_OPS_FL_SAVE_REGS;
#endif
	if (!ftrace_enabled && (ops->flags & FTRACE_OPS_FL_PERMANENT))
		return -EBUSY;
	return 0;
}

/* Start @ops: under ftrace_lock. */
int ftrace_startup(struct ftrace_ops *ops)
{
	int ret;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_is_dead())
		return -ENODEV;
	ret = ops_check_flags(ops);
	if (ret)
		return ret;
	ftrace_ops_init(ops);
	if (WARN_ON_ONCE(ops_on_list(ops)))
		return -EBUSY;
	ret = ftrace_check_ipmodify(ops, ops->func_hash->filter_hash,
				    ops->func_hash->notrace_hash);
	if (ret)
		return ret;

	ops->flags |= FTRACE_OPS_FL_ADDING;
	tramp_update(ops);
	ops_list_add(ops);
	ops->flags |= FTRACE_OPS_FL_ENABLED;
	ftrace_recompute_records();
	ftrace_update_all();
	ops->flags &= ~FTRACE_OPS_FL_ADDING;
	return 0;
}

/* Stop @ops: under ftrace_lock, which is dropped while waiting. */
int ftrace_shutdown(struct ftrace_ops *ops)
{
	lockdep_assert_held(&ftrace_lock);
	/*
	 * Once ftrace is dead no site is rewritten again (ftrace_update_all()
	 * does nothing): sites that call this ops' trampoline keep calling
	 * it, so neither the ops nor its trampoline may go. The caller learns
	 * that the ops is still in use.
	 */
	if (unlikely(ftrace_is_dead()))
		return -ENODEV;
	if (!(ops->flags & FTRACE_OPS_FL_ENABLED) || !ops_on_list(ops))
		return -EBUSY;

	/* First no site may lead to it, then no list walk may find it. */
	ops->flags |= FTRACE_OPS_FL_REMOVING;
	ftrace_recompute_records();
	ftrace_update_all();
	ops_list_del(ops);
	ops->flags &= ~(FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_REMOVING);
	ftrace_update_all();

	mutex_unlock(&ftrace_lock);
	ftrace_sync_callers();
	if (ops->flags & FTRACE_OPS_FL_DYNAMIC) {
		/* it may be freed when we return, and so may its trampoline */
		sync_trampoline_users();
		mutex_lock(&ftrace_lock);
		tramp_free(ops);
	} else {
		mutex_lock(&ftrace_lock);
	}
	return 0;
}

/**
 * register_ftrace_function - start calling @ops->func at its functions
 * @ops: the ops; its hashes say which functions (all when empty)
 *
 * The ops must stay where it is and not be freed before it was
 * unregistered. Returns 0 or -errno (-EBUSY: already registered, or it
 * would share a function with another ops that changes the IP).
 */
int register_ftrace_function(struct ftrace_ops *ops)
{
	int ret;

	ftrace_direct_lock();
	ret = ftrace_direct_share_ipmodify(ops, true);
	if (!ret) {
		mutex_lock(&ftrace_lock);
		ret = ftrace_startup(ops);
		mutex_unlock(&ftrace_lock);
	}
	ftrace_direct_unlock();
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_function);

/**
 * unregister_ftrace_function - stop calling @ops->func
 * @ops: a registered ops
 *
 * When it returns, no CPU runs the callback through a site or the list
 * function any more, and a dynamically allocated ops may be freed.
 */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	int ret;

	ftrace_direct_lock();
	mutex_lock(&ftrace_lock);
	ret = ftrace_shutdown(ops);
	mutex_unlock(&ftrace_lock);
	if (!ret)
		ftrace_direct_share_ipmodify(ops, false);
	ftrace_direct_unlock();
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

/* ------------------------------------------------------------------ */
/* Switching it all off                                                 */

/**
 * ftrace_kill - stop function tracing for good
 *
 * For when the code patching itself cannot be trusted any more: no site
 * is written again, and callbacks are no longer called (sites that are
 * calls keep calling the callers, which then return at once).
 */
void ftrace_kill(void)
{
	WRITE_ONCE(ftrace_disabled, true);
	ftrace_enabled = 0;
	ftrace_trace_function = ftrace_stub;
	/*
	 * kprobes on ftrace sites can neither be armed nor disarmed any
	 * more: tell them, so that they stop asking (and stop running their
	 * handler) instead of warning at every attempt.
	 */
	kprobe_ftrace_kill();
}

/* Is a registered ops one that must keep running (PERMANENT)? */
static bool ops_must_run(void)
{
	struct ftrace_ops *op;
	bool found = false;

	do_for_each_ftrace_op(op, ftrace_ops_list) {
		found |= !!(op->flags & FTRACE_OPS_FL_PERMANENT);
	} while_for_each_ftrace_op(op);
	return found;
}

/*
 * kernel.ftrace_enabled: 0 turns every site into a NOP (the ops stay
 * registered and come back with 1). Refused while an ops that must not
 * be interrupted (PERMANENT: live patches) is registered. The value is
 * parsed into a copy first, so a refused write leaves it as it was.
 */
static int ftrace_enabled_handler(const struct ctl_table *table, int write,
				  void *buffer, size_t *lenp, loff_t *ppos)
{
	int val = ftrace_enabled, ret;
	struct ctl_table tmp = *table;

	tmp.data = &val;
	mutex_lock(&ftrace_lock);
	ret = ftrace_is_dead() ? -ENODEV :
	      proc_dointvec(&tmp, write, buffer, lenp, ppos);
	if (ret || !write)
		goto out;
	val = !!val;
	if (val == ftrace_enabled)
		goto out;
	if (!val && ops_must_run()) {
		ret = -EBUSY;
		goto out;
	}
	ftrace_enabled = val;
	ftrace_recompute_records();
	ftrace_update_all();
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}

static struct ctl_table ftrace_enabled_table[] = {
	{
		.procname	= "ftrace_enabled",
		.mode		= 0644,
		.proc_handler	= ftrace_enabled_handler,
		.data		= &ftrace_enabled,
		.maxlen		= sizeof(ftrace_enabled),
	},
};

static int __init ftrace_enabled_sysctl(void)
{
	register_sysctl_init("kernel", ftrace_enabled_table);
	return 0;
}
late_initcall(ftrace_enabled_sysctl);
