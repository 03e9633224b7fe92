# SPDX-License-Identifier: GPL-2.0
"""iwd on a kernel with AF_ALG off, under the shim (guest half).

GUEST_SCRIPT runs as root in the patched 6.12 guest, whose mac80211_hwsim
gives two simulated radios.  The first radio moves into a network
namespace "ap" where hostapd (Debian's, OpenSSL inside, no AF_ALG) serves
one network at a time: WPA2-PSK (CCMP), then WPA3-SAE (CCMP, management
frame protection required).  iwd (Debian's, whose ell library does every
hash, HMAC, CMAC and AES key wrap through AF_ALG) manages the second radio
in the root namespace, with its known networks as files in a tmpfs on
/var/lib/iwd and its D-Bus on a dbus-daemon --system started here.

With crypto.af_alg_restrict=2 (the kernel's denial log on):
  - iwd without the shim must fail to start (ell finds no HMAC(SHA1));
  - iwd under LD_PRELOAD of the shim (AFALG_SHIM=fallback, the mode for a
    kernel that refuses) connects to each network: iwctl reports the
    station connected, `iw dev link` the kernel's association, and an IPv4
    ping crosses the hwsim link to the AP's namespace.

Lines it prints, parsed by test_kernel.py iwd:
  phys N                         simulated radios found
  native rc=N                    iwd without the shim (killed after 40 s: 124)
  nativelog LINE                 its output
  dmesg LINE                     the kernel's AF_ALG denials of that run
  hostapd NET rc=N               hostapd started for network NET (psk, sae)
  state NET STATE                iwctl's station state after the connect
  link NET LINE                  iw dev DEV link (first line)
  ping NET rc=N                  ping of the AP across the radios
  ap NET LINE                    hostapd's log lines on the station
  shimlog JSON                   the shim's usage records
  iwdlog LINE                    iwd's debug output (last lines)
  iwctl LINE                     what iwctl's connect commands said
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

PASSPHRASE = 'afalg-exit wireless test'

GUEST_SCRIPT = r"""
set -u
export PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C
SHIM={shim}
W=/tmp/iwd-test
mkdir -p $W
phys=$(ls /sys/class/ieee80211 2>/dev/null)
echo "phys $(echo $phys | wc -w)"
set -- $phys
[ $# -ge 2 ] || exit 1
apphy=$1
echo 2 >/proc/sys/crypto/af_alg_restrict || exit 1
echo 1 >/proc/sys/crypto/af_alg_log_deny || exit 1

mkdir -p /run/dbus /var/lib/iwd /etc/iwd
mount -t tmpfs tmpfs /var/lib/iwd
dbus-daemon --system --fork || exit 1
cat >/etc/iwd/main.conf <<EOF
[General]
EnableNetworkConfiguration=false
EOF
for net in psk sae; do
	printf '[Security]\nPassphrase={passphrase}\n' >/var/lib/iwd/afalg-$net.psk
done

ip netns add ap || exit 1
iw phy $apphy set netns name ap || exit 1
# the first wireless interface of this namespace (not hwsim0, the monitor)
wdev() {{ "$@" iw dev | awk '$1 == "Interface" {{ print $2; exit }}'; }}
apdev=$(wdev ip netns exec ap)
ip netns exec ap ip link set lo up
ip netns exec ap ip addr add 10.14.0.1/24 dev $apdev

# iwd without the shim: ell's start-up probes fail at level 2.
dmesg -C
timeout 40 /usr/libexec/iwd >$W/native.log 2>&1
echo "native rc=$?"
sed 's/^/nativelog /' $W/native.log
dmesg | grep AF_ALG | sed 's/^/dmesg /'

env LD_PRELOAD=$SHIM AFALG_SHIM=fallback AFALG_SHIM_LOG=$W/shim.log \
	/usr/libexec/iwd -d >$W/iwd.log 2>&1 &
iwdpid=$!
sta=""
for t in $(seq 60); do
	sta=$(wdev)
	[ -n "$sta" ] && iwctl station $sta show >/dev/null 2>&1 && break
	sleep 1
done
ip link set $sta up 2>/dev/null
ip addr add 10.14.0.2/24 dev $sta

for net in psk sae; do
	if [ $net = psk ]; then
		keymgmt="wpa_key_mgmt=WPA-PSK"
		secret="wpa_passphrase={passphrase}"
	else
		keymgmt="wpa_key_mgmt=SAE
ieee80211w=2"
		secret="sae_password={passphrase}"
	fi
	cat >$W/hostapd-$net.conf <<EOF
interface=$apdev
driver=nl80211
ssid=afalg-$net
hw_mode=g
channel=1
wpa=2
rsn_pairwise=CCMP
$keymgmt
$secret
EOF
	ip netns exec ap hostapd -B -P $W/hostapd.pid -f $W/hostapd-$net.log \
		$W/hostapd-$net.conf >/dev/null 2>&1
	echo "hostapd $net rc=$?"
	# iwctl's connect returns when iwd has connected or given up; until
	# the AP shows up in a scan it fails at once.
	state=""
	for t in $(seq 20); do
		state=$(iwctl station $sta show 2>/dev/null |
			sed 's/\x1b\[[0-9;]*m//g' | awk '$1 == "State" {{ print $2 }}')
		[ "$state" = connected ] && break
		if [ "$state" = disconnected ]; then
			timeout 60 iwctl station $sta connect afalg-$net \
				>>$W/iwctl.log 2>&1 && continue
			timeout 30 iwctl station $sta scan >/dev/null 2>&1
			sleep 3
		else
			sleep 2
		fi
	done
	echo "state $net $state"
	echo "link $net $(iw dev $sta link | head -n1)"
	busybox ping -c 3 -W 5 10.14.0.1 >$W/ping.log 2>&1
	echo "ping $net rc=$?"
	grep -E 'AP-STA-CONNECTED|EAPOL-4WAY-HS-COMPLETED|SAE' $W/hostapd-$net.log |
		sed "s/^/ap $net /"
	iwctl station $sta disconnect >/dev/null 2>&1
	kill $(cat $W/hostapd.pid) 2>/dev/null
	sleep 2
done
kill $iwdpid 2>/dev/null
wait $iwdpid 2>/dev/null
[ -e $W/shim.log ] && sed 's/^/shimlog /' $W/shim.log
tail -n 60 $W/iwd.log | sed 's/^/iwdlog /'
[ -e $W/iwctl.log ] && sed 's/^/iwctl /' $W/iwctl.log
exit 0
"""


def guest_script(shim):
    return GUEST_SCRIPT.format(shim=shim, passphrase=PASSPHRASE)


def test(tap, kbuild, run, run_guest):
    """The test points; kbuild/run/run_guest from test_kernel.py."""
    import json
    shim = os.environ.get('AFALG_SHIM_LIB', '')
    if not tap.ok(os.path.exists(shim), 'the shim is built (AFALG_SHIM_LIB)',
                  shim):
        return
    missing = [p for p in ('/usr/libexec/iwd', '/usr/bin/iwctl',
                           '/usr/sbin/hostapd', '/usr/sbin/iw',
                           '/usr/bin/dbus-daemon')
               if not os.path.exists(p)]
    if not tap.ok(not missing, 'iwd, hostapd, iw and dbus are installed '
                  '(scripts/packages.txt)', 'missing: %s' % missing):
        return
    kdir = kbuild(tap, 'x86_64')
    if not kdir:
        return
    # the guest's /tmp is its own tmpfs: share the shim's directory, as a
    # checkout (CI's clean clone) may live there
    shim = os.path.abspath(shim)
    rc, out, secs = run([run_guest, '--kernel', kdir, '--timeout', '900',
                         '--share', os.path.dirname(shim),
                         '--cmd', guest_script(shim)])
    if not tap.ok(rc == 0, 'guest runs the hostapd/iwd scenario (%.0fs)'
                  % secs, out[-3000:]):
        return
    lines = out.splitlines()

    def tagged(tag):
        return [l[len(tag) + 1:] for l in lines if l.startswith(tag + ' ')]

    def first(tag, default=''):
        got = tagged(tag)
        return got[0] if got else default

    tap.ok(first('phys') == '2', 'mac80211_hwsim gives the guest two '
           'radios', first('phys'))
    native = first('native')
    nlog = '\n'.join(tagged('nativelog'))
    tap.ok(native not in ('rc=0', 'rc=124', '') and
           'No HMAC(SHA1) support found' in nlog,
           'at af_alg_restrict=2 iwd without the shim exits at start: '
           'ell finds no HMAC(SHA1) (%s)' % native, nlog[-800:])
    tap.ok(bool(tagged('dmesg')), 'the kernel logged refusing iwd\'s '
           'AF_ALG sockets', '\n'.join(tagged('dmesg'))[-800:])
    iwdlog = '\n'.join(tagged('iwdlog'))
    for net, what in (('psk', 'WPA2-PSK'), ('sae', 'WPA3-SAE')):
        tap.ok(first('hostapd ' + net) == 'rc=0',
               'hostapd serves the %s network on one hwsim radio' % what)
        state = first('state ' + net)
        link = first('link ' + net)
        aplog = '\n'.join(tagged('ap ' + net))
        tap.ok(state == 'connected' and link.startswith('Connected to') and
               'AP-STA-CONNECTED' in aplog,
               'iwd under the shim at af_alg_restrict=2 connects to the %s '
               'network (iwctl: %s; iw: %s; hostapd: station connected)'
               % (what, state or 'no state', link or 'no link'),
               aplog + '\n' + iwdlog[-1500:])
        tap.ok(first('ping ' + net) == 'rc=0',
               '%s: IPv4 ping from the station to the AP across the hwsim '
               'link' % what, first('ping ' + net))
    recs = []
    for l in tagged('shimlog'):
        try:
            recs.append(json.loads(l))
        except ValueError:
            tap.diag('unparsable shim log line: ' + l)
    names = sorted({'%s %s' % (r.get('type'), r.get('alg')) for r in recs
                    if 'iwd' in r.get('comm', '') + r.get('exe', '')})
    tap.diag('AF_ALG names iwd used (shim log): ' + ', '.join(names))
    want = {'hash hmac(sha1)', 'hash hmac(sha256)', 'hash cmac(aes)',
            'skcipher ecb(aes)'}
    tap.ok(want <= set(names), 'the shim served iwd %s (PSK: PBKDF2 and '
           'the PRF over HMAC-SHA1, key wrap over AES; SAE: KDF over '
           'HMAC-SHA256, the EAPOL MIC over CMAC-AES)' % ', '.join(
               sorted(want)), 'got %s' % names)
