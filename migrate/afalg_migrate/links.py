# SPDX-License-Identifier: GPL-2.0
"""Transitive AF_ALG users: ELF files that load a user.

Followed: DT_NEEDED (a soname is looked up among the scanned files by
DT_SONAME or file name, then in the file's DT_RUNPATH/DT_RPATH, then in
the system library path: /etc/ld.so.conf with its includes and the
standard multiarch directories; a library found there is scanned too),
and the plugins of plugins.json a program is known to load.  A library
whose own finding is only "possible" (strings only) is not followed.  Each such
file gets a finding that names the chain, e.g. "needs AF_ALG through
libell.so.0: sha1, hmac(md5) at 0x1234 (in l_checksum_new)", at the
level of the library's own finding (lowered to the table's level for a
plugin), with the library's algorithms.  A soname found nowhere is noted
under "unresolved", not an error; libraries plugins.json knows to use
AF_ALG are then still followed.  For an archive audit (auditdb.py) there
is no scan_one: only the scanned files count, never this machine's.
"""
import collections
import concurrent.futures
import fnmatch
import glob
import os

from .common import load_data

LEVELS = ('certain', 'probable', 'possible')
TRIPLETS = {'x86_64': 'x86_64-linux-gnu', 'aarch64': 'aarch64-linux-gnu'}
MAX_USERS = 6           # chains listed per file
MAX_DEPTH = 8


def ld_so_conf(path='/etc/ld.so.conf', depth=0):
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    dirs = []
    for ln in lines:
        ln = ln.split('#')[0].strip()
        if ln.startswith('include') and depth < 8:
            pat = ln.split(None, 1)[1] if ' ' in ln else ''
            pat = pat if os.path.isabs(pat) else os.path.join(os.path.dirname(path), pat)
            for f in sorted(glob.glob(pat)):
                dirs += ld_so_conf(f, depth + 1)
        elif ln and not ln.startswith('hwcap'):
            dirs.append(ln)
    return dirs


def system_dirs(machine):
    t = TRIPLETS.get(machine)
    std = ['/lib/' + t, '/usr/lib/' + t] if t else []
    out = []
    for d in ld_so_conf() + std + ['/lib64', '/usr/lib64', '/lib', '/usr/lib']:
        if d not in out:
            out.append(d)
    return out


