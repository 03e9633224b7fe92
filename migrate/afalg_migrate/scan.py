# SPDX-License-Identifier: GPL-2.0
"""scan: find AF_ALG users in files and trees (ELF objects and sources).

Each file is read once; files are examined in parallel; on a terminal a
progress line is kept on stderr.  Debian packages (.deb), static archives
(.a), tar archives and gzip/bzip2/xz/lzma/zstd compressed files are read
in memory, member by member (an ELF member whose PLT must be read is
handed to objdump as a memfd).  Then links.py adds the files that load a
user through DT_NEEDED or a known plugin.  Every run ends with a summary
line; anything that could not be read or analysed is listed under
"errors" and makes the exit status 1.
"""
import bz2
import concurrent.futures
import gzip
import io
import json
import lzma
import mmap
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import zlib

from .common import EXIT_ERROR, Error, warn, write_out
from .elfscan import ElfError, scan_elf
from . import srcscan
from .srcscan import language, scan_source

LEVELS = ('certain', 'probable', 'possible')
SCAN_SCHEMA_VERSION = 3
AR_MAGIC = b'!<arch>\n'
COMPRESSED = ((b'\x1f\x8b', 'gzip', '.gz'), (b'BZh', 'bzip2', '.bz2'),
              (b'\xfd7zXZ\x00', 'xz', '.xz'), (b'\x28\xb5\x2f\xfd', 'zstd', '.zst'))
MAX_DEPTH = 4           # archive in compressed file in package...


def walk(roots, errors):
    """Files under roots.  A root that does not exist, a dangling link or a
    link loop is a fatal error; a directory that cannot be read inside a tree
    goes to errors (what is in it would be missed)."""
    for root in roots:
        if not os.path.lexists(root):
            raise Error('%s: No such file or directory' % root)
        try:
            os.stat(root)
        except OSError as e:
            if os.path.islink(root) and e.errno == 2:
                raise Error('%s: dangling symbolic link (to %s)' % (root, os.readlink(root)))
            raise Error('%s: %s' % (root, e.strerror)) from None

    def unreadable(e):
        errors.append('%s: %s (directory not scanned: an AF_ALG user in it would be '
                      'missed)' % (e.filename, e.strerror))
    for root in roots:
        if os.path.isdir(root):
            for d, dirs, files in os.walk(root, onerror=unreadable):
                dirs[:] = sorted(x for x in dirs if not x.startswith('.'))
                for f in sorted(files):
                    yield os.path.join(d, f)
        else:
            yield os.path.realpath(root) if os.path.islink(root) else root


class Result:
    """What one file (and its members, for an archive) gave."""

    def __init__(self):
        self.findings, self.errors, self.elfs, self.members = [], [], [], 0


def classify(name, head):
    if head[:4] == b'\x7fELF':
        return 'elf'
    if head[:8] == AR_MAGIC:
        return 'ar'
    for magic, kind, _ in COMPRESSED:
        if head.startswith(magic):
            return kind
    if name.endswith('.lzma'):
        return 'lzma'
    if head[257:262] == b'ustar':
        return 'tar'
    return 'source' if language(name, head) else None


def decompress(kind, data):
    if kind == 'gzip':
        return gzip.decompress(data)
    if kind == 'bzip2':
        return bz2.decompress(data)
    if kind in ('xz', 'lzma'):
        return lzma.decompress(data, lzma.FORMAT_XZ if kind == 'xz' else lzma.FORMAT_ALONE)
    if not shutil.which('zstd'):
        raise Error('zstd compressed, and the zstd command is not installed')
    r = subprocess.run(['zstd', '-dcq'], input=data, capture_output=True)
    if r.returncode:
        raise Error('zstd: ' + r.stderr.decode(errors='replace').strip())
    return r.stdout


def inner_name(name, kind):
    for _, k, ext in COMPRESSED + ((b'', 'lzma', '.lzma'),):
        if k == kind and name.endswith(ext):
            return name[:-len(ext)]
    return name[:-4] + '.tar' if name.endswith(('.tgz', '.tbz', '.txz')) else name


