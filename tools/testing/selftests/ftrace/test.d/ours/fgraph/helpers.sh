# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/fgraph cases (the function_graph
# tracer). Not a case itself: each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/fgraph/helpers.sh"
# It brings the function tracer's helpers along (TOP, funcs, fail,
# run_with_cleanup, the E_* error texts).
. "$FTRACETEST_ROOT/test.d/ours/ftrace/helpers.sh"

# graph_for SECONDS: run function_graph that long on this array with some
# work going on; what it recorded ends up in $TMPDIR/trace.
graph_for() {
	echo > trace
	echo function_graph > current_tracer
	_gf_end=$(( $(date +%s) + $1 ))
	while [ "$(date +%s)" -lt "$_gf_end" ]; do
		ls / > /dev/null
		cat /proc/self/stat > /dev/null
		sleep 0.1
	done
	stop_tracing
}

# calls FILE: the call lines of a graph trace (leaf "f();", opening
# "f() {" and closing "}" lines), the columns before the tree cut off.
calls() {
	grep -v '^#' "$1" | grep -F '|  ' | sed -E 's/^.*\|  //' |
		grep -E '\(\);|\(\) \{$|^ *\}' || true
}

# leaves FILE: the names of the leaf calls ("name();") of a graph trace.
leaves() {
	calls "$1" | sed -nE 's/^ *([^ (]+)\(\);.*/\1/p'
}

# opened FILE: the names of the calls that open a block ("name() {").
opened() {
	calls "$1" | sed -nE 's/^ *([^ (]+)\(\) \{$/\1/p'
}
