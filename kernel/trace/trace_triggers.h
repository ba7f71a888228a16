/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What event triggers and function commands will share.
 * Included by: no file yet; the trigger files (events/<sys>/<event>/trigger)
 * and the function tracer's commands (func:traceon, func:snapshot, ...).
 *
 * This is where their common code is declared once it exists: the
 * trigger and command registries, parsing "cmd[:count][if filter]",
 * the counted actions both share (traceon, traceoff, snapshot,
 * stacktrace, enable_event). What another layer needs from them goes to
 * trace.h.
 */
#ifndef _KERNEL_TRACE_TRIGGERS_H
#define _KERNEL_TRACE_TRIGGERS_H

#endif /* _KERNEL_TRACE_TRIGGERS_H */
