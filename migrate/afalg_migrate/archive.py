# SPDX-License-Identifier: GPL-2.0
"""audit: a Debian archive's binary packages, scanned into a database.

The index (a Packages file) comes from a local mirror
(DIR/dists/SUITE/COMPONENT/binary-ARCH/Packages[.xz|.gz]), a Packages file
given as such, or an apt source line (apt's own list in
/var/lib/apt/lists, verified by apt-get update).  Each selected package is
one task, audit_package(): its .deb is read from the mirror or pool
directory or fetched through apt (apt-helper download-file, apt's own
fetcher and proxy settings), its size and SHA256 checked against the
index, and it is scanned in memory with scan.py's Scanner (nothing
unpacked to disk).  The tasks run in this process, in a pool of local
processes (-j) or on a Dask distributed cluster (--workers starts one
here, --scheduler joins a running one); in every case the results come
back to this process, the one writer of the database (auditdb.py), and
the second pass resolves the users through libraries and plugins across
packages from the database.
"""
import bz2
import concurrent.futures
import gzip
import hashlib
import lzma
import os
import socket
import subprocess
import sys
import time

from .common import EXIT_ERROR, Error, warn
from . import auditdb

APT_HELPER = '/usr/lib/apt/apt-helper'
APT_LISTS = '/var/lib/apt/lists'
INDEX_NAMES = ('Packages.xz', 'Packages.gz', 'Packages', 'Packages.bz2')
FIELDS = ('Package', 'Version', 'Architecture', 'Source', 'Filename', 'Size', 'SHA256')


def read_compressed(path):
    """A file's bytes, decompressed by its name (xz, gz, bz2; lz4 and zst,
    as apt stores its lists, through apt-helper cat-file)."""
    try:
        if path.endswith(('.lz4', '.zst')):
            if not os.path.exists(APT_HELPER):
                raise Error('%s: %s is needed to read this index' % (path, APT_HELPER))
            r = subprocess.run([APT_HELPER, 'cat-file', path], capture_output=True)
            if r.returncode:
                raise Error('%s: apt-helper cat-file: %s' % (
                    path, r.stderr.decode(errors='replace').strip()))
            return r.stdout
        with open(path, 'rb') as f:
            data = f.read()
        if path.endswith('.xz'):
            return lzma.decompress(data)
        if path.endswith('.gz'):
            return gzip.decompress(data)
        if path.endswith('.bz2'):
            return bz2.decompress(data)
        return data
    except OSError as e:
        raise Error('%s: %s' % (path, e.strerror or e)) from None
    except (EOFError, ValueError, lzma.LZMAError) as e:
        raise Error('%s: corrupt compressed index (%s)' % (path, e)) from None


def parse_packages(text, where):
    """The stanzas of a Packages index: dicts of the FIELDS they have."""
    out = []
    for n, stanza in enumerate(text.split('\n\n'), 1):
        fields, last = {}, None
        for line in stanza.splitlines():
            if line[:1] in (' ', '\t'):
                continue            # a continuation line (Description...)
            k, sep, v = line.partition(':')
            if not sep:
                raise Error('%s: stanza %d: not a Packages index line: %r' % (where, n, line))
            last = k
            if k in FIELDS:
                fields[k] = v.strip()
        if not fields and last is None:
            continue
        missing = [k for k in ('Package', 'Version', 'Architecture', 'Filename')
                   if k not in fields]
        if missing:
            raise Error('%s: stanza %d (%s): no %s field' % (
                where, n, fields.get('Package', '?'), ', '.join(missing)))
        out.append(fields)
    if not out:
        raise Error('%s: no packages in this index' % where)
    return out


def task_of(fields, fetch):
    src, _, sver = fields.get('Source', fields['Package']).partition(' ')
    try:
        size = int(fields['Size']) if 'Size' in fields else None
    except ValueError:
        raise Error('package %s: bad Size %r' % (fields['Package'], fields['Size'])) from None
    return {'package': fields['Package'], 'version': fields['Version'],
            'architecture': fields['Architecture'], 'source': src,
            'source_version': sver.strip('()') or fields['Version'],
            'filename': fields['Filename'], 'size': size,
            'sha256': fields.get('SHA256'), 'fetch': fetch}


