# SPDX-License-Identifier: GPL-2.0
"""One AF_ALG socket across processes, and signals during a blocked call,
through Python's AF_ALG socket API under the shim (issue 18 items 1, 2).

As in the kernel, a socket that fork() copies is one socket: what one
process sends the other receives (hash, hmac, skcipher blocking and
non-blocking with the IV chained across processes, aead, the rng's DRBG
state), a key set on a shared tfm socket serves the other process's new op
sockets, a blocked recv in one process is woken by a send in another, a
process killed while blocked leaves the socket usable, and posix_spawn()
with sockets open changes nothing.  A signal whose handler lacks
SA_RESTART ends a blocked recv (EINTR, which Python turns into the
handler's exception); with SA_RESTART the recv goes on and returns the
data.  Registering an AF_ALG socket with epoll, which watches the
stand-in socket (D4), is logged once per process.  Answers come from
hashlib, hmac and python3-cryptography.

Each scenario runs in its own preloaded interpreter with a time limit, so
a scenario that hangs (the shim before this change) fails alone.
"""
import errno
import hashlib
import hmac
import os
import select
import signal
import socket
import sys
import tempfile
import time

from afalgpy import chk, opened
from shimtest import is_child, run_scenario, run_tests, scenario_tests

ENC, DEC = 1, 0
TIMEOUT = 30


def in_child(fn):
    """fork(); the child runs fn() and _exits (1 on an exception)."""
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            fn()
        except BaseException as e:  # noqa: B902 (reported, then exit 1)
            print('child: %r' % e, file=sys.stderr, flush=True)
            code = 1
        os._exit(code)
    return pid


def reap(pid):
    _, st = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(st)


def cbc(key, iv, data):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, \
        modes
    return Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor().update(
        data)


def s_hash():
    """child streams with MSG_MORE, parent reads the digest"""
    _, o = opened('hash', 'sha256')
    a, b = os.urandom(1000), os.urandom(77)
    pid = in_child(lambda: (o.send(a, socket.MSG_MORE), o.send(b)))
    rc = reap(pid)
    d = o.recv(32)
    chk(rc == 0 and d == hashlib.sha256(a + b).digest(),
        'hash: the parent reads the digest of what the child sent',
        'rc %d, %s' % (rc, d.hex()))
    # the other way: the parent opens an update, the child finishes it
    o.send(a, socket.MSG_MORE)
    got = []
    r, w = os.pipe()
    pid = in_child(lambda: (o.send(b, socket.MSG_MORE),
                            os.write(w, o.recv(32))))
    rc = reap(pid)
    got = os.read(r, 64)
    chk(rc == 0 and got == hashlib.sha256(a + b).digest(),
        'hash: the child finishes an update the parent began',
        'rc %d, %s' % (rc, got.hex()))


def s_hmac_tfm():
    """a key set on a tfm socket after fork serves the parent's accept"""
    t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    t.bind(('hash', 'hmac(sha256)'))
    key, msg = os.urandom(32), os.urandom(100)
    pid = in_child(lambda: t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY,
                                        key))
    rc = reap(pid)
    o, _ = t.accept()
    o.send(msg)
    d = o.recv(32)
    chk(rc == 0 and d == hmac.new(key, msg, 'sha256').digest(),
        'hmac: the key the child set serves the parent', d.hex())


def s_nokey():
    """an op socket accepted before the key: the child keys and uses it,
    the parent uses it too; once closed, re-keying is allowed again"""
    t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    t.bind(('hash', 'hmac(sha256)'))
    o, _ = t.accept()
    key, msg = os.urandom(16), os.urandom(50)

    def child():
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
        o.send(msg)
        o.recv(32)
    rc = reap(in_child(child))
    o.send(msg)
    d = o.recv(32)
    chk(rc == 0 and d == hmac.new(key, msg, 'sha256').digest(),
        'nokey: the key the child set serves the parent\'s op socket',
        d.hex())
    o.close()
    e = 0
    try:
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    except OSError as x:
        e = x.errno
    chk(e == 0, 'nokey: re-keying allowed once the op socket is closed',
        'errno %d' % e)


def s_skcipher_block():
    """parent blocked in recv, woken by the child's send; IV chained"""
    key, iv = os.urandom(16), os.urandom(16)
    _, o = opened('skcipher', 'cbc(aes)', key)
    p1, p2 = os.urandom(64), os.urandom(48)

    def child():
        time.sleep(0.3)
        o.sendmsg_afalg([p1], op=ENC, iv=iv)
    pid = in_child(child)
    c1 = o.recv(64)
    rc = reap(pid)
    ref = cbc(key, iv, p1 + p2)
    chk(rc == 0 and c1 == ref[:64],
        'skcipher: a blocked recv returns what another process sent',
        c1.hex())
    # the chained IV is the socket's: the child's next request continues it
    pid = in_child(lambda: o.sendmsg_afalg([p2], op=ENC))
    rc = reap(pid)
    c2 = o.recv(48)
    chk(rc == 0 and c2 == ref[64:],
        'skcipher: the IV left by the first request chains the next',
        c2.hex())


