# SPDX-License-Identifier: GPL-2.0
"""Suite "restrict": the restrict/ backport booted on a Debian base.

    test_restrict_guest.py 6.1     kernel-patches/restrict-6.1 on linux-source-6.1
    test_restrict_guest.py 6.12    kernel-patches/restrict on linux-source-6.12
    test_restrict_guest.py 6.1 --extras
                                   restrict-6.1/ and extras-6.1/ (by hand,
                                   not in CI: kernel-patches/README.md)
    test_restrict_guest.py BASE --builtin
                                   the same series with AF_ALG built in
                                   (configs/restrict-builtin.config; by
                                   hand, not in CI)

Builds the small modular kernel (kbuild --config restrict; cached), boots
it once under QEMU (TCG) and runs there, in this order:

1. af_alg's module autoload: before anything, no af_alg module and no
   /proc/sys/crypto/af_alg_restrict; a socket() loads af_alg (net-pf-38),
   the sysctl appears at its default; a refused bind() has loaded the
   type's algif-* module first.
2. The matrix (kernel-patches/guest/restrict-matrix runs the cases and
   reports the kernel's answers): levels 0/1/2 x the names of NAMES
   (allowlisted for anyone, privileged, off the lists, driver names,
   cbc(paes)) x root, nobody (uid 65534, no capability) and a
   CAP_NET_ADMIN-only process x a socket created after the level change
   or before it (at level 0), for hash, skcipher, aead and rng.  Each
   answer is compared with expected(), written from UPSTREAM's behaviour
   as the commits cited below describe it, never from the kernel's.
3. The KUnit suite af_alg_restrict (a module, loaded with insmod), its
   results checked with kernel-patches/kunit-check --series.

With --builtin AF_ALG is built in rather than modular: step 1 checks
instead that the sysctl exists from boot at its default and that no module
is ever loaded; steps 2 and 3 are the same (the KUnit suite stays a
module).

With --extras the kernel also carries extras-6.1/ (gen-series --base 6.1
--flat), and the same boot must give the same answers (every extra is off
at its default), then runs what the extras add: the escaped use and deny
logs against forged names, comm and exe paths
(tests/kernel/log_forge_guest.py) and the one-way lock.  The tracepoints
are compiled there but not exercised: the restrict config has no tracing.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

from kctest import Tap

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
KP = os.path.join(TOP, 'kernel-patches')

BASES = {
    '6.1': os.path.join(KP, 'restrict-6.1'),
    '6.12': os.path.join(KP, 'restrict'),
}

# The upstream commits each expectation follows (crypto tree, for v7.3;
# commit IDs not verified, so cited by subject).
ADD = 'upstream "crypto: af_alg - Add af_alg_restrict sysctl, defaulting to 1"'
CRYPTSETUP = 'upstream "crypto: af_alg - Allow additional ciphers for cryptsetup"'
PAES = ('upstream "crypto: af_alg - Allow cbc(paes)" and '
        '"crypto: af_alg - Make cbc(paes) privileged-only"')

# (type, name, kind, commit): kind 'U' on the allowlist for any process,
# 'P' on it for CAP_NET_ADMIN (initial user namespace) or CAP_SYS_ADMIN,
# 'off' on no list, 'driver' a driver name (never on a list: the lists are
# compared with strcmp), 'absent' a listed name no x86 kernel has.
NAMES = [
    ('hash', 'sha1', 'U', ADD),
    ('hash', 'sha256', 'P', ADD),
    ('hash', 'sha3-256', 'off', ADD),
    ('hash', 'sha256-generic', 'driver', ADD),
    ('skcipher', 'xts(aes)', 'U', ADD),
    ('skcipher', 'xts(camellia)', 'U', CRYPTSETUP),
    ('skcipher', 'cbc(aes)', 'P', ADD),
    ('skcipher', 'ecb(camellia)', 'off', ADD),
    ('skcipher', 'cbc(aes-generic)', 'driver', ADD),
    # cbc(paes) is s390's: on x86 no such algorithm exists, so the answer
    # is ENOENT at levels 0 and 1 for everyone (the KUnit suite registers
    # a stub of that name to see the allowlist's verdict).
    ('skcipher', 'cbc(paes)', 'absent', PAES),
    ('aead', 'ccm(aes)', 'P', ADD),
    ('aead', 'gcm(aes)', 'off', ADD),
    ('aead', 'ccm_base(ctr(aes-generic),cbcmac(aes-generic))', 'driver', ADD),
    # rng has no allowlist: every rng bind fails at level 1
    ('rng', 'stdrng', 'off', ADD),
    ('rng', 'ansi_cprng', 'driver', ADD),
]
CREDS = ('root', 'nobody', 'netadmin')
PRIVILEGED = ('root', 'netadmin')
WHENS = ('after', 'before')
LEVELS = (0, 1, 2)


def expected(kind, cred, when, level):
    """(socket, bind) as upstream answers them, and why."""
    if level == 2:
        if when == 'after':
            return ('EAFNOSUPPORT', '-'), \
                'level 2: socket() fails first (%s)' % ADD
        return ('ok', 'ENOENT'), \
            'level 2: bind() of an earlier socket fails for every name (%s)' % ADD
    if kind == 'absent':
        return ('ok', 'ENOENT'), 'no such algorithm on x86 (%s)' % PAES
    if level == 0:
        return ('ok', 'ok'), 'level 0: unrestricted (%s)' % ADD
    if kind == 'U':
        return ('ok', 'ok'), 'level 1: listed for any process'
    if kind == 'P':
        if cred in PRIVILEGED:
            return ('ok', 'ok'), 'level 1: listed, caller privileged ' \
                '(CAP_NET_ADMIN or CAP_SYS_ADMIN)'
        return ('ok', 'ENOENT'), 'level 1: privileged name, no capability'
    return ('ok', 'ENOENT'), 'level 1: not on the list (strcmp of the name)'


# Before the matrix: the module state, and what autoloads.  The first
# socket() as nobody loads af_alg at its default level 1 (ADD: a plain
# variable initialised to 1, the sysctl registered by af_alg's init); a
# refused bind() has loaded the type's module (ADD: the check runs after
# the type lookup).
AUTOLOAD = [
    ('state', 's0', None, 'sysctl=absent modules=-',
     'no af_alg module and no sysctl before the first socket'),
    ('case', 'a1', 'hash sha256 nobody after -', 'socket=ok bind=ENOENT',
     'first socket() autoloads af_alg; sha256 refused to nobody at the default'),
    ('state', 's1', None, 'sysctl=1 modules=af_alg,algif_hash',
     'default level 1; algif_hash loaded before the refusal'),
    ('case', 'a2', 'skcipher ecb(camellia) root after -',
     'socket=ok bind=ENOENT', 'off-list skcipher name refused to root'),
    ('case', 'a3', 'rng stdrng root after -', 'socket=ok bind=ENOENT',
     'rng refused to root at level 1 (no rng allowlist)'),
    ('state', 's2', None,
     'sysctl=1 modules=af_alg,algif_hash,algif_skcipher,algif_rng',
     'algif_skcipher and algif_rng loaded before their refusals'),
]

# The same steps with AF_ALG built in: the sysctl from boot, no module.
AUTOLOAD_BUILTIN = [
    ('state', 's0', None, 'sysctl=1 modules=-',
     'built in: the sysctl exists from boot at the default, no af_alg module'),
    ('case', 'a1', 'hash sha256 nobody after -', 'socket=ok bind=ENOENT',
     'sha256 refused to nobody at the default'),
    ('state', 's1', None, 'sysctl=1 modules=-', 'still no module loaded'),
    ('case', 'a2', 'skcipher ecb(camellia) root after -',
     'socket=ok bind=ENOENT', 'off-list skcipher name refused to root'),
    ('case', 'a3', 'rng stdrng root after -', 'socket=ok bind=ENOENT',
     'rng refused to root at level 1 (no rng allowlist)'),
    ('state', 's2', None, 'sysctl=1 modules=-', 'no module loaded at the end'),
]


def matrix_cases():
    cases = []
    for t, name, kind, commit in NAMES:
        for level in LEVELS:
            for cred in CREDS:
                for when in WHENS:
                    (sock, bind), why = expected(kind, cred, when, level)
                    cases.append(dict(id='m%d' % len(cases), type=t,
                                      name=name, kind=kind, cred=cred,
                                      when=when, level=level, sock=sock,
                                      bind=bind, why=why, commit=commit))
    return cases


def run(cmd, **kw):
    t = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, errors='replace', **kw)
    return p.returncode, p.stdout, time.time() - t


# --extras, after the matrix, KUnit and log-forge (they set the level):
# root (CAP_SYS_ADMIN) sets the lock; then the level can be raised but not
# lowered, and the lock not cleared (extras "add the one-way lock").  Each
# write prints its exit status, each read the value.
LOCK_SCRIPT = """S=/proc/sys/crypto
echo 1 > $S/af_alg_restrict
echo "lock-before=$(cat $S/af_alg_restrict_lock)"
echo 0 > $S/af_alg_restrict; echo "unlocked-lower-rc=$?"
echo 1 > $S/af_alg_restrict
echo 1 > $S/af_alg_restrict_lock; echo "lock-set-rc=$?"
echo 0 > $S/af_alg_restrict; echo "locked-lower-rc=$?"
echo "level-after-lower=$(cat $S/af_alg_restrict)"
echo 2 > $S/af_alg_restrict; echo "locked-raise-rc=$?"
echo 0 > $S/af_alg_restrict_lock; echo "unlock-rc=$?"
echo "lock-after=$(cat $S/af_alg_restrict_lock) level-after=$(cat $S/af_alg_restrict)"
"""
LOCK_WANT = ['lock-before=0', 'unlocked-lower-rc=0', 'lock-set-rc=0',
             'locked-lower-rc=1', 'level-after-lower=1', 'locked-raise-rc=0',
             'unlock-rc=1', 'lock-after=1 level-after=2']


def main():
    args = sys.argv[1:]
    extras = '--extras' in args
    if extras:
        args.remove('--extras')
    builtin = '--builtin' in args
    if builtin:
        args.remove('--builtin')
    if len(args) != 1 or args[0] not in BASES or (extras and args[0] != '6.1') or \
            (extras and builtin):
        sys.exit('usage: test_restrict_guest.py %s [--builtin] | 6.1 --extras'
                 % '|'.join(BASES))
    autoload = AUTOLOAD_BUILTIN if builtin else AUTOLOAD
    base = args[0]
    series = BASES[base]
    tap = Tap()
    flat = None
    if extras:
        flat = tempfile.mkdtemp(prefix='restrict-extras-')
        rc, out, _ = run([os.path.join(KP, 'gen-series'), '--base', base,
                          '--flat', flat])
        if not tap.ok(rc == 0, 'gen-series --base %s --flat: restrict-%s/ '
                      'and extras-%s/' % (base, base, base), out[-3000:]):
            tap.done()
        series = flat

    rc, out, secs = run([os.path.join(KP, 'kbuild'), '--base', base,
                         '--series', series, '--config',
                         'restrict-builtin' if builtin else 'restrict'])
    if not tap.ok(rc == 0, 'linux-source-%s with %s builds (%.0fs)'
                  % (base, 'restrict-6.1/ + extras-6.1/' if extras
                     else os.path.relpath(series, TOP), secs), out[-4000:]):
        tap.done()
    kdir = out.strip().splitlines()[-1]
    with open(os.path.join(kdir, 'config')) as fp:
        config = fp.read()
    for opt in ('CONFIG_CRYPTO_USER_API', 'CONFIG_CRYPTO_USER_API_HASH',
                'CONFIG_CRYPTO_USER_API_SKCIPHER', 'CONFIG_CRYPTO_USER_API_AEAD',
                'CONFIG_CRYPTO_USER_API_RNG'):
        if builtin:
            tap.ok('\n%s=y\n' % opt in config, '%s=y, built in' % opt)
        else:
            tap.ok('\n%s=m\n' % opt in config, '%s=m, as Debian builds it' % opt)
    kos = subprocess.run(['find', os.path.join(kdir, 'modules'), '-name',
                          'af_alg_restrict_kunit.ko'], stdout=subprocess.PIPE,
                         text=True).stdout.split()
    if not tap.ok(len(kos) == 1, 'the KUnit module is built', kos):
        tap.done()

    cases = matrix_cases()
    lines = []
    for kind, ident, args, _, _ in autoload:
        lines.append('%s %s%s' % (kind, ident, ' ' + args if args else ''))
    for c in cases:
        lines.append('case %(id)s %(type)s %(name)s %(cred)s %(when)s %(level)d'
                     % c)
    # The matrix, then the KUnit module (it restores the level it found).
    script = ('/run/guest/restrict-matrix <<"EOF"\n%s\nEOF\n'
              'echo "matrix-rc=$?"\n'
              'insmod %s && echo kunit-loaded\n' % ('\n'.join(lines), kos[0]))
    forge = os.path.join(TOP, 'tests', 'kernel', 'log_forge_guest.py')
    share = []
    if extras:
        script += ('/usr/bin/python3 %s 2>&1 | sed "s/^/forge: /"\n%s'
                   % (forge, LOCK_SCRIPT))
        # the guest's /tmp is its own tmpfs, and a checkout may be there
        share = ['--share', os.path.dirname(forge)]
    with tempfile.TemporaryDirectory(prefix='restrict-guest-') as tmp:
        dmesg = os.path.join(tmp, 'dmesg')
        t = time.time()
        p = subprocess.run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                            '--dmesg', dmesg, '--append', 'kunit.enable=1',
                            *share, '--cmd', script], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True,
                           errors='replace', timeout=1500)
        secs = time.time() - t
        if not tap.ok(p.returncode == 0, 'guest boots and runs the matrix '
                      '(%.0fs)' % secs, p.stdout[-2000:] + p.stderr[-3000:]):
            tap.done()
        got = {}
        for line in p.stdout.splitlines():
            words = line.split(None, 1)
            if len(words) == 2:
                got[words[0]] = words[1]
        tap.ok('matrix-rc=0' in p.stdout.splitlines(),
               'restrict-matrix ran every request without an error',
               '\n'.join(l for l in p.stdout.splitlines() if 'error' in l))

        for kind, ident, args, want, why in autoload:
            tap.ok(got.get(ident) == want, '%s %s: %s' % (
                'built in' if builtin else 'autoload', ident, why),
                   'got %r, want %r' % (got.get(ident), want))

        bad = []
        for c in cases:
            want = 'socket=%s bind=%s' % (c['sock'], c['bind'])
            if got.get(c['id']) != want:
                bad.append('%(type)s %(name)s as %(cred)s, socket %(when)s '
                           'level %(level)d: ' % c +
                           'got %r, want %r (%s; %s)'
                           % (got.get(c['id']), want, c['why'], c['commit']))
        for t, name, kind, commit in NAMES:
            mine = [b for b in bad if b.startswith('%s %s ' % (t, name))]
            tap.ok(not mine, 'matrix %s %s (%s): %d cases as upstream'
                   % (t, name, kind, sum(1 for c in cases
                                         if (c['type'], c['name']) == (t, name))),
                   '\n'.join(mine))

        tap.ok('kunit-loaded' in p.stdout, 'the KUnit module loads',
               p.stderr[-2000:])
        with open(os.path.join(kdir, 'source-tree')) as fp:
            tree = fp.read().strip()
        rc, out, _ = run([os.path.join(KP, 'kunit-check'), '--series', series,
                          '--tree', tree, '--config',
                          os.path.join(kdir, 'config'), dmesg])
        tap.ok(rc == 0, 'KUnit suite af_alg_restrict passes (kunit-check)',
               out[-3000:])
        if extras:
            forged = [l[len('forge: '):] for l in p.stdout.splitlines()
                      if l.startswith('forge: ')]
            n = 0
            for line in forged:
                if line.startswith('ok ') or line.startswith('not ok '):
                    desc = line.split(' - ', 1)[1] if ' - ' in line else line
                    tap.ok(line.startswith('ok '), 'log-forge: ' + desc)
                    n += 1
            tap.ok(n >= 7 * 4 and '1..%d' % n in forged,
                   'log-forge: the guest ran every case (%d points)' % n,
                   '\n'.join(forged)[-3000:])
            lock = [l for l in p.stdout.splitlines()
                    if l.split('=', 1)[0] in {w.split('=', 1)[0]
                                              for w in LOCK_WANT}]
            tap.ok(lock == LOCK_WANT, 'the one-way lock: lowering refused '
                   'once locked, raising allowed, the lock cannot be cleared',
                   'got %r\nwant %r' % (lock, LOCK_WANT))
    if flat:
        shutil.rmtree(flat)
    tap.done()


if __name__ == '__main__':
    main()
