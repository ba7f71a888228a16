// SPDX-License-Identifier: GPL-2.0
/*
 * Changing which functions an ftrace_ops traces: its filter hash (only
 * these; empty = all) and notrace hash (never these).
 *
 * Every change builds a new hash and installs it whole with
 * ftrace_ops_set_hash(), which re-derives what each site wants and
 * patches the sites when the ops (or another ops sharing its hashes) is
 * active; the old hash is freed once the list function cannot be reading
 * it. Editors of one ops' hashes are serialised by its regex_lock.
 *
 * The kernel API (ftrace_set_filter() and friends) and the boot options
 * ftrace_filter= and ftrace_notrace= live here; the files users write
 * (set_ftrace_filter, ...) in ftrace_filter_files.c.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/setup.h>

#include "ftrace_internal.h"

/* ------------------------------------------------------------------ */
/* Matching functions by name                                           */

static int enter_ip(struct ftrace_hash *hash, unsigned long ip, bool remove)
{
	struct ftrace_func_entry *e = ftrace_lookup_ip(hash, ip);

	if (remove) {
		if (e)
			ftrace_hash_remove(hash, e);
		return 0;
	}
	return ftrace_hash_add(hash, ip);
}

/*
 * Is module @modname (NULL: the kernel) one @mg selects? An empty
 * pattern selects every module, or with '!' the kernel alone.
 */
static bool module_selected(const struct ftrace_glob *mg, const char *modname)
{
	if (!mg->len)
		return mg->negate ? !modname : !!modname;
	return (modname && ftrace_glob_match(mg, modname)) != mg->negate;
}

int ftrace_match_records(struct ftrace_hash *hash, char *pattern, char *mod)
{
	char name[KSYM_SYMBOL_LEN];
	struct ftrace_glob fg, mg;
	unsigned long off, idx;
	struct ftrace_group *g;
	struct ftrace_rec *r;
	int found = 0, ret;

	ftrace_glob_compile(&fg, pattern);
	if (mod)
		ftrace_glob_compile(&mg, mod);

	mutex_lock(&ftrace_lock);
	if (ftrace_is_dead())
		goto out;

	/* A number: the function on that line of available_filter_functions. */
	if (fg.kind == FTRACE_GLOB_INDEX) {
		if (kstrtoul(fg.text, 0, &idx) || !idx)
			goto out;
		r = ftrace_rec_by_index(idx - 1);
		if (!r)
			goto out;
		ret = enter_ip(hash, r->dyn.ip, fg.negate);
		found = ret ?: 1;
		goto out;
	}

	for_each_ftrace_rec(g, r) {
		if (r->dyn.flags & FTRACE_FL_DISABLED)
			continue;
		if (mod && !module_selected(&mg, g->mod ? g->mod->name : NULL))
			continue;
		/* ":mod:name" alone: every function of the module */
		if (!(mod && !fg.len)) {
			if (!kallsyms_lookup(r->dyn.ip, NULL, &off, NULL, name))
				continue;
			if (!ftrace_glob_match(&fg, name))
				continue;
		}
		ret = enter_ip(hash, r->dyn.ip, fg.negate);
		if (ret) {
			found = ret;
			goto out;
		}
		found++;
		/* a pattern may match every site: let others run */
		cond_resched();
	}
out:
	mutex_unlock(&ftrace_lock);
	return found;
}

/* ------------------------------------------------------------------ */
/* Installing a hash                                                    */

/* Is an active ops tracing through these hashes (its own or shared)? */
static bool hash_live(struct ftrace_ops_hash *fh)
{
	struct ftrace_ops *op;

	for_each_ftrace_ops_locked(op)
		if (FTRACE_OPS_ACTIVE(op) && op->func_hash == fh)
			return true;
	return false;
}

/* Would the new hashes put an IP-modifying user of @fh in conflict? */
static int check_sharers(struct ftrace_ops_hash *fh, struct ftrace_hash *filter,
			 struct ftrace_hash *exclude)
{
	struct ftrace_ops *op;
	int ret;

	for_each_ftrace_ops_locked(op) {
		if (!FTRACE_OPS_ACTIVE(op) || op->func_hash != fh)
			continue;
		ret = ftrace_check_ipmodify(op, filter, exclude);
		if (ret)
			return ret;
	}
	return 0;
}

