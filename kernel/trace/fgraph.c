// SPDX-License-Identifier: GPL-2.0
/*
 * The function graph core: calling users at the entry and at the return
 * of traced functions.
 *
 * Entry: every user's ftrace_ops calls the arch's ftrace_graph_func(),
 * which hands the traced function's return slot to prepare_ftrace_return()
 * and that to function_graph_enter() here. We push a frame on the task's
 * shadow stack (the real return address, the function, the time) and
 * call each user's entry callback; if one wants the return, the arch
 * swaps the slot for return_to_handler. When several users trace the
 * same function, the list function calls ftrace_graph_func() once per
 * user: the first call handles every user, the others find the frame
 * of this very slot and function on top and leave.
 *
 * Return: return_to_handler calls ftrace_return_to_handler(), which pops
 * the frame, calls the return callbacks of the users the entry recorded
 * in it, and gives the real return address back.
 *
 * The shadow stack: one block per task (kzalloc'd at fork while a user is
 * registered, for every task when the first user registers, one per CPU
 * for the idle tasks), task->ret_stack. It starts with one word per user
 * (fgraph_get_task_var()), then fixed-size frames; task->curr_ret_stack
 * counts the frames in use. Only the task itself pushes and pops, but an
 * interrupt or NMI on its CPU may push and pop above it at any point:
 * a frame is claimed (the count raised) before it is written, and
 * released only after it was read, so nested code never reuses it.
 */
#define pr_fmt(fmt) "fgraph: " fmt

#include <linux/cpuhotplug.h>
#include <linux/ftrace.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/suspend.h>
#include <linux/trace_clock.h>
#include <linux/trace_recursion.h>
#include <trace/events/sched.h>

#include "fgraph_internal.h"
#include "ftrace_internal.h"

#define FGRAPH_MAX_USERS	16
#define FGRAPH_STACK_BYTES	PAGE_SIZE

/* One call the graph tracer hooked. */
struct fgraph_frame {
	struct ftrace_ret_stack	rs;	/* ret, func, calltime, retp */
	unsigned long		users;	/* bit i: call fgraph_users[i] back */
};

/* What task->ret_stack points at. */
struct fgraph_stack {
	unsigned long		task_var[FGRAPH_MAX_USERS];
	struct fgraph_frame	frames[];
};

#define FGRAPH_FRAMES							\
	((FGRAPH_STACK_BYTES - sizeof(struct fgraph_stack)) /		\
	 sizeof(struct fgraph_frame))

/*
 * The registered users, slot i being user i. Written under fgraph_lock,
 * read locklessly by the entry and return paths (with preemption off:
 * unregistering waits for them with synchronize_rcu()).
 */
static struct fgraph_ops *fgraph_users[FGRAPH_MAX_USERS];
/*
 * Bit i set while fgraph_users[i] is: the entry path visits only these
 * slots rather than testing all sixteen at every hooked call. Set after
 * the pointer is published and cleared before it is withdrawn, so a set
 * bit may still find a NULL pointer but never a stale one.
 */
static unsigned long fgraph_users_mask;
/*
 * Users registered or on their way in or out. While it is one, that
 * user's ops is the only one calling us and its hash test can be
 * skipped; it is raised before a second user's ops can call us and
 * lowered only after it no longer can.
 */
static int fgraph_nr_users;
static DEFINE_MUTEX(fgraph_lock);
/* Set from the first registration on: new tasks get a shadow stack. */
static bool fgraph_stacks_wanted;
static DEFINE_PER_CPU(struct fgraph_stack *, fgraph_idle_stack);

static bool fgraph_sleep_time = true;
static bool fgraph_probe_on;

DEFINE_STATIC_KEY_FALSE(kill_ftrace_graph);

static inline struct fgraph_stack *task_stack(struct task_struct *t)
{
	return (struct fgraph_stack *)READ_ONCE(t->ret_stack);
}

