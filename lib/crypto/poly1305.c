// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Poly1305 one-time authenticator (RFC 8439 section 2.5).
 *
 * The portable code keeps h and r in five 26-bit limbs, so every product
 * fits in 64 bits and no 128-bit type is needed on any architecture.  The
 * reduction modulo 2^130 - 5 is folded into the multiply by using 5 * r[i]
 * for the limbs that wrap around.  $(SRCARCH)/poly1305.h may replace the
 * three core functions with code in another radix; the state is only ever
 * touched by one implementation, selected once at boot.
 */

#include <crypto/poly1305.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

static void __maybe_unused
poly1305_block_init_generic(struct poly1305_block_state *state,
			    const u8 raw_key[POLY1305_BLOCK_SIZE])
{
	u32 *r = state->core_r.key.r, *s = state->core_r.precomputed_s.r;
	u32 t0 = get_unaligned_le32(raw_key + 0);
	u32 t1 = get_unaligned_le32(raw_key + 4);
	u32 t2 = get_unaligned_le32(raw_key + 8);
	u32 t3 = get_unaligned_le32(raw_key + 12);

	/* Split into 26-bit limbs and clamp (RFC 8439 2.5.1) in one go. */
	r[0] = t0 & 0x3ffffff;
	r[1] = ((t0 >> 26) | (t1 << 6)) & 0x3ffff03;
	r[2] = ((t1 >> 20) | (t2 << 12)) & 0x3ffc0ff;
	r[3] = ((t2 >> 14) | (t3 << 18)) & 0x3f03fff;
	r[4] = (t3 >> 8) & 0x00fffff;
	s[0] = 0;
	s[1] = r[1] * 5;
	s[2] = r[2] * 5;
	s[3] = r[3] * 5;
	s[4] = r[4] * 5;
	memset(&state->h, 0, sizeof(state->h));
}

/*
 * h = (h + m) * r mod 2^130 - 5 for each 16-byte block m; @hibit is 1 << 24
 * for full blocks (the 2^128 term of the message) and 0 for a final block
 * that the caller already padded with 0x01.
 */
static void __maybe_unused
poly1305_blocks_generic(struct poly1305_block_state *state, const u8 *src,
			unsigned int len, u32 padbit)
{
	const u32 *r = state->core_r.key.r, *s = state->core_r.precomputed_s.r;
	u32 h0 = state->h.h[0], h1 = state->h.h[1], h2 = state->h.h[2];
	u32 h3 = state->h.h[3], h4 = state->h.h[4];
	u32 hibit = padbit << 24;
	u64 d0, d1, d2, d3, d4;

	while (len >= POLY1305_BLOCK_SIZE) {
		h0 += get_unaligned_le32(src + 0) & 0x3ffffff;
		h1 += (get_unaligned_le32(src + 3) >> 2) & 0x3ffffff;
		h2 += (get_unaligned_le32(src + 6) >> 4) & 0x3ffffff;
		h3 += (get_unaligned_le32(src + 9) >> 6) & 0x3ffffff;
		h4 += (get_unaligned_le32(src + 12) >> 8) | hibit;

		d0 = (u64)h0 * r[0] + (u64)h1 * s[4] + (u64)h2 * s[3] +
		     (u64)h3 * s[2] + (u64)h4 * s[1];
		d1 = (u64)h0 * r[1] + (u64)h1 * r[0] + (u64)h2 * s[4] +
		     (u64)h3 * s[3] + (u64)h4 * s[2];
		d2 = (u64)h0 * r[2] + (u64)h1 * r[1] + (u64)h2 * r[0] +
		     (u64)h3 * s[4] + (u64)h4 * s[3];
		d3 = (u64)h0 * r[3] + (u64)h1 * r[2] + (u64)h2 * r[1] +
		     (u64)h3 * r[0] + (u64)h4 * s[4];
		d4 = (u64)h0 * r[4] + (u64)h1 * r[3] + (u64)h2 * r[2] +
		     (u64)h3 * r[1] + (u64)h4 * r[0];

		/* Partial carry: limbs end up at most slightly over 26 bits. */
		d1 += d0 >> 26;
		h0 = d0 & 0x3ffffff;
		d2 += d1 >> 26;
		h1 = d1 & 0x3ffffff;
		d3 += d2 >> 26;
		h2 = d2 & 0x3ffffff;
		d4 += d3 >> 26;
		h3 = d3 & 0x3ffffff;
		h0 += (u32)(d4 >> 26) * 5;
		h4 = d4 & 0x3ffffff;
		h1 += h0 >> 26;
		h0 &= 0x3ffffff;

		src += POLY1305_BLOCK_SIZE;
		len -= POLY1305_BLOCK_SIZE;
	}
	state->h.h[0] = h0;
	state->h.h[1] = h1;
	state->h.h[2] = h2;
	state->h.h[3] = h3;
	state->h.h[4] = h4;
}

