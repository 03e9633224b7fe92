// SPDX-License-Identifier: GPL-2.0
/* Oracle commands for MD5 and HMAC-MD5 (see oracle-hash.h). */
#include <crypto/md5.h>

#include "oracle-hash.h"

DEFINE_HASH_KAT_CMDS(md5, MD5_DIGEST_SIZE);
