# SPDX-License-Identifier: GPL-2.0
"""AF_ALG evidence in ELF objects, from their code.

certain   a call to socket()/socketpair() with 38 (AF_ALG) as the family
          argument, syscall(SYS_socket, 38, ...), a socket system call
          instruction with 38 in the first argument register, or imported
          kcapi_* functions (libkcapi); an io_uring IORING_OP_SOCKET
          submission with domain 38: liburing's io_uring_prep_socket*()
          called with 38, the SQE's opcode and fd built as one immediate
          (inlined io_uring_prep_socket), or stored as 45 and, 4 bytes
          further, 38 from the same base register (x86-64 only)
probable  38 passed to a local function that itself calls socket(); a
          DT_NEEDED libkcapi without a kcapi_* import
possible  strings only: socket/bind/accept imported, an AF_ALG type name and
          algorithm names among the strings (no call site found); call sites
          that are all linked but unreachable (reach.py)

The family is found as an immediate loaded into the argument register
(x86-64 %edi, or %esi for syscall(); aarch64 w0/w1) in the same basic run
of instructions before the call; a family computed at run time is missed.
"""
import bisect
import functools
import mmap
import os
import re
import shutil
import struct
import subprocess

from .algnames import TYPES, is_alg_name, names_in
from .common import load_data
from .reach import Functions, Reach

AF_ALG = 38
SYS_SOCKET = {'x86_64': 41, 'aarch64': 198}
SYS_SOCKETPAIR = {'x86_64': 53, 'aarch64': 199}
SOCKET_FNS = {'socket', '__socket', 'socketpair', '__socketpair'}
# Go: the socket functions of package syscall and golang.org/x/sys/unix
# (family first) and the raw system call stubs (number first, family
# second), called with Go's register ABI (x86-64 %rax, %rbx...; arm64 x0...).
GO_SOCKET = {p + f for p in ('syscall.', 'golang.org/x/sys/unix.')
             for f in ('Socket', 'socket', 'Socketpair', 'socketpair')}
GO_SYSCALL = {p + f for p in ('syscall.', 'golang.org/x/sys/unix.')
              for f in ('Syscall', 'Syscall6', 'RawSyscall', 'RawSyscall6', 'RawSyscallNoError')} | \
    {'runtime/internal/syscall.Syscall6', 'internal/runtime/syscall.Syscall6'}
GO_ARGS = {'x86_64': ('ax', 'bx'), 'aarch64': ('a0', 'a1')}
# Candidate call sites: the instructions that put 38 (AF_ALG) where a
# socket call takes its family.  x86-64: mov $0x26 into %edi/%esi (32-bit
# and REX.W forms), push $0x26; pop %rdi/%rsi (-Os); an io_uring SQE head
# with opcode 45 and fd 38 as one immediate (movabs), movl $0x26 to
# disp8(reg).  Go's register ABI passes the first arguments in %rax/%rbx.
# aarch64: mov w0/w1/x0/x1, #0x26.
# Each is found from a literal anchor (a fast search) and checked backwards.
IMM38 = re.compile(rb'\x26\x00\x00\x00')
PUSH38 = re.compile(rb'\x6a\x26[\x5e\x5f]')
A64_ANCHOR = re.compile(rb'\x04\x80[\x52\xd2]')


def _x86_at(data, p, uring, go):
    """The start of the instruction whose imm32 38 is at p, if it is one of
    the candidate forms."""
    b1 = data[p - 1] if p >= 1 else -1
    if b1 in (0xbe, 0xbf) or go and b1 in (0xb8, 0xbb):
        return p - 1
    if p >= 3 and data[p - 3] == 0x48 and data[p - 2] == 0xc7 and \
            (data[p - 1] in (0xc6, 0xc7) or go and data[p - 1] in (0xc0, 0xc3)):
        return p - 3
    if not uring:
        return None
    if p >= 6 and data[p - 6] in (0x48, 0x49) and 0xb8 <= data[p - 5] <= 0xbf and \
            data[p - 4] == 0x2d:
        return p - 6
    if p >= 3 and data[p - 3] == 0xc7 and 0x40 <= data[p - 2] <= 0x47:
        return p - 3
    if p >= 4 and data[p - 4] == 0xc7 and 0x40 <= data[p - 3] <= 0x47 and data[p - 2] == 0x24:
        return p - 4
    return None
# io_uring (struct io_uring_sqe): u8 opcode at 0, s32 fd (the socket domain
# for IORING_OP_SOCKET) at 4.
URING_BYTES = re.compile(rb'\x2d[\x00-\xff]{3}\x26\x00\x00\x00|\xc6[\x00-\xff]{1,3}\x2d')
CHUNK = 8 << 20         # bytes of a mapped file searched (and resident) at once
MAX_CANDIDATES = 4096   # per file; more is not code that sets a family
IORING_OP_SOCKET = 45
URING_PREP = ('io_uring_prep_socket', 'io_uring_prep_socket_direct',
              'io_uring_prep_socket_direct_alloc')


def uring_socket_imm(val):
    """An SQE's first 8 bytes as one immediate: IORING_OP_SOCKET, fd 38."""
    return val is not None and val & 0xffffffff000000ff == (AF_ALG << 32) | IORING_OP_SOCKET


class ElfError(ValueError):
    """A file that starts like an ELF object but cannot be one (truncated,
    bad header, bad section table): reported, never taken as clean."""


