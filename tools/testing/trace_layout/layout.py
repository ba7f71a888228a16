#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
Keep the wiring of kernel/trace/ from drifting.

    layout.py check [DIR]   the rules below, then proof that each can
                            fail (MUTATIONS); "N passed, N failed"
    layout.py deps [DIR]    the file dependency graph: its largest cycle
    layout.py stats [DIR]   size, includes and extern count of each header

The source is read, not compiled: comments, strings and character
constants are blanked, then the top level of each file is split into
statements by brace depth. What a file "uses" is every identifier it
names, plus, transitively, what the header inlines and macros it names
use. That is cruder than a compiler and errs towards seeing a use where
there is none, never the other way, so a reported rule break is real.

Rules (each one a pass or a fail per header):
  owner     a function or variable a header declares is defined (not
            static) in a .c file of the directory, and the banner it is
            filed under names that file
  used      it is also used by some file other than the one defining it
            (else it should be static there)
  audience  every file including the header matches the globs of the
            header's "Included by:" line, which its first comment has
  needed    every file including one of our headers uses something that
            header declares or defines
And two over the whole directory:
  engine    the function tracing engine (ENGINE) includes no header of
            ours but ENGINE_HEADERS and uses nothing defined outside it
            but the leaves (ENGINE_LEAVES): it knows no trace array, no
            file, nothing above it (ftrace_module.c does the sequencing)
  core      the core (CORE_BOTTOM) uses nothing but the ring buffer and
            the leaves (CORE_LEAVES): it names no subsystem above it, which
            plug in as clients of the arrays; and the boot (BOOT_TOP), the
            one file that sequences them, is used by no file of ours
  cycle     the largest dependency cycle among the .c files ("uses",
            see deps) has at most CYCLE_CAP files: lower the cap as
            cycles are cut, never raise it
