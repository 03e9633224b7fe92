// SPDX-License-Identifier: GPL-2.0
/* One-shots next to the cipher handle API, which has no helper (exit 3). */
#include <kcapi.h>

ssize_t seal(const uint8_t *key, const uint8_t *in, size_t len, uint8_t *out)
{
	struct kcapi_handle *h;
	uint8_t iv[16] = { 0 };
	ssize_t r;

	if (kcapi_md_sha256(in, len, out, 32) < 0)
		return -1;
	if (kcapi_cipher_init(&h, "xts(aes)", 0))
		return -1;
	kcapi_cipher_setkey(h, key, 64);
	r = kcapi_cipher_encrypt(h, in, len, iv, out, len, KCAPI_ACCESS_HEURISTIC);
	kcapi_cipher_destroy(h);
	return r;
}
