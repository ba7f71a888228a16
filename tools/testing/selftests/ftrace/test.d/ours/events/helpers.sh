# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/events cases (the event layer). Not a
# case itself: each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/events/helpers.sh"
# It brings in the core helpers too (fail, run_with_cleanup, the E_*
# error texts, expect_write_error, ...).
. "$FTRACETEST_ROOT/test.d/ours/core/helpers.sh"

# expect_append_error FILE VALUE ERRTEXT: appending VALUE to FILE (">>",
# so that set_event and set_event_pid are not cleared by the open) must
# fail with ERRTEXT, and FILE must read back as before.
expect_append_error() {
	_eae_before=$(cat "$1")
	if echo "$2" >> "$1" 2> "$TMPDIR/werr"; then
		fail "appending '$2' to $1 succeeded"
	fi
	grep -q "$3" "$TMPDIR/werr" ||
		fail "appending '$2' to $1: wanted '$3', got '$(cat "$TMPDIR/werr")'"
	[ "$(cat "$1")" = "$_eae_before" ] ||
		fail "$1 changed after appending '$2'"
}

# tree_events [SYSTEM]: "system:event" for every event that has an enable
# file under events/ (of the top level or of the instance we are in),
# sorted; only SYSTEM's if given. These are the events set_event accepts;
# the "ftrace" system has formats only and is left out this way.
tree_events() {
	for _te in events/${1:-*}/*/enable; do
		[ -f "$_te" ] || continue
		_te=${_te#events/}
		_te=${_te%/enable}
		echo "${_te%%/*}:${_te#*/}"
	done | sort
}

# wait_for COMMAND...: run COMMAND every 0.1 s until it succeeds, for up
# to 5 s; fails if it never does. For things kernel threads do on their
# own schedule, which a slow (emulated) machine may delay.
wait_for() {
	_wf=0
	until "$@"; do
		_wf=$((_wf + 1))
		[ $_wf -lt 50 ] || return 1
		sleep 0.1
	done
}

# nap: let other tasks run for a moment (a sleeping child: at least two
# context switches on this CPU).
nap() {
	sleep 0.1
}

# ---------------------------------------------------------------------------
# The sample module (samples/trace_events/ of this repository).
#
# Its events are in the system "sample_events"; writing N to its "fire"
# parameter runs N rounds of events in the writing task. The module is
# named trace-events-sample on both kernels, but only our kernel builds
# ours: the reference installs upstream's sample under the same name.
# load_sample_module therefore tries, in order, until "sample_events"
# appears:
#   1. $SAMPLE_EVENTS_KO, if set: insmod that file;
#   2. modprobe trace-events-sample (our kernel's own build);
#   3. insmod /lib/extmod/trace-events-sample.ko (ours built out of tree
#      against the running kernel, as tooling/ does for the reference).
# A module of that name without our events (upstream's) is unloaded again.
SAMPLE_SYS=events/sample_events
SAMPLE_MOD=trace_events_sample
SAMPLE_FIRE=/sys/module/$SAMPLE_MOD/parameters/fire
SAMPLE_KO_FALLBACK=/lib/extmod/trace-events-sample.ko

sample_loaded() {
	[ -d /sys/module/$SAMPLE_MOD ]
}

unload_sample_module() {
	if sample_loaded; then
		rmmod $SAMPLE_MOD
	fi
}

load_sample_module() {
	unload_sample_module
	if [ -n "${SAMPLE_EVENTS_KO:-}" ]; then
		insmod "$SAMPLE_EVENTS_KO" || fail "insmod $SAMPLE_EVENTS_KO"
	else
		modprobe trace-events-sample 2> /dev/null || true
		if [ ! -d $SAMPLE_SYS ]; then
			unload_sample_module
			[ -f $SAMPLE_KO_FALLBACK ] ||
				fail "no sample module (modprobe, $SAMPLE_KO_FALLBACK, \$SAMPLE_EVENTS_KO)"
			insmod $SAMPLE_KO_FALLBACK || fail "insmod $SAMPLE_KO_FALLBACK"
		fi
	fi
	[ -d $SAMPLE_SYS ] || fail "the loaded module has no $SAMPLE_SYS"
	[ -f $SAMPLE_FIRE ] || fail "the loaded module has no fire parameter"
}

# sample_fire N: run N rounds of the sample's events in this shell.
sample_fire() {
	echo "$1" > $SAMPLE_FIRE
}
