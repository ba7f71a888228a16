#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make series: the patch series of what exists, `git am`-able onto a clean
# 6.12 tree, one patch per component (tooling/series.list), in build/series.
# The series is then applied with `git am` to a fresh copy of the base files
# it touches, and the result compared with our overlaid tree.
source "$(dirname "$0")/common.sh"
build_lock

"$TOOLING/overlay.sh" >/dev/null
stage=$BUILD/overlay-stage
work=$BUILD/series-work
out=$BUILD/series
rm -rf "$work" "$out"
mkdir -p "$work" "$out"

files=$( cd "$stage" && find . -type f | sed 's#^\./##' | sort )
upstream_trace=$( cd "$BASE" && find kernel/trace -type f | sort )

# A repository holding just the base files the series touches: patches made
# against it apply to the full tree, where those files are identical.
seed_base() {
	local dir=$1 f
	git init -q "$dir"
	for f in $files $upstream_trace; do
		[ -f "$BASE/$f" ] || continue
		mkdir -p "$dir/$(dirname "$f")"
		cp -p "$BASE/$f" "$dir/$f"
	done
	git -C "$dir" add -A
	git -C "$dir" -c user.name=base -c user.email=base@localhost \
		commit -q -m "linux $(base_version) (base)"
}
seed_base "$work"

declare -A taken=()
commit_component() {
	local subject=$1 body=$2 globs=$3 g f n=0
	# The globs are matched against tree paths below, never expanded here.
	set -f
	# shellcheck disable=SC2086
	set -- $globs
	set +f
	for g in "$@"; do
		if [ "$g" = -kernel/trace ]; then
			git -C "$work" rm -r -q kernel/trace
			n=$((n + 1))
			continue
		fi
		for f in $files; do
			[ -n "${taken[$f]:-}" ] && continue
			# shellcheck disable=SC2053
			[[ $f == $g ]] || continue
			mkdir -p "$work/$(dirname "$f")"
			cp "$stage/$f" "$work/$f"
			git -C "$work" add "$f"
			taken[$f]=1
			n=$((n + 1))
		done
	done
	[ $n -gt 0 ] || return 0
	git -C "$work" diff --cached --quiet && return 0
	git -C "$work" -c user.name="Tracing Team" -c user.email=tracing@localhost \
		commit -q -F - <<MSG
$subject

${body:-$subject.}
MSG
}

subject= body= globs=
while IFS= read -r line; do
	case $line in
	'#'*) continue ;;
	'@ '*)
		[ -n "$subject" ] && commit_component "$subject" "$body" "$globs"
		subject=${line#@ } body= globs= ;;
	paths:*) globs=${line#paths:} ;;
	' '*) [ -n "$globs" ] && globs="$globs $line" ;;
	'') ;;
	*) body="${body:+$body
}$line" ;;
	esac
done < "$TOOLING/series.list"
[ -n "$subject" ] && commit_component "$subject" "$body" "$globs"

git -C "$work" format-patch -q -o "$out" HEAD~$(( $(git -C "$work" rev-list --count HEAD) - 1 ))
ls "$out"

# Prove it: git am onto a fresh base, then compare with the overlaid tree.
verify=$BUILD/series-verify
rm -rf "$verify"
seed_base "$verify"
git -C "$verify" -c user.name=v -c user.email=v@localhost am -q "$out"/*.patch ||
	die "the series does not apply with git am"
for f in $files; do
	cmp -s "$verify/$f" "$stage/$f" || die "after git am, $f differs from our tree"
done
left=$(cd "$verify" && find kernel/trace -type f | sort)
[ "$left" = "$(cd "$stage" && find kernel/trace -type f | sort)" ] ||
	die "after git am, kernel/trace/ holds other files than ours"
echo "series: $(ls "$out" | wc -l) patches in $out, apply with git am onto linux $(base_version)"
