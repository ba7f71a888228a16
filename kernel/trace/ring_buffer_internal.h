/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private definitions shared by the ring buffer's files:
 *
 *   ring_buffer.c         creation, CPU hotplug, switches, statistics, ABI text
 *   ring_buffer_write.c   reserve / commit / discard: the lockless writer
 *   ring_buffer_read.c    reader page swap, consuming reads, iterators,
 *                         whole sub-buffer reads, waiting
 *   ring_buffer_resize.c  resize, reset, swap between buffers, sub-buffer order
 *   ring_buffer_map.c     mapping a CPU buffer into user space
 *
 * Documentation/trace/ring-buffer-design.rst explains the protocol; the
 * comments here only say what each field is for.
 */
#ifndef _KERNEL_TRACE_RING_BUFFER_INTERNAL_H
#define _KERNEL_TRACE_RING_BUFFER_INTERNAL_H

#include <linux/ring_buffer.h>
#include <linux/irq_work.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <linux/list.h>
#include <linux/cpumask.h>
#include <linux/cpuhotplug.h>
#include <linux/atomic.h>
#include <linux/refcount.h>
#include <linux/bug.h>
#include <linux/bits.h>
#include <asm/local.h>
#include <asm/local64.h>

/*
 * Named preemption points. The userspace harness in
 * tools/testing/ring_buffer defines RB_HARNESS_HOOKS and fires nested
 * writers or a remote reader at these places; in the kernel they are empty.
 */
#ifdef RB_HARNESS_HOOKS
struct rb_cpu;
void rb_harness_point(struct rb_cpu *cb, const char *name);
#define rb_preempt_point(cb, name)	rb_harness_point(cb, name)
#else
struct rb_cpu;
static inline void rb_preempt_point(struct rb_cpu *cb, const char *name)
{
}
#endif

/* ---- binary layout (ABI, see events/header_page and header_event) ---- */

#ifdef CONFIG_HAVE_64BIT_ALIGNED_ACCESS
#define RB_FORCE_8BYTE		1
#define RB_ALIGNMENT		8U
#else
#define RB_FORCE_8BYTE		0
#define RB_ALIGNMENT		4U
#endif

/* The header of every sub-buffer, followed by the events. */
struct rb_data_page {
	u64		time_stamp;	/* time of the first event */
	local_t		commit;		/* bytes of committed data + flags */
	unsigned char	data[] __aligned(RB_ALIGNMENT);
};

#define RB_PAGE_HDR		offsetof(struct rb_data_page, data)

/*
 * Flags a whole-page read leaves in the commit word of the copy. The
 * commit word is a long (header_page says "local_t commit; size:8;
 * signed:1" on 64-bit), and the missed-events flag fills it from bit 31
 * up, sign-extended as the page format has always had it: readers that
 * take the word as a signed long see a negative number.
 */
#define RB_MISSED_EVENTS	(~0UL << 31)
#define RB_MISSED_STORED	BIT(30)
#define RB_MISSED_MASK		(RB_MISSED_EVENTS | RB_MISSED_STORED)

#define RB_EVENT_HDR		4U	/* type_len + time_delta */
#define RB_SMALL_DATA		(RINGBUF_TYPE_DATA_TYPE_LEN_MAX * 4U)
#define RB_STAMP_LEN		8U	/* time extend / absolute stamp */
#define RB_DELTA_BITS		27
#define RB_DELTA_MASK		((1ULL << RB_DELTA_BITS) - 1)
#define RB_STAMP_BITS		59	/* 27 + 32 bits an extend can carry */
#define RB_STAMP_MASK		((1ULL << RB_STAMP_BITS) - 1)

/* ---- sub-buffers and the ring ---- */

/*
 * The write and entries words of a sub-buffer keep a count in their low
 * bits and a generation in the high bits. The generation is bumped every
 * time the tail moves onto the sub-buffer, so a writer that was interrupted
 * while preparing the same move cannot wipe what the interrupt wrote.
 */
#define RB_OFF_BITS		20
#define RB_OFF_MASK		((1UL << RB_OFF_BITS) - 1)
#define RB_GEN_ONE		BIT(RB_OFF_BITS)
/* offset of a page the tail is being moved onto (larger than any page) */
#define RB_OFF_MOVING		RB_OFF_MASK
#define RB_MAX_ORDER		7	/* sub-buffers stay below 1 << RB_OFF_BITS */

/*
 * Flags kept in the low bits of a list_head::next pointer inside the ring.
 * HEAD marks the pointer that leads to the oldest sub-buffer; UPDATE marks
 * it while a writer pushes the head forward. Both never appear together.
 */
#define RB_PTR_NORMAL		0UL
#define RB_PTR_HEAD		1UL
#define RB_PTR_UPDATE		2UL
#define RB_PTR_FLAGS		3UL
#define RB_PTR_MOVED		4UL	/* not a flag: pointer changed target */

