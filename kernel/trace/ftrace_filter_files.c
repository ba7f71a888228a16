// SPDX-License-Identifier: GPL-2.0
/*
 * set_ftrace_filter and set_ftrace_notrace: the files that edit an ops'
 * hashes, with their small language. (The boot options that do the same
 * before user space exists, ftrace_filter= and ftrace_notrace=, are the
 * engine's: ftrace_filter.c.)
 *
 * What a user writes is a list of words separated by white space:
 *	name, glob		trace (or in set_ftrace_notrace: never trace)
 *				the functions it names
 *	!name, !glob		take them out again
 *	N			the function on line N of
 *				available_filter_functions
 *	func:mod:module		only functions of that module; for a module
 *				not loaded yet the filter waits for it
 *	func:command[:param]	a command from the registry
 *				(register_ftrace_command())
 * Opening with O_TRUNC (">") starts from an empty list; without it (">>")
 * from the current one.
 *
 * An open file is an editing session: its own copy of the hash and of the
 * waiting :mod: filters, installed when the file is closed. A write that
 * fails changes nothing in the session (its words are all or nothing), and
 * a session in which every write failed installs nothing either, so a
 * mistyped name leaves the previous filter in place even with ">".
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "ftrace_internal.h"
#include "trace.h"
#include "trace_triggers.h"

/* The longest word: a symbol, a module name and a command with slack. */
#define FILTER_WORD_MAX		(KSYM_NAME_LEN + MODULE_NAME_LEN + 64)

/* ------------------------------------------------------------------ */
/* The command registry                                                 */

static LIST_HEAD(commands);
static DEFINE_MUTEX(commands_lock);

/*
 * The commands (traceon, snapshot, enable_event, ...) register from
 * their own files (trace_functions_cmds.c, trace_events_func_cmds.c).
 * A word naming no registered command fails with -EINVAL.
 *
 * Commands are only ever added, by built-in code, and never removed: a
 * command found under commands_lock stays valid after the lock drops.
 * commands_run() relies on that to call a command without the lock,
 * because the commands take trace_types_lock and event_mutex, which
 * are held elsewhere around set_regex() and so above regex_lock, which
 * is above commands_lock (command_queue() runs under it).
 */

/**
 * register_ftrace_command - add a "function:name[:param]" command
 * @cmd: the command; its name must be new
 */
int register_ftrace_command(struct ftrace_func_command *cmd)
{
	struct ftrace_func_command *p;
	int ret = 0;

	mutex_lock(&commands_lock);
	list_for_each_entry(p, &commands, list) {
		if (!strcmp(p->name, cmd->name)) {
			ret = -EBUSY;
			goto out;
		}
	}
	list_add(&cmd->list, &commands);
out:
	mutex_unlock(&commands_lock);
	return ret;
}

/* ------------------------------------------------------------------ */
/* Cached :mod: filters                                                 */

static void mod_entry_free(struct ftrace_mod_entry *me)
{
	list_del(&me->list);
	kfree(me->func);
	kfree(me->module);
	kfree(me);
}

static void mods_free(struct list_head *head)
{
	struct ftrace_mod_entry *me, *n;

	list_for_each_entry_safe(me, n, head, list)
		mod_entry_free(me);
}

static int mod_entry_add(struct list_head *head, const char *func,
			 const char *module)
{
	struct ftrace_mod_entry *me = kzalloc(sizeof(*me), GFP_KERNEL);

	if (!me)
		return -ENOMEM;
	me->func = kstrdup(func, GFP_KERNEL);
	me->module = kstrdup(module, GFP_KERNEL);
	if (!me->func || !me->module) {
		kfree(me->func);
		kfree(me->module);
		kfree(me);
		return -ENOMEM;
	}
	list_add_tail(&me->list, head);
	return 0;
}

static int mods_copy(struct list_head *dst, struct list_head *src)
{
	struct ftrace_mod_entry *me;

	list_for_each_entry(me, src, list) {
		if (mod_entry_add(dst, me->func, me->module)) {
			mods_free(dst);
			return -ENOMEM;
		}
	}
	return 0;
}

