# SPDX-License-Identifier: GPL-2.0
"""Suite "kernel": dm-verity on a host-made image, in both guests.

    test_dm_verity.py x86_64    veritysetup open in the x86_64 guest
    test_dm_verity.py arm64     the DM ioctls in the arm64 guest (-cpu max:
                                SHA-2 instructions, so sha256 data blocks
                                are hashed in pairs with sha256_finup_2x())

One disk image holds random data blocks and, after them, one hash area per
table, each made by `veritysetup format` on the host; the root hashes are
checked against a Merkle tree computed here with hashlib.  In the guest each
table is opened and read whole (256 KiB O_DIRECT requests) and block by
block; the content must equal the host's data.  A table with a wrong root
hash must read nothing.  Then one data block is corrupted on the disk and
a new sha256 table reads EIO on exactly that block.
"""
import functools
import hashlib
import os
import random
import shutil
import sys
import tempfile

from kctest import run_tests
from test_kernel import KP, fnv1a64, kbuild, run

BLOCK = 4096
NBLK = 1536                 # 6 MiB of data
CHUNK_BLOCKS = 64           # dm-verity-test reads 256 KiB at a time
# Name, algorithm, salt (hex or "-"): the sha256 tables take the two-block
# path where sha256_finup_2x() is optimised, salted or not; sha512 never.
TABLES = [('plain', 'sha256', '-'),
          ('salted', 'sha256', bytes(range(7, 44)).hex()),    # 37 bytes
          ('sha512', 'sha512', '5a' * 16)]
HASH_AREA = 1 << 20         # each table's hash area (superblock + tree)
CORRUPT_TABLE = 'salted'    # the table re-opened after the corruption
CORRUPT_BLOCK = 301         # odd: the second block of a pair
PAIRS_MSG = 'data blocks hashed in pairs (sha256_finup_2x)'


def hash_offset(name):
    i = [t[0] for t in TABLES].index(name)
    return NBLK * BLOCK + i * HASH_AREA


def merkle_root(data, alg, salt):
    """dm-verity format 1: salt prepended, digests in power-of-two slots,
    hash blocks zero-padded, levels until one block."""
    salt = b'' if salt == '-' else bytes.fromhex(salt)
    dsize = hashlib.new(alg).digest_size
    slot = 1 << (dsize - 1).bit_length()
    level = [data[i:i + BLOCK] for i in range(0, len(data), BLOCK)]
    while True:
        digests = [hashlib.new(alg, salt + b).digest().ljust(slot, b'\0')
                   for b in level]
        per = BLOCK // slot
        level = [b''.join(digests[i:i + per]).ljust(BLOCK, b'\0')
                 for i in range(0, len(digests), per)]
        if len(level) == 1:
            return hashlib.new(alg, salt + level[0]).hexdigest()


def make_image(tap, tmp):
    """The disk image; returns (path, data, {table: root hash})."""
    if not tap.ok(shutil.which('veritysetup') is not None,
                  'host has veritysetup (cryptsetup-bin)'):
        return None, None, None
    data = random.Random(20261204).randbytes(NBLK * BLOCK)
    img = os.path.join(tmp, 'disk.img')
    with open(img, 'wb') as fp:
        fp.write(data)
        fp.truncate(NBLK * BLOCK + len(TABLES) * HASH_AREA)
    roots = {}
    for name, alg, salt in TABLES:
        rc, out, _ = run(['veritysetup', 'format', img, img,
                          '--data-blocks=%d' % NBLK,
                          '--hash-offset=%d' % hash_offset(name),
                          '--data-block-size=%d' % BLOCK,
                          '--hash-block-size=%d' % BLOCK,
                          '--hash=' + alg, '--salt=' + salt])
        root = [l.split(':', 1)[1].strip() for l in out.splitlines()
                if l.startswith('Root hash:')]
        want = merkle_root(data, alg, salt)
        if not tap.ok(rc == 0 and root == [want],
                      'veritysetup format %s (%s, salt %s): root hash '
                      'equals the hashlib Merkle tree' % (name, alg, salt),
                      'veritysetup %s, hashlib %s\n%s' % (root, want, out)):
            return None, None, None
        roots[name] = want
    return img, data, roots


def wrong(root):
    return root[:-1] + '%x' % (int(root[-1], 16) ^ 1)


