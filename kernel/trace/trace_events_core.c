// SPDX-License-Identifier: GPL-2.0
/*
 * events/ of every trace array, as far as the core alone can fill it: the
 * global enable switch, the ring buffer's page and entry headers, and
 * events/ftrace/<entry>/{format,id} describing the core's own entries so
 * that tools can decode the binary buffers (trace_pipe_raw, trace.dat).
 *
 * The directory is an eventfs tree: its files only come into being when
 * looked up, from the tables below, and eventfs keeps ownership changes
 * made with chown/chgrp. The event layer's tree (trace_events_files.c)
 * adds its subsystems next to ftrace/; events/enable reads and switches
 * the state of the engine's events (trace_events.c).
 */
#include <linux/tracefs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stringify.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_events_internal.h"

/*
 * One line of a format file. @array_len is 0 for a scalar, the number
 * of elements of an array, or -1 for a flexible array ("name[]").
 */
static void core_print_field(struct seq_file *m, const char *type,
			     const char *name, int array_len,
			     unsigned int offset, unsigned int size,
			     bool is_signed)
{
	char dim[16] = "";

	if (array_len > 0)
		snprintf(dim, sizeof(dim), "[%d]", array_len);
	else if (array_len < 0)
		strscpy(dim, "[]", sizeof(dim));
	seq_printf(m, "\tfield:%s %s%s;\toffset:%u;\tsize:%u;\tsigned:%d;\n",
		   type, name, dim, offset, size, is_signed);
}

/* The common_* fields every entry and event starts with. */
static void common_fields_show(struct seq_file *m)
{
	core_print_field(m, "unsigned short", "common_type", 0,
			 offsetof(struct trace_entry, type),
			 sizeof_field(struct trace_entry, type), false);
	core_print_field(m, "unsigned char", "common_flags", 0,
			 offsetof(struct trace_entry, flags),
			 sizeof_field(struct trace_entry, flags), false);
	core_print_field(m, "unsigned char", "common_preempt_count", 0,
			 offsetof(struct trace_entry, preempt_count),
			 sizeof_field(struct trace_entry, preempt_count), false);
	core_print_field(m, "int", "common_pid", 0,
			 offsetof(struct trace_entry, pid),
			 sizeof_field(struct trace_entry, pid), true);
}

/*
 * The fields of each entry and its format file, generated from
 * trace_core_entries.h: @rec only gives offsetof() and sizeof() their
 * type, it is never followed.
 */
#define CORE_STRUCT(sname, fields)					\
static void core_fields_##sname(struct seq_file *m)			\
{									\
	struct sname *rec __maybe_unused = NULL;			\
									\
	fields								\
}

#define ENTRY_FIELD(type, name)						\
	core_print_field(m, #type, #name, 0, offsetof(typeof(*rec), name), \
			 sizeof(rec->name), is_signed_type(type))
#define ENTRY_ARRAY(type, name, ...)					\
	core_print_field(m, #type, #name, ARRAY_SIZE(rec->name),	\
			 offsetof(typeof(*rec), name), sizeof(rec->name),	\
			 is_signed_type(type))
#define ENTRY_FLEX(type, name)						\
	core_print_field(m, #type, #name, -1,				\
			 offsetof(typeof(*rec), name), 0, is_signed_type(type))
/* (the count must come first: tools need it to find the array's end) */
#define ENTRY_COUNTED(type, name, count, shown)				\
	core_print_field(m, #type, #name, shown,			\
			 offsetof(typeof(*rec), name) +			\
			 BUILD_BUG_ON_ZERO(offsetof(typeof(*rec), count) >=	\
					   offsetof(typeof(*rec), name)),	\
			 (shown) * sizeof(type), is_signed_type(type))
/* a packed struct of the API: its members, at their offsets in the entry */
#define ENTRY_NESTED(type, name, subfields...)				\
	do {								\
		size_t base = offsetof(typeof(*rec), name);		\
		type *sub __maybe_unused = NULL;			\
									\
		subfields						\
	} while (0)
#define ENTRY_SUB(type, name)						\
	core_print_field(m, #type, #name, 0,				\
			 base + offsetof(typeof(*sub), name),		\
			 sizeof(sub->name), is_signed_type(type))

