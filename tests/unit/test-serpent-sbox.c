// SPDX-License-Identifier: GPL-2.0
/*
 * The bitsliced S-box programs of lib/crypto/serpent.c, compiled as the
 * library compiles them, against the S-box tables of the Serpent
 * specification (Anderson, Biham, Knudsen, "Serpent: A Proposal for the
 * Advanced Encryption Standard", section 2.2), typed here again rather
 * than read from serpent.c or from the search tool.  Each program runs on
 * words whose 32 bit columns hold every 4-bit input twice, so one call
 * checks all 16 inputs; the inverses are checked against the inverted
 * tables.  TAP output, one point per S-box.
 */
#include <stdio.h>

/* The portable functions only: the arch code is tested elsewhere. */
#undef CONFIG_CRYPTO_LIB_SERPENT_ARCH
#include "../../lib/crypto/serpent.c"

static const unsigned char spec_sbox[8][16] = {
	{ 3, 8, 15, 1, 10, 6, 5, 11, 14, 13, 4, 2, 7, 0, 9, 12 },
	{ 15, 12, 2, 7, 9, 0, 5, 10, 1, 11, 14, 8, 6, 13, 3, 4 },
	{ 8, 6, 7, 9, 3, 12, 10, 15, 13, 1, 14, 4, 0, 11, 5, 2 },
	{ 0, 15, 11, 8, 12, 9, 6, 3, 13, 1, 2, 4, 10, 7, 5, 14 },
	{ 1, 15, 8, 3, 12, 0, 11, 6, 2, 5, 4, 10, 9, 14, 7, 13 },
	{ 15, 5, 2, 11, 4, 10, 9, 12, 0, 3, 14, 8, 13, 6, 7, 1 },
	{ 7, 2, 12, 5, 8, 4, 6, 11, 14, 9, 1, 15, 13, 3, 10, 0 },
	{ 1, 13, 15, 0, 14, 8, 2, 11, 7, 4, 12, 10, 9, 3, 5, 6 },
};

typedef void (*sbox_fn)(u32 x[4]);

#define SBOX_WRAPPERS(n)						\
	static void call_s##n(u32 x[4]) { serpent_s##n(x); }		\
	static void call_si##n(u32 x[4]) { serpent_si##n(x); }

SBOX_WRAPPERS(0) SBOX_WRAPPERS(1) SBOX_WRAPPERS(2) SBOX_WRAPPERS(3)
SBOX_WRAPPERS(4) SBOX_WRAPPERS(5) SBOX_WRAPPERS(6) SBOX_WRAPPERS(7)

static const sbox_fn forward[8] = {
	call_s0, call_s1, call_s2, call_s3, call_s4, call_s5, call_s6, call_s7,
};
static const sbox_fn inverse[8] = {
	call_si0, call_si1, call_si2, call_si3,
	call_si4, call_si5, call_si6, call_si7,
};

static int point;

/* Run @fn on every input column; compare with @table; one TAP point. */
static int check(const char *name, sbox_fn fn, const unsigned char table[16])
{
	u32 x[4] = { 0, 0, 0, 0 };
	int col, bit, bad = -1;

	/* Column col holds input col % 16: bit j of the input is word j. */
	for (col = 0; col < 32; col++)
		for (bit = 0; bit < 4; bit++)
			x[bit] |= (u32)((col & 15) >> bit & 1) << col;
	fn(x);
	for (col = 0; col < 32 && bad < 0; col++) {
		unsigned int got = 0;

		for (bit = 0; bit < 4; bit++)
			got |= (x[bit] >> col & 1) << bit;
		if (got != table[col & 15])
			bad = col;
	}
	point++;
	if (bad < 0) {
		printf("ok %d - %s on all 16 inputs\n", point, name);
		return 0;
	}
	printf("not ok %d - %s on all 16 inputs\n", point, name);
	printf("# input %d: want %d\n", bad & 15, table[bad & 15]);
	return 1;
}

int main(void)
{
	unsigned char inv[16];
	char name[8];
	int n, v, fails = 0;

	printf("1..16\n");
	for (n = 0; n < 8; n++) {
		snprintf(name, sizeof(name), "S%d", n);
		fails += check(name, forward[n], spec_sbox[n]);
	}
	for (n = 0; n < 8; n++) {
		for (v = 0; v < 16; v++)
			inv[spec_sbox[n][v]] = v;
		snprintf(name, sizeof(name), "SI%d", n);
		fails += check(name, inverse[n], inv);
	}
	return fails ? 1 : 0;
}