struct rb_subbuf {
	struct list_head	list;		/* ring link, flags in next */
	local_t			write;		/* reserved bytes | generation */
	local_t			entries;	/* reserved events | generation */
	unsigned int		read;		/* consumer offset (reader page) */
	unsigned int		real_end;	/* data end before end padding */
	unsigned int		order;		/* allocation order of @page */
	unsigned int		id;		/* index, for debugging */
	struct rb_data_page	*page;		/* the memory itself */
};

/* Opaque for users: a sub-buffer handed out for whole-page reads. */
struct buffer_data_read_page {
	unsigned int		order;
	struct rb_data_page	*data;
};

/* Wake-up machinery: writers never wake tasks directly, irq_work does. */
struct rb_waiters {
	struct irq_work		work;
	wait_queue_head_t	waiters;
	wait_queue_head_t	full_waiters;
	atomic_t		seq;		/* bumped at every wake up */
	bool			pending;	/* someone waits for any data */
	bool			full_pending;	/* someone waits for a fill level */
	bool			wake_full;
};

/*
 * What a writer remembers of its reservation, one slot per nesting level:
 * every level the recursion guard admits (task, softirq, irq, NMI and a
 * re-entry), twice, for one ring_buffer_nest_start() on top. A writer
 * nested deeper still is refused, as the guard refuses a recursion.
 */
#define RB_MAX_NEST		(2 * RB_IN_LEVELS)
struct rb_resv_slot {
	struct rb_subbuf	*page;
	unsigned long		start;		/* offset of the first byte */
	unsigned long		end;		/* offset past the last byte */
	u64			ts;
};

/*
 * Recursion guard: one bit per context a writer can run in, the innermost
 * lowest, plus one spare for a same-context re-entry.
 */
enum {
	RB_IN_REENTRY, RB_IN_NMI, RB_IN_IRQ, RB_IN_SOFTIRQ, RB_IN_TASK,
	RB_IN_LEVELS,
};

struct rb_cpu {
	/* ---- writer side: only this CPU (and its interrupts) touch these */
	struct trace_buffer	*buffer;
	struct rb_subbuf	*tail_page;	/* where reservations happen */
	struct rb_subbuf	*commit_page;	/* published up to here */
	local_t			committing;	/* writers in flight */
	local_t			commits;	/* writers ever started */
	local64_t		before_stamp;	/* stamp of a reservation begun */
	local64_t		write_stamp;	/* stamp of the last reserved */
	unsigned int		ctx_bits;
	unsigned int		nest_shift;
	struct rb_resv_slot	resv[RB_MAX_NEST];
	int			cpu;
	atomic_t		record_disabled;
	atomic_t		resize_disabled;

	/* counters, written by the writer, read anywhere */
	local_t			entries;	/* events committed, ever */
	local_t			entries_bytes;
	local_t			overrun;	/* events overwritten */
	local_t			commit_overrun;
	local_t			dropped_events;
	local_t			pages_touched;
	local_t			pages_lost;
	local_t			pages_read;
	long			last_pages_touch;
	size_t			shortest_full;

	/* ---- reader side: under reader_lock */
	raw_spinlock_t		reader_lock;
	struct lock_class_key	lock_key;
	struct rb_subbuf	*reader_page;	/* private to the reader */
	struct rb_subbuf	*head_page;	/* hint: oldest page in ring */
	struct list_head	*pages;		/* any page of the ring */
	unsigned long		nr_pages;	/* pages in the ring */
	unsigned long		lost_events;	/* not yet reported */
	unsigned long		last_overrun;
	unsigned long		read;		/* events consumed */
	unsigned long		read_bytes;
	unsigned long		swaps;		/* reader page swaps */
	unsigned long		pages_removed;	/* by resize, for iterators */
	u64			read_stamp;
	struct rb_data_page	*spare;		/* cached page for read_page */
	unsigned int		spare_order;

	/* ---- user space mapping (ring_buffer_map.c) */
	struct mutex		map_lock;
	unsigned int		user_mapped;	/* mappings; pages stay put */
	struct trace_buffer_meta *meta;
	unsigned long		*subbuf_ids;	/* id -> sub-buffer memory */

	struct rb_waiters	waiters;
};

#define RB_BUFFER_OFF		BIT(20)		/* ring_buffer_record_off() */

