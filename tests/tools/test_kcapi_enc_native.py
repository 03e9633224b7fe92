# SPDX-License-Identifier: GPL-2.0
"""The native kcapi-enc (tools/) against Debian's kcapi-enc under the shim.

cbc(aes) and ctr(aes), 128/192/256-bit keys on --keyfd, sizes around the
block and the 64 KiB chunk, through files and pipes, encryption and
decryption: the two tools must write the same bytes and exit alike, and
the ciphertext must be `openssl enc`'s.  Keys from passwords (-p,
--passwdfd, -s, --pbkdfiter, --pbkdfmac) are checked with hashlib's PBKDF2,
the iteration count the native tool measures against what it reports with
-v, and bad input (key length, IV, files, cipher names, options) by exit
code against Debian's.  The run()/TOOLS helpers are test_kcapi_tools'.
"""
import hashlib
import os
import re
import shutil
import subprocess

from kctest import run_tests
from test_kcapi_tools import TOOLS, run

NATIVE = os.path.join(TOOLS, 'kcapi-enc')


def openssl(mode, key, iv, data, decrypt=False, pad=True):
    argv = ['openssl', 'enc', '-d' if decrypt else '-e',
            '-aes-%d-%s' % (len(key) * 8, mode), '-K', key.hex()]
    if mode != 'ecb':
        argv += ['-iv', iv.hex()]
    if not pad:
        argv.append('-nopad')
    return subprocess.run(argv, input=data, stdout=subprocess.PIPE,
                          check=True).stdout


def both(tmp, args, data=b'', fds=()):
    """Run Debian's kcapi-enc under the shim and the native one with the
    same arguments; return their (exit code, stdout, file OUT) each."""
    res = []
    for argv, shim in ((['kcapi-enc'], True), ([NATIVE], False)):
        out = os.path.join(tmp, 'OUT')
        if os.path.exists(out):
            os.unlink(out)
        r = run(argv + args, tmp, data=data, fds=fds, shim=shim)
        body = open(out, 'rb').read() if os.path.exists(out) else None
        res.append((r.returncode, r.stdout, body, r.stderr))
    return res


def same(res):
    """Same exit code and stdout, and the same output file on success
    (after a failure Debian's leaves a partly written file, of no use)."""
    if res[0][0] != 0:
        return res[0][:2] == res[1][:2]
    return res[0][:3] == res[1][:3]


def show(res):
    """Exit code, output lengths and heads, stderr of both runs."""
    def brief(b):
        return None if b is None else '%d bytes %s' % (len(b), b[:32].hex())
    return '\n'.join('%s: exit %d, stdout %s, file %s, stderr %r' %
                     (who, x[0], brief(x[1]), brief(x[2]), x[3][-200:])
                     for who, x in zip(('debian', 'native'), res))


def put(tmp, name, data):
    with open(os.path.join(tmp, name), 'wb') as f:
        f.write(data)


def check_modes(tap, tmp, r):
    for mode in ('cbc', 'ctr'):
        for klen in (16, 24, 32):
            key, iv = r.randbytes(klen), r.randbytes(16)
            put(tmp, 'key', key)
            fd = ((3, 'key'),)
            common = ['-c', '%s(aes)' % mode, '--iv', iv.hex(), '--keyfd', '3']
            for n in (1, 15, 16, 17, 1000, 65539):
                pt = bytearray(r.randbytes(n))
                if mode == 'cbc':
                    # kcapi-enc unpads a decrypted file whose tail reads as
                    # PKCS#7 padding, and Debian's does so per 64 KiB chunk
                    # too (then fails): keep those bytes unambiguous
                    for i in (n - 1, 65535):
                        if i < n:
                            pt[i] |= 0x80
                if n == 1 and pt[0] == 0:
                    # Debian's kcapi-enc crashes on a one-byte input file
                    # holding 0 (its padding check reads index len - 2),
                    # with the kernel's AF_ALG too: not a comparable case
                    pt[0] = 0x80
                pt = bytes(pt)
                pad = mode == 'cbc' and n % 16 != 0
                want = openssl(mode, key, iv, pt, pad=pad)
                what = '%s(aes) key %d, %d bytes' % (mode, klen, n)
                put(tmp, 'in', pt)
                res = both(tmp, ['-e', '-i', 'in', '-o', 'OUT'] + common,
                           fds=fd)
                tap.ok(same(res) and res[1][0] == 0 and res[1][2] == want,
                       what + ', file encrypts as openssl', show(res))
                put(tmp, 'ct', want)
                res = both(tmp, ['-d', '-i', 'ct', '-o', 'OUT'] + common,
                           fds=fd)
                tap.ok(same(res) and res[1][0] == 0 and res[1][2] == pt,
                       what + ', file decrypts and unpads', show(res))
                res = both(tmp, ['-e'] + common, data=pt, fds=fd)
                tap.ok(same(res) and res[1][0] == 0 and res[1][1] == want,
                       what + ', pipe encrypts as openssl', show(res))
                # no unpadding through a pipe: the padded plaintext
                padded = openssl(mode, key, iv, want, decrypt=True, pad=False)
                res = both(tmp, ['-d'] + common, data=want, fds=fd)
                tap.ok(same(res) and res[1][0] == 0 and res[1][1] == padded,
                       what + ', pipe decrypts', show(res))


