# SPDX-License-Identifier: GPL-2.0
"""The algorithms of issue 14 through Python's AF_ALG socket API under the
shim: Serpent, Twofish and Camellia in ecb/cbc/ctr/xts, adiantum(xchacha12
and xchacha20,aes), hctr2(aes), xctr(aes), xchacha12, ghash, polyval,
crc32, rfc4543(gcm(aes)) and every 6.12 DRBG.

Oracles, at test time: the Linux 6.12 crypto/testmgr.h vectors of each
name (testmgr.alg_test_descs lists them; tests/lib/testmgr.py parses the
header, computing nothing); on random data tests/lib's blockref (Serpent
and Twofish from GNU Nettle, Camellia from python3-cryptography, the modes
from their specifications) and lpref (XChaCha, Adiantum, XCTR, HCTR2),
python3-cryptography's AES-GCM with an empty plaintext for RFC 4543's
tag, zlib for crc32.  The kernel's rules, from the 6.12 sources named in
each check: key sizes, IV sizes, shortest requests, IV write-back (cbc and
ctr chain, xts/adiantum/hctr2/xctr do not), authsize and assoclen; names
(cra_name, the generic and x86 driver names); NETLINK_CRYPTO sizes.

As test_algs.py, the checks run in a child preloaded with the shim,
printing PASS/FAIL/SKIP lines.  Without the 6.12 tree the testmgr checks
are skips, never passes.
"""
import errno
import socket
import struct
import zlib

from afalgpy import DEC, ENC, bind_errno, chk, err_of, opened, out, rb, \
    setkey_errno, tfm
from shimtest import child_checks, is_child, run_tests

# name -> testmgr.h template (crypto/testmgr.c alg_test_descs[])
SK_VECTORS = {
    'ecb(serpent)': 'serpent_tv_template',
    'cbc(serpent)': 'serpent_cbc_tv_template',
    'ctr(serpent)': 'serpent_ctr_tv_template',
    'xts(serpent)': 'serpent_xts_tv_template',
    'ecb(twofish)': 'tf_tv_template',
    'cbc(twofish)': 'tf_cbc_tv_template',
    'ctr(twofish)': 'tf_ctr_tv_template',
    'xts(twofish)': 'tf_xts_tv_template',
    'ecb(camellia)': 'camellia_tv_template',
    'cbc(camellia)': 'camellia_cbc_tv_template',
    'ctr(camellia)': 'camellia_ctr_tv_template',
    'xts(camellia)': 'camellia_xts_tv_template',
    'adiantum(xchacha12,aes)': 'adiantum_xchacha12_aes_tv_template',
    'adiantum(xchacha20,aes)': 'adiantum_xchacha20_aes_tv_template',
    'hctr2(aes)': 'aes_hctr2_tv_template',
    'xctr(aes)': 'aes_xctr_tv_template',
    'xchacha12': 'xchacha12_tv_template',
}
HASH_VECTORS = {'ghash': 'ghash_tv_template',
                'polyval': 'polyval_tv_template',
                'crc32': 'crc32_tv_template'}

# Linux 6.12 sizes, from the generic drivers and templates:
#   skcipher (blocksize, min_keysize, max_keysize, ivsize)
#   hash (blocksize, digestsize); aead (blocksize, maxauthsize, ivsize)
SIZES = {
    'skcipher': {
        'ecb(serpent)': (16, 0, 32, 0), 'cbc(serpent)': (16, 0, 32, 16),
        'ctr(serpent)': (1, 0, 32, 16), 'xts(serpent)': (16, 0, 64, 16),
        'ecb(twofish)': (16, 16, 32, 0), 'cbc(twofish)': (16, 16, 32, 16),
        'ctr(twofish)': (1, 16, 32, 16), 'xts(twofish)': (16, 32, 64, 16),
        'ecb(camellia)': (16, 16, 32, 0), 'cbc(camellia)': (16, 16, 32, 16),
        'ctr(camellia)': (1, 16, 32, 16), 'xts(camellia)': (16, 32, 64, 16),
        'adiantum(xchacha12,aes)': (16, 32, 32, 32),
        'adiantum(xchacha20,aes)': (16, 32, 32, 32),
        'hctr2(aes)': (16, 16, 32, 32), 'xctr(aes)': (1, 16, 32, 16),
        'xchacha12': (1, 32, 32, 32),
    },
    'hash': {'ghash': (16, 16), 'polyval': (16, 16), 'crc32': (1, 4)},
    'aead': {'rfc4543(gcm(aes))': (1, 16, 8)},
}

