#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs INSIDE the QEMU guest booted with Debian's own kernel
# (kernel-patches/run-guest --distro-kernel), chrooted in the overlay of the
# host root, where AF_ALG is modular and loads on demand through
# net-pf-38 / algif-*.  Leaves everything in OUT for test_distro.py:
#
#   facts          what this kernel has, read here without the tracer
#   t.json, t.err  afalg-trace's inventory and stderr (tb.*: afalg-trace-bt)
#   t.truth        afalg-client's own accounts, one JSON per line
#   ref/           the demo clients' outputs on the kernel's AF_ALG
#   h.*            phase h: the harden profile, binds before and after it
#   s.*, shim/     phase s: AF_ALG blacklisted, natively and under the shim
#
# usage: distro-workload.sh OUT TRACE CLIENT BTWRAPPER SHIM HARDEN TOP
set -u
OUT=$1 TRACE=$2 CLIENT=$3 BTW=$4 SHIM=$5 HARDEN=$6 TOP=$7
export PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C
mkdir -p "$OUT"
log() { echo "distro-workload: $*" >&2; }
has() { [ -e "$1" ] && echo 1 || echo 0; }
TF=/sys/kernel/tracing/events

# binds TAG: one bind per AF_ALG type, its errno (0: bound), as root
binds() {
	/usr/bin/python3 - "$OUT/$1" <<'EOF'
import socket, sys
out = open(sys.argv[1], 'w')
for t, n in (('hash', 'sha256'), ('skcipher', 'cbc(aes)'),
             ('aead', 'gcm(aes)'), ('rng', 'stdrng')):
    try:
        s = socket.socket(38, socket.SOCK_SEQPACKET, 0)
    except OSError as e:
        out.write('%s socket %d\n' % (t, e.errno))
        continue
    try:
        s.bind((t, n))
        out.write('%s bind 0\n' % t)
    except OSError as e:
        out.write('%s bind %d\n' % (t, e.errno))
    s.close()
EOF
}

# unload: every AF_ALG module out of the kernel
unload() {
	modprobe -r algif_hash algif_skcipher algif_aead algif_rng af_alg 2>/dev/null
	! grep -qE '^(af_alg|algif_)' /proc/modules
}

{
	echo "release $(uname -r)"
	echo "sock_send_length $(has $TF/sock/sock_send_length)"
	echo "sock_recv_length $(has $TF/sock/sock_recv_length)"
	echo "knob $(has /proc/sys/crypto/af_alg_restrict)"
	echo "series_tp $(has $TF/af_alg)"
	echo "af_alg_loaded $(has /sys/module/af_alg)"
} >"$OUT/facts"

. "$TOP/scripts/demo-clients.sh"
make_demo_data /tmp/data	# sets DATA

log "phase t: both tracers, af_alg not loaded at their start"
rm -f "$OUT/t.ready" "$OUT/tb.ready"
"$TRACE" --ready "$OUT/t.ready" -o "$OUT/t.json" 2>"$OUT/t.err" &
tp=$!
# the bpftrace edition writes its inventory through this afalg-trace
"$BTW" --writer "$TRACE" --ready "$OUT/tb.ready" -o "$OUT/tb.json" 2>"$OUT/tb.err" &
bp=$!
i=0
while [ ! -e "$OUT/t.ready" ] || [ ! -e "$OUT/tb.ready" ]; do
	if ! kill -0 $tp 2>/dev/null || ! kill -0 $bp 2>/dev/null || [ $i -ge 1800 ]; then
		log "a tracer did not start"; break
	fi
	sleep 0.5; i=$((i + 1))
done
T="$OUT/t.truth"
"$CLIENT" hash sha256 20 100 >>"$T"
"$CLIENT" hash 'hmac(sha256)' 10 64 32 >>"$T"
"$CLIENT" skcipher 'cbc(aes)' 16 10 64 >>"$T"
"$CLIENT" aead 'gcm(aes)' 16 12 5 64 >>"$T"
"$CLIENT" badbind hash no-such-alg >>"$T"
mkdir -p "$OUT/ref" /tmp/ref-work
for c in $CLIENTS; do
	(PHASE_DIR=/tmp/ref-work; "c_$c") >"$OUT/ref/$c.out" 2>"$OUT/ref/$c.err"
	echo $? >"$OUT/ref/$c.rc"
done
sleep 6		# bpftrace prints in batches: let it catch up
kill -INT $tp $bp
wait $tp; echo $? >"$OUT/t.rc"
wait $bp; echo $? >"$OUT/tb.rc"

log "phase h: afalg-harden's profile from the demo clients' inventory"
unload || log "cannot unload the AF_ALG modules"
binds h.before
/usr/bin/python3 - "$OUT/t.json" "$OUT/h.inventory.json" <<'EOF'
import json, sys
inv = json.load(open(sys.argv[1]))
inv['entries'] = [e for e in inv['entries'] if 'afalg-client' not in e['exe']]
json.dump(inv, open(sys.argv[2], 'w'))
EOF
"$HARDEN" -o /tmp/profile "$OUT/h.inventory.json" >"$OUT/h.harden.out" 2>&1
cp /tmp/profile/modprobe.d/afalg-deny.conf "$OUT/h.modprobe.conf"
cp /tmp/profile/modprobe.d/afalg-deny.conf /etc/modprobe.d/afalg-deny.conf
unload || log "cannot unload the AF_ALG modules"
binds h.after
grep -E '^(af_alg|algif_)' /proc/modules | cut -d' ' -f1 | sort >"$OUT/h.modules"
rm -f /etc/modprobe.d/afalg-deny.conf

log "phase s: AF_ALG blacklisted, the clients natively and under the shim"
unload || log "cannot unload the AF_ALG modules"
echo 'blacklist af_alg' >/etc/modprobe.d/afalg-off.conf
binds s.binds
for mode in native shim; do
	mkdir -p "$OUT/s.$mode" /tmp/s-$mode
	for c in $CLIENTS; do
		(
			PHASE_DIR=/tmp/s-$mode
			[ $mode = native ] || export LD_PRELOAD="$SHIM" AFALG_SHIM=fallback
			"c_$c"
		) >"$OUT/s.$mode/$c.out" 2>"$OUT/s.$mode/$c.err"
		echo $? >"$OUT/s.$mode/$c.rc"
	done
done
grep -E '^(af_alg|algif_)' /proc/modules | cut -d' ' -f1 | sort >"$OUT/s.modules"
rm -f /etc/modprobe.d/afalg-off.conf
log done
exit 0
