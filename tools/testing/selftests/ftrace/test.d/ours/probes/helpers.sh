# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/probes cases (probe events). Not a
# case itself: each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/probes/helpers.sh"
# It brings in the event helpers too (and through them the core ones).
. "$FTRACETEST_ROOT/test.d/ours/events/helpers.sh"

# clear_probes: no probe event left, nothing enabled, an empty error_log.
clear_probes() {
	echo 0 > events/enable
	echo > dynamic_events
	echo > error_log
	echo > trace
}

# probe_err COMMAND FILE: COMMAND written to FILE must fail, and its
# error_log entry must show COMMAND with the caret under the column that
# the "^" in COMMAND marks (the "^" itself is taken out before writing).
# Prints the message of the entry.
probe_err() {
	_pe_pos=${1%%^*}
	_pe_pos=${#_pe_pos}
	_pe_cmd=$(echo "$1" | tr -d '^')
	echo > error_log
	if echo "$_pe_cmd" >> "$2" 2> /dev/null; then
		fail "'$_pe_cmd' into $2 succeeded"
	fi
	# "  Command: CMD" then the caret line, 11 blanks + the column
	_pe_line=$(tail -n 1 error_log)
	_pe_want=$((_pe_pos + 11))
	_pe_got=$((${#_pe_line} - 1))
	[ "$_pe_got" = "$_pe_want" ] ||
		fail "'$_pe_cmd': caret at $((_pe_got - 11)), wanted $_pe_pos: $(cat error_log)"
	grep -qxF "  Command: $_pe_cmd" error_log ||
		fail "'$_pe_cmd': error_log has $(cat error_log)"
	sed -n 's/.*error: //p' error_log | head -n 1
}

# default_maxactive: the maxactive kprobes gives a return probe that was
# given none, and with which kprobe_events lists it once registered: 10,
# or twice the possible CPUs if more.
default_maxactive() {
	awk -F, '{ n = 0; for (i = 1; i <= NF; i++) {
		k = split($i, r, "-"); n += (k == 2 ? r[2] - r[1] + 1 : 1) }
		print (2 * n > 10 ? 2 * n : 10) }' /sys/devices/system/cpu/possible
}

# profile_of EVENT: "HITS MISSES" of EVENT in kprobe_profile.
profile_of() {
	awk -v e="$1" '$1 == e { print $2, $3 }' kprobe_profile
}
