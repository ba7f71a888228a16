// SPDX-License-Identifier: GPL-2.0
/*
 * The fetch-argument language of probe events (trace_probe_args.c), case
 * by case: each argument either parses to what it means or fails with the
 * error, the column and the errno the reference gives it. The failing
 * cases are the reference's own (ftracetest's kprobe_syntax_errors.tc,
 * uprobe_syntax_errors.tc, fprobe_syntax_errors.tc), brought to the
 * argument: the column is counted from the start of the argument, where
 * the error log counts from the start of the command.
 *
 * Ends with "probe_args unit: N passed, N failed".
 */
#include <stdio.h>
#include <string.h>

#include "trace_probe_args.h"
#include "harness.h"

static int passed, failed;

static unsigned long symbol(const char *name)
{
	return !strcmp(name, "jiffies") ? 0xffffffff81000000UL : 0;
}

static int field(void *data, const char *name, long *off, unsigned int *size,
		 enum probe_field_kind *kind)
{
	if (!strcmp(name, "dfd")) {
		*off = 16;
		*size = 8;
		*kind = PFIELD_SIGNED;
		return 0;
	}
	if (!strcmp(name, "filename")) {
		*off = 24;
		*size = 4;
		*kind = PFIELD_STR_DYN;
		return 0;
	}
	return -ENOENT;
}

static const struct probe_arg_env env = {
	.reg_offset	= harness_reg_offset,
	.symbol		= symbol,
	.field		= field,
	.stack_words	= 2048,		/* THREAD_SIZE / sizeof(long) */
};

/* the names earlier arguments took in the cases below: "var1" only */
static bool name_used(void *data, const char *name)
{
	return !strcmp(name, "var1");
}

#define KPROBE	(PROBE_CTX_KERNEL | PROBE_CTX_ENTRY)
#define KRET	(PROBE_CTX_KERNEL | PROBE_CTX_RETURN)
#define KOFFS	PROBE_CTX_KERNEL
#define UPROBE	PROBE_CTX_USER
#define FPROBE	(PROBE_CTX_KERNEL | PROBE_CTX_NOREGS | PROBE_CTX_ENTRY)
#define EPROBE	(PROBE_CTX_KERNEL | PROBE_CTX_NOREGS | PROBE_CTX_EVENT)

struct bad_case {
	unsigned int	ctx;
	const char	*text;
	enum probe_err	err;
	int		pos;
	int		errno_;
};

/*
 * "p vfs_read ^$retval" is { KPROBE, "$retval", PERR_RETVAL_ON_PROBE, 0 }:
 * the caret's column in the command, less the argument's.
 */
