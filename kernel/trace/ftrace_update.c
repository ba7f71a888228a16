// SPDX-License-Identifier: GPL-2.0
/*
 * What every call site must call, and making the text say so.
 *
 * The state of a record has two halves (include/linux/ftrace.h):
 *  - what it wants, recomputed from the active ops whenever an ops
 *    comes, goes or changes its hashes: the number of ops tracing it
 *    (the low bits of flags) and REGS / TRAMP / IPMODIFY / DIRECT;
 *  - what its text does now: ENABLED, REGS_EN, TRAMP_EN, DIRECT_EN, and
 *    (struct ftrace_rec) the exact address the site calls.
 * ftrace_update_all() hands the records to the arch's
 * ftrace_replace_code(), which asks ftrace_test_record() what each site
 * needs, checks the text against ftrace_get_addr_curr() and writes
 * ftrace_get_addr_new(), recording it with ftrace_update_record().
 *
 * A site wants:
 *  - nothing (a NOP) when no active ops traces it;
 *  - the direct trampoline, when only the direct-call ops traces it;
 *  - the trampoline of the one ops that traces it, when it has one;
 *  - otherwise ftrace_regs_caller if any of its ops wants full regs,
 *    else ftrace_caller; both go through the list function.
 * Everything here runs under ftrace_lock.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/memory.h>

#include "ftrace_internal.h"

enum ftrace_bug_type ftrace_bug_type;
const void *ftrace_expected;

/* What ftrace_call calls right now (ftrace_trace_function: what it will). */
static ftrace_func_t ftrace_call_now = ftrace_stub;

/* The active ops that trace one address. */
struct site_users {
	unsigned int		count;
	bool			regs, ipmodify, direct;
	struct ftrace_ops	*last;
};

static void site_users(unsigned long ip, struct site_users *u)
{
	struct ftrace_ops *op;

	*u = (struct site_users) { };
	for_each_ftrace_ops_locked(op) {
		if (!FTRACE_OPS_ACTIVE(op) || !ftrace_ops_test(op, ip))
			continue;
		u->count++;
		u->last = op;
		u->regs |= op->flags & FTRACE_OPS_FL_SAVE_REGS;
		u->ipmodify |= op->flags & FTRACE_OPS_FL_IPMODIFY;
		u->direct |= op->flags & FTRACE_OPS_FL_DIRECT;
	}
}

/* The bits of flags that describe the text, not the wish. */
#define REC_STATE_FLAGS	(FTRACE_FL_ENABLED | FTRACE_FL_REGS_EN |	\
			 FTRACE_FL_TRAMP_EN | FTRACE_FL_DIRECT_EN |	\
			 FTRACE_FL_CALL_OPS_EN | FTRACE_FL_DISABLED |	\
			 FTRACE_FL_TOUCHED | FTRACE_FL_MODIFIED)

/* What @r wants now (see ftrace_recompute_records()). */
static void ftrace_recompute_rec(struct ftrace_rec *r)
{
	unsigned long flags = r->dyn.flags & REC_STATE_FLAGS;
	struct site_users u;

	if (flags & FTRACE_FL_DISABLED) {
		r->dyn.flags = flags;
		return;
	}
	site_users(r->dyn.ip, &u);
	flags |= min_t(unsigned long, u.count, FTRACE_REF_MAX);
	if (u.regs)
		flags |= FTRACE_FL_REGS;
	if (u.ipmodify)
		flags |= FTRACE_FL_IPMODIFY;
	if (u.direct)
		flags |= FTRACE_FL_DIRECT;
	if (u.count == 1 && u.last->trampoline && !u.direct)
		flags |= FTRACE_FL_TRAMP;
	if (u.count)
		flags |= FTRACE_FL_TOUCHED;
	if (u.ipmodify || u.direct)
		flags |= FTRACE_FL_MODIFIED;
	r->dyn.flags = flags;
}

void ftrace_recompute_records(void)
{
	struct ftrace_group *g;
	struct ftrace_rec *r;

	lockdep_assert_held(&ftrace_lock);
	for_each_ftrace_rec(g, r)
		ftrace_recompute_rec(r);
}

/* The one active ops that traces @ip, when exactly one does. */
static struct ftrace_ops *ftrace_rec_single_ops(struct dyn_ftrace *rec)
{
	struct site_users u;

	site_users(rec->ip, &u);
	return u.count == 1 ? u.last : NULL;
}

/* For architectures with per-site ops pointers. */
struct ftrace_ops *ftrace_find_unique_ops(struct dyn_ftrace *rec)
{
	return ftrace_rec_single_ops(rec);
}

/**
 * ftrace_get_addr_new - what the site of @rec is to call
 * @rec: the record
 */
