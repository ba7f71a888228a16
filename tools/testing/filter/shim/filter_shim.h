/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-ins for what kernel/trace/trace_events_filter.c uses,
 * so that it compiles unchanged. Each linux/ header it includes is a file
 * of shim/linux/ that includes this one.
 *
 * The harness controls the world the filter sees through the shim_*
 * variables: the CPU (shim_cpu), the current task's name, the kernel
 * symbols (shim_syms), which pointers fault (below SHIM_FAULT_BELOW),
 * and an allocation that fails (shim_fail_alloc_at) to reach the
 * out-of-memory paths.
 */
#ifndef FILTER_SHIM_H
#define FILTER_SHIM_H

#include "kernel_shim.h"

#define BITS_PER_LONG		(8 * (int)sizeof(long))
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define BITMAP_LAST_WORD_MASK(n) (~0UL >> (-(n) & (BITS_PER_LONG - 1)))
#define struct_size(p, member, n) \
	(sizeof(*(p)) + sizeof(((p)->member)[0]) * (size_t)(n))

/* ---- ctype: the kernel's, Latin-1 included (lib/ctype.c's classes) ---- */
bool shim_isspace(int c);
bool shim_isdigit(int c);
bool shim_isalpha(int c);
#undef isspace
#undef isdigit
#undef isalnum
#define isspace(c)	shim_isspace((unsigned char)(c))
#define isdigit(c)	shim_isdigit((unsigned char)(c))
#define isalnum(c)	(shim_isdigit((unsigned char)(c)) || \
			 shim_isalpha((unsigned char)(c)))

/* ---- memory (allocation from the shared shim) ---- */
char *kmemdup_nul(const char *s, size_t len, gfp_t gfp);
char *kstrdup(const char *s, gfp_t gfp);
__printf(2, 3) char *kasprintf(gfp_t gfp, const char *fmt, ...);

/* ---- per-CPU data: NR_CPUS copies, this_cpu_ptr() picks shim_cpu's ---- */
#define NR_CPUS			8
extern int shim_cpu;
#define alloc_percpu(type)	((type *)shim_alloc(NR_CPUS * sizeof(type), true))
#define free_percpu(p)		free(p)
#define this_cpu_ptr(p)		(&(p)[shim_cpu])
#define raw_smp_processor_id()	shim_cpu

/* ---- cpumasks ---- */
extern unsigned int nr_cpu_ids;
struct cpumask {
	unsigned long bits[BITS_TO_LONGS(NR_CPUS)];
};

#define cpumask_bits(m)		((m)->bits)
static inline unsigned int cpumask_size(void)
{
	return sizeof(struct cpumask);
}

int cpulist_parse(const char *buf, struct cpumask *mask);
unsigned int cpumask_weight(const struct cpumask *mask);
unsigned int cpumask_first(const struct cpumask *mask);
bool cpumask_test_cpu(int cpu, const struct cpumask *mask);

/* ---- the current task ---- */
#define TASK_COMM_LEN		16
struct task_struct {
	char	comm[TASK_COMM_LEN];
};

extern struct task_struct shim_task;
#define current			(&shim_task)

/* ---- strings and numbers ---- */
static inline size_t str_has_prefix(const char *str, const char *prefix)
{
	size_t len = strlen(prefix);

	return strncmp(str, prefix, len) == 0 ? len : 0;
}

/* the kernel's: blanks are isspace() above, Latin-1's 0xa0 included */
char *skip_spaces(const char *s);
char *strim(char *s);

/* ---- faulting copies: addresses below SHIM_FAULT_BELOW fault ---- */
#define SHIM_FAULT_BELOW	4096UL
long strncpy_from_kernel_nofault(char *dst, const void *src, long count);
long strncpy_from_user_nofault(char *dst, const void __user *src, long count);

/* ---- kallsyms ---- */
struct shim_sym {
	const char	*name;
	unsigned long	addr;
	unsigned long	size;
};

extern const struct shim_sym shim_syms[];
unsigned long kallsyms_lookup_name(const char *name);
int kallsyms_lookup_size_offset(unsigned long addr, unsigned long *size,
				unsigned long *offset);

/* ---- unaligned access ---- */
#define get_unaligned(p) ({					\
	const struct { __typeof__(*(p)) v; }			\
		__packed *__pp = (const void *)(p);		\
	__pp->v;						\
})

#endif /* FILTER_SHIM_H */
