#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make bench: every benchmark in tooling/bench.d/ on our kernel, then on the
# reference (never both at once), and one line per benchmark:
#   bench <name>: ours=<v> <unit> reference=<v> <unit> ratio=<ours/ref> (median of N, spread x%)
# The spread is (max - min) / median of the noisier of the two kernels.
# The reference here is "refm": the base tree built with the options our
# kernel ended up with (tooling/kernel.sh), so both kernels carry the same
# hooks and only the code under test differs. Until ours offers every
# tracing option, the full reference would also pay for tracers ours does
# not have (latency-tracer hooks on every preempt toggle, for one).
# BENCH_REPS (default 5) sets the repetitions inside each boot.
# BENCH_ONLY='b2-events ...' runs only those scripts of tooling/bench.d/
# (names without .sh); the default is all of them.
# The guests run with QEMU's -icount (BENCH_CLOCK=icount, the default):
# their clock advances one nanosecond per instruction executed, so every
# time measured inside a guest is an instruction count, repeatable to a
# fraction of a percent and immune to whatever else the host runs.
# BENCH_CLOCK=wall measures TCG wall-clock time instead (noisy: 20-90%
# spread on this machine, and the host must be otherwise idle).
source "$(dirname "$0")/common.sh"

reps=${BENCH_REPS:-5}
case ${BENCH_CLOCK:=icount} in
icount) icount=1; echo "bench: guest clock: instructions (QEMU -icount shift=0)" ;;
wall) icount=0; echo "bench: guest clock: wall time under TCG" ;;
*) die "BENCH_CLOCK must be icount or wall" ;;
esac
[ "$reps" -ge 5 ] || die "BENCH_REPS must be at least 5"
benches=
for b in "$TOOLING"/bench.d/*.sh; do
	b=$(basename "$b" .sh)
	if [ -z "${BENCH_ONLY:-}" ] || [[ " $BENCH_ONLY " == *" $b "* ]]; then
		benches="$benches /harness/bench.d/$b.sh"
	fi
done
[ -n "$benches" ] || die "BENCH_ONLY='$BENCH_ONLY' names no script of bench.d"
script=$BUILD/bench-guest.sh
cat > "$script" <<GUEST
#!/bin/sh
export BENCH_REPS=$reps
for b in$benches; do
	sh "\$b"
done
GUEST

stamp=$(date +%Y%m%d-%H%M%S)
for k in ours refm; do
	"$TOOLING/kernel.sh" $k > "$BUILD/bench-build-$k.log" 2>&1 ||
		{ tail -n 30 "$BUILD/bench-build-$k.log"; die "build of $k failed"; }
	if [ $k = refm ]; then
		grep 'differ from ours\|: ours ' "$BUILD/bench-build-$k.log" |
			sed 's/^config\[refm\]: /bench: reference config: /' || true
	fi
	"$TOOLING/build-extmod.sh" $k
	"$TOOLING/initramfs.sh" $k > /dev/null
	kernel_vars $k
	ICOUNT=$icount RUN=$BUILD/runs/$NAME-bench-$stamp TIMEOUT=${BENCH_TIMEOUT:-2400} \
		"$TOOLING/vm.sh" $k script "$script" > "$BUILD/bench-$k.out" ||
		{ tail -n 30 "$BUILD/bench-$k.out"; die "bench run on $k failed"; }
done

# the table: medians, ratios and spreads, from the guests' bench results
"$TOOLING/results.py" bench "$BUILD/bench-ours.out" "$BUILD/bench-refm.out"
