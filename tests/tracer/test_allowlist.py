#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer": the allowlists afalg-trace applies (afalg-trace
--allowlists, from tracer/restrict.c) and those of its bpftrace edition
(afalg-trace-bt --allowlists) are the kernel series' table
(kernel-patches/src/0001-af-alg-restrict/crypto/af_alg_restrict.c, parsed
here) and the matrix's (tests/lib/afalg_matrix.py, written from the
description of mainline's restriction).  Any difference fails."""
import json
import os
import subprocess

from kctest import Tap
import afalg_matrix as matrix

TOP = os.environ.get('AFALG_TOP', os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))
KERNEL_TABLE = os.path.join(TOP, 'kernel-patches', 'src', '0001-af-alg-restrict',
                            'crypto', 'af_alg_restrict.c')


def main():
    tap = Tap()
    with open(KERNEL_TABLE) as f:
        kernel = matrix.kernel_allowlists(f.read())
    tap.ok(kernel and all(v is not None for v in kernel.values()) and
           sum(len(v) for v in kernel.values()) >= 20,
           'the kernel series\' allowlists parse (%d types, %d names)' % (
               len(kernel or {}), sum(len(v or {}) for v in (kernel or {}).values())), kernel)
    for env, what in (('AFALG_TRACE', 'afalg-trace'),
                      ('AFALG_TRACE_FOLD', 'afalg-trace-bt (the bpftrace edition\'s copy)')):
        r = subprocess.run([os.environ[env], '--allowlists'], capture_output=True,
                           text=True, timeout=60)
        try:
            tracer = json.loads(r.stdout)
        except ValueError:
            tracer = None
        tap.ok(r.returncode == 0 and tracer == kernel,
               '%s --allowlists is the kernel series\' table' % what,
               'tracer %s\nkernel %s' % (tracer, kernel))
    want = {}
    for (typ, name), who in matrix.ALLOWED.items():
        want.setdefault(typ, {})[name] = 'privileged' if who == 'P' else 'any'
    got = {t: v for t, v in (kernel or {}).items() if v}
    tap.ok(got == want, 'the kernel series\' table is the matrix\'s (tests/lib/afalg_matrix.py)',
           'kernel %s\nmatrix %s' % (got, want))
    # the parser can fail: a table with one entry changed is not the same
    with open(KERNEL_TABLE) as f:
        changed = matrix.kernel_allowlists(f.read().replace('{ "md5", true }', '{ "md5" }', 1))
    tap.ok(changed != kernel, 'a changed entry (md5 made open to all) is seen as a difference')
    tap.done()


if __name__ == '__main__':
    main()
