/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The B2 benchmark's trace event: b2bench:b2_payload, a 32-byte payload
 * of four u64 (fixed-size fields only, so that the cost measured is the
 * event machinery and a plain copy, with no string or dynamic-array
 * handling).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM b2bench

#if !defined(_B2_EVENTS_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _B2_EVENTS_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(b2_payload,
	    TP_PROTO(u64 seq, u64 a, u64 b, u64 c),
	    TP_ARGS(seq, a, b, c),
	    TP_STRUCT__entry(__field(u64, seq)
			     __field(u64, a)
			     __field(u64, b)
			     __field(u64, c)),
	    TP_fast_assign(__entry->seq = seq;
			   __entry->a = a;
			   __entry->b = b;
			   __entry->c = c;),
	    TP_printk("seq=%llu a=%llx b=%llx c=%llx",
		      __entry->seq, __entry->a, __entry->b, __entry->c)
);

#endif /* _B2_EVENTS_TRACE_H */

/* This part must be outside the include guard. */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE b2_events_trace
#include <trace/define_trace.h>
