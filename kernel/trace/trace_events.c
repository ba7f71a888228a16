// SPDX-License-Identifier: GPL-2.0
/*
 * The event layer: the kernel's TRACE_EVENTs recorded into trace arrays.
 *
 * The TRACE_EVENT macros (include/trace/trace_events.h) give every event
 * a struct trace_event_call in the _ftrace_events section (or in a
 * module's table) and a probe that calls trace_event_buffer_reserve()
 * and trace_event_buffer_commit(). This file registers the calls (at boot
 * and on module load), keeps one struct trace_event_file per call in each
 * trace array, and attaches and detaches the probes when events are
 * switched on and off. It names no file: the control files
 * (trace_events_files.c, trace_events_pid.c, the filter and trigger
 * files) sit above it, and the events/ tree is given each new file
 * through the hooks the files layer registers (trace_event_tree_register()).
 *
 * A probe runs with preemption disabled and reads only its file's flags,
 * the array's buffer and, when pid filtering is on, the array's pid
 * lists, and when the file has a filter, that filter (both under
 * RCU-sched). Everything else changes under event_mutex.
 */
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <asm/setup.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_events_internal.h"

/* the event lists, the files' enable state and the pid lists */
DEFINE_MUTEX(event_mutex);
LIST_HEAD(ftrace_events);

static struct kmem_cache *event_file_cachep;

/* The trace_event= boot list; used once at boot, then empty. */
static char boot_events[COMMAND_LINE_SIZE] __initdata;

static __init int set_boot_events(char *str)
{
	/* Several trace_event= add up, as in the reference. */
	if (boot_events[0])
		strlcat(boot_events, ",", COMMAND_LINE_SIZE);
	strlcat(boot_events, str, COMMAND_LINE_SIZE);
	/* Events recorded from boot need the full-size buffer. */
	tracing_expand_at_boot();
	/* ...and no tracer's self-test resetting it under them. */
	tracing_selftests_off("events are traced from boot");
	return 1;
}
__setup("trace_event=", set_boot_events);

static __init int set_tp_printk(char *str)
{
	/*
	 * __setup() matches on the prefix: "tp_printk_stop_on_boot" comes
	 * here first and must go on to its own handler.
	 */
	if (*str == '_')
		return 0;
	/* tp_printk=off or =0 keeps it off, as any other value turns it on */
	if (strcmp(str, "=0") && strcmp(str, "=off"))
		tracepoint_printk = 1;
	return 1;
}
__setup("tp_printk", set_tp_printk);

/*
 * tp_printk_stop_on_boot: print the events of the boot only, up to the
 * late initcalls; the sysctl kernel.tracepoint_printk turns it on again.
 */
static bool tp_printk_stop_on_boot __initdata;

static __init int set_tp_printk_stop(char *str)
{
	tp_printk_stop_on_boot = true;
	return 1;
}
__setup("tp_printk_stop_on_boot", set_tp_printk_stop);

static __init int tp_printk_boot_done(void)
{
	if (tp_printk_stop_on_boot)
		tracepoint_printk = 0;
	return 0;
}
late_initcall_sync(tp_printk_boot_done);

/* ---------------------------------------------------------------- */
/* Pid filtering: the lists each event checks (trace_events_pid.c)     */

static DEFINE_XARRAY(pid_states);	/* trace_array -> event_pid_state */

struct event_pid_state *event_pid_state(struct trace_array *tr)
{
	return xa_load(&pid_states, (unsigned long)tr);
}

struct event_pid_state *event_pid_state_make(struct trace_array *tr)
{
	struct event_pid_state *st = event_pid_state(tr);

	lockdep_assert_held(&event_mutex);
	if (st)
		return st;
	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st)
		return NULL;
	if (xa_err(xa_store(&pid_states, (unsigned long)tr, st, GFP_KERNEL))) {
		kfree(st);
		return NULL;
	}
	return st;
}

struct event_pid_state *event_pid_state_drop(struct trace_array *tr)
{
	lockdep_assert_held(&event_mutex);
	return xa_erase(&pid_states, (unsigned long)tr);
}

bool trace_event_ignore_this_pid(struct trace_event_file *trace_file)
{
	struct event_pid_state *st = event_pid_state(trace_file->tr);
	bool ignore;

	if (!st)
		return false;
	rcu_read_lock_sched_notrace();
	ignore = trace_pid_ignore_task(rcu_dereference_sched(st->pids),
				       rcu_dereference_sched(st->no_pids),
				       current);
	rcu_read_unlock_sched_notrace();
	return ignore;
}
EXPORT_SYMBOL_GPL(trace_event_ignore_this_pid);

/* ---------------------------------------------------------------- */
/* Recording: what the generated probes call                          */

