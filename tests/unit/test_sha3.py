#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""SHA-3, SHAKE and HMAC-SHA3 against hashlib/hmac and Wycheproof.

Digests: every length 0..300 and random lengths up to 20000, one-shot and
split at random points.  SHAKE: the same lengths with random output lengths,
and multi-call squeezes with random chunk sizes (0, below, at and above the
rate) compared with the prefix of hashlib's digest(total).  HMAC-SHA3: random
keys (0..1000 bytes, around the rate) through every API form, and the
Wycheproof hmac_sha3_* files (valid tags must match, invalid must not).
"""
import hashlib
import hmac

from kctest import randbytes, random_splits, load_vectors, run_tests, whole_and_split

RATES = {'sha3_224': 144, 'sha3_256': 136, 'sha3_384': 104, 'sha3_512': 72,
         'shake128': 168, 'shake256': 136}


def chunked(reqs, n=400):
    for i in range(0, len(reqs), n):
        yield reqs[i:i + n]


def run(o, reqs):
    got = []
    for part in chunked(reqs):
        got += o.many(part)
    return got


def squeeze_sizes(r, total, rate):
    """Random chunk sizes summing to total: zeros, small, rate-sized, > rate."""
    sizes, left = [], total
    while left > 0 and len(sizes) < 40:
        pick = r.choice([0, 1, r.randrange(1, rate), rate - 1, rate, rate + 1,
                         r.randrange(rate, 3 * rate), r.randrange(1, 17)])
        pick = min(pick, left)
        sizes.append(pick)
        left -= pick
    sizes.append(left)
    if r.random() < 0.3:
        sizes.insert(r.randrange(len(sizes) + 1), 0)
    return sizes


def message_lengths(r):
    """Every length 0..300 and 700 random ones up to 20000."""
    return list(range(301)) + [r.randrange(301, 20001) for _ in range(700)]


def test_digests(tap, o, r, path):
    lengths = message_lengths(r)
    for alg in ('sha3_224', 'sha3_256', 'sha3_384', 'sha3_512'):
        reqs, want = [], []
        for n in lengths:
            msg = randbytes(r, n)
            d = hashlib.new(alg, msg).digest()
            reqs += whole_and_split(r, alg, msg)
            want += [d, d]
        # Split exactly around the rate boundary, too.
        rate = RATES[alg]
        for n in (rate - 1, rate, rate + 1, 2 * rate, 3 * rate + 7):
            msg = randbytes(r, n)
            for cut in (1, rate - 1, rate, min(n, rate + 1)):
                reqs.append((alg + '_parts', msg[:cut], msg[cut:]))
                want.append(hashlib.new(alg, msg).digest())
        got = run(o, reqs)
        bad = [(reqs[i][0], [len(x) for x in reqs[i][1:]])
               for i in range(len(reqs)) if got[i] != [want[i]]]
        tap.ok(not bad, '%s one-shot and incremental, %d cases, lengths 0..20000 [%s]'
               % (alg, len(reqs), path), diag=bad[:5])


def test_shake(tap, o, r, path):
    lengths = message_lengths(r)
    for alg in ('shake128', 'shake256'):
        rate = RATES[alg]
        reqs, want = [], []
        for n in lengths:
            msg = randbytes(r, n)
            outlen = r.choice([0, 1, 16, 32, rate - 1, rate, rate + 1,
                               r.randrange(0, 4 * rate), r.randrange(0, 20001)])
            reqs.append((alg, msg, outlen))
            want.append(hashlib.new(alg, msg).digest(outlen))
        got = run(o, reqs)
        bad = [(len(reqs[i][1]), reqs[i][2]) for i in range(len(reqs))
               if got[i] != [want[i]]]
        tap.ok(not bad, '%s one-shot, %d messages 0..20000 bytes, output 0..20000 [%s]'
               % (alg, len(reqs), path), diag=bad[:5])

        # Every output length 0..300 for one message, and for the empty one.
        reqs, want = [], []
        for msg in (b'', randbytes(r, 200)):
            for outlen in range(301):
                reqs.append((alg, msg, outlen))
                want.append(hashlib.new(alg, msg).digest(outlen))
        got = run(o, reqs)
        bad = [(len(reqs[i][1]), reqs[i][2]) for i in range(len(reqs))
               if got[i] != [want[i]]]
        tap.ok(not bad, '%s every output length 0..300 [%s]' % (alg, path),
               diag=bad[:5])

        # Incremental absorb + multi-call squeeze.
        reqs, want = [], []
        for n in lengths[::2]:
            msg = randbytes(r, n)
            parts = random_splits(r, msg)
            total = r.choice([0, rate, r.randrange(0, 3 * rate),
                              r.randrange(0, 12000)])
            sizes = squeeze_sizes(r, total, rate)
            reqs.append((alg + '_parts', len(parts)) + tuple(parts) + tuple(sizes))
            want.append(hashlib.new(alg, msg).digest(total))
        got = run(o, reqs)
        bad = [(len(b''.join(reqs[i][2:2 + reqs[i][1]])), reqs[i][2 + reqs[i][1]:])
               for i in range(len(reqs)) if got[i] != [want[i]]]
        tap.ok(not bad, '%s incremental absorb + multi-call squeeze, %d cases [%s]'
               % (alg, len(reqs), path), diag=bad[:3])


def test_hmac(tap, o, r, path):
    lengths = message_lengths(r)
    for alg in ('sha3_224', 'sha3_256', 'sha3_384', 'sha3_512'):
        rate = RATES[alg]
        reqs, want = [], []
        for n in lengths[::3]:
            klen = r.choice([0, 1, 16, 32, rate - 1, rate, rate + 1, 200,
                             r.randrange(0, 1001)])
            key = randbytes(r, klen)
            msg = randbytes(r, n)
            d = hmac.new(key, msg, alg.replace('_', '-')).digest()
            reqs.append(('hmac_' + alg, key, msg))
            want.append(d)
            reqs.append(('hmac_' + alg + '_raw', key, msg))
            want.append(d)
            reqs.append(('hmac_' + alg + '_parts', key) + tuple(random_splits(r, msg)))
            want.append(d)
            reqs.append(('hmac_' + alg + '_prep_parts', key) + tuple(random_splits(r, msg)))
            want.append(d)
        got = run(o, reqs)
        bad = [(reqs[i][0], len(reqs[i][1]), len(b''.join(reqs[i][2:])))
               for i in range(len(reqs)) if got[i] != [want[i]]]
        tap.ok(not bad, 'hmac_%s prepared/raw/incremental, %d cases, keys 0..1000 bytes [%s]'
               % (alg, len(reqs), path), diag=bad[:5])


def test_wycheproof(tap, o, path):
    for bits in (224, 256, 384, 512):
        doc = load_vectors('wycheproof', 'testvectors_v1', 'hmac_sha3_%d_test.json' % bits)
        cases, reqs = [], []
        for g in doc['testGroups']:
            for t in g['tests']:
                cases.append((t, g['tagSize'] // 8))
                reqs.append(('hmac_sha3_%d' % bits, bytes.fromhex(t['key']),
                             bytes.fromhex(t['msg'])))
        got = run(o, reqs)
        bad, nvalid, ninvalid = [], 0, 0
        for (t, tagbytes), g in zip(cases, got):
            tag = bytes.fromhex(t['tag'])
            match = len(tag) == tagbytes and hmac.compare_digest(g[0][:tagbytes], tag)
            if t['result'] == 'valid':
                nvalid += 1
                if not match:
                    bad.append(('valid', t['tcId']))
            else:
                ninvalid += 1
                if match:
                    bad.append(('invalid accepted', t['tcId']))
        tap.ok(not bad and len(cases) == doc['numberOfTests'],
               'wycheproof hmac_sha3_%d: %d valid match, %d invalid rejected [%s]'
               % (bits, nvalid, ninvalid, path), diag=bad[:5])


if __name__ == '__main__':
    run_tests(test_digests, test_shake, test_hmac, test_wycheproof)
