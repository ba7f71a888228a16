// SPDX-License-Identifier: GPL-2.0
/*
 * fprobe events: "f" probe points (trace_probe.h) on the entry or the exit
 * of kernel functions, and "t" points on tracepoints, both through an
 * fprobe (fprobe.c) over the function tracer. They are made through
 * dynamic_events alone.
 *
 * An "f" point's fprobe probes the functions its place names (a name, or
 * a glob as set_ftrace_filter takes it); an "f ...%return" one hooks
 * their returns as well, and fetches $argN there from the registers the
 * entry saved.
 *
 * A "t" point probes a tracepoint without a trace event of its own: the
 * tracepoint's stub (__probestub_<tp>, a function of the tracepoint's
 * prototype that does nothing) is added to the tracepoint as a probe,
 * and the fprobe is on the stub, where $argN are the tracepoint's
 * arguments (the stub's first, the probe's data, is skipped). Each point
 * adds the stub with itself as the data, so that points on one
 * tracepoint come and go independently; each point's fprobe then sees
 * every point's call of the stub and takes only its own.
 *
 * A point's fprobe is registered only while its event has a user, so a
 * probe that is defined but not enabled costs the probed functions
 * nothing. A definition checks that its place can be probed then.
 *
 * A tracepoint of a module that is not loaded is waited for: its point
 * is made, and probes it when the module comes (until it goes again).
 * An "f" point on functions of a module lets go of them when the module
 * goes (its fprobe would keep their addresses) and takes them again when
 * the module is loaded again.
 */
#define pr_fmt(fmt) "trace_fprobe: " fmt

#include <linux/fprobe.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "trace_events_internal.h"
#include "trace_probe.h"

struct trace_fprobe {
	struct probe_point	pt;
	struct fprobe		fp;
	/* a "t" point's tracepoint; NULL while its module is not loaded */
	struct tracepoint	*tpoint;
	/* the module the tracepoint is in, NULL for the kernel's own */
	struct module		*mod;
	/* the fprobe (and for "t", the stub) is registered */
	bool			armed;
	/* it was once, with an exit handler: see tf_free() */
	bool			had_exits;
	/* an "f" point let go of its functions when a module went */
	bool			waiting;
	/* an exit fetching $argN keeps the registers of the entry */
	bool			entry_regs;
};

static struct dyn_event_ops fprobe_dyn_ops;

static struct trace_fprobe *tf_of_pt(struct probe_point *pt)
{
	return container_of(pt, struct trace_fprobe, pt);
}

static struct trace_fprobe *tf_of_dyn(struct dyn_event *ev)
{
	return tf_of_pt(container_of(ev, struct probe_point, dyn));
}

static bool tf_is_tracepoint(const struct trace_fprobe *tf)
{
	return tf->pt.cmd.kind == PROBE_TPROBE;
}

/* ---------------------------------------------------------------- */
/* Hits                                                                */

static int fentry_hit(struct fprobe *fp, unsigned long ip,
		      unsigned long ret_ip, struct pt_regs *regs, void *data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);

	/*
	 * On a stub, every point of the tracepoint calls it: this point's
	 * call is the one with this point as its data.
	 */
	if (tf_is_tracepoint(tf) &&
	    regs_get_kernel_argument(regs, 0) != (unsigned long)tf)
		return 0;
	probe_event_hit(&tf->pt, regs, ip, 0);
	return 0;
}

NOKPROBE_SYMBOL(fentry_hit);

/* The entry of an exit probe that fetches $argN: keep the registers. */
static int fexit_entry(struct fprobe *fp, unsigned long ip,
		       unsigned long ret_ip, struct pt_regs *regs, void *data)
{
	memcpy(data, regs, sizeof(*regs));
	return 0;
}

NOKPROBE_SYMBOL(fexit_entry);

