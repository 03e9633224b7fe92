/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The keeper protocol (docs/security.md, "The keeper"): what a process
 * holding a keeper-held socket and the keeper (afalg-keeper) say to each
 * other over an AF_UNIX SOCK_SEQPACKET connection, one request and one
 * reply per record.
 *
 * Every record is a fixed 24-byte header followed by @len payload bytes;
 * the record length the kernel reports must equal 24 + @len exactly.
 * Nothing in a record is a pointer, every length is checked against the
 * fixed limits below before anything is read, and no buffer is sized by
 * the peer: both sides receive into fixed buffers of AFK_MAX_RECORD.
 */
#ifndef AFALG_KEEPER_PROTO_H
#define AFALG_KEEPER_PROTO_H

#include <stddef.h>
#include <stdint.h>

#define AFK_MAGIC	0x4b464c41u	/* "ALFK" little-endian */
#define AFK_VERSION	1

/*
 * The stand-in's name.  Bound to a path (docs/security.md, "Who connects,
 * and how many"): AFK_PATH_DIR, the six characters mkdtemp() puts in,
 * "/", AFK_PATH_LEAF, a NUL; AFK_PATH_LEN counts the NUL.  The path is
 * gone by the time anyone sees the name.  Else, and for keepers from
 * before the path, an abstract name: NUL, AFK_NAME_PREFIX, 32 random hex
 * digits; AFK_NAME_LEN counts the leading NUL.
 */
#define AFK_PATH_DIR	"/tmp/afalg-keeper-"
#define AFK_PATH_LEAF	"s"
#define AFK_PATH_LEN	(sizeof(AFK_PATH_DIR) - 1 + 6 + 1 + \
			 sizeof(AFK_PATH_LEAF) - 1 + 1)
#define AFK_NAME_PREFIX	"afalg-keeper-"
#define AFK_NAME_LEN	(1 + sizeof(AFK_NAME_PREFIX) - 1 + 32)

enum afk_op {
	AFK_INIT = 1,	/* creator -> keeper: the socket's state (once) */
	AFK_HELLO,	/* holder -> keeper: first record of a connection */
	AFK_SEND,	/* payload: control bytes (@arg of them), then data */
	AFK_RECV,	/* @arg: bytes the holder asks for; no payload */
	AFK_POLL,	/* no payload */
	AFK_REPLY,	/* keeper -> anyone: @res, @arg = msg_flags, data */
	/*
	 * holder -> keeper, no payload: accept() on the socket (a hash
	 * socket clones its open update).  The reply carries the new
	 * socket's stand-in as SCM_RIGHTS when @res is 0.  Added after the
	 * others within version 1: a keeper that predates it ends the
	 * connection, which the holder reports as EOPNOTSUPP, the answer
	 * before it existed.
	 */
	AFK_ACCEPT,
	AFK_NOPS,
};

struct afk_hdr {
	uint32_t magic;
	uint16_t version;
	uint16_t op;
	uint32_t flags;		/* the holder's MSG_* flags */
	uint32_t arg;
	int32_t res;		/* reply: result >= 0 or -errno; else 0 */
	uint32_t len;		/* payload bytes after the header */
};

/* limits: a send or receive moves at most AFK_MAX_DATA bytes per record */
#define AFK_MAX_DATA	65536u
#define AFK_MAX_CTL	4096u
#define AFK_MAX_NAME	128u	/* CRYPTO_MAX_ALG_NAME */
#define AFK_MAX_KEY	4096u
#define AFK_MAX_IV	64u
#define AFK_MAX_RECORD	(sizeof(struct afk_hdr) + AFK_MAX_CTL + AFK_MAX_DATA)

/* MSG_* flags a request may carry: MSG_MORE, MSG_DONTWAIT, MSG_TRUNC, MSG_WAITALL */
#define AFK_FLAGS_OK	(0x8000u | 0x40u | 0x20u | 0x100u)

/* the socket's state in AFK_INIT (little-endian, native) */
struct afk_init {
	uint32_t type;		/* enum afs_type */
	uint32_t authsize;	/* aead */
	uint32_t has_key;	/* 0: the tfm still needs a key (nokey child) */
	uint32_t namelen, keylen, ivlen;
	/* then name[namelen] (no NUL), key[keylen], iv[ivlen] */
};

/* a request, checked: pointers into the caller's record buffer */
struct afk_msg {
	enum afk_op op;
	uint32_t flags, arg;
	int32_t res;
	const uint8_t *ctl, *data;
	uint32_t ctllen, datalen;
	/* AFK_INIT */
	struct afk_init init;
	const uint8_t *name, *key, *iv;
};

/*
 * Check record @buf of @n bytes (as received: the kernel's record length)
 * and fill @m: 0, or -EPROTO for anything out of shape.  @want_init: this
 * is the first record of the keeper's creator channel, which must be
 * AFK_INIT, and only there AFK_INIT is accepted.
 */
int afk_parse(const uint8_t *buf, size_t n, int want_init, struct afk_msg *m);

/* a header for @op into @h */
void afk_hdr_fill(struct afk_hdr *h, enum afk_op op, uint32_t flags,
		  uint32_t arg, int32_t res, uint32_t len);

#endif
