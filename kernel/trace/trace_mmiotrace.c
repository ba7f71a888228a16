// SPDX-License-Identifier: GPL-2.0
/*
 * The mmiotrace tracer: memory-mapped I/O of drivers, as kmmio
 * (arch/x86/mm/mmio-mod.c) sees it, in the text format of the
 * mmiotrace user tools (Documentation/trace/mmiotrace.rst).
 *
 * Selecting the tracer arms kmmio: from then on every ioremap() is
 * watched, each access to such a mapping faults and is recorded (with
 * the other CPUs taken offline, as kmmio needs). The records are
 * TRACE_MMIO_RW and TRACE_MMIO_MAP entries, and trace_marker's text
 * comes out as MARK lines.
 *
 * trace_pipe is the interface: it starts with a VERSION line and one
 * PCIDEV line per PCI device, then the records. Lost records are told
 * in a MARK line ("Lost N events."), counting both the ones the buffer
 * had no room for and those overwritten before they were read.
 */
#include <linux/atomic.h>
#include <linux/mmiotrace.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "trace.h"

/* The array the tracer runs on, NULL while it does not. */
static struct trace_array *mmio_tr;
/* Records the buffer refused (overwrite off and full). */
static atomic_t mmio_refused;
/* The buffer's overrun count when a loss was last reported. */
static unsigned long mmio_overruns_seen;
static bool mmio_loss_warned;

static void mmio_clear(struct trace_array *tr)
{
	atomic_set(&mmio_refused, 0);
	mmio_overruns_seen = 0;
	mmio_loss_warned = false;
	tracing_reset_online_cpus(&tr->array_buffer);
}

static int mmio_tracer_init(struct trace_array *tr)
{
	mmio_clear(tr);
	WRITE_ONCE(mmio_tr, tr);
	enable_mmiotrace();
	return 0;
}

static void mmio_tracer_reset(struct trace_array *tr)
{
	disable_mmiotrace();
	WRITE_ONCE(mmio_tr, NULL);
	mmio_clear(tr);
}

static void mmio_tracer_start(struct trace_array *tr)
{
	mmio_clear(tr);
}

/* ---- trace_pipe: the header of PCI devices ----------------------------- */

/*
 * One PCIDEV line: bus and devfn, vendor and device, irq, then the start
 * (with its region flags) and the size of each of the first 7 resources,
 * then the driver's name.
 */
static void mmio_print_pcidev(struct trace_seq *s, const struct pci_dev *dev)
{
	const struct pci_driver *drv = pci_dev_driver(dev);
	const struct resource *res;
	int i;

	trace_seq_printf(s, "PCIDEV %02x%02x %04x%04x %x", dev->bus->number,
			 dev->devfn, dev->vendor, dev->device, dev->irq);
	for (i = 0; i < 7; i++) {
		res = &dev->resource[i];
		trace_seq_printf(s, " %llx", (unsigned long long)
				 (res->start | (res->flags & PCI_REGION_FLAG_MASK)));
	}
	for (i = 0; i < 7; i++) {
		res = &dev->resource[i];
		trace_seq_printf(s, " %llx", res->start < res->end ?
				 (unsigned long long)resource_size(res) : 0ULL);
	}
	trace_seq_printf(s, " %s\n", drv ? drv->name : "");
}

/* iter->private: the next PCI device to list (a reference), or NULL. */
static void mmio_pipe_open(struct trace_iterator *iter)
{
	trace_seq_puts(&iter->seq, "VERSION 20070824\n");
	iter->private = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, NULL);
}

static void mmio_close(struct trace_iterator *iter)
{
	pci_dev_put(iter->private);
	iter->private = NULL;
}

/* Lost since the last report: refused, and overwritten unread. */
static unsigned long mmio_lost(struct trace_iterator *iter)
{
	unsigned long lost = atomic_xchg(&mmio_refused, 0);
	unsigned long over = ring_buffer_overruns(iter->array_buffer->buffer);

	if (over > mmio_overruns_seen)
		lost += over - mmio_overruns_seen;
	mmio_overruns_seen = over;
	return lost;
}

/*
 * Before each read of trace_pipe: a loss report if there is one, else
 * the next PCIDEV line while devices remain; 0 lets the records come.
 */
static ssize_t mmio_read(struct trace_iterator *iter, struct file *filp,
			 char __user *ubuf, size_t cnt, loff_t *ppos)
{
	struct trace_seq *s = &iter->seq;
	unsigned long lost = mmio_lost(iter);
	struct pci_dev *dev = iter->private;
	ssize_t ret;

	if (lost) {
		/* the mark is where the loss was noticed, not where it was */
		trace_seq_printf(s, "MARK 0.000000 Lost %lu events.\n", lost);
		if (!mmio_loss_warned)
			pr_warn("mmiotrace has lost events\n");
		mmio_loss_warned = true;
	} else if (dev) {
		mmio_print_pcidev(s, dev);
		/* drops the reference on dev, takes one on the next */
		iter->private = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, dev);
	} else {
		return 0;
	}
	ret = trace_seq_to_user(s, ubuf, cnt);
	return ret == -EBUSY ? 0 : ret;
}

/* ---- the records ------------------------------------------------------- */

/* The time as seconds and microseconds (rounded), as the tools read it. */
static void mmio_time(struct trace_iterator *iter, unsigned long *secs,
		      unsigned long *usecs)
{
	u64 t = div_u64(iter->ts + NSEC_PER_USEC / 2, NSEC_PER_USEC);

	*usecs = do_div(t, USEC_PER_SEC);
	*secs = t;
}

