// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the fetch-argument language of probe events
 * (kernel/trace/trace_probe_args.c): any bytes as one argument, parsed in
 * each context a probe type gives it. Besides crashes, leaks and
 * undefined behaviour (ASan, LSan, UBSan), a broken rule below aborts.
 *
 * The first byte picks the context (its low 6 bits are PROBE_CTX_*
 * flags); the rest, up to 127 bytes, is the argument. With bit 7 set it
 * is a command line instead (trace_probe_cmd.c), of the kind in bits 0-2,
 * split into words at blanks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_probe_cmd.h"

static int reg_offset(const char *name)
{
	return !strcmp(name, "ax") ? 80 : !strcmp(name, "di") ? 112 : -EINVAL;
}

static unsigned long symbol(const char *name)
{
	return !strcmp(name, "jiffies") ? 0x1000 : 0;
}

static int field(void *data, const char *name, long *off, unsigned int *size,
		 enum probe_field_kind *kind)
{
	*off = 8;
	*size = 4;
	*kind = !strcmp(name, "str") ? PFIELD_STR_DYN : PFIELD_UNSIGNED;
	return strcmp(name, "str") && strcmp(name, "num") ? -ENOENT : 0;
}

static const struct probe_arg_env env = {
	.reg_offset	= reg_offset,
	.symbol		= symbol,
	.field		= field,
	.stack_words	= 2048,
};

static void rule(bool ok, const char *what, const char *text)
{
	if (ok)
		return;
	fprintf(stderr, "broken: %s\nargument: '%s'\n", what, text);
	abort();
}

static bool shifted(const struct probe_parse *p)
{
	return p->err == PERR_BAD_STRING || p->err == PERR_BAD_SYMSTRING ||
	       p->err == PERR_BAD_BITFIELD || p->err == PERR_TOO_MANY_OPS;
}

static void fuzz_cmd(unsigned int kind, char *text, size_t len)
{
	char *argv[PROBE_ARGS_MAX + 3], *tok, *save;
	struct probe_cmd_err e;
	struct probe_cmd cmd;
	int argc = 0, ret, caret;
	char line[512];

	for (tok = strtok_r(text, " \t", &save); tok && argc < PROBE_ARGS_MAX + 3;
	     tok = strtok_r(NULL, " \t", &save))
		argv[argc++] = tok;
	ret = probe_cmd_parse(kind % 5, argc, (const char *const *)argv, &cmd,
			      &e);
	if (!ret) {
		rule(e.err == PERR_NONE, "no error code", text);
		rule(strlen(cmd.group) <= PROBE_GROUP_MAX &&
		     strlen(cmd.event) <= PROBE_GROUP_MAX, "name lengths", text);
		rule(cmd.maxactive <= PROBE_MAXACTIVE_MAX, "maxactive", text);
		probe_cmd_default_names(&cmd);
		rule(cmd.group[0] && cmd.event[0] &&
		     strlen(cmd.event) <= PROBE_GROUP_MAX, "default names", text);
		ret = probe_cmd_show(&cmd, NULL, 0, line, sizeof(line));
		rule(ret > 0 && line[ret - 1] == '\n' && !line[ret],
		     "the line read back", text);
		return;
	}
	if (e.err == PERR_NONE)
		return;		/* declined, or too many words: not logged */
	rule(e.err < PERR_COUNT && ret == -e.errno_, "error and errno", text);
	caret = probe_cmd_caret(argc, (const char *const *)argv, e.word, e.col);
	/* within the command joined by blanks, or one past its end */
	rule(caret >= 0 && (size_t)caret <= len + 1, "the caret", text);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct probe_parse p = { .env = &env, .index = 1 };
	struct probe_arg arg;
	char text[128];
	size_t len;
	int ret;

	if (!size)
		return 0;
	p.flags = data[0] & 0x3f;
	len = size - 1 < sizeof(text) - 1 ? size - 1 : sizeof(text) - 1;
	memcpy(text, data + 1, len);
	text[len] = '\0';
	len = strlen(text);
	if (data[0] & 0x80) {
		fuzz_cmd(data[0] & 7, text, len);
		return 0;
	}

	ret = probe_arg_parse(&p, text, &arg);
	if (ret) {
		rule(p.err > PERR_NONE && p.err < PERR_COUNT, "an error code", text);
		rule(ret == -p.err_errno, "the errno returned", text);
		/*
		 * The caret may stand one past the end, never further; but
		 * the checks after a value that starts with a dereference
		 * are shifted right by its prefix, as the reference's are.
		 */
		rule(p.err_pos >= 0 && (size_t)p.err_pos <= len + 1 +
		     (shifted(&p) ? len : 0),
		     "the column is in the argument", text);
	} else {
		rule(p.err == PERR_NONE, "no error code", text);
		rule(!!arg.type, "a type", text);
		rule(arg.name[0] != '\0', "a name", text);
		rule(arg.nr_deref <= PROBE_DEREF_MAX, "reads", text);
		rule(arg.count <= PROBE_ARRAY_MAX, "array size", text);
		rule(!arg.bf_width ||
		     arg.bf_width + arg.bf_offset <= arg.type->size * 8,
		     "bitfield in its container", text);
		rule(!!strstr(text, arg.text), "the text kept", text);
		rule((arg.src == PSRC_IMMSTR) == !!arg.str,
		     "an immediate string", text);
	}
	probe_arg_free(&arg);
	return 0;
}
