// SPDX-License-Identifier: GPL-2.0
/*
 * Sets of call-site addresses (the filter and notrace hashes of an
 * ftrace_ops), and matching function names against the patterns users
 * write into set_ftrace_filter.
 *
 * Nothing here takes a lock or touches a record: callers own the hashes
 * they change (a hash visible to the list function is only ever replaced
 * whole). That also lets tools/testing/ftrace/ build this file in user
 * space (see ftrace_hash.h).
 */
#include <linux/glob.h>
#include <linux/hash.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ftrace_hash.h"

/* Never changed: count 0, no buckets. */
struct ftrace_hash ftrace_empty_hash_store;

struct ftrace_hash *ftrace_hash_alloc(int size_bits)
{
	struct ftrace_hash *hash = kzalloc(sizeof(*hash), GFP_KERNEL);

	if (!hash)
		return NULL;
	hash->buckets = kcalloc(1UL << size_bits, sizeof(*hash->buckets),
				GFP_KERNEL);
	if (!hash->buckets) {
		kfree(hash);
		return NULL;
	}
	hash->size_bits = size_bits;
	return hash;
}

void ftrace_hash_free(struct ftrace_hash *hash)
{
	struct ftrace_func_entry *e;
	struct hlist_node *tmp;
	unsigned long i;

	if (!hash || hash == ftrace_empty_hash)
		return;
	for (i = 0; hash->buckets && i < (1UL << hash->size_bits); i++)
		hlist_for_each_entry_safe(e, tmp, &hash->buckets[i], hlist)
			kfree(e);
	kfree(hash->buckets);
	kfree(hash);
}

static unsigned long bucket_of(const struct ftrace_hash *hash, unsigned long ip)
{
	return hash->size_bits ? hash_long(ip, hash->size_bits) : 0;
}

struct ftrace_func_entry *ftrace_lookup_ip(const struct ftrace_hash *hash,
					   unsigned long ip)
{
	struct ftrace_func_entry *e;

	if (!hash || !hash->count)
		return NULL;
	/* Readers run in the list function: no tracing, no lockdep. */
	hlist_for_each_entry_rcu_notrace(e, &hash->buckets[bucket_of(hash, ip)],
					 hlist)
		if (e->ip == ip)
			return e;
	return NULL;
}

static void hash_insert(struct ftrace_hash *hash, struct ftrace_func_entry *e)
{
	hlist_add_head(&e->hlist, &hash->buckets[bucket_of(hash, e->ip)]);
	hash->count++;
}

struct ftrace_func_entry *ftrace_hash_add_entry(struct ftrace_hash *hash,
						unsigned long ip)
{
	struct ftrace_func_entry *e = ftrace_lookup_ip(hash, ip);

	if (e)
		return e;
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return NULL;
	e->ip = ip;
	hash_insert(hash, e);
	return e;
}

int ftrace_hash_add(struct ftrace_hash *hash, unsigned long ip)
{
	return ftrace_hash_add_entry(hash, ip) ? 0 : -ENOMEM;
}

void ftrace_hash_remove(struct ftrace_hash *hash, struct ftrace_func_entry *e)
{
	hlist_del(&e->hlist);
	hash->count--;
	kfree(e);
}

void ftrace_hash_remove_range(struct ftrace_hash *hash, unsigned long start,
			      unsigned long end)
{
	struct ftrace_func_entry *e;
	struct hlist_node *tmp;
	unsigned long i;

	if (!hash || !hash->count)
		return;
	for (i = 0; i < (1UL << hash->size_bits); i++)
		hlist_for_each_entry_safe(e, tmp, &hash->buckets[i], hlist)
			if (e->ip >= start && e->ip < end)
				ftrace_hash_remove(hash, e);
}

/* Enough buckets for @count entries at about two per bucket. */
static int bits_for(unsigned long count, int at_least)
{
	int bits = at_least;

	while (bits < FTRACE_HASH_MAX_BITS && (1UL << (bits + 1)) < count)
		bits++;
	return bits;
}

