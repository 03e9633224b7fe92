# SPDX-License-Identifier: GPL-2.0
"""The audit database: what `afalg-migrate audit` found, in SQLite.

Schema version 2 (afalg-migrate(1), AUDIT DATABASE).  Pass 1 writes one
row per binary package (package, version, architecture) with its status,
and per package its ELF files (soname, DT_NEEDED, run path, imported
functions, the string constants passed to the selectors of plugins.json's
argument rules) and its own findings (with a library's AF_ALG entry
points); a package is written whole in one transaction, so an interrupted
audit resumes where it stopped.  Pass 2 (resolve()) reads the ELF files of
the audited packages back and adds the users through libraries and plugins
of other packages (links.py, with the same entry-point and argument checks
as scan), without rescanning: tables users, through and unresolved.

A version 1 database is migrated in place when opened (MIGRATIONS): the
new columns are added, empty; its packages have no imports recorded, so
done_versions() does not count them as done and the next audit scans them
again.
"""
import copy
import json
import os
import sqlite3
import time

from .common import Error

DB_SCHEMA_VERSION = 2
# From version N to N + 1: statements run in one transaction when an older
# database is opened.
MIGRATIONS = {
    1: ('ALTER TABLE elf_files ADD COLUMN imports TEXT',
        'ALTER TABLE elf_files ADD COLUMN call_args TEXT',
        'ALTER TABLE findings ADD COLUMN entries TEXT'),
}
LEVELS = ('certain', 'probable', 'possible')
KEY = ('package', 'version', 'architecture')

SCHEMA = '''
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY, started TEXT, finished TEXT, index_source TEXT,
  engine TEXT, workers INTEGER, selected INTEGER, scanned INTEGER,
  skipped INTEGER, failed INTEGER, seconds REAL);
CREATE TABLE IF NOT EXISTS packages (
  package TEXT NOT NULL, version TEXT NOT NULL, architecture TEXT NOT NULL,
  source TEXT, source_version TEXT, filename TEXT, size INTEGER, sha256 TEXT,
  status TEXT NOT NULL CHECK (status IN ('done', 'error')), error TEXT,
  members INTEGER, elf_files INTEGER, member_errors TEXT, seconds REAL,
  worker TEXT, run_id INTEGER, scanned_at TEXT,
  PRIMARY KEY (package, version, architecture));
CREATE INDEX IF NOT EXISTS packages_source ON packages (source);
CREATE TABLE IF NOT EXISTS elf_files (
  package TEXT NOT NULL, version TEXT NOT NULL, architecture TEXT NOT NULL,
  path TEXT NOT NULL, soname TEXT, type INTEGER, abi TEXT, needed TEXT, runpath TEXT,
  imports TEXT, call_args TEXT,
  PRIMARY KEY (package, version, architecture, path));
CREATE INDEX IF NOT EXISTS elf_files_soname ON elf_files (soname);
CREATE TABLE IF NOT EXISTS findings (
  package TEXT NOT NULL, version TEXT NOT NULL, architecture TEXT NOT NULL,
  path TEXT NOT NULL, kind TEXT, confidence TEXT, static INTEGER,
  algorithms TEXT, evidence TEXT, entries TEXT,
  PRIMARY KEY (package, version, architecture, path));
CREATE TABLE IF NOT EXISTS users (
  package TEXT NOT NULL, version TEXT NOT NULL, architecture TEXT NOT NULL,
  path TEXT NOT NULL, kind TEXT, confidence TEXT, transitive INTEGER,
  algorithms TEXT, evidence TEXT,
  PRIMARY KEY (package, version, architecture, path));
CREATE TABLE IF NOT EXISTS through (
  package TEXT NOT NULL, version TEXT NOT NULL, architecture TEXT NOT NULL,
  path TEXT NOT NULL, chain TEXT NOT NULL, library_package TEXT, library_path TEXT,
  confidence TEXT, why TEXT);
CREATE INDEX IF NOT EXISTS through_file ON through (package, path);
CREATE TABLE IF NOT EXISTS unresolved (
  package TEXT NOT NULL, version TEXT NOT NULL, architecture TEXT NOT NULL,
  path TEXT NOT NULL, soname TEXT NOT NULL);
CREATE VIEW IF NOT EXISTS soname_providers AS
  SELECT soname, package, version, architecture, path FROM elf_files
  WHERE soname IS NOT NULL;
CREATE VIEW IF NOT EXISTS source_users AS
  SELECT p.source AS source, COUNT(DISTINCT u.package) AS binaries,
         SUM(u.confidence = 'certain') AS certain, SUM(u.confidence = 'probable') AS probable,
         SUM(u.confidence = 'possible') AS possible, SUM(u.transitive) AS transitive
  FROM users u JOIN packages p USING (package, version, architecture)
  GROUP BY p.source;
'''
# Tables rewritten per package (pass 1) and per audit (pass 2).
PACKAGE_TABLES = ('elf_files', 'findings')
RESOLVED_TABLES = ('users', 'through', 'unresolved')
# Columns that differ from run to run; canonical_dump() leaves them out.
VOLATILE = {'seconds', 'worker', 'run_id', 'scanned_at'}


