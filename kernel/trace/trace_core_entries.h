/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entries the tracing core writes into the ring buffer, each one
 * described once.
 * Included by: trace.h trace_events_core.c trace_output.c
 *
 * Every other form of an entry is made from its lines here:
 *   trace.h               its struct (the layout is ABI)
 *   trace_events_core.c   events/ftrace/<name>/{format,id}
 *   trace_output.c        its struct trace_event: the printers named
 *                         below and, for CORE_OUTPUT_BIN, its hex and
 *                         bin output, one field after the other
 * The includer defines the macros below for its form (those it has no
 * use for as empty), then includes this file, which undefines them all
 * again: there is no include guard. Each macro is used as a statement
 * or a declaration, ending with a semicolon, so a form may expand them
 * at file scope or inside a function body, never inside an initializer.
 *
 * CORE_STRUCT(sname, fields)
 *	struct sname: the struct trace_entry header, then @fields, each
 *	ENTRY_FIELD(type, name)		a scalar
 *	ENTRY_ARRAY(type, name, len)	a fixed array
 *	ENTRY_FLEX(type, name)		a flexible array, shown as "name[]"
 *	ENTRY_COUNTED(type, name, count, shown);
 *					a flexible array whose length is
 *					member @count, described to tools
 *					as if it had @shown elements
 *	ENTRY_NESTED(type, name, subfields)
 *					member @name of struct @type (a
 *					packed struct of the API), shown to
 *					tools as its @subfields, each
 *	  ENTRY_SUB(type, name)		one of its scalars
 * CORE_EVENT(sname, name, type, format, args...);
 *	events/ftrace/<name>/: @type is its number in enum trace_type (the
 *	ID tools read), @format and @args its "print fmt", written as the C
 *	tools evaluate (REC is the entry).
 * CORE_OUTPUT(sname, type, trace, raw);
 * CORE_OUTPUT_BIN(sname, type, trace, raw);
 *	The printers of the default and raw output modes (NULL prints
 *	"type: N"), defined in trace_output.c or declared in
 *	trace_output.h. With _BIN, hex and bin print every field in turn.
 *	@type is the same as CORE_EVENT's. An entry whose text a tracer owns has no CORE_OUTPUT
 *	line: the tracer registers its struct trace_event (the funcgraph
 *	entries: trace_graph_output.c; context_switch and wakeup:
 *	trace_sched_wakeup.c; func_repeats: trace_functions.c).
 * Two entry types may share one struct: each has its own CORE_EVENT (and
 * CORE_OUTPUT, when the core prints it) after the one CORE_STRUCT
 * (context_switch, wakeup).
 *
 * A new entry (hwlat, osnoise, ...) is one more
 * block here, its type in enum trace_type and its printers. A new kind
 * of field is one more macro, defined by each of the three includers.
 */

/* TRACE_FN: one call of a traced function. */
CORE_STRUCT(ftrace_entry,
	    ENTRY_FIELD(unsigned long,	ip);
	    ENTRY_FIELD(unsigned long,	parent_ip);
);
CORE_EVENT(ftrace_entry, function, TRACE_FN,
	   " %ps <-- %ps", (void *)REC->ip, (void *)REC->parent_ip);
CORE_OUTPUT_BIN(ftrace_entry, TRACE_FN, fn_trace, fn_raw);

/*
 * TRACE_FUNC_REPEATS: with func-no-repeats, the calls of a function from
 * one caller that followed its TRACE_FN on this CPU, written when a
 * different call comes: how many, and how long before this entry the
 * last was (split in two fields to keep the entry small).
 */
CORE_STRUCT(func_repeats_entry,
	    ENTRY_FIELD(unsigned long,	ip);
	    ENTRY_FIELD(unsigned long,	parent_ip);
	    ENTRY_FIELD(u16,		count);
	    ENTRY_FIELD(u16,		top_delta_ts);
	    ENTRY_FIELD(u32,		bottom_delta_ts);
);
CORE_EVENT(func_repeats_entry, func_repeats, TRACE_FUNC_REPEATS,
	   " %ps <-%ps\t(repeats:%u  delta: -%llu)",
	   (void *)REC->ip, (void *)REC->parent_ip, REC->count,
	   (((u64)(REC)->top_delta_ts << 32) | (REC)->bottom_delta_ts));
/* No CORE_OUTPUT: the function tracer prints it (trace_functions.c). */

/*
 * TRACE_CTX and TRACE_WAKE: the wakeup tracers' switch to the woken task
 * and the wakeup itself; one layout, two events. "prev" is the task
 * switched from (or the waker), "next" the one switched to (or woken).
 */
