/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Events made at run time (probe events today), and dynamic_events, the
 * file that lists, makes and removes all of them whatever their kind.
 * Each kind registers a struct dyn_event_ops; each event it makes is a
 * struct dyn_event on one list, in the order they were made, which is
 * the order every listing file reads.
 *
 * Locks: trace_types_lock, then event_mutex, held over a whole write
 * (an event's directory goes into every array); event_mutex alone
 * guards the list for readers.
 *
 * Included by: trace_dynevent.c trace_probe.h
 */
#ifndef _KERNEL_TRACE_DYNEVENT_H
#define _KERNEL_TRACE_DYNEVENT_H

#include <linux/list.h>
#include <linux/seq_file.h>

struct dyn_event;

/* ====== trace_dynevent.c: the registry of events made at run time ====== */

struct dyn_event_ops {
	struct list_head	list;
	/*
	 * Where a definition written to dynamic_events is offered first:
	 * lower comes first (the reference tries eprobe, synthetic,
	 * kprobe, fprobe, user, uprobe, in that order).
	 */
	int			order;
	/*
	 * Make the event a definition describes: 0, -ECANCELED when it is
	 * not of this kind (the next kind is asked), or -errno.
	 */
	int (*create)(int argc, const char **argv);
	/* its line in the listing files, newline included */
	int (*show)(struct seq_file *m, struct dyn_event *ev);
	/* enabled somewhere, or held by perf, a trigger or another event */
	bool (*is_busy)(struct dyn_event *ev);
	/* remove and free it: 0, or -EBUSY (and it stays) */
	int (*free)(struct dyn_event *ev);
	/*
	 * Is it what a removal names? @group, @event: either may be ""
	 * (any); @words, @n: the rest of the removal's words.
	 */
	bool (*match)(const char *group, const char *event,
		      const char *const *words, int n, struct dyn_event *ev);
};

struct dyn_event {
	struct list_head		list;
	const struct dyn_event_ops	*ops;
};

/* Offer @ops's kind in dynamic_events (an initcall of the kind). */
int dyn_event_register(struct dyn_event_ops *ops);
/* @ev, made by @ops, is on the list (the caller holds event_mutex). */
void dyn_event_add(struct dyn_event *ev, const struct dyn_event_ops *ops);
/* @ev is off the list (the caller holds event_mutex) */
void dyn_event_del(struct dyn_event *ev);

/* @fn on each event of kind @ops, oldest first (under event_mutex). */
void dyn_events_for_each(const struct dyn_event_ops *ops,
			 void (*fn)(struct dyn_event *ev, void *data),
			 void *data);

/*
 * A listing file of the events of kind @ops (NULL: every kind): open
 * @file for reading, with @show for each event (NULL: the kind's own).
 */
int dyn_events_seq_open(struct file *file, const struct dyn_event_ops *ops,
			int (*show)(struct seq_file *m, struct dyn_event *ev));
/*
 * A line of a control file, for dyn_events_write(): @data is the file's
 * kind (a removal or a definition of that kind: kprobe_events), or NULL
 * (any kind, and "!" removals: dynamic_events).
 */
int dyn_events_run(int argc, const char **argv, void *data);
/*
 * The control files: dynamic_events, and a kind's own when made with
 * its struct dyn_event_ops as data. Opening with O_TRUNC removes their
 * events first (all or nothing).
 */
extern const struct file_operations dyn_events_fops;

#endif /* _KERNEL_TRACE_DYNEVENT_H */