/**
 * ftrace_graph_stop - stop hooking returns for good
 *
 * Called when the shadow stack and the real one disagree: hooks already
 * in place still return through the shadow stack, no new one is made.
 */
void ftrace_graph_stop(void)
{
	static_branch_enable(&kill_ftrace_graph);
}

/* ------------------------------------------------------------------ */
/* Entry and return                                                     */

/* May user @i have @func? With one user its own ops already decided. */
static __always_inline bool user_wants(struct fgraph_ops *gops,
				       unsigned long func, int nr)
{
	return nr == 1 || ftrace_ops_test(&gops->ops, func);
}

/**
 * function_graph_enter - push a shadow frame for a call about to start
 * @ret: the function's return address (what its return slot holds)
 * @func: the function (its call site)
 * @frame_pointer: unused on x86-64
 * @retp: the return slot
 *
 * Called by the arch with preemption off and the recursion bit held.
 * Return: 0 when the arch must put return_to_handler in @retp, -EBUSY
 * when not (no user wants this return, no room, or a frame of this slot
 * was already pushed by another user's callback at the same entry).
 */
int function_graph_enter(unsigned long ret, unsigned long func,
			 unsigned long frame_pointer, unsigned long *retp)
{
	struct fgraph_stack *st = task_stack(current);
	struct ftrace_graph_ent ent;
	struct fgraph_frame *f;
	unsigned long users = 0, mask;
	int top, nr, i;

	if (unlikely(!st))
		return -EBUSY;
	top = current->curr_ret_stack;
	/*
	 * Another user's callback at this same entry pushed the frame
	 * already. Only the function tells it apart from a tail call: a
	 * function that jumps to another one hands it its return slot, and
	 * the callee needs a frame of its own (whose saved return address
	 * is then return_to_handler).
	 */
	if (top > 0 && st->frames[top - 1].rs.retp == retp &&
	    st->frames[top - 1].rs.func == func)
		return -EBUSY;
	if (unlikely(top >= FGRAPH_FRAMES)) {
		atomic_inc(&current->trace_overrun);
		return -EBUSY;
	}

	/*
	 * Claim the frame before writing it: an interrupt from here on
	 * pushes above it. The compiler barrier is enough, both run on
	 * this CPU; it pairs with the one before the count drops in
	 * ftrace_return_to_handler().
	 */
	current->curr_ret_stack = top + 1;
	barrier();
	f = &st->frames[top];
	f->rs.ret = ret;
	f->rs.func = func;
	f->rs.retp = retp;
	f->users = 0;

	ent.func = func;
	ent.depth = top;
	nr = READ_ONCE(fgraph_nr_users);
	mask = READ_ONCE(fgraph_users_mask);
	while (mask) {
		struct fgraph_ops *gops;

		i = __ffs(mask);
		mask &= mask - 1;
		gops = READ_ONCE(fgraph_users[i]);
		if (gops && user_wants(gops, func, nr) &&
		    gops->entryfunc(&ent, gops))
			users |= BIT(i);
	}
	if (!users) {
		/* pairs with the barrier after the claim */
		barrier();
		current->curr_ret_stack = top;
		return -EBUSY;
	}
	/*
	 * The call starts now: only the returns read the time, and a call
	 * no user wants (set_graph_function refusing most of the kernel)
	 * is spared the clock. The duration leaves out the writing of the
	 * entry's own record, as it should.
	 */
	f->rs.calltime = trace_clock_local();
	f->users = users;
	return 0;
}

/*
 * Where the hook of an unknown return takes the task: the shadow stack
 * lost track, and there is no address to go back to.
 */
static void fgraph_lost(unsigned long *retp)
{
	ftrace_graph_stop();
	panic("function graph: return through %p without a shadow frame\n",
	      retp);
}

/**
 * ftrace_return_to_handler - a hooked function returned
 * @fregs: its return registers and stack pointer (return_to_handler)
 *
 * Return: the address the function was called from.
 */
