// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe events: "p" and "r" probe points (trace_probe.h) on kernel
 * text through kernel/kprobes.c, with kprobe_events (theirs alone),
 * their lines in dynamic_events, and kprobe_profile.
 *
 * A point's kprobe (a kretprobe for "r") is registered disabled when the
 * point is made and enabled while its event has a user: a definition
 * checks then that the place can be probed. A probe on a module that is
 * not loaded waits for it (its kprobe registered when it comes).
 */
#include <linux/error-injection.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/tracefs.h>

#include <asm/setup.h>

#include "bpf_trace_internal.h"
#include "trace.h"
#include "trace_events_internal.h"
#include "trace_probe.h"
#include "trace_probe_fetch.h"

struct trace_kprobe {
	struct probe_point	pt;
	/* rp.kp is the kprobe, of a "p" as of an "r" */
	struct kretprobe	rp;
	unsigned long __percpu	*nhit;
	/* its kprobe is registered (not: its module is not loaded yet) */
	bool			registered;
	/* an "r" fetching $argN keeps the registers of the entry */
	bool			entry_regs;
};

static struct dyn_event_ops kprobe_dyn_ops;

static struct trace_kprobe *tk_of_pt(struct probe_point *pt)
{
	return container_of(pt, struct trace_kprobe, pt);
}

static struct trace_kprobe *tk_of_dyn(struct dyn_event *ev)
{
	return tk_of_pt(container_of(ev, struct probe_point, dyn));
}

/* ---------------------------------------------------------------- */
/* Hits                                                                */

#ifdef CONFIG_BPF_EVENTS
/*
 * A hit of an event that only perf has open, with BPF programs on it:
 * the usual BPF kprobe (the kprobe PMU's). The programs run straight
 * from the hit's registers, without the general path's fetch context
 * and its preemption guard (a kprobe handler runs with preemption off);
 * that path runs only to record a hit the programs kept for a perf event
 * of this CPU. false: the event has other users, take the general path.
 */
static bool kprobe_hit_bpf(struct trace_kprobe *tk, struct pt_regs *regs)
{
	struct probe_event *pev = tk->pt.pev;
	struct probe_fetch_ctx ctx = { .regs = regs, .bpf = PROBE_BPF_KEEP };
	unsigned long ip = instruction_pointer(regs);

	if (READ_ONCE(pev->flags) != PROBE_EV_PERF ||
	    !bpf_prog_array_valid(&pev->call))
		return false;
	/* a program that overrode the function keeps perf's record from it */
	if (!trace_call_bpf(&pev->call, regs) ||
	    instruction_pointer(regs) != ip ||
	    hlist_empty(this_cpu_ptr(pev->call.perf_events)))
		return true;
	probe_event_hit_perf(&tk->pt, &ctx, (unsigned long)tk->rp.kp.addr, 0);
	return true;
}
#else
static bool kprobe_hit_bpf(struct trace_kprobe *tk, struct pt_regs *regs)
{
	return false;
}
#endif

static int kprobe_hit(struct kprobe *kp, struct pt_regs *regs)
{
	struct trace_kprobe *tk = container_of(kp, struct trace_kprobe, rp.kp);
	unsigned long ip = instruction_pointer(regs);

	raw_cpu_inc(*tk->nhit);
	if (!kprobe_hit_bpf(tk, regs))
		probe_event_hit(&tk->pt, regs, (unsigned long)kp->addr, 0);
	/*
	 * A BPF program overrode the function (bpf_override_return()):
	 * it returns from where regs now point, without the probed
	 * instruction being single-stepped.
	 */
	return instruction_pointer(regs) != ip;
}

NOKPROBE_SYMBOL(kprobe_hit);

static int kretprobe_entry(struct kretprobe_instance *ri,
			   struct pt_regs *regs)
{
	memcpy(ri->data, regs, sizeof(*regs));
	return 0;
}

NOKPROBE_SYMBOL(kretprobe_entry);

