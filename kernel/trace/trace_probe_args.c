// SPDX-License-Identifier: GPL-2.0
/*
 * The fetch-argument language of probe events (trace_probe_args.h).
 *
 * An argument "[NAME=]BODY" has BODY = FETCHARG[:TYPE], split at the
 * first ':'. It is checked in the order the reference checks it, since
 * that order decides which error a bad argument gets: the name, the
 * body's length, the type (before the value it describes), the value,
 * then what the type needs of the value. Each error is reported at a
 * column of the argument; where the reference's column is an accident of
 * its parser, the accident is kept (the error log is ABI: ftracetest
 * checks the caret), and the comment says so.
 *
 * The value becomes a source (a register, a stack slot, an address...)
 * and a list of memory reads, not a program: the reads are the only
 * thing that repeats. The reference's limit on nesting is a count of
 * program steps; probe_steps() counts the same steps, so that the same
 * arguments are refused with the same error.
 */
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sprintf.h>

#include "trace_probe_args.h"

const char *const probe_err_text[PERR_COUNT] = {
	[PERR_NONE]		= "",
	[PERR_FILE_NOT_FOUND]	= "Failed to find the given file",
	[PERR_NO_REGULAR_FILE]	= "Not a regular file",
	[PERR_BAD_REFCNT]	= "Invalid reference counter offset",
	[PERR_REFCNT_OPEN_BRACE] = "Reference counter brace is not closed",
	[PERR_BAD_REFCNT_SUFFIX] = "Reference counter has wrong suffix",
	[PERR_BAD_UPROBE_OFFS]	= "Invalid uprobe offset",
	[PERR_BAD_MAXACT_TYPE]	= "Maxactive is only for function exit",
	[PERR_BAD_MAXACT]	= "Invalid maxactive number",
	[PERR_MAXACT_TOO_BIG]	= "Maxactive is too big",
	[PERR_BAD_PROBE_ADDR]	= "Invalid probed address or symbol",
	[PERR_NON_UNIQ_SYMBOL]	= "The symbol is not unique",
	[PERR_BAD_RETPROBE]	= "Retprobe address must be an function entry",
	[PERR_NO_TRACEPOINT]	= "Tracepoint is not found",
	[PERR_BAD_TP_NAME]	= "Invalid character in tracepoint name",
	[PERR_BAD_ADDR_SUFFIX]	= "Invalid probed address suffix",
	[PERR_NO_GROUP_NAME]	= "Group name is not specified",
	[PERR_GROUP_TOO_LONG]	= "Group name is too long",
	[PERR_BAD_GROUP_NAME]	= "Group name must follow the same rules as C identifiers",
	[PERR_NO_EVENT_NAME]	= "Event name is not specified",
	[PERR_EVENT_TOO_LONG]	= "Event name is too long",
	[PERR_BAD_EVENT_NAME]	= "Event name must follow the same rules as C identifiers",
	[PERR_EVENT_EXIST]	= "Given group/event name is already used by another event",
	[PERR_RETVAL_ON_PROBE]	= "$retval is not available on probe",
	[PERR_NO_RETVAL]	= "This function returns 'void' type",
	[PERR_BAD_STACK_NUM]	= "Invalid stack number",
	[PERR_BAD_ARG_NUM]	= "Invalid argument number",
	[PERR_BAD_VAR]		= "Invalid $-variable specified",
	[PERR_BAD_REG_NAME]	= "Invalid register name",
	[PERR_BAD_MEM_ADDR]	= "Invalid memory address",
	[PERR_BAD_IMM]		= "Invalid immediate value",
	[PERR_IMMSTR_NO_CLOSE]	= "String is not closed with '\"'",
	[PERR_FILE_ON_KPROBE]	= "File offset is not available with kprobe",
	[PERR_BAD_FILE_OFFS]	= "Invalid file offset value",
	[PERR_SYM_ON_UPROBE]	= "Symbol is not available with uprobe",
	[PERR_TOO_MANY_OPS]	= "Dereference is too much nested",
	[PERR_DEREF_NEED_BRACE]	= "Dereference needs a brace",
	[PERR_BAD_DEREF_OFFS]	= "Invalid dereference offset",
	[PERR_DEREF_OPEN_BRACE]	= "Dereference brace is not closed",
	[PERR_COMM_CANT_DEREF]	= "$comm can not be dereferenced",
	[PERR_BAD_FETCH_ARG]	= "Invalid fetch argument",
	[PERR_ARRAY_NO_CLOSE]	= "Array is not closed",
	[PERR_BAD_ARRAY_SUFFIX]	= "Array has wrong suffix",
	[PERR_BAD_ARRAY_NUM]	= "Invalid array size",
	[PERR_ARRAY_TOO_BIG]	= "Array number is too big",
	[PERR_BAD_TYPE]		= "Unknown type is specified",
	[PERR_BAD_STRING]	= "String accepts only memory argument",
	[PERR_BAD_SYMSTRING]	= "Symbol String doesn't accept data/userdata",
	[PERR_BAD_BITFIELD]	= "Invalid bitfield",
	[PERR_ARG_NAME_TOO_LONG] = "Argument name is too long",
	[PERR_NO_ARG_NAME]	= "Argument name is not specified",
	[PERR_BAD_ARG_NAME]	= "Argument name must follow the same rules as C identifiers",
	[PERR_USED_ARG_NAME]	= "This argument name is already used",
	[PERR_ARG_TOO_LONG]	= "Argument expression is too long",
	[PERR_NO_ARG_BODY]	= "No argument expression",
	[PERR_BAD_INSN_BNDRY]	= "Probe point is not an instruction boundary",
	[PERR_FAIL_REG_PROBE]	= "Failed to register probe event",
	[PERR_DIFF_PROBE_TYPE]	= "Probe type is different from existing probe",
	[PERR_DIFF_ARG_TYPE]	= "Argument type or name is different from existing probe",
	[PERR_SAME_PROBE]	= "There is already the exact same probe event",
	[PERR_NO_EVENT_INFO]	= "This requires both group and event name to attach",
	[PERR_BAD_ATTACH_EVENT]	= "Attached event does not exist",
	[PERR_BAD_ATTACH_ARG]	= "Attached event does not have this field",
	[PERR_NO_EP_FILTER]	= "No filter rule after 'if'",
	[PERR_NOSUP_BTFARG]	= "BTF is not available or not supported",
	[PERR_NO_BTFARG]	= "This variable is not found at this probe point",
	[PERR_NO_BTF_ENTRY]	= "No BTF entry for this probe point",
	[PERR_BAD_VAR_ARGS]	= "$arg* must be an independent parameter without name etc.",
	[PERR_NOFENTRY_ARGS]	= "$arg* can be used only on function entry or exit",
	[PERR_DOUBLE_ARGS]	= "$arg* can be used only once in the parameters",
	[PERR_ARGS_2LONG]	= "$arg* failed because the argument list is too long",
	[PERR_ARGIDX_2BIG]	= "$argN index is too big",
	[PERR_NO_PTR_STRCT]	= "This is not a pointer to union/structure.",
	[PERR_NOSUP_DAT_ARG]	= "Non pointer structure/union argument is not supported.",
	[PERR_BAD_HYPHEN]	= "Failed to parse single hyphen. Forgot '>'?",
	[PERR_NO_BTF_FIELD]	= "This field is not found.",
	[PERR_BAD_BTF_TID]	= "Failed to get BTF type info.",
	[PERR_BAD_TYPE4STR]	= "This type does not fit for string.",
	[PERR_NEED_STRING_TYPE]	= "$comm and immediate-string only accepts string type",
	[PERR_EVENT_TOO_BIG]	= "Event too big (too many fields?)",
};

