// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz harness: af_alg_cmsg_send() as the shim parses it (afs_cmsg_parse).
 *
 * The input is the control buffer of a sendmsg().  Whatever it holds, the
 * parser must stay inside it: a returned IV must lie in the buffer, and an
 * accepted message has a valid op/assoclen as af_alg_cmsg_send() checks.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "sock.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct afs_control c;
	struct msghdr m;
	uint8_t *buf;
	int err;

	/* an exact-size copy, so reading past the end is caught by ASan */
	buf = malloc(size ? size : 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	memset(&m, 0, sizeof(m));
	m.msg_control = buf;
	m.msg_controllen = size;
	err = afs_cmsg_parse(&m, &c);
	if (!err && c.has_iv &&
	    (c.iv < buf || c.iv + c.ivlen > buf + size || c.iv + c.ivlen < c.iv))
		abort();
	if (!err && c.assoclen >= 0x80000000u)
		abort();
	if (err && err != -EINVAL)
		abort();
	free(buf);
	return 0;
}