static int kretprobe_hit(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct probe_fetch_ctx ctx = { .regs = regs };
	struct trace_kprobe *tk;
	struct pt_regs entry;

	if (unlikely(!rp))
		return 0;
	tk = container_of(rp, struct trace_kprobe, rp);
	raw_cpu_inc(*tk->nhit);
	/*
	 * $argN at a return are the function's arguments at its entry:
	 * the entry's registers, with the return value in them. perf and
	 * BPF still get the registers of the return.
	 */
	if (tk->entry_regs) {
		memcpy(&entry, ri->data, sizeof(entry));
		regs_set_return_value(&entry, regs_return_value(regs));
		ctx.regs = &entry;
		ctx.hit_regs = regs;
	}
	probe_event_hit_from(&tk->pt, &ctx, (unsigned long)rp->kp.addr,
			     get_kretprobe_retaddr(ri));
	return 0;
}

NOKPROBE_SYMBOL(kretprobe_hit);

/* ---------------------------------------------------------------- */
/* The event's users: every point armed while it has one               */

static int tk_enable(struct trace_kprobe *tk)
{
	if (!tk->registered || kprobe_gone(&tk->rp.kp))
		return 0;
	return tk->pt.cmd.is_return ? enable_kretprobe(&tk->rp) :
				      enable_kprobe(&tk->rp.kp);
}

static void tk_disable(struct trace_kprobe *tk)
{
	if (!tk->registered)
		return;
	if (tk->pt.cmd.is_return)
		disable_kretprobe(&tk->rp);
	else
		disable_kprobe(&tk->rp.kp);
}

static int kprobe_arm(struct probe_event *pev)
{
	struct probe_point *pt;
	int ret;

	list_for_each_entry(pt, &pev->points, list) {
		ret = tk_enable(tk_of_pt(pt));
		if (ret)
			goto undo;
	}
	return 0;
undo:
	list_for_each_entry_continue_reverse(pt, &pev->points, list)
		tk_disable(tk_of_pt(pt));
	return ret;
}

static void kprobe_disarm(struct probe_event *pev)
{
	struct probe_point *pt;

	list_for_each_entry(pt, &pev->points, list)
		tk_disable(tk_of_pt(pt));
}

static const struct probe_kind_ops kprobe_kind_ops = {
	.log_loc	= "trace_kprobe",
	.call_flags	= TRACE_EVENT_FL_KPROBE,
	.arm		= kprobe_arm,
	.disarm		= kprobe_disarm,
	.print_head	= probe_print_head_ksym,
};

/* ---------------------------------------------------------------- */
/* Where a definition probes                                           */

static const struct probe_arg_env kprobe_env = {
	.reg_offset	= regs_query_register_offset,
	.symbol		= probe_kernel_symbol,
	.stack_words	= THREAD_SIZE / sizeof(long),
};

static int count_one(void *data, unsigned long addr)
{
	(*(unsigned int *)data)++;
	return 0;
}

static int count_one_in_module(void *data, const char *name,
			       unsigned long addr)
{
	struct { const char *name; unsigned int n; } *c = data;

	if (!strcmp(name, c->name))
		c->n++;
	return 0;
}

/* How many symbols are called @sym: in @mod, or anywhere if NULL. */
static unsigned int count_symbols(const char *mod, const char *sym)
{
	struct { const char *name; unsigned int n; } c = { sym, 0 };

	if (!mod)
		kallsyms_on_each_match_symbol(count_one, sym, &c.n);
	module_kallsyms_on_each_symbol(mod, count_one_in_module, &c);
	return c.n;
}

static bool module_loaded(const char *name)
{
	struct module *mod;

	/* the module list is read under RCU-sched (or module_mutex) */
	guard(preempt)();
	mod = find_module(name);
	return mod && mod->state != MODULE_STATE_UNFORMED;
}

/* "MOD:SYM": MOD into @mod (@size bytes), and SYM; or NULL and @sym */
static const char *split_module(const char *sym, char *mod, size_t size)
{
	const char *colon = strchr(sym, ':');

	if (!colon || colon - sym >= size)
		return NULL;
	memcpy(mod, sym, colon - sym);
	mod[colon - sym] = '\0';
	return colon + 1;
}

/*
 * Check the symbol of @cmd as the reference does before it registers:
 * 0 and the argument context in *@ctx, or -errno with @e set. *@later:
 * its module is not loaded, the probe waits for it.
 */
