# SPDX-License-Identifier: GPL-2.0
"""The shim is not an attack surface (docs/security.md, issue 24).

Each scenario is one attack of issue 24, tried as a hostile local user or
an unlucky program would, in its own preloaded interpreter with a time
limit (a hang fails alone):

- a holder of another uid (setpriv) that receives a root program's op
  socket with SCM_RIGHTS, or inherits it across execve, finds nothing
  queued on it: no descriptor to peek, no memory file, no key bytes;
- a program that never uses AF_ALG receives, or inherits, a
  SOCK_SEQPACKET socket whose queued message carries a /dev/kmsg
  descriptor (or a memory file forged to look like the shim's region):
  the message, the descriptor and the record it reads are exactly what it
  gets without the shim, and it reaches main();
- a holder stopped (SIGSTOP) in the middle of a send on a socket shared by
  fork() does not make another holder's calls wait, blocking ones included
  (the socket moved into a keeper at fork()); on a socket fork() shares
  through a region (an update open) MSG_DONTWAIT and poll() do not wait;
- execve(), execl(), fork() and setuid() from a signal handler that
  interrupted dup()/close() of an AF_ALG descriptor do not deadlock
  (shim-sigprobe), and after setuid() the socket shared with a fork
  relative is let go of all the same;
- a forked child that drops root lets go of the region it shared with its
  parent, whose socket keeps working, and no byte of the key stays in its
  memory (shim-keyprobe scans it), also when fork() was called from a
  signal handler inside the shim's locks and the child got copies; an
  idle op socket moves into a keeper at fork(), so that a child holds it
  as the kernel's (before and after it drops root) and never has the key
  in its memory, credentials changed or not; a program the child execs
  inherits that socket;
- no half of the key is left in the vector registers (the register file
  a signal frame or fork() writes out) when setsockopt(ALG_SET_KEY),
  accept() or an operation on the op socket returns (shim-regprobe).

The expected answers are the kernel's rules and what the same program sees
without the shim (run natively beside it), hashlib for digests.
"""
import errno
import hashlib
import hmac
import json
import os
import select
import signal
import socket
import struct
import subprocess
import sys
import threading
import time

from afalgpy import chk, opened, out
from shimtest import is_child, run_scenario, run_tests, scenario_tests, \
    shim_env

TIMEOUT = 60
NOBODY = ['setpriv', '--reuid', '65534', '--regid', '65534',
          '--clear-groups']

# What a hostile holder does with a descriptor it got: peek the queued
# message for passed descriptors, read every descriptor it can find, and
# list the memory files in its table.  Prints one JSON line.
PROBE = r'''
import json, os, socket, sys
fd = int(sys.argv[1])
if sys.argv[2] == 'recv':
    carrier = socket.socket(fileno=fd)
    _, fds, _, _ = socket.recv_fds(carrier, 16, 8)
    fd = fds[0]
got, data = 0, b''
try:
    s = socket.socket(fileno=os.dup(fd))
    _, anc, _, _ = s.recvmsg(64, socket.CMSG_SPACE(64),
                             socket.MSG_PEEK | socket.MSG_DONTWAIT)
    for level, typ, d in anc:
        if level == socket.SOL_SOCKET and typ == socket.SCM_RIGHTS:
            for i in range(0, len(d) - len(d) % 4, 4):
                f = int.from_bytes(d[i:i + 4], sys.byteorder)
                got += 1
                try:
                    data += os.pread(f, 1 << 20, 0)
                except OSError:
                    pass
except OSError:
    pass
memfds = []
for n in os.listdir('/proc/self/fd'):
    try:
        if 'memfd' in os.readlink('/proc/self/fd/' + n):
            memfds.append(n)
    except OSError:
        pass
print(json.dumps({'peeked': got, 'memfds': memfds, 'data': data.hex()}))
'''


def is_root():
    return os.geteuid() == 0


def native_env():
    env = dict(os.environ)
    env.pop('LD_PRELOAD', None)
    return env


