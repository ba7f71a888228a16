// SPDX-License-Identifier: GPL-2.0
/*
 * The text of the trace files.
 *
 * Every entry type has a struct trace_event in a registry keyed by type;
 * its callbacks print the payload in the four output modes (default,
 * raw, hex, bin). This file keeps that registry, prints the core's own
 * entries (function, stack, trace_printk, trace_marker), the context
 * columns in front of each line and the comment headers of `trace` and
 * `snapshot`, and offers the helpers TRACE_EVENT() output code calls.
 *
 * The column layouts and header texts are read by tools and scripts, so
 * they are kept byte for byte as every kernel has printed them.
 */
#include <linux/hash.h>
#include <linux/hashtable.h>
#include <linux/idr.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/utsname.h>
#include <linux/uidgid.h>

#include "trace.h"
#include "trace_output.h"
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
#endif

/* The stack tracer's mark for a frame in an ftrace trampoline. */
#ifndef FTRACE_TRAMPOLINE_MARKER
#define FTRACE_TRAMPOLINE_MARKER	((unsigned long)INT_MAX)
#endif

/* Fields in binary (bin option) and native-word hex (hex option). */
#define SEQ_PUT_FIELD(s, x)	trace_seq_putmem(s, &(x), sizeof(x))
#define SEQ_PUT_HEX_FIELD(s, x)	trace_seq_putmem_hex(s, &(x), sizeof(x))

/* The typed view of the entry being printed. */
#define iter_entry(iter, type)	container_of((iter)->ent, type, ent)

/* ====================== the registry of events ======================= */

DECLARE_RWSEM(trace_event_sem);

static DEFINE_HASHTABLE(event_table, 7);

/* Types of events registered without one (all but the core's). */
static DEFINE_IDA(event_type_ida);

/**
 * ftrace_find_event - the registered output of an entry type
 * @type: the entry type
 *
 * Called with trace_event_sem held (either way).
 *
 * Return: the event, or NULL if no event of @type is registered.
 */
struct trace_event *ftrace_find_event(int type)
{
	struct trace_event *event;

	hash_for_each_possible(event_table, event, node, type)
		if (event->type == type)
			return event;
	return NULL;
}

static enum print_line_t trace_nop_print(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	trace_seq_printf(&iter->seq, "type: %d\n", iter->ent->type);
	return trace_handle_return(&iter->seq);
}

/*
 * Give @event its type: the lowest free one from __TRACE_LAST_TYPE up
 * when it has none, so ids of removed events are used again (the event
 * layer reports them in events/.../id). The core's fixed types must be
 * free. Returns the type or 0.
 */
static int claim_event_type(struct trace_event *event)
{
	int type;

	if (!event->type) {
		type = ida_alloc_range(&event_type_ida, __TRACE_LAST_TYPE,
				       TRACE_EVENT_TYPE_MAX, GFP_KERNEL);
		if (type < 0)
			return 0;
		event->type = type;
		return type;
	}
	if (WARN(event->type >= __TRACE_LAST_TYPE,
		 "fixed trace event type %d is not in enum trace_type\n",
		 event->type))
		return 0;
	return ftrace_find_event(event->type) ? 0 : event->type;
}

static void fill_missing_funcs(struct trace_event_functions *funcs)
{
	if (!funcs->trace)
		funcs->trace = trace_nop_print;
	if (!funcs->raw)
		funcs->raw = trace_nop_print;
	if (!funcs->hex)
		funcs->hex = trace_nop_print;
	if (!funcs->binary)
		funcs->binary = trace_nop_print;
}

/**
 * register_trace_event - make an entry type printable
 * @event: the event; @event->type 0 asks for a new dynamic type
 *
 * Missing callbacks of @event->funcs are set to trace_nop_print().
 *
 * Return: the type of @event, or 0 on failure.
 */
int register_trace_event(struct trace_event *event)
{
	int type = 0;

	down_write(&trace_event_sem);
	if (!WARN_ON(!event || !event->funcs))
		type = claim_event_type(event);
	if (type) {
		fill_missing_funcs(event->funcs);
		hash_add(event_table, &event->node, type);
	}
	up_write(&trace_event_sem);

	return type;
}
EXPORT_SYMBOL_GPL(register_trace_event);

/* As unregister_trace_event(), with trace_event_sem held for write. */
int __unregister_trace_event(struct trace_event *event)
{
	if (hlist_unhashed(&event->node))
		return 0;
	hash_del(&event->node);
	if (event->type >= __TRACE_LAST_TYPE)
		ida_free(&event_type_ida, event->type);
	return 0;
}

/**
 * unregister_trace_event - forget an event registered before
 * @event: the event
 *
 * Return: 0.
 */
int unregister_trace_event(struct trace_event *event)
{
	int ret;

	down_write(&trace_event_sem);
	ret = __unregister_trace_event(event);
	up_write(&trace_event_sem);
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_trace_event);

enum print_line_t trace_handle_return(struct trace_seq *s)
{
	return trace_seq_has_overflowed(s) ? TRACE_TYPE_PARTIAL_LINE :
					     TRACE_TYPE_HANDLED;
}
EXPORT_SYMBOL_GPL(trace_handle_return);

/* ============= helpers of TRACE_EVENT() print formats =============== */

/*
 * The __print_*() helpers write a NUL-terminated string into the
 * iterator's tmp_seq and return where it starts, to be used as a "%s"
 * argument of the event's format.
 */

/* Separate a flag name from the one before it, if any. */
static void flag_separator(struct trace_seq *p, const char *delim,
			   bool *first)
{
	if (!*first && delim)
		trace_seq_puts(p, delim);
	*first = false;
}

const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	bool first = true;
	int i;

	for (i = 0; flags && flag_array[i].name; i++) {
		unsigned long mask = flag_array[i].mask;

		if ((flags & mask) != mask)
			continue;
		flags &= ~mask;
		flag_separator(p, delim, &first);
		trace_seq_puts(p, flag_array[i].name);
	}
	/* Bits no name covers are shown as a number. */
	if (flags) {
		flag_separator(p, delim, &first);
		trace_seq_printf(p, "0x%lx", flags);
	}
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_flags_seq);

