#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The test of make distro's helpers: distro/trace-users.py (which modules
use kernel/trace) on a small made-up tree, and formats_diff.py (the format
files of two guest reports, shared with make compare). Run by make check's
T0; ends with "distro: N passed, N failed"."""
import contextlib
import importlib.util
import io
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import formats_diff  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "trace_users", os.path.join(HERE, "distro", "trace-users.py"))
trace_users = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(trace_users)


def write(root, path, text):
    path = os.path.join(root, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def run_main(argv):
    out = io.StringIO()
    old = sys.argv
    sys.argv = ["trace-users.py"] + argv
    try:
        with contextlib.redirect_stdout(out):
            trace_users.main()
    finally:
        sys.argv = old
    return out.getvalue().split("\n")[:-1]


class TraceUsers(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        t = self.root = self.tmp.name
        write(t, "kernel/trace/trace.c",
              "int tracing_on(void) {}\nEXPORT_SYMBOL_GPL(tracing_on);\n"
              "EXPORT_SYMBOL(trace_dump_stack);\n")
        # A composite module over a continued line, one of whose files
        # defines the events.
        write(t, "drivers/foo/Makefile",
              "obj-$(CONFIG_FOO) += foo.o\n"
              "foo-y := core.o \\\n\tfoo_trace.o\n"
              "obj-$(CONFIG_BAR) += bar-mod.o\n"
              "obj-y += builtin_thing.o\n")
        write(t, "drivers/foo/foo_trace.c", "#define CREATE_TRACE_POINTS\n")
        write(t, "drivers/foo/core.c", "void f(void) {}\n")
        # A direct module naming an export.
        write(t, "drivers/foo/bar-mod.c", "void g(void) { tracing_on(); }\n")
        # A name that only contains an export is not a use.
        write(t, "drivers/foo/builtin_thing.c", "int my_tracing_on_x;\n")
        # An object named from a Makefile one level up.
        write(t, "drivers/gpu/Makefile",
              "obj-$(CONFIG_GPU) += gpu.o\ngpu-$(CONFIG_GPU_TR) += sub/gpu_tp.o\n")
        write(t, "drivers/gpu/sub/gpu_tp.c", "#define CREATE_TRACE_POINTS\n")
        # kernel/trace itself and other architectures are not users.
        write(t, "kernel/trace/Makefile", "obj-y += user.o\n")
        write(t, "kernel/trace/user.c", "void h(void) { tracing_on(); }\n")
        write(t, "arch/arm64/Makefile", "obj-m += armthing.o\n")
        write(t, "arch/arm64/armthing.c", "#define CREATE_TRACE_POINTS\n")

    def tearDown(self):
        self.tmp.cleanup()

    def test_exports(self):
        self.assertEqual(trace_users.exported(self.root),
                         {"tracing_on", "trace_dump_stack"})

    def test_modules(self):
        self.assertEqual(run_main([self.root]), ["bar_mod", "foo", "gpu"])

    def test_reasons(self):
        lines = run_main(["-v", self.root])
        self.assertIn("foo drivers/foo/foo_trace.c CREATE_TRACE_POINTS", lines)
        self.assertIn("bar_mod drivers/foo/bar-mod.c tracing_on", lines)

    def test_unlinked_file(self):
        write(self.root, "drivers/foo/orphan.c", "#define CREATE_TRACE_POINTS\n")
        self.assertEqual(run_main([self.root]), ["bar_mod", "foo", "gpu"])


def report(ours, ref):
    with tempfile.TemporaryDirectory() as d:
        po, pr = os.path.join(d, "o"), os.path.join(d, "r")
        for path, blocks in ((po, ours), (pr, ref)):
            with open(path, "w") as f:
                for name, lines in blocks.items():
                    f.write("noise\n@@FORMAT %s\n%s\n@@FORMAT-END\n"
                            % (name, "\n".join(lines)))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            n = formats_diff.report(po, pr)
        return n, out.getvalue().split("\n")


class FormatsDiff(unittest.TestCase):
    HEAD = {"header_page": ["h"], "header_event": ["e"]}

    def test_same_but_id(self):
        n, out = report(dict(self.HEAD, **{"a/b": ["name: b", "ID: 1", "x"]}),
                        dict(self.HEAD, **{"a/b": ["name: b", "ID: 7", "x"]}))
        self.assertEqual(n, 0)
        self.assertIn("formats: 1 events compared, 0 differ", out)
        self.assertIn("formats: header_page same", out)

    def test_differ(self):
        n, out = report(dict(self.HEAD, **{"a/b": ["x"], "a/c": ["y"]}),
                        dict(self.HEAD, **{"a/b": ["z"], "a/d": ["y"]}))
        self.assertEqual(n, 1)
        self.assertIn("formats: 1 events compared, 1 differ", out)
        self.assertIn("    -z", out)
        self.assertIn("    +x", out)
        self.assertIn("formats: only in reference: 1 (a/d)", out)
        self.assertIn("formats: only in ours: 1 (a/c)", out)

    def test_unique_id_counter(self):
        n, out = report(dict(self.HEAD, **{"a/b": ["__UNIQUE_ID_x_12"]}),
                        dict(self.HEAD, **{"a/b": ["__UNIQUE_ID_x_40"]}))
        self.assertEqual(n, 0)
        self.assertTrue(any("only in __UNIQUE_ID" in l for l in out))

    def test_header_missing(self):
        n, out = report({"a/b": ["x"], "header_page": ["h"]},
                        dict(self.HEAD, **{"a/b": ["x"]}))
        self.assertIn("formats: header_event missing in ours", out)


if __name__ == "__main__":
    stream = io.StringIO()
    res = unittest.TextTestRunner(stream=stream, verbosity=2).run(
        unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__]))
    sys.stdout.write(stream.getvalue())
    bad = len(res.failures) + len(res.errors)
    print("distro: %d passed, %d failed" % (res.testsRun - bad, bad))
    sys.exit(1 if bad else 0)