struct ftrace_hash *ftrace_hash_copy(int size_bits, const struct ftrace_hash *src)
{
	struct ftrace_func_entry *e, *n;
	struct ftrace_hash *hash;
	unsigned long i;

	hash = ftrace_hash_alloc(bits_for(src ? src->count : 0, size_bits));
	if (!hash)
		return NULL;
	if (!src)
		return hash;
	hash->flags = src->flags;
	ftrace_hash_for_each(src, i, e) {
		n = kmemdup(e, sizeof(*e), GFP_KERNEL);
		if (!n) {
			ftrace_hash_free(hash);
			return NULL;
		}
		hash_insert(hash, n);
	}
	return hash;
}

/* Same addresses (and, for direct calls, the same targets)? */
bool ftrace_hash_equal(const struct ftrace_hash *a, const struct ftrace_hash *b)
{
	struct ftrace_func_entry *e, *o;
	unsigned long i;

	if (ftrace_hash_empty(a) || ftrace_hash_empty(b))
		return ftrace_hash_empty(a) && ftrace_hash_empty(b);
	if (a->count != b->count || a->flags != b->flags)
		return false;
	ftrace_hash_for_each(a, i, e) {
		o = ftrace_lookup_ip(b, e->ip);
		if (!o || o->direct != e->direct)
			return false;
	}
	return true;
}

/* ------------------------------------------------------------------ */
/* Function-name patterns                                              */

/* Is @c special in a shell glob (beyond '*')? */
static bool glob_special(char c)
{
	return c == '?' || c == '[' || c == '\\';
}

/*
 * Classify @pattern. "name" matches exactly; a single '*' at the end, the
 * start or both ends gives the prefix, suffix and substring forms, which
 * need no general matcher; anything else with a wildcard is a glob.
 */
void ftrace_glob_compile(struct ftrace_glob *g, char *pattern)
{
	size_t len;
	bool lead, trail;
	size_t i;

	g->negate = pattern[0] == '!';
	if (g->negate)
		pattern++;
	g->text = pattern;
	len = strlen(pattern);
	g->len = len;

	if (pattern[0] >= '0' && pattern[0] <= '9') {
		g->kind = FTRACE_GLOB_INDEX;
		return;
	}
	for (i = 0; i < len; i++)
		if (glob_special(pattern[i]))
			goto glob;

	lead = len && pattern[0] == '*';
	trail = len > 1 && pattern[len - 1] == '*';
	/* another '*' in between needs the general matcher */
	for (i = lead; i < len - trail; i++)
		if (pattern[i] == '*')
			goto glob;

	if (trail)
		pattern[--len] = '\0';
	if (lead) {
		g->text = ++pattern;
		len--;
	}
	g->len = len;
	g->kind = lead ? (trail ? FTRACE_GLOB_MIDDLE : FTRACE_GLOB_SUFFIX) :
			 (trail ? FTRACE_GLOB_PREFIX : FTRACE_GLOB_FULL);
	return;
glob:
	g->kind = FTRACE_GLOB_GLOB;
}

bool ftrace_glob_match(const struct ftrace_glob *g, const char *name)
{
	size_t n;

	switch (g->kind) {
	case FTRACE_GLOB_FULL:
		return !strcmp(name, g->text);
	case FTRACE_GLOB_PREFIX:
		return !strncmp(name, g->text, g->len);
	case FTRACE_GLOB_SUFFIX:
		n = strlen(name);
		return n >= g->len && !memcmp(name + n - g->len, g->text, g->len);
	case FTRACE_GLOB_MIDDLE:
		return strstr(name, g->text);
	case FTRACE_GLOB_GLOB:
		return glob_match(g->text, name);
	case FTRACE_GLOB_INDEX:
		break;
	}
	return false;
}
