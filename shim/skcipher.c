// SPDX-License-Identifier: GPL-2.0
/* skcipher op sockets: no algorithm of this type is served yet. */
#include <errno.h>
#include "afalg-shim.h"

static int skcipher_accept(struct afs_sock *c)
{
	return -ENOENT;
}

const struct afs_type_ops afs_skcipher_type = {
	.name = "skcipher",
	.accept = skcipher_accept,
};