static bool module_loaded(const char *name)
{
	bool ret;

	preempt_disable();
	ret = !!find_module(name);
	preempt_enable();
	return ret;
}

/* The list of @tr a session of @filter edits, or NULL without an array. */
static struct list_head *tr_mods(struct trace_array *tr, bool filter)
{
	if (!tr)
		return NULL;
	return filter ? &tr->mod_trace : &tr->mod_notrace;
}

/* ------------------------------------------------------------------ */
/* Sessions                                                             */

struct filter_session {
	struct ftrace_listing	listing;	/* first: seq_file's private */
	struct trace_array	*tr;
	struct ftrace_ops	*ops;
	bool			filter;
	bool			trunc;
	bool			had_mods;	/* opened with :mod: filters waiting */
	bool			graph;		/* FTRACE_ITER_GRAPH */
	struct ftrace_hash	*hash;		/* the session's copy */
	struct list_head	mods;		/* the session's :mod: filters */
	unsigned int		good_writes, bad_writes;
	char			*word;		/* a word split between writes */
	unsigned int		word_len;
};

static struct filter_session *file_session(struct file *file)
{
	if (file->f_mode & FMODE_READ)
		return ((struct seq_file *)file->private_data)->private;
	return file->private_data;
}

/* "func:mod:module": the functions of a module, now or when it loads. */
static int mod_command(struct filter_session *s, struct ftrace_hash *hash,
		       struct list_head *mods, char *func, char *module)
{
	struct ftrace_mod_entry *me, *n;
	char *pattern, *modpat;
	bool removed = false;
	int ret;

	if (!s->tr)
		return -ENODEV;
	/*
	 * An empty module name is upstream's "every module": it matches
	 * the functions of the modules loaded, and with none it is kept
	 * (and listed as ":mod:"), a filter that lets nothing through.
	 */
	if (!module)
		return -EINVAL;
	pattern = kstrdup(func, GFP_KERNEL);
	modpat = kstrdup(module, GFP_KERNEL);
	ret = pattern && modpat ? ftrace_match_records(hash, pattern, modpat) :
				  -ENOMEM;
	kfree(pattern);
	kfree(modpat);
	if (ret)
		return ret < 0 ? ret : 0;

	/* Nothing matched: the module may not be loaded yet. */
	if (func[0] == '!') {
		list_for_each_entry_safe(me, n, mods, list) {
			if (strcmp(me->module, module))
				continue;
			if (!strcmp(func + 1, "*") || !strcmp(me->func, func + 1)) {
				mod_entry_free(me);
				removed = true;
			}
		}
		return removed ? 0 : -EINVAL;
	}
	if (module_loaded(module))
		return -EINVAL;
	return mod_entry_add(mods, func, module);
}

/*
 * A command word, run once the write's words were all parsed and the
 * session's lock is dropped: commands change objects of their own (the
 * probes, events, the snapshot buffer), never the session's hash, and
 * they take locks (trace_types_lock, event_mutex) that nest outside it.
 */
struct pending_cmd {
	struct list_head	list;
	char			*func;
	char			*cmd;
	char			*param;	/* NULL: nothing after the name */
};

static struct ftrace_func_command *command_find(const char *name)
{
	struct ftrace_func_command *p;

