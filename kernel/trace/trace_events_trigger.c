// SPDX-License-Identifier: GPL-2.0
/*
 * Event triggers: the registry of commands, the trigger files, and the
 * calls the write path makes.
 *
 * Writing "[!]command[:param][ if filter]" to events/<sys>/<event>/trigger
 * looks the command up by name and lets it parse the rest; reading the
 * file lists the event's triggers, newest first, or, when it has none,
 * the commands there are. The trigger of the internal ftrace/print event
 * (events/ftrace/print/trigger) fires on trace_marker writes.
 *
 * While an event has triggers it is in "trigger mode": it stays
 * registered with its tracepoint even when nobody asked to record it
 * (it is then soft-disabled, enable reads "0*"), so that its triggers
 * run. Triggers without a filter and that need not wait for the record
 * run from trace_trigger_soft_disabled(), before anything is reserved;
 * the others (EVENT_FILE_FL_TRIGGER_COND) run on the finished record in
 * trace_event_buffer_commit(), before it is committed: in the ring
 * buffer itself when the event records, or in the stage page when it is
 * soft-disabled, filtered, or refused by the buffer (tracing off), so
 * that a trigger still sees it and can turn tracing back on.
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_internal.h"
#include "trace_triggers.h"

/* Every command; changed and searched under event_mutex. */
static LIST_HEAD(trigger_commands);

int trigger_command_register(struct event_trigger_cmd *cmd)
{
	struct event_trigger_cmd *c;
	int ret = 0;

	mutex_lock(&event_mutex);
	list_for_each_entry(c, &trigger_commands, list) {
		if (!strcmp(c->name, cmd->name)) {
			ret = -EBUSY;
			goto out;
		}
	}
	/* in order of registration: the file lists them so */
	list_add_tail(&cmd->list, &trigger_commands);
out:
	mutex_unlock(&event_mutex);
	return ret;
}

static const struct event_trigger_cmd *trigger_command_find(const char *name)
{
	struct event_trigger_cmd *c;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(c, &trigger_commands, list) {
		if (!strcmp(c->name, name))
			return c;
	}
	return NULL;
}

/* ---------------------------------------------------------------- */
/* Running triggers                                                    */

/* The count rule is the actions' (trace_action_run()); -1: no limit. */
static void trigger_fire(struct event_trigger *t, struct trace_buffer *buffer,
			 void *rec, struct ring_buffer_event *event)
{
	struct trace_action_ctx ctx = {
		.rec	= rec,
		.buffer	= buffer,
		.event	= event,
	};

	trace_action_run(&t->action, READ_ONCE(t->count) < 0 ? NULL : &t->count,
			 &ctx);
}

/*
 * The probes call this with preemption disabled, which is the read side
 * of RCU-sched: a trigger removed meanwhile is freed only after
 * tracepoint_synchronize_unregister(), and list_add_rcu() published a
 * new one complete.
 */
enum event_trigger_type
event_triggers_call(struct trace_event_file *file, struct trace_buffer *buffer,
		    void *rec, struct ring_buffer_event *event)
{
	enum event_trigger_type post = ETT_NONE;
	struct event_filter *filter;
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list) {
		if (!rec) {
			/* no record: nothing to filter, nothing to defer */
			trigger_fire(t, buffer, NULL, event);
			continue;
		}
		/* pairs with rcu_assign_pointer() in trigger_set_filter() */
		filter = rcu_dereference_sched(t->filter);
		if (filter && !filter_match_preds(filter, rec))
			continue;
		if (t->cmd->flags & TRIGGER_CMD_POST) {
			post |= t->cmd->type;
			continue;
		}
		trigger_fire(t, buffer, rec, event);
	}
	return post;
}
EXPORT_SYMBOL_GPL(event_triggers_call);

void event_triggers_post_call(struct trace_event_file *file,
			      enum event_trigger_type tt)
{
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list) {
		if (t->cmd->type & tt)
			trigger_fire(t, NULL, NULL, NULL);
	}
}
EXPORT_SYMBOL_GPL(event_triggers_post_call);