struct trace_buffer {
	unsigned int		flags;
	int			cpus;
	atomic_t		record_disabled;
	atomic_t		resizing;
	cpumask_var_t		cpumask;
	struct lock_class_key	*reader_lock_key;
	struct mutex		mutex;		/* resize, order, overwrite */
	struct rb_cpu		**buffers;
	struct hlist_node	node;		/* cpuhp instance */
	bool			hp_registered;
	u64			(*clock)(void);
	struct rb_waiters	waiters;	/* readers of all CPUs */
	bool			abs_stamps;
	unsigned int		subbuf_order;
	unsigned int		subbuf_size;	/* data bytes per sub-buffer */
	unsigned int		max_data_size;	/* largest payload, now */
	unsigned long		default_pages;	/* for CPUs coming online */

	/*
	 * A read page (ring_buffer_alloc_read_page()) can outlive its
	 * buffer: one spliced into a pipe comes back when the pipe lets it
	 * go. Each holds a reference, the owner one more; the last put frees
	 * the buffer's own struct. @freed, under @pages_lock, says that
	 * ring_buffer_free() took the CPU buffers away.
	 */
	refcount_t		refs;
	raw_spinlock_t		pages_lock;
	bool			freed;
};

struct ring_buffer_iter {
	struct rb_cpu		*cb;
	struct rb_subbuf	*page;		/* sub-buffer being walked */
	unsigned long		gen;		/* its generation when entered */
	unsigned int		pos;		/* offset of the current event */
	unsigned int		next_pos;	/* past it, when it is cached */
	u64			stamp;		/* time before current event */
	bool			stamp_known;	/* else: the page stamp, later */
	u64			cached_ts;
	struct rb_subbuf	*seen_reader;	/* consumer state we started at */
	unsigned long		seen_swaps;
	unsigned long		seen_read;
	unsigned long		seen_removed;
	bool			dropped;
	unsigned int		ev_cap;
	struct ring_buffer_event *ev;		/* private copy of the event */
};

/* ---- small helpers shared by the files ---- */

/*
 * Something impossible happened: stop recording on this CPU for good, so
 * the damage is not spread, and say so once.
 */
#define rb_broken(cb, cond)						\
({									\
	bool __bad = unlikely(cond);					\
	if (__bad) {							\
		atomic_inc(&(cb)->record_disabled);			\
		WARN_ON_ONCE(1);					\
	}								\
	__bad;								\
})

/*
 * A load of a ring link: READ_ONCE(), and what is read through the page
 * it leads to is ordered after it by the address dependency. The
 * harness's weak memory model (tools/testing/shared) does not follow
 * dependencies; there the load is an acquire, which orders as much.
 */
#ifdef RB_HARNESS_HOOKS
/* harness only: acquire stands for the address dependency */
#define rb_link_load(x)		smp_load_acquire(&(x))
#else
#define rb_link_load(x)		READ_ONCE(x)
#endif

static inline struct list_head *rb_ptr_clean(struct list_head *p)
{
	return (struct list_head *)((unsigned long)p & ~RB_PTR_FLAGS);
}

static inline struct rb_subbuf *rb_next_page(struct rb_subbuf *p)
{
	return list_entry(rb_ptr_clean(rb_link_load(p->list.next)),
			  struct rb_subbuf, list);
}

static inline struct rb_subbuf *rb_prev_page(struct rb_subbuf *p)
{
	return list_entry(rb_ptr_clean(rb_link_load(p->list.prev)),
			  struct rb_subbuf, list);
}

/*
 * Flag state of @from->list.next, which is expected to lead to @to:
 * RB_PTR_NORMAL/HEAD/UPDATE, or RB_PTR_MOVED if it leads elsewhere now
 * (a reader swapped @to out of the ring).
 */
static inline unsigned long rb_ptr_state(struct rb_subbuf *from,
					 struct rb_subbuf *to)
{
	unsigned long val = (unsigned long)READ_ONCE(from->list.next);

	if ((val & ~RB_PTR_FLAGS) != (unsigned long)&to->list)
		return RB_PTR_MOVED;
	return val & RB_PTR_FLAGS;
}

/*
 * Change the flags of @from->list.next (leading to @to) from @old to @new.
 * Returns the state found, so @old means success. The cmpxchg is fully
 * ordered; callers rely on that where they say so.
 */
static inline unsigned long rb_ptr_swing(struct rb_subbuf *from,
					 struct rb_subbuf *to,
					 unsigned long old, unsigned long new)
{
	unsigned long *ptr = (unsigned long *)&from->list.next;
	unsigned long want = (unsigned long)&to->list | old;
	unsigned long found = want;

	if (try_cmpxchg(ptr, &found, (unsigned long)&to->list | new))
		return old;
	if ((found & ~RB_PTR_FLAGS) != (unsigned long)&to->list)
		return RB_PTR_MOVED;
	return found & RB_PTR_FLAGS;
}

static inline unsigned long rb_page_off(struct rb_subbuf *p)
{
	return local_read(&p->write) & RB_OFF_MASK;
}

