# SPDX-License-Identifier: GPL-2.0
"""Every algorithm family the shim serves, through Python's AF_ALG socket API
(socket.AF_ALG, sendmsg_afalg) under the shim, against hashlib, hmac and
python3-cryptography; and NETLINK_CRYPTO CRYPTO_MSG_GETALG replies against
the sizes Linux 6.12 registers (crypto/*.c cra_* values, table below).

Per skcipher: one-shot encrypt/decrypt for every key size, IV chaining
across requests (cbc/ctr write the next IV back; rfc3686 and chacha20 do
not), a MSG_MORE stream read in chunk-sized pieces, wrong key and IV
lengths (EINVAL), a failed setkey re-arming NEED_KEY (ENOKEY), and a final
partial block (EINVAL for ecb/cbc).  Per MAC: keys, lengths, MSG_MORE
updates, truncated reads.  An algorithm the shim does not serve yet is
reported as a skip.
"""
import os
import subprocess
import sys

from shimtest import Tap, forward_checks, shim_env

CHILD = os.environ.get('SHIM_CHILD') == '1'

# Linux 6.12 sizes (generic drivers), independent of the shim's own table:
#   hash:     (blocksize, digestsize)
#   skcipher: (blocksize, min_keysize, max_keysize, ivsize)
#   aead:     (blocksize, maxauthsize, ivsize)
#   rng:      (seedsize,)
KERNEL_SIZES = {
    'hash': {
        'md4': (64, 16), 'md5': (64, 16), 'sha1': (64, 20),
        'sha224': (64, 28), 'sha256': (64, 32), 'sha384': (128, 48),
        'sha512': (128, 64), 'sha3-224': (144, 28), 'sha3-256': (136, 32),
        'sha3-384': (104, 48), 'sha3-512': (72, 64),
        'hmac(md5)': (64, 16), 'hmac(sha1)': (64, 20),
        'hmac(sha224)': (64, 28), 'hmac(sha256)': (64, 32),
        'hmac(sha384)': (128, 48), 'hmac(sha512)': (128, 64),
        'hmac(sha3-256)': (136, 32), 'hmac(sha3-512)': (72, 64),
        'cmac(aes)': (16, 16), 'xcbc(aes)': (16, 16),
        'cmac(des3_ede)': (8, 8), 'crc32c': (1, 4),
    },
    'skcipher': {
        'ecb(aes)': (16, 16, 32, 0), 'cbc(aes)': (16, 16, 32, 16),
        'ctr(aes)': (1, 16, 32, 16), 'xts(aes)': (16, 32, 64, 16),
        'rfc3686(ctr(aes))': (1, 20, 36, 8),
        'ecb(des)': (8, 8, 8, 0), 'cbc(des)': (8, 8, 8, 8),
        'ecb(des3_ede)': (8, 24, 24, 0), 'cbc(des3_ede)': (8, 24, 24, 8),
        'chacha20': (1, 32, 32, 16), 'xchacha20': (1, 32, 32, 32),
    },
    'aead': {
        'gcm(aes)': (1, 16, 12), 'ccm(aes)': (1, 16, 16),
        'rfc4106(gcm(aes))': (1, 16, 8), 'rfc4309(ccm(aes))': (1, 16, 8),
        'rfc7539(chacha20,poly1305)': (1, 16, 12),
        'rfc7539esp(chacha20,poly1305)': (1, 16, 8),
        'authenc(hmac(sha256),cbc(aes))': (16, 32, 16),
        'authenc(hmac(sha1),cbc(aes))': (16, 20, 16),
    },
    'rng': {
        'stdrng': (0,), 'drbg_nopr_hmac_sha256': (0,),
        'drbg_nopr_ctr_aes256': (0,),
    },
}


# ---------------------------------------------------------------- oracles
def _cipher(alg, mode, enc, data):
    from cryptography.hazmat.primitives.ciphers import Cipher
    c = Cipher(alg, mode)
    o = c.encryptor() if enc else c.decryptor()
    return o.update(data) + o.finalize()


def _inc(iv, n):
    v = (int.from_bytes(iv, 'big') + n) % (1 << (8 * len(iv)))
    return v.to_bytes(len(iv), 'big')


