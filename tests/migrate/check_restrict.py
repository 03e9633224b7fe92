# SPDX-License-Identifier: GPL-2.0
"""plan and crypto.af_alg_restrict: the outcome per program, algorithm and level.

The expected outcomes come from the kernel suite's matrix
(tests/lib/afalg_matrix.py, expected(): what the mainline restriction
gives root, an unprivileged user and a CAP_NET_ADMIN holder, written from
the upstream description), and whether the shim serves a name from a bind
done here under the shim; never from afalg-migrate.  The allowlist copy in
afalg_migrate/restrict.py is compared with the kernel series' C table.
"""
import glob
import importlib.util
import json
import os
import subprocess

SHIM = os.environ['AFALG_SHIM_LIB']
SHIM_ENV = dict(os.environ, LD_PRELOAD=SHIM, AFALG_SHIM='always')
BIND = ('import socket,sys\ns=socket.socket(38,socket.SOCK_SEQPACKET,0)\n'
        'try:\n s.bind((sys.argv[1],sys.argv[2]));print("ok")\n'
        'except OSError as e:\n print(e.errno)\n')


def load_matrix():
    import afalg_matrix  # tests/lib, on PYTHONPATH
    return afalg_matrix


def shim_serves(typ, name):
    r = subprocess.run(['/usr/bin/python3', '-c', BIND, typ, name], env=SHIM_ENV,
                       capture_output=True, text=True, timeout=60)
    return r.stdout.strip() == 'ok'


def catalogue_allowlists():
    """{type: {name: privileged}} from catalogue/afalg-names.json, the
    one list the tree's copies are generated from."""
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(top, 'catalogue', 'afalg-names.json')) as f:
        cat = json.load(f)
    out = {t: {} for t in cat['types']}
    for e in cat['allowlists']:
        out[e['type']][e['name']] = e['who'] == 'privileged'
    return out


def expected_outcomes(matrix, typ, name, serves):
    """(if_privileged, if_unprivileged) per level from the matrix."""
    refused = 'refused-shim-serves' if serves else 'refused-nobody-serves'
    res = []
    for level in (0, 1, 2):
        root = matrix.expected(level, 'root', typ, name) == 'ok'
        netadmin = matrix.expected(level, 'netadmin', typ, name) == 'ok'
        nobody = matrix.expected(level, 'nobody', typ, name) == 'ok'
        assert root == netadmin, (level, typ, name)
        priv = 'native' if nobody else ('native-privileged-only' if root else refused)
        res.append((priv, 'native' if nobody else refused))
    return res


def test_allowlist_copy(tap, inst):
    want = catalogue_allowlists()
    found = glob.glob(os.path.join(inst.dest, '**', 'afalg_migrate', 'restrict.py'),
                      recursive=True)
    if not tap.ok(len(found) == 1 and sum(len(v) for v in want.values()) > 20,
                  'installed afalg_migrate/restrict.py and the catalogue found', found):
        return
    spec = importlib.util.spec_from_file_location('restrict_copy', found[0])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    tap.ok(mod.ALLOWLISTS == want,
           'installed afalg-migrate allowlists == catalogue/afalg-names.json (%d names)' %
           sum(len(v) for v in want.values()),
           {'catalogue': want, 'migrate': mod.ALLOWLISTS})


def write_inventory(path, version, entries):
    with open(path, 'w') as f:
        json.dump({'schema': 'afalg-trace-inventory', 'schema_version': version,
                   'host': {'hostname': 'v%d' % version}, 'entries': entries}, f)


