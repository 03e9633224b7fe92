#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Benchmarks of libafalg-shim (not a test: it prints figures).

  bench/bench-shim.py [--build DIR] [--runs N] [--file PATH] [--size MiB]

1. bench-shim (bench/bench-shim.c) under LD_PRELOAD: a 64-byte
   hmac(sha256) (and sha256) through the shim's send+recv path against the
   direct libkcrypto call, medians of 11 interleaved runs in one process,
   thread CPU time.  Target: ratio <= 1.5.

2. kcapi-dgst -c sha256 of a 1 GiB file under the shim against
   `openssl dgst -sha256` of the same file: N runs each (default 5),
   alternating, after one warm-up read of the file (page cache warm), both
   digests checked equal.  Throughput = size / time, reported from wall
   time and from the children's CPU time (user + sys), as medians; on a
   shared machine the CPU-time figure is the stable one.  Target:
   kcapi-dgst / openssl >= 1.0.

3. Start-up: a shell running /bin/true 300 times with the shim
   preloaded (into the shell and every /bin/true) against no preload,
   and against an empty preloaded library (compiled here with cc, when
   there is one): the floor any LD_PRELOAD costs.  CPU time of the
   children, N runs each (default 5), interleaved; ratios of medians,
   and the children's minor page faults per exec (shell included).
   Target (issue 24): at most 1.05 against no preload.

The last lines put the ratios side by side with the CPU model.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(argv, env, faults=None):
    """wall and children's CPU seconds, stdout; the children's minor page
    faults are appended to @faults when given"""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run(argv, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    wall = time.monotonic() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    if p.returncode:
        sys.exit('%s failed: %s' % (argv[0], p.stderr.decode()[-500:]))
    if faults is not None:
        faults.append(r1.ru_minflt - r0.ru_minflt)
    return wall, cpu, p.stdout.decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', default=os.path.join(TOP, 'build'))
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--file', default='/tmp/afalg-bench-1g')
    ap.add_argument('--size', type=int, default=1024, help='MiB')
    a = ap.parse_args()
    shim = os.path.join(a.build, 'shim', 'libafalg-shim.so')
    env = dict(os.environ, LD_PRELOAD=shim, AFALG_SHIM='always')
    env.pop('AFALG_SHIM_LOG', None)

    model = '?'
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                model = line.split(':', 1)[1].strip()
                break
    except OSError:
        pass
    print('CPU: %s (%d online)' % (model, os.cpu_count() or 0))
    print('== 1. one 64-byte operation: shim send+recv vs direct call')
    p = subprocess.run([os.path.join(a.build, 'bench', 'bench-shim')],
                       env=env, stdout=subprocess.PIPE)
    if p.returncode:
        sys.exit(1)
    hmac_ratio = None
    for line in p.stdout.decode().splitlines():
        if line.startswith('hmac-ratio '):
            hmac_ratio = float(line.split()[1])
        else:
            print(line)
    if hmac_ratio is None:
        sys.exit('bench-shim printed no hmac-ratio line')

    print('\n== 2. kcapi-dgst -c sha256 under the shim vs openssl dgst '
          '-sha256, %d MiB file' % a.size)
    size = a.size << 20
    if not os.path.exists(a.file) or os.path.getsize(a.file) != size:
        with open(a.file, 'wb') as f:
            chunk = os.urandom(1 << 20)
            for i in range(a.size):
                f.write(bytes([i & 255]) + chunk[1:])
    with open(a.file, 'rb') as f:          # warm the page cache
        while f.read(1 << 24):
            pass
    plain = dict(os.environ)
    plain.pop('LD_PRELOAD', None)
    kc = ['kcapi-dgst', '-c', 'sha256', '-i', a.file, '--hex']
    ossl = ['openssl', 'dgst', '-sha256', '-r', a.file]
    res = {'kcapi-dgst': [], 'openssl': []}
    for i in range(a.runs):
        for name, argv, e in (('kcapi-dgst', kc, env),
                              ('openssl', ossl, plain)):
            wall, cpu, out = timed(argv, e)
            res[name].append((wall, cpu, out.split()[0]))
    digests = {r[2] for v in res.values() for r in v}
    if len(digests) != 1:
        sys.exit('digests differ: %s' % digests)
    print('%-12s %12s %12s   (MB/s, medians of %d runs)' %
          ('', 'wall', 'cpu', a.runs))
    med = {}
    for name, v in res.items():
        w = statistics.median(size / x[0] / 1e6 for x in v)
        c = statistics.median(size / x[1] / 1e6 for x in v)
        med[name] = (w, c)
        print('%-12s %12.0f %12.0f' % (name, w, c))
    dgst_wall = med['kcapi-dgst'][0] / med['openssl'][0]
    dgst_cpu = med['kcapi-dgst'][1] / med['openssl'][1]
    print('%-12s %12.2f %12.2f   (kcapi-dgst / openssl, target >= 1.0)' %
          ('ratio', dgst_wall, dgst_cpu))
    print('digest %s' % digests.pop())

    print('\n== 3. start-up: sh running /bin/true 300 times, %d runs each'
          % a.runs)
    loop = ['sh', '-c', 'i=0; while [ $i -lt 300 ]; do /bin/true; '
            'i=$((i+1)); done']
    tmp = tempfile.mkdtemp(prefix='bench-shim-')
    empty = os.path.join(tmp, 'empty.so')
    with open(os.path.join(tmp, 'empty.c'), 'w') as f:
        f.write('int bench_shim_empty;\n')
    variants = [('no preload', plain)]
    if shutil.which('cc') and not subprocess.run(
            ['cc', '-shared', '-fPIC', '-O2', '-o', empty,
             os.path.join(tmp, 'empty.c')]).returncode:
        variants.append(('empty preload', dict(plain, LD_PRELOAD=empty)))
    variants.append(('shim preload', dict(plain, LD_PRELOAD=shim)))
    start = {name: [] for name, _ in variants}
    faults = {name: [] for name, _ in variants}
    for i in range(a.runs):
        for name, e in variants:
            start[name].append(timed(loop, e, faults[name])[1])
    shutil.rmtree(tmp, ignore_errors=True)
    base = statistics.median(start['no preload'])
    for name, _ in variants:
        m = statistics.median(start[name])
        print('%-14s %8.1f ms CPU per 300 execs   %5.2f x no preload'
              '   %5.1f page faults per exec' %
              (name, m * 1e3, m / base,
               statistics.median(faults[name]) / 300))
    if 'empty preload' in start:
        print('%-14s %5.2f x (the floor any LD_PRELOAD costs is the empty '
              'row)' % ('shim / empty', statistics.median(
                  start['shim preload']) /
                  statistics.median(start['empty preload'])))
    start_ratio = statistics.median(start['shim preload']) / base

    print('\n== the targets (CPU: %s)' % model)
    print('%-50s %6.2f   target <= 1.5  %s' %
          ('1. hmac(sha256) 64 B op: shim / direct call', hmac_ratio,
           'met' if hmac_ratio <= 1.5 else 'MISSED'))
    print('%-50s %6.2f   target >= 1.0  %s' %
          ('2. kcapi-dgst / openssl dgst, %d MiB, CPU time' % a.size,
           dgst_cpu, 'met' if dgst_cpu >= 1.0 else 'MISSED'))
    print('%-50s %6.2f   (wall time: the machine\'s load shows here)' %
          ('   the same, wall time', dgst_wall))
    print('%-50s %6.2f   target <= 1.05 %s' %
          ('3. /bin/true x300 under sh: shim / no preload', start_ratio,
           'met' if start_ratio <= 1.05 else 'MISSED'))


main()
