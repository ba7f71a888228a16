#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The harness's one result protocol and its one parser.

Every check of every tier, in a guest or on the host, is reported as one
line:

    @@RESULT <tier> <name> <STATUS> [key=value ...]

<tier> and <name> are words without blanks (t2, t3, t4, rb, lp, boot,
lazy, bench, torture; a case's path, a check's name), <STATUS> an
upper-case word (PASS, FAIL, XFAIL, SKIP, UNSUPPORTED, UNRESOLVED,
TIMEOUT, NORESULT, ...), and the key=value pairs follow the shell's
quoting: a value with blanks is quoted (why="no module"). The keys a
tier uses: secs and limit (a case's time and its limit, t2/t3/lp), unit
and value (one measurement, bench), kernel (lazy.sh's re-emitted lines),
why (the reason of a SKIP or a failure), and torture's counters.

A line that starts with @@RESULT but does not parse is never dropped: it
becomes a result of status MALFORMED (its tier if one can be read, else
"?"), which every caller counts as a failure.

As a command, for the shell scripts of tooling/:

    results.py lines TIER FILE...      "name STATUS" per result of TIER
    results.py get TIER NAME KEY FILE  the last such result's KEY (or
                                       "status"); exit 1 if none
    results.py bench OURS REF          the bench table of make bench

The test is tooling/results_test.py (make check's T0 runs it).
"""
import math
import re
import shlex
import statistics
import sys

PREFIX = "@@RESULT"
_LINE = re.compile(r"^" + PREFIX + r"(\s|$)")
_WORD = re.compile(r"^\S+$")
_STATUS = re.compile(r"^[A-Z][A-Z0-9_-]*$")
_KEY = re.compile(r"^[a-z][a-z0-9_-]*$")


class Result:
    """One @@RESULT line: tier, name, status and a dict of key=value."""

    __slots__ = ("tier", "name", "status", "kv")

    def __init__(self, tier, name, status, kv=None):
        self.tier, self.name, self.status = tier, name, status
        self.kv = kv or {}

    def __repr__(self):
        return "Result(%r, %r, %r, %r)" % (self.tier, self.name, self.status,
                                           self.kv)


def parse_line(line, where="?"):
    """The Result of @line, None if it is not a result line at all.

    @where names the line in a MALFORMED result (file:line)."""
    line = line.rstrip("\r\n")
    if not _LINE.match(line):
        return None
    head = line[len(PREFIX):].split(None, 3)
    tier = head[0] if head and _WORD.match(head[0]) else "?"
    bad = Result(tier, "malformed@" + where, "MALFORMED",
                 {"line": line[:200]})
    if len(head) < 3 or not all(_WORD.match(w) for w in head[:2]) or \
       not _STATUS.match(head[2]):
        return bad
    kv = {}
    if len(head) == 4:
        try:
            words = shlex.split(head[3])
        except ValueError:
            return bad
        for w in words:
            key, eq, value = w.partition("=")
            if not eq or not _KEY.match(key):
                return bad
            kv[key] = value
    return Result(head[0], head[1], head[2], kv)


def load(paths, tiers=None):
    """Every result of the files @paths (one path or a list), in order,
    only those of @tiers when given. A missing file has none."""
    if isinstance(paths, str):
        paths = [paths]
    out = []
    for path in paths:
        try:
            f = open(path, errors="replace")
        except OSError:
            continue
        with f:
            for n, line in enumerate(f, 1):
                r = parse_line(line, "%s:%d" % (path, n))
                if r and (tiers is None or r.tier in tiers):
                    out.append(r)
    return out


def by_name(results):
    """{(tier, name): status}, the last result of each winning."""
    return {(r.tier, r.name): r.status for r in results}


def number(text):
    """@text as a finite float, or None ('nan', '?', '' are no value)."""
    try:
        v = float(text)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def bench_table(ours, ref):
    """The lines of make bench: per benchmark the medians of each
    kernel's repetitions, their ratio and the wider spread, or why the
    two cannot be compared. @ours, @ref: lists of Results."""
    def collect(results):
        vals, units, skips, order = {}, {}, {}, []
        for r in results:
            if r.tier != "bench":
                continue
            order.append(r.name)
            if r.status == "PASS":
                v = number(r.kv.get("value"))
                if v is None:
                    continue
                vals.setdefault(r.name, []).append(v)
                units[r.name] = r.kv.get("unit", "?")
            else:
                skips[r.name] = r.kv.get("why", r.status)
        return vals, units, skips, order

    def spread(v):
        m = statistics.median(v)
        return (max(v) - min(v)) / m * 100 if m else 0.0

    ov, ou, os_, oo = collect(ours)
    rv, ru, rs, ro = collect(ref)
    lines = []
    for n in dict.fromkeys(oo + ro):
        if n in ov and n in rv:
            mo, mr = statistics.median(ov[n]), statistics.median(rv[n])
            ratio = mo / mr if mr else float("nan")
            lines.append("bench %s: ours=%.4g %s reference=%.4g %s "
                         "ratio=%.3f (median of %d, spread %.1f%%)"
                         % (n, mo, ou[n], mr, ru[n], ratio,
                            min(len(ov[n]), len(rv[n])),
                            max(spread(ov[n]), spread(rv[n]))))
        else:
            why = []
            if n not in ov:
                why.append("ours: " + os_.get(n, "no result"))
            if n not in rv:
                why.append("reference: " + rs.get(n, "no result"))
            lines.append("bench %s: not comparable (%s)" % (n, "; ".join(why)))
    return lines


def main(argv):
    usage = ("usage: results.py lines TIER FILE... | get TIER NAME KEY FILE..."
             " | bench OURS REF")
    if len(argv) < 2:
        sys.exit(usage)
    cmd, args = argv[1], argv[2:]
    if cmd == "lines" and len(args) >= 2:
        for r in load(args[1:], (args[0],)):
            print(r.name, r.status)
        return 0
    if cmd == "get" and len(args) >= 4:
        tier, name, key = args[:3]
        found = [r for r in load(args[3:], (tier,)) if r.name == name]
        if not found:
            return 1
        r = found[-1]
        value = r.status if key == "status" else r.kv.get(key)
        if value is None:
            return 1
        print(value)
        return 0
    if cmd == "bench" and len(args) == 2:
        for line in bench_table(load(args[0]), load(args[1])):
            print(line)
        return 0
    sys.exit(usage)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
