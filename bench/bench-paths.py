#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench-paths: every bench row on every dispatch path this CPU offers.

libkcrypto picks one implementation per algorithm family when it is loaded,
from CPU features, at one point per family (lib/crypto/<arch>/<alg>.h);
KCRYPTO_CLEARCPUID masks features (kernel-compat/cpufeature.c).  This
program runs the existing bench programs as children, once per dispatch
path (a different KCRYPTO_CLEARCPUID each), and compares libkcrypto's time
for each row on the chosen path (nothing masked) with its time on every
fallback path.

Method: for each group of rows (one bench program and filter), the paths'
child runs are interleaved: repetition r runs the group once on every path,
the order rotated by r, so that load on the shared machine hits all paths
alike.  Each child measures each row once (one run of a few ms), libkcrypto
and its competitor back to back; the competitor's code does not depend on
the mask, so it is a yardstick of the machine's speed at that moment.  Per
row and path the figure is the median over the repetitions of libkcrypto
time / competitor time (ML-DSA, which has none in the same process: of the
time alone, its worker interleaved per repetition); ratio = fallback
figure / chosen figure (below 1: the chosen path is slower).  A row whose
chosen path is more than 5% slower than some fallback is measured again
with twice the repetitions, and only the second measurement counts.  Time
is what the benches measure: the thread's CPU time.

Which paths: for each family, the masks in FAMILIES (the dispatch levels of
tests/unit/meson.build's unit_paths that concern it), plus "all" (the
portable code).  A family whose arch header also chooses by CPU family
(boot_cpu_data: serpent, camellia) has the mask "vendor" too, which clears
the vendor so that no per-family rule applies: its column shows what the
rule refuses on this CPU (above 1: the rule chose the faster code).  A mask is run only if it changes which of the features the
family's arch headers test this CPU has; and the children run with
KCRYPTO_DEBUG_DISPATCH, which makes the library print the static keys it
enables: after the first round, a mask that enables the same keys of the
family as an earlier one selects the same code and is dropped.  A row can
still run the same code on two paths (serpent-1blk on a CPU without
AVX-512: the portable code on every path); its ratio is then about 1, and
how far from 1 shows the noise.

usage: bench-paths [--quick] [--reps N] [--ms MS] [--only SUBSTR] [--no-confirm]

Exit status: 0 clean, 1 a chosen path is more than 5% slower than a fallback
(confirmed by the second measurement), 2 a bench program failed.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

BENCH_DIR = '@BENCH_DIR@'
SOURCE_ROOT = '@SOURCE_ROOT@'
if BENCH_DIR.startswith('@'):       # run from the source tree
    BENCH_DIR = os.environ.get('BENCH_DIR', 'build/bench')
    SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

LIMIT = 1.05                        # chosen time / fallback time that fails

# family -> (arch headers whose feature tests decide it, the masks that step
# down its dispatch levels; "all" is always added).  Keep in step with
# lib/crypto/<arch>/<alg>.h and unit_drivers in tests/unit/meson.build.
FAMILIES = {
    'sha256': (['sha256'], ['sha_ni', 'avx2']),
    'sha512': (['sha512'], ['avx512f', 'avx2']),
    'sha1': (['sha1'], ['sha_ni']),
    'sha3': (['sha3'], []),
    'md5': ([], []),
    'aes': (['aes'], ['vaes,vpclmulqdq', 'aes']),
    'aes-gcm': (['aes', 'gf128hash'], ['vaes,vpclmulqdq', 'aes']),
    'chacha': (['chacha', 'poly1305'], ['zmm', 'avx512f', 'avx2']),
    'serpent': (['serpent'], ['vendor', 'avx512f', 'avx2']),
    'twofish': ([], []),
    'camellia': (['camellia'], ['vendor', 'avx512f', 'gfni', 'vaes', 'aes']),
    'mldsa': (['mldsa', 'sha3'], ['avx512f', 'avx2']),
}


def camellia_one_block(keys):
    """The code camellia_crypt_one_arch() and camellia_cbc_encrypt_arch()
    run with these keys (camellia_use_gfni_avx512 counts only with GFNI
    single blocks)."""
    if 'camellia_use_gfni_1way' in keys:
        return 'gfni-avx512' if 'camellia_use_gfni_avx512' in keys else 'gfni'
    return 'tables' if 'camellia_use_x86_64' in keys else 'portable'


