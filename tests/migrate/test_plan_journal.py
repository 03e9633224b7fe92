#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "migrate": afalg-migrate plan --journal reads afalg-trace's
journald records exported with `journalctl -o json` (tracer/SCHEMA.md,
"Journal"), from two machines concatenated in one file, among other
services' records.  The export and the inventories that say the same are
written here by hand, as journalctl and afalg-trace write them; the plan
from the export must name the programs, machines, users and algorithms
worked out below, and be the plan of the inventories.  A line that is not
JSON is refused with its number."""
import json
import os
import subprocess

from kctest import run_tests

TOP = os.environ.get('AFALG_TOP', os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))
MIGRATE = os.path.join(TOP, 'migrate', 'afalg-migrate')
ODD = '/opt/odd "dir"\\x\nname'       # an exe with a quote, backslash and newline


def record(host, exe, uid, typ=None, alg=None, **extra):
    """One record as journalctl -o json shows it: every value a string."""
    r = {'__CURSOR': 's=1;i=%x' % abs(hash((host, exe, typ))), '_HOSTNAME': host,
         'SYSLOG_IDENTIFIER': 'afalg-trace', 'PRIORITY': '6', '_TRANSPORT': 'journal',
         'MESSAGE': 'afalg-trace: new AF_ALG user', 'AFALG_EXE': exe,
         'AFALG_UID': str(uid), 'AFALG_CGROUP': '/system.slice/x.service',
         'AFALG_DENIED': '0', 'AFALG_PRIVILEGED': '1' if uid == 0 else '0'}
    if typ:
        r.update(AFALG_TYPE=typ, AFALG_ALG=alg, AFALG_TFM_SOCKETS='1',
                 AFALG_KEY_LENGTHS=extra.pop('keys', ''))
    else:
        r['AFALG_ATTEMPTS'] = '1'
    r.update(extra)
    return r


EXPORT = [
    record('m1', '/usr/bin/kcapi-dgst', 0),
    record('m1', '/usr/bin/kcapi-dgst', 0, 'hash', 'hmac(sha256)', keys='32'),
    {'_HOSTNAME': 'm1', 'SYSLOG_IDENTIFIER': 'sshd', 'MESSAGE': 'Accepted publickey'},
    record('m2', '/usr/bin/kcapi-dgst', 0, 'hash', 'hmac(sha256)', keys='32'),
    record('m2', ODD, 1000),
    # a byte the journal could not show as text: an array of byte values
    record('m2', ODD, 1000, 'skcipher', 'cbc(aes)', keys='16,32',
           AFALG_CGROUP=list(b'/user.slice/\xff')),
]

# the same, as two afalg-trace inventories
INVENTORIES = {
    'm1': [('/usr/bin/kcapi-dgst', 0, None, None, []),
           ('/usr/bin/kcapi-dgst', 0, 'hash', 'hmac(sha256)', [32])],
    'm2': [('/usr/bin/kcapi-dgst', 0, 'hash', 'hmac(sha256)', [32]),
           (ODD, 1000, None, None, []),
           (ODD, 1000, 'skcipher', 'cbc(aes)', [16, 32])],
}

# worked out by hand: exe -> (hosts, uids, uses)
WANT = {
    '/usr/bin/kcapi-dgst': (['m1', 'm2'], [0], [('hash', 'hmac(sha256)', [32])]),
    ODD: (['m2'], [1000], [('skcipher', 'cbc(aes)', [16, 32])]),
}


def plan(*args):
    r = subprocess.run([MIGRATE, 'plan', '--no-shim', '--format', 'json'] + list(args),
                       capture_output=True, text=True, timeout=300)
    try:
        return r, json.loads(r.stdout)
    except ValueError:
        return r, None


def summary(p):
    return {g['exe']: (sorted(g['hosts']), sorted(g['uids']),
                       sorted((u['type'], u['alg'], sorted(u['key_lengths']))
                              for u in g['uses']))
            for g in (p or {}).get('programs', [])}


def test_journal(tap, tmp):
    export = os.path.join(tmp, 'export.json')
    with open(export, 'w') as f:
        f.write('\n'.join(json.dumps(r) for r in EXPORT) + '\n\n')
    r, pj = plan('--journal', export)
    got = summary(pj)
    tap.ok(r.returncode == 0 and got == {k: (h, u, [tuple(x) for x in s])
                                         for k, (h, u, s) in WANT.items()},
           'plan --journal: two machines in one export, programs, hosts, users and '
           'algorithms as worked out by hand', 'got %r\nstderr %s' % (got, r.stderr[-1500:]))
    invs = []
    for host, rows in INVENTORIES.items():
        path = os.path.join(tmp, host + '.json')
        with open(path, 'w') as f:
            json.dump({'schema': 'afalg-trace-inventory', 'schema_version': 3,
                       'host': {'hostname': host},
                       'entries': [{'exe': e, 'uid': u, 'cgroup': '/', 'type': t, 'alg': a,
                                    'key_lengths': k, 'attempts': 0 if t else 1,
                                    'denied': 0, 'denied_by': None,
                                    'privileged': u == 0} for e, u, t, a, k in rows]}, f)
        invs.append(path)
    r2, pi = plan(*invs)
    tap.ok(r2.returncode == 0 and summary(pi) == got and
           [g.get('verdict') for g in pi['programs']] ==
           [g.get('verdict') for g in pj['programs']],
           'plan --journal says what the plan of the same inventories says',
           'journal %r\ninventories %r' % (got, summary(pi)))


def test_bad_line(tap, tmp):
    export = os.path.join(tmp, 'bad.json')
    with open(export, 'w') as f:
        f.write(json.dumps(EXPORT[0]) + '\n[1, 2]\n')
    r, _ = plan('--journal', export)
    tap.ok(r.returncode != 0 and 'line 2' in r.stderr and 'Traceback' not in r.stderr,
           'plan --journal refuses a line that is not a JSON object, naming it',
           'exit %d: %s' % (r.returncode, r.stderr[-800:]))


if __name__ == '__main__':
    run_tests(test_journal, test_bad_line, tmp_prefix='kctest-plan-journal-')
