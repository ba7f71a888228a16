/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event checker of the ring buffer's stress tests, shared by the boot
 * self-test (ring_buffer_selftest.c) and the userspace stress
 * (tools/testing/ring_buffer/stress.c): one definition of what a test
 * event carries and of what a reader must see.
 *
 * Every event says which CPU and which source (a writer context: a
 * thread, a timer interrupt) wrote it, its sequence number within that
 * source, and its length; the payload is a pattern derived from them. A
 * reader feeds each event it reads, with its time stamp and the losses
 * the buffer reported before it, to rbc_check(). Per CPU that proves:
 * nothing torn, duplicated or reordered within a source; time never goes
 * back; no event missing that the buffer did not report lost before the
 * next one (with a single source, every gap is exactly the loss reported
 * there); and at the end (rbc_finish()) read + lost == written, exactly.
 */
#ifndef _KERNEL_TRACE_RING_BUFFER_CHECK_H
#define _KERNEL_TRACE_RING_BUFFER_CHECK_H

#include <linux/types.h>
#include <linux/string.h>

#define RBC_MAX_SRC	2

/* Events are only 4-byte aligned in the ring buffer. */
struct rbc_event {
	u32	cpu;
	u16	src;
	u16	len;		/* bytes of the event, this header included */
	u64	seq;		/* within (cpu, src) */
	u8	data[];
} __packed __aligned(4);

/* What a reader has seen of one CPU. */
struct rbc_stream {
	u64		next_seq[RBC_MAX_SRC];
	u64		last_ts;
	unsigned long	read;
	unsigned long	lost;	/* reported by the buffer */
	unsigned long	gaps;	/* sequence numbers skipped */
	unsigned int	sources;
};

static inline u8 rbc_byte(const struct rbc_event *e, unsigned int i)
{
	return (u8)(e->seq * 31 + e->cpu * 7 + e->src * 3 + i);
}

/* Write the event @seq of (@cpu, @src), @len bytes, into @e. */
static inline void rbc_fill(struct rbc_event *e, u32 cpu, u16 src, u64 seq,
			    u16 len)
{
	unsigned int i;

	e->cpu = cpu;
	e->src = src;
	e->len = len;
	e->seq = seq;
	for (i = 0; i < len - sizeof(*e); i++)
		e->data[i] = rbc_byte(e, i);
}

static inline void rbc_init(struct rbc_stream *st, unsigned int sources)
{
	memset(st, 0, sizeof(*st));
	st->sources = sources;
}

/*
 * Check one event of @cpu read with time stamp @ts, @lost events reported
 * lost just before it; @size is the payload length the buffer gives.
 * Returns NULL, or what is wrong.
 */
static inline const char *rbc_check(struct rbc_stream *st, u32 cpu,
				    const void *payload, unsigned int size,
				    u64 ts, unsigned long lost)
{
	const struct rbc_event *e = payload;
	unsigned int i;
	u64 gap;

	if (size < sizeof(*e) || e->len < sizeof(*e) || e->len > size ||
	    e->cpu != cpu || e->src >= st->sources)
		return "torn or foreign event header";
	for (i = 0; i < e->len - sizeof(*e); i++)
		if (e->data[i] != rbc_byte(e, i))
			return "torn payload";
	if (e->seq < st->next_seq[e->src])
		return "event duplicated or out of order";
	if (ts < st->last_ts)
		return "time stamps went backwards";
	gap = e->seq - st->next_seq[e->src];
	st->next_seq[e->src] = e->seq + 1;
	st->last_ts = ts;
	st->read++;
	st->lost += lost;
	st->gaps += gap;
	/*
	 * Losses are reported with the first event after them, so with one
	 * source a gap is exactly the loss reported there. With more, a
	 * source's gap shows only at its own next event, possibly later:
	 * the reports must have come first.
	 */
	if (st->sources == 1 && gap != lost)
		return "events missing or lost count wrong here";
	if (st->gaps > st->lost)
		return "events missing that were not reported lost";
	return NULL;
}

/* After draining: @written events were written on this CPU in all. */
static inline const char *rbc_finish(struct rbc_stream *st,
				     unsigned long written)
{
	if (st->read + st->lost != written)
		return "read + lost != written";
	if (st->gaps > st->lost)
		return "events missing that were not reported lost";
	return NULL;
}

#endif /* _KERNEL_TRACE_RING_BUFFER_CHECK_H */