static const struct bad_case bad[] = {
	{ KPROBE, "$retval", PERR_RETVAL_ON_PROBE, 0, EINVAL },
	{ KPROBE, "$stack10000", PERR_BAD_STACK_NUM, 0, EINVAL },
	{ KPROBE, "$arg10000", PERR_BAD_ARG_NUM, 0, EINVAL },
	{ KPROBE, "$none_var", PERR_BAD_VAR, 0, EINVAL },
	{ KPROBE, "%none_reg", PERR_BAD_REG_NAME, 0, EINVAL },
	{ KPROBE, "@12345678abcde", PERR_BAD_MEM_ADDR, 0, EINVAL },
	{ KPROBE, "@+10", PERR_FILE_ON_KPROBE, 0, EINVAL },
	{ KPROBE, "arg1=\\x", PERR_BAD_IMM, 6, EINVAL },
	{ KPROBE, "arg1=\\\"abcd", PERR_IMMSTR_NO_CLOSE, 11, EINVAL },
	{ KPROBE, "+0@0)", PERR_DEREF_NEED_BRACE, 0, EINVAL },
	{ KPROBE, "+0ab1(@0)", PERR_BAD_DEREF_OFFS, 0, EINVAL },
	{ KPROBE, "+0(+0(@0)", PERR_DEREF_OPEN_BRACE, 8, EINVAL },
	{ KPROBE, "+0($comm)", PERR_COMM_CANT_DEREF, 3, EINVAL },
	{ KPROBE, "&1", PERR_BAD_FETCH_ARG, 0, EINVAL },
	{ KPROBE, "+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))))",
	  PERR_TOO_MANY_OPS, 3, EINVAL },
	{ KPROBE, "+0(@11):u8[10", PERR_ARRAY_NO_CLOSE, 13, EINVAL },
	{ KPROBE, "+0(@11):u8[10]a", PERR_BAD_ARRAY_SUFFIX, 14, EINVAL },
	{ KPROBE, "+0(@11):u8[10a]", PERR_BAD_ARRAY_NUM, 11, EINVAL },
	{ KPROBE, "+0(@11):u8[256]", PERR_ARRAY_TOO_BIG, 11, EINVAL },
	{ KPROBE, "@11:unknown_type", PERR_BAD_TYPE, 4, EINVAL },
	{ KPROBE, "$stack0:string", PERR_BAD_STRING, 8, EINVAL },
	{ KPROBE, "@11:b10@a/16", PERR_BAD_BITFIELD, 4, EINVAL },
	{ KPROBE, "arg123456789012345678901234567890=@11",
	  PERR_ARG_NAME_TOO_LONG, 0, EINVAL },
	{ KPROBE, "=@11", PERR_NO_ARG_NAME, 0, EINVAL },
	{ KPROBE, "var.1=@11", PERR_BAD_ARG_NAME, 0, EINVAL },
	{ KPROBE, "var1=@12", PERR_USED_ARG_NAME, 0, EINVAL },
	{ KPROBE, "+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(@1234))))))",
	  PERR_ARG_TOO_LONG, 0, E2BIG },
	{ KPROBE, "arg1=", PERR_NO_ARG_BODY, 5, EINVAL },
	/* BTF names: not in this kernel's probes yet */
	{ KPROBE, "hoge", PERR_NOSUP_BTFARG, 0, EOPNOTSUPP },
	{ KPROBE, "$comm:u8", PERR_NEED_STRING_TYPE, 6, EINVAL },
	{ KPROBE, "\\\"foo\":string[2]", PERR_NEED_STRING_TYPE, 7, EINVAL },
	/* a reserved field's name */
	{ KPROBE, "__probe_ip=%ax", PERR_USED_ARG_NAME, 0, EINVAL },
	/* $argN: only at a function's entry or exit */
	{ KOFFS, "$arg1", PERR_NOFENTRY_ARGS, 0, EINVAL },
	{ UPROBE, "$arg1", PERR_NOFENTRY_ARGS, 0, EINVAL },
	{ KPROBE, "$arg0", PERR_BAD_ARG_NUM, 0, EINVAL },
	{ KPROBE, "$stack1x", PERR_BAD_VAR, 0, EINVAL },
	/*
	 * The reference's column after a leading dereference: the checks
	 * after the value are shifted right by the prefix "+0(".
	 */
	{ KPROBE, "+0(%ax):b10@a/16", PERR_BAD_BITFIELD, 11, EINVAL },
	/* and inside a user dereference one column to the left: at '(' */
	{ KPROBE, "+u0($comm)", PERR_COMM_CANT_DEREF, 3, EINVAL },
	/* an unknown @SYM: reported at the probe point (not this column) */
	{ KPROBE, "@nosuchsym", PERR_BAD_PROBE_ADDR, 0, ENOENT },
	/* uprobes */
	{ UPROBE, "@+ab", PERR_BAD_FILE_OFFS, 0, EINVAL },
	{ UPROBE, "@symbol", PERR_SYM_ON_UPROBE, 0, EINVAL },
	{ UPROBE, "$stack0:symstr", PERR_BAD_TYPE, 8, EINVAL },
	/* probes without registers: and a second entry, BAD_FETCH_ARG */
	{ FPROBE, "%ax", PERR_BAD_VAR, 0, EINVAL },
	{ EPROBE, "$foo", PERR_BAD_VAR, 0, EINVAL },
	/* an eprobe has its event's fields and $comm: nothing else */
	{ EPROBE, "$retval", PERR_BAD_VAR, 0, EINVAL },
	{ EPROBE, "x=$arg1", PERR_BAD_VAR, 2, EINVAL },
	{ EPROBE, "$stack", PERR_BAD_VAR, 0, EINVAL },
};

