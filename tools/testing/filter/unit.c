// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the event filter language: kernel/trace/trace_events_filter.c
 * compiled unchanged into this program (included, so that the tests can
 * also look at its compiled programs and its glob matcher), run against
 * the harness's events and records.
 *
 * The expected results come from the language's definition (upstream's
 * ABI: which errno, which message, where the caret goes), written out by
 * hand here, never from running the code under test.
 */
#include "harness.h"
#include "trace_events_filter.c"

/* Test-side string building; every buffer here is sized for its use. */
#define shim_strcpy(d, s)	memmove((d), (s), strlen(s) + 1)
#define shim_strcat(d, s)	shim_strcpy((d) + strlen(d), (s))

static int group_failed;

static void group(const char *name)
{
	static const char *current_group;

	if (current_group)
		printf("unit: %-10s %s\n", current_group,
		       checks_failed == group_failed ? "ok" : "FAILED");
	current_group = name;
	group_failed = checks_failed;
}

/* ------------------------------------------------------------- helpers */

static struct trace_event_call *call = &ev_every;

static int compile(const char *expr, struct event_filter **f,
		   struct filter_error *err)
{
	return event_filter_compile(call, expr, true, f, err);
}

/* @expr compiles; its text is itself. */
static void accepts(const char *expr)
{
	struct filter_error err;
	struct event_filter *f;
	int ret = compile(expr, &f, &err);

	check(ret == 0, "'%s' refused: %d (%s at %d)", expr, ret,
	      filter_err_text[err.code], err.pos);
	check(f && f->text && !strcmp(f->text, expr),
	      "'%s' reads back as '%s'", expr, f ? f->text : "(null)");
	event_filter_free(f);
}

/*
 * @expr is refused with @errno, message @code at @pos, and the filter
 * file would show @report (NULL: do not check it).
 */
static void refuses(const char *expr, int errno_want, int code, int pos,
		    const char *report)
{
	struct filter_error err;
	struct event_filter *f;
	int ret = compile(expr, &f, &err);

	check(ret == errno_want, "'%s': errno %d, wanted %d", expr, ret,
	      errno_want);
	check(err.code == code, "'%s': error '%s', wanted '%s'", expr,
	      filter_err_text[err.code], filter_err_text[code]);
	check(err.pos == pos, "'%s': error at %d, wanted %d", expr, err.pos,
	      pos);
	check(f && !event_filter_active(f), "'%s': refused but active", expr);
	if (report)
		check(f && f->text && !strcmp(f->text, report),
		      "'%s' reports\n%s\nwanted\n%s", expr,
		      f && f->text ? f->text : "(null)", report);
	event_filter_free(f);
}

/* Whether @expr keeps @r; -1 if it does not compile. */
static int judge(const char *expr, struct rec *r)
{
	struct filter_error err;
	struct event_filter *f;
	int ret = compile(expr, &f, &err), keep = -1;

	if (!ret)
		keep = filter_match_preds(f, r->data);
	event_filter_free(f);
	return keep;
}

static void keeps(const char *expr, struct rec *r, int want)
{
	int got = judge(expr, r);

	check(got == want, "'%s' %s the record (wanted %s)", expr,
	      got < 0 ? "does not compile for" : got ? "keeps" : "drops",
	      want ? "kept" : "dropped");
}

/* ------------------------------------------------------------- numbers */

