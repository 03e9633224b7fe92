# SPDX-License-Identifier: GPL-2.0
"""Suite "kernel": the 6.12 patch series, built and booted in QEMU.

    test_kernel.py series       the committed series matches the shared sources
    test_kernel.py checkpatch   scripts/checkpatch.pl --strict on every patch
    test_kernel.py boot-x86_64  build, boot with KUnit, check every case;
                                then crypto.af_alg_restrict from userspace
    test_kernel.py kunit-generic  KUnit again with AVX2 masked (generic C)
    test_kernel.py boot-param   sysctl.crypto.af_alg_* on the command line
    test_kernel.py matrix       af_alg_restrict 0/1/2 x names x users
    test_kernel.py hardening    AF_ALG without zero-copy, software only
    test_kernel.py restrict-shim  AFALG_SHIM=fallback at levels 1 and 2
    test_kernel.py fsverity     fs-verity on a host-made ext4 image
    test_kernel.py luks-guest   LUKS images from the host opened by dm-crypt
    test_kernel.py iwd          iwd over mac80211_hwsim, AF_ALG off, shim
    test_kernel.py arm64        arm64 build booted under TCG with KUnit

Every test point is TAP; a prerequisite that is missing fails (the
kernel-patches/kbuild step installs what scripts/packages.txt lists).
"""
import os
import subprocess
import sys
import time

from kctest import Tap

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
KP = os.path.join(TOP, 'kernel-patches')

# Debian's python3 and perl tools first (checkpatch's spdxcheck needs ply).
os.environ['PATH'] = '/usr/bin:/bin:' + os.environ.get('PATH', '')


def run(cmd, **kw):
    t = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, errors='replace', **kw)
    return p.returncode, p.stdout, time.time() - t


def kbuild(tap, arch):
    # KERNEL_DIR_X86_64 / KERNEL_DIR_ARM64: use a kernel directory built
    # elsewhere (same layout as kbuild's result) instead of kbuild.
    given = os.environ.get('KERNEL_DIR_' + arch.upper())
    if given:
        tap.diag('using the kernel in %s (KERNEL_DIR_%s)' % (given, arch.upper()))
        return given
    rc, out, secs = run([os.path.join(KP, 'kbuild'), '--arch', arch])
    ok = tap.ok(rc == 0, '%s kernel builds with the series (%.0fs)'
                % (arch, secs), out[-4000:])
    if not ok:
        return None
    return out.strip().splitlines()[-1]


def test_series(tap):
    rc, out, _ = run([os.path.join(KP, 'gen-series'), '--check'])
    tap.ok(rc == 0, 'committed series is generated from the shared sources',
           out[-6000:])


def test_checkpatch(tap):
    rc, out, _ = run([os.path.join(KP, 'kbuild'), '--base-only'])
    if not tap.ok(rc == 0, 'kernel source tree available', out[-2000:]):
        return
    src = out.strip().splitlines()[-1]
    series = sorted(f for f in os.listdir(os.path.join(KP, 'series'))
                    if f.endswith('.patch'))
    tap.ok(len(series) > 0, 'the series has patches (%d)' % len(series))
    for p in series:
        # FILE_PATH_CHANGES ("does MAINTAINERS need updating?") is raised
        # for every new file; new files go under lib/crypto/ and crypto/,
        # which MAINTAINERS already covers (patch 1 adds the one that was not).
        rc, out, _ = run(['perl', os.path.join(src, 'scripts', 'checkpatch.pl'),
                          '--strict', '--quiet', '--no-color',
                          '--ignore', 'FILE_PATH_CHANGES',
                          os.path.join(KP, 'series', p)], cwd=src)
        clean = rc == 0 and 'Traceback' not in out and out.strip() == ''
        tap.ok(clean, 'checkpatch --strict clean: %s' % p, out[-4000:])


RESTRICT_SCRIPT = """T=/sys/kernel/tracing
echo 1 > $T/events/af_alg/enable || echo "no af_alg tracepoints"
/run/guest/afalg-restrict-test
rc=$?
echo 0 > $T/events/af_alg/enable
grep -E 'af_alg_(create|bind):' $T/trace | sed 's/^/trace: /'
exit $rc
"""


def guest_tap(tap, out, prefix):
    """Relays the TAP points a guest program printed as our own."""
    n = 0
    for line in out.splitlines():
        if line.startswith('ok ') or line.startswith('not ok '):
            ok = line.startswith('ok ')
            desc = line.split(' - ', 1)[1] if ' - ' in line else line
            tap.ok(ok, '%s: %s' % (prefix, desc))
            n += 1
    return n


