/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-ins for the kernel facilities the ring buffer uses, so
 * that kernel/trace/ring_buffer*.c compile unchanged (as radix-tree's
 * test suite does with lib/radix-tree.c).
 *
 * CPUs are simulated: each thread says which CPU it runs on (rbh_cpu) and
 * in which context (rbh_ctx_level: 0 task, 1 softirq, 2 irq, 3 NMI).
 * Atomics map to the compiler's __atomic builtins. Plain loads and stores
 * that the kernel orders with barriers are given acquire/release meaning
 * here (READ_ONCE, local_read, ...) so ThreadSanitizer can follow them.
 */
#ifndef RB_SHIM_H
#define RB_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
typedef unsigned int gfp_t;
typedef unsigned int __poll_t;
typedef uint32_t __u32;
typedef uint64_t __u64;

/* ---- compiler ---- */
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#undef __always_inline
#define __always_inline		inline __attribute__((always_inline))
#define noinline		__attribute__((noinline))
#define __aligned(x)		__attribute__((aligned(x)))
#define __packed		__attribute__((packed))
#define __init
#define __must_check
#define barrier()		__asm__ __volatile__("" ::: "memory")
#define READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define WRITE_ONCE(x, v)	__atomic_store_n(&(x), (v), __ATOMIC_RELEASE)
#define container_of(p, type, member) \
	((type *)((char *)(p) - offsetof(type, member)))
#define ALIGN(x, a)		(((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define BIT(n)			(1UL << (n))
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min_t(t, a, b)		((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b)		((t)(a) > (t)(b) ? (t)(a) : (t)(b))
#define is_signed_type(t)	(((t)(-1)) < (t)1)
#define EXPORT_SYMBOL_GPL(x)
#define EXPORT_SYMBOL(x)
#define late_initcall(x)
#define cpu_relax()		sched_yield()

/* ---- barriers ---- */
#define smp_mb()		__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_wmb()		__atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_rmb()		__atomic_thread_fence(__ATOMIC_ACQUIRE)

/* ---- errors ---- */
#define MAX_ERRNO		4095
#define IS_ERR_VALUE(x)		((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)
static inline void *ERR_PTR(long e) { return (void *)e; }
static inline long PTR_ERR(const void *p) { return (long)p; }
static inline bool IS_ERR(const void *p) { return IS_ERR_VALUE(p); }

/* ---- warnings: counted, tests fail on any ---- */
extern int rbh_warnings;
#define WARN_ON_ONCE(c) ({						\
	bool __c = !!(c);						\
	if (__c) {							\
		__atomic_fetch_add(&rbh_warnings, 1, __ATOMIC_RELAXED); \
		fprintf(stderr, "WARNING at %s:%d\n", __FILE__, __LINE__); \
	}								\
	__c;								\
})
#define WARN_ON(c)		WARN_ON_ONCE(c)
#define pr_warn_once(...)	fprintf(stderr, __VA_ARGS__)
#define pr_info(...)		fprintf(stderr, __VA_ARGS__)

