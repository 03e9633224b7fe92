# SPDX-License-Identifier: GPL-2.0
"""libaio-client (tests/lib/libaio-client.c, Debian's libaio reaping AF_ALG
AIO by zero-timeout polls) in the QEMU guest: natively, for the 6.12
kernel's answer, and under the shim there; the host run under the shim is
tests/shim/test_libaio.py.
"""
import os
import re
import subprocess

from kctest import forward_checks, run_tests

CLIENT = os.environ.get('LIBAIO_CLIENT', '')
TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


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


def client_built(tap):
    if not CLIENT:
        tap.skip('libaio-client', 'not built (libaio-dev or libssl-dev '
                 'missing)')
        tap.done()


if __name__ == '__main__':
    run_tests(client_built, guest)
