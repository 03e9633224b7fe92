# SPDX-License-Identifier: GPL-2.0
"""The native kcapi-enc's AEADs, gcm(aes) and ccm(aes), against Debian's
kcapi-enc under the shim and python3-cryptography's AESGCM/AESCCM.

The GCM and CCM cases of libkcapi 1.4's kcapi-enc-test.sh, as that script
runs them; random keys, IVs (CCM: the kernel's 16-byte counter block in
--iv, or --ccm-nonce), AAD and every tag length the kernel takes, over
plaintexts of 0, 1, 15, 16, 17 bytes and large ones, through files and
pipes, both directions: the two tools write the same bytes and exit alike,
and the bytes are the AAD, then cryptography's ciphertext and tag (or the
plaintext).  A tag that does not match, and bad tag, key, IV and nonce
lengths, exit as Debian's does with its message, and the output holds no
plaintext.

Debian's kcapi-enc sends stdin in 60 KiB messages under one IV and its
stdout in 60 KiB reads of one message, which fails (libkcapi's "with
AEAD, only one loop is possible"); the native one makes all of the input
one message.  Beyond 61440 bytes through a pipe the native tool is held
to cryptography alone.
"""
import os

from test_kcapi_enc_native import (NATIVE, both, put, run_against_debian,
                                  same, show)
from test_kcapi_tools import run

try:
    from cryptography.hazmat.primitives.ciphers.aead import AESCCM, AESGCM
except ImportError:
    AESCCM = AESGCM = None

# Debian's kcapi-enc reads stdin and writes stdout in chunks of this size
DEBIAN_CHUNK = 61440
GCM_TAGS = (4, 8, 12, 13, 14, 15, 16)
CCM_TAGS = (4, 6, 8, 10, 12, 14, 16)


def oracle(alg, key, nonce, aad, pt, taglen):
    """ciphertext, tag by python3-cryptography."""
    if alg == 'gcm':
        full = AESGCM(key).encrypt(nonce, pt, aad)
        return full[:-16], full[-16:][:taglen]
    full = AESCCM(key, tag_length=taglen).encrypt(nonce, pt, aad)
    return full[:-taglen], full[-taglen:]


def iv_args(alg, r, i, n=0):
    """(kcapi-enc's IV arguments, the nonce they stand for) for @n bytes:
    a CCM nonce of 7..13 bytes that leaves a length field for them."""
    if alg == 'gcm':
        nonce = r.randbytes(12)
        return ['--iv', nonce.hex()], nonce
    nonce = r.randbytes(7 + i % (7 if n < 65536 else 6))
    if i % 2:
        return ['--ccm-nonce', nonce.hex()], nonce
    # the kernel's counter block: iv[0] = L - 1, the nonce, zeros
    block = bytes([14 - len(nonce)]) + nonce
    return ['--iv', (block + bytes(16 - len(block))).hex()], nonce


def aead_one(tap, tmp, what, args, pt, want, fds, path, compare=True):
    """Run one en/decryption of @pt along @path ('file', 'pipe', 'file>' =
    file in, stdout out, '>file' = stdin in, file out); the native output
    must be @want, and Debian's the same when @compare."""
    io = {'file': ['-i', 'in', '-o', 'OUT'], 'pipe': [],
          'file>': ['-i', 'in'], '>file': ['-o', 'OUT']}[path]
    put(tmp, 'in', pt)
    data = pt if path in ('pipe', '>file') else b''
    if compare:
        res = both(tmp, args + io, data=data, fds=fds)
    else:
        out = os.path.join(tmp, 'OUT')
        if os.path.exists(out):
            os.unlink(out)
        r = run([NATIVE] + args + io, tmp, data=data, fds=fds)
        body = open(out, 'rb').read() if os.path.exists(out) else None
        res = [(r.returncode, r.stdout, body, r.stderr)] * 2
    got = res[1][2] if 'OUT' in io else res[1][1]
    tap.ok(same(res) and res[1][0] == 0 and got == want,
           '%s via %s%s' % (what, path, '' if compare else
                            ' (native and cryptography only)'), show(res))