"""

import fnmatch
import os
import re
import sys
from collections import defaultdict

# Attributes and annotations that may stand between a declarator's parts;
# the ones with an argument list are removed with it.
ATTR_CALLS = ("__attribute__", "__aligned", "__section", "__printf",
              "__counted_by", "__acquires", "__releases", "__must_hold",
              "__cond_acquires", "__scanf", "__alloc_size", "__malloc")
ATTR_WORDS = {"__read_mostly", "__initdata", "__initconst", "__ro_after_init",
              "__percpu", "__maybe_unused", "__used", "__cold", "__init",
              "__exit", "__always_inline", "notrace", "noinline",
              "__must_check", "__user", "__rcu", "__iomem", "__pure",
              "__noreturn", "asmlinkage", "__visible", "__initdata_or_module",
              "__init_or_module", "__weak", "__nocfi", "__noclone",
              "__no_sanitize_address", "__flatten"}
# Macros that define or declare the object named by one of their
# arguments (index into the argument list).
DEFINERS = {"DEFINE_MUTEX": 0, "LIST_HEAD": 0, "DECLARE_RWSEM": 0,
            "DEFINE_RAW_SPINLOCK": 0, "DEFINE_SPINLOCK": 0,
            "DEFINE_STATIC_KEY_FALSE": 0, "DEFINE_STATIC_KEY_TRUE": 0,
            "DEFINE_PER_CPU": 1, "DEFINE_PER_CPU_ALIGNED": 1,
            "DEFINE_PER_CPU_READ_MOSTLY": 1, "DEFINE_STATIC_SRCU": 0,
            "DEFINE_SRCU": 0, "DEFINE_IDA": 0, "DEFINE_IDR": 0,
            "DEFINE_WAIT_FUNC": 0, "DECLARE_WAIT_QUEUE_HEAD": 0,
            "DEFINE_STATIC_CALL": 0, "DEFINE_XARRAY": 0}
DECLARERS = {"DECLARE_PER_CPU": 1, "DECLARE_STATIC_KEY_FALSE": 0,
             "DECLARE_STATIC_KEY_TRUE": 0}
KEYWORDS = {"static", "extern", "inline", "const", "volatile", "struct",
            "union", "enum", "unsigned", "signed", "int", "long", "short",
            "char", "void", "bool", "typedef", "register", "restrict",
            "sizeof", "return", "if", "else", "for", "while", "do",
            "switch", "case", "default", "break", "continue", "goto"}
# Names the linker makes: declared in a header, defined by no .c file.
LINKER = re.compile(r"^__(start|stop)_")
# Headers that do not take part, and why: the ring buffer's own headers
# (ring_buffer*.h) are also compiled into its userspace harnesses, which
# define or use some of what they declare (rb_harness_point(), the event
# checker's helpers) in files this check does not read.
UNCHECKED_WHY = "the ring buffer's own; also built into its userspace " \
                "harnesses under tools/testing/, which this check does not read"
# The engine of function tracing and what it may use (the "engine" rule).
ENGINE = ("ftrace_records.c", "ftrace_hash.c", "ftrace_ops.c",
          "ftrace_update.c", "ftrace_filter.c", "ftrace_direct.c",
          "ftrace_modsyms.c", "ftrace_cpu_down.c", "fgraph.c")
ENGINE_HEADERS = ("ftrace_internal.h", "ftrace_hash.h", "fgraph_internal.h")
ENGINE_LEAVES = ("trace_clock.c", "trace_seq.c")
# The bottom of the core, what it may use, and the top (the "core" rule).
CORE_BOTTOM = "trace.c"
CORE_LEAVES = ("trace_clock.c", "trace_seq.c")
BOOT_TOP = "trace_boot.c"
# The "cycle" rule's cap: the largest cycle today.
CYCLE_CAP = 19


def unchecked(name):
    return name.startswith("ring_buffer") and name.endswith(".h")


def event_names(h):
    """The events an event description (TRACE_SYSTEM, TRACE_EVENT) makes,
    as the file that creates them calls them (trace_<event>); None for
    any other header. Such a header is read by define_trace.h in several
    passes, its macros are those passes' parameters: the header rules do
    not apply to it, but whoever includes it must fire one of its events."""
    if not re.search(r"^#\s*define\s+TRACE_SYSTEM\b", h.raw, re.M):
        return None
    names = set()
    for m in re.finditer(r"^\s*TRACE_EVENT\(\s*(\w+)", h.raw, re.M):
        names.add("trace_" + m.group(1))
    for m in re.finditer(r"^\s*DEFINE_EVENT\(\s*\w+\s*,\s*(\w+)", h.raw, re.M):
        names.add("trace_" + m.group(1))
    return names


# A banner for what the base tree defines and none of its headers
# declares (some BPF helpers' protos of net/core/filter.c): filed there,
# a declaration must be defined by no file here, and used by one.
NOT_OURS = "not ours"

# Headers checked by every rule but "used": their .c file is also built
# into a userspace harness (ftrace_hash.h: tools/testing/ftrace/), whose
# tests are the only callers of a few of its functions.
SHARED_WITH_HARNESS = {"ftrace_hash.h"}
TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|->|<<|>>|[^\s\w]")
BANNER = re.compile(r"^(?:/\*|\*)\s*=+\s*(.*?)\s*=*\s*(?:\*/)?\s*$")
BANNER_FILE = re.compile(r"[\w*]+\.c")


def blank(text):
    """Comments, strings and char constants to spaces, keeping lines."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


class Item:
    """A name a file provides at its top level."""

    def __init__(self, name, kind, path, line, static=False, body=()):
        self.name = name
        self.kind = kind        # func, var, decl, extern, inline, macro, type
        self.path = path
        self.line = line
        self.static = static
        self.body = set(body)   # identifiers it names (inline, macro)
        self.banner = None      # (text, files) of its section, headers only


