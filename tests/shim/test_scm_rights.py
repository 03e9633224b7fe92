# SPDX-License-Identifier: GPL-2.0
"""One AF_ALG socket across address spaces: SCM_RIGHTS and execve()
(issue 18 item 1; DIVERGENCES.md D2, D3).

Two programs under the shim, each a separately exec'ed interpreter (so the
shim is mapped at another address in each): the sender opens a socket,
starts a request, and passes the descriptor over an AF_UNIX socketpair;
the receiver continues it and reads the answer, as with the kernel's
AF_ALG, where a passed descriptor is the same socket.  Hash (sha256,
hmac(sha256) with the update begun by the sender), skcipher (cbc(aes),
key and IV set by the sender, the IV then chained in the receiver), aead
(gcm(aes)), cmac(aes) (a request holding a pointer to its key) and
cbc(camellia) (a key context naming its cipher), a tfm socket (the receiver accepts an op socket from it), a
hash begun before execve() and finished by the new program (os.execv(),
subprocess's vfork() and posix_spawn(), the parent closing its descriptor
while the new program starts), the sender closing its descriptors before the
receiver takes the passed one, a receiver
without the shim (the placeholder: its use fails, never an answer), a
receiver running another shim build and one of another user (both
refused and logged).  Answers come
from hashlib, hmac and python3-cryptography.

Each scenario runs with a time limit, so one that hangs fails alone.
"""
import hashlib
import hmac
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile

from afalgpy import chk
from shimtest import SHIM, run_scenarios, shim_env

ENC, DEC = 1, 0
TIMEOUT = 30
KEY = bytes(range(32))
IV = bytes(range(16, 32))


def alg_sock(fd):
    return socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0, fileno=fd)


