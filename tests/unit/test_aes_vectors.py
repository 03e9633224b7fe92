#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Published vectors for AES, ECB, CBC, CTR and CMAC.

* Wycheproof aes_cmac_test.json: every test (one TAP point each).  Valid:
  the MAC matches; invalid: the key is refused with -EINVAL, or the
  computed MAC differs from the (modified) tag.
* Wycheproof aes_cbc_pkcs5_test.json: every test.  PKCS#7 padding is the
  caller's job in the kernel API, so this driver pads before raw CBC
  encryption and checks the padding after raw CBC decryption; invalid
  tests must fail that check (or have a ciphertext that is no whole number
  of blocks, which the CBC API cannot be handed).
* ACVP AES-ECB, AES-CBC (AFT and the Monte Carlo test) and AES-CTR (AFT;
  bit-oriented payloads are skips).  One TAP point per test group.
"""

import functools

from kctest import OracleError, load_vectors, path_name, run_tests

EINVAL = 22


def wy(name):
    return load_vectors('wycheproof', 'testvectors_v1', name)


def acvp(name):
    return load_vectors('acvp', name, 'internalProjection.json')


def h(s):
    return bytes.fromhex(s)


def wycheproof_cmac(tap, o):
    j = wy('aes_cmac_test.json')
    reqs, meta = [], []
    for g in j['testGroups']:
        for t in g['tests']:
            reqs.append(('aes_cmac', h(t['key']), h(t['msg'])))
            meta.append((g, t))
    got = o.many(reqs)
    for (g, t), res in zip(meta, got):
        desc = 'wycheproof aes_cmac tcId %d (%s, key %d bits) [%s]' % (
            t['tcId'], t['result'], g['keySize'], path_name())
        tag = h(t['tag'])
        if isinstance(res, OracleError):
            ok = t['result'] == 'invalid' and res.errno == EINVAL and \
                'InvalidKeySize' in t['flags']
            tap.ok(ok, desc, diag='errno %d' % res.errno)
            continue
        mac = res[0][:g['tagSize'] // 8]
        if t['result'] == 'valid':
            tap.ok(mac == tag, desc, diag='got %s want %s' % (mac.hex(), t['tag']))
        else:
            tap.ok(mac != tag and 'InvalidKeySize' not in t['flags'], desc,
                   diag='invalid test accepted')


def pkcs7_pad(m):
    n = 16 - len(m) % 16
    return m + bytes([n]) * n


def pkcs7_unpad(p):
    """Strict PKCS#7 check; None when the padding is bad."""
    if not p or len(p) % 16:
        return None
    n = p[-1]
    if n < 1 or n > 16 or p[-n:] != bytes([n]) * n:
        return None
    return p[:-n]


def wycheproof_cbc(tap, o):
    j = wy('aes_cbc_pkcs5_test.json')
    for g in j['testGroups']:
        for t in g['tests']:
            key, iv, msg, ct = h(t['key']), h(t['iv']), h(t['msg']), h(t['ct'])
            desc = 'wycheproof aes_cbc_pkcs5 tcId %d (%s, %s) [%s]' % (
                t['tcId'], t['result'], ','.join(t['flags']), path_name())
            if t['result'] == 'valid':
                e = o.call('aes_cbc', 'enc', 'enc', key, iv, 0, 0, pkcs7_pad(msg))
                d = o.call('aes_cbc', 'dec', 'full', key, iv, 0, 0, ct)
                tap.ok(e[0] == ct and pkcs7_unpad(d[0]) == msg, desc,
                       diag='enc %s dec %s' % (e[0].hex(), d[0].hex()))
            elif len(ct) % 16 or not ct:
                tap.ok(True, desc + ' - ciphertext is not whole blocks, '
                       'refused before the CBC call')
            else:
                d = o.call('aes_cbc', 'dec', 'full', key, iv, 0, 0, ct)
                tap.ok(pkcs7_unpad(d[0]) is None, desc, diag='bad padding accepted')