#if BITS_PER_LONG == 64
#define LONG_TYPE(p)	p "64"
#define LONG_PRINT	"0x%Lx"
#else
#define LONG_TYPE(p)	p "32"
#define LONG_PRINT	"0x%x"
#endif

/*
 * The types after ':'. The first of them is the default. Their formats
 * are the format file's "print fmt" (ABI, with the kernel's %L).
 */
static const struct probe_argtype probe_types[] = {
	{ LONG_TYPE("x"), LONG_TYPE("u"), LONG_PRINT, sizeof(long), false, PST_VALUE },
	{ "u8",  "u8",  "%u",   1, false, PST_VALUE },
	{ "u16", "u16", "%u",   2, false, PST_VALUE },
	{ "u32", "u32", "%u",   4, false, PST_VALUE },
	{ "u64", "u64", "%Lu",  8, false, PST_VALUE },
	{ "s8",  "s8",  "%d",   1, true,  PST_VALUE },
	{ "s16", "s16", "%d",   2, true,  PST_VALUE },
	{ "s32", "s32", "%d",   4, true,  PST_VALUE },
	{ "s64", "s64", "%Ld",  8, true,  PST_VALUE },
	{ "x8",  "u8",  "0x%x", 1, false, PST_VALUE },
	{ "x16", "u16", "0x%x", 2, false, PST_VALUE },
	{ "x32", "u32", "0x%x", 4, false, PST_VALUE },
	{ "x64", "u64", "0x%Lx", 8, false, PST_VALUE },
	{ "char", "u8", "'%c'", 1, false, PST_VALUE },
	{ "symbol", LONG_TYPE("u"), "%pS", sizeof(long), false, PST_VALUE },
	/*
	 * Strings are a data_loc in the record; signed, as upstream says.
	 * Their quotes are escaped: the print fmt is itself in quotes.
	 */
	{ "string",  "__data_loc char[]", "\\\"%s\\\"", 4, true, PST_STRING },
	{ "ustring", "__data_loc char[]", "\\\"%s\\\"", 4, true, PST_USTRING },
	{ "symstr",  "__data_loc char[]", "\\\"%s\\\"", 4, true, PST_SYMSTR },
};

