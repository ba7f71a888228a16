#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the unit cases (arguments, then commands), then the fuzzer for FUZZ_SECONDS (default 30) on a
# copy of the seed corpus. Ends with "probe_args T0: N passed, N failed"
# (each unit program as one check, the fuzzing run as one). Exit status
# non-zero on any failure.
out=${1:-build}
secs=${FUZZ_SECONDS:-30}
here=$(dirname "$0")
passed=0
failed=0

if "$out/unit" > "$out/unit.log" 2>&1; then
	passed=$((passed + 1))
else
	failed=$((failed + 1))
	grep -E '^FAIL|ERROR|runtime error' "$out/unit.log" | head -n 20
fi
grep '^probe_args unit: ' "$out/unit.log" || echo "probe_args unit: no summary (crashed?)"
if "$out/unit_cmd" > "$out/unit_cmd.log" 2>&1; then
	passed=$((passed + 1))
else
	failed=$((failed + 1))
	grep -E '^FAIL|ERROR|runtime error' "$out/unit_cmd.log" | head -n 20
fi
grep '^probe_cmd unit: ' "$out/unit_cmd.log" || echo "probe_cmd unit: no summary (crashed?)"
if "$out/unit_fetch" > "$out/unit_fetch.log" 2>&1; then
	passed=$((passed + 1))
else
	failed=$((failed + 1))
	grep -E '^FAIL|ERROR|runtime error' "$out/unit_fetch.log" | head -n 20
fi
grep '^probe_fetch unit: ' "$out/unit_fetch.log" || echo "probe_fetch unit: no summary (crashed?)"

rm -rf "$out/corpus"
cp -r "$here/corpus" "$out/corpus"
if "$out/fuzz" -max_total_time="$secs" -max_len=128 "$out/corpus" \
	> "$out/fuzz.log" 2>&1; then
	passed=$((passed + 1))
	grep -E '^#[0-9]+.*DONE' "$out/fuzz.log" | tail -n 1 | sed 's/^/fuzz: /'
else
	failed=$((failed + 1))
	grep -E -A12 'broken:|ERROR|runtime error' "$out/fuzz.log" | head -n 30
fi
echo "probe_args T0: $passed passed, $failed failed"
[ "$failed" = 0 ]
