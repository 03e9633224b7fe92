# SPDX-License-Identifier: GPL-2.0
"""Suite "conformance": afalg-conformance transcripts, kernel vs shim.

    test_conformance.py --host     # here, under the shim (smoke test)
    test_conformance.py --guest    # in the QEMU guest: kernel vs shim

--host runs the program under libafalg-shim.so on this machine (whose
kernel has no AF_ALG), checks that the transcript is complete and
deterministic (two runs, same seed, identical), and checks every
known-input output (alg.* scenarios) against hashlib/hmac/cryptography.

--guest boots the patched 6.12 guest kernel (kernel-patches/run-guest) and runs
the same program twice there, natively and under the shim, then compares
the transcripts (compare.py): one TAP point per scenario.  It also runs
the real clients (clients.sh) in AF_ALG modes 0, 1 and 2.

Environment: CONFORMANCE_BIN, AFALG_SHIM_LIB (from meson),
CONFORMANCE_SEED (default: random, printed), CONFORMANCE_RANDOM
(sequences, default 600).
"""
import argparse
import functools
import os
import random
import shutil
import subprocess
import tempfile
import time

import compare
import oracle
from kctest import run_tests

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))

BIN = os.environ.get('CONFORMANCE_BIN', '')
SHIM = os.environ.get('AFALG_SHIM_LIB', '')
DIVS = os.path.join(TOP, 'shim', 'DIVERGENCES.md')


def seed():
    s = os.environ.get('CONFORMANCE_SEED')
    return int(s) if s else random.SystemRandom().randrange(1, 1 << 31)


def nrandom():
    return int(os.environ.get('CONFORMANCE_RANDOM', '600'))


def run_shim(args, timeout=600):
    env = dict(os.environ, LD_PRELOAD=SHIM, AFALG_SHIM='always')
    return subprocess.run([BIN] + args, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env, timeout=timeout)


def host(tap):
    s = seed()
    tap.diag('seed %d (CONFORMANCE_SEED=%d reproduces)' % (s, s))
    args = ['--seed', str(s), '--random', str(nrandom()), '--mode', 'shim']
    t0 = time.time()
    r1 = run_shim(args)
    tap.diag('run time %.1fs' % (time.time() - t0))
    out1 = r1.stdout.decode('utf-8', 'replace')
    lines = out1.splitlines()
    tap.ok(r1.returncode == 0 and lines and lines[-1] == '# done',
           'transcript complete (exit status, "# done")',
           'rc=%d tail=%s stderr=%s' % (r1.returncode, lines[-3:],
                                         r1.stderr[-500:]))
    tmp = tempfile.mkdtemp(prefix='conformance-host-')
    p1 = os.path.join(tmp, 'run1.txt')
    with open(p1, 'w') as fp:
        fp.write(out1)
    _, scs = compare.parse(p1)
    cut = [n for n, sc in scs.items() if not sc['end']]
    tap.ok(not cut, 'every scenario ends (%d scenarios)' % len(scs),
           'cut short: %s' % cut[:5])
    docs = compare.documented(DIVS)
    undoc = set()
    for n, sc in scs.items():
        for _, text in sc['lines']:
            m = compare.DIV_SHIM.match(text)
            if m and m.group(1) not in docs:
                undoc.add(m.group(1))
    tap.ok(not undoc, 'every DIVERGENCE id is in shim/DIVERGENCES.md',
           'undocumented: %s' % sorted(undoc))
    # the same seed gives the same transcript
    r2 = run_shim(args)
    p2 = os.path.join(tmp, 'run2.txt')
    with open(p2, 'w') as fp:
        fp.write(r2.stdout.decode('utf-8', 'replace'))
    same = r1.stdout == r2.stdout
    diff = ''
    if not same:
        a, b = out1.splitlines(), r2.stdout.decode('utf-8',
                                                   'replace').splitlines()
        for i in range(min(len(a), len(b))):
            if a[i] != b[i]:
                diff = 'first difference:\n%s\n%s' % (a[i], b[i])
                break
    tap.ok(same, 'deterministic: a second run is identical', diff)
    # internal consistency lines the program prints only on trouble
    bad = [l for l in lines if ('roundtrip failed' in l or
                                'another digest' in l or
                                'tampered tag' in l or 'WATCHDOG' in l or
                                'roundtrip=0' in l)]
    tap.ok(not bad, 'no round-trip, split or tag-check failures',
           '\n'.join(bad[:20]))
    # every algorithm the shim serves has its alg.* scenario
    served = run_shim(['--served']).stdout.decode().splitlines()
    served = sorted({l.split()[1] for l in served if l.startswith('SERVED ')})
    covered = {n.split('.', 2)[2] for n in scs if n.startswith('alg.')}
    missing = [n for n in served if n not in covered]
    tap.ok(served and not missing,
           'the program covers every algorithm the shim serves (%d)' %
           len(served), 'not in tests/conformance/algs.c: %s' % missing)
    # lines recorded from the 6.12 kernel that the shim must reproduce
    want = []
    with open(os.path.join(HERE, 'kernel-6.12.lines')) as fp:
        for line in fp:
            line = line.rstrip('\n')
            if line and not line.startswith('#'):
                sc, _, text = line.partition(' ')
                want.append((sc, text))
    for sc, text in want:
        have = [t for _, t in scs.get(sc, {}).get('lines', [])]
        if scs.get(sc, {}).get('unavail'):
            tap.skip('kernel line: %s %s' % (sc, text),
                     'the shim does not serve it')
            continue
        tap.ok(text in have, 'kernel line: %s %s' % (sc, text),
               'the shim printed:\n' + '\n'.join(
                   t for t in have if t.split(' = ')[0] ==
                   text.split(' = ')[0]))
    # known-input outputs against independent implementations
    res = oracle.check_transcript(lines)
    for sc in sorted(res):
        checked, mism, why = res[sc]
        unavailable = scs.get(sc, {}).get('unavail')
        if unavailable:
            tap.skip(sc, 'the shim does not serve it (%s)' % unavailable)
        elif checked:
            tap.ok(not mism, '%s: %d outputs match the oracle' % (sc, checked),
                   '\n'.join(mism[:10]))
        else:
            tap.skip(sc, why or 'no output lines to check')
    shutil.rmtree(tmp, ignore_errors=True)


