/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ML-DSA polynomial arithmetic with AVX2: the forward and inverse NTT and
 * the pointwise Montgomery product, eight 32-bit coefficients per vector.
 *
 * void mldsa_ntt_avx2(s32 w[256]);
 * void mldsa_invntt_scaled_avx2(s32 w[256]);
 * void mldsa_poly_sub_mont_avx2(s32 w[256], const s32 a[256],
 *				 const s32 b[256]);
 * unsigned int mldsa_rej_accumulate_avx2(...), see below.
 *
 * Each returns exactly what the generic C code in lib/crypto/mldsa.c
 * returns (ntt_generic(), invntt_scaled_generic(), poly_sub_mont_generic()):
 * same butterflies in the same order, same reductions.
 *
 * Montgomery multiplication a * b * 2^-32 mod q in 8 lanes: vpmuldq
 * multiplies the even 32-bit lanes into 64-bit products, so the odd lanes
 * are moved down with vmovshdup and done separately.  With
 * t = low32(a * (b * q^-1 mod 2^32)), a * b - t * q has zero low half and
 * its high half is the C code's mont_reduce() result; the two halves of the
 * lanes are merged back with vmovshdup and vpblendd.
 *
 * Butterflies whose span is 8 coefficients or more take one zeta for the
 * whole vector (broadcast).  The three layers with spans 4, 2 and 1 work
 * on 64 coefficients at a time after an 8x8 transpose of 32-bit elements:
 * vector j then holds coefficient j of eight consecutive blocks of eight,
 * and the butterflies are again between whole vectors, with one zeta per
 * lane taken from the tables below.
 *
 * The caller owns the vector unit (kernel_fpu_begin() in the kernel).
 * w, a and b need no particular alignment.
 */

#include <linux/linkage.h>

#define Q	8380417
#define QINV	58728449	/* q^-1 mod 2^32 */
#define SCALE	41978		/* 2^64 / 256 mod q, see invntt_scaled() */
#define SCALEQ	-8395782	/* SCALE * QINV mod 2^32 */

	.section .rodata, "a"
	.p2align 5
/*
 * Per-lane zetas for the transposed layers: for each group of 64
 * coefficients (blocks 8g..8g+7 of eight), seven vector pairs (zeta of
 * each lane's block, zeta * QINV mod 2^32), 448 bytes.  Forward order:
 * span 4 (zeta[32 + b]), span 2 (zeta[64 + 2b], zeta[65 + 2b]), span 1
 * (zeta[128 + 4b + t], t = 0..3).  Inverse order, negated: span 1
 * (zeta[255 - 4b - t]), span 2 (zeta[127 - 2b], zeta[126 - 2b]), span 4
 * (zeta[63 - b]).  The broadcast tables hold (zeta, zeta * QINV) pairs.
 */
.Lfwd_bcast:	/* zeta[m], zeta[m] * QINV for m = 1..31 */
	.long	25847, 1830765815
	.long	-2608894, -1929875198
	.long	-518909, -1927777021
	.long	237124, 1640767044
	.long	-777960, 1477910808
	.long	-876248, 1612161320
	.long	466468, 1640734244
	.long	1826347, 308362795
	.long	2353451, -1815525077
	.long	-359251, -1374673747
	.long	-2091905, -1091570561
	.long	3119733, -1929495947
	.long	-2884855, 515185417
	.long	3111497, -285697463
	.long	2680103, 625853735
	.long	2725464, 1727305304
	.long	1024112, 2082316400
	.long	-1079900, -1364982364
	.long	3585928, 858240904
	.long	-549488, 1806278032
	.long	-1119584, 222489248
	.long	2619752, -346752664
	.long	-2108549, 684667771
	.long	-2118186, 1654287830
	.long	-3859737, -878576921
	.long	-1399561, -1257667337
	.long	-3277672, -748618600
	.long	1757237, 329347125
	.long	-19422, 1837364258
	.long	4010497, -1443016191
	.long	280005, -1170414139
	.p2align 5
