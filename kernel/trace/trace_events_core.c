// SPDX-License-Identifier: GPL-2.0
/*
 * events/ of every trace array, as far as the core alone can fill it: the
 * global enable switch, the ring buffer's page and entry headers, and
 * events/ftrace/<entry>/{format,id} describing the core's own entries so
 * that tools can decode the binary buffers (trace_pipe_raw, trace.dat).
 *
 * The directory is an eventfs tree: its files only come into being when
 * looked up, from the tables below, and eventfs keeps ownership changes
 * made with chown/chgrp. The event layer (trace_events.c) adds its
 * subsystems next to ftrace/, and its state is what events/enable shows.
 */
#include <linux/tracefs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stringify.h>
#include <linux/uaccess.h>

#include "trace.h"

/* One field of an entry, as its format file shows it. */
struct core_field {
	const char	*type;		/* of the element for arrays */
	const char	*name;
	unsigned int	offset;
	unsigned int	size;
	int		is_signed;
	int		array_len;	/* 0 scalar, > 0 fixed, < 0 open ([]) */
};

/*
 * Offsets and sizes come from our structs; the type names are those of
 * the members in trace.h. Each table ends with an empty entry.
 */
static const struct core_field common_fields[] = {
	{ "unsigned short", "common_type", offsetof(struct trace_entry, type),
	  sizeof_field(struct trace_entry, type) },
	{ "unsigned char", "common_flags", offsetof(struct trace_entry, flags),
	  sizeof_field(struct trace_entry, flags) },
	{ "unsigned char", "common_preempt_count",
	  offsetof(struct trace_entry, preempt_count),
	  sizeof_field(struct trace_entry, preempt_count) },
	{ "int", "common_pid", offsetof(struct trace_entry, pid),
	  sizeof_field(struct trace_entry, pid), 1 },
	{}
};

static const struct core_field function_fields[] = {
	{ "unsigned long", "ip", offsetof(struct ftrace_entry, ip),
	  sizeof_field(struct ftrace_entry, ip) },
	{ "unsigned long", "parent_ip", offsetof(struct ftrace_entry, parent_ip),
	  sizeof_field(struct ftrace_entry, parent_ip) },
	{}
};

/*
 * The stack entry's format has always described eight callers; the
 * entry itself records as many as were taken (size says how many).
 */
#define CORE_STACK_FMT_DEPTH	8

static const struct core_field kernel_stack_fields[] = {
	{ "int", "size", offsetof(struct stack_entry, size),
	  sizeof_field(struct stack_entry, size), 1 },
	{ "unsigned long", "caller", offsetof(struct stack_entry, caller),
	  CORE_STACK_FMT_DEPTH * sizeof(unsigned long), 0,
	  CORE_STACK_FMT_DEPTH },
	{}
};

/* Flexible array members show as "type name[]" of size 0. */
static const struct core_field user_stack_fields[] = {
	{ "unsigned int", "tgid", offsetof(struct userstack_entry, tgid),
	  sizeof_field(struct userstack_entry, tgid) },
	{ "unsigned long", "caller", offsetof(struct userstack_entry, caller),
	  sizeof_field(struct userstack_entry, caller), 0, USER_STACK_ENTRIES },
	{}
};

static const struct core_field print_fields[] = {
	{ "unsigned long", "ip", offsetof(struct print_entry, ip),
	  sizeof_field(struct print_entry, ip) },
	{ "char", "buf", offsetof(struct print_entry, buf), 0,
	  is_signed_type(char), -1 },
	{}
};

static const struct core_field bprint_fields[] = {
	{ "unsigned long", "ip", offsetof(struct bprint_entry, ip),
	  sizeof_field(struct bprint_entry, ip) },
	{ "const char *", "fmt", offsetof(struct bprint_entry, fmt),
	  sizeof_field(struct bprint_entry, fmt) },
	{ "u32", "buf", offsetof(struct bprint_entry, buf), 0, 0, -1 },
	{}
};

static const struct core_field bputs_fields[] = {
	{ "unsigned long", "ip", offsetof(struct bputs_entry, ip),
	  sizeof_field(struct bputs_entry, ip) },
	{ "const char *", "str", offsetof(struct bputs_entry, str),
	  sizeof_field(struct bputs_entry, str) },
	{}
};