class Graph:
    def __init__(self, findings, elfs, scan_one):
        self.scan_one = scan_one
        self.table = load_data('plugins.json')
        self.direct = {f['path']: f for f in findings if f['kind'] != 'source'}
        self.nodes = {e['path']: e for e in elfs}
        self.by_soname, self.by_name = {}, {}
        for e in elfs:
            abi = e['links']['abi']
            if e['links']['soname']:
                self.by_soname.setdefault((abi, e['links']['soname']), e['path'])
            self.by_name.setdefault((abi, os.path.basename(e['installed'])), e['path'])
        self.system, self.sysres, self.sysdirs = {}, {}, {}
        self.edge_cache, self.unresolved, self.sysfile = {}, {}, {}
        self.known = {r['soname']: r for r in self.table.get('libraries', [])}
        self.arguments = {r['soname']: r for r in self.table.get('arguments', [])}

    def sysnode(self, path):
        """Scan a file outside the scanned paths once (a library or plugin)."""
        path = os.path.realpath(path)
        if path not in self.system:
            self._add_system(path, self.scan_one(path))
        return path if self.system[path] else None

    def prefetch(self, jobs):
        """Scan, jobs at a time, the system libraries that resolve() will
        look at first for the sonames the scanned files need and do not
        hold themselves (the transitive pass would scan them one by one)."""
        for _ in range(MAX_DEPTH):
            if self.scan_one is None or not self._prefetch_round(jobs):
                return

    def _prefetch_round(self, jobs):
        """One level of prefetch(); False when there was nothing to scan."""
        want = set()
        for node in list(self.nodes.values()):
            abi = node['links']['abi']
            if abi[2] not in self.sysdirs:
                self.sysdirs[abi[2]] = system_dirs(abi[2])
            for s in node['links']['needed']:
                if (abi, s) in self.by_soname or (abi, s) in self.by_name or '/' in s:
                    continue
                # looked up once per machine and soname: a tree's files
                # need the same few libraries (libc, ...) thousands of times
                key = (abi[2], s)
                if key not in self.sysfile:
                    c = next((os.path.join(d, s) for d in self.sysdirs[abi[2]]
                              if os.path.isfile(os.path.join(d, s))), None)
                    self.sysfile[key] = c and os.path.realpath(c)
                if self.sysfile[key]:
                    want.add(self.sysfile[key])
        want = sorted(p for p in want if p not in self.system)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(jobs, 1)) as ex:
            for path, res in zip(want, ex.map(self.scan_one, want)):
                self._add_system(path, res)
        return bool(want)

    def _add_system(self, path, res):
        node = res.elfs[0] if res.elfs else None
        self.system[path] = node
        if node:
            self.nodes.setdefault(path, node)
            for f in res.findings:
                self.direct.setdefault(path, f)

    def resolve(self, node, soname):
        abi = node['links']['abi']
        p = self.by_soname.get((abi, soname)) or self.by_name.get((abi, soname))
        if p:
            return p
        dirs = []
        if node['installed'] == node['path']:       # on disk: its run path
            origin = os.path.dirname(node['path'])
            dirs = [d.replace('${ORIGIN}', origin).replace('$ORIGIN', origin)
                    for d in node['links']['runpath']]
        else:
            dirs = []
        if self.scan_one is None:       # an archive: nothing of this machine
            return None
        key = (abi, soname)
        if not dirs and key in self.sysres:
            return self.sysres[key]
        if abi[2] not in self.sysdirs:
            self.sysdirs[abi[2]] = system_dirs(abi[2])
        found = None
        for d in dirs + self.sysdirs[abi[2]]:
            c = soname if '/' in soname else os.path.join(d, soname)
            if os.path.isfile(c):
                p = self.sysnode(c)
                if p and self.nodes[p]['links']['abi'] == abi:
                    found = p
                    break
        if not dirs:
            self.sysres[key] = found
        return found

    def plugin_files(self, entry):
        pats = entry['files']
        tree = [p for p, n in self.nodes.items() if p not in self.system and
                any(fnmatch.fnmatchcase(n['installed'], '*' + pat) for pat in pats)]
        if tree or self.scan_one is None:
            return tree
        return [p for pat in pats for c in sorted(glob.glob(pat)) for p in [self.sysnode(c)]
                if p]

    def edges(self, path):
        """(label, target path or None, lowest level index, why) out of a file."""
        if path in self.edge_cache:
            return self.edge_cache[path]
        node, out = self.nodes[path], []
        for s in node['links']['needed']:
            t = self.resolve(node, s)
            if t:
                out.append((s, t, 0, None))
            elif s in self.known:
                out.append((s, None, LEVELS.index(self.known[s]['level']), s))
            if not t and path not in self.system:
                self.unresolved.setdefault(s, set()).add(path)
        base = os.path.basename(node['installed'])
        for entry in self.table.get('plugins', []):
            lb = entry['loaded_by']
            if base in lb.get('programs', []) or \
                    set(lb.get('needed', [])) & set(node['links']['needed']):
                for t in self.plugin_files(entry):
                    if t != path:
                        out.append(('plugin ' + os.path.basename(self.nodes[t]['installed']),
                                    t, LEVELS.index(entry['level']), entry['why']))
        self.edge_cache[path] = out
        return out

    def users(self, path):
        """(chain, library path or None, finding or table row, level index, why)
        for the AF_ALG users a file loads, nearest first."""
        seen, q, found = {path}, collections.deque([(path, [], 0, None)]), []
        while q and len(found) < MAX_USERS:
            cur, chain, cap, why = q.popleft()
            for label, t, ecap, ewhy in self.edges(cur):
                c2, cap2, why2 = chain + [label], max(cap, ecap), ewhy or why
                if t is None:           # not found, known from the table
                    if label not in seen:
                        seen.add(label)
                        found.append((c2, None, self.known[label], cap2, why2))
                    continue
                if t in seen:
                    continue
                seen.add(t)
                f = self.direct.get(t)
                # "strings only" libraries are mostly false alarms: not followed
                if f and f['confidence'] != 'possible':
                    lvl, why3 = max(cap2, LEVELS.index(f['confidence'])), why2
                    unreached = None if label.startswith('plugin ') else \
                        self.not_called(cur, t, f)
                    if unreached:
                        lvl, why3 = len(LEVELS) - 1, unreached
                    found.append((c2, t, f, lvl, why3))
                if len(c2) < MAX_DEPTH:
                    q.append((t, c2, cap2, why2))
        return found


    def not_called(self, path, lib, f):
        """Why the file does not reach the library's AF_ALG call sites, or
        None when it does or either side is not known.  Not reached: it
        imports none of the exported functions that reach them (elfscan's
        entries; a library whose callbacks through data were met counts only
        its entries found, see reach.py), or it meets the library's argument
        rule of plugins.json (its AF_ALG entry points among the rule's
        selectors and context, each selector called only with constants of
        the rule's values)."""
        links = self.nodes[path]['links']
        imports, ent = links.get('imports'), f.get('entries')
        if imports is None or not ent:
            return None
        used = sorted(set(imports) & set(ent['functions']))
        if not used:
            return 'loaded, AF_ALG code not called: imports none of %s' % \
                ', '.join(ent['functions'][:6] or ['its entry points'])
        rule = self.arguments.get(self.nodes[lib]['links']['soname'])
        args = links.get('call_args') or {}
        if not rule or not set(used) <= set(rule['selectors']) | set(rule['context']):
            return None
        sel = [n for n in used if n in rule['selectors']]
        if not sel or not all(args.get(n) and all(v in rule['values'] for v in args[n])
                              for n in sel):
            return None
        return 'loaded, AF_ALG code not reached: calls %s only with %s (%s)' % (
            ' and '.join('%s()' % n for n in sel),
            ', '.join('"%s"' % v for v in sorted({v for n in sel for v in args[n]})),
            rule['why'])


