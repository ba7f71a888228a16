// SPDX-License-Identifier: GPL-2.0
/*
 * Function probes: the objects the commands of set_ftrace_filter
 * ("func:traceoff", "func:enable_event:sched:sched_switch:3", ...)
 * attach to a trace array.
 *
 * A probe is one kind of command in one array. It owns an ftrace_ops
 * whose filter hash holds exactly the functions the command was given,
 * and one site per such function with what the command keeps for it (a
 * count, an event file). The probe's callback finds the site of the
 * function it was called for and hands it to the command. Probes act
 * whatever the array's tracer is, and they are independent of the
 * array's own filter: writing "func:cmd" changes no hash of the array.
 *
 * Sites are on two lists: the probe's list in the order they came
 * (ftrace_lock; what set_ftrace_filter lists) and a table by address
 * read by the callback under RCU. A site leaves the table first, and is
 * freed only after every CPU has left the callbacks it may be in.
 *
 * Locking: probe_mutex (one change of any probe at a time), then the
 * probe ops' regex_lock, then ftrace_lock. A command's attach and detach
 * run under probe_mutex alone, so they may take event_mutex and the
 * like; nothing may take probe_mutex while holding one of those, except
 * trace_types_lock, which the removal of an instance holds around
 * ftrace_probes_clear().
 */
#include <linux/ftrace.h>
#include <linux/hashtable.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "ftrace_internal.h"
#include "trace.h"
#include "trace_triggers.h"

#define PROBE_TABLE_BITS	7

struct ftrace_probe {
	struct list_head		list;	/* on probes, under ftrace_lock */
	struct ftrace_ops		ops;
	struct trace_array		*tr;
	const struct ftrace_probe_kind	*kind;
	struct list_head		sites;	/* under ftrace_lock */
	DECLARE_HASHTABLE(table, PROBE_TABLE_BITS);	/* RCU */
};

/* Newest first, as the reference lists them. */
static LIST_HEAD(probes);
static DEFINE_MUTEX(probe_mutex);

/*
 * The callback of every probe. The site table is read with preemption
 * off (the recursion lock disables it): a site taken out of the table is
 * freed only after synchronize_rcu_tasks_rude(), which waits for every
 * such region, also those where RCU is not watching.
 */
static void probe_call(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct ftrace_probe *p = container_of(op, struct ftrace_probe, ops);
	struct ftrace_probe_site *site;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	hash_for_each_possible_rcu_notrace(p->table, site, node, ip) {
		if (site->ip == ip) {
			p->kind->hit(p->tr, site, parent_ip);
			break;
		}
	}
	ftrace_test_recursion_unlock(bit);
}

static struct ftrace_probe *probe_find(struct trace_array *tr,
				       const struct ftrace_probe_kind *kind)
{
	struct ftrace_probe *p;

	lockdep_assert_held(&probe_mutex);
	list_for_each_entry(p, &probes, list)
		if (p->tr == tr && p->kind == kind)
			return p;
	return NULL;
}

static struct ftrace_probe *probe_new(struct trace_array *tr,
				      const struct ftrace_probe_kind *kind)
{
	static struct lock_class_key probe_regex_key;
	struct ftrace_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return NULL;
	p->tr = tr;
	p->kind = kind;
	INIT_LIST_HEAD(&p->sites);
	hash_init(p->table);
	p->ops.func = probe_call;
	ftrace_ops_init(&p->ops);
	/*
	 * A command runs while the set_ftrace_filter session of its array
	 * may hold that ops' regex_lock (the module notifier takes it under
	 * trace_types_lock too): a class of their own for the probes' locks,
	 * which are only ever taken inside those.
	 */
	lockdep_set_class(&p->ops.func_hash->regex_lock, &probe_regex_key);
	return p;
}

static void site_free(const struct ftrace_probe_kind *kind,
		      struct ftrace_probe_site *site)
{
	if (kind->detach)
		kind->detach(site);
	kfree(site);
}

/* The functions @glob names ("" or "*": @all), in a new hash. */
static struct ftrace_hash *glob_hash(const char *glob, int *err)
{
	struct ftrace_hash *hash = ftrace_hash_alloc(FTRACE_HASH_DEFAULT_BITS);
	char *pattern;
	int ret;

	if (!hash) {
		*err = -ENOMEM;
		return NULL;
	}
	pattern = kstrdup(glob, GFP_KERNEL);
	ret = pattern ? ftrace_match_records(hash, pattern, NULL) : -ENOMEM;
	kfree(pattern);
	if (ret <= 0) {
		ftrace_hash_free(hash);
		/* no function of that name: the reference says EINVAL */
		*err = ret ? ret : -EINVAL;
		return NULL;
	}
	return hash;
}

