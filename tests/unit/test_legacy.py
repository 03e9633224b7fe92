#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Legacy algorithms: DES, 3DES (ECB, CBC, CMAC), MD4, CRC-32C, CRC-32.

Oracles: python3-cryptography (TripleDES; an 8-byte key there is single
DES, K1 = K2 = K3; CMAC over TripleDES), a pure-Python MD4 written here from
RFC 1320 and checked against the RFC's test suite (and the openssl CLI with
the legacy provider when it is available), and a bitwise pure-Python
CRC-32C checked against the standard check value (3DES, the openssl MD4
and CRC-32C come from tests/lib/legacyref.py), and zlib plus the Linux
6.12 testmgr.h crc32 vectors (read at test time) for CRC-32.  Weak-key behaviour is
checked against the published list of the four DES weak keys (NIST SP
800-67 rev. 2, 3.3.2) and the kernel's rules for 3DES (K1 == K2 or
K2 == K3 rejected with -ENOKEY, after the key has been expanded).
"""
import struct
import zlib

from cryptography.hazmat.primitives.ciphers import modes

import testmgr
from kctest import mismatches, randbytes, random_splits, run_tests
from legacyref import M32, cmac_des3, crc32c, md4_openssl, tdes

EINVAL, ENOKEY = 22, 126

WEAK = ['0101010101010101', 'fefefefefefefefe', 'e0e0e0e0f1f1f1f1', '1f1f1f1f0e0e0e0e']
SEMIWEAK = ['011f011f010e010e', '1f011f010e010e01', '01e001e001f101f1', 'e001e001f101f101',
            '01fe01fe01fe01fe', 'fe01fe01fe01fe01', '1fe01fe00ef10ef1', 'e01fe01ff10ef10e',
            '1ffe1ffe0efe0efe', 'fe1ffe1ffe0efe0e', 'e0fee0fef1fef1fe', 'fee0fee0fef1fef1']


def flip_parity(r, key):
    """The same DES key with different parity (low) bits: byte 0 always
    changes, the others at random."""
    return bytes(b ^ (1 if i == 0 else r.randrange(2)) for i, b in enumerate(key))


def _rotl(v, n):
    return ((v << n) | (v >> (32 - n))) & M32


def py_md4(msg):
    """RFC 1320, written out independently of lib/crypto/md4.c."""
    h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]
    ml = len(msg)
    msg = msg + b'\x80' + b'\0' * ((55 - ml) % 64) + struct.pack('<Q', 8 * ml)
    for off in range(0, len(msg), 64):
        x = struct.unpack('<16I', msg[off:off + 64])
        a, b, c, d = h
        f = lambda x_, y, z: (x_ & y) | (~x_ & z)
        g = lambda x_, y, z: (x_ & y) | (x_ & z) | (y & z)
        hh = lambda x_, y, z: x_ ^ y ^ z
        for k in range(16):
            s = (3, 7, 11, 19)[k % 4]
            a = _rotl((a + f(b, c, d) + x[k]) & M32, s)
            a, b, c, d = d, a, b, c
        for k in (0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15):
            s = (3, 5, 9, 13)[(k >> 2) & 3]
            a = _rotl((a + g(b, c, d) + x[k] + 0x5a827999) & M32, s)
            a, b, c, d = d, a, b, c
        for k in (0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15):
            s = (3, 9, 11, 15)[(0, 8, 4, 12).index(k & 12)]
            a = _rotl((a + hh(b, c, d) + x[k] + 0x6ed9eba1) & M32, s)
            a, b, c, d = d, a, b, c
        h = [(v + w) & M32 for v, w in zip(h, (a, b, c, d))]
    return struct.pack('<4I', *h)


RFC1320 = [
    (b'', '31d6cfe0d16ae931b73c59d7e0c089c0'),
    (b'a', 'bde52cb31de33e46245e05fbdbd6fb24'),
    (b'abc', 'a448017aaf21d8525fc10ae87aa6729d'),
    (b'message digest', 'd9130a8164549fe818874806e1c7014b'),
    (b'abcdefghijklmnopqrstuvwxyz', 'd79e1c308aa5bbcdeea8ed63df412da9'),
    (b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
     '043f8582f241db351ce627e153e7f0e4'),
    (b'1234567890' * 8, 'e33b4ddc9c38f2199c3e7b164fcc0536'),
]


def test_des(tap, r, o, path):
    for name, klen in (('DES', 8), ('3DES', 24)):
        reqs, want = [], []
        for n in list(range(0, 200, 8)) + [r.randrange(0, 4097) // 8 * 8 for _ in range(60)]:
            key = randbytes(r, klen)
            if klen == 24:   # keep clear of the degenerate keys here
                while key[:8] == key[8:16] or key[8:16] == key[16:]:
                    key = randbytes(r, klen)
            iv, data = randbytes(r, 8), randbytes(r, n)
            enc = r.randrange(2) == 0
            off, inpl = r.randrange(8), r.randrange(2)
            ecb = tdes(key, modes.ECB(), data, enc)
            reqs.append(('des_ecb', 'enc' if enc else 'dec', key, data, off, inpl))
            want.append([b'\0', ecb])
            cbc = tdes(key, modes.CBC(iv), data, enc)
            last = (cbc if enc else data)[-8:] if n else iv
            reqs.append(('des_cbc', 'enc' if enc else 'dec', key, iv, data, off, inpl))
            want.append([b'\0', cbc, last])
        got = o.many(reqs)
        bad = [(q[0], q[1], len(q[-3])) for q, g, w in zip(reqs, got, want) if g != w]
        tap.ok(not bad, '%s ECB/CBC encrypt+decrypt vs python3-cryptography, %d cases, '
               'lengths 0..4096, chained IV, in-place/unaligned [%s]' % (name, len(reqs), path),
               diag=bad[:5])

    # weak keys: -ENOKEY, and the key is still expanded (kernel behaviour)
    reqs, want = [], []
    for k in WEAK:
        for _ in range(4):
            key = flip_parity(r, bytes.fromhex(k))
            data = randbytes(r, 16)
            reqs.append(('des_ecb', 'enc', key, data, 0, 0))
            want.append([bytes([ENOKEY]), tdes(key, modes.ECB(), data, True)])
    for k in SEMIWEAK + [randbytes(r, 8).hex() for _ in range(30)]:
        key = bytes.fromhex(k)
        data = randbytes(r, 8)
        reqs.append(('des_ecb', 'enc', key, data, 0, 0))
        want.append([b'\0', tdes(key, modes.ECB(), data, True)])
    got = o.many(reqs)
    bad = [(q[2].hex(), g) for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'des_expand_key: 4 weak keys (any parity) -> -ENOKEY with the key expanded; '
           '12 semi-weak and 30 random keys accepted [%s]' % path, diag=bad[:5])

    reqs, want = [], []
    for _ in range(20):
        a, b, c = randbytes(r, 8), randbytes(r, 8), randbytes(r, 8)
        data = randbytes(r, 24)
        for key, rc in ((a + a + c, ENOKEY), (a + b + b, ENOKEY), (a + a + a, ENOKEY),
                        (a + b + a, 0), (flip_parity(r, a) + a + c, 0)):
            reqs.append(('des_ecb', 'enc', key, data, 0, 0))
            want.append([bytes([rc]), tdes(key, modes.ECB(), data, True)])
    weak3 = bytes.fromhex(WEAK[0]) + randbytes(r, 16)
    reqs.append(('des_ecb', 'enc', weak3, bytes(8), 0, 0))
    want.append([b'\0', tdes(weak3, modes.ECB(), bytes(8), True)])
    for klen in (0, 7, 9, 16, 23, 25, 32):
        reqs.append(('des_ecb', 'enc', randbytes(r, klen), bytes(8), 0, 0))
        want.append([bytes([EINVAL])])
    got = o.many(reqs)
    bad = [(q[2].hex(), g, w) for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'des3_ede_expand_key: K1==K2 / K2==K3 -> -ENOKEY (key expanded), K1==K3 and '
           'weak single-DES parts accepted, wrong lengths -> -EINVAL [%s]' % path, diag=bad[:5])

    reqs, want = [], []
    for n in list(range(0, 70)) + [r.randrange(70, 3000) for _ in range(60)]:
        key = randbytes(r, 24)
        msg = randbytes(r, n)
        mac = cmac_des3(key, msg)
        reqs.append(('des3_cmac', key, msg))
        want.append([b'\0', mac])
        reqs.append(('des3_cmac', key) + tuple(random_splits(r, msg)) + (b'',))
        want.append([b'\0', mac])
    a = randbytes(r, 8)
    reqs.append(('des3_cmac', a + a + randbytes(r, 8), b'abc'))
    want.append([bytes([ENOKEY]), cmac_des3(reqs[-1][1], b'abc')])
    reqs.append(('des3_cmac', randbytes(r, 16), b'abc'))
    want.append([bytes([EINVAL])])
    got = o.many(reqs)
    bad = [(len(b''.join(q[2:])), g, w) for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'cmac(des3_ede) vs python3-cryptography CMAC, %d cases, one-shot and '
           'incremental, weak/invalid keys [%s]' % (len(reqs), path), diag=bad[:5])


def test_md4(tap, r, o, path):
    bad = [m for m, d in RFC1320 if py_md4(m).hex() != d]
    tap.ok(not bad, 'python MD4 reference reproduces the RFC 1320 test suite', diag=bad)
    cross = [randbytes(r, n) for n in (0, 55, 56, 64, 1000)]
    ossl = [md4_openssl(m) for m in cross]
    if None in ossl:
        tap.skip('python MD4 reference agrees with openssl dgst -md4',
                 'openssl legacy provider (MD4) not available')
    else:
        tap.ok(all(py_md4(m) == d for m, d in zip(cross, ossl)),
               'python MD4 reference agrees with openssl dgst -md4 -provider legacy')
    reqs, want = [], []
    for m, d in RFC1320:
        reqs.append(('md4_oneshot', m))
        want.append([bytes.fromhex(d)])
    for n in list(range(0, 300)) + [r.randrange(300, 5000) for _ in range(60)]:
        msg = randbytes(r, n)
        d = py_md4(msg)
        reqs.append(('md4_oneshot', msg))
        want.append([d])
        reqs.append(('md4',) + tuple(random_splits(r, msg)))
        want.append([d])
    got = o.many(reqs)
    bad = [len(b''.join(q[1:])) for q, g, w in zip(reqs, got, want) if g != w]
    tap.ok(not bad, 'md4 one-shot and incremental: RFC 1320 suite + %d random messages, '
           'lengths 0..5000 [%s]' % (len(reqs) - 7, path), diag=bad[:5])


def test_crc32c(tap, r, o, path):
    ok = crc32c(M32, b'123456789') ^ M32 == 0xe3069283
    tap.ok(ok, 'python CRC-32C reference gives the check value e3069283 for "123456789"')
    reqs, want = [], []
    reqs.append(('crc32c_shash', 'none', b'123456789'))
    want.append([struct.pack('<I', 0xe3069283)])
    for n in list(range(0, 100)) + [r.randrange(100, 3000) for _ in range(40)]:
        data = randbytes(r, n)
        seed = r.getrandbits(32)
        reqs.append(('crc32c', struct.pack('<I', seed), data))
        want.append([struct.pack('<I', crc32c(seed, data))])
        key = r.choice([None, randbytes(r, 4), b'\0' * 4, b'\xff' * 4])
        init = M32 if key is None else struct.unpack('<I', key)[0]
        reqs.append(('crc32c_shash', 'none' if key is None else key) +
                    tuple(random_splits(r, data)))
        want.append([struct.pack('<I', crc32c(init, data) ^ M32)])
    for klen in (0, 1, 3, 5, 8):
        reqs.append(('crc32c_shash', randbytes(r, klen) if klen else '-', b'x'))
        want.append(EINVAL)
    bad = mismatches(reqs, o.many(reqs), want,
                     lambda q, g, w: (q[0], q[1], g) if isinstance(w, int) else
                     (q[0], len(b''.join(q[2:]))))
    tap.ok(not bad, 'crc32c raw and as the 4-byte shash (key = LE initial value, default ~0, '
           'digest ~crc LE, keylen != 4 -> -EINVAL), %d cases [%s]' % (len(reqs), path),
           diag=bad[:5])


def zlib_crc32_le(seed, data):
    """crc32_le() without inversions, from zlib's inverting CRC-32."""
    return zlib.crc32(data, seed ^ M32) ^ M32


