# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/bpf cases (BPF programs attached
# where the kernel is traced, by the guest's bpfprobe). Not a case
# itself: each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/bpf/helpers.sh"
# It brings in the event helpers too (and through them the core ones).
. "$FTRACETEST_ROOT/test.d/ours/events/helpers.sh"

BPFPROBE=/usr/bin/bpfprobe

# bpf_ready: the kernel runs tracing's BPF programs and the guest has
# bpfprobe; a case without them is unsupported, not failed.
bpf_ready() {
	[ -x $BPFPROBE ] || exit_unsupported
	[ -d /sys/kernel/btf ] || exit_unsupported
	ulimit -l unlimited 2> /dev/null || true
}

# hold_start KIND TARGET SECS: bpfprobe holds a counting program in the
# background (output in $TMPDIR/hold.out, pid in $HOLD); returns once it
# is attached.
hold_start() {
	# emptied here: the background shell truncates it only when it runs
	: > "$TMPDIR/hold.out"
	$BPFPROBE hold "$1" "$2" "$3" >> "$TMPDIR/hold.out" 2>&1 &
	HOLD=$!
	_hs=0
	while ! grep -q '^attached$' "$TMPDIR/hold.out"; do
		kill -0 $HOLD 2> /dev/null ||
			fail "bpfprobe hold $1 $2: $(cat "$TMPDIR/hold.out")"
		_hs=$((_hs + 1))
		[ $_hs -lt 300 ] || fail "bpfprobe hold $1 $2 never attached"
		sleep 0.1
	done
}

# hold_stop: detach the held program; $HITS is how many times it ran.
# (Not from a command substitution: only this shell can wait for it.)
hold_stop() {
	kill -INT $HOLD 2> /dev/null || true
	wait $HOLD || fail "bpfprobe hold: $(cat "$TMPDIR/hold.out")"
	HOLD=
	HITS=$(sed -n 's/^hits //p' "$TMPDIR/hold.out")
}

# reads N: N reads of one byte by dd (each a vfs_read()), from a file
# that has them all.
reads() {
	dd if=/dev/zero of=/dev/null bs=1 count="$1" 2> /dev/null
}
