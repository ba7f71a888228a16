// SPDX-License-Identifier: GPL-2.0
/*
 * Probe events over their points (trace_probe.h): the event's fields,
 * format and text, the arrays it records into, and a hit's record.
 *
 * An event's format and text are its first point's layout, and every
 * later point fetches the same names and types into the same places
 * (adding a point checks that, and lays it out alike): whichever point
 * is first, the records read the same.
 */
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include "trace.h"
#include "trace_events_internal.h"
#include "trace_output.h"
#include "trace_probe.h"
#include "trace_probe_fetch.h"

/* the arrays an event records into */
struct probe_file {
	struct list_head	list;
	struct trace_event_file	*file;
	struct rcu_head		rcu;
};

static struct probe_event *pev_of(struct trace_event_call *call)
{
	return container_of(call, struct probe_event, call);
}

/* ---------------------------------------------------------------- */
/* Errors                                                              */

void probe_log_err(const char *loc, int argc, const char **argv,
		   const struct probe_cmd_err *e)
{
	size_t len = 0;
	char *cmd, *p;
	int i, pos;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	cmd = kmalloc(len + 1, GFP_KERNEL);
	if (!cmd)
		return;
	/* the words joined by single blanks, as the reference logs them */
	for (p = cmd, i = 0; i < argc; i++)
		p += sprintf(p, "%s%s", i ? " " : "", argv[i]);
	pos = probe_cmd_caret(argc, argv, e->word, e->col);
	tracing_log_err(NULL, loc, cmd, (const char **)probe_err_text, e->err,
			pos);
	if (e->err_also != PERR_NONE)
		tracing_log_err(NULL, loc, cmd, (const char **)probe_err_text,
				e->err_also, pos);
	kfree(cmd);
}

/* ---------------------------------------------------------------- */
/* The record: fields, format, text                                    */

/* The head's fields, as the reference names and places them. */
static int define_head(struct trace_event_call *call, enum probe_head head)
{
	int off = sizeof(struct trace_entry), ret = 0;

	switch (head) {
	case PROBE_HEAD_ENTRY:
		ret = trace_define_field(call, "unsigned long", "__probe_ip",
					 off, sizeof(long), 0, FILTER_OTHER);
		break;
	case PROBE_HEAD_RETURN:
		ret = trace_define_field(call, "unsigned long", "__probe_func",
					 off, sizeof(long), 0, FILTER_OTHER);
		if (!ret)
			ret = trace_define_field(call, "unsigned long",
						 "__probe_ret_ip",
						 off + sizeof(long),
						 sizeof(long), 0, FILTER_OTHER);
		break;
	case PROBE_HEAD_EVENT:
		break;
	}
	return ret;
}

static int probe_define_fields(struct trace_event_call *call)
{
	struct probe_event *pev = pev_of(call);
	struct probe_point *pt;
	unsigned int i;
	int ret;

	ret = define_head(call, pev->head);
	pt = list_first_entry(&pev->points, struct probe_point, list);
	for (i = 0; !ret && i < pt->nargs; i++) {
		const struct probe_arg *a = &pt->args[i];

		ret = trace_define_field(call, pev->types[i], a->name,
					 a->offset, probe_arg_size(a),
					 a->type->is_signed, FILTER_OTHER);
	}
	return ret;
}

/* The field types: an array's is "type[N]", shown "type name[]". */
static int make_types(struct probe_event *pev, const struct probe_point *pt)
{
	unsigned int i;

	pev->types = kcalloc(pt->nargs + 1, sizeof(char *), GFP_KERNEL);
	if (!pev->types)
		return -ENOMEM;
	for (i = 0; i < pt->nargs; i++) {
		const struct probe_arg *a = &pt->args[i];

		if (a->count)
			pev->types[i] = kasprintf(GFP_KERNEL, "%s[%u]",
						  a->type->fmt_type, a->count);
		else
			pev->types[i] = kstrdup(a->type->fmt_type, GFP_KERNEL);
		if (!pev->types[i])
			return -ENOMEM;
	}
	return 0;
}

static void free_types(struct probe_event *pev)
{
	unsigned int i;

	for (i = 0; pev->types && pev->types[i]; i++)
		kfree(pev->types[i]);
	kfree(pev->types);
}

/* The laid-out arguments the event's records have: its first point's. */
static const struct probe_point *layout_of(struct probe_event *pev)
{
	return list_first_entry(&pev->points, struct probe_point, list);
}