# ------------------------------------------------------------------ guest

def guest_script(s, n):
    return r'''
set -u
cd "$SHARE"
# The comparison needs every algorithm: lift mainline's default restriction.
echo 0 >/proc/sys/crypto/af_alg_restrict
echo "guest: $(uname -r) af_alg_restrict=$(cat /proc/sys/crypto/af_alg_restrict 2>/dev/null)"
t0=$(date +%s)
./afalg-conformance --mode native --seed {seed} --random {n} >native.txt 2>native.err
echo "native rc=$? $(( $(date +%s) - t0 ))s"
# QEMU 7.2's TCG gets 256-bit VAESENC wrong (see main.c, --check-vaes):
# the shim must not take its VAES paths here (the kernel does not use VAES
# without VPCLMULQDQ, which this guest lacks).  The host's unit suite
# tests those paths on real hardware.
if ! ./afalg-conformance --check-vaes; then
	export KCRYPTO_CLEARCPUID=vaes
	echo "shim runs with KCRYPTO_CLEARCPUID=$KCRYPTO_CLEARCPUID"
fi
t0=$(date +%s)
LD_PRELOAD="$SHARE/libafalg-shim.so" AFALG_SHIM=always \
    ./afalg-conformance --mode shim --seed {seed} --random {n} >shim.txt 2>shim.err
echo "shim rc=$? $(( $(date +%s) - t0 ))s"
if [ -x ./clients.sh ]; then
	t0=$(date +%s)
	./clients.sh >clients.txt 2>clients.err
	echo "clients rc=$? $(( $(date +%s) - t0 ))s"
fi
'''.format(seed=s, n=n)


