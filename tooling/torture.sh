#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# torture.sh [KIND...]: the torture test (tooling/guest-src/torture.c) on
# each kernel named (default: ours ref), side by side, one guest each.
#   TORTURE_MIN=minutes   length of the run (default 3); TORTURE_SEC=
#                         seconds instead, for short runs
#   SEED=n                the driver's seed (default: from the clock;
#                         printed, and the same seed replays the same
#                         sequence of operations)
#   TORTURE_OPS=a,b       only these kinds of operation (torture.c's
#                         op_name[]), to aim a run at one suspect
#   TORTURE_BUILT=1       do not build the kernels and initramfs first
#   DEBUG=1               the debug kernels (lockdep, KASAN, ...); the
#                         function tracers then trace only the functions
#                         TORTURE_FTFILTER matches (one glob, default 'vfs_*';
#                         'all' for every function): a KASAN kernel under
#                         emulation tracing every function stalls RCU
# Prints each guest's report, then one line
#   torture: ours ops=N splats=0 accounting=exact status=PASS | reference ops=...
# and exits non-zero when ours failed. A kernel that hangs or dies is
# reported (timeout, no result) and the others go on.
source "$(dirname "$0")/common.sh"

kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(ours ref)
sec=${TORTURE_SEC:-$(( ${TORTURE_MIN:-3} * 60 ))}
seed=${SEED:-$(( $(date +%s) % 100000 ))}
ftfilter=${TORTURE_FTFILTER:-}
[ -z "$ftfilter" ] && [ "${DEBUG:-0}" = 1 ] && ftfilter='vfs_*'
[ "$ftfilter" = all ] && ftfilter=
echo "torture: seed=$seed seconds=$sec kernels=${kinds[*]} debug=${DEBUG:-0}${TORTURE_OPS:+ ops=$TORTURE_OPS}${ftfilter:+ set_ftrace_filter=$ftfilter}"

# TORTURE_BUILT=1: the caller has just built the kernels and their
# initramfs (make check, which boots other guests from that initramfs
# meanwhile: rebuilding it under them is not safe).
if [ "${TORTURE_BUILT:-0}" != 1 ]; then
	for k in "${kinds[@]}"; do
		"$TOOLING/kernel.sh" "$k" > /dev/null && "$TOOLING/initramfs.sh" "$k" > /dev/null ||
			die "building $k failed"
	done
fi

# Boot and start: what a debug kernel under TCG takes before the driver runs,
# and after it for the readers to stop and the last checks.
margin=${TORTURE_MARGIN:-900}
stamp=$(date +%Y%m%d-%H%M%S)
mkdir -p "$BUILD/runs"
declare -A run pid
for k in "${kinds[@]}"; do
	kernel_vars "$k"
	run[$k]=$BUILD/runs/$NAME-torture-$stamp
	RUN=${run[$k]} TIMEOUT=$((sec + margin)) \
		APPEND="torture.seed=$seed torture.sec=$sec${TORTURE_OPS:+ torture.ops=$TORTURE_OPS}${ftfilter:+ torture.ftfilter=$ftfilter}" \
		"$TOOLING/vm.sh" "$k" script "$TOOLING/guest/torture.sh" \
		> "${run[$k]}.out" 2>&1 &
	pid[$k]=$!
done

line=
ours_ok=0
for k in "${kinds[@]}"; do
	rc=0
	wait "${pid[$k]}" || rc=$?
	out=${run[$k]}.out
	echo "---- $k (logs in ${run[$k]})"
	grep -E '^(torture|guest):|^@@RESULT torture ' "$out" || true
	case $rc in
	0 | 1 | 3) ;;
	124) echo "torture[$k]: TIMEOUT: the guest did not finish in $((sec + margin)) s" ;;
	*) echo "torture[$k]: the guest ended with status $rc"; tail -n 5 "$out" ;;
	esac
	ops=$("$TOOLING/results.py" get torture run ops "$out" || true)
	acct=$("$TOOLING/results.py" get torture run accounting "$out" || true)
	status=$("$TOOLING/results.py" get torture run status "$out" || true)
	splats=$(grep -E -c "$SPLAT_PATTERN" "${run[$k]}/console.log" 2>/dev/null || true)
	[ $rc = 124 ] && status=TIMEOUT
	if [ $splats -gt 0 ]; then
		echo "torture[$k]: the console's first splats:"
		grep -E -m 3 -A8 "$SPLAT_PATTERN" "${run[$k]}/console.log" | sed 's/^/  /'
	fi
	label=$k
	[ "$k" = ref ] && label=reference
	line+="${line:+ | }$label ops=${ops:-?} splats=${splats:-?} accounting=${acct:-none} status=${status:-NORESULT}"
	if [ "$k" = ours ] && [ "${status:-}" = PASS ] && [ "${splats:-1}" = 0 ]; then
		ours_ok=1
	fi
done
echo "torture: $line"
# Only ours must pass; the reference is reported beside it.
if printf '%s\n' "${kinds[@]}" | grep -qx ours; then
	[ $ours_ok = 1 ]
fi
