// SPDX-License-Identifier: GPL-2.0
/*
 * Reading the trace buffers as text.
 *
 * Every CPU has its own ring buffer; readers see one stream ordered by
 * time stamp, merged here from the head of each CPU's buffer. A reader
 * either walks the buffers with ring buffer iterators, leaving the data
 * in place (`trace`, `snapshot`, crash dumps), or consumes it
 * (`trace_pipe`, see trace_pipe.c). Which one is decided by
 * iter->buffer_iter: an array of per-CPU iterators means walking.
 */
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_output.h"

/* ---- merging the CPU buffers ---- */

/*
 * Crash dumps cannot allocate: their iterator keeps its copy of the
 * current entry here, and entries that do not fit are not copied.
 */
#define DUMP_TEMP_SIZE	128
static char dump_temp[DUMP_TEMP_SIZE] __aligned(8);

static bool iter_reads_cpu(struct trace_iterator *iter, int cpu)
{
	return iter->cpu_file == RING_BUFFER_ALL_CPUS || iter->cpu_file == cpu;
}

static struct ring_buffer_iter *cpu_walker(struct trace_iterator *iter,
					   int cpu)
{
	return iter->buffer_iter ? iter->buffer_iter[cpu] : NULL;
}

/* The oldest entry of one CPU, not consumed; sets *size to its length. */
static struct trace_entry *peek_cpu(struct trace_iterator *iter, int cpu,
				    u64 *ts, unsigned long *lost, int *size)
{
	struct ring_buffer_event *event;

	*lost = 0;
	if (iter->buffer_iter) {
		/*
		 * A walking reader never falls back to consuming: a CPU
		 * without an iterator (its buffer appeared after the open)
		 * is simply not part of this read.
		 */
		if (!iter->buffer_iter[cpu])
			return NULL;
		event = ring_buffer_iter_peek(iter->buffer_iter[cpu], ts);
	} else {
		event = ring_buffer_peek(iter->array_buffer->buffer, cpu, ts,
					 lost);
	}
	if (!event)
		return NULL;
	*size = ring_buffer_event_length(event);
	return ring_buffer_event_data(event);
}

/*
 * The oldest entry over the CPUs of @iter. Sets iter->ent_size to its
 * length; @lost (if not NULL) gets the events lost just before it.
 */
static struct trace_entry *find_next(struct trace_iterator *iter,
				     int *ent_cpu, unsigned long *lost,
				     u64 *ent_ts)
{
	struct trace_entry *ent, *next = NULL;
	unsigned long cpu_lost, next_lost = 0;
	int cpu, size = 0, next_size = 0;
	int next_cpu = iter->cpu_file;
	struct ring_buffer_iter *walker;
	u64 ts, next_ts = 0;

	if (iter->cpu_file != RING_BUFFER_ALL_CPUS) {
		next = peek_cpu(iter, next_cpu, &next_ts, &next_lost,
				&next_size);
	} else {
		for_each_possible_cpu(cpu) {
			ent = peek_cpu(iter, cpu, &ts, &cpu_lost, &size);
			/* on equal stamps the lower CPU goes first */
			if (ent && (!next || ts < next_ts)) {
				next = ent;
				next_cpu = cpu;
				next_ts = ts;
				next_lost = cpu_lost;
				next_size = size;
			}
		}
	}

	iter->ent_size = next ? next_size : 0;
	if (ent_cpu)
		*ent_cpu = next_cpu;
	if (ent_ts)
		*ent_ts = next_ts;
	if (lost) {
		/*
		 * An iterator only knows that it skipped overwritten data,
		 * not how much (printed as "[LOST EVENTS]"). Reading the
		 * flag clears it, so only the CPU whose entry is taken is
		 * asked: the others keep theirs for their own next entry.
		 */
		walker = next ? cpu_walker(iter, next_cpu) : NULL;
		if (walker && ring_buffer_iter_dropped(walker))
			next_lost = (unsigned long)-1;
		*lost = next ? next_lost : 0;
	}
	return next;
}

/*
 * Copy iter->ent into iter->temp. An iterator's entry is a copy private
 * to that iterator, overwritten by its next peek: anything that looks
 * ahead (trace_find_next_entry) or a consumer forcing the iterator to
 * reload would change it under the printer otherwise.
 */
