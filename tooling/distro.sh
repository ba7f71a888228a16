#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# distro.sh: Debian's amd64 kernel configuration (package linux-config-6.12)
# on our tree and on the base tree, configured, built, booted and compared.
#
# 1. Options. Debian's configuration goes through olddefconfig on both
#    trees unchanged, and the tracing options that upstream offers (the
#    symbols of the base tree's kernel/trace/Kconfig) and Debian enables
#    are counted on ours, the missing ones listed:
#      distro config: N of M tracing options upstream offers and Debian enables survive on ours
#      distro config: missing CONFIG_X=y (ours: ...)
#    DISTRO_STEPS=config stops here (a minute, nothing built).
# 2. Reduce. Debian builds 4051 modules; only those that use kernel/trace
#    are kept (tooling/distro/trace-users.py: a file that names a symbol
#    kernel/trace/*.c exports or defines CREATE_TRACE_POINTS, mapped to its
#    module through the Makefiles), plus what the guest needs
#    (distro/guest.modules), through localmodconfig. So every link and
#    modpost gap a distribution would meet still shows. Then
#    distro/build.config: no debug info, no module signing or compression,
#    the tracers' boot self-tests.
# 3. Build. Ours first. The reference is the base tree with exactly the
#    options ours ended with (kernel/trace options ours lacks are switched
#    off, and any other difference is printed), built from the same source
#    path (build/distro-src, synchronised by content so unchanged files keep
#    their time stamps), so that ccache can reuse ours' objects where the
#    preprocessed text is the same. (Today the options the base tree
#    derives and ours does not, BPF_EVENTS above all, which changes
#    struct module, leave few such files: see README.md.)
# 4. Boot both side by side (one core each): boot self-tests
#    (tooling/expect/selftests.list, the reference's wording in
#    selftests-ref.list), the formats of every
#    event the kernel has, DISTRO_T3 / DISTRO_T2 (below) of ftracetest,
#    and T4 with the BPF clients (CLIENTS=bpf): trace-cmd, blktrace,
#    bpftrace, bpftool and libbpf-tools on Debian's configuration. It has
#    no BTF (build.config), so what needs BTF (kfunc, fentry) fails on
#    both kernels alike.
# 5. One line:
#    distro: ours builds=yes boots=yes options=N/M formats=K compared D differ | reference builds=yes boots=yes
#
# It takes about an hour cold on two cores; see README.md for the figures.
source "$(dirname "$0")/common.sh"

DEBIAN_CONFIG=${DEBIAN_CONFIG:-/usr/src/linux-config-6.12/config.amd64_none_amd64.xz}
DISTRO_STEPS=${DISTRO_STEPS:-all}
# The ftracetest subset run on the distro kernels: the function tracer's
# and the probes' categories patch text under Debian's mitigations (IBT,
# return thunks, call-depth tracking); 00basic covers the files, and the
# formats every event.
DISTRO_T3=${DISTRO_T3:-00basic,ftrace,kprobe}
DISTRO_T2=${DISTRO_T2:-ftrace,fgraph,probes,bpf}
[ -r "$DEBIAN_CONFIG" ] || die "no $DEBIAN_CONFIG: install linux-config-6.12 (make setup)"
"$TOOLING/base.sh" > /dev/null
"$TOOLING/overlay.sh" > /dev/null
build_lock
D=$BUILD/distro
mkdir -p "$D"

# configure KIND: Debian's configuration through olddefconfig of KIND's tree.
configure() {
	kernel_vars "$1"
	local dir=$BUILD/cfg-distro-$1
	rm -rf "$dir"
	mkdir -p "$dir"
	xz -dc "$DEBIAN_CONFIG" > "$dir/.config"
	make -s -C "$SRC" O="$dir" ARCH=x86_64 olddefconfig > "$dir.log" 2>&1 ||
		die "olddefconfig of $1 failed: see $dir.log"
	echo "$dir/.config"
}
ours_cfg=$(configure ours)
ref_cfg=$(configure ref)

# The symbols upstream's kernel/trace/Kconfig defines, that Debian sets
# (y or m) and that the base tree keeps after olddefconfig.
want=$(sed -n 's/^\(menu\)\{0,1\}config \([A-Z0-9_]*\).*/CONFIG_\2/p' \
	"$BASE/kernel/trace/Kconfig" | sort -u)
# and BPF_LSM (security/bpf/Kconfig), which BPF_EVENTS makes possible:
# systemd's RestrictFileSystems= needs it
want="$want CONFIG_BPF_LSM"
total=0
kept=0
missing=()
# Debian's configuration decompressed once: piping xz into grep -q would
# let grep's early exit kill xz with SIGPIPE, and under pipefail an option
# Debian does enable would at random go uncounted.
deb_cfg=$BUILD/cfg-distro-debian
xz -dc "$DEBIAN_CONFIG" > "$deb_cfg"
for opt in $want; do
	line=$(grep -E "^$opt=(y|m)$" "$ref_cfg" || true)
	[ -n "$line" ] || continue
	grep -qx "$line" "$deb_cfg" || continue
	total=$((total + 1))
	if grep -qx "$line" "$ours_cfg"; then
		kept=$((kept + 1))
	else
		got=$(grep -E "^$opt=|^# $opt is not set" "$ours_cfg" || true)
		missing+=("$line (ours: ${got:-not offered})")
	fi