/*
 * Called by the probes only when one of the rare flags is set and no
 * trigger needs the record: run the triggers, then say whether the
 * event is to be left out (soft-disabled, or not of a traced pid).
 */
bool __trace_trigger_soft_disabled(struct trace_event_file *file)
{
	unsigned long flags = READ_ONCE(file->flags);

	if (flags & EVENT_FILE_FL_TRIGGER_MODE)
		event_triggers_call(file, NULL, NULL, NULL);
	if (flags & EVENT_FILE_FL_SOFT_DISABLED)
		return true;
	return (flags & EVENT_FILE_FL_PID_FILTER) &&
	       trace_event_ignore_this_pid(file);
}
EXPORT_SYMBOL_GPL(__trace_trigger_soft_disabled);

/* ---------------------------------------------------------------- */
/* Adding and removing                                                 */

static struct event_trigger *trigger_alloc(const struct event_trigger_cmd *cmd,
					   struct trace_event_file *file)
{
	struct event_trigger *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return NULL;
	INIT_LIST_HEAD(&t->list);
	t->cmd = cmd;
	t->file = file;
	t->count = -1;
	t->action.type = cmd->action;
	t->action.tr = file->tr;
	return t;
}

/* Free a trigger that was never added, or whose probes are done. */
static void trigger_free(struct event_trigger *t)
{
	if (!t)
		return;
	event_filter_free(rcu_dereference_protected(t->filter, 1));
	kfree(t->filter_text);
	kfree(t);
}

/*
 * TRIGGER_COND: some trigger of @file wants the record (a filter, a
 * deferred action, or a command that reads it). Without it the triggers
 * run before the record exists.
 */
static void trigger_update_cond(struct trace_event_file *file)
{
	struct event_trigger *t;
	bool cond = false;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(t, &file->triggers, list) {
		if (rcu_access_pointer(t->filter) ||
		    (t->cmd->flags & (TRIGGER_CMD_POST | TRIGGER_CMD_NEEDS_REC)))
			cond = true;
	}
	if (cond) {
		/* a record the buffer refuses is judged in the stage page */
		trace_event_stage_prepare();
		set_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
	} else {
		clear_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
	}
}

/* The first trigger puts @file in trigger mode: registered, soft. */
static int trigger_mode_get(struct trace_event_file *file)
{
	int ret;

	if (atomic_inc_return(&file->tm_ref) > 1)
		return 0;
	set_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
	ret = trace_event_enable_disable(file, 1, 1);
	if (ret) {
		clear_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
		atomic_dec(&file->tm_ref);
	}
	return ret;
}

static void trigger_mode_put(struct trace_event_file *file)
{
	if (atomic_dec_return(&file->tm_ref) > 0)
		return;
	clear_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
	trace_event_enable_disable(file, 0, 1);
}

/*
 * Of one trigger type (traceon and traceoff are one), and the same as
 * the action sees it (enable_event and disable_event on one target).
 */
static bool trigger_same(struct event_trigger *a, struct event_trigger *b)
{
	const struct trace_action_type *type = a->action.type;

	if (a->cmd->type != b->cmd->type)
		return false;
	return !type->same || type->same(&a->action, &b->action);
}

/*
 * Add @t (its count, filter and action set up) to its file; -EEXIST if
 * an equal one is there. On success the file is in trigger mode and
 * the registry owns @t; on failure the caller undoes the action and
 * frees it.
 */
static int trigger_add(struct event_trigger *t)
{
	struct trace_event_file *file = t->file;
	struct event_trigger *o;
	int ret;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(o, &file->triggers, list) {
		if (trigger_same(o, t))
			return -EEXIST;
	}
	/*
	 * Published whole: pairs with list_for_each_entry_rcu() in
	 * event_triggers_call().
	 */
	list_add_rcu(&t->list, &file->triggers);
	trigger_update_cond(file);
	ret = trigger_mode_get(file);
	if (ret) {
		list_del_rcu(&t->list);
		trigger_update_cond(file);
		/* a probe may have seen it: the caller frees it after us */
		tracepoint_synchronize_unregister();
	}
	return ret;
}

