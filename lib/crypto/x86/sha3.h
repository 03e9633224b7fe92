/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Keccak-f[1600], x86_64: scalar assembly with BMI1 and BMI2 (sha3-bmi.S)
 * when the CPU has them, the generic C code otherwise.  No vector
 * registers are used, so no FPU section is needed.  Included by
 * lib/crypto/sha3.c.
 */
#include <asm/cpufeature.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_sha3_bmi);

asmlinkage void keccak_f1600_bmi(u64 st[25], const u64 rc[24]);

static void sha3_keccakf(struct sha3_state *state)
{
	if (static_branch_likely(&have_sha3_bmi))
		keccak_f1600_bmi(state->native_words, keccakf_rc);
	else
		sha3_keccakf_generic(state);
}

static void sha3_absorb_blocks(struct sha3_state *state, const u8 *data,
			       size_t nblocks, size_t block_size)
{
	if (!static_branch_likely(&have_sha3_bmi)) {
		sha3_absorb_blocks_generic(state, data, nblocks, block_size);
		return;
	}
	do {
		for (size_t i = 0; i < block_size / 8; i++)
			state->native_words[i] ^=
				get_unaligned_le64(data + 8 * i);
		keccak_f1600_bmi(state->native_words, keccakf_rc);
		data += block_size;
	} while (--nblocks);
}

#define sha3_mod_init_arch sha3_mod_init_arch
static void sha3_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_BMI1) && boot_cpu_has(X86_FEATURE_BMI2))
		static_branch_enable(&have_sha3_bmi);
}
