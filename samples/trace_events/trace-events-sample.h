/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A guided tour of the TRACE_EVENT() family, read together with
 * trace-events-sample.c (which fires these events) and
 * Documentation/trace/events.rst.
 *
 * A trace header is unusual: it is included several times in a row by
 * include/trace/define_trace.h, and each pass redefines TRACE_EVENT() and
 * the field macros to produce something different from the same text:
 * the record layout, the code that fills a record, the text printer, the
 * field descriptions shown in the "format" file, the perf glue, and so on.
 * That is why everything below is plain declarations with no ordinary C
 * code between them, and why the include guard looks odd (see below).
 *
 * Every event here belongs to the system "sample_events": its files appear
 * in /sys/kernel/tracing/events/sample_events/<event>/ and set_event
 * accepts "sample_events:<event>".
 */

/*
 * TRACE_SYSTEM names the subsystem directory. It must be defined outside
 * the include guard, because each pass of define_trace.h reads it again.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sample_events

/*
 * define_trace.h re-includes this header by name, and by default looks
 * for include/trace/events/<TRACE_SYSTEM>.h. This header lives elsewhere
 * and has another name, so say where ("." plus -I$(src) in the Makefile,
 * because the include happens from inside include/trace/) and what the file
 * is called (without ".h").
 */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace-events-sample

/*
 * Things that must exist exactly once (types, constants, prototypes) go
 * inside an ordinary guard. The repeated passes skip them.
 */
#ifndef _SAMPLE_EVENTS_TYPES_H
#define _SAMPLE_EVENTS_TYPES_H

#include <linux/cpumask.h>
#include <linux/types.h>

/*
 * The sample walks through three phases. An enum constant is only a name
 * to the compiler: the "print fmt" line of a format file would otherwise
 * show "SAMPLE_PHASE_PEAK", which user-space parsers cannot evaluate.
 * TRACE_DEFINE_ENUM() (further down) fixes that.
 */
enum sample_phase {
	SAMPLE_PHASE_RISE,
	SAMPLE_PHASE_PEAK,
	SAMPLE_PHASE_FALL,
	SAMPLE_NR_PHASES,
};

/* Bits of the "flags" field of sample_tick, decoded by __print_flags(). */
#define SAMPLE_FL_ODD		0x01	/* the round number is odd */
#define SAMPLE_FL_FOURTH	0x02	/* the round number is a multiple of 4 */
#define SAMPLE_FL_MANUAL	0x04	/* fired by a write to the "fire" parameter */

/* A small structure recorded whole, as one __field_struct(). */
struct sample_pos {
	s16 x;
	s16 y;
};

/* The widths of the two bitmask fields, in bits. */
#define SAMPLE_MASK_BITS	16

/* Callbacks of the TRACE_EVENT_FN() event, defined in the .c file. */
int sample_heartbeat_reg(void);
void sample_heartbeat_unreg(void);

#endif /* _SAMPLE_EVENTS_TYPES_H */

/*
 * The guard of the event definitions themselves: besides the first
 * inclusion it must let through every pass of define_trace.h, which
 * defines TRACE_HEADER_MULTI_READ for exactly that purpose.
 */
#if !defined(_SAMPLE_EVENTS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SAMPLE_EVENTS_H

#include <linux/tracepoint.h>

/*
 * Export the numeric values of the enum to the event layer. When the
 * module is loaded, each "SAMPLE_PHASE_x" in the print fmt of its events
 * is rewritten to the number, so tools see __print_symbolic(REC->phase,
 * { 0, "rise" }, ...) and can decode the records themselves.
 */
TRACE_DEFINE_ENUM(SAMPLE_PHASE_RISE);
TRACE_DEFINE_ENUM(SAMPLE_PHASE_PEAK);
TRACE_DEFINE_ENUM(SAMPLE_PHASE_FALL);

