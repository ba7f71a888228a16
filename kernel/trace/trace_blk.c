// SPDX-License-Identifier: GPL-2.0
/*
 * The blk tracer: blktrace's records in a trace array instead of relay
 * channels, printed as blkparse would.
 *
 * While it is current (and started), every queue with a trace writes its
 * records here as TRACE_BLK entries (blktrace_record.c), whether the
 * trace came from BLKTRACESETUP or from /sys/block/<dev>/trace/enable.
 * One line per record:
 *
 *   <context> MAJ,MIN  ACT RWBS  <what the action says>
 *
 * with ACT the one- or two-letter action ("queue", "complete", ... with
 * the verbose option), RWBS the flags as blkparse spells them. Options:
 * blk_classic prints blkparse's own columns (device, cpu, time, pid) and
 * no context; with blk-cgroup, blk_cgroup records each I/O's cgroup and
 * blk_cgname prints it as a path rather than an id. The bin option
 * gives blkparse's binary records back.
 */
#include <linux/blkdev.h>
#include <linux/cgroup.h>
#include <linux/kdev_t.h>
#include <linux/trace_seq.h>
#include <linux/unaligned.h>

#include "trace.h"
#include "blktrace_internal.h"

struct trace_array *blk_tracer_tr;

/* blkparse's flag column: at most 'F', R/W/D/N, 'F', 'A', 'S', 'M'. */
#define BLK_RWBS_LEN	8

static struct tracer_opt blk_opts[] = {
	{ TRACER_OPT(blk_classic, BLK_OPT_CLASSIC) },
#ifdef CONFIG_BLK_CGROUP
	{ TRACER_OPT(blk_cgroup, BLK_OPT_CGROUP) },
	{ TRACER_OPT(blk_cgname, BLK_OPT_CGNAME) },
#endif
	{ }
};

static struct tracer_flags blk_flags = {
	.opts = blk_opts,
};

bool blk_tracer_option(u32 bit)
{
	return READ_ONCE(blk_flags.val) & bit;
}

/* ---- reading a record back -------------------------------------------- */

static const struct blk_io_trace *rec_of(const struct trace_entry *ent)
{
	return (const struct blk_io_trace *)ent;
}

static bool rec_has_cgid(const struct blk_io_trace *t)
{
	return t->action & __BLK_TA_CGROUP;
}

static u64 rec_cgid(const struct blk_io_trace *t)
{
	return get_unaligned((const u64 *)(t + 1));
}

/* The payload after the cgroup id, and its length. */
static const u8 *rec_pdu(const struct blk_io_trace *t, unsigned int *len)
{
	unsigned int cg = rec_has_cgid(t) ? sizeof(u64) : 0;

	*len = t->pdu_len > cg ? t->pdu_len - cg : 0;
	return (const u8 *)(t + 1) + cg;
}

/* A payload that is one big-endian number (unplug depth, split point). */
static u64 rec_pdu_u64(const struct blk_io_trace *t)
{
	unsigned int len;
	const u8 *pdu = rec_pdu(t, &len);

	return len >= sizeof(u64) ? get_unaligned_be64(pdu) : 0;
}

static bool rec_is_message(const struct blk_io_trace *t)
{
	return (t->action & ~__BLK_TN_CGROUP) == BLK_TN_MESSAGE;
}

/* blkparse's RWBS column from the record's categories. */
static void rec_rwbs(const struct blk_io_trace *t, char rwbs[BLK_RWBS_LEN])
{
	u32 tc = t->action >> BLK_TC_SHIFT;
	int n = 0;

	if (rec_is_message(t)) {
		rwbs[n++] = 'N';
	} else {
		if (tc & BLK_TC_FLUSH)
			rwbs[n++] = 'F';
		if (tc & BLK_TC_DISCARD)
			rwbs[n++] = 'D';
		else if (tc & BLK_TC_WRITE)
			rwbs[n++] = 'W';
		else
			rwbs[n++] = t->bytes ? 'R' : 'N';
		if (tc & BLK_TC_FUA)
			rwbs[n++] = 'F';
		if (tc & BLK_TC_AHEAD)
			rwbs[n++] = 'A';
		if (tc & BLK_TC_SYNC)
			rwbs[n++] = 'S';
		if (tc & BLK_TC_META)
			rwbs[n++] = 'M';
	}
	rwbs[n] = '\0';
}

