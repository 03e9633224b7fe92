#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""AES-CCM and RFC 4309 against python3-cryptography's AESCCM.

Every key size, nonce length 7..13 and tag length 4..16 (even); data
lengths 0..300 plus random up to 4096, associated data up to 1000 bytes and
a few of 65280+ bytes (the 6-byte length encoding); misaligned, in-place
and out-of-place; the incremental API with random splits; forgeries must
give -EBADMSG and leave only zeroes in the destination; a payload too long
for the length field gives -EOVERFLOW; bad nonce, tag and key lengths
-EINVAL.  Then every test of Wycheproof aes_ccm_test.json.
"""

from cryptography.hazmat.primitives.ciphers.aead import AESCCM

from aeadcases import flip, ipsec_cases, run_cases
from kctest import OracleError, load_vectors, path_name, randbytes, random_splits, run_tests

EBADMSG = 74
EINVAL = 22
EOVERFLOW = 75
TAGLENS = (4, 6, 8, 10, 12, 14, 16)


def expect(key, nonce, aad, pt, tl):
    c = AESCCM(key, tag_length=tl).encrypt(nonce, pt, aad)
    return c[:-tl], c[-tl:]


def rand_aad(r):
    c = r.randrange(12)
    if c == 0:
        return randbytes(r, r.randrange(0, 1001))
    if c == 1:
        return b''
    return randbytes(r, r.randrange(0, 48))


def test_oneshot(tap, o, r):
    for ks in (16, 24, 32):
        reqs, want = [], []
        for n in list(range(301)) + [r.randrange(301, 4097) for _ in range(40)]:
            nl, tl = r.randrange(7, 14), r.choice(TAGLENS)
            key, nonce, aad, pt = randbytes(r, ks), randbytes(r, nl), rand_aad(r), randbytes(r, n)
            ct, tag = expect(key, nonce, aad, pt, tl)
            reqs.append(('aes_ccm', 'enc', key, tl, nonce, aad, r.randrange(16), r.randrange(2), pt))
            want.append([ct, tag])
            reqs.append(('aes_ccm', 'dec', key, tl, nonce, aad, r.randrange(16), r.randrange(2), ct, tag))
            want.append([pt])
        run_cases(tap, o, reqs, want, 'AES-%d-CCM one-shot encrypt+decrypt, nonces 7..13, tags '
            '4..16, lengths 0..4096, misaligned, in/out-of-place' % (8 * ks))

    reqs, want = [], []
    for i in range(6):
        key, nonce = randbytes(r, 16), randbytes(r, 13)
        aad = randbytes(r, 0xff00 - 2 + i)        # around the 2/6-byte switch
        pt = randbytes(r, r.randrange(0, 100))
        ct, tag = expect(key, nonce, aad, pt, 16)
        reqs.append(('aes_ccm', 'enc', key, 16, nonce, aad, 0, 0, pt))
        want.append([ct, tag])
    run_cases(tap, o, reqs, want, 'AES-CCM with 65278..65283 bytes of AAD (length encoding switch)')


def test_incremental(tap, o, r):
    reqs, want = [], []
    for n in list(range(0, 100)) + [r.randrange(100, 3000) for _ in range(40)]:
        ks, nl, tl = r.choice((16, 24, 32)), r.randrange(7, 14), r.choice(TAGLENS)
        key, nonce, aad, pt = randbytes(r, ks), randbytes(r, nl), rand_aad(r), randbytes(r, n)
        ct, tag = expect(key, nonce, aad, pt, tl)
        ad = random_splits(r, aad)
        reqs.append(('aes_ccm_inc', 'enc', key, tl, nonce, '-', len(ad)) + tuple(ad) +
                    tuple(random_splits(r, pt)))
        want.append([ct, tag])
        ad = random_splits(r, aad)
        reqs.append(('aes_ccm_inc', 'dec', key, tl, nonce, tag, len(ad)) + tuple(ad) +
                    tuple(random_splits(r, ct)))
        want.append([pt])
        reqs.append(('aes_ccm_inc', 'dec', key, tl, nonce, flip(tag, r), 1, aad, ct))
        want.append(EBADMSG)
    run_cases(tap, o, reqs, want, 'AES-CCM incremental API, random splits of AAD and data')


def test_forgery(tap, o, r):
    reqs, want = [], []
    for n in list(range(0, 60)) + [r.randrange(60, 2000) for _ in range(20)]:
        ks, nl, tl = r.choice((16, 24, 32)), r.randrange(7, 14), r.choice(TAGLENS)
        key, nonce = randbytes(r, ks), randbytes(r, nl)
        aad, pt = randbytes(r, r.randrange(1, 40)), randbytes(r, n)
        ct, tag = expect(key, nonce, aad, pt, tl)
        cases = []
        cases.append((flip(tag, r), ct, aad, nonce))
        cases.append((tag, ct, flip(aad, r), nonce))
        cases.append((tag, ct, aad, flip(nonce, r)))
        if ct:
            cases.append((tag, flip(ct, r), aad, nonce))
        for t2, c2, a2, n2 in cases:
            reqs.append(('aes_ccm', 'dec', key, tl, n2, a2, r.randrange(16), r.randrange(2), c2, t2))
            want.append(EBADMSG)
    run_cases(tap, o, reqs, want, 'AES-CCM forgeries (tag/ciphertext/AAD/nonce bit flips): '
        '-EBADMSG and only zeroes left in the destination')


def test_limits(tap, o, r):
    reqs, want = [], []
    key = randbytes(r, 16)
    # q = 2: at most 65535 payload bytes
    pt = randbytes(r, 65535)
    ct, tag = expect(key, bytes(13), b'', pt, 8)
    reqs.append(('aes_ccm', 'enc', key, 8, bytes(13), b'', 0, 0, pt))
    want.append([ct, tag])
    reqs.append(('aes_ccm', 'enc', key, 8, bytes(13), b'', 0, 0, pt + b'x'))
    want.append(EOVERFLOW)
    reqs.append(('aes_ccm', 'dec', key, 8, bytes(13), b'', 0, 0, pt + b'x', tag))
    want.append(EOVERFLOW)
    for nl in (0, 1, 5, 6, 14, 15, 16, 20):
        reqs.append(('aes_ccm', 'enc', key, 16, bytes(nl), b'', 0, 0, b'abc'))
        want.append(EINVAL)
        reqs.append(('aes_ccm_inc', 'enc', key, 16, bytes(nl), '-', 0, b'abc'))
        want.append(EINVAL)
    for tl in (0, 1, 2, 3, 5, 7, 9, 11, 13, 15, 17, 18):
        reqs.append(('aes_ccm', 'enc', key, tl, bytes(12), b'', 0, 0, b'abc'))
        want.append(EINVAL)
    for kl in (0, 8, 15, 17, 31, 33):
        reqs.append(('aes_ccm', 'enc', bytes(kl), 16, bytes(12), b'', 0, 0, b'abc'))
        want.append(EINVAL)
    run_cases(tap, o, reqs, want, 'AES-CCM limits: 65535 bytes with a 13-byte nonce, one more '
        '-EOVERFLOW; bad nonce/tag/key lengths -EINVAL')


def test_rfc4309(tap, o, r):
    reqs, want = ipsec_cases(r, 'aes_rfc4309', 3, (0, 8, 12), expect,
                             bad_taglens=(4, 6, 10, 14),
                             bad_keylens=(0, 3, 16, 18, 20, 35 + 1), forged_inplace=False)
    run_cases(tap, o, reqs, want, 'rfc4309(ccm(aes)): salt||IV nonce, tags 8/12/16, forged tag, '
              'bad key and tag lengths')


def test_wycheproof(tap, o):
    j = load_vectors('wycheproof', 'testvectors_v1', 'aes_ccm_test.json')
    for g in j['testGroups']:
        tl = g['tagSize'] // 8
        for t in g['tests']:
            h = bytes.fromhex
            key, iv, aad = h(t['key']), h(t['iv']), h(t['aad'])
            msg, ct, tag = h(t['msg']), h(t['ct']), h(t['tag'])
            desc = 'wycheproof aes_ccm tcId %d (%s, %s, nonce %d bits, tag %d bits) [%s]' % (
                t['tcId'], t['result'], ','.join(t['flags']), g['ivSize'], g['tagSize'],
                path_name())
            got = o.many([('aes_ccm', 'enc', key, tl, iv, aad, 0, 0, msg),
                          ('aes_ccm', 'dec', key, tl, iv, aad, 0, 1, ct, tag)])
            if t['result'] == 'valid':
                tap.ok(got[0] == [ct, tag] and got[1] == [msg], desc, diag=str(got)[:300])
            elif 'InvalidNonceSize' in t['flags'] or 'InvalidTagSize' in t['flags'] or \
                    'InsecureTagSize' in t['flags']:
                tap.ok(all(isinstance(x, OracleError) and x.errno == EINVAL for x in got),
                       desc, diag=str(got))
            else:
                tap.ok(isinstance(got[1], OracleError) and got[1].errno == EBADMSG,
                       desc, diag=str(got)[:300])


def main():
    run_tests(test_oneshot, test_incremental, test_forgery, test_limits,
              test_rfc4309, test_wycheproof)


if __name__ == '__main__':
    main()