static void test_numbers(void)
{
	char num[64];
	struct rec r;

	group("numbers");
	rec_init(&r, 1234);
	REC_SET(&r, OFF_U8, u8, 200);
	REC_SET(&r, OFF_S8, s8, -3);
	REC_SET(&r, OFF_U16, u16, 65535);
	REC_SET(&r, OFF_S16, s16, -300);
	REC_SET(&r, OFF_U32, u32, 4000000000u);
	REC_SET(&r, OFF_S32, s32, -70000);
	REC_SET(&r, OFF_BIG, s64, -5000000000LL);
	REC_SET(&r, OFF_CALL_SITE, u64, 0xffffffff81200010ULL);

	/* each operator, both ways */
	keeps("common_pid == 1234", &r, 1);
	keeps("common_pid == 1235", &r, 0);
	keeps("common_pid != 1234", &r, 0);
	keeps("common_pid != 1", &r, 1);
	keeps("common_pid < 1235", &r, 1);
	keeps("common_pid < 1234", &r, 0);
	keeps("common_pid <= 1234", &r, 1);
	keeps("common_pid <= 1233", &r, 0);
	keeps("common_pid > 1233", &r, 1);
	keeps("common_pid > 1234", &r, 0);
	keeps("common_pid >= 1234", &r, 1);
	keeps("common_pid >= 1235", &r, 0);
	keeps("common_pid & 2", &r, 1);		/* 1234 = 0x4d2 */
	keeps("common_pid & 1", &r, 0);
	keeps("common_pid&0x400", &r, 1);
	keeps("common_type == 42", &r, 1);

	/* hex, octal, negative */
	keeps("common_pid == 0x4d2", &r, 1);
	keeps("common_pid == 0X4D2", &r, 1);
	keeps("common_pid == 02322", &r, 1);
	keeps("s8v == -3", &r, 1);
	keeps("s8v == -0x3", &r, 1);
	keeps("s16v == -300", &r, 1);
	keeps("s32v == -70000", &r, 1);
	keeps("big == -5000000000", &r, 1);
	keeps("call_site == 0xffffffff81200010", &r, 1);
	keeps("call_site == 18446744071580942352", &r, 1);
	keeps("call_site == 18446744071580942353", &r, 0);

	/* signedness comes from the field */
	keeps("s8v < 0", &r, 1);
	keeps("s16v < -299", &r, 1);
	keeps("s32v > -70001", &r, 1);
	keeps("big < 0", &r, 1);
	keeps("u8v > 127", &r, 1);
	keeps("u16v > 32767", &r, 1);
	keeps("u32v > 2147483647", &r, 1);
	keeps("call_site > 0x7fffffffffffffff", &r, 1);
	keeps("s8v & 0x80", &r, 1);

	/* values are taken at the field's width */
	keeps("u8v == 456", &r, 1);		/* 456 & 0xff == 200 */
	keeps("s8v == 253", &r, 1);		/* (s8)253 == -3 */
	keeps("u16v == -1", &r, -1);		/* unsigned fields take no '-' */
	keeps("common_pid == 4294968530", &r, 1);	/* 2^32 + 1234 */

	/* a field no comparison handles (3 bytes) never holds */
	keeps("odd == 0", &r, 0);
	keeps("odd != 0", &r, 0);
	keeps("!(odd == 0)", &r, 1);
	keeps("stacktrace == 0", &r, 0);

	/* what is not a number */
	refuses("u8v == -1", -EINVAL, FILTER_ERR_ILLEGAL_INTVAL, 8, NULL);
	refuses("u8v == 0x", -EINVAL, FILTER_ERR_ILLEGAL_INTVAL, 8, NULL);
	refuses("u8v == 08", -EINVAL, FILTER_ERR_ILLEGAL_INTVAL, 8, NULL);
	refuses("u8v == 12abc", -EINVAL, FILTER_ERR_ILLEGAL_INTVAL, 8, NULL);
	refuses("s8v == -", -EINVAL, FILTER_ERR_ILLEGAL_INTVAL, 8, NULL);
	refuses("u8v == 18446744073709551616", -EINVAL,
		FILTER_ERR_ILLEGAL_INTVAL, 8, NULL);
	refuses("s8v == 9223372036854775808", -EINVAL,
		FILTER_ERR_ILLEGAL_INTVAL, 8, NULL);
	accepts("s8v == -9223372036854775808");
	refuses("s8v == -9223372036854775809", -EINVAL,
		FILTER_ERR_ILLEGAL_INTVAL, 8, NULL);
	/* 23 characters are looked at, 24 are too long */
	shim_strcpy(num, "u8v == ");
	memset(num + 7, '0', 22);
	shim_strcpy(num + 29, "1");
	accepts(num);
	keeps(num, &r, 0);
	memset(num + 7, '0', 23);
	shim_strcpy(num + 30, "1");
	refuses(num, -EINVAL, FILTER_ERR_OPERAND_TOO_LONG, 32, NULL);
	refuses("u8v == 1.5", -EPERM, FILTER_ERR_TOO_MANY_PREDS, 8, NULL);
	refuses("u8v ~ 1", -EINVAL, FILTER_ERR_ILLEGAL_FIELD_OP, 7, NULL);
	refuses("name == 1", -EINVAL, FILTER_ERR_EXPECT_STRING, 9, NULL);
	refuses("comm == 1", -EINVAL, FILTER_ERR_EXPECT_STRING, 9, NULL);
	refuses("u8v == abc", -EINVAL, FILTER_ERR_INVALID_VALUE, 8, NULL);
	refuses("u8v ==", -EINVAL, FILTER_ERR_INVALID_VALUE, 7, NULL);
	refuses("u8v = 1", -EINVAL, FILTER_ERR_INVALID_OP, 5, NULL);
	refuses("u8v =< 1", -EINVAL, FILTER_ERR_INVALID_OP, 5, NULL);
	refuses("u8v !~ 1", -EINVAL, FILTER_ERR_INVALID_OP, 5, NULL);
	refuses("u8v", -EINVAL, FILTER_ERR_INVALID_OP, 4, NULL);
}

/* ------------------------------------------------------------- strings */

