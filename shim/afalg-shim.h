/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libafalg-shim: userspace emulation of AF_ALG and NETLINK_CRYPTO.
 *
 * Internal interfaces.  The layers, from the outside in:
 *
 *   entry-socket.c, entry-fd.c, entry-wait.c, entry-cred.c, entry-exec.c
 *                interposed libc functions; everything that is not ours goes
 *                to the real function (real.h) after one table lookup
 *                (entry-cred.c: set*id() lets go of shared sockets;
 *                entry-exec.c: inherited op sockets move into keepers)
 *   remote.c     op sockets a keeper (keeper.c, afalg-keeper) holds: moving
 *                one, recognising a stand-in, the requests (keeper-proto.c)
 *   startup.c    resolving the real functions, reading the configuration
 *   fdtable.c    which file descriptors are ours, and their objects
 *   sock.c       the tfm ("parent") socket and the rules every op socket
 *                shares: socket, bind, setsockopt, accept, nokey
 *   sock-msg.c   the message path of every socket: iovec import, the
 *                sendmsg/recvmsg dispatch, cmsg parsing, poll
 *   hash.c, skcipher.c, aead.c, rng.c
 *                one op-socket state machine per type (algif_*.c)
 *   txq.c        the TX queue skcipher and aead share (af_alg.c)
 *   feed.c       how a large hash message is read: directly, or copied
 *                by the kernel out of a fresh file mapping
 *   netlink.c    NETLINK_CRYPTO CRYPTO_MSG_GETALG
 *   registry.c   algorithm names as the kernel parses them -> afs_alg
 *   alg-*.c      the only files that include <crypto/...>: adapters from
 *                afs_alg ops to the libkcrypto API
 *
 * This header deliberately includes no kernel-style header, so the socket
 * layer is plain libc code and the crypto adapters are plain kernel-style
 * code; they meet only through the types declared here.
 */
#ifndef AFALG_SHIM_H
#define AFALG_SHIM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct msghdr;
struct iovec;

#define AFS_HIDDEN __attribute__((visibility("hidden")))

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif
#ifndef NETLINK_CRYPTO
#define NETLINK_CRYPTO 21
#endif

/* ------------------------------------------------------------------ */
/* Algorithm registry                                                  */

enum afs_type {
	AFS_HASH,
	AFS_SKCIPHER,
	AFS_AEAD,
	AFS_RNG,
	AFS_NTYPES,
};

/*
 * Operations of one algorithm.  @tfm is the per-tfm (keyed) context of
 * tfm_size bytes, zeroed at bind; @req a per-request state of state_size
 * bytes.  Key and state are wiped by the caller when released.
 */
struct afs_hash_ops {
	/* NULL: unkeyed hash, setkey fails with ENOSYS */
	int (*setkey)(void *tfm, const uint8_t *key, unsigned int keylen);
	void (*init)(const void *tfm, void *req);
	void (*update)(void *req, const uint8_t *data, size_t len);
	void (*final)(void *req, uint8_t *out);
	/* optional one-shot */
	void (*digest)(const void *tfm, const uint8_t *data, size_t len,
		       uint8_t *out);
};

/*
 * Ciphers process contiguous buffers; dst may equal src.  @iv is the
 * socket's IV (ivsize bytes); the mode updates it exactly as the kernel
 * driver writes req->iv back (CBC/CTR chain, XTS/rfc3686 do not).
 * @final is false for a request that more data will follow (the kernel's
 * CRYPTO_SKCIPHER_REQ_NOTFINAL); len is then a multiple of chunksize.
 * Returns 0 or -errno (EINVAL for a length the mode cannot process).
 */
struct afs_skcipher_ops {
	int (*setkey)(void *tfm, const uint8_t *key, unsigned int keylen);
	int (*encrypt)(const void *tfm, uint8_t *iv, uint8_t *dst,
		       const uint8_t *src, size_t len, bool final);
	int (*decrypt)(const void *tfm, uint8_t *iv, uint8_t *dst,
		       const uint8_t *src, size_t len, bool final);
};