static const struct core_field raw_data_fields[] = {
	{ "unsigned int", "id", offsetof(struct raw_data_entry, id),
	  sizeof_field(struct raw_data_entry, id) },
	{ "char", "buf", offsetof(struct raw_data_entry, buf), 0,
	  is_signed_type(char), -1 },
	{}
};

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
	const struct core_field	*fields;
	const char		*print_fmt;
};

static const struct core_event core_events[] = {
	{ "function", TRACE_FN, function_fields,
	  CORE_FMT(" %ps <-- %ps", (void *)REC->ip, (void *)REC->parent_ip) },
	{ "kernel_stack", TRACE_STACK, kernel_stack_fields,
	  CORE_FMT("\t=> %ps\n\t=> %ps\n\t=> %ps\n"
		   "\t=> %ps\n\t=> %ps\n\t=> %ps\n"
		   "\t=> %ps\n\t=> %ps\n",
		   (void *)REC->caller[0], (void *)REC->caller[1],
		   (void *)REC->caller[2], (void *)REC->caller[3],
		   (void *)REC->caller[4], (void *)REC->caller[5],
		   (void *)REC->caller[6], (void *)REC->caller[7]) },
	{ "user_stack", TRACE_USER_STACK, user_stack_fields,
	  CORE_FMT("\t=> %ps\n\t=> %ps\n\t=> %ps\n"
		   "\t=> %ps\n\t=> %ps\n\t=> %ps\n"
		   "\t=> %ps\n\t=> %ps\n",
		   (void *)REC->caller[0], (void *)REC->caller[1],
		   (void *)REC->caller[2], (void *)REC->caller[3],
		   (void *)REC->caller[4], (void *)REC->caller[5],
		   (void *)REC->caller[6], (void *)REC->caller[7]) },
	{ "print", TRACE_PRINT, print_fields,
	  CORE_FMT("%ps: %s", (void *)REC->ip, REC->buf) },
	{ "bprint", TRACE_BPRINT, bprint_fields,
	  CORE_FMT("%ps: %s", (void *)REC->ip, REC->fmt) },
	{ "bputs", TRACE_BPUTS, bputs_fields,
	  CORE_FMT("%ps: %s", (void *)REC->ip, REC->str) },
	{ "raw_data", TRACE_RAW_DATA, raw_data_fields,
	  CORE_FMT("id:%04x %08x", REC->id, (int)REC->buf[0]) },
};

static void core_print_fields(struct seq_file *m, const struct core_field *f)
{
	char dim[16];

	for (; f->type; f++) {
		if (f->array_len > 0)
			snprintf(dim, sizeof(dim), "[%d]", f->array_len);
		else
			strscpy(dim, f->array_len ? "[]" : "", sizeof(dim));
		seq_printf(m, "\tfield:%s %s%s;\toffset:%u;\tsize:%u;\tsigned:%d;\n",
			   f->type, f->name, dim, f->offset, f->size,
			   !!f->is_signed);
	}
}

static int core_format_show(struct seq_file *m, void *v)
{
	const struct core_event *ev = m->private;

	seq_printf(m, "name: %s\nID: %d\nformat:\n", ev->name, ev->type);
	core_print_fields(m, common_fields);
	seq_putc(m, '\n');
	core_print_fields(m, ev->fields);
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

static const struct file_operations events_enable_fops = {
	.open		= tracing_open_generic_tr,
	.read		= trace_events_enable_read,
	.write		= trace_events_enable_write,
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
 * trace array for the root, the core_event for an entry) is left as is.
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

int trace_events_core_create(struct trace_array *tr, struct dentry *parent)
{
	struct eventfs_inode *root, *sys, *ei;
	size_t i;

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
	for (i = 0; i < ARRAY_SIZE(core_events); i++) {
		/* The tables are never freed: eventfs may point at them. */
		ei = eventfs_create_dir(core_events[i].name, sys,
					core_event_entries,
					ARRAY_SIZE(core_event_entries),
					(void *)&core_events[i]);
		if (IS_ERR(ei))
			pr_warn("tracing: could not create events/ftrace/%s/\n",
				core_events[i].name);
	}
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
