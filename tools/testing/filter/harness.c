// SPDX-License-Identifier: GPL-2.0
/*
 * The harness's events, their field lookup (what trace_events_format.c
 * does in the kernel: the event's fields, then the pseudo fields, then
 * the common ones), records and kernel symbols.
 */
#include "harness.h"

#define FIELD(t, n, ft, off, sz, sgn) \
	{ .type = t, .name = n, .filter_type = ft, .offset = off, \
	  .size = sz, .is_signed = sgn }

static struct ftrace_event_field every_fields[] = {
	FIELD("unsigned long", "call_site", FILTER_OTHER, OFF_CALL_SITE, 8, 0),
	FIELD("long long", "big", FILTER_OTHER, OFF_BIG, 8, 1),
	FIELD("unsigned int", "u32v", FILTER_OTHER, OFF_U32, 4, 0),
	FIELD("int", "s32v", FILTER_OTHER, OFF_S32, 4, 1),
	FIELD("unsigned short", "u16v", FILTER_OTHER, OFF_U16, 2, 0),
	FIELD("short", "s16v", FILTER_OTHER, OFF_S16, 2, 1),
	FIELD("unsigned char", "u8v", FILTER_OTHER, OFF_U8, 1, 0),
	FIELD("signed char", "s8v", FILTER_OTHER, OFF_S8, 1, 1),
	FIELD("char[10]", "name", FILTER_STATIC_STRING, OFF_NAME, 10, 0),
	FIELD("__data_loc char[]", "dstr", FILTER_DYN_STRING, OFF_DSTR, 4, 0),
	FIELD("__rel_loc char[]", "rstr", FILTER_RDYN_STRING, OFF_RSTR, 4, 0),
	FIELD("const char *", "pstr", FILTER_PTR_STRING, OFF_PSTR, 8, 0),
	FIELD("__data_loc cpumask_t", "cpus", FILTER_CPUMASK, OFF_CPUS, 4, 0),
	FIELD("u8[3]", "odd", FILTER_OTHER, OFF_ODD, 3, 0),
	{ .name = NULL },
};

/* An event whose own field "cpu" hides the pseudo field. */
static struct ftrace_event_field own_cpu_fields[] = {
	FIELD("unsigned int", "cpu", FILTER_OTHER, 8, 4, 0),
	{ .name = NULL },
};

static struct ftrace_event_field pseudo_fields[] = {
	FIELD("int", "CPU", FILTER_CPU, 0, 0, 1),
	FIELD("int", "cpu", FILTER_CPU, 0, 0, 1),
	FIELD("int", "common_cpu", FILTER_CPU, 0, 0, 1),
	FIELD("char *", "COMM", FILTER_COMM, 0, 0, 0),
	FIELD("char *", "comm", FILTER_COMM, 0, 0, 0),
	FIELD("char *", "stacktrace", FILTER_STACKTRACE, 0, 0, 0),
	FIELD("char *", "STACKTRACE", FILTER_STACKTRACE, 0, 0, 0),
	{ .name = NULL },
};

static struct ftrace_event_field common_fields[] = {
	FIELD("unsigned short", "common_type", FILTER_OTHER, 0, 2, 0),
	FIELD("unsigned char", "common_flags", FILTER_OTHER, 2, 1, 0),
	FIELD("unsigned char", "common_preempt_count", FILTER_OTHER, 3, 1, 0),
	FIELD("int", "common_pid", FILTER_OTHER, 4, 4, 1),
	{ .name = NULL },
};

struct trace_event_call ev_every = { "every", every_fields };
struct trace_event_call ev_own_cpu = { "own_cpu", own_cpu_fields };

static struct ftrace_event_field *lookup(struct ftrace_event_field *f,
					 const char *name)
{
	for (; f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

struct ftrace_event_field *trace_find_event_field(struct trace_event_call *call,
						  const char *name)
{
	struct ftrace_event_field *f = lookup(call->fields, name);

	if (!f)
		f = lookup(pseudo_fields, name);
	if (!f)
		f = lookup(common_fields, name);
	return f;
}

const struct shim_sym shim_syms[] = {
	{ "kmem_cache_free", 0xffffffff81200000UL, 0x180 },
	{ "kmem_cache_alloc", 0xffffffff81200180UL, 0x200 },
	{ "schedule", 0xffffffff81a00000UL, 0x90 },
	{ NULL },
};

void rec_init(struct rec *r, int pid)
{
	memset(r->storage, 0, sizeof(r->storage));
	r->data = (u8 *)r->storage + 4;
	r->dyn = REC_FIXED;
	REC_SET(r, 0, u16, 42);		/* common_type */
	REC_SET(r, 4, int, pid);	/* common_pid */
}

void rec_set(struct rec *r, int off, const void *val, int size)
{
	memcpy(r->data + off, val, size);
}

void rec_set_name(struct rec *r, const char *s, int len)
{
	memset(r->data + OFF_NAME, 0, 10);
	memcpy(r->data + OFF_NAME, s, len);
}

/* Append @len bytes; returns their offset in the record. */
static int rec_append(struct rec *r, const void *p, int len)
{
	int at = r->dyn;

	memcpy(r->data + at, p, len);
	r->dyn += (len + 3) & ~3;
	return at;
}

void rec_set_dstr(struct rec *r, const char *s)
{
	int len = strlen(s) + 1;
	int at = rec_append(r, s, len);

	REC_SET(r, OFF_DSTR, u32, (u32)len << 16 | at);
}

void rec_set_rstr(struct rec *r, const char *s)
{
	int len = strlen(s) + 1;
	int at = rec_append(r, s, len);

	/* relative to the end of the location word */
	REC_SET(r, OFF_RSTR, u32, (u32)len << 16 | (at - OFF_RSTR - 4));
}

void rec_set_cpus(struct rec *r, unsigned long bits, int nbytes)
{
	u8 buf[16] = { 0 };
	int at;

	memcpy(buf, &bits, sizeof(bits));
	at = rec_append(r, buf, nbytes);
	REC_SET(r, OFF_CPUS, u32, (u32)nbytes << 16 | at);
}

int checks_passed, checks_failed;

void check(bool ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		checks_passed++;
		return;
	}
	checks_failed++;
	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}
