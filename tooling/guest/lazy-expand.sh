#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Lazy expansion of the top-level buffer, one trigger per boot: the top
# level expands only once, and ftracetest resets the tracer (which expands
# it) before every case, so this cannot be an ftracetest case.
# tooling/lazy.sh boots one guest per BOOT line below, with
# harness.lazy=NAME and the boot options after the name; each boot prints
# "@@RESULT lazy NAME-CHECK STATUS" lines. The same script runs on the
# reference, whose behaviour it describes.
#
# BOOT: current_tracer trace_buf_size=64k
# BOOT: event-enable trace_instance=lz
# BOOT: system-enable
# BOOT: set_event
# BOOT: set_event_pid
# BOOT: buffer_size_kb trace_buf_size=1
# BOOT: per_cpu-buffer_size_kb
# BOOT: snapshot
# BOOT: free_buffer
# BOOT: trace_printk
# BOOT: boot-trace_event trace_event=sched:sched_switch
# BOOT: boot-alloc_snapshot alloc_snapshot
TR=/sys/kernel/tracing
cd $TR || exit 1

NAME=$(sed -n 's/.*harness\.lazy=\([^ ]*\).*/\1/p' /proc/cmdline)
STATUS=PASS
result() { echo "@@RESULT lazy $NAME-$1 $2"; }
# bad WHAT: one check of the current step failed
bad() { echo "  $NAME: $*"; STATUS=FAIL; }
step_end() { result "$1" $STATUS; STATUS=PASS; }

# The size buffer_size_kb reads for a request of $1 bytes per CPU: whole
# sub-buffers of CAP data bytes (a sub-buffer less its header, whose size
# events/header_page gives as the offset of "data"), at least two.
HDR=$(sed -n 's/.*field: char data;[[:space:]]*offset:\([0-9]*\);.*/\1/p' events/header_page)
CAP=$(( $(cat buffer_subbuf_size_kb) * 1024 - HDR ))
rounded_kb() {
	_n=$(( ($1 + CAP - 1) / CAP ))
	[ $_n -ge 2 ] || _n=2
	echo $(( _n * CAP / 1024 ))
}

# trace_buf_size= (memparse suffixes), at least a page; 1408 KiB if absent.
boot_buf_size() {
	_v=$(sed -n 's/.*trace_buf_size=\([^ ]*\).*/\1/p' /proc/cmdline)
	case $_v in
	'') echo 1441792; return ;;
	*[kK]) _v=$(( ${_v%?} * 1024 )) ;;
	*[mM]) _v=$(( ${_v%?} * 1024 * 1024 )) ;;
	*[gG]) _v=$(( ${_v%?} * 1024 * 1024 * 1024 )) ;;
	esac
	[ "$_v" -ge 4096 ] || _v=4096
	echo "$_v"
}
FULL=$(boot_buf_size)
NCPU=$(ls -d per_cpu/cpu* | wc -l)
SMALL=$(rounded_kb 1)

# expect_sizes ALL TOTAL CPU0 CPU1... : what the three files read now.
expect_sizes() {
	_want_all=$1
	_want_total=$2
	shift 2
	[ "$(cat buffer_size_kb)" = "$_want_all" ] ||
		bad "buffer_size_kb '$(cat buffer_size_kb)', wanted '$_want_all'"
	[ "$(cat buffer_total_size_kb)" = "$_want_total" ] ||
		bad "buffer_total_size_kb '$(cat buffer_total_size_kb)', wanted '$_want_total'"
	_c=0
	for _w in "$@"; do
		[ "$(cat per_cpu/cpu$_c/buffer_size_kb)" = "$_w" ] ||
			bad "cpu$_c buffer_size_kb '$(cat per_cpu/cpu$_c/buffer_size_kb)', wanted '$_w'"
		_c=$((_c + 1))
	done
}
# each_cpu VALUE: VALUE once per CPU
each_cpu() {
	_i=0
	while [ $_i -lt "$NCPU" ]; do
		printf '%s ' "$1"
		_i=$((_i + 1))
	done
}
expect_small() {
	# shellcheck disable=SC2046 # one word per CPU
	expect_sizes "$SMALL (expanded: $((FULL >> 10)))" \
		"$((NCPU * SMALL)) (expanded: $((NCPU * (FULL >> 10))))" \
		$(each_cpu "$SMALL")
}
expect_full() {
	_f=$(rounded_kb "$FULL")
	# shellcheck disable=SC2046
	expect_sizes "$_f" "$((NCPU * _f))" $(each_cpu "$_f")
}

