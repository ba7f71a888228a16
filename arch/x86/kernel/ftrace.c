// SPDX-License-Identifier: GPL-2.0
/*
 * x86 code patching for dynamic function tracing.
 *
 * A call site is the five bytes the compiler emitted as "call __fentry__".
 * It holds one of two things: the five-byte NOP x86_nops[5] (kprobes
 * recognises ftrace sites by exactly that NOP), or a call to a caller in
 * ftrace_64.S or to a per-ops trampoline. Everything written is first
 * compared with what the site is expected to hold, so a wrong record can
 * never make us write into the middle of other code.
 *
 * How a write is made safe depends on whether the text can be running:
 *  - At boot (ftrace_init(), one CPU, no interrupts) and for a module
 *    that is still being formed, nothing executes the site: the bytes
 *    are written as they are (text_poke_early()).
 *  - Otherwise the sites are queued with text_poke_queue() and written
 *    by text_poke_finish() in one batch through the INT3 protocol of
 *    text_poke_bp_batch(): an INT3 first (whose handler emulates the
 *    new instruction), then the tail, then the first byte, with all CPUs
 *    serialised in between. No stop_machine().
 * Both run under text_mutex, which also keeps module loading and other
 * patchers (jump labels, static calls, kprobes) out; the core takes it
 * through ftrace_arch_code_modify_prepare()/post_process().
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/set_memory.h>
#include <linux/execmem.h>
#include <linux/uaccess.h>

#include <asm/ftrace.h>
#include <asm/nops.h>
#include <asm/text-patching.h>

#include "ftrace_labels.h"

#ifdef CONFIG_DYNAMIC_FTRACE

/* Set while text_mutex is held for a batch: queue, do not write. */
static bool ftrace_poke_batched;

void ftrace_arch_code_modify_prepare(void)
	__acquires(&text_mutex)
{
	mutex_lock(&text_mutex);
	ftrace_poke_batched = true;
}

void ftrace_arch_code_modify_post_process(void)
	__releases(&text_mutex)
{
	/* Module enabling queues sites through ftrace_make_call(). */
	text_poke_finish();
	ftrace_poke_batched = false;
	mutex_unlock(&text_mutex);
}

/* The bytes of a call from @ip to @target, in @buf. */
static void site_call_insn(u8 *buf, unsigned long ip, unsigned long target)
{
	/*
	 * A plain call, not via a call-depth thunk: the callers account
	 * for the depth themselves (CALL_DEPTH_ACCOUNT).
	 */
	__text_gen_insn(buf, CALL_INSN_OPCODE, (void *)ip, (void *)target,
			CALL_INSN_SIZE);
}

/*
 * Does @ip hold @expect? -EFAULT if it cannot be read, -EINVAL if it holds
 * something else (ftrace_expected then says what we looked for, for
 * ftrace_bug()).
 */
static int site_check(unsigned long ip, const u8 *expect)
{
	u8 cur[MCOUNT_INSN_SIZE];

	if (copy_from_kernel_nofault(cur, (void *)ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	if (memcmp(cur, expect, MCOUNT_INSN_SIZE)) {
		ftrace_expected = expect;
		return -EINVAL;
	}
	return 0;
}

/*
 * Rewrite one site that either cannot be running yet (boot, a module not
 * yet live) or is part of a batch. __ref: text_poke_early() is init text,
 * and only the boot-time conversion reaches it after init is freed... which
 * cannot happen, as that conversion is over before.
 */
static int __ref site_write(unsigned long ip, const u8 *old, const u8 *new)
{
	int ret = site_check(ip, old);

	if (ret)
		return ret;
	if (ftrace_poke_batched)
		text_poke_queue((void *)ip, new, MCOUNT_INSN_SIZE, NULL);
	else
		text_poke_early((void *)ip, new, MCOUNT_INSN_SIZE);
	return 0;
}

/*
 * Only the first conversion of a site (the compiler's call to __fentry__,
 * at boot or module load) comes here: later changes all go through
 * ftrace_replace_code().
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	u8 old[CALL_INSN_SIZE];

	if (WARN_ONCE(addr != MCOUNT_ADDR, "ftrace: unexpected make_nop\n"))
		return -EINVAL;
	site_call_insn(old, rec->ip, addr);
	return site_write(rec->ip, old, x86_nops[5]);
}

/* A site of a module being enabled (ftrace_module_enable()). */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	u8 new[CALL_INSN_SIZE];

	site_call_insn(new, rec->ip, addr);
	return site_write(rec->ip, x86_nops[5], new);
}

/* Call-to-call changes are part of ftrace_replace_code()'s batches. */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	WARN_ONCE(1, "ftrace: unexpected modify_call\n");
	return -EINVAL;
}

