// SPDX-License-Identifier: GPL-2.0
/* rng op sockets: no algorithm of this type is served yet. */
#include <errno.h>
#include "afalg-shim.h"

static int rng_accept(struct afs_sock *c)
{
	return -ENOENT;
}

const struct afs_type_ops afs_rng_type = {
	.name = "rng",
	.accept = rng_accept,
};
