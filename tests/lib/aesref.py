# SPDX-License-Identifier: GPL-2.0
"""Independent AES references for every suite, built on python3-cryptography
(OpenSSL underneath): raw ECB/CBC/CTR/XTS and CMAC, plus the constructions
it lacks written here from their specifications on top of its raw AES-ECB:
XCBC-MAC (RFC 3566), raw CBC-MAC, and IEEE 1619 XTS for any key size
(OpenSSL has no AES-192-XTS and refuses equal key halves) with the running
tweak.  tests/unit/test_aes_xts.py checks the XTS model against
python3-cryptography before any suite trusts it; the GCM model is gcmref.
"""
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.cmac import CMAC

M128 = (1 << 128) - 1


def ecb_enc(key, data):
    return Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(data)


def ecb_dec(key, data):
    return Cipher(algorithms.AES(key), modes.ECB()).decryptor().update(data)


def cbc_enc(key, iv, data):
    return Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor().update(data)


def cbc_dec(key, iv, data):
    return Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor().update(data)


def ctr(key, ctr16, data):
    return Cipher(algorithms.AES(key), modes.CTR(ctr16)).encryptor().update(data)


def ctr_add(ctr16, nblocks):
    """The counter block after nblocks blocks (128-bit big-endian)."""
    return ((int.from_bytes(ctr16, 'big') + nblocks) & M128).to_bytes(16, 'big')


def cmac(key, msg):
    c = CMAC(algorithms.AES(key))
    c.update(msg)
    return c.finalize()


def _xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def xcbc(key, msg):
    """AES-XCBC-MAC-128, RFC 3566 section 4."""
    k1 = ecb_enc(key, b'\x01' * 16)
    k2 = ecb_enc(key, b'\x02' * 16)
    k3 = ecb_enc(key, b'\x03' * 16)
    e = bytes(16)
    blocks = [msg[i:i + 16] for i in range(0, len(msg), 16)] or [b'']
    for m in blocks[:-1]:
        e = ecb_enc(k1, _xor(e, m))
    last = blocks[-1]
    if len(last) == 16:
        last = _xor(last, k2)
    else:
        last = _xor(last + b'\x80' + bytes(15 - len(last)), k3)
    return ecb_enc(k1, _xor(e, last))


def cbcmac(key, msg):
    """Raw CBC-MAC, zero IV, last partial block zero-padded; empty -> 0."""
    if not msg:
        return bytes(16)
    pad = msg + bytes(-len(msg) % 16)
    return cbc_enc(key, bytes(16), pad)[-16:]


def xts_enc(key, tweak, data):
    return Cipher(algorithms.AES(key), modes.XTS(tweak)).encryptor().update(data)


def xts_dec(key, tweak, data):
    return Cipher(algorithms.AES(key), modes.XTS(tweak)).decryptor().update(data)


def xts_mul_x(t):
    """t * x in GF(2^128), IEEE 1619 order (t as a little-endian integer)."""
    return ((t << 1) ^ (0x87 if t >> 127 else 0)) & M128


def xts_next_tweak(key, tweak, nblocks):
    """The running tweak aes_xts_*() hands back after nblocks blocks:
    E_K2(tweak) multiplied by x^nblocks in GF(2^128) (IEEE 1619 order)."""
    t = int.from_bytes(ecb_enc(key[len(key) // 2:], tweak), 'little')
    for _ in range(nblocks):
        t = xts_mul_x(t)
    return t.to_bytes(16, 'little')


def xts_model(key, tweak, data, enc):
    """IEEE 1619-2018 section 5.3/5.4 on single-block AES, including
    ciphertext stealing: any key size, equal halves allowed."""
    k1, k2 = key[:len(key) // 2], key[len(key) // 2:]
    t = int.from_bytes(ecb_enc(k2, tweak), 'little')
    f = ecb_enc if enc else ecb_dec

    def blk(b, tw):
        tb = tw.to_bytes(16, 'little')
        return _xor(f(k1, _xor(b, tb)), tb)

    n, tail = divmod(len(data), 16)
    if tail:
        n -= 1
    out = bytearray()
    for i in range(n):
        out += blk(data[16 * i:16 * i + 16], t)
        t = xts_mul_x(t)
    if tail:
        last, rest = data[16 * n:16 * n + 16], data[16 * n + 16:]
        t1, t2 = (t, xts_mul_x(t)) if enc else (xts_mul_x(t), t)
        cc = blk(last, t1)
        out += blk(rest + cc[tail:], t2) + cc[:tail]
    return bytes(out)
