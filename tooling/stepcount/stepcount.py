# SPDX-License-Identifier: GPL-2.0
# stepcount.py: count, by single-stepping a guest through QEMU's gdb stub,
# the instructions one call of a kernel function executes, per function.
# Run by stepcount.sh (see there); reads FUNC, NSAMP and OUT from the
# environment. A hardware breakpoint at FUNC's first instruction (its
# fentry site, before any tracer hook), then stepi until the return
# address the call pushed is reached. QEMU masks interrupts and timers
# while single-stepping, so only the call itself is counted.
import collections
import os

import gdb

target = os.environ.get("FUNC", "file_close_fd")
nsamp = int(os.environ.get("NSAMP", "1"))
out = open(os.environ.get("OUT", "/dev/stdout"), "w")
limit = int(os.environ.get("STEP_LIMIT", "200000"))
u64 = gdb.lookup_type("unsigned long")
names = {}


def name(pc):
    if pc not in names:
        s = gdb.execute("info symbol 0x%x" % pc, to_string=True).split()
        # "foo + 12 in section .text" or "No symbol matches ..."
        names[pc] = s[0] if s and s[0] != "No" else "?"
    return names[pc]


def reg(r):
    return int(gdb.parse_and_eval(r).cast(u64))


gdb.execute("set pagination off")
addr = int(gdb.parse_and_eval("&" + target).cast(u64))
for n in range(nsamp):
    bp = gdb.Breakpoint("*%d" % addr, type=gdb.BP_HARDWARE_BREAKPOINT,
                        internal=True)
    gdb.execute("continue")
    bp.delete()
    mem = gdb.selected_inferior().read_memory(reg("$rsp"), 8).tobytes()
    ret = int.from_bytes(mem, "little")
    hist = collections.Counter()
    seq = []
    steps = 0
    while steps < limit:
        pc = reg("$pc")
        if pc == ret:
            break
        f = name(pc)
        hist[f] += 1
        if seq and seq[-1][0] == f:
            seq[-1][1] += 1
        else:
            seq.append([f, 1])
        gdb.execute("stepi", to_string=True)
        steps += 1
    out.write("stepcount: %s sample %d: %d instructions%s\n" %
              (target, n, steps, " (limit)" if steps == limit else ""))
    for f, c in hist.most_common():
        out.write("  %7d %s\n" % (c, f))
    out.write("  sequence: %s\n" % " ".join("%s:%d" % (f, c) for f, c in seq))
    out.flush()
gdb.execute("detach")