struct good_case {
	unsigned int	ctx;
	const char	*text;
	const char	*name;
	enum probe_src	src;
	const char	*type;
	unsigned int	nr_deref, count;
};

static const struct good_case good[] = {
	{ KPROBE, "%ax", "arg1", PSRC_REG, "x64" },
	{ KPROBE, "dfd=%di:s32", "dfd", PSRC_REG, "s32" },
	{ KPROBE, "$stack", "arg1", PSRC_STACKP, "x64" },
	{ KPROBE, "$stack3:u16", "arg1", PSRC_STACK, "u16" },
	{ KRET, "$retval", "arg1", PSRC_RETVAL, "x64" },
	{ KPROBE, "$comm", "arg1", PSRC_COMM, "string" },
	{ KPROBE, "c=$COMM:string", "c", PSRC_COMM, "string" },
	{ KPROBE, "$arg2", "arg1", PSRC_ARG, "x64" },
	{ KPROBE, "@jiffies", "arg1", PSRC_ADDR, "x64" },
	{ KPROBE, "@jiffies-8:u32", "arg1", PSRC_ADDR, "u32" },
	{ KPROBE, "@0xffffffff81000000:symbol", "arg1", PSRC_ADDR, "symbol" },
	{ KPROBE, "+0(%di):string", "arg1", PSRC_REG, "string", 1 },
	{ KPROBE, "+u8(%si):ustring", "arg1", PSRC_REG, "ustring", 1 },
	{ KPROBE, "-8(+16(%bp)):s64", "arg1", PSRC_REG, "s64", 2 },
	{ KPROBE, "+0(@11):u8[10]", "arg1", PSRC_ADDR, "u8", 1, 10 },
	{ KPROBE, "@11:b4@2/8", "arg1", PSRC_ADDR, "u8" },
	{ KPROBE, "x=\\1", "x", PSRC_IMM, "x64" },
	{ KPROBE, "x=\\-1:s8", "x", PSRC_IMM, "s8" },
	{ KPROBE, "s=\\\"foo bar\"", "s", PSRC_IMMSTR, "string" },
	{ KPROBE, "%ip:symstr", "arg1", PSRC_REG, "symstr" },
	/* what follows the last ')' is ignored, as by the reference */
	{ KPROBE, "+0(%ax)+10", "arg1", PSRC_REG, "x64", 1 },
	/* thirteen reads around an @ADDR fit the reference's program */
	{ KPROBE, "+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0)))))))))))))",
	  "arg1", PSRC_ADDR, "x64", 13 },
	{ UPROBE, "@+0x10:u32", "arg1", PSRC_FOFFS, "u32" },
	{ UPROBE, "+0(%ax):ustring", "arg1", PSRC_REG, "ustring", 1 },
	{ EPROBE, "$dfd", "arg1", PSRC_FIELD, "x64" },
	{ EPROBE, "f=$filename:string", "f", PSRC_FIELD, "string" },
	{ EPROBE, "$comm", "arg1", PSRC_COMM, "string" },
};

