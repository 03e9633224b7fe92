// SPDX-License-Identifier: GPL-2.0
/* kc-oracle main loop: parse requests, run the command, print the result. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

extern const struct oracle_cmd __start_oracle_cmds[];
extern const struct oracle_cmd __stop_oracle_cmds[];

#define MAX_ARGS 64

void oracle_out(struct oout *out, const void *buf, size_t len)
{
	if (out->n == out->cap) {
		out->cap = out->cap ? 2 * out->cap : 4;
		out->bufs = realloc(out->bufs, out->cap * sizeof(*out->bufs));
		out->lens = realloc(out->lens, out->cap * sizeof(*out->lens));
		if (!out->bufs || !out->lens)
			abort();
	}
	out->bufs[out->n] = malloc(len ? len : 1);
	if (!out->bufs[out->n])
		abort();
	if (len)
		memcpy(out->bufs[out->n], buf, len);
	out->lens[out->n++] = len;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int parse_arg(char *tok, struct oarg *a)
{
	size_t n = strlen(tok);
	char *end;

	a->text = tok;
	errno = 0;
	a->num = strtoll(tok, &end, 10);
	if (errno || *end || end == tok)
		a->num = -1;
	if (strcmp(tok, "-") == 0) {
		a->buf = malloc(1);
		a->len = 0;
		return a->buf ? 0 : -1;
	}
	/* Exact-size allocation: ASan then catches reads past the argument. */
	a->buf = malloc(n / 2 ? n / 2 : 1);
	if (!a->buf)
		return -1;
	a->len = n / 2;
	if (n % 2)
		return 0;	/* not hex; only ->text and ->num are meaningful */
	for (size_t i = 0; i < n / 2; i++) {
		int hi = hexval(tok[2 * i]), lo = hexval(tok[2 * i + 1]);

		if (hi < 0 || lo < 0) {
			a->len = 0;
			return 0;
		}
		a->buf[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

static const struct oracle_cmd *find_cmd(const char *name)
{
	for (const struct oracle_cmd *c = __start_oracle_cmds;
	     c < __stop_oracle_cmds; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

static void print_hex(const uint8_t *b, size_t n)
{
	static const char digits[] = "0123456789abcdef";

	if (!n) {
		fputc('-', stdout);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		fputc(digits[b[i] >> 4], stdout);
		fputc(digits[b[i] & 15], stdout);
	}
}

int main(void)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	while ((len = getline(&line, &cap, stdin)) > 0) {
		struct oarg args[MAX_ARGS];
		struct oout out = { 0 };
		const struct oracle_cmd *cmd;
		char *save = NULL, *tok;
		int argc = 0, ret;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		tok = strtok_r(line, " ", &save);
		if (!tok)
			continue;
		if (strcmp(tok, "list") == 0) {
			for (const struct oracle_cmd *c = __start_oracle_cmds;
			     c < __stop_oracle_cmds; c++)
				printf("%s ", c->name);
			printf("\n");
			fflush(stdout);
			continue;
		}
		cmd = find_cmd(tok);
		while ((tok = strtok_r(NULL, " ", &save)) && argc < MAX_ARGS) {
			if (parse_arg(tok, &args[argc]))
				abort();
			argc++;
		}
		if (!cmd)
			ret = -ENOSYS;
		else if (argc < cmd->min_args ||
			 (cmd->max_args >= 0 && argc > cmd->max_args))
			ret = -E2BIG;
		else
			ret = cmd->fn(argc, args, &out);
		if (ret) {
			printf("ERR %d\n", -ret);
		} else {
			fputs("OK", stdout);
			for (int i = 0; i < out.n; i++) {
				fputc(' ', stdout);
				print_hex(out.bufs[i], out.lens[i]);
			}
			fputc('\n', stdout);
		}
		fflush(stdout);
		for (int i = 0; i < out.n; i++)
			free(out.bufs[i]);
		free(out.bufs);
		free(out.lens);
		for (int i = 0; i < argc; i++)
			free(args[i].buf);
	}
	free(line);
	return 0;
}
