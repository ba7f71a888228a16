# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/latency cases (irqsoff, preemptoff,
# preemptirqsoff and the preemptirq events). Not a case itself: each case
# sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/latency/helpers.sh"
# It brings the core helpers along (fail, run_with_cleanup, the E_*
# error texts).
. "$FTRACETEST_ROOT/test.d/ours/core/helpers.sh"

MOD=preemptirq_delay_test

# need_delay_module: the case is unresolved without the module.
need_delay_module() {
	modprobe $MOD test_mode=irq delay=1 || {
		echo "$MOD not available"
		exit_unresolved
	}
	rmmod $MOD
}

# delay_section MODE USECS [BURST]: BURST (default 1) sections of USECS
# with MODE (irq, preempt) off, on CPU 0. The sections are over when
# modprobe returns; unloading makes sections of its own on a busy host
# (see LONG below), and with a threshold set the last one over it is the
# one kept: the tracer keeps nothing while the module unloads.
delay_section() {
	# (late_wakeup leaves it loaded with its own parameters)
	rmmod $MOD 2> /dev/null || true
	modprobe $MOD test_mode="$1" delay="$2" burst_size="${3:-1}" cpu_affinity=0 ||
		fail "modprobe $MOD test_mode=$1 delay=$2"
	_ds_on=$(cat tracing_on)
	echo 0 > tracing_on
	rmmod $MOD || fail "rmmod $MOD"
	[ "$_ds_on" = 0 ] || echo 1 > tracing_on
}

# settle: a section is only kept if no other CPU kept one while it ran
# (upstream checks the same). Right after the tracer starts or the
# maximum is reset, the other CPU's own short sections are new maxima
# one after the other; a second lets them reach their usual length, and
# upstream's irqsoff_tracer.tc waits the same.
settle() {
	sleep 1
}

# max_usecs: tracing_max_latency as a number.
max_usecs() {
	cat tracing_max_latency
}

# option_on NAME: 1 if trace_options has NAME set, else 0.
option_on() {
	if grep -qx "$1" trace_options; then echo 1; else echo 0; fi
}

# latency_reset: back to nop, thresholds off, the options the way every
# case starts with (function-trace on, display-graph off).
latency_reset() {
	echo nop > current_tracer
	echo 0 > tracing_thresh
	echo 0 > tracing_max_latency
	echo 1 > options/function-trace 2> /dev/null || true
	echo 0 > options/display-graph 2> /dev/null || true
	rmmod $MOD 2> /dev/null || true
}

# The sections the cases make, in usecs. The system's own sections are
# noise: the reference keeps some of 200-290 ms around loading and
# unloading the module under a loaded host, so the module's are longer
# (upstream's irqsoff_tracer.tc uses 500 ms for the same reason), and the
# threshold sits between the noise and the shorter of them. Under the
# heaviest load (make check beside other guests) a vCPU stalled by the
# host stretches any section, up to a second and more: the checks below
# that compare two lengths try up to three times, and none asks for a
# length to stay below a bound.
LONG=800000
SHORT=450000
THRESH=350000
NEVER=10000000

# hold / release: while tracing_on is off the tracer keeps nothing, so a
# section kept and read in between is the one just made.
hold() {
	echo 0 > tracing_on
}

release() {
	echo 1 > tracing_on
}

# measure TRACER MODE: TRACER measures a section of MODE made by the
# delay module at its real length, shows it in trace under the latency
# header, never lowers the maximum for a shorter one, and after a reset
# keeps a shorter one. The module's sections come two in a row, in case
# another CPU's new maximum discards one.
measure() {
	echo "$1" > current_tracer
	keep_section "$2" $LONG
	max=$(max_usecs)
	cat trace > "$TMPDIR/trace"
	release
	head -n 1 "$TMPDIR/trace" | grep -qx "# tracer: $1" || fail "trace names no $1"
	grep -q "^# $1 latency trace v1.1.5 on " "$TMPDIR/trace" || fail "no latency trace line"
	hdr=$(sed -n 's/^# latency: \([0-9]*\) us,.*/\1/p' "$TMPDIR/trace")
	[ "$hdr" = "$max" ] || fail "header latency '$hdr' us, max $max us"
	grep -qE '^# latency: [0-9]+ us, #[0-9]+/[0-9]+, CPU#0 \| \(M:[a-z_]+ VP:0, KP:0, SP:0 HP:0 #P:[0-9]+\)$' \
		"$TMPDIR/trace" || fail "latency line: $(grep '^# latency' "$TMPDIR/trace")"
	grep -qE "^#    \| task: ${2}_test-[0-9]+ \(uid:0 nice:0 policy:0 rt_prio:0\)$" \
		"$TMPDIR/trace" || fail "task line: $(grep '^#    | task' "$TMPDIR/trace")"
	grep -q '^#  => started at: ' "$TMPDIR/trace" || fail "no started at"
	grep -q '^#  => ended at:   ' "$TMPDIR/trace" || fail "no ended at"
	grep -qE '[0-9]+us : <stack trace>$' "$TMPDIR/trace" || fail "no stack trace entry"
	# A shorter section is no new maximum: the maximum never goes down.
	delay_section "$2" 2000
	[ "$(max_usecs)" -ge "$max" ] || fail "shorter section lowered the max ($max -> $(max_usecs))"
	# 0 starts the search afresh: a shorter section is kept now. (A try
	# is lost when another CPU's new maximum discards both sections, or
	# a host stall stretches the system's own section past them.)
	for try in 1 2 3; do
		hold
		echo 0 > tracing_max_latency
		[ "$(max_usecs)" = 0 ] || fail "max $(max_usecs) after reset"
		release
		settle
		delay_section "$2" $SHORT 2
		new=$(max_usecs)
		[ "$new" -ge $SHORT ] && [ "$new" -lt "$max" ] && break
	done
	[ "$new" -ge $SHORT ] || fail "after reset: $SHORT us kept as $new, three times"
	[ "$new" -lt "$max" ] || fail "after reset: max $new (was $max), three times"
	echo nop > current_tracer
}

