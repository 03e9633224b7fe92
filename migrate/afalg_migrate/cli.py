# SPDX-License-Identifier: GPL-2.0
"""Command line of afalg-migrate (see afalg-migrate(1))."""
import argparse
import sys

from . import VERSION
from .archive import default_cache
from .common import Error, EXIT_ERROR, EXIT_USAGE, write_out

EXIT_TEXT = '''exit status:
  0  success
  1  bad input or environment (missing or unreadable file, a directory, malformed
     JSON, not an inventory/scan, --shim not found, no compiler or libkcrypto)
  2  bad command line'''

PLAN_EPILOG = '''verdicts:
  falls-back             the program is known to work without AF_ALG
  shim-ready             seen using AF_ALG at run time; the shim serves all it used
  blocked                seen using AF_ALG at run time with an algorithm the shim
                         does not serve: port those calls first
  needs-shim-or-rewrite  seen using AF_ALG at run time; no shim was probed
  scan-only              found by a static scan only, never seen at run time:
                         trace it before deciding (never "blocked")

restriction outcomes (per algorithm, at crypto.af_alg_restrict=0, 1 and 2, from
the kernel's allowlists and whether the tracer saw privileged callers:
CAP_NET_ADMIN or CAP_SYS_ADMIN; unknown for inventories before version 3,
then both outcomes are given):
  native                  the kernel serves it at this level, whoever calls
  native-privileged-only  served only because the callers are privileged
  refused-shim-serves     refused; the shim (AFALG_SHIM=fallback) serves it
  refused-nobody-serves   refused; the shim does not serve it: port first
  refused                 refused; no shim was probed

''' + EXIT_TEXT

SCAN_EPILOG = '''confidence levels:
  certain   code evidence: a socket()/socketpair()/syscall(SYS_socket) call site
            with family 38 (AF_ALG), an io_uring IORING_OP_SOCKET submission with
            domain 38, imported libkcapi functions, or source code that creates
            an AF_ALG socket (also through io_uring) or calls libkcapi
  probable  38 passed to a local socket wrapper; libkcapi linked but no
            kcapi_* import; AF_ALG named in a source with no socket call
  possible  strings only (socket/bind/accept imports, AF_ALG type and algorithm
            names, no call site): mostly false positives
  --level L lists L and the levels above it (default: probable).

followed (what a program loads; each finding names the chain and carries the
library's algorithms and call sites):
  libkcapi   imports of kcapi_* (the program) and libkcapi itself
  sockets    direct socket()/socketpair()/syscall()/io_uring calls with AF_ALG
  DT_NEEDED  libraries resolved among the scanned files (DT_SONAME or name),
             then DT_RUNPATH/DT_RPATH, /etc/ld.so.conf(.d) and the multiarch
             dirs; a soname found nowhere is listed under "unresolved"
  plugins    plugins.json: strongSwan's af-alg plugin (charon), OpenSSL's
             afalg engine (libcrypto.so.3 users, possible), and libraries
             known to use AF_ALG when they are not found (libcryptsetup...)
inputs: files, trees, .deb packages, static and tar archives, and files
compressed with gzip, bzip2, xz, lzma or zstd (the zstd command), read in
memory member by member.  Every run ends with a summary line (stdout; stderr
with --json or -q).

''' + EXIT_TEXT + '''
  scan: 1 also when a file could not be read or analysed (a corrupt ELF file
     or archive, an unreadable file or directory): listed under "errors",
     the other files' findings are still written'''

AUDIT_EPILOG = '''index (one of):
  --mirror DIR     DIR/dists/SUITE/COMPONENT/binary-ARCH/Packages(.xz|.gz);
                   the .deb files are read from DIR (Filename fields)
  --packages FILE  a Packages file (.xz/.gz/.bz2 too) and --pool DIR or URL
  --source LINE    an apt source line ("deb URI SUITE COMPONENT"): apt's list
                   of it from /var/lib/apt/lists (run apt-get update first)
each package: fetched through apt (apt-helper download-file, into --cache) or
read from the directory, its size and SHA256 checked against the index (a
mismatch is refused and recorded as an error), scanned in memory like scan's
.deb input, written to the database (SQLite, --db) by this process.  A rerun
skips packages done at the same version and SHA256 and retries those that
failed.  Then a second pass, from the database: the users through DT_NEEDED
and plugins across packages (a library in one package, its users in others).

engines (the same task, one package each):
  -j N             N local processes (default: CPUs)
  --workers N      a Dask LocalCluster of N worker processes
  --scheduler ADDR a running Dask cluster (dask scheduler / dask worker);
                   every worker needs afalg_migrate importable, and the
                   mirror directory or apt at the same path
queries: see afalg-migrate(1), AUDIT DATABASE; plan --db reads the database.

''' + EXIT_TEXT + '''
  audit: 1 also when a selected package could not be fetched, verified or read
     (recorded with its error in the database; retried by the next run)'''

