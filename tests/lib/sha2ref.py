# SPDX-License-Identifier: GPL-2.0
"""A plain FIPS 180-4 SHA-2 (section 6.2 for SHA-224/256, 6.4 for
SHA-384/512) that can start from any state after any byte count: the cases
hashlib cannot express (a byte count past 2^64, a context made elsewhere).
The constants come from their definitions, the fractional parts of the cube
roots (K) and square roots (IV) of the first primes, not from a table.
Drivers check the model against hashlib before they trust it.
"""


def _primes(n):
    out, i = [], 2
    while len(out) < n:
        if all(i % p for p in out):
            out.append(i)
        i += 1
    return out


def _iroot(n, k):
    lo, hi = 0, 1 << (n.bit_length() // k + 2)
    while lo < hi:
        m = (lo + hi + 1) // 2
        if m ** k <= n:
            lo = m
        else:
            hi = m - 1
    return lo


class Sha2:
    """One word size of SHA-2: @bits per word, @rounds, and the rotation
    counts of the message schedule (sigma0, sigma1: two rotations and a
    shift) and of the rounds (Sigma0, Sigma1: three rotations)."""

    def __init__(self, bits, rounds, sigma0, sigma1, big_sigma0, big_sigma1):
        self.bits = bits
        self.mask = (1 << bits) - 1
        self.rounds = rounds
        self.block = 16 * bits // 8
        self.sigma0, self.sigma1 = sigma0, sigma1
        self.big_sigma0, self.big_sigma1 = big_sigma0, big_sigma1
        self.k = [_iroot(p << (3 * bits), 3) & self.mask
                  for p in _primes(rounds)]

    def iv(self, first, count=8):
        """The initial state from the square roots of primes
        first+1..first+count (0 for SHA-256/512, 8 for SHA-384)."""
        return [_iroot(p << (2 * self.bits), 2) & self.mask
                for p in _primes(first + count)[first:]]

    def _ror(self, x, n):
        return ((x >> n) | (x << (self.bits - n))) & self.mask

    def _sigma(self, x, r):
        return self._ror(x, r[0]) ^ self._ror(x, r[1]) ^ (x >> r[2])

    def _big_sigma(self, x, r):
        return self._ror(x, r[0]) ^ self._ror(x, r[1]) ^ self._ror(x, r[2])

    def compress(self, h, block):
        m, wb = self.mask, self.bits // 8
        w = [int.from_bytes(block[wb * i:wb * i + wb], 'big') for i in range(16)]
        for t in range(16, self.rounds):
            w.append((w[t - 16] + self._sigma(w[t - 15], self.sigma0) + w[t - 7] +
                      self._sigma(w[t - 2], self.sigma1)) & m)
        a, b, c, d, e, f, g, hh = h
        for t in range(self.rounds):
            t1 = (hh + self._big_sigma(e, self.big_sigma1) + ((e & f) ^ (~e & g)) +
                  self.k[t] + w[t]) & m
            t2 = (self._big_sigma(a, self.big_sigma0) +
                  ((a & b) ^ (a & c) ^ (b & c))) & m
            a, b, c, d, e, f, g, hh = (t1 + t2) & m, a, b, c, (d + t1) & m, e, f, g
        return [(x + y) & m for x, y in zip(h, [a, b, c, d, e, f, g, hh])]

    def finish(self, state, done, tail):
        """The whole final state, as bytes, of a message whose first @done
        bytes (a multiple of the block size) left @state and whose remaining
        bytes are @tail; the caller truncates it to the digest size."""
        lenfield = 2 * self.bits // 8
        total = done + len(tail)
        pad = tail + b'\x80' + bytes((self.block - lenfield - 1 - len(tail)) % self.block)
        pad += ((8 * total) % (1 << (8 * lenfield))).to_bytes(lenfield, 'big')
        h = list(state)
        for i in range(0, len(pad), self.block):
            h = self.compress(h, pad[i:i + self.block])
        return b''.join(x.to_bytes(self.bits // 8, 'big') for x in h)


SHA256 = Sha2(32, 64, (7, 18, 3), (17, 19, 10), (2, 13, 22), (6, 11, 25))
SHA512 = Sha2(64, 80, (1, 8, 7), (19, 61, 6), (28, 34, 39), (14, 18, 41))
