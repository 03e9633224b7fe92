# SPDX-License-Identifier: GPL-2.0
"""AFALG_SHIM=fallback takes over on the restriction's ENOENT from bind().

The host kernel has no AF_ALG, so fake-kernel.so, preloaded after the shim,
is what the shim reaches as the C library's socket(), bind() and
getsockopt(): its AF_ALG sockets are AF_UNIX datagram sockets (SO_TYPE 2,
where the shim's are SO_TYPE 5) and its bind() answers as the kernel does
at crypto.af_alg_restrict=1 for an unprivileged caller whose allowlist is
$FAKE_KERNEL_ALLOW.  The double stands only where the kernel would: the
shim's code path (dlsym(RTLD_NEXT) to the next definition) is the one it
takes in the guest, where tests/kernel/afalg_restrict_shim.py runs the
same scenario against the real restriction.

Checked: an allowed name stays on the kernel (and its re-bind's EBUSY
comes through unchanged); a refused name the shim serves is taken over on
the same descriptor number, keeping O_NONBLOCK, close-on-exec (set or
not) and SO_RCVBUF, and gives the digest hashlib computes; a re-bind of
the taken-over descriptor is the shim's (EBUSY with a live op socket,
another name once it is closed); a name neither serves keeps ENOENT and
the kernel socket; EINVAL passes through; two threads binding one
descriptor at once both succeed and leave one working socket and no
stray descriptor; the log has one record per used taken-over tfm with
reason "bind-enoent", none for the kernel's, and "socket-eafnosupport"
when socket() itself was refused.
"""
import ctypes
import errno
import fcntl
import hashlib
import json
import os
import socket
import subprocess
import sys
import threading

from shimtest import ASAN_RT, SHIM, forward_checks, run_tests, shim_env

FAKE = os.environ.get('FAKE_KERNEL', '')
ALG = 38


def so_type(s):
    return s.getsockopt(socket.SOL_SOCKET, socket.SO_TYPE)


def child():
    """Runs under the shim and the fake kernel; prints PASS/FAIL lines."""
    def check(cond, what, diag=''):
        print('%s %s%s' % ('PASS' if cond else 'FAIL', what,
                           '' if cond else ' -- ' + str(diag)), flush=True)

    def bind_err(s, name):
        try:
            s.bind(('hash', name))
            return 0
        except OSError as e:
            return e.errno

    # allowed: the kernel's socket, bound by the kernel; re-bind EBUSY
    k = socket.socket(ALG, socket.SOCK_SEQPACKET)
    check(bind_err(k, 'sha1') == 0 and so_type(k) == 2,
          'allowed name (sha1): bound by the kernel, the kernel socket stays',
          so_type(k))
    check(bind_err(k, 'sha1') == errno.EBUSY and so_type(k) == 2,
          'the kernel\'s EBUSY on a second bind passes through unchanged')

    # refused, served: taken over on the same number, flags kept
    for nonblock, cloexec in ((True, False), (False, True)):
        t = socket.socket(ALG, socket.SOCK_SEQPACKET |
                          (socket.SOCK_NONBLOCK if nonblock else 0))
        fd = t.fileno()
        os.set_inheritable(fd, not cloexec)
        t.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
        rcv = t.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
        e = bind_err(t, 'sha256')
        fl = fcntl.fcntl(fd, fcntl.F_GETFL)
        check(e == 0 and so_type(t) == 5 and t.fileno() == fd,
              'refused name (sha256): the shim\'s socket on the same '
              'descriptor %d' % fd, 'errno %s so_type %d' % (e, so_type(t)))
        check(bool(fl & os.O_NONBLOCK) == nonblock and
              os.get_inheritable(fd) == (not cloexec) and
              t.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF) == rcv,
              'takeover keeps O_NONBLOCK=%s, close-on-exec=%s, SO_RCVBUF'
              % (nonblock, cloexec),
              'flags %#x inheritable %s rcvbuf %d/%d' %
              (fl, os.get_inheritable(fd),
               t.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF), rcv))
        if nonblock:
            t.setblocking(True)
        o, _ = t.accept()
        o.sendall(b'abc')
        d = o.recv(64)
        check(d == hashlib.sha256(b'abc').digest(),
              'the taken-over sha256 gives hashlib\'s digest', d.hex())
        if cloexec:
            check(bind_err(t, 'sha512') == errno.EBUSY,
                  'second bind of the taken-over fd with a live op socket: '
                  'EBUSY, as alg_bind()')
            o.close()
            check(bind_err(t, 'sha512') == 0 and so_type(t) == 5,
                  'second bind once the op socket is closed: re-bound by '
                  'the shim')
            o, _ = t.accept()
            o.sendall(b'abc')
            d = o.recv(64)
            check(d == hashlib.sha512(b'abc').digest(),
                  'the re-bound sha512 gives hashlib\'s digest', d.hex())
        o.close()
        t.close()

    # a name neither serves: ENOENT, the kernel socket stays usable
    n = socket.socket(ALG, socket.SOCK_SEQPACKET)
    e = bind_err(n, 'no-such-alg')
    check(e == errno.ENOENT and so_type(n) == 2,
          'a name neither serves: ENOENT stays, the kernel socket stays',
          'errno %s so_type %d' % (e, so_type(n)))
    check(bind_err(n, 'sha1') == 0 and so_type(n) == 2,
          'that socket then binds an allowed name on the kernel')

    # other errors pass through: an address too short for sockaddr_alg
    libc = ctypes.CDLL(None, use_errno=True)
    x = socket.socket(ALG, socket.SOCK_SEQPACKET)
    sa = ctypes.create_string_buffer(b'\x26\x00hash' + b'\0' * 18)
    r = libc.bind(x.fileno(), sa, 20)
    check(r == -1 and ctypes.get_errno() == errno.EINVAL and so_type(x) == 2,
          'the kernel\'s EINVAL passes through, no takeover',
          '%d %d' % (r, ctypes.get_errno()))
    x.close()

    # two threads bind one descriptor at once
    before = len(os.listdir('/proc/self/fd'))
    bad = []
    for i in range(40):
        s = socket.socket(ALG, socket.SOCK_SEQPACKET)
        res = []
        bar = threading.Barrier(2)

        def go():
            bar.wait()
            res.append(bind_err(s, 'sha256'))
        th = [threading.Thread(target=go) for _ in range(2)]
        for t_ in th:
            t_.start()
        for t_ in th:
            t_.join()
        if res != [0, 0] or so_type(s) != 5:
            bad.append((i, res, so_type(s)))
        s.close()
    after = len(os.listdir('/proc/self/fd'))
    check(not bad and before == after,
          'two threads binding one fd: both succeed, one shim socket, no '
          'stray descriptor (40 rounds)', '%s fds %d->%d' % (bad[:3], before,
                                                            after))