static void check_bad(const struct bad_case *c)
{
	struct probe_parse p = {
		.flags = c->ctx, .env = &env, .index = 1, .name_used = name_used,
	};
	struct probe_arg arg;
	int ret = probe_arg_parse(&p, c->text, &arg);

	probe_arg_free(&arg);
	if (ret == -c->errno_ && p.err == c->err && p.err_pos == c->pos &&
	    (c->err != PERR_BAD_PROBE_ADDR || p.err_at_point) &&
	    ((c->ctx & PROBE_CTX_NOREGS) && c->text[0] == '%' ?
	     p.err_also == PERR_BAD_FETCH_ARG : p.err_also == PERR_NONE)) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: '%s': got %d \"%s\" at %d (also %d), want %d \"%s\" at %d\n",
	       c->text, ret, probe_err_text[p.err], p.err_pos, p.err_also,
	       -c->errno_, probe_err_text[c->err], c->pos);
}

static void check_good(const struct good_case *c)
{
	struct probe_parse p = {
		.flags = c->ctx, .env = &env, .index = 1, .name_used = name_used,
	};
	struct probe_arg arg;
	int ret = probe_arg_parse(&p, c->text, &arg);

	if (!ret && !strcmp(arg.name, c->name) && arg.src == c->src &&
	    !strcmp(arg.type->name, c->type) && arg.nr_deref == c->nr_deref &&
	    arg.count == c->count) {
		passed++;
	} else {
		failed++;
		printf("FAIL: '%s': ret %d \"%s\" at %d; name %s src %d type %s",
		       c->text, ret, probe_err_text[p.err], p.err_pos, arg.name,
		       arg.src, ret ? "-" : arg.type->name);
		printf(" reads %u count %u\n", arg.nr_deref, arg.count);
	}
	probe_arg_free(&arg);
}

/* what the values carry beyond their kind */
static void check_details(void)
{
	struct probe_parse p = { .flags = KPROBE, .env = &env, .index = 4 };
	struct probe_arg arg;
	bool ok;

	ok = !probe_arg_parse(&p, "-u8(+16(%bp)):b3@5/32", &arg) &&
	     arg.off == harness_reg_offset("bp") && arg.nr_deref == 2 &&
	     arg.deref[0].off == 16 && !arg.deref[0].user &&
	     arg.deref[1].off == -8 && arg.deref[1].user &&
	     arg.bf_width == 3 && arg.bf_offset == 5 && arg.type->size == 4 &&
	     !strcmp(arg.name, "arg4") &&
	     !strcmp(arg.text, "-u8(+16(%bp)):b3@5/32");
	probe_arg_free(&arg);
	ok = ok && !probe_arg_parse(&p, "@jiffies+16", &arg) &&
	     arg.imm == 0xffffffff81000010UL;
	probe_arg_free(&arg);
	ok = ok && !probe_arg_parse(&p, "s=\\\"a b\"", &arg) &&
	     !strcmp(arg.str, "a b");
	probe_arg_free(&arg);
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: the details of parsed values\n");
	}
}

/* the record and print fmt of the reference's example event */
static void check_layout(void)
{
	static const char *const texts[] = {
		"%ax", "name=+0(%di):string", "arr=+0(%si):u8[4]",
	};
	static const char want[] =
		"\"(%lx) arg1=0x%Lx name=\\\"%s\\\" arr={%u,%u,%u,%u}\", "
		"REC->__probe_ip, REC->arg1, __get_str(name), REC->arr[0], "
		"REC->arr[1], REC->arr[2], REC->arr[3]";
	static const char want_ret[] =
		"\"(%lx <- %lx) x=%d\", REC->__probe_func, REC->__probe_ret_ip, "
		"REC->x";
	struct probe_parse p = { .flags = KPROBE, .env = &env };
	struct probe_arg args[3];
	char fmt[256];
	int size, i;
	bool ok = true;

	for (i = 0; i < 3; i++) {
		p.index = i + 1;
		ok = ok && !probe_arg_parse(&p, texts[i], &args[i]);
	}
	size = ok ? probe_args_layout(args, 3, PROBE_HEAD_ENTRY, fmt,
				      sizeof(fmt)) : -1;
	ok = ok && size == 32 && args[0].offset == 16 &&
	     args[1].offset == 24 && args[2].offset == 28 && !strcmp(fmt, want);
	if (!ok)
		printf("FAIL: layout: size %d fmt %s\n", size, fmt);
	/* too small a buffer is refused, not cut */
	ok = ok && probe_args_layout(args, 3, PROBE_HEAD_ENTRY, fmt, 40) ==
		   -E2BIG;
	for (i = 0; i < 3; i++)
		probe_arg_free(&args[i]);
	p.flags = KRET;
	ok = ok && !probe_arg_parse(&p, "x=%ax:s32", &args[0]) &&
	     probe_args_layout(args, 1, PROBE_HEAD_RETURN, fmt,
			       sizeof(fmt)) == 28 &&
	     args[0].offset == 24 && !strcmp(fmt, want_ret);
	ok = ok && probe_args_layout(args, 1, PROBE_HEAD_EVENT, fmt,
				     sizeof(fmt)) == 12 &&
	     !strncmp(fmt, "\" x=%d\"", 7);
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: layout: %s\n", fmt);
	}
}

