#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs INSIDE the QEMU guest (root, chrooted in the overlay of the host root;
# see kernel-patches/run-guest).  Drives afalg-trace(-static) and the
# bpftrace edition around known AF_ALG workloads and leaves everything in
# OUT for tests/tracer/test_tracer_guest.py to check on the host:
#
#   <phase>.json          the inventory of afalg-trace (and <phase>.bt.json)
#   <phase>.truth         afalg-client's own accounts, one JSON per line
#   <phase>.events        NDJSON events (phase a)
#   <phase>.dmesg         the kernel log of the phase (af_alg_log_use and
#                         af_alg_log_deny lines)
#   <phase>.pids          "name pid" of real clients started by this script
#   r.truth               phase r: the matrix probe's result of every bind
#   r*.events             phase r: NDJSON events of its four tracers
#   h*                    phase h: see phase_h
#   times                 seconds per phase (guest clock: slow under TCG)
#   <phase>.t0, .t1       empty files created at the start and end of a
#                         phase: their mtimes are host time
#
# usage: guest-workload.sh OUT TRACE CLIENT BTWRAPPER LOAD_PER_PROC PHASES
set -u
OUT=$1 TRACE=$2 CLIENT=$3 BTW=$4 LOAD=$5 PHASES=${6:-"a b c e h"}
KNOB=/proc/sys/crypto/af_alg_restrict
LOG_USE=/proc/sys/crypto/af_alg_log_use
LOG_DENY=/proc/sys/crypto/af_alg_log_deny
# level LEVEL USE DENY: crypto.af_alg_restrict and its two log switches
level() { echo $1 >$KNOB; echo $2 >$LOG_USE; echo $3 >$LOG_DENY; }
mkdir -p "$OUT"
export PATH=/usr/sbin:/usr/bin:/sbin:/bin

log() { echo "guest-workload: $*" >&2; }
now() { cut -d. -f1 /proc/uptime; }

# launch NAME CMD...: start a tracer in the background
launch() {
	name=$1; shift
	rm -f "$OUT/$name.ready"
	"$@" --ready "$OUT/$name.ready" -o "$OUT/$name.json" 2>"$OUT/$name.err" &
	echo $! >"$OUT/$name.pid"
}

# ready NAME...: wait (up to 900 s) until every named tracer is ready; the
# tracers attach in parallel (under TCG, loading takes tens of seconds each)
ready() {
	for name in "$@"; do
		i=0
		while [ ! -e "$OUT/$name.ready" ]; do
			if ! kill -0 "$(cat "$OUT/$name.pid")" 2>/dev/null || [ $i -ge 1800 ]; then
				log "$name did not start"; cat "$OUT/$name.err" >&2; return 1
			fi
			sleep 0.5; i=$((i + 1))
		done
	done
}

# start NAME CMD...: launch a tracer and wait until it is ready
start() {
	launch "$@" && ready "$1"
}

# stop NAME [SIGNAL]: SIGINT (or SIGNAL), wait for the summary
stop() {
	pid=$(cat "$OUT/$1.pid")
	kill -"${2:-INT}" "$pid" 2>/dev/null
	wait "$pid"
	echo $? >"$OUT/$1.rc"
}

# real CLIENT-NAME PHASE CMD...: run a real client, remember its pid
real() {
	name=$1 phase=$2; shift 2
	sh -c 'echo "$0 $$" >>"$1"; shift; exec "$@"' "$name" "$OUT/$phase.pids" "$@"
}

timed() {
	: >"$OUT/$1.t0"
	t0=$(now); "$@"; rc=$?; echo "$1 $(( $(now) - t0 ))" >>"$OUT/times"
	: >"$OUT/$1.t1"
	return $rc
}