def guest(tap, args):
    s = seed()
    n = nrandom()
    tap.diag('seed %d (CONFORMANCE_SEED=%d reproduces)' % (s, s))
    share = tempfile.mkdtemp(prefix='conformance-guest-',
                             dir=args.workdir or None)
    try:
        shutil.copy(BIN, os.path.join(share, 'afalg-conformance'))
        shutil.copy(SHIM, os.path.join(share, 'libafalg-shim.so'))
        clients = os.path.join(HERE, 'clients.sh')
        if os.path.exists(clients) and not args.no_clients:
            shutil.copy(clients, os.path.join(share, 'clients.sh'))
        script = 'SHARE=%s\n' % share + guest_script(s, n)
        t0 = time.time()
        # The shim starts afalg-keeper from the path fixed at build time
        # (the build's shim/ directory): give the guest that directory at
        # the same path, wherever the tree was built (a build under /tmp
        # is not in the host root the guest sees: its /tmp is its own).
        keeper_dir = os.path.dirname(os.path.realpath(SHIM))
        cmd = [os.path.join(TOP, 'kernel-patches', 'run-guest'), '--share',
               share, '--share', keeper_dir, '--timeout', str(args.timeout),
               '--cmd', script]
        # The transcripts compare the shim with 6.12 as distributions run
        # it: the main guest kernel, which leaves out 7.2's software-only
        # mask (kernel-patches/README.md, "One guest kernel").
        if args.kernel:
            cmd += ['--kernel', args.kernel]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=args.timeout + 3600)
        secs = time.time() - t0
        tap.diag(r.stdout.decode('utf-8', 'replace').rstrip())
        tap.diag('guest wall time %.1fs (includes the kernel build when '
                 'not cached)' % secs)
        nat = os.path.join(share, 'native.txt')
        shm = os.path.join(share, 'shim.txt')
        if not tap.ok(r.returncode == 0 and os.path.exists(nat) and
                      os.path.exists(shm), 'guest ran both transcripts',
                      'run-guest rc=%d\n%s' % (r.returncode,
                                               r.stderr.decode()[-3000:])):
            return
        docs = compare.documented(DIVS)
        hn, natd = compare.parse(nat)
        hs, shmd = compare.parse(shm)
        names = list(natd) + [x for x in shmd if x not in natd]
        counts = {}
        divcount = {}
        lacks = {}
        for name in names:
            st, detail, divs = compare.compare_scenario(
                natd.get(name), shmd.get(name), docs)
            counts[st] = counts.get(st, 0) + 1
            for d in divs:
                divcount[d] = divcount.get(d, 0) + 1
            if st in ('identical', 'divergence'):
                tap.ok(True, name + (' (documented divergence: %s)' %
                                     ','.join(sorted(set(divs)))
                                     if divs else ''))
            elif st == 'failure':
                tap.ok(False, name, detail)
            else:
                lacks.setdefault(st, set()).add(detail)
                tap.skip(name, '%s: %s' % (st, detail))
        tap.diag('conformance summary (seed %d)' % s)
        tap.diag('  scenarios run          %5d' % len(names))
        tap.diag('  identical              %5d' % counts.get('identical', 0))
        tap.diag('  documented divergences %5d  (%s)' % (
            counts.get('divergence', 0),
            ', '.join('%s x%d' % (d, c) for d, c in
                      sorted(divcount.items(), key=lambda x: int(x[0][1:])))))
        tap.diag('  failures               %5d' % counts.get('failure', 0))
        tap.diag('  not comparable         %5d  (kernel lacks %d, shim lacks %d)'
                 % (counts.get('kernel lacks', 0) + counts.get('shim lacks', 0)
                    + counts.get('neither', 0), counts.get('kernel lacks', 0),
                    counts.get('shim lacks', 0)))
        for k in sorted(lacks):
            tap.diag('  %s: %s' % (k, ', '.join(sorted(lacks[k]))))
        cl = os.path.join(share, 'clients.txt')
        if os.path.exists(cl):
            import clients
            clients.report(tap, cl)
        if args.keep:
            tap.diag('transcripts kept in %s' % share)
    finally:
        if not args.keep:
            shutil.rmtree(share, ignore_errors=True)


def programs_given(tap):
    if not BIN or not SHIM:
        tap.skip('conformance', 'CONFORMANCE_BIN/AFALG_SHIM_LIB not set')
        tap.done()


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument('--host', action='store_true')
    g.add_argument('--guest', action='store_true')
    ap.add_argument('--kernel', help='kernel directory (default: kbuild)')
    ap.add_argument('--timeout', type=int, default=1200)
    ap.add_argument('--keep', action='store_true',
                    help='keep the guest transcripts')
    ap.add_argument('--workdir', help='where to put the guest share')
    ap.add_argument('--no-clients', action='store_true')
    args = ap.parse_args()
    run_tests(programs_given,
              host if args.host else functools.partial(guest, args=args))


if __name__ == '__main__':
    main()
