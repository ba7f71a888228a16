#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot-option checks of the snapshot and trigger options, run by
# tooling/check.sh in a guest booted with the options of the APPEND line
# below: alloc_snapshot=NAME gives boot instance NAME a snapshot (not the
# top level), and trace_trigger= alone expands the top-level buffer, as
# the reference does for both.
# APPEND: trace_instance=snapfoo alloc_snapshot=snapfoo trace_trigger=sched_switch.stacktrace
# Prints one "@@RESULT boot NAME STATUS" line per check.
TR=/sys/kernel/tracing
. /harness/bootlib.sh
cd $TR || exit 1
echo 0 > tracing_on

# alloc_snapshot=snapfoo: instance snapfoo's snapshot, not the top level's
instance_snapshot() {
	grep -qx '# \* Snapshot is allocated \*' instances/snapfoo/snapshot ||
		{ head -n 3 instances/snapfoo/snapshot; return 1; }
	grep -qx '# \* Snapshot is freed \*' snapshot ||
		{ echo "top level:"; head -n 3 snapshot; return 1; }
}
check alloc_snapshot=NAME instance_snapshot

# trace_trigger=: the trigger is set, and the top level is full size
# from boot (no "(expanded: N)" left to do)
trigger_expanded() {
	grep -q '^stacktrace' events/sched/sched_switch/trigger ||
		{ echo "trigger: $(cat events/sched/sched_switch/trigger)"; return 1; }
	size=$(cat buffer_size_kb)
	case $size in
	*expanded*) echo "buffer_size_kb: $size"; return 1 ;;
	esac
	[ "$size" -gt 100 ] || { echo "buffer_size_kb: $size"; return 1; }
}
check trace_trigger=-expands trigger_expanded
echo '!stacktrace' > events/sched/sched_switch/trigger