static void fexit_hit(struct fprobe *fp, unsigned long ip,
		      unsigned long ret_ip, struct pt_regs *regs, void *data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);
	struct pt_regs entry;

	/*
	 * $argN at an exit are the arguments the function was entered
	 * with: the entry's registers, with the return value in them.
	 */
	if (tf->entry_regs) {
		memcpy(&entry, data, sizeof(entry));
		regs_set_return_value(&entry, regs_return_value(regs));
		regs = &entry;
	}
	probe_event_hit(&tf->pt, regs, ip, ret_ip);
}

NOKPROBE_SYMBOL(fexit_hit);

/* ---------------------------------------------------------------- */
/* The event's users: every point's fprobe while it has one            */

static void tf_fill_fprobe(struct trace_fprobe *tf)
{
	struct fprobe *fp = &tf->fp;

	/* the ops inside keeps its state between registrations */
	fp->flags = 0;
	fp->entry_handler = NULL;
	fp->exit_handler = NULL;
	fp->entry_data_size = 0;
	fp->nr_maxactive = tf->pt.cmd.maxactive;
	if (!tf->pt.cmd.is_return) {
		fp->entry_handler = fentry_hit;
		return;
	}
	fp->exit_handler = fexit_hit;
	if (tf->entry_regs) {
		fp->entry_handler = fexit_entry;
		fp->entry_data_size = sizeof(struct pt_regs);
	}
}

static int tf_arm(struct trace_fprobe *tf)
{
	struct tracepoint *tp = tf->tpoint;
	unsigned long stub;
	int ret;

	if (tf->armed)
		return 0;
	tf_fill_fprobe(tf);
	if (!tf_is_tracepoint(tf)) {
		ret = register_fprobe(&tf->fp, tf->pt.cmd.symbol, NULL);
		goto out;
	}
	/* a tracepoint of a module not loaded: armed when it comes */
	if (!tp)
		return 0;
	stub = (unsigned long)tp->probestub;
	ret = register_fprobe_ips(&tf->fp, &stub, 1);
	if (ret)
		goto out;
	ret = tracepoint_probe_register(tp, tp->probestub, tf);
	if (ret)
		unregister_fprobe(&tf->fp);
out:
	/*
	 * Its functions are gone (their module went; the place matched
	 * when it was defined): armed when a module brings them back.
	 */
	if (ret == -EINVAL && !tf_is_tracepoint(tf)) {
		tf->waiting = true;
		return 0;
	}
	if (ret)
		return ret;
	tf->armed = true;
	tf->waiting = false;
	tf->had_exits |= tf->pt.cmd.is_return;
	return 0;
}

static void tf_disarm(struct trace_fprobe *tf)
{
	if (!tf->armed)
		return;
	/*
	 * The stub first: a call of it still on its way finds no fprobe
	 * after, or an fprobe that is still there; either is fine.
	 */
	if (tf_is_tracepoint(tf))
		tracepoint_probe_unregister(tf->tpoint, tf->tpoint->probestub,
					    tf);
	/* after this no entry handler runs (the ftrace ops is gone) */
	unregister_fprobe(&tf->fp);
	tf->armed = false;
}

static void fprobe_disarm(struct probe_event *pev)
{
	struct probe_point *pt;

	list_for_each_entry(pt, &pev->points, list)
		tf_disarm(tf_of_pt(pt));
}

static int fprobe_arm(struct probe_event *pev)
{
	struct probe_point *pt;
	int ret;

	list_for_each_entry(pt, &pev->points, list) {
		ret = tf_arm(tf_of_pt(pt));
		if (ret) {
			fprobe_disarm(pev);
			return ret;
		}
	}
	return 0;
}

/* One kind for "f" and "t": an event mixing them is refused as such. */
static const struct probe_kind_ops fprobe_kind_ops = {
	.log_loc	= "trace_fprobe",
	.call_flags	= TRACE_EVENT_FL_FPROBE,
	.arm		= fprobe_arm,
	.disarm		= fprobe_disarm,
	.print_head	= probe_print_head_ksym,
};

