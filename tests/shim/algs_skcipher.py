# SPDX-License-Identifier: GPL-2.0
"""test_algs.py, skciphers: per algorithm, one-shot encrypt/decrypt for
every key size, IV chaining across requests (cbc/ctr write the next IV
back; rfc3686 and chacha20 do not), a MSG_MORE stream read in chunk-sized
pieces, wrong key and IV lengths (EINVAL), a failed setkey re-arming
NEED_KEY (ENOKEY), a final partial block (EINVAL for ecb/cbc); and weak
DES keys.  Oracles: tests/lib's aesref and legacyref, python3-cryptography.
"""
import errno
import socket

import aesref
import legacyref
from afalgpy import DEC, ENC, chk, err_of, opened, rb, send, served, \
    setkey_errno, tfm, unserved

SKCIPHERS = ['ecb(aes)', 'cbc(aes)', 'ctr(aes)', 'rfc3686(ctr(aes))',
             'xts(aes)', 'chacha20', 'ecb(des)', 'cbc(des)', 'ecb(des3_ede)',
             'cbc(des3_ede)']


def xts_next_iv(key, iv, n, enc=True):
    """The socket IV after an xts(aes) request of n >= 16 bytes on 6.12's
    x86 drivers (aesni-intel_glue.c xts_crypt()): the encrypted tweak,
    advanced past the whole blocks; when decrypting with ciphertext
    stealing, past all but the last one."""
    if n < 16:
        return iv
    return aesref.xts_next_tweak(key, iv,
                                 n // 16 - (1 if n % 16 and not enc else 0))


def _cbc_next_iv(out, enc, data, iv, bs):
    """The socket IV after a CBC request: its last ciphertext block."""
    return (out if enc else data)[-bs:] if data else iv


def sk_oracle(name):
    """(enc, key, iv, data) -> (output, iv after the request)."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, \
        modes
    if name == 'ecb(aes)':
        return lambda e, k, iv, d: (
            (aesref.ecb_enc if e else aesref.ecb_dec)(k, d), iv)
    if name == 'cbc(aes)':
        def cbc(e, k, iv, d):
            out = (aesref.cbc_enc if e else aesref.cbc_dec)(k, iv, d)
            return out, _cbc_next_iv(out, e, d, iv, 16)
        return cbc
    if name == 'ctr(aes)':
        return lambda e, k, iv, d: (aesref.ctr(k, iv, d),
                                    aesref.ctr_add(iv, (len(d) + 15) // 16))
    if name == 'rfc3686(ctr(aes))':
        return lambda e, k, iv, d: (
            aesref.ctr(k[:-4], k[-4:] + iv + b'\0\0\0\1', d), iv)
    if name == 'xts(aes)':
        return lambda e, k, iv, d: (aesref.xts_model(k, iv, d, e),
                                    xts_next_iv(k, iv, len(d), e))
    if name in ('ecb(des)', 'cbc(des)', 'ecb(des3_ede)', 'cbc(des3_ede)'):
        def des(e, k, iv, d):
            k3 = k * 3 if len(k) == 8 else k
            if name.startswith('ecb'):
                return legacyref.tdes(k3, modes.ECB(), d, e), iv
            out = legacyref.tdes(k3, modes.CBC(iv), d, e)
            return out, _cbc_next_iv(out, e, d, iv, 8)
        return des
    if name == 'chacha20':
        return lambda e, k, iv, d: (
            Cipher(algorithms.ChaCha20(k, iv), None).encryptor().update(d),
            iv)
    return None


def _roundtrips(name, orc, kl, bs, ivs, chunk):
    """One key: encrypt/decrypt against the oracle, then IV chaining."""
    key = rb(kl)
    t, o = opened('skcipher', name, key)
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


def _stream(o, name, orc, key, ivs, chunk):
    """A MSG_MORE stream read back in chunk-sized pieces; returns its IV."""
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
    return iv


def _length_errors(o, name, bs, ivs, iv):
    """IV lengths, and data lengths the mode cannot take."""
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
        t2, o2 = opened('skcipher', name, key2)
        pt = rb(100)
        send(o2, pt, ENC, iv)
        got = o2.recv(100)
        o2.close()
        t2.close()
        chk(got == aesref.xts_model(key2, iv, pt, True),
            'xts(aes): equal key halves accepted (no FIPS), ciphertext '
            'stealing on 100 bytes')
    elif bs > 1:
        send(o, rb(bs + 1), ENC, iv)
        e = err_of(lambda: o.recv(bs + 1))
        chk(e == errno.EINVAL, '%s: a final partial block is EINVAL' %
            name, 'errno %d' % e)


def _key_errors(t, name, kmin, kmax, ivs):
    """Key lengths out of range; a refused key loses the old one."""
    for bad in sorted({kmin - 1, kmax + 1, kmin + 1}):
        e = setkey_errno(t, rb(bad))
        chk(e == errno.EINVAL, '%s: key of %d bytes is EINVAL' %
            (name, bad), 'errno %d' % e)
    # a setkey the algorithm refuses (not just the size check) re-arms
    # NEED_KEY: aes takes 16/24/32 only, so 20 passes the size range
    if name in ('ecb(aes)', 'cbc(aes)', 'ctr(aes)'):
        t2 = tfm('skcipher', name, rb(16))
        e = setkey_errno(t2, rb(20))
        o2, _ = t2.accept()
        e2 = err_of(lambda: send(o2, rb(16), ENC, rb(ivs)))
        chk(e == errno.EINVAL and e2 == errno.ENOKEY,
            '%s: a refused 20-byte key loses the old key (ENOKEY)' %
            name, 'errno %d then %d' % (e, e2))
        o2.close()
        t2.close()


def check_skcipher(name, sizes):
    """Every check of one skcipher; sizes as in test_algs.KERNEL_SIZES."""
    bs, kmin, kmax, ivs = sizes
    if unserved('skcipher', name):
        return
    orc = sk_oracle(name)
    keylens = sorted(set([kmin, kmax] + ([kmin + 8] if kmax - kmin >= 16
                                        else [])))
    if name == 'xts(aes)':
        keylens = [32, 48, 64]
    chunk = 16 if name != 'chacha20' else 64
    for kl in keylens:
        _roundtrips(name, orc, kl, bs, ivs, chunk)
    key = rb(kmax)
    t, o = opened('skcipher', name, key)
    iv = _stream(o, name, orc, key, ivs, chunk)
    _length_errors(o, name, bs, ivs, iv)
    o.close()
    _key_errors(t, name, kmin, kmax, ivs)
    t.close()


def check_weak_des_keys():
    """Weak DES keys and degenerate 3DES keys are accepted (no
    CRYPTO_TFM_REQ_FORBID_WEAK_KEYS through AF_ALG)."""
    if not served('skcipher', 'ecb(des)'):
        return
    for name, key in (('ecb(des)', bytes.fromhex('0101010101010101')),
                      ('ecb(des3_ede)', rb(8) * 2 + rb(8)),
                      ('ecb(des3_ede)', rb(8) * 3)):
        t = tfm('skcipher', name)
        e = setkey_errno(t, key)
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

