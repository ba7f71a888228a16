// SPDX-License-Identifier: GPL-2.0
/*
 * What an event looks like from the outside: its fields (for the format
 * file, the filters, histograms and perf/BPF bounds checks) and the text
 * of events/<sys>/<event>/format, which user tools parse to decode the
 * binary records. The format text is ABI and matches upstream byte for
 * byte, including the print format after enum and sizeof names have been
 * turned into numbers (TRACE_DEFINE_ENUM/TRACE_DEFINE_SIZEOF maps).
 */
#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>

#include "trace.h"
#include "trace_events_internal.h"
#include "trace_events_filter.h"

/*
 * Every struct ftrace_event_field is allocated here, inside this wrapper,
 * so that a type string we had to rewrite (an enum in an array length,
 * a stripped attribute) is owned by the field and goes away with it.
 */
struct fmt_field {
	struct ftrace_event_field	field;
	char				*owned_type;
};

static LIST_HEAD(ftrace_common_fields);

/*
 * Names the filter accepts on every event although no record stores them
 * (CPU, comm, stacktrace). They are looked up after the event's own
 * fields, so an event field called "cpu" or "comm" wins.
 */
static LIST_HEAD(pseudo_fields);

/* ----------------------------------------------------------------- fields */

/* The FILTER_* class the filter derives from a C type, as upstream does. */
static int type_filter_class(const char *type)
{
	bool chars = strstr(type, "char");

	/* dynamic (absolute or relative), then fixed arrays of char */
	if (chars && strstr(type, "__data_loc"))
		return FILTER_DYN_STRING;
	if (strstr(type, "__data_loc") && strstr(type, "cpumask_t"))
		return FILTER_CPUMASK;
	if (chars && strstr(type, "__rel_loc"))
		return FILTER_RDYN_STRING;
	if (chars && strchr(type, '['))
		return FILTER_STATIC_STRING;
	if (!strcmp(type, "char *") || !strcmp(type, "const char *"))
		return FILTER_PTR_STRING;
	return FILTER_OTHER;
}

/*
 * Lists are kept newest first: the format file walks them backwards to
 * print in definition order, and trace_event_get_offsets() finds the
 * field that ends the fixed part at the head.
 */
static int field_add(struct list_head *head, const char *type,
		     const char *name, int offset, int size, int is_signed,
		     int filter_type, int len)
{
	struct fmt_field *ff = kzalloc(sizeof(*ff), GFP_KERNEL);

	if (!ff)
		return -ENOMEM;
	ff->field.name = name;
	ff->field.type = type;
	ff->field.filter_type = filter_type == FILTER_OTHER ?
				type_filter_class(type) : filter_type;
	ff->field.offset = offset;
	ff->field.size = size;
	ff->field.is_signed = is_signed;
	ff->field.len = len;
	list_add(&ff->field.link, head);
	return 0;
}

static void fields_free(struct list_head *head)
{
	struct ftrace_event_field *f, *tmp;

	list_for_each_entry_safe(f, tmp, head, link) {
		struct fmt_field *ff = container_of(f, struct fmt_field, field);

		list_del(&f->link);
		kfree(ff->owned_type);
		kfree(ff);
	}
}

int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size, int is_signed,
		       int filter_type)
{
	if (WARN_ON_ONCE(!call->class))
		return -EINVAL;
	return field_add(trace_get_fields(call), type, name, offset, size,
			 is_signed, filter_type, 0);
}
EXPORT_SYMBOL_GPL(trace_define_field);

/*
 * Where the fixed part of @call's record ends: perf refuses BPF programs
 * that read beyond it. Fields are defined in increasing offset order, so
 * the newest one (the head) is the last. Dynamic array data lies beyond
 * and is not counted.
 */
int trace_event_get_offsets(struct trace_event_call *call)
{
	struct list_head *head = trace_get_fields(call);
	struct ftrace_event_field *last;

	if (list_empty(head))
		return sizeof(struct trace_entry);
	last = list_first_entry(head, struct ftrace_event_field, link);
	return last->offset + last->size;
}

