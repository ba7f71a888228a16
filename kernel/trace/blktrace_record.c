// SPDX-License-Identifier: GPL-2.0
/*
 * blktrace records: what the block layer's tracepoints report about a
 * traced queue, as struct blk_io_trace records (the binary format of
 * blktrace(8) and blkparse(1)), written to one of two places:
 *
 * - the trace's relay channel, one buffer per CPU that blktrace reads
 *   from debugfs. Such a record starts with the magic and version, a
 *   per-CPU sequence number and the time of ktime_get() in ns.
 * - while the blk tracer is started, that array's ring buffer instead
 *   (entry type TRACE_BLK). There the record's first eight bytes are the
 *   trace_entry header and the ring buffer keeps the time, so magic,
 *   sequence and time are not written; trace_blk.c makes them up again
 *   for the bin output.
 *
 * After the fixed part a record may carry a cgroup id (eight bytes, when
 * the action has __BLK_TA_CGROUP) and then its payload (pdu_len counts
 * both).
 *
 * The probes run wherever the block layer does, in interrupts too. They
 * reach a queue's trace through q->blk_trace under RCU; whoever clears
 * that pointer waits for a grace period before freeing the trace.
 */
#include <linux/blkdev.h>
#include <linux/blk-cgroup.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <trace/events/block.h>

#include "trace.h"
#include "blktrace_internal.h"

/* What one record says, before it is placed. */
struct blk_rec {
	u64		sector;
	u32		bytes;
	u32		action;		/* BLK_TA_ or BLK_TN_, with categories */
	int		error;
	u64		cgid;		/* 0: none */
	const void	*pdu;
	u32		pdu_len;
};

/*
 * The traces between START and STOP, for the PROCESS notes. A raw lock:
 * the notes are written from any context.
 */
static LIST_HEAD(blk_running);
static DEFINE_RAW_SPINLOCK(blk_running_lock);
/*
 * Bumped when a trace starts. A task whose btrace_seq differs has not
 * yet told the running traces its comm in this generation.
 */
static unsigned int blk_generation = 1;

/* Fill everything from @t->sector on (the part both sinks write). */
static void blk_fill(struct blk_io_trace *t, const struct blk_trace *bt,
		     const struct blk_rec *r, pid_t pid, int cpu)
{
	void *tail = t + 1;

	t->sector = r->sector;
	t->bytes = r->bytes;
	t->action = r->action;
	t->pid = pid;
	t->device = bt->dev;
	t->cpu = cpu;
	t->error = r->error;
	t->pdu_len = (r->cgid ? sizeof(u64) : 0) + r->pdu_len;
	if (r->cgid) {
		memcpy(tail, &r->cgid, sizeof(u64));
		tail += sizeof(u64);
	}
	if (r->pdu_len)
		memcpy(tail, r->pdu, r->pdu_len);
}

/*
 * Place one record of @bt: in @tr's ring buffer when the blk tracer runs
 * there, else in @bt's relay channel if it has one. @numbered: an action,
 * which takes the next sequence number of this CPU (notes take none).
 */
static void blk_emit(struct blk_trace *bt, struct trace_array *tr,
		     const struct blk_rec *r, pid_t pid, bool numbered)
{
	size_t len = sizeof(struct blk_io_trace) +
		     (r->cgid ? sizeof(u64) : 0) + r->pdu_len;
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct blk_io_trace *t;
	unsigned int trace_ctx;
	unsigned long flags;

	if (tr) {
		buffer = tr->array_buffer.buffer;
		/* as upstream: the irqs-off flag is never set on these */
		trace_ctx = tracing_gen_ctx_flags(0);
		event = trace_buffer_lock_reserve(buffer, TRACE_BLK, len,
						  trace_ctx);
		if (!event)
			return;
		/* the reservation keeps this CPU until the commit */
		blk_fill(ring_buffer_event_data(event), bt, r, pid,
			 raw_smp_processor_id());
		__buffer_unlock_commit(buffer, event);
		trace_event_stacks(tr, buffer, trace_ctx, _RET_IP_);
		return;
	}
	if (!bt->rchan)
		return;
	/*
	 * relay_reserve() moves this CPU's buffer offset without a lock: an
	 * interrupt that traces in between would take the same bytes.
	 */
	local_irq_save(flags);
	t = relay_reserve(bt->rchan, len);
	if (t) {
		t->magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION;
		t->sequence = numbered ? ++*this_cpu_ptr(bt->sequence) : 0;
		t->time = ktime_get_ns();
		blk_fill(t, bt, r, pid, smp_processor_id());
	}
	local_irq_restore(flags);
}

