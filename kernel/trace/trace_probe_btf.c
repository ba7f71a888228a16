// SPDX-License-Identifier: GPL-2.0
/*
 * Probe arguments by name (PROBE_EVENTS_BTF_ARGS): the probed function's
 * prototype and the structs its parameters point to, from BTF (vmlinux's
 * or a module's), for the argument parser (struct probe_btf_ops in
 * trace_probe_args.h). The parser stays free of kernel state; this file
 * answers its questions.
 *
 * A context is one definition's: the function is looked up on the first
 * question and its BTF held until probe_btf_release().
 */
#include <linux/btf.h>
#include <linux/err.h>
#include <linux/log2.h>
#include <linux/string.h>

#include "trace_probe.h"

/* struct anonymous members nested this deep are searched, no deeper */
#define BTF_ANON_DEPTH	8

static void btf_query(struct probe_btf *b)
{
	const struct btf_type *t;
	struct btf *btf;
	s32 id;

	if (b->queried)
		return;
	b->queried = true;
	b->nr = -ENOENT;
	if (!b->func || !b->func[0])
		return;
	id = bpf_find_btf_id(b->func, BTF_KIND_FUNC, &btf);
	if (id < 0)
		return;
	t = btf_type_by_id(btf, id);
	if (t && btf_type_is_func(t))
		t = btf_type_by_id(btf, t->type);
	if (!t || !btf_type_is_func_proto(t)) {
		btf_put(btf);
		return;
	}
	b->btf = btf;
	b->proto = t;
	b->params = (const struct btf_param *)(t + 1);
	b->nr = btf_type_vlen(t);
	/* a tracepoint's stub: its first parameter is the probe's data */
	if (b->tpoint && b->nr > 0) {
		b->params++;
		b->nr--;
	}
}

static int btf_nr_params(void *data)
{
	struct probe_btf *b = data;

	btf_query(b);
	return b->nr;
}

static const char *btf_param_name(void *data, unsigned int i)
{
	struct probe_btf *b = data;

	btf_query(b);
	if (b->nr < 0 || i >= b->nr)
		return NULL;
	return btf_name_by_offset(b->btf, b->params[i].name_off);
}

/* The default type of a value of BTF type @t, or NULL: none. */
static const char *type_of(struct probe_btf_ref *ref, const struct btf_type *t)
{
	static const char *const sints[] = { "s8", "s16", "s32", "s64" };
	static const char *const uints[] = { "u8", "u16", "u32", "u64" };
	unsigned int bits;

	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_ENUM:
		return "s32";
	case BTF_KIND_ENUM64:
		return "s64";
	case BTF_KIND_PTR:
		return IS_ENABLED(CONFIG_64BIT) ? "x64" : "x32";
	case BTF_KIND_INT:
		bits = btf_int_bits(t);
		if (bits == 8 || bits == 16 || bits == 32 || bits == 64)
			return (btf_int_encoding(t) & BTF_INT_SIGNED ?
				sints : uints)[ilog2(bits) - 3];
		/* an odd width: its bits out of a 64-bit read */
		if (!ref->bf_width) {
			ref->bf_width = bits;
			ref->bf_offset += btf_int_offset(t);
		}
		return "u64";
	}
	return NULL;
}

/* Is @t (a member's or parameter's type) an 8-bit unsigned integer? */
static bool is_char(const struct btf *btf, u32 id)
{
	const struct btf_type *t = btf_type_skip_modifiers(btf, id, NULL);

	return t && btf_type_is_int(t) && btf_int_bits(t) == 8 &&
	       !(btf_int_encoding(t) & BTF_INT_SIGNED);
}

/*
 * Member @name of struct or union @t, searched through its anonymous
 * members too: the member, with its bit offset from @t's start in *@bits
 * and the struct holding it in *@holder. NULL if none.
 */
static const struct btf_member *find_member(const struct btf *btf,
					    const struct btf_type *t,
					    const char *name, u32 *bits,
					    const struct btf_type **holder,
					    int depth)
{
	const struct btf_member *m, *found;
	const struct btf_type *mt;
	const char *mname;
	u32 inner;
	int i;

	for_each_member(i, t, m) {
		if (m->name_off) {
			mname = btf_name_by_offset(btf, m->name_off);
			if (mname && !strcmp(mname, name)) {
				*bits = __btf_member_bit_offset(t, m);
				*holder = t;
				return m;
			}
			continue;
		}
		mt = btf_type_skip_modifiers(btf, m->type, NULL);
		if (!mt || !btf_type_is_struct(mt) || depth >= BTF_ANON_DEPTH)
			continue;
		found = find_member(btf, mt, name, &inner, holder, depth + 1);
		if (found) {
			*bits = __btf_member_bit_offset(t, m) + inner;
			return found;
		}
	}
	return NULL;
}

static int btf_fail(enum probe_err *err, int *col, enum probe_err e, int at,
		    int errno_)
{
	*err = e;
	*col = at;
	return -errno_;
}

/*
 * The field chain @f (after the first "->"), from a pointer of BTF type
 * @t: a read per "->", the offsets of "."s summed into it. @at is @f's
 * column in the expression.
 */
