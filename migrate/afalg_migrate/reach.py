# SPDX-License-Identifier: GPL-2.0
"""Which function holds a call site, and whether anything reaches it.

Functions: the defined functions of .symtab (local ones included) and
.dynsym with their sizes, and, in a stripped file, the address ranges of
the .eh_frame_hdr search table (start, and the length of each FDE), so
that a call site is named by the function that contains it, never by the
nearest exported symbol.

Reachability (x86-64 and AArch64, code sections up to MAX_TEXT bytes): a
function is reached when it is exported (.dynsym), the entry point, its
address is stored in data (a relocation or, in a non-PIE executable, its
address as bytes anywhere in the file), or a reached function calls or
jumps to it directly (x86-64 call/jmp rel32, jmp rel8 and jcc rel32 tail
calls; AArch64 bl, b, b.cond, cbz/cbnz, tbz/tbnz; through its PLT stub
too) or takes its address (x86-64 lea rip-relative; AArch64 adr, or adrp
with an add or a 64-bit ldr on its register; the function that takes it
is then taken to call it),
or its address is in a table of pointers (a RELATIVE relocation) whose
start, up to TABLE bytes before the slot, a reached function takes with
a lea (or a table of pointers to such tables, DATA_DEPTH deep): the function that takes a table of callbacks is taken to call them.
The search runs backwards from the function of the call site.  What this
cannot see (a caller outside every known function, a search over the
bound, another architecture) counts as reached: the search may call code
reachable that is not, never the reverse except through calls computed at
run time that no data holds (function addresses built by arithmetic).
"""
import bisect
import re
import struct

MAX_TEXT = 64 << 20     # larger code is not searched: reached
MAX_FUNCS = 4000        # functions visited per call site
TABLE = 512             # bytes of a table of function pointers before a slot
DATA_DEPTH = 3          # tables of pointers to tables followed


def eh_frame_ranges(elf, data):
    """[(start, end)] of the FDEs listed in .eh_frame_hdr, or []: only the
    usual encodings (table datarel sdata4, FDE pc_begin pcrel sdata4) are
    read; anything else, or anything out of bounds, gives []."""
    hdr, eh = elf.section('.eh_frame_hdr'), elf.section('.eh_frame')
    if not hdr or not eh:
        return []
    _, _, haddr, hoff, hsize, _, _, _ = hdr
    _, _, eaddr, eoff, esize, _, _, _ = eh
    if hsize < 12 or hoff + hsize > len(data) or eoff + esize > len(data):
        return []
    ver, _, count_enc, table_enc = data[hoff:hoff + 4]
    if ver != 1 or count_enc != 0x03 or table_enc != 0x3b:
        return []
    count, = struct.unpack_from('<I', data, hoff + 8)
    if 12 + count * 8 > hsize:
        return []
    out = []
    for k in range(count):
        loc, fde = struct.unpack_from('<ii', data, hoff + 12 + 8 * k)
        start, fde = haddr + loc, haddr + fde
        o = eoff + fde - eaddr
        if not eoff <= o <= eoff + esize - 16:
            return []
        pc, rng = struct.unpack_from('<iI', data, o + 8)
        if fde + 8 + pc != start:       # not pcrel sdata4: the length is unknown
            return []
        out.append((start, start + rng))
    out.sort()
    return out


class Functions:
    """The functions of a file: containing(addr) -> (start, end, name or None)."""

    def __init__(self, elf, data, funcs=None):
        funcs = funcs if funcs is not None else elf.functions()
        rows = {a: (a + sz, n) for a, (n, sz) in funcs.items() if sz}
        for s, e in eh_frame_ranges(elf, data):
            rows.setdefault(s, (e, None))
        self.starts = sorted(rows)
        self.rows = rows
        self.names = {a: n for a, (n, _) in funcs.items()}

    def containing(self, addr):
        i = bisect.bisect_right(self.starts, addr) - 1
        if i < 0:
            return None
        s = self.starts[i]
        e, n = self.rows[s]
        if addr >= e:
            return None
        return s, e, n or self.names.get(s)

    def where(self, addr):
        """'in NAME', 'in the function at 0x..' or None."""
        f = self.containing(addr)
        if not f:
            return None
        return 'in %s' % f[2] if f[2] else 'in the function at 0x%x (unnamed; .eh_frame)' % f[0]


_LEA = re.compile(rb'[\x48\x4c]\x8d[\x05\x0d\x15\x1d\x25\x2d\x35\x3d]')
_REL = re.compile(rb'[\xe8\xe9\xeb]|\x0f[\x80-\x8f]')


