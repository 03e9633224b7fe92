#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Compare two afalg-conformance transcripts: the kernel's and the shim's.

    compare.py NATIVE SHIM [--divergences shim/DIVERGENCES.md] [--tap]

Each scenario is classified:
  identical     every line equal
  divergence    only documented divergences differ: the native line is
                "[Dn] ..." and the shim line "DIVERGENCE Dn ...", with Dn
                listed in shim/DIVERGENCES.md
  failure       anything else (the first differing pair is printed), or a
                transcript cut short (no END line: crash or watchdog)
  kernel lacks  the algorithm is not in the guest kernel (not comparable)
  shim lacks    the shim does not serve the algorithm (not comparable)

Prints a summary table; exit status 1 when a scenario failed.  With --tap
every scenario is a TAP test point (skips for the not comparable ones).
"""

import argparse
import collections
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))


def parse(path):
    """-> (header lines, OrderedDict scenario -> dict(lines, end, unavail))"""
    header = []
    scs = collections.OrderedDict()
    with open(path, encoding='utf-8', errors='replace') as fp:
        for raw in fp:
            line = raw.rstrip('\n')
            if not line or line.startswith('#'):
                header.append(line)
                continue
            name, _, rest = line.partition(' ')
            sc = scs.setdefault(name, {'lines': [], 'end': False,
                                       'unavail': None})
            if rest == 'END':
                sc['end'] = True
                continue
            step, _, text = rest.partition(' ')
            if step == '0' and text.startswith('UNAVAILABLE '):
                sc['unavail'] = text[len('UNAVAILABLE '):]
                continue
            sc['lines'].append((step, text))
    return header, scs


def documented(path):
    ids = set()
    try:
        with open(path, encoding='utf-8') as fp:
            for line in fp:
                m = re.match(r'\|\s*(D\d+)\b', line)
                if m:
                    ids.add(m.group(1))
    except OSError:
        pass
    return ids


DIV_NATIVE = re.compile(r'^\[(D\d+)\] ')
DIV_SHIM = re.compile(r'^DIVERGENCE (D\d+) ')


def compare_scenario(nat, shim, docs):
    """-> (status, detail, divergence ids)"""
    if nat is None or shim is None:
        return 'failure', 'scenario missing from the %s transcript' % (
            'native' if nat is None else 'shim'), []
    if nat['unavail'] or shim['unavail']:
        if nat['unavail'] and shim['unavail']:
            return 'neither', nat['unavail'], []
        if nat['unavail']:
            return 'kernel lacks', nat['unavail'], []
        return 'shim lacks', shim['unavail'], []
    divs = []
    a, b = nat['lines'], shim['lines']
    for i in range(max(len(a), len(b))):
        la = a[i] if i < len(a) else None
        lb = b[i] if i < len(b) else None
        if la == lb:
            continue
        if la and lb and la[0] == lb[0]:
            mn, ms = DIV_NATIVE.match(la[1]), DIV_SHIM.match(lb[1])
            if mn and ms and mn.group(1) == ms.group(1):
                if ms.group(1) not in docs:
                    return 'failure', 'divergence %s is not documented in shim/DIVERGENCES.md:\n  native: %s\n  shim:   %s' % (
                        ms.group(1), la[1], lb[1]), divs
                divs.append(ms.group(1))
                continue
        fmt = lambda l: '%s %s' % l if l else '(end of scenario)'
        return 'failure', 'first difference:\n  native: %s\n  shim:   %s' % (
            fmt(la), fmt(lb)), divs
    if not nat['end'] or not shim['end']:
        side = 'native' if not nat['end'] else 'shim'
        last = (nat if side == 'native' else shim)['lines'][-1:]
        return 'failure', '%s transcript cut short after: %s' % (
            side, ' '.join(last[0]) if last else '(nothing)'), divs
    return ('divergence' if divs else 'identical'), '', divs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('native')
    ap.add_argument('shim')
    ap.add_argument('--divergences',
                    default=os.path.join(TOP, 'shim', 'DIVERGENCES.md'))
    ap.add_argument('--tap', action='store_true')
    ap.add_argument('--max-failures', type=int, default=30,
                    help='failures printed in full (default 30)')
    args = ap.parse_args()

    docs = documented(args.divergences)
    hn, nat = parse(args.native)
    hs, shim = parse(args.shim)
    names = list(nat) + [n for n in shim if n not in nat]
    counts = collections.Counter()
    divcount = collections.Counter()
    lacks = collections.defaultdict(set)
    failures = []
    n = 0
    if args.tap:
        print('TAP version 13')
        print('1..%d' % len(names))
    for name in names:
        n += 1
        status, detail, divs = compare_scenario(nat.get(name),
                                                shim.get(name), docs)
        counts[status] += 1
        for d in divs:
            divcount[d] += 1
        if status in ('kernel lacks', 'shim lacks', 'neither'):
            lacks[status].add(detail)
        if status == 'failure':
            failures.append((name, detail))
        if args.tap:
            if status in ('identical', 'divergence'):
                print('ok %d - %s%s' % (n, name, ' (divergences: %s)' % ','.join(
                    sorted(set(divs))) if divs else ''))
            elif status == 'failure':
                print('not ok %d - %s' % (n, name))
                for l in detail.splitlines():
                    print('# ' + l)
            else:
                print('ok %d - %s # SKIP %s: %s' % (n, name, status, detail))

    out = sys.stdout
    pfx = '# ' if args.tap else ''
    for h in hn[:1] + hs[:1]:
        print(pfx + h, file=out)
    print(pfx + 'conformance summary', file=out)
    print(pfx + '  scenarios run          %5d' % len(names), file=out)
    print(pfx + '  identical              %5d' % counts['identical'], file=out)
    print(pfx + '  documented divergences %5d  (%s)' % (
        counts['divergence'], ', '.join('%s x%d' % (d, c) for d, c in
                                        sorted(divcount.items(),
                                               key=lambda x: int(x[0][1:])))),
        file=out)
    print(pfx + '  failures               %5d' % counts['failure'], file=out)
    print(pfx + '  not comparable         %5d  (kernel lacks %d, shim lacks %d, neither %d)' % (
        counts['kernel lacks'] + counts['shim lacks'] + counts['neither'],
        counts['kernel lacks'], counts['shim lacks'], counts['neither']),
        file=out)
    for k in ('shim lacks', 'kernel lacks'):
        if lacks[k]:
            print(pfx + '  %s: %s' % (k, ', '.join(sorted(lacks[k]))),
                  file=out)
    if failures and not args.tap:
        for name, detail in failures[:args.max_failures]:
            print('FAIL %s' % name)
            print('  ' + detail.replace('\n', '\n  '))
        if len(failures) > args.max_failures:
            print('... and %d more failures' % (
                len(failures) - args.max_failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