def apt_list(uri, suite, component, arch):
    """apt's downloaded Packages list for a source, or None."""
    base = uri.split('://', 1)[-1].rstrip('/').replace('/', '_')
    stem = '%s_dists_%s_%s_binary-%s_Packages' % (base, suite.replace('/', '_'), component,
                                                   arch)
    for ext in ('', '.lz4', '.xz', '.gz', '.zst', '.bz2'):
        p = os.path.join(APT_LISTS, stem + ext)
        if os.path.isfile(p):
            return p
    return None


def parse_source_line(line):
    """(URI, suite, [components]) of a one-line apt source."""
    words = line.split()
    if words and words[0] == 'deb':
        words = words[1:]
    if words and words[0].startswith('['):       # [arch=amd64 signed-by=...]
        while words and not words[0].endswith(']'):
            words = words[1:]
        words = words[1:]
    if len(words) < 2 or '://' not in words[0]:
        raise Error('--source %r: not an apt source line ("deb URI SUITE COMPONENT...")' % line)
    return words[0].rstrip('/'), words[1], words[2:] or ['main']


def read_index(args):
    """(description, [task]) of every package the index lists."""
    if args.mirror:
        if not os.path.isdir(args.mirror):
            raise Error('--mirror %s: not a directory' % args.mirror)
        d = os.path.join(args.mirror, 'dists', args.suite, args.component,
                         'binary-' + args.arch)
        path = next((os.path.join(d, n) for n in INDEX_NAMES
                     if os.path.isfile(os.path.join(d, n))), None)
        if not path:
            raise Error('--mirror %s: no %s/Packages(.xz|.gz)' % (args.mirror, d))
        fetch = {'dir': os.path.abspath(args.mirror)}
    elif args.packages:
        path = args.packages
        if not args.pool:
            raise Error('--packages needs --pool (the directory or URL its Filename '
                        'fields are relative to)')
        fetch = {'url': args.pool.rstrip('/')} if '://' in args.pool else \
            {'dir': os.path.abspath(args.pool)}
        if 'dir' in fetch and not os.path.isdir(fetch['dir']):
            raise Error('--pool %s: not a directory' % args.pool)
    else:
        uri, suite, comps = parse_source_line(args.source)
        comp = args.component if args.component in comps else comps[0]
        path = apt_list(uri, suite, comp, args.arch)
        if not path:
            raise Error('--source: apt has no list for %s %s %s (binary-%s) in %s: add the '
                        'source to apt and run apt-get update' % (uri, suite, comp, args.arch,
                                                                  APT_LISTS))
        fetch = {'url': uri}
    if 'url' in fetch:
        fetch['cache'] = os.path.abspath(os.path.expanduser(args.cache))
    data = read_compressed(path)
    stanzas = parse_packages(data.decode('utf-8', 'replace'), path)
    return path, [task_of(s, fetch) for s in stanzas]


def select(tasks, only, sample):
    """The tasks of the packages named in only and a sample of sample others
    (the first by SHA-256 of the name: stable from run to run); all without
    either."""
    if not only and not sample:
        return tasks
    names = {t['package'] for t in tasks}
    missing = sorted(set(only) - names)
    if missing:
        warn('not in the index: ' + ', '.join(missing))
    pick = set(only) & names
    rest = sorted(names - pick, key=lambda n: hashlib.sha256(n.encode()).hexdigest())
    pick |= set(rest[:sample or 0])
    return [t for t in tasks if t['package'] in pick]


# -- one task: what runs on a worker ------------------------------------------

