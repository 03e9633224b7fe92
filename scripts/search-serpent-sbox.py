#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Search short bitsliced circuits for Serpent's S-boxes with a SAT solver.

A developer's tool, not run by the build or the tests: its output is
pasted into lib/crypto/serpent.c between the "generated" markers, and the
unit test test-serpent-sbox checks the compiled result on every input
against the specification's tables.

A program is a list of operations on 32-bit words, each a & b, a | b or
a ^ b of the inputs x0..x3 and earlier results; four of the results are
the output bits y0..y3 of the S-box (input bit j is word xj, as in
serpent.c), each possibly complemented by one ~ more.  As every operation
works on each bit column alone, a program is right when it computes the
S-box on the 16 possible columns.  AND, OR and XOR map (0, 0) to 0, so
every result is 0 on input 0: an output whose table entry for input 0 is
1 is computed complemented, and costs its ~ (counted in the totals).

The question asked of the solver (CaDiCaL, the Debian package cadical):
"do k more operations on the signals so far compute this output?", in
clauses over one variable per new result and input column:

  v[g][t]      value of new operation g on input column t (the signals
               so far are constants)
  sel[g][i,j]  operation g reads signals i < j (at least one pair chosen)
  f[g][pq]     its value for (signal i, signal j) = (p, q), bit 2p + q of
               a table that is one of and 1000, or 1110, xor 0110
  out[o][g]    the output is operation g

with "sel and v[i][t] = p and v[j][t] = q imply v[g][t] = f[pq]", "out
implies v[g][t] = the table's bit", and "every new operation is the output
or read by a later one".  One solver call for all four outputs at once
(--joint) is the same encoding with four out[] maps; on this machine it
rarely answers within a minute for k near 17, so the search is greedy:
for each of the 24 orders of the four outputs, add them one at a time,
each with the fewest operations the solver finds (k = 1, 2, ...; a call
is limited to --limit seconds and one that runs out counts as "no"),
reusing every result computed so far; of the 24 programs the one with
the shortest chain to an output, then the fewest operations, is kept
(see cost(); --fewest: the other way round; --joint only counts
operations).  Copies between registers are left to the compiler, so
the order of the outputs costs nothing.  Each program is checked on all
16 inputs before it is printed as C.

    scripts/search-serpent-sbox.py [--limit 20] [--step-max 10] [--fewest]
        [--joint SECONDS] [--only S0,SI3] [path/to/lib/crypto/serpent.c]

