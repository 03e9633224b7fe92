# SPDX-License-Identifier: GPL-2.0
"""Helpers for the suite "shim": run unmodified programs under the shim.

Environment (set by meson): AFALG_SHIM_LIB is the built libafalg-shim.so.
The TAP producer is tests/lib's kctest.
"""
import os
import subprocess
import sys

from kctest import Tap, forward_checks, rng, randbytes, run_tests  # noqa: F401 (for the drivers)

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


def needing(progs, what, missing):
    """A first test for run_tests() in a driver that runs the programs
    @progs: when one is not installed, the whole driver is one skip,
    @what: @missing, and it ends there."""
    def programs_installed(tap):
        if not all(have(p) for p in progs):
            tap.skip(what, missing)
            tap.done()
    return programs_installed


def is_child():
    """Whether this driver runs as its own child, preloaded with the shim
    (SHIM_CHILD set by child_checks() or scenario_tests())."""
    return os.environ.get('SHIM_CHILD') == '1'


def child_checks(path, timeout=600):
    """The test for run_tests() of a driver @path whose checks run in its
    child (is_child(): it prints PASS/FAIL/SKIP lines): run @path again
    as that child, preloaded with the shim, and turn its lines into TAP."""
    def checks_in_child(tap):
        p = subprocess.run([sys.executable, path],
                           env=shim_env({'SHIM_CHILD': '1'}),
                           capture_output=True, text=True, timeout=timeout)
        forward_checks(tap, p)
    return checks_in_child


def run_scenario(scenarios):
    """In the child (is_child()): run the scenario named in argv[1]."""
    scenarios[sys.argv[1]]()


def scenario_tests(path, scenarios, timeout, extra_env=None):
    """The tests for run_tests() of a driver @path made of @scenarios, one
    per scenario: each runs @path again as the child (is_child(), the
    scenario's name in argv[1]; run_scenario() there), preloaded with the
    shim, in a session of its own, and turns its PASS/FAIL/SKIP lines into
    TAP.  A scenario still running after @timeout seconds is killed with
    its whole process group (forked children included) and fails alone."""
    import functools
    import signal
    env = {'SHIM_CHILD': '1'}
    env.update(extra_env or {})

    def scenario(tap, name):
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
            return
        forward_checks(tap, p, name)
    return [functools.partial(scenario, name=name) for name in scenarios]
