# SPDX-License-Identifier: GPL-2.0
"""shim-probe under the shim: the paths real clients reach only incidentally.

Each probe command prints PASS/FAIL/SKIP lines (expected values from
OpenSSL's libcrypto, linked into the probe as the oracle); this driver turns
them into TAP.  "hygiene" is run twice, with and without the shim, and the
two transcripts of ordinary (non-AF_ALG) operations must be identical.
"""
import os
import subprocess

from shimtest import Tap, forward_checks, shim_env

PROBE = os.environ.get('SHIM_PROBE', '')
CMDS = ['aio', 'splice', 'poll', 'keyring', 'fds', 'threads', 'zeroise',
        'enomem', 'edges']


def probe(cmd, shim=True, timeout=120):
    env = shim_env() if shim else dict(os.environ)
    return subprocess.run([PROBE, cmd], env=env, capture_output=True,
                          text=True, timeout=timeout)


def main():
    tap = Tap()
    if not PROBE:
        tap.skip('shim-probe', 'not built (no libcrypto development files)')
        tap.done()
    for cmd in CMDS:
        try:
            r = probe(cmd)
        except subprocess.TimeoutExpired:
            tap.ok(False, '%s: finished in time' % cmd)
            continue
        forward_checks(tap, r, cmd)

    plain = probe('hygiene', shim=False)
    shimmed = probe('hygiene', shim=True)
    a = [l for l in plain.stdout.splitlines() if l.startswith('T ')]
    b = [l for l in shimmed.stdout.splitlines() if l.startswith('T ')]
    tap.ok(len(a) > 50 and plain.returncode == 0,
           'hygiene: transcript without the shim (%d lines)' % len(a),
           plain.stderr[-2000:])
    diff = [(x, y) for x, y in zip(a, b) if x != y]
    tap.ok(a == b and shimmed.returncode == 0,
           'hygiene: ordinary descriptors, sockets, AIO, signals and errno '
           'behave identically under the shim',
           '\n'.join('-%s\n+%s' % d for d in diff[:20]) +
           '\nlengths %d %d' % (len(a), len(b)))
    tap.done()


main()
