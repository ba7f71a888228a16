#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B2: cost of one trace event with a 32-byte payload (four u64), fired in a
# loop by our module tooling/bench-mod/b2 (built for each kernel):
#   b2-event-enabled   events/b2bench/b2_payload enabled: each event is
#                      written to the ring buffer (overwrite mode, so a full
#                      buffer never stops the writer)
#   b2-event-disabled  the event disabled: the tracepoint's static branch,
#                      plus the loop itself
#   b2-filter-accept   enabled with a filter that keeps every event
#                      ("seq >= 0"): the filter's cost on top of recording
#   b2-filter-reject   enabled with a filter that drops every event
#                      ("seq < 0"): what a dropped event costs
#   b2-trigger-never   enabled with a trigger that never fires
#                      ("traceoff if seq < 0"): the cost of evaluating a
#                      trigger on top of recording
# The loop runs on CPU 0 in the writer's context; each repetition prints
# one bench_value (total loop time / iterations, ns/event).
. /harness/benchlib.sh
TR=/sys/kernel/tracing
REPS=${BENCH_REPS:-5}
MOD=/lib/extmod/b2_events.ko
ITER_ENABLED=${B2_ITER_ENABLED:-200000}
ITER_DISABLED=${B2_ITER_DISABLED:-10000000}
# Per-CPU buffer size for the run, the same on every kernel.
SIZE_KB=${B2_BUFFER_KB:-1024}
NAMES="b2-event-enabled b2-event-disabled b2-filter-accept b2-filter-reject b2-trigger-never"
EV=$TR/events/b2bench/b2_payload
RUN=/sys/module/b2_events/parameters/run

skip() {
	for n in $NAMES; do
		bench_skip $n "$1"
	done
	exit 0
}
[ -f $MOD ] || skip "no module"
insmod $MOD || skip "insmod failed"
if [ ! -w $EV/enable ]; then
	rmmod b2_events
	skip "no events/b2bench/b2_payload"
fi

# A buffer not yet expanded reads "7 (expanded: 1408)": restore the latter.
orig_size=$(sed 's/.*expanded: \([0-9]*\).*/\1/' $TR/buffer_size_kb)
[ -w $TR/current_tracer ] && echo nop > $TR/current_tracer
echo "$SIZE_KB" > $TR/buffer_size_kb
echo local > $TR/trace_clock
echo 1 > $TR/options/overwrite
echo 1 > $TR/tracing_on

# filter_of NAME: the filter a mode runs with ("0": none).
filter_of() {
	case $1 in
	b2-filter-accept) echo 'seq >= 0' ;;
	b2-filter-reject) echo 'seq < 0' ;;
	*) echo 0 ;;
	esac
}

# trigger_of NAME: the trigger a mode runs with (none if empty).
trigger_of() {
	case $1 in
	b2-trigger-never) echo 'traceoff if seq < 0' ;;
	esac
}

# one NAME ENABLE ITERATIONS: one repetition.
one() {
	echo "$2" > $EV/enable
	echo > $TR/trace
	if ! taskset -c 0 sh -c "echo $3 > $RUN"; then
		bench_skip $1 "run failed"
		return
	fi
	if [ "$1" = b2-filter-reject ]; then
		n=$(sed -n 's/^entries: *//p' $TR/per_cpu/cpu0/stats)
		if [ "${n:-1}" != 0 ]; then
			bench_skip $1 "the filter kept $n events"
			return
		fi
	elif [ "$2" = 1 ]; then
		n=$(sed -n 's/^entries: *//p' $TR/per_cpu/cpu0/stats)
		if [ "${n:-0}" = 0 ]; then
			bench_skip $1 "nothing recorded"
			return
		fi
	fi
	bench_value $1 ns/event "$(awk '{ printf "%.3f", $2 / $1 }' $RUN)"
}

for mode in b2-event-enabled:1:$ITER_ENABLED b2-event-disabled:0:$ITER_DISABLED \
	    b2-filter-accept:1:$ITER_ENABLED b2-filter-reject:1:$ITER_ENABLED \
	    b2-trigger-never:1:$ITER_ENABLED; do
	name=${mode%%:*}
	rest=${mode#*:}
	if ! echo "$(filter_of $name)" > $EV/filter; then
		bench_skip $name "filter refused"
		continue
	fi
	trig=$(trigger_of $name)
	if [ -n "$trig" ] && ! echo "$trig" >> $EV/trigger; then
		bench_skip $name "trigger refused"
		continue
	fi
	# One untimed run first: QEMU translates the code paths on first use.
	echo "${rest%%:*}" > $EV/enable
	taskset -c 0 sh -c "echo $((${rest#*:} / 10)) > $RUN" || true
	i=0
	while [ $i -lt "$REPS" ]; do
		one "$name" "${rest%%:*}" "${rest#*:}"
		i=$((i + 1))
	done
	[ -n "$trig" ] && echo "!${trig%% *}" >> $EV/trigger
done

echo 0 > $EV/enable
echo 0 > $EV/filter
echo > $TR/trace
echo "$orig_size" > $TR/buffer_size_kb
rmmod b2_events
