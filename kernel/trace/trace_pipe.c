// SPDX-License-Identifier: GPL-2.0
/*
 * Consuming readers of the trace buffers: `trace_pipe` (text), the
 * per-CPU `trace_pipe_raw` and `snapshot_raw` (whole sub-buffers, the
 * interface of trace-cmd), and the per-CPU `stats` file.
 *
 * What a consuming reader has read is gone for every other reader, so
 * one trace_pipe per CPU (or one for all) may be open at a time, and
 * readers that consume from the same CPU are serialised below.
 */
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/splice.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_output.h"

/* Forget the state of the last read: every field from iter->seq on. */
static __always_inline void trace_iterator_reset(struct trace_iterator *iter)
{
	memset_startat(iter, 0, seq);
	iter->pos = -1;
}

/* ---- waiting ---- */

struct pipe_waiter {
	struct trace_iterator	*iter;
	struct trace_buffer	*buffer;	/* the one waited on */
	int			index;
};

/*
 * Stop waiting once the file is being closed or waiters were kicked.
 * The acquire pairs with the release in pipe_kick(): a waiter that sees
 * the new index sees iter->closed as it was set before it.
 *
 * Stop too once a snapshot swap has put another buffer under the file:
 * the swap wakes the waiters of the buffer it takes away, but one that
 * loaded the pointer before the swap and queued itself after that wake
 * up would sleep on the snapshot while the data goes to the live
 * buffer. Queued first (which orders its look here after the swap's
 * pointer store, through the wait queue's lock), it sees the new pointer.
 */
static bool pipe_wait_over(void *data)
{
	struct pipe_waiter *w = data;

	return atomic_read_acquire(&w->iter->wait_index) != w->index ||
		READ_ONCE(w->iter->closed) ||
		READ_ONCE(w->iter->array_buffer->buffer) != w->buffer;
}

static int pipe_wait(struct trace_iterator *iter, int full)
{
	struct pipe_waiter w = {
		.iter	= iter,
		.buffer	= READ_ONCE(iter->array_buffer->buffer),
		/* the kick to wait past; ordered as in pipe_wait_over() */
		.index	= atomic_read_acquire(&iter->wait_index),
	};

	return ring_buffer_wait(w.buffer, iter->cpu_file, full,
				pipe_wait_over, &w);
}

/* Wake every reader of @iter blocked in a read, never to block again. */
static void pipe_kick(struct trace_iterator *iter, bool closing)
{
	if (closing)
		WRITE_ONCE(iter->closed, true);
	/*
	 * The flag before the index: pairs with the acquire in
	 * pipe_wait_over(), which reads them in that order.
	 */
	atomic_fetch_inc_release(&iter->wait_index);
	ring_buffer_wake_waiters(iter->array_buffer->buffer, iter->cpu_file);
}

static __poll_t pipe_poll(struct trace_iterator *iter, struct file *filp,
			  poll_table *pt)
{
	/* with "block" a read waits anyway: never make poll wait too */
	if (trace_flag_set(iter->tr, TRACE_ITER_BLOCK))
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(iter->array_buffer->buffer,
				     iter->cpu_file, filp, pt,
				     iter->tr->buffer_percent);
}

/* ---- trace_pipe ---- */

static int claim_pipe(struct trace_array *tr, int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS) {
		if (!cpumask_empty(tr->pipe_cpumask))
			return -EBUSY;
		cpumask_setall(tr->pipe_cpumask);
		return 0;
	}
	if (cpumask_test_cpu(cpu, tr->pipe_cpumask))
		return -EBUSY;
	cpumask_set_cpu(cpu, tr->pipe_cpumask);
	return 0;
}

static void release_pipe(struct trace_array *tr, int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS)
		cpumask_clear(tr->pipe_cpumask);
	else
		cpumask_clear_cpu(cpu, tr->pipe_cpumask);
}

