// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes: "e[:[GRP/]EVENT] SYS.EVENT [ARGS] [if FILTER]", a probe
 * event (trace_probe.h) whose hits are the records of another event,
 * the attached one, and whose arguments are fetched from that record's
 * fields ($FIELD) and what they point to.
 *
 * An eprobe has no probe of its own in the kernel's code. Enabled in an
 * array, it puts an internal trigger (trace_triggers.h) on the attached
 * event's file of the same array: the trigger holds that file in soft
 * mode, so the attached event fires without being traced, and runs
 * with each of its records (that the "if" filter, a filter on the
 * attached event's fields, lets through), recording the eprobe's event
 * into the eprobe's file of that array. The attached event is held
 * (trace_event_try_get_ref()) for the eprobe's whole life: its module
 * cannot go, a dynamic event cannot be removed.
 *
 * As the reference, an eprobe's event has one point (a second
 * definition of its name is refused), and it cannot be attached to
 * another probe's event; perf may open it, and gets no records.
 */
#include <linux/slab.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_internal.h"
#include "trace_probe.h"
#include "trace_triggers.h"

struct trace_eprobe {
	struct probe_point	pt;
	/* the attached event, referenced */
	struct trace_event_call	*target;
	/* the "if" expression, on the attached event's fields, or NULL */
	char			*filter;
	/* struct eprobe_link: one per array it is enabled in */
	struct list_head	links;
};

/* An eprobe enabled in one array: its trigger on the attached event. */
struct eprobe_link {
	struct list_head	list;
	struct trace_eprobe	*ep;
	/* the eprobe's own file in the array: where its records go */
	struct trace_event_file	*file;
	struct event_trigger	*trigger;
};

static struct dyn_event_ops eprobe_dyn_ops;

static struct trace_eprobe *ep_of_pev(struct probe_event *pev)
{
	return container_of(list_first_entry(&pev->points, struct probe_point,
					     list),
			    struct trace_eprobe, pt);
}

static struct trace_eprobe *ep_of_dyn(struct dyn_event *ev)
{
	return container_of(ev, struct trace_eprobe, pt.dyn);
}

/* ---------------------------------------------------------------- */
/* Hits: the internal trigger's action                                 */

static void eprobe_fire(struct trace_action *a,
			const struct trace_action_ctx *ctx)
{
	struct eprobe_link *link = a->data;

	/* it asked for the record (TRIGGER_CMD_NEEDS_REC): always there */
	if (unlikely(!ctx->rec))
		return;
	probe_event_hit_record(&link->ep->pt, link->file, ctx->rec);
}

/* Two eprobes on one event of one array are two triggers. */
static bool eprobe_same(const struct trace_action *a,
			const struct trace_action *b)
{
	return a->data == b->data;
}

/* never called: the trigger file does not list internal triggers */
static void eprobe_print(struct seq_file *m, const struct trace_action *a)
{
}

static const struct trace_action_type eprobe_action = {
	.name	= "eprobe",
	.fire	= eprobe_fire,
	.same	= eprobe_same,
	.print	= eprobe_print,
};

/* ---------------------------------------------------------------- */
/* Enabled in an array: a trigger on the attached event's file there   */

static struct trace_event_file *target_file(struct trace_eprobe *ep,
					    struct trace_array *tr)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list)
		if (file->event_call == ep->target)
			return file;
	return NULL;
}

static int eprobe_file_on(struct probe_event *pev,
			  struct trace_event_file *file)
{
	struct trace_eprobe *ep = ep_of_pev(pev);
	struct trace_event_file *target;
	struct eprobe_link *link;

	lockdep_assert_held(&event_mutex);
	target = target_file(ep, file->tr);
	if (!target)
		return -ENOENT;
	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		return -ENOMEM;
	link->ep = ep;
	link->file = file;
	link->trigger = trace_event_internal_trigger_add(target,
							 &eprobe_action, link,
							 ep->filter);
	if (IS_ERR(link->trigger)) {
		int ret = PTR_ERR(link->trigger);

		kfree(link);
		return ret;
	}
	list_add(&link->list, &ep->links);
	return 0;
}

