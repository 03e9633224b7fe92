# SPDX-License-Identifier: GPL-2.0
"""The native kcapi tools (tools/) against the originals and oracles.

kcapi-dgst and kcapi-rng: Debian's kcapi-tools (libkcapi 1.4) run under
the shim on every documented option, incl. bad input; stdout, output
files and exit codes must be the same (random output: its length).
kcapi-hasher: Debian does not ship it, so its digests are checked against
coreutils' sha*sum (same line formats) and Python's hmac with the keys
hmaccalc and fipscheck compile in; exit codes against those libkcapi 1.4's
kcapi-hasher gives (its source, apps/kcapi-hasher.c).  When KCAPI_HASHER_REF
names an upstream kcapi-hasher binary, every hasher case is also compared
with it under the shim.
"""
import hashlib
import hmac
import os
import shutil
import subprocess

from kctest import run_tests

TOOLS = os.environ['KCTOOLS_DIR']
SHIM = os.environ['AFALG_SHIM_LIB']
REF_HASHER = os.environ.get('KCAPI_HASHER_REF', '')
HMACCALC_KEY = b'FIPS-FTW-RHT2009'
FIPSCHECK_KEY = b'orboDeJITITejsirpADONivirpUkvarP'


def run(argv, cwd, data=b'', fds=(), shim=False):
    env = dict(os.environ)
    env.pop('KCAPI_HASHER_FORCE_FIPS', None)
    if shim:
        env['LD_PRELOAD'] = SHIM
    opened = []
    for num, path in fds:
        fd = os.open(os.path.join(cwd, path), os.O_RDONLY)
        if fd != num:
            os.dup2(fd, num, inheritable=True)
            os.close(fd)
        else:
            os.set_inheritable(fd, True)
        opened.append(num)
    try:
        r = subprocess.run(argv, input=data, capture_output=True, cwd=cwd,
                           env=env, pass_fds=opened, timeout=120)
    finally:
        for num in opened:
            os.close(num)
    return r


def hasher_dir(tmp):
    """A directory of personality links to the native kcapi-hasher."""
    d = os.path.join(tmp, 'bin')
    os.mkdir(d)
    for name in ('sha1sum', 'sha224sum', 'sha256sum', 'sha384sum',
                 'sha512sum', 'md5sum', 'sha1hmac', 'sha224hmac',
                 'sha256hmac', 'sha384hmac', 'sha512hmac', 'fipshmac',
                 'fipscheck', 'kcapi-hasher'):
        os.symlink(os.path.join(TOOLS, 'kcapi-hasher'), os.path.join(d, name))
    if REF_HASHER:
        rd = os.path.join(tmp, 'ref')
        os.mkdir(rd)
        for name in os.listdir(d):
            os.symlink(REF_HASHER, os.path.join(rd, name))
    return d


# the hasher's input files, written into tmp by hasher_inputs()
DATA = {'a.txt': b'hello\n', 'empty': b'',
        'big': bytes(range(256)) * 4099, 'k': b'a key file\n'}


def hexd(alg, blob, key=None):
    """The oracle: hashlib's digest, or hmac's with @key."""
    if key is None:
        return hashlib.new(alg, blob).hexdigest()
    return hmac.new(key, blob, alg).hexdigest()


def hasher_inputs(tmp):
    """Not a test: the personality links and input files the hasher
    tests below share (in this order; later ones read what earlier ones
    wrote, the .hmac files and SUMS)."""
    hasher_dir(tmp)
    for name, blob in DATA.items():
        with open(os.path.join(tmp, name), 'wb') as f:
            f.write(blob)


def nat(tmp, *argv, data=b''):
    """The native kcapi-hasher as argv[0] (a link in tmp/bin), in tmp."""
    return run([os.path.join(tmp, 'bin', argv[0])] + list(argv[1:]), tmp,
               data)


