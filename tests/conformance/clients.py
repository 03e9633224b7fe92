# SPDX-License-Identifier: GPL-2.0
"""Judge the real-client runs of clients.sh (AF_ALG modes 0, 1, 2).

For every client:
  mode 0  native does its work through AF_ALG; the shim does too, with the
          same output
  mode 1  as mode 0, and the native run leaves the kernel's "AF_ALG in
          use" line in the log while the shim run leaves none
  mode 2  native fails (the knob bites: no AF_ALG work done); the shim
          succeeds with the output the native run had in mode 0, and
          leaves no log line
"""
import collections
import re

LINE = re.compile(r'^CLIENT (\S+) MODE (\d) RUN (native|shim) RC (\d+) '
                  r'USED (yes|no) WARN (\d+) OUT ([0-9a-f]+) MS (\d+)$')


def parse(path):
    runs = {}
    order = []
    detail = collections.defaultdict(list)
    with open(path, encoding='utf-8', errors='replace') as fp:
        for line in fp:
            line = line.rstrip('\n')
            m = LINE.match(line)
            if m:
                name, mode, kind, rc, used, warn, out, ms = m.groups()
                runs[(name, int(mode), kind)] = dict(
                    rc=int(rc), used=used == 'yes', warn=int(warn), out=out,
                    ms=int(ms))
                if name not in order:
                    order.append(name)
            elif line.startswith('  '):
                parts = line.split(None, 3)
                if len(parts) >= 3:
                    detail[(parts[0], int(parts[1]) if parts[1].isdigit()
                            else -1, parts[2])].append(line.strip())
    return order, runs, detail


def judge(name, mode, runs):
    """-> (native verdict, shim verdict, ok, reason)"""
    nat = runs.get((name, mode, 'native'))
    shm = runs.get((name, mode, 'shim'))
    ref = runs.get((name, 0, 'native'))
    if not nat or not shm:
        return '-', '-', False, 'run missing'
    why = []
    if mode in (0, 1):
        nv = 'ok' if nat['used'] and nat['rc'] == 0 else 'FAIL'
        if nv != 'ok':
            why.append('native did not work through AF_ALG (rc %d)' % nat['rc'])
    else:
        nv = 'denied' if not nat['used'] else 'NOT DENIED'
        if nat['used']:
            why.append('native still worked through AF_ALG in mode 2')
    sv = 'ok' if shm['used'] and shm['rc'] == 0 else 'FAIL'
    if sv != 'ok':
        why.append('shim run failed (rc %d)' % shm['rc'])
    elif ref and shm['out'] != ref['out']:
        sv = 'DIFF'
        why.append('shim output differs from native mode 0')
    if mode == 1:
        nv += ' warn=%d' % nat['warn']
        if nat['warn'] < 1:
            why.append('no kernel log line for the native run')
    if shm['warn']:
        why.append('the shim run left %d kernel log lines' % shm['warn'])
    sv += ' warn=%d' % shm['warn'] if mode else ''
    return nv, sv, not why, '; '.join(why)


def report(tap, path):
    order, runs, detail = parse(path)
    if not order:
        tap.ok(False, 'clients ran in the guest', 'no CLIENT lines in %s' %
               path)
        return
    rows = []
    for name in order:
        for mode in (0, 1, 2):
            nv, sv, ok, why = judge(name, mode, runs)
            rows.append((name, mode, nv, sv))
            diag = [why]
            for kind in ('native', 'shim'):
                diag += detail.get((name, mode, kind), [])[:6]
            tap.ok(ok, 'client %s mode %d: native %s, shim %s' %
                   (name, mode, nv, sv), '\n'.join(diag))
    tot = sum(r['ms'] for r in runs.values())
    tap.diag('client run time %.1fs: %s' % (tot / 1000.0, ', '.join(
        '%s %.1fs' % (n, sum(r['ms'] for k, r in runs.items() if k[0] == n)
                      / 1000.0) for n in order)))
    tap.diag('real clients (native / under the shim), per AF_ALG mode')
    tap.diag('  %-22s %-24s %-24s %-24s' % ('client', 'mode 0', 'mode 1',
                                            'mode 2'))
    for name in order:
        cells = []
        for mode in (0, 1, 2):
            r = [x for x in rows if x[0] == name and x[1] == mode][0]
            cells.append('%s / %s' % (r[2], r[3]))
        tap.diag('  %-22s %-24s %-24s %-24s' % (name, *cells))
