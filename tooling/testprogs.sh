#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# testprogs.sh [KIND...]: the base tree's BPF selftests runner, test_progs,
# its tracing subset, on each kernel named (default: ours ref), side by
# side (TESTPROGS_TESTS=a,b runs only those). Prints per test
#   testprogs <test> ours: OK|FAIL|SKIP (subtests a/b) reference: ...
# then
#   testprogs: ours N of M OK, reference N of M OK, K differ
# and exits non-zero when a test passes on the reference and not on ours.
#
# test_progs is built once (build/testprogs/), with Debian's clang-19 for
# the BPF objects (clang 14 is too old for 6.12's) against our kernel's
# BTF; CO-RE fits them to either kernel. bpf_testmod.ko, which
# kprobe_multi_test and the many-argument fentry/fexit subtests load, is
# built against each kernel. The test kernels have NET but not INET: the
# BPF programs of TCP, UDP and netfilter tests do not compile against
# their BTF, and they and their tests are left out (testprogs/prune.list;
# none is a tracing test). testprogs/local.patch lets test_progs run
# without network namespaces (the test kernels have none).
source "$(dirname "$0")/common.sh"

TESTS=attach_probe,kprobe_multi_test,uprobe_multi_test,fentry_test,fexit_test
TESTS+=,trampoline_count,raw_tp_test_run,get_stack_raw_tp,tp_attach_query
TESTS+=,get_func_ip_test,trace_printk,test_lsm
# and what the issue's list leaves out but kernel/trace's half of BPF
# still decides: writable raw tracepoints, iterators (TRACING iter and
# its helper table), cookies and link info (bpftool's view), sleepable
# fexit, fmod_ret, module targets, perf_event stack maps, signals,
# d_path, the recursion guards, tp/raw_tp fd queries.
TESTS+=,raw_tp_writable_test_run,cgroup_iter,bpf_cookie,fill_link_info
TESTS+=,perf_link,module_attach,modify_return,get_func_args_test
TESTS+=,trace_vprintk,send_signal,d_path,perf_event_stackmap
TESTS+=,stacktrace_map_raw_tp,recursion,probe_read_user_str,varlen
TESTS+=,tracing_struct,fentry_fexit,fexit_sleep,task_fd_query_rawtp
TESTS+=,task_fd_query_tp,kprobe_multi_testmod_test,uprobe_autoattach
TESTS=${TESTPROGS_TESTS:-$TESTS}
# (it goes into the guest's script as one word of test_progs -t)
[[ $TESTS =~ ^[A-Za-z0-9_/,-]+$ ]] ||
	die "TESTPROGS_TESTS='$TESTS': expected test names separated by commas"
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(ours ref)
W=$BUILD/testprogs
SELF=$TOOLING/testprogs

need=
for p in clang-19 llvm-19 lld-19 libcap-dev libzstd-dev libelf-dev zlib1g-dev \
	 pkg-config dwarves python3-docutils; do
	dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q "ok installed" ||
		need="$need $p"
done
if [ -n "$need" ]; then
	echo "testprogs: installing:$need"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq > /dev/null
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $need > /dev/null ||
		die "apt-get install failed for:$need"
fi
for k in "${kinds[@]}"; do
	kernel_vars "$k"
	[ -f "$OBJ/vmlinux" ] && [ -f "$INITRD" ] ||
		die "$k is not built (tooling/kernel.sh $k; tooling/initramfs.sh $k)"
done