def fetch_deb(task):
    """The .deb's path, in the mirror directory or fetched through apt."""
    f = task['fetch']
    if 'dir' in f:
        return os.path.join(f['dir'], task['filename'])
    cache = f['cache']
    path = os.path.join(cache, os.path.basename(task['filename']))
    if not os.path.isfile(path):
        os.makedirs(cache, exist_ok=True)
        part = '%s.partial-%d' % (path, os.getpid())
        cmd = [APT_HELPER, 'download-file', '%s/%s' % (f['url'], task['filename']), part]
        if task.get('sha256'):
            cmd.append('SHA256:' + task['sha256'])
        try:
            os.chmod(cache, 0o777)      # apt's fetcher runs as _apt
        except OSError:
            pass
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode or not os.path.isfile(part):
            if os.path.exists(part):
                os.unlink(part)
            raise Error('apt-helper download-file %s: %s' % (
                task['filename'], (r.stderr.strip().splitlines() or ['failed'])[-1]))
        os.replace(part, path)
    return path


def verify(task, fh):
    """The open .deb against its index entry: size, then SHA256 a chunk at
    a time (never the whole package in memory)."""
    size = os.fstat(fh.fileno()).st_size
    if task.get('size') is not None and size != task['size']:
        raise Error('size mismatch: %d bytes, the index says %d: refused, not scanned' % (
            size, task['size']))
    if not task.get('sha256'):
        raise Error('no SHA256 in the index: refused, not scanned')
    h = hashlib.sha256()
    fh.seek(0)
    for chunk in iter(lambda: fh.read(1 << 20), b''):
        h.update(chunk)
    got = h.hexdigest()
    if got != task['sha256']:
        raise Error('SHA256 mismatch: %s, the index says %s: refused, not scanned' % (
            got, task['sha256']))


def audit_package(task):
    """Fetch, verify and scan one package in memory.  The same function on
    every engine; it never raises: a failure is the result's error."""
    from .elfscan import ElfError
    from .scan import Result, Scanner, is_deb
    t0 = time.monotonic()
    res = Result()
    error = None
    try:
        path = fetch_deb(task)
        name = os.path.basename(task['filename'])
        try:
            fh = open(path, 'rb')
        except OSError as e:
            raise Error('%s: %s' % (path, e.strerror)) from None
        with fh:
            verify(task, fh)
            fh.seek(0)
            if not is_deb(fh.read(21)):
                raise Error('not a Debian package (no debian-binary ar member)')
            Scanner(res).deb_file(name, fh, 0)
    except (Error, ElfError) as e:
        error = str(e)
    except Exception as e:          # one odd package never stops an audit
        error = 'not analysed (%s: %s)' % (type(e).__name__, e)
    if error:
        res = Result()
    return {'status': 'error' if error else 'done', 'error': error,
            'members': res.members, 'findings': res.findings, 'elfs': res.elfs,
            'errors': res.errors, 'seconds': round(time.monotonic() - t0, 3),
            'worker': '%s:%d' % (socket.gethostname(), os.getpid())}


# -- engines: each yields (task, result) as they complete ---------------------

def run_local(tasks, jobs):
    if jobs == 1:
        for t in tasks:
            yield t, audit_package(t)
        return
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(audit_package, t): t for t in tasks}
        for fut in concurrent.futures.as_completed(futs):
            yield futs[fut], lost(fut)


def lost(fut):
    """A future's result; a task whose worker died is an error result."""
    try:
        return fut.result()
    except Exception as e:
        return {'status': 'error', 'error': 'worker lost (%s: %s)' % (type(e).__name__, e),
                'members': 0, 'findings': [], 'elfs': [], 'errors': [], 'seconds': 0,
                'worker': None}


def run_dask(tasks, scheduler, workers):
    try:
        import logging
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise Error('--scheduler/--workers need Dask distributed: apt-get install '
                    'python3-distributed') from None
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout=30)
        else:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.ERROR)
            client = Client(cluster)
    except (OSError, TimeoutError) as e:
        raise Error('Dask scheduler %s: %s' % (scheduler or 'LocalCluster', e)) from None
    try:
        futs = client.map(audit_package, tasks, pure=False)
        by = {f.key: t for f, t in zip(futs, tasks)}
        for fut in as_completed(futs):
            yield by[fut.key], lost(fut)
            fut.release()
    finally:
        client.close()
        if cluster:
            cluster.close()


