/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the test programs of tools/testing/probe_args share: x86-64's
 * register names at their offsets in struct pt_regs (the shim's layout).
 */
#ifndef PROBE_ARGS_HARNESS_H
#define PROBE_ARGS_HARNESS_H

#include <string.h>

static const char *const harness_regs[] = {
	"r15", "r14", "r13", "r12", "bp", "bx", "r11", "r10", "r9", "r8",
	"ax", "cx", "dx", "si", "di", "orig_ax", "ip", "cs", "flags", "sp",
	"ss",
};

static inline int harness_reg_offset(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(harness_regs); i++)
		if (!strcmp(harness_regs[i], name))
			return i * 8;
	return -EINVAL;
}

#endif /* PROBE_ARGS_HARNESS_H */