static void test_strings(void)
{
	static const char target[] = "kworker/1:2";
	char pat[300];
	struct rec r;

	group("strings");
	rec_init(&r, 1);
	rec_set_name(&r, "bash", 4);
	rec_set_dstr(&r, "sshd-session");
	rec_set_rstr(&r, "systemd");
	REC_SET(&r, OFF_PSTR, const char *, target);
	shim_strcpy(shim_task.comm, "harness");

	/* every kind, == and != */
	keeps("name == \"bash\"", &r, 1);
	keeps("name == 'bash'", &r, 1);
	keeps("name == \"bas\"", &r, 0);
	keeps("name == \"bash2\"", &r, 0);
	keeps("name != \"bash\"", &r, 0);
	keeps("name != \"zsh\"", &r, 1);
	keeps("dstr == \"sshd-session\"", &r, 1);
	keeps("dstr == \"sshd\"", &r, 0);
	keeps("rstr == \"systemd\"", &r, 1);
	keeps("rstr != \"systemd\"", &r, 0);
	keeps("pstr == \"kworker/1:2\"", &r, 1);
	keeps("pstr.ustring == \"kworker/1:2\"", &r, 1);
	keeps("comm == \"harness\"", &r, 1);
	keeps("COMM == \"harness\"", &r, 1);
	keeps("comm == \"*\"", &r, 0);		/* == takes no glob */

	/* ~: prefix, suffix, infix, glob, negation */
	keeps("name ~ \"ba*\"", &r, 1);
	keeps("name ~ \"*sh\"", &r, 1);		/* suffix of a fixed array */
	keeps("name ~ \"*as*\"", &r, 1);
	keeps("name ~ \"*x*\"", &r, 0);
	keeps("name ~ \"b?sh\"", &r, 1);
	keeps("name ~ \"b??sh\"", &r, 0);
	keeps("name ~ \"[a-c]ash\"", &r, 1);
	keeps("name ~ \"[!b]ash\"", &r, 0);
	keeps("name ~ \"b*h\"", &r, 1);
	keeps("name ~ \"!bash\"", &r, 0);
	keeps("name ~ \"!zsh\"", &r, 1);
	keeps("name ~ \"*\"", &r, 1);
	keeps("name ~ \"**\"", &r, 1);
	keeps("name ~ \"bash\"", &r, 1);
	keeps("name ~ \"*bash\"", &r, 1);	/* the whole string */
	keeps("name ~ \"bash*\"", &r, 1);
	keeps("name ~ \"*bash*\"", &r, 1);
	keeps("name ~ \"*bbash\"", &r, 0);
	keeps("dstr ~ \"*session\"", &r, 1);
	keeps("dstr ~ \"sshd*\"", &r, 1);
	keeps("dstr ~ \"*-*\"", &r, 1);
	keeps("rstr ~ \"sys*\"", &r, 1);
	keeps("rstr ~ \"*temd\"", &r, 1);
	keeps("pstr ~ \"kworker/*\"", &r, 1);
	keeps("pstr ~ \"*:2\"", &r, 1);
	keeps("pstr ~ \"*[0-9]:[0-9]\"", &r, 1);
	keeps("comm ~ \"*ness\"", &r, 1);
	keeps("comm ~ \"h*\"", &r, 1);
	keeps("comm ~ \"1*\"", &r, 0);		/* a digit first is a glob too */
	keeps("comm != \"bash\"", &r, 1);

	/* a fixed array filled to the end has no NUL */
	rec_set_name(&r, "0123456789", 10);
	keeps("name == \"0123456789\"", &r, 1);
	keeps("name == \"012345678\"", &r, 0);
	keeps("name == \"0123456789a\"", &r, 0);
	keeps("name ~ \"*789\"", &r, 1);
	keeps("name ~ \"*89a\"", &r, 0);
	keeps("name ~ \"0123456789*\"", &r, 1);
	/* an empty one */
	rec_set_name(&r, "", 0);
	keeps("name == \"\"", &r, 1);
	keeps("name ~ \"*\"", &r, 1);
	keeps("name ~ \"?\"", &r, 0);
	keeps("name ~ \"!\"", &r, 0);		/* not the empty string */

	/* a pointer that faults matches nothing, negated or not */
	REC_SET(&r, OFF_PSTR, const char *, (const char *)16);
	keeps("pstr == \"x\"", &r, 0);
	keeps("pstr != \"x\"", &r, 0);
	keeps("!(pstr == \"x\")", &r, 1);
	REC_SET(&r, OFF_PSTR, const char *, target);

	/* wrong kinds, quotes, lengths */
	refuses("name < \"a\"", -EINVAL, FILTER_ERR_ILLEGAL_FIELD_OP, 8, NULL);
	refuses("name & \"a\"", -EINVAL, FILTER_ERR_ILLEGAL_FIELD_OP, 8, NULL);
	refuses("u8v == \"a\"", -EINVAL, FILTER_ERR_EXPECT_DIGIT, 8, NULL);
	refuses("CPU == \"a\"", -EINVAL, FILTER_ERR_EXPECT_DIGIT, 8, NULL);
	refuses("cpus == \"a\"", -EINVAL, FILTER_ERR_EXPECT_DIGIT, 9, NULL);
	refuses("name == bash", -EINVAL, FILTER_ERR_INVALID_VALUE, 9, NULL);
	refuses("name == \"bash", -ESRCH, FILTER_ERR_MISSING_QUOTE, 8,
		"name == \"bash\n        ^\nparse_error: Missing matching quote\n");
	refuses("name == 'bash\"", -ESRCH, FILTER_ERR_MISSING_QUOTE, 8, NULL);
	keeps("name == \"it's\"", &r, 0);
	shim_strcpy(pat, "name == \"");
	memset(pat + 9, 'a', 255);
	shim_strcpy(pat + 9 + 255, "\"");
	accepts(pat);
	shim_strcpy(pat + 9, "a");
	memset(pat + 9, 'a', 256);
	shim_strcpy(pat + 9 + 256, "\"");
	refuses(pat, -EINVAL, FILTER_ERR_OPERAND_TOO_LONG, 266, NULL);
}

