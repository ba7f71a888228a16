// SPDX-License-Identifier: GPL-2.0
/*
 * Sets of pids: what set_event_pid, set_event_notrace_pid,
 * set_ftrace_pid and set_ftrace_notrace_pid hold.
 *
 * A set is a bitmap indexed by pid, published under RCU: writers build
 * a new set (the old one's pids plus the words written) and swap it in,
 * so a bad word leaves the published set as it was. Probes test one bit
 * with preemption off. The fork and exit probes of the *-fork options
 * change a published set in place with atomic bit operations, which
 * need no allocation where those probes run; a pid beyond the bitmap
 * (pid_max raised after the set was written) is never added that way.
 */
#include <linux/bitmap.h>
#include <linux/ctype.h>
#include <linux/kstrtox.h>
#include <linux/overflow.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/threads.h>

#include "trace.h"

struct trace_pid_set {
	unsigned int	nbits;
	unsigned long	bits[];
};

static bool trace_pid_set_has(const struct trace_pid_set *s, pid_t pid)
{
	return s && pid >= 0 && pid < s->nbits && test_bit(pid, s->bits);
}

bool trace_pid_ignore_task(const struct trace_pid_set *pids,
			   const struct trace_pid_set *no_pids,
			   struct task_struct *task)
{
	if (trace_pid_set_has(no_pids, task->pid))
		return true;
	return pids && !trace_pid_set_has(pids, task->pid);
}

static struct trace_pid_set *pid_set_alloc(unsigned int nbits)
{
	struct trace_pid_set *s;

	s = kvzalloc(struct_size(s, bits, BITS_TO_LONGS(nbits)), GFP_KERNEL);
	if (s)
		s->nbits = nbits;
	return s;
}

void trace_pid_set_free(struct trace_pid_set *s)
{
	kvfree(s);
}

/* The longest word taken: upstream's parser holds 127 characters. */
#define PID_WORD_MAX	127

/*
 * Pass each pid of the @len bytes at @text to @each, if any, and leave
 * the largest in *@max. Words are separated by white space as isspace()
 * has it (so a CRLF line end is fine) and by NUL bytes: upstream's
 * tokenizer stops a word at a NUL as at a blank, and a writer that
 * retries the rest of a short write sees exactly that. Errors as
 * upstream's: -EINVAL for a word that is not a number (or too long to
 * be one), -EPERM for a pid out of range. The range is where we differ
 * on purpose: upstream takes any pid below 2^30 (and wraps a number
 * beyond 2^32 into one), ours stops at PID_MAX_LIMIT, the bound of every
 * pid a task can have, which the bitmap has to cover.
 */
static int pid_words(const char *text, size_t len, unsigned long *max,
		     int (*each)(unsigned long pid, void *arg), void *arg)
{
	char word[PID_WORD_MAX + 1];
	unsigned long pid;
	size_t i, n;
	int ret;

	for (i = 0; i < len; ) {
		if (!text[i] || isspace(text[i])) {
			i++;
			continue;
		}
		for (n = 0; i < len && text[i] && !isspace(text[i]); i++, n++) {
			if (n == PID_WORD_MAX)
				return -EINVAL;
			word[n] = text[i];
		}
		word[n] = '\0';
		if (kstrtoul(word, 0, &pid))
			return -EINVAL;
		if (pid >= PID_MAX_LIMIT)
			return -EPERM;
		if (pid > *max)
			*max = pid;
		if (each) {
			ret = each(pid, arg);
			if (ret)
				return ret;
		}
	}
	return 0;
}

static int pid_word_set(unsigned long pid, void *arg)
{
	struct trace_pid_set *s = arg;

	__set_bit(pid, s->bits);
	return 0;
}

/**
 * trace_pid_set_write - a set of pids file's write
 * @from: the published set, or NULL
 * @text: what the user wrote
 * @len: its length (it may hold NUL bytes)
 * @to: the new set, or NULL when it has no pid
 *
 * The new set holds @from's pids and those of @text; the caller
 * publishes it and frees @from after a grace period. Returns 0 or
 * -errno, in which case nothing was allocated.
 */
int trace_pid_set_write(const struct trace_pid_set *from, const char *text,
			size_t len, struct trace_pid_set **to)
{
	unsigned long max = 0;
	unsigned int nbits;
	struct trace_pid_set *s;
	int ret;

	/* A first pass for errors and the size. */
	ret = pid_words(text, len, &max, NULL, NULL);
	if (ret)
		return ret;

	nbits = max_t(unsigned int, pid_max, PID_MAX_DEFAULT);
	nbits = max_t(unsigned int, nbits, max + 1);
	if (from)
		nbits = max(nbits, from->nbits);
	s = pid_set_alloc(nbits);
	if (!s)
		return -ENOMEM;
	if (from)
		bitmap_copy(s->bits, from->bits, from->nbits);
	pid_words(text, len, &max, pid_word_set, s);
	/* nothing in it: the file reads back empty, as upstream's */
	if (bitmap_empty(s->bits, s->nbits)) {
		kvfree(s);
		s = NULL;
	}
	*to = s;
	return 0;
}

/* The fork probes: @child joins @s when @parent is in it. */
void trace_pid_set_fork(struct trace_pid_set *s, struct task_struct *parent,
			struct task_struct *child)
{
	if (trace_pid_set_has(s, parent->pid) && child->pid < s->nbits)
		set_bit(child->pid, s->bits);
}

/* The exit probes: @task leaves @s, its pid may go to anyone. */
void trace_pid_set_exit(struct trace_pid_set *s, struct task_struct *task)
{
	if (trace_pid_set_has(s, task->pid))
		clear_bit(task->pid, s->bits);
}

/* The first pid of @s at or after @pos, or -1. */
long trace_pid_set_next(const struct trace_pid_set *s, loff_t pos)
{
	unsigned long bit;

	if (!s || pos < 0 || pos >= s->nbits)
		return -1;
	bit = find_next_bit(s->bits, s->nbits, pos);
	return bit < s->nbits ? bit : -1;
}
