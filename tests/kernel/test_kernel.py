# SPDX-License-Identifier: GPL-2.0
"""Suite "kernel": the 6.12 patch series, built and booted in QEMU.

    test_kernel.py series       the committed series matches the shared sources
    test_kernel.py checkpatch   scripts/checkpatch.pl --strict on every patch
    test_kernel.py boot-x86_64  build, boot with KUnit, check every case;
                                then the af_alg mode from userspace
    test_kernel.py boot-param   af_alg.mode= on the command line
    test_kernel.py fsverity     fs-verity on a host-made ext4 image
    test_kernel.py arm64        arm64 build booted under TCG with KUnit

Every test point is TAP; a prerequisite that is missing fails (the
kernel-patches/kbuild step installs what scripts/packages.txt lists).
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
KP = os.path.join(TOP, 'kernel-patches')
sys.path.insert(0, os.path.join(TOP, 'tests', 'unit'))
from kctest import Tap  # noqa: E402

# Debian's python3 and perl tools first (checkpatch's spdxcheck needs ply).
os.environ['PATH'] = '/usr/bin:/bin:' + os.environ.get('PATH', '')


def run(cmd, **kw):
    t = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, errors='replace', **kw)
    return p.returncode, p.stdout, time.time() - t


def kbuild(tap, arch):
    rc, out, secs = run([os.path.join(KP, 'kbuild'), '--arch', arch])
    ok = tap.ok(rc == 0, '%s kernel builds with the series (%.0fs)'
                % (arch, secs), out[-4000:])
    if not ok:
        return None
    return out.strip().splitlines()[-1]


def test_series(tap):
    rc, out, _ = run([os.path.join(KP, 'gen-series'), '--check'])
    tap.ok(rc == 0, 'committed series is generated from the shared sources',
           out[-6000:])


def test_checkpatch(tap):
    rc, out, _ = run([os.path.join(KP, 'kbuild'), '--base-only'])
    if not tap.ok(rc == 0, 'kernel source tree available', out[-2000:]):
        return
    src = out.strip().splitlines()[-1]
    series = sorted(f for f in os.listdir(os.path.join(KP, 'series'))
                    if f.endswith('.patch'))
    tap.ok(len(series) > 0, 'the series has patches (%d)' % len(series))
    for p in series:
        # FILE_PATH_CHANGES ("does MAINTAINERS need updating?") is raised
        # for every new file; new files go under lib/crypto/ and crypto/,
        # which MAINTAINERS already covers (patch 1 adds the one that was not).
        rc, out, _ = run(['perl', os.path.join(src, 'scripts', 'checkpatch.pl'),
                          '--strict', '--quiet', '--no-color',
                          '--ignore', 'FILE_PATH_CHANGES',
                          os.path.join(KP, 'series', p)], cwd=src)
        clean = rc == 0 and 'Traceback' not in out and out.strip() == ''
        tap.ok(clean, 'checkpatch --strict clean: %s' % p, out[-4000:])


def test_boot_x86_64(tap):
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    console = os.path.join(kdir, 'console-kunit.log')
    rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kunit',
                         '--console', console,
                         '--cmd', '/run/guest/afalg-knob-test'])
    tap.diag(out)
    tap.ok(rc == 0, 'KUnit suites pass and the af_alg mode userspace checks '
           'pass in the x86_64 guest (%.0fs)' % secs)


def test_boot_param(tap):
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    for mode in ('2', '3', '1'):
        rc, out, secs = run([os.path.join(KP, 'run-guest'),
                             '--append', 'af_alg.mode=' + mode, '--no-hostroot',
                             '--cmd', '/guest/afalg-knob-test --boot ' + mode])
        tap.ok(rc == 0, 'boot parameter af_alg.mode=%s takes effect (%.0fs)'
               % (mode, secs), out)
    rc, out, _ = run([os.path.join(KP, 'run-guest'), '--append',
                      'af_alg.mode=7', '--no-hostroot', '--cmd',
                      '/guest/afalg-knob-test --boot 0'])
    tap.ok(rc == 0, 'an invalid af_alg.mode=7 is ignored (default 0 stays)',
           out)


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else ''
    tests = {
        'series': test_series,
        'checkpatch': test_checkpatch,
        'boot-x86_64': test_boot_x86_64,
        'boot-param': test_boot_param,
    }
    if what not in tests:
        sys.exit('usage: test_kernel.py %s' % '|'.join(tests))
    tap = Tap()
    tests[what](tap)
    tap.done()


if __name__ == '__main__':
    main()