static bool stash_ent(struct trace_iterator *iter)
{
	unsigned int size = iter->ent_size;
	void *temp;

	if (iter->temp_size < size) {
		if (iter->temp == dump_temp)
			return false;
		temp = kmalloc(max_t(unsigned int, size, DUMP_TEMP_SIZE),
			       GFP_KERNEL);
		if (!temp)
			return false;
		kfree(iter->temp);
		iter->temp = temp;
		iter->temp_size = max_t(unsigned int, size, DUMP_TEMP_SIZE);
	}
	memcpy(iter->temp, iter->ent, size);
	iter->ent = iter->temp;
	return true;
}

/**
 * trace_find_next_entry - look at the entry after iter->ent
 * @iter: the iterator
 * @ent_cpu: if not NULL, set to its CPU
 * @ent_ts: if not NULL, set to its time stamp
 *
 * Nothing moves: iter->ent stays the current entry. Returns NULL at the
 * end, or when the current entry could not be kept safe from the peek.
 */
struct trace_entry *trace_find_next_entry(struct trace_iterator *iter,
					  int *ent_cpu, u64 *ent_ts)
{
	int size = iter->ent_size;
	struct trace_entry *next;

	/*
	 * A consumer's entry stays where it is in the reader page until it
	 * is consumed; a walker's must have been stashed by the increment.
	 */
	if (iter->buffer_iter && iter->ent && iter->ent != iter->temp)
		return NULL;
	next = find_next(iter, ent_cpu, NULL, ent_ts);
	iter->ent_size = size;
	return next;
}

/**
 * trace_find_next_entry_inc - make the next entry current
 * @iter: the iterator
 *
 * Sets iter->ent, ent_size, cpu, ts and lost_events. A walking reader
 * moves past the entry; a consuming one leaves it for trace_consume().
 * Returns @iter, or NULL when there is nothing left.
 */
void *trace_find_next_entry_inc(struct trace_iterator *iter)
{
	struct ring_buffer_iter *walker;

	iter->ent = find_next(iter, &iter->cpu, &iter->lost_events,
			      &iter->ts);
	if (!iter->ent)
		return NULL;
	iter->idx++;
	walker = cpu_walker(iter, iter->cpu);
	if (walker) {
		stash_ent(iter);
		ring_buffer_iter_advance(walker);
	}
	return iter;
}

void trace_consume(struct trace_iterator *iter)
{
	ring_buffer_consume(iter->array_buffer->buffer, iter->cpu, &iter->ts,
			    &iter->lost_events);
}

static bool cpu_empty(struct trace_iterator *iter, int cpu)
{
	struct ring_buffer_iter *walker;

	if (!iter->buffer_iter)
		return ring_buffer_empty_cpu(iter->array_buffer->buffer, cpu);
	walker = iter->buffer_iter[cpu];
	return !walker || ring_buffer_iter_empty(walker);
}

int trace_empty(struct trace_iterator *iter)
{
	int cpu;

	if (iter->cpu_file != RING_BUFFER_ALL_CPUS)
		return cpu_empty(iter, iter->cpu_file);
	for_each_possible_cpu(cpu) {
		if (!cpu_empty(iter, cpu))
			return 0;
	}
	return 1;
}

/**
 * tracing_iter_reset - rewind a walking reader's CPU to its oldest entry
 * @iter: the iterator
 * @cpu: the CPU
 *
 * Entries older than the last reset of the buffer are skipped: a
 * latency tracer's swap can bring back a buffer that was never cleared.
 * Their number is kept in skipped_entries for the header's counts.
 */
static void tracing_iter_reset(struct trace_iterator *iter, int cpu)
{
	struct trace_array_cpu *data = per_cpu_ptr(iter->array_buffer->data,
						   cpu);
	struct ring_buffer_iter *walker = cpu_walker(iter, cpu);
	unsigned long skipped = 0;
	u64 ts;

	data->skipped_entries = 0;
	if (!walker)
		return;
	ring_buffer_iter_reset(walker);
	while (ring_buffer_iter_peek(walker, &ts)) {
		if (ts >= iter->array_buffer->time_start)
			break;
		skipped++;
		ring_buffer_iter_advance(walker);
		/* crash dumps come here with interrupts off */
		if (!in_atomic() && !irqs_disabled())
			cond_resched();
	}
	data->skipped_entries = skipped;
}

static void start_readers(struct trace_iterator *iter, gfp_t gfp)
{
	struct trace_buffer *buffer = iter->array_buffer->buffer;
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!iter_reads_cpu(iter, cpu))
			continue;
		iter->buffer_iter[cpu] = ring_buffer_read_start(buffer, cpu, gfp);
		tracing_iter_reset(iter, cpu);
	}
}

