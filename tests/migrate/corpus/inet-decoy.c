// SPDX-License-Identifier: GPL-2.0
/*
 * Corpus, not an AF_ALG user: a TCP server that carries every string the
 * old string scan keyed on ("hash", "skcipher", "sha256", "cbc(aes)") and
 * passes 38 around, but never to socket().
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <sys/socket.h>

static const char *names[] = { "hash", "skcipher", "aead", "sha256", "cbc(aes)",
			       "hmac(sha1)", "gcm(aes)" };

int main(int argc, char **argv)
{
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_port = htons(38) };
	int s = socket(AF_INET, SOCK_STREAM, 0);

	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		printf("%s %d\n", names[i], 38);
	setsockopt(s, SOL_SOCKET, 38, &s, sizeof(s));
	if (argc > 5 && !bind(s, (struct sockaddr *)&sin, sizeof(sin)))
		close(accept(s, NULL, NULL));
	close(s);
	return argc == 38;
}