const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	int i;

	for (i = 0; symbol_array[i].name; i++) {
		if (symbol_array[i].mask == val) {
			trace_seq_puts(p, symbol_array[i].name);
			break;
		}
	}
	if (trace_seq_buffer_ptr(p) == start)
		trace_seq_printf(p, "0x%lx", val);
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_symbols_seq);

#if BITS_PER_LONG == 32
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	bool first = true;
	int i;

	for (i = 0; flags && flag_array[i].name; i++) {
		unsigned long long mask = flag_array[i].mask;

		if ((flags & mask) != mask)
			continue;
		flags &= ~mask;
		flag_separator(p, delim, &first);
		trace_seq_puts(p, flag_array[i].name);
	}
	if (flags) {
		flag_separator(p, delim, &first);
		trace_seq_printf(p, "0x%llx", flags);
	}
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

const char *trace_print_symbols_seq_u64(struct trace_seq *p,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	int i;

	for (i = 0; symbol_array[i].name; i++) {
		if (symbol_array[i].mask == val) {
			trace_seq_puts(p, symbol_array[i].name);
			break;
		}
	}
	if (trace_seq_buffer_ptr(p) == start)
		trace_seq_printf(p, "0x%llx", val);
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);
#endif

const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	const char *start = trace_seq_buffer_ptr(p);

	trace_seq_bitmask(p, bitmask_ptr, bitmask_size * BITS_PER_BYTE);
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/**
 * trace_print_hex_seq - a buffer as hex bytes
 * @p: the trace_seq to write to
 * @buf: the bytes
 * @buf_len: how many
 * @concatenate: one run of digits instead of space-separated bytes
 *
 * Return: the start of the NUL-terminated text in @p.
 */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int buf_len, bool concatenate)
{
	const char *start = trace_seq_buffer_ptr(p);
	int off;

	/* %*ph handles at most 64 bytes; go in rows of 16. */
	for (off = 0; off < buf_len; off += 16) {
		int n = min(buf_len - off, 16);

		if (concatenate) {
			trace_seq_printf(p, "%*phN", n, buf + off);
		} else {
			if (off)
				trace_seq_putc(p, ' ');
			trace_seq_printf(p, "%*ph", n, buf + off);
		}
	}
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_hex_seq);

static void print_array_elem(struct trace_seq *p, const char *sep,
			     const void *pos, size_t el_size)
{
	switch (el_size) {
	case 1:
		trace_seq_printf(p, "%s0x%x", sep, *(const u8 *)pos);
		break;
	case 2:
		trace_seq_printf(p, "%s0x%x", sep, *(const u16 *)pos);
		break;
	case 4:
		trace_seq_printf(p, "%s0x%x", sep, *(const u32 *)pos);
		break;
	case 8:
		trace_seq_printf(p, "%s0x%llx", sep, *(const u64 *)pos);
		break;
	}
}

const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size)
{
	const char *start = trace_seq_buffer_ptr(p);
	const u8 *pos = buf;
	const u8 *end = pos + count * el_size;

	trace_seq_putc(p, '{');
	for (; pos < end; pos += el_size) {
		if (el_size == 1 || el_size == 2 || el_size == 4 ||
		    el_size == 8) {
			print_array_elem(p, pos == buf ? "" : ",", pos,
					 el_size);
			continue;
		}
		/* Report an odd size once, then show the rest as bytes. */
		trace_seq_printf(p, "BAD SIZE:%zu 0x%x", el_size, *pos);
		el_size = 1;
	}
	trace_seq_putc(p, '}');
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_array_seq);

const char *trace_print_hex_dump_seq(struct trace_seq *p, const char *prefix_str,
				     int prefix_type, int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	const char *start = trace_seq_buffer_ptr(p);

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	trace_seq_putc(p, 0);
	return start;
}
EXPORT_SYMBOL(trace_print_hex_dump_seq);

/**
 * trace_raw_output_prep - start the line of a TRACE_EVENT() event
 * @iter: the iterator, positioned on an entry of @trace_event
 * @trace_event: the event (inside its struct trace_event_call)
 *
 * Return: TRACE_TYPE_HANDLED, TRACE_TYPE_PARTIAL_LINE when iter->seq is
 * full, or TRACE_TYPE_UNHANDLED when the entry is not of this event.
 */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *trace_event)
{
	struct trace_event_call *call;

	if (WARN_ON_ONCE(iter->ent->type != trace_event->type))
		return TRACE_TYPE_UNHANDLED;

	call = container_of(trace_event, struct trace_event_call, event);
	trace_seq_init(&iter->tmp_seq);
	trace_seq_printf(&iter->seq, "%s: ", trace_event_name(call));
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL(trace_raw_output_prep);

/*
 * Copy @src to @dst (when not NULL) turning every plain "%p" into "%px".
 * Return: the size of the result, NUL included.
 */
static size_t unhash_format(char *dst, const char *src)
{
	size_t n = 0;

	while (*src) {
		bool plain_p = src[0] == '%' && src[1] == 'p' &&
			       !isalnum(src[2]);
		size_t step = 1;

		if (src[0] == '%' && (src[1] == '%' || plain_p))
			step = 2;
		if (dst)
			memcpy(dst + n, src, step);
		n += step;
		src += step;
		if (plain_p) {
			if (dst)
				dst[n] = 'x';
			n++;
		}
	}
	if (dst)
		dst[n] = '\0';
	return n + 1;
}

/*
 * Make iter->fmt hold at least @size bytes, if it is ours to grow and this
 * context may sleep: ftrace_dump prints from an oops, sysrq or with
 * interrupts off, and its iterator must do without.
 */
static bool reserve_format_buf(struct trace_iterator *iter, size_t size)
{
	char *buf;

	if (iter->fmt && size <= iter->fmt_size)
		return true;
	if (iter->fmt && !(iter->iter_flags & TRACE_FILE_FMT_ALLOC))
		return false;
	if (!in_task() || irqs_disabled() || oops_in_progress)
		return false;

	size = round_up(size, 128);
	buf = krealloc(iter->fmt, size, GFP_KERNEL);
	if (!buf)
		return false;
	iter->fmt = buf;
	iter->fmt_size = size;
	iter->iter_flags |= TRACE_FILE_FMT_ALLOC;
	return true;
}

/*
 * With the hash-ptr option off, an event's "%p" prints the real address:
 * give vsnprintf() a copy of @fmt with "%px" instead.
 */
static const char *event_format(struct trace_iterator *iter, const char *fmt)
{
	if (WARN_ON_ONCE(!fmt))
		return fmt;
	if (!iter->tr || trace_flag_set(iter->tr, TRACE_ITER_HASH_PTR))
		return fmt;
	if (!reserve_format_buf(iter, unhash_format(NULL, fmt)))
		return fmt;
	unhash_format(iter->fmt, fmt);
	return iter->fmt;
}

/* An entry without a registered event cannot be trusted: say so. */
static bool event_unknown(struct trace_iterator *iter)
{
	if (ftrace_find_event(iter->ent->type))
		return false;
	trace_seq_printf(&iter->seq, "EVENT ID %d NOT FOUND?\n",
			 iter->ent->type);
	return true;
}

/**
 * trace_event_printf - print the payload of a TRACE_EVENT() event
 * @iter: the iterator
 * @fmt: the event's print format, followed by its arguments
 */
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
{
	va_list ap;

	if (event_unknown(iter))
		return;

	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, event_format(iter, fmt), ap);
	va_end(ap);
}
EXPORT_SYMBOL(trace_event_printf);

