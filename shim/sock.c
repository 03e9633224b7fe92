// SPDX-License-Identifier: GPL-2.0
/*
 * The AF_ALG socket layer, the socket's life: what crypto/af_alg.c and
 * net/socket.c do for every type from socket(2) to close.  tfm sockets
 * (bind, setsockopt with the key, getsockopt, accept) live here entirely,
 * and so does creating an op socket (af_alg_accept() and the type's
 * init_child) and the nokey check; the message path of every socket is
 * sock-msg.c.
 *
 * Every function returns a value >= 0 or -errno, like the kernel; entry.h
 * turns that into the libc convention.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/if_alg.h>

#include "real.h"
#include "sock.h"

#ifndef ALG_SET_KEY_BY_KEY_SERIAL
#define ALG_SET_KEY_BY_KEY_SERIAL 7
#endif
#ifndef ALG_SET_DRBG_ENTROPY
#define ALG_SET_DRBG_ENTROPY 6
#endif

#define CRYPTO_ALG_KERN_DRIVER_ONLY	0x00001000

/* sizeof(struct sockaddr_alg_new): family, type[14], feat, mask */
#define SALG_HDR	24

static const struct afs_type_ops *const type_ops[AFS_NTYPES] = {
	[AFS_HASH] = &afs_hash_type,
	[AFS_SKCIPHER] = &afs_skcipher_type,
	[AFS_AEAD] = &afs_aead_type,
	[AFS_RNG] = &afs_rng_type,
};

static const char *const type_names[AFS_NTYPES] = {
	[AFS_HASH] = "hash",
	[AFS_SKCIPHER] = "skcipher",
	[AFS_AEAD] = "aead",
	[AFS_RNG] = "rng",
};

/* ------------------------------------------------------------------ */
/* The objects                                                         */

/*
 * Objects are type-stable: they are never returned to malloc but kept on
 * a free list, so a lookup racing with close() may increment the
 * reference count of an object that is being recycled; it then re-checks
 * the table entry and retries (the SLAB_TYPESAFE_BY_RCU pattern).  The
 * per-object state (keys, queues) hangs off the object and is freed when
 * the count drops to zero.
 */
static pthread_mutex_t free_lock = PTHREAD_MUTEX_INITIALIZER;
static struct afs_sock *free_list;

struct afs_sock *afs_get(int fd)
{
	struct afs_sock *s;
	int r;

	for (;;) {
		s = afs_peek(fd);
		if (!s)
			return NULL;
		r = atomic_load_explicit(&s->ref, memory_order_relaxed);
		do {
			if (r == 0)
				break;
		} while (!atomic_compare_exchange_weak(&s->ref, &r, r + 1));
		if (r == 0)
			continue;	/* being freed: re-read the entry */
		if (afs_peek(fd) == s)
			return s;
		afs_put(s);		/* recycled for another fd meanwhile */
	}
}

struct afs_sock *afs_sock_alloc(enum afs_kind kind)
{
	struct afs_sock *s;

	pthread_mutex_lock(&free_lock);
	s = free_list;
	if (s)
		free_list = s->free_next;
	pthread_mutex_unlock(&free_lock);
	if (!s) {
		s = calloc(1, sizeof(*s));
		if (!s)
			return NULL;
	} else {
		/* keep ->ref at 0 until the object is fully initialised */
		memset((char *)s + sizeof(s->ref), 0,
		       sizeof(*s) - sizeof(s->ref));
	}
	s->kind = kind;
	afs_sklock_init(&s->lk);
	atomic_store_explicit(&s->ref, 1, memory_order_release);
	return s;
}

void afs_put(struct afs_sock *s)
{
	if (atomic_fetch_sub_explicit(&s->ref, 1, memory_order_acq_rel) != 1)
		return;
	afs_sock_release(s);
	pthread_mutex_destroy(&s->lk.lock);
	pthread_mutex_lock(&free_lock);
	s->free_next = free_list;
	free_list = s;
	pthread_mutex_unlock(&free_lock);
}

/*
 * After fork() only the calling thread exists in the child: private locks
 * that other threads held are re-initialised (fork.c calls this after the
 * table's own).  Every socket was shared
 * before the fork (share.c): its lock and state are the region's, which
 * the parent's threads still use.
 */
