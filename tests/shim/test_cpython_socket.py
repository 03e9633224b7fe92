# SPDX-License-Identifier: GPL-2.0
"""CPython's own AF_ALG tests under the shim: test.test_socket's
LinuxKernelCryptoAPI class (Debian's libpython3.11-testsuite), unmodified,
run by unittest in Debian's python3 with the shim preloaded.  All seven
must run and pass; a skip (the class skips a test when bind() finds no
algorithm, e.g. drbg_pr_sha256 before the Hash DRBGs were served) fails
here, because a skip is not a pass.
"""
import re
import sys

from shimtest import run, run_tests

WANT = ['test_aead_aes_gcm', 'test_aes_cbc', 'test_drbg_pr_sha256',
        'test_hmac_sha1', 'test_length_restriction',
        'test_sendmsg_afalg_args', 'test_sha256']


def testsuite_installed(tap):
    try:
        import test.test_socket  # noqa: F401 (only: is it installed?)
    except ImportError:
        tap.skip('CPython test_socket LinuxKernelCryptoAPI',
                 'libpython3.11-testsuite not installed')
        tap.done()


def check_crypto_api_class(tap):
    res = run([sys.executable, '-m', 'unittest', '-v',
               'test.test_socket.LinuxKernelCryptoAPI'], timeout=300)
    err = res.stderr.decode(errors='replace')
    got = dict(re.findall(r'^(test_\w+) \(.*\) \.\.\. (ok|FAIL|ERROR|'
                          r'skipped.*)$', err, re.M))
    for name in WANT:
        tap.ok(got.get(name) == 'ok', 'CPython LinuxKernelCryptoAPI.%s '
               'under the shim: %s' % (name, got.get(name, 'not run')),
               err[-1500:])
    tap.ok(res.returncode == 0 and sorted(got) == WANT and
           re.search(r'^Ran 7 tests', err, re.M) is not None and
           'skipped' not in err,
           'unittest ran exactly these 7, none skipped, exit 0',
           err[-800:])


if __name__ == '__main__':
    run_tests(testsuite_installed, check_crypto_api_class)
