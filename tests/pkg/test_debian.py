# SPDX-License-Identifier: GPL-2.0
"""The Debian packages in a clean root.

Builds the packages (dpkg-buildpackage -b -us -uc on a copy of the tree;
KC_DEBS_DIR reuses .debs already built), runs lintian (no errors allowed),
then installs them with apt into a minimal Debian 12 root made by
mmdebstrap --variant=minbase from Debian's archive (cached as a tarball in
~/.cache/afalg-exit, keyed by date and package list), runs every installed
command there, checks the update-alternatives names, and builds a program
with `pkg-config libkcrypto` inside it.
"""
import datetime
import glob
import hashlib
import hmac
import os
import shutil
import subprocess
import tempfile
import time

from kctest import run_tests

SRC = os.environ['KC_SOURCE_ROOT']
CACHE = os.path.expanduser('~/.cache/afalg-exit')
# what the root needs beyond minbase: the packages' dependencies come from
# apt at install time; these are for the checks (a compiler for the .pc)
ROOT_PKGS = ['gcc', 'libc6-dev', 'pkgconf', 'man-db']
PACKAGES = ['libkcrypto0', 'libkcrypto-dev', 'afalg-shim', 'afalg-tools',
            'kcrypto-tools']
MSG = 'the quick brown fox'


