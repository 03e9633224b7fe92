# SPDX-License-Identifier: GPL-2.0
"""plan: inventories, shim logs and scans -> what to do about each program.

Verdicts (afalg-migrate(1), VERDICTS); per use, the outcome at each
crypto.af_alg_restrict value (restrict.py):
  falls-back             known to work without AF_ALG (maybe slower)
  shim-ready             seen using AF_ALG; the shim serves every algorithm it used
  blocked                seen using AF_ALG with an algorithm the shim does not serve
  needs-shim-or-rewrite  seen using AF_ALG; no shim was probed
  scan-only              found by a static scan, never seen at run time: trace it
                         before deciding (never "blocked" on scan evidence alone)
"""
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys

from .common import Error, load_data, read_json, read_text, warn
from .restrict import merge_privileged, outcomes, program_summary

PLAN_SCHEMA = 'afalg-migrate-plan'
PLAN_SCHEMA_VERSION = 3
TYPES = ('hash', 'skcipher', 'aead', 'rng')


def alg_replacement(alg, table):
    """The table row for an AF_ALG algorithm name, or None."""
    if not alg:
        return None
    for row in table:
        if row['match'] == alg:
            return row
    for row in table:
        if '*' in row['match'] and fnmatch.fnmatchcase(alg, row['match']):
            return row
    # Driver names ("sha256-generic", "cbc-aes-aesni") map to their algorithm.
    base = re.sub(r'-(generic|ni|avx2?|ssse3|aesni|neon|ce|lib)$', '', alg)
    if base != alg:
        return alg_replacement(base, table)
    return None


def owning_package(exe):
    """Debian package that ships exe on this machine (dpkg -S, /usr-merge aware)."""
    if not exe or exe.startswith('?') or not shutil.which('dpkg'):
        return None
    cands = [exe]
    for a, b in (('/usr/bin/', '/bin/'), ('/usr/sbin/', '/sbin/'), ('/usr/lib/', '/lib/')):
        if exe.startswith(a):
            cands.append(b + exe[len(a):])
        elif exe.startswith(b):
            cands.append(a + exe[len(b):])
    for c in cands:
        r = subprocess.run(['dpkg', '-S', c], capture_output=True, text=True)
        if r.returncode == 0 and r.stdout:
            line = r.stdout.splitlines()[0]
            if ':' in line and not line.startswith('diversion'):
                return line.split(':')[0].strip()
    return None


def known_client(exe, package, clients):
    base = os.path.basename(exe or '')
    for c in clients:
        if base and base in c.get('exe', []):
            return c
    for c in clients:
        if package and c['package'] == package:
            return c
    return None


PROBE = r'''
import errno, json, socket, sys
res = {}
for t, a in json.loads(sys.argv[1]):
    try:
        s = socket.socket(38, socket.SOCK_SEQPACKET, 0)
    except OSError as e:
        res[t + "/" + a] = errno.errorcode.get(e.errno, str(e.errno)); continue
    try:
        s.bind((t, a)); res[t + "/" + a] = "ok"
    except OSError as e:
        res[t + "/" + a] = errno.errorcode.get(e.errno, str(e.errno))
    finally:
        s.close()
print(json.dumps(res))
'''


def find_shim(explicit):
    if explicit:
        if not os.path.isfile(explicit):
            raise Error('--shim %s: no such file (the shim library to probe)' % explicit)
        return os.path.abspath(explicit)
    here = os.path.dirname(os.path.abspath(__file__))
    for c in (os.environ.get('AFALG_SHIM_LIB'),
              os.path.join(here, '..', '..', 'build', 'shim', 'libafalg-shim.so'),
              '/usr/local/lib/x86_64-linux-gnu/libafalg-shim.so',
              '/usr/lib/x86_64-linux-gnu/libafalg-shim.so'):
        if c and os.path.isfile(c):
            return os.path.abspath(c)
    return None