def peer(role, env=None, user=None, python=sys.executable):
    """The receiving program, a new interpreter: (our end, process).  It
    receives only once it read a byte from the pipe behind GO (go())."""
    global GO
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    r, GO = os.pipe()
    p = subprocess.Popen([python, __file__, 'recv', role,
                          str(b.fileno()), str(r)], pass_fds=[b.fileno(), r],
                         env=env or os.environ.copy(), user=user,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    b.close()
    os.close(r)
    return a, p


def go():
    os.write(GO, b'g')


def op(typ, name, key=None):
    """(tfm socket, op socket), keyed when @key is given"""
    t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    t.bind((typ, name))
    if key:
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    return t, t.accept()[0]


def finish(p, what):
    go()
    out, err = p.communicate(timeout=TIMEOUT)
    sys.stdout.write(out)
    chk(p.returncode == 0, '%s: the receiver ran' % what, err.strip())


def received(conn):
    _, fds, _, _ = socket.recv_fds(conn, 1, 4)
    return fds[0]


def cbc(data, iv=IV):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, \
        modes
    return Cipher(algorithms.AES(KEY), modes.CBC(iv)).encryptor().update(
        data)


def gcm(iv, pt, aad):
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    return AESGCM(KEY).encrypt(iv, pt, aad)


# --- senders: the sockets are opened after the receiver started, so it is
# the sendmsg() that shares them, not the spawn

def s_hash():
    conn, p = peer('hash')
    t, o = op('hash', 'sha256')
    o.send(b'begun by the sender, ', socket.MSG_MORE)
    socket.send_fds(conn, [b'x'], [o.fileno()])
    # closed before the receiver takes it: the copy in flight keeps the
    # socket (and its tfm) alive, as the kernel's in-flight reference
    o.close()
    t.close()
    finish(p, 'sha256')


def s_spawn():
    """subprocess (vfork() and execve()) with the descriptor inherited"""
    t, o = op('hash', 'sha256')
    o.send(b'begun before exec, ', socket.MSG_MORE)
    p = subprocess.Popen([sys.executable, __file__, 'recv', 'exec',
                          str(o.fileno())], pass_fds=[o.fileno()],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    # closed while the new program starts: the child holds the socket
    o.close()
    t.close()
    out, err = p.communicate(timeout=TIMEOUT)
    sys.stdout.write(out)
    chk(p.returncode == 0, 'spawn: the new program ran', err.strip())


def passed(role, what, typ, name, key, begin):
    """an op socket of @typ/@name, its request begun by @begin(op),
    passed to a receiver in the @role"""
    conn, p = peer(role)
    t, o = op(typ, name, key)
    begin(o)
    socket.send_fds(conn, [b'x'], [o.fileno()])
    finish(p, what)


def begin_hash(o):
    o.send(b'begun by the sender, ', socket.MSG_MORE)


def begin_cbc(o):
    o.sendmsg_afalg([bytes(range(32))], op=ENC, iv=IV)


def begin_gcm(o):
    o.sendmsg_afalg([b'AAD!' + b'plaintext of gcm'], op=ENC, iv=IV[:12],
                    assoclen=4)


def s_hmac():
    passed('hmac', 'hmac(sha256)', 'hash', 'hmac(sha256)', KEY, begin_hash)


def s_skcipher():
    passed('skcipher', 'cbc(aes)', 'skcipher', 'cbc(aes)', KEY, begin_cbc)


def s_aead():
    passed('aead', 'gcm(aes)', 'aead', 'gcm(aes)', KEY, begin_gcm)


def s_cmac():
    """the request, opened before sharing, holds a pointer to the key"""
    passed('cmac', 'cmac(aes)', 'hash', 'cmac(aes)', KEY[:16], begin_hash)


def s_camellia():
    """the key context names its cipher (block128): an index, no pointer"""
    passed('camellia', 'cbc(camellia)', 'skcipher', 'cbc(camellia)', KEY,
           begin_cbc)


def s_tfm():
    conn, p = peer('tfm')
    t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    t.bind(('hash', 'hmac(sha256)'))
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, KEY)
    socket.send_fds(conn, [b'x'], [t.fileno()])
    finish(p, 'tfm socket')


def s_exec():
    t, o = op('hash', 'sha256')
    o.send(b'begun before exec, ', socket.MSG_MORE)
    os.set_inheritable(o.fileno(), True)
    sys.stdout.flush()
    os.execv(sys.executable, [sys.executable, __file__, 'recv', 'exec',
                              str(o.fileno())])


def s_posix_spawn():
    """posix_spawn() with the descriptor inherited, closed at once"""
    t, o = op('hash', 'sha256')
    o.send(b'begun before exec, ', socket.MSG_MORE)
    os.set_inheritable(o.fileno(), True)
    sys.stdout.flush()
    pid = os.posix_spawn(sys.executable, [sys.executable, __file__, 'recv',
                                          'exec', str(o.fileno())],
                         os.environ)
    o.close()
    t.close()
    _, st = os.waitpid(pid, 0)
    chk(os.waitstatus_to_exitcode(st) == 0,
        'posix_spawn: the new program ran')


def s_noshim():
    env = os.environ.copy()
    env.pop('LD_PRELOAD', None)
    conn, p = peer('noshim', env)
    t, o = op('hash', 'sha256')
    socket.send_fds(conn, [b'x'], [o.fileno()])
    finish(p, 'receiver without the shim')
    # the sender's socket is unchanged
    o.send(b'abc')
    chk(o.recv(32) == hashlib.sha256(b'abc').digest(),
        'receiver without the shim: the sender\'s socket still works')


def s_otherbuild():
    d = tempfile.mkdtemp(prefix='shim-build-')
    other = os.path.join(d, 'libafalg-shim.so')
    shutil.copy(SHIM, other)
    # another build: the same code with another GNU build-id
    note = subprocess.run(['readelf', '-n', other], capture_output=True,
                          text=True).stdout
    bid = bytes.fromhex(note.split('Build ID:')[1].split()[0])
    data = open(other, 'rb').read()
    chk(data.count(bid) == 1, 'other build: the build-id found once')
    data = data.replace(bid, bytes([bid[0] ^ 1]) + bid[1:])
    open(other, 'wb').write(data)
    env = os.environ.copy()
    env['LD_PRELOAD'] = env['LD_PRELOAD'].replace(SHIM, other)
    conn, p = peer('otherbuild', env)
    t, o = op('hash', 'sha256')
    socket.send_fds(conn, [b'x'], [o.fileno()])
    finish(p, 'another shim build')
    shutil.rmtree(d)
    with open(os.environ['AFALG_SHIM_LOG']) as f:
        recs = [ln for ln in f if 'another shim build' in ln]
    chk(len(recs) == 1, 'another shim build: the refusal is logged',
        '%d records' % len(recs))


def s_otheruser():
    """a receiver of another user never maps the sender's region: its
    pointers are trusted only from a process that could write ours"""
    if os.geteuid() != 0:
        chk(True, 'another user: SKIP (needs root to run as nobody)')
        return
    d = tempfile.mkdtemp(prefix='shim-user-')
    os.chmod(d, 0o755)
    log = os.path.join(d, 'log')
    open(log, 'w').close()
    os.chmod(log, 0o666)
    env = os.environ.copy()
    env['AFALG_SHIM_LOG'] = log
    conn, p = peer('otheruser', env, user='nobody', python='/usr/bin/python3')
    t, o = op('hash', 'sha256')
    socket.send_fds(conn, [b'x'], [o.fileno()])
    finish(p, 'another user')
    with open(log) as f:
        recs = [ln for ln in f if 'socket of another user' in ln]
    shutil.rmtree(d)
    chk(len(recs) == 1, 'another user: the refusal is logged',
        '%d records' % len(recs))


# --- receivers

def r_hash(conn):
    o = alg_sock(received(conn))
    o.send(b'finished by the receiver')
    want = hashlib.sha256(b'begun by the sender, finished by the receiver')
    got = o.recv(32)
    chk(got == want.digest(), 'sha256: one update across two programs',
        got.hex())


def r_hmac(conn):
    o = alg_sock(received(conn))
    o.send(b'finished by the receiver')
    want = hmac.new(KEY, b'begun by the sender, finished by the receiver',
                    'sha256').digest()
    got = o.recv(32)
    chk(got == want, 'hmac(sha256): one update across two programs',
        got.hex())


def r_skcipher(conn):
    o = alg_sock(received(conn))
    pt = bytes(range(32))
    got = o.recv(32)
    chk(got == cbc(pt), 'cbc(aes): the sender\'s data, key and IV',
        got.hex())
    # the IV chained in the shared socket: the next request goes on
    o.sendmsg_afalg([pt], op=ENC)
    got2 = o.recv(32)
    chk(got2 == cbc(pt + pt)[32:], 'cbc(aes): the IV chains on',
        got2.hex())


def r_aead(conn):
    o = alg_sock(received(conn))
    got = o.recv(4 + 16 + 16)
    want = gcm(IV[:12], b'plaintext of gcm', b'AAD!')
    chk(got == b'AAD!' + want, 'gcm(aes): the sender\'s request',
        got.hex())


def r_cmac(conn):
    from cryptography.hazmat.primitives.ciphers import algorithms
    from cryptography.hazmat.primitives.cmac import CMAC
    o = alg_sock(received(conn))
    o.send(b'finished by the receiver')
    c = CMAC(algorithms.AES(KEY[:16]))
    c.update(b'begun by the sender, finished by the receiver')
    got = o.recv(16)
    chk(got == c.finalize(), 'cmac(aes): one update across two programs',
        got.hex())


def r_camellia(conn):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, \
        modes
    o = alg_sock(received(conn))
    got = o.recv(32)
    want = Cipher(algorithms.Camellia(KEY), modes.CBC(IV)).encryptor(
        ).update(bytes(range(32)))
    chk(got == want, 'cbc(camellia): the sender\'s request', got.hex())


def r_tfm(conn):
    t = alg_sock(received(conn))
    o, _ = t.accept()
    o.send(b'keyed by the sender')
    got = o.recv(32)
    want = hmac.new(KEY, b'keyed by the sender', 'sha256').digest()
    chk(got == want, 'tfm socket: an op socket accepted from it',
        got.hex())


def r_exec(fd):
    o = alg_sock(fd)
    o.send(b'finished after exec')
    got = o.recv(32)
    want = hashlib.sha256(b'begun before exec, finished after exec')
    chk(got == want.digest(), 'exec: the update goes on in the new program',
        got.hex())


def r_noshim(conn):
    fd = received(conn)
    # the placeholder, not an AF_ALG socket: writing fails (EPIPE, no
    # SIGPIPE for send(MSG_NOSIGNAL)), reading gives no digest
    chk(write_errno(fd) != 0, 'receiver without the shim: writing fails',
        'succeeded')
    os.set_blocking(fd, False)
    data = b''
    try:
        data = os.read(fd, 32)
        data += os.read(fd, 32)
    except OSError:
        pass
    chk(len(data) != 32, 'receiver without the shim: no digest is read',
        data.hex())


def write_errno(fd):
    """the errno writing to @fd fails with, 0 when it succeeds"""
    try:
        os.write(fd, b'abc')
    except OSError as x:
        return x.errno
    return 0


def r_otherbuild(conn):
    chk(write_errno(received(conn)) != 0,
        'another shim build: the descriptor is not used as ours',
        'writing succeeded')


def r_otheruser(conn):
    chk(write_errno(received(conn)) != 0,
        'another user: the descriptor is not used as ours',
        'writing succeeded')


SENDERS = {
    'sha256': s_hash, 'hmac': s_hmac, 'skcipher': s_skcipher,
    'aead': s_aead, 'cmac': s_cmac, 'camellia': s_camellia, 'tfm': s_tfm,
    'exec': s_exec, 'spawn': s_spawn, 'posix-spawn': s_posix_spawn,
    'noshim': s_noshim, 'otherbuild': s_otherbuild,
    'otheruser': s_otheruser,
}
RECEIVERS = {
    'hash': r_hash, 'hmac': r_hmac, 'skcipher': r_skcipher, 'aead': r_aead,
    'cmac': r_cmac, 'camellia': r_camellia,
    'tfm': r_tfm, 'noshim': r_noshim, 'otherbuild': r_otherbuild,
    'otheruser': r_otheruser,
}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == 'recv':
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        if sys.argv[2] == 'exec':
            r_exec(int(sys.argv[3]))
        else:
            os.read(int(sys.argv[4]), 1)	# the sender's go()
            RECEIVERS[sys.argv[2]](socket.socket(fileno=int(sys.argv[3])))
        return
    if len(sys.argv) > 1:
        SENDERS[sys.argv[1]]()
        return
    log = tempfile.NamedTemporaryFile(prefix='shim-scm-', suffix='.log')
    run_scenarios(__file__, SENDERS, shim_env({'AFALG_SHIM_LOG': log.name}),
                  TIMEOUT)

main()