	lockdep_assert_held(&commands_lock);
	list_for_each_entry(p, &commands, list)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

static int command_queue(struct list_head *cmds, const char *func,
			 const char *cmd, const char *param)
{
	struct pending_cmd *pc;
	bool known;

	mutex_lock(&commands_lock);
	known = command_find(cmd);
	mutex_unlock(&commands_lock);
	if (!known)
		return -EINVAL;
	pc = kzalloc(sizeof(*pc), GFP_KERNEL);
	if (!pc)
		return -ENOMEM;
	list_add_tail(&pc->list, cmds);
	pc->func = kstrdup(func, GFP_KERNEL);
	pc->cmd = kstrdup(cmd, GFP_KERNEL);
	pc->param = param ? kstrdup(param, GFP_KERNEL) : NULL;
	if (!pc->func || !pc->cmd || (param && !pc->param))
		return -ENOMEM;
	return 0;
}

/* Run the queued commands in order (@run) or only drop them. */
static int commands_run(struct filter_session *s, struct list_head *cmds,
			bool run)
{
	struct pending_cmd *pc, *n;
	struct ftrace_func_command *p;
	int ret = 0;

	list_for_each_entry_safe(pc, n, cmds, list) {
		if (run && !ret) {
			mutex_lock(&commands_lock);
			p = command_find(pc->cmd);
			mutex_unlock(&commands_lock);
			/* without commands_lock: see the registry's comment */
			ret = p ? p->func(s->tr, NULL, pc->func, pc->cmd,
					  pc->param, s->filter) : -EINVAL;
		}
		list_del(&pc->list);
		kfree(pc->func);
		kfree(pc->cmd);
		kfree(pc->param);
		kfree(pc);
	}
	return ret;
}

/*
 * One word into @hash and @mods (the session's scratch copies), or onto
 * @cmds.
 */
static int filter_word(struct filter_session *s, char *word,
		       struct ftrace_hash *hash, struct list_head *mods,
		       struct list_head *cmds)
{
	char *cmd, *param;
	int ret;

	cmd = strchr(word, ':');
	if (!cmd) {
		unsigned long before = hash->count;

		ret = ftrace_match_records(hash, word, NULL);
		if (ret < 0)
			return ret;
		/* the graph files: "!name" must remove something */
		if (s->graph && word[0] == '!' && hash->count == before)
			return -EINVAL;
		return ret ? 0 : -EINVAL;
	}
	*cmd++ = '\0';
	param = strchr(cmd, ':');
	if (param)
		*param++ = '\0';
	if (!strcmp(cmd, "mod"))
		return mod_command(s, hash, mods, word, param);
	return command_queue(cmds, word, cmd, param);
}

/*
 * A write is applied to scratch copies of the session's hash and :mod:
 * list, kept only when every word of it worked.
 */
struct session_edit {
	struct ftrace_hash	*hash;
	struct list_head	mods;
	struct list_head	cmds;		/* struct pending_cmd */
	bool			touched;	/* a word was applied */
};

static int edit_begin(struct filter_session *s, struct session_edit *e)
{
	INIT_LIST_HEAD(&e->mods);
	INIT_LIST_HEAD(&e->cmds);
	e->touched = false;
	e->hash = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS, s->hash);
	if (!e->hash || mods_copy(&e->mods, &s->mods)) {
		ftrace_hash_free(e->hash);
		return -ENOMEM;
	}
	return 0;
}

/*
 * Apply the words of @text (@len bytes). A word that white space does not
 * end waits in s->word for more text, unless @last.
 */
static int edit_feed(struct filter_session *s, struct session_edit *e,
		     const char *text, size_t len, bool last)
{
	size_t i;
	int ret;

	for (i = 0; i <= len; i++) {
		bool end = i == len;

		/* a NUL ends a word as a blank does, as upstream's parser */
		if (!end && text[i] && !isspace(text[i])) {
			if (s->word_len >= FILTER_WORD_MAX)
				return -EINVAL;
			s->word[s->word_len++] = text[i];
			continue;
		}
		if (!s->word_len || (end && !last))
			continue;
		s->word[s->word_len] = '\0';
		s->word_len = 0;
		ret = filter_word(s, s->word, e->hash, &e->mods, &e->cmds);
		if (ret)
			return ret;
		e->touched = true;
	}
	return 0;
}