def check_script_cases(tap, tmp):
    """kcapi-enc-test.sh's test_gcm_enc and test_ccm_dec, its vectors and
    invocations (key on a descriptor, file in, file out, AAD skipped)."""
    put(tmp, 'gcm_key', bytes.fromhex('5aa3d01e7242d7a64f5fd4ad25505390'))
    put(tmp, 'gcm_msg', bytes.fromhex('507937f393b2de0fa218d0a9713262f4'))
    put(tmp, 'ccm_key', bytes.fromhex('2861fd0253705d7875c95ba8a53171b4'))
    put(tmp, 'ccm_msg', bytes.fromhex(
        '4edb58e8d5eb6bc711c43a6f3693daebde2e5524f1b55297abb29f003236e43d'))
    gcm_aad = '0f7479e28c53d120fcf57a525e0b36a0'
    ccm_aad = ('fb7bc304a3909e66e2e0c5ef952712dd'
               '884ce3e7324171369f2c5db1adc48c7d')
    gcm_exp = 'e80e074e70b089c160c6d3863e8d2b75ac767d2d44412252eed41a220f31'
    ccm_exp = ('8dd351509dcf1df9c33987fb31cd708d'
               'd60d65d3d4e1baa53581d891d994d723')
    gcm = ['--keyfd', '10', '-e', '-c', 'gcm(aes)', '-i', 'gcm_msg', '-o',
           'OUT', '--iv', '94af90b40cc541173d201250', '--aad', gcm_aad,
           '--taglen', '14']
    ccm = ['--keyfd', '10', '-d', '-c', 'ccm(aes)', '-i', 'ccm_msg', '-o',
           'OUT', '--ccm-nonce', '674742abd0f5ba', '--aad', ccm_aad, '--tag']
    for who, argv, shim in (('debian', 'kcapi-enc', True),
                            ('native', NATIVE, False)):
        for name, args, key, skip, exp in (
                ('FILEIN / FILEOUT GCM encrypt', gcm, 'gcm_key', 16,
                 gcm_exp),
                ('FILEIN / FILEOUT CCM decrypt', ccm + ['a7877c99'],
                 'ccm_key', 32, ccm_exp)):
            out = os.path.join(tmp, 'OUT')
            if os.path.exists(out):
                os.unlink(out)
            r = run([argv] + args, tmp, fds=((10, key),), shim=shim)
            got = open(out, 'rb').read()[skip:].hex() \
                if os.path.exists(out) else None
            tap.ok(got == exp, 'kcapi-enc-test.sh %s (%s)' % (name, who),
                   'exit %d, got %s, want %s, %r' % (r.returncode, got, exp,
                                                     r.stderr[-300:]))
        # 182 == -EBADMSG
        r = run([argv] + ccm + ['a7877c98', '-q'], tmp,
                fds=((10, 'ccm_key'),), shim=shim)
        tap.ok(r.returncode == 182, 'kcapi-enc-test.sh FILEIN / FILEOUT '
               'CCM decrypt integrity violation (%s)' % who,
               'exit %d %r' % (r.returncode, r.stderr[-300:]))