def probe_shim(shim, pairs):
    """Bind each (type, alg) under the shim; returns {type/alg: 'ok'|ERRNO}."""
    if not shim or not pairs:
        return {}
    env = dict(os.environ, LD_PRELOAD=shim, AFALG_SHIM='always')
    env.pop('AFALG_SHIM_LOG', None)
    r = subprocess.run([sys.executable, '-c', PROBE, json.dumps(sorted(pairs))],
                       capture_output=True, text=True, env=env, timeout=60)
    if r.returncode != 0 or not r.stdout.strip():
        raise Error('shim probe with %s failed: %s' % (
            shim, (r.stderr.strip().splitlines() or ['no output'])[-1]))
    return json.loads(r.stdout)


def read_inventory(path):
    inv = read_json(path, 'afalg-trace inventory')
    if not isinstance(inv, dict) or inv.get('schema') != 'afalg-trace-inventory':
        raise Error('%s: not an afalg-trace inventory (no "schema": '
                    '"afalg-trace-inventory")' % path)
    if not isinstance(inv.get('entries', []), list):
        raise Error('%s: "entries" is not a list' % path)
    # version 2 renamed denied_by "knob" (the series' old af_alg_mode) to
    # "restrict" (crypto.af_alg_restrict); both read the same here.  Version
    # 3 added privileged/caps and not_found; missing means unknown.
    if (inv.get('schema_version') or 0) > 3:
        warn('%s: inventory schema version %s is newer than 3'
             % (path, inv['schema_version']))
    return inv


def _journal_str(v):
    """A field of `journalctl -o json`: a string, an array of byte values (not
    printable UTF-8; bytes >= 0x80 read one code point each, as the
    inventory JSON writes them), null (too large), or an array of those (a
    field given twice: the first)."""
    if isinstance(v, list) and v and not all(isinstance(x, int) for x in v):
        v = v[0]
    if isinstance(v, list) and all(isinstance(x, int) and 0 <= x < 256 for x in v):
        return bytes(v).decode('latin-1')
    return v if isinstance(v, str) else None


def _journal_int(v, path, n, what):
    v = _journal_str(v)
    if v is None:
        return None
    try:
        return int(v)
    except ValueError:
        raise Error('%s: line %d: %s is not a number: %.40r' % (path, n, what, v))