/*
 * The "print fmt" line is ABI text tools parse: the format string and
 * its arguments as C source, spelled out by the preprocessor so the
 * spacing is always the canonical one.
 */
#define CORE_FMT(fmt, args...)	__stringify(fmt) ", " __stringify(args)

/* An entry of the ftrace subsystem: events/ftrace/<name>/. */
struct core_event {
	const char		*name;
	enum trace_type		type;
	void			(*fields_show)(struct seq_file *m);
	const char		*print_fmt;
};

/* Keyed by struct and event name: two events may share one struct. */
#define CORE_EVENT(sname, event, id, ...)				\
static const struct core_event core_event_##sname##_##event = {	\
	.name		= #event,					\
	.type		= id,						\
	.fields_show	= core_fields_##sname,				\
	.print_fmt	= CORE_FMT(__VA_ARGS__),			\
}

#define CORE_OUTPUT(...)
#define CORE_OUTPUT_BIN(...)
#include "trace_core_entries.h"

static int core_format_show(struct seq_file *m, void *v)
{
	const struct core_event *ev = m->private;

	seq_printf(m, "name: %s\nID: %d\nformat:\n", ev->name, ev->type);
	common_fields_show(m);
	seq_putc(m, '\n');
	ev->fields_show(m);
	seq_printf(m, "\nprint fmt: %s\n", ev->print_fmt);
	return 0;
}

static int core_format_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return single_open(file, core_format_show, inode->i_private);
}

static const struct file_operations core_format_fops = {
	.open		= core_format_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static ssize_t core_id_read(struct file *filp, char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	const struct core_event *ev = filp->private_data;
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%d\n", ev->type);

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations core_id_fops = {
	.open		= tracing_open_generic,
	.read		= core_id_read,
	.llseek		= default_llseek,
};

/* events/enable: the switch of all the array's events (data: the array) */
static ssize_t events_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return trace_events_state_read(filp->private_data, NULL, ubuf, cnt,
				       ppos);
}

static ssize_t events_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	return trace_events_state_write(filp->private_data, NULL, ubuf, cnt,
					ppos);
}

static const struct file_operations events_enable_fops = {
	.open		= tracing_open_generic_tr,
	.read		= events_enable_read,
	.write		= events_enable_write,
	.llseek		= default_llseek,
	.release	= tracing_release_generic_tr,
};

/*
 * header_page and header_event: the ring buffer describes its own
 * layout. The text is made again on each read, so reads at any offset
 * and of any size see one consistent file.
 */
static ssize_t header_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos, bool page)
{
	struct trace_array *tr = filp->private_data;
	struct trace_seq *s;
	ssize_t ret;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	if (page)
		ring_buffer_print_page_header(tr->array_buffer.buffer, s);
	else
		ring_buffer_print_entry_header(s);
	ret = simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

static ssize_t header_page_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return header_read(filp, ubuf, cnt, ppos, true);
}

static ssize_t header_event_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return header_read(filp, ubuf, cnt, ppos, false);
}

static const struct file_operations header_page_fops = {
	.open		= tracing_open_generic_tr,
	.read		= header_page_read,
	.llseek		= default_llseek,
	.release	= tracing_release_generic_tr,
};

static const struct file_operations header_event_fops = {
	.open		= tracing_open_generic_tr,
	.read		= header_event_read,
	.llseek		= default_llseek,
	.release	= tracing_release_generic_tr,
};

/* The files of one eventfs directory kind, found by name on lookup. */
struct core_file {
	const char			*name;
	umode_t				mode;
	const struct file_operations	*fops;
};

static const struct core_file events_root_files[] = {
	{ "enable",		TRACE_MODE_WRITE,	&events_enable_fops },
	{ "header_page",	TRACE_MODE_READ,	&header_page_fops },
	{ "header_event",	TRACE_MODE_READ,	&header_event_fops },
};

static const struct core_file core_event_files[] = {
	{ "format",	TRACE_MODE_READ,	&core_format_fops },
	{ "id",		TRACE_MODE_READ,	&core_id_fops },
};

