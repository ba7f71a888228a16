// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe events: "p" and "r" probe points (trace_probe.h) at an offset
 * of an executable file, through kernel/events/uprobes.c, in every
 * process that maps it; with uprobe_events (theirs alone), their lines
 * in dynamic_events, uprobe_profile, and perf's uprobe PMU.
 *
 * A definition holds the file (its path) and checks its arguments; the
 * uprobe itself is registered while the event has a user, for every
 * point of it, and unregistered after the last (uprobes then patches
 * the breakpoints out of the processes).
 *
 * A hit runs in the process, in its context (preemptible, on its way
 * back to user space, where it may sleep): the arguments are the
 * process's registers, its stack and its memory. Memory is read in a
 * stage before the record is reserved, while the hit may still sleep,
 * so a page that is not in memory yet is faulted in as the process
 * would; the record then copies what the stage fetched.
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/namei.h>
#include <linux/ptrace.h>
#include <linux/rcupdate_trace.h>
#include <linux/slab.h>
#include <linux/uprobes.h>

#include "bpf_trace_internal.h"
#include "trace.h"
#include "trace_events_internal.h"
#include "trace_probe.h"
#include "trace_probe_fetch.h"

struct trace_uprobe {
	struct probe_point	pt;
	struct uprobe_consumer	consumer;
	/* the probed file, held from the definition on */
	struct path		path;
	/* registered while the event has a user, else NULL */
	struct uprobe		*uprobe;
	unsigned long __percpu	*nhit;
};

static struct dyn_event_ops uprobe_dyn_ops;

static struct trace_uprobe *tu_of_pt(struct probe_point *pt)
{
	return container_of(pt, struct trace_uprobe, pt);
}

static struct trace_uprobe *tu_of_dyn(struct dyn_event *ev)
{
	return tu_of_pt(container_of(ev, struct probe_point, dyn));
}

/* ---------------------------------------------------------------- */
/* Hits                                                                */

/*
 * Fetch the arguments of a hit into a record of its own (the head left
 * out), faulting the process's pages in: the ring buffer's record is
 * reserved with preemption off, where no page may be faulted in. The
 * stage, or NULL when it could not be had (the hit then fetches without
 * faulting, as from any other context).
 */
static void *tu_stage(struct trace_uprobe *tu, struct probe_fetch_ctx *ctx)
{
	unsigned int fixed = tu->pt.pev->fixed;
	void *stage;
	int dsize;

	might_fault();
	ctx->may_fault = true;
	dsize = probe_args_dyn_size(tu->pt.args, tu->pt.nargs, ctx);
	stage = kmalloc(fixed + dsize, GFP_KERNEL | __GFP_NOWARN);
	if (stage) {
		probe_args_store(tu->pt.args, tu->pt.nargs, ctx, stage, fixed,
				 fixed + dsize);
		ctx->staged = stage;
		ctx->staged_dsize = dsize;
	}
	ctx->may_fault = false;
	return stage;
}

#ifdef CONFIG_BPF_EVENTS
/* BPF programs are attached to the event's perf events. */
static bool tu_has_bpf(struct trace_uprobe *tu)
{
	return (READ_ONCE(tu->pt.pev->flags) & PROBE_EV_PERF) &&
	       bpf_prog_array_valid(&tu->pt.pev->call);
}

/*
 * Run them: whether perf's record is kept. bpf_get_func_ip() finds
 * @bp through current->utask->vaddr meanwhile.
 */
static bool tu_run_bpf(struct trace_uprobe *tu, struct pt_regs *regs,
		       unsigned long bp)
{
	struct trace_event_call *call = &tu->pt.pev->call;
	struct bpf_uprobe_hit hit = { .bp_addr = bp };
	struct uprobe_task *utask = current->utask;
	const struct bpf_prog_array *array;
	unsigned long saved = utask->vaddr;
	u32 ret;

	utask->vaddr = (unsigned long)&hit;
	/* sleepable programs: the array is freed after tasks-trace RCU */
	rcu_read_lock_trace();
	array = rcu_dereference_check(call->prog_array,
				      rcu_read_lock_trace_held());
	ret = bpf_prog_run_array_uprobe(array, regs, bpf_prog_run);
	rcu_read_unlock_trace();
	utask->vaddr = saved;
	return ret;
}
#else
static bool tu_has_bpf(struct trace_uprobe *tu)
{
	return false;
}

static bool tu_run_bpf(struct trace_uprobe *tu, struct pt_regs *regs,
		       unsigned long bp)
{
	return true;
}
#endif