static int tracing_open_pipe(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	struct trace_iterator *iter;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;

	ret = -ENOMEM;
	iter = kzalloc(sizeof(*iter), GFP_KERNEL);
	if (!iter)
		goto put;
	mutex_init(&iter->mutex);
	if (!zalloc_cpumask_var(&iter->started, GFP_KERNEL))
		goto free;
	/* a pipe starts anywhere: no "buffer started" notes */
	cpumask_setall(iter->started);
	trace_seq_init(&iter->seq);
	trace_seq_init(&iter->tmp_seq);
	iter->tr = tr;
	iter->array_buffer = &tr->array_buffer;
	iter->cpu_file = tracing_get_cpu(inode);
	if (trace_flag_set(tr, TRACE_ITER_LATENCY_FMT))
		iter->iter_flags |= TRACE_FILE_LAT_FMT;
	if (trace_clocks[tr->clock_id].in_ns)
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;

	mutex_lock(&trace_types_lock);
	ret = claim_pipe(tr, iter->cpu_file);
	if (ret) {
		mutex_unlock(&trace_types_lock);
		goto free;
	}
	/* trace_ref keeps the tracer from changing while we are open */
	iter->trace = tr->current_trace;
	if (iter->trace->pipe_open)
		iter->trace->pipe_open(iter);
	tr->trace_ref++;
	mutex_unlock(&trace_types_lock);

	filp->private_data = iter;
	nonseekable_open(inode, filp);
	return 0;
free:
	trace_iter_free_content(iter);
	kfree(iter);
put:
	trace_array_put(tr);
	return ret;
}

static int tracing_release_pipe(struct inode *inode, struct file *filp)
{
	struct trace_iterator *iter = filp->private_data;
	struct trace_array *tr = inode->i_private;

	mutex_lock(&trace_types_lock);
	tr->trace_ref--;
	if (iter->trace->pipe_close)
		iter->trace->pipe_close(iter);
	release_pipe(tr, iter->cpu_file);
	mutex_unlock(&trace_types_lock);

	trace_iter_free_content(iter);
	kfree(iter);
	trace_array_put(tr);
	return 0;
}

static __poll_t tracing_poll_pipe(struct file *filp, poll_table *pt)
{
	return pipe_poll(filp->private_data, filp, pt);
}

/*
 * Wait until there is something to read. Returns 1 when there is, 0 at
 * the end of the stream, or an error. Called with iter->mutex held.
 */
static int pipe_wait_data(struct file *filp)
{
	struct trace_iterator *iter = filp->private_data;
	int ret;

	while (trace_empty(iter)) {
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		/*
		 * Once this reader has had data, an empty buffer with
		 * tracing off is the end: "cat trace_pipe" returns after a
		 * run. Before that (iter->pos is 0 until the first read got
		 * past here), and with the "block" option, it keeps
		 * waiting, so a reader can be started before tracing is.
		 */
		if (iter->pos && !tracer_tracing_is_on(iter->tr) &&
		    !trace_flag_set(iter->tr, TRACE_ITER_BLOCK))
			return 0;
		mutex_unlock(&iter->mutex);
		ret = pipe_wait(iter, 0);
		mutex_lock(&iter->mutex);
		if (ret)
			return ret;
	}
	return 1;
}

/*
 * Make the next entry current, from the buffer that is live now, and keep
 * @view (which iter->array_buffer points at) on that buffer until the
 * entry is consumed. A snapshot swap does not wait for readers (the
 * latency tracers swap from their probes); without the pin an entry
 * peeked in the old live buffer and printed would be consumed from the
 * new one: left behind in the snapshot, read again when a raw reader
 * that loaded the old pointer gets there, while the new buffer loses
 * an entry nobody read. Consumed where it was found, the entry was read
 * just before the swap, like any other of that buffer read before it.
 */
static bool pipe_next_entry(struct trace_iterator *iter,
			    struct array_buffer *live,
			    struct array_buffer *view)
{
	*view = *live;
	/* pairs with the WRITE_ONCE()s of the swap in update_max_tr() */
	view->buffer = READ_ONCE(live->buffer);
	return trace_find_next_entry_inc(iter);
}

/*
 * Print entries into iter->seq, consuming them, until it holds @limit
 * bytes or more. Lines are never cut: one that does not fit in what is
 * left of the trace_seq stays in the buffer for the next fill, unless it
 * could not fit even in an empty one. Returns false when the buffers ran
 * out. Called with the consume lock held.
 */
