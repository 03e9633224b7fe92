# SPDX-License-Identifier: GPL-2.0
"""test_algs.py, AEADs: gcm, ccm and their RFC 4106/4309 forms for every
key size and three tag sizes (AAD echoed), bad authsizes, a bad tag
(EBADMSG, no plaintext, the next request still decrypts), assoclen and
ccm IV rules, a bad key losing the old one; and authenc(hmac(H),cbc(aes))
with its rtattr key blob.  Oracles: python3-cryptography, hmac, aesref.
"""
import errno
import hmac
import socket
import struct

import aesref
from afalgpy import DEC, ENC, R, chk, err_of, rb, setkey_errno, tfm, unserved

AEADS = {
    # name: (key lengths, authsizes allowed, bad authsizes, ivsize)
    'gcm(aes)': ((16, 24, 32), (4, 8, 12, 13, 14, 15, 16), (0, 1, 5, 11, 17),
                 12),
    'rfc4106(gcm(aes))': ((20, 28, 36), (8, 12, 16), (4, 13, 15, 17), 8),
    'ccm(aes)': ((16, 24, 32), (4, 6, 8, 10, 12, 14, 16), (2, 3, 5, 15, 17),
                 16),
    'rfc4309(ccm(aes))': ((19, 27, 35), (8, 12, 16), (4, 6, 10, 14), 8),
}


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


def _authsize(t, size):
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_AEAD_AUTHSIZE, None, size)


def _roundtrips(name, kl, tl, ivs, ipsec):
    """One key and tag size: encrypt/decrypt = oracle, AAD echoed."""
    key = rb(kl)
    t = tfm('aead', name)
    # authsize first, key second (and the reverse in _errors)
    _authsize(t, tl)
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    o, _ = t.accept()
    ok, diag = True, ''
    for n in (0, 1, 16, 100, 1000):
        for al in ((16, 20) if ipsec else (0, 13, 32)):
            iv = rb(ivs)
            if name.startswith('ccm'):
                iv = bytes([R.randrange(1, 8)]) + iv[1:]
            aad, pt = rb(al), rb(n)
            if ipsec:
                aad = aad[:-8] + iv
            o.sendmsg_afalg([aad + pt], op=ENC, iv=iv, assoclen=al)
            got = o.recv(al + n + tl)
            want = aead_ref(name, key, iv, aad, pt, tl, True)
            if got != aad + want:
                ok, diag = False, 'enc n=%d al=%d' % (n, al)
            if not al + n:
                continue    # nothing to read back (recv of 0)
            o.sendmsg_afalg([aad + want], op=DEC, iv=iv, assoclen=al)
            if o.recv(al + n) != aad + pt:
                ok, diag = False, 'dec n=%d al=%d' % (n, al)
    chk(ok, '%s key %d tag %d: encrypt/decrypt = oracle, AAD '
        'echoed' % (name, kl, tl), diag)
    o.close()
    t.close()


def _errors(name, keylens, good, bad, ivs, ipsec):
    """Bad authsizes, a bad tag, assoclen and ccm IV rules, a bad key."""
    key = rb(keylens[0])
    t = tfm('aead', name)
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    _authsize(t, good[0])
    bad_ok = all(err_of(lambda: _authsize(t, b)) == errno.EINVAL
                 for b in bad)
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
    e = setkey_errno(t, rb(keylens[0] + 1))
    o, _ = t.accept()
    e2 = err_of(lambda: o.sendmsg_afalg([b'x' * 32], op=ENC,
                                        iv=rb(ivs), assoclen=16))
    chk(e == errno.EINVAL and e2 == errno.ENOKEY,
        '%s: a bad key length is EINVAL and loses the key (ENOKEY)' %
        name, 'errno %d then %d' % (e, e2))
    o.close()
    t.close()