# Rows that depend on fewer keys than their family: (family, row pattern,
# the keys the row's code reads, or a function of the enabled keys that
# names the row's code), from the arch headers.  A fallback that runs the
# same code for the row as the chosen path has its ratio printed with "="
# and not judged (it shows noise).
ROW_KEYS = [
    # one block at a time: serpent_crypt_one_arch()
    ('serpent', r'-(CBC enc|1blk) ', {'serpent_use_avx512'}),
    # one block at a time: camellia_crypt_one_arch(),
    # camellia_cbc_encrypt_arch()
    ('camellia', r'-(CBC enc|1blk) ', camellia_one_block),
    # aes_cbc_encrypt_arch(): AES-NI, no VAES form (CBC is serial)
    ('aes', r'-CBC encrypt ', {'have_aesni'}),
]


def arch_dir():
    m = os.uname().machine
    return {'x86_64': 'x86', 'aarch64': 'arm64'}.get(m)


def cpu_info():
    """(model, flags, vendor) from /proc/cpuinfo."""
    model, flags, vendor = 'unknown', [], ''
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                key, _, val = line.partition(':')
                key = key.strip()
                if key == 'model name' and model == 'unknown':
                    model = val.strip()
                elif key in ('flags', 'Features') and not flags:
                    flags = val.split()
                elif key == 'vendor_id' and not vendor:
                    vendor = val.strip()
    except OSError:
        pass
    return model, flags, vendor


def family_features(fam):
    """The feature names (as KCRYPTO_CLEARCPUID spells them) the family's
    arch headers test."""
    arch = arch_dir()
    feats = set()
    for hdr in FAMILIES[fam][0]:
        path = os.path.join(SOURCE_ROOT, 'lib', 'crypto', arch or '-',
                            hdr + '.h')
        try:
            text = open(path).read()
        except OSError:
            continue
        if 'boot_cpu_data' in text:
            feats.add('vendor')     # a per-family rule: mask "vendor"
        for name in re.findall(r'X86_FEATURE_(\w+)', text):
            feats.add({'XMM4_1': 'sse4_1'}.get(name, name.lower()))
        for name in re.findall(r'KC_ARM64_FEATURE_(\w+)', text):
            feats.add(name.lower())
    return feats


def masked(cpu, mask):
    """The CPU's feature set after KCRYPTO_CLEARCPUID=mask, with the
    dependencies cpufeature.c applies."""
    have = set(cpu)
    for item in filter(None, re.split(r'[, ]+', mask)):
        if item == 'all':
            have = set()
        elif item == 'zmm':
            have.add('prefer_ymm')
        else:
            have.discard(item)
    if 'avx' not in have:
        have -= {'avx2', 'avx512f'}
    if 'avx512f' not in have:
        have -= {'avx512vl', 'avx512bw', 'avx512ifma'}
    return have


def paths_for(fam, cpu):
    """[(mask, features used)]: the chosen path first, then each fallback
    that differs from every earlier one in the features the family tests."""
    feats = family_features(fam)
    out, seen = [], set()
    for mask in [''] + FAMILIES[fam][1] + ['all']:
        state = frozenset(feats & masked(cpu, mask))
        if state not in seen:
            seen.add(state)
            out.append((mask, state))
    return out


# ---- the bench programs: argv for one measurement of a group, and parsers
# that give {row name: libkcrypto ns} ----

def parse_hash(text):
    """bench-hash: libkcrypto is a case's first line; the yardstick its
    first OpenSSL line."""
    rows, case = {}, None
    for line in text.splitlines():
        name, impl = line[:26].strip(), line[27:57].strip()
        rest = line[58:].split()
        if len(line) < 58 or line[26] != ' ' or not rest or name == 'case':
            continue
        try:
            ns = float(rest[0])
        except ValueError:
            continue
        if name:
            case = name
            rows[case] = [ns, None]
        elif case and impl.startswith('OpenSSL') and rows[case][1] is None:
            rows[case][1] = ns
    return {k: tuple(v) for k, v in rows.items()}


