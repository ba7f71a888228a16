/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sets of call-site addresses and function-name patterns (ftrace_hash.c).
 * Included by: ftrace_internal.h ftrace_hash.c
 *
 * Its audience is the ftrace core (through ftrace_internal.h) and the userspace
 * tests in tools/testing/ftrace/, which build ftrace_hash.c against
 * shims: nothing here may need more of the kernel than hlist, the
 * allocator, hash_long() and glob_match().
 */
#ifndef _KERNEL_TRACE_FTRACE_HASH_H
#define _KERNEL_TRACE_FTRACE_HASH_H

#include <linux/ftrace.h>	/* struct ftrace_func_entry */
#include <linux/list.h>

/*
 * A set of call-site addresses. An ops traces a site when its filter
 * hash is empty or holds the site, and its notrace hash does not.
 *
 * A hash that is being read by the list function is never changed in
 * place: a new one is built and the pointer swapped, and the old one is
 * freed once no CPU can be reading it (ftrace_hash_free_live()).
 */
struct ftrace_hash {
	struct hlist_head	*buckets;	/* 1 << size_bits of them */
	unsigned long		count;		/* addresses held */
	unsigned long		flags;		/* FTRACE_HASH_FL_* */
	unsigned long		size_bits;
};

/*
 * The filter names functions of a module that is not loaded yet (":mod:"):
 * even with no address in it, it is not the empty "trace everything"
 * filter.
 */
/* ================ ftrace_hash.c: sets of addresses ================== */

#define FTRACE_HASH_FL_MOD	BIT(0)

#define FTRACE_HASH_DEFAULT_BITS 10
#define FTRACE_HASH_MAX_BITS	12

/* The shared empty hash: trace everything (filter), exclude nothing. */
extern struct ftrace_hash ftrace_empty_hash_store;
#define ftrace_empty_hash	(&ftrace_empty_hash_store)

static inline bool ftrace_hash_empty(const struct ftrace_hash *hash)
{
	return !hash || !(hash->count || (hash->flags & FTRACE_HASH_FL_MOD));
}

struct ftrace_hash *ftrace_hash_alloc(int size_bits);
/* A copy of @src (which may be NULL or the empty hash); NULL on -ENOMEM. */
struct ftrace_hash *ftrace_hash_copy(int size_bits, const struct ftrace_hash *src);
void ftrace_hash_free(struct ftrace_hash *hash);
struct ftrace_func_entry *ftrace_lookup_ip(const struct ftrace_hash *hash,
					   unsigned long ip);
/* Add @ip (no-op when present); -ENOMEM. */
int ftrace_hash_add(struct ftrace_hash *hash, unsigned long ip);
struct ftrace_func_entry *ftrace_hash_add_entry(struct ftrace_hash *hash,
						unsigned long ip);
void ftrace_hash_remove(struct ftrace_hash *hash, struct ftrace_func_entry *e);
/* Remove every entry in [start, end). */
void ftrace_hash_remove_range(struct ftrace_hash *hash, unsigned long start,
			      unsigned long end);
bool ftrace_hash_equal(const struct ftrace_hash *a, const struct ftrace_hash *b);

#define ftrace_hash_for_each(hash, i, e)				\
	for ((i) = 0; (hash)->buckets && (i) < (1UL << (hash)->size_bits); (i)++) \
		hlist_for_each_entry((e), &(hash)->buckets[i], hlist)

/* ================ ftrace_hash.c: name patterns ======================= */

/*
 * A compiled function-name pattern: a plain name, or a shell glob with
 * '*', '?', '[...]' (and '\' escapes), with shortcuts for the common
 * "prefix*", "*suffix" and "*middle*" forms. A pattern of digits is an
 * index into available_filter_functions instead (1 is the first line).
 */
enum ftrace_glob_kind {
	FTRACE_GLOB_FULL,
	FTRACE_GLOB_PREFIX,
	FTRACE_GLOB_SUFFIX,
	FTRACE_GLOB_MIDDLE,
	FTRACE_GLOB_GLOB,
	FTRACE_GLOB_INDEX,
};

struct ftrace_glob {
	const char		*text;	/* what is compared (points into the pattern) */
	unsigned int		len;
	enum ftrace_glob_kind	kind;
	bool			negate;	/* written with a leading '!' */
};

/* Compile @pattern in place (it is modified). */
void ftrace_glob_compile(struct ftrace_glob *g, char *pattern);
bool ftrace_glob_match(const struct ftrace_glob *g, const char *name);

#endif /* _KERNEL_TRACE_FTRACE_HASH_H */
