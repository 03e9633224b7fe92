#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Runs INSIDE the QEMU guest (kernel-patches/run-guest, booted by
test_tracer_storm.py): for each storm size, afalg-trace --max-entries MAX
around afalg-storm, then the tracer's peak RSS and the storm's own account.

  storm-guest.py OUT TRACE STORM MAX N...

N is a storm size: N processes with N exe paths, or, written "Nv", N
processes of one exe made without exec (afalg-storm "vfork").

Writes OUT/storm-N.json (the inventory), storm-N.prom (its textfile), the
snapshots --interval 1 wrote after the storm and before the stop
(storm-N.json.snap, storm-N.prom.snap), OUT/storm-N.err and one JSON line
per size to OUT/results: the storm's account, the tracer's exit status,
VmHWM read from /proc/PID/status just before it was stopped, and its peak
RSS over its whole life (wait4's ru_maxrss, which covers the aggregation
after the stop), in KiB.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time


def vm_hwm(pid):
    try:
        with open('/proc/%d/status' % pid) as f:
            for line in f:
                if line.startswith('VmHWM:'):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def run(out, trace, storm, max_entries, n, mode):
    ready = os.path.join(out, 'storm-%d.ready' % n)
    err = open(os.path.join(out, 'storm-%d.err' % n), 'w')
    inv = os.path.join(out, 'storm-%d.json' % n)
    prom = os.path.join(out, 'storm-%d.prom' % n)
    # --interval 1: the service's snapshots, kept (.snap) before the stop
    tracer = subprocess.Popen([trace, '--max-entries', str(max_entries), '--ready', ready,
                               '-o', inv, '--prometheus', prom, '--interval', '1'],
                              stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 900
    # alive: waited for with wait4 only, so that its rusage is ours to read
    while not os.path.exists(ready) and time.monotonic() < deadline and \
            os.wait4(tracer.pid, os.WNOHANG)[0] == 0:
        time.sleep(0.2)
    res = {'n': n, 'mode': mode, 'max_entries': max_entries, 'ready': os.path.exists(ready)}
    if res['ready']:
        r = subprocess.run([storm, '/tmp/storm-%d' % n, str(n), mode], capture_output=True,
                           text=True)
        try:
            res['storm'] = json.loads(r.stdout)
        except ValueError:
            res['storm'] = None
            res['storm_err'] = r.stderr[-500:]
        time.sleep(3)           # the ring buffer's last records, a snapshot after them
        res['vmhwm_kib'] = vm_hwm(tracer.pid)
        for f in (inv, prom):
            if os.path.exists(f):
                shutil.copy(f, f + '.snap')
    t0 = time.monotonic()
    try:
        os.kill(tracer.pid, signal.SIGINT)
        _, status, ru = os.wait4(tracer.pid, 0)
    except (ProcessLookupError, ChildProcessError):
        res['rc'] = 'exited early (see storm-%d.err)' % n
        return res
    res['stop_seconds'] = round(time.monotonic() - t0, 1)
    res['rc'] = os.waitstatus_to_exitcode(status)
    res['maxrss_kib'] = ru.ru_maxrss
    subprocess.run(['rm', '-rf', '/tmp/storm-%d' % n])
    return res


def main():
    out, trace, storm, max_entries = sys.argv[1:5]
    with open(os.path.join(out, 'results'), 'w') as f:
        for size in sys.argv[5:]:
            # "N": N exe paths, two children at a time; "Nv": N vfork()ed
            # children of one exe (afalg-storm's comment says why)
            vfork = size.endswith('v')
            res = run(out, trace, storm, int(max_entries), int(size.rstrip('v')),
                      'vfork' if vfork else '2')
            f.write(json.dumps(res) + '\n')
            f.flush()
            print(json.dumps(res), flush=True)


if __name__ == '__main__':
    main()
