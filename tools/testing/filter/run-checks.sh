#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the unit tests, then the fuzzer for FUZZ_SECONDS (default 50) on a
# copy of the seed corpus. Prints the fuzzer's run length and speed, and
# ends with "filter T0: N passed, N failed" (each group of unit checks
# counts as one, the fuzzing run as one). Exit status non-zero on any
# failure.
out=${1:-build}
secs=${FUZZ_SECONDS:-50}
here=$(dirname "$0")
passed=0
failed=0

if "$out/unit" > "$out/unit.log" 2>&1; then
	status=ok
else
	status=FAILED
fi
grep '^unit:' "$out/unit.log" | sed 's/^/  /'
grep '^filter unit: ' "$out/unit.log" | sed 's/^/  /'
# each group of unit checks counts once
p=$(grep -c '^unit: .* ok$' "$out/unit.log")
f=$(grep -c '^unit: .* FAILED$' "$out/unit.log")
passed=$((passed + p))
failed=$((failed + f))
if [ "$status" != ok ]; then
	# a crash or a sanitizer report ends the program: one more failure
	grep -q '^filter unit: ' "$out/unit.log" || failed=$((failed + 1))
	grep -E '^FAIL|ERROR|runtime error' "$out/unit.log" | head -n 20
fi
echo "unit: $status"

# The corpus grows in a scratch copy; the seeds in git stay as they are.
rm -rf "$out/corpus"
mkdir -p "$out/corpus" "$out/artifacts"
cp "$here"/corpus/* "$out/corpus/"
start=$(date +%s)
if "$out/fuzz" -max_total_time="$secs" -print_final_stats=1 \
	-max_len=4096 -timeout=10 -rss_limit_mb=2048 \
	-artifact_prefix="$out/artifacts/" "$out/corpus" \
	> "$out/fuzz.log" 2>&1; then
	passed=$((passed + 1))
	status=ok
else
	failed=$((failed + 1))
	status=FAILED
	grep -E -A 25 'ERROR|runtime error|^broken: |deadly signal' \
		"$out/fuzz.log" | head -n 40
fi
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/fuzz.log")
speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/fuzz.log")
echo "fuzz: ${runs:-?} runs in $(( $(date +%s) - start ))s, ${speed:-?} exec/s," \
	"corpus $(ls "$out/corpus" | wc -l) inputs (from $(ls "$here/corpus" | wc -l) seeds)"
echo "fuzz: $status"

echo "filter T0: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
