#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# lazy.sh KIND...: the lazy-expansion checks of tooling/guest/lazy-expand.sh,
# one guest boot per BOOT line there (a trigger can only be seen once per
# boot), two guests at a time. With several kernels (make compare: ours ref)
# each boot runs on each kernel. Prints the guests' results again with
# the kernel they ran on ("@@RESULT lazy CHECK STATUS kernel=KIND"; a boot
# whose guest gave no result or failed is one too, status NORESULT or
# GUEST-FAILED, named after its BOOT line), the guests' notes, then per
# kernel "lazy[KIND]: N passed, N failed"; exits non-zero if a check failed
# or a guest gave no result.
source "$(dirname "$0")/common.sh"

[ $# -gt 0 ] || die "usage: lazy.sh ours|ref..."
script=$TOOLING/guest/lazy-expand.sh
stamp=$(date +%Y%m%d-%H%M%S)
out=$BUILD/runs/lazy-$stamp
mkdir -p "$out"

jobs=()
while read -r name opts; do
	for k in "$@"; do
		jobs+=("$k|$name|$opts")
	done
done < <(sed -n 's/^# BOOT: //p' "$script")

# boot_one KIND NAME OPTS RUN: one guest; its status (vm.sh's) is returned.
boot_one() {
	RUN=$4 TIMEOUT=${LAZY_TIMEOUT:-400} APPEND="harness.lazy=$2 $3" \
		"$TOOLING/vm.sh" "$1" script "$script" > "$4.out" 2>&1
}

# A guest that printed no result at all never reached the script: under a
# loaded host QEMU can be slow enough for the kernel's early timer check
# to panic ("IO-APIC + timer doesn't work"). Such a boot is tried once
# more, and says so; a guest that reached the script is never retried.
# The status is recorded whatever happens (common.sh sets -e, so it is
# caught here rather than ending this subshell before the .rc is written).
run_one() {
	local k=${1%%|*} rest=${1#*|}
	local name=${rest%%|*} opts=${rest#*|}
	local rc=0

	boot_one "$k" "$name" "$opts" "$out/$k-$name" || rc=$?
	if [ $rc != 0 ] && [ -z "$("$TOOLING/results.py" lines lazy "$out/$k-$name.out")" ]; then
		mv "$out/$k-$name" "$out/$k-$name-first"
		mv "$out/$k-$name.out" "$out/$k-$name-first.out"
		rc=0
		boot_one "$k" "$name" "$opts" "$out/$k-$name" || rc=$?
		echo "  $name: booted twice, the first guest gave no result" \
			"(first: $(grep -m 1 -o 'Kernel panic.*\|timed out.*' \
				"$out/$k-$name-first.out" || echo unknown))" \
			>> "$out/$k-$name.out"
	fi
	echo $rc > "$out/$k-$name.rc"
}

# Two at a time (the host has two cores), the next one starting as soon
# as either ends.
running=0
for job in "${jobs[@]}"; do
	if [ $running -ge 2 ]; then
		wait -n || true
		running=$((running - 1))
	fi
	run_one "$job" &
	running=$((running + 1))
done
wait || true

status=0
for k in "$@"; do
	p=0 f=0
	while read -r name _; do
		o=$out/$k-$name.out
		n=0
		while read -r check st; do
			n=$((n + 1))
			echo "@@RESULT lazy $check $st kernel=$k"
			if [ "$st" = PASS ]; then p=$((p + 1)); else f=$((f + 1)); fi
		done < <("$TOOLING/results.py" lines lazy "$o")
		# the guest's own notes: failed checks, refused racing markers
		grep '^  ' "$o" | sed "s/^ */lazy[$k]:   /" || true
		rc=$(cat "$out/$k-$name.rc" 2> /dev/null || echo none)
		if [ "$n" = 0 ] || [ "$rc" != 0 ]; then
			st=GUEST-FAILED
			[ "$n" != 0 ] || st=NORESULT
			echo "@@RESULT lazy $name $st kernel=$k why=\"guest status $rc, $n results (logs in $out/$k-$name)\""
			f=$((f + 1))
		fi
	done < <(sed -n 's/^# BOOT: //p' "$script")
	echo "lazy[$k]: $p passed, $f failed"
	[ "$f" = 0 ] || status=1
done
exit $status
