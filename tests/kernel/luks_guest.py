# SPDX-License-Identifier: GPL-2.0
"""LUKS images made on the host under the shim, opened by the guest kernel.

The host has no dm-crypt mapping to offer an unprivileged test (the shim
only serves cryptsetup's keyslot code), so the data area is written here:
per cipher of issue 14 (aes, serpent, twofish, camellia in xts for LUKS2
and cbc-essiv:sha256 for LUKS1, adiantum with xchacha12 and xchacha20),
cryptsetup luksFormat under the shim (AFALG_SHIM=always: every keyslot
cipher is libkcrypto's) with a volume key of our choosing
(--volume-key-file), then 64 sectors of random plaintext encrypted with
that key by an independent oracle and written at the data offset the
header gives: tests/lib/blockref (AES and Camellia from
python3-cryptography, Serpent and Twofish from GNU Nettle, XTS and CBC
written from their specifications) with plain64 or ESSIV IVs built here.
Adiantum has no oracle on the host: its sectors are encrypted through the
shim (libkcrypto), and the guest kernel's own adiantum is the independent
check.

Every image is attached to the guest as a virtio disk; there, with
crypto.af_alg_restrict=0 and no preload, cryptsetup opens it with the
passphrase (the keyslot through the guest kernel's AF_ALG, the volume
through its dm-crypt), refuses a wrong passphrase, reads the 64 sectors
back through the mapping and writes 64 more sectors of other random
plaintext after them.  The host then compares what the guest read with
what it encrypted, and decrypts the guest's sectors from the image with
the same oracle.  A mismatch in either direction means the bytes on disk
are not the cipher the header names.

Guest lines, parsed by test():
  open N rc=R          cryptsetup open of disk N with the passphrase
  badpass N rc=R       the wrong passphrase (--test-passphrase)
  table N TEXT         dmsetup table of the mapping (key elided)
  write N rc=R         the guest's 64 sectors written through the mapping
  close N rc=R
  driver NAME DRIVER   /proc/crypto after the opens (what dm-crypt bound)
"""
import hashlib
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile

import blockref

SECTOR = 512
NSECT = 64           # sectors written by each side
PASS, BADPASS = b'correct horse', b'correct hors3'
# (LUKS type, cipher spec, key bits)
CASES = [
    ('luks2', 'aes-xts-plain64', 512),
    ('luks2', 'serpent-xts-plain64', 512),
    ('luks2', 'twofish-xts-plain64', 512),
    ('luks2', 'camellia-xts-plain64', 512),
    ('luks2', 'xchacha12,aes-adiantum-plain64', 256),
    ('luks2', 'xchacha20,aes-adiantum-plain64', 256),
    ('luks1', 'aes-cbc-essiv:sha256', 256),
    ('luks1', 'serpent-cbc-essiv:sha256', 256),
    ('luks1', 'twofish-cbc-essiv:sha256', 256),
    ('luks1', 'camellia-cbc-essiv:sha256', 256),
]


def cipher_name(spec):
    """The block cipher of a spec ('aes' of aes-xts-plain64) or the
    kernel's adiantum instance name."""
    if 'adiantum' in spec:
        return 'adiantum(%s)' % spec.split('-')[0]
    return spec.split('-')[0]


