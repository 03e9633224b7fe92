#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suites distro-6.1 and distro-6.12: Debian's own kernel in a TCG guest.

    test_distro.py debian-6.1|debian-6.12

One boot (kernel-patches/run-guest --distro-kernel NAME, the kernel fetched
and cached by kernel-patches/distro-kernel) runs distro-workload.sh, where
AF_ALG is modular and nothing of ours is in the kernel.  Checked here:
  - the tracer, both editions, started before af_alg is loaded: each line
    it says at start about a missing hook is there exactly when the kernel
    lacks that hook (the facts the workload read from tracefs, /proc and
    /sys, not from the tracer);
  - their inventories against afalg-client's own account of every call,
    and the demo's clients against what they are known to do (the binds
    the demo test expects, the python client's one send of the 100000-byte
    message and one 32-byte digest, openssl's PKCS#7-padded 100016 bytes);
    operations and bytes are 0 where the tracer said it cannot count them;
  - afalg-harden's modprobe profile made from the demo clients' inventory:
    it blocks the algif types they do not use, the real algif_* modules
    then fail to load (bind ENOENT) and the types they use still bind;
  - AF_ALG blacklisted (modprobe.d "blacklist af_alg": socket() fails with
    EAFNOSUPPORT after the failed net-pf-38 load): every demo client under
    the shim in fallback mode succeeds with the output it had on the
    kernel's AF_ALG, and the hashes match hashlib/hmac.
