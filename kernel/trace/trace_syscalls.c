// SPDX-License-Identifier: GPL-2.0
/*
 * Syscall events: events/syscalls/sys_enter_<name> and sys_exit_<name>.
 *
 * SYSCALL_DEFINEx() (linux/syscalls.h) gives every syscall a struct
 * syscall_metadata (its name and the names and types of its arguments)
 * and two trace_event_calls of the classes below. At boot each metadata
 * is matched, by symbol name, with its slot of the syscall table; a
 * syscall we cannot match has no events.
 *
 * The events do not have tracepoints of their own. While any of them is
 * on in an array, one probe on the raw sys_enter (or sys_exit)
 * tracepoint serves them all: it looks the syscall number up in the
 * array's table of enabled event files and records only when it finds
 * one. Attaching to the raw tracepoint is what sends every task's
 * syscalls through the slow entry path (the contract of
 * kernel/tracepoint.c); beyond that a syscall whose event is off costs
 * one table lookup.
 *
 * Records:
 *	sys_enter_<name>: int __syscall_nr; unsigned long <arg>...;
 *	sys_exit_<name>:  int __syscall_nr; long ret;
 * with the argument fields named and typed as the syscall declares them.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <linux/xarray.h>
#include <asm/syscall.h>
#include <trace/events/syscalls.h>
#include <trace/syscall.h>

#include "trace.h"
#include "trace_events_internal.h"

/* The records; their layout is what the format files describe. */
struct syscall_enter_rec {
	struct trace_entry	ent;
	int			nr;
	unsigned long		args[];
};

struct syscall_exit_rec {
	struct trace_entry	ent;
	int			nr;
	long			ret;
};

/* By syscall number; NULL where no metadata matched. Set at boot. */
static struct syscall_metadata **syscall_meta;

/*
 * Per trace array, while any of its syscall events is on: the enabled
 * event file of each syscall number, for the probes (their data).
 */
struct syscall_files {
	struct trace_event_file __rcu	*enter[NR_syscalls];
	struct trace_event_file __rcu	*exit[NR_syscalls];
	unsigned int			nr_enter, nr_exit;
};

/* trace_array -> syscall_files; and everything about them. */
static DEFINE_XARRAY(syscall_files_of);
static DEFINE_MUTEX(syscall_files_lock);

static struct syscall_metadata *meta_of(int nr)
{
	if (!syscall_meta || nr < 0 || nr >= NR_syscalls)
		return NULL;
	return syscall_meta[nr];
}

/* The syscall number of @regs, or -1 for one we do not trace. */
static int syscall_nr_of(struct pt_regs *regs)
{
#ifdef ARCH_TRACE_IGNORE_COMPAT_SYSCALLS
	/* a 32-bit task's numbers are not the table's */
	if (arch_trace_is_compat_syscall(regs))
		return -1;
#endif
	return syscall_get_nr(current, regs);
}

/* ---------------------------------------------------------------- */
/* Recording                                                           */

static void syscall_enter_probe(void *data, struct pt_regs *regs, long id)
{
	struct syscall_files *sf = data;
	struct syscall_enter_rec *rec;
	struct trace_event_buffer fb;
	struct trace_event_file *file;
	struct syscall_metadata *meta;
	unsigned long args[6];
	int nr, size;

	/* the buffer and the per-CPU staging need the CPU to stay ours */
	guard(preempt_notrace)();
	nr = syscall_nr_of(regs);
	if (nr < 0 || nr >= NR_syscalls)
		return;
	/*
	 * Pairs with rcu_assign_pointer() in syscall_event_on(); the probe
	 * runs inside the tracepoint's RCU-sched section.
	 */
	file = rcu_dereference_sched(sf->enter[nr]);
	if (!file || trace_trigger_soft_disabled(file))
		return;
	meta = meta_of(nr);
	if (!meta)
		return;
	size = struct_size(rec, args, meta->nb_args);
	rec = trace_event_buffer_reserve(&fb, file, size);
	if (!rec)
		return;
	rec->nr = nr;
	syscall_get_arguments(current, regs, args);
	memcpy(rec->args, args, flex_array_size(rec, args, meta->nb_args));
	trace_event_buffer_commit(&fb);
}

