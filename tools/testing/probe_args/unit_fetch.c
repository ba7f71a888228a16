// SPDX-License-Identifier: GPL-2.0
/*
 * A probe hit (trace_probe_fetch.c): arguments parsed and laid out as a
 * kprobe's, fetched from a made-up moment (registers pointing at the
 * test's own memory, addresses below 4096 faulting), then the record
 * read back field by field; and an eprobe's, from a made-up record of
 * the event it is attached to.
 *
 * Ends with "probe_fetch unit: N passed, N failed".
 */
#include <stdio.h>
#include <string.h>

#include "trace_probe_fetch.h"
#include "harness.h"

static int passed, failed;

static const struct probe_arg_env env = {
	.reg_offset = harness_reg_offset, .stack_words = 2048,
};

struct thing {
	long	a;
	u32	b;
	u8	bytes[4];
	const char *name;
};

static const char hello[] = "hello";
static struct thing thing = { -5, 0xdeadbeef, { 1, 2, 3, 0xb4 }, hello };
static struct thing *thing_ptr = &thing;
static unsigned long stack[4] = { 11, 22, 33, 44 };

static void check(bool ok, const char *what)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: %s\n", what);
}

/* the string a data_loc at @slot of @rec points to, NULL if empty */
static const char *data_loc_str(const u8 *rec, unsigned int offset)
{
	u32 loc;

	memcpy(&loc, rec + offset, 4);
	return loc >> 16 ? (const char *)rec + (loc & 0xffff) : NULL;
}

/*
 * The strings of @args are packed after the fixed part, in order: each
 * data_loc's length is its string's with the NUL, each starts where the
 * one before ended, and the last ends at @end. (A length off by one put
 * the second of two strings one byte late and cut its last character.)
 */
static int strings_packed(const u8 *rec, const struct probe_arg *args,
			  int n, unsigned int fixed, unsigned int end)
{
	unsigned int at = fixed, len;
	u32 loc;
	int i;

	for (i = 0; i < n; i++) {
		if (args[i].type->store == PST_VALUE)
			continue;
		memcpy(&loc, rec + args[i].offset, 4);
		len = loc >> 16;
		if (!len)
			continue;
		if ((loc & 0xffff) != at ||
		    strnlen((const char *)rec + at, len) != len - 1)
			return 0;
		at += len;
	}
	return at == end;
}

/* Parse @n texts into @args, each its index: all parsed, or say which not. */
static int parse_all(struct probe_parse *p, const char *const *texts,
		     struct probe_arg *args, int n)
{
	int i, ok = 1;

	for (i = 0; i < n; i++) {
		p->index = i + 1;
		if (probe_arg_parse(p, texts[i], &args[i])) {
			printf("FAIL: parse '%s': %s\n", texts[i],
			       probe_err_text[p->err]);
			ok = 0;
		}
	}
	return ok;
}

/*
 * An eprobe's hit: arguments fetched from the attached event's record
 * (a made-up one), by the field's kind.
 */
static const struct {
	const char *name;
	long off;
	unsigned int size;
	enum probe_field_kind kind;
} attached[] = {
	{ "dfd", 8, 4, PFIELD_SIGNED },
	{ "name", 12, 4, PFIELD_STR_DYN },
	{ "comm", 16, 16, PFIELD_STR_ARRAY },
	{ "ptr", 32, 8, PFIELD_STR_PTR },
	{ "rel", 40, 4, PFIELD_STR_REL },
	{ "flags", 44, 2, PFIELD_UNSIGNED },
};

static int attached_field(void *data, const char *name, long *off,
			  unsigned int *size, enum probe_field_kind *kind)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(attached); i++) {
		if (strcmp(attached[i].name, name))
			continue;
		*off = attached[i].off;
		*size = attached[i].size;
		*kind = attached[i].kind;
		return 0;
	}
	return -ENOENT;
}

