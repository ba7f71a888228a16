#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest side of `make torture` (tooling/torture.sh): runs the torture
# driver (tooling/guest-src/torture.c) with the seed and length given on
# the kernel command line (torture.seed=, torture.sec=, torture.ops=,
# torture.ftfilter=), then a last look at the console for what the kernel said about it.
arg() { tr ' ' '\n' < /proc/cmdline | sed -n "s/^$1=//p" | tail -n 1; }
seed=$(arg torture.seed)
sec=$(arg torture.sec)
ops=$(arg torture.ops)
filt=$(arg torture.ftfilter)
echo "guest: $(uname -r) cpus=$(nproc) tracers: $(cat /sys/kernel/tracing/available_tracers)"
cd /tmp || exit 1
set -f	# torture.ftfilter is a glob for the kernel, not for the shell
# a driver stuck in the kernel is ended here; the host bounds the whole run
timeout -s KILL $(( ${sec:-60} + 600 )) torture -s "${seed:-1}" -t "${sec:-60}" ${ops:+-o "$ops"} ${filt:+-f "$filt"}
rc=$?
[ $rc = 137 ] && echo "@@RESULT torture run HUNG accounting=none why=\"killed after $(( ${sec:-60} + 600 )) s\""
[ -s /tmp/tt-failed.log ] && tail -n 3 /tmp/tt-failed.log | sed 's/^/guest: last trace-cmd failure: /'
# the kernel's own verdicts (the host scans the whole console as well)
dmesg | grep -E -c 'WARNING:|BUG:|KASAN|circular locking|recursive locking|inconsistent lock|INFO: task|rcu: INFO' |
	sed 's/^/guest: dmesg splat lines: /'
exit $rc
