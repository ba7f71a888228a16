// SPDX-License-Identifier: GPL-2.0
/*
 * Implementation of the kernel stand-ins declared in shim/rb_shim.h.
 */
#include <stdarg.h>
#include <time.h>
#include <unistd.h>
#include "shim/rb_shim.h"
#include "harness.h"

int rbh_warnings;
int nr_cpu_ids = 4;
__thread int rbh_cpu;
__thread int rbh_ctx_level;
struct cpumask rbh_online_mask;
long rbh_mem_available = 1L << 20;

/* ---- RCU: writers run with "preemption" disabled ---- */

struct rbh_thread {
	unsigned long		depth;		/* preempt_disable nesting */
	unsigned long		exits;		/* outermost sections left */
	struct rbh_thread	*next;
};

static __thread struct rbh_thread *self;
static struct rbh_thread *threads;
static pthread_mutex_t threads_lock = PTHREAD_MUTEX_INITIALIZER;

static struct rbh_thread *rbh_self(void)
{
	if (!self) {
		self = calloc(1, sizeof(*self));
		rbh_lock(&threads_lock);
		self->next = threads;
		threads = self;
		pthread_mutex_unlock(&threads_lock);
	}
	return self;
}

/*
 * The full fences stand for what the kernel's RCU provides: a writer's
 * section either ends before synchronize_rcu() returns, or it sees every
 * store made before synchronize_rcu() was called.
 */
void preempt_disable_notrace(void)
{
	struct rbh_thread *t = rbh_self();

	__atomic_store_n(&t->depth, t->depth + 1, __ATOMIC_SEQ_CST);
	if (t->depth == 1)
		smp_mb();
}

void preempt_enable_notrace(void)
{
	struct rbh_thread *t = rbh_self();

	if (t->depth == 1)
		__atomic_fetch_add(&t->exits, 1, __ATOMIC_SEQ_CST);
	__atomic_store_n(&t->depth, t->depth - 1, __ATOMIC_SEQ_CST);
}

unsigned long rbh_ipis[NR_CPUS];
pthread_rwlock_t rbh_hotplug_lock = PTHREAD_RWLOCK_INITIALIZER;
void (*rbh_sync_rcu_hook)(void);

/* Wait until every thread inside a section when we started has left it. */
void synchronize_rcu(void)
{
	struct rbh_thread *t, *me = rbh_self();

	if (rbh_sync_rcu_hook)
		rbh_sync_rcu_hook();
	smp_mb();
	rbh_lock(&threads_lock);
	for (t = threads; t; t = t->next) {
		unsigned long exits;

		if (t == me)
			continue;
		exits = __atomic_load_n(&t->exits, __ATOMIC_SEQ_CST);
		while (__atomic_load_n(&t->depth, __ATOMIC_SEQ_CST) &&
		       __atomic_load_n(&t->exits, __ATOMIC_SEQ_CST) == exits)
			rbh_relax();
	}
	pthread_mutex_unlock(&threads_lock);
	smp_mb();
}

void (*rbh_yield_hook)(void);

void usleep_range(unsigned long min, unsigned long max)
{
	if (rbh_yield_hook)
		rbh_yield_hook();
	else
		usleep(min);
}

void rbh_relax(void)
{
	if (rbh_yield_hook)
		rbh_yield_hook();
	else
		sched_yield();
}

/* ---- cpumask ---- */

static struct cpumask single[NR_CPUS];

const struct cpumask *cpumask_of(int cpu)
{
	single[cpu].bits[cpu / 64] = 1UL << (cpu % 64);
	return &single[cpu];
}

void rbh_set_cpus(int n)
{
	int cpu;

	nr_cpu_ids = n;
	memset(&rbh_online_mask, 0, sizeof(rbh_online_mask));
	for (cpu = 0; cpu < n; cpu++)
		cpumask_set_cpu(cpu, &rbh_online_mask);
}

/* ---- pages ---- */

struct page *alloc_pages_node(int node, gfp_t f, unsigned int order)
{
	size_t size = PAGE_SIZE << order;
	void *p = aligned_alloc(size, size);

	if (p)
		memset(p, 0, size);
	return p;
}

void free_pages(unsigned long addr, unsigned int order)
{
	free((void *)addr);
}

struct page rbh_zero_page;
void *rbh_lent_page;

void (*rbh_vm_insert_hook)(void);

int vm_insert_pages(struct vm_area_struct *v, unsigned long addr,
		    struct page **pages, unsigned long *num)
{
	/* inserting pages sleeps: other readers may run meanwhile */
	if (rbh_vm_insert_hook)
		rbh_vm_insert_hook();
	v->inserted = calloc(*num, sizeof(*pages));
	memcpy(v->inserted, pages, *num * sizeof(*pages));
	v->nr_inserted = *num;
	*num = 0;
	return 0;
}

/* ---- hotplug ---- */

int cpuhp_setup_state_multi(int state, const char *name,
			    int (*cb)(unsigned int, struct hlist_node *),
			    void *teardown)
{
	return 0;
}

/* ---- wait queues ---- */

void init_waitqueue_head(wait_queue_head_t *q)
{
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->cond, NULL);
	q->wakeups = 0;
}

void wake_up_all(wait_queue_head_t *q)
{
	pthread_mutex_lock(&q->lock);
	q->wakeups++;
	pthread_cond_broadcast(&q->cond);
	pthread_mutex_unlock(&q->lock);
}

void rbh_wait_ms(wait_queue_head_t *q)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 1000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&q->lock);
	pthread_cond_timedwait(&q->cond, &q->lock, &ts);
	pthread_mutex_unlock(&q->lock);
}

/* ---- time ---- */

u64 sched_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* ---- trace_seq ---- */

int trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(s->buf + s->len, sizeof(s->buf) - s->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(s->buf) - s->len) {
		s->full = true;
		return 0;
	}
	s->len += n;
	return 1;
}

/* ---- result accounting shared by the test programs ---- */

int rbh_failures;
int rbh_checks;

void rbh_fail(const char *file, int line, const char *what)
{
	rbh_failures++;
	fprintf(stderr, "FAIL %s:%d: %s\n", file, line, what);
}