def s_skcipher_nonblock():
    """non-blocking: the data the child queued is there after it exits"""
    key, iv = os.urandom(32), os.urandom(16)
    _, o = opened('skcipher', 'cbc(aes)', key)
    o.setblocking(False)
    pt = os.urandom(4096)
    e = 0
    try:
        o.recv(16)
    except OSError as x:
        e = x.errno
    chk(e == errno.EAGAIN, 'skcipher: nothing queued is EAGAIN', str(e))
    pid = in_child(lambda: o.sendmsg_afalg([pt], op=ENC, iv=iv))
    rc = reap(pid)
    try:
        ct = o.recv(4096)
    except OSError as x:
        ct = b'errno %d' % x.errno
    chk(rc == 0 and ct == cbc(key, iv, pt),
        'skcipher: non-blocking recv of what the child queued', ct[:32].hex())


def s_aead():
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    key, iv = os.urandom(16), os.urandom(12)
    _, o = opened('aead', 'gcm(aes)', key)
    aad, pt = os.urandom(20), os.urandom(100)
    pid = in_child(lambda: o.sendmsg_afalg([aad + pt], op=ENC, iv=iv,
                                           assoclen=len(aad)))
    rc = reap(pid)
    out_ = o.recv(len(aad) + len(pt) + 16)
    chk(rc == 0 and out_ == aad + AESGCM(key).encrypt(iv, pt, aad),
        'aead: the parent reads the encryption the child asked for',
        out_.hex())


def s_rng():
    """the DRBG is one: the two processes never read the same bytes"""
    _, o = opened('rng', 'drbg_nopr_hmac_sha256')
    o.close()
    t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    t.bind(('rng', 'drbg_nopr_hmac_sha256'))
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, os.urandom(32))
    o, _ = t.accept()
    r, w = os.pipe()
    pid = in_child(lambda: os.write(w, o.recv(64)))
    mine = o.recv(64)
    rc = reap(pid)
    theirs = os.read(r, 64)
    chk(rc == 0 and len(theirs) == 64 and mine != theirs,
        'rng: parent and child do not read the same DRBG output',
        mine.hex())


def s_killed_waiter():
    """a process killed while blocked leaves the socket usable"""
    key, iv = os.urandom(16), os.urandom(16)
    _, o = opened('skcipher', 'cbc(aes)', key)
    pid = in_child(lambda: o.recv(16))
    time.sleep(0.3)
    os.kill(pid, signal.SIGKILL)
    reap(pid)
    pt = os.urandom(32)
    o.sendmsg_afalg([pt], op=ENC, iv=iv)
    ct = o.recv(32)
    chk(ct == cbc(key, iv, pt),
        'skcipher: usable after a blocked process was killed', ct.hex())


def s_killed_writer():
    """a process killed while its send waits for room leaves no
    concurrent-send EBUSY behind"""
    key, iv = os.urandom(16), os.urandom(16)
    _, o = opened('skcipher', 'cbc(aes)', key)
    big = os.urandom(512 * 1024)	# more than the TX budget
    pid = in_child(lambda: o.sendmsg_afalg([big], op=ENC, iv=iv))
    time.sleep(0.5)
    os.kill(pid, signal.SIGKILL)
    reap(pid)
    got = 0
    while True:
        try:
            n = len(o.recv(65536, socket.MSG_DONTWAIT))
        except BlockingIOError:
            break
        if not n:
            break
        got += n
    pt = os.urandom(32)
    e = 0
    try:
        o.sendmsg_afalg([pt], op=ENC, iv=iv)
    except OSError as x:
        e = x.errno
    ct = o.recv(32) if not e else b''
    chk(got > 0 and e == 0 and ct == cbc(key, iv, pt),
        'skcipher: sending works after a blocked sender was killed',
        'drained %d, errno %d' % (got, e))


def s_spawn():
    """posix_spawn() (vfork underneath) with sockets open changes nothing"""
    _, o = opened('hash', 'sha1')
    o.send(b'abc', socket.MSG_MORE)
    pid = os.posix_spawn('/bin/true', ['true'], dict(os.environ))
    rc = reap(pid)
    o.send(b'def')
    d = o.recv(20)
    chk(rc == 0 and d == hashlib.sha1(b'abcdef').digest(),
        'posix_spawn: the parent\'s update continues', d.hex())


class Interrupted(Exception):
    pass