/* ---- the text of a record --------------------------------------------- */

/* What follows the action column, by action. */
enum blk_tail {
	TAIL_IO,	/* sectors (or bytes and payload) and comm */
	TAIL_ERROR,	/* sectors (or payload) and the error */
	TAIL_PLUG,	/* comm */
	TAIL_UNPLUG,	/* comm and the depth */
	TAIL_SPLIT,	/* sector / where the second part starts, comm */
	TAIL_REMAP,	/* sectors <- (the origin) */
};

static const struct {
	const char	*name[2];	/* short, verbose */
	enum blk_tail	tail;
} blk_actions[] = {
	[__BLK_TA_QUEUE]	= { { "Q", "queue" },		TAIL_IO },
	[__BLK_TA_BACKMERGE]	= { { "M", "backmerge" },	TAIL_IO },
	[__BLK_TA_FRONTMERGE]	= { { "F", "frontmerge" },	TAIL_IO },
	[__BLK_TA_GETRQ]	= { { "G", "getrq" },		TAIL_IO },
	[__BLK_TA_SLEEPRQ]	= { { "S", "sleeprq" },		TAIL_IO },
	[__BLK_TA_REQUEUE]	= { { "R", "requeue" },		TAIL_ERROR },
	[__BLK_TA_ISSUE]	= { { "D", "issue" },		TAIL_IO },
	[__BLK_TA_COMPLETE]	= { { "C", "complete" },	TAIL_ERROR },
	[__BLK_TA_PLUG]		= { { "P", "plug" },		TAIL_PLUG },
	[__BLK_TA_UNPLUG_IO]	= { { "U", "unplug_io" },	TAIL_UNPLUG },
	[__BLK_TA_UNPLUG_TIMER]	= { { "UT", "unplug_timer" },	TAIL_UNPLUG },
	[__BLK_TA_INSERT]	= { { "I", "insert" },		TAIL_IO },
	[__BLK_TA_SPLIT]	= { { "X", "split" },		TAIL_SPLIT },
	[__BLK_TA_BOUNCE]	= { { "B", "bounce" },		TAIL_IO },
	[__BLK_TA_REMAP]	= { { "A", "remap" },		TAIL_REMAP },
};

/* The device, then (classic) cpu, time and pid, or the cgroup; act, rwbs. */
static void blk_print_head(struct trace_iterator *iter, const char *act,
			   bool classic)
{
	const struct blk_io_trace *t = rec_of(iter->ent);
	struct trace_seq *s = &iter->seq;
	char rwbs[BLK_RWBS_LEN];

	rec_rwbs(t, rwbs);
	trace_seq_printf(s, "%3d,%-3d ", MAJOR(t->device), MINOR(t->device));
	if (classic) {
		u64 ts = iter->ts;
		u32 ns = do_div(ts, NSEC_PER_SEC);

		trace_seq_printf(s, "%2d %5llu.%09u %5u ", iter->cpu, ts, ns,
				 iter->ent->pid);
	} else if (rec_has_cgid(t)) {
		u64 id = rec_cgid(t);

		if (blk_tracer_option(BLK_OPT_CGNAME)) {
			char path[NAME_MAX + 1] = "<...>";

			cgroup_path_from_kernfs_id(id, path, sizeof(path));
			trace_seq_printf(s, "%s ", path);
		} else {
			/*
			 * Low and high halves, which user space turns back
			 * into a file handle of the cgroup.
			 */
			trace_seq_printf(s, "%llx,%-llx ", id & U32_MAX,
					 id >> 32);
		}
	}
	trace_seq_printf(s, "%2s %3s ", act, rwbs);
}

