#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "demo": the README's main job, scripts/demo, end to end.

Runs `scripts/demo --no-build --build BUILD OUT` (the patched 6.12 guest,
afalg-trace, the shim, afalg-migrate) and checks what it left in OUT:

- with AF_ALG on (the audit phase: crypto.af_alg_restrict=0 and
  crypto.af_alg_log_use=1; "mode 1" below) every client's output equals an
  independent oracle (hashlib/hmac/cryptography, or hardlink's links);
- with AF_ALG off (crypto.af_alg_restrict=2, "mode 2") no raw AF_ALG
  client works natively except those that fall back to their own code
  (openssl's engine, hardlink);
- under the shim, still at 2, every client's output is byte for byte
  its mode-1 output, and the kernel logs no AF_ALG use;
- at crypto.af_alg_restrict=1 (the upstream default), as an unprivileged
  user, a client works natively exactly when the allowlists allow its
  algorithm (openssl's engine does not fall back on bind()'s ENOENT),
  and under the shim in
  fallback mode its output is byte for byte its mode-1 output;
- the tracer's mode-1 inventory names each client's executable with the
  algorithm it bound, its mode-2 inventory counts each one as denied, and
  no event was lost;
- afalg-migrate wrote a plan.

With an argument, debian-6.1 or debian-6.12 (suites distro-6.1 and
distro-6.12), the same demo on Debian's own kernel (scripts/demo
--distro-kernel): AF_ALG modular and loaded on demand, no restriction and
no use log in that kernel, so "AF_ALG off" is the af_alg module
blacklisted and the shim runs in fallback mode; the level-1 checks become
a check that the demo said it left that phase out because the kernel has
no crypto.af_alg_restrict, and the use-log check one that the kernel
logged nothing (it cannot).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import afalg_matrix as matrix
from democlients import CLIENT_ALG, EXPECTED_BINDS, OWN_FALLBACK
from kctest import run_tests

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
BUILD = os.environ.get('DEMO_BUILD', os.environ.get('MESON_BUILD_ROOT') or
                       os.path.join(TOP, 'build'))
DISTRO = sys.argv[1] if len(sys.argv) > 1 else None


def prerequisites(tap):
    """The demo's programs built and its clients installed, or the end."""
    for f in ('tracer/afalg-trace', 'shim/libafalg-shim.so'):
        if not os.path.exists(os.path.join(BUILD, f)):
            tap.ok(False, 'demo prerequisites built', '%s/%s missing' %
                   (BUILD, f))
            tap.done()
    missing = [b for b in ('kcapi-dgst', 'kcapi-enc', 'openssl', 'hardlink')
               if not shutil.which(b)]
    if missing:
        tap.skip('demo', 'clients not installed: %s' % ', '.join(missing))
        tap.done()


def check_demo(tap):
    build = BUILD
    out = tempfile.mkdtemp(prefix='afalg-demo-')
    try:
        r = subprocess.run([os.path.join(TOP, 'scripts', 'demo'),
                            '--no-build', '--build', build] +
                           (['--distro-kernel', DISTRO] if DISTRO else []) +
                           [out],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=3000)
        tap.ok(r.returncode == 0, 'scripts/demo exits 0', r.stdout[-3000:])
        try:
            with open(os.path.join(out, 'result.json')) as f:
                res = json.load(f)
        except OSError as e:
            tap.ok(False, 'the demo wrote result.json', e)
            return
        names = [c['client'] for c in res['clients']]
        tap.ok(len(names) >= 6, 'six clients ran (%s)' % ', '.join(names))
        facts = res.get('kernel') or {}
        if DISTRO:
            tap.ok(facts.get('release', '').endswith('-amd64') and
                   facts.get('knob') == '0' and facts.get('shim_mode') == 'fallback',
                   '%s: Debian\'s kernel booted (%s), no crypto.af_alg_restrict, '
                   'the shim in fallback mode' % (DISTRO, facts.get('release')), facts)
            tap.ok(bool(res.get('level1_skipped')) and
                   not any(c.get('level1_native_same') is not None or
                           c.get('level1_shim_identical') is not None
                           for c in res['clients']),
                   'level 1 left out and said so: %s' % res.get('level1_skipped'), res)
            said = res.get('tracer_said') or []
            tap.ok(any('no crypto.af_alg_restrict sysctl' in x for x in said) and
                   any('af_alg is a module not loaded at start' in x for x in said),
                   'the tracer said at start what this kernel lacks (%d lines), and the '
                   'report shows it' % len(said), said)
        for c in res['clients']:
            n = c['client']
            tap.ok(c['mode1_good'] and c['mode1_oracle'] is True,
                   '%s: AF_ALG on, output = independent oracle' % n, c)
            if n in OWN_FALLBACK:
                tap.ok(c['mode2_native_same'],
                       '%s: AF_ALG denied, falls back to its own code' % n, c)
            else:
                tap.ok(not c['mode2_native_same'],
                       '%s: AF_ALG denied, natively it fails or changes' % n,
                       c)
            tap.ok(c['mode2_shim_identical'],
                   '%s: AF_ALG denied, under the shim output identical to '
                   'mode 1' % n, c)
            if DISTRO:
                continue
            # level 1, unprivileged: the allowlists (written from the
            # upstream description in tests/lib/afalg_matrix.py) decide
            # natively, with no own fallback: OpenSSL's afalg engine falls
            # back when socket() fails (level 2) but not when bind() does
            # ("Failed to bind socket", the cipher is not set up); under
            # the shim in fallback mode every client works
            typ, alg = CLIENT_ALG.get(n, ('?', '?'))
            allowed = matrix.expected(1, 'nobody', typ, alg) == 'ok'
            works = allowed
            tap.ok(c.get('level1_native_same') is works,
                   '%s: level 1, unprivileged, natively %s (%s %s %s)'
                   % (n, 'works' if works else 'fails or changes', typ, alg,
                      'allowed' if allowed else 'refused'), c)
            tap.ok(c.get('level1_shim_identical') is True,
                   '%s: level 1, unprivileged, under the shim (fallback) '
                   'output identical to mode 1' % n, c)
        if DISTRO:
            tap.ok(facts.get('log_use') == '0' and res['warn_lines_native'] == 0,
                   'mode 1: no crypto.af_alg_log_use in this kernel, no use lines',
                   (facts, res['warn_lines_native']))
        else:
            tap.ok(res['warn_lines_native'] >= len(EXPECTED_BINDS),
                   'mode 1: the kernel logged the native uses (%d lines)' %
                   res['warn_lines_native'])
        tap.ok(res['warn_lines_shim'] == 0,
               'under the shim the kernel logs no AF_ALG use',
               res['warn_lines_shim'])
        inv = res.get('inventory', {})
        audit = {(e[0], e[1], e[2]) for e in inv.get('audit', [])
                 if e[3] > 0}
        for b in EXPECTED_BINDS:
            tap.ok(b in audit, 'inventory (mode 1): %s bound %s %s' % b,
                   sorted(audit, key=str))
        py = [e for e in audit if os.path.basename(e[0]).startswith(
            'python3') and e[2] == 'hmac(sha256)']
        tap.ok(py, 'inventory (mode 1): python3 bound hash hmac(sha256)')
        denied = {e[0] for e in inv.get('deny', []) if e[4] > 0}
        for exe in sorted({b[0] for b in EXPECTED_BINDS}):
            tap.ok(exe in denied, 'inventory (mode 2): %s denied' % exe,
                   sorted(denied))
        tap.ok(inv.get('audit_lost') == 0 and inv.get('deny_lost') == 0,
               'no tracer event lost', inv)
        tap.ok(res['plan'], 'afalg-migrate wrote the migration plan')
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == '__main__':
    run_tests(prerequisites, check_demo)
