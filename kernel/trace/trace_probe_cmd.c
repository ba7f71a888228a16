// SPDX-License-Identifier: GPL-2.0
/*
 * The command line of a probe event (trace_probe_cmd.h): argv[0], the
 * kind, its MAXACTIVE and GRP/EVENT; argv[1], where it probes. Each
 * probe kind checks them in the order the reference checks them, since
 * that order decides which error a bad command gets; the comments say
 * where the kinds differ.
 */
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/sprintf.h>
#include <linux/string.h>

#include "trace_probe_cmd.h"

static int cmd_fail(struct probe_cmd_err *e, enum probe_err err, int word,
		    int col, int errno_)
{
	if (e->err == PERR_NONE) {
		e->err = err;
		e->word = word;
		e->col = col;
		e->errno_ = errno_;
	}
	return -errno_;
}

/* [A-Za-z_][A-Za-z0-9_]*, and '-' too in a group's name */
static bool is_name(const char *s, size_t len, bool group)
{
	size_t i;

	if (!len)
		return false;
	for (i = 0; i < len; i++) {
		if (isalpha(s[i]) || s[i] == '_' || (group && s[i] == '-'))
			continue;
		if (i && isdigit(s[i]))
			continue;
		return false;
	}
	return true;
}

/*
 * GRP/EVENT, GRP.EVENT (a '.' only where there is no '/'), EVENT, or GRP/
 * (the event named by default), at column @col of word @word.
 */
static int parse_event_spec(const char *spec, int word, int col,
			    char *group, char *event, struct probe_cmd_err *e)
{
	const char *sep = strchr(spec, '/'), *ev = spec;
	size_t len;
	int ecol = col;

	if (!sep)
		sep = strchr(spec, '.');
	if (sep) {
		len = sep - spec;
		if (!len)
			return cmd_fail(e, PERR_NO_GROUP_NAME, word, col, EINVAL);
		if (len > PROBE_GROUP_MAX)
			return cmd_fail(e, PERR_GROUP_TOO_LONG, word, col, EINVAL);
		if (!is_name(spec, len, true))
			return cmd_fail(e, PERR_BAD_GROUP_NAME, word, col, EINVAL);
		memcpy(group, spec, len);
		group[len] = '\0';
		ev = sep + 1;
		ecol = col + len + 1;
		if (!*ev)
			return 0;
	} else if (!*ev) {
		return cmd_fail(e, PERR_NO_EVENT_NAME, word, ecol, EINVAL);
	}
	len = strlen(ev);
	if (len > PROBE_GROUP_MAX)
		return cmd_fail(e, PERR_EVENT_TOO_LONG, word, ecol, EINVAL);
	if (!is_name(ev, len, false))
		return cmd_fail(e, PERR_BAD_EVENT_NAME, word, ecol, EINVAL);
	memcpy(event, ev, len + 1);
	return 0;
}

/* r<MAXACTIVE>: the digits after the letter, up to ':' */
static int parse_maxactive(const char *word0, struct probe_cmd *cmd,
			   struct probe_cmd_err *e)
{
	char buf[64];
	size_t len = strcspn(word0 + 1, ":");
	unsigned long n;

	if (len >= sizeof(buf))
		return cmd_fail(e, PERR_BAD_MAXACT, 0, 1, EINVAL);
	memcpy(buf, word0 + 1, len);
	buf[len] = '\0';
	/* 0 is refused, though upstream's documentation calls it the default */
	if (kstrtoul(buf, 0, &n) || !n)
		return cmd_fail(e, PERR_BAD_MAXACT, 0, 1, EINVAL);
	if (n > PROBE_MAXACTIVE_MAX)
		return cmd_fail(e, PERR_MAXACT_TOO_BIG, 0, 1, EINVAL);
	cmd->maxactive = n;
	return 0;
}

/* @loc's "%return", if any, cut off; anything else after '%' is refused */
static int cut_return(char *loc, struct probe_cmd *cmd,
		      struct probe_cmd_err *e)
{
	char *pct = strchr(loc, '%');

	if (!pct)
		return 0;
	if (strcmp(pct, "%return"))
		return cmd_fail(e, PERR_BAD_ADDR_SUFFIX, 1, pct - loc, EINVAL);
	*pct = '\0';
	cmd->is_return = true;
	return 0;
}

/* KADDR, or [MOD:]SYM[+|-OFFS][%return] */
static int parse_kprobe_loc(const char *arg, struct probe_cmd *cmd,
			    struct probe_cmd_err *e)
{
	char loc[sizeof(cmd->symbol)], *sign;
	long off = 0;

