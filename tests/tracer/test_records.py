#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suite "tracer": the one inventory writer.  afalg-trace-bt folds
bpftrace's output into records and afalg-trace --from-records writes the
inventory (tracer/SCHEMA.md, "Records").  Needs no BPF (runs under
bpf-deny): a bpftrace output written here, whose rows are worked out by
hand below, goes through afalg-trace-bt --input; hostile records (exe paths
with every awkward byte, malformed lines) go straight to --from-records,
which must write them faithfully or refuse them with one line saying why,
never crash or hang."""
import json
import os
import subprocess

from kctest import run_tests

TRACE = os.environ['AFALG_TRACE']
FOLD = os.environ['AFALG_TRACE_FOLD']
CAP_NET_ADMIN = 1 << 12


SHA256, CBC, MD4, NOCLASS = (0xffff8880012345c0, (1 << 48) | 0xffff888001234680,
                             (2 << 48) | 0xffff888001234740, (3 << 48) | 0xffff888001234800)


def bpftrace_output():
    """A bpftrace -f json stream of afalg-trace.bt: two processes, four
    classes, the counter maps as the script prints them at exit (keys: pid,
    uid, cgroup id, class, caps)."""
    lines = []

    def pf(*fields):
        lines.append({'type': 'printf', 'data': '\t'.join(str(f) for f in fields) + '\n'})
    pf('B', 'start')
    for i, comp in enumerate(('python3', 'bin', 'usr')):
        pf('X', 100, i, comp)
    pf('P', 100, 1, 0, 'python3', 4026531836, 4026531841, '/user.slice', 3)
    pf('X', 200, 0, 'client')
    pf('P', 200, 100, 1000, 'client', 4026531836, 4026531841, '/', 1)
    # class ids as the script makes them: the socket's address and a
    # generation, 64 bits (keylen field: length + 1, 0 none)
    pf('C', SHA256, 'hash', 'sha256', 0, 0)
    pf('C', CBC, 'skcipher', 'cbc(aes)', 33, 0)
    pf('C', MD4, 'hash', 'md4', 0, 0)
    maps = {
        '@created': {'100,0,1,0,%d' % CAP_NET_ADMIN: 3, '200,1000,2,0,0': 1},
        '@denied': {'200,1000,2,0,0': 2},
        '@binds': {'100,0,1,%d,%d' % (SHA256, CAP_NET_ADMIN): 2,
                   '100,0,1,%d,%d' % (CBC, CAP_NET_ADMIN): 1,
                   '200,1000,2,%d,0' % NOCLASS: 1},
        '@bind_fail': {'200,1000,2,%d,0' % MD4: 3},
        '@bind_enoent_l1': {'200,1000,2,%d,0' % MD4: 2},
        '@bind_enoent_l0': {'200,1000,2,%d,0' % MD4: 1},
        '@opsocks': {'100,0,1,%d,%d' % (SHA256, CAP_NET_ADMIN): 4},
        '@send_ops': {'100,0,1,%d,%d' % (SHA256, CAP_NET_ADMIN): 7},
        '@send_bytes': {'100,0,1,%d,%d' % (SHA256, CAP_NET_ADMIN): 700},
        '@setopts': {'100,0,1,%d,%d' % (CBC, CAP_NET_ADMIN): 1},
    }
    for k, v in maps.items():
        lines.append({'type': 'map', 'data': {k: v}})
    pf('B', 'end')
    return ''.join(json.dumps(x) + '\n' for x in lines)


# The rows of bpftrace_output(), worked out by hand: (exe, type, alg) ->
# fields that must hold.  md4 is in no allowlist: the two binds refused at
# level 1 are the restriction's, the one at level 0 a missing name.
WANT = {
    ('/usr/bin/python3', None, None): {
        'uid': 0, 'sockets_created': 3, 'attempts': 3, 'denied': 0, 'privileged': True,
        'caps': ['CAP_NET_ADMIN'], 'processes': [100]},
    ('/usr/bin/python3', 'hash', 'sha256'): {
        'tfm_sockets': 2, 'op_sockets': 4, 'ops_sent': 7, 'bytes_sent': 700,
        'key_lengths': [], 'processes': [100]},
    ('/usr/bin/python3', 'skcipher', 'cbc(aes)'): {
        'tfm_sockets': 1, 'key_lengths': [32], 'setsockopts': 1},
    ('/client', None, None): {
        'uid': 1000, 'sockets_created': 1, 'attempts': 3, 'denied': 2,
        'privileged': False, 'caps': [], 'processes': [200]},
    ('/client', 'hash', 'md4'): {
        'failures': {'socket': 0, 'bind': 3, 'setsockopt': 0, 'accept': 0, 'send': 0,
                     'recv': 0},
        'denied': 2, 'not_found': 1, 'denied_by': 'restrict'},
    ('/client', '?', '?'): {'tfm_sockets': 1, 'bound_before_start': True},
}


def check_rows(tap, s, label):
    rows = {(e['exe'], e['type'], e['alg']): e for e in s.get('entries', [])}
    bad = []
    if set(rows) != set(WANT):
        bad.append('rows %s, want %s' % (sorted(rows, key=str), sorted(WANT, key=str)))
    for k, want in WANT.items():
        e = rows.get(k, {})
        for f, v in want.items():
            got = [p['pid'] for p in e.get('processes', [])] if f == 'processes' else e.get(f)
            if got != v:
                bad.append('%s %s: %r, want %r' % (k, f, got, v))
    tap.ok(not bad, '%s: every row and count as worked out by hand' % label, '\n'.join(bad))


def test_bt_input(tap, tmp):
    saved = os.path.join(tmp, 'saved.json')
    with open(saved, 'w') as f:
        f.write(bpftrace_output())
    recs = os.path.join(tmp, 'recs')
    r = subprocess.run([FOLD, '--writer', TRACE, '--input', saved, '--records', recs],
                       capture_output=True, text=True, timeout=60)
    try:
        s = json.loads(r.stdout)
    except ValueError:
        s = {}
    tap.ok(r.returncode == 0 and s.get('tracer', {}).get('backend') == 'bpftrace',
           'afalg-trace-bt --input: the inventory comes from afalg-trace --from-records',
           r.stderr[-2000:])
    check_rows(tap, s, 'afalg-trace-bt --input')
    with open(recs) as f:
        first = f.readline()
    tap.ok(first == 'afalg-trace-records\t1\n', 'afalg-trace-bt --records keeps the records',
           repr(first))
    # the same records, written again by afalg-trace itself, as a table
    r = subprocess.run([TRACE, '--from-records', recs, '--table'], capture_output=True,
                       text=True, timeout=60)
    lines = r.stdout.splitlines()
    tap.ok(r.returncode == 0 and len(lines) == 1 + len(WANT) and lines[0].startswith('EXE'),
           'afalg-trace --from-records --table: a header and one line per row',
           r.stdout + r.stderr)


HEADER = 'afalg-trace-records\t1\n'
GOOD = HEADER + ('tracer\t0.1.0\tbpftrace\nspan\t1700000000.5\t1700000010\n'
                 'af_alg\tmodule\t-1\t-1\nclass\t2\thash\tsha1\t-1\t-1\n')


def esc(b):
    return b.replace(b'\\', b'\\\\').replace(b'\t', b'\\t').replace(b'\n', b'\\n').replace(
        b'\r', b'\\r')


def from_records(data):
    return subprocess.run([TRACE, '--from-records', '-'], input=data, capture_output=True,
                          timeout=60)


def test_hostile_paths(tap):
    exe = b'/tmp/a"b\\c\td\ne\rf\x01g\x7fh\xffi'
    comm = b'x\ty\\'
    data = (GOOD.encode() + b'proc\t7\t1\t1\t1\t' + esc(comm) + b'\t' + esc(exe) +
            b'\t/a\\\\b\ncount\t7\t0\t0\t2\tbinds\t5\n')
    r = from_records(data)
    try:
        s = json.loads(r.stdout)
        e = s['entries'][0]
    except (ValueError, KeyError, IndexError):
        s, e = None, {}
    # the writer escapes every byte >= 0x7f as \u00XX: each byte one code point
    tap.ok(r.returncode == 0 and e.get('exe') == exe.decode('latin-1') and
           e.get('cgroup') == '/a\\b' and e.get('tfm_sockets') == 5 and
           e['processes'][0]['comm'] == comm.decode(),
           'hostile exe, comm and cgroup bytes come out exactly, as valid JSON',
           (r.stdout + r.stderr)[-2000:].decode('latin-1'))


def test_prometheus(tap, tmp):
    """--prometheus: the rows summed per (exe, type, alg), label values as
    the reference parser (python3-prometheus-client) reads them back, the
    file replaced whole."""
    from prometheus_client.parser import text_string_to_metric_families
    exe = b'/tmp/x"y\\z\n{w=1}\xff\xc3\xa9'
    data = (GOOD.encode() + b'proc\t7\t1\t1\t1\tc\t' + esc(exe) + b'\t/\n'
            b'proc\t8\t1\t1\t1\tc\t' + esc(exe) + b'\t/other\n'
            b'count\t7\t0\t0\t2\tbinds\t5\ncount\t8\t1000\t0\t2\tbinds\t2\n'
            b'count\t7\t0\t0\t2\tsend_ops\t3\ncount\t8\t1000\t0\t2\trecv_ops\t4\n'
            b'count\t7\t0\t0\t2\tsend_bytes\t100\ncount\t7\t0\t0\t0\tdenied\t6\n'
            b'count\t7\t0\t0\t0\tsockets\t1\n')
    prom = os.path.join(tmp, 'afalg.prom')
    with open(prom, 'w') as f:
        f.write('stale\n')
    r = subprocess.run([TRACE, '--from-records', '-', '--prometheus', prom, '-o', os.devnull],
                       input=data, capture_output=True, timeout=60)
    got = {}
    try:
        with open(prom, encoding='utf-8') as f:
            for fam in text_string_to_metric_families(f.read()):
                for smp in fam.samples:
                    got[(smp.name, tuple(sorted(smp.labels.items())))] = smp.value
    except (OSError, ValueError, UnicodeDecodeError) as e:
        got = {'error': str(e)}
    # the exe as label value: every byte that is UTF-8 kept, the 0xff one U+FFFD
    want_exe = '/tmp/x"y\\z\n{w=1}\ufffd\u00e9'

    def key(name, typ, alg):
        return (name, tuple(sorted({'exe': want_exe, 'type': typ, 'alg': alg}.items())))
    want = {key('afalg_binds_total', 'hash', 'sha1'): 7,
            key('afalg_ops_total', 'hash', 'sha1'): 7,
            key('afalg_bytes_total', 'hash', 'sha1'): 100,
            key('afalg_sockets_total', '', ''): 1,
            key('afalg_denied_total', '', ''): 6,
            key('afalg_failures_total', '', ''): 6,
            ('afalg_overflow_total', ()): 0,
            ('afalg_dropped_total', (('map', 'counters'),)): 0}
    bad = {k: (got.get(k), v) for k, v in want.items() if got.get(k) != v}
    leftovers = [n for n in os.listdir(tmp) if n.startswith('afalg.prom.')]
    tap.ok(r.returncode == 0 and not bad and not leftovers,
           '--prometheus: two rows of one exe summed, hostile exe bytes read back by the '
           'reference parser, no temporary file left',
           'exit %d %r\nmismatch (got, want) %r\nleft %r' % (r.returncode, r.stderr, bad,
                                                         leftovers))


def journal_fields(d):
    """The fields of one native-protocol datagram: KEY=value lines, or KEY,
    newline, a 64-bit little-endian length, the bytes and a newline."""
    out, i = {}, 0
    while i < len(d):
        nl = d.index(b'\n', i)
        line = d[i:nl]
        if b'=' in line:
            k, _, v = line.partition(b'=')
            i = nl + 1
        else:
            k, n = line, int.from_bytes(d[nl + 1:nl + 9], 'little')
            v = d[nl + 9:nl + 9 + n]
            if d[nl + 9 + n:nl + 10 + n] != b'\n':
                raise ValueError('no newline after the binary field %r' % k)
            i = nl + 10 + n
        out[k.decode()] = v
    return out


def test_journal(tap, tmp):
    """--journal: one record a row, over the native protocol, every field
    read back by a parser of the protocol written here."""
    import socket
    exe = b'/tmp/j\nAFALG_UID=0\nx'      # a newline must not make a field
    data = (GOOD.encode() + b'proc\t7\t1\t1\t1\tc\t' + esc(exe) + b'\t/a\n'
            b'count\t7\t1000\t0\t2\tbinds\t5\ncount\t7\t1000\t0\t0\tsockets\t5\n'
            b'count\t7\t1000\t0\t0\tdenied\t2\n')
    path = os.path.join(tmp, 'journal.sock')
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    r = subprocess.run([TRACE, '--from-records', '-', '--journal-socket', path,
                        '-o', os.devnull], input=data, capture_output=True, timeout=60)
    sock.setblocking(False)
    recs = []
    try:
        while True:
            recs.append(journal_fields(sock.recv(1 << 16)))
    except BlockingIOError:
        pass
    except ValueError as e:
        recs.append({'error': str(e)})
    sock.close()
    by = {f.get('AFALG_TYPE', b''): f for f in recs}
    sock_row, bind_row = by.get(b'', {}), by.get(b'hash', {})
    tap.ok(r.returncode == 0 and len(recs) == 2 and
           all(f.get('AFALG_EXE') == exe and f.get('AFALG_UID') == b'1000' and
               f.get('SYSLOG_IDENTIFIER') == b'afalg-trace' and f.get('AFALG_CGROUP') == b'/a'
               for f in recs) and
           bind_row.get('AFALG_ALG') == b'sha1' and bind_row.get('AFALG_TFM_SOCKETS') == b'5' and
           sock_row.get('AFALG_ATTEMPTS') == b'7' and sock_row.get('AFALG_DENIED') == b'2' and
           sock_row.get('PRIORITY') == b'4',
           '--journal: one record per row, a hostile exe kept whole in one field',
           'exit %d %r\n%r' % (r.returncode, r.stderr, recs))


# malformed records: (what, the lines after GOOD, a word the error must name)
BAD = [
    ('no header', None, b'line 1:'),
    ('bad escape', b'proc\t7\t1\t1\t1\tc\t/x\\q\t/\n', b'line 6:'),
    ('bad escape', b'proc\t7\t1\t1\t1\tc\t/x\\q\t/\n', b'escape'),
    ('\\N inside a field', b'proc\t7\t1\t1\t1\tc\t/x\\N\t/\n', b'whole field'),
    ('unknown record', b'frobnicate\t1\n', b'unknown record'),
    ('unknown counter', b'count\t7\t0\t0\t2\tbogus\t1\n', b'unknown counter'),
    ('count overflow', b'count\t7\t0\t0\t2\tbinds\t99999999999999999999999\n', b'count'),
    ('negative count', b'count\t7\t0\t0\t2\tbinds\t-1\n', b'count'),
    ('pid 0', b'count\t0\t0\t0\t2\tbinds\t1\n', b'number'),
    ('caps out of range', b'count\t7\t0\t9\t2\tbinds\t1\n', b'number'),
    ('too many fields', b'count' + b'\t1' * 20 + b'\n', b'fields'),
    ('short count', b'count\t7\t0\n', b'expected'),
    ('NUL byte', b'proc\t7\t1\t1\t1\tc\0d\t/x\t/\n', b'NUL'),
    ('line of 100 KB', b'proc\t7\t1\t1\t1\tc\t/' + b'x' * 100000 + b'\t/\n', b'longer'),
    ('exe longer than kept', b'proc\t7\t1\t1\t1\tc\t/' + b'x' * 4000 + b'\t/\n', b'longer'),
    ('type longer than 15', b'class\t3\t' + b't' * 16 + b'\tsha1\t-1\t-1\n', b'longer'),
    ('class id 1 (reserved)', b'class\t1\thash\tsha1\t-1\t-1\n', b'number'),
    ('pid given twice', b'proc\t7\t1\t1\t1\tc\t/x\t/\nproc\t7\t1\t1\t1\tc\t/y\t/\n', b'twice'),
    ('unknown availability', b'af_alg\teverywhere\t-1\t-1\n', b'availability'),
    ('unknown mode', b'mode\tsocket\tteleport\n', b'mode'),
    ('five tracepoints', b''.join(b'tracepoint\ta:b%d\t0\t0\n' % i for i in range(5)),
     b'tracepoints'),
    ('49 hooks', b''.join(b'hook\tactive\th%d\t\n' % i for i in range(49)), b'hooks'),
    ('bad time', b'span\t12.3.4\t5\n', b'time'),
]


def test_malformed(tap):
    for what, lines, word in BAD:
        data = b'hello\n' if lines is None else GOOD.encode() + lines
        r = from_records(data)
        tap.ok(r.returncode == 1 and not r.stdout and word in r.stderr and
               r.stderr.startswith(b'afalg-trace: -: ') and len(r.stderr.splitlines()) == 1,
               '--from-records refuses %s with one line saying why' % what,
               'exit %d, stderr %r, stdout %r' % (r.returncode, r.stderr[:300], r.stdout[:200]))


if __name__ == '__main__':
    run_tests(test_bt_input, test_hostile_paths, test_prometheus, test_journal, test_malformed, tmp_prefix='kctest-records-')
