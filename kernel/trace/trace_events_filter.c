// SPDX-License-Identifier: GPL-2.0
/*
 * The event filter language: compiling an expression for one event, and
 * running the result on that event's records.
 *
 *	expr  := term { "||" term }
 *	term  := unary { "&&" unary }
 *	unary := "!" unary | "(" expr ")" | field [.ustring] [.function] op value
 *
 * with ops == != < <= > >= & for numbers, == != ~ for strings (~ is a
 * shell glob), == != & against a CPUS{list}, and == != for the function
 * an address lies in. The language, its error messages and where their
 * caret points are upstream's ABI; the code is ours.
 *
 * Compilation turns each predicate into a leaf, in the order they are
 * written, and links the leaves into a decision graph: every leaf names
 * what comes next when it holds and when it does not, another leaf or
 * the verdict. "a && b" sends a's true exit to b, "a || b" sends a's
 * false exit to b, and "!" swaps the exits of what it negates. While an
 * operand is being built, its exits that still lack a target are kept on
 * two chains (true and false) threaded through the exit fields
 * themselves, and pointed at their target once the operator after them
 * is known. Every exit points forward, so a record is judged by a loop of
 * at most nr_leaves steps, with no stack and C's short-circuit order.
 *
 * Nothing here recurses: parentheses nest as deep as a page of input
 * allows, each level taking one frame of an array that a first pass over
 * the text sizes. Nothing here takes a lock either; callers serialise
 * compilation against their own state, and a compiled filter never
 * changes, so any number of CPUs may run it at once.
 */
#include <linux/cpumask.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include "trace_events_filter.h"

const char *filter_err_text[FILTER_ERR_MAX] = {
	[FILTER_ERR_NONE]		= "No error",
	[FILTER_ERR_INVALID_OP]		= "Invalid operator",
	[FILTER_ERR_TOO_MANY_OPEN]	= "Too many '('",
	[FILTER_ERR_TOO_MANY_CLOSE]	= "Too few '('",
	[FILTER_ERR_MISSING_QUOTE]	= "Missing matching quote",
	[FILTER_ERR_MISSING_BRACE_OPEN]	= "Missing '{'",
	[FILTER_ERR_MISSING_BRACE_CLOSE] = "Missing '}'",
	[FILTER_ERR_OPERAND_TOO_LONG]	= "Operand too long",
	[FILTER_ERR_EXPECT_STRING]	= "Expecting string field",
	[FILTER_ERR_EXPECT_DIGIT]	= "Expecting numeric field",
	[FILTER_ERR_ILLEGAL_FIELD_OP]	= "Illegal operation for field type",
	[FILTER_ERR_FIELD_NOT_FOUND]	= "Field not found",
	[FILTER_ERR_ILLEGAL_INTVAL]	= "Illegal integer value",
	[FILTER_ERR_BAD_SUBSYS_FILTER]	=
		"Couldn't find or set field in one of a subsystem's events",
	[FILTER_ERR_TOO_MANY_PREDS]	= "Too many terms in predicate expression",
	[FILTER_ERR_INVALID_FILTER]	= "Meaningless filter expression",
	[FILTER_ERR_INVALID_CPULIST]	= "Invalid cpulist",
	[FILTER_ERR_IP_FIELD_ONLY]	=
		"Only 'ip' field is supported for function trace",
	[FILTER_ERR_INVALID_VALUE]	= "Invalid value (did you forget quotes)?",
	[FILTER_ERR_NO_FUNCTION]	= "Function not found",
	[FILTER_ERR_ERRNO]		= "Error",
	[FILTER_ERR_NO_FILTER]		= "No filter found",
};

/* ------------------------------------------------------------- programs */

enum filter_op {
	OP_EQ,
	OP_NE,
	OP_LT,
	OP_LE,
	OP_GT,
	OP_GE,
	OP_BAND,
	OP_GLOB,
};

enum leaf_kind {
	LEAF_NEVER,	/* cannot hold: a field of a size we cannot compare */
	LEAF_NUM,	/* a number (of the record, or the CPU) against val */
	LEAF_FUNC,	/* an address of the record inside [range[0], range[1]) */
	LEAF_STR,	/* a string against pat */
	LEAF_CPUS,	/* a CPU number or mask against mask */
};

/* Where a leaf's left-hand side comes from. */
enum leaf_src {
	SRC_FIELD,	/* the record, at offset, size bytes */
	SRC_CPU,	/* the CPU the event fires on */
	SRC_MASK,	/* a __data_loc cpumask of the record */
	SRC_FIXED,	/* a char array of the record */
	SRC_LOC,	/* a __data_loc string of the record */
	SRC_RELLOC,	/* a __rel_loc string of the record */
	SRC_PTR,	/* a char * of the record, into the kernel */
	SRC_USER,	/* a char * of the record, into user space */
	SRC_COMM,	/* the name of the current task */
};

#define LEAF_SIGNED	0x01	/* compare as signed numbers */
#define LEAF_NEGATE	0x02	/* the test's outcome is inverted */

/* Targets of an exit besides leaves (which are >= 0). */
#define VERDICT_MATCH	(-1)
#define VERDICT_DROP	(-2)
/* While compiling: the end of a chain of exits still to be targeted. */
#define CHAIN_END	(-3)

enum pattern_kind {
	PAT_EXACT,
	PAT_PREFIX,
	PAT_SUFFIX,
	PAT_INFIX,
	PAT_GLOB,
};