def test_boot_x86_64(tap):
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    # The log of the build that made this kernel: incremental, so it shows
    # the objects the last series change recompiled (all, when cold).
    try:
        with open(os.path.join(kdir, 'build.log'), errors='replace') as fp:
            warnings = [l for l in fp if 'warning:' in l]
    except OSError:
        warnings = None
    if warnings is None:
        tap.skip('no warnings in the kernel build log', 'no build.log in %s'
                 % kdir)
    else:
        tap.ok(not warnings, 'no compiler warnings in the kernel build log '
               '(%d)' % len(warnings), ''.join(warnings[:20]))
    console = os.path.join(kdir, 'console-kunit.log')
    rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                         '--kunit', '--console', console,
                         '--cmd', RESTRICT_SCRIPT])
    kunit = [l for l in out.splitlines() if l.startswith('kunit-check:')]
    tap.ok(bool(kunit) and ' 0 problems' in kunit[-1] and
           ' 0 expected cases passed' not in kunit[-1],
           'KUnit at boot: %s' % (kunit[-1] if kunit else 'no kunit-check result'),
           '\n'.join(l for l in out.splitlines()
                      if l.startswith('not ok') or 'FAIL' in l
                      or 'ERROR' in l)[-4000:])
    n = guest_tap(tap, out, 'af_alg_restrict')
    tap.ok(n >= 61 and '1..%d' % n in out,
           'the af_alg_restrict checks all reported (%d)' % n)
    trace = [l for l in out.splitlines() if l.startswith('trace: ')]
    creates = [l for l in trace if 'af_alg_create:' in l]
    binds = [l for l in trace if 'af_alg_bind:' in l]
    me = 'comm=afalg-restrict-'
    tap.ok(any(me in l and 'result=-97 denied=1 mode=2 rule=off' in l
               for l in creates) and
           any(me in l and 'result=0 denied=0 mode=1 rule=unrestricted' in l
               for l in creates),
           'tracepoint af_alg:af_alg_create reports allowed and refused '
           'creations with the verdict (%d events)' % len(creates),
           '\n'.join(creates[:10]))
    want_binds = [
        'uid=0 type=hash alg=sha1 result=0 denied=0 mode=1 rule=listed',
        'uid=0 type=hash alg=sha256 result=0 denied=0 mode=1 rule=privileged',
        'uid=0 type=hash alg=sha256-generic result=-2 denied=1 mode=1 '
        'rule=not-listed',
        'uid=65534 type=hash alg=sha256 result=-2 denied=1 mode=1 '
        'rule=not-privileged',
        'uid=65534 type=hash alg=sha256 result=0 denied=0 mode=1 '
        'rule=privileged',
        'uid=0 type=hash alg=sha256-generic result=0 denied=0 mode=0 '
        'rule=unrestricted',
        'uid=0 type=hash alg=sha256-generic result=-2 denied=1 mode=2 '
        'rule=not-listed',
    ]
    for w in want_binds:
        tap.ok(any(me in l and w in l for l in binds),
               'tracepoint af_alg:af_alg_bind: %s' % w)
    tap.ok(rc == 0, 'guest run exits 0 (%.0fs)' % secs, out[-3000:])


def test_kunit_generic(tap):
    """KUnit again with AVX2 masked (clearcpuid=avx2): QEMU's TCG has AVX2,
    so the default boot runs the AVX2 SHA-512 and ML-DSA code and this one
    the generic C (TCG has no SHA-NI: SHA-1/256 are generic in both)."""
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    console = os.path.join(kdir, 'console-kunit-generic.log')
    rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                         '--kunit', '--append', 'clearcpuid=avx2',
                         '--console', console, '--cmd', 'true'])
    with open(console, errors='replace') as fp:
        log = fp.read()
    tap.ok('Clearing CPUID bits: avx2' in log,
           'the guest kernel masked AVX2 (clearcpuid=avx2)')
    kunit = [l for l in out.splitlines() if l.startswith('kunit-check:')]
    tap.ok(bool(kunit) and ' 0 problems' in kunit[-1] and
           ' 0 expected cases passed' not in kunit[-1] and rc == 0,
           'KUnit without AVX2 (%.0fs): %s'
           % (secs, kunit[-1] if kunit else 'no kunit-check result'),
           '\n'.join(l for l in out.splitlines()
                      if l.startswith('not ok') or 'FAIL' in l)[-4000:])


