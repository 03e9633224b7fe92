# SPDX-License-Identifier: GPL-2.0
#
# The demo's AF_ALG clients, sourced by scripts/demo-guest.sh and by the
# guest half of tests/kernel/afalg_restrict_shim.py (POSIX sh).
#
# make_demo_data DIR: the inputs, deterministic so that the host can
# recompute every digest; sets DATA, KEY and IV.  Then each client is a
# shell function c_NAME (NAME in $CLIENTS) whose stdout is what gets
# compared; it may write scratch files to $PHASE_DIR.

make_demo_data() {
	DATA=$1
	mkdir -p "$DATA"
	head -c 100000 /dev/zero | tr '\0' 'a' >"$DATA/msg"
	mkdir -p "$DATA/tree"
	for i in 1 2 3; do cp "$DATA/msg" "$DATA/tree/copy$i"; done
	printf 'different' >"$DATA/tree/other"
	printf 'demo-hmac-key-32-bytes-long!!!!!' >"$DATA/hmac.key"
	printf '0123456789abcdef' >"$DATA/aes.key"
}

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