.Lfwd_vec:
	/* blocks 0..7 */
	.long	2706023, 95776, 3077325, 3530437
	.long	-1661693, -3592148, -2537516, 3915439
	.long	-1846138265, -1631226336, -1404529459, 1838055109
	.long	1594295555, -1076973524, -1898723372, -594436433
	.long	-3930395, -3677745, -1452451, 2176455
	.long	-1257611, -4083598, -3190144, -3632928
	.long	-1574918427, 1350681039, -2143979939, 1599739335
	.long	-1285853323, -993005454, -1440787840, 568627424
	.long	-1528703, -3041255, 3475950, -1585221
	.long	1939314, -1000202, -3157330, 126922
	.long	-654783359, -1974159335, 1651689966, 140455867
	.long	-1039411342, 1955560694, 1529189038, -2131021878
	.long	2091667, -3342478, 266997, -3520352
	.long	900702, 495491, -655327, -3556995
	.long	-898413, -1363460238, -605900043, 2027833504
	.long	14253662, 1014493059, 863641633, 1819892093
	.long	3407706, 2244091, 2434439, -3759364
	.long	1859098, -1613174, -3122442, -525098
	.long	991903578, 912367099, -44694137, 1176904444
	.long	-421552614, -818371958, 1747917558, -325927722
	.long	2316500, -2446433, -1235728, -1197226
	.long	909542, -43260, 2031748, -768622
	.long	1363007700, 30313375, -326425360, 1683520342
	.long	-517299994, 2027935492, -1372618620, 128353682
	.long	3817976, -3562462, 3513181, -3193378
	.long	819034, -522500, 3207046, -3595838
	.long	746144248, -1420958686, 2032221021, 1904936414
	.long	1257750362, 1926727420, 1931587462, 1258381762
	/* blocks 8..15 */
	.long	-3861115, -3043716, 3574422, -2867647
	.long	3539968, -300467, 2348700, -539299
	.long	-202001019, -475984260, -561427818, 1797021249
	.long	-1061813248, 2059733581, -1661512036, -1104976547
	.long	3412210, 2147896, -2967645, -411027
	.long	-671102, -22981, -381987, 1852771
	.long	-783134478, -588790216, 289871779, -1262003603
	.long	2135294594, -1018755525, -889861155, 1665705315
	.long	-983419, 2715295, -3693493, -2477047
	.long	-1228525, -1308169, 1349076, -1430430
	.long	-247357819, 1518161567, -86965173, 1708872713
	.long	1787797779, 1638590967, -120646188, -1669960606
	.long	342297, 3437287, 2842341, 4055324
	.long	-3767016, -2994039, -1333058, -451100
	.long	2124962073, -1223601433, -1920467227, -1637785316
	.long	-1536588520, 694382729, 235104446, -1045062172
	.long	286988, -3342277, 2691481, 1247620
	.long	1250494, 1869119, 1237275, 1312455
	.long	908452108, 1851023419, -1176751719, -1354528380
	.long	-72690498, -314284737, 985022747, 963438279
	.long	-2437823, 1735879, -2590150, 2486353
	.long	2635921, 1903435, -3318210, 3306115
	.long	-1123881663, 137583815, -635454918, -642772911
	.long	45766801, 671509323, -2070602178, 419615363
	.long	4108315, 203044, 1265009, 1595974
	.long	-3548272, -1050970, -1430225, -1962642
	.long	885133339, 1629985060, 1967222129, 6363718
	.long	-1287922800, 1136965286, 1779436847, 1116720494
	/* blocks 16..23 */
	.long	-1699267, -1643818, 3505694, -3821735
	.long	3507263, -2140649, -1600420, 3699596
	.long	-1750224323, -901666090, 418987550, 1831915353
	.long	-1925356481, 992097815, 879957084, 2024403852
	.long	-3343383, 508951, 44288, 904516
	.long	-3724342, 1653064, 2389356, 759969
	.long	1321868265, 1225434135, -1784632064, 666258756
	.long	675310538, -1555941048, -1999506068, -1499481951
	.long	264944, 3097992, -1100098, 3958618
	.long	-8578, -3249728, -210977, -1316856
	.long	-916321552, 1155548552, 2143745726, 1210558298
	.long	-1261461890, -318346816, 628664287, -1729304568
	.long	-1279661, 1500165, -542412, -2584293
	.long	-2013608, 1957272, -3183426, 810149
	.long	831969619, -300448763, 756955444, -260312805
	.long	1554794072, 1339088280, -2040058690, -853476187
	.long	1917081, 777191, -2831860, -3724270
	.long	2432395, 3369112, 162844, 1652634
	.long	-1078959975, 604552167, -1021949428, 608791570
	.long	173440395, -2126092136, -1316619236, -1039370342
	.long	-2546312, 2235880, -1671176, 594136
	.long	2454455, 185531, 1616392, -3694233
	.long	1216882040, -270590488, -1276805128, 371462360
	.long	-1357098057, -384158533, 827959816, -596344473
	.long	-1374803, 3406031, -1846953, -3776993
	.long	-164721, -1207385, 3014001, -1799107
	.long	1042326957, 1405999311, 713994583, 940195359
	.long	-1542497137, 2061661095, -883155599, 1726753853
	/* blocks 24..31 */
	.long	811944, 531354, 954230, 3881043
	.long	3900724, -2556880, 2071892, -2797779
	.long	1484874664, -1636082790, -285388938, -1983539117
	.long	-1495136972, -950076368, -1714807468, -952438995
	.long	189548, 3159746, -2409325, 1315589
	.long	1285669, -812732, -3019102, -3628969
	.long	-695180180, -1375177022, 1777179795, 334803717
	.long	-178766299, -518252220, 1957047970, 1146323031
	.long	-3553272, -1851402, -177440, 1341330
	.long	-1584928, -1439742, -3881060, 3839961
	.long	1422575624, 1424130038, -1185330464, 235321234
	.long	168022240, 1206536194, 985155484, -894060583
	.long	-3038916, 2213111, -426683, -1667432
	.long	-2939036, 183443, -554416, 3937738
	.long	-2047270596, -1723816713, -1591599803, -440824168
	.long	1119856484, 1544891539, 155290192, -973777462
	.long	3523897, -975884, 1723600, -1104333
	.long	-2235985, -976891, 3919660, 1400424
	.long	6087993, -110126092, 565464272, -1758099917
	.long	-1600929361, 879867909, -1809756372, 400711272
	.long	3866901, 1717735, -1803090, -260646
	.long	-420899, 1612842, -48306, -846154
	.long	702390549, -279505433, -260424530, -71875110
	.long	-1208667171, -1499603926, 2036925262, -540420426
	.long	269760, 472078, 1910376, -3833893
	.long	-2286327, -3545687, -1362209, 1976782
	.long	-1547952704, 394851342, 283780712, 776003547
	.long	1123958025, 201262505, 1934038751, 374860238
