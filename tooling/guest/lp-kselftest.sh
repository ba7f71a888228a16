#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The guest tier "lp": upstream's live patching kselftests (the base tree's
# tools/testing/selftests/livepatch, put in /selftests/livepatch by
# initramfs.sh with their test modules). Each script is one result: exit
# status 0 is PASS, 4 (kselftest's skip) SKIP, anything else FAIL. Live
# patching runs on our function tracer: every patch is an IPMODIFY ftrace_ops,
# and test-ftrace.sh checks kernel.ftrace_enabled against it.
LP=/selftests/livepatch
if [ ! -d $LP ]; then
	echo "@@RESULT lp livepatch NOTBUILT"
	exit 0
fi
# the kselftest's own settings say "no time limit": ours is the case limit
limit=$((${CASE_TIMEOUT:-300} * ${CASE_SCALE:-1}))
for t in $(cd $LP && ls test-*.sh); do
	t0=$(date +%s)
	# KDIR: the scripts want a kernel build tree to exist; the modules are
	# built already
	(cd $LP && PATH=/opt/lp/bin:$PATH KDIR=/ timeout $limit bash "./$t") \
		> /tmp/lp.out 2>&1
	rc=$?
	secs=$(( $(date +%s) - t0 ))
	case $rc in
	0) st=PASS ;;
	4) st=SKIP ;;
	*) st=FAIL
	   [ "$secs" -ge "$limit" ] && st=TIMEOUT ;;
	esac
	echo "@@RESULT lp livepatch/$t $st secs=$secs limit=$limit"
	if [ $st != PASS ]; then
		echo "---- livepatch/$t: status $rc"
		tail -n 40 /tmp/lp.out
		echo "----"
	fi
done
