#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer", guest part: afalg-trace in the patched 6.12 QEMU guest.

It runs by default; a guest that cannot be built or booted is a failure.
Environment: AFALG_TRACER_GUEST=0 skips it (reported as a TAP skip),
AFALG_TRACE_LOAD (operations per load process, default 12500),
AFALG_RUN_GUEST / AFALG_GUEST_KERNEL (another run-guest / a built kernel
directory), AFALG_GUEST_TIMEOUT (seconds, default 3000).

One guest boot (kernel-patches/run-guest, TCG) runs tests/tracer/
guest-workload.sh, which starts the static tracer and the bpftrace edition
around known workloads; this driver compares the inventories with the
ground truth:
  - afalg-client's own account of every call it made (counts, bytes, key
    lengths, authsize, its exe path, its pid);
  - real clients (kcapi-dgst, kcapi-enc, hardlink): inputs fixed here;
  - the kernel's own use-log lines at level 0 and denials at level 2.
Phase h holds what tracer-host ran on the build host until issue 27 item 5
(nothing of ours in the build machine's kernel): socket(AF_ALG) refused,
now by crypto.af_alg_restrict=2 instead of a host kernel without AF_ALG
(denied_by "restrict" where the host gave "no_af_alg"), with the summary's
fields, real clients, a chroot, cgroup path and the --cgroup and --pid
filters, privilege per row, 10000 attempts from 4 processes, SIGTERM with
NDJSON events, the bpftrace edition beside it and --duration --table.
"""
import json
import os
import re
import sys
import tempfile
import time

from kctest import Tap
import tracerlib as tl

TOP = os.environ.get('AFALG_TOP', os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))
LOAD = int(os.environ.get('AFALG_TRACE_LOAD', '12500'))   # per process, x4, send+recv
NPROC_LOAD = 4
PHASES = ('a', 'b', 'c', 'e', 'h')

COUNTERS = ['attempts', 'denied', 'sockets_created', 'tfm_sockets', 'op_sockets',
            'setsockopts', 'ops_sent', 'bytes_sent', 'ops_received', 'bytes_received']


read_lines_json = tl.read_lines_json
load = tl.load


def per_pid(summary, pid):
    """Sum of the counters of pid over all entries, and the entries."""
    tot = {k: 0 for k in COUNTERS}
    fails = {}
    ents = []
    for e, p in tl.proc_of(summary, pid):
        ents.append(e)
        for k in COUNTERS:
            tot[k] += p[k] or 0   # null: the bpftrace edition's bind-row denied
        for k, v in p['failures'].items():
            fails[k] = fails.get(k, 0) + v
    tot['failures'] = fails
    return tot, ents


def check_truth(tap, summary, truth, label, io_uring=True):
    """Every client's own account against the inventory."""
    for t in truth:
        tot, ents = per_pid(summary, t['pid'])
        want = {k: t[k] for k in COUNTERS}
        if not io_uring and t['type'] is None and t['sockets_created'] and not t['tfm_sockets']:
            tap.skip('%s: pid %d io_uring sockets' % (label, t['pid']),
                     'the bpftrace edition has no io_uring hook')
            continue
        got = {k: tot[k] for k in COUNTERS}
        fails_ok = (tot['failures'].get('bind', 0) == t['bind_fail'] and
                    tot['failures'].get('setsockopt', 0) == t['setsockopt_fail'] and
                    tot['failures'].get('accept', 0) == t['accept_fail'] and
                    tot['failures'].get('send', 0) == t['send_fail'] and
                    tot['failures'].get('recv', 0) == t['recv_fail'])
        bad = tl.identity_mismatch(tl.proc_of(summary, t['pid']), t)
        alg_ok = all(e['type'] is None or (e['type'] == t['type'] and e['alg'] == t['alg'])
                     for e in ents)
        keys_ok = True
        for e in ents:
            if e['type'] is None or e['tfm_sockets'] == 0:
                continue
            kl = [t['key_length']] if t['key_length'] >= 0 else []
            au = [t['authsize']] if t['authsize'] >= 0 else []
            keys_ok = keys_ok and e['key_lengths'] == kl and e['authsizes'] == au
        desc = ('%s: %s %s pid %d: counts, algorithm, key length, exe, cgroup, ppid, comm, '
                'namespaces match its own account' % (label, t['type'] or 'socket',
                                                      t['alg'] or '', t['pid']))
        tap.ok(bool(ents) and got == want and fails_ok and not bad and alg_ok and keys_ok,
               desc, 'want %s\ngot  %s\nfailures %s\nidentity %s\nentries %s' % (
                   want, got, tot['failures'], bad, json.dumps(ents)[:1500]))


SOCKET_ROW = ['attempts', 'denied', 'sockets_created']
ALG_ROW = ['tfm_sockets', 'op_sockets', 'setsockopts', 'ops_sent', 'bytes_sent',
           'ops_received', 'bytes_received']


def check_per_alg(tap, summary, truth, label, io_uring=True):
    """The inventory rows of afalg-client (one per algorithm, plus the
    socket-creation row) against the sums of the clients' own accounts."""
    if not truth:
        tap.ok(False, '%s: per-algorithm totals (no account)' % label)
        return
    exe = truth[0]['exe']
    want, got = {}, {}
    for t in truth:
        if t['type'] is not None or not t['sockets_created'] or io_uring:
            w = want.setdefault(None, {k: 0 for k in SOCKET_ROW})
            for k in SOCKET_ROW:
                w[k] += t[k]
        if t['type'] is not None:
            w = want.setdefault((t['type'], t['alg']), {k: 0 for k in ALG_ROW})
            for k in ALG_ROW:
                w[k] += t[k]
    for e in tl.entries(summary, exe=exe):
        if e['type'] is None:
            g = got.setdefault(None, {k: 0 for k in SOCKET_ROW})
            for k in SOCKET_ROW:
                g[k] += e[k]
        else:
            g = got.setdefault((e['type'], e['alg']), {k: 0 for k in ALG_ROW})
            for k in ALG_ROW:
                g[k] += e[k]
    tap.ok(want == got, '%s: per-algorithm totals of the inventory rows = the sums of the '
           'clients\' own accounts (%d algorithms)' % (label, len(want) - (None in want)),
           'want %s\ngot  %s' % (want, got))


def check_real_clients(tap, s, out, pids, label):
    """kcapi-dgst, kcapi-enc and hardlink: inputs fixed by the workload."""
    tot, ents = per_pid(s, pids.get('kcapi-dgst', -1))
    sha = [e for e in ents if e['type'] == 'hash' and e['alg'] == 'sha256']
    tap.ok(len(sha) == 1 and sha[0]['exe'] == '/usr/bin/kcapi-dgst' and
           tot['bytes_sent'] == 3 and tot['bytes_received'] == 32 and tot['op_sockets'] >= 1,
           label + ': kcapi-dgst -c sha256 of "abc": exe, hash sha256, 3 bytes in, 32 out',
           json.dumps(ents)[:1500])
    tot, ents = per_pid(s, pids.get('kcapi-enc', -1))
    cbc = [e for e in ents if e['type'] == 'skcipher' and e['alg'] == 'cbc(aes)']
    try:
        with open(os.path.join(out, 'a.encsize')) as f:
            encsize = int(f.read())
    except (OSError, ValueError):
        encsize = -1
    tap.ok(len(cbc) == 1 and cbc[0]['exe'] == '/usr/bin/kcapi-enc' and
           cbc[0]['bytes_sent'] == 4096 and cbc[0]['bytes_received'] == encsize and
           len(cbc[0]['key_lengths']) == 1 and cbc[0]['key_lengths'][0] in (16, 24, 32),
           label + ': kcapi-enc cbc(aes) of 4096 bytes: exe, skcipher cbc(aes), an AES key '
           'length, 4096 bytes in, the size of the file it wrote (%d) out' % encsize,
           json.dumps(ents)[:1500])
    # its key is PBKDF2-HMAC-SHA256("password", "salt", 16 iterations): HMAC
    # keyed with the 8-byte password, 16 HMACs of 32 bytes for a key of <= 32
    mac = [e for e in ents if e['type'] == 'hash' and e['alg'] == 'hmac(sha256)']
    tap.ok(len(mac) == 1 and mac[0]['key_lengths'] == [len('password')] and
           mac[0]['ops_received'] == 16 and mac[0]['bytes_received'] == 16 * 32,
           label + ': kcapi-enc PBKDF2 (16 iterations): hmac(sha256) keyed with the 8-byte '
           'password, 16 digests of 32 bytes', json.dumps(mac)[:1500])
    tot, ents = per_pid(s, pids.get('hardlink', -1))
    hl = [e for e in ents if e['type'] == 'hash']
    tap.ok(len(hl) >= 1 and hl[0]['exe'] == '/usr/bin/hardlink' and
           0 < tot['bytes_sent'] <= 40000 and tot['bytes_received'] > 0,
           label + ': hardlink -c on two 20000-byte files: exe, hash algorithm, bytes',
           json.dumps(ents)[:1500])


def traced_part(late):
    """The accounts of clients that set their sockets up before the tracer
    started, reduced to what they did while traced: the operations."""
    out = []
    for t in late:
        t = dict(t)
        for k in ('attempts', 'denied', 'sockets_created', 'tfm_sockets', 'op_sockets',
                  'setsockopts'):
            t[k] = 0
        out.append(t)
    return out


def one(path):
    """The single JSON account of a file (afalg-client's last line)."""
    recs = read_lines_json(path)
    return recs[-1] if recs else {'pid': -1, 'exe': None, 'attempts': -1, 'denied': -1}


def caps_in(out, who):
    """CAP_NET_ADMIN / CAP_SYS_ADMIN in the CapEff a process run as who saw."""
    try:
        with open(os.path.join(out, 'h.caps.' + who)) as f:
            eff = int(f.read().split()[1], 16)
    except (OSError, ValueError, IndexError):
        return None
    return [n for bit, n in ((12, 'CAP_NET_ADMIN'), (21, 'CAP_SYS_ADMIN')) if eff >> bit & 1]


def check_denied(tap, s, truth, name):
    """One process whose every socket(AF_ALG) was refused by the level-2
    restriction: one row, no type, attempts = denied, no socket."""
    recs = tl.proc_of(s, truth['pid'])
    ok = len(recs) == 1
    if ok:
        e, p = recs[0]
        ok = (e['exe'] == truth['exe'] and e['type'] is None and
              p['attempts'] == truth['attempts'] and p['denied'] == truth['denied'] and
              p['sockets_created'] == 0 and e['uid'] == truth['uid'] and
              e['denied_by'] == 'restrict' and p['comm'] == 'afalg-client')
    bad = tl.identity_mismatch(recs, truth)
    tap.ok(ok and not bad, 'level 2 %s: pid %d, %d attempts, all denied (restrict), exe, '
           'cgroup, ppid, comm, namespaces' % (name, truth['pid'], truth['attempts']),
           '%s\n%s' % (bad, json.dumps(recs)[:2000]))


def check_h(tap, out):
    """Phase h: socket(AF_ALG) refused at level 2, the checks tracer-host ran
    on the build host (whose kernel had no AF_ALG) until issue 27 item 5."""
    s = load(os.path.join(out, 'h.json'))
    rc = open(os.path.join(out, 'h.rc')).read().strip() if os.path.exists(
        os.path.join(out, 'h.rc')) else None
    if not tap.ok(s is not None and rc == '0',
                  'level 2: afalg-trace stopped by SIGINT and wrote the inventory',
                  open(os.path.join(out, 'h.err')).read()[-2000:]
                  if os.path.exists(os.path.join(out, 'h.err')) else 'no h.err'):
        return
    tap.ok(s.get('schema') == 'afalg-trace-inventory' and s.get('schema_version') == 3,
           'summary names its schema and version')
    with open(os.path.join(out, 'uname')) as f:
        kernel = f.read().strip()
    with open(os.path.join(out, 'h.hostname')) as f:
        hostname = f.read().strip()
    host = s.get('host', {})
    tap.ok(host.get('kernel') == kernel and host.get('hostname') == hostname,
           'summary: kernel release and hostname', (host, kernel, hostname))
    tap.ok(bool(s.get('start')) and bool(s.get('end')) and s['start'] <= s['end'],
           'summary: start and end times')
    active = s.get('hooks', {}).get('active', [])
    tap.ok('tracepoint:syscalls:sys_exit_socket' in active and
           'tracepoint:sock:sock_send_length' in active,
           'summary lists the active hooks', active)
    tap.ok(s.get('af_alg', {}).get('available') == 'builtin' and
           s['af_alg'].get('mode_start') == 2,
           'summary: AF_ALG built in, af_alg_restrict at 2 from the start', s.get('af_alg'))
    tap.ok(s.get('lost_events') == 0, 'no events lost')
    truth = read_lines_json(os.path.join(out, 'h.truth'))
    if not tap.ok(len(truth) == 3, 'level 2: the three afalg-client runs reported their '
                  'account', len(truth)):
        return
    for name, t in zip(('probe x5', 'probe x3', 'hash client'), truth):
        check_denied(tap, s, t, name)
    ents = tl.entries(s, exe=truth[0]['exe'])
    ents = [e for e in ents if e['cgroup'] == truth[0]['cgroup'] and e['uid'] == 0]
    tap.ok(len(ents) == 1 and ents[0]['attempts'] >= 9 and
           ents[0]['denied'] == ents[0]['attempts'] and
           all(p['pid'] in [t['pid'] for t in truth] or p['denied'] == p['attempts']
               for p in ents[0]['processes']) and
           sum(p['attempts'] for p in ents[0]['processes']
               if p['pid'] in [t['pid'] for t in truth]) == 9,
           'one summary row per (exe, uid, cgroup, type, alg): the 9 attempts of 3 '
           'processes in it', json.dumps(ents)[:2000])
    pids = {}
    with open(os.path.join(out, 'h.pids')) as f:
        for line in f:
            n, p = line.split()
            pids[n] = int(p)
    for name in ('kcapi-dgst', 'hardlink'):
        recs = tl.proc_of(s, pids.get(name, -1))
        tap.ok(len(recs) == 1 and recs[0][0]['exe'] == '/usr/bin/' + name and
               recs[0][1]['attempts'] >= 1 and
               recs[0][1]['denied'] == recs[0][1]['attempts'] and
               recs[0][0]['denied_by'] == 'restrict',
               '%s (a real AF_ALG client) is inventoried as a denied attempt' % name,
               json.dumps(recs)[:1000])
    # a chrooted process: exe relative to its root, like /proc/PID/exe
    t = one(os.path.join(out, 'h.chroot.truth'))
    recs = tl.proc_of(s, t['pid'])
    tap.ok(len(recs) == 1 and recs[0][0]['exe'] == '/sbin/afalg-client' and
           recs[0][1]['attempts'] == 2,
           'a chrooted process: exe path relative to its root, as it sees it',
           json.dumps(recs)[:800])
    # cgroup path; --cgroup and --pid filters (their own tracers)
    inside = one(os.path.join(out, 'h.cg.truth'))
    other = one(os.path.join(out, 'h.other.truth'))
    waited = one(os.path.join(out, 'h.pid.truth'))
    recs = tl.proc_of(s, inside['pid'])
    tap.ok(len(recs) == 1 and recs[0][0]['cgroup'] == '/afalg-h' and
           recs[0][1]['attempts'] == 3,
           'a process in a child cgroup is recorded with its cgroup path', json.dumps(recs)[:1000])
    sc = load(os.path.join(out, 'hc.json'))
    tap.ok(bool(tl.proc_of(sc, inside['pid'])) and not tl.proc_of(sc, other['pid']) and
           tl.proc_of(sc, inside['pid'])[0][1]['attempts'] == 3 and
           all(e['cgroup'] == '/afalg-h' for e in (sc or {}).get('entries', [])),
           '--cgroup: only processes in that cgroup are recorded', json.dumps(sc)[:1500])
    sp = load(os.path.join(out, 'hp.json'))
    tap.ok(bool(tl.proc_of(sp, waited['pid'])) and not tl.proc_of(sp, other['pid']) and
           sum(p['attempts'] for e, p in tl.proc_of(sp, waited['pid'])) == 2 and
           len((sp or {}).get('entries', [])) == 1,
           '--pid: only the chosen process is recorded', json.dumps(sp)[:1500])
    # many attempts from several processes, counted exactly
    forks = read_lines_json(os.path.join(out, 'h.forks.truth'))
    ok = len(forks) == 4
    for t in forks if ok else []:
        recs = tl.proc_of(s, t['pid'])
        ok = ok and len(recs) == 1 and recs[0][1]['denied'] == t['denied'] == 2500
    tap.ok(ok and s['lost_events'] == 0,
           '10000 attempts from 4 processes counted exactly, none lost', len(forks))
    # privilege: rows split by what the restriction's test would see
    runs = [(who, one(os.path.join(out, 'h.priv.%s.truth' % who)), caps_in(out, who))
            for who in ('root', 'nobody', 'netadmin')]
    ok = runs[0][2] == ['CAP_NET_ADMIN', 'CAP_SYS_ADMIN'] and runs[1][2] == [] and \
        runs[2][2] == ['CAP_NET_ADMIN']
    for who, t, caps in runs:
        recs = tl.proc_of(s, t['pid'])
        ok = ok and len(recs) == 1 and recs[0][0]['caps'] == caps and \
            recs[0][0]['privileged'] == bool(caps) and recs[0][1]['denied'] == 2
    tap.ok(ok, 'privileged and caps per row: root (both), nobody (none), a CAP_NET_ADMIN-only '
           'user (CAP_NET_ADMIN), as CapEff shows them',
           json.dumps([(w, c, tl.proc_of(s, t['pid'])) for w, t, c in runs])[:3000])
    # NDJSON events, the tracer stopped by SIGTERM
    se = load(os.path.join(out, 'hev.json'))
    tap.ok(se is not None and open(os.path.join(out, 'hev.rc')).read().strip() == '0',
           'SIGTERM: clean exit and the summary is written')
    evs = read_lines_json(os.path.join(out, 'h.events'))
    ok = True
    for t in truth[:2] + [other]:
        mine = [e for e in evs if e.get('pid') == t['pid'] and e['event'] == 'socket']
        kt = [e for e in evs if e.get('pid') == t['pid'] and e['event'] == 'kernel_tracepoint'
              and e['tracepoint'] == 'af_alg:af_alg_create' and e['denied']]
        ok = ok and len(mine) == t['attempts'] and len(kt) == t['attempts'] and all(
            e['event'] == 'socket' and e['errno'] == 'EAFNOSUPPORT' and
            e['exe'] == t['exe'] and e['denied_by'] == 'restrict' and
            e['sock_type'] == 5 and e['ppid'] == t['ppid'] and      # SOCK_SEQPACKET
            e['pidns'] == t['pidns'] and e['mntns'] == t['mntns'] for e in mine)
    tap.ok(ok and bool(evs), 'NDJSON: one socket event (and one denied af_alg_create) per '
           'attempt with identity fields; pid and mount namespace ids as the process saw '
           'them in /proc/self/ns',
           json.dumps([e for e in evs if e.get('pid') == truth[0]['pid']])[:2000])
    # the bpftrace edition on the same workload
    sb = load(os.path.join(out, 'h.bt.json'))
    ok = sb is not None
    for t in (truth + forks + [r[1] for r in runs]) if ok else []:
        rb = tl.proc_of(sb, t['pid'])
        rl = tl.proc_of(s, t['pid'])
        ok = ok and len(rb) == 1 and len(rl) == 1 and rb[0][1]['denied'] == t['denied'] and \
            rb[0][0]['exe'] == t['exe'] and rb[0][0]['cgroup'] == rl[0][0]['cgroup'] and \
            rb[0][1]['ppid'] == rl[0][1]['ppid'] and rb[0][1]['comm'] == 'afalg-client' and \
            rb[0][0]['caps'] == rl[0][0]['caps'] and \
            rb[0][0]['privileged'] == rl[0][0]['privileged'] and \
            rb[0][0]['denied_by'] == 'restrict'
    tap.ok(ok, 'afalg-trace.bt at level 2: per-process attempts, identity and privilege match '
           'the ground truth and afalg-trace', json.dumps(sb)[:1500] + (
               open(os.path.join(out, 'h.bt.err')).read()[-1500:]
               if os.path.exists(os.path.join(out, 'h.bt.err')) else ''))
    keys = lambda d: sorted(d.keys())
    tap.ok(sb is not None and keys(sb) == keys(s) and sb['tracer']['backend'] == 'bpftrace' and
           all(keys(e) == keys(s['entries'][0]) for e in sb['entries']),
           'afalg-trace.bt summary has exactly the fields of afalg-trace\'s')
    # --duration --table
    try:
        with open(os.path.join(out, 'h.table.rc')) as f:
            trc, secs = (int(x) for x in f.read().split())
        with open(os.path.join(out, 'h.table')) as f:
            table = f.read()
    except (OSError, ValueError):
        trc, secs, table = -1, -1, ''
    tap.ok(trc == 0 and 'EXE' in table,
           '--duration 1 --table: stops by itself (after %d s of guest time, loading under '
           'TCG included) and prints a table' % secs, table[-1500:])


def main():
    tap = Tap()
    run_guest = tl.guest_run_guest(tap, 'guest tracer tests')
    static = os.environ['AFALG_TRACE_STATIC']
    cstatic = os.environ.get('AFALG_CLIENT_STATIC')
    if not cstatic:
        tap.skip('guest tracer tests', 'afalg-client-static not built')
        tap.done()
    # Everything the guest runs lives in OUT, shared read-write at the same path
    # (the guest's /tmp is its own tmpfs, so OUT must not be under /tmp).
    base = os.environ.get('AFALG_GUEST_OUT') or os.path.join(
        os.environ.get('MESON_BUILD_ROOT', TOP), 'tracer-guest')
    t0 = time.monotonic()
    r, out = tl.guest_workload(
        base, run_guest, ((static, 'afalg-trace'), (cstatic, 'afalg-client'),
                          (os.environ['AFALG_TRACE_FOLD'], 'afalg-trace-bt'),
                          (os.environ['AFALG_TRACE_BT'], 'afalg-trace.bt'),
                          (os.environ['AFALG_TRACE_BT_SERIES'], 'afalg-trace-series.bt')),
        ('afalg-trace', 'afalg-client', 'afalg-trace-bt', LOAD), PHASES)
    secs = time.monotonic() - t0
    tap.diag('guest run: %.0f s, exit %d' % (secs, r.returncode))
    wall = []
    for ph in PHASES:
        try:
            wall.append('%s %.0f' % (ph, os.stat(os.path.join(out, 'phase_%s.t1' % ph)).st_mtime
                                     - os.stat(os.path.join(out, 'phase_%s.t0' % ph)).st_mtime))
        except OSError:
            pass
    tap.diag('phase wall times (s): ' + '; '.join(wall))
    if not tap.ok(r.returncode == 0, 'the guest booted and ran the workload script (exit %d%s)'
                  % (r.returncode, ': the guest failed' if r.returncode == 125 else ''),
                  (r.stdout + r.stderr)[-3000:]):
        tap.done()
    with open(os.path.join(out, 'uname')) as f:
        tap.diag('guest kernel ' + f.read().strip())
    try:
        with open(os.path.join(out, 'clocksource')) as f:
            tap.diag('guest clocksource ' + f.read().strip())
    except OSError:
        pass

    # ---- phase a: level 0 + use log, full workload ------------------------------------
    s = load(os.path.join(out, 'a.json'))
    tap.ok(s is not None and open(os.path.join(out, 'a.rc')).read().strip() == '0',
           'level 0: afalg-trace stopped by SIGINT and wrote the inventory',
           open(os.path.join(out, 'a.err')).read() if os.path.exists(
               os.path.join(out, 'a.err')) else '')
    if s is None:
        tap.done()
    modes = s['hooks']['modes']
    tap.ok(modes['bind'] == 'fentry' and modes['setsockopt'] == 'fentry' and
           modes['accept'] == 'fentry' and modes['io_uring-socket'] == 'fentry' and
           modes['release'] == 'fentry', 'guest: fentry/fexit hooks chosen for the af_alg '
           'functions and io_uring', modes)
    kt = {k['name']: k for k in s['kernel_tracepoints']}
    tap.ok('af_alg:af_alg_create' in kt and 'af_alg:af_alg_bind' in kt and
           kt['af_alg:af_alg_bind']['hits'] > 0, "the series' af_alg tracepoints are "
           'attached and fire', s['kernel_tracepoints'])
    tap.ok(s['af_alg']['available'] == 'builtin' and s['af_alg']['knob'] and
           s['af_alg']['mode_start'] == 0, 'summary: AF_ALG built in, af_alg_restrict '
           'present, level 0',
           s['af_alg'])
    tap.ok(s['lost_events'] == 0 and not any(s['dropped'].values()),
           'level 0: no event lost, no count dropped', s['dropped'])
    truth = read_lines_json(os.path.join(out, 'a.truth'))
    tap.ok(len(truth) == 7, 'level 0: all 7 afalg-client runs reported their account',
           len(truth))
    check_truth(tap, s, truth, 'afalg-trace')
    atruth = read_lines_json(os.path.join(out, 'a.load.truth'))
    late = read_lines_json(os.path.join(out, 'a.late'))
    tap.ok(len(atruth) == 2, 'level 0: both load children reported their account', len(atruth))
    check_truth(tap, s, atruth, 'afalg-trace load')
    check_per_alg(tap, s, truth + atruth + traced_part(late), 'afalg-trace')
    if len(late) == 1:
        tot, ents = per_pid(s, late[0]['pid'])
        tap.ok(len(ents) == 1 and ents[0]['type'] == 'skcipher' and
               ents[0]['alg'] == 'ctr(aes)' and ents[0]['bound_before_start'] and
               tot['ops_sent'] == late[0]['ops_sent'] and
               tot['bytes_sent'] == late[0]['bytes_sent'] and
               tot['ops_received'] == late[0]['ops_received'] and
               tot['bytes_received'] == late[0]['bytes_received'] and
               tot['tfm_sockets'] == 0 and ents[0]['key_lengths'] == [],
               'a socket bound before the tracer started: algorithm read from the kernel, '
               'operations counted, key length unknown', json.dumps(ents)[:1500])
    else:
        tap.ok(False, 'the late client reported its account')
    child = [t for t in truth if t['alg'] == 'sha1']
    tap.ok(len(child) == 1 and all(e['cgroup'] == '/afalg-child'
                                   for e in per_pid(s, child[0]['pid'])[1]),
           'the client in a child cgroup is recorded with cgroup /afalg-child')
    uring = [t for t in truth if t['type'] is None and t['sockets_created'] == 3]
    evs = read_lines_json(os.path.join(out, 'a.events'))
    tap.ok(len(uring) == 1 and len([e for e in evs if e['pid'] == uring[0]['pid'] and
                                    e['event'] == 'socket' and e['source'] == 'io_uring'
                                    and e['ret'] >= 0]) == 3,
           'io_uring IORING_OP_SOCKET creations are seen (fexit __sys_socket_file)')
    # events agree with the accounts
    ok = True
    for t in truth:
        mine = [e for e in evs if e['pid'] == t['pid']]
        kinds = {}
        for e in mine:
            kinds[e['event']] = kinds.get(e['event'], 0) + 1
        ok = ok and kinds.get('socket', 0) == t['attempts']
        ok = ok and kinds.get('bind', 0) == t['tfm_sockets'] + t['bind_fail']
        ok = ok and kinds.get('accept', 0) == t['op_sockets'] + t['accept_fail']
        ok = ok and kinds.get('setsockopt', 0) == t['setsockopts'] + t['setsockopt_fail']
        ok = ok and all(e['exe'] == t['exe'] for e in mine)
        for e in mine:
            if e['event'] == 'setsockopt' and e['optname'] == 'ALG_SET_KEY':
                ok = ok and e['key_length'] == t['key_length']
    tap.ok(ok and evs, 'NDJSON events: one per call, with exe and key length (never bytes)')
    # real clients
    pids = {}
    with open(os.path.join(out, 'a.pids')) as f:
        for line in f:
            n, p = line.split()
            pids[n] = int(p)
    check_real_clients(tap, s, out, pids, 'afalg-trace')
    # level 0 use-log lines vs the tracer
    warns = []
    suppressed = False
    with open(os.path.join(out, 'a.dmesg'), errors='replace') as f:
        for line in f:
            m = re.search(r'AF_ALG in use: comm=(\S*) pid=(\d+) uid=(\d+) exe=(\S*) '
                          r'type=(\S*) alg=(\S*) restrict=(\d+) rule=\S*', line)
            if m:
                warns.append(m.groups())
            if 'callbacks suppressed' in line:
                suppressed = True
    ok = bool(warns)
    for comm, pid, uid, exe, typ, alg, mode in warns:
        recs = [(e, p) for e, p in tl.proc_of(s, int(pid))
                if e['type'] == typ and e['alg'] == alg]
        ok = ok and len(recs) == 1 and recs[0][0]['exe'] == exe and \
            recs[0][0]['uid'] == int(uid) and recs[0][1]['tfm_sockets'] >= 1
    seen = {(int(w[1]), w[4], w[5]) for w in warns}
    missing = [(p['pid'], e['type'], e['alg']) for e in s['entries'] for p in e['processes']
               if e['type'] not in (None, '?') and p['tfm_sockets'] > 0
               and (p['pid'], e['type'], e['alg']) not in seen]
    tap.ok(ok and (not missing or suppressed),
           'level 0: every kernel warn line (pid, exe, uid, type, alg) is in the inventory '
           'and every bound algorithm has its warn line', 'warns %s\nmissing %s' % (
               warns, missing))
    # the bpftrace edition on the same workload
    sb = load(os.path.join(out, 'a.bt.json'))
    tap.ok(sb is not None and sb['tracer']['backend'] == 'bpftrace' and
           sb['lost_events'] == 0 and not any(sb['dropped'].values()),
           'afalg-trace.bt ran in the guest on the same workload, nothing lost',
           open(os.path.join(out, 'a.bt.err')).read()[-2000:]
           if os.path.exists(os.path.join(out, 'a.bt.err')) else '')
    if sb:
        check_truth(tap, sb, truth, 'afalg-trace.bt', io_uring=False)
        check_truth(tap, sb, atruth, 'afalg-trace.bt load')
        check_per_alg(tap, sb, truth + atruth, 'afalg-trace.bt', io_uring=False)
        check_real_clients(tap, sb, out, pids, 'afalg-trace.bt')
        differ = []
        for e in s['entries']:
            if e['type'] is None or e['bound_before_start']:
                continue  # bpftrace cannot read pre-existing sockets' algorithms
            eb = tl.entries(sb, exe=e['exe'], alg=e['alg'], type_=e['type'])
            eb = [x for x in eb if x['cgroup'] == e['cgroup'] and x['uid'] == e['uid']]
            if not (len(eb) == 1 and all(
                    eb[0][k] == e[k] for k in ('tfm_sockets', 'op_sockets', 'ops_sent',
                                               'bytes_sent', 'ops_received', 'bytes_received',
                                               'key_lengths', 'authsizes'))):
                differ.append((e['exe'], e['type'], e['alg']))
        tap.ok(not differ, 'afalg-trace.bt and afalg-trace agree on every bound algorithm row',
               differ)

    # ---- phase b: load -----------------------------------------------------
    s = load(os.path.join(out, 'b.json'))
    truth = read_lines_json(os.path.join(out, 'b.truth'))
    total = sum(t['ops_sent'] + t['ops_received'] for t in truth)
    tap.diag('load: %d AF_ALG operations from %d processes' % (total, len(truth)))
    tap.ok(s is not None and len(truth) == NPROC_LOAD and total >= 100000 and
           s['lost_events'] == 0 and not any(s['dropped'].values()),
           'load: >= 100000 operations from %d processes, nothing lost or dropped' % NPROC_LOAD,
           total)
    if s:
        check_truth(tap, s, truth, 'load')
        check_per_alg(tap, s, truth, 'load')
    # the same load with an event per operation into a 1 MiB ring buffer:
    # events may be lost (the consumer is slow under TCG), counts may not be
    s = load(os.path.join(out, 'bl.json'))
    tap.ok(s is not None and not any(s['dropped'].values()),
           'load with --events --ops and a 1 MiB ring buffer: inventory written',
           s and s['dropped'])
    if s:
        check_truth(tap, s, truth, 'load, lossy events')
        # one event per call, and per socket() and bind() one of the series'
        # af_alg tracepoints (af_alg_create, af_alg_bind)
        want = sum(2 * (t['attempts'] + t['tfm_sockets'] + t['bind_fail']) +
                   t['op_sockets'] + t['accept_fail'] + t['setsockopts'] +
                   t['setsockopt_fail'] + t['ops_sent'] + t['send_fail'] +
                   t['ops_received'] + t['recv_fail'] for t in truth)
        try:
            with open(os.path.join(out, 'bl.nevents')) as f:
                lines = int(f.read())
        except (OSError, ValueError):
            lines = -1
        lost = s['lost_events'] - s['lost_identities']
        tap.diag('lossy load: %d events expected, %d received, %d lost' % (
            want, s['events'], lost))
        tap.ok(s['events'] + lost == want and lines == s['events'],
               'load with --events --ops: events received + lost events reported = '
               'events the workload caused; every received event written',
               'want %d, events %d, lost %d (identities %d), lines %d' % (
                   want, s['events'], s['lost_events'], s['lost_identities'], lines))

    # ---- phase c: fallbacks -------------------------------------------------
    for v, mode in (('c1', 'syscall'), ('c2', 'kprobe')):
        s = load(os.path.join(out, v + '.json'))
        truth = read_lines_json(os.path.join(out, 'c.truth'))
        tap.ok(s is not None and s['hooks']['modes']['bind'] == mode and
               s['hooks']['modes']['accept'] == mode and
               s['hooks']['modes']['setsockopt'] == mode and len(truth) == 3,
               'fallback %s: bind/setsockopt/accept hooked by %s' % (v, mode),
               s and s['hooks'])
        if s:
            check_truth(tap, s, truth, 'fallback ' + mode)
            check_per_alg(tap, s, truth, 'fallback ' + mode)

    # ---- phase e: level 2 ------------------------------------------------------
    s = load(os.path.join(out, 'e.json'))
    truth = read_lines_json(os.path.join(out, 'e.truth'))
    tap.ok(s is not None and s['af_alg']['mode_start'] == 2 and len(truth) == 2,
           'level 2: tracer ran with af_alg_restrict denying')
    if s:
        check_truth(tap, s, truth, 'level 2')
        ok = all(e['denied_by'] == 'restrict' for e in s['entries'] if e['denied'])
        tap.ok(ok and sum(e['denied'] for e in s['entries']) >= 5,
               'level 2: every denied attempt is attributed to af_alg_restrict')
        evs = read_lines_json(os.path.join(out, 'e.events'))
        ur = [t for t in truth if t['denied'] == 2]
        tap.ok(len(ur) == 1 and len([e for e in evs if e['pid'] == ur[0]['pid'] and
                                     e['source'] == 'io_uring' and
                                     e.get('errno') == 'EAFNOSUPPORT']) == 2,
               'level 2: io_uring socket creation denied and recorded')
        kt = {k['name']: k for k in s['kernel_tracepoints']}
        ndenied = sum(e['denied'] for e in s['entries'])
        tap.ok(kt.get('af_alg:af_alg_create', {}).get('denied') == ndenied,
               "level 2: the series' af_alg_create tracepoint reports as many denials "
               'as the syscall/io_uring hooks', (kt, ndenied))
        with open(os.path.join(out, 'e.pids')) as f:
            kpid = int(f.read().split()[1])
        tot, ents = per_pid(s, kpid)
        tap.ok(tot['denied'] >= 1 and tot['sockets_created'] == 0 and
               all(e['exe'] == '/usr/bin/kcapi-dgst' for e in ents),
               'level 2: kcapi-dgst (a program that will break) is inventoried as denied')

    # ---- phase h: socket() refused at level 2, once tracer-host's ------------
    check_h(tap, out)
    tap.done()


if __name__ == '__main__':
    main()