#define TYPE_DEFAULT	(&probe_types[0])
#define TYPE_STRING	(&probe_types[ARRAY_SIZE(probe_types) - 3])

static const struct probe_argtype *type_lookup(const char *name, size_t len)
{
	const struct probe_argtype *t;

	for (t = probe_types; t < probe_types + ARRAY_SIZE(probe_types); t++)
		if (strlen(t->name) == len && !strncmp(t->name, name, len))
			return t;
	return NULL;
}

static int fail(struct probe_parse *p, enum probe_err err, int pos, int errno_)
{
	if (p->err == PERR_NONE) {
		p->err = err;
		p->err_pos = pos;
		p->err_errno = errno_;
	}
	return -errno_;
}

static bool is_ident(const char *s, size_t len)
{
	size_t i;

	if (!len || !(isalpha(s[0]) || s[0] == '_'))
		return false;
	for (i = 1; i < len; i++)
		if (!(isalnum(s[i]) || s[i] == '_'))
			return false;
	return true;
}

/* Names of the record's own fields: no argument may take them. */
static const char *const reserved_names[] = {
	"common_type", "common_flags", "common_preempt_count", "common_pid",
	"common_tgid", "__probe_ip", "__probe_ret_ip", "__probe_func",
};

static bool name_taken(struct probe_parse *p, const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(reserved_names); i++)
		if (!strcmp(name, reserved_names[i]))
			return true;
	return p->name_used && p->name_used(p->data, name);
}

/* "NAME=" of @text, or "arg<index>": the errors are at the argument's start */
static int parse_name(struct probe_parse *p, const char *text,
		      struct probe_arg *arg, const char **body)
{
	const char *eq = strchr(text, '=');
	size_t len;

	if (!eq) {
		/*
		 * With BTF, an argument that is a name is named after it
		 * ("object", not "arg1"), as the reference names it.
		 */
		len = strcspn(text, ":");
		if (p->env && p->env->btf && len <= PROBE_ARG_NAME_MAX &&
		    is_ident(text, len)) {
			memcpy(arg->name, text, len);
			arg->name[len] = '\0';
		} else {
			snprintf(arg->name, sizeof(arg->name), "arg%u", p->index);
		}
		*body = text;
	} else {
		len = eq - text;
		if (!len)
			return fail(p, PERR_NO_ARG_NAME, 0, EINVAL);
		if (len > PROBE_ARG_NAME_MAX)
			return fail(p, PERR_ARG_NAME_TOO_LONG, 0, EINVAL);
		if (!is_ident(text, len))
			return fail(p, PERR_BAD_ARG_NAME, 0, EINVAL);
		memcpy(arg->name, text, len);
		arg->name[len] = '\0';
		*body = eq + 1;
	}
	if (name_taken(p, arg->name))
		return fail(p, PERR_USED_ARG_NAME, 0, EINVAL);
	return 0;
}

/*
 * The state of one parse: @base is the column (in the argument) of what
 * is being parsed, as the reference keeps it (see parse_deref()).
 */
struct arg_state {
	struct probe_parse	*p;
	struct probe_arg	*arg;
	int			base;
	int			steps;	/* the reference's program steps so far */
	bool			mem;	/* the value is an address to read */
	int			depth;	/* inside this many dereferences */
	/* the value is a BTF name's, outermost: its type applies */
	bool			btf_last;
	struct probe_btf_ref	btf;
};

/*
 * One more step of the reference's program. It keeps one of its 16 for
 * the end: a 16th step is refused.
 */
static bool add_step(struct arg_state *s)
{
	if (s->steps >= PROBE_STEPS_MAX - 1)
		return false;
	s->steps++;
	return true;
}

/*
 * A name of the probed function's BTF (PROBE_EVENTS_BTF_ARGS): a
 * parameter, or @text "$retval", with its fields. The errors are where
 * the reference puts them: at the name, or at the field in question.
 */