/* ---- atomics ---- */
typedef struct { int counter; } atomic_t;
#define atomic_read(v)		__atomic_load_n(&(v)->counter, __ATOMIC_ACQUIRE)
#define atomic_read_acquire(v)	atomic_read(v)
#define atomic_set(v, i)	__atomic_store_n(&(v)->counter, (i), __ATOMIC_RELEASE)
#define atomic_inc(v)		__atomic_fetch_add(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_dec(v)		__atomic_fetch_sub(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_inc_return_release(v) \
	__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_try_cmpxchg(v, o, n) \
	__atomic_compare_exchange_n(&(v)->counter, (o), (n), false, \
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define try_cmpxchg(p, o, n) \
	__atomic_compare_exchange_n((p), (o), (n), false, \
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)

typedef struct { long a; } local_t;
#define local_read(l)		__atomic_load_n(&(l)->a, __ATOMIC_ACQUIRE)
#define local_set(l, i)		__atomic_store_n(&(l)->a, (i), __ATOMIC_RELEASE)
#define local_inc(l)		((void)__atomic_fetch_add(&(l)->a, 1, __ATOMIC_SEQ_CST))
#define local_dec(l)		((void)__atomic_fetch_sub(&(l)->a, 1, __ATOMIC_SEQ_CST))
#define local_add(i, l)		((void)__atomic_fetch_add(&(l)->a, (i), __ATOMIC_SEQ_CST))
#define local_sub(i, l)		((void)__atomic_fetch_sub(&(l)->a, (i), __ATOMIC_SEQ_CST))
#define local_add_return(i, l)	__atomic_add_fetch(&(l)->a, (i), __ATOMIC_SEQ_CST)
static inline long local_cmpxchg(local_t *l, long o, long n)
{
	__atomic_compare_exchange_n(&l->a, &o, n, false, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	return o;
}
#define local_try_cmpxchg(l, po, n) \
	__atomic_compare_exchange_n(&(l)->a, (po), (n), false, \
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)

typedef struct { long long a; } local64_t;
#define local64_read(l)		((u64)__atomic_load_n(&(l)->a, __ATOMIC_ACQUIRE))
#define local64_set(l, i)	__atomic_store_n(&(l)->a, (long long)(i), __ATOMIC_RELEASE)

/* ---- simulated CPUs, contexts, preemption and RCU ---- */
#define NR_CPUS			64
extern int nr_cpu_ids;
extern __thread int rbh_cpu;
extern __thread int rbh_ctx_level;
#define raw_smp_processor_id()	(rbh_cpu)
#define smp_processor_id()	(rbh_cpu)
static inline unsigned char interrupt_context_level(void)
{
	return rbh_ctx_level;
}
#define in_nmi()		(rbh_ctx_level == 3)
void preempt_disable_notrace(void);
void preempt_enable_notrace(void);
#define preempt_disable()	preempt_disable_notrace()
#define preempt_enable()	preempt_enable_notrace()
void synchronize_rcu(void);
#define local_irq_save(f)	((f) = 0)
#define local_irq_restore(f)	((void)(f))
#define cpus_read_lock()	do { } while (0)
#define cpus_read_unlock()	do { } while (0)
static inline int cpu_to_node(int cpu) { return 0; }
#define cache_line_size()	64

/* ---- cpumask ---- */
struct cpumask { unsigned long bits[NR_CPUS / 64]; };
typedef struct cpumask cpumask_var_t[1];
extern struct cpumask rbh_online_mask;
#define cpu_online_mask		(&rbh_online_mask)
static inline bool cpumask_test_cpu(int cpu, const struct cpumask *m)
{
	return __atomic_load_n(&m->bits[cpu / 64], __ATOMIC_ACQUIRE) &
		(1UL << (cpu % 64));
}
static inline void cpumask_set_cpu(int cpu, struct cpumask *m)
{
	__atomic_fetch_or(&m->bits[cpu / 64], 1UL << (cpu % 64),
			  __ATOMIC_SEQ_CST);
}
static inline void cpumask_clear_cpu(int cpu, struct cpumask *m)
{
	__atomic_fetch_and(&m->bits[cpu / 64], ~(1UL << (cpu % 64)),
			   __ATOMIC_SEQ_CST);
}
static inline void cpumask_copy(struct cpumask *d, const struct cpumask *s)
{
	*d = *s;
}
static inline void cpumask_and(struct cpumask *d, const struct cpumask *a,
			       const struct cpumask *b)
{
	for (size_t i = 0; i < ARRAY_SIZE(d->bits); i++)
		d->bits[i] = a->bits[i] & b->bits[i];
}
static inline bool zalloc_cpumask_var(cpumask_var_t *m, gfp_t f)
{
	memset(m, 0, sizeof(*m));
	return true;
}
static inline void free_cpumask_var(cpumask_var_t m) { }
const struct cpumask *cpumask_of(int cpu);
static inline int rbh_next_cpu(int cpu, const struct cpumask *m)
{
	for (cpu++; cpu < nr_cpu_ids; cpu++)
		if (cpumask_test_cpu(cpu, m))
			return cpu;
	return nr_cpu_ids;
}
#define for_each_cpu(cpu, mask) \
	for ((cpu) = rbh_next_cpu(-1, (mask)); (cpu) < nr_cpu_ids; \
	     (cpu) = rbh_next_cpu((cpu), (mask)))
#define for_each_online_cpu(cpu)	for_each_cpu(cpu, cpu_online_mask)

/* ---- lists ---- */
struct list_head { struct list_head *next, *prev; };
struct hlist_node { struct hlist_node *next, **pprev; };
#define LIST_HEAD(n)		struct list_head n = { &(n), &(n) }
static inline void INIT_LIST_HEAD(struct list_head *l)
{
	l->next = l;
	l->prev = l;
}
static inline void __list_add(struct list_head *n, struct list_head *p,
			      struct list_head *nx)
{
	nx->prev = n;
	n->next = nx;
	n->prev = p;
	p->next = n;
}
static inline void list_add(struct list_head *n, struct list_head *h)
{
	__list_add(n, h, h->next);
}
static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	__list_add(n, h->prev, h);
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
static inline void list_splice(struct list_head *l, struct list_head *h)
{
	if (!list_empty(l)) {
		struct list_head *f = l->next, *la = l->prev, *at = h->next;

		f->prev = h;
		h->next = f;
		la->next = at;
		at->prev = la;
	}
}
static inline void list_splice_tail(struct list_head *l, struct list_head *h)
{
	if (!list_empty(l)) {
		struct list_head *f = l->next, *la = l->prev, *at = h->prev;

		f->prev = at;
		at->next = f;
		la->next = h;
		h->prev = la;
	}
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

/* ---- locks ---- */
struct lock_class_key { int dummy; };
typedef struct { pthread_mutex_t m; } raw_spinlock_t;
#define raw_spin_lock_init(l)	pthread_mutex_init(&(l)->m, NULL)
#define raw_spin_lock(l)	pthread_mutex_lock(&(l)->m)
#define raw_spin_unlock(l)	pthread_mutex_unlock(&(l)->m)
#define raw_spin_trylock(l)	(pthread_mutex_trylock(&(l)->m) == 0)
#define raw_spin_lock_irqsave(l, f)	 do { (f) = 0; raw_spin_lock(l); } while (0)
#define raw_spin_unlock_irqrestore(l, f) do { (void)(f); raw_spin_unlock(l); } while (0)
#define lockdep_set_class(l, k)	do { } while (0)
struct mutex { pthread_mutex_t m; };
#define DEFINE_MUTEX(n)		struct mutex n = { PTHREAD_MUTEX_INITIALIZER }
#define mutex_init(l)		pthread_mutex_init(&(l)->m, NULL)
#define mutex_lock(l)		pthread_mutex_lock(&(l)->m)
#define mutex_unlock(l)		pthread_mutex_unlock(&(l)->m)

/* ---- memory ---- */
#define PAGE_SHIFT		12
#define PAGE_SIZE		(1UL << PAGE_SHIFT)
#define GFP_KERNEL		0x1u
#define GFP_ATOMIC		0x2u
#define __GFP_ZERO		0x4u
#define __GFP_COMP		0x8u
#define __GFP_RETRY_MAYFAIL	0x10u
#define __GFP_NORETRY		0x20u
/* a page is its own memory here; page + 1 is the next page */
struct page { char bytes[1UL << 12]; };
#define GFP_USER		0x40u
static inline void *kmalloc(size_t n, gfp_t f) { return malloc(n); }
static inline void *kzalloc(size_t n, gfp_t f) { return calloc(1, n); }
static inline void *kzalloc_node(size_t n, gfp_t f, int node)
{
	return calloc(1, n);
}
static inline void *kcalloc(size_t n, size_t s, gfp_t f)
{
	return calloc(n, s);
}
static inline void kfree(const void *p) { free((void *)p); }
struct page *alloc_pages_node(int node, gfp_t f, unsigned int order);
static inline void *page_address(struct page *p) { return p; }
void free_pages(unsigned long addr, unsigned int order);
extern long rbh_mem_available;
static inline long si_mem_available(void) { return rbh_mem_available; }

/* ---- cpu hotplug ---- */
#define CPUHP_TRACE_RB_PREPARE	1
int cpuhp_setup_state_multi(int state, const char *name,
			    int (*cb)(unsigned int, struct hlist_node *),
			    void *teardown);
static inline int cpuhp_state_add_instance_nocalls_cpuslocked(int s,
							      struct hlist_node *n)
{
	return 0;
}
static inline int cpuhp_state_remove_instance(int s, struct hlist_node *n)
{
	return 0;
}

/* ---- irq_work and wait queues ---- */
struct irq_work { void (*func)(struct irq_work *); };
static inline void init_irq_work(struct irq_work *w,
				 void (*f)(struct irq_work *))
{
	w->func = f;
}
/* Run at once: the harness has no interrupts to defer to. */
static inline bool irq_work_queue(struct irq_work *w)
{
	w->func(w);
	return true;
}
#define irq_work_sync(w)	do { } while (0)

typedef struct {
	pthread_mutex_t	lock;
	pthread_cond_t	cond;
	unsigned long	wakeups;
} wait_queue_head_t;
void init_waitqueue_head(wait_queue_head_t *q);
void wake_up_all(wait_queue_head_t *q);
/* Re-evaluate @cond at every wake up and at least every millisecond. */
void rbh_wait_ms(wait_queue_head_t *q);
#define wait_event_interruptible(q, cond) ({				\
	while (!(cond))							\
		rbh_wait_ms(&(q));					\
	0;								\
})
struct file;
typedef struct poll_table_struct { int dummy; } poll_table;
static inline void poll_wait(struct file *f, wait_queue_head_t *q,
			     poll_table *p) { }
#define EPOLLIN			0x001
#define EPOLLRDNORM		0x040
#define EPOLLERR		0x008

/* ---- time ---- */
u64 sched_clock(void);

/* ---- trace_seq ---- */
struct trace_seq {
	char	buf[8192];
	size_t	len;
	bool	full;
};
int trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline bool trace_seq_has_overflowed(struct trace_seq *s)
{
	return s->full;
}

struct seq_file;

/* ---- user mappings: vm_insert_pages() records what was inserted ---- */
#define VM_WRITE		0x2UL
#define VM_EXEC			0x4UL
#define VM_MAYWRITE		0x20UL
#define VM_MAYSHARE		0x80UL
#define VM_DONTCOPY		0x20000UL
#define VM_DONTEXPAND		0x40000UL
#define VM_DONTDUMP		0x4000000UL
struct vm_area_struct {
	unsigned long	vm_start, vm_end, vm_pgoff, vm_flags;
	struct page	**inserted;	/* harness: the pages, in order */
	unsigned long	nr_inserted;
};
static inline unsigned long vma_pages(struct vm_area_struct *v)
{
	return (v->vm_end - v->vm_start) >> PAGE_SHIFT;
}
static inline void vm_flags_mod(struct vm_area_struct *v, unsigned long set,
				unsigned long clear)
{
	v->vm_flags = (v->vm_flags | set) & ~clear;
}
int vm_insert_pages(struct vm_area_struct *v, unsigned long addr,
		    struct page **pages, unsigned long *num);
extern struct page rbh_zero_page;
#define ZERO_PAGE(addr)		(&rbh_zero_page)
#define virt_to_page(addr)	((struct page *)(addr))
#define flush_kernel_vmap_range(a, n)	do { } while (0)
static inline void __free_page(struct page *p) { free(p); }
static inline void free_page(unsigned long addr) { free((void *)addr); }

#endif
