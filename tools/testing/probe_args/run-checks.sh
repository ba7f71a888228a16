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

# unit NAME SUMMARY: one test program, one check; its summary line shown
unit() {
	if "$out/$1" > "$out/$1.log" 2>&1; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		grep -E '^FAIL|ERROR|runtime error' "$out/$1.log" | head -n 20
	fi
	grep "^$2 unit: " "$out/$1.log" || echo "$2 unit: no summary (crashed?)"
}
unit unit probe_args
unit unit_cmd probe_cmd
unit unit_fetch probe_fetch

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
