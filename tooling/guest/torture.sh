#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest side of `make torture` (tooling/torture.sh): runs the torture
# driver (tooling/guest-src/torture.c) with the seed and length given on
# the kernel command line (torture.seed=, torture.sec=), then a last look
# at the console for what the kernel said about it.
arg() { tr ' ' '\n' < /proc/cmdline | sed -n "s/^$1=//p" | tail -n 1; }
seed=$(arg torture.seed)
sec=$(arg torture.sec)
echo "guest: $(uname -r) cpus=$(nproc) tracers: $(cat /sys/kernel/tracing/available_tracers)"
cd /tmp || exit 1
torture -s "${seed:-1}" -t "${sec:-60}"
rc=$?
# the kernel's own verdicts (the host scans the whole console as well)
dmesg | grep -E -c 'WARNING:|BUG:|KASAN|lockdep|INFO: task|rcu: INFO' |
	sed 's/^/guest: dmesg splat lines: /'
exit $rc