static int check_place(struct probe_cmd *cmd, unsigned int *ctx, bool *later,
		       struct probe_cmd_err *e)
{
	char mod[MODULE_NAME_LEN];
	const char *sym;
	unsigned int n;
	bool entry;

	*later = false;
	*ctx = PROBE_CTX_KERNEL;
	if (cmd->is_addr)
		return 0;
	sym = split_module(cmd->symbol, mod, sizeof(mod));
	if (sym && !module_loaded(mod)) {
		*later = true;
		if (cmd->is_return)
			*ctx |= PROBE_CTX_RETURN;
		return 0;
	}
	n = count_symbols(sym ? mod : NULL, sym ? sym : cmd->symbol);
	if (!n) {
		*e = (struct probe_cmd_err){ .err = PERR_BAD_PROBE_ADDR,
					     .word = 1, .errno_ = ENOENT };
		return -ENOENT;
	}
	if (n > 1) {
		*e = (struct probe_cmd_err){ .err = PERR_NON_UNIQ_SYMBOL,
					     .word = 1, .errno_ = EADDRNOTAVAIL };
		return -EADDRNOTAVAIL;
	}
	entry = !kprobe_on_func_entry(NULL, cmd->symbol, cmd->offset);
	if (cmd->is_return && !entry) {
		*e = (struct probe_cmd_err){ .err = PERR_BAD_RETPROBE,
					     .word = 1, .errno_ = EINVAL };
		return -EINVAL;
	}
	if (cmd->is_return)
		*ctx |= PROBE_CTX_RETURN;
	else if (entry)
		*ctx |= PROBE_CTX_ENTRY;
	return 0;
}

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * A function the function tracer may not trace (notrace) is not probed
 * either: without an ftrace site it may be the tracer's own, or run
 * where a probe would recurse.
 */
static bool in_notrace_function(unsigned long addr)
{
	unsigned long size, off;

	if (!kallsyms_lookup_size_offset(addr, &size, &off))
		return false;
	return !ftrace_location_range(addr - off, addr - off + size - 1);
}
#else
static bool in_notrace_function(unsigned long addr)
{
	return false;
}
#endif

/* Register @tk's kprobe, disabled: 0 or -errno. */
static int tk_register(struct trace_kprobe *tk)
{
	struct kprobe *kp = &tk->rp.kp;
	unsigned long addr;
	int ret;

	/* the kprobe is filled anew each time: kprobes wrote into it */
	if (tk->pt.cmd.is_addr) {
		kp->addr = (kprobe_opcode_t *)tk->pt.cmd.addr;
	} else {
		kp->addr = NULL;
		kp->symbol_name = tk->pt.cmd.symbol;
		kp->offset = tk->pt.cmd.offset;
	}
	kp->flags = KPROBE_FLAG_DISABLED;
	addr = tk->pt.cmd.addr;
	if (!tk->pt.cmd.is_addr) {
		addr = kallsyms_lookup_name(tk->pt.cmd.symbol);
		addr = addr ? addr + tk->pt.cmd.offset : 0;
	}
	if (addr && in_notrace_function(addr)) {
		pr_warn("Could not probe notrace function %ps\n", (void *)addr);
		return -EINVAL;
	}
	if (tk->pt.cmd.is_return) {
		tk->rp.handler = kretprobe_hit;
		tk->rp.maxactive = tk->pt.cmd.maxactive;
		if (tk->entry_regs) {
			tk->rp.entry_handler = kretprobe_entry;
			tk->rp.data_size = sizeof(struct pt_regs);
		}
		ret = register_kretprobe(&tk->rp);
	} else {
		kp->pre_handler = kprobe_hit;
		ret = register_kprobe(kp);
	}
	tk->registered = !ret;
	return ret;
}

static void tk_unregister(struct trace_kprobe *tk)
{
	if (!tk->registered)
		return;
	if (tk->pt.cmd.is_return)
		unregister_kretprobe(&tk->rp);
	else
		unregister_kprobe(&tk->rp.kp);
	tk->registered = false;
	/* kprobes keeps state in it: a later registration starts clean */
	memset(&tk->rp.kp, 0, sizeof(tk->rp.kp));
}