static int parse_btf(struct arg_state *s, const char *text)
{
	struct probe_parse *p = s->p;
	const struct probe_arg_env *env = p->env;
	struct probe_btf_ref ref = { 0 };
	struct probe_arg *arg = s->arg;
	enum probe_err err = PERR_NONE;
	unsigned int i;
	int col = 0, ret;

	if (!env || !env->btf)
		return fail(p, PERR_NOSUP_BTFARG, s->base, EOPNOTSUPP);
	if (!(p->flags & PROBE_CTX_KERNEL) ||
	    !(p->flags & (PROBE_CTX_ENTRY | PROBE_CTX_RETURN)) ||
	    (p->flags & PROBE_CTX_EVENT))
		return fail(p, PERR_NOSUP_BTFARG, s->base, EINVAL);
	ret = env->btf->resolve(env->btf_data, text,
				p->flags & PROBE_CTX_RETURN, &ref, &err, &col);
	if (ret)
		return fail(p, err, s->base + col, -ret);
	if (!ref.param && !ref.found) {
		/* $retval of a function BTF does not know: a plain one */
		arg->src = PSRC_RETVAL;
		return 0;
	}
	arg->src = ref.param ? PSRC_ARG : PSRC_RETVAL;
	arg->off = ref.param;
	for (i = 0; i < ref.nr_deref; i++) {
		if (!add_step(s) || arg->nr_deref == PROBE_DEREF_MAX)
			return fail(p, PERR_TOO_MANY_OPS, s->base, EINVAL);
		arg->deref[arg->nr_deref].off = ref.deref[i];
		arg->deref[arg->nr_deref].user = false;
		arg->nr_deref++;
		s->mem = true;
	}
	/* inside a dereference the type is the user's business */
	if (!s->depth) {
		s->btf_last = true;
		s->btf = ref;
	}
	return 0;
}

/* $NAME: the errors are at the '$' */
static int parse_var(struct arg_state *s, const char *var)
{
	struct probe_parse *p = s->p;
	struct probe_arg *arg = s->arg;
	enum probe_field_kind kind;
	unsigned long n;
	unsigned int size;

	/*
	 * On an eprobe the event's fields come first, even "comm"; then
	 * $comm, and nothing else (the reference says BAD_VAR to all).
	 */
	if (p->flags & PROBE_CTX_EVENT) {
		if (p->env && p->env->field &&
		    !p->env->field(p->env->data, var, &arg->off, &size,
				   &kind)) {
			arg->src = PSRC_FIELD;
			arg->field_size = size;
			arg->field_kind = kind;
			s->mem = kind >= PFIELD_STR_DYN;
			return 0;
		}
		if (strcmp(var, "comm") && strcmp(var, "COMM"))
			return fail(p, PERR_BAD_VAR, s->base, EINVAL);
	}
	if (!strncmp(var, "retval", 6)) {
		if (!(p->flags & PROBE_CTX_RETURN))
			return fail(p, PERR_RETVAL_ON_PROBE, s->base, EINVAL);
		/* its type from BTF, and fields through it */
		if ((p->flags & PROBE_CTX_KERNEL) && p->env && p->env->btf)
			return parse_btf(s, var - 1);
		arg->src = PSRC_RETVAL;
		return 0;
	}
	if (!strncmp(var, "stack", 5)) {
		if (!var[5]) {
			arg->src = PSRC_STACKP;
			return 0;
		}
		if (!isdigit(var[5]) || kstrtoul(var + 5, 10, &n))
			return fail(p, PERR_BAD_VAR, s->base, EINVAL);
		if (!p->env || n > p->env->stack_words)
			return fail(p, PERR_BAD_STACK_NUM, s->base, EINVAL);
		arg->src = PSRC_STACK;
		arg->off = n;
		return 0;
	}
	if (!strcmp(var, "comm") || !strcmp(var, "COMM")) {
		arg->src = PSRC_COMM;
		return 0;
	}
	if (!strncmp(var, "arg", 3) && isdigit(var[3])) {
		if (!(p->flags & (PROBE_CTX_ENTRY | PROBE_CTX_RETURN)) ||
		    (p->flags & (PROBE_CTX_USER | PROBE_CTX_EVENT)))
			return fail(p, PERR_NOFENTRY_ARGS, s->base, EINVAL);
		if (kstrtoul(var + 3, 10, &n))
			return fail(p, PERR_BAD_VAR, s->base, EINVAL);
		if (!n || !p->env || n > p->env->stack_words)
			return fail(p, PERR_BAD_ARG_NUM, s->base, EINVAL);
		arg->src = PSRC_ARG;
		arg->off = n;
		return 0;
	}
	return fail(p, PERR_BAD_VAR, s->base, EINVAL);
}

