// SPDX-License-Identifier: GPL-2.0
/*
 * Call-site records: one per entry of __mcount_loc, the table of every
 * "call __fentry__" the compiler emitted (gcc -mrecord-mcount).
 *
 * The kernel's table is read once in ftrace_init(), early in
 * start_kernel() while only the boot CPU runs and interrupts are off:
 * every site becomes a NOP right there, written directly. A module's
 * table is read by ftrace_module_init() while the module is still being
 * formed (its text not yet executable), and its sites are NOPs before any
 * of its code runs; the records stay disabled until ftrace_module_enable()
 * (state COMING), which also turns on the sites that registered ops
 * already want. Records of freed init text go in ftrace_free_mem(), those
 * of an unloaded module in ftrace_release_mod(). Those entry points are
 * in ftrace_module.c, which sequences the steps here with the others.
 *
 * Records are kept in groups (see ftrace_internal.h). A group is never
 * changed in place once others can see it: shrinking builds a new group
 * and swaps it in under RCU, so ftrace_location() may walk the groups
 * from any context without a lock.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/bsearch.h>
#include <linux/memory.h>
#include <asm/sections.h>

#include "ftrace_internal.h"

/* Records, the ops list and every code update (ftrace_internal.h). */
DEFINE_MUTEX(ftrace_lock);
/* The kernel's group first, then each module's; see ftrace_first_group(). */
static struct ftrace_group __rcu *ftrace_groups;
bool ftrace_disabled;
/* Records in the groups (valid or not), changed under ftrace_lock. */
static unsigned long nr_records;
/*
 * Bumped under ftrace_lock whenever groups or cached :mod: filters come or
 * go, so that a listing reader knows its saved place is stale.
 */
static unsigned long listing_gen;

unsigned long ftrace_records_count(void)
{
	return READ_ONCE(nr_records);
}

void ftrace_listing_changed(void)
{
	lockdep_assert_held(&ftrace_lock);
	listing_gen++;
}

unsigned long ftrace_listing_generation(void)
{
	lockdep_assert_held(&ftrace_lock);
	return listing_gen;
}

/* The largest group: 64 pages hold some 10000 records. */
#define GROUP_MAX_ORDER		6

static unsigned long group_bytes(unsigned int order)
{
	return PAGE_SIZE << order;
}

static unsigned int group_capacity(unsigned int order)
{
	return (group_bytes(order) - sizeof(struct ftrace_group)) /
	       sizeof(struct ftrace_rec);
}

/*
 * A group for (some of) @want records. @fit: the smallest order that
 * holds them all (@want must not exceed the largest group). Otherwise the
 * largest order that @want fills, so that a long table is cut into groups
 * that waste at most the part of a page at the end of the last one.
 */
static struct ftrace_group *group_alloc(unsigned long want, bool fit)
{
	unsigned int order = 0;
	struct ftrace_group *g;

	if (fit) {
		while (group_capacity(order) < want &&
		       !WARN_ON_ONCE(order == GROUP_MAX_ORDER))
			order++;
	} else {
		while (order < GROUP_MAX_ORDER &&
		       group_capacity(order + 1) <= want)
			order++;
	}
	g = (void *)__get_free_pages(GFP_KERNEL | __GFP_ZERO, order);
	if (!g)
		return NULL;
	g->order = order;
	return g;
}

static void group_free(struct ftrace_group *g)
{
	free_pages((unsigned long)g, g->order);
}

static int cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/*
 * Is the site in a function kallsyms knows? A weak function that another
 * definition replaced keeps its code and its __mcount_loc entry, but no
 * symbol: the site then resolves to the end of some other function.
 */
bool ftrace_rec_valid(struct dyn_ftrace *rec)
{
	unsigned long size, offset;

	if (!kallsyms_lookup_size_offset(rec->ip, &size, &offset))
		return false;
#ifdef FTRACE_MCOUNT_MAX_OFFSET
	return offset <= FTRACE_MCOUNT_MAX_OFFSET;
#else
	return true;
#endif
}

/*
 * Turn the compiler's call to __fentry__ at @r into a NOP. Returns false
 * (and has ftrace_bug() tell why) when the text is not what it must be.
 */
static bool rec_init_nop(struct module *mod, struct ftrace_rec *r)
{
	int ret;

	if (!ftrace_need_init_nop())
		return true;
	ret = ftrace_init_nop(mod, &r->dyn);
	if (ret) {
		ftrace_bug_type = FTRACE_BUG_INIT;
		ftrace_bug(ret, &r->dyn);
		return false;
	}
	return true;
}

/*
 * Make groups of records for the call sites listed in [@start, @end) (of
 * @mod, or the kernel's), their sites NOPs, and link them at the end of
 * the list. @start is sorted here unless the build did it.
 */