static void tk_free(struct trace_kprobe *tk)
{
	probe_point_free_args(&tk->pt);
	free_percpu(tk->nhit);
	kfree(tk);
}

/* ---------------------------------------------------------------- */
/* Definitions                                                         */

/* The arguments, named after the function's BTF where it has one. */
static int kprobe_parse_args(struct trace_kprobe *tk, int argc,
			     const char **argv, unsigned int ctx,
			     struct probe_cmd_err *e)
{
	struct probe_btf btf = { .func = tk->pt.cmd.symbol };
	struct probe_arg_env env = kprobe_env;
	int ret;

	if (!tk->pt.cmd.is_addr)
		probe_env_with_btf(&env, &btf);
	ret = probe_point_parse_args(&tk->pt, argc, argv, 2, ctx, &env, e);
	probe_btf_release(&btf);
	return ret;
}

static int kprobe_define(int argc, const char **argv, struct probe_cmd_err *e)
{
	struct trace_kprobe *tk;
	unsigned int ctx;
	bool later;
	int ret;

	tk = kzalloc(sizeof(*tk), GFP_KERNEL);
	if (!tk)
		return -ENOMEM;
	tk->nhit = alloc_percpu(unsigned long);
	if (!tk->nhit) {
		kfree(tk);
		return -ENOMEM;
	}
	ret = probe_cmd_parse(PROBE_KPROBE, argc, argv, &tk->pt.cmd, e);
	if (ret)
		goto fail;
	ret = check_place(&tk->pt.cmd, &ctx, &later, e);
	if (ret)
		goto fail;
	probe_cmd_default_names(&tk->pt.cmd);
	/* too many arguments: refused, and nothing logged */
	if (argc - 2 > PROBE_ARGS_MAX) {
		e->err = PERR_NONE;
		ret = -E2BIG;
		goto fail;
	}
	ret = kprobe_parse_args(tk, argc, argv, ctx, e);
	if (ret)
		goto fail;
	tk->entry_regs = tk->pt.cmd.is_return && probe_point_fetches_args(&tk->pt);

	ret = probe_point_register(&tk->pt, &kprobe_kind_ops, e);
	if (ret)
		goto fail;
	ret = tk_register(tk);
	if (ret == -ENOENT && later) {
		pr_warn("This probe might be able to register after target module is loaded. Continue.\n");
		ret = 0;
	}
	if (ret) {
		*e = (struct probe_cmd_err){ .word = 1, .errno_ = -ret };
		if (ret == -EILSEQ)
			e->err = PERR_BAD_INSN_BNDRY;
		else if (ret == -ENOENT)
			e->err = PERR_BAD_PROBE_ADDR;
		else if (ret != -ENOMEM && ret != -EEXIST)
			e->err = PERR_FAIL_REG_PROBE;
		else
			e->err = PERR_NONE;
		WARN_ON(probe_event_detach(&tk->pt));
		goto fail;
	}
	/* a point added to an event in use is armed at once */
	if (tk->pt.pev->flags) {
		ret = tk_enable(tk);
		if (ret) {
			tk_unregister(tk);
			WARN_ON(probe_event_detach(&tk->pt));
			e->err = PERR_NONE;
			goto fail;
		}
	}
	dyn_event_add(&tk->pt.dyn, &kprobe_dyn_ops);
	return 0;
fail:
	tk_free(tk);
	return ret;
}

/* A definition: -ECANCELED when it is not a kprobe's. */
static int kprobe_create(int argc, const char **argv)
{
	struct probe_cmd_err e = { .err = PERR_NONE };
	int ret;

	if (probe_cmd_kind(argc, argv) != PROBE_KPROBE)
		return -ECANCELED;
	ret = kprobe_define(argc, argv, &e);
	if (ret && e.err != PERR_NONE)
		probe_log_err(kprobe_kind_ops.log_loc, argc, argv, &e);
	return ret;
}