/* ---------------------------------------------------------------- */
/* Tracepoints                                                         */

struct tp_lookup {
	const char		*name;
	struct tracepoint	*tp;
	struct module		*mod;
};

static void tp_lookup_kernel(struct tracepoint *tp, void *data)
{
	struct tp_lookup *l = data;

	if (!l->tp && !strcmp(tp->name, l->name))
		l->tp = tp;
}

static void tp_lookup_module(struct tracepoint *tp, struct module *mod,
			     void *data)
{
	struct tp_lookup *l = data;

	/*
	 * A module on its way out has been seen by our notifier already
	 * (or will wait for event_mutex, which we hold): leave it.
	 */
	if (l->tp || mod->state == MODULE_STATE_GOING ||
	    strcmp(tp->name, l->name))
		return;
	l->tp = tp;
	l->mod = mod;
}

/* Find the tracepoint @tf names, in the kernel or a loaded module. */
static void tf_find_tracepoint(struct trace_fprobe *tf)
{
	struct tp_lookup l = { .name = tf->pt.cmd.symbol };

	for_each_kernel_tracepoint(tp_lookup_kernel, &l);
	if (!l.tp)
		for_each_module_tracepoint(tp_lookup_module, &l);
	tf->tpoint = l.tp;
	tf->mod = l.mod;
}

/* ---------------------------------------------------------------- */
/* Definitions                                                         */

static const struct probe_arg_env fprobe_env = {
	.symbol		= probe_kernel_symbol,
	.stack_words	= THREAD_SIZE / sizeof(long),
};

/*
 * Whether an "f" point's place names a function that can be probed: the
 * same filter its fprobe will set, set on an ops that is never
 * registered. 0, or the filter's -errno.
 */
static int check_functions(const char *place)
{
	struct ftrace_ops *ops;
	unsigned char *buf;
	int ret;

	ops = kzalloc(sizeof(*ops), GFP_KERNEL);
	buf = kstrdup(place, GFP_KERNEL);
	ret = -ENOMEM;
	if (ops && buf) {
		ret = ftrace_set_filter(ops, buf, strlen(place), 1);
		ftrace_free_filter(ops);
	}
	kfree(buf);
	kfree(ops);
	return ret;
}

/*
 * The arguments, named after the function's BTF where it has one: a
 * tracepoint's are its stub's, but for the first (the probe's data).
 */
static int fprobe_parse_args(struct trace_fprobe *tf, int argc,
			     const char **argv, unsigned int ctx,
			     struct probe_cmd_err *e)
{
	struct probe_btf btf = { .func = tf->pt.cmd.symbol };
	struct probe_arg_env env = fprobe_env;
	char stub[KSYM_NAME_LEN];
	int ret;

	if (tf_is_tracepoint(tf)) {
		btf.tpoint = true;
		btf.func = NULL;
		if (tf->tpoint &&
		    kallsyms_lookup((unsigned long)tf->tpoint->probestub, NULL,
				    NULL, NULL, stub))
			btf.func = stub;
	}
	probe_env_with_btf(&env, &btf);
	ret = probe_point_parse_args(&tf->pt, argc, argv, 2, ctx, &env, e);
	probe_btf_release(&btf);
	return ret;
}

static void tf_free(struct trace_fprobe *tf)
{
	/*
	 * An exit handler may still be running on another CPU (it read
	 * the rethook before the fprobe went): it is done after a grace
	 * period, as the rethook's trampoline runs with preemption off.
	 */
	if (tf->had_exits)
		synchronize_rcu();
	probe_point_free_args(&tf->pt);
	kfree(tf);
}