/*
 * The process's view: @bp is where the probe hit (for a return, the
 * function's entry), which the file offset it probes is mapped at.
 */
static void tu_hit(struct trace_uprobe *tu, struct pt_regs *regs,
		   unsigned long bp, unsigned long ip, unsigned long ret_ip)
{
	struct probe_fetch_ctx ctx = {
		.regs		= regs,
		.user		= true,
		.foffs_base	= bp - tu->pt.cmd.addr,
	};

	bool bpf = tu_has_bpf(tu);
	void *stage = NULL;

	this_cpu_inc(*tu->nhit);
	if (probe_args_read_user(tu->pt.args, tu->pt.nargs))
		stage = tu_stage(tu, &ctx);
	/*
	 * BPF programs run after the trace record, as a kprobe's, but
	 * outside the record's preemption-off section: they may sleep.
	 */
	if (bpf)
		ctx.bpf = PROBE_BPF_LATER;
	probe_event_hit_from(&tu->pt, &ctx, ip, ret_ip);
	if (bpf) {
		ctx.bpf = tu_run_bpf(tu, regs, bp) ? PROBE_BPF_KEEP :
						     PROBE_BPF_DROP;
		probe_event_hit_perf(&tu->pt, &ctx, ip, ret_ip);
	}
	kfree(stage);
}

static int uprobe_hit(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	struct trace_uprobe *tu = container_of(uc, struct trace_uprobe,
					       consumer);
	unsigned long ip = instruction_pointer(regs);

	tu_hit(tu, regs, ip, ip, 0);
	return 0;
}

static int uretprobe_hit(struct uprobe_consumer *uc, unsigned long func,
			 struct pt_regs *regs)
{
	struct trace_uprobe *tu = container_of(uc, struct trace_uprobe,
					       consumer);

	tu_hit(tu, regs, func, func, instruction_pointer(regs));
	return 0;
}

/* ---------------------------------------------------------------- */
/* The event's users: every point's uprobe while it has one            */

static int tu_register(struct trace_uprobe *tu)
{
	struct uprobe *u;

	if (tu->pt.cmd.is_return)
		tu->consumer.ret_handler = uretprobe_hit;
	else
		tu->consumer.handler = uprobe_hit;
	u = uprobe_register(d_real_inode(tu->path.dentry), tu->pt.cmd.addr,
			    tu->pt.cmd.ref_ctr, &tu->consumer);
	if (IS_ERR(u))
		return PTR_ERR(u);
	tu->uprobe = u;
	return 0;
}

/* Off the uprobe; the caller waits for its handlers (_sync) after. */
static void tu_unregister_nosync(struct trace_uprobe *tu)
{
	if (!tu->uprobe)
		return;
	uprobe_unregister_nosync(tu->uprobe, &tu->consumer);
	tu->uprobe = NULL;
}

static void uprobe_disarm(struct probe_event *pev)
{
	struct probe_point *pt;

	list_for_each_entry(pt, &pev->points, list)
		tu_unregister_nosync(tu_of_pt(pt));
	/* no handler is still running on any of them after this */
	uprobe_unregister_sync();
}

static int uprobe_arm(struct probe_event *pev)
{
	struct probe_point *pt;
	int ret;

	list_for_each_entry(pt, &pev->points, list) {
		ret = tu_register(tu_of_pt(pt));
		if (ret) {
			uprobe_disarm(pev);
			return ret;
		}
	}
	return 0;
}

/* "(0x<ip>)", or "(0x<return address> <- 0x<function>)" */
static void uprobe_print_head(struct trace_seq *s, struct probe_event *pev,
			      const void *rec, int flags)
{
	const unsigned long *head = (const void *)((struct trace_entry *)rec + 1);

	if (pev->head == PROBE_HEAD_RETURN)
		trace_seq_printf(s, "(0x%lx <- 0x%lx)", head[1], head[0]);
	else
		trace_seq_printf(s, "(0x%lx)", head[0]);
}

static const struct probe_kind_ops uprobe_kind_ops = {
	.log_loc	= "trace_uprobe",
	.call_flags	= TRACE_EVENT_FL_UPROBE,
	.arm		= uprobe_arm,
	.disarm		= uprobe_disarm,
	.print_head	= uprobe_print_head,
};

/* ---------------------------------------------------------------- */
/* Definitions                                                         */

static const struct probe_arg_env uprobe_env = {
	.reg_offset	= regs_query_register_offset,
	.stack_words	= THREAD_SIZE / sizeof(long),
};

