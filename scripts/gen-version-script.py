#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write an ld version script exporting exactly the EXPORT_SYMBOL*() names.

The kernel's export list is the single source of truth for what libkcrypto
offers; everything else (arch entry points, helpers) stays local.
"""
import argparse
import re
import sys

EXPORT_RE = re.compile(r'^\s*EXPORT_SYMBOL(?:_GPL|_NS_GPL|_NS)?\(\s*([A-Za-z_][A-Za-z0-9_]*)',
                       re.MULTILINE)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--name', required=True)
    ap.add_argument('--output', required=True)
    ap.add_argument('sources', nargs='+')
    args = ap.parse_args()
    names = set()
    for path in args.sources:
        if not path.endswith('.c'):
            continue
        with open(path, encoding='utf-8') as f:
            names.update(EXPORT_RE.findall(f.read()))
    if not names:
        sys.exit('gen-version-script: no EXPORT_SYMBOL lines found')
    with open(args.output, 'w', encoding='utf-8') as out:
        out.write('%s {\nglobal:\n' % args.name)
        for n in sorted(names):
            out.write('\t%s;\n' % n)
        out.write('local:\n\t*;\n};\n')


if __name__ == '__main__':
    main()
