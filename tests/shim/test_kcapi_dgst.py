# SPDX-License-Identifier: GPL-2.0
"""kcapi-dgst (Debian kcapi-tools) under the shim against hashlib/hmac.

Covers: every hash the shim serves that kcapi-dgst can name, HMAC with the
key passed on a file descriptor (--keyfd), HMAC keyed through PBKDF2
(-p/-s, itself HMAC through AF_ALG), files and stdin pipes, sizes around
block boundaries and a large file (vmsplice/splice path in libkcapi).
"""
import hashlib
import hmac
import os
import tempfile

from shimtest import randbytes, rng, run, needing, run_tests

HASHES = {
    'sha224': 'sha224', 'sha256': 'sha256', 'sha1': 'sha1', 'md5': 'md5',
    'sha384': 'sha384', 'sha512': 'sha512', 'sha3-224': 'sha3_224',
    'sha3-256': 'sha3_256', 'sha3-384': 'sha3_384', 'sha3-512': 'sha3_512',
}


def served(name):
    """Does the shim serve this hash?  (ENOENT at bind otherwise)."""
    r = run(['kcapi-dgst', '-c', name, '--hex'], data=b'')
    return r.returncode == 0


def check_kcapi_dgst(tap):
    r = rng()
    tmp = tempfile.mkdtemp(prefix='shim-dgst-')
    sizes = [0, 1, 55, 56, 63, 64, 65, 127, 128, 129, 1000, 4096, 32767,
             32768, 65537, 1 << 20]
    for name, pyname in HASHES.items():
        if not served(name):
            tap.skip('kcapi-dgst %s' % name, 'not served by libkcrypto yet')
            continue
        for n in sizes:
            data = randbytes(r, n)
            path = os.path.join(tmp, 'in')
            with open(path, 'wb') as f:
                f.write(data)
            want = hashlib.new(pyname, data).hexdigest()
            res = run(['kcapi-dgst', '-c', name, '-i', path, '--hex'])
            got = res.stdout.decode().strip()
            tap.ok(res.returncode == 0 and got == want,
                   '%s file %d bytes' % (name, n),
                   'rc=%d got=%s want=%s %s' % (res.returncode, got, want,
                                                 res.stderr[-300:]))
            res = run(['kcapi-dgst', '-c', name], data=data)
            tap.ok(res.returncode == 0 and res.stdout.hex() == want,
                   '%s stdin binary %d bytes' % (name, n),
                   'rc=%d got=%s' % (res.returncode, res.stdout.hex()))
        # HMAC with the key on a descriptor
        hname = 'hmac(%s)' % name
        if not served(hname) and run(['kcapi-dgst', '-c', hname, '--keyfd',
                                      '0'], data=b'k').returncode != 0:
            tap.skip('kcapi-dgst %s' % hname, 'not served')
            continue
        # kcapi-dgst reads at most 32 key bytes (its keybuf[32])
        for klen in (1, 16, 31, 32, 40):
            key = randbytes(r, klen)
            data = randbytes(r, r.randrange(0, 5000))
            kr, kw = os.pipe()
            os.write(kw, key)
            os.close(kw)
            path = os.path.join(tmp, 'in')
            with open(path, 'wb') as f:
                f.write(data)
            res = run(['kcapi-dgst', '-c', hname, '--keyfd', str(kr), '-i',
                       path, '--hex'], pass_fds=(kr,))
            os.close(kr)
            want = hmac.new(key[:32], data, pyname).hexdigest()
            got = res.stdout.decode().strip()
            tap.ok(res.returncode == 0 and got == want,
                   '%s --keyfd key %d data %d' % (hname, klen, len(data)),
                   'rc=%d got=%s want=%s %s' % (res.returncode, got, want,
                                                 res.stderr[-300:]))
    # PBKDF2-derived HMAC key (kcapi_pbkdf through hmac(sha256) on AF_ALG)
    data = randbytes(r, 3000)
    path = os.path.join(tmp, 'in')
    with open(path, 'wb') as f:
        f.write(data)
    for it in (1, 1000):
        # the salt is given in hex; the derived key is 32 bytes
        res = run(['kcapi-dgst', '-c', 'hmac(sha256)', '-p', 'password',
                   '-s', '73616c7473616c74', '--pbkdfiter', str(it), '-i',
                   path, '--hex'])
        key = hashlib.pbkdf2_hmac('sha256', b'password', b'saltsalt', it, 32)
        want = hmac.new(key, data, 'sha256').hexdigest()
        got = res.stdout.decode().strip()
        tap.ok(res.returncode == 0 and got == want,
               'hmac(sha256) PBKDF2 key, %d iterations' % it,
               'rc=%d got=%s want=%s %s' % (res.returncode, got, want,
                                             res.stderr[-300:]))
    # A large file: 256 MiB through libkcapi's splice path
    big = os.path.join(tmp, 'big')
    h = hashlib.sha256()
    with open(big, 'wb') as f:
        chunk = randbytes(r, 1 << 20)
        for i in range(256):
            blk = bytes([i]) + chunk[1:]
            f.write(blk)
            h.update(blk)
    res = run(['kcapi-dgst', '-c', 'sha256', '-i', big, '--hex'])
    tap.ok(res.returncode == 0 and res.stdout.decode().strip() == h.hexdigest(),
           'sha256 256 MiB file', res.stderr[-300:])
    with open(big, 'rb') as f:
        res = run(['kcapi-dgst', '-c', 'sha256', '--hex'], stdin=f)
    tap.ok(res.returncode == 0 and res.stdout.decode().strip() == h.hexdigest(),
           'sha256 256 MiB on stdin', res.stderr[-300:])
    os.unlink(big)
    # Without the shim, on this host, the same command must fail: proof that
    # the results above came from the shim and not from a kernel AF_ALG.
    res = run(['kcapi-dgst', '-c', 'sha256', '--hex'], data=b'abc', shim=False)
    if res.returncode == 0:
        tap.skip('kcapi-dgst fails without the shim',
                 'this kernel has AF_ALG')
    else:
        tap.ok(True, 'kcapi-dgst fails without the shim (no AF_ALG here)')


if __name__ == '__main__':
    run_tests(needing(('kcapi-dgst',), 'kcapi-dgst',
                      'kcapi-tools not installed'),
              check_kcapi_dgst)