static int process_locs(struct module *mod, unsigned long *start,
			unsigned long *end)
{
	struct ftrace_group *first = NULL, **link = &first, *g = NULL, *last;
	unsigned long *p, count = end - start, added = 0;
	unsigned long rec_flags = mod ? FTRACE_FL_DISABLED : 0;

	if (!count)
		return 0;
	if (mod || !IS_ENABLED(CONFIG_BUILDTIME_MCOUNT_SORT))
		sort(start, count, sizeof(*start), cmp_ulong, NULL);

	/*
	 * The initial NOPs are written directly, which must not interleave
	 * with a batch of site updates another CPU has open.
	 */
	mutex_lock(&ftrace_lock);
	for (p = start; p < end; p++) {
		unsigned long ip;
		struct ftrace_rec *r;

		/* Alignment padding between objects' tables. */
		if (!*p)
			continue;
		/*
		 * The build's sort (BUILDTIME_MCOUNT_SORT) zeroes the entries
		 * of weak functions the link discarded, and a relocatable
		 * kernel then adds its KASLR offset to those zeroes too. So
		 * a kernel entry outside the kernel's text is such a hole,
		 * not a call site.
		 */
		if (!mod && !is_kernel_text(*p) && !is_kernel_inittext(*p))
			continue;
		ip = ftrace_call_adjust(*p);
		/* Nothing sorted twice: a duplicate would be patched twice. */
		if (g && g->nr && g->recs[g->nr - 1].dyn.ip == ip)
			continue;
		if (!g || g->nr == group_capacity(g->order)) {
			g = group_alloc(end - p, false);
			if (!g)
				goto fail;
			g->mod = mod;
			*link = g;
			link = (struct ftrace_group **)&g->next;
		}
		r = &g->recs[g->nr];
		r->dyn.ip = ip;
		r->dyn.flags = rec_flags;
		if (!rec_init_nop(mod, r))
			goto fail;
		/*
		 * A module's symbols are not visible yet: its records are
		 * checked in ftrace_module_enable().
		 */
		if (!mod && !ftrace_rec_valid(&r->dyn))
			r->dyn.flags |= FTRACE_FL_DISABLED;
		g->nr++;
		added++;
	}

	/* Publish the groups whole: lockless lookups may walk them now. */
	last = ftrace_locked(ftrace_groups);
	if (!last) {
		rcu_assign_pointer(ftrace_groups, first);
	} else {
		while (rcu_access_pointer(last->next))
			last = ftrace_locked(last->next);
		rcu_assign_pointer(last->next, first);
	}
	nr_records += added;
	listing_gen++;
	mutex_unlock(&ftrace_lock);
	return 0;

fail:
	mutex_unlock(&ftrace_lock);
	while (first) {
		g = first;
		first = rcu_dereference_raw(g->next);
		group_free(g);
	}
	return -ENOMEM;
}

int __init __weak ftrace_dyn_arch_init(void)
{
	return 0;
}

/*
 * The kernel's own call sites, from ftrace_init() (ftrace_module.c):
 * every one a NOP. Non-zero when function tracing cannot be had; then
 * ftrace_disabled is set and the reason printed.
 */
int __init ftrace_records_boot(void)
{
	unsigned long pages, groups;

	if (__stop_mcount_loc - __start_mcount_loc == 0) {
		pr_info("no call sites recorded: nothing can be traced\n");
		goto failed;
	}
	/* start_kernel() calls us with interrupts still off */
	if (ftrace_dyn_arch_init())
		goto failed;
	if (process_locs(NULL, __start_mcount_loc, __stop_mcount_loc)) {
		/* ftrace_bug() has said which site, if one could not be set */
		pr_warn("cannot set up the call-site records\n");
		goto failed;
	}
	ftrace_groups_count(&pages, &groups);
	pr_info("%lu call sites, %lu pages in %lu groups\n",
		nr_records, pages, groups);
	return 0;
failed:
	ftrace_disabled = true;
	return -ENODEV;
}

struct ftrace_group *ftrace_first_group(void)
{
	return ftrace_rcu(ftrace_groups);
}

void ftrace_groups_count(unsigned long *pages, unsigned long *groups)
{
	struct ftrace_group *g;

	*pages = *groups = 0;
	rcu_read_lock();
	for_each_ftrace_group(g) {
		*pages += 1UL << g->order;
		(*groups)++;
	}
	rcu_read_unlock();
}

/* ------------------------------------------------------------------ */
/* Lookups                                                              */

/* bsearch key: a range [ip, end] and a record overlapping it. */
struct rec_range {
	unsigned long	start, end;
};