def check_passwords(tap, tmp, r):
    pt = r.randbytes(5000)
    put(tmp, 'in', pt)
    for mode, it, how, mac in (('cbc', 1, 'argv', 'sha256'),
                               ('cbc', 1000, 'fd', 'sha256'),
                               ('ctr', 4096, 'argv', 'sha256'),
                               ('ctr', 3, 'fd', 'sha512'),
                               ('cbc', 7, 'argv', 'sha1')):
        salt, iv, pw = r.randbytes(16), r.randbytes(16), b'pass %d' % it
        put(tmp, 'pw', pw)
        key = hashlib.pbkdf2_hmac(mac, pw, salt, it, 32)
        args = ['-c', '%s(aes)' % mode, '--iv', iv.hex(), '-s', salt.hex(),
                '--pbkdfiter', str(it), '--pbkdfmac', 'hmac(%s)' % mac,
                '-i', 'in', '-o', 'OUT']
        fds = ()
        if how == 'argv':
            args += ['-p', pw.decode()]
        else:
            args += ['--passwdfd', '4']
            fds = ((4, 'pw'),)
        res = both(tmp, args, fds=fds)
        tap.ok(same(res) and res[1][2] == openssl(mode, key, iv, pt),
               '%s(aes) PBKDF2-HMAC-%s %d iterations, password by %s' %
               (mode, mac, it, how), show(res))
        put(tmp, 'ct', res[1][2] or b'')
        args[args.index('in')] = 'ct'
        res = both(tmp, ['-d'] + args, fds=fds)
        tap.ok(same(res) and res[1][2] == pt,
               '%s(aes) PBKDF2 %d iterations decrypts' % (mode, it), show(res))
    # no --pbkdfiter: a count measured to take 100 ms, reported on stderr
    salt, iv = r.randbytes(8), r.randbytes(16)
    out = os.path.join(tmp, 'OUT')
    res = run([NATIVE, '-v', '-c', 'cbc(aes)', '--iv', iv.hex(), '-s',
               salt.hex(), '-p', 'measured', '-i', 'in', '-o', 'OUT'], tmp)
    m = re.search(rb'with (\d+) iterations', res.stderr)
    w = re.search(rb'PBKDF2 iterations used: (\d+)', res.stderr)
    ok = res.returncode == 0 and m and w and m.group(1) == w.group(1)
    if ok:
        it = int(m.group(1))
        key = hashlib.pbkdf2_hmac('sha256', b'measured', salt, it, 32)
        ok = it >= 1024 and it & (it - 1) == 0 and \
            open(out, 'rb').read() == openssl('cbc', key, iv, pt)
    tap.ok(ok, 'cbc(aes) PBKDF2 with the iteration count measured and '
           'reported (%s)' % (m.group(1).decode() if m else '?'),
           res.stderr.decode()[-500:])
    # no salt: 32 random bytes, reported on stderr
    res = run([NATIVE, '-c', 'ctr(aes)', '--iv', iv.hex(), '-p', 'pw',
               '--pbkdfiter', '2', '-i', 'in', '-o', 'OUT'], tmp)
    s = re.search(rb'PBKDF2 salt used: ([0-9a-f]{64})\n', res.stderr)
    ok = res.returncode == 0 and s
    if ok:
        key = hashlib.pbkdf2_hmac('sha256', b'pw',
                                  bytes.fromhex(s.group(1).decode()), 2, 32)
        ok = open(out, 'rb').read() == openssl('ctr', key, iv, pt)
    tap.ok(ok, 'ctr(aes) PBKDF2 with the random salt reported',
           res.stderr.decode()[-300:])


