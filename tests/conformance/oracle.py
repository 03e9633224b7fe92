# SPDX-License-Identifier: GPL-2.0
"""Independent checks of afalg-conformance transcript lines.

The program's known-input scenarios (alg.*) print outputs for inputs made
by gen(n, label); this module regenerates those inputs and recomputes the
outputs with hashlib, hmac, python3-cryptography and the reference models
of tests/lib (aesref, legacyref), so a run against any implementation
(kernel or shim) can be checked without the other.
"""
import hashlib
import hmac
import re
import struct
import warnings
import zlib

M64 = (1 << 64) - 1
GOLD = 0x9e3779b97f4a7c15


def fnv64(b):
    h = 0xcbf29ce484222325
    for c in b:
        h ^= c
        h = (h * 0x100000001b3) & M64
    return h


def gen(n, label):
    """The program's gen(): splitmix64(fnv1a64(label) + n*golden), LE."""
    s = (fnv64(label.encode()) + n * GOLD) & M64
    out = bytearray()
    while len(out) < n:
        s = (s + GOLD) & M64
        z = s
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
        z ^= z >> 31
        out += z.to_bytes(8, 'little')
    return bytes(out[:n])


def hx_matches(want, printed):
    """Compare bytes with the program's hx()/hxfull() rendering."""
    m = re.fullmatch(r'(\d+)B:fnv=([0-9a-f]{16}):([0-9a-f]{16})\.\.([0-9a-f]{16})',
                     printed)
    if m:
        return (int(m.group(1)) == len(want) and
                int(m.group(2), 16) == fnv64(want) and
                m.group(3) == want[:8].hex() and m.group(4) == want[-8:].hex())
    return printed == want.hex()


# ---------------------------------------------------------------- MACs

HASHES = {
    'md4': 'md4', 'md5': 'md5', 'sha1': 'sha1', 'sha224': 'sha224',
    'sha256': 'sha256', 'sha384': 'sha384', 'sha512': 'sha512',
    'sha3-224': 'sha3_224', 'sha3-256': 'sha3_256', 'sha3-384': 'sha3_384',
    'sha3-512': 'sha3_512',
}


def base_hash(name):
    """'sha256-generic' -> 'sha256'; 'hmac(sha256-generic)' -> ..."""
    return re.sub(r'-generic\b', '', name)


def hash_oracle(name):
    """-> (keyed, function(key, msg) -> digest) or None."""
    n = base_hash(name)
    m = re.fullmatch(r'hmac\((.+)\)', n)
    if m and m.group(1) in HASHES:
        py = HASHES[m.group(1)]
        try:
            hashlib.new(py)
        except ValueError:
            return None
        return True, lambda k, d: hmac.new(k, d, py).digest()
    if n in HASHES:
        py = HASHES[n]
        try:
            hashlib.new(py)
        except ValueError:
            return None
        return False, lambda k, d: hashlib.new(py, d).digest()
    # tests/lib's models import python3-cryptography: without it the
    # ImportError makes check_transcript() skip the scenario
    import aesref
    import legacyref
    if n in ('crc32c', 'crc32'):
        # the key sweep leaves the seed of its only valid length (4) set
        seed = struct.unpack('<I', gen(1024, 'key')[:4])[0]
        if n == 'crc32':
            # crc32_le(seed, d), no inversions, from zlib's inverting one
            return False, lambda k, d: struct.pack(
                '<I', zlib.crc32(d, seed ^ 0xffffffff) ^ 0xffffffff)
        return False, lambda k, d: legacyref.crc32c_shash(d, seed)
    import gcmref
    import lpref
    if n in ('ghash', 'polyval'):
        f = gcmref.ghash if n == 'ghash' else lpref.polyval
        return True, lambda k, d: f(k, d)
    return {'cmac(aes)': (True, aesref.cmac),
            'xcbc(aes)': (True, aesref.xcbc),
            'cmac(des3_ede)': (True, legacyref.cmac_des3)}.get(n)


# ---------------------------------------------------------- ciphers

