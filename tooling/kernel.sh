#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernel.sh KIND: configure and build a kernel and its modules.
#   KIND=ours  our tree (base + overlay), KIND=ref  the pristine base tree.
#   DEBUG=1    adds configs/debug.config (lockdep, KASAN, atomic-sleep checks).
# Both kinds get the same configuration: tinyconfig + base + tracing (+ debug).
source "$(dirname "$0")/common.sh"

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
[ "${DEBUG:-0}" = 1 ] && frags="$frags $TOOLING/configs/debug.config"

# Configure from scratch each time into a side file; install it only when it
# differs, so an unchanged configuration costs kbuild nothing.
cfgdir=$BUILD/cfg-$NAME
rm -rf "$cfgdir"
mkdir -p "$cfgdir"
kmake O="$cfgdir" tinyconfig >/dev/null
# shellcheck disable=SC2086
KCONFIG_CONFIG=$cfgdir/.config "$SRC/scripts/kconfig/merge_config.sh" -m -Q \
	-O "$cfgdir" "$cfgdir/.config" $frags >/dev/null
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

kmake -j"$JOBS" bzImage modules
rm -rf "$MODROOT"
kmake INSTALL_MOD_PATH="$MODROOT" INSTALL_MOD_STRIP=1 modules_install >/dev/null
echo "kernel[$NAME]: $(cat "$OBJ/include/config/kernel.release") $(stat -c %s "$KIMAGE") bytes"
