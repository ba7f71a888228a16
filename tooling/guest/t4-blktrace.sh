#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# T4: Debian's btrace (blktrace piped into blkparse) on the guest's virtio
# disk, while direct reads and writes go to it. Prints each kind of line it
# saw once, with every number made N ("@@BTRACE Q RS N + N [dd]"), so that
# two kernels' logs can be set side by side; PASS when reads and writes
# show their whole life (queued, request allocated, plug and unplug,
# issued, completed). (Piped, blktrace prints no per-CPU totals: the drop
# count is checked by clients/blktrace.tc.)
result() { echo "@@RESULT t4 $1 $2"; }
if ! command -v btrace > /dev/null || [ ! -b /dev/vda ]; then
	result btrace SKIP
	exit 0
fi
btrace -w 3 /dev/vda > /tmp/btrace.txt 2>&1 &
sleep 1
dd if=/dev/vda of=/dev/null bs=4096 count=8 iflag=direct 2> /dev/null
dd if=/dev/zero of=/dev/vda bs=4096 seek=4096 count=4 oflag=direct conv=fsync 2> /dev/null
wait
# fields: device, cpu, sequence, time, pid, action, flags, the rest
grep -E '^ *[0-9]+,[0-9]+ ' /tmp/btrace.txt |
	awk '{ s = $6 " " $7; for (i = 8; i <= NF; i++) s = s " " $i; print s }' |
	sed -E 's/[0-9]+/N/g' | sort -u > /tmp/btrace.shapes
sed 's/^/@@BTRACE /' /tmp/btrace.shapes
ok=1
for want in "Q RS" "G RS" "D RS" "C RS" "Q WS" "G WS" "D WS" "C WS" "P N" "U N"; do
	grep -q "^$want " /tmp/btrace.shapes || { ok=0; echo "btrace: no '$want' line"; }
done
if [ $ok = 1 ]; then
	result btrace PASS
else
	result btrace FAIL
	head -n 40 /tmp/btrace.txt
fi
