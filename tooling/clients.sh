#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# clients.sh: the BPF clients as a second initramfs archive that vm.sh
# appends when CLIENTS=bpf: Debian's bpftrace, bpftool and a few of
# libbpf-tools, with the libraries ldd names (bpftrace's LLVM and clang
# are some 200 MB: too much for every boot, hence an archive of its own,
# for both kernels alike). Rebuilt when the packages' versions change.
source "$(dirname "$0")/common.sh"

out=$BUILD/clients-bpf.cpio.gz
tools="opensnoop execsnoop runqlat biolatency funclatency"
stamp=$(dpkg-query -W -f='${Package}=${Version}\n' bpftrace bpftool \
	libbpf-tools 2>/dev/null | sort | tr '\n' ' ')
[ -f "$out" ] && [ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ] && exit 0
for p in /usr/bin/bpftrace /usr/sbin/bpftool; do
	[ -x "$p" ] || die "$p missing: make setup installs it"
done

root=$BUILD/clients-bpf
rm -rf "$root"
mkdir -p "$root"
copy_prog "$root" /usr/bin/bpftrace
copy_prog "$root" /usr/sbin/bpftool
for t in $tools; do
	copy_prog "$root" "/usr/sbin/$t"
done
( cd "$root" && find . -print0 | cpio --null -o -H newc --quiet ) |
	gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
echo "$stamp" > "$out.stamp"
rm -rf "$root"
echo "clients: $(stat -c %s "$out") bytes ($stamp)"
