# SPDX-License-Identifier: GPL-2.0
"""stress-ng's af-alg stressor under the shim, for a bounded run.

stress-ng (0.15.06) picks its algorithms from /proc/crypto plus a list
compiled into it ("defconfigs", 112 names in all here).  /proc/crypto on
this host lists the kernel's own algorithms, not AF_ALG ones, so the
stressor simply tries every name: bind() gives ENOENT for what the shim
does not serve, and the rest are driven for real: hashes (send + recv of
growing sizes), skciphers (encrypt then decrypt 1 KiB and compare), rngs.
stress-ng tolerates ENOKEY for unkeyed HMACs and skips AEADs (it sets the
AAD length with setsockopt, which is ENOPROTOOPT on 6.12 too).

The usage log (AFALG_SHIM_LOG) records which algorithms it really used;
the run must succeed with --verify, report no failure, and have used at
least the families the shim serves.
"""
import collections
import json
import os
import tempfile

from shimtest import run, needing, run_tests

MUST = {('hash', 'sha256'), ('hash', 'sha1'), ('hash', 'md5'),
        ('hash', 'sha512'), ('skcipher', 'cbc(aes)'),
        ('skcipher', 'ctr(aes)'), ('skcipher', 'ecb(aes)')}


def check_stressor(tap):
    tmp = tempfile.mkdtemp(prefix='shim-sng-')
    log = os.path.join(tmp, 'afalg.log')
    argv = ['stress-ng', '--af-alg', '2', '--af-alg-ops', '4000', '-t', '30',
            '--verify', '--metrics-brief', '--temp-path', tmp]
    res = run(argv, env={'AFALG_SHIM_LOG': log}, timeout=120)
    out = (res.stdout + res.stderr).decode(errors='replace')
    tap.ok(res.returncode == 0 and 'successful run completed' in out,
           'stress-ng --af-alg 2 --af-alg-ops 4000 --verify succeeds',
           out[-1500:])
    bad = [l for l in out.splitlines() if ' fail: ' in l or
           'different from original' in l or 'error:' in l.lower()]
    tap.ok(not bad, 'stress-ng reports no failure', '\n'.join(bad[:10]))
    ops = [l for l in out.splitlines() if 'af-alg ' in l and 'metrc' in l]
    tap.ok(bool(ops) and ops[0].split()[4] == '4000',
           'stress-ng counted 4000 bogo ops', '\n'.join(ops))
    used = collections.Counter()
    if os.path.exists(log):
        for line in open(log):
            rec = json.loads(line)
            used[(rec['type'], rec['alg'])] += 1
    tap.diag('algorithms stress-ng used through the shim (tfms):')
    for (typ, alg), n in sorted(used.items()):
        tap.diag('  %-9s %-22s %d' % (typ, alg, n))
    tap.ok(MUST <= set(used), 'stress-ng exercised %d algorithms, '
           'including %s' % (len(used), sorted(a for _, a in MUST)),
           'missing: %s' % sorted(MUST - set(used)))
    os.unlink(log)
    os.rmdir(tmp)

    res = run(argv[:4] + ['100', '-t', '10', '--metrics-brief'], shim=False,
              timeout=60)
    out = (res.stdout + res.stderr).decode(errors='replace')
    if not [l for l in out.splitlines() if 'metrc' in l and 'af-alg ' in l]:
        tap.ok(True, 'without the shim the stressor does nothing here')
    else:
        tap.skip('stress-ng without the shim', 'this kernel has AF_ALG')


if __name__ == '__main__':
    run_tests(needing(('stress-ng',), 'stress-ng --af-alg',
                      'stress-ng not installed'),
              check_stressor)
