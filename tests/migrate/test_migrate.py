#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "migrate": afalg-migrate as installed by `meson install --destdir`.

cli:     --version, --help per command, and every kind of bad input gives
         one line on stderr and the documented exit code.
plan:    hand-written inventories (two hosts merged); package names checked
         against dpkg -S run here, shim support against a bind done here
         under the shim; scan-only programs are never "blocked"; the advice
         and the HTML report.
scan:    a labelled corpus: binaries built here from small sources that do
         and do not use AF_ALG (dynamic, -fno-plt, static, stripped static),
         sources in five languages, and installed packages whose use is
         known; precision and recall measured per confidence level.  A
         50 MB program of random code with planted patterns: the one real
         call site found, and the scan's peak memory bounded.
rewrite: realistic libkcapi programs rewritten, built against the installed
         libkcrypto, run, and compared with the original run under the shim;
         the rewritten binaries import nothing from libkcapi; digests, HMACs,
         PBKDF2 and AES checked against hashlib/hmac/python3-cryptography;
         raw AF_ALG code, calls without an equivalent and a file that does
         not build give their own exit codes.
"""
import errno
import hashlib
import hmac
import html.parser
import json
import os
import shutil
import subprocess
import tempfile

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from kctest import Tap, run_tests

from check_browser import test_browser
from check_restrict import test_restrict

HERE = os.path.dirname(os.path.abspath(__file__))
SHIM = os.environ['AFALG_SHIM_LIB']
BUILD = os.environ['KC_BUILD_ROOT']
PY = '/usr/bin/python3'
SHIM_ENV = dict(os.environ, LD_PRELOAD=SHIM, AFALG_SHIM='always')


def run(args, **kw):
    kw.setdefault('timeout', 600)
    return subprocess.run(args, capture_output=True, text=True, **kw)


class Installed:
    """The tree `meson install --destdir` writes."""

    def __init__(self, tmp):
        self.dest = os.path.join(tmp, 'dest')
        r = run(['meson', 'install', '-C', BUILD, '--no-rebuild', '--quiet',
                 '--destdir', self.dest])
        self.error = None if r.returncode == 0 else r.stdout + r.stderr
        p = os.environ['KC_PREFIX']

        def d(name):
            v = os.environ[name]
            return self.dest + (v if os.path.isabs(v) else os.path.join(p, v))
        self.bindir, self.libdir = d('KC_BINDIR'), d('KC_LIBDIR')
        self.incdir, self.mandir = d('KC_INCLUDEDIR'), d('KC_MANDIR')
        self.tool = os.path.join(self.bindir, 'afalg-migrate')
        self.env = dict(os.environ, PKG_CONFIG_SYSROOT_DIR=self.dest,
                        PKG_CONFIG_PATH=os.path.join(self.libdir, 'pkgconfig'),
                        CPPFLAGS='-I' + self.incdir)
        self.env.pop('KCRYPTO_CFLAGS', None)

    def pkgconfig(self):
        r = run(['pkg-config', '--cflags', '--libs', 'libkcrypto'], env=self.env)
        return r.stdout.split() + ['-I' + self.incdir, '-Wl,-rpath,' + self.libdir]

    def migrate(self, *args, **kw):
        kw.setdefault('env', self.env)
        return run([self.tool] + list(args), **kw)


def installed(tap, tmp):
    """Installed(tmp) after the check that it installed, or None."""
    inst = Installed(tmp)
    return inst if tap.ok(inst.error is None and os.access(inst.tool, os.X_OK),
                          'meson install --destdir installs afalg-migrate',
                          inst.error) else None


def run_installed(*tests, tmp_prefix):
    """run_tests() for a driver whose tests need the installed tree: it is
    installed once (installed()), then each test is called with (tap, inst,
    tmp); nothing runs when the install failed (installed() said why)."""
    def with_inst(tap, tmp):
        inst = installed(tap, tmp)
        if inst is None:
            return
        for t in tests:
            t(tap, inst, tmp)
    run_tests(with_inst, tmp_prefix=tmp_prefix)


def one_line_error(r):
    lines = r.stderr.strip().splitlines()
    return len(lines) == 1 and lines[0].startswith('afalg-migrate: error: ') and \
        'Traceback' not in r.stderr


def test_cli(tap, inst, tmp):
    r = inst.migrate('--version')
    tap.ok(r.returncode == 0 and r.stdout.strip() == 'afalg-migrate ' + os.environ['KC_VERSION'],
           'installed afalg-migrate --version prints the project version', r.stdout + r.stderr)
    helps = {'plan': ('falls-back', 'shim-ready', 'blocked', 'needs-shim-or-rewrite',
                      'scan-only', 'exit status'),
             'scan': ('certain', 'probable', 'possible', 'exit status'),
             'rewrite': ('exit status', ' 3 ', ' 4 ', ' 5 ', 'kcapi_pbkdf')}
    for cmd, words in helps.items():
        r = inst.migrate(cmd, '--help')
        missing = [w for w in words if w not in r.stdout]
        tap.ok(r.returncode == 0 and not missing,
               '%s --help explains its verdicts/levels and exit codes' % cmd, missing)
    man = os.path.join(inst.mandir, 'man1', 'afalg-migrate.1')
    text = open(man).read() if os.path.exists(man) else ''
    tap.ok(all(s in text for s in ('.SH EXIT STATUS', 'Confidence levels', 'Verdicts',
                                    'schema_version')),
           'man page afalg-migrate(1) installed with exit codes, levels, verdicts, JSON schema',
           man)
    for rel in ('kcrypto/kcapi-to-kcrypto.h', 'kcrypto/crypto/pbkdf2.h'):
        tap.ok(os.path.exists(os.path.join(inst.incdir, rel)), '%s installed' % rel)
    bad = os.path.join(tmp, 'bad.json')
    with open(bad, 'w') as f:
        f.write('{"schema": "afalg-trace-inventory", ')
    other = os.path.join(tmp, 'other.json')
    with open(other, 'w') as f:
        json.dump({'schema': 'something-else'}, f)
    good = os.path.join(tmp, 'empty-inv.json')
    with open(good, 'w') as f:
        json.dump({'schema': 'afalg-trace-inventory', 'schema_version': 1, 'entries': []}, f)
    cases = [
        (('plan', '/nonexistent/inv.json'), 1, 'No such file'),
        (('plan', tmp), 1, 'is a directory'),
        (('plan', bad), 1, 'not valid JSON'),
        (('plan', other), 1, 'not an afalg-trace inventory'),
        (('plan', '--scan', bad), 1, 'not valid JSON'),
        (('plan', '--scan', good), 1, 'not an afalg-migrate scan'),
        (('plan', good, '--shim', '/nonexistent/libafalg-shim.so'), 1, '--shim'),
        (('plan', '--shim-log', tmp), 1, 'is a directory'),
        (('scan', '/nonexistent'), 1, 'No such file'),
        (('rewrite', '/nonexistent.c'), 1, 'No such file'),
        (('rewrite', tmp), 1, 'is a directory'),
        (('plan', '-o', os.path.join(tmp, 'no', 'such', 'dir'), good, '--no-shim'), 1,
         'No such file'),
    ]
    for args, code, word in cases:
        r = inst.migrate(*args)
        tap.ok(r.returncode == code and one_line_error(r) and word in r.stderr,
               '%s: exit %d with one line naming the problem' % (' '.join(args), code),
               'exit %d: %s' % (r.returncode, r.stderr))
    for args in (('plan',), ('frobnicate',), ('scan',), ('plan', '--format', 'pdf', good)):
        r = inst.migrate(*args)
        tap.ok(r.returncode == 2 and 'Traceback' not in r.stderr,
               'usage error %r: exit 2' % ' '.join(args), r.stderr)


def dpkg_owner(path):
    r = run(['dpkg', '-S', path])
    return r.stdout.split(':')[0] if r.returncode == 0 else None


def bind_under_shim(t, a):
    code = ('import socket,sys\ns=socket.socket(38,socket.SOCK_SEQPACKET,0)\n'
            'try:\n s.bind((sys.argv[1],sys.argv[2]));print("ok")\n'
            'except OSError as e:\n print(e.errno)\n')
    return run([PY, '-c', code, t, a], env=SHIM_ENV).stdout.strip()


class Tables(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.row, self.cell, self.scripts, self.links = [], None, None, 0, []
        self.in_script, self.script_text = False, ''

    def handle_starttag(self, tag, attrs):
        if tag == 'table':
            self.tables.append({'class': dict(attrs).get('class'), 'rows': []})
        elif tag == 'tr':
            self.row = []
        elif tag in ('td', 'th'):
            self.cell = ''
        elif tag == 'script':
            self.scripts += 1
            self.in_script = True
            if dict(attrs).get('src'):
                self.links.append(dict(attrs)['src'])
        elif tag == 'link':
            self.links.append(dict(attrs).get('href'))

    def handle_endtag(self, tag):
        if tag == 'script':
            self.in_script = False
        if tag in ('td', 'th') and self.row is not None:
            self.row.append(self.cell)
            self.cell = None
        elif tag == 'tr' and self.tables:
            self.tables[-1]['rows'].append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.in_script:
            self.script_text += data
        if self.cell is not None:
            self.cell += data


def test_plan(tap, inst, tmp):
    inv1 = {
        'schema': 'afalg-trace-inventory', 'schema_version': 1,
        'host': {'hostname': 'web1'}, 'start': 's', 'end': 'e',
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
    inv2 = {
        'schema': 'afalg-trace-inventory', 'schema_version': 1,
        'host': {'hostname': 'db2'}, 'start': 's', 'end': 'e', 'af_alg': {},
        'entries': [
            {'exe': '/usr/bin/kcapi-dgst', 'uid': 0, 'cgroup': '/', 'type': 'hash',
             'alg': 'hmac(sha256)', 'ops_sent': 1, 'bytes_sent': 10},
            {'exe': '/opt/tool/rngd', 'uid': 0, 'cgroup': '/', 'type': 'rng',
             'alg': 'drbg_pr_sha256', 'package': 'vendor-rngd'},
            {'exe': '/usr/sbin/sha512hmac', 'uid': 0, 'cgroup': '/', 'type': 'hash',
             'alg': 'hmac(sha512)'},
        ]}
    paths = []
    for n, inv in enumerate((inv1, inv2)):
        paths.append(os.path.join(tmp, 'inv%d.json' % n))
        with open(paths[-1], 'w') as f:
            json.dump(inv, f)
    r = inst.migrate('plan', *paths, '--shim', SHIM, '--format', 'json')
    if not tap.ok(r.returncode == 0, 'plan merges two inventories', r.stderr):
        return
    plan = json.loads(r.stdout)
    tap.ok(plan.get('schema') == 'afalg-migrate-plan' and plan.get('schema_version') == 3,
           'plan carries its schema name and version')
    progs = {p['exe']: p for p in plan['programs']}
    want = {e['exe'] for inv in (inv1, inv2) for e in inv['entries']}
    tap.ok(set(progs) == want, 'one plan row per executable over both hosts', sorted(progs))
    k = progs.get('/usr/bin/kcapi-dgst', {})
    tap.ok(k.get('hosts') == ['db2', 'web1'] and k['uses'][0]['ops'] == 4 and
           k['uses'][0]['bytes'] == 142, 'a program seen on two hosts: hosts and traffic merged', k)
    for exe in ('/usr/bin/kcapi-dgst', '/usr/bin/hardlink'):
        tap.ok(progs[exe]['package'] == dpkg_owner(exe),
               'package of %s is what dpkg -S says' % exe, progs[exe]['package'])
    tap.ok(progs['/opt/legacy/bin/app']['package'] is None and
           progs['/opt/tool/rngd']['package'] == 'vendor-rngd',
           'unpackaged program: no package; an inventory package field is used')
    for exe, t, a in (('/usr/bin/kcapi-dgst', 'hash', 'hmac(sha256)'),
                      ('/opt/legacy/bin/app', 'skcipher', 'cbc(serpent)')):
        want = bind_under_shim(t, a)
        got = progs[exe]['uses'][0]['shim']
        tap.ok((want == 'ok' and got == 'ok') or
               (want == str(errno.ENOENT) and got == 'ENOENT'),
               'shim support for %s/%s matches a bind under the shim (%s)' % (t, a, want), got)
    legacy = progs['/opt/legacy/bin/app']
    tap.ok(legacy['verdict'] == ('blocked' if bind_under_shim('skcipher', 'cbc(serpent)') != 'ok'
                                 else 'shim-ready'),
           'verdict for a traced program follows the shim probe', legacy['verdict'])
    tap.ok(progs['/usr/bin/hardlink']['verdict'] == 'falls-back' and
           progs['/usr/bin/hardlink']['denied'] == 3,
           'hardlink: known automatic fallback, denied attempts counted')
    use = k['uses'][0]
    tap.ok(use['library'].startswith('hmac_sha256_usingrawkey') and
           use['header'] == '<crypto/sha2.h>', 'advice names the library call and its header', use)
    rng = progs['/opt/tool/rngd']['uses'][0]
    tap.ok(rng['library'] == 'getrandom(2)' and rng['header'] == '<sys/random.h>' and
           'get_random_bytes' not in json.dumps(rng), 'DRBG users are told getrandom(2)', rng)
    fips = progs['/usr/sbin/sha512hmac']['action']
    tap.ok('initramfs' in fips and 'native' in fips,
           'FIPS sha512hmac: shim in the initramfs or a native tool', fips)
    r = inst.migrate('plan', *paths, '--shim', SHIM, '--format', 'html', '-o',
                     os.path.join(tmp, 'plan.html'))
    t = Tables()
    t.feed(open(os.path.join(tmp, 'plan.html')).read())
    main = t.tables[0] if t.tables else {'rows': []}
    tap.ok(r.returncode == 0 and main['class'] == 'sortable' and
           len(main['rows']) == len(progs) + 1 and t.scripts == 1 and not t.links and
           len(t.tables) == len(progs) + 1,
           'HTML report: self-contained, one sortable row per program, a table per program',
           (len(t.tables), len(main['rows']), t.links))
    script = os.path.join(tmp, 'plan.js')
    with open(script, 'w') as f:
        f.write(t.script_text)
    if shutil.which('node'):
        r = run(['node', '--check', script])
        tap.ok(r.returncode == 0 and 'sort' in t.script_text,
               'HTML report: its table-sorting script parses (node --check)', r.stderr)
    else:
        tap.skip('HTML report script syntax', 'node is not installed')
    r = inst.migrate('plan', *paths, '--shim', SHIM)
    tap.ok(r.returncode == 0 and 'getrandom(2)' in r.stdout and 'web1' in r.stdout,
           'text plan')


def build(tap, out, srcs, flags=(), desc=None):
    r = run(['cc', '-O2', '-o', out] + list(srcs) + list(flags))
    return tap.ok(r.returncode == 0, desc or 'build %s' % os.path.basename(out), r.stderr)


# the io_uring corpus programs as non-users: AF_INET6, and 38 in other fields
URING_INET = ('-DNOT_AF_ALG',)


def test_scan(tap, inst, tmp):
    corpus = os.path.join(HERE, 'corpus')
    bins = os.path.join(tmp, 'bins')
    os.makedirs(bins)
    labels = {}
    for name, src, flags, label in (
            ('direct', 'afalg-direct.c', (), True),
            ('direct-noplt', 'afalg-direct.c', ('-fno-plt',), True),
            ('direct-Os', 'afalg-direct.c', ('-Os',), True),
            ('direct-O0', 'afalg-direct.c', ('-O0',), True),
            ('decoy-O0', 'inet-decoy.c', ('-O0',), False),
            ('direct-static', 'afalg-direct.c', ('-static',), True),
            ('syscall', 'afalg-syscall.c', (), True),
            ('syscall-static', 'afalg-syscall.c', ('-static',), True),
            ('decoy', 'inet-decoy.c', (), False),
            ('decoy-static', 'inet-decoy.c', ('-static',), False),
            ('oneshot', os.path.join('..', 'programs', 'kcapi-oneshot.c'), ('-lkcapi',), True),
            # io_uring IORING_OP_SOCKET: liburing (inlined, -O0 call, static), by hand
            ('uring', 'afalg-uring.c', ('-luring',), True),
            ('uring-O0', 'afalg-uring.c', ('-O0', '-luring'), True),
            ('uring-static', 'afalg-uring.c', ('-static', '-luring'), True),
            ('uring-raw', 'afalg-uring-raw.c', (), True),
            ('uring-raw-O0', 'afalg-uring-raw.c', ('-O0',), True),
            ('uring-inet', 'afalg-uring.c', ('-luring',) + URING_INET, False),
            ('uring-inet-O0', 'afalg-uring.c', ('-O0', '-luring') + URING_INET, False),
            ('uring-inet-static', 'afalg-uring.c', ('-static', '-luring') + URING_INET, False),
            ('uring-inet-raw', 'afalg-uring-raw.c', URING_INET, False),
            ('uring-inet-raw-O0', 'afalg-uring-raw.c', ('-O0',) + URING_INET, False)):
        out = os.path.join(bins, name)
        if build(tap, out, [os.path.join(corpus, src)], flags, 'corpus: build %s' % name):
            labels[out] = label
    for name, label in (('direct-static', True), ('decoy-static', False)):
        src = os.path.join(bins, name)
        if src in labels:
            shutil.copy(src, src + '-stripped')
            run(['strip', src + '-stripped'])
            labels[src + '-stripped'] = label
    srcs = os.path.join(tmp, 'srcs')
    shutil.copytree(corpus, srcs)
    for f in os.listdir(srcs):
        labels[os.path.join(srcs, f)] = not f.startswith(('not-', 'inet-', 'comments-'))
    known = {
        '/usr/bin/hardlink': True, '/usr/bin/kcapi-dgst': True, '/usr/bin/kcapi-enc': True,
        '/usr/bin/kcapi-rng': True, '/usr/bin/stress-ng': True, '/usr/bin/ip': True,
        '/usr/lib/x86_64-linux-gnu/libkcapi.so.1.4.0': True,
        '/usr/lib/x86_64-linux-gnu/libcryptsetup.so.12.9.0': True,
        '/usr/lib/x86_64-linux-gnu/engines-3/afalg.so': True,
        '/usr/bin/git': False, '/usr/bin/ssh': False, '/usr/bin/true': False,
        '/usr/lib/x86_64-linux-gnu/libcurl.so.4': False,
        '/usr/lib/x86_64-linux-gnu/libcups.so.2': False,
        '/usr/lib/x86_64-linux-gnu/libcrypto.so.3': False,
        '/usr/bin/qemu-aarch64': False, '/usr/bin/qemu-storage-daemon': False,
        '/usr/bin/python3': False,
    }
    labels.update({p: v for p, v in known.items() if os.path.exists(p)})
    tap.diag('corpus: %d files, %d AF_ALG users (%d installed files)' % (
        len(labels), sum(labels.values()), len([p for p in known if p in labels])))
    out = os.path.join(tmp, 'scan.json')
    r = inst.migrate('scan', '--level', 'possible', '-q', '-o', out, *sorted(labels))
    if not tap.ok(r.returncode == 0, 'scan of the labelled corpus runs', r.stderr):
        return
    scan = json.load(open(out))
    found = {os.path.realpath(f['path']): f for f in scan['findings']}
    real = {os.path.realpath(p): v for p, v in labels.items()}
    levels = ('certain', 'probable', 'possible')
    for n, lvl in enumerate(levels):
        flagged = {p for p, f in found.items() if f['confidence'] in levels[:n + 1]}
        tp = len([p for p in flagged if real.get(p)])
        fp = sorted(p for p in flagged if not real.get(p))
        fn = sorted(p for p, v in real.items() if v and p not in flagged)
        prec = tp / (tp + len(fp)) if flagged else 1.0
        rec = tp / (tp + len(fn)) if tp + len(fn) else 1.0
        tap.diag('level %-8s precision %.3f recall %.3f (tp %d fp %d fn %d)' % (
            lvl, prec, rec, tp, len(fp), len(fn)))
        if lvl == 'probable':
            tap.ok(prec >= 0.95 and rec == 1.0,
                   'default level: precision %.3f >= 0.95, recall %.3f == 1.0' % (prec, rec),
                   {'false positives': fp, 'missed': fn})
    bad = [p for p, f in found.items() if not f['evidence'] or not all(
        e.get('address') or e.get('line') or e.get('symbols') or e.get('through') or
        'strings only' in e['why']
        for e in f['evidence'])]
    tap.ok(not bad, 'every finding says why: call-site address, import or source line', bad)
    f = found.get(os.path.join(bins, 'direct'))
    tap.ok(f and {'type': None, 'alg': 'sha256'} in f['algorithms'] and
           f['evidence'][0].get('address'),
           'a call site and the algorithm name built next to it', f)
    f = found.get(os.path.realpath(os.path.join(srcs, 'not-afalg.py')))
    tap.ok(f is None, 'AF_ALG in a Python comment or string is not a finding', f)
    # A plan from the scan alone: nothing is "blocked" without run-time evidence.
    r = inst.migrate('plan', '--scan', out, '--shim', SHIM, '--format', 'json')
    if not tap.ok(r.returncode == 0, 'plan from a scan runs', r.stderr):
        return
    progs = {p['exe']: p for p in json.loads(r.stdout)['programs']}
    elf_users = {p for p, f in found.items() if f['kind'].startswith('elf') and
                 f['confidence'] != 'possible'}
    tap.ok(set(progs) == elf_users and all(
        p['evidence'] == 'scan only' and p['verdict'] in ('scan-only', 'falls-back')
        for p in progs.values()),
        'plan --scan: every program marked scan only, none blocked; possible-level '
        'findings left out', sorted((p['exe'], p['verdict']) for p in progs.values()))


# The peak memory of `scan` on one large file (test_scan_large), in KiB:
# the interpreter, one chunk of the mapped file and the decoded windows.
LARGE_SCAN_MAXRSS = 160 * 1024
MAXRSS_CHILD = ('import resource, subprocess, sys\n'
                'r = subprocess.run(sys.argv[1:], capture_output=True)\n'
                'print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)')


def test_scan_large(tap, inst, tmp):
    """50 MB of random code with the byte patterns of an AF_ALG call planted
    in it, linked with one real call site: the scan finds that site only,
    and its peak memory (the child's getrusage) stays bounded."""
    import random
    rnd = random.Random(26)
    blob = bytearray(rnd.randbytes(50 << 20))
    planted = (b'\xbf\x26\x00\x00\x00\xe8', b'\x6a\x26\x5f\xe8',
               b'\x48\xc7\xc7\x26\x00\x00\x00\xe8', b'\xbe\x26\x00\x00\x00\x0f\x05')
    for k in range(64):
        o = rnd.randrange(len(blob) - 64)
        pat = planted[k % len(planted)]
        blob[o:o + len(pat)] = pat
    d = os.path.join(tmp, 'large')
    os.makedirs(d)
    with open(os.path.join(d, 'blob.bin'), 'wb') as f:
        f.write(blob)
    del blob
    with open(os.path.join(d, 'blob.s'), 'w') as f:
        f.write('.section .text.blob,"ax",@progbits\n.incbin "%s"\n'
                '.section .note.GNU-stack,"",@progbits\n' % os.path.join(d, 'blob.bin'))
    out = os.path.join(d, 'big')
    if not build(tap, out, [os.path.join(HERE, 'corpus', 'afalg-direct.c'),
                            os.path.join(d, 'blob.s')], (), 'large: build a 50 MB program'):
        return
    os.unlink(os.path.join(d, 'blob.bin'))
    js = os.path.join(d, 'scan.json')
    r = run([PY, '-c', MAXRSS_CHILD, inst.tool, 'scan', '-q', '-o', js, out], env=inst.env)
    rc, maxrss = (int(x) for x in r.stdout.split())
    if not tap.ok(rc == 0, 'large: scan runs', r.stderr):
        return
    found = json.load(open(js))['findings']
    sites = [e for f in found for e in f['evidence'] if e.get('address')]
    tap.ok(len(found) == 1 and len(sites) == 1 and '(in main)' in sites[0]['why'],
           'large: the one real call site found, none of the 64 planted patterns', found)
    tap.ok(maxrss < LARGE_SCAN_MAXRSS, 'large: peak memory %d MiB < %d MiB on a %d MiB file' % (
        maxrss >> 10, LARGE_SCAN_MAXRSS >> 10, os.path.getsize(out) >> 20))


def shim_run(args):
    return run(args, env=SHIM_ENV, timeout=120)


PROGRAMS = {
    'kcapi-oneshot': [['', 'k'], ['abc', 'key'], ['x' * 1000, 'K' * 200]],
    'kcapi-stream': [['-', 'hello world', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512',
                      'hmac(sha256)',
                      'nosuch'],
                     ['secret', 'm' * 300, 'hmac(sha1)', 'hmac(sha256)', 'hmac(sha512)'],
                     ['K' * 150, '', 'hmac(sha384)', 'hmac(sha224)']],
    'kcapi-table': [['all', 'abc', 'key'], ['sha256', '']],
    # uapi headers that kernel-compat/ shares a name with (libkcrypto.pc)
    'kcapi-uapi-headers': [['abc'], ['']],
    'kcapi-cipher': [['password', 'salt', '1000', '32', 'attack at dawn!!' * 3],
                     ['pw', 'NaCl', '3', '16', 'seventeen bytes!!'],
                     ['', 's', '1', '24', 'x' * 100]],
}


def check_oracles(tap, name, argv, out):
    """Independent values for what the programs print."""
    lines = dict((ln.split(' ', 1)[0], ln.split(' ')) for ln in out.splitlines())
    bad = []
    if name == 'kcapi-cipher':
        pw, salt, it, kl, pt = argv[0].encode(), argv[1].encode(), int(argv[2]), int(argv[3]), \
            argv[4].encode()
        key = hashlib.pbkdf2_hmac('sha256', pw, salt, it, kl)
        want = {'pbkdf2-sha256': key.hex(),
                'pbkdf2-sha1': hashlib.pbkdf2_hmac('sha1', pw, salt, it, 20).hex(),
                'pbkdf2-sha512': hashlib.pbkdf2_hmac('sha512', pw, salt, it, 70).hex()}
        n = len(pt) - len(pt) % 16
        e = Cipher(algorithms.AES(key), modes.CBC(b'\0' * 16)).encryptor()
        want['cbc-enc'] = (e.update(pt[:n]) + e.finalize()).hex()
        want['cbc-dec'] = pt[:n].hex()
        e = Cipher(algorithms.AES(key), modes.CTR(b'\0' * 16)).encryptor()
        want['ctr-enc'] = (e.update(pt) + e.finalize()).hex()
        want['ctr-dec'] = pt.hex()
        bad = [(k, lines.get(k)) for k, v in want.items()
               if (lines.get(k) or ['', '', ''])[2] != v]
        bad += [] if lines.get('bad-key') == ['bad-key', str(-errno.EINVAL)] else ['bad-key']
    elif name == 'kcapi-stream':
        key = None if argv[0] == '-' else argv[0].encode()
        for alg in argv[2:]:
            h = alg[5:-1] if alg.startswith('hmac(') else alg
            if h not in hashlib.algorithms_available or (h != alg and key is None):
                continue
            d = hmac.new(key, argv[1].encode(), h).digest() if key else \
                hashlib.new(h, argv[1].encode()).digest()
            got = [ln.split() for ln in out.splitlines() if ln.startswith('final %s ' % alg)]
            if not got or got[0][3:] != [d.hex()]:
                bad.append(alg)
    elif name == 'kcapi-table':
        for ln in out.splitlines()[1:]:
            f = ln.split()
            if f[0].startswith('sha') and hashlib.new(f[0], argv[1].encode()).hexdigest() != f[2]:
                bad.append(f[0])
    elif name == 'kcapi-uapi-headers':
        if lines.get('sha256', ['', ''])[1] != hashlib.sha256(argv[0].encode()).hexdigest():
            bad.append('sha256')
    elif name == 'kcapi-oneshot':
        for h in ('sha1', 'sha224', 'sha256', 'sha384', 'sha512'):
            if lines.get(h, ['', '', ''])[2] != hashlib.new(h, argv[0].encode()).hexdigest():
                bad.append(h)
        for h in ('sha1', 'sha256', 'sha512'):
            if lines.get('hmac-' + h, ['', '', ''])[2] != hmac.new(
                    argv[1].encode(), argv[0].encode(), h).hexdigest():
                bad.append('hmac-' + h)
    return tap.ok(not bad, '%s %s: output agrees with hashlib/hmac/cryptography' % (
        name, ' '.join(a[:12] for a in argv[:3])), bad)


def test_rewrite(tap, inst, tmp):
    progs = os.path.join(HERE, 'programs')
    rw = os.path.join(tmp, 'rewritten')
    flags = inst.pkgconfig()
    for name, runs in PROGRAMS.items():
        src = os.path.join(progs, name + '.c')
        orig = os.path.join(tmp, name + '.orig')
        if not build(tap, orig, [src], ['-lkcapi'], '%s: original builds against libkcapi' % name):
            continue
        r = inst.migrate('rewrite', '-o', rw, src)
        tap.ok(r.returncode == 0 and 'imports no kcapi_* symbol' in r.stderr,
               '%s: rewrite succeeds and says it verified the result' % name, r.stderr)
        new = os.path.join(tmp, name + '.new')
        newsrc = os.path.join(rw, name + '.c')
        if not build(tap, new, [newsrc], flags + ['-Wall', '-Werror'],
                     '%s: rewritten source builds against the installed libkcrypto' % name):
            continue
        d = run(['readelf', '-d', '--dyn-syms', '-W', new]).stdout
        tap.ok('libkcapi' not in d and 'kcapi_' not in d,
               '%s: the rewritten binary imports nothing from libkcapi' % name)
        text = open(newsrc).read()
        if name == 'kcapi-table':
            tap.ok('"computed by kcapi_md_sha256() or kcapi_md_hmac_sha1("' in text and
                   '/* kcapi_md_sha256 ( in a comment */' in text and
                   '{ "sha256", kcrypto_md_sha256 }' in text,
                   'comments and strings untouched, the table rewritten')
        for argv in runs:
            a = shim_run([orig] + argv)
            b = run([new] + argv, timeout=120)
            tap.ok(a.returncode == 0 and b.returncode == 0 and a.stdout == b.stdout,
                   '%s %s: rewritten == original under the shim' % (
                       name, ' '.join(x[:12] for x in argv[:3])),
                   'original:\n%s\nrewritten:\n%s' % (a.stdout + a.stderr, b.stdout + b.stderr))
            check_oracles(tap, name, argv, b.stdout)
    r = inst.migrate('rewrite', '-o', rw, os.path.join(progs, 'raw-afalg.c'))
    tap.ok(r.returncode == 4 and 'raw-afalg.c:12: raw AF_ALG' in r.stderr,
           'raw AF_ALG socket code: exit 4, listed by line', r.stderr)
    r = inst.migrate('rewrite', '-o', rw, os.path.join(progs, 'kcapi-mixed.c'))
    text = open(os.path.join(rw, 'kcapi-mixed.c')).read()
    tap.ok(r.returncode == 3 and 'kcapi-mixed.c:13: kcapi_cipher_init not rewritten' in r.stderr
           and 'kcrypto_md_sha256(' in text and '#include <kcapi.h>' in text and
           'builds against libkcrypto' in r.stderr,
           'calls without an equivalent: exit 3, listed by line, kcapi.h kept', r.stderr)
    broken = os.path.join(tmp, 'broken.c')
    with open(broken, 'w') as f:
        f.write('#include <kcapi.h>\nint f(unsigned char *o) { return kcapi_md_sha1(o, 1, o, 20) '
                '+ undeclared_thing; }\n')
    r = inst.migrate('rewrite', '--in-place', broken)
    tap.ok(r.returncode == 5 and 'does not build' in r.stderr and
           'kcapi_md_sha1(' in open(broken).read(),
           'a result that does not build: exit 5, --in-place leaves the file alone', r.stderr)
    r = inst.migrate('rewrite', '-o', rw, os.path.join(HERE, 'corpus', 'inet-decoy.c'))
    tap.ok(r.returncode == 0 and 'nothing to rewrite' in r.stderr,
           'a file without libkcapi: nothing to rewrite, exit 0', r.stderr)


def main():
    tap = Tap()
    with tempfile.TemporaryDirectory() as tmp:
        inst = installed(tap, tmp)
        if inst is None:
            tap.done()
            return
        test_cli(tap, inst, tmp)
        test_plan(tap, inst, tmp)
        test_restrict(tap, inst, tmp)
        test_browser(tap, inst, tmp)
        test_rewrite(tap, inst, tmp)
        test_scan(tap, inst, tmp)
        test_scan_large(tap, inst, tmp)
    tap.done()


if __name__ == '__main__':
    main()