def check_aead(name):
    """Every check of one gcm/ccm AEAD of AEADS."""
    keylens, good, bad, ivs = AEADS[name]
    if unserved('aead', name):
        return
    ipsec = name.startswith('rfc')
    for kl in keylens:
        for tl in (good[0], good[-1], good[len(good) // 2]):
            _roundtrips(name, kl, tl, ivs, ipsec)
    _errors(name, keylens, good, bad, ivs, ipsec)


def _authenc_ok(name, h, ekl, akl, tl):
    """One key blob and tag size; -> (ok, diagnostic)."""
    ok, diag = True, ''
    ek, ak = rb(ekl), rb(akl)
    # struct rtattr {len 8, CRYPTO_AUTHENC_KEYA_PARAM}, be32 enckeylen
    blob = struct.pack('=HH', 8, 1) + struct.pack('>I', ekl) + ak + ek
    t = tfm('aead', name)
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, blob)
    _authsize(t, tl)
    o, _ = t.accept()
    for n, al in ((0, 8), (16, 0), (64, 20), (4096, 16)):
        iv, aad, pt = rb(16), rb(al), rb(n)
        ct = aesref.cbc_enc(ek, iv, pt)
        tag = hmac.new(ak, aad + ct, h).digest()[:tl]
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
    return ok, diag


def check_authenc():
    """authenc(hmac(H),cbc(aes)): rtattr key blob, HMAC(AAD || CT)."""
    for h, ds in (('sha1', 20), ('sha256', 32), ('sha384', 48),
                  ('sha512', 64)):
        name = 'authenc(hmac(%s),cbc(aes))' % h
        if unserved('aead', name):
            continue
        ok, diag = True, ''
        for ekl, akl, tl in ((16, 20, ds), (32, 64, 12), (24, 100, ds // 2)):
            one_ok, one_diag = _authenc_ok(name, h, ekl, akl, tl)
            if not one_ok:
                ok, diag = False, one_diag
        chk(ok, '%s: rtattr keys, truncated tags, AAD, tampering, partial '
            'block = HMAC-then-CBC oracle' % name, diag)
        t = tfm('aead', name)
        e1 = setkey_errno(t, rb(48))
        e2 = err_of(lambda: _authsize(t, ds + 1))
        chk(e1 == errno.EINVAL and e2 == errno.EINVAL,
            '%s: a raw (non-rtattr) key and authsize %d are EINVAL' %
            (name, ds + 1), 'errno %d %d' % (e1, e2))
        t.close()


def _esn_mac(h, ak, aad, ct, tl):
    """crypto/authencesn.c: HMAC(aad[0:4] || aad[8:] || ct || aad[4:8])."""
    return hmac.new(ak, aad[0:4] + aad[8:] + ct + aad[4:8], h).digest()[:tl]


def check_authencesn():
    """authencesn(hmac(H),cbc(aes)): IPsec ESN, the AAD's bytes 4..8 MACed
    behind the ciphertext; AAD below 8 bytes and authsize 1..3 EINVAL."""
    for h, ds in (('sha1', 20), ('sha256', 32), ('sha384', 48),
                  ('sha512', 64)):
        name = 'authencesn(hmac(%s),cbc(aes))' % h
        if unserved('aead', name):
            continue
        ok, diag = True, ''
        for ekl, akl, tl in ((16, 20, ds), (32, 64, 12), (24, 100, 4)):
            ek, ak = rb(ekl), rb(akl)
            blob = struct.pack('=HH', 8, 1) + struct.pack('>I', ekl) + ak + ek
            t = tfm('aead', name)
            t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, blob)
            _authsize(t, tl)
            o, _ = t.accept()
            for n, al in ((0, 8), (16, 12), (64, 20), (4096, 8)):
                iv, aad, pt = rb(16), rb(al), rb(n)
                ct = aesref.cbc_enc(ek, iv, pt)
                tag = _esn_mac(h, ak, aad, ct, tl)
                o.sendmsg_afalg([aad + pt], op=ENC, iv=iv, assoclen=al)
                if o.recv(al + n + tl) != aad + ct + tag:
                    ok, diag = False, 'enc tl %d n %d' % (tl, n)
                o.sendmsg_afalg([aad + ct + tag], op=DEC, iv=iv,
                                assoclen=al)
                if o.recv(al + n) != aad + pt:
                    ok, diag = False, 'dec tl %d n %d' % (tl, n)
                bad = bytearray(aad + ct + tag)
                bad[5] ^= 1            # one of the moved bytes
                o.sendmsg_afalg([bytes(bad)], op=DEC, iv=iv, assoclen=al)
                e = err_of(lambda: o.recv(al + n))
                if e != errno.EBADMSG:
                    ok, diag = False, 'tamper errno %d' % e
            o.sendmsg_afalg([rb(7 + 16)], op=ENC, iv=rb(16), assoclen=7)
            e = err_of(lambda: o.recv(7 + 16 + tl))
            if e != errno.EINVAL:
                ok, diag = False, 'assoclen 7 errno %d' % e
            o.close()
            t.close()
        chk(ok, '%s: ESN MAC order, tags 4/12/full, AAD echo, tampering '
            'in the moved bytes, AAD < 8 = HMAC-then-CBC oracle' % name,
            diag)
        t = tfm('aead', name)
        e = err_of(lambda: _authsize(t, 3))
        chk(e == errno.EINVAL, '%s: authsize 3 is EINVAL' % name,
            'errno %d' % e)
        t.close()