static void edit_end(struct filter_session *s, struct session_edit *e,
		     bool keep)
{
	struct ftrace_hash *old_hash;
	LIST_HEAD(old_mods);

	if (!keep || !e->touched) {
		if (!keep)
			s->word_len = 0;
		ftrace_hash_free(e->hash);
		mods_free(&e->mods);
		return;
	}
	/*
	 * A reader of this same open file (O_RDWR) walks s->hash and
	 * s->mods through s->listing while it holds ftrace_lock, and may
	 * have stopped on one of the mod entries between two read()s.
	 * Swap both under ftrace_lock and bump the generation in the same
	 * critical section: a walk in progress finishes on the old ones, a
	 * later read() sees the new generation and starts over instead of
	 * resuming from a pointer into the old list. Only then, outside the
	 * lock, are the old ones freed.
	 */
	mutex_lock(&ftrace_lock);
	old_hash = s->hash;
	s->hash = e->hash;
	list_splice_init(&s->mods, &old_mods);
	list_splice(&e->mods, &s->mods);
	s->listing.hash = s->hash;
	s->listing.head = ftrace_hash_empty(s->hash);
	ftrace_listing_changed();
	mutex_unlock(&ftrace_lock);
	ftrace_hash_free(old_hash);
	mods_free(&old_mods);
}

static ssize_t regex_write(struct file *file, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	struct filter_session *s = file_session(file);
	struct session_edit e;
	size_t done = 0, n;
	char *buf;
	int ret;

	if (!cnt)
		return 0;
	if (ftrace_is_dead())
		return -ENODEV;
	buf = (char *)__get_free_page(GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	mutex_lock(&s->ops->func_hash->regex_lock);
	ret = edit_begin(s, &e);
	if (!ret) {
		while (!ret && done < cnt) {
			n = min_t(size_t, cnt - done, PAGE_SIZE);
			if (copy_from_user(buf, ubuf + done, n))
				ret = -EFAULT;
			else
				ret = edit_feed(s, &e, buf, n, false);
			done += n;
		}
		edit_end(s, &e, !ret);
	}
	mutex_unlock(&s->ops->func_hash->regex_lock);
	ret = commands_run(s, &e.cmds, !ret) ?: ret;
	free_page((unsigned long)buf);
	if (ret) {
		s->bad_writes++;
		return ret;
	}
	s->good_writes++;
	*ppos += cnt;
	return cnt;
}

ssize_t ftrace_filter_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	return regex_write(file, ubuf, cnt, ppos);
}

ssize_t ftrace_notrace_write(struct file *file, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	return regex_write(file, ubuf, cnt, ppos);
}

static void session_free(struct filter_session *s)
{
	ftrace_hash_free(s->hash);
	mods_free(&s->mods);
	kfree(s->word);
}

/**
 * ftrace_regex_open - open a filter file of an ops
 * @tr: the array the file belongs to, or NULL (then @ops->private)
 * @ops: the ops whose hashes it edits, or NULL (then @tr->ops, or the
 *	 top level's when both are NULL)
 * @flag: FTRACE_ITER_FILTER or FTRACE_ITER_NOTRACE
 * @inode: the file's inode
 * @file: the file
 *
 * Pair with ftrace_filter_write()/ftrace_notrace_write(), seq_read,
 * and ftrace_regex_release().
 */
int ftrace_regex_open(struct trace_array *tr, struct ftrace_ops *ops, int flag,
		      struct inode *inode, struct file *file)
{
	struct ftrace_hash *cur;
	struct filter_session *s;
	struct list_head *live_mods;
	int ret;

	if (ftrace_is_dead())
		return -ENODEV;
	if (!tr) {
		if (!ops)
			ops = &global_ops;
		tr = ops->private;
	}
	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	if (!ops)
		ops = tr->ops;
	ret = -ENODEV;
	if (WARN_ON_ONCE(!ops))
		goto out_put;
	ftrace_ops_init(ops);

	ret = -ENOMEM;
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		goto out_put;
	s->tr = tr;
	s->ops = ops;
	s->filter = !(flag & FTRACE_ITER_NOTRACE);
	s->trunc = (file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC);
	s->graph = flag & FTRACE_ITER_GRAPH;
	flag &= ~FTRACE_ITER_GRAPH;
	INIT_LIST_HEAD(&s->mods);
	live_mods = tr_mods(tr, s->filter);