DRBGS = ['drbg_%s_%s' % (pr, core) for pr in ('pr', 'nopr')
         for core in ('ctr_aes128', 'ctr_aes192', 'ctr_aes256', 'sha256',
                      'sha384', 'sha512')]


def crypt(name, key, iv, data, op):
    t, o = opened('skcipher', name, key)
    o.sendmsg_afalg([data], op=op, iv=iv)
    res = o.recv(len(data)) if data else b''
    o.close()
    t.close()
    return res


def vec_check(name, tmpl):
    """Every testmgr vector of @name, encrypt and decrypt; setkey_error
    entries must fail setkey the same way."""
    import testmgr
    try:
        vecs = testmgr.cipher_vectors(tmpl)
    except (LookupError, KeyError, ValueError) as e:
        out('SKIP', '%s: testmgr %s: %s' % (name, tmpl, e))
        return
    bad, n = [], 0
    for i, v in enumerate(vecs):
        iv = v.get('iv', b'')
        ivs = SIZES['skcipher'][name][3]
        iv = testmgr.with_nul(iv, ivs, 'iv') if ivs else b''
        if 'setkey_error' in v:
            t = tfm('skcipher', name)
            e = setkey_errno(t, v['key'])
            t.close()
            if e != -v['setkey_error']:
                bad.append((i, 'setkey errno %d' % e))
            n += 1
            continue
        try:
            c = crypt(name, v['key'], iv, v['ptext'], ENC)
            p = crypt(name, v['key'], iv, v['ctext'], DEC)
        except OSError as e:
            bad.append((i, 'errno %d' % e.errno))
            continue
        if c != v['ctext'] or p != v['ptext']:
            bad.append((i, len(v['ptext'])))
        n += 1
    chk(n and not bad, '%s: %d testmgr.h vectors (%s), encrypt and decrypt'
        % (name, n, tmpl), str(bad[:5]))


def hash_vec_check(name, tmpl):
    import testmgr
    try:
        vecs = testmgr.vectors(tmpl)
    except (LookupError, KeyError, ValueError) as e:
        out('SKIP', '%s: testmgr %s: %s' % (name, tmpl, e))
        return
    bad = []
    for i, v in enumerate(vecs):
        key = testmgr.with_nul(v.get('key', b''), v.get('ksize', 0), 'key')
        msg = testmgr.with_nul(v.get('plaintext', b''), v.get('psize', 0),
                               'msg')
        t = tfm('hash', name)
        if key or name != 'crc32':
            e = setkey_errno(t, key)
            if e or 'setkey_error' in v:
                if e != -v.get('setkey_error', 0):
                    bad.append((i, 'setkey errno %d' % e))
                t.close()
                continue
        o, _ = t.accept()
        # whole, then the same in two sends with MSG_MORE
        o.sendall(msg)
        d1 = o.recv(64)
        cut = len(msg) // 3
        o.send(msg[:cut], socket.MSG_MORE)
        o.send(msg[cut:])
        d2 = o.recv(64)
        if d1 != v['digest'] or d2 != v['digest']:
            bad.append((i, len(msg)))
        o.close()
        t.close()
    chk(vecs and not bad, '%s: %d testmgr.h vectors (%s), one send and '
        'split' % (name, len(vecs), tmpl), str(bad[:5]))


def model(name, key, iv, data, enc):
    """(output, socket IV after) from tests/lib's independent models:
    blockref (Serpent and Twofish from GNU Nettle, Camellia from python3-
    cryptography, the modes written from their specifications) and lpref
    (XChaCha, Adiantum, XCTR, HCTR2)."""
    import blockref
    import lpref
    mode, _, cipher = name[:-1].partition('(')
    if mode == 'ecb':
        return blockref.ecb(cipher, key, data, enc), iv
    if mode == 'cbc':
        return blockref.cbc(cipher, key, iv, data, enc)
    if mode == 'ctr':
        return blockref.ctr(cipher, key, iv, data)
    if mode == 'xts':
        return blockref.xts(cipher, key, iv, data, enc), iv
    if name.startswith('adiantum'):
        return lpref.adiantum(key, iv, data, enc,
                              12 if 'xchacha12' in name else 20), iv
    if name == 'hctr2(aes)':
        return lpref.hctr2(key, iv, data, enc), iv
    if name == 'xctr(aes)':
        return lpref.xctr(key, iv, data), iv
    return lpref.xchacha(key, iv, data, 12), iv


