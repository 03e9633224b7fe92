#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Wycheproof HMAC vectors (tests/vectors/wycheproof/testvectors_v1).

"valid" tests: the MAC, truncated to the group's tagSize (leftmost bytes),
must equal the tag.  "invalid" tests (modified tags): it must NOT equal the
tag.  Every case goes through the prepared-key one-shot call and through
usingrawkey.  Table-driven: a family that provides the oracle commands
hmac_<alg> and hmac_<alg>_raw adds one line to FILES.
"""

from kctest import load_vectors, run_tests

# Wycheproof file -> oracle algorithm name
FILES = {
    'hmac_sha1_test.json': 'sha1',
    'hmac_sha224_test.json': 'sha224',
    'hmac_sha256_test.json': 'sha256',
    'hmac_sha384_test.json': 'sha384',
    'hmac_sha512_test.json': 'sha512',
}


def test_wycheproof(tap, o, path):
    for fname, alg in FILES.items():
        doc = load_vectors('wycheproof', 'testvectors_v1', fname)
        cases, reqs = [], []
        for g in doc['testGroups']:
            tag_bytes = g['tagSize'] // 8
            for t in g['tests']:
                key, msg = bytes.fromhex(t['key']), bytes.fromhex(t['msg'])
                cases.append((t, tag_bytes))
                reqs.append(('hmac_' + alg, key, msg))
                reqs.append(('hmac_' + alg + '_raw', key, msg))
        got = o.many(reqs)
        counts = {'valid': 0, 'invalid': 0}
        bad = {'valid': [], 'invalid': []}
        for i, (t, tag_bytes) in enumerate(cases):
            tag = bytes.fromhex(t['tag'])
            res = t['result']
            if res == 'acceptable':
                res = 'valid'  # none in these files; treat as valid
            counts[res] += 1
            for macs in (got[2 * i], got[2 * i + 1]):
                match = len(tag) == tag_bytes and macs[0][:tag_bytes] == tag
                if match != (res == 'valid'):
                    bad[res].append(t['tcId'])
        tap.ok(not bad['valid'], 'Wycheproof %s: %d valid tags match '
               '(prepared key and usingrawkey) [%s]'
               % (fname, counts['valid'], path), diag=bad['valid'][:10])
        tap.ok(not bad['invalid'], 'Wycheproof %s: %d invalid tags rejected '
               '(prepared key and usingrawkey) [%s]'
               % (fname, counts['invalid'], path), diag=bad['invalid'][:10])
        if doc['numberOfTests'] != len(cases):
            tap.ok(False, 'Wycheproof %s: numberOfTests %d, found %d'
                   % (fname, doc['numberOfTests'], len(cases)))


def main():
    run_tests(test_wycheproof)


if __name__ == '__main__':
    main()