def ar_members(data, where):
    """(name, bytes) of an ar archive (System V/GNU long names)."""
    o, longnames = 8, b''
    while o + 60 <= len(data):
        hdr = data[o:o + 60]
        if hdr[58:60] != b'`\n':
            raise Error('%s: bad ar member header at offset %d' % (where, o))
        name, size = hdr[:16].decode('latin-1').rstrip(), int(hdr[48:58])
        body = data[o + 60:o + 60 + size]
        if len(body) < size:
            raise Error('%s: ar member %s truncated' % (where, name))
        o += 60 + size + (size & 1)
        if name == '//':
            longnames = body
            continue
        if name in ('/', '/SYM64/'):
            continue
        if name.startswith('/') and name[1:].isdigit():
            k = int(name[1:])
            name = longnames[k:longnames.find(b'/\n', k)].decode('latin-1')
        yield name.rstrip('/'), body


def deb_control(data):
    """The Package, Version and Architecture of a control.tar.* member."""
    fields = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode='r:') as t:
        for m in t:
            if m.isfile() and os.path.basename(m.name) == 'control':
                for line in t.extractfile(m).read().decode('utf-8', 'replace').splitlines():
                    k, _, v = line.partition(':')
                    if k in ('Package', 'Version', 'Architecture'):
                        fields[k.lower()] = v.strip()
    return fields


class Scanner:
    def __init__(self, res):
        self.res = res

    def data(self, display, name, installed, data, objfile=None, depth=0, pkg=None):
        """Scan bytes already in memory; display is the path shown, name the
        file name that tells a source's language, installed where the file
        lives once installed (for DT_NEEDED and the plugin table)."""
        kind = classify(name, data[:4096])
        if kind is None:
            return
        if depth > MAX_DEPTH and kind not in ('elf', 'source'):
            self.res.errors.append('%s: archives nested too deep, not scanned' % display)
            return
        if kind == 'elf':
            if objfile is None:
                fd = os.memfd_create('afalg-migrate-member')
                try:
                    os.write(fd, data)
                    f, links = scan_elf(display, data, fd)
                finally:
                    os.close(fd)
            else:
                f, links = scan_elf(display, data, objfile)
            if installed is not None:
                self.res.elfs.append({'path': display, 'installed': installed,
                                      'links': links, 'package': (pkg or {}).get('package')})
        elif kind == 'source':
            # a Debian package's script runs what Debian ships
            f = scan_source(name, data, 'debian' if pkg else None)
            if f:
                f['path'] = display
        elif kind == 'ar':
            return self.ar(display, data, depth)
        elif kind == 'tar':
            return self.tar(display, data, depth, pkg)
        else:
            try:
                inner = decompress(kind, data)
            except (OSError, EOFError, ValueError, lzma.LZMAError, zlib.error) as e:
                raise Error('corrupt %s data (%s)' % (kind, e)) from None
            return self.data(display, inner_name(name, kind), installed, inner,
                             depth=depth + 1, pkg=pkg)
        if f:
            if pkg:
                f['package'] = pkg.get('package')
                f['installed_path'] = installed
            self.res.findings.append(f)

    def member(self, display, name, installed, data, depth, pkg=None):
        self.res.members += 1
        try:
            self.data(display, name, installed, data, depth=depth + 1, pkg=pkg)
        except (Error, ElfError) as e:
            self.res.errors.append('%s: %s' % (display, e))

    def ar(self, display, data, depth):
        members = list(ar_members(data, display))
        if members and members[0][0] == 'debian-binary':
            return self.deb(display, members, depth)
        for name, body in members:     # a static library: its objects
            self.member('%s(%s)' % (display, name), name, None, body, depth)

    def deb(self, display, members, depth):
        by = dict(members)
        ctl = next((n for n in by if n.startswith('control.tar')), None)
        dat = next((n for n in by if n.startswith('data.tar')), None)
        if not ctl or not dat:
            raise Error('Debian package without control.tar or data.tar')

        def untar(n):
            ext = n[len('control.tar'):] if n.startswith('control') else n[len('data.tar'):]
            kind = {'': None, '.gz': 'gzip', '.xz': 'xz', '.zst': 'zstd', '.bz2': 'bzip2',
                    '.lzma': 'lzma'}.get(ext, 'unknown')
            if kind == 'unknown':
                raise Error('member %s: unknown compression' % n)
            try:
                return decompress(kind, by[n]) if kind else by[n]
            except (OSError, EOFError, ValueError, lzma.LZMAError, zlib.error) as e:
                raise Error('member %s: corrupt %s data (%s)' % (n, kind, e)) from None
        pkg = deb_control(untar(ctl))
        self.tar(display, untar(dat), depth, pkg)

    def tar(self, display, data, depth, pkg=None):
        try:
            with tarfile.open(fileobj=io.BytesIO(data), mode='r:') as t:
                for m in t:
                    if not m.isfile():
                        continue
                    path = '/' + os.path.normpath(m.name).lstrip('/')
                    self.member('%s:%s' % (display, path), path, path,
                                t.extractfile(m).read(), depth, pkg)
        except tarfile.TarError as e:
            raise Error('corrupt tar archive (%s)' % e) from None


