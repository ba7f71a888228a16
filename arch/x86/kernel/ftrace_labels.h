/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Labels inside the callers of ftrace_64.S that ftrace.c needs to make
 * per-ops copies of them (the callers themselves and their patchable
 * calls are declared in linux/ftrace.h). Not functions: addresses.
 */
#ifndef _ARCH_X86_KERNEL_FTRACE_LABELS_H
#define _ARCH_X86_KERNEL_FTRACE_LABELS_H

/* Where the copied code of each caller ends (its return is not copied). */
void ftrace_caller_end(void);
void ftrace_regs_caller_end(void);
/* The "movq function_trace_op(%rip), %rdx" a copy aims at its own ops. */
void ftrace_caller_op_ptr(void);
void ftrace_regs_caller_op_ptr(void);
/* The regs caller's two-byte jnz to its direct-call path. */
void ftrace_regs_caller_jmp(void);

#endif /* _ARCH_X86_KERNEL_FTRACE_LABELS_H */
