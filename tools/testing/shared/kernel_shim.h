/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of the kernel's world that every userspace harness of
 * kernel/trace needs: fixed-width types, compiler annotations, the memory
 * model (READ_ONCE, barriers, atomics), lists, error pointers and
 * allocation that can be made to fail. Each harness's own shim includes
 * this file first and adds what its code under test uses besides
 * (tools/testing/ring_buffer/shim, tools/testing/filter/shim).
 *
 * The memory model comes in two strengths, chosen at build time:
 *
 *   default         READ_ONCE() is an acquire load and WRITE_ONCE() a
 *                   release store. ThreadSanitizer then sees an ordering
 *                   through every marked access, so data races are found
 *                   only where an access is not marked at all.
 *   SHIM_WEAK_ONCE  marked loads and stores are relaxed, as the kernel
 *                   promises nothing more for them; only the barriers
 *                   (smp_wmb(), smp_rmb(), smp_mb(), fully ordered
 *                   atomics, acquire/release helpers) order. A reader
 *                   that forgets its smp_rmb() between a flag and the
 *                   data the flag publishes is a data race TSan reports.
 *
 * What neither can see: reorderings that the C11 model and TSan do not
 * produce on the machine the test runs on (x86 is TSO: a missing
 * smp_wmb() between two stores shows only if TSan sees no ordering at
 * all), and address dependencies, which SHIM_WEAK_ONCE models as
 * ordering nothing (stricter than the kernel: see README).
 */
#ifndef TESTING_SHARED_KERNEL_SHIM_H
#define TESTING_SHARED_KERNEL_SHIM_H

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- types: the kernel's, u64 included (unsigned long long) ---- */
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef unsigned long long u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef long long s64;
typedef uint32_t __u32;
typedef unsigned long long __u64;
typedef unsigned int gfp_t;

/* ---- compiler and annotations ---- */
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#undef __always_inline
#define __always_inline		inline __attribute__((always_inline))
#define noinline		__attribute__((noinline))
#define __aligned(x)		__attribute__((aligned(x)))
#define __packed		__attribute__((packed))
#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define __must_check
#define __uninitialized
/* the host's bit-field order, which asm/byteorder.h gives the kernel */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define __LITTLE_ENDIAN_BITFIELD
#else
#define __BIG_ENDIAN_BITFIELD
#endif
#define __init
#define __percpu
#define __user
#define __rcu
#define __pure
#define barrier()		__asm__ __volatile__("" ::: "memory")
#define container_of(p, type, member) \
	((type *)((char *)(p) - offsetof(type, member)))
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define ALIGN(x, a)		(((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define BIT(n)			(1UL << (n))
/* Each argument evaluated once, as the kernel's. */
#define min(a, b) ({ __typeof__(a) __a = (a); __typeof__(b) __b = (b); \
		     __a < __b ? __a : __b; })
#define max(a, b) ({ __typeof__(a) __a = (a); __typeof__(b) __b = (b); \
		     __a > __b ? __a : __b; })
#define min_t(t, a, b)		min((t)(a), (t)(b))
#define max_t(t, a, b)		max((t)(a), (t)(b))
#define clamp(v, lo, hi)	min(max((v), (lo)), (hi))
#define is_signed_type(t)	(((t)(-1)) < (t)1)
/* the kernel source exports; nothing to do here */
#define EXPORT_SYMBOL_GPL(sym)	struct shim_export_ ## sym
#define EXPORT_SYMBOL(sym)	struct shim_export_ ## sym
#define late_initcall(fn)	struct shim_initcall_ ## fn

/* ---- the memory model ---- */

/*
 * One location stands for "memory" in the barriers: smp_wmb() releases
 * to it, smp_rmb() acquires from it. That is all a write barrier and a
 * read barrier promise each other; TSan cannot follow a fence alone.
 */
extern unsigned long shim_fence_word;

#define shim_wmb() ((void)__atomic_fetch_add(&shim_fence_word, 1,	\
					     __ATOMIC_RELEASE))
#define shim_rmb() ((void)__atomic_load_n(&shim_fence_word,		\
					  __ATOMIC_ACQUIRE))