static bool fill_seq(struct trace_iterator *iter, size_t limit)
{
	struct array_buffer *live = iter->array_buffer;
	struct array_buffer view;
	enum print_line_t ret;
	bool more = false;
	size_t before;

	iter->array_buffer = &view;
	while (pipe_next_entry(iter, live, &view)) {
		before = iter->seq.seq.len;
		ret = print_trace_line(iter);
		if (ret == TRACE_TYPE_PARTIAL_LINE ||
		    trace_seq_has_overflowed(&iter->seq)) {
			iter->seq.seq.len = before;
			iter->seq.full = 0;
			more = true;
			if (before)
				break;
			trace_seq_puts(&iter->seq, "[LINE TOO BIG]\n");
			trace_consume(iter);
			break;
		}
		if (ret != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
		if (trace_seq_used(&iter->seq) >= limit) {
			more = true;
			break;
		}
	}
	iter->array_buffer = live;
	return more;
}

static ssize_t tracing_read_pipe(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_iterator *iter = filp->private_data;
	ssize_t ret;

	/* one reader per file: the ring buffer is safe, the text is not */
	guard(mutex)(&iter->mutex);

	/* a read returns at most what one trace_seq holds */
	cnt = min_t(size_t, cnt, TRACE_SEQ_BUFFER_SIZE - 1);
	/* what the last read had no room for goes first */
	ret = trace_seq_to_user(&iter->seq, ubuf, cnt);
	if (ret != -EBUSY)
		return ret;
	trace_seq_init(&iter->seq);

	if (iter->trace->read) {
		ret = iter->trace->read(iter, filp, ubuf, cnt, ppos);
		if (ret)
			return ret;
	}

	do {
		ret = pipe_wait_data(filp);
		if (ret <= 0)
			return ret;
		/* also makes iter->pos nonzero: this reader has had data */
		trace_iterator_reset(iter);
		cpumask_clear(iter->started);
		trace_seq_init(&iter->seq);

		trace_consume_lock(iter->cpu_file);
		fill_seq(iter, cnt);
		trace_consume_unlock(iter->cpu_file);

		ret = trace_seq_to_user(&iter->seq, ubuf, cnt);
		if (iter->seq.readpos >= trace_seq_used(&iter->seq))
			trace_seq_init(&iter->seq);
		/* entries consumed without printing anything: wait again */
	} while (ret == -EBUSY);
	return ret;
}

static void pipe_page_release(struct splice_pipe_desc *spd, unsigned int i)
{
	__free_page(spd->pages[i]);
}

/* Move up to @len unread bytes of iter->seq to @buf. */
static size_t seq_take(struct trace_seq *s, void *buf, size_t len)
{
	size_t n = min_t(size_t, len, trace_seq_used(s) - s->readpos);

	memcpy(buf, s->buffer + s->readpos, n);
	s->readpos += n;
	return n;
}

static ssize_t tracing_splice_read_pipe(struct file *filp, loff_t *ppos,
					struct pipe_inode_info *pipe,
					size_t len, unsigned int flags)
{
	struct trace_iterator *iter = filp->private_data;
	struct partial_page part[PIPE_DEF_BUFFERS];
	struct page *pg[PIPE_DEF_BUFFERS];
	struct splice_pipe_desc spd = {
		.ops		= &default_pipe_buf_ops,
		.spd_release	= pipe_page_release,
		.nr_pages_max	= PIPE_DEF_BUFFERS,
		.pages		= pg,
		.partial	= part,
	};
	bool more = true;
	ssize_t ret;
	size_t n;

	if (splice_grow_spd(pipe, &spd))
		return -ENOMEM;

	mutex_lock(&iter->mutex);
	ret = pipe_wait_data(filp);
	if (ret <= 0)
		goto unlock;
	iter->pos = -1;		/* this reader has had data */

	trace_consume_lock(iter->cpu_file);
	while (spd.nr_pages < spd.nr_pages_max && len) {
		/* text left over from an earlier read or page goes first */
		if (trace_seq_used(&iter->seq) <= iter->seq.readpos) {
			trace_seq_init(&iter->seq);
			if (!more)
				break;
			more = fill_seq(iter, min_t(size_t, len, PAGE_SIZE));
			if (!trace_seq_used(&iter->seq))
				break;
		}
		spd.pages[spd.nr_pages] = alloc_page(GFP_KERNEL);
		if (!spd.pages[spd.nr_pages])
			break;
		n = seq_take(&iter->seq, page_address(spd.pages[spd.nr_pages]),
			     min_t(size_t, len, PAGE_SIZE));
		spd.partial[spd.nr_pages].offset = 0;
		spd.partial[spd.nr_pages].len = n;
		spd.nr_pages++;
		len -= n;
	}
	trace_consume_unlock(iter->cpu_file);
	mutex_unlock(&iter->mutex);

	ret = spd.nr_pages ? splice_to_pipe(pipe, &spd) : 0;
	splice_shrink_spd(&spd);
	return ret;
unlock:
	mutex_unlock(&iter->mutex);
	splice_shrink_spd(&spd);
	return ret;
}

static const struct file_operations pipe_fops = {
	.open		= tracing_open_pipe,
	.poll		= tracing_poll_pipe,
	.read		= tracing_read_pipe,
	.splice_read	= tracing_splice_read_pipe,
	/*
	 * No .flush: it runs at every close of any descriptor of the open
	 * file (a child that inherited it exiting, a dup2() over it), and a
	 * reader sharing the file must go on blocking after that, as a
	 * "while read l; do cmd; done < trace_pipe" loop expects. A reader
	 * blocked in read() holds the file, so .release cannot race it.
	 */
	.release	= tracing_release_pipe,
};

/* ---- trace_pipe_raw and snapshot_raw: whole sub-buffers ---- */

struct raw_reader {
	struct trace_iterator		iter;	/* tr, cpu_file, waiting */
	struct buffer_data_read_page	*spare;	/* the page read() copies from */
	/*
	 * The buffer @spare came from, which goes back to it: a snapshot
	 * swap can put another buffer under the array meanwhile.
	 */
	struct trace_buffer		*spare_buffer;
	unsigned int			read;	/* bytes of it already copied */
};

static int raw_open(struct inode *inode, struct file *filp, bool snapshot)
{
	struct trace_array *tr = inode->i_private;
	struct raw_reader *r;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	/* an iterator holds two trace_seqs: too big to rely on kmalloc */
	r = kvzalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		trace_array_put(tr);
		return -ENOMEM;
	}
	mutex_init(&r->iter.mutex);
	r->iter.tr = tr;
	r->iter.cpu_file = tracing_get_cpu(inode);
	r->iter.array_buffer = &tr->array_buffer;

	mutex_lock(&trace_types_lock);
	r->iter.trace = tr->current_trace;
#ifdef CONFIG_TRACER_MAX_TRACE
	if (snapshot) {
		if (r->iter.trace->use_max_tr) {
			mutex_unlock(&trace_types_lock);
			kvfree(r);
			trace_array_put(tr);
			return -EBUSY;
		}
		r->iter.snapshot = true;
		r->iter.array_buffer = &tr->max_buffer;
	}
#endif
	tr->trace_ref++;
	mutex_unlock(&trace_types_lock);

	filp->private_data = r;
	nonseekable_open(inode, filp);
	return 0;
}

