// SPDX-License-Identifier: GPL-2.0
/*
 * Mapping a CPU buffer into user space (tracefs trace_pipe_raw mmap).
 *
 * The mapping shows, read-only: one meta page (struct trace_buffer_meta,
 * padded with zero pages to a sub-buffer), then every sub-buffer in the
 * order of its id. Id 0 is the reader page at map time, ids 1..n the
 * ring pages in ring order. Sub-buffers keep their memory while mapped
 * (whole-page reads copy instead of swapping pages, resize and order
 * changes are refused), so an id names the same memory for the life of
 * the mapping.
 *
 * User space reads the page the meta page names as reader, then asks
 * for the next one with ring_buffer_map_get_reader() (the
 * TRACE_MMAP_IOCTL_GET_READER ioctl).
 */
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/highmem.h>

#include "ring_buffer_internal.h"

/*
 * Number the sub-buffers: 0 is the reader page, then the ring. The walk
 * starts at cb->pages, which always names a ring page, rather than at the
 * head: while a writer pushes the head no pointer carries HEAD, and the
 * names need no particular order. Reader lock held: the ring is stable.
 */
static void rb_number_subbufs(struct rb_cpu *cb, unsigned long *ids)
{
	struct trace_buffer_meta *meta = cb->meta;
	struct rb_subbuf *p;
	unsigned int id = 0;

	ids[id] = (unsigned long)cb->reader_page->page;
	cb->reader_page->id = id++;
	p = list_entry(rb_ptr_clean(cb->pages), struct rb_subbuf, list);
	while (id <= cb->nr_pages) {
		ids[id] = (unsigned long)p->page;
		p->id = id++;
		p = rb_next_page(p);
	}
	cb->subbuf_ids = ids;

	meta->meta_struct_len = sizeof(*meta);
	meta->nr_subbufs = cb->nr_pages + 1;
	meta->subbuf_size = cb->buffer->subbuf_size + RB_PAGE_HDR;
	meta->meta_page_size = meta->subbuf_size;
	rb_update_meta(cb);
}

/* Insert the pages the vma asks for, from its page offset on. */
static int rb_map_pages(struct rb_cpu *cb, struct vm_area_struct *vma)
{
	unsigned int order = cb->buffer->subbuf_order;
	unsigned long per = 1UL << order, pgoff = vma->vm_pgoff;
	unsigned long subbufs = cb->nr_pages + 1, want, total, n = 0, s = 0;
	struct page **pages;
	struct page *page;
	unsigned long i;
	int err;

	if ((vma->vm_flags & (VM_WRITE | VM_EXEC)) ||
	    !(vma->vm_flags & VM_MAYSHARE))
		return -EPERM;
	if (pgoff % per)
		return -EINVAL;
	/* the meta sub-buffer, then the data sub-buffers */
	total = (subbufs + 1) * per;
	want = vma_pages(vma);
	if (pgoff >= total || !want || want > total - pgoff)
		return -EINVAL;
	vm_flags_mod(vma, VM_DONTCOPY | VM_DONTEXPAND | VM_DONTDUMP,
		     VM_MAYWRITE);

	pages = kcalloc(want, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	if (!pgoff) {
		pages[n++] = virt_to_page(cb->meta);
		for (i = 1; i < per && n < want; i++)
			pages[n++] = ZERO_PAGE(vma->vm_start + n * PAGE_SIZE);
	} else {
		s = pgoff / per - 1;
	}
	for (; n < want; s++) {
		page = virt_to_page((void *)cb->subbuf_ids[s]);
		for (i = 0; i < per && n < want; i++)
			pages[n++] = page + i;
	}
	err = vm_insert_pages(vma, vma->vm_start, pages, &n);
	kfree(pages);
	return err;
}

/**
 * ring_buffer_map - map a CPU buffer into user space
 * @buffer: the buffer
 * @cpu: the CPU
 * @vma: a read-only, shared mapping
 *
 * Returns 0, -EINVAL for a bad CPU or geometry, -EPERM for a writable
 * mapping, -ENOMEM, or -EBUSY while an iterator is open.
 */
int ring_buffer_map(struct trace_buffer *buffer, int cpu,
		    struct vm_area_struct *vma)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	unsigned long flags, *ids;
	struct page *meta;
	int err;

	if (!cb)
		return -EINVAL;
	mutex_lock(&cb->map_lock);
	if (cb->user_mapped) {
		err = rb_map_pages(cb, vma);
		if (!err)
			cb->user_mapped++;
		goto out;
	}

	mutex_lock(&buffer->mutex);
	err = -ENOMEM;
	meta = alloc_pages_node(cpu_to_node(cpu), GFP_USER | __GFP_ZERO, 0);
	ids = kcalloc(cb->nr_pages + 1, sizeof(*ids), GFP_KERNEL);
	if (!meta || !ids) {
		if (meta)
			__free_page(meta);
		kfree(ids);
		goto out_buffer;
	}
	/* no resize, order change or reset of the geometry from now on */
	atomic_inc(&cb->resize_disabled);

	/*
	 * Whole-page reads stop swapping memory out of the CPU buffer in
	 * the same reader-lock section that names the sub-buffers: they
	 * take the lock too, so none can give a named page away between
	 * the naming and the insertion (which sleeps, without the lock).
	 */
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	WRITE_ONCE(cb->user_mapped, 1);
	cb->meta = page_address(meta);
	rb_number_subbufs(cb, ids);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);

	err = rb_map_pages(cb, vma);
	if (!err) {
		meta = NULL;
		ids = NULL;
	} else {
		raw_spin_lock_irqsave(&cb->reader_lock, flags);
		WRITE_ONCE(cb->user_mapped, 0);
		cb->meta = NULL;
		cb->subbuf_ids = NULL;
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	}
	if (err) {
		atomic_dec(&cb->resize_disabled);
		__free_page(meta);
		kfree(ids);
	}
