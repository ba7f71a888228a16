#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest side of `make check`: runs the tiers given as a comma list in $1
# (t2 = our kselftest cases, t3 = upstream ftracetest categories, t4 =
# trace-cmd, rb = upstream's ring-buffer map_test, lp = upstream's live
# patching kselftests) and prints one
# "@@RESULT tier name STATUS" line per case;
# the tier "formats" dumps every format file of events/ instead, and
# "filters" applies a fixed table of event filters (filters.sh).
# The host decides what the results mean (expectations, counts).
tiers=${1:-t2,t3,t4}
FT=/selftests/ftrace
# The upstream categories for t3, comma separated (harness.t3= on the
# kernel command line); by default all those in scope.
T3_CATEGORIES=$(echo "${2:-00basic,event,filter,ftrace,instances,tracer,preemptirq}" | tr , ' ')
# The folders of test.d/ours for t2 (harness.t2=), by default all of them.
T2_FOLDERS=$(echo "${3:-}" | tr , ' ')
# Each case's time limit: 300 s, or its own "# timeout:" line, times
# harness.scale= (CASE_SCALE): a debug kernel (lockdep, KASAN) under TCG runs
# the cases that trace every function several times slower.
CASE_SCALE=${CASE_SCALE:-1}
case $CASE_SCALE in
'' | *[!0-9]* | 0) CASE_SCALE=1 ;;
esac
CASE_TIMEOUT=${CASE_TIMEOUT:-300}

echo "guest: $(uname -r) cpus=$(nproc) tiers=$tiers"

# result TIER NAME STATUS [key=value...]: one line of the harness's result
# protocol (tooling/results.py)
result() { echo "@@RESULT $*"; }

