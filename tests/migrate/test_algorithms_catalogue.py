#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""afalg_migrate/algorithms.json against the library it points to.

The plan tells a maintainer "replace AF_ALG name X with function F from
header H".  Each F written as "name()" must be declared in H (or in a
<crypto/...> header H includes), and H must exist in include/crypto/ (or be a libc header of this machine):
the headers are the expected side here, read as the compiler would find
them, not anything afalg-migrate says.
"""
import json
import os
import re

from kctest import run_tests

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CATALOGUE = os.path.join(TOP, 'migrate', 'afalg_migrate', 'algorithms.json')
INCLUDE = os.path.join(TOP, 'include')


def header_text(header, seen=None):
    """The text of <crypto/x.h> and of the <crypto/...> headers it
    includes, or None when the header does not exist."""
    seen = set() if seen is None else seen
    if header in seen:
        return ''
    seen.add(header)
    path = os.path.join(INCLUDE, header)
    if not os.path.isfile(path):
        return None
    with open(path) as f:
        text = f.read()
    for inc in re.findall(r'#include <(crypto/[^>]+)>', text):
        more = header_text(inc, seen)
        if more:
            text += more
    return text


def system_header_text(header):
    """A libc header (getrandom() in <sys/random.h>), as the compiler of
    this machine finds it."""
    for d in ('/usr/include', '/usr/include/x86_64-linux-gnu',
              '/usr/include/aarch64-linux-gnu'):
        path = os.path.join(d, header)
        if os.path.isfile(path):
            with open(path) as f:
                return f.read()
    return None


def functions_named(library):
    """Identifiers written as "name()" in a 'library' field; names with a
    wildcard (hmac_sha3_*_usingrawkey) are families, not checked here."""
    return [m for m in re.findall(r'([A-Za-z_][A-Za-z0-9_*]*)\(\)', library)
            if '*' not in m]


def test_headers_declare_functions(tap):
    with open(CATALOGUE) as f:
        entries = json.load(f)['algorithms']
    for e in entries:
        m = re.fullmatch(r'<([A-Za-z0-9_/.-]+\.h)>', e['header'])
        if not m:
            tap.ok(False, '%s: header %r is not <...>' % (e['match'], e['header']))
            continue
        if m.group(1).startswith('crypto/'):
            text = header_text(m.group(1))
        else:
            text = system_header_text(m.group(1))
        if text is None:
            tap.ok(False, '%s: %s does not exist in include/' % (e['match'], e['header']))
            continue
        names = functions_named(e['library'])
        missing = [n for n in names
                   if not re.search(r'\b%s\s*\(' % re.escape(n), text)]
        tap.ok(not missing, '%s: %s declares %s%s' % (
            e['match'], e['header'], ', '.join(names) or '(no function named)',
            ('; missing: ' + ', '.join(missing)) if missing else ''))


if __name__ == '__main__':
    run_tests(test_headers_declare_functions)
