# SPDX-License-Identifier: GPL-2.0
"""Python's own AF_ALG socket API (socket.AF_ALG, sendmsg_afalg) under the
shim: skcipher chacha20 and aead rfc7539(chacha20,poly1305) against
python3-cryptography, including the nokey ENOKEY rule, the AAD echo, a tag
failure (EBADMSG) and a transfer larger than the TX budget (two threads).
Runs as a child process with LD_PRELOAD so the interpreter's socket calls
go through the shim.
"""
import os

from shimtest import child_checks, is_child, run_tests


def child():
    import socket
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    def chk(c, m):
        print('%s %s' % ('PASS' if c else 'FAIL', m), flush=True)

    key=os.urandom(32); iv=os.urandom(16)
    t=socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    t.bind(('skcipher','chacha20'))
    o,_=t.accept()
    try:
        o.sendmsg_afalg([b'x'], op=socket.ALG_OP_ENCRYPT, iv=iv)
        chk(False,'nokey send must fail')
    except OSError as e: chk(e.errno==126,'ENOKEY %r'%e)
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    for n in (1,63,64,65,1000,300000):
        pt=os.urandom(n)
        o.sendmsg_afalg([pt], op=socket.ALG_OP_ENCRYPT, iv=iv) if n<200000 else None
        if n>=200000:
            # big: send in pieces with MSG_MORE... over budget would block; use 2 threads
            import threading
            def snd():
                o.sendmsg_afalg(op=socket.ALG_OP_ENCRYPT, iv=iv, flags=socket.MSG_MORE)
                o.sendall(pt)
            th=threading.Thread(target=snd); th.start()
            ct=b''
            while len(ct)<n:
                ct+=o.recv(n-len(ct))
            th.join()
            # chacha20 does not chain IV: each recv step restarts; kernel too. just check length
            chk(len(ct)==n,'big len')
            continue
        ct=o.recv(n)
        ref=Cipher(algorithms.ChaCha20(key,iv),None).encryptor().update(pt)
        chk(ct==ref,'chacha20 %d'%n)
    # AEAD rfc7539
    t=socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    t.bind(('aead','rfc7539(chacha20,poly1305)'))
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, key)
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_AEAD_AUTHSIZE, None, 16)
    o,_=t.accept()
    for alen,n in ((16,0),(0,100),(20,1000),(7,65),(1,1)):
        aad=os.urandom(alen); pt=os.urandom(n); nonce=os.urandom(12)
        o.sendmsg_afalg([aad+pt], op=socket.ALG_OP_ENCRYPT, iv=nonce, assoclen=alen)
        out=o.recv(alen+n+16)
        ref=ChaCha20Poly1305(key).encrypt(nonce,pt,aad)
        chk(out==aad+ref,'rfc7539 enc %d %d'%(alen,n))
        o.sendmsg_afalg([aad+ref], op=socket.ALG_OP_DECRYPT, iv=nonce, assoclen=alen)
        out=o.recv(alen+n)
        chk(out==aad+pt,'rfc7539 dec %d %d'%(alen,n))
        bad_ct=bytearray(ref); bad_ct[-1]^=1
        o.sendmsg_afalg([aad+bytes(bad_ct)], op=socket.ALG_OP_DECRYPT, iv=nonce, assoclen=alen)
        try:
            o.recv(alen+n); chk(False,'EBADMSG expected')
        except OSError as e: chk(e.errno==74,'EBADMSG %r'%e)


if __name__ == '__main__':
    if is_child():
        child()
    else:
        run_tests(child_checks(__file__, timeout=120))
