#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""catalogue/afalg-names.json, the one list of AF_ALG names, and its copies.

- every generated copy is fresh (gen-catalogue --check), and a copy with
  one entry changed, or a malformed catalogue, is caught;
- the catalogue is the tests' independent copy of mainline's rules
  (tests/lib/afalg_matrix.py, written by hand from upstream's
  description);
- the kernel series' table (parsed from its C source) is the catalogue,
  but for what the series is known to lack (KERNEL_SERIES_LACKS, each
  checked absent, so the exception ends when the series changes).
"""
import json
import os
import shutil
import subprocess

from kctest import run_tests
import afalg_matrix as matrix

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(TOP, 'catalogue', 'gen-catalogue')
CATALOGUE = os.path.join(TOP, 'catalogue', 'afalg-names.json')
KERNEL_TABLE = os.path.join(TOP, 'kernel-patches', 'src', '0001-af-alg-restrict',
                            'crypto', 'af_alg_restrict.c')
# The main series' restriction patch predates upstream's cbc(paes)
# follow-ups (issue 25 re-splits it onto kernel-patches/restrict/).
KERNEL_SERIES_LACKS = {('skcipher', 'cbc(paes)')}
TARGETS = ('tracer/restrict.c', 'tracer/afalg-trace-bt',
           'migrate/afalg_migrate/restrict.py', 'tools/afalg-harden')


def gen(*args):
    return subprocess.run([GEN] + list(args), capture_output=True, text=True, timeout=60)


def catalogue():
    with open(CATALOGUE) as f:
        return {(e['type'], e['name']): e['who'] for e in json.load(f)['allowlists']}


def copy_tree(tmp):
    top = os.path.join(tmp, 'tree')
    for rel in TARGETS:
        os.makedirs(os.path.dirname(os.path.join(top, rel)), exist_ok=True)
        shutil.copy(os.path.join(TOP, rel), os.path.join(top, rel))
    return top


def test_fresh(tap):
    r = gen('--check')
    tap.ok(r.returncode == 0 and not r.stdout,
           'every generated copy is fresh (catalogue/gen-catalogue --check)',
           r.stdout + r.stderr)


def test_stale_copy_caught(tap, tmp):
    for rel, old, new in (('tracer/restrict.c', '{ "hash", "md5", true },',
                           '{ "hash", "md5", false },'),
                          ('migrate/afalg_migrate/restrict.py', "'sha256': True,",
                           "'sha256': False,"),
                          ('tracer/afalg-trace-bt', "'ccm(aes)': 'P',", ''),
                          ('tools/afalg-harden', "'xts(twofish)'", "'xts(3fish)'")):
        top = copy_tree(tmp)
        path = os.path.join(top, rel)
        with open(path) as f:
            text = f.read()
        changed = text.replace(old, new, 1)
        with open(path, 'w') as f:
            f.write(changed)
        r = gen('--check', '--top', top)
        tap.ok(changed != text and r.returncode == 1 and ('stale: ' + rel) in r.stdout,
               'a hand edit inside %s\'s generated block is caught' % rel, r.stdout + r.stderr)
        shutil.rmtree(top)


def test_bad_catalogue(tap, tmp):
    with open(CATALOGUE) as f:
        good = json.load(f)
    for what, mutate in (
            ('an unknown "who"', lambda c: c['allowlists'][0].update(who='root')),
            ('a name listed twice', lambda c: c['allowlists'].append(dict(c['allowlists'][0]))),
            ('a name with a quote', lambda c: c['allowlists'][0].update(name='sha1"')),
            ('an unknown type', lambda c: c['allowlists'][0].update(type='akcipher')),
            ('an origin not in "origins"', lambda c: c['allowlists'][0].update(origin='x'))):
        bad = json.loads(json.dumps(good))
        mutate(bad)
        path = os.path.join(tmp, 'bad.json')
        with open(path, 'w') as f:
            json.dump(bad, f)
        top = copy_tree(tmp)
        r = gen('--check', '--top', top, '--catalogue', path)
        tap.ok(r.returncode == 2 and 'gen-catalogue: ' in r.stderr and not r.stdout,
               'a catalogue with %s is refused with a message' % what, r.stdout + r.stderr)
        shutil.rmtree(top)


def test_matches_oracle(tap):
    oracle = {k: 'privileged' if v == 'P' else 'any'
              for k, v in list(matrix.ALLOWED.items()) + list(matrix.ALLOWED_ELSEWHERE.items())}
    cat = catalogue()
    tap.ok(cat == oracle and len(cat) >= 28,
           'the catalogue is tests/lib/afalg_matrix.py\'s independent copy (%d names)' % len(cat),
           {'only in catalogue': sorted(set(cat.items()) - set(oracle.items())),
            'only in the oracle': sorted(set(oracle.items()) - set(cat.items()))})


def test_matches_kernel_series(tap):
    with open(KERNEL_TABLE) as f:
        table = matrix.kernel_allowlists(f.read()) or {}
    kernel = {(t, n): who for t, names in table.items() for n, who in (names or {}).items()}
    cat = catalogue()
    tap.ok(len(kernel) >= 20 and not (KERNEL_SERIES_LACKS & set(kernel)),
           'the kernel series\' table parses and lacks just what it is known to lack (%s)' %
           ', '.join('%s %s' % k for k in sorted(KERNEL_SERIES_LACKS)), kernel)
    want = {k: v for k, v in cat.items() if k not in KERNEL_SERIES_LACKS}
    tap.ok(kernel == want, 'the kernel series\' table is the catalogue',
           {'only in kernel': sorted(set(kernel.items()) - set(want.items())),
            'only in catalogue': sorted(set(want.items()) - set(kernel.items()))})


if __name__ == '__main__':
    run_tests(test_fresh, test_stale_copy_caught, test_bad_catalogue, test_matches_oracle,
              test_matches_kernel_series, tmp_prefix='kctest-catalogue-')
