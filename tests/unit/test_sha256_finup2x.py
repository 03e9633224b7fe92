#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""sha256_finup_2x() against hashlib and an independent pure-Python SHA-256.

Every salt length 0..64 (the salt is absorbed into the shared starting
context, so it leaves 0..63 bytes buffered) with data lengths 0..16384:
every length up to 130, every block boundary and its neighbours for a sample
of block counts, 4096, 16384 and random lengths; ctx == NULL; lengths past the
interleaved path's limit (sequential fallback); starting contexts with an
arbitrary state and a byte count past 2^32 (and past 2^61, where the bit
count wraps), checked against the pure-Python SHA-256 below because hashlib
cannot start from an arbitrary state.  The oracle command itself checks that
the starting context is not modified.
"""
import hashlib
import os
import struct

from kctest import randbytes, run_tests
from sha2ref import SHA256

# The independent SHA-256 (FIPS 180-4) with an arbitrary initial state and
# starting byte count is tests/lib/sha2ref.py; validated against hashlib below.
IV = tuple(SHA256.iv(0))


def sha256_from(state, bytecount, tail):
    """Digest of a message whose first `bytecount - bytecount % 64` bytes
    produced `state`, and whose remaining bytes are `tail`."""
    return SHA256.finish(state, bytecount - bytecount % 64, tail)

# ---------------------------------------------------------------------------


def expect_optimized():
    """Whether the interleaved path should be active, decided without the
    library: the arch code the build enables (kc_arch_algs in meson.build)
    and the CPU's own feature list."""
    arch = os.environ.get('KC_ARCH', '')
    algs = os.environ.get('KC_ARCH_ALGS', '').split(',')
    masked = os.environ.get('KCRYPTO_CLEARCPUID', '').replace(' ', ',').split(',')
    if 'all' in masked or 'sha_ni' in masked or 'SHA256' not in algs:
        return False
    if arch == 'x86':
        with open('/proc/cpuinfo') as f:
            flags = next((ln for ln in f if ln.startswith('flags')), '')
        return 'sha_ni' in flags.split()
    if arch == 'arm64':
        return True     # qemu-aarch64 -cpu max has the SHA-2 extensions
    return False


def two_messages(r, n):
    m1 = randbytes(r, n)
    if n and r.random() < 0.2:
        # Differ in one byte only, anywhere (catches a swapped lane only
        # at that position).
        m2 = bytearray(m1)
        m2[r.randrange(n)] ^= 1 << r.randrange(8)
        return m1, bytes(m2)
    return m1, randbytes(r, n)


def check(tap, o, desc, reqs, want, path):
    got = o.many(reqs)
    bad = []
    for i, g in enumerate(got):
        if g != want[i]:
            req = reqs[i]
            bad.append('%s args=%s got=%s' % (
                req[0], [len(x) if isinstance(x, bytes) else x for x in req[1:]],
                g if not isinstance(g, list) else [x.hex()[:16] for x in g]))
    tap.ok(not bad, '%s, %d cases [%s]' % (desc, len(reqs), path), diag='\n'.join(bad[:5]))


def test_finup_2x(tap, o, r, path):
    got = o.call('sha256_finup_2x_is_optimized')[0]
    want_opt = expect_optimized()
    tap.ok(got == (b'\x01' if want_opt else b'\x00'),
           'sha256_finup_2x_is_optimized() is %s [%s]' % (want_opt, path),
           diag='got %s' % got.hex())

    # The pure-Python model against hashlib (it is the oracle below).
    bad = []
    for n in list(range(0, 130)) + [r.randrange(130, 2000) for _ in range(10)]:
        m = randbytes(r, n)
        if sha256_from(IV, 0, m) != hashlib.sha256(m).digest():
            bad.append(n)
    tap.ok(not bad, 'pure-Python SHA-256 model matches hashlib, 140 messages',
           diag=bad[:10])

    # Every salt length with a dense set of data lengths.
    base = list(range(0, 131)) + [4096, 16384]
    reqs, want = [], []
    for slen in range(0, 65):
        lens = set(base)
        for k in r.sample(range(3, 257), 6):
            lens.update((64 * k - 1, 64 * k, 64 * k + 1))
        lens.update(r.randrange(131, 16385) for _ in range(3))
        salt = randbytes(r, slen)
        for n in sorted(lens):
            m1, m2 = two_messages(r, n)
            reqs.append(('sha256_finup_2x', salt, m1, m2))
            want.append([hashlib.sha256(salt + m1).digest(),
                         hashlib.sha256(salt + m2).digest()])
        if len(reqs) > 2000 or slen == 64:
            check(tap, o, 'finup_2x salt lengths up to %d, data 0..16384' % slen,
                  reqs, want, path)
            reqs, want = [], []

    # Identical messages, and the NULL context.
    reqs, want = [], []
    for n in list(range(0, 70)) + [127, 128, 129, 4095, 4096, 4097, 16384]:
        m1, m2 = two_messages(r, n)
        reqs.append(('sha256_finup_2x', None, m1, m2))
        want.append([hashlib.sha256(m1).digest(), hashlib.sha256(m2).digest()])
        reqs.append(('sha256_finup_2x', b'', m1, m1))
        want.append([hashlib.sha256(m1).digest()] * 2)
    check(tap, o, 'finup_2x ctx == NULL and identical messages', reqs, want, path)

    # Longer than the interleaved path takes: the sequential fallback.
    reqs, want = [], []
    for n in (65535, 65536, 65537, 70000, 131072 + 3):
        for slen in (0, 1, 63):
            salt = randbytes(r, slen)
            m1, m2 = two_messages(r, n)
            reqs.append(('sha256_finup_2x', salt, m1, m2))
            want.append([hashlib.sha256(salt + m1).digest(),
                         hashlib.sha256(salt + m2).digest()])
    check(tap, o, 'finup_2x at and past 64 KiB', reqs, want, path)

    # Arbitrary starting contexts with 64-bit byte counts.
    reqs, want = [], []
    counts = [2**32 - 64, 2**32, 2**32 + 1, 2**32 + 63, 2**33 + 17, 2**40 + 5,
              2**61 - 1, 2**61, 2**61 + 100, 2**62 + 3]
    for bc in counts:
        for n in (0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 200, 4096):
            state = [r.getrandbits(32) for _ in range(8)]
            partial = randbytes(r, bc % 64)
            m1, m2 = two_messages(r, n)
            reqs.append(('sha256_finup_2x_ctx', struct.pack('>8L', *state), bc,
                         partial, m1, m2))
            want.append([sha256_from(state, bc, partial + m1),
                         sha256_from(state, bc, partial + m2)])
    check(tap, o, 'finup_2x from arbitrary states, byte counts 2^32-64..2^62+3',
          reqs, want, path)

    # The same through the pre-existing IV-only command.
    reqs, want = [], []
    for bc in (2**32, 2**35 + 64 * 3, 2**60):
        for n in (0, 64, 100, 4096):
            m1, m2 = two_messages(r, n)
            reqs.append(('sha256_finup_2x_bytecount', bc, m1, m2))
            want.append([sha256_from(IV, bc, m1), sha256_from(IV, bc, m2)])
    check(tap, o, 'finup_2x from the IV with byte counts >= 2^32', reqs, want, path)


if __name__ == '__main__':
    run_tests(test_finup_2x)