static void eprobe_fetch(void)
{
	static const char *const texts[] = {
		"d=$dfd:s64",		/* 0: sign-extended from 4 bytes */
		"dx=$dfd",		/* 1: the default type, the raw value */
		"n=$name:string",	/* 2: __data_loc */
		"c=$comm:string",	/* 3: the field, not the current task */
		"p=$ptr:string",	/* 4: char * */
		"q=+1($ptr):u8",	/* 5: read through the pointer */
		"r=$rel:string",	/* 6: __rel_loc */
		"fl=$flags:u16",	/* 7 */
	};
	enum { N = ARRAY_SIZE(texts) };
	const struct probe_arg_env eenv = { .field = attached_field };
	struct probe_parse p = {
		.flags = PROBE_CTX_KERNEL | PROBE_CTX_NOREGS | PROBE_CTX_EVENT,
		.env = &eenv,
	};
	u8 src[128] = { }, rec[512];
	struct probe_fetch_ctx ctx = { .rec = src };
	char fmt[512];
	struct probe_arg args[N];
	const char *ptr = hello;
	int fixed, dyn, i, ok = 1;
	u32 loc;
	u16 v16;
	u64 v;
	s32 dfd = -100;

	memcpy(src + 8, &dfd, 4);
	loc = 6 << 16 | 64;			/* "file1" at 64 */
	memcpy(src + 12, &loc, 4);
	memcpy(src + 64, "file1", 6);
	memcpy(src + 16, "bash", 5);
	memcpy(src + 32, &ptr, sizeof(ptr));
	loc = 5 << 16 | 36;			/* 44 + 36 = 80 */
	memcpy(src + 40, &loc, 4);
	memcpy(src + 80, "rel!", 5);
	v16 = 0x8001;
	memcpy(src + 44, &v16, 2);

	ok = parse_all(&p, texts, args, N);
	check(ok, "every eprobe argument parses");
	if (!ok)
		return;
	fixed = probe_args_layout(args, N, PROBE_HEAD_EVENT, fmt, sizeof(fmt));
	check(fixed > 0, "an eprobe layout");
	dyn = probe_args_dyn_size(args, N, &ctx);
	check(dyn == 6 + 5 + 6 + 5, "the eprobe strings' size");
	memset(rec, 0xaa, sizeof(rec));
	probe_args_store(args, N, &ctx, rec, fixed, fixed + dyn);
	memcpy(&v, rec + args[0].offset, 8);
	check((s64)v == -100, "a signed field, sign-extended");
	memcpy(&v, rec + args[1].offset, 8);
	check(v == (u64)-100L, "a field's raw value");
	check(data_loc_str(rec, args[2].offset) &&
	      !strcmp(data_loc_str(rec, args[2].offset), "file1"),
	      "a __data_loc field");
	check(data_loc_str(rec, args[3].offset) &&
	      !strcmp(data_loc_str(rec, args[3].offset), "bash"),
	      "a char[] field");
	check(data_loc_str(rec, args[4].offset) &&
	      !strcmp(data_loc_str(rec, args[4].offset), "hello"),
	      "a char * field");
	check(rec[args[5].offset] == 'e', "a read through a field");
	check(data_loc_str(rec, args[6].offset) &&
	      !strcmp(data_loc_str(rec, args[6].offset), "rel!"),
	      "a __rel_loc field");
	memcpy(&v16, rec + args[7].offset, 2);
	check(v16 == 0x8001, "an unsigned u16 field");
	check(strings_packed(rec, args, N, fixed, fixed + dyn),
	      "eprobe strings packed");
	for (i = 0; i < N; i++)
		probe_arg_free(&args[i]);
}

/*
 * A uprobe's hit: the process's stack, @+FOFFS where the file is mapped,
 * and every read from user memory (the shim's user accessors).
 */
