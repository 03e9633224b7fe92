# SPDX-License-Identifier: GPL-2.0
"""scan: find AF_ALG users in files and trees (ELF objects and sources).

Each file is read once; files are examined in parallel; on a terminal a
progress line is kept on stderr.  Debian packages (.deb) are streamed
from disk member by member (Scanner.deb_file); static archives (.a), tar
archives and gzip/bzip2/xz/lzma/zstd compressed files are read in memory,
member by member; nothing read into memory exceeds MAX_IN_MEMORY (an ELF
member whose PLT must be read is handed to objdump as a memfd).  Then links.py adds the files that load a
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
# The most bytes one member (or one decompressed stream) may take in memory.
# A package is streamed member by member, so a worker's peak memory is
# about the largest file it scans, not the package.
MAX_IN_MEMORY = 384 << 20


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
    """The decompressed bytes, at most MAX_IN_MEMORY of them: a small
    archive can expand without bound (a decompression bomb), so more is an
    error, never an allocation."""
    if kind == 'zstd':
        if not shutil.which('zstd'):
            raise Error('zstd compressed, and the zstd command is not installed')
        with decompressing(kind, io.BytesIO(data)) as stream:
            return read_bounded(stream, 'zstd data')
    with decompressing(kind, io.BytesIO(data)) as stream:
        return read_bounded(stream, '%s data' % kind)


def read_bounded(f, what, buf=None):
    """buf (a bytearray, empty unless given) extended with all of f, read a
    MiB at a time, or an Error once it would hold more than MAX_IN_MEMORY
    bytes: never more than that is allocated, whatever f claims or holds."""
    buf = bytearray() if buf is None else buf
    while True:
        chunk = f.read(min(1 << 20, MAX_IN_MEMORY + 1 - len(buf)))
        if not chunk:
            return buf
        buf += chunk
        if len(buf) > MAX_IN_MEMORY:
            raise Error('%s: more than %d MiB: not read into memory, not scanned' % (
                what, MAX_IN_MEMORY >> 20))


class _ZstdStream(io.RawIOBase):
    """zstd -dc as a readable stream: a thread feeds it the source file, so
    neither side is ever whole in memory."""

    def __init__(self, src):
        import threading
        self.proc = subprocess.Popen(['zstd', '-dcq'], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.src = src
        self.feeder = threading.Thread(target=self._feed, daemon=True)
        self.feeder.start()

    def _feed(self):
        try:
            while True:
                chunk = self.src.read(1 << 20)
                if not chunk:
                    break
                self.proc.stdin.write(chunk)
        except (BrokenPipeError, OSError, ValueError):
            pass
        finally:
            try:
                self.proc.stdin.close()
            except OSError:
                pass

    def readable(self):
        return True

    def readinto(self, b):
        n = self.proc.stdout.readinto(b)
        if n == 0 and self.proc.wait() != 0:
            raise Error('zstd: ' + self.proc.stderr.read().decode(errors='replace').strip())
        return n

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.proc.stderr.close()
        self.feeder.join()
        super().close()


def decompressing(kind, src):
    """A file object that decompresses src (a readable file) as it is read."""
    if kind == 'gzip':
        return gzip.GzipFile(fileobj=src, mode='rb')
    if kind == 'bzip2':
        return bz2.BZ2File(src)
    if kind in ('xz', 'lzma'):
        return lzma.LZMAFile(src, format=lzma.FORMAT_XZ if kind == 'xz' else lzma.FORMAT_ALONE)
    if kind == 'zstd':
        if not shutil.which('zstd'):
            raise Error('zstd compressed, and the zstd command is not installed')
        return io.BufferedReader(_ZstdStream(src))
    raise Error('unknown compression %s' % kind)


def inner_name(name, kind):
    for _, k, ext in COMPRESSED + ((b'', 'lzma', '.lzma'),):
        if k == kind and name.endswith(ext):
            return name[:-len(ext)]
    return name[:-4] + '.tar' if name.endswith(('.tgz', '.tbz', '.txz')) else name


def ar_walk(read, end, where):
    """(name, start, size) of each member of an ar archive of end bytes
    (System V/GNU long names), its headers read with read(offset, n)."""
    o, longnames = 8, b''
    while o + 60 <= end:
        hdr = read(o, 60)
        if hdr[58:60] != b'`\n':
            raise Error('%s: bad ar member header at offset %d' % (where, o))
        try:
            name, size = hdr[:16].decode('latin-1').rstrip(), int(hdr[48:58])
        except ValueError:
            raise Error('%s: bad ar member size at offset %d' % (where, o)) from None
        if size < 0 or o + 60 + size > end:
            raise Error('%s: ar member %s truncated' % (where, name))
        start = o + 60
        o = start + size + (size & 1)
        if name == '//':
            longnames = read(start, size)
            continue
        if name in ('/', '/SYM64/'):
            continue
        if name.startswith('/') and name[1:].isdigit():
            k = int(name[1:])
            name = longnames[k:longnames.find(b'/\n', k)].decode('latin-1')
        yield name.rstrip('/'), start, size


def ar_members(data, where):
    """(name, bytes) of an ar archive in memory."""
    for name, start, size in ar_walk(lambda o, n: data[o:o + n], len(data), where):
        yield name, data[start:start + size]


class _Region(io.RawIOBase):
    """size bytes of file f from offset start, as a readable stream."""

    def __init__(self, f, start, size):
        self.f, self.start, self.size, self.pos = f, start, size, 0

    def readable(self):
        return True

    def readinto(self, b):
        n = min(len(b), self.size - self.pos)
        if n <= 0:
            return 0
        self.f.seek(self.start + self.pos)
        got = self.f.readinto(memoryview(b)[:n])
        self.pos += got
        return got


def ar_index(f, where):
    """(name, offset, size) of each member of the ar archive in file f, read
    header by header: the members stay on disk."""
    def read(o, n):
        if n > MAX_IN_MEMORY:
            raise Error('%s: ar name table of %d bytes: not read' % (where, n))
        f.seek(o)
        return f.read(n)
    return ar_walk(read, os.fstat(f.fileno()).st_size, where)


def is_deb(head):
    """Whether the first bytes are those of a Debian package."""
    return head[:8] == AR_MAGIC and head[8:21] == b'debian-binary'


def deb_member_kind(n):
    """The compression of a control.tar* or data.tar* member, by its name."""
    ext = n[len('control.tar'):] if n.startswith('control') else n[len('data.tar'):]
    kind = {'': None, '.gz': 'gzip', '.xz': 'xz', '.zst': 'zstd', '.bz2': 'bzip2',
            '.lzma': 'lzma'}.get(ext, 'unknown')
    if kind == 'unknown':
        raise Error('member %s: unknown compression' % n)
    return kind


def deb_parts(names):
    ctl = next((n for n in names if n.startswith('control.tar')), None)
    dat = next((n for n in names if n.startswith('data.tar')), None)
    if not ctl or not dat:
        raise Error('Debian package without control.tar or data.tar')
    return ctl, dat


CORRUPT = (OSError, EOFError, ValueError, lzma.LZMAError, zlib.error)


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
        ctl, dat = deb_parts(by)

        def untar(n):
            kind = deb_member_kind(n)
            try:
                return decompress(kind, by[n]) if kind else by[n]
            except CORRUPT as e:
                raise Error('member %s: corrupt %s data (%s)' % (n, kind, e)) from None
        pkg = deb_control(untar(ctl))
        self.tar(display, untar(dat), depth, pkg)

    def deb_file(self, display, f, depth):
        """A Debian package in the open file f, streamed: its data.tar is
        decompressed as it is read and only the members worth scanning are
        read into memory, one at a time."""
        members = list(ar_index(f, display))
        if not members or members[0][0] != 'debian-binary':
            raise Error('not a Debian package (no debian-binary ar member)')
        by = {n: (start, size) for n, start, size in members}
        ctl, dat = deb_parts(by)
        kind = deb_member_kind(ctl)
        raw = read_bounded(_Region(f, *by[ctl]), 'member %s' % ctl)
        try:
            pkg = deb_control(decompress(kind, raw) if kind else raw)
        except CORRUPT as e:
            raise Error('member %s: corrupt %s data (%s)' % (ctl, kind, e)) from None
        kind = deb_member_kind(dat)
        src = io.BufferedReader(_Region(f, *by[dat]), 1 << 20)
        stream = decompressing(kind, src) if kind else src
        try:
            self.tar_stream(display, stream, depth, pkg)
        except CORRUPT as e:
            raise Error('member %s: corrupt %s data (%s)' % (dat, kind, e)) from None
        finally:
            stream.close()

    def tar_stream(self, display, stream, depth, pkg):
        try:
            with tarfile.open(fileobj=stream, mode='r|') as t:
                for m in t:
                    if not m.isfile():
                        continue
                    path = '/' + os.path.normpath(m.name).lstrip('/')
                    where = '%s:%s' % (display, path)
                    body = t.extractfile(m)
                    head = body.read(4096)
                    if classify(path, head) is None:
                        self.res.members += 1
                        continue
                    if m.size > MAX_IN_MEMORY:
                        self.res.members += 1
                        self.res.errors.append('%s: %d bytes, more than %d MiB: not read '
                                               'into memory, not scanned' % (
                                                   where, m.size, MAX_IN_MEMORY >> 20))
                        continue
                    data = read_bounded(body, where, bytearray(head))
                    self.member(where, path, path, data, depth, pkg)
        except tarfile.TarError as e:
            raise Error('corrupt tar archive (%s)' % e) from None

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


def record_errors(res, path, analyse):
    """Run analyse(); what it raises becomes one entry of res.errors naming
    path (one odd file never stops a tree scan)."""
    try:
        analyse()
    except ElfError as e:
        res.errors.append('%s: corrupt ELF file: %s' % (path, e))
    except Error as e:
        res.errors.append('%s: %s' % (path, e))
    except Exception as e:
        res.errors.append('%s: not analysed (%s: %s)' % (path, type(e).__name__, e))


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
            if is_deb(head):
                # streamed from the open file (Scanner.deb_file)
                record_errors(res, path, lambda: Scanner(res).deb_file(path, f, 0))
                return res
            if head[:4] == b'\x7fELF' and len(head) == 4096:
                data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            else:
                data = head + f.read()
    except OSError as e:
        res.errors.append('%s: %s' % (path, e.strerror))
        return res
    try:
        record_errors(res, path, lambda: Scanner(res).data(path, path, path, data,
                                                           objfile=path))
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
