# SPDX-License-Identifier: GPL-2.0
"""AF_ALG evidence in source files, read with each language's own syntax.

certain   C/C++/Go/Rust: AF_ALG (or 38) inside the arguments of a socket
          call, libkcapi calls, sockaddr_alg/SockaddrALG/AlgAddr use;
          C: io_uring_prep_socket*(sqe, AF_ALG or 38, ...), or an SQE with
          IORING_OP_SOCKET in the file and its fd set to AF_ALG or 38;
          Python: socket(AF_ALG, ...) or socket(38, ...); shell: a command
          that runs a kcapi tool or openssl with -engine afalg
probable  an AF_ALG name with no socket call in the same file
Comments and string literals never count.
"""
import io
import os
import re
import tokenize

from . import clex
from .algnames import is_alg_name

C_EXT = ('.c', '.h', '.cc', '.cpp', '.cxx', '.hpp', '.hh')
LANG_EXT = {'.go': 'go', '.rs': 'rust', '.py': 'python', '.sh': 'shell', '.bash': 'shell'}
AF_NAMES = {'AF_ALG', 'PF_ALG'}
STRONG = {'sockaddr_alg', 'SockaddrALG', 'AlgAddr', 'SOL_ALG', 'ALG_SET_KEY', 'ALG_SET_OP'}
SHELL_TOOLS = re.compile(r'(?:^|[\s;&|(`$])((?:/\S*/)?(?:kcapi-(?:dgst|enc|rng|hasher|speed)|'
                         r'(?:sha(?:1|224|256|384|512)|sm3|fips)hmac)|openssl\s[^\n#]*-engine\s+afalg)\b')


def language(path, head):
    ext = os.path.splitext(path)[1]
    if ext in C_EXT:
        return 'c'
    if ext in LANG_EXT:
        return LANG_EXT[ext]
    if head.startswith(b'#!'):
        line = head.split(b'\n', 1)[0]
        if b'python' in line:
            return 'python'
        if re.search(rb'\b(ba|da|k|z)?sh\b', line):
            return 'shell'
    return None


# libkcapi's API families (the ISDN kernelcapi.h has kcapi_ names too).
KCAPI_NAME = re.compile(r'kcapi_(?:md|cipher|aead|rng|akcipher|kpp|kdf|pbkdf|hkdf|handle|'
                        r'memset_secure|set_verbosity|version|pad_iv|get_maxsplicesize|'
                        r'set_maxsplicesize)')


def _definition(toks, i):
    """True where toks[i] is being defined: on a #define line, struct NAME {."""
    j = i
    while j > 0 and toks[j - 1].line == toks[i].line:
        j -= 1
    if j + 1 < len(toks) and toks[j].text == '#' and toks[j + 1].text == 'define':
        return True
    return i >= 1 and toks[i - 1].text == 'struct' and i + 1 < len(toks) and \
        toks[i + 1].text == '{'


def _is_af_alg(tok):
    return tok.text in AF_NAMES or clex.int_value(tok) == 38


def _uring_hits(toks):
    """(line, text) for io_uring socket submissions with domain AF_ALG."""
    hits, has_op = [], any(t.text == 'IORING_OP_SOCKET' for t in toks)
    for i, t in enumerate(toks):
        if t.text.startswith('io_uring_prep_socket') and i + 1 < len(toks) and \
                toks[i + 1].text == '(':
            depth, j = 0, i + 1
            while j < len(toks):        # the token after the first top-level comma
                x = toks[j]
                depth += x.text in '([{' if x.kind == 'punct' else 0
                depth -= x.text in ')]}' if x.kind == 'punct' else 0
                if depth <= 0 or (depth == 1 and x.text == ','):
                    break
                j += 1
            if depth == 1 and j + 1 < len(toks) and _is_af_alg(toks[j + 1]):
                hits.append((t.line, 'io_uring: %s(sqe, %s, ...)' % (t.text, toks[j + 1].text)))
        elif has_op and t.text == 'fd' and i >= 2 and (toks[i - 1].text == '.' or (
                toks[i - 1].text == '>' and toks[i - 2].text == '-')) and \
                i + 2 < len(toks) and toks[i + 1].text == '=' and _is_af_alg(toks[i + 2]):
            hits.append((t.line, 'io_uring: IORING_OP_SOCKET SQE with fd = %s'
                         % toks[i + 2].text))
    return hits


