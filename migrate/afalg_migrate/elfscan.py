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
          algorithm names among the strings (no call site found)

The family is found as an immediate loaded into the argument register
(x86-64 %edi, or %esi for syscall(); aarch64 w0/w1) in the same basic run
of instructions before the call; a family computed at run time is missed.
"""
import bisect
import re
import struct
import subprocess

from .algnames import TYPES, is_alg_name, names_in

AF_ALG = 38
SYS_SOCKET = {'x86_64': 41, 'aarch64': 198}
SYS_SOCKETPAIR = {'x86_64': 53, 'aarch64': 199}
SOCKET_FNS = {'socket', '__socket', 'socketpair', '__socketpair'}
# Byte patterns that must occur for a call site to exist: mov $0x26 into
# edi/esi, push $0x26 (x86-64); mov w0/w1, #0x26 (aarch64); an io_uring SQE
# head with opcode 45 and fd 38 as one immediate, movl $0x26 to disp8(reg).
PREFILTER = re.compile(rb'\xbf\x26\x00\x00\x00|\xbe\x26\x00\x00\x00|\x6a\x26[\x5e\x5f]|'
                       rb'[\xc0\xc1]\x04\x80\x52|\x2d[\x00-\xff]{3}\x26\x00\x00\x00|'
                       rb'\xc7[\x40-\x47]\x24?[\x00-\xff]\x26\x00\x00\x00')
# io_uring (struct io_uring_sqe): u8 opcode at 0, s32 fd (the socket domain
# for IORING_OP_SOCKET) at 4.
URING_BYTES = re.compile(rb'\x2d[\x00-\xff]{3}\x26\x00\x00\x00|\xc6[\x00-\xff]{1,3}\x2d')
# Instructions that may build such an SQE, or pass 38 to a local
# io_uring_prep_socket (-O0): movabs of the SQE head, movl $0x26 to
# disp8(reg), mov $0x26 to %esi.
URING_SITE = re.compile(rb'[\x48\x49][\xb8-\xbf]\x2d[\x00-\xff]{3}\x26\x00\x00\x00|'
                        rb'\xc7[\x40-\x47]\x24?[\x00-\xff]\x26\x00\x00\x00|\xbe\x26\x00\x00\x00')


def uring_candidates(elf, data):
    """Addresses where an io_uring AF_ALG submission may be built (x86-64)."""
    return [va for va in (elf.exec_vaddr(m.start()) for m in URING_SITE.finditer(data))
            if va is not None]
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

    def symbols(self, symtab):
        """(name, defined, value, is_function) for .dynsym or .symtab."""
        s = self.section(symtab)
        if not s or s[5] >= len(self.sections):
            return []
        strtab = self.sections[s[5]]
        size = 24 if self.is64 else 16
        out = []
        for o in range(s[3], s[3] + s[4] - size + 1, size):
            if self.is64:
                name, info, _, shndx, value = self._unpack('IBBHQ', o)
            else:
                name, value, _, info, _, shndx = self._unpack('IIIBBH', o)
            if name:
                out.append((self._str(strtab[3], name), shndx != 0, value, info & 15 == 2))
        return out

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
               ('cx', ('rcx', 'ecx', 'cx', 'cl')), ('r8', ('r8', 'r8d', 'r8w', 'r8b')),
               ('r9', ('r9', 'r9d', 'r9w', 'r9b')), ('r10', ('r10', 'r10d')),
               ('r11', ('r11', 'r11d'))):
    for _x in _r:
        X86_REG[_x] = _n
A64_REG = {'w%d' % i: 'a%d' % i for i in range(9)}
A64_REG.update({'x%d' % i: 'a%d' % i for i in range(9)})
ARG0 = {'x86_64': 'di', 'aarch64': 'a0'}
ARG1 = {'x86_64': 'si', 'aarch64': 'a1'}
SYSNR = {'x86_64': 'ax', 'aarch64': 'a8'}
CLOBBER = {'x86_64': ('di', 'si', 'ax', 'dx', 'cx', 'r8', 'r9', 'r10', 'r11'),
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


def disassemble(path, *extra):
    r = _objdump(['-d', '-w', '--no-show-raw-insn'] + list(extra), path)
    return r.stdout.splitlines()


def socket_call_targets(path):
    """Addresses a call to socket()/socketpair()/syscall() goes to: PLT stubs
    and, for -fno-plt code, the GOT slots of those imports."""
    stubs, slots = set(), set()
    for ln in disassemble(path, '-j', '.plt', '-j', '.plt.sec'):
        m = _FUNC.match(ln)
        if m and m.group(2).split('@')[0] in SOCKET_FNS | {'syscall'}:
            stubs.add(int(m.group(1), 16))
    r = _objdump(['-R'], path)
    for ln in r.stdout.splitlines():
        f = ln.split()
        if len(f) == 3 and f[2].split('@')[0] in SOCKET_FNS | {'syscall'}:
            try:
                slots.add(int(f[0], 16))
            except ValueError:
                pass
    return stubs, slots


def candidate_sites(elf, data, stubs, slots):
    """Addresses of x86-64 "mov $38" instructions followed within 192 bytes by
    a call to one of the stubs or through one of the GOT slots."""
    out = []
    for m in PREFILTER.finditer(data):
        va = elf.exec_vaddr(m.start())
        if va is None:
            continue
        o = m.end()
        for k in range(o, min(o + 192, len(data) - 6)):
            if data[k] == 0xe8:
                tgt = elf.exec_vaddr(k)
                rel, = struct.unpack_from('<i', data, k + 1)
                if tgt is not None and tgt + 5 + rel in stubs:
                    out.append(va)
                    break
            elif data[k] == 0xff and data[k + 1] == 0x15:
                at = elf.exec_vaddr(k)
                rel, = struct.unpack_from('<i', data, k + 2)
                if at is not None and at + 6 + rel in slots:
                    out.append(va)
                    break
    return out


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


def _operands(rest):
    rest = rest.split('#')[0].strip()
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


def elf_links(elf):
    """What the transitive pass needs of every ELF file (scan.py)."""
    return {'soname': elf.soname(), 'needed': elf.needed(), 'runpath': elf.runpath(),
            'abi': (elf.is64, elf.end, elf.machine), 'type': elf.type}


def scan_elf(path, data, objfile=None):
    """(finding dict or None, links) for an ELF file: the finding when it has
    AF_ALG evidence, links (elf_links()) always.  objfile is what objdump
    reads (default: path; an int is a memfd holding data).  A corrupt file
    raises ElfError."""
    try:
        elf = Elf(data)
        dyn = elf.symbols('.dynsym')
        needed = elf.needed()
        links = elf_links(elf)
    except struct.error as e:
        raise ElfError('truncated or corrupt (%s)' % e) from None
    return _scan_elf(path, objfile if objfile is not None else path, data, elf, dyn,
                     needed), links


def _scan_elf(path, objfile, data, elf, dyn, needed):
    imports = {n.split('@')[0] for n, d, _, _ in dyn if not d}
    evidence, level, algs = [], None, set()
    kimports = sorted(s for s in imports if s.startswith('kcapi_'))
    if kimports:
        level = 'certain'
        evidence.append({'why': 'imports libkcapi: ' + ', '.join(kimports[:8]),
                         'symbols': kimports})
    elif any(n.startswith('libkcapi.so') for n in needed):
        level = 'probable'
        evidence.append({'why': 'DT_NEEDED libkcapi without a kcapi_* import'})
    funcs = None
    uring = any('io_uring' in n for n in imports) or \
        any(n.startswith('liburing') for n in needed) or \
        ('syscall' in imports and URING_BYTES.search(data))
    if elf.machine in ('x86_64', 'aarch64') and PREFILTER.search(data):
        if not needed or elf.machine == 'aarch64':
            # Static (or not x86): the socket wrapper is local code.
            funcs = split_functions(disassemble(objfile))
        elif imports & (SOCKET_FNS | {'syscall'}) or uring:
            cands = []
            if imports & (SOCKET_FNS | {'syscall'}):
                stubs, slots = socket_call_targets(objfile)
                cands = candidate_sites(elf, data, stubs, slots)
            if uring:
                cands += [va for va in uring_candidates(elf, data) if va not in cands]
            symtab = elf.symbols('.symtab') if cands else []
            fsyms = sorted({v for n, d, v, fn in dyn + symtab if d and fn and v})
            lines = []
            for va in cands[:32]:
                i = bisect.bisect_right(fsyms, va) - 1
                start = fsyms[i] if i >= 0 and va - fsyms[i] < 16384 else max(va - 2048, 0)
                lines += disassemble(objfile, '--start-address=0x%x' % start,
                                     '--stop-address=0x%x' % (va + 256))
            funcs = split_functions(lines)
    if funcs:
        sites, prob = analyse(elf, funcs)
        sites = sorted(dict(sites).items())
        for addr, why in sites:
            evidence.append({'why': why, 'address': '0x%x' % addr})
        if sites:
            level = 'certain'
            site_addrs = {a for a, _ in sites}
            for f in funcs:
                if any(f.insns and f.insns[0][0] <= a <= f.insns[-1][0] for a in site_addrs):
                    algs |= f.alg_strings
        elif prob and level is None:
            level = 'probable'
            evidence += [{'why': w, 'address': '0x%x' % a} for a, w in prob]
    if level is None:
        socket_api = {'socket', 'bind'} <= imports and bool({'accept', 'accept4'} & imports)
        names = names_in(data) if socket_api and \
            any(b'\0' + t.encode() + b'\0' in data for t in TYPES) else None
        if names:
            level = 'possible'
            evidence.append({'why': 'strings only: imports socket/bind/accept, has an AF_ALG '
                                    'type name and algorithm names (%s); no AF_ALG call site '
                                    'found' % ', '.join(names[:4])})
            algs = set(names)
    if level is None:
        return None
    return {'path': path, 'kind': 'elf-libkcapi' if kimports else 'elf',
            'confidence': level, 'evidence': evidence,
            'static': not needed and elf.type == 2,
            'algorithms': [{'type': None, 'alg': a} for a in sorted(algs)]}