	if (!kstrtoul(arg, 0, &cmd->addr)) {
		cmd->is_addr = true;
		return 0;
	}
	if (strscpy(loc, arg, sizeof(loc)) < 0)
		return cmd_fail(e, PERR_BAD_PROBE_ADDR, 1, 0, EINVAL);
	if (cut_return(loc, cmd, e))
		return -e->errno_;
	sign = strpbrk(loc, "+-");
	if (sign) {
		/* a negative offset, or one past 32 bits, is no place */
		if (kstrtol(sign[0] == '+' ? sign + 1 : sign, 0, &off) ||
		    off < 0 || off > UINT_MAX)
			return cmd_fail(e, PERR_BAD_PROBE_ADDR, 1, 0, EINVAL);
		*sign = '\0';
	}
	if (!loc[0])
		return cmd_fail(e, PERR_BAD_PROBE_ADDR, 1, 0, EINVAL);
	strscpy(cmd->symbol, loc, sizeof(cmd->symbol));
	cmd->offset = off;
	return 0;
}

/*
 * PATH:OFFSET[%return][(REF)]: the reference takes the "(REF)" first, so
 * "OFFSET(REF)%return" is a bad suffix of the reference counter.
 */
static int parse_uprobe_loc(const char *arg, struct probe_cmd *cmd,
			    struct probe_cmd_err *e)
{
	char loc[sizeof(cmd->symbol)], *colon, *open, *close;
	int base;

	if (strscpy(loc, arg, sizeof(loc)) < 0)
		return cmd_fail(e, PERR_FILE_NOT_FOUND, 1, 0, ENAMETOOLONG);
	colon = strrchr(loc, ':');
	if (!colon)
		return cmd_fail(e, PERR_BAD_UPROBE_OFFS, 1, 0, EINVAL);
	*colon = '\0';
	strscpy(cmd->symbol, loc, sizeof(cmd->symbol));
	base = colon + 1 - loc;
	open = strchr(colon + 1, '(');
	if (open) {
		close = strchr(open, ')');
		if (!close)
			return cmd_fail(e, PERR_REFCNT_OPEN_BRACE, 1,
					strlen(arg), EINVAL);
		if (close[1])
			return cmd_fail(e, PERR_BAD_REFCNT_SUFFIX, 1,
					close + 1 - loc, EINVAL);
		*close = '\0';
		if (kstrtoul(open + 1, 0, &cmd->ref_ctr))
			return cmd_fail(e, PERR_BAD_REFCNT, 1,
					open + 1 - loc, EINVAL);
		*open = '\0';
	}
	if (cut_return(colon + 1, cmd, e)) {
		/* cut_return() counts from the offset: count from the word */
		e->col += base;
		return -e->errno_;
	}
	if (kstrtoul(colon + 1, 0, &cmd->addr))
		return cmd_fail(e, PERR_BAD_UPROBE_OFFS, 1, base, EINVAL);
	return 0;
}

/* A tracepoint's name: [A-Za-z0-9_]+, the error at the first other char */
static int check_tp_name(const char *name, struct probe_cmd_err *e)
{
	size_t i;

	for (i = 0; name[i]; i++)
		if (!isalnum(name[i]) && name[i] != '_')
			return cmd_fail(e, PERR_BAD_TP_NAME, 1, i, EINVAL);
	return 0;
}

/* "$retval" in an argument, not as the start of a longer name */
static const char *find_retval(const char *arg)
{
	const char *r = arg;

	while ((r = strstr(r, "$retval"))) {
		if (!isalnum(r[7]) && r[7] != '_')
			return r;
		r += 7;
	}
	return NULL;
}

static int parse_kprobe(int argc, const char *const *argv,
			struct probe_cmd *cmd, struct probe_cmd_err *e)
{
	const char *w0 = argv[0], *colon = strchr(w0 + 1, ':');

	if (w0[0] != 'p' && w0[0] != 'r')
		return -EINVAL;
	cmd->is_return = w0[0] == 'r';
	/*
	 * Letters between the kind and ':' are ignored ("pfoo:bar" is
	 * "p:bar"), as by the reference, unless the first is a digit.
	 */
	if (isdigit(w0[1])) {
		if (!cmd->is_return)
			return cmd_fail(e, PERR_BAD_MAXACT_TYPE, 0, 1, EINVAL);
		if (parse_maxactive(w0, cmd, e))
			return -e->errno_;
	}
	if (parse_kprobe_loc(argv[1], cmd, e))
		return -e->errno_;
	if (colon && parse_event_spec(colon + 1, 0, colon + 1 - w0,
				      cmd->group, cmd->event, e))
		return -e->errno_;
	return 0;
}