int trace_event_common_fields_init(void)
{
	/* The types and signedness as struct trace_entry declares them. */
	static const struct {
		const char *type, *name;
		int offset, size, is_signed;
	} common[] = {
		{ "unsigned short", "common_type",
		  offsetof(struct trace_entry, type),
		  sizeof_field(struct trace_entry, type), 0 },
		{ "unsigned char", "common_flags",
		  offsetof(struct trace_entry, flags),
		  sizeof_field(struct trace_entry, flags), 0 },
		/* Holds the migrate-disable depth too, in its upper nibble. */
		{ "unsigned char", "common_preempt_count",
		  offsetof(struct trace_entry, preempt_count),
		  sizeof_field(struct trace_entry, preempt_count), 0 },
		{ "int", "common_pid",
		  offsetof(struct trace_entry, pid),
		  sizeof_field(struct trace_entry, pid), 1 },
	};
	static const struct {
		const char *type, *name;
		int filter_type, is_signed;
	} pseudo[] = {
		{ "int", "CPU", FILTER_CPU, 1 },
		{ "int", "cpu", FILTER_CPU, 1 },
		{ "int", "common_cpu", FILTER_CPU, 1 },
		{ "char *", "COMM", FILTER_COMM, 0 },
		{ "char *", "comm", FILTER_COMM, 0 },
		{ "char *", "stacktrace", FILTER_STACKTRACE, 0 },
		{ "char *", "STACKTRACE", FILTER_STACKTRACE, 0 },
	};
	int i, ret;

	if (!list_empty(&ftrace_common_fields))
		return 0;

	for (i = 0; i < ARRAY_SIZE(common); i++) {
		ret = field_add(&ftrace_common_fields, common[i].type,
				common[i].name, common[i].offset,
				common[i].size, common[i].is_signed,
				FILTER_OTHER, 0);
		if (ret)
			goto fail;
	}
	for (i = 0; i < ARRAY_SIZE(pseudo); i++) {
		ret = field_add(&pseudo_fields, pseudo[i].type,
				pseudo[i].name, 0, 0, pseudo[i].is_signed,
				pseudo[i].filter_type, 0);
		if (ret)
			goto fail;
	}
	return 0;
fail:
	fields_free(&ftrace_common_fields);
	fields_free(&pseudo_fields);
	return ret;
}

static void eval_update_call(struct trace_event_call *call,
			     struct trace_eval_map **maps, int nr);

/* The kernel's own maps while they exist (they are __initdata). */
static struct trace_eval_map **boot_maps;
static int nr_boot_maps;

int trace_event_define_fields(struct trace_event_call *call)
{
	struct list_head *head = trace_get_fields(call);
	struct trace_event_fields *fa = call->class->fields_array;
	/* The event's own members follow the common header. */
	unsigned int offset = sizeof(struct trace_entry);
	int nr, ret = 0;

	/* Events sharing a class share the list: build it only once. */
	if (list_empty(head) && fa) {
		for (; fa->type; fa++) {
			if (fa->type == TRACE_FUNCTION_TYPE) {
				ret = fa->define_fields(call);
				break;
			}
			/*
			 * Same layout rule as the compiler's for the
			 * generated struct trace_event_raw_<call>: each
			 * member at its natural alignment, in order.
			 */
			offset = ALIGN(offset, fa->align);
			ret = field_add(head, fa->type, fa->name, offset,
					fa->size, fa->is_signed,
					fa->filter_type, fa->len);
			if (ret)
				break;
			offset += fa->size;
		}
		/* A half-built list would be taken as complete next time. */
		if (ret) {
			fields_free(head);
			return ret;
		}
	}

	/*
	 * trace_event_eval_init() may have run before the built-in events
	 * were registered: give each of them the rewrite it would have had.
	 * The maps are freed with the init sections, so only until then.
	 * The acquire pairs with the release in trace_event_eval_init().
	 */
	nr = smp_load_acquire(&nr_boot_maps);
	if (nr && system_state < SYSTEM_FREEING_INITMEM)
		eval_update_call(call, boot_maps, nr);
	return 0;
}

