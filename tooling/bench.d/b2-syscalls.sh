#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B2, syscall events: sysloop (getppid, a 1-byte read of /dev/zero and a
# 1-byte write to /dev/null per iteration) with
#   b2-syscall-none       no syscall event on: every syscall on the fast
#                         path
#   b2-syscall-other      sys_enter_reboot on, which the loop never makes:
#                         each of its syscalls takes the slow path and
#                         finds its own event off (the cost of a syscall
#                         event that is not enabled)
#   b2-syscall-enabled    sys_enter_getppid on: one of the three syscalls
#                         is recorded (overwrite mode)
# in ns per iteration (three syscalls). Each repetition prints
# one bench_value in ns/iter.
. /harness/benchlib.sh
TR=/sys/kernel/tracing
REPS=${BENCH_REPS:-5}
ITER=${SYSLOOP_ITER:-100000}
NAMES="b2-syscall-none b2-syscall-other b2-syscall-enabled"

if [ ! -w $TR/events/syscalls/sys_enter_getppid/enable ] ||
   [ ! -w $TR/events/syscalls/sys_enter_reboot/enable ]; then
	for n in $NAMES; do
		bench_skip $n "no syscall events"
	done
	exit 0
fi
orig_size=$(sed 's/.*expanded: \([0-9]*\).*/\1/' $TR/buffer_size_kb)
echo 1024 > $TR/buffer_size_kb
echo local > $TR/trace_clock
echo 1 > $TR/options/overwrite
echo 0 > $TR/events/enable
echo 1 > $TR/tracing_on

# one NAME EVENT: the loop with EVENT on ("" for none), REPS times.
one() {
	[ -n "$2" ] && echo 1 > $TR/events/syscalls/$2/enable
	taskset -c 0 sysloop $((ITER / 10)) > /dev/null
	i=0
	while [ $i -lt "$REPS" ]; do
		echo > $TR/trace
		v=$(taskset -c 0 sysloop "$ITER" |
		    sed -n 's/^sysloop: \([0-9.]*\) ns\/iter/\1/p')
		bench_value $1 ns/iter "${v:-nan}"
		i=$((i + 1))
	done
	[ -n "$2" ] && echo 0 > $TR/events/syscalls/$2/enable
	if [ "$1" = b2-syscall-enabled ] && ! grep -q 'sys_getppid()' $TR/trace; then
		bench_skip $1 "nothing recorded"
	fi
}

one b2-syscall-none ""
one b2-syscall-other sys_enter_reboot
one b2-syscall-enabled sys_enter_getppid
echo > $TR/trace
echo "$orig_size" > $TR/buffer_size_kb