void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_event_call *call = trace_file->event_call;

	if ((trace_file->flags & EVENT_FILE_FL_PID_FILTER) &&
	    trace_event_ignore_this_pid(trace_file))
		return NULL;

	/*
	 * The tracepoint disabled preemption before calling the probe;
	 * the entry is to show the count the traced code ran with.
	 */
	fbuffer->trace_ctx = tracing_gen_ctx_dec();
	fbuffer->trace_file = trace_file;
	fbuffer->buffer = trace_file->tr->array_buffer.buffer;
	fbuffer->regs = NULL;
	/*
	 * An entry that may be dropped (a filter, soft-disabled) is
	 * staged first: dropping it then costs the ring buffer nothing.
	 */
	if (unlikely(trace_file->flags & (EVENT_FILE_FL_FILTERED |
					  EVENT_FILE_FL_SOFT_DISABLED))) {
		fbuffer->entry = trace_event_stage_reserve(fbuffer,
							   call->event.type,
							   len);
		if (fbuffer->entry)
			return fbuffer->entry;
	}
	fbuffer->event = trace_buffer_lock_reserve(fbuffer->buffer,
						   call->event.type, len,
						   fbuffer->trace_ctx);
	if (likely(fbuffer->event)) {
		/*
		 * Triggers judge an entry in the ring buffer before it is
		 * committed, as they would a staged one: no copy for them.
		 */
		fbuffer->entry = ring_buffer_reserved_data(fbuffer->event);
		return fbuffer->entry;
	}
	/*
	 * The buffer refused the entry (tracing off, say): triggers must
	 * still see it, so that one can turn tracing back on. The stage
	 * holds it for them; committing it later retries the buffer. (If
	 * the stage was tried above, it fails again as it did there.)
	 */
	if (!(trace_file->flags & EVENT_FILE_FL_TRIGGER_COND))
		return NULL;
	fbuffer->entry = trace_event_stage_reserve(fbuffer, call->event.type,
						   len);
	return fbuffer->entry;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

static void event_printk(struct trace_event_buffer *fbuffer);

/*
 * The filter is judged here, on the finished entry. It is read once:
 * the probe runs with preemption disabled, which is an RCU-sched read
 * section, and a filter replaced meanwhile is freed only after
 * tracepoint_synchronize_unregister(). Whether the entry was staged is
 * asked apart from the flag, which may have changed since the reserve.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;
	bool staged = trace_event_staged(fbuffer);
	enum event_trigger_type post = ETT_NONE;
	unsigned long flags = READ_ONCE(file->flags);
	struct event_filter *filter;

	/* triggers judge the entry by their own filters, before the event's */
	if (unlikely(flags & EVENT_FILE_FL_TRIGGER_COND))
		post = event_triggers_call(file, fbuffer->buffer,
					   fbuffer->entry, fbuffer->event);
	if (unlikely(staged || (flags & (EVENT_FILE_FL_FILTERED |
					 EVENT_FILE_FL_SOFT_DISABLED)))) {
		filter = rcu_dereference_sched(file->filter);
		if ((flags & EVENT_FILE_FL_SOFT_DISABLED) ||
		    !filter_match_preds(filter, fbuffer->entry)) {
			if (staged)
				trace_event_stage_drop(fbuffer);
			else
				ring_buffer_discard_commit(fbuffer->buffer,
							   fbuffer->event);
			goto dropped;
		}
		if (staged && !trace_event_stage_commit(fbuffer))
			goto dropped;
	}
	if (unlikely(tracepoint_printk))
		event_printk(fbuffer);
	if (static_branch_unlikely(&trace_export_event_key))
		trace_exports_write(fbuffer->event, TRACE_EXPORT_EVENT);
	__buffer_unlock_commit(fbuffer->buffer, fbuffer->event);
	if (unlikely(post))
		event_triggers_post_call(file, post);
	/* the stack starts at the probe: the frame we return into */
	if (unlikely(file->tr->trace_flags &
		     (TRACE_ITER_STACKTRACE | TRACE_ITER_USERSTACKTRACE)))
		trace_event_stacks(file->tr, fbuffer->buffer,
				   fbuffer->trace_ctx, _RET_IP_);
	return;
dropped:
	if (unlikely(post))
		event_triggers_post_call(file, post);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

/*
 * tp_printk: every recorded event also goes to the console, formatted
 * by its own output function. One shared iterator, so one line at a
 * time; an event that comes while another is printed (an interrupt, an
 * NMI) is recorded but not printed.
 *
 * The line goes into the log at once but reaches the consoles later,
 * from irq_work (printk_deferred_enter): sched_switch and sched_wakeup
 * fire under the runqueue lock, and a console driver that wakes a tty
 * writer from there takes pi_lock under the console locks: lockdep
 * reports the cycle (seen with trace_event=sched:* tp_printk).
 */
static struct trace_iterator printk_iter;
static DEFINE_RAW_SPINLOCK(printk_iter_lock);