static int tracing_buffers_open(struct inode *inode, struct file *filp)
{
	return raw_open(inode, filp, false);
}

static int tracing_buffers_release(struct inode *inode, struct file *filp)
{
	struct raw_reader *r = filp->private_data;
	struct trace_iterator *iter = &r->iter;
	struct trace_array *tr = iter->tr;

	mutex_lock(&trace_types_lock);
	tr->trace_ref--;
	if (r->spare)
		ring_buffer_free_read_page(r->spare_buffer, iter->cpu_file,
					   r->spare);
	mutex_unlock(&trace_types_lock);
	mutex_destroy(&iter->mutex);
	kvfree(r);
	trace_array_put(tr);
	return 0;
}

static int tracing_buffers_flush(struct file *filp, fl_owner_t id)
{
	struct raw_reader *r = filp->private_data;

	pipe_kick(&r->iter, true);
	return 0;
}

static __poll_t tracing_buffers_poll(struct file *filp, poll_table *pt)
{
	struct raw_reader *r = filp->private_data;

	return pipe_poll(&r->iter, filp, pt);
}

/* A latency tracer owns the snapshot buffer: it cannot be read here. */
static bool raw_busy(struct trace_iterator *iter)
{
	return iter->snapshot && iter->tr->current_trace->use_max_tr;
}

