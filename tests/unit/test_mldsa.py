#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""ML-DSA verification (FIPS 204) against Wycheproof and by mutation.

Error codes.  mldsa_verify() returns 0, -EBADMSG for a malformed signature or
public key (wrong length, a z coefficient outside the infinity-norm bound,
a malformed hint encoding), -EKEYREJECTED for a well-formed signature that
does not verify; mldsa_verify_ctx() returns -EINVAL for a context longer than
255 bytes.  Which of -EBADMSG / -EKEYREJECTED an invalid Wycheproof case must
get is decided by the small sigDecode model below (lengths, ||z|| bound,
HintBitUnpack of FIPS 204), independent of the C code; the model is itself
checked against the Wycheproof flags (IncorrectSignatureLength,
IncorrectPublicKeyLength, InfinityNormViolation and InvalidHintsEncoding
must be malformed).

Mutations of a valid signature: every bit of c~ and of the hint, a sample
of z bits (all of them with KC_MLDSA_FULL=1); of the public key: every bit
of rho and a sample of t1; of the message: every bit.  All must be rejected,
with the code the model predicts.  Truncated and over-long signatures and
keys go through guard-paged buffers and must give -EBADMSG.  mu is computed
with hashlib for mldsa_verify_mu().  Working memory (heap + stack) of one
verification is measured by kc-mldsa-mem and must stay within 13 KiB for
ML-DSA-87.
"""
import errno
import functools
import hashlib
import os
import subprocess
import shlex

from kctest import OracleError, load_vectors, run_tests

EBADMSG, EKEYREJECTED, EINVAL = errno.EBADMSG, errno.EKEYREJECTED, errno.EINVAL

Q = 8380417
PARAMS = {
    # k, l, omega, ctilde bytes, z bits, gamma1, beta, pk len, sig len
    44: dict(k=4, l=4, omega=80, ct=32, zb=18, g1=1 << 17, beta=78, pk=1312, sig=2420),
    65: dict(k=6, l=5, omega=55, ct=48, zb=20, g1=1 << 19, beta=196, pk=1952, sig=3309),
    87: dict(k=8, l=7, omega=75, ct=64, zb=20, g1=1 << 19, beta=120, pk=2592, sig=4627),
}
MEM_LIMIT_87 = 13 * 1024


def z_ok(p, sig):
    """||z||_inf < gamma1 - beta for the z encoded in sig."""
    zlen = 32 * p['zb']
    bound = p['g1'] - p['beta']
    for j in range(p['l']):
        off = p['ct'] + j * zlen
        v = int.from_bytes(sig[off:off + zlen], 'little')
        mask = (1 << p['zb']) - 1
        for m in range(256):
            z = p['g1'] - ((v >> (m * p['zb'])) & mask)
            if abs(z) >= bound:
                return False
    return True


def hint_ok(p, sig):
    """HintBitUnpack (FIPS 204 Algorithm 21) does not return bottom."""
    y = sig[p['ct'] + p['l'] * 32 * p['zb']:]
    omega, k = p['omega'], p['k']
    assert len(y) == omega + k
    idx = 0
    for i in range(k):
        end = y[omega + i]
        if end < idx or end > omega:
            return False
        first = idx
        while idx < end:
            if idx > first and y[idx - 1] >= y[idx]:
                return False
            idx += 1
    return all(b == 0 for b in y[idx:omega])


def reject_code(alg, sig, pk):
    """The code a non-verifying (sig, pk) must get."""
    p = PARAMS[alg]
    if len(sig) != p['sig'] or len(pk) != p['pk']:
        return EBADMSG
    if not z_ok(p, sig) or not hint_ok(p, sig):
        return EBADMSG
    return EKEYREJECTED


def result(r):
    return 0 if not isinstance(r, OracleError) else r.errno


def load(alg):
    return load_vectors('wycheproof', 'testvectors_v1', 'mldsa_%d_verify_test.json' % alg)


def mu_of(pk, ctx, msg):
    tr = hashlib.shake_256(pk).digest(64)
    return hashlib.shake_256(tr + bytes([0, len(ctx)]) + ctx + msg).digest(64)


def test_wycheproof(tap, o, alg, doc, path):
    reqs, want, info = [], [], []
    model_bad = []
    for g in doc['testGroups']:
        pk = bytes.fromhex(g['publicKey'])
        for t in g['tests']:
            sig, msg = bytes.fromhex(t['sig']), bytes.fromhex(t['msg'])
            ctx = bytes.fromhex(t['ctx']) if 'ctx' in t else None
            flags = set(t['flags'])
            if t['result'] == 'valid':
                code = 0
            elif ctx is not None and len(ctx) > 255:
                code = EINVAL
            else:
                code = reject_code(alg, sig, pk)
            # The model must agree with what the flags say is malformed.
            if flags & {'IncorrectSignatureLength', 'IncorrectPublicKeyLength',
                        'InfinityNormViolation', 'InvalidHintsEncoding'}:
                if code != EBADMSG:
                    model_bad.append(t['tcId'])
            if not ctx:
                reqs.append(('mldsa_verify', alg, sig, msg, pk))
                want.append(code)
                info.append((t['tcId'], 'verify'))
            if ctx is not None:
                reqs.append(('mldsa_verify_ctx', alg, sig, ctx, msg, pk))
                want.append(code)
                info.append((t['tcId'], 'verify_ctx'))
            if (t['result'] == 'valid' or code == EKEYREJECTED) and \
                    len(pk) == PARAMS[alg]['pk'] and (ctx is None or len(ctx) < 256):
                # External mu, computed here with hashlib.
                reqs.append(('mldsa_verify_mu', alg, sig, mu_of(pk, ctx or b'', msg), pk))
                want.append(code)
                info.append((t['tcId'], 'verify_mu'))
    got = [result(r) for r in o.many(reqs)]
    bad = [(info[i], want[i], got[i]) for i in range(len(reqs)) if got[i] != want[i]]
    nvalid = sum(1 for w in want if w == 0)
    tap.ok(not model_bad, 'ML-DSA-%d: sigDecode model agrees with the Wycheproof flags'
           % alg, diag=model_bad[:10])
    tap.ok(not bad, 'ML-DSA-%d wycheproof: %d tests, %d calls (%d accept, %d EBADMSG, '
           '%d EKEYREJECTED, %d EINVAL) [%s]'
           % (alg, doc['numberOfTests'], len(reqs), nvalid, want.count(EBADMSG),
              want.count(EKEYREJECTED), want.count(EINVAL), path), diag=bad[:8])


def valid_triple(doc, alg):
    """A valid (pk, msg, sig) with an empty context and a correct-length key."""
    for g in doc['testGroups']:
        pk = bytes.fromhex(g['publicKey'])
        if len(pk) != PARAMS[alg]['pk']:
            continue
        for t in g['tests']:
            if t['result'] == 'valid' and not t.get('ctx'):
                return pk, bytes.fromhex(t['msg']), bytes.fromhex(t['sig'])
    return None


def flip(b, bit):
    b = bytearray(b)
    b[bit // 8] ^= 1 << (bit % 8)
    return bytes(b)


def test_mutations(tap, o, r, alg, pk, msg, sig, path):
    p = PARAMS[alg]
    full = os.environ.get('KC_MLDSA_FULL') == '1'
    zstart, hstart = p['ct'], p['ct'] + p['l'] * 32 * p['zb']
    zbits = list(range(8 * zstart, 8 * hstart))
    if not full:
        zbits = r.sample(zbits, 1200)
    sigbits = list(range(8 * zstart)) + zbits + list(range(8 * hstart, 8 * len(sig)))
    reqs, want = [], []
    for bit in sigbits:
        s = flip(sig, bit)
        reqs.append(('mldsa_verify', alg, s, msg, pk))
        want.append(reject_code(alg, s, pk))
    got = [result(x) for x in o.many(reqs)]
    bad = [(sigbits[i], want[i], got[i]) for i in range(len(reqs)) if got[i] != want[i]]
    tap.ok(not bad, 'ML-DSA-%d: %d single-bit flips of the signature (all of c~ and h, '
           '%s z) rejected with the right code (%d EBADMSG) [%s]'
           % (alg, len(reqs), 'all of' if full else '1200 bits of', want.count(EBADMSG),
              path), diag=bad[:8])

    pkbits = list(range(256)) + r.sample(range(256, 8 * len(pk)), 600 if not full else 8 * len(pk) - 256)
    reqs = [('mldsa_verify', alg, sig, msg, flip(pk, b)) for b in pkbits]
    msgbits = list(range(8 * len(msg)))
    reqs += [('mldsa_verify', alg, sig, flip(msg, b), pk) for b in msgbits]
    got = [result(x) for x in o.many(reqs)]
    bad = [i for i in range(len(reqs)) if got[i] != EKEYREJECTED]
    tap.ok(not bad, 'ML-DSA-%d: %d public-key bit flips (all of rho) and %d message bit '
           'flips give EKEYREJECTED [%s]' % (alg, len(pkbits), len(msgbits), path),
           diag=[(reqs[i][0], got[i]) for i in bad[:8]])

    # Truncated and over-long inputs, next to guard pages.
    lens = sorted({0, 1, 2, p['ct'], p['sig'] - 1, p['sig'] - 2, p['sig'] + 1,
                   p['sig'] + 100} | {r.randrange(0, p['sig']) for _ in range(12)})
    pklens = sorted({0, 1, 31, 32, p['pk'] - 1, p['pk'] + 1, p['pk'] + 320} |
                    {r.randrange(0, p['pk']) for _ in range(8)})
    reqs, want = [], []
    longsig = sig + bytes(r.randrange(256) for _ in range(100))
    longpk = pk + bytes(r.randrange(256) for _ in range(320))
    for where in ('start', 'end'):
        for n in lens:
            reqs.append(('mldsa_verify_guarded', alg, longsig, msg, longpk, n, p['pk'], where))
            want.append(EBADMSG)
        for n in pklens:
            reqs.append(('mldsa_verify_guarded', alg, longsig, msg, longpk, p['sig'], n, where))
            want.append(EBADMSG)
        reqs.append(('mldsa_verify_guarded', alg, longsig, msg, longpk, p['sig'], p['pk'], where))
        want.append(0)
    got = [result(x) for x in o.many(reqs)]
    bad = [(reqs[i][5:], want[i], got[i]) for i in range(len(reqs)) if got[i] != want[i]]
    tap.ok(not bad, 'ML-DSA-%d: %d truncated/over-long signatures and keys in guard-paged '
           'buffers give EBADMSG, exact lengths verify [%s]' % (alg, len(reqs), path),
           diag=bad[:8])


def test_memory(tap, alg, pk, msg, sig, path):
    exe = os.environ.get('KC_MLDSA_MEM')
    if not exe:
        tap.skip('ML-DSA-%d working memory' % alg, 'KC_MLDSA_MEM not set')
        return
    cmd = shlex.split(os.environ.get('KC_EXE_WRAPPER', '')) + [exe]
    line = '%d %s %s %s\n' % (alg, sig.hex(), msg.hex() or '-', pk.hex())
    out = subprocess.run(cmd, input=line, capture_output=True, text=True, check=True).stdout
    rc, heap, stack, sanitized = (int(x) for x in out.split())
    total = heap + stack
    desc = ('ML-DSA-%d working memory: heap %d + stack %d = %d bytes'
            % (alg, heap, stack, total))
    if rc != 0:
        tap.ok(False, desc + ' (verification failed: %d)' % rc)
    elif sanitized:
        tap.skip(desc + ' [%s]' % path, 'sanitizer build: stack frames carry redzones')
    elif alg == 87:
        tap.ok(total <= MEM_LIMIT_87, desc + ' <= %d [%s]' % (MEM_LIMIT_87, path))
    else:
        tap.ok(total <= MEM_LIMIT_87, desc + ' [%s]' % path)


def test_parameter_set(tap, o, r, path, alg):
    """Wycheproof, then mutations and memory checks of one valid triple."""
    doc = load(alg)
    test_wycheproof(tap, o, alg, doc, path)
    pk, msg, sig = valid_triple(doc, alg)
    test_mutations(tap, o, r, alg, pk, msg, sig, path)
    test_memory(tap, alg, pk, msg, sig, path)


if __name__ == '__main__':
    run_tests(*[functools.partial(test_parameter_set, alg=alg) for alg in (44, 65, 87)])