/* @ADDR, @SYM[+|-OFFS], @+FILE_OFFS: the errors are at the '@' */
static int parse_mem(struct arg_state *s, const char *at)
{
	struct probe_parse *p = s->p;
	struct probe_arg *arg = s->arg;
	char sym[128];
	const char *off;
	unsigned long addr;
	long delta = 0;
	size_t len;

	if (at[0] == '+') {
		if (!(p->flags & PROBE_CTX_USER))
			return fail(p, PERR_FILE_ON_KPROBE, s->base, EINVAL);
		if (kstrtoul(at + 1, 0, &addr))
			return fail(p, PERR_BAD_FILE_OFFS, s->base, EINVAL);
		arg->src = PSRC_FOFFS;
		arg->imm = addr;
	} else if (isdigit(at[0])) {
		if (kstrtoul(at, 0, &addr))
			return fail(p, PERR_BAD_MEM_ADDR, s->base, EINVAL);
		arg->src = PSRC_ADDR;
		arg->imm = addr;
	} else {
		if (p->flags & PROBE_CTX_USER)
			return fail(p, PERR_SYM_ON_UPROBE, s->base, EINVAL);
		off = strpbrk(at, "+-");
		len = off ? (size_t)(off - at) : strlen(at);
		if (!len || len >= sizeof(sym) ||
		    (off && kstrtol(off[0] == '+' ? off + 1 : off, 0, &delta)))
			return fail(p, PERR_BAD_MEM_ADDR, s->base, EINVAL);
		memcpy(sym, at, len);
		sym[len] = '\0';
		addr = p->env && p->env->symbol ? p->env->symbol(sym) : 0;
		if (!addr) {
			/* the reference finds out at registration: its place */
			p->err_at_point = true;
			return fail(p, PERR_BAD_PROBE_ADDR, 0, ENOENT);
		}
		arg->src = PSRC_ADDR;
		arg->imm = addr + delta;
	}
	/* the reference: the address, then a read of it */
	if (!add_step(s) || !add_step(s))
		return fail(p, PERR_TOO_MANY_OPS, s->base, EINVAL);
	s->mem = true;
	return 0;
}

/* \NUMBER or \"STRING\": @imm points after the '\' */
static int parse_imm(struct arg_state *s, const char *imm)
{
	struct probe_parse *p = s->p;
	struct probe_arg *arg = s->arg;
	size_t len;
	char *str;

	if (imm[0] == '"') {
		len = strlen(imm);
		if (len < 2 || imm[len - 1] != '"')
			return fail(p, PERR_IMMSTR_NO_CLOSE, s->base + 1 + len,
				    EINVAL);
		str = kstrndup(imm + 1, len - 2, GFP_KERNEL);
		if (!str)
			return -ENOMEM;
		arg->src = PSRC_IMMSTR;
		arg->str = str;
	} else if (isdigit(imm[0])) {
		if (kstrtoul(imm, 0, &arg->imm))
			return fail(p, PERR_BAD_IMM, s->base + 1, EINVAL);
		arg->src = PSRC_IMM;
	} else if (imm[0] == '-' || imm[0] == '+') {
		long v;

		if (kstrtol(imm[0] == '+' ? imm + 1 : imm, 0, &v))
			return fail(p, PERR_BAD_IMM, s->base + 1, EINVAL);
		arg->src = PSRC_IMM;
		arg->imm = v;
	} else {
		return fail(p, PERR_BAD_IMM, s->base + 1, EINVAL);
	}
	if (!add_step(s))
		return fail(p, PERR_TOO_MANY_OPS, s->base, EINVAL);
	/* an immediate number is an address a type may read */
	s->mem = arg->src == PSRC_IMM;
	return 0;
}

static int parse_fetch(struct arg_state *s, char *text);

/*
 * [+|-][u]OFFS(FETCHARG): read a long at FETCHARG + OFFS. @text is the
 * whole of it, and may be changed.
 */
static int parse_deref(struct arg_state *s, char *text)
{
	struct probe_parse *p = s->p;
	struct probe_arg *arg = s->arg;
	const char *digits = text + 1;
	char *open, *close, num[24];
	bool user = false;
	int inner_base, ret;
	size_t n;
	long off;

	if (*digits == 'u') {
		user = true;
		digits++;
	}
	open = strchr(digits, '(');
	if (!open)
		return fail(p, PERR_DEREF_NEED_BRACE, s->base, EINVAL);
	/* the offset: the sign, then what stands before the '(' */
	n = open - digits;
	if (!n || n + 2 > sizeof(num))
		return fail(p, PERR_BAD_DEREF_OFFS, s->base, EINVAL);
	num[0] = text[0];
	memcpy(num + 1, digits, n);
	num[n + 1] = '\0';
	if (kstrtol(num[0] == '+' ? num + 1 : num, 0, &off))
		return fail(p, PERR_BAD_DEREF_OFFS, s->base, EINVAL);
	/*
	 * The inner FETCHARG's column. The reference counts the prefix of
	 * a "+u"/"-u" form one short, so its errors inside a user
	 * dereference are one column to the left (at the '('): kept.
	 */
	s->base += (open + 1 - text) - (user ? 1 : 0);
	inner_base = s->base;
	close = strrchr(open + 1, ')');
	if (!close)
		return fail(p, PERR_DEREF_OPEN_BRACE,
			    s->base + (int)strlen(open + 1), EINVAL);
	/* what follows the last ')' is ignored, as by the reference */
	*close = '\0';
	s->depth++;
	ret = parse_fetch(s, open + 1);
	s->depth--;
	*close = ')';
	/*
	 * The reference leaves its column at this level's inner start when
	 * the inner parse returns: the checks after the whole value (type,
	 * steps) are reported there, shifted by the outermost prefix.
	 */
	s->base = inner_base;
	if (ret)
		return ret;
	if (arg->src == PSRC_COMM || arg->src == PSRC_IMMSTR)
		return fail(p, PERR_COMM_CANT_DEREF, s->base, EINVAL);
	if (!add_step(s) || arg->nr_deref == PROBE_DEREF_MAX)
		return fail(p, PERR_TOO_MANY_OPS, s->base, EINVAL);
	arg->deref[arg->nr_deref].off = off;
	arg->deref[arg->nr_deref].user = user;
	arg->nr_deref++;
	s->mem = true;
	return 0;
}

