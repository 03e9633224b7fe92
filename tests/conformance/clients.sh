#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Real AF_ALG clients in the test guest, in three AF_ALG modes, each run
# natively and under the shim: 0 (crypto.af_alg_restrict=0, unrestricted),
# 1 (af_alg_restrict=0 with af_alg_log_use=1: allowed and logged) and 2
# (af_alg_restrict=2 with af_alg_log_deny=1: AF_ALG off, refusals logged).  Run by
# test_conformance.py --guest from the shared directory that also holds
# libafalg-shim.so; clients.py reads the lines it prints:
#
#   CLIENT <name> MODE <m> RUN <native|shim> RC <rc> USED <yes|no> WARN <n> OUT <sha256>
#
# USED says whether the client really did its work through AF_ALG (each
# client's own evidence, see below), OUT hashes its normalised output, WARN
# counts the kernel's "AF_ALG in use"/"AF_ALG denied" lines the run
# left in the kernel log.  Inputs and keys are fixed, so outputs are
# comparable across modes and runs; REF lines hold an independent result
# (coreutils, OpenSSL's built-in code) for the same input.
set -u
here=$(cd "$(dirname "$0")" && pwd)
shim="$here/libafalg-shim.so"
work=$(mktemp -d /tmp/clients.XXXXXX)
cd "$work"

head -c 300000 /dev/zero | tr '\0' 'a' >in300k
printf 'The quick brown fox jumps over the lazy dog\n' >>in300k
printf '0123456789abcdef0123456789abcdef' >key32
printf '00112233445566778899aabbccddeeff' >key16hex
IV=000102030405060708090a0b0c0d0e0f
KEY=$(cat key16hex)

sha() { sha256sum | cut -d' ' -f1; }

# --- the clients: each prints its normalised output on stdout and leaves
#     "yes"/"no" in ./used (did it do the work through AF_ALG?)

c_kcapi_dgst() {
	out=$(kcapi-dgst -c sha256 -i in300k --hex 2>err) || { echo no >used; return 1; }
	echo "$out"
	[ "$out" = "$(sha <in300k)" ] && echo yes >used || echo no >used
}

c_kcapi_hmac() {
	out=$(kcapi-dgst -c 'hmac(sha256)' --keyfd 3 -i in300k --hex 3<key32 2>err) ||
		{ echo no >used; return 1; }
	echo "$out"
	ref=$(openssl dgst -sha256 -mac HMAC -macopt key:$(cat key32) -r <in300k | cut -d' ' -f1)
	[ "$out" = "$ref" ] && echo yes >used || echo no >used
}

c_kcapi_enc() {
	rm -f enc.out
	printf '%s' "$KEY" | xxd -r -p >key16
	kcapi-enc -e -c 'cbc(aes)' --iv $IV --keyfd 3 -i in300k -o enc.out 3<key16 2>err ||
		{ echo no >used; return 1; }
	sha <enc.out
	ref=$(openssl enc -aes-128-cbc -K "$KEY" -iv $IV -in in300k | sha)
	[ "$(sha <enc.out)" = "$ref" ] && echo yes >used || echo no >used
}

c_kcapi_rng() {
	n=$(kcapi-rng -b 64 2>err | wc -c)
	echo "bytes=$n"
	[ "$n" = 64 ] && echo yes >used || echo no >used
	[ "$n" = 64 ]
}

c_hardlink() {
	rm -rf hl && mkdir hl
	for f in a b c; do cp in300k hl/$f; done
	printf 'different\n' >hl/d
	out=$(hardlink -v -c -y sha256 hl 2>err) || { echo no >used; return 1; }
	echo "$out" | grep -E '^(Method|Linked|Compared|Files|Saved)' |
		sed 's/ *([^)]*)//; s/[0-9.]* seconds//'
	links=$(stat -c %h hl/a hl/b hl/c hl/d | tr '\n' ' ')
	echo "links: $links"
	echo "$out" | grep -Eq '^Method: +sha256' && echo yes >used || echo no >used
}

c_openssl_afalg() {
	out=$(openssl enc -engine afalg -aes-128-cbc -K "$KEY" -iv $IV -in in300k 2>err | sha)
	rc=$?
	echo "$out"
	if grep -q 'Invalid engine' err || [ "$out" != "$(openssl enc -aes-128-cbc -K "$KEY" -iv $IV -in in300k | sha)" ]; then
		echo no >used
		return 1
	fi
	echo yes >used
	return $rc
}

