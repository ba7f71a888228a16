# SPDX-License-Identifier: GPL-2.0
# Sourced by every tooling/bench.d/*.sh (in the guest as
# /harness/benchlib.sh): a benchmark's two lines, in the harness's result
# protocol (tooling/results.py), which make bench's table reads.
#   bench_value NAME UNIT VALUE   one repetition's figure (empty or "nan":
#                                 none; the table then has no value to use)
#   bench_skip NAME WHY...        why NAME has no figure on this kernel
#   sysloop_ns                    one run of sysloop ($ITER iterations):
#                                 its ns per iteration
#   bench_median VALUES...        the median of the numbers
sysloop_ns() {
	sysloop "$ITER" | sed -n 's/^sysloop: \([0-9.]*\) ns\/iter/\1/p'
}
bench_median() {
	printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END {
		if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
bench_value() { echo "@@RESULT bench $1 PASS unit=$2 value=${3:-nan}"; }
bench_skip() {
	_n=$1
	shift
	# the reason is one double-quoted value: escape its \ and "
	echo "@@RESULT bench $_n SKIP why=\"$(printf '%s' "$*" | sed 's/[\\"]/\\&/g')\""
}