static void syscall_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	struct syscall_files *sf = data;
	struct syscall_exit_rec *rec;
	struct trace_event_buffer fb;
	struct trace_event_file *file;
	int nr;

	guard(preempt_notrace)();
	nr = syscall_nr_of(regs);
	if (nr < 0 || nr >= NR_syscalls)
		return;
	/* pairs with rcu_assign_pointer() in syscall_event_on() */
	file = rcu_dereference_sched(sf->exit[nr]);
	if (!file || trace_trigger_soft_disabled(file) || !meta_of(nr))
		return;
	rec = trace_event_buffer_reserve(&fb, file, sizeof(*rec));
	if (!rec)
		return;
	rec->nr = nr;
	rec->ret = syscall_get_return_value(current, regs);
	trace_event_buffer_commit(&fb);
}

/* ---------------------------------------------------------------- */
/* Switching events on and off in an array                             */

static int call_nr(struct trace_event_call *call)
{
	return ((struct syscall_metadata *)call->data)->syscall_nr;
}

static bool is_enter(struct trace_event_call *call)
{
	return call->class == &event_class_syscall_enter;
}

static int syscall_event_on(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	struct trace_array *tr = file->tr;
	bool enter = is_enter(call);
	struct syscall_files *sf;
	unsigned int *users;
	int nr = call_nr(call), ret = 0;

	if (WARN_ON_ONCE(nr < 0 || nr >= NR_syscalls))
		return -ENODATA;
	mutex_lock(&syscall_files_lock);
	sf = xa_load(&syscall_files_of, (unsigned long)tr);
	if (!sf) {
		sf = kvzalloc(sizeof(*sf), GFP_KERNEL);
		ret = sf ? xa_err(xa_store(&syscall_files_of, (unsigned long)tr,
					   sf, GFP_KERNEL)) : -ENOMEM;
		if (ret) {
			kvfree(sf);
			goto out;
		}
	}
	users = enter ? &sf->nr_enter : &sf->nr_exit;
	if (!*users) {
		ret = enter ? register_trace_sys_enter(syscall_enter_probe, sf) :
			      register_trace_sys_exit(syscall_exit_probe, sf);
		if (ret)
			goto out;
	}
	(*users)++;
	/* the file is complete: pairs with the probes' rcu_dereference */
	if (enter)
		rcu_assign_pointer(sf->enter[nr], file);
	else
		rcu_assign_pointer(sf->exit[nr], file);
out:
	if (sf && !sf->nr_enter && !sf->nr_exit) {
		xa_erase(&syscall_files_of, (unsigned long)tr);
		kvfree(sf);
	}
	mutex_unlock(&syscall_files_lock);
	return ret;
}

static void syscall_event_off(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	struct trace_array *tr = file->tr;
	bool enter = is_enter(call);
	struct syscall_files *sf;
	int nr = call_nr(call);

	mutex_lock(&syscall_files_lock);
	sf = xa_load(&syscall_files_of, (unsigned long)tr);
	if (WARN_ON_ONCE(!sf || nr < 0 || nr >= NR_syscalls))
		goto out;
	if (enter) {
		RCU_INIT_POINTER(sf->enter[nr], NULL);
		if (!--sf->nr_enter)
			unregister_trace_sys_enter(syscall_enter_probe, sf);
	} else {
		RCU_INIT_POINTER(sf->exit[nr], NULL);
		if (!--sf->nr_exit)
			unregister_trace_sys_exit(syscall_exit_probe, sf);
	}
	if (!sf->nr_enter && !sf->nr_exit) {
		xa_erase(&syscall_files_of, (unsigned long)tr);
		/* a probe that found the table may still be reading it */
		tracepoint_synchronize_unregister();
		kvfree(sf);
	}
out:
	mutex_unlock(&syscall_files_lock);
}

/* ---------------------------------------------------------------- */
/* perf                                                                */

#ifdef CONFIG_PERF_EVENTS
/* Syscall numbers some perf event listens to, and the probes' users. */
static DECLARE_BITMAP(perf_enter_nrs, NR_syscalls);
static DECLARE_BITMAP(perf_exit_nrs, NR_syscalls);
static unsigned int perf_enter_users, perf_exit_users;

/* perf wants the record's size with its u32 size header 8-aligned. */
static int perf_rec_size(int size)
{
	return ALIGN(size + sizeof(u32), sizeof(u64)) - sizeof(u32);
}

#ifdef CONFIG_BPF_EVENTS
/*
 * What a BPF program on a syscall event reads: the record's layout,
 * with the hidden regs pointer over the common fields (as a
 * tracepoint's), and room for every argument any syscall has.
 */