def model_check():
    """Every new skcipher against the models on random keys and data of
    several lengths, both directions; then the IV rule: a second request
    without an IV continues from the IV the model says the first left
    (cbc/ctr chain; the others keep it)."""
    bad = []
    for name, (bs, kmin, kmax, ivs) in SIZES['skcipher'].items():
        lens = (16, 64, 100, 4096) if bs == 1 or name[:3] in ('xts', 'adi',
                                                             'hct') \
            else (16, 64, 4096)
        for kl in sorted({max(kmin, 16), kmax}):
            key, iv = rb(kl), rb(ivs)
            t, o = opened('skcipher', name, key)
            for n in lens:
                data = rb(n)
                for enc in (True, False):
                    want, nxt = model(name, key, iv, data, enc)
                    if ivs:
                        o.sendmsg_afalg([data], op=ENC if enc else DEC, iv=iv)
                    else:
                        o.sendmsg_afalg([data], op=ENC if enc else DEC)
                    if o.recv(n) != want:
                        bad.append((name, kl, n, enc))
                    if not ivs:
                        continue
                    # the next request, without an IV, from the IV left
                    o.sendmsg_afalg([data], op=ENC if enc else DEC)
                    if o.recv(n) != model(name, key, nxt, data, enc)[0]:
                        bad.append((name, kl, n, enc, 'next iv'))
            o.close()
            t.close()
    chk(not bad, 'the %d new skciphers = tests/lib models (Nettle Serpent/'
        'Twofish, python3-cryptography Camellia/AES, XChaCha/Adiantum/HCTR2 '
        'from their papers), both directions, IV left as 6.12 leaves it'
        % len(SIZES['skcipher']), str(bad[:6]))


def sk_rules():
    """Key, IV and length errors as 6.12."""
    bad = []
    keys = {  # name -> (good lengths, bad lengths)
        'ecb(serpent)': ((0, 1, 16, 17, 31, 32), (33, 64)),
        'xts(serpent)': ((0, 32, 34, 64), (1, 33, 66)),
        'ecb(twofish)': ((16, 24, 32), (8, 15, 17, 20, 33)),
        'xts(twofish)': ((32, 48, 64), (16, 33, 34, 40, 66)),
        'cbc(camellia)': ((16, 24, 32), (8, 17, 20, 31, 33)),
        'xts(camellia)': ((32, 48, 64), (30, 33, 34, 40, 66)),
        'adiantum(xchacha12,aes)': ((32,), (16, 24, 31, 33)),
        'hctr2(aes)': ((16, 24, 32), (8, 20, 33)),
        'xchacha12': ((32,), (16, 31, 33)),
    }
    for name, (good, badl) in keys.items():
        t = tfm('skcipher', name)
        for kl in good:
            if setkey_errno(t, rb(kl)):
                bad.append((name, 'key', kl))
        for kl in badl:
            if setkey_errno(t, rb(kl)) != errno.EINVAL:
                bad.append((name, 'bad key', kl))
        t.close()
    # shortest requests: xts, adiantum, hctr2 need 16 bytes (even empty is
    # EINVAL); ecb/cbc refuse a partial block; ctr/xctr/xchacha take any
    for name, n, want in (('xts(twofish)', 15, errno.EINVAL),
                          ('xts(serpent)', 0, errno.EINVAL),
                          ('adiantum(xchacha12,aes)', 15, errno.EINVAL),
                          ('adiantum(xchacha20,aes)', 0, errno.EINVAL),
                          ('hctr2(aes)', 15, errno.EINVAL),
                          ('hctr2(aes)', 16, 0), ('adiantum(xchacha12,aes)',
                                                  17, 0),
                          ('cbc(serpent)', 20, errno.EINVAL),
                          ('ecb(camellia)', 15, errno.EINVAL),
                          ('ctr(twofish)', 1, 0), ('xctr(aes)', 3, 0),
                          ('xchacha12', 1, 0)):
        bs, kmin, kmax, ivs = SIZES['skcipher'][name]
        t, o = opened('skcipher', name, rb(kmax))
        if ivs:
            o.sendmsg_afalg([rb(n)], op=ENC, iv=rb(ivs))
        else:
            o.sendmsg_afalg([rb(n)], op=ENC)
        e = err_of(lambda: o.recv(max(n, 1)))
        if e != want:
            bad.append((name, 'len', n, e))
        o.close()
        t.close()
    # af_alg_sendmsg(): an IV of another length than ivsize is EINVAL
    # (what cryptsetup 2.6's 16-byte IV for hctr2(aes) meets)
    for name, ivl in (('hctr2(aes)', 16), ('adiantum(xchacha12,aes)', 16),
                      ('xts(camellia)', 8), ('xchacha12', 16)):
        t, o = opened('skcipher', name, rb(SIZES['skcipher'][name][2]))
        e = err_of(lambda: o.sendmsg_afalg([rb(32)], op=ENC, iv=rb(ivl)))
        if e != errno.EINVAL:
            bad.append((name, 'iv', ivl, e))
        o.close()
        t.close()
    chk(not bad, 'key sizes (serpent 0-32, twofish/camellia 16/24/32, xts '
        'twice and even, adiantum/xchacha12 32, hctr2 AES sizes), shortest '
        'requests and IV lengths are EINVAL as in 6.12', str(bad[:8]))


