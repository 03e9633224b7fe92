# SPDX-License-Identifier: GPL-2.0
"""AF_ALG evidence in source files, read with each language's own syntax.

certain   C/C++/Go/Rust: AF_ALG (or 38) inside the arguments of a socket
          call, libkcapi calls, sockaddr_alg/SockaddrALG/AlgAddr use;
          C: io_uring_prep_socket*(sqe, AF_ALG or 38, ...), or an SQE with
          IORING_OP_SOCKET in the file and its fd set to AF_ALG or 38;
          Python: socket(AF_ALG, ...) or socket(38, ...); shell: a command
          that runs a kcapi tool or openssl with -engine afalg
probable  an AF_ALG name with no socket call in the same file
possible  shell: runs a kcapi tool the distribution does not ship
Comments and string literals never count; in shell, only the command words
of the commands a script runs (shell_commands()).
"""
import io
import os
import re
import tokenize

from . import clex
from .common import Error
from .algnames import is_alg_name

C_EXT = ('.c', '.h', '.cc', '.cpp', '.cxx', '.hpp', '.hh')
LANG_EXT = {'.go': 'go', '.rs': 'rust', '.py': 'python', '.sh': 'shell', '.bash': 'shell'}
AF_NAMES = {'AF_ALG', 'PF_ALG'}
STRONG = {'sockaddr_alg', 'SockaddrALG', 'AlgAddr', 'SOL_ALG', 'ALG_SET_KEY', 'ALG_SET_OP'}
# Commands that open AF_ALG sockets: libkcapi's tools and its hmaccalc
# links.  A distribution ships only some of them; where it does not, a
# script that runs the name runs something else or nothing (dracut's fips
# module calls sha512hmac, which Debian does not ship from libkcapi).
KCAPI_TOOLS = {'kcapi-dgst', 'kcapi-enc', 'kcapi-rng', 'kcapi-hasher', 'kcapi-speed',
               'sha1hmac', 'sha224hmac', 'sha256hmac', 'sha384hmac', 'sha512hmac',
               'sm3hmac', 'fipshmac'}
SHIPPED = {'debian': {'kcapi-dgst', 'kcapi-enc', 'kcapi-rng'}}
DISTRIBUTION = None     # set by scan; None: every tool counts
SHELL_QUICK = re.compile(r'kcapi-|hmac\b|-engine')


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


# Words before the command word of a simple command.
SH_RESERVED = {'if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', '{', '}', 'fi',
               'done', 'esac'}
SH_PREFIX = {'exec', 'nohup', 'time', 'env', 'sudo', 'nice', 'xargs', 'stdbuf', 'command'}
_ASSIGN = re.compile(r'[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=')


def _closing(text, i, close):
    """Index just past the construct opened before i and closed by close
    (')' for $( and (, '`' for backticks), quotes and nesting respected."""
    depth, n = 1, len(text)
    while i < n:
        c = text[i]
        if c == '\\':
            i += 2
            continue
        if close == '"':
            if c == '"':
                return i + 1
            if text.startswith('$(', i):
                i = _closing(text, i + 2, ')')
                continue
            if c == '`':
                i = _closing(text, i + 1, '`')
                continue
            i += 1
            continue
        if c == "'" and close != '`':
            j = text.find("'", i + 1)
            i = n if j < 0 else j + 1
            continue
        if c == '"':
            i = _closing(text, i + 1, '"')
            continue
        if c == close and (close == '`' or depth == 1):
            return i + 1
        if close == ')' and c == '(':
            depth += 1
        elif close == ')' and c == ')':
            depth -= 1
        i += 1
    return n


MAX_SH_DEPTH = 64      # command substitutions inside one another


