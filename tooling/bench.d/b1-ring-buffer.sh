#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B1: upstream's ring_buffer_benchmark (built from the base tree for each
# kernel, see tooling/extmod/rb_bench_wrap.c), producer only and producer +
# consumer. Each repetition loads the module, waits for its first 10-second
# round to report "N ns per entry", and unloads it.
REPS=${BENCH_REPS:-5}
MOD=/lib/extmod/rb_bench_wrap.ko

if [ ! -f $MOD ]; then
	echo "@@BENCH-SKIP b1-rb-producer-only no benchmark module"
	echo "@@BENCH-SKIP b1-rb-producer-consumer no benchmark module"
	exit 0
fi

one_round() { # disable_reader
	dmesg -c > /dev/null
	insmod $MOD disable_reader="$1" || return 1
	t=0
	while [ $t -lt 60 ]; do
		v=$(dmesg | sed -n 's/.*rb_bench: \([0-9]*\) ns per entry.*/\1/p' | head -n 1)
		[ -n "$v" ] && break
		sleep 1
		t=$((t + 1))
	done
	rmmod rb_bench_wrap
	echo "${v:-nan}"
}

for mode in producer-only:1 producer-consumer:0; do
	i=0
	while [ $i -lt "$REPS" ]; do
		echo "@@BENCH b1-rb-${mode%:*} ns/entry $(one_round "${mode#*:}")"
		i=$((i + 1))
	done
done