int ftrace_ops_set_hash(struct ftrace_ops *ops, bool filter,
			struct ftrace_hash *hash)
{
	struct ftrace_ops_hash *fh = ops->func_hash;
	struct ftrace_hash __rcu **slot;
	struct ftrace_hash *old;
	bool live;
	int ret;

	lockdep_assert_held(&fh->regex_lock);
	/* An empty hash is the shared one: nothing to free, no lookups. */
	if (ftrace_hash_empty(hash) && hash != ftrace_empty_hash) {
		ftrace_hash_free(hash);
		hash = ftrace_empty_hash;
	}
	slot = filter ? &fh->filter_hash : &fh->notrace_hash;

	mutex_lock(&ftrace_lock);
	old = ftrace_locked(*slot);
	live = hash_live(fh);
	if (live) {
		ret = filter ? check_sharers(fh, hash, fh->notrace_hash) :
			       check_sharers(fh, fh->filter_hash, hash);
		if (ret) {
			mutex_unlock(&ftrace_lock);
			return ret;
		}
	}
	rcu_assign_pointer(*slot, hash);
	if (live) {
		ftrace_recompute_records();
		ftrace_update_all();
	}
	mutex_unlock(&ftrace_lock);

	/*
	 * Even an ops that is not live now may still have readers of @old:
	 * ftrace_shutdown() takes an ops off the list and clears its flags
	 * before it drops ftrace_lock to wait for the list walkers that had
	 * already found it, and those test its hashes. Only after every
	 * such walker is gone may the old hash go.
	 */
	ftrace_hash_free_live(old);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The kernel API                                                       */

/* A copy of the filter or notrace hash of @ops to edit (empty: @reset). */
static struct ftrace_hash *edit_copy(struct ftrace_ops *ops, bool filter,
				     bool reset)
{
	struct ftrace_hash *cur = filter ? ops->func_hash->filter_hash :
					   ops->func_hash->notrace_hash;

	return ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS, reset ? NULL : cur);
}

static int set_regex(struct ftrace_ops *ops, unsigned char *buf, int len,
		     int reset, bool filter)
{
	struct ftrace_hash *hash;
	char *pattern = NULL;
	int ret;

	if (ftrace_is_dead())
		return -ENODEV;
	ftrace_ops_init(ops);
	if (buf) {
		pattern = kstrndup(buf, len, GFP_KERNEL);
		if (!pattern)
			return -ENOMEM;
	}
	mutex_lock(&ops->func_hash->regex_lock);
	hash = edit_copy(ops, filter, reset);
	if (!hash) {
		ret = -ENOMEM;
		goto out;
	}
	if (pattern) {
		ret = ftrace_match_records(hash, pattern, NULL);
		if (ret <= 0) {
			ftrace_hash_free(hash);
			ret = ret ?: -EINVAL;
			goto out;
		}
	}
	ret = ftrace_ops_set_hash(ops, filter, hash);
	if (ret)
		ftrace_hash_free(hash);
out:
	mutex_unlock(&ops->func_hash->regex_lock);
	kfree(pattern);
	return ret;
}

