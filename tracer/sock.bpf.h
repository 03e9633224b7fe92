/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace, kernel side: AF_ALG sockets.  From a struct socket or a file
 * descriptor to the AF_ALG struct sock, from an op socket to its tfm socket,
 * and the tracer's record of each tfm socket (class, id), learnt at bind or
 * read back from the kernel for a socket bound before the tracer started.
 */
#ifndef AFALG_TRACE_SOCK_BPF_H
#define AFALG_TRACE_SOCK_BPF_H

#define AT_S_IFMT	00170000
#define AT_S_IFSOCK	0140000

/* Kernel types that may be missing from the BTF (AF_ALG absent or a module). */
struct af_alg_type___at {
	char name[14];
} __attribute__((preserve_access_index));

struct alg_sock___at {
	struct sock sk;
	struct sock *parent;
	const struct af_alg_type___at *type;
	void *private;
} __attribute__((preserve_access_index));

/* What ask->private points to, per type (crypto/algif_*.c bind()). */
struct crypto_ahash___at {
	struct crypto_tfm base;
} __attribute__((preserve_access_index));

struct crypto_skcipher___at {
	struct crypto_tfm base;
} __attribute__((preserve_access_index));

struct crypto_aead___at {
	struct crypto_tfm base;
} __attribute__((preserve_access_index));

struct crypto_rng___at {
	struct crypto_tfm base;
} __attribute__((preserve_access_index));

struct rng_parent_ctx___at {
	struct crypto_rng___at *drng;
} __attribute__((preserve_access_index));


static __always_inline struct sock *alg_parent(struct sock *sk)
{
	struct alg_sock___at *ask = (void *)sk;
	struct sock *p = NULL;

	if (bpf_core_type_exists(struct alg_sock___at))
		return BPF_CORE_READ(ask, parent);
	/* struct sock is the first member of struct alg_sock, parent follows */
	bpf_probe_read_kernel(&p, sizeof(p), (void *)sk + bpf_core_type_size(struct sock));
	return p;
}

/*
 * A tfm socket bound before the tracer started: read its type and algorithm
 * from the kernel (ask->type->name, the crypto_tfm's cra_name).  The key
 * length is not kept by the kernel, so it is recorded as unknown.
 */
static __noinline bool resolve_tfm(struct sock *tfm, struct at_class *c)
{
	struct alg_sock___at *ask = (void *)tfm;
	const struct af_alg_type___at *type;
	struct crypto_tfm *ct = NULL;
	struct crypto_alg *alg;
	void *priv;

	if (!bpf_core_type_exists(struct alg_sock___at) ||
	    !bpf_core_type_exists(struct af_alg_type___at))
		return false;
	type = BPF_CORE_READ(ask, type);
	priv = BPF_CORE_READ(ask, private);
	if (!type || !priv)
		return false;
	__builtin_memset(c, 0, sizeof(*c));
	bpf_probe_read_kernel_str(c->type, 14, __builtin_preserve_access_index(&type->name));
	switch (c->type[0]) {
	case 'h':	/* hash: struct crypto_ahash */
		if (bpf_core_type_exists(struct crypto_ahash___at))
			ct = __builtin_preserve_access_index(
				&((struct crypto_ahash___at *)priv)->base);
		break;
	case 's':	/* skcipher: struct crypto_skcipher */
		if (bpf_core_type_exists(struct crypto_skcipher___at))
			ct = __builtin_preserve_access_index(
				&((struct crypto_skcipher___at *)priv)->base);
		break;
	case 'a':	/* aead: struct crypto_aead */
		if (bpf_core_type_exists(struct crypto_aead___at))
			ct = __builtin_preserve_access_index(
				&((struct crypto_aead___at *)priv)->base);
		break;
	case 'r':	/* rng: struct rng_parent_ctx { drng, entropy } */
		if (bpf_core_type_exists(struct rng_parent_ctx___at) &&
		    bpf_core_type_exists(struct crypto_rng___at)) {
			struct crypto_rng___at *r = BPF_CORE_READ(
				(struct rng_parent_ctx___at *)priv, drng);

			if (r)
				ct = __builtin_preserve_access_index(&r->base);
		}
		break;
	}
	if (!ct)
		return false;
	alg = BPF_CORE_READ(ct, __crt_alg);
	if (!alg)
		return false;
	bpf_probe_read_kernel_str(c->name, sizeof(c->name),
				  __builtin_preserve_access_index(&alg->cra_name));
	c->keylen = AT_KEY_UNKNOWN;
	c->authsize = AT_AUTHSIZE_DEFAULT;
	return c->name[0] != 0;
}