# (kernel command line, afalg-restrict-test --boot arguments, what it shows)
BOOT_PARAMS = [
    ('sysctl.crypto.af_alg_restrict=2', '2',
     'sysctl.crypto.af_alg_restrict=2 takes effect'),
    ('sysctl.crypto.af_alg_restrict=0 sysctl.crypto.af_alg_log_use=1 '
     'sysctl.crypto.af_alg_log_deny=1', '0 log_use=1 log_deny=1',
     'level 0 and both logs set at boot'),
    ('sysctl.crypto.af_alg_restrict=2 sysctl.crypto.af_alg_restrict_lock=1',
     '2 lock=1', 'level 2 locked at boot'),
    ('sysctl.crypto.af_alg_restrict_lock=1 sysctl.crypto.af_alg_restrict=0',
     '1 lock=1', 'lock first: a later af_alg_restrict=0 is refused, 1 stays'),
    ('sysctl.crypto.af_alg_restrict=7', '1',
     'an invalid af_alg_restrict=7 is ignored (the default 1 stays)'),
]


def test_boot_param(tap):
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    for append, args, what in BOOT_PARAMS:
        rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                             '--append', append, '--no-hostroot',
                             '--cmd', '/guest/afalg-restrict-test --boot '
                             + args])
        tap.ok(rc == 0 and '1..' in out, '%s (%.0fs)' % (what, secs), out)


def test_matrix(tap):
    """af_alg_restrict 0, 1, 2 x every listed name, names off the lists,
    driver names and near misses x root, an unprivileged user and a user
    holding only CAP_NET_ADMIN (setpriv), each compared with the mainline
    lists (afalg_matrix.expected); the same for 32-bit socketcall(2), and
    kcapi-dgst at level 1 against hashlib."""
    import hashlib
    import json
    import afalg_matrix as m
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    # --share: the guest's /tmp is its own tmpfs, and a checkout may be
    # there; the matrix runs itself from tests/lib
    rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                         '--share', HERE, '--share', os.path.dirname(m.__file__),
                         '--cmd', m.GUEST_SCRIPT])
    if not tap.ok(rc == 0, 'guest runs the matrix (%.0fs)' % secs,
                  out[-3000:]):
        return
    got, who = {}, {}
    for line in out.splitlines():
        if not line.startswith('{'):
            continue
        d = json.loads(line)
        if 'who' in d:
            who[(d['level'], d['who'])] = d
        else:
            got[(d['level'], d['user'], d['type'], d['name'])] = d['result']
    for level in (0, 1, 2):
        tap.ok(('level %d' % level) in out, 'af_alg_restrict set to %d'
               % level)
        caps = {u: who.get((level, u), {}) for u in m.USERS}
        tap.ok(caps['root'].get('uid') == 0 and
               caps['nobody'].get('uid') == 65534 and
               int(caps['nobody'].get('capeff', '1'), 16) == 0 and
               caps['netadmin'].get('uid') == 65534 and
               int(caps['netadmin'].get('capeff', '0'), 16) == 1 << 12,
               'level %d: the users are root, uid 65534 without '
               'capabilities, uid 65534 with only CAP_NET_ADMIN' % level,
               repr(caps))
        for user in m.USERS:
            bad = []
            for typ, name in m.NAMES:
                want = m.expected(level, user, typ, name)
                have = got.get((level, user, typ, name))
                if have != want and not (want == 'error' and have and
                                         have != 'ok'):
                    bad.append('%s %r: got %s, want %s' % (typ, name, have,
                                                         want))
            tap.ok(not bad, 'level %d, %s: %d names as the mainline lists '
                   'say' % (level, user, len(m.NAMES)), '\n'.join(bad))
    # 32-bit programs: socketcall(2) and the i386 socket(2).
    errs = {'ok': '0', 'ENOENT': '-2', 'EAFNOSUPPORT': '-97'}
    for level in (0, 1, 2):
        bad, n = [], 0
        for user in m.USERS:
            for name in ('sha1', 'sha256', 'sha256-generic'):
                res = {}
                for line in out.splitlines():
                    w = line.split()
                    if len(w) == 6 and w[:4] == ['i386', str(level), user,
                                                 'hash:' + name]:
                        res[w[4]] = w[5]
                want = m.expected(level, user, 'hash', name)
                if level == 2:
                    ok = (res.get('socket32') == '-97' and
                          res.get('socketcall') == '-97' and
                          'bind' not in res)
                else:
                    ok = (res.get('socket32', '-1').isdigit() and
                          res.get('socketcall', '-1').isdigit() and
                          res.get('bind') == errs[want])
                n += 1
                if not ok:
                    bad.append('%s %s: %s, want %s' % (user, name, res, want))
        tap.ok(not bad, 'level %d: 32-bit socketcall(2) and socket(2) as '
               'the lists say (%d cases)' % (level, n), '\n'.join(bad))
    data = bytes(1000)
    kc = {}
    for line in out.splitlines():
        w = line.split(' ', 4)
        if w[0] == 'kcapi' and len(w) >= 5:
            kc[(w[1], w[2])] = (w[3], w[4].split(' ', 1)[0])
    for alg, user, works in (('sha1', 'root', True), ('sha1', 'nobody', True),
                             ('sha256', 'root', True),
                             ('sha256', 'nobody', False)):
        rcs, md = kc.get((alg, user), ('?', '?'))
        digest = 'md=' + hashlib.new(alg, data).hexdigest()
        if works:
            tap.ok(rcs == 'rc=0' and md == digest,
                   'level 1: kcapi-dgst -c %s as %s gives hashlib\'s digest'
                   % (alg, user), '%s %s' % (rcs, md))
        else:
            tap.ok(rcs != 'rc=0' and md == 'md=',
                   'level 1: kcapi-dgst -c %s as %s fails (ENOENT)'
                   % (alg, user), '%s %s' % (rcs, md))
    tap.ok('log lines at 1: 0' in out,
           'level 1 refuses silently: no af_alg log line without the log '
           'switches')