done
echo "distro config: $kept of $total tracing options upstream offers and Debian enables survive on ours"
for m in "${missing[@]}"; do
	echo "distro config: missing $m"
done
[ "$DISTRO_STEPS" = config ] && exit 0

t_start=$(date +%s)
export DISTRO=1
kmake() {
	make -s -C "$SRC" O="$OBJ" ARCH=x86_64 CC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP="" KBUILD_BUILD_USER=bench \
		KBUILD_BUILD_HOST=bench "$@"
}

# share_src KIND: the shared source path holds KIND's tree. rsync by
# checksum: a file whose content is the same keeps its time stamp, so
# make rebuilds nothing for it and ccache sees the same path.
share_src() {
	local from=$BUILD/ours-src
	[ "$1" = ref ] && from=$BASE
	mkdir -p "$BUILD/distro-src"
	rsync -a -c --delete "$from/" "$BUILD/distro-src/"
}

# 2. The modules to keep, as lsmod would list them.
python3 "$TOOLING/distro/trace-users.py" -v "$BASE" > "$D/trace-users.txt"
{ echo "Module Size Used"
  awk '{print $1, 0, 0}' "$D/trace-users.txt"
  grep -v '^#' "$TOOLING/distro/guest.modules" | awk 'NF {print $1, 0, 0}'
} > "$D/lsmod"

# build KIND: configure (ours: reduce; ref: ours' result) and build.
build() {
	local kind=$1 log
	kernel_vars "$kind"
	log=$D/build-$kind.log
	share_src "$kind"
	mkdir -p "$OBJ"
	local cfg=$D/cfg-$kind
	rm -rf "$cfg"
	mkdir -p "$cfg"
	if [ "$kind" = ours ]; then
		cp "$ours_cfg" "$cfg/.config"
		make -s -C "$SRC" O="$cfg" ARCH=x86_64 LSMOD="$D/lsmod" \
			localmodconfig < /dev/null > "$D/localmodconfig.log" 2>&1 ||
			die "localmodconfig failed: see $D/localmodconfig.log"
		KCONFIG_CONFIG=$cfg/.config "$SRC/scripts/kconfig/merge_config.sh" -m -Q \
			-O "$cfg" "$cfg/.config" "$TOOLING/distro/build.config" > /dev/null
		make -s -C "$SRC" O="$cfg" ARCH=x86_64 olddefconfig > /dev/null
		echo "distro reduce: $(grep -c '=m$' "$cfg/.config") modules of" \
			"Debian's $(grep -c '=m$' "$ours_cfg")"
		local lost=0 line
		for line in $(grep '^CONFIG_' "$TOOLING/distro/build.config"); do
			grep -qx "$line" "$cfg/.config" && continue
			echo "distro reduce: requested $line, got:" \
				"$(grep -E "^${line%%=*}=" "$cfg/.config" || echo unset)"
			lost=$((lost + 1))
		done
		echo "distro reduce: $lost requested options lost"
	else
		# The base tree with ours' resulting options: what ours does
		# not offer is switched off rather than left to its default.
		local oc=$BUILD/obj-ours-distro/.config o
		cp "$oc" "$cfg/.config"
		for o in $want; do
			grep -q "^$o=" "$oc" || "$SRC/scripts/config" --file "$cfg/.config" -d "${o#CONFIG_}"
		done
		make -s -C "$SRC" O="$cfg" ARCH=x86_64 olddefconfig > /dev/null
		local n=0
		for o in $(diff <(grep '^CONFIG_' "$oc" | sort) <(grep '^CONFIG_' "$cfg/.config" | sort) |
			   sed -n 's/^[<>] \(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p' | sort -u); do
			echo "distro reference: $o: ours $(sed -n "s/^$o=//p" "$oc" | grep . || echo unset)," \
			     "reference $(sed -n "s/^$o=//p" "$cfg/.config" | grep . || echo unset)"
			n=$((n + 1))
		done
		echo "distro reference: $n options differ from ours"
	fi
	cmp -s "$cfg/.config" "$OBJ/.config" || cp "$cfg/.config" "$OBJ/.config"
	local t0
	t0=$(date +%s)
	if ! kmake -j"$JOBS" bzImage modules > "$log" 2>&1; then
		echo "distro build[$kind]: FAILED ($(( $(date +%s) - t0 ))s); the last errors:"
		grep -E 'error|undefined|ERROR' "$log" | tail -n 20
		return 1
	fi
	rm -rf "$MODROOT"
	kmake INSTALL_MOD_PATH="$MODROOT" INSTALL_MOD_STRIP=1 modules_install > /dev/null
	echo "distro build[$kind]: $(cat "$OBJ/include/config/kernel.release")," \
		"$(find "$MODROOT" -name '*.ko' | wc -l) modules, $(( $(date +%s) - t0 ))s"
	# The module whose missing export the issue began with.
	find "$MODROOT" -name stm_ftrace.ko | grep -q . ||
		echo "distro build[$kind]: warning: stm_ftrace.ko not built"
	# Our test modules (extmod.list), which some T2 cases load; the
	# shared source path holds this kind's tree while they build.
	"$TOOLING/build-extmod.sh" "$kind" > "$D/extmod-$kind.log" 2>&1 ||
		echo "distro build[$kind]: warning: a test module does not build (see $D/extmod-$kind.log)"
	"$TOOLING/initramfs.sh" "$kind" > /dev/null
}