static void tu_free(struct trace_uprobe *tu)
{
	probe_point_free_args(&tu->pt);
	path_put(&tu->path);
	free_percpu(tu->nhit);
	kfree(tu);
}

static struct trace_uprobe *tu_alloc(void)
{
	struct trace_uprobe *tu = kzalloc(sizeof(*tu), GFP_KERNEL);

	if (!tu)
		return NULL;
	tu->nhit = alloc_percpu(unsigned long);
	if (!tu->nhit) {
		kfree(tu);
		return NULL;
	}
	return tu;
}

/* The probed file: a regular one (-errno with @e set if not). */
static int tu_find_file(struct trace_uprobe *tu, struct probe_cmd_err *e)
{
	int ret;

	ret = kern_path(tu->pt.cmd.symbol, LOOKUP_FOLLOW, &tu->path);
	if (ret) {
		*e = (struct probe_cmd_err){ .err = PERR_FILE_NOT_FOUND,
					     .word = 1, .errno_ = -ret };
		return ret;
	}
	if (!d_is_reg(tu->path.dentry)) {
		*e = (struct probe_cmd_err){ .err = PERR_NO_REGULAR_FILE,
					     .word = 1, .errno_ = EINVAL };
		return -EINVAL;
	}
	return 0;
}

static int uprobe_define(int argc, const char **argv, struct probe_cmd_err *e)
{
	struct probe_cmd_err syntax = { .err = PERR_NONE };
	struct trace_uprobe *tu;
	int ret;

	/* too many arguments: refused before anything, nothing logged */
	if (argc - 2 > PROBE_ARGS_MAX)
		return -E2BIG;
	tu = tu_alloc();
	if (!tu)
		return -ENOMEM;
	/*
	 * The reference looks the file up before it reads the rest of the
	 * place: a missing file is the error even when the rest is bad.
	 */
	ret = probe_cmd_parse(PROBE_UPROBE, argc, argv, &tu->pt.cmd, &syntax);
	if (ret && (syntax.word != 1 || !tu->pt.cmd.symbol[0])) {
		*e = syntax;
		goto fail;
	}
	if (tu->pt.cmd.symbol[0]) {
		int fret = tu_find_file(tu, e);

		if (fret) {
			ret = fret;
			goto fail;
		}
	}
	if (ret) {
		*e = syntax;
		goto fail;
	}
	probe_cmd_default_names(&tu->pt.cmd);
	ret = probe_point_parse_args(&tu->pt, argc, argv, 2,
				     PROBE_CTX_USER | (tu->pt.cmd.is_return ?
						       PROBE_CTX_RETURN : 0),
				     &uprobe_env, e);
	if (ret)
		goto fail;
	ret = probe_point_register(&tu->pt, &uprobe_kind_ops, e);
	if (ret)
		goto fail;
	/* a point added to an event in use is armed at once */
	if (tu->pt.pev->flags) {
		ret = tu_register(tu);
		if (ret) {
			WARN_ON(probe_event_detach(&tu->pt));
			e->err = PERR_NONE;
			goto fail;
		}
	}
	dyn_event_add(&tu->pt.dyn, &uprobe_dyn_ops);
	return 0;
fail:
	tu_free(tu);
	return ret;
}

/* A definition: -ECANCELED when it is not a uprobe's. */
static int uprobe_create(int argc, const char **argv)
{
	struct probe_cmd_err e = { .err = PERR_NONE };
	int ret;

	if (probe_cmd_kind(argc, argv) != PROBE_UPROBE)
		return -ECANCELED;
	ret = uprobe_define(argc, argv, &e);
	if (ret && e.err != PERR_NONE)
		probe_log_err(uprobe_kind_ops.log_loc, argc, argv, &e);
	return ret;
}

static int uprobe_free(struct dyn_event *ev)
{
	struct trace_uprobe *tu = tu_of_dyn(ev);
	struct probe_event *pev = tu->pt.pev;

	/* the last point of an event in use stays (and so does the event) */
	if (list_is_singular(&pev->points) && probe_event_busy(pev))
		return -EBUSY;
	if (tu->uprobe) {
		tu_unregister_nosync(tu);
		uprobe_unregister_sync();
	}
	if (WARN_ON(probe_event_detach(&tu->pt)))
		return -EBUSY;
	dyn_event_del(ev);
	tu_free(tu);
	return 0;
}

