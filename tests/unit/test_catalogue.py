#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The catalogue (catalogue/afalg-names.json, the one list of AF_ALG names,
and catalogue/hashes.json, libkcrypto's hashes by AF_ALG name) and its
copies.

- every generated copy is fresh (gen-catalogue --check), and a copy with
  one entry changed, or a malformed catalogue, is caught;
- the hashes' sizes are hashlib's (an independent oracle; the C copies
  also check them against the library's headers when they compile);
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
import hashlib
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
HASHES = os.path.join(TOP, 'catalogue', 'hashes.json')
# The main guest kernel's stack, in kbuild's order, and 6.1's extras stack.
STACKS = (('restrict', 'extras', 'hardening', 'library'),
          ('restrict-6.1', 'extras-6.1'))


def gen(*args):
    return subprocess.run([GEN] + list(args), capture_output=True, text=True, timeout=60)


# The files gen-catalogue writes, as it lists them.
TARGETS = gen('--list').stdout.split()


def catalogue():
    with open(CATALOGUE) as f:
        return {(e['type'], e['name']): e['who'] for e in json.load(f)['allowlists']}


def copy_tree(tmp):
    top = os.path.join(tmp, 'tree')
    for rel in TARGETS:
        os.makedirs(os.path.dirname(os.path.join(top, rel)), exist_ok=True)
        shutil.copy(os.path.join(TOP, rel), os.path.join(top, rel))
    return top


def test_targets(tap):
    want = {'tracer/restrict.c', 'tracer/afalg-trace-bt', 'migrate/afalg_migrate/restrict.py',
            'tools/afalg-harden', 'tools/kt-algs.c', 'tools/kcapi-dgst.1', 'tools/kcapi-enc.1',
            'tests/unit/oracle/oracle-hashes.c', 'tests/conformance/algs.c', 'shim/alg-hashes.c',
            'migrate/afalg_migrate/algorithms.json', 'shim/afalg-shim.7'}
    tap.ok(set(TARGETS) == want, 'gen-catalogue --list names every copy (%d files)'
           % len(TARGETS), {'listed': TARGETS})


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
                          ('tools/afalg-harden', "'xts(twofish)'", "'xts(3fish)'"),
                          ('tools/kt-algs.c', 'X(sha256, sha256, "sha256", 32)',
                           'X(sha256, sha256, "sha256", 33)'),
                          # the lists' first words: where the lines wrap
                          # does not move them
                          ('tools/kcapi-dgst.1', 'md5, sha1,', 'sha1,'),
                          ('tools/kcapi-enc.1', 'hmac(md5), hmac(sha1),', 'hmac(sha1),'),
                          ('shim/afalg-shim.7', 'md4, md5, sha1,', 'md5, sha1,'),
                          ('tests/unit/oracle/oracle-hashes.c', 'DEFINE_HASH_CMDS(md5, 16);\n',
                           ''),
                          ('shim/alg-hashes.c', 'X(sha3_256, sha3, "sha3-256", 136, 32, SHA3_256)',
                           'X(sha3_256, sha3, "sha3-256", 136, 28, SHA3_256)'),
                          ('tests/conformance/algs.c', 'HMAC("hmac(sha1)", 20,',
                           'HMAC("hmac(sha1)", 21,'),
                          ('tests/conformance/algs.c', 'HASH("md4", 16, 64, "md4"),', ''),
                          ('migrate/afalg_migrate/algorithms.json', '"library": "sha224()"',
                           '"library": "sha224_digest()"'),
                          # a hand-written entry for a catalogue name, last
                          ('migrate/afalg_migrate/algorithms.json', '\n  ]\n',
                           ',\n    {"match": "sha1", "library": "SHA1()", "header": "<openssl/sha.h>"}'
                           '\n  ]\n')):
        top = copy_tree(tmp)
        path = os.path.join(top, rel)
        with open(path) as f:
            text = f.read()
        changed = text.replace(old, new, 1)
        with open(path, 'w') as f:
            f.write(changed)
        r = gen('--check', '--top', top)
        tap.ok(changed != text and r.returncode == 1 and ('stale: ' + rel) in r.stdout,
               'a hand edit inside %s\'s generated part is caught (%s)'
               % (rel, ' '.join((new or old).split())[:40]), r.stdout + r.stderr)
        shutil.rmtree(top)


def refused(tap, tmp, option, good, cases):
    """gen-catalogue refuses each mutation of @good given as @option."""
    for what, mutate in cases:
        bad = json.loads(json.dumps(good))
        mutate(bad)
        path = os.path.join(tmp, 'bad.json')
        with open(path, 'w') as f:
            json.dump(bad, f)
        top = copy_tree(tmp)
        r = gen('--check', '--top', top, option, path)
        tap.ok(r.returncode == 2 and 'gen-catalogue: ' in r.stderr and not r.stdout,
               '%s %s is refused with a message' % (os.path.basename(
                   CATALOGUE if option == '--catalogue' else HASHES), what),
               r.stdout + r.stderr)
        shutil.rmtree(top)


def test_bad_catalogue(tap, tmp):
    with open(CATALOGUE) as f:
        good = json.load(f)
    refused(tap, tmp, '--catalogue', good, (
        ('with an unknown "who"', lambda c: c['allowlists'][0].update(who='root')),
        ('with a name listed twice', lambda c: c['allowlists'].append(dict(c['allowlists'][0]))),
        ('with a name with a quote', lambda c: c['allowlists'][0].update(name='sha1"')),
        ('with an unknown type', lambda c: c['allowlists'][0].update(type='akcipher')),
        ('with an origin not in "origins"', lambda c: c['allowlists'][0].update(origin='x'))))


def test_bad_hashes(tap, tmp):
    with open(HASHES) as f:
        good = json.load(f)
    refused(tap, tmp, '--hashes', good, (
        ('with a digest size of 0', lambda c: c['hashes'][0].update(digest=0)),
        ('with a block size that is not a number', lambda c: c['hashes'][0].update(block='64')),
        ('with a name with a quote', lambda c: c['hashes'][0].update(name='md4"')),
        ('with a C name twice', lambda c: c['hashes'][1].update(c=c['hashes'][0]['c'])),
        ('with a header outside crypto/', lambda c: c['hashes'][0].update(header='../md4.h')),
        ('with "hmac" not true or false', lambda c: c['hashes'][0].update(hmac='yes')),
        ('without "hmac"', lambda c: c['hashes'][0].pop('hmac')),
        ('with a misspelt field', lambda c: c['hashes'][0].update(hamc=True)),
        ('without a "hashes" list', lambda c: c.pop('hashes'))))


def test_hash_sizes(tap):
    """hashes.json's sizes against hashlib's."""
    with open(HASHES) as f:
        hashes = json.load(f)['hashes']
    for h in hashes:
        try:
            ref = hashlib.new(h['hashlib'])
        except ValueError:
            # md4 sits in OpenSSL 3's legacy provider, off by default
            tap.skip('%s: digest and block size are hashlib\'s' % h['name'],
                     'hashlib has no %s here' % h['hashlib'])
            continue
        got = (h['digest'], h['block'])
        want = (ref.digest_size, ref.block_size)
        tap.ok(got == want, '%s: digest and block size %s are hashlib\'s %s'
               % (h['name'], got, want))


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
    run_tests(test_targets, test_fresh, test_stale_copy_caught, test_bad_catalogue,
              test_bad_hashes, test_hash_sizes, test_matches_oracle,
              test_matches_backports, test_matches_stack,
              tmp_prefix='kctest-catalogue-')
