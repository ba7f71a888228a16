#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# initramfs.sh KIND: the guest's root file system for one kernel.
# busybox, our guest scripts, ftracetest (upstream's suite plus our cases),
# trace-cmd, chrt and perf with their libraries, and the kernel's modules.
source "$(dirname "$0")/common.sh"
build_lock

kind=${1:?usage: initramfs.sh ours|ref}
kernel_vars "$kind"
[ -d "$MODROOT/lib/modules" ] || die "no modules for $NAME: build the kernel first"

root=$BUILD/rootfs-$NAME
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,root,run,mnt,lib,usr/bin,usr/sbin}

# busybox provides the shell and every small tool; one link per applet.
cp /bin/busybox "$root/bin/busybox"
for app in $(/bin/busybox --list-full); do
	[ -e "$root/$app" ] || ln -s /bin/busybox "$root/$app"
done

# Dynamically linked programs from the host, with what ldd says they need.
copy_prog "$root" /usr/bin/trace-cmd
copy_prog "$root" /usr/bin/chrt
# perf (Debian's linux-perf) as a second tracepoint client, when installed.
[ -x /usr/bin/perf ] && copy_prog "$root" /usr/bin/perf
# Debian's blktrace: blktrace, blkparse and the btrace script joining them.
for p in /usr/sbin/blktrace /usr/bin/blkparse; do
	[ -x "$p" ] && copy_prog "$root" "$p"
done
[ -x /usr/sbin/btrace ] && install -D -m 0755 /usr/sbin/btrace "$root/usr/sbin/btrace"
# trace-cmd loads the libtraceevent plugins that decode some events.
for d in /usr/lib/x86_64-linux-gnu/traceevent /usr/lib/traceevent; do
	[ -d "$d" ] && mkdir -p "$root$d" && cp -a "$d/." "$root$d/"
done
[ -e "$root/lib64" ] || ln -s lib "$root/lib64" 2>/dev/null || true

# Our small guest programs (benchmark workloads, test clients), static.
# The uapi headers the host's libc headers lack (linux/trace_mmap.h) come
# from the base tree, after the host's own.
uapi=(-idirafter "$BASE/include/uapi")
# A program that needs libraries names them on a line "// LDLIBS: ...".
for c in "$TOOLING"/guest-src/*.c; do
	[ -f "$c" ] || continue
	libs=$(sed -n 's|^// LDLIBS: ||p' "$c")
	# shellcheck disable=SC2086 # the libraries are words
	gcc -O2 -static -Wall "${uapi[@]}" -o "$root/usr/bin/$(basename "${c%.c}")" "$c" $libs
done
# Upstream's ring-buffer selftest (the mmap of trace_pipe_raw), built in
# place from the base tree for both kernels; guest/check.sh runs it as the
# tier "rb". Its includes are relative to its own directory.
gcc -O2 -static -Wall -D_GNU_SOURCE "${uapi[@]}" -o "$root/usr/bin/map_test" \
	"$BASE/tools/testing/selftests/ring-buffer/map_test.c"

# Users: root, and an unprivileged user for permission tests.
cat > "$root/etc/passwd" <<PW
root:x:0:0:root:/root:/bin/sh
nobody:x:65534:65534:nobody:/tmp:/bin/sh
PW
cat > "$root/etc/group" <<GR
root:x:0:
nogroup:x:65534:
GR
echo "bench" > "$root/etc/hostname"

# The test suites: upstream's ftracetest from the base tree, then our cases.
mkdir -p "$root/selftests"
cp -a "$BASE/tools/testing/selftests/ftrace" "$root/selftests/"
if [ -d "$TOP/tools/testing/selftests/ftrace" ]; then
	cp -a "$TOP/tools/testing/selftests/ftrace/." "$root/selftests/ftrace/"
fi

# Upstream's live patching kselftests (the guest tier "lp",
# guest/lp-kselftest.sh), when the kernel has live patching: the scripts
# from the base tree, the test modules built out of tree (extmod.list:
# test_klp) and its getpid hammer. The scripts are bash and compare the
# kernel log with what kmod's insmod and procps' sysctl print, and call
# coreutils' date and /bin/stat with options busybox lacks: those come
# from the host, kmod, sysctl, date and getconf in /opt/lp/bin (first in
# the tier's PATH only), stat as /bin/stat (a superset of busybox's).
if grep -qx 'CONFIG_LIVEPATCH=y' "$OBJ/.config" && ls "$OBJ"/extmod/test_klp_*.ko > /dev/null 2>&1; then
	lp=$root/selftests/livepatch
	mkdir -p "$lp" "$root/opt/lp/bin"
	cp "$BASE"/tools/testing/selftests/livepatch/{functions.sh,test-*.sh} "$lp/"
	ln -s /lib/extmod "$lp/test_modules"
	gcc -O2 -static -Wall -o "$lp/test_klp-call_getpid" \
		"$BASE/tools/testing/selftests/livepatch/test_klp-call_getpid.c"
	rm -f "$root/bin/bash" "$root/bin/stat"
	copy_prog "$root" /bin/bash
	copy_prog "$root" /usr/bin/stat
	mv "$root/usr/bin/stat" "$root/bin/stat"
	for p in /usr/bin/kmod /usr/sbin/sysctl /usr/bin/date /usr/bin/getconf; do
		copy_prog "$root" "$p"
		mv "$root$p" "$root/opt/lp/bin/"
	done
	for a in insmod rmmod modprobe modinfo lsmod; do
		ln -s kmod "$root/opt/lp/bin/$a"
	done
fi

# Our guest side.
install -m 0755 "$TOOLING/guest/init" "$root/init"
mkdir -p "$root/harness"
cp -a "$TOOLING/guest/." "$root/harness/"
mkdir -p "$root/harness/bench.d"
cp "$TOOLING"/bench.d/*.sh "$root/harness/bench.d/" 2>/dev/null || true

# The kernel's modules (modprobe reads modules.dep written by depmod).
cp -a "$MODROOT/lib/modules" "$root/lib/"
# Test modules of ours built out of tree for this kernel, if any.
if [ -d "$OBJ/extmod" ]; then
	mkdir -p "$root/lib/extmod"
	cp "$OBJ"/extmod/*.ko "$root/lib/extmod/" 2>/dev/null || true
fi

( cd "$root" && find . -print0 | cpio --null -o -H newc --quiet ) |
	gzip -1 > "$INITRD"
echo "initramfs[$NAME]: $(stat -c %s "$INITRD") bytes"
