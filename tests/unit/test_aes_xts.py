#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""AES-XTS with ciphertext stealing.

Oracles: python3-cryptography XTS for AES-128 and AES-256 (OpenSSL has no
AES-192-XTS), and for AES-192 the IEEE 1619 model of tests/lib/aesref.py
(on its AES-ECB); the model is first checked against python3-cryptography.  Every
length 16..300 plus random lengths up to 4096, misaligned, in-place or not,
split into block-multiple calls that continue through the returned tweak
(which is checked), and the Wycheproof aes_xts_test.json file (a short
IV is zero-padded on the right to 16 bytes, as its README says).
Lengths below one block must leave the destination untouched.
"""

import aesref
from kctest import OracleError, load_vectors, path_name, randbytes, run_tests

EINVAL = 22


def expect(key, tweak, data, enc):
    if len(key) in (32, 64):
        return aesref.xts_enc(key, tweak, data) if enc else aesref.xts_dec(key, tweak, data)
    return aesref.xts_model(key, tweak, data, enc)


def xts_key(r, ks):
    while True:
        k = randbytes(r, 2 * ks)
        if k[:ks] != k[ks:]:      # OpenSSL refuses equal halves
            return k


def test_model(tap, r):
    bad = 0
    for ks in (16, 32):
        for n in list(range(16, 70)) + [r.randrange(70, 600) for _ in range(20)]:
            key, tw, d = xts_key(r, ks), randbytes(r, 16), randbytes(r, n)
            for enc in (True, False):
                if aesref.xts_model(key, tw, d, enc) != expect(key, tw, d, enc):
                    bad += 1
    tap.ok(bad == 0, 'IEEE 1619 Python model agrees with python3-cryptography XTS (%d mismatches)' % bad)


def test_diff(tap, o, r):
    for ks in (16, 24, 32):
        for d in ('enc', 'dec'):
            reqs, want = [], []
            for n in list(range(16, 301)) + [r.randrange(301, 4097) for _ in range(50)]:
                key, tw, data = xts_key(r, ks), randbytes(r, 16), randbytes(r, n)
                nb, tail = divmod(n, 16)
                # all but the last part: whole blocks; the last >= 16 bytes
                k = r.randrange(0, 4)
                cuts = sorted(r.randrange(1, nb) for _ in range(k)) if nb > 1 else []
                sizes = [16 * (b - a) for a, b in zip([0] + cuts, cuts + [nb])]
                sizes = [s for s in sizes if s] or [16 * nb]
                sizes[-1] += tail
                parts, pos = [], 0
                for s in sizes:
                    parts.append(data[pos:pos + s])
                    pos += s
                exp = expect(key, tw, data, d == 'enc')
                reqs.append(('aes_xts', d, key, tw, r.randrange(16), r.randrange(2)) + tuple(parts))
                want.append((exp, None if tail else aesref.xts_next_tweak(key, tw, nb)))
            got = o.many(reqs)
            bad = []
            for i, g in enumerate(got):
                if isinstance(g, OracleError) or g[0] != want[i][0] or \
                   (want[i][1] is not None and g[1] != want[i][1]):
                    bad.append((len(reqs[i][6]), [len(p) for p in reqs[i][6:]], g))
            tap.ok(not bad, 'AES-%d-XTS %s, lengths 16..4096, chained calls with the '
                   'returned tweak, misaligned, in/out-of-place, %d cases [%s]'
                   % (8 * ks, d, len(reqs), path_name()),
                   diag='\n'.join(repr(b)[:200] for b in bad[:5]))


def test_bad(tap, o, r):
    reqs = []
    for n in range(16):
        for d in ('enc', 'dec'):
            reqs.append(('aes_xts', d, xts_key(r, 16), randbytes(r, 16), r.randrange(4),
                         r.randrange(2), randbytes(r, n)))
    got = o.many(reqs)
    bad = [(len(q[6]), g) for q, g in zip(reqs, got)
           if not (isinstance(g, OracleError) and g.errno == EINVAL)]
    tap.ok(not bad, 'XTS lengths 0..15 write nothing (caller bug, warned) [%s]' % path_name(),
           diag=str(bad[:5]))

    reqs, want = [], []
    for kl in (0, 16, 31, 33, 40, 47, 49, 63, 65, 96):
        reqs.append(('aes_xts_key', randbytes(r, kl), 0))
        want.append(EINVAL)
    k = randbytes(r, 32)
    for key, flags, w in ((k + k, 0, None), (k + k, 1, EINVAL),
                          (k[:16] * 2, 1, EINVAL), (k[:24] * 2, 1, EINVAL),
                          (xts_key(r, 24), 1, None), (xts_key(r, 16), 1, None)):
        reqs.append(('aes_xts_key', key, flags))
        want.append(w)
    got = o.many(reqs)
    bad = [(len(q[1]), q[2], g) for q, g, w in zip(reqs, got, want)
           if (w is None and g != []) or
           (w is not None and not (isinstance(g, OracleError) and g.errno == w))]
    tap.ok(not bad, 'aes_xts_preparekey: bad lengths and (with XTS_FORBID_WEAK_KEYS) '
           'equal halves rejected with -EINVAL [%s]' % path_name(), diag=str(bad))


def test_wycheproof(tap, o):
    j = load_vectors('wycheproof', 'testvectors_v1', 'aes_xts_test.json')
    for g in j['testGroups']:
        for t in g['tests']:
            key, msg, ct = bytes.fromhex(t['key']), bytes.fromhex(t['msg']), bytes.fromhex(t['ct'])
            iv = bytes.fromhex(t['iv'])
            iv = iv + bytes(16 - len(iv))
            desc = 'wycheproof aes_xts tcId %d (%s, key %d bits, iv %d bits, %d bytes) [%s]' % (
                t['tcId'], t['result'], g['keySize'], g['ivSize'], len(msg), path_name())
            e = o.many([('aes_xts', 'enc', key, iv, 0, 0, msg),
                        ('aes_xts', 'dec', key, iv, 0, 1, ct)])
            ok = all(not isinstance(x, OracleError) for x in e) and \
                e[0][0] == ct and e[1][0] == msg
            if t['result'] != 'valid':
                ok = not ok
            tap.ok(ok, desc, diag=str(e)[:300])


def main():
    run_tests(test_model, test_diff, test_bad, test_wycheproof)


if __name__ == '__main__':
    main()