# keep_section MODE USECS: the current tracer keeps a section of MODE of
# USECS (it may lose one to another CPU's new maximum: three tries,
# each from a fresh maximum); the maximum is then held (tracing_on 0).
keep_section() {
	for try in 1 2 3; do
		hold
		echo 0 > tracing_max_latency
		release
		settle
		delay_section "$1" "$2" 2
		hold
		[ "$(max_usecs)" -ge "$2" ] && return 0
	done
	fail "$(cat current_tracer): $2 us of $1 off measured as $(max_usecs) us, three times"
}

# threshold TRACER MODE: with tracing_thresh above a section nothing is
# kept; with it below, each section over it is, even a shorter one. The
# threshold is set before the tracer starts: until then every section
# would be a new maximum.
threshold() {
	echo $NEVER > tracing_thresh
	echo "$1" > current_tracer
	delay_section "$2" $LONG
	[ "$(max_usecs)" = 0 ] || fail "$1: kept $(max_usecs) us under a $NEVER us threshold"
	echo $THRESH > tracing_thresh
	# (a system section over the threshold, stretched by a host stall,
	# can be the last one kept: such a try is tried again)
	for try in 1 2 3; do
		delay_section "$2" $LONG 2
		first=$(max_usecs)
		delay_section "$2" $SHORT 2
		second=$(max_usecs)
		[ "$first" -ge $LONG ] && [ "$second" -ge $SHORT ] &&
			[ "$second" -lt "$first" ] && break
	done
	[ "$first" -ge $LONG ] ||
		fail "$1: $LONG us over a $THRESH us threshold kept as $first, three times"
	[ "$second" -ge $SHORT ] ||
		fail "$1: $SHORT us over the threshold kept as $second, three times"
	[ "$second" -lt "$first" ] ||
		fail "$1: a shorter section over the threshold not kept ($first then $second), three times"
	echo 0 > tracing_thresh
	echo nop > current_tracer
}

# ---- the wakeup tracers ----
#
# A window of known length: a task that sleeps on CPU 0 is woken there
# (by the timer interrupt) while the delay module holds preemption off
# on that CPU, so it runs only when the section ends. The waker is the
# module's thread (prio 120): the woken task must be of higher priority
# for the tracers to time it. WAKE_SECTION is the section, the sleeper
# wakes WAKE_AFTER into its sleep, the section starts about 0.1 s into
# it (the module's trigger, not a load: a load under a busy host can
# take longer than the sleep); WAKE_MIN is what a check asks for at
# least. The module stays loaded with these parameters.
WAKE_SECTION=1500000
WAKE_AFTER=0.5
WAKE_MIN=400000
WAKE_TRIGGER=/sys/kernel/$MOD/trigger

# late_wakeup [-n NICE] PREFIX...: run "PREFIX... sleep $WAKE_AFTER" on
# CPU 0 in the background (at nice NICE: renice, the initramfs has no
# nice) and make the section; sets WOKEN to its pid.
late_wakeup() {
	_lw_nice=
	if [ "$1" = -n ]; then
		_lw_nice=$2
		shift 2
	fi
	# (loading runs one section already, before the sleeper starts)
	[ -e $WAKE_TRIGGER ] ||
		modprobe $MOD test_mode=preempt delay=$WAKE_SECTION cpu_affinity=0 ||
		fail "modprobe $MOD test_mode=preempt delay=$WAKE_SECTION"
	taskset -c 0 "$@" sleep $WAKE_AFTER &
	WOKEN=$!
	[ -z "$_lw_nice" ] || renice -n "$_lw_nice" -p $WOKEN > /dev/null ||
		fail "renice $WOKEN"
	# Asleep before the section starts. A fixed pause is not enough on
	# a debug kernel under emulation: the three execs can take longer,
	# and the section then holds the sleeper back from even starting its
	# sleep. Wait, with shell builtins only (a fork would cost as much),
	# until the last exec is done and the task sleeps.
	_lw_n=0
	while [ $_lw_n -lt 100000 ]; do
		_lw_comm=
		read -r _lw_comm 2> /dev/null < /proc/$WOKEN/comm || break
		if [ "$_lw_comm" = sleep ]; then
			_lw_state=
			while read -r _lw_k _lw_state _lw_rest; do
				[ "$_lw_k" = State: ] && break
			done < /proc/$WOKEN/status
			[ "$_lw_state" = S ] && break
		fi
		_lw_n=$((_lw_n + 1))
	done
	echo 1 > $WAKE_TRIGGER || fail "$WAKE_TRIGGER"
	wait $WOKEN || fail "'$* sleep $WAKE_AFTER' failed"
}

