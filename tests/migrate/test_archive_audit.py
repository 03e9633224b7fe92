#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "migrate": afalg-migrate audit on a synthetic Debian archive, as installed.

The archive is built here: a library that opens AF_ALG sockets from one of
its two exported functions (package libafuser1, source afuser), two programs
linked against it in another package (afprog-bin, source afprog), one that
calls the AF_ALG function and one that calls only the other, a clean
package, their .deb files made with dpkg-deb from ELF files compiled with
cc, and a Packages index with their sizes and SHA256 (dpkg-scanpackages, or written here without dpkg-dev).

local:  the findings per binary and source package; the program's chain
        through the other package's library (pass 2, from the database), and
        the program that imports none of its AF_ALG entry points "possible"
        (the imports kept per ELF file, schema 2); a schema 1 database
        migrated in place and its packages scanned again, to the same rows;
        resume (a second run scans nothing); a corrupt .deb recorded as an
        error, then fixed and retried; a size or SHA256 mismatch refused;
        --packages with --pool gives the same database; plan --db; bad input.
dask:   the same archive through a Dask LocalCluster of 2 workers gives the
        same database contents (a canonical dump, timings left out); SKIP
        when python3-distributed is not installed (scripts/packages.txt).
The expected findings are what the test builds, never the tool's output.
"""
import hashlib
import json
import os
import shutil
import sqlite3

from kctest import run_tests
from test_migrate import PY, installed, one_line_error, run
from test_scan_audit import LIB_USER, PROG_CLEAN, PROG_LIB, cc

LIB_SRC = LIB_USER + 'int afuser_version(void) { return 3; }\n'
PROG_VERSION = 'int afuser_version(void);\nint main(void) { return afuser_version(); }\n'

SUITE = 'testing'
LIBDIR = '/usr/lib/x86_64-linux-gnu'
# Columns that change from run to run (afalg-migrate(1), AUDIT DATABASE).
VOLATILE = {'seconds', 'worker', 'run_id', 'scanned_at'}


def dump(path):
    """Every table but runs, rows sorted, volatile columns left out."""
    db = sqlite3.connect(path)
    out = []
    for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                           "name != 'runs' ORDER BY name"):
        cur = db.execute('SELECT * FROM "%s"' % t)
        cols = [c[0] for c in cur.description]
        keep = [i for i, c in enumerate(cols) if c not in VOLATILE]
        out.append((t, [cols[i] for i in keep],
                    sorted(json.dumps([r[i] for i in keep]) for r in cur)))
    db.close()
    return out


def query(path, sql, *args):
    db = sqlite3.connect(path)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


class Archive:
    """A mirror: pool/ with the .deb files, dists/SUITE/main/binary-amd64/Packages."""

    def __init__(self, tap, tmp, bins):
        self.tap, self.tmp, self.bins = tap, tmp, bins
        self.root = os.path.join(tmp, 'mirror')
        self.debs = {}          # package -> (path, control fields)

    def add(self, package, source, files, version='1.0'):
        root = os.path.join(self.tmp, 'debroot', package)
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(os.path.join(root, 'DEBIAN'))
        fields = {'Package': package, 'Source': source, 'Version': version,
                  'Architecture': 'amd64'}
        with open(os.path.join(root, 'DEBIAN', 'control'), 'w') as f:
            f.write(''.join('%s: %s\n' % kv for kv in fields.items()) +
                    'Maintainer: t <t@t>\nDescription: test\n test\n')
        for dest, src in files.items():
            os.makedirs(os.path.dirname(root + dest), exist_ok=True)
            shutil.copy(self.bins[src], root + dest)
        out = os.path.join(self.root, 'pool', 'main', source[0], source,
                           '%s_%s_amd64.deb' % (package, version))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        r = run(['dpkg-deb', '--root-owner-group', '-Zxz', '-b', root, out])
        self.tap.ok(r.returncode == 0, 'dpkg-deb builds %s' % package, r.stderr)
        self.debs[package] = (out, fields)
        return out

    def index(self):
        """Write the Packages index; returns its path."""
        d = os.path.join(self.root, 'dists', SUITE, 'main', 'binary-amd64')
        os.makedirs(d, exist_ok=True)
        path = os.path.join(d, 'Packages')
        if shutil.which('dpkg-scanpackages'):
            r = run(['dpkg-scanpackages', '--multiversion', 'pool', '/dev/null'],
                    cwd=self.root)
            text = r.stdout
        else:
            text = ''
            for p, (deb, fields) in sorted(self.debs.items()):
                data = open(deb, 'rb').read()
                text += ''.join('%s: %s\n' % kv for kv in fields.items())
                text += 'Filename: %s\nSize: %d\nSHA256: %s\n\n' % (
                    os.path.relpath(deb, self.root), len(data), hashlib.sha256(data).hexdigest())
        with open(path, 'w') as f:
            f.write(text)
        return path


def build(tap, tmp):
    b = os.path.join(tmp, 'bins')
    lib = os.path.join(b, 'libafuser.so.1')
    if not cc(tap, tmp, 'libafuser', LIB_SRC, lib,
              ['-shared', '-fPIC', '-Wl,-soname,libafuser.so.1']):
        return None
    bins = {'lib': lib}
    for name, src, flags in (('prog-lib', PROG_LIB, [lib]), ('prog-version', PROG_VERSION, [lib]),
                             ('prog-clean', PROG_CLEAN, [])):
        p = os.path.join(b, name)
        if not cc(tap, tmp, name, src, p, flags):
            return None
        bins[name] = p
    a = Archive(tap, tmp, bins)
    a.add('libafuser1', 'afuser', {LIBDIR + '/libafuser.so.1': 'lib'})
    a.add('afprog-bin', 'afprog', {'/usr/bin/prog-lib': 'prog-lib',
                                   '/usr/bin/prog-version': 'prog-version'})
    a.add('clean', 'clean', {'/usr/bin/prog-clean': 'prog-clean'})
    a.index()
    return a


def audit(inst, db, *args):
    return inst.migrate('audit', '--db', db, *args, '-q')


def test_options(tap, inst):
    r = inst.migrate('audit', '--help')
    words = ('--mirror', '--packages', '--source', '--pool', 'SHA256', '--workers',
             '--scheduler', 'second pass', 'plan --db')
    tap.ok(r.returncode == 0 and all(w in r.stdout for w in words),
           'audit --help says what it reads, checks and runs on',
           [w for w in words if w not in r.stdout])
    man = os.path.join(inst.mandir, 'man1', 'afalg-migrate.1')
    text = open(man).read() if os.path.exists(man) else ''
    words = ('AUDIT DATABASE', 'schema_version', 'dask scheduler', 'dask worker',
             'LocalCluster', 'source_users', 'SELECT')
    tap.ok(all(w in text for w in words),
           'the man page documents audit, its database, queries and both Dask modes',
           [w for w in words if w not in text])


def test_bad_input(tap, inst, tmp, a):
    db = os.path.join(tmp, 'bad.db')
    for args, word in ((['--mirror', os.path.join(tmp, 'nowhere')], 'not a directory'),
                       (['--mirror', a.root, '--suite', 'nosuite'], 'Packages'),
                       (['--packages', a.index()], '--pool')):
        r = audit(inst, db, *args)
        tap.ok(r.returncode == 1 and one_line_error(r) and word in r.stderr,
               'audit %s: one-line error, exit 1' % ' '.join(args[:1] + args[2:]), r.stderr)
    notdb = os.path.join(tmp, 'not-a-db')
    with open(notdb, 'w') as f:
        f.write('hello\n' * 100)
    r = audit(inst, notdb, '--mirror', a.root, '--suite', SUITE)
    tap.ok(r.returncode == 1 and one_line_error(r), 'a --db that is not a database: one-line '
           'error, exit 1', r.stderr)
    r = inst.migrate('audit', '--db', db, '--mirror', a.root, '--workers', '0')
    tap.ok(r.returncode == 2 and 'Traceback' not in r.stderr, 'audit --workers 0: usage error, '
           'exit 2', r.stderr)


def check_findings(tap, db):
    st = dict(query(db, 'SELECT package, status FROM packages'))
    tap.ok(st == {'libafuser1': 'done', 'afprog-bin': 'done', 'clean': 'done'},
           'every package scanned, status done', st)
    f = query(db, 'SELECT package, path, confidence, algorithms FROM findings')
    tap.ok(len(f) == 1 and f[0][:3] == ('libafuser1', LIBDIR + '/libafuser.so.1', 'certain') and
           {'type': None, 'alg': 'sha256'} in json.loads(f[0][3]),
           'the library: a certain finding of its own, with its algorithm', f)
    t = query(db, 'SELECT package, path, chain, library_package, library_path, confidence '
              'FROM through ORDER BY path')
    tap.ok(t[:1] == [('afprog-bin', '/usr/bin/prog-lib', 'libafuser.so.1', 'libafuser1',
                      LIBDIR + '/libafuser.so.1', 'certain')],
           'the program in another package: needs AF_ALG through that package\'s library', t)
    w = query(db, "SELECT confidence, why FROM through WHERE path = '/usr/bin/prog-version'")
    tap.ok(len(w) == 1 and w[0][0] == 'possible' and 'not called' in w[0][1] and
           'afuser_hash' in w[0][1],
           'the program that calls only the library\'s other function: possible, "AF_ALG code '
           'not called" (the entry-point check on the stored imports)', w)
    imp = query(db, "SELECT imports FROM elf_files WHERE path = '/usr/bin/prog-version'")
    tap.ok(len(imp) == 1 and 'afuser_version' in json.loads(imp[0][0] or '[]'),
           'elf_files keeps the imported functions', imp)
    u = query(db, 'SELECT package, path, transitive FROM users ORDER BY package, path')
    tap.ok(u == [('afprog-bin', '/usr/bin/prog-lib', 1), ('afprog-bin', '/usr/bin/prog-version', 1),
                 ('libafuser1', LIBDIR + '/libafuser.so.1', 0)],
           'users: the library and the programs; the clean package none', u)
    s = query(db, 'SELECT source, binaries, certain, possible, transitive FROM source_users '
              'ORDER BY source')
    tap.ok(s == [('afprog', 1, 1, 1, 2), ('afuser', 1, 1, 0, 0)], 'per source package', s)
    v = query(db, 'SELECT version FROM schema_version')
    tap.ok(v == [(2,)], 'the schema version table', v)


def test_local(tap, inst, tmp, a):
    db = os.path.join(tmp, 'local.db')
    r = audit(inst, db, '--mirror', a.root, '--suite', SUITE, '-j', '2')
    last = (r.stderr.strip().splitlines() or [''])[-1]
    tap.ok(r.returncode == 0 and last.startswith('audit: 3 packages selected, 3 scanned, '
                                                 '0 skipped'),
           'a local audit of the mirror: exit 0, the summary line', r.stderr)
    check_findings(tap, db)
    when = query(db, 'SELECT package, scanned_at, run_id FROM packages ORDER BY package')
    r = audit(inst, db, '--mirror', a.root, '--suite', SUITE)
    tap.ok(r.returncode == 0 and '0 scanned, 3 skipped' in r.stderr and
           when == query(db, 'SELECT package, scanned_at, run_id FROM packages '
                             'ORDER BY package') and
           query(db, 'SELECT scanned, skipped FROM runs ORDER BY id DESC LIMIT 1') == [(0, 3)],
           'resume: a second run scans nothing, the packages\' rows stay', r.stderr)
    check_findings(tap, db)
    test_migration(tap, inst, tmp, a, db)
    return db


def test_migration(tap, inst, tmp, a, db):
    """A copy of db taken back to schema 1 (its columns and version), then
    audited again: migrated in place, every package with ELF files scanned
    again (schema 1 kept no imports), the same rows as db."""
    old = os.path.join(tmp, 'schema1.db')
    shutil.copy(db, old)
    c = sqlite3.connect(old)
    with c:
        for table, col in (('elf_files', 'imports'), ('elf_files', 'call_args'),
                           ('findings', 'entries')):
            c.execute('ALTER TABLE %s DROP COLUMN %s' % (table, col))
        c.execute('UPDATE schema_version SET version = 1')
    c.close()
    r = audit(inst, old, '--mirror', a.root, '--suite', SUITE)
    tap.ok(r.returncode == 0 and '3 scanned, 0 skipped' in r.stderr and
           query(old, 'SELECT version FROM schema_version') == [(2,)] and dump(old) == dump(db),
           'a schema 1 database: migrated to 2, its packages scanned again, the same rows',
           r.stderr)


def test_errors(tap, inst, tmp, a, db):
    good = a.add('broken', 'broken', {'/usr/bin/prog-clean': 'prog-clean'})
    data = open(good, 'rb').read()
    with open(good, 'wb') as f:                 # data.tar.xz cut short
        f.write(data[:-300])
    a.index()
    r = audit(inst, db, '--mirror', a.root, '--suite', SUITE)
    row = query(db, "SELECT status, error FROM packages WHERE package = 'broken'")
    tap.ok(r.returncode == 1 and '1 scanned, 3 skipped' in r.stderr and row and
           row[0][0] == 'error' and 'data.tar' in (row[0][1] or ''),
           'a corrupt .deb: recorded as an error with the reason, exit 1', (r.stderr, row))
    a.add('broken', 'broken', {'/usr/bin/prog-clean': 'prog-clean'})
    a.index()
    r = audit(inst, db, '--mirror', a.root, '--suite', SUITE)
    row = query(db, "SELECT status, error FROM packages WHERE package = 'broken'")
    tap.ok(r.returncode == 0 and '1 scanned, 3 skipped' in r.stderr and
           row == [('done', None)], 'fixed: retried by the next run, done, exit 0',
           (r.stderr, row))
    # a .deb that is not what the index says: refused, not scanned
    deb = a.debs['libafuser1'][0]
    data = open(deb, 'rb').read()
    for what, bad in (('SHA256', data[:-1] + bytes([data[-1] ^ 1])), ('size', data + b'\0')):
        fresh = os.path.join(tmp, 'mismatch-%s.db' % what)
        with open(deb, 'wb') as f:
            f.write(bad)
        r = audit(inst, fresh, '--mirror', a.root, '--suite', SUITE, '--only', 'libafuser1')
        row = query(fresh, 'SELECT status, error, elf_files FROM packages')
        files = query(fresh, 'SELECT COUNT(*) FROM elf_files')
        tap.ok(r.returncode == 1 and len(row) == 1 and row[0][0] == 'error' and
               (what + ' mismatch') in row[0][1] and 'refused' in row[0][1] and
               files == [(0,)], 'a %s mismatch: refused, recorded, nothing scanned' % what,
               (row, r.stderr))
    with open(deb, 'wb') as f:
        f.write(data)


def test_pool(tap, inst, tmp, a, db):
    other = os.path.join(tmp, 'pool.db')
    r = audit(inst, other, '--packages', a.index(), '--pool', a.root)
    tap.ok(r.returncode == 0 and dump(other) == dump(db),
           '--packages with --pool DIR: the same database as --mirror', r.stderr)
    r = inst.migrate('plan', '--db', db, '--no-shim', '--format', 'json')
    progs = {p['exe']: p for p in json.loads(r.stdout or '{}').get('programs', [])}
    p = progs.get('/usr/bin/prog-lib', {})
    tap.ok(r.returncode == 0 and p.get('package') == 'afprog-bin' and
           p.get('through') == ['libafuser.so.1'] and
           [u['alg'] for u in p.get('uses', [])] == ['sha256'],
           'plan --db: the program, its package, its chain and the library\'s algorithm', p)


def test_dask(tap, inst, tmp, a, db):
    r = run([PY, '-c', 'import distributed'])
    if r.returncode:
        for what in ('runs the audit', 'same database as the local run'):
            tap.skip('Dask LocalCluster of 2 workers ' + what,
                     'python3-distributed is not installed (scripts/bootstrap installs it)')
        return
    local = os.path.join(tmp, 'fresh-local.db')
    dask = os.path.join(tmp, 'dask.db')
    audit(inst, local, '--mirror', a.root, '--suite', SUITE, '-j', '2')
    r = audit(inst, dask, '--mirror', a.root, '--suite', SUITE, '--workers', '2')
    workers = query(dask, 'SELECT DISTINCT worker FROM packages')
    tap.ok(r.returncode == 0 and 'audit: 4 packages selected, 4 scanned' in r.stderr and
           query(dask, 'SELECT engine, workers FROM runs') == [('dask', 2)],
           'Dask LocalCluster of 2 workers runs the audit', (r.stderr[-600:], workers))
    tap.ok(dump(dask) == dump(local) == dump(db),
           'Dask: the same database contents as the local run (and as the resumed one)')


def main():
    def with_inst(tap, tmp):
        inst = installed(tap, tmp)
        if inst is None:
            return
        test_options(tap, inst)
        if shutil.which('dpkg-deb') is None:
            tap.skip('the synthetic archive', 'dpkg-deb is not installed')
            return
        a = build(tap, tmp)
        if a is None:
            return
        test_bad_input(tap, inst, tmp, a)
        db = test_local(tap, inst, tmp, a)
        test_errors(tap, inst, tmp, a, db)
        test_pool(tap, inst, tmp, a, db)
        test_dask(tap, inst, tmp, a, db)
    run_tests(with_inst, tmp_prefix='kctest-archive-audit-')


if __name__ == '__main__':
    main()