phase_a() {	# unrestricted, use log on: the full workload, both tracers, events
	level 0 1 0
	# a client whose sockets are bound before the tracers start
	AFALG_CLIENT_WAIT="$OUT/late.go" "$CLIENT" skcipher 'ctr(aes)' 24 6 80 >"$OUT/a.late" &
	late=$!
	while [ ! -e "$OUT/late.go.ready" ]; do sleep 0.2; done
	dmesg -C	# from here on, every warn line is for a traced bind
	launch a "$TRACE" --events="$OUT/a.events"
	launch a.bt "$BTW"
	ready a a.bt || { stop a; stop a.bt; return 1; }
	T="$OUT/a.truth"
	touch "$OUT/late.go"
	wait $late
	"$CLIENT" hash sha256 50 100 >>"$T"
	"$CLIENT" hash 'hmac(sha256)' 20 64 32 >>"$T"
	"$CLIENT" skcipher 'cbc(aes)' 16 20 64 >>"$T"
	"$CLIENT" aead 'gcm(aes)' 16 12 10 64 >>"$T"
	"$CLIENT" badbind hash no-such-alg >>"$T"
	"$CLIENT" uring-socket 3 >>"$T"
	mkdir -p /sys/fs/cgroup/afalg-child
	sh -c 'echo $$ >/sys/fs/cgroup/afalg-child/cgroup.procs && exec "$@"' sh \
		"$CLIENT" hash sha1 5 10 >>"$T"
	printf 'abc' >/tmp/abc
	head -c 4096 /dev/zero >/tmp/zero4k
	real kcapi-dgst a kcapi-dgst -c sha256 -i /tmp/abc >/dev/null
	real kcapi-enc a kcapi-enc -e -c 'cbc(aes)' --iv 00112233445566778899aabbccddeeff \
		-p password -s salt --pbkdfiter 16 -i /tmp/zero4k -o /tmp/zero4k.enc 2>/dev/null
	wc -c </tmp/zero4k.enc >"$OUT/a.encsize"
	mkdir -p /tmp/hl
	head -c 20000 /dev/zero >/tmp/hl/one
	cp /tmp/hl/one /tmp/hl/two
	real hardlink a hardlink -n -c /tmp/hl >/dev/null 2>&1
	# a little load for the bpftrace edition (phase b is afalg-trace's);
	# the kernel's warn lines are rate limited to 10 per 5 s and the 9
	# above came in one burst: let the window pass so that none is lost
	sleep 6
	"$CLIENT" forks 2 hash sha256 500 64 >"$OUT/a.load.truth"
	stop a.bt
	stop a
	dmesg >"$OUT/a.dmesg"
}

phase_b() {	# load: LOAD x (send, recv) per process, 4 processes; two tracers:
		# b (no per-op events: nothing may be lost) and bl (every op an
		# event into a 1 MiB ring buffer: losses allowed, but counted)
	level 0 0 0
	launch b "$TRACE"
	launch bl "$TRACE" --events=/tmp/bl.events --ops --ringbuf-mb 1
	ready b bl || { stop b; stop bl; return 1; }
	"$CLIENT" forks 4 hash sha1 "$LOAD" 16 >"$OUT/b.truth"
	stop b
	stop bl
	wc -l </tmp/bl.events >"$OUT/bl.nevents"
	rm -f /tmp/bl.events
}

phase_c() {	# fallbacks: syscall tracepoints only, and kprobes, side by side
	level 0 0 0
	launch c1 "$TRACE" --no-fentry --no-kprobe
	launch c2 "$TRACE" --no-fentry
	ready c1 c2 || { stop c1; stop c2; return 1; }
	"$CLIENT" hash 'hmac(sha256)' 7 33 20 >>"$OUT/c.truth"
	"$CLIENT" aead 'gcm(aes)' 32 8 3 48 >>"$OUT/c.truth"
	"$CLIENT" badbind skcipher 'cbc(nosuch)' >>"$OUT/c.truth"
	stop c1
	stop c2
}

phase_e() {	# level 2: attempts denied by af_alg_restrict, socket(2) and io_uring
	level 2 0 1
	dmesg -C
	start e "$TRACE" --events="$OUT/e.events" || return 1
	"$CLIENT" probe 3 >>"$OUT/e.truth"
	"$CLIENT" uring-socket 2 >>"$OUT/e.truth"
	real kcapi-dgst e kcapi-dgst -c sha256 -i /tmp/abc >/dev/null 2>&1
	stop e
	dmesg >"$OUT/e.dmesg"
	level 0 0 0
}

