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

from kctest import Oracle, Tap, rng, randbytes, path_name

# ---------------------------------------------------------------------------
# Independent SHA-256 (FIPS 180-4) with an arbitrary initial state and an
# arbitrary starting byte count; validated against hashlib below.

_K = (
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2)
IV = (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
M32 = 0xffffffff


def _rotr(x, n):
    return ((x >> n) | (x << (32 - n))) & M32


def compress(h, block):
    w = list(struct.unpack('>16L', block))
    for t in range(16, 64):
        s0 = _rotr(w[t - 15], 7) ^ _rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
        s1 = _rotr(w[t - 2], 17) ^ _rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
        w.append((w[t - 16] + s0 + w[t - 7] + s1) & M32)
    a, b, c, d, e, f, g, hh = h
    for t in range(64):
        t1 = (hh + (_rotr(e, 6) ^ _rotr(e, 11) ^ _rotr(e, 25)) +
              ((e & f) ^ (~e & g)) + _K[t] + w[t]) & M32
        t2 = ((_rotr(a, 2) ^ _rotr(a, 13) ^ _rotr(a, 22)) +
              ((a & b) ^ (a & c) ^ (b & c))) & M32
        a, b, c, d, e, f, g, hh = (t1 + t2) & M32, a, b, c, (d + t1) & M32, e, f, g
    return tuple((x + y) & M32 for x, y in zip(h, (a, b, c, d, e, f, g, hh)))


def sha256_from(state, bytecount, tail):
    """Digest of a message whose first `bytecount - bytecount % 64` bytes
    produced `state`, and whose remaining bytes are `tail`."""
    done = bytecount - bytecount % 64
    total = done + len(tail)
    msg = tail + b'\x80' + b'\0' * ((55 - len(tail)) % 64)
    msg += struct.pack('>Q', (total * 8) % 2**64)
    h = tuple(state)
    for i in range(0, len(msg), 64):
        h = compress(h, msg[i:i + 64])
    return struct.pack('>8L', *h)

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


def main():
    tap = Tap()
    r = rng()
    o = Oracle()
    path = path_name()

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

    o.close()
    tap.done()


if __name__ == '__main__':
    main()
