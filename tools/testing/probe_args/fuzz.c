// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the fetch-argument language of probe events
 * (kernel/trace/trace_probe_args.c): any bytes as one argument, parsed in
 * each context a probe type gives it. Besides crashes, leaks and
 * undefined behaviour (ASan, LSan, UBSan), a broken rule below aborts.
 *
 * The first byte picks the context (its low 6 bits are PROBE_CTX_*
 * flags); the rest, up to 127 bytes, is the argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_probe_args.h"

static int reg_offset(const char *name)
{
	return !strcmp(name, "ax") ? 80 : !strcmp(name, "di") ? 112 : -EINVAL;
}

static unsigned long symbol(const char *name)
{
	return !strcmp(name, "jiffies") ? 0x1000 : 0;
}

static int field(void *data, const char *name, long *off, unsigned int *size,
		 bool *is_str)
{
	*off = 8;
	*size = 4;
	*is_str = !strcmp(name, "str");
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
		rule(arg.type != NULL, "a type", text);
		rule(arg.name[0] != '\0', "a name", text);
		rule(arg.nr_deref <= PROBE_DEREF_MAX, "reads", text);
		rule(arg.count <= PROBE_ARRAY_MAX, "array size", text);
		rule(!arg.bf_width ||
		     arg.bf_width + arg.bf_offset <= arg.type->size * 8,
		     "bitfield in its container", text);
		rule(strstr(text, arg.text) != NULL, "the text kept", text);
		rule((arg.src == PSRC_IMMSTR) == (arg.str != NULL),
		     "an immediate string", text);
	}
	probe_arg_free(&arg);
	return 0;
}
