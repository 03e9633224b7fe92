#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "migrate": afalg-migrate plan, scan and rewrite.

plan:    a hand-written inventory; package names checked against dpkg -S run
         here, shim support against a bind done here under the shim.
scan:    real Debian binaries (kcapi-dgst links libkcapi; hardlink has raw
         AF_ALG code; /usr/bin/true has none) and a source tree written here.
rewrite: kcapi-sample.c rewritten to libkcrypto; the rewritten program must
         print exactly what the original prints under the shim (same return
         values, same digests), and the digests must match hashlib/hmac.
"""
import errno
import hashlib
import hmac
import json
import os
import shutil
import socket
import subprocess
import tempfile

from kctest import Tap

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
TOOL = os.path.join(TOP, 'migrate', 'afalg-migrate')
SHIM = os.environ['AFALG_SHIM_LIB']
BUILD = os.environ['KC_BUILD_ROOT']
PY = '/usr/bin/python3'


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def dpkg_owner(path):
    r = run(['dpkg', '-S', path])
    return r.stdout.split(':')[0] if r.returncode == 0 else None


def bind_under_shim(t, a):
    code = ('import socket,sys\ns=socket.socket(38,socket.SOCK_SEQPACKET,0)\n'
            'try:\n s.bind((sys.argv[1],sys.argv[2]));print("ok")\n'
            'except OSError as e:\n print(e.errno)\n')
    env = dict(os.environ, LD_PRELOAD=SHIM, AFALG_SHIM='always')
    return run([PY, '-c', code, t, a], env=env).stdout.strip()


def test_plan(tap, tmp):
    inv = {
        'schema': 'afalg-trace-inventory', 'schema_version': 1,
        'host': {'hostname': 'test'}, 'start': 's', 'end': 'e',
        'af_alg': {'available': 'builtin'},
        'entries': [
            {'exe': '/usr/bin/kcapi-dgst', 'uid': 0, 'cgroup': '/', 'type': 'hash',
             'alg': 'hmac(sha256)', 'key_lengths': [32], 'ops_sent': 2,
             'bytes_sent': 100, 'ops_received': 1, 'bytes_received': 32},
            {'exe': '/usr/bin/hardlink', 'uid': 0, 'cgroup': '/', 'type': None,
             'alg': None, 'attempts': 3, 'denied': 3, 'denied_by': 'knob'},
            {'exe': '/usr/bin/hardlink', 'uid': 0, 'cgroup': '/', 'type': 'hash',
             'alg': 'sha256'},
            {'exe': '/opt/legacy/bin/app', 'uid': 1000, 'cgroup': '/user.slice',
             'type': 'skcipher', 'alg': 'cbc(serpent)', 'key_lengths': [32]},
        ]}
    path = os.path.join(tmp, 'inv.json')
    with open(path, 'w') as f:
        json.dump(inv, f)
    r = run([PY, TOOL, 'plan', path, '--shim', SHIM, '--format', 'json'])
    if not tap.ok(r.returncode == 0, 'plan runs on an inventory', r.stderr):
        return
    plan = json.loads(r.stdout)
    tap.ok(plan.get('schema') == 'afalg-migrate-plan' and plan.get('schema_version') == 1,
           'plan carries its schema name and version')
    progs = {p['exe']: p for p in plan['programs']}
    tap.ok(set(progs) == {e['exe'] for e in inv['entries']},
           'one plan row per traced executable', sorted(progs))
    for exe in ('/usr/bin/kcapi-dgst', '/usr/bin/hardlink'):
        tap.ok(progs[exe]['package'] == dpkg_owner(exe),
               'package of %s is what dpkg -S says' % exe, progs[exe]['package'])
    tap.ok(progs['/opt/legacy/bin/app']['package'] is None,
           'an unpackaged program has no package')
    # Shim support as the shim itself answers a bind, checked independently.
    for exe, t, a in (('/usr/bin/kcapi-dgst', 'hash', 'hmac(sha256)'),
                      ('/opt/legacy/bin/app', 'skcipher', 'cbc(serpent)')):
        want = bind_under_shim(t, a)
        got = progs[exe]['uses'][0]['shim']
        tap.ok((want == 'ok' and got == 'ok') or
               (want == str(errno.ENOENT) and got == 'ENOENT'),
               'shim support for %s/%s matches a bind under the shim (%s)' % (t, a, want), got)
    tap.ok(progs['/opt/legacy/bin/app']['verdict'] == 'blocked' and
           progs['/opt/legacy/bin/app']['unserved_algorithms'] == ['cbc(serpent)'],
           'an algorithm the shim lacks blocks the program', progs['/opt/legacy/bin/app'])
    tap.ok(progs['/usr/bin/hardlink']['verdict'] == 'falls-back' and
           progs['/usr/bin/hardlink']['denied'] == 3,
           'hardlink: known automatic fallback, denied attempts counted')
    tap.ok(progs['/usr/bin/kcapi-dgst']['verdict'] == 'shim-ready',
           'kcapi-dgst: no fallback, every algorithm served by the shim')
    use = progs['/usr/bin/kcapi-dgst']['uses'][0]
    tap.ok(use['kernel_library'].startswith('hmac_sha256_usingrawkey') and
           use['ops'] == 3 and use['bytes'] == 132 and use['key_lengths'] == [32],
           'per-algorithm library replacement and traffic', use)
    r = run([PY, TOOL, 'plan', path, '--shim', SHIM])
    tap.ok(r.returncode == 0 and 'blocked' in r.stdout and 'cbc(serpent)' in r.stdout,
           'text plan names the blocking algorithm')
    bad = os.path.join(tmp, 'bad.json')
    with open(bad, 'w') as f:
        json.dump({'schema': 'something-else'}, f)
    r = run([PY, TOOL, 'plan', bad, '--no-shim'])
    tap.ok(r.returncode != 0 and 'not an afalg-trace inventory' in r.stderr,
           'a file that is not an inventory is refused clearly', r.stderr)


RAW_SRC = r'''
#include <linux/if_alg.h>
#include <sys/socket.h>
int f(void) {
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash",
				   .salg_name = "hmac(sha1)" };
	int s = socket(AF_ALG, SOCK_SEQPACKET, 0);
	return bind(s, (void *)&sa, sizeof(sa));
}
'''


def test_scan(tap, tmp):
    src = os.path.join(tmp, 'src')
    os.makedirs(src)
    with open(os.path.join(src, 'raw.c'), 'w') as f:
        f.write(RAW_SRC)
    shutil.copy(os.path.join(os.path.dirname(__file__), 'kcapi-sample.c'), src)
    with open(os.path.join(src, 'clean.c'), 'w') as f:
        f.write('int main(void) { return 0; }\n')
    out = os.path.join(tmp, 'scan.json')
    targets = [src, '/usr/bin/true']
    for b in ('/usr/bin/kcapi-dgst', '/usr/bin/hardlink'):
        if os.path.exists(b):
            targets.append(b)
    r = run([PY, TOOL, 'scan', '-o', out] + targets)
    if not tap.ok(r.returncode == 0, 'scan runs', r.stderr):
        return
    found = {f['path']: f for f in json.load(open(out))['findings']}
    raw = found.get(os.path.join(src, 'raw.c'))
    tap.ok(raw and raw['raw_af_alg'] and
           {'alg': 'hmac(sha1)', 'type': None} in raw['algorithms'],
           'raw AF_ALG source found with its algorithm', raw)
    ks = found.get(os.path.join(src, 'kcapi-sample.c'))
    tap.ok(ks and 'kcapi_md_sha256' in ks['rewritable'] and not ks['raw_af_alg'],
           'libkcapi source found, rewritable calls listed', ks)
    tap.ok(os.path.join(src, 'clean.c') not in found and '/usr/bin/true' not in found,
           'no finding for code without AF_ALG')
    if os.path.exists('/usr/bin/kcapi-dgst'):
        f = found.get('/usr/bin/kcapi-dgst')
        tap.ok(f and f['kind'] == 'elf-libkcapi' and f['confidence'] == 'certain',
               'kcapi-dgst: links libkcapi', f)
    if os.path.exists('/usr/bin/hardlink'):
        f = found.get('/usr/bin/hardlink')
        tap.ok(f and f['kind'] == 'elf' and {'alg': 'sha256', 'type': None} in f['algorithms'],
               'hardlink: raw AF_ALG code with sha256', f)

    # A plan from the scan alone: names found without a socket type are
    # probed under the shim with every type, and agree with a bind done
    # here with the type each algorithm really has.
    if not os.path.exists(SHIM) or not os.path.exists('/usr/bin/hardlink'):
        tap.skip('plan from a scan', 'shim not built or no hardlink')
        return
    plan = os.path.join(tmp, 'plan-scan.json')
    r = run([PY, TOOL, 'plan', '--scan', out, '--shim', SHIM,
             '--format', 'json', '-o', plan])
    if not tap.ok(r.returncode == 0, 'plan from a scan runs', r.stderr):
        return
    progs = {p['exe']: p for p in json.load(open(plan))['programs']}
    want = {a: bind_under_shim('hash', a) for a in ('sha256', 'sha1', 'crc32c')}
    got = {u['alg']: u['shim']
           for u in progs.get('/usr/bin/hardlink', {}).get('uses', [])
           if u['alg'] in want}
    tap.ok(got == want and all(v == 'ok' for v in want.values()),
           'plan from a scan: typeless names probed under the shim (%s)'
           % ', '.join(sorted(want)), 'got %s want %s' % (got, want))


def test_rewrite(tap, tmp):
    sample = os.path.join(os.path.dirname(__file__), 'kcapi-sample.c')
    orig_bin = os.path.join(tmp, 'orig')
    r = run(['cc', '-o', orig_bin, sample, '-lkcapi'])
    if not tap.ok(r.returncode == 0, 'original sample builds against libkcapi', r.stderr):
        return
    outdir = os.path.join(tmp, 'rw')
    r = run([PY, TOOL, 'rewrite', '-o', outdir, '--diff', sample])
    tap.ok(r.returncode == 0 and '+#include <kcapi-to-kcrypto.h>' in r.stdout
           and '-#include <kcapi.h>' in r.stdout,
           'rewrite replaces every call and the include', r.stdout + r.stderr)
    new = open(os.path.join(outdir, 'kcapi-sample.c')).read()
    tap.ok('kcapi_' not in new, 'no libkcapi call left in the rewritten file')
    new_bin = os.path.join(tmp, 'new')
    r = run(['cc', '-Werror', '-Wall', '-o', new_bin, os.path.join(outdir, 'kcapi-sample.c'),
             '-I', os.path.join(TOP, 'migrate'), '-I', os.path.join(TOP, 'include'),
             '-I', os.path.join(TOP, 'kernel-compat'),
             '-include', os.path.join(BUILD, 'kcrypto-config.h'),
             os.path.join(BUILD, 'lib', 'crypto', 'libkcrypto.a')])
    if not tap.ok(r.returncode == 0, 'rewritten sample builds against libkcrypto only', r.stderr):
        return
    env = dict(os.environ, LD_PRELOAD=SHIM, AFALG_SHIM='always')
    cases = [('', 'k'), ('abc', 'key'), ('x' * 1000, 'K' * 200), ('hello world', 'secret')]
    for msg, key in cases:
        a = run([orig_bin, msg, key], env=env)
        b = run([new_bin, msg, key])
        tap.ok(a.returncode == 0 and a.stdout == b.stdout,
               'original under the shim == rewritten (msg %d B, key %d B)' % (len(msg), len(key)),
               'original:\n%s\nrewritten:\n%s' % (a.stdout + a.stderr, b.stdout))
        want = {n: hashlib.new(n, msg.encode()).hexdigest()
                for n in ('sha1', 'sha224', 'sha256', 'sha384', 'sha512')}
        for n in ('sha1', 'sha256', 'sha512'):
            want['hmac-' + n] = hmac.new(key.encode(), msg.encode(), n).hexdigest()
        got = {ln.split()[0]: ln.split()[2] for ln in b.stdout.splitlines()
               if len(ln.split()) == 3}
        tap.ok(all(got.get(k) == v for k, v in want.items()),
               'rewritten digests match hashlib/hmac (msg %d B)' % len(msg), got)
        lines = b.stdout.splitlines()
        short = want['sha256'][:10] + '00'
        hshort = hmac.new(key.encode(), msg.encode(), 'sha256').hexdigest()[:24] + '00'
        tap.ok('sha256-short 5 ' + short in lines and
               'hmac-sha256-short 12 ' + hshort in lines and
               'sha256-empty-out %d ' % -errno.EINVAL in lines and
               'sha256-null-out %d ' % -errno.EINVAL in lines and 'rng 40' in lines,
               'truncated, empty and NULL outputs as libkcapi; rng returns the length', lines)
    part = os.path.join(tmp, 'partial.c')
    with open(part, 'w') as f:
        f.write('#include <kcapi.h>\nvoid g(struct kcapi_handle *h, unsigned char *o)\n'
                '{ kcapi_md_sha256(o, 1, o, 32); kcapi_md_final(h, o, 32); }\n')
    r = run([PY, TOOL, 'rewrite', '--in-place', part])
    text = open(part).read()
    tap.ok(r.returncode == 3 and 'kcrypto_md_sha256(' in text and 'kcapi_md_final(' in text
           and '#include <kcapi.h>' in text and 'kcapi_md_final' in r.stderr,
           'calls without a one-shot equivalent are left and reported (status 3)',
           r.stderr + text)


def main():
    tap = Tap()
    with tempfile.TemporaryDirectory() as tmp:
        test_plan(tap, tmp)
        test_scan(tap, tmp)
        test_rewrite(tap, tmp)
    tap.done()


if __name__ == '__main__':
    main()