static __always_inline struct sock *sock_sk(struct socket *sock)
{
	struct sock *sk = BPF_CORE_READ(sock, sk);

	if (!sk || BPF_CORE_READ(sk, __sk_common.skc_family) != AT_AF_ALG)
		return NULL;
	return sk;
}

/* The AF_ALG struct sock behind file descriptor fd of the current task. */
static __always_inline struct sock *fd_to_sk(long fd)
{
	struct task_struct *t = (void *)bpf_get_current_task();
	struct fdtable *fdt = BPF_CORE_READ(t, files, fdt);
	struct file **fds;
	struct file *f = NULL;

	if (fd < 0 || fd >= BPF_CORE_READ(fdt, max_fds))
		return NULL;
	fds = BPF_CORE_READ(fdt, fd);
	bpf_probe_read_kernel(&f, sizeof(f), &fds[fd & 0xfffffff]);
	if (!f)
		return NULL;
	if ((BPF_CORE_READ(f, f_inode, i_mode) & AT_S_IFMT) != AT_S_IFSOCK)
		return NULL;
	return sock_sk(BPF_CORE_READ(f, private_data));
}

/* sock_sk() and fd_to_sk() for a task the filters (--pid, --cgroup) keep; else NULL. */
static __always_inline struct sock *traced_sock(struct socket *sock)
{
	return skip_task() ? NULL : sock_sk(sock);
}

static __always_inline struct sock *traced_fd(long fd)
{
	return skip_task() ? NULL : fd_to_sk(fd);
}

/*
 * Remember tfm socket sk as bound to class c (interned as class_id), under a
 * new tracer id.  The record is built in the per-CPU scratch's inflight slot
 * (a struct tfm_info has the same size), so c may be the scratch's cls.
 */
static __always_inline void tfm_remember(struct sock *sk, const struct at_class *c,
					 __u32 class_id, __u64 flags)
{
	__u64 key = (__u64)sk;
	struct scratch *s = get_scratch();
	struct tfm_info *ti;

	_Static_assert(sizeof(*ti) <= sizeof(s->inf), "tfm_info must fit the inflight slot");
	if (!s)
		return;
	ti = (void *)&s->inf;
	ti->id = __sync_fetch_and_add(&next_tfm, 1);
	ti->class_id = class_id;
	ti->pad = 0;
	__builtin_memcpy(&ti->cls, c, sizeof(ti->cls));
	/* BPF_NOEXIST: another CPU may have learnt the socket first */
	if (bpf_map_update_elem(&tfms, &key, ti, flags) &&
	    (flags != BPF_NOEXIST || !bpf_map_lookup_elem(&tfms, &key)))
		stat_inc(S_TFM_FULL);
}

/* The tfm_info of a tfm socket; learns sockets bound before we started. */
static __always_inline struct tfm_info *tfm_lookup(struct sock *tfm)
{
	__u64 key = (__u64)tfm;
	struct tfm_info *ti = bpf_map_lookup_elem(&tfms, &key);
	struct scratch *s;

	if (ti || !tfm)
		return ti;
	s = get_scratch();
	if (!s || !resolve_tfm(tfm, &s->cls))
		return NULL;
	tfm_remember(tfm, &s->cls, intern_class(&s->cls), BPF_NOEXIST);
	return bpf_map_lookup_elem(&tfms, &key);
}

#endif /* AFALG_TRACE_SOCK_BPF_H */
