// SPDX-License-Identifier: GPL-2.0
/*
 * kcapi-client: a small program built against Debian's libkcapi-dev, run
 * under the shim by test_libkcapi.py.  It calls libkcapi's convenience,
 * message digest, symmetric cipher (one-shot through sendmsg and vmsplice,
 * in-place, stream, stream fed by a second thread, AIO), AEAD (gcm, ccm,
 * rfc4106, rfc7539 with AAD; tag failures), rng and KDF APIs, and checks
 * every result against OpenSSL's libcrypto.  Algorithms the shim does not
 * serve yet (bind: ENOENT, which libkcapi returns as -ENOENT) are SKIPs.
 *
 * Output: PASS/FAIL/SKIP lines (see probe.h).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>

#include <kcapi.h>

#include "probe.h"

#define PAGE 4096

static uint8_t *page_alloc(size_t n)
{
	void *p = NULL;

	if (posix_memalign(&p, PAGE, n ? n : 1))
		abort();
	return p;
}

/* ENOENT from an init: the shim does not serve the algorithm (yet) */
static bool served(int ret, const char *what)
{
	if (ret == -ENOENT) {
		skip("%s: not served: %s", what, strerror(ENOENT));
		return false;
	}
	if (ret) {
		fail("%s: init: %s", what, strerror(-ret));
		return false;
	}
	return true;
}

/* ------------------------------------------------------------------ */

typedef ssize_t (*kc_aes_fn)(const uint8_t *key, uint32_t keylen,
			     const uint8_t *in, size_t inlen,
			     const uint8_t *iv, uint8_t *out, size_t outlen);

/* kcapi_cipher_{enc,dec}_aes_@mode of @n bytes against OpenSSL */
static void aes_mode(const char *mode, kc_aes_fn enc, kc_aes_fn dec,
		     const uint8_t *k, size_t klen, const uint8_t *iv,
		     const uint8_t *pt, size_t n, uint8_t *ct, uint8_t *w)
{
	char name[32];
	ssize_t r;

	snprintf(name, sizeof(name), "aes-%zu-%s", klen * 8, mode);
	r = enc(k, (uint32_t)klen, pt, n, iv, ct, n);
	ossl_cipher(name, 1, k, iv, pt, n, w);
	check(r == (ssize_t)n && !memcmp(ct, w, n),
	      "kcapi_cipher_enc_aes_%s key %zu (%zd)", mode, klen, r);
	r = dec(k, (uint32_t)klen, ct, n, iv, w, n);
	check(r == (ssize_t)n && !memcmp(w, pt, n),
	      "kcapi_cipher_dec_aes_%s key %zu", mode, klen);
}

