# SPDX-License-Identifier: GPL-2.0
"""Does a string parse as a kernel crypto API algorithm name?"""
import functools
import re

TYPES = ('hash', 'skcipher', 'aead', 'rng', 'akcipher', 'kpp')
# Leaf names an AF_ALG algorithm string is built from (crypto API cra_names).
LEAVES = {
    'md4', 'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3-224',
    'sha3-256', 'sha3-384', 'sha3-512', 'sm3', 'rmd160', 'wp512', 'crc32c',
    'crc32', 'crct10dif', 'xxhash64', 'blake2b-256', 'blake2b-512', 'aes',
    'des', 'des3_ede', 'camellia', 'serpent', 'twofish', 'sm4', 'cast5',
    'cast6', 'blowfish', 'arc4', 'chacha20', 'xchacha20', 'xchacha12', 'poly1305',
    'stdrng', 'jitterentropy_rng', 'cipher_null', 'ghash', 'polyval', 'nhpoly1305'}
TEMPLATES = {
    'hmac', 'cmac', 'xcbc', 'cbc', 'ecb', 'ctr', 'xts', 'gcm', 'ccm', 'cts',
    'lrw', 'pcbc', 'cfb', 'ofb', 'kw', 'essiv', 'adiantum', 'authenc',
    'authencesn', 'rfc3686', 'rfc4106', 'rfc4309', 'rfc4543', 'rfc7539',
    'rfc7539esp', 'seqiv', 'echainiv', 'gcm_base', 'ccm_base', 'cbcmac', 'hctr2', 'xctr'}
_TOKEN = re.compile(r'[a-z0-9_-]+|[(),]')
_DRBG = re.compile(r'drbg_(?:no)?pr_(?:hmac_)?(?:ctr_)?(?:sha\d+|aes\d+)')


@functools.lru_cache(maxsize=65536)
def is_alg_name(s):
    """True if s parses as leaf | template(name, ...)."""
    toks = _TOKEN.findall(s)
    if not toks or ''.join(toks) != s:
        return False
    pos = 0

    def name():
        nonlocal pos
        if pos >= len(toks):
            return False
        t = toks[pos]
        pos += 1
        if _DRBG.fullmatch(t):
            return True
        if pos < len(toks) and toks[pos] == '(':
            if t not in TEMPLATES:
                return False
            pos += 1
            if not name():
                return False
            while pos < len(toks) and toks[pos] == ',':
                pos += 1
                if not name():
                    return False
            if pos >= len(toks) or toks[pos] != ')':
                return False
            pos += 1
            return True
        return t in LEAVES

    return name() and pos == len(toks)


# The bytes of an algorithm name; every name holds a leaf or a DRBG name.
_NAMECH = frozenset(b'abcdefghijklmnopqrstuvwxyz0123456789_(),-')
_ANCHORS = sorted({x.encode() for x in LEAVES} | {b'drbg_'})


def names_in(data, start=0, end=None):
    """Algorithm names among the C strings of data[start:end] (the weakest
    evidence):
    the maximal runs of name bytes, 3 to 103 long, that start with a letter
    after a byte that is not printable (or the start) and end at a NUL.
    Found from the occurrences of the leaf names (a fast bytes search; a
    regular expression tried at every byte was the costliest step)."""
    found, starts = set(), set()
    n = len(data) if end is None else min(end, len(data))
    for leaf in _ANCHORS:
        i = data.find(leaf, start, n)
        while i >= 0:
            st, e = i, i + len(leaf)
            while st > start and data[st - 1] in _NAMECH and e - st <= 103:
                st -= 1
            while e < n and data[e] in _NAMECH and e - st <= 103:
                e += 1
            if st not in starts and 3 <= e - st <= 103 and e < n and data[e] == 0 and \
                    (st == start or not 0x21 <= data[st - 1] <= 0x7e) and 97 <= data[st] <= 122:
                starts.add(st)
                t = bytes(data[st:e]).decode()
                if is_alg_name(t):
                    found.add(t)
            i = data.find(leaf, e, n)
    return sorted(found)
