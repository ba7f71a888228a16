#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# B6: the cost of one hit of an empty BPF program. bpfprobe calls
# getppid() N times with nothing attached, then N times with the program
# attached where each call hits it once: on the syscall's tracepoint
# (a perf tracepoint event, sys_enter_getppid), on the raw tracepoint
# sys_enter (every syscall), and on the function getppid() calls,
# through a kprobe (the kprobe PMU), a kprobe_multi link and fentry (the
# BPF trampoline).
# The difference over N is the cost of one hit.
. /harness/benchlib.sh
REPS=${BENCH_REPS:-5}
N=${BPF_BENCH_N:-200000}
# getppid()'s one call out, in BTF (the syscall's wrapper is not)
FUNC=__task_pid_nr_ns

if [ ! -x /usr/bin/bpfprobe ] || [ ! -d /sys/kernel/btf ]; then
	for b in tp raw-tp kprobe kprobe-multi fentry; do
		bench_skip b6-bpf-$b "no bpfprobe or no BTF"
	done
	exit 0
fi
ulimit -l unlimited 2> /dev/null
# b6 NAME KIND TARGET: REPS figures of one hit
b6() {
	i=0
	while [ $i -lt "$REPS" ]; do
		out=$(bpfprobe bench "$2" "$3" "$N" 2>&1)
		v=$(echo "$out" | sed -n 's/^ns_per_hit \([-0-9.]*\) .*/\1/p')
		if [ -z "$v" ]; then
			bench_skip "b6-bpf-$1" "$(echo "$out" | tail -n 1)"
			return
		fi
		bench_value "b6-bpf-$1" ns/hit "$v"
		i=$((i + 1))
	done
}
b6 tp tp syscalls/sys_enter_getppid
b6 raw-tp raw_tp sys_enter
b6 kprobe kprobe $FUNC
b6 kprobe-multi kprobe_multi $FUNC
b6 fentry fentry $FUNC