def _socket_arg_hits(toks):
    """(line, text) where AF_ALG/38 is an argument of a call named *socket*."""
    hits = _uring_hits(toks)
    for i, t in enumerate(toks):
        if t.text.startswith('io_uring_prep_socket'):
            continue
        if t.kind != 'id' or 'socket' not in t.text.lower() and t.text != 'syscall' or \
                i + 1 >= len(toks) or toks[i + 1].text != '(':
            continue
        if t.text == 'syscall':         # syscall(SYS_socket, AF_ALG or 38, ...)
            if i + 5 < len(toks) and toks[i + 2].text in ('SYS_socket', '__NR_socket',
                                                          'SYS_socketpair') and \
                    toks[i + 3].text == ',' and (toks[i + 4].text in AF_NAMES or
                                                 clex.int_value(toks[i + 4]) == 38):
                hits.append((t.line, 'syscall(%s, %s, ...)' % (toks[i + 2].text,
                                                               toks[i + 4].text)))
            continue
        depth, j = 0, i + 1
        while j < len(toks):
            x = toks[j]
            if x.kind == 'punct' and x.text in '([{':
                depth += 1
            elif x.kind == 'punct' and x.text in ')]}':
                depth -= 1
                if depth == 0:
                    break
            elif (x.kind == 'id' and x.text in AF_NAMES or x.text == 'Alg' and j > 1 and
                  toks[j - 1].text == ':' and toks[j - 3].text == 'AddressFamily') or \
                    (x.kind == 'num' and clex.int_value(x) == 38 and toks[j - 1].text == '('
                     and j == i + 2):
                hits.append((t.line, '%s(%s, ...)' % (t.text, x.text)))
                break
            j += 1
    return hits


def scan_c_like(toks):
    ev, level, algs = [], None, set()
    hits = _socket_arg_hits(toks)
    for line, what in hits:
        ev.append({'why': 'line %d: %s' % (line, what), 'line': line})
    kc = [(t.line, t.text) for t in toks if t.kind == 'id' and KCAPI_NAME.match(t.text)
          and t.text != 'kcapi_handle']
    strong = [(t.line, t.text) for i, t in enumerate(toks)
              if t.kind == 'id' and t.text in STRONG and not _definition(toks, i)]
    for line, name in (kc + strong)[:20]:
        ev.append({'why': 'line %d: %s' % (line, name), 'line': line})
    if hits or kc or strong:
        level = 'certain'
    else:
        weak = [(t.line, t.text) for i, t in enumerate(toks)
                if t.kind == 'id' and t.text in AF_NAMES and not _definition(toks, i)]
        if weak:
            level = 'probable'
            ev += [{'why': 'line %d: %s, no socket call with it' % w, 'line': w[0]}
                   for w in weak[:5]]
    for t in toks:
        if t.kind == 'str':
            s = clex.string_value(t)
            if s and is_alg_name(s):
                algs.add(s)
    return level, ev, algs, sorted({n for _, n in kc}), bool(hits or strong)


def _python_tokens(text):
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            kind = {tokenize.NAME: 'id', tokenize.NUMBER: 'num', tokenize.STRING: 'str',
                    tokenize.OP: 'punct'}.get(tok.type)
            if kind:
                out.append(clex.Token(kind, tok.string, 0, 0, tok.start[0]))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return out


# Bytes a source must contain to be worth lexing (most files have none).
QUICK = re.compile(rb'AF_ALG|PF_ALG|kcapi_|sockaddr_alg|SockaddrALG|AlgAddr|SOL_ALG|ALG_SET_|'
                   rb'io_uring_prep_socket|IORING_OP_SOCKET|'
                   rb'AddressFamily::Alg|socket\w*\s*\(\s*38\b|SYS_socket\w*\s*,\s*38\b')


def scan_source(path, data):
    lang = language(path, data[:128])
    if not lang or (lang != 'shell' and not QUICK.search(data)):
        return None
    text = data.decode('utf-8', errors='replace')
    if lang == 'shell':
        ev = []
        for n, line in enumerate(text.splitlines(), 1):
            code = re.sub(r'(^|\s)#.*$', '', line)
            m = SHELL_TOOLS.search(code)
            if m:
                ev.append({'why': 'line %d: runs %s' % (n, m.group(1).strip()), 'line': n})
        if not ev:
            return None
        return {'path': path, 'kind': 'source', 'language': 'shell', 'confidence': 'certain',
                'evidence': ev[:20], 'algorithms': [], 'raw_af_alg': False,
                'kcapi_calls': [], 'rewritable': []}
    toks = _python_tokens(text) if lang == 'python' else list(clex.tokens(text, lang))
    level, ev, algs, kc, raw = scan_c_like(toks)
    if level is None:
        return None
    from .rewrite import ONESHOT, HANDLE
    return {'path': path, 'kind': 'source', 'language': lang, 'confidence': level,
            'evidence': ev, 'raw_af_alg': raw, 'kcapi_calls': kc,
            'rewritable': sorted(k for k in kc if k in ONESHOT or k in HANDLE),
            'algorithms': [{'type': None, 'alg': a} for a in sorted(algs)]}