Environment: AFALG_TRACE_STATIC, AFALG_CLIENT_STATIC, AFALG_SHIM, AFALG_TOP,
AFALG_DISTRO_OUT (from meson); AFALG_GUEST_TIMEOUT (seconds, default 1500).
"""
import hashlib
import hmac
import json
import os
import shutil
import subprocess
import sys

from democlients import CLIENT_ALG, EXPECTED_BINDS
from kctest import Tap

TOP = os.environ.get('AFALG_TOP', os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))
HERE = os.path.dirname(os.path.abspath(__file__))

COUNTERS = ['attempts', 'sockets_created', 'tfm_sockets', 'op_sockets',
            'setsockopts', 'ops_sent', 'bytes_sent', 'ops_received',
            'bytes_received']
OPS = ['ops_sent', 'bytes_sent', 'ops_received', 'bytes_received']

# the AF_ALG types the demo clients use, hence the ones the profile keeps
DEMO_TYPES = {t for t, _ in CLIENT_ALG.values()}
ALL_TYPES = ['hash', 'skcipher', 'aead', 'rng']
MSG = b'a' * 100000          # make_demo_data's message
HMAC_KEY = b'demo-hmac-key-32-bytes-long!!!!!'

# start lines: (fact that makes it due, the editions that say it, text)
C_LINES = [
    ('no_sock_tp', 'no sock:sock_send_length/sock_recv_length tracepoints'),
    ('no_knob', 'no crypto.af_alg_restrict sysctl in this kernel'),
    ('no_series', 'no af_alg:af_alg_create/af_alg_bind tracepoints'),
    ('module_not_loaded', 'bind: alg_bind not in BTF or kallsyms (af_alg is a module not loaded at start)'),
    ('module_not_loaded', 'setsockopt: alg_setsockopt not in BTF or kallsyms (af_alg is a module'),
    ('module_not_loaded', 'accept: af_alg_accept not in BTF or kallsyms (af_alg is a module'),
    ('module_not_loaded', 'no release hook (af_alg_release: '),
]
BT_LINES = C_LINES[:3]


def read(path, default=None):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return default


def load_json(path):
    try:
        return json.loads(read(path, ''))
    except ValueError:
        return None


def per_pid(inv, pid):
    tot = {k: 0 for k in COUNTERS}
    tot['bind_fail'] = 0
    ents = []
    for e in inv['entries']:
        for p in e['processes']:
            if p['pid'] == pid:
                ents.append(e)
                for k in COUNTERS:
                    tot[k] += p[k] or 0
                tot['bind_fail'] += p['failures'].get('bind', 0)
    return tot, ents


def check_start_lines(tap, label, err, lines, facts):
    said = [ln for ln in err.splitlines() if ln.startswith(label + ': ')]
    for fact, text in lines:
        due = facts[fact]
        there = any(text in ln for ln in said)
        tap.ok(there == due, '%s: "%s..." said %s' % (
            label, text[:50], 'as the kernel lacks it' if due else 'never (the kernel has it)'),
            '\n'.join(said))
    extra = [ln for ln in said if not any(t in ln for _, t in lines)
             and 'tracing AF_ALG' not in ln]
    tap.ok(not extra, '%s: no other start line' % label, '\n'.join(extra))


def check_truth(tap, label, inv, truth, ops_counted):
    for t in truth:
        tot, ents = per_pid(inv, t['pid'])
        want = {k: (t[k] if ops_counted or k not in OPS else 0) for k in COUNTERS}
        want['bind_fail'] = t['bind_fail']
        got = dict(tot)
        alg_ok = all(e['type'] is None or (e['type'] == t['type'] and e['alg'] == t['alg'])
                     for e in ents)
        kl = [t['key_length']] if t['key_length'] >= 0 else []
        keys_ok = all(e['key_lengths'] == kl for e in ents
                      if e['type'] is not None and e['tfm_sockets'])
        tap.ok(bool(ents) and got == want and alg_ok and keys_ok,
               '%s: afalg-client %s %s pid %d: counts, algorithm, key length' % (
                   label, t['type'], t['alg'], t['pid']),
               'want %s\ngot  %s\nentries %s' % (want, got, json.dumps(ents)[:1200]))


def rows(inv, exe=None, pred=None):
    return [e for e in inv['entries']
            if (exe is None or e['exe'] == exe) and (pred is None or pred(e))]


def check_demo(tap, label, inv, ops_counted):
    for exe, typ, alg in EXPECTED_BINDS:
        r = rows(inv, exe, lambda e: e['type'] == typ and e['alg'] == alg)
        tap.ok(len(r) == 1 and r[0]['tfm_sockets'] >= 1 and r[0]['op_sockets'] >= 1,
               '%s: %s binds %s %s and accepts' % (label, exe, typ, alg), json.dumps(r)[:800])
    # kcapi-dgst hashes the 100000-byte message into a 32-byte digest, twice
    # (sha256, hmac(sha256) keyed with 32 bytes)
    for alg, keys in (('sha256', []), ('hmac(sha256)', [32])):
        r = rows(inv, '/usr/bin/kcapi-dgst', lambda e: e['alg'] == alg)
        want = (100000, 32) if ops_counted else (0, 0)
        tap.ok(len(r) == 1 and (r[0]['bytes_sent'], r[0]['bytes_received']) == want
               and r[0]['key_lengths'] == keys and r[0]['tfm_sockets'] == 1,
               '%s: kcapi-dgst %s: %d bytes in, %d out, key lengths %s' % (
                   label, alg, want[0], want[1], keys), json.dumps(r)[:800])
    # python: socket, bind, one setsockopt (8-byte key), accept, one sendall
    # of the message (hash sendmsg takes it whole), one 32-byte recv
    r = rows(inv, None, lambda e: os.path.basename(e['exe']).startswith('python3')
             and e['type'] == 'hash')
    want = dict(tfm_sockets=1, op_sockets=1, setsockopts=1, key_lengths=[8],
                ops_sent=1, bytes_sent=100000, ops_received=1, bytes_received=32)
    if not ops_counted:
        want.update({k: 0 for k in OPS})
    got = {k: r[0][k] for k in want} if len(r) == 1 else r
    tap.ok(got == want and r[0]['alg'] == 'hmac(sha256)',
           '%s: python hmac(sha256): its exact calls' % label,
           'want %s\ngot  %s' % (want, got))
    # openssl enc -aes-128-cbc pads 100000 bytes to 100016 (PKCS#7)
    r = rows(inv, '/usr/bin/openssl', lambda e: e['type'] == 'skcipher')
    want = (100016, 100016) if ops_counted else (0, 0)
    tap.ok(len(r) == 1 and (r[0]['bytes_sent'], r[0]['bytes_received']) == want
           and r[0]['key_lengths'] == [16],
           '%s: openssl cbc(aes): %d bytes each way, a 16-byte key' % (label, want[0]),
           json.dumps(r)[:800])


def parse_binds(text):
    out = {}
    for line in (text or '').splitlines():
        t, what, err = line.split()
        out[t] = (what, int(err))
    return out


def check_harden(tap, out):
    before = parse_binds(read(os.path.join(out, 'h.before')))
    tap.ok(before == {t: ('bind', 0) for t in ALL_TYPES},
           'harden: before the profile every type binds (algif_* load on demand)',
           str(before))
    conf = read(os.path.join(out, 'h.modprobe.conf'), '')
    blocked = {ln.split()[1][len('algif_'):] for ln in conf.splitlines()
               if ln.startswith('install algif_')}
    tap.ok(blocked == set(ALL_TYPES) - DEMO_TYPES,
           'harden: the profile blocks the types the demo clients do not use (%s)'
           % ', '.join(sorted(set(ALL_TYPES) - DEMO_TYPES)), conf)
    after = parse_binds(read(os.path.join(out, 'h.after')))
    want = {t: ('bind', 2 if t in blocked else 0) for t in ALL_TYPES}
    tap.ok(after == want, 'harden: with the profile, blocked types fail with ENOENT, '
           'the exceptions bind', 'want %s\ngot  %s' % (want, after))
    mods = set((read(os.path.join(out, 'h.modules'), '') or '').split())
    tap.ok(not {'algif_' + t for t in blocked} & mods and
           {'algif_' + t for t in DEMO_TYPES} <= mods,
           'harden: the blocked algif_* modules were not loaded, the others were',
           str(sorted(mods)))


def check_shim(tap, out):
    binds = parse_binds(read(os.path.join(out, 's.binds')))
    tap.ok(binds == {t: ('socket', 97) for t in ALL_TYPES},
           'blacklisted: socket(AF_ALG) fails with EAFNOSUPPORT', str(binds))
    mods = (read(os.path.join(out, 's.modules'), '') or '').split()
    tap.ok(mods == [], 'blacklisted: no AF_ALG module loaded', str(mods))
    clients = sorted(f[:-3] for f in os.listdir(os.path.join(out, 'ref'))
                     if f.endswith('.rc')) if os.path.isdir(os.path.join(out, 'ref')) else []
    tap.ok(len(clients) == 6, 'the demo\'s six clients ran', str(clients))
    served = len(clients) == 6
    for c in clients:
        ref = read(os.path.join(out, 'ref', c + '.out'))
        got = read(os.path.join(out, 's.shim', c + '.out'))
        rcs = [read(os.path.join(out, d, c + '.rc'), 'x').strip() for d in ('ref', 's.shim')]
        ok = tap.ok(rcs == ['0', '0'] and bool(ref) and got == ref,
               'shim fallback: %s succeeds with its output on the kernel\'s AF_ALG' % c,
               'rc %s\nref %r\nshim %r\n%s' % (rcs, ref, got,
                                               read(os.path.join(out, 's.shim', c + '.err'))))
        served = served and ok
    oracle = {
        'kcapi_dgst_sha256': hashlib.sha256(MSG).hexdigest(),
        'kcapi_dgst_hmac': hmac.new(HMAC_KEY, MSG, 'sha256').hexdigest(),
        'python_afalg': hmac.new(b'demo-key', MSG, 'sha256').hexdigest(),
    }
    for c, want in oracle.items():
        got = (read(os.path.join(out, 's.shim', c + '.out')) or '').strip()
        tap.ok(got == want, 'shim fallback: %s digest matches hashlib/hmac' % c,
               'want %s\ngot  %s' % (want, got))
    return served


def check_plan(tap, out, shim_served):
    """afalg-migrate plan from the demo clients' inventory: one program per
    client binary, the algorithms each is known to bind, each served by the
    shim (as phase s showed), on this kernel as on ours."""
    r = subprocess.run([sys.executable, os.path.join(TOP, 'migrate', 'afalg-migrate'),
                        'plan', '--format', 'json', os.path.join(out, 'h.inventory.json')],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        plan = json.loads(r.stdout)
    except ValueError:
        tap.ok(False, 'afalg-migrate plan from the inventory', r.stderr[-2000:])
        return
    got = {}
    for p in plan['programs']:
        exe = p['exe']
        if os.path.basename(exe).startswith('python3'):
            exe = 'python3'
        got[exe] = sorted((u['type'], u['alg'], u['shim']) for u in p['uses'])
    want = {}
    for exe, typ, alg in EXPECTED_BINDS + [('python3', 'hash', 'hmac(sha256)')]:
        want.setdefault(exe, []).append((typ, alg, 'ok'))
    want = {k: sorted(v) for k, v in want.items()}
    tap.ok(got == want, 'afalg-migrate plan: each client with the algorithms it binds, '
           'every one served by the shim', 'want %s\ngot  %s' % (want, got))
    tap.ok(shim_served and all(p['verdict'] in ('shim-ready', 'falls-back')
                               for p in plan['programs']),
           'afalg-migrate plan: no program left without a way off AF_ALG '
           '(and the shim served every client with AF_ALG blacklisted)',
           json.dumps([(p['exe'], p['verdict']) for p in plan['programs']]))


def main():
    name = sys.argv[1]
    tap = Tap()
    out = os.path.join(os.environ.get('AFALG_DISTRO_OUT', '/tmp/afalg-distro'), name)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    build_files = [os.environ.get(v, '') for v in
                   ('AFALG_TRACE_STATIC', 'AFALG_CLIENT_STATIC', 'AFALG_SHIM')]
    missing = [f for f in build_files if not os.path.exists(f)]
    tools = [shutil.which(t) for t in ('kcapi-dgst', 'kcapi-enc', 'openssl',
                                       'hardlink', 'bpftrace')]
    if missing or None in tools:
        tap.ok(False, 'prerequisites', 'missing %s, tools %s' % (missing, tools))
        tap.done()
    cmd = ' '.join(["sh", os.path.join(HERE, 'distro-workload.sh'), out] +
                   build_files[:2] +
                   [os.path.join(TOP, 'tracer', 'afalg-trace-bt'), build_files[2],
                    os.path.join(TOP, 'tools', 'afalg-harden'), TOP])
    timeout = int(os.environ.get('AFALG_GUEST_TIMEOUT', '1500'))
    # The workload runs the tree's scripts and the build's programs at
    # their host paths: give the guest the tree (and a build directory
    # outside it) at the same paths, since a tree under /tmp is not in the
    # host root it sees (its /tmp is its own); the output share goes last,
    # over the tree's copy of it.
    shares = [TOP] + sorted({os.path.dirname(f) for f in build_files
                             if not os.path.realpath(f).startswith(
                                 os.path.realpath(TOP) + os.sep)})
    share_args = [a for d in shares + [out] for a in ('--share', d)]
    r = subprocess.run([os.path.join(TOP, 'kernel-patches', 'run-guest'),
                        '--distro-kernel', name, '--timeout', str(timeout)] +
                       share_args + ['--cmd', cmd],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=timeout + 600)
    facts = dict(ln.split(' ', 1) for ln in (read(os.path.join(out, 'facts')) or '').splitlines())
    tap.ok(r.returncode == 0 and 'release' in facts,
           '%s: the guest booted and ran the workload (kernel %s)' % (
               name, facts.get('release', '?')), r.stderr[-3000:])
    if 'release' not in facts:
        tap.done()
    f = {
        'no_sock_tp': facts['sock_send_length'] != '1' or facts['sock_recv_length'] != '1',
        'no_knob': facts['knob'] != '1',
        'no_series': facts['series_tp'] != '1',
        'module_not_loaded': facts['af_alg_loaded'] != '1',
    }
    ops_counted = not f['no_sock_tp']
    truth = [json.loads(ln) for ln in (read(os.path.join(out, 't.truth')) or '').splitlines()
             if ln.strip()]
    tap.ok(len(truth) == 5, 'afalg-client gave its five accounts', str(len(truth)))
    for label, base, lines in (('afalg-trace', 't', C_LINES), ('afalg-trace-bt', 'tb', BT_LINES)):
        check_start_lines(tap, label, read(os.path.join(out, base + '.err'), ''), lines, f)
        inv = load_json(os.path.join(out, base + '.json'))
        tap.ok(inv is not None and read(os.path.join(out, base + '.rc'), '').strip() == '0',
               '%s: exit status 0 and an inventory' % label,
               read(os.path.join(out, base + '.err')))
        if inv is None:
            continue
        tap.ok(inv['af_alg']['knob'] is (not f['no_knob']) and
               inv['af_alg']['available'] == 'module-not-loaded',
               '%s: af_alg "module-not-loaded" at start, knob %s' % (label, not f['no_knob']),
               json.dumps(inv['af_alg']))
        check_truth(tap, label, inv, truth, ops_counted)
        check_demo(tap, label, inv, ops_counted)
    check_harden(tap, out)
    served = check_shim(tap, out)
    check_plan(tap, out, served)
    tap.done()


if __name__ == '__main__':
    main()
