#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot-option checks, run by tooling/check.sh in a guest booted with the
# options of the APPEND line below (printk.time for dmesg times to compare
# with the trace's, log_buf_len so tp_printk's flood keeps the boot lines).
# APPEND: printk.time=1 log_buf_len=16M trace_event=sched:sched_switch,sched:sched_wakeup,irq:*,nosuch:event tp_printk tp_printk_stop_on_boot trace_trigger=irq_handler_entry.traceon:0,nosuch.traceoff
# Prints one "@@RESULT boot NAME STATUS" line per check.
TR=/sys/kernel/tracing
. /harness/bootlib.sh
cd $TR || exit 1
echo 0 > tracing_on

# trace_event=: exactly the listed events are on, irq:* expanded.
enabled_list() {
	want="sched:sched_switch sched:sched_wakeup"
	for e in events/irq/*/; do
		want="$want irq:$(basename "$e")"
	done
	have=$(sort set_event | tr '\n' ' ')
	want=$(echo "$want" | tr ' ' '\n' | sort | tr '\n' ' ')
	[ "$have" = "$want" ] && return 0
	echo "set_event is '$have', expected '$want'"
	return 1
}
check trace_event-set_event enabled_list

# set_event lists them in the order of the event list, as the reference
# does, not in the order of the command line: for built-in events the
# order of their ids, which are handed out in the event section's order.
boot_order() {
	have=$(cat set_event)
	want=$(for e in $have; do
		echo "$(cat "events/${e%%:*}/${e#*:}/id") $e"
	done | sort -n | cut -d' ' -f2)
	[ "$have" = "$want" ] && return 0
	echo "set_event order: $(echo $have)"
	echo "by id:           $(echo $want)"
	return 1
}
check trace_event-order boot_order

# trace_event= asks for tracing from boot: the buffer is full size from
# the start, never "(expanded: N)".
boot_expanded() {
	case $(cat buffer_size_kb) in
	*expanded*) echo "buffer_size_kb at boot: $(cat buffer_size_kb)"; return 1 ;;
	esac
}
check trace_event-expanded boot_expanded

# trace_trigger=: the trigger is set (a count of 0: it never acts), the
# one on an event that does not exist is reported.
boot_trigger() {
	[ "$(grep -v '^#' events/irq/irq_handler_entry/trigger)" = "traceon:count=0" ] &&
		[ "$(cat events/irq/irq_handler_entry/enable)" = "1*" ] &&
		dmesg | grep -q "Failed to register trigger 'traceoff' on event nosuch"
}
check trace_trigger boot_trigger

enable_files() {
	[ "$(cat events/sched/sched_switch/enable)" = 1 ] &&
		[ "$(cat events/sched/enable)" = X ] &&
		[ "$(cat events/irq/enable)" = 1 ]
}
check trace_event-enable-files enable_files

# A word naming no event is reported, the others still enabled.
bad_word() {
	dmesg | grep -q 'Failed to enable trace event: nosuch:event'
}
check trace_event-bad-word bad_word

# Early enough: scheduling of the kernel's own threads during boot, from
# before userspace started, is in the buffer. The trace and printk use
# the same clock (local), so their times compare.
early_events() {
	init_time=$(dmesg | sed -n 's/^\[ *\([0-9.]*\)\] Run \/init as init process.*/\1/p' | head -n 1)
	first=$(grep -m 1 'sched_switch: ' trace | sed -n 's/.* \([0-9][0-9]*\.[0-9]*\): sched_switch:.*/\1/p')
	echo "first sched_switch at $first, /init run at $init_time"
	[ -n "$first" ] && [ -n "$init_time" ] &&
		awk -v a="$first" -v b="$init_time" 'BEGIN { exit !(a + 0 < b + 0) }'
}
check trace_event-early early_events

# No events lost from the start (the boot buffer is large enough), and
# the ones kept are whole: each line decodes.
whole_lines() {
	! grep -q 'LOST\|Unknown\|FAILED' trace
}
check trace_event-lines whole_lines

# tp_printk: events were printed during boot; stop_on_boot turned it off.
tp_printk_boot() {
	dmesg | grep -q 'sched_switch: prev_comm=' &&
		[ "$(cat /proc/sys/kernel/tracepoint_printk)" = 0 ]
}
check tp_printk-stop-on-boot tp_printk_boot

# Once stopped, an event no longer reaches the console.
tp_printk_quiet() {
	before=$(dmesg | grep -c 'sched_switch: prev_comm=')
	echo 1 > tracing_on
	sleep 0.2
	echo 0 > tracing_on
	after=$(dmesg | grep -c 'sched_switch: prev_comm=')
	[ "$before" = "$after" ]
}
check tp_printk-quiet-after-boot tp_printk_quiet
exit 0
