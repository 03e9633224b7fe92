#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Runs INSIDE the QEMU guest (kernel-patches/run-guest, booted by
test_tracer_state.py): afalg-trace --state across restarts, around
afalg-client runs whose own accounts are the ground truth.

  state-guest.py OUT TRACE CLIENT

Phase a, orderly restarts: tracer 1 around "hash sha256 5"; SIGTERM;
tracer 2 (same --state) around "hash sha256 7" and "skcipher cbc(aes) 3";
SIGTERM.  Phase b, a crash: tracer 3 around "hash sha256 4", the snapshot
that shows it copied, SIGKILL; tracer 4 around "hash sha256 6"; SIGTERM.
Phase c, a state file written here (statefile.py): a carried process
with the pid a live client will have (another identity), and 20 carried
processes of another exe under --max-entries 16.  Every tracer sends its
journal records to a socket this script reads.

Writes OUT/results.json: per phase the inventories, the clients'
accounts, the journal datagrams (hex), the tracers' stderr and exit
statuses; the host checks them.
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import statefile as sf  # noqa: E402
from tracerlib import load  # noqa: E402

WORK = '/tmp/state-test'        # the guest's own tmpfs


class Journal:
    """A datagram socket standing for journald's: what the tracer sends."""

    def __init__(self, path):
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(path)
        self.sock.setblocking(False)
        self.got = []

    def drain(self):
        try:
            while True:
                self.got.append(self.sock.recv(1 << 16).hex())
        except BlockingIOError:
            pass

    def take(self):
        self.drain()
        got, self.got = self.got, []
        return got


class Tracer:
    def __init__(self, state, journal, name, *extra):
        self.inv = os.path.join(WORK, 'inventory.json')
        ready = os.path.join(WORK, 'ready')
        if os.path.exists(ready):
            os.unlink(ready)
        self.errpath = os.path.join(WORK, name + '.err')
        self.journal = journal
        with open(self.errpath, 'w') as err:
            self.proc = subprocess.Popen(
                [TRACE, '--state', state, '--interval', '1', '--journal-socket', journal.path,
                 '-o', self.inv, '--ready', ready] + list(extra),
                stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.monotonic() + 300
        while not os.path.exists(ready) and self.proc.poll() is None and \
                time.monotonic() < deadline:
            journal.drain()
            time.sleep(0.1)
        self.ready = os.path.exists(ready)

    def stop(self, sig=signal.SIGTERM):
        self.proc.send_signal(sig)
        deadline = time.monotonic() + 120
        while self.proc.poll() is None and time.monotonic() < deadline:
            self.journal.drain()
            time.sleep(0.1)
        if self.proc.poll() is None:
            self.proc.kill()
        rc = self.proc.wait()
        with open(self.errpath) as f:
            err = f.read()
        return {'ready': self.ready, 'rc': rc, 'stderr': err, 'inventory': load(self.inv)}


def client(*args):
    r = subprocess.run([CLIENT] + [str(a) for a in args], capture_output=True, text=True,
                       timeout=300)
    lines = [l for l in r.stdout.splitlines() if l.startswith('{')]
    return json.loads(lines[-1]) if lines else {'error': r.stderr[-500:]}


def fresh(name):
    path = os.path.join(WORK, name)
    for p in (path, path + '.bad'):
        if os.path.exists(p):
            os.unlink(p)
    return path


def phase_a(journal):
    state = fresh('state-a')
    t = Tracer(state, journal, 'a1')
    c1 = client('hash', 'sha256', 5, 64)
    r1 = t.stop()
    r1['journal'] = journal.take()
    t = Tracer(state, journal, 'a2')
    c2 = client('hash', 'sha256', 7, 64)
    c3 = client('skcipher', 'cbc(aes)', 16, 3, 32)
    r2 = t.stop()
    r2['journal'] = journal.take()
    return {'runs': [r1, r2], 'clients': [c1, c2, c3]}


def sha256_ops(inv, exe):
    return sum(e['ops_sent'] for e in (inv or {}).get('entries', [])
               if e['exe'] == exe and e['alg'] == 'sha256')


def phase_b(journal):
    state = fresh('state-b')
    t = Tracer(state, journal, 'b1')
    c4 = client('hash', 'sha256', 4, 64)
    # the snapshot (every second) that has counted the client, then a crash
    deadline = time.monotonic() + 60
    snap = None
    while time.monotonic() < deadline:
        snap = load(t.inv)
        if sha256_ops(snap, c4.get('exe')) == c4.get('ops_sent'):
            break
        time.sleep(0.2)
    r1 = t.stop(signal.SIGKILL)
    r1['snapshot'] = snap
    r1['journal'] = journal.take()
    t = Tracer(state, journal, 'b2')
    c5 = client('hash', 'sha256', 6, 64)
    r2 = t.stop()
    r2['journal'] = journal.take()
    return {'runs': [r1, r2], 'clients': [c4, c5]}


def phase_c(journal):
    """A carried process with the pid the next client has, and a row of 20
    carried processes under --max-entries 16."""
    state = fresh('state-c')
    rd, wr = os.pipe()
    outpath = os.path.join(WORK, 'c.out')
    pid = os.fork()
    if pid == 0:
        os.close(wr)
        os.read(rd, 1)              # until the tracer runs
        fd = os.open(outpath, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 1)
        os.execv(CLIENT, [CLIENT, 'hash', 'sha256', '2', '64'])
    os.close(rd)
    with open('/proc/%d/cgroup' % pid) as f:
        cgroup = [l.strip()[3:] for l in f if l.startswith('0::')][0]
    exe = os.path.realpath(CLIENT)
    old = {'pid': pid, 'ppid': 12345, 'pidns': 1, 'mntns': 2, 'comm': 'old-client',
           'counts': {'binds': 10, 'send_ops': 100, 'send_bytes': 6400}}
    rows = [{'exe': exe, 'cgroup': cgroup, 'uid': 0, 'caps': 3, 'type': 'hash',
             'alg': 'sha256', 'procs': [old]},
            {'exe': '/carried/f', 'cgroup': '/', 'uid': 0, 'caps': 3, 'type': 'hash',
             'alg': 'sha1', 'keylens': [],
             'procs': [{'pid': 1000 + i, 'ppid': 1, 'pidns': 1, 'mntns': 2, 'comm': 'f',
                        'counts': {'binds': 1}} for i in range(20)]}]
    with open(state, 'wb') as f:
        f.write(sf.state(rows, start='1700000000.500000000', runs=3))
    t = Tracer(state, journal, 'c1', '--max-entries', '16')
    os.write(wr, b'x')
    os.close(wr)
    os.waitpid(pid, 0)
    with open(outpath) as f:
        lines = [l for l in f.read().splitlines() if l.startswith('{')]
    c6 = json.loads(lines[-1]) if lines else {}
    r = t.stop()
    r['journal'] = journal.take()
    return {'runs': [r], 'clients': [c6], 'carried_pid': pid, 'exe': exe, 'cgroup': cgroup}


def main():
    global TRACE, CLIENT
    out, TRACE, CLIENT = sys.argv[1:4]
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    journal = Journal(os.path.join(WORK, 'journal.sock'))
    res = {}
    for name, fn in (('a', phase_a), ('b', phase_b), ('c', phase_c)):
        try:
            res[name] = fn(journal)
        except Exception as e:      # the host reports it; the other phases still run
            res[name] = {'error': repr(e)}
        print('phase %s done' % name, flush=True)
    with open(os.path.join(out, 'results.json'), 'w') as f:
        json.dump(res, f)


if __name__ == '__main__':
    main()