static void t_convenience(void)
{
	static const struct {
		const char *md;
		ssize_t (*fn)(const uint8_t *, size_t, uint8_t *, size_t);
		ssize_t (*hmac)(const uint8_t *, uint32_t, const uint8_t *,
				size_t, uint8_t *, size_t);
	} mds[] = {
		{ "sha1", kcapi_md_sha1, kcapi_md_hmac_sha1 },
		{ "sha224", kcapi_md_sha224, kcapi_md_hmac_sha224 },
		{ "sha256", kcapi_md_sha256, kcapi_md_hmac_sha256 },
		{ "sha384", kcapi_md_sha384, kcapi_md_hmac_sha384 },
		{ "sha512", kcapi_md_sha512, kcapi_md_hmac_sha512 },
	};
	uint8_t msg[3000], key[70], out[64], want[64], iv[16], k[32];
	uint8_t *pt = page_alloc(8192), *ct = page_alloc(8192),
		*w = page_alloc(8192);
	unsigned int wl;
	ssize_t r;
	size_t i;

	fill_random(msg, sizeof(msg));
	fill_random(key, sizeof(key));
	for (i = 0; i < sizeof(mds) / sizeof(mds[0]); i++) {
		r = mds[i].fn(msg, sizeof(msg), out, sizeof(out));
		if (r == -ENOENT) {
			skip("kcapi_md_%s: not served", mds[i].md);
			continue;
		}
		ossl_digest(mds[i].md, msg, sizeof(msg), want, &wl);
		check(r == (ssize_t)wl && !memcmp(out, want, wl),
		      "kcapi_md_%s (%zd)", mds[i].md, r);
		r = mds[i].hmac(key, sizeof(key), msg, 1000, out, sizeof(out));
		ossl_hmac(mds[i].md, key, sizeof(key), msg, 1000, want, &wl);
		check(r == (ssize_t)wl && !memcmp(out, want, wl),
		      "kcapi_md_hmac_%s (%zd)", mds[i].md, r);
	}
	for (i = 16; i <= 32; i += 8) {
		fill_random(k, i);
		fill_random(iv, 16);
		fill_random(pt, 8192);
		aes_mode("cbc", kcapi_cipher_enc_aes_cbc,
			 kcapi_cipher_dec_aes_cbc, k, i, iv, pt, 8192, ct, w);
		aes_mode("ctr", kcapi_cipher_enc_aes_ctr,
			 kcapi_cipher_dec_aes_ctr, k, i, iv, pt, 5000, ct, w);
	}
	r = kcapi_rng_get_bytes(ct, 1000);
	if (r == -ENOENT)
		skip("kcapi_rng_get_bytes: stdrng not served");
	else
		check(r == 1000 && memcmp(ct, ct + 500, 500),
		      "kcapi_rng_get_bytes 1000 bytes (%zd)", r);
	free(pt);
	free(ct);
	free(w);
}

/* ------------------------------------------------------------------ */