def test_hardening(tap):
    """The 7.2 AF_ALG hardening in the guest (tests/kernel/afalg_hardening.py):
    skcipher and aead requests fed by sendmsg, splice, sendfile and
    vmsplice give python3-cryptography's bytes; asynchronous implementations
    are unreachable by their driver names, the template names bind
    synchronous instances with python3-cryptography's bytes, also when
    salg_feat asks for CRYPTO_ALG_KERN_DRIVER_ONLY (patch "use software
    implementations only")."""
    import json
    from cryptography.hazmat.primitives.ciphers import (Cipher, algorithms,
                                                        modes)
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    import afalg_hardening as h
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                         '--share', HERE, '--cmd', '/usr/bin/python3 ' +
                         os.path.abspath(h.__file__)])
    if not tap.ok(rc == 0, 'guest runs afalg_hardening.py (%.0fs)' % secs,
                  out[-3000:]):
        return
    enc = Cipher(algorithms.AES(h.KEY), modes.CBC(h.IV)).encryptor()
    want = {'skcipher': (enc.update(h.DATA) + enc.finalize()).hex(),
            'aead': (h.AAD + AESGCM(h.KEY).encrypt(h.NONCE, h.DATA,
                                                   h.AAD)).hex()}
    res = [json.loads(l) for l in out.splitlines() if l.startswith('{')]
    for kind, alg in (('skcipher', 'cbc(aes)'), ('aead', 'gcm(aes)')):
        for how in ('sendmsg', 'splice', 'sendfile', 'vmsplice'):
            got = [r['out'] for r in res if r.get('zerocopy') == kind and
                   r['how'] == how]
            tap.ok(got == [want[kind]], '%s %s fed by %s: the bytes of '
                   'python3-cryptography (%d bytes in)'
                   % (kind, alg, how, len(h.DATA)), got[:1])
    h.check_software_only(tap, res)


