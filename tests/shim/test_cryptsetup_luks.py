# SPDX-License-Identifier: GPL-2.0
"""cryptsetup (cryptsetup-bin, OpenSSL backend) formats and unlocks LUKS
file images under the shim, for every cipher issue 14 names.

cryptsetup encrypts the keyslot area in userspace (crypt_storage, "Using
userspace crypto wrapper"): a cipher OpenSSL has (AES, Camellia in CBC)
goes through OpenSSL, any other one (Serpent, Twofish, Camellia-XTS,
Adiantum) through the kernel's AF_ALG skcipher interface, which here is
the shim; without it cryptsetup would need device-mapper and root.  Per
cipher: luksFormat (pbkdf2, 1000 iterations), open --test-passphrase, a
wrong passphrase refused ("No key available"), luksAddKey and the new
passphrase accepted, luksDump naming the cipher; where AF_ALG is used the
usage log must show the kernel name and key length.  Then a plain
`cryptsetup benchmark` must print a figure in every row of its cipher
table.

hctr2: cryptsetup 2.6 has no HCTR2 entry in its cipher table
(lib/crypto_backend/cipher_generic.c), so it sends a 16-byte IV to
hctr2(aes), whose IV is 32 bytes: the kernel refuses that in
af_alg_sendmsg() (ivlen != ivsize, EINVAL) and so must the shim; the test
checks that luksFormat fails the same way rather than pretending.
"""
import json
import os
import re
import tempfile

from shimtest import run, tap_needing

ITER = ['--pbkdf-force-iterations', '1000']
# (type, cipher spec, key bits, AF_ALG names used, or () where OpenSSL serves)
CASES = [
    ('luks2', 'aes-xts-plain64', 512, ()),
    ('luks2', 'serpent-xts-plain64', 512, ('xts(serpent)',)),
    ('luks2', 'twofish-xts-plain64', 512, ('xts(twofish)',)),
    ('luks2', 'camellia-xts-plain64', 512, ('xts(camellia)',)),
    ('luks2', 'xchacha12,aes-adiantum-plain64', 256,
     ('adiantum(xchacha12,aes)',)),
    ('luks2', 'xchacha20,aes-adiantum-plain64', 256,
     ('adiantum(xchacha20,aes)',)),
    ('luks1', 'aes-cbc-essiv:sha256', 256, ()),
    ('luks1', 'serpent-cbc-essiv:sha256', 256,
     ('cbc(serpent)', 'ecb(serpent)')),
    ('luks1', 'twofish-cbc-essiv:sha256', 256,
     ('cbc(twofish)', 'ecb(twofish)')),
    ('luks1', 'camellia-cbc-essiv:sha256', 256, ()),
]