static void print_string(struct trace_seq *s, const void *rec,
			 unsigned int size, const void *field)
{
	u32 loc = get_unaligned((const u32 *)field);
	unsigned int off = loc & 0xffff, len = loc >> 16;

	if (!len || off + len > size) {
		trace_seq_puts(s, "(fault)");
		return;
	}
	trace_seq_printf(s, "\"%.*s\"", (int)len - 1, (const char *)rec + off);
}

static void print_value(struct trace_seq *s, const struct probe_argtype *t,
			const void *field)
{
	u64 v;

	switch (t->size) {
	case 1:
		v = *(const u8 *)field;
		break;
	case 2:
		v = get_unaligned((const u16 *)field);
		break;
	case 4:
		v = get_unaligned((const u32 *)field);
		break;
	default:
		v = get_unaligned((const u64 *)field);
		break;
	}
	if (!strcmp(t->name, "char")) {
		trace_seq_printf(s, "'%c'", (char)v);
	} else if (!strcmp(t->name, "symbol")) {
		trace_seq_printf(s, "%pS", (void *)(unsigned long)v);
	} else if (t->print[0] == '0') {
		trace_seq_printf(s, "0x%llx", v);
	} else if (t->is_signed) {
		/* sign-extend from the type's size */
		int shift = 64 - 8 * t->size;

		trace_seq_printf(s, "%lld", (s64)(v << shift) >> shift);
	} else {
		trace_seq_printf(s, "%llu", v);
	}
}

static void print_args(struct trace_seq *s, const struct probe_point *pt,
		       const void *rec, unsigned int size)
{
	unsigned int i, j, n;

	for (i = 0; i < pt->nargs; i++) {
		const struct probe_arg *a = &pt->args[i];
		const struct probe_argtype *t = a->type;
		const u8 *field = (const u8 *)rec + a->offset;

		trace_seq_printf(s, " %s=", a->name);
		n = a->count ? a->count : 1;
		if (a->count)
			trace_seq_putc(s, '{');
		for (j = 0; j < n; j++, field += t->size) {
			if (j)
				trace_seq_putc(s, ',');
			if (t->store == PST_VALUE)
				print_value(s, t, field);
			else
				print_string(s, rec, size, field);
		}
		if (a->count)
			trace_seq_putc(s, '}');
	}
}

