/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SHIM_LINUX_RCUPDATE_H
#define SHIM_LINUX_RCUPDATE_H
#include "../shim.h"

struct rcu_head {
	void *next;
	void (*func)(struct rcu_head *head);
};

#endif
