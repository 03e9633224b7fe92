# SPDX-License-Identifier: GPL-2.0
"""kcapi-client (tests/shim/probe/kcapi-client.c, built against Debian's
libkcapi-dev) under the shim: libkcapi's convenience, message digest,
cipher (one-shot sendmsg/vmsplice, in place, stream, threaded stream,
AIO), AEAD (gcm, ccm, rfc4106, rfc7539 with AAD, tag failures, AIO), rng
and KDF APIs, every result checked against OpenSSL's libcrypto inside the
program.  Algorithms not served yet are skips.
"""
import os
import subprocess

from shimtest import forward_checks, run_tests, shim_env

CLIENT = os.environ.get('KCAPI_CLIENT', '')


def client_built(tap):
    if not CLIENT:
        tap.skip('kcapi-client', 'not built (libkcapi-dev or libssl-dev '
                 'missing)')
        tap.done()


def check_under_shim(tap):
    p = subprocess.run([CLIENT], env=shim_env(), capture_output=True,
                       text=True, timeout=240)
    forward_checks(tap, p, 'kcapi-client')


def check_without_shim(tap):
    p = subprocess.run([CLIENT], capture_output=True, text=True, timeout=60)
    if 'PASS ' in p.stdout:
        tap.skip('kcapi-client without the shim', 'this kernel has AF_ALG')
    else:
        tap.ok(p.returncode != 0, 'kcapi-client fails without the shim '
               '(no AF_ALG here)')


if __name__ == '__main__':
    run_tests(client_built, check_under_shim, check_without_shim)
