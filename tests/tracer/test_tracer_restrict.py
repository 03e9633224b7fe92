#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer", guest part: the inventory knows crypto.af_alg_restrict.

One guest boot (kernel-patches/run-guest, TCG) runs phase r of
tests/tracer/guest-workload.sh: at level 1, tests/lib/afalg_matrix.py binds
every name of its matrix (allowlisted for anyone, privileged-only, off the
lists, driver names, names the kernel lacks, names under the wrong type) as
root, as nobody and as a user holding only CAP_NET_ADMIN (setpriv), then as
root at level 0; two static afalg-trace run around it, one taking the
verdict from the series' af_alg_bind tracepoint and one with
--no-kernel-tracepoints, as on a kernel with mainline's restriction only.

The ground truth is what the probe got from the kernel (its own result for
every bind, and its CapEff as /proc/self/status shows it); what each result
must count as (a tfm socket, denied, not_found) comes from the matrix's
table (afalg_matrix.classify, written from the shared description of the
restriction, not from the tracer).  AFALG_TRACER_GUEST=0 skips it.
"""
import json
import os
import shlex
import time

from kctest import Tap
import afalg_matrix as matrix
import tracerlib as tl

TOP = os.environ.get('AFALG_TOP', os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))
CAPS = ((12, 'CAP_NET_ADMIN'), (21, 'CAP_SYS_ADMIN'))


def expected_rows(truth):
    """{(uid, caps, type, name): {'tfm_sockets', 'denied', 'not_found'}} from
    the probe's own results, and the mismatches between the kernel's result
    and the matrix's expectation."""
    rows, who, off = {}, {}, []
    for t in truth:
        if 'who' in t:
            eff = int(t['capeff'], 16)
            who[(t['who'], t['level'])] = (t['uid'], tuple(
                n for bit, n in CAPS if eff >> bit & 1))
            continue
        uid, caps = who[(t['user'], t['level'])]
        want = matrix.expected(t['level'], t['user'], t['type'], t['name'])
        if want != t['result'] and not (want == 'error' and t['result'] != 'ok'):
            off.append(t)
        r = rows.setdefault((uid, caps, t['type'], t['name']),
                            {'tfm_sockets': 0, 'denied': 0, 'not_found': 0})
        c = matrix.classify(t['level'], t['user'], t['type'], t['name'], t['result'])
        if c == 'ok':
            r['tfm_sockets'] += 1
        elif c in ('denied', 'not_found'):
            r[c] += 1
    return rows, off


def bound_somewhere(truth):
    """(type, name) pairs some probe bound: the kernel has them."""
    return {(t['type'], t['name']) for t in truth if t.get('result') == 'ok'}


def check_kernel_has(tap, s, truth, label):
    """kernel_has: true for every name some probe bound (the tracer reads
    /proc/crypto at the end, after the level-0 probe instantiated them),
    null for names the kernel lacks (the matrix's ABSENT, WRONG_TYPE)."""
    has = bound_somewhere(truth)
    bad = []
    for e in s['entries']:
        if not e['type'] or not os.path.basename(e['exe']).startswith('python3'):
            continue
        key = (e['type'], e['alg'])
        want = True if key in has else None
        if key not in has and key not in matrix.ABSENT + matrix.WRONG_TYPE:
            want = 'unchecked'
        if want != 'unchecked' and e['kernel_has'] is not want:
            bad.append((key, e['kernel_has']))
    tap.ok(has and not bad, '%s: kernel_has true for the %d names the kernel bound, null for '
           'the names it lacks' % (label, len(has)), bad[:20])


