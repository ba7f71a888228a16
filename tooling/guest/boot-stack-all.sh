#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot-option check of plain "stacktrace", run by tooling/check.sh in a
# guest booted with the APPEND line below: the tracer on from boot with no
# filter (boot-stack.sh covers stacktrace_filter=, a path of its own).
# APPEND: stacktrace
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
	! dmesg | grep -q 'stack tracer: could not be started'
}
check stacktrace-on stack_on

# No filter: stack_trace_filter lists nothing, every function is checked.
stack_unfiltered() {
	[ -z "$(grep -v '^#' stack_trace_filter)" ] ||
		{ echo "filter: $(head -n 3 stack_trace_filter)"; return 1; }
}
check stacktrace-unfiltered stack_unfiltered

# Measured from boot, frame 0 a traced function at stack_max_size's depth.
stack_measured() {
	echo "stack_max_size at /init: $max"
	head -n 4 /tmp/boot-stack
	[ "$max" -gt 0 ] || return 1
	head -n 1 /tmp/boot-stack |
		grep -qE '^        Depth    Size   Location    \([0-9]+ entries\)$' || return 1
	row0=$(grep -E '^  0\) ' /tmp/boot-stack) || return 1
	set -- $row0
	[ "$2" = "$max" ] || { echo "frame 0 at $2"; return 1; }
	f0=${4%%+*}
	grep -q "^$f0\( \|$\)" available_filter_functions ||
		{ echo "frame 0 ($f0) is not a traced function"; return 1; }
}
check stacktrace-measured stack_measured
