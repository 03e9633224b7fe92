# SPDX-License-Identifier: GPL-2.0
"""Helpers for the suite "shim": run unmodified programs under the shim.

Environment (set by meson): AFALG_SHIM_LIB is the built libafalg-shim.so.
The TAP producer is tests/lib's kctest.
"""
import os
import subprocess
import sys

from kctest import Tap, forward_checks, rng, randbytes  # noqa: F401 (for the drivers)

SHIM = os.environ.get('AFALG_SHIM_LIB', '')


def _sanitizer_runtime():
    """The ASan runtime the shim was linked with (the sanitizer build of
    scripts/run-tests), or None.  It must come first in LD_PRELOAD when
    the shim is preloaded into programs that were not built with it."""
    try:
        out = subprocess.run(['ldd', SHIM], capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0].startswith('libasan.so') and len(parts) > 2:
            return parts[2]
    return None


ASAN_RT = _sanitizer_runtime() if SHIM else None


def shim_env(extra=None, mode='always'):
    env = dict(os.environ)
    env['LD_PRELOAD'] = SHIM
    if ASAN_RT:
        # the programs under test are not ours: their leaks are not the
        # shim's, but every memory error inside the shim still aborts
        env['LD_PRELOAD'] = '%s %s' % (ASAN_RT, SHIM)
        env['ASAN_OPTIONS'] = 'detect_leaks=0:abort_on_error=1'
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


def tap_needing(progs, what, missing):
    """The TAP producer of a driver that runs the programs progs; when one
    is not installed, the whole driver is one skip, what: missing."""
    tap = Tap()
    if not all(have(p) for p in progs):
        tap.skip(what, missing)
        tap.done()
    return tap


def checks_in_child(path, child):
    """The driver @path either is the child preloaded with the shim
    (SHIM_CHILD=1): run child(), which prints PASS/FAIL/SKIP lines; or the
    parent: run @path again as that child and turn its lines into TAP."""
    if os.environ.get('SHIM_CHILD') == '1':
        child()
        return
    tap = Tap()
    p = subprocess.run([sys.executable, path],
                       env=shim_env({'SHIM_CHILD': '1'}),
                       capture_output=True, text=True, timeout=600)
    forward_checks(tap, p)
    tap.done()


def run_scenarios(path, scenarios, timeout, extra_env=None):
    """The driver @path either is one scenario's child, preloaded with the
    shim (SHIM_CHILD=1, the scenario's name in argv[1]): run it, printing
    PASS/FAIL/SKIP lines; or the parent: run every scenario so, each in a
    session of its own, and turn their lines into TAP.  A scenario still
    running after @timeout seconds is killed with its whole process group
    (forked children included) and fails alone."""
    import signal
    if os.environ.get('SHIM_CHILD') == '1':
        scenarios[sys.argv[1]]()
        return
    tap = Tap()
    env = {'SHIM_CHILD': '1'}
    env.update(extra_env or {})
    for name in scenarios:
        p = subprocess.Popen([sys.executable, path, name],
                             env=shim_env(env),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True)
        try:
            p.stdout, p.stderr = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            tap.ok(False, '%s: finished' % name,
                   'still running after %d s (a hang)' % timeout)
            continue
        forward_checks(tap, p, name)
    tap.done()