def parse_lines(pattern, name):
    """A parser: each line matching pattern gives the row name (name %
    the groups but the last two), libkcrypto's ns and the competitor's
    (the last two groups)."""
    def parse(text):
        rows = {}
        for line in text.splitlines():
            m = re.match(pattern, line)
            if m:
                g = m.groups()
                rows[name % g[:-2]] = (float(g[-2]), float(g[-1]))
        return rows
    return parse


parse_cipher = parse_lines(r'(\S.{0,21}?)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s',
                           '%s %s B')
parse_chacha = parse_lines(r'(seal|open)\s+(\d+) \|\s+([\d.]+)\s+[\d.]+ \|'
                           r'\s+([\d.]+)', 'ChaCha20-Poly1305 %s %s B')
parse_sha3 = parse_lines(r'(SHA3-256|SHAKE128|SHAKE256)\s+(\d+)\s+([\d.]+)'
                         r'\s+([\d.]+)\s', 'bench-sha3 %s %s B')
parse_block128 = parse_lines(r'(\w+-\w+ (?:enc|dec) vs \w+)\s+[\d.]+\s+'
                             r'[\d.]+\s+([\d.]+)\s+([\d.]+)\s', '%s')


def groups(quick):
    """(family, program, argv after the program, parser) per group."""
    ms = '2' if quick else '5'
    g = []
    for fam, filt in (('sha256', 'SHA-256'), ('sha256', 'HMAC'),
                      ('sha512', 'SHA-512'), ('sha512', 'SHA-384'),
                      ('sha1', 'SHA-1 '), ('md5', 'MD5'),
                      ('sha3', 'SHA3-256'), ('sha3', 'SHAKE')):
        g.append((fam, 'bench-hash', [filt, '1', ms], parse_hash))
    g.append(('sha3', 'bench-sha3', ['5' if quick else '15'], parse_sha3))
    for fam, filt in (('aes-gcm', 'GCM'), ('aes', 'CTR'), ('aes', 'XTS'),
                      ('aes', 'CBC')):
        g.append((fam, 'bench-cipher', [filt, '1', ms], parse_cipher))
    g.append(('chacha', 'bench-chacha', ['1', ms], parse_chacha))
    for fam in ('serpent', 'twofish', 'camellia'):
        g.append((fam, 'bench-block128', [fam, '1', ms], parse_block128))
    g.append(('mldsa', 'bench-mldsa', [], None))
    return g


class BenchError(Exception):
    pass


def child_env(mask, **more):
    return dict(os.environ, KCRYPTO_CLEARCPUID=mask,
                KCRYPTO_DEBUG_DISPATCH='1', **more)


def enabled_keys(stderr):
    """The static keys the library enabled (KCRYPTO_DEBUG_DISPATCH)."""
    return frozenset(re.findall(r'^kcrypto: static key (\w+)$', stderr,
                                re.M))