/* ---------------------------------------------------- CPU, comm, CPUS{} */

static void test_cpus(void)
{
	struct rec r;

	group("cpus");
	rec_init(&r, 1);
	shim_cpu = 1;
	keeps("CPU == 1", &r, 1);
	keeps("cpu == 1", &r, 1);
	keeps("common_cpu == 1", &r, 1);
	keeps("CPU != 1", &r, 0);
	keeps("CPU < 2", &r, 1);
	keeps("CPU >= 2", &r, 0);
	keeps("CPU > -1", &r, 1);		/* an int */
	keeps("CPU & 1", &r, 0);		/* has no bits to test */
	keeps("CPU == 4294967297", &r, 1);	/* taken as an int */
	shim_cpu = 2;
	keeps("CPU == 1", &r, 0);

	/* an event's own field wins over the pseudo field */
	call = &ev_own_cpu;
	shim_cpu = 0;
	REC_SET(&r, 8, u32, 7);
	keeps("cpu == 7", &r, 1);
	keeps("CPU == 0", &r, 1);
	call = &ev_every;

	/* CPUS{} against the current CPU */
	shim_cpu = 2;
	keeps("CPU & CPUS{0,2}", &r, 1);
	keeps("CPU & CPUS{0-1,3}", &r, 0);
	keeps("CPU == CPUS{2}", &r, 1);		/* one CPU: a number */
	keeps("CPU & CPUS{2}", &r, 1);		/* & is then == */
	keeps("CPU != CPUS{2}", &r, 0);
	keeps("CPU == CPUS{2-3}", &r, 0);	/* one CPU never equals two */
	keeps("CPU != CPUS{2-3}", &r, 1);
	keeps("CPU & CPUS{N}", &r, 0);		/* N is the last CPU, 3 */
	keeps("CPU & CPUS{all}", &r, 1);
	keeps("CPU & CPUS{0-3:1/2}", &r, 1);	/* 0 and 2 */
	keeps("CPU & CPUS{ }", &r, 0);		/* an empty list */
	keeps("CPU != CPUS{ }", &r, 1);

	/* against a cpumask field */
	rec_set_cpus(&r, 0x6, 8);		/* CPUs 1 and 2 */
	keeps("cpus == CPUS{1-2}", &r, 1);
	keeps("cpus == CPUS{1}", &r, 0);
	keeps("cpus != CPUS{1}", &r, 1);
	keeps("cpus & CPUS{1}", &r, 1);
	keeps("cpus & CPUS{0,3}", &r, 0);
	keeps("cpus & CPUS{0,2}", &r, 1);
	keeps("cpus != CPUS{1,2}", &r, 0);
	rec_init(&r, 1);
	rec_set_cpus(&r, 0x2, 8);
	keeps("cpus == CPUS{1}", &r, 1);
	keeps("cpus & CPUS{1}", &r, 1);
	rec_init(&r, 1);
	rec_set_cpus(&r, 0x2, 4);		/* recorded shorter than a long */
	keeps("cpus & CPUS{1}", &r, 0);
	keeps("cpus == CPUS{ }", &r, 1);

	/* against a numeric field: its value is a CPU number */
	rec_init(&r, 1);
	REC_SET(&r, OFF_U32, u32, 2);
	keeps("u32v & CPUS{1-2}", &r, 1);
	keeps("u32v & CPUS{0,3}", &r, 0);
	keeps("u32v == CPUS{2}", &r, 1);
	keeps("u32v == CPUS{1-2}", &r, 0);
	keeps("u32v != CPUS{1-2}", &r, 1);
	REC_SET(&r, OFF_U32, u32, 9);		/* not a CPU */
	keeps("u32v != CPUS{1-2}", &r, 0);
	keeps("odd & CPUS{1-2}", &r, 0);

	/* and what it refuses */
	refuses("cpus < CPUS{1}", -EINVAL, FILTER_ERR_ILLEGAL_FIELD_OP, 8, NULL);
	refuses("name == CPUS{1}", -EINVAL, FILTER_ERR_ILLEGAL_FIELD_OP, 9,
		NULL);
	refuses("cpus == CPUS", -EINVAL, FILTER_ERR_MISSING_BRACE_OPEN, 14,
		"cpus == CPUS\n            ^\nparse_error: Missing '{'\n");
	refuses("cpus == CPUS 1}", -EINVAL, FILTER_ERR_MISSING_BRACE_OPEN, 14,
		NULL);
	refuses("cpus == CPUS{1", -EINVAL, FILTER_ERR_MISSING_BRACE_CLOSE, 15,
		NULL);
	refuses("cpus == CPUS{}", -EINVAL, FILTER_ERR_INVALID_CPULIST, 14, NULL);
	refuses("cpus == CPUS{4}", -EINVAL, FILTER_ERR_INVALID_CPULIST, 15,
		NULL);
	refuses("cpus == CPUS{x}", -EINVAL, FILTER_ERR_INVALID_CPULIST, 15,
		NULL);
	refuses("cpus == CPUS{3-1}", -EINVAL, FILTER_ERR_INVALID_CPULIST, 17,
		NULL);
	shim_cpu = 0;
}

