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
#    A full pass over the base tree happens only when the source tree is
#    new, the base tree is another (base.sh extracted it again) or the last
#    full pass did not finish. Otherwise only the paths we stopped staging
#    since the last overlay change: each is restored from the base tree, or
#    removed when the base tree has none.
#    Why not a full pass each time: a file the pass copies is touched (see
#    below), so its time stamp no longer matches the base tree's and the
#    next pass would copy and touch it again, and kbuild would recompile
#    (ccache hits, but a relink) the whole kernel on every build.
excl=$BUILD/overlay-excludes
prev=$BUILD/overlay-excludes.prev
state=$BUILD/overlay-base
( cd "$stage" && find . -type f | sed 's#^\.#/#; s#^//#/#' ) > "$excl"
echo "/kernel/trace/" >> "$excl"
mkdir -p "$SRC"
changed=$BUILD/overlay-changed
: > "$changed"
full=0
restored=0
base_id="$(base_version) $(stat -c %Y "$BASE/Makefile")"
if [ ! -f "$SRC/Makefile" ] || [ ! -f "$prev" ] ||
   [ "$(cat "$state" 2> /dev/null)" != "$base_id" ]; then
	if [ $quick = 0 ] || [ ! -f "$SRC/Makefile" ]; then
		rm -f "$state"
		rsync -a --delete --exclude-from="$excl" --out-format='%n' \
			"$BASE/" "$SRC/" > "$changed"
		full=1
	fi
else
	# the staged paths of the last overlay that are staged no more
	while IFS= read -r f; do
		f=${f#/}
		if [ -f "$BASE/$f" ]; then
			mkdir -p "$SRC/$(dirname "$f")"
			cp -p "$BASE/$f" "$SRC/$f"
			echo "$f" >> "$changed"
		else
			rm -f "$SRC/$f"
		fi
	done < <(comm -23 <(sort "$prev") <(sort "$excl") | grep -v '/$')
	restored=1
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
# Only now, with every change touched, is the pass done: an overlay cut
# short before this point repeats it.
if [ $full = 1 ]; then
	echo "$base_id" > "$state"
fi
if [ $full = 1 ] || [ $restored = 1 ]; then
	cp "$excl" "$prev"
fi
echo "overlay: $(wc -l < "$excl") paths of ours over linux $(base_version)"