static void blk_note(struct blk_trace *bt, struct trace_array *tr,
		     pid_t pid, u32 action, const void *data, u32 len,
		     u64 cgid)
{
	struct blk_rec r = {
		.action = action | (cgid ? __BLK_TN_CGROUP : 0),
		.cgid = cgid,
		.pdu = data,
		.pdu_len = len,
	};

	blk_emit(bt, tr, &r, pid, false);
}

/* @tsk's comm, to every running trace, once per generation. */
static void blk_note_process(struct task_struct *tsk)
{
	struct blk_trace *bt;
	unsigned long flags;

	tsk->btrace_seq = READ_ONCE(blk_generation);
	raw_spin_lock_irqsave(&blk_running_lock, flags);
	list_for_each_entry(bt, &blk_running, running_list)
		blk_note(bt, NULL, tsk->pid, BLK_TN_PROCESS, tsk->comm,
			 sizeof(tsk->comm), 0);
	raw_spin_unlock_irqrestore(&blk_running_lock, flags);
}

/*
 * The wall clock when a trace starts, blkparse's base for real time:
 * seconds (32 bits) and nanoseconds.
 */
static void blk_note_time(struct blk_trace *bt)
{
	struct timespec64 ts;
	struct {
		u32 sec;
		u32 nsec;
	} wall;

	ktime_get_real_ts64(&ts);
	wall.sec = lower_32_bits(ts.tv_sec);
	wall.nsec = ts.tv_nsec;
	guard(irqsave)();
	blk_note(bt, READ_ONCE(blk_tracer_tr), 0, BLK_TN_TIMESTAMP, &wall,
		 sizeof(wall), 0);
}

void blk_trace_run(struct blk_trace *bt)
{
	WRITE_ONCE(blk_generation, blk_generation + 1);
	/*
	 * A probe that sees the trace running (acquire in blk_action())
	 * must see the new generation too, and note its task's comm before
	 * its first record.
	 */
	smp_store_release(&bt->trace_state, Blktrace_running);
	raw_spin_lock_irq(&blk_running_lock);
	list_add(&bt->running_list, &blk_running);
	raw_spin_unlock_irq(&blk_running_lock);
	blk_note_time(bt);
}

void blk_trace_unrun(struct blk_trace *bt)
{
	WRITE_ONCE(bt->trace_state, Blktrace_stopped);
	raw_spin_lock_irq(&blk_running_lock);
	list_del_init(&bt->running_list);
	raw_spin_unlock_irq(&blk_running_lock);
}

/*
 * The cgroup id a message carries. With blk-cgroup every message has one:
 * its cgroup's when blk_cgroup asks for it, else 1 (the root).
 */
static u64 blk_msg_cgid(struct cgroup_subsys_state *css)
{
#ifdef CONFIG_BLK_CGROUP
	if (css && blk_tracer_option(BLK_OPT_CGROUP))
		return cgroup_id(css->cgroup);
	return 1;
#else
	return 0;
#endif
}

void __blk_trace_note_message(struct blk_trace *bt,
			      struct cgroup_subsys_state *css,
			      const char *fmt, ...)
{
	struct trace_array *tr = READ_ONCE(blk_tracer_tr);
	va_list args;
	char *text;
	int len;

	/* a note, so the notify category; and a trace someone reads */
	if (!(bt->act_mask & BLK_TC_NOTIFY) ||
	    (!tr && READ_ONCE(bt->trace_state) != Blktrace_running))
		return;
	/* one text buffer per CPU: no interrupt may format into it meanwhile */
	guard(irqsave)();
	text = this_cpu_ptr(bt->msg_data);
	va_start(args, fmt);
	len = vscnprintf(text, BLK_TN_MAX_MSG, fmt, args);
	va_end(args);
	blk_note(bt, tr, current->pid, BLK_TN_MESSAGE, text, len,
		 blk_msg_cgid(css));
}
EXPORT_SYMBOL_GPL(__blk_trace_note_message);