/* A spare page of the buffer's current sub-buffer size, or an error. */
static int raw_spare(struct raw_reader *r, struct trace_buffer *buffer)
{
	int cpu = r->iter.cpu_file;
	int ret;

	if (r->spare && r->spare_buffer == buffer &&
	    ring_buffer_read_page_size(r->spare) ==
	    ring_buffer_subbuf_size_get(buffer))
		return 0;
	if (r->spare)
		ring_buffer_free_read_page(r->spare_buffer, cpu, r->spare);
	r->spare = NULL;
	/* nothing in the new page to copy out yet */
	r->read = UINT_MAX;
	ret = ring_buffer_alloc_read_page(buffer, cpu, &r->spare);
	if (!ret)
		r->spare_buffer = buffer;
	return ret;
}

static ssize_t tracing_buffers_read(struct file *filp, char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct raw_reader *r = filp->private_data;
	struct trace_iterator *iter = &r->iter;
	struct trace_buffer *buffer;
	unsigned int size;
	size_t n;
	int ret;

	if (!count)
		return 0;
	if (raw_busy(iter))
		return -EBUSY;

	guard(mutex)(&iter->mutex);
	/* a page is handed out over as many reads as it takes */
	if (r->spare && r->read < ring_buffer_read_page_size(r->spare))
		goto copy;

	for (;;) {
		buffer = iter->array_buffer->buffer;
		ret = raw_spare(r, buffer);
		if (ret)
			return ret;
		trace_consume_lock(iter->cpu_file);
		ret = ring_buffer_read_page(buffer, r->spare, count,
					    iter->cpu_file, 0);
		trace_consume_unlock(iter->cpu_file);
		if (ret >= 0)
			break;
		/* data that does not fit in @count is an end, not a wait */
		if (!trace_empty(iter) || READ_ONCE(iter->closed))
			return 0;
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = pipe_wait(iter, 0);
		if (ret)
			return ret;
	}
	r->read = 0;
copy:
	size = ring_buffer_read_page_size(r->spare) - r->read;
	n = min_t(size_t, size, count);
	n -= copy_to_user(ubuf, ring_buffer_read_page_data(r->spare) + r->read,
			  n);
	if (!n)
		return -EFAULT;
	r->read += n;
	*ppos += n;
	return n;
}

/*
 * A sub-buffer given to a pipe. Pipe buffers can be duplicated (tee), so
 * the page goes back to the ring buffer when the last copy is released.
 */
struct raw_page_ref {
	struct trace_buffer		*buffer;
	struct buffer_data_read_page	*rpage;
	int				cpu;
	refcount_t			refcount;
};

static void raw_page_put(struct raw_page_ref *ref)
{
	if (!refcount_dec_and_test(&ref->refcount))
		return;
	ring_buffer_free_read_page(ref->buffer, ref->cpu, ref->rpage);
	kfree(ref);
}

static void raw_pipe_buf_release(struct pipe_inode_info *pipe,
				 struct pipe_buffer *buf)
{
	raw_page_put((struct raw_page_ref *)buf->private);
	buf->private = 0;
}

static bool raw_pipe_buf_get(struct pipe_inode_info *pipe,
			     struct pipe_buffer *buf)
{
	struct raw_page_ref *ref = (struct raw_page_ref *)buf->private;

	/* refuse before the count could ever wrap */
	if (refcount_read(&ref->refcount) > INT_MAX / 2)
		return false;
	refcount_inc(&ref->refcount);
	return true;
}

static const struct pipe_buf_operations raw_pipe_buf_ops = {
	.release	= raw_pipe_buf_release,
	.get		= raw_pipe_buf_get,
};