void afs_sock_atfork_child(void)
{
	int fd, m = afs_max_fd();
	struct afs_sock *s;

	pthread_mutex_init(&free_lock, NULL);
	for (fd = 0; fd <= m; fd++) {
		s = afs_peek_locked(fd);
		if (!s)
			continue;
		pthread_mutex_init(&s->lk.lock, NULL);
		atomic_init(&s->lk.wq_private.waiters, 0);
		if (s->kind == AFS_KIND_REMOTE)
			s->kops->atfork_child(s);
		if (s->parent)
			pthread_mutex_init(&s->parent->lk.lock, NULL);
		if (s->tfm && !s->tfm->in_shared)
			pthread_mutex_init(&s->tfm->rng_lock, NULL);
		if (s->parent && s->parent->tfm &&
		    !s->parent->tfm->in_shared)
			pthread_mutex_init(&s->parent->tfm->rng_lock, NULL);
	}
}

/* The kernel's view of SO_SNDBUF/SO_RCVBUF, read from the placeholder. */
void afs_sock_bufs_update(struct afs_sock *s, int fd)
{
	int v;
	unsigned int l = sizeof(v);

	if (AFS_REAL(getsockopt)(fd, SOL_SOCKET, SO_SNDBUF, &v, &l) == 0)
		s->sndbuf = v;
	l = sizeof(v);
	if (AFS_REAL(getsockopt)(fd, SOL_SOCKET, SO_RCVBUF, &v, &l) == 0)
		s->rcvbuf = v;
}

/* ------------------------------------------------------------------ */
/* socket(2)                                                           */

int afs_sock_create(int type, int protocol)
{
	int flags = type & (SOCK_CLOEXEC | SOCK_NONBLOCK);

	if (type & ~(SOCK_CLOEXEC | SOCK_NONBLOCK | 0xf))
		return -EINVAL;
	type &= 0xf;
	if (type >= 11)		/* SOCK_MAX */
		return -EINVAL;
	if (type != SOCK_SEQPACKET)
		return -ESOCKTNOSUPPORT;
	if (protocol != 0)
		return -EPROTONOSUPPORT;

	return afs_sock_open(AFS_KIND_TFM, NULL, SOCK_SEQPACKET, flags,
			     SOCK_SEQPACKET,
			     NULL);
}

/*
 * A new socket of @kind (reporting SO_TYPE @fd_type; @kops for a kind not
 * AF_ALG's) behind a placeholder descriptor, an AF_UNIX socket of
 * @sotype | @flags.  @setup, if given,
 * prepares its state before it is installed (a failed one is released).
 * Returns the descriptor or -errno.
 */
int afs_sock_open(enum afs_kind kind, const struct afs_kind_ops *kops,
		  int sotype, int flags, int fd_type,
		  int (*setup)(struct afs_sock *s))
{
	struct afs_sock *s;
	int fd, err;

	fd = AFS_REAL(socket)(AF_UNIX, sotype | flags, 0);
	if (fd < 0)
		return -errno;
	s = afs_sock_alloc(kind);
	if (!s) {
		AFS_REAL(close)(fd);
		return -ENOMEM;
	}
	s->kops = kops;
	s->fd_type = fd_type;
	err = setup ? setup(s) : 0;
	if (!err)
		err = afs_install(fd, s);
	afs_put(s);
	if (err) {
		AFS_REAL(close)(fd);
		return err;
	}
	return fd;
}

/* ------------------------------------------------------------------ */
/* tfm lifetime                                                        */

static struct afs_tfm *tfm_new(const struct afs_alg *alg)
{
	struct afs_tfm *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->alg = alg;
	if (alg->tfm_size) {
		t->ctx = calloc(1, alg->tfm_size);
		if (!t->ctx) {
			free(t);
			return NULL;
		}
	}
	pthread_mutex_init(&t->rng_lock, NULL);
	switch (alg->type) {
	case AFS_HASH:
		t->need_key = alg->needs_key;
		break;
	case AFS_SKCIPHER:
		t->need_key = alg->max_keysize != 0;
		break;
	case AFS_AEAD:
		t->need_key = true;
		t->authsize = alg->maxauthsize;
		break;
	default:
		break;
	}
	if (alg->type == AFS_RNG && alg->ops.rng.seed) {
		/* crypto_alloc_rng() leaves DRBGs unseeded until first use */
	}
	return t;
}

static void tfm_free(struct afs_tfm *t)
{
	if (!t)
		return;
	pthread_mutex_destroy(&t->rng_lock);
	if (t->in_shared) {	/* in its region (share.c), unmapped later */
		afs_wipe(t->ctx, t->alg->tfm_size);
		return;
	}
	afs_free_secret(t->ctx, t->alg->tfm_size);
	afs_free_secret(t->rawkey, t->rawkeylen);
	free(t);
}

