# SPDX-License-Identifier: GPL-2.0
"""libaio-client (tests/lib/libaio-client.c, built against Debian's
libaio-dev) under the shim: skcipher and hash AIO on AF_ALG op sockets,
reaped only by zero-timeout io_getevents()/io_pgetevents() polls, which
libaio answers from the completion ring in user memory while the ring
carries its magic (DIVERGENCES.md D17); every result checked against
OpenSSL's libcrypto inside the program.  The same program runs natively
in the guest for the kernel's answer (tests/kernel/test_libaio_guest.py).
"""
import os
import subprocess
import tempfile

from shimtest import forward_checks, run_tests, shim_env

CLIENT = os.environ.get('LIBAIO_CLIENT', '')


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


def client_built(tap):
    if not CLIENT:
        tap.skip('libaio-client', 'not built (libaio-dev or libssl-dev '
                 'missing)')
        tap.done()


if __name__ == '__main__':
    run_tests(client_built, host)