/* Take @t off its file; it may still run until the probes are done. */
static void trigger_unlink(struct event_trigger *t)
{
	list_del_rcu(&t->list);
	trigger_mode_put(t->file);
	trigger_update_cond(t->file);
}

static void trigger_destroy(struct event_trigger *t)
{
	if (t->action.type->release)
		t->action.type->release(&t->action);
	trigger_free(t);
}

/* Remove and free the trigger equal to @like; nothing if there is none. */
static void trigger_remove(struct event_trigger *like)
{
	struct event_trigger *t;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(t, &like->file->triggers, list) {
		if (!trigger_same(t, like))
			continue;
		trigger_unlink(t);
		/* no probe is still running it once this returns */
		tracepoint_synchronize_unregister();
		trigger_destroy(t);
		return;
	}
}

void trace_event_triggers_clear(struct trace_event_file *file)
{
	struct event_trigger *t, *next;
	LIST_HEAD(gone);

	lockdep_assert_held(&event_mutex);
	if (list_empty(&file->triggers))
		return;
	list_for_each_entry_safe(t, next, &file->triggers, list) {
		/*
		 * Its holder takes it off (an eprobe, when it is disabled in
		 * this array, which an array's removal does after this).
		 */
		if (t->cmd->flags & TRIGGER_CMD_INTERNAL)
			continue;
		trigger_unlink(t);
		/* ->list is free for our own use once the probes are done */
		INIT_LIST_HEAD(&t->list);
		list_add(&t->list, &gone);
	}
	tracepoint_synchronize_unregister();
	list_for_each_entry_safe(t, next, &gone, list)
		trigger_destroy(t);
}

/* ---------------------------------------------------------------- */
/* Internal triggers                                                   */

static const struct event_trigger_cmd internal_cmd = {
	.name	= "eprobe",
	.type	= ETT_EVENT_EPROBE,
	.flags	= TRIGGER_CMD_NEEDS_REC | TRIGGER_CMD_INTERNAL,
};

struct event_trigger *
trace_event_internal_trigger_add(struct trace_event_file *file,
				 const struct trace_action_type *action,
				 void *data, const char *filter)
{
	struct filter_error err = { };
	struct event_filter *f = NULL;
	struct event_trigger *t;
	int ret;

	lockdep_assert_held(&event_mutex);
	t = trigger_alloc(&internal_cmd, file);
	if (!t)
		return ERR_PTR(-ENOMEM);
	t->action.type = action;
	t->action.data = data;
	if (filter) {
		/* its holder checked the expression when it took it */
		ret = event_filter_compile(file->event_call, filter, false, &f,
					   &err);
		if (ret) {
			event_filter_free(f);
			kfree(t);
			return ERR_PTR(ret);
		}
		/* not yet reachable by any probe */
		rcu_assign_pointer(t->filter, f);
	}
	ret = trigger_add(t);
	if (ret) {
		trigger_free(t);
		return ERR_PTR(ret);
	}
	return t;
}

void trace_event_internal_trigger_remove(struct event_trigger *t)
{
	lockdep_assert_held(&event_mutex);
	trigger_unlink(t);
	/* no probe is still firing its action once this returns */
	tracepoint_synchronize_unregister();
	trigger_free(t);
}

/* ---------------------------------------------------------------- */
/* Parsing                                                             */

/* Parse a count at @param (NULL: no count); -EINVAL if not a number. */
static int trigger_parse_count(const char *param, long *count)
{
	if (trigger_read_count(param, count))
		return -EINVAL;
	return 0;
}

/*
 * p->filter is "if <expression>": compile it for the event the trigger
 * is on (not the one it acts on) and give it to @t.
 */