def sh(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def build_debs(tap, tmp):
    if os.environ.get('KC_DEBS_DIR'):
        return os.environ['KC_DEBS_DIR']
    work = os.path.join(tmp, 'src')
    tree = os.path.join(work, 'afalg-exit')
    os.makedirs(tree)
    files = sh(['git', '-C', SRC, 'ls-files', '-co', '--exclude-standard'])
    for rel in files.stdout.split('\n'):
        if rel and os.path.isfile(os.path.join(SRC, rel)):
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            shutil.copy2(os.path.join(SRC, rel), os.path.join(tree, rel),
                         follow_symlinks=False)
    t = time.time()
    r = sh(['dpkg-buildpackage', '-b', '-us', '-uc'], cwd=tree)
    tap.ok(r.returncode == 0, 'dpkg-buildpackage -b -us -uc (%.0f s)' %
           (time.time() - t), (r.stdout + r.stderr)[-4000:])
    return work


def base_root(tap):
    """A minbase bookworm root with ROOT_PKGS, as a cached tarball."""
    key = hashlib.sha256(' '.join(ROOT_PKGS).encode()).hexdigest()[:12]
    tarball = os.path.join(CACHE, 'root-bookworm-%s-%s.tar' % (
        datetime.date.today().isoformat(), key))
    if os.path.exists(tarball):
        return tarball
    os.makedirs(CACHE, exist_ok=True)
    t = time.time()
    part = tarball[:-len('.tar')] + '.part.tar'  # mmdebstrap: format by suffix
    r = sh(['mmdebstrap', '--variant=minbase', '--mode=root',
            '--include=' + ','.join(ROOT_PKGS), 'bookworm', part])
    if not tap.ok(r.returncode == 0, 'mmdebstrap minbase root (%.0f s)' %
                  (time.time() - t), r.stderr[-3000:]):
        return None
    os.rename(part, tarball)
    for old in glob.glob(os.path.join(CACHE, 'root-bookworm-*-%s.tar' % key)):
        if old != tarball:
            os.unlink(old)
    return tarball


def in_root(root, cmd, **kw):
    return sh(['chroot', root, '/bin/sh', '-c', cmd], **kw)


def tools_installed(tap):
    for tool in ('dpkg-buildpackage', 'lintian', 'mmdebstrap', 'chroot'):
        if not shutil.which(tool):
            tap.skip('debian packages', '%s missing (scripts/bootstrap)' % tool)
            tap.done()


def check_packages(tap):
    tmp = tempfile.mkdtemp(prefix='kc-deb-')
    root = os.path.join(tmp, 'root')
    mounted = []
    try:
        debdir = build_debs(tap, tmp)
        debs = {p: glob.glob(os.path.join(debdir, p + '_*.deb'))
                for p in PACKAGES}
        if not tap.ok(all(len(v) == 1 for v in debs.values()),
                      'one .deb per package', debs):
            return
        for p, (deb,) in sorted(debs.items()):
            r = sh(['dpkg-deb', '-c', deb])
            tap.ok(r.returncode == 0 and r.stdout, 'dpkg -c %s' % p)
            tap.diag('dpkg -c %s:\n%s' % (os.path.basename(deb), r.stdout))
        r = sh(['lintian', '--no-tag-display-limit'] +
               [d for (d,) in debs.values()])
        tap.diag('lintian:\n' + r.stdout)
        errors = [l for l in r.stdout.splitlines() if l.startswith('E:')]
        tap.ok(not errors, 'lintian: no errors', '\n'.join(errors))

        tarball = base_root(tap)
        if not tarball:
            return
        os.mkdir(root)
        sh(['tar', '-C', root, '-xf', tarball])
        for d in ('proc', 'dev'):
            if sh(['mount', '--bind', '/' + d, os.path.join(root, d)]).returncode == 0:
                mounted.append(os.path.join(root, d))
        shutil.copy('/etc/resolv.conf', os.path.join(root, 'etc', 'resolv.conf'))
        os.mkdir(os.path.join(root, 'debs'))
        for (deb,) in debs.values():
            shutil.copy(deb, os.path.join(root, 'debs'))
        r = in_root(root, 'apt-get update -q && apt-get install -y -q '
                    '--no-install-recommends /debs/*.deb')
        if not tap.ok(r.returncode == 0, 'apt install of the .debs in the root',
                      (r.stdout + r.stderr)[-3000:]):
            return

        checks = [
            ('afalg-trace --help', 0, 'Usage'),
            ('afalg-trace-bt --help', 0, 'usage'),
            ('afalg-harden --help', 0, 'usage'),
            ('echo -n abc | kcapi-dgst -c sha256 --hex', 0,
             hashlib.sha256(b'abc').hexdigest()),
            ('kcapi-rng -b 16 --hex | wc -c', 0, '32'),
            # AES-128-CBC of one zero block under a zero key and zero IV
            ('head -c 16 /dev/zero > /tmp/k && head -c 16 /dev/zero | '
             'kcapi-enc -c "cbc(aes)" --keyfd 3 '
             '3</tmp/k | od -An -tx1 | tr -d " \\n"', 0,
             '66e94bd4ef8a2c3b884cfa59ca342b2e'),
            ('echo -n abc > /tmp/f && sha512hmac /tmp/f', 0,
             hmac.new(b'FIPS-FTW-RHT2009', b'abc', 'sha512').hexdigest()),
            ('fipshmac /tmp/f && fipscheck /tmp/f && echo good', 0, 'good'),
            ('KCAPI_HASHER_FORCE_FIPS=1 sha512hmac /tmp/f', 0,
             hmac.new(b'FIPS-FTW-RHT2009', b'abc', 'sha512').hexdigest()),
            ('KCAPI_HASHER_FORCE_FIPS=1 fipscheck /tmp/f && echo self-test-ok',
             0, 'self-test-ok'),
            ('kcapi-hasher -n sha256sum /tmp/f', 0,
             hashlib.sha256(b'abc').hexdigest()),
            ('/usr/libexec/kcrypto-tools/sha1sum /tmp/f', 0,
             hashlib.sha1(b'abc').hexdigest()),
            ('update-alternatives --query sha512hmac', 0,
             'Value: /usr/libexec/kcrypto-tools/sha512hmac'),
            ('LD_PRELOAD=libafalg-shim.so python3 -c "import socket; '
             's = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0); '
             's.bind((\'hash\', \'sha1\')); o, _ = s.accept(); o.send(b\'abc\'); '
             'print(o.recv(20).hex())"', 0, hashlib.sha1(b'abc').hexdigest()),
            ('man -w afalg-trace afalg-harden kcapi-hasher kcapi-dgst '
             'kcapi-enc kcapi-rng afalg-shim libkcrypto', 0, 'libkcrypto.3'),
            ('ls /usr/share/doc/afalg-shim/examples/', 0, 'afalg-shim.conf'),
        ]
        if glob.glob(os.path.join(root, 'usr/bin/afalg-migrate')):
            checks.append(('afalg-migrate --help', 0, 'usage'))
        for cmd, rc, want in checks:
            r = in_root(root, cmd)
            tap.ok(r.returncode == rc and want in (r.stdout + r.stderr),
                   'in the root: %s' % cmd.split('|')[0].strip()[:60],
                   'rc %d\n%s%s' % (r.returncode, r.stdout, r.stderr))

        with open(os.path.join(root, 'tmp', 'kc-hello.c'), 'w') as f:
            f.write(open(os.path.join(SRC, 'tests', 'pkg', 'kc-hello.c')).read())
        r = in_root(root, 'cd /tmp && cc -o kc-hello kc-hello.c '
                    '$(pkg-config --cflags --libs libkcrypto) && '
                    './kc-hello "%s"' % MSG)
        want = '%s\n%s\n' % (hashlib.sha256(MSG.encode()).hexdigest(),
                             hmac.new(b'key', MSG.encode(), 'sha512').hexdigest())
        tap.ok(r.returncode == 0 and r.stdout == want,
               'in the root: cc $(pkg-config libkcrypto), program output',
               r.stdout + r.stderr)
    finally:
        for m in reversed(mounted):
            sh(['umount', m])
        if not mounted or all(sh(['mountpoint', '-q', m]).returncode
                              for m in mounted):
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == '__main__':
    run_tests(tools_installed, check_packages)