/* An access: R or W with its width, or the opcode bytes of an unknown one. */
static void mmio_print_rw(struct trace_seq *s, const struct trace_entry *ent,
			  unsigned long secs, unsigned long usecs)
{
	const struct mmiotrace_rw *rw = &((struct trace_mmiotrace_rw *)ent)->rw;
	unsigned long v = rw->value;

	if (rw->opcode == MMIO_READ || rw->opcode == MMIO_WRITE)
		trace_seq_printf(s, "%c %d %lu.%06lu %d 0x%llx 0x%lx 0x%lx 0\n",
				 rw->opcode == MMIO_READ ? 'R' : 'W', rw->width,
				 secs, usecs, rw->map_id,
				 (unsigned long long)rw->phys, v, rw->pc);
	else if (rw->opcode == MMIO_UNKNOWN_OP)
		/* the value holds the instruction's first three bytes */
		trace_seq_printf(s, "UNKNOWN %lu.%06lu %d 0x%llx %02lx,%02lx,%02lx 0x%lx 0\n",
				 secs, usecs, rw->map_id,
				 (unsigned long long)rw->phys, (v >> 16) & 0xff,
				 (v >> 8) & 0xff, v & 0xff, rw->pc);
	else
		trace_seq_puts(s, "rw what?\n");
}

/* A mapping made (MAP) or taken away (UNMAP). */
static void mmio_print_map(struct trace_seq *s, const struct trace_entry *ent,
			   unsigned long secs, unsigned long usecs)
{
	const struct mmiotrace_map *m = &((struct trace_mmiotrace_map *)ent)->map;

	if (m->opcode == MMIO_PROBE)
		trace_seq_printf(s, "MAP %lu.%06lu %d 0x%llx 0x%lx 0x%lx 0x0 0\n",
				 secs, usecs, m->map_id,
				 (unsigned long long)m->phys, m->virt, m->len);
	else if (m->opcode == MMIO_UNPROBE)
		trace_seq_printf(s, "UNMAP %lu.%06lu %d 0x0 0\n", secs, usecs,
				 m->map_id);
	else
		trace_seq_puts(s, "map what?\n");
}

/* trace_marker's text, which ends with its own newline. */
static void mmio_print_mark(struct trace_seq *s, const struct trace_entry *ent,
			    unsigned long secs, unsigned long usecs)
{
	trace_seq_printf(s, "MARK %lu.%06lu %s", secs, usecs,
			 ((struct print_entry *)ent)->buf);
}

/* The three kinds of entry this tracer prints; the rest are left out. */
static enum print_line_t mmio_print_line(struct trace_iterator *iter)
{
	void (*print)(struct trace_seq *s, const struct trace_entry *ent,
		      unsigned long secs, unsigned long usecs);
	unsigned long secs, usecs;

	if (iter->ent->type == TRACE_MMIO_RW)
		print = mmio_print_rw;
	else if (iter->ent->type == TRACE_MMIO_MAP)
		print = mmio_print_map;
	else if (iter->ent->type == TRACE_PRINT)
		print = mmio_print_mark;
	else
		return TRACE_TYPE_HANDLED;
	mmio_time(iter, &secs, &usecs);
	print(&iter->seq, iter->ent, secs, usecs);
	return trace_handle_return(&iter->seq);
}

static struct tracer mmio_tracer __read_mostly = {
	.name		= "mmiotrace",
	/* it takes CPUs offline: never from the command line */
	.noboot		= true,
	.init		= mmio_tracer_init,
	.reset		= mmio_tracer_reset,
	.start		= mmio_tracer_start,
	.pipe_open	= mmio_pipe_open,
	.pipe_close	= mmio_close,
	.close		= mmio_close,
	.read		= mmio_read,
	.print_line	= mmio_print_line,
};

static int __init mmio_tracer_register(void)
{
	return register_tracer(&mmio_tracer);
}
device_initcall(mmio_tracer_register);

/* ---- from kmmio ---------------------------------------------------------- */

/*
 * Reserve an entry of @type in the tracer's array, or count it lost.
 * kmmio calls with interrupts off (from its fault and debug handlers);
 * as upstream, the entries carry no irqs-off flag.
 */
static void *mmio_reserve(int type, size_t len, struct trace_buffer **buffer,
			  struct ring_buffer_event **event)
{
	struct trace_array *tr = READ_ONCE(mmio_tr);

	if (!tr)
		return NULL;
	*buffer = tr->array_buffer.buffer;
	*event = trace_buffer_lock_reserve(*buffer, type, len,
					   tracing_gen_ctx_flags(0));
	if (!*event) {
		atomic_inc(&mmio_refused);
		return NULL;
	}
	return ring_buffer_event_data(*event);
}

void mmio_trace_rw(struct mmiotrace_rw *rw)
{
	struct ring_buffer_event *event;
	struct trace_mmiotrace_rw *entry;
	struct trace_buffer *buffer;

	entry = mmio_reserve(TRACE_MMIO_RW, sizeof(*entry), &buffer, &event);
	if (entry) {
		entry->rw = *rw;
		__buffer_unlock_commit(buffer, event);
	}
}

void mmio_trace_mapping(struct mmiotrace_map *map)
{
	struct trace_mmiotrace_map *entry;
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;

	entry = mmio_reserve(TRACE_MMIO_MAP, sizeof(*entry), &buffer, &event);
	if (entry) {
		entry->map = *map;
		__buffer_unlock_commit(buffer, event);
	}
}

/* mmiotrace_printk(): a MARK line, through the trace_printk path. */
int mmio_trace_printk(const char *fmt, va_list args)
{
	return trace_vprintk(0, fmt, args);
}