def test_restrict_shim(tap):
    """AFALG_SHIM=fallback against the real restriction (guest half:
    tests/kernel/afalg_restrict_shim.py).  At level 1 an unprivileged
    kcapi-dgst -c sha256 fails natively with the kernel's denial and works
    under the shim with sha256sum's digest, the kernel having been asked
    first; sha1 works natively and under the shim stays on the kernel
    (the kernel's usage log has it, the shim's log has nothing); at level
    2 every demo client works under the shim as it did natively at 0."""
    import hashlib
    import json
    import afalg_restrict_shim as r
    shim = os.environ.get('AFALG_SHIM_LIB', '')
    if not tap.ok(os.path.exists(shim), 'the shim is built (AFALG_SHIM_LIB)',
                  shim):
        return
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    shares = [TOP]
    if not os.path.abspath(shim).startswith(TOP + '/'):
        shares.append(os.path.dirname(os.path.abspath(shim)))
    cmd = [os.path.join(KP, 'run-guest'), '--kernel', kdir, '--timeout',
           '1200', '--cmd', r.guest_script(os.path.abspath(shim))]
    for d in shares:
        cmd += ['--share', d]
    rc, out, secs = run(cmd)
    if not tap.ok(rc == 0, 'guest runs the fallback scenario (%.0fs)' % secs,
                  out[-3000:]):
        return
    lines = out.splitlines()

    def field(prefix, key):
        for line in lines:
            if line.startswith(prefix + ' '):
                for w in line.split(' '):
                    if w.startswith(key + '='):
                        return w[len(key) + 1:]
        return None

    def tagged(tag, how, alg):
        p = '%s %s %s ' % (tag, how, alg)
        return [l[len(p):] for l in lines if l.startswith(p)]

    data = bytes(1000)
    sums = {a: subprocess.run([a + 'sum'], input=data, capture_output=True,
                              check=True).stdout.split()[0].decode()
            for a in ('sha256', 'sha1')}
    for line in lines:
        if line.startswith('err 1 '):
            tap.diag('stderr of ' + line[6:])
    pre = 'run 1 nobody native sha256'
    denied = [d for d in tagged('dmesg', 'native', 'sha256')
              if 'AF_ALG denied' in d and 'alg=sha256 ' in d]
    tap.ok(field(pre, 'rc') != '0' and field(pre, 'out') == '' and denied,
           'level 1, unprivileged, natively: kcapi-dgst -c sha256 fails, '
           'the kernel logs its denial', '%s %s' % (
               [l for l in lines if l.startswith(pre)],
               tagged('dmesg', 'native', 'sha256')))
    pre = 'run 1 nobody shim sha256'
    recs = [json.loads(l) for l in tagged('shimlog', 'shim', 'sha256')]
    dm = tagged('dmesg', 'shim', 'sha256')
    tap.ok(field(pre, 'rc') == '0' and field(pre, 'out') == sums['sha256'],
           'level 1, unprivileged, shim fallback: kcapi-dgst -c sha256 '
           'gives sha256sum\'s digest', [l for l in lines
                                          if l.startswith(pre)])
    tap.ok(any('AF_ALG denied' in d and 'alg=sha256 ' in d for d in dm) and
           not any('AF_ALG in use' in d and 'alg=sha256 ' in d for d in dm),
           'under the shim the kernel was asked first and refused sha256',
           dm)
    tap.ok([(x.get('alg'), x.get('reason'), x.get('uid')) for x in recs] ==
           [('sha256', 'bind-enoent', 65534)],
           'the shim log records the takeover: alg sha256, reason '
           'bind-enoent, uid 65534', recs)
    for how in ('native', 'shim'):
        pre = 'run 1 nobody %s sha1' % how
        dm = tagged('dmesg', how, 'sha1')
        tap.ok(field(pre, 'rc') == '0' and field(pre, 'out') == sums['sha1']
               and any('AF_ALG in use' in d and 'comm=kcapi-dgst' in d and
                       'alg=sha1 ' in d for d in dm),
               'level 1, unprivileged, %s: kcapi-dgst -c sha1 gives '
               'sha1sum\'s digest, served by the kernel (its usage log)'
               % ('natively' if how == 'native' else 'shim fallback'),
               '%s %s' % ([l for l in lines if l.startswith(pre)], dm))
    tap.ok(not tagged('shimlog', 'shim', 'sha1'),
           'shim fallback, sha1: no takeover in the shim log',
           tagged('shimlog', 'shim', 'sha1'))
    probes = [json.loads(l[6:]) for l in lines if l.startswith('probe ')]
    native = [p for p in probes if not p['shim']]
    shimmed = [p for p in probes if p['shim']]
    abc = hashlib.sha256(b'abc').hexdigest()
    tap.ok(len(native) == 1 and native[0]['bind'] == 'ENOENT' and
           native[0]['domain_after'] == 38 and
           native[0]['sock_before'] == native[0]['sock_after'],
           'probe, level 1, unprivileged, natively: bind(sha256) is ENOENT '
           'on the kernel\'s socket', native)
    tap.ok(len(shimmed) == 1 and shimmed[0]['bind'] == 'ok' and
           shimmed[0]['sock_before'].startswith('socket:[') and
           shimmed[0]['sock_before'] != shimmed[0]['sock_after'] and
           shimmed[0]['fd_before'] == shimmed[0]['fd_after'] and
           shimmed[0].get('digest') == abc,
           'probe, shim fallback: the kernel\'s socket replaced by the '
           'shim\'s on the same descriptor, sha256("abc") as hashlib',
           shimmed)
    # level 2: every demo client under the shim as natively at 0
    clients = {}
    for line in lines:
        w = line.split(' ', 5)
        if w[0] == 'client' and len(w) == 6:
            clients[(w[1], w[2], w[3])] = (w[4], w[5])
    names = sorted({k[2] for k in clients})
    tap.ok(len(names) == 6, 'the six demo clients ran', names)
    for c in names:
        ref = clients.get(('0', 'native', c))
        nat = clients.get(('2', 'native', c))
        got = clients.get(('2', 'shim', c))
        tap.diag('level 2 natively, %s: %s' % (c, nat))
        tap.ok(ref and ref[0] == 'rc=0' and ref[1] != 'out=' and
               got == ref, 'level 2, shim fallback: %s works as natively '
               'at 0' % c, '%s / %s' % (ref, got))
    msg = b'a' * 100000
    ref = clients.get(('0', 'native', 'kcapi_dgst_sha256'), ('', ''))
    tap.ok(ref[1] == 'out=%s|' % hashlib.sha256(msg).hexdigest(),
           'the level-0 reference of kcapi_dgst_sha256 is hashlib\'s',
           ref)

