# SPDX-License-Identifier: GPL-2.0
"""scripts/progress: the estimate line and the off-terminal behaviour.

The ticker's line is computed by `scripts/progress --line LABEL ELAPSED
[LAST]`; the expected texts are written out here from the rule in the
script's header (time so far, time left = LAST - ELAPSED, or "longer than
last time").  Run off a terminal (stderr is a pipe here) only the start and
end lines may appear, the command's status must come back, and the
duration of a successful run must be stored and used by the next run's
start line, while a failed run must not replace it.
"""
import os
import subprocess

from kctest import run_tests

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRESS = os.path.join(TOP, 'scripts', 'progress')


def run(args, env=None):
    return subprocess.run([PROGRESS] + args, capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL)


def test_line(tap):
    lines = [
        (['b', '40', '100'], '== b: 0m40s so far, about 1m00s left'),
        (['b', '0', '59'], '== b: 0m00s so far, about 0m59s left'),
        (['b', '600', '3725'], '== b: 10m00s so far, about 52m05s left'),
        (['b', '130', '100'], '== b: 2m10s so far, longer than last time (1m40s)'),
        (['b', '100', '100'], '== b: 1m40s so far, longer than last time (1m40s)'),
        (['guest boot', '65'], '== guest boot: 1m05s so far'),
    ]
    for args, want in lines:
        r = run(['--line'] + args)
        tap.ok(r.returncode == 0 and r.stdout == want + '\n',
               '--line %s' % ' '.join(args), diag='got %r want %r' % (r.stdout, want))
    for bad in (['b', '4x', '10'], ['b', '10', '-1'], ['b'], ['b', '1', '2', '3']):
        r = run(['--line'] + bad)
        tap.ok(r.returncode == 2 and r.stderr and not r.stdout,
               '--line %s refused with status 2' % ' '.join(bad),
               diag=(r.returncode, r.stdout, r.stderr))


def test_durations(tap, tmp):
    env = dict(os.environ, XDG_CACHE_HOME=tmp)
    stored = os.path.join(tmp, 'afalg-exit', 'durations', 'step_one')
    r = run(['step one', 'sh', '-c', 'echo out; echo err >&2; sleep 1'], env)
    err = r.stderr.splitlines()
    tap.ok(r.returncode == 0 and r.stdout == 'out\n', 'command output and status pass through',
           diag=(r.returncode, r.stdout))
    tap.ok(err[0] == '== step one: started (no earlier run to estimate from)'
           and 'err' in err and err[-1].startswith('== step one: done in 0m0')
           and len(err) == 3, 'off a terminal: only start and end lines', diag=err)
    ok = os.path.exists(stored)
    secs = open(stored).read().strip() if ok else None
    tap.ok(ok and secs in ('1', '2'), 'the duration of a successful run is stored',
           diag=secs)
    with open(stored, 'w') as fp:
        fp.write('754\n')
    r = run(['step one', 'sh', '-c', 'exit 7'], env)
    err = r.stderr.splitlines()
    tap.ok(r.returncode == 7 and err[0] == '== step one: started (last time 12m34s)'
           and err[-1] == '== step one: failed (status 7) after 0m00s' and len(err) == 2,
           'the next run starts with the stored time; a failure keeps its status',
           diag=(r.returncode, err))
    tap.ok(open(stored).read().strip() == '754', 'a failed run does not replace the estimate')
    r = run(['nested', 'sh', '-c', 'echo "$AFALG_PROGRESS"'], env)
    tap.ok(r.stdout == '1\n', 'the command is told it is reported on (AFALG_PROGRESS=1)',
           diag=r.stdout)


if __name__ == '__main__':
    run_tests(test_line, test_durations, tmp_prefix='kctest-progress-')
