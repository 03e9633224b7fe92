/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES block cipher library interface (FIPS 197).
 *
 * The names and signatures follow the mainline Linux AES library:
 * struct aes_enckey / struct aes_key prepared with aes_prepareenckey() /
 * aes_preparekey(), and aes_encrypt() / aes_decrypt() taking either.  The
 * older interface (struct crypto_aes_ctx, aes_expandkey()) that 6.12 callers
 * use is kept; aes_encrypt() and aes_decrypt() accept both key types.
 *
 * The modes of operation have their own headers: <crypto/aes-ecb.h>,
 * <crypto/aes-cbc.h>, <crypto/aes-ctr.h>, <crypto/aes-xts.h>,
 * <crypto/aes-cbc-macs.h>, <crypto/aes-gcm.h> and <crypto/aes-ccm.h>.
 */
#ifndef _CRYPTO_AES_H
#define _CRYPTO_AES_H

#include <linux/errno.h>
#include <linux/types.h>

#define AES_MIN_KEY_SIZE	16
#define AES_MAX_KEY_SIZE	32
#define AES_KEYSIZE_128		16
#define AES_KEYSIZE_192		24
#define AES_KEYSIZE_256		32
#define AES_BLOCK_SIZE		16
#define AES_MAX_KEYLENGTH	(15 * 16)
#define AES_MAX_KEYLENGTH_U32	(AES_MAX_KEYLENGTH / sizeof(u32))

/*
 * Round keys are stored as little-endian 32-bit words (word i of round key r
 * is bytes 4i..4i+3 of that round key), which is also the byte layout the
 * x86 AES instructions load directly.
 */
union aes_enckey_arch {
	u32 rndkeys[AES_MAX_KEYLENGTH_U32];
};

union aes_invkey_arch {
	u32 inv_rndkeys[AES_MAX_KEYLENGTH_U32];
};

#define __AES_ENCKEY_FIELDS		\
	u32 len;			\
	u32 nrounds;			\
	u32 padding[2];			\
	union aes_enckey_arch k

/**
 * struct aes_enckey - An AES key prepared for encryption
 * @len: Key length in bytes: 16, 24 or 32.
 * @nrounds: Number of rounds: 10, 12 or 14 (6 + @len / 4).
 * @padding: Keeps @k 16-byte aligned relative to the start of the struct.
 * @k: The round keys, @nrounds + 1 groups of four words.
 *
 * Enough for every mode that runs AES only forwards (CTR, GCM, CCM, CMAC,
 * the XTS tweak), at half the size of struct aes_key.
 */
struct aes_enckey {
	__AES_ENCKEY_FIELDS;
};

/**
 * struct aes_key - An AES key prepared for encryption and decryption
 * @len: as in struct aes_enckey
 * @nrounds: as in struct aes_enckey
 * @padding: as in struct aes_enckey
 * @k: as in struct aes_enckey
 * @inv_k: The round keys of the Equivalent Inverse Cipher (FIPS 197 5.3.5),
 *	   in the order decryption uses them.
 *
 * Begins with exactly the fields of struct aes_enckey, so a struct aes_key
 * can be passed wherever an encryption key is expected (aes_encrypt_arg).
 * Mainline spells the shared prefix as an anonymous struct aes_enckey
 * member (-fms-extensions); the field list is repeated here instead so the
 * header also builds without that extension.
 */
struct aes_key {
	__AES_ENCKEY_FIELDS;
	union aes_invkey_arch inv_k;
};

/*
 * Key schedule of the older library interface.  Both schedules are in the
 * same word layout as struct aes_key (key_dec is the Equivalent Inverse
 * Cipher schedule).  The first two fields must stay 16-byte aligned
 * relative to the start of the struct.
 */
struct crypto_aes_ctx {
	u32 key_enc[AES_MAX_KEYLENGTH_U32];
	u32 key_dec[AES_MAX_KEYLENGTH_U32];
	u32 key_length;
};

/*
 * aes_check_keylen - validate an AES key length
 * Return: 0 for 16, 24 or 32, else -EINVAL.
 */
static inline int aes_check_keylen(size_t keylen)
{
	switch (keylen) {
	case AES_KEYSIZE_128:
	case AES_KEYSIZE_192:
	case AES_KEYSIZE_256:
		return 0;
	default:
		return -EINVAL;
	}
}

/**
 * aes_expandkey() - Expand an AES key into a struct crypto_aes_ctx
 * @ctx: (output) the encryption and decryption key schedules
 * @in_key: the raw key
 * @key_len: 16, 24 or 32
 *
 * Older interface, kept for 6.12 callers; new code uses aes_preparekey().
 *
 * Return: 0 on success, -EINVAL if @key_len is not a valid AES key length.
 */
int aes_expandkey(struct crypto_aes_ctx *ctx, const u8 *in_key,
		  unsigned int key_len);

