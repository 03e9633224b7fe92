#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer": the guard that keeps BPF out of the build host's kernel.

The host drivers of this suite run under bpf-deny (tests/tracer/bpf-deny.c,
a seccomp filter making bpf(2) fail with EPERM).  This driver runs outside
it and checks the guard: bpf-probe, which calls bpf() once with a command
no kernel knows (rejected before anything is created, loaded or read),
gets EPERM under bpf-deny and something else (EINVAL, as root) without
it; bpftool fails under it (afalg-trace's own line is checked by
test_tracer_host.py); other system calls, the exit status and the
environment pass through; the filter is inherited by children.  Without the filter the first checks fail (try
BPF_DENY=/usr/bin/env).
"""
import os
import shutil
import subprocess

from kctest import Tap

DENY = os.environ['BPF_DENY']
PROBE = os.environ['BPF_PROBE']


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, **kw)


def main():
    tap = Tap()
    r = run([DENY, PROBE])
    tap.ok(r.returncode == 0 and r.stdout.strip() == 'EPERM',
           'under bpf-deny, bpf() fails with EPERM', r.stdout + r.stderr)
    r = run([DENY, '/bin/sh', '-c', '"$0"; "$0"', PROBE])
    tap.ok(r.returncode == 0 and r.stdout.split() == ['EPERM', 'EPERM'],
           'the filter is inherited by children (sh, then the probe)', r.stdout + r.stderr)
    if os.geteuid() != 0:
        tap.skip('without bpf-deny, bpf() is not refused by it',
                 'not root: the kernel refuses bpf() with EPERM anyway')
    else:
        r = run([PROBE])
        tap.ok(r.returncode == 0 and r.stdout.strip() not in ('EPERM', ''),
               'without bpf-deny, the same call fails otherwise (%s): the EPERM is the filter\'s'
               % r.stdout.strip(), r.stdout + r.stderr)
    r = run([DENY, '/bin/sh', '-c', 'grep ^Seccomp: /proc/self/status; exit 7'],
            env=dict(os.environ, BPF_DENY_TEST='kept'))
    tap.ok(r.returncode == 7 and r.stdout.split() == ['Seccomp:', '2'],
           'other system calls work, the exit status passes through, the process is in '
           'seccomp filter mode', r.stdout + r.stderr)
    r = run([DENY, '/bin/sh', '-c', 'echo "$BPF_DENY_TEST"'],
            env=dict(os.environ, BPF_DENY_TEST='kept'))
    tap.ok(r.stdout.strip() == 'kept', 'the environment passes through', r.stdout + r.stderr)
    r = run([DENY])
    tap.ok(r.returncode == 2 and 'usage' in r.stderr, 'no command: usage, exit 2', r.stderr)
    r = run([DENY, '/nonexistent/cmd'])
    tap.ok(r.returncode == 127 and 'nonexistent' in r.stderr,
           'a command that does not exist: exit 127 and its name', r.stderr)
    bpftool = shutil.which('bpftool') or next(
        (p for p in ('/usr/sbin/bpftool', '/sbin/bpftool') if os.access(p, os.X_OK)), None)
    if not bpftool:
        tap.skip('bpftool prog list under bpf-deny', 'bpftool not installed')
    else:
        r = run([DENY, bpftool, 'prog', 'list'])
        tap.ok(r.returncode != 0 and 'Operation not permitted' in r.stderr + r.stdout,
               'bpftool prog list under bpf-deny: refused (Operation not permitted)',
               r.stdout[-500:] + r.stderr)
    tap.done()


if __name__ == '__main__':
    main()