def probe_result(p, what):
    try:
        o, e = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        chk(False, what + ': the probe finished', 'hung')
        return None
    try:
        return json.loads(o.decode().strip().splitlines()[-1])
    except (ValueError, IndexError):
        chk(False, what + ': the probe ran', 'rc %d: %s' % (
            p.returncode, e.decode()[-400:]))
        return None


def check_nothing_leaked(res, key, what):
    if res is None:
        return
    chk(res['peeked'] == 0 and not res['memfds'],
        what + ': no descriptor queued on it, no memory file',
        'peeked %d descriptors, memfds %s' % (res['peeked'], res['memfds']))
    chk(key.hex() not in res['data'],
        what + ': the key is nowhere in what it could read',
        'the key is in %d bytes read' % (len(res['data']) // 2))


def keyed_op():
    """An AES-256 op socket with its key set: the key schedule begins with
    the key itself, so a holder that could read the state would find it."""
    key = os.urandom(32)
    _, o = opened('skcipher', 'cbc(aes)', key)
    return key, o


def s_scm_other_uid():
    """SCM_RIGHTS to a uid-65534 program, with and without the shim"""
    if not is_root():
        out('SKIP', 'scm_rights.other_uid_gets_nothing: needs root')
        return
    key, o = keyed_op()
    for env, how in ((native_env(), 'without the shim'),
                     (shim_env(), 'with the shim')):
        a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        p = subprocess.Popen(NOBODY + [sys.executable, '-c', PROBE,
                                       str(b.fileno()), 'recv'],
                             pass_fds=(b.fileno(),), env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        b.close()
        socket.send_fds(a, [b'x'], [o.fileno()])
        check_nothing_leaked(probe_result(p, 'scm_rights ' + how), key,
                             'scm_rights.other_uid_gets_nothing, receiver '
                             + how)
        a.close()
    # the root program's socket still works
    iv = os.urandom(16)
    o.sendmsg_afalg([b'\0' * 32], op=socket.ALG_OP_ENCRYPT, iv=iv)
    chk(len(o.recv(32)) == 32, 'scm_rights: the sender still uses its socket')


def s_exec_other_uid():
    """an op socket inherited across execve by a uid-65534 program"""
    if not is_root():
        out('SKIP', 'exec.other_uid_gets_nothing: needs root')
        return
    key, o = keyed_op()
    for env, how in ((native_env(), 'without the shim'),
                     (shim_env(), 'with the shim')):
        p = subprocess.Popen(NOBODY + [sys.executable, '-c', PROBE,
                                       str(o.fileno()), 'fd'],
                             pass_fds=(o.fileno(),), env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        check_nothing_leaked(probe_result(p, 'exec ' + how), key,
                             'exec.other_uid_gets_nothing, new program '
                             + how)


def carrier_with(fd):
    """A SOCK_SEQPACKET socket whose queued message carries @fd."""
    c1, c2 = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    socket.send_fds(c1, [b'hello'], [fd])
    return c1, c2


def forged_region():
    """A memory file laid out like the withdrawn design's region header:
    the magic, then garbage pointers and sizes."""
    f = os.memfd_create('afalg-shim')
    head = (0x316873676c616661).to_bytes(8, 'little') + b'\0' * 32
    head += (0x4141414141414000).to_bytes(8, 'little')   # "self"
    head += (1 << 45).to_bytes(8, 'little')              # "size"
    os.write(f, head + os.urandom(4096))
    return f


def first_record(fd):
    try:
        return os.read(fd, 8192)
    except BlockingIOError:
        return b''


def kmsg_pair():
    """Two fresh /dev/kmsg readers: both start at the same record."""
    fl = os.O_RDONLY | os.O_NONBLOCK
    return os.open('/dev/kmsg', fl), os.open('/dev/kmsg', fl)


def s_innocent_received():
    """a received SEQPACKET socket with a queued message is left alone"""
    if not os.access('/dev/kmsg', os.R_OK):
        out('SKIP', 'innocent.received_untouched: /dev/kmsg unreadable')
        return
    a, ref = kmsg_pair()
    forged = forged_region()
    for fd, what in ((a, 'a /dev/kmsg descriptor'),
                     (forged, 'a forged region')):
        c1, c2 = carrier_with(fd)
        p1, p2 = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        socket.send_fds(p1, [b'c'], [c2.fileno()])
        c2.close()
        _, fds, _, _ = socket.recv_fds(p2, 16, 4)
        got = socket.socket(fileno=fds[0])
        msg, fds2, _, _ = socket.recv_fds(got, 16, 4)
        chk(msg == b'hello' and len(fds2) == 1,
            'innocent.received_untouched: the queued message and %s '
            'arrive whole' % what, 'message %r, %d fds' % (msg, len(fds2)))
        if fd == a and fds2:
            mine, theirs = first_record(fds2[0]), first_record(ref)
            chk(mine == theirs, 'innocent.received_untouched: the first '
                'kernel log record is still the first one read',
                'read %r, a fresh reader %r' % (mine[:60], theirs[:60]))
        if fd == forged and fds2:
            st = os.fstat(fds2[0])
            chk(os.pread(fds2[0], 8, 0) == os.pread(forged, 8, 0) and
                st.st_size == os.fstat(forged).st_size,
                'innocent.received_untouched: the forged region is an '
                'ordinary file to the program', 'changed')
        for f in fds2:
            os.close(f)
        for s in (got, c1, p1, p2):
            s.close()


INHERIT = r'''
import os, socket, sys
print('main', flush=True)
c = socket.socket(fileno=int(sys.argv[1]))
msg, fds, _, _ = socket.recv_fds(c, 16, 4)
try:
    rec = os.read(fds[0], 8192)
except BlockingIOError:
    rec = b''
print(msg.decode(), len(fds), rec.hex(), flush=True)
'''


def s_innocent_inherited():
    """a program inheriting such a socket reaches main() and reads it"""
    if not os.access('/dev/kmsg', os.R_OK):
        out('SKIP', 'innocent.inherited_untouched: /dev/kmsg unreadable')
        return
    a, ref = kmsg_pair()
    c1, c2 = carrier_with(a)
    p = subprocess.run([sys.executable, '-c', INHERIT, str(c2.fileno())],
                       pass_fds=(c2.fileno(),), env=shim_env(),
                       capture_output=True, text=True, timeout=20)
    lines = p.stdout.splitlines()
    chk(lines[:1] == ['main'], 'innocent.inherited_untouched: the program '
        'reaches main()', 'stdout %r stderr %r' % (p.stdout, p.stderr[-300:]))
    want = 'hello 1 ' + first_record(ref).hex()
    chk(lines[1:2] == [want], 'innocent.inherited_untouched: its message, '
        'descriptor and first log record are untouched',
        'got %r, want %r' % (lines[1:2], want[:80]))


def waitstopped(pid):
    for _ in range(200):
        with open('/proc/%d/stat' % pid) as f:
            if f.read().rsplit(')', 1)[1].split()[0] in ('T', 't'):
                return True
        time.sleep(0.01)
    return False


def stop_inside_sends(pid, tries, call):
    """SIGSTOP child @pid (which sends in a loop) up to @tries times, and
    each time run call() while it is stopped: the longest call, and how
    many calls returned True."""
    slowest, hits = 0.0, 0
    for _ in range(tries):
        time.sleep(0.03)
        os.kill(pid, signal.SIGSTOP)
        waitstopped(pid)
        t0 = time.monotonic()
        hits += bool(call())
        slowest = max(slowest, time.monotonic() - t0)
        os.kill(pid, signal.SIGCONT)
    return slowest, hits


def forked_sender(o, big):
    """A child that sends @big on @o with MSG_MORE forever, running."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.write(w, b'.')
        while True:
            o.send(big, socket.MSG_MORE)
    os.read(r, 1)
    os.close(r)
    os.close(w)
    return pid


def s_stopped_holder():
    """a holder stopped inside a send on a socket fork() shared through a
    region (an update was open at the fork) does not make MSG_DONTWAIT or
    poll() wait"""
    _, o = opened('hash', 'sha256')
    o.send(b'a', socket.MSG_MORE)   # an update open: it cannot move
    pid = forked_sender(o, b'\xa5' * (32 << 20))

    def dontwait():
        e = False
        try:
            o.send(b'x', socket.MSG_DONTWAIT | socket.MSG_MORE)
        except BlockingIOError:
            e = True
        poll = select.poll()
        poll.register(o, select.POLLIN | select.POLLOUT)
        poll.poll(100)
        return e
    slowest, eagain = stop_inside_sends(pid, 20, dontwait)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    chk(slowest < 2.0, 'stopped_holder: MSG_DONTWAIT and poll(100 ms) '
        'return while another holder is stopped', 'took %.1f s' % slowest)
    chk(eagain > 0, 'stopped_holder.dontwait_eagain: EAGAIN while the '
        'stopped holder keeps the socket', 'never seen in 20 tries')


def s_stopped_holder_moved():
    """a holder stopped inside a send on an op socket that was idle at
    fork() (moved into a keeper) does not make the other holder's blocking
    send and recv wait; the socket still answers right (hmac)"""
    key = os.urandom(32)
    t, o = opened('hash', 'hmac(sha256)', key)
    t.close()
    pid = forked_sender(o, b'\xa5' * (1 << 20))

    def blocking():
        # in a thread: on a region-shared socket it waits for the stopped
        # holder's lock, which it gets only when the holder is killed
        th = threading.Thread(target=o.send, args=(b'x', socket.MSG_MORE))
        th.start()
        th.join(3)
        return not th.is_alive()
    slowest, done = stop_inside_sends(pid, 5, blocking)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    chk(done == 5, 'stopped_holder.moved_blocking_send: a blocking send '
        'completes while the other holder is stopped inside its sends',
        '%d/5 within 3 s (slowest %.1f s)' % (done, slowest))
    o.send(b'', 0)
    o.recv(32)                      # ends the update both made
    m = os.urandom(64)
    o.send(m)
    chk(o.recv(32) == hmac.new(key, m, hashlib.sha256).digest(),
        'stopped_holder.moved_digest: the socket answers right after')


def s_signal_probe(kind):
    exe = os.environ.get('SHIM_SIGPROBE')
    if not exe:
        out('SKIP', 'signal.%s_from_handler: shim-sigprobe not built' % kind)
        return
    rcs = []
    for _ in range(20):
        try:
            p = subprocess.run([exe, kind], env=shim_env(), timeout=20,
                               capture_output=True)
            rcs.append(p.returncode)
        except subprocess.TimeoutExpired:
            rcs.append('hang')
    chk(rcs == [0] * len(rcs), 'signal.%s_from_handler: %s() from a handler that '
        'interrupted dup()/close() of an AF_ALG fd completes' % (kind, kind),
        'results %r' % rcs)


def zero_maps():
    """Shared mappings that could be the shim's regions: anonymous shared
    memory, or the memory files of the withdrawn design."""
    with open('/proc/self/maps') as f:
        return sum(1 for l in f if '/dev/zero (deleted)' in l or
                   'memfd:afalg-shim' in l)


def s_setuid_child():
    """a forked child that drops root lets go of the shared region"""
    if not is_root():
        out('SKIP', 'cred.setuid_child_detaches: needs root')
        return
    _, o = opened('hash', 'sha256')
    o.send(b'a', socket.MSG_MORE)   # an update open: a region shares it
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        res = {'before': zero_maps()}
        os.setgid(65534)
        os.setuid(65534)
        res['after'] = zero_maps()
        try:
            o.send(b'abc')
            res['send'] = 'ok'
        except OSError as e:
            res['send'] = errno.errorcode.get(e.errno, str(e.errno))
        os.write(w, json.dumps(res).encode())
        os._exit(0)
    os.close(w)
    res = json.loads(os.read(r, 4096).decode())
    os.waitpid(pid, 0)
    chk(res['before'] > 0 and res['after'] < res['before'],
        'cred.setuid_child_detaches: the child maps no shared region '
        'after setuid()', repr(res))
    chk(res['send'] != 'ok', 'cred.setuid_child_detaches: its descriptor '
        'is the inert placeholder', repr(res))
    o.send(b'abc')
    chk(o.recv(32) == hashlib.sha256(b'aabc').digest(),
        'cred.setuid_child_detaches: the parent keeps its socket')


def s_setuid_child_moved():
    """an op socket idle at fork() moved into a keeper: the child that
    drops root still holds it, as it would hold the kernel's, and what it
    sends is part of the parent's digest (natively too)"""
    if not is_root():
        out('SKIP', 'cred.setuid_child_keeps_moved: needs root')
        return
    _, o = opened('hash', 'sha256')
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.setgid(65534)
        os.setuid(65534)
        try:
            o.send(b'abc', socket.MSG_MORE)
            res = 'ok'
        except OSError as e:
            res = errno.errorcode.get(e.errno, str(e.errno))
        os.write(w, res.encode())
        os._exit(0)
    os.close(w)
    res = os.read(r, 64).decode()
    os.waitpid(pid, 0)
    chk(res == 'ok', 'cred.setuid_child_keeps_moved: the child\'s send '
        'after setuid() works, as on the kernel\'s socket', res)
    o.send(b'def')
    chk(o.recv(32) == hashlib.sha256(b'abcdef').digest(),
        'cred.setuid_child_keeps_moved: one socket for both (sha256 of '
        'the child\'s bytes and the parent\'s)')


def keyprobe(exe, typ, name, key, msg, mode, state=None):
    """One run of shim-keyprobe (@mode: None, 'sigfork' or 'closetfm';
    @state: more key material to look for, closetfm only): its report as
    a dict."""
    notkey = bytes(~b & 0xff for b in key)
    args = [exe, typ, name, notkey.hex(), msg.hex()] + \
        ([mode] if mode else []) + \
        ([bytes(~b & 0xff for b in state).hex()] if state else [])
    try:
        p = subprocess.run(args, env=shim_env(), timeout=20,
                           capture_output=True, text=True)
    except subprocess.TimeoutExpired:
        return {'error': 'hang'}
    if p.returncode:
        return {'error': 'exit %d: %s' % (p.returncode, p.stderr[-200:])}
    return dict(kv.split('=', 1) for kv in p.stdout.split())


def s_key_after_setuid(sigfork):
    """a forked child that drops root finds no key bytes in its memory
    (A4): the socket fork() shared, and (sigfork) the copies a fork() from
    a signal handler inside the shim's locks leaves; the parent's socket
    keeps answering right (hmac, python3-cryptography)"""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, \
        modes
    name = 'cred.%s_child_has_no_key' % ('sigfork' if sigfork else 'fork')
    exe = os.environ.get('SHIM_KEYPROBE')
    if not exe or not is_root():
        out('SKIP', '%s: needs root and shim-keyprobe' % name)
        return
    for typ, alg in (('hash', 'hmac(sha256)'), ('skcipher', 'cbc(aes)')):
        key, msg = os.urandom(32), os.urandom(64)
        # a fork() from the handler may still fall outside the locks and
        # share: run until the child held copies (shared=0)
        for _ in range(60 if sigfork else 1):
            res = keyprobe(exe, typ, alg, key, msg,
                           'sigfork' if sigfork else None)
            if 'error' in res or not sigfork or res['shared'] == '0':
                break
        if sigfork and res.get('shared') != '0':
            out('SKIP', '%s (%s): no fork() fell inside a lock in 60 runs'
                % (name, alg))
            continue
        if typ == 'hash':
            want = hmac.new(key, msg, hashlib.sha256).hexdigest()
        else:
            enc = Cipher(algorithms.AES(key), modes.CBC(bytes(16))).encryptor()
            want = (enc.update(msg) + enc.finalize()).hex()
        # the control: the key is where the shim keeps it, so the scan can
        # find it; a fork copy (sigfork) holds it before the change too
        chk(res.get('parent_before') == '1' and
            (not sigfork or res.get('child_before') == '1'),
            '%s (%s): the scan finds the key where the shim holds it'
            % (name, alg), repr(res))
        chk(res.get('child_after') == '0', '%s (%s): no key bytes in the '
            'child after setresuid()' % (name, alg), repr(res))
        # copies are let go of (D1); an idle op socket moved into a keeper
        # at the fork, and the child holds it as it would the kernel's
        if sigfork:
            chk(res.get('child_send') == str(errno.ENOTCONN),
                '%s (%s): its descriptor is the inert placeholder (D1)'
                % (name, alg), repr(res))
        else:
            chk(res.get('child_send') == '0',
                '%s (%s): it still holds the socket moved at fork()'
                % (name, alg), repr(res))
        chk(res.get('out') == want, '%s (%s): the parent\'s socket answers '
            'right' % (name, alg), repr(res))


# The program a forked child execs: continues the update on the inherited
# hash socket (argv[1]) with argv[2] (hex), MSG_MORE; prints "ok" or errno.
FORK_EXEC_NEW = r"""
import socket, sys
o = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0,
                  fileno=int(sys.argv[1]))
try:
    o.sendall(bytes.fromhex(sys.argv[2]), socket.MSG_MORE)
    print('ok')
except OSError as e:
    print(e.errno)
"""


def s_fork_exec():
    """a socket idle at fork() (moved into a keeper) reaches the program
    the child execs as the one socket: what the new program sends is part
    of the parent's hmac; before, the region-shared socket reached it as
    the placeholder (D2)"""
    key = os.urandom(32)
    t, o = opened('hash', 'hmac(sha256)', key)
    t.close()
    p1, p2 = os.urandom(40), os.urandom(40)
    os.set_inheritable(o.fileno(), True)
    o.send(b'')                     # used once: an idle socket, no update
    o.recv(32)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.dup2(w, 1)
        os.execve(sys.executable, [sys.executable, '-c', FORK_EXEC_NEW,
                                   str(o.fileno()), p1.hex()], shim_env())
    os.close(w)
    got = os.read(r, 64).decode().strip()
    os.close(r)
    os.waitpid(pid, 0)
    chk(got == 'ok', 'fork_exec.new_program_sends: the program a forked '
        'child execs uses the inherited socket', got)
    o.send(p2)
    chk(o.recv(32) == hmac.new(key, p1 + p2, hashlib.sha256).digest(),
        'fork_exec.one_socket: the parent finishes the update the new '
        'program began (hmac)')


SHA256_K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]
SHA256_IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f,
             0x9b05688c, 0x1f83d9ab, 0x5be0cd19]


def sha256_block(h, block):
    """FIPS 180-4's SHA-256 compression of one 64-byte block into state
    @h (8 words): the new state.  hashlib has no way to give a midstate,
    which is what the shim keeps of an HMAC key."""
    def ror(x, n):
        return (x >> n | x << (32 - n)) & 0xffffffff
    w = list(struct.unpack('>16L', block))
    for i in range(16, 64):
        s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3)
        s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10)
        w.append((w[i - 16] + s0 + w[i - 7] + s1) & 0xffffffff)
    a, b, c, d, e, f, g, hh = h
    for i in range(64):
        t1 = (hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) +
              ((e & f) ^ (~e & g)) + SHA256_K[i] + w[i]) & 0xffffffff
        t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) +
              ((a & b) ^ (a & c) ^ (b & c))) & 0xffffffff
        a, b, c, d, e, f, g, hh = ((t1 + t2) & 0xffffffff, a, b, c,
                                   (d + t1) & 0xffffffff, e, f, g)
    return [(x + y) & 0xffffffff for x, y in zip(h, (a, b, c, d, e, f, g,
                                                      hh))]