static int fprobe_define(int argc, const char **argv, struct probe_cmd_err *e)
{
	struct trace_fprobe *tf;
	unsigned int ctx, i;
	int ret;

	tf = kzalloc(sizeof(*tf), GFP_KERNEL);
	if (!tf)
		return -ENOMEM;
	ret = probe_cmd_parse(probe_cmd_kind(argc, argv), argc, argv,
			      &tf->pt.cmd, e);
	if (ret)
		goto fail;
	probe_cmd_default_names(&tf->pt.cmd);
	/* too many arguments: refused, and nothing logged */
	if (argc - 2 > PROBE_ARGS_MAX) {
		e->err = PERR_NONE;
		ret = -E2BIG;
		goto fail;
	}
	if (tf_is_tracepoint(tf))
		tf_find_tracepoint(tf);
	ctx = PROBE_CTX_KERNEL | PROBE_CTX_NOREGS |
	      (tf->pt.cmd.is_return ? PROBE_CTX_RETURN : PROBE_CTX_ENTRY);
	ret = fprobe_parse_args(tf, argc, argv, ctx, e);
	if (ret)
		goto fail;
	if (tf_is_tracepoint(tf)) {
		/* the stub's first argument is the probe's data: skip it */
		for (i = 0; i < tf->pt.nargs; i++)
			if (tf->pt.args[i].src == PSRC_ARG)
				tf->pt.args[i].off++;
	} else {
		ret = check_functions(tf->pt.cmd.symbol);
		if (ret) {
			*e = (struct probe_cmd_err){ .word = 1,
						     .errno_ = -ret };
			if (ret == -ENOENT)
				e->err = PERR_BAD_PROBE_ADDR;
			else if (ret != -ENOMEM)
				e->err = PERR_FAIL_REG_PROBE;
			else
				e->err = PERR_NONE;
			goto fail;
		}
	}
	tf->entry_regs = tf->pt.cmd.is_return && probe_point_fetches_args(&tf->pt);

	ret = probe_point_register(&tf->pt, &fprobe_kind_ops, e);
	if (ret)
		goto fail;
	/* a point added to an event in use is armed at once */
	if (tf->pt.pev->flags) {
		ret = tf_arm(tf);
		if (ret) {
			WARN_ON(probe_event_detach(&tf->pt));
			e->err = PERR_NONE;
			goto fail;
		}
	}
	dyn_event_add(&tf->pt.dyn, &fprobe_dyn_ops);
	return 0;
fail:
	tf_free(tf);
	return ret;
}

/* A definition: -ECANCELED when it is not an "f" or "t" one. */
static int fprobe_create(int argc, const char **argv)
{
	struct probe_cmd_err e = { .err = PERR_NONE };
	enum probe_kind kind = probe_cmd_kind(argc, argv);
	int ret;

	if (kind != PROBE_FPROBE && kind != PROBE_TPROBE)
		return -ECANCELED;
	ret = fprobe_define(argc, argv, &e);
	if (ret && e.err != PERR_NONE)
		probe_log_err(fprobe_kind_ops.log_loc, argc, argv, &e);
	return ret;
}

static int fprobe_free(struct dyn_event *ev)
{
	struct trace_fprobe *tf = tf_of_dyn(ev);
	struct probe_event *pev = tf->pt.pev;

	/* the last point of an event in use stays (and so does the event) */
	if (list_is_singular(&pev->points) && probe_event_busy(pev))
		return -EBUSY;
	tf_disarm(tf);
	if (WARN_ON(probe_event_detach(&tf->pt)))
		return -EBUSY;
	dyn_event_del(ev);
	tf_free(tf);
	return 0;
}

static struct dyn_event_ops fprobe_dyn_ops = {
	.order		= 3,
	.create		= fprobe_create,
	.show		= probe_dyn_show,
	.is_busy	= probe_dyn_busy,
	.free		= fprobe_free,
	.match		= probe_dyn_match,
};

/* ---------------------------------------------------------------- */
/* Modules: their tracepoints come and go                              */

struct sym_match {
	const char	*pattern;
	bool		found;
};

