# SPDX-License-Identifier: GPL-2.0
"""libkcapi's own test suite under the shim, unmodified.

The test programs and scripts of Debian's libkcapi 1.4.0 source package
(test/ of libkcapi_1.4.0.orig.tar.xz, fetched from the Debian archive at
test time and checked against the SHA-256 its signed .dsc lists) are built
against the installed libkcapi-dev and run with the shim preloaded on this
host, whose kernel has no AF_ALG: test.sh (hashes, ciphers, AEADs, AIO,
vmsplice, the multithreaded stream test that shares one socket between
processes, KDFs), kcapi-enc-test.sh and kcapi-dgst-test.sh (Debian's
kcapi-enc and kcapi-dgst), kcapi-convenience.sh and
kcapi-enc-test-large.sh.  Every case libkcapi reports PASSED is a pass
here, every FAILED a failure, except the cases Linux 6.12 fails itself,
which are skips whose reason is read from the 6.12 tree kbuild unpacks:
akcipher and kpp are not AF_ALG types there (those sockets are libkcapi's
out-of-tree kernel patches), and the auxiliary test binds drbg_nopr_sha1,
a DRBG 6.12 no longer has.  Each libkcapi program runs under a 30 s
timeout so that a hang is a failure of that case, not of the run.
hasher-test.sh needs kcapi-hasher, which Debian does not ship.
"""
import glob
import hashlib
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import urllib.request

from shimtest import run_tests, shim_env

VERSION = '1.4.0'
TARBALL = 'libkcapi_%s.orig.tar.xz' % VERSION
URL = 'http://deb.debian.org/debian/pool/main/libk/libkcapi/' + TARBALL
# Checksums-Sha256 of libkcapi_1.4.0-1.dsc (Debian bookworm)
SHA256 = '644b47593b3f27f08add7a8808ccdbe569a2f331d70fb8b52551e57379b917fa'

SCRIPTS = ['test.sh', 'kcapi-enc-test.sh', 'kcapi-dgst-test.sh',
           'kcapi-convenience.sh', 'kcapi-enc-test-large.sh']
PROGRAMS = {'kcapi': 'kcapi-main.c',
            'kcapi-convenience': 'kcapi-convenience.c',
            'kcapi-enc-test-large': 'kcapi-enc-test-large.c'}
# One invocation's bound.  The longest case, PBKDF2-HMAC-SHA1 with 2^24
# iterations (RFC 6070's fourth vector, test.sh "PBKDF ... test 4"), took
# 4.5 s of CPU and 20 s of wall time with the machine's 2 cores shared
# five ways (load average 5-11), and 30 s was too little then.
CASE_TIMEOUT = 120
LINE = re.compile(r'\[(PASSED|FAILED|DEACTIVATED):[^\]]*\]\s*(.*)$')
ANSI = re.compile(r'\x1b\[[0-9;]*m')


def cache_dir():
    base = os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache')
    path = os.path.join(base, 'afalg-exit', 'src')
    os.makedirs(path, exist_ok=True)
    return path


def fetch():
    """The verified tarball's path, or (None, why)."""
    path = os.path.join(cache_dir(), TARBALL)
    if not os.path.exists(path):
        tmp = path + '.part'
        try:
            with urllib.request.urlopen(URL, timeout=120) as r, \
                    open(tmp, 'wb') as out:
                shutil.copyfileobj(r, out)
        except OSError as e:
            return None, 'cannot fetch %s: %s' % (URL, e)
        os.replace(tmp, path)
    with open(path, 'rb') as fp:
        got = hashlib.sha256(fp.read()).hexdigest()
    if got != SHA256:
        os.unlink(path)
        return None, '%s: SHA-256 %s, the .dsc says %s' % (path, got, SHA256)
    return path, None


def kernel_612_facts():
    """What the 6.12 tree says about the cases libkcapi expects to fail
    there: {'types': set of AF_ALG types, 'drbg_sha1': bool}, or None."""
    base = os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache')
    for tree in sorted(glob.glob(os.path.join(base, 'afalg-exit', 'linux-6.12.*'))):
        crypto = os.path.join(tree, 'crypto')
        if not os.path.isdir(crypto):
            continue
        types = set()
        for src in glob.glob(os.path.join(crypto, '*.c')):
            with open(src, encoding='latin-1') as fp:
                text = fp.read()
            for m in re.finditer(r'af_alg_register_type\(&algif_type_(\w+)\)', text):
                types.add(m.group(1))
        with open(os.path.join(crypto, 'drbg.c'), encoding='latin-1') as fp:
            drbg = fp.read()
        sha1 = re.search(r'\.backend_cra_name\s*=\s*"sha1"', drbg) is not None
        return {'types': types, 'drbg_sha1': sha1, 'tree': tree}
    return None


def kernel_fails_too(desc, facts):
    """(True, why) when Linux 6.12 cannot pass this case either."""
    if facts is None:
        return None, 'no Linux 6.12 tree to check against'
    if desc.startswith('Asymmetric'):
        need = 'akcipher'
    elif desc.startswith('KPP'):
        need = 'kpp'
    elif desc.startswith('Auxiliary'):
        if facts['drbg_sha1']:
            return False, 'the 6.12 tree has drbg_nopr_sha1'
        return True, 'Linux 6.12 fails it too: libkcapi binds drbg_nopr_sha1, which 6.12 has no longer'
    else:
        return False, None
    if need in facts['types']:
        return False, 'the 6.12 tree registers AF_ALG type %s' % need
    return True, ('Linux 6.12 fails it too: %s is not an AF_ALG type there '
                  '(registered: %s)' % (need, ', '.join(sorted(facts['types']))))


