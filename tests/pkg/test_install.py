# SPDX-License-Identifier: GPL-2.0
"""meson install and both libkcrypto.pc files.

1. `meson install --destdir` of this build: every command a user runs is
   installed with its man page, the installed tools run, and a program
   builds with the installed libkcrypto.pc (its prefix moved to the
   destdir with --define-variable: a prefix that is not on the compiler's
   default path), shared and static.
2. libkcrypto as a meson subproject of a small project configured with
   --prefix /opt/kc: dependency('libkcrypto') builds, the subproject's
   uninstalled .pc builds a program, and its install (destdir) ships a .pc
   that builds one too.
Every program's output is checked against hashlib/hmac.
"""
import glob
import hashlib
import hmac
import json
import os
import shutil
import subprocess

from kctest import run_tests

SRC = os.environ['KC_SOURCE_ROOT']
BUILD = os.environ['KC_BUILD_ROOT']
HELLO = os.path.join(SRC, 'tests', 'pkg', 'kc-hello.c')
MSG = 'the quick brown fox'
WANT = '%s\n%s\n' % (hashlib.sha256(MSG.encode()).hexdigest(),
                     hmac.new(b'key', MSG.encode(), 'sha512').hexdigest())
COMMANDS = {  # installed path (below the prefix) -> man page
    'bin/afalg-trace': 'man8/afalg-trace.8',
    'bin/afalg-trace-bt': 'man8/afalg-trace-bt.8',
    'bin/afalg-harden': 'man8/afalg-harden.8',
    'libexec/kcrypto-tools/kcapi-hasher': 'man1/kcapi-hasher.1',
    'libexec/kcrypto-tools/kcapi-dgst': 'man1/kcapi-dgst.1',
    'libexec/kcrypto-tools/kcapi-enc': 'man1/kcapi-enc.1',
    'libexec/kcrypto-tools/kcapi-rng': 'man1/kcapi-rng.1',
}