def hash_rules():
    bad = []
    for name, good, badl in (('ghash', 16, (0, 15, 17, 32)),
                             ('polyval', 16, (8, 15, 17)),
                             ('crc32', 4, (0, 3, 5, 8))):
        t = tfm('hash', name)
        for kl in badl:
            if setkey_errno(t, rb(kl)) != errno.EINVAL:
                bad.append((name, kl))
        if setkey_errno(t, rb(good)):
            bad.append((name, good))
        t.close()
    # ghash/polyval need a key (shash with setkey, no OPTIONAL_KEY): the
    # op socket of an unkeyed tfm fails with ENOKEY; crc32's key is optional
    for name, want in (('ghash', errno.ENOKEY), ('polyval', errno.ENOKEY),
                       ('crc32', 0)):
        t, o = opened('hash', name)
        e = err_of(lambda: (o.sendall(b'abc'), o.recv(16)))
        if e != want:
            bad.append((name, 'nokey', e))
        o.close()
        t.close()
    # crc32 with no key starts from 0 and does not invert:
    # crc32_le(0, m) = ~zlib.crc32(m, ~0)...; with key k: zlib relation
    msg = rb(1000)
    for key in (None, rb(4)):
        t, o = opened('hash', 'crc32', key)
        o.sendall(msg)
        got = o.recv(4)
        seed = 0 if key is None else struct.unpack('<I', key)[0]
        want = struct.pack('<I', zlib.crc32(msg, seed ^ 0xffffffff) ^
                           0xffffffff)
        if got != want:
            bad.append(('crc32', key))
        o.close()
        t.close()
    chk(not bad, 'ghash/polyval 16-byte keys required (ENOKEY without), '
        'crc32 optional 4-byte key, seed 0, no inversion (zlib)',
        str(bad[:8]))