out_buffer:
	mutex_unlock(&buffer->mutex);
out:
	mutex_unlock(&cb->map_lock);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_map);

/**
 * ring_buffer_map_dup - count one more mapping (the vma was copied)
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);

	if (WARN_ON_ONCE(!cb))
		return;
	mutex_lock(&cb->map_lock);
	if (!WARN_ON_ONCE(!cb->user_mapped))
		cb->user_mapped++;
	mutex_unlock(&cb->map_lock);
}
EXPORT_SYMBOL_GPL(ring_buffer_map_dup);

/**
 * ring_buffer_unmap - drop one mapping of a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Returns 0, -EINVAL for a bad CPU, -ENODEV if it is not mapped.
 */
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	struct trace_buffer_meta *meta;
	unsigned long flags, *ids;
	int err = 0;

	if (!cb)
		return -EINVAL;
	mutex_lock(&cb->map_lock);
	if (!cb->user_mapped) {
		err = -ENODEV;
	} else if (cb->user_mapped > 1) {
		cb->user_mapped--;
	} else {
		raw_spin_lock_irqsave(&cb->reader_lock, flags);
		WRITE_ONCE(cb->user_mapped, 0);
		meta = cb->meta;
		ids = cb->subbuf_ids;
		cb->meta = NULL;
		cb->subbuf_ids = NULL;
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
		free_page((unsigned long)meta);
		kfree(ids);
		atomic_dec(&cb->resize_disabled);
	}
	mutex_unlock(&cb->map_lock);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_unmap);

/* Note in the page's own commit word what was lost before it. */
static void rb_mark_missed(struct rb_cpu *cb, struct rb_subbuf *reader,
			   unsigned long missed)
{
	struct rb_data_page *d = reader->page;
	unsigned long size, flags;

	/* the writer still owns the commit word of the commit page */
	if (reader == READ_ONCE(cb->commit_page))
		return;
	if (reader->real_end)
		local_set(&d->commit, reader->real_end);
	size = rb_page_size(reader);
	flags = RB_MISSED_EVENTS;
	if (cb->buffer->subbuf_size - size >= sizeof(missed)) {
		memcpy(&d->data[size], &missed, sizeof(missed));
		flags |= RB_MISSED_STORED;
	}
	local_set(&d->commit, local_read(&d->commit) | flags);
}

/**
 * ring_buffer_map_get_reader - hand the next sub-buffer to user space
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * What user space has seen of the current reader page counts as read.
 * If it was all read, the next page with data becomes the reader page.
 * The meta page says which. Returns 0, or -ENODEV if not mapped.
 */
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_lookup(buffer, cpu);
	struct rb_subbuf *reader;
	unsigned long flags;
	int err = 0;

	if (!cb)
		return -EINVAL;
	mutex_lock(&cb->map_lock);
	if (!cb->user_mapped) {
		err = -ENODEV;
		goto out;
	}
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	while (!rb_cpu_empty(cb)) {
		reader = cb->reader_page;
		if (reader->read < rb_page_size(reader)) {
			/* user space has this page: it is consumed */
			rb_reader_consume_page(cb, reader);
			break;
		}
		reader = rb_reader_page_get(cb);
		if (!reader)
			break;
		if (cb->lost_events)
			rb_mark_missed(cb, reader, cb->lost_events);
		cb->lost_events = 0;
	}
	/* the page's bytes before the ids and counts user space reads */
	flush_kernel_vmap_range(cb->reader_page->page,
				cb->buffer->subbuf_size + RB_PAGE_HDR);
	rb_update_meta(cb);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
out:
	mutex_unlock(&cb->map_lock);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_map_get_reader);