.Linv_vec:
	/* blocks 0..7 */
	.long	-1976782, 1362209, 3545687, 2286327
	.long	3833893, -1910376, -472078, -269760
	.long	-374860238, -1934038751, -201262505, -1123958025
	.long	-776003547, -283780712, -394851342, 1547952704
	.long	846154, 48306, -1612842, 420899
	.long	260646, 1803090, -1717735, -3866901
	.long	540420426, -2036925262, 1499603926, 1208667171
	.long	71875110, 260424530, 279505433, -702390549
	.long	-1400424, -3919660, 976891, 2235985
	.long	1104333, -1723600, 975884, -3523897
	.long	-400711272, 1809756372, -879867909, 1600929361
	.long	1758099917, -565464272, 110126092, -6087993
	.long	-3937738, 554416, -183443, 2939036
	.long	1667432, 426683, -2213111, 3038916
	.long	973777462, -155290192, -1544891539, -1119856484
	.long	440824168, 1591599803, 1723816713, 2047270596
	.long	-3839961, 3881060, 1439742, 1584928
	.long	-1341330, 177440, 1851402, 3553272
	.long	894060583, -985155484, -1206536194, -168022240
	.long	-235321234, 1185330464, -1424130038, -1422575624
	.long	3628969, 3019102, 812732, -1285669
	.long	-1315589, 2409325, -3159746, -189548
	.long	-1146323031, -1957047970, 518252220, 178766299
	.long	-334803717, -1777179795, 1375177022, 695180180
	.long	2797779, -2071892, 2556880, -3900724
	.long	-3881043, -954230, -531354, -811944
	.long	952438995, 1714807468, 950076368, 1495136972
	.long	1983539117, 285388938, 1636082790, -1484874664
	/* blocks 8..15 */
	.long	1799107, -3014001, 1207385, 164721
	.long	3776993, 1846953, -3406031, 1374803
	.long	-1726753853, 883155599, -2061661095, 1542497137
	.long	-940195359, -713994583, -1405999311, -1042326957
	.long	3694233, -1616392, -185531, -2454455
	.long	-594136, 1671176, -2235880, 2546312
	.long	596344473, -827959816, 384158533, 1357098057
	.long	-371462360, 1276805128, 270590488, -1216882040
	.long	-1652634, -162844, -3369112, -2432395
	.long	3724270, 2831860, -777191, -1917081
	.long	1039370342, 1316619236, 2126092136, -173440395
	.long	-608791570, 1021949428, -604552167, 1078959975
	.long	-810149, 3183426, -1957272, 2013608
	.long	2584293, 542412, -1500165, 1279661
	.long	853476187, 2040058690, -1339088280, -1554794072
	.long	260312805, -756955444, 300448763, -831969619
	.long	1316856, 210977, 3249728, 8578
	.long	-3958618, 1100098, -3097992, -264944
	.long	1729304568, -628664287, 318346816, 1261461890
	.long	-1210558298, -2143745726, -1155548552, 916321552
	.long	-759969, -2389356, -1653064, 3724342
	.long	-904516, -44288, -508951, 3343383
	.long	1499481951, 1999506068, 1555941048, -675310538
	.long	-666258756, 1784632064, -1225434135, -1321868265
	.long	-3699596, 1600420, 2140649, -3507263
	.long	3821735, -3505694, 1643818, 1699267
	.long	-2024403852, -879957084, -992097815, 1925356481
	.long	-1831915353, -418987550, 901666090, 1750224323
	/* blocks 16..23 */
	.long	1962642, 1430225, 1050970, 3548272
	.long	-1595974, -1265009, -203044, -4108315
	.long	-1116720494, -1779436847, -1136965286, 1287922800
	.long	-6363718, -1967222129, -1629985060, -885133339
	.long	-3306115, 3318210, -1903435, -2635921
	.long	-2486353, 2590150, -1735879, 2437823
	.long	-419615363, 2070602178, -671509323, -45766801
	.long	642772911, 635454918, -137583815, 1123881663
	.long	-1312455, -1237275, -1869119, -1250494
	.long	-1247620, -2691481, 3342277, -286988
	.long	-963438279, -985022747, 314284737, 72690498
	.long	1354528380, 1176751719, -1851023419, -908452108
	.long	451100, 1333058, 2994039, 3767016
	.long	-4055324, -2842341, -3437287, -342297
	.long	1045062172, -235104446, -694382729, 1536588520
	.long	1637785316, 1920467227, 1223601433, -2124962073
	.long	1430430, -1349076, 1308169, 1228525
	.long	2477047, 3693493, -2715295, 983419
	.long	1669960606, 120646188, -1638590967, -1787797779
	.long	-1708872713, 86965173, -1518161567, 247357819
	.long	-1852771, 381987, 22981, 671102
	.long	411027, 2967645, -2147896, -3412210
	.long	-1665705315, 889861155, 1018755525, -2135294594
	.long	1262003603, -289871779, 588790216, 783134478
	.long	539299, -2348700, 300467, -3539968
	.long	2867647, -3574422, 3043716, 3861115
	.long	1104976547, 1661512036, -2059733581, 1061813248
	.long	-1797021249, 561427818, 475984260, 202001019
	/* blocks 24..31 */
	.long	3595838, -3207046, 522500, -819034
	.long	3193378, -3513181, 3562462, -3817976
	.long	-1258381762, -1931587462, -1926727420, -1257750362
	.long	-1904936414, -2032221021, 1420958686, -746144248
	.long	768622, -2031748, 43260, -909542
	.long	1197226, 1235728, 2446433, -2316500
	.long	-128353682, 1372618620, -2027935492, 517299994
	.long	-1683520342, 326425360, -30313375, -1363007700
	.long	525098, 3122442, 1613174, -1859098
	.long	3759364, -2434439, -2244091, -3407706
	.long	325927722, -1747917558, 818371958, 421552614
	.long	-1176904444, 44694137, -912367099, -991903578
	.long	3556995, 655327, -495491, -900702
	.long	3520352, -266997, 3342478, -2091667
	.long	-1819892093, -863641633, -1014493059, -14253662
	.long	-2027833504, 605900043, 1363460238, 898413
	.long	-126922, 3157330, 1000202, -1939314
	.long	1585221, -3475950, 3041255, 1528703
	.long	2131021878, -1529189038, -1955560694, 1039411342
	.long	-140455867, -1651689966, 1974159335, 654783359
	.long	3632928, 3190144, 4083598, 1257611
	.long	-2176455, 1452451, 3677745, 3930395
	.long	-568627424, 1440787840, 993005454, 1285853323
	.long	-1599739335, 2143979939, -1350681039, 1574918427
	.long	-3915439, 2537516, 3592148, 1661693
	.long	-3530437, -3077325, -95776, -2706023
	.long	594436433, 1898723372, 1076973524, -1594295555
	.long	-1838055109, 1404529459, 1631226336, 1846138265
