// SPDX-License-Identifier: GPL-2.0
/*
 * rethook: run a handler when a hooked function returns. kretprobes use
 * it (KRETPROBE_ON_RETHOOK), and fprobe will.
 *
 * At the function's entry the user takes a node from its rethook's pool
 * (rethook_try_get()) and calls rethook_hook(): the arch code saves the
 * real return address and the frame in the node and replaces the return
 * address on the stack with arch_rethook_trampoline; the node goes to
 * the head of the task's list, current->rethooks. The list is the task's
 * shadow stack, newest first, touched only by the task itself (or, for
 * a dead task, by whoever flushes it): no locking, the __llist_*
 * operations suffice.
 *
 * When the function returns into the trampoline, the arch stub calls
 * rethook_trampoline_handler(). Several rethooks may hook the same
 * return: the first to hook saved the real address, the later ones found
 * the trampoline already there and saved that. So the nodes of one
 * return are the head of the list down to the first node holding a real
 * address; all of them have the same frame. Their handlers run head
 * first (the last hooked first), then the nodes go back to their pools.
 *
 * Lifetime. A node may sit on a task's list long after its rethook is
 * gone (a sleeping task, a function that never returns while the user
 * unregisters). So rethook_free() does not free anything at once: it
 * clears the handler, which stops new hooks and makes every node that
 * comes back later be dropped instead of pooled, and hands the pool to
 * objpool_fini(). The objpool frees itself, and with it the rethook (its
 * release callback), when its last node has been dropped. The handler
 * pointer is read under RCU (preemption off counts), and a node is
 * dropped only after a grace period, so a trampoline that read the
 * handler and the node's rethook before the free finishes its call.
 */
#define pr_fmt(fmt) "rethook: " fmt

#include <linux/bug.h>
#include <linux/err.h>
#include <linux/kprobes.h>
#include <linux/preempt.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/slab.h>

static rethook_handler_t rethook_handler_of(struct rethook *rh)
{
	void *handler = rcu_dereference_check(rh->handler,
					      rcu_read_lock_any_held());

	return (rethook_handler_t)handler;
}

/* The objpool's release callback: its last node is gone, and so is @rh. */
static int rethook_pool_released(struct objpool_head *pool, void *context)
{
	kfree(context);
	return 0;
}

static int rethook_node_init(void *obj, void *context)
{
	struct rethook_node *node = obj;

	node->rethook = context;
	return 0;
}

/**
 * rethook_alloc - make a rethook and its pool of nodes
 * @data: passed to @handler
 * @handler: called when a hooked function returns; must not be NULL
 * @size: the size of one node: struct rethook_node and the user's data
 * @num: how many nodes the pool holds (hooks pending at once)
 *
 * Returns the rethook, or ERR_PTR(-EINVAL) or ERR_PTR(-ENOMEM).
 */
struct rethook *rethook_alloc(void *data, rethook_handler_t handler,
			      int size, int num)
{
	struct rethook *rh;

	if (!handler || num <= 0 || size < (int)sizeof(struct rethook_node))
		return ERR_PTR(-EINVAL);
	rh = kzalloc(sizeof(*rh), GFP_KERNEL);
	if (!rh)
		return ERR_PTR(-ENOMEM);
	rh->data = data;
	rcu_assign_pointer(rh->handler, handler);
	if (objpool_init(&rh->pool, num, size, GFP_KERNEL, rh,
			 rethook_node_init, rethook_pool_released)) {
		kfree(rh);
		return ERR_PTR(-ENOMEM);
	}
	return rh;
}

/**
 * rethook_stop - no more hooks, no more handler calls
 * @rh: the rethook
 *
 * A trampoline already past reading the handler may still call it: wait
 * for a grace period after this to be sure none does.
 */
void rethook_stop(struct rethook *rh)
{
	rcu_assign_pointer(rh->handler, NULL);
}

static void rethook_free_rcu(struct rcu_head *head)
{
	struct rethook *rh = container_of(head, struct rethook, rcu);

	objpool_fini(&rh->pool);
}

/**
 * rethook_free - let go of a rethook
 * @rh: the rethook, not to be touched by the caller afterwards
 *
 * Stops it; the memory goes when the last node still pending on some
 * task's list has come back (see the lifetime note at the top).
 */
void rethook_free(struct rethook *rh)
{
	rethook_stop(rh);
	/* after every walker that could still push a node back to the pool */
	call_rcu(&rh->rcu, rethook_free_rcu);
}

static void rethook_node_drop_rcu(struct rcu_head *head)
{
	struct rethook_node *node = container_of(head, struct rethook_node, rcu);

	objpool_drop(node, &node->rethook->pool);
}

/**
 * rethook_recycle - give a node back
 * @node: a node taken with rethook_try_get()
 *
 * Back to the pool while its rethook lives; dropped (after a grace
 * period) once the rethook is being freed.
 */
void rethook_recycle(struct rethook_node *node)
{
	if (likely(rethook_handler_of(node->rethook)))
		objpool_push(node, &node->rethook->pool);
	else
		call_rcu(&node->rcu, rethook_node_drop_rcu);
}

/**
 * rethook_try_get - take a free node
 * @rh: the rethook
 *
 * Returns NULL if the pool is empty or @rh is being freed. The caller
 * has preemption off.
 */
struct rethook_node *rethook_try_get(struct rethook *rh)
{
	if (unlikely(!rethook_handler_of(rh)))
		return NULL;
#if defined(CONFIG_FTRACE_VALIDATE_RCU_IS_WATCHING) || \
	defined(CONFIG_KPROBE_EVENTS_ON_NOTRACE)
	/*
	 * Where a hook may be set where RCU is not watching (idle, entry
	 * code), refuse: a node recycled from there after its rethook was
	 * freed would be queued to call_rcu() in a section RCU ignores.
	 */
	if (unlikely(!rcu_is_watching()))
		return NULL;
#endif
	return objpool_pop(&rh->pool);
}

