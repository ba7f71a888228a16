#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""formats_diff.py OURS REFS: the event format files of two guest reports.

Each report (a guest's out.log) holds "@@FORMAT name" ... "@@FORMAT-END"
blocks (guest/formats.sh). Prints

    formats: N events compared, M differ

then each differing event as a unified diff (reference to ours), whether
header_page and header_event are the same, and the events only one side
has. Used by make compare and make distro.
"""
import difflib
import re
import sys


def formats(path):
    res, name, lines = {}, None, []
    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("@@FORMAT "):
            name, lines = line.split(" ", 1)[1], []
        elif line == "@@FORMAT-END" and name:
            # The ID is allocated at boot: the one line that may differ.
            res[name] = [l for l in lines if not l.startswith("ID: ")]
            name = None
        elif name:
            lines.append(line)
    return res


# min()/max() in a TP_printk() leave __UNIQUE_ID_<name><__COUNTER__> in
# the print fmt, and the counter depends on what else the compiling file
# included, i.e. on the configuration (the reference has tracers ours
# does not yet). Such events are counted apart and not as differences.
def uid(lines):
    return [re.sub(r"(__UNIQUE_ID_[A-Za-z_]*?_?)[0-9]+", r"\1N", l) for l in lines]


def diff(a, b):
    return list(difflib.unified_diff(a, b, "reference", "ours", lineterm="", n=0))[2:]


def report(ours_path, ref_path):
    fo, fr = formats(ours_path), formats(ref_path)
    heads = ("header_page", "header_event")
    events = sorted(n for n in fo.keys() & fr.keys() if n not in heads)
    differ = [n for n in events if uid(fo[n]) != uid(fr[n])]
    counter_only = [n for n in events if fo[n] != fr[n] and n not in differ]
    print("formats: %d events compared, %d differ" % (len(events), len(differ)))
    if counter_only:
        print("formats: %d differ only in __UNIQUE_ID counter values (a build artefact): %s"
              % (len(counter_only), " ".join(counter_only)))
    for n in differ:
        print("  %s:" % n)
        for l in diff(fr[n], fo[n]):
            print("    " + l)
    for h in heads:
        if h not in fo or h not in fr:
            print("formats: %s missing in %s" % (h, "ours" if h not in fo else "reference"))
        else:
            print("formats: %s %s" % (h, "same" if fo[h] == fr[h] else "differs"))
            for l in diff(fr[h], fo[h]):
                print("    " + l)
    for label, only in (("reference", fr.keys() - fo.keys()), ("ours", fo.keys() - fr.keys())):
        only = sorted(only)
        print("formats: only in %s: %d%s" % (label, len(only),
                                              (" (" + " ".join(only) + ")") if only else ""))
    return len(differ)


if __name__ == "__main__":
    report(sys.argv[1], sys.argv[2])