def check(tap, s, rows, label):
    """Every (uid, privilege, type, name) the probes bound: one inventory
    row of python with these counts, privileged and caps as the probe's
    CapEff says, denied_by "restrict" exactly when something was denied."""
    bad = []
    for (uid, caps, typ, name), want in sorted(rows.items()):
        got = [e for e in s['entries']
               if os.path.basename(e['exe']).startswith('python3') and e['uid'] == uid
               and e['type'] == typ and e['alg'] == name and tuple(e['caps']) == caps]
        g = got[0] if len(got) == 1 else None
        ok = g is not None and all(g[k] == v for k, v in want.items()) and \
            g['privileged'] == bool(caps) and \
            g['denied_by'] == ('restrict' if want['denied'] else None) and \
            all(p['denied'] + p['not_found'] <= p['failures']['bind'] for p in g['processes'])
        if not ok:
            bad.append('%s %s %s %s: want %s, got %s' % (uid, caps, typ, name, want, json.dumps(
                [{k: e[k] for k in ('tfm_sockets', 'denied', 'not_found', 'denied_by',
                                    'privileged', 'caps', 'failures')} for e in got])))
    tap.ok(rows and not bad, '%s: %d (user, privilege, name) rows: tfm sockets, denied, '
           'not_found, denied_by, privileged and caps as the matrix says' % (label, len(rows)),
           '\n'.join(bad[:40]))
    ndenied = sum(r['denied'] for r in rows.values())
    nfound = sum(r['not_found'] for r in rows.values())
    tap.ok(ndenied > 0 and nfound > 0 and
           sum(e['denied'] for e in s['entries'] if e['type']) == ndenied and
           sum(e['not_found'] for e in s['entries'] if e['type']) == nfound,
           '%s: %d binds denied by the restriction and %d of names the kernel lacks, '
           'nothing else counted as either' % (label, ndenied, nfound))


def main():
    tap = Tap()
    run_guest = tl.guest_run_guest(tap, 'guest restriction tests')
    static = os.environ['AFALG_TRACE_STATIC']
    base = os.path.join(os.environ.get('AFALG_GUEST_OUT') or os.path.join(
        os.environ.get('MESON_BUILD_ROOT', TOP), 'tracer-guest'), 'restrict')
    users = os.path.join(os.path.dirname(base), 'restrict-users.sh')
    os.makedirs(os.path.dirname(base), exist_ok=True)
    with open(users, 'w') as f:
        f.write('AS_NOBODY=%s\nAS_NETADMIN=%s\n' % (
            shlex.quote(matrix.SETPRIV['nobody']), shlex.quote(matrix.SETPRIV['netadmin'])))
    t0 = time.monotonic()
    r, out = tl.guest_workload(
        base, run_guest, ((static, 'afalg-trace'), (matrix.__file__, 'afalg_matrix.py'),
                          (users, 'users.sh')),
        ('afalg-trace', 'afalg-client', 'afalg-trace-bt', 0), ('r',))
    tap.diag('guest run: %.0f s, exit %d' % (time.monotonic() - t0, r.returncode))
    if not tap.ok(r.returncode == 0, 'the guest booted and ran phase r (exit %d)' % r.returncode,
                  (r.stdout + r.stderr)[-3000:]):
        tap.done()
    truth = tl.read_lines_json(os.path.join(out, 'r.truth'))
    rows, off = expected_rows(truth)
    heads = [t for t in truth if 'who' in t]
    tap.ok(len(heads) == 4 and len(truth) == 4 * (1 + len(matrix.NAMES)),
           'the probe ran as root, nobody and netadmin at level 1 and root at 0, '
           'every name', len(truth))
    tap.ok(not off, 'every bind gave what the matrix expects of the kernel', off[:10])
    for name, label, series in (('r', 'with the af_alg_bind tracepoint', True),
                                ('rn', 'with --no-kernel-tracepoints', False)):
        s = tl.load(os.path.join(out, name + '.json'))
        if not tap.ok(s is not None and s['schema_version'] == 3,
                      '%s: inventory written, schema version 3' % label,
                      open(os.path.join(out, name + '.err')).read()[-2000:]):
            continue
        kt = {k['name'] for k in s['kernel_tracepoints']}
        disabled = {d['hook']: d['reason'] for d in s['hooks']['disabled']}
        tap.ok(('af_alg:af_alg_bind' in kt) == series and
               (series or 'no-kernel-tracepoints' in disabled.get('tracepoint:af_alg:*', '')),
               '%s: the series\' tracepoints %s' % (label, 'used' if series else 'ignored'),
               (kt, disabled))
        tap.ok(s['af_alg']['mode_start'] == 1 and s['af_alg']['mode_end'] == 0,
               '%s: level 1 at start, 0 at the end' % label, s['af_alg'])
        check(tap, s, rows, label)
        check_kernel_has(tap, s, truth, label)
    tap.done()


if __name__ == '__main__':
    main()
