#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install what the bench needs from Debian's archive. Idempotent: silent when
# everything is already there.
source "$(dirname "$0")/common.sh"

PKGS="linux-source-6.12 qemu-system-x86 busybox-static trace-cmd flex bison
bc libelf-dev libssl-dev cpio ccache clang llvm libclang-rt-14-dev gcc make
util-linux kmod xz-utils rsync python3 perl linux-perf dwarves
linux-config-6.12 vim blktrace bash coreutils procps libc-bin
bpftrace bpftool libbpf-tools libbpf-dev zlib1g-dev"

missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "setup: installing:$missing"
[ "$(id -u)" = 0 ] || die "need root to install:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
	die "apt-get install failed for:$missing"
