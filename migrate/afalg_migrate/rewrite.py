# SPDX-License-Identifier: GPL-2.0
"""rewrite: libkcapi calls in C sources to libkcrypto, verified by building.

A call is rewritten only where <kcapi-to-kcrypto.h> has a helper with the
same prototype and return contract; every use of the name is renamed (calls,
function pointers, tables), never text in comments or string literals.  The
result is then compiled against the installed libkcrypto and the object's
undefined symbols are read with nm: success is reported only if it builds
and imports no kcapi_* symbol and the file has no raw AF_ALG socket code.
"""
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from . import clex
from .common import (Error, EXIT_OK, EXIT_RAW_AFALG, EXIT_UNREWRITABLE,
                     EXIT_VERIFY, read_text)

HASHES = ('sha1', 'sha224', 'sha256', 'sha384', 'sha512')
ONESHOT = ['kcapi_md_' + h for h in HASHES] + \
    ['kcapi_md_hmac_' + h for h in HASHES] + \
    ['kcapi_rng_get_bytes', 'kcapi_pbkdf', 'kcapi_pbkdf_iteration_count',
     'kcapi_memset_secure', 'kcapi_set_verbosity', 'kcapi_version',
     'kcapi_versionstring'] + \
    ['kcapi_cipher_%s_aes_%s' % (d, m) for d in ('enc', 'dec') for m in ('cbc', 'ctr')]
# The message digest and RNG handle API: rewritten together or not at all.
HANDLE = ['kcapi_md_init', 'kcapi_md_setkey', 'kcapi_md_update', 'kcapi_md_final',
          'kcapi_md_digest', 'kcapi_md_destroy', 'kcapi_md_digestsize',
          'kcapi_md_blocksize', 'kcapi_handle_destroy', 'kcapi_rng_init',
          'kcapi_rng_seed', 'kcapi_rng_generate', 'kcapi_rng_destroy', 'kcapi_rng_seedsize']
HANDLE_TYPE = 'kcapi_handle'
# Other libkcapi names and what they become.
RENAMES = {'kcapi_verbosity': 'kcrypto_verbosity'}
RENAMES.update({'KCAPI_LOG_' + x: 'KCRYPTO_LOG_' + x
                for x in ('NONE', 'ERR', 'WARN', 'VERBOSE', 'DEBUG')})
# libkcapi's own upper-case names; other KCAPI_* names belong to the program.
KCAPI_MACROS = {'KCAPI_ACCESS_HEURISTIC', 'KCAPI_ACCESS_VMSPLICE', 'KCAPI_ACCESS_SENDMSG',
                'KCAPI_INIT_AIO'}
HELPER = 'kcapi-to-kcrypto.h'
# Names the helpers serve at run time (kcapi_md_init, kcapi_pbkdf).
MD_NAMES = set(HASHES) | {'hmac(%s)' % h for h in HASHES}
PBKDF_NAMES = {'hmac(%s)' % h for h in HASHES}
AFALG_IDS = {'AF_ALG', 'PF_ALG', 'SOL_ALG', 'sockaddr_alg', 'af_alg_iv', 'ALG_SET_KEY',
             'ALG_SET_IV', 'ALG_SET_OP', 'ALG_SET_AEAD_ASSOCLEN', 'ALG_SET_AEAD_AUTHSIZE'}
INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*[<"]kcapi\.h[>"][^\n]*$', re.M)


def new_name(name):
    return 'kcrypto_' + name[len('kcapi_'):]


def _literal_arg(toks, i, index):
    """The string literal passed as argument `index` of the call at toks[i]."""
    if i + 1 >= len(toks) or toks[i + 1].text != '(':
        return None
    depth, arg, j = 0, 0, i + 1
    while j < len(toks):
        t = toks[j]
        if t.text in '([{' and t.kind == 'punct':
            depth += 1
        elif t.text in ')]}' and t.kind == 'punct':
            depth -= 1
            if depth == 0:
                return None
        elif t.text == ',' and depth == 1:
            arg += 1
        elif depth == 1 and arg == index and t.kind == 'str':
            nxt = toks[j + 1] if j + 1 < len(toks) else None
            if nxt and nxt.text in (',', ')'):
                return clex.string_value(t)
            return None
        j += 1
    return None


def raw_afalg_lines(toks):
    """(line, what) for raw AF_ALG socket code: AF_ALG names, socket(38, ...)."""
    out = []
    for i, t in enumerate(toks):
        if t.kind != 'id':
            continue
        if t.text in AFALG_IDS:
            out.append((t.line, t.text))
        elif t.text in ('socket', 'socketpair') and i + 2 < len(toks) and \
                toks[i + 1].text == '(' and toks[i + 2].kind == 'num' and \
                clex.int_value(toks[i + 2]) == 38:
            out.append((t.line, '%s(38, ...)' % t.text))
    return out