/*
 * Names from BTF: a stand-in for the kernel's resolver (trace_probe_btf.c)
 * that knows one function, f(struct file *file, const char *name, size_t
 * count) returning long, and three fields of the file. What is checked
 * is what the parser makes of its answers.
 */
static int btf_nr(void *data)
{
	return 3;
}

static const char *btf_name(void *data, unsigned int i)
{
	static const char *const names[] = { "file", "name", "count" };

	return i < 3 ? names[i] : NULL;
}

static int btf_resolve(void *data, const char *expr, bool at_return,
		       struct probe_btf_ref *ref, enum probe_err *err, int *col)
{
	static const struct {
		const char *expr;
		struct probe_btf_ref ref;
	} known[] = {
		{ "file", { 1, true, 0, { 0 }, "x64" } },
		{ "name", { 2, true, 0, { 0 }, "x64", 0, 0, PBTF_CHAR_PTR } },
		{ "count", { 3, true, 0, { 0 }, "u64" } },
		{ "$retval", { 0, true, 0, { 0 }, "s64" } },
		{ "file->f_flags", { 1, true, 1, { 64 }, "u32" } },
		{ "file->f_name", { 1, true, 1, { 40 }, NULL, 0, 0,
				    PBTF_CHAR_ARRAY } },
		{ "file->f_mode", { 1, true, 1, { 16 }, "u32", 3, 2 } },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known); i++) {
		if (!strcmp(expr, known[i].expr)) {
			*ref = known[i].ref;
			return 0;
		}
	}
	*err = strchr(expr, '-') ? PERR_NO_BTF_FIELD : PERR_NO_BTFARG;
	*col = strchr(expr, '-') ? (int)(strchr(expr, '-') - expr) + 2 : 0;
	return -ENOENT;
}

static const struct probe_btf_ops btf_ops = {
	.nr_params	= btf_nr,
	.param_name	= btf_name,
	.resolve	= btf_resolve,
};

static const struct probe_arg_env btf_env = {
	.reg_offset	= harness_reg_offset,
	.symbol		= symbol,
	.stack_words	= 2048,
	.btf		= &btf_ops,
};

static const struct good_case btf_good[] = {
	/* named after the parameter, typed after it */
	{ FPROBE, "file", "file", PSRC_ARG, "x64" },
	{ FPROBE, "count", "count", PSRC_ARG, "u64" },
	{ FPROBE, "x=count:u8", "x", PSRC_ARG, "u8" },
	/* a char pointer's string is read through it, a char array's in place */
	{ FPROBE, "name:string", "name", PSRC_ARG, "string", 1 },
	{ FPROBE, "name:ustring", "name", PSRC_ARG, "ustring", 1 },
	{ FPROBE, "file->f_name:string", "arg1", PSRC_ARG, "string", 1 },
	{ FPROBE, "file->f_flags", "arg1", PSRC_ARG, "u32", 1 },
	/* inside a dereference the type is the default */
	{ FPROBE, "+8(file)", "arg1", PSRC_ARG, "x64", 1 },
	{ KRET, "$retval", "arg1", PSRC_RETVAL, "s64" },
	{ KRET, "r=count", "r", PSRC_ARG, "u64" },
};

