# SPDX-License-Identifier: GPL-2.0
"""The crypto.af_alg_restrict matrix: what each user may do at each level.

This is the tests' own copy of mainline's rules, written by hand from
upstream's description on purpose: the tree's copies are generated from
catalogue/afalg-names.json, and a test oracle must not come from the
thing it checks (tests/unit/test_catalogue.py compares the two).

In the guest, as each user (see GUEST_SCRIPT):

    python3 afalg_matrix.py probe LEVEL USER

creates an AF_ALG socket and binds it to every name of NAMES, printing one
JSON line per name with the result ("ok" or the errno name).

    python3 afalg_matrix.py probe-held USER READY GO

creates the sockets first, creates the file READY, waits for GO (the
caller changes the level in between) and binds them then: a bind at
level 2 happens only on a socket created earlier.  On the host,
expected(level, user, type, name) gives what the mainline restriction says
(written out below from mainline's rules as the public linux-crypto threads
and merged commits state them, not from the kernel) and test_kernel.py
compares the two.

It lives in tests/lib because two suites use it: kernel (the matrix
itself) and tracer (the inventory's denied / not_found / privileged for
the same binds; classify() below).
"""
import errno
import json
import os
import socket
import sys
import time

# The allowlists: 'U' any process, 'P' CAP_NET_ADMIN (initial user
# namespace) or CAP_SYS_ADMIN.  Everything else is refused at level 1.
# Upstream commits (subjects; the IDs are not verified here): the lists,
# the levels and the capability test are "crypto: af_alg - Add
# af_alg_restrict sysctl, defaulting to 1"; xts(camellia), xts(serpent)
# and xts(twofish) come from "crypto: af_alg - Allow additional ciphers
# for cryptsetup"; exact, first-match lookup is "crypto: af_alg - Stop
# after finding name in allowlist".
ALLOWED = {
    ('hash', 'sha1'): 'U',
    ('hash', 'cmac(aes)'): 'P',
    ('hash', 'hmac(md5)'): 'P',
    ('hash', 'hmac(sha1)'): 'P',
    ('hash', 'hmac(sha224)'): 'P',
    ('hash', 'hmac(sha256)'): 'P',
    ('hash', 'hmac(sha384)'): 'P',
    ('hash', 'hmac(sha512)'): 'P',
    ('hash', 'md4'): 'P',
    ('hash', 'md5'): 'P',
    ('hash', 'sha224'): 'P',
    ('hash', 'sha256'): 'P',
    ('hash', 'sha384'): 'P',
    ('hash', 'sha512'): 'P',
    ('skcipher', 'adiantum(xchacha12,aes)'): 'U',
    ('skcipher', 'adiantum(xchacha20,aes)'): 'U',
    ('skcipher', 'hctr2(aes)'): 'U',
    ('skcipher', 'xts(aes)'): 'U',
    ('skcipher', 'xts(camellia)'): 'U',
    ('skcipher', 'xts(serpent)'): 'U',
    ('skcipher', 'xts(twofish)'): 'U',
    ('skcipher', 'cbc(aes)'): 'P',
    ('skcipher', 'cbc(des)'): 'P',
    ('skcipher', 'cbc(des3_ede)'): 'P',
    ('skcipher', 'ctr(aes)'): 'P',
    ('skcipher', 'ecb(aes)'): 'P',
    ('skcipher', 'ecb(des)'): 'P',
    ('aead', 'ccm(aes)'): 'P',
}
# On mainline's list too ("Allow cbc(paes)", then "Make cbc(paes)
# privileged-only"), but paes exists only on s390 (protected keys): no
# guest here can bind it, so the probes leave it out (NAMES).
ALLOWED_ELSEWHERE = {
    ('skcipher', 'cbc(paes)'): 'P',
}

# Names the guest kernel has (kernel-patches/configs) that are on no list:
# at level 0 they bind, so a refusal at 1 is the restriction's doing.
OFF_LIST = [
    ('hash', 'sha3-256'), ('hash', 'hmac(sha3-256)'), ('hash', 'crc32c'),
    ('hash', 'xcbc(aes)'),
    ('skcipher', 'cbc(camellia)'), ('skcipher', 'ctr(des3_ede)'),
    ('skcipher', 'ecb(twofish)'),
    ('aead', 'gcm(aes)'), ('aead', 'rfc7539(chacha20,poly1305)'),
    ('rng', 'stdrng'), ('rng', 'drbg_nopr_hmac_sha256'),
]
# Driver names and templates over them: present, never listed.
DRIVER_NAMES = [
    ('hash', 'sha1-generic'), ('hash', 'sha256-generic'),
    ('hash', 'md5-generic'), ('hash', 'hmac(sha256-generic)'),
    ('skcipher', 'ctr(des3_ede-generic)'), ('skcipher', 'cbc(aes-generic)'),
    ('aead', 'ccm_base(ctr(aes-generic),cbcmac(aes-generic))'),
]
# Near misses the kernel does not have: ENOENT at every level.
ABSENT = [
    ('hash', 'SHA1'), ('hash', 'sha1 '), ('hash', 'hmac(sha256'),
    ('skcipher', 'XTS(aes)'), ('hash', 'no-such-alg'),
]
# A listed name under another type: the lists are per type.  Unrestricted,
# the crypto API refuses them with an error of its own (ENOENT, or EINVAL
# from a template that checks the type): expected() says 'error'.
WRONG_TYPE = [('skcipher', 'sha1'), ('hash', 'xts(aes)')]

