# SPDX-License-Identifier: GPL-2.0
"""cryptsetup benchmark (cryptsetup-bin, OpenSSL backend) under the shim.

`cryptsetup benchmark --cipher C --key-size K` measures ciphers through
the kernel's AF_ALG skcipher interface (crypt_cipher_perf_kernel(): bind
"<mode>(<cipher>)", setkey, sendmsg with op and IV, read, 64 KiB blocks),
whatever the crypto backend.  Without AF_ALG it prints "Required kernel
crypto interface not available".  Under the shim the AES modes must be
measured (a throughput line for encryption and decryption), the usage log
must show the skcipher tfm with the key length asked for, and a cipher the
shim does not serve must be reported "not available" as with a kernel lacking it.
Correctness of cbc/xts(aes) itself is test_algs' job.
"""
import json
import os
import re
import tempfile

from shimtest import run, needing, run_tests

CASES = [('aes-cbc', 128, 'cbc(aes)'), ('aes-cbc', 256, 'cbc(aes)'),
         ('aes-xts', 256, 'xts(aes)'), ('aes-xts', 512, 'xts(aes)')]


def check_benchmark(tap):
    tmp = tempfile.mkdtemp(prefix='shim-cs-')
    for cipher, bits, kname in CASES:
        log = os.path.join(tmp, 'log-%s-%d' % (cipher, bits))
        res = run(['cryptsetup', 'benchmark', '--cipher', cipher,
                   '--key-size', str(bits)], env={'AFALG_SHIM_LOG': log},
                  timeout=120)
        out = res.stdout.decode(errors='replace')
        m = re.search(r'%s\s+%db\s+([\d.]+) MiB/s\s+([\d.]+) MiB/s' %
                      (cipher, bits), out)
        tap.ok(res.returncode == 0 and m is not None,
               'cryptsetup benchmark %s %d-bit through the shim (%s MiB/s '
               'encryption, %s decryption)' %
               (cipher, bits, m.group(1) if m else '?',
                m.group(2) if m else '?'),
               out[-500:] + res.stderr.decode(errors='replace')[-500:])
        recs = [json.loads(l) for l in open(log)] if os.path.exists(log) \
            else []
        tap.ok(any(r['alg'] == kname and r['type'] == 'skcipher' and
                   r['key_lengths'] == [bits // 8] for r in recs),
               'cryptsetup %s: usage log shows %s with a %d-byte key' %
               (cipher, kname, bits // 8), str(recs))
        if os.path.exists(log):
            os.unlink(log)
    res = run(['cryptsetup', 'benchmark', '--cipher', 'cast6-cbc',
               '--key-size', '256'], timeout=120)
    out = (res.stdout + res.stderr).decode(errors='replace')
    tap.ok(res.returncode != 0 and 'is not available' in out,
           'cryptsetup: cast6-cbc (not served: bind ENOENT) is "not '
           'available", as on a kernel without it', out[-300:])
    res = run(['cryptsetup', 'benchmark', '--cipher', 'aes-cbc',
               '--key-size', '256'], shim=False, timeout=120)
    err = (res.stdout + res.stderr).decode(errors='replace')
    if 'kernel crypto interface not available' in err:
        tap.ok(True, 'without the shim cryptsetup finds no kernel crypto '
               'interface here')
    else:
        tap.skip('cryptsetup without the shim', 'this kernel has AF_ALG')
    os.rmdir(tmp)


if __name__ == '__main__':
    run_tests(needing(('cryptsetup',), 'cryptsetup benchmark',
                      'cryptsetup-bin not installed'),
              check_benchmark)