static int trigger_set_filter(struct event_trigger *t, struct trigger_parse *p)
{
	struct event_filter *filter = NULL;
	struct filter_error err = { };
	const char *expr;
	int ret;

	if (!p->filter)
		return 0;
	expr = trigger_filter_expr(p->filter);
	if (!expr)
		return -EINVAL;
	ret = event_filter_compile(t->file->event_call, expr, false, &filter,
				   &err);
	if (ret) {
		if (ret == -ENOMEM && !filter)
			return ret;
		event_filter_log_error(p->tr, expr, &err);
		event_filter_free(filter);
		return ret;
	}
	t->filter_text = kstrdup(expr, GFP_KERNEL);
	if (!t->filter_text) {
		event_filter_free(filter);
		return -ENOMEM;
	}
	/* not yet reachable by any probe: plain publication is enough */
	rcu_assign_pointer(t->filter, filter);
	return 0;
}

/*
 * The common path of a command: allocate the trigger, take the action's
 * target ("<system>:<event>" when the action has one), read the count
 * and the filter, set the action up and add the trigger; or remove the
 * one ->same as it.
 */
static int trigger_parse_generic(const struct event_trigger_cmd *cmd,
				 struct trace_event_file *file,
				 struct trigger_parse *p)
{
	const struct trace_action_type *type = cmd->action;
	char *count = p->param, *system, *name;
	struct event_trigger *t;
	int ret;

	t = trigger_alloc(cmd, file);
	if (!t)
		return -ENOMEM;
	if (type->parse) {
		ret = -EINVAL;
		if (trigger_split_target(p->param, &system, &name, &count))
			goto free;
		ret = type->parse(&t->action, system, name);
		if (ret)
			goto free;
		/* what is left after <sys>:<event>: is the count */
		if (count)
			p->param_pos += count - p->param;
	}
	ret = 0;
	if (p->remove) {
		/* what follows the name (and target) does not matter */
		trigger_remove(t);
		goto free;
	}
	ret = trigger_parse_count(count, &t->count);
	if (!ret)
		ret = trigger_set_filter(t, p);
	if (!ret && type->setup)
		ret = type->setup(&t->action);
	if (ret)
		goto free;
	ret = trigger_add(t);
	if (!ret)
		return 0;
	if (type->release)
		type->release(&t->action);
free:
	trigger_free(t);
	return ret;
}

/*
 * One line written to @file's trigger file (trimmed). Called with
 * event_mutex held.
 */
static int trigger_line(struct trace_event_file *file, char *line)
{
	const struct event_trigger_cmd *cmd;
	struct trigger_parse p = {
		.tr = file->tr,
	};
	char *text, *name, *rest;
	int ret;

	lockdep_assert_held(&event_mutex);
	/* the words are cut out of a copy; @line stays as written */
	p.text = line;
	text = kstrdup(line, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	name = trigger_split_name(&p, text, &rest);
	cmd = trigger_command_find(name);
	if (!cmd) {
		ret = -EINVAL;
		goto out;
	}
	trigger_split(&p, rest, rest ? rest - text : 0,
		      cmd->flags & TRIGGER_CMD_PARAM);
	ret = cmd->parse ? cmd->parse(cmd, file, &p) :
			   trigger_parse_generic(cmd, file, &p);
out:
	kfree(text);
	return ret;
}

/* ---------------------------------------------------------------- */
/* The trigger files                                                   */

/* Per trace array, the pseudo event file of trace_marker's triggers. */
static DEFINE_XARRAY(marker_files);

static const struct file_operations marker_trigger_fops;

/* The event file a trigger file is about; event_mutex held. */
static struct trace_event_file *trigger_file_of(struct file *filp)
{
	lockdep_assert_held(&event_mutex);
	if (filp->f_op == &marker_trigger_fops)
		return xa_load(&marker_files,
			       (unsigned long)file_inode(filp)->i_private);
	return event_file_data(filp);
}

static bool trigger_file_has_user_triggers(struct trace_event_file *file)
{
	struct event_trigger *t;

	list_for_each_entry(t, &file->triggers, list)
		if (!(t->cmd->flags & TRIGGER_CMD_INTERNAL))
			return true;
	return false;
}

#define SHOW_COMMANDS	((void *)1)

static void *trigger_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_event_file *file;

	/* ->stop() runs even when this fails */
	mutex_lock(&event_mutex);
	file = trigger_file_of(m->private);
	if (!file)
		return ERR_PTR(-ENODEV);
	if (!trigger_file_has_user_triggers(file))
		return *pos ? NULL : SHOW_COMMANDS;
	return seq_list_start(&file->triggers, *pos);
}

