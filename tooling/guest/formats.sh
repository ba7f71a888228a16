#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest side of the format comparison (make compare): prints every format
# file under events/, and header_page and header_event, each as
#   @@FORMAT <name>
#   <the file, line by line>
#   @@FORMAT-END
# where <name> is system/event, or header_page / header_event, then the
# README, each line as "@@README <line>". The host compares the two
# kernels' blocks and READMEs (tooling/compare.sh).
TR=/sys/kernel/tracing
cd $TR/events || exit 1
for f in header_page header_event */*/format; do
	[ -r "$f" ] || continue
	case $f in
	*/format) name=${f%/format} ;;
	*) name=$f ;;
	esac
	echo "@@FORMAT $name"
	cat "$f"
	echo "@@FORMAT-END"
done
# The README, which tools grep for upstream's lines.
sed 's/^/@@README /' $TR/README