class Elf:
    """The few parts of an ELF file the scan needs, parsed from its bytes."""

    def __init__(self, data):
        if len(data) < 52:
            raise ElfError('truncated ELF header (%d bytes)' % len(data))
        if data[4] not in (1, 2) or data[5] not in (1, 2) or data[6] != 1:
            raise ElfError('bad ELF header (class %d, data encoding %d, version %d)'
                           % (data[4], data[5], data[6]))
        self.data = data
        self.is64 = data[4] == 2
        self.end = '<' if data[5] == 1 else '>'
        if self.is64 and len(data) < 64:
            raise ElfError('truncated ELF header (%d bytes)' % len(data))
        e_type, e_machine = self._unpack('HH', 16)
        self.type = e_type
        self.machine = {62: 'x86_64', 183: 'aarch64'}.get(e_machine, 'other')
        if self.is64:
            phoff, shoff = self._unpack('QQ', 0x20)
            phentsize, phnum, shentsize, shnum, shstrndx = self._unpack('HHHHH', 0x36)
        else:
            phoff, shoff = self._unpack('II', 0x1c)
            phentsize, phnum, shentsize, shnum, shstrndx = self._unpack('HHHHH', 0x2a)
        if phnum and phoff + phnum * phentsize > len(data):
            raise ElfError('program header table past the end of the file (truncated?)')
        if shoff and shnum:
            if shentsize != (64 if self.is64 else 40):
                raise ElfError('bad section header size %d' % shentsize)
            if shoff + shnum * shentsize > len(data):
                raise ElfError('section header table past the end of the file (truncated?)')
            if shstrndx >= shnum:
                raise ElfError('bad section name table index %d of %d' % (shstrndx, shnum))
        self.sections = []
        for i in range(shnum if shoff else 0):
            o = shoff + i * shentsize
            if self.is64:
                name, typ, flags, addr, off, size, link, _, _, entsize = \
                    self._unpack('IIQQQQIIQQ', o)
            else:
                name, typ, flags, addr, off, size, link, _, _, entsize = \
                    self._unpack('IIIIIIIIII', o)
            if typ != 8 and i and off + size > len(data):
                raise ElfError('section %d past the end of the file (truncated?)' % i)
            if link >= max(shnum, 1):
                raise ElfError('section %d links to section %d of %d' % (i, link, shnum))
            self.sections.append([name, typ, addr, off, size, link, entsize, flags])
        if self.sections:
            s = self.sections[shstrndx]
            for sec in self.sections:
                if sec[0] >= max(s[4], 1):
                    raise ElfError('section name offset %d outside the name table' % sec[0])
                sec[0] = self._str(s[3], sec[0])

    def _unpack(self, fmt, off):
        return struct.unpack_from(self.end + fmt, self.data, off)

    def _str(self, base, off):
        end = self.data.find(b'\0', base + off)
        if end < 0:
            raise ElfError('string at 0x%x not terminated' % (base + off))
        return self.data[base + off:end].decode('latin-1')

    def section(self, name):
        for s in self.sections:
            if s[0] == name:
                return s
        return None

    def _symtab(self, symtab):
        """[(name, info, shndx, value, size)] of the named symbols of .dynsym
        or .symtab, read once (the tables and names copied as bytes: one
        lookup per name in a mapped file was the scan's costliest step)."""
        cache = self.__dict__.setdefault('_symcache', {})
        if symtab in cache:
            return cache[symtab]
        s = self.section(symtab)
        out = []
        if s and s[5] < len(self.sections) and s[1] != 8:
            strtab = self.sections[s[5]]
            names = bytes(self.data[strtab[3]:strtab[3] + strtab[4]]) if strtab[1] != 8 else b''
            size = 24 if self.is64 else 16
            n = s[4] // size
            table = bytes(self.data[s[3]:s[3] + n * size])
            fmt = self.end + ('IBBHQQ' if self.is64 else 'IIIBBH')
            for row in struct.iter_unpack(fmt, table):
                if self.is64:
                    name, info, _, shndx, value, sz = row
                else:
                    name, value, sz, info, _, shndx = row
                if not name:
                    continue
                end = names.find(b'\0', name)
                if end < 0:
                    raise ElfError('%s: symbol name at %d outside its string table'
                                   % (symtab, name))
                out.append((names[name:end].decode('latin-1'), info, shndx, value, sz))
        cache[symtab] = out
        return out

    def symbols(self, symtab):
        """(name, defined, value, is_function) for .dynsym or .symtab."""
        return [(n, shndx != 0, value, info & 15 == 2)
                for n, info, shndx, value, _ in self._symtab(symtab)]

    def functions(self):
        """{address: (name, size)} of the defined functions of .symtab and
        .dynsym; where names share an address, a socket function's wins."""
        out = {}
        for symtab in ('.dynsym', '.symtab'):
            for n, info, shndx, value, sz in self._symtab(symtab):
                if shndx and info & 15 == 2 and value:
                    if value not in out or n in SOCKET_FNS:
                        out[value] = (n, sz)
        return out

    def rodata(self):
        """(file offset, size) of the allocated, read-only, non-code sections
        with contents (.rodata and the like: where C strings are)."""
        return [(off, size) for _, typ, _, off, size, _, _, flags in self.sections
                if typ == 1 and flags & 2 and not flags & 5 and size]

    def exec_sections(self):
        """(file offset, size, address) of the code sections."""
        return [(off, size, base) for _, typ, base, off, size, _, _, flags in self.sections
                if flags & 4 and typ != 8 and size]

    def dynamic(self, tags):
        """(tag, string) of the .dynamic entries with the given tags."""
        s = self.section('.dynamic')
        if not s or s[5] >= len(self.sections):
            return []
        strtab = self.sections[s[5]]
        fmt, size = ('qQ', 16) if self.is64 else ('iI', 8)
        out = []
        for o in range(s[3], s[3] + s[4] - size + 1, size):
            tag, val = self._unpack(fmt, o)
            if tag == 0:
                break
            if tag in tags:
                out.append((tag, self._str(strtab[3], val)))
        return out

    def needed(self):
        return [v for _, v in self.dynamic((1,))]

    def soname(self):
        return next((v for _, v in self.dynamic((14,))), None)

    def runpath(self):
        """DT_RUNPATH, else DT_RPATH, split into directories."""
        d = dict(self.dynamic((15, 29)))
        v = d.get(29, d.get(15))
        return v.split(':') if v else []

    def exec_vaddr(self, offset):
        """Virtual address of a file offset inside an executable section."""
        for name, typ, base, off, size, _, _, flags in self.sections:
            if flags & 4 and typ != 8 and off <= offset < off + size:
                return base + offset - off
        return None

    def cstring_at(self, addr):
        for name, typ, base, off, size, _, _, _ in self.sections:
            if typ != 8 and base <= addr < base + size and base:
                o = off + addr - base
                end = self.data.find(b'\0', o, o + 128)
                if end > o:
                    try:
                        return self.data[o:end].decode('ascii')
                    except UnicodeDecodeError:
                        return None
        return None


_INSN = re.compile(r'^\s*([0-9a-f]+):\s+(\S+)\s*(.*?)\s*$')
_FUNC = re.compile(r'^([0-9a-f]+) <(.+)>:$')
_TARGET = re.compile(r'<([^>+]+?)(?:@plt|@[A-Z].*)?(?:\+0x[0-9a-f]+)?>')
_RIPCOMMENT = re.compile(r'#\s*([0-9a-f]+)')
X86_REG = {}
for _n, _r in (('di', ('rdi', 'edi', 'di', 'dil')), ('si', ('rsi', 'esi', 'si', 'sil')),
               ('ax', ('rax', 'eax', 'ax', 'al')), ('dx', ('rdx', 'edx', 'dx', 'dl')),
               ('bx', ('rbx', 'ebx', 'bx', 'bl')),
               ('cx', ('rcx', 'ecx', 'cx', 'cl')), ('r8', ('r8', 'r8d', 'r8w', 'r8b')),
               ('r9', ('r9', 'r9d', 'r9w', 'r9b')), ('r10', ('r10', 'r10d')),
               ('r11', ('r11', 'r11d')), ('bp', ('rbp', 'ebp')), ('r12', ('r12', 'r12d')),
               ('r13', ('r13', 'r13d')), ('r14', ('r14', 'r14d')), ('r15', ('r15', 'r15d'))):
    for _x in _r:
        X86_REG[_x] = _n