/**
 * ftrace_set_filter - trace the functions a pattern names
 * @ops: the ops
 * @buf: a function name or glob ("!" first to take them away)
 * @len: its length
 * @reset: start from an empty filter
 *
 * Returns 0, or -EINVAL when the pattern names no function.
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset)
{
	return set_regex(ops, buf, len, reset, true);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

/**
 * ftrace_set_notrace - never trace the functions a pattern names
 * @ops: the ops
 * @buf: a function name or glob ("!" first to allow them again)
 * @len: its length
 * @reset: start from an empty notrace hash
 */
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset)
{
	return set_regex(ops, buf, len, reset, false);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

/* The filters of the top-level function tracer. */
void ftrace_set_global_filter(unsigned char *buf, int len, int reset)
{
	set_regex(&global_ops, buf, len, reset, true);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_filter);

void ftrace_set_global_notrace(unsigned char *buf, int len, int reset)
{
	set_regex(&global_ops, buf, len, reset, false);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_notrace);

/**
 * ftrace_set_filter_ips - add call sites to (or take them from) a filter
 * @ops: the ops
 * @ips: addresses of call sites or of functions' first bytes
 * @cnt: how many
 * @remove: take them away instead
 * @reset: start from an empty filter
 *
 * Returns 0; -EINVAL for an address that is no call site, -ENOENT when
 * removing one that is not in the filter.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	struct ftrace_func_entry *e;
	struct ftrace_hash *hash;
	unsigned long ip;
	unsigned int i;
	int ret = 0;

	if (ftrace_is_dead())
		return -ENODEV;
	ftrace_ops_init(ops);
	mutex_lock(&ops->func_hash->regex_lock);
	hash = edit_copy(ops, true, reset);
	if (!hash) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < cnt && !ret; i++) {
		ip = ftrace_location(ips[i]);
		if (!ip) {
			ret = -EINVAL;
		} else if (remove) {
			e = ftrace_lookup_ip(hash, ip);
			if (e)
				ftrace_hash_remove(hash, e);
			else
				ret = -ENOENT;
		} else {
			ret = ftrace_hash_add(hash, ip);
		}
	}
	if (!ret)
		ret = ftrace_ops_set_hash(ops, true, hash);
	if (ret)
		ftrace_hash_free(hash);
out:
	mutex_unlock(&ops->func_hash->regex_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip, int remove,
			 int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/*
 * How many call sites @ops' filter holds (0: none, which means all). For
 * an ops that is not registered, or under its regex_lock.
 */
unsigned int ftrace_ops_filter_count(struct ftrace_ops *ops)
{
	struct ftrace_hash *hash;

	ftrace_ops_init(ops);
	hash = rcu_dereference_protected(ops->func_hash->filter_hash, 1);
	return hash ? hash->count : 0;
}

/* The call site of a function called @name, in vmlinux or a module. */
struct lookup_site {
	unsigned long	site;
};

static int lookup_site_one(void *data, unsigned long addr)
{
	struct lookup_site *l = data;

	/* of several functions of one name, the first with a call site */
	l->site = ftrace_location(addr);
	return l->site != 0;
}

static unsigned long lookup_site(const char *name)
{
	struct lookup_site l = { 0 };
	unsigned long addr;

	kallsyms_on_each_match_symbol(lookup_site_one, name, &l);
	if (l.site)
		return l.site;
	addr = module_kallsyms_lookup_name(name);
	return addr ? ftrace_location(addr) : 0;
}

/**
 * ftrace_lookup_symbols - the call sites of functions given by name
 * @sorted_syms: the names, in strcmp() order
 * @cnt: how many
 * @addrs: gets the call site of each name, in the same order
 *
 * Returns 0, or -ESRCH when a name is no function with a call site.
 */
int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
			  unsigned long *addrs)
{
	size_t i;

	for (i = 0; i < cnt; i++) {
		addrs[i] = lookup_site(sorted_syms[i]);
		if (!addrs[i])
			return -ESRCH;
	}
	return 0;
}

/**
 * ftrace_free_filter - drop the hashes of an ops that is not registered
 * @ops: the ops
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	ftrace_ops_init(ops);
	if (WARN_ON(ops->flags & FTRACE_OPS_FL_ENABLED))
		return;
	ftrace_hash_free(rcu_dereference_protected(ops->func_hash->filter_hash, 1));
	ftrace_hash_free(rcu_dereference_protected(ops->func_hash->notrace_hash, 1));
	RCU_INIT_POINTER(ops->func_hash->filter_hash, ftrace_empty_hash);
	RCU_INIT_POINTER(ops->func_hash->notrace_hash, ftrace_empty_hash);
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);

/**
 * ftrace_ops_set_global_filter - make @ops follow the top-level filters
 * @ops: an ops not registered and never initialised yet
 */
void ftrace_ops_set_global_filter(struct ftrace_ops *ops)
{
	/* once it has hashes of its own, it keeps them */
	if (!(ops->flags & FTRACE_OPS_FL_INITIALIZED)) {
		ftrace_ops_init(ops);
		ops->func_hash = &global_ops.local_hash;
	}
}
EXPORT_SYMBOL_GPL(ftrace_ops_set_global_filter);

