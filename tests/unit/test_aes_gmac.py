#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""rfc4543(gcm(aes)): GMAC in the RFC 4543 ESP layout.

Known answers: Linux 6.12 crypto/testmgr.h aes_gcm_rfc4543_tv_template
(read at test time; the tag covers assoc || payload, the payload passes
through; a .novrfy vector must fail) and Wycheproof aes_gmac_test.json (96-bit IVs, split as the
4-byte salt at the end of the key and the 8-byte explicit IV; the 128-bit
IV groups do not fit the layout and are skipped).  Independent oracle:
python3-cryptography AESGCM with an empty plaintext, for random keys, salts,
IVs and data lengths.  Forged tags give EBADMSG; bad key lengths EINVAL.
"""

import testmgr
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from kctest import OracleError, load_vectors, path_name, randbytes, run_tests

EINVAL, EBADMSG = 22, 74


def verify(o, key, iv, ad, tag):
    r = o.many([('aes_rfc4543', 'verify', key, iv, ad, tag)])[0]
    return r.errno if isinstance(r, OracleError) else 0


def test_testmgr(tap, o):
    try:
        vecs = testmgr.vectors('aes_gcm_rfc4543_tv_template')
    except LookupError as e:
        tap.skip('rfc4543 testmgr vectors', str(e))
        return
    bad = []
    for i, v in enumerate(vecs):
        key = testmgr.with_nul(v['key'], v['klen'], 'key')
        iv = v['iv'][:8]
        ad = testmgr.with_nul(v.get('assoc', b''), v['alen'], 'assoc')
        pt = testmgr.with_nul(v.get('ptext', b''), v['plen'], 'ptext')
        ct = testmgr.with_nul(v['ctext'], v['clen'], 'ctext')
        tag = o.call('aes_rfc4543', 'sign', key, iv, ad + pt)[0]
        got = verify(o, key, iv, ad + pt, ct[len(pt):])
        if v.get('novrfy'):     # a forgery: must not verify
            if got != EBADMSG:
                bad.append('%d: forged vector gave %d, not EBADMSG' % (i, got))
            continue
        if ct != pt + tag:
            bad.append('%d: tag differs' % i)
        if got != 0:
            bad.append('%d: verify refused the vector' % i)
    tap.ok(not bad, 'rfc4543(gcm(aes)): %d testmgr vectors [%s]' % (len(vecs), path_name()),
           '\n'.join(bad))


def test_wycheproof(tap, o):
    doc = load_vectors('wycheproof', 'testvectors_v1', 'aes_gmac_test.json')
    n, skipped, bad = 0, 0, []
    for g in doc['testGroups']:
        if g['ivSize'] != 96 or g['tagSize'] != 128:
            skipped += len(g['tests'])
            continue
        for t in g['tests']:
            key, iv = bytes.fromhex(t['key']), bytes.fromhex(t['iv'])
            msg, tag = bytes.fromhex(t['msg']), bytes.fromhex(t['tag'])
            k = key + iv[:4]
            n += 1
            got = verify(o, k, iv[4:], msg, tag)
            if t['result'] == 'valid':
                sig = o.call('aes_rfc4543', 'sign', k, iv[4:], msg)[0]
                if got != 0 or sig != tag:
                    bad.append('tcId %d: valid test not reproduced' % t['tcId'])
            elif got != EBADMSG:
                bad.append('tcId %d: invalid test gave %d' % (t['tcId'], got))
    tap.ok(not bad and n, 'Wycheproof aes_gmac_test.json: %d tests with 96-bit IVs (%d with '
           '128-bit IVs skipped: no RFC 4543 layout) [%s]' % (n, skipped, path_name()),
           '\n'.join(bad[:10]))


def test_random(tap, o, r):
    reqs, want = [], []
    for n in list(range(0, 70)) + [r.randrange(70, 3000) for _ in range(40)]:
        key, salt, iv, ad = (randbytes(r, r.choice([16, 24, 32])), randbytes(r, 4),
                             randbytes(r, 8), randbytes(r, n))
        reqs.append(('aes_rfc4543', 'sign', key + salt, iv, ad))
        want.append([AESGCM(key).encrypt(salt + iv, b'', ad)])
    bad = [q[4][:8].hex() for q, g, w in zip(reqs, o.many(reqs), want) if g != w]
    tap.ok(not bad, 'rfc4543 tags equal python3-cryptography AESGCM (empty plaintext), '
           '%d cases [%s]' % (len(reqs), path_name()), bad[:5])
    bad = []
    for q, w in zip(reqs[::7], want[::7]):
        tag = bytearray(w[0])
        pos = r.randrange(0, 128)
        tag[pos // 8] ^= 1 << (pos % 8)
        if verify(o, q[2], q[3], q[4], bytes(tag)) != EBADMSG:
            bad.append('flipped tag bit %d accepted' % pos)
        if q[4]:
            ad = bytearray(q[4])
            ad[r.randrange(len(ad))] ^= 0x80
            if verify(o, q[2], q[3], bytes(ad), w[0]) != EBADMSG:
                bad.append('modified data accepted')
        if verify(o, q[2], q[3], q[4], w[0]) != 0:
            bad.append('genuine tag refused')
    for kl in (0, 4, 16, 19, 21, 40):
        r_ = o.many([('aes_rfc4543', 'sign', bytes(kl), bytes(8), b'x')])[0]
        if not (isinstance(r_, OracleError) and r_.errno == EINVAL):
            bad.append('key length %d not EINVAL' % kl)
    tap.ok(not bad, 'forged tags and data -> EBADMSG, bad key lengths -> EINVAL [%s]'
           % path_name(), '\n'.join(bad))


def main():
    run_tests(test_testmgr, test_wycheproof, test_random)


if __name__ == '__main__':
    main()