static void event_printk(struct trace_event_buffer *fbuffer)
{
	struct trace_event_call *call = fbuffer->trace_file->event_call;
	struct trace_iterator *iter = &printk_iter;
	struct trace_event *event;
	unsigned long flags;

	if (WARN_ON_ONCE(!call->event.funcs || !call->event.funcs->trace))
		return;
	if (!raw_spin_trylock_irqsave(&printk_iter_lock, flags))
		return;
	event = &call->event;
	trace_seq_init(&iter->seq);
	iter->ent = fbuffer->entry;
	iter->ent_size = ring_buffer_event_length(fbuffer->event);
	iter->tr = fbuffer->trace_file->tr;
	event->funcs->trace(iter, 0, event);
	trace_seq_putc(&iter->seq, 0);
	printk_deferred_enter();
	pr_info("%s", iter->seq.buffer);
	printk_deferred_exit();
	raw_spin_unlock_irqrestore(&printk_iter_lock, flags);
}

/* ---------------------------------------------------------------- */
/* Registration of the probes                                          */

int trace_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct trace_event_file *file = data;

	WARN_ON(!(call->flags & TRACE_EVENT_FL_TRACEPOINT));
	switch (type) {
	case TRACE_REG_REGISTER:
		return tracepoint_probe_register(call->tp, call->class->probe,
						 file);
	case TRACE_REG_UNREGISTER:
		tracepoint_probe_unregister(call->tp, call->class->probe, file);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return tracepoint_probe_register(call->tp,
						 call->class->perf_probe, call);
	case TRACE_REG_PERF_UNREGISTER:
		tracepoint_probe_unregister(call->tp, call->class->perf_probe,
					    call);
		return 0;
#endif
	default:
		/* perf open/close/add/del need nothing from a tracepoint */
		return 0;
	}
}
EXPORT_SYMBOL_GPL(trace_event_reg);

int trace_event_raw_init(struct trace_event_call *call)
{
	int id;

	/* The output functions get an entry type of their own. */
	id = register_trace_event(&call->event);
	if (!id)
		return -ENODEV;
	return 0;
}
EXPORT_SYMBOL_GPL(trace_event_raw_init);

/* Attach @file's probe; the pid maps start recording for the output. */
static int event_attach(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	struct trace_array *tr = file->tr;
	int ret;

	if (trace_flag_set(tr, TRACE_ITER_RECORD_CMD)) {
		tracing_start_cmdline_record();
		set_bit(EVENT_FILE_FL_RECORDED_CMD_BIT, &file->flags);
	}
	if (trace_flag_set(tr, TRACE_ITER_RECORD_TGID)) {
		tracing_start_tgid_record();
		set_bit(EVENT_FILE_FL_RECORDED_TGID_BIT, &file->flags);
	}
	ret = call->class->reg(call, TRACE_REG_REGISTER, file);
	if (ret) {
		if (test_and_clear_bit(EVENT_FILE_FL_RECORDED_CMD_BIT,
				       &file->flags))
			tracing_stop_cmdline_record();
		if (test_and_clear_bit(EVENT_FILE_FL_RECORDED_TGID_BIT,
				       &file->flags))
			tracing_stop_tgid_record();
		pr_info("event trace: Could not enable event %s\n",
			trace_event_name(call));
		return ret;
	}
	set_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	/* a module's events in a buffer make its unload clear the buffer */
	set_bit(EVENT_FILE_FL_WAS_ENABLED_BIT, &file->flags);
	return 0;
}

static void event_detach(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;

	clear_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	call->class->reg(call, TRACE_REG_UNREGISTER, file);
	if (test_and_clear_bit(EVENT_FILE_FL_RECORDED_CMD_BIT, &file->flags))
		tracing_stop_cmdline_record();
	if (test_and_clear_bit(EVENT_FILE_FL_RECORDED_TGID_BIT, &file->flags))
		tracing_stop_tgid_record();
}

/*
 * Soft users (triggers: sm_ref) keep the event attached with
 * SOFT_MODE set; while they do, the plain switch (the enable files,
 * set_event) only clears or sets SOFT_DISABLED. The bits are set with
 * atomic ops because the enable_event triggers flip SOFT_DISABLED
 * from probes, without event_mutex.
 */
int trace_event_enable_disable(struct trace_event_file *file, int enable,
			       int soft)
{
	bool detach;
	int ret;

	lockdep_assert_held(&event_mutex);

	if (!enable) {
		if (soft) {
			if (atomic_dec_return(&file->sm_ref) > 0)
				return 0;
			/* the plain switch had it off, or never on */
			detach = file->flags & EVENT_FILE_FL_SOFT_DISABLED;
			clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
		} else {
			detach = !(file->flags & EVENT_FILE_FL_SOFT_MODE);
		}
		if (detach && (file->flags & EVENT_FILE_FL_ENABLED))
			event_detach(file);
		if (file->flags & EVENT_FILE_FL_SOFT_MODE)
			set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		else
			clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		return 0;
	}

	if (!soft) {
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	} else {
		if (atomic_inc_return(&file->sm_ref) > 1)
			return 0;
		set_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
	}
	if (file->flags & EVENT_FILE_FL_ENABLED)
		return 0;
	/* attached for its triggers only: it records nothing yet */
	if (soft)
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	ret = event_attach(file);
	if (ret && soft) {
		atomic_dec(&file->sm_ref);
		clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	}
	return ret;
}

