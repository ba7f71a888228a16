#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest side of the filter comparison (make compare, tier "filters"): a
# fixed table of event filter expressions, valid and invalid, over every
# field kind. For each row it prints
#   @@FILTER <n> <accept|reject> <errno-or-0> <digest>
#   @@FILTERTXT <n> <event> <expression>
#   @@FILTERRB <n> <the filter file as read back, newlines as \n>
# The digest is "rb<md5 of the readback>" and, for rows on the sample
# module's events, "-n<records>-c<md5 of the records>" for what the
# event recorded under a fixed workload: the module loaded afresh with
# ticker=0 (rounds numbered from 1), 12 rounds fired on CPU 0, then 12 on
# CPU 1; a record is its CPU and its text after the event name, which
# depend only on the round. sched and kmem rows are timing dependent:
# only the decision and the readback count there.
# Rows marked "known" are where we follow upstream's documentation and
# upstream's code does otherwise; they print @@FILTERDIV instead of
# @@FILTER, and the host lists them apart (tooling/compare.sh).
TR=/sys/kernel/tracing
FIRE=/sys/module/trace_events_sample/parameters/fire
cd $TR || exit 1
TAB=$(printf '\t')
NCPU=$(grep -c '^processor' /proc/cpuinfo)

# errno_of FILE: the errno of the shell's "write error: <text>" in FILE.
errno_of() {
	case $(cat "$1") in
	*"Invalid argument"*) echo 22 ;;
	*"Operation not permitted"*) echo 1 ;;
	*"No such file or directory"*) echo 2 ;;
	*"No such process"*) echo 3 ;;
	*"Cannot allocate memory"*) echo 12 ;;
	*"No such device"*) echo 19 ;;
	*) echo other ;;
	esac
}

# Our sample module (on the reference, ours is in /lib/extmod: upstream's
# own sample module has the same name), without its ticker.
load_sample() {
	rmmod trace_events_sample 2> /dev/null
	modprobe trace-events-sample ticker=0 2> /dev/null
	if [ ! -d events/sample_events/sample_word ]; then
		rmmod trace_events_sample 2> /dev/null
		insmod /lib/extmod/trace-events-sample.ko ticker=0 2> /dev/null
	fi
	[ -d events/sample_events/sample_word ]
}

# fire: 12 rounds on CPU 0, 12 on CPU 1 (or on CPU 0 again).
fire() {
	taskset -c 0 sh -c "echo 12 > $FIRE"
	taskset -c $((NCPU > 1 ? 1 : 0)) sh -c "echo 12 > $FIRE"
}

# records EVENT: "cpu text" of each EVENT line of trace.
records() {
	sed -n "s/^.*\[0*\([0-9][0-9]*\)\] [^ ]*  *[0-9.]*: $1: /\1 /p" trace
}

readback() {
	cat "$1" > /tmp/filter-rb
	printf 'rb%s' "$(md5sum < /tmp/filter-rb | cut -c1-12)"
}

# row N KIND TARGET EXPR
row() {
	n=$1 kind=$2 target=$3 expr=$4
	tag=@@FILTER
	case $kind in known-*) tag=@@FILTERDIV; kind=${kind#known-} ;; esac
	case $kind in
	sched|kmem|wakeup)
		file=events/$target/filter ;;
	event)
		load_sample || { echo "$tag $n skip 0 no-sample-module"; return; }
		file=events/sample_events/$target/filter
		echo 1 > events/sample_events/$target/enable ;;
	subsys)
		load_sample || { echo "$tag $n skip 0 no-sample-module"; return; }
		file=events/sample_events/filter
		echo 1 > events/sample_events/sample_tick/enable ;;
	esac
	if echo "$expr" > $file 2> /tmp/filter-err; then
		verdict="accept 0"
	else
		verdict="reject $(errno_of /tmp/filter-err)"
	fi
	digest=$(readback $file)
	cp /tmp/filter-rb /tmp/filter-rb-main
	case $kind in
	event|subsys)
		ev=$target
		[ $kind = subsys ] && ev=sample_tick
		echo > trace
		fire
		echo 0 > events/sample_events/$ev/enable
		records $ev > /tmp/filter-rec
		digest="$digest-n$(wc -l < /tmp/filter-rec)-c$(md5sum < /tmp/filter-rec | cut -c1-12)"
		# a subsystem write: what the event without the field reads
		[ $kind = subsys ] && digest="$digest-$(readback events/sample_events/$target/filter)"
		rmmod trace_events_sample ;;
	*)
		echo 0 > $file ;;
	esac
	echo "$tag $n $verdict $digest"
	echo "@@FILTERTXT $n $target $expr"
	printf '@@FILTERRB %s %s\n' $n "$(sed 's/$/\\n/' /tmp/filter-rb-main | tr -d '\n')"
}

echo 0 > events/enable
echo > trace
n=0
while IFS="$TAB" read -r kind target expr; do
	case $kind in ''|'#'*) continue ;; esac
	n=$((n + 1))
	row $n "$kind" "$target" "$expr"
