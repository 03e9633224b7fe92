# SPDX-License-Identifier: GPL-2.0
"""The tracer's state file (tracer/SCHEMA.md, "State"), written here from
the schema's text, independently of the tracer's own writer: the tests
hand the tracer state files made by this module.  Used on the host
(test_state.py) and inside the guest (state-guest.py), so standard library
only."""

FNV_INIT = 1469598103934665603
FNV_PRIME = 1099511628211


def fnv1a64(data):
    h = FNV_INIT
    for b in data:
        h ^= b
        h = (h * FNV_PRIME) & 0xffffffffffffffff
    return h


def field(v):
    """One field: None is \\N; backslash, tab, newline, CR escaped."""
    if v is None:
        return b'\\N'
    if isinstance(v, int):
        return str(v).encode()
    if isinstance(v, str):
        v = v.encode()
    return (v.replace(b'\\', b'\\\\').replace(b'\t', b'\\t').replace(b'\n', b'\\n')
            .replace(b'\r', b'\\r'))


def line(*fields):
    return b'\t'.join(field(f) for f in fields) + b'\n'


def seal(body):
    """body (the header and records) with its "end" record."""
    return body + b'end\t%d\t%016x\n' % (body.count(b'\n'), fnv1a64(body))


def state(rows, start='1700000000.000000000', end='1700000100.000000000', runs=1,
          pid=0, cgroup=None, stats=None):
    """A sealed state file.  rows: dicts with exe, cgroup, uid, type, alg,
    caps, overflow, keylens, counts (overflow rows) or procs: a list of
    dicts pid, ppid, pidns, mntns, comm (None: identity unknown), counts."""
    out = [b'afalg-trace-records\t2\n', line('tracer', '0.0.0', 'libbpf'),
           line('span', start, end), line('filters', pid, cgroup), line('runs', runs)]
    for k, v in (stats or {}).items():
        out.append(line('stat', k, v))
    for r in rows:
        ov = 1 if r.get('overflow') else 0
        out.append(line('row', ov, r['exe'], r['cgroup'], None if ov else r.get('uid', 0),
                        r.get('type'), r.get('alg'), r.get('caps', 3),
                        1 if r.get('bound_before_start') else 0,
                        ','.join(str(k) for k in r.get('keylens', ())),
                        ','.join(str(a) for a in r.get('authsizes', ()))))
        if ov:
            out += [line('rcount', k, v) for k, v in r.get('counts', {}).items()]
            continue
        for p in r['procs']:
            if p.get('comm') is None:
                out.append(line('rproc', p['pid'], None, None, None, None))
            else:
                out.append(line('rproc', p['pid'], p['ppid'], p['pidns'], p['mntns'],
                                p['comm']))
            out += [line('rcount', k, v) for k, v in p.get('counts', {}).items()]
    return seal(b''.join(out))
