#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer", guest part: the inventory knows crypto.af_alg_restrict.

One guest boot (kernel-patches/run-guest, TCG) runs phase r of
tests/tracer/guest-workload.sh: at level 1, tests/lib/afalg_matrix.py binds
every name of its matrix (allowlisted for anyone, privileged-only, off the
lists, driver names, names the kernel lacks, names under the wrong type) as
root, as nobody and as a user holding only CAP_NET_ADMIN (setpriv), then as
root at level 0, then at level 2 as each user on sockets created before,
and last socket() at 2 as root and nobody.  Four tracers run around it,
each writing NDJSON events too: the static afalg-trace and the bpftrace
edition (afalg-trace-bt), each once taking the verdict from the series'
af_alg_bind tracepoint and once with --no-kernel-tracepoints, as on a
kernel with mainline's restriction only.

The ground truth is what the probe got from the kernel (its own result for
every bind, and its CapEff as /proc/self/status shows it); what each result
must count as (a tfm socket, denied, not_found) comes from the matrix's
table (afalg_matrix.classify, written from the shared description of the
restriction, not from the tracer).  Each tracer's rows and bind events are
checked against it; then the two editions' rows against each other, field
by field (every field of every row must be equal; the per-process list is
compared in pid order, which afalg-trace does not sort by), and the
top-level schema, host, af_alg, filters, kernel_tracepoints, lost_events
and dropped.  The top-level fields that legitimately differ are not
compared: tracer (backend "libbpf" / "bpftrace"); start, end, duration_s
(two processes started and stopped one after the other); hooks
(afalg-trace uses fexit where it can, the bpftrace edition the syscall
tracepoints only, and each lists its own disabled hooks); events
(afalg-trace counts the series' tracepoint events too, the bpftrace
edition only its socket/bind/setsockopt/accept records); lost_identities
(the bpftrace edition has no identity records to lose).
AFALG_TRACER_GUEST=0 skips it.
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
    the probe's own results, {(uid, caps): {'attempts', 'denied',
    'sockets_created'}} for the socket() calls (one per result line), and
    the mismatches between the kernel's result and the matrix's
    expectation."""
    rows, who, off, sockets = {}, {}, [], {}
    for t in truth:
        held = bool(t.get('held'))
        if 'who' in t:
            eff = int(t['capeff'], 16)
            who[(t['who'], t['level'], held)] = (t['uid'], tuple(
                n for bit, n in CAPS if eff >> bit & 1))
            continue
        uid, caps = who[(t['user'], t['level'], held)]
        want = matrix.expected(t['level'], t['user'], t['type'], t['name'], held)
        if want != t['result'] and not (want == 'error' and t['result'] != 'ok'):
            off.append(t)
        sk = sockets.setdefault((uid, caps), {'attempts': 0, 'denied': 0,
                                              'sockets_created': 0})
        sk['attempts'] += 1
        if t['result'] == 'EAFNOSUPPORT' and not held:
            sk['denied'] += 1       # socket() refused at 2: no bind
            continue
        sk['sockets_created'] += 1
        r = rows.setdefault((uid, caps, t['type'], t['name']),
                            {'tfm_sockets': 0, 'denied': 0, 'not_found': 0})
        c = matrix.classify(t['level'], t['user'], t['type'], t['name'], t['result'])
        if c == 'ok':
            r['tfm_sockets'] += 1
        elif c in ('denied', 'not_found'):
            r[c] += 1
    return rows, sockets, off


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


def is_probe(exe):
    return os.path.basename(exe or '').startswith('python3')


def check_sockets(tap, s, sockets, label):
    """The socket-creation rows of the probes: attempts, refusals at level
    2 (denied_by "restrict") and sockets per (uid, privilege)."""
    got = {}
    for e in s['entries']:
        if e['type'] is None and is_probe(e['exe']):
            g = got.setdefault((e['uid'], tuple(e['caps'] or ())), {})
            for k in ('attempts', 'denied', 'sockets_created'):
                g[k] = g.get(k, 0) + e[k]
            g.setdefault('denied_by', set()).add(e['denied_by'])
    want = {k: dict(v, denied_by={'restrict' if v['denied'] else None})
            for k, v in sockets.items()}
    tap.ok(got == want and any(v['denied'] for v in sockets.values()),
           '%s: socket() rows per (uid, privilege): attempts, refused at level 2 '
           '(denied_by restrict), created' % label, 'want %s\ngot  %s' % (want, got))


VERDICT_FIELD = {'allowed': 'tfm_sockets', 'denied': 'denied', 'not_found': 'not_found'}


def check_events(tap, evs, rows, label, source):
    """The probes' bind events: each carries the verdict the matrix gives
    its result (allowed / denied with denied_by restrict / not_found, with
    errno ENOENT; failed for other errors), from the kernel's tracepoint or
    from the tracer (verdict_source), and the caller's privilege; per (uid,
    privilege, type, name) they add up to the rows' counts."""
    got, bad = {}, []
    for e in evs:
        if e.get('event') != 'bind' or not is_probe(e.get('exe')):
            continue
        caps = tuple(e.get('caps') or ())
        v = e.get('verdict')
        ok = e.get('privileged') == bool(caps) and e.get('caps') is not None and \
            (v == 'allowed') == (e['ret'] == 0) and \
            (e.get('denied_by') == 'restrict') == (v == 'denied') and \
            (v not in ('denied', 'not_found') or (e.get('errno') == 'ENOENT' and
                                                   e.get('verdict_source') == source)) and \
            (v != 'failed' or e.get('errno') not in (None, 'ENOENT'))
        if not ok or v not in VERDICT_FIELD and v != 'failed':
            bad.append(e)
        if v in VERDICT_FIELD:
            g = got.setdefault((e['uid'], caps, e['type'], e['alg']),
                               {'tfm_sockets': 0, 'denied': 0, 'not_found': 0})
            g[VERDICT_FIELD[v]] += 1
    want = {k: v for k, v in rows.items() if any(v.values())}
    differ = ['%s: want %s, got %s' % (k, want.get(k), got.get(k))
              for k in sorted(set(want) | set(got), key=str) if want.get(k) != got.get(k)]
    tap.ok(not bad and not differ and got,
           '%s: every bind event carries its verdict (%s), denied_by, errno and privilege; '
           'they add up to the matrix\'s counts' % (label, source),
           '\n'.join(differ[:30]) + '\n' + json.dumps(bad[:5]))


