# SPDX-License-Identifier: GPL-2.0
"""Test "log-forge" of suite kernel: nobody can forge kernel log lines
through the AF_ALG use and deny logs (kernel-patches/extras/, "log AF_ALG
use and denials, escaped").

The host side (test()) boots the x86_64 guest and runs this file in it as
root.  The guest side (run as a program) switches both logs on, then for
each case runs a fresh process, a copy of the static
/run/guest/afalg-restrict-test at an exe path it chose, that sets its comm
with prctl(PR_SET_NAME) and binds hash/NAME; comm, exe path and NAME hold
newlines, carriage returns, escape sequences, backslashes, spaces and
strings that look like fields or whole log lines.  The kernel log is read
raw with syslog(2) (/dev/kmsg would escape the bytes itself and hide a
forged line).  For each case: exactly one line holds its unique token,
that line is a whole, well-formed log line of the process's pid, its
fields hold printable ASCII without spaces only, and unescaped they are
the bytes the process used.
"""
import ctypes
import os
import re
import shutil
import subprocess
import sys
import tempfile

GUEST_PROG = '/run/guest/afalg-restrict-test'

# (what, comm, exe directory name, name, denied): TOKEN becomes the case's
# token (added to comm when no string has it); comm stays within the 15
# bytes PR_SET_NAME keeps, NAME under 64.
CASES = [
    ('newline in the name', b'forge-a', b'plain',
     b'sha256-generic\naf_alg: AF_ALG in use: TOKEN', True),
    ('fake fields after a space in the name', b'forge-b', b'plain',
     b'x alg=sha1 restrict=0 rule=listed TOKEN', True),
    ('escape sequence and carriage return in the name', b'forge-c', b'plain',
     b'\x1b[2K\rTOKEN \\n\\\\', True),
    ('newline in comm', b'\nAF TOKEN', b'plain', b'sha1', False),
    ('fake fields in comm', b'a pid=1 TOKEN', b'plain', b'sha1', False),
    ('newline and escape in the exe path', b'forge-f',
     b'd\naf_alg: AF_ALG denied: \x1b[31mTOKEN', b'sha1', False),
    ('high bytes and DEL in the name', b'forge-g', b'plain',
     b'\xc3\xa9\x85\x7fTOKEN', True),
]

LINE_RE = re.compile(
    r'af_alg: AF_ALG (in use|denied): comm=(\S*) pid=(\d+) uid=(\d+) '
    r'exe=(\S*) type=(\S*) alg=(\S*) restrict=(\d) rule=(\S+)$')

SIMPLE = {'n': 10, 't': 9, 'r': 13, 'v': 11, 'f': 12, 'a': 7, 'e': 27,
          '\\': 92, '"': 34}


def unescape(field):
    """The bytes a log field stands for: C escapes and \\ooo."""
    out = bytearray()
    i = 0
    while i < len(field):
        c = field[i]
        if c != '\\':
            out.append(ord(c))
            i += 1
        elif re.match(r'[0-7]{3}', field[i + 1:i + 4]):
            out.append(int(field[i + 1:i + 4], 8))
            i += 4
        elif field[i + 1:i + 2] in SIMPLE:
            out.append(SIMPLE[field[i + 1]])
            i += 2
        else:
            raise ValueError('bad escape at %d in %r' % (i, field))
    return bytes(out)


def klog():
    """The kernel log buffer as syslog(2) gives it, bytes unescaped."""
    libc = ctypes.CDLL(None, use_errno=True)
    size = 1 << 21
    buf = ctypes.create_string_buffer(size)
    n = libc.klogctl(3, buf, size)  # SYSLOG_ACTION_READ_ALL
    if n < 0:
        raise OSError(ctypes.get_errno(), 'klogctl')
    return buf.raw[:n]


def write_sysctl(name, value):
    with open('/proc/sys/crypto/' + name, 'w') as fp:
        fp.write(value)


