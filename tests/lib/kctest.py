# SPDX-License-Identifier: GPL-2.0
"""Shared helpers for the Python test drivers: the TAP producer (every
suite, with forward_checks() for a child's PASS/FAIL/SKIP lines), the
kc-oracle client (the unit suite) and seeded random inputs.

Every unit driver compares libkcrypto, reached through the kc-oracle
process, with an independent implementation (hashlib, hmac,
python3-cryptography, openssl) or with published vectors from
tests/vectors.  Results are TAP test points; scripts/run-tests counts
them.
"""
import gzip
import inspect
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading


class Tap:
    """Minimal TAP 13 producer.  A skipped case is reported as a skip."""

    def __init__(self):
        self.n = 0
        self.failed = 0
        print('TAP version 13', flush=True)

    def ok(self, cond, desc, diag=None):
        self.n += 1
        desc = desc.replace('#', '_')
        if cond:
            print('ok %d - %s' % (self.n, desc))
        else:
            self.failed += 1
            print('not ok %d - %s' % (self.n, desc))
            if diag:
                for line in str(diag).splitlines():
                    print('# ' + line)
        sys.stdout.flush()
        return cond

    def skip(self, desc, reason):
        self.n += 1
        print('ok %d - %s # SKIP %s' % (self.n, desc.replace('#', '_'),
                                         reason.replace('#', '_')))

    def diag(self, msg):
        for line in str(msg).splitlines():
            print('# ' + line)
        sys.stdout.flush()

    def done(self):
        print('1..%d' % self.n, flush=True)
        sys.exit(1 if self.failed else 0)


def forward_checks(tap, proc, what='child'):
    """Turn a child's PASS/FAIL/SKIP lines into TAP test points; then one
    point for a clean exit.  Returns the number of checks seen.
    "FAIL what -- diagnostic", "SKIP what: reason" (last ': '): the lines
    of tests/lib/check.h."""
    n = 0
    for line in proc.stdout.splitlines():
        tag, _, rest = line.partition(' ')
        if tag == 'PASS':
            tap.ok(True, rest)
        elif tag == 'FAIL':
            desc, _, diag = rest.partition(' -- ')
            tap.ok(False, desc, diag)
        elif tag == 'SKIP':
            desc, _, why = rest.rpartition(': ')
            tap.skip(desc or why, why if desc else 'no reason given')
        else:
            continue
        n += 1
    failed = 'FAIL ' in proc.stdout
    tap.ok(proc.returncode in (0, 1) and n > 0 and
           (proc.returncode == 0 or failed),
           '%s: exited cleanly after %d checks' % (what, n),
           'rc=%d\n%s' % (proc.returncode, proc.stderr[-3000:]))
    return n


class OracleError(Exception):
    def __init__(self, errno_value):
        super().__init__('oracle returned errno %d' % errno_value)
        self.errno = errno_value


def answers(got, want):
    """Whether one oracle result is what want says: an int is the errno the
    request must fail with (OracleError), anything else the exact reply."""
    if isinstance(want, int):
        return isinstance(got, OracleError) and got.errno == want
    return got == want


def _shown(req, got, want):
    return tuple(x if isinstance(x, (int, str)) else len(x) for x in req), got


def mismatches(reqs, got, want, show=_shown):
    """show(request, result, want) for every result that is not what want
    says (answers()); by default the request with its byte strings shown
    by length, and the result."""
    return [show(q, g, w) for q, g, w in zip(reqs, got, want) if not answers(g, w)]


def _tok(v):
    if v is None:
        return 'null'
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return v
    v = bytes(v)
    return v.hex() if v else '-'


def _parse(line):
    parts = line.split()
    if not parts:
        raise RuntimeError('oracle died or sent an empty line')
    if parts[0] == 'ERR':
        return OracleError(int(parts[1]))
    if parts[0] != 'OK':
        raise RuntimeError('bad oracle reply: %r' % line[:200])
    return [b'' if p == '-' else bytes.fromhex(p) for p in parts[1:]]