/* The plain switch of @file: the enable files, set_event, boot. */
static int ftrace_event_enable_disable(struct trace_event_file *file,
				       int enable)
{
	return trace_event_enable_disable(file, enable, 0);
}

bool trace_event_can_enable(struct trace_event_call *call)
{
	return trace_event_name(call) && call->class && call->class->reg &&
	       !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

/*
 * Switch on or off every event of @tr that matches: @match is an event
 * or subsystem name, @sub a subsystem, @event an event name; NULL means
 * any. -EINVAL if nothing matched, else the first error.
 */
static int set_clr_events(struct trace_array *tr, const char *match,
			  const char *sub, const char *event, int set)
{
	struct trace_event_file *file;
	struct trace_event_call *call;
	int ret = -EINVAL, err, first = 0;
	const char *name;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events, list) {
		call = file->event_call;
		if (!trace_event_can_enable(call))
			continue;
		name = trace_event_name(call);
		if (match && strcmp(match, name) &&
		    strcmp(match, call->class->system))
			continue;
		if (sub && strcmp(sub, call->class->system))
			continue;
		if (event && strcmp(event, name))
			continue;
		err = ftrace_event_enable_disable(file, set);
		if (err && !first)
			first = err;
		ret = first;
	}
	return ret;
}

/*
 * "sys:event", "sys:", "sys:*", ":event", "*:event", "*:*", or a bare
 * name that is a subsystem or an event. @buf is modified.
 */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set)
{
	char *sub = NULL, *event = NULL, *match = buf, *colon;
	int ret;

	if (!tr)
		return -ENOENT;
	colon = strchr(buf, ':');
	if (colon) {
		*colon = '\0';
		sub = buf;
		event = colon + 1;
		match = NULL;
		if (!*sub || !strcmp(sub, "*"))
			sub = NULL;
		if (!*event || !strcmp(event, "*"))
			event = NULL;
	}
	mutex_lock(&event_mutex);
	ret = set_clr_events(tr, match, sub, event, set);
	mutex_unlock(&event_mutex);
	if (colon)
		*colon = ':';
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_clr_event);

int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	int ret;

	if (!tr)
		return -ENOENT;
	mutex_lock(&event_mutex);
	ret = set_clr_events(tr, NULL, system, event, enable);
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

int trace_set_clr_event(const char *system, const char *event, int set)
{
	return trace_array_set_clr_event(top_trace_array(), system, event,
					 set);
}
EXPORT_SYMBOL_GPL(trace_set_clr_event);

void trace_events_clear_all(struct trace_array *tr)
{
	struct trace_event_file *file;

	mutex_lock(&event_mutex);
	list_for_each_entry(file, &tr->events, list)
		ftrace_event_enable_disable(file, 0);
	mutex_unlock(&event_mutex);
}

/* ---------------------------------------------------------------- */
/* The event files of an array                                         */

/* The events/ tree of the files layer, told of every file made or gone. */
static const struct trace_event_tree *event_tree;

void __init trace_event_tree_register(const struct trace_event_tree *tree)
{
	mutex_lock(&event_mutex);
	event_tree = tree;
	mutex_unlock(&event_mutex);
}

/*
 * Drop a reference to @file. The holders are the array's list (until
 * event_file_remove()), every open control file, and the event's eventfs
 * directory: its inodes point at @file, and eventfs calls the release of
 * the "enable" entry only once the last dentry of the directory is gone.
 * That last one comes from inside eventfs (with event_mutex held or not),
 * so nothing here may take a lock.
 */
void trace_event_file_put(struct trace_event_file *file)
{
	if (!refcount_dec_and_test(&file->ref))
		return;
	/* nobody has it open any more and it is off every list */
	if (WARN_ON_ONCE(!(file->flags & EVENT_FILE_FL_FREED)))
		return;
	trace_event_filter_free(file);
	kmem_cache_free(event_file_cachep, file);
}

static struct trace_event_file *event_file_add(struct trace_event_call *call,
					       struct trace_array *tr)
{
	struct trace_event_file *file;

	file = kmem_cache_zalloc(event_file_cachep, GFP_KERNEL);
	if (!file)
		return NULL;
	file->event_call = call;
	file->tr = tr;
	INIT_LIST_HEAD(&file->triggers);
	refcount_set(&file->ref, 1);
	/* new events obey the array's pid filter at once */
	if (event_pid_state(tr))
		file->flags |= EVENT_FILE_FL_PID_FILTER;
	list_add(&file->list, &tr->events);
	return file;
}