def check_random(tap, tmp, r):
    """Both directions, every tag length, sizes around the block and large
    ones, each path; Debian's bytes and cryptography's."""
    i = 0
    paths = ('file', 'pipe', 'file>', '>file')
    for alg, tags in (('gcm', GCM_TAGS), ('ccm', CCM_TAGS)):
        for taglen in tags:
            for n in (0, 1, 15, 16, 17, 4096, DEBIAN_CHUNK - 64, 200000):
                i += 1
                klen = (16, 24, 32)[i % 3]
                key = r.randbytes(klen)
                aad = r.randbytes(1 + r.randrange(40))
                ivargs, nonce = iv_args(alg, r, i, n)
                pt = bytearray(r.randbytes(n))
                if n == 1 and pt[0] == 0:
                    # Debian's kcapi-enc crashes on a one-byte input file
                    # holding 0 (its padding check reads index len - 2)
                    pt[0] = 0x80
                pt = bytes(pt)
                ct, tag = oracle(alg, key, nonce, aad, pt, taglen)
                put(tmp, 'key', key)
                fds = ((3, 'key'),)
                common = ['-c', '%s(aes)' % alg, '--keyfd', '3', '--aad',
                          aad.hex()] + ivargs
                what = '%s(aes) key %d, tag %d, AAD %d, %d bytes' % (
                    alg, klen, taglen, len(aad), n)
                # a file cannot be empty (kcapi-enc maps it): 0 bytes only
                # through stdin, which writes nothing at all
                if n == 0:
                    aead_one(tap, tmp, what + ' encrypts to nothing',
                             ['-e', '--taglen', str(taglen)] + common,
                             pt, b'', fds, 'pipe')
                    continue
                # each size through one path in turn; large inputs through
                # a pipe are beyond Debian's stdin and stdout chunk
                path = paths[i % 4] if n < 100000 else 'file'
                enc = ['-e', '--taglen', str(taglen)] + common
                dec = ['-d', '--tag', tag.hex()] + common
                aead_one(tap, tmp, what + ' encrypts', enc, pt,
                         aad + ct + tag, fds, path)
                aead_one(tap, tmp, what + ' decrypts', dec, ct, aad + pt,
                         fds, path)
                if n == 200000:
                    aead_one(tap, tmp, what + ' encrypts', enc, pt,
                             aad + ct + tag, fds, 'pipe', compare=False)
                    aead_one(tap, tmp, what + ' decrypts', dec, ct,
                             aad + pt, fds, 'pipe', compare=False)


def check_failures(tap, tmp, r):
    """A tag that does not match: exit 182 (-EBADMSG) and libkcapi's
    message from both, nothing on stdout, and a file of the AAD and no
    plaintext.  Bad lengths: the same exit code and stdout as Debian's."""
    msg = b'kcapi-enc - Error: AEAD decryption failed due to integrity ' \
          b'violation\n'
    for alg in ('gcm', 'ccm'):
        key, aad = r.randbytes(16), r.randbytes(20)
        ivargs, nonce = iv_args(alg, r, 4)
        pt = r.randbytes(100)
        ct, tag = oracle(alg, key, nonce, aad, pt, 16)
        put(tmp, 'key', key)
        put(tmp, 'k15', key[:15])
        put(tmp, 'k20', key + key[:4])
        fds = ((3, 'key'),)
        common = ['-c', '%s(aes)' % alg, '--keyfd', '3'] + ivargs
        bad = bytearray(tag)
        bad[-1] ^= 1
        badct = bytearray(ct)
        badct[50] ^= 0x80
        for what, c, t, a in (('last tag bit', ct, bytes(bad), aad),
                              ('ciphertext bit', bytes(badct), tag, aad),
                              ('other AAD', ct, tag, aad[:-1]),
                              ('zero tag', ct, bytes(16), aad)):
            put(tmp, 'in', c)
            args = ['-d', '--aad', a.hex(), '--tag', t.hex()] + common
            for path, io in (('file', ['-i', 'in', '-o', 'OUT']),
                             ('pipe', [])):
                res = both(tmp, args + io, data=c if not io else b'',
                           fds=fds)
                body = res[1][2] if io else res[1][1]
                ok = (res[0][0] == res[1][0] == 182 and
                      res[0][1] == res[1][1] == b'' and
                      res[0][3] == res[1][3] == msg and
                      res[0][2] == res[1][2] and pt[:8] not in (body or b''))
                if io:
                    ok = ok and body == a + bytes(len(c))
                tap.ok(ok, '%s(aes) tag mismatch (%s) via %s: exit 182, '
                       'no plaintext' % (alg, what, path), show(res))
        put(tmp, 'in', pt)
        tags = (1, 2, 3, 5, 7, 11, 17, 32) if alg == 'gcm' else \
            (2, 3, 5, 7, 13, 15, 17, 18)
        cases = [(['-e', '--aad', aad.hex(), '--taglen', str(n)], 'key')
                 for n in tags]
        cases += [(['-d', '--aad', aad.hex(), '--tag', '5a' * n], 'key')
                  for n in tags]
        cases += [
            (['-e', '--aad', aad.hex(), '--taglen', '16'], 'k15'),
            (['-e', '--aad', aad.hex(), '--taglen', '16'], 'k20'),
            (['-e', '--aad', '', '--taglen', '16'], 'key'),
            (['-e', '--aad', aad.hex()], 'key'),
            (['-d', '--aad', aad.hex(), '--taglen', '16'], 'key'),
            (['-e', '--taglen', '16'], 'key'),
            (['-e', '--aad', aad.hex(), '--tag', tag.hex()], 'key'),
        ]
        out_of = ['-c', '%s(aes)' % alg, '--keyfd', '3', '-i', 'in', '-o',
                  'OUT']
        if alg == 'ccm':
            ccm = ['-e', '--aad', aad.hex(), '--taglen', '8']
            cases += [(ccm + ['--iv', iv], 'key') for iv in
                      ('00' * 16, '08' + '11' * 15, 'ff' * 16, '')]
            cases += [(ccm + ['--ccm-nonce', '22' * n], 'key')
                      for n in (6, 14, 15)]
            cases += [(ccm + ['--ccm-nonce', '', '--iv', '01'], 'key')]
            # L = 2 carries at most 65535 bytes
            put(tmp, 'big', r.randbytes(65536))
            cases += [(ccm + ['--ccm-nonce', '33' * 13, '-i', 'big'], 'key')]
        else:
            cases += [(['-e', '--aad', aad.hex(), '--taglen', '16', '--iv',
                        ''], 'key')]
        for args, keyfile in cases:
            if '--iv' not in args and '--ccm-nonce' not in args:
                args = args + ivargs
            res = both(tmp, out_of + args, fds=((3, keyfile),))
            tap.ok(same(res) and (res[0][2] is None) == (res[1][2] is None)
                   if res[0][0] else same(res),
                   '%s(aes) %s (key %s): exit %d as Debian' %
                   (alg, ' '.join(args), keyfile, res[1][0]), show(res))
    # --aad on an skcipher, an AEAD without --aad, names nobody serves
    put(tmp, 'key', bytes(16))
    for args in (['-c', 'cbc(aes)', '--aad', '00', '--taglen', '16'],
                 ['-c', 'sha256', '--aad', '00', '--taglen', '16'],
                 ['-c', 'nosuch(aes)', '--aad', '00', '--taglen', '16'],
                 ['-c', 'gcm(aes)', '--iv', '00' * 12],
                 ['-c', 'ccm(aes)', '--iv', '03' + '00' * 15]):
        res = both(tmp, args + ['--keyfd', '3', '-i', 'in'],
                   fds=((3, 'key'),))
        tap.ok(same(res) and res[1][0] != 0, 'kcapi-enc %s: exit %d as '
               'Debian' % (' '.join(args), res[1][0]), show(res))