class Source:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)
        with open(path, errors="replace") as f:
            self.raw = f.read()
        self.code = blank(self.raw)
        self.includes = re.findall(r'^\s*#\s*include\s+"([^"]+)"',
                                   self.raw, re.M)
        self.items = []
        self.tokens = set(TOKEN.findall(self.code)) - KEYWORDS
        self.audience = None
        # The first comment after the SPDX line says who may include it.
        m = re.match(r"\s*(?:/\*\s*SPDX[^\n]*\*/\s*)?(/\*.*?\*/)",
                     self.raw, re.S)
        if m:
            hit = re.search(r"Included by:(.*?)(?:\n\s*\*\s*\n|\*/)",
                            m.group(1), re.S)
            if hit:
                self.audience = re.findall(r"[\w*?\[\]-]+\.[ch]\b",
                                           hit.group(1))
        self._parse()

    def _banners(self):
        """Line number -> (banner text, files it names)."""
        out = {}
        for no, line in enumerate(self.raw.splitlines(), 1):
            m = BANNER.match(line.strip())
            if m and self.name.endswith(".h"):
                text = m.group(1)
                out[no] = (text, BANNER_FILE.findall(text.split(":")[0]))
        return out

    def _parse(self):
        banners = self._banners()
        lines = self.code.split("\n")
        # Preprocessor lines (with their continuations): macros are
        # items, the rest is skipped.
        body = []
        directive = None
        for no, line in enumerate(lines, 1):
            s = line.lstrip()
            if directive is None and s.startswith("#"):
                directive = (no, "")
            if directive is None:
                body.append(line)
                continue
            directive = (directive[0], directive[1] + " " + line)
            body.append("")
            if line.rstrip().endswith("\\"):
                continue
            text = directive[1].replace("\\", " ").strip()
            m = re.match(r"#\s*define\s+(\w+)(.*)", text)
            if m:
                self.items.append(Item(m.group(1), "macro", self.path,
                                       directive[0],
                                       body=TOKEN.findall(m.group(2))))
            directive = None
        toks = []
        for no, line in enumerate(body, 1):
            for t in TOKEN.findall(line):
                toks.append((t, no))
        self._statements(toks)
        if banners:
            marks = sorted(banners)
            for it in self.items:
                before = [b for b in marks if b < it.line]
                if before:
                    it.banner = banners[before[-1]]

    def _statements(self, toks):
        depth = 0
        stmt = []
        inner = []
        i = 0
        while i < len(toks):
            t, no = toks[i]
            if depth == 0:
                if t == "{":
                    head = [x for x, _ in stmt]
                    if self._is_function(head):
                        depth = 1
                        inner = []
                        start = stmt
                        i += 1
                        while i < len(toks) and depth:
                            t2 = toks[i][0]
                            depth += (t2 == "{") - (t2 == "}")
                            if depth:
                                inner.append(t2)
                            i += 1
                        self._function(start, inner)
                        stmt = []
                        continue
                    depth = 1
                    stmt.append((t, no))
                elif t == ";":
                    self._declaration(stmt)
                    stmt = []
                else:
                    stmt.append((t, no))
            else:
                depth += (t == "{") - (t == "}")
                stmt.append((t, no))
            i += 1

    @staticmethod
    def _strip_attrs(head):
        out = []
        i = 0
        while i < len(head):
            t = head[i]
            if t in ATTR_CALLS and i + 1 < len(head) and head[i + 1] == "(":
                d, i = 0, i + 1
                while i < len(head):
                    d += (head[i] == "(") - (head[i] == ")")
                    i += 1
                    if d == 0:
                        break
                continue
            if t not in ATTR_WORDS:
                out.append(t)
            i += 1
        return out

    def _is_function(self, head):
        head = self._strip_attrs(head)
        if not head or head[-1] != ")" or "=" in head or "(" not in head:
            return False
        return True

    @staticmethod
    def _name_before_paren(head):
        k = head.index("(")
        if head[k + 1:k + 2] == ["*"]:            # function pointer
            return head[k + 2] if k + 2 < len(head) else None, "var"
        return (head[k - 1] if k else None), "func"

    def _function(self, stmt, inner):
        head = self._strip_attrs([x for x, _ in stmt])
        name, _ = self._name_before_paren(head)
        if not name or not re.match(r"[A-Za-z_]\w*$", name):
            return
        static = "static" in head
        kind = "inline" if static and self.name.endswith(".h") else "func"
        self.items.append(Item(name, kind, self.path, stmt[0][1], static,
                               body=inner))

    def _declaration(self, stmt):
        if not stmt:
            return
        line = stmt[0][1]
        head = self._strip_attrs([x for x, _ in stmt])
        if not head or head[0] == "typedef":
            if head and head[0] == "typedef":
                self.items.append(Item(head[-1], "type", self.path, line))
            return
        if head[0] in ("struct", "union", "enum") and "{" in head[1:3]:
            k = head.index("{")
            if k == 2:
                self.items.append(Item(head[1], "type", self.path, line))
            if head[0] == "enum":
                for j, t in enumerate(head[k:], k):
                    if re.match(r"[A-Za-z_]\w*$", t) and \
                       head[j - 1] in ("{", ","):
                        self.items.append(Item(t, "macro", self.path, line))
            if head[-1] == "}":
                return
            # A declarator follows the body: keep "struct NAME" before it.
            d, j = 0, k
            while j < len(head):
                d += (head[j] == "{") - (head[j] == "}")
                j += 1
                if d == 0:
                    break
            head = head[:k] + head[j:]
        elif head[0] in ("struct", "union", "enum") and len(head) == 2:
            self.items.append(Item(head[1], "type", self.path, line))
            return
        static = "static" in head
        extern = "extern" in head
        if head[0] in DEFINERS or head[0] in DECLARERS:
            args = [t for t in head[2:] if re.match(r"[A-Za-z_]\w*$", t)]
            table = DEFINERS if head[0] in DEFINERS else DECLARERS
            # The object is the last identifier of its argument.
            parts = " ".join(head[2:-1]).split(",")
            idx = table[head[0]]
            if idx < len(parts):
                ids = re.findall(r"[A-Za-z_]\w*", parts[idx])
                if ids and args:
                    kind = "var" if head[0] in DEFINERS else "extern"
                    self.items.append(Item(ids[-1], kind, self.path, line,
                                           static))
            return
        # Cut an initializer off.
        depth = 0
        cut = len(head)
        for k, t in enumerate(head):
            depth += (t in "([{") - (t in ")]}")
            if t == "=" and depth == 0:
                cut = k
                break
        decl = head[:cut]
        if "(" in decl:
            k = decl.index("(")
            before = [t for t in decl[:k] if t not in KEYWORDS]
            if len(before) < 1 or (k == 1 and decl[0] not in KEYWORDS):
                return          # a macro invocation: EXPORT_SYMBOL(x) ...
            name, kind = self._name_before_paren(decl)
            if kind == "func":
                kind = "decl"
            elif not extern:
                kind = "var"
            else:
                kind = "extern"
        else:
            if "[" in decl:
                decl = decl[:decl.index("[")]
            idents = [t for t in decl if re.match(r"[A-Za-z_]\w*$", t)
                      and t not in KEYWORDS]
            if len(decl) < 2 or not idents:
                return
            name = idents[-1]
            kind = "extern" if extern else "var"
        if name and re.match(r"[A-Za-z_]\w*$", name):
            self.items.append(Item(name, kind, self.path, line, static))


