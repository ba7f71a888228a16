/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A probe event: one trace event (events/<group>/<event>/ in every
 * array) fed by one or more probe points of one kind (a kprobe, ...),
 * each fetching the same arguments (trace_probe_args.h) into the same
 * record. The kind makes and arms its points; this core owns the event:
 * its fields, format and text, the arrays it is enabled in, recording a
 * hit, and the dynamic event (trace_dynevent.h) each point is.
 *
 * Included by: trace_probe.c trace_kprobe.c trace_eprobe.c trace_uprobe.c
 * trace_fprobe.c trace_probe_btf.c
 */
#ifndef _KERNEL_TRACE_PROBE_H
#define _KERNEL_TRACE_PROBE_H

#include <linux/trace_events.h>

#include "trace_dynevent.h"
#include "trace_probe_cmd.h"

struct probe_event;

/* What a kind of probe does for the events made of its points. */
struct probe_kind_ops {
	/* the error log's name for the kind's commands ("trace_kprobe") */
	const char	*log_loc;
	/* TRACE_EVENT_FL_* of its events (KPROBE, EPROBE) */
	unsigned int	call_flags;
	/* an event has one point: a second definition of it is refused */
	bool		one_point;
	/*
	 * Arm, or disarm, every point of @pev: its first user came or its
	 * last went. Either may be NULL.
	 */
	int (*arm)(struct probe_event *pev);
	void (*disarm)(struct probe_event *pev);
	/*
	 * Optional: @pev is enabled in the array of @file (before it is
	 * on the files), or is no longer (before it goes off them).
	 */
	int (*file_on)(struct probe_event *pev, struct trace_event_file *file);
	void (*file_off)(struct probe_event *pev,
			 struct trace_event_file *file);
	/* the record's head in the text: "(sym+0x0/0x10)" and such */
	void (*print_head)(struct trace_seq *s, struct probe_event *pev,
			   const void *rec, int flags);
};

/* One place probed, and what it fetches there. */
struct probe_point {
	struct dyn_event	dyn;
	struct list_head	list;		/* in the event's points */
	struct probe_event	*pev;
	struct probe_cmd	cmd;
	unsigned int		nargs;
	struct probe_arg	*args;
	/* every argument a number from the registers: probe_args_regs_only() */
	bool			regs_only;
};

struct probe_file;

struct probe_event {
	struct trace_event_call		call;
	struct trace_event_class	class;
	struct trace_event_fields	fields[2];
	const struct probe_kind_ops	*ops;
	enum probe_head			head;
	/* the record's fixed part, its common header included */
	unsigned int			fixed;
	struct list_head		points;		/* struct probe_point */
	/* the arrays it is enabled in (struct probe_file), read under RCU */
	struct list_head		files;
	/* PROBE_EV_*: who wants the hits */
	unsigned int			flags;
	/* held by users that are not files: perf events, triggers */
	refcount_t			users;
	char				*print_fmt;
	char				**types;	/* allocated field types */
	char				group[PROBE_GROUP_MAX + 1];
	char				name[PROBE_GROUP_MAX + 1];
};

#define PROBE_EV_TRACE		BIT(0)
#define PROBE_EV_PERF		BIT(1)

/* ====== trace_probe.c: probe events over their points ====== */

/*
 * An event for @pt that is in no array, for perf alone (a kprobe PMU's):
 * 0, or -errno. probe_event_local_free() undoes it.
 */
int probe_event_local(struct probe_point *pt, const struct probe_kind_ops *ops);
void probe_event_local_free(struct probe_point *pt);
/*
 * @pt off its event (which goes with its last point): 0, or -EBUSY when
 * it is the last one and the event is in use.
 */
int probe_event_detach(struct probe_point *pt);
/* In use: enabled in an array, open in perf, held by a trigger. */
bool probe_event_busy(struct probe_event *pev);

/* A hit of @pt: its record, with @ip (and @ret_ip for a return) as head. */
void probe_event_hit(struct probe_point *pt, struct pt_regs *regs,
		     unsigned long ip, unsigned long ret_ip);