# The tree: tools/ copied (the build writes beside its sources), the rest
# linked to the base tree, which stays untouched.
tree=$W/linux
sel=$tree/tools/testing/selftests/bpf
out=$W/out
stamp="$(base_version) $(cat "$SELF/local.patch" "$SELF/prune.list" | md5sum)"
if [ "$(cat "$W/tree.stamp" 2> /dev/null)" != "$stamp" ]; then
	echo "testprogs: preparing the selftests tree"
	rm -rf "$W"
	mkdir -p "$tree"
	for e in "$BASE"/* "$BASE"/.config; do
		[ -e "$e" ] || continue
		[ "$(basename "$e")" = tools ] && continue
		ln -s "$e" "$tree/$(basename "$e")"
	done
	cp -a "$BASE/tools" "$tree/tools"
	(cd "$tree" && patch -s -p1 < "$SELF/local.patch") || die "local.patch does not apply"
	mkdir -p "$W/pruned"
	grep -v -e '^#' -e '^$' "$SELF/prune.list" | while read -r f; do
		[ -e "$sel/$f" ] && mv "$sel/$f" "$W/pruned/$(echo "$f" | tr / _)"
	done
	rm -f "$sel/prog_tests/tests.h"
	echo "$stamp" > "$W/tree.stamp"
fi

# test_progs itself, against our kernel's BTF. The -o files are programs
# and modules none of these tests needs.
kernel_vars ours
mkdir -p "$out"
skip=()
for f in bpf_test_no_cfi.ko bpf_test_modorder_x.ko bpf_test_modorder_y.ko \
	 sign-file xdp_synproxy; do
	touch "$out/$f"
	skip+=(-o "$out/$f")
done
echo "testprogs: building test_progs (log: $W/build.log)"
PATH=/usr/lib/llvm-19/bin:$PATH make -C "$sel" -j"$(nproc)" OUTPUT="$out" \
	VMLINUX_BTF="$OBJ/vmlinux" KDIR="$OBJ" feature-llvm=0 "${skip[@]}" \
	test_progs > "$W/build.log" 2>&1 ||
	{ tail -n 30 "$W/build.log"; die "test_progs does not build"; }

declare -A pid run
stampr=$(date +%Y%m%d-%H%M%S)
for k in "${kinds[@]}"; do
	kernel_vars "$k"
	# bpf_testmod.ko against this kernel: its BTF must be the kernel's
	rm -f "$sel/bpf_testmod/bpf_testmod.ko"
	make -C "$sel/bpf_testmod" KDIR="$OBJ" \
		RESOLVE_BTFIDS="$out/tools/build/resolve_btfids/resolve_btfids" \
		> "$W/testmod-$k.log" 2>&1 ||
		{ tail -n 20 "$W/testmod-$k.log"; die "bpf_testmod does not build against $k"; }
	b=$W/bundle-$k
	rm -rf "$b"
	mkdir -p "$b/bpf" "$b/boot" "$b/lib/x86_64-linux-gnu" "$b/lib64"
	cp "$out/test_progs" "$out/uprobe_multi" "$b/bpf/"
	cp "$sel/bpf_testmod/bpf_testmod.ko" "$b/bpf/"
	# the objects these tests open by name (the rest are built in)
	for o in test_trampoline_count test_get_stack_rawtp \
		 test_get_stack_rawtp_err test_tracepoint test_stacktrace_map; do
		cp "$out/$o.bpf.o" "$b/bpf/"
	done
	# libbpf resolves __kconfig externs from /boot/config-<release>
	cp "$OBJ/.config" "$b/boot/config-$(cat "$OBJ/include/config/kernel.release")"
	# uprobe tests probe libc itself; glibc loads libgcc_s at thread exit
	for l in libelf.so.1 libz.so.1 libzstd.so.1 libc.so.6 libgcc_s.so.1 libm.so.6; do
		[ -e "/lib/x86_64-linux-gnu/$l" ] &&
			cp -L "/lib/x86_64-linux-gnu/$l" "$b/lib/x86_64-linux-gnu/"
	done
	cp -L /lib64/ld-linux-x86-64.so.2 "$b/lib64/"
	(cd "$b" && find . | cpio -o -H newc --quiet | gzip -1) > "$W/bundle-$k.cpio.gz"
	cat > "$W/guest.sh" << EOF
#!/bin/sh
mountpoint -q /sys/fs/bpf || mount -t bpf bpf /sys/fs/bpf
ulimit -l unlimited
cd /bpf || exit 1
./test_progs -t $TESTS > /tmp/tp.out 2>&1
echo "@@TESTPROGS-EXIT \$?"
grep -E '^#[0-9/]+ +[a-z_0-9/-]+:(OK|FAIL|SKIP)|^Summary:' /tmp/tp.out
grep -E -B3 -A12 ':FAIL' /tmp/tp.out | tail -n 150 | sed 's/^/  | /'
EOF
	run[$k]=$BUILD/runs/$NAME-testprogs-$stampr
	RUN=${run[$k]} TIMEOUT=1800 MEM=2048 EXTRA_CPIO="$W/bundle-$k.cpio.gz" \
		"$TOOLING/vm.sh" "$k" script "$W/guest.sh" > "${run[$k]}.out" 2>&1 &
	pid[$k]=$!
done
for k in "${kinds[@]}"; do
	wait "${pid[$k]}" || echo "testprogs[$k]: the guest ended with status $?"
done

outs=()
for k in "${kinds[@]}"; do outs+=("${run[$k]}.out"); done
python3 - "${kinds[@]}" -- "${outs[@]}" << 'EOF'
import re, sys
i = sys.argv.index("--")
kinds, outs = sys.argv[1:i], sys.argv[i + 1:]
res = {}
for k, path in zip(kinds, outs):
    r = {}
    try:
        text = open(path, errors="replace").read()
    except OSError:
        text = ""
    for m in re.finditer(r"^#(\d+)(/\d+)? +(\S+):(OK|FAIL|SKIP)", text, re.M):
        test = m.group(3).split("/")[0]
        sub = m.group(2) is not None
        t = r.setdefault(test, {"status": None, "subs": [0, 0]})
        if sub:
            t["subs"][1] += 1
            t["subs"][0] += m.group(4) == "OK"
        else:
            t["status"] = m.group(4)
    res[k] = r
label = {"ours": "ours", "ref": "reference", "refm": "reference"}
tests = sorted(set().union(*[set(r) for r in res.values()]))
differ = 0
worse = 0
for t in tests:
    line = "testprogs %s" % t
    st = []
    for k in kinds:
        x = res[k].get(t)
        s = x["status"] if x and x["status"] else "MISSING"
        st.append(s)
        subs = " (subtests %d/%d)" % tuple(x["subs"]) if x and x["subs"][1] else ""
        line += " %s: %s%s" % (label.get(k, k), s, subs)
    print(line)
    if len(set(st)) > 1:
        differ += 1
        if "ours" in kinds and st[kinds.index("ours")] != "OK" and \
           any(s == "OK" for s in st):
            worse += 1
summary = ", ".join("%s %d of %d OK" % (label.get(k, k),
                    sum(1 for t in tests if res[k].get(t, {}).get("status") == "OK"),
                    len(tests)) for k in kinds)
print("testprogs: %s, %d differ" % (summary, differ))
sys.exit(1 if worse or not tests else 0)
EOF