struct filter_pattern {
	u8	kind;
	u16	len;
	char	text[];		/* len characters and a NUL */
};

struct filter_leaf {
	u8		kind;
	u8		src;
	u8		op;
	u8		flags;
	u16		size;
	u32		offset;
	int		next[2];	/* where to go when false ([0]), true */
	union {
		u64			val;	/* as load_num() reads the field */
		unsigned long		range[2];
		struct filter_pattern	*pat;
		struct cpumask		*mask;
	};
};

/*
 * A char * field is copied before it is looked at, as the pointer comes
 * from the traced code: a bad one must fault harmlessly. Each CPU has a
 * buffer per context that may nest (task, softirq, irq, NMI); deeper
 * nesting just fails the predicate.
 */
#define FILTER_SCRATCH_LEN	1024
#define FILTER_SCRATCH_DEPTH	4

struct filter_scratch {
	unsigned int	depth;
	char		buf[FILTER_SCRATCH_DEPTH][FILTER_SCRATCH_LEN];
};

/* Allocated on first need and kept: filters are made often, freed often. */
static struct filter_scratch __percpu *filter_scratch;

/* ----------------------------------------------------------- evaluation */

/* @v as a field of @size bytes holding it reads back: truncated, extended. */
static u64 normalise(u64 v, unsigned int size, bool is_signed)
{
	switch (size) {
	case 1:
		return is_signed ? (u64)(s64)(s8)v : (u8)v;
	case 2:
		return is_signed ? (u64)(s64)(s16)v : (u16)v;
	case 4:
		return is_signed ? (u64)(s64)(s32)v : (u32)v;
	}
	return v;
}

/*
 * Records are only 4-byte aligned in the ring buffer, so 8-byte fields
 * may not be naturally aligned.
 */
static __always_inline u64 load_num(const struct filter_leaf *leaf,
				    const void *rec)
{
	const void *p = rec + leaf->offset;
	u64 v;

	switch (leaf->size) {
	case 1:
		v = *(const u8 *)p;
		break;
	case 2:
		v = get_unaligned((const u16 *)p);
		break;
	case 4:
		v = get_unaligned((const u32 *)p);
		break;
	default:
		return get_unaligned((const u64 *)p);
	}
	return normalise(v, leaf->size, leaf->flags & LEAF_SIGNED);
}

static __always_inline bool num_holds(const struct filter_leaf *leaf, u64 x)
{
	bool is_signed = leaf->flags & LEAF_SIGNED;
	u64 v = leaf->val;

	switch (leaf->op) {
	case OP_EQ:
		return x == v;
	case OP_NE:
		return x != v;
	case OP_LT:
		return is_signed ? (s64)x < (s64)v : x < v;
	case OP_LE:
		return is_signed ? (s64)x <= (s64)v : x <= v;
	case OP_GT:
		return is_signed ? (s64)x > (s64)v : x > v;
	case OP_GE:
		return is_signed ? (s64)x >= (s64)v : x >= v;
	case OP_BAND:
		return x & v;
	}
	return false;
}

/*
 * One item of a glob at @pat against the character @c (never NUL: the
 * end of the string matches no item). Sets *@rest past the item.
 */
static bool glob_item(const char *pat, unsigned char c, const char **rest)
{
	const unsigned char *p = (const unsigned char *)pat;
	bool invert, hit = false;

	*rest = pat + 1;
	switch (*p) {
	case '?':
		return c;
	case '\\':
		/* a trailing backslash stands for itself */
		if (!p[1])
			return c == '\\';
		*rest = pat + 2;
		return c == p[1];
	case '[':
		break;
	default:
		return c && c == *p;
	}

	/* [...]: a first ']' is literal, a-b is a range, '!' complements */
	p++;
	invert = *p == '!';
	p += invert;
	for (const unsigned char *first = p; *p != ']' || p == first; p++) {
		unsigned char lo = *p, hi = *p;

		if (!lo)
			return c && c == '[';	/* no ']': an ordinary '[' */
		if (p[1] == '-' && p[2] != ']') {
			hi = p[2];
			if (!hi)
				return c && c == '[';
			p += 2;
		}
		hit |= lo <= c && c <= hi;
	}
	*rest = (const char *)p + 1;
	return c && hit != invert;
}

/*
 * Shell-style match of all @n characters at @s against @pat. Only the
 * last '*' needs remembering: when an item fails, that star takes one
 * more character and matching resumes behind it. At most n * strlen(pat)
 * steps.
 */
static bool glob_matches(const char *pat, const char *s, size_t n)
{
	const char *star = NULL, *rest;
	size_t i = 0, star_i = 0;

	for (;;) {
		unsigned char c = i < n ? s[i] : '\0';

		if (*pat == '*') {
			star = ++pat;
			star_i = i;
			continue;
		}
		if (!*pat && i == n)
			return true;
		if (*pat && glob_item(pat, c, &rest)) {
			pat = rest;
			i++;
			continue;
		}
		if (!star || star_i >= n)
			return false;
		pat = star;
		i = ++star_i;
	}
}

static bool pattern_matches(const struct filter_pattern *pat, const char *s,
			    size_t n)
{
	size_t i;

	switch (pat->kind) {
	case PAT_EXACT:
		return n == pat->len && !memcmp(s, pat->text, n);
	case PAT_PREFIX:
		return n >= pat->len && !memcmp(s, pat->text, pat->len);
	case PAT_SUFFIX:
		return n >= pat->len &&
		       !memcmp(s + n - pat->len, pat->text, pat->len);
	case PAT_INFIX:
		for (i = 0; i + pat->len <= n; i++)
			if (!memcmp(s + i, pat->text, pat->len))
				return true;
		return false;
	case PAT_GLOB:
		return glob_matches(pat->text, s, n);
	}
	return false;
}