/**
 * trace_output_call - print a whole event line: "@name: " and the payload
 * @iter: the iterator
 * @name: the event's name
 * @fmt: its print format, followed by the arguments
 *
 * Return: an enum print_line_t value.
 */
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...)
{
	struct trace_seq *s = &iter->seq;
	va_list ap;

	trace_seq_printf(s, "%s: ", name);
	va_start(ap, fmt);
	trace_seq_vprintf(s, event_format(iter, fmt), ap);
	va_end(ap);
	return trace_handle_return(s);
}
EXPORT_SYMBOL_GPL(trace_output_call);

/* ========================== symbols ================================== */

#ifdef CONFIG_KALLSYMS
/*
 * The names of a few core kernel text addresses, per CPU. A reader
 * prints the same addresses over and over (every marker carries one
 * inside tracing_mark_write, every event of a kind the same caller),
 * and each kallsyms lookup searches the table, walks to the symbol and
 * decompresses its name. The symbols of vmlinux text never change, so
 * an entry never goes stale; module, BPF and init text are looked up
 * every time, as their addresses can be reused.
 *
 * Only task context uses the cache, with preemption off while it does.
 * What can interrupt it there (an irq, an NMI dumping the buffers) is
 * not task context and does its own lookup: an entry is never seen half
 * written.
 */
#define SYM_CACHE_BITS	2

struct sym_cache {
	struct {
		unsigned long addr;
		char name[KSYM_NAME_LEN];
	} way[1 << SYM_CACHE_BITS];
};

static DEFINE_PER_CPU(struct sym_cache, sym_cache);

/* The bare name of @address into @name (KSYM_NAME_LEN), "" if none. */
static void trace_sym_name(unsigned long address, char *name)
{
	struct sym_cache *c;
	unsigned int w;

	if (!in_task() || !__is_kernel_text(address)) {
		kallsyms_lookup(address, NULL, NULL, NULL, name);
		return;
	}
	preempt_disable_notrace();
	c = this_cpu_ptr(&sym_cache);
	w = hash_long(address, SYM_CACHE_BITS);
	if (c->way[w].addr != address) {
		kallsyms_lookup(address, NULL, NULL, NULL, c->way[w].name);
		/* a miss is not remembered: it prints as a number anyway */
		c->way[w].addr = c->way[w].name[0] ? address : 0;
	}
	strscpy(name, c->way[w].name, KSYM_NAME_LEN);
	preempt_enable_notrace();
}
#endif

static void trace_seq_print_sym(struct trace_seq *s, unsigned long address,
				bool offset)
{
#ifdef CONFIG_KALLSYMS
	char name[KSYM_SYMBOL_LEN];

	if (offset)
		sprint_symbol(name, address);
	else
		trace_sym_name(address, name);

	/* The return address was replaced: the real caller is unknown. */
	if (is_kretprobe_trampoline(address)) {
		trace_seq_puts(s, "[unknown/kretprobe'd]");
		return;
	}
	if (name[0]) {
		trace_seq_puts(s, name);
		return;
	}
#endif
	trace_seq_printf(s, "0x%08lx", address);
}

/**
 * seq_print_ip_sym - print a code address as the options ask
 * @s: the trace_seq
 * @ip: the address (0 prints "0")
 * @sym_flags: TRACE_ITER_SYM_OFFSET and TRACE_ITER_SYM_ADDR
 *
 * Return: 1 if @s did not overflow, else 0.
 */
int seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		     unsigned long sym_flags)
{
	if (!ip) {
		trace_seq_putc(s, '0');
		return !trace_seq_has_overflowed(s);
	}

	trace_seq_print_sym(s, ip, sym_flags & TRACE_ITER_SYM_OFFSET);
	if (sym_flags & TRACE_ITER_SYM_ADDR)
		trace_seq_printf(s, " <%0*lx>", 2 * (int)sizeof(long), ip);
	return !trace_seq_has_overflowed(s);
}

/* ===================== the context columns ========================== */

/* Time stamps are shown in microseconds, rounded to the nearest. */
static u64 ns_to_us(u64 ns)
{
	return div_u64(ns + NSEC_PER_USEC / 2, NSEC_PER_USEC);
}

static char irqs_off_char(unsigned char flags)
{
	bool bh_off = flags & TRACE_FLAG_BH_OFF;

	if (flags & TRACE_FLAG_IRQS_OFF)
		return bh_off ? 'D' : 'd';
	if (bh_off)
		return 'b';
	return flags & TRACE_FLAG_IRQS_NOSUPPORT ? 'X' : '.';
}

static char resched_char(unsigned char flags)
{
	/* Index: bit 0 need-resched (TIF), bit 1 preempt-resched. */
	static const char marks[4] = { '.', 'n', 'p', 'N' };
	int idx = (flags & TRACE_FLAG_NEED_RESCHED ? 1 : 0) |
		  (flags & TRACE_FLAG_PREEMPT_RESCHED ? 2 : 0);

	return marks[idx];
}

