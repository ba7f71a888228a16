#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kobj.sh TARGET...: compile single objects of our kernel tree, e.g.
#   tooling/kobj.sh kernel/trace/trace_output.o
# Lays our changed files over the configured tree as the full build does,
# patches/ applied (tooling/overlay.sh --quick: without the slow pass over
# the whole base tree), then runs kbuild for the targets. Takes the build
# lock (see build_lock in common.sh), so it waits for a kernel build in
# progress instead of compiling beside it. Needs one full
# `tooling/kernel.sh ours` first (the configured object tree).
source "$(dirname "$0")/common.sh"
build_lock
kernel_vars ours
[ -f "$OBJ/.config" ] || die "run tooling/kernel.sh ours once first"
"$TOOLING/overlay.sh" --quick >/dev/null
make -s -C "$SRC" O="$OBJ" ARCH=x86_64 CC="ccache gcc" "$@"