static int parse_uprobe(int argc, const char *const *argv,
			struct probe_cmd *cmd, struct probe_cmd_err *e)
{
	const char *w0 = argv[0];

	if (w0[0] != 'p' && w0[0] != 'r')
		return -EINVAL;
	cmd->is_return = w0[0] == 'r';
	if (parse_uprobe_loc(argv[1], cmd, e))
		return -e->errno_;
	/* only "p:" and "r:" name the event: "r10:foo" is "r", quietly */
	if (w0[1] == ':' && parse_event_spec(w0 + 2, 0, 2, cmd->group,
					     cmd->event, e))
		return -e->errno_;
	return 0;
}

/* f and t: MAXACTIVE first, the probe's return-ness last of all */
static int parse_fprobe(int argc, const char *const *argv,
			struct probe_cmd *cmd, struct probe_cmd_err *e)
{
	const char *w0 = argv[0], *colon = strchr(w0 + 1, ':'), *r;
	char loc[sizeof(cmd->symbol)];
	bool tp = w0[0] == 't';
	int i;

	if (w0[0] != 'f' && !tp)
		return -EINVAL;
	cmd->kind = tp ? PROBE_TPROBE : PROBE_FPROBE;
	if (isdigit(w0[1]) && parse_maxactive(w0, cmd, e))
		return -e->errno_;
	if (strscpy(loc, argv[1], sizeof(loc)) < 0)
		return cmd_fail(e, PERR_BAD_PROBE_ADDR, 1, 0, EINVAL);
	if (tp && strchr(loc, '%'))
		return cmd_fail(e, PERR_BAD_ADDR_SUFFIX, 1,
				strchr(loc, '%') - loc, EINVAL);
	if (cut_return(loc, cmd, e))
		return -e->errno_;
	if (tp && check_tp_name(loc, e))
		return -e->errno_;
	strscpy(cmd->symbol, loc, sizeof(cmd->symbol));
	/* $retval makes an fprobe one on the exit; a tracepoint has none */
	for (i = 2; i < argc; i++) {
		r = find_retval(argv[i]);
		if (!r)
			continue;
		if (tp)
			return cmd_fail(e, PERR_RETVAL_ON_PROBE, i, r - argv[i],
					EINVAL);
		cmd->is_return = true;
	}
	if (cmd->maxactive && !cmd->is_return)
		return cmd_fail(e, PERR_BAD_MAXACT_TYPE, 0, 1, EINVAL);
	if (colon && parse_event_spec(colon + 1, 0, colon + 1 - w0,
				      cmd->group, cmd->event, e))
		return -e->errno_;
	return 0;
}

/* e[:[GRP/]EVENT] SYS.EVENT|SYS/EVENT: the name first, then the target */
static int parse_eprobe(int argc, const char *const *argv,
			struct probe_cmd *cmd, struct probe_cmd_err *e)
{
	const char *w0 = argv[0], *colon = strchr(w0 + 1, ':');
	char sys[PROBE_GROUP_MAX + 1] = "", ev[PROBE_GROUP_MAX + 1] = "";
	int ret;

	if (w0[0] != 'e')
		return -EINVAL;
	if (colon && parse_event_spec(colon + 1, 0, colon + 1 - w0,
				      cmd->group, cmd->event, e))
		return -e->errno_;
	ret = parse_event_spec(argv[1], 1, 0, sys, ev, e);
	if (ret || !sys[0] || !ev[0]) {
		/* the reference logs this besides any error of the name */
		if (e->err != PERR_NONE) {
			e->err_also = PERR_NO_EVENT_INFO;
			return -e->errno_;
		}
		return cmd_fail(e, PERR_NO_EVENT_INFO, 1, 0, EINVAL);
	}
	snprintf(cmd->symbol, sizeof(cmd->symbol), "%s.%s", sys, ev);
	return 0;
}

/* PATH:OFFSET as the uprobe parser wants it: a '/', a digit after the last ':' */
static bool uprobe_place(const char *arg)
{
	const char *colon = strrchr(arg, ':');

	return strchr(arg, '/') && colon && isdigit(colon[1]);
}