CORE_STRUCT(ctx_switch_entry,
	    ENTRY_FIELD(unsigned int,	prev_pid);
	    ENTRY_FIELD(unsigned int,	next_pid);
	    ENTRY_FIELD(unsigned int,	next_cpu);
	    ENTRY_FIELD(unsigned char,	prev_prio);
	    ENTRY_FIELD(unsigned char,	prev_state);
	    ENTRY_FIELD(unsigned char,	next_prio);
	    ENTRY_FIELD(unsigned char,	next_state);
);
CORE_EVENT(ctx_switch_entry, context_switch, TRACE_CTX,
	   "%u:%u:%u  ==> %u:%u:%u [%03u]",
	   REC->prev_pid, REC->prev_prio, REC->prev_state,
	   REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu);
CORE_EVENT(ctx_switch_entry, wakeup, TRACE_WAKE,
	   "%u:%u:%u  ==+ %u:%u:%u [%03u]",
	   REC->prev_pid, REC->prev_prio, REC->prev_state,
	   REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu);
/* No CORE_OUTPUT for either: the wakeup tracers print them. */

/*
 * TRACE_STACK: the kernel stack, innermost caller first. The format has
 * always described eight callers; the entry holds as many as were taken.
 */
CORE_STRUCT(stack_entry,
	    ENTRY_FIELD(int,		size);
	    ENTRY_COUNTED(unsigned long, caller, size, 8);
);
CORE_EVENT(stack_entry, kernel_stack, TRACE_STACK,
	   "\t=> %ps\n\t=> %ps\n\t=> %ps\n"
	   "\t=> %ps\n\t=> %ps\n\t=> %ps\n"
	   "\t=> %ps\n\t=> %ps\n",
	   (void *)REC->caller[0], (void *)REC->caller[1],
	   (void *)REC->caller[2], (void *)REC->caller[3],
	   (void *)REC->caller[4], (void *)REC->caller[5],
	   (void *)REC->caller[6], (void *)REC->caller[7]);
CORE_OUTPUT(stack_entry, TRACE_STACK, stack_trace, NULL);

/* TRACE_USER_STACK: the user stack of the task the event was for. */
CORE_STRUCT(userstack_entry,
	    ENTRY_FIELD(unsigned int,	tgid);
	    ENTRY_ARRAY(unsigned long,	caller, USER_STACK_ENTRIES);
);
CORE_EVENT(userstack_entry, user_stack, TRACE_USER_STACK,
	   "\t=> %ps\n\t=> %ps\n\t=> %ps\n"
	   "\t=> %ps\n\t=> %ps\n\t=> %ps\n"
	   "\t=> %ps\n\t=> %ps\n",
	   (void *)REC->caller[0], (void *)REC->caller[1],
	   (void *)REC->caller[2], (void *)REC->caller[3],
	   (void *)REC->caller[4], (void *)REC->caller[5],
	   (void *)REC->caller[6], (void *)REC->caller[7]);
CORE_OUTPUT(userstack_entry, TRACE_USER_STACK, user_stack_trace, NULL);

/* TRACE_PRINT: trace_marker, and trace_printk() with nothing to convert. */
CORE_STRUCT(print_entry,
	    ENTRY_FIELD(unsigned long,	ip);
	    ENTRY_FLEX(char,		buf);
);
CORE_EVENT(print_entry, print, TRACE_PRINT,
	   "%ps: %s", (void *)REC->ip, REC->buf);
CORE_OUTPUT(print_entry, TRACE_PRINT, print_trace, print_raw);

/* TRACE_BPRINT: trace_printk(): the format's address, binary arguments. */
CORE_STRUCT(bprint_entry,
	    ENTRY_FIELD(unsigned long,	ip);
	    ENTRY_FIELD(const char *,	fmt);
	    ENTRY_FLEX(u32,		buf);
);
CORE_EVENT(bprint_entry, bprint, TRACE_BPRINT,
	   "%ps: %s", (void *)REC->ip, REC->fmt);
CORE_OUTPUT(bprint_entry, TRACE_BPRINT, bprint_trace, bprint_raw);

/* TRACE_BPUTS: trace_puts() of a constant: only its address is kept. */
CORE_STRUCT(bputs_entry,
	    ENTRY_FIELD(unsigned long,	ip);
	    ENTRY_FIELD(const char *,	str);
);
CORE_EVENT(bputs_entry, bputs, TRACE_BPUTS,
	   "%ps: %s", (void *)REC->ip, REC->str);
CORE_OUTPUT(bputs_entry, TRACE_BPUTS, bputs_trace, bputs_raw);

/* TRACE_RAW_DATA: trace_marker_raw: a user's id and opaque bytes. */
CORE_STRUCT(raw_data_entry,
	    ENTRY_FIELD(unsigned int,	id);
	    ENTRY_FLEX(char,		buf);
);
CORE_EVENT(raw_data_entry, raw_data, TRACE_RAW_DATA,
	   "id:%04x %08x", REC->id, (int)REC->buf[0]);
