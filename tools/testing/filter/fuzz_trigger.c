// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the trigger grammar: any bytes as a line written
 * to events/<sys>/<event>/trigger, taken through the steps the trigger
 * file takes it (kernel/trace/trace_events_trigger_parse.c compiled
 * unchanged, the filter language with it):
 *
 *	strim, the name and '!', the command, its parameter and "if" part,
 *	<system>:<event>[:count] for the commands that need one, the count,
 *	the "if" keyword, and the filter compiled for the harness's event.
 *
 * The command registry of the kernel is replaced by a table of the
 * built-in names and whether they need a parameter; what a command does
 * with its trigger is not tested here (that needs the kernel: T2).
 *
 * The first byte steers: bit 7 makes allocation number (bits 0-4) + 1
 * fail, bit 6 picks the event whose own field is called "cpu". The rest,
 * up to a page less one byte (the trigger file refuses longer writes),
 * is the line. Besides crashes, leaks and undefined behaviour (ASan,
 * LSan, UBSan), a broken rule below aborts: every word handed back must
 * be where the line has it, so that the error log's caret points at it.
 */
#include "harness.h"
#include "trace_events_filter.c"
#include "trace_events_trigger_parse.c"

#define LINE_MAX_LEN	4095

static const char *line_now;

static void rule(bool ok, const char *what)
{
	if (ok)
		return;
	fprintf(stderr, "broken: %s\nline: '%s'\n", what, line_now);
	abort();
}

/* The built-in commands, as the registry would find them. */
static const struct {
	const char	*name;
	bool		param;		/* TRIGGER_CMD_PARAM */
} commands[] = {
	{ "traceon", false }, { "traceoff", false }, { "snapshot", false },
	{ "stacktrace", false }, { "enable_event", true },
	{ "disable_event", true },
};

static int command_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(commands[i].name, name))
			return i;
	return -1;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* @word, @len bytes long, is the line's text at @pos. */
static void rule_at(const char *line, size_t len, int pos, const char *word,
		    size_t wlen, const char *what)
{
	rule(pos >= 0 && (size_t)pos + wlen <= len, what);
	rule(!memcmp(line + pos, word, wlen), what);
}

/* A count read must be what the C library reads from the same digits. */
static void check_count(const char *param, long count, int ret)
{
	char num[32], *end;
	unsigned long v;
	size_t len;

	if (!param) {
		rule(!ret && count == -1, "no count is unlimited");
		return;
	}
	len = strcspn(param, ":");
	if (ret) {
		rule(ret == -EINVAL && count == -1,
		     "a bad count is -EINVAL and leaves unlimited");
		return;
	}
	rule(len > 0 && len < sizeof(num), "a count has digits");
	memcpy(num, param, len);
	num[len] = '\0';
	/* kstrtoul() takes one newline at the end, strtoul() does not */
	if (len > 1 && num[len - 1] == '\n')
		num[--len] = '\0';
	errno = 0;
	v = strtoul(num, &end, 0);
	rule(!errno && end == num + len && (long)v == count,
	     "the count is the number written");
}