static inline unsigned long rb_page_entries(struct rb_subbuf *p)
{
	return local_read(&p->entries) & RB_OFF_MASK;
}

/* Committed bytes of a sub-buffer; callers order data reads after it. */
static inline unsigned int rb_page_size(struct rb_subbuf *p)
{
	return local_read(&p->page->commit) & RB_OFF_MASK;
}

static inline struct ring_buffer_event *rb_event_at(struct rb_subbuf *p,
						    unsigned long off)
{
	return (struct ring_buffer_event *)(p->page->data + off);
}

static inline bool rb_null_event(struct ring_buffer_event *ev)
{
	return ev->type_len == RINGBUF_TYPE_PADDING && !ev->time_delta;
}

/* Bytes an event occupies; a null padding has no defined length (0). */
static inline unsigned int rb_event_len(struct ring_buffer_event *ev)
{
	switch (ev->type_len) {
	case RINGBUF_TYPE_PADDING:
		return rb_null_event(ev) ? 0 : ev->array[0] + RB_EVENT_HDR;
	case RINGBUF_TYPE_TIME_EXTEND:
	case RINGBUF_TYPE_TIME_STAMP:
		return RB_STAMP_LEN;
	case 0:
		return ev->array[0] + RB_EVENT_HDR;
	default:
		return ev->type_len * 4 + RB_EVENT_HDR;
	}
}

/* The 59-bit value of a time extend or absolute stamp event. */
static inline u64 rb_stamp_value(struct ring_buffer_event *ev)
{
	return ((u64)ev->array[0] << RB_DELTA_BITS) | ev->time_delta;
}

/*
 * An absolute stamp only keeps 59 bits; borrow the upper bits from a
 * nearby full time stamp (the sub-buffer's), allowing for one wrap.
 */
static inline u64 rb_full_stamp(u64 low, u64 near)
{
	u64 ts = (near & ~RB_STAMP_MASK) | low;

	if (ts + (1ULL << (RB_STAMP_BITS - 1)) < near)
		ts += 1ULL << RB_STAMP_BITS;
	return ts;
}

/*
 * The largest payload a writer may ask for: a sub-buffer less the event
 * header and array[0], and less the stamp every event carries when
 * stamps are absolute. Kept up to date by whoever changes either.
 */
static inline void rb_update_max_data_size(struct trace_buffer *buffer)
{
	unsigned int max = buffer->subbuf_size - RB_EVENT_HDR * 2;

	if (READ_ONCE(buffer->abs_stamps))
		max -= RB_STAMP_LEN;
	WRITE_ONCE(buffer->max_data_size, max);
}

static inline u64 rb_clock(struct trace_buffer *buffer)
{
	return buffer->clock();
}

static inline struct rb_cpu *rb_cpu_lookup(struct trace_buffer *buffer,
					   int cpu)
{
	if (cpu < 0 || cpu >= nr_cpu_ids ||
	    !cpumask_test_cpu(cpu, buffer->cpumask))
		return NULL;
	return buffer->buffers[cpu];
}

static inline unsigned long rb_nr_entries(struct rb_cpu *cb)
{
	return local_read(&cb->entries) -
		(local_read(&cb->overrun) + cb->read);
}

/* ---- cross-file functions ---- */

/* ring_buffer.c */
void rb_buffer_put(struct trace_buffer *buffer);
struct rb_subbuf *rb_alloc_subbuf(struct trace_buffer *buffer, int cpu,
				  unsigned int order);
void rb_free_subbuf(struct rb_subbuf *p);
int rb_alloc_subbufs(struct trace_buffer *buffer, int cpu, unsigned long nr,
		     unsigned int order, struct list_head *out);
void rb_free_subbuf_list(struct list_head *list);
void rb_link_ring(struct rb_cpu *cb, struct rb_subbuf **ring,
		  unsigned long nr);
void rb_clear_cpu(struct rb_cpu *cb);
unsigned long rb_pages_for(struct trace_buffer *buffer, unsigned long size);

/* ring_buffer_read.c */
struct rb_subbuf *rb_find_head(struct rb_cpu *cb);
void rb_waiters_init(struct rb_waiters *w);
void rb_wake_full_slow(struct trace_buffer *buffer, struct rb_cpu *cb);
bool rb_cpu_empty(struct rb_cpu *cb);
bool rb_reader_lock(struct rb_cpu *cb, unsigned long *flags);
struct rb_subbuf *rb_reader_page_get(struct rb_cpu *cb);
void rb_reader_consume_page(struct rb_cpu *cb, struct rb_subbuf *reader);
void rb_update_meta(struct rb_cpu *cb);

/* ring_buffer_map.c */
void rb_reader_unlock(struct rb_cpu *cb, unsigned long flags, bool locked);

#endif /* _KERNEL_TRACE_RING_BUFFER_INTERNAL_H */
