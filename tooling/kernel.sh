#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernel.sh KIND: configure and build a kernel and its modules.
#   KIND=ours  our tree (base + overlay), KIND=ref  the pristine base tree,
#   KIND=refm  the pristine base tree with our kernel's resulting options.
#   DEBUG=1    adds configs/debug.config (lockdep, KASAN, atomic-sleep checks).
# Both kinds get the same configuration: tinyconfig + base + tracing (+ debug);
# ours adds ours.config, ref adds compare.config (the widened reference).
source "$(dirname "$0")/common.sh"
build_lock

kind=${1:?usage: kernel.sh ours|ref}
"$TOOLING/base.sh"
[ "$kind" = ours ] && "$TOOLING/overlay.sh"
kernel_vars "$kind"
mkdir -p "$OBJ"

kmake() {
	make -s -C "$SRC" O="$OBJ" ARCH=x86_64 CC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP="" KBUILD_BUILD_USER=bench \
		KBUILD_BUILD_HOST=bench "$@"
}

frags="$TOOLING/configs/base.config $TOOLING/configs/tracing.config"
[ "$kind" = ours ] && frags="$frags $TOOLING/configs/ours.config"
# the reference, widened for make compare (see the file)
[ "$kind" = ref ] && frags="$frags $TOOLING/configs/compare.config"
[ "${DEBUG:-0}" = 1 ] && frags="$frags $TOOLING/configs/debug.config"

# Configure from scratch each time into a side file; install it only when it
# differs, so an unchanged configuration costs kbuild nothing.
cfgdir=$BUILD/cfg-$NAME
rm -rf "$cfgdir"
mkdir -p "$cfgdir"
if [ "$kind" = refm ]; then
	# Our resulting configuration, and every requested tracing option
	# ours did not get switched off, so upstream's defaults add nothing.
	ours_cfg=$BUILD/obj-ours${NAME#refm}/.config
	[ -f "$ours_cfg" ] || die "build our kernel first: $ours_cfg missing"
	cp "$ours_cfg" "$cfgdir/.config"
	for line in $(grep -h '^CONFIG_' "$TOOLING/configs/tracing.config"); do
		grep -q "^${line%%=*}=" "$ours_cfg" ||
			"$SRC/scripts/config" --file "$cfgdir/.config" -d "${line%%=*}"
	done
	KCONFIG_CONFIG=$cfgdir/.config "$SRC/scripts/kconfig/merge_config.sh" -m -Q \
		-O "$cfgdir" "$cfgdir/.config" "$TOOLING/configs/refm.config" >/dev/null
else
	kmake O="$cfgdir" tinyconfig >/dev/null
	# shellcheck disable=SC2086
	KCONFIG_CONFIG=$cfgdir/.config "$SRC/scripts/kconfig/merge_config.sh" -m -Q \
		-O "$cfgdir" "$cfgdir/.config" $frags >/dev/null
fi
kmake O="$cfgdir" olddefconfig >/dev/null
if ! cmp -s "$cfgdir/.config" "$OBJ/.config"; then
	cp "$cfgdir/.config" "$OBJ/.config"
fi

# Every requested option that did not survive olddefconfig: the list shrinks
# as our kernel/trace/Kconfig offers more.
lost=0
# shellcheck disable=SC2086
for line in $(grep -h '^CONFIG_' $frags); do
	opt=${line%%=*}
	if ! grep -qx "$line" "$OBJ/.config"; then
		got=$(grep -E "^$opt=|^# $opt is not set" "$OBJ/.config" || true)
		echo "config[$NAME]: requested $line, got: ${got:-(not offered)}"
		lost=$((lost + 1))
	fi
done
echo "config[$NAME]: $lost requested options did not survive"
if [ "$kind" = refm ]; then
	# Matched means every option has the same value in both; list any
	# that does not (an option only one tree knows shows as unset).
	ndiff=0
	for o in $(diff <(grep '^CONFIG_' "$ours_cfg" | sort) \
			<(grep '^CONFIG_' "$OBJ/.config" | sort) |
		   sed -n 's/^[<>] \(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p' | sort -u); do
		echo "config[$NAME]: $o: ours $(sed -n "s/^$o=//p" "$ours_cfg" | grep . || echo unset)," \
		     "reference $(sed -n "s/^$o=//p" "$OBJ/.config" | grep . || echo unset)"
		ndiff=$((ndiff + 1))
	done
	echo "config[$NAME]: $ndiff options differ from ours"
fi

kmake -j"$JOBS" bzImage modules
rm -rf "$MODROOT"
kmake INSTALL_MOD_PATH="$MODROOT" INSTALL_MOD_STRIP=1 modules_install >/dev/null
echo "kernel[$NAME]: $(cat "$OBJ/include/config/kernel.release") $(stat -c %s "$KIMAGE") bytes"