unsigned long ftrace_return_to_handler(struct ftrace_regs *fregs)
{
	unsigned long *retp = (unsigned long *)ftrace_regs_get_stack_pointer(fregs) - 1;
	struct fgraph_stack *st = task_stack(current);
	struct ftrace_graph_ret trace;
	struct fgraph_frame *f;
	unsigned long ret, users;
	int top, bit, i;

	top = current->curr_ret_stack - 1;
	if (unlikely(!st || top < 0)) {
		fgraph_lost(retp);
		return 0;
	}
	f = &st->frames[top];
	if (unlikely(f->rs.retp != retp)) {
		ftrace_graph_stop();
		WARN(1, "function graph: %ps returned through %p, frame of %p\n",
		     (void *)f->rs.func, retp, f->rs.retp);
	}
	ret = f->rs.ret;

	trace.func = f->rs.func;
	trace.depth = top;
	trace.calltime = f->rs.calltime;
	trace.overrun = atomic_read(&current->trace_overrun);
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	trace.retval = ftrace_regs_get_return_value(fregs);
#endif
	trace.rettime = trace_clock_local();

	/*
	 * Preemption off: unregistering waits for us with synchronize_rcu(),
	 * and so does a registration that takes a slot some frame of ours
	 * still names (fgraph_forget_user()): the bits are read in here.
	 */
	bit = ftrace_test_recursion_trylock(trace.func, ret);
	if (bit >= 0) {
		users = READ_ONCE(f->users);
		for (i = 0; users; i++, users >>= 1) {
			struct fgraph_ops *gops;

			if (!(users & 1))
				continue;
			gops = READ_ONCE(fgraph_users[i]);
			if (gops)
				gops->retfunc(&trace, gops);
		}
		ftrace_test_recursion_unlock(bit);
	}

	/*
	 * The slot the function returned through is live stack again in
	 * return_to_handler, which unwinders read as the caller's return
	 * address: give it the real one before the frame that translates
	 * return_to_handler goes, so that an NMI backtrace from here to the
	 * end of the handler still finds the caller.
	 */
	WRITE_ONCE(*retp, ret);
	/* everything read from the frame first: see function_graph_enter() */
	barrier();
	current->curr_ret_stack = top;
	return ret;
}

/* ------------------------------------------------------------------ */
/* What others read of a shadow stack                                   */

/**
 * ftrace_graph_ret_addr - the real return address behind a hooked slot
 * @task: whose stack is being unwound
 * @idx: the unwinder's cursor (unused: frames are found by @retp)
 * @ret: the address found in the slot
 * @retp: the slot
 *
 * Return: @ret, or the address the graph tracer saved in its place.
 * Lock-free, for any context (unwinders run in NMI). Frames are searched
 * from the oldest: a frame being claimed on top may still hold an older
 * call's slot, while the older frames are all complete.
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	struct fgraph_stack *st;
	int n, i;

	if (ret != (unsigned long)return_to_handler)
		return ret;
	st = task_stack(task);
	if (!st)
		return ret;
	n = min_t(int, READ_ONCE(task->curr_ret_stack), FGRAPH_FRAMES);
	for (i = 0; i < n; i++)
		if (READ_ONCE(st->frames[i].rs.retp) == retp)
			return READ_ONCE(st->frames[i].rs.ret);
	return ret;
}

/**
 * ftrace_graph_get_ret_stack - a frame of a task's shadow stack
 * @task: the task
 * @skip: how many frames down from the newest
 *
 * Return: the frame, or NULL if there are not that many.
 */
struct ftrace_ret_stack *ftrace_graph_get_ret_stack(struct task_struct *task,
						    int skip)
{
	struct fgraph_stack *st = task_stack(task);
	int i = READ_ONCE(task->curr_ret_stack) - 1 - skip;

	if (!st || i < 0 || i >= FGRAPH_FRAMES)
		return NULL;
	return &st->frames[i].rs;
}

