# SPDX-License-Identifier: GPL-2.0
"""kcapi-rng (Debian kcapi-tools) under the shim.

kcapi-rng seeds the DRBG (stdin data or nothing as the personalisation
string) and reads it in 128-byte steps.  DRBG output cannot be compared
with an oracle (the kernel, and the shim, mix in fresh system entropy
when seeding), so the checks are: the exact byte counts asked for, binary
and --hex output, the named DRBGs, different output for every run even
with the same seed, and a chi-square test of byte frequencies over 1 MiB
with bounds wide enough that a correct generator fails about once in a
million runs.
"""
from shimtest import run, needing, run_tests

NAMES = ['stdrng', 'drbg_nopr_hmac_sha256', 'drbg_nopr_ctr_aes256',
         'drbg_pr_hmac_sha256', 'drbg_nopr_hmac_sha512']


def chi2(data):
    counts = [0] * 256
    for b in data:
        counts[b] += 1
    exp = len(data) / 256
    return sum((c - exp) ** 2 / exp for c in counts)


def check_kcapi_rng(tap):
    probe = run(['kcapi-rng', '-b', '16'], data=b'')
    if probe.returncode != 0:
        tap.skip('kcapi-rng', 'stdrng not served: %s' %
                 probe.stderr.decode()[-200:])
        tap.done()
    for n in (1, 127, 128, 129, 1000, 65537):
        res = run(['kcapi-rng', '-b', str(n)], data=b'')
        tap.ok(res.returncode == 0 and len(res.stdout) == n,
               'kcapi-rng -b %d gives %d bytes' % (n, n),
               'rc=%d len=%d %s' % (res.returncode, len(res.stdout),
                                    res.stderr[-200:]))
    res = run(['kcapi-rng', '-b', '32', '--hex'], data=b'')
    out = res.stdout.decode().strip()
    tap.ok(res.returncode == 0 and len(out) == 64 and
           all(c in '0123456789abcdef' for c in out),
           'kcapi-rng --hex: 64 hex digits for 32 bytes', out)
    for name in NAMES:
        a = run(['kcapi-rng', '-n', name, '-b', '64'], data=b'same seed')
        b = run(['kcapi-rng', '-n', name, '-b', '64'], data=b'same seed')
        tap.ok(a.returncode == 0 and b.returncode == 0 and
               len(a.stdout) == 64 and a.stdout != b.stdout,
               'kcapi-rng -n %s: two runs with the same seed differ '
               '(entropy is mixed in)' % name,
               (a.stderr + b.stderr).decode()[-300:])
    res = run(['kcapi-rng', '-b', str(1 << 20)], data=b'')
    c = chi2(res.stdout) if res.returncode == 0 else 0
    tap.ok(len(res.stdout) == 1 << 20 and 150 < c < 380,
           'kcapi-rng 1 MiB: chi-square of byte counts %.0f (df 255)' % c)
    res = run(['kcapi-rng', '-b', '16'], data=b'', shim=False)
    if res.returncode != 0:
        tap.ok(True, 'kcapi-rng fails without the shim (no AF_ALG here)')
    else:
        tap.skip('kcapi-rng without the shim', 'this kernel has AF_ALG')


if __name__ == '__main__':
    run_tests(needing(('kcapi-rng',), 'kcapi-rng',
                      'kcapi-tools not installed'),
              check_kcapi_rng)