/* Point the callers' own call (ftrace_call, ftrace_regs_call) at @func. */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	void *sites[] = { ftrace_call, ftrace_regs_call };
	u8 insn[CALL_INSN_SIZE];
	int i;

	lockdep_assert_held(&text_mutex);
	for (i = 0; i < ARRAY_SIZE(sites); i++) {
		site_call_insn(insn, (unsigned long)sites[i], (unsigned long)func);
		/* the callers run all the time: one site at a time, via INT3 */
		text_poke_bp(sites[i], insn, CALL_INSN_SIZE, NULL);
	}
	return 0;
}

/*
 * What the site of @rec must hold now (@new false) or after the update
 * (@new true), for an update of kind @how (FTRACE_UPDATE_*).
 */
static const u8 *site_insn(u8 *buf, struct dyn_ftrace *rec, int how, bool new)
{
	bool call;

	if (new)
		call = how != FTRACE_UPDATE_MAKE_NOP;
	else
		call = how != FTRACE_UPDATE_MAKE_CALL;
	if (!call)
		return x86_nops[5];
	site_call_insn(buf, rec->ip, new ? ftrace_get_addr_new(rec) :
					   ftrace_get_addr_curr(rec));
	return buf;
}

/*
 * Bring every site to what its record asks for. All sites that change are
 * checked first, so a record that does not match its text stops the whole
 * update before a single byte is written; then they are queued and
 * written in batches.
 */
void ftrace_replace_code(int enable)
{
	struct ftrace_rec_iter *iter;
	struct dyn_ftrace *rec;
	u8 buf[CALL_INSN_SIZE];
	int how, ret;

	for_ftrace_rec_iter(iter) {
		rec = ftrace_rec_iter_record(iter);
		how = ftrace_test_record(rec, enable);
		if (how == FTRACE_UPDATE_IGNORE)
			continue;
		ret = site_check(rec->ip, site_insn(buf, rec, how, false));
		if (ret) {
			ftrace_bug(ret, rec);
			ftrace_expected = NULL;
			return;
		}
	}

	for_ftrace_rec_iter(iter) {
		rec = ftrace_rec_iter_record(iter);
		how = ftrace_test_record(rec, enable);
		if (how == FTRACE_UPDATE_IGNORE)
			continue;
		text_poke_queue((void *)rec->ip, site_insn(buf, rec, how, true),
				MCOUNT_INSN_SIZE, NULL);
		ftrace_update_record(rec, enable);
	}
	text_poke_finish();
}

/* No stop_machine(): the batches above are safe on a running system. */
void arch_ftrace_update_code(int command)
{
	ftrace_modify_all_code(command);
}

/* ------------------------------------------------------------------ */
/* Per-ops trampolines                                                 */

/* Where, in a caller, each part the copy needs to change lies. */
struct tramp_layout {
	unsigned long start, end;	/* the code that is copied */
	unsigned long op_ptr;		/* movq sym(%rip), %rdx */
	unsigned long call;		/* call <callback> */
	unsigned long jmp;		/* regs caller: jnz to the direct path */
};

static void tramp_layout(bool regs, struct tramp_layout *l)
{
	if (regs) {
		*l = (struct tramp_layout) {
			.start	= (unsigned long)ftrace_regs_caller,
			.end	= (unsigned long)ftrace_regs_caller_end,
			.op_ptr	= (unsigned long)ftrace_regs_caller_op_ptr,
			.call	= (unsigned long)ftrace_regs_call,
			.jmp	= (unsigned long)ftrace_regs_caller_jmp,
		};
	} else {
		*l = (struct tramp_layout) {
			.start	= (unsigned long)ftrace_caller,
			.end	= (unsigned long)ftrace_caller_end,
			.op_ptr	= (unsigned long)ftrace_caller_op_ptr,
			.call	= (unsigned long)ftrace_call,
		};
	}
}

static bool ops_regs(struct ftrace_ops *ops)
{
	return ops->flags & FTRACE_OPS_FL_SAVE_REGS;
}

