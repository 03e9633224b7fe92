#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of scripts/demo.  Runs INSIDE the QEMU guest (root,
# chrooted in an overlay of the host's root, see kernel-patches/run-guest),
# on the patched 6.12 kernel with AF_ALG built in (below), or on one of
# Debian's own kernels (scripts/demo --distro-kernel), which have no
# crypto.af_alg_restrict: there AF_ALG is on as the modules load on demand,
# "off" (phases 2 and 3) is the af_alg module blacklisted and unloaded, as a
# distribution can do on such a kernel (socket() then fails with
# EAFNOSUPPORT), phase 1b is left out (OUT/restrict1.skipped says why), the
# kernel logs no AF_ALG use (no crypto.af_alg_log_use), and phase 3 runs the
# shim in fallback mode (it serves what the kernel refuses).  OUT/kernel says
# which kernel it was.
#
#   1. audit   crypto.af_alg_restrict=0 (unrestricted) with
#              crypto.af_alg_log_use=1 (the kernel logs each use):
#              afalg-trace inventories a set of real AF_ALG clients; their
#              outputs are the reference.
#   1b.        crypto.af_alg_restrict=1 (the upstream default): the same
#              clients as an unprivileged user (setpriv), natively (names
#              off the unprivileged allowlist: ENOENT) and under the shim
#              in fallback mode (it takes over what the kernel refuses).
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

[ -x "$TRACE" ] || { log "no tracer at $TRACE"; exit 1; }
[ -e "$SHIM" ] || { log "no shim at $SHIM"; exit 1; }

# the clients and their inputs
. "$(dirname "$0")/demo-clients.sh"
make_demo_data "$OUT/data"

# AF_ALG on and off: the restriction's level where the kernel has it, the
# module blacklisted otherwise
OFF_CONF=/etc/modprobe.d/afalg-demo-off.conf
if [ -w "$KNOB" ]; then
	HAVE_KNOB=1 SHIM_MODE=always
else
	HAVE_KNOB=0 SHIM_MODE=fallback
fi
{
	echo "release $(uname -r)"
	echo "knob $HAVE_KNOB"
	echo "log_use $([ -w $LOG_USE ] && echo 1 || echo 0)"
	echo "shim_mode $SHIM_MODE"
} >"$OUT/kernel"
af_alg_on() {
	if [ $HAVE_KNOB = 1 ]; then echo 0 >$KNOB; else rm -f $OFF_CONF; fi
}
af_alg_off() {
	if [ $HAVE_KNOB = 1 ]; then echo 2 >$KNOB; return; fi
	echo 'blacklist af_alg' >$OFF_CONF
	modprobe -r algif_hash algif_skcipher algif_aead algif_rng af_alg 2>/dev/null
	# built in, or held by a socket: then it cannot be turned off here
	if /usr/bin/python3 -c 'import socket; socket.socket(38, socket.SOCK_SEQPACKET, 0)' \
		2>/dev/null; then
		log "AF_ALG is still there after blacklisting af_alg (built in?)"
		return 1
	fi
}

# run_clients PHASE [preload]: every client once, outputs under OUT/PHASE
run_clients() {
	PHASE_DIR=$OUT/$1
	mkdir -p "$PHASE_DIR"
	for c in $CLIENTS; do
		if [ -n "${2:-}" ]; then
			(export LD_PRELOAD=$SHIM AFALG_SHIM=$SHIM_MODE \
				AFALG_SHIM_LOG=$OUT/shim-usage.log; "c_$c") \
				>"$PHASE_DIR/$c.out" 2>"$PHASE_DIR/$c.err"
		else
			"c_$c" >"$PHASE_DIR/$c.out" 2>"$PHASE_DIR/$c.err"
		fi
		echo $? >"$PHASE_DIR/$c.rc"
	done
}

# run_unprivileged PHASE [preload]: every client once as uid 65534 without
# capabilities (setpriv), natively or under the shim in fallback mode; it
# works in the guest's /tmp (the share may not be writable by that user)
# and copies the results to OUT/PHASE
UNPRIV='setpriv --reuid 65534 --regid 65534 --clear-groups --inh-caps -all --bounding-set -all'
run_unprivileged() {
	W=/tmp/demo-$1
	rm -rf "$W" && mkdir -p "$W/phase" && cp -r "$DATA" "$W/data" &&
		chmod -R a+rwX "$W" || return
	for c in $CLIENTS; do
		$UNPRIV env ${2:+LD_PRELOAD=$SHIM AFALG_SHIM=fallback} \
			${2:+AFALG_SHIM_LOG=$W/phase/shim-usage.log} \
			DATA="$W/data" PHASE_DIR="$W/phase" CLIENT=$c \
			sh -c '. "$0" && "c_$CLIENT"' "$(dirname "$0")/demo-clients.sh" \
			>"$W/$c.out" 2>"$W/$c.err"
		echo $? >"$W/$c.rc"
	done
	mkdir -p "$OUT/$1"
	cp "$W"/*.out "$W"/*.err "$W"/*.rc "$OUT/$1/"
	[ -e "$W/phase/shim-usage.log" ] && cp "$W/phase/shim-usage.log" "$OUT/$1.shim-usage.log"
	rm -rf "$W"
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

log "phase 1: audit, AF_ALG on (crypto.af_alg_restrict=0 and af_alg_log_use=1 where the kernel has them), tracing"
af_alg_on
[ -w $LOG_USE ] && echo 1 >$LOG_USE
dmesg -C
trace audit || exit 1
run_clients audit
untrace audit
dmesg | grep -i 'af_alg' >"$OUT/audit.dmesg"

if [ $HAVE_KNOB = 1 ]; then
	log "phase 1b: crypto.af_alg_restrict=1 (upstream default), unprivileged, native and under the shim (fallback)"
	echo 1 >$KNOB
	run_unprivileged restrict1
	run_unprivileged restrict1-shim preload
else
	log "phase 1b: left out, this kernel has no crypto.af_alg_restrict"
	echo "kernel $(uname -r) has no crypto.af_alg_restrict" >"$OUT/restrict1.skipped"
fi

log "phase 2: deny, AF_ALG off (crypto.af_alg_restrict=2, or af_alg blacklisted), native"
af_alg_off || exit 1
trace deny || exit 1
run_clients deny
untrace deny

log "phase 3: shim, AF_ALG still off, LD_PRELOAD=libafalg-shim.so AFALG_SHIM=$SHIM_MODE"
dmesg -C
run_clients shim preload
dmesg | grep -i 'af_alg' >"$OUT/shim.dmesg"
if [ $HAVE_KNOB = 1 ]; then cat $KNOB; else echo blacklisted; fi >"$OUT/final-mode"
af_alg_on
log "done"
