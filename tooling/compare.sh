#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make compare: conformance side by side. Boots our kernel and the reference
# (the base tree's own tracing, same configuration widened by
# configs/compare.config) at the same time, runs every ftracetest category
# of the base tree on both, and prints per category:
#   ftracetest <category> ours: PASS=a FAIL=b UNRESOLVED=c UNSUPPORTED=d reference: PASS=...
# then a total line, then the cases where the two differ, then
#   formats: N events compared, M differ
# over every event both kernels have (each format file without its ID line),
# and the same for events/header_page and events/header_event, then
#   filters: N compared, M differ
# over the event filter table of tooling/guest/filters.sh (decision, errno,
# readback and the records kept), with the rows that differ, and the rows
# where we knowingly follow upstream's documentation rather than its code.
# Among the "our cases" lines, those of expect/ref-fails-by-design.list:
# cases of ours the reference fails because we differ from it on purpose.
#   readme: ... N differ
# over the README files line by line (the reference's lines of features
# we lack excepted: expect/readme-lacking.list).
# Then the BPF selftests' tracing subset (tooling/testprogs.sh): per test
#   testprogs <test> ours: OK (subtests a/b) reference: ...
# and a "testprogs: ..., K differ" line.
# Last, tooling/distro.sh's "distro config:" line and its list.
source "$(dirname "$0")/common.sh"

for k in ours ref; do
	"$TOOLING/kernel.sh" $k > "$BUILD/compare-build-$k.log" 2>&1 ||
		{ cat "$BUILD/compare-build-$k.log"; die "build of $k failed"; }
	grep '^config\[' "$BUILD/compare-build-$k.log" | tail -n 1
	# the out-of-tree modules, our sample module among them: the
	# reference's own sample module is upstream's
	"$TOOLING/build-extmod.sh" $k > /dev/null ||
		die "out-of-tree modules do not build against $k"
	"$TOOLING/initramfs.sh" $k > /dev/null
done

# Every category upstream's ftracetest has in the base tree; the reference
# is built with compare.config so that it offers what they need.
categories=$(cd "$BASE/tools/testing/selftests/ftrace/test.d" &&
	     find . -mindepth 1 -maxdepth 1 -type d | sed 's|^\./||' | sort | paste -sd,)