/*
 * This process lets go of @s.  A socket shared with other processes
 * (share.c) is released, as the kernel's last close releases it, only by
 * the last of them; the others only drop their view of it.
 */
void afs_sock_release(struct afs_sock *s)
{
	bool last = s->sh ? s->share_ops->release(s) : true;
	struct afs_sock *p;

	switch (s->kind) {
	case AFS_KIND_TFM:
		/* a tfm bound after sharing is this process's own */
		if (last || (s->tfm && !s->tfm->in_shared))
			tfm_free(s->tfm);
		tfm_free(s->tfm_moved);
		s->tfm = s->tfm_moved = NULL;
		break;
	case AFS_KIND_OP:
		if (last && s->ops && s->ops->free_child)
			s->ops->free_child(s);
		p = s->parent;
		if (!p)		/* init_child failed: not counted yet */
			break;
		if (last) {
			afs_lock(p);
			p->tfm->refcnt--;
			if (*afs_nokey_slot(s))
				p->tfm->nokey_refcnt--;
			afs_unlock(p);
		}
		s->parent = NULL;
		afs_put(p);
		break;
	case AFS_KIND_NETLINK:
	case AFS_KIND_REMOTE:
		s->kops->release(s);
		break;
	}
	if (s->sh)
		s->share_ops->unmap(s);
}

/* ------------------------------------------------------------------ */
/* bind(2) — alg_bind                                                  */

int afs_bind(struct afs_sock *s, const void *uaddr, unsigned int addr_len)
{
	unsigned char sa[128];
	uint32_t feat, mask;
	const struct afs_alg *alg;
	struct afs_tfm *t, *old;
	char *tname, *name;
	int type;

	if (s->kind == AFS_KIND_NETLINK)
		return s->kops->bind(s, uaddr, addr_len);
	/* move_addr_to_kernel() comes before the socket's ->bind */
	if ((int)addr_len < 0 || addr_len > sizeof(sa))
		return -EINVAL;
	if (addr_len && !uaddr)
		return -EFAULT;
	if (s->kind == AFS_KIND_OP)
		return -EOPNOTSUPP;
	memset(sa, 0, sizeof(sa));
	if (addr_len)
		memcpy(sa, uaddr, addr_len);

	if (addr_len < SALG_HDR + 1)
		return -EINVAL;
	memcpy(&feat, sa + 16, 4);
	memcpy(&mask, sa + 20, 4);
	if ((feat & ~CRYPTO_ALG_KERN_DRIVER_ONLY) ||
	    (mask & ~CRYPTO_ALG_KERN_DRIVER_ONLY))
		return -EINVAL;
	tname = (char *)sa + 2;
	tname[13] = 0;
	name = (char *)sa + SALG_HDR;
	name[addr_len - SALG_HDR - 1] = 0;

	for (type = 0; type < AFS_NTYPES; type++)
		if (!strcmp(tname, type_names[type]))
			break;
	if (type == AFS_NTYPES)
		return -ENOENT;

	alg = afs_alg_lookup(type, name);
	if (!alg)
		return afs_alg_bind_error(type, name);
	/* every algorithm here is a software one */
	if (feat & mask & CRYPTO_ALG_KERN_DRIVER_ONLY)
		return -ENOENT;

	t = tfm_new(alg);
	if (!t)
		return -ENOMEM;

	afs_lock(s);
	if (s->tfm && s->tfm->refcnt) {
		afs_unlock(s);
		tfm_free(t);
		return -EBUSY;
	}
	old = s->tfm;
	if (s->sh) {
		/* the new tfm is this process's own (DIVERGENCES.md D1) */
		afs_log_divergence("D1", "bind of a tfm socket shared by fork");
		if (old && old->in_shared)
			old = NULL;	/* the region's, released with it */
	}
	s->tfm = t;
	s->type = type;
	atomic_store(&s->logged, false);
	afs_unlock(s);
	tfm_free(old);
	return 0;
}

/* ------------------------------------------------------------------ */
/* setsockopt(2) — alg_setsockopt                                      */

