# SPDX-License-Identifier: GPL-2.0
"""A GCM model written from NIST SP 800-38D (GHASH by its Algorithm 1,
GCTR with inc32, J0 for any IV length) on python3-cryptography's raw AES,
for the cases python3-cryptography's AESGCM does not take (IVs shorter
than 8 or longer than 128 bytes, truncated tags) and to build IVs whose
counter block wraps the 32-bit counter.  The drivers check it against
AESGCM before trusting it.
"""
import struct

import aesref

R = 0xE1 << 120


def gf_mul(x, y):
    """Multiplication in GF(2^128), GCM bit order (SP 800-38D Alg. 1)."""
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ (R if v & 1 else 0)
    return z


def gf_inv(x):
    """x^(2^128 - 2) = x^-1."""
    r, e = 1 << 127, (1 << 128) - 2    # 1 << 127 is the field's 1
    while e:
        if e & 1:
            r = gf_mul(r, x)
        x = gf_mul(x, x)
        e >>= 1
    return r


def ghash(h, data):
    """GHASH of data zero-padded to whole blocks; h and result as bytes."""
    hi, y = int.from_bytes(h, 'big'), 0
    data = data + bytes(-len(data) % 16)
    for i in range(0, len(data), 16):
        y = gf_mul(y ^ int.from_bytes(data[i:i + 16], 'big'), hi)
    return y.to_bytes(16, 'big')


def j0_of(h, iv):
    if len(iv) == 12:
        return iv + b'\0\0\0\1'
    return ghash(h, iv + bytes(-len(iv) % 16) + bytes(8) + struct.pack('>Q', 8 * len(iv)))


def inc32(cb):
    return cb[:12] + struct.pack('>I', (struct.unpack('>I', cb[12:])[0] + 1) & 0xffffffff)


def gctr(key, cb, data):
    out = bytearray()
    for i in range(0, len(data), 16):
        ks = aesref.ecb_enc(key, cb)
        out += bytes(a ^ b for a, b in zip(data[i:i + 16], ks))
        cb = inc32(cb)
    return bytes(out)


def encrypt(key, iv, aad, pt, taglen=16):
    h = aesref.ecb_enc(key, bytes(16))
    j0 = j0_of(h, iv)
    ct = gctr(key, inc32(j0), pt)
    s = ghash(h, aad + bytes(-len(aad) % 16) + ct + bytes(-len(ct) % 16) +
              struct.pack('>QQ', 8 * len(aad), 8 * len(ct)))
    tag = gctr(key, j0, s)
    return ct, tag[:taglen]


def iv_for_j0(key, j0):
    """A 16-byte IV whose pre-counter block is j0: invert
    J0 = ((IV * H) ^ L) * H with L = 0^64 || [128]64."""
    h = int.from_bytes(aesref.ecb_enc(key, bytes(16)), 'big')
    hinv = gf_inv(h)
    lens = 128
    x = gf_mul(int.from_bytes(j0, 'big'), hinv) ^ lens
    return gf_mul(x, hinv).to_bytes(16, 'big')
