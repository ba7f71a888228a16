// SPDX-License-Identifier: GPL-2.0
/*
 * trace_seq: a fixed-size text buffer that output code passes around to
 * build one line (or one event) of trace text.
 *
 * Every write is all or nothing. When a write does not fit, the buffer is
 * left exactly as it was before the write and marked full; later writes
 * are refused until it is reinitialised. A reader that sees the overflow
 * can therefore flush what is there and redo the whole event, without a
 * torn half-line ever reaching user space.
 *
 * A zero-filled trace_seq is valid: the first write initialises it.
 */
#include <linux/uaccess.h>
#include <linux/seq_file.h>
#include <linux/trace_seq.h>
#include <linux/kernel.h>
#include <linux/export.h>

static inline unsigned int tseq_room(struct trace_seq *s)
{
	return seq_buf_buffer_left(&s->seq);
}

/* Initialise a trace_seq that was only zero-filled. */
static inline void tseq_ready(struct trace_seq *s)
{
	if (unlikely(!s->seq.size))
		trace_seq_init(s);
}

/*
 * Start a write: false if the buffer already overflowed. Otherwise
 * remember the current length in @mark so tseq_end() can undo a write
 * that did not fit.
 */
static bool tseq_begin(struct trace_seq *s, unsigned int *mark)
{
	if (s->full)
		return false;
	tseq_ready(s);
	*mark = s->seq.len;
	return true;
}

/* Finish a write: roll back to @mark and go full if it overflowed. */
static bool tseq_end(struct trace_seq *s, unsigned int mark)
{
	if (likely(!seq_buf_has_overflowed(&s->seq)))
		return true;
	s->seq.len = mark;
	s->full = 1;
	return false;
}

/* For writes whose size is known up front: is there room for @len? */
static bool tseq_reserve(struct trace_seq *s, unsigned int len)
{
	if (len <= tseq_room(s))
		return true;
	s->full = 1;
	return false;
}

/**
 * trace_print_seq - copy a trace_seq into a seq_file
 * @m: destination seq_file
 * @s: source trace_seq
 *
 * On success @s is reset; on failure it is kept so the caller can retry
 * once the seq_file has been flushed.
 *
 * Return: 0 on success, -1 if @m had no room for all of it.
 */
int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	int ret;

	tseq_ready(s);
	ret = seq_buf_print_seq(m, &s->seq);
	if (!ret)
		trace_seq_init(s);
	return ret;
}

/**
 * trace_seq_vprintf - append formatted text to a trace_seq
 * @s: the trace_seq
 * @fmt: printf format
 * @args: its arguments
 */
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	unsigned int mark;

	if (!tseq_begin(s, &mark))
		return;
	seq_buf_vprintf(&s->seq, fmt, args);
	tseq_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

/**
 * trace_seq_printf - append formatted text to a trace_seq
 * @s: the trace_seq
 * @fmt: printf format, followed by its arguments
 */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(s, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

/**
 * trace_seq_bprintf - format arguments saved in binary by vbin_printf()
 * @s: the trace_seq
 * @fmt: the format the arguments were saved with
 * @binary: the saved arguments
 *
 * trace_printk() records the format pointer and the raw argument words
 * only; this does the conversion to text when the trace is read.
 */
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
	unsigned int mark;
	size_t room;
	char *dst;
	int len;

	if (!tseq_begin(s, &mark))
		return;

	room = seq_buf_get_buf(&s->seq, &dst);
	len = bstr_printf(dst, room, fmt, binary);
	/* Like the printf case: the text must fit with its terminating NUL. */
	if (len >= 0 && len < room)
		seq_buf_commit(&s->seq, len);
	else
		s->full = 1;
}
EXPORT_SYMBOL_GPL(trace_seq_bprintf);

/**
 * trace_seq_bitmask - append a bitmask as a hex mask string ("%*pb")
 * @s: the trace_seq
 * @maskp: the bitmap
 * @nmaskbits: how many bits of @maskp are valid
 */
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits)
{
	unsigned int mark;

	if (!tseq_begin(s, &mark))
		return;
	seq_buf_printf(&s->seq, "%*pb", nmaskbits, maskp);
	tseq_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_bitmask);