static int tfm_setkey(struct afs_tfm *t, const uint8_t *key, unsigned int len)
{
	const struct afs_alg *alg = t->alg;
	int err;

	switch (alg->type) {
	case AFS_HASH:
		if (!alg->ops.hash.setkey)
			return -ENOSYS;		/* shash_no_setkey */
		err = alg->ops.hash.setkey(t->ctx, key, len);
		if (err) {
			if (!alg->optional_key)
				t->need_key = true;
			return err;
		}
		break;
	case AFS_SKCIPHER:
		/* crypto_skcipher_setkey(): size errors leave the tfm alone */
		if (len < alg->min_keysize || len > alg->max_keysize)
			return -EINVAL;
		err = alg->ops.skcipher.setkey(t->ctx, key, len);
		if (err) {
			t->need_key = true;
			return err;
		}
		break;
	case AFS_AEAD:
		err = alg->ops.aead.setkey(t->ctx, key, len);
		if (err) {
			t->need_key = true;
			return err;
		}
		break;
	case AFS_RNG:
		afs_mutex_lock(&t->rng_lock);
		err = alg->ops.rng.seed(t->ctx, key, len);
		afs_mutex_unlock(&t->rng_lock);
		return err;
	default:
		return -ENOPROTOOPT;
	}
	t->need_key = false;
	return 0;
}

/*
 * alg_setkey() with @key, a buffer of @len bytes owned by the caller and
 * wiped and freed here; a key of optmem_max bytes or more is ENOMEM.
 */
static int set_key(struct afs_tfm *t, uint8_t *key, unsigned int len,
		   bool by_serial)
{
	int err = -ENOMEM;

	if (len < afs_optmem_max())
		err = tfm_setkey(t, key, len);
	if (err || t->in_shared) {
		afs_free_secret(key, len);
		if (err)
			return err;
		key = NULL;
	}
	/* kept for a keeper the socket may move to (remote.c) */
	afs_free_secret(t->rawkey, t->rawkeylen);
	t->rawkey = key;
	t->rawkeylen = key ? len : 0;
	t->keylen = len;
	t->keyed = true;
	t->key_by_serial = by_serial;
	return 0;
}

int afs_setsockopt(struct afs_sock *s, int level, int name, const void *val,
		   unsigned int len)
{
	uint8_t *key = NULL;
	unsigned int keylen = 0;
	int32_t serial;
	int err;

	if (s->kind == AFS_KIND_NETLINK)
		return s->kops->setsockopt(s, level, name, val, len);
	if ((int)len < 0)
		return -EINVAL;
	if (s->kind == AFS_KIND_OP || s->kind == AFS_KIND_REMOTE)
		return -EOPNOTSUPP;	/* op sockets have no .setsockopt */

	afs_lock(s);
	err = -EBUSY;
	if (s->tfm && s->tfm->refcnt != s->tfm->nokey_refcnt)
		goto out;
	err = -ENOPROTOOPT;
	if (level != SOL_ALG || !s->tfm)
		goto out;

	switch (name) {
	case ALG_SET_KEY:
		/* sock_kmalloc(): the key buffer is charged to optmem */
		err = -ENOMEM;
		if (len >= afs_optmem_max())
			break;
		err = -EFAULT;
		if (len && !val)
			break;
		err = -ENOMEM;
		key = malloc(len ? len : 1);
		if (!key)
			break;
		if (len)
			memcpy(key, val, len);
		err = set_key(s->tfm, key, len, false);
		break;
	case ALG_SET_KEY_BY_KEY_SERIAL:
		err = -EINVAL;
		if (len != sizeof(serial))
			break;
		err = -EFAULT;
		if (!val)
			break;
		memcpy(&serial, val, sizeof(serial));
		err = afs_key_read_user(serial, &key, &keylen);
		if (err)
			break;
		err = set_key(s->tfm, key, keylen, true);
		break;
	case ALG_SET_AEAD_AUTHSIZE:
		if (s->tfm->alg->type != AFS_AEAD)
			break;
		err = -EINVAL;
		if ((!len && s->tfm->alg->maxauthsize) ||
		    len > s->tfm->alg->maxauthsize)
			break;
		if (s->tfm->alg->ops.aead.setauthsize) {
			err = s->tfm->alg->ops.aead.setauthsize(s->tfm->ctx,
								len);
			if (err)
				break;
		}
		s->tfm->authsize = len;
		err = 0;
		break;
	default:
		/* ALG_SET_DRBG_ENTROPY needs CONFIG_CRYPTO_USER_API_RNG_CAVP */
		break;
	}
out:
	afs_unlock(s);
	return err;
}