SK = {
    # name: (key length, iv length)
    'ecb(aes)': (16, 0), 'cbc(aes)': (16, 16), 'ctr(aes)': (16, 16),
    'xts(aes)': (32, 16), 'rfc3686(ctr(aes))': (20, 8),
    'ecb(des)': (8, 0), 'cbc(des)': (8, 8),
    'ecb(des3_ede)': (24, 0), 'cbc(des3_ede)': (24, 8),
    'chacha20': (32, 16),
}
# tests/lib models: blockref (Serpent, Twofish, Camellia and their modes),
# lpref (Adiantum, HCTR2, XCTR, XChaCha)
for _c in ('serpent', 'twofish', 'camellia'):
    SK.update({'ecb(%s)' % _c: (32, 0), 'cbc(%s)' % _c: (32, 16),
               'ctr(%s)' % _c: (32, 16), 'xts(%s)' % _c: (64, 16)})
SK.update({'adiantum(xchacha12,aes)': (32, 32),
           'adiantum(xchacha20,aes)': (32, 32), 'hctr2(aes)': (32, 32),
           'xctr(aes)': (16, 16), 'xchacha12': (32, 32),
           'xchacha20': (32, 32)})


def model_enc(n, key, iv, data):
    """Encryption by tests/lib's models, or None when they have no n."""
    import blockref
    import lpref
    mode, _, cipher = n[:-1].partition('(')
    if cipher in ('serpent', 'twofish', 'camellia'):
        if mode == 'ecb':
            return blockref.ecb(cipher, key, data)
        if mode == 'xts':
            return blockref.xts(cipher, key, iv, data, True)
        f = {'cbc': lambda: blockref.cbc(cipher, key, iv, data, True),
             'ctr': lambda: blockref.ctr(cipher, key, iv, data)}[mode]
        return f()[0]
    if mode == 'adiantum':
        return lpref.adiantum(key, iv, data, True, 12 if '12' in n else 20)
    return {'hctr2(aes)': lambda: lpref.hctr2(key, iv, data, True),
            'xctr(aes)': lambda: lpref.xctr(key, iv, data),
            'xchacha12': lambda: lpref.xchacha(key, iv, data, 12),
            'xchacha20': lambda: lpref.xchacha(key, iv, data, 20)}[n]()


def skcipher_oracle(name):
    from cryptography.hazmat.primitives.ciphers import (Cipher, algorithms,
                                                        modes)
    import legacyref
    n = base_hash(name)
    if n not in SK:
        return None
    klen, ivlen = SK[n]

    def enc(data):
        key, iv = gen(klen, 'key'), gen(ivlen, 'iv')
        if not any(x in n for x in ('aes', 'des', 'chacha20')) or \
                n in ('hctr2(aes)', 'xctr(aes)', 'xchacha20') or \
                n.startswith('adiantum'):
            return model_enc(n, key, iv, data)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            if n == 'chacha20':
                c = Cipher(algorithms.ChaCha20(key, iv), None)
            elif n == 'rfc3686(ctr(aes))':
                c = Cipher(algorithms.AES(key[:16]),
                           modes.CTR(key[16:] + iv + b'\0\0\0\1'))
            else:
                alg = (algorithms.AES(key) if 'aes' in n else
                       legacyref.tdes_algorithm(key * 3 if len(key) == 8 else key))
                mode = {'ecb': lambda: modes.ECB(),
                        'cbc': lambda: modes.CBC(iv),
                        'ctr': lambda: modes.CTR(iv),
                        'xts': lambda: modes.XTS(iv)}[n[:3]]()
                c = Cipher(alg, mode)
            e = c.encryptor()
            return e.update(data) + e.finalize()
    return enc