def scan_one(path):
    """A Result for one file (read once; an archive member by member)."""
    res = Result()
    try:
        # Links inside a tree are skipped (their target is in the tree or
        # is not ours to judge); a path given on the command line is followed.
        if os.path.islink(path) or not os.path.isfile(path):
            return res
        with open(path, 'rb') as f:
            head = f.read(4096)
            # Only ELF objects, archives, compressed files and sources of a
            # known language are read whole; an ELF object is mapped, and
            # elfscan searches it a chunk at a time.
            if not classify(path, head):
                return res
            if head[:4] == b'\x7fELF' and len(head) == 4096:
                data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            else:
                data = head + f.read()
    except OSError as e:
        res.errors.append('%s: %s' % (path, e.strerror))
        return res
    try:
        Scanner(res).data(path, path, path, data, objfile=path)
    except ElfError as e:
        res.errors.append('%s: corrupt ELF file: %s' % (path, e))
    except Error as e:
        res.errors.append('%s: %s' % (path, e))
    except Exception as e:      # one odd file never stops a tree scan
        res.errors.append('%s: not analysed (%s: %s)' % (path, type(e).__name__, e))
    finally:
        if isinstance(data, mmap.mmap):
            data.close()
    return res


def summary(out, all_findings):
    by = {lvl: sum(1 for f in all_findings if f['confidence'] == lvl) for lvl in LEVELS}
    trans = sum(1 for f in all_findings if f.get('through'))
    return ('scan: %d files (%d archive members), findings: %s (listed: %s and above; '
            '%d through a library or plugin), %d unresolved soname(s), %d error(s)\n' % (
                out['files'], out['archive_members'],
                ', '.join('%s %d' % (lvl, n) for lvl, n in by.items()), out['level'], trans,
                len(out['unresolved']), len(out['errors'])))


def host_distribution(path='/etc/os-release'):
    """The distribution family of this machine (ID, else a known ID_LIKE),
    which decides the kcapi tools a script can run; None when unknown."""
    try:
        fields = dict(ln.split('=', 1) for ln in open(path).read().splitlines() if '=' in ln)
    except OSError:
        return None
    ids = [fields.get('ID', '').strip('"')] + fields.get('ID_LIKE', '').strip('"').split()
    return next((i for i in ids if i in srcscan.SHIPPED), None)


def cmd_scan(args):
    from .links import add_transitive
    srcscan.DISTRIBUTION = None if args.distribution == 'any' else \
        args.distribution or host_distribution()
    errors = []
    paths = list(walk(args.paths, errors))
    tty = sys.stderr.isatty() and not args.quiet
    findings, elfs, members = [], [], 0
    jobs = args.jobs or os.cpu_count() or 1
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for n, res in enumerate(ex.map(scan_one, paths), 1):
            findings += res.findings
            errors += res.errors
            elfs += res.elfs
            members += res.members
            if tty and (n % 50 == 0 or n == len(paths)):
                sys.stderr.write('\rscan: %d/%d files, %d finding(s)' % (
                    n, len(paths), len(findings)))
                sys.stderr.flush()
    if tty:
        sys.stderr.write('\n')
    unresolved = add_transitive(findings, elfs, scan_one, jobs)
    for e in errors:
        warn(e)
    keep = LEVELS[:LEVELS.index(args.level) + 1]
    shown = [f for f in findings if f['confidence'] in keep]
    out = {'schema': 'afalg-migrate-scan', 'schema_version': SCAN_SCHEMA_VERSION,
           'host': socket.gethostname(), 'level': args.level, 'files': len(paths),
           'archive_members': members, 'errors': errors, 'unresolved': unresolved,
           'findings': shown}
    if args.output:
        write_out(json.dumps(out, indent=2) + '\n', args.output)
    stream = sys.stderr if args.quiet or (args.output in (None, '-') and args.json) \
        else sys.stdout
    if not args.quiet:
        for f in shown:
            stream.write('%-8s %-14s %s\n' % (f['confidence'], f['kind'], f['path']))
            for e in f['evidence'][:3]:
                stream.write('    %s\n' % e['why'])
    if args.json and not args.output:
        write_out(json.dumps(out, indent=2) + '\n', None)
    stream.write(summary(out, findings))
    return EXIT_ERROR if errors else 0