A64_REG = {'w%d' % i: 'a%d' % i for i in range(9)}
A64_REG.update({'x%d' % i: 'a%d' % i for i in range(9)})
ARG0 = {'x86_64': 'di', 'aarch64': 'a0'}
ARG1 = {'x86_64': 'si', 'aarch64': 'a1'}
SYSNR = {'x86_64': 'ax', 'aarch64': 'a8'}
CLOBBER = {'x86_64': ('di', 'si', 'ax', 'bx', 'dx', 'cx', 'r8', 'r9', 'r10', 'r11'),
           'aarch64': tuple('a%d' % i for i in range(9))}


def _imm(s):
    s = s.strip().lstrip('$#')
    try:
        return int(s, 0) & 0xffffffffffffffff
    except ValueError:
        return None


def _objdump(args, path):
    """objdump on a file on disk or, for an archive member, a memfd
    (/proc/self/fd/N, passed to objdump under the same number)."""
    fds = ()
    if isinstance(path, int):
        fds, path = (path,), '/proc/self/fd/%d' % path
    return subprocess.run(['objdump'] + args + [path], capture_output=True, text=True,
                          errors='replace', pass_fds=fds)


def _got_slots(elf, data, types):
    """{GOT slot address: 'name@GOT'} of the relocations of the given types
    (GLOB_DAT, JUMP_SLOT) named by their .dynsym symbol (64-bit RELA)."""
    slots = {}
    ds = elf.section('.dynsym')
    if not ds or ds[5] >= len(elf.sections):
        return slots
    strtab = elf.sections[ds[5]]
    nsyms = ds[4] // 24

    def name(i):
        if not 0 < i < nsyms:
            return None
        n, = struct.unpack_from('<I', data, ds[3] + 24 * i)
        return elf._str(strtab[3], n).split('@')[0] if n else None
    for sec in ('.rela.plt', '.rela.dyn'):
        s = elf.section(sec)
        if not s:
            continue
        for o in range(s[3], min(s[3] + s[4], len(data)) - 23, 24):
            slot, info = struct.unpack_from('<QQ', data, o)
            if info & 0xffffffff in types:
                n = name(info >> 32)
                if n:
                    slots[slot] = n + '@GOT'
    return slots


def _a64_plt(elf, data):
    """plt_names() of an AArch64 file read from its bytes: the GOT slots of
    R_AARCH64_GLOB_DAT and JUMP_SLOT, and each .plt stub (adrp x16, page;
    ldr x17, [x16, #off]) named by the slot page + off it loads."""
    stubs, slots = {}, _got_slots(elf, data, (1025, 1026))
    s = elf.section('.plt')
    if not s or s[1] == 8:
        return stubs, slots
    base, off, end = s[2], s[3], min(s[3] + s[4], len(data))
    for k in range(off, end - 7, 4):
        w, w2 = struct.unpack_from('<II', data, k)
        if w & 0x9f00001f == 0x90000010 and w2 & 0xffc003ff == 0xf9400211:
            pc = base + k - off
            n = slots.get(_adrp_page(w, pc) + ((w2 >> 10) & 0xfff) * 8)
            if n:
                stubs[pc] = n[:-4] + '@plt'
    return stubs, slots


def _adrp_page(w, pc):
    """The page address an AArch64 adrp instruction word at pc computes."""
    imm = ((w >> 5) & 0x7ffff) << 2 | (w >> 29) & 3
    if imm & 1 << 20:
        imm -= 1 << 21
    return (pc & ~0xfff) + (imm << 12)