static void t_md(void)
{
	static const char *const names[] = { "sha256", "sha3-256", "sha512",
					     "hmac(sha256)", "cmac(aes)" };
	static const char *const ossl[] = { "sha256", "sha3-256", "sha512",
					    "sha256", NULL };
	size_t n = 200000, i, off;
	uint8_t *msg = page_alloc(n), key[32], out[64], want[64];
	struct kcapi_handle *h;
	unsigned int wl;
	ssize_t r;
	int ret;

	fill_random(msg, n);
	fill_random(key, sizeof(key));
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		ret = kcapi_md_init(&h, names[i], 0);
		if (!served(ret, names[i]))
			continue;
		if (strchr(names[i], '('))
			kcapi_md_setkey(h, key, i == 4 ? 16 : 32);
		if (i == 4) {
			size_t ol = 0;

			ossl_cmac("aes-128-cbc", key, 16, msg, n, want, &ol);
			wl = (unsigned int)ol;
		} else if (i == 3) {
			ossl_hmac(ossl[i], key, 32, msg, n, want, &wl);
		} else {
			ossl_digest(ossl[i], msg, n, want, &wl);
		}
		check(kcapi_md_digestsize(h) == wl,
		      "kcapi_md_digestsize(%s) = %u", names[i], wl);
		/* updates of growing size: sendmsg and (>= 32 KiB) vmsplice */
		for (off = 0, r = 0; off < n && r >= 0;) {
			size_t c = off < 1000 ? 7 : off < 60000 ? 40000 : n - off;

			if (c > n - off)
				c = n - off;
			r = kcapi_md_update(h, msg + off, c);
			off += c;
		}
		r = kcapi_md_final(h, out, sizeof(out));
		check(r == (ssize_t)wl && !memcmp(out, want, wl),
		      "kcapi_md_update/final %s, 200000 bytes in pieces (%zd)",
		      names[i], r);
		r = kcapi_md_digest(h, msg, n, out, sizeof(out));
		check(r == (ssize_t)wl && !memcmp(out, want, wl),
		      "kcapi_md_digest %s one shot (%zd)", names[i], r);
		/* a handle reused for a second, short digest */
		r = kcapi_md_digest(h, msg, 3, out, sizeof(out));
		if (i == 4) {
			wl = 0;		/* checked by the length only */
		} else if (i == 3) {
			ossl_hmac(ossl[i], key, 32, msg, 3, want, &wl);
		} else {
			ossl_digest(ossl[i], msg, 3, want, &wl);
		}
		check(r > 0 && (!wl || (r == (ssize_t)wl &&
					!memcmp(out, want, wl))),
		      "kcapi_md_digest %s reused for 3 bytes", names[i]);
		kcapi_md_destroy(h);
	}
	/* KDFs, all through hmac() on AF_ALG */
	{
		uint8_t pw[] = "password", salt[16], k1[100], k2[100];
		uint8_t info[20], fixed[40];

		fill_random(salt, sizeof(salt));
		fill_random(info, sizeof(info));
		fill_random(fixed, sizeof(fixed));
		r = kcapi_pbkdf("hmac(sha256)", pw, 8, salt, sizeof(salt), 1000,
				k1, 77);
		ossl_pbkdf2("sha256", pw, 8, salt, sizeof(salt), 1000, k2, 77);
		check(r == 0 && !memcmp(k1, k2, 77),
		      "kcapi_pbkdf hmac(sha256), 1000 iterations, 77 bytes");
		r = kcapi_hkdf("hmac(sha256)", key, 32, salt, sizeof(salt),
			       info, sizeof(info), k1, 100);
		ossl_hkdf("sha256", key, 32, salt, sizeof(salt), info,
			  sizeof(info), k2, 100);
		check(r == 0 && !memcmp(k1, k2, 100),
		      "kcapi_hkdf hmac(sha256), 100 bytes");
		ret = kcapi_md_init(&h, "hmac(sha256)", 0);
		if (served(ret, "kcapi_kdf_ctr")) {
			kcapi_md_setkey(h, key, 32);
			r = kcapi_kdf_ctr(h, fixed, sizeof(fixed), k1, 70);
			ossl_kbkdf_ctr("sha256", key, 32, fixed, sizeof(fixed),
				       k2, 70);
			check(r == 0 && !memcmp(k1, k2, 70),
			      "kcapi_kdf_ctr (SP 800-108) hmac(sha256), 70 bytes");
			kcapi_md_destroy(h);
		}
	}
	free(msg);
}

/* ------------------------------------------------------------------ */

static const char *evp_name(const char *mode, size_t keylen)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "aes-%zu-%s", keylen * 8, mode);
	return buf;
}

/*
 * libkcapi 1.4.0 splits a one-shot request into requests of at most
 * ALG_MAX_PAGES pages, each sent with the caller's IV (a later libkcapi
 * release carries the chaining value over for decryption).  The kernel
 * therefore restarts CBC/CTR every 64 KiB: so must the oracle.
 */
static void oracle_chunked(const char *mode, size_t kl, const uint8_t *key,
			   const uint8_t *iv, const uint8_t *in, size_t n,
			   uint8_t *out)
{
	size_t off, c;

	for (off = 0; off < n; off += c) {
		c = n - off > 16 * PAGE ? 16 * PAGE : n - off;
		ossl_cipher(evp_name(mode, kl), 1, key, iv, in + off, c,
			    out + off);
	}
}

struct feeder {
	struct kcapi_handle *h;
	uint8_t *data;
	size_t len;
	ssize_t ret;
};

/* the second thread of a stream: sends in 64 KiB pieces, then the last */
static void *feed(void *arg)
{
	struct feeder *f = arg;
	struct iovec v;
	size_t off = 0, c;
	ssize_t r = 0;

	while (off < f->len && r >= 0) {
		c = f->len - off > 65536 ? 65536 : f->len - off;
		v.iov_base = f->data + off;
		v.iov_len = c;
		r = off + c < f->len ? kcapi_cipher_stream_update(f->h, &v, 1) :
			kcapi_cipher_stream_update_last(f->h, &v, 1);
		off += c;
	}
	f->ret = r;
	return NULL;
}