def shim_adiantum(alg, key, first, data, enc):
    """Sectors of adiantum(alg) through the shim (this process runs under
    LD_PRELOAD): plain64 gives the 32-byte tweak its first 8 bytes."""
    s = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    s.bind(('skcipher', alg))
    s.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    out = []
    for i in range(len(data) // SECTOR):
        op, _ = s.accept()
        iv = struct.pack('<Q', first + i) + bytes(24)
        op.sendmsg_afalg([data[i * SECTOR:(i + 1) * SECTOR]], iv=iv,
                         op=socket.ALG_OP_ENCRYPT if enc
                         else socket.ALG_OP_DECRYPT)
        out.append(op.recv(SECTOR))
        op.close()
    s.close()
    return b''.join(out)


def crypt_sectors(spec, key, first, data, enc, shim_env=None):
    """@data (whole sectors, the first numbered @first) encrypted or
    decrypted as dm-crypt does with @spec and the volume key @key."""
    name = cipher_name(spec)
    if name.startswith('adiantum'):
        p = subprocess.run([sys.executable, os.path.abspath(__file__),
                            'adiantum', name, key.hex(), str(first),
                            'enc' if enc else 'dec'], input=data,
                           stdout=subprocess.PIPE, env=shim_env, check=True)
        return p.stdout
    out = []
    if spec.endswith('essiv:sha256'):
        salt = hashlib.sha256(key).digest()
    for i in range(len(data) // SECTOR):
        sec = data[i * SECTOR:(i + 1) * SECTOR]
        n = struct.pack('<Q', first + i) + bytes(8)
        if '-xts-plain64' in spec:
            out.append(blockref.xts(name, key, n, sec, enc))
        else:
            iv = blockref.ecb(name, salt, n)
            out.append(blockref.cbc(name, key, iv, sec, enc)[0])
    return b''.join(out)


def data_segment(img):
    """(byte offset of the data area, sector size, cipher spec) from the
    LUKS1 or LUKS2 header itself, not from cryptsetup."""
    with open(img, 'rb') as f:
        raw = f.read(1 << 16)
    if raw[:6] != b'LUKS\xba\xbe':
        raise ValueError('%s: no LUKS header' % img)
    version = struct.unpack_from('>H', raw, 6)[0]
    if version == 1:
        name = raw[8:40].split(b'\0')[0].decode()
        mode = raw[40:72].split(b'\0')[0].decode()
        return (struct.unpack_from('>I', raw, 104)[0] * SECTOR, SECTOR,
                '%s-%s' % (name, mode))
    hdr_size = struct.unpack_from('>Q', raw, 8)[0]
    meta = json.loads(raw[4096:hdr_size].split(b'\0')[0])
    seg = meta['segments']['0']
    return int(seg['offset']), seg['sector_size'], seg['encryption']


def make_image(tmp, i, kind, spec, bits, shim_env, rnd):
    """Format image i; returns (path, volume key, plaintext written) or
    the error text."""
    img = os.path.join(tmp, 'img%d' % i)
    vk = rnd(bits // 8)
    vkf = os.path.join(tmp, 'vk%d' % i)
    with open(vkf, 'wb') as f:
        f.write(vk)
    with open(img, 'wb') as f:
        f.truncate(18 << 20)
    opts = ['--pbkdf', 'pbkdf2', '--sector-size', '512'] \
        if kind == 'luks2' else []
    p = subprocess.run(['cryptsetup', 'luksFormat', '--batch-mode', '--type',
                        kind, '--cipher', spec, '--key-size', str(bits),
                        '--volume-key-file', vkf,
                        '--pbkdf-force-iterations', '1000'] + opts +
                       [img, os.path.join(tmp, 'pass')],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       env=shim_env, timeout=120)
    if p.returncode:
        return 'luksFormat rc=%d: %s' % (p.returncode,
                                         p.stdout.decode(errors='replace'))
    off, ssize, enc = data_segment(img)
    if ssize != SECTOR or enc != spec:
        return 'header says %s with %d-byte sectors' % (enc, ssize)
    plain = rnd(NSECT * SECTOR)
    with open(img, 'r+b') as f:
        f.seek(off)
        f.write(crypt_sectors(spec, vk, 0, plain, True, shim_env))
    return img, vk, plain


GUEST_SCRIPT = r"""
set -u
export PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C DM_DISABLE_UDEV=1
S={share}
echo 0 >/proc/sys/crypto/af_alg_restrict || exit 1
i=0
for d in {disks}; do
	cryptsetup open --test-passphrase --key-file $S/badpass /dev/$d >/dev/null 2>$S/badpass.$i.err
	echo "badpass $i rc=$?"
	cryptsetup open --key-file $S/pass /dev/$d luks$i 2>$S/open.$i.err
	echo "open $i rc=$?"
	if [ -b /dev/mapper/luks$i ]; then
		echo "table $i $(dmsetup table luks$i | cut -d' ' -f1-4)"
		dd if=/dev/mapper/luks$i of=$S/read.$i bs={sector} count={n} iflag=direct 2>/dev/null
		dd if=$S/guest.$i of=/dev/mapper/luks$i bs={sector} seek={n} count={n} oflag=direct conv=fsync 2>/dev/null
		echo "write $i rc=$?"
	fi
	i=$((i + 1))
done
awk '/^name/ {{ n = $3 }} /^driver/ {{ print "driver " n " " $3 }}' /proc/crypto | sort -u
i=0
for d in {disks}; do
	[ -b /dev/mapper/luks$i ] && {{ cryptsetup close luks$i; echo "close $i rc=$?"; }}
	i=$((i + 1))
done
sync
"""


def guest_script(share, ndisks):
    disks = ' '.join('vd' + chr(ord('a') + i) for i in range(ndisks))
    return GUEST_SCRIPT.format(share=share, disks=disks, sector=SECTOR,
                               n=NSECT)


def test(tap, kbuild, run, run_guest):
    """The test point list; kbuild/run/run_guest from test_kernel.py."""
    shim = os.environ.get('AFALG_SHIM_LIB', '')
    if not tap.ok(os.path.exists(shim), 'the shim is built (AFALG_SHIM_LIB)',
                  shim):
        return
    shim_env = dict(os.environ, LD_PRELOAD=os.path.abspath(shim),
                    AFALG_SHIM='always')
    rnd = os.urandom
    with tempfile.TemporaryDirectory(prefix='luks-guest-') as tmp:
        share = os.path.join(tmp, 'share')
        os.mkdir(share)
        for name, data in (('pass', PASS), ('badpass', BADPASS)):
            for d in (tmp, share):
                with open(os.path.join(d, name), 'wb') as f:
                    f.write(data)
        images = []
        for i, (kind, spec, bits) in enumerate(CASES):
            what = '%s %s %d-bit' % (kind, spec, bits)
            res = make_image(tmp, i, kind, spec, bits, shim_env, rnd)
            ok = tap.ok(isinstance(res, tuple), '%s: formatted under the '
                        'shim with a chosen volume key, %d sectors written '
                        'with the oracle' % (what, NSECT), str(res)[-800:])
            images.append(res if ok else None)
            with open(os.path.join(share, 'guest.%d' % i), 'wb') as f:
                f.write(rnd(NSECT * SECTOR))
        if not any(images):
            return
        kdir = kbuild(tap, 'x86_64')
        if not kdir:
            return
        cmd = [run_guest, '--kernel', kdir, '--timeout', '900', '--share',
               share, '--cmd', guest_script(share, len(CASES))]
        blank = os.path.join(tmp, 'blank')
        with open(blank, 'wb') as f:   # keeps the disk letters in order
            f.truncate(1 << 20)
        for res in images:
            cmd += ['--disk', res[0] if res else blank]
        rc, out, secs = run(cmd)
        if not tap.ok(rc == 0, 'guest opens the images (%.0fs)' % secs,
                      out[-3000:]):
            return
        lines = out.splitlines()

        def field(tag, i):
            p = '%s %d ' % (tag, i)
            got = [l[len(p):] for l in lines if l.startswith(p)]
            return got[0] if got else None

        drivers = sorted(l.split(' ', 1)[1] for l in lines
                         if l.startswith('driver '))
        tap.diag('guest /proc/crypto after the opens: ' + '; '.join(drivers))
        for i, (kind, spec, bits) in enumerate(CASES):
            what = '%s %s %d-bit' % (kind, spec, bits)
            if not images[i]:
                continue
            img, vk, plain = images[i]
            err = ''
            if os.path.exists(os.path.join(share, 'open.%d.err' % i)):
                with open(os.path.join(share, 'open.%d.err' % i)) as f:
                    err = f.read()
            tap.ok(field('badpass', i) == 'rc=2',
                   '%s: guest cryptsetup refuses the wrong passphrase' % what,
                   field('badpass', i))
            table = field('table', i) or ''
            # cryptsetup hands dm-crypt a spec it cannot parse in the
            # kernel's crypto API form
            forms = (spec, 'capi:%s-plain64' % cipher_name(spec))
            if not tap.ok(field('open', i) == 'rc=0' and
                          table.split(' ')[2:4] in
                          [['crypt', f] for f in forms],
                          '%s: guest cryptsetup opens it with the passphrase '
                          '(keyslot by the guest kernel\'s AF_ALG, dm-crypt '
                          'table "%s")' % (what, table),
                          '%s %s' % (field('open', i), err[-600:])):
                continue
            rpath = os.path.join(share, 'read.%d' % i)
            got = open(rpath, 'rb').read() if os.path.exists(rpath) else b''
            tap.ok(got == plain, '%s: the guest\'s dm-crypt reads the %d '
                   'sectors the host encrypted (%s)' % (
                       what, NSECT, 'through the shim' if 'adiantum' in spec
                       else 'independent oracle'),
                   'read %d bytes, %d differ' % (len(got), sum(
                       a != b for a, b in zip(got, plain))))
            with open(os.path.join(share, 'guest.%d' % i), 'rb') as f:
                want = f.read()
            off = data_segment(img)[0]
            with open(img, 'rb') as f:
                f.seek(off + NSECT * SECTOR)
                ct = f.read(NSECT * SECTOR)
            back = crypt_sectors(spec, vk, NSECT, ct, False, shim_env)
            tap.ok(field('write', i) == 'rc=0' and back == want and
                   ct != want,
                   '%s: the %d sectors the guest wrote through dm-crypt '
                   'decrypt on the host to what it wrote' % (what, NSECT),
                   'write %s' % field('write', i))
            tap.ok(field('close', i) == 'rc=0',
                   '%s: guest cryptsetup close' % what, field('close', i))


if __name__ == '__main__':
    if len(sys.argv) == 6 and sys.argv[1] == 'adiantum':
        _, _, alg, key, first, how = sys.argv
        sys.stdout.buffer.write(shim_adiantum(alg, bytes.fromhex(key),
                                              int(first),
                                              sys.stdin.buffer.read(),
                                              how == 'enc'))
    else:
        sys.exit('usage: luks_guest.py adiantum ALG KEYHEX FIRST enc|dec')