int probe_cmd_kind(int argc, const char *const *argv)
{
	struct probe_cmd_err e = { };
	struct probe_cmd cmd = { };
	unsigned long addr;

	if (argc < 2)
		return -EINVAL;
	switch (argv[0][0]) {
	case 'e':
		return PROBE_EPROBE;
	case 'f':
		return PROBE_FPROBE;
	case 't':
		return PROBE_TPROBE;
	case 'p':
	case 'r':
		break;
	default:
		return -EINVAL;
	}
	/* not a number, and with a '/' and a ':': the kprobe parser declines */
	if (kstrtoul(argv[1], 0, &addr) && strchr(argv[1], '/') &&
	    strchr(argv[1], ':')) {
		/* ...after its MAXACTIVE check, whose error is its own */
		if (isdigit(argv[0][1]) &&
		    (argv[0][0] == 'p' || parse_maxactive(argv[0], &cmd, &e)))
			return PROBE_KPROBE;
		return uprobe_place(argv[1]) ? PROBE_UPROBE : -EINVAL;
	}
	return PROBE_KPROBE;
}

int probe_cmd_parse(enum probe_kind kind, int argc, const char *const *argv,
		    struct probe_cmd *cmd, struct probe_cmd_err *e)
{
	memset(cmd, 0, sizeof(*cmd));
	memset(e, 0, sizeof(*e));
	cmd->kind = kind;
	/* fewer than two words: not this kind's command */
	if (argc < 2)
		return -EINVAL;
	/* too many arguments: refused before anything, and not logged */
	if (argc - 2 > PROBE_ARGS_MAX)
		return -E2BIG;
	switch (kind) {
	case PROBE_KPROBE:
		return parse_kprobe(argc, argv, cmd, e);
	case PROBE_UPROBE:
		return parse_uprobe(argc, argv, cmd, e);
	case PROBE_FPROBE:
	case PROBE_TPROBE:
		return parse_fprobe(argc, argv, cmd, e);
	case PROBE_EPROBE:
		return parse_eprobe(argc, argv, cmd, e);
	}
	return -EINVAL;
}

int probe_cmd_filter(int argc, const char *const *argv, int *nargs,
		     char *filter, size_t size, struct probe_cmd_err *e)
{
	struct probe_buf l = { .buf = filter, .size = size };
	int i, first;

	filter[0] = '\0';
	for (i = 2; i < argc && strcmp(argv[i], "if"); i++)
		;
	*nargs = i - 2;
	if (i == argc)
		return 0;
	first = ++i;
	/* the caret one past the end of the command */
	if (i == argc)
		return cmd_fail(e, PERR_NO_EP_FILTER, argc, 0, EINVAL);
	for (; i < argc; i++)
		probe_buf_add(&l, "%s%s", i > first ? " " : "", argv[i]);
	return l.len < size ? 0 : -E2BIG;
}

static const char *const default_groups[] = {
	[PROBE_KPROBE]	= "kprobes",
	[PROBE_UPROBE]	= "uprobes",
	[PROBE_FPROBE]	= "fprobes",
	[PROBE_TPROBE]	= "tracepoints",
	[PROBE_EPROBE]	= "eprobes",
};

/* ':', '.' and '*' after the first character become '_' */
static void sanitize(char *name)
{
	for (name++; *name; name++)
		if (*name == ':' || *name == '.' || *name == '*')
			*name = '_';
}

void probe_cmd_default_names(struct probe_cmd *cmd)
{
	char *ev = cmd->event, kind = cmd->is_return ? 'r' : 'p';
	size_t size = sizeof(cmd->event), len;
	const char *base;

	if (!cmd->group[0])
		strscpy(cmd->group, default_groups[cmd->kind], sizeof(cmd->group));
	if (ev[0])
		return;
	/* a long name is cut to fit, as the reference cuts it */
	switch (cmd->kind) {
	case PROBE_KPROBE:
		/* an address: as %p prints it, hashed */
		if (cmd->is_addr)
			scnprintf(ev, size, "%c_0x%p", kind, (void *)cmd->addr);
		else
			scnprintf(ev, size, "%c_%s_%ld", kind, cmd->symbol,
				  cmd->offset);
		sanitize(ev);
		break;
	case PROBE_UPROBE:
		/* "p_" even on a return, and the file's name to its first .-_ */
		base = strrchr(cmd->symbol, '/');
		base = base ? base + 1 : cmd->symbol;
		len = strcspn(base, ".-_");
		scnprintf(ev, size, "p_%.*s_0x%lx", (int)len, base, cmd->addr);
		break;
	case PROBE_FPROBE:
		scnprintf(ev, size, "%s__%s", cmd->symbol,
			  cmd->is_return ? "exit" : "entry");
		sanitize(ev);
		break;
	case PROBE_TPROBE:
		scnprintf(ev, size, "%s%s", isdigit(cmd->symbol[0]) ? "_" : "",
			  cmd->symbol);
		break;
	case PROBE_EPROBE:
		base = strchr(cmd->symbol, '.');
		strscpy(ev, base ? base + 1 : cmd->symbol, size);
		break;
	}
}