def guest_main():
    n = 0
    failed = 0

    def ok(cond, what, diag=''):
        nonlocal n, failed
        n += 1
        print('%s %d - %s' % ('ok' if cond else 'not ok', n, what))
        if not cond:
            failed += 1
            for line in str(diag).splitlines():
                print('# ' + line)
        sys.stdout.flush()

    # With AF_ALG as a module (the restrict kernels) the sysctls appear
    # when af_alg is loaded: socket() loads it (net-pf-38) before
    # af_alg's own create refuses it at level 2.
    import socket
    try:
        socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0).close()
    except OSError:
        pass
    write_sysctl('af_alg_restrict', '1')
    write_sysctl('af_alg_log_use', '1')
    write_sysctl('af_alg_log_deny', '1')
    tmp = tempfile.mkdtemp(prefix='log-forge-')
    runs = []
    for i, (what, comm, exedir, name, denied) in enumerate(CASES):
        token = b'FORGE%dX' % i
        comm = comm.replace(b'TOKEN', token)
        name = name.replace(b'TOKEN', token)
        exedir = exedir.replace(b'TOKEN', token)
        if token not in comm + name + exedir:
            comm = (comm + b'-' + token)
        d = os.path.join(tmp.encode(), b'%d-' % i + exedir)
        os.makedirs(d)
        exe = os.path.join(d, b'prog')
        shutil.copy(GUEST_PROG, exe)
        os.chmod(exe, 0o755)
        p = subprocess.run([exe, b'--forge', comm.hex().encode(),
                            name.hex().encode()],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        m = re.match(rb'pid=(\d+) bind=(-?\d+)', p.stdout)
        ok(p.returncode == 0 and m is not None,
           '%s: the process ran and bound' % what, p.stdout)
        if not m:
            continue
        want_err = -2 if denied else 0
        ok(int(m.group(2)) == want_err,
           '%s: bind gave %s' % (what, 'ENOENT' if denied else '0'),
           p.stdout)
        runs.append((what, token, int(m.group(1)), comm[:15], exe, name,
                     denied))
    log = klog()
    lines = log.split(b'\n')
    for what, token, pid, comm, exe, name, denied in runs:
        hits = [l for l in lines if token in l]
        ok(len(hits) == 1, '%s: one kernel log line holds the token (%d)'
           % (what, len(hits)), b'\n'.join(hits).decode('ascii', 'replace'))
        if len(hits) != 1:
            continue
        line = hits[0]
        printable = all(0x20 <= b < 0x7f for b in line)
        ok(printable, '%s: the line is printable ASCII only' % what,
           repr(line))
        text = line.decode('ascii', 'replace')
        m = LINE_RE.search(text)
        ok(m is not None and text.startswith('<'),
           '%s: the line is one whole af_alg log line' % what, text)
        if not m:
            continue
        kind, lcomm, lpid, _uid, lexe, ltype, lalg, level, rule = m.groups()
        ok(kind == ('denied' if denied else 'in use') and int(lpid) == pid
           and level == '1'
           and rule == ('not-listed' if denied else 'listed'),
           '%s: kind, pid, level and rule are the event\'s' % what, text)
        try:
            fields = (unescape(lcomm), unescape(lexe), unescape(ltype),
                      unescape(lalg))
        except ValueError as e:
            ok(False, '%s: the fields unescape' % what, e)
            continue
        ok(fields == (comm, exe, b'hash', name),
           '%s: comm, exe, type and alg unescape to the bytes used' % what,
           '%r\n%r' % (fields, (comm, exe, b'hash', name)))
    starts = [l for l in lines if l.lstrip(b'<0123456789>[] .').startswith(
        b'AF_ALG') or b'af_alg: AF_ALG' in l.split(b'] ', 1)[-1][14:]]
    ok(not starts, 'no line of the kernel log starts a forged AF_ALG line '
       'or holds two', b'\n'.join(starts).decode('ascii', 'replace'))
    shutil.rmtree(tmp, ignore_errors=True)
    print('1..%d' % n)
    return 1 if failed else 0


def test(tap, kbuild, run, run_guest):
    """Host side, called by test_kernel.py log-forge."""
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    # --share: the guest's /tmp is its own tmpfs, and a checkout may be there
    here = os.path.abspath(__file__)
    rc, out, secs = run([run_guest, '--kernel', kdir, '--share', os.path.dirname(here),
                         '--cmd', '/usr/bin/python3 %s' % here])
    n = 0
    for line in out.splitlines():
        if line.startswith('ok ') or line.startswith('not ok '):
            desc = line.split(' - ', 1)[1] if ' - ' in line else line
            tap.ok(line.startswith('ok '), 'log-forge: ' + desc)
            n += 1
    tap.ok(n >= 7 * 4 and '1..%d' % n in out and rc == 0,
           'log-forge: guest ran every case and exited 0 (%d points, %.0fs)'
           % (n, secs), out[-3000:])


if __name__ == '__main__':
    sys.exit(guest_main())