/* ------------------------------------------------------------------ */
/* Forgetting addresses whose text is gone                              */

/*
 * A copy of @h without the addresses @gone() says went, or NULL when none
 * did (or on -ENOMEM: then @h stays, naming text that no longer exists,
 * which no site can match again). A filter that loses its last address
 * keeps restricting: it does not turn into "trace everything".
 */
static struct ftrace_hash *hash_without(struct ftrace_hash *h,
					bool (*gone)(unsigned long ip, void *data),
					void *data)
{
	struct ftrace_func_entry *e;
	struct ftrace_hash *n;
	unsigned long i, hit = 0;

	if (ftrace_hash_empty(h) || !h->count)
		return NULL;
	ftrace_hash_for_each(h, i, e)
		hit += gone(e->ip, data);
	if (!hit)
		return NULL;
	n = ftrace_hash_alloc(h->size_bits);
	if (!n)
		return NULL;
	n->flags = h->flags;
	ftrace_hash_for_each(h, i, e) {
		if (!gone(e->ip, data) && ftrace_hash_add(n, e->ip)) {
			ftrace_hash_free(n);
			return NULL;
		}
	}
	if (!n->count)
		n->flags |= FTRACE_HASH_FL_MOD;
	return n;
}

/**
 * ftrace_ops_forget - drop from @ops' hashes the addresses @gone() names
 * @ops: the ops (one never initialised is left alone)
 * @gone: true for an address whose text went away
 * @data: passed to @gone
 *
 * Takes the ops' regex_lock. Who owns which ops, and so which ones to
 * ask, is for the caller (ftrace_module.c walks the trace arrays).
 */
void ftrace_ops_forget(struct ftrace_ops *ops,
		       bool (*gone)(unsigned long ip, void *data), void *data)
{
	struct ftrace_hash *n;
	int f;

	if (!ops || !(ops->flags & FTRACE_OPS_FL_INITIALIZED))
		return;
	mutex_lock(&ops->func_hash->regex_lock);
	for (f = 0; f < 2; f++) {
		n = hash_without(f ? ops->func_hash->filter_hash :
				     ops->func_hash->notrace_hash, gone, data);
		if (n && ftrace_ops_set_hash(ops, f, n))
			ftrace_hash_free(n);
	}
	mutex_unlock(&ops->func_hash->regex_lock);
}

/* ------------------------------------------------------------------ */
/* Boot options                                                         */

static char boot_filter[COMMAND_LINE_SIZE] __initdata;
static char boot_notrace[COMMAND_LINE_SIZE] __initdata;
/* ftrace_filter= or ftrace_notrace= was given (the self-tests ask). */
static bool boot_filtered;

bool ftrace_boot_filtered(void)
{
	return boot_filtered;
}

static int __init set_boot_filter(char *str)
{
	boot_filtered = true;
	strscpy(boot_filter, str, sizeof(boot_filter));
	return 1;
}
__setup("ftrace_filter=", set_boot_filter);

static int __init set_boot_notrace(char *str)
{
	boot_filtered = true;
	strscpy(boot_notrace, str, sizeof(boot_notrace));
	return 1;
}
__setup("ftrace_notrace=", set_boot_notrace);

/**
 * ftrace_set_early_filter - apply a comma-separated list at boot
 * @ops: the ops
 * @buf: the list (modified)
 * @enable: 1 for the filter, 0 for the notrace hash
 */
void __init ftrace_set_early_filter(struct ftrace_ops *ops, char *buf,
				    int enable)
{
	char *word;

	ftrace_ops_init(ops);
	while ((word = strsep(&buf, ","))) {
		if (!*word)
			continue;
		if ((enable ? ftrace_set_filter : ftrace_set_notrace)
			(ops, (unsigned char *)word, strlen(word), 0))
			pr_info("%s: no function matches '%s'\n",
				enable ? "ftrace_filter=" : "ftrace_notrace=",
				word);
	}
}

void __init ftrace_apply_boot_filters(void)
{
	if (boot_filter[0])
		ftrace_set_early_filter(&global_ops, boot_filter, 1);
	if (boot_notrace[0])
		ftrace_set_early_filter(&global_ops, boot_notrace, 0);
}
