#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build our kernel source tree: the base tree without upstream's kernel/trace/,
# with the paths we own laid over it and patches/*.patch applied.
#
# Files are synchronised, not copied afresh, and a file whose content did not
# change keeps its time stamp, so kbuild rebuilds only what really changed.
#
# overlay.sh --quick (tooling/kobj.sh) skips the pass over the whole base
# tree (step 3, most of the time): our files and patches/ are laid over as
# always, but a base file we stop overriding is not restored until the
# next full overlay (any kernel build).
source "$(dirname "$0")/common.sh"
build_lock

quick=0
[ "${1:-}" = --quick ] && quick=1
"$TOOLING/base.sh" >/dev/null
kernel_vars ours

stage=$BUILD/overlay-stage
rm -rf "$stage"
mkdir -p "$stage"

# 1. Our owned paths, as committed or as in the work tree (untracked files
#    that git does not ignore count too, so a new file is picked up at once).
( cd "$TOP" && git ls-files -co --exclude-standard -- $OVERLAY_ROOTS ) |
while read -r f; do
	[ -f "$TOP/$f" ] || continue
	mkdir -p "$stage/$(dirname "$f")"
	cp -p "$TOP/$f" "$stage/$f"
done

# 2. Contract patches: applied to a staged copy of each file they touch.
shopt -s nullglob
for p in "$TOP"/patches/*.patch; do
	for f in $(sed -n 's#^+++ b/\([^[:space:]]*\).*#\1#p' "$p"); do
		if [ ! -f "$stage/$f" ] && [ -f "$BASE/$f" ]; then
			mkdir -p "$stage/$(dirname "$f")"
			cp -p "$BASE/$f" "$stage/$f"
		fi
	done
	patch -s -p1 -d "$stage" --no-backup-if-mismatch < "$p" ||
		die "patch $(basename "$p") does not apply"
done

# 3. The base tree, minus kernel/trace/ and minus every staged file (those
#    are protected from --delete because they are excluded).
excl=$BUILD/overlay-excludes
( cd "$stage" && find . -type f | sed 's#^\.#/#; s#^//#/#' ) > "$excl"
echo "/kernel/trace/" >> "$excl"
mkdir -p "$SRC"
changed=$BUILD/overlay-changed
: > "$changed"
if [ $quick = 0 ] || [ ! -f "$SRC/Makefile" ]; then
	rsync -a --delete --exclude-from="$excl" --out-format='%n' \
		"$BASE/" "$SRC/" > "$changed"
fi

# 4. Our files, compared by content. kernel/trace/ is ours alone: --delete
#    removes anything there we no longer have.
mkdir -p "$stage/kernel/trace" "$SRC/kernel/trace"
rsync -rlp --checksum --delete --out-format='kernel/trace/%n' \
	"$stage/kernel/trace/" "$SRC/kernel/trace/" >> "$changed"
rsync -rlp --checksum --exclude=/kernel/trace/ --out-format='%n' \
	"$stage/" "$SRC/" >> "$changed"

# A file that changed must look newer than anything built from it, whatever
# time stamp its source had (a base file restored when we stop overriding it
# carries the base tree's old one).
( cd "$SRC" && grep -v '/$' "$changed" | tr '\n' '\0' |
	xargs -0 -r touch -c -- ) || true
echo "overlay: $(wc -l < "$excl") paths of ours over linux $(base_version)"
