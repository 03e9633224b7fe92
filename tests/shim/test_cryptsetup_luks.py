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

For camellia-xts-plain64, whose keyslot the shim encrypts, the image is
then unlocked a second time without cryptsetup or the shim: the LUKS2
JSON header read here, PBKDF2 by hashlib, the keyslot area decrypted by
tests/lib/blockref's XTS over python3-cryptography's Camellia, the AF
split merged, and
the volume key checked against the header's digest; this proves the
bytes on disk are Camellia-XTS, not merely what the shim reads back.

hctr2: cryptsetup 2.6 has no HCTR2 entry in its cipher table
(lib/crypto_backend/cipher_generic.c), so it sends a 16-byte IV to
hctr2(aes), whose IV is 32 bytes: the kernel refuses that in
af_alg_sendmsg() (ivlen != ivsize, EINVAL) and so must the shim; the test
checks that luksFormat fails the same way rather than pretending.
"""
import base64
import hashlib
import json
import os
import re
import struct
import tempfile

import blockref
from shimtest import run, needing, run_tests

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


def af_merge(data, keylen, stripes, hname):
    """LUKS anti-forensic merge (the LUKS1 on-disk format, AF_merge)."""
    def diffuse(buf):
        ds = hashlib.new(hname).digest_size
        res = b''
        for i in range(0, len(buf), ds):
            h = hashlib.new(hname, struct.pack('>I', i // ds) +
                            buf[i:i + ds]).digest()
            res += h[:len(buf[i:i + ds])]
        return res
    d = bytes(keylen)
    for i in range(stripes - 1):
        d = diffuse(bytes(a ^ b for a, b in
                          zip(d, data[i * keylen:(i + 1) * keylen])))
    last = data[(stripes - 1) * keylen:stripes * keylen]
    return bytes(a ^ b for a, b in zip(d, last))


def luks2_unlock_independently(img, passphrase):
    """The volume key of keyslot 0 if it matches the header digest, else
    None: reads, derives and decrypts without cryptsetup or the shim."""
    with open(img, 'rb') as f:
        raw = f.read(1 << 20)
    hdr_size = struct.unpack_from('>Q', raw, 8)[0]
    meta = json.loads(raw[4096:hdr_size].split(b'\0')[0])
    ks = meta['keyslots']['0']
    kdf, area, af = ks['kdf'], ks['area'], ks['af']
    if area['encryption'] != 'camellia-xts-plain64' or kdf['type'] != 'pbkdf2':
        return None
    klen = ks['key_size']
    key = hashlib.pbkdf2_hmac(kdf['hash'], passphrase,
                              base64.b64decode(kdf['salt']),
                              kdf['iterations'], area['key_size'])
    off = int(area['offset'])
    need = klen * af['stripes']
    ct = raw[off:off + (need + 511) // 512 * 512]
    # plain64: the little-endian sector number, from 0 in the area
    pt = b''.join(blockref.xts('camellia', key, struct.pack('<QQ', i, 0),
                               ct[i * 512:(i + 1) * 512], False)
                  for i in range(len(ct) // 512))
    mk = af_merge(pt, klen, af['stripes'], af['hash'])
    dg = meta['digests']['0']
    want = base64.b64decode(dg['digest'])
    got = hashlib.pbkdf2_hmac(dg['hash'], mk, base64.b64decode(dg['salt']),
                              dg['iterations'], len(want))
    return mk if got == want else None


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
    if spec == 'camellia-xts-plain64':
        with open(kf, 'rb') as f:
            good = luks2_unlock_independently(img, f.read())
        tap.ok(good is not None and
               luks2_unlock_independently(img, b'correct hors3') is None,
               '%s: keyslot unlocked independently (hashlib PBKDF2, '
               'python3-cryptography Camellia-XTS, AF merge, digest '
               'check); a wrong passphrase does not match' % what)
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


def check_luks(tap):
    with tempfile.TemporaryDirectory(prefix='shim-luks-') as tmp:
        for case in CASES:
            luks_case(tap, tmp, *case)
        hctr2_case(tap, tmp)
    benchmark(tap)


if __name__ == '__main__':
    run_tests(needing(('cryptsetup',), 'cryptsetup LUKS under the shim',
                      'cryptsetup-bin not installed'),
              check_luks)
