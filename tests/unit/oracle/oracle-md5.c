// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for MD5 of its own: the ACVP ones of oracle-hash.h (the
 * generic ones are in oracle-hashes.c).
 */
#include <crypto/md5.h>

#include "oracle-hash.h"

DEFINE_HASH_KAT_CMDS(md5, MD5_DIGEST_SIZE);