/* one AES mode's test: its name, 1 MiB buffers, the last key and IV */
struct cipher_run {
	const char *mode;
	char name[32];
	size_t n;
	uint8_t *pt, *ct, *w;
	uint8_t key[32], iv[16];
};

static const int cipher_access[] = { KCAPI_ACCESS_SENDMSG, KCAPI_ACCESS_VMSPLICE,
				     KCAPI_ACCESS_HEURISTIC };
static const char *const cipher_access_names[] = { "sendmsg", "vmsplice", "heuristic" };

/*
 * One-shot requests of every size and access, for each key size.
 * Return: false when the mode is not served (a SKIP was printed); the
 * 32-byte key and its IV stay in @t for the later steps.
 */
static bool cipher_oneshots(struct cipher_run *t)
{
	struct kcapi_handle *h;
	size_t kl, len;
	ssize_t r;
	int ret, a;

	for (kl = 16; kl <= 32; kl += 8) {
		ret = kcapi_cipher_init(&h, t->name, 0);
		if (!served(ret, t->name))
			return false;
		fill_random(t->key, kl);
		fill_random(t->iv, 16);
		check(kcapi_cipher_setkey(h, t->key, (uint32_t)kl) == 0 &&
		      kcapi_cipher_ivsize(h) == 16 &&
		      kcapi_cipher_blocksize(h) == (*t->mode == 'c' &&
						    t->mode[1] == 'b' ? 16 : 1),
		      "%s key %zu: setkey, ivsize 16, blocksize", t->name, kl);
		for (a = 0; a < 3; a++) {
			len = a == 0 ? 4096 : a == 1 ? 65536 * 3 : t->n;
			r = kcapi_cipher_encrypt(h, t->pt, len, t->iv, t->ct, len,
						 cipher_access[a]);
			oracle_chunked(t->mode, kl, t->key, t->iv, t->pt, len, t->w);
			check(r == (ssize_t)len && !memcmp(t->ct, t->w, len),
			      "%s key %zu: one-shot %zu bytes via %s (%zd)",
			      t->name, kl, len, cipher_access_names[a], r);
		}
		/* in place, decrypting what libkcapi encrypted */
		r = kcapi_cipher_decrypt(h, t->ct, t->n, t->iv, t->ct, t->n,
					 KCAPI_ACCESS_HEURISTIC);
		check(r == (ssize_t)t->n && !memcmp(t->ct, t->pt, t->n),
		      "%s key %zu: in-place decrypt of 1 MiB", t->name, kl);
		kcapi_cipher_destroy(h);
	}
	return true;
}

/* stream: init with the IV, updates, last, ops in pieces */
static void cipher_stream(struct cipher_run *t)
{
	struct kcapi_handle *h;
	struct iovec v[1], o[1];
	size_t off;
	ssize_t r;

	kcapi_cipher_init(&h, t->name, 0);
	kcapi_cipher_setkey(h, t->key, 32);
	v[0].iov_base = t->pt;
	v[0].iov_len = 4096;
	r = kcapi_cipher_stream_init_enc(h, t->iv, v, 1);
	v[0].iov_base = t->pt + 4096;
	v[0].iov_len = 8192;
	r = r < 0 ? r : kcapi_cipher_stream_update(h, v, 1);
	o[0].iov_base = t->ct;
	o[0].iov_len = 12288;
	r = r < 0 ? r : kcapi_cipher_stream_op(h, o, 1);
	v[0].iov_base = t->pt + 12288;
	v[0].iov_len = 16384 + (*t->mode == 'c' && t->mode[1] == 't' ? 5 : 0);
	r = r < 0 ? r : kcapi_cipher_stream_update_last(h, v, 1);
	o[0].iov_base = t->ct + 12288;
	o[0].iov_len = v[0].iov_len;
	r = r < 0 ? r : kcapi_cipher_stream_op(h, o, 1);
	off = 12288 + v[0].iov_len;
	ossl_cipher(evp_name(t->mode, 32), 1, t->key, t->iv, t->pt, off, t->w);
	check(r == (ssize_t)(off - 12288) && !memcmp(t->ct, t->w, off),
	      "%s: stream init/update/op/update_last/op, %zu bytes (%zd)",
	      t->name, off, r);
	kcapi_cipher_destroy(h);
}

