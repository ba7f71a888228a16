#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B1: our kernel/trace/ring_buffer_bench.c, built out of tree for each
# kernel. One load runs four measurements (producer only, with a consumer,
# writes nested in an interrupt over an open reservation, whole-page reads)
# and prints "ring_buffer_bench: done" after them; each repetition loads the
# module, waits for that line, unloads it and reports the four values.
. /harness/benchlib.sh
REPS=${BENCH_REPS:-5}
MOD=/lib/extmod/ring_buffer_bench.ko
NAMES="b1-ours-producer-only b1-ours-with-consumer b1-ours-nested b1-ours-page-read"

if [ ! -f $MOD ]; then
	for n in $NAMES; do
		bench_skip $n "no module"
	done
	exit 0
fi

# value LOG WHAT KEY: the integer after " KEY=" on the line "WHAT: ...".
value() {
	v=$(printf '%s\n' "$1" |
		sed -n "s|.*ring_buffer_bench: $2: .* $3=\([0-9][0-9]*\).*|\1|p" |
		tail -n 1)
	echo "${v:-nan}"
}

i=0
while [ $i -lt "$REPS" ]; do
	i=$((i + 1))
	dmesg -c > /dev/null
	log=
	if insmod $MOD; then
		t=0
		while [ $t -lt 60 ]; do
			log=$(dmesg)
			case $log in
			*"ring_buffer_bench: done"*) break ;;
			esac
			sleep 1
			t=$((t + 1))
		done
		rmmod ring_buffer_bench
	fi
	bench_value b1-ours-producer-only ns/entry "$(value "$log" 'producer only' 'ns/entry')"
	bench_value b1-ours-with-consumer ns/entry "$(value "$log" 'with consumer' 'ns/entry')"
	bench_value b1-ours-nested ns/entry "$(value "$log" 'nested' 'ns/entry')"
	bench_value b1-ours-page-read MB/s "$(value "$log" 'page read' 'MB/s')"
done
