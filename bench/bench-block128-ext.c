// SPDX-License-Identifier: GPL-2.0
/*
 * bench-block128: Nettle and OpenSSL 3 for Serpent, Twofish and Camellia.
 *
 * Keys are 256 bits (XTS: two of them, as cryptsetup's default).  Nettle
 * is used as an application would: its cipher contexts set once,
 * xts_{en,de}crypt_message() and cbc_{en,de}crypt() per message, the
 * cipher's own multi-block function for ECB.  OpenSSL (Camellia only; it
 * has no Serpent or Twofish and no Camellia-XTS): one EVP_CIPHER_CTX with
 * the key set once and the IV reset per message.
 */
#include <nettle/camellia.h>
#include <nettle/cbc.h>
#include <nettle/serpent.h>
#include <nettle/twofish.h>
#include <nettle/xts.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>

#include "bench-block128.h"

static union nctx {
	struct serpent_ctx serpent;
	struct twofish_ctx twofish;
	struct camellia256_ctx camellia;
} ctx_data, ctx_tweak, ctx_dec;

static nettle_cipher_func *encf, *decf;
static enum ext_mode cur_mode;
static bool cur_enc, use_ossl;
static EVP_CIPHER_CTX *octx;

static void nettle_setkeys(const char *cipher, const uint8_t *key, size_t n,
			   union nctx *enc, union nctx *dec)
{
	if (!strcmp(cipher, "serpent")) {
		serpent_set_key(&enc->serpent, n, key);
		*dec = *enc;
		encf = (nettle_cipher_func *)serpent_encrypt;
		decf = (nettle_cipher_func *)serpent_decrypt;
	} else if (!strcmp(cipher, "twofish")) {
		twofish_set_key(&enc->twofish, n, key);
		*dec = *enc;
		encf = (nettle_cipher_func *)twofish_encrypt;
		decf = (nettle_cipher_func *)twofish_decrypt;
	} else {
		/* 256-bit keys only; decryption is the inverted schedule */
		camellia256_set_encrypt_key(&enc->camellia, key);
		camellia256_invert_key(&dec->camellia, &enc->camellia);
		encf = decf = (nettle_cipher_func *)camellia256_crypt;
	}
}

bool ext_setup(const char *lib, const char *cipher, enum ext_mode mode,
	       bool enc, const uint8_t *key, size_t keylen)
{
	cur_mode = mode;
	cur_enc = enc;
	use_ossl = !strcmp(lib, "openssl");
	if (use_ossl) {
		char name[64];
		const EVP_CIPHER *c;

		if (strcmp(cipher, "camellia") || mode == EXT_XTS)
			return false;
		snprintf(name, sizeof(name), "camellia-%zu-%s", keylen * 8,
			 mode == EXT_CBC ? "cbc" : "ecb");
		c = EVP_get_cipherbyname(name);
		if (!c)
			return false;
		if (!octx)
			octx = EVP_CIPHER_CTX_new();
		EVP_CipherInit_ex(octx, c, NULL, key, NULL, enc);
		EVP_CIPHER_CTX_set_padding(octx, 0);
		return true;
	}
	if (mode == EXT_XTS) {
		union nctx unused;

		nettle_setkeys(cipher, key, keylen / 2, &ctx_data, &ctx_dec);
		nettle_setkeys(cipher, key + keylen / 2, keylen / 2, &ctx_tweak,
			       &unused);
	} else {
		nettle_setkeys(cipher, key, keylen, &ctx_data, &ctx_dec);
	}
	return true;
}

void ext_crypt(uint8_t *dst, const uint8_t *src, size_t len,
	       const uint8_t iv[16])
{
	uint8_t ivc[16];
	int n;

	if (use_ossl) {
		EVP_CipherInit_ex(octx, NULL, NULL, NULL,
				  cur_mode == EXT_CBC ? iv : NULL, cur_enc);
		EVP_CipherUpdate(octx, dst, &n, src, len);
		return;
	}
	switch (cur_mode) {
	case EXT_XTS:
		if (cur_enc)
			xts_encrypt_message(&ctx_data, &ctx_tweak, encf, iv,
					    len, dst, src);
		else
			xts_decrypt_message(&ctx_dec, &ctx_tweak, decf, encf,
					    iv, len, dst, src);
		break;
	case EXT_CBC:
		memcpy(ivc, iv, 16);
		if (cur_enc)
			cbc_encrypt(&ctx_data, encf, 16, ivc, len, dst, src);
		else
			cbc_decrypt(&ctx_dec, decf, 16, ivc, len, dst, src);
		break;
	case EXT_ECB:
		(cur_enc ? encf : decf)(cur_enc ? (void *)&ctx_data :
					(void *)&ctx_dec, len, dst, src);
		break;
	case EXT_ONE:
		memcpy(ivc, src, 16);
		for (size_t i = 0; i < len; i += 16) {
			(cur_enc ? encf : decf)(cur_enc ? (void *)&ctx_data :
						(void *)&ctx_dec, 16, ivc, ivc);
			memcpy(dst + i, ivc, 16);
		}
		break;
	}
}