/* stream fed by another thread, more than the TX budget */
static void cipher_stream_fed(struct cipher_run *t)
{
	struct kcapi_handle *h;
	struct feeder f;
	struct iovec o[1];
	pthread_t th;
	size_t off;
	ssize_t r;

	kcapi_cipher_init(&h, t->name, 0);
	kcapi_cipher_setkey(h, t->key, 32);
	f.h = h;
	f.data = t->pt;
	f.len = t->n;
	r = kcapi_cipher_stream_init_enc(h, t->iv, NULL, 0);
	pthread_create(&th, NULL, feed, &f);
	for (off = 0; off < t->n && r >= 0; off += (size_t)r) {
		o[0].iov_base = t->ct + off;
		o[0].iov_len = t->n - off > 50000 ? 50000 : t->n - off;
		r = kcapi_cipher_stream_op(h, o, 1);
	}
	pthread_join(th, NULL);
	ossl_cipher(evp_name(t->mode, 32), 1, t->key, t->iv, t->pt, t->n, t->w);
	check(r >= 0 && f.ret >= 0 && off == t->n && !memcmp(t->ct, t->w, t->n),
	      "%s: 1 MiB stream, a feeder thread and a reader (%zd)", t->name, r);
	kcapi_cipher_destroy(h);
}

/*
 * AIO: libkcapi 1.4.0 sends all iovecs as one request and reads each
 * back with its own iocb, so the kernel chains CBC/CTR across them.
 */
static void cipher_aio(struct cipher_run *t)
{
	struct kcapi_handle *h;
	struct iovec v[4], o[4];
	ssize_t r;
	int ok, a, i;

	for (a = 0; a < 2; a++) {
		kcapi_cipher_init(&h, t->name, KCAPI_INIT_AIO);
		kcapi_cipher_setkey(h, t->key, 32);
		for (i = 0; i < 4; i++) {
			v[i].iov_base = t->pt + i * 65536;
			v[i].iov_len = a ? 16384 : 4096;	/* < TX budget */
			o[i].iov_base = t->ct + i * 65536;
			o[i].iov_len = v[i].iov_len;
		}
		r = kcapi_cipher_encrypt_aio(h, v, o, 4, t->iv, cipher_access[a]);
		ok = r == (ssize_t)(4 * v[0].iov_len);
		for (i = 0; i < 4; i++)
			memcpy(t->w + i * v[0].iov_len, v[i].iov_base, v[i].iov_len);
		ossl_cipher(evp_name(t->mode, 32), 1, t->key, t->iv, t->w,
			    4 * v[0].iov_len, t->w);
		for (i = 0; i < 4; i++)
			ok &= !memcmp(o[i].iov_base, t->w + i * v[0].iov_len,
				      v[i].iov_len);
		check(ok, "%s: kcapi_cipher_encrypt_aio, 4 x %zu bytes via %s (%zd)",
		      t->name, v[0].iov_len, cipher_access_names[a], r);
		r = kcapi_cipher_decrypt_aio(h, o, o, 4, t->iv, cipher_access[a]);
		ok = r == (ssize_t)(4 * v[0].iov_len);
		for (i = 0; i < 4; i++)
			ok &= !memcmp(o[i].iov_base, v[i].iov_base, v[i].iov_len);
		check(ok, "%s: kcapi_cipher_decrypt_aio in place via %s", t->name,
		      cipher_access_names[a]);
		kcapi_cipher_destroy(h);
	}
}