def rewrite_text(text, keep_kcapi_h=False):
    """Returns (new_text, done, left, raw): done/left are (line, name, why).

    keep_kcapi_h keeps <kcapi.h> next to the helper header even when this
    file has no libkcapi use left (a header whose includers still need it).
    """
    toks = list(clex.tokens(text))
    kc = [(i, t) for i, t in enumerate(toks)
          if t.kind == 'id' and (t.text.startswith('kcapi_') or t.text in RENAMES or
                                 t.text in KCAPI_MACROS)]
    left = []
    unsupported_literal = {}
    for i, t in kc:
        if t.text == 'kcapi_md_init':
            name = _literal_arg(toks, i, 1)
            if name is not None and name not in MD_NAMES:
                unsupported_literal[i] = 'algorithm "%s" is not served by the helpers' % name
        elif t.text == 'kcapi_pbkdf':
            name = _literal_arg(toks, i, 0)
            if name is not None and name not in PBKDF_NAMES:
                unsupported_literal[i] = 'PBKDF2 on "%s" is not served by libkcrypto' % name
    handle_names = {t.text for i, t in kc if t.text not in ONESHOT and t.text not in RENAMES}
    handle_ok = handle_names <= set(HANDLE) | {HANDLE_TYPE} and not any(
        toks[i].text in HANDLE for i in unsupported_literal)
    edits, done = [], []
    for i, t in kc:
        ok = (t.text in ONESHOT and i not in unsupported_literal) or t.text in RENAMES or \
            (handle_ok and (t.text in HANDLE or t.text == HANDLE_TYPE))
        if ok:
            repl = RENAMES.get(t.text) or ('kcrypto_handle' if t.text == HANDLE_TYPE
                                           else new_name(t.text))
            edits.append((t.start, t.end, repl))
            if t.text in ONESHOT or t.text in HANDLE:
                done.append((t.line, t.text, repl))
        elif i in unsupported_literal:
            left.append((t.line, t.text, unsupported_literal[i]))
        elif t.text in HANDLE or t.text == HANDLE_TYPE:
            others = sorted(handle_names - set(HANDLE) - {HANDLE_TYPE})
            left.append((t.line, t.text, 'the handle is also used by %s' % (
                'calls without a libkcrypto equivalent (%s%s)' % (
                    ', '.join(others[:3]), ', ...' if len(others) > 3 else '') if others
                else 'a kcapi_md_init() of an algorithm the helpers do not serve')))
        else:
            left.append((t.line, t.text, 'no libkcrypto equivalent'))
    out, pos = [], 0
    for s, e, r in edits:
        out.append(text[pos:s])
        out.append(r)
        pos = e
    out.append(text[pos:])
    new = ''.join(out)
    if edits:
        hdr = '#include <%s>' % HELPER
        code_hash = {t.start for t in clex.tokens(new) if t.text == '#'}
        inc = [m for m in INCLUDE_RE.finditer(new)
               if m.start() + len(m.group(0)) - len(m.group(0).lstrip()) in code_hash]
        if inc:
            m = inc[0]
            repl = (m.group(0) + '\n' + hdr) if left or keep_kcapi_h else hdr
            new = new[:m.start()] + repl + new[m.end():]
        elif hdr not in new:
            new = hdr + '\n' + new
    return new, done, left, raw_afalg_lines(toks)


def kcrypto_flags():
    """Compiler flags for libkcrypto: $KCRYPTO_CFLAGS or pkg-config."""
    if os.environ.get('KCRYPTO_CFLAGS') is not None:
        return shlex.split(os.environ['KCRYPTO_CFLAGS'])
    pc = shutil.which('pkg-config') or shutil.which('pkgconf')
    if not pc:
        raise Error('cannot verify the rewrite: pkg-config not found '
                    '(set KCRYPTO_CFLAGS)')
    r = subprocess.run([pc, '--cflags', 'libkcrypto'], capture_output=True, text=True)
    if r.returncode != 0:
        raise Error('cannot verify the rewrite: libkcrypto not found by pkg-config '
                    '(install it, or set PKG_CONFIG_PATH or KCRYPTO_CFLAGS)')
    return shlex.split(r.stdout)


