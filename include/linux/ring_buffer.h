/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lockless per-CPU ring buffer: the public interface.
 *
 * Every CPU owns a ring of sub-buffers. Writers on that CPU reserve space,
 * fill it and commit it without locks; any nesting of task, softirq, irq
 * and NMI writers is allowed. Readers either consume events one by one,
 * walk them with an iterator, or take whole sub-buffers at once.
 *
 * The layout of an event and of a sub-buffer is an ABI shared with user
 * space tools; Documentation/trace/ring-buffer-design.rst describes both.
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/poll.h>

#include <uapi/linux/trace_mmap.h>

struct trace_buffer;
struct ring_buffer_iter;
struct trace_seq;
struct buffer_data_read_page;

/*
 * One record as stored in a sub-buffer. Use the accessors below instead of
 * looking inside: the meaning of @array depends on @type_len.
 */
struct ring_buffer_event {
	u32		type_len:5, time_delta:27;

	u32		array[];
};

/**
 * enum ring_buffer_type - values of ring_buffer_event::type_len
 *
 * @RINGBUF_TYPE_DATA_TYPE_LEN_MAX: largest type_len of a data record.
 *	A type_len of 1 up to this value means the payload is type_len * 4
 *	bytes and starts at array[0]. A type_len of 0 means array[0] holds
 *	the payload length plus four and the payload starts at array[1].
 * @RINGBUF_TYPE_PADDING: filler. With time_delta zero it ends the
 *	sub-buffer: nothing after it is valid. Otherwise it is a record that
 *	was discarded in place and array[0] holds its length minus four.
 * @RINGBUF_TYPE_TIME_EXTEND: eight bytes carrying a time delta too wide
 *	for the 27-bit field: bits 0-26 in time_delta, bits 27-58 in array[0].
 * @RINGBUF_TYPE_TIME_STAMP: like a time extend, but the value is an
 *	absolute time stamp rather than a delta.
 */
enum ring_buffer_type {
	RINGBUF_TYPE_DATA_TYPE_LEN_MAX = 28,
	RINGBUF_TYPE_PADDING,
	RINGBUF_TYPE_TIME_EXTEND,
	RINGBUF_TYPE_TIME_STAMP,
};

enum ring_buffer_flags {
	RB_FL_OVERWRITE		= 1 << 0,
};

#define RING_BUFFER_ALL_CPUS -1

/* Event accessors */
unsigned int ring_buffer_event_length(struct ring_buffer_event *event);
void *ring_buffer_event_data(struct ring_buffer_event *event);
u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event);

/*
 * ring_buffer_event_data() of an event ring_buffer_lock_reserve() just
 * returned, inline for the writers' hot paths: such an event is never a
 * time stamp, so only the length encoding decides where its data starts.
 */
static __always_inline void *
ring_buffer_reserved_data(struct ring_buffer_event *event)
{
	return event->type_len ? &event->array[0] : &event->array[1];
}

/* Creation and destruction; @size is in bytes for each CPU */
struct trace_buffer *
__ring_buffer_alloc(unsigned long size, unsigned int flags,
		    struct lock_class_key *key);
struct trace_buffer *__ring_buffer_alloc_range(unsigned long size,
					       unsigned int flags, int order,
					       unsigned long start,
					       unsigned long range_size,
					       struct lock_class_key *key);
bool ring_buffer_last_boot_delta(struct trace_buffer *buffer, long *text,
				 long *data);
void ring_buffer_free(struct trace_buffer *buffer);

/*
 * Each call site gets a lock class of its own: a tracer may trace code
 * that itself uses another ring buffer, and lockdep must tell them apart.
 */
#define ring_buffer_alloc(size, flags)			\
({							\
	static struct lock_class_key __key;		\
	__ring_buffer_alloc((size), (flags), &__key);	\
})

#define ring_buffer_alloc_range(size, flags, order, start, range_size)	\
({									\
	static struct lock_class_key __key;				\
	__ring_buffer_alloc_range((size), (flags), (order), (start),	\
				  (range_size), &__key);		\
})