class Oracle:
    """A running kc-oracle.  Path and wrapper come from the environment
    (KC_ORACLE, KC_EXE_WRAPPER), set by meson for each build."""

    def __init__(self, extra_env=None):
        path = os.environ.get('KC_ORACLE')
        if not path:
            sys.exit('KC_ORACLE is not set (run through meson test)')
        cmd = shlex.split(os.environ.get('KC_EXE_WRAPPER', '')) + [path]
        env = dict(os.environ)
        if extra_env:
            env.update(extra_env)
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env,
                                     text=True, bufsize=1 << 20)

    def call(self, cmd, *args):
        """One request; returns a list of byte strings or raises OracleError."""
        r = self.many([(cmd,) + tuple(args)])[0]
        if isinstance(r, OracleError):
            raise r
        return r

    def many(self, requests):
        """Pipeline many requests; returns results (lists or OracleError)."""
        lines = [' '.join([req[0]] + [_tok(a) for a in req[1:]]) + '\n'
                 for req in requests]
        err = []

        def writer():
            try:
                for ln in lines:
                    self.proc.stdin.write(ln)
                self.proc.stdin.flush()
            except BrokenPipeError as e:
                err.append(e)

        t = threading.Thread(target=writer)
        t.start()
        out = []
        for _ in lines:
            ln = self.proc.stdout.readline()
            if not ln:
                break
            out.append(_parse(ln))
        t.join()
        if len(out) != len(lines):
            rc = self.proc.poll()
            raise RuntimeError('kc-oracle exited early (status %r)' % rc)
        return out

    def close(self):
        self.proc.stdin.close()
        rc = self.proc.wait()
        if rc != 0:
            raise RuntimeError('kc-oracle exited with status %d' % rc)


def rng():
    """A seeded RNG; the seed is printed so a failure can be replayed."""
    seed = int(os.environ.get('KC_SEED', '0')) or random.SystemRandom().randrange(1, 2**32)
    print('# seed %d (set KC_SEED to replay)' % seed, flush=True)
    return random.Random(seed)


def randbytes(r, n):
    return r.getrandbits(8 * n).to_bytes(n, 'little') if n else b''


def random_splits(r, data, max_parts=6):
    """Split data at random points (including empty parts)."""
    k = r.randrange(0, max_parts)
    cuts = sorted(r.randrange(0, len(data) + 1) for _ in range(k))
    parts, prev = [], 0
    for c in cuts + [len(data)]:
        parts.append(data[prev:c])
        prev = c
    return parts


def whole_and_split(r, name, msg):
    """Two kc-oracle requests for one message: the one-shot command name,
    and name_parts with msg split at random points (random_splits())."""
    return [(name, msg), (name + '_parts',) + tuple(random_splits(r, msg))]


def vectors_dir():
    """tests/vectors of this tree, or KC_VECTORS (meson sets it to the same)."""
    d = os.environ.get('KC_VECTORS')
    if not d:
        d = os.path.join(os.path.dirname(__file__), '..', 'vectors')
    return os.path.abspath(d)


def load_vectors(*parts):
    """The JSON vector file at vectors_dir()/parts..., parsed; stored as
    NAME.json or, as tests/vectors stores them, NAME.json.gz."""
    name = os.path.join(vectors_dir(), *parts)
    if not os.path.exists(name) and os.path.exists(name + '.gz'):
        with gzip.open(name + '.gz', 'rt') as f:
            return json.load(f)
    with open(name) as f:
        return json.load(f)


def path_name():
    """The dispatch path under test, as named in tests/unit/meson.build."""
    return os.environ.get('KC_PATH') or os.environ.get('KCRYPTO_CLEARCPUID') or 'all-features'


def run_tests(*tests, tmp_prefix='kctest-'):
    """The main() of a driver made of test functions.  Each test is called,
    in order, with what its parameters name: tap (the one Tap), r (one
    seeded rng()), o (one kc-oracle, closed at the end), path (path_name())
    and tmp (a scratch directory named @tmp_prefix..., removed at the end);
    bind anything else with functools.partial.  Only what some test names is
    made.  Ends with tap.done(), so it does not return."""
    wanted = set()
    for t in tests:
        wanted.update(inspect.signature(t).parameters)
    given = {'tap': Tap()}
    if 'r' in wanted:
        given['r'] = rng()
    if 'o' in wanted:
        given['o'] = Oracle()
    if 'path' in wanted:
        given['path'] = path_name()
    if 'tmp' in wanted:
        given['tmp'] = tempfile.mkdtemp(prefix=tmp_prefix)
    try:
        for t in tests:
            t(**{k: given[k] for k in inspect.signature(t).parameters if k in given})
    finally:
        if 'tmp' in given:
            shutil.rmtree(given['tmp'], ignore_errors=True)
    if 'o' in given:
        given['o'].close()
    given['tap'].done()