static void uprobe_fetch(void)
{
	static const char *const texts[] = {
		"st=$stack1",		/* 0: the stack's second word */
		"fo=@+16:u32",		/* 1: thing.b, where "the file" is */
		"s=+0(+16(%si)):string",	/* 2: thing.name, user memory */
		"sp=$stack",		/* 3 */
	};
	enum { N = ARRAY_SIZE(texts) };
	struct probe_parse p = { .flags = PROBE_CTX_USER, .env = &env };
	struct pt_regs regs = { };
	struct probe_fetch_ctx ctx = {
		.regs = &regs, .user = true,
		/* file offset 16 is thing.b in the process */
		.foffs_base = (unsigned long)&thing.b - 16,
	};
	struct probe_arg args[N];
	u8 rec[512], staged[512];
	char fmt[512];
	int fixed, dyn, i;
	u64 v;
	u32 v32;

	regs.r[13] = (unsigned long)&thing;		/* si */
	regs.r[19] = (unsigned long)stack;		/* sp */
	check(parse_all(&p, texts, args, N), "every uprobe argument parses");
	fixed = probe_args_layout(args, N, PROBE_HEAD_ENTRY, fmt, sizeof(fmt));
	check(fixed > 0, "a uprobe layout");
	dyn = probe_args_dyn_size(args, N, &ctx);
	check(dyn == sizeof(hello), "the uprobe string's size");
	memset(rec, 0xaa, sizeof(rec));
	probe_args_store(args, N, &ctx, rec, fixed, fixed + dyn);
	memcpy(&v, rec + args[0].offset, 8);
	check(v == 22, "a word of the user stack");
	memcpy(&v32, rec + args[1].offset, 4);
	check(v32 == 0xdeadbeef, "@+FOFFS where the file is mapped");
	check(data_loc_str(rec, args[2].offset) &&
	      !strcmp(data_loc_str(rec, args[2].offset), "hello"),
	      "a user string");
	memcpy(&v, rec + args[3].offset, 8);
	check(v == (unsigned long)stack, "the user stack pointer");
	check(!shim_faulting_reads, "a hit that may not sleep never faults");
	check(probe_args_read_user(args, N), "these arguments read the process");
	check(!probe_args_read_user(&args[3], 1), "$stack reads no memory");

	/* the stage of a hit that may sleep: the same record, faulting */
	ctx.may_fault = true;
	check(probe_args_dyn_size(args, N, &ctx) == dyn,
	      "the string's size, faulting");
	memset(staged, 0xaa, sizeof(staged));
	probe_args_store(args, N, &ctx, staged, fixed, fixed + dyn);
	check(shim_faulting_reads >= 4, "the stage reads with faulting");
	check(!memcmp(rec, staged, fixed + dyn),
	      "the stage's record is the plain one's");
	/* a string cut by the room left: the same bytes either way */
	ctx.may_fault = false;
	memset(rec, 0xaa, sizeof(rec));
	probe_args_store(args, N, &ctx, rec, fixed, fixed + 3);
	ctx.may_fault = true;
	memset(staged, 0xaa, sizeof(staged));
	probe_args_store(args, N, &ctx, staged, fixed, fixed + 3);
	check(data_loc_str(staged, args[2].offset) &&
	      !strcmp(data_loc_str(staged, args[2].offset), "he"),
	      "a cut string keeps its NUL, faulting");
	check(!memcmp(rec, staged, fixed + 3), "a cut string either way");
	/* a fault: zeros and an empty string, as the plain path */
	regs.r[13] = 16;
	ctx.may_fault = false;
	memset(rec, 0xaa, sizeof(rec));
	probe_args_store(args, N, &ctx, rec, fixed, fixed + dyn);
	ctx.may_fault = true;
	check(probe_args_dyn_size(args, N, &ctx) == 0,
	      "a faulting string has no size, faulting");
	memset(staged, 0xaa, sizeof(staged));
	probe_args_store(args, N, &ctx, staged, fixed, fixed + dyn);
	check(!memcmp(rec, staged, fixed + dyn), "a fault either way");
	for (i = 0; i < N; i++)
		probe_arg_free(&args[i]);
}

/*
 * Arguments from the registers only take the short path at a hit
 * (probe_args_store_regs()): the record it writes is the general one's,
 * byte for byte; and anything that reads memory or stores more than a
 * number is refused it.
 */
static void regs_only_fetch(void)
{
	static const char *const fast[] = {
		"a=%di:u32", "b=%si:s8", "c=%dx:x64", "d=$arg3:s16",
		"e=$retval:s64", "f=\\-7:s32", "g=%ax", "h=$arg1:x8", "i=%cx:symbol",
	};
	static const char *const slow[] = {
		"+0(%di):u32", "$stack1", "$stack", "$comm", "\\\"im\":string",
		"+8(%di):string", "+0(%di):u8[2]", "%di:b4@4/8",
		"%di:symstr", "@0x1000:u64", "+0(%si):ustring",
	};
	enum { NF = ARRAY_SIZE(fast), NS = ARRAY_SIZE(slow) };
	struct probe_parse p = {
		.flags = PROBE_CTX_KERNEL | PROBE_CTX_RETURN, .env = &env,
	};
	struct probe_arg args[NF], one;
	struct pt_regs regs = { };
	struct probe_fetch_ctx ctx = { .regs = &regs };
	u8 a[256], b[256];
	char fmt[512], what[96];
	int fixed, i;

	if (!parse_all(&p, fast, args, NF)) {
		check(false, "the register-only arguments parse");
		return;
	}
	for (i = 0; i < 20; i++)
		regs.r[i] = 0x8877665544332211UL * (i + 1) ^ (i << 7);
	fixed = probe_args_layout(args, NF, PROBE_HEAD_RETURN, fmt, sizeof(fmt));
	check(fixed > 0 && fixed <= (int)sizeof(a), "a register-only layout");
	check(probe_args_regs_only(args, NF), "register-only arguments so judged");
	check(probe_args_dyn_size(args, NF, &ctx) == 0, "no strings among them");
	memset(a, 0x5a, sizeof(a));
	memset(b, 0x5a, sizeof(b));
	probe_args_store(args, NF, &ctx, a, fixed, fixed);
	probe_args_store_regs(args, NF, &regs, b);
	check(!memcmp(a, b, sizeof(a)), "the short path's record is the general one's");
	for (i = 0; i < NF; i++)
		probe_arg_free(&args[i]);
	for (i = 0; i < NS; i++) {
		p.index = 1;
		if (probe_arg_parse(&p, slow[i], &one)) {
			snprintf(what, sizeof(what), "'%s' parses", slow[i]);
			check(false, what);
			continue;
		}
		snprintf(what, sizeof(what), "'%s' takes the general path", slow[i]);
		check(!probe_args_regs_only(&one, 1), what);
		probe_arg_free(&one);
	}
}

