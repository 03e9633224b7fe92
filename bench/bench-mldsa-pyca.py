#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""ML-DSA verification time of an independent implementation, for bench-mldsa.

    bench-mldsa-pyca.py VECTORS-DIR REPS

python3-cryptography (pyca) verifies with the OpenSSL it is built with; this
prints that OpenSSL's version and, per parameter set, the median over REPS of
microseconds per verify() of the same signature bench-mldsa times (the first
test of the first group of the Wycheproof file).  The figure includes one
Python call per verification (about a microsecond).  Prints nothing and exits
1 if the module has no ML-DSA.
"""
import gzip
import json
import os
import statistics
import sys
import time

try:
    from cryptography.hazmat.backends.openssl import backend
    from cryptography.hazmat.primitives.asymmetric import mldsa
except ImportError:
    sys.exit(1)


def main():
    vec_dir, reps = sys.argv[1], int(sys.argv[2])
    print('openssl', backend.openssl_version_text())
    for bits in (44, 65, 87):
        path = '%s/mldsa_%d_verify_test.json' % (vec_dir, bits)
        if not os.path.exists(path):
            path += '.gz'       # as tests/vectors stores it
        with gzip.open(path, 'rt') if path.endswith('.gz') else open(path) as f:
            group = json.load(f)['testGroups'][0]
        test = group['tests'][0]
        cls = getattr(mldsa, 'MLDSA%dPublicKey' % bits)
        pk = cls.from_public_bytes(bytes.fromhex(group['publicKey']))
        sig, msg = bytes.fromhex(test['sig']), bytes.fromhex(test['msg'])
        pk.verify(sig, msg)             # raises if it does not verify
        iters, times = 20, []
        for _ in range(reps):
            t0 = time.thread_time_ns()
            for _ in range(iters):
                pk.verify(sig, msg)
            times.append((time.thread_time_ns() - t0) / iters / 1e3)
        print(bits, '%.1f' % statistics.median(times))


if __name__ == '__main__':
    main()
