/* SPDX-License-Identifier: GPL-2.0 */
#include "../rb_shim.h"
/* no kprobes in userspace: nothing to keep them off */
#define NOKPROBE_SYMBOL(fname)