/*
 * sample_tick - the fixed-size field kinds and the helpers that print them.
 *
 * TRACE_EVENT(name, proto, args, struct, assign, print) has six parts:
 *
 *  TP_PROTO()  the C prototype of trace_sample_tick(), the function the
 *              module calls to fire the event;
 *  TP_ARGS()   the same parameters by name only;
 *  TP_STRUCT__entry()  the fields of the record written to the ring
 *              buffer (after the common_* header every event has);
 *  TP_fast_assign()    the code that fills the record from the arguments.
 *              It runs only while the event is enabled;
 *  TP_printk() how the "trace" file shows the record. It runs when the
 *              trace is read, maybe long after the event, so it may only
 *              use the record (__entry->...), never the arguments.
 *
 * __print_symbolic() turns a value into a name through a table of
 * { value, "name" } pairs (a value not in the table prints as a number);
 * __print_flags() turns a bit set into names joined by the separator
 * given. __print_hex() shows bytes as "00 01 02", __print_hex_str() as
 * "000102". __get_str() finds a __string() field in the record.
 */
TRACE_EVENT(sample_tick,
	    TP_PROTO(unsigned long count, enum sample_phase phase,
		     unsigned int flags, const char *who,
		     const struct sample_pos *pos),
	    TP_ARGS(count, phase, flags, who, pos),
	    /* __field(type, name): a scalar, stored as is. */
	    TP_STRUCT__entry(__field(unsigned long, count)
			     __field(enum sample_phase, phase)
			     __field(unsigned int, flags)
			     /* __array(type, name, length): fixed length */
			     __array(u8, stamp, 4)
			     /*
			      * __string(name, source): a NUL-terminated
			      * string of any length. The record holds a
			      * 32-bit "data location" here (offset and
			      * length); the characters follow the fixed
			      * fields. The source expression sizes the
			      * room, __assign_str() copies it in.
			      */
			     __string(who, who)
			     /* __field_struct(type, name): copied whole */
			     __field_struct(struct sample_pos, pos)
	    ),
	    TP_fast_assign(__entry->count = count;
			   __entry->phase = phase;
			   __entry->flags = flags;
			   /* the round number, most significant byte first */
			   __entry->stamp[0] = count >> 24;
			   __entry->stamp[1] = count >> 16;
			   __entry->stamp[2] = count >> 8;
			   __entry->stamp[3] = count;
			   /* the source was given to __string() above */
			   __assign_str(who);
			   __entry->pos = *pos;
	    ),
	    TP_printk("count=%lu phase=%s flags=%s stamp=%s key=%s who=%s pos=%d,%d",
		      __entry->count,
		      __print_symbolic(__entry->phase,
				       { SAMPLE_PHASE_RISE, "rise" },
				       { SAMPLE_PHASE_PEAK, "peak" },
				       { SAMPLE_PHASE_FALL, "fall" }),
		      __print_flags(__entry->flags, "|",
				    { SAMPLE_FL_ODD, "ODD" },
				    { SAMPLE_FL_FOURTH, "FOURTH" },
				    { SAMPLE_FL_MANUAL, "MANUAL" }),
		      __print_hex(__entry->stamp, 4),
		      __print_hex_str(__entry->stamp, 4),
		      __get_str(who),
		      __entry->pos.x, __entry->pos.y)
);

/*
 * sample_arrays - variable-length data and bitmaps.
 *
 * A __dynamic_array() reserves (length * sizeof(type)) bytes after the
 * fixed fields; like a string it is found through a 32-bit data location.
 * A __bitmask() is a dynamic array of unsigned longs big enough for the
 * given number of bits; a __cpumask() is one sized for nr_cpumask_bits.
 *
 * __print_array(pointer, count, element size) prints a C array as
 * "{0x1,0x2}"; __print_dynamic_array(field, element size) does the same
 * for a dynamic array, taking the count from its length. __get_bitmask()
 * and __get_cpumask() print bitmaps in hex, in 32-bit groups separated by
 * commas (the notation of the smp_affinity files under /proc/irq).
 */
