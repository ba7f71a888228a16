// SPDX-License-Identifier: GPL-2.0
/*
 * The nop tracer: records nothing by itself, so the buffer holds only
 * what events, markers and trace_printk() put there. It is the default
 * of every trace array and what "echo nop > current_tracer" resets to.
 *
 * Its two options exist to exercise the tracer-option machinery:
 * test_nop_accept always lets itself be changed, test_nop_refuse never.
 */
#include "trace.h"
#include "trace_core.h"

enum {
	NOP_OPT_ACCEPT = BIT(0),
	NOP_OPT_REFUSE = BIT(1),
};

static struct tracer_opt nop_opts[] = {
	{ TRACER_OPT(test_nop_accept, NOP_OPT_ACCEPT) },
	{ TRACER_OPT(test_nop_refuse, NOP_OPT_REFUSE) },
	{ }
};

static struct tracer_flags nop_flags = {
	.val = 0,
	.opts = nop_opts,
};

static int nop_init(struct trace_array *tr)
{
	return 0;
}

static void nop_reset(struct trace_array *tr)
{
}

static int nop_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			int set)
{
	return bit == NOP_OPT_REFUSE ? -EINVAL : 0;
}

struct tracer nop_trace __read_mostly = {
	.name		= "nop",
	.init		= nop_init,
	.reset		= nop_reset,
#ifdef CONFIG_FTRACE_STARTUP_TEST
	.selftest	= trace_selftest_startup_nop,
#endif
	.flags		= &nop_flags,
	.set_flag	= nop_set_flag,
	.allow_instances = true,
};
