/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-ins for the kernel facilities the ring buffer uses, so
 * that kernel/trace/ring_buffer*.c compile unchanged (as radix-tree's
 * test suite does with lib/radix-tree.c). The types, the memory model,
 * lists and allocation come from tools/testing/shared/kernel_shim.h.
 *
 * CPUs are simulated: each thread says which CPU it runs on (rbh_cpu) and
 * in which context (rbh_ctx_level: 0 task, 1 softirq, 2 irq, 3 NMI).
 * local_t operations order nothing across CPUs in the kernel; here they
 * follow the strength of the shared memory model (relaxed with
 * SHIM_WEAK_ONCE).
 */
#ifndef RB_SHIM_H
#define RB_SHIM_H

#include <pthread.h>
#include <sched.h>
#include "kernel_shim.h"

typedef unsigned int __poll_t;

#define cpu_relax()		rbh_relax()
void rbh_relax(void);

/* ---- warnings: counted, tests fail on any ---- */
extern int rbh_warnings;
/* every one counted, the first 20 printed: a loop must not fill the disk */
#define WARN_ON_ONCE(c) ({						\
	bool __c = !!(c);						\
	if (__c &&							\
	    __atomic_fetch_add(&rbh_warnings, 1, __ATOMIC_RELAXED) < 20) \
		fprintf(stderr, "WARNING at %s:%d\n", __FILE__, __LINE__); \
	__c;								\
})
#define WARN_ON(c)		WARN_ON_ONCE(c)
#define pr_warn_once(...)	fprintf(stderr, __VA_ARGS__)
#define pr_info(...)		fprintf(stderr, __VA_ARGS__)

/* ---- local_t: this CPU's atomics ---- */
typedef struct { long a; } local_t;
#define local_read(l)		__atomic_load_n(&(l)->a, SHIM_LOAD)
#define local_set(l, i)		__atomic_store_n(&(l)->a, (i), SHIM_STORE)
#define local_inc(l)		((void)__atomic_fetch_add(&(l)->a, 1, SHIM_RMW))
#define local_dec(l)		((void)__atomic_fetch_sub(&(l)->a, 1, SHIM_RMW))
#define local_add(i, l)		((void)__atomic_fetch_add(&(l)->a, (i), SHIM_RMW))
#define local_sub(i, l)		((void)__atomic_fetch_sub(&(l)->a, (i), SHIM_RMW))
#define local_add_return(i, l)	__atomic_add_fetch(&(l)->a, (i), SHIM_RMW)
static inline long local_cmpxchg(local_t *l, long o, long n)
{
	__atomic_compare_exchange_n(&l->a, &o, n, false, SHIM_RMW,
				    __ATOMIC_RELAXED);
	return o;
}
#define local_try_cmpxchg(l, po, n) \
	__atomic_compare_exchange_n(&(l)->a, (po), (n), false, \
				    SHIM_RMW, __ATOMIC_RELAXED)

typedef struct { long long a; } local64_t;
#define local64_read(l)		((u64)__atomic_load_n(&(l)->a, SHIM_LOAD))
#define local64_set(l, i)	__atomic_store_n(&(l)->a, (long long)(i), SHIM_STORE)

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
/* CPU hotplug: tests that bring a CPU up take it for writing */
extern pthread_rwlock_t rbh_hotplug_lock;
extern void (*rbh_yield_hook)(void);
static inline void cpus_read_lock(void)
{
	if (!rbh_yield_hook) {
		pthread_rwlock_rdlock(&rbh_hotplug_lock);
		return;
	}
	while (pthread_rwlock_tryrdlock(&rbh_hotplug_lock))
		rbh_yield_hook();
}
#define cpus_read_unlock()	pthread_rwlock_unlock(&rbh_hotplug_lock)
static inline bool gfpflags_allow_blocking(gfp_t f)
{
	return !(f & GFP_ATOMIC);
}
void usleep_range(unsigned long min, unsigned long max);
/* harness: called as synchronize_rcu() starts to wait */
extern void (*rbh_sync_rcu_hook)(void);
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

