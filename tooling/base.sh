#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Extract Debian's linux-source-6.12 once into build/base (the pristine base
# tree, also the reference kernel's source) and print its version.
source "$(dirname "$0")/common.sh"
build_lock

[ -f "$BASE_TAR" ] || die "$BASE_TAR missing (run tooling/setup.sh)"
stamp=$BUILD/base/.extracted
if [ ! -f "$stamp" ] || [ "$BASE_TAR" -nt "$stamp" ]; then
	rm -rf "$BUILD/base"
	mkdir -p "$BUILD/base"
	tar -xJf "$BASE_TAR" -C "$BUILD/base"
	touch "$stamp"
fi
echo "base tree: linux $(base_version) (Debian linux-source-6.12)"