/**
 * ftrace_probe_add - attach a command to the functions a glob names
 * @tr: the array
 * @kind: the command
 * @glob: function name or glob (no '!', no ":mod:")
 * @count: the count each new site starts with (-1 for none)
 * @arg: passed to @kind->attach for each new site
 *
 * Functions that already have a site of this kind keep it as it is.
 * Returns the number of new sites, or -errno: -EINVAL when @glob names
 * no function or only functions that have their site already.
 */
int ftrace_probe_add(struct trace_array *tr, const struct ftrace_probe_kind *kind,
		     const char *glob, long count, void *arg)
{
	struct ftrace_probe_site *site, *n;
	struct ftrace_hash *match, *hash;
	struct ftrace_func_entry *e;
	struct ftrace_probe *p;
	LIST_HEAD(fresh);
	int added = 0, ret;
	unsigned long i;

	match = glob_hash(glob, &ret);
	if (!match)
		return ret;

	mutex_lock(&probe_mutex);
	p = probe_find(tr, kind);
	if (!p) {
		ret = -ENOMEM;
		p = probe_new(tr, kind);
		if (!p)
			goto out;
		mutex_lock(&ftrace_lock);
		list_add(&p->list, &probes);
		mutex_unlock(&ftrace_lock);
	}

	mutex_lock(&p->ops.func_hash->regex_lock);
	ret = -ENOMEM;
	hash = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS,
				p->ops.func_hash->filter_hash);
	if (!hash)
		goto out_unlock;
	ftrace_hash_for_each(match, i, e) {
		if (ftrace_lookup_ip(hash, e->ip))
			continue;
		site = kzalloc(sizeof(*site), GFP_KERNEL);
		if (!site || ftrace_hash_add(hash, e->ip)) {
			kfree(site);
			goto out_fail;
		}
		site->ip = e->ip;
		site->count = count;
		if (kind->attach) {
			ret = kind->attach(site, arg);
			if (ret) {
				kfree(site);
				goto out_fail;
			}
		}
		list_add_tail(&site->list, &fresh);
		added++;
	}
	ret = -EINVAL;
	if (!added)
		goto out_fail;

	/* in the table before any site calls the probe for them */
	mutex_lock(&ftrace_lock);
	list_for_each_entry(site, &fresh, list)
		hash_add_rcu(p->table, &site->node, site->ip);
	mutex_unlock(&ftrace_lock);

	/* the hash is never empty here: an empty one would trace everything */
	ret = ftrace_ops_set_hash(&p->ops, true, hash);
	if (ret) {
		/* a conflict with an IPMODIFY ops: nothing was patched */
		ftrace_hash_free(hash);
		goto out_unpublish;
	}
	if (!(p->ops.flags & FTRACE_OPS_FL_ENABLED)) {
		/* the probe's first sites: it goes with them on failure */
		ret = register_ftrace_function(&p->ops);
		if (ret)
			goto out_unpublish;
	}
	mutex_lock(&ftrace_lock);
	list_splice_tail_init(&fresh, &p->sites);
	ftrace_listing_changed();
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&p->ops.func_hash->regex_lock);
	mutex_unlock(&probe_mutex);
	ftrace_hash_free(match);
	return added;

out_unpublish:
	pr_warn("ftrace: cannot attach %s probes: %d\n", kind->name, ret);
	mutex_lock(&ftrace_lock);
	list_for_each_entry(site, &fresh, list)
		hash_del_rcu(&site->node);
	mutex_unlock(&ftrace_lock);
	synchronize_rcu_tasks_rude();
	list_for_each_entry_safe(site, n, &fresh, list)
		site_free(kind, site);
	goto out_unlock;

out_fail:
	ftrace_hash_free(hash);
	list_for_each_entry_safe(site, n, &fresh, list)
		site_free(kind, site);
out_unlock:
	mutex_unlock(&p->ops.func_hash->regex_lock);
	if (list_empty(&p->sites)) {
		mutex_lock(&ftrace_lock);
		list_del(&p->list);
		ftrace_listing_changed();
		mutex_unlock(&ftrace_lock);
		if (p->ops.flags & FTRACE_OPS_FL_ENABLED)
			unregister_ftrace_function(&p->ops);
		ftrace_free_filter(&p->ops);
		kfree(p);
	}
out:
	mutex_unlock(&probe_mutex);
	ftrace_hash_free(match);
	return ret;
}

/*
 * Take the sites of @p in @match (all of them when NULL) out: they are
 * off the table and the lists when this returns, and freed.
 */