struct syscall_bpf_ctx {
	union {
		struct pt_regs	*regs;
		struct trace_entry ent;
	};
	int			nr;
	unsigned long		args[SYSCALL_DEFINE_MAXARGS];
} __aligned(8);

/*
 * The registers a syscall event's programs see: the caller's, as perf
 * gives its own tracepoints'. One set a CPU is enough: syscalls enter
 * and leave in task context with the probe's preemption off, so no
 * second hit on this CPU can come in between.
 */
static DEFINE_PER_CPU(struct pt_regs, syscall_bpf_regs);

/*
 * Run @call's programs on the enter (@args) or exit (@ret) of syscall
 * @nr: whether perf's record is kept. Before perf's buffer is taken:
 * programs that drop the hit, or no perf event of this CPU to record
 * it, and the buffer is never touched.
 */
static bool syscall_run_bpf(struct trace_event_call *call, int nr,
			    const unsigned long *args, long ret)
{
	struct pt_regs *regs = this_cpu_ptr(&syscall_bpf_regs);
	struct syscall_bpf_ctx ctx;

	perf_fetch_caller_regs(regs);
	ctx.regs = regs;
	ctx.nr = nr;
	/*
	 * All six registers: a program reads no further than its event's
	 * record (the attach checks), which holds the syscall's own.
	 */
	if (args)
		memcpy(ctx.args, args, sizeof(ctx.args));
	else
		ctx.args[0] = ret;	/* the exit record's "ret" */
	return trace_call_bpf(call, &ctx);
}
#else
static bool syscall_run_bpf(struct trace_event_call *call, int nr,
			    const unsigned long *args, long ret)
{
	return true;
}
#endif

static void perf_syscall_enter(void *ignore, struct pt_regs *regs, long id)
{
	struct syscall_enter_rec *rec;
	struct syscall_metadata *meta;
	struct hlist_head *head;
	unsigned long args[6];
	int nr, rctx, size;
	bool bpf;

	nr = syscall_nr_of(regs);
	if (nr < 0 || nr >= NR_syscalls || !test_bit(nr, perf_enter_nrs))
		return;
	meta = meta_of(nr);
	if (!meta)
		return;
	head = this_cpu_ptr(meta->enter_event->perf_events);
	bpf = bpf_prog_array_valid(meta->enter_event);
	if (!bpf && hlist_empty(head))
		return;
	syscall_get_arguments(current, regs, args);
	if ((bpf && !syscall_run_bpf(meta->enter_event, nr, args, 0)) ||
	    hlist_empty(head))
		return;
	size = perf_rec_size(struct_size(rec, args, meta->nb_args));
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	rec->nr = nr;
	memcpy(rec->args, args, flex_array_size(rec, args, meta->nb_args));
	perf_trace_buf_submit(rec, size, rctx, meta->enter_event->event.type,
			      1, regs, head, NULL);
}

static void perf_syscall_exit(void *ignore, struct pt_regs *regs, long ret)
{
	struct syscall_metadata *meta;
	struct syscall_exit_rec *rec;
	struct hlist_head *head;
	int nr, rctx, size;
	bool bpf;

	nr = syscall_nr_of(regs);
	if (nr < 0 || nr >= NR_syscalls || !test_bit(nr, perf_exit_nrs))
		return;
	meta = meta_of(nr);
	if (!meta)
		return;
	head = this_cpu_ptr(meta->exit_event->perf_events);
	bpf = bpf_prog_array_valid(meta->exit_event);
	if (!bpf && hlist_empty(head))
		return;
	ret = syscall_get_return_value(current, regs);
	if ((bpf && !syscall_run_bpf(meta->exit_event, nr, NULL, ret)) ||
	    hlist_empty(head))
		return;
	size = perf_rec_size(sizeof(*rec));
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	rec->nr = nr;
	rec->ret = ret;
	perf_trace_buf_submit(rec, size, rctx, meta->exit_event->event.type,
			      1, regs, head, NULL);
}

static int syscall_perf_on(struct trace_event_call *call)
{
	bool enter = is_enter(call);
	unsigned int *users = enter ? &perf_enter_users : &perf_exit_users;
	int ret = 0;

	mutex_lock(&syscall_files_lock);
	if (!*users)
		ret = enter ? register_trace_sys_enter(perf_syscall_enter, NULL) :
			      register_trace_sys_exit(perf_syscall_exit, NULL);
	if (!ret) {
		set_bit(call_nr(call), enter ? perf_enter_nrs : perf_exit_nrs);
		(*users)++;
	}
	mutex_unlock(&syscall_files_lock);
	return ret;
}

