/* SPDX-License-Identifier: GPL-2.0 */
#include "../probe_shim.h"
