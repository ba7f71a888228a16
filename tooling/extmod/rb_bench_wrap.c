// SPDX-License-Identifier: GPL-2.0
/*
 * B1 wrapper: builds upstream's kernel/trace/ring_buffer_benchmark.c (taken
 * from the base tree at build time, never kept in this repository) so that
 * its report goes to the kernel log instead of the trace buffer. The same
 * wrapper is used for both kernels, so both measure the same code; only the
 * ring buffer underneath differs.
 */
#include <linux/kernel.h>

#undef trace_printk
#define trace_printk(fmt, ...) pr_info("rb_bench: " fmt, ##__VA_ARGS__)

#include "ring_buffer_benchmark.c"