/*
 * AEAD: @src holds assoclen bytes of AAD followed by cryptlen bytes of
 * plaintext (encrypt) or ciphertext+tag (decrypt, cryptlen includes the
 * tag).  @dst receives only the crypt part (the AAD echo is done by the
 * caller): ciphertext+tag or plaintext.  Returns 0, -EBADMSG or -EINVAL.
 */
struct afs_aead_ops {
	int (*setkey)(void *tfm, const uint8_t *key, unsigned int keylen);
	int (*setauthsize)(void *tfm, unsigned int authsize);
	int (*encrypt)(const void *tfm, unsigned int authsize,
		       const uint8_t *iv, uint8_t *dst, const uint8_t *src,
		       size_t assoclen, size_t cryptlen);
	int (*decrypt)(const void *tfm, unsigned int authsize,
		       const uint8_t *iv, uint8_t *dst, const uint8_t *src,
		       size_t assoclen, size_t cryptlen);
};

struct afs_rng_ops {
	/* seed = ALG_SET_KEY payload (the kernel's crypto_rng_reset) */
	int (*seed)(void *tfm, const uint8_t *seed, unsigned int len);
	int (*generate)(void *tfm, uint8_t *out, size_t len);
};

struct afs_alg {
	const char *name;		/* cra_name, e.g. "hmac(sha256)" */
	const char *driver;		/* cra_driver_name, "hmac(sha256-generic)" */
	enum afs_type type;
	const char *report_type;	/* "shash", "skcipher", "aead", "rng" */
	unsigned int priority;
	unsigned int blocksize;		/* cra_blocksize */
	unsigned int digestsize;	/* hash */
	unsigned int ivsize;		/* skcipher, aead */
	unsigned int chunksize;		/* skcipher (0: = blocksize) */
	unsigned int min_reqsize;	/* skcipher: shorter requests, even
					 * empty ones, are EINVAL (xts) */
	unsigned int min_keysize, max_keysize;	/* skcipher */
	unsigned int maxauthsize;	/* aead */
	unsigned int seedsize;		/* rng */
	bool needs_key;			/* keyed: accept gives nokey children */
	bool optional_key;		/* failed setkey does not re-arm NEED_KEY */
	size_t tfm_size;
	size_t state_size;		/* hash request state */
	union {
		struct afs_hash_ops hash;
		struct afs_skcipher_ops skcipher;
		struct afs_aead_ops aead;
		struct afs_rng_ops rng;
	} ops;
};

/*
 * Resolve a name as the kernel's crypto_alloc_*() would for socket type
 * @type: cra_name or driver name, template names with their parameters
 * resolved recursively.  NULL when the shim cannot serve it (bind: ENOENT).
 */
AFS_HIDDEN const struct afs_alg *afs_alg_lookup(enum afs_type type,
						const char *name);
/* bind()'s errno for a name afs_alg_lookup() did not find (-EINVAL/-ENOENT) */
AFS_HIDDEN int afs_alg_bind_error(enum afs_type type, const char *name);
/* Exact match on cra_name or driver name, any type (NETLINK_CRYPTO). */
AFS_HIDDEN const struct afs_alg *afs_alg_find(const char *name,
					      bool driver);
/* Iterate over every algorithm served (NETLINK_CRYPTO dumps). */
AFS_HIDDEN const struct afs_alg *afs_alg_nth(unsigned int i);

/*
 * Each adapter file (alg-*.c) registers its table, terminated by a NULL
 * name, once: AFS_ALG_FAMILY(sha256_algs).  The pointers land in one
 * linker section that registry.c walks, so adding a family is one file
 * and one line in meson.build.
 */