/*
 * The string a leaf looks at: *@s and the most characters it may have
 * (it ends earlier at a NUL). A __data_loc word holds the offset of the
 * characters in its low 16 bits and their room in the high 16 bits; the
 * offset is from the record, or for __rel_loc from the end of the word.
 */
static void record_string(const struct filter_leaf *leaf, void *rec,
			  const char **s, size_t *room)
{
	void *p = rec + leaf->offset;
	u32 loc;

	switch (leaf->src) {
	case SRC_FIXED:
		*s = p;
		*room = leaf->size;
		return;
	case SRC_LOC:
		loc = get_unaligned((u32 *)p);
		*s = rec + (loc & 0xffff);
		*room = loc >> 16;
		return;
	case SRC_RELLOC:
		loc = get_unaligned((u32 *)p);
		*s = p + sizeof(u32) + (loc & 0xffff);
		*room = loc >> 16;
		return;
	default:	/* SRC_COMM */
		*s = current->comm;
		*room = TASK_COMM_LEN;
		return;
	}
}

/* A char * field: copy the string it points at, then match the copy. */
static bool pointed_string_holds(const struct event_filter *filter,
				 const struct filter_leaf *leaf, void *rec)
{
	const void *ptr = get_unaligned((const void **)(rec + leaf->offset));
	struct filter_scratch *sc = this_cpu_ptr(filter->scratch);
	unsigned int depth;
	bool holds = false;
	char *buf;
	long len;

	/*
	 * An interrupt arriving on this CPU between the increment and the
	 * decrement takes the next buffer and gives it back before we
	 * resume; barrier() keeps the compiler from moving our use of the
	 * buffer outside that window. Only this CPU uses its buffers, so
	 * nothing on another CPU pairs with them.
	 */
	depth = sc->depth++;
	barrier();
	if (depth < FILTER_SCRATCH_DEPTH) {
		buf = sc->buf[depth];
		if (leaf->src == SRC_USER)
			len = strncpy_from_user_nofault(buf, (const void __user *)ptr,
							FILTER_SCRATCH_LEN);
		else
			len = strncpy_from_kernel_nofault(buf, ptr,
							  FILTER_SCRATCH_LEN);
		/* a string that faults matches nothing, negated or not */
		if (len >= 0)
			holds = pattern_matches(leaf->pat, buf, strlen(buf)) ^
				!!(leaf->flags & LEAF_NEGATE);
	}
	barrier();
	sc->depth--;
	return holds;
}

/* Bit word @w of a cpumask recorded in @nbytes at @bits (0 past its end). */
static unsigned long record_mask_word(const void *bits, unsigned int nbytes,
				      unsigned int w)
{
	if ((w + 1) * sizeof(long) > nbytes)
		return 0;
	return get_unaligned((const unsigned long *)bits + w);
}

/* A __data_loc cpumask of the record against the leaf's mask. */
static bool record_mask_holds(const struct filter_leaf *leaf, void *rec)
{
	u32 loc = get_unaligned((u32 *)(rec + leaf->offset));
	unsigned int nwords = BITS_TO_LONGS(nr_cpu_ids), w;
	const unsigned long *want = cpumask_bits(leaf->mask);
	bool same = true, meet = false;

	for (w = 0; w < nwords; w++) {
		unsigned long keep = ~0UL, got;

		if (w == nwords - 1)
			keep = BITMAP_LAST_WORD_MASK(nr_cpu_ids);
		got = record_mask_word(rec + (loc & 0xffff), loc >> 16, w) &
		      keep;
		same &= got == (want[w] & keep);
		meet |= got & want[w];
	}
	switch (leaf->op) {
	case OP_EQ:
		return same;
	case OP_NE:
		return !same;
	default:	/* OP_BAND */
		return meet;
	}
}

/*
 * A CPU number (a field's value, or the current CPU) against a mask of
 * two CPUs or more (or none), which a single CPU can never equal.
 */
static bool cpu_in_mask_holds(const struct filter_leaf *leaf, u64 cpu)
{
	if (cpu >= nr_cpu_ids)
		return false;
	switch (leaf->op) {
	case OP_EQ:
		return false;
	case OP_NE:
		return true;
	default:	/* OP_BAND */
		return cpumask_test_cpu(cpu, leaf->mask);
	}
}

/*
 * Out of line: filter_match_preds() tests a field's number itself, and
 * this, with its strings, masks and scratch buffers, would otherwise
 * give it a frame that every event pays for.
 */
static noinline bool leaf_holds(const struct event_filter *filter,
				const struct filter_leaf *leaf, void *rec)
{
	const char *s;
	size_t room;
	u64 x;

	switch (leaf->kind) {
	case LEAF_NUM:
		if (leaf->src == SRC_CPU)
			x = normalise(raw_smp_processor_id(), 4, true);
		else
			x = load_num(leaf, rec);
		return num_holds(leaf, x);
	case LEAF_FUNC:
		x = get_unaligned((unsigned long *)(rec + leaf->offset));
		return (x >= leaf->range[0] && x < leaf->range[1]) ^
		       !!(leaf->flags & LEAF_NEGATE);
	case LEAF_STR:
		if (leaf->src == SRC_PTR || leaf->src == SRC_USER)
			return pointed_string_holds(filter, leaf, rec);
		record_string(leaf, rec, &s, &room);
		return pattern_matches(leaf->pat, s, strnlen(s, room)) ^
		       !!(leaf->flags & LEAF_NEGATE);
	case LEAF_CPUS:
		if (leaf->src == SRC_MASK)
			return record_mask_holds(leaf, rec);
		if (leaf->src == SRC_CPU)
			x = raw_smp_processor_id();
		else
			x = load_num(leaf, rec);
		return cpu_in_mask_holds(leaf, x);
	}
	return false;
}

