# SPDX-License-Identifier: GPL-2.0
"""Every algorithm family the shim serves, through Python's AF_ALG socket API
(socket.AF_ALG, sendmsg_afalg) under the shim, against hashlib, hmac and
python3-cryptography; and NETLINK_CRYPTO CRYPTO_MSG_GETALG replies against
the sizes Linux 6.12 registers (crypto/*.c cra_* values, table below).

Per skcipher: one-shot encrypt/decrypt for every key size, IV chaining
across requests (cbc/ctr write the next IV back; rfc3686 and chacha20 do
not), a MSG_MORE stream read in chunk-sized pieces, wrong key and IV
lengths (EINVAL), a failed setkey re-arming NEED_KEY (ENOKEY), and a final
partial block (EINVAL for ecb/cbc).  Per MAC: keys, lengths, MSG_MORE
updates, truncated reads.  An algorithm the shim does not serve yet is
reported as a skip.

The checks run in a child preloaded with the shim (afalgpy.py prints them),
one function per concern: algs_skcipher.py, algs_aead.py, algs_hash.py,
and here the RNGs, algorithm names and NETLINK_CRYPTO.
"""
import errno
import socket
import struct

import algs_aead
import algs_hash
import algs_skcipher
from afalgpy import ENC, bind_errno, chk, err_of, opened, rb, served, \
    setkey_errno, tfm, unserved
from shimtest import child_checks, is_child, run_tests

# Linux 6.12 sizes (generic drivers), independent of the shim's own table
# and of catalogue/hashes.json on purpose (made from either, the check
# could not fail):
#   hash:     (blocksize, digestsize)
#   skcipher: (blocksize, min_keysize, max_keysize, ivsize)
#   aead:     (blocksize, maxauthsize, ivsize)
#   rng:      (seedsize,)
KERNEL_SIZES = {
    'hash': {
        'md4': (64, 16), 'md5': (64, 16), 'sha1': (64, 20),
        'sha224': (64, 28), 'sha256': (64, 32), 'sha384': (128, 48),
        'sha512': (128, 64), 'sha3-224': (144, 28), 'sha3-256': (136, 32),
        'sha3-384': (104, 48), 'sha3-512': (72, 64),
        'hmac(md5)': (64, 16), 'hmac(sha1)': (64, 20),
        'hmac(sha224)': (64, 28), 'hmac(sha256)': (64, 32),
        'hmac(sha384)': (128, 48), 'hmac(sha512)': (128, 64),
        'hmac(sha3-256)': (136, 32), 'hmac(sha3-512)': (72, 64),
        'cmac(aes)': (16, 16), 'xcbc(aes)': (16, 16),
        'cmac(des3_ede)': (8, 8), 'crc32c': (1, 4),
    },
    'skcipher': {
        'ecb(aes)': (16, 16, 32, 0), 'cbc(aes)': (16, 16, 32, 16),
        'ctr(aes)': (1, 16, 32, 16), 'xts(aes)': (16, 32, 64, 16),
        'rfc3686(ctr(aes))': (1, 20, 36, 8),
        'ecb(des)': (8, 8, 8, 0), 'cbc(des)': (8, 8, 8, 8),
        'ecb(des3_ede)': (8, 24, 24, 0), 'cbc(des3_ede)': (8, 24, 24, 8),
        'chacha20': (1, 32, 32, 16), 'xchacha20': (1, 32, 32, 32),
    },
    'aead': {
        'gcm(aes)': (1, 16, 12), 'ccm(aes)': (1, 16, 16),
        'rfc4106(gcm(aes))': (1, 16, 8), 'rfc4309(ccm(aes))': (1, 16, 8),
        'rfc7539(chacha20,poly1305)': (1, 16, 12),
        'rfc7539esp(chacha20,poly1305)': (1, 16, 8),
        'authenc(hmac(sha256),cbc(aes))': (16, 32, 16),
        'authenc(hmac(sha1),cbc(aes))': (16, 20, 16),
    },
    'rng': {
        'stdrng': (0,), 'drbg_nopr_hmac_sha256': (0,),
        'drbg_nopr_ctr_aes256': (0,),
    },
}


RNGS = ('stdrng', 'drbg_nopr_hmac_sha256', 'drbg_nopr_ctr_aes256',
        'drbg_pr_hmac_sha256', 'drbg_pr_ctr_aes256',
        'drbg_nopr_hmac_sha512', 'drbg_nopr_hmac_sha384')


