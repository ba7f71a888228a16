#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the unit tests, then the filter fuzzer for FUZZ_SECONDS (default 50)
# and the trigger fuzzer for TRIGGER_FUZZ_SECONDS (default 30), each on a
# copy of its seed corpus. Prints each fuzzer's run length and speed, and
# ends with "filter T0: N passed, N failed" (each group of unit checks
# counts as one, each fuzzing run as one). Exit status non-zero on any
# failure.
out=${1:-build}
secs=${FUZZ_SECONDS:-50}
tsecs=${TRIGGER_FUZZ_SECONDS:-30}
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

# fuzz NAME SECONDS SEEDS: run build/NAME for SECONDS on a scratch copy
# of the seed corpus (it grows there; the seeds in git stay as they are)
# and count it as one check.
fuzz() {
	name=$1
	corpus="$out/corpus-$name"
	log="$out/$name.log"

	rm -rf "$corpus"
	mkdir -p "$corpus" "$out/artifacts"
	cp "$here/$3"/* "$corpus/"
	start=$(date +%s)
	if "$out/$name" -max_total_time="$2" -print_final_stats=1 \
		-max_len=4096 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$out/artifacts/$name-" "$corpus" \
		> "$log" 2>&1; then
		passed=$((passed + 1))
		status=ok
	else
		failed=$((failed + 1))
		status=FAILED
		grep -a -E -A 25 'ERROR|runtime error|^broken: |deadly signal' \
			"$log" | head -n 40
	fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	echo "$name: ${runs:-?} runs in $(( $(date +%s) - start ))s," \
		"${speed:-?} exec/s, corpus $(ls "$corpus" | wc -l) inputs" \
		"(from $(ls "$here/$3" | wc -l) seeds)"
	echo "$name: $status"
}

fuzz fuzz "$secs" corpus
fuzz fuzz_trigger "$tsecs" corpus-trigger

echo "filter T0: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