static int sym_matches(void *data, const char *name, unsigned long addr)
{
	struct sym_match *m = data;

	m->found = glob_match(m->pattern, name);
	return m->found;
}

/* Has @mod a function that @tf's place (a name or a glob) names? */
static bool tf_in_module(struct trace_fprobe *tf, struct module *mod)
{
	struct sym_match m = { .pattern = tf->pt.cmd.symbol };

	module_kallsyms_on_each_symbol(mod->name, sym_matches, &m);
	return m.found;
}

/*
 * An "f" point that let go of its functions when a module went takes
 * them again when a module comes (the same one reloaded), if its event
 * is in use: its functions are looked up anew.
 */
static void tf_functions_coming(struct trace_fprobe *tf, struct module *mod)
{
	int ret;

	if (!tf->waiting || !tf->pt.pev->flags || !tf_in_module(tf, mod))
		return;
	ret = tf_arm(tf);
	if (ret || tf->waiting)
		pr_warn("Failed to register probe %s on %s: %d\n",
			tf->pt.cmd.event, mod->name, ret);
}

static void tf_module_coming(struct dyn_event *ev, void *data)
{
	struct trace_fprobe *tf = tf_of_dyn(ev);
	struct module *mod = data;
	struct tracepoint *tp;
	unsigned int i;
	int ret;

	if (!tf_is_tracepoint(tf)) {
		tf_functions_coming(tf, mod);
		return;
	}
	if (tf->tpoint)
		return;
	for (i = 0; i < mod->num_tracepoints; i++) {
		tp = tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]);
		if (strcmp(tp->name, tf->pt.cmd.symbol))
			continue;
		tf->tpoint = tp;
		tf->mod = mod;
		ret = tf->pt.pev->flags ? tf_arm(tf) : 0;
		if (ret)
			pr_warn("Failed to register probe %s on %s: %d\n",
				tf->pt.cmd.event, mod->name, ret);
		return;
	}
}

static void tf_module_going(struct dyn_event *ev, void *data)
{
	struct trace_fprobe *tf = tf_of_dyn(ev);

	/*
	 * An "f" point on a function of the module: its fprobe would keep
	 * the address in its filter, and a module loaded there later would
	 * call it from another function. It lets go, and waits.
	 */
	if (!tf_is_tracepoint(tf)) {
		if (tf->armed && tf_in_module(tf, data)) {
			tf_disarm(tf);
			tf->waiting = true;
		}
		return;
	}
	if (!tf->mod || tf->mod != data)
		return;
	/* off the tracepoint before its module's memory goes */
	tf_disarm(tf);
	tf->tpoint = NULL;
	tf->mod = NULL;
}

static int fprobe_module_notify(struct notifier_block *nb, unsigned long val,
				void *data)
{
	struct module *mod = data;

	if (val != MODULE_STATE_COMING && val != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&event_mutex);
	dyn_events_for_each(&fprobe_dyn_ops, val == MODULE_STATE_COMING ?
			    tf_module_coming : tf_module_going, mod);
	mutex_unlock(&event_mutex);
	return NOTIFY_DONE;
}

static struct notifier_block fprobe_module_nb = {
	.notifier_call	= fprobe_module_notify,
	/*
	 * Before the tracepoints' own notifier (priority 0), which checks
	 * on a going module that no probe is left on its tracepoints; and
	 * after the jump labels' (1 too, registered at early_initcall), so
	 * that on a coming module the tracepoint's static key is ready to
	 * be switched when we add the stub.
	 */
	.priority	= 1,
};

static __init int fprobe_events_init(void)
{
	return dyn_event_register(&fprobe_dyn_ops);
}
early_initcall(fprobe_events_init);

/* No module loads before user space: registered late, after jump labels. */
static __init int fprobe_events_modules_init(void)
{
	if (register_module_notifier(&fprobe_module_nb))
		pr_warn("tracepoint probes will not follow module loads\n");
	return 0;
}
late_initcall(fprobe_events_modules_init);
