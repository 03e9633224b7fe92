#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""authenc(hmac(sha1|sha256|sha384|sha512),cbc(aes)) against a Python composition,
and authencesn(...) (IPsec ESP with extended sequence numbers).

Expected values: AES-CBC from python3-cryptography, then hmac over
ad || ciphertext, truncated to authsize, appended (crypto/authenc.c).  Key
blobs are built here in the rtattr format of crypto_authenc_extractkeys();
malformed blobs (short, wrong type, wrong payload length, rta_len past the
end, enckeylen past the end) must give -EINVAL, bad AES key lengths too.
authencesn: the same, with the MAC over ad[0:4] || ad[8:] || ciphertext ||
ad[4:8] (crypto/authencesn.c moves the high sequence number bits behind
the ciphertext), ad of at least 8 bytes, authsize 0 or 4..digest size.
"""
import hashlib
import hmac
import struct
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from kctest import OracleError, answers, mismatches, randbytes, run_tests

EINVAL, EBADMSG, EFAULT = 22, 74, 14
HASHES = {'sha1': (hashlib.sha1, 20), 'sha256': (hashlib.sha256, 32),
          'sha384': (hashlib.sha384, 48), 'sha512': (hashlib.sha512, 64)}


def blob(authkey, enckey, rta_len=8, rta_type=1, enckeylen=None):
    if enckeylen is None:
        enckeylen = len(enckey)
    hdr = struct.pack('=HH', rta_len, rta_type) + struct.pack('>I', enckeylen)
    return hdr + authkey + enckey


def seal(h, authkey, enckey, iv, ad, msg, authsize):
    e = Cipher(algorithms.AES(enckey), modes.CBC(iv)).encryptor()
    ct = e.update(msg) + e.finalize()
    return ct + hmac.new(authkey, ad + ct, HASHES[h][0]).digest()[:authsize]


def seal_esn(h, authkey, enckey, iv, ad, msg, authsize):
    e = Cipher(algorithms.AES(enckey), modes.CBC(iv)).encryptor()
    ct = e.update(msg) + e.finalize()
    if not authsize:
        return ct
    mac_in = ad[0:4] + ad[8:] + ct + ad[4:8]
    return ct + hmac.new(authkey, mac_in, HASHES[h][0]).digest()[:authsize]


def test_esn(tap, o, r, path):
    """authencesn against seal_esn(), its forgeries and its errors."""
    for h, (_, dsize) in HASHES.items():
        reqs, want = [], []
        for n in [16 * i for i in range(0, 8)] + \
                [r.randrange(0, 4097) // 16 * 16 for _ in range(30)]:
            authkey = randbytes(r, r.choice((0, 16, 20, 64, 129)))
            enckey = randbytes(r, r.choice((16, 24, 32)))
            iv, msg = randbytes(r, 16), randbytes(r, n)
            ad = randbytes(r, r.choice((8, 12, 16, 20, 100)))
            authsize = r.choice((0, 4, 8, 12, 16, dsize))
            k = blob(authkey, enckey)
            ct = seal_esn(h, authkey, enckey, iv, ad, msg, authsize)
            reqs.append(('authencesn_enc', h, k, iv, ad, msg, authsize,
                         r.randrange(8), r.randrange(2)))
            want.append([ct])
            reqs.append(('authencesn_dec', h, k, iv, ad, ct, authsize,
                         r.randrange(8), r.randrange(2)))
            want.append([msg])
            if authsize >= 8:
                # the moved bytes are covered: a flip in ad[4:8] or in
                # ad[0:4] is a forgery, as one in the tag
                for i in (r.randrange(0, 4), r.randrange(4, 8)):
                    t_ad = bytearray(ad)
                    t_ad[i] ^= 1
                    reqs.append(('authencesn_dec', h, k, iv, bytes(t_ad), ct,
                                 authsize, 0, 0))
                    want.append(EBADMSG)
                t = bytearray(ct)
                t[-1] ^= 1
                reqs.append(('authencesn_dec', h, k, iv, ad, bytes(t),
                             authsize, 0, 0))
                want.append(EBADMSG)
        bad = mismatches(reqs, o.many(reqs), want, show)
        tap.ok(not bad, 'authencesn(hmac(%s),cbc(aes)) seal/open vs python '
               '(MAC over ad[0:4]||ad[8:]||ct||ad[4:8]), %d cases, '
               'forgeries in the moved bytes -> EBADMSG [%s]'
               % (h, len(reqs), path), diag=bad[:5])
        k = blob(b'k' * 20, b'e' * 16)
        iv = bytes(16)
        cases = [
            (('authencesn_enc', h, k, iv, b'1234567', b'x' * 16, 16, 0, 0),
             EINVAL, 'enc ad < 8'),
            (('authencesn_dec', h, k, iv, b'1234567', b'x' * 32, 16, 0, 0),
             EINVAL, 'dec ad < 8'),
            (('authencesn_enc', h, k, iv, b'12345678', b'x' * 16, 3, 0, 0),
             EINVAL, 'authsize 3'),
            (('authencesn_enc', h, k, iv, b'12345678', b'x' * 16, dsize + 1,
              0, 0), EINVAL, 'authsize > digest'),
            (('authencesn_enc', h, k, iv, b'12345678', b'x' * 17, 16, 0, 0),
             EINVAL, 'enc len % 16'),
            (('authencesn_dec', h, k, iv, b'12345678', b'z' * 47, 16, 0, 0),
             EBADMSG, 'dec bad tag and bad length: tag checked first'),
        ]
        got = o.many([c[0] for c in cases])
        bad = [(c[2], g) for c, g in zip(cases, got)
               if not (isinstance(g, OracleError) and g.errno == c[1])]
        tap.ok(not bad, 'authencesn(hmac(%s)) errors: ad < 8, authsize 1..3 '
               'or > digest, partial block, tag before length [%s]'
               % (h, path), diag=bad)


def show(q, g, w):
    """A failed request: its kind, message length, authsize (and errno)."""
    if isinstance(w, int):
        return q[0], len(q[5]), q[6], 'want errno %d got %s' % (w, g)
    return q[0], len(q[5]), q[6]


def test_seal_open(tap, o, r, path):
    for h, (_, dsize) in HASHES.items():
        reqs, want = [], []
        lengths = [16 * i for i in range(0, 20)] + \
            [r.randrange(0, 4097) // 16 * 16 for _ in range(80)]
        for n in lengths:
            authkey = randbytes(r, r.choice((0, 1, 16, 20, 32, 64, 65, 100, 128, 129, 200)))
            enckey = randbytes(r, r.choice((16, 24, 32)))
            iv, msg = randbytes(r, 16), randbytes(r, n)
            ad = randbytes(r, r.choice((0, 8, 12, 16, 20, 100)))
            authsize = r.choice((0, 1, 4, 8, 12, 16, dsize - 1, dsize))
            k = blob(authkey, enckey)
            ct = seal(h, authkey, enckey, iv, ad, msg, authsize)
            reqs.append(('authenc_enc', h, k, iv, ad, msg, authsize, r.randrange(8),
                         r.randrange(2)))
            want.append([ct])
            reqs.append(('authenc_dec', h, k, iv, ad, ct, authsize, r.randrange(8),
                         r.randrange(2)))
            want.append([msg])
            if authsize:
                t = bytearray(ct)
                # a changed ciphertext can match a tag of a few bytes by
                # chance (2^-8 per byte): below 8 bytes, change the tag
                lo = 0 if authsize >= 8 else len(t) - authsize
                t[r.randrange(lo, len(t))] ^= 1 << r.randrange(8)
                reqs.append(('authenc_dec', h, k, iv, ad, bytes(t), authsize, 0, r.randrange(2)))
                want.append(EBADMSG)
                if ad and authsize >= 8:
                    t_ad = bytearray(ad)
                    t_ad[0] ^= 1
                    reqs.append(('authenc_dec', h, k, iv, bytes(t_ad), ct, authsize, 0, 0))
                    want.append(EBADMSG)
        bad = mismatches(reqs, o.many(reqs), want, show)
        tap.ok(not bad, 'authenc(hmac(%s),cbc(aes)) seal/open vs python, %d cases, AES-128/192/'
               '256, authsize 0..%d, msg 0..4096, forgeries -> EBADMSG, in-place/unaligned [%s]'
               % (h, len(reqs), dsize, path), diag=bad[:5])

        # length and authsize errors, in the kernel's order
        k = blob(b'k' * 20, b'e' * 16)
        iv = bytes(16)
        good = seal(h, b'k' * 20, b'e' * 16, iv, b'', b'x' * 32, 16)
        cases = [
            (('authenc_enc', h, k, iv, b'', b'x' * 17, 16, 0, 0), EINVAL, 'enc len % 16'),
            (('authenc_enc', h, k, iv, b'', b'x' * 16, dsize + 1, 0, 0), EINVAL,
             'authsize > digest'),
            (('authenc_dec', h, k, iv, b'', b'x' * 15, 16, 0, 0), EINVAL, 'dec len < authsize'),
            (('authenc_dec', h, k, iv, b'', b'z' * 47, 16, 0, 0), EBADMSG,
             'dec bad tag and bad length: tag checked first'),
            (('authenc_dec', h, k, iv, b'', good + b'\0', 16, 0, 0), EBADMSG,
             'dec extra byte'),
        ]
        # a valid tag over a non-block-multiple ciphertext: -EINVAL after the MAC check
        odd = b'y' * 17
        tag = hmac.new(b'k' * 20, odd, HASHES[h][0]).digest()[:16]
        cases.append((('authenc_dec', h, k, iv, b'', odd + tag, 16, 0, 0), EINVAL,
                      'valid tag, ciphertext not whole blocks'))
        got = o.many([c[0] for c in cases])
        bad = [(c[2], g) for c, g in zip(cases, got)
               if not (isinstance(g, OracleError) and g.errno == c[1])]
        tap.ok(not bad, 'authenc(hmac(%s)) length/authsize errors in crypto/authenc.c order '
               '[%s]' % (h, path), diag=bad)


def test_key_blob(tap, o, r, path):
    # key blob parsing
    ak, ek = randbytes(r, 20), randbytes(r, 16)
    good = blob(ak, ek)
    cases = [
        (good, [ak, ek]),
        (blob(b'', ek), [b'', ek]),
        (blob(ak, b''), [ak, b'']),
        (b'', EINVAL),
        (good[:3], EINVAL),
        (blob(ak, ek, rta_type=0), EINVAL),
        (blob(ak, ek, rta_type=2), EINVAL),
        (blob(ak, ek, rta_len=4), EINVAL),
        (blob(ak, ek, rta_len=12), EINVAL),
        (blob(ak, ek, rta_len=3), EINVAL),
        (blob(b'', b'', rta_len=9), EINVAL),
        (blob(ak, ek, enckeylen=37), EINVAL),
        (blob(ak, ek, enckeylen=0xffffffff), EINVAL),
        (good[:7], EINVAL),
    ]
    got = o.many([('authenc_extractkeys', c[0]) for c in cases])
    bad = [(b.hex(), g) for (b, w), g in zip(cases, got) if not answers(g, w)]
    tap.ok(not bad, 'key blob: crypto_authenc_extractkeys() rules (RTA_OK, type, payload 4, '
           'enckeylen fits) [%s]' % path, diag=bad[:5])
    got = o.many([('authenc_enc', 'sha256', blob(ak, randbytes(r, n)), bytes(16), b'',
                   bytes(16), 16, 0, 0) for n in (0, 8, 15, 17, 31, 33, 64)])
    tap.ok(all(isinstance(g, OracleError) and g.errno == EINVAL for g in got),
           'AES key length not 16/24/32 -> -EINVAL at setkey [%s]' % path, diag=got)


def main():
    run_tests(test_seal_open, test_key_blob, test_esn)


if __name__ == '__main__':
    main()