/* FETCHARG, without its ":TYPE"; @text may be changed */
static int parse_fetch(struct arg_state *s, char *text)
{
	struct probe_parse *p = s->p;
	struct probe_arg *arg = s->arg;
	int off;

	switch (text[0]) {
	case '$':
		if (parse_var(s, text + 1))
			return -p->err_errno;
		break;
	case '%':
		if (p->flags & PROBE_CTX_NOREGS) {
			/* the reference logs both, at the same column */
			p->err_also = PERR_BAD_FETCH_ARG;
			return fail(p, PERR_BAD_VAR, s->base, EINVAL);
		}
		off = p->env && p->env->reg_offset ?
		      p->env->reg_offset(text + 1) : -EINVAL;
		if (off < 0)
			return fail(p, PERR_BAD_REG_NAME, s->base, EINVAL);
		arg->src = PSRC_REG;
		arg->off = off;
		break;
	case '@':
		return parse_mem(s, text + 1);
	case '+':
	case '-':
		return parse_deref(s, text);
	case '\\':
		return parse_imm(s, text + 1);
	default:
		/* a name of the function's BTF */
		if (isalpha(text[0]) || text[0] == '_') {
			if (parse_btf(s, text))
				return -p->err_errno;
			break;
		}
		return fail(p, PERR_BAD_FETCH_ARG, s->base, EINVAL);
	}
	if (!add_step(s))
		return fail(p, PERR_TOO_MANY_OPS, s->base, EINVAL);
	return 0;
}

/*
 * "TYPE" or "TYPE[N]" at column @col of the argument, @body_len the
 * length of the whole body (the array errors point past it).
 */
static int parse_type(struct probe_parse *p, char *type, int col,
		      int body_start, int body_len, struct probe_arg *arg)
{
	char *open = strchr(type, '['), *close, *slash;
	unsigned long n;
	char name[8];
	size_t len;

	if (open) {
		close = strchr(open, ']');
		if (!close)
			return fail(p, PERR_ARRAY_NO_CLOSE,
				    body_start + body_len, EINVAL);
		if (close[1])
			return fail(p, PERR_BAD_ARRAY_SUFFIX,
				    col + (int)(close + 1 - type), EINVAL);
		*close = '\0';
		if (kstrtoul(open + 1, 0, &n) || !n) {
			*close = ']';
			return fail(p, PERR_BAD_ARRAY_NUM,
				    col + (int)(open + 1 - type), EINVAL);
		}
		*close = ']';
		if (n > PROBE_ARRAY_MAX)
			return fail(p, PERR_ARRAY_TOO_BIG,
				    col + (int)(open + 1 - type), EINVAL);
		arg->count = n;
		len = open - type;
	} else {
		len = strlen(type);
	}
	/* b<width>@<offset>/<container>: the container's unsigned type */
	slash = type[0] == 'b' ? memchr(type, '/', len) : NULL;
	if (slash) {
		size_t clen = len - (slash + 1 - type);

		if (clen + 1 >= sizeof(name))
			return fail(p, PERR_BAD_TYPE, col, EINVAL);
		name[0] = 'u';
		memcpy(name + 1, slash + 1, clen);
		name[clen + 1] = '\0';
		arg->type = type_lookup(name, clen + 1);
		arg->bf_width = 1;	/* to be parsed once the value is */
	} else {
		arg->type = type_lookup(type, len);
	}
	if (!arg->type)
		return fail(p, PERR_BAD_TYPE, col, EINVAL);
	/* the user's memory has no kernel symbols */
	if ((p->flags & PROBE_CTX_USER) &&
	    (!strcmp(arg->type->name, "symbol") ||
	     arg->type->store == PST_SYMSTR))
		return fail(p, PERR_BAD_TYPE, col, EINVAL);
	return 0;
}