def log_records(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        recs = [json.loads(line) for line in f]
    os.unlink(path)
    return recs


def cs(args, log, timeout=120):
    res = run(['cryptsetup'] + args, env={'AFALG_SHIM_LOG': log},
              timeout=timeout)
    return res.returncode, (res.stdout + res.stderr).decode(errors='replace')


def luks_case(tap, tmp, kind, spec, bits, names):
    img = os.path.join(tmp, 'img')
    kf, kf2, bad = (os.path.join(tmp, n) for n in ('kf', 'kf2', 'bad'))
    log = os.path.join(tmp, 'log')
    with open(img, 'wb') as f:
        f.truncate(20 << 20)
    for path, data in ((kf, b'correct horse'), (kf2, b'battery staple'),
                       (bad, b'correct hors3')):
        with open(path, 'wb') as f:
            f.write(data)
    what = '%s %s %d-bit' % (kind, spec, bits)
    pb = (['--pbkdf', 'pbkdf2'] if kind == 'luks2' else []) + ITER
    rc, out = cs(['luksFormat', '--batch-mode', '--type', kind, '--cipher',
                  spec, '--key-size', str(bits)] + pb + [img, kf], log)
    tap.ok(rc == 0, 'cryptsetup luksFormat %s on a file image' % what,
           out[-600:])
    recs = log_records(log)
    for n in names:
        tap.ok(any(r['alg'] == n and r['type'] == 'skcipher' for r in recs),
               '%s: keyslot written through the shim\'s %s' % (what, n),
               str(recs))
    if rc:
        return
    rc, out = cs(['open', '--test-passphrase', '--key-file', kf, img], log)
    recs = log_records(log)
    tap.ok(rc == 0 and all(any(r['alg'] == n for r in recs) for n in names),
           '%s: open --test-passphrase with the passphrase%s' %
           (what, ' (through %s)' % ', '.join(names) if names else ''),
           out[-600:] + str(recs))
    rc, out = cs(['open', '--test-passphrase', '--key-file', bad, img], log)
    tap.ok(rc == 2 and 'No key available' in out,
           '%s: a wrong passphrase is refused (rc 2, no key available)' %
           what, 'rc=%d %s' % (rc, out[-600:]))
    rc, out = cs(['luksAddKey', '--batch-mode'] + pb +
                 ['--key-file', kf, img, kf2], log)
    rc2, out2 = cs(['open', '--test-passphrase', '--key-file', kf2, img],
                   log)
    tap.ok(rc == 0 and rc2 == 0,
           '%s: luksAddKey, then the new passphrase opens it' % what,
           out[-400:] + out2[-400:])
    rc, out = cs(['luksDump', img], log)
    cipher, _, mode = spec.partition('-')
    if kind == 'luks1':
        ok = re.search(r'Cipher name:\s+%s\b' % re.escape(cipher), out) and \
            re.search(r'Cipher mode:\s+%s\b' % re.escape(mode), out)
        ok = ok and len(re.findall(r'Key Slot \d: ENABLED', out)) == 2
    else:
        ok = re.search(r'cipher:\s+%s\b' % re.escape(spec), out) and \
            len(re.findall(r'^\s+\d+: luks2', out, re.M)) == 2
    tap.ok(rc == 0 and bool(ok),
           '%s: luksDump shows the cipher and two keyslots' % what,
           out[-800:])
    log_records(log)


def hctr2_case(tap, tmp):
    img, kf = os.path.join(tmp, 'img'), os.path.join(tmp, 'kf')
    with open(img, 'wb') as f:
        f.truncate(20 << 20)
    rc, out = cs(['luksFormat', '--batch-mode', '--type', 'luks2',
                  '--cipher', 'aes-hctr2-plain64', '--key-size', '256',
                  '--pbkdf', 'pbkdf2'] + ITER + [img, kf],
                 os.path.join(tmp, 'log'))
    recs = log_records(os.path.join(tmp, 'log'))
    rc2, out2 = cs(['isLuks', img], os.path.join(tmp, 'log'))
    log_records(os.path.join(tmp, 'log'))
    tap.ok(rc != 0 and rc2 != 0,
           'luks2 aes-hctr2-plain64: cryptsetup 2.6 sends hctr2(aes) a '
           '16-byte IV, refused (EINVAL) as by the kernel; luksFormat fails '
           'and leaves no LUKS header (test_algs checks the EINVAL itself)',
           'rc=%d %s; isLuks rc=%d; log %s' % (rc, out[-400:], rc2, recs))


def benchmark(tap):
    res = run(['cryptsetup', 'benchmark'], timeout=280)
    out = res.stdout.decode(errors='replace')
    rows = re.findall(r'^\s*(\S+-\S+)\s+(\d+)b\s+(\S+ MiB/s|N/A)\s+'
                      r'(\S+ MiB/s|N/A)', out, re.M)
    bad = [r for r in rows if 'N/A' in r]
    tap.ok(res.returncode == 0 and len(rows) >= 12 and not bad,
           'cryptsetup benchmark under the shim: every one of its %d cipher '
           'rows measured (%s)' % (len(rows), ', '.join(
               sorted({'%s %sb' % r[:2] for r in rows}))),
           out[-1500:] + res.stderr.decode(errors='replace')[-300:])


def main():
    tap = tap_needing(('cryptsetup',), 'cryptsetup LUKS under the shim',
                      'cryptsetup-bin not installed')
    with tempfile.TemporaryDirectory(prefix='shim-luks-') as tmp:
        for case in CASES:
            luks_case(tap, tmp, *case)
        hctr2_case(tap, tmp)
    benchmark(tap)
    tap.done()


main()