int afs_getsockopt(struct afs_sock *s, int fd, int level, int name,
		   void *val, unsigned int *len)
{
	int v;

	if (level != SOL_SOCKET)
		return s->kind == AFS_KIND_NETLINK ? -ENOPROTOOPT : -EOPNOTSUPP;
	switch (name) {
	case SO_DOMAIN:
		v = s->kind == AFS_KIND_NETLINK ? AF_NETLINK : AF_ALG;
		break;
	case SO_TYPE:
		v = s->fd_type;
		break;
	case SO_PROTOCOL:
		v = s->kind == AFS_KIND_NETLINK ? NETLINK_CRYPTO : 0;
		break;
	default:
		if (AFS_REAL(getsockopt)(fd, level, name, val, len) < 0)
			return -errno;
		return 0;
	}
	if (!len || !val)
		return -EFAULT;
	if ((int)*len < 0)
		return -EINVAL;
	if (*len > sizeof(v))
		*len = sizeof(v);
	memcpy(val, &v, *len);
	return 0;
}

/* ------------------------------------------------------------------ */
/* accept(2) — af_alg_accept and the type's init_child                 */

/* The nokey check (hash_check_key & co): parent still without key? */
int afs_check_key(struct afs_sock *s)
{
	struct afs_sock *p = s->parent;
	int err = 0;

	afs_lock(s);
	if (!*afs_nokey_slot(s)) {	/* another process checked it */
		s->nokey = false;
		goto out;
	}
	afs_lock(p);
	if (p->tfm->need_key) {
		err = -ENOKEY;
	} else {
		p->tfm->nokey_refcnt--;
		*afs_nokey_slot(s) = false;
		s->nokey = false;
	}
	afs_unlock(p);
out:
	afs_unlock(s);
	return err;
}

/*
 * af_alg_accept(): a new child of tfm socket @p.  Returns the child with
 * one reference, not yet in the fd table.
 */
static int new_child(struct afs_sock *p, struct afs_sock **out)
{
	const struct afs_type_ops *ops;
	struct afs_sock *c;
	int err;

	afs_lock(p);
	if (!p->tfm) {
		afs_unlock(p);
		return -EINVAL;
	}
	c = afs_sock_alloc(AFS_KIND_OP);
	if (!c) {
		afs_unlock(p);
		return -ENOMEM;
	}
	ops = type_ops[p->type];
	c->type = p->type;
	c->fd_type = SOCK_SEQPACKET;
	c->ops = ops;
	c->parent = p;
	c->sndbuf = c->rcvbuf = 212992;
	atomic_fetch_add(&p->ref, 1);
	/* rng children never check for a key */
	c->nokey = p->type != AFS_RNG && p->tfm->need_key;
	err = ops->init_child ? ops->init_child(c) : 0;
	if (err) {
		c->parent = NULL;
		c->ops = NULL;
		afs_unlock(p);
		afs_put(p);
		afs_put(c);
		return err;
	}
	p->tfm->refcnt++;
	if (c->nokey)
		p->tfm->nokey_refcnt++;
	afs_unlock(p);
	*out = c;
	return 0;
}

int afs_accept(struct afs_sock *s, int sfd, void *addr, unsigned int *alen,
	       int flags)
{
	struct afs_sock *c = NULL;
	int err, fd;

	(void)alen;
	if (flags & ~(SOCK_CLOEXEC | SOCK_NONBLOCK))
		return -EINVAL;
	if (s->kind == AFS_KIND_NETLINK || s->kind == AFS_KIND_REMOTE)
		return s->kops->accept ? s->kops->accept(s, sfd, addr != NULL, flags) :
					 -EOPNOTSUPP;
	if (s->kind == AFS_KIND_OP) {
		if (!s->ops->accept_op)
			return -EOPNOTSUPP;
		if (s->nokey) {
			err = afs_check_key(s);
			if (err)
				return err;
		}
	}

	/* get_unused_fd_flags() comes first in the kernel */
	fd = AFS_REAL(socket)(AF_UNIX, SOCK_SEQPACKET | flags, 0);
	if (fd < 0)
		return -errno;

	if (s->kind == AFS_KIND_OP)
		err = s->ops->accept_op(s, &c);
	else
		err = new_child(s, &c);
	if (err)
		goto fail;
	afs_sock_bufs_update(c, fd);
	/* the child's getname is sock_no_getname */
	if (addr) {
		afs_put(c);
		err = -ECONNABORTED;
		goto fail;
	}
	err = afs_install(fd, c);
	afs_put(c);
	if (err)
		goto fail;
	return fd;
fail:
	AFS_REAL(close)(fd);
	return err;
}

/* hash_accept() uses af_alg_accept() on the parent: exposed for hash.c */
int afs_new_child(struct afs_sock *p, struct afs_sock **out)
{
	return new_child(p, out);
}
