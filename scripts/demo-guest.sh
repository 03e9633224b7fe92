#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of scripts/demo.  Runs INSIDE the QEMU guest (root,
# chrooted in an overlay of the host's root, see kernel-patches/run-guest),
# on the patched 6.12 kernel with AF_ALG built in:
#
#   1. audit   crypto.af_alg_restrict=0 (unrestricted) with
#              crypto.af_alg_log_use=1 (the kernel logs each use):
#              afalg-trace inventories a set of real AF_ALG clients; their
#              outputs are the reference.
#   2. deny    crypto.af_alg_restrict=2: the same clients run natively
#              (AF_ALG is off: they fail or fall back), traced again to show
#              the denied attempts.
#   3. shim    still at 2: the same clients under LD_PRELOAD=libafalg-shim.so;
#              each output is compared with its audit-phase reference.
#
# Everything lands in OUT (shared read-write with the host), one directory
# per phase, one file per client: <client>.out (stdout, the compared
# bytes), <client>.err, <client>.rc.
#
# usage: demo-guest.sh OUT BUILD
set -u
OUT=$1 BUILD=$2
KNOB=/proc/sys/crypto/af_alg_restrict
LOG_USE=/proc/sys/crypto/af_alg_log_use
TRACE=$BUILD/tracer/afalg-trace
SHIM=$BUILD/shim/libafalg-shim.so
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
export LC_ALL=C

log() { echo "demo: $*" >&2; }

[ -w "$KNOB" ] || { log "no $KNOB: not the patched kernel"; exit 1; }
[ -x "$TRACE" ] || { log "no tracer at $TRACE"; exit 1; }
[ -e "$SHIM" ] || { log "no shim at $SHIM"; exit 1; }

DATA=$OUT/data
mkdir -p "$DATA"
# Inputs: deterministic, so that the host can recompute every digest.
head -c 100000 /dev/zero | tr '\0' 'a' >"$DATA/msg"
mkdir -p "$DATA/tree"
for i in 1 2 3; do cp "$DATA/msg" "$DATA/tree/copy$i"; done
printf 'different' >"$DATA/tree/other"
printf 'demo-hmac-key-32-bytes-long!!!!!' >"$DATA/hmac.key"
printf '0123456789abcdef' >"$DATA/aes.key"

KEY=000102030405060708090a0b0c0d0e0f
IV=f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff

# The clients, one shell function each; stdout is what gets compared.
c_kcapi_dgst_sha256() { kcapi-dgst -c sha256 --hex <"$DATA/msg"; echo; }
c_kcapi_dgst_hmac() {
	kcapi-dgst -c 'hmac(sha256)' --keyfd 3 --hex <"$DATA/msg" 3<"$DATA/hmac.key"
	echo
}
# Ciphertexts are compared by digest; the exit status stays the client's.
c_kcapi_enc_cbc() {
	kcapi-enc -e -c 'cbc(aes)' --iv "$IV" --keyfd 3 <"$DATA/msg" \
		3<"$DATA/aes.key" >"$PHASE_DIR/enc.bin" || return
	sha256sum <"$PHASE_DIR/enc.bin"
}
c_openssl_afalg() {
	openssl enc -engine afalg -aes-128-cbc -K "$KEY" -iv "$IV" \
		-in "$DATA/msg" -out "$PHASE_DIR/openssl.bin" || return
	sha256sum <"$PHASE_DIR/openssl.bin"
}
c_python_afalg() {
	python3 - "$DATA/msg" <<'EOF'
import socket, sys
data = open(sys.argv[1], 'rb').read()
t = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
t.bind(('hash', 'hmac(sha256)'))
t.setsockopt(socket.SOL_ALG, socket.ALG_SET_KEY, b'demo-key')
op, _ = t.accept()
op.sendall(data)
print(op.recv(32).hex())
EOF
}
c_hardlink() {
	cp -r "$DATA/tree" "$PHASE_DIR/tree"
	hardlink -v -c -y sha256 "$PHASE_DIR/tree" 2>&1 |
		grep -E '^(Method|Linked|Comparisons|Would link)' || true
	ls -i "$PHASE_DIR/tree" | awk '{ print $1 }' | sort | uniq -c |
		awk '{ print "inode shared by", $1, "file(s)" }' | sort
	rm -rf "$PHASE_DIR/tree"
}
CLIENTS="kcapi_dgst_sha256 kcapi_dgst_hmac kcapi_enc_cbc openssl_afalg python_afalg hardlink"

# run_clients PHASE [preload]: every client once, outputs under OUT/PHASE
run_clients() {
	PHASE_DIR=$OUT/$1
	mkdir -p "$PHASE_DIR"
	for c in $CLIENTS; do
		if [ -n "${2:-}" ]; then
			(export LD_PRELOAD=$SHIM AFALG_SHIM=always \
				AFALG_SHIM_LOG=$OUT/shim-usage.log; "c_$c") \
				>"$PHASE_DIR/$c.out" 2>"$PHASE_DIR/$c.err"
		else
			"c_$c" >"$PHASE_DIR/$c.out" 2>"$PHASE_DIR/$c.err"
		fi
		echo $? >"$PHASE_DIR/$c.rc"
	done
}

# trace NAME: start afalg-trace, wait until every hook is attached
trace() {
	rm -f "$OUT/$1.ready"
	"$TRACE" --ready "$OUT/$1.ready" -o "$OUT/$1.json" --pretty \
		--events="$OUT/$1.events" 2>"$OUT/$1.trace.err" &
	echo $! >"$OUT/$1.pid"
	i=0
	while [ ! -e "$OUT/$1.ready" ]; do
		if ! kill -0 "$(cat "$OUT/$1.pid")" 2>/dev/null || [ $i -ge 1200 ]; then
			log "afalg-trace did not start:"; cat "$OUT/$1.trace.err" >&2
			return 1
		fi
		sleep 0.5; i=$((i + 1))
	done
}
untrace() {
	kill -INT "$(cat "$OUT/$1.pid")"
	wait "$(cat "$OUT/$1.pid")"
}

log "phase 1: audit, crypto.af_alg_restrict=0 and af_alg_log_use=1, tracing"
echo 0 >$KNOB
echo 1 >$LOG_USE
dmesg -C
trace audit || exit 1
run_clients audit
untrace audit
dmesg | grep -i 'af_alg' >"$OUT/audit.dmesg"

log "phase 2: deny, crypto.af_alg_restrict=2, native"
echo 2 >$KNOB
trace deny || exit 1
run_clients deny
untrace deny

log "phase 3: shim, crypto.af_alg_restrict=2, LD_PRELOAD=libafalg-shim.so"
dmesg -C
run_clients shim preload
dmesg | grep -i 'af_alg' >"$OUT/shim.dmesg"
cat $KNOB >"$OUT/final-mode"
log "done"