static void t_cipher(const char *mode)
{
	struct cipher_run t = { .mode = mode, .n = 1 << 20 };

	t.pt = page_alloc(t.n);
	t.ct = page_alloc(t.n);
	t.w = page_alloc(t.n);
	snprintf(t.name, sizeof(t.name), "%s(aes)", mode);
	fill_random(t.pt, t.n);
	if (cipher_oneshots(&t)) {
		cipher_stream(&t);
		cipher_stream_fed(&t);
		cipher_aio(&t);
	}
	free(t.pt);
	free(t.ct);
	free(t.w);
}

/* ------------------------------------------------------------------ */

struct aead_case {
	const char *name;	/* kernel name */
	const char *evp;	/* OpenSSL cipher, key size filled in */
	unsigned int keylen, saltlen, ivlen, noncelen, taglen, alen;
};

/* one AEAD case's test: names, the key, the last IV and its nonce */
struct aead_run {
	const struct aead_case *c;
	char evp[32], what[96];
	uint8_t key[36], iv[16], nonce[16], aad[32];
	uint8_t *in, *out, *w, *pt;	/* 40000 bytes each */
};

/* the nonce OpenSSL takes: salt || IV, CCM's nonce, or the IV */
static size_t aead_nonce_len(const struct aead_case *c)
{
	if (c->saltlen)
		return c->saltlen + c->ivlen;
	return !strncmp(c->name, "ccm", 3) ? c->noncelen : c->ivlen;
}

/* rfc4106 authenticates the AAD without its trailing IV */
static size_t aead_ossl_alen(const struct aead_case *c)
{
	return c->saltlen ? c->alen - c->ivlen : c->alen;
}

/* a new IV, the nonce OpenSSL sees for it, and a new AAD */
static void aead_new_iv(struct aead_run *t)
{
	const struct aead_case *c = t->c;

	fill_random(t->aad, c->alen);
	fill_random(t->iv, c->ivlen);
	/* the nonce OpenSSL sees, and the IV the kernel sees */
	if (!strncmp(c->name, "ccm", 3)) {
		fill_random(t->nonce, c->noncelen);
		memset(t->iv, 0, 16);
		t->iv[0] = (uint8_t)(15 - c->noncelen - 1);
		memcpy(t->iv + 1, t->nonce, c->noncelen);
	} else if (c->saltlen) {
		memcpy(t->nonce, t->key + c->keylen - c->saltlen, c->saltlen);
		memcpy(t->nonce + c->saltlen, t->iv, c->ivlen);
		/* rfc4106: the AAD ends with the IV */
		memcpy(t->aad + c->alen - c->ivlen, t->iv, c->ivlen);
	} else {
		memcpy(t->nonce, t->iv, c->ivlen);
	}
}

/*
 * One message of @n bytes through @h (via vmsplice when @splice):
 * encrypted against OpenSSL, decrypted, refused with a tampered tag
 * (and, when empty, a tampered AAD).
 */