/**
 * filter_match_preds - judge a record by a filter
 * @filter: a filter from event_filter_compile(), or NULL
 * @rec: the record (struct trace_entry first) of the filter's event
 *
 * The caller keeps @filter alive: the write path reads it under
 * rcu_read_lock_sched() (the probe's preemption-disabled section), perf
 * owns its own. The record is trusted to be one of the filter's event.
 *
 * Return: 1 if the record is to be kept (always without a program), 0 if
 * it is to be dropped.
 */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	const struct filter_leaf *leaves;
	int i = 0;

	if (!event_filter_active(filter))
		return 1;
	leaves = filter->leaves;
	/* every exit leads to a later leaf or to a verdict (< 0) */
	do {
		const struct filter_leaf *leaf = &leaves[i];
		bool holds;

		/* the common test, a field against a number, inline */
		if (likely(leaf->kind == LEAF_NUM && leaf->src == SRC_FIELD))
			holds = num_holds(leaf, load_num(leaf, rec));
		else
			holds = leaf_holds(filter, leaf, rec);
		i = leaf->next[holds];
	} while (i >= 0);
	return i == VERDICT_MATCH;
}
EXPORT_SYMBOL_GPL(filter_match_preds);

/* ---------------------------------------------------------- compilation */

/* A chain of exits waiting for their target (slot: leaf * 2 + outcome). */
struct chain {
	int	head;
	int	tail;
};

/* A compiled operand: its first leaf and its exits still to be aimed. */
struct frag {
	int		first;
	struct chain	on_true;
	struct chain	on_false;
};

/* One level of parentheses (the outermost level has one too). */
struct frame {
	struct frag	any;		/* the terms so far, joined by "||" */
	struct frag	all;		/* the current term's "&&" operands */
	bool		has_any;
	bool		has_all;
	bool		negate;		/* a '!' was before the '(' */
};

struct parser {
	struct trace_event_call		*call;
	const char			*expr;
	struct filter_leaf		*leaves;
	int				nr;	/* leaves made */
	int				max;	/* leaves room */
	struct filter_error		*err;
	struct filter_scratch __percpu	*scratch;
};

static int *exit_slot(struct parser *p, int slot)
{
	return &p->leaves[slot >> 1].next[slot & 1];
}

static struct chain chain_join(struct parser *p, struct chain a,
			       struct chain b)
{
	if (a.head == CHAIN_END)
		return b;
	if (b.head != CHAIN_END) {
		*exit_slot(p, a.tail) = b.head;
		a.tail = b.tail;
	}
	return a;
}

static void chain_aim(struct parser *p, struct chain c, int target)
{
	int slot = c.head, next;

	while (slot != CHAIN_END) {
		next = *exit_slot(p, slot);
		*exit_slot(p, slot) = target;
		slot = next;
	}
}

static struct frag frag_and(struct parser *p, struct frag a, struct frag b)
{
	chain_aim(p, a.on_true, b.first);
	a.on_true = b.on_true;
	a.on_false = chain_join(p, a.on_false, b.on_false);
	return a;
}

static struct frag frag_or(struct parser *p, struct frag a, struct frag b)
{
	chain_aim(p, a.on_false, b.first);
	a.on_true = chain_join(p, a.on_true, b.on_true);
	a.on_false = b.on_false;
	return a;
}

static struct frag frag_not(struct frag a)
{
	struct chain t = a.on_true;

	a.on_true = a.on_false;
	a.on_false = t;
	return a;
}

/* The operand made of leaf @n alone: both its exits open. */
static struct frag frag_leaf(struct parser *p, int n)
{
	struct frag f = {
		.first = n,
		.on_true = { 2 * n + 1, 2 * n + 1 },
		.on_false = { 2 * n, 2 * n },
	};

	p->leaves[n].next[0] = CHAIN_END;
	p->leaves[n].next[1] = CHAIN_END;
	return f;
}

/* An operand: the first of its term, or one after "&&". */
static void frame_add(struct parser *p, struct frame *fr, struct frag x)
{
	fr->all = fr->has_all ? frag_and(p, fr->all, x) : x;
	fr->has_all = true;
}

/* "||" or the end of the level: the current term joins the others. */
static void frame_end_term(struct parser *p, struct frame *fr)
{
	fr->any = fr->has_any ? frag_or(p, fr->any, fr->all) : fr->all;
	fr->has_any = true;
	fr->has_all = false;
}

static int parse_error(struct parser *p, int code, int pos, int ret)
{
	p->err->code = code;
	p->err->pos = pos;
	return ret;
}

static bool is_string_field(const struct ftrace_event_field *field)
{
	switch (field->filter_type) {
	case FILTER_STATIC_STRING:
	case FILTER_DYN_STRING:
	case FILTER_RDYN_STRING:
	case FILTER_PTR_STRING:
	case FILTER_COMM:
		return true;
	}
	return false;
}

