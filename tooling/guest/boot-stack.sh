#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot-option checks of the stack tracer, run by tooling/check.sh in a guest
# booted with the options of the APPEND line below. stacktrace_filter=
# alone turns the tracer on, as plain "stacktrace" does (one handler takes
# both; the reference's does too).
# APPEND: stacktrace_filter=schedule*,do_nanosleep,no_such_function_xyz
# Prints one "@@RESULT boot NAME STATUS" line per check.
TR=/sys/kernel/tracing
. /harness/bootlib.sh
cd $TR || exit 1
# what boot measured, before this script did anything
enabled=$(cat /proc/sys/kernel/stack_tracer_enabled)
max=$(cat stack_max_size)
cat stack_trace > /tmp/boot-stack
echo 0 > /proc/sys/kernel/stack_tracer_enabled

stack_on() {
	[ "$enabled" = 1 ] || { echo "stack_tracer_enabled: $enabled"; return 1; }
	dmesg | grep -q 'stack tracer: could not be started' && return 1
	return 0
}
check stacktrace stack_on

# Every listed function that exists, globs expanded; the name that does
# not exist is left out.
stack_filter() {
	funcs=$(grep -v '^#' stack_trace_filter | cut -d' ' -f1 | sort)
	want=$(grep -e '^schedule' -e '^do_nanosleep ' -e '^do_nanosleep$' \
		available_filter_functions | cut -d' ' -f1 | sort)
	[ -n "$want" ] && [ "$funcs" = "$want" ] || { echo "filter: $funcs"; return 1; }
	[ -z "$(grep -v '^#' set_ftrace_filter)" ] || { echo "set_ftrace_filter changed"; return 1; }
}
check stacktrace_filter= stack_filter

# Measured from boot, in a filtered function, in the reference's columns.
stack_measured() {
	echo "stack_max_size at /init: $max"
	head -n 4 /tmp/boot-stack
	[ "$max" -gt 0 ] || return 1
	head -n 1 /tmp/boot-stack |
		grep -qE '^        Depth    Size   Location    \([0-9]+ entries\)$' || return 1
	row0=$(grep -E '^  0\) ' /tmp/boot-stack) || return 1
	set -- $row0
	[ "$2" = "$max" ] || { echo "frame 0 at $2"; return 1; }
	case $4 in
	schedule*|do_nanosleep+*) return 0 ;;
	esac
	echo "frame 0 is $4"
	return 1
}
check stack-measured stack_measured