static void aead_message(struct aead_run *t, struct kcapi_handle *h, size_t n,
			 int splice)
{
	const struct aead_case *c = t->c;
	int access = splice ? KCAPI_ACCESS_VMSPLICE : KCAPI_ACCESS_SENDMSG;
	const char *via = splice ? "vmsplice" : "sendmsg";
	size_t inl, outl, dl, tl, al;
	uint8_t *ap, *dp, *tp, *tag;
	ssize_t r;

	fill_random(t->pt, n);
	aead_new_iv(t);
	kcapi_aead_setassoclen(h, c->alen);
	inl = kcapi_aead_inbuflen_enc(h, n, c->alen, c->taglen);
	outl = kcapi_aead_outbuflen_enc(h, n, c->alen, c->taglen);
	memcpy(t->in, t->aad, c->alen);
	memcpy(t->in + c->alen, t->pt, n);
	r = kcapi_aead_encrypt(h, t->in, inl, t->iv, t->out, outl, access);
	kcapi_aead_getdata_output(h, t->out, outl, 1, &ap, &al, &dp, &dl, &tp, &tl);
	ossl_aead_enc(t->evp, t->key, t->nonce, aead_nonce_len(c), t->aad,
		      aead_ossl_alen(c), t->pt, n, c->taglen, t->w);
	check(r == (ssize_t)(c->alen + n + c->taglen) && al == c->alen &&
	      dl == n && tl == c->taglen && !memcmp(ap, t->aad, c->alen) &&
	      !memcmp(dp, t->w, n) && !memcmp(tp, t->w + n, c->taglen),
	      "%s: encrypt %zu bytes via %s = OpenSSL, AAD echoed (%zd)",
	      t->what, n, via, r);
	/* decrypt: in = AAD || CT || TAG */
	memcpy(t->in, t->out, (size_t)(r > 0 ? r : 0));
	inl = kcapi_aead_inbuflen_dec(h, n, c->alen, c->taglen);
	outl = kcapi_aead_outbuflen_dec(h, n, c->alen, c->taglen);
	r = kcapi_aead_decrypt(h, t->in, inl, t->iv, t->out, outl, access);
	kcapi_aead_getdata_output(h, t->out, outl, 0, &ap, &al, &dp, &dl, NULL, NULL);
	check(r == (ssize_t)(c->alen + n) && !memcmp(dp, t->pt, n),
	      "%s: decrypt %zu bytes via %s (%zd)", t->what, n, via, r);
	/* a flipped tag bit: EBADMSG */
	tag = t->in + c->alen + n;
	tag[c->taglen - 1] ^= 1;
	r = kcapi_aead_decrypt(h, t->in, inl, t->iv, t->out, outl, access);
	check(r == -EBADMSG, "%s: a tampered tag is EBADMSG (%zd)", t->what, r);
	if (n)
		return;
	/* a tampered AAD byte too */
	tag[c->taglen - 1] ^= 1;
	if (c->alen) {
		t->in[0] ^= 0x80;
		r = kcapi_aead_decrypt(h, t->in, inl, t->iv, t->out, outl,
				       KCAPI_ACCESS_SENDMSG);
		check(r == -EBADMSG, "%s: a tampered AAD is EBADMSG", t->what);
	}
}

/* AIO: two independent messages with one IV (the last message's) */
static void aead_aio(struct aead_run *t)
{
	const struct aead_case *c = t->c;
	struct kcapi_handle *h;
	struct iovec v[2], o[2];
	size_t i, n = 1000;
	ssize_t r;
	int ok;

	if (kcapi_aead_init(&h, c->name, KCAPI_INIT_AIO))
		return;
	kcapi_aead_setkey(h, t->key, c->keylen);
	kcapi_aead_settaglen(h, c->taglen);
	kcapi_aead_setassoclen(h, c->alen);
	for (i = 0; i < 2; i++) {
		memcpy(t->in + i * 2048, t->aad, c->alen);
		fill_random(t->in + i * 2048 + c->alen, n);
		v[i].iov_base = t->in + i * 2048;
		v[i].iov_len = c->alen + n;
		o[i].iov_base = t->out + i * 2048;
		o[i].iov_len = c->alen + n + c->taglen;
	}
	r = kcapi_aead_encrypt_aio(h, v, o, 2, t->iv, KCAPI_ACCESS_SENDMSG);
	ok = r == (ssize_t)(2 * (c->alen + n + c->taglen));
	for (i = 0; i < 2; i++) {
		ossl_aead_enc(t->evp, t->key, t->nonce, aead_nonce_len(c), t->aad,
			      aead_ossl_alen(c), t->in + i * 2048 + c->alen, n,
			      c->taglen, t->w);
		ok &= !memcmp(t->out + i * 2048 + c->alen, t->w, n + c->taglen);
	}
	check(ok, "%s: kcapi_aead_encrypt_aio of 2 messages (%zd)", t->what, r);
	kcapi_aead_destroy(h);
}