CORE_OUTPUT(raw_data_entry, TRACE_RAW_DATA, raw_data_trace, raw_data_trace);

/*
 * TRACE_MMIO_RW, TRACE_MMIO_MAP: the mmiotrace tracer's accesses and
 * mappings (struct mmiotrace_rw and _map, from kmmio). Only that tracer
 * prints them (its print_line); the formats are there in every kernel.
 */
CORE_STRUCT(trace_mmiotrace_rw,
	    ENTRY_NESTED(struct mmiotrace_rw, rw,
			 ENTRY_SUB(resource_size_t,	phys);
			 ENTRY_SUB(unsigned long,	value);
			 ENTRY_SUB(unsigned long,	pc);
			 ENTRY_SUB(int,			map_id);
			 ENTRY_SUB(unsigned char,	opcode);
			 ENTRY_SUB(unsigned char,	width););
);
CORE_EVENT(trace_mmiotrace_rw, mmiotrace_rw, TRACE_MMIO_RW,
	   "%lx %lx %lx %d %x %x", (unsigned long)REC->phys, REC->value,
	   REC->pc, REC->map_id, REC->opcode, REC->width);

CORE_STRUCT(trace_mmiotrace_map,
	    ENTRY_NESTED(struct mmiotrace_map, map,
			 ENTRY_SUB(resource_size_t,	phys);
			 ENTRY_SUB(unsigned long,	virt);
			 ENTRY_SUB(unsigned long,	len);
			 ENTRY_SUB(int,			map_id);
			 ENTRY_SUB(unsigned char,	opcode););
);
CORE_EVENT(trace_mmiotrace_map, mmiotrace_map, TRACE_MMIO_MAP,
	   "%lx %lx %lx %d %x", (unsigned long)REC->phys, REC->virt,
	   REC->len, REC->map_id, REC->opcode);

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* TRACE_GRAPH_ENT: a function graph-traced function was entered. */
CORE_STRUCT(ftrace_graph_ent_entry,
	    ENTRY_NESTED(struct ftrace_graph_ent, graph_ent,
			 ENTRY_SUB(unsigned long,	func);
			 ENTRY_SUB(int,		depth););
);
CORE_EVENT(ftrace_graph_ent_entry, funcgraph_entry, TRACE_GRAPH_ENT,
	   "--> %ps (%d)", (void *)REC->func, REC->depth);
/*
 * No CORE_OUTPUT for the two graph entries: trace_graph_output.c, which
 * owns their text, registers their printers.
 */

/*
 * TRACE_GRAPH_RET: it returned. Two layouts: with the return value when
 * FUNCTION_GRAPH_RETVAL is built (struct ftrace_graph_ret has it then).
 */
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
CORE_STRUCT(ftrace_graph_ret_entry,
	    ENTRY_NESTED(struct ftrace_graph_ret, ret,
			 ENTRY_SUB(unsigned long,	func);
			 ENTRY_SUB(unsigned long,	retval);
			 ENTRY_SUB(int,		depth);
			 ENTRY_SUB(unsigned int,	overrun);
			 ENTRY_SUB(unsigned long long,	calltime);
			 ENTRY_SUB(unsigned long long,	rettime););
);
CORE_EVENT(ftrace_graph_ret_entry, funcgraph_exit, TRACE_GRAPH_RET,
	   "<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx",
	   (void *)REC->func, REC->depth, REC->calltime, REC->rettime,
	   REC->depth, REC->retval);
#else
CORE_STRUCT(ftrace_graph_ret_entry,
	    ENTRY_NESTED(struct ftrace_graph_ret, ret,
			 ENTRY_SUB(unsigned long,	func);
			 ENTRY_SUB(int,		depth);
			 ENTRY_SUB(unsigned int,	overrun);
			 ENTRY_SUB(unsigned long long,	calltime);
			 ENTRY_SUB(unsigned long long,	rettime););
);
CORE_EVENT(ftrace_graph_ret_entry, funcgraph_exit, TRACE_GRAPH_RET,
	   "<-- %ps (%d) (start: %llx  end: %llx) over: %d",
	   (void *)REC->func, REC->depth, REC->calltime, REC->rettime,
	   REC->depth);
#endif
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

#undef CORE_STRUCT
#undef CORE_EVENT
#undef CORE_OUTPUT
#undef CORE_OUTPUT_BIN
#undef ENTRY_FIELD
#undef ENTRY_ARRAY
#undef ENTRY_FLEX
#undef ENTRY_COUNTED
#undef ENTRY_NESTED
#undef ENTRY_SUB
