# SPDX-License-Identifier: GPL-2.0
"""The AF_ALG hardening of mainline 7.2 in the guest (suite kernel, test
"hardening"), run as root at crypto.af_alg_restrict=0:

    python3 afalg_hardening.py

- no zero-copy for skcipher and aead (6.12.96 already has it): the same
  request sent with sendmsg(2), splice(2) from a pipe, sendfile(2) from a
  file and vmsplice(2)+splice(2) still works; it prints each result as hex
  and test_kernel.py compares them with python3-cryptography on the host;
- software implementations only (patch "use software implementations
  only"): every asynchronous implementation /proc/crypto lists is bound by
  its driver name (bind() must give ENOENT), the template names bind and
  encrypt (the bytes are printed for the host's oracle), /proc/crypto is
  read again to see which synchronous instances those binds made, and
  CRYPTO_ALG_KERN_DRIVER_ONLY is asked for in salg_feat and salg_mask.

Prints one JSON line per result.
"""
import ctypes
import errno
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


def read_and_close(t, op, outlen):
    """Reads outlen bytes (or up to end of data) from op, closes op and
    its transform socket t."""
    out = b''
    while len(out) < outlen:
        chunk = op.recv(outlen - len(out))
        if not chunk:
            break
        out += chunk
    op.close()
    t.close()
    return out


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
    return read_and_close(t, op, outlen)


# linux/crypto.h
CRYPTO_ALG_ASYNC = 0x80
CRYPTO_ALG_KERN_DRIVER_ONLY = 0x1000
XTS_KEY = bytes(range(0x20, 0x40))
SWONLY_DATA = DATA[:4096 + 32]
# The template names whose x86 implementations are asynchronous (aesni);
# each with its key.  gcm(aes) is an aead, the rest skciphers.
SWONLY_NAMES = (('skcipher', 'cbc(aes)', KEY), ('skcipher', 'ecb(aes)', KEY),
                ('skcipher', 'ctr(aes)', KEY), ('skcipher', 'xts(aes)', XTS_KEY),
                ('aead', 'gcm(aes)', KEY))
AFALG_TYPE = {'skcipher': 'skcipher', 'aead': 'aead', 'ahash': 'hash',
              'shash': 'hash'}


def proc_crypto():
    """/proc/crypto as a list of dicts, one per implementation."""
    ents, cur = [], {}
    with open('/proc/crypto') as fp:
        for line in fp:
            if not line.strip():
                if cur:
                    ents.append(cur)
                cur = {}
            elif ':' in line:
                k, v = line.split(':', 1)
                cur[k.strip()] = v.strip()
    if cur:
        ents.append(cur)
    return ents


def bind_errno(typ, name, feat=0, mask=0):
    """0 when bind() works, else its errno."""
    s = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    try:
        s.bind((typ, name, feat, mask))
        return 0
    except OSError as e:
        return e.errno
    finally:
        s.close()


def encrypt(typ, name, key, feat=0, mask=0):
    """Encrypts SWONLY_DATA (gcm: with AAD and a 16-byte tag) in one
    request on a socket bound with feat/mask; returns the hex output."""
    t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    t.bind((typ, name, feat, mask))
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    kw = {'op': socket.ALG_OP_ENCRYPT}
    data, outlen = SWONLY_DATA, len(SWONLY_DATA)
    if typ == 'aead':
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_AEAD_AUTHSIZE, None, 16)
        kw.update(iv=NONCE, assoclen=len(AAD))
        data, outlen = AAD + data, len(AAD) + len(data) + 16
    elif not name.startswith('ecb'):
        kw['iv'] = IV
    op, _ = t.accept()
    op.sendmsg_afalg([data], **kw)
    return read_and_close(t, op, outlen).hex()