/* b<W>@<O>/<C>, the container already known: W >= 1, W + O <= C */
static bool parse_bitfield(const char *type, struct probe_arg *arg)
{
	char buf[PROBE_ARG_BODY_MAX], *at, *slash;
	unsigned long w, o;

	strscpy(buf, type + 1, sizeof(buf));
	at = strchr(buf, '@');
	slash = at ? strchr(at, '/') : NULL;
	if (!slash)
		return false;
	*at = '\0';
	*slash = '\0';
	if (kstrtoul(buf, 0, &w) || kstrtoul(at + 1, 0, &o) || !w ||
	    w + o > arg->type->size * 8)
		return false;
	arg->bf_width = w;
	arg->bf_offset = o;
	return true;
}

/*
 * The value is a BTF name's: with no type given it takes its BTF type (a
 * bitfield's bits too, after the value); a string type of a char pointer
 * reads the text it points to, of a char array the text in place, and is
 * refused for anything else.
 */
static int apply_btf(struct arg_state *s, const char *type)
{
	const struct probe_btf_ref *ref = &s->btf;
	struct probe_parse *p = s->p;
	struct probe_arg *arg = s->arg;
	const struct probe_argtype *t;

	if (!type) {
		t = ref->type ? type_lookup(ref->type, strlen(ref->type)) : NULL;
		if (t)
			arg->type = t;
		return 0;
	}
	if (arg->type->store != PST_STRING && arg->type->store != PST_USTRING)
		return 0;
	if (ref->str == PBTF_CHAR_ARRAY)
		return 0;
	if (ref->str != PBTF_CHAR_PTR)
		return fail(p, PERR_BAD_TYPE4STR, s->base, EINVAL);
	if (!add_step(s) || arg->nr_deref == PROBE_DEREF_MAX)
		return fail(p, PERR_TOO_MANY_OPS, s->base, E2BIG);
	arg->deref[arg->nr_deref].off = 0;
	arg->deref[arg->nr_deref].user = arg->type->store == PST_USTRING;
	arg->nr_deref++;
	s->mem = true;
	return 0;
}

int probe_arg_parse(struct probe_parse *p, const char *text,
		    struct probe_arg *arg)
{
	struct arg_state s = { .p = p, .arg = arg };
	char buf[PROBE_ARG_BODY_MAX + 1], *type;
	const char *body;
	int body_start, type_col, ret;
	size_t len;
	bool str_only, last_read;

	memset(arg, 0, sizeof(*arg));
	p->err = PERR_NONE;
	p->err_pos = 0;
	p->err_errno = 0;
	p->err_at_point = false;
	p->err_also = PERR_NONE;

	ret = parse_name(p, text, arg, &body);
	if (ret)
		return ret;
	body_start = body - text;
	len = strlen(body);
	if (len > PROBE_ARG_BODY_MAX)
		return fail(p, PERR_ARG_TOO_LONG, body_start, E2BIG);
	if (!len)
		return fail(p, PERR_NO_ARG_BODY, body_start, EINVAL);
	memcpy(arg->text, body, len + 1);
	memcpy(buf, body, len + 1);

	type = strchr(buf, ':');
	if (type)
		*type++ = '\0';
	/*
	 * $comm and immediate strings take a string type or none. On an
	 * eprobe "$comm" may name the event's field: its type is free.
	 */
	str_only = !strncmp(buf, "\\\"", 2) ||
		   (!(p->flags & PROBE_CTX_EVENT) &&
		    (!strcmp(buf, "$comm") || !strcmp(buf, "$COMM")));
	if (type) {
		type_col = body_start + (type - buf);
		if (str_only && (strcmp(type, "string") || strchr(type, '[')))
			return fail(p, PERR_NEED_STRING_TYPE, type_col, EINVAL);
		ret = parse_type(p, type, type_col, body_start, len, arg);
		if (ret)
			return ret;
	} else {
		type_col = body_start;
		arg->type = str_only ? TYPE_STRING : TYPE_DEFAULT;
	}

	s.base = body_start;
	ret = parse_fetch(&s, buf);
	if (ret)
		return ret;
	if (arg->src == PSRC_COMM || arg->src == PSRC_IMMSTR)
		arg->type = TYPE_STRING;
	if (s.btf_last) {
		ret = apply_btf(&s, type);
		if (ret)
			return ret;
	}

