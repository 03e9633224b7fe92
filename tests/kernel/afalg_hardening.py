# SPDX-License-Identifier: GPL-2.0
"""The AF_ALG hardening of mainline 7.2 in the guest (suite kernel, test
"hardening"), run as root at crypto.af_alg_restrict=0:

    python3 afalg_hardening.py

- no zero-copy for skcipher and aead (6.12.96 already has it): the same
  request sent with sendmsg(2), splice(2) from a pipe, sendfile(2) from a
  file and vmsplice(2)+splice(2) still works; it prints each result as hex
  and test_kernel.py compares them with python3-cryptography on the host.

Prints one JSON line per result.
"""
import ctypes
import json
import os
import socket

KEY = bytes(range(16))
IV = bytes(range(0x40, 0x50))
NONCE = bytes(range(0x80, 0x8c))
AAD = bytes(range(0xa0, 0xb0))
# Four pages and a half, a multiple of the AES block.
DATA = bytes((i * 7 + 3) & 0xff for i in range(4 * 4096 + 2048))


class Iovec(ctypes.Structure):
    _fields_ = [('base', ctypes.c_void_p), ('len', ctypes.c_size_t)]


LIBC = ctypes.CDLL(None, use_errno=True)


def vmsplice_all(wfd, data):
    buf = ctypes.create_string_buffer(data, len(data))
    iov = Iovec(ctypes.addressof(buf), len(data))
    n = LIBC.vmsplice(wfd, ctypes.byref(iov), 1, 0)
    if n != len(data):
        raise OSError(ctypes.get_errno(), 'vmsplice returned %d' % n)
    return buf          # keep the pages alive until spliced


def feed(op, payload, how, tmpdir):
    """Sends payload on op with method how; control message sent before."""
    if how == 'sendmsg':
        op.sendall(payload)
        return
    if how == 'sendfile':
        path = os.path.join(tmpdir, 'payload')
        with open(path, 'wb') as fp:
            fp.write(payload)
        with open(path, 'rb') as fp:
            off = 0
            while off < len(payload):
                off += os.sendfile(op.fileno(), fp.fileno(), off,
                                   len(payload) - off)
        return
    r, w = os.pipe()
    try:
        sent = 0
        keep = []
        while sent < len(payload):
            chunk = payload[sent:sent + 4096]
            if how == 'vmsplice':
                keep.append(vmsplice_all(w, chunk))
            else:
                os.write(w, chunk)
            # More to come: without SPLICE_F_MORE each chunk would end the
            # request (AF_ALG takes MSG_MORE from it).
            last = sent + len(chunk) == len(payload)
            n = 0
            while n < len(chunk):
                n += os.splice(r, op.fileno(), len(chunk) - n,
                               flags=0 if last else os.SPLICE_F_MORE)
            sent += len(chunk)
    finally:
        os.close(r)
        os.close(w)


def run(kind, how, tmpdir):
    t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    if kind == 'skcipher':
        t.bind(('skcipher', 'cbc(aes)'))
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, KEY)
        payload, iv, assoc, outlen = DATA, IV, None, len(DATA)
    else:
        t.bind(('aead', 'gcm(aes)'))
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, KEY)
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_AEAD_AUTHSIZE, None, 16)
        payload, iv, assoc = AAD + DATA, NONCE, len(AAD)
        outlen = len(AAD) + len(DATA) + 16
    op, _ = t.accept()
    kw = {'op': socket.ALG_OP_ENCRYPT, 'iv': iv, 'flags': socket.MSG_MORE}
    if assoc is not None:
        kw['assoclen'] = assoc
    op.sendmsg_afalg(**kw)
    feed(op, payload, how, tmpdir)
    out = b''
    while len(out) < outlen:
        chunk = op.recv(outlen - len(out))
        if not chunk:
            break
        out += chunk
    op.close()
    t.close()
    return out


def main():
    with open('/proc/sys/crypto/af_alg_restrict', 'w') as fp:
        fp.write('0\n')
    tmpdir = '/tmp'
    for kind in ('skcipher', 'aead'):
        for how in ('sendmsg', 'splice', 'sendfile', 'vmsplice'):
            try:
                res = run(kind, how, tmpdir).hex()
            except OSError as e:
                res = 'error %s' % e
            print(json.dumps({'zerocopy': kind, 'how': how, 'out': res}))


if __name__ == '__main__':
    main()
