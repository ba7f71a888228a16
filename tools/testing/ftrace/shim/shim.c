// SPDX-License-Identifier: GPL-2.0
/* The allocator of the shims, with failure injection and a live count. */
#include "shim.h"

long shim_fail_alloc_at;
long shim_allocs;

static bool fail_now(void)
{
	return shim_fail_alloc_at && --shim_fail_alloc_at == 0;
}

void *kzalloc(size_t size, gfp_t gfp)
{
	void *p;

	if (fail_now())
		return NULL;
	p = calloc(1, size);
	if (p)
		shim_allocs++;
	return p;
}

void *kcalloc(size_t n, size_t size, gfp_t gfp)
{
	return kzalloc(n * size, gfp);
}

void *kmemdup(const void *src, size_t size, gfp_t gfp)
{
	void *p = kzalloc(size, gfp);

	if (p)
		memcpy(p, src, size);
	return p;
}

void kfree(const void *p)
{
	if (p)
		shim_allocs--;
	free((void *)p);
}