/* Off, out of the lists and the tree; freed when no one has it open. */
static void event_file_remove(struct trace_event_file *file)
{
	ftrace_event_enable_disable(file, 0);
	list_del(&file->list);
	if (event_tree)
		event_tree->remove(file);
	set_bit(EVENT_FILE_FL_FREED_BIT, &file->flags);
	trace_event_file_put(file);
}

/*
 * A file for every known event in a new array. The top array and the
 * trace_instance= ones got theirs at boot, before tracefs existed, and
 * keep them.
 */
void trace_events_array_fill(struct trace_array *tr)
{
	struct trace_event_call *call;

	lockdep_assert_held(&event_mutex);
	if (!list_empty(&tr->events))
		return;
	list_for_each_entry(call, &ftrace_events, list)
		event_file_add(call, tr);
}

/*
 * Switch off and free every event file of @tr. Called for arrays whose
 * files were never made as well.
 */
void trace_events_array_clear(struct trace_array *tr)
{
	struct trace_event_file *file, *next;

	lockdep_assert_held(&trace_types_lock);
	mutex_lock(&event_mutex);
	/*
	 * A probe gets its file as data and may still run on another CPU
	 * after its unregistration: switch everything off and wait for the
	 * probes before any file can be freed. event_mutex is held
	 * throughout, so nothing is switched on again meanwhile.
	 */
	if (!list_empty(&tr->events)) {
		list_for_each_entry(file, &tr->events, list) {
			trace_event_triggers_clear(file);
			ftrace_event_enable_disable(file, 0);
		}
		tracepoint_synchronize_unregister();
	}
	list_for_each_entry_safe(file, next, &tr->events, list)
		event_file_remove(file);
	mutex_unlock(&event_mutex);
}

/* ---------------------------------------------------------------- */
/* Subsystems of an array, and holding what an open file points at     */

/* A subsystem name, shared by the arrays (on event_subsystems). */
struct event_subsystem {
	const char		*name;
	unsigned int		ref_count;	/* arrays holding a directory of it */
	struct list_head	list;
};

/* the subsystem names in use, under event_mutex */
static LIST_HEAD(event_subsystems);

static struct event_subsystem *subsystem_get(const char *name)
{
	struct event_subsystem *sys;

	list_for_each_entry(sys, &event_subsystems, list) {
		if (!strcmp(sys->name, name)) {
			sys->ref_count++;
			return sys;
		}
	}
	sys = kzalloc(sizeof(*sys), GFP_KERNEL);
	if (!sys)
		return NULL;
	/*
	 * A module's system name goes with the module, but an open
	 * events/<sys>/enable keeps the directory (and its name) alive
	 * past the unload: keep our own copy.
	 */
	sys->name = kstrdup_const(name, GFP_KERNEL);
	if (!sys->name) {
		kfree(sys);
		return NULL;
	}
	sys->ref_count = 1;
	list_add(&sys->list, &event_subsystems);
	return sys;
}

static void subsystem_put(struct event_subsystem *sys)
{
	if (--sys->ref_count)
		return;
	list_del(&sys->list);
	kfree_const(sys->name);
	kfree(sys);
}

static void system_dir_put(struct trace_subsystem_dir *dir)
{
	if (--dir->ref_count)
		return;
	subsystem_put(dir->subsystem);
	kfree(dir->filter_text);
	kfree(dir);
}

/*
 * Hold @tr's record of subsystem @name for one more event, made (with
 * no directory yet) if missing. The tree gives it its directory; the
 * record itself lives on while a file of that directory is open.
 */
struct trace_subsystem_dir *trace_system_dir_hold(struct trace_array *tr,
						  const char *name)
{
	struct trace_subsystem_dir *dir;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(dir, &tr->systems, list) {
		if (!strcmp(dir->subsystem->name, name)) {
			dir->nr_events++;
			return dir;
		}
	}
	dir = kzalloc(sizeof(*dir), GFP_KERNEL);
	if (!dir)
		return NULL;
	dir->subsystem = subsystem_get(name);
	if (!dir->subsystem) {
		kfree(dir);
		return NULL;
	}
	dir->tr = tr;
	dir->ref_count = 1;
	dir->nr_events = 1;
	list_add(&dir->list, &tr->systems);
	return dir;
}

/* One event less in @dir: the last takes it off the array's list. */
void trace_system_dir_unhold(struct trace_subsystem_dir *dir)
{
	lockdep_assert_held(&event_mutex);
	if (--dir->nr_events)
		return;
	list_del(&dir->list);
	system_dir_put(dir);
}

/*
 * A subsystem directory can go (with its instance, or with the last
 * module that had events in it) between the lookup of one of its files
 * and the open, and the inode's i_private then points at freed memory.
 * So the pointer is only compared with the live directories, never
 * followed, until one of them matches.
 */