static char irq_context_char(unsigned char flags)
{
	bool hard = flags & TRACE_FLAG_HARDIRQ;
	bool soft = flags & TRACE_FLAG_SOFTIRQ;

	if (flags & TRACE_FLAG_NMI)
		return hard ? 'Z' : 'z';
	if (hard)
		return soft ? 'H' : 'h';
	return soft ? 's' : '.';
}

/* A depth counter as one hex digit, '.' for zero. */
static char depth_char(unsigned int depth)
{
	return depth ? hex_asc[depth & 0xf] : '.';
}

int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry)
{
	/* Low nibble: preemption depth; high nibble: migrate-disable. */
	trace_seq_printf(s, "%c%c%c%c%c",
			 irqs_off_char(entry->flags),
			 resched_char(entry->flags),
			 irq_context_char(entry->flags),
			 depth_char(entry->preempt_count & 0xf),
			 depth_char(entry->preempt_count >> 4));
	return !trace_seq_has_overflowed(s);
}

void trace_print_time_column(struct trace_iterator *iter, u64 ts)
{
	struct trace_seq *s = &iter->seq;
	u32 usecs;
	u64 secs;

	if (!(iter->iter_flags & TRACE_FILE_TIME_IN_NS)) {
		trace_seq_printf(s, " %12llu", ts);
		return;
	}
	secs = div_u64_rem(ns_to_us(ts), USEC_PER_SEC, &usecs);
	trace_seq_printf(s, " %5lu.%06lu", (unsigned long)secs,
			 (unsigned long)usecs);
}

static void print_tgid_column(struct trace_seq *s, int pid)
{
	int tgid = trace_find_tgid(pid);

	if (tgid)
		trace_seq_printf(s, "(%7d) ", tgid);
	else
		trace_seq_puts(s, "(-------) ");
}

/**
 * trace_print_context - the columns in front of an event
 * @iter: the iterator on the event
 *
 * "comm-pid [cpu] flags seconds.micros: " (tgid and flags optional).
 *
 * Return: 1 if iter->seq did not overflow, else 0.
 */
static int trace_print_context(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_entry *entry = iter->ent;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(entry->pid, comm);
	trace_seq_printf(s, "%16s-%-7d ", comm, entry->pid);
	if (trace_flag_set(iter->tr, TRACE_ITER_RECORD_TGID))
		print_tgid_column(s, entry->pid);
	trace_seq_printf(s, "[%03d] ", iter->cpu);
	if (trace_flag_set(iter->tr, TRACE_ITER_IRQ_INFO))
		trace_print_lat_fmt(s, entry);
	trace_print_time_column(iter, iter->ts);
	trace_seq_puts(s, ": ");
	return !trace_seq_has_overflowed(s);
}

static const struct {
	u64	ns;
	char	mark;
} delay_marks[] = {
	{ NSEC_PER_SEC,		'$' },
	{ 100 * NSEC_PER_MSEC,	'@' },
	{ 10 * NSEC_PER_MSEC,	'*' },
	{ NSEC_PER_MSEC,	'#' },
	{ 100 * NSEC_PER_USEC,	'!' },
	{ 10 * NSEC_PER_USEC,	'+' },
};

/**
 * trace_find_mark - the character flagging a long delay
 * @duration: the delay in nanoseconds
 *
 * Return: '$' above 1s, '@' 100ms, '*' 10ms, '#' 1ms, '!' 100us,
 * '+' 10us, else ' '.
 */
char trace_find_mark(unsigned long long duration)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(delay_marks); i++)
		if (duration > delay_marks[i].ns)
			return delay_marks[i].mark;
	return ' ';
}

/* "[stamp] ms.us (+ms.us): " of the verbose latency format. */
static void print_lat_verbose_ms(struct trace_seq *s, u64 ts, u64 abs_us,
				 u64 rel_us)
{
	u32 abs_rem, rel_rem;
	u64 abs_ms = div_u64_rem(abs_us, USEC_PER_MSEC, &abs_rem);
	u64 rel_ms = div_u64_rem(rel_us, USEC_PER_MSEC, &rel_rem);

	trace_seq_printf(s, "[%08llx] %ld.%03ldms (+%ld.%03ldms): ",
			 ns_to_us(ts), (long)abs_ms, (long)abs_rem,
			 (long)rel_ms, (long)rel_rem);
}

/* Time since the buffer was reset, and to the next event. */
static void print_lat_timestamp(struct trace_iterator *iter, u64 next_ts)
{
	bool verbose = trace_flag_set(iter->tr, TRACE_ITER_VERBOSE);
	bool in_ns = iter->iter_flags & TRACE_FILE_TIME_IN_NS;
	u64 abs = iter->ts - iter->array_buffer->time_start;
	u64 rel = next_ts - iter->ts;
	struct trace_seq *s = &iter->seq;

	if (in_ns) {
		abs = ns_to_us(abs);
		rel = ns_to_us(rel);
	}

	if (verbose && in_ns)
		print_lat_verbose_ms(s, iter->ts, abs, rel);
	else if (verbose)
		trace_seq_printf(s, "[%016llx] %lld (+%lld): ", iter->ts,
				 abs, rel);
	else if (in_ns)
		trace_seq_printf(s, " %4lldus%c: ", abs,
				 trace_find_mark(rel * NSEC_PER_USEC));
	else
		trace_seq_printf(s, " %4lld: ", abs);
}

/**
 * trace_print_lat_context - the columns of the latency format
 * @iter: the iterator on the event
 *
 * Looks at the next event to show the delay up to it.
 *
 * Return: 1 if iter->seq did not overflow, else 0.
 */
static int trace_print_lat_context(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_entry *entry;
	char comm[TASK_COMM_LEN];
	u64 next_ts;

	if (!trace_find_next_entry(iter, NULL, &next_ts))
		next_ts = iter->ts;
	/* Peeking may have moved the current entry to iter->temp. */
	entry = iter->ent;

	trace_find_cmdline(entry->pid, comm);
	if (trace_flag_set(iter->tr, TRACE_ITER_VERBOSE)) {
		trace_seq_printf(s, "%16s %7d %3d %d %08x %08lx ",
				 comm, entry->pid, iter->cpu, entry->flags,
				 entry->preempt_count & 0xf, iter->idx);
	} else {
		trace_seq_printf(s, "%8.8s-%-7d %3d", comm, entry->pid,
				 iter->cpu);
		trace_print_lat_fmt(s, entry);
	}
	print_lat_timestamp(iter, next_ts);
	return !trace_seq_has_overflowed(s);
}

