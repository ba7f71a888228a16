#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B5: the cost of one hit of a probe event. sysloop (see B3) calls
# ksys_read() once per iteration: a kprobe event on it with two
# arguments, and a kretprobe event with its return value, each recording
# into the top level's buffer. The extra cost of an iteration over the
# hits it took (kprobe_profile's count) is the cost of one hit. A
# uprobe event (two arguments) on utarget_fn(), which "utarget loop"
# calls in a loop, the same way (uprobe_profile's count). An fprobe entry
# event (the same two arguments) and an fprobe exit event on ksys_read(),
# counted by the records the ring buffer took (its entries and overruns:
# fprobes have no profile file). The kprobe again with the buffer off
# tells the part of a hit that is the kprobe and its dispatch alone.
. /harness/benchlib.sh
TR=/sys/kernel/tracing
REPS=${BENCH_REPS:-5}
ITER=${SYSLOOP_ITER:-200000}
FUNC=ksys_read

# hits: every hit kprobe_profile counts, all probes together
hits() {
	awk '{ n += $2 } END { print n + 0 }' $TR/kprobe_profile
}

# written: every record the top level's buffer took since it was cleared
written() {
	cat $TR/per_cpu/cpu*/stats |
		awk '/^entries:/ || /^overrun:/ { n += $2 } END { print n + 0 }'
}

# per_hit NAME DEFINITION [FILE COUNTER]: REPS figures of one hit of the
# event, defined in FILE (kprobe_events), its hits counted by COUNTER (hits)
per_hit() {
	file=${3:-kprobe_events}
	counter=${4:-hits}
	echo "$2" > $TR/$file
	echo 1 > $TR/events/b5/enable
	i=0
	while [ $i -lt "$REPS" ]; do
		echo > $TR/trace
		h0=$($counter)
		v=$(sysloop_ns)
		h=$(($($counter) - h0))
		bench_value "$1" ns/hit "$(echo "${v:-nan} $off $ITER $h" | awk '{
			if ($4 > 0 && $1 != "nan") printf "%.2f", ($1 - $2) * $3 / $4
			else printf "nan" }')"
		i=$((i + 1))
	done
	echo 0 > $TR/events/b5/enable
	echo > $TR/$file
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
	# The same with the buffer off: the kprobe and its dispatch without
	# the record (what of a hit is not the record's)
	echo 0 > $TR/tracing_on
	per_hit b5-kprobe-hit-buffer-off "p:b5/kp $FUNC fd=%di:u32 count=%dx:u64"
	echo 1 > $TR/tracing_on
	per_hit b5-kretprobe-hit "r:b5/kr $FUNC ret=\$retval:s64"
	if grep -q 'f\[:\[<group>/\]\[<event>\]\] <func-name>' $TR/README; then
		per_hit b5-fprobe-entry-hit "f:b5/fe $FUNC fd=\$arg1:u32 count=\$arg3:u64" \
			dynamic_events written
		per_hit b5-fprobe-exit-hit "f:b5/fx $FUNC%return ret=\$retval:s64" \
			dynamic_events written
	else
		bench_skip b5-fprobe-entry-hit "no fprobe events"
		bench_skip b5-fprobe-exit-hit "no fprobe events"
	fi
	echo > $TR/trace
fi

UITER=${UPROBE_ITER:-20000}
# uprobe hits: every hit uprobe_profile counts
uhits() {
	awk '{ n += $3 } END { print n + 0 }' $TR/uprobe_profile
}

if [ ! -w $TR/uprobe_events ] || ! command -v utarget > /dev/null; then
	bench_skip b5-uprobe-hit "no uprobe events"
else
	echo > $TR/uprobe_events
	uoffs=
	i=0
	while [ $i -lt "$REPS" ]; do
		v=$(utarget loop "$UITER")
		bench_value b5-ucall-no-probe ns/call "${v:-nan}"
		uoffs="$uoffs ${v:-0}"
		i=$((i + 1))
	done
	uoff=$(bench_median $uoffs)
	echo "p:b5/up /usr/bin/utarget:$(utarget offset) n=%di:s64 w=%si:x64" > $TR/uprobe_events
	echo 1 > $TR/events/b5/enable
	i=0
	while [ $i -lt "$REPS" ]; do
		echo > $TR/trace
		h0=$(uhits)
		v=$(utarget loop "$UITER")
		h=$(($(uhits) - h0))
		bench_value b5-uprobe-hit ns/hit "$(echo "${v:-nan} $uoff $UITER $h" | awk '{
			if ($4 > 0 && $1 != "nan") printf "%.2f", ($1 - $2) * $3 / $4
			else printf "nan" }')"
		i=$((i + 1))
	done
	echo 0 > $TR/events/b5/enable
	echo > $TR/uprobe_events
	echo > $TR/trace
fi
