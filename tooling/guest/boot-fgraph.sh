#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot-option checks of the function graph tracer, run by tooling/check.sh
# in a guest booted with the options of the APPEND line below; then the
# tracer on one function, then on all, with both CPUs busy.
# APPEND: ftrace=function_graph ftrace_graph_filter=do_sys_openat2,no_such_function_xyz ftrace_graph_notrace=getname_flags ftrace_graph_max_depth=7
# Prints one "@@RESULT boot NAME STATUS" line per check.
TR=/sys/kernel/tracing
. /harness/bootlib.sh
cd $TR || exit 1
cat /etc/passwd > /dev/null
echo 0 > tracing_on
cat trace > /tmp/boot-trace

boot_tracer() {
	[ "$(cat current_tracer)" = function_graph ]
}
check ftrace=function_graph boot_tracer

boot_graph_filter() {
	[ "$(grep -v '^#' set_graph_function)" = do_sys_openat2 ] ||
		{ echo "set_graph_function: $(cat set_graph_function)"; return 1; }
	# only do_sys_openat2 at depth 0 (lines "|  name" with no indent)
	# (line by line: a comment may hold anything, spaces and '|' too)
	grep -v '^#' /tmp/boot-trace | grep -F '|  ' | grep -vF '/*' |
		sed -E 's/^.*\|  //' | grep -E '^[^ ]' | sort -u > /tmp/boot-top
	while IFS= read -r l; do
		case $l in
		'do_sys_openat2()'*|'}'*) ;;
		*) echo "at depth 0: $l"; return 1 ;;
		esac
	done < /tmp/boot-top
	grep -q 'do_sys_openat2() {' /tmp/boot-trace
}
check ftrace_graph_filter= boot_graph_filter

boot_graph_notrace() {
	[ "$(cat set_graph_notrace)" = getname_flags ] &&
		! grep -q 'getname_flags' /tmp/boot-trace
}
check ftrace_graph_notrace= boot_graph_notrace

boot_max_depth() {
	[ "$(cat max_graph_depth)" = 7 ]
}
check ftrace_graph_max_depth= boot_max_depth

# One function, then every function, with both CPUs busy (a fork loop, a
# marker writer and a reader of trace) and the tracer switched on and off.
busy() {
	( while :; do ls / > /dev/null; done ) &
	b1=$!
	# (a marker written while a switch resets the buffer gets EBADF)
	( while :; do echo mark > trace_marker 2> /dev/null; done ) &
	b2=$!
	( while :; do head -c 65536 trace > /dev/null; done ) &
	b3=$!
}
idle() {
	kill $b1 $b2 $b3 2> /dev/null
	wait $b1 $b2 $b3 2> /dev/null
}
graph_busy() {
	echo > set_graph_function
	echo > set_graph_notrace
	echo 0 > max_graph_depth
	echo 1 > tracing_on
	echo nop > current_tracer
	echo schedule > set_ftrace_filter
	busy
	for i in 1 2 3; do
		echo function_graph > current_tracer
		sleep 2
		echo nop > current_tracer
	done
	echo > set_ftrace_filter
	for i in 1 2 3; do
		echo function_graph > current_tracer
		sleep 5
		echo nop > current_tracer
	done
	idle
	echo function_graph > current_tracer
	ls / > /dev/null
	echo 0 > tracing_on
	n=$(grep -c '() {$' trace)
	echo nop > current_tracer
	echo "$n opening lines after the storm"
	[ "$n" -gt 0 ]
}
check graph-busy graph_busy