def check_hasher_digests(tap, tmp):
    data = DATA
    files = ['a.txt', 'empty', 'big']
    for alg in ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'):
        r = nat(tmp, alg + 'sum', *files)
        want = ''.join('%s  %s\n' % (hexd(alg, data[f]), f) for f in files)
        tap.ok(r.returncode == 0 and r.stdout.decode() == want,
               '%ssum files' % alg, r.stdout + r.stderr)
        core = subprocess.run([alg + 'sum', '--tag'] + files, cwd=tmp,
                              capture_output=True).stdout
        r = nat(tmp, alg + 'sum', '--tag', *files)
        tap.ok(r.returncode == 0 and r.stdout == core,
               '%ssum --tag = coreutils' % alg, r.stdout)
        r = nat(tmp, alg + 'sum', data=data['a.txt'])
        tap.ok(r.stdout.decode() == '%s  -\n' % hexd(alg, data['a.txt']),
               '%ssum stdin' % alg, r.stdout)
        if alg == 'md5':
            continue
        r = nat(tmp, alg + 'hmac', *files)
        want = ''.join('%s  %s\n' % (hexd(alg, data[f], HMACCALC_KEY), f)
                       for f in files)
        tap.ok(r.returncode == 0 and r.stdout.decode() == want,
               '%shmac (hmaccalc key)' % alg, r.stdout + r.stderr)
        r = nat(tmp, alg + 'hmac', '-K', 'secret', '--tag', 'a.txt')
        want = 'HMAC(%s) (a.txt) = %s\n' % (
            alg.upper(), hexd(alg, data['a.txt'], b'secret'))
        tap.ok(r.stdout.decode() == want, '%shmac -K --tag' % alg, r.stdout)
        r = nat(tmp, alg + 'hmac', '-k', 'k', '-b', '-P', 'big')
        want = '%s  big\n' % hexd(alg, data['big'], data['k'])
        tap.ok(r.stdout.decode() == want, '%shmac -k FILE -b -P' % alg,
               r.stdout + r.stderr)
        r = nat(tmp, alg + 'hmac', '-u', 'a.txt')
        tap.ok(r.stdout.decode() == '%s  a.txt\n' % hexd(alg, data['a.txt']),
               '%shmac -u' % alg, r.stdout)
    r = nat(tmp, 'sha256sum', '-h', 'sha512', 'a.txt')
    tap.ok(r.stdout.decode().split()[0] == hexd('sha512', data['a.txt']),
           '-h sha512', r.stdout)
    r = nat(tmp, 'kcapi-hasher', '-n', 'sha384hmac', 'a.txt')
    tap.ok(r.stdout.decode().split()[0] ==
           hexd('sha384', data['a.txt'], HMACCALC_KEY), '-n sha384hmac')
    r = nat(tmp, 'sha256sum', '-t', '64', 'a.txt')
    tap.ok(r.stdout.decode() == '%s  a.txt\n' % hexd('sha256', data['a.txt'])[:16],
           '-t 64 truncates', r.stdout)
    r = nat(tmp, 'sha256sum', '-z', 'a.txt', 'empty')
    tap.ok(r.stdout.count(b'\0') == 2 and b'\n' not in r.stdout, '-z NUL ends')


def check_fipshmac(tap, tmp):
    """fipshmac writes .NAME.hmac (bare hex line), -d a directory;
    fipscheck checks it."""
    data = DATA
    r = nat(tmp, 'fipshmac', 'a.txt')
    with open(os.path.join(tmp, '.a.txt.hmac')) as f:
        got = f.read()
    tap.ok(r.returncode == 0 and
           got == hexd('sha256', data['a.txt'], FIPSCHECK_KEY) + '\n',
           'fipshmac .a.txt.hmac', got)
    os.mkdir(os.path.join(tmp, 'sums'))
    r = nat(tmp, 'fipshmac', '-d', 'sums', 'big')
    tap.ok(os.path.exists(os.path.join(tmp, 'sums', '.big.hmac')), 'fipshmac -d')
    r = nat(tmp, 'fipscheck', 'a.txt')
    tap.ok(r.returncode == 0 and r.stdout == b'', 'fipscheck good', r.stderr)
    with open(os.path.join(tmp, 'tampered'), 'wb') as f:
        f.write(b'hellp\n')
    shutil.copy(os.path.join(tmp, '.a.txt.hmac'),
                os.path.join(tmp, '.tampered.hmac'))
    r = nat(tmp, 'fipscheck', 'tampered')
    tap.ok(r.returncode == 1, 'fipscheck tampered exits 1', r.returncode)
    r = nat(tmp, 'fipscheck', 'empty')
    tap.ok(r.returncode == 253, 'fipscheck without .hmac exits 253',
           r.returncode)


