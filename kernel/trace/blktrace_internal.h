/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the four files of blktrace share.
 * Included by: blktrace.c blktrace_sysfs.c blktrace_record.c trace_blk.c
 *
 * blktrace, in four files:
 * - blktrace.c: a queue's trace and its life (BLKTRACESETUP and the other
 *   ioctls, the debugfs directory with its relay channel, removal);
 * - blktrace_sysfs.c: /sys/block/<dev>/trace/, which sets up a trace
 *   without a relay channel, for the blk tracer;
 * - blktrace_record.c: the block tracepoints' probes, which write the
 *   records of every traced queue;
 * - trace_blk.c: the blk tracer, which takes those records into a trace
 *   array's ring buffer and prints them.
 */
#ifndef _TRACE_BLKTRACE_INTERNAL_H
#define _TRACE_BLKTRACE_INTERNAL_H

#include <linux/blktrace_api.h>

struct trace_array;

/* ================ trace_blk.c: the blk tracer ========================= */

/*
 * The array the blk tracer runs on while it is started, else NULL. While
 * it is set, every queue with a trace writes there instead of to its
 * relay channel, whatever the trace's state.
 */
extern struct trace_array *blk_tracer_tr;

/* The tracer's private options, as options/blk_* show them. */
#define BLK_OPT_CLASSIC		BIT(0)
#define BLK_OPT_CGROUP		BIT(1)
#define BLK_OPT_CGNAME		BIT(2)
bool blk_tracer_option(u32 bit);

/* ========== blktrace_record.c: the probes and their records ========== */

/* The block tracepoints' probes, registered while any trace exists. */
void blk_probes_get(void);
void blk_probes_put(void);

/*
 * A trace enters and leaves the running list, which the PROCESS notes
 * (pid to comm) go to. Entering starts a new generation: every task
 * notes its comm again before its next record.
 */
void blk_trace_run(struct blk_trace *bt);
void blk_trace_unrun(struct blk_trace *bt);

/* ============ blktrace.c: a queue's trace and its life =============== */

/*
 * Take @q's trace from the probes and destroy it (q->debugfs_mutex
 * held); -EINVAL when there is none.
 */
int blk_trace_detach(struct request_queue *q);
/*
 * A new trace of every category, in no queue yet, with its message
 * buffers; @numbered: with sequence numbers too (a relay channel's).
 */
struct blk_trace *blk_trace_alloc(bool numbered);
/* Tracing bounds of @bdev: the partition's sectors, or everything. */
void blk_trace_set_bounds(struct blk_trace *bt, struct block_device *bdev);

#endif /* _TRACE_BLKTRACE_INTERNAL_H */