/* ================== the core's own entries ========================== */

/* "function <-caller" of TRACE_FN and TRACE_FUNC_REPEATS */
void trace_print_fn_call(struct trace_seq *s, unsigned long ip,
			 unsigned long parent_ip, int flags)
{
	seq_print_ip_sym(s, ip, flags);
	if ((flags & TRACE_ITER_PRINT_PARENT) && parent_ip) {
		trace_seq_puts(s, " <-");
		seq_print_ip_sym(s, parent_ip, flags);
	}
}

/* TRACE_FN */
static enum print_line_t fn_trace(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	struct ftrace_entry *field = iter_entry(iter, struct ftrace_entry);
	struct trace_seq *s = &iter->seq;

	trace_print_fn_call(s, field->ip, field->parent_ip, flags);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t fn_raw(struct trace_iterator *iter, int flags,
				struct trace_event *event)
{
	struct ftrace_entry *field = iter_entry(iter, struct ftrace_entry);

	trace_seq_printf(&iter->seq, "%lx %lx\n", field->ip, field->parent_ip);
	return trace_handle_return(&iter->seq);
}

/* TRACE_STACK: one " => symbol" line per frame. */
static enum print_line_t stack_trace(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct stack_entry *field = iter_entry(iter, struct stack_entry);
	const unsigned long *end = (void *)iter->ent + iter->ent_size;
	struct trace_seq *s = &iter->seq;
	const unsigned long *p = field->caller;

	/* Trust the record's size only as far as the entry really goes. */
	if (field->size >= 0 && p + field->size < end)
		end = p + field->size;

	trace_seq_puts(s, "<stack trace>\n");
	for (; p < end && *p != ULONG_MAX; p++) {
		if (trace_seq_has_overflowed(s))
			break;
		trace_seq_puts(s, " => ");
		if (*p == FTRACE_TRAMPOLINE_MARKER) {
			trace_seq_puts(s, "[FTRACE TRAMPOLINE]\n");
			continue;
		}
		seq_print_ip_sym(s, *p, flags);
		trace_seq_putc(s, '\n');
	}
	return trace_handle_return(s);
}

/*
 * A user address: with sym-userobj, the file mapped there and the offset
 * into the mapping; the address itself when no file is known or sym-addr
 * asks for it.
 */
static void seq_print_user_ip(struct trace_seq *s, struct mm_struct *mm,
			      unsigned long ip, unsigned long sym_flags)
{
	struct vm_area_struct *vma;
	bool named = false;

	if (mm && mmap_read_trylock(mm)) {
		vma = find_vma(mm, ip);
		if (vma && vma->vm_start <= ip && vma->vm_file) {
			trace_seq_path(s, file_user_path(vma->vm_file));
			trace_seq_printf(s, "[+0x%lx]", ip - vma->vm_start);
			named = true;
		}
		mmap_read_unlock(mm);
	}
	if (!named || (sym_flags & TRACE_ITER_SYM_ADDR))
		trace_seq_printf(s, " <%016lx>", ip);
}

/* TRACE_USER_STACK: one " => address" line per frame. */
static enum print_line_t user_stack_trace(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct userstack_entry *field = iter_entry(iter, struct userstack_entry);
	struct trace_seq *s = &iter->seq;
	struct mm_struct *mm = NULL;
	struct task_struct *task;
	int i;

	trace_seq_puts(s, "<user stack trace>\n");
	if (iter->ent_size < sizeof(*field))
		return trace_handle_return(s);
	/*
	 * The task may be gone by now; the group leader lives longest.
	 * Only a reader that may sleep looks into its mappings (mmput()
	 * can sleep): a dump from an oops prints plain addresses.
	 */
	if (iter->tr && (iter->tr->trace_flags & TRACE_ITER_SYM_USEROBJ) &&
	    preemptible()) {
		rcu_read_lock();
		task = find_task_by_vpid(field->tgid);
		if (task)
			mm = get_task_mm(task);
		rcu_read_unlock();
	}
	for (i = 0; i < USER_STACK_ENTRIES; i++) {
		if (!field->caller[i] || trace_seq_has_overflowed(s))
			break;
		trace_seq_puts(s, " => ");
		seq_print_user_ip(s, mm, field->caller[i], flags);
		trace_seq_putc(s, '\n');
	}
	if (mm)
		mmput(mm);
	return trace_handle_return(s);
}

/* TRACE_PRINT: trace_marker and trace_printk() of plain text. */
static enum print_line_t print_trace(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct print_entry *field = iter_entry(iter, struct print_entry);

	seq_print_ip_sym(&iter->seq, field->ip, flags);
	trace_seq_printf(&iter->seq, ": %s", field->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_raw(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct print_entry *field = iter_entry(iter, struct print_entry);

	trace_seq_printf(&iter->seq, "# %lx %s", field->ip, field->buf);
	return trace_handle_return(&iter->seq);
}

/* TRACE_BPRINT: trace_printk() with its arguments still in binary. */
static enum print_line_t bprint_trace(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct bprint_entry *field = iter_entry(iter, struct bprint_entry);

	seq_print_ip_sym(&iter->seq, field->ip, flags);
	trace_seq_puts(&iter->seq, ": ");
	trace_seq_bprintf(&iter->seq, field->fmt, field->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t bprint_raw(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct bprint_entry *field = iter_entry(iter, struct bprint_entry);

	trace_seq_printf(&iter->seq, ": %lx : ", field->ip);
	trace_seq_bprintf(&iter->seq, field->fmt, field->buf);
	return trace_handle_return(&iter->seq);
}

/* TRACE_BPUTS: trace_puts() of a string constant. */
static enum print_line_t bputs_trace(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct bputs_entry *field = iter_entry(iter, struct bputs_entry);

	seq_print_ip_sym(&iter->seq, field->ip, flags);
	trace_seq_puts(&iter->seq, ": ");
	trace_seq_puts(&iter->seq, field->str);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t bputs_raw(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct bputs_entry *field = iter_entry(iter, struct bputs_entry);

	trace_seq_printf(&iter->seq, ": %lx : ", field->ip);
	trace_seq_puts(&iter->seq, field->str);
	return trace_handle_return(&iter->seq);
}

/* TRACE_RAW_DATA: trace_marker_raw, shown as its id and bytes. */
static enum print_line_t raw_data_trace(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct raw_data_entry *field = iter_entry(iter, struct raw_data_entry);
	int len = iter->ent_size - (int)offsetof(struct raw_data_entry, buf);
	int i;

	trace_seq_printf(&iter->seq, "# %x buf:", field->id);
	for (i = 0; i < len; i++)
		trace_seq_printf(&iter->seq, " %02x",
				 (unsigned char)field->buf[i]);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

/*
 * The struct trace_event of each core entry, from trace_core_entries.h.
 * Hex and bin output (CORE_OUTPUT_BIN) show each field in turn in native
 * byte order, as hex digits or as the bytes themselves; a flexible array
 * shows what the entry holds from its start on.
 */
static void put_bytes(struct trace_iterator *iter, bool hex, const void *p,
		      size_t len)
{
	if (hex)
		trace_seq_putmem_hex(&iter->seq, p, len);
	else
		trace_seq_putmem(&iter->seq, p, len);
}

static void put_rest(struct trace_iterator *iter, bool hex, const void *p)
{
	const void *end = (const void *)iter->ent + iter->ent_size;

	if (p < end)
		put_bytes(iter, hex, p, end - p);
}

#define CORE_PUT(x)	put_bytes(iter, hex, &(x), sizeof(x))

#define CORE_STRUCT(sname, fields)					\
static enum print_line_t __maybe_unused					\
core_fields_##sname(struct trace_iterator *iter, bool hex)		\
{									\
	struct sname *rec = iter_entry(iter, struct sname);		\
									\
	fields								\
	return trace_handle_return(&iter->seq);				\
}

#define ENTRY_FIELD(type, name)			CORE_PUT(rec->name)
#define ENTRY_ARRAY(type, name, ...)		CORE_PUT(rec->name)
#define ENTRY_FLEX(type, name)			put_rest(iter, hex, rec->name)
#define ENTRY_COUNTED(type, name, ...)		put_rest(iter, hex, rec->name)
#define ENTRY_NESTED(type, name, ...)		CORE_PUT(rec->name)
#define ENTRY_SUB(...)
#define CORE_EVENT(...)
/* Keyed by struct and entry type: two types may share one struct. */
#define CORE_OUTPUT(sname, id, trace_fn, raw_fn)			\
static struct trace_event_functions core_funcs_##sname##_##id = {	\
	.trace		= trace_fn,					\
	.raw		= raw_fn,					\
};									\
static struct trace_event core_event_##sname##_##id = {			\
	.type		= id,						\
	.funcs		= &core_funcs_##sname##_##id,			\
}

#define CORE_OUTPUT_BIN(sname, id, trace_fn, raw_fn)			\
static enum print_line_t core_hex_##sname(struct trace_iterator *iter,	\
					  int flags,			\
					  struct trace_event *event)	\
{									\
	return core_fields_##sname(iter, true);				\
}									\
static enum print_line_t core_bin_##sname(struct trace_iterator *iter,	\
					  int flags,			\
					  struct trace_event *event)	\
{									\
	return core_fields_##sname(iter, false);			\
}									\
static struct trace_event_functions core_funcs_##sname##_##id = {	\
	.trace		= trace_fn,					\
	.raw		= raw_fn,					\
	.hex		= core_hex_##sname,				\
	.binary		= core_bin_##sname,				\
};									\
static struct trace_event core_event_##sname##_##id = {			\
	.type		= id,						\
	.funcs		= &core_funcs_##sname##_##id,			\
}

#include "trace_core_entries.h"

static void __init register_core_event(struct trace_event *event)
{
	WARN_ONCE(!register_trace_event(event),
		  "trace event %d failed to register\n", event->type);
}

/**
 * init_trace_output_events - register the outputs of the core's entries
 *
 * Return: 0.
 */
int __init init_trace_output_events(void)
{
#define CORE_STRUCT(...)
#define CORE_EVENT(...)
#define CORE_OUTPUT(sname, id, ...)	register_core_event(&core_event_##sname##_##id)
#define CORE_OUTPUT_BIN(sname, id, ...)	register_core_event(&core_event_##sname##_##id)
#include "trace_core_entries.h"
	return 0;
}

/* ========================== one line ================================= */

/*
 * printk-msg-only: the text of trace_printk()/trace_marker entries
 * alone. Returns TRACE_TYPE_UNHANDLED for other entries.
 */
enum print_line_t trace_print_msg_only(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;

	switch (iter->ent->type) {
	case TRACE_PRINT:
		trace_seq_puts(s, iter_entry(iter, struct print_entry)->buf);
		break;
	case TRACE_BPRINT: {
		struct bprint_entry *field = iter_entry(iter, struct bprint_entry);

		trace_seq_bprintf(s, field->fmt, field->buf);
		break;
	}
	case TRACE_BPUTS:
		trace_seq_puts(s, iter_entry(iter, struct bputs_entry)->str);
		break;
	default:
		return TRACE_TYPE_UNHANDLED;
	}
	return trace_handle_return(s);
}

/* "##### CPU n buffer started ####" before a CPU's first event. */
static void annotate_cpu_start(struct trace_iterator *iter)
{
	int cpu = iter->cpu;

	if (!trace_flag_set(iter->tr, TRACE_ITER_ANNOTATE) ||
	    !(iter->iter_flags & TRACE_FILE_ANNOTATE))
		return;
	/* A buffer that dropped its start has nothing to announce. */
	if (per_cpu_ptr(iter->array_buffer->data, cpu)->skipped_entries)
		return;
	/* Announce each CPU once per open file. */
	if (cpumask_available(iter->started) &&
	    cpumask_test_and_set_cpu(cpu, iter->started))
		return;
	/* The first line of the whole trace needs no announcement. */
	if (iter->idx > 1)
		trace_seq_printf(&iter->seq, "##### CPU %u buffer started ####\n",
				 iter->cpu);
}

static void print_context_columns(struct trace_iterator *iter)
{
	if (!trace_flag_set(iter->tr, TRACE_ITER_CONTEXT_INFO))
		return;
	if (iter->iter_flags & TRACE_FILE_LAT_FMT)
		trace_print_lat_context(iter);
	else
		trace_print_context(iter);
}

static enum print_line_t print_default_fmt(struct trace_iterator *iter)
{
	int sym_flags = iter->tr->trace_flags & TRACE_ITER_SYM_MASK;
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;

	annotate_cpu_start(iter);
	print_context_columns(iter);
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;

	/* Looked up after the context: the lat format may move iter->ent. */
	event = ftrace_find_event(iter->ent->type);
	if (!event) {
		trace_seq_printf(s, "Unknown type %d\n", iter->ent->type);
		return trace_handle_return(s);
	}
	return event->funcs->trace(iter, sym_flags, event);
}

static enum print_line_t print_raw_fmt(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;

	if (trace_flag_set(iter->tr, TRACE_ITER_CONTEXT_INFO))
		trace_seq_printf(s, "%d %d %llu ", iter->ent->pid, iter->cpu,
				 iter->ts);
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;

	event = ftrace_find_event(iter->ent->type);
	if (event)
		return event->funcs->raw(iter, 0, event);

	trace_seq_printf(s, "%d ?\n", iter->ent->type);
	return trace_handle_return(s);
}

static enum print_line_t print_hex_fmt(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	unsigned char newline = '\n';
	struct trace_event *event;
	enum print_line_t ret;

	if (trace_flag_set(iter->tr, TRACE_ITER_CONTEXT_INFO)) {
		SEQ_PUT_HEX_FIELD(s, iter->ent->pid);
		SEQ_PUT_HEX_FIELD(s, iter->cpu);
		SEQ_PUT_HEX_FIELD(s, iter->ts);
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	event = ftrace_find_event(iter->ent->type);
	if (event) {
		ret = event->funcs->hex(iter, 0, event);
		if (ret != TRACE_TYPE_HANDLED)
			return ret;
	}
	SEQ_PUT_FIELD(s, newline);
	return trace_handle_return(s);
}

static enum print_line_t print_bin_fmt(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;

	if (trace_flag_set(iter->tr, TRACE_ITER_CONTEXT_INFO)) {
		SEQ_PUT_FIELD(s, iter->ent->pid);
		SEQ_PUT_FIELD(s, iter->cpu);
		SEQ_PUT_FIELD(s, iter->ts);
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	event = ftrace_find_event(iter->ent->type);
	return event ? event->funcs->binary(iter, 0, event) :
		       TRACE_TYPE_HANDLED;
}

static void trace_print_lost_line(struct trace_iterator *iter)
{
	char count[24] = "";

	/* -1: the reader knows events were lost, but not how many. */
	if (iter->lost_events != (unsigned long)-1)
		snprintf(count, sizeof(count), "%lu ", iter->lost_events);
	trace_seq_printf(&iter->seq, "CPU:%d [LOST %sEVENTS]\n", iter->cpu,
			 count);
}

/* The tracer's own print_line, or TRACE_TYPE_UNHANDLED. */
static enum print_line_t tracer_print_line(struct trace_iterator *iter)
{
	struct tracer *tracer = iter->trace;

	if (!tracer || !tracer->print_line)
		return TRACE_TYPE_UNHANDLED;
	return tracer->print_line(iter);
}

/**
 * print_trace_line - the text of the entry at iter->ent into iter->seq
 * @iter: the iterator
 *
 * Called with trace_event_read_lock() held (ftrace_dump excepted). A
 * "lost events" line comes first when iter->lost_events is set; then the
 * tracer may print the entry itself; otherwise the options choose the
 * format.
 *
 * Return: TRACE_TYPE_PARTIAL_LINE when iter->seq overflowed (flush and
 * retry), otherwise what the printing callback returned.
 */
enum print_line_t print_trace_line(struct trace_iterator *iter)
{
	unsigned int flags = iter->tr->trace_flags;
	const unsigned int msg_only = TRACE_ITER_PRINTK |
				      TRACE_ITER_PRINTK_MSGONLY;
	enum print_line_t ret;

	if (iter->lost_events) {
		trace_print_lost_line(iter);
		if (trace_seq_has_overflowed(&iter->seq))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	ret = tracer_print_line(iter);
	if (ret == TRACE_TYPE_UNHANDLED && (flags & msg_only) == msg_only)
		ret = trace_print_msg_only(iter);
	if (ret != TRACE_TYPE_UNHANDLED)
		return ret;

	if (flags & TRACE_ITER_BIN)
		return print_bin_fmt(iter);
	if (flags & TRACE_ITER_HEX)
		return print_hex_fmt(iter);
	if (flags & TRACE_ITER_RAW)
		return print_raw_fmt(iter);
	return print_default_fmt(iter);
}

/* ============================ headers ================================ */

/*
 * Entries still in @buf, and entries written (those plus the ones
 * overwritten). A CPU whose start was dropped when a latency snapshot was
 * taken counts only what is shown.
 */
static void count_entries(struct array_buffer *buf, unsigned long *total,
			  unsigned long *entries)
{
	unsigned long count, skipped;
	int cpu;

	*total = 0;
	*entries = 0;
	for_each_possible_cpu(cpu) {
		count = ring_buffer_entries_cpu(buf->buffer, cpu);
		skipped = per_cpu_ptr(buf->data, cpu)->skipped_entries;
		if (skipped) {
			count -= skipped;
			*total += count;
		} else {
			*total += count +
				  ring_buffer_overrun_cpu(buf->buffer, cpu);
		}
		*entries += count;
	}
}

static void print_event_info(struct array_buffer *buf, struct seq_file *m)
{
	unsigned long total, entries;

	count_entries(buf, &total, &entries);
	seq_printf(m, "# entries-in-buffer/entries-written: %lu/%lu   #P:%d\n",
		   entries, total, num_online_cpus());
	seq_puts(m, "#\n");
}

static void print_func_help_header(struct array_buffer *buf,
				   struct seq_file *m, bool tgid)
{
	print_event_info(buf, m);
	seq_printf(m, "#           TASK-PID    %s CPU#     TIMESTAMP  FUNCTION\n",
		   tgid ? "   TGID   " : "");
	seq_printf(m, "#              | |      %s   |         |         |\n",
		   tgid ? "     |    " : "");
}

/* The legend of the flags column, one line per flag character. */
static const char * const irq_flags_legend[] = {
	"  _-----=> irqs-off/BH-disabled",
	" / _----=> need-resched",
	"| / _---=> hardirq/softirq",
	"|| / _--=> preempt-depth",
	"||| / _-=> migrate-disable",
	"|||| /     delay",
};

static void print_func_help_header_irq(struct array_buffer *buf,
				       struct seq_file *m, bool tgid)
{
	/* The tgid column shifts everything right by 10. */
	int pad = tgid ? 12 : 2;
	int i;

	print_event_info(buf, m);
	for (i = 0; i < ARRAY_SIZE(irq_flags_legend); i++)
		seq_printf(m, "#                            %*s%s\n", pad, "",
			   irq_flags_legend[i]);
	seq_printf(m, "#           TASK-PID  %.*s CPU#  |||||  TIMESTAMP  FUNCTION\n",
		   pad, "     TGID   ");
	seq_printf(m, "#              | |    %.*s   |   |||||     |         |\n",
		   pad, "       |    ");
}

/* The legend of the latency format; its lines are padded to 47 columns. */
static const char * const lat_legend[] = {
	"#                    _------=> CPU#",
	"#                   / _-----=> irqs-off/BH-disabled",
	"#                  | / _----=> need-resched",
	"#                  || / _---=> hardirq/softirq",
	"#                  ||| / _--=> preempt-depth",
	"#                  |||| / _-=> migrate-disable",
	"#                  ||||| /     delay",
	"#  cmd     pid     |||||| time  |   caller",
};

static void print_lat_help_header(struct seq_file *m)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(lat_legend); i++)
		seq_printf(m, "%-47s\n", lat_legend[i]);
	/* The last line is two columns shorter. */
	seq_printf(m, "%-45s\n", "#     \\   /        ||||||  \\    |    /");
}

static const char *preempt_model_name(void)
{
	if (preempt_model_none())
		return "server";
	if (preempt_model_voluntary())
		return "desktop";
	if (preempt_model_full())
		return "preempt";
	if (preempt_model_rt())
		return "preempt_rt";
	return "unknown";
}

/* One end of the recorded critical section: @label, then the symbol. */
static void print_section_end(struct seq_file *m, struct trace_iterator *iter,
			      const char *label, unsigned long ip)
{
	seq_puts(m, label);
	/* Symbol lookup writes to a trace_seq; move it over at once. */
	seq_print_ip_sym(&iter->seq, ip,
			 iter->tr->trace_flags & TRACE_ITER_SYM_MASK);
	trace_print_seq(m, &iter->seq);
}

/**
 * print_trace_header - the summary of a latency trace
 * @m: the seq_file of the trace file
 * @iter: its iterator; iter->array_buffer->cpu is the CPU that recorded
 *	the maximum and its per-CPU data describes the task
 */
void print_trace_header(struct seq_file *m, struct trace_iterator *iter)
{
	struct array_buffer *buf = iter->array_buffer;
	struct trace_array_cpu *data = per_cpu_ptr(buf->data, buf->cpu);
	unsigned long total, entries;

	count_entries(buf, &total, &entries);

	seq_printf(m, "# %s latency trace v1.1.5 on %s\n",
		   iter->trace->name, init_utsname()->release);
	seq_printf(m, "# %.68s\n",
		   "--------------------------------------------------------------------");
	/* VP, KP, SP and HP have always been printed as 0. */
	seq_printf(m, "# latency: %lu us, #%lu/%lu, CPU#%d | (M:%s VP:%d, KP:%d, SP:%d HP:%d",
		   data->saved_latency / NSEC_PER_USEC, entries, total,
		   buf->cpu, preempt_model_name(), 0, 0, 0, 0);
	if (IS_ENABLED(CONFIG_SMP))
		seq_printf(m, " #P:%d)\n", num_online_cpus());
	else
		seq_puts(m, ")\n");
	seq_puts(m, "#    -----------------\n");
	seq_printf(m, "#    | task: %.16s-%d (uid:%d nice:%ld policy:%ld rt_prio:%ld)\n",
		   data->comm, data->pid,
		   from_kuid_munged(seq_user_ns(m), data->uid), data->nice,
		   data->policy, data->rt_priority);
	seq_puts(m, "#    -----------------\n");

	if (data->critical_start) {
		print_section_end(m, iter, "#  => started at: ",
				  data->critical_start);
		print_section_end(m, iter, "\n#  => ended at:   ",
				  data->critical_end);
		seq_puts(m, "\n#\n");
	}
	seq_puts(m, "#\n");
}

/**
 * trace_latency_header - the header latency tracers print
 * @m: the seq_file; m->private is the struct trace_iterator
 *
 * Prints nothing at all while the buffers are empty.
 */
static void trace_latency_header(struct seq_file *m)
{
	struct trace_iterator *iter = m->private;

	if (trace_empty(iter))
		return;
	if (iter->iter_flags & TRACE_FILE_LAT_FMT)
		print_trace_header(m, iter);
	if (!trace_flag_set(iter->tr, TRACE_ITER_VERBOSE))
		print_lat_help_header(m);
}

/**
 * trace_default_header - the header of `trace` and `snapshot`
 * @m: the seq_file; m->private is the struct trace_iterator
 */
void trace_default_header(struct seq_file *m)
{
	struct trace_iterator *iter = m->private;
	unsigned int flags = iter->tr->trace_flags;
	bool tgid = flags & TRACE_ITER_RECORD_TGID;

	if (!(flags & TRACE_ITER_CONTEXT_INFO))
		return;

	if (iter->iter_flags & TRACE_FILE_LAT_FMT) {
		trace_latency_header(m);
		return;
	}
	if (flags & TRACE_ITER_VERBOSE)
		return;
	if (flags & TRACE_ITER_IRQ_INFO)
		print_func_help_header_irq(iter->array_buffer, m, tgid);
	else
		print_func_help_header(iter->array_buffer, m, tgid);
}