def check_hasher_check_files(tap, tmp):
    """-c: GNU and BSD lines, --quiet, --status, exit codes."""
    data = DATA
    with open(os.path.join(tmp, 'SUMS'), 'w') as f:
        f.write('%s  a.txt\n%s *big\n' % (hexd('sha256', data['a.txt']),
                                          hexd('sha256', data['big'])))
        f.write('%s  empty\n' % ('0' * 64))
        f.write('%s  missing\n' % ('0' * 64))
    r = nat(tmp, 'sha256sum', '-c', 'SUMS')
    tap.ok(r.returncode == 2 and r.stdout.decode() ==
           'a.txt: OK\nbig: OK\nempty: Not OK\nmissing: Not OK\n',
           '-c: OK/Not OK lines, exit = failures', r.stdout)
    r = nat(tmp, 'sha256sum', '--quiet', '-c', 'SUMS')
    tap.ok(r.stdout.decode() == 'empty: Not OK\nmissing: Not OK\n',
           '--quiet -c', r.stdout)
    r = nat(tmp, 'sha256sum', '-q', '-c', 'SUMS')
    tap.ok(r.stdout == b'' and r.returncode == 2, '--status -c')
    core = subprocess.run(['sha256sum', '--tag', 'a.txt', 'big'], cwd=tmp,
                          capture_output=True).stdout
    r = nat(tmp, 'sha256sum', '-c', '-', data=core)
    # libkcapi 1.4 miscounts a BSD line's digest by one and fails every
    # one: the native tool accepts what it writes (docs: kcapi-hasher(1))
    tap.ok(r.returncode == 0 and r.stdout == b'a.txt: OK\nbig: OK\n',
           '-c - reads --tag lines', r.stdout + r.stderr)


def check_hasher_errors(tap, tmp):
    for argv, rc, what in (
            (['sha256sum', 'missing'], 251, 'missing file'),
            (['sha256sum', 'sums'], 234, 'a directory'),
            (['sha256sum', '-t', '512', 'a.txt'], 32, '-t beyond the digest'),
            (['sha256sum', '-t', '7', 'a.txt'], 1, '-t not bytes'),
            (['sha256sum', '-t', 'x', 'a.txt'], 1, '-t not a number'),
            (['sha256sum', '-h', 'whirlpool', 'a.txt'], 1, '-h unknown'),
            (['sha256sum', '-c', 'nofile'], 253, '-c missing check file'),
            (['sha256sum', '-c', 'empty'], 1, '-c empty check file'),
            (['sha256sum', '-c', 'SUMS', 'a.txt'], 1, '-c with files'),
            (['sha256sum', '-S', 'a.txt'], 1, '-S with files'),
            (['sha256hmac', '-k', 'nokey', 'a.txt'], 1, '-k missing'),
            (['fipscheck'], 1, 'fipscheck without file'),
            (['kcapi-hasher', 'a.txt'], 1, 'unknown invocation name'),
            (['sha256sum', '--bogus'], 1, 'unknown option'),
            (['sha256sum', '--help'], 0, '--help'),
            (['sha256sum', '-v'], 0, '-v')):
        r = nat(tmp, *argv)
        tap.ok(r.returncode == rc, 'exit %d: %s' % (rc, what),
               '%d %s' % (r.returncode, r.stderr))
    with open(os.path.join(tmp, 'garbage'), 'w') as f:
        f.write('zz\n' + 'x' * 5000 + '\n')
    r = nat(tmp, 'sha256sum', '-c', 'garbage')
    tap.ok(r.returncode != 0 and b'OK' not in r.stdout, '-c garbage lines')


