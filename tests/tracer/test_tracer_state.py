#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer": counts carried across restarts (--state), in one TCG
guest boot (kernel-patches/run-guest) running state-guest.py.  The ground
truth is afalg-client's own account of each run; the state file of phase
c is written by statefile.py from the schema, not by the tracer.

- a: two tracers one after the other (SIGTERM between) on one state file:
  the second's inventory is, counter by counter, the sum of the clients of
  both runs; its start is the first run's, runs 2; the journal got each
  row once across the restart (the second run only the new algorithm).
- b: SIGKILL after a snapshot, then a new tracer: its inventory is that
  snapshot plus the new client exactly (what a crash loses is only what
  came after the last snapshot: here nothing); no journal record again.
- c: a carried process whose pid the live client has (another identity)
  stays a process of its own beside the client in the same row, each with
  its own counts; 20 carried processes under --max-entries 16: 15 kept
  (the other carried process is the 16th), 5 folded into the "(overflow)"
  row of their algorithm, said in one line; carried rows not sent to the
  journal again, the client's new row sent once.
"""
import os

from kctest import run_tests
import tracerlib as tl
from test_records import journal_fields

HERE = os.path.dirname(os.path.abspath(__file__))
SOCKET_ROW = ('attempts', 'sockets_created', 'denied')
ALG_ROW = ('tfm_sockets', 'op_sockets', 'setsockopts', 'ops_sent', 'bytes_sent',
           'ops_received', 'bytes_received')


def client_rows(clients):
    """{(type, alg): {counter: sum}} the clients' accounts add up to."""
    want = {}
    for c in clients:
        w = want.setdefault((None, None), dict.fromkeys(SOCKET_ROW, 0))
        for k in SOCKET_ROW:
            w[k] += c[k]
        w = want.setdefault((c['type'], c['alg']), dict.fromkeys(ALG_ROW, 0))
        for k in ALG_ROW:
            w[k] += c[k]
    return want


def inventory_rows(inv, exe):
    got = {}
    for e in tl.entries(inv, exe=exe):
        keys = SOCKET_ROW if e['type'] is None else ALG_ROW
        g = got.setdefault((e['type'], e['alg']), dict.fromkeys(keys, 0))
        for k in keys:
            g[k] += e[k]
    return got


def add_rows(a, b):
    out = {k: dict(v) for k, v in a.items()}
    for k, v in b.items():
        o = out.setdefault(k, dict.fromkeys(v, 0))
        for c, n in v.items():
            o[c] += n
    return out


def journal_keys(run):
    keys = []
    for d in run.get('journal', []):
        f = journal_fields(bytes.fromhex(d))
        keys.append((f.get('AFALG_EXE', b'').decode(errors='replace'),
                     f.get('AFALG_TYPE', b'').decode() or None,
                     f.get('AFALG_ALG', b'').decode() or None))
    return keys


def ran(run):
    return run.get('ready') and run.get('rc') in (0, -9) and run.get('inventory')


def check_a(tap, a):
    runs, clients = a.get('runs', [{}, {}]), a.get('clients', [])
    if not tap.ok(len(runs) == 2 and all(ran(r) for r in runs) and len(clients) == 3 and
                  all('exe' in c for c in clients),
                  'a: two tracers ran one after the other on one state file, the clients '
                  'reported', repr(a)[-2000:]):
        return
    exe = clients[0]['exe']
    inv1, inv2 = runs[0]['inventory'], runs[1]['inventory']
    want1, want2 = client_rows(clients[:1]), client_rows(clients)
    got1, got2 = inventory_rows(inv1, exe), inventory_rows(inv2, exe)
    tap.ok(got1 == want1 and got2 == want2,
           'a: after a SIGTERM and a restart the counts go on: every counter of the second '
           'inventory is the sum of both runs\' clients',
           'run 1 %r want %r\nrun 2 %r want %r' % (got1, want1, got2, want2))
    tap.ok(inv2.get('start') == inv1.get('start') and inv1.get('runs') == 1 and
           inv2.get('runs') == 2 and inv2.get('end') > inv1.get('end'),
           'a: the second inventory starts when the first run did and says it covers 2 runs',
           'start %s / %s, runs %s / %s' % (inv1.get('start'), inv2.get('start'),
                                           inv1.get('runs'), inv2.get('runs')))
    sha = [e for e in tl.entries(inv2, exe=exe, alg='sha256')]
    pids = sorted(p['pid'] for e in sha for p in e['processes'])
    tap.ok(pids == sorted([clients[0]['pid'], clients[1]['pid']]),
           'a: the sha256 row lists both runs\' processes', repr(pids))
    k1, k2 = journal_keys(runs[0]), journal_keys(runs[1])
    tap.ok(sorted(k1, key=repr) == sorted([(exe, None, None), (exe, 'hash', 'sha256')],
                                          key=repr) and
           k2 == [(exe, 'skcipher', 'cbc(aes)')],
           'a: the journal got each row once across the restart (the second run only the '
           'new algorithm)', 'run 1 %r\nrun 2 %r' % (k1, k2))