struct trace_subsystem_dir *trace_system_dir_get(struct inode *inode)
{
	struct trace_subsystem_dir *dir;
	struct trace_array *tr;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ERR_PTR(ret);
	mutex_lock(&trace_types_lock);
	mutex_lock(&event_mutex);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		list_for_each_entry(dir, &tr->systems, list) {
			if (dir != inode->i_private)
				continue;
			/* the array cannot be removed while this is open */
			tr->ref++;
			dir->ref_count++;
			goto out;
		}
	}
	dir = ERR_PTR(-ENODEV);
out:
	mutex_unlock(&event_mutex);
	mutex_unlock(&trace_types_lock);
	return dir;
}

void trace_system_dir_put(struct trace_subsystem_dir *dir)
{
	struct trace_array *tr = dir->tr;

	mutex_lock(&event_mutex);
	system_dir_put(dir);
	mutex_unlock(&event_mutex);
	trace_array_put(tr);
}

struct trace_event_file *event_file_data(struct file *filp)
{
	struct trace_event_file *file = file_inode(filp)->i_private;

	lockdep_assert_held(&event_mutex);
	if (!file || (file->flags & EVENT_FILE_FL_FREED))
		return NULL;
	return file;
}

/*
 * Holds the event file while open, so that a module unload cannot free
 * it, and its array, so that the instance cannot be removed under a
 * writer (rmdir fails with EBUSY meanwhile, as upstream's does).
 */
int event_file_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	/*
	 * An array's files are marked freed under event_mutex before the
	 * array goes, so one that is not marked has a live array.
	 */
	mutex_lock(&trace_types_lock);
	mutex_lock(&event_mutex);
	file = event_file_data(filp);
	if (file) {
		refcount_inc(&file->ref);
		file->tr->ref++;
	}
	mutex_unlock(&event_mutex);
	mutex_unlock(&trace_types_lock);
	return file ? 0 : -ENODEV;
}

int event_file_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;
	struct trace_array *tr = file->tr;

	mutex_lock(&event_mutex);
	trace_event_file_put(file);
	mutex_unlock(&event_mutex);
	trace_array_put(tr);
	return 0;
}

/* ---------------------------------------------------------------- */
/* The switch of a set of events, as enable files read and write it   */

/*
 * The state of a set of events: '0' none on, '1' all on, 'X' some, and
 * '?' when the set has no event that can be switched.
 */
static char events_state(struct trace_array *tr, const char *system)
{
	static const char state_char[] = "?01X";
	struct trace_event_file *file;
	struct trace_event_call *call;
	int state = 0;

	list_for_each_entry(file, &tr->events, list) {
		call = file->event_call;
		if (!trace_event_can_enable(call))
			continue;
		if (system && strcmp(call->class->system, system))
			continue;
		state |= (file->flags & EVENT_FILE_FL_ENABLED) ? 2 : 1;
		if (state == 3)
			break;
	}
	return state_char[state];
}

ssize_t trace_events_state_read(struct trace_array *tr,
				struct trace_subsystem_dir *dir,
				char __user *ubuf, size_t cnt, loff_t *ppos)
{
	char buf[2];

	mutex_lock(&event_mutex);
	buf[0] = events_state(tr, dir ? dir->subsystem->name : NULL);
	mutex_unlock(&event_mutex);
	buf[1] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, 2);
}

ssize_t trace_events_state_write(struct trace_array *tr,
				 struct trace_subsystem_dir *dir,
				 const char __user *ubuf, size_t cnt,
				 loff_t *ppos)
{
	unsigned long val;
	int ret = kstrtoul_from_user(ubuf, cnt, 10, &val);

	/*
	 * Any number expands the buffer, even one refused next: the
	 * reference checks for 0 and 1 only after expanding.
	 */
	if (!ret)
		ret = tracing_update_buffers(tr);
	if (ret < 0)
		return ret;
	if (val > 1)
		return -EINVAL;
	ret = trace_array_set_clr_event(tr, dir ? dir->subsystem->name : NULL,
					NULL, val);
	/* a set with nothing to switch is not an error here */
	if (ret && ret != -EINVAL)
		return ret;
	*ppos += cnt;
	return cnt;
}

/* ---------------------------------------------------------------- */
/* Calls: registering the kernel's and modules' events                 */

static int event_call_init(struct trace_event_call *call)
{
	const char *name = trace_event_name(call);
	int ret;

	if (WARN_ON(!name))
		return -EINVAL;
	if (call->class->raw_init) {
		ret = call->class->raw_init(call);
		/* -ENODATA: the event does not exist here, quietly */
		if (ret && ret != -ENODATA)
			pr_warn("Could not initialize trace events/%s\n", name);
		if (ret)
			return ret;
	}
	ret = trace_event_define_fields(call);
	if (ret) {
		pr_warn("Could not initialize trace point events/%s/%s\n",
			call->class->system, name);
		unregister_trace_event(&call->event);
	}
	return ret;
}

