/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-ins for what kernel/trace/ftrace_hash.c (and
 * lib/glob.c, which it calls) use, so that both compile unchanged. Each
 * linux/ header they include is a file of shim/linux/ that includes
 * this one.
 *
 * shim_fail_alloc_at makes the n-th allocation from now on fail (0: none),
 * to reach the out-of-memory paths; shim_allocs counts live allocations,
 * so a test can see that everything was given back.
 */
#ifndef FTRACE_SHIM_H
#define FTRACE_SHIM_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned int gfp_t;
typedef uint32_t u32;
typedef uint64_t u64;

#define GFP_KERNEL		0
#define __pure			__attribute__((pure))
#define __rcu
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define EXPORT_SYMBOL(sym)	struct shim_export_ ## sym
#define EXPORT_SYMBOL_GPL(sym)	struct shim_export_ ## sym
#define MODULE_DESCRIPTION(s)	struct shim_module_description
#define MODULE_LICENSE(s)	struct shim_module_license
#define fallthrough		__attribute__((__fallthrough__))
#define BIT(n)			(1UL << (n))
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

extern long shim_fail_alloc_at;
extern long shim_allocs;

void *kzalloc(size_t size, gfp_t gfp);
void *kcalloc(size_t n, size_t size, gfp_t gfp);
void *kmemdup(const void *p, size_t size, gfp_t gfp);
void kfree(const void *p);

/* The kernel's is a multiplicative hash; any spread will do here. */
static inline unsigned long hash_long(unsigned long val, unsigned int bits)
{
	return (val * 0x61c8864680b583ebUL) >> (64 - bits);
}

bool glob_match(char const *pat, char const *str);

#endif /* FTRACE_SHIM_H */
