#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""XChaCha12/20, NH, NH-Poly1305, POLYVAL, XCTR, HCTR2 and Adiantum.

Known answers: Linux 6.12 crypto/testmgr.h (xchacha12/20, nhpoly1305,
polyval, aes_xctr, aes_hctr2, adiantum_xchacha12/20_aes, and ghash for the
GHASH code POLYVAL now shares), read at test time (tests/lib/testmgr.py).
Independent models written from the specifications (tests/lib/lpref.py;
AES from python3-cryptography; ChaCha from tests/lib/chacharef.py, which
test_chacha checks against python3-cryptography) for random keys, tweaks
and lengths, in-place and misaligned buffers.  Lengths below one block are refused.
"""
import struct

import lpref
import testmgr
from kctest import OracleError, path_name, randbytes, run_tests

EINVAL = 22


def check_vectors(tap, name, what, fn):
    """fn(vector) -> list of problems."""
    try:
        vecs = testmgr.vectors(name)
    except LookupError as e:
        tap.skip('%s testmgr vectors' % what, str(e))
        return
    bad = []
    for i, v in enumerate(vecs):
        bad += ['%d: %s' % (i, p) for p in fn(v)]
    tap.ok(not bad, '%s: %d testmgr vectors (%s) [%s]' % (what, len(vecs), name, path_name()),
           '\n'.join(bad))


def cipher_fn(o, call, enc_dec=True):
    def fn(v):
        key = testmgr.with_nul(v.get('key', b''), v['klen'], 'key')
        pt = testmgr.with_nul(v['ptext'], v['len'], 'ptext')
        ct = testmgr.with_nul(v['ctext'], v['len'], 'ctext')
        probs = []
        for enc in ((True, False) if enc_dec else (True,)):
            src, want = (pt, ct) if enc else (ct, pt)
            try:
                got = call(key, v['iv'][:32], src, enc)
            except OracleError as e:
                probs.append('errno %d' % e.errno)
                continue
            if got != want:
                probs.append('%s differs' % ('encryption' if enc else 'decryption'))
        return probs
    return fn


def hash_fn(call):
    def fn(v):
        key = testmgr.with_nul(v.get('key', b''), v.get('ksize', 0), 'key')
        msg = testmgr.with_nul(v.get('plaintext', b''), v.get('psize', 0), 'plaintext')
        got = call(key, msg)
        return [] if got == v['digest'][:len(got)] and len(v['digest']) >= len(got) else ['digest differs']
    return fn


def test_testmgr(tap, o):
    for rounds in (12, 20):
        check_vectors(tap, 'xchacha%d_tv_template' % rounds, 'xchacha%d' % rounds,
                      cipher_fn(o, lambda k, iv, d, e, r=rounds:
                                o.call('xchacha', k, iv, r, 0, 0, d)[0]))
        check_vectors(tap, 'adiantum_xchacha%d_aes_tv_template' % rounds,
                      'adiantum(xchacha%d,aes)' % rounds,
                      cipher_fn(o, lambda k, iv, d, e, r=rounds:
                                o.call('adiantum', 'enc' if e else 'dec', r, k, iv, 0, 0, d)[0]))
    check_vectors(tap, 'aes_xctr_tv_template', 'xctr(aes)',
                  cipher_fn(o, lambda k, iv, d, e: o.call('aes_xctr', k, iv[:16], 0, 0, d)[0]))
    check_vectors(tap, 'aes_hctr2_tv_template', 'hctr2(aes)',
                  cipher_fn(o, lambda k, iv, d, e:
                            o.call('hctr2', 'enc' if e else 'dec', k, iv, 0, 0, d)[0]))
    check_vectors(tap, 'nhpoly1305_tv_template', 'nhpoly1305',
                  hash_fn(lambda k, m: o.call('nhpoly1305', k, m)[0]))
    check_vectors(tap, 'polyval_tv_template', 'polyval',
                  hash_fn(lambda k, m: o.call('polyval', k, m)[0]))
    check_vectors(tap, 'ghash_tv_template', 'ghash',
                  hash_fn(lambda k, m: o.call('ghash', k, m)[0]))


def many_ok(tap, o, what, reqs, wants):
    bad = []
    for i, (res, want) in enumerate(zip(o.many(reqs), wants)):
        if isinstance(res, OracleError):
            bad.append('%d (%s): errno %d' % (i, reqs[i][0], res.errno))
        elif res[0] != want:
            bad.append('%d (%s, %d bytes): differs' % (i, reqs[i][0], len(want)))
    tap.ok(not bad, '%s: %d random cases agree with the model [%s]' % (what, len(reqs), path_name()),
           '\n'.join(bad[:10]))


def lengths(r, lo, n, hi=2200):
    base = [lo, lo + 1, 31, 32, 33, 48, 1023 + 16, 1024 + 16, 1025 + 16, 2064]
    return [x for x in base if x >= lo] + [r.randrange(lo, hi) for _ in range(n)]


def test_random(tap, o, r):
    for rounds in (12, 20):
        reqs, wants = [], []
        for n in lengths(r, 0, 30, 700):
            key, iv, d = randbytes(r, 32), randbytes(r, 32), randbytes(r, n)
            if r.random() < 0.2:    # stream position near a 32-bit wrap
                iv = iv[:24] + (0xffffffff - r.randrange(0, 3)).to_bytes(4, 'little') + iv[28:]
            reqs.append(('xchacha', key, iv, rounds, r.randrange(0, 17), r.randrange(0, 2), d))
            wants.append(lpref.xchacha(key, iv, d, rounds))
        many_ok(tap, o, 'xchacha%d' % rounds, reqs, wants)

    reqs, wants = [], []
    for _ in range(40):
        key = randbytes(r, 1072 + 48)
        msg = randbytes(r, 16 * r.randrange(0, 65))
        kw = list(struct.unpack('<%dI' % (len(key) // 4), key))
        reqs.append(('nh', key[:len(msg) + 48], msg))
        wants.append(lpref.nh(kw, msg))
    many_ok(tap, o, 'nh', reqs, wants)

    reqs, wants = [], []
    for n in lengths(r, 0, 40, 4000):
        key, msg = randbytes(r, 1088), randbytes(r, n)
        reqs.append(('nhpoly1305', key, msg))
        wants.append(lpref.nhpoly1305(key, msg))
    many_ok(tap, o, 'nhpoly1305', reqs, wants)

    reqs, wants = [], []
    for n in lengths(r, 0, 40, 600):
        h, msg = randbytes(r, 16), randbytes(r, n)
        cuts = sorted(r.randrange(0, n + 1) for _ in range(r.randrange(0, 4)))
        parts = [msg[a:b] for a, b in zip([0] + cuts, cuts + [n])]
        reqs.append(('polyval', h) + tuple(parts))
        wants.append(lpref.polyval(h, msg))
        k = 16 * r.randrange(0, n // 16 + 1)
        reqs.append(('polyval_resume', h, msg[:k], msg[k:]))
        wants.append(lpref.polyval(h, msg))
    many_ok(tap, o, 'polyval (split updates, export/import)', reqs, wants)

    reqs, wants = [], []
    for n in lengths(r, 0, 40, 600):
        key, iv, d = randbytes(r, r.choice([16, 24, 32])), randbytes(r, 16), randbytes(r, n)
        reqs.append(('aes_xctr', key, iv, r.randrange(0, 17), r.randrange(0, 2), d))
        wants.append(lpref.xctr(key, iv, d))
    many_ok(tap, o, 'xctr(aes)', reqs, wants)

    reqs, wants = [], []
    for n in lengths(r, 16, 50, 1200):
        key, tw, d = randbytes(r, r.choice([16, 24, 32])), randbytes(r, 32), randbytes(r, n)
        enc = r.random() < 0.5
        reqs.append(('hctr2', 'enc' if enc else 'dec', key, tw, r.randrange(0, 17),
                     r.randrange(0, 2), d))
        wants.append(lpref.hctr2(key, tw, d, enc))
    many_ok(tap, o, 'hctr2(aes)', reqs, wants)

    for rounds in (12, 20):
        reqs, wants = [], []
        for n in lengths(r, 16, 30, 2200):
            key, tw, d = randbytes(r, 32), randbytes(r, 32), randbytes(r, n)
            enc = r.random() < 0.5
            reqs.append(('adiantum', 'enc' if enc else 'dec', rounds, key, tw,
                         r.randrange(0, 17), r.randrange(0, 2), d))
            wants.append(lpref.adiantum(key, tw, d, enc, rounds))
        many_ok(tap, o, 'adiantum(xchacha%d,aes)' % rounds, reqs, wants)


def test_errors(tap, o):
    cases = [('hctr2 15-byte message', ('hctr2', 'enc', bytes(16), bytes(32), 0, 0, bytes(15))),
             ('hctr2 20-byte key', ('hctr2', 'enc', bytes(20), bytes(32), 0, 0, bytes(16))),
             ('adiantum 15-byte message', ('adiantum', 'enc', 12, bytes(32), bytes(32), 0, 0, bytes(15))),
             ('adiantum 16-byte key', ('adiantum', 'enc', 12, bytes(16), bytes(32), 0, 0, bytes(16))),
             ('adiantum 8 rounds', ('adiantum', 'enc', 8, bytes(32), bytes(32), 0, 0, bytes(16))),
             ('xctr 20-byte key', ('aes_xctr', bytes(20), bytes(16), 0, 0, bytes(16)))]
    bad = []
    for what, req in cases:
        res = o.many([req])[0]
        if not isinstance(res, OracleError) or res.errno != EINVAL:
            bad.append(what + ': not EINVAL')
    tap.ok(not bad, 'bad lengths and parameters give EINVAL', '\n'.join(bad))


def main():
    run_tests(test_testmgr, test_random, test_errors)


if __name__ == '__main__':
    main()