def check_errors(tap, tmp, r):
    """Odd and bad input: Debian's and the native tool alike (exit code,
    stdout, output file)."""
    put(tmp, 'k16', bytes(range(16)))
    put(tmp, 'k15', bytes(15))
    put(tmp, 'k0', b'')
    put(tmp, 'k40', bytes(range(40)))
    put(tmp, 'in', r.randbytes(100))
    put(tmp, 'b48', r.randbytes(48))
    put(tmp, 'empty', b'')
    k = ['--keyfd', '3']
    cbc = ['-c', 'cbc(aes)'] + k
    cases = [
        (cbc + ['--iv', '00' * 16, '-i', 'in'], 'k16'),
        (['-c', 'cbc(aes)', '--keyfd', '3', '-i', 'in'], 'k15'),
        (cbc + ['-i', 'in'], 'k0'),
        (cbc + ['--iv', 'ab', '-i', 'in'], 'k40'),
        (cbc + ['--iv', '', '-i', 'in'], 'k16'),
        (cbc + ['--iv', 'zz', '-i', 'in'], 'k16'),
        (cbc + ['--iv', 'abc', '-i', 'in'], 'k16'),
        (cbc + ['--iv', 'f', '-i', 'in'], 'k16'),
        (cbc + ['--iv', '0123456789abcdef0123456789abcdefff', '-i', 'in'],
         'k16'),
        (cbc + ['-i', 'missing'], 'k16'),
        (cbc + ['-i', '.'], 'k16'),
        (cbc + ['-i', 'in', '-o', '.'], 'k16'),
        (cbc + ['-i', 'empty', '-o', 'OUT'], 'k16'),
        (cbc + ['-d', '-i', 'in', '-o', 'OUT'], 'k16'),
        (cbc + ['-d', '-i', 'b48', '-o', 'OUT', '--nounpad'], 'k16'),
        (cbc + ['-d', '-i', 'b48', '-o', 'OUT'], 'k16'),
        (cbc + ['-d', '-i', 'b48'], 'k16'),
        (cbc + ['-d', '-o', 'OUT'], 'k16'),
        (['-c', 'ecb(aes)', '-i', 'in'] + k, 'k16'),
        (['-c', 'ecb(aes)', '-d', '-i', 'b48', '-o', 'OUT'] + k, 'k16'),
        (['-c', 'ctr(aes)', '-i', 'in', '--iv', 'ff' * 16] + k, 'k16'),
        (['-c', 'nosuch(aes)', '-i', 'in'] + k, 'k16'),
        (['-c', 'cbc(nosuch)', '-i', 'in'] + k, 'k16'),
        (['-c', 'sha256', '-i', 'in'] + k, 'k16'),
        (['-i', 'in'] + k, 'k16'),
        (['-c', 'cbc(aes)', '-i', 'in'], None),
        (cbc + ['--iv', '00', '--ccm-nonce', '00', '-i', 'in'], 'k16'),
        (cbc + ['--aad', '00', '-i', 'in'], 'k16'),
        (cbc + ['--aad', '00', '-d', '-i', 'in'], 'k16'),
        (cbc + ['--bogus'], 'k16'), (['-h'], None), (['--version'], None),
        (cbc + ['--keyfd', '4294967295', '-i', 'in'], 'k16'),
        (['-c', 'cbc(aes)', '-p', '', '-i', 'in'], None),
    ]
    for args, keyfile in cases:
        fds = ((3, keyfile),) if keyfile else ()
        res = both(tmp, args, data=b'', fds=fds)
        if args == ['--version']:
            # the version strings differ on purpose (libkcrypto's)
            ok = res[0][0] == res[1][0] == 0
        else:
            ok = same(res)
        tap.ok(ok, 'kcapi-enc %s (key %s): exit %d' %
               (' '.join(args), keyfile, res[1][0]), show(res))
    # a file of whole blocks ending like padding: both warn on encryption
    for tail, warn in ((b'\x02\x02', True), (b'\x02\x03', False)):
        put(tmp, 'padded', b'a' * 30 + tail)
        res = both(tmp, cbc + ['-i', 'padded', '-o', 'OUT'],
                   fds=((3, 'k16'),))
        said = [b'treated as padding' in x[3] for x in res]
        tap.ok(same(res) and said == [warn, warn],
               'kcapi-enc %swarns of a tail %s' % ('' if warn else 'never ',
                                                   tail.hex()), show(res))
    res = both(tmp, cbc, data=b'', fds=((3, 'k16'),))
    tap.ok(same(res) and res[1][1] == b'', 'kcapi-enc empty stdin',
           show(res))


def run_against_debian(tests, tmp_prefix, tools=('kcapi-enc', 'openssl'),
                       missing=()):
    """run_tests(*@tests) when Debian's kcapi-enc and the other @tools are
    on PATH and nothing is @missing; else one skip that names them."""
    missing = [p for p in tools if not shutil.which(p)] + list(missing)
    if missing:
        # run_tests() needs a test; a skip says why there is nothing to run
        def skip(tap):
            tap.skip('kcapi-enc against Debian', '%s not installed' %
                     ', '.join(missing))
        run_tests(skip)
    run_tests(*tests, tmp_prefix=tmp_prefix)


def main():
    run_against_debian((check_modes, check_passwords, check_errors),
                       'kcenc-')

if __name__ == '__main__':
    main()
