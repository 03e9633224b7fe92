#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The shim's layers: the map in docs/development.md is the code's.

docs/development.md ("shim/") has a table of the shim's layers from the
bottom up, each with its headers and its files.  This fails when

- a .c or .h file of shim/ is not in the table, is in it twice, or the
  table names a file that does not exist;
- a file includes (#include "...") a header of a higher layer, or the
  headers include each other in a cycle;
- a file other than the adapters (alg-*.c) includes a <crypto/...> header;
- a function calls one of a higher layer, or the files call each other in
  a cycle.  The calls are read from the built objects: the relocations of
  call and jump instructions (x86_64 R_X86_64_PLT32, arm64 CALL26 and
  JUMP26) to a function another file of the shim defines.  A lower layer
  may hold the address of a higher one's function (struct afs_type_ops,
  struct afs_kind_ops, the fork handlers startup.c registers): that is a
  reference, not a call.  The libc functions the shim interposes
  (libafalg-shim.map) are libc's, whichever file defines our version.

    KC_SOURCE_ROOT=DIR SHIM_ARCHIVE=libafalg-shim-internal.a \
    KEEPER_OBJECT=keeper.c.o tests/shim/test_layers.py
"""
import fnmatch
import os
import re
import subprocess

from kctest import run_tests

SRC = os.environ.get('KC_SOURCE_ROOT') or os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))))
SHIM_DIR = os.path.join(SRC, 'shim')
OBJECTS = [p for p in (os.environ.get('SHIM_ARCHIVE', ''),
                       os.environ.get('KEEPER_OBJECT', '')) if p]
CALL_RELOCS = ('R_X86_64_PLT32', 'R_AARCH64_CALL26', 'R_AARCH64_JUMP26')


def layer_map():
    """[(layer, [files])] from docs/development.md, bottom first."""
    with open(os.path.join(SRC, 'docs', 'development.md')) as f:
        text = f.read()
    m = re.search(r'^The layers of `shim/`.*?\n\n((?:\|.*\n)+)', text,
                  re.S | re.M)
    if not m:
        return []
    layers = []
    for row in m.group(1).splitlines():
        cells = [c.strip() for c in row.strip().strip('|').split('|')]
        if len(cells) != 3 or cells[0] in ('layer', '') or \
                set(cells[0]) <= set('-: '):
            continue
        files = re.findall(r'`([\w.*-]+\.[ch])`', cells[1] + ' ' + cells[2])
        layers.append((cells[0], files))
    return layers


def file_layers():
    """The layers, {file: its layer's index} for the files of shim/ and
    those the table names, and the names it gives twice.  A name with a
    '*' (alg-*.c) takes the files it matches that no row names."""
    layers = layer_map()
    where, twice, globs = {}, [], []
    for i, (_, files) in enumerate(layers):
        for f in files:
            if f in where or f in [g for g, _ in globs]:
                twice.append(f)
            if '*' in f:
                globs.append((f, i))
            else:
                where[f] = i
    for f in os.listdir(SHIM_DIR):
        hits = [i for g, i in globs if fnmatch.fnmatch(f, g)]
        if f not in where and hits:
            where[f] = hits[0]
            twice += [f] * (len(hits) - 1)
    for g, i in globs:
        if not any(fnmatch.fnmatch(f, g) for f in where):
            where[g] = i    # matches nothing: reported as missing
    return layers, where, twice


def check_map(tap):
    layers, where, twice = file_layers()
    tap.ok(len(layers) >= 5, 'docs/development.md has the layer table '
           '(%d layers: %s)' % (len(layers), ', '.join(n for n, _ in layers)))
    on_disk = sorted(f for f in os.listdir(SHIM_DIR)
                     if f.endswith(('.c', '.h')))
    missing = [f for f in on_disk if f not in where]
    tap.ok(not missing, 'every .c and .h of shim/ is in the layer table '
           '(%d files)' % len(on_disk), 'not in it: %s' % missing)
    gone = sorted(f for f in where if f not in on_disk)
    tap.ok(not gone and not twice, 'the table names each file once, and '
           'only files that exist', 'missing: %s, twice: %s' % (gone, twice))


def includes(path):
    with open(path) as f:
        text = f.read()
    return (re.findall(r'^#include "([^"]+)"', text, re.M),
            re.findall(r'^#include <(crypto/[^>]+)>', text, re.M))


def find_cycle(graph):
    """A cycle of @graph ({node: set(nodes)}) as a list, or None."""
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                c = visit(m)
                if c:
                    return c
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            c = visit(n)
            if c:
                return c
    return None


def check_includes(tap):
    layers, where, _ = file_layers()
    up, crypto, graph = [], [], {}
    for f in sorted(where):
        path = os.path.join(SHIM_DIR, f)
        if not os.path.exists(path):
            continue
        local, kernel = includes(path)
        if kernel and not f.startswith('alg-'):
            crypto.append('%s: <%s>' % (f, kernel[0]))
        for h in local:
            graph.setdefault(f, set()).add(h)
            if h in where and where[h] > where[f]:
                up.append('%s (%s) includes %s (%s)' % (
                    f, layers[where[f]][0], h, layers[where[h]][0]))
    tap.ok(not up, 'every file includes only headers of its layer or '
           'those below', '\n'.join(up))
    headers = {h: {x for x in graph.get(h, ()) if x.endswith('.h')}
               for h in where if h.endswith('.h')}
    cycle = find_cycle(headers)
    tap.ok(not cycle, 'the headers include each other in no cycle',
           ' -> '.join(cycle or []))
    tap.ok(not crypto, 'only the adapters alg-*.c include <crypto/...>',
           '\n'.join(crypto))


def interposed():
    """The libc functions the version script exports."""
    with open(os.path.join(SHIM_DIR, 'libafalg-shim.map')) as f:
        text = re.sub(r'/\*.*?\*/', '', f.read(), flags=re.S)
    glob = text.split('global:')[1].split('local:')[0]
    return {s.strip() for s in glob.replace('\n', ' ').split(';')
            if s.strip()}


def member(header):
    """'sock.c' of readelf's 'File: lib.a[dir/sock.c.o]' or 'File: x.c.o'."""
    name = re.split(r'[\[\]/]', header.strip().rstrip(']'))[-1]
    return name[:-2] if name.endswith('.o') else name


def calls():
    """{file: {file: set(functions)}}: the direct calls between the files
    of the objects, or None when they are not built."""
    if not OBJECTS or not all(os.path.exists(p) for p in OBJECTS):
        return None
    defs, refs = {}, []
    for obj in OBJECTS:
        out = subprocess.run(['readelf', '-sW', obj], capture_output=True,
                             text=True, check=True).stdout
        cur = os.path.basename(obj)[:-2]
        for line in out.splitlines():
            if line.startswith('File: '):
                cur = member(line[6:])
                continue
            p = line.split()
            # Num: Value Size Type Bind Vis Ndx Name
            if len(p) == 8 and p[3] == 'FUNC' and p[4] in ('GLOBAL', 'WEAK') \
                    and p[6] != 'UND':
                # keeper.c (last) stands in for startup.c in its program:
                # a name the shim defines is the shim's
                defs.setdefault(p[7], cur)
        out = subprocess.run(['readelf', '-rW', obj], capture_output=True,
                             text=True, check=True).stdout
        cur, code = os.path.basename(obj)[:-2], False
        for line in out.splitlines():
            if line.startswith('File: '):
                cur = member(line[6:])
            elif line.startswith('Relocation section'):
                code = re.search(r"'\.rela?\.text", line) is not None
            elif code:
                p = line.split()
                if len(p) >= 5 and p[2] in CALL_RELOCS:
                    refs.append((cur, p[4]))
    libc = interposed()
    graph = {}
    for src, sym in refs:
        dst = defs.get(sym)
        if dst and dst != src and sym not in libc:
            graph.setdefault(src, {}).setdefault(dst, set()).add(sym)
    return graph


def check_calls(tap):
    layers, where, _ = file_layers()
    graph = calls()
    if graph is None:
        tap.ok(False, 'the shim\'s objects are built', 'SHIM_ARCHIVE=%r '
               'KEEPER_OBJECT=%r' % tuple(OBJECTS + ['', ''])[:2])
        return
    n = sum(len(v) for v in graph.values())
    unknown = sorted({f for f in graph if f not in where} |
                     {d for v in graph.values() for d in v
                      if d not in where})
    tap.ok(n > 50 and not unknown, 'the objects\' direct calls between '
           'files read (%d file pairs)' % n, 'files not in the table: %s'
           % unknown)
    up = []
    for src in sorted(graph):
        for dst, syms in sorted(graph[src].items()):
            if src in where and dst in where and where[dst] > where[src]:
                up.append('%s (%s) calls %s of %s (%s)' % (
                    src, layers[where[src]][0], ', '.join(sorted(syms)),
                    dst, layers[where[dst]][0]))
    tap.ok(not up, 'no function calls one of a higher layer', '\n'.join(up))
    cycle = find_cycle({s: set(d) for s, d in graph.items()})
    tap.ok(not cycle, 'the files call each other in no cycle',
           ' -> '.join(cycle or []))


if __name__ == '__main__':
    run_tests(check_map, check_includes, check_calls)