class Tree:
    def __init__(self, top):
        self.top = top
        self.files = {}
        for f in sorted(os.listdir(top)):
            if f.endswith((".c", ".h")):
                self.files[f] = Source(os.path.join(top, f))
        self.c = [s for n, s in self.files.items() if n.endswith(".c")]
        self.h = [s for n, s in self.files.items() if n.endswith(".h")]
        # Definitions with external linkage, by name.
        self.defined = defaultdict(list)
        for s in self.c:
            for it in s.items:
                if it.kind in ("func", "var") and not it.static:
                    self.defined[it.name].append(s.name)
        # What header inlines and macros name, for the transitive uses.
        self.expands = defaultdict(set)
        for s in self.h:
            for it in s.items:
                if it.kind in ("inline", "macro"):
                    self.expands[it.name] |= it.body
        self.uses = {s.name: self._closure(s) for s in self.files.values()}
        # Exported symbols have users outside the directory.
        self.exported = set()
        for src in self.c:
            self.exported.update(re.findall(
                r"^\s*EXPORT_SYMBOL\w*\(\s*(\w+)\s*\)", src.raw, re.M))

    def _closure(self, src):
        seen = set(src.tokens)
        todo = [t for t in seen if t in self.expands]
        while todo:
            for t in self.expands[todo.pop()]:
                if t not in seen:
                    seen.add(t)
                    if t in self.expands:
                        todo.append(t)
        return seen

    def users(self, name, but=()):
        return sorted(f for f, u in self.uses.items()
                      if f.endswith(".c") and name in u and f not in but)

    def why(self, a, b):
        """What file @a names that file @b, and not @a, defines."""
        return sorted(n for n, owners in self.defined.items()
                      if n in self.files[a].tokens and b in owners and
                      a not in owners)

    def named_by(self, name, but):
        """Files other than @but whose own text names @name."""
        return sorted(f for f, src in self.files.items()
                      if f != but and name in src.tokens)

    def provided(self, header):
        return {it.name for it in header.items}