/* Fully reduce h modulo 2^130 - 5, add s modulo 2^128, store. */
static void __maybe_unused
poly1305_emit_generic(const struct poly1305_state *state,
		      u8 digest[POLY1305_DIGEST_SIZE], const u32 s[4])
{
	u32 h0 = state->h[0], h1 = state->h[1], h2 = state->h[2];
	u32 h3 = state->h[3], h4 = state->h[4];
	u32 g0, g1, g2, g3, g4, mask;
	u64 f;

	h2 += h1 >> 26;
	h1 &= 0x3ffffff;
	h3 += h2 >> 26;
	h2 &= 0x3ffffff;
	h4 += h3 >> 26;
	h3 &= 0x3ffffff;
	h0 += (h4 >> 26) * 5;
	h4 &= 0x3ffffff;
	h1 += h0 >> 26;
	h0 &= 0x3ffffff;

	/* g = h + 5 - 2^130; use g when it did not go negative. */
	g0 = h0 + 5;
	g1 = h1 + (g0 >> 26);
	g0 &= 0x3ffffff;
	g2 = h2 + (g1 >> 26);
	g1 &= 0x3ffffff;
	g3 = h3 + (g2 >> 26);
	g2 &= 0x3ffffff;
	g4 = h4 + (g3 >> 26) - (1 << 26);
	g3 &= 0x3ffffff;

	mask = (g4 >> 31) - 1;	/* all ones when g4 >= 0, i.e. h >= p */
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);
	h2 = (h2 & ~mask) | (g2 & mask);
	h3 = (h3 & ~mask) | (g3 & mask);
	h4 = (h4 & ~mask) | (g4 & mask);

	/* Repack into four 32-bit words and add s with carry. */
	f = (u64)(h0 | (h1 << 26)) + s[0];
	put_unaligned_le32((u32)f, digest + 0);
	f = (u64)((h1 >> 6) | (h2 << 20)) + s[1] + (f >> 32);
	put_unaligned_le32((u32)f, digest + 4);
	f = (u64)((h2 >> 12) | (h3 << 14)) + s[2] + (f >> 32);
	put_unaligned_le32((u32)f, digest + 8);
	f = (u64)((h3 >> 18) | (h4 << 8)) + s[3] + (f >> 32);
	put_unaligned_le32((u32)f, digest + 12);
}

#ifdef CONFIG_CRYPTO_LIB_POLY1305_ARCH
#include "poly1305.h" /* $(SRCARCH)/poly1305.h */
#else
#define poly1305_block_init_arch poly1305_block_init_generic
#define poly1305_blocks_arch poly1305_blocks_generic
#define poly1305_emit_arch poly1305_emit_generic
static inline bool poly1305_is_arch_optimized_arch(void)
{
	return false;
}
#endif

/**
 * poly1305_init() - start a Poly1305 computation
 * @desc: context to initialise
 * @key: the 32-byte one-time key: r (clamped here), then s
 *
 * The key must never be used for two messages.
 */
void poly1305_init(struct poly1305_desc_ctx *desc,
		   const u8 key[POLY1305_KEY_SIZE])
{
	desc->s[0] = get_unaligned_le32(key + 16);
	desc->s[1] = get_unaligned_le32(key + 20);
	desc->s[2] = get_unaligned_le32(key + 24);
	desc->s[3] = get_unaligned_le32(key + 28);
	desc->buflen = 0;
	poly1305_block_init_arch(&desc->state, key);
}
EXPORT_SYMBOL_GPL(poly1305_init);

/**
 * poly1305_update() - add message bytes
 * @desc: context from poly1305_init()
 * @src: message bytes
 * @nbytes: number of bytes; any split of a message gives the same result
 */
void poly1305_update(struct poly1305_desc_ctx *desc,
		     const u8 *src, unsigned int nbytes)
{
	unsigned int n;

	if (desc->buflen) {
		n = min(nbytes, (unsigned int)POLY1305_BLOCK_SIZE - desc->buflen);
		memcpy(&desc->buf[desc->buflen], src, n);
		desc->buflen += n;
		src += n;
		nbytes -= n;
		if (desc->buflen < POLY1305_BLOCK_SIZE)
			return;
		poly1305_blocks_arch(&desc->state, desc->buf,
				     POLY1305_BLOCK_SIZE, 1);
		desc->buflen = 0;
	}
	n = round_down(nbytes, POLY1305_BLOCK_SIZE);
	if (n) {
		poly1305_blocks_arch(&desc->state, src, n, 1);
		src += n;
		nbytes -= n;
	}
	if (nbytes) {
		memcpy(desc->buf, src, nbytes);
		desc->buflen = nbytes;
	}
}
EXPORT_SYMBOL_GPL(poly1305_update);

/**
 * poly1305_final() - finish and output the tag
 * @desc: context; wiped on return
 * @digest: the 16-byte tag
 */
void poly1305_final(struct poly1305_desc_ctx *desc, u8 *digest)
{
	if (unlikely(desc->buflen)) {
		desc->buf[desc->buflen++] = 1;
		memset(&desc->buf[desc->buflen], 0,
		       POLY1305_BLOCK_SIZE - desc->buflen);
		poly1305_blocks_arch(&desc->state, desc->buf,
				     POLY1305_BLOCK_SIZE, 0);
	}
	poly1305_emit_arch(&desc->state.h, digest, desc->s);
	memzero_explicit(desc, sizeof(*desc));
}
EXPORT_SYMBOL_GPL(poly1305_final);

/**
 * poly1305_is_arch_optimized() - whether an arch implementation is in use
 *
 * Return: true when $(SRCARCH) code was selected at boot.
 */
bool poly1305_is_arch_optimized(void)
{
	return poly1305_is_arch_optimized_arch();
}
EXPORT_SYMBOL_GPL(poly1305_is_arch_optimized);

MODULE_DESCRIPTION("Poly1305 authenticator (RFC 8439)");
MODULE_LICENSE("GPL");