def sk_oracle(name):
    """(enc, key, iv, data) -> (output, iv after the request)."""
    from cryptography.hazmat.primitives.ciphers import algorithms, modes
    if name == 'ecb(aes)':
        return lambda e, k, iv, d: (_cipher(algorithms.AES(k), modes.ECB(),
                                            e, d), iv)
    if name == 'cbc(aes)':
        def cbc(e, k, iv, d):
            out = _cipher(algorithms.AES(k), modes.CBC(iv), e, d)
            return out, ((out if e else d)[-16:] if d else iv)
        return cbc
    if name == 'ctr(aes)':
        return lambda e, k, iv, d: (
            _cipher(algorithms.AES(k), modes.CTR(iv), e, d),
            _inc(iv, (len(d) + 15) // 16))
    if name == 'rfc3686(ctr(aes))':
        return lambda e, k, iv, d: (
            _cipher(algorithms.AES(k[:-4]),
                    modes.CTR(k[-4:] + iv + b'\0\0\0\1'), e, d), iv)
    if name == 'xts(aes)':
        return lambda e, k, iv, d: (xts_ref(k, iv, d, e),
                                    xts_next_iv(k, iv, len(d), e))
    if name in ('ecb(des)', 'cbc(des)', 'ecb(des3_ede)', 'cbc(des3_ede)'):
        def des(e, k, iv, d):
            k3 = k * 3 if len(k) == 8 else k
            if name.startswith('ecb'):
                return _cipher(_tdes(k3), modes.ECB(), e, d), iv
            out = _cipher(_tdes(k3), modes.CBC(iv), e, d)
            return out, ((out if e else d)[-8:] if d else iv)
        return des
    if name == 'chacha20':
        return lambda e, k, iv, d: (
            _cipher(algorithms.ChaCha20(k, iv), None, True, d), iv)
    return None


def _tdes(key):
    try:
        from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES
    except ImportError:
        from cryptography.hazmat.primitives.ciphers.algorithms import \
            TripleDES
    return TripleDES(key)


def cmac_des3(key, msg):
    from cryptography.hazmat.primitives import cmac
    c = cmac.CMAC(_tdes(key))
    c.update(msg)
    return c.finalize()


def crc32c_ref(data, init=0xffffffff):
    """Bitwise CRC-32C (reflected 0x82f63b78): the kernel's "crc32c" shash
    starts from the key (~0 by default) and outputs ~crc little endian."""
    crc = init
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82f63b78 if crc & 1 else 0)
    return (crc ^ 0xffffffff).to_bytes(4, 'little')


def md4_openssl(data):
    env = {k: v for k, v in os.environ.items() if k != 'LD_PRELOAD'}
    out = subprocess.run(['openssl', 'dgst', '-md4', '-binary', '-provider',
                          'legacy', '-provider', 'default'], input=data,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env)
    return out.stdout if out.returncode == 0 else None


def _gf_double(t):
    return ((t << 1) ^ (0x87 if t >> 127 else 0)) & ((1 << 128) - 1)


def xts_ref(key, tweak, data, enc=True):
    """IEEE 1619 XTS-AES from single-block AES (any key size, equal halves
    allowed), with ciphertext stealing for a partial last block."""
    from cryptography.hazmat.primitives.ciphers import algorithms, modes
    k1, k2 = key[:len(key) // 2], key[len(key) // 2:]

    def blk(t, b):
        tb = t.to_bytes(16, 'little')
        return _xor(_cipher(algorithms.AES(k1), modes.ECB(), enc,
                            _xor(b, tb)), tb)
    t = int.from_bytes(_cipher(algorithms.AES(k2), modes.ECB(), True,
                               tweak), 'little')
    n = len(data)
    full = n // 16 - (1 if n % 16 else 0)
    out = b''
    for i in range(full):
        out += blk(t, data[16 * i:16 * i + 16])
        t = _gf_double(t)
    if n % 16:
        last = data[16 * full:16 * full + 16]
        tail = data[16 * full + 16:]
        t2 = _gf_double(t)
        if enc:
            cc = blk(t, last)
            out += blk(t2, tail + cc[len(tail):]) + cc[:len(tail)]
        else:
            pp = blk(t2, last)
            out += blk(t, tail + pp[len(tail):]) + pp[:len(tail)]
    return out


def xts_next_iv(key, iv, n, enc=True):
    """The socket IV after an xts(aes) request of n >= 16 bytes on 6.12's
    x86 drivers (aesni-intel_glue.c xts_crypt()): the encrypted tweak,
    advanced past the whole blocks; when decrypting with ciphertext
    stealing, past all but the last one."""
    from cryptography.hazmat.primitives.ciphers import algorithms, modes
    if n < 16:
        return iv
    k2 = key[len(key) // 2:]
    t = int.from_bytes(_cipher(algorithms.AES(k2), modes.ECB(), True, iv),
                       'little')
    for _ in range(n // 16 - (1 if n % 16 and not enc else 0)):
        t = _gf_double(t)
    return t.to_bytes(16, 'little')


def _xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def aead_ref(name, key, iv, aad, data, taglen, enc):
    """(output without the AAD echo) or None when the tag does not verify,
    the kernel's view: rfc4106/4309 nonce = salt || IV and the last 8 AAD
    bytes not authenticated; ccm IV = L-1 || nonce || counter."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, \
        modes
    from cryptography.hazmat.primitives.ciphers.aead import AESCCM
    if name.startswith('ccm') or name.startswith('rfc4309'):
        if name.startswith('ccm'):
            nonce, k = iv[1:15 - iv[0]], key
        else:
            nonce, k, aad = key[-3:] + iv, key[:-3], aad[:-8]
        c = AESCCM(k, tag_length=taglen)
        if enc:
            return c.encrypt(nonce, data, aad or None)
        try:
            return c.decrypt(nonce, data, aad or None)
        except InvalidTag:
            return None
    if name.startswith('rfc4106'):
        nonce, k, aad = key[-4:] + iv, key[:-4], aad[:-8]
    else:
        nonce, k = iv, key
    if enc:
        e = Cipher(algorithms.AES(k), modes.GCM(nonce)).encryptor()
        e.authenticate_additional_data(aad)
        ct = e.update(data) + e.finalize()
        return ct + e.tag[:taglen]
    ct, tag = data[:-taglen], data[-taglen:]
    e = Cipher(algorithms.AES(k), modes.GCM(nonce, tag, min_tag_length=4)
               ).decryptor()
    e.authenticate_additional_data(aad)
    try:
        return e.update(ct) + e.finalize()
    except InvalidTag:
        return None


AEADS = {
    # name: (key lengths, authsizes allowed, bad authsizes, ivsize)
    'gcm(aes)': ((16, 24, 32), (4, 8, 12, 13, 14, 15, 16), (0, 1, 5, 11, 17),
                 12),
    'rfc4106(gcm(aes))': ((20, 28, 36), (8, 12, 16), (4, 13, 15, 17), 8),
    'ccm(aes)': ((16, 24, 32), (4, 6, 8, 10, 12, 14, 16), (2, 3, 5, 15, 17),
                 16),
    'rfc4309(ccm(aes))': ((19, 27, 35), (8, 12, 16), (4, 6, 10, 14), 8),
}


def xcbc_aes(key, msg):
    """RFC 3566 AES-XCBC-MAC (tests/unit/aesref.py); K1..K3 are derived
    with the whole key, as crypto/xcbc.c does for 24/32-byte keys."""
    import aesref
    return aesref.xcbc(key, msg)


def cmac_aes(key, msg):
    import aesref
    return aesref.cmac(key, msg)


MACS = {
    'cmac(aes)': (cmac_aes, (16, 24, 32)),
    'xcbc(aes)': (xcbc_aes, (16, 24, 32)),
    'cmac(des3_ede)': (cmac_des3, (24,)),
}

SKCIPHERS = ['ecb(aes)', 'cbc(aes)', 'ctr(aes)', 'rfc3686(ctr(aes))',
             'xts(aes)', 'chacha20', 'ecb(des)', 'cbc(des)', 'ecb(des3_ede)',
             'cbc(des3_ede)']


# ---------------------------------------------------------------- child
def child():
    import errno
    import socket
    import struct

    r = __import__('random').Random(int.from_bytes(os.urandom(8), 'big'))

    def rb(n):
        return bytes(r.getrandbits(8) for _ in range(n))

    def out(tag, msg):
        print('%s %s' % (tag, msg), flush=True)

    def chk(c, msg, diag=''):
        out('PASS' if c else 'FAIL', msg + ('' if c else ' -- ' + diag))

    def tfm(typ, name, key=None):
        t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
        t.bind((typ, name))
        if key is not None:
            t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
        return t

    def served(typ, name):
        try:
            tfm(typ, name).close()
            return True
        except OSError as e:
            # ENOENT: no such algorithm; EINVAL: a template asked for on a
            # socket of another type (crypto_check_attr_type(), checked
            # against the 6.12 kernel by the conformance suite)
            if e.errno not in (errno.ENOENT, errno.EINVAL):
                raise
            return False

    def bind_errno(typ, name):
        try:
            tfm(typ, name).close()
            return 0
        except OSError as e:
            return e.errno

    def err_of(fn):
        try:
            fn()
            return 0
        except OSError as e:
            return e.errno

    ENC, DEC = socket.ALG_OP_ENCRYPT, socket.ALG_OP_DECRYPT

    def send(o, data, op=None, iv=None, flags=0):
        kw = {'flags': flags}
        if op is not None:
            kw['op'] = op
        if iv:
            kw['iv'] = iv
        return o.sendmsg_afalg([data] if data is not None else [], **kw)

    # ---- skciphers
    for name in SKCIPHERS:
        bs, kmin, kmax, ivs = KERNEL_SIZES['skcipher'][name]
        if not served('skcipher', name):
            out('SKIP', '%s: not served yet' % name)
            continue
        orc = sk_oracle(name)
        keylens = sorted(set([kmin, kmax] + ([kmin + 8] if kmax - kmin >= 16
                                            else [])))
        if name == 'xts(aes)':
            keylens = [32, 48, 64]
        chunk = 16 if name != 'chacha20' else 64
        for kl in keylens:
            key = rb(kl)
            t = tfm('skcipher', name, key)
            o, _ = t.accept()
            ok = True
            for n in (bs, 16 * bs, 1000 * bs if bs > 1 else 1000,
                      bs * 7 if bs > 1 else 17):
                iv = rb(ivs)
                pt = rb(n)
                want, _ = orc(True, key, iv, pt)
                send(o, pt, ENC, iv)
                ct = o.recv(n)
                send(o, ct, DEC, iv)
                back = o.recv(n)
                ok &= ct == want and back == pt
            chk(ok, '%s key %d: encrypt/decrypt = oracle' % (name, kl))
            # chaining: the second request carries no IV
            iv = rb(ivs)
            a, b = rb(4 * chunk), rb(3 * chunk)
            send(o, a, ENC, iv)
            ca = o.recv(len(a))
            send(o, b, ENC)
            cb = o.recv(len(b))
            wa, niv = orc(True, key, iv, a)
            wb, _ = orc(True, key, niv, b)
            chk(ca == wa and cb == wb,
                '%s key %d: a request without IV continues from the socket '
                'IV as in the kernel' % (name, kl))
            o.close()
            t.close()
        key = rb(kmax)
        t = tfm('skcipher', name, key)
        o, _ = t.accept()
        # MSG_MORE stream read back in chunk-sized pieces
        iv = rb(ivs)
        pt = rb(10 * chunk)
        send(o, None, ENC, iv, socket.MSG_MORE)
        o.sendall(pt[:3 * chunk + 5], socket.MSG_MORE)
        o.sendall(pt[3 * chunk + 5:], 0)
        got = b''
        steps = [2 * chunk, 5 * chunk, 3 * chunk]
        for s in steps:
            got += o.recv(s)
        want = b''
        v = iv
        for s in steps:
            w, v = orc(True, key, v, pt[len(want):len(want) + s])
            want += w
        chk(got == want, '%s: stream read in pieces' % name)
        # IV length and key length errors
        if ivs:
            e = err_of(lambda: send(o, b'x' * bs, ENC, rb(ivs + 1)))
            chk(e == errno.EINVAL, '%s: IV of %d bytes is EINVAL' %
                (name, ivs + 1), 'errno %d' % e)
        else:
            e = err_of(lambda: send(o, b'x' * bs, ENC, rb(16)))
            chk(e == errno.EINVAL, '%s: any IV is EINVAL' % name,
                'errno %d' % e)
        if name == 'xts(aes)':
            send(o, rb(15), ENC, iv)
            e = err_of(lambda: o.recv(15))
            chk(e == errno.EINVAL, 'xts(aes): fewer than 16 bytes is EINVAL',
                'errno %d' % e)
            key2 = rb(16) * 2
            t2 = tfm('skcipher', name, key2)
            o2, _ = t2.accept()
            pt = rb(100)
            send(o2, pt, ENC, iv)
            got = o2.recv(100)
            o2.close()
            t2.close()
            chk(got == xts_ref(key2, iv, pt),
                'xts(aes): equal key halves accepted (no FIPS), ciphertext '
                'stealing on 100 bytes')
        elif bs > 1:
            send(o, rb(bs + 1), ENC, iv)
            e = err_of(lambda: o.recv(bs + 1))
            chk(e == errno.EINVAL, '%s: a final partial block is EINVAL' %
                name, 'errno %d' % e)
        o.close()
        for bad in sorted({kmin - 1, kmax + 1, kmin + 1}):
            e = err_of(lambda: t.setsockopt(socket.SOL_ALG,
                                            socket.ALG_SET_KEY, rb(bad)))
            chk(e == errno.EINVAL, '%s: key of %d bytes is EINVAL' %
                (name, bad), 'errno %d' % e)
        # a setkey the algorithm refuses (not just the size check) re-arms
        # NEED_KEY: aes takes 16/24/32 only, so 20 passes the size range
        if name in ('ecb(aes)', 'cbc(aes)', 'ctr(aes)'):
            t2 = tfm('skcipher', name, rb(16))
            e = err_of(lambda: t2.setsockopt(socket.SOL_ALG,
                                             socket.ALG_SET_KEY, rb(20)))
            o2, _ = t2.accept()
            e2 = err_of(lambda: send(o2, rb(16), ENC, rb(ivs)))
            chk(e == errno.EINVAL and e2 == errno.ENOKEY,
                '%s: a refused 20-byte key loses the old key (ENOKEY)' %
                name, 'errno %d then %d' % (e, e2))
            o2.close()
            t2.close()
        t.close()

    # ---- AEADs
    for name, (keylens, good, bad, ivs) in AEADS.items():
        if not served('aead', name):
            out('SKIP', '%s: not served yet' % name)
            continue
        ipsec = name.startswith('rfc')
        for kl in keylens:
            for tl in (good[0], good[-1], good[len(good) // 2]):
                key = rb(kl)
                t = tfm('aead', name)
                # authsize first, key second (and the reverse below)
                t.setsockopt(socket.SOL_ALG, socket.ALG_SET_AEAD_AUTHSIZE,
                             None, tl)
                t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
                o, _ = t.accept()
                ok, diag = True, ''
                for n in (0, 1, 16, 100, 1000):
                    for al in ((16, 20) if ipsec else (0, 13, 32)):
                        iv = rb(ivs)
                        if name.startswith('ccm'):
                            iv = bytes([r.randrange(1, 8)]) + iv[1:]
                        aad, pt = rb(al), rb(n)
                        if ipsec:
                            aad = aad[:-8] + iv
                        send_aead = dict(op=ENC, iv=iv, assoclen=al)
                        o.sendmsg_afalg([aad + pt], **send_aead)
                        got = o.recv(al + n + tl)
                        want = aead_ref(name, key, iv, aad, pt, tl, True)
                        if got != aad + want:
                            ok, diag = False, 'enc n=%d al=%d' % (n, al)
                        if not al + n:
                            continue    # nothing to read back (recv of 0)
                        o.sendmsg_afalg([aad + want], op=DEC, iv=iv,
                                        assoclen=al)
                        if o.recv(al + n) != aad + pt:
                            ok, diag = False, 'dec n=%d al=%d' % (n, al)
                chk(ok, '%s key %d tag %d: encrypt/decrypt = oracle, AAD '
                    'echoed' % (name, kl, tl), diag)
                o.close()
                t.close()
        key = rb(keylens[0])
        t = tfm('aead', name)
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_AEAD_AUTHSIZE, None,
                     good[0])
        bad_ok = all(err_of(lambda: t.setsockopt(
            socket.SOL_ALG, socket.ALG_SET_AEAD_AUTHSIZE, None, b)) ==
            errno.EINVAL for b in bad)
        chk(bad_ok, '%s: authsizes %s are EINVAL' % (name, bad))
        o, _ = t.accept()
        iv = rb(ivs)
        if name.startswith('ccm'):
            iv = b'\x03' + iv[1:]
        al = 16
        aad = rb(al)
        if ipsec:
            aad = aad[:-8] + iv
        pt = rb(64)
        want = aead_ref(name, key, iv, aad, pt, good[0], True)
        bad_ct = bytearray(want)
        bad_ct[-1] ^= 1
        buf = bytearray(b'\xee' * (al + 64))
        o.sendmsg_afalg([aad + bytes(bad_ct)], op=DEC, iv=iv, assoclen=al)
        e = err_of(lambda: o.recv_into(buf))
        chk(e == errno.EBADMSG and bytes(buf[:al]) == aad and
            pt not in bytes(buf),
            '%s: a bad tag is EBADMSG, the AAD echoed, no plaintext (D11)'
            % name, 'errno %d' % e)
        # the consumed request is gone: the next one works
        o.sendmsg_afalg([aad + want], op=DEC, iv=iv, assoclen=al)
        chk(o.recv(al + 64) == aad + pt, '%s: the next request after '
            'EBADMSG decrypts' % name)
        if ipsec:
            o.sendmsg_afalg([rb(12) + pt], op=ENC, iv=iv, assoclen=12)
            e = err_of(lambda: o.recv(12 + 64 + good[0]))
            chk(e == errno.EINVAL, '%s: assoclen 12 is EINVAL (16 or 20 '
                'only)' % name, 'errno %d' % e)
        if name.startswith('ccm'):
            for l1, n in ((0, 16), (8, 16), (1, 65537)):
                civ = bytes([l1]) + rb(15)
                o.sendmsg_afalg([rb(n)], op=ENC, iv=civ, assoclen=0)
                e = err_of(lambda: o.recv(n + 16))
                want_e = errno.EOVERFLOW if n > 65536 else errno.EINVAL
                chk(e == want_e, 'ccm(aes): iv[0] = %d, %d bytes is %s' %
                    (l1, n, errno.errorcode[want_e]), 'errno %d' % e)
        o.close()
        e = err_of(lambda: t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY,
                                        rb(keylens[0] + 1)))
        o, _ = t.accept()
        e2 = err_of(lambda: o.sendmsg_afalg([b'x' * 32], op=ENC,
                                            iv=rb(ivs), assoclen=16))
        chk(e == errno.EINVAL and e2 == errno.ENOKEY,
            '%s: a bad key length is EINVAL and loses the key (ENOKEY)' %
            name, 'errno %d then %d' % (e, e2))
        o.close()
        t.close()

    # ---- authenc(hmac(H),cbc(aes)): rtattr key blob, HMAC(AAD || CT)
    import hashlib
    import hmac as hmac_mod
    for h, ds in (('sha1', 20), ('sha256', 32), ('sha384', 48),
                  ('sha512', 64)):
        name = 'authenc(hmac(%s),cbc(aes))' % h
        if not served('aead', name):
            out('SKIP', '%s: not served yet' % name)
            continue
        ok, diag = True, ''
        for ekl, akl, tl in ((16, 20, ds), (32, 64, 12), (24, 100, ds // 2)):
            ek, ak = rb(ekl), rb(akl)
            blob = struct.pack('=HHI', 8, 1, 0) + struct.pack('>I', ekl)
            blob = blob[:4] + struct.pack('>I', ekl) + ak + ek
            t = tfm('aead', name)
            t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, blob)
            t.setsockopt(socket.SOL_ALG, socket.ALG_SET_AEAD_AUTHSIZE, None,
                         tl)
            o, _ = t.accept()
            for n, al in ((0, 8), (16, 0), (64, 20), (4096, 16)):
                iv, aad, pt = rb(16), rb(al), rb(n)
                ct = _cipher(__import__('cryptography.hazmat.primitives.'
                                        'ciphers', fromlist=['x']).
                             algorithms.AES(ek),
                             __import__('cryptography.hazmat.primitives.'
                                        'ciphers', fromlist=['x']).
                             modes.CBC(iv), True, pt)
                tag = hmac_mod.new(ak, aad + ct, h).digest()[:tl]
                o.sendmsg_afalg([aad + pt], op=ENC, iv=iv, assoclen=al)
                got = o.recv(al + n + tl)
                if got != aad + ct + tag:
                    ok, diag = False, 'enc ek %d ak %d n %d' % (ekl, akl, n)
                o.sendmsg_afalg([aad + ct + tag], op=DEC, iv=iv, assoclen=al)
                if o.recv(al + n) != aad + pt:
                    ok, diag = False, 'dec ek %d ak %d n %d' % (ekl, akl, n)
            bad = bytearray(aad + ct + tag)
            bad[0 if al else -1] ^= 1
            o.sendmsg_afalg([bytes(bad)], op=DEC, iv=iv, assoclen=al)
            e = err_of(lambda: o.recv(al + n))
            if e != errno.EBADMSG:
                ok, diag = False, 'tamper errno %d' % e
            o.sendmsg_afalg([rb(17)], op=ENC, iv=iv, assoclen=0)
            e = err_of(lambda: o.recv(17 + tl))
            if e != errno.EINVAL:
                ok, diag = False, 'partial block errno %d' % e
            o.close()
            t.close()
        chk(ok, '%s: rtattr keys, truncated tags, AAD, tampering, partial '
            'block = HMAC-then-CBC oracle' % name, diag)
        t = tfm('aead', name)
        e1 = err_of(lambda: t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY,
                                         rb(48)))
        e2 = err_of(lambda: t.setsockopt(socket.SOL_ALG,
                                         socket.ALG_SET_AEAD_AUTHSIZE, None,
                                         ds + 1))
        chk(e1 == errno.EINVAL and e2 == errno.EINVAL,
            '%s: a raw (non-rtattr) key and authsize %d are EINVAL' %
            (name, ds + 1), 'errno %d %d' % (e1, e2))
        t.close()

    # ---- rng: DRBGs seeded by ALG_SET_KEY, 128 bytes per read
    for name in ('stdrng', 'drbg_nopr_hmac_sha256', 'drbg_nopr_ctr_aes256',
                 'drbg_pr_hmac_sha256', 'drbg_pr_ctr_aes256',
                 'drbg_nopr_hmac_sha512', 'drbg_nopr_hmac_sha384'):
        if not served('rng', name):
            out('SKIP', '%s: not served yet' % name)
            continue
        t = tfm('rng', name)
        o, _ = t.accept()
        e = err_of(lambda: o.recv(16))
        chk(e == errno.EINVAL, '%s: reading before seeding is EINVAL (not '
            'yet seeded)' % name, 'errno %d' % e)
        # rng children are never "nokey": seeding waits until none is left
        e = err_of(lambda: t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY,
                                        rb(8)))
        chk(e == errno.EBUSY, '%s: seeding with an op socket alive is EBUSY'
            % name, 'errno %d' % e)
        o.close()
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, b'' if 'pr_' in name
                     else rb(32))
        o, _ = t.accept()
        sizes = [len(o.recv(n)) for n in (1, 16, 127, 128, 129, 1000)]
        chk(sizes == [1, 16, 127, 128, 128, 128],
            '%s: reads return min(len, 128) bytes' % name, str(sizes))
        o2, _ = t.accept()
        data = b''.join(o.recv(128) if i % 2 else o2.recv(128)
                        for i in range(512))
        counts = [0] * 256
        for b in data:
            counts[b] += 1
        exp = len(data) / 256
        chi = sum((c - exp) ** 2 / exp for c in counts)
        blocks = {data[i:i + 16] for i in range(0, len(data), 16)}
        chk(150 < chi < 380 and len(blocks) == len(data) // 16,
            '%s: 64 KiB from two children of one DRBG: chi-square %.0f (df '
            '255), no repeated block' % (name, chi))
        e = err_of(lambda: o.sendall(b'x'))
        chk(e == errno.EOPNOTSUPP, '%s: send is EOPNOTSUPP (no CAVP)' % name,
            'errno %d' % e)
        o.close()
        o2.close()
        t.close()

    # ---- MACs
    for name, (fn, keylens) in MACS.items():
        if not served('hash', name):
            out('SKIP', '%s: not served yet' % name)
            continue
        for kl in keylens:
            key = rb(kl)
            t = tfm('hash', name, key)
            o, _ = t.accept()
            ok = True
            for n in (0, 1, 15, 16, 17, 31, 32, 33, 100, 4096, 5000):
                m = rb(n)
                if n and n % 3 == 0:
                    o.sendall(m[:n // 3], socket.MSG_MORE)
                    o.sendall(m[n // 3:], 0)
                else:
                    o.sendall(m, 0)
                got = o.recv(64)
                ok &= got == fn(key, m)
            chk(ok, '%s key %d: MACs of 0..5000 bytes = oracle' % (name, kl))
            o.close()
            t.close()
        t = tfm('hash', name)
        e = err_of(lambda: t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY,
                                        rb(20)))
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
    # weak DES keys and degenerate 3DES keys are accepted (no
    # CRYPTO_TFM_REQ_FORBID_WEAK_KEYS through AF_ALG)
    if served('skcipher', 'ecb(des)'):
        for name, key in (('ecb(des)', bytes.fromhex('0101010101010101')),
                          ('ecb(des3_ede)', rb(8) * 2 + rb(8)),
                          ('ecb(des3_ede)', rb(8) * 3)):
            t = tfm('skcipher', name)
            e = err_of(lambda: t.setsockopt(socket.SOL_ALG,
                                            socket.ALG_SET_KEY, key))
            o, _ = t.accept()
            pt = rb(64)
            send(o, pt, ENC)
            ct = o.recv(64)
            chk(e == 0 and ct == sk_oracle(name)(True, key, b'', pt)[0],
                '%s: weak key %s... accepted and used' % (name,
                                                          key[:8].hex()),
                'errno %d' % e)
            o.close()
            t.close()

    # crc32c: optional 4-byte key (initial value), ~crc little endian
    if served('hash', 'crc32c'):
        t = tfm('hash', 'crc32c')
        o, _ = t.accept()
        ok = True
        for n in (0, 1, 3, 4, 31, 32, 33, 1000, 70000):
            m = rb(n)
            o.sendall(m[:n // 2], socket.MSG_MORE)
            o.sendall(m[n // 2:])
            ok &= o.recv(8) == crc32c_ref(m)
        chk(ok, 'crc32c: unkeyed digests = bitwise reference')
        o.sendall(b'123456789')
        chk(o.recv(4).hex() == '839206e3',
            'crc32c: check value of "123456789" (0xe3069283)')
        o.close()
        key = rb(4)
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
        e = err_of(lambda: t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY,
                                        rb(3)))
        o, _ = t.accept()
        m = rb(100)
        o.sendall(m)
        chk(e == errno.EINVAL and
            o.recv(4) == crc32c_ref(m, int.from_bytes(key, 'little')),
            'crc32c: key = initial value; a 3-byte key is EINVAL and keeps '
            'the old one', 'errno %d' % e)
        o.close()
        t.close()

    if served('hash', 'md4'):
        t = tfm('hash', 'md4')
        o, _ = t.accept()
        ok = True
        for n in (0, 3, 55, 56, 64, 1000):
            m = rb(n)
            o.sendall(m)
            want = md4_openssl(m)
            ok &= want is not None and o.recv(16) == want
        chk(ok, 'md4: digests = openssl dgst -md4 (legacy provider)')
        o.close()
        t.close()

    if served('hash', 'xcbc(aes)'):
        k = bytes(range(16))
        t = tfm('hash', 'xcbc(aes)', k)
        o, _ = t.accept()
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

    # ---- names as crypto_alloc_*() resolves them
    names_ok = [('skcipher', 'cbc(aes-generic)'), ('skcipher', 'cbc-aes-aesni'),
                ('skcipher', 'xts(ecb(aes-generic))'),
                ('aead', 'gcm_base(ctr(aes-generic),ghash-generic)'),
                ('aead', 'rfc4106(gcm_base(ctr(aes-aesni),ghash-clmulni))'),
                ('aead', 'ccm_base(ctr(aes-generic),cbcmac(aes-generic))'),
                ('aead', 'authenc(hmac(sha256-generic),cbc(aes-generic))'),
                ('hash', 'hmac(sha256-ni)'), ('hash', 'sha256-generic'),
                ('rng', 'drbg_nopr_hmac_sha256')]
    names_bad = [('hash', 'hmac(md4)'), ('skcipher', 'cbc(serpent)'),
                 ('hash', 'sha256)'), ('hash', 'hmac(sha256'),
                 ('skcipher', 'cbc(aes)x'), ('hash', ''), ('aead', 'gcm(des)'),
                 ('skcipher', 'sha256'), ('hash', 'cbc(aes)')]
    got_ok = [n for t, n in names_ok if not served(t, n)]
    got_bad = [n for t, n in names_bad if served(t, n)]
    chk(not got_ok, 'driver and template names bind (%d)' % len(names_ok),
        'ENOENT: %s' % got_ok)
    chk(not got_bad, 'unknown, malformed or wrong-type names fail bind '
        '(%d)' % len(names_bad), 'bound: %s' % got_bad)
    for typ, name, want in [('hash', 'cbc(aes)', errno.EINVAL),
                            ('skcipher', 'gcm(aes)', errno.EINVAL),
                            ('hash', 'hmac(hmac(sha256))', errno.EINVAL),
                            # crypto/xts.c names its instance xts(X) /
                            # xts(<driver of ecb(X)>): other spellings
                            # register it and then fail the lookup
                            ('skcipher', 'xts(ecb(aes))', errno.EEXIST),
                            ('skcipher', 'xts(aes-generic)', errno.EEXIST),
                            ('skcipher', 'xts(des3_ede)', errno.EINVAL),
                            ('skcipher', 'cbc(serpent)', errno.ENOENT),
                            ('hash', 'sha256)', errno.ENOENT)]:
        got = bind_errno(typ, name)
        chk(got == want, 'bind %s/%s is %s as in 6.12'
            % (typ, name, errno.errorcode[want]),
            'got %s' % errno.errorcode.get(got, got))

    # ---- NETLINK_CRYPTO: the sizes 6.12 reports
    nl = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 21)
    nl.bind((0, 0))
    seq = 1
    for typ, table in KERNEL_SIZES.items():
        for name, sizes in table.items():
            if not served(typ, name):
                continue
            # nlmsghdr + struct crypto_user_alg (208 bytes), NLM_F_REQUEST;
            # by cra_name, then by driver name as libkcapi retries
            for field in (0, 1):
                req = struct.pack('=IHHII', 16 + 208, 0x13, 1, seq, 0)
                nm = name.encode().ljust(64, b'\0')
                body = (nm + bytes(64) if field == 0 else bytes(64) + nm) + \
                    bytes(64) + struct.pack('=IIII', 0, 0, 0, 0)
                nl.send(req + body)
                rep = nl.recv(8192, socket.MSG_DONTWAIT)
                seq += 1
                ln, mtype = struct.unpack_from('=IH', rep)
                if mtype == 0x13:
                    break
            if mtype != 0x13:
                chk(False, 'netlink %s' % name, 'type %d' % mtype)
                continue
            off = 16 + 208
            attrs = {}
            while off + 4 <= ln:
                alen, atype = struct.unpack_from('=HH', rep, off)
                attrs[atype] = rep[off + 4:off + alen]
                off += (alen + 3) & ~3
            if typ == 'hash':
                a = attrs.get(3, b'')
                got = struct.unpack_from('=II', a, 64) if len(a) >= 72 \
                    else None
            elif typ == 'skcipher':
                a = attrs.get(4, b'')
                got = struct.unpack_from('=IIII', a, 128) if len(a) >= 144 \
                    else None
            elif typ == 'aead':
                a = attrs.get(5, b'')
                got = struct.unpack_from('=III', a, 128) if len(a) >= 140 \
                    else None
            else:
                a = attrs.get(7, b'')
                got = struct.unpack_from('=I', a, 64) if len(a) >= 68 \
                    else None
            chk(got == sizes, 'netlink %s %s: sizes %s as in 6.12' %
                (typ, name, sizes), 'got %s' % (got,))
    nl.close()


def main():
    tap = Tap()
    env = shim_env({'SHIM_CHILD': '1'})
    p = subprocess.run([sys.executable, __file__], env=env,
                       capture_output=True, text=True, timeout=600)
    forward_checks(tap, p)
    tap.done()


if CHILD:
    child()
else:
    main()