FSV_SIZES = {'f1': 1, 'f4095': 4095, 'f4096': 4096, 'f4097': 4097,
             'f200k': 200 * 1024 + 123, 'f1m': 1 << 20,
             's256salt': 70000, 's512': 4097, 's512salt': 300 * 1024 + 5}
# fsverity options other than SHA-256 without salt (the default): a salt
# (hex) is absorbed into a saved hash state, and SHA-512 has 128-byte blocks
# and 64-byte digests, so these take other paths through fs/verity.
FSV_OPTS = {'s256salt': '--hash-alg=sha256 --salt=0011223344556677',
            's512': '--hash-alg=sha512',
            's512salt': '--hash-alg=sha512 --salt=' + '5a' * 31}
FSV_CORRUPT = ('f200k', 17)     # file and data block to corrupt
FSV_CORRUPT_SHA512 = ('s512salt', 40)   # the same, for the x86 SHA-512 check


def test_fsverity(tap):
    """fs-verity on a host-made ext4 image: measure, read back, corrupt."""
    import hashlib
    import tempfile
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    with tempfile.TemporaryDirectory(prefix='kernel-fsverity-') as tmp:
        img, want = make_fsverity_image(tap, tmp, FSV_OPTS)
        if not img:
            return
        names = ' '.join(FSV_SIZES)
        script = """set -e
mkdir -p /mnt/v
mount -t ext4 /dev/vda /mnt/v
cd /mnt/v
%s
for f in %s; do fsverity measure $f; done
for f in %s; do echo "content $(sha256sum < $f | cut -d' ' -f1) $f"; done
dmesg | grep 'fs-verity: sha' || true
cd /; umount /mnt/v
""" % ('\n'.join('fsverity enable --block-size=4096 %s %s'
                  % (FSV_OPTS.get(n, '--hash-alg=sha256'), n)
                  for n in FSV_SIZES), names, names)
        rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir, '--disk', img,
                             '--cmd', script])
        tap.diag(out)
        if not tap.ok(rc == 0, 'guest enables verity on %d files (%.0fs)'
                      % (len(FSV_SIZES), secs)):
            return
        tap.ok('fs-verity: sha512 using the SHA-512 library' in out,
               'the guest log says SHA-512 files are hashed by the SHA-512 '
               'library')
        measured = {}
        content = {}
        for line in out.splitlines():
            w = line.split()
            if len(w) == 2 and w[0].startswith(('sha256:', 'sha512:')):
                measured[w[1]] = w[0]
            elif len(w) == 3 and w[0] == 'content':
                content[w[2]] = w[1]
        for name in FSV_SIZES:
            tap.ok(want[name][0] is not None and
                   measured.get(name) == want[name][0],
                   '%s (%d bytes%s): measured digest equals the host\'s '
                   'fsverity digest' % (name, FSV_SIZES[name],
                                        ', ' + FSV_OPTS[name]
                                        if name in FSV_OPTS else ''),
                   'guest %s host %s' % (measured.get(name), want[name][0]))
            sha256 = hashlib.sha256(want[name][1]).hexdigest()
            tap.ok(content.get(name) == sha256,
                   '%s reads back intact' % name)

        # Corrupt one data block of a SHA-256 and of a salted SHA-512 file
        # offline, then read every block of both.
        victims = [FSV_CORRUPT, FSV_CORRUPT_SHA512]
        for victim, blk in victims:
            blocks = data_blocks(img, victim)
            if not tap.ok(len(blocks) > blk, 'debugfs lists the blocks of %s'
                          % victim):
                return
            with open(img, 'r+b') as fp:
                fp.seek(blocks[blk] * 4096 + 100)
                b = fp.read(1)
                fp.seek(blocks[blk] * 4096 + 100)
                fp.write(bytes([b[0] ^ 0x55]))
        script = """mkdir -p /mnt/v
mount -t ext4 -o ro /dev/vda /mnt/v || exit 1
for v in %s; do
  f=${v%%:*}; n=${v#*:}; i=0
  while [ $i -lt $n ]; do
    if dd if=/mnt/v/$f of=/dev/null bs=4096 skip=$i count=1 2>/dev/null; then
      echo "block $f $i ok"; else echo "block $f $i EIO"; fi
    i=$((i+1))
  done
done
for f in %s; do cat /mnt/v/$f > /dev/null 2>&1 && echo "file $f ok" || echo "file $f error"; done
dmesg | grep -i verity | tail -5
""" % (' '.join('%s:%d' % (v, (FSV_SIZES[v] + 4095) // 4096)
                for v, _ in victims), names)
        rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir, '--disk', img,
                             '--cmd', script])
        tap.diag(out)
        for victim, blk in victims:
            nblk = (FSV_SIZES[victim] + 4095) // 4096
            bad = [int(line.split()[2]) for line in out.splitlines()
                   if line.startswith('block %s ' % victim) and
                   line.endswith('EIO')]
            good = [line for line in out.splitlines()
                    if line.startswith('block %s ' % victim) and
                    line.endswith(' ok')]
            tap.ok(bad == [blk] and len(good) == nblk - 1,
                   'corrupting data block %d of %s%s gives EIO on exactly '
                   'that block (%d blocks read)'
                   % (blk, victim, ' (%s)' % FSV_OPTS[victim]
                      if victim in FSV_OPTS else '', nblk),
                   'EIO on %s' % bad)
        for name in FSV_SIZES:
            if name not in dict(victims):
                tap.ok('file %s ok' % name in out,
                       '%s still reads after the corruption of %s'
                       % (name, ' and '.join(v for v, _ in victims)))