/*
 * A payload in hex, "(aa bb cc) ". A run of zeros at its end is cut
 * after the first one, as " ..) ", unless that zero is the last byte.
 */
static void blk_print_pdu(struct trace_seq *s, const struct blk_io_trace *t)
{
	unsigned int len, used, i;
	const u8 *pdu = rec_pdu(t, &len);

	if (!len)
		return;
	for (used = len; used && !pdu[used - 1]; used--)
		;
	trace_seq_putc(s, '(');
	for (i = 0; i < len; i++) {
		trace_seq_printf(s, i ? " %02x" : "%02x", pdu[i]);
		if (i == used && used != len - 1) {
			trace_seq_puts(s, " ..) ");
			return;
		}
	}
	trace_seq_puts(s, ") ");
}

static void blk_print_tail(struct trace_seq *s, const struct trace_entry *ent,
			   enum blk_tail tail)
{
	const struct blk_io_trace *t = rec_of(ent);
	bool pc = t->action & BLK_TC_ACT(BLK_TC_PC);
	u32 sectors = t->bytes >> 9;
	char comm[TASK_COMM_LEN];
	const struct blk_io_trace_remap *remap;
	unsigned int len;

	trace_find_cmdline(ent->pid, comm);
	switch (tail) {
	case TAIL_IO:
		if (pc) {
			trace_seq_printf(s, "%u ", t->bytes);
			blk_print_pdu(s, t);
			trace_seq_printf(s, "[%s]\n", comm);
		} else if (sectors) {
			trace_seq_printf(s, "%llu + %u [%s]\n", t->sector,
					 sectors, comm);
		} else {
			trace_seq_printf(s, "[%s]\n", comm);
		}
		break;
	case TAIL_ERROR:
		if (pc) {
			blk_print_pdu(s, t);
			trace_seq_printf(s, "[%d]\n", t->error);
		} else if (sectors) {
			trace_seq_printf(s, "%llu + %u [%d]\n", t->sector,
					 sectors, t->error);
		} else {
			trace_seq_printf(s, "%llu [%d]\n", t->sector, t->error);
		}
		break;
	case TAIL_PLUG:
		trace_seq_printf(s, "[%s]\n", comm);
		break;
	case TAIL_UNPLUG:
		trace_seq_printf(s, "[%s] %llu\n", comm, rec_pdu_u64(t));
		break;
	case TAIL_SPLIT:
		trace_seq_printf(s, "%llu / %llu [%s]\n", t->sector,
				 rec_pdu_u64(t), comm);
		break;
	case TAIL_REMAP:
		remap = (const void *)rec_pdu(t, &len);
		if (len < sizeof(*remap)) {
			trace_seq_puts(s, "\n");
			break;
		}
		trace_seq_printf(s, "%llu + %u <- (%d,%d) %llu\n", t->sector,
				 sectors,
				 MAJOR(be32_to_cpu(remap->device_from)),
				 MINOR(be32_to_cpu(remap->device_from)),
				 be64_to_cpu(remap->sector_from));
		break;
	}
}

static enum print_line_t blk_print_record(struct trace_iterator *iter,
					  bool classic)
{
	const struct blk_io_trace *t = rec_of(iter->ent);
	bool verbose = iter->tr->trace_flags & TRACE_ITER_VERBOSE;
	u32 what = t->action & ((1 << BLK_TC_SHIFT) - 1) & ~__BLK_TA_CGROUP;
	struct trace_seq *s = &iter->seq;
	const u8 *text;
	unsigned int len;

	if (rec_is_message(t)) {
		blk_print_head(iter, verbose ? "message" : "m", classic);
		text = rec_pdu(t, &len);
		trace_seq_putmem(s, text, len);
		trace_seq_putc(s, '\n');
	} else if (!what || what >= ARRAY_SIZE(blk_actions)) {
		trace_seq_printf(s, "Unknown action %x\n", what);
	} else {
		blk_print_head(iter, blk_actions[what].name[verbose], classic);
		blk_print_tail(s, iter->ent, blk_actions[what].tail);
	}
	return trace_handle_return(s);
}