def now():
    return time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())


def open_db(path, create=True):
    """The database at path, created with the schema when new; a database of
    another schema version, or a file that is not one, is an Error."""
    if not create and not os.path.isfile(path):
        raise Error('%s: No such file (an afalg-migrate audit database)' % path)
    try:
        db = sqlite3.connect(path, timeout=60)
        db.execute('PRAGMA journal_mode=WAL')
        db.execute('PRAGMA synchronous=NORMAL')
        have = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if 'schema_version' in have:
            v = db.execute('SELECT version FROM schema_version').fetchone()
            if v and v[0] in MIGRATIONS and v[0] < DB_SCHEMA_VERSION:
                migrate(db, v[0])
                v = (DB_SCHEMA_VERSION,)
            if not v or v[0] != DB_SCHEMA_VERSION:
                raise Error('%s: audit database schema version %s, this afalg-migrate reads '
                            'version %d' % (path, v and v[0], DB_SCHEMA_VERSION))
        elif have:
            raise Error('%s: an SQLite database, but not an afalg-migrate audit database'
                        % path)
        elif not create:
            raise Error('%s: an empty database, not an afalg-migrate audit database' % path)
        with db:
            db.executescript(SCHEMA)
            if 'schema_version' not in have:
                db.execute('INSERT INTO schema_version VALUES (?)', (DB_SCHEMA_VERSION,))
    except sqlite3.DatabaseError as e:
        raise Error('%s: %s' % (path, e)) from None
    return db


def migrate(db, version):
    """Bring a database of an older schema version to DB_SCHEMA_VERSION,
    one version at a time, each in one transaction."""
    while version < DB_SCHEMA_VERSION:
        with db:
            for sql in MIGRATIONS[version]:
                db.execute(sql)
            version += 1
            db.execute('UPDATE schema_version SET version = ?', (version,))


def done_versions(db):
    """{(package, version, architecture): sha256} of the packages scanned
    without error (these are skipped when the index has the same sha256),
    less those written by an older schema (an ELF file without imports)."""
    return {(p, v, a): s for p, v, a, s in db.execute(
        "SELECT package, version, architecture, sha256 FROM packages p WHERE status = 'done' "
        "AND NOT EXISTS (SELECT 1 FROM elf_files e WHERE e.package = p.package AND "
        "e.version = p.version AND e.architecture = p.architecture AND e.imports IS NULL)")}


def start_run(db, index_source, engine, workers, selected):
    with db:
        cur = db.execute('INSERT INTO runs (started, index_source, engine, workers, selected) '
                         'VALUES (?, ?, ?, ?, ?)', (now(), index_source, engine, workers, selected))
    return cur.lastrowid


def finish_run(db, run_id, scanned, skipped, failed, seconds):
    with db:
        db.execute('UPDATE runs SET finished = ?, scanned = ?, skipped = ?, failed = ?, '
                   'seconds = ? WHERE id = ?',
                   (now(), scanned, skipped, failed, seconds, run_id))


def write_package(db, task, res, run_id):
    """Pass 1: one package's result (archive.audit_package()), replacing what
    an earlier run wrote for the same (package, version, architecture)."""
    key = tuple(task[k] for k in KEY)
    with db:
        for t in PACKAGE_TABLES:
            db.execute('DELETE FROM %s WHERE package = ? AND version = ? AND architecture = ?'
                       % t, key)
        db.execute('INSERT OR REPLACE INTO packages VALUES '
                   '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
                   key + (task.get('source'), task.get('source_version'), task.get('filename'),
                          task.get('size'), task.get('sha256'), res['status'], res['error'],
                          res['members'], len(res['elfs']), json.dumps(res['errors']),
                          res['seconds'], res['worker'], run_id, now()))
        db.executemany('INSERT OR REPLACE INTO elf_files VALUES '
                       '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
                           key + (e['installed'], e['links']['soname'], e['links']['type'],
                                  json.dumps(e['links']['abi']), json.dumps(e['links']['needed']),
                                  json.dumps(e['links']['runpath']),
                                  json.dumps(e['links']['imports']),
                                  json.dumps(e['links'].get('call_args') or {}))
                           for e in res['elfs']])
        db.executemany('INSERT OR REPLACE INTO findings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
            key + (f['installed_path'], f['kind'], f['confidence'], int(bool(f.get('static'))),
                   json.dumps(f['algorithms']), json.dumps(f['evidence']),
                   json.dumps(f['entries']) if 'entries' in f else None)
            for f in res['findings']])


def _node(key, path):
    return '%s:%s' % (key[0], path)