def verify(new_text, src_path, extra_flags, out_dir=None):
    """Compile new_text; returns (error_text or None, kcapi symbols imported)."""
    cc = os.environ.get('CC', 'cc')
    if not shutil.which(cc.split()[0]):
        raise Error('cannot verify the rewrite: compiler %s not found (set CC)' % cc)
    flags = kcrypto_flags()
    user = shlex.split(os.environ.get('CPPFLAGS', '')) + \
        shlex.split(os.environ.get('CFLAGS', '')) + extra_flags
    with tempfile.TemporaryDirectory(prefix='afalg-migrate-') as tmp:
        src = os.path.join(tmp, os.path.basename(src_path))
        obj = os.path.join(tmp, 'out.o')
        with open(src, 'w', encoding='utf-8', errors='surrogateescape') as f:
            f.write(new_text)
        dirs = [out_dir] if out_dir else []
        dirs.append(os.path.dirname(os.path.abspath(src_path)))
        inc = [x for d in dirs for x in ('-iquote', d, '-I', d)]
        r = subprocess.run(shlex.split(cc) + ['-c', '-o', obj] + inc + user + flags + [src],
                           capture_output=True, text=True)
        if r.returncode != 0:
            errs = [ln for ln in r.stderr.splitlines() if 'error' in ln] or \
                r.stderr.splitlines()[-1:]
            return '\n'.join(e.replace(src, src_path) for e in errs[:5]), []
        n = subprocess.run(['nm', '-u', obj], capture_output=True, text=True)
        if n.returncode != 0:
            raise Error('cannot verify the rewrite: nm failed: %s' % n.stderr.strip())
        syms = sorted({ln.split()[-1] for ln in n.stdout.splitlines() if ln.split() and
                       ln.split()[-1].startswith('kcapi_')})
        return None, syms


def rewrite_file(path, args, keep_kcapi_h=False):
    """Rewrites one file; returns its exit code (0, 3, 4 or 5)."""
    old = read_text(path, 'C source file')
    new, done, left, raw = rewrite_text(old, keep_kcapi_h)
    status = EXIT_OK
    for line, name, repl in done if args.verbose else ():
        print('%s:%d: %s -> %s' % (path, line, name, repl), file=sys.stderr)
    for line, name, why in left:
        print('%s:%d: %s not rewritten: %s' % (path, line, name, why), file=sys.stderr)
    for line, what in raw:
        print('%s:%d: raw AF_ALG socket code (%s): not rewritten, port it by hand to '
              'the library calls (see afalg-migrate plan)' % (path, line, what), file=sys.stderr)
    if left:
        status = EXIT_UNREWRITABLE
    if raw:
        status = EXIT_RAW_AFALG
    verdict = 'nothing rewritten' if left else 'nothing to rewrite'
    if done or len(new) != len(old):
        header = path.endswith(('.h', '.hh', '.hpp'))
        # A header is checked through the sources that include it.
        err, syms = (None, []) if header else verify(new, path, args.cc_flags, args.output_dir)
        if header:
            verdict = 'header: verified with the sources that include it'
        elif err is not None:
            print('%s: the rewritten file does not build against libkcrypto:\n%s'
                  % (path, err), file=sys.stderr)
            status = EXIT_VERIFY
            verdict = 'NOT VERIFIED: does not build'
        else:
            stray = [s for s in syms if s not in {n for _, n, _ in left}]
            for s in stray:
                print('%s: still imports %s (through a macro or header)' % (path, s),
                      file=sys.stderr)
            if stray:
                status = max(status, EXIT_UNREWRITABLE)
            verdict = ('builds against libkcrypto; imports %s' % ', '.join(syms)
                       if syms else 'builds against libkcrypto, imports no kcapi_* symbol')
    print('%s: %d use(s) rewritten, %d left, %d raw AF_ALG: %s' % (
        path, len(done), len(left), len(raw), verdict), file=sys.stderr)
    if args.diff:
        sys.stdout.writelines(difflib.unified_diff(
            old.splitlines(True), new.splitlines(True), 'a/' + path, 'b/' + path))
    if args.output_dir:
        os.makedirs(args.output_dir, exist_ok=True)
        with open(os.path.join(args.output_dir, os.path.basename(path)), 'w',
                  encoding='utf-8', errors='surrogateescape') as f:
            f.write(new)
    elif args.in_place and new != old and status != EXIT_VERIFY:
        with open(path, 'w', encoding='utf-8', errors='surrogateescape') as f:
            f.write(new)
    return status


def cmd_rewrite(args):
    for p in args.files:
        if not os.path.exists(p):
            raise Error('%s: No such file or directory' % p)
        if os.path.isdir(p):
            raise Error('%s: is a directory (expected: C source file)' % p)
    # Headers first: the sources are verified against the rewritten headers,
    # which keep <kcapi.h> while any file of the run still has libkcapi uses.
    headers = [p for p in args.files if p.endswith(('.h', '.hh', '.hpp'))]
    sources = [p for p in args.files if p not in headers]
    keep = bool(headers) and any(rewrite_text(read_text(p, 'C source file'))[2]
                                 for p in sources)
    return max([rewrite_file(p, args, keep) for p in headers] +
               [rewrite_file(p, args) for p in sources])