/* Pages splice_to_pipe() could not place are given back here. */
static void raw_spd_release(struct splice_pipe_desc *spd, unsigned int i)
{
	raw_page_put((struct raw_page_ref *)spd->partial[i].private);
	spd->partial[i].private = 0;
}

/*
 * Take one finished sub-buffer into a new page reference. Returns the
 * reference, NULL when no whole sub-buffer is ready, or an error.
 */
static struct raw_page_ref *raw_take_page(struct trace_iterator *iter,
					  size_t len, loff_t pos)
{
	struct raw_page_ref *ref;
	unsigned int size;
	int ret;

	ref = kzalloc(sizeof(*ref), GFP_KERNEL);
	if (!ref)
		return ERR_PTR(-ENOMEM);
	refcount_set(&ref->refcount, 1);
	ref->buffer = iter->array_buffer->buffer;
	ref->cpu = iter->cpu_file;
	ret = ring_buffer_alloc_read_page(ref->buffer, ref->cpu, &ref->rpage);
	if (ret) {
		kfree(ref);
		return ERR_PTR(ret);
	}
	size = ring_buffer_read_page_size(ref->rpage);
	/* only whole pages, at page-aligned offsets */
	if (!IS_ALIGNED(pos, size) || len < size)
		ret = -EINVAL;
	else if (ring_buffer_read_page(ref->buffer, ref->rpage, len,
				       ref->cpu, 1) < 0)
		ret = -EAGAIN;
	if (ret) {
		ring_buffer_free_read_page(ref->buffer, ref->cpu, ref->rpage);
		kfree(ref);
		return ret == -EAGAIN ? NULL : ERR_PTR(ret);
	}
	return ref;
}

static ssize_t tracing_buffers_splice_read(struct file *file, loff_t *ppos,
					   struct pipe_inode_info *pipe,
					   size_t len, unsigned int flags)
{
	struct raw_reader *r = file->private_data;
	struct trace_iterator *iter = &r->iter;
	struct partial_page part[PIPE_DEF_BUFFERS];
	struct page *pg[PIPE_DEF_BUFFERS];
	struct splice_pipe_desc spd = {
		.ops		= &raw_pipe_buf_ops,
		.spd_release	= raw_spd_release,
		.nr_pages_max	= PIPE_DEF_BUFFERS,
		.pages		= pg,
		.partial	= part,
	};
	struct trace_buffer *buffer;
	struct raw_page_ref *ref;
	bool woken = false;
	unsigned int size;
	ssize_t ret = 0;
	int i;

	if (raw_busy(iter))
		return -EBUSY;
	if (splice_grow_spd(pipe, &spd))
		return -ENOMEM;

	for (;;) {
		trace_consume_lock(iter->cpu_file);
		for (i = 0; i < spd.nr_pages_max && len &&
		     ring_buffer_entries_cpu(iter->array_buffer->buffer,
					     iter->cpu_file); i++) {
			ref = raw_take_page(iter, len, *ppos);
			if (IS_ERR_OR_NULL(ref)) {
				/*
				 * A length too short for even one page is
				 * the caller's error; after the first page
				 * it only ends this splice.
				 */
				if (!i)
					ret = PTR_ERR_OR_ZERO(ref);
				break;
			}
			size = ring_buffer_read_page_size(ref->rpage);
			spd.pages[i] = virt_to_page(ring_buffer_read_page_data(ref->rpage));
			spd.partial[i].offset = 0;
			spd.partial[i].len = size;
			spd.partial[i].private = (unsigned long)ref;
			*ppos += size;
			len -= size;
		}
		trace_consume_unlock(iter->cpu_file);
		spd.nr_pages = i;
		if (i || ret || woken)
			break;

		ret = -EAGAIN;
		if ((file->f_flags & O_NONBLOCK) || (flags & SPLICE_F_NONBLOCK))
			break;
		buffer = READ_ONCE(iter->array_buffer->buffer);
		ret = pipe_wait(iter, iter->snapshot ? 0 :
				iter->tr->buffer_percent);
		/* tracing off: what is left is a partial page, not for us */
		if (ret || !tracer_tracing_is_on(iter->tr))
			break;
		/* a snapshot swap only changed the buffer to wait on */
		if (READ_ONCE(iter->array_buffer->buffer) != buffer)
			continue;
		/* one more pass to collect what woke us, then return */
		woken = true;
	}

	if (spd.nr_pages)
		ret = splice_to_pipe(pipe, &spd);
	splice_shrink_spd(&spd);
	return ret;
}

