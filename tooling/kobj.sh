#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kobj.sh TARGET...: compile single objects of our kernel tree, e.g.
#   tooling/kobj.sh kernel/trace/trace_output.o
# Copies only our changed files under kernel/trace (and other overlay roots)
# into the configured tree, then runs kbuild for the targets. Serialised by a
# lock so several people can use it at once. Needs one full
# `tooling/kernel.sh ours` first (the configured object tree).
source "$(dirname "$0")/common.sh"
kernel_vars ours
[ -f "$OBJ/.config" ] || die "run tooling/kernel.sh ours once first"
exec 9>"$BUILD/.kobj.lock"
flock 9
cd "$TOP"
git ls-files -co --exclude-standard -- kernel include/linux/ring_buffer.h |
while read -r f; do
	[ -f "$f" ] || continue
	cmp -s "$f" "$SRC/$f" || { mkdir -p "$SRC/$(dirname "$f")"; cp "$f" "$SRC/$f"; }
done
make -s -C "$SRC" O="$OBJ" ARCH=x86_64 CC="ccache gcc" "$@"
