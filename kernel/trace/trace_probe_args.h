/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fetch-argument language of probe events: "[NAME=]FETCHARG[:TYPE]"
 * (Documentation/trace/kprobetrace.rst), parsed into a struct probe_arg
 * that says where the value comes from, which memory is read on the way
 * and how it is stored in the event's record.
 *
 * No kernel state: what a probe type knows of its world (register names,
 * symbols, the fields of an attached event) comes through struct
 * probe_arg_env, so that this parser is also built and fuzzed in
 * userspace (tools/testing/probe_args/).
 *
 * Included by: trace_probe_args.c trace_probe_cmd.h trace_probe_fetch.h
 */
#ifndef _KERNEL_TRACE_PROBE_ARGS_H
#define _KERNEL_TRACE_PROBE_ARGS_H

#include <linux/types.h>

/* ====== trace_probe_args.c: the fetch-argument language of probes ====== */

/* The limits of the language, as upstream's (the ABI). */
#define PROBE_ARG_NAME_MAX	32	/* bytes of NAME */
#define PROBE_ARG_BODY_MAX	63	/* bytes of FETCHARG[:TYPE] */
#define PROBE_ARRAY_MAX		64	/* elements of TYPE[N] */
/* steps of an argument's program, counted as upstream counts them */
#define PROBE_STEPS_MAX		16
#define PROBE_DEREF_MAX		(PROBE_STEPS_MAX - 2)

/*
 * The errors, each with its error_log message (probe_err_text[]). The
 * order is ours; the messages are the ABI.
 */
enum probe_err {
	PERR_NONE,
	PERR_FILE_NOT_FOUND, PERR_NO_REGULAR_FILE, PERR_BAD_REFCNT,
	PERR_REFCNT_OPEN_BRACE, PERR_BAD_REFCNT_SUFFIX, PERR_BAD_UPROBE_OFFS,
	PERR_BAD_MAXACT_TYPE, PERR_BAD_MAXACT, PERR_MAXACT_TOO_BIG,
	PERR_BAD_PROBE_ADDR, PERR_NON_UNIQ_SYMBOL, PERR_BAD_RETPROBE,
	PERR_NO_TRACEPOINT, PERR_BAD_TP_NAME, PERR_BAD_ADDR_SUFFIX,
	PERR_NO_GROUP_NAME, PERR_GROUP_TOO_LONG, PERR_BAD_GROUP_NAME,
	PERR_NO_EVENT_NAME, PERR_EVENT_TOO_LONG, PERR_BAD_EVENT_NAME,
	PERR_EVENT_EXIST, PERR_RETVAL_ON_PROBE, PERR_NO_RETVAL,
	PERR_BAD_STACK_NUM, PERR_BAD_ARG_NUM, PERR_BAD_VAR, PERR_BAD_REG_NAME,
	PERR_BAD_MEM_ADDR, PERR_BAD_IMM, PERR_IMMSTR_NO_CLOSE,
	PERR_FILE_ON_KPROBE, PERR_BAD_FILE_OFFS, PERR_SYM_ON_UPROBE,
	PERR_TOO_MANY_OPS, PERR_DEREF_NEED_BRACE, PERR_BAD_DEREF_OFFS,
	PERR_DEREF_OPEN_BRACE, PERR_COMM_CANT_DEREF, PERR_BAD_FETCH_ARG,
	PERR_ARRAY_NO_CLOSE, PERR_BAD_ARRAY_SUFFIX, PERR_BAD_ARRAY_NUM,
	PERR_ARRAY_TOO_BIG, PERR_BAD_TYPE, PERR_BAD_STRING, PERR_BAD_SYMSTRING,
	PERR_BAD_BITFIELD, PERR_ARG_NAME_TOO_LONG, PERR_NO_ARG_NAME,
	PERR_BAD_ARG_NAME, PERR_USED_ARG_NAME, PERR_ARG_TOO_LONG,
	PERR_NO_ARG_BODY, PERR_BAD_INSN_BNDRY, PERR_FAIL_REG_PROBE,
	PERR_DIFF_PROBE_TYPE, PERR_DIFF_ARG_TYPE, PERR_SAME_PROBE,
	PERR_NO_EVENT_INFO, PERR_BAD_ATTACH_EVENT, PERR_BAD_ATTACH_ARG,
	PERR_NO_EP_FILTER, PERR_NOSUP_BTFARG, PERR_NO_BTFARG,
	PERR_NO_BTF_ENTRY, PERR_BAD_VAR_ARGS, PERR_NOFENTRY_ARGS,
	PERR_DOUBLE_ARGS, PERR_ARGS_2LONG, PERR_ARGIDX_2BIG,
	PERR_NO_PTR_STRCT, PERR_NOSUP_DAT_ARG, PERR_BAD_HYPHEN,
	PERR_NO_BTF_FIELD, PERR_BAD_BTF_TID, PERR_BAD_TYPE4STR,
	PERR_NEED_STRING_TYPE, PERR_EVENT_TOO_BIG,
	PERR_COUNT
};