def check_hasher_fips_selftest(tap, tmp):
    """FIPS mode: the binary refuses to run without its own .hmac."""
    data = DATA
    env_run = dict(os.environ, KCAPI_HASHER_FORCE_FIPS='1')
    self_bin = os.path.join(tmp, 'selfbin')
    os.mkdir(self_bin)
    shutil.copy(os.path.join(TOOLS, 'kcapi-hasher'),
                os.path.join(self_bin, 'sha512hmac'))
    exe = os.path.join(self_bin, 'sha512hmac')
    r = subprocess.run([exe, 'a.txt'], cwd=tmp, env=env_run,
                       capture_output=True)
    tap.ok(r.returncode == 1 and r.stdout == b'',
           'FIPS mode without .sha512hmac.hmac fails', r.stderr)
    r = subprocess.run([exe, '-S'], cwd=tmp, capture_output=True)
    with open(exe, 'rb') as f:
        selfmac = hexd('sha512', f.read(), HMACCALC_KEY)
    tap.ok(r.stdout.decode() == selfmac + '\n', '-S prints own HMAC', r.stdout)
    with open(os.path.join(self_bin, '.sha512hmac.hmac'), 'w') as f:
        f.write(selfmac + '\n')
    r = subprocess.run([exe, 'a.txt'], cwd=tmp, env=env_run,
                       capture_output=True)
    tap.ok(r.returncode == 0 and r.stdout.decode().split()[0] ==
           hexd('sha512', data['a.txt'], HMACCALC_KEY),
           'FIPS mode with a good .hmac runs', r.stderr)

    # a personality symlink checks the binary against .NAME.hmac
    link = os.path.join(self_bin, 'fipshmac')
    os.symlink('sha512hmac', link)
    r = subprocess.run([link, 'a.txt'], cwd=tmp, env=env_run,
                       capture_output=True)
    tap.ok(r.returncode == 1, 'FIPS mode: fipshmac link without .fipshmac.hmac fails')
    with open(os.path.join(self_bin, '.fipshmac.hmac'), 'w') as f:
        f.write(subprocess.run([link, '-S'], capture_output=True,
                               text=True).stdout)
    with open(exe, 'rb') as f:
        want = hexd('sha256', f.read(), FIPSCHECK_KEY)
    with open(os.path.join(self_bin, '.fipshmac.hmac')) as f:
        tap.ok(f.read() == want + '\n', 'fipshmac -S: HMAC-SHA-256, fipscheck key')
    r = subprocess.run([link, 'a.txt'], cwd=tmp, env=env_run,
                       capture_output=True)
    tap.ok(r.returncode == 0, 'FIPS mode: fipshmac link with its .hmac runs',
           r.stderr)


def check_hasher_upstream(tap, tmp):
    """Every case above again with upstream's kcapi-hasher, when given."""
    if not REF_HASHER:
        tap.skip('kcapi-hasher against upstream',
                 'KCAPI_HASHER_REF not set (Debian ships no kcapi-hasher)')
        return
    refdir = os.path.join(tmp, 'ref')
    for argv in (['sha256sum', 'a.txt', 'big', 'empty'],
                 ['sha1hmac', '--tag', 'a.txt'], ['sha512hmac', '-k', 'k', 'a.txt'],
                 ['sha256sum', '-c', 'SUMS'], ['sha256sum', '--quiet', '-c', 'SUMS'],
                 ['sha256sum', 'missing'], ['sha256sum', '-t', '512', 'a.txt'],
                 ['fipscheck', 'a.txt'], ['fipscheck', 'tampered'],
                 ['sha224sum', '-z', 'a.txt']):
        a = run([os.path.join(refdir, argv[0])] + argv[1:], tmp, shim=True)
        b = nat(tmp, *argv)
        tap.ok((a.returncode, a.stdout) == (b.returncode, b.stdout),
               'upstream: %s' % ' '.join(argv),
               '%r\n%r' % ((a.returncode, a.stdout), (b.returncode, b.stdout)))