# 1. Right after boot: the least buffer (two sub-buffers per CPU) unless a
# boot option asked for tracing; the default saved_cmdlines_size.
case $NAME in
boot-*) expect_full ;;
*) expect_small ;;
esac
[ "$(cat saved_cmdlines_size)" = 6552 ] ||
	bad "saved_cmdlines_size '$(cat saved_cmdlines_size)' at boot, wanted 6552"
step_end boot

# 2. What does not start tracing leaves the buffer small. Each operation
# is checked on its own so that a failure names it.
quiet() {
	_what=$1
	shift
	"$@" > /dev/null 2>&1
	[ "$_what" = trace_clock ] || grep -q 'tracing_mark_write: lz-before$' trace ||
		bad "the first marker is gone after '$_what'"
	case $(cat buffer_size_kb) in
	*expanded*) ;;
	*) bad "'$_what' expanded the buffer: $(cat buffer_size_kb)"; expect_small ;;
	esac
}
if [ "${NAME#boot-}" = "$NAME" ]; then
	# (a new clock empties the buffer: before the first marker)
	quiet "trace_clock" sh -c 'echo global > trace_clock; echo local > trace_clock'
	quiet "trace_marker" sh -c 'echo lz-before > trace_marker'
	quiet "trace_marker_raw" sh -c "printf '\\001\\000\\000\\000raw' > trace_marker_raw"
	quiet "enable 2" sh -c 'echo 2 > events/sched/sched_switch/enable'
	quiet "enable x" sh -c 'echo x > events/sched/sched_switch/enable'
	quiet "system enable x" sh -c 'echo x > events/sched/enable'
	quiet "set_event opened, not written" sh -c ': > set_event'
	quiet "buffer_size_kb 0" sh -c 'echo 0 > buffer_size_kb'
	quiet "buffer_size_kb x" sh -c 'echo x > buffer_size_kb'
	quiet "tracing_on" sh -c 'echo 0 > tracing_on; echo 1 > tracing_on'
	quiet "trace_options" sh -c 'echo nooverwrite > trace_options; echo overwrite > trace_options'
	quiet "options/ file" sh -c 'echo 1 > options/record-tgid; echo 0 > options/record-tgid'
	quiet "tracing_cpumask" sh -c 'echo 1 > tracing_cpumask; echo 3 > tracing_cpumask'
	quiet "buffer_percent" sh -c 'echo 10 > buffer_percent; echo 50 > buffer_percent'
	quiet "saved_cmdlines_size" sh -c 'echo 10 > saved_cmdlines_size; echo 128 > saved_cmdlines_size'
	quiet "event filter" sh -c "echo 'prev_pid==1' > events/sched/sched_switch/filter; echo 0 > events/sched/sched_switch/filter"
	quiet "reading trace" sh -c 'cat trace; cat per_cpu/cpu0/trace; cat per_cpu/cpu0/stats'
	quiet "instance" sh -c 'mkdir instances/lz2 && echo 1 > instances/lz2/events/sched/sched_switch/enable && rmdir instances/lz2'
	# An instance is made at full size, trace_instance= ones included.
	mkdir instances/lz3
	_f=$(rounded_kb "$FULL")
	[ "$(cat instances/lz3/buffer_size_kb)" = "$_f" ] ||
		bad "new instance buffer_size_kb '$(cat instances/lz3/buffer_size_kb)', wanted '$_f'"
	rmdir instances/lz3
	if [ -d instances/lz ]; then
		[ "$(cat instances/lz/buffer_size_kb)" = "$_f" ] ||
			bad "trace_instance= buffer_size_kb '$(cat instances/lz/buffer_size_kb)', wanted '$_f'"
	fi
	expect_small
	step_end untouched
fi