extern const char *const probe_err_text[PERR_COUNT];

/* Where an argument is evaluated: PROBE_CTX_* flags. */
#define PROBE_CTX_KERNEL	BIT(0)	/* kernel addresses, kernel symbols */
#define PROBE_CTX_USER		BIT(1)	/* a uprobe: user memory, file offsets */
#define PROBE_CTX_EVENT		BIT(2)	/* an eprobe: $FIELD of the event */
#define PROBE_CTX_NOREGS	BIT(3)	/* no registers (fprobe, tprobe, eprobe) */
#define PROBE_CTX_ENTRY		BIT(4)	/* at a function's entry: $argN */
#define PROBE_CTX_RETURN	BIT(5)	/* at a function's return: $retval */

/* Where the value of an argument comes from. */
enum probe_src {
	PSRC_REG,	/* a register: @off into struct pt_regs */
	PSRC_STACKP,	/* the stack pointer */
	PSRC_STACK,	/* the @off-th word on the stack */
	PSRC_RETVAL,	/* the return value */
	PSRC_ARG,	/* the @off-th (1-based) argument of the function */
	PSRC_COMM,	/* current's comm (a string) */
	PSRC_IMM,	/* the number @imm */
	PSRC_IMMSTR,	/* the string @str */
	PSRC_ADDR,	/* memory at @imm (a resolved @ADDR or @SYM+OFFS) */
	PSRC_FOFFS,	/* memory at file offset @imm of the probed file */
	PSRC_FIELD,	/* the attached event's field (@off, @field_kind) */
};

/*
 * What an attached event's field holds, as an eprobe fetches it: a
 * number (its value, sign-extended if signed), or a string (its
 * address, which a string type then reads).
 */
enum probe_field_kind {
	PFIELD_UNSIGNED,
	PFIELD_SIGNED,
	PFIELD_STR_DYN,		/* __data_loc: offset from the record */
	PFIELD_STR_REL,		/* __rel_loc: offset from the field's end */
	PFIELD_STR_ARRAY,	/* char[N] in the record */
	PFIELD_STR_PTR,		/* char *: the string's address */
};

/* How the value is stored in the record. */
enum probe_store {
	PST_VALUE,	/* a number of the type's size */
	PST_STRING,	/* the string at the address */
	PST_USTRING,	/* the user string at the address */
	PST_SYMSTR,	/* "sym+0xoff/0xsize" of the value */
};

struct probe_argtype {
	const char	*name;		/* as written after ':' */
	const char	*fmt_type;	/* the type in the format file */
	const char	*print;		/* its format in the print fmt */
	unsigned char	size;		/* bytes in the record */
	bool		is_signed;
	enum probe_store store;
};

/* One read of memory on the way: *(long *)(value + off). */
struct probe_deref {
	long	off;
	bool	user;		/* user memory (+u/-u) */
};

struct probe_arg {
	char			name[PROBE_ARG_NAME_MAX + 1];
	char			text[PROBE_ARG_BODY_MAX + 1];	/* as written */
	enum probe_src		src;
	long			off;		/* register offset, index, field */
	unsigned long		imm;
	const char		*str;		/* PSRC_IMMSTR (allocated) */
	/* PSRC_FIELD: the field's size and what it holds */
	unsigned int		field_size;
	enum probe_field_kind	field_kind;
	/* the reads, innermost first; the last one reads the type's size */
	unsigned int		nr_deref;
	struct probe_deref	deref[PROBE_DEREF_MAX];
	const struct probe_argtype	*type;
	unsigned int		count;		/* TYPE[N]: N, else 0 */
	/* a bitfield b<width>@<offset>/<container>, width 0 if none */
	unsigned char		bf_width, bf_offset;
	/* where it is in the record (probe_args_layout()) */
	unsigned int		offset;
};

/* The fields a probe's record has before its arguments. */
enum probe_head {
	PROBE_HEAD_ENTRY,	/* __probe_ip: kprobe, fprobe, tprobe, uprobe */
	PROBE_HEAD_RETURN,	/* __probe_func, __probe_ret_ip */
	PROBE_HEAD_EVENT,	/* none: an eprobe */
};

