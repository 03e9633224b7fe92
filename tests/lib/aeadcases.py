# SPDX-License-Identifier: GPL-2.0
"""What the AES AEAD unit drivers (test_aes_gcm, test_aes_ccm) share: the
batch check of kc-oracle requests, a one-bit forgery, and the cases of an
IPsec AEAD (rfc4106(gcm(aes)), rfc4309(ccm(aes))), whose expected answers
come from the driver's independent model.
"""
from errno import EBADMSG, EINVAL

from kctest import mismatches, path_name, randbytes


def run_cases(tap, o, reqs, want, desc):
    """One test point: every request of @reqs answered as @want says."""
    bad = mismatches(reqs, o.many(reqs), want)
    tap.ok(not bad, '%s, %d cases [%s]' % (desc, len(reqs), path_name()),
           diag='\n'.join(repr(b)[:300] for b in bad[:5]))


def flip(b, r):
    """@b with one random bit flipped (empty stays empty)."""
    if not b:
        return b
    i = r.randrange(len(b))
    return b[:i] + bytes([b[i] ^ (1 << r.randrange(8))]) + b[i + 1:]


def ipsec_cases(r, cmd, saltlen, aadlens, seal, bad_taglens, bad_keylens, forged_inplace):
    """Requests and answers for the kc-oracle command @cmd of an IPsec AEAD:
    the key is an AES key || a @saltlen-byte salt, the nonce salt || the
    8-byte IV, tags of 8, 12 or 16 bytes, associated data of a length from
    @aadlens.  Each random case is sealed by @seal(key, nonce, aad, pt,
    taglen) -> (ct, tag), the independent model, then opened, then opened
    with a forged tag (-EBADMSG; in place if @forged_inplace).  Every tag
    length of @bad_taglens and key length of @bad_keylens is -EINVAL."""
    reqs, want = [], []
    for n in list(range(0, 64)) + [r.randrange(64, 2000) for _ in range(20)]:
        ks, tl = r.choice((16, 24, 32)), r.choice((8, 12, 16))
        key, salt, iv = randbytes(r, ks), randbytes(r, saltlen), randbytes(r, 8)
        aad, pt = randbytes(r, r.choice(aadlens)), randbytes(r, n)
        ct, tag = seal(key, salt + iv, aad, pt, tl)
        reqs.append((cmd, 'enc', key + salt, tl, iv, aad, r.randrange(16), r.randrange(2), pt))
        want.append([ct, tag])
        reqs.append((cmd, 'dec', key + salt, tl, iv, aad, r.randrange(16), r.randrange(2),
                     ct, tag))
        want.append([pt])
        reqs.append((cmd, 'dec', key + salt, tl, iv, aad, 0, int(forged_inplace), ct,
                     flip(tag, r)))
        want.append(EBADMSG)
    for tl in bad_taglens:
        reqs.append((cmd, 'enc', bytes(16 + saltlen), tl, bytes(8), b'', 0, 0, b'x'))
        want.append(EINVAL)
    for kl in bad_keylens:
        reqs.append((cmd, 'enc', bytes(kl), 16, bytes(8), b'', 0, 0, b'x'))
        want.append(EINVAL)
    return reqs, want
