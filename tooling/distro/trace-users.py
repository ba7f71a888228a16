#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""trace-users.py BASE: the modules of a kernel tree that use kernel/trace.

A source file outside kernel/trace/ uses it when it names a symbol that
kernel/trace/*.c exports, or when it defines CREATE_TRACE_POINTS (its
events then call the event layer's exported helpers through the
TRACE_EVENT macros, which a plain grep cannot see). Each such file is
mapped to the object that a Makefile (or Kbuild) links as a module:
"obj-$(CONFIG_X) += name.o" directly, or "name-y/-objs/-$(CONFIG_Y) +=
file.o" through a composite object. One module name per line is printed,
in lsmod's first column form, for localmodconfig (built-in objects are
printed too; localmodconfig ignores what is not modular).

With -v, each module is followed by the file and the reason that chose it.
"""
import os
import re
import sys

EXPORT = re.compile(r'^EXPORT_SYMBOL(?:_GPL)?\((\w+)\)', re.M)
ASSIGN = re.compile(r'^\s*([\w.$()-]+)\s*[:+]?=\s*(.*)$')


def exported(base):
    syms = set()
    tdir = os.path.join(base, 'kernel/trace')
    for name in os.listdir(tdir):
        if name.endswith('.c'):
            with open(os.path.join(tdir, name), errors='replace') as f:
                syms.update(EXPORT.findall(f.read()))
    return syms


def makefile_lines(path):
    """The assignments of one Makefile, continuation lines joined."""
    out = []
    try:
        with open(path, errors='replace') as f:
            text = f.read().replace('\\\n', ' ')
    except OSError:
        return out
    for line in text.splitlines():
        line = line.split('#', 1)[0]
        m = ASSIGN.match(line)
        if m:
            out.append((m.group(1), m.group(2).split()))
    return out


class Mapper:
    def __init__(self, base):
        self.base = base
        self.cache = {}

    def lines(self, d):
        if d not in self.cache:
            ls = []
            for mk in ('Makefile', 'Kbuild'):
                ls += makefile_lines(os.path.join(self.base, d, mk))
            self.cache[d] = ls
        return self.cache[d]

    def modules(self, relfile):
        """Module names that link relfile (a path relative to base)."""
        obj = relfile[:-2] + '.o'
        d = os.path.dirname(obj)
        found = set()
        # The object may be named from its own directory's Makefile or,
        # with a relative path, from one of the three above it.
        for _ in range(4):
            rel = os.path.relpath(obj, d) if d else obj
            self.resolve(d, rel, found, 0)
            if found or not d:
                break
            d = os.path.dirname(d)
        return found

    def resolve(self, d, rel, found, depth):
        if depth > 3:
            return
        for lhs, words in self.lines(d):
            if rel not in words:
                continue
            if lhs.startswith('obj-') or lhs.startswith('lib-'):
                found.add(os.path.basename(rel)[:-2].replace('-', '_'))
                continue
            m = re.match(r'^([\w-]+?)-(y|m|objs|\$\(CONFIG_\w+\))$', lhs)
            if m:
                # A composite: find what links it in turn.
                self.resolve(d, m.group(1) + '.o', found, depth + 1)


def main():
    args = sys.argv[1:]
    verbose = '-v' in args
    args = [a for a in args if a != '-v']
    base = args[0]
    syms = exported(base)
    word = re.compile(r'\b(?:' + '|'.join(sorted(syms)) + r')\b')
    mapper = Mapper(base)
    chosen = {}
    for root, dirs, files in os.walk(base):
        rel_root = os.path.relpath(root, base)
        if rel_root == '.':
            dirs[:] = [x for x in dirs if x not in
                       ('Documentation', 'tools', 'scripts', 'samples',
                        'usr', '.git')]
        # kernel/trace is the provider; other architectures are not built.
        if rel_root == 'kernel/trace' or (rel_root.startswith('arch/') and
                                          not rel_root.startswith('arch/x86')):
            dirs[:] = []
            continue
        for name in files:
            if not name.endswith('.c'):
                continue
            rel = os.path.normpath(os.path.join(rel_root, name))
            with open(os.path.join(root, name), errors='replace') as f:
                text = f.read()
            if 'CREATE_TRACE_POINTS' in text:
                why = 'CREATE_TRACE_POINTS'
            else:
                m = word.search(text)
                if not m:
                    continue
                why = m.group(0)
            for mod in mapper.modules(rel):
                chosen.setdefault(mod, (rel, why))
    for mod in sorted(chosen):
        if verbose:
            print(mod, *chosen[mod])
        else:
            print(mod)


if __name__ == '__main__':
    main()
