/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the event layer share among themselves.
 * Included by: trace_events.c trace_events_files.c trace_events_core.c
 * trace_events_format.c trace_events_filter_files.c
 * trace_events_filter_stage.c trace_event_perf.c trace_sched_switch.c
 * trace_events_trigger*.c trace_syscalls.c trace_actions.c
 * trace_events_pid.c trace_probe.c (ftrace_events: is a name taken?)
 * trace_eprobe.c (and the event to attach to) trace_dynevent.c
 * trace_kprobe.c trace_uprobe.c trace_fprobe.c (event_mutex)
 *
 * Every TRACE_EVENT of the kernel and of loaded modules is a struct
 * trace_event_call (linux/trace_events.h) on ftrace_events. Each trace
 * array has one struct trace_event_file per call (on tr->events), which
 * is what the tracepoint probe gets as its data, and one
 * trace_subsystem_dir per subsystem name (on tr->systems). event_mutex
 * protects all of these lists, the enable state and the files' flags.
 *
 * The filter language itself is trace_events_filter.[ch]; what the core
 * needs from this layer is in trace.h.
 */
#ifndef _KERNEL_TRACE_EVENTS_INTERNAL_H
#define _KERNEL_TRACE_EVENTS_INTERNAL_H

#include "trace.h"

/* A subsystem's directory in one array. */
struct trace_subsystem_dir {
	struct event_subsystem	*subsystem;	/* the name, shared */
	struct trace_array	*tr;
	struct list_head	list;		/* on tr->systems */
	struct eventfs_inode	*ei;
	char			*filter_text;	/* events/<sys>/filter, or NULL */
	int			nr_events;
	int			ref_count;	/* open files + 1 while it exists */
};

/* ============ trace_events.c: registration, enabling, recording ======= */

extern struct mutex event_mutex;
/*
 * The pid lists of one array (RCU), which every event of it checks while
 * one exists; edited by trace_events_pid.c under event_mutex.
 */
struct event_pid_state {
	struct trace_pid_set __rcu	*pids;		/* trace only these */
	struct trace_pid_set __rcu	*no_pids;	/* never these */
	bool				fork_probe;	/* event-fork probes on */
};

/* @tr's lists, or NULL while it has none. */
struct event_pid_state *event_pid_state(struct trace_array *tr);
/* @tr's lists, made empty if missing (NULL: no memory); event_mutex held. */
struct event_pid_state *event_pid_state_make(struct trace_array *tr);
/* Take @tr's lists away (returned, for the caller to free); mutex held. */
struct event_pid_state *event_pid_state_drop(struct trace_array *tr);
extern struct list_head ftrace_events;
/* The kernel's own calls, placed by the linker (_ftrace_events). */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];
/*
 * Switch @file on (@enable 1) or off. With @soft, for triggers and the
 * enable_event/disable_event function commands: the
 * first soft user attaches the event with EVENT_FILE_FL_SOFT_DISABLED
 * set unless it was on already, and from then on a plain switch only
 * flips that bit; the event is detached when the last soft user and
 * the plain switch both let go. event_mutex held.
 */
int trace_event_enable_disable(struct trace_event_file *file, int enable,
			       int soft);
/* Whether @call has an enable switch (set_event lists only those). */
bool trace_event_can_enable(struct trace_event_call *call);
/* One word of set_event: "[!]sys:event" and its short forms. */
int trace_event_switch_word(struct trace_array *tr, char *word);
/* Switch off every event of @tr (set_event opened with O_TRUNC). */
void trace_events_clear_all(struct trace_array *tr);
/*
 * Drop a reference to an event file: the last one, once the file is off
 * every list, frees it. Takes no lock (eventfs may call it anywhere).
 */
void trace_event_file_put(struct trace_event_file *file);
/* A file for every known event in @tr, unless it has them; mutex held. */
void trace_events_array_fill(struct trace_array *tr);
/* Switch off and free every event file of @tr; trace_types_lock held. */
void trace_events_array_clear(struct trace_array *tr);
/*
 * The events/ tree, told under event_mutex of each file made after the
 * arrays' trees exist (@add; a module's events) and of each file about
 * to be freed (@remove), so that it can give or take the directory.
 */
struct trace_event_tree {
	int	(*add)(struct trace_event_file *file);
	void	(*remove)(struct trace_event_file *file);
};

void trace_event_tree_register(const struct trace_event_tree *tree);

/*
 * @tr's record of subsystem @name, held for one more event and made
 * (with no directory) if missing; NULL without memory. Unhold drops one
 * event, and the last takes the record off @tr. event_mutex held.
 */
struct trace_subsystem_dir *trace_system_dir_hold(struct trace_array *tr,
						  const char *name);
void trace_system_dir_unhold(struct trace_subsystem_dir *dir);
/*
 * Open events/<sys>/{enable,filter}: the subsystem directory of the
 * inode with a reference (and one on its array), or ERR_PTR(). Its
 * tr and subsystem stay valid until trace_system_dir_put().
 */
struct trace_subsystem_dir *trace_system_dir_get(struct inode *inode);
void trace_system_dir_put(struct trace_subsystem_dir *dir);
/*
 * The event file an event's control file was opened on, or NULL when the
 * event (its module) is gone. Call with event_mutex held.
 */
struct trace_event_file *event_file_data(struct file *filp);
/*
 * Open and release of events/<sys>/<event>/{enable,filter,trigger}:
 * hold the event file (and its array) while open. The file may still be
 * removed meanwhile: use event_file_data().
 */
