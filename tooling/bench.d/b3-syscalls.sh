#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B3: a fixed syscall-heavy workload (sysloop) with tracing off, under the
# function tracer (on every function, and filtered to one function the
# loop never calls), under function_graph (on every function, and on one
# subtree) and irqsoff; the cost of one traced call of each tracer; the
# time to switch the function tracer on for every function and back.
# Prints one bench_value per figure and repetition; a tracer this kernel
# lacks gives a bench_skip.
. /harness/benchlib.sh
TR=/sys/kernel/tracing
REPS=${BENCH_REPS:-5}
ITER=${SYSLOOP_ITER:-200000}
# Not on sysloop's path (getppid, read, write), present in every kernel.
IDLE_FUNC=ksys_sync
# On the loop's path, with calls below it: the graph tracer's subtree.
SUBTREE_FUNC=ksys_read

run() { # name
	i=0
	while [ $i -lt "$REPS" ]; do
		v=$(sysloop_ns)
		bench_value $1 ns/iter "${v:-nan}"
		i=$((i + 1))
	done
}

# Every record the buffer took since the last reset, overwritten ones
# included: entries plus overrun of each CPU's stats (what the trace
# header's entries-written sums; function_graph's header has no such line).
written() {
	cat $TR/per_cpu/cpu*/stats | awk '/^entries:/ { n += $2 }
		/^overrun:/ { n += $2 } END { print n + 0 }'
}

have() { grep -qw "$1" $TR/available_tracers 2>/dev/null; }

if [ -w $TR/tracing_on ]; then
	echo 0 > $TR/tracing_on
fi
offs=
i=0
while [ $i -lt "$REPS" ]; do
	v=$(sysloop_ns)
	bench_value b3-syscalls-tracing-off ns/iter "${v:-nan}"
	offs="$offs ${v:-0}"
	i=$((i + 1))
done
off=$(bench_median $offs)

# per_call NAME V W DIV: the cost of one recorded call, from an iteration
# that took V ns against tracing off's $off, with W entries written over
# ITER iterations, DIV entries per call.
per_call() {
	bench_value "$1" ns/call "$(echo "$2 $off $3 $ITER $4" | awk '{ calls = $3 / $4 / $5
		if (calls > 0) printf "%.2f", ($1 - $2) / calls
		else printf "nan" }')"
}

if have function; then
	# On every function. Each repetition starts from an empty buffer and
	# records only while sysloop runs, so entries-written / ITER is the
	# number of traced calls per iteration (the shell's few echoes around
	# it add a few hundred records to millions). The extra cost of an
	# iteration over the calls it traced is the cost of one traced call.
	echo function > $TR/current_tracer
	i=0
	while [ $i -lt "$REPS" ]; do
		echo > $TR/trace
		echo 1 > $TR/tracing_on
		v=$(sysloop_ns)
		echo 0 > $TR/tracing_on
		w=$(written)
		bench_value b3-syscalls-function ns/iter "${v:-nan}"
		per_call b3-function-traced-call "$v" "$w" 1
		bench_value b3-function-calls-per-iter calls "$(echo "$w $ITER" |
			awk '{ printf "%.1f", $1 / $2 }')"
		i=$((i + 1))
	done
	echo nop > $TR/current_tracer
	echo > $TR/trace

	# Filtered to one function the loop never calls: every other site is
	# a NOP again, so this should cost what tracing off costs.
	if echo $IDLE_FUNC > $TR/set_ftrace_filter 2>/dev/null; then
		echo function > $TR/current_tracer && echo 1 > $TR/tracing_on
		run b3-syscalls-function-filtered
		echo 0 > $TR/tracing_on
		echo nop > $TR/current_tracer
		echo > $TR/set_ftrace_filter
		echo > $TR/trace
	else
		bench_skip b3-syscalls-function-filtered "no $IDLE_FUNC to filter on"
	fi

	# The switch: patching every site to the tracer and back to NOPs,
	# timed around the one write that does it.
	i=0
	while [ $i -lt "$REPS" ]; do
		on=$(timewrite $TR/current_tracer function | sed -n 's/^timewrite: \([0-9]*\) ns/\1/p')
		off_t=$(timewrite $TR/current_tracer nop | sed -n 's/^timewrite: \([0-9]*\) ns/\1/p')
		bench_value b3-switch-function-on ms "$(echo "${on:-0}" | awk '{ printf "%.3f", $1 / 1e6 }')"
		bench_value b3-switch-function-off ms "$(echo "${off_t:-0}" | awk '{ printf "%.3f", $1 / 1e6 }')"
		i=$((i + 1))
	done
	echo > $TR/trace
else
	bench_skip b3-syscalls-function "no function tracer"
fi

if have function_graph; then
	# On every function: an entry and an exit per call (the output
	# merges a leaf's two into one line, the buffer does not).
	echo function_graph > $TR/current_tracer
	i=0
	while [ $i -lt "$REPS" ]; do
		echo > $TR/trace
		echo 1 > $TR/tracing_on
		v=$(sysloop_ns)
		echo 0 > $TR/tracing_on
		bench_value b3-syscalls-function_graph ns/iter "${v:-nan}"
		per_call b3-function_graph-traced-call "$v" "$(written)" 2
		i=$((i + 1))
	done
	echo nop > $TR/current_tracer
	echo > $TR/trace

	# One subtree of the loop (set_graph_function): every other call is
	# still hooked and refused, and that is part of this cost.
	if echo $SUBTREE_FUNC > $TR/set_graph_function 2>/dev/null; then
		echo function_graph > $TR/current_tracer
		i=0
		while [ $i -lt "$REPS" ]; do
			echo > $TR/trace
			echo 1 > $TR/tracing_on
			v=$(sysloop_ns)
			echo 0 > $TR/tracing_on
			bench_value b3-syscalls-function_graph-subtree ns/iter "${v:-nan}"
			per_call b3-function_graph-subtree-call "$v" "$(written)" 2
			i=$((i + 1))
		done
		echo nop > $TR/current_tracer
		echo > $TR/set_graph_function
		echo > $TR/trace
	else
		bench_skip b3-syscalls-function_graph-subtree "no $SUBTREE_FUNC"
	fi
else
	bench_skip b3-syscalls-function_graph "no function_graph tracer"
fi

# irqsoff selected (its defaults: function-trace on inside the windows);
# with it built in but not selected, tracing-off above is the cost.
if have irqsoff; then
	echo irqsoff > $TR/current_tracer && echo 1 > $TR/tracing_on
	run b3-syscalls-irqsoff
	echo 0 > $TR/tracing_on
	echo nop > $TR/current_tracer
	echo 0 > $TR/tracing_max_latency
	echo > $TR/trace
	echo 1 > $TR/tracing_on
else
	bench_skip b3-syscalls-irqsoff "no irqsoff tracer"
fi
echo 1 > $TR/tracing_on