static void syscall_perf_off(struct trace_event_call *call)
{
	bool enter = is_enter(call);
	unsigned int *users = enter ? &perf_enter_users : &perf_exit_users;

	mutex_lock(&syscall_files_lock);
	clear_bit(call_nr(call), enter ? perf_enter_nrs : perf_exit_nrs);
	if (!--(*users)) {
		if (enter)
			unregister_trace_sys_enter(perf_syscall_enter, NULL);
		else
			unregister_trace_sys_exit(perf_syscall_exit, NULL);
	}
	mutex_unlock(&syscall_files_lock);
}
#endif /* CONFIG_PERF_EVENTS */

static int syscall_event_reg(struct trace_event_call *call,
			     enum trace_reg type, void *data)
{
	switch (type) {
	case TRACE_REG_REGISTER:
		return syscall_event_on(data);
	case TRACE_REG_UNREGISTER:
		syscall_event_off(data);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return syscall_perf_on(call);
	case TRACE_REG_PERF_UNREGISTER:
		syscall_perf_off(call);
		return 0;
#endif
	default:
		return 0;
	}
}

/* ---------------------------------------------------------------- */
/* Text output                                                         */

static enum print_line_t syscall_enter_print(struct trace_iterator *iter,
					     int flags,
					     struct trace_event *event)
{
	struct syscall_enter_rec *rec = (void *)iter->ent;
	bool verbose = iter->tr && trace_flag_set(iter->tr,
						  TRACE_ITER_VERBOSE);
	struct trace_seq *s = &iter->seq;
	struct syscall_metadata *meta = meta_of(rec->nr);
	int i;

	if (!meta || WARN_ON_ONCE(meta->enter_event->event.type !=
				  rec->ent.type))
		goto out;
	trace_seq_printf(s, "%s(", meta->name);
	for (i = 0; i < meta->nb_args && !trace_seq_has_overflowed(s); i++) {
		if (i)
			trace_seq_puts(s, ", ");
		if (verbose)
			trace_seq_printf(s, "%s ", meta->types[i]);
		trace_seq_printf(s, "%s: %lx", meta->args[i], rec->args[i]);
	}
	trace_seq_putc(s, ')');
out:
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t syscall_exit_print(struct trace_iterator *iter,
					    int flags,
					    struct trace_event *event)
{
	struct syscall_exit_rec *rec = (void *)iter->ent;
	struct syscall_metadata *meta = meta_of(rec->nr);
	struct trace_seq *s = &iter->seq;

