#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "migrate": how precise afalg-migrate scan is, as installed.

labelled set: the Debian bookworm packages of labelled-bookworm.json
              (labels written by hand from upstream sources, each with its
              reason), fetched with apt-get download into
              ${XDG_CACHE_HOME:-~/.cache}/afalg-exit/debs/ (SKIP when the
              archive cannot be reached), scanned; precision and recall per
              level and recall per class are computed against the labels,
              and the man page's promise is held: precision >= 0.95 and
              recall 1.0 at the default level.  The same packages audited
              into SQLite (afalg-migrate audit --packages, pass 2 from the
              stored imports) give the same findings at the default level.
fixtures:     built here: shell scripts that name a kcapi tool without
              running it (inst_multiple, strings, function definitions,
              here-documents, case patterns, command -v) and that run one
              (command substitution, env, pipelines); a tool Debian does not
              ship; an AF_ALG call in a function nothing reaches, reached
              directly and through a table of callbacks; the function named
              for a call site (local symbol, .eh_frame range in a stripped
              file, never a neighbouring export); a program that links an
              AF_ALG library but imports none of its AF_ALG entry points;
              programs calling a stand-in libcryptsetup.so.12 with constant
              and computed types (plugins.json's argument rule).  The
              reachability, entry-point and argument fixtures are built for
              x86-64 and, with aarch64-linux-gnu-gcc, for arm64 (SKIP
              without it).
The expected results are the labels and what the test builds, never the
scanner's output.
"""
import fnmatch
import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess

from test_migrate import MAXRSS_CHILD, PY, run, run_installed

HERE = os.path.dirname(os.path.abspath(__file__))

LEVELS = ('certain', 'probable', 'possible')
DEFAULT = 'probable'
# afalg-migrate(1), "Confidence levels": at the default level, precision of
# the findings from a file's own code, of all findings, and recall.
PROMISE_OWN, PROMISE_ALL, PROMISE_RECALL = 0.95, 0.95, 1.0


def cache_dir():
    base = os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache')
    return os.path.join(base, 'afalg-exit', 'debs')


def fetch(pkgs):
    """{package: .deb path} of the archive's current versions, downloaded
    into the cache when missing; (None, why) when apt cannot."""
    d = cache_dir()
    os.makedirs(d, exist_ok=True)
    r = run(['apt-get', 'download', '--print-uris'] + pkgs, timeout=120)
    if r.returncode:
        return None, (r.stderr.strip().splitlines() or ['apt-get failed'])[-1]
    files = {}
    for ln in r.stdout.splitlines():
        f = ln.split()
        if len(f) >= 2:
            files[f[1].split('_')[0]] = os.path.join(d, f[1])
    missing = [p for p in pkgs if p in files and not os.path.exists(files[p])]
    if missing:
        os.chmod(d, 0o777)     # apt-get download drops to _apt
        r = run(['apt-get', 'download'] + missing, cwd=d, timeout=600)
        if r.returncode:
            return None, (r.stderr.strip().splitlines() or ['apt-get failed'])[-1]
    gone = [p for p in pkgs if p not in files or not os.path.exists(files[p])]
    if gone:
        return None, 'not downloaded: ' + ', '.join(gone)
    return files, None


def norm(path):
    path = '/' + path.lstrip('./')
    return path[4:] if path.startswith('/usr/') else path


def contents(deb):
    r = subprocess.run(['dpkg-deb', '--fsys-tarfile', deb], capture_output=True)
    names = subprocess.run(['tar', '-t'], input=r.stdout, capture_output=True).stdout
    return {norm(n) for n in names.decode().splitlines() if not n.endswith('/')}


def label_of(labels, pkg, path):
    """'user class' or None for a file of a package."""
    for pat, u in labels['packages'].get(pkg, {}).get('users', {}).items():
        if fnmatch.fnmatchcase(norm(path), norm(pat)):
            return u['class']
    return None


def measure(labels, findings, users):
    """{level: (precision, recall, tp, found, users)}."""
    out = {}
    for i, lvl in enumerate(LEVELS):
        found = {k for k, lv in findings.items() if LEVELS.index(lv) <= i}
        tp = found & users
        out[lvl] = (len(tp) / len(found) if found else 1.0, len(tp) / len(users),
                    len(tp), len(found), len(users))
    return out


def test_labelled(tap, inst, tmp):
    labels = json.load(open(os.path.join(HERE, 'labelled-bookworm.json')))
    pkgs = sorted(labels['packages'])
    debs, why = fetch(pkgs)
    if debs is None:
        tap.skip('labelled set: precision and recall of the real Debian packages', why)
        return
    tap.diag('labelled set: ' + ', '.join(os.path.basename(debs[p]) for p in pkgs))
    # every labelled path must still be in its package (else: relabel)
    users, missing = {}, []
    for p in pkgs:
        have = contents(debs[p])
        for pat, u in labels['packages'][p].get('users', {}).items():
            hits = [h for h in have if fnmatch.fnmatchcase(h, norm(pat))]
            if not hits:
                missing.append('%s:%s' % (p, pat))
            for h in hits:
                users[(p, h)] = u['class']
        for path in labels['packages'][p].get('not_users', {}):
            if norm(path) not in have:
                missing.append('%s:%s' % (p, path))
    tap.ok(not missing, 'every labelled file is in its package (%d users)' % len(users),
           'the archive moved on; check the labels of: %s' % ', '.join(missing))
    out = os.path.join(tmp, 'labelled.json')
    r = run([PY, '-c', MAXRSS_CHILD, inst.tool, 'scan', '-q', '--level', 'possible',
             '-j', '2', '-o', out] + [debs[p] for p in pkgs], env=inst.env)
    code, rss = (r.stdout.split() + ['1', '0'])[:2]
    r.returncode, rss = int(code), int(rss)
    tap.ok(0 < rss < 512 * 1024, 'scan of the labelled packages (restic\'s 19 MB Go program '
           'among them, each .deb in memory): peak %d MB, under 512 MB' % (rss // 1024))
    try:
        data = json.load(open(out))
    except (OSError, ValueError):
        data = None
    if not tap.ok(r.returncode == 0 and data and not data['errors'],
                  'scan of the labelled packages: exit 0, no error', data and data['errors']):
        return
    findings, through = {}, set()
    for f in data['findings']:
        key = (f.get('package'), norm(f.get('installed_path') or f['path'].split(':', 1)[-1]))
        findings[key] = f['confidence']
        if f['kind'] == 'elf-transitive':
            through.add(key)
    stray = [k for k in findings if k[0] not in labels['packages']]
    tap.ok(not stray, 'every finding belongs to a labelled package', stray)
    m = measure(labels, findings, set(users))
    for lvl in LEVELS:
        p, rc, tp, nf, nu = m[lvl]
        tap.diag('level %-8s precision %.3f (%d/%d)  recall %.3f (%d/%d)' % (
            lvl, p, tp, nf, rc, tp, nu))
    for cls in sorted(set(users.values())):
        cu = {k for k, c in users.items() if c == cls}
        hit = {k for k in cu if k in findings and
               LEVELS.index(findings[k]) <= LEVELS.index(DEFAULT)}
        tap.diag('class %-8s recall at %s: %d/%d%s' % (
            cls, DEFAULT, len(hit), len(cu),
            '' if hit == cu else ' (missed: %s)' % sorted(p for _, p in cu - hit)))
    fp = sorted('%s:%s (%s)' % (k[0], k[1], findings[k]) for k in findings
                if k not in users and LEVELS.index(findings[k]) <= LEVELS.index(DEFAULT))
    fn = sorted('%s:%s' % k for k in users if k not in findings or
                LEVELS.index(findings[k]) > LEVELS.index(DEFAULT))
    own = measure(labels, {k: v for k, v in findings.items() if k not in through},
                  set(users))[DEFAULT]
    thr = measure(labels, {k: v for k, v in findings.items() if k in through},
                  set(users))[DEFAULT]
    tap.diag('at %s: own code precision %.3f (%d/%d), through a library or plugin '
             'precision %.3f (%d/%d)' % (DEFAULT, own[0], own[2], own[3], thr[0], thr[2],
                                         thr[3]))
    p, rc = m[DEFAULT][:2]
    tap.ok(own[0] >= PROMISE_OWN, 'labelled set: precision %.3f of the findings from a '
           'file\'s own code at the default level (promise %.2f)' % (own[0], PROMISE_OWN),
           'false positives: %s' % fp)
    tap.ok(p >= PROMISE_ALL, 'labelled set: precision %.3f of all findings at the default '
           'level (promise %.2f)' % (p, PROMISE_ALL), 'false positives: %s' % fp)
    tap.ok(rc >= PROMISE_RECALL, 'labelled set: recall %.3f at the default level (promise '
           '%.1f)' % (rc, PROMISE_RECALL), 'missed: %s' % fn)
    tap.diag('false positives at %s: %s' % (DEFAULT, ', '.join(fp) or 'none'))
    test_labelled_audit(tap, inst, tmp, labels, debs, users, findings)
    for pkg, path, lvl in (('ofono', '/sbin/ofonod', 'possible'),
                           ('dracut-core', '/lib/dracut/modules.d/01fips/fips.sh', 'possible'),
                           ('dracut-core', '/lib/dracut/modules.d/01fips/module-setup.sh', None),
                           ('iwd', '/bin/iwctl', 'possible'),
                           ('cryptsetup-bin', '/sbin/veritysetup', 'possible'),
                           ('cryptsetup-bin', '/sbin/integritysetup', 'possible'),
                           ('cryptsetup-bin', '/sbin/cryptsetup', 'certain')):
        tap.ok(findings.get((pkg, path)) == lvl, 'labelled set: %s %s is %s' % (
            pkg, path, lvl or 'not a finding'), findings.get((pkg, path)))


def test_labelled_audit(tap, inst, tmp, labels, debs, users, scanned):
    """The same packages through afalg-migrate audit (a Packages index of the
    cached .deb files, the database's pass 2): the same findings at the
    default level as scan, so the same precision and recall."""
    idx = os.path.join(tmp, 'Packages')
    with open(idx, 'w') as out:
        for p, deb in sorted(debs.items()):
            r = run(['dpkg-deb', '-f', deb, 'Package', 'Version', 'Architecture', 'Source'])
            data = open(deb, 'rb').read()
            out.write(r.stdout + 'Filename: %s\nSize: %d\nSHA256: %s\n\n' % (
                os.path.basename(deb), len(data), hashlib.sha256(data).hexdigest()))
    db = os.path.join(tmp, 'labelled.db')
    r = inst.migrate('audit', '-q', '--db', db, '--packages', idx, '--pool',
                     os.path.dirname(next(iter(debs.values()))), '-j', '2')
    con = sqlite3.connect(db) if os.path.exists(db) else None
    rows = con.execute('SELECT package, path, confidence FROM users').fetchall() if con else []
    audited = {(p, norm(path)): c for p, path, c in rows}
    if not tap.ok(r.returncode == 0 and rows, 'audit of the labelled packages into SQLite: '
                  'exit 0', r.stderr[-800:]):
        return
    at = LEVELS[:LEVELS.index(DEFAULT) + 1]
    a = {k for k, c in audited.items() if c in at}
    s = {k for k, c in scanned.items() if c in at}
    p, rc, tp, nf, nu = measure(labels, audited, set(users))[DEFAULT]
    tap.diag('audit database at %s: precision %.3f (%d/%d)  recall %.3f (%d/%d)' % (
        DEFAULT, p, tp, nf, rc, tp, nu))
    tap.ok(a == s, 'audit database: the same findings at the default level as scan '
           '(entry-point and argument checks from the stored imports)',
           'only audit: %s; only scan: %s' % (sorted(a - s), sorted(s - a)))


# --- fixtures -------------------------------------------------------------

NOT_RUN = r'''#!/bin/sh
# kcapi-dgst -c sha256 in a comment
inst_multiple kcapi-dgst kcapi-enc sha512hmac
echo "then run kcapi-dgst -c sha256 on it"
printf '%s\n' 'kcapi-rng -b 16'
kcapi-dgst() { echo "a function of that name"; }
command -v kcapi-enc >/dev/null && echo present
case "$1" in
    kcapi-rng) echo "a pattern" ;;
esac
cat <<EOF
kcapi-dgst -c sha256
EOF
openssl dgst -sha256 /etc/hostname
'''
RUNS = r'''#!/bin/bash
sum=$(kcapi-dgst -c sha256 --hex < /etc/hostname)
echo "$(/usr/bin/kcapi-rng -b 16 | od -An)"
env LC_ALL=C kcapi-enc -c "cbc(aes)" -e < /dev/null | wc -c
openssl dgst -engine afalg -sha1 /etc/hostname
'''
FIPS = '#!/bin/sh\nHMAC=$(sha512hmac "$1" | cut -d" " -f1)\n'

AF_FN = r'''
#include <sys/socket.h>
#include <unistd.h>
#ifndef AF_ALG
#define AF_ALG 38
#endif
__attribute__((noinline, used)) %(static)s int %(name)s(void)
{
	int s = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (s >= 0)
		close(s);
	return s;
}
'''
UNREACHED = AF_FN % {'static': 'static', 'name': 'open_alg'} + r'''
int main(void) { return 0; }
'''
REACHED = AF_FN % {'static': 'static', 'name': 'open_alg'} + r'''
int main(int argc, char **argv) { (void)argv; return argc > 5 ? open_alg() : 0; }
'''
CALLBACK = AF_FN % {'static': 'static', 'name': 'open_alg'} + r'''
static int other(void) { return 1; }
static int (*const ops[])(void) = { other, open_alg };
int main(int argc, char **argv) { (void)argv; return ops[argc & 1](); }
'''
# An exported function right before the local one that makes the call:
# the call must be named after the local function, never the export.
NEIGHBOUR = r'''
#include <string.h>
__attribute__((noinline)) int exported_neighbour(char *p, int n)
{
	for (int i = 0; i < n; i++)
		p[i] ^= (char)(i * 7);
	return (int)strlen(p);
}
''' + AF_FN % {'static': 'static', 'name': 'local_opener'} + r'''
int main(int argc, char **argv) { return argc > 5 ? local_opener() : exported_neighbour(argv[0], 1); }
'''
LIB = AF_FN % {'static': 'static', 'name': 'open_alg'} + r'''
int lib_hash(void) { return open_alg(); }
int lib_version(void) { return 3; }
'''
PROG_HASH = 'int lib_hash(void);\nint main(void) { return lib_hash(); }\n'
PROG_VERSION = 'int lib_version(void);\nint main(void) { return lib_version(); }\n'
# A stand-in with libcryptsetup's soname and selector names (plugins.json's
# argument rule): crypt_format() and crypt_load() both reach an AF_ALG
# socket whatever their type argument; only the caller's constants differ.
CS_LIB = AF_FN % {'static': 'static', 'name': 'open_alg'} + r'''
int crypt_format(void *cd, const char *type) { (void)cd; return type ? open_alg() : 0; }
int crypt_load(void *cd, const char *type) { (void)cd; return type ? open_alg() : 1; }
int crypt_dump(void *cd) { return cd ? open_alg() : 2; }
int crypt_benchmark(void *cd) { return cd ? open_alg() : 3; }
'''
CS_DECL = '''int crypt_format(void *, const char *);
int crypt_load(void *, const char *);
int crypt_dump(void *);
int crypt_benchmark(void *);
'''
# Straight-line calls whose results are used (none a tail call): the scan
# reads a call's constant within a straight run of instructions only.
CS_MAIN = 'int main(int c, char **v) { (void)c; return %s + %s + 1; }'
CS_PROGS = (
    ('verity-only', CS_MAIN % ('crypt_format(v, "VERITY")',
                               'crypt_load(v, "VERITY") + crypt_dump(v)'), 'possible'),
    ('integrity-verity', CS_MAIN % ('crypt_format(v, "INTEGRITY")', 'crypt_load(v, "VERITY")'),
     'possible'),
    ('luks', CS_MAIN % ('crypt_format(v, "LUKS2")', 'crypt_load(v, "VERITY")'), 'certain'),
    ('type-from-argv', CS_MAIN % ('crypt_load(v, v[1])', 'crypt_load(v, "VERITY")'),
     'certain'),
    ('verity-benchmark', CS_MAIN % ('crypt_load(v, "VERITY")', 'crypt_benchmark(v)'),
     'certain'),
    ('context-only', CS_MAIN % ('crypt_dump(v)', 'crypt_dump(v + 1)'), 'certain'))


# (name, compiler, strip, fixture directory): x86-64 natively, arm64 with
# the cross compiler scripts/packages.txt installs for the arm64 build.
NATIVE = ('x86-64', 'cc', 'strip', 'fx')
ARM64 = ('arm64', 'aarch64-linux-gnu-gcc', 'aarch64-linux-gnu-strip', 'fx-arm64')


def build(tap, tmp, name, src, flags=(), strip=False, arch=NATIVE):
    d = os.path.join(tmp, arch[3])
    os.makedirs(d, exist_ok=True)
    c, out = os.path.join(d, name + '.c'), os.path.join(d, name)
    with open(c, 'w') as f:
        f.write(src)
    r = run([arch[1], '-O2', '-o', out, c] + list(flags))
    if r.returncode == 0 and strip:
        r = run([arch[2], out])
    return out if tap.ok(r.returncode == 0, 'build %s (%s)' % (name, arch[0]), r.stderr) \
        else None


def arches(tap, what):
    """The architectures to build fixtures for: arm64 is skipped, with the
    reason, when its cross compiler is missing."""
    if shutil.which(ARM64[1]) and shutil.which(ARM64[2]):
        return (NATIVE, ARM64)
    tap.skip('%s on arm64' % what, '%s is not installed (scripts/bootstrap installs it)'
             % ARM64[1])
    return (NATIVE,)


def scan_json(inst, tmp, *args):
    out = os.path.join(tmp, 'fx-scan.json')
    if os.path.exists(out):
        os.unlink(out)
    r = inst.migrate('scan', '-q', '--level', 'possible', '-o', out, *args)
    try:
        return r, {f['path']: f for f in json.load(open(out))['findings']}
    except (OSError, ValueError):
        return r, {}


def test_scripts(tap, inst, tmp):
    d = os.path.join(tmp, 'sh')
    os.makedirs(d)
    for name, text in (('not-run.sh', NOT_RUN), ('runs.sh', RUNS), ('fips.sh', FIPS)):
        with open(os.path.join(d, name), 'w') as f:
            f.write(text)
    r, got = scan_json(inst, tmp, '--distribution', 'debian', d)
    p = os.path.join(d, 'not-run.sh')
    tap.ok(r.returncode == 0 and p not in got,
           'a script that names kcapi tools without running them is not a finding '
           '(inst_multiple, strings, function, command -v, case, here-document)', got.get(p))
    f = got.get(os.path.join(d, 'runs.sh')) or {}
    lines = sorted(e.get('line') for e in f.get('evidence', []))
    tap.ok(f.get('confidence') == 'certain' and lines == [2, 3, 4, 5],
           'a script that runs kcapi tools: certain, one line per command run '
           '($(...), "$(...)", env, openssl -engine afalg)', f)
    f = got.get(os.path.join(d, 'fips.sh')) or {}
    tap.ok(f.get('confidence') == 'possible' and 'does not ship' in f['evidence'][0]['why'],
           'sha512hmac on Debian (not shipped by libkcapi there): possible, says why', f)
    r, got = scan_json(inst, tmp, '--distribution', 'any', os.path.join(d, 'fips.sh'))
    f = got.get(os.path.join(d, 'fips.sh')) or {}
    tap.ok(f.get('confidence') == 'certain',
           'sha512hmac with --distribution any: certain (libkcapi-hmaccalc elsewhere)', f)
    deep = os.path.join(d, 'deep.sh')
    with open(deep, 'w') as f:
        f.write('#!/bin/sh\nx=' + '$(' * 3000 + 'kcapi-dgst' + ')' * 3000 + '\n')
    r = inst.migrate('scan', '-q', deep)
    tap.ok(r.returncode == 1 and 'nested too deep' in r.stderr and 'Traceback' not in r.stderr,
           'a script nested 3000 substitutions deep: an error naming it, exit 1', r.stderr)


def test_reach(tap, inst, tmp):
    for arch in arches(tap, 'reachability'):
        reach_on(tap, inst, tmp, arch)


def reach_on(tap, inst, tmp, arch):
    for name, src, level in (('unreached', UNREACHED, 'possible'),
                             ('reached', REACHED, 'certain'),
                             ('callback', CALLBACK, 'certain')):
        for strip in (False, True):
            exe = build(tap, tmp, name + ('-stripped' if strip else ''), src, strip=strip,
                        arch=arch)
            if not exe:
                continue
            r, got = scan_json(inst, tmp, exe)
            f = got.get(exe) or {}
            unreach = [e for e in f.get('evidence', []) if e.get('reachable') is False]
            tap.ok(f.get('confidence') == level and bool(unreach) == (level == 'possible') and
                   (level == 'certain' or 'linked, unreachable' in unreach[0]['why']),
                   '%s: AF_ALG call %s%s: %s' % (
                       arch[0], {'unreached': 'in a function nothing reaches',
                                 'reached': 'reached from main',
                                 'callback': 'in a callback of a table main uses'}[name],
                       ' (stripped)' if strip else '', level), f)


def test_naming(tap, inst, tmp):
    for strip in (False, True):
        exe = build(tap, tmp, 'neighbour' + ('-stripped' if strip else ''), NEIGHBOUR,
                    ['-rdynamic'], strip=strip)
        if not exe:
            continue
        r, got = scan_json(inst, tmp, exe)
        f = got.get(exe) or {}
        why = ' '.join(e['why'] for e in f.get('evidence', []) if e.get('address'))
        want = r'\(in the function at 0x[0-9a-f]+ \(unnamed; \.eh_frame\)\)' if strip \
            else r'\(in local_opener\)'
        tap.ok(re.search(want, why) and 'exported_neighbour' not in why,
               'the call is named by the function that contains it%s, not the export '
               'before it' % (' (stripped: its .eh_frame range)' if strip else
                              ' (a local symbol)'), why)


def test_entries(tap, inst, tmp):
    for arch in arches(tap, 'entry points'):
        entries_on(tap, inst, tmp, arch)


def entries_on(tap, inst, tmp, arch):
    d = os.path.join(tmp, arch[3])
    lib = build(tap, tmp, 'libafent.so.1', LIB, ['-shared', '-fPIC', '-Wl,-soname,libafent.so.1'],
                arch=arch)
    if not lib:
        return
    progs = {}
    for name, src in (('calls-hash', PROG_HASH), ('calls-version', PROG_VERSION)):
        progs[name] = build(tap, tmp, name, src, [lib, '-Wl,-rpath,' + d], arch=arch)
    if not all(progs.values()):
        return
    r, got = scan_json(inst, tmp, d)
    lf = got.get(lib) or {}
    tap.ok(lf.get('entries', {}).get('functions') == ['lib_hash'],
           '%s: the library\'s AF_ALG entry points: lib_hash only' % arch[0], lf.get('entries'))
    f = got.get(progs['calls-hash']) or {}
    tap.ok(f.get('confidence') == 'certain', '%s: a program that calls lib_hash(): certain'
           % arch[0], f)
    f = got.get(progs['calls-version']) or {}
    tap.ok(f.get('confidence') == 'possible' and
           'AF_ALG code not called' in ' '.join(e['why'] for e in f.get('evidence', [])),
           '%s: a program that links the library but imports none of its AF_ALG entry '
           'points: possible, says why' % arch[0], f)


def test_arguments(tap, inst, tmp):
    for arch in arches(tap, 'argument rules'):
        arguments_on(tap, inst, tmp, arch)


def arguments_on(tap, inst, tmp, arch):
    arch = arch[:3] + (arch[3] + '-cs',)
    d = os.path.join(tmp, arch[3])
    lib = build(tap, tmp, 'libcryptsetup.so.12', CS_LIB,
                ['-shared', '-fPIC', '-Wl,-soname,libcryptsetup.so.12'], arch=arch)
    if not lib:
        return
    progs = {}
    for name, src, level in CS_PROGS:
        progs[name] = (build(tap, tmp, 'cs-' + name, CS_DECL + src, [lib, '-Wl,-rpath,' + d],
                             arch=arch), level)
    r, got = scan_json(inst, tmp, d)
    for name, src, level in CS_PROGS:
        exe = progs[name][0]
        if not exe:
            continue
        f = got.get(exe) or {}
        why = ' '.join(e['why'] for e in f.get('evidence', []))
        tap.ok(f.get('confidence') == level and
               (level != 'possible' or 'AF_ALG code not reached: calls' in why),
               '%s: libcryptsetup argument rule: %s: %s' % (arch[0], name, level), f)


def main():
    run_installed(test_scripts, test_reach, test_naming, test_entries, test_arguments,
                  test_labelled,
                  tmp_prefix='kctest-precision-')


if __name__ == '__main__':
    main()
