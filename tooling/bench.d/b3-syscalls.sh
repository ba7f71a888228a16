#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B3: a fixed syscall-heavy workload (sysloop) with tracing off, under the
# function tracer and under function_graph. Prints "@@BENCH name unit value"
# once per repetition; a tracer this kernel lacks gives "@@BENCH-SKIP".
TR=/sys/kernel/tracing
REPS=${BENCH_REPS:-5}
ITER=${SYSLOOP_ITER:-200000}

run() { # name
	i=0
	while [ $i -lt "$REPS" ]; do
		v=$(sysloop "$ITER" | sed -n 's/^sysloop: \([0-9.]*\) ns\/iter/\1/p')
		echo "@@BENCH $1 ns/iter ${v:-nan}"
		i=$((i + 1))
	done
}

if [ -w $TR/tracing_on ]; then
	echo 0 > $TR/tracing_on
fi
run b3-syscalls-tracing-off
for t in function function_graph; do
	if grep -qw $t $TR/available_tracers 2>/dev/null; then
		echo $t > $TR/current_tracer && echo 1 > $TR/tracing_on
		run b3-syscalls-$t
		echo nop > $TR/current_tracer
		echo > $TR/trace
	else
		echo "@@BENCH-SKIP b3-syscalls-$t no $t tracer"
	fi
done
