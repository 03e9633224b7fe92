#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer", host part: what afalg-trace and afalg-trace-bt do on the
build host without loading BPF.

Nothing of ours is loaded into the build machine's kernel (issue 27 item
5): every check that attaches the tracer runs in the QEMU guest
(test_tracer_guest.py, phase h for what this driver once ran on the host,
the no-AF_ALG path as crypto.af_alg_restrict=2).  meson runs this driver
under bpf-deny (a seccomp filter: bpf(2) fails with EPERM), and its first
check is that it is; without the guard it stops there, failing.

What is left here needs no BPF: the one-line errors (bpf() refused under a
seccomp filter, no privileges, no BTF, a missing cgroup), --help, usage
errors for bad options, and the same for the bpftrace wrapper.
"""
import os
import pwd
import shutil
import subprocess

from kctest import Tap

TRACE = os.environ['AFALG_TRACE']
FOLD = os.environ.get('AFALG_TRACE_FOLD')


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, **kw)


def seccomp_mode():
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith('Seccomp:'):
                return int(line.split()[1])
    return 0


def one_line(tap, r, want, desc, rc=1):
    """r failed with exit rc and exactly one stderr line holding every
    string of want; nothing was traced."""
    lines = r.stderr.strip().splitlines()
    return tap.ok(r.returncode == rc and len(lines) == 1 and
                  all(w in lines[0] for w in want) and 'tracing AF_ALG' not in r.stderr,
                  desc, 'rc=%d\n%s%s' % (r.returncode, r.stdout[-500:], r.stderr))


def main():
    tap = Tap()
    # -- 0: the guard: bpf() refused in this process tree --------------------
    probe = os.environ.get('BPF_PROBE')
    r = run([probe]) if probe else None
    if not tap.ok(seccomp_mode() == 2 and r is not None and r.stdout.strip() == 'EPERM',
                  'the host driver runs under bpf-deny: bpf() fails with EPERM here',
                  'Seccomp mode %d, bpf-probe says %s' % (
                      seccomp_mode(), r.stdout.strip() if r else '(no BPF_PROBE)')):
        tap.diag('refusing to run the tracer on the host without the guard')
        tap.done()

    # -- 1: clear one-line errors ---------------------------------------------
    if os.geteuid() == 0:
        r = run([TRACE, '-d', '1'])
        one_line(tap, r, ('bpf() refused with EPERM', 'seccomp', 'nothing traced'),
                 'bpf() refused (root under a seccomp filter): one clear line, exit 1')
    else:
        tap.skip('bpf() refused under a seccomp filter', 'not root: privileges are missing first')
    r = run([TRACE, '-d', '1', '--btf', '/nonexistent.btf'])
    one_line(tap, r, ('BTF', 'nothing traced'), 'missing BTF: one clear line, non-zero exit')
    try:
        nobody = pwd.getpwnam('nobody')
        r = run(['setpriv', '--reuid=%d' % nobody.pw_uid, '--regid=%d' % nobody.pw_gid,
                 '--clear-groups', '--inh-caps=-all', TRACE, '-d', '1'])
        one_line(tap, r, ('privileges', 'nothing traced'),
                 'unprivileged: one clear line saying privileges are missing')
    except (KeyError, FileNotFoundError) as ex:
        tap.skip('unprivileged error line', str(ex))
    r = run([TRACE, '-d', '1', '-c', '/nonexistent-cgroup'])
    if os.geteuid() == 0:
        one_line(tap, r, ('cannot open cgroup /nonexistent-cgroup',),
                 '--cgroup of a missing directory: one clear line, exit 1')
    else:
        tap.skip('--cgroup of a missing directory', 'not root: privileges are missing first')

    # -- 2: options ---------------------------------------------------------------
    r = run([TRACE, '--help'])
    tap.ok(r.returncode == 0 and r.stdout.startswith('Usage: afalg-trace') and
           all(o in r.stdout for o in ('--events', '--ops', '--pid', '--cgroup', '--duration',
                                       '--ringbuf-mb', '--btf', '--no-fentry', '--no-kprobe',
                                       '--no-kernel-tracepoints', '--allowlists', '--ready',
                                       '--table')),
           '--help: exit 0, every option listed', r.stdout + r.stderr)
    r = run([TRACE, '--version'])
    tap.ok(r.returncode == 0 and r.stdout.startswith('afalg-trace '), '--version', r.stdout)
    for argv, want in ((['-p', '0'], 'invalid PID: 0'), (['-p', '12x'], 'invalid PID: 12x'),
                       (['-d', '0'], 'invalid duration: 0'), (['-d', 'soon'], 'invalid duration'),
                       (['--ringbuf-mb', '3'], 'power of 2'),
                       (['--ringbuf-mb', '2048'], 'power of 2'),
                       (['extra'], 'Usage'), (['--no-such-option'], 'unrecognized option')):
        r = run([TRACE] + argv)
        tap.ok(r.returncode == 64 and want in r.stderr and 'tracing AF_ALG' not in r.stderr
               and not r.stdout,
               'usage error %s: exit 64 (EX_USAGE), says "%s", nothing traced'
               % (' '.join(argv), want), 'rc=%d\n%s' % (r.returncode, r.stderr))

    # -- 3: the bpftrace wrapper -----------------------------------------------
    if not FOLD or not os.path.exists(FOLD):
        tap.skip('afalg-trace-bt options', 'tracer/afalg-trace-bt missing')
        tap.done()
    r = run([FOLD, '--help'])
    tap.ok(r.returncode == 0 and 'usage' in r.stdout and '--input' in r.stdout and
           '--no-kernel-tracepoints' in r.stdout, 'afalg-trace-bt --help', r.stdout + r.stderr)
    r = run([FOLD, '-d', 'soon'])
    tap.ok(r.returncode == 2 and 'invalid float value' in r.stderr,
           'afalg-trace-bt: a bad option value is a usage error (exit 2)', r.stderr)
    try:
        nobody = pwd.getpwnam('nobody')
        r = run(['setpriv', '--reuid=%d' % nobody.pw_uid, '--regid=%d' % nobody.pw_gid,
                 '--clear-groups', '--inh-caps=-all', FOLD, '-d', '1'])
        one_line(tap, r, ('afalg-trace-bt', 'privileges', 'nothing traced'),
                 'afalg-trace-bt unprivileged: one clear line saying privileges are missing')
    except (KeyError, FileNotFoundError) as ex:
        tap.skip('afalg-trace-bt unprivileged error line', str(ex))
    if os.geteuid() != 0 or not shutil.which('bpftrace'):
        tap.skip('afalg-trace-bt under a seccomp filter', 'not root, or no bpftrace')
    else:
        r = run([FOLD, '-d', '1'])
        one_line(tap, r, ('bpftrace did not start', 'seccomp'),
                 'afalg-trace-bt as root under a seccomp filter: one line naming the filter')
    tap.done()


if __name__ == '__main__':
    main()