static int kprobe_free(struct dyn_event *ev)
{
	struct trace_kprobe *tk = tk_of_dyn(ev);
	struct probe_event *pev = tk->pt.pev;

	/* the last point of an event in use stays (and so does the event) */
	if (list_is_singular(&pev->points) && probe_event_busy(pev))
		return -EBUSY;
	/* no hit may still be on its way through the point */
	tk_unregister(tk);
	if (WARN_ON(probe_event_detach(&tk->pt)))
		return -EBUSY;
	dyn_event_del(ev);
	tk_free(tk);
	return 0;
}

/*
 * An "r" lists the maxactive its kretprobe runs with: the one given, or,
 * once registered, the default kprobes chose for it (as the reference
 * lists it, "r10:" and such). Before it is first registered (its module
 * not loaded yet) that is the one given, none when none was.
 */
static int kprobe_show(struct seq_file *m, struct dyn_event *ev)
{
	struct trace_kprobe *tk = tk_of_dyn(ev);
	struct probe_cmd cmd = tk->pt.cmd;

	if (cmd.is_return && tk->rp.maxactive > 0)
		cmd.maxactive = tk->rp.maxactive;
	return probe_point_show(m, &tk->pt, &cmd);
}

static struct dyn_event_ops kprobe_dyn_ops = {
	.order		= 2,
	.create		= kprobe_create,
	.show		= kprobe_show,
	.is_busy	= probe_dyn_busy,
	.free		= kprobe_free,
	.match		= probe_dyn_match,
};

/* ---------------------------------------------------------------- */
/* perf's kprobe PMU: an event of its own, in no array                 */

struct trace_event_call *trace_kprobe_local(const char *func, void *addr,
					    unsigned long offs, bool is_return)
{
	struct trace_kprobe *tk;
	struct probe_cmd *cmd;
	int ret;

	tk = kzalloc(sizeof(*tk), GFP_KERNEL);
	if (!tk)
		return ERR_PTR(-ENOMEM);
	tk->nhit = alloc_percpu(unsigned long);
	if (!tk->nhit) {
		kfree(tk);
		return ERR_PTR(-ENOMEM);
	}
	cmd = &tk->pt.cmd;
	cmd->kind = PROBE_KPROBE;
	cmd->is_return = is_return;
	strscpy(cmd->group, "kprobes", sizeof(cmd->group));
	if (func) {
		if (strscpy(cmd->symbol, func, sizeof(cmd->symbol)) < 0) {
			ret = -E2BIG;
			goto fail;
		}
		cmd->offset = offs;
		strscpy(cmd->event, func, sizeof(cmd->event));
	} else {
		cmd->is_addr = true;
		cmd->addr = (unsigned long)addr;
		strscpy(cmd->event, "DUMMY_EVENT", sizeof(cmd->event));
	}
	if (is_return && !cmd->is_addr &&
	    kprobe_on_func_entry(NULL, cmd->symbol, cmd->offset)) {
		ret = -EINVAL;
		goto fail;
	}
	mutex_lock(&event_mutex);
	ret = probe_event_local(&tk->pt, &kprobe_kind_ops);
	if (!ret) {
		ret = tk_register(tk);
		if (ret)
			probe_event_local_free(&tk->pt);
	}
	mutex_unlock(&event_mutex);
	if (ret)
		goto fail;
	return &tk->pt.pev->call;
fail:
	tk_free(tk);
	return ERR_PTR(ret);
}

void trace_kprobe_local_free(struct trace_event_call *call)
{
	struct probe_event *pev = container_of(call, struct probe_event, call);
	struct trace_kprobe *tk;

	tk = tk_of_pt(list_first_entry(&pev->points, struct probe_point, list));
	tk_unregister(tk);
	mutex_lock(&event_mutex);
	probe_event_local_free(&tk->pt);
	mutex_unlock(&event_mutex);
	tk_free(tk);
}

/* ---------------------------------------------------------------- */
/* What BPF asks of a kprobe event                                     */

/* @call is a kprobe event's (TRACE_EVENT_FL_KPROBE): its first point. */
static struct trace_kprobe *tk_of_call(struct trace_event_call *call)
{
	struct probe_event *pev = container_of(call, struct probe_event, call);

	return tk_of_pt(list_first_entry(&pev->points, struct probe_point,
					 list));
}