/* The entry's text after the context columns (default output). */
static enum print_line_t blk_event_trace(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	return blk_print_record(iter, false);
}

/*
 * The bin output: the record as blktrace wrote it to relay, its header
 * made up again (the entry header took its place): magic and version,
 * no sequence number, the ring buffer's time.
 */
static enum print_line_t blk_event_binary(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	const struct blk_io_trace *t = rec_of(iter->ent);
	const size_t head = offsetof(struct blk_io_trace, sector);
	struct blk_io_trace rebuilt = {
		.magic	= BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION,
		.time	= iter->ts,
	};

	trace_seq_putmem(&iter->seq, &rebuilt, head);
	trace_seq_putmem(&iter->seq, &t->sector,
			 sizeof(*t) - head + t->pdu_len);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions blk_event_funcs = {
	.trace	= blk_event_trace,
	.binary	= blk_event_binary,
};

static struct trace_event blk_event = {
	.type	= TRACE_BLK,
	.funcs	= &blk_event_funcs,
};

/* ---- the tracer ------------------------------------------------------- */

/* blk_classic prints the whole line itself, context included. */
static enum print_line_t blk_tracer_print_line(struct trace_iterator *iter)
{
	if (iter->ent->type != TRACE_BLK || !blk_tracer_option(BLK_OPT_CLASSIC))
		return TRACE_TYPE_UNHANDLED;
	return blk_print_record(iter, true);
}

/* Only blk_classic has a header; otherwise there is none at all. */
static void blk_tracer_print_header(struct seq_file *m)
{
	if (!blk_tracer_option(BLK_OPT_CLASSIC))
		return;
	seq_puts(m, "# DEV   CPU TIMESTAMP     PID ACT FLG\n"
		    "#  |     |     |           |   |   |\n");
}

/* blk_classic has its own context columns: context-info follows it. */
static int blk_tracer_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			       int set)
{
	if (bit == BLK_OPT_CLASSIC) {
		if (set)
			tr->trace_flags &= ~TRACE_ITER_CONTEXT_INFO;
		else
			tr->trace_flags |= TRACE_ITER_CONTEXT_INFO;
	}
	return 0;
}

static void blk_tracer_start(struct trace_array *tr)
{
	WRITE_ONCE(blk_tracer_tr, tr);
}

static void blk_tracer_stop(struct trace_array *tr)
{
	/*
	 * The array is the top level, which is never freed: a probe that
	 * still read the old pointer writes one more record there at most.
	 */
	WRITE_ONCE(blk_tracer_tr, NULL);
}

static int blk_tracer_init(struct trace_array *tr)
{
	blk_tracer_start(tr);
	return 0;
}

static struct tracer blk_tracer __read_mostly = {
	.name		= "blk",
	.flags		= &blk_flags,
	.init		= blk_tracer_init,
	.reset		= blk_tracer_stop,
	.start		= blk_tracer_start,
	.stop		= blk_tracer_stop,
	.set_flag	= blk_tracer_set_flag,
	.print_header	= blk_tracer_print_header,
	.print_line	= blk_tracer_print_line,
};

static int __init blk_tracer_register(void)
{
	if (!register_trace_event(&blk_event)) {
		pr_warn("blk: cannot register the TRACE_BLK output\n");
		return -EBUSY;
	}
	if (register_tracer(&blk_tracer)) {
		pr_warn("blk: cannot register the blk tracer\n");
		unregister_trace_event(&blk_event);
		return -EBUSY;
	}
	return 0;
}
device_initcall(blk_tracer_register);
