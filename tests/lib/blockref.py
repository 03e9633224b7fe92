# SPDX-License-Identifier: GPL-2.0
"""Independent 128-bit block ciphers and the kernel's modes over them.

Block functions: Serpent and Twofish from GNU Nettle (libnettle, through
ctypes), AES and Camellia from python3-cryptography.  The modes (ECB, CBC, CTR with
a 128-bit big-endian counter, XTS per IEEE 1619 with ciphertext stealing)
are written here from their specifications over any of those block
functions; none of this calls libkcrypto.
"""
import ctypes
import ctypes.util
import warnings

M128 = (1 << 128) - 1


class _Nettle:
    def __init__(self, name):
        path = ctypes.util.find_library('nettle') or 'libnettle.so.8'
        self.lib = ctypes.CDLL(path)
        self.setkey = getattr(self.lib, 'nettle_%s_set_key' % name)
        self.enc = getattr(self.lib, 'nettle_%s_encrypt' % name)
        self.dec = getattr(self.lib, 'nettle_%s_decrypt' % name)
        for f in (self.enc, self.dec):
            f.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p]
        self.setkey.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p]

    def crypt(self, key, data, enc):
        ctx = ctypes.create_string_buffer(8192)   # larger than any nettle ctx
        self.setkey(ctx, len(key), key)
        out = ctypes.create_string_buffer(len(data))
        (self.enc if enc else self.dec)(ctx, len(data), out, data)
        return out.raw


def _pyca(cipher, key, data, enc):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        from cryptography.hazmat.primitives.ciphers import (Cipher, algorithms,
                                                            modes)
        if cipher == 'aes':
            alg = algorithms.AES
        else:
            try:
                from cryptography.hazmat.decrepit.ciphers.algorithms import \
                    Camellia as alg
            except ImportError:
                alg = algorithms.Camellia
        c = Cipher(alg(key), modes.ECB())
    op = c.encryptor() if enc else c.decryptor()
    return op.update(data) + op.finalize()


_nettle = {}


def ecb(cipher, key, data, enc=True):
    """Raw ECB of @data (whole blocks) with the named cipher."""
    if cipher in ('aes', 'camellia'):
        return _pyca(cipher, key, data, enc)
    if cipher not in _nettle:
        _nettle[cipher] = _Nettle(cipher)
    return _nettle[cipher].crypt(key, data, enc)


def _xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def cbc(cipher, key, iv, data, enc):
    out, prev = [], iv
    for i in range(0, len(data), 16):
        blk = data[i:i + 16]
        if enc:
            prev = ecb(cipher, key, _xor(blk, prev))
            out.append(prev)
        else:
            out.append(_xor(ecb(cipher, key, blk, False), prev))
            prev = blk
    return b''.join(out), prev


def ctr(cipher, key, iv, data):
    n = (len(data) + 15) // 16
    c = int.from_bytes(iv, 'big')
    stream = b''.join(((c + i) & M128).to_bytes(16, 'big') for i in range(n))
    ks = ecb(cipher, key, stream)
    return _xor(data, ks), ((c + n) & M128).to_bytes(16, 'big')


def _times_x(t):
    t <<= 1
    return (t ^ 0x87) & M128 if t >> 128 else t


def xts(cipher, key, iv, data, enc):
    """IEEE 1619-2018 XTS over @cipher; @key is the data key then the tweak key."""
    k1, k2 = key[:len(key) // 2], key[len(key) // 2:]
    t = int.from_bytes(ecb(cipher, k2, iv), 'little')

    def one(blk, tw):
        tb = tw.to_bytes(16, 'little')
        return _xor(ecb(cipher, k1, _xor(blk, tb), enc), tb)

    full, tail = divmod(len(data), 16)
    if tail:
        full -= 1
    out = []
    for i in range(full):
        out.append(one(data[16 * i:16 * i + 16], t))
        t = _times_x(t)
    if tail:
        last, rest = data[16 * full:16 * full + 16], data[16 * full + 16:]
        first, second = (t, _times_x(t)) if enc else (_times_x(t), t)
        cc = one(last, first)
        out.append(one(rest + cc[tail:], second) + cc[:tail])
    return b''.join(out)
