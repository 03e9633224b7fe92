# SPDX-License-Identifier: GPL-2.0
"""libaio-client (tests/shim/probe/libaio-client.c, built against Debian's
libaio-dev) under the shim: skcipher and hash AIO on AF_ALG op sockets,
reaped only by zero-timeout io_getevents()/io_pgetevents() polls, which
libaio answers from the completion ring in user memory while the ring
carries its magic (DIVERGENCES.md D17); every result checked against
OpenSSL's libcrypto inside the program.  The same program runs natively
in the guest (test_libaio.py --guest) for the kernel's answer.
"""
import os
import re
import subprocess
import sys
import tempfile

from shimtest import Tap, forward_checks, shim_env

CLIENT = os.environ.get('LIBAIO_CLIENT', '')
TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def host(tap):
    p = subprocess.run([CLIENT], env=shim_env(), capture_output=True,
                       text=True, timeout=60)
    forward_checks(tap, p, 'libaio-client')
    # a read-only ring keeps its magic: no fault, one D17 record for
    # two requests
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, 'shim.log')
        p = subprocess.run([CLIENT, 'readonly'],
                           env=shim_env({'AFALG_SHIM_LOG': log}),
                           capture_output=True, text=True, timeout=60)
        forward_checks(tap, p, 'libaio-client readonly')
        recs = []
        if os.path.exists(log):
            with open(log) as f:
                recs = [ln for ln in f if '"divergence":"D17"' in ln]
        tap.ok(len(recs) == 1, 'a read-only ring is logged once as D17 (two requests)',
               'records: %r' % recs)
    p = subprocess.run([CLIENT], capture_output=True, text=True, timeout=60)
    if 'FAIL ' not in p.stdout and p.returncode == 0:
        tap.skip('libaio-client without the shim', 'this kernel has AF_ALG')
    else:
        tap.ok(p.returncode != 0, 'libaio-client fails without the shim '
               '(no AF_ALG here)')


def guest(tap):
    """Natively in the guest (the 6.12 kernel's AF_ALG and AIO ring), then
    under the shim there, both modes: every check must pass each time."""
    lib = os.environ.get('AFALG_SHIM_LIB', '')
    # ld.so only warns about a preload it cannot find: say so as a FAIL
    shim = ('{ [ -r %s ] || echo "FAIL the shim library is readable in the '
            'guest"; }; LD_PRELOAD=%s AFALG_SHIM=always ' % (lib, lib))
    runs = [('kernel', ''), ('shim in the guest', shim),
            ('kernel, readonly', ''), ('shim in the guest, readonly', shim)]
    cmd = '; '.join('echo "# %d"; %s%s%s' % (
        i, pre, CLIENT, ' readonly' if 'readonly' in what else '')
        for i, (what, pre) in enumerate(runs))
    # The guest's /tmp is a tmpfs of its own: a build under /tmp (CI's
    # clone) is visible there only when shared.
    shares = []
    for d in sorted({os.path.dirname(p) for p in (lib, CLIENT) if p}):
        shares += ['--share', d]
    r = subprocess.run([os.path.join(TOP, 'kernel-patches', 'run-guest'),
                        *shares, '--cmd', cmd],
                       capture_output=True, text=True, timeout=1800)
    if r.returncode == 125:
        tap.ok(False, 'guest boots', r.stderr[-3000:])
        return
    # re.split gives [before, '0', out0, '1', out1, ...]
    parts = re.split(r'^# (\d+)$', r.stdout, flags=re.M)
    outs = dict(zip(parts[1::2], parts[2::2]))
    for i, (what, _) in enumerate(runs):
        out = outs.get(str(i), '')
        p = subprocess.CompletedProcess([], 0 if 'FAIL ' not in out else 1,
                                        out, r.stderr)
        forward_checks(tap, p, 'libaio-client (%s)' % what)


def main():
    tap = Tap()
    if not CLIENT:
        tap.skip('libaio-client', 'not built (libaio-dev or libssl-dev '
                 'missing)')
        tap.done()
    if '--guest' in sys.argv[1:]:
        guest(tap)
    else:
        host(tap)
    tap.done()


main()