static int cmp_range_rec(const void *key, const void *elt)
{
	const struct rec_range *k = key;
	const struct ftrace_rec *r = elt;

	if (k->end < r->dyn.ip)
		return -1;
	if (k->start >= r->dyn.ip + MCOUNT_INSN_SIZE)
		return 1;
	return 0;
}

/* Some record of @g whose site overlaps [start, end], or NULL. */
static struct ftrace_rec *group_find(struct ftrace_group *g,
				     unsigned long start, unsigned long end)
{
	struct rec_range k = { start, end };

	if (!g->nr || end < g->recs[0].dyn.ip ||
	    start >= g->recs[g->nr - 1].dyn.ip + MCOUNT_INSN_SIZE)
		return NULL;
	return bsearch(&k, g->recs, g->nr, sizeof(g->recs[0]), cmp_range_rec);
}

/*
 * The lowest site overlapping [start, end]. Sites do not overlap each
 * other, so from any overlapping one, step back while the previous one
 * overlaps too.
 */
static struct ftrace_rec *range_first(unsigned long start, unsigned long end)
{
	struct ftrace_rec *r, *best = NULL;
	struct ftrace_group *g;

	for_each_ftrace_group(g) {
		r = group_find(g, start, end);
		if (!r)
			continue;
		while (r > g->recs && (r - 1)->dyn.ip + MCOUNT_INSN_SIZE > start)
			r--;
		if (!best || r->dyn.ip < best->dyn.ip)
			best = r;
	}
	return best;
}

/**
 * ftrace_location_range - the first call site within a range
 * @start: first address of the range
 * @end: last address of the range (included)
 *
 * Returns the address of the lowest call site at least partly within
 * [@start, @end], or 0.
 */
unsigned long ftrace_location_range(unsigned long start, unsigned long end)
{
	struct ftrace_rec *r;
	unsigned long ip = 0;

	rcu_read_lock();
	r = range_first(start, end);
	if (r)
		ip = r->dyn.ip;
	rcu_read_unlock();
	return ip;
}

/**
 * ftrace_location - the call site of an address
 * @ip: an address in a call site, or the start of a function
 *
 * Returns the address of the call site @ip is in; for the first address
 * of a function (whose site may follow an ENDBR), the address of that
 * function's site. 0 when there is none.
 */
unsigned long ftrace_location(unsigned long ip)
{
	unsigned long loc, size, offset;

	loc = ftrace_location_range(ip, ip);
	if (loc)
		return loc;
	if (!kallsyms_lookup_size_offset(ip, &size, &offset) || offset)
		return 0;
	return ftrace_location_range(ip, ip + size - 1);
}

/**
 * ftrace_text_reserved - is any call site in a range of text?
 * @start: first byte
 * @end: last byte
 *
 * Code that rewrites text (kprobes' jump optimisation) must leave sites
 * to us. Returns 1 when a site overlaps [@start, @end].
 */
int ftrace_text_reserved(const void *start, const void *end)
{
	return !!ftrace_location_range((unsigned long)start,
				       (unsigned long)end);
}

struct ftrace_rec *ftrace_rec_next(struct ftrace_group **g,
				   struct ftrace_rec *r)
{
	if (r && ++r < (*g)->recs + (*g)->nr)
		return r;
	for (*g = r ? ftrace_rcu((*g)->next) : *g; *g; *g = ftrace_rcu((*g)->next))
		if ((*g)->nr)
			return (*g)->recs;
	return NULL;
}

struct ftrace_rec *ftrace_rec_by_index(unsigned long index)
{
	struct ftrace_group *g;

