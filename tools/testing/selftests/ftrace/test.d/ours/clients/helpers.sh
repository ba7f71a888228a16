# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the test.d/ours/clients cases: the kernel's own users of
# our function tracer (kprobes, live patching, direct calls, STM). Not a
# case itself: each case sources it with
#   . "$FTRACETEST_ROOT/test.d/ours/clients/helpers.sh"
. "$FTRACETEST_ROOT/test.d/ours/core/helpers.sh"

# The probed function: /proc/cmdline's show function is called once per
# read of the file and by nothing else, and the base tree's live patch
# sample (samples/livepatch/livepatch-sample.c) replaces it.
PROBED=cmdline_proc_show
PATCHED_TEXT="this has been live patched"

KP_KO=/lib/extmod/kprobe_probe.ko
KP_P=/sys/module/kprobe_probe/parameters
LP=/sys/kernel/livepatch/livepatch_sample

# kp_param NAME: a parameter of the kprobe_probe module.
kp_param() { head -n 1 $KP_P/$1; }

# kp_load ARGS...: insmod kprobe_probe; its stderr in $TMPDIR/insmod.err.
kp_load() {
	[ -f "$KP_KO" ] || { echo "no $KP_KO"; exit_unresolved; }
	insmod $KP_KO "$@" 2> $TMPDIR/insmod.err
}

# enabled_line FUNC: FUNC's line in enabled_functions, or nothing.
enabled_line() {
	grep "^$1 " enabled_functions || true
}

# site_flags FUNC: the flag letters of FUNC's enabled_functions line, one
# space apart ("R I" for saved registers and an IP modifier), after the
# count (N) that site_count prints.
site_flags() {
	enabled_line $1 | cut -f1 | sed 's/^[^)]*)//' | tr -s ' ' | sed 's/^ //; s/ $//'
}
site_count() {
	enabled_line $1 | sed -n 's/^[^ ]* (\([0-9]*\)).*/\1/p'
}

# has_flag FUNC LETTER: FUNC's site shows LETTER.
has_flag() {
	case " $(site_flags $1) " in
	*" $2 "*) return 0 ;;
	esac
	return 1
}

# read_cmdline N: read /proc/cmdline N times; the last text in $TMPDIR/cmdline.
read_cmdline() {
	i=0
	while [ $i -lt "$1" ]; do
		cat /proc/cmdline > $TMPDIR/cmdline
		i=$((i + 1))
	done
}

# lp_wait: until the live patch's transition is over (a few seconds at most).
lp_wait() {
	i=0
	while [ "$(cat $LP/transition 2> /dev/null)" = 1 ]; do
		i=$((i + 1))
		[ $i -lt 100 ] || fail "the live patch is still in transition after 10 s"
		sleep 0.1
	done
}

# lp_remove: disable the sample patch if loaded, then unload it.
lp_remove() {
	if [ -d $LP ]; then
		lp_wait
		echo 0 > $LP/enabled 2> /dev/null
		i=0
		while [ -d $LP ] && [ $i -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
	fi
	rmmod livepatch_sample 2> /dev/null || true
}