static struct ftrace_event_field *field_lookup(struct list_head *head,
					       const char *name)
{
	struct ftrace_event_field *f;

	list_for_each_entry(f, head, link)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

struct ftrace_event_field *trace_find_event_field(struct trace_event_call *call,
						  const char *name)
{
	struct ftrace_event_field *f;

	f = field_lookup(trace_get_fields(call), name);
	if (!f)
		f = field_lookup(&pseudo_fields, name);
	if (!f)
		f = field_lookup(&ftrace_common_fields, name);
	return f;
}

/* ------------------------------------------------------------ format file */

/*
 * The file is a sequence of items: the header, the common fields, an
 * empty line, the event's fields, the print format. Positions are
 * turned into items afresh on every start()/next(): the lists can change
 * between two read() calls (module unload), and are short.
 */
#define FMT_HEAD	((void *)1UL)
#define FMT_GAP		((void *)2UL)
#define FMT_PRINT	((void *)3UL)

static void *fmt_item(struct trace_event_call *call, loff_t pos)
{
	struct ftrace_event_field *f;

	if (pos-- == 0)
		return FMT_HEAD;
	list_for_each_entry_reverse(f, &ftrace_common_fields, link)
		if (pos-- == 0)
			return f;
	if (pos-- == 0)
		return FMT_GAP;
	list_for_each_entry_reverse(f, trace_get_fields(call), link)
		if (pos-- == 0)
			return f;
	if (pos-- == 0)
		return FMT_PRINT;
	return NULL;
}

static struct trace_event_call *fmt_call(struct seq_file *m)
{
	struct trace_event_file *file = event_file_data(m->private);

	return file ? file->event_call : NULL;
}

static void *fmt_start(struct seq_file *m, loff_t *pos)
{
	struct trace_event_call *call;

	/* Held until fmt_stop(), which seq_read calls even on error. */
	mutex_lock(&event_mutex);
	call = fmt_call(m);
	if (!call)
		return ERR_PTR(-ENODEV);
	return fmt_item(call, *pos);
}

static void *fmt_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return fmt_item(fmt_call(m), *pos);
}

static void fmt_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int fmt_show(struct seq_file *m, void *v)
{
	struct trace_event_call *call = fmt_call(m);
	struct ftrace_event_field *f = v;
	const char *bracket;

	if (v == FMT_HEAD) {
		seq_printf(m, "name: %s\nID: %d\nformat:\n",
			   trace_event_name(call), call->event.type);
		return 0;
	}
	if (v == FMT_GAP) {
		seq_putc(m, '\n');
		return 0;
	}
	if (v == FMT_PRINT) {
		/* vsnprintf's rendering of a NULL string, as upstream shows. */
		seq_printf(m, "\nprint fmt: %s\n",
			   call->print_fmt ?: "(null)");
		return 0;
	}

	/*
	 * A fixed array's type is stored as "elem[len]" but shown C-like as
	 * "elem name[len]" (with the evaluated length, or "[]" when the
	 * field has none). __data_loc types are shown as they are;
	 * __rel_loc ones go through the array rule, as upstream does.
	 */
	bracket = strchr(f->type, '[');
	if (str_has_prefix(f->type, "__data_loc"))
		bracket = NULL;
	seq_puts(m, "\tfield:");
	if (!bracket)
		seq_printf(m, "%s %s", f->type, f->name);
	else if (f->len)
		seq_printf(m, "%.*s %s[%d]", (int)(bracket - f->type), f->type,
			   f->name, f->len);
	else
		seq_printf(m, "%.*s %s[]", (int)(bracket - f->type), f->type,
			   f->name);
	seq_printf(m, ";\toffset:%u;\tsize:%u;\tsigned:%d;\n",
		   f->offset, f->size, !!f->is_signed);
	return 0;
}

static const struct seq_operations fmt_seq_ops = {
	.start	= fmt_start,
	.next	= fmt_next,
	.stop	= fmt_stop,
	.show	= fmt_show,
};

static int fmt_open(struct inode *inode, struct file *filp)
{
	int ret = seq_open(filp, &fmt_seq_ops);

	if (!ret)
		((struct seq_file *)filp->private_data)->private = filp;
	return ret;
}