int event_file_open(struct inode *inode, struct file *filp);
int event_file_release(struct inode *inode, struct file *filp);
/*
 * An enable file of a set of events: @dir's (events/<sys>/enable), or
 * with @dir NULL every event of @tr (events/enable). Reads '0', '1', 'X'
 * (some on) or '?' (nothing to switch); takes 0 or 1.
 */
ssize_t trace_events_state_read(struct trace_array *tr,
				struct trace_subsystem_dir *dir,
				char __user *ubuf, size_t cnt, loff_t *ppos);
ssize_t trace_events_state_write(struct trace_array *tr,
				 struct trace_subsystem_dir *dir,
				 const char __user *ubuf, size_t cnt,
				 loff_t *ppos);

/* ======== trace_events_trigger.c: triggers, for the event layer ======== */

/* events/<sys>/<event>/trigger (data: the event file) */
extern const struct file_operations event_trigger_fops;
/* events/ftrace/print/trigger (data: the trace array) */
const struct file_operations *trace_marker_trigger_fops(void);
/* Remove every trigger of @file; event_mutex held. */
void trace_event_triggers_clear(struct trace_event_file *file);
/* From trace_event_init(): trace_trigger= (trace_boot.c registered the commands). */
void trace_event_triggers_boot(void);

/* ============ trace_events_core.c: the events/ directory ============== */

/*
 * The part of events/ every trace array has before any event exists:
 * enable, header_page, header_event and the ftrace/ subsystem's formats.
 * The event layer makes it first when it makes its own files.
 */
int trace_events_core_create(struct trace_array *tr, struct dentry *parent);
/* Remove events/ of @tr (eventfs needs it before its parent goes). */
void trace_events_core_remove(struct trace_array *tr);

/*
 * ========= trace_events_format.c: fields and format files =============
 *
 * struct ftrace_event_field and trace_find_event_field() are in
 * trace_events_filter.h, which the filter language shares with its
 * userspace tests.
 */

int trace_event_common_fields_init(void);
/* Build the field list of @call's class once (idempotent per class). */
int trace_event_define_fields(struct trace_event_call *call);
/* Free what trace_event_define_fields() built (module unload). */
void trace_event_free_fields(struct trace_event_call *call);
/*
 * events/<sys>/<event>/format. The eventfs data of the event's
 * directory (inode->i_private) is its struct trace_event_file.
 */
extern const struct file_operations ftrace_event_format_fops;
/*
 * Rewrite enum and sizeof names (TRACE_DEFINE_ENUM/_SIZEOF) in the print
 * formats of the calls to their values, as upstream does, so that tools
 * can evaluate them: at boot for the kernel's maps and on module load
 * for the module's.
 */
void trace_event_eval_update(struct trace_eval_map **map, int len);
void trace_event_eval_init(void);
/* The built-in maps (section _ftrace_eval_map, __initdata). */
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];

/* ===== trace_events_filter_files.c: the filter files of events ======== */

/*
 * The filter of @file goes with it, once nothing can run it any more;
 * takes no lock.
 */
void trace_event_filter_free(struct trace_event_file *file);
extern const struct file_operations ftrace_event_filter_fops;
extern const struct file_operations ftrace_subsystem_filter_fops;

/*
 * ===== trace_events_filter_stage.c: judging before recording ===========
 *
 * An event of a filtered file is written to a page of its CPU first and
 * copied into the ring buffer only if the filter keeps it (see there).
 * The page of a CPU, once it exists:
 */
struct trace_event_stage {
	unsigned int			busy;	/* users on this CPU; 1 owns */
	unsigned int			len;	/* of the staged entry */
	struct ring_buffer_event	mark;	/* fbuffer->event when staged */
	u64				data[];	/* the entry */
};

DECLARE_PER_CPU(struct trace_event_stage *, trace_event_stage);

/* Make the pages (event_mutex held); without them events are not staged. */
void trace_event_stage_prepare(void);
/*
 * Stage an entry of @len bytes for @fbuffer (trace_ctx, buffer set):
 * the entry with its header filled in, or NULL when the page is taken
 * or too small, and the event must go to the ring buffer directly.
 */
void *trace_event_stage_reserve(struct trace_event_buffer *fbuffer, int type,
				unsigned long len);
/* Copy the staged entry into fbuffer->buffer; false if it has no room. */
bool trace_event_stage_commit(struct trace_event_buffer *fbuffer);
/* Let the staged entry go (the filter dropped it). */
void trace_event_stage_drop(struct trace_event_buffer *fbuffer);

/* Whether @fbuffer's entry is staged; preemption disabled. */
static inline bool trace_event_staged(const struct trace_event_buffer *fbuffer)
{
	struct trace_event_stage *st = this_cpu_read(trace_event_stage);

	return st && fbuffer->event == &st->mark;
}

/* ========= trace_syscalls.c: events/syscalls/ ========================== */

#ifdef CONFIG_FTRACE_SYSCALLS
/* The metadata of SYSCALL_DEFINEx(), placed by the linker. */
struct syscall_metadata;
extern struct syscall_metadata *__start_syscalls_metadata[];
extern struct syscall_metadata *__stop_syscalls_metadata[];
#endif

/* ====== trace_sched_switch.c: keep the pid maps current ================ */

void tracing_start_tgid_record(void);
void tracing_stop_tgid_record(void);

#endif /* _KERNEL_TRACE_EVENTS_INTERNAL_H */