done <<'EOF'
# kind	event	expression
sched	sched/sched_switch	prev_pid == 0
sched	sched/sched_switch	prev_pid != 0 && next_pid > 1
sched	sched/sched_switch	prev_prio < 120 || next_prio >= 120
sched	sched/sched_switch	prev_state & 2
sched	sched/sched_switch	prev_comm == "swapper/0"
sched	sched/sched_switch	next_comm ~ "kworker*"
sched	sched/sched_switch	prev_comm ~ "*sh"
sched	sched/sched_switch	next_comm ~ "*work*"
sched	sched/sched_switch	prev_comm ~ "s?app[a-z]r/[01]"
sched	sched/sched_switch	!(prev_pid == 0) && (next_comm != 'sh')
sched	sched/sched_switch	CPU == 0 || cpu == 1
sched	sched/sched_switch	cpu & CPUS{0-1}
sched	sched/sched_switch	common_pid >= 0 || COMM == "sh"
sched	sched/sched_switch	prev_pid == 0x10 || prev_pid == 010 || prev_pid == -1
sched	sched/sched_switch	  ((prev_pid < 5)) && !!(next_pid >= 0)  
sched	sched/sched_switch	no_such_field == 1
sched	sched/sched_switch	prev_pid == 1 &&
sched	sched/sched_switch	(prev_pid == 1
sched	sched/sched_switch	prev_pid == 1)
sched	sched/sched_switch	prev_pid = 1
sched	sched/sched_switch	prev_comm == 1
sched	sched/sched_switch	prev_pid == "a"
sched	sched/sched_switch	prev_comm < "a"
sched	sched/sched_switch	prev_pid == 99999999999999999999
sched	sched/sched_switch	prev_comm == "abc
sched	sched/sched_switch	prev_pid == 1 next_pid == 2
sched	sched/sched_switch	== 1
sched	sched/sched_switch	!
sched	sched/sched_switch	
sched	sched/sched_switch	()
sched	sched/sched_switch	prev_pid ~ 1
sched	sched/sched_switch	CPU == CPUS{
sched	sched/sched_switch	CPU & CPUS{99}
sched	sched/sched_switch	prev_pid.function == schedule
sched	sched/sched_switch	prev_pid == abc
sched	sched/sched_switch	prev_pid == 0123456789012345678901234
sched	sched/sched_switch	prev_pid == 1 & next_pid == 2
sched	sched/sched_switch	prev_pid == 1 ||| next_pid == 2
wakeup	sched/sched_wakeup	pid > 0 && target_cpu < 2
wakeup	sched/sched_wakeup	comm ~ "k*" || prio == 120
wakeup	sched/sched_wakeup	prev_pid == 0
kmem	kmem/kmem_cache_free	call_site.function == kmem_cache_free
kmem	kmem/kmem_cache_free	call_site.function != kfree
kmem	kmem/kmem_cache_free	call_site.function == no_such_function_xyz
kmem	kmem/kmem_cache_free	call_site.function < kfree
kmem	kmem/kmem_cache_free	ptr != 0 && call_site > 0
kmem	kmem/kmem_cache_free	name ~ "kmalloc*"
event	sample_tick	phase == 1
event	sample_tick	flags & 2 || phase == 2
event	sample_tick	count > 5 && count <= 17
event	sample_tick	count >= 0x4 && count < 020
event	sample_tick	flags == 4
event	sample_tick	who == "manual"
event	sample_tick	who ~ "man*"
event	sample_tick	who ~ "*ual"
event	sample_tick	who ~ "m?n[a-z]al"
event	sample_tick	who ~ "!manual"
event	sample_tick	who != "manual"
event	sample_tick	CPU == 1
event	sample_tick	cpu & CPUS{0}
event	sample_tick	comm == "sh"
event	sample_tick	stamp == 0x07000000 || stamp == 0x13000000
event	sample_tick	pos & 0xffff0000
event	sample_tick	who == manual
event	sample_tick	count ~ "1"
event	sample_tick	count == -1
event	sample_tick	!(count < 10) && !(who == 'x')
event	sample_word	delta < 0
event	sample_word	delta >= -1 && delta <= 1
event	sample_word	wide < -10000000070
event	sample_word	word ~ "*r*"
event	sample_word	word == "dune" || word == "fjord"
event	sample_word	word.ustring == "dune"
event	sample_rel	word ~ "[a-c]*"
event	sample_rel	word ~ "*r"
event	sample_arrays	cpus == CPUS{0-1}
event	sample_arrays	cpus & CPUS{1}
event	sample_arrays	cpus == CPUS{0}
event	sample_odd	count & 2
event	sample_phase_leave	!(phase == 0 || count & 1)
event	sample_phase_leave	phase == 2 && !(count & 1) || phase == 0 && count & 1
subsys	sample_heartbeat	common_pid != 1
known-subsys	sample_heartbeat	common_pid != 1 && count < 20
known-subsys	sample_heartbeat	count < 6
known-subsys	sample_heartbeat	no_such_field == 1
known-event	sample_tick	comm ~ "*h"
EOF
rmmod trace_events_sample 2> /dev/null
echo "filters: $n rows"