def check_rng(name):
    """A DRBG seeded by ALG_SET_KEY, 128 bytes per read."""
    if unserved('rng', name):
        return
    t, o = opened('rng', name)
    e = err_of(lambda: o.recv(16))
    chk(e == errno.EINVAL, '%s: reading before seeding is EINVAL (not '
        'yet seeded)' % name, 'errno %d' % e)
    # rng children are never "nokey": seeding waits until none is left
    e = setkey_errno(t, rb(8))
    chk(e == errno.EBUSY, '%s: seeding with an op socket alive is EBUSY'
        % name, 'errno %d' % e)
    o.close()
    t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, b'' if 'pr_' in name
                 else rb(32))
    o, _ = t.accept()
    sizes = [len(o.recv(n)) for n in (1, 16, 127, 128, 129, 1000)]
    chk(sizes == [1, 16, 127, 128, 128, 128],
        '%s: reads return min(len, 128) bytes' % name, str(sizes))
    o2, _ = t.accept()
    data = b''.join(o.recv(128) if i % 2 else o2.recv(128)
                    for i in range(512))
    counts = [0] * 256
    for b in data:
        counts[b] += 1
    exp = len(data) / 256
    chi = sum((c - exp) ** 2 / exp for c in counts)
    blocks = {data[i:i + 16] for i in range(0, len(data), 16)}
    chk(150 < chi < 380 and len(blocks) == len(data) // 16,
        '%s: 64 KiB from two children of one DRBG: chi-square %.0f (df '
        '255), no repeated block' % (name, chi))
    e = err_of(lambda: o.sendall(b'x'))
    chk(e == errno.EOPNOTSUPP, '%s: send is EOPNOTSUPP (no CAVP)' % name,
        'errno %d' % e)
    o.close()
    o2.close()
    t.close()


def check_names():
    """Names as crypto_alloc_*() resolves them."""
    names_ok = [('skcipher', 'cbc(aes-generic)'), ('skcipher', 'cbc-aes-aesni'),
                ('skcipher', 'xts(ecb(aes-generic))'),
                ('aead', 'gcm_base(ctr(aes-generic),ghash-generic)'),
                ('aead', 'rfc4106(gcm_base(ctr(aes-aesni),ghash-clmulni))'),
                ('aead', 'ccm_base(ctr(aes-generic),cbcmac(aes-generic))'),
                ('aead', 'authenc(hmac(sha256-generic),cbc(aes-generic))'),
                ('hash', 'hmac(sha256-ni)'), ('hash', 'sha256-generic'),
                ('rng', 'drbg_nopr_hmac_sha256')]
    names_bad = [('hash', 'hmac(md4)'), ('skcipher', 'cbc(nosuchcipher)'),
                 ('hash', 'sha256)'), ('hash', 'hmac(sha256'),
                 ('skcipher', 'cbc(aes)x'), ('hash', ''), ('aead', 'gcm(des)'),
                 ('skcipher', 'sha256'), ('hash', 'cbc(aes)')]
    got_ok = [n for t, n in names_ok if not served(t, n)]
    got_bad = [n for t, n in names_bad if served(t, n)]
    chk(not got_ok, 'driver and template names bind (%d)' % len(names_ok),
        'ENOENT: %s' % got_ok)
    chk(not got_bad, 'unknown, malformed or wrong-type names fail bind '
        '(%d)' % len(names_bad), 'bound: %s' % got_bad)
    for typ, name, want in [('hash', 'cbc(aes)', errno.EINVAL),
                            ('skcipher', 'gcm(aes)', errno.EINVAL),
                            ('hash', 'hmac(hmac(sha256))', errno.EINVAL),
                            # crypto/xts.c names its instance xts(X) /
                            # xts(<driver of ecb(X)>): other spellings
                            # register it and then fail the lookup
                            ('skcipher', 'xts(ecb(aes))', errno.EEXIST),
                            ('skcipher', 'xts(aes-generic)', errno.EEXIST),
                            ('skcipher', 'xts(des3_ede)', errno.EINVAL),
                            ('skcipher', 'cbc(nosuchcipher)', errno.ENOENT),
                            ('hash', 'sha256)', errno.ENOENT)]:
        got = bind_errno(typ, name)
        chk(got == want, 'bind %s/%s is %s as in 6.12'
            % (typ, name, errno.errorcode[want]),
            'got %s' % errno.errorcode.get(got, got))


# x86 6.12 implementations that are asynchronous (/proc/crypto "async :
# yes"), which a kernel with mainline 7.2's "use software implementations
# only" refuses with ENOENT; the shim serves them on purpose
# (DIVERGENCES.md, "A kernel with 7.2's software-only binds").
ASYNC_X86 = (('skcipher', 'cbc-aes-aesni', 'cbc'),
             ('skcipher', 'ecb-aes-aesni', 'ecb'),
             ('skcipher', 'ctr-aes-aesni', 'ctr'),
             ('skcipher', 'xts-aes-aesni', 'xts'),
             ('aead', 'generic-gcm-aesni', 'gcm'))
KDO = 0x1000    # CRYPTO_ALG_KERN_DRIVER_ONLY