/**
 * fgraph_get_task_var - a word of the current task for a graph user
 * @gops: the user
 *
 * Return: the word, zero when the user registered. Only for the entry
 * and return callbacks (the task has a shadow stack then).
 */
unsigned long *fgraph_get_task_var(struct fgraph_ops *gops)
{
	return &task_stack(current)->task_var[gops->idx];
}

/* ------------------------------------------------------------------ */
/* Shadow stacks of tasks                                               */

/* Give @t the shadow stack @st, as empty. @t may be running. */
static void fgraph_install(struct task_struct *t, struct fgraph_stack *st)
{
	t->curr_ret_stack = 0;
	t->curr_ret_depth = 0;
	t->ftrace_timestamp = 0;
	atomic_set(&t->trace_overrun, 0);
	/* the count above before the stack: pairs with the task's READ_ONCE */
	smp_store_release(&t->ret_stack, (unsigned long *)st);
}

static struct fgraph_stack *fgraph_stack_alloc(gfp_t gfp)
{
	return kzalloc(FGRAPH_STACK_BYTES, gfp);
}

/* Called by copy_process() for the new task @t (a copy of its parent). */
void ftrace_graph_init_task(struct task_struct *t)
{
	struct fgraph_stack *st;

	t->ret_stack = NULL;
	t->curr_ret_stack = 0;
	t->curr_ret_depth = 0;
	t->ftrace_timestamp = 0;
	atomic_set(&t->trace_overrun, 0);
	atomic_set(&t->tracing_graph_pause, 0);
	if (!READ_ONCE(fgraph_stacks_wanted))
		return;
	st = fgraph_stack_alloc(GFP_KERNEL);
	if (st)
		fgraph_install(t, st);
}

/* Called when @t is freed: nothing can run on its stack any more. */
void ftrace_graph_exit_task(struct task_struct *t)
{
	struct fgraph_stack *st = task_stack(t);

	WRITE_ONCE(t->ret_stack, NULL);
	kfree(st);
}

/*
 * Called by init_idle() for @cpu's idle task, at boot only (init_idle()
 * is __init): the idle task keeps its CPU's stack, emptied. Coming back
 * online, fgraph_cpu_prepare() empties it.
 */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	struct fgraph_stack *st = per_cpu(fgraph_idle_stack, cpu);

	t->ret_stack = NULL;
	atomic_set(&t->tracing_graph_pause, 0);
	if (!st && READ_ONCE(fgraph_stacks_wanted)) {
		st = fgraph_stack_alloc(GFP_KERNEL);
		per_cpu(fgraph_idle_stack, cpu) = st;
	}
	if (st)
		fgraph_install(t, st);
}

/*
 * An idle task is not made again when its CPU comes back online: the CPU
 * starts over at the top of the same idle stack, and the calls it was in
 * when it went down (do_idle() ... play_dead()) never return. Their
 * frames would pile up at every offline, until the shadow stack is full
 * and the idle task is no longer traced, and an unwinder could take one
 * of them for the live frame of the same return slot. This runs in a
 * PREPARE state, on the CPU that brings @cpu up while @cpu is still
 * down: nothing runs on that shadow stack, and the bring-up orders these
 * stores before the CPU starts.
 */
static int fgraph_cpu_prepare(unsigned int cpu)
{
	struct task_struct *t = idle_task(cpu);

	if (t && task_stack(t)) {
		t->curr_ret_stack = 0;
		t->curr_ret_depth = 0;
		t->ftrace_timestamp = 0;
	}
	return 0;
}

/*
 * Hibernation: the task that writes the image is the one that goes on
 * from it after the restore, through calls whose shadow frames are
 * those of the kernel that booted to restore it. Its graph tracing is
 * paused from before the snapshot to after the restore.
 */