def hmac_sha256_istate(key):
    """The inner padded-key state of hmac(sha256) for a key of at most 64
    bytes, as the shim's libkcrypto keeps it (u32 words, host order)."""
    pad = bytes(b ^ 0x36 for b in key.ljust(64, b'\0'))
    return struct.pack('=8L', *sha256_block(SHA256_IV, pad))


def s_key_after_fork():
    """the tfm socket closed, the op socket idle: it moves into a keeper
    at fork(), and the child has no byte of the key in its memory, before
    any credential change (shim-keyprobe closetfm); both keep using it
    (hmac, python3-cryptography)"""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, \
        modes
    exe = os.environ.get('SHIM_KEYPROBE')
    if not exe or not is_root():
        out('SKIP', 'fork.child_has_no_key: needs root and shim-keyprobe')
        return
    for typ, alg in (('hash', 'hmac(sha256)'), ('skcipher', 'cbc(aes)')):
        key, msg = os.urandom(32), os.urandom(64)
        state = hmac_sha256_istate(key) if typ == 'hash' else None
        res = keyprobe(exe, typ, alg, key, msg, 'closetfm', state)
        if typ == 'hash':
            want = hmac.new(key, msg, hashlib.sha256).hexdigest()
            # the shim keeps the padded-key states, not the key: the scan
            # looks for the inner one too, with the parent's as control
            chk(res.get('parent_state') == '1', 'fork.child_has_no_key '
                '(%s): the scan finds the inner padded-key state where the '
                'shim holds it' % alg, repr(res))
            chk(res.get('child_state') == '0', 'fork.child_has_no_key '
                '(%s): no inner padded-key state in the child' % alg,
                repr(res))
        else:
            enc = Cipher(algorithms.AES(key), modes.CBC(bytes(16))).encryptor()
            want = (enc.update(msg) + enc.finalize()).hex()
        chk(res.get('parent_before') == '1', 'fork.child_has_no_key (%s): '
            'the scan finds the key where the shim holds it' % alg, repr(res))
        chk(res.get('child_before') == '0' and res.get('child_after') == '0',
            'fork.child_has_no_key (%s): no key bytes in the child, before '
            'setresuid() too' % alg, repr(res))
        chk(res.get('shared') == '0', 'fork.child_has_no_key (%s): the '
            'child maps no shared region' % alg, repr(res))
        chk(res.get('child_send') == '0', 'fork.child_has_no_key (%s): the '
            'child holds the socket' % alg, repr(res))
        chk(res.get('out') == want, 'fork.child_has_no_key (%s): the '
            'parent\'s socket answers right' % alg, repr(res))