declare -A built booted
for k in ours ref; do
	built[$k]=no
	booted[$k]=no
done
build ours && built[ours]=yes
if [ "${built[ours]}" = yes ]; then
	build ref && built[ref]=yes
fi
# Leave the shared path holding our tree (what a rebuild of ours expects).
share_src ours
echo "distro: builds took $(( $(date +%s) - t_start ))s"
[ "$DISTRO_STEPS" = build ] && exit 0

# 4. Boot both side by side (each QEMU is one single-threaded core).
stamp=$(date +%Y%m%d-%H%M%S)
pids=()
for k in ours ref; do
	[ "${built[$k]}" = yes ] || continue
	kernel_vars $k
	( rc=0
	  CLIENTS=bpf RUN=$BUILD/runs/$NAME-$stamp TIERS=formats,t3,t2,t4 \
		T3=$DISTRO_T3 T2=$DISTRO_T2 \
		TIMEOUT=${DISTRO_TIMEOUT:-3600} "$TOOLING/vm.sh" $k check > /dev/null 2>&1 || rc=$?
	  echo $rc > "$D/rc-$k" ) &
	pids+=($!)
done
wait "${pids[@]}"

summary=()
for k in ours ref; do
	kernel_vars $k
	run=$BUILD/runs/$NAME-$stamp
	line="$k builds=${built[$k]}"
	if [ "${built[$k]}" = yes ]; then
		rc=$(cat "$D/rc-$k")
		[ "$rc" = 0 ] || echo "distro boot[$k]: status $rc (console: $run/console.log)"
		grep -q '^@@HARNESS-EXIT' "$run/out.log" 2>/dev/null && booted[$k]=yes
		# Boot self-tests: each built-in option's success line.
		st_ok=0 st_all=0 list=$TOOLING/expect/selftests.list
		[ $k = ref ] && list=$TOOLING/expect/selftests-ref.list
		while read -r opt regex; do
			case $opt in ''|'#'*) continue ;; esac
			grep -qx "$opt=y" "$OBJ/.config" || continue
			st_all=$((st_all + 1))
			if grep -E -q "$regex" "$run/console.log"; then
				st_ok=$((st_ok + 1))
			else
				echo "distro boot[$k]: no self-test line '$regex'"
			fi
		done < "$list"
		for t in t3 t2 t4; do
			python3 "$TOOLING/results.py" lines $t "$run/out.log" |
				awk -v k="$k" -v t="$t" '{ n[$2]++ } END { s = "";
				    for (x in n) s = s " " x "=" n[x];
				    print "distro tests[" k "] " t ":" (s == "" ? " none" : s) }'
		done
		line="$line boots=${booted[$k]} selftests=$st_ok/$st_all"
	fi
	[ $k = ours ] && line="$line options=$kept/$total"
	summary+=("$line")
done
kernel_vars ours; OURS=$BUILD/runs/$NAME-$stamp/out.log
kernel_vars ref; REFS=$BUILD/runs/$NAME-$stamp/out.log
# Every case whose result differs between the kernels.
for t in t3 t2 t4; do
	join -a1 -a2 -e none -o 0,1.2,2.2 \
		<(python3 "$TOOLING/results.py" lines $t "$OURS" | sort) \
		<(python3 "$TOOLING/results.py" lines $t "$REFS" | sort) |
		awk -v t="$t" '$2 != $3 { print "distro " t " differs: " $1 " ours " $2 ", reference " $3 }'
done
fsum=$(python3 "$TOOLING/formats_diff.py" "$OURS" "$REFS" | tee "$D/formats.txt" |
	sed -n 's/^formats: \([0-9]*\) events compared, \([0-9]*\) differ$/formats=\1 compared \2 differ/p')
grep -v '^formats: [0-9]* events compared' "$D/formats.txt" | sed 's/^/distro /' | head -n 40
echo "distro: ${summary[0]} ${fsum:-formats=none} | reference ${summary[1]#ref }"
echo "distro: took $(( $(date +%s) - t_start ))s"
[ "${booted[ours]}" = yes ] && [ "${booted[ref]}" = yes ] &&
	[[ "$fsum" == *" 0 differ" ]]