static void *trigger_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_event_file *file = trigger_file_of(m->private);

	if (v == SHOW_COMMANDS || !file) {
		(*pos)++;
		return NULL;
	}
	return seq_list_next(v, &file->triggers, pos);
}

static void trigger_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

/* The rest of a trigger's line: "[:count=N|:unlimited][ if filter]". */
static void trigger_print_tail(struct seq_file *m, struct event_trigger *t)
{
	if (t->count < 0)
		seq_puts(m, ":unlimited");
	else
		seq_printf(m, ":count=%ld", t->count);
	if (t->filter_text)
		seq_printf(m, " if %s", t->filter_text);
	seq_putc(m, '\n');
}

static int trigger_seq_show(struct seq_file *m, void *v)
{
	const struct event_trigger_cmd *cmd;
	struct event_trigger *t;

	if (v == SHOW_COMMANDS) {
		seq_puts(m, "# Available triggers:\n#");
		list_for_each_entry(cmd, &trigger_commands, list)
			seq_printf(m, " %s", cmd->name);
		seq_putc(m, '\n');
		return 0;
	}
	t = list_entry(v, struct event_trigger, list);
	/* the kernel's own are not the user's to see (nor to remove) */
	if (t->cmd->flags & TRIGGER_CMD_INTERNAL)
		return 0;
	t->action.type->print(m, &t->action);
	trigger_print_tail(m, t);
	return 0;
}

static const struct seq_operations trigger_seq_ops = {
	.start	= trigger_seq_start,
	.next	= trigger_seq_next,
	.stop	= trigger_seq_stop,
	.show	= trigger_seq_show,
};

static int trigger_seq_open(struct file *filp)
{
	int ret;

	if (!(filp->f_mode & FMODE_READ))
		return 0;
	ret = seq_open(filp, &trigger_seq_ops);
	if (!ret)
		((struct seq_file *)filp->private_data)->private = filp;
	return ret;
}

/*
 * The command a line names, if it is one that must prepare the array
 * first; event_mutex held.
 */
static const struct event_trigger_cmd *trigger_needs_prepare(const char *line)
{
	const struct event_trigger_cmd *cmd;
	char name[32];
	size_t len;

	if (*line == '!')
		return NULL;
	len = strcspn(line, ": \t");
	if (len >= sizeof(name))
		return NULL;
	memcpy(name, line, len);
	name[len] = '\0';
	cmd = trigger_command_find(name);
	return cmd && cmd->action->prepare ? cmd : NULL;
}

/*
 * Run @line (trimmed) on the event file @find(@arg) gives under
 * event_mutex. A command's ->prepare runs first, without the mutex;
 * the caller keeps the array alive throughout.
 */
static int trigger_apply(struct trace_event_file *(*find)(void *), void *arg,
			 char *line)
{
	const struct event_trigger_cmd *cmd = NULL;
	struct trace_event_file *file;
	struct trace_array *tr = NULL;
	int ret;

	mutex_lock(&event_mutex);
	file = find(arg);
	if (file) {
		cmd = trigger_needs_prepare(line);
		tr = file->tr;
	}
	mutex_unlock(&event_mutex);
	if (!file)
		return -ENODEV;
	if (cmd) {
		ret = cmd->action->prepare(tr);
		if (ret)
			return ret;
	}
	mutex_lock(&event_mutex);
	file = find(arg);
	ret = file ? trigger_line(file, line) : -ENODEV;
	mutex_unlock(&event_mutex);
	return ret;
}

static struct trace_event_file *trigger_find_filp(void *filp)
{
	return trigger_file_of(filp);
}

