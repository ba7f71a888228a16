#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# vm.sh KIND MODE [SCRIPT]: boot a built kernel in QEMU.
#   MODE shell   interactive console (stdin/stdout), console log saved
#   MODE script  run SCRIPT as root in the guest, print its output, exit with
#                its status
#   MODE check   run the guest test tiers (TIERS=t2,t3,t4; T3=categories,
#                T2=folders of test.d/ours, both comma separated); results
#                in $RUN/out.log for the caller
# APPEND='...' adds kernel command-line options, QEMU_ARGS='...' QEMU's
# (e.g. -s for a gdb stub on tcp::1234). TIMEOUT=seconds bounds the
# run. Every run gets a folder under build/runs/ with console.log (the
# serial console) and out.log (the guest's report channel, ttyS1).
# A run fails on timeout or on any oops, BUG, WARNING, KASAN report, lockdep
# splat, hung task, RCU stall or panic in the console log (SPLAT_PATTERN).
source "$(dirname "$0")/common.sh"

kind=${1:?usage: vm.sh ours|ref shell|script|check [script]}
mode=${2:?usage: vm.sh ours|ref shell|script|check [script]}
script=${3:-}
kernel_vars "$kind"
[ -f "$KIMAGE" ] || die "$KIMAGE missing: build the kernel first"
[ -f "$INITRD" ] || die "$INITRD missing: build the initramfs first"

RUN=${RUN:-$BUILD/runs/$NAME-$mode-$(date +%Y%m%d-%H%M%S)-$$}
mkdir -p "$RUN" "$BUILD/runs"
echo "$RUN" > "$BUILD/runs/last-$NAME-$mode"

# The initramfs, plus a second archive carrying the script (the kernel
# unpacks concatenated archives in order).
initrd=$INITRD
if [ "$mode" = script ]; then
	[ -r "$script" ] || die "script '$script' not readable"
	mkdir -p "$RUN/extra/harness"
	cat "$script" > "$RUN/extra/harness/script"
	( cd "$RUN/extra" && find . | cpio -o -H newc --quiet ) > "$RUN/extra.cpio"
	# Each archive must start 4-byte aligned: pad the first with zeros.
	pad=$(( (4 - $(stat -c %s "$INITRD") % 4) % 4 ))
	{ cat "$INITRD"; head -c "$pad" /dev/zero; cat "$RUN/extra.cpio"; } > "$RUN/initrd"
	initrd=$RUN/initrd
fi

# CLIENTS=bpf: the BPF clients' archive (clients.sh) after the rest, and
# the memory their 200 MB of libraries unpack into.
mem=${MEM:-1024}
if [ "${CLIENTS:-}" = bpf ]; then
	"$TOOLING/clients.sh" || die "cannot build the BPF clients' archive"
	pad=$(( (4 - $(stat -c %s "$initrd") % 4) % 4 ))
	{ cat "$initrd"; head -c "$pad" /dev/zero; cat "$BUILD/clients-bpf.cpio.gz"; } > "$RUN/initrd-clients"
	initrd=$RUN/initrd-clients
	mem=${MEM:-2048}
fi

# EXTRA_CPIO=archive: one more archive over the initramfs (testprogs.sh's
# test_progs and what it needs).
if [ -n "${EXTRA_CPIO:-}" ]; then
	pad=$(( (4 - $(stat -c %s "$initrd") % 4) % 4 ))
	{ cat "$initrd"; head -c "$pad" /dev/zero; cat "$EXTRA_CPIO"; } > "$RUN/initrd-extra"
	initrd=$RUN/initrd-extra
fi

cmdline="console=ttyS0 panic=-1 harness=$mode"
if [ "$mode" = check ]; then
	cmdline="$cmdline harness.tiers=${TIERS:-t2,t3,t4}"
	[ -n "${T3:-}" ] && cmdline="$cmdline harness.t3=$T3"
	[ -n "${T2:-}" ] && cmdline="$cmdline harness.t2=$T2"