static enum print_line_t probe_event_print(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct trace_event_call *call;
	struct probe_event *pev;
	struct trace_seq *s = &iter->seq;

	call = container_of(event, struct trace_event_call, event);
	pev = pev_of(call);
	trace_seq_printf(s, "%s: ", pev->name);
	pev->ops->print_head(s, pev, iter->ent, flags);
	print_args(s, layout_of(pev), iter->ent, iter->ent_size);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions probe_event_funcs = {
	.trace	= probe_event_print,
};

/* ---------------------------------------------------------------- */
/* Recording                                                           */

/* The head and the arguments of a record of @size bytes at @rec. */
static void fill(struct probe_event *pev, const struct probe_point *pt,
		 void *rec, unsigned int size,
		 const struct probe_fetch_ctx *ctx, unsigned long ip,
		 unsigned long ret_ip)
{
	unsigned long *head = (unsigned long *)((struct trace_entry *)rec + 1);

	switch (pev->head) {
	case PROBE_HEAD_ENTRY:
		head[0] = ip;
		break;
	case PROBE_HEAD_RETURN:
		head[0] = ip;
		head[1] = ret_ip;
		break;
	case PROBE_HEAD_EVENT:
		break;
	}
	if (ctx->staged) {
		unsigned int from = probe_head_size(pev->head);

		memcpy(rec + from, ctx->staged + from, size - from);
		return;
	}
	/* the common case, without the general fetch's walk per argument */
	if (pt->regs_only) {
		probe_args_store_regs(pt->args, pt->nargs, ctx->regs, rec);
		return;
	}
	probe_args_store(pt->args, pt->nargs, ctx, rec, pev->fixed, size);
}

/* The bytes of a hit's strings: fetched already, or measured now. */
static int dyn_size(const struct probe_point *pt,
		    const struct probe_fetch_ctx *ctx)
{
	if (ctx->staged)
		return ctx->staged_dsize;
	if (pt->regs_only)
		return 0;
	return probe_args_dyn_size(pt->args, pt->nargs, ctx);
}

static void record(struct probe_event *pev, const struct probe_point *pt,
		   struct trace_event_file *file,
		   const struct probe_fetch_ctx *ctx, unsigned long ip,
		   unsigned long ret_ip)
{
	struct trace_event_buffer fb;
	int dsize;
	void *rec;

	if (trace_trigger_soft_disabled(file))
		return;
	dsize = dyn_size(pt, ctx);
	rec = trace_event_buffer_reserve(&fb, file, pev->fixed + dsize);
	if (!rec)
		return;
	fill(pev, pt, rec, pev->fixed + dsize, ctx, ip, ret_ip);
	trace_event_buffer_commit(&fb);
}

#ifdef CONFIG_PERF_EVENTS
/* For the perf events open on @pev on this CPU. */
static void record_perf(struct probe_event *pev, const struct probe_point *pt,
			const struct probe_fetch_ctx *ctx, unsigned long ip,
			unsigned long ret_ip)
{
	struct hlist_head *head = this_cpu_ptr(pev->call.perf_events);
	struct pt_regs *regs = ctx->hit_regs ?: ctx->regs;
	int dsize, size, rctx;
	void *rec;

	/*
	 * BPF programs on the event's perf events see the hit first and
	 * may drop perf's record of it. They need no perf event of this
	 * CPU to run.
	 */
	if (ctx->bpf == PROBE_BPF_NOT_RUN && bpf_prog_array_valid(&pev->call) &&
	    !trace_call_bpf(&pev->call, regs))
		return;
	if (ctx->bpf == PROBE_BPF_DROP || hlist_empty(head))
		return;
	dsize = dyn_size(pt, ctx);
	/* perf wants the size with its u32 size header 8-aligned */
	size = ALIGN(pev->fixed + dsize + sizeof(u32), sizeof(u64)) -
	       sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	/* the alignment's tail is not the strings': no stale bytes there */
	memset((u8 *)rec + pev->fixed + dsize, 0, size - pev->fixed - dsize);
	fill(pev, pt, rec, pev->fixed + dsize, ctx, ip, ret_ip);
	perf_trace_buf_submit(rec, size, rctx, pev->call.event.type, 1,
			      regs, head, NULL);
}
#else
static void record_perf(struct probe_event *pev, const struct probe_point *pt,
			const struct probe_fetch_ctx *ctx, unsigned long ip,
			unsigned long ret_ip)
{
}
#endif

void probe_event_hit_from(struct probe_point *pt,
			  const struct probe_fetch_ctx *ctx, unsigned long ip,
			  unsigned long ret_ip)
{
	struct probe_event *pev = pt->pev;
	struct probe_file *pf;

	/* the buffer and its per-CPU staging need the CPU to stay ours */
	unsigned int flags = READ_ONCE(pev->flags);

	guard(preempt_notrace)();
	/*
	 * The files are added and removed under RCU (probe_event_reg());
	 * with preemption off this is a read-side section.
	 */
	if (flags & PROBE_EV_TRACE)
		list_for_each_entry_rcu(pf, &pev->files, list)
			record(pev, pt, pf->file, ctx, ip, ret_ip);
	if ((flags & PROBE_EV_PERF) && ctx->bpf != PROBE_BPF_LATER)
		record_perf(pev, pt, ctx, ip, ret_ip);
}

void probe_event_hit_perf(struct probe_point *pt,
			  const struct probe_fetch_ctx *ctx, unsigned long ip,
			  unsigned long ret_ip)
{
	guard(preempt_notrace)();
	if (READ_ONCE(pt->pev->flags) & PROBE_EV_PERF)
		record_perf(pt->pev, pt, ctx, ip, ret_ip);
}

void probe_event_hit(struct probe_point *pt, struct pt_regs *regs,
		     unsigned long ip, unsigned long ret_ip)
{
	struct probe_fetch_ctx ctx = { .regs = regs };

	probe_event_hit_from(pt, &ctx, ip, ret_ip);
}

void probe_event_hit_record(struct probe_point *pt,
			    struct trace_event_file *file, const void *rec)
{
	struct probe_fetch_ctx ctx = { .rec = rec };

	/* from the attached event's commit: preemption is off already */
	record(pt->pev, pt, file, &ctx, 0, 0);
}

/* ---------------------------------------------------------------- */
/* Users                                                               */

bool probe_event_busy(struct probe_event *pev)
{
	return !list_empty(&pev->files) || (pev->flags & PROBE_EV_PERF) ||
	       trace_event_dyn_busy(&pev->call);
}

/* Arm on the first user, disarm after the last. */
static int users_changed(struct probe_event *pev, unsigned int was)
{
	if (!was && pev->flags && pev->ops->arm)
		return pev->ops->arm(pev);
	if (was && !pev->flags && pev->ops->disarm)
		pev->ops->disarm(pev);
	return 0;
}

static int file_on(struct probe_event *pev, struct trace_event_file *file)
{
	unsigned int was = pev->flags;
	struct probe_file *pf;
	int ret;

	pf = kzalloc(sizeof(*pf), GFP_KERNEL);
	if (!pf)
		return -ENOMEM;
	pf->file = file;
	if (pev->ops->file_on) {
		ret = pev->ops->file_on(pev, file);
		if (ret) {
			kfree(pf);
			return ret;
		}
	}
	list_add_tail_rcu(&pf->list, &pev->files);
	WRITE_ONCE(pev->flags, pev->flags | PROBE_EV_TRACE);
	ret = users_changed(pev, was);
	if (ret) {
		if (pev->ops->file_off)
			pev->ops->file_off(pev, file);
		list_del_rcu(&pf->list);
		WRITE_ONCE(pev->flags, was);
		kfree_rcu(pf, rcu);
	}
	return ret;
}

static void file_off(struct probe_event *pev, struct trace_event_file *file)
{
	unsigned int was = pev->flags;
	struct probe_file *pf;

	list_for_each_entry(pf, &pev->files, list) {
		if (pf->file != file)
			continue;
		if (pev->ops->file_off)
			pev->ops->file_off(pev, file);
		list_del_rcu(&pf->list);
		/* a hit may still be recording into it */
		kfree_rcu(pf, rcu);
		break;
	}
	if (list_empty(&pev->files))
		WRITE_ONCE(pev->flags, pev->flags & ~PROBE_EV_TRACE);
	users_changed(pev, was);
}

/* perf's events of @pev are on call->perf_events: one flag for them all */
static int perf_on(struct probe_event *pev)
{
	unsigned int was = pev->flags;
	int ret;

	WRITE_ONCE(pev->flags, pev->flags | PROBE_EV_PERF);
	ret = users_changed(pev, was);
	if (ret)
		WRITE_ONCE(pev->flags, was);
	return ret;
}

static void perf_off(struct probe_event *pev)
{
	unsigned int was = pev->flags;

	WRITE_ONCE(pev->flags, pev->flags & ~PROBE_EV_PERF);
	users_changed(pev, was);
}

static int probe_event_reg(struct trace_event_call *call,
			   enum trace_reg type, void *data)
{
	struct probe_event *pev = pev_of(call);

	/*
	 * Perf's ADD and DEL come from the scheduler, without the mutex:
	 * they fall to the default (perf_trace_add() keeps the list).
	 */
	if (type != TRACE_REG_PERF_ADD && type != TRACE_REG_PERF_DEL)
		lockdep_assert_held(&event_mutex);
	switch (type) {
	case TRACE_REG_REGISTER:
		return file_on(pev, data);
	case TRACE_REG_UNREGISTER:
		file_off(pev, data);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return perf_on(pev);
	case TRACE_REG_PERF_UNREGISTER:
		perf_off(pev);
		return 0;
#endif
	default:
		return 0;
	}
}

/* ---------------------------------------------------------------- */
/* Events                                                              */

/*
 * The probe event named @group/@name, or NULL; *@other is set when some
 * other event (a static one, another kind's) has that name.
 */
static struct probe_event *probe_event_find(const char *group,
					    const char *name, bool *other)
{
	struct trace_event_call *call;

	lockdep_assert_held(&event_mutex);
	*other = false;
	list_for_each_entry(call, &ftrace_events, list) {
		if (!call->class || !call->class->system ||
		    strcmp(call->class->system, group) ||
		    strcmp(trace_event_name(call), name))
			continue;
		if (call->class->reg == probe_event_reg)
			return pev_of(call);
		*other = true;
		return NULL;
	}
	return NULL;
}

static void probe_event_free(struct probe_event *pev)
{
	free_types(pev);
	kfree(pev->print_fmt);
	kfree(pev);
}

/* The print fmt of @pt's arguments, laid out in the record. */
static int layout(struct probe_event *pev, struct probe_point *pt)
{
	size_t size = 256;
	int ret;

	for (;;) {
		pev->print_fmt = kmalloc(size, GFP_KERNEL);
		if (!pev->print_fmt)
			return -ENOMEM;
		ret = probe_args_layout(pt->args, pt->nargs, pev->head,
					pev->print_fmt, size);
		if (ret != -E2BIG)
			break;
		kfree(pev->print_fmt);
		size *= 2;
	}
	if (ret < 0)
		return ret;
	pev->fixed = ret;
	return 0;
}

/* A new event for @pt (its first point), laid out from its arguments. */
static struct probe_event *probe_event_new(struct probe_point *pt,
					   const struct probe_kind_ops *ops)
{
	struct probe_event *pev;
	int ret;

	pev = kzalloc(sizeof(*pev), GFP_KERNEL);
	if (!pev)
		return ERR_PTR(-ENOMEM);
	pev->ops = ops;
	strscpy(pev->group, pt->cmd.group, sizeof(pev->group));
	strscpy(pev->name, pt->cmd.event, sizeof(pev->name));
	INIT_LIST_HEAD(&pev->points);
	INIT_LIST_HEAD(&pev->files);
	if (pt->cmd.kind == PROBE_EPROBE)
		pev->head = PROBE_HEAD_EVENT;
	else if (pt->cmd.is_return)
		pev->head = PROBE_HEAD_RETURN;
	else
		pev->head = PROBE_HEAD_ENTRY;
	ret = layout(pev, pt);
	if (!ret)
		ret = make_types(pev, pt);
	if (ret) {
		probe_event_free(pev);
		return ERR_PTR(ret);
	}

	pev->fields[0].type = TRACE_FUNCTION_TYPE;
	pev->fields[0].define_fields = probe_define_fields;
	pev->class.system = pev->group;
	pev->class.reg = probe_event_reg;
	pev->class.raw_init = trace_event_raw_init;
	pev->class.fields_array = pev->fields;
	INIT_LIST_HEAD(&pev->class.fields);
	pev->call.class = &pev->class;
	pev->call.name = pev->name;
	pev->call.print_fmt = pev->print_fmt;
	pev->call.event.funcs = &probe_event_funcs;
	pev->call.flags = TRACE_EVENT_FL_DYNAMIC | ops->call_flags;
	atomic_set(&pev->call.refcnt, 0);
	pt->pev = pev;
	list_add_tail(&pt->list, &pev->points);
	return pev;
}

/*
 * A new event for @pt, registered in every array. 0, or -errno (@pt is
 * then not on it).
 */
static int probe_event_create(struct probe_point *pt,
			      const struct probe_kind_ops *ops)
{
	struct probe_event *pev;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	lockdep_assert_held(&event_mutex);
	pev = probe_event_new(pt, ops);
	if (IS_ERR(pev))
		return PTR_ERR(pev);
	ret = trace_add_event_call(&pev->call);
	if (ret) {
		list_del(&pt->list);
		pt->pev = NULL;
		probe_event_free(pev);
	}
	return ret;
}

int probe_event_local(struct probe_point *pt, const struct probe_kind_ops *ops)
{
	struct probe_event *pev;
	int ret;

	pev = probe_event_new(pt, ops);
	if (IS_ERR(pev))
		return PTR_ERR(pev);
	/* its own record type (perf's records carry it), and its fields */
	ret = trace_event_raw_init(&pev->call);
	if (ret)
		goto fail;
	ret = trace_event_define_fields(&pev->call);
	if (ret) {
		unregister_trace_event(&pev->call.event);
		goto fail;
	}
	return 0;
fail:
	list_del(&pt->list);
	pt->pev = NULL;
	probe_event_free(pev);
	return ret;
}

void probe_event_local_free(struct probe_point *pt)
{
	struct probe_event *pev = pt->pev;

	unregister_trace_event(&pev->call.event);
	trace_event_free_fields(&pev->call);
	list_del(&pt->list);
	pt->pev = NULL;
	probe_event_free(pev);
}

/* @pt on @pev after its other points (the caller checked they agree). */
static void probe_event_append(struct probe_event *pev,
			       struct probe_point *pt)
{
	lockdep_assert_held(&event_mutex);
	/* the record is the event's: the same places as the first point's */
	probe_args_layout(pt->args, pt->nargs, pev->head, NULL, 0);
	pt->pev = pev;
	list_add_tail(&pt->list, &pev->points);
}

int probe_event_detach(struct probe_point *pt)
{
	struct probe_event *pev = pt->pev;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	lockdep_assert_held(&event_mutex);
	/* one of several points goes without asking (as the reference) */
	if (!list_is_singular(&pev->points)) {
		list_del(&pt->list);
		return 0;
	}
	if (probe_event_busy(pev))
		return -EBUSY;
	ret = trace_remove_event_call(&pev->call);
	if (ret)
		return ret;
	list_del(&pt->list);
	probe_event_free(pev);
	return 0;
}

/* ---------------------------------------------------------------- */
/* Points                                                              */

struct names_seen {
	const struct probe_point *pt;
	unsigned int n;
};

static bool name_used(void *data, const char *name)
{
	const struct names_seen *seen = data;
	unsigned int i;

	for (i = 0; i < seen->n; i++)
		if (!strcmp(seen->pt->args[i].name, name))
			return true;
	return false;
}

/* the most bytes of arguments a record takes, as the reference's */
#define PROBE_EVENT_MAX		3072
/* the longest an argument may grow to by its %pd or %pD */
#define PROBE_VFS_ARG_MAX	256

/*
 * "[NAME=]FETCH:%pd" is the name of the dentry FETCH points to, and
 * ":%pD" that of the file's: both are the same dereference chain in the
 * language, into which they are rewritten before they are parsed (and
 * so read back). NULL when @text is neither; ERR_PTR(-ENOMEM) when it
 * would be too long.
 */
static char *vfs_arg(const char *text)
{
	size_t len = strlen(text), name_len;
	const char *eq, *body;
	bool file;
	char *out;
	int n;

	if (len < 4 || (strcmp(text + len - 4, ":%pd") &&
			strcmp(text + len - 4, ":%pD")))
		return NULL;
	file = text[len - 1] == 'D';
	eq = strchr(text, '=');
	name_len = eq ? eq + 1 - text : 0;
	body = text + name_len;
	out = kmalloc(PROBE_VFS_ARG_MAX, GFP_KERNEL);
	if (!out)
		return ERR_PTR(-ENOMEM);
	if (file)
		n = snprintf(out, PROBE_VFS_ARG_MAX,
			     "%.*s+0x0(+0x%zx(+0x%zx(%.*s))):string",
			     (int)name_len, text,
			     offsetof(struct dentry, d_name.name),
			     offsetof(struct file, f_path.dentry),
			     (int)(len - 4 - name_len), body);
	else
		n = snprintf(out, PROBE_VFS_ARG_MAX,
			     "%.*s+0x0(+0x%zx(%.*s)):string", (int)name_len,
			     text, offsetof(struct dentry, d_name.name),
			     (int)(len - 4 - name_len), body);
	if (n >= PROBE_VFS_ARG_MAX) {
		kfree(out);
		return ERR_PTR(-ENOMEM);
	}
	return out;
}

static int parse_point_args(struct probe_point *pt, int argc,
			    const char **argv, int first, unsigned int flags,
			    const struct probe_arg_env *env,
			    struct probe_cmd_err *e);

/* The @len digits at @s as a number: false if too big. */
static bool arg_index(const char *s, size_t len, unsigned long *n)
{
	char num[12];

	if (len >= sizeof(num))
		return false;
	memcpy(num, s, len);
	num[len] = '\0';
	return !kstrtoul(num, 10, n);
}

static int arg_err(struct probe_cmd_err *e, enum probe_err err, int word,
		   int errno_)
{
	*e = (struct probe_cmd_err){ .err = err, .word = word,
				     .errno_ = errno_ };
	return -errno_;
}

/*
 * The words the reference rewrites before it parses them, with the
 * function's BTF: "$arg*" becomes every parameter by its name, and an
 * unnamed "$argN[:TYPE]" the Nth's "NAME[:TYPE]". *@out gets the new
 * words (kfree() it), or NULL when nothing changed; their text is in
 * *@buf (kfree() it too). 0, or -errno with @e set.
 */
static int expand_btf_args(int argc, const char **argv, int first,
			   unsigned int flags, const struct probe_arg_env *env,
			   const char ***out, char **buf,
			   struct probe_cmd_err *e)
{
	const unsigned int slot = PROBE_ARG_BODY_MAX + 1;
	int i, j, k, nr, star = -1, newc;
	const char *name;
	unsigned long n;
	char *rest, *b;
	bool any = false;

	*out = NULL;
	*buf = NULL;
	for (i = first; i < argc; i++) {
		if (strncmp(argv[i], "$arg", 4))
			continue;
		if (!(flags & PROBE_CTX_KERNEL) ||
		    !(flags & (PROBE_CTX_ENTRY | PROBE_CTX_RETURN)) ||
		    (flags & (PROBE_CTX_USER | PROBE_CTX_EVENT)))
			return arg_err(e, PERR_NOFENTRY_ARGS, i, EINVAL);
		any = true;
		if (isdigit(argv[i][4]))
			continue;
		if (argv[i][4] != '*')
			return arg_err(e, PERR_BAD_VAR, i, EINVAL);
		if (star >= 0)
			return arg_err(e, PERR_DOUBLE_ARGS, i, EINVAL);
		star = i;
	}
	if (!any)
		return 0;
	nr = env->btf ? env->btf->nr_params(env->btf_data) : -ENOENT;
	if (nr <= 0) {
		/* "$arg*" needs the names; "$argN" is a plain register then */
		if (star >= 0)
			return arg_err(e, PERR_NOSUP_BTFARG, star, EOPNOTSUPP);
		return 0;
	}
	newc = argc + (star >= 0 ? nr - 1 : 0);
	*out = kcalloc(newc, sizeof(**out), GFP_KERNEL);
	b = kcalloc(newc, slot, GFP_KERNEL);
	if (!*out || !b) {
		kfree(*out);
		kfree(b);
		*out = NULL;
		e->err = PERR_NONE;
		return -ENOMEM;
	}
	*buf = b;
	for (i = 0, j = 0; i < argc; i++) {
		if (i < first || strncmp(argv[i], "$arg", 4)) {
			(*out)[j++] = argv[i];
			continue;
		}
		if (i == star) {
			for (k = 0; k < nr; k++) {
				name = env->btf->param_name(env->btf_data, k);
				if (!name)
					return arg_err(e, PERR_NO_BTF_ENTRY, i,
						       ENOENT);
				if (snprintf(b, slot, "%s", name) >= slot)
					return arg_err(e, PERR_ARGS_2LONG, i,
						       E2BIG);
				(*out)[j++] = b;
				b += slot;
			}
			continue;
		}
		rest = (char *)argv[i] + 4;
		while (isdigit(*rest))
			rest++;
		if (*rest && *rest != ':')
			return arg_err(e, PERR_BAD_VAR, i, ENOENT);
		if (!arg_index(argv[i] + 4, rest - (argv[i] + 4), &n) || !n)
			return arg_err(e, PERR_BAD_ARG_NUM, i, EINVAL);
		name = n <= nr ? env->btf->param_name(env->btf_data, n - 1) :
		       NULL;
		if (!name)
			return arg_err(e, PERR_NO_BTFARG, i, ENOENT);
		if (snprintf(b, slot, "%s%s", name, rest) >= slot)
			return arg_err(e, PERR_ARGS_2LONG, i, E2BIG);
		(*out)[j++] = b;
		b += slot;
	}
	return newc;
}

int probe_point_parse_args(struct probe_point *pt, int argc,
			   const char **argv, int first, unsigned int flags,
			   const struct probe_arg_env *env,
			   struct probe_cmd_err *e)
{
	const char **words;
	char *buf;
	int ret;

	ret = expand_btf_args(argc, argv, first, flags, env, &words, &buf, e);
	if (ret < 0)
		goto out;
	if (words)
		argc = ret;
	/* more than the reference takes once expanded: nothing logged */
	if (argc - first > PROBE_ARGS_MAX) {
		e->err = PERR_NONE;
		ret = -E2BIG;
		goto out;
	}
	ret = parse_point_args(pt, argc, words ? words : argv, first, flags, env, e);
out:
	kfree(words);
	kfree(buf);
	return ret;
}

static int parse_point_args(struct probe_point *pt, int argc,
			    const char **argv, int first, unsigned int flags,
			    const struct probe_arg_env *env,
			    struct probe_cmd_err *e)
{
	struct names_seen seen = { .pt = pt };
	struct probe_parse p = {
		.flags = flags, .env = env,
		.name_used = name_used, .data = &seen,
	};
	unsigned int total = 0;
	int i, ret;

	pt->nargs = 0;
	pt->regs_only = true;
	if (argc - first <= 0)
		return 0;
	pt->regs_only = false;
	pt->args = kcalloc(argc - first, sizeof(*pt->args), GFP_KERNEL);
	if (!pt->args)
		return -ENOMEM;
	for (i = first; i < argc; i++) {
		struct probe_arg *a = &pt->args[i - first];
		char *vfs = vfs_arg(argv[i]);

		if (IS_ERR(vfs)) {
			e->err = PERR_NONE;
			return PTR_ERR(vfs);
		}
		p.index = i - first + 1;
		ret = probe_arg_parse(&p, vfs ? vfs : argv[i], a);
		kfree(vfs);
		if (ret) {
			e->err = p.err;
			e->err_also = p.err_also;
			e->errno_ = p.err_errno;
			e->word = p.err_at_point ? 1 : i;
			e->col = p.err_at_point ? 0 : p.err_pos;
			return ret;
		}
		pt->nargs++;
		seen.n = pt->nargs;
		total += probe_arg_size(a);
		if (total > PROBE_EVENT_MAX) {
			*e = (struct probe_cmd_err){ .err = PERR_EVENT_TOO_BIG,
				.word = i, .errno_ = E2BIG };
			return -E2BIG;
		}
	}
	pt->regs_only = probe_args_regs_only(pt->args, pt->nargs);
	return 0;
}

void probe_point_free_args(struct probe_point *pt)
{
	unsigned int i;

	for (i = 0; i < pt->nargs; i++)
		probe_arg_free(&pt->args[i]);
	kfree(pt->args);
	pt->args = NULL;
	pt->nargs = 0;
}

static struct probe_point *pt_of_dyn(struct dyn_event *ev)
{
	return container_of(ev, struct probe_point, dyn);
}

bool probe_dyn_match(const char *group, const char *event,
		     const char *const *words, int n, struct dyn_event *ev)
{
	struct probe_point *pt = pt_of_dyn(ev);

	if (event[0] && strcmp(event, pt->cmd.event))
		return false;
	if (group[0] && strcmp(group, pt->cmd.group))
		return false;
	return probe_cmd_matches(&pt->cmd, pt->args, pt->nargs, words, n);
}

int probe_point_show(struct seq_file *m, const struct probe_point *pt,
		     const struct probe_cmd *cmd)
{
	char *buf;
	int len;

	buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	len = probe_cmd_show(cmd, pt->args, pt->nargs, buf, PAGE_SIZE);
	if (len > 0)
		seq_write(m, buf, len);
	kfree(buf);
	return 0;
}

int probe_dyn_show(struct seq_file *m, struct dyn_event *ev)
{
	struct probe_point *pt = pt_of_dyn(ev);

	return probe_point_show(m, pt, &pt->cmd);
}

bool probe_dyn_busy(struct dyn_event *ev)
{
	return probe_event_busy(pt_of_dyn(ev)->pev);
}

bool probe_point_fetches_args(const struct probe_point *pt)
{
	unsigned int i;

	for (i = 0; i < pt->nargs; i++)
		if (pt->args[i].src == PSRC_ARG)
			return true;
	return false;
}

unsigned long probe_kernel_symbol(const char *name)
{
	return kallsyms_lookup_name(name);
}

int probe_point_register(struct probe_point *pt,
			 const struct probe_kind_ops *ops,
			 struct probe_cmd_err *e)
{
	const struct probe_point *first, *other;
	struct probe_event *pev;
	bool same = false, clash;
	int ret;

	pev = probe_event_find(pt->cmd.group, pt->cmd.event, &clash);
	if (clash || (pev && pev->ops != ops)) {
		*e = (struct probe_cmd_err){ .err = PERR_EVENT_EXIST,
					     .errno_ = EEXIST };
		return -EEXIST;
	}
	if (!pev)
		return probe_event_create(pt, ops);
	if (ops->one_point) {
		*e = (struct probe_cmd_err){ .err = PERR_EVENT_EXIST,
					     .errno_ = EEXIST };
		return -EEXIST;
	}
	first = layout_of(pev);
	list_for_each_entry(other, &pev->points, list)
		same |= probe_cmd_same(&other->cmd, other->args, other->nargs,
				       &pt->cmd, pt->args, pt->nargs);
	ret = probe_cmd_can_append(&first->cmd, first->args, first->nargs,
				   &pt->cmd, pt->args, pt->nargs, same, e);
	if (ret)
		return ret;
	probe_event_append(pev, pt);
	return 0;
}

/*
 * The head of a kernel probe's record in the text: "(sym+0x4/0x90)" for
 * an entry, "(caller+0x54/0x80 <- sym)" for a return.
 */
void probe_print_head_ksym(struct trace_seq *s, struct probe_event *pev,
			   const void *rec, int flags)
{
	const unsigned long *head = (const void *)((struct trace_entry *)rec + 1);

	trace_seq_putc(s, '(');
	if (pev->head == PROBE_HEAD_RETURN) {
		seq_print_ip_sym(s, head[1], flags | TRACE_ITER_SYM_OFFSET);
		trace_seq_puts(s, " <- ");
		seq_print_ip_sym(s, head[0], flags & ~TRACE_ITER_SYM_OFFSET);
	} else {
		seq_print_ip_sym(s, head[0], flags | TRACE_ITER_SYM_OFFSET);
	}
	trace_seq_putc(s, ')');
}