def check(tree):
    """The rules on @tree: (passed, failed, the failures' messages)."""
    passed = failed = 0
    report = []

    def verdict(ok, msg):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            report.append("FAIL: " + msg)

    for h in tree.h:
        if unchecked(h.name) or event_names(h) is not None:
            continue
        verdict(h.audience is not None,
                "%s: its first comment has no 'Included by:' line" % h.name)
        guard = re.search(r"^#\s*ifndef\s+(\w+)", h.raw, re.M)
        for it in h.items:
            where = "%s:%d %s" % (h.name, it.line, it.name)
            if it.kind in ("inline", "macro") and it.body is not None:
                if guard and it.name == guard.group(1):
                    continue
                if re.search(r"^\s*enum\b", h.raw.splitlines()[it.line - 1]):
                    continue        # enum constants: ABI slots
                # a part of another macro of the header counts as named
                # where that one is (FUNCTION_FLAGS inside TRACE_FLAGS)
                outer = [o for o in h.items if o is not it and
                         o.kind == "macro" and it.name in o.body]
                verdict(bool(tree.named_by(it.name, h.name)) or
                        any(tree.named_by(o.name, h.name) for o in outer),
                        "%s: defined in the header, named by no other file"
                        % where)
                continue
            if it.kind not in ("decl", "extern") or LINKER.match(it.name):
                continue
            owners = tree.defined.get(it.name, [])
            if it.banner is not None and it.banner[0].startswith(NOT_OURS):
                # the base tree's, declared by none of its headers
                verdict(not owners, "%s: defined in %s, filed under '%s'"
                        % (where, ", ".join(owners), it.banner[0]))
                verdict(bool(tree.users(it.name)),
                        "%s: declared, used by no file here" % where)
                continue
            if not owners:
                verdict(False, "%s: declared, defined by no .c file here"
                        % where)
                continue
            if it.banner is not None:
                named = it.banner[1]
                ok = any(fnmatch.fnmatch(o, pat) for o in owners
                         for pat in named)
                verdict(ok, "%s: defined in %s, filed under the banner "
                        "'%s'" % (where, ", ".join(owners), it.banner[0]))
            else:
                verdict(False, "%s: declared under no banner naming its "
                        "owner" % where)
            others = tree.users(it.name, but=owners)
            verdict(bool(others) or it.name in tree.exported or
                    h.name in SHARED_WITH_HARNESS,
                    "%s: used only by %s, which defines it (make it static "
                    "there, or drop the declaration)"
                    % (where, ", ".join(owners)))
        if h.audience is not None:
            for s in tree.files.values():
                if h.name in s.includes:
                    ok = any(fnmatch.fnmatch(s.name, p) for p in h.audience)
                    verdict(ok, "%s includes %s, whose audience is %s"
                            % (s.name, h.name, " ".join(h.audience)))
    for s in tree.files.values():
        for inc in s.includes:
            h = tree.files.get(inc)
            if h is None:
                continue
            names = event_names(h)
            if names is None:
                names = tree.provided(h)
            if not names:
                continue        # a description included for its macros
            verdict(bool(names & tree.uses[s.name] - tree.provided(s)
                         if s.name.endswith(".h") else
                         names & tree.uses[s.name]),
                    "%s includes %s and uses nothing it provides"
                    % (s.name, inc))
    g = graph(tree)
    for name in ENGINE:
        s = tree.files.get(name)
        if s is None:
            continue
        for inc in s.includes:
            if inc in tree.files:
                verdict(inc in ENGINE_HEADERS,
                        "%s (the engine) includes %s" % (name, inc))
        for dep in sorted(g.get(name, ())):
            verdict(dep in ENGINE or dep in ENGINE_LEAVES,
                    "%s (the engine) uses %s of %s, above it"
                    % (name, ", ".join(tree.why(name, dep)), dep))
    for dep in sorted(g.get(CORE_BOTTOM, ())):
        verdict(dep.startswith("ring_buffer") or dep in CORE_LEAVES,
                "%s (the core) uses %s of %s, above it"
                % (CORE_BOTTOM, ", ".join(tree.why(CORE_BOTTOM, dep)), dep))
    if BOOT_TOP in tree.files:
        for user in sorted(f for f, deps in g.items() if BOOT_TOP in deps):
            verdict(False, "%s uses %s of %s, the boot at the top"
                    % (user, ", ".join(tree.why(user, BOOT_TOP)), BOOT_TOP))
    big = largest_cycle(tree, g)
    verdict(len(big) <= CYCLE_CAP,
            "the largest cycle has %d files, over the cap of %d: %s"
            % (len(big), CYCLE_CAP, " ".join(big)))
    return passed, failed, report