def rfc4543():
    """rfc4543(gcm(aes)) vs AES-GCM with an empty plaintext (python3-
    cryptography) and the testmgr vectors; its rules."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    bad = []
    name = 'rfc4543(gcm(aes))'
    for kl in (16, 24, 32):
        key = rb(kl + 4)
        t, o = opened('aead', name, key)
        for n in (0, 1, 16, 333):
            for al in (16, 20):
                iv, pt = rb(8), rb(n)
                aad = rb(al - 8) + iv
                tag = AESGCM(key[:-4]).encrypt(key[-4:] + iv, b'', aad + pt)
                o.sendmsg_afalg([aad + pt], op=ENC, iv=iv, assoclen=al)
                got = o.recv(al + n + 16)
                if got != aad + pt + tag:
                    bad.append((kl, n, al, 'enc'))
                o.sendmsg_afalg([aad + pt + tag], op=DEC, iv=iv,
                                assoclen=al)
                if o.recv(al + n) != aad + pt:
                    bad.append((kl, n, al, 'dec'))
                forged = bytes([tag[0] ^ 1]) + tag[1:]
                o.sendmsg_afalg([aad + pt + forged], op=DEC, iv=iv,
                                assoclen=al)
                if err_of(lambda: o.recv(al + n)) != errno.EBADMSG:
                    bad.append((kl, n, al, 'forged'))
        # crypto_ipsec_check_assoclen(): 16 or 20 only
        o.sendmsg_afalg([rb(24)], op=ENC, iv=rb(8), assoclen=8)
        if err_of(lambda: o.recv(40)) != errno.EINVAL:
            bad.append((kl, 'assoclen 8'))
        o.close()
        t.close()
    t = tfm('aead', name)
    for a in (4, 8, 12, 15):
        if err_of(lambda: t.setsockopt(socket.SOL_ALG,
                                       socket.ALG_SET_AEAD_AUTHSIZE, None,
                                       a)) != errno.EINVAL:
            bad.append(('authsize', a))
    for kl in (3, 16, 21, 40):
        if setkey_errno(t, rb(kl)) != errno.EINVAL:
            bad.append(('key', kl))
    t.close()
    chk(not bad, '%s = AES-GCM tag over AAD||payload (python3-cryptography),'
        ' payload copied, forged tag EBADMSG, assoclen 16/20, authsize 16, '
        'keys 20/28/36' % name, str(bad[:6]))
    import testmgr
    try:
        vecs = testmgr.vectors('aes_gcm_rfc4543_tv_template')
    except (LookupError, KeyError, ValueError) as e:
        out('SKIP', '%s: testmgr vectors: %s' % (name, e))
        return
    bad = []
    for i, v in enumerate(vecs):
        key = testmgr.with_nul(v['key'], v['klen'], 'key')
        iv = testmgr.with_nul(v['iv'], 8, 'iv')
        ad = testmgr.with_nul(v.get('assoc', b''), v['alen'], 'assoc')
        pt = testmgr.with_nul(v.get('ptext', b''), v['plen'], 'ptext')
        ct = testmgr.with_nul(v['ctext'], v['clen'], 'ctext')
        t, o = opened('aead', name, key)
        if not v.get('novrfy'):
            o.sendmsg_afalg([ad + pt], op=ENC, iv=iv, assoclen=len(ad))
            if o.recv(len(ad) + len(ct)) != ad + ct:
                bad.append((i, 'enc'))
        o.sendmsg_afalg([ad + ct], op=DEC, iv=iv, assoclen=len(ad))
        e = err_of(lambda: o.recv(len(ad) + len(pt)))
        if e != (errno.EBADMSG if v.get('novrfy') else 0):
            bad.append((i, 'dec', e))
        o.close()
        t.close()
    chk(vecs and not bad, '%s: %d testmgr.h vectors '
        '(aes_gcm_rfc4543_tv_template)' % (name, len(vecs)), str(bad))


def drbgs():
    """Every 6.12 DRBG: seeded by ALG_SET_KEY, EINVAL before, 128 bytes a
    read at most, outputs that differ (crypto/drbg.c, algif_rng.c)."""
    bad = []
    for name in DRBGS:
        t, o = opened('rng', name)
        if err_of(lambda: o.recv(16)) != errno.EINVAL:
            bad.append((name, 'unseeded'))
        o.close()
        t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, rb(16))
        o, _ = t.accept()
        a, b = o.recv(200), o.recv(128)
        if len(a) != 128 or len(b) != 128 or a == b or \
                len(set(a)) < 64:
            bad.append((name, len(a), len(b)))
        o.close()
        t.close()
    chk(not bad, '%d DRBGs (Hash and CTR, pr and nopr) bind, refuse an '
        'unseeded read, then generate' % len(DRBGS), str(bad))
    e = bind_errno('rng', 'drbg_pr_sha1')
    chk(e == errno.ENOENT, 'drbg_pr_sha1 is ENOENT: 6.12 has no SHA-1 DRBG',
        'errno %d' % e)


def names():
    ok = [('skcipher', n) for n in (
        'ecb(serpent-generic)', 'cbc-serpent-avx2', 'xts(ecb(serpent-generic))',
        'xts(ecb-serpent-avx2)', 'xts(ecb-twofish-3way)', 'cbc-twofish-avx',
        'xts(ecb(camellia-generic))', 'ecb-camellia-aesni-avx2',
        'cbc(camellia-asm)', 'ctr(twofish-asm)',
        'adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic)',
        'adiantum(xchacha12-simd,aes-aesni,nhpoly1305-avx2)',
        'adiantum(xchacha20-simd,aes-aesni,nhpoly1305-sse2)',
        'hctr2_base(xctr(aes-generic),polyval-generic)',
        'hctr2_base(xctr-aes-aesni,polyval-clmulni)', 'xctr(aes-aesni)',
        'xchacha12-simd', 'xchacha12-generic')] + \
        [('hash', 'ghash-generic'), ('hash', 'polyval-clmulni'),
         ('hash', 'crc32-pclmul'), ('hash', 'crc32-generic'),
         ('aead', 'rfc4543(gcm_base(ctr(aes-generic),ghash-generic))'),
         ('aead', 'rfc4543(generic-gcm-aesni)')]
    got = [(t, n, bind_errno(t, n)) for t, n in ok]
    chk(all(e == 0 for _, _, e in got), 'generic and x86 driver names of '
        'the new algorithms bind (%d)' % len(ok),
        str([g for g in got if g[2]]))
    # crypto/xts.c: xts(X) and xts(ecb(<driver>)) only; a 16-byte cipher
    for name, want in (('xts(ecb(serpent))', errno.EEXIST),
                       ('xts(twofish-generic)', errno.EEXIST),
                       ('adiantum(xchacha8,aes)', errno.ENOENT)):
        e = bind_errno('skcipher', name)
        chk(e == want, 'bind skcipher/%s is %s as in 6.12' %
            (name, errno.errorcode[want]), 'got %s' % errno.errorcode.get(e, e))
    # instances 6.12 could build that the shim does not serve
    # (DIVERGENCES.md): ENOENT, as on a kernel without them
    for name in ('hctr2(serpent)', 'adiantum(xchacha12,camellia)',
                 'cbc(cast6)'):
        e = bind_errno('skcipher', name)
        chk(e == errno.ENOENT, 'bind skcipher/%s: not served, ENOENT' % name,
            'got %s' % errno.errorcode.get(e, e))


def netlink():
    """CRYPTO_MSG_GETALG by cra_name: the sizes 6.12 reports."""
    nl = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 21)
    nl.bind((0, 0))
    seq, bad = 1, []
    attr_of = {'hash': (3, 64, '=II'), 'skcipher': (4, 128, '=IIII'),
               'aead': (5, 128, '=III')}
    for typ, table in SIZES.items():
        for name, sizes in table.items():
            req = struct.pack('=IHHII', 16 + 208, 0x13, 1, seq, 0)
            body = name.encode().ljust(64, b'\0') + bytes(128) + \
                struct.pack('=IIII', 0, 0, 0, 0)
            nl.send(req + body)
            rep = nl.recv(8192)
            seq += 1
            ln, mtype = struct.unpack_from('=IH', rep)
            attrs, off = {}, 16 + 208
            while mtype == 0x13 and off + 4 <= ln:
                alen, atype = struct.unpack_from('=HH', rep, off)
                attrs[atype] = rep[off + 4:off + alen]
                off += (alen + 3) & ~3
            at, where, fmt = attr_of[typ]
            a = attrs.get(at, b'')
            got = struct.unpack_from(fmt, a, where) \
                if len(a) >= where + struct.calcsize(fmt) else None
            if got != sizes:
                bad.append((name, got, sizes))
    nl.close()
    chk(not bad, 'NETLINK_CRYPTO reports 6.12\'s blocksize/keysizes/ivsize/'
        'digestsize/maxauthsize for the %d new names' %
        sum(len(t) for t in SIZES.values()), str(bad[:5]))


def child():
    for name, tmpl in SK_VECTORS.items():
        vec_check(name, tmpl)
    for name, tmpl in HASH_VECTORS.items():
        hash_vec_check(name, tmpl)
    model_check()
    sk_rules()
    hash_rules()
    rfc4543()
    drbgs()
    names()
    netlink()


if __name__ == '__main__':
    if is_child():
        child()
    else:
        run_tests(child_checks(__file__))
