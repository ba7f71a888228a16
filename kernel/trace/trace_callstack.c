// SPDX-License-Identifier: GPL-2.0
/*
 * Call stacks as entries of their own in a trace buffer.
 *
 * The kernel stack is a TRACE_STACK entry ("<stack trace>" followed by
 * one " => function" line per frame), the user stack of the current task
 * a TRACE_USER_STACK entry ("<user stack trace>"). An event's stacks are
 * recorded right after the event itself when the array has the
 * stacktrace or userstacktrace option set; trace_dump_stack() records
 * one on demand.
 *
 * The kernel stack is first taken into per-CPU scratch space, because
 * its depth (and so the size of the entry) is only known afterwards.
 * Each context level (task, softirq, hardirq, NMI) has its own slot, so
 * an interrupt that records a stack while the task is doing the same
 * does not share memory with it.
 */
#include <linux/ftrace.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_core.h"

#define KSTACK_DEPTH		128

struct kstack_scratch {
	unsigned long	calls[TRACE_CTX_LEVELS][KSTACK_DEPTH];
	bool		busy[TRACE_CTX_LEVELS];
};

static DEFINE_PER_CPU(struct kstack_scratch, kstack_scratch);

/*
 * A user stack walk can fault, and the fault's own events may want a
 * user stack in turn: one walk at a time per CPU and context level.
 */
static DEFINE_PER_CPU(bool [TRACE_CTX_LEVELS], ustack_busy);

/*
 * Record the kernel stack into @buffer, from the caller of the function
 * that inlines this one outwards, leaving out the @skip innermost of
 * those frames. With @from, a return address, the stack starts at the
 * frame that returns there, or @below frames further in. Matching an
 * address rather than counting frames keeps the result the same whether
 * or not the compiler turned a call on the way into a tail call (it does
 * without KASAN, not with it).
 */
static __always_inline void record_kstack(struct trace_buffer *buffer,
					  unsigned int trace_ctx, int skip,
					  unsigned long from, unsigned int below)
{
	struct ring_buffer_event *event;
	struct kstack_scratch *s;
	struct stack_entry *entry;
	unsigned int nr, first = 0, i;
	int level;

	/*
	 * This function's own frame: the frame-pointer unwinders report
	 * it, the ORC unwinder starts at its caller already.
	 */
	if (!IS_ENABLED(CONFIG_UNWINDER_ORC))
		skip++;

	preempt_disable_notrace();
	s = this_cpu_ptr(&kstack_scratch);
	level = trace_ctx_slot_claim(s->busy);
	if (level < 0)
		goto out;
	nr = stack_trace_save(s->calls[level], KSTACK_DEPTH, skip);
	for (i = 0; from && i < nr; i++) {
		if (s->calls[level][i] == from) {
			first = i >= below ? i - below : 0;
			break;
		}
	}
	nr -= first;
	event = trace_buffer_lock_reserve(buffer, TRACE_STACK,
					  struct_size(entry, caller, nr),
					  trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->size = nr;
		memcpy(entry->caller, s->calls[level] + first,
		       flex_array_size(entry, caller, nr));
		__buffer_unlock_commit(buffer, event);
	}
	trace_ctx_slot_release(s->busy, level);
out:
	preempt_enable_notrace();
}

/*
 * Record the kernel stack into @buffer, from the caller of this function
 * outwards, leaving out the @skip innermost of those frames. noinline:
 * the frame count that @skip relies on must not depend on inlining.
 */
noinline void trace_record_kstack(struct trace_buffer *buffer,
				  unsigned int trace_ctx, int skip)
{
	record_kstack(buffer, trace_ctx, skip, 0, 0);
}

/*
 * Record the stack of a function tracer's callback into @buffer: from
 * the frame that called the traced function's call site @ip (its
 * trampoline, or ftrace_caller) outwards, however many frames of the
 * tracer lie in between (the list function, the assist function).
 */
noinline void trace_record_fstack(struct trace_buffer *buffer,
				  unsigned int trace_ctx, unsigned long ip)
{
#ifdef MCOUNT_INSN_SIZE
	/* the traced function's frame returns right after its site */
	record_kstack(buffer, trace_ctx, 0, ip + MCOUNT_INSN_SIZE, 1);
#else
	record_kstack(buffer, trace_ctx, 0, 0, 0);
#endif
}

/* Record the user stack of the current task into @buffer. */
static void trace_record_ustack(struct trace_buffer *buffer, unsigned int trace_ctx)
{
	struct ring_buffer_event *event;
	struct userstack_entry *entry;
	bool *busy;
	int level;

	/* an NMI cannot take the page faults the walk may need */
	if (!IS_ENABLED(CONFIG_USER_STACKTRACE_SUPPORT) ||
	    unlikely(in_nmi()) || !current->mm)
		return;
	preempt_disable_notrace();
	busy = *this_cpu_ptr(&ustack_busy);
	level = trace_ctx_slot_claim(busy);
	if (level < 0)
		goto out;
	event = trace_buffer_lock_reserve(buffer, TRACE_USER_STACK,
					  sizeof(*entry), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->tgid = current->tgid;
		/* unused slots read 0: the output stops at the first */
		memset(entry->caller, 0, sizeof(entry->caller));
		stack_trace_save_user(entry->caller, USER_STACK_ENTRIES);
		__buffer_unlock_commit(buffer, event);
	}
	trace_ctx_slot_release(busy, level);
out:
	preempt_enable_notrace();
}

/*
 * After an event of @tr was committed to @buffer: its stacks, as the
 * options ask. The kernel stack starts at the frame that returns to
 * @from (the event layer passes the return address into the event's
 * probe, so that the stack starts at the probe, as upstream's does).
 */
noinline void trace_event_stacks(struct trace_array *tr,
				 struct trace_buffer *buffer,
				 unsigned int trace_ctx, unsigned long from)
{
	unsigned int flags = READ_ONCE(tr->trace_flags);

	if (flags & TRACE_ITER_STACKTRACE)
		record_kstack(buffer, trace_ctx, 0, from, 0);
	if (flags & TRACE_ITER_USERSTACKTRACE)
		trace_record_ustack(buffer, trace_ctx);
}
