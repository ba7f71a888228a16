#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# stepcount.sh KIND FUNC [SETUP]: boot KIND (ours, ref, refm; DEBUG=1 for
# the debug kernel) with a gdb stub, run the guest shell commands SETUP
# (e.g. 'echo function_graph > current_tracer', in /sys/kernel/tracing)
# and a loop of open/read/close, and print how many instructions one call
# of FUNC executes, per function it went through (NSAMP=n samples, 1 by
# default). Counts are exact and the same on a loaded host: this is how
# to see where a tracer's per-call cost goes, next to the reference's.
source "$(dirname "$0")/../common.sh"

kind=${1:?usage: stepcount.sh ours|ref|refm FUNC [SETUP]}
func=${2:?usage: stepcount.sh ours|ref|refm FUNC [SETUP]}
setup=${3:-}
kernel_vars "$kind"
command -v gdb > /dev/null || die "gdb missing (apt-get install gdb)"
port=$(( 20000 + $$ % 20000 ))
tmp=$(mktemp -d)
trap 'kill $vmpid 2> /dev/null; rm -rf "$tmp"' EXIT
cat > "$tmp/guest.sh" <<EOS
#!/bin/sh
cd /sys/kernel/tracing || exit 1
$setup
echo "@@STEPCOUNT-READY"
while :; do cat /proc/version > /dev/null; done
EOS
APPEND=nokaslr QEMU_ARGS="-gdb tcp:127.0.0.1:$port" TIMEOUT=${STEP_TIMEOUT:-1800} \
	RUN=$tmp/run "$TOOLING/vm.sh" "$kind" script "$tmp/guest.sh" > "$tmp/vm.out" 2>&1 &
vmpid=$!
for _ in $(seq 600); do
	grep -q '@@STEPCOUNT-READY' "$tmp/vm.out" 2> /dev/null && break
	kill -0 $vmpid 2> /dev/null || { cat "$tmp/vm.out"; die "the guest ended early"; }
	sleep 1
done
grep -q '@@STEPCOUNT-READY' "$tmp/vm.out" || die "the guest did not get ready"
FUNC=$func NSAMP=${NSAMP:-1} OUT=$tmp/count.txt \
	gdb -q -batch -ex "target remote 127.0.0.1:$port" \
	-x "$TOOLING/stepcount/stepcount.py" "$OBJ/vmlinux" > "$tmp/gdb.log" 2>&1 ||
	{ cat "$tmp/gdb.log"; die "gdb failed"; }
cat "$tmp/count.txt"
