/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A probe hit's arguments into its record (trace_probe_fetch.c): the
 * dynamic part's size first, to reserve the record, then the values.
 *
 * Included by: trace_probe_fetch.c trace_probe.c trace_uprobe.c
 * trace_kprobe.c (a return probe's registers for perf and BPF)
 */
#ifndef _KERNEL_TRACE_PROBE_FETCH_H
#define _KERNEL_TRACE_PROBE_FETCH_H

#include "trace_probe_args.h"

struct pt_regs;

/* ====== trace_probe_fetch.c: the values of a probe's arguments ====== */

/*
 * What a hit fetches from: the registers of the probed code (NULL for
 * an eprobe), and the record of the event an eprobe is attached to
 * (NULL for the others). A uprobe's (@user) are a process's: its stack
 * and every address read are user memory, and a file offset (@+OFFS)
 * is at @foffs_base plus the offset in the process.
 */
struct probe_fetch_ctx {
	struct pt_regs	*regs;
	const void	*rec;
	bool		user;
	/*
	 * The hit may sleep (a uprobe's stage): the process's memory is
	 * read as the process would read it, faulting its pages in.
	 */
	bool		may_fault;
	unsigned long	foffs_base;
	/*
	 * Set when the arguments were fetched already (a uprobe's stage):
	 * a whole record, its head left out, with @staged_dsize bytes of
	 * strings; recording copies it instead of fetching again.
	 */
	const void	*staged;
	unsigned int	staged_dsize;
	/*
	 * The registers of the hit, for perf's record and BPF programs
	 * when @regs are others (a return probe fetching the entry's
	 * arguments); NULL: @regs.
	 */
	struct pt_regs	*hit_regs;
	/*
	 * PROBE_BPF_*: whether the BPF programs of the event's perf
	 * events ran already (a uprobe's run where they may sleep), and
	 * what they said.
	 */
	u8		bpf;
};

#define PROBE_BPF_NOT_RUN	0
#define PROBE_BPF_KEEP		1
#define PROBE_BPF_DROP		2
/* not now: the hit records for perf itself, after its BPF programs */
#define PROBE_BPF_LATER		3

/*
 * Whether @args read the process's memory (uprobes): its stack, an
 * address, a file offset, a dereference or a user string.
 */
bool probe_args_read_user(const struct probe_arg *args, unsigned int n);

/* The bytes the strings of @args take after the record's fixed part. */
int probe_args_dyn_size(const struct probe_arg *args, unsigned int n,
			const struct probe_fetch_ctx *ctx);
/*
 * Fetch @args into @rec (@size bytes, of which the first @fixed are the
 * fixed part placed by probe_args_layout()); the strings follow it.
 */
void probe_args_store(const struct probe_arg *args, unsigned int n,
		      const struct probe_fetch_ctx *ctx, void *rec,
		      unsigned int fixed,
		      unsigned int size);

/*
 * Whether every one of @args is a number taken from the registers (a
 * register, $argN, $retval) or an immediate, whole: no read of memory,
 * no string, array or bitfield. Such arguments need no measuring and
 * probe_args_store_regs() stores them, the common case at a hit.
 */
bool probe_args_regs_only(const struct probe_arg *args, unsigned int n);
/* probe_args_store() for @args that probe_args_regs_only() accepts */
void probe_args_store_regs(const struct probe_arg *args, unsigned int n,
			   struct pt_regs *regs, void *rec);

#endif /* _KERNEL_TRACE_PROBE_FETCH_H */