def parse(out):
    """{name: {'chunk': {i: status}, 'block': {...}, 'content': hex}}."""
    res = {}
    for line in out.splitlines():
        # run-guest strips the prefix from the arm64 console, not on x86_64
        w = line.replace('guest-out: ', '', 1).split()
        if len(w) >= 4 and w[0] in ('chunk', 'block'):
            res.setdefault(w[1], {}).setdefault(w[0], {})[int(w[2])] = \
                ' '.join(w[3:])
        elif len(w) == 4 and w[0] == 'content' and w[2] == 'fnv1a64':
            res.setdefault(w[1], {})['content'] = w[3]
        elif len(w) == 3 and w[0] == 'opened':
            res.setdefault(w[1], {})['dev'] = w[2]
    return res


def check_reads(tap, arch, res, data):
    """Every table reads back the host's data, the wrong root hash reads
    nothing, and the corrupted block alone gives EIO."""
    nchunks = NBLK // CHUNK_BLOCKS
    fnv = fnv1a64(data)
    for name, alg, salt in TABLES:
        r = res.get(name, {})
        tap.ok(len(r.get('chunk', {})) == nchunks and
               all(v == 'ok' for v in r['chunk'].values()) and
               r.get('content') == fnv,
               '%s %s (%s, salt %s): %d MiB read in 256 KiB requests equal '
               'the host\'s data' % (arch, name, alg, salt,
                                     NBLK * BLOCK >> 20),
               'content %s, host %s' % (r.get('content'), fnv))
        blocks = r.get('block', {})
        tap.ok(len(blocks) == NBLK and
               all(v == 'ok' for v in blocks.values()),
               '%s %s: each of the %d blocks reads on its own'
               % (arch, name, NBLK),
               'not ok: %s' % sorted(i for i, v in blocks.items()
                                     if v != 'ok')[:20])
    r = res.get('wrongroot', {})
    statuses = list(r.get('chunk', {}).values()) + \
        list(r.get('block', {}).values())
    tap.ok(r.get('opened_refused') or
           (len(statuses) == nchunks + NBLK and 'ok' not in statuses),
           '%s: a table with a wrong root hash reads no block' % arch,
           'statuses %s' % sorted(set(statuses)))
    r = res.get('corrupt', {})
    chunks, blocks = r.get('chunk', {}), r.get('block', {})
    bad_chunk = CORRUPT_BLOCK // CHUNK_BLOCKS
    tap.ok(len(chunks) == nchunks and
           [i for i, v in sorted(chunks.items()) if v != 'ok'] == [bad_chunk]
           and chunks[bad_chunk] == 'EIO',
           '%s: after corrupting data block %d, only the 256 KiB request '
           'holding it fails, with EIO' % (arch, CORRUPT_BLOCK),
           'chunks %s' % chunks)
    tap.ok(len(blocks) == NBLK and
           [i for i, v in sorted(blocks.items()) if v != 'ok'] ==
           [CORRUPT_BLOCK] and blocks[CORRUPT_BLOCK] == 'EIO',
           '%s: block by block, EIO on exactly data block %d, the other '
           '%d read' % (arch, CORRUPT_BLOCK, NBLK - 1),
           'not ok: %s' % sorted(i for i, v in blocks.items()
                                 if v != 'ok')[:20])


def run_x86_64(kdir, img, roots, tmp):
    """veritysetup open and dm-verity-test read=, one table at a time
    (veritysetup refuses a disk another mapping holds); returns (rc, out,
    secs, kernel log)."""
    lines = ['echo "sha_ni $(grep -c sha_ni /proc/cpuinfo)"']
    # The wrong root hash last: its flood of errors would rate-limit away
    # the line naming the corrupted block.
    opens = [(name, name, roots[name]) for name, _, _ in TABLES] + \
        [('corrupt', CORRUPT_TABLE, roots[CORRUPT_TABLE]),
         ('wrongroot', 'plain', wrong(roots['plain']))]
    for dev, table, root in opens:
        if dev == 'corrupt':
            lines.append('/run/guest/dm-verity-test corrupt=/dev/vda:%d'
                         % (CORRUPT_BLOCK * BLOCK + 100))
        lines.append('veritysetup open /dev/vda dmv-%s /dev/vda %s '
                     '--hash-offset=%d || echo "open-failed %s"'
                     % (dev, root, hash_offset(table), dev))
        if dev in roots:
            lines.append('echo "sha256sum %s $(sha256sum < '
                         '/dev/mapper/dmv-%s | cut -d" " -f1)"' % (dev, dev))
        lines.append('/run/guest/dm-verity-test read=%s:/dev/mapper/dmv-%s:%d'
                     % (dev, dev, NBLK))
        lines.append('veritysetup close dmv-%s' % dev)
    lines.append('echo "kernel log:"; dmesg | grep -i verity')
    rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                         '--disk', img, '--cmd', '\n'.join(lines)])
    return rc, out, secs, out.partition('kernel log:')[2]


