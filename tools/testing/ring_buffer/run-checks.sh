#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run every T0 test program; print one line per program and a summary.
# Exit status is non-zero if any failed.
out=${1:-build}
secs=${RB_STRESS_SECONDS:-2}
seeds=${RB_STRESS_SEEDS:-200}
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
	grep -E '^(unit|regress|explore|stress|replay)' "$out/$name.log" | sed "s/^/  /"
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
	norand="setarch $(uname -m) -R"
else
	norand=
fi
# a livelocked writer (as a stale head once made one) must fail the run,
# not hang it
limit=$((secs * 20 + 300))
run stress-tsan timeout "$limit" $norand "$out/stress-tsan" -t "$secs"
run stress-tsan-weak timeout "$limit" $norand "$out/stress-tsan-weak" -t "$secs"
run stress-asan timeout "$limit" "$out/stress-asan" -t "$secs"

# Deterministic schedules: each seed replays exactly. $seeds of them,
# consecutive from a random first one (RB_STRESS_SEED to choose it).
first=${RB_STRESS_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
bad=""
s=0
while [ "$s" -lt "$seeds" ]; do
	seed=$((first + s))
	if ! timeout 300 "$out/stress-asan" -d -s "$seed" \
		>"$out/stress-sched.log" 2>&1; then
		bad="$bad $seed"
		cp "$out/stress-sched.log" "$out/stress-sched-$seed.log"
	fi
	s=$((s + 1))
done
if [ -z "$bad" ]; then
	passed=$((passed + 1))
	echo "  stress deterministic: $seeds seeds from $first: ok"
	echo "stress-sched: ok"
else
	failed=$((failed + 1))
	echo "  stress deterministic: $seeds seeds from $first: failed:$bad"
	for seed in $bad; do
		grep -m 3 FAIL "$out/stress-sched-$seed.log"
		echo "  replay: $out/stress-asan -d -s $seed"
	done
	echo "stress-sched: FAILED"
fi

echo "ring_buffer T0: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