.Linv_bcast:	/* -zeta[m], -zeta[m] * QINV for m = 31..1 */
	.long	-280005, 1170414139
	.long	-4010497, 1443016191
	.long	19422, -1837364258
	.long	-1757237, -329347125
	.long	3277672, 748618600
	.long	1399561, 1257667337
	.long	3859737, 878576921
	.long	2118186, -1654287830
	.long	2108549, -684667771
	.long	-2619752, 346752664
	.long	1119584, -222489248
	.long	549488, -1806278032
	.long	-3585928, -858240904
	.long	1079900, 1364982364
	.long	-1024112, -2082316400
	.long	-2725464, -1727305304
	.long	-2680103, -625853735
	.long	-3111497, 285697463
	.long	2884855, -515185417
	.long	-3119733, 1929495947
	.long	2091905, 1091570561
	.long	359251, 1374673747
	.long	-2353451, 1815525077
	.long	-1826347, -308362795
	.long	-466468, -1640734244
	.long	876248, -1612161320
	.long	777960, -1477910808
	.long	-237124, -1640767044
	.long	518909, 1927777021
	.long	2608894, 1929875198
	.long	-25847, -1830765815

	.text

/* Registers: data R0..R7; T0 butterfly temporary; T1..T3 for MONT */
#define R0	%ymm0
#define R1	%ymm1
#define R2	%ymm2
#define R3	%ymm3
#define R4	%ymm4
#define R5	%ymm5
#define R6	%ymm6
#define R7	%ymm7
#define T0	%ymm8
#define T1	%ymm9
#define T2	%ymm10
#define T3	%ymm11
#define QV	%ymm12		/* q in every lane */
#define ZH	%ymm13		/* zeta, odd lanes moved down (or broadcast) */
#define ZQH	%ymm14		/* zeta * QINV, likewise */
#define C22	%ymm15		/* 2^22 in every lane */