static void eprobe_file_off(struct probe_event *pev,
			    struct trace_event_file *file)
{
	struct trace_eprobe *ep = ep_of_pev(pev);
	struct eprobe_link *link;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(link, &ep->links, list) {
		if (link->file != file)
			continue;
		/* waits for the probes: no hit still uses the link after */
		trace_event_internal_trigger_remove(link->trigger);
		list_del(&link->list);
		kfree(link);
		return;
	}
}

/* "(SYS.EVENT)": the event the record came from */
static void eprobe_print_head(struct trace_seq *s, struct probe_event *pev,
			      const void *rec, int flags)
{
	struct trace_event_call *target = ep_of_pev(pev)->target;

	trace_seq_printf(s, "(%s.%s)", target->class->system,
			 trace_event_name(target));
}

static const struct probe_kind_ops eprobe_kind_ops = {
	.log_loc	= "event_probe",
	.call_flags	= TRACE_EVENT_FL_EPROBE,
	.one_point	= true,
	.file_on	= eprobe_file_on,
	.file_off	= eprobe_file_off,
	.print_head	= eprobe_print_head,
};

/* ---------------------------------------------------------------- */
/* Definitions                                                         */

/* An attached event's field, as the argument parser asks for it. */
static int eprobe_field(void *data, const char *name, long *off,
			unsigned int *size, enum probe_field_kind *kind)
{
	struct trace_event_call *call = data;
	struct ftrace_event_field *f;

	/* its own fields only: not the common ones (as the reference) */
	list_for_each_entry(f, trace_get_fields(call), link) {
		if (strcmp(f->name, name))
			continue;
		*off = f->offset;
		*size = f->size;
		switch (f->filter_type) {
		case FILTER_DYN_STRING:
			*kind = PFIELD_STR_DYN;
			break;
		case FILTER_RDYN_STRING:
			*kind = PFIELD_STR_REL;
			break;
		case FILTER_STATIC_STRING:
			*kind = PFIELD_STR_ARRAY;
			break;
		case FILTER_PTR_STRING:
			*kind = PFIELD_STR_PTR;
			break;
		default:
			*kind = f->is_signed ? PFIELD_SIGNED : PFIELD_UNSIGNED;
			break;
		}
		return 0;
	}
	return -ENOENT;
}

/*
 * The event "SYS.EVENT" names, referenced; NULL if there is none that
 * an eprobe may attach to (another probe's, or one that cannot be
 * enabled), or it is going away.
 */
static struct trace_event_call *find_target(const char *place)
{
	const unsigned int refused = TRACE_EVENT_FL_IGNORE_ENABLE |
				     TRACE_EVENT_FL_KPROBE |
				     TRACE_EVENT_FL_UPROBE |
				     TRACE_EVENT_FL_EPROBE;
	const char *dot = strchr(place, '.');
	struct trace_event_call *call;
	size_t len = dot - place;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(call, &ftrace_events, list) {
		if ((call->flags & refused) || !call->class->system)
			continue;
		if (strlen(call->class->system) != len ||
		    strncmp(call->class->system, place, len) ||
		    strcmp(trace_event_name(call), dot + 1))
			continue;
		return trace_event_try_get_ref(call) ? call : NULL;
	}
	return NULL;
}

static void ep_free(struct trace_eprobe *ep)
{
	probe_point_free_args(&ep->pt);
	if (ep->target)
		trace_event_put_ref(ep->target);
	kfree(ep->filter);
	kfree(ep);
}

/* The "if" expression, checked as the reference does: on the top array. */
static int check_filter(struct trace_eprobe *ep)
{
	struct filter_error err = { };
	struct event_filter *f = NULL;
	int ret;

	ret = event_filter_compile(ep->target, ep->filter, false, &f, &err);
	event_filter_free(f);
	if (ret && ret != -ENOMEM)
		event_filter_log_error(NULL, ep->filter, &err);
	return ret;
}