static unsigned long tk_missed(struct trace_kprobe *tk)
{
	unsigned long missed = tk->rp.kp.nmissed;

	/* a return probe also misses when its instances run out */
	if (tk->pt.cmd.is_return)
		missed += tk->rp.nmissed;
	return missed;
}

/* The probe is at a function's entry: where an override may return. */
bool trace_kprobe_on_func_entry(struct trace_event_call *call)
{
	struct trace_kprobe *tk = tk_of_call(call);

	if (tk->pt.cmd.is_addr)
		return !kprobe_on_func_entry((kprobe_opcode_t *)tk->pt.cmd.addr,
					     NULL, 0);
	return !kprobe_on_func_entry(NULL, tk->pt.cmd.symbol,
				     tk->pt.cmd.offset);
}

/* The function opted in to having its errors injected. */
bool trace_kprobe_error_injectable(struct trace_event_call *call)
{
	struct trace_kprobe *tk = tk_of_call(call);
	unsigned long addr = tk->pt.cmd.addr;

	if (!tk->pt.cmd.is_addr) {
		addr = kallsyms_lookup_name(tk->pt.cmd.symbol);
		if (!addr)
			return false;
		addr += tk->pt.cmd.offset;
	}
	return within_error_injection_list(addr);
}

#ifdef CONFIG_PERF_EVENTS
/* For bpftool and the perf link's info: where the probe is. */
int bpf_get_kprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **symbol, u64 *probe_offset,
			u64 *probe_addr, unsigned long *missed,
			bool perf_type_tracepoint)
{
	struct trace_kprobe *tk = tk_of_call(event->tp_event);

	*fd_type = tk->pt.cmd.is_return ? BPF_FD_TYPE_KRETPROBE :
					  BPF_FD_TYPE_KPROBE;
	*symbol = tk->pt.cmd.is_addr ? NULL : tk->pt.cmd.symbol;
	*probe_offset = tk->pt.cmd.is_addr ? 0 : tk->pt.cmd.offset;
	/* an address tells where the kernel is: only to who may know */
	*probe_addr = kallsyms_show_value(current_cred()) ?
		      (unsigned long)tk->rp.kp.addr : 0;
	if (missed)
		*missed = tk_missed(tk);
	return 0;
}
#endif

/* ---------------------------------------------------------------- */
/* kprobe_events and kprobe_profile                                    */

static int kprobe_profile_show(struct seq_file *m, struct dyn_event *ev)
{
	struct trace_kprobe *tk = tk_of_dyn(ev);
	unsigned long hits = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		hits += *per_cpu_ptr(tk->nhit, cpu);
	seq_printf(m, "  %-44s %15lu %15lu\n", tk->pt.cmd.event, hits,
		   tk_missed(tk));
	return 0;
}

static int kprobe_profile_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	return dyn_events_seq_open(file, &kprobe_dyn_ops, kprobe_profile_show);
}

