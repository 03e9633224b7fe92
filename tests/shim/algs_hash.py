# SPDX-License-Identifier: GPL-2.0
"""test_algs.py, keyed and legacy hashes: cmac(aes), xcbc(aes) and
cmac(des3_ede) for every key size (MSG_MORE updates, key errors, a key set
after accept, a truncated read), crc32c (key = initial value), md4, and
the RFC 3566 XCBC test cases.  Oracles: tests/lib's aesref and legacyref,
openssl dgst.
"""
import errno
import socket

import aesref
import legacyref
from afalgpy import chk, err_of, opened, rb, served, setkey_errno, tfm, \
    unserved

MACS = {
    # crypto/xcbc.c derives K1..K3 with the whole key for 24/32-byte keys,
    # as aesref.xcbc() does
    'cmac(aes)': (aesref.cmac, (16, 24, 32)),
    'xcbc(aes)': (aesref.xcbc, (16, 24, 32)),
    'cmac(des3_ede)': (legacyref.cmac_des3, (24,)),
}


def _digests_ok(o, lengths, want_of, bufsize, cut=lambda n: None):
    """A random message of each length sent on op socket o (in two parts,
    the first with MSG_MORE, where cut(n) is not None); True when every
    digest read back equals want_of(message) (None: no oracle)."""
    ok = True
    for n in lengths:
        m = rb(n)
        c = cut(n)
        if c is None:
            o.sendall(m, 0)
        else:
            o.sendall(m[:c], socket.MSG_MORE)
            o.sendall(m[c:], 0)
        want = want_of(m)
        ok &= want is not None and o.recv(bufsize) == want
    return ok


def check_mac(name):
    """Every check of one MAC of MACS."""
    fn, keylens = MACS[name]
    if unserved('hash', name):
        return
    for kl in keylens:
        key = rb(kl)
        t, o = opened('hash', name, key)
        ok = _digests_ok(o, (0, 1, 15, 16, 17, 31, 32, 33, 100, 4096, 5000),
                         lambda m: fn(key, m), 64,
                         lambda n: n // 3 if n and n % 3 == 0 else None)
        chk(ok, '%s key %d: MACs of 0..5000 bytes = oracle' % (name, kl))
        o.close()
        t.close()
    t = tfm('hash', name)
    e = setkey_errno(t, rb(20))
    chk(e == errno.EINVAL, '%s: a 20-byte key is EINVAL' % name,
        'errno %d' % e)
    o, _ = t.accept()
    e = err_of(lambda: o.sendall(b'abc'))
    chk(e == errno.ENOKEY, '%s: no key: ENOKEY on send' % name,
        'errno %d' % e)
    key = rb(keylens[0])
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    o.sendall(b'abc')
    got = o.recv(6, socket.MSG_TRUNC)
    chk(got == fn(key, b'abc')[:6], '%s: keyed after accept, truncated '
        'read' % name)
    o.close()
    t.close()


def check_crc32c():
    """crc32c: optional 4-byte key (initial value), ~crc little endian."""
    if not served('hash', 'crc32c'):
        return
    t, o = opened('hash', 'crc32c')
    ok = _digests_ok(o, (0, 1, 3, 4, 31, 32, 33, 1000, 70000),
                     legacyref.crc32c_shash, 8, lambda n: n // 2)
    chk(ok, 'crc32c: unkeyed digests = bitwise reference')
    o.sendall(b'123456789')
    chk(o.recv(4).hex() == '839206e3',
        'crc32c: check value of "123456789" (0xe3069283)')
    o.close()
    key = rb(4)
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    e = setkey_errno(t, rb(3))
    o, _ = t.accept()
    m = rb(100)
    o.sendall(m)
    chk(e == errno.EINVAL and
        o.recv(4) == legacyref.crc32c_shash(m, int.from_bytes(key, 'little')),
        'crc32c: key = initial value; a 3-byte key is EINVAL and keeps '
        'the old one', 'errno %d' % e)
    o.close()
    t.close()


def check_md4():
    if not served('hash', 'md4'):
        return
    t, o = opened('hash', 'md4')
    ok = _digests_ok(o, (0, 3, 55, 56, 64, 1000), legacyref.md4_openssl, 16)
    chk(ok, 'md4: digests = openssl dgst -md4 (legacy provider)')
    o.close()
    t.close()


def check_xcbc_kat():
    if not served('hash', 'xcbc(aes)'):
        return
    k = bytes(range(16))
    t, o = opened('hash', 'xcbc(aes)', k)
    kat = {0: '75f0251d528ac01c4573dfd584d79f29',
           3: '5b376580ae2f19afe7219ceef172756f',
           16: 'd2a246fa349b68a79998a4394ff7a263',
           20: '47f51b4564966215b8985c63055ed308'}
    ok = True
    for n, want in kat.items():
        o.sendall(bytes(range(n)))
        ok &= o.recv(16).hex() == want
    chk(ok, 'xcbc(aes): RFC 3566 test cases 1, 2, 4, 5')
    o.close()
    t.close()