static void t_aead(const struct aead_case *c)
{
	static const size_t sizes[] = { 0, 1, 16, 100, 4096, 30000 };
	struct aead_run t = { .c = c };
	struct kcapi_handle *h;
	size_t i;
	int ret, a, ok;

	snprintf(t.what, sizeof(t.what), "%s taglen %u aad %u", c->name,
		 c->taglen, c->alen);
	ret = kcapi_aead_init(&h, c->name, 0);
	if (!served(ret, t.what))
		return;
	snprintf(t.evp, sizeof(t.evp), c->evp, (c->keylen - c->saltlen) * 8);
	fill_random(t.key, c->keylen);
	ok = kcapi_aead_setkey(h, t.key, c->keylen) == 0 &&
	     kcapi_aead_settaglen(h, c->taglen) == 0;
	check(ok && kcapi_aead_ivsize(h) == c->ivlen,
	      "%s: setkey, settaglen, ivsize %u", t.what, c->ivlen);
	t.in = page_alloc(40000);
	t.out = page_alloc(40000);
	t.w = page_alloc(40000);
	t.pt = page_alloc(40000);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (a = 0; a < 2; a++)
			aead_message(&t, h, sizes[i], a);
	kcapi_aead_destroy(h);
	aead_aio(&t);
	free(t.in);
	free(t.out);
	free(t.w);
	free(t.pt);
}

/* ------------------------------------------------------------------ */

static void t_rng(void)
{
	static const char *const names[] = { "stdrng", "drbg_nopr_hmac_sha256",
					     "drbg_nopr_ctr_aes256",
					     "drbg_pr_hmac_sha256" };
	uint8_t a[1000], b[1000], seed[48];
	struct kcapi_handle *h;
	ssize_t r;
	size_t i;
	int ret;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		ret = kcapi_rng_init(&h, names[i], 0);
		if (!served(ret, names[i]))
			continue;
		fill_random(seed, sizeof(seed));
		ret = kcapi_rng_seed(h, seed, sizeof(seed));
		r = kcapi_rng_generate(h, a, sizeof(a));
		check(ret == 0 && r == (ssize_t)sizeof(a),
		      "%s: seed and generate 1000 bytes (%zd)", names[i], r);
		r = kcapi_rng_generate(h, b, sizeof(b));
		check(r == (ssize_t)sizeof(b) && memcmp(a, b, sizeof(a)),
		      "%s: a second generate gives other bytes", names[i]);
		kcapi_rng_destroy(h);
	}
}

int main(void)
{
	static const struct aead_case aeads[] = {
		{ "gcm(aes)", "aes-%u-gcm", 16, 0, 12, 0, 16, 20 },
		{ "gcm(aes)", "aes-%u-gcm", 32, 0, 12, 0, 12, 0 },
		{ "gcm(aes)", "aes-%u-gcm", 24, 0, 12, 0, 4, 7 },
		{ "ccm(aes)", "aes-%u-ccm", 16, 0, 16, 12, 16, 20 },
		{ "ccm(aes)", "aes-%u-ccm", 32, 0, 16, 7, 8, 0 },
		{ "ccm(aes)", "aes-%u-ccm", 24, 0, 16, 13, 10, 3 },
		{ "rfc4106(gcm(aes))", "aes-%u-gcm", 20, 4, 8, 0, 16, 16 },
		{ "rfc4106(gcm(aes))", "aes-%u-gcm", 36, 4, 8, 0, 16, 20 },
		{ "rfc7539(chacha20,poly1305)", "chacha20-poly1305", 32, 0, 12,
		  0, 16, 13 },
	};
	size_t i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	t_convenience();
	t_md();
	t_cipher("cbc");
	t_cipher("ctr");
	for (i = 0; i < sizeof(aeads) / sizeof(aeads[0]); i++)
		t_aead(&aeads[i]);
	t_rng();
	return probe_failures ? 1 : 0;
}