def s_regs_after_call():
    """no half of the key in the vector registers after a call returns:
    the kernel's copy_from_user() never puts it in the caller's"""
    exe = os.environ.get('SHIM_REGPROBE')
    if not exe:
        out('SKIP', 'regs.no_key: shim-regprobe not built')
        return
    for typ, alg in (('hash', 'hmac(sha256)'), ('skcipher', 'cbc(aes)'),
                     ('skcipher', 'xts(aes)')):
        key = os.urandom(32)
        notkey = bytes(~b & 0xff for b in key)
        p = subprocess.run([exe, typ, alg, notkey.hex()], env=shim_env(),
                           timeout=20, capture_output=True, text=True)
        if p.returncode == 77:
            out('SKIP', 'regs.no_key: not x86-64 with XSAVE')
            return
        res = dict(kv.split('=', 1) for kv in p.stdout.split()) \
            if p.returncode == 0 else {}
        chk(res.get('control') == '1', 'regs.no_key (%s): the scan finds '
            'a half of the key put in xmm1' % alg,
            'exit %d %r %s' % (p.returncode, res, p.stderr[-200:]))
        for call in ('setkey', 'accept', 'op'):
            chk(res.get(call) == '0', 'regs.no_key (%s): none in the '
                'registers after %s' % (alg, call), '%r' % res)

SCENARIOS = {
    'scm_other_uid': s_scm_other_uid,
    'exec_other_uid': s_exec_other_uid,
    'innocent_received': s_innocent_received,
    'innocent_inherited': s_innocent_inherited,
    'stopped_holder': s_stopped_holder,
    'stopped_holder_moved': s_stopped_holder_moved,
    'signal_exec': lambda: s_signal_probe('exec'),
    'signal_execl': lambda: s_signal_probe('execl'),
    'signal_fork': lambda: s_signal_probe('fork'),
    'signal_setuid': lambda: s_signal_probe('setuid'),
    'setuid_child': s_setuid_child,
    'setuid_child_moved': s_setuid_child_moved,
    'key_after_setuid': lambda: s_key_after_setuid(False),
    'key_after_setuid_sigfork': lambda: s_key_after_setuid(True),
    'key_after_fork': s_key_after_fork,
    'regs_after_call': s_regs_after_call,
    'fork_exec': s_fork_exec,
}


if __name__ == '__main__':
    if is_child():
        run_scenario(SCENARIOS)
    else:
        run_tests(*scenario_tests(__file__, SCENARIOS, TIMEOUT))