phase_h() {	# socket(AF_ALG) refused (level 2: the no-AF_ALG path of a kernel
		# without AF_ALG), what tracer-host ran on the build host until
		# issue 27 item 5.  Five tracers at once: h (real clients,
		# chroot, cgroup path, privilege, many processes), h.bt (the
		# bpftrace edition on the same), hev (--events, stopped by
		# SIGTERM), hp (--pid), hc (--cgroup); then --duration --table.
		# h.*.truth: afalg-client's accounts; h.caps.WHO: CapEff of a
		# process run as WHO; h.hostname: the guest's host name
	level 2 0 0
	cat /proc/sys/kernel/hostname >"$OUT/h.hostname"
	rm -f /tmp/h.go
	sh -c 'while [ ! -e /tmp/h.go ]; do sleep 0.1; done; exec "$0" probe 2' "$CLIENT" \
		>"$OUT/h.pid.truth" &
	waiter=$!
	mkdir -p /sys/fs/cgroup/afalg-h
	launch h "$TRACE"
	launch h.bt "$BTW"
	launch hev "$TRACE" --events="$OUT/h.events"
	launch hp "$TRACE" -p "$waiter"
	launch hc "$TRACE" -c /sys/fs/cgroup/afalg-h
	ready h h.bt hev hp hc || { for n in h h.bt hev hp hc; do stop $n; done; return 1; }
	T="$OUT/h.truth"
	"$CLIENT" probe 5 >>"$T"
	"$CLIENT" probe 3 >>"$T"
	"$CLIENT" hash sha256 4 100 >>"$T"	# fails at socket(): 1 attempt
	printf 'abc' >/tmp/abc
	real kcapi-dgst h kcapi-dgst -c sha256 -i /tmp/abc >/dev/null 2>&1
	mkdir -p /tmp/hhl
	head -c 20000 /dev/zero >/tmp/hhl/one
	cp /tmp/hhl/one /tmp/hhl/two
	real hardlink h hardlink -n -c /tmp/hhl >/dev/null 2>&1
	mkdir -p /tmp/hroot/sbin
	cp "$CLIENT" /tmp/hroot/sbin/afalg-client
	chroot /tmp/hroot /sbin/afalg-client probe 2 >"$OUT/h.chroot.truth"
	sh -c 'echo $$ >/sys/fs/cgroup/afalg-h/cgroup.procs && exec "$@"' sh \
		"$CLIENT" probe 3 >"$OUT/h.cg.truth"
	"$CLIENT" probe 1 >"$OUT/h.other.truth"
	touch /tmp/h.go
	wait "$waiter"
	"$CLIENT" forks 4 probe 2500 >"$OUT/h.forks.truth"
	for who in root nobody netadmin; do
		case $who in
		root) run= ;;
		nobody) run="setpriv --reuid 65534 --regid 65534 --clear-groups --inh-caps -all --bounding-set -all" ;;
		netadmin) run="setpriv --reuid 65534 --regid 65534 --clear-groups --inh-caps -all,+net_admin --ambient-caps -all,+net_admin --bounding-set -all,+net_admin" ;;
		esac
		$run grep ^CapEff: /proc/self/status >"$OUT/h.caps.$who"
		$run "$CLIENT" probe 2 >"$OUT/h.priv.$who.truth"
	done
	stop hev TERM
	stop hp
	stop hc
	stop h.bt
	stop h
	t0=$(now)
	timeout 900 "$TRACE" -d 1 --table >"$OUT/h.table" 2>"$OUT/h.table.err"
	echo "$? $(( $(now) - t0 ))" >"$OUT/h.table.rc"
	level 0 0 0
}

phase_r() {	# crypto.af_alg_restrict 1, 0 and 2: binds the restriction refuses,
		# of names it allows and of names the kernel lacks, by root,
		# nobody and a CAP_NET_ADMIN-only user (tests/lib/afalg_matrix.py
		# probes every name; users.sh holds its setpriv lines): at 1 by
		# each user, at 0 by root, at 2 by each user on sockets created
		# before (probe-held), and socket() at 2.  Four tracers, each
		# with NDJSON events: r and rb (the bpftrace edition) take the
		# verdict from the series' af_alg_bind tracepoint, rn and rbn
		# ignore it (as on a kernel with mainline's restriction only)
	BIN=$(dirname "$0")
	. "$BIN/users.sh"
	M="$BIN/afalg_matrix.py"
	level 1 0 0
	launch r "$TRACE" --events="$OUT/r.events"
	launch rn "$TRACE" --no-kernel-tracepoints --events="$OUT/rn.events"
	launch rb "$BTW" --events="$OUT/rb.events"
	launch rbn "$BTW" --no-kernel-tracepoints --events="$OUT/rbn.events"
	ready r rn rb rbn || { stop r; stop rn; stop rb; stop rbn; return 1; }
	/usr/bin/python3 "$M" probe 1 root >>"$OUT/r.truth"
	$AS_NOBODY /usr/bin/python3 "$M" probe 1 nobody >>"$OUT/r.truth"
	$AS_NETADMIN /usr/bin/python3 "$M" probe 1 netadmin >>"$OUT/r.truth"
	level 0 0 0
	sleep 2		# the tracers read the level every 100 ms
	/usr/bin/python3 "$M" probe 0 root >>"$OUT/r.truth"
	for u in root nobody netadmin; do
		case $u in
		root) run= ;;
		nobody) run=$AS_NOBODY ;;
		netadmin) run=$AS_NETADMIN ;;
		esac
		rm -f /tmp/held.ready /tmp/held.go
		$run /usr/bin/python3 "$M" probe-held $u /tmp/held.ready /tmp/held.go \
			>>"$OUT/r.truth" &
		held=$!
		while [ ! -e /tmp/held.ready ]; do sleep 0.1; done
		level 2 0 0
		sleep 2
		touch /tmp/held.go
		wait $held
		level 0 0 0
		sleep 2
	done
	level 2 0 0
	sleep 2
	/usr/bin/python3 "$M" probe 2 root >>"$OUT/r.truth"
	$AS_NOBODY /usr/bin/python3 "$M" probe 2 nobody >>"$OUT/r.truth"
	stop r
	stop rn
	stop rb
	stop rbn
	level 0 0 0
}

uname -r >"$OUT/uname"
cat /sys/devices/system/clocksource/clocksource0/current_clocksource >"$OUT/clocksource" 2>/dev/null
for p in $PHASES; do
	log "phase $p"
	timed phase_$p || log "phase $p failed"
done
exit 0
