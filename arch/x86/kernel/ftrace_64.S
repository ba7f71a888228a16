/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 entry points of function tracing.
 *
 * gcc -pg -mfentry puts "call __fentry__" before the prologue of every
 * traced function. At boot the core turns each of those five-byte calls
 * into a five-byte NOP; tracing a function turns its site back into a call,
 * to one of the two callers below or to a per-ops copy of one of them
 * (arch/x86/kernel/ftrace.c makes the copies).
 *
 * A caller runs between the traced function's call instruction and its
 * first instruction: the argument registers hold the function's arguments
 * and must come back unchanged, and 0(%rsp) is the return address into
 * the function, 8(%rsp) the function's own return address into its
 * caller. Each caller saves the registers into a struct pt_regs laid out
 * on the stack, calls the tracing callback as
 *
 *	func(ip of the site, parent ip, ftrace_ops, ftrace_regs)
 *
 * and restores them. The call to the callback is a patchable site of its
 * own (ftrace_call / ftrace_regs_call): the core points it at the one
 * callback in use or at the list function that calls every ftrace_ops.
 *
 * The bodies of the callers, up to their _end labels, are copied into
 * per-ops trampolines and into the ORC lookup of those trampolines
 * (unwind_orc.c maps an address in a copy back into the original), so
 * their layout is a contract with ftrace.c and the unwinder: the ops is
 * loaded by one RIP-relative "movq sym(%rip), %rdx" at the _op_ptr label,
 * the regs caller's direct-call test is a two-byte jnz at
 * ftrace_regs_caller_jmp, and nothing after _end is copied.
 */
#include <linux/export.h>
#include <linux/cfi_types.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/ptrace.h>
#include <asm/ftrace.h>
#include <asm/nospec-branch.h>
#include <asm/unwind_hints.h>
#include <asm/frame.h>

	.code64
	.section .text, "ax"

/*
 * With frame pointers the unwinder walks %rbp chains, and the traced
 * function has not built its frame yet: below pt_regs go two small frames
 * ({saved %rbp, return address} each) standing for the traced function and
 * for its caller, plus the caller's %rbp itself.
 */
#ifdef CONFIG_FRAME_POINTER
# define FENTRY_FP_BYTES	(5 * 8)
#else
# define FENTRY_FP_BYTES	0
#endif

/* Everything fentry_save puts on the stack. */
#define FENTRY_FRAME		(FRAME_SIZE + FENTRY_FP_BYTES)

/*
 * Build the frame, save what a callback may clobber or look at, and load
 * the first two callback arguments:
 *	%rdi  the address of the call site (return address - call size)
 *	%rsi  the traced function's return address (its parent)
 * @pushed: bytes the caller pushed before this (its return address not
 * counted).
 */
.macro fentry_save pushed=0
#ifdef CONFIG_FRAME_POINTER
	pushq	%rbp
	/* parent frame: { %rbp, parent ip } */
	pushq	(\pushed + 2 * 8)(%rsp)
	pushq	%rbp
	movq	%rsp, %rbp
	/* traced function's frame: { parent frame, return into it } */
	pushq	(\pushed + 3 * 8)(%rsp)
	pushq	%rbp
	movq	%rsp, %rbp