/* The same, fetching from @ctx (a uprobe's: the process's memory). */
struct probe_fetch_ctx;
void probe_event_hit_from(struct probe_point *pt,
			  const struct probe_fetch_ctx *ctx, unsigned long ip,
			  unsigned long ret_ip);
/*
 * perf's record of a hit alone, after probe_event_hit_from() with
 * @ctx->bpf PROBE_BPF_LATER recorded the rest and the caller ran the
 * BPF programs (PROBE_BPF_KEEP or _DROP now).
 */
void probe_event_hit_perf(struct probe_point *pt,
			  const struct probe_fetch_ctx *ctx, unsigned long ip,
			  unsigned long ret_ip);
/*
 * A hit of an eprobe's @pt, from the attached event's record @rec: its
 * record in @file alone (the array the attached record is in).
 */
void probe_event_hit_record(struct probe_point *pt,
			    struct trace_event_file *file, const void *rec);

/*
 * Parse @pt's arguments, @argv[@first..@argc), in the context @flags
 * (PROBE_CTX_*) of @env. 0, or -errno with @e set.
 */
int probe_point_parse_args(struct probe_point *pt, int argc,
			   const char **argv, int first, unsigned int flags,
			   const struct probe_arg_env *env,
			   struct probe_cmd_err *e);
/* Free @pt's arguments. */
void probe_point_free_args(struct probe_point *pt);
/*
 * The dyn_event_ops of every kind's points (their struct dyn_event is
 * the probe_point's): the removal match, the line in the listing files,
 * in use (its event: enabled, open in perf, held by a trigger).
 */
bool probe_dyn_match(const char *group, const char *event,
		     const char *const *words, int n, struct dyn_event *ev);
int probe_dyn_show(struct seq_file *m, struct dyn_event *ev);
/* @pt's definition as the files list it, from @cmd (@pt's or a copy) */
int probe_point_show(struct seq_file *m, const struct probe_point *pt,
		     const struct probe_cmd *cmd);
bool probe_dyn_busy(struct dyn_event *ev);
/* Does @pt fetch $argN (which a return probe keeps from the entry)? */
bool probe_point_fetches_args(const struct probe_point *pt);
/* A kernel symbol's address, for probe_arg_env.symbol: 0 if none. */
unsigned long probe_kernel_symbol(const char *name);
/*
 * Add @pt to the event its command names, or make that event: the
 * -errno of the checks (with @e set) or of making it.
 */
int probe_point_register(struct probe_point *pt,
			 const struct probe_kind_ops *ops,
			 struct probe_cmd_err *e);

/*
 * The print_head of the kinds on kernel text (kprobe, fprobe): the
 * probed address as a symbol and offset, or the return's "<-" form.
 */
void probe_print_head_ksym(struct trace_seq *s, struct probe_event *pev,
			   const void *rec, int flags);

/* Log @e for the command @argv in the top array's error_log. */
void probe_log_err(const char *loc, int argc, const char **argv,
		   const struct probe_cmd_err *e);

/* ====== trace_probe_btf.c: arguments by name, from BTF ====== */

/*
 * One definition's view of the probed function's BTF (a struct
 * probe_btf_ops context): zeroed, with @func (and @tpoint: a tracepoint's
 * stub, whose first parameter is the data) set. Released after parsing.
 */
struct btf;
struct btf_type;
struct btf_param;
struct probe_btf {
	const char		*func;
	bool			tpoint;
	bool			queried;
	int			nr;	/* parameters, or -ENOENT: no BTF */
	struct btf		*btf;
	const struct btf_type	*proto;
	const struct btf_param	*params;
};

#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
extern const struct probe_btf_ops probe_btf_ops;
void probe_btf_release(struct probe_btf *b);
/* @env, with @b's BTF for the arguments */
static inline void probe_env_with_btf(struct probe_arg_env *env,
				      struct probe_btf *b)
{
	env->btf = &probe_btf_ops;
	env->btf_data = b;
}
#else
static inline void probe_btf_release(struct probe_btf *b) { }
static inline void probe_env_with_btf(struct probe_arg_env *env,
				      struct probe_btf *b) { }
#endif

#endif /* _KERNEL_TRACE_PROBE_H */
