#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# T4: the BPF clients, Debian's bpftrace, bpftool and libbpf-tools (the
# archive vm.sh appends with CLIENTS=bpf). Each check runs a client with
# a workload beside it and asserts on the shape of what it printed: a
# count above zero, a histogram's buckets, the file a workload opened.
# A check whose client or kernel feature is missing reports SKIP (not
# counted); make compare runs the same checks on the reference.
result() { echo "@@RESULT t4 bpf/$1 $2"; }
cd /tmp || exit 1
export PATH=$PATH:/usr/sbin
BT=/usr/bin/bpftrace
if [ ! -x $BT ]; then
	echo "t4-bpf: no BPF clients in this guest (vm.sh CLIENTS=bpf)"
	exit 0
fi
mount -t bpf bpf /sys/fs/bpf 2> /dev/null
ulimit -l unlimited

# A workload that reads, opens, forks and switches for a few seconds.
busy() {
	i=0
	while [ $i -lt 40 ]; do
		# dd reads (busybox's cat sends the file with sendfile())
		dd if=/etc/passwd of=/dev/null bs=64 2> /dev/null
		cat /etc/hostname > /dev/null
		# an exec of a program of its own (busybox's applets may not exec)
		sysloop 10 > /dev/null
		i=$((i + 1))
		sleep 0.05
	done
}

# check NAME PATTERN SECONDS CMD...: run CMD (ended after SECONDS) beside
# the workload; PASS when its output matches the extended regex PATTERN.
check() {
	name=$1 pattern=$2 secs=$3
	shift 3
	busy &
	wpid=$!
	timeout "$secs" "$@" > /tmp/t4b.out 2>&1
	kill $wpid 2> /dev/null
	wait $wpid 2> /dev/null
	if grep -Eq "$pattern" /tmp/t4b.out; then
		result "$name" PASS
	else
		result "$name" FAIL
		echo "---- bpf/$name: output did not match '$pattern'"
		head -n 30 /tmp/t4b.out
	fi
}

# bpftrace: every probe type 0.17 has, each program type behind them.
# BEGIN is a uprobe on bpftrace itself (the uprobe PMU, KPROBE programs).
check begin '^hello$' 60 $BT -e 'BEGIN { printf("hello\n"); exit(); }'
check kprobe '^@reads: [1-9]' 60 \
	$BT -e 'kprobe:vfs_read { @reads = count(); } interval:s:2 { exit(); }'
check kretprobe-hist '^\[[0-9KM, ]+\) +[0-9]+ \|@+' 60 \
	$BT -e 'kretprobe:vfs_read { @ = hist(retval); } interval:s:2 { exit(); }'
# a wildcard: kprobe_multi where the kernel has it, else one per function
check kprobe-wildcard '^@\[kprobe:vfs_read\]: [1-9]' 90 \
	$BT -e 'kprobe:vfs_rea* { @[probe] = count(); } interval:s:2 { exit(); }'
check tracepoint-openat '^/etc/hostname$' 60 \
	$BT -e 'tracepoint:syscalls:sys_enter_openat { printf("%s\n", str(args->filename)); }'
check tracepoint-sched-switch '^@switches: [1-9]' 60 \
	$BT -e 'tracepoint:sched:sched_switch { @switches = count(); } interval:s:2 { exit(); }'
# kfunc/kretfunc: fentry/fexit through the BPF trampoline (direct calls)
check kfunc '^@calls: [1-9]' 60 \
	$BT -e 'kfunc:vfs_read { @calls = count(); } interval:s:2 { exit(); }'
check kretfunc-hist '^\[[0-9KM, ]+\) +[0-9]+ \|@+' 60 \
	$BT -e 'kretfunc:vfs_read { @ = hist(retval); } interval:s:2 { exit(); }'
# (the calls once bpftrace says it attaches, and a moment more)
check uprobe '^@u: [1-9]' 90 \
	sh -c "$BT -e 'uprobe:/usr/bin/utarget:utarget_fn { @u = count(); }' > /tmp/t4u.out 2>&1 & p=\$!; i=0; while ! grep -q Attaching /tmp/t4u.out && [ \$i -lt 60 ]; do sleep 1; i=\$((i + 1)); done; sleep 2; utarget call 20 x > /dev/null; sleep 1; kill -INT \$p; wait \$p; cat /tmp/t4u.out"
# profile: a perf software clock event per CPU (PERF_EVENT programs)
check profile '^@samples: [1-9]' 60 \
	$BT -e 'profile:hz:99 { @samples = count(); } interval:s:2 { exit(); }'
check interval '^tick$' 60 $BT -e 'interval:s:1 { printf("tick\n"); exit(); }'
# what the trace-cmd checks before may have left: a pid filter, the
# buffer off
T=/sys/kernel/tracing
echo > $T/set_event_pid
echo > $T/set_ftrace_pid
echo 0 > $T/events/enable
echo 1 > $T/tracing_on
# Loading a program that prints enables the event from a work item,
# which may run after BEGIN printed (on either kernel): enabled first.
echo 1 > $T/events/bpf_trace/bpf_trace_printk/enable
check printk-pipe 'bpf_trace_printk: from bpf' 60 \
	sh -c "cat /sys/kernel/tracing/trace_pipe > /tmp/t4b.pipe & c=\$!; sleep 1; $BT -e 'BEGIN { debugf(\"from bpf\"); exit(); }' > /dev/null 2>&1; sleep 2; kill \$c; cat /tmp/t4b.pipe"

# libbpf-tools: CO-RE programs against the kernel's BTF
check opensnoop '/etc/passwd' 30 opensnoop -d 3
# (interrupted, not killed: it prints what it buffered on its way out)
check execsnoop '^sysloop +[0-9]+ +[0-9]+ +0 ' 30 \
	sh -c 'execsnoop & p=$!; sleep 6; kill -INT $p; wait $p'
check runqlat 'usecs +: count +distribution' 30 runqlat 2 1
if [ -b /dev/vda ]; then
	check biolatency 'usecs +: count +distribution' 60 \
		sh -c 'biolatency 3 1 & p=$!; sleep 2; dd if=/dev/vda of=/dev/null bs=4k count=256 iflag=direct 2> /dev/null; wait $p'
else
	result biolatency SKIP
fi
check funclatency 'nsecs? +: count +distribution' 30 funclatency -d 3 vfs_read

# bpftool: what is attached, while bpftrace holds a kprobe and a
# tracepoint (perf events) and a kfunc (a tracing link)
$BT -e 'kprobe:vfs_read { @a = count(); } tracepoint:sched:sched_switch { @b = count(); } kfunc:vfs_write { @c = count(); }' > /dev/null 2>&1 &
bt=$!
sleep 8
check bpftool-prog-list '^[0-9]+: kprobe +name vfs_read' 30 bpftool prog list
check bpftool-perf-list 'kprobe +func vfs_read|tracepoint +sched_switch' 30 bpftool perf list
check bpftool-link-list '^[0-9]+: tracing ' 30 bpftool link list
kill -INT $bt 2> /dev/null
wait $bt 2> /dev/null