int probe_cmd_show(const struct probe_cmd *cmd, const struct probe_arg *args,
		   unsigned int n, char *buf, size_t size)
{
	struct probe_buf l = { .buf = buf, .size = size };
	char kind = cmd->is_return ? 'r' : 'p';
	unsigned int i;

	switch (cmd->kind) {
	case PROBE_KPROBE:
		probe_buf_add(&l, "%c", kind);
		if (cmd->is_return && cmd->maxactive)
			probe_buf_add(&l, "%u", cmd->maxactive);
		probe_buf_add(&l, ":%s/%s ", cmd->group, cmd->event);
		/* an address as %p prints it; "%return" is never shown */
		if (cmd->is_addr)
			probe_buf_add(&l, "0x%p", (void *)cmd->addr);
		else if (cmd->offset)
			probe_buf_add(&l, "%s+%lu", cmd->symbol, cmd->offset);
		else
			probe_buf_add(&l, "%s", cmd->symbol);
		break;
	case PROBE_UPROBE:
		probe_buf_add(&l, "%c:%s/%s %s:0x%0*lx", kind, cmd->group,
			      cmd->event, cmd->symbol, (int)(2 * sizeof(long)),
			      cmd->addr);
		if (cmd->ref_ctr)
			probe_buf_add(&l, "(0x%lx)", cmd->ref_ctr);
		break;
	case PROBE_FPROBE:
		probe_buf_add(&l, "f");
		if (cmd->maxactive)
			probe_buf_add(&l, "%u", cmd->maxactive);
		probe_buf_add(&l, ":%s/%s %s%s", cmd->group, cmd->event,
			      cmd->symbol, cmd->is_return ? "%return" : "");
		break;
	case PROBE_TPROBE:
	case PROBE_EPROBE:
		probe_buf_add(&l, "%c:%s/%s %s",
			      cmd->kind == PROBE_TPROBE ? 't' : 'e', cmd->group,
			      cmd->event, cmd->symbol);
		break;
	}
	for (i = 0; i < n; i++)
		probe_buf_add(&l, " %s=%s", args[i].name, args[i].text);
	probe_buf_add(&l, "\n");
	return l.len < size ? (int)l.len : -E2BIG;
}

int probe_cmd_removal(const char *word0, char *group, char *event)
{
	const char *spec, *slash;
	size_t len;

	if (word0[0] == '-') {
		if (word0[1] != ':')
			return -EINVAL;
		spec = word0 + 2;
	} else if (word0[0] == '!') {
		spec = strchr(word0, ':');
		if (!spec)
			return -EINVAL;
		spec++;
	} else {
		return -EINVAL;
	}
	/* only '/' separates here: "GRP/" is all of GRP, "EVENT" any group */
	slash = strchr(spec, '/');
	len = slash ? (size_t)(slash - spec) : 0;
	if (len > PROBE_GROUP_MAX ||
	    strlen(slash ? slash + 1 : spec) > PROBE_GROUP_MAX)
		return -EINVAL;
	memcpy(group, spec, len);
	group[len] = '\0';
	strscpy(event, slash ? slash + 1 : spec, PROBE_GROUP_MAX + 1);
	if (!group[0] && !event[0])
		return -EINVAL;
	return 0;
}

