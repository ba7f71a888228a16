/* SPDX-License-Identifier: GPL-2.0 */
/* The C library reaches this file too (bits/errno.h): the errno values only. */
#include <asm/errno.h>