# kept_task: the "| task: comm-pid (...)" part of the latency header.
kept_task() {
	sed -n 's/^#    | task: \(.*\)$/\1/p' trace
}

# wakeup_header TRACER MAX: trace shows the kept window of TRACER under
# the latency header, its latency MAX us, with the wakeup and switch
# lines of the task woken.
wakeup_header() {
	cat trace > "$TMPDIR/trace"
	head -n 1 "$TMPDIR/trace" | grep -qx "# tracer: $1" || fail "trace names no $1"
	grep -q "^# $1 latency trace v1.1.5 on " "$TMPDIR/trace" || fail "no latency trace line"
	hdr=$(sed -n 's/^# latency: \([0-9]*\) us,.*/\1/p' "$TMPDIR/trace")
	[ "$hdr" = "$2" ] || fail "header latency '$hdr' us, max $2 us"
	grep -qE '^# latency: [0-9]+ us, #[0-9]+/[0-9]+, CPU#[0-9]+ \| \(M:[a-z_]+ VP:0, KP:0, SP:0 HP:0 #P:[0-9]+\)$' \
		"$TMPDIR/trace" || fail "latency line: $(grep '^# latency' "$TMPDIR/trace")"
	# no critical section: no "started at"
	! grep -q '=> started at:' "$TMPDIR/trace" || fail "a wakeup has no 'started at'"
	# (with function-trace the wakeup may have been overwritten since)
	if [ "$(option_on function-trace)" = 0 ]; then
		grep -qE ' +[0-9]+: *[0-9]+:[A-Z]   [+] [[][0-9]{3}[]] +[0-9]+: *[0-9]+:[A-Z] ' "$TMPDIR/trace" ||
			fail "no wakeup (+) line"
	fi
	grep -qE ' +[0-9]+: *[0-9]+:[A-Z] ==> [[][0-9]{3}[]] +[0-9]+: *[0-9]+:[A-Z] ' "$TMPDIR/trace" ||
		fail "no switch (==>) line"
	grep -qE '[0-9]+us : <stack trace>$' "$TMPDIR/trace" || fail "no stack trace entry"
}

# wakeup_measure TRACER [-n NICE] PREFIX...: TRACER times "PREFIX... sleep" woken
# late, at least WAKE_MIN us, names it in the header with the switch to
# it; sets MAX. Three tries: another task's longer window may come first,
# or a stalled vCPU may start the section after the wakeup.
wakeup_measure() {
	_wm_tracer=$1
	shift
	# A CPU stopper (migration/N, above every RT priority) woken while
	# the section holds CPU 0 is the right answer for the tracer and
	# hides ours; a slow (debug) kernel wakes one in most sections, so
	# such a try does not count.
	tries=0
	stopped=0
	while [ $tries -lt 3 ] && [ $stopped -lt 6 ]; do
		hold
		echo 0 > tracing_max_latency
		release
		late_wakeup "$@"
		hold
		MAX=$(max_usecs)
		task=$(kept_task)
		release
		case "$task" in
		"sleep-$WOKEN "*) [ "$MAX" -ge $WAKE_MIN ] && break ;;
		"migration/"*) stopped=$((stopped + 1)); continue ;;
		esac
		tries=$((tries + 1))
	done
	case "$task" in
	"sleep-$WOKEN "*) ;;
	*) fail "$_wm_tracer: kept task '$task', not sleep-$WOKEN ($tries tries, $stopped lost to a CPU stopper)" ;;
	esac
	[ "$MAX" -ge $WAKE_MIN ] ||
		fail "$_wm_tracer: a wakeup held back by a $WAKE_SECTION us section measured as $MAX us, three times"
	hold
	wakeup_header "$_wm_tracer" "$MAX"
	# (display-graph prints it as a comment)
	grep -qE "==> [[]000[]] +$WOKEN: *[0-9]+:[A-Z] sleep( [*]/)?$" "$TMPDIR/trace" ||
		fail "no switch to sleep-$WOKEN: $(grep '==>' "$TMPDIR/trace")"
	release
}

# wakeup_not_kept TRACER [-n NICE] PREFIX...: TRACER does not time
# "PREFIX... sleep".
wakeup_not_kept() {
	_wn_tracer=$1
	shift
	hold
	echo 0 > tracing_max_latency
	release
	late_wakeup "$@"
	hold
	case "$(kept_task)" in
	"sleep-$WOKEN "*) fail "$_wn_tracer timed '$*': $(kept_task)" ;;
	esac
	release
}
