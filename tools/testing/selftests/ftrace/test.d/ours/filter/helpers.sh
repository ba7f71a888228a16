# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/filter cases (event filters). Not a
# case itself: each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/filter/helpers.sh"
# It brings in the event helpers (and through them the core ones).
. "$FTRACETEST_ROOT/test.d/ours/events/helpers.sh"

E_PERM="Operation not permitted"
E_SRCH="No such process"

# The sample module without its ticker thread: only "fire" makes rounds,
# numbered from 1 after each load. Same search as load_sample_module.
load_quiet_sample() {
	unload_sample_module
	if [ -n "${SAMPLE_EVENTS_KO:-}" ]; then
		insmod "$SAMPLE_EVENTS_KO" ticker=0 || fail "insmod $SAMPLE_EVENTS_KO"
	else
		modprobe trace-events-sample ticker=0 2> /dev/null || true
		if [ ! -d $SAMPLE_SYS/sample_word ]; then
			unload_sample_module
			[ -f $SAMPLE_KO_FALLBACK ] || fail "no sample module with sample_word"
			insmod $SAMPLE_KO_FALLBACK ticker=0 || fail "insmod $SAMPLE_KO_FALLBACK"
		fi
	fi
	[ -d $SAMPLE_SYS/sample_word ] || fail "the loaded module has no sample_word"
	! grep -qx sample-ticker /proc/[0-9]*/comm 2> /dev/null ||
		fail "the sample ticker runs despite ticker=0"
}

# set_filter FILE EXPR: EXPR is accepted and FILE reads it back.
set_filter() {
	echo "$2" > "$1" 2> "$TMPDIR/ferr" ||
		fail "'$2' refused by $1: $(cat "$TMPDIR/ferr"); $(cat "$1")"
	[ "$(cat "$1")" = "$2" ] || fail "$1 reads '$(cat "$1")' after '$2'"
}

# expect_refused FILE EXPR ERRTEXT: writing EXPR fails with ERRTEXT. (echo,
# not printf: busybox's printf does not report a failed write.)
expect_refused() {
	if echo "$2" > "$1" 2> "$TMPDIR/ferr"; then
		fail "'$2' accepted by $1"
	fi
	grep -q "$3" "$TMPDIR/ferr" ||
		fail "'$2': wanted '$3', got '$(cat "$TMPDIR/ferr")'"
}

# caret_line COL: COL spaces and a caret.
caret_line() {
	printf "%$(($1 + 1))s\n" "^"
}

# rounds_of EVENT FILE: "round cpu" of each EVENT line of FILE.
rounds_of() {
	sed -n "s/.*\[0*\([0-9][0-9]*\)\] .* $1: count=\([0-9]*\).*/\2 \1/p" "$2"
}