/* One line per write, of less than a page; trailing blanks ignored. */
static ssize_t trigger_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	char *line;
	int err;

	if (cnt >= PAGE_SIZE)
		return -EINVAL;
	if (!cnt)
		return 0;
	line = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(line))
		return PTR_ERR(line);
	err = trigger_apply(trigger_find_filp, filp, strim(line));
	kfree(line);
	if (!err)
		*ppos += cnt;
	return err ? err : cnt;
}

/*
 * An open file holds its event file and array (event_file_open()), so
 * neither goes away meanwhile. Opening with O_TRUNC removes nothing:
 * triggers go one by one, with "!".
 */
static int event_trigger_open(struct inode *inode, struct file *filp)
{
	int ret = event_file_open(inode, filp);

	if (ret)
		return ret;
	ret = trigger_seq_open(filp);
	if (ret)
		event_file_release(inode, filp);
	return ret;
}

static int event_trigger_release(struct inode *inode, struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		seq_release(inode, filp);
	return event_file_release(inode, filp);
}

const struct file_operations event_trigger_fops = {
	.open		= event_trigger_open,
	.read		= seq_read,
	.write		= trigger_write,
	.llseek		= seq_lseek,
	.release	= event_trigger_release,
};

/* events/ftrace/print/trigger: the inode's data is the trace array. */
static int marker_trigger_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;
	ret = trigger_seq_open(filp);
	if (ret)
		trace_array_put(tr);
	return ret;
}

static int marker_trigger_release(struct inode *inode, struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		seq_release(inode, filp);
	trace_array_put(inode->i_private);
	return 0;
}

static const struct file_operations marker_trigger_fops = {
	.open		= marker_trigger_open,
	.read		= seq_read,
	.write		= trigger_write,
	.llseek		= seq_lseek,
	.release	= marker_trigger_release,
};

const struct file_operations *trace_marker_trigger_fops(void)
{
	return &marker_trigger_fops;
}

/* ---------------------------------------------------------------- */
/* trace_marker: the ftrace/print pseudo event                         */

/*
 * The marker's entries are TRACE_PRINT (ip, then the text); a trigger
 * filter sees these fields as upstream describes them, the text as a
 * char array of no fixed size. The call exists only for the triggers:
 * it is on no list of events and has nothing to register.
 */
static int marker_call_reg(struct trace_event_call *call, enum trace_reg type,
			   void *data)
{
	return 0;
}

static struct trace_event_fields marker_fields[] = {
	{ .type = "unsigned long", .name = "ip", .size = sizeof(long),
	  .align = __alignof__(long), .is_signed = 0,
	  .filter_type = FILTER_OTHER },
	{ .type = "char[]", .name = "buf", .size = 0, .align = 1,
	  .is_signed = IS_ENABLED(CONFIG_CHAR_SIGNED) ? 1 : 0,
	  .filter_type = FILTER_OTHER },
	{}
};

static struct trace_event_class marker_class = {
	.system		= "ftrace",
	.fields_array	= marker_fields,
	.fields		= LIST_HEAD_INIT(marker_class.fields),
	.reg		= marker_call_reg,
};

static struct trace_event_call marker_call = {
	.class	= &marker_class,
	.name	= "print",
	.flags	= TRACE_EVENT_FL_IGNORE_ENABLE,
};

static struct trace_event_file *marker_file(struct trace_array *tr)
{
	struct trace_event_file *file = xa_load(&marker_files,
						(unsigned long)tr);

	if (!file || !(READ_ONCE(file->flags) & EVENT_FILE_FL_TRIGGER_MODE))
		return NULL;
	return file;
}

enum event_trigger_type trace_marker_triggers(struct trace_array *tr,
					      struct trace_buffer *buffer,
					      void *entry,
					      struct ring_buffer_event *event)
{
	struct trace_event_file *file = marker_file(tr);

	return file ? event_triggers_call(file, buffer, entry, event) :
		      ETT_NONE;
}

