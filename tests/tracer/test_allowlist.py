#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer": the allowlists afalg-trace applies (afalg-trace
--allowlists, from tracer/restrict.c) and those of its bpftrace edition
(afalg-trace-bt --allowlists) are the catalogue's
(catalogue/afalg-names.json, read here) and the matrix's
(tests/lib/afalg_matrix.py, written by hand from the description of
mainline's restriction).  Any difference fails.  The kernel series' own
table is compared with the catalogue in tests/unit/test_catalogue.py."""
import json
import os
import subprocess

from kctest import Tap
import afalg_matrix as matrix

TOP = os.environ.get('AFALG_TOP', os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))
CATALOGUE = os.path.join(TOP, 'catalogue', 'afalg-names.json')


def catalogue_allowlists():
    """{type: {name: 'any'|'privileged'}}, every type of the catalogue."""
    with open(CATALOGUE) as f:
        cat = json.load(f)
    out = {t: {} for t in cat['types']}
    for e in cat['allowlists']:
        out[e['type']][e['name']] = e['who']
    return out


def main():
    tap = Tap()
    want = catalogue_allowlists()
    for env, what in (('AFALG_TRACE', 'afalg-trace'),
                      ('AFALG_TRACE_FOLD', 'afalg-trace-bt (the bpftrace edition\'s copy)')):
        r = subprocess.run([os.environ[env], '--allowlists'], capture_output=True,
                           text=True, timeout=60)
        try:
            tracer = json.loads(r.stdout)
        except ValueError:
            tracer = None
        tap.ok(r.returncode == 0 and tracer == want,
               '%s --allowlists is the catalogue (%d names)' % (
                   what, sum(len(v) for v in want.values())),
               'tracer %s\ncatalogue %s' % (tracer, want))
    oracle = {}
    for (typ, name), who in list(matrix.ALLOWED.items()) + list(matrix.ALLOWED_ELSEWHERE.items()):
        oracle.setdefault(typ, {})[name] = 'privileged' if who == 'P' else 'any'
    tap.ok({t: v for t, v in want.items() if v} == oracle,
           'the catalogue is the matrix\'s (tests/lib/afalg_matrix.py)',
           'catalogue %s\nmatrix %s' % (want, oracle))
    tap.done()

if __name__ == '__main__':
    main()
