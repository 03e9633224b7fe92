# SPDX-License-Identifier: GPL-2.0
"""Test vectors from Linux 6.12 crypto/testmgr.h, read at test time.

The header is taken from the unpacked linux-source-6.12 tree that
kernel-patches/kbuild keeps in ${XDG_CACHE_HOME:-~/.cache}/afalg-exit
(its "base" tag, i.e. before the project's series) or from $KC_TESTMGR.
Vectors are facts: this module only parses the C initialisers
(`static const struct cipher_testvec NAME[] = { { .key = "\\x..", ... }, }`)
into dicts of bytes and numbers; it computes nothing.
"""
import glob
import os
import re
import subprocess

_cache = {}


def source():
    """(text, where) of testmgr.h, or (None, reason)."""
    if 'text' in _cache:
        return _cache['text']
    res = (None, 'no Linux 6.12 tree (run kernel-patches/kbuild --tree-only, or set KC_TESTMGR)')
    env = os.environ.get('KC_TESTMGR')
    if env:
        with open(env, encoding='latin-1') as fp:
            res = (fp.read(), env)
    else:
        cache = os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache')
        for tree in sorted(glob.glob(os.path.join(cache, 'afalg-exit', 'linux-6.12.*'))):
            try:
                text = subprocess.run(['git', '-C', tree, 'show', 'base:crypto/testmgr.h'],
                                      capture_output=True, check=True).stdout.decode('latin-1')
                res = (text, tree + ' (tag base)')
                break
            except (subprocess.CalledProcessError, OSError):
                path = os.path.join(tree, 'crypto', 'testmgr.h')
                if os.path.exists(path):
                    with open(path, encoding='latin-1') as fp:
                        res = (fp.read(), path)
                    break
    _cache['text'] = res
    return res


_ESC = {'n': 10, 't': 9, 'r': 13, '0': 0, '\\': 92, '"': 34, "'": 39, 'a': 7,
        'b': 8, 'f': 12, 'v': 11}


def _cstring(body):
    """Decode the inside of one C string literal."""
    out = bytearray()
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != '\\':
            out.append(ord(ch))
            i += 1
            continue
        nxt = body[i + 1]
        if nxt == 'x':
            m = re.match(r'[0-9a-fA-F]+', body[i + 2:])
            out.append(int(m.group(0), 16) & 0xff)
            i += 2 + len(m.group(0))
        elif nxt in '01234567':
            m = re.match(r'[0-7]{1,3}', body[i + 1:])
            out.append(int(m.group(0), 8))
            i += 1 + len(m.group(0))
        else:
            out.append(_ESC[nxt])
            i += 2
    return bytes(out)


def _strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', text)


def _value(v):
    v = re.sub(r'^\(\s*(?:const\s+)?(?:unsigned\s+)?(?:char|u8)\s*\*\s*\)', '', v.strip()).strip()
    if v == 'NULL':
        return b''
    if v.startswith('"'):
        return b''.join(_cstring(s) for s in re.findall(r'"((?:[^"\\]|\\.)*)"', v))
    if v.startswith('{'):
        return v
    expr = v.replace('true', '1').replace('false', '0')
    expr = re.sub(r'-E[A-Z]+', '-1', expr)
    if re.fullmatch(r'[0-9a-fA-FxX+\-*/() \t\n]+', expr):
        return int(eval(expr, {}))  # integer arithmetic of literals only
    # An uninitialised (all-zero) array such as zeroed_string.
    m = re.search(r'static const (?:char|u8) %s\[(\d+)\];' % re.escape(v),
                  source()[0] or '')
    if m:
        return bytes(int(m.group(1)))
    return v


def _split_top(text, sep):
    """Split at @sep outside braces and string literals."""
    parts, depth, cur, i, inq = [], 0, [], 0, False
    while i < len(text):
        ch = text[i]
        if inq:
            cur.append(ch)
            if ch == '\\':
                cur.append(text[i + 1])
                i += 1
            elif ch == '"':
                inq = False
        elif ch == '"':
            inq = True
            cur.append(ch)
        elif ch == '{':
            depth += 1
            cur.append(ch)
        elif ch == '}':
            depth -= 1
            cur.append(ch)
        elif ch == sep and depth == 0:
            parts.append(''.join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    parts.append(''.join(cur))
    return parts


def vectors(name):
    """The entries of array @name as a list of dicts (field -> bytes/int)."""
    text, where = source()
    if text is None:
        raise LookupError(where)
    m = re.search(r'static const struct \w+ %s\[\]\s*=\s*\{' % re.escape(name), text)
    if not m:
        raise KeyError('%s not in %s' % (name, where))
    start = m.end()
    depth, i, inq = 1, start, False
    while depth:
        ch = text[i]
        if inq:
            if ch == '\\':
                i += 1
            elif ch == '"':
                inq = False
        elif ch == '"':
            inq = True
        elif ch == '{':
            depth += 1
        elif ch == '}':
            depth -= 1
        i += 1
    body = _strip_comments(text[start:i - 1])
    if '#if' in body:
        raise ValueError('%s has preprocessor conditionals' % name)
    out = []
    for ent in _split_top(body, ','):
        ent = ent.strip()
        if not ent:
            continue
        if not (ent.startswith('{') and ent.endswith('}')):
            raise ValueError('%s: unexpected entry %r' % (name, ent[:60]))
        d = {}
        for field in _split_top(ent[1:-1], ','):
            field = field.strip()
            if not field:
                continue
            fm = re.match(r'\.(\w+)\s*=\s*(.*)$', field, re.S)
            if not fm:
                raise ValueError('%s: unexpected field %r' % (name, field[:60]))
            d[fm.group(1)] = _value(fm.group(2))
        out.append(d)
    return out


def with_nul(s, n, name):
    """@s as the C array of @n bytes it initialises: a literal may be longer
    than the field's length, or shorter by its terminating NUL."""
    s = s + b'\0'
    if len(s) < n:
        raise ValueError('%s: a string is shorter than its length field' % name)
    return s[:n]


def cipher_vectors(name):
    """cipher_testvec entries as dicts with key/iv/ptext/ctext trimmed to
    .klen and .len (a string literal may be longer than its length field)."""
    res = []
    for v in vectors(name):
        n = v.get('len')
        e = dict(v)
        for f, lf in (('key', 'klen'), ('ptext', 'len'), ('ctext', 'len')):
            e[f] = with_nul(v.get(f, b''), v.get(lf, len(v.get(f, b''))), name)
        res.append(e)
    return res