static int eprobe_define(int argc, const char **argv, struct probe_cmd_err *e)
{
	struct probe_arg_env env = {
		.symbol	= probe_kernel_symbol,
		.field	= eprobe_field,
	};
	struct probe_cmd_err ferr = { .err = PERR_NONE };
	struct trace_eprobe *ep;
	int ret, fret, nargs;

	ep = kzalloc(sizeof(*ep), GFP_KERNEL);
	if (!ep)
		return -ENOMEM;
	INIT_LIST_HEAD(&ep->links);
	ep->filter = kmalloc(PROBE_LINE_MAX + 1, GFP_KERNEL);
	if (!ep->filter) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = probe_cmd_parse(PROBE_EPROBE, argc, argv, &ep->pt.cmd, e);
	if (ret)
		goto fail;
	probe_cmd_default_names(&ep->pt.cmd);
	/* its error comes after the attached event's, as the reference's */
	fret = probe_cmd_filter(argc, argv, &nargs, ep->filter,
				PROBE_LINE_MAX + 1, &ferr);
	if (nargs > PROBE_ARGS_MAX) {
		e->err = PERR_NONE;
		ret = -E2BIG;
		goto fail;
	}
	ep->target = find_target(ep->pt.cmd.symbol);
	if (!ep->target) {
		*e = (struct probe_cmd_err){ .err = PERR_BAD_ATTACH_EVENT,
					     .word = 1, .errno_ = ENODEV };
		ret = -ENODEV;
		goto fail;
	}
	if (fret) {
		*e = ferr;
		ret = fret;
		goto fail;
	}
	if (ep->filter[0]) {
		ret = check_filter(ep);
		if (ret) {
			e->err = PERR_NONE;
			goto fail;
		}
	} else {
		kfree(ep->filter);
		ep->filter = NULL;
	}
	env.data = ep->target;
	ret = probe_point_parse_args(&ep->pt, 2 + nargs, argv, 2,
				     PROBE_CTX_KERNEL | PROBE_CTX_NOREGS |
				     PROBE_CTX_EVENT, &env, e);
	if (ret)
		goto fail;
	ret = probe_point_register(&ep->pt, &eprobe_kind_ops, e);
	if (ret)
		goto fail;
	dyn_event_add(&ep->pt.dyn, &eprobe_dyn_ops);
	return 0;
fail:
	ep_free(ep);
	return ret;
}

/* A definition: -ECANCELED when it is not an eprobe's. */
static int eprobe_create(int argc, const char **argv)
{
	struct probe_cmd_err e = { .err = PERR_NONE };
	int ret;

	if (probe_cmd_kind(argc, argv) != PROBE_EPROBE)
		return -ECANCELED;
	ret = eprobe_define(argc, argv, &e);
	if (ret && e.err != PERR_NONE)
		probe_log_err(eprobe_kind_ops.log_loc, argc, argv, &e);
	return ret;
}

static int eprobe_free(struct dyn_event *ev)
{
	struct trace_eprobe *ep = ep_of_dyn(ev);
	int ret;

	/* an event in use stays: it is its only point */
	ret = probe_event_detach(&ep->pt);
	if (ret)
		return ret;
	dyn_event_del(ev);
	ep_free(ep);
	return 0;
}

static struct dyn_event_ops eprobe_dyn_ops = {
	.order		= 0,
	.create		= eprobe_create,
	.show		= probe_dyn_show,
	.is_busy	= probe_dyn_busy,
	.free		= eprobe_free,
	.match		= probe_dyn_match,
};

/* Before the boot-time events (trace_boot.c) may name one. */
static __init int eprobe_events_init(void)
{
	return dyn_event_register(&eprobe_dyn_ops);
}
early_initcall(eprobe_events_init);
