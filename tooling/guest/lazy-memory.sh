#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What tracing costs before and after its first use, for the record:
#   make run SCRIPT=tooling/guest/lazy-memory.sh          (ours)
#   make run REF=1 SCRIPT=tooling/guest/lazy-memory.sh    (the reference)
# Waits for the memory the kernel frees after boot to come back first
# (about 30 s under TCG; a kernel that reaches /init sooner shows more of
# it still in use), then prints MemFree, Slab and buffer_total_size_kb,
# chooses the nop tracer (the first use: the top level expands) and prints
# them again. Not a check: MemFree moves by a few hundred KiB between
# boots.
cd /sys/kernel/tracing || exit 1
show() {
	sync
	echo 3 > /proc/sys/vm/drop_caches
	sleep 2
	echo "$1: $(awk '/^(MemFree|Slab):/ { printf "%s %s kB  ", $1, $2 }' /proc/meminfo)buffer_total_size_kb: $(cat buffer_total_size_kb)"
}
sleep "${1:-45}"
show "after boot, unused"
echo nop > current_tracer
show "after first use   "