#define AFS_ALG_FAMILY(table)						\
	static const struct afs_alg *const afs_family_##table		\
	__attribute__((used, section("afs_alg_families"))) = table

AFS_HIDDEN void afs_wipe(void *p, size_t n);
AFS_HIDDEN void afs_free_secret(void *p, size_t n);

/* ------------------------------------------------------------------ */
/* Sockets                                                             */

enum afs_kind {
	AFS_KIND_TFM,		/* socket(AF_ALG): bind/setsockopt/accept */
	AFS_KIND_OP,		/* accept()ed op socket */
	AFS_KIND_NETLINK,	/* socket(AF_NETLINK, ..., NETLINK_CRYPTO) */
	AFS_KIND_REMOTE,	/* an op socket a keeper holds (remote.c) */
};

struct afs_sock;

/* The tfm: algorithm instance + key, shared by a parent and its children. */
struct afs_tfm {
	const struct afs_alg *alg;
	bool need_key;			/* CRYPTO_TFM_NEED_KEY */
	unsigned int authsize;		/* aead */
	unsigned int keylen;		/* last key set, for the log */
	bool keyed, key_by_serial;	/* a key was set; from a keyring */
	bool in_shared;			/* lives in a shared region (share.c) */
	int refcnt;			/* live children (ask->refcnt) */
	int nokey_refcnt;		/* of which nokey */
	pthread_mutex_t rng_lock;	/* rng: children share one DRBG */
	void *ctx;			/* alg->tfm_size bytes */
	/* the last key set, for a keeper (remote.c); never in a region */
	uint8_t *rawkey;
	unsigned int rawkeylen;
};

/*
 * What a sleeper waits on: @seq changes on every wake-up (a futex word),
 * @waiters lets a waker skip the system call when nobody sleeps.
 */
struct afs_waitq {
	atomic_uint seq;
	atomic_int waiters;
};

struct afs_shared;

struct afs_type_ops {
	const char *name;
	/*
	 * The type's part of accept() on a tfm socket (the kernel's
	 * af_alg_type.accept_parent): set up the new op socket's state
	 * (child->st).  Optional.
	 */
	int (*init_child)(struct afs_sock *child);
	/* free what init_child set up (the kernel's sk_destruct) */
	void (*free_child)(struct afs_sock *child);
	/*
	 * Move the op socket's state (child->st) into @mem, @size bytes of
	 * a shared region that never grows (share.c); size() says how many.
	 * NULL: the type has no per-socket state to move.
	 */
	size_t (*share_size)(struct afs_sock *s);
	void (*share_move)(struct afs_sock *s, void *mem, size_t size);
	/* NULL: sendmsg is EOPNOTSUPP */
	ssize_t (*sendmsg)(struct afs_sock *s, const struct msghdr *msg,
			   size_t size, int flags);
	ssize_t (*recvmsg)(struct afs_sock *s, struct msghdr *msg,
			   size_t size, int flags);
	/* poll mask; NULL when the type has no .poll (reports nothing) */
	int (*poll)(struct afs_sock *s);
	/* accept() on an op socket (proto_ops.accept): only hash (clone) */
	int (*accept_op)(struct afs_sock *s, struct afs_sock **child);
	/*
	 * Moving into a keeper (remote.c): whether the state can move now
	 * (NULL: never), and the state that moves with it (the IV):
	 * export() writes at most @cap bytes and returns how many,
	 * import() takes exactly what export() wrote or fails.
	 */
	bool (*movable)(struct afs_sock *s);
	size_t (*export)(struct afs_sock *s, uint8_t *buf, size_t cap);
	int (*import)(struct afs_sock *s, const uint8_t *buf, size_t len);
};

struct afs_hash_state;
struct afs_txq;
struct afs_rng_state;
struct afs_nl_state;
struct afs_remote_buf;

