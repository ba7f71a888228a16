# SPDX-License-Identifier: GPL-2.0
# Shared settings for the build/boot/test bench. Sourced by every script here.

set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLING=$TOP/tooling
BUILD=${BUILD:-$TOP/build}
# Every target writes its logs here before anything else has made it (make
# compare or make bench first thing in a fresh clone).
mkdir -p "$BUILD"
BASE_TAR=${BASE_TAR:-/usr/src/linux-source-6.12.tar.xz}
BASE=$BUILD/base/linux-source-6.12
JOBS=${JOBS:-$(nproc)}

# The paths of the kernel tree this repository owns; everything else in the
# repository is tooling and is never laid over the base tree.
OVERLAY_ROOTS="arch Documentation include kernel samples tools MAINTAINERS"

# Same compiler cache for every clone: paths below $TOP are hashed relative
# to it, so a fresh checkout in another folder still hits the cache.
export CCACHE_BASEDIR=$TOP
export CCACHE_NOHASHDIR=1
export CCACHE_COMPILERCHECK=content
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}

# kernel_vars KIND: KIND is "ours", "ref" (the base tree's tracing with the
# full requested configuration) or "refm" (the base tree built with exactly
# the options our kernel ended up with: the like-for-like reference for
# benchmarks while ours does not offer everything yet); DEBUG=1 selects the
# debug configuration. Sets SRC (source tree), OBJ (object tree) and NAME.
kernel_vars() {
	local kind=$1
	NAME=$kind
	[ "${DEBUG:-0}" = 1 ] && NAME=$kind-debug
	case $kind in
	ours) SRC=$BUILD/ours-src ;;
	ref | refm) SRC=$BASE ;;
	*) echo "unknown kernel kind '$kind' (ours, ref or refm)" >&2; return 2 ;;
	esac
	# DISTRO=1: make distro's kernels, Debian's configuration built from
	# one shared source path (distro.sh says why).
	if [ "${DISTRO:-0}" = 1 ]; then
		NAME=$kind-distro
		SRC=$BUILD/distro-src
	fi
	OBJ=$BUILD/obj-$NAME
	KIMAGE=$OBJ/arch/x86/boot/bzImage
	MODROOT=$OBJ/modroot
	INITRD=$BUILD/initrd-$NAME.cpio.gz
}

base_version() {
	awk '/^VERSION =/{v=$3} /^PATCHLEVEL =/{p=$3} /^SUBLEVEL =/{s=$3}
	     END{print v "." p "." s}' "$BASE/Makefile"
}

# Stage timing for .ci/run and make check: "stage NAME: Ns".
stage_start() { STAGE_NAME=$1; STAGE_T0=$(date +%s); echo "==> $1"; }
stage_end() { echo "==> $STAGE_NAME: $(( $(date +%s) - STAGE_T0 ))s"; }

# What in a console log means the kernel broke: oops, BUG (soft lockups
# among them), WARNING, KASAN, UBSAN, lockdep, hung tasks, RCU stalls, panic.
SPLAT_PATTERN='Oops|BUG:|WARNING:|KASAN|UBSAN:|Kernel panic|general protection fault|'
SPLAT_PATTERN+='possible (recursive|circular) locking|inconsistent lock state|'
SPLAT_PATTERN+='INFO: task .* blocked|rcu: INFO|detected stall'

die() { echo "error: $*" >&2; exit 1; }

# build_lock: hold $BUILD/.build.lock until this script exits. Every step
# that writes below $BUILD (extracting the base, the overlay, configuring
# and building a kernel, its modules or its initramfs, kobj.sh) takes it,
# so two targets run at once (make run beside make bench, two terminals,
# kobj.sh during a build) take turns instead of writing the same tree:
# kbuild's own files (.cmd, fixdep's .d) do not survive two builders.
# Scripts run under a holder inherit the lock (BUILD_LOCKED). Guests are
# not under it: a boot uses the images built last when it starts.
build_lock() {
	[ "${BUILD_LOCKED:-}" = "$BUILD" ] && return 0
	mkdir -p "$BUILD"
	exec {BUILD_LOCK_FD}>"$BUILD/.build.lock"
	if ! flock -n "$BUILD_LOCK_FD"; then
		echo "$(basename "$0"): waiting for another target building in $BUILD" >&2
		flock "$BUILD_LOCK_FD"
	fi
	export BUILD_LOCKED=$BUILD
}

# copy_prog ROOT PROG: a dynamically linked program of the host into the
# tree ROOT, with the libraries ldd says it needs.
copy_prog() {
	local root=$1 prog=$2 lib
	install -D -m 0755 "$prog" "$root$prog"
	for lib in $(ldd "$prog" | grep -o '/[^ ]*'); do
		[ -e "$root$lib" ] || install -D -m 0755 "$lib" "$root$lib"
	done
}
