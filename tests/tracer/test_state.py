#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer": the state file (--state, tracer/SCHEMA.md "State") as
hostile input, on the host under bpf-deny (nothing is traced: the tracer
reads its state file before it loads anything, then bpf() is refused).

A state file written by statefile.py from the schema is read without a
word; a missing one is no error; every bad one (wrong version, truncated,
altered, hostile records resealed with a valid checksum, other filters)
is named in exactly one line, not carried, and kept aside as FILE.bad
byte for byte; a file that cannot be read stops the tracer and stays
where it is; and a few hundred seeded random mutations of the good file
are each refused that way, never a crash (a sanitizer report or a
signal fails the test)."""
import os
import random
import shutil
import subprocess

from kctest import run_tests
import statefile as sf

TRACE = os.environ['AFALG_TRACE']
MUTATIONS = int(os.environ.get('AFALG_STATE_MUTATIONS', '300'))


def good_rows():
    """A socket row, a hash row whose two processes share a pid (a pid
    reused across a restart: two processes), an overflow row."""
    return [
        {'exe': '/usr/bin/x', 'cgroup': '/a', 'uid': 0, 'caps': 3,
         'procs': [{'pid': 7, 'ppid': 1, 'pidns': 4026531836, 'mntns': 4026531841,
                    'comm': 'x', 'counts': {'sockets': 2}}]},
        {'exe': '/usr/bin/x', 'cgroup': '/a', 'uid': 0, 'caps': 3, 'type': 'hash',
         'alg': 'sha256', 'keylens': [16, -2],
         'procs': [{'pid': 7, 'ppid': 1, 'pidns': 4026531836, 'mntns': 4026531841,
                    'comm': 'x', 'counts': {'binds': 1, 'send_ops': 3, 'send_bytes': 300}},
                   {'pid': 7, 'ppid': 99, 'pidns': 4026531836, 'mntns': 4026531841,
                    'comm': 'y', 'counts': {'binds': 1}},
                   {'pid': 8, 'comm': None, 'counts': {'binds': 4}}]},
        {'exe': '(overflow)', 'cgroup': '(overflow)', 'overflow': True, 'type': 'hash',
         'alg': 'sha1', 'caps': 0, 'counts': {'binds': 5, 'bind_fail': 1,
                                              'enoent_l1': 1}},
    ]


GOOD = sf.state(good_rows(), stats={'events': 10, 'counter_folded': 5})


def reseal(body_edit):
    """GOOD without its end record, edited by body_edit, sealed again:
    the checksum is right, the records are not."""
    body = GOOD[:GOOD.rindex(b'end\t')]
    return sf.seal(body_edit(body))


def add(extra):
    return reseal(lambda b: b + extra)


def row(*f):
    return sf.line('row', *f)


BAD = [
    ('empty', b'', 'empty'),
    ('records of version 1', b'afalg-trace-records\t1\nspan\t1\t2\n', 'version 2'),
    ('truncated between two lines', GOOD[:GOOD.rindex(b'\n', 0, len(GOOD) * 2 // 3) + 1],
     'truncated'),
    ('truncated inside its end', GOOD[:-3], 'truncated'),
    ('a count altered', GOOD.replace(b'send_bytes\t300', b'send_bytes\t900'), 'checksum'),
    ('a line removed', GOOD.replace(sf.line('rcount', 'binds', 4), b''), 'checksum'),
    ('a record after the end', GOOD + sf.line('runs', 2), 'after the end'),
    ('an unknown record', add(sf.line('frobnicate', 1)), 'unknown record'),
    ('a version 1 record', add(sf.line('count', 7, 0, 0, 0, 'sockets', 1)), 'unknown record'),
    ('an rproc under an overflow row', add(sf.line('rproc', 9, 1, 1, 1, 'z')), 'rproc'),
    ('a row without process', add(row(0, '/b', '/', 0, None, None, 3, 0, '', '')),
     'no process'),
    ('an rcount before any rproc',
     add(row(0, '/b', '/', 0, None, None, 3, 0, '', '') + sf.line('rcount', 'sockets', 1)),
     'rcount'),
    ('a counter given twice', add(sf.line('rcount', 'binds', 1)), 'twice'),
    ('an unknown counter', add(sf.line('rcount', 'bogus', 1)), 'unknown counter'),
    ('a count beyond 2^62', add(sf.line('rcount', 'recv_ops', (1 << 62) + 1)), 'range'),
    ('a negative count', add(sf.line('rcount', 'recv_ops', -1)), 'count'),
    ('a row total beyond 2^62',
     add(row(0, '/b', '/', 0, None, None, 3, 0, '', '') +
         sf.line('rproc', 1, 0, 0, 0, 'a') + sf.line('rcount', 'sockets', 1 << 62) +
         sf.line('rproc', 2, 0, 0, 0, 'b') + sf.line('rcount', 'sockets', 1)), 'range'),
    ('a uid on an overflow row', add(row(1, '(overflow)', '(overflow)', 0, 'hash', 'md5', 0, 0,
                                         '', '')), 'uid'),
    ('a type without algorithm', add(row(0, '/b', '/', 0, 'hash', None, 3, 0, '', '')),
     'both null'),
    ('caps 4', add(row(0, '/b', '/', 0, None, None, 4, 0, '', '')), 'number'),
    ('an exe of 4000 bytes', add(row(0, '/' + 'x' * 4000, '/', 0, None, None, 3, 0, '', '')),
     'longer'),
    ('a type of 16 bytes', add(row(0, '/b', '/', 0, 't' * 16, 'a', 3, 0, '', '')), 'longer'),
    ('a comm of 17 bytes', add(row(0, '/b', '/', 0, None, None, 3, 0, '', '') +
                               sf.line('rproc', 1, 0, 0, 0, 'c' * 17)), 'longer'),
    ('17 key lengths', add(row(0, '/b', '/', 0, 'hash', 'a', 3, 0,
                               ','.join(str(i) for i in range(17)), '')), 'more than 16'),
    ('an empty key length', add(row(0, '/b', '/', 0, 'hash', 'a', 3, 0, '1,,2', '')), 'empty'),
    ('a key length -3', add(row(0, '/b', '/', 0, 'hash', 'a', 3, 0, '-3', '')), 'number'),
    ('a key length -1', add(row(0, '/b', '/', 0, 'hash', 'a', 3, 0, '-1', '')), 'no key'),
    ('a partly unknown identity', add(row(0, '/b', '/', 0, None, None, 3, 0, '', '') +
                                      sf.line('rproc', 1, 0, None, 0, 'c')), 'null'),
    ('pid 0', add(row(0, '/b', '/', 0, None, None, 3, 0, '', '') +
                  sf.line('rproc', 0, 0, 0, 0, 'c')), 'number'),
    ('a bad escape', add(b'row\t0\t/b\\q\t/\t0\t\\N\t\\N\t3\t0\t\t\n'), 'escape'),
    ('a NUL byte', add(b'row\t0\t/b\0\t/\t0\t\\N\t\\N\t3\t0\t\t\n'), 'NUL'),
    ('a line of 100 KB', add(b'row\t0\t/' + b'x' * 100000 + b'\n'), 'longer'),
    ('runs given twice', add(sf.line('runs', 3)), 'twice'),
    ('span given twice', add(sf.line('span', 1, 2)), 'twice'),
    ('no runs record', reseal(lambda b: b.replace(sf.line('runs', 1), b'')), 'runs'),
    ('a statistic given twice', add(sf.line('stat', 'events', 1)), 'twice'),
    ('an unknown statistic', add(sf.line('stat', 'bogus', 1)), 'unknown'),
    ('more processes than --max-entries allows',
     add(row(0, '/b', '/', 0, None, None, 3, 0, '', '') +
         b''.join(sf.line('rproc', 100 + i, 0, 0, 0, 'c') for i in range(40))),
     'more than 32 processes'),
]


def run_tracer(path, *extra):
    """The tracer with --state path (and --max-entries 16), stopped by bpf-deny."""
    return subprocess.run([TRACE, '--state', path, '--max-entries', '16', '-o', os.devnull]
                          + list(extra), capture_output=True, text=True, errors='replace',
                          timeout=120)


def crashed(r):
    return r.returncode < 0 or 'Sanitizer' in r.stderr or 'runtime error' in r.stderr


def refused_once(r, path, data, word):
    """One line names the state file and why, the file is kept as .bad
    byte for byte, the tracer went on (to bpf-deny's refusal), no crash."""
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    said = [l for l in lines if l.startswith('afalg-trace: state file %s: ' % path)]
    kept = None
    try:
        with open(path + '.bad', 'rb') as f:
            kept = f.read()
    except OSError:
        pass
    ok = (not crashed(r) and r.returncode == 1 and len(said) == 1 and word in said[0] and
          'not carried, counting from zero' in said[0] and len(lines) == 2 and
          lines[0] == said[0] and not os.path.exists(path) and kept == data)
    return ok, 'exit %d, stderr %r, kept aside: %s' % (r.returncode, r.stderr[-600:],
                                                       kept == data)


def write(path, data):
    for p in (path, path + '.bad'):
        if os.path.isdir(p):
            shutil.rmtree(p)
        elif os.path.exists(p):
            os.unlink(p)
    with open(path, 'wb') as f:
        f.write(data)


def test_good_and_missing(tap, tmp):
    path = os.path.join(tmp, 'state')
    write(path, GOOD)
    r = run_tracer(path)
    with open(path, 'rb') as f:
        same = f.read() == GOOD
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    tap.ok(r.returncode == 1 and len(lines) == 1 and 'state' not in lines[0] and same and
           not os.path.exists(path + '.bad') and not crashed(r),
           'a state file written from the schema is read without a word and left as it is',
           'exit %d: %r' % (r.returncode, r.stderr[-800:]))
    os.unlink(path)
    r = run_tracer(path)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    tap.ok(r.returncode == 1 and len(lines) == 1 and 'state' not in lines[0] and
           not os.path.exists(path),
           'no state file: no error, counting starts from zero',
           'exit %d: %r' % (r.returncode, r.stderr[-800:]))


def test_bad(tap, tmp):
    path = os.path.join(tmp, 'state')
    for what, data, word in BAD:
        write(path, data)
        ok, detail = refused_once(run_tracer(path), path, data, word)
        tap.ok(ok, 'a state file with %s is named in one line ("%s"), not carried, kept '
               'aside' % (what, word), detail)
    write(path, GOOD)
    ok, detail = refused_once(run_tracer(path, '--pid', '1'), path, GOOD, 'other filters')
    tap.ok(ok, 'a state file counted without the --pid filter is not carried by a run with '
           'one', detail)


def test_unreadable(tap, tmp):
    path = os.path.join(tmp, 'state')
    write(path, b'')
    os.unlink(path)
    os.mkdir(path)
    r = run_tracer(path)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    tap.ok(r.returncode == 1 and len(lines) == 1 and 'cannot read the state file' in lines[0]
           and os.path.isdir(path) and not os.path.exists(path + '.bad') and not crashed(r),
           'a state file that cannot be read stops the tracer in one line, and stays',
           'exit %d: %r' % (r.returncode, r.stderr[-800:]))
    os.rmdir(path)


def test_other_uses(tap, tmp):
    path = os.path.join(tmp, 'state')
    write(path, GOOD)
    r = subprocess.run([TRACE, '--from-records', path], capture_output=True, text=True,
                       timeout=60)
    tap.ok(r.returncode == 1 and 'version 1' in r.stderr and not r.stdout and
           len(r.stderr.splitlines()) == 1,
           '--from-records refuses a state file in one line',
           'exit %d: %r' % (r.returncode, r.stderr[-400:]))
    r = subprocess.run([TRACE, '--from-records', path, '--state', path],
                       capture_output=True, text=True, timeout=60)
    tap.ok(r.returncode == 1 and len(r.stderr.splitlines()) == 1 and '--state' in r.stderr,
           '--state with --from-records is refused in one line',
           'exit %d: %r' % (r.returncode, r.stderr[-400:]))


def mutate(rng, data):
    data = bytearray(data)
    kind = rng.randrange(6)
    if kind == 0:                       # flip a bit
        i = rng.randrange(len(data))
        data[i] ^= 1 << rng.randrange(8)
    elif kind == 1:                     # truncate
        del data[rng.randrange(len(data)):]
    elif kind == 2:                     # a byte from a hostile alphabet
        data[rng.randrange(len(data))] = rng.choice(b'\t\n\\\0\xff9-,N')
    elif kind == 3:                     # remove a span
        i = rng.randrange(len(data))
        del data[i:i + rng.randrange(1, 40)]
    elif kind == 4:                     # duplicate a line
        lines = bytes(data).split(b'\n')
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        data = bytearray(b'\n'.join(lines))
    else:                               # insert bytes
        i = rng.randrange(len(data))
        data[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
    return bytes(data)


def test_mutations(tap, tmp):
    rng = random.Random(27)
    path = os.path.join(tmp, 'state')
    failures, tried = [], 0
    for n in range(MUTATIONS):
        data = mutate(rng, GOOD)
        if data == GOOD:
            continue
        tried += 1
        write(path, data)
        r = run_tracer(path)
        ok, detail = refused_once(r, path, data, '')
        if not ok:
            failures.append('mutation %d %r: %s' % (n, data[:80], detail))
    tap.ok(tried > MUTATIONS * 0.9 and not failures,
           '%d seeded mutations of a good state file: each refused in one line and kept '
           'aside, no crash' % tried, '\n'.join(failures[:5]))


if __name__ == '__main__':
    run_tests(test_good_and_missing, test_bad, test_unreadable, test_other_uses,
              test_mutations, tmp_prefix='kctest-state-')