# 3. The trigger, on CPU 0, while CPU 1 writes markers.
race_writer() {
	rm -f /tmp/lzfail
	taskset -c 1 sh -c '
		i=0
		while [ $i -lt 60 ]; do
			i=$((i + 1))
			echo "lz-race $i" > trace_marker 2> /dev/null || echo $i >> /tmp/lzfail
		done' &
	RACE=$!
}
on_cpu0() { taskset -c 0 sh -c "$1"; }

race_writer
case $NAME in
current_tracer)
	# Even a name that is no tracer (EINVAL) expands, as the reference does.
	on_cpu0 'echo nosuch > current_tracer' 2> /dev/null && bad "'nosuch' tracer accepted"
	on_cpu0 'echo nop > current_tracer' || bad "nop refused" ;;
event-enable)
	on_cpu0 'echo 1 > events/sched/sched_switch/enable' || bad "enable refused" ;;
system-enable)
	on_cpu0 'echo 0 > events/sched/enable' || bad "system enable 0 refused" ;;
set_event)
	on_cpu0 'echo sched:sched_switch > set_event' || bad "set_event refused" ;;
set_event_pid)
	on_cpu0 'echo 1 > set_event_pid' || bad "set_event_pid refused" ;;
buffer_size_kb)
	on_cpu0 'echo 100 > buffer_size_kb' || bad "buffer_size_kb refused" ;;
per_cpu-buffer_size_kb)
	on_cpu0 'echo 100 > per_cpu/cpu0/buffer_size_kb' || bad "per_cpu size refused" ;;
snapshot)
	on_cpu0 'echo 1 > snapshot' || bad "snapshot refused" ;;
free_buffer)
	on_cpu0 'echo 1 > free_buffer' || bad "free_buffer refused" ;;
trace_printk)
	# Loading a module that calls trace_printk() expands, before its
	# init function prints.
	on_cpu0 'modprobe trace-printk' || bad "modprobe trace-printk failed" ;;
esac
wait $RACE
[ "$NAME" = free_buffer ] || [ "$NAME" = per_cpu-buffer_size_kb ] ||
	[ "$NAME" = buffer_size_kb ] || expect_full
case $NAME in
buffer_size_kb)
	_s=$(rounded_kb 102400)
	# shellcheck disable=SC2046
	expect_sizes "$_s" "$((NCPU * _s))" $(each_cpu "$_s") ;;
per_cpu-buffer_size_kb)
	_s=$(rounded_kb 102400)
	expect_sizes X "$((_s + (NCPU - 1) * SMALL))" "$_s" "$SMALL" ;;
free_buffer)
	# shellcheck disable=SC2046
	expect_sizes "$SMALL" "$((NCPU * SMALL))" $(each_cpu "$SMALL") ;;
esac
step_end trigger

# 4. Nothing recorded was lost or damaged: the marker from before, and
# every race marker whose write succeeded, exactly once; a write the
# buffer refused (during the instant of a resize) failed visibly.
if [ "$NAME" != free_buffer ]; then
	cat trace > /tmp/lztrace
	# A snapshot swapped what came before into the snapshot buffer.
	[ "$NAME" = snapshot ] && cat snapshot >> /tmp/lztrace
	if [ "${NAME#boot-}" = "$NAME" ]; then
		grep -q 'tracing_mark_write: lz-before$' /tmp/lztrace ||
			bad "the marker written before the expansion is gone"
	fi
	failed=$(cat /tmp/lzfail 2> /dev/null | wc -l)
	i=0
	while [ $i -lt 60 ]; do
		i=$((i + 1))
		n=$(grep -c "tracing_mark_write: lz-race $i\$" /tmp/lztrace)
		if grep -qx $i /tmp/lzfail 2> /dev/null; then
			[ "$n" = 0 ] || bad "race marker $i failed but is in the trace"
		else
			[ "$n" = 1 ] || bad "race marker $i written, found $n times"
		fi
	done
	echo "  $NAME: $failed of 60 racing markers refused"
	case $NAME in
	event-enable|set_event)
		grep -q 'sched_switch: ' /tmp/lztrace || bad "no sched_switch recorded" ;;
	trace_printk)
		grep -q 'This is a static string that will use trace_bputs' /tmp/lztrace ||
			bad "the module's trace_printk() lines are missing" ;;
	esac
	step_end kept
fi
exit 0