def row_key(e):
    return (e['exe'], e['uid'], e['cgroup'], e['type'] or '', e['alg'] or '',
            tuple(e['caps'] or ()))


def compare_editions(tap, s, sb, label):
    """afalg-trace's and the bpftrace edition's rows on the same workload:
    the same rows, every field equal (processes in pid order)."""
    def rows(x):
        out = {}
        for e in x['entries']:
            e = dict(e, processes=sorted(e['processes'], key=lambda p: p['pid']))
            out[row_key(e)] = e
        return out
    a, b = rows(s), rows(sb)
    differ = []
    for k in sorted(set(a) | set(b), key=str):
        if k not in a or k not in b:
            differ.append('%s only in %s' % (k, 'afalg-trace' if k in a else 'bpftrace'))
            continue
        for f in sorted(set(a[k]) | set(b[k])):
            if a[k].get(f) != b[k].get(f):
                differ.append('%s %s: %s / %s' % (k, f, json.dumps(a[k].get(f))[:300],
                                                  json.dumps(b[k].get(f))[:300]))
    same_top = [f for f in ('schema', 'schema_version', 'host', 'af_alg', 'filters',
                            'kernel_tracepoints', 'lost_events', 'dropped')
                if s.get(f) != sb.get(f)]
    tap.ok(a and not differ and not same_top,
           '%s: afalg-trace and the bpftrace edition write the same %d rows, every field '
           'equal' % (label, len(a)), '\n'.join(differ[:30] + same_top))


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
                          (users, 'users.sh'),
                          (os.environ['AFALG_TRACE_FOLD'], 'afalg-trace-bt'),
                          (os.environ['AFALG_TRACE_BT'], 'afalg-trace.bt'),
                          (os.environ['AFALG_TRACE_BT_SERIES'], 'afalg-trace-series.bt')),
        ('afalg-trace', 'afalg-client', 'afalg-trace-bt', 0), ('r',))
    tap.diag('guest run: %.0f s, exit %d' % (time.monotonic() - t0, r.returncode))
    if not tap.ok(r.returncode == 0, 'the guest booted and ran phase r (exit %d)' % r.returncode,
                  (r.stdout + r.stderr)[-3000:]):
        tap.done()
    truth = tl.read_lines_json(os.path.join(out, 'r.truth'))
    rows, sockets, off = expected_rows(truth)
    heads = [(t['who'], t['level'], bool(t.get('held'))) for t in truth if 'who' in t]
    tap.ok(sorted(heads) == sorted([(u, 1, False) for u in matrix.USERS] + [('root', 0, False)] +
                                   [(u, 2, True) for u in matrix.USERS] +
                                   [('root', 2, False), ('nobody', 2, False)]) and
           len(truth) == len(heads) * (1 + len(matrix.NAMES)),
           'the probe ran as root, nobody and netadmin at level 1, root at 0, each user '
           'at 2 on sockets created before, root and nobody at 2, every name', heads)
    tap.ok(not off, 'every bind gave what the matrix expects of the kernel', off[:10])
    runs = {}
    for name, label, series in (
            ('r', 'afalg-trace with the af_alg_bind tracepoint', True),
            ('rn', 'afalg-trace with --no-kernel-tracepoints', False),
            ('rb', 'afalg-trace-bt with the af_alg_bind tracepoint', True),
            ('rbn', 'afalg-trace-bt with --no-kernel-tracepoints', False)):
        s = tl.load(os.path.join(out, name + '.json'))
        if not tap.ok(s is not None and s['schema_version'] == 3 and
                      s['tracer']['backend'] == ('bpftrace' if 'b' in name else 'libbpf') and
                      s['lost_events'] == 0 and not any(s['dropped'].values()),
                      '%s: inventory written, schema version 3, nothing lost' % label,
                      open(os.path.join(out, name + '.err')).read()[-2000:]):
            continue
        runs[name] = s
        kt = {k['name'] for k in s['kernel_tracepoints']}
        disabled = {d['hook']: d['reason'] for d in s['hooks']['disabled']}
        tap.ok(('af_alg:af_alg_bind' in kt) == series and
               (series or 'no-kernel-tracepoints' in disabled.get('tracepoint:af_alg:*', '')),
               '%s: the series\' tracepoints %s' % (label, 'used' if series else 'ignored'),
               (kt, disabled))
        tap.ok(s['af_alg']['mode_start'] == 1 and s['af_alg']['mode_end'] == 2,
               '%s: level 1 at start, 2 at the end' % label, s['af_alg'])
        check(tap, s, rows, label)
        check_sockets(tap, s, sockets, label)
        check_kernel_has(tap, s, truth, label)
        check_events(tap, tl.read_lines_json(os.path.join(out, name + '.events')), rows,
                     label, 'kernel' if series else 'tracer')
    for a, b, label in (('r', 'rb', 'with the af_alg_bind tracepoint'),
                        ('rn', 'rbn', 'with --no-kernel-tracepoints')):
        if a in runs and b in runs:
            compare_editions(tap, runs[a], runs[b], label)
        else:
            tap.ok(False, '%s: both editions\' inventories to compare' % label)
    tap.done()


if __name__ == '__main__':
    main()
