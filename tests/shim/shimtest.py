# SPDX-License-Identifier: GPL-2.0
"""Helpers for the suite "shim": run unmodified programs under the shim.

Environment (set by meson): AFALG_SHIM_LIB is the built libafalg-shim.so.
The unit suite's TAP helper is reused for output.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'unit'))
from kctest import Tap, rng, randbytes  # noqa: E402,F401

SHIM = os.environ.get('AFALG_SHIM_LIB', '')


def shim_env(extra=None, mode='always'):
    env = dict(os.environ)
    env['LD_PRELOAD'] = SHIM
    env['AFALG_SHIM'] = mode
    if extra:
        env.update(extra)
    return env


def run(argv, data=None, env=None, timeout=300, pass_fds=(), stdin=None,
        shim=True):
    """Run argv under the shim; returns CompletedProcess with bytes."""
    e = shim_env() if shim else dict(os.environ)
    if env:
        e.update(env)
    return subprocess.run(argv, input=data, stdin=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=e, timeout=timeout, pass_fds=pass_fds)


def have(prog):
    from shutil import which
    return which(prog) is not None