/**
 * aes_preparekey() - Prepare an AES key for encryption and decryption
 * @key: (output) the key structure to initialize
 * @in_key: the raw AES key
 * @key_len: length of the raw key in bytes: 16, 24 or 32
 *
 * The caller zeroizes @key (memzero_explicit()) when done with it.  If only
 * the forward direction is needed, aes_prepareenckey() is half the work.
 *
 * Context: Any context.
 * Return: 0 on success or -EINVAL if @key_len is invalid.  No other errors
 *	   are possible.
 */
int aes_preparekey(struct aes_key *key, const u8 *in_key, size_t key_len);

/**
 * aes_prepareenckey() - Prepare an AES key for encryption only
 * @key: (output) the key structure to initialize
 * @in_key: the raw AES key
 * @key_len: length of the raw key in bytes: 16, 24 or 32
 *
 * The result also serves modes that decrypt with the forward cipher (CTR,
 * GCM, CCM, CMAC).  The caller zeroizes @key when done with it.
 *
 * Context: Any context.
 * Return: 0 on success or -EINVAL if @key_len is invalid.
 */
int aes_prepareenckey(struct aes_enckey *key, const u8 *in_key,
		      size_t key_len);

/* Either kind of prepared key, for functions that only encrypt. */
typedef union {
	const struct aes_enckey *enc_key;
	const struct aes_key *full_key;
} aes_encrypt_arg __attribute__((__transparent_union__));

/**
 * aes_encrypt() - Encrypt a single AES block
 * @key: the key: a struct aes_enckey or struct aes_key pointer (the
 *	 aes_encrypt_arg union), or a struct crypto_aes_ctx pointer from the
 *	 older interface
 * @out: buffer for the ciphertext block (may be @in)
 * @in: the plaintext block
 *
 * Context: Any context.
 */
void (aes_encrypt)(aes_encrypt_arg key, u8 out[AES_BLOCK_SIZE],
		   const u8 in[AES_BLOCK_SIZE]);

/**
 * aes_decrypt() - Decrypt a single AES block
 * @key: a struct aes_key from aes_preparekey(), or a struct crypto_aes_ctx
 *	 pointer from the older interface
 * @out: buffer for the plaintext block (may be @in)
 * @in: the ciphertext block
 *
 * Context: Any context.
 */
void (aes_decrypt)(const struct aes_key *key, u8 out[AES_BLOCK_SIZE],
		   const u8 in[AES_BLOCK_SIZE]);

void aes_encrypt_old(const struct crypto_aes_ctx *ctx, u8 *out, const u8 *in);
void aes_decrypt_old(const struct crypto_aes_ctx *ctx, u8 *out, const u8 *in);

/*
 * 6.12 callers pass a struct crypto_aes_ctx to aes_encrypt()/aes_decrypt();
 * route those to the older entry points.  (Library code holding an
 * aes_encrypt_arg calls the function directly: "(aes_encrypt)(key, ...)".)
 */
#define aes_encrypt(key, out, in)					\
	_Generic((key),							\
		 struct crypto_aes_ctx *: aes_encrypt_old((const struct crypto_aes_ctx *)(key), (out), (in)), \
		 const struct crypto_aes_ctx *: aes_encrypt_old((const struct crypto_aes_ctx *)(key), (out), (in)), \
		 struct aes_enckey *: (aes_encrypt)((const struct aes_enckey *)(key), (out), (in)), \
		 const struct aes_enckey *: (aes_encrypt)((const struct aes_enckey *)(key), (out), (in)), \
		 struct aes_key *: (aes_encrypt)((const struct aes_key *)(key), (out), (in)), \
		 const struct aes_key *: (aes_encrypt)((const struct aes_key *)(key), (out), (in)))

#define aes_decrypt(key, out, in)					\
	_Generic((key),							\
		 struct crypto_aes_ctx *: aes_decrypt_old((const struct crypto_aes_ctx *)(key), (out), (in)), \
		 const struct crypto_aes_ctx *: aes_decrypt_old((const struct crypto_aes_ctx *)(key), (out), (in)), \
		 struct aes_key *: (aes_decrypt)((const struct aes_key *)(key), (out), (in)), \
		 const struct aes_key *: (aes_decrypt)((const struct aes_key *)(key), (out), (in)))

/* The S-boxes as tables, for callers outside the library that want them. */
extern const u8 crypto_aes_sbox[256];
extern const u8 crypto_aes_inv_sbox[256];

/*
 * Declared by the 6.12 header for code outside this library that a kernel
 * with this header still builds (crypto/aes_generic.c, lib/crypto/aescfb.c);
 * not provided by libkcrypto.
 */
struct crypto_tfm;
extern const u32 crypto_ft_tab[4][256];
extern const u32 crypto_it_tab[4][256];
int crypto_aes_set_key(struct crypto_tfm *tfm, const u8 *in_key,
		       unsigned int key_len);
void aescfb_encrypt(const struct crypto_aes_ctx *ctx, u8 *dst, const u8 *src,
		    int len, const u8 iv[AES_BLOCK_SIZE]);
void aescfb_decrypt(const struct crypto_aes_ctx *ctx, u8 *dst, const u8 *src,
		    int len, const u8 iv[AES_BLOCK_SIZE]);

#endif /* _CRYPTO_AES_H */