TRACE_EVENT(sample_arrays,
	    TP_PROTO(unsigned long count, const u32 *vals,
		     unsigned int nr_vals, const unsigned long *mask,
		     const struct cpumask *cpus),
	    TP_ARGS(count, vals, nr_vals, mask, cpus),
	    TP_STRUCT__entry(__field(unsigned long, count)
			     __array(u16, ring, 4)
			     __dynamic_array(u32, vals, nr_vals)
			     __bitmask(mask, SAMPLE_MASK_BITS)
			     __cpumask(cpus)
	    ),
	    TP_fast_assign(__entry->count = count;
			   __entry->ring[0] = count;
			   __entry->ring[1] = count + 1;
			   __entry->ring[2] = count + 2;
			   __entry->ring[3] = count + 3;
			   /* where the room reserved for "vals" starts */
			   memcpy(__get_dynamic_array(vals), vals,
				  nr_vals * sizeof(*vals));
			   __assign_bitmask(mask, mask, SAMPLE_MASK_BITS);
			   __assign_cpumask(cpus, cpumask_bits(cpus));
	    ),
	    TP_printk("count=%lu ring=%s vals=%s mask=%s cpus=%s",
		      __entry->count,
		      __print_array(__entry->ring, 4, sizeof(u16)),
		      __print_dynamic_array(vals, sizeof(u32)),
		      __get_bitmask(mask),
		      __get_cpumask(cpus))
);

/*
 * sample_rel - the "relative" variants of the dynamic fields.
 *
 * A __data_loc field holds an offset from the start of the record; a
 * __rel_loc field holds an offset from the end of the field itself. The
 * relative form suits records put together by code that knows where each
 * field lies but not where the record starts (user events write theirs
 * from user space); kernel events may use either. Each kind has its own
 * assign and get helpers.
 */
TRACE_EVENT(sample_rel,
	    TP_PROTO(unsigned long count, const char *word, const u8 *blob,
		     unsigned int len, const unsigned long *mask,
		     const struct cpumask *cpus),
	    TP_ARGS(count, word, blob, len, mask, cpus),
	    TP_STRUCT__entry(__field(unsigned long, count)
			     __rel_string(word, word)
			     __rel_dynamic_array(u8, blob, len)
			     __rel_bitmask(mask, SAMPLE_MASK_BITS)
			     __rel_cpumask(cpus)
	    ),
	    TP_fast_assign(__entry->count = count;
			   __assign_rel_str(word);
			   memcpy(__get_rel_dynamic_array(blob), blob, len);
			   __assign_rel_bitmask(mask, mask, SAMPLE_MASK_BITS);
			   __assign_rel_cpumask(cpus, cpumask_bits(cpus));
	    ),
	    TP_printk("count=%lu word=%s blob=%s mask=%s cpus=%s",
		      __entry->count,
		      __get_rel_str(word),
		      __print_hex_str(__get_rel_dynamic_array(blob),
				      __get_rel_dynamic_array_len(blob)),
		      __get_rel_bitmask(mask),
		      __get_rel_cpumask(cpus))
);

/*
 * sample_word - a plain pointer, and signed numbers.
 *
 * __field(const char *, name) records the address only: the string is
 * read when the record is printed (or filtered on), so it must live as
 * long as the record. Here it is one of the module's words, and the
 * event layer drops a module's records when the module goes. Events that
 * cannot promise that copy the string with __string() instead.
 *
 * "delta" and "wide" are signed: the format file says so, and filters
 * compare them as signed numbers.
 */
TRACE_EVENT(sample_word,
	    TP_PROTO(unsigned long count, const char *word, int delta,
		     long long wide),
	    TP_ARGS(count, word, delta, wide),
	    TP_STRUCT__entry(__field(unsigned long, count)
			     __field(const char *, word)
			     __field(int, delta)
			     __field(long long, wide)
	    ),
	    TP_fast_assign(__entry->count = count;
			   __entry->word = word;
			   __entry->delta = delta;
			   __entry->wide = wide;
	    ),
	    TP_printk("count=%lu word=%s delta=%d wide=%lld", __entry->count,
		      __entry->word, __entry->delta, __entry->wide)
);

/*
 * sample_odd - a conditional event.
 *
 * TRACE_EVENT_CONDITION() adds TP_CONDITION(): the tracepoint is called
 * every time, but nothing is recorded unless the condition holds. Testing
 * inside the tracepoint keeps the cost out of the caller while the event is
 * disabled (a plain "if" around the call would always be evaluated).
 * Here: only odd round numbers are recorded.
 */
