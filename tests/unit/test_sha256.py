#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""SHA-224/256 and HMAC-SHA224/256 against Python's hashlib/hmac.

Every length 0..300, then random lengths up to 20000, each through the
one-shot call and through incremental updates split at random points.
"""
import hashlib
import hmac

from kctest import Oracle, Tap, rng, randbytes, random_splits, path_name


def main():
    tap = Tap()
    r = rng()
    o = Oracle()
    path = path_name()
    lengths = list(range(301)) + [r.randrange(301, 20001) for _ in range(1500)]

    for alg in ('sha224', 'sha256'):
        reqs, want = [], []
        for n in lengths:
            msg = randbytes(r, n)
            d = hashlib.new(alg, msg).digest()
            reqs.append((alg, msg))
            want.append(d)
            reqs.append((alg + '_parts',) + tuple(random_splits(r, msg)))
            want.append(d)
        got = o.many(reqs)
        bad = [(reqs[i][0], len(b''.join(reqs[i][1:])))
               for i in range(len(reqs)) if got[i] != [want[i]]]
        tap.ok(not bad, '%s one-shot and incremental, %d messages, lengths 0..20000 [%s]'
               % (alg, len(lengths), path), diag=bad[:5])

        reqs, want = [], []
        for n in lengths[::3]:
            klen = r.choice([0, 1, 16, 31, 32, 63, 64, 65, 100, 128, 200, 1000])
            key = randbytes(r, klen)
            msg = randbytes(r, n)
            d = hmac.new(key, msg, alg).digest()
            reqs.append(('hmac_' + alg, key, msg))
            want.append(d)
            reqs.append(('hmac_' + alg + '_raw', key, msg))
            want.append(d)
            reqs.append(('hmac_' + alg + '_parts', key) + tuple(random_splits(r, msg)))
            want.append(d)
        got = o.many(reqs)
        bad = [(reqs[i][0], len(reqs[i][1]), len(b''.join(reqs[i][2:])))
               for i in range(len(reqs)) if got[i] != [want[i]]]
        tap.ok(not bad, 'hmac_%s prepared/raw/incremental, %d cases, keys 0..1000 bytes [%s]'
               % (alg, len(reqs), path), diag=bad[:5])
    o.close()
    tap.done()


if __name__ == '__main__':
    main()
