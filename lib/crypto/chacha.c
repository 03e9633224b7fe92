// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ChaCha stream cipher (RFC 8439) and HChaCha (the XChaCha subkey function).
 *
 * The portable block function is always built: it serves hchacha_block(),
 * the arch code's fallback and chacha20_block().  Bulk en/decryption goes
 * through chacha_crypt(), which $(SRCARCH)/chacha.h may replace with SIMD
 * code processing several blocks at once.
 */

#include <crypto/chacha.h>
#include <crypto/utils.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

#define CHACHA_QR(a, b, c, d) do {			\
	x[a] += x[b]; x[d] = rol32(x[d] ^ x[a], 16);	\
	x[c] += x[d]; x[b] = rol32(x[b] ^ x[c], 12);	\
	x[a] += x[b]; x[d] = rol32(x[d] ^ x[a], 8);	\
	x[c] += x[d]; x[b] = rol32(x[b] ^ x[c], 7);	\
} while (0)

/* @nrounds double-rounds' worth of column and diagonal quarter rounds. */
static __always_inline void chacha_permute(u32 x[CHACHA_STATE_WORDS],
					   int nrounds)
{
	int i;

	/* Only the 20- and 12-round variants exist in the kernel. */
	WARN_ON_ONCE(nrounds != 20 && nrounds != 12);

	for (i = 0; i < nrounds; i += 2) {
		CHACHA_QR(0, 4, 8, 12);
		CHACHA_QR(1, 5, 9, 13);
		CHACHA_QR(2, 6, 10, 14);
		CHACHA_QR(3, 7, 11, 15);
		CHACHA_QR(0, 5, 10, 15);
		CHACHA_QR(1, 6, 11, 12);
		CHACHA_QR(2, 7, 8, 13);
		CHACHA_QR(3, 4, 9, 14);
	}
}

/**
 * chacha_block_generic() - produce one block of ChaCha key stream
 * @state: cipher state; the 32-bit block counter in x[12] is incremented
 * @out: 64 bytes of key stream
 * @nrounds: 20 or 12
 */
void chacha_block_generic(struct chacha_state *state,
			  u8 out[CHACHA_BLOCK_SIZE], int nrounds)
{
	u32 x[CHACHA_STATE_WORDS];
	int i;

	memcpy(x, state->x, sizeof(x));
	chacha_permute(x, nrounds);
	for (i = 0; i < CHACHA_STATE_WORDS; i++)
		put_unaligned_le32(x[i] + state->x[i], &out[4 * i]);
	state->x[12]++;
	/*
	 * x[] is not wiped: it is the key stream just handed to the caller,
	 * and a barrier on it would keep the compiler from holding the state
	 * in registers (a 5x slowdown).
	 */
}
EXPORT_SYMBOL_GPL(chacha_block_generic);

/**
 * hchacha_block_generic() - HChaCha: derive a subkey from a key and nonce
 * @state: state from chacha_init() with the 128-bit nonce as the IV
 * @out: words 0..3 and 12..15 of the permuted state (no feed-forward)
 * @nrounds: 20 or 12
 */
void hchacha_block_generic(const struct chacha_state *state,
			   u32 out[HCHACHA_OUT_WORDS], int nrounds)
{
	u32 x[CHACHA_STATE_WORDS];

	memcpy(x, state->x, sizeof(x));
	chacha_permute(x, nrounds);
	memcpy(&out[0], &x[0], 16);
	memcpy(&out[4], &x[12], 16);
	memzero_explicit(x, sizeof(x));
}
EXPORT_SYMBOL_GPL(hchacha_block_generic);

static void __maybe_unused chacha_crypt_generic(struct chacha_state *state,
						u8 *dst, const u8 *src,
						unsigned int bytes, int nrounds)
{
	u8 stream[CHACHA_BLOCK_SIZE] __aligned(16);

	while (bytes) {
		unsigned int n = min(bytes, (unsigned int)CHACHA_BLOCK_SIZE);

		chacha_block_generic(state, stream, nrounds);
		crypto_xor_cpy(dst, src, stream, n);
		dst += n;
		src += n;
		bytes -= n;
	}
	memzero_explicit(stream, sizeof(stream));
}

#ifdef CONFIG_CRYPTO_LIB_CHACHA_ARCH
#include "chacha.h" /* $(SRCARCH)/chacha.h */
#else
#define chacha_crypt_arch chacha_crypt_generic
#define hchacha_block_arch hchacha_block_generic
static inline bool chacha_is_arch_optimized_arch(void)
{
	return false;
}
#endif

/**
 * chacha_crypt() - ChaCha en/decryption
 * @state: state from chacha_init(); the block counter advances by one per
 *	   started 64-byte block
 * @dst: output, equal to @src or not overlapping it
 * @src: input
 * @bytes: length in bytes
 * @nrounds: 20 or 12
 *
 * A call that does not end on a block boundary leaves the counter past the
 * partial block, so a stream can only be continued after whole blocks.
 */
void chacha_crypt(struct chacha_state *state, u8 *dst, const u8 *src,
		  unsigned int bytes, int nrounds)
{
	chacha_crypt_arch(state, dst, src, bytes, nrounds);
}
EXPORT_SYMBOL_GPL(chacha_crypt);

/**
 * hchacha_block() - HChaCha, the XChaCha subkey derivation
 * @state: state from chacha_init() with the first 16 nonce bytes as IV
 * @out: the eight-word subkey
 * @nrounds: 20 or 12
 */
void hchacha_block(const struct chacha_state *state,
		   u32 out[HCHACHA_OUT_WORDS], int nrounds)
{
	hchacha_block_arch(state, out, nrounds);
}
EXPORT_SYMBOL_GPL(hchacha_block);

/**
 * chacha_is_arch_optimized() - whether chacha_crypt() uses SIMD code
 *
 * Return: true when an architecture-specific implementation was selected.
 */
bool chacha_is_arch_optimized(void)
{
	return chacha_is_arch_optimized_arch();
}
EXPORT_SYMBOL_GPL(chacha_is_arch_optimized);

MODULE_DESCRIPTION("ChaCha stream cipher (RFC 8439)");
MODULE_LICENSE("GPL");
