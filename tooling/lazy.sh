#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# lazy.sh KIND...: the lazy-expansion checks of tooling/guest/lazy-expand.sh,
# one guest boot per BOOT line there (a trigger can only be seen once per
# boot), two guests at a time. With several kernels (make compare: ours ref)
# each boot runs on each kernel. Prints the guests' "@@RESULT lazy" lines
# prefixed by the kernel, then per kernel "lazy[KIND]: N passed, N failed";
# exits non-zero if a check failed or a guest gave no result.
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

run_one() {
	local k=${1%%|*} rest=${1#*|}
	local name=${rest%%|*} opts=${rest#*|}
	RUN=$out/$k-$name TIMEOUT=${LAZY_TIMEOUT:-400} \
		APPEND="harness.lazy=$name $opts" \
		"$TOOLING/vm.sh" "$k" script "$script" > "$out/$k-$name.out" 2>&1
	echo $? > "$out/$k-$name.rc"
}

# Two at a time: each QEMU is single-threaded.
i=0
while [ $i -lt ${#jobs[@]} ]; do
	run_one "${jobs[$i]}" &
	p1=$!
	p2=
	if [ $((i + 1)) -lt ${#jobs[@]} ]; then
		run_one "${jobs[$((i + 1))]}" &
		p2=$!
	fi
	wait $p1
	[ -z "$p2" ] || wait "$p2"
	i=$((i + 2))
done

status=0
for k in "$@"; do
	p=0 f=0
	while read -r name _; do
		o=$out/$k-$name.out
		n=0
		while read -r _ _ check st; do
			n=$((n + 1))
			echo "lazy[$k]: $check $st"
			if [ "$st" = PASS ]; then p=$((p + 1)); else f=$((f + 1)); fi
		done < <(grep '^@@RESULT lazy ' "$o" || true)
		# the guest's own notes: failed checks, refused racing markers
		grep '^  ' "$o" | sed "s/^ */lazy[$k]:   /" || true
		rc=$(cat "$out/$k-$name.rc")
		if [ "$n" = 0 ] || [ "$rc" != 0 ]; then
			echo "lazy[$k]: $name: guest status $rc, $n results (logs in $out/$k-$name)"
			f=$((f + 1))
		fi
	done < <(sed -n 's/^# BOOT: //p' "$script")
	echo "lazy[$k]: $p passed, $f failed"
	[ "$f" = 0 ] || status=1
done
exit $status