# Drifts the check must catch, each made in a copy of the tree:
# (file, text to find, what to put instead, what the failure must say).
MUTATIONS = [
    ("trace_core.h", "/* ================ trace_tracer.c: the registry",
     "/* ================ trace_fs.c: the registry", "filed under the banner"),
    ("trace.h", "int register_tracer(struct tracer *type);\n",
     "int register_tracer(struct tracer *type);\n"
     "void trace_layout_drift(void);\n", "defined by no .c file"),
    ("trace_tracer.c", "int register_tracer(struct tracer *type)\n{",
     "void trace_layout_drift(void)\n{\n}\n\n"
     "int register_tracer(struct tracer *type)\n{", None),
    ("trace.h", "int register_tracer(struct tracer *type);\n",
     "int register_tracer(struct tracer *type);\n"
     "void trace_layout_drift(void);\n", "used only by trace_tracer.c"),
    ("trace_marker.c", '#include "trace_core.h"\n',
     '#include "trace_core.h"\n#include "trace_output.h"\n',
     "uses nothing it provides"),
    ("trace_marker.c", '#include "trace_core.h"\n',
     '#include "trace_core.h"\n#include "trace_output.h"\n',
     "whose audience is"),
    ("trace_output.h", "Included by:", "Read by:", "no 'Included by:' line"),
    ("trace.h", "#define TRACE_MODE_READ",
     "#define TRACE_LAYOUT_DRIFT\t1\n#define TRACE_MODE_READ",
     "named by no other file"),
    ("ftrace_records.c", '#include "ftrace_internal.h"\n',
     '#include "ftrace_internal.h"\n#include "trace.h"\n',
     "(the engine) includes trace.h"),
    ("ftrace_records.c", "\tlisting_gen++;\n\tmutex_unlock",
     "\tlisting_gen++;\n\tftrace_process_cached_mods(NULL);\n"
     "\tmutex_unlock", "(the engine) uses ftrace_process_cached_mods"),
    ("ftrace_records.c", "\tlisting_gen++;\n\tmutex_unlock",
     "\tlisting_gen++;\n\tftrace_process_cached_mods(NULL);\n"
     "\tmutex_unlock", "over the cap"),
    ("trace.c", "\tring_buffer_set_clock(rb, trace_clocks[tr->clock_id].func);\n",
     "\tring_buffer_set_clock(rb, trace_clocks[tr->clock_id].func);\n"
     "\ttrace_printk_early_init();\n",
     "(the core) uses trace_printk_early_init of trace_printk.c"),
    ("trace_pipe.c", "\ttrace_consume_lock(iter->cpu_file);\n",
     "\ttrace_consume_lock(iter->cpu_file);\n\ttrace_init();\n",
     "uses trace_init of trace_boot.c, the boot at the top"),
]


def selftest(top):
    """
    Make each drift of MUTATIONS in a copy of @top and see the check
    fail with the expected message; the copy as it is must pass. A
    mutation with no message only prepares the next one.
    """
    import shutil
    import tempfile
    passed = failed = 0
    work = tempfile.mkdtemp(prefix="trace_layout.")
    try:
        copy = os.path.join(work, "trace")
        shutil.copytree(top, copy)
        _, nfail, _ = check(Tree(copy))
        ok = nfail == 0
        print("layout selftest: the tree as it is: %s"
              % ("passes" if ok else "FAILS"))
        passed += ok
        failed += not ok
        staged = []
        for f, old, new, expect in MUTATIONS:
            shutil.rmtree(copy)
            shutil.copytree(top, copy)
            applied = True
            for sf, sold, snew in staged + [(f, old, new)]:
                path = os.path.join(copy, sf)
                text = open(path).read() if os.path.exists(path) else ""
                if sold not in text:
                    applied = False
                    break
                with open(path, "w") as fh:
                    fh.write(text.replace(sold, snew, 1))
            if not applied:
                print("layout selftest: cannot make the drift in %s: "
                      "update MUTATIONS" % f)
                staged = []
                failed += 1
                continue
            if expect is None:
                staged.append((f, old, new))
                continue
            staged = []
            _, _, report = check(Tree(copy))
            hit = [r for r in report if expect in r]
            ok = bool(hit)
            print("layout selftest: a drift in %s: %s" %
                  (f, "caught (" + hit[0][len("FAIL: "):] + ")" if ok
                   else "NOT CAUGHT (expected '%s')" % expect))
            passed += ok
            failed += not ok
    finally:
        shutil.rmtree(work)
    return passed, failed