def _x86_plt(elf, data):
    """plt_names() of an x86-64 file read from its bytes: the GOT slots of
    the JUMP_SLOT and GLOB_DAT relocations named by their .dynsym symbol, and
    each 16-byte entry of .plt/.plt.sec (8 of .plt.got) named by the slot its
    jmp *slot(%rip) (ff 25, or f2 ff 25 with IBT) goes through."""
    stubs, slots = {}, _got_slots(elf, data, (6, 7))
    for sec, size in (('.plt', 16), ('.plt.sec', 16), ('.plt.got', 8)):
        s = elf.section(sec)
        if not s or s[1] == 8:
            continue
        base, off, end = s[2], s[3], min(s[3] + s[4], len(data))
        p = data.find(b'\xff\x25', off, end)
        while 0 <= p < end - 5:
            slot = base + p - off + 6 + struct.unpack_from('<i', data, p + 2)[0]
            n = slots.get(slot)
            if n:
                stubs[base + (p - off) // size * size] = n[:-4] + '@plt'
            p = data.find(b'\xff\x25', p + 2, end)
    return stubs, slots


def plt_names(path, elf=None, data=None):
    """{address: name} of the PLT stubs and of the GOT slots of the imports
    (-fno-plt code calls through the slot).  x86-64 and AArch64 (elf and
    data given): read from the file's bytes; otherwise by objdump."""
    if elf is not None and elf.machine == 'x86_64' and elf.end == '<' and elf.is64:
        return _x86_plt(elf, data)
    if elf is not None and elf.machine == 'aarch64' and elf.end == '<' and elf.is64:
        return _a64_plt(elf, data)
    stubs, slots = {}, {}
    r = _objdump(['-d', '-w', '--no-show-raw-insn', '-j', '.plt', '-j', '.plt.sec'], path)
    for ln in r.stdout.splitlines():
        m = _FUNC.match(ln)
        if m and re.fullmatch(r'[^@+-]+@plt', m.group(2)):
            stubs[int(m.group(1), 16)] = m.group(2)
    for ln in _objdump(['-R'], path).stdout.splitlines():
        f = ln.split()
        if len(f) == 3 and f[1].endswith(('JUMP_SLOT', 'GLOB_DAT')):
            try:
                slots[int(f[0], 16)] = f[2].split('@')[0] + '@GOT'
            except ValueError:
                pass
    return stubs, slots


def _finditer(regex, data, start, end):
    """File offsets of regex matches in data[start:end], searched CHUNK bytes
    at a time; a mapped file's pages are dropped behind the search, so a
    large file never becomes resident as a whole."""
    mm = isinstance(data, mmap.mmap)
    o = start
    while o < end:
        stop = min(o + CHUNK, end)
        for m in regex.finditer(data, o, min(stop + 16, end)):
            if m.start() >= stop:
                break
            yield m.start()
        if mm:
            lo = o - o % mmap.PAGESIZE
            data.madvise(mmap.MADV_DONTNEED, lo, stop - lo - (stop - lo) % mmap.PAGESIZE)
        o = stop


def is_go(elf):
    return any(elf.section(n) for n in ('.gopclntab', '.go.buildinfo', '.note.go.buildid'))


def candidates(elf, data, uring):
    """Addresses of the instructions that may set the family to 38."""
    a64, go = elf.machine == 'aarch64', is_go(elf)
    out = set()
    for off, size, base in elf.exec_sections():
        end = min(off + size, len(data))
        if a64:
            # mov w0/w1, #0x26 is c0/c1 04 80 52 (d2: x0/x1): the anchor
            # starts one byte into the instruction word
            found = (o - 1 for o in _finditer(A64_ANCHOR, data, off + 1, end)
                     if (o - 1 - off) % 4 == 0 and data[o - 1] in (0xc0, 0xc1))
        else:
            found = [_x86_at(data, o, uring, go) for o in _finditer(IMM38, data, off, end)]
            found = [o for o in found if o is not None and o >= off] + \
                list(_finditer(PUSH38, data, off, end))
        for o in found:
            out.add(base + o - off)
            if len(out) > MAX_CANDIDATES:
                return sorted(out)
    return sorted(out)


def _offset(va, secs):
    for off, size, base in secs:
        if base <= va < base + size:
            return off + va - base
    return None


def _section_of(va, secs):
    for off, size, base in secs:
        if base <= va < base + size:
            return base, base + size
    return None


def _call_targets(elf, data, va, secs):
    """The first two direct call targets in the 192 bytes after va (x86-64
    e8 rel32; aarch64 bl imm26): where a local socket wrapper may be."""
    off = _offset(va, secs)
    out = []
    if off is None:
        return out
    if elf.machine == 'aarch64':
        for k in range(off, min(off + 192, len(data) - 3), 4):
            w, = struct.unpack_from('<I', data, k)
            if w >> 26 == 0x25 and len(out) < 2:
                imm = w & 0x3ffffff
                out.append(va + k - off + ((imm - (1 << 26) if imm >> 25 else imm) << 2))
        return out
    k = off
    while len(out) < 2:
        k = data.find(b'\xe8', k, min(off + 192, len(data) - 5))
        if k < 0:
            break
        rel, = struct.unpack_from('<i', data, k + 1)
        out.append(va + k - off + 5 + rel)
        k += 1
    return out


_XCALL = re.compile(rb'[\xe8\xe9]|\xff[\x15\x25]')
SOCKETISH = SOCKET_FNS | {'syscall'} | set(URING_PREP)


def _may_open(elf, data, va, secs, names):
    """Whether a candidate of a dynamically linked x86-64 file can be a
    call site analyse() would report: the prefilter before decoding.  True
    for every form but a register load (the SQE stores), and for a load
    followed within 192 bytes by a direct or GOT call or tail jump (bytes
    that may be one) to a socket function (SOCKETISH), to a function named
    like a socket wrapper, or to a local function with a syscall instruction
    (0f 05) in its first 96 bytes, which analyse() may take for a wrapper."""
    off = _offset(va, secs)
    if off is None:
        return False
    b = data[off:off + 3]
    if not (b[:1] in (b'\xbe', b'\xbf', b'\x6a') or
            b[:2] == b'\x48\xc7' and b[2:3] in (b'\xc6', b'\xc7')):
        return True
    for m in _XCALL.finditer(data, off, max(off, min(off + 192, len(data) - 6))):
        p = m.start()
        if data[p] == 0xff:
            t = va + p - off + 6 + struct.unpack_from('<i', data, p + 2)[0]
        else:
            t = va + p - off + 5 + struct.unpack_from('<i', data, p + 1)[0]
        n = names.get(t)
        if n:
            n = n.split('@')[0]
            if n in SOCKETISH or 'socket' in n.lower():
                return True
        to = _offset(t, secs)
        if to is not None and data.find(b'\x0f\x05', to, to + 96) >= 0:
            return True
    return False


_ADDR = re.compile(r'\b0x([0-9a-f]+)\b')
_BRANCH = ('call', 'jmp', 'j', 'loop', 'b', 'bl', 'cb', 'tb', 'adr')


def decode_windows(elf, data, segments, names):
    """Disassemble only the given (start, end, header) segments of the code:
    they are copied into one buffer (apart by no-op padding that ends any
    instruction cut at a segment's end; aarch64 keeps each segment's page
    offset for adrp) and given to objdump once.  Returns objdump-like lines
    with the real addresses, calls annotated with names[target]."""
    a64 = elf.machine == 'aarch64'
    secs = elf.exec_sections()
    blob, layout = bytearray(), []
    pad = b'\x1f\x20\x03\xd5' if a64 else b'\x90'
    for start, end, header in segments:
        off = _offset(start, secs)
        if off is None or end <= start:
            continue
        end = min(end, start + (len(data) - off))
        gap = 16 if not a64 else (start - len(blob) - 16) % 4096 + 16
        blob += pad * (gap // len(pad))
        layout.append((len(blob), len(blob) + end - start, start - len(blob), header))
        blob += data[off:off + end - start]
    if not layout:
        return []
    blob += pad * 4
    tool = 'objdump'
    if a64 and shutil.which('aarch64-linux-gnu-objdump'):
        tool = 'aarch64-linux-gnu-objdump'
    fd = os.memfd_create('afalg-migrate-windows')
    try:
        os.write(fd, blob)
        r = subprocess.run([tool, '-D', '-w', '--no-show-raw-insn', '-b', 'binary', '-m',
                            'aarch64' if a64 else 'i386:x86-64', '/proc/self/fd/%d' % fd],
                           capture_output=True, text=True, errors='replace', pass_fds=(fd,))
    finally:
        os.close(fd)
    starts = [s for s, _, _, _ in layout]
    lines, seg = [], None
    for ln in r.stdout.splitlines():
        m = _INSN.match(ln)
        if not m:
            continue
        addr = int(m.group(1), 16)
        i = bisect.bisect_right(starts, addr) - 1
        if i < 0 or addr >= layout[i][1]:
            continue
        _, _, delta, header = layout[i]
        if i != seg and header:
            lines.append('%016x <%s>:' % (addr + delta, header))
        seg = i
        op, rest = m.group(2), m.group(3)

        def real(mo):
            return '0x%x' % ((int(mo.group(1), 16) + delta) & 0xffffffffffffffff)
        branch = op.startswith(_BRANCH) and not op.startswith('bic')
        if branch and '*' not in rest:
            rest = _ADDR.sub(real, rest, count=1)
        if '#' in rest and not a64:
            code, _, comment = rest.partition('#')
            rest = code + '# ' + _ADDR.sub(real, comment.strip(), count=1)
        if branch:
            t = _ADDR.search(rest.split('#')[-1] if '*' in rest else rest)
            name = names.get(int(t.group(1), 16)) if t else None
            if name:
                rest += ' <%s>' % name
        lines.append('%x:\t%s %s' % (addr + delta, op, rest))
    return lines


def site_windows(elf, data, objfile, imports, needed):
    """Functions (split_functions()) decoded around the candidate call sites
    only; None when there is no candidate."""
    if elf.end != '<':
        return None
    uring = any('io_uring' in n for n in imports) or not needed or \
        any(n.startswith('liburing') for n in needed) or \
        ('syscall' in imports and any(True for _ in _finditer(
            URING_BYTES, data, 0, len(data))))
    cands = candidates(elf, data, uring)
    if not cands:
        return None
    secs = elf.exec_sections()
    funcs = elf.functions()
    fstarts = sorted(funcs)
    names = {a: n for a, (n, _) in funcs.items()}
    if needed and objfile is not None:
        stubs, slots = plt_names(objfile, elf, data)
        names.update(stubs)
        names.update(slots)
    if needed and elf.machine == 'x86_64' and not is_go(elf):
        # Most loads of 38 into %edi/%esi feed malloc(38) and the like:
        # decode only those a socket call, a function named like a socket
        # wrapper, or a function with a system call instruction may follow.
        cands = [va for va in cands if _may_open(elf, data, va, secs, names)]
    if is_go(elf) and elf.machine == 'x86_64':
        # %eax/%ebx carry 38 for many reasons in Go code: keep the loads
        # followed by a call to a Go socket or system call function.
        gofns = GO_SOCKET | GO_SYSCALL
        cands = [va for va in cands if _x86_at(data, _offset(va, secs) + 1, False, False)
                 is not None or any(names.get(t) in gofns
                                    for t in _call_targets(elf, data, va, secs))]
    segments, seen, covered = [], set(), 0
    for va in cands:
        if va < covered:        # decoded already, in the window before
            continue
        lo_sec, hi_sec = _section_of(va, secs)
        i = bisect.bisect_right(fstarts, va) - 1
        fn = None
        if i >= 0:
            fa = fstarts[i]
            fname, fsize = funcs[fa]
            if va < fa + fsize or (not fsize and va - fa < 16384):
                fn = (fa, fa + fsize if fsize else va + 384, fname)
        if fn:
            pre, post = max(fn[0], va - 2048), min(max(fn[1], va + 16), va + 1024)
            header = fn[2] if pre == fn[0] else '%s+0x%x' % (fn[2], pre - fn[0])
        else:
            pre, post = max(lo_sec, va - 512), va + 384
            header = '.text+0x%x' % (va - lo_sec)
        post = min(post, hi_sec)
        segments += [(pre, va, header), (va, post, None)]
        covered = post
        for t in _call_targets(elf, data, va, secs):
            if t not in seen and _section_of(t, secs) and t not in names:
                seen.add(t)
                segments.append((t, t + 96, '.text+0x%x' % t))
    return split_functions(decode_windows(elf, data, segments, names))


def _ascii_imm(v):
    b = v.to_bytes(8, 'little').rstrip(b'\0')
    return b.decode('ascii') if b and all(0x21 <= c < 0x7f for c in b) else None


class Function:
    def __init__(self, name, addr):
        self.name, self.addr = name, addr
        self.insns = []


def split_functions(lines):
    """Functions from objdump output; unnamed code is split after ret/padding."""
    funcs, cur, after_ret = [], None, False
    for ln in lines:
        m = _FUNC.match(ln)
        if m:
            cur = Function(m.group(2), int(m.group(1), 16))
            funcs.append(cur)
            after_ret = False
            continue
        m = _INSN.match(ln)
        if not m or cur is None:
            continue
        addr, op, rest = int(m.group(1), 16), m.group(2), m.group(3)
        if op in ('nop', 'nopw', 'nopl', 'int3', 'xchg', 'cs', 'data16') or \
                op.startswith('nop'):
            if after_ret:
                continue
        elif after_ret and cur.name.startswith('.'):
            cur = Function('%s+0x%x' % (funcs[-1].name.split('+')[0], addr), addr)
            funcs.append(cur)
            after_ret = False
        cur.insns.append((addr, op, rest))
        if op in ('ret', 'retq', 'ud2', 'hlt') or (op.startswith('jmp') and '*' not in rest):
            after_ret = True
    return funcs


_COMMENT = re.compile(r'\s*(?://|#\s).*$')


def _operands(rest):
    # x86-64 comments start with "# ", AArch64's with "//"; an AArch64
    # immediate is "#0x26", no space: it is an operand, not a comment
    rest = _COMMENT.sub('', rest).strip()
    out, depth, cur = [], 0, ''
    for c in rest:
        if c == '(' or c == '[':
            depth += 1
        elif c == ')' or c == ']':
            depth -= 1
        if c == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def analyse(elf, funcs):
    """Call sites with family 38 and the algorithm names near them."""
    arch = elf.machine
    regmap = X86_REG if arch == 'x86_64' else A64_REG
    a0, a1, nr = ARG0[arch], ARG1[arch], SYSNR[arch]
    sys_socket = {SYS_SOCKET.get(arch), SYS_SOCKETPAIR.get(arch)}
    # Unnamed socket wrappers (stripped static binaries): a function whose
    # body loads the socket syscall number and traps.
    wrappers = set()
    for f in funcs:
        regs = {}
        for addr, op, rest in f.insns:
            ops = _operands(rest)
            if op.startswith('mov') and len(ops) == 2:
                src, dst = (ops[0], ops[1]) if arch == 'x86_64' else (ops[1], ops[0])
                dst = regmap.get(dst.lstrip('%'))
                if dst:
                    regs[dst] = _imm(src) if src[:1] in '$#' else None
            elif op in ('syscall', 'svc') and regs.get(nr) in sys_socket:
                wrappers.add(f.addr)
    sites, probable = [], []
    for f in funcs:
        regs, stack, strings, pushed = {}, {}, set(), None
        sqe_op, sqe_fd = set(), set()   # base registers of SQE opcode/fd stores
        for addr, op, rest in f.insns:
            ops = _operands(rest)
            m = _RIPCOMMENT.search(rest)
            if m and ('(%rip)' in rest or arch == 'aarch64'):
                s = elf.cstring_at(int(m.group(1), 16))
                if s and is_alg_name(s):
                    strings.add(s)
            if arch == 'aarch64' and op == 'add' and len(ops) == 3 and m:
                s = elf.cstring_at(int(m.group(1), 16))
                if s and is_alg_name(s):
                    strings.add(s)
            is_call = op.startswith('call') or op in ('bl', 'blr') or \
                (op.startswith('jmp') or op == 'b') and '<' in rest
            if is_call:
                t = _TARGET.search(rest)
                target = t.group(1) if t else None
                taddr = None
                mt = re.match(r'(?:0x)?([0-9a-f]+)\b', rest)
                if mt:
                    taddr = int(mt.group(1), 16)
                where = ('0x%x (in %s)' if '+' not in f.name and not f.name.startswith('.')
                         else '0x%x (after symbol %s)') % (addr, f.name.split('+')[0])
                if target in SOCKET_FNS and regs.get(a0) == AF_ALG:
                    sites.append((addr, '%s(AF_ALG, ...) at %s' % (target.lstrip('_'), where)))
                elif target == 'syscall' and regs.get(a0) in sys_socket and \
                        regs.get(a1) == AF_ALG:
                    sites.append((addr, 'syscall(SYS_socket, AF_ALG, ...) at %s' % where))
                elif target in URING_PREP and regs.get(a1) == AF_ALG:
                    sites.append((addr, 'io_uring: %s(sqe, AF_ALG, ...) at %s' % (target, where)))
                elif taddr in wrappers and regs.get(a0) == AF_ALG:
                    sites.append((addr, 'socket(AF_ALG, ...) through the socket system call '
                                  'wrapper at 0x%x, at %s' % (taddr, where)))
                elif target in GO_SOCKET and regs.get(GO_ARGS[arch][0]) == AF_ALG:
                    sites.append((addr, 'Go %s(AF_ALG, ...) at %s' % (target, where)))
                elif target in GO_SYSCALL and regs.get(GO_ARGS[arch][0]) in sys_socket and \
                        regs.get(GO_ARGS[arch][1]) == AF_ALG:
                    sites.append((addr, 'Go %s(SYS_SOCKET, AF_ALG, ...) at %s' % (target, where)))
                elif regs.get(a0) == AF_ALG and target and '@plt' not in rest and \
                        target not in SOCKET_FNS and 'socket' in target.lower():
                    probable.append((addr, 'AF_ALG passed to %s() at %s' % (target, where)))
                for r in CLOBBER[arch]:
                    regs.pop(r, None)
                continue
            if op in ('syscall', 'svc'):
                if regs.get(nr) in sys_socket and regs.get(a0) == AF_ALG:
                    sites.append((addr, 'socket system call with AF_ALG at 0x%x (after '
                                  'symbol %s)' % (addr, f.name.split('+')[0])))
                continue
            if op.startswith('push') and ops:         # push $38; pop %rdi (-Os)
                pushed = _imm(ops[0]) if ops[0].startswith('$') else None
                continue
            if op.startswith('pop') and ops and regmap.get(ops[0].lstrip('%')):
                regs[regmap[ops[0].lstrip('%')]] = pushed
                pushed = None
                continue
            if op.startswith('mov') and len(ops) == 2:
                src, dst = (ops[0], ops[1]) if arch == 'x86_64' else (ops[1], ops[0])
                val = _imm(src) if src[:1] in '$#' else regs.get(regmap.get(src.lstrip('%')))
                if arch == 'x86_64' and src[:1] == '$' and uring_socket_imm(val):
                    sites.append((addr, 'io_uring: IORING_OP_SOCKET submission with domain '
                                  'AF_ALG (SQE opcode and fd as one value) at 0x%x (after '
                                  'symbol %s)' % (addr, f.name.split('+')[0])))
                um = re.match(r'(0x[0-9a-f]+|)\(%(\w+)\)$', dst)
                if arch == 'x86_64' and um and src[:1] == '$':
                    off = int(um.group(1) or '0', 16)
                    if op == 'movb' and _imm(src) == IORING_OP_SOCKET:
                        sqe_op.add((um.group(2), off))
                    elif op == 'movl' and _imm(src) == AF_ALG:
                        sqe_fd.add((um.group(2), off - 4))
                    if sqe_op & sqe_fd:
                        sites.append((addr, 'io_uring: SQE opcode IORING_OP_SOCKET and fd '
                                      'AF_ALG stored at 0x%x (after symbol %s)' % (
                                          addr, f.name.split('+')[0])))
                        sqe_op, sqe_fd = set(), set()
                dreg = regmap.get(dst.lstrip('%'))
                if dreg:
                    regs[dreg] = val
                    if val:
                        s = _ascii_imm(val)
                        if s and is_alg_name(s):
                            strings.add(s)
                    continue
                sm = re.match(r'(-?0x[0-9a-f]+|)\(%(rsp|rbp)\)$', dst)
                if sm and val is not None:
                    size = {'b': 1, 'w': 2, 'l': 4, 'q': 8}.get(op[-1], 8)
                    if op == 'mov':
                        r = src.lstrip('%')
                        size = 8 if r.startswith('r') and not r[1:].isdigit() else 4
                        if r.startswith('r') and r[1:].isdigit():
                            size = 8
                        elif r.endswith('x') and len(r) == 2 or r.endswith('w'):
                            size = 2
                        elif r.endswith('l') or r.endswith('b'):
                            size = 1
                    base = int(sm.group(1) or '0', 16) + (0 if sm.group(2) == 'rsp' else 1 << 20)
                    for k, b in enumerate(val.to_bytes(8, 'little')[:size]):
                        stack[base + k] = b
                continue
            if op in ('xor', 'sub') and len(ops) == 2 and ops[0] == ops[1]:
                r = regmap.get(ops[0].lstrip('%'))
                if r:
                    regs[r] = 0
                continue
            if ops:
                dst = ops[-1] if arch == 'x86_64' else ops[0]
                r = regmap.get(dst.lstrip('%'))
                if r:
                    regs[r] = None
            if op.startswith('j') or op in ('ret', 'b', 'cbz', 'cbnz'):
                regs = {k: v for k, v in regs.items()} if op.startswith('j') and op != 'jmp' \
                    else {}
        # Names built in the stack frame from immediates.
        for base in sorted(stack):
            if base - 1 in stack and stack[base - 1]:
                continue
            s = bytearray()
            k = base
            while k in stack and stack[k] and len(s) < 64:
                s.append(stack[k])
                k += 1
            try:
                txt = s.decode('ascii')
            except UnicodeDecodeError:
                continue
            if is_alg_name(txt):
                strings.add(txt)
        f.alg_strings = strings
    return sites, probable


ARG_REGS = ('di', 'si', 'dx', 'cx', 'r8', 'r9')    # x86-64 SysV integer arguments
ARG_WINDOW = 160        # bytes decoded before a call to find its argument
_HEXCOMMENT = re.compile(r'#\s*(?:0x)?([0-9a-f]+)')


@functools.lru_cache(maxsize=None)
def _selectors():
    """{function: argument index} of plugins.json's argument rules."""
    out = {}
    for row in load_data('plugins.json').get('arguments', []):
        out.update(row['selectors'])
    return out


def _strings_in_regs(elf, insns):
    """{register: string} at the end of a straight run of instructions: a
    lea of a string's address, copied by mov between registers; a call
    clobbers the caller-saved registers, a jmp or ret forgets everything (a
    jcc falls through unchanged), any other write forgets its register."""
    regs = {}
    for _, op, rest in insns:
        ops = _operands(rest)
        if op.startswith(('jmp', 'ret')):
            regs = {}
            continue
        if op.startswith('call'):
            for r in CLOBBER['x86_64']:
                regs.pop(r, None)
            continue
        dst = X86_REG.get(ops[-1].lstrip('%')) if ops else None
        if dst is None:
            continue
        cm = _HEXCOMMENT.search(rest)
        if op == 'lea' and '(%rip)' in rest and cm:
            regs[dst] = elf.cstring_at(int(cm.group(1), 16))
        elif op == 'mov' and len(ops) == 2 and ops[0].startswith('%r') and \
                ops[1].startswith('%r'):
            regs[dst] = regs.get(X86_REG.get(ops[0].lstrip('%')))
        else:
            regs[dst] = None
    return regs


def _before_sites(elf, data, sites, secs, size, ops):
    """(function, the instructions decoded in the ARG_WINDOW bytes before
    the call site, or None when the site does not decode as one of ops) for
    each (address, function) of sites, size the call's longest encoding."""
    segments = [(max(va - ARG_WINDOW, _section_of(va, secs)[0]), va + size, '.site+0x%x' % va)
                for va, _ in sites]
    lines = decode_windows(elf, data, segments, {}) if segments else []
    by_site, cur = {}, None
    for ln in lines:
        m = _FUNC.match(ln)
        if m:
            cur = by_site.setdefault(int(m.group(2).split('+')[1], 16), [])
            continue
        m = _INSN.match(ln)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(2), m.group(3)))
    for va, fn in sites:
        insns = by_site.get(va, [])
        at = next((i for i, (a, op, _) in enumerate(insns)
                   if a == va and (op in ops or op.startswith(ops))), None)
        yield fn, None if at is None else insns[:at]