def check_async_drivers():
    """Driver names of asynchronous x86 implementations: served, with
    python3-cryptography's bytes; a driver-only request refused as 6.12."""
    from cryptography.hazmat.primitives.ciphers import (Cipher, algorithms,
                                                        modes)
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    data, iv, nonce, aad = rb(96), rb(16), rb(12), rb(20)
    for typ, name, mode in ASYNC_X86:
        key = rb(32)
        try:
            t = tfm(typ, name, key)
        except OSError as e:
            chk(False, 'asynchronous x86 driver %s is served' % name,
                'bind: errno %d' % e.errno)
            continue
        if typ == 'aead':
            t.setsockopt(socket.SOL_ALG, socket.ALG_SET_AEAD_AUTHSIZE,
                         None, 16)
        o = t.accept()[0]
        if typ == 'aead':
            o.sendmsg_afalg([aad + data], op=ENC, iv=nonce,
                            assoclen=len(aad))
            got = o.recv(len(aad) + len(data) + 16)
            want = aad + AESGCM(key).encrypt(nonce, data, aad)
        else:
            m = {'cbc': lambda: modes.CBC(iv), 'ecb': modes.ECB,
                 'ctr': lambda: modes.CTR(iv),
                 'xts': lambda: modes.XTS(iv)}[mode]()
            o.sendmsg_afalg([data], op=ENC, **({} if mode == 'ecb'
                                               else {'iv': iv}))
            got = o.recv(len(data))
            enc = Cipher(algorithms.AES(key), m).encryptor()
            want = enc.update(data) + enc.finalize()
        chk(got == want, 'asynchronous x86 driver %s is served with '
            'python3-cryptography\'s bytes' % name, got.hex()[:64])
        o.close()
        t.close()
    s = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    e = err_of(lambda: s.bind(('skcipher', 'cbc(aes)', KDO, KDO)))
    s.close()
    chk(e == errno.ENOENT, 'a CRYPTO_ALG_KERN_DRIVER_ONLY request in '
        'feat and mask is ENOENT (no driver-only implementation here)',
        'errno %d' % e)


def check_netlink():
    """NETLINK_CRYPTO: the sizes 6.12 reports."""
    nl = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 21)
    nl.bind((0, 0))
    seq = 1
    for typ, table in KERNEL_SIZES.items():
        for name, sizes in table.items():
            if not served(typ, name):
                continue
            # nlmsghdr + struct crypto_user_alg (208 bytes), NLM_F_REQUEST;
            # by cra_name, then by driver name as libkcapi retries
            for field in (0, 1):
                req = struct.pack('=IHHII', 16 + 208, 0x13, 1, seq, 0)
                nm = name.encode().ljust(64, b'\0')
                body = (nm + bytes(64) if field == 0 else bytes(64) + nm) + \
                    bytes(64) + struct.pack('=IIII', 0, 0, 0, 0)
                nl.send(req + body)
                rep = nl.recv(8192, socket.MSG_DONTWAIT)
                seq += 1
                ln, mtype = struct.unpack_from('=IH', rep)
                if mtype == 0x13:
                    break
            if mtype != 0x13:
                chk(False, 'netlink %s' % name, 'type %d' % mtype)
                continue
            off = 16 + 208
            attrs = {}
            while off + 4 <= ln:
                alen, atype = struct.unpack_from('=HH', rep, off)
                attrs[atype] = rep[off + 4:off + alen]
                off += (alen + 3) & ~3
            if typ == 'hash':
                a = attrs.get(3, b'')
                got = struct.unpack_from('=II', a, 64) if len(a) >= 72 \
                    else None
            elif typ == 'skcipher':
                a = attrs.get(4, b'')
                got = struct.unpack_from('=IIII', a, 128) if len(a) >= 144 \
                    else None
            elif typ == 'aead':
                a = attrs.get(5, b'')
                got = struct.unpack_from('=III', a, 128) if len(a) >= 140 \
                    else None
            else:
                a = attrs.get(7, b'')
                got = struct.unpack_from('=I', a, 64) if len(a) >= 68 \
                    else None
            chk(got == sizes, 'netlink %s %s: sizes %s as in 6.12' %
                (typ, name, sizes), 'got %s' % (got,))
    nl.close()


def child():
    for name in algs_skcipher.SKCIPHERS:
        algs_skcipher.check_skcipher(name, KERNEL_SIZES['skcipher'][name])
    for name in algs_aead.AEADS:
        algs_aead.check_aead(name)
    algs_aead.check_authenc()
    algs_aead.check_authencesn()
    for name in RNGS:
        check_rng(name)
    for name in algs_hash.MACS:
        algs_hash.check_mac(name)
    algs_skcipher.check_weak_des_keys()
    algs_hash.check_crc32c()
    algs_hash.check_md4()
    algs_hash.check_xcbc_kat()
    check_names()
    check_async_drivers()
    check_netlink()


if __name__ == '__main__':
    if is_child():
        child()
    else:
        run_tests(child_checks(__file__))
