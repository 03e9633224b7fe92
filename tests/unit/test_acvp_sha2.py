#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""NIST ACVP known answers for SHA-224/256/384/512.

From tests/vectors/acvp/SHA2-*-1.0/internalProjection.json.gz:
  AFT  every byte-oriented message (one-shot and split at random points);
       bit-oriented messages are reported as skips, the API takes bytes.
  MCT  the Monte Carlo test ("standard" or "alternate" per the group's
       mctVersion), run inside kc-oracle, 100 chained digests.
  LDT  large data: the 8-byte content repeated up to fullLength (1..8 GiB),
       fed through incremental updates by kc-oracle without materialising
       it.  ldt_limit_bits() decides which sizes run in which build.
"""
import os

from kctest import load_vectors, run_tests, whole_and_split

ALGS = ('224', '256', '384', '512')

# Large-data budget.  The four cases per algorithm hash 1+2+4+8 GiB (60 GiB
# for the four algorithms).  On a quiet machine with the asm paths that is
# about a minute; the portable C code takes several, ASan (-O0) and
# qemu-aarch64 far longer.  So:
#   - native build, every path: the 1 GiB cases, whose bit count already
#     needs more than 32 bits;
#   - native build, all-features path, in CI (CI=true) or with KC_LDT_ALL=1:
#     every size;
#   - ASan and qemu builds: none.
# Everything not run is reported as a skip with the reason.
GIB = 8 << 30  # bits


def ldt_limit_bits(path):
    if os.environ.get('KC_EXE_WRAPPER', '').strip():
        return 0, 'qemu-user build: large-data hashing runs in the native build'
    if os.environ.get('KC_SANITIZE', 'none') not in ('', 'none'):
        return 0, 'sanitizer build: large-data hashing runs in the native build'
    full = os.environ.get('KC_LDT_ALL') or os.environ.get('CI') == 'true'
    if full and path == 'all-features':
        return None, ''
    if full:
        return GIB, 'sizes above 1 GiB run on the all-features path'
    return GIB, 'sizes above 1 GiB run in CI (CI=true) or with KC_LDT_ALL=1'


def load(alg):
    return load_vectors('acvp', 'SHA2-%s-1.0' % alg, 'internalProjection.json')


def run_aft(tap, o, r, name, group, path):
    reqs, want, skipped = [], [], 0
    for t in group['tests']:
        if t['len'] % 8:
            skipped += 1
            continue
        msg = bytes.fromhex(t['msg'])[:t['len'] // 8]
        md = bytes.fromhex(t['md'])
        reqs += whole_and_split(r, name, msg)
        want += [md, md]
    got = o.many(reqs)
    bad = [(reqs[i][0], len(b''.join(reqs[i][1:])))
           for i in range(len(reqs)) if got[i] != [want[i]]]
    tap.ok(reqs and not bad, 'ACVP %s AFT tgId %d: %d byte-oriented messages, '
           'one-shot and incremental [%s]'
           % (name, group['tgId'], len(reqs) // 2, path), diag=bad[:5])
    if skipped:
        tap.skip('ACVP %s AFT tgId %d: %d bit-oriented messages [%s]'
                 % (name, group['tgId'], skipped, path),
                 'the library API hashes whole bytes only')


def run_mct(tap, o, name, group, path):
    version = group.get('mctVersion', 'standard')
    for t in group['tests']:
        seed = bytes.fromhex(t['msg'])
        if t['len'] % 8:
            tap.skip('ACVP %s MCT tcId %d [%s]' % (name, t['tcId'], path),
                     'bit-oriented seed')
            continue
        want = [bytes.fromhex(x['md']) for x in t['resultsArray']]
        got = o.call(name + '_mct', version, seed)
        first_bad = next((i for i in range(len(want))
                          if i >= len(got) or got[i] != want[i]), None)
        tap.ok(len(want) == 100 and first_bad is None,
               'ACVP %s MCT (%s) tcId %d: 100 x 1000 chained digests [%s]'
               % (name, version, t['tcId'], path),
               diag=None if first_bad is None else
               'first mismatch at outer iteration %d' % first_bad)


def run_ldt(tap, o, name, group, path):
    limit, why = ldt_limit_bits(path)
    for t in group['tests']:
        lm = t['largeMsg']
        content = bytes.fromhex(lm['content'])
        desc = ('ACVP %s LDT tcId %d: %d GiB of repeated content [%s]'
                % (name, t['tcId'], lm['fullLength'] // GIB, path))
        if (lm['expansionTechnique'] != 'repeating' or
                lm['contentLength'] % 8 or lm['fullLength'] % lm['contentLength']):
            tap.skip(desc, 'unsupported expansion %r' % lm['expansionTechnique'])
            continue
        if limit is not None and lm['fullLength'] > limit:
            tap.skip(desc, why)
            continue
        count = lm['fullLength'] // lm['contentLength']
        got = o.call(name + '_repeat', content[:lm['contentLength'] // 8], count)
        tap.ok(got == [bytes.fromhex(t['md'])], desc)


def test_acvp(tap, o, r, path):
    for alg in ALGS:
        doc = load(alg)
        name = 'sha' + alg
        for g in doc['testGroups']:
            kind = g['testType']
            if kind == 'AFT':
                run_aft(tap, o, r, name, g, path)
            elif kind == 'MCT':
                run_mct(tap, o, name, g, path)
            elif kind == 'LDT':
                run_ldt(tap, o, name, g, path)
            else:
                tap.skip('ACVP %s tgId %d' % (name, g['tgId']),
                         'unknown test type %r' % kind)


if __name__ == '__main__':
    run_tests(test_acvp)
