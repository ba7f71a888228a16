/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The world the filter is tested in: one event, "every", with a field of
 * each kind the kernel's events have, a second one, "own_cpu", with a
 * field of its own called "cpu", records of them, and the kernel symbols
 * the ".function" tests look up.
 */
#ifndef FILTER_HARNESS_H
#define FILTER_HARNESS_H

#include "shim/filter_shim.h"
#include "trace_events_filter.h"

extern struct trace_event_call ev_every, ev_own_cpu;

/* Offsets of the fields of "every" (after the 8-byte common header). */
enum {
	OFF_CALL_SITE	= 8,	/* unsigned long */
	OFF_BIG		= 16,	/* long long */
	OFF_U32		= 24,	/* unsigned int */
	OFF_S32		= 28,	/* int */
	OFF_U16		= 32,	/* unsigned short */
	OFF_S16		= 34,	/* short */
	OFF_U8		= 36,	/* unsigned char */
	OFF_S8		= 37,	/* signed char */
	OFF_NAME	= 38,	/* char name[10] */
	OFF_DSTR	= 48,	/* __data_loc char[] dstr */
	OFF_RSTR	= 52,	/* __rel_loc char[] rstr */
	OFF_PSTR	= 56,	/* const char *pstr */
	OFF_CPUS	= 64,	/* __data_loc cpumask_t cpus */
	OFF_ODD		= 68,	/* u8 odd[3]: a size no compare handles */
	REC_FIXED	= 72,
	REC_MAX		= 1024,
};

/*
 * A record as the ring buffer hands them: 4-byte aligned only. The
 * dynamic part (strings, masks) is appended after REC_FIXED.
 */
struct rec {
	u64	storage[REC_MAX / 8 + 1];
	u8	*data;		/* (u8 *)storage + 4 */
	int	dyn;		/* where the next dynamic item goes */
};

void rec_init(struct rec *r, int pid);
void rec_set(struct rec *r, int off, const void *val, int size);
#define REC_SET(r, off, type, v) do {				\
	type __v = (v);						\
	rec_set((r), (off), &__v, sizeof(__v));			\
} while (0)
void rec_set_name(struct rec *r, const char *s, int len);	/* raw bytes */
void rec_set_dstr(struct rec *r, const char *s);
void rec_set_rstr(struct rec *r, const char *s);
void rec_set_cpus(struct rec *r, unsigned long bits, int nbytes);

/* Counting results: each check is one line on failure. */
extern int checks_passed, checks_failed;
__printf(2, 3) void check(bool ok, const char *fmt, ...);

#endif