/*
 * b = b * z * 2^-32 mod q, in (-q, q).  z, zq: zeta and zeta * QINV (the
 * even lanes are used); zh, zqh: the same with the odd lanes moved to the
 * even positions.  Clobbers T1..T3.
 */
.macro MONT b, z, zq, zh, zqh
	vmovshdup	\b, T1
	vpmuldq		\zq, \b, T2
	vpmuldq		\zqh, T1, T3
	vpmuldq		\z, \b, \b
	vpmuldq		\zh, T1, T1
	vpmuldq		QV, T2, T2
	vpmuldq		QV, T3, T3
	vpsubq		T2, \b, \b
	vpsubq		T3, T1, T1
	vmovshdup	\b, \b
	vpblendd	$0xaa, T1, \b, \b
.endm

/* Cooley-Tukey: (a, b) = (a + zeta * b, a - zeta * b) */
.macro BFLY_F a, b, z, zq, zh, zqh
	MONT		\b, \z, \zq, \zh, \zqh
	vpsubd		\b, \a, T0
	vpaddd		\b, \a, \a
	vmovdqa		T0, \b
.endm

/* Gentleman-Sande: (a, b) = (a + b, zeta * (a - b)) */
.macro BFLY_I a, b, z, zq, zh, zqh
	vpsubd		\b, \a, T0
	vpaddd		\b, \a, \a
	MONT		T0, \z, \zq, \zh, \zqh
	vmovdqa		T0, \b
.endm

/* Lane-varying zeta pair at off(%rsi): the odd lanes moved down first */
.macro ZVEC off
	vmovshdup	\off(%rsi), ZH
	vmovshdup	\off+32(%rsi), ZQH
.endm

/*
 * 8x8 transpose of 32-bit elements in r0..r7, with T0.  Column j ends in:
 * j = 0: r0, 1: r2, 2: r1, 3: r3, 4: r4, 5: r6, 6: r5, 7: r7; passing the
 * registers back in that order transposes back into r0..r7.
 */
.macro UNPACK lo, hi, a, b
	\lo		\b, \a, T0
	\hi		\b, \a, \b
	vmovdqa		T0, \a
.endm

.macro HALVES a, b
	vperm2i128	$0x20, \b, \a, T0
	vperm2i128	$0x31, \b, \a, \b
	vmovdqa		T0, \a
.endm

