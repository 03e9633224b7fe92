# SPDX-License-Identifier: GPL-2.0
"""Helpers for the tracer suite: run afalg-trace around a workload.

The ground truth of every check is what the workload itself did, as printed
by afalg-client (which counts its own syscall results) or as fixed by the
kernel's documented behaviour; never the tracer's own output.
"""
import json
import os
import signal
import subprocess
import tempfile
import time


class Tracer:
    """One afalg-trace run.  stop() returns (summary dict, stderr text, rc)."""

    def __init__(self, args=(), cmd=None, ready_timeout=300, env=None):
        self.dir = tempfile.mkdtemp(prefix='afalg-trace-test-')
        self.ready = os.path.join(self.dir, 'ready')
        self.summary_path = os.path.join(self.dir, 'summary.json')
        self.events_path = os.path.join(self.dir, 'events.ndjson')
        cmd = cmd or [os.environ['AFALG_TRACE']]
        self.argv = list(cmd) + ['--ready', self.ready, '-o', self.summary_path] + list(args)
        self.errf = open(os.path.join(self.dir, 'stderr'), 'w+')
        self.proc = subprocess.Popen(self.argv, stdout=subprocess.DEVNULL,
                                     stderr=self.errf, env=env)
        deadline = time.monotonic() + ready_timeout
        while not os.path.exists(self.ready):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        self.started = os.path.exists(self.ready)

    def stop(self, sig=signal.SIGINT, timeout=120):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
        self.errf.seek(0)
        err = self.errf.read()
        self.errf.close()
        summary = None
        try:
            with open(self.summary_path) as f:
                summary = json.load(f)
        except (OSError, ValueError):
            pass
        return summary, err, rc

    def events(self):
        out = []
        try:
            with open(self.events_path) as f:
                for line in f:
                    if line.strip():
                        out.append(json.loads(line))
        except OSError:
            pass
        return out