/* The categories of an I/O with flags @opf, shifted into an action. */
static u32 blk_categories(blk_opf_t opf)
{
	enum req_op op = opf & REQ_OP_MASK;
	u32 tc = op_is_write(op) ? BLK_TC_WRITE : BLK_TC_READ;

	if (opf & REQ_SYNC)
		tc |= BLK_TC_SYNC;
	if (opf & REQ_RAHEAD)
		tc |= BLK_TC_AHEAD;
	if (opf & REQ_META)
		tc |= BLK_TC_META;
	if (opf & REQ_PREFLUSH)
		tc |= BLK_TC_FLUSH;
	if (opf & REQ_FUA)
		tc |= BLK_TC_FUA;
	if (op == REQ_OP_DISCARD || op == REQ_OP_SECURE_ERASE)
		tc |= BLK_TC_DISCARD;
	if (op == REQ_OP_FLUSH)
		tc |= BLK_TC_FLUSH;
	return BLK_TC_ACT(tc);
}

/* One action of @bt, through the trace's filters (mask, sectors, pid). */
static void blk_action(struct blk_trace *bt, blk_opf_t opf,
		       struct blk_rec *r)
{
	struct trace_array *tr = READ_ONCE(blk_tracer_tr);
	pid_t pid = current->pid;

	/* acquire: pairs with blk_trace_run(), see there */
	if (smp_load_acquire(&bt->trace_state) != Blktrace_running && !tr)
		return;
	r->action |= blk_categories(opf);
	if (r->cgid)
		r->action |= __BLK_TA_CGROUP;
	if (!(((u32)bt->act_mask << BLK_TC_SHIFT) & r->action))
		return;
	if (r->sector && (r->sector < bt->start_lba || r->sector > bt->end_lba))
		return;
	if (bt->pid && pid != bt->pid)
		return;
	if (!tr && unlikely(current->btrace_seq != READ_ONCE(blk_generation)))
		blk_note_process(current);
	blk_emit(bt, tr, r, pid, true);
}

#ifdef CONFIG_BLK_CGROUP
/* The bio's cgroup, when a trace exists and blk_cgroup asks for it. */
static u64 blk_bio_cgid(struct bio *bio)
{
	struct cgroup_subsys_state *css;

	if (!blk_tracer_option(BLK_OPT_CGROUP))
		return 0;
	css = bio_blkcg_css(bio);
	return css ? cgroup_id(css->cgroup) : 0;
}
#else
static u64 blk_bio_cgid(struct bio *bio)
{
	return 0;
}
#endif

static u64 blk_rq_cgid(struct request *rq)
{
	return rq->bio ? blk_bio_cgid(rq->bio) : 0;
}

/* ---- the probes ------------------------------------------------------ */

/* A request action: its sectors, or none for a passthrough command. */
static void blk_rq_action(struct request *rq, u32 what, int error,
			  unsigned int nr_bytes)
{
	struct blk_trace *bt;
	struct blk_rec r = {
		.bytes = nr_bytes,
		.error = error,
	};

	rcu_read_lock();
	bt = rcu_dereference(rq->q->blk_trace);
	if (unlikely(bt)) {
		r.sector = blk_rq_trace_sector(rq);
		r.action = what | BLK_TC_ACT(blk_rq_is_passthrough(rq) ?
					     BLK_TC_PC : BLK_TC_FS);
		r.cgid = blk_rq_cgid(rq);
		blk_action(bt, rq->cmd_flags, &r);
	}
	rcu_read_unlock();
}

static void blk_probe_rq_insert(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_INSERT, 0, blk_rq_bytes(rq));
}

static void blk_probe_rq_issue(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_ISSUE, 0, blk_rq_bytes(rq));
}

static void blk_probe_rq_merge(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_BACKMERGE, 0, blk_rq_bytes(rq));
}

static void blk_probe_rq_requeue(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_REQUEUE, 0, blk_rq_bytes(rq));
}

static void blk_probe_rq_complete(void *data, struct request *rq,
				  blk_status_t error, unsigned int nr_bytes)
{
	blk_rq_action(rq, BLK_TA_COMPLETE, blk_status_to_errno(error),
		      nr_bytes);
}

/* A bio action on @q, with an optional payload. */
static void blk_bio_action(struct request_queue *q, struct bio *bio, u32 what,
			   int error, const void *pdu, u32 pdu_len)
{
	struct blk_trace *bt;
	struct blk_rec r = {
		.action = what,
		.error = error,
		.pdu = pdu,
		.pdu_len = pdu_len,
	};

	rcu_read_lock();
	bt = rcu_dereference(q->blk_trace);
	if (unlikely(bt)) {
		r.sector = bio->bi_iter.bi_sector;
		r.bytes = bio->bi_iter.bi_size;
		r.cgid = blk_bio_cgid(bio);
		blk_action(bt, bio->bi_opf, &r);
	}
	rcu_read_unlock();
}