def summary(db, keys, counts, seconds, passtwo):
    keys = set(keys)
    st = {'done': 0, 'error': 0}
    for row in db.execute('SELECT package, version, architecture, status FROM packages'):
        if row[:3] in keys:
            st[row[3]] += 1
    lv = dict.fromkeys(auditdb.LEVELS, 0)
    pkgs, srcs = set(), set()
    for p, lvl, src in db.execute('SELECT u.package, u.confidence, p.source FROM users u '
                                  'JOIN packages p USING (package, version, architecture)'):
        lv[lvl] += 1
        pkgs.add(p)
        srcs.add(src)
    rate = counts['scanned'] / seconds * 60 if seconds else 0
    return st['error'], ('audit: %d packages selected, %d scanned, %d skipped (done at that version), '
            '%d failed (%d in this run); in the database: %s (%d through a library or plugin) in %d binary '
            'and %d source package(s) of the index; %d unresolved soname(s); %.1f s, %.0f packages/min\n' % (
                len(keys), counts['scanned'], counts['skipped'], st['error'], counts['failed'],
                ', '.join('%s %d' % kv for kv in lv.items()), passtwo[1], len(pkgs), len(srcs),
                passtwo[2], seconds, rate))


def cmd_audit(args):
    if args.scheduler and args.workers:
        raise Error('--scheduler and --workers: one engine only')
    db = auditdb.open_db(args.db)
    where, tasks = read_index(args)
    index_keys = [tuple(t[k] for k in auditdb.KEY) for t in tasks]
    tasks = select(tasks, [n for o in args.only or [] for n in o.split(',') if n],
                   args.sample)
    keys = [tuple(t[k] for k in auditdb.KEY) for t in tasks]
    done = auditdb.done_versions(db)
    todo = [t for t, k in zip(tasks, keys) if k not in done or
            (t['sha256'] and done[k] and done[k] != t['sha256'])]
    engine = 'dask' if args.scheduler or args.workers else 'local'
    jobs = args.jobs or os.cpu_count() or 1
    nworkers = args.workers or (None if args.scheduler else jobs)
    run_id = auditdb.start_run(db, where, engine, nworkers, len(tasks))
    counts = {'scanned': 0, 'skipped': len(tasks) - len(todo), 'failed': 0}
    tty = sys.stderr.isatty() and not args.quiet
    t0 = time.monotonic()
    results = run_dask(todo, args.scheduler, args.workers) if engine == 'dask' \
        else run_local(todo, jobs)
    for n, (task, res) in enumerate(results, 1):
        auditdb.write_package(db, task, res, run_id)
        counts['scanned'] += 1
        if res['status'] == 'error':
            counts['failed'] += 1
            if not args.quiet:
                warn('%s %s: %s' % (task['package'], task['version'], res['error']))
        if tty and (n % 10 == 0 or n == len(todo)):
            sys.stderr.write('\raudit: %d/%d packages, %d error(s)' % (
                n, len(todo), counts['failed']))
            sys.stderr.flush()
    if tty and todo:
        sys.stderr.write('\n')
    seconds = time.monotonic() - t0
    passtwo = auditdb.resolve(db, index_keys)
    auditdb.finish_run(db, run_id, counts['scanned'], counts['skipped'], counts['failed'],
                       seconds)
    failed, line = summary(db, keys, counts, seconds, passtwo)
    (sys.stderr if args.quiet else sys.stdout).write(line)
    db.close()
    return EXIT_ERROR if failed else 0


def default_cache():
    return os.path.join(os.environ.get('XDG_CACHE_HOME') or
                        os.path.join(os.path.expanduser('~'), '.cache'), 'afalg-migrate-debs')

