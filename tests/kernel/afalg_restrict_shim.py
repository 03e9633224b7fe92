# SPDX-License-Identifier: GPL-2.0
"""AFALG_SHIM=fallback against the real crypto.af_alg_restrict (guest half).

GUEST_SCRIPT runs as root in the patched 6.12 guest, with the kernel's
usage and denial logs on (crypto.af_alg_log_use/af_alg_log_deny), so the
kernel itself says which binds it served and which it refused:

  level 1, as an unprivileged user (setpriv, as afalg_matrix.py):
    - kcapi-dgst -c sha256 and -c sha1 natively, then under the shim in
      fallback mode, each with its own shim log, dmesg cleared before
      each run and kept after it;
    - a Python probe: bind('hash', 'sha256') natively (its errno), then
      under the shim (SO_TYPE of the same descriptor after the bind).
  level 0: every demo client (scripts/demo-clients.sh) natively, the
    reference; level 2: every client natively (refused) and under the shim
    in fallback mode.

Lines it prints, parsed by test_kernel.py restrict-shim:
  run L USER WHAT NAME rc=N out=HEX-OR-TEXT
  err L USER WHAT NAME FIRST-LINE-OF-STDERR
  shimlog WHAT NAME JSON-LINE           (one per record)
  dmesg WHAT NAME LINE                  (the af_alg lines of that run)
  probe JSON
  client L WHAT NAME rc=N out=TEXT      (WHAT: native or shim)
"""
import errno
import json
import os
import socket
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))

NOBODY = ('setpriv --reuid 65534 --regid 65534 --clear-groups '
          '--inh-caps -all --bounding-set -all')


def probe():
    """bind('hash', 'sha256') as this process: the result, the digest of
    "abc" if it bound, and the descriptor's number and socket inode
    (/proc/self/fd, which the shim does not interpose) before and after:
    a takeover keeps the number and changes the socket behind it."""
    s = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
    res = {'fd_before': s.fileno(),
           'sock_before': os.readlink('/proc/self/fd/%d' % s.fileno())}
    try:
        s.bind(('hash', 'sha256'))
        res['bind'] = 'ok'
        o, _ = s.accept()
        o.sendall(b'abc')
        res['digest'] = o.recv(32).hex()
    except OSError as e:
        res['bind'] = errno.errorcode.get(e.errno, str(e.errno))
    res['fd_after'] = s.fileno()
    res['sock_after'] = os.readlink('/proc/self/fd/%d' % s.fileno())
    res['domain_after'] = s.getsockopt(socket.SOL_SOCKET, socket.SO_DOMAIN)
    res['shim'] = bool(os.environ.get('LD_PRELOAD'))
    print('probe ' + json.dumps(res), flush=True)


GUEST_SCRIPT = r"""
set -u
SHIM={shim}
export PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C
W=/tmp/restrict-shim
mkdir -p $W && chmod 1777 $W
head -c 1000 /dev/zero >$W/in && chmod 644 $W/in
echo 1 >/proc/sys/crypto/af_alg_log_use || exit 1
echo 1 >/proc/sys/crypto/af_alg_log_deny || exit 1

echo 1 >/proc/sys/crypto/af_alg_restrict || exit 1
for a in sha256 sha1; do
	for how in native shim; do
		log=$W/log.$how.$a
		dmesg -C
		if [ $how = shim ]; then
			{nobody} env LD_PRELOAD=$SHIM AFALG_SHIM=fallback \
				AFALG_SHIM_LOG=$log kcapi-dgst -c $a --hex \
				<$W/in >$W/out 2>$W/err
		else
			{nobody} kcapi-dgst -c $a --hex <$W/in >$W/out 2>$W/err
		fi
		echo "run 1 nobody $how $a rc=$? out=$(tr -d '\n' <$W/out)"
		echo "err 1 nobody $how $a $(head -n1 $W/err)"
		[ -e $log ] && sed "s/^/shimlog $how $a /" $log
		dmesg | grep 'AF_ALG' | sed "s/^/dmesg $how $a /"
	done
done
{nobody} /usr/bin/python3 {me} probe
{nobody} env LD_PRELOAD=$SHIM AFALG_SHIM=fallback /usr/bin/python3 {me} probe

. {top}/scripts/demo-clients.sh
make_demo_data $W/data
for L in 0 2; do
	echo $L >/proc/sys/crypto/af_alg_restrict || exit 1
	for how in native shim; do
		[ $L = 0 ] && [ $how = shim ] && continue
		PHASE_DIR=$W/$L.$how
		mkdir -p $PHASE_DIR
		for c in $CLIENTS; do
			if [ $how = shim ]; then
				(export LD_PRELOAD=$SHIM AFALG_SHIM=fallback; "c_$c") \
					>$PHASE_DIR/$c.out 2>$PHASE_DIR/$c.err
			else
				"c_$c" >$PHASE_DIR/$c.out 2>$PHASE_DIR/$c.err
			fi
			echo "client $L $how $c rc=$? out=$(tr '\n' '|' <$PHASE_DIR/$c.out)"
		done
	done
done
"""


def guest_script(shim):
    return GUEST_SCRIPT.format(shim=shim, nobody=NOBODY,
                               me=os.path.abspath(__file__), top=TOP)


if __name__ == '__main__':
    if sys.argv[1:] == ['probe']:
        probe()
    else:
        sys.exit('usage: afalg_restrict_shim.py probe')