/*
 * TRACE_MMAP_IOCTL_GET_READER: what user space read of the mapped reader
 * page is consumed and the next page with data becomes the reader (the
 * meta page says which). Without O_NONBLOCK it first waits, as a splice
 * does, for buffer_percent of the buffer or a kick. Command 0 kicks every
 * waiter of the file, blocked reads and splices included.
 */
static long tracing_buffers_ioctl(struct file *file, unsigned int cmd,
				  unsigned long arg)
{
	struct raw_reader *r = file->private_data;
	struct trace_iterator *iter = &r->iter;
	int ret;

	if (cmd == TRACE_MMAP_IOCTL_GET_READER) {
		if (!(file->f_flags & O_NONBLOCK)) {
			ret = pipe_wait(iter, iter->tr->buffer_percent);
			if (ret)
				return ret;
		}
		/*
		 * The swap gives the page the mapping had back to the
		 * writer: not while a text reader prints from it.
		 * -ENODEV when this CPU's buffer is not mapped.
		 */
		trace_consume_lock(iter->cpu_file);
		ret = ring_buffer_map_get_reader(iter->array_buffer->buffer,
						 iter->cpu_file);
		trace_consume_unlock(iter->cpu_file);
		return ret;
	}
	if (cmd)
		return -ENOTTY;
	guard(mutex)(&trace_types_lock);
	pipe_kick(iter, false);
	return 0;
}

/*
 * A mapping of trace_pipe_raw counts twice: in the CPU buffer (which
 * keeps its pages where they are) and in the array (which then takes no
 * snapshot). Each vma holds one of each, from mmap or from ->open (a
 * copy of the vma: mremap moves one by copying it, then closing the
 * old) to ->close. Fork does not copy it (VM_DONTCOPY).
 *
 * The buffer pointer is read through the array: no swap can change it
 * while the array counts a mapping.
 */
static void raw_vma_open(struct vm_area_struct *vma)
{
	struct raw_reader *r = vma->vm_file->private_data;
	struct trace_iterator *iter = &r->iter;

	/*
	 * The original holds a count, so this one cannot be refused: a
	 * failure here would leave the counts below the number of vmas
	 * that ->close will drop.
	 */
	WARN_ON_ONCE(tracing_map_get(iter->tr));
	ring_buffer_map_dup(iter->array_buffer->buffer, iter->cpu_file);
}

static void raw_vma_close(struct vm_area_struct *vma)
{
	struct raw_reader *r = vma->vm_file->private_data;
	struct trace_iterator *iter = &r->iter;

	WARN_ON_ONCE(ring_buffer_unmap(iter->array_buffer->buffer,
				       iter->cpu_file));
	tracing_map_put(iter->tr);
}

/* Only whole mappings: the meta page tells how the rest is laid out. */
static int raw_vma_may_split(struct vm_area_struct *vma, unsigned long addr)
{
	return -EINVAL;
}

static const struct vm_operations_struct raw_vm_ops = {
	.open		= raw_vma_open,
	.close		= raw_vma_close,
	.may_split	= raw_vma_may_split,
};

static int tracing_buffers_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct raw_reader *r = filp->private_data;
	struct trace_iterator *iter = &r->iter;
	int ret;

	/*
	 * Called under mmap_lock: trace_types_lock, which is held around
	 * copies from user space, must not be taken here.
	 */
	ret = tracing_map_get(iter->tr);
	if (ret)
		return ret;
	ret = ring_buffer_map(iter->array_buffer->buffer, iter->cpu_file, vma);
	if (ret) {
		tracing_map_put(iter->tr);
		return ret;
	}
	vma->vm_ops = &raw_vm_ops;
	return 0;
}

