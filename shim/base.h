/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libafalg-shim: userspace emulation of AF_ALG and NETLINK_CRYPTO.
 *
 * The base layer, under every other: what any file of the shim may use.
 * The layers, each with its header, from the bottom up (each file
 * includes only its own layer's header and those below; no function
 * calls up a layer; docs/development.md, "shim/", has the map and
 * tests/shim/test_layers.py checks it):
 *
 *   base.h, real.h  startup.c (the real libc functions, the
 *                   configuration), wipe.c, keyring.c, feed.c,
 *                   keeper-proto.c (keeper-proto.h)
 *   sync.h          sync.c: locks, sleeps and wait slices
 *   alg.h           registry.c and the adapters alg-*.c (alg-hash.h)
 *   fdtable.h       fdtable.c: which descriptors are ours; the objects
 *   sock.h          sock.c, sock-msg.c, log.c, takeover.c: the socket core
 *   types.h         hash.c, skcipher.c, aead.c, rng.c, txq.c (txq.h),
 *                   netlink.c: the socket types
 *   share.h         share.c: one socket across processes
 *   remote.h        remote.c: sockets a keeper holds; keeper.c, the keeper
 *   entry.h         entry-*.c, aio.c, fork.c: the interposed functions
 *
 * A lower layer reaches a higher one only through operations the higher
 * one hands it (struct afs_type_ops, struct afs_kind_ops, the fork
 * handlers), never by a call.  No header here includes a kernel-style
 * header, so the socket layers are plain libc code and the crypto
 * adapters plain kernel-style code; they meet only through alg.h.
 */
#ifndef AFALG_SHIM_BASE_H
#define AFALG_SHIM_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct msghdr;
struct iovec;

#define AFS_HIDDEN __attribute__((visibility("hidden")))

/*
 * The shim is preloaded into every program, and each page it touches at
 * start-up costs that program a page fault.  AFS_STARTUP_DATA puts state
 * written at start-up in .data, whose one page the dynamic loader writes
 * anyway (it clears the start of .bss there); AFS_STARTUP_CODE (cold)
 * puts code run once at start-up next to the constructors.
 */
#define AFS_STARTUP_DATA __attribute__((section(".data")))
#define AFS_STARTUP_CODE __attribute__((cold))

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif
#ifndef NETLINK_CRYPTO
#define NETLINK_CRYPTO 21
#endif

#define AFS_PAGE_SIZE 4096u
/* the most one read/write/send/recv moves (INT_MAX & PAGE_MASK) */
#define AFS_MAX_RW_COUNT ((size_t)0x7ffff000)
#define AFS_ALG_MAX_PAGES 16u
#define AFS_RNG_MAXSIZE 128u

/* wipe.c: zero a secret so that the compiler keeps the stores; then free */
AFS_HIDDEN void afs_wipe(void *p, size_t n);
AFS_HIDDEN void afs_free_secret(void *p, size_t n);
/* zero the vector registers a secret may have passed through */
AFS_HIDDEN void afs_wipe_vregs(void);

/* startup.c: the configuration read at start (AFALG_SHIM, ...) */
enum afs_mode { AFS_MODE_ALWAYS, AFS_MODE_FALLBACK };
AFS_HIDDEN enum afs_mode afs_mode(void);
/* the AFALG_SHIM_LOG value read at start, NULL when not logging */
AFS_HIDDEN const char *afs_log_dest(void);
/* Limits the kernel applies (read from /proc/sys/net/core at init). */
AFS_HIDDEN unsigned int afs_optmem_max(void);

/* keyring.c */
AFS_HIDDEN int afs_key_read_user(int32_t serial, uint8_t **data,
				 unsigned int *len);

/*
 * feed.c: update(req, ...) with @len bytes of the program's memory at
 * @data, read directly or, for a message of at least AFS_FEED_MIN bytes
 * where that is faster, through process_vm_readv() (the file mappings
 * that libkcapi's tools hash).
 */
#define AFS_FEED_MIN (1u << 20)
AFS_HIDDEN void afs_feed(void (*update)(void *req, const uint8_t *data,
					size_t len),
			 void *req, const uint8_t *data, size_t len);

/* keyring.c */
AFS_HIDDEN int afs_key_read_user(int32_t serial, uint8_t **data,
				 unsigned int *len);

#endif /* AFALG_SHIM_BASE_H */
