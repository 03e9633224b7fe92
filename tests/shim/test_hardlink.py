# SPDX-License-Identifier: GPL-2.0
"""util-linux hardlink(1) with its AF_ALG methods under the shim.

hardlink hashes files block by block through AF_ALG: socket, bind,
accept, then per block sendfile(opfd, filefd, NULL, size) and a read of
the digest (util-linux lib/fileeq.c).  Without AF_ALG it prints "cannot
initialize ... method" and falls back to memcmp.  Here, for the sha256,
sha1 and crc32 (kernel "crc32c") methods, it must report the method itself in verbose
output and link exactly the files whose contents are equal (checked with
hashlib on the files, and by inode numbers afterwards); near duplicates
differing in the first, a middle or the last byte of a multi-block file
must stay separate.
"""
import hashlib
import os
import shutil
import tempfile

from shimtest import randbytes, rng, run, needing, run_tests


def make_tree(r, top):
    """Files in groups; returns {path: content}."""
    files = {}
    n = 0

    def put(data, copies):
        nonlocal n
        for _ in range(copies):
            sub = os.path.join(top, 'd%d' % (n % 3))
            os.makedirs(sub, exist_ok=True)
            p = os.path.join(sub, 'f%03d' % n)
            with open(p, 'wb') as f:
                f.write(data)
            files[p] = data
            n += 1

    for size in (1, 100, 4096, 8192 + 7, 100000, (1 << 20) + 1,
                 3 * (1 << 20)):
        base = randbytes(r, size)
        put(base, 3)                          # three equal copies
        if size > 1:
            put(bytes([base[0] ^ 1]) + base[1:], 1)    # first byte differs
            put(base[:-1] + bytes([base[-1] ^ 1]), 2)  # last byte differs
            mid = size // 2
            put(base[:mid] + bytes([base[mid] ^ 0x80]) + base[mid + 1:], 1)
    return files


def check_links(tap, files, what):
    by_content = {}
    for p, data in files.items():
        by_content.setdefault(hashlib.sha256(data).digest(), []).append(p)
    ok = True
    diag = []
    inodes = {p: os.stat(p).st_ino for p in files}
    for group in by_content.values():
        if len(set(inodes[p] for p in group)) != 1:
            ok = False
            diag.append('not linked: %s' % group)
    owner = {}
    for key, group in by_content.items():
        for p in group:
            owner.setdefault(inodes[p], set()).add(key)
    for ino, keys in owner.items():
        if len(keys) > 1:
            ok = False
            diag.append('inode %d holds different contents' % ino)
    tap.ok(ok, '%s: exactly the equal files are linked (%d files, %d '
           'distinct contents)' % (what, len(files), len(by_content)),
           '\n'.join(diag[:10]))


def check_hardlink(tap):
    r = rng()
    for method, kname in (('sha256', 'sha256'), ('sha1', 'sha1'),
                          ('crc32', 'crc32c')):
        top = tempfile.mkdtemp(prefix='shim-hl-')
        log = os.path.join(top, 'afalg.log')
        files = make_tree(r, os.path.join(top, 'tree'))
        # a small I/O size: several sendfile blocks per file
        res = run(['hardlink', '-v', '-c', '-y', method, '-b', '64K',
                   os.path.join(top, 'tree')],
                  env={'AFALG_SHIM_LOG': log})
        out = (res.stdout + res.stderr).decode(errors='replace')
        if 'cannot initialize' in out and method != 'sha256':
            tap.skip('hardlink -y %s' % method,
                     '%s not served by the shim yet' % kname)
            shutil.rmtree(top)
            continue
        tap.ok(res.returncode == 0 and 'Method:' in out and
               'Method:                   %s' % method in out and
               'cannot initialize' not in out,
               'hardlink -y %s runs on AF_ALG (verbose: Method %s)' %
               (method, method), out[-800:])
        logged = open(log).read() if os.path.exists(log) else ''
        tap.ok('"type":"hash","alg":"%s"' % kname in logged and
               'hardlink' in logged,
               'hardlink -y %s: the usage log shows its %s tfm' %
               (method, kname), logged[-500:])
        check_links(tap, files, 'hardlink -y %s' % method)
        shutil.rmtree(top)

    # the same run without the shim falls back to memcmp on this host
    top = tempfile.mkdtemp(prefix='shim-hl-')
    with open(os.path.join(top, 'a'), 'wb') as f:
        f.write(b'x' * 100)
    res = run(['hardlink', '-v', '-n', '-y', 'sha256', top], shim=False)
    out = (res.stdout + res.stderr).decode(errors='replace')
    if 'cannot initialize' in out:
        tap.ok(True, 'hardlink without the shim falls back to memcmp here')
    else:
        tap.skip('hardlink without the shim', 'this kernel has AF_ALG')
    shutil.rmtree(top)


if __name__ == '__main__':
    run_tests(needing(('hardlink',), 'hardlink',
                      'util-linux hardlink not installed'),
              check_hardlink)
