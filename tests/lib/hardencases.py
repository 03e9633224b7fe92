# SPDX-License-Identifier: GPL-2.0
"""afalg-harden's made-up inventories whose answer is known, and the call
that turns one into a profile: tests/tools/test_afalg_harden.py checks
the profiles on this host, tests/kernel/test_afalg_harden_guest.py
applies them in the guest.  AFALG_HARDEN (set by meson) names the script.
"""
import json
import os
import subprocess

HARDEN = os.environ['AFALG_HARDEN']


def inventory(entries, available='module'):
    return {'schema': 'afalg-trace-inventory', 'schema_version': 1,
            'af_alg': {'available': available}, 'entries': entries}


def entry(exe, uid, cgroup, typ, alg, **kw):
    e = {'exe': exe, 'uid': uid, 'cgroup': cgroup, 'type': typ, 'alg': alg,
         'sockets_created': 0, 'attempts': 0, 'tfm_sockets': 1}
    e.update(kw)
    return e


IWD = entry('/usr/libexec/iwd', 0, '/system.slice/iwd.service', 'hash',
            'hmac(sha256)')
IWD_SOCK = entry('/usr/libexec/iwd', 0, '/system.slice/iwd.service', None,
                 None, sockets_created=3, attempts=3, tfm_sockets=0)
USER = entry('/home/u/bin/enc', 1000, '/user.slice/user-1000.slice/session-2.scope',
             'skcipher', 'cbc(aes)')


def harden(tap, tmp, name, inv, *extra):
    path = os.path.join(tmp, name + '.json')
    with open(path, 'w') as f:
        json.dump(inv, f)
    out = os.path.join(tmp, name)
    r = subprocess.run([HARDEN, '-o', out, path] + list(extra),
                       capture_output=True, text=True)
    tap.ok(r.returncode == 0, '%s: runs' % name, r.stderr)
    return out