#define smp_mb() do {							\
	(void)__atomic_fetch_add(&shim_fence_word, 1, __ATOMIC_ACQ_REL); \
	__atomic_thread_fence(__ATOMIC_SEQ_CST);			\
} while (0)
#define smp_wmb() do {							\
	shim_wmb();							\
	__atomic_thread_fence(__ATOMIC_RELEASE);			\
} while (0)
#define smp_rmb() do {							\
	shim_rmb();							\
	__atomic_thread_fence(__ATOMIC_ACQUIRE);			\
} while (0)
#define smp_mb__before_atomic()	smp_mb()
#define smp_mb__after_atomic()	smp_mb()

#ifdef SHIM_WEAK_ONCE
#define SHIM_LOAD		__ATOMIC_RELAXED
#define SHIM_STORE		__ATOMIC_RELAXED
#define SHIM_RMW		__ATOMIC_RELAXED
/* a value-returning atomic is fully ordered on both sides */
#define SHIM_FULL(op) ({ smp_mb(); __typeof__(op) __r = (op); smp_mb(); __r; })
#else
#define SHIM_LOAD		__ATOMIC_ACQUIRE
#define SHIM_STORE		__ATOMIC_RELEASE
#define SHIM_RMW		__ATOMIC_SEQ_CST
#define SHIM_FULL(op)		(op)
#endif

#define READ_ONCE(x)		__atomic_load_n(&(x), SHIM_LOAD)
#define WRITE_ONCE(x, v)	__atomic_store_n(&(x), (v), SHIM_STORE)
#define smp_load_acquire(p)	__atomic_load_n((p), __ATOMIC_ACQUIRE)
#define smp_store_release(p, v)	__atomic_store_n((p), (v), __ATOMIC_RELEASE)

#define cmpxchg(p, o, n) ({						\
	__typeof__(*(p)) __old = (o);					\
	(void)SHIM_FULL(__atomic_compare_exchange_n((p), &__old, (n),	\
			false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));	\
	__old;								\
})
#define try_cmpxchg(p, po, n)						\
	SHIM_FULL(__atomic_compare_exchange_n((p), (po), (n), false,	\
				__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))

typedef struct { int counter; } atomic_t;
#define atomic_read(v)		__atomic_load_n(&(v)->counter, SHIM_LOAD)
#define atomic_set(v, i)	__atomic_store_n(&(v)->counter, (i), SHIM_STORE)
#define atomic_read_acquire(v)	__atomic_load_n(&(v)->counter, __ATOMIC_ACQUIRE)
/* non-returning atomics order nothing in the kernel */
#define atomic_inc(v)	((void)__atomic_fetch_add(&(v)->counter, 1, SHIM_RMW))
#define atomic_dec(v)	((void)__atomic_fetch_sub(&(v)->counter, 1, SHIM_RMW))
#define atomic_inc_return(v) \
	SHIM_FULL(__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST))
#define atomic_dec_and_test(v) \
	SHIM_FULL(__atomic_sub_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST) == 0)
#define atomic_dec_return_release(v) \
	__atomic_sub_fetch(&(v)->counter, 1, __ATOMIC_RELEASE)
#define atomic_inc_return_release(v) \
	__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_RELEASE)
#define atomic_fetch_inc_release(v) \
	__atomic_fetch_add(&(v)->counter, 1, __ATOMIC_RELEASE)
#define atomic_try_cmpxchg(v, po, n)					\
	SHIM_FULL(__atomic_compare_exchange_n(&(v)->counter, (po), (n),	\
				false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))

/* ---- error pointers ---- */
#define MAX_ERRNO		4095
#define IS_ERR_VALUE(x)		((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)
static inline void *ERR_PTR(long e) { return (void *)e; }
static inline long PTR_ERR(const void *p) { return (long)p; }
static inline bool IS_ERR(const void *p) { return IS_ERR_VALUE(p); }
static inline bool IS_ERR_OR_NULL(const void *p)
{
	return !p || IS_ERR_VALUE(p);
}