def make_fsverity_image(tap, tmp, opts=None):
    """Files of FSV_SIZES in a host-made ext4 image with the verity feature,
    and what `fsverity digest` on the host says of each, with the options
    opts gives for the file (default: SHA-256, no salt).
    Returns (image, {name: (fsverity digest, data)})."""
    import random
    import shutil
    for tool in ('mkfs.ext4', 'debugfs', 'fsverity'):
        if not tap.ok(shutil.which(tool) is not None, 'host has %s' % tool):
            return None, None
    srcdir = os.path.join(tmp, 'src')
    os.mkdir(srcdir)
    rnd = random.Random(20260101)
    want = {}
    for name, size in FSV_SIZES.items():
        data = bytes(rnd.getrandbits(8) for _ in range(size))
        with open(os.path.join(srcdir, name), 'wb') as fp:
            fp.write(data)
        o = (opts or {}).get(name, '--hash-alg=sha256').split()
        rc, out, _ = run(['fsverity', 'digest', '--block-size=4096'] + o +
                         [os.path.join(srcdir, name)])
        want[name] = (out.split()[0] if rc == 0 else None, data)
    img = os.path.join(tmp, 'img')
    rc, out, _ = run(['mkfs.ext4', '-q', '-O', 'verity', '-b', '4096',
                      '-d', srcdir, img, '64M'])
    if not tap.ok(rc == 0, 'mkfs.ext4 -O verity on the host', out):
        return None, None
    return img, want


def fnv1a64(data):
    """FNV-1a 64-bit, what the arm64 guest's static fsverity-test prints."""
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return '%016x' % h


def data_blocks(img, name):
    rc, out, _ = run(['debugfs', '-R', 'blocks /' + name, img])
    return [int(b) for b in out.split() if b.isdigit()]