/**
 * rethook_hook - hook the return of the function being entered
 * @node: a node from rethook_try_get()
 * @regs: the registers at the function's entry
 * @mcount: true from an ftrace callback (the return address is found
 *	    differently than from a breakpoint at the function's first byte)
 */
void rethook_hook(struct rethook_node *node, struct pt_regs *regs, bool mcount)
{
	arch_rethook_prepare(node, regs, mcount);
	__llist_add(&node->llist, &current->rethooks);
}

/*
 * The next node after *@cur (the first when *@cur is NULL) on @tsk's list
 * that holds a real return address, not the trampoline's: it is stored
 * in *@cur and its address returned; 0 when there is none.
 */
static unsigned long next_real_ret_addr(struct task_struct *tsk,
					struct llist_node **cur)
{
	struct llist_node *pos = *cur ? (*cur)->next : tsk->rethooks.first;
	struct rethook_node *rhn;

	for (; pos; pos = pos->next) {
		rhn = container_of(pos, struct rethook_node, llist);
		if (rhn->ret_addr != (unsigned long)arch_rethook_trampoline) {
			*cur = pos;
			return rhn->ret_addr;
		}
	}
	return 0;
}

/**
 * rethook_find_ret_addr - the real return address behind a trampoline
 * @tsk: current, or a task that is not running
 * @frame: the frame whose return address is wanted
 * @cur: cursor, *@cur NULL on the first call; the unwinder calls again
 *	 with it for the next trampoline up the stack
 *
 * Returns the address, or 0 if @tsk has none for @frame (or is running).
 */
unsigned long rethook_find_ret_addr(struct task_struct *tsk, unsigned long frame,
				    struct llist_node **cur)
{
	struct rethook_node *rhn;
	unsigned long addr;

	if (WARN_ON_ONCE(!cur))
		return 0;
	/* another task's list changes under us while it runs */
	if (tsk != current && task_is_running(tsk))
		return 0;
	while ((addr = next_real_ret_addr(tsk, cur))) {
		rhn = container_of(*cur, struct rethook_node, llist);
		if (rhn->frame == frame)
			break;
	}
	return addr;
}

/*
 * For an architecture whose stack traces need the real return address
 * put back in @regs' frame before the handlers run; x86 has its own.
 */
void __weak arch_rethook_fixup_return(struct pt_regs *regs,
				      unsigned long correct_ret_addr)
{
}

/**
 * rethook_trampoline_handler - a hooked function returned
 * @regs: the registers at the return, built by the arch stub
 * @frame: the returning function's frame
 *
 * Runs the handlers of every node of this return and recycles them.
 * Returns the real return address, where the stub goes on.
 */
unsigned long rethook_trampoline_handler(struct pt_regs *regs,
					 unsigned long frame)
{
	struct llist_node *last = NULL, *pos, *next;
	struct rethook_node *rhn;
	rethook_handler_t handler;
	unsigned long ret_addr;

	ret_addr = next_real_ret_addr(current, &last);
	/*
	 * Returning into the trampoline with no hook pending: the real
	 * address is lost, there is nowhere to return to.
	 */
	if (unlikely(!ret_addr))
		panic("rethook: return into the trampoline with no hook pending\n");
	instruction_pointer_set(regs, ret_addr);

	/* the handlers read node->rethook: keep rethook_free_rcu() away */
	preempt_disable_notrace();
	/*
	 * Head down to @last: the nodes of this return. They stay on the
	 * list while the handlers run, so that a stack trace taken in a
	 * handler still finds the real addresses.
	 */
	for (pos = current->rethooks.first; pos; pos = pos->next) {
		rhn = container_of(pos, struct rethook_node, llist);
		if (WARN_ON_ONCE(rhn->frame != frame))
			break;
		handler = rethook_handler_of(rhn->rethook);
		if (handler)
			handler(rhn, rhn->rethook->data, ret_addr, regs);
		if (pos == last)
			break;
	}
	arch_rethook_fixup_return(regs, ret_addr);

	/* unlink the nodes of this return, then give them back */
	pos = current->rethooks.first;
	current->rethooks.first = last->next;
	last->next = NULL;
	for (; pos; pos = next) {
		next = pos->next;
		rethook_recycle(container_of(pos, struct rethook_node, llist));
	}
	preempt_enable_notrace();
	return ret_addr;
}

/**
 * rethook_flush_task - recycle the nodes a dead task left
 * @tk: the task, no longer running
 *
 * Its hooked functions will never return.
 */
void rethook_flush_task(struct task_struct *tk)
{
	struct llist_node *pos = __llist_del_all(&tk->rethooks);
	struct llist_node *next;

	for (; pos; pos = next) {
		next = pos->next;
		/* objpool_push() wants this CPU's slot to stay this CPU's */
		preempt_disable();
		rethook_recycle(container_of(pos, struct rethook_node, llist));
		preempt_enable();
	}
}

/*
 * kprobes must not hook what runs on the way into or out of a hook (a
 * kretprobe's own return path would recurse).
 */
NOKPROBE_SYMBOL(rethook_recycle);
NOKPROBE_SYMBOL(rethook_try_get);
NOKPROBE_SYMBOL(rethook_hook);
NOKPROBE_SYMBOL(next_real_ret_addr);
NOKPROBE_SYMBOL(rethook_find_ret_addr);
NOKPROBE_SYMBOL(rethook_trampoline_handler);