unsigned long ftrace_get_addr_new(struct dyn_ftrace *rec)
{
	struct ftrace_ops *ops;
	unsigned long addr;

	if ((rec->flags & FTRACE_FL_DIRECT) && ftrace_rec_count(rec) == 1) {
		addr = ftrace_direct_addr(rec->ip);
		if (!WARN_ON_ONCE(!addr))
			return addr;
	}
	if (rec->flags & FTRACE_FL_TRAMP) {
		ops = ftrace_rec_single_ops(rec);
		if (!WARN_ON_ONCE(!ops || !ops->trampoline))
			return ops->trampoline;
	}
	return rec->flags & FTRACE_FL_REGS ? FTRACE_REGS_ADDR : FTRACE_ADDR;
}

/**
 * ftrace_get_addr_curr - what the site of @rec calls now
 * @rec: the record of an enabled site
 */
unsigned long ftrace_get_addr_curr(struct dyn_ftrace *rec)
{
	return to_ftrace_rec(rec)->target ?: FTRACE_ADDR;
}

static int rec_transition(struct dyn_ftrace *rec, bool enable, bool update)
{
	struct ftrace_rec *r = to_ftrace_rec(rec);
	unsigned long want = 0;
	int how;

	if (rec->flags & FTRACE_FL_DISABLED)
		return FTRACE_UPDATE_IGNORE;
	if (enable && ftrace_rec_count(rec))
		want = ftrace_get_addr_new(rec);
	if (want == r->target)
		return FTRACE_UPDATE_IGNORE;
	if (!r->target)
		how = FTRACE_UPDATE_MAKE_CALL;
	else if (!want)
		how = FTRACE_UPDATE_MAKE_NOP;
	else
		how = FTRACE_UPDATE_MODIFY_CALL;
	if (!update)
		return how;

	r->target = want;
	rec->flags &= ~(FTRACE_FL_ENABLED | FTRACE_FL_REGS_EN |
			FTRACE_FL_TRAMP_EN | FTRACE_FL_DIRECT_EN);
	if (want) {
		rec->flags |= FTRACE_FL_ENABLED;
		if (rec->flags & FTRACE_FL_REGS)
			rec->flags |= FTRACE_FL_REGS_EN;
		if (rec->flags & FTRACE_FL_TRAMP)
			rec->flags |= FTRACE_FL_TRAMP_EN;
		if ((rec->flags & FTRACE_FL_DIRECT) && ftrace_rec_count(rec) == 1)
			rec->flags |= FTRACE_FL_DIRECT_EN;
	}
	return how;
}

/**
 * ftrace_test_record - what must happen to the site of @rec
 * @rec: the record
 * @enable: false to turn every site off whatever it wants
 *
 * Returns FTRACE_UPDATE_IGNORE, _MAKE_CALL, _MODIFY_CALL or _MAKE_NOP.
 */
int ftrace_test_record(struct dyn_ftrace *rec, bool enable)
{
	return rec_transition(rec, enable, false);
}

/**
 * ftrace_update_record - note that the site of @rec was written
 * @rec: the record
 * @enable: as for ftrace_test_record()
 *
 * Returns what ftrace_test_record() returned before the write.
 */
int ftrace_update_record(struct dyn_ftrace *rec, bool enable)
{
	return rec_transition(rec, enable, true);
}

/**
 * ftrace_modify_all_code - carry out an update (the arch calls this from
 * arch_ftrace_update_code(), with text_mutex held)
 * @command: FTRACE_UPDATE_CALLS or FTRACE_DISABLE_CALLS, and
 *	     FTRACE_UPDATE_TRACE_FUNC when ftrace_call changes
 *
 * ftrace_call is pointed at the list function before any site can reach
 * a caller, and back at ftrace_stub only after the last site is gone.
 */
void ftrace_modify_all_code(int command)
{
	bool to_list = (command & FTRACE_UPDATE_TRACE_FUNC) &&
		       ftrace_trace_function != ftrace_stub;

	if (to_list)
		ftrace_update_ftrace_func(ftrace_trace_function);
	if (command & FTRACE_UPDATE_CALLS)
		ftrace_replace_code(1);
	else if (command & FTRACE_DISABLE_CALLS)
		ftrace_replace_code(0);
	if ((command & FTRACE_UPDATE_TRACE_FUNC) && !to_list)
		ftrace_update_ftrace_func(ftrace_trace_function);
	ftrace_call_now = ftrace_trace_function;
}

static bool any_ops(void)
{
	struct ftrace_ops *op;

	for_each_ftrace_ops_locked(op)
		if (!(op->flags & FTRACE_OPS_FL_STUB))
			return true;
	return false;
}

void ftrace_update_all(void)
{
	int command;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_is_dead())
		return;
	command = ftrace_enabled ? FTRACE_UPDATE_CALLS : FTRACE_DISABLE_CALLS;
	ftrace_trace_function = ftrace_enabled && any_ops() ?
				arch_ftrace_ops_list_func : ftrace_stub;
	if (ftrace_trace_function != ftrace_call_now)
		command |= FTRACE_UPDATE_TRACE_FUNC;

	ftrace_arch_code_modify_prepare();
	arch_ftrace_update_code(command);
	ftrace_arch_code_modify_post_process();
}