def _a64_regs(elf, insns):
    """_strings_in_regs() for AArch64: adrp of a page and add of an offset
    to it (the string's address), mov between registers; bl/blr clobber
    x0-x18, b/br/ret forget everything, other writes forget their register."""
    regs, pages = {}, {}

    def reg(x):
        return 'x' + x[1:] if x[:1] in 'xw' and x[1:].isdigit() else None
    for _, op, rest in insns:
        ops = _operands(rest)
        if op in ('b', 'br', 'ret'):
            regs, pages = {}, {}
            continue
        # stores, compares and conditional branches write no register
        if op.startswith(('st', 'b.', 'cb', 'tb', 'prfm')) or \
                op in ('cmp', 'cmn', 'tst', 'ccmp', 'ccmn', 'nop'):
            continue
        if op in ('bl', 'blr'):
            for k in range(19):
                regs.pop('x%d' % k, None)
                pages.pop('x%d' % k, None)
            continue
        dst = reg(ops[0]) if ops else None
        if dst is None:
            continue
        src = reg(ops[1]) if len(ops) > 1 else None
        page, val = pages.get(src), regs.get(src)
        regs[dst] = None
        pages.pop(dst, None)
        if op == 'adrp' and len(ops) == 2:
            m = _ADDR.search(ops[1])
            if m:
                pages[dst] = int(m.group(1), 16)
        elif op == 'add' and len(ops) == 3 and page is not None and ops[2].startswith('#'):
            regs[dst] = elf.cstring_at(page + (_imm(ops[2]) or 0))
        elif op == 'mov' and len(ops) == 2 and src:
            regs[dst] = val
    return regs