def check_x86_64(tap, out, log, res, data):
    for name, _, _ in TABLES:
        tap.ok('open-failed %s' % name not in out,
               'x86_64: veritysetup open %s' % name)
        want = hashlib.sha256(data).hexdigest()
        tap.ok('sha256sum %s %s' % (name, want) in out,
               'x86_64 %s: sha256sum of the device equals hashlib\'s of the '
               'data' % name)
    # QEMU's x86 TCG has no SHA-NI: sha256_finup_2x() is not optimised
    # there and no table may claim pairs (with SHA-NI the sha256 ones would).
    sha_ni = 'sha_ni 0' not in out
    pairs = log.count(PAIRS_MSG)
    tap.ok(pairs > 0 if sha_ni else pairs == 0,
           'x86_64: %d tables hash data blocks in pairs (guest SHA-NI: %s)'
           % (pairs, 'yes' if sha_ni else 'no'))


def run_arm64(kdir, img, roots, tmp):
    """dm-verity-test open= (the DM ioctls); returns (rc, out, secs,
    console log)."""
    def table(dev, name, root):
        alg, salt = [(a, s) for n, a, s in TABLES if n == name][0]
        return 'open=%s:/dev/vda:/dev/vda:%d:%d:%s:%s:%s' % (
            dev, NBLK, hash_offset(name) // BLOCK + 1, alg, root, salt)
    args = [table(name, name, roots[name]) for name, _, _ in TABLES]
    args.append('corrupt=/dev/vda:%d' % (CORRUPT_BLOCK * BLOCK + 100))
    args.append(table('corrupt', CORRUPT_TABLE, roots[CORRUPT_TABLE]))
    # last, as on x86_64: its errors would rate-limit the corrupted block's
    args.append(table('wrongroot', 'plain', wrong(roots['plain'])))
    console = os.path.join(tmp, 'console.log')
    rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                         '--arch', 'arm64', '--console', console,
                         # dm-verity's DMINFO lines (the pairs line, "using
                         # shash") are KERN_INFO: let them reach the console
                         '--append', 'loglevel=7',
                         '--disk', img, '--cmd',
                         'dm-verity-test ' + ' '.join(args)])
    with open(console, errors='replace') as fp:
        return rc, out, secs, fp.read()


def check_arm64(tap, out, log, res, data):
    # Each sha256 table says it hashes its data blocks in pairs, by its
    # device number; the sha512 one must not.
    paired = {n for n, r in res.items()
              if r.get('dev') and '%s: sha256 %s' % (r['dev'], PAIRS_MSG)
              in log}
    for name in ('plain', 'salted', 'wrongroot', 'corrupt'):
        tap.ok(name in paired,
               'arm64 %s: the kernel log says its sha256 data blocks are '
               'hashed in pairs with sha256_finup_2x()' % name)
    tap.ok('dev' in res.get('sha512', {}) and 'sha512' not in paired and
           'sha512 using shash' in log,
           'arm64 sha512: hashed one block at a time through the shash')


GUESTS = {'x86_64': (run_x86_64, check_x86_64),
          'arm64': (run_arm64, check_arm64)}


def test_dm_verity(tap, arch):
    guest_run, guest_check = GUESTS[arch]
    kdir = kbuild(tap, arch)
    if not kdir:
        return
    with tempfile.TemporaryDirectory(prefix='kernel-dm-verity-') as tmp:
        img, data, roots = make_image(tap, tmp)
        if not img:
            return
        rc, out, secs, log = guest_run(kdir, img, roots, tmp)
    tap.diag('\n'.join(l for l in out.splitlines()
                        if not l.replace('guest-out: ', '', 1).startswith(
                            ('block ', 'chunk '))))
    tap.diag('\n'.join(l for l in log.splitlines() if 'verity' in l))
    tap.ok(rc == 0, '%s guest run exits 0 (%.0fs)' % (arch, secs))
    res = parse(out)
    if 'open-failed wrongroot' in out:
        res.setdefault('wrongroot', {})['opened_refused'] = True
    check_reads(tap, arch, res, data)
    tap.ok('data block %d is corrupted' % CORRUPT_BLOCK in log,
           '%s: dm-verity logs data block %d as corrupted'
           % (arch, CORRUPT_BLOCK))
    guest_check(tap, out, log, res, data)


if __name__ == '__main__':
    if len(sys.argv) != 2 or sys.argv[1] not in GUESTS:
        sys.exit('usage: test_dm_verity.py %s' % '|'.join(GUESTS))
    run_tests(functools.partial(test_dm_verity, arch=sys.argv[1]))
