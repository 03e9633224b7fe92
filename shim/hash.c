// SPDX-License-Identifier: GPL-2.0
/*
 * Hash op sockets: the state machine of crypto/algif_hash.c.
 *
 * Per socket: @more (an update is open) and @has_result (a digest computed
 * and not yet read).  cmsgs and every flag but MSG_MORE are ignored.  The
 * kernel's table (afalg-behaviour.md §1.8):
 *
 *   not continuing, len 0          drop an unread result, stay idle
 *   not continuing, data, !MORE    one-shot digest -> result
 *   not continuing, data, MORE     init + update, continuing
 *   continuing, data, MORE         update
 *   continuing, data, !MORE        finup -> result
 *   continuing, len 0, !MORE       final -> result
 *   continuing, len 0, MORE        nothing
 *
 * recv copies min(len, digestsize) bytes (MSG_TRUNC when shorter), computing
 * the digest of the empty message if nothing was sent, and always drops the
 * result afterwards.  accept() on an op socket clones an open update.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "types.h"

struct afs_hash_state {
	bool more;
	bool has_result;
	uint8_t *result;	/* digestsize bytes */
	void *req;		/* alg->state_size bytes */
	size_t alloc;
};

static const struct afs_alg *alg_of(struct afs_sock *s)
{
	return s->parent->tfm->alg;
}

static size_t hash_state_size(const struct afs_alg *alg)
{
	return sizeof(struct afs_hash_state) + alg->digestsize +
	       alg->state_size + 16;
}

/* result and request state follow the header in one allocation */
static void hash_layout(struct afs_hash_state *h, const struct afs_alg *alg,
			size_t sz)
{
	h->alloc = sz;
	h->result = (uint8_t *)(h + 1);
	/* request state aligned for the u64 fields of the core's contexts */
	h->req = (void *)(((uintptr_t)(h->result + alg->digestsize) + 15) &
			  ~(uintptr_t)15);
}

static int hash_init_child(struct afs_sock *c)
{
	const struct afs_alg *alg = c->parent->tfm->alg;
	size_t sz = hash_state_size(alg);
	struct afs_hash_state *h = calloc(1, sz);

	if (!h)
		return -ENOMEM;
	hash_layout(h, alg, sz);
	c->st.hash = h;
	return 0;
}

static void hash_free_child(struct afs_sock *c)
{
	struct afs_hash_state *h = c->st.hash;

	if (h && c->sh)		/* in the shared region: unmapped later */
		afs_wipe(h, h->alloc);
	else if (h)
		afs_free_secret(h, h->alloc);
	c->st.hash = NULL;
}

static size_t hash_share_size(struct afs_sock *c)
{
	return c->st.hash->alloc + 16;
}

/* share.c: the state moves into the region, with the lock held */
static void hash_share_move(struct afs_sock *c, void *mem, size_t size)
{
	const struct afs_alg *alg = alg_of(c);
	struct afs_hash_state *old = c->st.hash, *h = mem;

	(void)size;
	*h = *old;
	hash_layout(h, alg, old->alloc);
	memcpy(h->result, old->result, alg->digestsize);
	memcpy(h->req, old->req, alg->state_size);
	afs_free_secret(old, old->alloc);
	c->st.hash = h;
}

static ssize_t hash_sendmsg(struct afs_sock *s, const struct msghdr *msg,
			    size_t size, int flags)
{
	struct afs_hash_state *h;
	const struct afs_alg *alg = alg_of(s);
	const void *tfm = s->parent->tfm->ctx;
	bool more = flags & MSG_MORE;
	size_t i;

	afs_lock(s);
	h = s->st.hash;
	if (!h->more) {
		/* discard a previous request that wasn't marked MSG_MORE */
		h->has_result = false;
		if (!size)
			goto out;
		if (!more && alg->ops.hash.digest && size < AFS_FEED_MIN) {
			const struct iovec *v = msg->msg_iov;

			for (i = 0; !v[i].iov_len; i++)
				;
			if (v[i].iov_len == size) {
				alg->ops.hash.digest(tfm, v[i].iov_base, size,
						     h->result);
				h->has_result = true;
				goto out;
			}
		}
		alg->ops.hash.init(tfm, h->req);
	} else if (!size) {
		if (!more) {
			alg->ops.hash.final(h->req, h->result);
			h->has_result = true;
			h->more = false;
		}
		goto out;
	}
	for (i = 0; i < msg->msg_iovlen; i++)
		if (msg->msg_iov[i].iov_len)
			afs_feed(alg->ops.hash.update, h->req,
				 msg->msg_iov[i].iov_base,
				 msg->msg_iov[i].iov_len);
	if (!more) {
		alg->ops.hash.final(h->req, h->result);
		h->has_result = true;
	}
	h->more = more;
out:
	afs_unlock(s);
	return size;
}

static ssize_t hash_recvmsg(struct afs_sock *s, struct msghdr *msg,
			    size_t size, int flags)
{
	struct afs_hash_state *h;
	const struct afs_alg *alg = alg_of(s);
	unsigned int ds = alg->digestsize;
	size_t len = size;

	(void)flags;
	if (len > ds)
		len = ds;
	else if (len < ds)
		msg->msg_flags |= MSG_TRUNC;

	afs_lock(s);
	h = s->st.hash;
	if (!h->has_result) {
		if (!h->more)
			alg->ops.hash.init(s->parent->tfm->ctx, h->req);
		h->more = false;
		alg->ops.hash.final(h->req, h->result);
	}
	afs_copy_to_iov(msg->msg_iov, msg->msg_iovlen, 0, h->result, len);
	/* hash_free_result() */
	afs_wipe(h->result, ds);
	h->has_result = false;
	afs_unlock(s);
	return len;
}

/* hash_accept(): accept() on an op socket clones an open update. */
static int hash_accept_op(struct afs_sock *s, struct afs_sock **out)
{
	const struct afs_alg *alg = alg_of(s);
	struct afs_sock *c;
	void *state;
	bool more;
	int err;

	state = malloc(alg->state_size ? alg->state_size : 1);
	if (!state)
		return -ENOMEM;
	afs_lock(s);
	more = s->st.hash->more;
	if (more)
		memcpy(state, s->st.hash->req, alg->state_size);
	afs_unlock(s);

	err = afs_new_child(s->parent, &c);
	if (!err) {
		c->st.hash->more = more;
		if (more)
			memcpy(c->st.hash->req, state, alg->state_size);
		*out = c;
	}
	afs_free_secret(state, alg->state_size);
	return err;
}

/* remote.c: only a socket with no open update and no unread digest moves */
static bool hash_movable(struct afs_sock *s)
{
	return !s->st.hash->more && !s->st.hash->has_result;
}

const struct afs_type_ops afs_hash_type = {
	.name = "hash",
	.init_child = hash_init_child,
	.free_child = hash_free_child,
	.share_size = hash_share_size,
	.share_move = hash_share_move,
	.sendmsg = hash_sendmsg,
	.recvmsg = hash_recvmsg,
	.accept_op = hash_accept_op,
	.movable = hash_movable,
};