.macro TRANSPOSE r0, r1, r2, r3, r4, r5, r6, r7
	UNPACK		vpunpckldq, vpunpckhdq, \r0, \r1
	UNPACK		vpunpckldq, vpunpckhdq, \r2, \r3
	UNPACK		vpunpckldq, vpunpckhdq, \r4, \r5
	UNPACK		vpunpckldq, vpunpckhdq, \r6, \r7
	UNPACK		vpunpcklqdq, vpunpckhqdq, \r0, \r2
	UNPACK		vpunpcklqdq, vpunpckhqdq, \r1, \r3
	UNPACK		vpunpcklqdq, vpunpckhqdq, \r4, \r6
	UNPACK		vpunpcklqdq, vpunpckhqdq, \r5, \r7
	HALVES		\r0, \r4
	HALVES		\r1, \r5
	HALVES		\r2, \r6
	HALVES		\r3, \r7
.endm

.macro LOAD8 ptr
	vmovdqu		0(\ptr), R0
	vmovdqu		32(\ptr), R1
	vmovdqu		64(\ptr), R2
	vmovdqu		96(\ptr), R3
	vmovdqu		128(\ptr), R4
	vmovdqu		160(\ptr), R5
	vmovdqu		192(\ptr), R6
	vmovdqu		224(\ptr), R7
.endm

.macro STORE8 ptr
	vmovdqu		R0, 0(\ptr)
	vmovdqu		R1, 32(\ptr)
	vmovdqu		R2, 64(\ptr)
	vmovdqu		R3, 96(\ptr)
	vmovdqu		R4, 128(\ptr)
	vmovdqu		R5, 160(\ptr)
	vmovdqu		R6, 192(\ptr)
	vmovdqu		R7, 224(\ptr)
.endm

/* a - round(a / q) * q, as reduce_centered() */
.macro REDUCE a
	vpaddd		C22, \a, T0
	vpsrad		$23, T0, T0
	vpmulld		QV, T0, T0
	vpsubd		T0, \a, \a
.endm

/*
 * Transposed columns after TRANSPOSE R0..R7 (see the macro): C0 = R0,
 * C1 = R2, C2 = R1, C3 = R3, C4 = R4, C5 = R6, C6 = R5, C7 = R7.
 */
#define C0	R0
#define C1	R2
#define C2	R1
#define C3	R3
#define C4	R4
#define C5	R6
#define C6	R5
#define C7	R7

/* One vector-zeta butterfly at table offset off (zeta, then zeta * QINV) */
#define ZARGS(off)	off(%rsi), off+32(%rsi), ZH, ZQH

SYM_FUNC_START(mldsa_ntt_avx2)
	vpbroadcastd	.Lq(%rip), QV
	/* Spans 128 .. 8 coefficients: %rdx is the span in bytes. */
	lea		.Lfwd_bcast(%rip), %rsi
	mov		$512, %edx
.Lf_layer:
	xor		%ecx, %ecx
.Lf_start:
	vpbroadcastd	(%rsi), ZH
	vpbroadcastd	4(%rsi), ZQH
	add		$8, %rsi
	lea		(%rdi,%rcx), %rax
	lea		(%rax,%rdx), %r8
.Lf_bfly:
	vmovdqu		(%rax,%rdx), R1
	vmovdqu		(%rax), R0
	BFLY_F		R0, R1, ZH, ZQH, ZH, ZQH
	vmovdqu		R0, (%rax)
	vmovdqu		R1, (%rax,%rdx)
	add		$32, %rax
	cmp		%r8, %rax
	jb		.Lf_bfly
	lea		(%rcx,%rdx,2), %rcx
	cmp		$1024, %ecx
	jb		.Lf_start
	shr		$1, %edx
	cmp		$32, %edx
	jae		.Lf_layer

	/* Spans 4, 2, 1: 64 coefficients at a time, transposed. */
	lea		.Lfwd_vec(%rip), %rsi
	mov		%rdi, %rax
	lea		1024(%rdi), %r8
