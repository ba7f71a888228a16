#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B5: the cost of one hit of a probe event. sysloop (see B3) calls
# ksys_read() once per iteration: a kprobe event on it with two
# arguments, and a kretprobe event with its return value, each recording
# into the top level's buffer. The extra cost of an iteration over the
# hits it took (kprobe_profile's count) is the cost of one hit. (fprobe
# and uprobe events join when this kernel has them.)
. /harness/benchlib.sh
TR=/sys/kernel/tracing
REPS=${BENCH_REPS:-5}
ITER=${SYSLOOP_ITER:-200000}
FUNC=ksys_read

# hits: every hit kprobe_profile counts, all probes together
hits() {
	awk '{ n += $2 } END { print n + 0 }' $TR/kprobe_profile
}

# per_hit NAME DEFINITION: REPS figures of one hit of the event
per_hit() {
	echo "$2" > $TR/kprobe_events
	echo 1 > $TR/events/b5/enable
	i=0
	while [ $i -lt "$REPS" ]; do
		echo > $TR/trace
		h0=$(hits)
		v=$(sysloop_ns)
		h=$(($(hits) - h0))
		bench_value "$1" ns/hit "$(echo "${v:-nan} $off $ITER $h" | awk '{
			if ($4 > 0 && $1 != "nan") printf "%.2f", ($1 - $2) * $3 / $4
			else printf "nan" }')"
		i=$((i + 1))
	done
	echo 0 > $TR/events/b5/enable
	echo > $TR/kprobe_events
}

if [ ! -w $TR/kprobe_events ]; then
	bench_skip b5-kprobe-hit "no kprobe events"
	bench_skip b5-kretprobe-hit "no kprobe events"
else
	echo > $TR/kprobe_events
	echo 1 > $TR/tracing_on
	offs=
	i=0
	while [ $i -lt "$REPS" ]; do
		v=$(sysloop_ns)
		bench_value b5-syscalls-no-probe ns/iter "${v:-nan}"
		offs="$offs ${v:-0}"
		i=$((i + 1))
	done
	off=$(bench_median $offs)
	per_hit b5-kprobe-hit "p:b5/kp $FUNC fd=%di:u32 count=%dx:u64"
	per_hit b5-kretprobe-hit "r:b5/kr $FUNC ret=\$retval:s64"
	echo > $TR/trace
fi
