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
# with MODE (irq, preempt) off, on CPU 0.
delay_section() {
	modprobe $MOD test_mode="$1" delay="$2" burst_size="${3:-1}" cpu_affinity=0 ||
		fail "modprobe $MOD test_mode=$1 delay=$2"
	rmmod $MOD || fail "rmmod $MOD"
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
# case starts with.
latency_reset() {
	echo nop > current_tracer
	echo 0 > tracing_thresh
	echo 0 > tracing_max_latency
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
	settle
	delay_section "$2" $LONG 2
	hold
	max=$(max_usecs)
	[ "$max" -ge $LONG ] || fail "$1: $LONG us of $2 off measured as $max us"
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
	# 0 starts the search afresh: a shorter section is kept now.
	for try in 1 2 3; do
		hold
		echo 0 > tracing_max_latency
		[ "$(max_usecs)" = 0 ] || fail "max $(max_usecs) after reset"
		release
		settle
		delay_section "$2" $SHORT 2
		new=$(max_usecs)
		[ "$new" -ge $SHORT ] || fail "after reset: $SHORT us kept as $new"
		[ "$new" -lt "$max" ] && break
	done
	[ "$new" -lt "$max" ] || fail "after reset: max $new (was $max), three times"
	echo nop > current_tracer
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
	for try in 1 2 3; do
		delay_section "$2" $LONG 2
		first=$(max_usecs)
		[ "$first" -ge $LONG ] || fail "$1: $LONG us over a $THRESH us threshold kept as $first"
		delay_section "$2" $SHORT 2
		second=$(max_usecs)
		[ "$second" -ge $SHORT ] || fail "$1: $SHORT us over the threshold kept as $second"
		[ "$second" -lt "$first" ] && break
	done
	[ "$second" -lt "$first" ] ||
		fail "$1: a shorter section over the threshold not kept ($first then $second), three times"
	echo 0 > tracing_thresh
	echo nop > current_tracer
}