struct afs_sock {
	atomic_int ref;			/* fd table entries + transient users */
	enum afs_kind kind;
	enum afs_type type;
	int fd_type;			/* SOCK_SEQPACKET, SOCK_RAW, ... */
	/*
	 * lock_sock(): &lock while the socket is private to this process,
	 * the shared region's robust lock once it is shared (share.c).
	 * Take it with afs_lock(), which follows a switch.
	 */
	_Atomic(pthread_mutex_t *) mtx;
	pthread_mutex_t lock;
	struct afs_waitq *wq;		/* &wq_private, or the region's */
	struct afs_waitq wq_private;
	int futex_flags;		/* FUTEX_PRIVATE_FLAG while private */
	struct afs_shared *sh;		/* the shared region, or NULL */
	struct afs_sock *free_next;

	/* AFS_KIND_TFM */
	struct afs_tfm *tfm;		/* NULL until bound */
	struct afs_tfm *tfm_moved;	/* the private tfm before sharing */
	atomic_bool logged;		/* usage log written for this tfm */
	const char *reason;		/* why fallback mode serves it, or NULL */

	/* AFS_KIND_OP */
	struct afs_sock *parent;
	bool nokey;			/* child accepted while NEED_KEY */
	const struct afs_type_ops *ops;
	int sndbuf, rcvbuf;		/* SO_SNDBUF/SO_RCVBUF as the kernel sees them */
	union {
		struct afs_hash_state *hash;
		struct afs_txq *txq;
		struct afs_rng_state *rng;
		struct afs_nl_state *nl;
		struct afs_remote_buf *remote;
	} st;

	/* AFS_KIND_REMOTE: this process's connection to the keeper */
	int chan;			/* -1 after fork(): made again */
	pid_t keeper;			/* its pid, checked at every connect */
};

/* fdtable.c */
AFS_HIDDEN struct afs_sock *afs_get(int fd);	/* +1 ref, or NULL */
AFS_HIDDEN void afs_put(struct afs_sock *s);
AFS_HIDDEN struct afs_sock *afs_sock_alloc(enum afs_kind kind);
AFS_HIDDEN int afs_install(int fd, struct afs_sock *s);	/* takes a ref */
AFS_HIDDEN struct afs_sock *afs_remove(int fd);	/* returns the table's ref */
AFS_HIDDEN bool afs_is_ours(int fd);
AFS_HIDDEN void afs_table_lock(void);
AFS_HIDDEN void afs_table_unlock(void);
AFS_HIDDEN struct afs_sock *afs_peek_locked(int fd);
AFS_HIDDEN void afs_set_locked(int fd, struct afs_sock *s);
AFS_HIDDEN void afs_atfork_child(void);
AFS_HIDDEN int afs_max_fd(void);

/*
 * share.c: one socket across processes.  A socket is private to its
 * process until fork() copies the descriptor table; then its state moves
 * into a MAP_SHARED region with a robust process-shared lock, and sleepers
 * wait on a futex word in it.  afs_lock() takes the socket's lock
 * (following a switch to the shared lock), afs_wait() sleeps until
 * afs_wake() with the lock dropped (-EINTR on a signal whose handler lacks
 * SA_RESTART, as the kernel's sk_wait_event()).
 */
AFS_HIDDEN void afs_lock(struct afs_sock *s);
AFS_HIDDEN void afs_unlock(struct afs_sock *s);
AFS_HIDDEN int afs_wait(struct afs_sock *s);
AFS_HIDDEN void afs_wake(struct afs_sock *s);
AFS_HIDDEN void afs_mutex_lock(pthread_mutex_t *m);
AFS_HIDDEN void afs_mutex_unlock(pthread_mutex_t *m);
/* this thread holds a lock of the shim (a signal handler interrupted it) */
AFS_HIDDEN bool afs_locks_held_here(void);
/* set*id(), setgroups(): this process lets go of the sockets fork() shared */
AFS_HIDDEN void afs_share_detach_all(void);
AFS_HIDDEN bool afs_share_any(void);
/* shared @s stays locked by another holder for longer than a short wait */
AFS_HIDDEN bool afs_share_busy(struct afs_sock *s);
AFS_HIDDEN void afs_share_all_locked(void);
AFS_HIDDEN void afs_share_atfork_child(void);
/* last process to release a shared socket's region (true when private) */
AFS_HIDDEN bool afs_share_release(struct afs_sock *s);
AFS_HIDDEN void afs_share_unmap(struct afs_sock *s);
AFS_HIDDEN bool *afs_nokey_slot(struct afs_sock *s);
AFS_HIDDEN void afs_log_divergence(const char *id, const char *what);

