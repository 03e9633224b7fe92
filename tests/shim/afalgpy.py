# SPDX-License-Identifier: GPL-2.0
"""The child side of test_algs.py: Python's own AF_ALG socket API
(socket.AF_ALG, sendmsg_afalg) in a process preloaded with the shim.

Each check is printed as one line, "PASS what", "FAIL what -- diagnostic"
or "SKIP what: reason", which the parent turns into TAP test points
(shimtest.forward_checks).
"""
import errno
import os
import random
import socket

R = random.Random(int.from_bytes(os.urandom(8), 'big'))
ENC, DEC = socket.ALG_OP_ENCRYPT, socket.ALG_OP_DECRYPT


def rb(n):
    """n random bytes."""
    return bytes(R.getrandbits(8) for _ in range(n))


def out(tag, msg):
    print('%s %s' % (tag, msg), flush=True)


def chk(c, msg, diag=''):
    out('PASS' if c else 'FAIL', msg + ('' if c else ' -- ' + diag))


def tfm(typ, name, key=None):
    """A bound transform socket, keyed when key is not None."""
    t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    t.bind((typ, name))
    if key is not None:
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    return t


def opened(typ, name, key=None):
    """(transform socket, op socket) for typ/name, keyed when key is not
    None."""
    t = tfm(typ, name, key)
    return t, t.accept()[0]


def served(typ, name):
    try:
        tfm(typ, name).close()
        return True
    except OSError as e:
        # ENOENT: no such algorithm; EINVAL: a template asked for on a
        # socket of another type (crypto_check_attr_type(), checked
        # against the 6.12 kernel by the conformance suite)
        if e.errno not in (errno.ENOENT, errno.EINVAL):
            raise
        return False


def unserved(typ, name):
    """True (and a SKIP line) when the shim does not serve typ/name yet."""
    if served(typ, name):
        return False
    out('SKIP', '%s: not served yet' % name)
    return True


def err_of(fn):
    """The errno fn() fails with, 0 when it succeeds."""
    try:
        fn()
        return 0
    except OSError as e:
        return e.errno


def bind_errno(typ, name):
    return err_of(lambda: tfm(typ, name).close())


def setkey_errno(t, key):
    return err_of(lambda: t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY,
                                       key))


def send(o, data, op=None, iv=None, flags=0):
    kw = {'flags': flags}
    if op is not None:
        kw['op'] = op
    if iv:
        kw['iv'] = iv
    return o.sendmsg_afalg([data] if data is not None else [], **kw)