static void trace_iter_stop_readers(struct trace_iterator *iter)
{
	int cpu;

	if (!iter->buffer_iter)
		return;
	for_each_possible_cpu(cpu) {
		if (iter->buffer_iter[cpu]) {
			ring_buffer_read_finish(iter->buffer_iter[cpu]);
			iter->buffer_iter[cpu] = NULL;
		}
	}
}

static void set_iter_flags(struct trace_iterator *iter)
{
	/* say where each CPU's data starts if some was overwritten */
	if (ring_buffer_overruns(iter->array_buffer->buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;
	if (trace_clocks[iter->tr->clock_id].in_ns)
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;
}

/**
 * trace_init_iter - prepare an iterator for reading @tr without a file
 * @iter: the iterator (its buffer_iter is left alone)
 * @tr: the trace array
 *
 * Used by crash dumps: nothing is allocated, iter->temp is a static
 * buffer and iter->fmt is left NULL (must not be grown in this context).
 */
static void trace_init_iter(struct trace_iterator *iter, struct trace_array *tr)
{
	iter->tr = tr;
	iter->trace = tr->current_trace;
	iter->cpu_file = RING_BUFFER_ALL_CPUS;
	iter->array_buffer = &tr->array_buffer;
	iter->iter_flags = 0;
	if (iter->trace && iter->trace->open)
		iter->trace->open(iter);
	set_iter_flags(iter);
	iter->temp = dump_temp;
	iter->temp_size = DUMP_TEMP_SIZE;
	iter->fmt = NULL;
	iter->fmt_size = 0;
}

void trace_init_global_iter(struct trace_iterator *iter)
{
	trace_init_iter(iter, top_trace_array());
}

/* Frees what the file opens allocated; not @iter itself. */
void trace_iter_free_content(struct trace_iterator *iter)
{
	if (iter->temp != dump_temp)
		kfree(iter->temp);
	kfree(iter->fmt);
	kfree(iter->buffer_iter);
	free_cpumask_var(iter->started);
	mutex_destroy(&iter->mutex);
}

/* ---- `trace` and `snapshot`: a seq_file over a walking reader ---- */

/*
 * Record 0 of the seq_file is the header; record n > 0 is the entry with
 * idx n - 1. iter->pos is the seq_file position the iterator stands at,
 * so a read that continues where the last one stopped does not replay
 * the buffers from the start.
 */
static void *iter_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_iterator *iter = m->private;
	loff_t want = *pos;
	void *p;

	WARN_ON_ONCE(iter->leftover);
	(*pos)++;
	/* the walk only goes forwards; going back restarts from 0 */
	if (iter->idx > want)
		return NULL;
	p = iter->idx < 0 ? trace_find_next_entry_inc(iter) : iter;
	while (p && iter->idx < want)
		p = trace_find_next_entry_inc(iter);
	iter->pos = *pos;
	return p;
}

/* Output follows the tracer that is current now, not the one at open. */
static void iter_follow_tracer(struct trace_iterator *iter)
{
	struct tracer *cur;

	mutex_lock(&trace_types_lock);
	cur = iter->tr->current_trace;
	if (cur != iter->trace) {
		if (iter->trace->close)
			iter->trace->close(iter);
		iter->trace = cur;
		if (cur->open)
			cur->open(iter);
	}
	mutex_unlock(&trace_types_lock);
}

static void *iter_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_iterator *iter = m->private;
	loff_t l = 0;
	void *p;
	int cpu;

	iter_follow_tracer(iter);

	/* the tracer swaps the snapshot buffer itself: not ours to read */
	if (iter->snapshot && iter->trace->use_max_tr)
		return ERR_PTR(-EBUSY);

	if (*pos == iter->pos) {
		/* the entry the seq_file had no room for comes again */
		if (iter->leftover)
			return iter;
		l = *pos - 1;
		return iter_seq_next(m, iter, &l);
	}

	iter->ent = NULL;
	iter->cpu = 0;
	iter->idx = -1;
	iter->leftover = 0;
	for_each_possible_cpu(cpu) {
		if (iter_reads_cpu(iter, cpu))
			tracing_iter_reset(iter, cpu);
	}
	for (p = iter; p && l < *pos; p = iter_seq_next(m, p, &l))
		;
	return p;
}

static void iter_seq_stop(struct seq_file *m, void *p)
{
}