TRACE_EVENT_CONDITION(sample_odd,
		      TP_PROTO(unsigned long count),
		      TP_ARGS(count),
		      TP_CONDITION(count & 1),
		      TP_STRUCT__entry(__field(unsigned long, count)),
		      TP_fast_assign(__entry->count = count;),
		      TP_printk("count=%lu is odd", __entry->count)
);

/*
 * sample_phase_enter, sample_phase_leave - two events, one class.
 *
 * Every TRACE_EVENT() generates its own record layout, fill function and
 * printer, which costs text and data. Events that share their prototype,
 * fields and output can share that code: DECLARE_EVENT_CLASS() describes
 * it once, and each DEFINE_EVENT() adds only a name and a tracepoint.
 * (DEFINE_EVENT_PRINT() would also let one member print differently.)
 */
DECLARE_EVENT_CLASS(sample_phase_class,
		    TP_PROTO(unsigned long count, enum sample_phase phase),
		    TP_ARGS(count, phase),
		    TP_STRUCT__entry(__field(unsigned long, count)
				     __field(enum sample_phase, phase)
		    ),
		    TP_fast_assign(__entry->count = count;
				   __entry->phase = phase;
		    ),
		    TP_printk("count=%lu phase=%s", __entry->count,
			      __print_symbolic(__entry->phase,
					       { SAMPLE_PHASE_RISE, "rise" },
					       { SAMPLE_PHASE_PEAK, "peak" },
					       { SAMPLE_PHASE_FALL, "fall" }))
);

DEFINE_EVENT(sample_phase_class, sample_phase_enter,
	     TP_PROTO(unsigned long count, enum sample_phase phase),
	     TP_ARGS(count, phase)
);

DEFINE_EVENT(sample_phase_class, sample_phase_leave,
	     TP_PROTO(unsigned long count, enum sample_phase phase),
	     TP_ARGS(count, phase)
);

/*
 * sample_heartbeat - an event with registration callbacks.
 *
 * TRACE_EVENT_FN() takes two more arguments: a function called when the
 * tracepoint gets its first probe (the event is enabled, by ftrace or by
 * perf) and one called when its last probe goes away. The sample uses
 * them to run a kernel thread only while somebody listens: producing the
 * data costs something, so do it only when it will be recorded.
 */
TRACE_EVENT_FN(sample_heartbeat,
	       TP_PROTO(unsigned int beat),
	       TP_ARGS(beat),
	       TP_STRUCT__entry(__field(unsigned int, beat)),
	       TP_fast_assign(__entry->beat = beat;),
	       TP_printk("beat=%u", __entry->beat),
	       sample_heartbeat_reg, sample_heartbeat_unreg
);

/*
 * foo_bar, foo_bar_with_cond - tracepoints without an event.
 *
 * DECLARE_TRACE() makes the tracepoint alone: code may attach to it
 * (register_trace_foo_bar(), a "t" probe event in dynamic_events, a BPF
 * raw tracepoint) but it has no events/ directory and records nothing by
 * itself, so it costs no record layout or printer. (A bare tracepoint
 * takes no TP_CONDITION: the module calls foo_bar_with_cond on odd
 * rounds only.) Their names and prototypes are those of upstream's
 * sample, which ftracetest's dynevent/add_remove_tprobe_module.tc
 * probes by name.
 */
DECLARE_TRACE(foo_bar,
	      TP_PROTO(const char *foo, int bar),
	      TP_ARGS(foo, bar));

DECLARE_TRACE(foo_bar_with_cond,
	      TP_PROTO(const char *foo, int bar),
	      TP_ARGS(foo, bar));

#endif /* _SAMPLE_EVENTS_H */

/*
 * Must come last and outside the guard: with CREATE_TRACE_POINTS defined
 * (in exactly one .c file) this runs the passes that generate the code.
 * Everywhere else it does nothing, and the header only declares the
 * trace_<event>() functions.
 */
#include <trace/define_trace.h>
