#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""AES block cipher, ECB, CBC, CTR, RFC 3686, CMAC, XCBC-MAC and CBC-MAC
against python3-cryptography (and RFC 3566 / raw CBC-MAC built on its AES).

For every key size: every length 0..300 (bytes for CTR and the MACs,
blocks for ECB/CBC up to 40) plus random lengths up to 4096, each with a
random buffer misalignment, in-place or out-of-place, and split into
several calls that chain through the returned IV/counter.  Bad key lengths
must give -EINVAL.
"""
import aesref
from kctest import OracleError, path_name, randbytes, run_tests

EINVAL = 22
KEYSIZES = (16, 24, 32)


def block_splits(r, nblocks, tail=0):
    """Random split of nblocks*16 (+tail on the last part) into part sizes."""
    k = r.randrange(0, 5)
    cuts = sorted(r.randrange(0, nblocks + 1) for _ in range(k))
    sizes, prev = [], 0
    for c in cuts + [nblocks]:
        sizes.append(16 * (c - prev))
        prev = c
    sizes[-1] += tail
    return sizes


def cut(data, sizes):
    out, pos = [], 0
    for s in sizes:
        out.append(data[pos:pos + s])
        pos += s
    return out


def check(tap, o, reqs, want, desc, fmt=lambda q: q[:6]):
    got = o.many(reqs)
    bad = [(fmt(reqs[i]), got[i] if isinstance(got[i], OracleError) else '')
           for i in range(len(reqs)) if got[i] != want[i]]
    tap.ok(not bad, '%s, %d cases [%s]' % (desc, len(reqs), path_name()),
           diag='\n'.join(repr(b)[:300] for b in bad[:5]))


def short(q):
    return tuple(x if isinstance(x, (str, int)) else len(x) for x in q)


def test_blocks(tap, o, r):
    for ks in KEYSIZES:
        reqs, want = [], []
        for i in range(96):
            key, blk = randbytes(r, ks), randbytes(r, 16)
            kt = ('enc', 'full', 'ctx')[i % 3]
            reqs.append(('aes_block', kt, key, blk))
            want.append([aesref.ecb_enc(key, blk)])
            kt = ('full', 'ctx')[i % 2]
            reqs.append(('aes_block_dec', kt, key, blk))
            want.append([aesref.ecb_dec(key, blk)])
        check(tap, o, reqs, want, 'AES-%d single block, 3 key types' % (8 * ks), short)


def lengths_blocks(r):
    return list(range(41)) + [r.randrange(41, 257) for _ in range(24)]


def test_ecb_cbc(tap, o, r):
    for ks in KEYSIZES:
        for mode in ('ecb', 'cbc'):
            for d in ('enc', 'dec'):
                reqs, want = [], []
                for nb in lengths_blocks(r):
                    key = randbytes(r, ks)
                    iv = randbytes(r, 16)
                    data = randbytes(r, 16 * nb)
                    off, ip = r.randrange(16), r.randrange(2)
                    kt = r.choice(('enc', 'full')) if d == 'enc' else 'full'
                    parts = cut(data, block_splits(r, nb))
                    if mode == 'ecb':
                        exp = aesref.ecb_enc(key, data) if d == 'enc' else aesref.ecb_dec(key, data)
                        reqs.append(('aes_ecb', d, kt, key, off, ip) + tuple(parts))
                        want.append([exp])
                    else:
                        if d == 'enc':
                            exp = aesref.cbc_enc(key, iv, data)
                            ivout = exp[-16:] if nb else iv
                        else:
                            exp = aesref.cbc_dec(key, iv, data)
                            ivout = data[-16:] if nb else iv
                        reqs.append(('aes_cbc', d, kt, key, iv, off, ip) + tuple(parts))
                        want.append([exp, ivout])
                check(tap, o, reqs, want, 'AES-%d-%s %s, 0..256 blocks, chained parts, '
                      'misaligned, in/out-of-place' % (8 * ks, mode.upper(), d), short)


def special_counter(r):
    """Random counters, plus ones about to carry across 64 and 128 bits."""
    c = r.randrange(4)
    if c == 0:
        return randbytes(r, 16)
    if c == 1:
        return randbytes(r, 8) + (2**64 - r.randrange(1, 20)).to_bytes(8, 'big')
    if c == 2:
        return (2**128 - r.randrange(1, 20)).to_bytes(16, 'big')
    return randbytes(r, 12) + (2**32 - r.randrange(1, 20)).to_bytes(4, 'big')


def test_ctr(tap, o, r):
    for ks in KEYSIZES:
        reqs, want = [], []
        lens = list(range(301)) + [r.randrange(301, 4097) for _ in range(60)]
        for n in lens:
            key, c0 = randbytes(r, ks), special_counter(r)
            data = randbytes(r, n)
            off, ip = r.randrange(16), r.randrange(2)
            kt = r.choice(('enc', 'full'))
            parts = cut(data, block_splits(r, n // 16, n % 16))
            reqs.append(('aes_ctr', kt, key, c0, off, ip) + tuple(parts))
            want.append([aesref.ctr(key, c0, data), aesref.ctr_add(c0, (n + 15) // 16)])
        check(tap, o, reqs, want, 'AES-%d-CTR, lengths 0..4096, counter carries, '
              'chained parts, misaligned, in/out-of-place' % (8 * ks), short)

        reqs, want = [], []
        for n in list(range(40)) + [r.randrange(40, 2000) for _ in range(20)]:
            key, nonce, iv = randbytes(r, ks), randbytes(r, 4), randbytes(r, 8)
            data = randbytes(r, n)
            reqs.append(('aes_rfc3686', key + nonce, iv, r.randrange(16), r.randrange(2), data))
            want.append([aesref.ctr(key, nonce + iv + b'\0\0\0\1', data)])
        check(tap, o, reqs, want, 'rfc3686(ctr(aes)) AES-%d' % (8 * ks), short)


def test_macs(tap, o, r):
    lens = list(range(101)) + [r.randrange(101, 4097) for _ in range(40)]
    for ks in KEYSIZES:
        reqs, want = [], []
        for n in lens:
            key, msg = randbytes(r, ks), randbytes(r, n)
            k = r.randrange(0, 6)
            cuts = sorted(r.randrange(0, n + 1) for _ in range(k))
            parts = cut(msg, [b - a for a, b in zip([0] + cuts, cuts + [n])])
            m = aesref.cmac(key, msg)
            reqs.append(('aes_cmac', key) + tuple(parts))
            want.append([m])
            reqs.append(('aes_cmac_oneshot', key, msg))
            want.append([m])
            reqs.append(('aes_cbcmac', key) + tuple(parts))
            want.append([aesref.cbcmac(key, msg)])
        check(tap, o, reqs, want, 'AES-%d CMAC (incremental, one-shot) and CBC-MAC, '
              'lengths 0..4096' % (8 * ks), short)

    reqs, want = [], []
    for n in lens:
        key, msg = randbytes(r, 16), randbytes(r, n)
        k = r.randrange(0, 6)
        cuts = sorted(r.randrange(0, n + 1) for _ in range(k))
        parts = cut(msg, [b - a for a, b in zip([0] + cuts, cuts + [n])])
        reqs.append(('aes_xcbc', key) + tuple(parts))
        want.append([aesref.xcbc(key, msg)])
    check(tap, o, reqs, want, 'AES-XCBC-MAC-128, lengths 0..4096, split updates', short)

    # RFC 3566 section 4.6, test cases 1-3: checks the Python XCBC model.
    k = bytes(range(16))
    kat = [(b'', '75f0251d528ac01c4573dfd584d79f29'),
           (bytes(range(3)), '5b376580ae2f19afe7219ceef172756f'),
           (bytes(range(16)), 'd2a246fa349b68a79998a4394ff7a263')]
    ok = all(aesref.xcbc(k, m).hex() == t for m, t in kat) and \
        all(o.call('aes_xcbc', k, m)[0].hex() == t for m, t in kat)
    tap.ok(ok, 'AES-XCBC-MAC-128 RFC 3566 test cases 1-3 (reference and library) [%s]'
           % path_name())


def test_bad_keys(tap, o, r):
    reqs = []
    for kl in (0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 48, 64):
        key = randbytes(r, kl)
        reqs += [('aes_block', 'enc', key, bytes(16)),
                 ('aes_block', 'full', key, bytes(16)),
                 ('aes_block', 'ctx', key, bytes(16)),
                 ('aes_ecb', 'enc', 'enc', key, 0, 0, bytes(16)),
                 ('aes_cbc', 'dec', 'full', key, bytes(16), 0, 0, bytes(16)),
                 ('aes_ctr', 'enc', key, bytes(16), 0, 0, bytes(5)),
                 ('aes_cmac', key, b'abc'),
                 ('aes_rfc3686', key + bytes(4), bytes(8), 0, 0, b'x')]
    reqs.append(('aes_rfc3686', bytes(3), bytes(8), 0, 0, b'x'))
    got = o.many(reqs)
    bad = [(short(reqs[i]), got[i]) for i in range(len(reqs))
           if not (isinstance(got[i], OracleError) and got[i].errno == EINVAL)]
    tap.ok(not bad, 'invalid key lengths rejected with -EINVAL, %d cases [%s]'
           % (len(reqs), path_name()), diag='\n'.join(map(str, bad[:5])))


def main():
    run_tests(test_blocks, test_ecb_cbc, test_ctr, test_macs, test_bad_keys)


if __name__ == '__main__':
    main()