def test_outcomes(tap, inst, tmp):
    matrix = load_matrix()
    names = sorted(matrix.ALLOWED) + matrix.OFF_LIST + matrix.DRIVER_NAMES
    serves = {n: shim_serves(*n) for n in names}
    cases, paths = {}, []
    # v3: privileged true / false / unknown (null); v1 and v2: no field.
    for version, privs in ((3, (True, False, None)), (2, ('absent',)), (1, ('absent',))):
        entries = []
        for n, (typ, name) in enumerate(names):
            for priv in privs:
                exe = '/opt/restrict/v%d-%s-%d' % (version, priv, n)
                row = {'exe': exe, 'uid': 0 if priv else 1000, 'type': typ, 'alg': name,
                       'ops_sent': 1}
                if priv != 'absent':
                    row['privileged'] = priv
                    row['caps'] = ['CAP_NET_ADMIN'] if priv else []
                    row.update(denied=0, denied_by=None, not_found=0)
                entries.append(row)
                cases[exe] = (typ, name, None if priv == 'absent' else priv)
        paths.append(os.path.join(tmp, 'restrict-v%d.json' % version))
        write_inventory(paths[-1], version, entries)
    r = inst.migrate('plan', *paths, '--shim', SHIM, '--format', 'json')
    if not tap.ok(r.returncode == 0 and not r.stderr, 'plan of v1, v2 and v3 inventories',
                  r.stderr):
        return
    plan = json.loads(r.stdout)
    tap.ok(plan['schema_version'] == 3, 'plan schema version 3 (restriction outcomes)')
    progs = {p['exe']: p for p in plan['programs']}
    wrong, seen = [], set()
    for exe, (typ, name, priv) in cases.items():
        want = expected_outcomes(matrix, typ, name, serves[(typ, name)])
        use = progs[exe]['uses'][0]['restrict']
        for (yes, no), lv in zip(want, use['levels']):
            out = (yes if priv else no) if priv is not None else (yes if yes == no else None)
            got = (lv['outcome'], lv['if_privileged'], lv['if_unprivileged'])
            if got != (out, yes, no) or use['privileged'] != priv or not lv['action']:
                wrong.append((exe, typ, name, lv['level'], got, (out, yes, no)))
            seen.add(out)
        summary = progs[exe]['restrict']
        worst = [no if priv is None else (yes if priv else no) for yes, no in want]
        if summary != {str(lv): w for lv, w in zip((0, 1, 2), worst)}:
            wrong.append((exe, 'summary', summary, worst))
    tap.ok(not wrong, 'outcome at 0/1/2 for %d (program, algorithm, privilege) cases equals '
           'the matrix and the shim' % len(cases), wrong[:10])
    every = {'native', 'native-privileged-only', 'refused-shim-serves',
             'refused-nobody-serves', None}
    tap.ok(seen == every, 'the cases cover every outcome and "privilege unknown"',
           sorted(map(str, seen)))
    # Not probing a shim: refusals are "refused", never "nobody serves".
    r = inst.migrate('plan', paths[0], '--no-shim', '--format', 'json')
    levels = [lv for p in json.loads(r.stdout)['programs'] for u in p['uses']
              for lv in u['restrict']['levels']] if r.returncode == 0 else []
    tap.ok(levels and all(lv['if_unprivileged'] in ('native', 'refused') for lv in levels) and
           any(lv['outcome'] == 'refused' for lv in levels),
           'without a shim probe a refusal is "refused"', r.stderr)
    # The other formats say the same for one privileged-only and one unknown case.
    sha256 = [e for e, c in cases.items() if c == ('hash', 'sha256', None)][0]
    one = os.path.join(tmp, 'restrict-one.json')
    write_inventory(one, 3, [{'exe': sha256, 'type': 'hash', 'alg': 'sha256',
                              'privileged': None},
                             {'exe': '/opt/restrict/admin', 'type': 'hash',
                              'alg': 'hmac(sha256)', 'privileged': True}])
    outs = {f: inst.migrate('plan', one, '--shim', SHIM, '--format', f).stdout
            for f in ('text', 'markdown', 'html')}
    both = 'native-privileged-only if privileged, else refused-shim-serves'
    for f, text in outs.items():
        tap.ok(both in text and 'native-privileged-only' in text.replace(both, '') and
               'AFALG_SHIM=fallback' in text and 'crypto.af_alg_restrict' in text,
               '%s plan: outcomes per level, both when the privilege is unknown, and what '
               'to do' % f, text[-1500:])


def test_bpftrace_editions(tap, inst, tmp):
    """Inventories of the bpftrace edition from before it classified binds
    (bind-row denied and not_found null, privilege per process, null when
    unknown) and after (numbers, privilege per call): the plan reads both,
    counting a null as nothing and an unknown privilege as unknown."""
    def inv(name, bind_denied, not_found, priv):
        path = os.path.join(tmp, 'bt-%s.json' % name)
        exe = '/opt/bt/%s' % name
        with open(path, 'w') as f:
            json.dump({'schema': 'afalg-trace-inventory', 'schema_version': 3,
                       'tracer': {'backend': 'bpftrace'}, 'host': {'hostname': name},
                       'entries': [
                           {'exe': exe, 'uid': 1000, 'type': None, 'alg': None,
                            'attempts': 2, 'denied': 1, 'denied_by': 'restrict',
                            'not_found': 0, 'privileged': priv,
                            'caps': None if priv is None else []},
                           {'exe': exe, 'uid': 1000, 'type': 'hash', 'alg': 'sha256',
                            'tfm_sockets': 0, 'denied': bind_denied, 'not_found': not_found,
                            'denied_by': 'restrict' if bind_denied else None,
                            'privileged': priv, 'caps': None if priv is None else [],
                            'failures': {'bind': 3}}]}, f)
        return path, exe
    (old, old_exe), (new, new_exe) = inv('old', None, None, None), inv('new', 2, 1, False)
    r = inst.migrate('plan', old, new, '--no-shim', '--format', 'json')
    progs = {p['exe']: p for p in json.loads(r.stdout)['programs']} \
        if r.returncode == 0 else {}
    tap.ok(not r.stderr and set(progs) == {old_exe, new_exe} and
           progs[old_exe]['denied'] == 1 and progs[new_exe]['denied'] == 3 and
           progs[old_exe]['uses'][0]['restrict']['privileged'] is None and
           progs[new_exe]['uses'][0]['restrict']['privileged'] is False,
           'bpftrace-edition inventories, bind verdicts null (older) and counted (newer): '
           'both read, denials summed, privilege unknown / false', r.stderr or progs)


def test_restrict(tap, inst, tmp):
    test_allowlist_copy(tap, inst)
    test_outcomes(tap, inst, tmp)
    test_bpftrace_editions(tap, inst, tmp)