/**
 * trace_seq_puts - append a string
 * @s: the trace_seq
 * @str: NUL-terminated string (the NUL is not copied)
 */
void trace_seq_puts(struct trace_seq *s, const char *str)
{
	trace_seq_putmem(s, str, strlen(str));
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

/**
 * trace_seq_putc - append one character
 * @s: the trace_seq
 * @c: the character
 */
void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	unsigned int mark;

	if (tseq_begin(s, &mark) && tseq_reserve(s, 1))
		seq_buf_putc(&s->seq, c);
}
EXPORT_SYMBOL_GPL(trace_seq_putc);

/**
 * trace_seq_putmem - append raw bytes
 * @s: the trace_seq
 * @mem: the bytes
 * @len: how many
 */
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	unsigned int mark;

	if (tseq_begin(s, &mark) && tseq_reserve(s, len))
		seq_buf_putmem(&s->seq, mem, len);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

/**
 * trace_seq_putmem_hex - append bytes as hex digits
 * @s: the trace_seq
 * @mem: the bytes
 * @len: how many
 *
 * The bytes go out in words of up to 8 bytes, each read as a native
 * number and followed by a space (the format of the "hex" option).
 */
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len)
{
	unsigned int mark;

	if (!tseq_begin(s, &mark) || !tseq_reserve(s, len * 2))
		return;
	/* The separating spaces are not in the estimate: check again. */
	seq_buf_putmem_hex(&s->seq, mem, len);
	tseq_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem_hex);

/**
 * trace_seq_path - append the name of a path, newlines escaped
 * @s: the trace_seq
 * @path: the path
 *
 * Return: 1 if it was written, 0 if it did not fit (nothing written).
 */
int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	unsigned int mark;

	if (!tseq_begin(s, &mark) || !tseq_reserve(s, 1))
		return 0;
	seq_buf_path(&s->seq, path, "\n");
	return tseq_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_path);

/**
 * trace_seq_to_user - copy unread text of a trace_seq to user space
 * @s: the trace_seq; s->readpos says how much was already copied
 * @ubuf: user buffer
 * @cnt: its size
 *
 * Return: bytes copied, -EBUSY if nothing is left to copy, or -EFAULT.
 */
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt)
{
	int copied;

	tseq_ready(s);
	copied = seq_buf_to_user(&s->seq, ubuf, s->readpos, cnt);
	s->readpos += max(copied, 0);
	return copied;
}
EXPORT_SYMBOL_GPL(trace_seq_to_user);

/**
 * trace_seq_hex_dump - append a hex dump in print_hex_dump() layout
 * @s: the trace_seq
 * @prefix_str: text at the start of each line
 * @prefix_type: DUMP_PREFIX_NONE, _ADDRESS or _OFFSET
 * @rowsize: bytes per line (16 or 32)
 * @groupsize: bytes per group
 * @buf: the data
 * @len: its length
 * @ascii: also show the bytes as characters
 *
 * Return: 1 if it was written, 0 if it did not fit (nothing written).
 */
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii)
{
	unsigned int mark;

	if (!tseq_begin(s, &mark) || !tseq_reserve(s, 1))
		return 0;
	seq_buf_hex_dump(&s->seq, prefix_str, prefix_type, rowsize,
			 groupsize, buf, len, ascii);
	return tseq_end(s, mark);
}
EXPORT_SYMBOL(trace_seq_hex_dump);

/**
 * trace_seq_acquire - hand out @len bytes of the buffer to fill directly
 * @s: the trace_seq
 * @len: bytes wanted
 *
 * For output helpers that format into a char array themselves. Several
 * pieces may be taken while one event is printed.
 *
 * Return: where the caller may write. If fewer than @len bytes are left
 * this warns and nothing is reserved.
 */
char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	char *start = trace_seq_buffer_ptr(s);

	if (!WARN_ON_ONCE(tseq_room(s) < len))
		seq_buf_commit(&s->seq, len);
	return start;
}
EXPORT_SYMBOL(trace_seq_acquire);