def check_b(tap, b):
    runs, clients = b.get('runs', [{}, {}]), b.get('clients', [])
    if not tap.ok(len(runs) == 2 and runs[0].get('rc') == -9 and runs[0].get('snapshot') and
                  ran(runs[1]) and len(clients) == 2 and all('exe' in c for c in clients),
                  'b: a tracer killed (SIGKILL) after a snapshot, another started on its '
                  'state file', repr(b)[-2000:]):
        return
    exe = clients[0]['exe']
    snap, inv = runs[0]['snapshot'], runs[1]['inventory']
    got_snap = inventory_rows(snap, exe)
    want = add_rows(got_snap, client_rows(clients[1:]))
    got = inventory_rows(inv, exe)
    tap.ok(got_snap == client_rows(clients[:1]) and got == want,
           'b: after SIGKILL the new inventory is the last snapshot plus the new run, '
           'counter by counter', 'snapshot %r\nafter %r\nwant %r' % (got_snap, got, want))
    tap.ok(inv.get('start') == snap.get('start') and inv.get('runs') == 2,
           'b: it starts when the killed run did, 2 runs',
           '%s %s %s' % (snap.get('start'), inv.get('start'), inv.get('runs')))
    k1, k2 = journal_keys(runs[0]), journal_keys(runs[1])
    tap.ok(len(k1) == 2 and len(set(k1)) == 2 and k2 == [],
           'b: the killed run sent its rows once, the next sent none again',
           'run 1 %r\nrun 2 %r' % (k1, k2))


def check_c(tap, c):
    runs, clients = c.get('runs', [{}]), c.get('clients', [])
    if not tap.ok(len(runs) == 1 and ran(runs[0]) and len(clients) == 1 and
                  clients[0].get('pid') == c.get('carried_pid') and
                  clients[0].get('exe') == c.get('exe'),
                  'c: a tracer started on a state file written from the schema; the client '
                  'has the carried process\'s pid', repr(c)[-2000:]):
        return
    inv, cl, pid = runs[0]['inventory'], clients[0], c['carried_pid']
    sha = tl.entries(inv, exe=cl['exe'], alg='sha256')
    procs = [p for e in sha for p in e['processes']]
    old = [p for p in procs if p['comm'] == 'old-client']
    new = [p for p in procs if p['comm'] == cl['comm']]
    tap.ok(len(sha) == 1 and len(procs) == 2 and len(old) == 1 and len(new) == 1 and
           old[0]['pid'] == new[0]['pid'] == pid and old[0]['ppid'] == 12345 and
           old[0]['tfm_sockets'] == 10 and old[0]['ops_sent'] == 100 and
           new[0]['ppid'] == cl['ppid'] and
           all(new[0][k] == cl[k] for k in ALG_ROW) and
           sha[0]['tfm_sockets'] == 10 + cl['tfm_sockets'] and
           sha[0]['ops_sent'] == 100 + cl['ops_sent'],
           'c: a pid reused after a restart: the carried process and the live one are two '
           'process entries of the row, each with its own counts', repr(sha)[-2000:])
    f = tl.entries(inv, exe='/carried/f')
    ov = [e for e in inv.get('entries', []) if e['overflow'] and e['alg'] == 'sha1']
    said = [l for l in runs[0]['stderr'].splitlines() if 'beyond --max-entries' in l]
    tap.ok(len(f) == 1 and len(f[0]['processes']) == 15 and f[0]['tfm_sockets'] == 15 and
           len(ov) == 1 and ov[0]['tfm_sockets'] == 5 and ov[0]['processes'] == [] and
           len(said) == 1 and ' 5 carried processes' in said[0],
           'c: carried processes beyond --max-entries 16 fold into the "(overflow)" row of '
           'their algorithm (15 kept, 5 folded), said in one line',
           '%r\n%r\n%r' % (f, ov, runs[0]['stderr']))
    tap.ok(inv.get('runs') == 4 and inv.get('start', '').startswith('2023-11-14T22:13:20'),
           'c: runs and start come from the state file',
           '%s %s' % (inv.get('runs'), inv.get('start')))
    k = journal_keys(runs[0])
    tap.ok(k == [(cl['exe'], None, None)],
           'c: carried rows are not sent to the journal again; the new row once', repr(k))


def test_state_guest(tap):
    run_guest = tl.guest_run_guest(tap, 'state across restarts')
    r, out = tl.guest_python(
        tap, run_guest, 'state',
        [(os.environ['AFALG_TRACE_STATIC'], 'afalg-trace'),
         (os.environ.get('AFALG_CLIENT_STATIC'), 'afalg-client'),
         (os.path.join(HERE, 'statefile.py'), 'statefile.py'),
         (os.path.join(HERE, 'tracerlib.py'), 'tracerlib.py')],
        'state-guest.py', ['bin/afalg-trace', 'bin/afalg-client'], timeout='1500')
    res = tl.load(os.path.join(out, 'results.json'))
    if not tap.ok(r.returncode == 0 and res, 'the guest ran the three phases',
                  (r.stdout + r.stderr)[-3000:]):
        return
    check_a(tap, res.get('a', {}))
    check_b(tap, res.get('b', {}))
    check_c(tap, res.get('c', {}))


if __name__ == '__main__':
    run_tests(test_state_guest)