/* sock.c */
AFS_HIDDEN int afs_sock_create(int type, int protocol);
AFS_HIDDEN int afs_sock_open(enum afs_kind kind, int sotype, int flags,
			     int fd_type, int (*setup)(struct afs_sock *s));
AFS_HIDDEN int afs_bind(struct afs_sock *s, const void *addr, unsigned int len);

/* takeover.c: fallback mode serving a socket the kernel refused */
#define AFS_REASON_SOCKET "socket-eafnosupport"
#define AFS_REASON_BIND "bind-enoent"
AFS_HIDDEN int afs_takeover_bind(int fd, const void *addr, unsigned int len,
				 ino_t ino);
AFS_HIDDEN int afs_setsockopt(struct afs_sock *s, int level, int name,
			      const void *val, unsigned int len);
AFS_HIDDEN int afs_getsockopt(struct afs_sock *s, int fd, int level, int name,
			      void *val, unsigned int *len);
AFS_HIDDEN int afs_accept(struct afs_sock *s, void *addr, unsigned int *alen,
			  int flags);
AFS_HIDDEN void afs_sock_release(struct afs_sock *s);
AFS_HIDDEN void afs_sock_bufs_update(struct afs_sock *s, int fd);
AFS_HIDDEN int afs_check_key(struct afs_sock *s);
AFS_HIDDEN int afs_new_child(struct afs_sock *parent, struct afs_sock **out);

/* sock-msg.c */
AFS_HIDDEN ssize_t afs_sendmsg(struct afs_sock *s, int fd,
			       const struct msghdr *msg, int flags);
AFS_HIDDEN ssize_t afs_recvmsg(struct afs_sock *s, int fd, struct msghdr *msg,
			       int flags);
AFS_HIDDEN int afs_poll_mask(struct afs_sock *s);
AFS_HIDDEN bool afs_nonblock(int fd);

/* sock-msg.c, for the per-type machines: af_alg_cmsg_send(), iovecs. */
struct afs_control {
	const uint8_t *iv;
	unsigned int ivlen;
	bool has_iv;
	uint32_t op;
	uint32_t assoclen;
	bool init;
};
AFS_HIDDEN int afs_cmsg_parse(const struct msghdr *msg, struct afs_control *c);
AFS_HIDDEN size_t afs_iov_total(const struct iovec *iov, size_t n);
AFS_HIDDEN size_t afs_copy_to_iov(const struct iovec *iov, size_t n,
				  size_t skip, const uint8_t *src, size_t len);

extern AFS_HIDDEN const struct afs_type_ops afs_hash_type;
extern AFS_HIDDEN const struct afs_type_ops afs_skcipher_type;
extern AFS_HIDDEN const struct afs_type_ops afs_aead_type;
extern AFS_HIDDEN const struct afs_type_ops afs_rng_type;

/* netlink.c */
AFS_HIDDEN int afs_nl_create(int type, int flags);
AFS_HIDDEN int afs_nl_bind(struct afs_sock *s, const void *addr,
			   unsigned int len);
AFS_HIDDEN int afs_nl_getsockname(struct afs_sock *s, void *addr,
				  unsigned int *len);
AFS_HIDDEN ssize_t afs_nl_sendmsg(struct afs_sock *s, const struct msghdr *m,
				  int flags);