def sh(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def pc_build(tap, what, pcdir, out, static=False, root=None):
    """Build kc-hello with the .pc in @pcdir; @root: where its prefix is
    now (the destdir), given to pkg-config as the prefix."""
    env = dict(os.environ, PKG_CONFIG_PATH=pcdir)
    env.pop('PKG_CONFIG_LIBDIR', None)
    args = ['pkg-config']
    if root:
        args.append('--define-variable=prefix=' + root)
    cflags = sh(args + ['--cflags', 'libkcrypto'], env=env)
    libs = sh(args + ['--libs'] + (['--static'] if static else []) +
              ['libkcrypto'], env=env)
    if not tap.ok(cflags.returncode == 0 and libs.returncode == 0,
                  '%s: pkg-config' % what, cflags.stderr + libs.stderr):
        return
    libflags = libs.stdout.split()
    if static:  # link the archive, not the .so beside it
        libdir = [f[2:] for f in libflags if f.startswith('-L')][0]
        libflags = [os.path.join(libdir, 'libkcrypto.a')]
    cc = sh(['cc', '-o', out, HELLO] + cflags.stdout.split() + libflags)
    if not tap.ok(cc.returncode == 0, '%s: cc with its flags' % what,
                  cc.stdout + cc.stderr + '\n' + cflags.stdout):
        return
    libdir = [f[2:] for f in libs.stdout.split() if f.startswith('-L')]
    r = sh([out, MSG], env=dict(os.environ, LD_LIBRARY_PATH=':'.join(libdir)))
    tap.ok(r.stdout == WANT, '%s: program output' % what, r.stdout + r.stderr)
    if static:
        ldd = sh(['ldd', out])
        tap.ok('libkcrypto' not in ldd.stdout, '%s: no libkcrypto.so' % what)


def installed(tap, tmp):
    dest = os.path.join(tmp, 'dest')
    r = sh(['meson', 'install', '-C', BUILD, '--no-rebuild', '--quiet',
            '--destdir', dest])
    if not tap.ok(r.returncode == 0, 'meson install --destdir', r.stdout + r.stderr):
        return
    prefix = sh(['meson', 'introspect', '--buildoptions', BUILD])
    opts = {o['name']: o['value'] for o in json.loads(prefix.stdout)}
    root = dest + opts['prefix']
    mandir = os.path.join(root, opts['mandir'])
    for path, man in COMMANDS.items():
        exe = os.path.join(root, path.replace('bin/', opts['bindir'] + '/', 1)
                           .replace('libexec/', opts['libexecdir'] + '/', 1))
        if path == 'bin/afalg-trace' and not os.path.exists(
                os.path.join(BUILD, 'tracer', 'afalg-trace')):
            tap.skip(path, 'tracer not built here')
            continue
        tap.ok(os.access(exe, os.X_OK), 'installed: %s' % path)
        tap.ok(os.path.exists(os.path.join(mandir, man)),
               'man page: %s' % man)
        r = sh(['man', '--warnings', '-l', os.path.join(mandir, man)],
               env=dict(os.environ, MANWIDTH='80'))
        tap.ok(r.returncode == 0 and not r.stderr.strip(),
               'man renders without warnings: %s' % man, r.stderr)
    tools = os.path.join(root, opts['libexecdir'], 'kcrypto-tools')
    for name in ('sha512hmac', 'fipscheck', 'sha256sum', 'fipshmac'):
        tap.ok(os.path.realpath(os.path.join(tools, name)) ==
               os.path.realpath(os.path.join(tools, 'kcapi-hasher')),
               'personality link %s' % name)
    r = sh([os.path.join(tools, 'sha512hmac'), HELLO])
    tap.ok(r.stdout.split()[:1] == [hmac.new(
        b'FIPS-FTW-RHT2009', open(HELLO, 'rb').read(), 'sha512').hexdigest()],
        'installed sha512hmac runs', r.stdout + r.stderr)
    r = sh([os.path.join(root, opts['bindir'], 'afalg-trace-bt'), '--help'])
    tap.ok(r.returncode == 0 and 'usage' in r.stdout.lower(),
           'installed afalg-trace-bt runs', r.stderr)
    tap.ok(os.path.exists(os.path.join(root, opts['includedir'], 'kcrypto',
                                       'kcapi-to-kcrypto.h')),
           'kcapi-to-kcrypto.h installed')
    tap.ok(os.path.exists(os.path.join(mandir, 'man3', 'libkcrypto.3')),
           'libkcrypto.3 installed')
    pcdir = glob.glob(os.path.join(root, '**', 'pkgconfig'), recursive=True)
    if tap.ok(len(pcdir) == 1, 'one pkgconfig directory', pcdir):
        pc_build(tap, 'installed .pc, shared', pcdir[0], os.path.join(tmp, 'h1'),
                 root=root)
        pc_build(tap, 'installed .pc, static', pcdir[0], os.path.join(tmp, 'h2'),
                 static=True, root=root)


def subproject(tap, tmp):
    proj = os.path.join(tmp, 'consumer')
    os.makedirs(os.path.join(proj, 'subprojects'))
    os.symlink(SRC, os.path.join(proj, 'subprojects', 'afalg-exit'))
    shutil.copy(HELLO, proj)
    with open(os.path.join(proj, 'meson.build'), 'w') as f:
        f.write("project('consumer', 'c')\n"
                "kc = dependency('libkcrypto', fallback : ['afalg-exit'])\n"
                "executable('kc-hello', 'kc-hello.c', dependencies : kc)\n")
    b = os.path.join(tmp, 'consumer-build')
    r = sh(['meson', 'setup', '--prefix', '/opt/kc', b, proj])
    if not tap.ok(r.returncode == 0, 'subproject: meson setup --prefix /opt/kc',
                  r.stdout[-3000:] + r.stderr):
        return
    r = sh(['meson', 'compile', '-C', b])
    if not tap.ok(r.returncode == 0, 'subproject: meson compile',
                  r.stdout[-3000:] + r.stderr):
        return
    r = sh([os.path.join(b, 'kc-hello'), MSG])
    tap.ok(r.stdout == WANT, 'subproject: program output', r.stdout + r.stderr)
    pc_build(tap, 'uninstalled .pc', os.path.join(b, 'meson-uninstalled'),
             os.path.join(tmp, 'h3'))
    dest = os.path.join(tmp, 'dest-kc')
    r = sh(['meson', 'install', '-C', b, '--quiet', '--destdir', dest])
    tap.ok(r.returncode == 0, 'subproject: meson install', r.stderr)
    pcdir = glob.glob(os.path.join(dest, 'opt', 'kc', '**', 'pkgconfig'),
                      recursive=True)
    if tap.ok(len(pcdir) == 1, '/opt/kc: libkcrypto.pc installed', pcdir):
        pc = open(os.path.join(pcdir[0], 'libkcrypto.pc')).read()
        tap.ok('prefix=/opt/kc' in pc, '/opt/kc: prefix in the .pc', pc)
        pc_build(tap, '/opt/kc .pc', pcdir[0], os.path.join(tmp, 'h4'),
                 root=os.path.join(dest, 'opt', 'kc'))


def main():
    run_tests(installed, subproject, tmp_prefix='kc-install-')


if __name__ == '__main__':
    main()
