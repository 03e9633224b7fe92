# SPDX-License-Identifier: GPL-2.0
"""The shim exports exactly the libc functions it interposes (nm -D).

A preloaded library that exported sha256() or any libkcrypto symbol would
take it over in every program: the dynamic symbol table must hold the
interposed functions and nothing else, and no libkcrypto symbol may be
visible.
"""
import os
import re
import subprocess

from shimtest import SHIM, run_tests

MAP = os.path.join(os.path.dirname(__file__), '..', '..', 'shim',
                   'libafalg-shim.map')


def interposed_set():
    """The symbols the version script exports."""
    text = open(MAP).read()
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    glob = text.split('global:')[1].split('local:')[0]
    want = set(s.strip() for s in glob.replace('\n', ' ').split(';')
               if s.strip())
    return want


def exported():
    """The shim's defined dynamic symbols."""
    out = subprocess.run(['nm', '-D', '--defined-only', SHIM],
                         capture_output=True, text=True, check=True).stdout
    got = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'TtWwDdBbVvi':
            got.add(parts[2].split('@')[0])
    return got


def check_exports(tap):
    want, got = interposed_set(), exported()
    tap.ok(got == want, 'dynamic symbols are exactly the interposed set',
           'extra: %s\nmissing: %s' % (sorted(got - want), sorted(want - got)))
    libc = subprocess.run(['nm', '-D', '--defined-only',
                           '/lib/x86_64-linux-gnu/libc.so.6'],
                          capture_output=True, text=True).stdout
    libc_syms = set(l.split()[-1].split('@')[0] for l in libc.splitlines()
                    if len(l.split()) == 3)
    if libc_syms:
        tap.ok(want <= libc_syms, 'every exported symbol is a libc function',
               'not in libc: %s' % sorted(want - libc_syms))
    else:
        tap.skip('exported symbols are libc functions', 'no x86_64 libc')
    for sym in ('sha256', 'hmac_sha256_usingrawkey', 'afs_get',
                'afs_alg_lookup'):
        tap.ok(sym not in got, 'internal symbol %s is not exported' % sym)


if __name__ == '__main__':
    run_tests(check_exports)
