// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ML-DSA signature verification (FIPS 204) in little memory.
 *
 * Verification computes, for each row i of the k x l matrix A,
 *
 *	w'_i = NTT^-1(sum_j A_ij o NTT(z_j)) - c * t1_i * 2^d
 *
 * then w1_i = UseHint(h_i, w'_i) and hashes w1Encode(w1_i) into c~'.  The
 * memory plan:
 *
 *  - A is never stored.  Each A_ij is rejection-sampled from its SHAKE128
 *    stream one block at a time, and every accepted coefficient is
 *    multiplied into the row accumulator at once.
 *  - NTT(z_j) is the only vector kept (l ring elements); z is decoded,
 *    range-checked and transformed once.
 *  - c * t1_i * 2^d is subtracted in the NTT domain, before the inverse
 *    transform: NTT(c) is formed once, NTT(t1_i * 2^d) one row at a time
 *    from the public key.
 *  - The hint is not expanded: its encoding is validated once, and the
 *    sorted index list of row i is walked while applying UseHint.
 *
 * Working memory for ML-DSA-87 is about 12 KiB (heap and stack), most of
 * it NTT(z).
 * All arithmetic is on public values; the code still avoids data-dependent
 * branches where that is free.
 *
 * The SHAKE128 streams of A dominate the run time.  With an arch
 * implementation of a 4-way Keccak-f[1600] ($(SRCARCH)/mldsa.h), four
 * streams are generated at once; the order of the streams does not matter
 * for the result, only which accumulator each feeds.  The arch header may
 * also replace the transforms and the pointwise product (ntt(),
 * invntt_scaled(), poly_sub_mont()); every implementation returns the same
 * values as the generic C code, coefficient for coefficient.
 */

#include <crypto/mldsa.h>
#include <crypto/sha3.h>
#include <crypto/utils.h>
#include <linux/build_bug.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define Q		8380417		/* 2^23 - 2^13 + 1 */
#define QINV		58728449	/* q^-1 mod 2^32 */
#define N		256
#define D		13
#define RHO_SIZE	32
#define TR_SIZE		64
#define MAX_L		7
#define T1_ROW_SIZE	320		/* 256 coefficients of 10 bits */
#define W1_ROW_MAX	192		/* 256 coefficients of 6 bits */
#define ROW_ACCS	2		/* see mldsa_compute_w1() */

/* FIPS 204 section 4, Table 1 */
struct mldsa_params {
	u8 k, l, tau, omega, ctilde_len, z_bits;
	u16 beta, pk_len, sig_len;
	s32 gamma1, gamma2;
};

static const struct mldsa_params mldsa_param_sets[] = {
	[MLDSA44] = {
		.k = 4, .l = 4, .tau = 39, .omega = 80, .ctilde_len = 32,
		.z_bits = 18, .beta = 78, .pk_len = MLDSA44_PUBLIC_KEY_SIZE,
		.sig_len = MLDSA44_SIGNATURE_SIZE, .gamma1 = 1 << 17,
		.gamma2 = (Q - 1) / 88,
	},
	[MLDSA65] = {
		.k = 6, .l = 5, .tau = 49, .omega = 55, .ctilde_len = 48,
		.z_bits = 20, .beta = 196, .pk_len = MLDSA65_PUBLIC_KEY_SIZE,
		.sig_len = MLDSA65_SIGNATURE_SIZE, .gamma1 = 1 << 19,
		.gamma2 = (Q - 1) / 32,
	},
	[MLDSA87] = {
		.k = 8, .l = 7, .tau = 60, .omega = 75, .ctilde_len = 64,
		.z_bits = 20, .beta = 120, .pk_len = MLDSA87_PUBLIC_KEY_SIZE,
		.sig_len = MLDSA87_SIGNATURE_SIZE, .gamma1 = 1 << 19,
		.gamma2 = (Q - 1) / 32,
	},
};

/*
 * zeta^brv8(m) * 2^32 mod q for m = 0..255, centred on 0; zeta = 1753 is the
 * 512th root of unity of FIPS 204 section 7.5.  The factor 2^32 is the
 * Montgomery factor cancelled by mont_reduce().
 */
static const s32 mldsa_zetas[N] = {
	-4186625, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
	1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103,
	2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549,
	-2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005,
	2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439,
	-3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299,
	-1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596,
	811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779,
	-3930395, -1528703, -3677745, -3041255, -1452451, 3475950, 2176455, -1585221,
	-1257611, 1939314, -4083598, -1000202, -3190144, -3157330, -3632928, 126922,
	3412210, -983419, 2147896, 2715295, -2967645, -3693493, -411027, -2477047,
	-671102, -1228525, -22981, -1308169, -381987, 1349076, 1852771, -1430430,
	-3343383, 264944, 508951, 3097992, 44288, -1100098, 904516, 3958618,
	-3724342, -8578, 1653064, -3249728, 2389356, -210977, 759969, -1316856,
	189548, -3553272, 3159746, -1851402, -2409325, -177440, 1315589, 1341330,
	1285669, -1584928, -812732, -1439742, -3019102, -3881060, -3628969, 3839961,
	2091667, 3407706, 2316500, 3817976, -3342478, 2244091, -2446433, -3562462,
	266997, 2434439, -1235728, 3513181, -3520352, -3759364, -1197226, -3193378,
	900702, 1859098, 909542, 819034, 495491, -1613174, -43260, -522500,
	-655327, -3122442, 2031748, 3207046, -3556995, -525098, -768622, -3595838,
	342297, 286988, -2437823, 4108315, 3437287, -3342277, 1735879, 203044,
	2842341, 2691481, -2590150, 1265009, 4055324, 1247620, 2486353, 1595974,
	-3767016, 1250494, 2635921, -3548272, -2994039, 1869119, 1903435, -1050970,
	-1333058, 1237275, -3318210, -1430225, -451100, 1312455, 3306115, -1962642,
	-1279661, 1917081, -2546312, -1374803, 1500165, 777191, 2235880, 3406031,
	-542412, -2831860, -1671176, -1846953, -2584293, -3724270, 594136, -3776993,
	-2013608, 2432395, 2454455, -164721, 1957272, 3369112, 185531, -1207385,
	-3183426, 162844, 1616392, 3014001, 810149, 1652634, -3694233, -1799107,
	-3038916, 3523897, 3866901, 269760, 2213111, -975884, 1717735, 472078,
	-426683, 1723600, -1803090, 1910376, -1667432, -1104333, -260646, -3833893,
	-2939036, -2235985, -420899, -2286327, 183443, -976891, 1612842, -3545687,
	-554416, 3919660, -48306, -1362209, 3937738, 1400424, -846154, 1976782,
};

/* 2^64 / 256 mod q: undoes 2^-32 twice and applies the 1/256 of NTT^-1 */
#define INVNTT_SCALE	41978

/*
 * State of one 4-way Keccak-f[1600]: lane w of instance s is lanes[w][s],
 * so each lane index is one 256-bit vector.
 */
struct mldsa_keccak_x4 {
	u64 lanes[25][4];
};

/*
 * Working memory, allocated per call.  zhat is sized for the parameter set
 * at run time.  The union members are never live at the same time: x4 only
 * while sampling a batch of A, t1hat only while finishing a row.
 */
struct mldsa_workspace {
	s32 acc[ROW_ACCS][N];		/* rows in progress, by row parity */
	union {
		struct mldsa_keccak_x4 x4;
		s32 t1hat[N];		/* NTT(t1_i * 2^d) */
	};
	struct shake_ctx xof;		/* A (one stream), SampleInBall, mu */
	struct shake_ctx chash;		/* c~' = H(mu || w1Encode(w1)) */
	u8 buf[W1_ROW_MAX];		/* one XOF block, or one encoded w1 row */
	s32 chat[N];			/* NTT(c), c the challenge */
	s32 zhat[][N];			/* NTT(z_j), j < l */
};

/*
 * Signed Montgomery reduction: a * 2^-32 mod q, for |a| < 2^31 * q; the
 * result is in (-q, q).
 */
static inline s32 mont_reduce(s64 a)
{
	s32 t = (s32)((u32)a * QINV);

	return (s32)((a - (s64)t * Q) >> 32);
}

static inline s32 mont_mul(s32 a, s32 b)
{
	return mont_reduce((s64)a * b);
}

/* A representative of a mod q in about (-q/2, q/2], for |a| < 2^31 - 2^22 */
static inline s32 reduce_centered(s32 a)
{
	return a - ((a + (1 << 22)) >> 23) * Q;
}

/*
 * Forward NTT (FIPS 204 Algorithm 41), in place, Cooley-Tukey butterflies.
 * Inputs below q in magnitude (z_j, c, t1_i * 2^d) give outputs below 9q:
 * each of the eight layers adds less than q.
 */
static void ntt_generic(s32 w[N])
{
	unsigned int m = 0;

	for (unsigned int len = N / 2; len; len >>= 1) {
		for (unsigned int start = 0; start < N; start += 2 * len) {
			s32 zeta = mldsa_zetas[++m];

			for (unsigned int j = start; j < start + len; j++) {
				s32 t = mont_mul(zeta, w[j + len]);

				w[j + len] = w[j] - t;
				w[j] += t;
			}
		}
	}
}

/*
 * Inverse NTT (FIPS 204 Algorithm 42), Gentleman-Sande butterflies, with
 * the final scaling folded into one Montgomery multiplication that also
 * removes the 2^-32 of the pointwise products.  Output in [0, q).
 *
 * After the initial reduction |w| < q/2 + 2^13; the sums at most double per
 * layer, so they stay below 2^8 * q / 2 * 1.01 < 2^31.
 */
static void invntt_scaled_generic(s32 w[N])
{
	unsigned int m = N;

	for (unsigned int j = 0; j < N; j++)
		w[j] = reduce_centered(w[j]);
	for (unsigned int len = 1; len < N; len <<= 1) {
		for (unsigned int start = 0; start < N; start += 2 * len) {
			s32 zeta = -mldsa_zetas[--m];

			for (unsigned int j = start; j < start + len; j++) {
				s32 t = w[j];

				w[j] = t + w[j + len];
				w[j + len] = mont_mul(zeta, t - w[j + len]);
			}
		}
	}
	for (unsigned int j = 0; j < N; j++) {
		s32 r = mont_mul(w[j], INVNTT_SCALE);

		w[j] = r + ((r >> 31) & Q);
	}
}

/*
 * w -= a o b * 2^-32, coefficient by coefficient.  For |a|, |b| < 9q each
 * product is below 2^31 * q and its reduction below q in magnitude.
 */
static void poly_sub_mont_generic(s32 w[N], const s32 a[N], const s32 b[N])
{
	for (unsigned int n = 0; n < N; n++)
		w[n] -= mont_mul(a[n], b[n]);
}

#ifdef CONFIG_CRYPTO_LIB_MLDSA_ARCH
#include "mldsa.h" /* $(SRCARCH)/mldsa.h */
#endif

#ifndef mldsa_ntt_arch
#define ntt		ntt_generic
#define invntt_scaled	invntt_scaled_generic
#define poly_sub_mont	poly_sub_mont_generic
#endif

/*
 * Decode z_j (FIPS 204 Algorithms 27 and 19: BitUnpack with a = gamma1 - 1,
 * b = gamma1), check ||z_j||_inf < gamma1 - beta, and transform it.
 * Returns false if the norm bound is violated.
 */
static bool decode_z(s32 w[N], const u8 *src, const struct mldsa_params *p)
{
	const s32 bound = p->gamma1 - p->beta;
	u32 bad = 0;

	if (p->z_bits == 18) {
		for (unsigned int j = 0; j < N; j += 4, src += 9) {
			u64 v = get_unaligned_le64(src);

			w[j + 0] = v & 0x3ffff;
			w[j + 1] = (v >> 18) & 0x3ffff;
			w[j + 2] = (v >> 36) & 0x3ffff;
			w[j + 3] = (v >> 54) | ((u32)src[8] << 10);
		}
	} else {
		for (unsigned int j = 0; j < N; j += 2, src += 5) {
			u64 v = get_unaligned_le32(src) | ((u64)src[4] << 32);

			w[j + 0] = v & 0xfffff;
			w[j + 1] = v >> 20;
		}
	}
	for (unsigned int j = 0; j < N; j++) {
		s32 z = p->gamma1 - w[j];

		/* |z| >= bound, without a branch: both differences' signs */
		bad |= (u32)(bound - 1 - z) | (u32)(bound - 1 + z);
		w[j] = z;
	}
	if (bad >> 31)
		return false;
	ntt(w);
	return true;
}

/*
 * Validate the hint encoding (FIPS 204 Algorithm 21, HintBitUnpack): the
 * cumulative counts y[omega + i] never decrease and never exceed omega, the
 * indices of each row strictly increase, and unused index bytes are zero.
 */
static bool hint_is_well_formed(const u8 *y, const struct mldsa_params *p)
{
	unsigned int idx = 0;
	u8 nonzero = 0;

	for (unsigned int i = 0; i < p->k; i++) {
		unsigned int end = y[p->omega + i];

		if (end < idx || end > p->omega)
			return false;
		for (unsigned int first = idx; idx < end; idx++)
			if (idx > first && y[idx - 1] >= y[idx])
				return false;
	}
	for (; idx < p->omega; idx++)
		nonzero |= y[idx];
	return nonzero == 0;
}

/*
 * The challenge c (FIPS 204 Algorithm 29, SampleInBall): tau coefficients
 * +-1 placed by a Fisher-Yates shuffle driven by SHAKE256(c~).
 */
static void sample_in_ball(struct mldsa_workspace *ws, const u8 *ctilde,
			   const struct mldsa_params *p)
{
	const unsigned int bs = SHAKE256_BLOCK_SIZE;
	unsigned int pos;
	u64 signs;

	shake256_init(&ws->xof);
	shake_update(&ws->xof, ctilde, p->ctilde_len);
	shake_squeeze(&ws->xof, ws->buf, bs);
	signs = get_unaligned_le64(ws->buf);
	pos = 8;
	memset(ws->chat, 0, sizeof(ws->chat));
	for (unsigned int i = N - p->tau; i < N; i++) {
		unsigned int j;

		do {
			if (pos == bs) {
				shake_squeeze(&ws->xof, ws->buf, bs);
				pos = 0;
			}
			j = ws->buf[pos++];
		} while (j > i);
		ws->chat[i] = ws->chat[j];
		ws->chat[j] = 1 - 2 * (s32)(signs & 1);
		signs >>= 1;
	}
	shake_zeroize_ctx(&ws->xof);
	ntt(ws->chat);
}

/*
 * Rejection-sample coefficients of an element of A from one SHAKE128 block
 * (FIPS 204 Algorithms 30 and 14) and multiply each into the accumulator:
 * acc[n] += a[n] * zhat[n] * 2^-32.  Returns the new coefficient count.
 */
static unsigned int rej_accumulate(s32 acc[N], const s32 zhat[N],
				   unsigned int n, const u8 *block)
{
	for (unsigned int b = 0; b < SHAKE128_BLOCK_SIZE && n < N; b += 3) {
		u32 a = block[b] | (block[b + 1] << 8) |
			((block[b + 2] & 0x7f) << 16);

		if (a < Q) {
			acc[n] += mont_mul(a, zhat[n]);
			n++;
		}
	}
	return n;
}

/* acc += A_ij o zhat_j * 2^-32, A_ij from SHAKE128(rho || j || i) */
static void expand_accumulate_one(struct mldsa_workspace *ws, const u8 *rho,
				  unsigned int i, unsigned int j, s32 acc[N])
{
	u8 ji[2] = { j, i };
	unsigned int n = 0;

	shake128_init(&ws->xof);
	shake_update(&ws->xof, rho, RHO_SIZE);
	shake_update(&ws->xof, ji, sizeof(ji));
	while (n < N) {
		shake_squeeze(&ws->xof, ws->buf, SHAKE128_BLOCK_SIZE);
		n = rej_accumulate(acc, ws->zhat[j], n, ws->buf);
	}
}

#ifdef mldsa_keccakf_x4
#ifndef rej_accumulate_x4
#define rej_accumulate_x4	rej_accumulate
#define REJ_BLOCK_OVERREAD	0
#endif

/*
 * Up to four elements of A at once, streams e0 .. e0 + nb - 1 in row-major
 * order (stream e is A_ij with i = e / l, j = e % l), each feeding the
 * accumulator of its row.  Unused instances run on dummy input.
 */
static void expand_accumulate_x4(struct mldsa_workspace *ws, const u8 *rho,
				 unsigned int e0, unsigned int nb,
				 const struct mldsa_params *p)
{
	struct mldsa_keccak_x4 *st = &ws->x4;
	unsigned int n[4] = { N, N, N, N };
	unsigned int s, w, left = nb;

	BUILD_BUG_ON(sizeof(ws->buf) < SHAKE128_BLOCK_SIZE + REJ_BLOCK_OVERREAD);
	memset(st, 0, sizeof(*st));
	for (s = 0; s < nb; s++) {
		unsigned int e = e0 + s;

		/* Absorb rho || j || i and the SHAKE padding in one block. */
		for (w = 0; w < RHO_SIZE / 8; w++)
			st->lanes[w][s] = get_unaligned_le64(rho + 8 * w);
		st->lanes[4][s] = (e % p->l) | ((e / p->l) << 8) |
				  (0x1fULL << 16);
		st->lanes[SHAKE128_BLOCK_SIZE / 8 - 1][s] = 1ULL << 63;
		n[s] = 0;
	}
	while (left) {
		mldsa_keccakf_x4(st);
		for (s = 0; s < nb; s++) {
			unsigned int e = e0 + s;

			if (n[s] == N)
				continue;
			for (w = 0; w < SHAKE128_BLOCK_SIZE / 8; w++)
				put_unaligned_le64(st->lanes[w][s],
						   &ws->buf[8 * w]);
			n[s] = rej_accumulate_x4(ws->acc[(e / p->l) % ROW_ACCS],
						 ws->zhat[e % p->l], n[s],
						 ws->buf);
			if (n[s] == N)
				left--;
		}
	}
}
#endif

/* t1_i * 2^d (10-bit fields of t1, 4 per 5 bytes), ready for ntt() */
static void unpack_t1(s32 t[N], const u8 *src)
{
	for (unsigned int m = 0; m < N; m += 4, src += 5) {
		u64 v = get_unaligned_le32(src) | ((u64)src[4] << 32);

		for (unsigned int k = 0; k < 4; k++)
			t[m + k] = ((v >> (10 * k)) & 0x3ff) << D;
	}
}

/*
 * UseHint (FIPS 204 Algorithm 40, with Decompose, Algorithm 36) for r in
 * [0, q).  m = (q - 1) / (2 * gamma2) is 44 or 16.
 */
static __always_inline u32 use_hint(u32 r, bool h, const u32 gamma2)
{
	const u32 m = (Q - 1) / (2 * gamma2);
	u32 r1;

	/* r - (r mod+- 2*gamma2) = q - 1: r1 is 0 and r0 is negative. */
	if (r > Q - 1 - gamma2)
		return h ? m - 1 : 0;
	r1 = (r + gamma2 - 1) / (2 * gamma2);
	if (!h)
		return r1;
	if (r > r1 * 2 * gamma2)	/* r0 > 0 */
		return r1 + 1 == m ? 0 : r1 + 1;
	return r1 ? r1 - 1 : m - 1;
}

/*
 * w1_i = UseHint(h_i, w) and its encoding (FIPS 204 Algorithm 28,
 * w1Encode: 6-bit fields for gamma2 = (q-1)/88, 4-bit otherwise).  The
 * hint indices of the row are the sorted list hints[0 .. nhints).
 */
static __always_inline size_t use_hint_encode(u8 *out, const s32 w[N],
					      const u8 *hints,
					      unsigned int nhints,
					      const u32 gamma2)
{
	unsigned int hi = 0;
	u32 v[4];

	for (unsigned int m = 0; m < N; m += 4) {
		for (unsigned int t = 0; t < 4; t++) {
			bool h = hi < nhints && hints[hi] == m + t;

			hi += h;
			v[t] = use_hint(w[m + t], h, gamma2);
		}
		if (gamma2 == (Q - 1) / 88) {
			u32 x = v[0] | (v[1] << 6) | (v[2] << 12) | (v[3] << 18);

			*out++ = x;
			*out++ = x >> 8;
			*out++ = x >> 16;
		} else {
			*out++ = v[0] | (v[1] << 4);
			*out++ = v[2] | (v[3] << 4);
		}
	}
	return gamma2 == (Q - 1) / 88 ? N * 6 / 8 : N * 4 / 8;
}

/* Row i is complete in its accumulator: finish w'_i, hash w1Encode(w1_i). */
static void finish_row(struct mldsa_workspace *ws, unsigned int i,
		       const u8 *pk, const u8 *hint,
		       const struct mldsa_params *p)
{
	s32 *w = ws->acc[i % ROW_ACCS];
	unsigned int first = i ? hint[p->omega + i - 1] : 0;
	unsigned int nh = hint[p->omega + i] - first;
	size_t len;

	unpack_t1(ws->t1hat, pk + RHO_SIZE + i * T1_ROW_SIZE);
	ntt(ws->t1hat);
	poly_sub_mont(w, ws->chat, ws->t1hat);
	invntt_scaled(w);
	if (p->gamma2 == (Q - 1) / 88)
		len = use_hint_encode(ws->buf, w, hint + first, nh,
				      (Q - 1) / 88);
	else
		len = use_hint_encode(ws->buf, w, hint + first, nh,
				      (Q - 1) / 32);
	shake_update(&ws->chash, ws->buf, len);
}

/*
 * Stream the matrix: A_ij for e = i * l + j in order, up to four at a
 * time.  A batch of four spans at most two rows (l >= 4), which is why two
 * row accumulators suffice; a row is finished once its last stream is done.
 */
static void mldsa_compute_w1(struct mldsa_workspace *ws, const u8 *pk,
			     const u8 *hint, const struct mldsa_params *p)
{
	const unsigned int total = p->k * p->l;
	unsigned int e = 0;

	while (e < total) {
		unsigned int nb = 1, s;

#ifdef mldsa_keccakf_x4
		if (mldsa_x4_usable())
			nb = min(4u, total - e);
#endif
		for (s = 0; s < nb; s++)
			if ((e + s) % p->l == 0)
				memset(ws->acc[(e + s) / p->l % ROW_ACCS], 0,
				       sizeof(ws->acc[0]));
#ifdef mldsa_keccakf_x4
		if (nb > 1) {
			mldsa_x4_begin();
			expand_accumulate_x4(ws, pk, e, nb, p);
			mldsa_x4_end();
		}
#endif
		if (nb == 1)
			expand_accumulate_one(ws, pk, e / p->l, e % p->l,
					      ws->acc[e / p->l % ROW_ACCS]);
		for (s = 0; s < nb; s++)
			if ((e + s) % p->l == p->l - 1u)
				finish_row(ws, (e + s) / p->l, pk, hint, p);
		e += nb;
	}
}

/*
 * ML-DSA.Verify_internal (FIPS 204 Algorithm 8).  mu is either given
 * (@mu != NULL) or computed from tr, the prefix and the message.
 */
static int mldsa_verify_internal(enum mldsa_alg alg,
				 const u8 *sig, size_t sig_len,
				 const u8 *mu, const u8 *prefix,
				 size_t prefix_len, const u8 *ctx,
				 size_t ctx_len, const u8 *msg, size_t msg_len,
				 const u8 *pk, size_t pk_len)
{
	const struct mldsa_params *p;
	struct mldsa_workspace *ws;
	const u8 *ctilde, *hint;
	int err = 0;

	if ((unsigned int)alg >= ARRAY_SIZE(mldsa_param_sets))
		return -EINVAL;
	p = &mldsa_param_sets[alg];
	if (sig_len != p->sig_len || pk_len != p->pk_len)
		return -EBADMSG;

	ws = kmalloc(sizeof(*ws) + p->l * sizeof(ws->zhat[0]), GFP_KERNEL);
	if (!ws)
		return -ENOMEM;

	/* sigDecode (Algorithm 27): c~ || z || h */
	ctilde = sig;
	for (unsigned int j = 0; j < p->l; j++) {
		if (!decode_z(ws->zhat[j], sig + p->ctilde_len +
			      j * (N / 8 * p->z_bits), p))
			err = -EBADMSG;
	}
	hint = sig + p->ctilde_len + p->l * (N / 8 * p->z_bits);
	if (err || !hint_is_well_formed(hint, p)) {
		err = -EBADMSG;
		goto out;
	}

	/* mu = H(tr || M', 64), tr = H(pk, 64); then start c~' = H(mu || ..) */
	shake256_init(&ws->chash);
	if (mu) {
		shake_update(&ws->chash, mu, MLDSA_MU_SIZE);
	} else {
		shake256_init(&ws->xof);
		shake_update(&ws->xof, pk, pk_len);
		shake_squeeze(&ws->xof, ws->buf, TR_SIZE);
		shake256_init(&ws->xof);
		shake_update(&ws->xof, ws->buf, TR_SIZE);
		shake_update(&ws->xof, prefix, prefix_len);
		shake_update(&ws->xof, ctx, ctx_len);
		shake_update(&ws->xof, msg, msg_len);
		shake_squeeze(&ws->xof, ws->buf, MLDSA_MU_SIZE);
		shake_update(&ws->chash, ws->buf, MLDSA_MU_SIZE);
	}

	sample_in_ball(ws, ctilde, p);
	mldsa_compute_w1(ws, pk, hint, p);

	shake_squeeze(&ws->chash, ws->buf, p->ctilde_len);
	if (crypto_memneq(ws->buf, ctilde, p->ctilde_len))
		err = -EKEYREJECTED;
out:
	kfree_sensitive(ws);
	return err;
}

int mldsa_verify(enum mldsa_alg alg, const u8 *sig, size_t sig_len,
		 const u8 *msg, size_t msg_len, const u8 *pk, size_t pk_len)
{
	return mldsa_verify_ctx(alg, sig, sig_len, NULL, 0, msg, msg_len,
				pk, pk_len);
}
EXPORT_SYMBOL_GPL(mldsa_verify);

int mldsa_verify_ctx(enum mldsa_alg alg, const u8 *sig, size_t sig_len,
		     const u8 *ctx, size_t ctx_len,
		     const u8 *msg, size_t msg_len,
		     const u8 *pk, size_t pk_len)
{
	/* M' = 0 (pure ML-DSA) || |ctx| || ctx || M  (FIPS 204 Algorithm 3) */
	u8 prefix[2] = { 0, ctx_len };

	if (ctx_len > MLDSA_MAX_CTX_SIZE)
		return -EINVAL;
	return mldsa_verify_internal(alg, sig, sig_len, NULL, prefix,
				     sizeof(prefix), ctx, ctx_len, msg,
				     msg_len, pk, pk_len);
}
EXPORT_SYMBOL_GPL(mldsa_verify_ctx);

int mldsa_verify_mu(enum mldsa_alg alg, const u8 *sig, size_t sig_len,
		    const u8 mu[MLDSA_MU_SIZE], const u8 *pk, size_t pk_len)
{
	return mldsa_verify_internal(alg, sig, sig_len, mu, NULL, 0, NULL, 0,
				     NULL, 0, pk, pk_len);
}
EXPORT_SYMBOL_GPL(mldsa_verify_mu);

#ifdef mldsa_mod_init_arch
static int __init mldsa_mod_init(void)
{
	mldsa_mod_init_arch();
	return 0;
}
subsys_initcall(mldsa_mod_init);
#endif

MODULE_DESCRIPTION("ML-DSA signature verification");
MODULE_LICENSE("GPL");
