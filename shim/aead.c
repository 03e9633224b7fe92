// SPDX-License-Identifier: GPL-2.0
/* aead op sockets: no algorithm of this type is served yet. */
#include <errno.h>
#include "afalg-shim.h"

static int aead_accept(struct afs_sock *c)
{
	return -ENOENT;
}

const struct afs_type_ops afs_aead_type = {
	.name = "aead",
	.accept = aead_accept,
};
