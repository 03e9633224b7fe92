#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""afalg-migrate scan of a tree side by side with sha256sum of the same files.

    bench/bench-scan.py [-n RUNS] [-j JOBS] [TREE...]      (default /usr/bin)

The yardstick of afalg-migrate(1)'s speed target: a scan costs at most 3
times sha256sum reading and hashing the same files with the same
parallelism.  The files are those the scan reads: the regular files under
each TREE, links and dot-directories left out (scan.walk() does the same);
sha256sum gets them through xargs -P JOBS.  The two commands run in turn
(a warm-up of each first, not counted, which also fills the page cache),
RUNS times each; a run's CPU time is user + system of the command and of
every process it waited for (objdump, xargs' children), from wait4().
Printed: the CPU model, the load average before and after, each command's
median (min..max) CPU and wall seconds, and the ratios of the medians.  On
a machine shared with other work the CPU time is the figure to quote: wall
time there measures the neighbours too.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(os.path.dirname(HERE), 'migrate', 'afalg-migrate')


def files_of(trees):
    out = []
    for root in trees:
        for d, dirs, names in os.walk(root):
            dirs[:] = sorted(x for x in dirs if not x.startswith('.'))
            for n in sorted(names):
                p = os.path.join(d, n)
                if not os.path.islink(p) and os.path.isfile(p):
                    out.append(p)
    return out


def timed(argv, stdin=None):
    """(cpu seconds, wall seconds, exit status) of one run."""
    t = time.monotonic()
    p = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin is not None else
                         subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    if stdin is not None:
        p.stdin.write(stdin)
        p.stdin.close()
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - t
    if p.returncode:
        sys.exit('%s: exit %d: %s' % (argv[0], p.returncode,
                                      err.decode(errors='replace').strip()[-500:]))
    return ru.ru_utime + ru.ru_stime, wall


def cpu_model():
    try:
        for ln in open('/proc/cpuinfo'):
            if ln.startswith('model name'):
                return ln.split(':', 1)[1].strip()
    except OSError:
        pass
    return 'unknown'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('trees', nargs='*', default=['/usr/bin'])
    ap.add_argument('-n', '--runs', type=int, default=5)
    ap.add_argument('-j', '--jobs', type=int, default=2)
    ap.add_argument('--tool', default=TOOL, help='afalg-migrate to run (default: the tree\'s)')
    a = ap.parse_args()
    if a.runs < 1 or a.jobs < 1:
        ap.error('--runs and --jobs must be at least 1')
    files = files_of(a.trees)
    if not files:
        sys.exit('no regular files under %s' % ' '.join(a.trees))
    size = sum(os.path.getsize(f) for f in files)
    listing = b''.join(f.encode() + b'\0' for f in files)
    scan = [sys.executable, a.tool, 'scan', '-q', '-j', str(a.jobs), '-o', os.devnull] + a.trees
    hsum = ['xargs', '-0', '-P', str(a.jobs), '-n', '200', 'sha256sum']
    print('CPU: %s, %d online; load average before: %s' % (
        cpu_model(), os.cpu_count(), ' '.join(open('/proc/loadavg').read().split()[:3])))
    print('%d files, %.1f MB under %s; -j %d; %d runs each, in turn, after one warm-up each'
          % (len(files), size / 1e6, ' '.join(a.trees), a.jobs, a.runs))
    timed(scan)
    timed(hsum, listing)
    res = {'scan': [], 'sha256sum': []}
    for _ in range(a.runs):
        res['scan'].append(timed(scan))
        res['sha256sum'].append(timed(hsum, listing))
    med = {}
    for name, rows in res.items():
        cpu, wall = [r[0] for r in rows], [r[1] for r in rows]
        med[name] = statistics.median(cpu), statistics.median(wall)
        print('%-10s cpu %7.2f s (%.2f..%.2f)   wall %7.2f s (%.2f..%.2f)' % (
            name, med[name][0], min(cpu), max(cpu), med[name][1], min(wall), max(wall)))
    print('scan / sha256sum, ratio of medians: cpu %.2f, wall %.2f' % (
        med['scan'][0] / med['sha256sum'][0], med['scan'][1] / med['sha256sum'][1]))
    print('load average after: %s' % ' '.join(open('/proc/loadavg').read().split()[:3]))


if __name__ == '__main__':
    main()
