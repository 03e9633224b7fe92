# SPDX-License-Identifier: GPL-2.0
"""Models of the length-preserving modes and their parts, written from the
specifications: XChaCha (draft-irtf-cfrg-xchacha, on chacharef's ChaCha
and HChaCha), Poly1305 core (RFC 8439), NH and Adiantum (Crowley and Biggers, ToSC 2018),
POLYVAL (RFC 8452), XCTR and HCTR2 (Crowley, Huckleberry, Biggers, 2021).
AES comes from python3-cryptography.  Nothing here calls libkcrypto.
"""
import struct

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from chacharef import py_chacha, py_hchacha

M32 = 0xffffffff
M64 = (1 << 64) - 1
M128 = (1 << 128) - 1


def aes_ecb(key, data, enc=True):
    c = Cipher(algorithms.AES(key), modes.ECB())
    op = c.encryptor() if enc else c.decryptor()
    return op.update(data) + op.finalize()


def _xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


# --- XChaCha (on chacharef's ChaCha and HChaCha) ---------------------------

def xchacha(key, iv32, data, nrounds):
    sub = py_hchacha(key, iv32[:16], nrounds)
    return py_chacha(sub, iv32[24:32] + iv32[16:24], data, nrounds)[0]


# --- Poly1305 core, NH, NH-Poly1305 ----------------------------------------

P1305 = (1 << 130) - 5


def poly1305_core(r16, data):
    """Poly1305 over whole 16-byte blocks, without s: h mod p, mod 2^128."""
    assert len(data) % 16 == 0
    r = int.from_bytes(r16, 'little') & 0x0ffffffc0ffffffc0ffffffc0fffffff
    h = 0
    for i in range(0, len(data), 16):
        h = (h + int.from_bytes(data[i:i + 16], 'little') + (1 << 128)) * r % P1305
    return (h & M128).to_bytes(16, 'little')


def nh(key_words, msg):
    sums = [0, 0, 0, 0]
    for u in range(len(msg) // 16):
        m = struct.unpack('<4I', msg[16 * u:16 * u + 16])
        k = key_words[4 * u:]
        for i in range(4):
            sums[i] += ((m[0] + k[4 * i]) & M32) * ((m[2] + k[4 * i + 2]) & M32)
            sums[i] += ((m[1] + k[4 * i + 1]) & M32) * ((m[3] + k[4 * i + 3]) & M32)
    return struct.pack('<4Q', *[s & M64 for s in sums])


def nhpoly1305(key, msg):
    """The kernel's nhpoly1305: key = Poly1305 r (16) || NH key (1072)."""
    kw = list(struct.unpack('<%dI' % ((len(key) - 16) // 4), key[16:]))
    if len(msg) % 16:
        msg = msg + bytes(16 - len(msg) % 16)
    hashes = b''.join(nh(kw, msg[i:i + 1024]) for i in range(0, len(msg), 1024))
    return poly1305_core(key[:16], hashes)


# --- Adiantum ----------------------------------------------------------------

def adiantum(key, tweak, data, enc, nrounds):
    derived = xchacha(key, bytes([1]) + bytes(31), bytes(32 + 16 + 16 + 1072), nrounds)
    k_e, k_t, k_h = derived[:32], derived[32:48], derived[48:]
    bulk, last = data[:-16], data[-16:]

    def h(m):
        hdr = (len(m) * 8).to_bytes(8, 'little') + bytes(8)
        a = int.from_bytes(poly1305_core(k_t, hdr + tweak), 'little')
        b = int.from_bytes(nhpoly1305(k_h, m), 'little')
        return a + b
    v = ((int.from_bytes(last, 'little') + h(bulk)) & M128).to_bytes(16, 'little')
    if enc:
        c_m = aes_ecb(k_e, v)
        mid = c_m
    else:
        c_m = v
        mid = aes_ecb(k_e, v, False)
    out_bulk = xchacha(key, c_m + bytes([1]) + bytes(15), bulk, nrounds)
    r = ((int.from_bytes(mid, 'little') - h(out_bulk)) & M128).to_bytes(16, 'little')
    return out_bulk + r


# --- POLYVAL, XCTR, HCTR2 ----------------------------------------------------

P_POLYVAL = (1 << 128) | (1 << 127) | (1 << 126) | (1 << 121) | 1


def _clmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def _polymod(v):
    for bit in range(v.bit_length() - 1, 127, -1):
        if v >> bit & 1:
            v ^= P_POLYVAL << (bit - 128)
    return v


def _gfmul(a, b):
    return _polymod(_clmul(a, b))


# x^-1 = x^127 + x^126 + x^125 + x^120, since x * that = 1 mod P
_XINV = (1 << 127) | (1 << 126) | (1 << 125) | (1 << 120)
_XINV128 = 1
for _ in range(128):
    _XINV128 = _gfmul(_XINV128, _XINV)


def polyval(h, data):
    """RFC 8452: S_j = dot(S_{j-1} + X_j, H), dot(a, b) = a b x^-128;
    a final partial block is zero-padded."""
    if len(data) % 16:
        data = data + bytes(16 - len(data) % 16)
    hh = int.from_bytes(h, 'little')
    s = 0
    for i in range(0, len(data), 16):
        s = _gfmul(_gfmul(s ^ int.from_bytes(data[i:i + 16], 'little'), hh), _XINV128)
    return s.to_bytes(16, 'little')


def xctr(key, iv, data):
    n = (len(data) + 15) // 16
    blocks = b''.join(_xor(iv, (i + 1).to_bytes(16, 'little')) for i in range(n))
    return _xor(data, aes_ecb(key, blocks) if blocks else b'')


def hctr2(key, tweak, data, enc):
    hbar = aes_ecb(key, bytes(16))
    l_ = aes_ecb(key, (1).to_bytes(16, 'little'))

    def h(x):
        rem = len(x) % 16
        blk = (len(tweak) * 8 * 2 + 2 + (1 if rem else 0)).to_bytes(16, 'little')
        pad = (b'\x01' + bytes(15 - rem)) if rem else b''
        return polyval(hbar, blk + tweak + x + pad)
    first, bulk = data[:16], data[16:]
    mm = _xor(first, h(bulk))
    uu = aes_ecb(key, mm, enc)
    s = _xor(_xor(mm, uu), l_)
    out = xctr(key, s, bulk)
    return _xor(uu, h(out)) + out