static int fgraph_pm_notify(struct notifier_block *nb, unsigned long state,
			    void *unused)
{
	if (state == PM_HIBERNATION_PREPARE)
		pause_graph_tracing();
	else if (state == PM_POST_HIBERNATION)
		unpause_graph_tracing();
	return NOTIFY_DONE;
}

static struct notifier_block fgraph_pm_nb = {
	.notifier_call = fgraph_pm_notify,
};

static int __init fgraph_hotplug_init(void)
{
	int ret;

	/* the CPUs up now are not coming up: no call for them */
	ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN,
					"trace/fgraph:prepare",
					fgraph_cpu_prepare, NULL);
	if (ret < 0)
		return ret;
	return register_pm_notifier(&fgraph_pm_nb);
}
core_initcall(fgraph_hotplug_init);

/*
 * Slot @idx is free and about to be given to a new user: no open frame
 * of @st may still name the user that had it, or that call's return
 * would reach the newcomer, which never saw its entry (a return line of
 * a function it does not trace, in an array that filters the task out).
 * Frames pushed from now on cannot name the slot: it is empty. The task
 * may push and pop meanwhile; the frames below its count are the ones it
 * can still return through, and an atomic clear cannot undo its own
 * store of a new frame's bits. Return: whether some frame named @idx.
 */
static bool fgraph_forget_user(struct task_struct *t, struct fgraph_stack *st,
			       int idx)
{
	int n = min_t(int, READ_ONCE(t->curr_ret_stack), FGRAPH_FRAMES);
	bool found = false;
	int i;

	WRITE_ONCE(st->task_var[idx], 0);
	for (i = 0; i < n; i++)
		if (test_and_clear_bit(idx, &st->frames[i].users))
			found = true;
	return found;
}

/*
 * Give every task a stack (the first registration), and make every stack
 * ready for user @idx: its task word zeroed, no frame naming the slot.
 * Under fgraph_lock.
 */
static int fgraph_prepare_tasks(int idx)
{
	struct fgraph_stack *pool[32];
	struct task_struct *g, *t;
	bool more, stale = false;
	int n, used, cpu;

	WRITE_ONCE(fgraph_stacks_wanted, true);
	for_each_possible_cpu(cpu) {
		struct fgraph_stack *st = per_cpu(fgraph_idle_stack, cpu);

		t = idle_task(cpu);
		if (!st) {
			st = fgraph_stack_alloc(GFP_KERNEL);
			if (!st)
				return -ENOMEM;
			per_cpu(fgraph_idle_stack, cpu) = st;
		}
		if (t && task_stack(t) == st)
			stale |= fgraph_forget_user(t, st, idx);
		else
			WRITE_ONCE(st->task_var[idx], 0);
		if (t && !t->ret_stack)
			fgraph_install(t, st);
	}

	/* allocate outside the RCU walk, hand out inside, until all have one */
	do {
		for (n = 0; n < ARRAY_SIZE(pool); n++) {
			pool[n] = fgraph_stack_alloc(GFP_KERNEL);
			if (!pool[n])
				break;
		}
		if (!n)
			return -ENOMEM;
		used = 0;
		more = false;
		rcu_read_lock();
		for_each_process_thread(g, t) {
			struct fgraph_stack *st = task_stack(t);

			if (st) {
				stale |= fgraph_forget_user(t, st, idx);
				continue;
			}
			if (used == n) {
				more = true;
				break;
			}
			fgraph_install(t, pool[used++]);
		}
		rcu_read_unlock();
		while (used < n)
			kfree(pool[used++]);
	} while (more);
	/*
	 * A return that read a frame's bits before they were cleared may
	 * still be calling slot @idx: let it finish before the slot is
	 * filled (it runs with preemption off, see the return path).
	 */
	if (stale)
		synchronize_rcu();
	return 0;
}

/* ------------------------------------------------------------------ */
/* sleep-time                                                           */