static int walk_fields(struct probe_btf *b, char *f, int at,
		       const struct btf_type *t, u32 *tid,
		       struct probe_btf_ref *ref, enum probe_err *err,
		       int *col)
{
	const struct btf_type *holder;
	const struct btf_member *m;
	u32 bits, offs;
	char *next;
	bool arrow;

	do {
		/* f follows "->": t must point to a struct */
		if (!btf_type_is_ptr(t))
			return btf_fail(err, col, PERR_NO_PTR_STRCT, at, EINVAL);
		t = btf_type_skip_modifiers(b->btf, t->type, tid);
		if (!t)
			return btf_fail(err, col, PERR_BAD_BTF_TID, at, EINVAL);
		offs = 0;
		ref->bf_width = 0;
		do {
			next = strpbrk(f, ".-");
			arrow = false;
			if (next) {
				if (next[0] == '-' && next[1] != '>')
					return btf_fail(err, col, PERR_BAD_HYPHEN,
							at + (next - f), EINVAL);
				arrow = next[0] == '-';
				*next = '\0';
				next += arrow ? 2 : 1;
			}
			if (!btf_type_is_struct(t))
				return btf_fail(err, col, PERR_BAD_BTF_TID, at,
						EINVAL);
			m = find_member(b->btf, t, f, &bits, &holder, 0);
			if (!m)
				return btf_fail(err, col, PERR_NO_BTF_FIELD, at,
						ENOENT);
			offs += bits;
			ref->bf_width = __btf_member_bitfield_size(holder, m);
			t = btf_type_skip_modifiers(b->btf, m->type, tid);
			if (!t)
				return btf_fail(err, col, PERR_BAD_BTF_TID, at,
						EINVAL);
			if (next)
				at += next - f;
			f = next;
		} while (f && !arrow);
		if (ref->nr_deref == PROBE_DEREF_MAX)
			return btf_fail(err, col, PERR_TOO_MANY_OPS, at, EINVAL);
		ref->deref[ref->nr_deref++] = offs / 8;
		ref->bf_offset = offs % 8;
	} while (f);
	/* the last field's own type, and whether a string can be had of it */
	ref->type = type_of(ref, t);
	if (btf_type_is_array(t))
		ref->str = is_char(b->btf, btf_array(t)->type) ?
			   PBTF_CHAR_ARRAY : PBTF_NOT_STR;
	else if (btf_type_is_ptr(t))
		ref->str = is_char(b->btf, t->type) ? PBTF_CHAR_PTR :
						      PBTF_NOT_STR;
	/* a whole number of bytes is no bitfield */
	if (ref->bf_width % 8 == 0 && !ref->bf_offset)
		ref->bf_width = 0;
	return 0;
}

static int btf_resolve(void *data, const char *expr, bool at_return,
		       struct probe_btf_ref *ref, enum probe_err *err,
		       int *col)
{
	struct probe_btf *b = data;
	const struct btf_type *t;
	char buf[PROBE_ARG_BODY_MAX + 1], *f;
	const char *name;
	u32 tid = 0;
	int i;

	if (strscpy(buf, expr, sizeof(buf)) < 0)
		return btf_fail(err, col, PERR_ARG_TOO_LONG, 0, E2BIG);
	/* NAME, then "->FIELD" or nothing: ".FIELD" on a struct value is not */
	f = strpbrk(buf, ".-");
	if (f) {
		if (f[0] == '.')
			return btf_fail(err, col, PERR_NOSUP_DAT_ARG,
					f + 1 - buf, EOPNOTSUPP);
		if (f[1] != '>')
			return btf_fail(err, col, PERR_BAD_HYPHEN, f - buf,
					EINVAL);
		*f = '\0';
		f += 2;
	}
	btf_query(b);
	if (at_return && !strcmp(buf, "$retval")) {
		if (b->nr < 0) {
			if (f)
				return btf_fail(err, col, PERR_NO_BTF_ENTRY,
						f - buf, ENOENT);
			ref->found = false;
			return 0;
		}
		if (!b->proto->type)
			return btf_fail(err, col, PERR_NO_RETVAL, 0, ENOENT);
		ref->param = 0;
		tid = b->proto->type;
	} else {
		if (b->nr <= 0)
			return btf_fail(err, col, PERR_NO_BTF_ENTRY, 0, ENOENT);
		for (i = 0; i < b->nr; i++) {
			name = btf_name_by_offset(b->btf, b->params[i].name_off);
			if (name && !strcmp(name, buf))
				break;
		}
		if (i == b->nr)
			return btf_fail(err, col, PERR_NO_BTFARG, 0, ENOENT);
		ref->param = i + 1;
		tid = b->params[i].type;
	}
	ref->found = true;
	t = btf_type_skip_modifiers(b->btf, tid, &tid);
	if (!t)
		return btf_fail(err, col, PERR_BAD_BTF_TID, 0, EINVAL);
	if (f)
		return walk_fields(b, f, f - buf, t, &tid, ref, err, col);
	ref->type = type_of(ref, t);
	if (btf_type_is_ptr(t) && is_char(b->btf, t->type))
		ref->str = PBTF_CHAR_PTR;
	return 0;
}

const struct probe_btf_ops probe_btf_ops = {
	.nr_params	= btf_nr_params,
	.param_name	= btf_param_name,
	.resolve	= btf_resolve,
};

void probe_btf_release(struct probe_btf *b)
{
	if (b->btf)
		btf_put(b->btf);
	b->btf = NULL;
	b->queried = false;
}