def software_only():
    for e in proc_crypto():
        if e.get('async') == 'yes' and e.get('internal') != 'yes' and \
                e.get('type') in AFALG_TYPE:
            typ = AFALG_TYPE[e['type']]
            print(json.dumps({'swonly': 'async-driver', 'type': typ,
                              'driver': e['driver'], 'name': e['name'],
                              'bind': bind_errno(typ, e['driver'])}))
    for typ, name, key in SWONLY_NAMES:
        for feat, mask in ((0, 0), (CRYPTO_ALG_KERN_DRIVER_ONLY,
                                    CRYPTO_ALG_KERN_DRIVER_ONLY),
                           (0, CRYPTO_ALG_KERN_DRIVER_ONLY)):
            try:
                res = encrypt(typ, name, key, feat, mask)
            except OSError as e:
                res = 'errno %d' % e.errno
            print(json.dumps({'swonly': 'template', 'type': typ,
                              'name': name, 'feat': feat, 'mask': mask,
                              'out': res}))
    # What those binds instantiated: the synchronous implementations.
    for e in proc_crypto():
        if any(e.get('name') == n for _, n, _ in SWONLY_NAMES):
            print(json.dumps({'swonly': 'listed', 'name': e['name'],
                              'driver': e.get('driver'),
                              'type': e.get('type'),
                              'async': e.get('async')}))
    # Flags other than KERN_DRIVER_ONLY stay refused before any lookup.
    print(json.dumps({'swonly': 'feat-async', 'name': 'cbc(aes)',
                      'bind': bind_errno('skcipher', 'cbc(aes)',
                                         CRYPTO_ALG_ASYNC,
                                         CRYPTO_ALG_ASYNC)}))


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
    software_only()


# The host half (test_kernel.py hardening).  x86 drivers that must be
# listed as asynchronous, so that the check cannot pass on nothing.
ASYNC_X86 = ('cbc-aes-aesni', 'xts-aes-aesni', 'generic-gcm-aesni',
             'ghash-clmulni')


def oracle(typ, name, key):
    """python3-cryptography's output for encrypt(typ, name, key)."""
    from cryptography.hazmat.primitives.ciphers import (Cipher, algorithms,
                                                        modes)
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    if typ == 'aead':
        return (AAD + AESGCM(key).encrypt(NONCE, SWONLY_DATA, AAD)).hex()
    mode = {'cbc(aes)': lambda: modes.CBC(IV), 'ecb(aes)': modes.ECB,
            'ctr(aes)': lambda: modes.CTR(IV),
            'xts(aes)': lambda: modes.XTS(IV)}[name]()
    enc = Cipher(algorithms.AES(key), mode).encryptor()
    return (enc.update(SWONLY_DATA) + enc.finalize()).hex()


def check_async_reachable(tap, res):
    """TAP points for the software_only() lines of the guest, on a kernel
    without 7.2's software-only mask (left out of hardening/ on 6.12, see
    kernel-patches/README.md): the asynchronous x86 AES-NI drivers stay
    reachable from AF_ALG, by driver name and behind the template names,
    and give python3-cryptography's bytes."""
    sw = [r for r in res if 'swonly' in r]
    drivers = {r['driver']: r for r in sw if r['swonly'] == 'async-driver'}
    for d in ASYNC_X86:
        tap.ok(d in drivers, 'no mask: %s is listed in /proc/crypto as '
               'asynchronous' % d, sorted(drivers))
    for d in ASYNC_X86:
        r = drivers.get(d, {})
        tap.ok(r.get('bind') == 0, 'no mask: bind(%s, %s) of the '
               'asynchronous driver works' % (r.get('type'), d),
               'bind: %s' % r.get('bind'))
    for typ, name, key in SWONLY_NAMES:
        want = oracle(typ, name, key)
        got = [r['out'] for r in sw if r['swonly'] == 'template' and
               r['name'] == name and r['feat'] == 0 and r['mask'] == 0]
        tap.ok(got == [want], 'no mask: %s binds and gives the bytes of '
               'python3-cryptography' % name, [g[:64] for g in got])
    for name in ('cbc(aes)', 'xts(aes)', 'gcm(aes)'):
        impls = [r['driver'] for r in sw if r['swonly'] == 'listed' and
                 r['name'] == name and r['async'] == 'yes']
        tap.ok(len(impls) > 0, 'no mask: /proc/crypto lists an asynchronous '
               '%s (%s), the implementation the bind reaches'
               % (name, ', '.join(impls)))
    feat = [r['bind'] for r in sw if r['swonly'] == 'feat-async']
    tap.ok(feat == [errno.EINVAL], 'CRYPTO_ALG_ASYNC in salg_feat/salg_mask '
           'is EINVAL', feat)


if __name__ == '__main__':
    main()
