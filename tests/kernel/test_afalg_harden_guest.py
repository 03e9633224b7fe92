# SPDX-License-Identifier: GPL-2.0
"""afalg-harden's sysctl and modprobe files applied in the test guest.

One boot of the patched 6.12 guest (kernel-patches/run-guest, TCG, no
systemd) runs tests/kernel/afalg-harden-guest.sh on three generated
profiles whose levels are known (tests/lib/hardencases.py: no user 2,
root iwd on hmac(sha256) 1, a user's cbc(aes) 0):

- sysctl -p of the generated file sets crypto.af_alg_restrict to the
  level written in that file, and the level acts: at 2 no AF_ALG socket
  (EAFNOSUPPORT), at 1 hmac(sha256) still binds, at 0 cbc(aes) binds;
- the guest kernel has no module support (CONFIG_MODULES=n, algif_*
  built in), so the kernel never asks modprobe for them and the modprobe
  rules cannot change what the sockets do there (and modprobe ignores
  install rules for a module listed as built in).  What is checked is
  modprobe itself in the guest on a modular layout (stub objects named
  like the modules, indexed by depmod): with the rules installed
  `modprobe algif_aead` is refused by the install command (status 1) and
  `modprobe -n -v` shows the rule, while without the rules the dry run
  would insmod the module; a type the inventory uses (hash for iwd)
  is still one modprobe would load.

KERNEL_DIR_X86_64 names a kernel built elsewhere; otherwise
kernel-patches/kbuild (cached) provides it.
"""
import os
import re
import subprocess
import tempfile

import hardencases as th  # inventories with known levels
from kctest import run_tests

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
KP = os.path.join(TOP, 'kernel-patches')

PROFILES = {'lvl2': [], 'lvl1': [th.IWD_SOCK, th.IWD], 'lvl0': [th.IWD, th.USER]}
KNOWN_LEVEL = {'lvl0': '0', 'lvl1': '1', 'lvl2': '2'}


def generated_level(out):
    with open(os.path.join(out, 'sysctl.d', '60-afalg-restrict.conf')) as f:
        m = re.search(r'^crypto\.af_alg_restrict = (\d)$', f.read(), re.M)
    return m.group(1) if m else None


def kernel_dir(tap):
    given = os.environ.get('KERNEL_DIR_X86_64')
    if given:
        return given
    r = subprocess.run([os.path.join(KP, 'kbuild')], capture_output=True, text=True)
    if not tap.ok(r.returncode == 0, 'x86_64 guest kernel built or cached',
                  r.stderr[-2000:]):
        return None
    return r.stdout.strip().splitlines()[-1]


def check_harden_in_guest(tap):
    kdir = kernel_dir(tap)
    if not kdir:
        return
    with tempfile.TemporaryDirectory(prefix='harden-guest-', dir='/var/tmp') as tmp:
        os.chmod(tmp, 0o755)
        levels = {}
        for name, entries in PROFILES.items():
            out = th.harden(tap, tmp, name, th.inventory(entries, available='builtin'))
            levels[name] = generated_level(out)
            tap.ok(levels[name] == KNOWN_LEVEL[name], '%s: generated level %s'
                   % (name, KNOWN_LEVEL[name]), levels[name])
        stubs = os.path.join(tmp, 'stubs')
        os.mkdir(stubs)
        for mod in ('af_alg', 'algif_hash', 'algif_skcipher', 'algif_aead',
                    'algif_rng'):
            # Only what depmod reads: a relocatable object with .modinfo.
            src = os.path.join(stubs, mod + '.c')
            with open(src, 'w') as f:
                f.write('static const char modinfo[] __attribute__((section('
                        '".modinfo"), used)) = "name=%s\\0license=GPL";\n' % mod)
            subprocess.run(['gcc', '-c', '-o', os.path.join(stubs, mod + '.ko'),
                            src], check=True)
        for f in ('afalg-harden-guest.sh', 'afalg-probe.py'):
            with open(os.path.join(HERE, f)) as src, \
                    open(os.path.join(tmp, f), 'w') as dst:
                dst.write(src.read())
        r = subprocess.run([os.path.join(KP, 'run-guest'), '--kernel', kdir,
                            '--share', tmp, '--cmd',
                            'sh %s/afalg-harden-guest.sh %s' % (tmp, tmp)],
                           capture_output=True, text=True)
        if not tap.ok(r.returncode == 0, 'the guest runs the checks',
                      (r.stdout + r.stderr)[-3000:]):
            return
        res = dict(l.split('=', 1) for l in r.stdout.splitlines() if '=' in l)
        tap.diag('guest kernel %s, boot default af_alg_restrict %s'
                 % (res.get('uname'), res.get('default')))
        for name in ('lvl0', 'lvl1', 'lvl2'):
            tap.ok(res.get(name + '.sysctl_rc') == '0' and
                   res.get(name + '.value') == levels[name],
                   '%s: after sysctl -p crypto.af_alg_restrict is the generated %s'
                   % (name, levels[name]), res.get(name + '.value'))
        tap.ok(res.get('lvl0.cbc') == 'ok', 'level 0: cbc(aes) binds',
               res.get('lvl0.cbc'))
        tap.ok(res.get('lvl1.hmac') == 'ok', 'level 1: hmac(sha256) binds',
               res.get('lvl1.hmac'))
        tap.ok(res.get('lvl2.socket') == 'EAFNOSUPPORT',
               'level 2: socket(AF_ALG) fails with EAFNOSUPPORT', res.get('lvl2.socket'))
        tap.ok(re.match(r'insmod \S*/algif_aead\.ko', res.get('norules.dry', '')),
               'without the rules modprobe would insmod algif_aead',
               res.get('norules.dry'))
        for name, mod, refused in (('lvl2', 'algif_aead', True),
                                   ('lvl2', 'algif_hash', True),
                                   ('lvl1', 'algif_aead', True),
                                   ('lvl1', 'algif_hash', False)):
            rc = res.get('%s.%s.modprobe_rc' % (name, mod))
            err = res.get('%s.%s.err' % (name, mod), '')
            dry = res.get('%s.%s.dry' % (name, mod), '')
            if refused:
                tap.ok(rc == '1' and "install command '/bin/false'" in err
                       and dry.startswith('install /bin/false'),
                       '%s rules: modprobe %s refused by the install rule'
                       % (name, mod), (rc, err, dry))
            else:
                tap.ok(re.match(r'insmod \S*/%s\.ko' % mod, dry) and 'install' not in err,
                       '%s rules: %s (used by the inventory) is not blocked'
                       % (name, mod), (rc, err, dry))


if __name__ == '__main__':
    run_tests(check_harden_in_guest)
