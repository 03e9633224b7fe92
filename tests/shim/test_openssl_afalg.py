# SPDX-License-Identifier: GPL-2.0
"""OpenSSL's afalg engine (libssl3's engines-3/afalg.so) under the shim.

`openssl enc -engine afalg -aes-{128,192,256}-cbc` encrypts and decrypts
through AF_ALG: accept before ALG_SET_KEY (a nokey child), sendmsg with
the op and IV, and the output only through AIO (io_setup, io_submit of
IOCB_CMD_PREAD with an eventfd, io_getevents), all via syscall().
Results are compared with OpenSSL's built-in AES; the usage log
(AFALG_SHIM_LOG) proves the engine really ran on the shim, since without
AF_ALG `openssl enc -engine afalg` silently falls back to the built-in
cipher.
"""
import json
import os
import subprocess
import tempfile

from shimtest import randbytes, rng, run, needing, run_tests


def builtin(bits, key, iv, data, dec=False):
    argv = ['openssl', 'enc', '-aes-%d-cbc' % bits, '-K', key.hex(), '-iv',
            iv.hex()] + (['-d'] if dec else [])
    return subprocess.run(argv, input=data, stdout=subprocess.PIPE,
                          check=True).stdout


def check_afalg_engine(tap):
    r = rng()
    tmp = tempfile.mkdtemp(prefix='shim-ossl-')
    log = os.path.join(tmp, 'log')
    pin, cout = os.path.join(tmp, 'p'), os.path.join(tmp, 'c')
    env = {'AFALG_SHIM_LOG': log}
    runs = 0
    for bits in (128, 192, 256):
        for n in (1, 15, 16, 17, 1000, 16384, 65536 + 7, (1 << 20) + 3):
            key, iv, pt = randbytes(r, bits // 8), randbytes(r, 16), \
                randbytes(r, n)
            want = builtin(bits, key, iv, pt)
            base = ['openssl', 'enc', '-engine', 'afalg', '-aes-%d-cbc' %
                    bits, '-K', key.hex(), '-iv', iv.hex()]
            res = run(base, data=pt, env=env)
            runs += 1
            err = res.stderr.decode()
            tap.ok(res.returncode == 0 and res.stdout == want and
                   'Invalid engine' not in err,
                   'afalg engine aes-%d-cbc encrypt %d bytes (pipe)' %
                   (bits, n), err[-400:])
            with open(pin, 'wb') as f:
                f.write(want)
            res = run(base + ['-d', '-in', pin, '-out', cout], env=env)
            runs += 1
            got = open(cout, 'rb').read() if res.returncode == 0 else None
            tap.ok(got == pt, 'afalg engine aes-%d-cbc decrypt %d bytes '
                   '(files)' % (bits, n), res.stderr.decode()[-400:])
    # 16 MiB round trip
    key, iv = randbytes(r, 16), randbytes(r, 16)
    big = randbytes(r, 1 << 20) * 16
    with open(pin, 'wb') as f:
        f.write(big)
    base = ['openssl', 'enc', '-engine', 'afalg', '-aes-128-cbc', '-K',
            key.hex(), '-iv', iv.hex()]
    res = run(base + ['-in', pin, '-out', cout], env=env)
    runs += 1
    ct = open(cout, 'rb').read() if res.returncode == 0 else b''
    tap.ok(ct == builtin(128, key, iv, big), 'afalg engine 16 MiB encrypt',
           res.stderr.decode()[-400:])
    res = run(base + ['-d', '-in', cout, '-out', pin], env=env)
    runs += 1
    tap.ok(res.returncode == 0 and open(pin, 'rb').read() == big,
           'afalg engine 16 MiB decrypt', res.stderr.decode()[-400:])

    # the usage log: one cbc(aes) skcipher tfm per openssl run
    recs = []
    if os.path.exists(log):
        for line in open(log):
            try:
                recs.append(json.loads(line))
            except ValueError:
                recs.append(None)
    ok = len(recs) == runs and all(
        x and x['exe'].endswith('/openssl') and x['comm'] == 'openssl' and
        x['type'] == 'skcipher' and x['alg'] == 'cbc(aes)' for x in recs)
    tap.ok(ok, 'usage log: %d cbc(aes) tfms for %d openssl runs' %
           (len(recs), runs), '\n'.join(map(str, recs[:3])))

    # without the shim the engine cannot initialise here
    res = run(['openssl', 'enc', '-engine', 'afalg', '-aes-128-cbc', '-K',
               '00' * 16, '-iv', '00' * 16], data=b'x', shim=False)
    if 'Invalid engine' in res.stderr.decode():
        tap.ok(True, 'without the shim the afalg engine does not load here')
    else:
        tap.skip('afalg engine without the shim', 'this kernel has AF_ALG')
    for p in (pin, cout, log):
        if os.path.exists(p):
            os.unlink(p)
    os.rmdir(tmp)


if __name__ == '__main__':
    run_tests(needing(('openssl',), 'openssl afalg engine',
                      'openssl not installed'),
              check_afalg_engine)
