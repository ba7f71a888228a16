// SPDX-License-Identifier: GPL-2.0
/*
 * The clients of the trace arrays: every subsystem that keeps state or
 * files per array, or acts when one of an array's options changes,
 * fills a struct trace_array_client (trace.h) and registers it. The core
 * walks the list at each point of an array's life and never names a
 * client; a new subsystem (a dynamic event, a probe type) plugs in here
 * without a line changing in the core.
 *
 * The list is kept in the order of the clients' ->order, and in the
 * order of registration among equals. Everything here runs under
 * trace_types_lock.
 */
#include <linux/list.h>
#include <linux/mutex.h>

#include "trace.h"
#include "trace_core.h"

static LIST_HEAD(clients);
/* Set once the top level's files exist: no client may add files then. */
static bool files_closed;

/* Put @c after every client of the same or a lower order. */
static void client_insert(struct trace_array_client *c)
{
	struct trace_array_client *pos;

	list_for_each_entry(pos, &clients, list) {
		if (pos->order > c->order) {
			list_add_tail(&c->list, &pos->list);
			return;
		}
	}
	list_add_tail(&c->list, &clients);
}

/* Undo ->init on the arrays before @stop (all if NULL), for a failed catch-up. */
static void client_uninit(struct trace_array_client *c, struct trace_array *stop)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		if (tr == stop)
			break;
		c->free(tr);
	}
}

int trace_array_client_register(struct trace_array_client *c)
{
	struct trace_array *tr;
	int ret = 0;

	mutex_lock(&trace_types_lock);
	if (WARN(files_closed && (c->create || c->create_cpu),
		 "tracing: client %s adds array files after tracefs is up\n",
		 c->name)) {
		ret = -EBUSY;
		goto out;
	}
	/* The arrays made before the client came get its state now. */
	if (c->init) {
		list_for_each_entry(tr, &ftrace_trace_arrays, list) {
			ret = c->init(tr);
			if (ret) {
				if (c->free)
					client_uninit(c, tr);
				goto out;
			}
		}
	}
	client_insert(c);
out:
	mutex_unlock(&trace_types_lock);
	return ret;
}

int trace_clients_init(struct trace_array *tr)
{
	struct trace_array_client *c;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(c, &clients, list) {
		if (!c->init)
			continue;
		ret = c->init(tr);
		if (!ret)
			continue;
		/* the clients before @c got their state: take it back */
		list_for_each_entry_continue_reverse(c, &clients, list)
			if (c->free)
				c->free(tr);
		return ret;
	}
	return 0;
}

void trace_clients_free(struct trace_array *tr)
{
	struct trace_array_client *c;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry_reverse(c, &clients, list)
		if (c->free)
			c->free(tr);
}

void trace_clients_create(struct trace_array *tr, struct dentry *dir)
{
	struct trace_array_client *c;

	lockdep_assert_held(&trace_types_lock);
	if (tr->flags & TRACE_ARRAY_FL_GLOBAL)
		files_closed = true;
	list_for_each_entry(c, &clients, list)
		if (c->create)
			c->create(tr, dir);
}

void trace_clients_create_cpu(struct trace_array *tr, struct dentry *dir,
			      int cpu)
{
	struct trace_array_client *c;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(c, &clients, list)
		if (c->create_cpu)
			c->create_cpu(tr, dir, cpu);
}

void trace_clients_remove(struct trace_array *tr)
{
	struct trace_array_client *c;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry_reverse(c, &clients, list)
		if (c->remove)
			c->remove(tr);
}

int trace_clients_flag_changed(struct trace_array *tr, unsigned int mask,
			       bool on)
{
	struct trace_array_client *c;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(c, &clients, list) {
		if (!c->flag_changed)
			continue;
		ret = c->flag_changed(tr, mask, on);
		if (ret)
			return ret;
	}
	return 0;
}
