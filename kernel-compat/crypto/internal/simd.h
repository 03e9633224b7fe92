/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_CRYPTO_INTERNAL_SIMD_H
#define _KCOMPAT_CRYPTO_INTERNAL_SIMD_H
#include <asm/simd.h>
#define crypto_simd_usable()	may_use_simd()
#endif