def shell_commands(text, line=1, level=0):
    """(line, words) of every simple command a shell script runs, the words
    in command substitutions too; comments, here-documents and the headers
    of function definitions are not commands, and quoted text is one word
    (so a name inside a string is an argument, never a command).  Deeper
    than MAX_SH_DEPTH substitutions: RecursionError."""
    if level > MAX_SH_DEPTH:
        raise RecursionError('more than %d nested substitutions' % MAX_SH_DEPTH)
    out, cmd, word, wline = [], [], None, line
    heredocs, depth, i, n = [], 0, 0, len(text)

    def end_word():
        nonlocal word
        if word is not None:
            cmd.append((''.join(word[0]), word[1]))
            word = None

    def end_cmd(drop=False):
        nonlocal cmd
        end_word()
        if cmd and not drop:
            out.append((wline, cmd))
        cmd = []

    def add(t, quoted=False):
        nonlocal word, wline
        if word is None:
            word = ([], quoted)
            if not cmd:
                wline = line
        word[0].append(t)
    while i < n:
        c = text[i]
        if c == '\\' and i + 1 < n:
            if text[i + 1] == '\n':
                line += 1
            else:
                add(text[i + 1])
            i += 2
            continue
        if c == '\n':
            end_cmd()
            line += 1
            i += 1
            for delim in heredocs:      # skip the bodies of here-documents
                while i < n:
                    j = text.find('\n', i)
                    body = text[i:n if j < 0 else j]
                    i = n if j < 0 else j + 1
                    line += 1
                    if body.strip() == delim:
                        break
            heredocs = []
            continue
        if c in ' \t':
            end_word()
            i += 1
            continue
        if c == '#' and word is None:
            j = text.find('\n', i)
            i = n if j < 0 else j
            continue
        if c in ';&|':
            end_cmd()
            i += 1
            continue
        if c == '(' and word is None and text.startswith('((', i):
            j = text.find('))', i)          # arithmetic: no command
            i = n if j < 0 else j + 2
            continue
        if c == '(':
            if text[i + 1:].lstrip(' \t').startswith(')'):
                end_cmd(drop=True)          # name () { ...: a definition
                i = text.index(')', i) + 1
                continue
            end_cmd()
            depth += 1
            i += 1
            continue
        if c == ')':
            end_cmd(drop=depth == 0)        # a case pattern
            depth = max(depth - 1, 0)
            i += 1
            continue
        if c == '<' and text.startswith('<<', i) and not text.startswith('<<<', i):
            end_word()
            m = re.match(r'<<-?\s*([\'"]?)([^\s;&|<>()\'"]+)\1', text[i:])
            if m:
                heredocs.append(m.group(2))
                i += m.end()
                continue
        if c == "'":
            j = text.find("'", i + 1)
            j = n if j < 0 else j
            add(text[i + 1:j], True)
            line += text.count('\n', i, j)
            i = j + 1
            continue
        if c == '`' or text.startswith('$(', i) or c == '"':
            start = i + (2 if c == '$' else 1)
            close = {'`': '`', '$': ')', '"': '"'}[c]
            if c == '$' and text.startswith('$((', i):
                j = _closing(text, i + 3, ')')
                j = _closing(text, j, ')')
            else:
                j = _closing(text, start, close)
            inner = text[start:j - 1]
            if c == '"':
                k = 0           # substitutions inside the string run
                while k < len(inner):
                    if inner[k] == '\\':
                        k += 2
                        continue
                    if inner.startswith('$(', k) and not inner.startswith('$((', k):
                        e = _closing(inner, k + 2, ')')
                        out += shell_commands(inner[k + 2:e - 1],
                                              line + inner.count('\n', 0, k), level + 1)
                        k = e
                    elif inner[k] == '`':
                        e = _closing(inner, k + 1, '`')
                        out += shell_commands(inner[k + 1:e - 1],
                                              line + inner.count('\n', 0, k), level + 1)
                        k = e
                    else:
                        k += 1
            elif not (c == '$' and text.startswith('$((', i)):
                out += shell_commands(inner, line, level + 1)
            add(text[i:j], c == '"')
            line += text.count('\n', i, j)
            i = j
            continue
        add(c)
        i += 1
    end_cmd()
    return out


def command_word(words):
    """The word a simple command runs: after assignments, reserved words and
    prefixes such as exec or env (and their options)."""
    k, prefix = 0, False
    while k < len(words):
        w, quoted = words[k]
        if not quoted and (w in SH_RESERVED or _ASSIGN.match(w)):
            k += 1
            continue
        if not quoted and w in SH_PREFIX:
            if w == 'command' and k + 1 < len(words) and words[k + 1][0] in ('-v', '-V'):
                return None, []
            prefix = True
            k += 1
            continue
        if prefix and w.startswith('-'):
            k += 1
            continue
        return w, [x for x, _ in words[k + 1:]]
    return None, []


def shell_runs(text, distribution=None):
    """(line, why, shipped) for the commands of a script that open AF_ALG:
    a kcapi tool, or openssl with -engine afalg; shipped is False for a tool
    the distribution does not ship."""
    ship = SHIPPED.get(distribution)
    hits = []
    for line, words in shell_commands(text):
        w, args = command_word(words)
        if not w:
            continue
        name = w.rsplit('/', 1)[-1]
        if name in KCAPI_TOOLS:
            hits.append((line, 'runs %s' % name, ship is None or name in ship))
        elif name == 'openssl' and any(a == '-engine' and b == 'afalg'
                                       for a, b in zip(args, args[1:])):
            hits.append((line, 'runs openssl -engine afalg', True))
    return hits


def scan_source(path, data, distribution=None):
    """A finding for a source file, or None.  distribution (default: the
    module's DISTRIBUTION) decides which kcapi tools a script can run."""
    lang = language(path, data[:128])
    if not lang or (lang != 'shell' and not QUICK.search(data)):
        return None
    text = data.decode('utf-8', errors='replace')
    if lang == 'shell':
        if not SHELL_QUICK.search(text):
            return None
        dist = distribution or DISTRIBUTION
        try:
            hits = shell_runs(text, dist)
        except RecursionError:
            raise Error('shell script nested too deep to read (command substitutions or '
                        'quotes)') from None
        if not hits:
            return None
        run = [h for h in hits if h[2]]
        ev = [{'why': 'line %d: %s' % (ln, why), 'line': ln} for ln, why, _ in run] + \
            [{'why': 'line %d: %s, which %s does not ship (not an AF_ALG user there)'
              % (ln, why, dist), 'line': ln} for ln, why, ok in hits if not ok]
        return {'path': path, 'kind': 'source', 'language': 'shell',
                'confidence': 'certain' if run else 'possible',
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