def _a64_call_arguments(elf, data, objfile, want):
    """call_arguments() for AArch64: bl or b to the selector's PLT stub."""
    stubs, _ = plt_names(objfile, elf, data)
    dest = {a: n.split('@')[0] for a, n in stubs.items() if n.split('@')[0] in want}
    out = {n: [] for n in want}
    secs = elf.exec_sections()
    plt = {s[2] for s in elf.sections if s[0].startswith('.plt')}
    sites = []
    for off, size, base in secs:
        if base in plt:
            continue
        end = min(off + size, len(data))
        end -= (end - off) % 4
        for i, (w,) in enumerate(struct.iter_unpack('<I', data[off:end])):
            if w & 0x7c000000 == 0x14000000:
                imm = w & 0x3ffffff
                pc = base + 4 * i
                tgt = pc + ((imm - (1 << 26) if imm >> 25 else imm) << 2)
                if tgt in dest:
                    sites.append((pc, dest[tgt]))
    for fn, insns in _before_sites(elf, data, sites, secs, 4, ('bl', 'b')):
        out[fn].append(None if insns is None else _a64_regs(elf, insns).get('x%d' % want[fn]))
    return out


def call_arguments(elf, data, objfile, imports):
    """{imported function: [the string constant passed at each call site, or
    None where it is not one]} for the selector functions of plugins.json's
    argument rules that the file imports (x86-64 here, AArch64 in
    _a64_call_arguments(); {} elsewhere, which leaves the rules unapplied).  The constant is a lea of a string's address into
    the argument register, directly or copied through others, in the
    ARG_WINDOW bytes before a direct call or tail jump (to the PLT stub, or
    through the GOT slot; _strings_in_regs()); anything else gives None.  A
    call through anything else is not seen (not counted)."""
    want = {n: i for n, i in _selectors().items() if n in imports}
    if not want or elf.end != '<' or objfile is None:
        return {}
    if elf.machine == 'aarch64':
        return _a64_call_arguments(elf, data, objfile, want)
    if elf.machine != 'x86_64':
        return {}
    stubs, slots = plt_names(objfile, elf, data)
    dest = {}
    for a, n in list(stubs.items()) + list(slots.items()):
        n = n.split('@')[0]
        if n in want:
            dest[a] = n
    out = {n: [] for n in want}
    secs = elf.exec_sections()
    plts = [(s[2], s[2] + s[4]) for s in elf.sections if s[0].startswith('.plt')]

    def in_plt(va):
        return any(lo <= va < hi for lo, hi in plts)
    sites = []
    for off, size, base in secs:
        end = min(off + size, len(data))
        for m in _XCALL.finditer(data, off, max(end - 6, off)):
            p = m.start()
            if data[p] == 0xff:
                t = base + p - off + 6 + struct.unpack_from('<i', data, p + 2)[0]
            else:
                t = base + p - off + 5 + struct.unpack_from('<i', data, p + 1)[0]
            if t in dest and not in_plt(base + p - off):
                sites.append((base + p - off, dest[t]))
    for fn, insns in _before_sites(elf, data, sites, secs, 6, ('call', 'jmp')):
        out[fn].append(None if insns is None else
                       _strings_in_regs(elf, insns).get(ARG_REGS[want[fn]]))
    return out


