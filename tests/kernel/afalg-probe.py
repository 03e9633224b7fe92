# SPDX-License-Identifier: GPL-2.0
"""In the guest: which AF_ALG binds succeed at the current restrict level.

Prints PREFIX.NAME=ok or PREFIX.NAME=<errno name> for a socket alone and
for binds of hash hmac(sha256) and skcipher cbc(aes).
"""
import errno
import socket
import sys


def try_bind(typ, name):
    try:
        s = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))
    try:
        if typ:
            s.bind((typ, name))
        return 'ok'
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))
    finally:
        s.close()


prefix = sys.argv[1]
for key, typ, name in (('socket', None, None), ('hmac', 'hash', 'hmac(sha256)'),
                       ('cbc', 'skcipher', 'cbc(aes)')):
    print('%s.%s=%s' % (prefix, key, try_bind(typ, name)))
