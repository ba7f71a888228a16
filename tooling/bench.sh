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

python3 - "$BUILD/bench-ours.out" "$BUILD/bench-refm.out" <<'PY'
import sys, statistics
def load(path):
    vals, units, skips = {}, {}, {}
    for line in open(path, errors="replace"):
        p = line.split()
        if len(p) == 4 and p[0] == "@@BENCH":
            try:
                v = float(p[3])
            except ValueError:
                continue
            vals.setdefault(p[1], []).append(v)
            units[p[1]] = p[2]
        elif len(p) >= 2 and p[0] == "@@BENCH-SKIP":
            skips[p[1]] = " ".join(p[2:])
    return vals, units, skips
ov, ou, os_ = load(sys.argv[1])
rv, ru, rs = load(sys.argv[2])
def spread(v):
    m = statistics.median(v)
    return (max(v) - min(v)) / m * 100 if m else 0.0
names = list(dict.fromkeys(list(ov) + list(rv) + list(os_) + list(rs)))
for n in names:
    if n in ov and n in rv:
        mo, mr = statistics.median(ov[n]), statistics.median(rv[n])
        ratio = mo / mr if mr else float("nan")
        print("bench %s: ours=%.4g %s reference=%.4g %s ratio=%.3f (median of %d, spread %.1f%%)"
              % (n, mo, ou[n], mr, ru[n], ratio, min(len(ov[n]), len(rv[n])),
                 max(spread(ov[n]), spread(rv[n]))))
    else:
        why = []
        if n not in ov: why.append("ours: " + os_.get(n, "no result"))
        if n not in rv: why.append("reference: " + rs.get(n, "no result"))
        print("bench %s: not comparable (%s)" % (n, "; ".join(why)))
PY