static struct request_queue *bio_queue(struct bio *bio)
{
	return bio->bi_bdev->bd_disk->queue;
}

static void blk_probe_bio_bounce(void *data, struct bio *bio)
{
	blk_bio_action(bio_queue(bio), bio, BLK_TA_BOUNCE, 0, NULL, 0);
}

static void blk_probe_bio_complete(void *data, struct request_queue *q,
				   struct bio *bio)
{
	blk_bio_action(q, bio, BLK_TA_COMPLETE,
		       blk_status_to_errno(bio->bi_status), NULL, 0);
}

static void blk_probe_bio_backmerge(void *data, struct bio *bio)
{
	blk_bio_action(bio_queue(bio), bio, BLK_TA_BACKMERGE, 0, NULL, 0);
}

static void blk_probe_bio_frontmerge(void *data, struct bio *bio)
{
	blk_bio_action(bio_queue(bio), bio, BLK_TA_FRONTMERGE, 0, NULL, 0);
}

static void blk_probe_bio_queue(void *data, struct bio *bio)
{
	blk_bio_action(bio_queue(bio), bio, BLK_TA_QUEUE, 0, NULL, 0);
}

static void blk_probe_getrq(void *data, struct bio *bio)
{
	blk_bio_action(bio_queue(bio), bio, BLK_TA_GETRQ, 0, NULL, 0);
}

/* The payload of a split: the sector where the second part begins. */
static void blk_probe_split(void *data, struct bio *bio,
			    unsigned int new_sector)
{
	__be64 pdu = cpu_to_be64(new_sector);

	blk_bio_action(bio_queue(bio), bio, BLK_TA_SPLIT,
		       blk_status_to_errno(bio->bi_status), &pdu, sizeof(pdu));
}

/* The payload of a remap: where the I/O came from, big-endian. */
static void blk_probe_bio_remap(void *data, struct bio *bio, dev_t dev,
				sector_t from)
{
	struct blk_io_trace_remap pdu = {
		.device_from = cpu_to_be32(dev),
		.device_to = cpu_to_be32(bio_dev(bio)),
		.sector_from = cpu_to_be64(from),
	};

	blk_bio_action(bio_queue(bio), bio, BLK_TA_REMAP,
		       blk_status_to_errno(bio->bi_status), &pdu, sizeof(pdu));
}

static void blk_probe_rq_remap(void *data, struct request *rq, dev_t dev,
			       sector_t from)
{
	struct blk_io_trace_remap pdu = {
		.device_from = cpu_to_be32(dev),
		.device_to = cpu_to_be32(disk_devt(rq->q->disk)),
		.sector_from = cpu_to_be64(from),
	};
	struct blk_trace *bt;
	struct blk_rec r = {
		.action = BLK_TA_REMAP,
		.pdu = &pdu,
		.pdu_len = sizeof(pdu),
	};

	rcu_read_lock();
	bt = rcu_dereference(rq->q->blk_trace);
	if (unlikely(bt)) {
		r.sector = blk_rq_pos(rq);
		r.bytes = blk_rq_bytes(rq);
		r.cgid = blk_rq_cgid(rq);
		blk_action(bt, rq->cmd_flags, &r);
	}
	rcu_read_unlock();
}

/* Plug and unplug concern the queue, not an I/O: no sector, no flags. */
static void blk_queue_action(struct request_queue *q, u32 what,
			     const void *pdu, u32 pdu_len)
{
	struct blk_trace *bt;
	struct blk_rec r = {
		.action = what,
		.pdu = pdu,
		.pdu_len = pdu_len,
	};

	rcu_read_lock();
	bt = rcu_dereference(q->blk_trace);
	if (unlikely(bt))
		blk_action(bt, 0, &r);
	rcu_read_unlock();
}

static void blk_probe_plug(void *data, struct request_queue *q)
{
	blk_queue_action(q, BLK_TA_PLUG, NULL, 0);
}

/* The payload of an unplug: how many requests it let go. */
static void blk_probe_unplug(void *data, struct request_queue *q,
			     unsigned int depth, bool explicit)
{
	__be64 pdu = cpu_to_be64(depth);

	blk_queue_action(q, explicit ? BLK_TA_UNPLUG_IO : BLK_TA_UNPLUG_TIMER,
			 &pdu, sizeof(pdu));
}