/* IPIs run at once here; the harness counts them per CPU */
extern unsigned long rbh_ipis[];
static inline int smp_call_function_single(int cpu, void (*fn)(void *),
					   void *info, int wait)
{
	__atomic_fetch_add(&rbh_ipis[cpu], 1, __ATOMIC_RELAXED);
	fn(info);
	return 0;
}

static inline void on_each_cpu_mask(const struct cpumask *m,
				    void (*fn)(void *), void *info, int wait)
{
	int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpumask_test_cpu(cpu, m))
			smp_call_function_single(cpu, fn, info, wait);
}


/*
 * ---- locks ----
 * A harness that runs one thread at a time (stress -d) sets
 * rbh_yield_hook: a thread that finds a lock taken, or spins for another
 * thread's progress, calls it to let the scheduler run someone else.
 */
extern void (*rbh_yield_hook)(void);
static inline void rbh_lock(pthread_mutex_t *m)
{
	if (!rbh_yield_hook) {
		pthread_mutex_lock(m);
		return;
	}
	while (pthread_mutex_trylock(m))
		rbh_yield_hook();
}

struct lock_class_key { int dummy; };
typedef struct { pthread_mutex_t m; } raw_spinlock_t;
#define raw_spin_lock_init(l)	pthread_mutex_init(&(l)->m, NULL)
#define raw_spin_lock(l)	rbh_lock(&(l)->m)
#define raw_spin_unlock(l)	pthread_mutex_unlock(&(l)->m)
#define raw_spin_trylock(l)	(pthread_mutex_trylock(&(l)->m) == 0)
#define raw_spin_lock_irqsave(l, f)	 do { (f) = 0; raw_spin_lock(l); } while (0)
#define raw_spin_unlock_irqrestore(l, f) do { (void)(f); raw_spin_unlock(l); } while (0)
#define lockdep_set_class(l, k)	do { } while (0)
struct mutex { pthread_mutex_t m; };
#define DEFINE_MUTEX(n)		struct mutex n = { PTHREAD_MUTEX_INITIALIZER }
#define mutex_init(l)		pthread_mutex_init(&(l)->m, NULL)
#define mutex_lock(l)		rbh_lock(&(l)->m)
#define mutex_unlock(l)		pthread_mutex_unlock(&(l)->m)

/* ---- memory ---- */
#define PAGE_SHIFT		12
#define PAGE_SIZE		(1UL << PAGE_SHIFT)
/* a page is its own memory here; page + 1 is the next page */
struct page { char bytes[1UL << 12]; };
struct page *alloc_pages_node(int node, gfp_t f, unsigned int order);
static inline void *page_address(struct page *p) { return p; }
void free_pages(unsigned long addr, unsigned int order);
extern long rbh_mem_available;
static inline long si_mem_available(void) { return rbh_mem_available; }

/* ---- reference counts ---- */
typedef struct { int refs; } refcount_t;
static inline void refcount_set(refcount_t *r, int n)
{
	__atomic_store_n(&r->refs, n, __ATOMIC_RELAXED);
}

static inline void refcount_inc(refcount_t *r)
{
	__atomic_fetch_add(&r->refs, 1, __ATOMIC_RELAXED);
}

static inline bool refcount_dec_and_test(refcount_t *r)
{
	return __atomic_sub_fetch(&r->refs, 1, __ATOMIC_ACQ_REL) == 0;
}

/*
 * Page references: one, the allocator's; a test lends the page at
 * rbh_lent_page to "the network stack", which holds a second.
 */
extern void *rbh_lent_page;
struct page;
static inline int page_ref_count(struct page *p)
{
	return 1 + ((void *)p == rbh_lent_page);
}

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
/* harness: called where vm_insert_pages() could sleep */
extern void (*rbh_vm_insert_hook)(void);
extern struct page rbh_zero_page;
#define ZERO_PAGE(addr)		(&rbh_zero_page)
#define virt_to_page(addr)	((struct page *)(addr))
#define flush_kernel_vmap_range(a, n)	do { } while (0)
static inline void __free_page(struct page *p) { free(p); }
static inline void free_page(unsigned long addr) { free((void *)addr); }

#endif