def _sites(f):
    """The call sites (or the first reason) of a library's finding."""
    at = [e['why'].split(' at ', 1)[1] for e in f.get('evidence', [])
          if e.get('address') and ' at ' in e['why']]
    if at:
        return 'at ' + '; '.join(at[:3]) + ('; ...' if len(at) > 3 else '')
    ev = f.get('evidence') or [{'why': f.get('why', '')}]
    return '(%s)' % ev[0]['why']


def add_transitive(findings, elfs, scan_one, jobs=1):
    """Add or extend the findings of files that load an AF_ALG user; returns
    the unresolved sonames, {soname: [files that need it]}.  scan_one scans
    a file of this machine (a library or plugin not among elfs), jobs at a
    time; None looks among elfs only."""
    g = Graph(findings, elfs, scan_one)
    g.prefetch(jobs)
    own = {f['path']: f for f in findings}
    for e in elfs:
        if e['links']['type'] not in (2, 3):    # executables and shared objects
            continue
        users = g.users(e['path'])
        if not users:
            continue
        f = own.get(e['path'])
        if f is None:
            f = {'path': e['path'], 'kind': 'elf-transitive', 'confidence': 'possible',
                 'evidence': [], 'static': False, 'algorithms': []}
            if e.get('package'):
                f['package'], f['installed_path'] = e['package'], e['installed']
            findings.append(f)
            own[e['path']] = f
            level = len(LEVELS) - 1
        else:
            level = LEVELS.index(f['confidence'])
        algs = {a['alg'] for a in f['algorithms']}
        f['through'] = []
        for chain, lib, lf, lvl, why in users:
            la = sorted({a['alg'] for a in lf.get('algorithms', [])})
            text = 'needs AF_ALG through %s: %s %s' % (
                ' -> '.join(chain), ', '.join(la) or 'algorithms not known', _sites(lf))
            if lib is None:
                text = 'needs AF_ALG through %s (not found here; known user: %s)' % (
                    ' -> '.join(chain), lf['why'])
            elif why:
                text += ' [%s]' % why
            f['evidence'].append({'why': text, 'through': chain, 'library': lib})
            f['through'].append({'chain': chain, 'library': lib, 'confidence': LEVELS[lvl]})
            algs.update(la)
            level = min(level, lvl)
        f['confidence'] = LEVELS[level]
        f['algorithms'] = [{'type': None, 'alg': a} for a in sorted(algs)]
    return {s: sorted(p) for s, p in sorted(g.unresolved.items())}