def elf_links(elf, dyn=()):
    """What the transitive pass needs of every ELF file (scan.py): imports
    are the undefined .dynsym names (links.py checks them against a
    library's AF_ALG entry points)."""
    return {'soname': elf.soname(), 'needed': elf.needed(), 'runpath': elf.runpath(),
            'abi': (elf.is64, elf.end, elf.machine), 'type': elf.type,
            'imports': sorted({n.split('@')[0] for n, d, _, _ in dyn if not d})}


def scan_elf(path, data, objfile=None):
    """(finding dict or None, links) for an ELF file: the finding when it has
    AF_ALG evidence, links (elf_links()) always.  objfile is what objdump
    reads (default: path; an int is a memfd holding data).  A corrupt file
    raises ElfError."""
    try:
        elf = Elf(data)
        dyn = elf.symbols('.dynsym')
        needed = elf.needed()
        links = elf_links(elf, dyn)
        links['call_args'] = call_arguments(elf, data, objfile if objfile is not None
                                            else path, set(links['imports']))
    except struct.error as e:
        raise ElfError('truncated or corrupt (%s)' % e) from None
    return _scan_elf(path, objfile if objfile is not None else path, data, elf, dyn,
                     needed), links


def _scan_elf(path, objfile, data, elf, dyn, needed):
    imports = {n.split('@')[0] for n, d, _, _ in dyn if not d}
    evidence, level, algs, reachable, entries = [], None, set(), True, None
    kimports = sorted(s for s in imports if s.startswith('kcapi_'))
    if kimports:
        level = 'certain'
        evidence.append({'why': 'imports libkcapi: ' + ', '.join(kimports[:8]),
                         'symbols': kimports})
    elif any(n.startswith('libkcapi.so') for n in needed):
        level = 'probable'
        evidence.append({'why': 'DT_NEEDED libkcapi without a kcapi_* import'})
    funcs = None
    if elf.machine in ('x86_64', 'aarch64'):
        funcs = site_windows(elf, data, objfile, imports, needed)
    if funcs:
        sites, prob = analyse(elf, funcs)
        sites = sorted(dict(sites).items())
        if sites:
            level = 'certain'
            sites, unreached, entries = _reachability(elf, data, objfile, needed, sites)
            if unreached and not sites and not kimports:
                level = 'possible'
                reachable = False
            for addr, why in sites:
                evidence.append({'why': why, 'address': '0x%x' % addr})
            for addr, why in unreached:
                evidence.append({'why': 'linked, unreachable: ' + why, 'address': '0x%x' % addr,
                                 'reachable': False})
            site_addrs = {a for a, _ in sites} or {a for a, _ in unreached}
            for f in funcs:
                if any(f.insns and f.insns[0][0] <= a <= f.insns[-1][0] for a in site_addrs):
                    algs |= f.alg_strings
        elif prob and level is None:
            level = 'probable'
            evidence += [{'why': w, 'address': '0x%x' % a} for a, w in prob]
    if level is None and {'socket', 'bind'} <= imports and {'accept', 'accept4'} & imports:
        # strings are looked for in the read-only data, not the whole file
        ro = elf.rodata() or [(0, len(data))]
        names = None
        if any(data.find(b'\0' + t.encode() + b'\0', o, o + n) >= 0 for t in TYPES
               for o, n in ro):
            names = sorted({x for o, n in ro for x in names_in(data, o, o + n)})
        if names:
            level = 'possible'
            evidence.append({'why': 'strings only: imports socket/bind/accept, has an AF_ALG '
                                    'type name and algorithm names (%s); no AF_ALG call site '
                                    'found' % ', '.join(names[:4])})
            algs = set(names)
    if level is None:
        return None
    out = {'path': path, 'kind': 'elf-libkcapi' if kimports else 'elf',
           'confidence': level, 'evidence': evidence,
           'static': not needed and elf.type == 2,
           'algorithms': [{'type': None, 'alg': a} for a in sorted(algs)]}
    if not reachable:
        out['reachable'] = False
    if entries is not None and not kimports:
        out['entries'] = entries
    return out


_WHERE = re.compile(r'\((?:in|after symbol) [^()]*\)$')


def _reachability(elf, data, objfile, needed, sites):
    """(reached sites, unreached sites, entries) with each site named by the
    function that contains it (reach.py).  entries, for a shared library:
    {'functions': the exported functions that reach its sites, 'partial':
    callbacks in data were met on the way}; None when not known or not a
    library."""
    fns = Functions(elf, data)
    stubs = plt_names(objfile, elf, data)[0] if needed and objfile is not None else {}
    r = Reach(elf, data, fns, stubs)
    library = elf.type == 3 and not elf.section('.interp')
    reached, unreached, entries, partial = [], [], set(), False
    for addr, why in sites:
        w = fns.where(addr)
        if w:
            why = _WHERE.sub('(%s)' % w, why)
        ok, ent, part = r.search(addr, library)
        (reached if ok else unreached).append((addr, why))
        partial |= part
        if entries is not None and ok:
            entries = None if ent is None else entries | set(ent)
    if not library or entries is None:
        return reached, unreached, None
    return reached, unreached, {'functions': sorted(entries), 'partial': partial}
