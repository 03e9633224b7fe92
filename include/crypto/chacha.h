/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha stream cipher (RFC 8439) and the HChaCha function used to derive
 * XChaCha subkeys.  Same types and signatures as the mainline Linux library.
 *
 * The 16-byte IV is the 32-bit little-endian block counter followed by the
 * 96-bit nonce (RFC 8439 layout); the original 64-bit nonce layout is the
 * same words with the upper counter word in iv[4..7].
 */
#ifndef _CRYPTO_CHACHA_H
#define _CRYPTO_CHACHA_H

#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>

/* 32-bit stream position, then 96-bit nonce (RFC 7539 convention) */
#define CHACHA_IV_SIZE		16

#define CHACHA_KEY_SIZE		32
#define CHACHA_BLOCK_SIZE	64
#define CHACHAPOLY_IV_SIZE	12

#define CHACHA_KEY_WORDS	8
#define CHACHA_STATE_WORDS	16
#define HCHACHA_OUT_WORDS	8

/* 192-bit nonce, then 64-bit stream position */
#define XCHACHA_IV_SIZE		32

struct chacha_state {
	u32 x[CHACHA_STATE_WORDS];
};

void chacha_block_generic(struct chacha_state *state,
			  u8 out[CHACHA_BLOCK_SIZE], int nrounds);

/**
 * chacha20_block() - produce one block of ChaCha20 key stream
 * @state: cipher state; its block counter (x[12]) is incremented
 * @out: the 64-byte key stream block
 */
static inline void chacha20_block(struct chacha_state *state,
				  u8 out[CHACHA_BLOCK_SIZE])
{
	chacha_block_generic(state, out, 20);
}

void hchacha_block_generic(const struct chacha_state *state,
			   u32 out[HCHACHA_OUT_WORDS], int nrounds);

void hchacha_block(const struct chacha_state *state,
		   u32 out[HCHACHA_OUT_WORDS], int nrounds);

enum chacha_constants { /* expand 32-byte k */
	CHACHA_CONSTANT_EXPA = 0x61707865U,
	CHACHA_CONSTANT_ND_3 = 0x3320646eU,
	CHACHA_CONSTANT_2_BY = 0x79622d32U,
	CHACHA_CONSTANT_TE_K = 0x6b206574U
};

/**
 * chacha_init_consts() - set the four "expand 32-byte k" constant words
 * @state: state to initialise (words 0..3)
 */
static inline void chacha_init_consts(struct chacha_state *state)
{
	state->x[0] = CHACHA_CONSTANT_EXPA;
	state->x[1] = CHACHA_CONSTANT_ND_3;
	state->x[2] = CHACHA_CONSTANT_2_BY;
	state->x[3] = CHACHA_CONSTANT_TE_K;
}

/**
 * chacha_init() - initialise a ChaCha state
 * @state: state to initialise
 * @key: the 256-bit key as eight CPU-endian words (little-endian loads of
 *	 the key bytes)
 * @iv: 16 bytes: 32-bit little-endian block counter, then the nonce
 */
static inline void chacha_init(struct chacha_state *state,
			       const u32 key[CHACHA_KEY_WORDS],
			       const u8 iv[CHACHA_IV_SIZE])
{
	int i;

	chacha_init_consts(state);
	for (i = 0; i < CHACHA_KEY_WORDS; i++)
		state->x[4 + i] = key[i];
	for (i = 0; i < 4; i++)
		state->x[12 + i] = get_unaligned_le32(iv + 4 * i);
}

/**
 * xchacha_init() - initialise a ChaCha state for XChaCha
 * @state: state to initialise
 * @key: the 256-bit key as eight CPU-endian words
 * @iv: 32 bytes: the 192-bit nonce, then the 64-bit little-endian stream
 *	position (the kernel's xchacha12/xchacha20 IV layout)
 * @nrounds: 20 or 12, for HChaCha and for the stream that follows
 *
 * HChaCha of the key and the first 128 nonce bits gives the subkey; the
 * state is then ChaCha with that subkey, the stream position and the last
 * 64 nonce bits.  Encrypt with chacha_crypt() and the same @nrounds.
 */
static inline void xchacha_init(struct chacha_state *state,
				const u32 key[CHACHA_KEY_WORDS],
				const u8 iv[XCHACHA_IV_SIZE], int nrounds)
{
	u32 subkey[HCHACHA_OUT_WORDS];
	u8 real_iv[CHACHA_IV_SIZE];

	chacha_init(state, key, iv);
	hchacha_block(state, subkey, nrounds);
	memcpy(real_iv, iv + 24, 8);
	memcpy(real_iv + 8, iv + 16, 8);
	chacha_init(state, subkey, real_iv);
	memzero_explicit(subkey, sizeof(subkey));
}

void chacha_crypt(struct chacha_state *state, u8 *dst, const u8 *src,
		  unsigned int bytes, int nrounds);

/**
 * chacha20_crypt() - ChaCha20 encryption or decryption
 * @state: state from chacha_init(); the block counter advances by one per
 *	   64 bytes (also for a final partial block)
 * @dst: output, may equal @src
 * @src: input
 * @bytes: length in bytes
 */
static inline void chacha20_crypt(struct chacha_state *state,
				  u8 *dst, const u8 *src, unsigned int bytes)
{
	chacha_crypt(state, dst, src, bytes, 20);
}

/**
 * chacha_zeroize_state() - wipe a ChaCha state
 * @state: state to wipe
 */
static inline void chacha_zeroize_state(struct chacha_state *state)
{
	memzero_explicit(state, sizeof(*state));
}

bool chacha_is_arch_optimized(void);

#endif /* _CRYPTO_CHACHA_H */