static bool comparable_size(unsigned int size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

/*
 * Operators by the text they start with; a longer one must come before
 * its prefix ("<=" before "<").
 */
static const struct {
	const char	*text;
	u8		op;
} filter_ops[] = {
	{ "==", OP_EQ }, { "!=", OP_NE }, { "<=", OP_LE }, { "<", OP_LT },
	{ ">=", OP_GE }, { ">", OP_GT }, { "&", OP_BAND }, { "~", OP_GLOB },
};

/* Room for a number: 0xffffffffffffffff or -9223372036854775808 fit. */
#define FILTER_NUM_MAX	24

/*
 * A predicate's own errors point one character further than the place
 * they name: upstream counts from the character after the predicate's
 * first one, and tools show the caret where it does.
 */
struct pred_ctx {
	struct parser			*p;
	struct filter_leaf		*leaf;
	struct ftrace_event_field	*field;
	const char			*s;	/* the predicate's text */
	int				at;	/* error position of s[0] */
	bool				user;	/* .ustring */
};

static int pred_error(struct pred_ctx *c, int code, int i)
{
	return parse_error(c->p, code, c->at + i, -EINVAL);
}

/* "field.function == name" or "== address": a function's whole range. */
static int parse_function(struct pred_ctx *c, int i)
{
	struct filter_leaf *leaf = c->leaf;
	unsigned long addr, size, off;
	const char *s = c->s;
	char num[FILTER_NUM_MAX], *name;
	int start = i;

	if (c->field->size != sizeof(long))
		return pred_error(c, FILTER_ERR_ILLEGAL_FIELD_OP, i);
	if (leaf->op != OP_EQ && leaf->op != OP_NE)
		return pred_error(c, FILTER_ERR_INVALID_OP, i);
	if (isdigit(s[i])) {
		while (isalnum(s[i]))
			i++;
		if (i - start >= FILTER_NUM_MAX)
			return pred_error(c, FILTER_ERR_OPERAND_TOO_LONG, i);
		memcpy(num, s + start, i - start);
		num[i - start] = '\0';
		if (kstrtoul(num, 0, &addr))
			return pred_error(c, FILTER_ERR_INVALID_VALUE, i);
	} else {
		/* a symbol name runs to the next white space, ')' included */
		while (s[i] && !isspace(s[i]))
			i++;
		name = kmemdup_nul(s + start, i - start, GFP_KERNEL);
		if (!name)
			return -ENOMEM;
		addr = kallsyms_lookup_name(name);
		kfree(name);
		if (!addr)
			return pred_error(c, FILTER_ERR_NO_FUNCTION, i);
	}
	if (!kallsyms_lookup_size_offset(addr, &size, &off))
		return pred_error(c, FILTER_ERR_NO_FUNCTION, i);
	leaf->kind = LEAF_FUNC;
	leaf->range[0] = addr - off;
	leaf->range[1] = addr - off + size;
	if (leaf->op == OP_NE)
		leaf->flags |= LEAF_NEGATE;
	return i;
}

/*
 * "field op CPUS{list}". A list of exactly one CPU is a CPU number: then
 * "&" means "==". Against a cpumask field the list is always a mask.
 */
static int parse_cpus(struct pred_ctx *c, int i)
{
	struct ftrace_event_field *field = c->field;
	struct filter_leaf *leaf = c->leaf;
	const char *s = c->s;
	struct cpumask *mask;
	char *list;
	int start, ret;

	/* a mask compares with cpumasks, CPU numbers and plain integers */
	if (field->filter_type != FILTER_CPUMASK &&
	    field->filter_type != FILTER_CPU &&
	    field->filter_type != FILTER_OTHER)
		return pred_error(c, FILTER_ERR_ILLEGAL_FIELD_OP, i);
	if (leaf->op != OP_EQ && leaf->op != OP_NE && leaf->op != OP_BAND)
		return pred_error(c, FILTER_ERR_ILLEGAL_FIELD_OP, i);
	i += 4;
	if (s[i++] != '{')
		return pred_error(c, FILTER_ERR_MISSING_BRACE_OPEN, i);
	start = i;
	while (s[i] && s[i] != '}')
		i++;
	if (!s[i])
		return pred_error(c, FILTER_ERR_MISSING_BRACE_CLOSE, i);
	if (i == start)
		return pred_error(c, FILTER_ERR_INVALID_CPULIST, i);

	list = kmemdup_nul(s + start, i - start, GFP_KERNEL);
	mask = kzalloc(cpumask_size(), GFP_KERNEL);
	if (!list || !mask) {
		kfree(list);
		kfree(mask);
		return -ENOMEM;
	}
	ret = cpulist_parse(list, mask);
	kfree(list);
	if (ret) {
		kfree(mask);
		return pred_error(c, FILTER_ERR_INVALID_CPULIST, i);
	}
	i++;

	leaf->src = field->filter_type == FILTER_CPU ? SRC_CPU : SRC_FIELD;
	if (field->filter_type == FILTER_CPUMASK) {
		leaf->kind = LEAF_CPUS;
		leaf->src = SRC_MASK;
		leaf->mask = mask;
		return i;
	}
	if (leaf->src == SRC_FIELD && !comparable_size(field->size)) {
		kfree(mask);
		return i;	/* LEAF_NEVER */
	}
	if (cpumask_weight(mask) == 1) {
		leaf->kind = LEAF_NUM;
		if (leaf->op == OP_BAND)
			leaf->op = OP_EQ;
		leaf->val = cpumask_first(mask);
		if (leaf->src == SRC_CPU)
			leaf->flags |= LEAF_SIGNED;
		kfree(mask);
		return i;
	}
	leaf->kind = LEAF_CPUS;
	leaf->mask = mask;
	return i;
}

static struct filter_pattern *pattern_new(const char *text, int len, u8 kind)
{
	struct filter_pattern *pat;

	pat = kmalloc(struct_size(pat, text, len + 1), GFP_KERNEL);
	if (!pat)
		return NULL;
	pat->kind = kind;
	pat->len = len;
	memcpy(pat->text, text, len);
	pat->text[len] = '\0';
	return pat;
}

/*
 * The pattern of "~": a leading '!' negates it; '*' first, last or both
 * make it a suffix, prefix or infix search; any other '*' or a '?', '['
 * or '\' makes it a glob.
 */
static struct filter_pattern *glob_pattern(const char *text, int len,
					   bool *negate)
{
	bool lead, trail;
	int i;

	*negate = len && text[0] == '!';
	if (*negate) {
		text++;
		len--;
	}
	for (i = 0; i < len; i++) {
		if (strchr("?[\\", text[i]) ||
		    (text[i] == '*' && i && i != len - 1))
			return pattern_new(text, len, PAT_GLOB);
	}
	lead = len && text[0] == '*';
	trail = len > 1 && text[len - 1] == '*';
	if (lead && trail)
		return pattern_new(text + 1, len - 2, PAT_INFIX);
	if (lead)
		return pattern_new(text + 1, len - 1, PAT_SUFFIX);
	if (trail)
		return pattern_new(text, len - 1, PAT_PREFIX);
	return pattern_new(text, len, PAT_EXACT);
}

/* Buffers for char * fields, made once for all filters that need them. */
static struct filter_scratch __percpu *scratch_get(void)
{
	struct filter_scratch __percpu *sc = READ_ONCE(filter_scratch);

	if (sc)
		return sc;
	sc = alloc_percpu(struct filter_scratch);
	if (!sc)
		return NULL;
	/*
	 * Two first users racing: one keeps its buffers, the other frees.
	 * cmpxchg() is fully ordered: the zeroed buffers are visible
	 * before the pointer, to the READ_ONCE() above (address
	 * dependency) and to the filters the pointer is handed to.
	 */
	if (cmpxchg(&filter_scratch, NULL, sc)) {
		free_percpu(sc);
		sc = READ_ONCE(filter_scratch);
	}
	return sc;
}

/* "field op 'text'" or "field op \"text\"": there are no escapes. */
static int parse_string(struct pred_ctx *c, int i)
{
	struct ftrace_event_field *field = c->field;
	struct filter_leaf *leaf = c->leaf;
	const char *s = c->s;
	struct filter_pattern *pat;
	char quote = s[i];
	bool negate = false;
	int start;

	if (leaf->op != OP_EQ && leaf->op != OP_NE && leaf->op != OP_GLOB)
		return pred_error(c, FILTER_ERR_ILLEGAL_FIELD_OP, i);
	if (!is_string_field(field))
		return pred_error(c, FILTER_ERR_EXPECT_DIGIT, i);
	start = ++i;
	while (s[i] && s[i] != quote)
		i++;
	if (!s[i])
		return pred_error(c, FILTER_ERR_MISSING_QUOTE, i);
	if (i - start >= MAX_FILTER_STR_VAL)
		return pred_error(c, FILTER_ERR_OPERAND_TOO_LONG, i);

	if (leaf->op == OP_GLOB)
		pat = glob_pattern(s + start, i - start, &negate);
	else
		pat = pattern_new(s + start, i - start, PAT_EXACT);
	if (!pat)
		return -ENOMEM;
	leaf->kind = LEAF_STR;
	leaf->pat = pat;
	if (negate || leaf->op == OP_NE)
		leaf->flags |= LEAF_NEGATE;

	switch (field->filter_type) {
	case FILTER_COMM:
		leaf->src = SRC_COMM;
		break;
	case FILTER_STATIC_STRING:
		leaf->src = SRC_FIXED;
		break;
	case FILTER_DYN_STRING:
		leaf->src = SRC_LOC;
		break;
	case FILTER_RDYN_STRING:
		leaf->src = SRC_RELLOC;
		break;
	default:	/* FILTER_PTR_STRING */
		leaf->src = c->user ? SRC_USER : SRC_PTR;
		c->p->scratch = scratch_get();
		if (!c->p->scratch)
			return -ENOMEM;
		break;
	}
	return i + 1;
}

/* "field op number": decimal, 0x hex, 0 octal; '-' for signed fields. */
static int parse_number(struct pred_ctx *c, int i)
{
	struct ftrace_event_field *field = c->field;
	struct filter_leaf *leaf = c->leaf;
	const char *s = c->s;
	char num[FILTER_NUM_MAX];
	int start = i, ret;
	u64 val;

	if (is_string_field(field))
		return pred_error(c, FILTER_ERR_EXPECT_STRING, i);
	if (leaf->op == OP_GLOB)
		return pred_error(c, FILTER_ERR_ILLEGAL_FIELD_OP, i);
	if (s[i] == '-')
		i++;
	while (isalnum(s[i]))
		i++;
	if (i - start >= FILTER_NUM_MAX)
		return pred_error(c, FILTER_ERR_OPERAND_TOO_LONG, i);
	memcpy(num, s + start, i - start);
	num[i - start] = '\0';
	if (field->is_signed)
		ret = kstrtoll(num, 0, (s64 *)&val);
	else
		ret = kstrtoull(num, 0, &val);
	if (ret)
		return pred_error(c, FILTER_ERR_ILLEGAL_INTVAL, start);

	if (field->filter_type == FILTER_CPU) {
		/* the CPU is an int; it has no bits to test */
		leaf->src = SRC_CPU;
		leaf->size = sizeof(int);
		if (leaf->op == OP_BAND)
			return i;	/* LEAF_NEVER */
	} else if (!comparable_size(field->size)) {
		return i;		/* LEAF_NEVER */
	}
	leaf->kind = LEAF_NUM;
	if (field->is_signed)
		leaf->flags |= LEAF_SIGNED;
	leaf->val = normalise(val, leaf->size, field->is_signed);
	return i;
}

static void leaf_release(struct filter_leaf *leaf)
{
	if (leaf->kind == LEAF_STR)
		kfree(leaf->pat);
	else if (leaf->kind == LEAF_CPUS)
		kfree(leaf->mask);
}

/*
 * One predicate at @pos of the expression: a new leaf, both exits open.
 * Returns the characters it took, or -errno.
 */
static int parse_pred(struct parser *p, int pos)
{
	struct filter_leaf *leaf = &p->leaves[p->nr];
	struct pred_ctx c = {
		.p = p,
		.leaf = leaf,
		.s = p->expr + pos,
		.at = pos + 1,
	};
	const char *s = c.s;
	bool function = false;
	int i = 0, start, k;
	char *name;

	memset(leaf, 0, sizeof(*leaf));
	while (isspace(s[i]))
		i++;
	start = i;
	while (isalnum(s[i]) || s[i] == '_')
		i++;
	/* no field name: upstream gives only an errno (EPERM) here */
	if (i == start)
		return parse_error(p, FILTER_ERR_NONE, 0, -EPERM);
	name = kmemdup_nul(s + start, i - start, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	c.field = trace_find_event_field(p->call, name);
	kfree(name);
	if (!c.field)
		return pred_error(&c, FILTER_ERR_FIELD_NOT_FOUND, i);

	if (str_has_prefix(s + i, ".ustring")) {
		c.user = true;
		i += strlen(".ustring");
	}
	if (str_has_prefix(s + i, ".function")) {
		function = true;
		i += strlen(".function");
	}
	while (isspace(s[i]))
		i++;
	for (k = 0; k < ARRAY_SIZE(filter_ops); k++)
		if (str_has_prefix(s + i, filter_ops[k].text))
			break;
	if (k == ARRAY_SIZE(filter_ops))
		return pred_error(&c, FILTER_ERR_INVALID_OP, i);
	i += strlen(filter_ops[k].text);
	while (isspace(s[i]))
		i++;

	leaf->op = filter_ops[k].op;
	leaf->offset = c.field->offset;
	leaf->size = c.field->size;
	if (function)
		i = parse_function(&c, i);
	else if (str_has_prefix(s + i, "CPUS"))
		i = parse_cpus(&c, i);
	else if (s[i] == '\'' || s[i] == '"')
		i = parse_string(&c, i);
	else if (isdigit(s[i]) || s[i] == '-')
		i = parse_number(&c, i);
	else
		return pred_error(&c, FILTER_ERR_INVALID_VALUE, i);
	if (i < 0) {
		leaf_release(leaf);
		leaf->kind = LEAF_NEVER;
		return i;
	}
	p->nr++;
	return i;
}

/*
 * The size of the work, from a first pass over @s: the deepest nesting
 * and an upper bound of the predicates (each run of text between
 * operators and parentheses, quoted text included). Unbalanced
 * parentheses and quotes are reported from here, before anything else,
 * with errnos that are upstream's ABI: EPERM for a ')' too many, ENOENT
 * for a '(' never closed, ESRCH for an open quote; an expression with no
 * predicate at all is EINVAL without a message.
 */
struct shape {
	int	depth;
	int	preds;
};

/* The last '(' with no ')' after it to close it. */
static int last_unclosed(const char *s, int len)
{
	int need = 0, i;
	char quote = 0;

	for (i = len - 1; i >= 0; i--) {
		if (quote) {
			if (s[i] == quote)
				quote = 0;
			continue;
		}
		switch (s[i]) {
		case '\'':
		case '"':
			quote = s[i];
			break;
		case ')':
			need++;
			break;
		case '(':
			if (!need)
				return i;
			need--;
			break;
		}
	}
	return 0;
}

static int expr_shape(struct parser *p, struct shape *sh)
{
	const char *s = p->expr;
	int depth = 0, quote_at = 0, i;
	bool in_pred = false;
	char quote = 0;

	sh->depth = 0;
	sh->preds = 0;
	for (i = 0; s[i]; i++) {
		if (isspace(s[i]))
			continue;
		if (quote) {
			if (s[i] == quote)
				quote = 0;
			continue;
		}
		switch (s[i]) {
		case '\'':
		case '"':
			quote = s[i];
			quote_at = i;
			break;
		case '&':
		case '|':
			if (s[i + 1] != s[i])
				break;
			in_pred = false;
			continue;
		case '(':
			in_pred = false;
			sh->depth = max(sh->depth, ++depth);
			continue;
		case ')':
			in_pred = false;
			if (!depth)
				return parse_error(p, FILTER_ERR_TOO_MANY_CLOSE,
						   i, -EPERM);
			depth--;
			continue;
		}
		if (!in_pred)
			sh->preds++;
		in_pred = true;
	}
	if (quote)
		return parse_error(p, FILTER_ERR_MISSING_QUOTE, quote_at,
				   -ESRCH);
	if (depth)
		return parse_error(p, FILTER_ERR_TOO_MANY_OPEN,
				   last_unclosed(s, i), -ENOENT);
	if (!sh->preds)
		return parse_error(p, FILTER_ERR_NONE, 0, -EINVAL);
	return 0;
}

/*
 * The expression, with @stack holding @depth + 1 frames. Alternates
 * between wanting an operand ('(', '!' or a predicate) and wanting what
 * follows one ("&&", "||", ')' or the end); the errors and their
 * positions at each point are upstream's.
 */
static int parse_expr(struct parser *p, struct frame *stack, int depth)
{
	const char *s = p->expr;
	struct frame *fr = stack;
	bool negate = false;
	struct frag x;
	int pos = 0, ret;
	char c;

	memset(fr, 0, sizeof(*fr));
want_operand:
	for (;; pos++) {
		c = s[pos];
		if (isspace(c))
			continue;
		if (c == '(') {
			if (fr == stack + depth)	/* expr_shape() counted */
				return -EINVAL;
			fr++;
			memset(fr, 0, sizeof(*fr));
			fr->negate = negate;
			negate = false;
			continue;
		}
		/* "!=" and "!~" start a predicate (with no field: an error) */
		if (c == '!' && s[pos + 1] != '=' && s[pos + 1] != '~') {
			negate = !negate;
			continue;
		}
		break;
	}
	if (!c)
		return parse_error(p, p->nr ? FILTER_ERR_INVALID_FILTER :
				   FILTER_ERR_NO_FILTER, pos, -EINVAL);
	if (p->nr >= p->max)
		return parse_error(p, FILTER_ERR_TOO_MANY_PREDS, pos, -EPERM);
	ret = parse_pred(p, pos);
	if (ret < 0)
		return ret;
	pos += ret;
	x = frag_leaf(p, p->nr - 1);
	if (negate)
		x = frag_not(x);
	negate = false;
	frame_add(p, fr, x);

	/* what follows an operand */
	for (;;) {
		c = s[pos++];
		if (isspace(c))
			continue;
		if ((c == '&' || c == '|') && s[pos] == c) {
			pos++;
			if (c == '|')
				frame_end_term(p, fr);
			goto want_operand;
		}
		if (c == ')' || !c) {
			frame_end_term(p, fr);
			x = fr->negate ? frag_not(fr->any) : fr->any;
			if (!c)
				break;
			if (fr == stack)
				return parse_error(p, FILTER_ERR_TOO_MANY_CLOSE,
						   pos, -EPERM);
			fr--;
			frame_add(p, fr, x);
			continue;
		}
		return parse_error(p, FILTER_ERR_TOO_MANY_PREDS, pos - 1,
				   -EPERM);
	}
	if (fr != stack)
		return parse_error(p, FILTER_ERR_TOO_MANY_OPEN, pos, -EPERM);
	chain_aim(p, x.on_true, VERDICT_MATCH);
	chain_aim(p, x.on_false, VERDICT_DROP);
	return 0;
}

char *event_filter_error_report(const char *expr, int code, int pos)
{
	int len = strlen(expr);

	if (code <= FILTER_ERR_NONE || code >= FILTER_ERR_MAX)
		return kasprintf(GFP_KERNEL, "%s\nError: (0)\n", expr);
	pos = clamp(pos, 0, len);
	return kasprintf(GFP_KERNEL, "%s\n%*s^\nparse_error: %s\n", expr, pos,
			 "", filter_err_text[code]);
}

void event_filter_free(struct event_filter *filter)
{
	int i;

	if (!filter)
		return;
	for (i = 0; i < filter->nr_leaves; i++)
		leaf_release(&filter->leaves[i]);
	kvfree(filter->leaves);
	kfree(filter->text);
	kfree(filter);
}

int event_filter_compile(struct trace_event_call *call, const char *expr,
			 bool keep_text, struct event_filter **filterp,
			 struct filter_error *err)
{
	struct parser p = { .call = call, .expr = expr, .err = err };
	struct frame *stack = NULL;
	struct event_filter *filter;
	struct shape sh;
	int ret, i;

	*filterp = NULL;
	err->code = FILTER_ERR_NONE;
	err->pos = 0;
	filter = kzalloc(sizeof(*filter), GFP_KERNEL);
	if (!filter)
		return -ENOMEM;

	ret = expr_shape(&p, &sh);
	if (!ret) {
		stack = kvcalloc(sh.depth + 1, sizeof(*stack), GFP_KERNEL);
		p.leaves = kvcalloc(sh.preds, sizeof(*p.leaves), GFP_KERNEL);
		p.max = sh.preds;
		ret = stack && p.leaves ? parse_expr(&p, stack, sh.depth) :
					  -ENOMEM;
		kvfree(stack);
	}
	if (!ret) {
		filter->leaves = p.leaves;
		filter->nr_leaves = p.nr;
		filter->scratch = p.scratch;
	} else {
		for (i = 0; i < p.nr; i++)
			leaf_release(&p.leaves[i]);
		kvfree(p.leaves);
	}

	if (keep_text) {
		if (ret)
			filter->text = event_filter_error_report(expr, err->code,
								 err->pos);
		else
			filter->text = kstrdup(expr, GFP_KERNEL);
		if (!filter->text) {
			event_filter_free(filter);
			return -ENOMEM;
		}
	}
	*filterp = filter;
	return ret;
}
