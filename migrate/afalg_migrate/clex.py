# SPDX-License-Identifier: GPL-2.0
"""A small lexer for C-family sources (C, C++, Go, Rust).

It yields the identifiers, numbers, string literals and punctuation of a
file with their offsets and line numbers, and never looks inside comments:
rewrite and scan use it so that a name in a comment or a string literal is
never taken for code.
"""
import re
from collections import namedtuple

Token = namedtuple('Token', 'kind text start end line')

_ID = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
_NUM = re.compile(r'(?:0[xX][0-9A-Fa-f_]+|0[bB][01_]+|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][+-]?[0-9]+)?)[A-Za-z0-9_]*')
_RUST_RAW = re.compile(r'r(#*)"')


def _string_end(text, i, quote):
    """Offset after the literal that opens with quote at text[i]."""
    j = i + 1
    n = len(text)
    while j < n:
        c = text[j]
        if c == '\\':
            j += 2
            continue
        if c == quote:
            return j + 1
        if c == '\n' and quote == "'":
            return j      # a lone apostrophe (Rust lifetime): stop at the line end
        j += 1
    return n


def tokens(text, lang='c'):
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == '\n':
            line += 1
            i += 1
            continue
        if c in ' \t\r\f\v\\':
            i += 1
            continue
        if text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
            continue
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            line += text.count('\n', i, j)
            i = j
            continue
        if lang == 'rust':
            m = _RUST_RAW.match(text, i)
            if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')):
                close = '"' + m.group(1)
                j = text.find(close, m.end())
                j = n if j < 0 else j + len(close)
                yield Token('str', text[i:j], i, j, line)
                line += text.count('\n', i, j)
                i = j
                continue
        if c == '"' or (c == "'" and lang != 'rust') or (c == '`' and lang == 'go'):
            j = text.find('`', i + 1) + 1 if c == '`' else _string_end(text, i, c)
            if j <= 0:
                j = n
            yield Token('str' if c != "'" else 'chr', text[i:j], i, j, line)
            line += text.count('\n', i, j)
            i = j
            continue
        if c == "'":                       # Rust: char literal or lifetime
            m = re.match(r"'(?:\\.|[^\\'\n])'", text[i:i + 12])
            if m:
                yield Token('chr', m.group(0), i, i + m.end(), line)
                i += m.end()
            else:
                i += 1
            continue
        m = _ID.match(text, i)
        if m:
            yield Token('id', m.group(0), i, m.end(), line)
            i = m.end()
            continue
        m = _NUM.match(text, i)
        if m:
            yield Token('num', m.group(0), i, m.end(), line)
            i = m.end()
            continue
        yield Token('punct', c, i, i + 1, line)
        i += 1


def string_value(tok):
    """The contents of a simple C string literal token (escapes kept)."""
    t = tok.text
    if len(t) >= 2 and t[0] == t[-1] and t[0] in '"`':
        return t[1:-1]
    return None


def int_value(tok):
    try:
        return int(re.sub(r'[uUlL_]+$', '', tok.text.replace('_', '')), 0)
    except ValueError:
        return None