/* A return, or the jump to the return thunk: what follows the copy. */
#define TRAMP_RET_SIZE \
	(IS_ENABLED(CONFIG_MITIGATION_RETPOLINE) ? JMP32_INSN_SIZE : \
	 1 + IS_ENABLED(CONFIG_MITIGATION_SLS))

/* Bytes of a trampoline: code, return, then the ops pointer it loads. */
static unsigned long tramp_size(const struct tramp_layout *l)
{
	return l->end - l->start + TRAMP_RET_SIZE + sizeof(void *);
}

/* The "movq disp32(%rip), %rdx" at op_ptr: REX.W 8B /r, ModRM 0x15. */
static const u8 op_load_prefix[] = { 0x48, 0x8b, 0x15 };
#define OP_LOAD_SIZE	(sizeof(op_load_prefix) + sizeof(s32))

/*
 * Make a copy of the caller @ops needs that passes @ops itself as the
 * callback's third argument and calls its callback directly. Returns the
 * trampoline, or 0 (the sites of @ops then use the shared callers).
 */
static unsigned long tramp_create(struct ftrace_ops *ops, unsigned int *size)
{
	struct tramp_layout l;
	unsigned long len, *opp;
	u8 *tramp, *p;
	s32 disp;

	tramp_layout(ops_regs(ops), &l);
	len = l.end - l.start;
	tramp = execmem_alloc(EXECMEM_FTRACE, tramp_size(&l));
	if (!tramp)
		return 0;

	if (copy_from_kernel_nofault(tramp, (void *)l.start, len))
		goto fail;

	/* The return the original has after _end. */
	p = tramp + len;
	if (cpu_wants_rethunk_at(p)) {
		__text_gen_insn(p, JMP32_INSN_OPCODE, p, x86_return_thunk,
				JMP32_INSN_SIZE);
	} else {
		p[0] = RET_INSN_OPCODE;
		if (TRAMP_RET_SIZE > 1)
			p[1] = INT3_INSN_OPCODE;
	}

	/*
	 * One ops only, and never the direct-call helper: the test for a
	 * direct trampoline (a two-byte jnz) becomes a two-byte NOP.
	 */
	if (ops_regs(ops)) {
		p = tramp + (l.jmp - l.start);
		if (WARN_ON(p[0] != 0x75))
			goto fail;
		memcpy(p, x86_nops[2], 2);
	}

	/* RIP-relative operands of the copy still aim from the original. */
	text_poke_apply_relocation(tramp, tramp, len, (void *)l.start, len);

	/* The ops pointer after the return replaces function_trace_op. */
	opp = (unsigned long *)(tramp + len + TRAMP_RET_SIZE);
	*opp = (unsigned long)ops;
	p = tramp + (l.op_ptr - l.start);
	if (WARN_ON(memcmp(p, op_load_prefix, sizeof(op_load_prefix))))
		goto fail;
	disp = (long)opp - (long)(p + OP_LOAD_SIZE);
	memcpy(p + sizeof(op_load_prefix), &disp, sizeof(disp));

	/* The callback, called directly. */
	p = tramp + (l.call - l.start);
	site_call_insn(p, (unsigned long)p,
		       (unsigned long)ftrace_ops_get_func(ops));

	/* Only our own trampolines are ever rewritten or freed by us. */
	ops->flags |= FTRACE_OPS_FL_ALLOC_TRAMP;
	*size = tramp_size(&l);
	set_memory_rox((unsigned long)tramp, DIV_ROUND_UP(*size, PAGE_SIZE));
	return (unsigned long)tramp;
fail:
	execmem_free(tramp);
	return 0;
}

/*
 * Called from mark_rodata_ro(): trampolines made before it (by boot-time
 * tracing) become read-only like the rest of the kernel text.
 */