/*
 * Called by eventfs under its own mutex: it must only fill in the
 * answer, never call back into tracefs. The data eventfs passes (the
 * trace array for the root, the core_event for an entry) is left as is
 * (but see print_event_callback()).
 */
static int core_file_lookup(const struct core_file *files, size_t nr,
			    const char *name, umode_t *mode,
			    const struct file_operations **fops)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		if (strcmp(files[i].name, name))
			continue;
		*mode = files[i].mode;
		*fops = files[i].fops;
		return 1;
	}
	return 0;
}

static int events_root_callback(const char *name, umode_t *mode, void **data,
				const struct file_operations **fops)
{
	return core_file_lookup(events_root_files,
				ARRAY_SIZE(events_root_files), name, mode, fops);
}

static int core_event_callback(const char *name, umode_t *mode, void **data,
			       const struct file_operations **fops)
{
	return core_file_lookup(core_event_files,
				ARRAY_SIZE(core_event_files), name, mode, fops);
}

static const struct eventfs_entry events_root_entries[] = {
	{ .name = "enable",		.callback = events_root_callback },
	{ .name = "header_page",	.callback = events_root_callback },
	{ .name = "header_event",	.callback = events_root_callback },
};

static const struct eventfs_entry core_event_entries[] = {
	{ .name = "format",	.callback = core_event_callback },
	{ .name = "id",		.callback = core_event_callback },
};

/*
 * ftrace/print also has the trigger file of trace_marker writes. Its
 * directory's data is the trace array, which the trigger file needs;
 * format and id get the entry's description instead.
 */
static int print_event_callback(const char *name, umode_t *mode, void **data,
				const struct file_operations **fops)
{
	if (!strcmp(name, "trigger")) {
		*mode = TRACE_MODE_WRITE;
		*fops = trace_marker_trigger_fops();
		return 1;
	}
	*data = (void *)&core_event_print_entry_print;
	return core_event_callback(name, mode, data, fops);
}

static const struct eventfs_entry print_event_entries[] = {
	{ .name = "format",	.callback = print_event_callback },
	{ .name = "id",		.callback = print_event_callback },
	{ .name = "trigger",	.callback = print_event_callback },
};

/* events/ftrace/<name>/ of one entry; the data is never freed. */
static void core_event_dir(struct trace_array *tr, struct eventfs_inode *sys,
			   const struct core_event *ev)
{
	struct eventfs_inode *ei;

	if (ev == &core_event_print_entry_print)
		ei = eventfs_create_dir(ev->name, sys, print_event_entries,
					ARRAY_SIZE(print_event_entries), tr);
	else
		ei = eventfs_create_dir(ev->name, sys, core_event_entries,
					ARRAY_SIZE(core_event_entries),
					(void *)ev);
	if (IS_ERR(ei))
		pr_warn("tracing: could not create events/ftrace/%s/\n",
			ev->name);
}

int trace_events_core_create(struct trace_array *tr, struct dentry *parent)
{
	struct eventfs_inode *root, *sys;

	root = eventfs_create_events_dir("events", parent, events_root_entries,
					 ARRAY_SIZE(events_root_entries), tr);
	if (IS_ERR_OR_NULL(root)) {
		pr_warn("tracing: could not create events/\n");
		return root ? PTR_ERR(root) : -EPERM;
	}
	tr->event_dir = root;

	/* Like upstream's, the ftrace subsystem has no files of its own. */
	sys = eventfs_create_dir("ftrace", root, NULL, 0, NULL);
	if (IS_ERR(sys)) {
		pr_warn("tracing: could not create events/ftrace/\n");
		return PTR_ERR(sys);
	}
	/* One directory per entry of trace_core_entries.h. */
#define CORE_STRUCT(...)
#define CORE_EVENT(sname, event, ...)					\
	core_event_dir(tr, sys, &core_event_##sname##_##event)
#define CORE_OUTPUT(...)
#define CORE_OUTPUT_BIN(...)
#include "trace_core_entries.h"
	return 0;
}

void trace_events_core_remove(struct trace_array *tr)
{
	if (!tr->event_dir)
		return;
	/* Takes the whole tree below with it. */
	eventfs_remove_events_dir(tr->event_dir);
	tr->event_dir = NULL;
}
