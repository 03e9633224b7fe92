# SPDX-License-Identifier: GPL-2.0
"""AFALG_SHIM modes and the AFALG_SHIM_LOG usage log.

Usage log: one JSON record per tfm at its first use, with the tracer's
field names, to a file, to stderr and to syslog (/dev/log, checked in a
private mount namespace with a socket of ours bound over /dev); the key
length of a client that keys after accept (OpenSSL's pattern), keyring
keys, a re-bind giving a new record, and no record without use.

Modes: AFALG_SHIM=always serves AF_ALG in userspace even where the
kernel has it; AFALG_SHIM=fallback passes socket() to the kernel and
serves only on EAFNOSUPPORT / EPROTONOSUPPORT.  The host kernel has no
AF_ALG, so a preloaded fake-kernel.so plays a kernel that has it.
"""
import json
import os
import socket
import subprocess
import sys

from shimtest import ASAN_RT, SHIM, run_tests, shim_env

FAKE = os.environ.get('FAKE_KERNEL', '')
CHILD = os.environ.get('SHIM_CHILD')


def child():
    """Runs under the shim: a scripted sequence of AF_ALG uses."""
    import ctypes
    what = CHILD
    if what == 'log':
        # 1: hash tfm, used twice, plus a clone: one record
        t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET)
        t.bind(('hash', 'sha256'))
        for _ in range(2):
            o, _ = t.accept()
            o.sendall(b'abc')
            o.recv(32)
        c, _ = o.accept()
        c.recv(32)
        # 2: keyed after accept (OpenSSL's order): key length 24
        t2 = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET)
        t2.bind(('skcipher', 'cbc(aes)'))
        o2, _ = t2.accept()
        t2.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, b'k' * 24)
        o2.sendmsg_afalg([b'x' * 16], op=socket.ALG_OP_ENCRYPT,
                         iv=b'\0' * 16)
        o2.recv(16)
        # 3: bound and accepted but never used: no record
        t3 = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET)
        t3.bind(('hash', 'sha1'))
        t3.accept()
        # 4: re-bind of t: a new tfm, a new record (hmac, key 7)
        o.close()
        c.close()
        t.bind(('hash', 'hmac(sha256)'))
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, b'k' * 7)
        o, _ = t.accept()
        o.sendall(b'abc')
        o.recv(32)
        # 5: a keyring key
        libc = ctypes.CDLL(None, use_errno=True)
        serial = libc.syscall(248, b'user', b'afalg-shim-mode-test',
                              b'k' * 13, 13, -2)    # add_key
        t4 = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET)
        t4.bind(('hash', 'hmac(sha256)'))
        t4.setsockopt(socket.SOL_ALG, 7, serial.to_bytes(4, 'little'))
        o4, _ = t4.accept()
        o4.sendall(b'abc')
        o4.recv(32)
    elif what == 'type':
        s = socket.socket(38, socket.SOCK_SEQPACKET, 0)
        print('so_type %d' % s.getsockopt(socket.SOL_SOCKET, socket.SO_TYPE))
        n = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 21)
        print('nl_type %d' % n.getsockopt(socket.SOL_SOCKET, socket.SO_TYPE))


def run_child(what, env_extra, preload=None):
    env = shim_env(env_extra)
    env['SHIM_CHILD'] = what
    if preload:
        env['LD_PRELOAD'] = preload
    return subprocess.run([sys.executable, __file__], env=env,
                          capture_output=True, text=True, timeout=60)


