#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""crypto_memneq() and crypto_xor()/crypto_xor_cpy() against Python.

memneq: equal buffers and buffers differing in exactly one bit at every
position class (first, last, word boundaries), lengths 0..100, misaligned.
"""
from kctest import randbytes, run_tests


def test_memneq(tap, o, r, path):
    reqs, want = [], []
    for n in range(101):
        for off in (0, 1, 3, 7):
            a = randbytes(r, n)
            reqs.append(('crypto_memneq', a, a, off))
            want.append(b'\x00')
            if n:
                for pos in {0, n - 1, r.randrange(n)}:
                    b = bytearray(a)
                    b[pos] ^= 1 << r.randrange(8)
                    reqs.append(('crypto_memneq', a, bytes(b), off))
                    want.append(b'\x01')
    got = o.many(reqs)
    bad = [(len(q[1]), q[3]) for q, g, w in zip(reqs, got, want) if g != [w]]
    tap.ok(not bad, 'crypto_memneq, %d cases, lengths 0..100 [%s]' % (len(reqs), path),
           diag=bad[:5])


def test_xor(tap, o, r, path):
    reqs, want = [], []
    for n in list(range(70)) + [r.randrange(70, 5000) for _ in range(50)]:
        off = r.randrange(8)
        a, b = randbytes(r, n), randbytes(r, n)
        x = bytes(i ^ j for i, j in zip(a, b))
        reqs.append(('crypto_xor', a, b, off))
        want.append([x, x])
    got = o.many(reqs)
    bad = [len(q[1]) for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'crypto_xor/crypto_xor_cpy, %d cases, misaligned [%s]' % (len(reqs), path),
           diag=bad[:5])


def main():
    run_tests(test_memneq, test_xor)


if __name__ == '__main__':
    main()