REWRITE_EPILOG = '''rewritten (to <kcapi-to-kcrypto.h>, installed with libkcrypto):
  kcapi_md_sha{1,224,256,384,512}, kcapi_md_hmac_sha*, kcapi_rng_get_bytes,
  kcapi_cipher_{enc,dec}_aes_{cbc,ctr}, kcapi_pbkdf (hmac(sha1/sha2)) and
  kcapi_pbkdf_iteration_count, kcapi_memset_secure, kcapi_set_verbosity (and
  KCAPI_LOG_*), kcapi_version(string), and the handle calls kcapi_md_init/
  setkey/update/final/digest/destroy/digestsize/blocksize and kcapi_rng_init/
  seed/seedsize/generate/destroy when every handle call in the file is one of them.
  Calls, function pointers and tables are renamed; comments and strings are not.
  The result is compiled (CC, CPPFLAGS, CFLAGS, pkg-config libkcrypto or
  KCRYPTO_CFLAGS) and its undefined symbols read with nm.

exit status (the highest that applies):
  0  every libkcapi use rewritten; the result builds against libkcrypto and
     imports no kcapi_* symbol (or there was nothing to rewrite)
  1  bad input or environment (see above; also: cannot verify)
  2  bad command line
  3  libkcapi uses left that have no libkcrypto equivalent (listed FILE:LINE)
  4  raw AF_ALG socket code: not rewritten (listed FILE:LINE)
  5  the rewritten file does not build against libkcrypto (not written with
     --in-place)'''


class Parser(argparse.ArgumentParser):
    def error(self, message):
        print('%s: error: %s (see %s --help)' % (self.prog, message, self.prog),
              file=sys.stderr)
        sys.exit(EXIT_USAGE)


def cmd_plan(args):
    from .plan import build_plan, find_shim, read_inventory, read_journal, read_scan, \
        read_shim_log
    from .report import FORMATS
    invs = [read_inventory(p) for p in args.inventory]
    invs += [inv for p in args.journal or [] for inv in read_journal(p)]
    rows = [r for p in args.shim_log or [] for r in read_shim_log(p)]
    scans = [read_scan(p) for p in args.scan or []]
    if args.db:
        from .auditdb import read_db
        scans += [read_db(p) for p in args.db]
    shim = None if args.no_shim else find_shim(args.shim)
    plan = build_plan(invs, rows, scans, shim, args.level)
    write_out(FORMATS[args.format](plan), args.output)
    return 0


def cmd_scan(args):
    from .scan import cmd_scan as run
    return run(args)


def cmd_audit(args):
    from .archive import cmd_audit as run
    return run(args)


def cmd_rewrite(args):
    from .rewrite import cmd_rewrite as run
    return run(args)


def positive(text):
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError('%r is not a number of workers (1 or more)' % text)
    return n


def add_level(p, what):
    p.add_argument('--level', choices=('certain', 'probable', 'possible'), default='probable',
                   help=what + ' (default: probable)')