The S-box tables are read from the comment at the top of serpent.c (the
specification's tables); the inverses are computed from them.  Run time
on a loaded 2-core machine: about two minutes per S-box.
"""
import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SRC = os.path.join(HERE, '..', 'lib', 'crypto', 'serpent.c')

# Two-input tables f[pq] indexed by p << 1 | q, with their C forms
OPS = {
    0b1000: ('and', '{i} & {j}'),
    0b1110: ('or', '{i} | {j}'),
    0b0110: ('xor', '{i} ^ {j}'),
}


def table_bit(f, p, q):
    return (f >> (p << 1 | q)) & 1


def read_sboxes(src):
    boxes = []
    for n, row in re.findall(r'^ \*\tS(\d): ((?:[0-9a-f] ){15}[0-9a-f])$',
                             open(src).read(), re.M):
        assert int(n) == len(boxes)
        boxes.append([int(v, 16) for v in row.split()])
    assert len(boxes) == 8 and all(sorted(s) == list(range(16)) for s in boxes)
    return boxes


class Cnf:
    def __init__(self):
        self.n = 0
        self.clauses = []

    def var(self):
        self.n += 1
        return self.n

    def add(self, *lits):
        self.clauses.append(lits)

    def dimacs(self):
        lines = ['p cnf %d %d' % (self.n, len(self.clauses))]
        lines += [' '.join(map(str, c)) + ' 0' for c in self.clauses]
        return '\n'.join(lines) + '\n'


INPUTS = [sum((t >> j & 1) << t for t in range(16)) for j in range(4)]


def encode(base, targets, k, tables):
    """CNF for "k more gates on the signals @base compute @targets".

    Signals are truth tables over the 16 input columns (bit t: the value
    on column t).  Every allowed table maps (0, 0) to 0, so every signal
    is 0 on the all-zero column: that column needs no variables, and the
    caller complements an output whose value on input 0 is 1 (one more
    operation, counted by the caller).
    """
    cnf = Cnf()
    nb = len(base)
    val = [[None] + [bool(sig >> t & 1) for t in range(1, 16)] for sig in base]
    sel, tyvar = [], []
    for g in range(k):
        s = nb + g
        val.append([None] + [cnf.var() for _ in range(1, 16)])
        f = [None] + [cnf.var() for _ in range(3)]
        ty = {}
        for tab in tables:
            ty[tab] = cnf.var()
            for pq in range(1, 4):
                cnf.add(-ty[tab], f[pq] if tab >> pq & 1 else -f[pq])
        cnf.add(*ty.values())
        tyvar.append(ty)
        pairs = {}
        for i in range(s):
            for j in range(i + 1, s):
                pairs[i, j] = cnf.var()
        cnf.add(*pairs.values())
        sel.append(pairs)
        for (i, j), sv in pairs.items():
            for t in range(1, 16):
                for p in (0, 1):
                    for q in (0, 1):
                        pre = [-sv]
                        dead = False
                        for sig, bit in ((i, p), (j, q)):
                            x = val[sig][t]
                            if isinstance(x, bool):
                                if x != bool(bit):
                                    dead = True
                            else:
                                pre.append(-x if bit else x)
                        if dead:
                            continue
                        y = val[s][t]
                        if p == 0 and q == 0:
                            cnf.add(*pre, -y)
                            continue
                        fb = f[p << 1 | q]
                        cnf.add(*pre, -y, fb)
                        cnf.add(*pre, y, -fb)
    out = []
    for want in targets:
        m = {}
        for g in range(k):
            m[g] = cnf.var()
            for t in range(1, 16):
                y = val[nb + g][t]
                cnf.add(-m[g], y if want >> t & 1 else -y)
        cnf.add(*m.values())
        out.append(m)
    # No dead gates: each is an output or read by a later gate
    for g in range(k):
        s = nb + g
        users = [m[g] for m in out]
        for h in range(g + 1, k):
            users += [v for (i, j), v in sel[h].items() if s in (i, j)]
        cnf.add(*users)
    return cnf, sel, tyvar, out


def solve(cnf, limit, seed):
    with tempfile.NamedTemporaryFile('w', suffix='.cnf') as fh:
        fh.write(cnf.dimacs())
        fh.flush()
        r = subprocess.run(['cadical', '-q', '-t', str(limit),
                            '--seed=%d' % seed, fh.name],
                           stdout=subprocess.PIPE, text=True)
    if r.returncode == 10:
        true = set()
        for line in r.stdout.splitlines():
            if line.startswith('v '):
                true.update(int(x) for x in line[2:].split() if int(x) > 0)
        return 'sat', true
    return ('unsat' if r.returncode == 20 else 'unknown'), None


def decode(nb, k, sel, tyvar, out, true):
    """Gates (table, i, j) appended after the @nb base signals; outputs."""
    gates = []
    for g in range(k):
        (i, j) = next(p for p, v in sel[g].items() if v in true)
        tab = next(t for t, v in tyvar[g].items() if v in true)
        gates.append((tab, i, j))
    outs = [nb + next(g for g, v in m.items() if v in true) for m in out]
    return gates, outs


def signals(gates):
    """Truth tables of the inputs and of every gate of a program."""
    val = list(INPUTS)
    for tab, i, j in gates:
        val.append(sum(table_bit(tab, val[i] >> t & 1, val[j] >> t & 1) << t
                       for t in range(16)))
    return val


def evaluate(gates, outs, flips, t):
    """The program on one input column: S(t) if it is right."""
    val = [t >> j & 1 for j in range(4)]
    for tab, i, j in gates:
        val.append(table_bit(tab, val[i], val[j]))
    return sum((val[s] ^ flips >> o & 1) << o for o, s in enumerate(outs))


def prune(gates, outs):
    """Drop gates no output needs (the solver may keep spare ones)."""
    need = set(outs)
    for g in range(len(gates) - 1, -1, -1):
        if 4 + g in need:
            need.update(gates[g][1:])
    keep = [g for g in range(len(gates)) if 4 + g in need]
    ren = {j: j for j in range(4)}
    for n, g in enumerate(keep):
        ren[4 + g] = 4 + n
    new = [(gates[g][0], ren[gates[g][1]], ren[gates[g][2]]) for g in keep]
    return new, [ren[s] for s in outs]


def c_form(name, gates, outs, flips, names):
    sig = list(names)
    body = []
    for n, (tab, i, j) in enumerate(gates):
        sig.append('t%d' % n)
        body.append('\tt%d = %s;' % (n, OPS[tab][1].format(i=sig[i], j=sig[j])))
    lines = []
    line = '\tu32'
    for n, s in enumerate(sig[4:]):
        piece = ' %s%s' % (s, ',' if n < len(sig) - 5 else ';')
        if len(line) + len(piece) > 72:
            lines.append(line)
            line = '\t   '
        line += piece
    lines.append(line)
    stores = ['\tx[%d] = %s%s;' % (o, '~' if flips >> o & 1 else '', sig[s])
              for o, s in enumerate(outs)]
    return ('static __always_inline void serpent_%s(u32 x[4])\n{\n'
            '\tconst u32 %s = x[0], %s = x[1], %s = x[2], %s = x[3];\n'
            '%s\n\n%s\n%s\n}\n' % ((name,) + tuple(names) + ('\n'.join(lines),
                                     '\n'.join(body), '\n'.join(stores))))


class Stepper:
    """Fewest gates that add one output to a program (memoised)."""

    def __init__(self, args, log):
        self.args, self.log, self.memo = args, log, {}

    def step(self, gates, want):
        base = signals(gates)
        if want in base:
            return [], base.index(want)
        key = (tuple(base), want)
        if key not in self.memo:
            self.memo[key] = None
            for k in range(1, self.args.step_max + 1):
                cnf, sel, tyvar, out = encode(base, [want], k, OPS)
                status, true = solve(cnf, self.args.limit, self.args.seed)
                # a call out of time says nothing: try one gate more
                if status == 'sat':
                    new, outs = decode(len(base), k, sel, tyvar, out, true)
                    self.memo[key] = (new, outs[0])
                    break
        return self.memo[key]


def cost(gates, outs, flips=0):
    """(longest chain to an output, operations): shallower first.

    A single block has no other work to overlap with, so on a CPU that
    issues several logic operations per cycle the chain through the 32
    rounds sets its speed, more than the operation count does; the ~ of
    a complemented output is one more step of the chain.
    """
    depth = [0] * 4
    for tab, i, j in gates:
        depth.append(1 + max(depth[i], depth[j]))
    return (max(depth[s] + (flips >> o & 1) for o, s in enumerate(outs)),
            len(gates))


def greedy(sbox, order, stepper):
    """Outputs one at a time in @order, each with the fewest new gates."""
    flips = sbox[0]
    gates, outs = [], [None] * 4
    for o in order:
        want = sum(((sbox[t] >> o & 1) ^ (flips >> o & 1)) << t for t in range(16))
        r = stepper.step(gates, want)
        if r is None:
            return None
        new, s = r
        gates = gates + new
        outs[o] = s
    return prune(gates, outs)


def joint(sbox, k, args):
    """All four outputs by one solver call of k gates, or None."""
    flips = sbox[0]
    wants = [sum(((sbox[t] >> o & 1) ^ (flips >> o & 1)) << t for t in range(16))
             for o in range(4)]
    cnf, sel, tyvar, out = encode(INPUTS, wants, k, OPS)
    status, true = solve(cnf, args.joint, args.seed)
    if status != 'sat':
        return None
    return prune(*decode(4, k, sel, tyvar, out, true))


def search(name, sbox, args, log):
    stepper = Stepper(args, log)
    best = None

    def rank(prog):
        depth, ops = cost(*prog, sbox[0])
        return (ops, depth) if args.fewest else (depth, ops)

    for order in itertools.permutations(range(4)):
        r = greedy(sbox, order, stepper)
        if r and (best is None or rank(r) < rank(best)):
            best = r
            log('%s: order %s: depth %d, %d gates' % ((name, order) + cost(*r, sbox[0])))
    while best and args.joint:
        r = joint(sbox, len(best[0]) - 1, args)
        log('%s: one call for %d gates: %s' % (name, len(best[0]) - 1,
                                                'found' if r else 'no answer'))
        if not r:
            break
        best = r
    if best:
        for t in range(16):
            assert evaluate(best[0], best[1], sbox[0], t) == sbox[t], (name, t)
    return best


MNEMONIC = {0b1000: 'vpand', 0b1110: 'vpor', 0b0110: 'vpxor'}
C_OPS = {'&': 0b1000, '|': 0b1110, '^': 0b0110}
NAMES = ['S%d' % n for n in range(8)] + ['SI%d' % n for n in range(8)]


def parse_c(src):
    """The programs of serpent.c's generated block: name -> (gates, outs, flips)."""
    text = open(src).read()
    progs = {}
    for name, body in re.findall(r'static __always_inline void serpent_(s\d|si\d)'
                                 r'\(u32 x\[4\]\)\n\{\n(.*?)\n\}', text, re.S):
        sig = {'a': 0, 'b': 1, 'c': 2, 'd': 3}
        gates, outs, flips = [], [None] * 4, 0
        for line in body.split('\n'):
            line = line.strip()
            m = re.fullmatch(r'(t\d+) = (\w+) ([&|^]) (\w+);', line)
            if m:
                sig[m.group(1)] = 4 + len(gates)
                gates.append((C_OPS[m.group(3)], sig[m.group(2)], sig[m.group(4)]))
                continue
            m = re.fullmatch(r'x\[(\d)\] = (~?)(\w+);', line)
            if m:
                outs[int(m.group(1))] = sig[m.group(3)]
                flips |= (m.group(2) == '~') << int(m.group(1))
                continue
            if not (line == '' or line.startswith(('const u32 a = x[0]', 'u32 '))
                    or re.fullmatch(r'[\w, ]+;', line)):
                sys.exit('%s: serpent_%s: cannot read "%s"' % (src, name, line))
        progs[name.upper()] = (gates, outs, flips)
    return progs


def avx2_form(name, gates, outs, flips):
    """An assembler macro: the program on ymm0-ymm3, outputs back in them."""
    end = len(gates)
    last = {}
    for g, (tab, i, j) in enumerate(gates):
        last[i] = last[j] = g
    for s in outs:
        last[s] = end
    reg = {j: j for j in range(4)}
    free = set(range(4, 16)) | set(j for j in range(4) if j not in last)
    lines = []
    for g, (tab, i, j) in enumerate(gates):
        for s in (i, j):
            if last[s] == g:
                free.add(reg[s])	# VEX reads its sources before writing
        if not free:
            sys.exit('%s: more than 16 values live' % name)
        r = min(free)
        free.discard(r)
        reg[4 + g] = r
        lines.append('\t%s\t%%ymm%d, %%ymm%d, %%ymm%d' % (MNEMONIC[tab], reg[j], reg[i], r))
    # Outputs into ymm0-ymm3; a complement is its own move
    pending = {o: reg[outs[o]] for o in range(4)}
    while pending:
        ready = [o for o in pending
                 if not any(src == o for p, src in pending.items() if p != o)]
        if not ready:
            o = min(pending)
            scratch = min(set(range(4, 16)) - set(pending.values()))
            lines.append('\tvmovdqa\t%%ymm%d, %%ymm%d' % (pending[o], scratch))
            pending[o] = scratch
            continue
        o = ready[0]
        src = pending.pop(o)
        if flips >> o & 1:
            lines.append('\tvpxor\t.Lones(%%rip), %%ymm%d, %%ymm%d' % (src, o))
        elif src != o:
            lines.append('\tvmovdqa\t%%ymm%d, %%ymm%d' % (src, o))
    macro = 'SBOX' + name[1:] if name.startswith('S') and not name.startswith('SI') else 'SBOXI' + name[2:]
    return '.macro %s\n%s\n.endm\n' % (macro, '\n'.join(lines))


def avx2_block(src):
    progs = parse_c(src)
    boxes = read_sboxes(src)
    tables = dict(zip(NAMES, boxes + [[s.index(v) for v in range(16)] for s in boxes]))
    out = ['/* generated by scripts/search-serpent-sbox.py --avx2 from serpent.c */']
    for name in NAMES:
        if name not in progs:
            sys.exit('%s: no program for %s' % (src, name))
        gates, outs, flips = progs[name]
        for t in range(16):
            if evaluate(gates, outs, flips, t) != tables[name][t]:
                sys.exit('%s: serpent_%s is wrong on input %d' % (src, name.lower(), t))
        out.append(avx2_form(name, gates, outs, flips))
    out.append('/* end of generated block */')
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('src', nargs='?', default=DEFAULT_SRC)
    ap.add_argument('--step-max', type=int, default=10,
                    help='most gates tried for one more output')
    ap.add_argument('--limit', type=int, default=20,
                    help='seconds per solver call of a step')
    ap.add_argument('--joint', type=int, default=0,
                    help='then seconds per call asking for all four outputs '
                    'in one gate fewer (0: do not)')
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--fewest', action='store_true',
                    help='keep the program with the fewest operations, then '
                    'the shortest chain')
    ap.add_argument('--only', default='',
                    help='comma-separated names, e.g. S0,SI3')
    ap.add_argument('--avx2', action='store_true',
                    help='print the AVX2 macros of the programs in serpent.c '
                    '(no search)')
    ap.add_argument('--check', action='store_true',
                    help='with --avx2: print nothing, fail unless '
                    'x86/serpent-avx2.S holds them')
    args = ap.parse_args()
    if args.avx2:
        text = avx2_block(args.src)
        asm = os.path.join(os.path.dirname(args.src), 'x86', 'serpent-avx2.S')
        if not args.check:
            sys.stdout.write(text)
        elif text not in open(asm).read():
            sys.exit('%s: the generated block is stale; rerun %s --avx2 and paste '
                     'its output' % (asm, os.path.basename(__file__)))
        return
    boxes = read_sboxes(args.src)
    todo = [('S%d' % n, boxes[n]) for n in range(8)]
    todo += [('SI%d' % n, [s.index(v) for v in range(16)])
             for n, s in enumerate(boxes)]
    only = set(args.only.split(',')) - {''}
    log = lambda m: print(m, file=sys.stderr, flush=True)
    for name, sbox in todo:
        if only and name not in only:
            continue
        best = search(name, sbox, args, log)
        if best is None:
            log('%s: nothing found' % name)
            continue
        gates, outs = best
        nots = bin(sbox[0]).count('1')
        print('/* %s: %d operations, depth %d */' % (name, len(gates) + nots,
                                                  cost(gates, outs, sbox[0])[0]))
        print(c_form(name.lower(), gates, outs, sbox[0], ['a', 'b', 'c', 'd']))
        sys.stdout.flush()


if __name__ == '__main__':
    main()