/*
 * With sleep-time off, a task's calls do not count the time it spent
 * switched out: on its way back in, every open frame's start moves
 * forward by that time.
 */
static void fgraph_sched_switch(void *ignore, bool preempt,
				struct task_struct *prev,
				struct task_struct *next,
				unsigned int prev_state)
{
	struct fgraph_stack *st;
	u64 now, out;
	int i, n;

	if (READ_ONCE(fgraph_sleep_time))
		return;
	now = trace_clock_local();
	prev->ftrace_timestamp = now;
	st = task_stack(next);
	out = next->ftrace_timestamp;
	if (!st || !out)
		return;
	next->ftrace_timestamp = 0;
	n = min_t(int, next->curr_ret_stack, FGRAPH_FRAMES);
	for (i = 0; i < n; i++)
		st->frames[i].rs.calltime += now - out;
}

void fgraph_sleep_time_control(bool on)
{
	WRITE_ONCE(fgraph_sleep_time, on);
}

/* ------------------------------------------------------------------ */
/* Registration                                                         */

/**
 * register_ftrace_graph - start calling @gops at entries and returns
 * @gops: the user; its ops' hashes (gops->ops.func_hash may be shared
 * with a tracer's ftrace_ops) select the functions
 *
 * Return: 0, -EBUSY when 16 users are registered, or -errno.
 */
int register_ftrace_graph(struct fgraph_ops *gops)
{
	int idx, ret;

	mutex_lock(&fgraph_lock);
	for (idx = 0; idx < FGRAPH_MAX_USERS; idx++)
		if (!fgraph_users[idx])
			break;
	ret = -EBUSY;
	if (idx == FGRAPH_MAX_USERS)
		goto out;

	ret = fgraph_prepare_tasks(idx);
	if (ret)
		goto out;
	if (!fgraph_probe_on) {
		ret = register_trace_sched_switch(fgraph_sched_switch, NULL);
		if (ret)
			goto out;
		fgraph_probe_on = true;
	}

	gops->idx = idx;
	gops->ops.func = ftrace_graph_func;
	gops->ops.flags |= FTRACE_OPS_FL_PID;
	ftrace_ops_init(&gops->ops);

	/* the count first: see fgraph_nr_users */
	WRITE_ONCE(fgraph_nr_users, fgraph_nr_users + 1);
	/* the callbacks before the pointer: pairs with READ_ONCE() readers */
	smp_store_release(&fgraph_users[idx], gops);
	WRITE_ONCE(fgraph_users_mask, fgraph_users_mask | BIT(idx));
	ret = register_ftrace_function(&gops->ops);
	if (ret) {
		WRITE_ONCE(fgraph_users_mask, fgraph_users_mask & ~BIT(idx));
		WRITE_ONCE(fgraph_users[idx], NULL);
		synchronize_rcu();
		WRITE_ONCE(fgraph_nr_users, fgraph_nr_users - 1);
	}
out:
	mutex_unlock(&fgraph_lock);
	return ret;
}

/**
 * unregister_ftrace_graph - stop calling @gops
 * @gops: a registered user
 *
 * Returns still pending on some stacks will not call it either: once
 * this returns, @gops may be freed.
 */
void unregister_ftrace_graph(struct fgraph_ops *gops)
{
	mutex_lock(&fgraph_lock);
	if (WARN_ON_ONCE(gops->idx < 0 || gops->idx >= FGRAPH_MAX_USERS ||
			 fgraph_users[gops->idx] != gops))
		goto out;
	WRITE_ONCE(fgraph_users_mask, fgraph_users_mask & ~BIT(gops->idx));
	WRITE_ONCE(fgraph_users[gops->idx], NULL);
	unregister_ftrace_function(&gops->ops);
	/* no entry or return path still holds the pointer */
	synchronize_rcu();
	WRITE_ONCE(fgraph_nr_users, fgraph_nr_users - 1);
out:
	mutex_unlock(&fgraph_lock);
}