static void check_filter(struct trigger_parse *p, struct trace_event_call *ev,
			 bool oom)
{
	struct filter_error err;
	struct event_filter *f;
	const char *expr;
	int ret;

	expr = trigger_filter_expr(p->filter);
	if (!expr) {
		rule(strncmp(p->filter, "if", 2) || !blank(p->filter[2]) ||
		     !p->filter[3], "\"if <something>\" is taken");
		return;
	}
	rule(expr == p->filter + 3 && !strncmp(p->filter, "if", 2) &&
	     blank(p->filter[2]), "the expression follows \"if\" and a blank");
	ret = event_filter_compile(ev, expr, false, &f, &err);
	rule(ret == 0 || ret == -EINVAL || ret == -EPERM || ret == -ENOENT ||
	     ret == -ESRCH || ret == -ENOMEM, "filter errno is one of the known");
	if (ret == -ENOMEM)
		rule(oom, "out of memory only when made so");
	if (!ret) {
		struct rec r;

		rec_init(&r, 1);
		REC_SET(&r, OFF_U32, u32, 3);
		rec_set_dstr(&r, "sshd");
		rec_set_rstr(&r, "bash");
		filter_match_preds(f, r.data);
	} else if (f) {
		rule(!event_filter_active(f), "a refused filter filters nothing");
	}
	event_filter_free(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[LINE_MAX_LEN + 1];
	struct trigger_parse p = { };
	char *line, *text, *name, *rest, *sys, *event, *count_part;
	size_t len, nlen;
	unsigned int ctl;
	long count;
	int c, ret;

	if (!size)
		return 0;
	ctl = data[0];
	size = min(size - 1, (size_t)LINE_MAX_LEN);
	memcpy(buf, data + 1, size);
	buf[size] = '\0';

	/* trigger_write(): the line is trimmed, then cut up in a copy */
	line = strim(buf);
	line_now = line;
	len = strlen(line);
	p.text = line;
	text = strdup(line);
	if (!text)
		return 0;

	name = trigger_split_name(&p, text, &rest);
	nlen = strlen(name);
	rule(p.remove == (line[0] == '!'), "'!' is a removal");
	rule(name == text + p.remove, "the name starts the line");
	rule(nlen == strcspn(line + p.remove, ": \t"),
	     "the name ends at ':' or a blank");
	if (rest) {
		rule(rest > name + nlen && rest <= text + len,
		     "the rest follows the name");
		rule(*rest && !isspace(*rest), "the rest starts with a word");
		rule(!strcmp(rest, line + (rest - text)),
		     "the rest is the line's tail");
	} else {
		rule(!strcmp(skip_spaces(line + p.remove + nlen +
					 !!line[p.remove + nlen]), ""),
		     "nothing but blanks after a lone name");
	}

	c = command_find(name);
	if (c < 0)
		goto out;	/* TRIGGER_ERR_UNKNOWN_CMD at the name */

	trigger_split(&p, rest, rest ? rest - text : 0, commands[c].param);
	if (p.param) {
		rule(commands[c].param || isdigit(*p.param),
		     "only a number is a count");
		rule(p.param == rest && p.param_pos == rest - text,
		     "the parameter is the first word");
		rule(!strpbrk(p.param, " \t"), "the parameter is one word");
		rule_at(line, len, p.param_pos, p.param, strlen(p.param),
			"the parameter is where the line has it");
	}
	if (p.filter) {
		rule(!isspace(*p.filter) && *p.filter,
		     "the filter part starts with a word");
		rule(p.filter_pos >= 0 && (size_t)p.filter_pos < len &&
		     !strcmp(p.filter, line + p.filter_pos),
		     "the filter part is the line's tail, where it says");
	}
	if (!p.param && !p.filter)
		rule(!rest, "the rest goes somewhere");
	if (p.remove)
		goto out;	/* what follows the name does not matter */

	count_part = p.param;
	if (commands[c].param) {
		char *param = p.param ? strdup(p.param) : NULL;

		ret = trigger_split_target(p.param, &sys, &event, &count_part);
		if (ret) {
			rule(ret == -EINVAL && (!param || !strchr(param, ':')),
			     "<system>:<event> is refused only without ':'");
			free(param);
			goto out;
		}
		rule(sys == p.param && !strchr(sys, ':') && !strchr(event, ':'),
		     "system and event are cut at ':'");
		rule(event == sys + strlen(sys) + 1,
		     "the event follows the system");
		rule(!count_part ||
		     (count_part == event + strlen(event) + 1 &&
		      !strcmp(count_part,
			      param + (count_part - p.param))),
		     "the count part is what follows the event");
		free(param);
	}
	ret = trigger_read_count(count_part, &count);
	check_count(count_part, count, ret);
	if (ret)
		goto out;	/* TRIGGER_ERR_BAD_COUNT */

	if (p.filter) {
		shim_alloc_count = 0;
		shim_fail_alloc_at = ctl & 0x80 ? (ctl & 0x1f) + 1 : 0;
		check_filter(&p, ctl & 0x40 ? &ev_own_cpu : &ev_every,
			     ctl & 0x80);
		shim_fail_alloc_at = 0;
	}
out:
	free(text);
	return 0;
}
