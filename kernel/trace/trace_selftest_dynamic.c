// SPDX-License-Identifier: GPL-2.0
/*
 * Functions for the function tracer's boot self-test to trace. The rest
 * of kernel/trace is built without call sites (it must never trace
 * itself); this file alone gets them back (see the Makefile).
 */
#include <linux/compiler.h>

#include "ftrace_internal.h"

/* Not inlined and not cloned: each call must pass through the site. */
noinline __noclone int trace_selftest_fn_traced(int x)
{
	barrier();
	return x + 1;
}

noinline __noclone int trace_selftest_fn_other(int x)
{
	barrier();
	return x * 2;
}

/* The graph tracer's self-test: a call with one traced call inside. */
noinline __noclone int trace_selftest_fn_nest(int x)
{
	return trace_selftest_fn_traced(x) + 1;
}
