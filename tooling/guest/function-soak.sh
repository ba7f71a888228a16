#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The function tracer on every function for a minute while the guest
# works (instances, events, markers, CPU 1), for the debug kernel:
#   make run DEBUG=1 SCRIPT=tooling/guest/function-soak.sh
# lockdep and KASAN are traced themselves, which is where recursion bugs
# show. Prints the self-test lines, what was recorded, and any splat.
cd /sys/kernel/tracing || exit 1
dmesg | grep -E "self-test|call sites"
echo function > current_tracer || exit 1
t0=$(date +%s)
n=0
while [ "$(date +%s)" -lt $((t0 + 60)) ]; do
	ls -R events > /dev/null 2>&1
	cat /proc/self/status > /dev/null
	echo soak > trace_marker
	mkdir instances/soak$n && rmdir instances/soak$n
	echo 1 > events/sched/enable
	echo 0 > events/sched/enable
	taskset -c 1 true
	n=$((n + 1))
done
echo "function on every function: $n rounds of work in $(($(date +%s) - t0)) s"
echo 0 > tracing_on
grep entries-in-buffer trace
echo nop > current_tracer
echo 1 > tracing_on
echo "sites still enabled: $(grep -c . enabled_functions)"
splats=$(dmesg | grep -cE "BUG:|WARNING:|KASAN:|Oops|possible recursive locking|circular locking|inconsistent lock state")
echo "splats: $splats"
[ "$splats" = 0 ]
