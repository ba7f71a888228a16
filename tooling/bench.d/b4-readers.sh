#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B4: reader throughput. A writer on CPU 0 (markwrite) records MARKERS trace
# markers of MARKER_SIZE bytes as fast as it can while a reader on CPU 1
# (pipedrain) drains the buffer:
#   b4-trace-pipe-raw-splice  splice() of per_cpu/cpu0/trace_pipe_raw into
#                             /dev/null through a pipe (binary sub-buffers)
#   b4-trace-pipe             read() of trace_pipe (formatted text)
# Those two measure the pair: how much of what the writer made the reader
# kept up with. The reader's own cost shows in the drain variants: the
# writer first fills the buffer with DRAIN_MARKERS markers (fewer than it
# holds, so nothing is overwritten), then the reader alone empties it:
#   b4-drain-splice           the same splice() of trace_pipe_raw
#   b4-drain-trace-pipe       the same read() of trace_pipe
# Each repetition prints a bench_value in MB/s: the bytes the reader
# got over the time from its first byte to its last. Higher is better.
. /harness/benchlib.sh
TR=/sys/kernel/tracing
REPS=${BENCH_REPS:-5}
MARKERS=${B4_MARKERS:-100000}
MARKER_SIZE=${B4_MARKER_SIZE:-128}
DRAIN_MARKERS=${B4_DRAIN_MARKERS:-20000}
# Per-CPU buffer sizes (live runs, drain runs), the same on every kernel.
SIZE_KB=${B4_BUFFER_KB:-1024}
DRAIN_KB=${B4_DRAIN_BUFFER_KB:-4096}
NAMES="b4-trace-pipe-raw-splice b4-trace-pipe b4-drain-splice b4-drain-trace-pipe"

skip() {
	for n in $NAMES; do
		bench_skip $n "$1"
	done
	exit 0
}
[ -w $TR/trace_marker ] || skip "no trace_marker"
[ -e $TR/per_cpu/cpu0/trace_pipe_raw ] || skip "no trace_pipe_raw"
command -v markwrite > /dev/null && command -v pipedrain > /dev/null ||
	skip "markwrite or pipedrain missing"
# Reader and writer on CPUs of their own when there are two.
rcpu=1
[ -d $TR/per_cpu/cpu1 ] || rcpu=0

# A buffer not yet expanded reads "7 (expanded: 1408)": restore the latter.
orig_size=$(sed 's/.*expanded: \([0-9]*\).*/\1/' $TR/buffer_size_kb)
[ -w $TR/current_tracer ] && echo nop > $TR/current_tracer
echo "$SIZE_KB" > $TR/buffer_size_kb
echo local > $TR/trace_clock
echo 1 > $TR/tracing_on

# report NAME STATUS: the reader's figure (bench_value), or why none.
report() {
	v=$(sed -n 's|^pipedrain: .* \([0-9.]*\) MB/s$|\1|p' /tmp/b4-reader.out)
	if [ "$2" != 0 ] || [ -z "$v" ]; then
		bench_skip $1 "reader failed: $(tr '\n' ' ' < /tmp/b4-reader.out)"
	else
		bench_value $1 MB/s "$v"
	fi
}

# one NAME MODE FILE: one repetition, reader and writer at once.
one() {
	echo > $TR/trace
	pipedrain -c $rcpu "$2" "$3" > /tmp/b4-reader.out 2>&1 &
	reader=$!
	# Let the reader start and install its signal handler.
	sleep 0.5
	markwrite -c 0 -s "$MARKER_SIZE" "$MARKERS" > /tmp/b4-writer.out
	kill -USR1 $reader
	rc=0
	wait $reader || rc=$?
	echo "b4: $1: $(cat /tmp/b4-writer.out); $(cat /tmp/b4-reader.out)"
	report "$1" $rc
}

# drain NAME MODE FILE: one repetition, the buffer filled first.
drain() {
	echo > $TR/trace
	markwrite -c 0 -s "$MARKER_SIZE" "$DRAIN_MARKERS" > /tmp/b4-writer.out
	rc=0
	pipedrain -c $rcpu -e "$2" "$3" > /tmp/b4-reader.out 2>&1 || rc=$?
	echo "b4: $1: $(cat /tmp/b4-writer.out); $(cat /tmp/b4-reader.out)"
	report "$1" $rc
}

for mode in b4-trace-pipe-raw-splice:splice:per_cpu/cpu0/trace_pipe_raw \
	    b4-trace-pipe:read:trace_pipe; do
	name=${mode%%:*}
	rest=${mode#*:}
	i=0
	while [ $i -lt "$REPS" ]; do
		one "$name" "${rest%%:*}" "$TR/${rest#*:}"
		i=$((i + 1))
	done
done

echo "$DRAIN_KB" > $TR/buffer_size_kb
for mode in b4-drain-splice:splice:per_cpu/cpu0/trace_pipe_raw \
	    b4-drain-trace-pipe:read:trace_pipe; do
	name=${mode%%:*}
	rest=${mode#*:}
	i=0
	while [ $i -lt "$REPS" ]; do
		drain "$name" "${rest%%:*}" "$TR/${rest#*:}"
		i=$((i + 1))
	done
done

echo > $TR/trace
echo "$orig_size" > $TR/buffer_size_kb