static struct dyn_event_ops uprobe_dyn_ops = {
	.order		= 5,
	.create		= uprobe_create,
	.show		= probe_dyn_show,
	.is_busy	= probe_dyn_busy,
	.free		= uprobe_free,
	.match		= probe_dyn_match,
};

/* ---------------------------------------------------------------- */
/* perf's uprobe PMU: an event of its own, in no array                 */

struct trace_event_call *trace_uprobe_local(const char *path,
					    unsigned long offs,
					    unsigned long ref_ctr,
					    bool is_return)
{
	struct probe_cmd_err e = { };
	struct trace_uprobe *tu;
	struct probe_cmd *cmd;
	int ret;

	tu = tu_alloc();
	if (!tu)
		return ERR_PTR(-ENOMEM);
	cmd = &tu->pt.cmd;
	cmd->kind = PROBE_UPROBE;
	cmd->is_return = is_return;
	cmd->addr = offs;
	cmd->ref_ctr = ref_ctr;
	strscpy(cmd->group, "uprobes", sizeof(cmd->group));
	strscpy(cmd->event, "DUMMY_EVENT", sizeof(cmd->event));
	ret = strscpy(cmd->symbol, path, sizeof(cmd->symbol)) < 0 ? -E2BIG :
	      tu_find_file(tu, &e);
	if (ret)
		goto fail;
	mutex_lock(&event_mutex);
	ret = probe_event_local(&tu->pt, &uprobe_kind_ops);
	mutex_unlock(&event_mutex);
	if (ret)
		goto fail;
	return &tu->pt.pev->call;
fail:
	tu_free(tu);
	return ERR_PTR(ret);
}

void trace_uprobe_local_free(struct trace_event_call *call)
{
	struct probe_event *pev = container_of(call, struct probe_event, call);
	struct trace_uprobe *tu;

	tu = tu_of_pt(list_first_entry(&pev->points, struct probe_point, list));
	mutex_lock(&event_mutex);
	/* perf let go of it: its last user is gone, the uprobe with it */
	probe_event_local_free(&tu->pt);
	mutex_unlock(&event_mutex);
	tu_free(tu);
}

#ifdef CONFIG_PERF_EVENTS
/* For bpftool and the perf link's info: the file and offset probed. */
int bpf_get_uprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **filename, u64 *probe_offset,
			u64 *probe_addr, bool perf_type_tracepoint)
{
	struct probe_event *pev = container_of(event->tp_event,
					       struct probe_event, call);
	struct trace_uprobe *tu;

	tu = tu_of_pt(list_first_entry(&pev->points, struct probe_point, list));
	*fd_type = tu->pt.cmd.is_return ? BPF_FD_TYPE_URETPROBE :
					  BPF_FD_TYPE_UPROBE;
	*filename = tu->pt.cmd.symbol;
	*probe_offset = tu->pt.cmd.addr;
	*probe_addr = 0;
	return 0;
}
#endif

/* ---------------------------------------------------------------- */
/* uprobe_events and uprobe_profile                                    */

static int uprobe_profile_show(struct seq_file *m, struct dyn_event *ev)
{
	struct trace_uprobe *tu = tu_of_dyn(ev);
	unsigned long hits = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		hits += *per_cpu_ptr(tu->nhit, cpu);
	seq_printf(m, "  %s %-44s %15lu\n", tu->pt.cmd.symbol,
		   tu->pt.cmd.event, hits);
	return 0;
}

static int uprobe_profile_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	return dyn_events_seq_open(file, &uprobe_dyn_ops, uprobe_profile_show);
}

static const struct file_operations uprobe_profile_fops = {
	.owner		= THIS_MODULE,
	.open		= uprobe_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/* The files are the top level's alone, as upstream's. */
static void uprobe_files_create(struct trace_array *tr, struct dentry *dir)
{
	if (!(tr->flags & TRACE_ARRAY_FL_GLOBAL))
		return;
	trace_create_file("uprobe_events", TRACE_MODE_WRITE, dir,
			  &uprobe_dyn_ops, &dyn_events_fops);
	trace_create_file("uprobe_profile", TRACE_MODE_READ, dir, NULL,
			  &uprobe_profile_fops);
}

static struct trace_array_client uprobe_files = {
	.name	= "uprobe_events",
	.create	= uprobe_files_create,
};

static __init int uprobe_events_init(void)
{
	int ret;

	ret = dyn_event_register(&uprobe_dyn_ops);
	if (ret)
		return ret;
	return trace_array_client_register(&uprobe_files);
}
early_initcall(uprobe_events_init);
