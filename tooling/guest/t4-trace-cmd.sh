#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# T4: Debian's trace-cmd as a real client. Each check records with
# trace-cmd inside the guest and asserts on what `trace-cmd report` decodes.
# A check whose kernel feature is missing reports SKIP (not counted).
TR=/sys/kernel/tracing
result() { echo "@@RESULT t4 $1 $2"; }
cd /tmp || exit 1

# trace_cmd_case NAME FEATURE PATTERN RECORD-ARGS...
# FEATURE: a path under tracefs, tracer:NAME for an available tracer, or
# module:NAME for a module this kernel has.
trace_cmd_case() {
	name=$1 feature=$2 pattern=$3
	shift 3
	case $feature in
	tracer:*)
		have=$(grep -ow "${feature#tracer:}" $TR/available_tracers 2>/dev/null) ;;
	module:*)
		have=$(modinfo -F filename "${feature#module:}" 2>/dev/null) ;;
	*)
		have=$(ls -d "$TR/$feature" 2>/dev/null) ;;
	esac
	if [ -z "$have" ]; then
		result "$name" SKIP
		return
	fi
	rm -f /tmp/t4.dat
	if ! trace-cmd record -q -o /tmp/t4.dat "$@" > /tmp/t4.rec 2>&1; then
		result "$name" FAIL
		tail -n 20 /tmp/t4.rec
		return
	fi
	trace-cmd report -i /tmp/t4.dat > /tmp/t4.txt 2>&1
	if grep -q 'FAILED TO PARSE' /tmp/t4.txt; then
		result "$name" FAIL
		echo "---- $name: trace-cmd could not decode some events"
		grep -m 5 'FAILED TO PARSE' /tmp/t4.txt
	elif grep -q "$pattern" /tmp/t4.txt; then
		result "$name" PASS
	else
		result "$name" FAIL
		echo "---- $name: report did not match '$pattern'"
		head -n 30 /tmp/t4.txt
	fi
}

trace_cmd_case record-sched-irq events/sched/sched_switch 'sched_switch:' \
	-e sched -e irq sh -c 'sleep 0.2; ls / > /dev/null'
# Our sample module (system sample_events): loaded before the recording so
# trace-cmd finds its events, fired from inside the recorded command. Only
# the events Debian's libtraceevent can decode are recorded: it fails to
# parse the print formats using __print_hex_str, __print_array and
# __get_bitmask, and crashes on __rel_loc fields (on the reference kernel
# with this module just the same).
# The reference kernel's own module of that name is upstream's sample:
# ours, built out of tree, is in /lib/extmod there.
modprobe trace-events-sample 2> /dev/null
if [ ! -d $TR/events/sample_events ] && [ -f /lib/extmod/trace-events-sample.ko ]; then
	rmmod trace_events_sample 2> /dev/null
	insmod /lib/extmod/trace-events-sample.ko
fi
if [ -d $TR/events/sample_events ]; then
	trace_cmd_case record-sample events/sample_events \
		'sample_phase_enter: *count=[0-9]* phase=[a-z]' \
		-e sample_events:sample_phase_enter \
		-e sample_events:sample_odd sh -c \
		'echo 5 > /sys/module/trace_events_sample/parameters/fire'
	rmmod trace_events_sample
else
	result record-sample SKIP
fi
trace_cmd_case record-function tracer:function 'function:' \
	-p function -l 'schedule*' sleep 0.2
trace_cmd_case record-function-graph tracer:function_graph 'funcgraph_entry:' \
	-p function_graph -g 'schedule' sleep 0.2
# A kprobe event (issue 38): defined through kprobe_events, recorded by
# name, decoded by libtraceevent from its format: the head by the print
# fmt's "(%lx)", the __data_loc string.
if [ -w $TR/kprobe_events ]; then
	echo 'p:t4/open do_sys_openat2 dfd=%di:s32 path=+0(%si):ustring' >> $TR/kprobe_events
	trace_cmd_case record-kprobe kprobe_events \
		'open: *([0-9a-f]*) dfd=-100 path="/t4-no-such-file"' \
		-e t4:open sh -c 'cat /t4-no-such-file 2> /dev/null; true'
	echo '-:t4/open' >> $TR/kprobe_events
else
	result record-kprobe SKIP
fi
# fprobe events (issue 38): an entry and an exit event on the same
# function, and a tracepoint probe whose argument is named after the
# tracepoint's BTF, defined through dynamic_events, recorded by name and
# decoded by libtraceevent from their formats alone: the entry head by
# "(%lx)", the exit head by "(%lx <- %lx)".
if grep -q 'f\[:\[<group>/\]\[<event>\]\] <func-name>' $TR/README 2> /dev/null; then
	echo 'f:t4/fopen do_sys_openat2 dfd=$arg1:s32 path=+0($arg2):ustring' >> $TR/dynamic_events
	echo 'f:t4/fopenx do_sys_openat2%return ret=$retval:s64' >> $TR/dynamic_events
	trace_cmd_case record-fprobe dynamic_events \
		'fopen: *([0-9a-f]*) dfd=-100 path="/t4-no-such-file"' \
		-e t4:fopen -e t4:fopenx sh -c \
		'cat /t4-no-such-file 2> /dev/null; true'
	if grep -q 'fopenx: *([0-9a-f]* <- [0-9a-f]*) ret=-2$' /tmp/t4.txt; then
		result record-fprobe-exit PASS
	else
		result record-fprobe-exit FAIL
		grep -m 5 fopenx /tmp/t4.txt
	fi
	echo '-:t4/fopen' >> $TR/dynamic_events
	echo '-:t4/fopenx' >> $TR/dynamic_events
	if echo 't:t4/tsw sched_switch next_pid=next->pid' >> $TR/dynamic_events 2> /dev/null; then
		trace_cmd_case record-tprobe dynamic_events \
			'tsw: *([0-9a-f]*) next_pid=[0-9]' \
			-e t4:tsw sleep 0.2
		echo '-:t4/tsw' >> $TR/dynamic_events
	else
		result record-tprobe FAIL
		tail -n 3 $TR/error_log
	fi
else
	result record-fprobe SKIP
	result record-fprobe-exit SKIP
	result record-tprobe SKIP
fi
