#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "migrate": afalg-migrate scan on a distribution's inputs, as installed.

bad input:   -j that is not a positive number; corrupt ELF files (truncated,
             bad header, bad section table); an unreadable file and directory
             (run as nobody); dangling links and loops; compressed files and
             .deb packages (built here with gzip/xz/zstd/bzip2 and dpkg-deb),
             scanned member by member; every run ends with a summary line.
transitive:  a library that opens AF_ALG sockets, programs linked against it
             directly and through a second library, one linked against a
             system library that does (libcryptsetup), a plugin loaded by a
             program of the plugin table, and real Debian packages (iwd and
             libell0, strongswan-charon and its af-alg plugin) downloaded
             with apt-get download (SKIP when the archive is unreachable).
The expected findings are what the test builds, never the scanner's output.
"""
import gzip
import json
import os
import shutil
import subprocess

from test_migrate import one_line_error, run, run_installed

LIB_USER = r'''
#include <unistd.h>
#include <sys/socket.h>
#include <linux/if_alg.h>
int afuser_hash(void)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash",
				   .salg_name = "sha256" };
	int s = socket(AF_ALG, SOCK_SEQPACKET, 0);
	int r = s < 0 ? -1 : bind(s, (struct sockaddr *)&sa, sizeof(sa));
	if (s >= 0)
		close(s);
	return r;
}
'''
LIB_MID = 'int afuser_hash(void);\nint mid_hash(void) { return afuser_hash() + 1; }\n'
PROG_LIB = 'int afuser_hash(void);\nint main(void) { return afuser_hash(); }\n'
PROG_MID = 'int mid_hash(void);\nint main(void) { return mid_hash(); }\n'
PROG_CLEAN = '#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n'
PROG_GONE = 'int gone(void);\nint main(void) { return gone(); }\n'
# crypt_format() reaches libcryptsetup's AF_ALG code (crypt_init() alone
# does not: such a program is only "possible", see test_precision.py)
PROG_CRYPTSETUP = ('#include <stddef.h>\nstruct crypt_device;\n'
                   'int crypt_init(struct crypt_device **, const char *);\n'
                   'int crypt_format(struct crypt_device *, const char *, const char *, '
                   'const char *, const char *, const char *, size_t, void *);\n'
                   'int main(void) { struct crypt_device *cd; return crypt_init(&cd, "x") ||\n'
                   '  crypt_format(cd, "LUKS2", "aes", "xts-plain64", NULL, NULL, 64, NULL); }\n')
NOBODY = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups']


def cc(tap, tmp, name, src, out, flags=()):
    c = os.path.join(tmp, name + '.c')
    os.makedirs(tmp, exist_ok=True)
    with open(c, 'w') as f:
        f.write(src)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    r = run(['cc', '-O2', '-o', out, c] + list(flags))
    return tap.ok(r.returncode == 0, 'build %s' % name, r.stderr)


def scan(inst, tmp, *args, user=None):
    """(result, JSON) of a scan written with -o."""
    out = os.path.join(tmp, 'out', 'scan-out.json')
    os.makedirs(os.path.dirname(out), exist_ok=True)
    os.chmod(os.path.dirname(out), 0o777)       # written as nobody too
    if os.path.exists(out):
        os.unlink(out)
    cmd = [inst.tool, 'scan', '-o', out] + list(args)
    r = run((user or []) + cmd, env=inst.env)
    try:
        data = json.load(open(out))
    except (OSError, ValueError):
        data = {'findings': [], 'errors': [], 'unresolved': {}}
    return r, data


def by_path(data):
    return {f['path']: f for f in data['findings']}


def summary_ok(stream, data):
    """The last line is the summary and its counts are those of the JSON."""
    last = (stream.strip().splitlines() or [''])[-1]
    errs = '%d error(s)' % len(data['errors'])
    return last.startswith('scan: %d files' % data['files']) and errs in last and \
        all('%s %d' % (lvl, sum(1 for f in data['findings'] if f['confidence'] == lvl)) in last
            for lvl in ('certain', 'probable'))


def test_options(tap, inst):
    r = inst.migrate('scan', '--help')
    words = ('DT_NEEDED', 'plugins.json', 'libkcapi', 'ld.so.conf', '.deb', 'zstd',
             'summary line', 'unresolved')
    tap.ok(r.returncode == 0 and all(w in r.stdout for w in words),
           'scan --help says what is followed and read', [w for w in words if w not in r.stdout])
    man = os.path.join(inst.mandir, 'man1', 'afalg-migrate.1')
    text = open(man).read() if os.path.exists(man) else ''
    tap.ok(all(w in text for w in ('What is followed', 'plugins.json', 'unresolved',
                                   'archive_members', 'elf\\-transitive')),
           'the man page documents what scan follows and its new fields')
    for bad in ('-1', '0', 'two', ''):
        r = inst.migrate('scan', '-j', bad, '/bin/true')
        lines = r.stderr.strip().splitlines()
        tap.ok(r.returncode == 2 and len(lines) == 1 and 'Traceback' not in r.stderr and
               '-j' in lines[0], 'scan -j %r: one-line usage error, exit 2' % bad, r.stderr)


def corrupt_elves(src):
    """name -> bytes of an ELF file broken in one way."""
    data = open(src, 'rb').read()
    shoff = int.from_bytes(data[0x28:0x30], 'little')
    out = {'truncated-header': data[:40], 'truncated-half': data[:len(data) // 2]}
    d = bytearray(data)
    d[4] = 9                                    # EI_CLASS
    out['bad-class'] = bytes(d)
    d = bytearray(data)
    d[0x3a:0x3c] = (12).to_bytes(2, 'little')   # e_shentsize
    out['bad-shentsize'] = bytes(d)
    d = bytearray(data)
    d[0x28:0x30] = (len(data) - 8).to_bytes(8, 'little')    # e_shoff past the end
    out['bad-shoff'] = bytes(d)
    d = bytearray(data)
    d[0x3e:0x40] = (0xfff0).to_bytes(2, 'little')           # e_shstrndx
    out['bad-shstrndx'] = bytes(d)
    d = bytearray(data)                         # section 1's size: 1 GiB
    d[shoff + 64 + 32:shoff + 64 + 40] = (1 << 30).to_bytes(8, 'little')
    out['bad-section-size'] = bytes(d)
    return out


def test_corrupt(tap, inst, tmp):
    src = os.path.join(tmp, 'bins', 'clean')
    if not cc(tap, tmp, 'clean', PROG_CLEAN, src):
        return
    d = os.path.join(tmp, 'corrupt')
    os.makedirs(d)
    for name, data in corrupt_elves(src).items():
        p = os.path.join(d, name)
        with open(p, 'wb') as f:
            f.write(data)
        r, out = scan(inst, tmp, p)
        errs = [e for e in out['errors'] if e.startswith(p + ': corrupt ELF file: ')]
        tap.ok(r.returncode == 1 and len(errs) == 1 and 'Traceback' not in r.stderr,
               'corrupt ELF (%s): listed under errors with a reason, exit 1' % name,
               (r.returncode, out['errors'], r.stderr[-300:]))
    r, out = scan(inst, tmp, d)
    tap.ok(r.returncode == 1 and len(out['errors']) == len(os.listdir(d)) and
           summary_ok(r.stdout, out),
           'a tree of corrupt ELF files: each one an error, the summary counts them',
           (out['errors'], r.stdout[-300:]))


def test_unreadable(tap, inst, tmp):
    if shutil.which('setpriv') is None:
        tap.skip('unreadable file and directory', 'setpriv is not installed')
        return
    os.chmod(tmp, 0o755)
    tree = os.path.join(tmp, 'unreadable')
    user = os.path.join(tree, 'user')
    if not cc(tap, tmp, 'afuser-prog', '#include <unistd.h>\n#include <sys/socket.h>\n'
              'int main(void) { return socket(38, SOCK_SEQPACKET, 0) < 0; }\n', user):
        return
    locked_file = os.path.join(tree, 'locked-file')
    shutil.copy(user, locked_file)
    os.chmod(locked_file, 0)
    locked_dir = os.path.join(tree, 'locked-dir')
    os.makedirs(locked_dir)
    shutil.copy(user, os.path.join(locked_dir, 'hidden-user'))
    os.chmod(locked_dir, 0)
    r, out = scan(inst, tmp, locked_file, user=NOBODY)
    tap.ok(r.returncode == 1 and any(e.startswith(locked_file + ': Permission denied')
                                     for e in out['errors']),
           'an unreadable file: listed under errors, exit 1', (r.returncode, r.stderr))
    r, out = scan(inst, tmp, tree, user=NOBODY)
    tap.ok(r.returncode == 1 and any(e.startswith(locked_dir + ': Permission denied') and
                                     'missed' in e for e in out['errors']) and
           user in by_path(out),
           'an unreadable directory in a tree: an error saying a user may be missed; the '
           'rest is still scanned', (r.returncode, out['errors'], list(by_path(out))))
    os.chmod(locked_dir, 0o755)


def test_links(tap, inst, tmp):
    d = os.path.join(tmp, 'links')
    os.makedirs(d)
    os.symlink('nowhere', os.path.join(d, 'dangling'))
    os.symlink('loop', os.path.join(d, 'loop'))
    for name, word in (('dangling', 'dangling'), ('loop', 'symbolic links')):
        r = inst.migrate('scan', os.path.join(d, name))
        tap.ok(r.returncode == 1 and one_line_error(r) and word in r.stderr,
               'a %s symbolic link on the command line: one-line error, exit 1' % name,
               (r.returncode, r.stderr))


def build_deb(tap, tmp, name, files, comp):
    """A .deb of files {installed path: source file} built with dpkg-deb -Z comp."""
    root = os.path.join(tmp, 'debroot-%s-%s' % (name, comp))
    os.makedirs(os.path.join(root, 'DEBIAN'))
    with open(os.path.join(root, 'DEBIAN', 'control'), 'w') as f:
        f.write('Package: %s\nVersion: 1.0\nArchitecture: amd64\nMaintainer: t <t@t>\n'
                'Description: test\n test\n' % name)
    for dest, src in files.items():
        p = root + dest
        os.makedirs(os.path.dirname(p), exist_ok=True)
        shutil.copy(src, p)
    out = os.path.join(tmp, '%s_%s.deb' % (name, comp))
    r = run(['dpkg-deb', '--root-owner-group', '-Z' + comp, '-b', root, out])
    return out if tap.ok(r.returncode == 0, 'dpkg-deb -Z%s builds %s' % (comp, name),
                         r.stderr) else None


def build_users(tap, tmp):
    """The synthetic library, programs and plugin: {name: path} of those built."""
    b = os.path.join(tmp, 'tree')
    lib = os.path.join(b, 'usr', 'lib', 'libafuser.so.1')
    mid = os.path.join(b, 'usr', 'lib', 'libafmid.so.1')
    gone = os.path.join(tmp, 'gone', 'libgone.so.1')
    out = {}
    ok = cc(tap, tmp, 'libafuser', LIB_USER, lib, ['-shared', '-fPIC', '-Wl,-soname,libafuser.so.1'])
    ok = ok and cc(tap, tmp, 'libafmid', LIB_MID, mid, ['-shared', '-fPIC',
                                                       '-Wl,-soname,libafmid.so.1', lib])
    ok = ok and cc(tap, tmp, 'libgone', 'int gone(void) { return 0; }\n', gone,
                   ['-shared', '-fPIC', '-Wl,-soname,libgone.so.1'])
    if not ok:
        return out
    out.update(lib=lib, mid=mid)
    for name, src, flags in (('prog-lib', PROG_LIB, [lib]), ('prog-mid', PROG_MID, [mid]),
                             ('prog-clean', PROG_CLEAN, []), ('prog-gone', PROG_GONE, [gone])):
        p = os.path.join(b, 'usr', 'bin', name)
        if cc(tap, tmp, name, src, p, flags + ['-Wl,-rpath-link,' + os.path.dirname(lib)]):
            out[name] = p
    # the plugin table's strongSwan row: a plugin that opens AF_ALG, and charon
    plugin = os.path.join(b, 'usr', 'lib', 'ipsec', 'plugins', 'libstrongswan-af-alg.so')
    if cc(tap, tmp, 'af-alg-plugin', LIB_USER, plugin, ['-shared', '-fPIC']):
        out['plugin'] = plugin
    for name in ('charon', 'not-charon'):
        p = os.path.join(b, 'usr', 'lib', 'ipsec', name)
        if cc(tap, tmp, name, PROG_CLEAN, p):
            out[name] = p
    shutil.rmtree(os.path.dirname(gone))
    return out


def test_archives(tap, inst, tmp):
    users = build_users(tap, tmp)
    if 'prog-lib' not in users:
        return
    d = os.path.join(tmp, 'compressed')
    os.makedirs(d)
    lib = open(users['lib'], 'rb').read()
    comps = {'gz': ['gzip', '-c'], 'xz': ['xz', '-c'], 'bz2': ['bzip2', '-c'],
             'zst': ['zstd', '-q', '-c']}
    for ext, cmd in comps.items():
        if shutil.which(cmd[0]):
            with open(os.path.join(d, 'libafuser.so.1.' + ext), 'wb') as f:
                f.write(subprocess.run(cmd + [users['lib']], capture_output=True).stdout)
    with open(os.path.join(d, 'clean.gz'), 'wb') as f:
        f.write(gzip.compress(open(users['prog-clean'], 'rb').read()))
    r, out = scan(inst, tmp, d)
    found = by_path(out)
    for ext in comps:
        p = os.path.join(d, 'libafuser.so.1.' + ext)
        if not os.path.exists(p):
            tap.skip('compressed (.%s) library scanned' % ext, '%s not installed' % comps[ext][0])
            continue
        f = found.get(p)
        tap.ok(f and f['confidence'] == 'certain' and
               {'type': None, 'alg': 'sha256'} in f['algorithms'],
               'an AF_ALG library compressed with %s: found inside, with its algorithm' % ext, f)
    tap.ok(r.returncode == 0 and os.path.join(d, 'clean.gz') not in found and
           summary_ok(r.stdout, out), 'a compressed clean program: no finding, exit 0',
           (r.returncode, r.stderr))
    with open(os.path.join(d, 'broken.gz'), 'wb') as f:
        f.write(gzip.compress(lib)[:200])
    r, out = scan(inst, tmp, os.path.join(d, 'broken.gz'))
    tap.ok(r.returncode == 1 and any('broken.gz: corrupt gzip' in e for e in out['errors']),
           'a truncated .gz: an error naming it, exit 1', (r.returncode, out['errors']))
    # .deb packages, each compression dpkg-deb offers
    for comp in ('xz', 'gzip', 'zstd', 'none'):
        deb = build_deb(tap, tmp, 'afuser', {'/usr/lib/x86_64-linux-gnu/libafuser.so.1':
                                             users['lib'],
                                             '/usr/bin/prog-lib': users['prog-lib'],
                                             '/usr/bin/prog-clean': users['prog-clean']}, comp)
        if not deb:
            continue
        r, out = scan(inst, tmp, deb)
        found = by_path(out)
        f = found.get(deb + ':/usr/lib/x86_64-linux-gnu/libafuser.so.1')
        p = found.get(deb + ':/usr/bin/prog-lib')
        tap.ok(r.returncode == 0 and f and f['confidence'] == 'certain' and
               f.get('package') == 'afuser' and p and p['through'][0]['chain'] ==
               ['libafuser.so.1'] and deb + ':/usr/bin/prog-clean' not in found and
               out['archive_members'] == 3,
               '.deb (data.tar, %s): members scanned in memory; the library, and the '
               'program through it' % comp, (r.returncode, out['errors'], sorted(found)))
        if comp == 'xz':
            broken = deb[:-4] + '-truncated.deb'
            with open(broken, 'wb') as w:
                w.write(open(deb, 'rb').read()[:-700])
            r, out = scan(inst, tmp, broken)
            tap.ok(r.returncode == 1 and any(e.startswith(broken + ': ') for e in out['errors']),
                   'a truncated .deb: an error naming it, exit 1', (r.returncode, out['errors']))


def peak_rss_kib(inst, cmd):
    """(returncode, peak RSS in KiB) of cmd, run as the only child of a
    fresh Python (RUSAGE_CHILDREN counts what it waited for, objdump too)."""
    probe = ('import resource, subprocess, sys\n'
             'r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, '
             'stderr=subprocess.DEVNULL)\n'
             'print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n')
    r = run(['/usr/bin/python3', '-c', probe] + cmd, env=inst.env)
    rc, kib = (r.stdout.split() + ['-1', '-1'])[:2]
    return int(rc), int(kib)


def test_bombs(tap, inst, tmp):
    """A package is streamed: a member far larger than memory should hold
    (a decompression bomb, or just a big data file) costs no more than a
    small one, and one that would have to be read whole is an error."""
    users = build_users(tap, tmp)
    if 'lib' not in users:
        return
    big = os.path.join(tmp, 'bomb')
    os.makedirs(big)
    elf = os.path.join(big, 'huge-elf')
    with open(elf, 'wb') as f:             # an ELF header, then 400 MiB of zeros
        f.write(b'\x7fELF\x02\x01\x01')
        f.truncate(400 << 20)
    data = os.path.join(big, 'zeros.dat')
    with open(data, 'wb') as f:
        f.truncate(600 << 20)
    deb = build_deb(tap, tmp, 'bomb', {'/usr/bin/huge': elf, '/usr/share/bomb/zeros.dat': data,
                                       '/usr/lib/x86_64-linux-gnu/libafuser.so.1': users['lib']},
                    'gzip')
    os.unlink(elf)
    os.unlink(data)
    if not deb:
        return
    tap.ok(os.path.getsize(deb) < (8 << 20), 'the bomb package is small on disk (%d bytes) and '
           '1000 MiB unpacked' % os.path.getsize(deb))
    r, out = scan(inst, tmp, deb)
    found = by_path(out)
    tap.ok(r.returncode == 1 and any(e.startswith(deb + ':/usr/bin/huge: ') and
                                     'not read into memory' in e for e in out['errors']),
           'a 400 MiB ELF member: an error naming it, exit 1', (r.returncode, out['errors']))
    tap.ok(not any('zeros.dat' in e for e in out['errors']) and
           out['archive_members'] == 3,
           'a 600 MiB data member: read past, not an error', (out['errors'],
                                                               out['archive_members']))
    f = found.get(deb + ':/usr/lib/x86_64-linux-gnu/libafuser.so.1')
    tap.ok(f and f['confidence'] == 'certain', 'the AF_ALG library after them is still found',
           sorted(found))
    rc, kib = peak_rss_kib(inst, [inst.tool, 'scan', '-q', '-o', os.devnull, deb])
    tap.ok(rc == 1 and 0 < kib < 256 * 1024, 'peak memory of that scan under 256 MiB: %d KiB'
           % kib, rc)


def test_summary(tap, inst, tmp):
    d = os.path.join(tmp, 'clean-tree')
    os.makedirs(d)
    shutil.copy('/bin/true', os.path.join(d, 'true'))
    with open(os.path.join(d, 'notes.txt'), 'w') as f:
        f.write('nothing here\n')
    r, out = scan(inst, tmp, d)
    tap.ok(r.returncode == 0 and not out['findings'] and summary_ok(r.stdout, out) and
           'certain 0, probable 0' in r.stdout and 'scan: 2 files' in r.stdout,
           'a clean tree: exit 0 and a summary line all the same', r.stdout + r.stderr)
    r = inst.migrate('scan', '--json', d)
    tap.ok(r.returncode == 0 and json.loads(r.stdout)['files'] == 2 and
           r.stderr.strip().splitlines()[-1].startswith('scan: 2 files'),
           'scan --json: JSON on stdout, the summary on stderr', r.stderr)
    r = inst.migrate('scan', '-q', d)
    tap.ok(r.returncode == 0 and not r.stdout and r.stderr.startswith('scan: 2 files'),
           'scan -q: no listing, the summary on stderr', r.stdout + r.stderr)


def test_transitive(tap, inst, tmp):
    users = build_users(tap, os.path.join(tmp, 't'))
    need = ('lib', 'mid', 'prog-lib', 'prog-mid', 'prog-clean', 'prog-gone')
    if not all(k in users for k in need):
        return
    tree = os.path.dirname(os.path.dirname(users['lib']))
    r, out = scan(inst, tmp, '--level', 'possible', tree)
    found = by_path(out)
    f = found.get(users['prog-lib'])
    tap.ok(f and f['kind'] == 'elf-transitive' and f['confidence'] == 'certain' and
           f['through'][0]['chain'] == ['libafuser.so.1'] and
           f['through'][0]['library'] == users['lib'] and
           {'type': None, 'alg': 'sha256'} in f['algorithms'] and
           f['evidence'][0]['why'].startswith('needs AF_ALG through libafuser.so.1: sha256 at 0x'),
           'a program linked against an AF_ALG library: the chain, the algorithms, the call '
           'sites', f)
    f = found.get(users['prog-mid'])
    tap.ok(f and f['through'][0]['chain'] == ['libafmid.so.1', 'libafuser.so.1'] and
           'through libafmid.so.1 -> libafuser.so.1' in f['evidence'][0]['why'],
           'through a second library: the whole chain', f)
    f = found.get(users['mid'])
    tap.ok(f and f['kind'] == 'elf-transitive', 'the library in between is a user too', f)
    tap.ok(users['prog-clean'] not in found and users['prog-gone'] not in found,
           'programs that load no AF_ALG user: no finding',
           [p for p in (users['prog-clean'], users['prog-gone']) if p in found])
    tap.ok(r.returncode == 0 and out['unresolved'].get('libgone.so.1') == [users['prog-gone']]
           and not out['errors'],
           'a soname found nowhere: noted under unresolved, not an error, exit 0',
           (r.returncode, out['unresolved'], out['errors']))
    r, out = scan(inst, tmp, users['prog-lib'])
    tap.ok(r.returncode == 0 and not out['findings'] and
           out['unresolved'].get('libafuser.so.1') == [users['prog-lib']],
           'the library outside the scanned paths and the system: unresolved, no finding',
           (out['findings'], out['unresolved']))
    # charon loads the af-alg plugin (plugin table); another program does not
    ipsec = os.path.join(tree, 'lib', 'ipsec')
    if all(k in users for k in ('plugin', 'charon', 'not-charon')):
        r, out = scan(inst, tmp, ipsec)
        found = by_path(out)
        f = found.get(users['charon'])
        tap.ok(f and f['confidence'] == 'probable' and
               f['through'][0]['chain'] == ['plugin libstrongswan-af-alg.so'] and
               users['not-charon'] not in found,
               "charon and strongSwan's af-alg plugin: a finding through the plugin; "
               "another program none", (f, sorted(found)))
        os.unlink(users['plugin'])
        r, out = scan(inst, tmp, ipsec)
        tap.ok(users['charon'] not in by_path(out) or os.path.exists(
            '/usr/lib/ipsec/plugins/libstrongswan-af-alg.so'),
            'charon without the plugin: no finding', by_path(out).get(users['charon']))
    test_plan_chain(tap, inst, tmp, users, tree)
    test_system_library(tap, inst, tmp)


def test_plan_chain(tap, inst, tmp, users, tree):
    scan_json = os.path.join(tmp, 'chain-scan.json')
    r = inst.migrate('scan', '-q', '-o', scan_json, tree)
    r = inst.migrate('plan', '--scan', scan_json, '--no-shim', '--format', 'json')
    progs = {p['exe']: p for p in json.loads(r.stdout or '{}').get('programs', [])}
    p = progs.get(users['prog-mid'], {})
    tap.ok(r.returncode == 0 and p.get('through') == ['libafmid.so.1 -> libafuser.so.1'] and
           [u['alg'] for u in p.get('uses', [])] == ['sha256'],
           'plan: a transitive program carries its chain and the library\'s algorithms', p)
    r = inst.migrate('plan', '--scan', scan_json, '--no-shim')
    tap.ok(r.returncode == 0 and 'through libafmid.so.1 -> libafuser.so.1' in r.stdout,
           'text plan names the chain', r.stdout[-800:])


def test_system_library(tap, inst, tmp):
    lib = '/usr/lib/x86_64-linux-gnu/libcryptsetup.so.12'
    if not os.path.exists(lib):
        tap.skip('a program linked against the system libcryptsetup', lib + ' not installed')
        return
    prog = os.path.join(tmp, 'sys', 'uses-cryptsetup')
    if not cc(tap, tmp, 'uses-cryptsetup', PROG_CRYPTSETUP, prog, [lib]):
        return
    r, out = scan(inst, tmp, prog)
    f = by_path(out).get(prog)
    tap.ok(r.returncode == 0 and f and f['through'][0]['chain'] == ['libcryptsetup.so.12'] and
           f['through'][0]['library'] == os.path.realpath(lib),
           'a program linked against the system libcryptsetup: found through it, resolved '
           'on the system library path', f)


DEBS = ('iwd', 'libell0', 'strongswan-charon', 'libstrongswan-extra-plugins', 'cryptsetup-bin',
        'libcryptsetup12')


def test_debian(tap, inst, tmp):
    d = os.path.join(tmp, 'debs')
    os.makedirs(d)
    os.chmod(d, 0o777)         # apt-get download drops to _apt
    r = run(['apt-get', 'download'] + list(DEBS), cwd=d, timeout=300)
    debs = {n.split('_')[0]: os.path.join(d, n) for n in os.listdir(d) if n.endswith('.deb')}
    if r.returncode != 0 or set(debs) != set(DEBS):
        for what in ('iwd through libell0', 'charon through the af-alg plugin',
                     'cryptsetup through libcryptsetup12'):
            tap.skip('real Debian packages: ' + what,
                     'apt-get download failed: %s' % (r.stderr.strip().splitlines() or ['?'])[-1])
        return
    r, out = scan(inst, tmp, *sorted(debs.values()))
    found = {(f.get('package'), f.get('installed_path') or f['path'].split(':', 1)[-1]): f
             for f in out['findings']}
    tap.diag('%d packages, %d members, %d findings, %d errors' % (
        len(debs), out['archive_members'], len(out['findings']), len(out['errors'])))
    for pkg, path, chain in (('iwd', '/usr/libexec/iwd', ['libell.so.0']),
                             ('iwd', '/usr/bin/iwmon', ['libell.so.0']),
                             ('strongswan-charon', '/usr/lib/ipsec/charon',
                              ['plugin libstrongswan-af-alg.so']),
                             ('cryptsetup-bin', '/sbin/cryptsetup', ['libcryptsetup.so.12'])):
        f = found.get((pkg, path)) or found.get((pkg, '/usr' + path))
        lib = f and f['through'][0]['library'] or ''
        tap.ok(f and f['confidence'] in ('certain', 'probable') and
               f['through'][0]['chain'] == chain and '.deb:/' in lib,
               'real Debian packages: %s (%s) needs AF_ALG through %s, in the scanned '
               'packages' % (path, pkg, chain[0]), f)


def main():
    run_installed(lambda tap, inst, tmp: test_options(tap, inst), test_corrupt,
                  test_unreadable, test_links, test_archives, test_bombs, test_summary,
                  test_transitive,
                  test_debian, tmp_prefix='kctest-scan-audit-')


if __name__ == '__main__':
    main()
