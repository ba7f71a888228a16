/* SPDX-License-Identifier: GPL-2.0 */
#include "../rb_shim.h"