/*
 * The marker's commit has re-enabled preemption, unlike a tracepoint's
 * probe, whose post triggers still run inside the tracepoint. Disable it
 * again around the walk: that is the RCU-sched read side the trigger list
 * relies on (trigger_remove() frees after tracepoint_synchronize_unregister()),
 * and the preempt count that the stacktrace trigger's context
 * (tracing_gen_ctx_dec()) takes off as the tracepoint's own.
 */
void trace_marker_post_triggers(struct trace_array *tr,
				enum event_trigger_type tt)
{
	struct trace_event_file *file;

	preempt_disable_notrace();
	file = marker_file(tr);
	if (file)
		event_triggers_post_call(file, tt);
	preempt_enable_notrace();
}

static void marker_file_create(struct trace_array *tr, struct dentry *dir)
{
	struct trace_event_file *file;

	file = kzalloc(sizeof(*file), GFP_KERNEL);
	if (!file)
		return;
	file->event_call = &marker_call;
	file->tr = tr;
	INIT_LIST_HEAD(&file->triggers);
	refcount_set(&file->ref, 1);
	if (xa_err(xa_store(&marker_files, (unsigned long)tr, file,
			    GFP_KERNEL)))
		kfree(file);
}

static void marker_file_remove(struct trace_array *tr)
{
	struct trace_event_file *file;

	mutex_lock(&event_mutex);
	file = xa_erase(&marker_files, (unsigned long)tr);
	if (file)
		trace_event_triggers_clear(file);
	mutex_unlock(&event_mutex);
	/* marker writers hold the array open: none is left by now */
	kfree(file);
}

/*
 * An array's triggers go before its events: an enable_event trigger
 * holds its target in soft mode, which keeps the target registered.
 */
static void triggers_array_remove(struct trace_array *tr)
{
	struct trace_event_file *file;

	marker_file_remove(tr);
	mutex_lock(&event_mutex);
	list_for_each_entry(file, &tr->events, list)
		trace_event_triggers_clear(file);
	mutex_unlock(&event_mutex);
}

/* Registered after the event layer's: ->remove runs before its own. */
static struct trace_array_client trigger_array_files = {
	.name		= "trace_events_trigger",
	.create		= marker_file_create,
	.remove		= triggers_array_remove,
};

/* ---------------------------------------------------------------- */
/* Boot                                                                */

/*
 * trace_trigger=<event>.<trigger>[,<event>.<trigger>...]: triggers on
 * events of the top array from the start, e.g.
 * trace_trigger="sched_switch.stacktrace if prev_state == 2".
 */
#define BOOT_TRIGGERS_MAX	32

static char boot_trigger_buf[COMMAND_LINE_SIZE] __initdata;

static __init int set_boot_triggers(char *str)
{
	strscpy(boot_trigger_buf, str, sizeof(boot_trigger_buf));
	/* what the triggers record (stacks, snapshots) needs a full buffer */
	tracing_expand_at_boot();
	return 1;
}
__setup("trace_trigger=", set_boot_triggers);

/* The array's event file called @arg; event_mutex held. */
static struct trace_event_file *boot_find_event(void *arg)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &top_trace_array()->events, list) {
		if (!strcmp(trace_event_name(file->event_call), arg))
			return file;
	}
	return NULL;
}

static __init void boot_trigger_one(char *word)
{
	char *event = strsep(&word, ".");

	if (!word) {
		pr_err("tracing: trace_trigger: '%s' lacks '.<trigger>'\n",
		       event);
		return;
	}
	word = strim(word);
	if (trigger_apply(boot_find_event, event, word))
		pr_err("Failed to register trigger '%s' on event %s\n", word,
		       event);
}

void __init trace_event_triggers_boot(void)
{
	char *list = boot_trigger_buf, *word;
	int n = 0;

	if (trace_event_define_fields(&marker_call))
		pr_warn("tracing: ftrace/print triggers cannot filter\n");
	while ((word = strsep(&list, ",")) && n++ < BOOT_TRIGGERS_MAX) {
		if (*word)
			boot_trigger_one(word);
	}
}

static __init int trace_triggers_files_init(void)
{
	return trace_array_client_register(&trigger_array_files);
}
core_initcall(trace_triggers_files_init);