def aead_oracle(name):
    """-> function(assoclen, ptlen) -> AAD||CT||TAG, or None."""
    from cryptography.hazmat.primitives.ciphers.aead import (
        AESCCM, AESGCM, ChaCha20Poly1305)
    n = base_hash(name)
    aad64 = gen(64, 'aad')

    def gcm(a, p):
        key, iv = gen(16, 'key'), gen(12, 'iv')
        aad = aad64[:a]
        return aad + AESGCM(key).encrypt(iv, gen(p, 'msg'), aad)

    def ccm(a, p):
        key, iv = gen(16, 'key'), bytearray(gen(16, 'iv'))
        aad = aad64[:a]
        return aad + AESCCM(key, 16).encrypt(bytes(iv[1:12]), gen(p, 'msg'),
                                             aad)

    def chachapoly(a, p):
        key, iv = gen(32, 'key'), gen(12, 'iv')
        aad = aad64[:a]
        return aad + ChaCha20Poly1305(key).encrypt(iv, gen(p, 'msg'), aad)

    def esp(cls, klen, saltlen):
        def f(a, p):
            if a < 8:
                return None
            k = gen(klen + saltlen, 'key')
            nonce = k[klen:] + gen(8, 'iv')
            aad = aad64[:a]
            c = cls(k[:klen], 16) if cls is AESCCM else cls(k[:klen])
            return aad + c.encrypt(nonce, gen(p, 'msg'), aad[:a - 8])
        return f

    def gmac(a, p):
        # rfc4543: nothing encrypted, the tag covers the AAD and payload
        if a < 8:
            return None
        k, pt = gen(20, 'key'), gen(p, 'msg')
        aad = aad64[:a]
        return aad + pt + AESGCM(k[:16]).encrypt(k[16:] + gen(8, 'iv'), b'',
                                                 aad + pt)

    return {
        'gcm(aes)': gcm, 'gcm_base(ctr(aes),ghash)': gcm,
        'rfc4543(gcm(aes))': gmac,
        'ccm(aes)': ccm, 'ccm_base(ctr(aes),cbcmac(aes))': ccm,
        'rfc7539(chacha20,poly1305)': chachapoly,
        'rfc4106(gcm(aes))': esp(AESGCM, 16, 4),
        'rfc4309(ccm(aes))': esp(AESCCM, 16, 3),
        'rfc7539esp(chacha20,poly1305)': esp(ChaCha20Poly1305, 32, 4),
    }.get(n)


LINE = re.compile(r'^(alg\.(hash|skcipher|aead)\.(\S+)) \d+ (.*)$')


def check_transcript(lines):
    """-> dict scenario -> [checked, mismatches(list of str), skipped reason]"""
    res = {}
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        sc, typ, name, text = m.groups()
        r = res.setdefault(sc, [0, [], None])
        try:
            if typ == 'hash':
                o = hash_oracle(name)
                if o is None:
                    r[2] = 'no independent implementation of %s' % name
                    continue
                keyed, f = o
                mm = re.fullmatch(r'digest len=(\d+) = (\d+) ([0-9a-f]+)',
                                  text)
                mk = re.fullmatch(r'mac keylen=(\d+) msglen=(\d+) = (\d+) ([0-9a-f]+)',
                                  text)
                if mm:
                    n = int(mm.group(1))
                    key = None
                    if keyed:
                        klen = {'cmac(aes)': 16, 'xcbc(aes)': 16,
                                'cmac(des3_ede)': 24, 'ghash': 16,
                                'polyval': 16}.get(base_hash(name), 32)
                        key = gen(klen, 'key')
                    want = f(key, gen(n, 'msg'))
                    got = mm.group(3)
                elif mk:
                    want = f(gen(int(mk.group(1)), 'key'),
                             gen(int(mk.group(2)), 'msg'))
                    got = mk.group(4)
                else:
                    continue
                r[0] += 1
                if got != want.hex():
                    r[1].append('%s: want %s' % (text, want.hex()))
            elif typ == 'skcipher':
                f = skcipher_oracle(name)
                if f is None:
                    r[2] = 'no independent implementation of %s' % name
                    continue
                mm = re.fullmatch(r'enc len=(\d+) = (\d+) (\S+)', text)
                if not mm:
                    continue
                n = int(mm.group(1))
                try:
                    want = f(gen(n, 'msg'))
                except ValueError:
                    continue
                r[0] += 1
                if not hx_matches(want, mm.group(3)):
                    r[1].append('%s: want %s' % (text[:80], want.hex()[:64]))
            else:
                f = aead_oracle(name)
                if f is None:
                    r[2] = 'no independent implementation of %s' % name
                    continue
                mm = re.fullmatch(r'aead assoc=(\d+) len=(\d+) = (\d+) (\S+)',
                                  text)
                if not mm:
                    continue
                want = f(int(mm.group(1)), int(mm.group(2)))
                if want is None:
                    continue
                r[0] += 1
                if not hx_matches(want, mm.group(4)):
                    r[1].append('%s: want %s' % (text[:80], want.hex()[:64]))
        except ImportError as e:
            r[2] = 'python3-cryptography missing (%s)' % e
    return res