	if (!meta) {
		trace_seq_putc(s, '\n');
		return trace_handle_return(s);
	}
	if (WARN_ON_ONCE(meta->exit_event->event.type != rec->ent.type))
		return TRACE_TYPE_UNHANDLED;
	trace_seq_printf(s, "%s -> 0x%lx\n", meta->name, rec->ret);
	return trace_handle_return(s);
}

struct trace_event_functions enter_syscall_print_funcs = {
	.trace	= syscall_enter_print,
};

struct trace_event_functions exit_syscall_print_funcs = {
	.trace	= syscall_exit_print,
};

/* ---------------------------------------------------------------- */
/* Fields, formats and the classes                                     */

static struct list_head *syscall_enter_fields(struct trace_event_call *call)
{
	return &((struct syscall_metadata *)call->data)->enter_fields;
}

/* One unsigned long per argument, typed and named as declared. */
static int syscall_enter_define_args(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;
	int i, ret, offset = offsetof(struct syscall_enter_rec, args);

	for (i = 0; i < meta->nb_args; i++) {
		ret = trace_define_field(call, meta->types[i], meta->args[i],
					 offset, sizeof(unsigned long), 0,
					 FILTER_OTHER);
		if (ret)
			return ret;
		offset += sizeof(unsigned long);
	}
	return 0;
}

/*
 * "print fmt" of an enter event:
 *	"a: 0x%08lx, b: 0x%08lx", ((unsigned long)(REC->a)), ((...(REC->b)))
 * (the 08 is sizeof(unsigned long), as tools have always read it).
 */
static char *syscall_enter_fmt(struct syscall_metadata *meta)
{
	size_t len = 3;
	char *fmt, *p;
	int i;

	for (i = 0; i < meta->nb_args; i++)
		len += 2 * strlen(meta->args[i]) + 64;
	fmt = kmalloc(len, GFP_KERNEL);
	if (!fmt)
		return NULL;
	p = fmt;
	p += sprintf(p, "\"");
	for (i = 0; i < meta->nb_args; i++)
		p += sprintf(p, "%s%s: 0x%%0%zulx", i ? ", " : "",
			     meta->args[i], sizeof(unsigned long));
	p += sprintf(p, "\"");
	for (i = 0; i < meta->nb_args; i++)
		p += sprintf(p, ", ((unsigned long)(REC->%s))", meta->args[i]);
	return fmt;
}

static int syscall_event_init(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;
	int nr = meta->syscall_nr, ret;
	char *fmt = NULL;

	/*
	 * Not in this kernel's table (another ABI's, or configured out):
	 * no event, and nothing to warn about.
	 */
	if (nr < 0 || nr >= NR_syscalls)
		return -ENODATA;
	if (is_enter(call)) {
		fmt = syscall_enter_fmt(meta);
		if (!fmt)
			return -ENOMEM;
		call->print_fmt = fmt;
	} else {
		call->print_fmt = "\"0x%lx\", REC->ret";
	}
	ret = trace_event_raw_init(call);
	if (ret) {
		kfree(fmt);
		call->print_fmt = NULL;
	}
	return ret;
}

static struct trace_event_fields syscall_enter_fields_array[] = {
	{ .type = "int", .name = "__syscall_nr", .size = sizeof(int),
	  .align = __alignof__(int), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{ .type = TRACE_FUNCTION_TYPE,
	  .define_fields = syscall_enter_define_args },
	{}
};

static struct trace_event_fields syscall_exit_fields_array[] = {
	{ .type = "int", .name = "__syscall_nr", .size = sizeof(int),
	  .align = __alignof__(int), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{ .type = "long", .name = "ret", .size = sizeof(long),
	  .align = __alignof__(long), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{}
};

struct trace_event_class event_class_syscall_enter = {
	.system		= "syscalls",
	.reg		= syscall_event_reg,
	.fields_array	= syscall_enter_fields_array,
	.get_fields	= syscall_enter_fields,
	.raw_init	= syscall_event_init,
};

struct trace_event_class event_class_syscall_exit = {
	.system		= "syscalls",
	.reg		= syscall_event_reg,
	.fields_array	= syscall_exit_fields_array,
	.fields		= LIST_HEAD_INIT(event_class_syscall_exit.fields),
	.raw_init	= syscall_event_init,
};

/* ---------------------------------------------------------------- */
/* Boot: numbers for the metadata                                      */

#ifndef ARCH_HAS_SYSCALL_MATCH_SYM_NAME
/* Compare past the "sys" both start with (or ".SyS", "__se_sys"...). */
static inline bool arch_syscall_match_sym_name(const char *sym,
					       const char *name)
{
	return !strcmp(sym + 3, name + 3);
}
#endif

unsigned long __init __weak arch_syscall_addr(int nr)
{
	return (unsigned long)sys_call_table[nr];
}

/*
 * The metadata whose name matches the symbol of @addr. The metadata says
 * "sys_openat"; the table holds the arch's wrapper, which
 * arch_syscall_match_sym_name() knows how to compare.
 */
static __init struct syscall_metadata *meta_by_addr(unsigned long addr)
{
	char sym[KSYM_SYMBOL_LEN];
	struct syscall_metadata **m;

	if (!kallsyms_lookup(addr, NULL, NULL, NULL, sym))
		return NULL;
	if (arch_syscall_match_sym_name(sym, "sys_ni_syscall"))
		return NULL;
	for (m = __start_syscalls_metadata; m < __stop_syscalls_metadata; m++) {
		if ((*m)->name && arch_syscall_match_sym_name(sym, (*m)->name))
			return *m;
	}
	return NULL;
}

void __init trace_syscalls_init(void)
{
	struct syscall_metadata *meta;
	int nr;

	syscall_meta = kcalloc(NR_syscalls, sizeof(*syscall_meta), GFP_KERNEL);
	if (WARN_ON(!syscall_meta))
		return;
	for (nr = 0; nr < NR_syscalls; nr++) {
		meta = meta_by_addr(arch_syscall_addr(nr));
		if (!meta)
			continue;
		/*
		 * A syscall in several slots prints under each, but its
		 * events follow the last slot only, as upstream's do.
		 */
		meta->syscall_nr = nr;
		syscall_meta[nr] = meta;
	}
}