NAMES = sorted(ALLOWED) + OFF_LIST + DRIVER_NAMES + ABSENT + WRONG_TYPE
USERS = ('root', 'nobody', 'netadmin')

# setpriv(1) lines that make the users; root is the guest's shell.
SETPRIV = {
    'root': '',
    'nobody': 'setpriv --reuid 65534 --regid 65534 --clear-groups '
              '--inh-caps -all --bounding-set -all',
    'netadmin': 'setpriv --reuid 65534 --regid 65534 --clear-groups '
                '--inh-caps -all,+net_admin --ambient-caps -all,+net_admin '
                '--bounding-set -all,+net_admin',
}


def expected(level, user, typ, name, held=False):
    """What the mainline restriction gives: 'ok', an errno name, or
    'error' for any errno.  held: the socket was created before the level
    became 2 (probe-held).  Both from "crypto: af_alg - Add
    af_alg_restrict sysctl, defaulting to 1": at level 2 socket() fails
    with EAFNOSUPPORT, and a bind on a socket created earlier fails with
    ENOENT for every name, listed or not."""
    if level == 2:
        return 'ENOENT' if held else 'EAFNOSUPPORT'
    if (typ, name) in ABSENT:
        return 'ENOENT'                 # the kernel has no such thing
    if level == 0:
        if (typ, name) in WRONG_TYPE:
            return 'error'
        return 'ok'
    who = ALLOWED.get((typ, name))
    if who == 'U' or (who == 'P' and user in ('root', 'netadmin')):
        return 'ok'
    return 'ENOENT'


def privileged(user):
    """Does the user pass the restriction's privilege test?"""
    return user in ('root', 'netadmin')


def classify(level, user, typ, name, result):
    """What an inventory counts for one bind with this result: 'ok' (a
    tfm socket), 'denied' (refused by the restriction: an ENOENT at level
    1 for a name the caller may not bind, whether or not the kernel has
    it, as the restriction decides before the algorithm lookup; every
    ENOENT at level 2, where no name may be bound), 'not_found' (any
    other ENOENT: the kernel does not have the name), or 'error'."""
    if result == 'ok':
        return 'ok'
    if result != 'ENOENT':
        return 'error'
    if level >= 2:
        return 'denied'
    who = ALLOWED.get((typ, name))
    allowed = who == 'U' or (who == 'P' and privileged(user))
    return 'denied' if level >= 1 and not allowed else 'not_found'


def _errname(e):
    return errno.errorcode.get(e.errno, str(e.errno))


def _head(user, level, **extra):
    with open('/proc/self/status') as fp:
        st = dict(l.split(':', 1) for l in fp if ':' in l)
    print(json.dumps(dict({'who': user, 'level': level, 'uid': os.getuid(),
                           'capeff': st['CapEff'].strip()}, **extra)))


def _bind(s, typ, name):
    try:
        s.bind((typ, name))
        return 'ok'
    except OSError as e:
        return _errname(e)


def probe(level, user):
    _head(user, level)
    for typ, name in NAMES:
        try:
            s = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
        except OSError as e:
            res = _errname(e)
        else:
            res = _bind(s, typ, name)
            s.close()
        print(json.dumps({'level': level, 'user': user, 'type': typ,
                          'name': name, 'result': res}))


def probe_held(user, ready, go):
    """The sockets now, the binds once go exists, at the level then."""
    socks = [socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0) for _ in NAMES]
    open(ready, 'w').close()
    while not os.path.exists(go):
        time.sleep(0.05)
    with open('/proc/sys/crypto/af_alg_restrict') as f:
        level = int(f.read())
    _head(user, level, held=True)
    for (typ, name), s in zip(NAMES, socks):
        print(json.dumps({'level': level, 'user': user, 'type': typ, 'name': name,
                          'result': _bind(s, typ, name), 'held': True}))
        s.close()


GUEST_SCRIPT = r"""
M={matrix}
for L in 0 1 2; do
	echo $L >/proc/sys/crypto/af_alg_restrict || exit 1
	echo "level $(cat /proc/sys/crypto/af_alg_restrict)"
	/usr/bin/python3 $M probe $L root
	{nobody} /usr/bin/python3 $M probe $L nobody
	{netadmin} /usr/bin/python3 $M probe $L netadmin
	for u in root nobody netadmin; do
		case $u in
		root) run= ;;
		nobody) run="{nobody}" ;;
		netadmin) run="{netadmin}" ;;
		esac
		for n in hash:sha1 hash:sha256 hash:sha256-generic; do
			$run /run/guest/afalg-socketcall-i386 ${{n%%:*}} ${{n#*:}} |
				sed "s/^/i386 $L $u $n /"
		done
	done
	if [ $L = 1 ]; then
		head -c 1000 /dev/zero >/tmp/in
		for a in sha1 sha256; do
			for u in root nobody; do
				[ $u = root ] && run= || run="{nobody}"
				$run kcapi-dgst -c $a </tmp/in >/tmp/md 2>/tmp/err
				echo "kcapi $a $u rc=$? md=$(od -An -tx1 </tmp/md | tr -d ' \n') err=$(head -c 200 /tmp/err | tr '\n' ' ')"
			done
		done
		echo "log lines at 1: $(dmesg | grep -c 'af_alg: AF_ALG')"
	fi
done
""".format(matrix=os.path.abspath(__file__), nobody=SETPRIV['nobody'],
           netadmin=SETPRIV['netadmin'])


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'probe':
        probe(int(sys.argv[2]), sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == 'probe-held':
        probe_held(*sys.argv[2:])
    else:
        sys.exit('usage: afalg_matrix.py probe LEVEL USER | probe-held USER READY GO')