/* Every array gets a file (and, once tracefs is up, a directory). */
static void event_call_add_files(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;

	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		file = event_file_add(call, tr);
		if (file && event_tree)
			event_tree->add(file);
	}
}

/* For each call of a module: remove it everywhere, forget its output. */
static void event_call_remove(struct trace_event_call *call)
{
	struct trace_event_file *file, *next;
	struct trace_array *tr;
	bool was_used = false, was_on = false;

	/*
	 * Off everywhere first, and out of the probes' reach, before any
	 * file (which a probe gets as its data) can be freed.
	 */
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		list_for_each_entry(file, &tr->events, list) {
			if (file->event_call != call)
				continue;
			if (file->flags & EVENT_FILE_FL_ENABLED)
				was_on = true;
			/* triggers keep it attached, in soft mode */
			trace_event_triggers_clear(file);
			ftrace_event_enable_disable(file, 0);
			break;
		}
	}
	if (was_on)
		tracepoint_synchronize_unregister();
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		list_for_each_entry_safe(file, next, &tr->events, list) {
			if (file->event_call != call)
				continue;
			if (file->flags & EVENT_FILE_FL_WAS_ENABLED)
				was_used = true;
			event_file_remove(file);
			break;
		}
	}
	/*
	 * Entries of the event may still be in buffers and would be printed
	 * by code that is about to go away: clear the buffers first.
	 */
	if (was_used)
		tracing_reset_all_online_cpus_unlocked();
	down_write(&trace_event_sem);
	__unregister_trace_event(&call->event);
	up_write(&trace_event_sem);
	trace_event_free_fields(call);
	list_del(&call->list);
}

/*
 * In use: switched on (or held in soft mode by a trigger or a function
 * command) in some array, or open as a perf event.
 */
static bool event_call_busy(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;

#ifdef CONFIG_PERF_EVENTS
	if (call->perf_refcount)
		return true;
#endif
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		list_for_each_entry(file, &tr->events, list) {
			if (file->event_call != call)
				continue;
			if (file->flags & (EVENT_FILE_FL_ENABLED |
					   EVENT_FILE_FL_SOFT_MODE))
				return true;
			break;
		}
	}
	return false;
}

/**
 * trace_add_event_call - add an event made at run time
 * @call: the event (a probe event, say), not yet known
 *
 * Registered as a module's events are: a file in every trace array, and
 * its directory once the arrays have trees. The caller holds
 * trace_types_lock, then event_mutex: upstream's callers hold only
 * event_mutex and take trace_types_lock inside it, the reverse of this
 * kernel's order (no caller is outside kernel/trace).
 *
 * Return: 0, or the -errno of the event's own initialisation.
 */
int trace_add_event_call(struct trace_event_call *call)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	lockdep_assert_held(&event_mutex);
	ret = event_call_init(call);
	if (ret)
		return ret;
	list_add(&call->list, &ftrace_events);
	event_call_add_files(call);
	return 0;
}
EXPORT_SYMBOL_GPL(trace_add_event_call);

/**
 * trace_remove_event_call - remove an event trace_add_event_call() added
 * @call: the event
 *
 * Refused while the event is in use anywhere (event_call_busy()); else it
 * goes from every array, and buffers that held its records are cleared,
 * since their printer goes with it. Locks as trace_add_event_call().
 *
 * Return: 0, or -EBUSY.
 */
int trace_remove_event_call(struct trace_event_call *call)
{
	lockdep_assert_held(&trace_types_lock);
	lockdep_assert_held(&event_mutex);
	if (event_call_busy(call))
		return -EBUSY;
	event_call_remove(call);
	return 0;
}
EXPORT_SYMBOL_GPL(trace_remove_event_call);

/* ---------------------------------------------------------------- */
/* Modules                                                             */

/*
 * Taints that do not change the kernel's layouts: out of tree, staging,
 * unsigned, test and livepatch modules may trace. Any other (a forced
 * load) may disagree with the structures the events describe.
 */
static bool module_taint_bad(struct module *mod)
{
	unsigned long ok = BIT(TAINT_OOT_MODULE) | BIT(TAINT_CRAP) |
			   BIT(TAINT_UNSIGNED_MODULE) | BIT(TAINT_TEST) |
			   BIT(TAINT_LIVEPATCH);

	return mod->taints & ~ok;
}

static void events_module_coming(struct module *mod)
{
	struct trace_event_call **calls = mod->trace_events;
	int i;

	if (!mod->num_trace_events)
		return;
	/* A module with a forced load may disagree with our layouts. */
	if (module_taint_bad(mod)) {
		pr_err("%s: module has bad taint, not creating trace events\n",
		       mod->name);
		return;
	}
	for (i = 0; i < mod->num_trace_events; i++) {
		calls[i]->module = mod;
		if (event_call_init(calls[i]))
			continue;
		list_add(&calls[i]->list, &ftrace_events);
		event_call_add_files(calls[i]);
	}
}

