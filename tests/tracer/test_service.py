#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer": afalg-trace.service, checked without loading anything
(runs under bpf-deny).  systemd's own tools judge the unit
(systemd-analyze verify, and security --offline for its exposure); the
hardening the unit promises is read from it; its ExecStart, with the
state directory made here, is run and must get as far as loading the BPF
programs (refused by bpf-deny's filter), so every option in it parses."""
import os
import re
import shlex
import subprocess

from kctest import run_tests

UNIT = os.environ['AFALG_TRACE_UNIT']
TRACE = os.environ['AFALG_TRACE']


def directives(path):
    """{key: [values]} of the unit's [Service] section."""
    out, section = {}, None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith('['):
                section = line
            elif section == '[Service]' and '=' in line and not line.startswith('#'):
                k, _, v = line.partition('=')
                out.setdefault(k, []).append(v)
    return out


def local_unit(tmp):
    """The unit with ExecStart on the built afalg-trace (verify wants it to exist)."""
    with open(UNIT) as f:
        text = f.read()
    text = re.sub(r'^ExecStart=\S*afalg-trace', 'ExecStart=' + TRACE, text, flags=re.M)
    path = os.path.join(tmp, 'afalg-trace.service')
    with open(path, 'w') as f:
        f.write(text)
    return path


def test_systemd_judges(tap, tmp):
    unit = local_unit(tmp)
    r = subprocess.run(['systemd-analyze', 'verify', '--man=no', unit], capture_output=True,
                       text=True, timeout=120)
    tap.ok(r.returncode == 0 and not r.stdout.strip() and not r.stderr.strip(),
           'systemd-analyze verify: the unit is clean', r.stdout + r.stderr)
    r = subprocess.run(['systemd-analyze', 'security', '--offline=yes', unit],
                       capture_output=True, text=True, timeout=120)
    m = re.search(r'Overall exposure level for \S+: ([0-9.]+)', r.stdout + r.stderr)
    tap.ok(m and float(m.group(1)) <= 2.0,
           'systemd-analyze security: exposure %s (at most 2.0)' % (m and m.group(1)),
           (r.stdout + r.stderr)[-3000:])


def test_promises(tap):
    d = directives(UNIT)
    caps = set(' '.join(d.get('CapabilityBoundingSet', [])).split())
    want = {'ProtectSystem': 'strict', 'StateDirectory': 'afalg-trace',
            'Restart': 'on-failure', 'NoNewPrivileges': 'yes', 'PrivateNetwork': 'yes',
            'ProtectKernelModules': 'yes'}
    bad = {k: d.get(k) for k, v in want.items() if d.get(k) != [v]}
    tap.ok(caps == {'CAP_BPF', 'CAP_PERFMON', 'CAP_SYS_RESOURCE'} and not bad,
           'the unit keeps only the capabilities BPF loading needs, strict and restarting',
           'caps %s, other %s' % (caps, bad))


def test_exec_start_parses(tap, tmp):
    d = directives(UNIT)
    state = os.path.join(tmp, 'state')
    os.makedirs(state)
    argv = shlex.split(d['ExecStart'][0].replace('${STATE_DIRECTORY}', state))
    argv[0] = TRACE
    r = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    # bpf-deny refuses bpf(): the tracer says so in one line, or (not root)
    # that it lacks privileges; an option it does not take would be a usage error
    said = r.stderr.strip().splitlines()
    tap.ok(r.returncode == 1 and said and ('seccomp' in said[-1] or 'privileges' in said[-1])
           and 'Usage' not in r.stderr and '--help' not in r.stderr,
           "the unit's ExecStart parses and gets as far as loading (%s)" % ' '.join(argv[1:]),
           'exit %d: %s' % (r.returncode, r.stderr[-1500:]))


if __name__ == '__main__':
    run_tests(test_systemd_judges, test_promises, test_exec_start_parses,
              tmp_prefix='kctest-service-')
