#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""MD5, SHA-1 and SHA-2 (and their HMACs) against Python's hashlib/hmac.

Table-driven: every algorithm in ALGS gets the same checks, through every
entry point of the mainline library shape (see oracle/oracle-hash.h):

  - <alg>_zero_message_hash against hashlib of the empty message;
  - every message length 0..300 plus random lengths up to 20000, one-shot
    and through incremental updates split at random points;
  - HMAC with every key length 0..2*block+1 and random longer keys, through
    the prepared-key one-shot, usingrawkey, prepared-key incremental and
    init_usingrawkey incremental calls;
  - for SHA-384/512, contexts whose 128-bit byte count is past 2^64 (and
    crosses it), against a small FIPS 180-4 SHA-512 written here in Python,
    which is itself first checked against hashlib.
"""
import functools
import hashlib
import hmac

from kctest import randbytes, random_splits, run_tests, whole_and_split
from sha2ref import SHA512

# name -> (hashlib name, block size), by hand and not from
# catalogue/hashes.json on purpose: the oracle's side.  sha256_finup_2x()
# has its own driver, test_sha256_finup2x.py.
ALGS = {
    'md5': ('md5', 64),
    'sha1': ('sha1', 64),
    'sha224': ('sha224', 64),
    'sha256': ('sha256', 64),
    'sha384': ('sha384', 128),
    'sha512': ('sha512', 128),
}


def check(tap, o, reqs, want, desc, show):
    got = o.many(reqs)
    bad = [show(reqs[i]) for i in range(len(reqs)) if got[i] != [want[i]]]
    tap.ok(not bad, desc, diag=bad[:5])


def test_hash(tap, o, r, alg, hname, block, path):
    d = hashlib.new(hname, b'').digest()
    tap.ok(o.call(alg + '_zero') == [d],
           '%s_zero_message_hash matches hashlib [%s]' % (alg, path))

    # Lengths 0..300 reach at most two whole blocks in one call; the
    # block-count sweep gives the block function 0..17 blocks at once, odd
    # and even counts (the x86 SHA-512 code takes blocks two at a time and
    # an odd last one alone), with and without a partial block behind.
    lengths = list(range(301))
    lengths += [block * k + d for k in range(3, 18) for d in (0, 1, block - 1)]
    lengths += [r.randrange(301, 20001) for _ in range(1200)]
    reqs, want = [], []
    for n in lengths:
        msg = randbytes(r, n)
        d = hashlib.new(hname, msg).digest()
        reqs += whole_and_split(r, alg, msg)
        want += [d, d]
    check(tap, o, reqs, want,
          '%s one-shot and incremental, %d messages, lengths 0..20000 [%s]'
          % (alg, len(lengths), path),
          lambda q: (q[0], len(b''.join(q[1:]))))


def test_hmac(tap, o, r, alg, hname, block, path):
    klens = list(range(2 * block + 2))
    klens += [r.randrange(2 * block + 2, 1001) for _ in range(40)]
    reqs, want = [], []
    for i, klen in enumerate(klens):
        key = randbytes(r, klen)
        # Message lengths cycle through the block boundaries as well.
        n = r.choice([0, 1, block - 1, block, block + 1, r.randrange(0, 20001)])
        msg = randbytes(r, n)
        d = hmac.new(key, msg, hname).digest()
        reqs.append(('hmac_' + alg, key, msg))
        reqs.append(('hmac_' + alg + '_raw', key, msg))
        reqs.append(('hmac_' + alg + '_parts', key) + tuple(random_splits(r, msg)))
        reqs.append(('hmac_' + alg + '_rawinit_parts', key) +
                    tuple(random_splits(r, msg)))
        want += [d] * 4
    check(tap, o, reqs, want,
          'hmac_%s prepared/usingrawkey/incremental/init_usingrawkey, '
          'keys 0..%d and up to 1000 bytes, %d calls [%s]'
          % (alg, 2 * block + 1, len(reqs), path),
          lambda q: (q[0], len(q[1]), len(b''.join(q[2:]))))


# SHA-384/512 digests for byte counts hashlib cannot reach (the 128-bit
# length field above 2^64) come from the model in tests/lib/sha2ref.py.
IV384 = SHA512.iv(8)
IV512 = SHA512.iv(0)


def py_sha512(msg, iv, dsize, start_count=0):
    """Digest of msg hashed from state iv after start_count bytes."""
    return SHA512.finish(iv, start_count, msg)[:dsize]


def test_bytecount(tap, o, r, path):
    # The Python model first has to agree with hashlib.
    model_ok = all(py_sha512(m, IV512, 64) == hashlib.sha512(m).digest() and
                   py_sha512(m, IV384, 48) == hashlib.sha384(m).digest()
                   for m in (randbytes(r, n) for n in (0, 1, 111, 112, 128, 300)))
    if not tap.ok(model_ok, 'Python SHA-384/512 model agrees with hashlib'):
        return
    reqs, want = [], []
    for alg, iv, dsize in (('sha384', IV384, 48), ('sha512', IV512, 64)):
        for hi, lo in ((1, 0), (0, (1 << 64) - 128), (0, (1 << 64) - 256),
                       ((1 << 61), 128), ((1 << 64) - 1, (1 << 64) - 128),
                       (r.getrandbits(64), r.getrandbits(57) << 7)):
            n = r.choice([0, 5, 111, 112, 127, 128, 129, 300])
            msg = randbytes(r, n)
            reqs.append((alg + '_bytecount', hi.to_bytes(8, 'big'),
                         lo.to_bytes(8, 'big'), msg))
            want.append(py_sha512(msg, iv, dsize, (hi << 64) + lo))
    check(tap, o, reqs, want,
          'sha384/sha512 128-bit byte count above 2^64 and its carry [%s]' % path,
          lambda q: (q[0], q[1].hex(), q[2].hex(), len(q[3])))


def main():
    run_tests(*[functools.partial(t, alg=alg, hname=hname, block=block)
                for alg, (hname, block) in ALGS.items() for t in (test_hash, test_hmac)],
              test_bytecount)


if __name__ == '__main__':
    main()