def acvp_ecb_cbc(tap, o, mode):
    j = acvp('ACVP-AES-%s-1.0' % mode.upper())
    for g in j['testGroups']:
        d = 'enc' if g['direction'] == 'encrypt' else 'dec'
        desc = 'ACVP AES-%s %s %s %s-%d tgId %d, %d tests [%s]' % (
            mode.upper(), g['testType'], g['internalTestType'] or '-', d,
            g['keyLen'], g['tgId'], len(g['tests']), path_name())
        if g['testType'] == 'MCT':
            bad = [t['tcId'] for t in g['tests'] if not mct_ok(o, mode, d, g['keyLen'], t)]
            tap.ok(not bad, desc, diag='failing tcIds %s' % bad)
            continue
        reqs, want = [], []
        for t in g['tests']:
            src, dst = (t['pt'], t['ct']) if d == 'enc' else (t['ct'], t['pt'])
            kt = 'enc' if d == 'enc' else 'full'
            if mode == 'ecb':
                reqs.append(('aes_ecb', d, kt, h(t['key']), 0, 0, h(src)))
                want.append(h(dst))
            else:
                reqs.append(('aes_cbc', d, kt, h(t['key']), h(t['iv']), 0, 0, h(src)))
                want.append(h(dst))
        got = o.many(reqs)
        bad = [g['tests'][i]['tcId'] for i in range(len(reqs))
               if isinstance(got[i], OracleError) or got[i][0] != want[i]]
        tap.ok(not bad, desc, diag='failing tcIds %s' % bad[:10])


def mct_ok(o, mode, d, keylen, t):
    """ACVP AES MCT outer loop; every iteration is compared with
    resultsArray (inputs as well, which checks this loop itself)."""
    res = t['resultsArray']
    key = h(t['key'])
    iv = h(t['iv']) if mode == 'cbc' else b''
    text = h(t['pt'] if d == 'enc' else t['ct'])
    inname, outname = ('pt', 'ct') if d == 'enc' else ('ct', 'pt')
    for i, r in enumerate(res):
        if h(r['key']) != key or h(r[inname]) != text or \
           (mode == 'cbc' and h(r['iv']) != iv):
            return False
        o998, o999 = o.call('aes_mct', mode, d, key, iv if mode == 'cbc' else '-', text)
        if o999 != h(r[outname]):
            return False
        tail = (o998 + o999)[-(keylen // 8):]
        key = bytes(a ^ b for a, b in zip(key, tail))
        if mode == 'ecb':
            text = o999
        else:
            iv, text = o999, o998
    return True


def acvp_ctr(tap, o):
    j = acvp('ACVP-AES-CTR-1.0')
    for g in j['testGroups']:
        reqs, want, ids = [], [], []
        for t in g['tests']:
            if t['payloadLen'] % 8:
                tap.skip('ACVP AES-CTR tcId %d [%s]' % (t['tcId'], path_name()),
                         'bit-oriented payload (%d bits); the API is byte-oriented'
                         % t['payloadLen'])
                continue
            src, dst = (t['pt'], t['ct']) if g['direction'] == 'encrypt' else (t['ct'], t['pt'])
            reqs.append(('aes_ctr', 'enc', h(t['key']), h(t['iv']), 0, 0, h(src)))
            want.append(h(dst))
            ids.append(t['tcId'])
        got = o.many(reqs)
        bad = [ids[i] for i in range(len(reqs))
               if isinstance(got[i], OracleError) or got[i][0] != want[i]]
        tap.ok(not bad, 'ACVP AES-CTR %s %s-%d tgId %d, %d byte-oriented tests [%s]' % (
            g['internalTestType'], g['direction'], g['keyLen'], g['tgId'], len(reqs),
            path_name()), diag='failing tcIds %s' % bad)


def main():
    run_tests(wycheproof_cmac, wycheproof_cbc,
              functools.partial(acvp_ecb_cbc, mode='ecb'),
              functools.partial(acvp_ecb_cbc, mode='cbc'), acvp_ctr)


if __name__ == '__main__':
    main()
