/* SPDX-License-Identifier: GPL-2.0 */
/* The one type of the contract header that the hashes use (its ABI). */
#ifndef SHIM_LINUX_FTRACE_H
#define SHIM_LINUX_FTRACE_H
#include "list.h"

struct ftrace_func_entry {
	struct hlist_node hlist;
	unsigned long ip;
	unsigned long direct;
};

#endif
