// SPDX-License-Identifier: GPL-2.0
/*
 * The functions behind tools/testing/shared/kernel_shim.h.
 */
#include "kernel_shim.h"

unsigned long shim_fence_word;
unsigned long shim_alloc_count, shim_fail_alloc_at;
unsigned long shim_kmalloc_too_big;

void *shim_alloc(size_t size, bool zero)
{
	void *p;

	if (__atomic_add_fetch(&shim_alloc_count, 1, __ATOMIC_RELAXED) ==
	    __atomic_load_n(&shim_fail_alloc_at, __ATOMIC_RELAXED))
		return NULL;
	/* never 0 bytes: the kernel gives ZERO_SIZE_PTR, callers free it */
	p = malloc(size ? size : 1);
	if (p && zero)
		memset(p, 0, size ? size : 1);
	return p;
}

void *shim_kmalloc(size_t size, bool zero)
{
	if (size > SHIM_KMALLOC_MAX) {
		if (__atomic_fetch_add(&shim_kmalloc_too_big, 1, __ATOMIC_RELAXED) < 5)
			fprintf(stderr, "WARNING: kmalloc of %zu bytes\n", size);
		return NULL;
	}
	return shim_alloc(size, zero);
}
