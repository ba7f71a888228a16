#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# build-extmod.sh KIND: build the out-of-tree benchmark and test modules
# named in tooling/extmod.list against one kernel; the .ko files land in
# $OBJ/extmod/ and the initramfs puts them in /lib/extmod/.
# extmod.list lines: "<dir-name> <source>..." where a source is a path in
# this repository or base:<path> for a file of the pristine base tree (used
# as is, never copied into the repository). The first source is the module's
# only object; the others are files it includes. A source ending in / is a
# directory (of this repository, or base:<dir>/) holding modules with their
# own Kbuild or Makefile; a VAR=value word is passed to make (e.g. the CONFIG_ symbol a
# kernel Makefile tests).
source "$(dirname "$0")/common.sh"
build_lock

kind=${1:?usage: build-extmod.sh ours|ref}
kernel_vars "$kind"
rm -rf "$OBJ/extmod"
mkdir -p "$OBJ/extmod"
while read -r name sources; do
	case $name in ''|'#'*) continue ;; esac
	dir=$BUILD/extmod-$NAME/$name
	rm -rf "$dir"
	mkdir -p "$dir"
	objs=
	vars=
	for s in $sources; do
		case $s in
		*=*) vars="$vars $s"; continue ;;
		base:*/) cp -r "$BASE/${s#base:}." "$dir/" ;;
		base:*) cp "$BASE/${s#base:}" "$dir/" ;;
		*/) cp -r "$TOP/$s." "$dir/" ;;
		*) cp "$TOP/$s" "$dir/" ;;
		esac
		objs="$objs $(basename "$s")"
	done
	# The first source is the module; the others are sources it includes.
	# A directory (named with a trailing /) brings its own Kbuild instead.
	first=${objs# }
	first=${first%% *}
	[ -f "$dir/Kbuild" ] || [ -f "$dir/Makefile" ] ||
		echo "obj-m += ${first%.c}.o" > "$dir/Kbuild"
	# shellcheck disable=SC2086 # $vars is a list of make assignments
	make -s -C "$OBJ" M="$dir" ARCH=x86_64 CC="ccache gcc" $vars modules >"$dir/build.log" 2>&1 ||
		{ cat "$dir/build.log"; die "module $name does not build against $NAME"; }
	cp "$dir"/*.ko "$OBJ/extmod/"
done < "$TOOLING/extmod.list"
