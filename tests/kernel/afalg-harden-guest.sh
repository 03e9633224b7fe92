#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runs as root in the test guest (kernel-patches/run-guest, host root
# overlaid, no systemd): applies the files afalg-harden wrote under $1
# (profile directories lvl0, lvl1, lvl2) and reports what took effect as
# KEY=VALUE lines for tests/kernel/test_afalg_harden_guest.py.
set -u
dir=$1
echo "uname=$(uname -r)"
echo "default=$(cat /proc/sys/crypto/af_alg_restrict)"
# Lowest level first: a level can always be raised, whatever the series
# decides about lowering it again.
for p in lvl0 lvl1 lvl2; do
	sysctl -q -p "$dir/$p/sysctl.d/60-afalg-restrict.conf"
	echo "$p.sysctl_rc=$?"
	echo "$p.value=$(cat /proc/sys/crypto/af_alg_restrict)"
	/usr/bin/python3 "$dir/afalg-probe.py" "$p"
done

# modprobe: the guest kernel has no module support (CONFIG_MODULES=n, the
# algif_* code is built in), so it never runs modprobe itself, and with
# the modules listed as built in modprobe ignores install rules.  What is
# checked is modprobe's answer on a modular layout: stub objects named
# like the modules (made on the host, $dir/stubs) indexed by depmod under
# /lib/modules/$(uname -r) in the writable overlay.  They cannot be
# loaded; the dry run (-n -v) shows what modprobe would do.
m=/lib/modules/$(uname -r)
mkdir -p "$m/kernel/crypto" /etc/modprobe.d
cp "$dir"/stubs/*.ko "$m/kernel/crypto/"
depmod 2>/dev/null
rm -f /etc/modprobe.d/afalg-deny.conf
echo "norules.dry=$(modprobe -n -v algif_aead 2>&1 | tr '\n' ' ')"
for p in lvl2 lvl1; do
	cp "$dir/$p/modprobe.d/afalg-deny.conf" /etc/modprobe.d/afalg-deny.conf
	for x in algif_aead algif_hash; do
		err=$(modprobe "$x" 2>&1)
		echo "$p.$x.modprobe_rc=$?"
		echo "$p.$x.err=$(echo "$err" | tr '\n' ' ')"
		echo "$p.$x.dry=$(modprobe -n -v "$x" 2>&1 | tr '\n' ' ')"
	done
done
exit 0
