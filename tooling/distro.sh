#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# distro.sh: how much of a distribution's tracing would survive on our
# tree. Debian's amd64 configuration (package linux-config-6.12) is
# applied with olddefconfig to our tree and to the base tree, configuring
# only (nothing is built), and the tracing options that upstream offers
# (the config symbols of the base tree's kernel/trace/Kconfig) and that
# Debian enables are counted on ours:
#   distro config: N of M tracing options upstream offers and Debian enables survive on ours
# followed by one "distro config: missing CONFIG_X=y (ours: ...)" line for
# each that did not.
source "$(dirname "$0")/common.sh"

DEBIAN_CONFIG=${DEBIAN_CONFIG:-/usr/src/linux-config-6.12/config.amd64_none_amd64.xz}
[ -r "$DEBIAN_CONFIG" ] || die "no $DEBIAN_CONFIG: install linux-config-6.12 (make setup)"
"$TOOLING/base.sh" > /dev/null
[ -d "$BUILD/ours-src" ] || "$TOOLING/overlay.sh" > /dev/null

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
total=0
kept=0
missing=()
for opt in $want; do
	line=$(grep -E "^$opt=(y|m)$" "$ref_cfg" || true)
	[ -n "$line" ] || continue
	xz -dc "$DEBIAN_CONFIG" | grep -qx "$line" || continue
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