static const struct bad_case btf_bad[] = {
	{ FPROBE, "file:string", PERR_BAD_TYPE4STR, 0, EINVAL },
	{ FPROBE, "hoge", PERR_NO_BTFARG, 0, ENOENT },
	{ FPROBE, "x=file->foo", PERR_NO_BTF_FIELD, 8, ENOENT },
	/* not at an entry or exit: no names */
	{ KOFFS, "file", PERR_NOSUP_BTFARG, 0, EINVAL },
	{ EPROBE, "file", PERR_NOSUP_BTFARG, 0, EINVAL },
	{ UPROBE, "file", PERR_NOSUP_BTFARG, 0, EINVAL },
};

static void check_btf(void)
{
	struct probe_parse p = { .index = 1 };
	struct probe_arg arg;
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(btf_good); i++) {
		const struct good_case *c = &btf_good[i];

		p.flags = c->ctx;
		p.env = &btf_env;
		ret = probe_arg_parse(&p, c->text, &arg);
		if (!ret && !strcmp(arg.name, c->name) && arg.src == c->src &&
		    !strcmp(arg.type->name, c->type) &&
		    arg.nr_deref == c->nr_deref) {
			passed++;
		} else {
			failed++;
			printf("FAIL: BTF '%s': ret %d \"%s\" at %d; name %s type %s reads %u\n",
			       c->text, ret, probe_err_text[p.err], p.err_pos,
			       arg.name, ret ? "-" : arg.type->name, arg.nr_deref);
		}
		probe_arg_free(&arg);
	}
	for (i = 0; i < ARRAY_SIZE(btf_bad); i++) {
		const struct bad_case *c = &btf_bad[i];

		p.flags = c->ctx;
		p.env = &btf_env;
		ret = probe_arg_parse(&p, c->text, &arg);
		probe_arg_free(&arg);
		if (ret == -c->errno_ && p.err == c->err && p.err_pos == c->pos) {
			passed++;
		} else {
			failed++;
			printf("FAIL: BTF '%s': got %d \"%s\" at %d, want %d \"%s\" at %d\n",
			       c->text, ret, probe_err_text[p.err], p.err_pos,
			       -c->errno_, probe_err_text[c->err], c->pos);
		}
	}
	/* a char pointer's extra read is at 0, of user memory for ustring */
	p.flags = FPROBE;
	ret = probe_arg_parse(&p, "name:ustring", &arg);
	if (!ret && arg.off == 2 && arg.deref[0].off == 0 && arg.deref[0].user)
		passed++;
	else
		failed++, printf("FAIL: BTF name:ustring reads\n");
	probe_arg_free(&arg);
	/* a bitfield of the field: its bits, out of its type's read */
	ret = probe_arg_parse(&p, "file->f_mode", &arg);
	if (!ret && arg.deref[0].off == 16 && arg.bf_width == 3 &&
	    arg.bf_offset == 2 && arg.type->size == 4)
		passed++;
	else
		failed++, printf("FAIL: BTF bitfield\n");
	probe_arg_free(&arg);
}

int main(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		check_bad(&bad[i]);
	for (i = 0; i < ARRAY_SIZE(good); i++)
		check_good(&good[i]);
	check_details();
	check_layout();
	check_btf();
	for (i = 1; i < PERR_COUNT; i++) {
		if (probe_err_text[i] && probe_err_text[i][0])
			continue;
		failed++;
		printf("FAIL: error %zu has no message\n", i);
	}
	printf("probe_args unit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