def check_dgst_rng(tap, tmp):
    native = os.path.join(TOOLS, 'kcapi-dgst')
    if not shutil.which('kcapi-dgst'):
        tap.skip('kcapi-dgst against Debian', 'kcapi-tools not installed')
        return
    with open(os.path.join(tmp, 'in'), 'wb') as f:
        f.write(os.urandom(100000))
    with open(os.path.join(tmp, 'key'), 'wb') as f:
        f.write(b'0123456789abcdef0123456789abcdef-and-more')
    with open(os.path.join(tmp, 'pw'), 'wb') as f:
        f.write(b'correct horse\n')
    cases = []
    for alg in ('sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'md5',
                'sha3-256', 'sha3-512'):
        cases.append((['-c', alg, '-i', 'in'], ()))
        cases.append((['-c', alg, '--hex'], ()))
        cases.append((['-c', 'hmac(%s)' % alg, '--keyfd', '3', '-i', 'in',
                       '--hex'], ((3, 'key'),)))
    cases += [
        (['-c', 'hmac(sha256)', '-p', 'pw', '--salt', '00112233',
          '--pbkdfiter', '100', '-i', 'in', '--hex'], ()),
        (['-c', 'hmac(sha512)', '--passwdfd', '4', '-s', 'abcd',
          '--pbkdfiter', '7', '--pbkdfmac', 'hmac(sha1)', '-i', 'in'],
         ((4, 'pw'),)),
        (['-c', 'sha256', '-i', 'in', '-o', 'OUT', '--hex', '-q'], ()),
        (['-c', 'sha512', '-i', 'in', '-o', 'OUT', '-v', '-v'], ()),
        (['-c', 'sha256', '-i', 'missing'], ()),
        (['-c', 'sha256', '-i', '.'], ()),
        (['-c', 'nosuchhash', '-i', 'in'], ()),
        (['-c', 'sha256', '--keyfd', '3', '-i', 'in'], ((3, 'key'),)),
        (['-i', 'in'], ()), (['-h'], ()), (['--version'], ()),
        (['--bogus'], ()), (['-c', 'sha256', '--keyfd', '4294967295'], ()),
    ]
    for args, fds in cases:
        res = []
        for argv, shim in ((['kcapi-dgst'], True), ([native], False)):
            out = os.path.join(tmp, 'OUT')
            if os.path.exists(out):
                os.unlink(out)
            r = run(argv + args, tmp, data=b'stdin data\n' * 999, fds=fds,
                    shim=shim)
            body = open(out, 'rb').read() if os.path.exists(out) else None
            res.append((r.returncode, r.stdout, body))
        # a success that wrote nothing is a broken case, except --version
        quiet_ok = args == ['--version']
        tap.ok(res[0] == res[1] and
               (res[0][0] != 0 or res[0][1] or res[0][2] or quiet_ok),
               'kcapi-dgst %s' % ' '.join(args),
               'debian %r\nnative %r' % (res[0], res[1]))
    # a keyed digest without a key: an error and no digest (libkcapi under
    # the shim fails at accept(), the native tool with ENOKEY)
    r = run([native, '-c', 'hmac(sha256)', '-i', 'in'], tmp)
    tap.ok(r.returncode != 0 and r.stdout == b'', 'kcapi-dgst hmac without key')

    native = os.path.join(TOOLS, 'kcapi-rng')
    for args in (['-b', '0'], ['-n', 'nosuchrng', '-b', '8'], ['--version'],
                 ['-h'], ['--bogus'], ['-b']):
        a = run(['kcapi-rng'] + args, tmp, shim=True)
        b = run([native] + args, tmp)
        tap.ok((a.returncode, a.stdout) == (b.returncode, b.stdout),
               'kcapi-rng %s' % ' '.join(args), '%r %r' % (a, b))
    for args, n in ((['-b', '1'], 1), (['-b', '1000'], 1000),
                    (['--hex', '-b', '33'], 66), (['-q', '-b', '4097'], 4097),
                    (['-n', 'drbg_nopr_hmac_sha256', '-b', '300'], 300),
                    (['-n', 'drbg_pr_ctr_aes256', '--hex', '-b', '64'], 128)):
        a = run(['kcapi-rng'] + args, tmp, shim=True)
        b = run([native] + args, tmp)
        tap.ok(a.returncode == b.returncode == 0 and
               len(a.stdout) == len(b.stdout) == n,
               'kcapi-rng %s length' % ' '.join(args))
    outs = {run([native, '-b', '32'], tmp).stdout for _ in range(4)}
    tap.ok(len(outs) == 4, 'kcapi-rng outputs differ run to run')
    h = run([native, '--hex', '-b', '64'], tmp).stdout
    tap.ok(all(c in b'0123456789abcdef' for c in h), 'kcapi-rng --hex is hex')


def main():
    run_tests(hasher_inputs, check_hasher_digests, check_fipshmac,
              check_hasher_check_files, check_hasher_errors,
              check_hasher_fips_selftest, check_hasher_upstream,
              check_dgst_rng, tmp_prefix='kctools-')


if __name__ == '__main__':
    main()