static void events_module_going(struct module *mod)
{
	struct trace_event_call *call, *next;

	list_for_each_entry_safe(call, next, &ftrace_events, list) {
		if (call->module == mod)
			event_call_remove(call);
	}
}

static int events_module_notify(struct notifier_block *self,
				unsigned long val, void *data)
{
	struct module *mod = data;

	mutex_lock(&trace_types_lock);
	mutex_lock(&event_mutex);
	switch (val) {
	case MODULE_STATE_COMING:
		events_module_coming(mod);
		break;
	case MODULE_STATE_GOING:
		events_module_going(mod);
		break;
	}
	mutex_unlock(&event_mutex);
	mutex_unlock(&trace_types_lock);
	/*
	 * The module's enum maps, while they still exist (they are init
	 * data of the module); this takes event_mutex itself.
	 */
	if (val == MODULE_STATE_COMING && mod->num_trace_evals)
		trace_event_eval_update(mod->trace_evals,
					mod->num_trace_evals);
	return NOTIFY_OK;
}

static struct notifier_block events_module_nb = {
	.notifier_call	= events_module_notify,
	/* after the tracepoints of the module are known */
	.priority	= 1,
};

/* ---------------------------------------------------------------- */
/* Words: set_event and the boot lists                                 */

/* "sys:event" and the rest switches on; with a leading '!', off. */
int trace_event_switch_word(struct trace_array *tr, char *word)
{
	int set = 1;

	if (*word == '!') {
		set = 0;
		word++;
	}
	return ftrace_set_clr_event(tr, word, set);
}

/*
 * Enable a comma-separated list of events (the trace_event= syntax) in
 * @tr. Bad words are reported and skipped. @list is modified.
 */
static void enable_event_list(struct trace_array *tr, char *list)
{
	char *word;
	int ret;

	while ((word = strsep(&list, ","))) {
		word = strim(word);
		if (!*word)
			continue;
		ret = trace_event_switch_word(tr, word);
		if (ret)
			pr_warn("Failed to enable trace event: %s\n", word);
	}
}

/*
 * trace_instance=name,events: instances are made before the events are
 * registered, so their lists wait here for trace_event_init().
 */
#define BOOT_EVENT_LISTS	8
static struct {
	struct trace_array	*tr;
	char			*list;
} boot_lists[BOOT_EVENT_LISTS] __initdata;
static int nr_boot_lists __initdata;

void __init trace_events_enable_boot_list(struct trace_array *tr, char *list)
{
	if (nr_boot_lists == BOOT_EVENT_LISTS) {
		pr_warn("tracing: events of only %d instances are enabled at boot\n",
			BOOT_EVENT_LISTS);
		return;
	}
	boot_lists[nr_boot_lists].tr = tr;
	boot_lists[nr_boot_lists++].list = list;
}

/* ---------------------------------------------------------------- */
/* Boot                                                                */

/*
 * From trace_init() (trace_boot.c), once the syscalls are numbered:
 * register the kernel's events and enable those of trace_event=, so that the first events
 * after boot are recorded. tracefs comes later (the files layer's
 * client makes the tree of each array once tracefs is up).
 */
void __init trace_event_init(void)
{
	struct trace_array *tr = top_trace_array();
	struct trace_event_call **iter, *call;
	int i;

	if (tracing_is_disabled())
		return;
	event_file_cachep = KMEM_CACHE(trace_event_file, SLAB_PANIC);
	if (trace_event_common_fields_init())
		return;
	trace_event_eval_init();

	mutex_lock(&event_mutex);
	for (iter = __start_ftrace_events; iter < __stop_ftrace_events;
	     iter++) {
		if (event_call_init(*iter))
			continue;
		list_add(&(*iter)->list, &ftrace_events);
	}
	/*
	 * Files in a second pass, walking ftrace_events as an instance made
	 * later does (event_trace_add_tracer()): each array's event list -
	 * the order of set_event, available_events and the reference's
	 * listings - is then the same, the built-in events in link order.
	 */
	list_for_each_entry(call, &ftrace_events, list)
		/* the top array and the trace_instance= ones */
		event_call_add_files(call);
	/* ftrace_set_clr_event() takes event_mutex itself */
	mutex_unlock(&event_mutex);
	trace_event_triggers_boot();
	if (boot_events[0])
		enable_event_list(tr, boot_events);
	for (i = 0; i < nr_boot_lists; i++)
		enable_event_list(boot_lists[i].tr, boot_lists[i].list);
}

static __init int trace_events_late_init(void)
{
	return register_module_notifier(&events_module_nb);
}
early_initcall(trace_events_late_init);
