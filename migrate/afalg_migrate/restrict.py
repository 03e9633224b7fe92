# SPDX-License-Identifier: GPL-2.0
"""What crypto.af_alg_restrict does to one use of AF_ALG, at levels 0, 1, 2.

The allowlists are a copy of the kernel series' table
(kernel-patches/src/0001-af-alg-restrict/crypto/af_alg_restrict.c); the
migrate suite parses that file and fails when this copy differs.  At 1 a
name is bound only when it is on its socket type's list (exact string); a
'privileged' entry also needs CAP_NET_ADMIN in the initial user namespace or
CAP_SYS_ADMIN.  At 2 socket(AF_ALG) itself fails.  Refused binds and
sockets are what the shim in AFALG_SHIM=fallback takes over.

Outcomes (afalg-migrate(1), "Restriction outcomes"):
  native                  the kernel serves it at this level, whoever calls
  native-privileged-only  served only because the caller is privileged
  refused-shim-serves     refused by the kernel; the probed shim serves it
  refused-nobody-serves   refused by the kernel; the probed shim does not
  refused                 refused by the kernel; no shim was probed
"""

# type -> {name: privileged}
ALLOWLISTS = {
    'hash': {
        'sha1': False, 'cmac(aes)': True, 'hmac(md5)': True, 'hmac(sha1)': True,
        'hmac(sha224)': True, 'hmac(sha256)': True, 'hmac(sha384)': True,
        'hmac(sha512)': True, 'md4': True, 'md5': True, 'sha224': True,
        'sha256': True, 'sha384': True, 'sha512': True,
    },
    'skcipher': {
        'adiantum(xchacha12,aes)': False, 'adiantum(xchacha20,aes)': False,
        'hctr2(aes)': False, 'xts(aes)': False, 'xts(camellia)': False,
        'xts(serpent)': False, 'xts(twofish)': False, 'cbc(aes)': True,
        'cbc(des)': True, 'cbc(des3_ede)': True, 'ctr(aes)': True,
        'ecb(aes)': True, 'ecb(des)': True,
    },
    'aead': {'ccm(aes)': True},
    'rng': {},
}
LEVELS = (0, 1, 2)
# Worst last: a program's outcome at a level is the worst of its uses.
OUTCOMES = ('native', 'native-privileged-only', 'refused-shim-serves', 'refused',
            'refused-nobody-serves')

ACTIONS = {
    'native': 'nothing to do at this level',
    'native-privileged-only': 'works only while the program keeps CAP_NET_ADMIN or '
                              'CAP_SYS_ADMIN: keep it privileged, or run it under the shim '
                              '(AFALG_SHIM=fallback), or port it to the library call',
    'refused-shim-serves': 'run it under the shim with AFALG_SHIM=fallback (it takes '
                           'over refused binds and sockets), or port it to the library call',
    'refused': 'refused by the kernel: probe a shim (--shim) to see whether it serves '
               'the algorithm, or port it to the library call',
    'refused-nobody-serves': 'port it to the library call before choosing this level '
                             '(the shim does not serve the algorithm), or stay at a lower level',
}


def allowlist_entry(typ, alg):
    """'anyone', 'privileged' or None (not on the list of typ).  With typ
    None (a name found by a scan), any type's list."""
    types = [typ] if typ else list(ALLOWLISTS)
    for t in types:
        if alg in ALLOWLISTS.get(t, {}):
            return 'privileged' if ALLOWLISTS[t][alg] else 'anyone'
    return None


def _one(level, entry, privileged, shim):
    if level == 0 or (level == 1 and entry == 'anyone'):
        return 'native'
    if level == 1 and entry == 'privileged' and privileged:
        return 'native-privileged-only'
    if shim is None:
        return 'refused'
    return 'refused-shim-serves' if shim else 'refused-nobody-serves'


def worst(outcomes):
    return max(outcomes, key=OUTCOMES.index)


def outcomes(typ, alg, privileged, shim):
    """The restriction's outcome per level for one (type, algorithm) use.

    privileged: True/False as the tracer saw the callers, None unknown;
    shim: True (the shim serves it), False (it does not), None (not probed).
    When the privilege is unknown and it matters, 'outcome' is None and
    if_privileged/if_unprivileged give both.
    """
    entry = allowlist_entry(typ, alg)
    levels = []
    for level in LEVELS:
        yes = _one(level, entry, True, shim)
        no = _one(level, entry, False, shim)
        if privileged is None:
            out = yes if yes == no else None
        else:
            out = yes if privileged else no
        levels.append({'level': level, 'outcome': out, 'if_privileged': yes,
                       'if_unprivileged': no,
                       'action': ACTIONS[out] if out else
                       'privilege unknown: if privileged, %s; if not, %s' % (
                           ACTIONS[yes], ACTIONS[no])})
    return {'allowlist': entry, 'privileged': privileged, 'levels': levels}


def program_summary(uses):
    """Per level, the worst outcome over a program's uses (unknown privilege
    counts as its worse case); None when it has no algorithm."""
    if not uses:
        return None
    res = {}
    for level in LEVELS:
        res[str(level)] = worst(
            lv['outcome'] or lv['if_unprivileged'] for u in uses
            for lv in u['restrict']['levels'] if lv['level'] == level)
    return res


def merge_privileged(values):
    """Privilege of a (program, algorithm) over many rows and hosts: False
    if any caller was unprivileged, True if all were privileged, else None."""
    vals = list(values)
    if False in vals:
        return False
    if vals and all(v is True for v in vals):
        return True
    return None