static int probe_remove(struct ftrace_probe *p, struct ftrace_hash *match)
{
	struct ftrace_probe_site *site, *n;
	struct ftrace_hash *hash = NULL;
	bool last;
	LIST_HEAD(gone);

	lockdep_assert_held(&probe_mutex);
	mutex_lock(&p->ops.func_hash->regex_lock);
	mutex_lock(&ftrace_lock);
	list_for_each_entry_safe(site, n, &p->sites, list) {
		if (match && !ftrace_lookup_ip(match, site->ip))
			continue;
		hash_del_rcu(&site->node);
		list_move_tail(&site->list, &gone);
	}
	last = list_empty(&p->sites);
	ftrace_listing_changed();
	mutex_unlock(&ftrace_lock);
	if (list_empty(&gone)) {
		mutex_unlock(&p->ops.func_hash->regex_lock);
		return -EINVAL;
	}

	if (last) {
		/* the ops first: with an empty hash it would trace everything */
		unregister_ftrace_function(&p->ops);
	} else {
		hash = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS,
					p->ops.func_hash->filter_hash);
		if (hash) {
			list_for_each_entry(site, &gone, list)
				ftrace_hash_remove(hash,
						   ftrace_lookup_ip(hash, site->ip));
			/*
			 * On failure the functions stay patched but find no
			 * site: harmless, and gone with the probe's last site.
			 */
			if (ftrace_ops_set_hash(&p->ops, true, hash))
				ftrace_hash_free(hash);
		}
	}
	mutex_unlock(&p->ops.func_hash->regex_lock);

	/* no callback may still be walking the table over these sites */
	synchronize_rcu_tasks_rude();
	list_for_each_entry_safe(site, n, &gone, list)
		site_free(p->kind, site);

	if (last) {
		mutex_lock(&ftrace_lock);
		list_del(&p->list);
		ftrace_listing_changed();
		mutex_unlock(&ftrace_lock);
		ftrace_free_filter(&p->ops);
		kfree(p);
	}
	return 0;
}

/**
 * ftrace_probe_remove - detach a command from the functions a glob names
 * @tr: the array
 * @kind: the command
 * @glob: function name or glob; "" and "*" name every site
 *
 * Returns 0, -ENODEV when the array has no probe of this kind, -EINVAL
 * when none of its sites is named.
 */
int ftrace_probe_remove(struct trace_array *tr,
			const struct ftrace_probe_kind *kind, const char *glob)
{
	struct ftrace_hash *match = NULL;
	struct ftrace_probe *p;
	int ret;

	if (*glob && strcmp(glob, "*")) {
		match = glob_hash(glob, &ret);
		if (!match)
			return ret;
	}
	mutex_lock(&probe_mutex);
	p = probe_find(tr, kind);
	ret = p ? probe_remove(p, match) : -ENODEV;
	mutex_unlock(&probe_mutex);
	ftrace_hash_free(match);
	return ret;
}

/* An array goes: every probe of it with it. Under trace_types_lock. */
void ftrace_probes_clear(struct trace_array *tr)
{
	struct ftrace_probe *p, *n;

	mutex_lock(&probe_mutex);
	list_for_each_entry_safe(p, n, &probes, list)
		if (p->tr == tr)
			probe_remove(p, NULL);
	mutex_unlock(&probe_mutex);
}

/* ------------------------------------------------------------------ */
/* In set_ftrace_filter, after the functions and the :mod: filters      */

/*
 * Move @it to the next site of its array's probes; false at the end.
 * Under ftrace_lock, which every change of the lists takes.
 */
bool ftrace_probe_listing_next(struct ftrace_listing *it)
{
	struct ftrace_probe *p = it->probe;
	struct ftrace_probe_site *site = it->site;

	lockdep_assert_held(&ftrace_lock);
	if (!it->tr)
		return false;
	if (!p) {
		p = list_entry(&probes, struct ftrace_probe, list);
		goto next_probe;
	}
	for (;;) {
		site = site ? list_next_entry(site, list) :
			      list_first_entry(&p->sites,
					       struct ftrace_probe_site, list);
		if (&site->list != &p->sites)
			break;
next_probe:
		do {
			p = list_next_entry(p, list);
			if (&p->list == &probes)
				return false;
		} while (p->tr != it->tr);
		site = NULL;
	}
	it->probe = p;
	it->site = site;
	return true;
}

void ftrace_probe_listing_show(struct seq_file *m, struct ftrace_listing *it)
{
	struct ftrace_probe *p = it->probe;
	struct ftrace_probe_site *site = it->site;

	seq_printf(m, "%ps:", (void *)site->ip);
	p->kind->show(m, site);
}
