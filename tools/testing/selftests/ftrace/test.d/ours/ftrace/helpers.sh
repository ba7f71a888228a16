# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/ftrace cases (function tracing). Not a
# case itself: each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/ftrace/helpers.sh"
# It brings the core helpers along (fail, run_with_cleanup,
# expect_write_fail, the E_* error texts).
. "$FTRACETEST_ROOT/test.d/ours/core/helpers.sh"

# The top-level directory, from the top level or from an instance (a case
# flagged "instance" runs again inside instances/<name>/).
if [ -f available_filter_functions ]; then
	TOP=.
else
	TOP=../..
fi

# funcs FILE: the function names of a listing (first word of each line,
# header lines and cached ":mod:" lines left out).
funcs() {
	grep -v -e '^#' -e ':mod:' "$1" | cut -f1 -d' ' || true
}

# fn_entries FILE: the function-entry lines of a trace ("func <-parent").
fn_entries() {
	grep -E '^ *[^#].*: [^ ]+ <-[^ ]+$' "$1" || true
}

# traced_names FILE: the traced functions of a trace, one per entry.
traced_names() {
	fn_entries "$1" | sed -E 's/.*: ([^ ]+) <-[^ ]+$/\1/'
}

# trace_for SECONDS: run the function tracer that long on this array, with
# some work going on, and keep what it recorded in $TMPDIR/trace (a new
# tracer, nop included, starts on an empty buffer).
trace_for() {
	echo > trace
	echo function > current_tracer
	_tf_end=$(( $(date +%s) + $1 ))
	while [ "$(date +%s)" -lt "$_tf_end" ]; do
		ls / > /dev/null
		sleep 0.1
	done
	stop_tracing
}

# stop_tracing: stop recording, keep trace in $TMPDIR/trace, back to nop.
stop_tracing() {
	echo 0 > tracing_on
	cat trace > $TMPDIR/trace
	echo nop > current_tracer
	echo 1 > tracing_on
}