fi
# A scratch virtio disk of its own for every run (sparse, 64 MiB): the
# block events and blktrace need a device to trace (/dev/vda). Not for
# the debug kernels (DISK=1 forces it, DISK=0 drops it anywhere): with
# lockdep and KASAN, ours and the reference alike (6.12.117, 2026-11-29)
# never complete the partition scan's first read of the disk under TCG
# and boot no further, with nosmp, pci=nomsi, nohz=off or
# clocksource=hpet as well. The guest is told (harness.nodisk), so that
# the cases needing the disk say they cannot run rather than fail.
disk=${DISK:-1}
[ "${DEBUG:-0}" = 1 ] && disk=${DISK:-0}
[ "$disk" = 1 ] || cmdline="$cmdline harness.nodisk"
cmdline="$cmdline ${APPEND:-}"

qemu=(qemu-system-x86_64 -accel tcg,thread=single -cpu max -smp 2 -m "$mem"
	-no-reboot -display none -monitor none -nodefaults
	-kernel "$KIMAGE" -initrd "$initrd" -append "$cmdline")
if [ "$disk" = 1 ]; then
	truncate -s 64M "$RUN/disk.img"
	qemu+=(-drive "file=$RUN/disk.img,if=virtio,format=raw")
fi
# ICOUNT=1: the guest's clock counts instructions (one per ns), so times
# measured inside it are instruction counts, whatever the host is doing.
[ "${ICOUNT:-0}" = 1 ] && qemu+=(-icount shift=0,align=off,sleep=off)
# QEMU_ARGS='...' adds options, e.g. '-s' for a gdb stub on tcp::1234.
# shellcheck disable=SC2206 # split on purpose
[ -n "${QEMU_ARGS:-}" ] && qemu+=($QEMU_ARGS)

scan_console() {
	local pat="$SPLAT_PATTERN|Call Trace:"
	if grep -E -q "$pat" "$RUN/console.log"; then
		echo "vm[$NAME]: kernel splat in $RUN/console.log:" >&2
		grep -E -m 5 -B2 -A12 "$pat" "$RUN/console.log" >&2
		return 1
	fi
}

if [ "$mode" = shell ]; then
	# The console on this terminal, copied to console.log; Ctrl-A X quits.
	"${qemu[@]}" -chardev "stdio,id=con,mux=on,signal=off,logfile=$RUN/console.log" \
		-serial chardev:con -serial null
	rm -f "$RUN/disk.img"
	exit 0
fi

: > "$RUN/out.log"
timeout "${TIMEOUT:-900}" "${qemu[@]}" \
	-serial "file:$RUN/console.log" -serial "file:$RUN/out.log" \
	</dev/null &
qpid=$!
# Show the report channel live: a script's whole output, or a check's
# result lines.
if [ "$mode" = check ]; then
	show='^@@RESULT'
else
	show='^@@HARNESS-EXIT'
fi
tail -n +1 -s 0.5 --pid=$qpid -F "$RUN/out.log" 2>/dev/null |
	if [ "$mode" = check ]; then grep --line-buffered -E "$show" || true
	else grep --line-buffered -v -E "$show" || true; fi
rc=0
wait $qpid || rc=$?
rm -f "$RUN/disk.img" "$RUN/initrd-clients" "$RUN/initrd-extra"
# The guest's tty may have turned newlines into CR LF.
sed -i 's/\r$//' "$RUN/out.log"

if [ $rc = 124 ]; then
	echo "vm[$NAME]: timed out after ${TIMEOUT:-900}s; console: $RUN/console.log" >&2
	tail -n 30 "$RUN/console.log" >&2
	exit 124
fi
scan_console || exit 3
grep -q '^@@HARNESS-EXIT' "$RUN/out.log" || {
	echo "vm[$NAME]: the guest did not finish (rc=$rc); console: $RUN/console.log" >&2
	tail -n 30 "$RUN/console.log" >&2
	exit 4
}
status=$(sed -n 's/^@@HARNESS-EXIT \([0-9]*\).*/\1/p' "$RUN/out.log" | tail -n 1)
exit "${status:-1}"