	for_each_ftrace_group(g) {
		if (index < g->nr)
			return &g->recs[index];
		index -= g->nr;
	}
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Iteration for the arch's ftrace_replace_code()                      */

struct ftrace_rec_iter {
	struct ftrace_group	*g;
	unsigned int		i;
};

/* One walk at a time: updates are serialised by ftrace_lock. */
static struct ftrace_rec_iter rec_iter;

struct ftrace_rec_iter *ftrace_rec_iter_start(void)
{
	lockdep_assert_held(&ftrace_lock);
	rec_iter.g = ftrace_locked(ftrace_groups);
	rec_iter.i = 0;
	while (rec_iter.g && !rec_iter.g->nr)
		rec_iter.g = ftrace_locked(rec_iter.g->next);
	return rec_iter.g ? &rec_iter : NULL;
}

struct ftrace_rec_iter *ftrace_rec_iter_next(struct ftrace_rec_iter *iter)
{
	if (++iter->i < iter->g->nr)
		return iter;
	do {
		iter->g = ftrace_locked(iter->g->next);
		iter->i = 0;
	} while (iter->g && !iter->g->nr);
	return iter->g ? iter : NULL;
}

struct dyn_ftrace *ftrace_rec_iter_record(struct ftrace_rec_iter *iter)
{
	return &iter->g->recs[iter->i].dyn;
}

/* ------------------------------------------------------------------ */
/* Modules and freed text                                               */

#ifdef CONFIG_MODULES
/* The records of @mod, still being formed: disabled until it is ready. */
void ftrace_records_add_mod(struct module *mod)
{
	int ret;

	if (ftrace_is_dead() || !mod->num_ftrace_callsites)
		return;
	ret = process_locs(mod, mod->ftrace_callsites,
			   mod->ftrace_callsites + mod->num_ftrace_callsites);
	if (ret)
		pr_warn("%s: no memory for call-site records: not traceable\n",
			mod->name);
}

/*
 * Unlink every group of @mod. The groups come back as a list for
 * ftrace_records_free(), which must not run before the hashes forgot
 * the sites (lockless lookups may still walk the groups until then).
 */
struct ftrace_group *ftrace_records_unlink_mod(struct module *mod)
{
	struct ftrace_group *g, __rcu **link, *gone = NULL;

	mutex_lock(&ftrace_lock);
	link = &ftrace_groups;
	while ((g = ftrace_locked(*link))) {
		if (g->mod != mod) {
			link = &g->next;
			continue;
		}
		rcu_assign_pointer(*link, ftrace_locked(g->next));
		nr_records -= g->nr;
		/* unlinked: reuse next for the local list */
		RCU_INIT_POINTER(g->next, gone);
		gone = g;
	}
	listing_gen++;
	mutex_unlock(&ftrace_lock);
	return gone;
}
#endif /* CONFIG_MODULES */

/* Free what the unlink functions returned, once no lookup can see it. */
void ftrace_records_free(struct ftrace_group *gone)
{
	struct ftrace_group *g;

	if (!gone)
		return;
	synchronize_rcu();
	while (gone) {
		g = gone;
		gone = rcu_dereference_raw(g->next);
		group_free(g);
	}
}

/*
 * Copy @g without the records in [start, end); NULL when none is left.
 * *@err is set on -ENOMEM (then @g stays as it is).
 */
static struct ftrace_group *group_without(struct ftrace_group *g,
					  unsigned long start,
					  unsigned long end, int *err)
{
	struct ftrace_group *n;
	unsigned int i, keep = 0;

	for (i = 0; i < g->nr; i++)
		keep += g->recs[i].dyn.ip < start || g->recs[i].dyn.ip >= end;
	if (!keep)
		return NULL;
	n = group_alloc(keep, true);
	if (!n) {
		*err = -ENOMEM;
		return NULL;
	}
	n->mod = g->mod;
	for (i = 0; i < g->nr; i++)
		if (g->recs[i].dyn.ip < start || g->recs[i].dyn.ip >= end)
			n->recs[n->nr++] = g->recs[i];
	return n;
}

/*
 * Unlink the records of @mod's (NULL: the kernel's) text [@start, @end),
 * which is being freed: the groups that held them come back as a list
 * for ftrace_records_free() (see ftrace_records_unlink_mod()).
 */
struct ftrace_group *ftrace_records_unlink_range(struct module *mod,
						 unsigned long start,
						 unsigned long end)
{
	struct ftrace_group *g, *n, __rcu **link, *gone = NULL;
	unsigned int removed;
	int err = 0;

	mutex_lock(&ftrace_lock);
	link = &ftrace_groups;
	while ((g = ftrace_locked(*link))) {
		if (g->mod != mod || !g->nr || g->recs[g->nr - 1].dyn.ip < start ||
		    g->recs[0].dyn.ip >= end) {
			link = &g->next;
			continue;
		}
		n = group_without(g, start, end, &err);
		if (err) {
			/* Leave the records; their text is gone but never patched. */
			for (removed = 0; removed < g->nr; removed++)
				if (g->recs[removed].dyn.ip >= start &&
				    g->recs[removed].dyn.ip < end)
					g->recs[removed].dyn.flags |= FTRACE_FL_DISABLED;
			link = &g->next;
			err = 0;
			continue;
		}
		removed = g->nr - (n ? n->nr : 0);
		nr_records -= removed;
		if (n) {
			RCU_INIT_POINTER(n->next, ftrace_locked(g->next));
			rcu_assign_pointer(*link, n);
			link = &n->next;
		} else {
			rcu_assign_pointer(*link, ftrace_locked(g->next));
		}
		RCU_INIT_POINTER(g->next, gone);
		gone = g;
	}
	listing_gen++;
	mutex_unlock(&ftrace_lock);
	return gone;
}