def s_eintr():
    """no SA_RESTART: a signal ends a blocked recv (Python: EINTR runs the
    handler, whose exception the recv raises)"""
    def raise_it(*_):
        raise Interrupted()
    _, o = opened('skcipher', 'cbc(aes)', os.urandom(16))
    signal.signal(signal.SIGALRM, raise_it)
    signal.siginterrupt(signal.SIGALRM, True)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    got = 'returned'
    try:
        o.recv(16)
    except Interrupted:
        got = 'interrupted'
    chk(got == 'interrupted', 'signal without SA_RESTART ends a blocked recv',
        got)


def s_restart():
    """SA_RESTART: the recv goes on after the handler and returns the data
    another process sends later"""
    seen = []
    signal.signal(signal.SIGALRM, lambda *_: seen.append(1))
    signal.siginterrupt(signal.SIGALRM, False)
    key, iv = os.urandom(16), os.urandom(16)
    _, o = opened('skcipher', 'cbc(aes)', key)
    pt = os.urandom(16)

    def child():
        time.sleep(1.0)
        o.sendmsg_afalg([pt], op=ENC, iv=iv)
    pid = in_child(child)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    ct = o.recv(16)
    rc = reap(pid)
    chk(rc == 0 and seen and ct == cbc(key, iv, pt),
        'signal with SA_RESTART: the recv restarts and returns the data',
        'handler ran %d times, %s' % (len(seen), ct.hex()))


def s_scm_rights():
    """SCM_RIGHTS of an op socket moves it into a keeper: the received
    descriptor is the same socket, nothing logged; a tfm socket still
    passes the placeholder (D3): logged when it happens, and the
    receiver's use of it fails, never a silent answer"""
    log = os.environ['AFALG_SHIM_LOG']

    def d3():
        with open(log) as f:
            return len([ln for ln in f if '"divergence":"D3"' in ln])
    t, o = opened('hash', 'sha256')
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    socket.send_fds(a, [b'x'], [o.fileno()])
    _, fds, _, _ = socket.recv_fds(b, 1, 1)
    os.write(fds[0], b'abc')
    d = os.read(fds[0], 32)
    chk(d == hashlib.sha256(b'abc').digest(),
        'SCM_RIGHTS: the received op socket is the same socket', d.hex())
    chk(d3() == 0, 'SCM_RIGHTS: an op socket moved is not a divergence',
        '%d records' % d3())
    socket.send_fds(a, [b'x'], [t.fileno()])
    _, fds, _, _ = socket.recv_fds(b, 1, 1)
    chk(d3() == 1, 'SCM_RIGHTS: a tfm socket passed is one D3 record',
        '%d records' % d3())
    e = 0
    try:
        os.write(fds[0], b'abc')
    except OSError as x:
        e = x.errno
    chk(e != 0, 'SCM_RIGHTS: writing the received tfm placeholder fails',
        'it succeeded')


def s_epoll():
    """epoll watches the stand-in socket (D4): the first registration of an
    AF_ALG socket in a process is logged, a plain socket's is not, and the
    socket keeps working"""
    log = os.environ['AFALG_SHIM_LOG']

    def d4():
        with open(log) as f:
            return sum('"divergence":"D4"' in ln and
                       '"pid":%d,' % os.getpid() in ln for ln in f)
    ep = select.epoll()
    a, b = socket.socketpair()
    ep.register(a.fileno(), select.EPOLLIN)
    chk(d4() == 0, 'epoll: a plain socket is not logged', '%d' % d4())
    _, o = opened('hash', 'sha256')
    ep.register(o.fileno(), select.EPOLLIN)
    ep.modify(o.fileno(), select.EPOLLOUT)
    _, o2 = opened('hash', 'sha1')
    ep.register(o2.fileno(), select.EPOLLIN)
    chk(d4() == 1, 'epoll: an AF_ALG socket registered is logged once (D4)',
        '%d records' % d4())
    o.send(b'abc')
    got = o.recv(32)
    chk(got == hashlib.sha256(b'abc').digest(),
        'epoll: the registered socket still hashes', got.hex())


SCENARIOS = {
    'hash': s_hash, 'hmac-tfm': s_hmac_tfm, 'nokey': s_nokey,
    'skcipher-blocking': s_skcipher_block,
    'skcipher-nonblocking': s_skcipher_nonblock, 'aead': s_aead,
    'rng': s_rng, 'killed-waiter': s_killed_waiter,
    'killed-writer': s_killed_writer, 'posix-spawn': s_spawn,
    'eintr': s_eintr, 'sa-restart': s_restart, 'scm-rights': s_scm_rights,
    'epoll': s_epoll,
}


def main():
    log = tempfile.NamedTemporaryFile(prefix='shim-mp-', suffix='.log')
    run_tests(*scenario_tests(__file__, SCENARIOS, TIMEOUT,
                              {'AFALG_SHIM_LOG': log.name}))


if __name__ == '__main__':
    if is_child():
        run_scenario(SCENARIOS)
    else:
        main()
