// SPDX-License-Identifier: GPL-2.0
/*
 * A 32-bit (i386) program that creates and binds an AF_ALG socket through
 * socketcall(2), the multiplexed socket system call 32-bit programs have
 * used since before socket(2) existed on i386, and through the direct
 * i386 socket(2).  Built freestanding (-m32 -nostdlib: no 32-bit libc is
 * needed) and run by the x86_64 test guest under IA32 emulation.
 *
 *   afalg-socketcall-i386 TYPE NAME
 *
 * prints, one per line, the result (a descriptor >= 0 or -errno) of
 *   socket32 R       i386 socket(AF_ALG, SOCK_SEQPACKET, 0)
 *   socketcall R     socketcall(SYS_SOCKET, ...) of the same
 *   bind R           socketcall(SYS_BIND, ...) of TYPE/NAME on that socket
 */

#define NR_EXIT		1
#define NR_WRITE	4
#define NR_CLOSE	6
#define NR_SOCKETCALL	102
#define NR_SOCKET	359
#define SYS_SOCKET	1
#define SYS_BIND	2
#define AF_ALG		38
#define SOCK_SEQPACKET	5

struct sockaddr_alg {
	unsigned short salg_family;
	unsigned char salg_type[14];
	unsigned int salg_feat;
	unsigned int salg_mask;
	unsigned char salg_name[64];
};

static long sys3(long nr, long a, long b, long c)
{
	long r;

	asm volatile("int $0x80" : "=a"(r) : "a"(nr), "b"(a), "c"(b), "d"(c)
		     : "memory");
	return r;
}

static void out(const char *s)
{
	const char *e = s;

	while (*e)
		e++;
	sys3(NR_WRITE, 1, (long)s, e - s);
}

static void out_line(const char *what, long v)
{
	char buf[24], *p = buf + sizeof(buf);
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;

	*--p = 0;
	*--p = '\n';
	do {
		*--p = '0' + u % 10;
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	out(what);
	out(" ");
	out(p);
}

static void copy(unsigned char *dst, const char *src, unsigned int n)
{
	unsigned int i;

	for (i = 0; i + 1 < n && src[i]; i++)
		dst[i] = src[i];
	for (; i < n; i++)
		dst[i] = 0;
}

void cmain(long *sp);

void cmain(long *sp)
{
	char **argv = (char **)(sp + 1);
	struct sockaddr_alg sa;
	long args[3], fd, r;

	if (sp[0] != 3) {
		out("usage: afalg-socketcall-i386 TYPE NAME\n");
		sys3(NR_EXIT, 2, 0, 0);
	}

	r = sys3(NR_SOCKET, AF_ALG, SOCK_SEQPACKET, 0);
	out_line("socket32", r);
	if (r >= 0)
		sys3(NR_CLOSE, r, 0, 0);

	args[0] = AF_ALG;
	args[1] = SOCK_SEQPACKET;
	args[2] = 0;
	fd = sys3(NR_SOCKETCALL, SYS_SOCKET, (long)args, 0);
	out_line("socketcall", fd);
	if (fd >= 0) {
		sa.salg_family = AF_ALG;
		copy(sa.salg_type, argv[1], sizeof(sa.salg_type));
		sa.salg_feat = 0;
		sa.salg_mask = 0;
		copy(sa.salg_name, argv[2], sizeof(sa.salg_name));
		args[0] = fd;
		args[1] = (long)&sa;
		args[2] = sizeof(sa);
		out_line("bind", sys3(NR_SOCKETCALL, SYS_BIND, (long)args, 0));
		sys3(NR_CLOSE, fd, 0, 0);
	}
	sys3(NR_EXIT, 0, 0, 0);
}

/* The entry point: the stack holds argc, argv[]; keep it 16-byte aligned. */
asm(".globl _start\n"
    "_start:\n"
    "	xorl %ebp, %ebp\n"
    "	movl %esp, %eax\n"
    "	andl $-16, %esp\n"
    "	subl $12, %esp\n"
    "	pushl %eax\n"
    "	call cmain\n"
    "	hlt\n");