	mutex_lock(&ops->func_hash->regex_lock);
	cur = s->filter ? ops->func_hash->filter_hash :
			  ops->func_hash->notrace_hash;
	s->hash = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS,
				   s->trunc ? NULL : cur);
	if (!s->hash)
		goto out_unlock;
	if (file->f_mode & FMODE_WRITE) {
		s->word = kmalloc(FILTER_WORD_MAX + 1, GFP_KERNEL);
		if (!s->word)
			goto out_unlock;
		mutex_lock(&ftrace_lock);
		ret = live_mods && !s->trunc ? mods_copy(&s->mods, live_mods) : 0;
		mutex_unlock(&ftrace_lock);
		s->had_mods = !list_empty(&s->mods);
		if (ret)
			goto out_unlock;
		s->listing.mods = &s->mods;
	} else {
		/* a reader sees the array's own list, under ftrace_lock */
		s->listing.mods = live_mods;
	}
	s->listing.flags = flag;
	/* the commands attached to functions are listed with the filter */
	if (s->filter)
		s->listing.tr = tr;
	s->listing.hash = s->hash;
	s->listing.head = ftrace_hash_empty(s->hash);

	ret = 0;
	if (file->f_mode & FMODE_READ) {
		ret = seq_open(file, &ftrace_listing_seq_ops);
		if (!ret)
			((struct seq_file *)file->private_data)->private = s;
	} else {
		file->private_data = s;
	}
out_unlock:
	mutex_unlock(&ops->func_hash->regex_lock);
	if (!ret)
		return 0;
	session_free(s);
	kfree(s);
out_put:
	trace_array_put(tr);
	return ret;
}

/* Install the session's hash and :mod: list: under regex_lock. */
static void session_install(struct filter_session *s)
{
	struct list_head *live_mods = tr_mods(s->tr, s->filter);
	struct ftrace_hash *hash = s->hash;
	LIST_HEAD(old);

	/*
	 * A filter with functions still to come is not "trace everything".
	 * Without any, the mark stays only on a hash whose last functions
	 * went with their text (hash_without()) and that this session did
	 * not replace: not when ">" started it afresh, not when it has
	 * functions of its own, and not when the session began with
	 * waiting filters and took the last of them out, which is where
	 * the mark came from.
	 */
	if (s->filter && !list_empty(&s->mods))
		hash->flags |= FTRACE_HASH_FL_MOD;
	else if (hash->count || s->trunc || s->had_mods)
		hash->flags &= ~FTRACE_HASH_FL_MOD;

	if (ftrace_ops_set_hash(s->ops, s->filter, hash))
		return;
	s->hash = NULL;
	if (!live_mods)
		return;
	mutex_lock(&ftrace_lock);
	list_splice_init(live_mods, &old);
	list_splice_init(&s->mods, live_mods);
	ftrace_listing_changed();
	mutex_unlock(&ftrace_lock);
	mods_free(&old);
}

int ftrace_regex_release(struct inode *inode, struct file *file)
{
	struct filter_session *s = file_session(file);
	struct ftrace_ops *ops = s->ops;

	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);

	if (file->f_mode & FMODE_WRITE) {
		struct session_edit e;
		int ret = 0;

		mutex_lock(&ops->func_hash->regex_lock);
		/* a last word without white space after it */
		INIT_LIST_HEAD(&e.cmds);
		if (s->word_len) {
			ret = edit_begin(s, &e);
			if (!ret) {
				ret = edit_feed(s, &e, "", 0, true);
				edit_end(s, &e, !ret);
			}
			if (ret)
				s->bad_writes++;
			else
				s->good_writes++;
		}
		/* only failed writes: keep what was there, even with ">" */
		if (s->good_writes || !s->bad_writes)
			session_install(s);
		mutex_unlock(&ops->func_hash->regex_lock);
		/* a close cannot fail: a command's error is lost here */
		commands_run(s, &e.cmds, !ret);
	}
	session_free(s);
	trace_array_put(s->tr);
	kfree(s);
	return 0;
}