def read_journal(path):
    """afalg-trace's journald records (tracer/SCHEMA.md, "Journal") in a
    `journalctl -o json` export, one or many machines (one file each or
    concatenated): one inventory-like dict per machine (_HOSTNAME), each
    record an entry.  Other records are skipped; a line that is not a JSON
    object is an error."""
    hosts = {}
    for n, line in enumerate(read_text(path, 'journal export').splitlines(), 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except ValueError:
            raise Error('%s: line %d: not JSON (journalctl -o json writes one object '
                        'a line)' % (path, n))
        if not isinstance(r, dict):
            raise Error('%s: line %d: not a JSON object' % (path, n))
        if _journal_str(r.get('SYSLOG_IDENTIFIER')) != 'afalg-trace' or \
                _journal_str(r.get('AFALG_EXE')) is None:
            continue
        host = _journal_str(r.get('_HOSTNAME')) or '?'
        inv = hosts.setdefault(host, {'host': {'hostname': host}, 'entries': [],
                                      'source': path})
        typ = _journal_str(r.get('AFALG_TYPE'))
        keys = _journal_str(r.get('AFALG_KEY_LENGTHS')) or ''
        priv = _journal_str(r.get('AFALG_PRIVILEGED'))
        inv['entries'].append({
            'exe': _journal_str(r['AFALG_EXE']),
            'uid': _journal_int(r.get('AFALG_UID'), path, n, 'AFALG_UID'),
            'cgroup': _journal_str(r.get('AFALG_CGROUP')),
            'type': typ, 'alg': _journal_str(r.get('AFALG_ALG')) if typ else None,
            'key_lengths': [k if k == 'keyring' else int(k) for k in keys.split(',')
                            if k == 'keyring' or k.isdigit()],
            'attempts': _journal_int(r.get('AFALG_ATTEMPTS'), path, n, 'AFALG_ATTEMPTS') or 0,
            'denied': _journal_int(r.get('AFALG_DENIED'), path, n, 'AFALG_DENIED') or 0,
            'denied_by': _journal_str(r.get('AFALG_DENIED_BY')),
            'privileged': None if priv is None else priv == '1',
            'overflow': _journal_str(r.get('AFALG_OVERFLOW')) == '1',
        })
    return list(hosts.values())


def read_scan(path):
    scan = read_json(path, 'afalg-migrate scan')
    if not isinstance(scan, dict) or scan.get('schema') != 'afalg-migrate-scan':
        raise Error('%s: not an afalg-migrate scan (no "schema": "afalg-migrate-scan")' % path)
    return scan


def read_shim_log(path):
    """The shim's AFALG_SHIM_LOG lines: one JSON object per transform.
    Records of a divergence that happened ("divergence": "D1") say nothing
    about which algorithms a program uses and are left out."""
    rows = []
    for line in read_text(path, 'shim log').splitlines():
        line = line.strip()
        if line.startswith('{'):
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if isinstance(r, dict) and 'divergence' not in r:
                rows.append(r)
    return rows


def _use():
    return {'key_lengths': set(), 'authsizes': set(), 'ops': 0, 'bytes': 0,
            'privileged': []}


def build_plan(invs, shim_rows, scans, shim, min_level='probable'):
    algs = load_data('algorithms.json')['algorithms']
    clients = load_data('clients.json')['clients']
    programs = {}

    def prog(exe):
        return programs.setdefault(exe, {
            'uses': {}, 'scan_algs': set(), 'attempts': 0, 'denied': 0,
            'denied_by': set(), 'uids': set(), 'cgroups': set(), 'hosts': set(),
            'sources': set(), 'evidence': [], 'packages': set(), 'through': set()})

    for inv in invs:
        host = (inv.get('host') or {}).get('hostname') or '?'
        for e in inv.get('entries', []):
            p = prog(e.get('exe') or '?')
            p['sources'].add('tracer')
            p['hosts'].add(host)
            p['uids'].add(e.get('uid'))
            p['cgroups'].add(e.get('cgroup'))
            if e.get('package'):
                p['packages'].add(e['package'])
            p['attempts'] += e.get('attempts', 0) or 0
            p['denied'] += e.get('denied', 0) or 0
            if e.get('denied_by'):
                p['denied_by'].add(e['denied_by'])
            if e.get('type') and e.get('alg') and e['alg'] != '?':
                u = p['uses'].setdefault((e['type'], e['alg']), _use())
                u['key_lengths'].update(e.get('key_lengths', []))
                u['authsizes'].update(e.get('authsizes', []))
                u['ops'] += (e.get('ops_sent', 0) or 0) + (e.get('ops_received', 0) or 0)
                u['bytes'] += (e.get('bytes_sent', 0) or 0) + (e.get('bytes_received', 0) or 0)
                u['privileged'].append(e.get('privileged'))
    for r in shim_rows:
        p = prog(r.get('exe') or '?')
        p['sources'].add('shim-log')
        if r.get('uid') is not None:
            p['uids'].add(r['uid'])
        if r.get('type') and r.get('alg'):
            u = p['uses'].setdefault((r['type'], r['alg']), _use())
            if r.get('keylen') is not None:
                u['key_lengths'].add(r['keylen'])
    levels = ('certain', 'probable', 'possible')
    for scan in scans:
        host = scan.get('host') or '?'
        for f in scan.get('findings', []):
            if f.get('kind') not in ('elf', 'elf-libkcapi', 'elf-transitive') or \
                    levels.index(f.get('confidence', 'possible')) > levels.index(min_level):
                continue
            p = prog(f['path'])
            p['sources'].add('scan')
            p['hosts'].add(host)
            p['evidence'] += [e.get('why', '') for e in f.get('evidence', [])][:5]
            p['scan_algs'].update(a['alg'] for a in f.get('algorithms', []))
            # a user through libraries or plugins (scan schema 3): the chains
            p['through'].update(' -> '.join(t['chain']) for t in f.get('through', [])
                                if levels.index(t['confidence']) <= levels.index(min_level))
            if f.get('package'):
                p['packages'].add(f['package'])

    pairs = {k for p in programs.values() for k in p['uses']}
    pairs |= {(t, a) for p in programs.values() for a in p['scan_algs'] for t in TYPES}
    served = probe_shim(shim, pairs)

    out = []
    for exe in sorted(programs):
        p = programs[exe]
        pkgs = sorted(p['packages'])
        pkg = pkgs[0] if pkgs else owning_package(exe)
        client = known_client(exe, pkg, clients)
        runtime = bool(p['sources'] & {'tracer', 'shim-log'})
        uses, unserved = [], []
        for (t, a), u in sorted(p['uses'].items()):
            row = alg_replacement(a, algs)
            st = served.get('%s/%s' % (t, a)) if shim else 'not probed'
            if shim and st != 'ok':
                unserved.append(a)
            uses.append(dict(use_advice(row), type=t, alg=a, seen='runtime',
                             key_lengths=sorted(u['key_lengths'], key=str),
                             authsizes=sorted(u['authsizes']), ops=u['ops'],
                             bytes=u['bytes'], shim=st,
                             restrict=outcomes(t, a, merge_privileged(u['privileged']),
                                               _served(shim, st))))
        for a in sorted(p['scan_algs'] - {a for _, a in p['uses']}):
            row = alg_replacement(a, algs)
            st = 'not probed'
            if shim:
                res = [served.get('%s/%s' % (t, a)) for t in TYPES]
                st = 'ok' if 'ok' in res else ('EINVAL' if 'EINVAL' in res else res[0])
            uses.append(dict(use_advice(row), type=None, alg=a, seen='scan (name in the code)',
                             key_lengths=[], authsizes=[], ops=0, bytes=0, shim=st,
                             restrict=outcomes(None, a, None, _served(shim, st))))
        fallback = client['fallback'] if client else 'unknown'
        if fallback == 'automatic':
            verdict = 'falls-back'
        elif not runtime:
            verdict = 'scan-only'
        elif not shim:
            verdict = 'needs-shim-or-rewrite'
        elif unserved:
            verdict = 'blocked'
        else:
            verdict = 'shim-ready'
        out.append({
            'exe': exe, 'package': pkg,
            'package_source': 'inventory' if pkgs else ('dpkg -S on this machine' if pkg else None),
            'hosts': sorted(p['hosts']),
            'seen_by': sorted(p['sources']),
            'evidence': 'runtime' if runtime else 'scan only',
            'scan_evidence': p['evidence'],
            'through': sorted(p['through']),
            'uids': sorted(x for x in p['uids'] if x is not None),
            'cgroups': sorted(x for x in p['cgroups'] if x),
            'attempts': p['attempts'], 'denied': p['denied'],
            'denied_by': sorted(p['denied_by']),
            'fallback': fallback,
            'known_client': client['detail'] if client else None,
            'verdict': verdict,
            'unserved_algorithms': unserved,
            'action': action_for(verdict, client, unserved),
            'uses': uses,
            'restrict': program_summary(uses),
        })
    counts = {}
    for o in out:
        counts[o['verdict']] = counts.get(o['verdict'], 0) + 1
    return {
        'schema': PLAN_SCHEMA, 'schema_version': PLAN_SCHEMA_VERSION,
        'inventories': [{k: inv.get(k) for k in ('host', 'start', 'end', 'af_alg')}
                        for inv in invs],
        'scans': len(scans), 'shim': shim, 'summary': counts, 'programs': out,
    }


def _served(shim, status):
    """True/False: the probed shim serves it or not; None: not probed."""
    return (status == 'ok') if shim else None


def use_advice(row):
    return {
        'library': row['library'] if row else None,
        'header': row.get('header') if row else None,
        'openssl': row['openssl'] if row else None,
        'debian': row.get('debian') if row else None,
        'legacy': bool(row and row.get('legacy')),
    }


def action_for(verdict, client, unserved):
    if verdict == 'falls-back':
        return client['action'] if client else 'none needed'
    if verdict == 'scan-only':
        return ('found by a static scan only: run afalg-trace while the program does its '
                'work to see whether and how it uses AF_ALG')
    if verdict == 'blocked':
        return ('port the calls of %s to the library calls listed (the shim does not serve '
                'them), or keep AF_ALG for this program until then' % ', '.join(unserved))
    if client:
        return client['action']
    return ('run under the shim (LD_PRELOAD=libafalg-shim.so, or a systemd drop-in '
            'Environment=LD_PRELOAD=...), then port to the library calls listed')