/* Waiting for data */
typedef bool (*ring_buffer_cond_fn)(void *data);
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data);
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full);
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu);

/* Geometry and mode */
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size, int cpu);
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val);
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer);
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer);
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order);
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer);

/*
 * Writing. ring_buffer_lock_reserve() returns room for @length bytes of
 * payload; the writer fills it and then calls ring_buffer_unlock_commit(),
 * or ring_buffer_discard_commit() to drop it instead (never both). A
 * discarded event vanishes when nothing was reserved after it, and is
 * otherwise left behind as padding that readers skip.
 */
struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *buffer,
						   unsigned long length);
int ring_buffer_unlock_commit(struct trace_buffer *buffer);
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event);
int ring_buffer_write(struct trace_buffer *buffer,
		      unsigned long length, void *data);

/* Writing to a buffer from within a reservation on another (or the same) */
void ring_buffer_nest_start(struct trace_buffer *buffer);
void ring_buffer_nest_end(struct trace_buffer *buffer);

/* Consuming reads */
struct ring_buffer_event *
ring_buffer_peek(struct trace_buffer *buffer, int cpu, u64 *ts,
		 unsigned long *lost_events);
struct ring_buffer_event *
ring_buffer_consume(struct trace_buffer *buffer, int cpu, u64 *ts,
		    unsigned long *lost_events);

/* Non-consuming iteration */
struct ring_buffer_iter *
ring_buffer_read_start(struct trace_buffer *buffer, int cpu, gfp_t flags);
struct ring_buffer_event *
ring_buffer_iter_peek(struct ring_buffer_iter *iter, u64 *ts);
void ring_buffer_iter_advance(struct ring_buffer_iter *iter);
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter);
int ring_buffer_iter_empty(struct ring_buffer_iter *iter);
void ring_buffer_iter_reset(struct ring_buffer_iter *iter);
void ring_buffer_read_finish(struct ring_buffer_iter *iter);

/* Clearing */
void ring_buffer_reset(struct trace_buffer *buffer);
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer);

#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu);
#else
static inline int
ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
		     struct trace_buffer *buffer_b, int cpu)
{
	return -ENODEV;
}
#endif

/* Recording switches: a counted disable, and an on/off switch */
void ring_buffer_record_enable(struct trace_buffer *buffer);
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_record_disable(struct trace_buffer *buffer);
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_record_on(struct trace_buffer *buffer);
void ring_buffer_record_off(struct trace_buffer *buffer);
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer);
bool ring_buffer_record_is_on(struct trace_buffer *buffer);

/* Statistics: totals, then per CPU */
bool ring_buffer_empty(struct trace_buffer *buffer);
unsigned long ring_buffer_entries(struct trace_buffer *buffer);
unsigned long ring_buffer_overruns(struct trace_buffer *buffer);
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu);
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu);
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu);

/* Time */
void ring_buffer_set_clock(struct trace_buffer *buffer,
			   u64 (*clock)(void));
u64 ring_buffer_time_stamp(struct trace_buffer *buffer);
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs);
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer);
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer,
				      int cpu, u64 *ts);

/* Whole sub-buffer reads (the binary trace_pipe_raw interface) */
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage);
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *data_page,
			  size_t len, int cpu, int full);
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage);
void *ring_buffer_read_page_data(struct buffer_data_read_page *page);
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *page);

/* Text of tracefs events/header_event and events/header_page */
int ring_buffer_print_entry_header(struct trace_seq *s);
int ring_buffer_print_page_header(struct trace_buffer *buffer, struct trace_seq *s);

#ifdef CONFIG_RING_BUFFER
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node);
#else
#define trace_rb_cpu_prepare	NULL
#endif

/* Mapping a CPU's sub-buffers into user space */
int ring_buffer_map(struct trace_buffer *buffer, int cpu,
		    struct vm_area_struct *vma);
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu);
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu);
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu);

#endif /* _LINUX_RING_BUFFER_H */