/* ------------------------------------------------------------ .function */

static void test_function(void)
{
	struct rec r;

	group("function");
	rec_init(&r, 1);
	REC_SET(&r, OFF_CALL_SITE, u64, 0xffffffff81200010ULL);
	keeps("call_site.function == kmem_cache_free", &r, 1);
	keeps("call_site.function != kmem_cache_free", &r, 0);
	keeps("call_site.function == kmem_cache_alloc", &r, 0);
	keeps("call_site.function == 0xffffffff8120017f", &r, 1);
	keeps("call_site.function == 0xffffffff81200180", &r, 0);
	keeps("call_site.function==schedule || u8v == 0", &r, 1);
	REC_SET(&r, OFF_CALL_SITE, u64, 0xffffffff81200180ULL);
	keeps("call_site.function == kmem_cache_free", &r, 0);
	keeps("call_site.function == kmem_cache_alloc", &r, 1);

	refuses("call_site.function == nosuch", -EINVAL,
		FILTER_ERR_NO_FUNCTION, 29, NULL);
	/* a name runs to the next space: ')' is part of it */
	refuses("(call_site.function == schedule)", -EINVAL,
		FILTER_ERR_NO_FUNCTION, 33, NULL);
	refuses("call_site.function == 0x1000", -EINVAL,
		FILTER_ERR_NO_FUNCTION, 29, NULL);
	refuses("call_site.function == 0xgg", -EINVAL,
		FILTER_ERR_INVALID_VALUE, 27, NULL);
	refuses("call_site.function < schedule", -EINVAL,
		FILTER_ERR_INVALID_OP, 22, NULL);
	refuses("u32v.function == schedule", -EINVAL,
		FILTER_ERR_ILLEGAL_FIELD_OP, 18, NULL);
	refuses("call_site.func == schedule", -EINVAL, FILTER_ERR_INVALID_OP,
		10, NULL);
}

/* ---------------------------------------------------------------- logic */

static void test_logic(void)
{
	struct filter_error err;
	struct event_filter *f;
	char *deep;
	struct rec r;
	int i, n;

	group("logic");
	rec_init(&r, 1);
	REC_SET(&r, OFF_U8, u8, 1);
	REC_SET(&r, OFF_U16, u16, 2);
	REC_SET(&r, OFF_U32, u32, 3);

	keeps("u8v == 1 && u16v == 2", &r, 1);
	keeps("u8v == 1 && u16v == 0", &r, 0);
	keeps("u8v == 0 || u16v == 2", &r, 1);
	keeps("u8v == 0 || u16v == 0", &r, 0);
	/* && binds tighter than || */
	keeps("u8v == 1 || u16v == 0 && u32v == 0", &r, 1);
	keeps("(u8v == 1 || u16v == 0) && u32v == 0", &r, 0);
	keeps("u8v == 0 && u16v == 0 || u32v == 3", &r, 1);
	keeps("u8v == 0 && (u16v == 0 || u32v == 3)", &r, 0);
	/* ! on predicates and groups */
	keeps("!u8v == 1", &r, 0);
	keeps("!!u8v == 1", &r, 1);
	keeps("! ! ! u8v == 1", &r, 0);
	keeps("!(u8v == 1 && u16v == 0)", &r, 1);
	keeps("!(u8v == 0 || u16v == 0)", &r, 1);
	keeps("!(u8v == 1) || !(u16v == 2)", &r, 0);
	keeps("!(!(u8v == 1) && u16v == 2)", &r, 1);
	keeps("u8v != 1 || !(u16v == 2 && !(u32v == 0))", &r, 0);
	keeps("((((u8v == 1))))", &r, 1);
	keeps("(u8v == 0 || (u16v == 0 || (u32v == 0 || u8v == 1)))", &r, 1);
	keeps("u8v==1&&u16v==2", &r, 1);
	keeps("\tu8v == 1\n&&\nu16v == 2 ", &r, 1);

	/* short circuit: a || b never tests b when a holds */
	check(!compile("u8v == 1 || u16v == 2 && u32v == 3", &f, &err) &&
	      f->nr_leaves == 3 && f->leaves[0].next[1] == VERDICT_MATCH &&
	      f->leaves[0].next[0] == 1 && f->leaves[1].next[0] == VERDICT_DROP &&
	      f->leaves[1].next[1] == 2 && f->leaves[2].next[1] == VERDICT_MATCH &&
	      f->leaves[2].next[0] == VERDICT_DROP,
	      "the program of 'a || b && c' is not the short-circuit one");
	event_filter_free(f);

	/* parentheses nest as deep as the input allows */
	n = 2000;
	deep = malloc(2 * n + 32);
	deep[0] = '\0';
	for (i = 0; i < n; i++)
		deep[i] = i & 1 ? '(' : '!';
	shim_strcpy(deep + n, "u8v == 1");
	for (i = 0; i < n / 2; i++)
		shim_strcat(deep, ")");
	keeps(deep, &r, 1);			/* an even number of '!' */
	memmove(deep + 1, deep, strlen(deep) + 1);
	deep[0] = '!';
	keeps(deep, &r, 0);
	free(deep);
}