def parser():
    fmt = argparse.RawDescriptionHelpFormatter
    ap = Parser(prog='afalg-migrate', formatter_class=fmt,
                description='From "who uses AF_ALG" to "what to do about each of them".',
                epilog='afalg-migrate COMMAND --help explains each command; see afalg-migrate(1).')
    ap.add_argument('--version', action='version', version='afalg-migrate ' + VERSION)
    sub = ap.add_subparsers(dest='cmd', metavar='COMMAND', parser_class=Parser)
    sub.required = True
    p = sub.add_parser('plan', formatter_class=fmt, epilog=PLAN_EPILOG,
                       help='migration plan from inventories, shim logs and scans',
                       description='Turn afalg-trace inventories (many machines merge into '
                       'one plan), shim usage logs and scans into a per-program plan: '
                       'verdict, the library call (and header and package) that replaces '
                       'each algorithm, and shim support probed by binding under the shim.')
    p.add_argument('inventory', nargs='*', help='afalg-trace inventory JSON (any number)')
    p.add_argument('--journal', action='append', metavar='FILE',
                   help="afalg-trace's journald records exported with journalctl -o json, "
                   'one machine or many (repeatable)')
    p.add_argument('--shim-log', action='append', metavar='FILE',
                   help="the shim's AFALG_SHIM_LOG file (repeatable)")
    p.add_argument('--scan', action='append', metavar='FILE',
                   help='output of afalg-migrate scan -o (repeatable)')
    p.add_argument('--db', action='append', metavar='FILE',
                   help='an afalg-migrate audit database (repeatable)')
    add_level(p, 'lowest scan confidence taken into the plan')
    p.add_argument('--shim', metavar='LIB', help='libafalg-shim.so to probe (must exist; '
                   'default: $AFALG_SHIM_LIB, the build tree or the installed one)')
    p.add_argument('--no-shim', action='store_true', help='do not probe a shim')
    p.add_argument('--format', choices=('text', 'json', 'markdown', 'html'), default='text')
    p.add_argument('-o', '--output', metavar='FILE', help='write the plan here (default: stdout)')
    p.set_defaults(fn=cmd_plan, parser=p)
    s = sub.add_parser('scan', formatter_class=fmt, epilog=SCAN_EPILOG,
                       help='find AF_ALG users in files and trees',
                       description='Find programs, libraries and sources that use AF_ALG, '
                       'from their code: ELF call sites (objdump), libkcapi imports, and '
                       'C, C++, Python, Go, Rust and shell sources; then the programs and '
                       'libraries that load them through DT_NEEDED or a known plugin.')
    s.add_argument('paths', nargs='+', metavar='PATH')
    s.add_argument('-o', '--output', metavar='FILE', help='write the findings as JSON')
    s.add_argument('--json', action='store_true', help='print the JSON on stdout')
    add_level(s, 'lowest confidence listed')
    s.add_argument('-j', '--jobs', type=positive, default=0, metavar='N',
                   help='parallel workers (default: CPUs)')
    s.add_argument('-q', '--quiet', action='store_true',
                   help='no listing, no progress (the summary line still, on stderr)')
    s.add_argument('--distribution', metavar='NAME',
                   help='whose kcapi tools a script can run: debian, or any (default: '
                   'this machine\'s /etc/os-release; a .deb is always debian)')
    s.set_defaults(fn=cmd_scan)
    a = sub.add_parser('audit', formatter_class=fmt, epilog=AUDIT_EPILOG,
                       help='scan a Debian archive\'s packages into a database',
                       description='Audit the binary packages of a Debian suite: fetch '
                       'or read each .deb, verify it against the index, scan it in memory, '
                       'and write the results per binary and source package into an SQLite '
                       'database (resumable); locally or on a Dask distributed cluster.')
    a.add_argument('--db', required=True, metavar='FILE',
                   help='the SQLite database (created when missing)')
    g = a.add_mutually_exclusive_group(required=True)
    g.add_argument('--mirror', metavar='DIR', help='a local mirror (dists/ and pool/)')
    g.add_argument('--packages', metavar='FILE', help='a Packages index (with --pool)')
    g.add_argument('--source', metavar='LINE', help='an apt source line known to apt')
    a.add_argument('--pool', metavar='DIR|URL',
                   help='what the Filename fields of --packages are relative to')
    a.add_argument('--suite', default='stable', help='with --mirror (default: stable)')
    a.add_argument('--component', default='main', help='(default: main)')
    a.add_argument('--arch', default='amd64', help='(default: amd64)')
    a.add_argument('--cache', metavar='DIR', default=default_cache(),
                   help='where packages fetched through apt are kept (default: %(default)s)')
    a.add_argument('--only', action='append', metavar='PKG[,PKG...]',
                   help='audit these packages (repeatable)')
    a.add_argument('--sample', type=positive, metavar='N',
                   help='and N others, the same ones from run to run')
    e = a.add_mutually_exclusive_group()
    e.add_argument('-j', '--jobs', type=positive, default=0, metavar='N',
                   help='local worker processes (default: CPUs)')
    e.add_argument('--workers', type=positive, metavar='N',
                   help='start a Dask LocalCluster of N worker processes')
    e.add_argument('--scheduler', metavar='ADDRESS',
                   help='use a running Dask cluster (tcp://HOST:8786)')
    a.add_argument('-q', '--quiet', action='store_true',
                   help='no progress, no per-package errors (the summary line on stderr)')
    a.set_defaults(fn=cmd_audit)
    r = sub.add_parser('rewrite', formatter_class=fmt, epilog=REWRITE_EPILOG,
                       help='rewrite libkcapi calls to libkcrypto, verified by building',
                       description='Rewrite libkcapi calls in C sources to libkcrypto through '
                       '<kcapi-to-kcrypto.h>, keeping their prototypes and return values. '
                       'Rewrite all files of a program together.')
    r.add_argument('files', nargs='+', metavar='FILE.c')
    g = r.add_mutually_exclusive_group()
    g.add_argument('--in-place', action='store_true', help='replace the files')
    g.add_argument('-o', '--output-dir', metavar='DIR', help='write the results to DIR')
    r.add_argument('--diff', action='store_true', help='print a unified diff on stdout')
    r.add_argument('-I', dest='cc_flags', action='append', type=lambda d: '-I' + d,
                   default=[], metavar='DIR', help='include directory for the build check')
    r.add_argument('-D', dest='cc_flags', action='append', type=lambda d: '-D' + d,
                   metavar='NAME[=VALUE]', help='macro for the build check')
    r.add_argument('-v', '--verbose', action='store_true', help='list every rewritten use')
    r.set_defaults(fn=cmd_rewrite)
    return ap


def main(argv=None):
    args = parser().parse_args(argv)
    if args.cmd == 'plan' and not (args.inventory or args.journal or args.shim_log or
                                   args.scan or args.db):
        args.parser.error('nothing to plan from: give an inventory, --journal, --shim-log, '
                          '--scan or --db')
    try:
        return args.fn(args)
    except Error as e:
        print('afalg-migrate: error: %s' % e, file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0