static const struct file_operations pipe_raw_fops = {
	.open		= tracing_buffers_open,
	.read		= tracing_buffers_read,
	.splice_read	= tracing_buffers_splice_read,
	.poll		= tracing_buffers_poll,
	.unlocked_ioctl	= tracing_buffers_ioctl,
	.mmap		= tracing_buffers_mmap,
	.flush		= tracing_buffers_flush,
	.release	= tracing_buffers_release,
};

#ifdef CONFIG_TRACER_SNAPSHOT
static int snapshot_raw_open(struct inode *inode, struct file *filp)
{
	return raw_open(inode, filp, true);
}

static const struct file_operations raw_snapshot_fops = {
	.open		= snapshot_raw_open,
	.read		= tracing_buffers_read,
	.release	= tracing_buffers_release,
	.splice_read	= tracing_buffers_splice_read,
};
#endif

/* ---- per_cpu/cpuN/stats ---- */

/* Time stamp for the stats file: seconds.microseconds in a ns clock. */
static void stats_ts(struct trace_seq *s, const char *name, u64 ts,
		     bool in_ns)
{
	unsigned long usec;

	if (!in_ns) {
		trace_seq_printf(s, "%s: %llu\n", name, ts);
		return;
	}
	/* to microseconds, rounded to nearest */
	ts += NSEC_PER_USEC / 2;
	do_div(ts, NSEC_PER_USEC);
	usec = do_div(ts, USEC_PER_SEC);
	trace_seq_printf(s, "%s: %5llu.%06lu\n", name, ts, usec);
}

static ssize_t tracing_stats_read(struct file *filp, char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	bool in_ns = trace_clocks[tr->clock_id].in_ns;
	int cpu = tracing_get_cpu(inode);
	struct trace_seq *s;
	ssize_t ret;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	trace_seq_printf(s, "entries: %lu\n",
			 ring_buffer_entries_cpu(buffer, cpu));
	trace_seq_printf(s, "overrun: %lu\n",
			 ring_buffer_overrun_cpu(buffer, cpu));
	trace_seq_printf(s, "commit overrun: %lu\n",
			 ring_buffer_commit_overrun_cpu(buffer, cpu));
	trace_seq_printf(s, "bytes: %lu\n",
			 ring_buffer_bytes_cpu(buffer, cpu));
	stats_ts(s, "oldest event ts",
		 ring_buffer_oldest_event_ts(buffer, cpu), in_ns);
	stats_ts(s, "now ts", ring_buffer_time_stamp(buffer), in_ns);
	trace_seq_printf(s, "dropped events: %lu\n",
			 ring_buffer_dropped_events_cpu(buffer, cpu));
	trace_seq_printf(s, "read events: %lu\n",
			 ring_buffer_read_events_cpu(buffer, cpu));

	ret = simple_read_from_buffer(ubuf, count, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

static const struct file_operations cpu_stats_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_stats_read,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

/* trace_pipe of the array; trace_pipe, trace_pipe_raw and stats per CPU. */
static void pipe_files_create(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("trace_pipe", TRACE_MODE_READ, dir, tr,
			  &pipe_fops);
}

static void pipe_files_create_cpu(struct trace_array *tr, struct dentry *dir,
				  int cpu)
{
	trace_create_cpu_file("trace_pipe", TRACE_MODE_READ, dir, tr, cpu,
			      &pipe_fops);
	trace_create_cpu_file("trace_pipe_raw", TRACE_MODE_READ, dir, tr, cpu,
			      &pipe_raw_fops);
	trace_create_cpu_file("stats", TRACE_MODE_READ, dir, tr, cpu,
			      &cpu_stats_fops);
#ifdef CONFIG_TRACER_SNAPSHOT
	trace_create_cpu_file("snapshot_raw", TRACE_MODE_READ, dir, tr, cpu,
			      &raw_snapshot_fops);
#endif
}

static struct trace_array_client pipe_files = {
	.name		= "trace_pipe",
	.create		= pipe_files_create,
	.create_cpu	= pipe_files_create_cpu,
};

static int __init trace_pipe_files_init(void)
{
	return trace_array_client_register(&pipe_files);
}
core_initcall(trace_pipe_files_init);