#ifdef CONFIG_TRACER_SNAPSHOT
static void snapshot_help(struct seq_file *m, struct trace_iterator *iter)
{
	if (iter->tr->allocated_snapshot)
		seq_puts(m, "#\n# * Snapshot is allocated *\n#\n");
	else
		seq_puts(m, "#\n# * Snapshot is freed *\n#\n");
	seq_puts(m, "# Snapshot commands:\n");
	if (iter->cpu_file == RING_BUFFER_ALL_CPUS) {
		seq_puts(m,
			 "# echo 0 > snapshot : Free the snapshot buffer; what it held is lost\n"
			 "# echo 1 > snapshot : Allocate the snapshot buffer if needed, then\n"
			 "#                      swap it with the main buffer (take a snapshot)\n"
			 "# echo 2 > snapshot : Empty the snapshot buffer, keeping it allocated\n"
			 "#                      (any number other than 0 and 1 does the same)\n");
		return;
	}
	seq_puts(m, "# echo 0 > snapshot : Not valid in a per_cpu snapshot file\n");
	if (IS_ENABLED(CONFIG_RING_BUFFER_ALLOW_SWAP))
		seq_puts(m,
			 "# echo 1 > snapshot : Allocate the snapshot buffer if needed, then\n"
			 "#                      swap this CPU's part with the main buffer's\n");
	else
		seq_puts(m,
			 "# echo 1 > snapshot : Not supported by this kernel; allocate and\n"
			 "#                      swap with the top-level snapshot file\n");
	seq_puts(m,
		 "# echo 2 > snapshot : Empty this CPU's snapshot buffer (no allocation)\n"
		 "#                      (any number other than 0 and 1 does the same)\n");
}
#endif

static void print_head(struct seq_file *m, struct trace_iterator *iter)
{
	seq_printf(m, "# tracer: %s\n#\n", iter->trace->name);
#ifdef CONFIG_TRACER_SNAPSHOT
	if (iter->snapshot && trace_empty(iter)) {
		snapshot_help(m, iter);
		return;
	}
#endif
	if (iter->trace->print_header)
		iter->trace->print_header(m);
	else
		trace_default_header(m);
}

static int iter_seq_show(struct seq_file *m, void *v)
{
	struct trace_iterator *iter = v;

	if (!iter->ent) {
		print_head(m, iter);
		return 0;
	}
	/* with leftover set, iter->seq still holds the entry's text */
	if (!iter->leftover &&
	    print_trace_line(iter) == TRACE_TYPE_PARTIAL_LINE) {
		/* longer than a whole trace_seq: it can never be shown */
		trace_seq_init(&iter->seq);
		trace_seq_puts(&iter->seq, "[LINE TOO BIG]\n");
	}
	/* nonzero when the seq_file buffer is full: show it again later */
	iter->leftover = trace_print_seq(m, &iter->seq);
	return 0;
}

static const struct seq_operations trace_iter_seq_ops = {
	.start	= iter_seq_start,
	.next	= iter_seq_next,
	.stop	= iter_seq_stop,
	.show	= iter_seq_show,
};

/* Builds the walking reader of a `trace` or `snapshot` file opened to read. */
static struct trace_iterator *open_iter(struct inode *inode, struct file *file,
					bool snapshot)
{
	struct trace_array *tr = inode->i_private;
	struct trace_iterator *iter;

	iter = __seq_open_private(file, &trace_iter_seq_ops, sizeof(*iter));
	if (!iter)
		return ERR_PTR(-ENOMEM);
	iter->buffer_iter = kcalloc(nr_cpu_ids, sizeof(*iter->buffer_iter),
				    GFP_KERNEL);
	if (!iter->buffer_iter ||
	    !zalloc_cpumask_var(&iter->started, GFP_KERNEL)) {
		kfree(iter->buffer_iter);
		seq_release_private(inode, file);
		return ERR_PTR(-ENOMEM);
	}
	mutex_init(&iter->mutex);
	trace_seq_init(&iter->seq);
	trace_seq_init(&iter->tmp_seq);
	iter->tr = tr;
	iter->snapshot = snapshot;
	iter->pos = -1;
	iter->cpu_file = tracing_get_cpu(inode);

	mutex_lock(&trace_types_lock);
	iter->trace = tr->current_trace;
	iter->array_buffer = &tr->array_buffer;
#ifdef CONFIG_TRACER_MAX_TRACE
	if (snapshot || iter->trace->print_max)
		iter->array_buffer = &tr->max_buffer;
#endif
	set_iter_flags(iter);
	/* the tracer sees the iterator before the buffers are frozen */
	if (iter->trace->open)
		iter->trace->open(iter);
	/* nothing is added to the buffer while it is being read */
	if (!snapshot && trace_flag_set(tr, TRACE_ITER_PAUSE_ON_TRACE)) {
		tracing_stop_tr(tr);
		iter->iter_flags |= TRACE_FILE_PAUSE;
	}
	start_readers(iter, GFP_KERNEL);
	mutex_unlock(&trace_types_lock);
	return iter;
}

