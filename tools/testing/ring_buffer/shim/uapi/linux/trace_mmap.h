/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The layout of include/uapi/linux/trace_mmap.h (a UAPI, fixed), for
 * building without the rest of the kernel tree.
 */
#ifndef RB_SHIM_TRACE_MMAP_H
#define RB_SHIM_TRACE_MMAP_H
#include "../../rb_shim.h"

struct trace_buffer_meta {
	__u32	meta_page_size;
	__u32	meta_struct_len;
	__u32	subbuf_size;
	__u32	nr_subbufs;
	struct {
		__u64	lost_events;
		__u32	id;
		__u32	read;
	} reader;
	__u64	flags;
	__u64	entries;
	__u64	overrun;
	__u64	read;
	__u64	Reserved1;
	__u64	Reserved2;
};

#define TRACE_MMAP_IOCTL_GET_READER	0x5220
#endif