#endif
	subq	$FRAME_SIZE, %rsp
	movq	%rdi, RDI(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
	movq	%rax, RAX(%rsp)
	/* non-zero only when a direct trampoline is to run afterwards */
	movq	$0, ORIG_RAX(%rsp)
#ifdef CONFIG_FRAME_POINTER
	/* %rbp is ours now; the traced code's one is the first push */
	movq	(FENTRY_FRAME - 8)(%rsp), %rsi
	movq	%rsi, RBP(%rsp)
#else
	movq	%rbp, RBP(%rsp)
#endif
	movq	(FENTRY_FRAME + \pushed)(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	subq	$MCOUNT_INSN_SIZE, %rdi
	movq	(FENTRY_FRAME + \pushed + 8)(%rsp), %rsi
.endm

/*
 * Undo fentry_save, leaving @keep bytes of the frame on the stack.
 * %rbp comes from pt_regs, as callbacks that take full regs may change it.
 */
.macro fentry_restore keep=0
	movq	RAX(%rsp), %rax
	movq	R9(%rsp), %r9
	movq	R8(%rsp), %r8
	movq	RCX(%rsp), %rcx
	movq	RDX(%rsp), %rdx
	movq	RSI(%rsp), %rsi
	movq	RDI(%rsp), %rdi
	movq	RBP(%rsp), %rbp
	addq	$(FENTRY_FRAME - \keep), %rsp
.endm

/*
 * Our kernel/trace/Kconfig builds the function tracer only with dynamic
 * patching; a static __fentry__ that tests a pointer on every call does
 * not exist here.
 */
#ifndef CONFIG_DYNAMIC_FTRACE
#error "function tracing on x86-64 needs CONFIG_DYNAMIC_FTRACE"
#endif

/*
 * The caller for callbacks that need only the arguments (ftrace_regs with
 * the argument registers, %rbp, %rip and %rsp; CS left zero so that
 * ftrace_get_regs() says there are no full regs).
 */
SYM_FUNC_START(ftrace_caller)
	fentry_save
	/* the site's call into here bypassed the call-depth thunk */
	CALL_DEPTH_ACCOUNT

	/* the traced function's %rsp: just above our return address */
	leaq	(FENTRY_FRAME + 8)(%rsp), %rcx
	movq	%rcx, RSP(%rsp)

SYM_INNER_LABEL(ftrace_caller_op_ptr, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	/* third argument: a per-ops copy loads its own ops here instead */
	movq	function_trace_op(%rip), %rdx

	movq	$0, CS(%rsp)
	movq	%rsp, %rcx

	/* the patched call below bypasses the call-depth thunk too */
	CALL_DEPTH_ACCOUNT

SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	call	ftrace_stub

	/* A callback may have moved the return (live patching). */
	movq	RIP(%rsp), %rax
	movq	%rax, FENTRY_FRAME(%rsp)

	fentry_restore

	/* Not copied: a trampoline appends its own return. */
SYM_INNER_LABEL(ftrace_caller_end, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	RET
SYM_FUNC_END(ftrace_caller)
STACK_FRAME_NON_STANDARD_FP(ftrace_caller)

/*
 * The caller for callbacks that want a complete pt_regs (kprobes on
 * ftrace, live patching, direct calls): flags, every general register,
 * kernel segments. A callback may change any of them; orig_ax non-zero
 * on return means "continue into the direct trampoline at orig_ax" (see
 * arch_ftrace_set_direct_caller()).
 */
SYM_FUNC_START(ftrace_regs_caller)
	/* first, before anything can change them */
	pushfq
	fentry_save 8
	CALL_DEPTH_ACCOUNT

SYM_INNER_LABEL(ftrace_regs_caller_op_ptr, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	movq	function_trace_op(%rip), %rdx

	movq	%rbx, RBX(%rsp)
	movq	%r10, R10(%rsp)
	movq	%r11, R11(%rsp)
	movq	%r12, R12(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r15, R15(%rsp)
	/* pushfq left the flags right above the frame */
	movq	FENTRY_FRAME(%rsp), %rcx
	movq	%rcx, EFLAGS(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	/* above the flags and our return address */
	leaq	(FENTRY_FRAME + 2 * 8)(%rsp), %rcx
	movq	%rcx, RSP(%rsp)

	ENCODE_FRAME_POINTER

	movq	%rsp, %rcx
	CALL_DEPTH_ACCOUNT

SYM_INNER_LABEL(ftrace_regs_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	call	ftrace_stub

	/* flags and return address as the callback left them */
	movq	EFLAGS(%rsp), %rax
	movq	%rax, FENTRY_FRAME(%rsp)
	movq	RIP(%rsp), %rax
	movq	%rax, (FENTRY_FRAME + 8)(%rsp)

	/* %r11 is scratch at a function's entry: nothing to give back */
	movq	RBX(%rsp), %rbx
	movq	R10(%rsp), %r10
	movq	R12(%rsp), %r12
	movq	R13(%rsp), %r13
	movq	R14(%rsp), %r14
	movq	R15(%rsp), %r15

	movq	ORIG_RAX(%rsp), %rax
	testq	%rax, %rax
	/* a short jnz: per-ops copies overwrite it with a two-byte NOP */
SYM_INNER_LABEL(ftrace_regs_caller_jmp, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	jnz	.Lregs_direct

	fentry_restore
	popfq

SYM_INNER_LABEL(ftrace_regs_caller_end, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	RET

	/*
	 * Continue into the direct trampoline as if the traced function had
	 * called it: leave its address where the flags were, the flags one
	 * slot lower for popfq, and return into it.
	 */
.Lregs_direct:
	movq	FENTRY_FRAME(%rsp), %rdi
	movq	%rdi, (FENTRY_FRAME - 8)(%rsp)
	movq	%rax, FENTRY_FRAME(%rsp)

	fentry_restore 8
	popfq
	UNWIND_HINT_FUNC

	/*
	 * The "return" into the trampoline was never a call; a dummy call
	 * keeps the return stack buffer balanced.
	 */
	ANNOTATE_INTRA_FUNCTION_CALL
	call	.Lregs_direct_ret
	int3
.Lregs_direct_ret:
	addq	$8, %rsp
	ALTERNATIVE __stringify(RET), \
		    __stringify(ANNOTATE_UNRET_SAFE; ret; int3), \
		    X86_FEATURE_CALL_DEPTH
SYM_FUNC_END(ftrace_regs_caller)
STACK_FRAME_NON_STANDARD_FP(ftrace_regs_caller)

/*
 * The callback that does nothing: what ftrace_call calls while no
 * ftrace_ops is registered. Typed, as C code stores it in function
 * pointers.
 */
SYM_TYPED_FUNC_START(ftrace_stub)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(ftrace_stub)

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* A direct trampoline that does nothing, for users to start from. */
SYM_FUNC_START(ftrace_stub_direct_tramp)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(ftrace_stub_direct_tramp)
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Where a function hooked by the graph tracer returns to: its "ret" took
 * the address prepare_ftrace_return() left in its return slot and landed
 * here, with the stack pointer just above that slot. The return
 * registers %rax and %rdx are the function's result and must reach the
 * real caller unchanged; everything else caller-saved is ours.
 *
 * ftrace_return_to_handler() gets a struct ftrace_regs with the return
 * registers, %rbp and the stack pointer the function returned with, runs
 * the users' return callbacks, pops the shadow frame and gives back the
 * address the function was really called from.
 */
SYM_CODE_START(return_to_handler)
	/* no frame of a caller here: the unwinder must not look further */
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR

	/*
	 * Take the consumed slot back, so that from here on the stack
	 * looks like that of a function called from the real caller (it
	 * holds return_to_handler, which the shadow frame translates, until
	 * ftrace_return_to_handler() stores the real return address there).
	 */
	subq	$8, %rsp
	UNWIND_HINT_FUNC

	subq	$FRAME_SIZE, %rsp
	/* the stack pointer right after the function's ret */
	leaq	(FRAME_SIZE + 8)(%rsp), %rdi
	movq	%rdi, RSP(%rsp)
	movq	%rbp, RBP(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rax, RAX(%rsp)
	movq	%rsp, %rdi
	call	ftrace_return_to_handler

	/* %rdi is free at a return: it carries the address out */
	movq	%rax, %rdi
	movq	RAX(%rsp), %rax
	movq	RDX(%rsp), %rdx
	addq	$(FRAME_SIZE + 8), %rsp

	/*
	 * Go to the real caller with a call and a ret rather than an
	 * indirect jump: the call gives the return stack buffer the entry
	 * that the ret consumes (the function's own ret already used the
	 * one of its call), and an indirect jump would need an ENDBR at a
	 * return address under IBT. The call's return address is replaced
	 * by the real one before the ret.
	 */
	ANNOTATE_INTRA_FUNCTION_CALL
	call	.Lgraph_ret
	int3
.Lgraph_ret:
	/*
	 * Until the mov, the word on top is the address of the int3 above,
	 * which no unwinder can go on from (an NMI lands here at once under
	 * a TCG guest): stop them here. Before the call the function's slot
	 * above already holds the real caller (ftrace_return_to_handler()).
	 */
	UNWIND_HINT_UNDEFINED
	movq	%rdi, (%rsp)
	ALTERNATIVE __stringify(RET), \
		    __stringify(ANNOTATE_UNRET_SAFE; ret; int3), \
		    X86_FEATURE_CALL_DEPTH
SYM_CODE_END(return_to_handler)
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/*
 * What the compiler calls. Every site is a NOP from ftrace_init() on, so
 * this only runs in code that was never converted: return at once.
 */
SYM_FUNC_START(__fentry__)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)
