#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Serpent, Twofish and Camellia with ECB, CBC, CTR and XTS (block128).

Known answers: the Linux 6.12 crypto/testmgr.h templates for each cipher
and mode (both directions; the IV/counter after the call where the vector
gives .iv_out), read at test time (tests/lib/testmgr.py).  Independent oracles:
Nettle (Serpent, Twofish) and python3-cryptography (Camellia) block
functions under mode models written from the specifications (tests/lib/blockref.py),
for random keys, lengths, in-place or misaligned buffers and messages split
over several calls.  Also the kernel's key-length rules and bad lengths.
"""
import functools

import blockref
import testmgr
from kctest import OracleError, path_name, randbytes, run_tests

EINVAL = 22

CIPHERS = {
    # name: (testmgr prefix, valid key lengths, some invalid ones)
    'serpent': ('serpent', list(range(0, 33)), [33, 40, 64]),
    'twofish': ('tf', [16, 24, 32], [0, 8, 15, 17, 31, 33]),
    'camellia': ('camellia', [16, 24, 32], [0, 8, 15, 17, 31, 33]),
}
TEMPLATES = [('ecb', '%s_tv_template'), ('cbc', '%s_cbc_tv_template'),
             ('ctr', '%s_ctr_tv_template'), ('xts', '%s_xts_tv_template')]


def run(o, cipher, mode, enc, key, iv, parts, off=0, inplace=0):
    return o.call('b128', cipher, mode, 'enc' if enc else 'dec', key, iv, off, inplace, *parts)


def test_testmgr(tap, o, cipher):
    prefix = CIPHERS[cipher][0]
    for mode, tmpl in TEMPLATES:
        name = tmpl % prefix
        try:
            vecs = testmgr.cipher_vectors(name)
        except LookupError as e:
            tap.skip('%s %s testmgr vectors' % (cipher, mode), str(e))
            continue
        bad = []
        for i, v in enumerate(vecs):
            iv = v.get('iv', b'')[:16] if mode != 'ecb' else b''
            for enc in (True, False):
                src, want = (v['ptext'], v['ctext']) if enc else (v['ctext'], v['ptext'])
                try:
                    got, ivo = run(o, cipher, mode, enc, v['key'], iv, [src])
                except OracleError as e:
                    bad.append('%d %s: errno %d' % (i, enc, e.errno))
                    continue
                if got != want:
                    bad.append('%d %s: output differs' % (i, 'enc' if enc else 'dec'))
                if enc and 'iv_out' in v and ivo != v['iv_out'][:16]:
                    bad.append('%d: iv_out differs' % i)
        tap.ok(not bad, '%s %s: %d testmgr vectors (%s) [%s]'
               % (cipher, mode, len(vecs), name, path_name()), '\n'.join(bad))


def split_blocks(r, data, whole_last):
    """Split into block-multiple parts; the last part may be partial."""
    parts, pos = [], 0
    while len(data) - pos > 16 and r.random() < 0.5:
        n = 16 * r.randrange(1, (len(data) - pos) // 16 + 1)
        if n >= len(data) - pos:
            break
        if not whole_last and len(data) - pos - n < 16:
            break
        parts.append(data[pos:pos + n])
        pos += n
    parts.append(data[pos:])
    return parts


def test_random(tap, o, r, cipher):
    keylens = CIPHERS[cipher][1]
    for mode in ('ecb', 'cbc', 'ctr', 'xts'):
        bad, n = [], 0
        reqs, want = [], []
        for _ in range(120):
            kl = r.choice([k for k in keylens if k >= 16] if cipher != 'serpent' or mode == 'xts'
                          else keylens)
            if cipher == 'serpent' and mode == 'xts':
                kl = r.choice([16, 24, 32])
            key = randbytes(r, 2 * kl if mode == 'xts' else kl)
            iv = randbytes(r, 16) if mode != 'ecb' else b''
            if mode == 'ctr' and r.random() < 0.3:
                # near a carry out of the low 64 bits, or of all 128
                hi = randbytes(r, 8) if r.random() < 0.5 else b'\xff' * 8
                iv = hi + b'\xff' * 7 + bytes([r.randrange(240, 256)])
            if mode in ('ecb', 'cbc'):
                ln = 16 * r.randrange(1, 40)
            elif mode == 'ctr':
                ln = r.randrange(0, 600)
            else:
                ln = r.randrange(16, 600)
            data = randbytes(r, ln)
            enc = r.random() < 0.5
            if mode == 'ecb':
                exp, ivo = blockref.ecb(cipher, key, data, enc) if data else b'', b'\0' * 16
            elif mode == 'cbc':
                exp, ivo = blockref.cbc(cipher, key, iv, data, enc)
            elif mode == 'ctr':
                exp, ivo = blockref.ctr(cipher, key, iv, data)
            else:
                exp, ivo = blockref.xts(cipher, key, iv, data, enc), None
            parts = split_blocks(r, data, mode == 'xts')
            if mode == 'xts' and len(parts[-1]) < 16:
                parts = parts[:-2] + [parts[-2] + parts[-1]] if len(parts) > 1 else [data]
            off, inplace = r.randrange(0, 17), r.randrange(0, 2)
            reqs.append(('b128', cipher, mode, 'enc' if enc else 'dec', key, iv, off, inplace)
                        + tuple(parts))
            want.append((exp, ivo, ln, len(parts)))
        for req, res, (exp, ivo, ln, np) in zip(reqs, o.many(reqs), want):
            n += 1
            if isinstance(res, OracleError):
                bad.append('%s len %d: errno %d' % (req[3], ln, res.errno))
            elif res[0] != exp:
                bad.append('%s len %d in %d calls: output differs' % (req[3], ln, np))
            elif ivo is not None and mode != 'ecb' and res[1] != ivo:
                bad.append('%s len %d: IV out differs' % (req[3], ln))
        oracle = 'cryptography' if cipher == 'camellia' else 'nettle'
        tap.ok(not bad, '%s %s: %d random cases agree with %s + spec model [%s]'
               % (cipher, mode, n, oracle, path_name()), '\n'.join(bad[:10]))


def test_block_counts(tap, o, r, cipher):
    """Every block count from 1 to 17 in one call (the SIMD code runs
    eight, two and one blocks at a time), with CTR and XTS tails."""
    bad, n = [], 0
    reqs, want = [], []
    for mode in ('ecb', 'cbc', 'ctr', 'xts'):
        for nb in range(0 if mode == 'ctr' else 1, 18):
            for tail in ((0, 5) if mode in ('ctr', 'xts') else (0,)):
                if nb == 0 and not tail:
                    continue
                for enc in ((True,) if mode == 'ctr' else (True, False)):
                    kl = r.choice([16, 24, 32])
                    key = randbytes(r, 2 * kl if mode == 'xts' else kl)
                    iv = randbytes(r, 16) if mode != 'ecb' else b''
                    data = randbytes(r, 16 * nb + tail)
                    if mode == 'ecb':
                        exp = blockref.ecb(cipher, key, data, enc)
                    elif mode == 'cbc':
                        exp = blockref.cbc(cipher, key, iv, data, enc)[0]
                    elif mode == 'ctr':
                        exp = blockref.ctr(cipher, key, iv, data)[0]
                    else:
                        exp = blockref.xts(cipher, key, iv, data, enc)
                    reqs.append(('b128', cipher, mode, 'enc' if enc else 'dec', key, iv, 0, 0,
                                 data))
                    want.append((exp, '%s %s %d blocks + %d' % (
                        mode, 'enc' if enc else 'dec', nb, tail)))
    for res, (exp, what) in zip(o.many(reqs), want):
        n += 1
        if isinstance(res, OracleError):
            bad.append('%s: errno %d' % (what, res.errno))
        elif res[0] != exp:
            bad.append('%s: output differs' % what)
    oracle = 'cryptography' if cipher == 'camellia' else 'nettle'
    tap.ok(not bad, '%s: %d calls of 1-17 blocks (+ CTR/XTS tails) agree with %s [%s]'
           % (cipher, n, oracle, path_name()), '\n'.join(bad[:10]))


def test_block_fn(tap, o, r, cipher):
    bad = 0
    for _ in range(50):
        key = randbytes(r, r.choice([16, 24, 32]))
        blk = randbytes(r, 16)
        for enc in (True, False):
            got = o.call('b128_block', cipher, 'enc' if enc else 'dec', key, blk)[0]
            if got != blockref.ecb(cipher, key, blk, enc):
                bad += 1
    tap.ok(bad == 0, '%s one-block functions: 100 random blocks (%d wrong)' % (cipher, bad))


def test_errors(tap, o, cipher):
    bad = []
    for kl in CIPHERS[cipher][2]:
        for mode in ('ecb', 'cbc'):
            try:
                run(o, cipher, mode, True, bytes(kl), b'' if mode == 'ecb' else bytes(16), [bytes(16)])
                bad.append('%s key length %d accepted' % (mode, kl))
            except OracleError as e:
                if e.errno != EINVAL:
                    bad.append('%s key length %d: errno %d' % (mode, kl, e.errno))
    cases = [('xts', bytes(range(33)), [bytes(16)], 'odd XTS key length'),
             ('xts_forbid_weak', bytes(16) * 2, [bytes(16)], 'equal XTS halves with FORBID_WEAK'),
             ('xts', bytes(range(32)), [bytes(15)], 'XTS message shorter than a block'),
             ('cbc', bytes(16), [bytes(20)], 'CBC partial block'),
             ('ecb', bytes(16), [bytes(8)], 'ECB partial block')]
    for mode, key, parts, what in cases:
        iv = b'' if mode == 'ecb' else bytes(16)
        try:
            run(o, cipher, mode, True, key, iv, parts)
            bad.append(what + ' accepted')
        except OracleError as e:
            if e.errno != EINVAL:
                bad.append('%s: errno %d' % (what, e.errno))
    try:
        run(o, cipher, 'xts', True, bytes(16) * 2, bytes(16), [bytes(16)])
    except OracleError:
        bad.append('equal XTS halves refused without FORBID_WEAK')
    tap.ok(not bad, '%s: bad key lengths and message lengths give EINVAL' % cipher,
           '\n'.join(bad))


def test_cipher(tap, o, r, cipher):
    """Every check of one cipher, or one skip when this libkcrypto lacks it."""
    try:
        o.call('b128', cipher, 'ecb', 'enc', bytes(16), b'', 0, 0, bytes(16))
    except OracleError:
        tap.skip('%s' % cipher, 'not in this libkcrypto yet')
        return
    test_testmgr(tap, o, cipher)
    test_block_fn(tap, o, r, cipher)
    test_block_counts(tap, o, r, cipher)
    test_random(tap, o, r, cipher)
    test_errors(tap, o, cipher)


if __name__ == '__main__':
    run_tests(*[functools.partial(test_cipher, cipher=c) for c in CIPHERS])