def check_verbose(tap, tmp, r):
    """-v: the tool's own log lines (not libkcapi's) as Debian's."""
    key, aad, pt = r.randbytes(16), r.randbytes(8), r.randbytes(40)
    ivargs, nonce = iv_args('gcm', r, 0)
    ct, tag = oracle('gcm', key, nonce, aad, pt, 16)
    put(tmp, 'key', key)
    common = ['-v', '-c', 'gcm(aes)', '--keyfd', '3', '--aad',
              aad.hex()] + ivargs
    for what, args, data in (('encrypts', ['-e', '--taglen', '16'], pt),
                             ('decrypts', ['-d', '--tag', tag.hex()], ct)):
        put(tmp, 'in', data)
        for path, io in (('file', ['-i', 'in', '-o', 'OUT']), ('pipe', []),
                         ('file>', ['-i', 'in']), ('>file', ['-o', 'OUT'])):
            res = both(tmp, common + args + io,
                       data=data if path in ('pipe', '>file') else b'',
                       fds=((3, 'key'),))
            logs = [[ln for ln in x[3].splitlines()
                     if ln.startswith(b'kcapi-enc - ')] for x in res]
            tap.ok(same(res) and logs[0] == logs[1] and logs[1],
                   'gcm(aes) -v %s via %s: the log lines of Debian\'s' %
                   (what, path), show(res))


def main():
    run_against_debian((check_script_cases, check_random, check_failures,
                        check_verbose),
                       'kcaead-', tools=('kcapi-enc',),
                       missing=() if AESGCM else ('python3-cryptography',))

if __name__ == '__main__':
    main()