const struct file_operations ftrace_event_format_fops = {
	.open		= fmt_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* -------------------------------------------------------------- eval maps */

/*
 * A print format we rewrote. Built-in formats live in the image and are
 * shared by the events of a class, so the first rewrite of a call's
 * format makes a private copy; later maps edit that copy in place (a
 * rewrite never lengthens it). The original is put back when the call's
 * fields are freed, for callers that reuse the call.
 */
struct fmt_copy {
	struct list_head		list;
	struct trace_event_call		*call;
	char				*orig;
	char				text[];
};

static LIST_HEAD(fmt_copies);
static DEFINE_MUTEX(fmt_copies_lock);

static struct fmt_copy *fmt_copy_find(struct trace_event_call *call)
{
	struct fmt_copy *c;

	list_for_each_entry(c, &fmt_copies, list)
		if (c->call == call)
			return c;
	return NULL;
}

void trace_event_free_fields(struct trace_event_call *call)
{
	struct fmt_copy *c;

	fields_free(trace_get_fields(call));

	mutex_lock(&fmt_copies_lock);
	c = fmt_copy_find(call);
	if (c) {
		if (call->print_fmt == c->text)
			call->print_fmt = c->orig;
		list_del(&c->list);
		kfree(c);
	}
	mutex_unlock(&fmt_copies_lock);
}

/*
 * Overwrite the @len-character name at @at with @map's value in decimal
 * (signed, as upstream prints it) and close the gap. Returns the first
 * character after the value, or NULL when the value is longer than the
 * name (nothing is changed then).
 */
static char *eval_put(char *at, const struct trace_eval_map *map, int len)
{
	char num[24];
	int n = snprintf(num, sizeof(num), "%ld", (long)map->eval_value);

	if (n > len)
		return NULL;
	memcpy(at, num, n);
	/*
	 * Upstream's rewrite cuts the string right after a value exactly
	 * as long as the name (its terminating NUL lands on the next
	 * character). That is what its format files show; keep it.
	 */
	if (n == len)
		at[n] = '\0';
	else
		memmove(at + n, at + len, strlen(at + len) + 1);
	return at + n;
}

static bool ident_char(char c)
{
	return isalnum(c) || c == '_';
}

/*
 * Replace @map's name in print format @s where upstream replaces it: in
 * the C argument list outside string literals, as a whole identifier,
 * never as the member after '.' or '->'. The scan mirrors upstream's,
 * including that the character after a number, an identifier (chain) or
 * a replaced value is passed over unexamined, so that the results agree
 * on every format. With @dry, only report whether there is a site.
 */
static bool eval_scan(char *s, const struct trace_eval_map *map, bool dry)
{
	int len = strlen(map->eval_string);
	bool quoted = false;

	while (*s) {
		if (*s == '\\') {
			if (!s[1])
				break;
			s += 2;
			continue;
		}
		if (*s == '"') {
			quoted = !quoted;
			s++;
			continue;
		}
		if (quoted) {
			s++;
			continue;
		}
		if (isdigit(*s)) {
			/* A literal, suffixes (ULL, 0x..) included. */
			while (isalnum(*++s))
				;
		} else if (isalpha(*s) || *s == '_') {
			if (!strncmp(s, map->eval_string, len) &&
			    !ident_char(s[len])) {
				if (dry)
					return true;
				s = eval_put(s, map, len);
				/* Upstream gives up on this map, and warns. */
				if (WARN_ON_ONCE(!s))
					return false;
			} else {
				/* The identifier and any .member/->member. */
				for (;;) {
					while (ident_char(*++s))
						;
					if (*s == '.')
						s++;
					else if (s[0] == '-' && s[1] == '>')
						s += 2;
					else
						break;
					if (!*s)
						break;
				}
			}
		} else {
			s++;
			continue;
		}
		/* Skip the delimiter that follows. */
		if (!*s)
			break;
		s++;
	}
	return false;
}

static void eval_fix_print_fmt(struct trace_event_call *call,
			       const struct trace_eval_map *map)
{
	struct fmt_copy *c;
	size_t size;

	if (!call->print_fmt)
		return;

	mutex_lock(&fmt_copies_lock);
	c = fmt_copy_find(call);
	if (!c || call->print_fmt != c->text) {
		if (!eval_scan(call->print_fmt, map, true))
			goto out;
		if (c) {	/* the call got a new format meanwhile */
			list_del(&c->list);
			kfree(c);
		}
		size = strlen(call->print_fmt) + 1;
		c = kmalloc(struct_size(c, text, size), GFP_KERNEL);
		if (!c)
			goto out;
		memcpy(c->text, call->print_fmt, size);
		c->orig = call->print_fmt;
		c->call = call;
		list_add(&c->list, &fmt_copies);
		call->print_fmt = c->text;
	}
	eval_scan(c->text, map, false);
out:
	mutex_unlock(&fmt_copies_lock);
}

#define TYPE_ATTR_PREFIX	"__attribute__("

/*
 * Remove "__attribute__(...)" groups (BTF type tags that __user and
 * friends expand to) and the blanks after them from a field type. An
 * occurrence only counts at the start of the type, after a blank or
 * where the previous search stopped. Returns @type itself when nothing
 * changes or on allocation failure, else a new string.
 */
static char *type_strip_attrs(const char *type)
{
	const size_t olen = strlen(TYPE_ATTR_PREFIX);
	char *copy = NULL, *from = (char *)type, *hit, *p;
	int depth;

	while ((hit = strstr(from, TYPE_ATTR_PREFIX))) {
		if (hit != from && !isspace(hit[-1])) {
			from = hit + olen;
			continue;
		}
		if (!copy) {
			copy = kstrdup(type, GFP_KERNEL);
			if (!copy)
				return (char *)type;
			hit = copy + (hit - type);
		}
		for (depth = 1, p = hit + olen; depth; p++) {
			p = strpbrk(p, "()");
			if (WARN_ON_ONCE(!p)) {	/* unbalanced */
				kfree(copy);
				return (char *)type;
			}
			depth += *p == '(' ? 1 : -1;
		}
		p = skip_spaces(p);
		memmove(hit, p, strlen(p) + 1);
		from = hit;
	}
	return copy ?: (char *)type;
}

/*
 * A field type with attributes stripped and, with @map, its name
 * replaced where it starts the bracket of an array type ("u8[FOO_LEN]").
 * Upstream only compares the prefix there, and only at the first '[';
 * so do we. Returns @type itself when nothing changes, else a new string.
 */
static char *type_rewrite(const char *type, const struct trace_eval_map *map)
{
	char *t = type_strip_attrs(type);
	char *at = map ? strchr(t, '[') : NULL;
	int len = map ? strlen(map->eval_string) : 0;

	if (!at || !(isalpha(at[1]) || at[1] == '_') ||
	    strncmp(at + 1, map->eval_string, len))
		return t;
	if (t == type) {
		t = kstrdup(type, GFP_KERNEL);
		if (!t)
			return (char *)type;
		at = t + (at - type);
	}
	if (WARN_ON_ONCE(!eval_put(at + 1, map, len))) {
		kfree(t);
		return (char *)type;
	}
	return t;
}

static void eval_fix_fields(struct trace_event_call *call,
			    const struct trace_eval_map *map)
{
	struct ftrace_event_field *f;

	list_for_each_entry(f, trace_get_fields(call), link) {
		struct fmt_field *ff = container_of(f, struct fmt_field, field);
		char *t = type_rewrite(f->type, map);

		if (t == f->type)
			continue;
		/* The old type may be ours: replace, then free it. */
		f->type = t;
		kfree(ff->owned_type);
		ff->owned_type = t;
		if (f->filter_type == FILTER_OTHER)
			f->filter_type = type_filter_class(t);
	}
}

/*
 * Apply every map of @call's subsystem, in map order. A subsystem is the
 * TRACE_SYSTEM string of one header instance: maps and events created
 * from the same header share the pointer, and upstream matches on the
 * pointer, so a module's maps never touch the kernel's events or another
 * module's with the same system name.
 */
static void eval_update_call(struct trace_event_call *call,
			     struct trace_eval_map **maps, int nr)
{
	bool hit = false;
	int i;

	/* Their formats and fields belong to their creators. */
	if (call->flags & TRACE_EVENT_FL_DYNAMIC)
		return;

	for (i = 0; i < nr; i++) {
		if (maps[i]->system != call->class->system)
			continue;
		eval_fix_print_fmt(call, maps[i]);
		eval_fix_fields(call, maps[i]);
		hit = true;
	}
	if (!hit)
		eval_fix_fields(call, NULL);
}

/*
 * Called without event_mutex and trace_event_sem (taken here), after
 * the events the maps belong to are on ftrace_events.
 */
void trace_event_eval_update(struct trace_eval_map **map, int len)
{
	struct trace_event_call *call;

	/* Without maps there is only stripping left, needed for BTF tags. */
	if (len <= 0 &&
	    !(IS_ENABLED(CONFIG_DEBUG_INFO_BTF) &&
	      IS_ENABLED(CONFIG_PAHOLE_HAS_BTF_TAG) &&
	      __has_attribute(btf_type_tag)))
		return;

	/*
	 * event_mutex keeps the list still and orders us against format
	 * and filter readers of print_fmt and the field types; the
	 * semaphore against the readers that only take it.
	 */
	mutex_lock(&event_mutex);
	down_write(&trace_event_sem);
	list_for_each_entry(call, &ftrace_events, list) {
		eval_update_call(call, map, len);
		cond_resched();
	}
	up_write(&trace_event_sem);
	mutex_unlock(&event_mutex);
}

void __init trace_event_eval_init(void)
{
	int nr = __stop_ftrace_eval_maps - __start_ftrace_eval_maps;

	trace_event_eval_update(__start_ftrace_eval_maps, nr);
	/* For the built-in events that register after this. */
	boot_maps = __start_ftrace_eval_maps;
	/*
	 * Modules may register events from other threads during boot:
	 * publish the array before its length (pairs with the acquire in
	 * trace_event_define_fields()).
	 */
	smp_store_release(&nr_boot_maps, nr);
}