.Lf_group:
	LOAD8		%rax
	TRANSPOSE	R0, R1, R2, R3, R4, R5, R6, R7
	ZVEC		0
	BFLY_F		C0, C4, ZARGS(0)
	BFLY_F		C1, C5, ZARGS(0)
	BFLY_F		C2, C6, ZARGS(0)
	BFLY_F		C3, C7, ZARGS(0)
	ZVEC		64
	BFLY_F		C0, C2, ZARGS(64)
	BFLY_F		C1, C3, ZARGS(64)
	ZVEC		128
	BFLY_F		C4, C6, ZARGS(128)
	BFLY_F		C5, C7, ZARGS(128)
	ZVEC		192
	BFLY_F		C0, C1, ZARGS(192)
	ZVEC		256
	BFLY_F		C2, C3, ZARGS(256)
	ZVEC		320
	BFLY_F		C4, C5, ZARGS(320)
	ZVEC		384
	BFLY_F		C6, C7, ZARGS(384)
	TRANSPOSE	C0, C1, C2, C3, C4, C5, C6, C7
	STORE8		%rax
	add		$448, %rsi
	add		$256, %rax
	cmp		%r8, %rax
	jb		.Lf_group
	vzeroupper
	RET
SYM_FUNC_END(mldsa_ntt_avx2)

SYM_FUNC_START(mldsa_invntt_scaled_avx2)
	vpbroadcastd	.Lq(%rip), QV
	vpbroadcastd	.Lc22(%rip), C22
	/* Reduce, then spans 1, 2, 4: 64 coefficients at a time. */
	lea		.Linv_vec(%rip), %rsi
	mov		%rdi, %rax
	lea		1024(%rdi), %r8
.Li_group:
	LOAD8		%rax
	REDUCE		R0
	REDUCE		R1
	REDUCE		R2
	REDUCE		R3
	REDUCE		R4
	REDUCE		R5
	REDUCE		R6
	REDUCE		R7
	TRANSPOSE	R0, R1, R2, R3, R4, R5, R6, R7
	ZVEC		0
	BFLY_I		C0, C1, ZARGS(0)
	ZVEC		64
	BFLY_I		C2, C3, ZARGS(64)
	ZVEC		128
	BFLY_I		C4, C5, ZARGS(128)
	ZVEC		192
	BFLY_I		C6, C7, ZARGS(192)
	ZVEC		256
	BFLY_I		C0, C2, ZARGS(256)
	BFLY_I		C1, C3, ZARGS(256)
	ZVEC		320
	BFLY_I		C4, C6, ZARGS(320)
	BFLY_I		C5, C7, ZARGS(320)
	ZVEC		384
	BFLY_I		C0, C4, ZARGS(384)
	BFLY_I		C1, C5, ZARGS(384)
	BFLY_I		C2, C6, ZARGS(384)
	BFLY_I		C3, C7, ZARGS(384)
	TRANSPOSE	C0, C1, C2, C3, C4, C5, C6, C7
	STORE8		%rax
	add		$448, %rsi
	add		$256, %rax
	cmp		%r8, %rax
	jb		.Li_group

	/* Spans 8 .. 128 coefficients: %rdx is the span in bytes. */
	lea		.Linv_bcast(%rip), %rsi
	mov		$32, %edx
.Li_layer:
	xor		%ecx, %ecx
.Li_start:
	vpbroadcastd	(%rsi), ZH
	vpbroadcastd	4(%rsi), ZQH
	add		$8, %rsi
	lea		(%rdi,%rcx), %rax
	lea		(%rax,%rdx), %r8
.Li_bfly:
	vmovdqu		(%rax), R0
	vmovdqu		(%rax,%rdx), R1
	BFLY_I		R0, R1, ZH, ZQH, ZH, ZQH
	vmovdqu		R0, (%rax)
	vmovdqu		R1, (%rax,%rdx)
	add		$32, %rax
	cmp		%r8, %rax
	jb		.Li_bfly
	lea		(%rcx,%rdx,2), %rcx
	cmp		$1024, %ecx
	jb		.Li_start
	shl		$1, %edx
	cmp		$512, %edx
	jbe		.Li_layer

	/* Scale by 2^64 / 256 with one Montgomery step; lift into [0, q). */
	vpbroadcastd	.Lscale(%rip), ZH
	vpbroadcastd	.Lscaleq(%rip), ZQH
	mov		%rdi, %rax
	lea		1024(%rdi), %r8
.Li_scale:
	vmovdqu		(%rax), R0
	MONT		R0, ZH, ZQH, ZH, ZQH
	vpsrad		$31, R0, T0
	vpand		QV, T0, T0
	vpaddd		T0, R0, R0
	vmovdqu		R0, (%rax)
	add		$32, %rax
	cmp		%r8, %rax
	jb		.Li_scale
	vzeroupper
	RET
SYM_FUNC_END(mldsa_invntt_scaled_avx2)