static const struct file_operations kprobe_profile_fops = {
	.owner		= THIS_MODULE,
	.open		= kprobe_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/* ---------------------------------------------------------------- */
/* Modules                                                             */

/* Is @tk's symbol "<mod>:..."? */
static bool tk_in_module(struct trace_kprobe *tk, struct module *mod)
{
	size_t len = strlen(mod->name);

	return !tk->pt.cmd.is_addr &&
	       !strncmp(tk->pt.cmd.symbol, mod->name, len) &&
	       tk->pt.cmd.symbol[len] == ':';
}

static void tk_module_coming(struct dyn_event *ev, void *data)
{
	struct trace_kprobe *tk = tk_of_dyn(ev);
	struct probe_point *pt = &tk->pt;
	struct module *mod = data;
	int ret;

	if (!tk_in_module(tk, mod))
		return;
	tk_unregister(tk);
	ret = count_symbols(mod->name, strchr(pt->cmd.symbol, ':') + 1) == 1 ?
	      tk_register(tk) : -ENOENT;
	if (!ret && pt->pev->flags)
		ret = tk_enable(tk);
	if (ret)
		pr_warn("Failed to re-register probe %s on %s: %d\n",
			pt->cmd.event, mod->name, ret);
}

/* A module came: the probes written as "MOD:SYM" on it are registered. */
static void kprobe_module_coming(struct module *mod)
{
	mutex_lock(&event_mutex);
	dyn_events_for_each(&kprobe_dyn_ops, tk_module_coming, mod);
	mutex_unlock(&event_mutex);
}

static int kprobe_module_notify(struct notifier_block *nb, unsigned long val,
				void *data)
{
	if (val == MODULE_STATE_COMING)
		kprobe_module_coming(data);
	return NOTIFY_DONE;
}

static struct notifier_block kprobe_module_nb = {
	.notifier_call	= kprobe_module_notify,
	/*
	 * After kprobes' own notifier (priority 0; higher runs first) has
	 * added the module's functions to its blacklist.
	 */
	.priority	= -1,
};

/* ---------------------------------------------------------------- */
/* kprobe_event=: definitions at boot, enabled in the top level         */

static char kprobe_boot_cmds[COMMAND_LINE_SIZE] __initdata;

static __init int kprobe_boot_param(char *str)
{
	strscpy(kprobe_boot_cmds, str, sizeof(kprobe_boot_cmds));
	return 1;
}
__setup("kprobe_event=", kprobe_boot_param);

struct boot_names {
	unsigned int n, max;
	struct probe_cmd *cmds;
};

static __init void boot_name(struct dyn_event *ev, void *data)
{
	struct boot_names *b = data;

	if (b->n < b->max)
		b->cmds[b->n++] = tk_of_dyn(ev)->pt.cmd;
}

/*
 * "kprobe_event=DEF[;DEF...]", each definition with ',' for its blanks.
 * A bad one is reported and skipped; the events made are enabled.
 */
static __init int kprobe_boot_events(void)
{
	struct boot_names b = { .max = 64 };
	char *cmd = kprobe_boot_cmds, *next;
	unsigned int i;
	int ret;

	if (!cmd[0])
		return 0;
	for (; cmd && cmd[0]; cmd = next) {
		next = strchr(cmd, ';');
		if (next)
			*next++ = '\0';
		strreplace(cmd, ',', ' ');
		mutex_lock(&trace_types_lock);
		mutex_lock(&event_mutex);
		ret = probe_cmd_run(cmd, dyn_events_run, &kprobe_dyn_ops);
		mutex_unlock(&event_mutex);
		mutex_unlock(&trace_types_lock);
		if (ret)
			pr_warn("Failed to add event(%d): %s\n", ret, cmd);
	}
	/* switched on by name, which takes event_mutex itself */
	b.cmds = kcalloc(b.max, sizeof(*b.cmds), GFP_KERNEL);
	if (!b.cmds)
		return -ENOMEM;
	mutex_lock(&event_mutex);
	dyn_events_for_each(&kprobe_dyn_ops, boot_name, &b);
	mutex_unlock(&event_mutex);
	for (i = 0; i < b.n; i++)
		if (trace_set_clr_event(b.cmds[i].group, b.cmds[i].event, 1))
			pr_warn("Failed to enable event %s/%s\n",
				b.cmds[i].group, b.cmds[i].event);
	kfree(b.cmds);
	return 0;
}
fs_initcall(kprobe_boot_events);

/* The files are the top level's alone, as upstream's. */
static void kprobe_files_create(struct trace_array *tr, struct dentry *dir)
{
	if (!(tr->flags & TRACE_ARRAY_FL_GLOBAL))
		return;
	trace_create_file("kprobe_events", TRACE_MODE_WRITE, dir,
			  &kprobe_dyn_ops, &dyn_events_fops);
	trace_create_file("kprobe_profile", TRACE_MODE_READ, dir, NULL,
			  &kprobe_profile_fops);
}

static struct trace_array_client kprobe_files = {
	.name	= "kprobe_events",
	.create	= kprobe_files_create,
};

static __init int kprobe_events_init(void)
{
	int ret;

	ret = dyn_event_register(&kprobe_dyn_ops);
	if (ret)
		return ret;
	if (register_module_notifier(&kprobe_module_nb))
		pr_warn("kprobe events will not follow module loads\n");
	return trace_array_client_register(&kprobe_files);
}
early_initcall(kprobe_events_init);
