#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run every T0 test program; print one line per program and a summary.
# Exit status is non-zero if any failed.
out=${1:-build}
secs=${RB_STRESS_SECONDS:-2}
passed=0
failed=0

run() {
	name=$1
	shift
	if "$@" >"$out/$name.log" 2>&1; then
		passed=$((passed + 1))
		result=ok
	else
		failed=$((failed + 1))
		result=FAILED
	fi
	grep -E '^(unit|regress|explore|stress)' "$out/$name.log" | sed "s/^/  /"
	echo "$name: $result"
	[ "$result" = ok ] || tail -20 "$out/$name.log"
}

run unit "$out/unit"
run regress "$out/regress"
run explore "$out/explore"
# the event layout of architectures that need 8-byte aligned 64-bit access
run unit-a8 "$out/unit-a8"
run regress-a8 "$out/regress-a8"
run explore-a8 "$out/explore-a8"
# TSan needs a fixed memory layout on kernels with high mmap entropy
if setarch "$(uname -m)" -R true 2>/dev/null; then
	run stress-tsan setarch "$(uname -m)" -R "$out/stress-tsan" "$secs"
else
	run stress-tsan "$out/stress-tsan" "$secs"
fi
run stress-asan "$out/stress-asan" "$secs"

echo "ring_buffer T0: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
