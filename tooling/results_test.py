#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The test of tooling/results.py, the one parser of the harness's
results. Run by make check's T0; ends with "results: N passed, N failed".

Besides the parser itself it checks the producers: no script or program
of tooling/ may still print a result in one of the formats this protocol
replaced (@@BENCH, @@BENCH-SKIP, @@TIME, "torture: RESULT"), and every
literal @@RESULT line they print must parse."""
import io
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import results  # noqa: E402


def parse(line):
    return results.parse_line(line, "t:1")


class ParseLine(unittest.TestCase):
    def test_plain(self):
        r = parse("@@RESULT t2 ours/core/a.tc PASS\n")
        self.assertEqual((r.tier, r.name, r.status, r.kv),
                         ("t2", "ours/core/a.tc", "PASS", {}))

    def test_keys(self):
        r = parse('@@RESULT bench b2-x SKIP why="no module" unit=ns/event')
        self.assertEqual(r.status, "SKIP")
        self.assertEqual(r.kv, {"why": "no module", "unit": "ns/event"})

    def test_empty_value(self):
        self.assertEqual(parse("@@RESULT bench b PASS value=").kv,
                         {"value": ""})

    def test_not_a_result(self):
        for line in ("", "@@RESULTS t2 a PASS", "x @@RESULT t2 a PASS",
                     "@@TIME t2 a 3s limit 300s", "lazy[ours]: a PASS"):
            self.assertIsNone(parse(line), line)

    def test_malformed(self):
        for line in ("@@RESULT t2 a", "@@RESULT t2", "@@RESULT t2 a pass",
                     "@@RESULT t2 a PASS novalue", "@@RESULT t2 a PASS K=1",
                     '@@RESULT t2 a PASS why="open', "@@RESULT t2 a PASS =1"):
            r = parse(line)
            self.assertEqual(r.status, "MALFORMED", line)
            self.assertEqual(r.name, "malformed@t:1")
        self.assertEqual(parse("@@RESULT lazy a pass").tier, "lazy")
        self.assertEqual(parse("@@RESULT").tier, "?")

    def test_status_words(self):
        for st in ("PASS", "XFAIL", "NORESULT", "UNSUPPORTED", "HUNG"):
            self.assertEqual(parse("@@RESULT t3 a " + st).status, st)


class Load(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.a = os.path.join(self.dir.name, "a.log")
        with open(self.a, "w") as f:
            f.write("guest: booted\n@@RESULT t2 x PASS secs=3\n"
                    "@@RESULT t3 y FAIL\n@@RESULT t2 x FAIL\n"
                    "@@RESULT t2 z\n")

    def tearDown(self):
        self.dir.cleanup()

    def test_order_and_tiers(self):
        got = [(r.tier, r.name, r.status) for r in results.load(self.a)]
        self.assertEqual(got, [("t2", "x", "PASS"), ("t3", "y", "FAIL"),
                               ("t2", "x", "FAIL"),
                               ("t2", "malformed@%s:5" % self.a,
                                "MALFORMED")])
        self.assertEqual(len(results.load(self.a, ("t3",))), 1)

    def test_missing_file(self):
        self.assertEqual(results.load(os.path.join(self.dir.name, "no")), [])

    def test_last_wins(self):
        self.assertEqual(results.by_name(results.load(self.a))[("t2", "x")],
                         "FAIL")

    def run_cli(self, *args):
        p = subprocess.run([sys.executable, os.path.join(HERE, "results.py")]
                           + list(args), capture_output=True, text=True)
        return p.returncode, p.stdout

    def test_cli_lines(self):
        rc, out = self.run_cli("lines", "t2", self.a)
        self.assertEqual(rc, 0)
        self.assertEqual(out.splitlines(),
                         ["x PASS", "x FAIL",
                          "malformed@%s:5 MALFORMED" % self.a])

    def test_cli_get(self):
        self.assertEqual(self.run_cli("get", "t2", "x", "status", self.a),
                         (0, "FAIL\n"))
        # the last result of the name, which has no secs
        self.assertEqual(self.run_cli("get", "t2", "x", "secs", self.a)[0], 1)
        self.assertEqual(self.run_cli("get", "t3", "x", "status", self.a)[0],
                         1)

    def test_cli_usage(self):
        self.assertNotEqual(self.run_cli("lines", "t2")[0], 0)
        self.assertNotEqual(self.run_cli("nonsense")[0], 0)


def bench(lines):
    return [results.parse_line(l) for l in lines]


class Bench(unittest.TestCase):
    def test_median_ratio_spread(self):
        ours = bench(["@@RESULT bench b PASS unit=ns value=%s" % v
                      for v in (10, 12, 11, 30, 11)])
        ref = bench(["@@RESULT bench b PASS unit=ns value=%s" % v
                     for v in (20, 20, 20, 20, 20)])
        self.assertEqual(results.bench_table(ours, ref),
                         ["bench b: ours=11 ns reference=20 ns ratio=0.550 "
                          "(median of 5, spread 181.8%)"])

    def test_skips_and_missing(self):
        ours = bench(['@@RESULT bench a SKIP why="no module"',
                      "@@RESULT bench b PASS unit=ns value=nan"])
        ref = bench(["@@RESULT bench a PASS unit=ns value=3",
                     "@@RESULT bench c PASS unit=ns value=1"])
        self.assertEqual(results.bench_table(ours, ref), [
            "bench a: not comparable (ours: no module)",
            "bench b: not comparable (ours: no result; reference: no result)",
            "bench c: not comparable (ours: no result)"])

    def test_other_tiers_ignored(self):
        self.assertEqual(results.bench_table(bench(["@@RESULT t2 a PASS"]),
                                             []), [])


OLD = re.compile(r"@@BENCH|@@TIME|torture: RESULT")
LITERAL = re.compile(r"""["'](@@RESULT [^"'$%\\]*)["'\\]""")


class Producers(unittest.TestCase):
    def sources(self):
        for root, _, files in os.walk(HERE):
            for f in files:
                if f.endswith((".sh", ".c")) or f == "init":
                    yield os.path.join(root, f)

    def test_no_old_formats(self):
        old = []
        for path in self.sources():
            for n, line in enumerate(open(path, errors="replace"), 1):
                if OLD.search(line):
                    old.append("%s:%d: %s" % (path, n, line.strip()))
        self.assertEqual(old, [])

    def test_literals_parse(self):
        seen = 0
        for path in self.sources():
            for line in open(path, errors="replace"):
                for m in LITERAL.finditer(line):
                    text = m.group(1)
                    # a literal that is a prefix to be completed at run
                    # time (by printf or the shell) has no status yet
                    if len(text.split()) < 4:
                        continue
                    seen += 1
                    r = results.parse_line(text)
                    self.assertNotEqual(r.status, "MALFORMED", text)
        self.assertGreater(seen, 0)


if __name__ == "__main__":
    stream = io.StringIO()
    res = unittest.TextTestRunner(stream=stream, verbosity=2).run(
        unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__]))
    sys.stdout.write(stream.getvalue())
    bad = len(res.failures) + len(res.errors)
    print("results: %d passed, %d failed" % (res.testsRun - bad, bad))
    sys.exit(1 if bad else 0)