AFS_HIDDEN ssize_t afs_nl_recvmsg(struct afs_sock *s, int fd,
				  struct msghdr *m, int flags);
AFS_HIDDEN int afs_nl_setsockopt(struct afs_sock *s, int level, int name,
				 const void *val, unsigned int len);
AFS_HIDDEN int afs_nl_poll(struct afs_sock *s);
AFS_HIDDEN void afs_nl_release(struct afs_sock *s);
/* exposed for the fuzz harness: process one request buffer */
AFS_HIDDEN int afs_nl_process(struct afs_sock *s, const uint8_t *buf,
			      size_t len);

/*
 * remote.c: sockets a keeper holds (docs/security.md, "The keeper").
 * afs_remote_move(): before descriptor @fd of ours crosses a process
 * boundary, its state moves into a new keeper and @fd (and every other
 * number naming the same socket) becomes the stand-in; 0, or -errno and
 * nothing changed.  afs_remote_adopt(): a call on @fd, not ours, failed
 * with ENOTCONN: if the kernel's metadata says it is a keeper's stand-in,
 * connect to the keeper and return the socket (+1 ref); NULL otherwise,
 * errno kept.
 */
AFS_HIDDEN int afs_remote_move(int fd);
/* execve() and its family: the inherited op sockets move into keepers */
AFS_HIDDEN void afs_remote_exec(void);
AFS_HIDDEN struct afs_sock *afs_remote_adopt(int fd);
/* @addr (@len bytes, as getsockname() returned it) is a stand-in's name */
AFS_HIDDEN bool afs_remote_name(const void *addr, unsigned int len);
AFS_HIDDEN ssize_t afs_remote_msg(struct afs_sock *s, int fd,
				  struct msghdr *msg, int flags, bool send);
AFS_HIDDEN int afs_remote_poll(struct afs_sock *s);
AFS_HIDDEN void afs_remote_release(struct afs_sock *s);
AFS_HIDDEN void afs_remote_atfork_child(struct afs_sock *s);

/* startup.c: the configuration read at start (AFALG_SHIM, ...) */
enum afs_mode { AFS_MODE_ALWAYS, AFS_MODE_FALLBACK };
AFS_HIDDEN enum afs_mode afs_mode(void);

/* log.c: AFALG_SHIM_LOG usage log, once per tfm */
AFS_HIDDEN void afs_log_tfm(const struct afs_sock *tfm);
/* the AFALG_SHIM_LOG value read at start, NULL when not logging */
AFS_HIDDEN const char *afs_log_dest(void);
/* first use of an op socket's tfm: write its log record once */
AFS_HIDDEN void afs_note_use(struct afs_sock *op);

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

/*
 * entry-fd.c: waiting for a state change of ours, which no kernel wait
 * queue announces: sleep in slices (1 ms doubling to 64 ms) and re-check.
 * afs_deadline_of(): the CLOCK_MONOTONIC ms of a timeout (@ts, else
 * @timeout ms; -1: none); afs_next_slice(): the next slice, 0 at the
 * deadline.
 */
struct timespec;
AFS_HIDDEN int64_t afs_now_ms(void);
AFS_HIDDEN int64_t afs_deadline_of(const struct timespec *ts, int timeout);
AFS_HIDDEN int afs_next_slice(int64_t deadline, int *slice);

/* Limits the kernel applies (read from /proc/sys/net/core at init). */
AFS_HIDDEN unsigned int afs_optmem_max(void);

#define AFS_PAGE_SIZE 4096u
/* the most one read/write/send/recv moves (INT_MAX & PAGE_MASK) */
#define AFS_MAX_RW_COUNT ((size_t)0x7ffff000)
#define AFS_ALG_MAX_PAGES 16u
#define AFS_RNG_MAXSIZE 128u

#endif /* AFALG_SHIM_H */
