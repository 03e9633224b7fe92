#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""GHASH, AES-GCM, GMAC, RFC 4106 and the 6.12 aesgcm_*() interface.

Oracles: python3-cryptography's AESGCM, and an SP 800-38D model (gcmref)
for IV lengths and tag lengths AESGCM does not take; the model is checked
against AESGCM first.  Random differential tests for every key size, data
lengths 0..300 and random up to 4096, associated data up to 1000 bytes,
every valid tag length, misaligned, in-place and out-of-place; IVs of
1..300 bytes; IVs built so that the 32-bit counter wraps; the incremental
API with random splits; forged messages (tag, ciphertext, AAD, IV changed)
must fail with -EBADMSG and leave only zeroes in the destination.  Then
every test of Wycheproof aes_gcm_test.json and aes_gmac_test.json and the
ACVP AES-GCM file.
"""
from functools import partial

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

import gcmref
from aeadcases import flip, ipsec_cases, run_cases
from kctest import (OracleError, answers, load_vectors, path_name, randbytes, random_splits,
                    run_tests)

EBADMSG = 74
EINVAL = 22
TAGLENS = (4, 8, 12, 13, 14, 15, 16)


def expect(key, iv, aad, pt, taglen):
    if 8 <= len(iv) <= 128:
        c = AESGCM(key).encrypt(iv, pt, aad)
        return c[:-16], c[-16:][:taglen]
    return gcmref.encrypt(key, iv, aad, pt, taglen)


def rand_aad(r):
    c = r.randrange(10)
    return randbytes(r, r.randrange(0, 1001) if c == 0 else r.randrange(0, 65))


def test_model(tap, r):
    bad = 0
    for n in range(60):
        key = randbytes(r, r.choice((16, 24, 32)))
        iv = randbytes(r, r.choice((8, 12, 12, 13, 16, 31, 64, 128)))
        aad, pt = randbytes(r, r.randrange(40)), randbytes(r, r.randrange(100))
        c = AESGCM(key).encrypt(iv, pt, aad)
        if gcmref.encrypt(key, iv, aad, pt) != (c[:-16], c[-16:]):
            bad += 1
    tap.ok(bad == 0, 'SP 800-38D model agrees with python3-cryptography AESGCM')


def test_ghash(tap, o, r):
    reqs, want = [], []
    for n in list(range(100)) + [r.randrange(100, 3000) for _ in range(30)]:
        h, d = randbytes(r, 16), randbytes(r, n)
        reqs.append(('ghash', h) + tuple(random_splits(r, d)))
        want.append([gcmref.ghash(h, d)])
    run_cases(tap, o, reqs, want, 'GHASH (zero-padded) against the SP 800-38D model, split updates')


def test_oneshot(tap, o, r):
    for ks in (16, 24, 32):
        reqs, want = [], []
        for n in list(range(301)) + [r.randrange(301, 4097) for _ in range(40)]:
            key, iv, aad, pt = randbytes(r, ks), randbytes(r, 12), rand_aad(r), randbytes(r, n)
            tl = r.choice(TAGLENS)
            ct, tag = expect(key, iv, aad, pt, tl)
            api = ('std', 'iv', 'compat')[n % 3]
            off, ip = r.randrange(16), r.randrange(2)
            reqs.append(('aes_gcm', 'enc', api, key, tl, iv, aad, off, ip, pt))
            want.append([ct, tag])
            reqs.append(('aes_gcm', 'dec', api, key, tl, iv, aad, r.randrange(16),
                         r.randrange(2), ct, tag))
            want.append([pt])
        run_cases(tap, o, reqs, want, 'AES-%d-GCM one-shot (std/iv/compat APIs) encrypt+decrypt, '
            'lengths 0..4096, all tag lengths, misaligned, in/out-of-place' % (8 * ks))


def test_ivlens(tap, o, r):
    reqs, want = [], []
    for ivl in list(range(1, 81)) + [r.randrange(81, 301) for _ in range(20)]:
        ks = r.choice((16, 24, 32))
        key, iv, aad = randbytes(r, ks), randbytes(r, ivl), rand_aad(r)
        pt = randbytes(r, r.randrange(0, 200))
        tl = r.choice(TAGLENS)
        ct, tag = expect(key, iv, aad, pt, tl)
        reqs.append(('aes_gcm', 'enc', 'iv', key, tl, iv, aad, r.randrange(16), r.randrange(2), pt))
        want.append([ct, tag])
        reqs.append(('aes_gcm', 'dec', 'iv', key, tl, iv, aad, 0, r.randrange(2), ct, tag))
        want.append([pt])
    for ks in (16, 24, 32):
        key = randbytes(r, ks)
        reqs.append(('aes_gcm', 'enc', 'iv', key, 16, b'', b'', 0, 0, b'abc'))
        want.append(EINVAL)
        reqs.append(('aes_gcm', 'dec', 'iv', key, 16, b'', b'', 0, 0, b'abc', bytes(16)))
        want.append(EINVAL)
    run_cases(tap, o, reqs, want, 'AES-GCM with IVs of 1..300 bytes (GHASH-derived counter '
        'block); empty IV -> -EINVAL')


def test_wrap(tap, o, r):
    """Counter blocks whose low 32 bits wrap during the message."""
    reqs, want = [], []
    for i in range(60):
        ks = r.choice((16, 24, 32))
        key = randbytes(r, ks)
        low = (2**32 - r.randrange(1, 10)) & 0xffffffff
        j0 = randbytes(r, 12) + low.to_bytes(4, 'big')
        iv = gcmref.iv_for_j0(key, j0)
        assert gcmref.j0_of(gcmref.aesref.ecb_enc(key, bytes(16)), iv) == j0
        aad, pt = rand_aad(r), randbytes(r, r.randrange(1, 400))
        ct, tag = expect(key, iv, aad, pt, 16)
        reqs.append(('aes_gcm', 'enc', 'iv', key, 16, iv, aad, r.randrange(16), r.randrange(2), pt))
        want.append([ct, tag])
        k = r.randrange(1, 5)
        reqs.append(('aes_gcm_inc', 'dec', key, 16, iv, tag, 1, aad) +
                    tuple(random_splits(r, ct, k + 1)))
        want.append([pt])
    run_cases(tap, o, reqs, want, 'AES-GCM 32-bit counter wrap (IVs built by inverting GHASH), '
        'one-shot and incremental')


def test_incremental(tap, o, r):
    reqs, want = [], []
    for n in list(range(0, 100)) + [r.randrange(100, 3000) for _ in range(40)]:
        ks = r.choice((16, 24, 32))
        key, aad, pt = randbytes(r, ks), rand_aad(r), randbytes(r, n)
        iv = randbytes(r, r.choice((12, 12, 12, 8, 16, 60)))
        tl = r.choice(TAGLENS)
        ct, tag = expect(key, iv, aad, pt, tl)
        ad_parts = random_splits(r, aad)
        reqs.append(('aes_gcm_inc', 'enc', key, tl, iv, '-', len(ad_parts)) +
                    tuple(ad_parts) + tuple(random_splits(r, pt)))
        want.append([ct, tag])
        ad_parts = random_splits(r, aad)
        reqs.append(('aes_gcm_inc', 'dec', key, tl, iv, tag, len(ad_parts)) +
                    tuple(ad_parts) + tuple(random_splits(r, ct)))
        want.append([pt])
        bad_tag = bytes([tag[0] ^ 1]) + tag[1:]
        reqs.append(('aes_gcm_inc', 'dec', key, tl, iv, bad_tag, 0, aad, ct))
        want.append(EBADMSG)
    run_cases(tap, o, reqs, want, 'AES-GCM incremental API, random splits of AAD and data')


def test_forgery(tap, o, r):
    reqs, want = [], []
    for n in list(range(0, 70)) + [r.randrange(70, 2000) for _ in range(30)]:
        ks = r.choice((16, 24, 32))
        key, iv, aad, pt = randbytes(r, ks), randbytes(r, 12), randbytes(r, r.randrange(1, 40)), randbytes(r, n)
        tl = r.choice(TAGLENS)
        ct, tag = expect(key, iv, aad, pt, tl)
        api = r.choice(('std', 'iv', 'compat'))
        for what in ('tag', 'ct', 'aad', 'iv'):
            t2, c2, a2, i2 = tag, ct, aad, iv
            if what == 'tag':
                t2 = flip(tag, r)
            elif what == 'ct':
                if not ct:
                    continue
                c2 = flip(ct, r)
            elif what == 'aad':
                a2 = flip(aad, r)
            else:
                i2 = flip(iv, r)
            reqs.append(('aes_gcm', 'dec', api, key, tl, i2, a2, r.randrange(16),
                         r.randrange(2), c2, t2))
            want.append(EBADMSG)
    run_cases(tap, o, reqs, want, 'AES-GCM forgeries (tag/ciphertext/AAD/IV bit flips): -EBADMSG '
        'and only zeroes left in the destination')


def test_rfc4106(tap, o, r):
    reqs, want = ipsec_cases(r, 'aes_rfc4106', 4, (8, 12, 0, 5), expect,
                             bad_taglens=(0, 4, 13, 14, 15, 17),
                             bad_keylens=(0, 3, 4, 16, 19, 21, 32, 40), forged_inplace=True)
    run_cases(tap, o, reqs, want, 'rfc4106(gcm(aes)): salt||IV nonce, tags 8/12/16, forged tag, '
              'bad key and tag lengths')


def test_bad_params(tap, o, r):
    reqs, want = [], []
    for api in ('std', 'iv', 'compat'):
        for tl in (0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 17):
            reqs.append(('aes_gcm', 'enc', api, bytes(16), tl, bytes(12), b'', 0, 0, b'x'))
            want.append(EINVAL)
        for kl in (0, 8, 15, 17, 31, 33, 64):
            reqs.append(('aes_gcm', 'enc', api, bytes(kl), 16, bytes(12), b'', 0, 0, b'x'))
            want.append(EINVAL)
    run_cases(tap, o, reqs, want, 'AES-GCM invalid tag and key lengths rejected with -EINVAL')


def wy(name):
    return load_vectors('wycheproof', 'testvectors_v1', name)


def test_wycheproof(tap, o, fname, gmac):
    j = wy(fname)
    for g in j['testGroups']:
        tl = g['tagSize'] // 8
        for t in g['tests']:
            key, iv, tag = bytes.fromhex(t['key']), bytes.fromhex(t['iv']), bytes.fromhex(t['tag'])
            if gmac:
                aad, msg, ct = bytes.fromhex(t['msg']), b'', b''
            else:
                aad, msg, ct = bytes.fromhex(t['aad']), bytes.fromhex(t['msg']), bytes.fromhex(t['ct'])
            api = 'std' if len(iv) == 12 else 'iv'
            desc = 'wycheproof %s tcId %d (%s, %s, key %d, iv %d bits) [%s]' % (
                fname.split('_test')[0], t['tcId'], t['result'], ','.join(t['flags']),
                g['keySize'], g['ivSize'], path_name())
            got = o.many([('aes_gcm', 'enc', api, key, tl, iv, aad, 0, 0, msg),
                          ('aes_gcm', 'dec', api, key, tl, iv, aad, 0, 1, ct, tag)])
            if t['result'] == 'valid':
                tap.ok(got[0] == [ct, tag] and got[1] == [msg], desc, diag=str(got)[:300])
            elif 'ZeroLengthIv' in t['flags']:
                tap.ok(all(isinstance(x, OracleError) and x.errno == EINVAL for x in got),
                       desc, diag=str(got))
            else:
                tap.ok(isinstance(got[1], OracleError) and got[1].errno == EBADMSG,
                       desc, diag=str(got)[:300])


def test_acvp(tap, o):
    j = load_vectors('acvp', 'ACVP-AES-GCM-1.0', 'internalProjection.json')
    for g in j['testGroups']:
        tl = g['tagLen'] // 8
        reqs, want, ids = [], [], []
        for t in g['tests']:
            h = bytes.fromhex
            key, iv, aad, tag = h(t['key']), h(t['iv']), h(t['aad']), h(t['tag'])
            api = 'std' if len(iv) == 12 else 'iv'
            if g['direction'] == 'encrypt':
                reqs.append(('aes_gcm', 'enc', api, key, tl, iv, aad, 0, 0, h(t['pt'])))
                want.append([h(t['ct']), tag])
            elif t.get('testPassed', True):
                reqs.append(('aes_gcm', 'dec', api, key, tl, iv, aad, 0, 0, h(t['ct']), tag))
                want.append([h(t['pt'])])
            else:
                reqs.append(('aes_gcm', 'dec', api, key, tl, iv, aad, 0, 0, h(t['ct']), tag))
                want.append(EBADMSG)
            ids.append(t['tcId'])
        got = o.many(reqs)
        bad = [ids[i] for i in range(len(reqs)) if not answers(got[i], want[i])]
        tap.ok(not bad, 'ACVP AES-GCM tgId %d %s key %d iv %d tag %d, %d tests [%s]' % (
            g['tgId'], g['direction'], g['keyLen'], g['ivLen'], g['tagLen'], len(reqs),
            path_name()), diag='failing tcIds %s' % bad)


def main():
    run_tests(test_model, test_ghash, test_oneshot, test_ivlens, test_wrap,
              test_incremental, test_forgery, test_rfc4106, test_bad_params,
              partial(test_wycheproof, fname='aes_gcm_test.json', gmac=False),
              partial(test_wycheproof, fname='aes_gmac_test.json', gmac=True),
              test_acvp)


if __name__ == '__main__':
    main()