def records(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith('{'):
            out.append(json.loads(line))
        elif 'afalg-shim[' in line and '{' in line:
            out.append(json.loads(line[line.index('{'):]))
    return out


def check_records(tap, recs, where):
    want = [('hash', 'sha256', []), ('skcipher', 'cbc(aes)', [24]),
            ('hash', 'hmac(sha256)', [7]), ('hash', 'hmac(sha256)',
                                            ['keyring'])]
    got = [(r.get('type'), r.get('alg'), r.get('key_lengths')) for r in recs]
    tap.ok(got == want, '%s: one record per used tfm, key lengths as set '
           '(accept before setkey, re-bind, keyring)' % where,
           'got %s' % got)
    fields = {'source', 'exe', 'comm', 'pid', 'ppid', 'uid', 'cgroup', 'type',
              'alg', 'key_lengths'}
    ok = all(set(r) == fields and r['source'] == 'afalg-shim' and
             r['exe'] == os.path.realpath(sys.executable) and
             r['pid'] > 0 and r['uid'] == os.getuid() and
             r['cgroup'].startswith('/') for r in recs)
    tap.ok(bool(recs) and ok, '%s: fields of the tracer inventory '
           '(exe, comm, pid, ppid, uid, cgroup, type, alg, key_lengths)' %
           where, str(recs[:1]))


def check_log_file_and_stderr(tap, tmp):
    log = os.path.join(tmp, 'log')
    r = run_child('log', {'AFALG_SHIM_LOG': log})
    tap.ok(r.returncode == 0, 'log child ran', r.stderr[-1000:])
    check_records(tap, records(open(log).read()) if os.path.exists(log)
                  else [], 'file')
    probe = os.environ.get('SHIM_PROBE')
    if probe:
        p = subprocess.run([probe, 'fds'], env=shim_env(
            {'AFALG_SHIM_LOG': os.path.join(tmp, 'log2')}),
            capture_output=True, text=True, timeout=60)
        line = [l for l in p.stdout.splitlines() if 'leave errno' in l]
        tap.ok(line and line[0].startswith('PASS') and
               os.path.exists(os.path.join(tmp, 'log2')),
               'logging leaves errno alone (shim-probe fds with a log)',
               p.stdout[-500:])
    else:
        tap.skip('logging leaves errno alone', 'shim-probe not built')
    r = run_child('log', {'AFALG_SHIM_LOG': 'stderr'})
    check_records(tap, records(r.stderr), 'stderr')


def check_syslog(tap, tmp):
    """Our datagram socket bound over /dev in a private namespace."""
    devdir = os.path.join(tmp, 'dev')
    os.mkdir(devdir)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(os.path.join(devdir, 'log'))
    sock.settimeout(0.5)
    env = shim_env({'AFALG_SHIM_LOG': 'syslog', 'SHIM_CHILD': 'log'})
    r = subprocess.run(['unshare', '-m', 'sh', '-c',
                        'mount --bind "$0" /dev && exec "$1" "$2"', devdir,
                        sys.executable, __file__], env=env,
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0 and 'unshare' in r.stderr:
        tap.skip('syslog', 'no mount namespace: %s' % r.stderr[-200:])
    else:
        msgs = []
        try:
            while True:
                msgs.append(sock.recv(4096).decode())
        except socket.timeout:
            pass
        tap.ok(all(m.startswith('<13>') and ' afalg-shim[' in m
                   for m in msgs) and msgs,
               'syslog: datagrams to /dev/log, facility user, level notice, '
               'tag afalg-shim', '\n'.join(msgs[:2]) + r.stderr[-500:])
        check_records(tap, records('\n'.join(msgs)), 'syslog')
    sock.close()


def check_modes(tap, tmp):
    """AFALG_SHIM=always and fallback, with a fake kernel that has AF_ALG."""
    if not FAKE:
        tap.skip('modes', 'fake-kernel.so not built')
    else:
        flog = os.path.join(tmp, 'fake')
        both = ' '.join(x for x in (ASAN_RT, SHIM, FAKE) if x)
        r = run_child('type', {'FAKE_KERNEL_LOG': flog,
                               'AFALG_SHIM': 'always'}, both)
        tap.ok('so_type 5' in r.stdout and 'nl_type 3' in r.stdout and
               not os.path.exists(flog),
               'always: served by the shim even with a kernel AF_ALG',
               r.stdout + r.stderr[-500:])
        r = run_child('type', {'FAKE_KERNEL_LOG': flog,
                               'AFALG_SHIM': 'fallback'}, both)
        calls = open(flog).read().split('\n') if os.path.exists(flog) else []
        tap.ok('so_type 2' in r.stdout and 'nl_type 2' in r.stdout and
               'socket 38 0' in calls and 'socket 16 21' in calls,
               'fallback: the kernel\'s AF_ALG and NETLINK_CRYPTO are used '
               'when it has them', r.stdout + str(calls))
        r = run_child('type', {'AFALG_SHIM': 'fallback'})
        tap.ok('so_type 5' in r.stdout and 'nl_type 3' in r.stdout,
               'fallback: served by the shim when the kernel answers '
               'EAFNOSUPPORT/EPROTONOSUPPORT (this host)',
               r.stdout + r.stderr[-500:])
        env = shim_env({'AFALG_SHIM': 'fallback'})
        p = subprocess.run(['kcapi-dgst', '-c', 'sha256', '--hex'],
                           input=b'abc', capture_output=True, env=env)
        tap.ok(p.stdout.strip() == b'ba7816bf8f01cfea414140de5dae2223b00361a3'
               b'96177a9cb410ff61f20015ad',
               'fallback: kcapi-dgst sha256("abc") served on this host')


if __name__ == '__main__':
    if CHILD:
        child()
    else:
        run_tests(check_log_file_and_stderr, check_syslog, check_modes,
                  tmp_prefix='shim-modes-')