def records(path):
    if not os.path.exists(path):
        return []
    return [json.loads(l) for l in open(path) if l.startswith('{')]


def fake_kernel_built(tap):
    if not FAKE:
        tap.skip('fallback takeover', 'fake-kernel.so not built')
        tap.done()


def check_takeover(tap, tmp):
    """A kernel with AF_ALG (fake-kernel.so) refuses bind() with ENOENT:
    the shim takes the socket over."""
    log, flog = os.path.join(tmp, 'log'), os.path.join(tmp, 'fake')
    env = shim_env({'AFALG_SHIM_LOG': log, 'FAKE_KERNEL_LOG': flog,
                    'FAKE_KERNEL_ALLOW': 'sha1', 'SHIM_CHILD': '1'},
                   mode='fallback')
    env['LD_PRELOAD'] = ' '.join(x for x in (ASAN_RT, SHIM, FAKE) if x)
    p = subprocess.run([sys.executable, __file__], env=env,
                       capture_output=True, text=True, timeout=120)
    forward_checks(tap, p)
    calls = open(flog).read().splitlines() if os.path.exists(flog) else []
    tap.ok('bind sha256 %d' % errno.ENOENT in calls and
           'bind sha1 0' in calls,
           'the kernel was asked first for every name', calls[:8])
    got = [(r.get('alg'), r.get('reason')) for r in records(log)]
    tap.ok(got == [('sha256', 'bind-enoent'), ('sha256', 'bind-enoent'),
                   ('sha512', 'bind-enoent')],
           'log: one record per used taken-over tfm, reason bind-enoent; '
           'none for the kernel\'s sha1', got)


def check_socket_refused(tap, tmp):
    """socket() refused (this host): reason socket-eafnosupport."""
    log2 = os.path.join(tmp, 'log2')
    for mode, want in (('fallback', 'socket-eafnosupport'), ('always', None)):
        q = subprocess.run(['kcapi-dgst', '-c', 'sha256', '--hex'],
                           input=b'abc', capture_output=True,
                           env=shim_env({'AFALG_SHIM_LOG': log2}, mode=mode))
        recs = records(log2)
        os.unlink(log2) if os.path.exists(log2) else None
        tap.ok(q.stdout.strip().decode() == hashlib.sha256(b'abc').hexdigest()
               and [r.get('reason', None) for r in recs] == [want] and
               (want or 'reason' not in recs[0]),
               '%s mode, socket() refused: served, log reason %s'
               % (mode, want), (q.stdout, q.stderr[-300:], recs))


if __name__ == '__main__':
    if os.environ.get('SHIM_CHILD') == '1':
        child()
    else:
        run_tests(fake_kernel_built, check_takeover, check_socket_refused,
                  tmp_prefix='shim-fallback-')
