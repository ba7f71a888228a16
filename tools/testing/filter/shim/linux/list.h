/* SPDX-License-Identifier: GPL-2.0 */
#include "../filter_shim.h"