static int filter_open(struct inode *inode, struct file *file)
{
	return ftrace_regex_open(inode->i_private, NULL, FTRACE_ITER_FILTER,
				 inode, file);
}

static int notrace_open(struct inode *inode, struct file *file)
{
	return ftrace_regex_open(inode->i_private, NULL, FTRACE_ITER_NOTRACE,
				 inode, file);
}

static loff_t regex_lseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	/* a write-only file has no contents to seek in */
	file->f_pos = 0;
	return 0;
}

static const struct file_operations filter_fops = {
	.open		= filter_open,
	.read		= seq_read,
	.write		= ftrace_filter_write,
	.llseek		= regex_lseek,
	.release	= ftrace_regex_release,
};

static const struct file_operations notrace_fops = {
	.open		= notrace_open,
	.read		= seq_read,
	.write		= ftrace_notrace_write,
	.llseek		= regex_lseek,
	.release	= ftrace_regex_release,
};

/* Every trace array (instances too) has its own filter and notrace files. */
static void filter_files_create(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("set_ftrace_filter", TRACE_MODE_WRITE, dir, tr,
			  &filter_fops);
	trace_create_file("set_ftrace_notrace", TRACE_MODE_WRITE, dir, tr,
			  &notrace_fops);
}

/*
 * An instance goes: its commands go first. This registers after the
 * event layer (core_initcall), so it runs before the event files go.
 */
static void filter_files_remove(struct trace_array *tr)
{
	ftrace_probes_clear(tr);
}

static struct trace_array_client filter_files = {
	.name		= "ftrace_filter_files",
	.create = filter_files_create,
	.remove = filter_files_remove,
};

static int __init ftrace_filter_files_init(void)
{
	return trace_array_client_register(&filter_files);
}
core_initcall(ftrace_filter_files_init);

/* ------------------------------------------------------------------ */
/* Modules that come                                                    */

/* Apply and drop the cached filters of @tr's @filter list for @name. */
static void apply_cached(struct trace_array *tr, bool filter, const char *name)
{
	struct ftrace_ops *ops = tr->ops;
	struct ftrace_mod_entry *me, *n;
	struct list_head *live = tr_mods(tr, filter);
	struct ftrace_hash *hash;
	char *pattern, *mod;
	LIST_HEAD(todo);

	mutex_lock(&ops->func_hash->regex_lock);
	mutex_lock(&ftrace_lock);
	list_for_each_entry_safe(me, n, live, list)
		if (!strcmp(me->module, name))
			list_move_tail(&me->list, &todo);
	ftrace_listing_changed();
	mutex_unlock(&ftrace_lock);
	if (list_empty(&todo))
		goto out;

	hash = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS,
				filter ? ops->func_hash->filter_hash :
					 ops->func_hash->notrace_hash);
	if (!hash)
		goto out_free;
	list_for_each_entry(me, &todo, list) {
		pattern = kstrdup(*me->func ? me->func : "*", GFP_KERNEL);
		mod = kstrdup(me->module, GFP_KERNEL);
		if (pattern && mod)
			ftrace_match_records(hash, pattern, mod);
		kfree(pattern);
		kfree(mod);
	}
	mutex_lock(&ftrace_lock);
	if (filter && list_empty(live) && hash->count)
		hash->flags &= ~FTRACE_HASH_FL_MOD;
	mutex_unlock(&ftrace_lock);
	if (ftrace_ops_set_hash(ops, filter, hash))
		ftrace_hash_free(hash);
out_free:
	mods_free(&todo);
out:
	mutex_unlock(&ops->func_hash->regex_lock);
}

void ftrace_process_cached_mods(const char *name)
{
	struct trace_array *tr;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		if (!tr->ops)
			continue;
		apply_cached(tr, true, name);
		apply_cached(tr, false, name);
	}
	mutex_unlock(&trace_types_lock);
}