def build(tap, testdir):
    flags = subprocess.run(['pkg-config', '--cflags', '--libs', 'libkcapi'],
                           capture_output=True, text=True)
    if flags.returncode:
        return tap.ok(False, 'pkg-config libkcapi', flags.stderr)
    for prog, src in PROGRAMS.items():
        p = subprocess.run(['cc', '-O2', '-o', os.path.join(testdir, prog + '.bin'),
                            os.path.join(testdir, src)] + flags.stdout.split(),
                           capture_output=True, text=True)
        if not tap.ok(p.returncode == 0, 'build libkcapi test/%s' % src, p.stderr):
            return False
        # the scripts run $dir/<prog>; a hang of one invocation becomes
        # that case's failure
        wrapper = os.path.join(testdir, prog)
        with open(wrapper, 'w') as fp:
            fp.write('#!/bin/sh\nexec timeout -k 5 %d "$(dirname "$0")/%s.bin" "$@"\n'
                     % (CASE_TIMEOUT, prog))
        os.chmod(wrapper, 0o755)
    return True


def private_tmpdir(tap, testdir):
    """Give the scripts a scratch directory of this run's own.

    libtest.sh sets TMPDIR=/var/tmp, and kcapi-dgst-test.sh and
    kcapi-enc-test.sh keep their files there under fixed names, so two
    runs at once (two checkouts on one machine) read each other's files
    and fail with digests swapped between cases.
    """
    lib = os.path.join(testdir, 'libtest.sh')
    with open(lib) as fp:
        text = fp.read()
    line = 'TMPDIR="/var/tmp"'
    scratch = os.path.join(testdir, 'scratch')
    os.mkdir(scratch)
    if not tap.ok(text.count(line) == 1, 'libtest.sh sets TMPDIR once, '
                  'as in libkcapi %s (the run gets its own)' % VERSION,
                  'the line %r is not there once' % line):
        return False
    with open(lib, 'w') as fp:
        fp.write(text.replace(line, 'TMPDIR="%s"' % scratch))
    return True


def run_script(tap, testdir, script, facts):
    env = shim_env({'KCAPI_TEST_LOCAL': '0'})
    p = subprocess.run(['bash', os.path.join(testdir, script)], cwd=testdir,
                       env=env, capture_output=True, text=True,
                       errors='replace', timeout=3000)
    failed = 0
    last = ''
    counted = {'PASSED': 0, 'FAILED': 0, 'DEACTIVATED': 0}
    for raw in p.stdout.splitlines():
        m = LINE.search(ANSI.sub('', raw))
        if not m:
            continue
        verdict, desc = m.group(1), m.group(2).strip()
        counted[verdict] += 1
        last = desc
        name = '%s: %s' % (script, desc)
        if verdict == 'PASSED':
            tap.ok(True, name)
        elif verdict == 'DEACTIVATED':
            tap.skip(name, 'libkcapi deactivated it')
        else:
            failed += 1
            too, why = kernel_fails_too(desc, facts)
            if too:
                tap.skip(name, why)
            elif too is None:
                tap.skip(name, why)
            else:
                tap.ok(False, name, why)
    # the script ran to its end: test.sh's last cases are its HKDF tests
    # (its exit status counts most failures twice), the others print
    # their failure count last
    m = re.search(r'Number of failures: (\d+)', p.stdout)
    if script == 'test.sh':
        ran = p.returncode >= 0 and last.startswith('HKDF')
    else:
        ran = m is not None and int(m.group(1)) == failed
    tap.ok(ran and counted['PASSED'] > 0,
           '%s ran to its end (%d passed, %d failed, %d deactivated)'
           % (script, counted['PASSED'], counted['FAILED'], counted['DEACTIVATED']),
           'exit %d\n%s' % (p.returncode, p.stderr[-2000:]))


def check_testsuite(tap):
    tarball, why = fetch()
    if not tap.ok(tarball is not None, 'libkcapi %s source from the Debian archive, '
                  'SHA-256 as its .dsc' % VERSION, why):
        return
    facts = kernel_612_facts()
    with tempfile.TemporaryDirectory(prefix='libkcapi-test-') as tmp:
        with tarfile.open(tarball) as tf:
            members = [m for m in tf.getmembers()
                       if m.name.startswith('libkcapi-%s/test/' % VERSION)
                       and (m.isfile() or m.isdir())]
            tf.extractall(tmp, members=members)
        testdir = os.path.join(tmp, 'libkcapi-%s' % VERSION, 'test')
        # libtest.sh would look for a source-tree build next to test/
        if os.path.exists(os.path.join(testdir, 'test-is-local')):
            os.unlink(os.path.join(testdir, 'test-is-local'))
        if not private_tmpdir(tap, testdir):
            return
        if build(tap, testdir):
            # kcapi exits 0 even when it fails: compare what it prints
            want = hashlib.sha256(b'\x00').hexdigest()
            argv = [os.path.join(testdir, 'kcapi.bin'), '-x', '3', '-c', 'sha256',
                    '-p', '00']
            p = subprocess.run(argv, env=shim_env(), capture_output=True,
                               text=True, timeout=60)
            tap.ok(p.stdout.strip() == want, 'kcapi -x 3 -c sha256 under the '
                   'shim prints hashlib\'s digest', p.stdout + p.stderr)
            p = subprocess.run(argv, capture_output=True, text=True, timeout=60)
            if p.stdout.strip() == want:
                tap.skip('kcapi without the shim', 'this kernel has AF_ALG')
            else:
                tap.ok(True, 'kcapi without the shim gets no digest (no AF_ALG here)')
            for script in SCRIPTS:
                run_script(tap, testdir, script, facts)


if __name__ == '__main__':
    run_tests(check_testsuite)