void set_ftrace_ops_ro(void)
{
	struct ftrace_ops *ops;
	struct tramp_layout l;

	do_for_each_ftrace_op(ops, ftrace_ops_list) {
		if (!(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
			continue;
		tramp_layout(ops_regs(ops), &l);
		set_memory_ro(ops->trampoline,
			      DIV_ROUND_UP(tramp_size(&l), PAGE_SIZE));
	} while_for_each_ftrace_op(ops);
}

/*
 * Give @ops a trampoline, or make its existing one call the current
 * callback of @ops (which changes with the number of ops registered:
 * ftrace_ops_get_func()).
 */
void arch_ftrace_update_trampoline(struct ftrace_ops *ops)
{
	struct tramp_layout l;
	unsigned int size;
	u8 insn[CALL_INSN_SIZE];
	void *call;

	if (!ops->trampoline) {
		ops->trampoline = tramp_create(ops, &size);
		if (ops->trampoline)
			ops->trampoline_size = size;
		return;
	}
	/* An owner-supplied trampoline is not ours to touch. */
	if (!(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
		return;

	tramp_layout(ops_regs(ops), &l);
	call = (void *)ops->trampoline + (l.call - l.start);
	site_call_insn(insn, (unsigned long)call,
		       (unsigned long)ftrace_ops_get_func(ops));
	mutex_lock(&text_mutex);
	/* it may be running: the INT3 protocol */
	text_poke_bp(call, insn, CALL_INSN_SIZE, NULL);
	mutex_unlock(&text_mutex);
}

/* The target of the call instruction at @ip, or NULL. */
static void *call_target(void *ip)
{
	union text_poke_insn insn;

	if (WARN_ON_ONCE(copy_from_kernel_nofault(&insn, ip, CALL_INSN_SIZE)))
		return NULL;
	if (WARN_ON_ONCE(insn.opcode != CALL_INSN_OPCODE))
		return NULL;
	return ip + CALL_INSN_SIZE + insn.disp;
}

/*
 * The callback the trampoline a site of @rec calls ends up in (for
 * enabled_functions): the call inside @ops' own trampoline, or inside the
 * shared caller the record uses.
 */
void *arch_ftrace_trampoline_func(struct ftrace_ops *ops, struct dyn_ftrace *rec)
{
	struct tramp_layout l;

	if (ops && (ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP)) {
		tramp_layout(ops_regs(ops), &l);
		return call_target((void *)ops->trampoline + (l.call - l.start));
	}
	/* A trampoline its owner made: we do not know its layout. */
	if (ops && ops->trampoline)
		return NULL;
	tramp_layout(rec->flags & FTRACE_FL_REGS_EN, &l);
	return call_target((void *)l.call);
}

void arch_ftrace_trampoline_free(struct ftrace_ops *ops)
{
	if (!ops || !(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
		return;
	execmem_free((void *)ops->trampoline);
	ops->trampoline = 0;
}

#endif /* CONFIG_DYNAMIC_FTRACE */

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The entry half of the function graph tracer. The traced function has
 * not run yet and @parent points at the stack slot holding its return
 * address: the core records that address on the task's shadow stack, and
 * the slot gets return_to_handler instead, so that the function's "ret"
 * lands in ftrace_64.S, which asks the core for the real address back.
 */
void prepare_ftrace_return(unsigned long ip, unsigned long *parent,
			   unsigned long frame_pointer)
{
	unsigned long hook = (unsigned long)return_to_handler;
	unsigned long old;
	int bit;

	/*
	 * Early CPU bring-up after a resume can run traced code on a stack
	 * that is not yet mapped at its kernel address; there is nothing to
	 * hook then.
	 */
	if (unlikely((long)__builtin_frame_address(0) >= 0))
		return;
	if (unlikely(ftrace_graph_is_dead() ||
		     atomic_read(&current->tracing_graph_pause)))
		return;

	/*
	 * Read the slot, then store the same value back: both with fixups,
	 * so a slot that cannot be read or written (it never should be, it
	 * is on our own stack) stops the graph tracer instead of oopsing.
	 * Only then is the return address pushed on the shadow stack; the
	 * final store goes where the probe just wrote, and comes after the
	 * push so that an unwinder that finds return_to_handler in the slot
	 * (an NMI in between) always finds its shadow frame too.
	 */
	__get_kernel_nofault(&old, parent, unsigned long, fault);
	__put_kernel_nofault(parent, &old, unsigned long, fault);

	bit = ftrace_test_recursion_trylock(ip, old);
	if (bit < 0)
		return;
	if (!function_graph_enter(old, ip, frame_pointer, parent))
		WRITE_ONCE(*parent, hook);
	ftrace_test_recursion_unlock(bit);
	return;

fault:
	ftrace_graph_stop();
	WARN(1, "function graph: cannot hook the return of %pS\n", (void *)ip);
}

/*
 * The ftrace_ops callback of every function graph user: the caller in
 * ftrace_64.S saved the traced function's stack pointer, which points at
 * its return address.
 */
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long *slot;

	slot = (unsigned long *)arch_ftrace_regs(fregs)->regs.sp;
	prepare_ftrace_return(ip, slot, 0);
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
