#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""catalogue/afalg-names.json, the one list of AF_ALG names, and its copies.

- every generated copy is fresh (gen-catalogue --check), and a copy with
  one entry changed, or a malformed catalogue, is caught;
- the catalogue is the tests' independent copy of mainline's rules
  (tests/lib/afalg_matrix.py, written by hand from upstream's
  description);
- the restriction backports (kernel-patches/restrict/ for 6.12 and
  restrict-6.1/, replayed patch by patch) end with exactly the catalogue,
  and so does the main guest stack (restrict/ + extras/ + hardening/ +
  library/) and 6.1's (restrict-6.1/ + extras-6.1/), whose later parts
  must not touch the lists.
"""
import glob
import json
import re
import os
import shutil
import subprocess

from kctest import run_tests
import afalg_matrix as matrix

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(TOP, 'catalogue', 'gen-catalogue')
CATALOGUE = os.path.join(TOP, 'catalogue', 'afalg-names.json')
# The main guest kernel's stack, in kbuild's order, and 6.1's extras stack.
STACKS = (('restrict', 'extras', 'hardening', 'library'),
          ('restrict-6.1', 'extras-6.1'))
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


def series_allowlists(*series_dirs):
    """{(type, name): 'any'|'privileged'} after every patch of a
    format-patch series that writes the af_alg_allowed_<type>[] arrays,
    replayed line by line: a '-' line takes its entry out, a '+' line puts
    it in; an entry's type is the last af_alg_allowed_<type> named above it
    in its file's hunks (hunk headers included)."""
    table = {}
    entry = re.compile(r'\{\s*"([^"]+)"\s*(?:,\s*([^}]*?))?\s*\},?')
    paths = [p for d in series_dirs
             for p in sorted(glob.glob(os.path.join(d, '*.patch')))]
    for path in paths:
        typ = None
        with open(path) as f:
            for line in f:
                if line.startswith(('+++', '---')):
                    typ = None
                    continue
                m = re.search(r'af_alg_allowed_(\w+)\[\]', line)
                if m:
                    typ = m.group(1)
                if line[:1] not in '+-':
                    continue
                e = entry.match(line[1:].strip())
                if not e or (e.group(2) or '').startswith('af_alg_allowed_'):
                    continue
                if line[0] == '-':
                    table.pop((typ, e.group(1)), None)
                else:
                    priv = re.search(r'\btrue\b|\bAF_ALG_PRIV\b', e.group(2) or '')
                    table[(typ, e.group(1))] = 'privileged' if priv else 'any'
    return table


def test_matches_backports(tap):
    cat = catalogue()
    for d in ('restrict', 'restrict-6.1'):
        got = series_allowlists(os.path.join(TOP, 'kernel-patches', d))
        tap.ok(got == cat, 'kernel-patches/%s/ ends with the catalogue\'s allowlists (%d names)'
               % (d, len(got)),
               {'only in the series': sorted(set(got.items()) - set(cat.items())),
                'only in catalogue': sorted(set(cat.items()) - set(got.items()))})


def test_matches_stack(tap):
    cat = catalogue()
    for stack in STACKS:
        got = series_allowlists(*(os.path.join(TOP, 'kernel-patches', d)
                                  for d in stack))
        tap.ok(got == cat, 'the stack %s ends with the catalogue\'s allowlists '
               '(%d names)' % (' + '.join(d + '/' for d in stack), len(got)),
               {'only in the stack': sorted(set(got.items()) - set(cat.items())),
                'only in catalogue': sorted(set(cat.items()) - set(got.items()))})


if __name__ == '__main__':
    run_tests(test_fresh, test_stale_copy_caught, test_bad_catalogue, test_matches_oracle,
              test_matches_backports, test_matches_stack,
              tmp_prefix='kctest-catalogue-')