def run_child(prog, argv, mask, parser):
    """({row: (libkcrypto ns, competitor ns)}, static keys enabled)"""
    cmd = [os.path.join(BENCH_DIR, prog)] + argv
    p = subprocess.run(cmd, env=child_env(mask), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    rows = parser(p.stdout)
    if p.returncode or not rows or 'DIFFER' in p.stdout or \
            'MISMATCH' in p.stdout:
        raise BenchError('%s %s (KCRYPTO_CLEARCPUID=%s) failed: rc %d\n%s%s'
                         % (prog, ' '.join(argv), mask, p.returncode,
                            p.stdout[-2000:], p.stderr[-2000:]))
    return rows, enabled_keys(p.stderr)


def distinct(masks, keysets):
    """The masks whose keys differ from every earlier mask's, and
    {mask: earlier mask with the same keys} for the others."""
    keep, same, seen = [], {}, {}
    for m in masks:
        if keysets[m] in seen:
            same[m] = seen[keysets[m]]
        else:
            seen[keysets[m]] = m
            keep.append(m)
    return keep, same


def interleave(masks, reps, one, first=0):
    """one(mask) for every mask, reps times, the order rotated each time
    (round r starts at masks[r % len(masks)], r counted from first)."""
    for r in range(first, first + reps):
        k = r % len(masks)
        for mask in masks[k:] + masks[:k]:
            one(mask)


def measure_group(prog, argv, parser, masks, reps, fam_keys):
    """{mask: {row: [(kc ns, competitor ns) per rep]}}, and the masks kept.
    The first round also reads which keys each mask enables; masks that
    enable the same keys of the family as an earlier one are dropped."""
    t = {m: {} for m in masks}
    keysets = {}

    def one(mask):
        rows, keys = run_child(prog, argv, mask, parser)
        keysets.setdefault(mask, keys & fam_keys)
        for row, v in rows.items():
            t[mask].setdefault(row, []).append(v)
    interleave(masks, 1, one)
    keep, same = distinct(masks, keysets)
    if len(keep) > 1:
        interleave(keep, reps - 1, one, first=1)
    return t, keep, same, keysets


class MldsaWorker:
    """bench-mldsa's portable-path worker mode (BENCH_MLDSA_CHILD=1), one
    process per path: a request "alg iters" answers microseconds per
    verification."""

    def __init__(self, mask):
        self.p = subprocess.Popen([os.path.join(BENCH_DIR, 'bench-mldsa'),
                                   mldsa_vectors()],
                                  env=child_env(mask, BENCH_MLDSA_CHILD='1'),
                                  stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def rep(self, a, iters):
        self.p.stdin.write('%d %d\n' % (a, iters))
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise BenchError('bench-mldsa worker died')
        return float(line) * 1e3

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def mldsa_vectors():
    return os.path.join(SOURCE_ROOT, 'tests', 'vectors', 'wycheproof',
                        'testvectors_v1')


def measure_mldsa(masks, reps, fam_keys, quick):
    """As measure_group, through the worker mode; no competitor in the
    same process.  The keys come from a run that stops at once (no
    vectors there)."""
    keysets = {}
    for m in masks:
        p = subprocess.run([os.path.join(BENCH_DIR, 'bench-mldsa'),
                            os.devnull], env=child_env(m),
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
        keysets[m] = enabled_keys(p.stderr) & fam_keys
    keep, same = distinct(masks, keysets)
    t = {m: {} for m in keep}
    if len(keep) < 2:
        return t, keep, same, keysets
    workers = {m: MldsaWorker(m) for m in keep}
    iters = 3 if quick else 10
    try:
        for a, bits in enumerate((44, 65, 87)):
            row = 'ML-DSA-%d verify' % bits
            for w in workers.values():
                w.rep(a, 1)                 # warm-up

            def one(mask):
                t[mask].setdefault(row, []).append(
                    (workers[mask].rep(a, iters), None))
            interleave(keep, reps, one)
    finally:
        for w in workers.values():
            w.close()
    return t, keep, same, keysets


def norm(samples):
    """The median of libkcrypto's time over the competitor's measured
    next to it in the same child (load on the machine hits both), or of
    the time alone where there is no competitor."""
    if all(e for _, e in samples):
        return statistics.median(k / e for k, e in samples)
    return statistics.median(k for k, _ in samples)


def row_code(fam, row, keys):
    """What names the code the row runs with these static keys enabled,
    or None where the row depends on all of its family's keys."""
    for f, pattern, rk in ROW_KEYS:
        if f == fam and re.search(pattern, row):
            return rk(keys) if callable(rk) else keys & rk
    return None


def verdicts(t, masks, fam, keysets):
    """{row: (chosen ns, [(mask, ratio fallback/chosen, same code)],
    slower)}"""
    out = {}
    chosen = masks[0]
    for row, v in t[chosen].items():
        c = norm(v)
        code = row_code(fam, row, keysets[chosen])
        ratios, slower = [], False
        for m in masks[1:]:
            if len(t[m].get(row, [])) < len(v):
                continue
            f = norm(t[m][row])
            same = code is not None and \
                row_code(fam, row, keysets[m]) == code
            ratios.append((m, f / c, same))
            slower |= not same and c > LIMIT * f
        out[row] = (statistics.median(k for k, _ in v), ratios, slower)
    return out


def family_keys(fam):
    """The static keys the family's arch headers enable."""
    keys = set()
    for hdr in FAMILIES[fam][0]:
        path = os.path.join(SOURCE_ROOT, 'lib', 'crypto', arch_dir() or '-',
                            hdr + '.h')
        try:
            keys |= set(re.findall(r'static_branch_enable\(&(\w+)\)',
                                   open(path).read()))
        except OSError:
            pass
    return keys


def main():
    ap = argparse.ArgumentParser(
        description='every bench row on every dispatch path of this CPU')
    ap.add_argument('--quick', action='store_true',
                    help='fewer and shorter repetitions (under a minute)')
    ap.add_argument('--reps', type=int, help='repetitions per path (9; '
                    '--quick: 3)')
    ap.add_argument('--only', default='',
                    help='only families, programs or rows containing this')
    ap.add_argument('--no-confirm', action='store_true',
                    help='do not re-measure rows over the limit')
    args = ap.parse_args()
    reps = args.reps or (5 if args.quick else 9)

    model, flags, vendor = cpu_info()
    cpu = set(flags)
    if vendor == 'GenuineIntel':
        cpu.add('prefer_ymm')   # cpufeature.c: userspace sets it on Intel
    if arch_dir() == 'x86':
        cpu.add('vendor')       # KCRYPTO_CLEARCPUID=vendor clears it
    print('CPU: %s' % model)
    print('flags: %s' % ' '.join(flags))
    print('bench-paths: %d interleaved runs per path, one child process '
          'each; ns = chosen path, median; ratio = fallback / chosen, each '
          'the median of libkcrypto time / competitor time in one child '
          '(ML-DSA: of the time); below %.3f the chosen path is more than '
          '%d%% slower' % (reps, 1 / LIMIT, round((LIMIT - 1) * 100)))
    print('paths are named by KCRYPTO_CLEARCPUID and listed with the static '
          'keys they enable; "all" = portable C; "=": the same code for '
          'that row on both paths (not judged)')
    sys.stdout.flush()

    t0 = time.monotonic()
    last_fam = None
    failed, errors = [], 0
    remeasured = False
    for fam, prog, argv, parser in groups(args.quick):
        label = ' '.join([prog] + argv)
        if args.only not in fam and args.only not in label:
            continue
        masks = [m for m, _ in paths_for(fam, cpu)]
        keys = family_keys(fam)

        def run(n):
            if prog == 'bench-mldsa':
                return measure_mldsa(masks, n, keys, args.quick)
            return measure_group(prog, argv, parser, masks, n, keys)
        try:
            t, keep, same, keysets = run(reps)
            v = verdicts(t, keep, fam, keysets)
            again = {}
            if any(s for _, _, s in v.values()) and not args.no_confirm:
                t, keep, same, keysets = run(2 * reps)
                again = verdicts(t, keep, fam, keysets)
        except BenchError as e:
            print('  ERROR: %s' % e)
            errors += 1
            continue
        if fam != last_fam:
            last_fam = fam
            print('\n[%s] chosen: %s' % (fam, ' '.join(sorted(keysets[''])) or
                                          '(no arch code)'))
            for m in keep[1:]:
                print('  fallback %-18s %s' %
                      (m, ' '.join(sorted(keysets[m])) or 'portable'))
            for m, o in same.items():
                print('  (mask %s: the same keys as %s)' % (m, o or 'chosen'))
        print('  %s' % label)
        if len(keep) == 1:
            print('    one path on this CPU, nothing to compare')
            continue
        for row, (c, ratios, slower) in v.items():
            mark = ' '
            if slower and row in again:
                c, ratios, slower = again[row]
                mark = '*'
                remeasured = True
            line = '    %-34s %10.1f ns%s ' % (row, c, mark)
            line += '  '.join('%s %s%.2f' % (m, '=' if same else '', r)
                              for m, r, same in ratios)
            if slower:
                line += '   << chosen path slower'
                failed.append(row)
            print(line)
        sys.stdout.flush()

    print('\n%d row(s) with the chosen path more than %d%% slower than a '
          'fallback%s; %.0f s%s' %
          (len(failed), round((LIMIT - 1) * 100),
           (': ' + ', '.join(failed)) if failed else '',
           time.monotonic() - t0,
           '; * = re-measured with %d runs' % (2 * reps) if remeasured
           else ''))
    if errors:
        return 2
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
