# SPDX-License-Identifier: GPL-2.0
"""The shim's fuzz harnesses (tests/shim/fuzz/), each for a bounded time.

With libFuzzer (clang, libclang-rt-14-dev) each harness runs coverage
guided under ASan and UBSan for FUZZ_SECONDS (default 30) from a seed
corpus written here: well-formed control messages, NETLINK_CRYPTO
requests and op-socket programs.  Without libFuzzer the standalone driver
replays the seeds and then feeds random and mutated inputs for the same
time.  A crash, a sanitizer report, a leak, a timeout or a broken
invariant (an abort() in the harness) fails the point, and the input that
caused it is kept in the build directory.
"""
import os
import struct
import subprocess
import tempfile

from shimtest import run_tests

SECONDS = int(os.environ.get('FUZZ_SECONDS', '30'))


def cmsg(level, typ, data):
    ln = 16 + len(data)
    return struct.pack('=QII', ln, level, typ) + data + bytes(-ln % 8)


def seeds_cmsg():
    op = cmsg(279, 3, struct.pack('=I', 1))
    iv = cmsg(279, 2, struct.pack('=I', 16) + bytes(range(16)))
    al = cmsg(279, 4, struct.pack('=I', 20))
    return [op, op + iv, op + iv + al, iv + cmsg(1, 1, b'\0' * 4),
            cmsg(279, 2, struct.pack('=I', 200) + b'x'), op[:10]]


def nlreq(typ, flags, name=b'', driver=b'', seq=1):
    body = name.ljust(64, b'\0') + driver.ljust(64, b'\0') + bytes(64) + \
        struct.pack('=IIII', 0, 0, 0, 0)
    return struct.pack('=IHHII', 16 + len(body), typ, flags, seq, 0) + body


def seeds_netlink():
    return [nlreq(0x13, 1, b'sha256'), nlreq(0x13, 5, b'', b'cbc(aes-generic)'),
            nlreq(0x13, 0x301, b''), nlreq(0x10, 1, b'x'),
            nlreq(0x13, 1, b'hmac(sha256)') + nlreq(0x13, 1, b'gcm(aes)', seq=2),
            nlreq(0x15, 5)]


def seeds_opsock():
    # socket, bind(listed alg), setkey, accept, sendmsg(cmsgs), recvmsg
    out = []
    for typ in range(4):
        for alg in range(6):
            prog = bytes([0x00, 0x01, typ | (alg << 2), 0x03, 32]) + \
                bytes(range(32)) + bytes([0x05, 1, 0x17, 0x07, 0x0f, 2, 16,
                                          1]) + bytes(32) + \
                bytes([0x19, 0x03, 4, 4, 4, 0x1e, 0x0e])
            out.append(prog)
            # the same with the sockets shared as by fork() after the
            # accept, and the child's handler after the send
            i = prog.index(bytes([0x05, 1, 0x17])) + 3
            j = prog.index(bytes([0x19, 0x03]))
            out.append(prog[:i] + bytes([0x0f, 1]) + prog[i:j] +
                       bytes([0x0f, 2]) + prog[j:])
    out.append(bytes([0x00, 0x02, 0x01, 20]) + b'cbc(aes-generic)xxxx')
    out.append(bytes([0x00, 0x01, 0x00, 0x05, 1, 0x17, 0x02, 0x40, 0x16,
                      0x11, 0x19, 0x01, 4]))
    return out


SEEDS = {'cmsg': seeds_cmsg, 'netlink': seeds_netlink, 'opsock': seeds_opsock}


def fuzz_each_harness(tap):
    workdir = tempfile.mkdtemp(prefix='shim-fuzz-')
    env = {k: v for k, v in os.environ.items() if k != 'LD_PRELOAD'}
    env['ASAN_OPTIONS'] = 'detect_leaks=1:abort_on_error=1'
    env['UBSAN_OPTIONS'] = 'halt_on_error=1:print_stacktrace=1'
    for h, seeds in SEEDS.items():
        lf = os.environ.get('FUZZ_' + h.upper())
        sa = os.environ.get('FUZZ_' + h.upper() + '_STANDALONE')
        corpus = os.path.join(workdir, h)
        os.mkdir(corpus)
        paths = []
        for i, data in enumerate(seeds()):
            p = os.path.join(corpus, 'seed%02d' % i)
            with open(p, 'wb') as f:
                f.write(data)
            paths.append(p)
        if lf:
            argv = [lf, '-max_total_time=%d' % SECONDS, '-timeout=10',
                    '-rss_limit_mb=2048', '-print_final_stats=1',
                    '-artifact_prefix=%s/' % workdir, corpus]
            kind = 'libFuzzer'
        elif sa:
            argv = [sa, '-t', str(SECONDS)] + paths
            kind = 'standalone driver'
        else:
            tap.skip('fuzz %s' % h, 'harness not built')
            continue
        try:
            r = subprocess.run(argv, env=env, capture_output=True, text=True,
                               timeout=SECONDS + 240, cwd=workdir)
            rc, err = r.returncode, r.stderr + r.stdout
        except subprocess.TimeoutExpired as e:
            rc, err = -1, 'timed out\n' + str(e.stderr or '')[-2000:]
        runs = [l for l in err.splitlines()
                if 'number_of_executed_units' in l or l.endswith(' runs')]
        tap.ok(rc == 0, 'fuzz %s: %d s with the %s, no crash, sanitizer '
               'report or broken invariant (%s)' %
               (h, SECONDS, kind, runs[0].split(':')[-1].strip() if runs
                else '?'), err[-3000:])
    tap.diag('work directory (corpus, crash inputs): %s' % workdir)


if __name__ == '__main__':
    run_tests(fuzz_each_harness)
