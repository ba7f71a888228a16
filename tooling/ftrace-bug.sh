#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# ftrace-bug.sh [KIND]: what happens after an ftrace_bug() (ftrace dead for
# good), which no test case can cause: boot KIND (ours by default; DEBUG=1
# for the debug kernel) with a gdb stub, give an instance's function tracer
# vfs_read alone (so that site calls the instance's own trampoline), then
# from gdb change one byte of vfs_write's call site (the disp8 of its
# 5-byte NOP: still a NOP, no longer the one ftrace wrote). Adding
# vfs_write to the filter then meets the unexpected bytes: ftrace_bug(),
# ftrace is dead. Stopping the instance's tracer must then free nothing that
# sites still call: vfs_read keeps calling the trampoline. Prints
# "ftrace-bug: PASS" when the guest read files afterwards without an oops
# (the WARNING of ftrace_bug() itself is expected), "ftrace-bug: FAIL" else.
source "$(dirname "$0")/common.sh"

kind=${1:-ours}
kernel_vars "$kind"
command -v gdb > /dev/null || die "gdb missing (apt-get install gdb)"
port=$(( 20000 + $$ % 20000 ))
tmp=$(mktemp -d)
trap 'kill $vmpid 2> /dev/null || true; rm -rf "$tmp"' EXIT
cat > "$tmp/guest.sh" <<'EOS'
#!/bin/sh
cd /sys/kernel/tracing || exit 1
I=instances/ftbug
mkdir $I
echo vfs_read > $I/set_ftrace_filter
echo function > $I/current_tracer
grep '^vfs_read ' enabled_functions
site=$(grep ' vfs_write$' available_filter_functions_addrs | cut -d' ' -f1)
echo "@@SITE $site"
# the host changes the site meanwhile
sleep 30
echo "adding vfs_write"
echo vfs_write >> $I/set_ftrace_filter
echo "stopping the tracer"
echo nop > $I/current_tracer
echo "status $?"
for i in 1 2 3 4 5; do cat /proc/version > /dev/null; done
echo "@@SURVIVED"
EOS
APPEND=nokaslr QEMU_ARGS="-gdb tcp:127.0.0.1:$port" TIMEOUT=${FTBUG_TIMEOUT:-900} \
	RUN=$tmp/run "$TOOLING/vm.sh" "$kind" script "$tmp/guest.sh" > "$tmp/vm.out" 2>&1 &
vmpid=$!
for _ in $(seq 900); do
	grep -q '^@@SITE ' "$tmp/vm.out" 2> /dev/null && break
	kill -0 $vmpid 2> /dev/null || { cat "$tmp/vm.out"; die "the guest ended early"; }
	sleep 1
done
site=$(sed -n 's/^@@SITE \([0-9a-f]*\).*/\1/p' "$tmp/vm.out" | head -n 1)
[ -n "$site" ] || die "the guest gave no site address"
gdb -q -batch -ex "target remote 127.0.0.1:$port" \
	-ex "x/5xb 0x$site" -ex "set {unsigned char}(0x$site + 4) = 0x01" \
	-ex "x/5xb 0x$site" -ex detach "$OBJ/vmlinux" > "$tmp/gdb.log" 2>&1 ||
	{ cat "$tmp/gdb.log"; die "gdb failed"; }
cat "$tmp/gdb.log"
wait $vmpid || true
cat "$tmp/vm.out"
if grep -q '^@@SURVIVED' "$tmp/run/out.log" &&
   ! grep -E -q 'Oops|BUG:|general protection fault|Kernel panic' "$tmp/run/console.log"; then
	echo "ftrace-bug: PASS"
else
	grep -E -m 3 -A20 'Oops|BUG:|general protection fault|Kernel panic' "$tmp/run/console.log"
	echo "ftrace-bug: FAIL"
	exit 1
fi
