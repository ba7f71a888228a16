// SPDX-License-Identifier: GPL-2.0
/*
 * export_probe: a test module for register_ftrace_export(). It registers
 * one trace_export per TRACE_EXPORT_* bit and, for each, counts what its
 * ->write() receives and keeps the type and length of the last entry
 * (the text too, for the marker), all readable as module parameters in
 * /sys/module/export_probe/parameters/:
 *   {fn,ev,mk}_count, {fn,ev,mk}_type, {fn,ev,mk}_len, mk_text
 * A T2 case compares them with what the tracing files say: the event
 * ids of events/ftrace/{function,print} and of the enabled event.
 *
 * With bogus=1 the module also checks that unregistering an export that
 * was never registered fails; load fails with -EINVAL if it succeeds.
 * (Ours also refuses an export with no ->write() and a second
 * registration of the same one; the reference WARNs on the first and
 * links the second into a loop, so neither is asked here.)
 */
#include <linux/atomic.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/trace_events.h>

static int fn_count, ev_count, mk_count;
static int fn_type, ev_type, mk_type;
static int fn_len, ev_len, mk_len;
static char mk_text[64];
static bool bogus;

module_param(fn_count, int, 0444);
module_param(ev_count, int, 0444);
module_param(mk_count, int, 0444);
module_param(fn_type, int, 0444);
module_param(ev_type, int, 0444);
module_param(mk_type, int, 0444);
module_param(fn_len, int, 0444);
module_param(ev_len, int, 0444);
module_param(mk_len, int, 0444);
module_param_string(mk_text, mk_text, sizeof(mk_text), 0444);
module_param(bogus, bool, 0444);

/* one export per bit: what arrives is known to come from that producer */
struct probe {
	struct trace_export	export;
	int			*count, *type, *len;
};

static void probe_write(struct trace_export *export, const void *buf,
			unsigned int len)
{
	struct probe *p = container_of(export, struct probe, export);
	const struct trace_entry *ent = buf;

	WRITE_ONCE(*p->type, ent->type);
	WRITE_ONCE(*p->len, len);
	/* the marker entry: struct print_entry, the text after the ip */
	if (p->count == &mk_count && len > sizeof(*ent) + sizeof(long))
		strscpy(mk_text, buf + sizeof(*ent) + sizeof(long),
			min_t(size_t, sizeof(mk_text),
			      len - sizeof(*ent) - sizeof(long)));
	/* writers on several CPUs at once: a plain ++ would lose counts */
	atomic_inc((atomic_t *)p->count);
}

static struct probe probes[] = {
	{ { .write = probe_write, .flags = TRACE_EXPORT_FUNCTION },
	  &fn_count, &fn_type, &fn_len },
	{ { .write = probe_write, .flags = TRACE_EXPORT_EVENT },
	  &ev_count, &ev_type, &ev_len },
	{ { .write = probe_write, .flags = TRACE_EXPORT_MARKER },
	  &mk_count, &mk_type, &mk_len },
};

static int bogus_checks(void)
{
	static struct trace_export never = {
		.write = probe_write, .flags = TRACE_EXPORT_EVENT,
	};

	if (!unregister_ftrace_export(&never)) {
		pr_err("export_probe: unregistered what was never registered\n");
		return -EINVAL;
	}
	return 0;
}

static int __init export_probe_init(void)
{
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(probes); i++) {
		ret = register_ftrace_export(&probes[i].export);
		if (ret)
			goto undo;
	}
	if (bogus) {
		ret = bogus_checks();
		if (ret)
			goto undo;
	}
	return 0;
undo:
	while (i--)
		unregister_ftrace_export(&probes[i].export);
	return ret;
}

static void __exit export_probe_exit(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(probes); i++)
		unregister_ftrace_export(&probes[i].export);
}

module_init(export_probe_init);
module_exit(export_probe_exit);
MODULE_DESCRIPTION("counts what register_ftrace_export() delivers");
MODULE_LICENSE("GPL");
