// SPDX-License-Identifier: GPL-2.0
/*
 * Names that kallsyms no longer has but the trace output still needs:
 * the init functions of loaded modules, whose text (and symbols) the
 * module loader drops after init while the buffer may still hold entries
 * recorded in them. For the traced ones, ftrace_free_mem() saves address,
 * size and name here first; kallsyms asks through
 * ftrace_mod_address_lookup() and lists them (with the trampolines) via
 * ftrace_mod_get_kallsym().
 *
 * Readers run under RCU from any context; the maps change under
 * ftrace_lock and a map goes when its module is unloaded.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/bsearch.h>

#include "ftrace_internal.h"

struct modsym {
	unsigned long	start;
	unsigned long	size;
	const char	*name;
};

/* The saved init functions of one module, sorted by address. */
struct modsym_map {
	struct list_head	list;	/* on modsym_maps */
	struct rcu_head		rcu;
	struct module		*mod;
	unsigned int		nr;
	struct modsym		syms[];
};

static LIST_HEAD(modsym_maps);

static void modsym_map_free(struct modsym_map *map)
{
	unsigned int i;

	for (i = 0; i < map->nr; i++)
		kfree(map->syms[i].name);
	kfree(map);
}

static void modsym_map_free_rcu(struct rcu_head *rcu)
{
	modsym_map_free(container_of(rcu, struct modsym_map, rcu));
}

static int cmp_modsym(const void *a, const void *b)
{
	const struct modsym *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Save the functions of @mod with a call site in [start, end). */
void ftrace_modsyms_save(struct module *mod, unsigned long start,
			 unsigned long end)
{
	char name[KSYM_NAME_LEN];
	unsigned long size, offset;
	struct modsym_map *map;
	struct ftrace_group *g;
	struct ftrace_rec *r;
	unsigned int n = 0;

	mutex_lock(&ftrace_lock);
	for_each_ftrace_rec(g, r)
		n += g->mod == mod && r->dyn.ip >= start && r->dyn.ip < end;
	if (!n)
		goto out;
	map = kzalloc(struct_size(map, syms, n), GFP_KERNEL);
	if (!map)
		goto out;
	map->mod = mod;
	for_each_ftrace_rec(g, r) {
		struct modsym *s = &map->syms[map->nr];

		if (g->mod != mod || r->dyn.ip < start || r->dyn.ip >= end)
			continue;
		if (!kallsyms_lookup(r->dyn.ip, &size, &offset, NULL, name))
			continue;
		s->name = kstrdup(name, GFP_KERNEL);
		if (!s->name)
			continue;
		s->start = r->dyn.ip - offset;
		s->size = size;
		map->nr++;
	}
	sort(map->syms, map->nr, sizeof(map->syms[0]), cmp_modsym, NULL);
	list_add_tail_rcu(&map->list, &modsym_maps);
out:
	mutex_unlock(&ftrace_lock);
}

void ftrace_modsyms_release(struct module *mod)
{
	struct modsym_map *map, *n;

	mutex_lock(&ftrace_lock);
	list_for_each_entry_safe(map, n, &modsym_maps, list) {
		if (map->mod != mod)
			continue;
		list_del_rcu(&map->list);
		call_rcu(&map->rcu, modsym_map_free_rcu);
	}
	mutex_unlock(&ftrace_lock);
}

static int cmp_addr_modsym(const void *key, const void *elt)
{
	unsigned long addr = *(const unsigned long *)key;
	const struct modsym *s = elt;

	if (addr < s->start)
		return -1;
	return addr >= s->start + s->size;
}

/*
 * kallsyms: the name of a freed module init function @addr is in.
 * Returns the length of the name copied to @sym and fills the answer
 * in, or 0. kallsyms_lookup_buildid() hands that length on, and
 * sprint_symbol() appends "+off/size [module]" at it: anything shorter
 * than the name cuts it there.
 */
int ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			      unsigned long *off, char **modname,
			      const unsigned char **modbuildid, char *sym)
{
	struct modsym_map *map;
	struct modsym *s;
	int found = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(map, &modsym_maps, list) {
		s = bsearch(&addr, map->syms, map->nr, sizeof(map->syms[0]),
			    cmp_addr_modsym);
		if (!s)
			continue;
		if (size)
			*size = s->size;
		if (off)
			*off = addr - s->start;
		if (modname)
			*modname = map->mod->name;
		if (modbuildid) {
#ifdef CONFIG_STACKTRACE_BUILD_ID
			*modbuildid = map->mod->build_id;
#else
			*modbuildid = NULL;
#endif
		}
		found = strscpy(sym, s->name, KSYM_NAME_LEN);
		/* a cut name (-E2BIG) still fills the buffer */
		if (found < 0)
			found = KSYM_NAME_LEN - 1;
		break;
	}
	rcu_read_unlock();
	return found;
}

/*
 * kallsyms' /proc/kallsyms walk: symbol @symnum of ours, counting the
 * saved init functions first, then the trampolines. -ERANGE past the end.
 */
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported)
{
	struct modsym_map *map;
	int ret = -ERANGE;

	rcu_read_lock();
	list_for_each_entry_rcu(map, &modsym_maps, list) {
		if (symnum >= map->nr) {
			symnum -= map->nr;
			continue;
		}
		*value = map->syms[symnum].start;
		*type = 'T';
		strscpy(name, map->syms[symnum].name, KSYM_NAME_LEN);
		strscpy(module_name, map->mod->name, MODULE_NAME_LEN);
		*exported = 1;
		ret = 0;
		goto out;
	}
	ret = ftrace_tramp_kallsym(symnum, value, type, name, module_name,
				   exported);
out:
	rcu_read_unlock();
	return ret;
}