/*
 * Random expressions against an evaluation of the tree they were printed
 * from: the compiler's graph must agree with the plain semantics of
 * &&, ||, ! and parentheses, whatever the shape.
 */
struct tnode {
	int	op;	/* 0 atom, 1 &&, 2 ||, 3 ! */
	int	atom;
	struct tnode *l, *r;
};

static unsigned int rnd_state = 12345;

static unsigned int rnd(unsigned int n)
{
	rnd_state = rnd_state * 1103515245 + 12345;
	return (rnd_state >> 16) % n;
}

static struct tnode *tree(int depth)
{
	struct tnode *t = calloc(1, sizeof(*t));

	if (!depth || rnd(4) == 0) {
		t->atom = rnd(6);
		return t;
	}
	t->op = 1 + rnd(3);
	t->l = tree(depth - 1);
	if (t->op != 3)
		t->r = tree(depth - 1);
	return t;
}

static void tree_free(struct tnode *t)
{
	if (t) {
		tree_free(t->l);
		tree_free(t->r);
		free(t);
	}
}

/* Atoms over u8v, u16v, name and the CPU; @v their values. */
static bool atom_value(int atom, const int v[4])
{
	switch (atom) {
	case 0: return v[0] == 1;
	case 1: return v[1] < 2;
	case 2: return v[2];		/* name ~ "a*" */
	case 3: return v[3] == 1;	/* CPU */
	case 4: return v[0] != v[1];	/* not an atom of one field: below */
	default: return !v[2];
	}
}

static const char *const atom_text[] = {
	"u8v == 1", "u16v < 2", "name ~ \"a*\"", "CPU == 1",
	/* u8v != u16v, spelled out for values 0-3 */
	"(u8v == 0 && u16v != 0 || u8v == 1 && u16v != 1 || u8v == 2 && u16v != 2 || u8v == 3 && u16v != 3)",
	"name != 'a'",
};

static bool tree_value(const struct tnode *t, const int v[4])
{
	switch (t->op) {
	case 1: return tree_value(t->l, v) && tree_value(t->r, v);
	case 2: return tree_value(t->l, v) || tree_value(t->r, v);
	case 3: return !tree_value(t->l, v);
	}
	return atom_value(t->atom, v);
}

/* Print with the parentheses precedence needs, and some it does not. */
static void tree_print(const struct tnode *t, char *buf, int outer)
{
	bool paren = (t->op == 2 && outer == 1) || (t->op && outer == 3) ||
		     rnd(5) == 0;
	const char *sp = rnd(2) ? " " : "";

	if (paren)
		shim_strcat(buf, "(");
	switch (t->op) {
	case 0:
		shim_strcat(buf, atom_text[t->atom]);
		break;
	case 3:
		shim_strcat(buf, "!");
		shim_strcat(buf, sp);
		tree_print(t->l, buf, 3);
		break;
	default:
		tree_print(t->l, buf, t->op);
		shim_strcat(buf, sp);
		shim_strcat(buf, t->op == 1 ? "&&" : "||");
		shim_strcat(buf, sp);
		tree_print(t->r, buf, t->op);
	}
	if (paren)
		shim_strcat(buf, ")");
}

