# SPDX-License-Identifier: GPL-2.0
"""scan: find AF_ALG users in files and trees (ELF objects and sources).

Each file is read once; files are examined in parallel; on a terminal a
progress line is kept on stderr.
"""
import concurrent.futures
import json
import os
import socket
import sys

from .common import Error, warn, write_out
from .elfscan import scan_elf
from .srcscan import language, scan_source

LEVELS = ('certain', 'probable', 'possible')
SCAN_SCHEMA_VERSION = 2


def walk(roots):
    for root in roots:
        if not os.path.lexists(root):
            raise Error('%s: No such file or directory' % root)
    for root in roots:
        if os.path.isdir(root):
            for d, dirs, files in os.walk(root):
                dirs[:] = sorted(x for x in dirs if not x.startswith('.'))
                for f in sorted(files):
                    yield os.path.join(d, f)
        else:
            yield os.path.realpath(root) if os.path.islink(root) else root


def scan_one(path):
    """(finding or None, error or None) for one file, read once."""
    try:
        # Links inside a tree are skipped (their target is in the tree or
        # is not ours to judge); a path given on the command line is followed.
        if os.path.islink(path) or not os.path.isfile(path):
            return None, None
        with open(path, 'rb') as f:
            head = f.read(4096)
            # Only ELF objects and sources of a known language are read whole.
            if head[:4] != b'\x7fELF' and not language(path, head):
                return None, None
            data = head + f.read()
    except OSError as e:
        return None, '%s: %s' % (path, e.strerror)
    try:
        if data[:4] == b'\x7fELF':
            return scan_elf(path, data), None
        return scan_source(path, data), None
    except Exception as e:      # one odd file never stops a tree scan
        return None, '%s: not analysed (%s: %s)' % (path, type(e).__name__, e)


def cmd_scan(args):
    paths = list(walk(args.paths))
    tty = sys.stderr.isatty() and not args.quiet
    findings, errors = [], []
    jobs = args.jobs or os.cpu_count() or 1
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for n, (f, err) in enumerate(ex.map(scan_one, paths), 1):
            if f:
                findings.append(f)
            if err:
                errors.append(err)
            if tty and (n % 50 == 0 or n == len(paths)):
                sys.stderr.write('\rscan: %d/%d files, %d finding(s)' % (
                    n, len(paths), len(findings)))
                sys.stderr.flush()
    if tty:
        sys.stderr.write('\n')
    for e in errors:
        warn(e)
    keep = LEVELS[:LEVELS.index(args.level) + 1]
    shown = [f for f in findings if f['confidence'] in keep]
    out = {'schema': 'afalg-migrate-scan', 'schema_version': SCAN_SCHEMA_VERSION,
           'host': socket.gethostname(), 'level': args.level, 'files': len(paths),
           'errors': errors, 'findings': shown}
    if args.output:
        write_out(json.dumps(out, indent=2) + '\n', args.output)
    if not args.quiet:
        stream = sys.stderr if args.output in (None, '-') and args.json else sys.stdout
        for f in shown:
            stream.write('%-8s %-12s %s\n' % (f['confidence'], f['kind'], f['path']))
            for e in f['evidence'][:3]:
                stream.write('    %s\n' % e['why'])
    if args.json and not args.output:
        write_out(json.dumps(out, indent=2) + '\n', None)
    return 0