/* w -= a o b * 2^-32 */
SYM_FUNC_START(mldsa_poly_sub_mont_avx2)
	vpbroadcastd	.Lq(%rip), QV
	vpbroadcastd	.Lqinv(%rip), T0
	xor		%eax, %eax
.Lp_loop:
	vmovdqu		(%rdx,%rax), R1
	vmovdqu		(%rsi,%rax), R0
	vpmulld		T0, R1, R2
	vmovshdup	R1, R3
	vmovshdup	R2, R4
	MONT		R0, R1, R2, R3, R4
	vmovdqu		(%rdi,%rax), R5
	vpsubd		R0, R5, R5
	vmovdqu		R5, (%rdi,%rax)
	add		$32, %rax
	cmp		$1024, %eax
	jb		.Lp_loop
	vzeroupper
	RET
SYM_FUNC_END(mldsa_poly_sub_mont_avx2)

/*
 * The rejection sampling of rej_accumulate() (lib/crypto/mldsa.c) fused
 * with its products, eight candidates at a time:
 *
 * unsigned int mldsa_rej_accumulate_avx2(s32 acc[256], const s32 zhat[256],
 *					  unsigned int n, const u8 *block);
 *
 * Each 24 bytes of the 168-byte SHAKE128 block give eight 23-bit
 * candidates; those below q are packed to the front (vpermd with indices
 * made by pdep/pext from the vmovmskps mask) and, up to the 256th
 * coefficient, multiplied into acc[n..] with masked loads and stores.
 * Returns the new n.  Reads 8 bytes past the block (the caller's buffer is
 * larger).
 */
SYM_FUNC_START(mldsa_rej_accumulate_avx2)
	vpbroadcastd	.Lq(%rip), QV
	vpbroadcastd	.Lqinv(%rip), T0
	vpbroadcastd	.Lmask23(%rip), C22
	vmovdqu		.Lrej_shuf(%rip), ZQH
	vmovdqu		.Llanes(%rip), ZH
	mov		%edx, %eax
	lea		168(%rcx), %r8
	movabs		$0x0101010101010101, %r9
	movabs		$0x0706050403020100, %r10
.Lr_loop:
	cmp		$256, %eax
	jae		.Lr_done
	vmovdqu		(%rcx), R0
	vpermq		$0x94, R0, R0
	vpshufb		ZQH, R0, R0
	vpand		C22, R0, R0		/* eight candidates */
	vpcmpgtd	R0, QV, R1		/* q > a */
	vmovmskps	R1, %r11d
	popcnt		%r11d, %edx
	pdep		%r9, %r11, %r11
	imul		$255, %r11, %r11	/* 0xff in each accepted lane */
	pext		%r11, %r10, %r11	/* their indices, packed */
	vmovq		%r11, %xmm2
	vpmovzxbd	%xmm2, R2
	vpermd		R0, R2, R0		/* accepted candidates first */
	mov		$256, %r11d
	sub		%eax, %r11d
	cmp		%r11d, %edx
	cmova		%r11d, %edx		/* take min(count, 256 - n) */
	vmovd		%edx, %xmm3
	vpbroadcastd	%xmm3, R3
	vpcmpgtd	ZH, R3, R3		/* lanes < take */
	vpmaskmovd	(%rsi,%rax,4), R3, R4
	vpmulld		T0, R0, R5
	vmovshdup	R0, R6
	vmovshdup	R5, R7
	MONT		R4, R0, R5, R6, R7
	vpmaskmovd	(%rdi,%rax,4), R3, R5
	vpaddd		R4, R5, R5
	vpmaskmovd	R5, R3, (%rdi,%rax,4)
	add		%edx, %eax
	add		$24, %rcx
	cmp		%r8, %rcx
	jb		.Lr_loop
.Lr_done:
	vzeroupper
	RET
SYM_FUNC_END(mldsa_rej_accumulate_avx2)

	.section .rodata, "a"
	.p2align 5
/* bytes 3k..3k+2 of 24 into dword k, after vpermq $0x94 */
.Lrej_shuf:
	.byte	0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1
	.byte	4, 5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1
.Llanes:
	.long	0, 1, 2, 3
	.long	4, 5, 6, 7
.Lmask23:
	.long	0x7fffff
.Lq:	.long	Q
.Lqinv:	.long	QINV
.Lc22:	.long	1 << 22
.Lscale:	.long	SCALE
.Lscaleq:	.long	SCALEQ