class Reach:
    """Backward search from call sites to what reaches them (x86-64, AArch64)."""

    def __init__(self, elf, data, fns, plt_stubs=None):
        self.elf, self.data, self.fns = elf, data, fns
        self.ok = elf.machine in ('x86_64', 'aarch64') and elf.end == '<' and \
            bool(fns.starts)
        secs = elf.exec_sections()
        if sum(s for _, s, _ in secs) > MAX_TEXT:
            self.ok = False
        self.exported = {}
        for n, defined, value, is_fn in elf.symbols('.dynsym'):
            if defined and is_fn and value:
                self.exported.setdefault(value, n.split('@')[0])
        self.entry = struct.unpack_from('<Q', data, 0x18)[0] if elf.is64 else None
        # PLT stubs of the file's own exported functions lead to them
        self.via_plt = {}
        for a, n in (plt_stubs or {}).items():
            self.via_plt[a] = n.split('@')[0]
        self.callers, self.takers, self.relative = {}, {}, {}
        leas, got_loads = [], []
        if not self.ok:
            return
        starts = set(fns.starts) | set(self.via_plt)
        if elf.machine == 'aarch64':
            leas, got_loads = self._a64_code(secs, starts)
        for off, size, base in secs if elf.machine == 'x86_64' else ():
            end = min(off + size, len(data))
            for m in _REL.finditer(data, off, max(end - 5, off)):
                p = m.start()
                c = data[p]
                if c in (0xe8, 0xe9):
                    t = p + 5 + struct.unpack_from('<i', data, p + 1)[0]
                elif c == 0xeb:
                    t = p + 2 + struct.unpack_from('<b', data, p + 1)[0]
                else:
                    t = p + 6 + struct.unpack_from('<i', data, p + 2)[0]
                if base + t - off in starts:
                    self.callers.setdefault(base + t - off, []).append(base + p - off)
            for m in _LEA.finditer(data, off, max(end - 6, off)):
                p = m.start()
                t = base + p - off + 7 + struct.unpack_from('<i', data, p + 3)[0]
                if t in starts:
                    self.takers.setdefault(t, []).append(base + p - off)
                else:
                    leas.append((t, base + p - off))
        self.relative = {}
        for name in ('.rela.dyn', '.rela.plt'):
            s = elf.section(name)
            if not s:
                continue
            _, _, _, roff, rsize, _, _, _ = s
            for o in range(roff, min(roff + rsize, len(data)) - 23, 24):
                slot, info, addend = struct.unpack_from('<QQq', data, o)
                # RELATIVE, IRELATIVE (x86-64 8, 37; AArch64 1027, 1032)
                if info & 0xffffffff in (8, 37, 1027, 1032):
                    self.relative.setdefault(addend & 0xffffffffffffffff, []).append(slot)
        self.addends = sorted(self.relative)
        if got_loads:
            # an AArch64 load from a GOT slot takes the address the slot holds
            held = {s: a for a, slots in self.relative.items() for s in slots}
            for slot, pc in got_loads:
                a = held.get(slot)
                if a in starts:
                    self.takers.setdefault(a, []).append(pc)
                elif a is not None:
                    leas.append((a, pc))
        leas.sort()
        self.lea_to, self.lea_from = [t for t, _ in leas], [f for _, f in leas]
        by_name = {}
        for a, n in self.exported.items():
            by_name[n] = a
        self.plt_of = {}
        for a, n in self.via_plt.items():
            if n in by_name:
                self.plt_of.setdefault(by_name[n], []).append(a)

    def _a64_code(self, secs, starts):
        """The AArch64 half of __init__: direct branches (b, bl, b.cond,
        cbz/cbnz, tbz/tbnz) into callers, and addresses formed by adr or
        by adrp with a following add on its register into takers (a
        function's start) or the returned (target, from) list (anything
        else: tables of pointers); adrp with a 64-bit ldr on its register
        into the returned (slot, from) loads (GOT slots: __init__ takes the
        address a slot holds).  The adrp value a register holds is kept
        until an add or ldr into the same register uses it, or another adrp
        sets it: a stale one adds an edge, it never hides one."""
        data, leas, loads = self.data, [], []
        # the PLT's adrp/ldr/add reach GOT slots for the dynamic linker's
        # jumps: no address taken there (else every slot near a callback's
        # would make each stub take it)
        plt = {s[2] for s in self.elf.sections if s[0].startswith('.plt')}
        for off, size, base in secs:
            if base in plt:
                continue
            end = min(off + size, len(self.data))
            end -= (end - off) % 4
            page = {}
            for i, (w,) in enumerate(struct.iter_unpack('<I', data[off:end])):
                pc = base + 4 * i
                t = None
                if w & 0x7c000000 == 0x14000000:               # b, bl
                    imm = w & 0x3ffffff
                    t = pc + ((imm - (1 << 26) if imm >> 25 else imm) << 2)
                elif w & 0xff000010 == 0x54000000 or w & 0x7e000000 == 0x34000000:
                    imm = (w >> 5) & 0x7ffff                    # b.cond, cbz/cbnz
                    t = pc + ((imm - (1 << 19) if imm >> 18 else imm) << 2)
                elif w & 0x7e000000 == 0x36000000:              # tbz/tbnz
                    imm = (w >> 5) & 0x3fff
                    t = pc + ((imm - (1 << 14) if imm >> 13 else imm) << 2)
                if t is not None:
                    if t in starts:
                        self.callers.setdefault(t, []).append(pc)
                    continue
                a = None
                rn = (w >> 5) & 31
                if w & 0xffc00000 == 0xf9400000 and rn in page:   # ldr x, [x, #]
                    loads.append((page[rn] + ((w >> 10) & 0xfff) * 8, pc))
                    if w & 31 == rn:        # the register holds the value now
                        del page[rn]
                    continue
                if w & 0x9f000000 == 0x90000000:                # adrp
                    imm = ((w >> 5) & 0x7ffff) << 2 | (w >> 29) & 3
                    page[w & 31] = (pc & ~0xfff) + ((imm - (1 << 21) if imm >> 20 else imm)
                                                    << 12)
                    continue
                if w & 0x9f000000 == 0x10000000:                # adr
                    imm = ((w >> 5) & 0x7ffff) << 2 | (w >> 29) & 3
                    a = pc + (imm - (1 << 21) if imm >> 20 else imm)
                elif w & 0xffc00000 == 0x91000000 and rn in page:   # add #imm
                    a = page[rn] + ((w >> 10) & 0xfff)
                    if w & 31 == rn:        # the full address: later adds are arithmetic
                        del page[rn]
                if a is None:
                    continue
                if a in starts:
                    self.takers.setdefault(a, []).append(pc)
                else:
                    leas.append((a, pc))
        return leas, loads

    def _table_users(self, start, depth=0):
        """The code addresses that take the address of a table (up to TABLE
        bytes before a slot) holding a pointer to start, directly or through
        up to DATA_DEPTH tables of pointers to tables; None when a slot is
        reached by no code seen (reached through data)."""
        out = []
        for slot in self.relative.get(start, ()):
            lo = bisect.bisect_left(self.lea_to, slot - TABLE)
            hi = bisect.bisect_right(self.lea_to, slot)
            out += self.lea_from[lo:hi]
            dlo = bisect.bisect_left(self.addends, slot - TABLE)
            dhi = bisect.bisect_right(self.addends, slot)
            if lo == hi and (dlo == dhi or depth >= DATA_DEPTH):
                return None
            for table in self.addends[dlo:dhi]:
                more = self._table_users(table, depth + 1)
                if more is None:
                    return None
                out += more
        return out

    def _in_data(self, start):
        if start in self.relative:
            return self._table_users(start) is None
        # a non-PIE executable holds absolute addresses (data, mov $imm32)
        return self.elf.type == 2 and start < 1 << 32 and \
            self.data.find(struct.pack('<I', start)) >= 0

    def search(self, addr, library=False):
        """(reached, entries, partial) for the function of addr: reached is
        False only when no root reaches it.  For an executable the search
        stops at the first root and entries is None.  For a shared library
        (library=True) entries are the exported functions that reach it,
        None when the entry point or an unknown caller does; a function
        whose address sits in data is then not a root but a callback the
        library's own code calls, and partial says one was met (the entries
        found may miss the exports that dispatch to it)."""
        if not self.ok:
            return True, None, False
        f = self.fns.containing(addr)
        if not f:
            return True, None, False
        seen, todo, entries = {f[0]}, [f[0]], set()
        reached = unknown = partial = False
        while todo:
            g = todo.pop()
            if g in self.exported:
                entries.add(self.exported[g])
                reached = True
            if g == self.entry and not library:
                reached = unknown = True
            elif self._in_data(g):
                if library:
                    partial = True
                else:
                    reached = unknown = True
            if reached and not library:
                break
            for src in self.callers.get(g, []) + self.takers.get(g, []) + \
                    [c for p in self.plt_of.get(g, []) for c in self.callers.get(p, [])] + \
                    (self._table_users(g) or []):
                h = self.fns.containing(src)
                if h is None:
                    reached = unknown = True
                    continue
                if h[0] not in seen:
                    seen.add(h[0])
                    todo.append(h[0])
            if len(seen) > MAX_FUNCS:
                reached = unknown = True
                break
        if library and partial and not reached:
            reached = unknown = True        # only through data: not known
        return reached, None if unknown or not library else sorted(entries), partial