int main(void)
{
	char texts[][64] = {
		"%di:x64",			/* 0: the register */
		"+0(%di):string",		/* 1: not a string: a struct */
		"b=+8(%si):u32",		/* 2 */
		"s=+0(+16(%si)):string",	/* 3: thing.name's string */
		"c=$comm",			/* 4 */
		"i=\\42:u16",			/* 5 */
		"g=@0:x64",			/* 6: filled in below */
		"arr=+12(%si):u8[4]",		/* 7 */
		"bf=+15(%si):b4@4/8",		/* 8: 0xb4 -> 0xb */
		"f=+0(\\16):u32",		/* 9: faults */
		"fs=+0(\\16):string",		/* 10: faults */
		"st=$stack2",			/* 11 */
		"neg=+0(%si):s64",		/* 12 */
		"sym=%ip:symstr",		/* 13 */
		"a2=$arg2",			/* 14: si */
	};
	enum { N = ARRAY_SIZE(texts) };
	struct probe_parse p = { .flags = PROBE_CTX_KERNEL | PROBE_CTX_ENTRY,
				 .env = &env };
	struct probe_arg args[N];
	const char *ptrs[N];
	struct pt_regs regs = { };
	struct probe_fetch_ctx ctx = { .regs = &regs };
	u8 rec[512];
	char fmt[1024];
	int fixed, dyn, i, ok = 1;
	u64 v64;
	u32 v32;
	u16 v16;

	snprintf(texts[6], sizeof(texts[6]), "g=@%lu:x64",
		 (unsigned long)&thing_ptr);
	for (i = 0; i < N; i++)
		ptrs[i] = texts[i];
	ok = parse_all(&p, ptrs, args, N);
	check(ok, "every argument parses");
	if (!ok)
		goto out;
	fixed = probe_args_layout(args, N, PROBE_HEAD_ENTRY, fmt, sizeof(fmt));
	check(fixed > 0, "a layout");

	regs.r[14] = (unsigned long)&thing;		/* di */
	regs.r[13] = (unsigned long)&thing;		/* si */
	regs.r[16] = 0x1234;				/* ip */
	regs.r[19] = (unsigned long)stack;		/* sp */
	dyn = probe_args_dyn_size(args, N, &ctx);
	/* the struct's first bytes up to a NUL, "hello", "tester", symbol */
	check(dyn > 0 && fixed + dyn <= (int)sizeof(rec), "a dynamic size");
	memset(rec, 0xaa, sizeof(rec));
	probe_args_store(args, N, &ctx, rec, fixed, fixed + dyn);

	memcpy(&v64, rec + args[0].offset, 8);
	check(v64 == (unsigned long)&thing, "a register");
	memcpy(&v32, rec + args[2].offset, 4);
	check(v32 == 0xdeadbeef, "a read at an offset");
	check(data_loc_str(rec, args[3].offset) &&
	      !strcmp(data_loc_str(rec, args[3].offset), "hello"),
	      "a string two reads away");
	check(data_loc_str(rec, args[4].offset) &&
	      !strcmp(data_loc_str(rec, args[4].offset), "tester"), "$comm");
	memcpy(&v16, rec + args[5].offset, 2);
	check(v16 == 42, "an immediate");
	memcpy(&v64, rec + args[6].offset, 8);
	check(v64 == (unsigned long)&thing, "memory at an address");
	check(!memcmp(rec + args[7].offset, thing.bytes, 4), "an array");
	check(rec[args[8].offset] == 0xb, "a bitfield");
	memcpy(&v32, rec + args[9].offset, 4);
	check(v32 == 0, "a faulting read stores zeros");
	check(!data_loc_str(rec, args[10].offset), "a faulting string is empty");
	memcpy(&v64, rec + args[11].offset, 8);
	check(v64 == 33, "$stack2");
	memcpy(&v64, rec + args[12].offset, 8);
	check((s64)v64 == -5, "a signed value");
	check(data_loc_str(rec, args[13].offset) &&
	      !strcmp(data_loc_str(rec, args[13].offset), "shim_sym+0x34/0x100"),
	      "symstr");
	memcpy(&v64, rec + args[14].offset, 8);
	check(v64 == (unsigned long)&thing, "$arg2");
	/* the strings end where the dynamic size said */
	check(!!data_loc_str(rec, args[1].offset), "a struct's bytes as a string");
	check(strings_packed(rec, args, N, fixed, fixed + dyn),
	      "strings packed one after the other, each with its NUL");
	eprobe_fetch();
	uprobe_fetch();
	regs_only_fetch();
out:
	for (i = 0; i < N; i++)
		probe_arg_free(&args[i]);
	printf("probe_fetch unit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