/* ---- lists ---- */
struct list_head { struct list_head *next, *prev; };
struct hlist_node { struct hlist_node *next, **pprev; };
#define LIST_HEAD(n)		struct list_head n = { &(n), &(n) }
static inline void INIT_LIST_HEAD(struct list_head *l)
{
	l->next = l;
	l->prev = l;
}

static inline void shim_list_add(struct list_head *n, struct list_head *p,
				 struct list_head *nx)
{
	nx->prev = n;
	n->next = nx;
	n->prev = p;
	p->next = n;
}

static inline void list_add(struct list_head *n, struct list_head *h)
{
	shim_list_add(n, h, h->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	shim_list_add(n, h->prev, h);
}

static inline void list_del(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
}

static inline void list_del_init(struct list_head *e)
{
	list_del(e);
	INIT_LIST_HEAD(e);
}

static inline bool list_empty(const struct list_head *h)
{
	return h->next == h;
}

static inline void shim_list_join(struct list_head *l, struct list_head *p,
				  struct list_head *nx)
{
	struct list_head *first = l->next, *last = l->prev;

	first->prev = p;
	p->next = first;
	last->next = nx;
	nx->prev = last;
}

static inline void list_splice(struct list_head *l, struct list_head *h)
{
	if (!list_empty(l))
		shim_list_join(l, h, h->next);
}

static inline void list_splice_tail(struct list_head *l, struct list_head *h)
{
	if (!list_empty(l))
		shim_list_join(l, h->prev, h);
}

#define list_entry(p, t, m)		container_of(p, t, m)
#define list_first_entry(h, t, m)	list_entry((h)->next, t, m)
#define list_for_each_entry(p, h, m) \
	for (p = list_entry((h)->next, __typeof__(*p), m); &p->m != (h); \
	     p = list_entry(p->m.next, __typeof__(*p), m))
#define list_for_each_entry_safe(p, n, h, m) \
	for (p = list_entry((h)->next, __typeof__(*p), m), \
	     n = list_entry(p->m.next, __typeof__(*p), m); &p->m != (h); \
	     p = n, n = list_entry(n->m.next, __typeof__(*n), m))
#define hlist_entry_safe(p, t, m)	((p) ? container_of(p, t, m) : NULL)

/* ---- memory: allocation number shim_fail_alloc_at fails (0: none) ---- */
#define GFP_KERNEL		0x1u
#define GFP_ATOMIC		0x2u
#define __GFP_ZERO		0x4u
#define __GFP_COMP		0x8u
#define __GFP_RETRY_MAYFAIL	0x10u
#define __GFP_NORETRY		0x20u
#define GFP_USER		0x40u

extern unsigned long shim_alloc_count, shim_fail_alloc_at;
void *shim_alloc(size_t size, bool zero);

/*
 * kmalloc() and friends above the largest slab/page-allocator size (4 MiB
 * with x86-64's page orders) fail with a WARNING in the kernel: here they
 * fail too, and are counted so a test can insist on none.
 */
#define SHIM_KMALLOC_MAX	(4UL << 20)
extern unsigned long shim_kmalloc_too_big;
void *shim_kmalloc(size_t size, bool zero);

static inline void *kmalloc(size_t n, gfp_t gfp)
{
	return shim_kmalloc(n, false);
}

static inline void *kzalloc(size_t n, gfp_t gfp)
{
	return shim_kmalloc(n, true);
}

static inline void *kzalloc_node(size_t n, gfp_t gfp, int node)
{
	return shim_kmalloc(n, true);
}

static inline void *kcalloc(size_t n, size_t size, gfp_t gfp)
{
	return shim_kmalloc(n * size, true);
}

static inline void *kvcalloc(size_t n, size_t size, gfp_t gfp)
{
	return shim_alloc(n * size, true);
}

static inline void *kvzalloc(size_t n, gfp_t gfp)
{
	return shim_alloc(n, true);
}

#define kfree(p)		free((void *)(p))

/* ---- numbers, as lib/kstrtox.c reads them ---- */
int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoll(const char *s, unsigned int base, long long *res);
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
int kstrtol(const char *s, unsigned int base, long *res);
#define kvfree(p)		free((void *)(p))

#endif /* TESTING_SHARED_KERNEL_SHIM_H */