static int tracing_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	struct trace_iterator *iter;
	struct array_buffer *buf;
	int cpu, ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;

	/* opening for writing with O_TRUNC is how `trace` is cleared */
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		cpu = tracing_get_cpu(inode);
		buf = &tr->array_buffer;
#ifdef CONFIG_TRACER_MAX_TRACE
		if (tr->current_trace->print_max)
			buf = &tr->max_buffer;
#endif
		if (cpu == RING_BUFFER_ALL_CPUS)
			tracing_reset_online_cpus(buf);
		else
			tracing_reset_cpu(buf, cpu);
	}

	if (file->f_mode & FMODE_READ) {
		iter = open_iter(inode, file, false);
		if (IS_ERR(iter)) {
			trace_array_put(tr);
			return PTR_ERR(iter);
		}
		if (trace_flag_set(tr, TRACE_ITER_LATENCY_FMT))
			iter->iter_flags |= TRACE_FILE_LAT_FMT;
	}
	return 0;
}

static int tracing_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	struct seq_file *m = file->private_data;
	struct trace_iterator *iter;

	/* a write-only open has no seq_file */
	if (file->f_mode & FMODE_READ) {
		iter = m->private;
		mutex_lock(&trace_types_lock);
		trace_iter_stop_readers(iter);
		if (iter->trace->close)
			iter->trace->close(iter);
		if (iter->iter_flags & TRACE_FILE_PAUSE)
			tracing_start_tr(tr);
		mutex_unlock(&trace_types_lock);
		trace_iter_free_content(iter);
		seq_release_private(inode, file);
	}
	trace_array_put(tr);
	return 0;
}

/* Writing `trace` only matters through O_TRUNC; the data is ignored. */
static ssize_t tracing_write_ignore(struct file *filp, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	return count;
}

static loff_t tracing_seek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

static const struct file_operations trace_file_fops = {
	.open		= tracing_open,
	.read		= seq_read,
	.read_iter	= seq_read_iter,
	.splice_read	= copy_splice_read,
	.write		= tracing_write_ignore,
	.llseek		= tracing_seek,
	.release	= tracing_release,
};

#ifdef CONFIG_TRACER_SNAPSHOT
static int snapshot_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	struct trace_iterator *iter;
	int err = tracing_check_open_get_tr(tr);

	/* Writers only trigger swaps: they need no iterator. */
	if (err || !(file->f_mode & FMODE_READ))
		return err;
	iter = open_iter(inode, file, true);
	if (IS_ERR(iter)) {
		trace_array_put(tr);
		return PTR_ERR(iter);
	}
	return 0;
}

static ssize_t snapshot_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	unsigned long cmd;
	int err;

	err = kstrtoul_from_user(ubuf, cnt, 10, &cmd);
	/* a boot-time minimal buffer gets its real size before any swap */
	if (!err)
		err = tracing_update_buffers(tr);
	if (err >= 0)
		err = tracing_snapshot_write(tr, tracing_get_cpu(inode), cmd);
	if (err)
		return err;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations snapshot_file_fops = {
	.open		= snapshot_open,
	.read		= seq_read,
	.write		= snapshot_write,
	.llseek		= tracing_seek,
	.release	= tracing_release,
};
#endif /* CONFIG_TRACER_SNAPSHOT */

/* trace (and snapshot) of the array and of each CPU. */
static void iter_files_create(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("trace", TRACE_MODE_WRITE, dir, tr, &trace_file_fops);
#ifdef CONFIG_TRACER_SNAPSHOT
	trace_create_file("snapshot", TRACE_MODE_WRITE, dir, tr,
			  &snapshot_file_fops);
#endif
}

static void iter_files_create_cpu(struct trace_array *tr, struct dentry *dir,
				  int cpu)
{
	trace_create_cpu_file("trace", TRACE_MODE_WRITE, dir, tr, cpu,
			      &trace_file_fops);
#ifdef CONFIG_TRACER_SNAPSHOT
	trace_create_cpu_file("snapshot", TRACE_MODE_WRITE, dir, tr, cpu,
			      &snapshot_file_fops);
#endif
}

static struct trace_array_client iter_files = {
	.name		= "trace_iter",
	.create		= iter_files_create,
	.create_cpu	= iter_files_create_cpu,
};

static int __init trace_iter_files_init(void)
{
	return trace_array_client_register(&iter_files);
}
core_initcall(trace_iter_files_init);
