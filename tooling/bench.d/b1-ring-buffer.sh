#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B1: upstream's ring_buffer_benchmark (built from the base tree for each
# kernel, see tooling/extmod/rb_bench_wrap.c), producer only and producer +
# consumer. Each repetition loads the module, waits for its first 10-second
# round to report "N ns per entry", and unloads it.
. /harness/benchlib.sh
REPS=${BENCH_REPS:-5}
MOD=/lib/extmod/rb_bench_wrap.ko

if [ ! -f $MOD ]; then
	bench_skip b1-rb-producer-only "no benchmark module"
	bench_skip b1-rb-producer-consumer "no benchmark module"
	exit 0
fi

# Upstream's benchmark module sometimes never finishes rmmod on either
# kernel (kthread_stop() waits on a producer that started a new round and
# waits on its consumer). rmmod runs in the background and gets
# RMMOD_WAIT seconds; after that the module cannot be loaded again, so
# the rounds left are reported as skipped rather than hang the bench.
# The hung-task detector would report such an rmmod as a kernel splat
# and fail the whole run: it is off while B1 runs.
RMMOD_WAIT=120
stuck=
HUNG=/proc/sys/kernel/hung_task_timeout_secs
hung_was=$(cat $HUNG 2> /dev/null)
[ -n "$hung_was" ] && echo 0 > $HUNG

# one_round DISABLE_READER: one load of the module; sets v to its figure
# ("" if none) and stuck if its rmmod did not finish.
one_round() {
	v=
	dmesg -c > /dev/null
	insmod $MOD disable_reader="$1" || return 1
	t=0
	while [ $t -lt 60 ]; do
		v=$(dmesg | sed -n 's/.*rb_bench: \([0-9]*\) ns per entry.*/\1/p' | head -n 1)
		[ -n "$v" ] && break
		sleep 1
		t=$((t + 1))
	done
	rmmod rb_bench_wrap > /dev/null 2>&1 &
	t=0
	while [ -d /sys/module/rb_bench_wrap ] && [ $t -lt $RMMOD_WAIT ]; do
		sleep 1
		t=$((t + 1))
	done
	if [ -d /sys/module/rb_bench_wrap ]; then
		stuck=1
	fi
}

for mode in producer-only:1 producer-consumer:0; do
	name=b1-rb-${mode%:*}
	i=0
	while [ $i -lt "$REPS" ]; do
		if [ -n "$stuck" ]; then
			bench_skip $name "rmmod of the benchmark module hung"
		else
			one_round "${mode#*:}"
			if [ -n "$v" ]; then
				bench_value $name ns/entry "$v"
			else
				bench_skip $name "no result within 60 s"
			fi
		fi
		i=$((i + 1))
	done
done
[ -n "$hung_was" ] && echo "$hung_was" > $HUNG
exit 0