/*
 * A name from the probed function's BTF: a parameter by its name, or the
 * return value ("$retval"), and the fields it goes through ("->F" reads
 * the pointer, ".F" stays in the struct).
 */
struct probe_btf_ref {
	/* the parameter, 1-based ($argN's N); 0: the return value */
	unsigned int	param;
	/* false: $retval of a function BTF does not know (a plain one) */
	bool		found;
	/* a read for each "->": at these offsets, innermost first */
	unsigned int	nr_deref;
	long		deref[PROBE_DEREF_MAX];
	/* the last value's type as its default ("x64", "s32"), or NULL */
	const char	*type;
	/* a bitfield of the last field: width and bit offset in the read */
	unsigned char	bf_width, bf_offset;
	/* what a string type makes of it */
	enum { PBTF_NOT_STR, PBTF_CHAR_ARRAY, PBTF_CHAR_PTR } str;
};

/* The probed function's BTF, for argument names (PROBE_EVENTS_BTF_ARGS). */
struct probe_btf_ops {
	/*
	 * How many parameters the function has (a tracepoint's, its data
	 * left out), or -ENOENT when BTF does not know the function.
	 */
	int (*nr_params)(void *data);
	/* the name of parameter @i (0-based), or NULL */
	const char *(*param_name)(void *data, unsigned int i);
	/*
	 * Resolve @expr, "NAME[->F|.F...]" or "$retval[->F|.F...]" at an
	 * entry (@at_return false) or a return, into @ref: 0, or -errno
	 * with @err and @col (the column in @expr) set.
	 */
	int (*resolve)(void *data, const char *expr, bool at_return,
		       struct probe_btf_ref *ref, enum probe_err *err,
		       int *col);
};

/*
 * What a probe type tells the parser about its world. Any hook may be
 * NULL: that part of the language is then refused as upstream refuses
 * it where the probe type lacks it.
 */
struct probe_arg_env {
	/* offset of register @name in struct pt_regs, or negative */
	int (*reg_offset)(const char *name);
	/* address of data symbol @name, 0 if none */
	unsigned long (*symbol)(const char *name);
	/* the attached event's field @name: 0 and where it is, or -ENOENT */
	int (*field)(void *data, const char *name, long *off,
		     unsigned int *size, enum probe_field_kind *kind);
	void *data;
	/* the words of the stack one may name: $stackN, N at most this */
	unsigned int stack_words;
	/* the probed function's BTF (NULL: none), and its data */
	const struct probe_btf_ops *btf;
	void *btf_data;
};

/* The parse of one argument: its context in, the first error out. */
struct probe_parse {
	unsigned int			flags;		/* PROBE_CTX_* */
	const struct probe_arg_env	*env;
	unsigned int			index;		/* 1-based: arg<index> */
	/* names already taken by earlier arguments of the event */
	bool (*name_used)(void *data, const char *name);
	void				*data;
	/* the error: its code, where in the argument, its errno */
	enum probe_err			err;
	int				err_pos;
	int				err_errno;
	/* an unresolved @SYM: reported at the probe point, not here */
	bool				err_at_point;
	/* a second entry the reference logs at the same column, or none */
	enum probe_err			err_also;
};

/*
 * Parse @text, one argument token, into @arg. 0, or -errno with
 * @p->err and @p->err_pos set.
 */
int probe_arg_parse(struct probe_parse *p, const char *text,
		    struct probe_arg *arg);
/*
 * Place @n arguments in the record after @head's fields (in order, with
 * no padding, as the reference) and write the event's print fmt into
 * @fmt (@size bytes). The size of the record's fixed part, or -E2BIG
 * when @fmt is too small.
 */
int probe_args_layout(struct probe_arg *args, unsigned int n,
		      enum probe_head head, char *fmt, size_t size);
/* The bytes of the record before its arguments (the head's end). */
unsigned int probe_head_size(enum probe_head head);
/* Text written into @buf: @len counts on past @size when it was cut. */
struct probe_buf {
	char	*buf;
	size_t	size, len;
};

__printf(2, 3) void probe_buf_add(struct probe_buf *b, const char *fmt, ...);
/* The bytes @arg takes in the record. */
unsigned int probe_arg_size(const struct probe_arg *arg);
/* Free what @arg holds (its immediate string). */
void probe_arg_free(struct probe_arg *arg);

#endif /* _KERNEL_TRACE_PROBE_ARGS_H */
