#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer": the tracer's memory stays bounded whatever the number of
distinct callers, and its counts still add up exactly.

One TCG guest boot (kernel-patches/run-guest) runs storm-guest.py: for each
storm size, afalg-trace --max-entries MAX around afalg-storm, which runs N
processes with N distinct exe paths (hard links), each creating one AF_ALG
socket and binding it to hash sha256.  The ground truth is the storm's own
account (its children's exit statuses).  Checked per size: every socket and
bind is counted once, in the callers' rows, the "(overflow)" rows or rows
whose identity was lost ("?"); nothing is dropped; the storm overflowed the
cap; no more caller rows than the cap; the snapshot --interval wrote after the storm (JSON and Prometheus
textfile) says the same.  Across sizes: the peak RSS of the
larger storm is within SLACK of the smaller one's and under BOUND.

The default storms: 1,500 and 6,000 processes with as many exe paths
(each child exec()s its own hard link), then 100,000 processes of one exe
made without exec ("100000v": afalg-storm's vfork mode, about 5 ms a
process under TCG where an exec costs about 40), the issue's storm of
100,000 distinct callers.  AFALG_STORM_SIZES and AFALG_STORM_MAX (default
256) change them.
"""
import json
import os

from kctest import run_tests
import tracerlib as tl

# "N": N processes with N exe paths; "Nv": N processes of one exe, made
# without exec (cheap enough under TCG for 100,000)
SIZE_ARGS = os.environ.get('AFALG_STORM_SIZES', '1500 6000 100000v').split()
SIZES = [int(x.rstrip('v')) for x in SIZE_ARGS]
MAX = int(os.environ.get('AFALG_STORM_MAX', '256'))
BOUND_KIB = 64 * 1024           # the tracer's peak RSS, whatever the storm
SLACK_KIB = 4 * 1024            # growth allowed from the smallest storm to the largest


def storm_rows(s, n):
    """The rows the storm of size n may be counted in."""
    d = '/tmp/storm-%d/' % n
    return [e for e in s.get('entries', [])
            if e['exe'].startswith(d) or e['exe'] in ('(overflow)', '?')]


def sums(s, n):
    """(sockets, binds, rows of other algorithms) the storm's rows count."""
    rows = storm_rows(s, n)
    return (sum(e['sockets_created'] for e in rows if e['type'] is None),
            sum(e['tfm_sockets'] for e in rows
                if e['type'] == 'hash' and e['alg'] == 'sha256'),
            [e for e in rows if e['type'] not in (None, 'hash') or
             (e['type'] == 'hash' and e['alg'] != 'sha256')])


def prom_binds(path, n):
    """afalg_binds_total of the storm's exes (and the overflow and "?" rows)
    for hash sha256, as the reference parser reads the textfile."""
    from prometheus_client.parser import text_string_to_metric_families
    total = 0
    with open(path, encoding='utf-8') as f:
        for fam in text_string_to_metric_families(f.read()):
            for smp in fam.samples:
                lb = smp.labels
                if smp.name == 'afalg_binds_total' and lb.get('alg') == 'sha256' and (
                        lb['exe'].startswith('/tmp/storm-%d/' % n) or
                        lb['exe'] in ('(overflow)', '?')):
                    total += smp.value
    return total


def check_snapshots(tap, res, out):
    """The --interval snapshots taken after the storm: the same counts."""
    n = res['n']
    st = res.get('storm') or {}
    snap = tl.load(os.path.join(out, 'storm-%d.json.snap' % n)) or {}
    sockets, binds, _ = sums(snap, n)
    try:
        pb = prom_binds(os.path.join(out, 'storm-%d.prom.snap' % n), n)
    except (OSError, ValueError) as e:
        pb = repr(e)
    tap.ok(sockets == st.get('bound', 0) + st.get('no_bind', 0) and binds == st.get('bound')
           and pb == st.get('bound'),
           'storm of %d: the --interval snapshot written while tracing (JSON and textfile) '
           'has the same counts' % n,
           'snapshot: %s sockets, %s binds; textfile: %s binds; storm: %s' % (
               sockets, binds, pb, st))


def check_size(tap, res, out):
    n = res['n']
    st = res.get('storm') or {}
    s = tl.load(os.path.join(out, 'storm-%d.json' % n)) or {}
    tap.ok(res.get('ready') and res.get('rc') == 0 and st.get('processes') == n and
           st.get('other') == 0 and st.get('bound') == n and s.get('entries'),
           'storm of %d: the tracer ran, every child bound hash sha256 (%s s)' % (
               n, st.get('seconds')), json.dumps(res))
    rows = storm_rows(s, n)
    sockets, binds, other = sums(s, n)
    want_sockets = st.get('bound', 0) + st.get('no_bind', 0)
    tap.ok(sockets == want_sockets and binds == st.get('bound') and not other,
           'storm of %d: sockets and binds add up exactly (%d, %d)' % (n, sockets, binds),
           'counted %d sockets, %d binds; the storm made %d, %d; other rows %s' % (
               sockets, binds, want_sockets, st.get('bound', 0), other[:3]))
    ov = s.get('overflow') or {}
    folded = sum(e['tfm_sockets'] + e['sockets_created'] for e in rows if e['overflow'])
    callers = [e for e in rows if not e['overflow'] and e['exe'] != '?']
    tap.ok(s.get('dropped', {}).get('counters') == 0 and ov.get('max_entries') == MAX and
           (2 * n <= MAX or (ov.get('folded_updates', 0) > 0 and folded > 0)) and
           len(callers) <= MAX,
           'storm of %d: nothing dropped, %d counts folded into "(overflow)" rows, '
           '%d caller rows (cap %d)' % (n, folded, len(callers), MAX),
           json.dumps({'dropped': s.get('dropped'), 'overflow': ov}))


def test_storm(tap):
    run_guest = tl.guest_run_guest(tap, 'caller storm')
    r, out = tl.guest_python(
        tap, run_guest, 'storm',
        [(os.environ['AFALG_TRACE_STATIC'], 'afalg-trace'),
         (os.environ.get('AFALG_STORM'), 'afalg-storm')],
        'storm-guest.py', ['bin/afalg-trace', 'bin/afalg-storm', MAX] + SIZE_ARGS)
    results = tl.read_lines_json(os.path.join(out, 'results'))
    tap.ok(r.returncode == 0 and len(results) == len(SIZES),
           'the guest ran %d storms' % len(SIZES), (r.stdout + r.stderr)[-3000:])
    for res in results:
        tap.diag('storm %d: %s s, tracer VmHWM %s KiB before stop, peak RSS %s KiB, '
                 'stopped in %s s' % (res['n'], (res.get('storm') or {}).get('seconds'),
                                      res.get('vmhwm_kib'), res.get('maxrss_kib'),
                                      res.get('stop_seconds')))
        check_size(tap, res, out)
        check_snapshots(tap, res, out)
    rss = [res.get('maxrss_kib') or 0 for res in results]
    tap.ok(len(rss) == len(SIZES) and all(0 < x <= BOUND_KIB for x in rss) and
           max(rss) - rss[0] <= SLACK_KIB,
           'peak RSS bounded: %s KiB for %s callers (bound %d, growth at most %d)' % (
               rss, SIZES, BOUND_KIB, SLACK_KIB), json.dumps(results))


if __name__ == '__main__':
    run_tests(test_storm)
