# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/core cases. Not a case itself (ftracetest
# only runs *.tc): each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/core/helpers.sh"
# Cases run under "set -e" in the tracefs directory under test (the top
# level, or an instance for "flags: instance").

# Error texts as the C library spells them (busybox prints strerror()).
E_INVAL="Invalid argument"
E_RANGE="Numerical result out of range"
E_BUSY="Device or resource busy"
E_EXIST="File exists"
E_NOENT="No such file or directory"
E_BADF="Bad file descriptor"
E_ACCES="Permission denied"
E_OVERFLOW="Value too large for defined data type"

# run_with_cleanup BODY CLEANUP: run the function BODY in a subshell under
# "set -e", then run CLEANUP whatever happened, and fail if BODY failed.
# Cases use this rather than an EXIT trap: ftracetest's shell runs the trap
# after dropping the redirection to the case's log, and its output then
# breaks the result line. Inside BODY, $PID is the subshell's own pid, the
# writer of the markers it records.
run_with_cleanup() {
	set +e
	( read PID _ < /proc/self/stat; set -e; "$1" )
	_rwc_status=$?
	"$2" > /dev/null 2>&1
	set -e
	[ "$_rwc_status" = 0 ] || exit_fail
}

# fail MESSAGE: say why, then end the case as failed.
fail() {
	echo "FAIL: $*"
	exit_fail
}

# expect_write_fail FILE VALUE ERRTEXT: writing VALUE (with echo, so the
# shell reports the errno) must fail with ERRTEXT.
expect_write_fail() {
	if echo "$2" > "$1" 2> "$TMPDIR/werr"; then
		fail "writing '$2' to $1 succeeded"
	fi
	grep -q "$3" "$TMPDIR/werr" ||
		fail "writing '$2' to $1: wanted '$3', got '$(cat "$TMPDIR/werr")'"
}

# expect_write_error FILE VALUE ERRTEXT: as expect_write_fail, and what FILE
# reads back afterwards is what it read before.
expect_write_error() {
	_ewe_before=$(cat "$1")
	expect_write_fail "$1" "$2" "$3"
	_ewe_after=$(cat "$1")
	[ "$_ewe_after" = "$_ewe_before" ] ||
		fail "$1 changed from '$_ewe_before' to '$_ewe_after' after writing '$2'"
}

# expect_bad_numbers FILE: the inputs every decimal control file refuses,
# each leaving the value as it was.
expect_bad_numbers() {
	expect_write_error "$1" abc "$E_INVAL"
	expect_write_error "$1" -1 "$E_INVAL"
	expect_write_error "$1" 12abc "$E_INVAL"
	expect_write_error "$1" "" "$E_INVAL"
	expect_write_error "$1" 0x10 "$E_INVAL"
	expect_write_error "$1" 99999999999999999999 "$E_RANGE"
}

# expect_open_busy FILE: opening FILE for reading must fail with EBUSY. If
# the open wrongly succeeds, the read blocks and timeout ends it.
expect_open_busy() {
	# Descriptors 3 and 4 (where cases hold files open) are not passed on:
	# busybox timeout leaves a watcher process behind for up to a second,
	# and it would keep them open.
	if timeout 2 cat "$1" > /dev/null 2> "$TMPDIR/oerr" 3<&- 4<&-; then
		fail "reading $1 succeeded"
	fi
	grep -q "$E_BUSY" "$TMPDIR/oerr" ||
		fail "opening $1: wanted '$E_BUSY', got '$(cat "$TMPDIR/oerr")'"
}

# online_cpus: how many CPUs are online (they are numbered from 0 here).
online_cpus() {
	grep -c '^processor' /proc/cpuinfo
}

# mark_on CPU TEXT: write one marker from a process bound to CPU.
mark_on() {
	taskset -c "$1" echo "$2" > trace_marker
}

# marker_lines FILE: the marker lines of FILE (none is not an error).
marker_lines() {
	grep 'tracing_mark_write: ' "$1" || true
}

# count_matching PATTERN FILE: how many lines of FILE match (0 if none).
count_matching() {
	grep -c -e "$1" "$2" || true
}

# entries_line: the "entries-in-buffer/entries-written: E/W" pair of trace.
entries_line() {
	sed -n 's|^# entries-in-buffer/entries-written: \([0-9]*/[0-9]*\) .*|\1|p' trace
}

# size_kb FILE: a buffer_size_kb value as a number; a buffer not yet
# expanded ("7 (expanded: 1408)") gives the size it expands to, so that
# writing the result back restores a usable buffer.
size_kb() {
	_sk=$(cat "$1")
	case $_sk in
	*expanded:*) _sk=${_sk#*expanded: }; _sk=${_sk%)} ;;
	esac
	echo "$_sk"
}

# current_clock: the selected name in trace_clock.
current_clock() {
	sed -n 's/.*\[\([^]]*\)\].*/\1/p' trace_clock
}

# stat_of CPU KEY: one value from per_cpu/cpuCPU/stats.
stat_of() {
	sed -n "s/^$2: *//p" "per_cpu/cpu$1/stats"
}
