# SPDX-License-Identifier: GPL-2.0
"""shim-probe under the shim: the paths real clients reach only incidentally.

Each probe command prints PASS/FAIL/SKIP lines (expected values from
OpenSSL's libcrypto, linked into the probe as the oracle); this driver turns
them into TAP.  "hygiene" is run twice, with and without the shim, and the
two transcripts of ordinary (non-AF_ALG) operations must be identical.
"""
import os
import subprocess

from shimtest import forward_checks, run_tests, shim_env

PROBE = os.environ.get('SHIM_PROBE', '')
CMDS = ['aio', 'splice', 'poll', 'keyring', 'fds', 'threads', 'zeroise',
        'enomem', 'edges', 'signals', 'feed']


def probe(cmd, shim=True, timeout=120):
    env = shim_env() if shim else dict(os.environ)
    return subprocess.run([PROBE, cmd], env=env, capture_output=True,
                          text=True, timeout=timeout)


# a program whose comm carries a newline and a record of its own
FORGER = r"""
import ctypes, socket
ctypes.CDLL(None).prctl(15, b'x\n{"exe":"/z"}', 0, 0, 0)  # PR_SET_NAME
t = socket.socket(38, socket.SOCK_SEQPACKET, 0)
t.bind(('hash', 'sha256'))
op, _ = t.accept()
op.sendall(b'abc')
op.recv(32)
"""


def log_comm_is_escaped(tap):
    """AFALG_SHIM_LOG: one record, valid JSON, the comm escaped in it."""
    import json
    import sys
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, 'log')
        env = shim_env({'AFALG_SHIM_LOG': path})
        r = subprocess.run([sys.executable, '-c', FORGER], env=env,
                           capture_output=True, text=True, timeout=60)
        try:
            lines = open(path).read().splitlines()
        except OSError:
            lines = []
    recs = []
    for line in lines:
        try:
            recs.append(json.loads(line))
        except ValueError:
            recs.append(None)
    tap.ok(r.returncode == 0 and len(recs) == 1 and recs[0] is not None and
           recs[0].get('comm', '').startswith('x\n{'),
           'log: a comm with a newline stays inside its one JSON record',
           'rc %d stderr %s\nlines %r' % (r.returncode, r.stderr[-500:],
                                          lines))


def probe_built(tap):
    if not PROBE:
        tap.skip('shim-probe', 'not built (no libcrypto development files)')
        tap.done()


def check_probe_commands(tap):
    for cmd in CMDS:
        try:
            r = probe(cmd)
        except subprocess.TimeoutExpired:
            tap.ok(False, '%s: finished in time' % cmd)
            continue
        forward_checks(tap, r, cmd)


def check_hygiene_transcript(tap):
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


if __name__ == '__main__':
    run_tests(probe_built, check_probe_commands, log_comm_is_escaped,
              check_hygiene_transcript)
