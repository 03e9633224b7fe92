#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Print the constants of the one-block Camellia GFNI domain form.

lib/crypto/x86/camellia-aesni-avx.S (CAM_DOM_ROUND) keeps each byte j of a
Camellia half as D_j(byte), D_j the linear part of the input map of the
S-box at position j, so that a round needs only vgf2p8affineinvqb.  This
script derives the matrices and vpshufb masks that form needs, checks a
model of it against the RFC 3713 S-boxes (read from lib/crypto/camellia.c)
and P for random inputs, and prints the assembler block that the .S file
holds after .Lgf_pb3 (from .Ldom_out on).

    scripts/gen-camellia-gfni.py [path/to/lib/crypto/camellia.c]
"""
import itertools
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '..', 'lib', 'crypto', 'camellia.c')

text = open(SRC).read()
tab = text[text.index('camellia_sbox1[256] = {'):]
S1 = [int(x, 16) for x in re.findall(r'0x([0-9a-f]{2})', tab[:tab.index('};')])]
assert len(S1) == 256


def rol8(x, n):
    return ((x << n) | (x >> (8 - n))) & 0xff


SBOX = {1: S1, 2: [rol8(S1[x], 1) for x in range(256)],
        3: [rol8(S1[x], 7) for x in range(256)], 4: [S1[rol8(x, 1)] for x in range(256)]}


# Inverses in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (the AES field, which
# the instruction uses), from the powers of the generator x + 1.
INV = [0] * 256
POW = [1]
for _ in range(254):
    v = POW[-1]
    POW.append(v ^ ((v << 1) ^ (0x11b if v & 0x80 else 0)))
for e, v in enumerate(POW):
    INV[v] = POW[-e % 255]


# vgf2p8affineqb: bit i of the result is the parity of (byte 7 - i of the
# matrix qword) & x
def rows(q):
    return [(q >> (8 * (7 - i))) & 0xff for i in range(8)]


def qword(r):
    return sum(r[i] << (8 * (7 - i)) for i in range(8))


def aff(q, x):
    return sum((bin(r & x).count('1') & 1) << i for i, r in enumerate(rows(q)))


def mul(qa, qb):
    """The matrix of x -> A(B(x))."""
    ra, rb = rows(qa), rows(qb)
    out = []
    for i in range(8):
        v = 0
        for k in range(8):
            if (ra[i] >> k) & 1:
                v ^= rb[k]
        out.append(v)
    return qword(out)


def minv(q):
    g = [0] * 256
    for x in range(256):
        g[aff(q, x)] = x
    return qword([sum(((g[1 << k] >> i) & 1) << k for k in range(8)) for i in range(8)])


# The maps of the plain GFNI form (.Lgf_pre14, .Lgf_post11, .Lgf_post23)
PRE1, PRE4, PRE_C = 0xff38108aa65cc0bc, 0xff1c0845532e605e, 0x08
POST = {1: 0xeb36241e33d3b1b7, 2: 0xb7eb36241e33d3b1, 3: 0x36241e33d3b1b7eb}
SB = [1, 2, 3, 4, 2, 3, 4, 1]              # S-box of byte j of F's input
PRE = {1: PRE1, 2: PRE1, 3: PRE1, 4: PRE4}
POSTOF = {1: 1, 2: 2, 3: 3, 4: 1}          # SBOX4 = SBOX1 of a rotated input
PSET = [[0, 2, 3, 5, 6, 7], [0, 1, 3, 4, 6, 7], [0, 1, 2, 4, 5, 7], [1, 2, 3, 4, 5, 6],
        [0, 1, 5, 6, 7], [1, 2, 4, 6, 7], [2, 3, 4, 5, 7], [0, 3, 4, 5, 6]]   # RFC 3713 P

CST = {}
for s in (1, 2, 3, 4):
    c = {SBOX[s][x] ^ aff(POST[POSTOF[s]], INV[aff(PRE[s], x) ^ PRE_C]) for x in range(256)}
    assert len(c) == 1, 'S-box %d is not the affine form' % s
    CST[s] = c.pop()

D = [PRE[SB[i]] for i in range(8)]          # domain map of byte i
IDQ = qword([1 << i for i in range(8)])
PC = [0] * 8
for i in range(8):
    for j in PSET[i]:
        PC[i] ^= CST[SB[j]]
PC_DOM = [aff(D[i], PC[i]) for i in range(8)]


def terms(domain):
    """Per output byte: (product matrix, input byte) of each term of P."""
    return [[(mul(D[i] if domain else IDQ, POST[POSTOF[SB[j]]]), j) for j in PSET[i]]
            for i in range(8)]


def layout(T):
    """Registers of two products and shuffles per register: fewest shuffles."""
    prods = sorted({q for t in T for q, _ in t})
    pairs = list(itertools.combinations_with_replacement(prods, 2))
    best = None
    for nreg in (2, 3):
        for regs in itertools.combinations_with_replacement(pairs, nreg):
            for layers in itertools.product(range(7), repeat=nreg):
                if best and (sum(layers), nreg) >= (sum(best[1]), len(best[0])):
                    continue
                assign = []
                for t in T:
                    cap, got = list(layers), []

                    def place(k):
                        if k == len(t):
                            return True
                        q, j = t[k]
                        for r in range(nreg):
                            if q in regs[r] and cap[r]:
                                cap[r] -= 1
                                got.append((r, (0 if regs[r][0] == q else 8) + j))
                                if place(k + 1):
                                    return True
                                got.pop()
                                cap[r] += 1
                        return False
                    if not place(0):
                        break
                    assign.append(got)
                else:
                    best = (regs, layers, assign)
    return best


def model(lay, X, domain):
    """What the shuffles and XORs compute from the round input X."""
    regs, layers, assign = lay
    y = [[aff(a if k < 8 else b, INV[X[k % 8]]) for k in range(16)] for a, b in regs]
    return [(PC_DOM if domain else PC)[i] ^
            __import__('functools').reduce(lambda u, v: u ^ v,
                                           [y[r][src] for r, src in assign[i]], 0)
            for i in range(8)]


out = []


def quads(name, what, a, b):
    out.extend(['.L%s:\t/* %s */' % (name, what), '\t.quad\t0x%016x' % a, '\t.quad\t0x%016x' % b])


def bytes16(name, what, bs):
    out.extend(['.L%s:\t/* %s */' % (name, what), '\t.rept\t2',
                '\t.byte\t' + ', '.join('0x%02x' % b for b in bs), '\t.endr'])


quads('dom_out', 'the inverse maps of .Lgf_pre14, no constant', minv(PRE1), minv(PRE4))
bytes16('dom_sel', 'bytes 3 and 6 (SBOX4 inputs) from the high lane', [0, 1, 2, 11, 4, 5, 14, 7])
bytes16('dom_ksel', 'the same from a little-endian subkey, byte-swapped', [7, 6, 5, 12, 3, 2, 9, 0])
bytes16('dom_pc', "P of the output maps' constants, in the domain", PC_DOM)
rnd = random.Random(1)
for pre, domain, what in (('dom', True, 'into the domain'),
                          ('pl', False, "plain (a group's last round)")):
    lay = layout(terms(domain))
    for _ in range(3000):
        x = [rnd.randrange(256) for _ in range(8)]
        k = [rnd.randrange(256) for _ in range(8)]
        X = [aff(D[j], x[j] ^ k[j]) ^ PRE_C for j in range(8)]
        y = [SBOX[SB[j]][x[j] ^ k[j]] for j in range(8)]
        z = [0] * 8
        for i in range(8):
            for j in PSET[i]:
                z[i] ^= y[j]
        want = [aff(D[i], z[i]) for i in range(8)] if domain else z
        assert model(lay, X, domain) == want, 'model differs from F'
    regs, layers, assign = lay
    for r, (a, b) in enumerate(regs):
        quads('%s_y%d' % (pre, r), 'inverse, output map, %s: register %d' % (what, r), a, b)
    for r in range(len(regs)):
        for t in range(layers[r]):
            m = [0x80] * 8
            for i in range(8):
                mine = [src for rr, src in assign[i] if rr == r]
                if t < len(mine):
                    m[i] = mine[t]
            bytes16('%s_p%d%d' % (pre, r, t), 'P, term %d from register %d' % (t, r), m)
print('\n'.join(out))
