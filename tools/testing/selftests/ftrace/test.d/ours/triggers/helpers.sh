# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/triggers cases (event triggers). Not
# a case itself: each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/triggers/helpers.sh"
# It brings in the filter helpers (and through them the event and core
# ones).
. "$FTRACETEST_ROOT/test.d/ours/filter/helpers.sh"

# The event the cases hang triggers on: one fork of the shell fires it.
FORK=events/sched/sched_process_fork
T=$FORK/trigger

# fork_once: fire sched_process_fork once (a subshell is a fork).
fork_once() {
	( : )
}

# triggers_of FILE: the triggers FILE lists (nothing when it shows the
# "# Available triggers" help instead).
triggers_of() {
	grep -v '^#' "$1" || true
}

# clear_triggers FILE...: remove every trigger each FILE lists, the way
# ftracetest does it, with "!" and what the line starts with.
clear_triggers() {
	for _ct in "$@"; do
		triggers_of "$_ct" | while read -r _ct_line; do
			echo "!${_ct_line%% *}" >> "$_ct"
		done
	done
}

# set_trigger FILE LINE [READBACK]: LINE is accepted and FILE then lists
# READBACK (default LINE) first.
set_trigger() {
	echo "$2" >> "$1" 2> "$TMPDIR/terr" ||
		fail "'$2' refused by $1: $(cat "$TMPDIR/terr")"
	_st_first=$(triggers_of "$1" | head -n 1)
	[ "$_st_first" = "${3:-$2}" ] ||
		fail "$1 lists '$_st_first' after '$2', wanted '${3:-$2}'"
}

# refused_trigger FILE LINE ERRTEXT: LINE fails with ERRTEXT and FILE
# lists the same triggers as before.
refused_trigger() {
	_rt_before=$(cat "$1")
	if echo "$2" >> "$1" 2> "$TMPDIR/terr"; then
		fail "'$2' accepted by $1"
	fi
	grep -q "$3" "$TMPDIR/terr" ||
		fail "'$2': wanted '$3', got '$(cat "$TMPDIR/terr")'"
	[ "$(cat "$1")" = "$_rt_before" ] || fail "$1 changed after refusing '$2'"
}