# COMPARE_T3=a,b: only those categories (the report is the same, over
# fewer cases); COMPARE_T2=a,b: only those folders of our own cases.
if [ -n "${COMPARE_T3:-}" ]; then
	for c in ${COMPARE_T3//,/ }; do
		[[ ",$categories," == *",$c,"* ]] || die "COMPARE_T3: no category '$c' in the base tree"
	done
	categories=$COMPARE_T3
fi

# The guests dump formats and filters first and run the t3 cases of
# guest/run-last.list last: one of them oopses the reference and wedges it
# until the timeout, which then only costs the time, not the results.
# Each QEMU runs single-threaded TCG, so the two guests run side by side.
stamp=$(date +%Y%m%d-%H%M%S)
pids=()
for k in ours ref; do
	kernel_vars $k
	# A splat or a timeout is reported below; the results still count.
	( rc=0
	  RUN=$BUILD/runs/$NAME-compare-$stamp TIERS=t2,t3,rb,formats,filters,t4 CLIENTS=bpf \
		T3=$categories T2=${COMPARE_T2:-} TIMEOUT=${COMPARE_TIMEOUT:-4800} \
		"$TOOLING/vm.sh" $k check > /dev/null 2>&1 || rc=$?
	  echo $rc > "$BUILD/compare-rc-$k" ) &
	pids+=($!)
done
wait "${pids[@]}"
kernel_vars ours; OURS=$BUILD/runs/$NAME-compare-$stamp/out.log
kernel_vars ref; REFS=$BUILD/runs/$NAME-compare-$stamp/out.log
for k in ours ref; do
	rc=$(cat "$BUILD/compare-rc-$k")
	[ "$rc" = 0 ] || echo "compare: the $k run ended with status $rc (3: a kernel splat; see build/runs/*-compare-$stamp/console.log)"
done

T2_ROOT=$TOP/tools/testing/selftests/ftrace/test.d TOOLING=$TOOLING \
	python3 - "$OURS" "$REFS" "$TOOLING/expect/ref-fails-by-design.list" <<'PY'
import os, sys, collections
sys.path.insert(0, os.environ["TOOLING"])
import results
def load(path):
    res = {}
    for r in results.load(path, ("t2", "t3", "rb", "t4")):
        # A case that printed no result or ran out of time failed.
        res[(r.tier, r.name)] = "FAIL" if r.status in ("NORESULT", "TIMEOUT") else r.status
    return res
ours, ref = load(sys.argv[1]), load(sys.argv[2])
KINDS = ("PASS", "FAIL", "UNRESOLVED", "UNSUPPORTED")
def cat(key):
    tier, name = key
    return "ours/" + name.split("/")[1] if tier == "t2" else name.split("/")[0]
def counts(res, c):
    n = collections.Counter(v for k, v in res.items() if cat(k) == c)
    other = sum(v for k, v in n.items() if k not in KINDS)
    s = " ".join("%s=%d" % (k, n[k]) for k in KINDS)
    return s + (" OTHER=%d" % other if other else "")
order = []
for k in list(ref) + list(ours):
    if k[0] == "t3" and cat(k) not in order:
        order.append(cat(k))
for c in order:
    print("ftracetest %s ours: %s reference: %s" % (c, counts(ours, c), counts(ref, c)))
def total(res):
    n = collections.Counter(v for k, v in res.items() if k[0] == "t3")
    other = sum(v for k, v in n.items() if k not in KINDS)
    return " ".join("%s=%d" % (k, n[k]) for k in KINDS) + (" OTHER=%d" % other if other else "")
print("ftracetest total ours: %s reference: %s" % (total(ours), total(ref)))
t2 = sorted({cat(k) for k in list(ours) + list(ref) if k[0] == "t2"})
for c in t2:
    print("our cases %s ours: %s reference: %s" % (c, counts(ours, c), counts(ref, c)))
# side_by_side TIER TITLE PREFIX: TIER's totals on both kernels, then
# each check whose result differs
def side_by_side(tier, title, prefix):
    names = sorted({k[1] for k in list(ours) + list(ref) if k[0] == tier})
    def totals(res):
        n = collections.Counter(v for k, v in res.items() if k[0] == tier)
        return " ".join("%s=%d" % (k, n[k]) for k in sorted(n)) or "none"
    print("%s ours: %s reference: %s" % (title, totals(ours), totals(ref)))
    for name in names:
        o, r = ours.get((tier, name), "not run"), ref.get((tier, name), "not run")
        if o != r:
            print("  %s%s: ours %s, reference %s" % (prefix, name, o, r))
# upstream's ring-buffer selftest (map_test), test by test
side_by_side("rb", "ring-buffer/map_test", "")
# the real clients (t4: trace-cmd, blktrace, the BPF clients), check by check
side_by_side("t4", "clients (t4)", "t4 ")
# Our cases the reference fails by design (expect/ref-fails-by-design.list):
# where we knowingly differ from upstream's code, as the filter table's
# known differences below.
design = {}
for line in open(sys.argv[3], errors="replace"):
    if line.strip() and not line.startswith("#"):
        name, _, why = line.rstrip("\n").partition("\t")
        design[name] = why.strip()
runs = sorted(k[1] for k in list(ref) + list(ours) if k[0] == "t2" and k[1].split("@")[0] in design)
runs = sorted(set(runs))
print("our cases the reference fails by design: %d listed, %d runs, %d of them pass on the reference"
      % (len(design), len(runs), sum(ref.get(("t2", n)) == "PASS" for n in runs)))
for n in runs:
    print("  %s ours: %s reference: %s (%s)" % (n, ours.get(("t2", n), "not run"),
                                                ref.get(("t2", n), "not run"), design[n.split("@")[0]]))
gap = sorted(k[1] for k in ref if k[0] == "t3" and ref[k] == "PASS" and ours.get(k) != "PASS")
print("reference passes, ours does not: %d" % len(gap))
for name in gap:
    print("  %s (ours: %s)" % (name, ours.get(("t3", name), "not run")))
refnot = sorted(k[1] for k in ref if k[0] == "t3" and ref[k] != "PASS")
print("reference does not pass: %d" % len(refnot))
for name in refnot:
    print("  %s: %s" % (name, ref[("t3", name)]))
# Our cases the reference fails: each is a bug upstream shares or a place
# where we knowingly differ, and the case says which in a comment naming
# "the reference"; that line is the reason printed.
import os
def t2_reason(name):
    path = os.path.join(os.environ["T2_ROOT"], name.split("@")[0])
    try:
        for line in open(path, errors="replace"):
            if line.startswith("#") and "the reference" in line.lower():
                return line.lstrip("# ").rstrip()
    except OSError:
        pass
    return "no reason given in the case"
# (those failed by design are listed above)
t2gap = sorted(k[1] for k in ours if k[0] == "t2" and ours[k] == "PASS" and ref.get(k) != "PASS"
               and k[1].split("@")[0] not in design)
print("our cases: ours passes, reference does not (bugs the reference has): %d" % len(t2gap))
for name in t2gap:
    print("  %s (reference: %s): %s" % (name, ref.get(("t2", name), "not run"), t2_reason(name)))
t2both = sorted(k[1] for k in ours if k[0] == "t2" and ours[k] != "PASS" and ours[k] != "UNSUPPORTED")
print("our cases: ours does not pass: %d" % len(t2both))
for name in t2both:
    print("  %s: ours %s, reference %s" % (name, ours[("t2", name)], ref.get(("t2", name), "not run")))

# The format files (formats_diff.py, shared with make distro).
import difflib
import formats_diff
formats_diff.report(sys.argv[1], sys.argv[2])

# The README: tools grep it for upstream's lines, so ours must hold the
# reference's lines and no others, except the lines of features we do
# not offer yet (expect/readme-lacking.list, as the reference prints
# them; each entry excuses one missing line).
def readme(path):
    return [l.rstrip("\n")[len("@@README "):] for l in open(path, errors="replace")
            if l.startswith("@@README ")]
ro, rr = readme(sys.argv[1]), readme(sys.argv[2])
lacking = collections.Counter()
for line in open(os.path.join(os.path.dirname(sys.argv[3]), "readme-lacking.list"), errors="replace"):
    if not line.startswith("#"):
        lacking[line.rstrip("\n")] += 1
sm = difflib.SequenceMatcher(None, rr, ro, autojunk=False)
only_ref, only_ours = [], []
for op, i1, i2, j1, j2 in sm.get_opcodes():
    if op != "equal":
        only_ref += rr[i1:i2]
        only_ours += ro[j1:j2]
bad_ref = list((collections.Counter(only_ref) - lacking).elements())
excused = len(only_ref) - len(bad_ref)
if not rr or not ro:
    print("readme: missing in %s" % ("ours" if not ro else "reference"))
print("readme: %d lines in the reference's, %d in ours; %d differ "
      "(%d only in ours, %d only in the reference), %d of features we lack (expect/readme-lacking.list)"
      % (len(rr), len(ro), len(only_ours) + len(bad_ref), len(only_ours), len(bad_ref), excused))
for l in only_ours:
    print("  ours only:      %r" % l)
for l in bad_ref:
    print("  reference only: %r" % l)
# The filter table: "@@FILTER n decision errno digest" (or @@FILTERDIV for
# the known differences), "@@FILTERTXT n event expr", "@@FILTERRB n text".
def filters(path):
    rows, txt, rb = {}, {}, {}
    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        p = line.split(" ", 2)
        if p[0] in ("@@FILTER", "@@FILTERDIV") and len(p) == 3:
            rows[int(p[1])] = (p[0], p[2])
        elif p[0] == "@@FILTERTXT" and len(p) == 3:
            txt[int(p[1])] = p[2]
        elif p[0] == "@@FILTERRB" and len(p) >= 2:
            rb[int(p[1])] = p[2] if len(p) == 3 else ""
    return rows, txt, rb
(lo, to, bo), (lr, tr_, br) = filters(sys.argv[1]), filters(sys.argv[2])
common = sorted(n for n in lo.keys() & lr.keys()
                if lo[n][0] == lr[n][0] == "@@FILTER" and "skip" not in (lo[n][1].split()[0], lr[n][1].split()[0]))
differ = [n for n in common if lo[n] != lr[n]]
def show(n):
    print("  %d: %s" % (n, to.get(n, tr_.get(n, "?"))))
    print("    ours:      %s | %s" % (lo[n][1] if n in lo else "-", bo.get(n, "")))
    print("    reference: %s | %s" % (lr[n][1] if n in lr else "-", br.get(n, "")))
print("filters: %d compared, %d differ" % (len(common), len(differ)))
for n in differ:
    show(n)
skipped = sorted(n for n in lo.keys() | lr.keys() if n not in common and
                 "@@FILTERDIV" not in (lo.get(n, ("",))[0], lr.get(n, ("",))[0]))
if skipped:
    print("filters: not compared (missing or skipped on one side): %d" % len(skipped))
    for n in skipped:
        show(n)
div = sorted(n for n in lo.keys() & lr.keys() if "@@FILTERDIV" in (lo[n][0], lr[n][0]))
print("filters: %d known differences (upstream's documentation followed, not its code), %d differ now"
      % (len(div), sum(lo[n][1] != lr[n][1] for n in div)))
for n in div:
    show(n)
PY

# Lazy expansion, trigger by trigger, one boot each on each kernel
# (tooling/guest/lazy-expand.sh): per kernel "lazy[KIND]: N passed, N
# failed", then the checks that differ.
"$TOOLING/lazy.sh" ours ref > "$BUILD/lazy-compare.out" 2>&1 || true
TOOLING=$TOOLING python3 - "$BUILD/lazy-compare.out" <<'PY'
import os, sys, re
sys.path.insert(0, os.environ["TOOLING"])
import results
res = {"ours": {}, "ref": {}}
for r in results.load(sys.argv[1], ("lazy",)):
    res.setdefault(r.kv.get("kernel", "?"), {})[r.name] = r.status
    # a boot that gave no result, or whose guest failed, says why
    if "why" in r.kv:
        print("lazy[%s]: %s %s: %s" % (r.kv.get("kernel", "?"), r.name, r.status, r.kv["why"]))
for line in open(sys.argv[1], errors="replace"):
    if re.match(r"lazy\[\w+\]: (\d+ passed|  )", line):
        print(line.rstrip())
diff = sorted(k for k in res["ours"].keys() | res["ref"].keys()
              if res["ours"].get(k) != res["ref"].get(k))
print("lazy: %d checks compared, %d differ" % (len(res["ours"].keys() | res["ref"].keys()), len(diff)))
# lazy.sh prints one summary per kernel: one missing means it died.
text = open(sys.argv[1], errors="replace").read()
for k in ("ours", "ref"):
    if not re.search(r"^lazy\[%s\]: \d+ passed, \d+ failed$" % k, text, re.M):
        print("  lazy[%s]: no summary: lazy.sh died (see %s)" % (k, sys.argv[1]))
for k in diff:
    print("  %s ours: %s reference: %s" % (k, res["ours"].get(k, "-"), res["ref"].get(k, "-")))
PY

# The BPF selftests' tracing subset (test_progs), test by test.
"$TOOLING/testprogs.sh" ours ref > "$BUILD/testprogs-compare.out" 2>&1 || true
grep -E '^testprogs' "$BUILD/testprogs-compare.out" ||
	{ tail -n 20 "$BUILD/testprogs-compare.out"; echo "testprogs: no result (see $BUILD/testprogs-compare.out)"; }

# The distribution's view: Debian's tracing options on our tree.
"$TOOLING/distro.sh"