static void test_random_logic(void)
{
	static char buf[1 << 16];
	struct filter_error err;
	struct event_filter *f;
	int round, k, v[4], bad = 0, ret;
	struct rec r;

	group("random");
	for (round = 0; round < 3000 && bad < 5; round++) {
		struct tnode *t = tree(1 + round % 7);

		buf[0] = '\0';
		tree_print(t, buf, 0);
		ret = compile(buf, &f, &err);
		if (ret) {
			check(false, "'%s' refused: %d", buf, ret);
			bad++;
			tree_free(t);
			event_filter_free(f);
			continue;
		}
		for (k = 0; k < 64; k++) {
			v[0] = k & 3;
			v[1] = k >> 2 & 3;
			v[2] = k >> 4 & 1;
			v[3] = k >> 5 & 1;
			rec_init(&r, 1);
			REC_SET(&r, OFF_U8, u8, v[0]);
			REC_SET(&r, OFF_U16, u16, v[1]);
			rec_set_name(&r, v[2] ? "a" : "bc", v[2] ? 1 : 2);
			shim_cpu = v[3];
			if (filter_match_preds(f, r.data) != tree_value(t, v)) {
				check(false, "'%s' judged %d,%d,%d,%d wrongly",
				      buf, v[0], v[1], v[2], v[3]);
				bad++;
				break;
			}
		}
		if (k == 64)
			check(true, "random");
		event_filter_free(f);
		tree_free(t);
	}
	shim_cpu = 0;
}

/* --------------------------------------------------------------- errors */

static void test_errors(void)
{
	group("errors");
	refuses("no_such_field == 1", -EINVAL, FILTER_ERR_FIELD_NOT_FOUND, 14,
		"no_such_field == 1\n              ^\n"
		"parse_error: Field not found\n");
	refuses("common_pid == 1 &&", -EINVAL, FILTER_ERR_INVALID_FILTER, 18,
		"common_pid == 1 &&\n                  ^\n"
		"parse_error: Meaningless filter expression\n");
	refuses("common_pid == 1 || !", -EINVAL, FILTER_ERR_INVALID_FILTER, 20,
		NULL);
	refuses("common_pid == 1 && !! ", -EINVAL, FILTER_ERR_INVALID_FILTER,
		22, NULL);
	refuses("(common_pid == 1", -ENOENT, FILTER_ERR_TOO_MANY_OPEN, 0,
		"(common_pid == 1\n^\nparse_error: Too many '('\n");
	refuses("u8v == 1 && ((u8v == 2) || (u8v == 3)", -ENOENT,
		FILTER_ERR_TOO_MANY_OPEN, 12, NULL);
	refuses("(u8v == 1 && (u8v == 2)", -ENOENT, FILTER_ERR_TOO_MANY_OPEN, 0,
		NULL);
	refuses("common_pid == 1)", -EPERM, FILTER_ERR_TOO_MANY_CLOSE, 15,
		"common_pid == 1)\n               ^\n"
		"parse_error: Too few '('\n");
	refuses("(u8v == 1)) && (u8v == 2", -EPERM, FILTER_ERR_TOO_MANY_CLOSE,
		10, NULL);
	refuses("common_pid == 1 common_pid == 2", -EPERM,
		FILTER_ERR_TOO_MANY_PREDS, 16, NULL);
	refuses("u8v == 1 & u8v == 2", -EPERM, FILTER_ERR_TOO_MANY_PREDS, 9,
		NULL);
	refuses("(u8v == 1) ()", -EPERM, FILTER_ERR_TOO_MANY_PREDS, 11, NULL);
	refuses("", -EINVAL, FILTER_ERR_NONE, 0, "\nError: (0)\n");
	refuses("()", -EINVAL, FILTER_ERR_NONE, 0, "()\nError: (0)\n");
	refuses("!", -EINVAL, FILTER_ERR_NO_FILTER, 1,
		"!\n ^\nparse_error: No filter found\n");
	refuses("== 1", -EPERM, FILTER_ERR_NONE, 0, "== 1\nError: (0)\n");
	refuses("u8v == 1 ||| u8v == 2", -EPERM, FILTER_ERR_NONE, 0, NULL);
	refuses("u8v == 1 && ()", -EPERM, FILTER_ERR_NONE, 0, NULL);
	refuses("u8v == 1 &&& u8v == 2", -EPERM, FILTER_ERR_NONE, 0, NULL);
	refuses("!= 1", -EPERM, FILTER_ERR_NONE, 0, NULL);
	refuses("common_pid = 1", -EINVAL, FILTER_ERR_INVALID_OP, 12,
		"common_pid = 1\n            ^\nparse_error: Invalid operator\n");
	/* a caret past the end stays under the last character + 1 */
	refuses("u8v == 1 || u8v", -EINVAL, FILTER_ERR_INVALID_OP, 16,
		"u8v == 1 || u8v\n               ^\n"
		"parse_error: Invalid operator\n");
	/* positions count leading white space */
	refuses("   nosuch == 1", -EINVAL, FILTER_ERR_FIELD_NOT_FOUND, 10, NULL);
	/* Latin-1: 0xe9 is a letter, 0xa0 a space, 0x80 neither */
	refuses("u8v\xe9 == 1", -EINVAL, FILTER_ERR_FIELD_NOT_FOUND, 5, NULL);
	accepts("\xa0u8v == 0\xa0");
	refuses("u8v \x80= 1", -EINVAL, FILTER_ERR_INVALID_OP, 5, NULL);
	/* the errors' own text */
	check(!strcmp(filter_err_text[FILTER_ERR_BAD_SUBSYS_FILTER],
		      "Couldn't find or set field in one of a subsystem's events"),
	      "subsystem message");
}

