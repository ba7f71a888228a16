/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RB_HARNESS_H
#define RB_HARNESS_H

extern int rbh_failures;
extern int rbh_checks;
void rbh_fail(const char *file, int line, const char *what);
void rbh_set_cpus(int n);

#define CHECK(c) do {							\
	__atomic_fetch_add(&rbh_checks, 1, __ATOMIC_RELAXED);		\
	if (!(c))							\
		rbh_fail(__FILE__, __LINE__, #c);			\
} while (0)

#define CHECK_EQ(a, b) do {						\
	long long __a = (long long)(a), __b = (long long)(b);		\
	__atomic_fetch_add(&rbh_checks, 1, __ATOMIC_RELAXED);		\
	if (__a != __b) {						\
		char __m[256];						\
		snprintf(__m, sizeof(__m), "%s == %s (%lld != %lld)",	\
			 #a, #b, __a, __b);				\
		rbh_fail(__FILE__, __LINE__, __m);			\
	}								\
} while (0)

#endif