def test_arm64(tap):
    """arm64 cross build booted under qemu-system-aarch64 -cpu max (TCG):
    the library KUnit suites on the arm64 assembly, then the fs-verity
    check, where -cpu max's SHA-2 instructions make sha256_finup_2x()
    interleaved, so data blocks are verified in pairs."""
    import tempfile
    kdir = kbuild(tap, 'arm64')
    if not kdir:
        return
    console = os.path.join(kdir, 'console-kunit.log')
    with tempfile.TemporaryDirectory(prefix='kernel-arm64-') as tmp:
        img, want = make_fsverity_image(tap, tmp)
        if not img:
            return
        victim, blk = FSV_CORRUPT
        blocks = data_blocks(img, victim)
        if not tap.ok(len(blocks) > blk, 'debugfs lists the blocks of %s'
                      % victim):
            return
        cmd = 'fsverity-test /dev/vda %s corrupt=%s:%d:%d' % (
            ' '.join(FSV_SIZES), victim, blk, blocks[blk])
        rc, out, secs = run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                             '--arch', 'arm64', '--kunit', '--console',
                             console, '--disk', img, '--cmd', cmd])
    tap.diag('\n'.join(l for l in out.splitlines()
                        if not l.startswith('block ')))
    kunit = [l for l in out.splitlines() if l.startswith('kunit-check:')]
    tap.ok(bool(kunit) and ' 0 problems' in kunit[-1] and
           ' 0 expected cases passed' not in kunit[-1],
           'arm64 KUnit at boot: %s' % (kunit[-1] if kunit else
                                        'no kunit-check result'))
    measured, content = {}, {}
    for line in out.splitlines():
        w = line.split()
        if len(w) == 3 and w[0] == 'measure':
            measured[w[2]] = w[1]
        elif len(w) == 4 and w[0] == 'content' and w[2] == 'fnv1a64':
            content.setdefault(w[1], []).append(w[3])
    for name in FSV_SIZES:
        tap.ok(want[name][0] is not None and measured.get(name) == want[name][0],
               'arm64 %s (%d bytes): measured digest equals the host\'s '
               'fsverity digest' % (name, FSV_SIZES[name]),
               'guest %s host %s' % (measured.get(name), want[name][0]))
        reads = content.get(name, [])
        fnv = fnv1a64(want[name][1])
        tap.ok(reads and all(r == fnv for r in reads),
               'arm64 %s reads back intact (%d reads)' % (name, len(reads)))
    nblk = (FSV_SIZES[victim] + 4095) // 4096
    bad = [int(l.split()[1]) for l in out.splitlines()
           if l.startswith('block ') and l.endswith('EIO')]
    good = [l for l in out.splitlines()
            if l.startswith('block ') and l.endswith(' ok')]
    tap.ok(bad == [blk] and len(good) == nblk - 1,
           'arm64: corrupting data block %d of %s gives EIO on exactly that '
           'block (%d blocks read)' % (blk, victim, nblk), 'EIO on %s' % bad)
    with open(console, errors='replace') as fp:
        log = fp.read()
    tap.ok('data blocks hashed in pairs' in log,
           'arm64: fs-verity verified data blocks in pairs with '
           'sha256_finup_2x() (kernel log)')
    tap.ok(rc == 0, 'arm64 guest run exits 0 (%.0fs)' % secs, out[-2000:])


def test_luks_guest(tap):
    """Host-made LUKS images opened by the guest's dm-crypt
    (tests/kernel/luks_guest.py)."""
    import luks_guest
    luks_guest.test(tap, kbuild, run, os.path.join(KP, 'run-guest'))


def test_iwd(tap):
    """iwd connecting under the shim with AF_ALG off
    (tests/kernel/iwd_guest.py)."""
    import iwd_guest
    iwd_guest.test(tap, kbuild, run, os.path.join(KP, 'run-guest'))


def test_includers(tap):
    rc, out, secs = run([os.path.join(KP, 'check-includers')])
    tap.diag(out)
    tap.ok(rc == 0, 'every x86 object that includes a changed header '
           'compiles under allyesconfig (%.0fs)' % secs)


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else ''
    tests = {
        'series': test_series,
        'checkpatch': test_checkpatch,
        'boot-x86_64': test_boot_x86_64,
        'kunit-generic': test_kunit_generic,
        'boot-param': test_boot_param,
        'matrix': test_matrix,
        'hardening': test_hardening,
        'restrict-shim': test_restrict_shim,
        'fsverity': test_fsverity,
        'luks-guest': test_luks_guest,
        'iwd': test_iwd,
        'arm64': test_arm64,
        'includers': test_includers,
    }
    if what not in tests:
        sys.exit('usage: test_kernel.py %s' % '|'.join(tests))
    tap = Tap()
    tests[what](tap)
    tap.done()


if __name__ == '__main__':
    main()