# One ftracetest run per case file: its summary says how the case ended.
run_tc() {
	tier=$1
	file=$2
	name=${file#$FT/test.d/}
	log=/tmp/ftlog/$(echo "$name" | tr / _)
	rm -rf "$log"
	# A case that needs longer than CASE_TIMEOUT says so in a
	# "# timeout: SECONDS" line (our stress cases).
	limit=$(sed -n 's/^# timeout: *\([0-9][0-9]*\)$/\1/p' "$file" | head -n 1)
	[ -n "$limit" ] && [ "$limit" -gt "$CASE_TIMEOUT" ] || limit=$CASE_TIMEOUT
	# Upstream's cases cannot carry that line: the slow ones are named
	# here. direct/ftrace-direct.tc loads and unloads its module in four
	# orders against every tracer, twice: 420 s alone under TCG.
	case $name in
	direct/ftrace-direct.tc) limit=1200 ;;
	esac
	limit=$((limit * CASE_SCALE))
	t0=$(date +%s)
	# The case runs as its own session, its output to a file: what it
	# leaves running when the timeout ends it (a load loop whose cleanup
	# never ran) would otherwise hold the output pipe open and wedge the
	# harness for good; the kill ends all of it. (In the foreground: an
	# asynchronous command ignores SIGINT, and cases end commands with
	# "timeout -s INT".)
	rm -f /tmp/ftpid
	(cd $FT && exec sh -c 'echo $$ > /tmp/ftpid; exec setsid "$@"' sh \
		timeout $limit ./ftracetest -k -l "$log" "$file") > /tmp/ftout 2>&1
	rc=$?
	[ -s /tmp/ftpid ] && kill -KILL -"$(cat /tmp/ftpid)" 2> /dev/null
	out=$(cat /tmp/ftout)
	# how long each case takes (for the split between guests, and for the
	# timeouts) goes with each of its results
	secs=$(( $(date +%s) - t0 ))
	took="secs=$secs limit=$limit"
	# ftracetest prints "[N] description<TAB>[RESULT]" per run of the case;
	# a case flagged "instance" runs again inside an instance, reported as
	# NAME@instance.
	status=
	xfail=
	echo "$out" | grep -E '^\[[0-9]+\] .*\[[A-Z]+\]$' > /tmp/ftres || true
	while read -r line; do
		st=${line##*[}
		st=${st%]}
		case $line in
		*"(instance)"*) result "$tier" "$name@instance" "$st" $took ;;
		*) result "$tier" "$name" "$st" $took ;;
		esac
		case $st in
		PASS|UNSUPPORTED|UNTESTED) ;;
		XFAIL) xfail=1 ;;
		*) status=FAIL ;;
		esac
	done < /tmp/ftres
	if [ ! -s /tmp/ftres ]; then
		status=FAIL
		result "$tier" "$name" NORESULT $took
	fi
	# busybox timeout ends the case with SIGTERM (status 143), coreutils'
	# with 124: the clock says which it was
	if [ $rc = 124 ] || { [ $rc -ne 0 ] && [ "$secs" -ge "$limit" ]; }; then
		status=TIMEOUT
		result "$tier" "$name" TIMEOUT $took
	fi
	# an expected failure's log says what was seen: print it as well
	if [ "$status" = FAIL ] || [ "$status" = TIMEOUT ] || [ -n "$xfail" ]; then
		echo "---- $name: ftracetest output"
		echo "$out" | tail -n 20
		for f in "$log"/*; do
			[ -f "$f" ] || continue
			echo "---- $f (last 40 lines)"
			tail -n 40 "$f"
		done
		echo "----"
	fi
}

# formats: every format file, for the host to compare across kernels;
# filters: the filter table's decisions and records, likewise. Both run
# before the test tiers, so that a kernel wedged by a test case still
# yields them (make compare's reference run is the one that needs this).
case ",$tiers," in *,formats,*)
	sh /harness/formats.sh
esac
case ",$tiers," in *,filters,*)
	sh /harness/filters.sh
esac

# rb: upstream's ring-buffer selftest (tools/testing/selftests/ring-buffer/
# map_test of the base tree, built by initramfs.sh): the mmap of
# trace_pipe_raw. Its TAP lines ("ok N name", "not ok N name", "# SKIP"
# after either) become one result per test. Before t2 and t3: cases of
# run-last.list wedge the reference, and make compare wants this from both.
case ",$tiers," in *,rb,*)
	if [ -x /usr/bin/map_test ]; then
		timeout $((CASE_TIMEOUT * CASE_SCALE)) /usr/bin/map_test > /tmp/map_test.out 2>&1
		rc=$?
		n=0
		while read -r line; do
			[ -n "$line" ] || continue
			name=${line#*ok }
			name=${name#* }
			name=${name%% *}
			case $line in
			*'# SKIP'*) st=SKIP ;;
			'not ok '*) st=FAIL ;;
			*) st=PASS ;;
			esac
			result rb "ring-buffer/map_test:$name" $st
			n=$((n + 1))
		done <<EOT
$(grep -E '^(not )?ok [0-9]+ ' /tmp/map_test.out)
EOT
		if [ $n = 0 ] || { [ $rc != 0 ] && ! grep -q '^not ok ' /tmp/map_test.out; }; then
			result rb ring-buffer/map_test NORESULT
		fi
		if [ $rc != 0 ]; then
			echo "---- ring-buffer/map_test: status $rc"
			tail -n 40 /tmp/map_test.out
			echo "----"
		fi
		# it leaves tracing off and 8 KB sub-buffers behind
		echo 4 > /sys/kernel/tracing/buffer_subbuf_size_kb
		echo 1 > /sys/kernel/tracing/tracing_on
	else
		result rb ring-buffer/map_test NOTBUILT
	fi
esac

# lp: upstream's live patching kselftests (lp-kselftest.sh). Before t2
# and t3, for the same reason as rb.
case ",$tiers," in *,lp,*)
	CASE_TIMEOUT=$CASE_TIMEOUT CASE_SCALE=$CASE_SCALE sh /harness/lp-kselftest.sh
esac

# run_last CASE: CASE is listed in run-last.list (as test.d/<path>
# without the test.d/ prefix), so it runs after every other case.
run_last() {
	grep -qx "${1#$FT/test.d/}" /harness/run-last.list 2>/dev/null
}
t2_last=

case ",$tiers," in *,t2,*)
	if [ -n "$T2_FOLDERS" ]; then
		t2_dirs=$(for d in $T2_FOLDERS; do echo $FT/test.d/ours/$d; done)
	else
		t2_dirs=$FT/test.d/ours
	fi
	# shellcheck disable=SC2086 # one word per folder
	for f in $(find $t2_dirs -name '*.tc' 2>/dev/null | sort); do
		if run_last "$f"; then
			t2_last="$t2_last $f"
		else
			run_tc t2 "$f"
		fi
	done
esac

# Cases named in run-last.list (ours or upstream's) run after every other
# t2 and t3 case: each is known to wedge one of the kernels we run (an oops
# with a mutex held, a writer stuck for good in a module: the next case
# blocks in D state, where no timeout reaches it), and every result after
# it would be lost.
case ",$tiers," in *,t3,*)
	t3_last=
	for c in $T3_CATEGORIES; do
		for f in $(find $FT/test.d/$c -name '*.tc' | sort); do
			if run_last "$f"; then
				t3_last="$t3_last $f"
			else
				run_tc t3 "$f"
			fi
		done
	done
	for f in $t3_last; do
		run_tc t3 "$f"
	done
esac
for f in $t2_last; do
	run_tc t2 "$f"
done

case ",$tiers," in *,t4,*)
	sh /harness/t4-trace-cmd.sh
	sh /harness/t4-blktrace.sh
	sh /harness/t4-bpf.sh
esac

exit 0