def resolve(db, keys):
    """Pass 2 over the packages keys (all those of the index just audited,
    selected or not; those scanned without error take part): the
    users through DT_NEEDED and plugins across packages, from the stored ELF
    files (no rescan; nothing of this machine's own libraries is used).
    Rewrites the tables users, through and unresolved; returns
    (users, transitive users, unresolved sonames)."""
    from .links import add_transitive
    keys = set(keys)
    done = {k for k in done_versions(db) if k in keys}
    elfs, findings, where = [], [], {}

    def rows(table, cols):
        """(key, node, columns) of the table's rows of the done packages."""
        for row in db.execute('SELECT package, version, architecture, path, %s FROM %s '
                              'ORDER BY package, architecture, version, path' % (cols, table)):
            if row[:3] in done:
                node = _node(row[:3], row[3])
                where.setdefault(node, row[:3])
                yield row[:3], node, row[4:]
    for key, node, c in rows('elf_files',
                             'soname, type, abi, needed, runpath, imports, call_args'):
        # imports None (not recorded): links.py then makes no entry-point check
        elfs.append({'path': node, 'installed': node[len(key[0]) + 1:], 'package': key[0],
                     'links': {'soname': c[0], 'type': c[1], 'abi': tuple(json.loads(c[2])),
                               'needed': json.loads(c[3]), 'runpath': json.loads(c[4]),
                               'imports': json.loads(c[5]) if c[5] else None,
                               'call_args': json.loads(c[6]) if c[6] else {}}})
    for key, node, c in rows('findings',
                             'kind, confidence, static, algorithms, evidence, entries'):
        f = {'path': node, 'kind': c[0], 'confidence': c[1], 'static': bool(c[2]),
             'algorithms': json.loads(c[3]), 'evidence': json.loads(c[4]),
             'package': key[0], 'installed_path': node[len(key[0]) + 1:]}
        if c[5]:
            f['entries'] = json.loads(c[5])
        findings.append(f)
    direct = {f['path'] for f in findings}
    merged = copy.deepcopy(findings)
    unresolved = add_transitive(merged, elfs, None)

    def split(node):
        key = where[node]
        return key, node[len(key[0]) + 1:]
    with db:
        for t in RESOLVED_TABLES:
            db.execute('DELETE FROM %s' % t)
        ntrans = 0
        for f in merged:
            key, path = split(f['path'])
            trans = bool(f.get('through'))
            ntrans += trans
            db.execute('INSERT OR REPLACE INTO users VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
                       key + (path, f['kind'], f['confidence'], int(trans),
                              json.dumps(f['algorithms']), json.dumps(f['evidence'])))
            whys = [e['why'] for e in f['evidence'] if e.get('through')]
            for i, t in enumerate(f.get('through', [])):
                lib = split(t['library']) if t['library'] else (None, None)
                db.execute('INSERT INTO through VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
                           key + (path, ' -> '.join(t['chain']),
                                  lib[0][0] if lib[0] else None, lib[1], t['confidence'],
                                  whys[i] if i < len(whys) else None))
        for soname, nodes in unresolved.items():
            for n in nodes:
                key, path = split(n)
                db.execute('INSERT INTO unresolved VALUES (?, ?, ?, ?, ?)',
                           key + (path, soname))
    assert direct <= {f['path'] for f in merged}
    return len(merged), ntrans, len(unresolved)


def read_db(path):
    """The users of an audit database as a scan (schema afalg-migrate-scan)
    that plan reads: one finding per file, its path the installed path."""
    db = open_db(path, create=False)
    chains = {}
    for row in db.execute('SELECT package, version, architecture, path, chain, '
                          'library_package, library_path, confidence FROM through'):
        chains.setdefault(row[:4], []).append({
            'chain': row[4].split(' -> '), 'confidence': row[7],
            'library': row[5] and '%s:%s' % (row[5], row[6])})
    findings = []
    for row in db.execute('SELECT package, version, architecture, path, kind, confidence, '
                          'algorithms, evidence FROM users ORDER BY package, path'):
        f = {'path': row[3], 'kind': row[4], 'confidence': row[5], 'package': row[0],
             'version': row[1], 'architecture': row[2], 'installed_path': row[3],
             'algorithms': json.loads(row[6]), 'evidence': json.loads(row[7])}
        if row[:4] in chains:
            f['through'] = chains[row[:4]]
        findings.append(f)
    errors = ['%s %s %s: %s' % r for r in db.execute(
        "SELECT package, version, architecture, error FROM packages WHERE status = 'error'")]
    db.close()
    return {'schema': 'afalg-migrate-scan', 'schema_version': 3, 'host': 'archive',
            'database': path, 'findings': findings, 'errors': errors}


def canonical_dump(db):
    """Every table's rows, sorted, without the columns that change from run
    to run (timings, worker, run): equal for equal audits, whatever ran them."""
    out = []
    for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                           "name NOT IN ('runs', 'sqlite_sequence') ORDER BY name"):
        cur = db.execute('SELECT * FROM %s' % t)
        cols = [c[0] for c in cur.description]
        keep = [i for i, c in enumerate(cols) if c not in VOLATILE]
        out.append('[%s] %s' % (t, ' '.join(cols[i] for i in keep)))
        out += sorted(json.dumps([r[i] for i in keep]) for r in cur)
    return '\n'.join(out) + '\n'
