# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/stack cases (the stack tracer). Not a
# case itself: each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/stack/helpers.sh"
# It brings the core helpers along (fail, run_with_cleanup,
# expect_write_error, the E_* error texts).
. "$FTRACETEST_ROOT/test.d/ours/core/helpers.sh"

STACK_SYSCTL=/proc/sys/kernel/stack_tracer_enabled

# stack_off_clean: the state every stack case starts from and leaves:
# tracer off, no filter, nothing measured.
stack_off_clean() {
	echo 0 > $STACK_SYSCTL
	echo > stack_trace_filter
	echo 0 > stack_max_size
}

# stack_work: something that goes through a good many kernel functions.
stack_work() {
	_sw=0
	while [ $_sw -lt 5 ]; do
		ls -R /sys/kernel/tracing/events > /dev/null
		( echo forked ) > /dev/null
		sleep 0.05
		_sw=$((_sw + 1))
	done
}

# stack_rows FILE: the frame lines of a copy of stack_trace.
stack_rows() {
	grep -E '^ *[0-9]+\) ' "$1" || true
}

# stack_tramp_rows: the rows of stdin, less those whose location is the
# bare address of a return into an ftrace trampoline. Neither kernel's %pS
# names a trampoline, and one is rightly on the stack when a traced call
# is made under the tracer's own callback: preempt_enable_notrace() at its
# end may schedule, with the trampoline's return still below. Trampolines
# are page-aligned allocations under a page long, so "inside" is "on the
# page of an ftrace_trampoline that /proc/kallsyms lists".
stack_tramp_rows() {
	sed -n 's/^\([0-9a-f]\{13\}\)000 t ftrace_trampoline	\[__builtin__ftrace\]$/\1/p' \
		/proc/kallsyms > $TMPDIR/tramp-pages
	while IFS= read -r _line; do
		_page=$(echo "$_line" |
			sed -nE 's/^[ 0-9]{3}\) [ 0-9]{8}   [ 0-9]{5}   0x([0-9a-f]{13})[0-9a-f]{3}$/\1/p')
		[ -n "$_page" ] && grep -qx "$_page" $TMPDIR/tramp-pages && continue
		echo "$_line"
	done
}

# stack_table_ok FILE: FILE (a copy of stack_trace) has the reference's
# layout: the two header lines, then as many frames as the header says,
# numbered from 0, each "N) depth size symbol+off/len" in the reference's
# columns, depths falling, each size the difference of two depths (the
# last one its own depth). Prints the first frame's depth.
stack_table_ok() {
	head -n 1 "$1" | grep -qE '^        Depth    Size   Location    \([0-9]+ entries\)$' ||
		fail "header: '$(head -n 1 "$1")'"
	[ "$(sed -n 2p "$1")" = "        -----    ----   --------" ] ||
		fail "second header line: '$(sed -n 2p "$1")'"
	_n=$(head -n 1 "$1" | sed -E 's/.*\(([0-9]+) entries\)$/\1/')
	[ "$(stack_rows "$1" | wc -l)" = "$_n" ] ||
		fail "header says $_n entries, $(stack_rows "$1" | wc -l) rows"
	[ "$_n" -gt 0 ] || fail "no frames"
	# columns: %3d) %8d   %5d   symbol; a bare address only inside a
	# trampoline (stack_tramp_rows)
	stack_rows "$1" | grep -vE '^[ 0-9]{3}\) [ 0-9]{8}   [ 0-9]{5}   [A-Za-z_.][^ ]*\+0x[0-9a-f]+/0x[0-9a-f]+( \[[^ ]+\])?$' |
		stack_tramp_rows | grep . >&2 &&
		fail "rows out of the reference's columns (on stderr above)"
	stack_rows "$1" | awk '
		{ sub(/\)/, "", $1); i = $1; d[i] = $2; s[i] = $3; n = i + 1 }
		END {
			for (i = 0; i < n; i++) {
				if (i == 0 && d[i] + 0 == 0) { print "depth 0"; exit 1 }
				want = (i + 1 < n) ? d[i] - d[i + 1] : d[i]
				if (s[i] != want) { print "row " i ": size " s[i] " != " want; exit 1 }
				if (i + 1 < n && d[i + 1] + 0 >= d[i] + 0) { print "row " i + 1 ": depth not falling"; exit 1 }
			}
		}' || fail "frames do not add up"
	stack_rows "$1" | head -n 1 | awk '{ print $2 }'
}

# stack_row0_func FILE: the function of frame 0 (the traced function).
stack_row0_func() {
	stack_rows "$1" | head -n 1 | awk '{ print $4 }' | sed 's/+.*//'
}
