#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""PBKDF2-HMAC-SHA1/SHA-2 against hashlib.pbkdf2_hmac and RFC 6070.

RFC 6070's PBKDF2-HMAC-SHA1 vectors (typed in from the RFC); then random
passwords (including longer than a hash block), salts, iteration counts
and output lengths that are not a multiple of the digest size, each
compared with hashlib.pbkdf2_hmac; 0 iterations and 0 output bytes are
-EINVAL.
"""
import hashlib

from kctest import OracleError, randbytes, run_tests

EINVAL = 22
HASHES = ('sha1', 'sha224', 'sha256', 'sha384', 'sha512')
RFC6070 = [
    (b'password', b'salt', 1, 20, '0c60c80f961f0e71f3a9b524af6012062fe037a6'),
    (b'password', b'salt', 2, 20, 'ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957'),
    (b'password', b'salt', 4096, 20, '4b007901b765489abead49d926f721d065a429c1'),
    (b'passwordPASSWORDpassword', b'saltSALTsaltSALTsaltSALTsaltSALTsalt', 4096, 25,
     '3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038'),
    (b'pass\0word', b'sa\0lt', 4096, 16, '56fa6aa75548099dcc37d7f03425e0c3'),
]


def test_pbkdf2(tap, o, r, path):
    got = o.many([('pbkdf2', 'sha1', p, s, c, n) for p, s, c, n, _ in RFC6070])
    tap.ok([g[0].hex() for g in got] == [v[4] for v in RFC6070],
           'PBKDF2-HMAC-SHA1: the RFC 6070 vectors [%s]' % path, diag=got)
    for h in HASHES:
        reqs, want = [], []
        for _ in range(40):
            p = randbytes(r, r.choice((0, 1, 20, 64, 65, 129, r.randrange(300))))
            s = randbytes(r, r.randrange(0, 80))
            c = r.choice((1, 2, 3, r.randrange(1, 300)))
            n = r.choice((1, hashlib.new(h).digest_size, r.randrange(1, 200)))
            reqs.append(('pbkdf2', h, p, s, c, n))
            want.append([hashlib.pbkdf2_hmac(h, p, s, c, n)])
        got = o.many(reqs)
        bad = [q[2:] for q, g, w in zip(reqs, got, want) if g != w]
        tap.ok(not bad, 'PBKDF2-HMAC-%s == hashlib.pbkdf2_hmac, %d random cases [%s]'
               % (h.upper(), len(reqs), path), diag=bad[:3])
    for c, n in ((0, 32), (1, 0)):
        try:
            o.call('pbkdf2', 'sha256', b'pw', b'salt', c, n)
            tap.ok(False, 'PBKDF2 with %d iterations, %d bytes is refused' % (c, n))
        except OracleError as e:
            tap.ok(e.errno == EINVAL, 'PBKDF2 with %d iterations, %d bytes: EINVAL' % (c, n),
                   diag=e.errno)


def main():
    run_tests(test_pbkdf2)


if __name__ == '__main__':
    main()
