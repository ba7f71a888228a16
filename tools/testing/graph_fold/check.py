#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check Documentation/trace/function-graph-fold.vim against real traces.

For each sample (samples/*.txt, function_graph output of one CPU captured
from our kernel) vim loads the fold script and dump.vim writes every
line's fold level and every fold it made. The expectation comes another
way: the "{" and "}" lines of the tree are matched with a stack, as
braces, never by their indentation (which is what the fold script
reads). Each "{" line and its "}" must be one fold and the only folds
are those; a leaf or a comment lies inside as many folds as calls are
open around it.

Then the self-test: copies of the fold script with a fault put in on
purpose (no fold ends at "}", levels one too shallow, leaves outside
their call, calls deeper than vim nests folds) must each fail on some
sample.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, '..', '..', '..'))
SCRIPT = os.path.join(TOP, 'Documentation', 'trace', 'function-graph-fold.vim')
DUMP = os.path.join(HERE, 'dump.vim')

# (what, text in the script, its replacement)
MUTATIONS = [
    ('no fold ends at the "}" line',
     "return '<' . (l:depth + 1)", "return '='"),
    ('folds one level too shallow',
     "return '>' . (l:depth + 1)", "return '>' . l:depth"),
    ('leaves outside their call',
     "return l:depth\n", "return 0\n"),
    ('calls below the deepest fold split their ancestor\'s',
     "if l:depth >= &foldnestmax", "if 0"),
]


def tree_of(line):
    """The tree column of a line, as a person reads it, or None."""
    if line.startswith('#') or not line.strip():
        return None
    if '|  ' in line:
        return line.rsplit('|  ', 1)[1]
    m = re.match(r'^\s*\d+\)\s(.*)$', line)
    return m.group(1) if m else None


# vim nests folds 20 deep at most ('foldnestmax' cannot be set higher):
# a call deeper than that lies inside its ancestor's fold of level 20.
VIM_MAX_NEST = 20


def expected(lines):
    """Folds (start, end) by brace matching; levels of leaves and comments."""
    folds, levels, stack = set(), {}, []

    def add(start, end, depth):
        if depth < VIM_MAX_NEST:
            folds.add((start, end))

    for n, line in enumerate(lines, 1):
        tree = tree_of(line)
        if tree is None or not tree.strip():
            continue
        text = tree.strip()
        if text.endswith('{'):
            stack.append(n)
        elif text.startswith('}'):
            if stack:
                add(stack.pop(), n, len(stack))
        elif re.match(r'^(/\*.*\*/|[^ (]+\(\);)', text):
            levels[n] = min(len(stack), VIM_MAX_NEST)
    for depth, start in enumerate(stack):
        add(start, len(lines), depth)
    return folds, levels


def vim_folds(script, sample):
    """Run vim on @sample with @script: (levels, folds) as vim made them."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'out')
        env = dict(os.environ, FOLD_OUT=out)
        cmd = ['vim', '-es', '-N', '-u', 'NONE', '-i', 'NONE', '-n',
               '-c', 'source ' + script, '-c', 'source ' + DUMP,
               '-c', 'qa!', sample]
        subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=120, check=False)
        if not os.path.exists(out):
            return None, None
        levels, folds = {}, set()
        with open(out) as f:
            for line in f:
                w = line.split()
                if w[0] == 'level':
                    levels[int(w[1])] = int(w[2])
                elif w[0] == 'fold':
                    folds.add((int(w[1]), int(w[2])))
        return levels, folds


def check_sample(script, sample):
    """Differences between vim's folds of @sample and the expected ones."""
    with open(sample) as f:
        lines = f.read().split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    want_folds, want_levels = expected(lines)
    levels, folds = vim_folds(script, sample)
    if levels is None:
        return ['vim wrote nothing']
    errs = []
    for start, end in sorted(want_folds - folds):
        errs.append('no fold %d-%d (%s)' % (start, end, lines[start - 1].strip()))
    for start, end in sorted(folds - want_folds):
        errs.append('extra fold %d-%d (%s)' % (start, end, lines[start - 1].strip()))
    for n, lvl in sorted(want_levels.items()):
        if levels.get(n) != lvl:
            errs.append('line %d at level %s, wanted %d (%s)' %
                        (n, levels.get(n), lvl, lines[n - 1].strip()))
    if not want_folds:
        errs.append('the sample has no call to fold')
    return errs


def main():
    passed = failed = 0
    if not shutil.which('vim'):
        print('graph_fold: vim is not installed (tooling/setup.sh installs it)')
        print('0 passed, 1 failed')
        return 1
    samples = sorted(glob.glob(os.path.join(HERE, 'samples', '*.txt')))
    if not samples:
        print('graph_fold: no samples')
        print('0 passed, 1 failed')
        return 1
    for sample in samples:
        name = os.path.basename(sample)
        errs = check_sample(SCRIPT, sample)
        if errs:
            failed += 1
            print('FAIL %s: %d differences' % (name, len(errs)))
            for e in errs[:5]:
                print('  ' + e)
        else:
            passed += 1
            print('PASS %s' % name)

    with open(SCRIPT) as f:
        text = f.read()
    for what, old, new in MUTATIONS:
        if old not in text:
            failed += 1
            print('FAIL self-test "%s": the script no longer has %r' % (what, old))
            continue
        with tempfile.TemporaryDirectory() as tmp:
            broken = os.path.join(tmp, 'broken.vim')
            with open(broken, 'w') as f:
                f.write(text.replace(old, new, 1))
            caught = any(check_sample(broken, s) for s in samples)
        if caught:
            passed += 1
            print('PASS self-test: caught %s' % what)
        else:
            failed += 1
            print('FAIL self-test: %s went unnoticed' % what)
    print('graph_fold: %d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