/*
 * Would @ops, tracing what @filter and @exclude say, share a site with
 * another active ops that also changes the IP? Two such callbacks cannot
 * both have their way. Returns 0 or -EBUSY.
 */
int ftrace_check_ipmodify(struct ftrace_ops *ops, struct ftrace_hash *filter,
			  struct ftrace_hash *exclude)
{
	struct ftrace_group *g;
	struct ftrace_rec *r;
	struct ftrace_ops *op;

	if (!(ops->flags & FTRACE_OPS_FL_IPMODIFY))
		return 0;
	lockdep_assert_held(&ftrace_lock);
	for_each_ftrace_rec(g, r) {
		unsigned long ip = r->dyn.ip;

		if (!(r->dyn.flags & FTRACE_FL_IPMODIFY) ||
		    (r->dyn.flags & FTRACE_FL_DISABLED))
			continue;
		if ((!ftrace_hash_empty(filter) && !ftrace_lookup_ip(filter, ip)) ||
		    ftrace_lookup_ip(exclude, ip))
			continue;
		for_each_ftrace_ops_locked(op)
			if (op != ops && FTRACE_OPS_ACTIVE(op) &&
			    (op->flags & FTRACE_OPS_FL_IPMODIFY) &&
			    ftrace_ops_test(op, ip))
				return -EBUSY;
	}
	return 0;
}

#ifdef CONFIG_MODULES
/*
 * @mod is about to run: its records become usable, and the sites that
 * registered ops (and :mod: filters) want are turned on before its init
 * function runs.
 */
void ftrace_update_module(struct module *mod)
{
	struct ftrace_group *g;
	struct ftrace_rec *r;
	bool batch = false;

	mutex_lock(&ftrace_lock);
	if (ftrace_is_dead())
		goto out;
	for_each_ftrace_group(g) {
		if (g->mod != mod)
			continue;
		for (r = g->recs; r < g->recs + g->nr; r++) {
			if (!ftrace_rec_valid(&r->dyn))
				continue;
			r->dyn.flags &= ~FTRACE_FL_DISABLED;
			ftrace_recompute_rec(r);
			if (!ftrace_enabled || !ftrace_rec_count(&r->dyn))
				continue;
			if (!batch) {
				ftrace_arch_code_modify_prepare();
				batch = true;
			}
			switch (ftrace_update_record(&r->dyn, 1)) {
			case FTRACE_UPDATE_MAKE_CALL:
				if (ftrace_make_call(&r->dyn, r->target)) {
					ftrace_bug_type = FTRACE_BUG_CALL;
					ftrace_bug(-EINVAL, &r->dyn);
				}
				break;
			default:
				break;
			}
		}
	}
	if (batch)
		ftrace_arch_code_modify_post_process();
out:
	mutex_unlock(&ftrace_lock);
}
#endif /* CONFIG_MODULES */

/* ------------------------------------------------------------------ */
/* When a site is not what it should be                                */

static void print_bytes(const char *what, const u8 *p)
{
	u8 b[MCOUNT_INSN_SIZE];

	if (copy_from_kernel_nofault(b, p, sizeof(b))) {
		pr_info(" %s: (unreadable)\n", what);
		return;
	}
	pr_info(" %s: %*ph\n", what, (int)sizeof(b), b);
}

/**
 * ftrace_bug - report a site that could not be changed, and stop
 * @err: what the arch returned (-EFAULT, -EINVAL, -EPERM, ...)
 * @rec: the record
 *
 * A site whose text is not what its record says means our view of the
 * kernel text is wrong; patching on would be a gamble. Function tracing
 * is switched off for good (ftrace_kill()).
 */
void ftrace_bug(int err, struct dyn_ftrace *rec)
{
	unsigned long ip = rec ? rec->ip : 0;
	static const char * const kinds[] = {
		[FTRACE_BUG_UNKNOWN]	= "unknown",
		[FTRACE_BUG_INIT]	= "first NOP",
		[FTRACE_BUG_NOP]	= "making a NOP",
		[FTRACE_BUG_CALL]	= "making a call",
		[FTRACE_BUG_UPDATE]	= "changing a call",
	};

	pr_err("cannot patch the call site at %pS: %s\n", (void *)ip,
	       err == -EFAULT ? "cannot read it" :
			   err == -EINVAL ? "unexpected contents" :
			   err == -EPERM ? "cannot write it" : "error");
	if (ip) {
		print_bytes("found   ", (const u8 *)ip);
		if (ftrace_expected)
			print_bytes("expected", ftrace_expected);
	}
	if (rec)
		pr_err(" while %s; record flags %lx, calling %pS\n",
		       ftrace_bug_type < ARRAY_SIZE(kinds) ?
		       kinds[ftrace_bug_type] : "?", rec->flags,
		       (void *)to_ftrace_rec(rec)->target);
	ftrace_kill();
	WARN_ONCE(1, "ftrace: function tracing is off for good\n");
}