def test_crc32(tap, r, o, path):
    """CRC-32 and the kernel's "crc32" shash (key 0 by default, no
    inversion) against zlib and the testmgr.h crc32 vectors."""
    try:
        vecs = testmgr.vectors('crc32_tv_template')
        bad = []
        for i, v in enumerate(vecs):
            key = testmgr.with_nul(v.get('key', b''), v.get('ksize', 0), 'key')
            msg = testmgr.with_nul(v.get('plaintext', b''), v.get('psize', 0), 'msg')
            got = o.call('crc32_shash', key if key else 'none', msg)[0]
            if got != v['digest'][:4]:
                bad.append(i)
        tap.ok(not bad, 'crc32 shash: %d testmgr vectors (crc32_tv_template) [%s]'
               % (len(vecs), path), diag=bad)
    except LookupError as e:
        tap.skip('crc32 testmgr vectors', str(e))
    reqs, want = [], []
    for n in list(range(0, 80)) + [r.randrange(80, 3000) for _ in range(40)]:
        data, seed = randbytes(r, n), r.getrandbits(32)
        reqs.append(('crc32_le', struct.pack('<I', seed), data))
        want.append([struct.pack('<I', zlib_crc32_le(seed, data))])
        key = r.choice([None, randbytes(r, 4), b'\xff' * 4])
        init = 0 if key is None else struct.unpack('<I', key)[0]
        reqs.append(('crc32_shash', 'none' if key is None else key) +
                    tuple(random_splits(r, data)))
        want.append([struct.pack('<I', zlib_crc32_le(init, data))])
    for klen in (1, 3, 5, 8):
        reqs.append(('crc32_shash', randbytes(r, klen), b'x'))
        want.append(EINVAL)
    bad = mismatches(reqs, o.many(reqs), want, lambda q, g, w: q[:2])
    tap.ok(not bad, 'crc32_le and the crc32 shash (split updates, keys) against zlib, '
           '%d cases; bad key lengths -> EINVAL [%s]' % (len(reqs), path), diag=bad[:5])


def main():
    run_tests(test_des, test_md4, test_crc32c, test_crc32)


if __name__ == '__main__':
    main()
