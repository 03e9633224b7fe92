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
  fork() does not make MSG_DONTWAIT or poll() wait;
- execve(), execl(), fork() and setuid() from a signal handler that
  interrupted dup()/close() of an AF_ALG descriptor do not deadlock
  (shim-sigprobe), and after setuid() the socket shared with a fork
  relative is let go of all the same;
- a forked child that drops root lets go of the region it shared with its
  parent, whose socket keeps working, and no byte of the key stays in its
  memory (shim-keyprobe scans it), also when fork() was called from a
  signal handler inside the shim's locks and the child got copies.

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
import subprocess
import sys
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


def s_stopped_holder():
    """a holder stopped inside a send does not make others wait"""
    _, o = opened('hash', 'sha256')
    r, w = os.pipe()
    big = b'\xa5' * (32 << 20)
    pid = os.fork()
    if pid == 0:
        os.write(w, b'.')
        while True:
            o.send(big, socket.MSG_MORE)
    os.read(r, 1)
    eagain, slowest, tries = 0, 0.0, 0
    for tries in range(1, 21):
        time.sleep(0.03)
        os.kill(pid, signal.SIGSTOP)
        waitstopped(pid)
        t0 = time.monotonic()
        try:
            o.send(b'x', socket.MSG_DONTWAIT | socket.MSG_MORE)
        except BlockingIOError:
            eagain += 1
        poll = select.poll()
        poll.register(o, select.POLLIN | select.POLLOUT)
        poll.poll(100)
        slowest = max(slowest, time.monotonic() - t0)
        os.kill(pid, signal.SIGCONT)
        if eagain:
            break
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    chk(slowest < 2.0, 'stopped_holder: MSG_DONTWAIT and poll(100 ms) '
        'return while another holder is stopped', 'took %.1f s' % slowest)
    chk(eagain > 0, 'stopped_holder.dontwait_eagain: EAGAIN while the '
        'stopped holder keeps the socket', 'never seen in %d tries' % tries)


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
    chk(o.recv(32) == hashlib.sha256(b'abc').digest(),
        'cred.setuid_child_detaches: the parent keeps its socket')


def keyprobe(exe, typ, name, key, msg, sigfork):
    """One run of shim-keyprobe: its report as a dict, or None."""
    notkey = bytes(~b & 0xff for b in key)
    args = [exe, typ, name, notkey.hex(), msg.hex()] + \
        (['sigfork'] if sigfork else [])
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
            res = keyprobe(exe, typ, alg, key, msg, sigfork)
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
        chk(res.get('child_send') == str(errno.ENOTCONN),
            '%s (%s): its descriptor is the inert placeholder (D1)'
            % (name, alg), repr(res))
        chk(res.get('out') == want, '%s (%s): the parent\'s socket answers '
            'right' % (name, alg), repr(res))


SCENARIOS = {
    'scm_other_uid': s_scm_other_uid,
    'exec_other_uid': s_exec_other_uid,
    'innocent_received': s_innocent_received,
    'innocent_inherited': s_innocent_inherited,
    'stopped_holder': s_stopped_holder,
    'signal_exec': lambda: s_signal_probe('exec'),
    'signal_execl': lambda: s_signal_probe('execl'),
    'signal_fork': lambda: s_signal_probe('fork'),
    'signal_setuid': lambda: s_signal_probe('setuid'),
    'setuid_child': s_setuid_child,
    'key_after_setuid': lambda: s_key_after_setuid(False),
    'key_after_setuid_sigfork': lambda: s_key_after_setuid(True),
}


if __name__ == '__main__':
    if is_child():
        run_scenario(SCENARIOS)
    else:
        run_tests(*scenario_tests(__file__, SCENARIOS, TIMEOUT))
