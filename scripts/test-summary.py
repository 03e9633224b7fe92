#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Fold meson test logs into one summary.

Arguments are CONFIG:BUILDDIR (or BUILDFAIL:CONFIG).  A TAP test counts
each test point; an 'exitcode' test counts once.  A TAP test that failed
without a failing test point (crash, timeout, bad plan) adds one failure, so
nothing that went wrong can disappear from the count.  Prints a table per
configuration and suite, then the line "N passed, N failed, N skipped".
"""
import json
import os
import re
import subprocess
import sys

TAP_RE = re.compile(r'^(not ok|ok)\b(.*)$')


def count_tap(text):
    p = f = s = 0
    for line in text.splitlines():
        m = TAP_RE.match(line)
        if not m:
            continue
        if m.group(1) == 'not ok':
            if re.search(r'#\s*TODO', m.group(2), re.I):
                continue
            f += 1
        elif re.search(r'#\s*SKIP', m.group(2), re.I):
            s += 1
        else:
            p += 1
    return p, f, s


def suites_of(builddir):
    """Map test name -> suite names (the testlog of meson 1.0 lacks them)."""
    try:
        out = subprocess.run(['meson', 'introspect', '--tests', builddir],
                             capture_output=True, text=True, check=True).stdout
        return {t['name']: t.get('suite', []) for t in json.loads(out)}
    except (OSError, subprocess.CalledProcessError, ValueError):
        return {}


def main():
    total = [0, 0, 0]
    rows = []
    failures = []
    for arg in sys.argv[1:]:
        name, _, path = arg.partition(':')
        if name == 'BUILDFAIL':
            rows.append((path, '(build)', 0, 1, 0))
            failures.append('%s: build failed' % path)
            total[1] += 1
            continue
        per_suite = {}
        suites = suites_of(path)
        path = os.path.join(path, 'meson-logs', 'testlog.json')
        try:
            lines = open(path, encoding='utf-8').read().splitlines()
        except OSError:
            lines = []
            failures.append('%s: no test log (%s)' % (name, path))
            total[1] += 1
        for line in lines:
            t = json.loads(line)
            name_ = t.get('name', '')
            if ' / ' in name_:
                # meson 1.0 names tests "project:suite / name" when suites differ.
                suite = name_.split(' / ', 1)[0].split(':')[-1]
            else:
                suite = ','.join(x.split(':')[-1] for x in suites.get(name_, [])) or '-'
            result = t.get('result', '')
            if t.get('protocol', 'exitcode') == 'tap' or 'TAP version' in (t.get('stdout') or ''):
                p, f, s = count_tap(t.get('stdout') or '')
                if result not in ('OK', 'SKIP', 'EXPECTEDFAIL') and f == 0:
                    f = 1
                if result == 'SKIP' and p + f + s == 0:
                    s = 1
            else:
                p = 1 if result in ('OK', 'EXPECTEDFAIL') else 0
                s = 1 if result == 'SKIP' else 0
                f = 1 if not (p or s) else 0
            if f:
                failures.append('%s: %s (%s)' % (name, t.get('name'), result))
            acc = per_suite.setdefault(suite, [0, 0, 0])
            for i, v in enumerate((p, f, s)):
                acc[i] += v
                total[i] += v
        for suite, (p, f, s) in sorted(per_suite.items()):
            rows.append((name, suite, p, f, s))

    print()
    print('%-10s %-14s %8s %8s %8s' % ('config', 'suite', 'passed', 'failed', 'skipped'))
    for r in rows:
        print('%-10s %-14s %8d %8d %8d' % r)
    if failures:
        print()
        print('Failures:')
        for f in failures:
            print('  ' + f)
    print()
    print('%d passed, %d failed, %d skipped' % tuple(total))
    return 1 if total[1] else 0


if __name__ == '__main__':
    sys.exit(main())
