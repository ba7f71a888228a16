#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot-option checks of function tracing, run by tooling/check.sh in a guest
# booted with the options of the APPEND line below (printk.time for dmesg
# times to compare with the trace's).
# APPEND: printk.time=1 ftrace=function ftrace_filter=schedule*,do_nanosleep,no_such_function_xyz ftrace_notrace=schedule_tail
# Prints one "@@RESULT boot NAME STATUS" line per check.
TR=/sys/kernel/tracing
. /harness/bootlib.sh
cd $TR || exit 1
echo 0 > tracing_on
cat trace > /tmp/boot-trace

# ftrace=function: the top level runs it from the start.
boot_tracer() {
	[ "$(cat current_tracer)" = function ] && dmesg | grep -q "starting tracer 'function'"
}
check ftrace=function boot_tracer

# Tracing from the boot on uses a full-size buffer, not the one page a
# buffer nobody has used yet gets (the early trace would wrap in it).
boot_expanded() {
	kb=$(cat buffer_size_kb)
	case $kb in
	*expanded*) echo "buffer_size_kb: $kb"; return 1 ;;
	esac
	[ "$kb" -gt 4 ] || { echo "buffer_size_kb: $kb"; return 1; }
}
check ftrace-boot-expanded boot_expanded

# ftrace_filter=: every listed function that exists, globs expanded; the
# name that does not exist is reported and left out.
boot_filter() {
	funcs=$(grep -v '^#' set_ftrace_filter | sort)
	want=$(grep -e '^schedule' -e '^do_nanosleep$' available_filter_functions |
	       cut -d' ' -f1 | sort)
	[ "$funcs" = "$want" ] || { echo "filter: $funcs"; return 1; }
	dmesg | grep -q "ftrace_filter=: no function matches 'no_such_function_xyz'"
}
check ftrace_filter= boot_filter

boot_notrace() {
	[ "$(cat set_ftrace_notrace)" = schedule_tail ]
}
check ftrace_notrace= boot_notrace

# What was traced: filtered functions only, none excluded, from before
# /init ran (the trace and printk use the same clock).
traced() {
	sed -n 's/.*: \([^ ]*\) <-[^ ]*$/\1/p' /tmp/boot-trace | sort -u
}
boot_entries() {
	other=$(traced | grep -v -e '^schedule' -e '^do_nanosleep$')
	[ -z "$other" ] || { echo "traced outside the filter: $other"; return 1; }
	! traced | grep -qx schedule_tail || { echo "schedule_tail traced"; return 1; }
	traced | grep -qx schedule || { echo "schedule not traced"; return 1; }
	init_time=$(dmesg | sed -n 's/^\[ *\([0-9.]*\)\] Run \/init as init process.*/\1/p' | head -n 1)
	first=$(grep -m 1 ': schedule <-' /tmp/boot-trace |
		sed -n 's/.* \([0-9][0-9]*\.[0-9]*\): schedule <-.*/\1/p')
	echo "first schedule at $first, /init run at $init_time"
	[ -n "$first" ] && [ -n "$init_time" ] &&
		awk -v a="$first" -v b="$init_time" 'BEGIN { exit !(a + 0 < b + 0) }'
}
check ftrace-boot-entries boot_entries

# The boot tracer stops like any other.
boot_stop() {
	echo nop > current_tracer && [ -z "$(cat enabled_functions)" ]
}
check ftrace-boot-stop boot_stop
exit 0
