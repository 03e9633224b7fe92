# SPDX-License-Identifier: GPL-2.0
"""A pure-Python ChaCha and HChaCha written from RFC 8439 (any even number
of rounds, the kernel's 32-bit block counter that wraps without carry);
test_chacha checks it against python3-cryptography's ChaCha20."""
import struct

M32 = 0xffffffff


def _rotl(v, n):
    return ((v << n) & M32) | (v >> (32 - n))


def _permute(x, nrounds):
    x = list(x)

    def qr(a, b, c, d):
        x[a] = (x[a] + x[b]) & M32; x[d] = _rotl(x[d] ^ x[a], 16)
        x[c] = (x[c] + x[d]) & M32; x[b] = _rotl(x[b] ^ x[c], 12)
        x[a] = (x[a] + x[b]) & M32; x[d] = _rotl(x[d] ^ x[a], 8)
        x[c] = (x[c] + x[d]) & M32; x[b] = _rotl(x[b] ^ x[c], 7)
    for _ in range(nrounds // 2):
        qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15)
        qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14)
    return x


def _state(key, iv16):
    return [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] + \
        list(struct.unpack('<8I', key)) + list(struct.unpack('<4I', iv16))


def py_chacha(key, iv16, data, nrounds):
    """Reference ChaCha with the kernel's 32-bit counter (wraps, no carry)."""
    st = _state(key, iv16)
    out = bytearray()
    for i in range(0, len(data), 64):
        x = _permute(st, nrounds)
        ks = struct.pack('<16I', *[(a + b) & M32 for a, b in zip(x, st)])
        out += bytes(p ^ k for p, k in zip(data[i:i + 64], ks))
        st[12] = (st[12] + 1) & M32
    return bytes(out), st[12]


def py_hchacha(key, nonce16, nrounds=20):
    x = _permute(_state(key, nonce16), nrounds)
    return struct.pack('<8I', *(x[0:4] + x[12:16]))
