#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""ChaCha, HChaCha, Poly1305 and the ChaCha20-Poly1305 AEADs.

Oracles: python3-cryptography (ChaCha20 with a 16-byte counter||nonce,
Poly1305, ChaCha20Poly1305), a small pure-Python ChaCha written here from
RFC 8439 (for 12 rounds, the 32-bit counter wrap and HChaCha; it is first
checked against python3-cryptography), and the Wycheproof files
chacha20_poly1305_test.json / xchacha20_poly1305_test.json (every test).
"""
import functools
import struct

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.poly1305 import Poly1305

from kctest import (OracleError, load_vectors, mismatches, randbytes, random_splits,
                    run_tests)
from chacharef import py_chacha, py_hchacha

EBADMSG = 74
EFAULT = 14
M32 = 0xffffffff


def ossl_chacha20(key, iv16, data):
    return Cipher(algorithms.ChaCha20(key, iv16), None).encryptor().update(data)


def poly1305(key, msg):
    return Poly1305.generate_tag(key, msg)


def aead_oracle(variant, key, nonce, ad, msg):
    """Expected ciphertext||tag for each library variant."""
    if variant == 'n64':
        return ChaCha20Poly1305(key).encrypt(b'\0' * 4 + nonce, msg, ad)
    if variant == 'rfc7539':
        return ChaCha20Poly1305(key).encrypt(nonce, msg, ad)
    if variant == 'esp':
        return ChaCha20Poly1305(key[:32]).encrypt(key[32:] + nonce, msg, ad)
    if variant == 'x':
        sub = py_hchacha(key, nonce[:16])
        return ChaCha20Poly1305(sub).encrypt(b'\0' * 4 + nonce[16:], msg, ad)
    raise ValueError(variant)


NONCE_LEN = {'n64': 8, 'rfc7539': 12, 'esp': 8, 'x': 24}
KEY_LEN = {'n64': 32, 'rfc7539': 32, 'esp': 36, 'x': 32}


def test_reference(tap, r):
    """The pure-Python ChaCha must agree with OpenSSL before it is used."""
    bad = []
    for n in (0, 1, 63, 64, 65, 200, 1000):
        key, iv = randbytes(r, 32), randbytes(r, 16)
        msg = randbytes(r, n)
        if py_chacha(key, iv, msg, 20)[0] != ossl_chacha20(key, iv, msg):
            bad.append(n)
    # HChaCha20 test vector, draft-irtf-cfrg-xchacha-03 section 2.2.1
    hk = bytes(range(32))
    hn = bytes.fromhex('000000090000004a0000000031415927')
    want = bytes.fromhex('82413b4227b27bfed30e42508a877d73'
                         'a0f9e4d58a74a853c12ec41326d3ecdc')
    if py_hchacha(hk, hn) != want:
        bad.append('hchacha')
    tap.ok(not bad, 'python reference ChaCha/HChaCha agrees with OpenSSL and the draft vector',
           diag=bad)


def test_chacha(tap, r, o, path):
    reqs, want = [], []
    lengths = list(range(0, 600)) + [r.randrange(600, 4097) for _ in range(150)] + [4096, 16384]
    for n in lengths:
        key, iv = randbytes(r, 32), randbytes(r, 16)
        msg = randbytes(r, n)
        # split at block boundaries
        cuts = sorted(r.randrange(0, n // 64 + 1) * 64 for _ in range(r.randrange(3)))
        parts, prev = [], 0
        for c in cuts + [n]:
            parts.append(msg[prev:c])
            prev = c
        ctr = (struct.unpack('<I', iv[:4])[0] + (n + 63) // 64) & M32
        reqs.append(('chacha', key, iv, 20, r.randrange(8), r.randrange(2)) + tuple(parts))
        want.append([ossl_chacha20(key, iv, msg), struct.pack('<I', ctr)])
    got = o.many(reqs)
    bad = [len(b''.join(q[6:])) for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'chacha20 vs OpenSSL, %d messages, lengths 0..16384, split, '
           'in-place/unaligned [%s]' % (len(reqs), path), diag=bad[:5])

    reqs, want = [], []
    for n in list(range(0, 300, 7)) + [513, 1024, 2000]:
        for nr in (12, 20):
            key, iv = randbytes(r, 32), randbytes(r, 16)
            if r.randrange(3) == 0:   # counter about to wrap
                iv = struct.pack('<I', M32 - r.randrange(3)) + iv[4:]
            msg = randbytes(r, n)
            ct, ctr = py_chacha(key, iv, msg, nr)
            reqs.append(('chacha', key, iv, nr, r.randrange(8), r.randrange(2), msg))
            want.append([ct, struct.pack('<I', ctr)])
    got = o.many(reqs)
    bad = [(q[3], len(q[6])) for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'chacha12/chacha20 vs python reference incl. 32-bit counter wrap, '
           '%d cases [%s]' % (len(reqs), path), diag=bad[:5])

    reqs, want = [], []
    for _ in range(100):
        key, iv = randbytes(r, 32), randbytes(r, 16)
        nr = r.choice((12, 20))
        reqs.append(('hchacha', key, iv, nr))
        want.append([py_hchacha(key, iv, nr)])
        reqs.append(('chacha20_block', key, iv))
        want.append([ossl_chacha20(key, iv, bytes(64))])
    got = o.many(reqs)
    bad = [q[0] for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'hchacha_block (12/20 rounds) and chacha20_block, 200 cases [%s]' % path,
           diag=bad[:5])


def test_poly1305(tap, r, o, path):
    reqs, want = [], []
    special_keys = [b'\xff' * 32, b'\xff' * 16 + b'\0' * 16, bytes(32),
                    b'\x0f\xff\xff\xfc' * 4 + b'\xff' * 16]
    lengths = list(range(0, 300)) + [r.randrange(300, 5000) for _ in range(100)]
    for n in lengths:
        key = r.choice(special_keys) if r.randrange(4) == 0 else randbytes(r, 32)
        kind = r.randrange(4)
        msg = (b'\xff' * n if kind == 0 else bytes(n) if kind == 1 else randbytes(r, n))
        reqs.append(('poly1305', key) + tuple(random_splits(r, msg)))
        want.append([poly1305(key, msg)])
    # r = 1 makes h the plain sum of the blocks (each + 2^128), so sums of
    # all-ones and zero blocks land h in [2^130 - 5, 2^130): the final
    # reduction must subtract p.  ff..ff || 0 || 0 gives h = 2^130 - 1.
    blocks = [b'\xff' * 16, bytes(16), b'\xfe' + b'\xff' * 15, b'\xfb' + b'\xff' * 15]
    for i in range(200):
        key = b'\x01' + bytes(15) + (b'\xff' * 16 if i % 2 else randbytes(r, 16))
        msg = b'\xff' * 16 + bytes(32) if i == 0 else \
            b''.join(r.choice(blocks) for _ in range(r.choice((r.randrange(1, 9), r.randrange(16, 64)))))
        msg += b'\xff' * r.choice((0, 0, 1, 15))
        reqs.append(('poly1305', key) + tuple(random_splits(r, msg)))
        want.append([poly1305(key, msg)])
    got = o.many(reqs)
    bad = [len(b''.join(q[2:])) for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'poly1305 vs OpenSSL, %d messages, edge keys, h >= p at the end, '
           'random splits [%s]' % (len(reqs), path), diag=bad[:5])

    # Long inputs in one update, around the block-group sizes of the SIMD
    # code (4 and 8 blocks, 16 per step, 4096-byte chunks), with the largest
    # clamped key and all-ones blocks, which drive every limb to its bound.
    reqs, want = [], []
    big_r = b'\xff\xff\xff\x0f\xfc\xff\xff\x0f\xfc\xff\xff\x0f\xfc\xff\xff\x0f'
    lengths = [g * k + d for g in (64, 128, 256) for k in range(1, 9) for d in (-16, 0, 16)]
    lengths += [4096 + d for d in (-128, 0, 128, 256, 384)] + [16384, 20000]
    lengths += [r.randrange(256, 20000) for _ in range(40)]
    for n in lengths:
        kind = r.randrange(3)
        key = (big_r + b'\xff' * 16 if kind == 0 else
               b'\xff' * 32 if kind == 1 else randbytes(r, 32))
        msg = b'\xff' * n if kind < 2 else randbytes(r, n)
        reqs.append(('poly1305', key, msg))
        want.append([poly1305(key, msg)])
    got = o.many(reqs)
    bad = [len(q[2]) for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'poly1305 vs OpenSSL, %d long single updates (256..20000 bytes), '
           'largest key and all-ones blocks [%s]' % (len(reqs), path), diag=bad[:5])


def show_aead(q, g, w):
    """A failed AEAD request: its kind, lengths (or what came back)."""
    if isinstance(w, int):
        return (q[0], len(q[5]), 'want EBADMSG, got %s' %
                ('EFAULT: plaintext left in dst' if isinstance(g, OracleError)
                 and g.errno == EFAULT else g))
    return q[0], len(q[5]), len(q[4])


def test_aead(tap, r, o, path):
    for variant in ('n64', 'rfc7539', 'esp', 'x'):
        reqs, want = [], []
        cases = [(n, r.choice((0, 1, 12, 16, 17, 20, 64, 100))) for n in range(0, 300)]
        cases += [(r.randrange(300, 4097), r.randrange(0, 600)) for _ in range(120)]
        cases += [(70000, 3), (4096, 4096)]
        for n, adn in cases:
            key = randbytes(r, KEY_LEN[variant])
            nonce = randbytes(r, NONCE_LEN[variant])
            msg, ad = randbytes(r, n), randbytes(r, adn)
            off, inpl = r.randrange(8), r.randrange(2)
            ct = aead_oracle(variant, key, nonce, ad, msg)
            reqs.append(('chachapoly_enc', variant, key, nonce, ad, msg, off, inpl))
            want.append([ct])
            reqs.append(('chachapoly_dec', variant, key, nonce, ad, ct, r.randrange(8),
                         r.randrange(2)))
            want.append([msg])
            # one tampered copy: a bit of ciphertext, tag or AD, or a wrong nonce
            what = r.randrange(4)
            t_ct, t_ad, t_nonce = bytearray(ct), bytearray(ad), bytearray(nonce)
            if what == 0 and n:
                t_ct[r.randrange(n)] ^= 1 << r.randrange(8)
            elif what == 1 and adn:
                t_ad[r.randrange(adn)] ^= 1 << r.randrange(8)
            elif what == 2:
                t_nonce[r.randrange(len(nonce))] ^= 1 << r.randrange(8)
            else:
                t_ct[n + r.randrange(16)] ^= 1 << r.randrange(8)
            reqs.append(('chachapoly_dec', variant, key, bytes(t_nonce), bytes(t_ad),
                         bytes(t_ct), r.randrange(8), r.randrange(2)))
            want.append(EBADMSG)
        for short in range(16):
            reqs.append(('chachapoly_dec', variant, randbytes(r, KEY_LEN[variant]),
                         randbytes(r, NONCE_LEN[variant]), b'', randbytes(r, short), 0, 0))
            want.append(EBADMSG)
        bad = mismatches(reqs, o.many(reqs), want, show_aead)
        tap.ok(not bad, 'AEAD %s vs python3-cryptography: %d encrypt/decrypt/forgery cases, '
               'msg 0..70000, ad 0..4096, in-place/unaligned [%s]' % (variant, len(reqs), path),
               diag=bad[:5])


def wycheproof(tap, o, path, fname, variant, ivbits):
    doc = load_vectors('wycheproof', 'testvectors_v1', fname)
    reqs, meta = [], []
    for g in doc['testGroups']:
        for t in g['tests']:
            desc = '%s tcId %d %s (%s) [%s]' % (fname.split('_test')[0], t['tcId'], t['result'],
                                               ','.join(t['flags']), path)
            if g['ivSize'] != ivbits:
                # The API takes the nonce as a fixed-size array: such a
                # nonce cannot even be passed, so there is nothing to run.
                tap.skip(desc, 'API takes only %d-bit nonces (%d-bit nonce inexpressible; '
                         'the type rejects it)' % (ivbits, g['ivSize']))
                continue
            if g['tagSize'] != 128:
                tap.skip(desc, 'API has a fixed 128-bit tag')
                continue
            key, iv = bytes.fromhex(t['key']), bytes.fromhex(t['iv'])
            aad, msg = bytes.fromhex(t['aad']), bytes.fromhex(t['msg'])
            ct, tag = bytes.fromhex(t['ct']), bytes.fromhex(t['tag'])
            i = len(reqs)
            reqs.append(('chachapoly_enc', variant, key, iv, aad, msg, 0, 0))
            reqs.append(('chachapoly_dec', variant, key, iv, aad, ct + tag, 0, 0))
            reqs.append(('chachapoly_dec', variant, key, iv, aad, ct + tag, 3, 1))
            meta.append((i, desc, t, msg, ct + tag))
    got = o.many(reqs)
    for i, desc, t, msg, ctt in meta:
        enc, dec, dec_inpl = got[i], got[i + 1], got[i + 2]
        if t['result'] == 'valid':
            ok = enc == [ctt] and dec == [msg] and dec_inpl == [msg]
            diag = (enc, dec) if not ok else None
        else:
            ok = all(isinstance(d, OracleError) and d.errno == EBADMSG for d in (dec, dec_inpl))
            diag = (dec, dec_inpl) if not ok else None
        tap.ok(ok, desc, diag=diag)


def arch_optimized(tap, o):
    arch = o.call('chacha_arch')[0]
    tap.diag('chacha_is_arch_optimized=%d poly1305_is_arch_optimized=%d' % (arch[0], arch[1]))


def main():
    run_tests(arch_optimized, test_reference, test_chacha, test_poly1305, test_aead,
              functools.partial(wycheproof, fname='chacha20_poly1305_test.json',
                                variant='rfc7539', ivbits=96),
              functools.partial(wycheproof, fname='xchacha20_poly1305_test.json',
                                variant='x', ivbits=192))


if __name__ == '__main__':
    main()