c_cryptsetup() {
	out=$(cryptsetup benchmark -c aes-cbc -s 256 2>err)
	rc=$?
	echo "$out" | grep -Eo '^ *aes-cbc +256b' | tr -s ' '
	echo "$out" | grep -Eq 'aes-cbc +256b +[0-9.]+ MiB/s' && [ $rc = 0 ] &&
		echo yes >used || echo no >used
	return $rc
}

c_python() {
	/usr/bin/python3 -c '
import socket
s = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
s.bind(("hash", "sha256"))
o, _ = s.accept()
o.sendall(open("in300k", "rb").read())
print(o.recv(32).hex())
' 2>err
	rc=$?
	[ $rc = 0 ] && echo yes >used || echo no >used
	return $rc
}

c_stress_ng() {
	out=$(stress-ng --af-alg 1 --af-alg-ops 200 -t 60 --metrics-brief 2>&1)
	rc=$?
	ops=$(echo "$out" | sed -n 's/.*metrc:.*] af-alg  *\([0-9]*\) .*/\1/p')
	echo "af-alg bogo ops: ${ops:-none}"
	echo "$out" | grep -q 'successful run completed' || rc=1
	[ "${ops:-0}" -gt 0 ] 2>/dev/null && echo yes >used || echo no >used
	return $rc
}

CLIENTS="kcapi-dgst:c_kcapi_dgst kcapi-dgst-hmac:c_kcapi_hmac kcapi-enc:c_kcapi_enc \
kcapi-rng:c_kcapi_rng hardlink:c_hardlink openssl-afalg:c_openssl_afalg \
cryptsetup-benchmark:c_cryptsetup python3-socket:c_python stress-ng:c_stress_ng"

warns() {
	dmesg 2>/dev/null | grep -Ec 'AF_ALG in use|AF_ALG socket denied'
}

run_one() {	# name func mode native|shim
	rm -f used err
	dmesg -C 2>/dev/null
	t0=$(date +%s%N)
	if [ "$4" = shim ]; then
		out=$(LD_PRELOAD="$shim" AFALG_SHIM=always $2 2>/dev/null)
	else
		out=$($2 2>/dev/null)
	fi
	rc=$?
	w=$(warns)
	u=$(cat used 2>/dev/null || echo no)
	h=$(printf '%s\n' "$out" | sha)
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	echo "CLIENT $1 MODE $3 RUN $4 RC $rc USED $u WARN $w OUT $h MS $ms"
	printf '%s\n' "$out" | sed "s/^/  $1 $3 $4 out: /" | head -8
	if [ -s err ]; then
		sed "s/^/  $1 $3 $4 err: /" err | head -4
	fi
	dmesg 2>/dev/null | grep -E 'AF_ALG in use|AF_ALG denied' |
		sed "s/^/  $1 $3 $4 log: /" | head -3
}

# set_mode M: the mode M above as crypto.af_alg_restrict and its log switches
set_mode() {
	case $1 in
	0) set -- 0 0 0 ;;
	1) set -- 0 1 0 ;;
	2) set -- 2 0 1 ;;
	esac
	echo $1 >/proc/sys/crypto/af_alg_restrict &&
		echo $2 >/proc/sys/crypto/af_alg_log_use &&
		echo $3 >/proc/sys/crypto/af_alg_log_deny
}

echo "REF sha256 $(sha <in300k)"
for mode in 0 1 2; do
	set_mode $mode || { echo "MODE $mode cannot be set"; continue; }
	echo "MODE $mode set: $(cat /proc/sys/crypto/af_alg_restrict) log_use $(cat /proc/sys/crypto/af_alg_log_use) log_deny $(cat /proc/sys/crypto/af_alg_log_deny)"
	for c in $CLIENTS; do
		name=${c%%:*}
		func=${c#*:}
		# the kernel log is rate limited to 10 lines per 5 s: the
		# clients before stress-ng log one or two lines each, so a
		# fresh budget at the start of a mode and before stress-ng
		# (which logs one line per algorithm) is enough
		if [ $mode != 0 ] && { [ "$name" = kcapi-dgst ] ||
					[ "$name" = stress-ng ]; }; then
			sleep 5
		fi
		run_one "$name" "$func" $mode native
		run_one "$name" "$func" $mode shim
	done
done
set_mode 0
cd /
rm -rf "$work"