void blk_add_driver_data(struct request *rq, void *data, size_t len)
{
	struct blk_trace *bt;
	struct blk_rec r = {
		.action = BLK_TA_DRV_DATA,
		.pdu = data,
		.pdu_len = len,
	};

	rcu_read_lock();
	bt = rcu_dereference(rq->q->blk_trace);
	if (unlikely(bt)) {
		r.sector = blk_rq_trace_sector(rq);
		r.bytes = blk_rq_bytes(rq);
		r.cgid = blk_rq_cgid(rq);
		blk_action(bt, 0, &r);
	}
	rcu_read_unlock();
}
EXPORT_SYMBOL_GPL(blk_add_driver_data);

/* ---- registration ---------------------------------------------------- */

static DEFINE_MUTEX(blk_probes_lock);
static unsigned int blk_probes_users;

static void blk_probes_register(void)
{
	WARN_ON(register_trace_block_rq_insert(blk_probe_rq_insert, NULL));
	WARN_ON(register_trace_block_rq_issue(blk_probe_rq_issue, NULL));
	WARN_ON(register_trace_block_rq_merge(blk_probe_rq_merge, NULL));
	WARN_ON(register_trace_block_rq_requeue(blk_probe_rq_requeue, NULL));
	WARN_ON(register_trace_block_rq_complete(blk_probe_rq_complete, NULL));
	WARN_ON(register_trace_block_bio_bounce(blk_probe_bio_bounce, NULL));
	WARN_ON(register_trace_block_bio_complete(blk_probe_bio_complete, NULL));
	WARN_ON(register_trace_block_bio_backmerge(blk_probe_bio_backmerge, NULL));
	WARN_ON(register_trace_block_bio_frontmerge(blk_probe_bio_frontmerge, NULL));
	WARN_ON(register_trace_block_bio_queue(blk_probe_bio_queue, NULL));
	WARN_ON(register_trace_block_getrq(blk_probe_getrq, NULL));
	WARN_ON(register_trace_block_plug(blk_probe_plug, NULL));
	WARN_ON(register_trace_block_unplug(blk_probe_unplug, NULL));
	WARN_ON(register_trace_block_split(blk_probe_split, NULL));
	WARN_ON(register_trace_block_bio_remap(blk_probe_bio_remap, NULL));
	WARN_ON(register_trace_block_rq_remap(blk_probe_rq_remap, NULL));
}

static void blk_probes_unregister(void)
{
	unregister_trace_block_rq_remap(blk_probe_rq_remap, NULL);
	unregister_trace_block_bio_remap(blk_probe_bio_remap, NULL);
	unregister_trace_block_split(blk_probe_split, NULL);
	unregister_trace_block_unplug(blk_probe_unplug, NULL);
	unregister_trace_block_plug(blk_probe_plug, NULL);
	unregister_trace_block_getrq(blk_probe_getrq, NULL);
	unregister_trace_block_bio_queue(blk_probe_bio_queue, NULL);
	unregister_trace_block_bio_frontmerge(blk_probe_bio_frontmerge, NULL);
	unregister_trace_block_bio_backmerge(blk_probe_bio_backmerge, NULL);
	unregister_trace_block_bio_complete(blk_probe_bio_complete, NULL);
	unregister_trace_block_bio_bounce(blk_probe_bio_bounce, NULL);
	unregister_trace_block_rq_complete(blk_probe_rq_complete, NULL);
	unregister_trace_block_rq_requeue(blk_probe_rq_requeue, NULL);
	unregister_trace_block_rq_merge(blk_probe_rq_merge, NULL);
	unregister_trace_block_rq_issue(blk_probe_rq_issue, NULL);
	unregister_trace_block_rq_insert(blk_probe_rq_insert, NULL);
	tracepoint_synchronize_unregister();
}

/* The first trace registers the probes... */
void blk_probes_get(void)
{
	mutex_lock(&blk_probes_lock);
	if (!blk_probes_users++)
		blk_probes_register();
	mutex_unlock(&blk_probes_lock);
}

/* ... and the last one takes them away, after every running probe. */
void blk_probes_put(void)
{
	mutex_lock(&blk_probes_lock);
	if (!--blk_probes_users)
		blk_probes_unregister();
	mutex_unlock(&blk_probes_lock);
}