/* ------------------------------------------------------------------ glob */

static void test_glob(void)
{
	static const struct {
		const char *pat, *s;
		bool match;
	} g[] = {
		{ "", "", true }, { "", "a", false }, { "*", "", true },
		{ "*", "abc", true }, { "a*", "a", true }, { "a*c", "abbbc", true },
		{ "a*c", "abbb", false }, { "a*b*c", "aXbYc", true },
		{ "a*b*c", "aXcYb", false }, { "*a*a*a", "aaaa", true },
		{ "?", "", false }, { "??", "ab", true }, { "a?c", "abc", true },
		{ "[abc]", "b", true }, { "[abc]", "d", false },
		{ "[a-c]x", "bx", true }, { "[!a-c]x", "bx", false },
		{ "[!a-c]x", "dx", true }, { "[]]", "]", true },
		{ "[]a]", "a", true }, { "[a-]", "-", true }, { "[!]]", "a", true },
		{ "[", "[", true }, { "[a", "[a", true }, { "[a-", "[a-", true },
		{ "\\*", "*", true }, { "\\*", "a", false }, { "a\\", "a\\", true },
		{ "a\\", "a", false }, { "\\[x]", "[x]", true },
		{ "*\\?", "what?", true }, { "[0-9][0-9]", "42", true },
		{ "[0-9][0-9]", "4a", false }, { "*[", "x[", true },
	};
	char buf[64];
	int i;

	group("glob");
	for (i = 0; i < ARRAY_SIZE(g); i++)
		check(glob_matches(g[i].pat, g[i].s, strlen(g[i].s)) == g[i].match,
		      "glob '%s' on '%s' should %s", g[i].pat, g[i].s,
		      g[i].match ? "match" : "not match");
	/* the string's length bounds it, not a NUL */
	shim_strcpy(buf, "abcdef");
	check(glob_matches("abc", buf, 3), "glob on a bounded string");
	check(!glob_matches("abcd", buf, 3), "glob beyond the bound");
}

/* ------------------------------------------------------- text and memory */

static void test_memory(void)
{
	static const char *const exprs[] = {
		"u8v == 1", "name ~ \"a*\" && pstr == 'x' || cpus & CPUS{1-2}",
		"call_site.function == schedule", "CPU == CPUS{1-2} || !(comm != \"x\")",
		"no_such == 1", "(u8v == 1", "u8v == 1 && u16v == 2 || u32v == 3",
	};
	struct filter_error err;
	struct event_filter *f;
	unsigned long n, total;
	int i, ret, want;

	group("memory");
	/* without its text */
	ret = event_filter_compile(call, "u8v == 1", false, &f, &err);
	check(!ret && f && !f->text, "a filter without text has one");
	event_filter_free(f);
	event_filter_free(NULL);

	/* every allocation failing in turn: -ENOMEM, nothing leaks */
	for (i = 0; i < ARRAY_SIZE(exprs); i++) {
		shim_alloc_count = 0;
		shim_fail_alloc_at = 0;
		want = compile(exprs[i], &f, &err);
		event_filter_free(f);
		total = shim_alloc_count;
		for (n = 1; n <= total; n++) {
			shim_alloc_count = 0;
			shim_fail_alloc_at = n;
			ret = compile(exprs[i], &f, &err);
			check(ret == -ENOMEM || ret == want,
			      "'%s' with allocation %lu failing: %d", exprs[i],
			      n, ret);
			check(ret != -ENOMEM || !f || !event_filter_active(f),
			      "'%s': -ENOMEM with a program", exprs[i]);
			event_filter_free(f);
		}
	}
	shim_fail_alloc_at = 0;
}

/* Nested users of the char * buffers: past the last one, no match. */
static void test_scratch_depth(void)
{
	static const char target[] = "x";
	struct filter_error err;
	struct event_filter *f;
	struct filter_scratch *sc;
	struct rec r;

	group("scratch");
	rec_init(&r, 1);
	REC_SET(&r, OFF_PSTR, const char *, target);
	compile("pstr == \"x\"", &f, &err);
	sc = this_cpu_ptr(f->scratch);
	sc->depth = FILTER_SCRATCH_DEPTH - 1;
	check(filter_match_preds(f, r.data) == 1, "last buffer usable");
	check(sc->depth == FILTER_SCRATCH_DEPTH - 1, "depth restored");
	sc->depth = FILTER_SCRATCH_DEPTH;
	check(filter_match_preds(f, r.data) == 0, "no buffer, no match");
	sc->depth = 0;
	event_filter_free(f);
}

int main(void)
{
	test_numbers();
	test_strings();
	test_cpus();
	test_function();
	test_logic();
	test_random_logic();
	test_errors();
	test_glob();
	test_memory();
	test_scratch_depth();
	group(NULL);
	printf("filter unit: %d passed, %d failed\n", checks_passed,
	       checks_failed);
	return checks_failed != 0;
}
