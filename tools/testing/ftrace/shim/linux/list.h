/* SPDX-License-Identifier: GPL-2.0 */
/* The hlist the hashes hang their entries on. */
#ifndef SHIM_LINUX_LIST_H
#define SHIM_LINUX_LIST_H
#include "../shim.h"

struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct hlist_head {
	struct hlist_node *first;
};

static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	n->next = h->first;
	if (h->first)
		h->first->pprev = &n->next;
	h->first = n;
	n->pprev = &h->first;
}

static inline void hlist_del(struct hlist_node *n)
{
	*n->pprev = n->next;
	if (n->next)
		n->next->pprev = n->pprev;
	n->next = NULL;
	n->pprev = NULL;
}

#define hlist_entry_safe(ptr, type, member) \
	({ __typeof__(ptr) ____p = (ptr); \
	   ____p ? container_of(____p, type, member) : NULL; })

#define hlist_for_each_entry(pos, head, member)				\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); \
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))

#define hlist_for_each_entry_safe(pos, n, head, member)			\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*pos), member); \
	     pos && ({ n = pos->member.next; 1; });			\
	     pos = hlist_entry_safe(n, __typeof__(*pos), member))

/* One thread here: the RCU walk is the plain one. */
#define hlist_for_each_entry_rcu_notrace(pos, head, member) \
	hlist_for_each_entry(pos, head, member)

#endif