	/*
	 * The checks after the value. The reference reports them from its
	 * column as the value's parse left it: when the body starts with a
	 * dereference, shifted right by that prefix (s.base). Kept.
	 */
	type_col += s.base - body_start;
	switch (arg->type->store) {
	case PST_STRING:
	case PST_USTRING:
		if (!s.mem && arg->src != PSRC_COMM && arg->src != PSRC_IMMSTR)
			return fail(p, PERR_BAD_STRING, type_col, EINVAL);
		break;
	case PST_SYMSTR:
		if (arg->src == PSRC_STACKP || arg->src == PSRC_IMM ||
		    arg->src == PSRC_COMM || arg->src == PSRC_IMMSTR ||
		    (arg->nr_deref && arg->deref[arg->nr_deref - 1].user))
			return fail(p, PERR_BAD_SYMSTRING, type_col, EINVAL);
		break;
	default:
		break;
	}
	/*
	 * The store: the reference turns a last read into the store, else
	 * adds one; a string store that finds no room is EINVAL, a value's
	 * E2BIG.
	 */
	last_read = arg->nr_deref || arg->src == PSRC_ADDR ||
		    arg->src == PSRC_FOFFS;
	if (!last_read && !add_step(&s))
		return fail(p, PERR_TOO_MANY_OPS, s.base,
			    arg->type->store == PST_VALUE ? E2BIG : EINVAL);
	if (arg->bf_width) {
		if (!parse_bitfield(type, arg) || !add_step(&s))
			return fail(p, PERR_BAD_BITFIELD, type_col, EINVAL);
	} else if (s.btf_last && !type && s.btf.bf_width) {
		arg->bf_width = s.btf.bf_width;
		arg->bf_offset = s.btf.bf_offset;
		if (!add_step(&s))
			return fail(p, PERR_TOO_MANY_OPS, s.base, EINVAL);
	}
	if (arg->count) {
		if (!s.mem && arg->type->store != PST_STRING &&
		    arg->type->store != PST_USTRING)
			return fail(p, PERR_BAD_STRING, type_col, EINVAL);
		if (!add_step(&s))
			return fail(p, PERR_TOO_MANY_OPS, s.base, E2BIG);
	}
	return 0;
}

unsigned int probe_arg_size(const struct probe_arg *arg)
{
	return arg->type->size * (arg->count ? arg->count : 1);
}

/* What the record starts with: the common header, then @head's fields. */
static const struct {
	unsigned int	size;
	const char	*fmt, *args;
} probe_heads[] = {
	[PROBE_HEAD_ENTRY]	= { 8 + sizeof(long), "(%lx)", ", REC->__probe_ip" },
	/* the function first, though the text shows the return address so */
	[PROBE_HEAD_RETURN]	= { 8 + 2 * sizeof(long), "(%lx <- %lx)",
				    ", REC->__probe_func, REC->__probe_ret_ip" },
	[PROBE_HEAD_EVENT]	= { 8, "", "" },
};

unsigned int probe_head_size(enum probe_head head)
{
	return probe_heads[head].size;
}

void probe_buf_add(struct probe_buf *b, const char *fmt, ...)
{
	size_t room = b->len < b->size ? b->size - b->len : 0;
	va_list ap;

	va_start(ap, fmt);
	b->len += vsnprintf(room ? b->buf + b->len : NULL, room, fmt, ap);
	va_end(ap);
}

int probe_args_layout(struct probe_arg *args, unsigned int n,
		      enum probe_head head, char *fmt, size_t size)
{
	unsigned int i, j, offset = probe_heads[head].size;
	struct probe_buf f = { .buf = fmt, .size = size };
	bool str;

	probe_buf_add(&f, "\"%s", probe_heads[head].fmt);
	for (i = 0; i < n; i++) {
		args[i].offset = offset;
		offset += probe_arg_size(&args[i]);
		probe_buf_add(&f, " %s=", args[i].name);
		if (!args[i].count) {
			probe_buf_add(&f, "%s", args[i].type->print);
			continue;
		}
		for (j = 0; j < args[i].count; j++)
			probe_buf_add(&f, "%c%s", j ? ',' : '{',
				      args[i].type->print);
		probe_buf_add(&f, "}");
	}
	probe_buf_add(&f, "\"%s", probe_heads[head].args);
	for (i = 0; i < n; i++) {
		str = args[i].type->store != PST_VALUE;
		if (!args[i].count) {
			probe_buf_add(&f, str ? ", __get_str(%s)" : ", REC->%s",
				      args[i].name);
			continue;
		}
		for (j = 0; j < args[i].count; j++)
			probe_buf_add(&f, str ? ", __get_str(%s[%u])" :
				      ", REC->%s[%u]", args[i].name, j);
	}
	/* cut short: the record would be described wrongly */
	if (f.len >= size)
		return -E2BIG;
	return offset;
}

void probe_arg_free(struct probe_arg *arg)
{
	kfree(arg->str);
	arg->str = NULL;
}