/* Does @word name @cmd's place? */
static bool loc_matches(const struct probe_cmd *cmd, const char *word)
{
	char buf[sizeof(cmd->symbol) + 64];
	const char *dot;

	switch (cmd->kind) {
	case PROBE_KPROBE:
		if (cmd->is_addr)
			snprintf(buf, sizeof(buf), "0x%p", (void *)cmd->addr);
		else if (cmd->offset)
			snprintf(buf, sizeof(buf), "%s+%lu", cmd->symbol,
				 cmd->offset);
		else
			strscpy(buf, cmd->symbol, sizeof(buf));
		return !strcmp(word, buf);
	case PROBE_UPROBE:
		snprintf(buf, sizeof(buf), "%s:0x%0*lx", cmd->symbol,
			 (int)(2 * sizeof(long)), cmd->addr);
		if (!strcmp(word, buf))
			return true;
		if (!cmd->ref_ctr)
			return false;
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
			 "(0x%lx)", cmd->ref_ctr);
		return !strcmp(word, buf);
	case PROBE_FPROBE:
	case PROBE_TPROBE:
		/* the symbol alone: "SYM%return", as read back, is no match */
		return !strcmp(word, cmd->symbol);
	case PROBE_EPROBE:
		dot = strchr(cmd->symbol, '.');
		if (!dot)
			return false;
		return !strncmp(word, cmd->symbol, dot - cmd->symbol) &&
		       (word[dot - cmd->symbol] == '.' ||
			word[dot - cmd->symbol] == '/') &&
		       !strcmp(word + (dot - cmd->symbol) + 1, dot + 1);
	}
	return false;
}

bool probe_cmd_matches(const struct probe_cmd *cmd,
		       const struct probe_arg *args, unsigned int nargs,
		       const char *const *words, int n)
{
	size_t len;
	int i;

	if (n < 1)
		return true;
	if (!loc_matches(cmd, words[0]))
		return false;
	for (i = 1; i < n; i++) {
		const struct probe_arg *arg = &args[i - 1];

		if ((unsigned int)i > nargs)
			return false;
		len = strlen(arg->name);
		if (strncmp(words[i], arg->name, len) || words[i][len] != '=' ||
		    strcmp(words[i] + len + 1, arg->text))
			return false;
	}
	return true;
}

bool probe_cmd_same(const struct probe_cmd *a, const struct probe_arg *aargs,
		    unsigned int an, const struct probe_cmd *b,
		    const struct probe_arg *bargs, unsigned int bn)
{
	unsigned int i;

	if (a->kind != b->kind || a->is_addr != b->is_addr ||
	    strcmp(a->symbol, b->symbol) || a->addr != b->addr ||
	    a->offset != b->offset || an != bn)
		return false;
	for (i = 0; i < an; i++)
		if (strcmp(aargs[i].text, bargs[i].text))
			return false;
	return true;
}

int probe_cmd_can_append(const struct probe_cmd *old,
			 const struct probe_arg *oargs, unsigned int on,
			 const struct probe_cmd *new,
			 const struct probe_arg *nargs, unsigned int nn,
			 bool same, struct probe_cmd_err *e)
{
	unsigned int i;

	/* a return probe and an entry one, a tracepoint and a function */
	if (old->is_return != new->is_return || old->kind != new->kind)
		return cmd_fail(e, PERR_DIFF_PROBE_TYPE, 0, 0, EEXIST);
	/* the first argument that differs, at its word */
	for (i = 0; i < min(on, nn); i++)
		if (strcmp(oargs[i].name, nargs[i].name) ||
		    oargs[i].type != nargs[i].type ||
		    oargs[i].count != nargs[i].count)
			break;
	if (i < min(on, nn) || on != nn)
		return cmd_fail(e, PERR_DIFF_ARG_TYPE, i + 2, 0, EEXIST);
	if (same)
		return cmd_fail(e, PERR_SAME_PROBE, 0, 0, EEXIST);
	return 0;
}

int probe_cmd_run(char *buf, int (*run)(int argc, const char **argv,
					void *data), void *data)
{
	const char *argv[PROBE_ARGS_MAX + 3];
	char *line, *next, *word;
	int argc, ret;

	for (line = buf; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (strlen(line) > PROBE_LINE_MAX)
			return -EINVAL;
		word = strchr(line, '#');
		if (word)
			*word = '\0';
		argc = 0;
		while ((word = strsep(&line, " \t\r\v\f"))) {
			if (!*word)
				continue;
			if (argc == ARRAY_SIZE(argv))
				break;
			argv[argc++] = word;
		}
		if (!argc)
			continue;
		ret = run(argc, argv, data);
		if (ret)
			return ret;
	}
	return 0;
}

int probe_cmd_caret(int argc, const char *const *argv, int word, int col)
{
	int i, pos = 0;

	for (i = 0; i < argc && i < word; i++)
		pos += strlen(argv[i]) + 1;
	/* after the last word: one blank past the end */
	if (word >= argc)
		return pos;
	return pos + col;
}