def client(*args, cgroup=None, check=True):
    """Run afalg-client; returns its ground-truth dict."""
    argv = [os.environ['AFALG_CLIENT']] + [str(a) for a in args]
    if cgroup:
        # move the shell into the cgroup, then exec the client there
        argv = ['/bin/sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup] + argv
    r = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if check and r.returncode != 0 and not r.stdout.strip():
        raise RuntimeError('afalg-client failed: %s %s' % (argv, r.stderr))
    lines = [l for l in r.stdout.splitlines() if l.startswith('{')]
    return [json.loads(l) for l in lines] if len(lines) != 1 else json.loads(lines[0])


def entries(summary, exe=None, alg='*', type_='*'):
    out = []
    for e in (summary or {}).get('entries', []):
        if exe is not None and e['exe'] != exe:
            continue
        if alg != '*' and e['alg'] != alg:
            continue
        if type_ != '*' and e['type'] != type_:
            continue
        out.append(e)
    return out


def proc_of(summary, pid):
    """All per-process records of pid across entries."""
    out = []
    for e in (summary or {}).get('entries', []):
        for p in e['processes']:
            if p['pid'] == pid:
                out.append((e, p))
    return out


IDENTITY = ('ppid', 'comm', 'pidns', 'mntns')


def identity_mismatch(recs, truth):
    """Where the (entry, process) records of one pid disagree with the
    identity the process reported itself (afalg-client reads its own ppid,
    comm, /proc/self/ns/{pid,mnt}, /proc/self/cgroup, /proc/self/exe).
    Returns a list of strings, empty when everything agrees."""
    bad = []
    for e, p in recs:
        for k in ('exe', 'uid', 'cgroup'):
            if k in truth and e[k] != truth[k]:
                bad.append('%s: %r != %r' % (k, e[k], truth[k]))
        for k in IDENTITY:
            if k in truth and p[k] != truth[k]:
                bad.append('%s: %r != %r' % (k, p[k], truth[k]))
    return bad


def cgroup2_root():
    with open('/proc/mounts') as f:
        for line in f:
            parts = line.split()
            if parts[2] == 'cgroup2':
                return parts[1]
    return None


def afalg_available():
    """True when this kernel can create AF_ALG sockets (ground truth: the kernel)."""
    import socket
    try:
        s = socket.socket(38, socket.SOCK_SEQPACKET, 0)
        s.close()
        return True
    except OSError:
        return False


def can_bpf():
    return os.geteuid() == 0


def read_lines_json(path):
    """The JSON objects of a file, one per line (other lines ignored)."""
    out = []
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith('{'):
                    out.append(json.loads(line))
    except OSError:
        pass
    return out


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def guest_workload(base, run_guest, files, args, phases):
    """Boot the guest once (kernel-patches/run-guest) and run
    guest-workload.sh there for the given phases.  base is shared with the
    guest at the same path (not under /tmp: the guest has its own):
    files [(host path, name)] are copied to base/bin, results appear in
    base/out.  args: the script's TRACE CLIENT BTWRAPPER LOAD arguments,
    names in base/bin or numbers.  Returns (completed process, out dir)."""
    import shutil
    if os.path.exists(base):
        shutil.rmtree(base)
    out = os.path.join(base, 'out')
    bindir = os.path.join(base, 'bin')
    os.makedirs(out)
    os.makedirs(bindir)
    here = os.path.dirname(os.path.abspath(__file__))
    for src, name in list(files) + [(os.path.join(here, 'guest-workload.sh'),
                                     'guest-workload.sh')]:
        shutil.copy(src, os.path.join(bindir, name))
    argv = [a if isinstance(a, int) else os.path.join(bindir, a) for a in args]
    cmd = 'sh %s/guest-workload.sh %s %s "%s"' % (
        bindir, out, ' '.join(str(a) for a in argv), ' '.join(phases))
    kernel = ['--kernel', os.environ['AFALG_GUEST_KERNEL']] \
        if os.environ.get('AFALG_GUEST_KERNEL') else []
    r = subprocess.run([run_guest] + kernel + ['--share', base, '--timeout',
                        os.environ.get('AFALG_GUEST_TIMEOUT', '3000'), '--cmd', cmd],
                       capture_output=True, text=True)
    return r, out


def guest_run_guest(tap, what):
    """The run-guest to boot with, or a TAP skip (and exit) when the guest
    tests are off (AFALG_TRACER_GUEST=0), run-guest is missing or the static
    tracer is not built."""
    if os.environ.get('AFALG_TRACER_GUEST') == '0':
        tap.skip(what, 'skipped on request (AFALG_TRACER_GUEST=0)')
        tap.done()
    top = os.environ.get('AFALG_TOP', os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))
    run_guest = os.environ.get('AFALG_RUN_GUEST') or os.path.join(
        top, 'kernel-patches', 'run-guest')
    if not os.access(run_guest, os.X_OK):
        tap.skip(what, 'kernel-patches/run-guest not present (issue 6)')
        tap.done()
    static = os.environ.get('AFALG_TRACE_STATIC')
    if not static or not os.path.exists(static):
        tap.skip(what, 'afalg-trace-static not built')
        tap.done()
    return run_guest


def guest_python(tap, run_guest, name, files, script, args, timeout='3000'):
    """Boot the guest once and run python3 SCRIPT OUT ARGS... there.  The
    folder AFALG_GUEST_OUT/name is shared with the guest at the same path
    (the guest's /tmp is its own): files [(host path, name)] and the
    script are copied to its bin/, results appear in its out/; args name
    files in bin/ as 'bin/NAME'.  Returns (completed process, out dir)."""
    import shutil
    here = os.path.dirname(os.path.abspath(__file__))
    base = os.path.join(os.environ.get('AFALG_GUEST_OUT') or os.path.join(
        os.environ.get('MESON_BUILD_ROOT', '.'), 'tracer-guest'), name)
    shutil.rmtree(base, ignore_errors=True)
    out, bindir = os.path.join(base, 'out'), os.path.join(base, 'bin')
    os.makedirs(out)
    os.makedirs(bindir)
    for src, dst in list(files) + [(os.path.join(here, script), script)]:
        shutil.copy(src, os.path.join(bindir, dst))
    argv = [os.path.join(bindir, a[4:]) if str(a).startswith('bin/') else str(a)
            for a in args]
    cmd = 'python3 %s %s %s' % (os.path.join(bindir, script), out, ' '.join(argv))
    kernel = ['--kernel', os.environ['AFALG_GUEST_KERNEL']] \
        if os.environ.get('AFALG_GUEST_KERNEL') else []
    t0 = time.monotonic()
    r = subprocess.run([run_guest] + kernel + ['--share', base, '--timeout',
                        os.environ.get('AFALG_GUEST_TIMEOUT', timeout), '--cmd', cmd],
                       capture_output=True, text=True)
    tap.diag('guest run: %.0f s, exit %d' % (time.monotonic() - t0, r.returncode))
    return r, out