def graph(tree):
    """File -> files whose external definitions it uses."""
    g = defaultdict(set)
    for s in tree.c:
        for name, owners in tree.defined.items():
            if name in s.tokens and s.name not in owners:
                g[s.name].update(owners)
    return g


def sccs(g, nodes):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def visible(tree, src, seen=None):
    """The headers @src includes, directly or through other headers."""
    seen = set() if seen is None else seen
    for inc in src.includes:
        h = tree.files.get(inc)
        if h is not None and inc not in seen:
            seen.add(inc)
            visible(tree, h, seen)
    return seen


def largest_cycle(tree, g):
    return max(sccs(g, [s.name for s in tree.c]), key=len)


def report_cycles(what, g, nodes):
    comps = sorted(sccs(g, nodes), key=len, reverse=True)
    big = comps[0]
    trace = [n for n in nodes if n.startswith("trace")]
    print("deps: %s: %d edges; largest cycle %d files (%d of the %d "
          "trace*.c): %s" % (what, sum(len(v) for v in g.values()),
                             len(big), len([n for n in big
                                            if n.startswith("trace")]),
                             len(trace), " ".join(big)))


def deps(tree):
    """
    Two graphs over the .c files. Uses: A -> B when A names a function
    or variable B defines (what the code calls). Declarations: A -> B
    when a header A includes declares something B defines (what A can
    call without changing an include: the coupling a catch-all header
    makes). Also how many declarations of other files each file sees.
    """
    nodes = [s.name for s in tree.c]
    report_cycles("uses", graph(tree), nodes)
    g = defaultdict(set)
    seen_decls = []
    for s in tree.c:
        n = 0
        for inc in visible(tree, s):
            for it in tree.files[inc].items:
                if it.kind not in ("decl", "extern"):
                    continue
                owners = [o for o in tree.defined.get(it.name, [])
                          if o != s.name]
                g[s.name].update(owners)
                n += bool(owners)
        if s.includes:
            seen_decls.append(n)
    report_cycles("declarations", g, nodes)
    print("deps: declarations of other files a file sees: %.1f on average "
          "over %d files, at most %d" % (sum(seen_decls) / len(seen_decls),
                                         len(seen_decls), max(seen_decls)))


def stats(tree):
    for h in tree.h:
        lines = h.raw.count("\n")
        incs = len(re.findall(r"^\s*#\s*include", h.raw, re.M))
        ext = len(re.findall(r"^\s*extern\b", h.raw, re.M))
        decl = len([i for i in h.items if i.kind in ("decl", "extern")])
        print("stats: %-28s %5d lines %3d includes %3d extern %3d "
              "declarations" % (h.name, lines, incs, ext, decl))


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "check"
    here = os.path.dirname(os.path.abspath(__file__))
    top = sys.argv[2] if len(sys.argv) > 2 else \
        os.path.join(here, "../../../kernel/trace")
    tree = Tree(top)
    if what == "check":
        for h in tree.h:
            if unchecked(h.name):
                print("layout: %s not checked: %s" % (h.name, UNCHECKED_WHY))
        passed, failed, report = check(tree)
        for line in report:
            print(line)
        print("layout: largest dependency cycle: %d files (cap %d)"
              % (len(largest_cycle(tree, graph(tree))), CYCLE_CAP))
        print("layout: the rules: %d passed, %d failed" % (passed, failed))
        sp, sf = selftest(top)
        passed += sp
        failed += sf
        print("layout: %d passed, %d failed" % (passed, failed))
        sys.exit(1 if failed else 0)
    elif what == "deps":
        deps(tree)
    elif what == "stats":
        stats(tree)
    elif what == "dump":
        for s in tree.files.values():
            for it in s.items:
                print("%s:%d %s %s%s %s" % (s.name, it.line, it.kind,
                      "static " if it.static else "", it.name,
                      it.banner[1] if it.banner else ""))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
