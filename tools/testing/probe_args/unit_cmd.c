// SPDX-License-Identifier: GPL-2.0
/*
 * The command line of probe events (trace_probe_cmd.c): each command of
 * the reference's syntax-error cases (ftracetest's *_syntax_errors.tc),
 * written with a '^' where its error log puts the caret, must fail with
 * that error at that column; the others must parse to what they say.
 *
 * Ends with "probe_cmd unit: N passed, N failed".
 */
#include <stdio.h>
#include <string.h>

#include "trace_probe_cmd.h"
#include "harness.h"

#define L65 "12345678901234567890123456789012345678901234567890123456789012345"

struct cmd_case {
	enum probe_kind	kind;
	const char	*cmd;		/* with '^' at the caret; none: parses */
	enum probe_err	err;
	enum probe_err	also;
};

static const struct cmd_case cases[] = {
	{ PROBE_KPROBE, "p^100 vfs_read", PERR_BAD_MAXACT_TYPE },
	{ PROBE_KPROBE, "r^1a111 vfs_read", PERR_BAD_MAXACT },
	{ PROBE_KPROBE, "r^100000 vfs_read", PERR_MAXACT_TOO_BIG },
	{ PROBE_KPROBE, "r^0 vfs_read", PERR_BAD_MAXACT },
	{ PROBE_KPROBE, "p ^hoge-fuga", PERR_BAD_PROBE_ADDR },
	{ PROBE_KPROBE, "p ^hoge+1000-1000", PERR_BAD_PROBE_ADDR },
	{ PROBE_KPROBE, "p:^/bar vfs_read", PERR_NO_GROUP_NAME },
	{ PROBE_KPROBE, "p:^" L65 "/bar vfs_read", PERR_GROUP_TOO_LONG },
	{ PROBE_KPROBE, "p:^foo.1/bar vfs_read", PERR_BAD_GROUP_NAME },
	{ PROBE_KPROBE, "p:^ vfs_read", PERR_NO_EVENT_NAME },
	{ PROBE_KPROBE, "p:foo/^" L65 " vfs_read", PERR_EVENT_TOO_LONG },
	{ PROBE_KPROBE, "p:foo/^bar.1 vfs_read", PERR_BAD_EVENT_NAME },
	{ PROBE_KPROBE, "p vfs_read^%hoge", PERR_BAD_ADDR_SUFFIX },
	{ PROBE_KPROBE, "p:grp/ev vfs_read+16 x=%ax" },
	{ PROBE_KPROBE, "r10:grp/ev vfs_read" },
	{ PROBE_KPROBE, "p vfs_read%return" },
	{ PROBE_KPROBE, "p 0xffffffff81000000" },
	{ PROBE_KPROBE, "p:kp.ev some_mod:some_sym+0x10" },
	{ PROBE_KPROBE, "pfoo:bar vfs_read" },
	{ PROBE_UPROBE, "p /bin/sh:^10a", PERR_BAD_UPROBE_OFFS },
	{ PROBE_UPROBE, "p /bin/sh:10(^1a)", PERR_BAD_REFCNT },
	{ PROBE_UPROBE, "p /bin/sh:10(10^", PERR_REFCNT_OPEN_BRACE },
	{ PROBE_UPROBE, "p /bin/sh:10(10)^a", PERR_BAD_REFCNT_SUFFIX },
	{ PROBE_UPROBE, "p /bin/sh:10^%hoge", PERR_BAD_ADDR_SUFFIX },
	{ PROBE_UPROBE, "p /bin/sh:10(10)^%return", PERR_BAD_REFCNT_SUFFIX },
	{ PROBE_UPROBE, "p:u/ev /bin/sh:0x10%return(0x20)" },
	{ PROBE_UPROBE, "r10:foo /bin/sh:0x10" },
	{ PROBE_FPROBE, "f^100 vfs_read", PERR_BAD_MAXACT_TYPE },
	{ PROBE_TPROBE, "t^100 kfree", PERR_BAD_MAXACT_TYPE },
	{ PROBE_TPROBE, "t kfree ^$retval", PERR_RETVAL_ON_PROBE },
	{ PROBE_FPROBE, "f vfs_read^%hoge", PERR_BAD_ADDR_SUFFIX },
	{ PROBE_TPROBE, "t kfree^%return", PERR_BAD_ADDR_SUFFIX },
	{ PROBE_TPROBE, "t kfree^.x", PERR_BAD_TP_NAME },
	{ PROBE_FPROBE, "f vfs_read $retval" },
	{ PROBE_FPROBE, "f10:fp/ev vfs_read%return" },
	{ PROBE_EPROBE, "e ^a.", PERR_NO_EVENT_INFO },
	{ PROBE_EPROBE, "e ^.b", PERR_NO_GROUP_NAME, PERR_NO_EVENT_INFO },
	{ PROBE_EPROBE, "e:^/bar syscalls/sys_enter_openat", PERR_NO_GROUP_NAME },
	{ PROBE_EPROBE, "e:my/ev syscalls/sys_enter_openat" },
};

/* what the commands that parse must have given */
static bool parsed_right(const struct cmd_case *c, const struct probe_cmd *cmd)
{
	const char *s = c->cmd;

	if (!strcmp(s, "p:grp/ev vfs_read+16 x=%ax"))
		return !strcmp(cmd->group, "grp") && !strcmp(cmd->event, "ev") &&
		       !strcmp(cmd->symbol, "vfs_read") && cmd->offset == 16 &&
		       !cmd->is_return;
	if (!strcmp(s, "r10:grp/ev vfs_read"))
		return cmd->is_return && cmd->maxactive == 10;
	if (!strcmp(s, "p vfs_read%return"))
		return cmd->is_return && !strcmp(cmd->symbol, "vfs_read") &&
		       !cmd->group[0] && !cmd->event[0];
	if (!strcmp(s, "p 0xffffffff81000000"))
		return cmd->is_addr && cmd->addr == 0xffffffff81000000UL;
	if (!strcmp(s, "p:kp.ev some_mod:some_sym+0x10"))
		return !strcmp(cmd->group, "kp") && !strcmp(cmd->event, "ev") &&
		       !strcmp(cmd->symbol, "some_mod:some_sym") &&
		       cmd->offset == 16;
	if (!strcmp(s, "pfoo:bar vfs_read"))
		return !strcmp(cmd->event, "bar") && !cmd->group[0];
	if (!strcmp(s, "p:u/ev /bin/sh:0x10%return(0x20)"))
		return cmd->is_return && cmd->addr == 0x10 &&
		       cmd->ref_ctr == 0x20 && !strcmp(cmd->symbol, "/bin/sh");
	if (!strcmp(s, "r10:foo /bin/sh:0x10"))
		return cmd->is_return && !cmd->event[0] && !cmd->maxactive;
	if (!strcmp(s, "f vfs_read $retval"))
		return cmd->is_return && cmd->kind == PROBE_FPROBE;
	if (!strcmp(s, "f10:fp/ev vfs_read%return"))
		return cmd->is_return && cmd->maxactive == 10;
	if (!strcmp(s, "e:my/ev syscalls/sys_enter_openat"))
		return !strcmp(cmd->symbol, "syscalls.sys_enter_openat") &&
		       !strcmp(cmd->event, "ev");
	return false;
}

struct show_case {
	enum probe_kind	kind;
	const char	*cmd;
	const char	*line;		/* what the control files read */
};

/* each command's line as the files show it, names made by default */
static const struct show_case shows[] = {
	{ PROBE_KPROBE, "p vfs_read", "p:kprobes/p_vfs_read_0 vfs_read\n" },
	{ PROBE_KPROBE, "r vfs_read", "r:kprobes/r_vfs_read_0 vfs_read\n" },
	{ PROBE_KPROBE, "p vfs_read%return",
	  "r:kprobes/r_vfs_read_0 vfs_read\n" },
	{ PROBE_KPROBE, "r16:my/ev vfs_read x=%ax y=+8(%di):u32",
	  "r16:my/ev vfs_read x=%ax y=+8(%di):u32\n" },
	{ PROBE_KPROBE, "p vfs_read+0x10 %di",
	  "p:kprobes/p_vfs_read_16 vfs_read+16 arg1=%di\n" },
	{ PROBE_KPROBE, "p trace_printk:trace_printk_irq_work",
	  "p:kprobes/p_trace_printk_trace_printk_irq_work_0 trace_printk:trace_printk_irq_work\n" },
	{ PROBE_KPROBE, "p foo.isra.0", "p:kprobes/p_foo_isra_0_0 foo.isra.0\n" },
	{ PROBE_UPROBE, "p /bin/bash:0x4245c0",
	  "p:uprobes/p_bash_0x4245c0 /bin/bash:0x00000000004245c0\n" },
	{ PROBE_UPROBE, "r /usr/lib/libc.so.6:0x100",
	  "r:uprobes/p_libc_0x100 /usr/lib/libc.so.6:0x0000000000000100\n" },
	{ PROBE_UPROBE, "p:u/ev /bin/sh:0x10(0x20) s=$stack",
	  "p:u/ev /bin/sh:0x0000000000000010(0x20) s=$stack\n" },
	{ PROBE_FPROBE, "f vfs_read", "f:fprobes/vfs_read__entry vfs_read\n" },
	{ PROBE_FPROBE, "f vfs_read $retval",
	  "f:fprobes/vfs_read__exit vfs_read%return arg1=$retval\n" },
	{ PROBE_FPROBE, "f4 vfs_*%return",
	  "f4:fprobes/vfs____exit vfs_*%return\n" },
	{ PROBE_TPROBE, "t sched_switch", "t:tracepoints/sched_switch sched_switch\n" },
	{ PROBE_TPROBE, "t 9p_req", "t:tracepoints/_9p_req 9p_req\n" },
	{ PROBE_EPROBE, "e syscalls.sys_enter_openat",
	  "e:eprobes/sys_enter_openat syscalls.sys_enter_openat\n" },
};

static const struct probe_arg_env env = {
	.reg_offset = harness_reg_offset, .stack_words = 2048,
};

static int check_shows(void)
{
	int failed = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(shows); i++) {
		const struct show_case *c = &shows[i];
		struct probe_parse p = {
			.flags = PROBE_CTX_KERNEL | PROBE_CTX_ENTRY |
				 PROBE_CTX_RETURN,
			.env = &env,
		};
		char buf[256], line[256], *argv[16], *tok, *save;
		struct probe_arg args[8];
		struct probe_cmd_err e;
		struct probe_cmd cmd;
		int argc = 0, ret, n;

		strscpy(buf, c->cmd, sizeof(buf));
		for (tok = strtok_r(buf, " ", &save); tok && argc < 16;
		     tok = strtok_r(NULL, " ", &save))
			argv[argc++] = tok;
		ret = probe_cmd_parse(c->kind, argc, (const char *const *)argv,
				      &cmd, &e);
		for (n = 0; !ret && n + 2 < argc; n++) {
			p.index = n + 1;
			ret = probe_arg_parse(&p, argv[n + 2], &args[n]);
		}
		if (!ret) {
			probe_cmd_default_names(&cmd);
			ret = probe_cmd_show(&cmd, args, n, line, sizeof(line));
		}
		if (ret < 0 || strcmp(line, c->line)) {
			failed++;
			printf("FAIL: '%s': %d '%s', want '%s'\n", c->cmd, ret,
			       ret < 0 ? "" : line, c->line);
		}
		while (n--)
			probe_arg_free(&args[n]);
	}
	return failed;
}

/* what probe_cmd_run() handed over: the lines' words, joined */
static int collect(int argc, const char **argv, void *data)
{
	char *out = data;
	int i;

	for (i = 0; i < argc; i++) {
		strcat(out, i ? " " : "[");
		strcat(out, argv[i]);
	}
	strcat(out, "]");
	return strcmp(argv[0], "fail") ? 0 : -ENOENT;
}

static int check_run(void)
{
	static char buf[8192], out[8192];
	int failed = 0, ret;

	strscpy(buf, "p vfs_read  x=%ax # a comment\n\n  # only a comment\n"
		"\tr  foo\nlast line without newline", sizeof(buf));
	ret = probe_cmd_run(buf, collect, out);
	if (ret || strcmp(out, "[p vfs_read x=%ax][r foo][last line without newline]")) {
		printf("FAIL: run: %d '%s'\n", ret, out);
		failed++;
	}
	/* the first error ends the run */
	out[0] = '\0';
	strscpy(buf, "a\nfail now\nnot run", sizeof(buf));
	ret = probe_cmd_run(buf, collect, out);
	if (ret != -ENOENT || strcmp(out, "[a][fail now]")) {
		printf("FAIL: run stops: %d '%s'\n", ret, out);
		failed++;
	}
	/* a line of 4095 bytes is too long, one of 4094 is not */
	out[0] = '\0';
	memset(buf, 'x', 4095);
	buf[4095] = '\0';
	ret = probe_cmd_run(buf, collect, out);
	buf[4094] = '\0';
	if (ret != -EINVAL || probe_cmd_run(buf, collect, out) ||
	    strlen(out) != 4096) {
		printf("FAIL: line length: %d\n", ret);
		failed++;
	}
	return failed;
}

/* removals: their names, then which probes their words match */
static int check_removal(void)
{
	static const char *const bad[] = { "-", "-x", "-:", "-:/", "!p" };
	struct probe_parse p = {
		.flags = PROBE_CTX_KERNEL | PROBE_CTX_ENTRY, .env = &env,
	};
	char g[PROBE_GROUP_MAX + 1], e[PROBE_GROUP_MAX + 1];
	const char *argv[8], *words[4];
	struct probe_cmd_err err;
	struct probe_arg args[2];
	struct probe_cmd cmd;
	int failed = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		if (probe_cmd_removal(bad[i], g, e) != -EINVAL) {
			printf("FAIL: removal '%s' taken\n", bad[i]);
			failed++;
		}
	if (probe_cmd_removal("-:grp/ev", g, e) || strcmp(g, "grp") ||
	    strcmp(e, "ev") || probe_cmd_removal("-:ev", g, e) || g[0] ||
	    strcmp(e, "ev") || probe_cmd_removal("-:grp/", g, e) ||
	    strcmp(g, "grp") || e[0] ||
	    probe_cmd_removal("!p:kp/x", g, e) || strcmp(g, "kp") ||
	    strcmp(e, "x") || probe_cmd_removal("-:a.b", g, e) || g[0] ||
	    strcmp(e, "a.b")) {
		printf("FAIL: removal names\n");
		failed++;
	}

	argv[0] = "p:kp/ev";
	argv[1] = "vfs_read+16";
	probe_cmd_parse(PROBE_KPROBE, 2, argv, &cmd, &err);
	p.index = 1;
	probe_arg_parse(&p, "x=%ax", &args[0]);
	p.index = 2;
	probe_arg_parse(&p, "+8(%di):u32", &args[1]);
	words[0] = "vfs_read+16";
	words[1] = "x=%ax";
	words[2] = "arg2=+8(%di):u32";
	words[3] = "arg3=1";
	if (!probe_cmd_matches(&cmd, args, 2, words, 0) ||
	    !probe_cmd_matches(&cmd, args, 2, words, 1) ||
	    !probe_cmd_matches(&cmd, args, 2, words, 2) ||
	    !probe_cmd_matches(&cmd, args, 2, words, 3) ||
	    probe_cmd_matches(&cmd, args, 2, words, 4)) {
		printf("FAIL: kprobe removal matches\n");
		failed++;
	}
	words[0] = "vfs_read+0x10";
	if (probe_cmd_matches(&cmd, args, 2, words, 1)) {
		printf("FAIL: the location as written is no match\n");
		failed++;
	}
	argv[0] = "f";
	argv[1] = "vfs_read%return";
	probe_cmd_parse(PROBE_FPROBE, 2, argv, &cmd, &err);
	words[0] = "vfs_read%return";
	words[1] = "vfs_read";
	if (probe_cmd_matches(&cmd, args, 0, words, 1) ||
	    !probe_cmd_matches(&cmd, args, 0, words + 1, 1)) {
		printf("FAIL: fprobe removal matches\n");
		failed++;
	}
	argv[0] = "e";
	argv[1] = "syscalls/sys_enter_openat";
	probe_cmd_parse(PROBE_EPROBE, 2, argv, &cmd, &err);
	words[0] = "syscalls.sys_enter_openat";
	words[1] = "syscalls/sys_enter_openat";
	words[2] = "syscalls/sys_enter_open";
	if (!probe_cmd_matches(&cmd, args, 0, words, 1) ||
	    !probe_cmd_matches(&cmd, args, 0, words + 1, 1) ||
	    probe_cmd_matches(&cmd, args, 0, words + 2, 1)) {
		printf("FAIL: eprobe removal matches\n");
		failed++;
	}
	probe_arg_free(&args[0]);
	probe_arg_free(&args[1]);
	return failed;
}

/* a definition added to an event: the reference's multiprobe cases */
struct append_case {
	const char	*cmd;		/* with '^' at the caret, or none */
	enum probe_err	err;
};

static const struct append_case appends[] = {
	{ "^r:kprobes/testevent do_exit", PERR_DIFF_PROBE_TYPE },
	{ "p:kprobes/testevent kernel_clone ^bcd=\\1", PERR_DIFF_ARG_TYPE },
	{ "p:kprobes/testevent kernel_clone ^abcd=\\1:u8", PERR_DIFF_ARG_TYPE },
	{ "p:kprobes/testevent kernel_clone ^abcd=\\\"foo\"", PERR_DIFF_ARG_TYPE },
	{ "^p:kprobes/testevent kernel_clone abcd=\\1", PERR_SAME_PROBE },
	{ "p:kprobes/testevent kernel_clone abcd=\\1 ^x=%ax", PERR_DIFF_ARG_TYPE },
	{ "p:kprobes/testevent do_exit abcd=\\2" },
};

/* parse a command and its arguments: its argument count, or -1 */
static int parse_all(char *buf, const char **argv, struct probe_cmd *cmd,
		     struct probe_arg *args)
{
	struct probe_parse p = {
		.flags = PROBE_CTX_KERNEL | PROBE_CTX_ENTRY, .env = &env,
	};
	struct probe_cmd_err e;
	char *tok, *save;
	int argc = 0, i;

	for (tok = strtok_r(buf, " ", &save); tok && argc < 8;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	if (probe_cmd_parse(PROBE_KPROBE, argc, argv, cmd, &e))
		return -1;
	for (i = 0; i + 2 < argc; i++) {
		p.index = i + 1;
		if (probe_arg_parse(&p, argv[i + 2], &args[i]))
			return -1;
	}
	return i;
}

static int check_appends(void)
{
	char obuf[128] = "p:kprobes/testevent kernel_clone abcd=\\1", buf[128];
	const char *oargv[8], *argv[8];
	struct probe_arg oargs[4], args[4];
	struct probe_cmd old, cmd;
	struct probe_cmd_err e;
	int on, n, failed = 0, want, got, ret;
	size_t k;
	char *caret;

	on = parse_all(obuf, oargv, &old, oargs);
	for (k = 0; k < ARRAY_SIZE(appends); k++) {
		strscpy(buf, appends[k].cmd, sizeof(buf));
		caret = strchr(buf, '^');
		want = caret ? caret - buf : -1;
		if (caret)
			memmove(caret, caret + 1, strlen(caret));
		n = parse_all(buf, argv, &cmd, args);
		memset(&e, 0, sizeof(e));
		ret = n < 0 ? -1 :
		      probe_cmd_can_append(&old, oargs, on, &cmd, args, n,
					   probe_cmd_same(&old, oargs, on, &cmd,
							  args, n), &e);
		got = ret ? probe_cmd_caret(n + 2, argv, e.word, e.col) : -1;
		if (appends[k].err ? ret != -EEXIST || e.err != appends[k].err ||
				     got != want : ret != 0) {
			printf("FAIL: append '%s': %d \"%s\" at %d, want at %d\n",
			       appends[k].cmd, ret, probe_err_text[e.err], got,
			       want);
			failed++;
		}
		while (n-- > 0)
			probe_arg_free(&args[n]);
	}
	while (on-- > 0)
		probe_arg_free(&oargs[on]);
	return failed;
}

/* which parser dynamic_events hands a definition to */
static int check_kinds(void)
{
	static const struct {
		const char *w0, *w1;
		int kind;
	} kinds[] = {
		{ "p", "vfs_read", PROBE_KPROBE },
		{ "r", "0xffffffff81000000", PROBE_KPROBE },
		{ "p", "/bin/sh:10", PROBE_UPROBE },
		{ "r:u/x", "/bin/sh:0x10", PROBE_UPROBE },
		/* the kprobe parser's MAXACTIVE comes first */
		{ "p5", "/bin/sh:10", PROBE_KPROBE },
		{ "r0", "/bin/sh:10", PROBE_KPROBE },
		{ "r5", "/bin/sh:10", PROBE_UPROBE },
		/* neither takes it: no digit after the last ':' */
		{ "p", "/bin/sh:x", -EINVAL },
		{ "f", "vfs_read", PROBE_FPROBE },
		{ "t", "sched_switch", PROBE_TPROBE },
		{ "e", "sched.sched_switch", PROBE_EPROBE },
		{ "s", "foo", -EINVAL },
	};
	int failed = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		const char *argv[2] = { kinds[i].w0, kinds[i].w1 };
		int got = probe_cmd_kind(2, argv);

		if (got != kinds[i].kind) {
			printf("FAIL: kind of '%s %s': %d, want %d\n",
			       kinds[i].w0, kinds[i].w1, got, kinds[i].kind);
			failed++;
		}
	}
	return failed;
}

/* an eprobe's filter after "if" */
static int check_filter(void)
{
	const char *a[] = { "e", "sys.ev", "x=$f", "if", "f", ">", "1" };
	const char *b[] = { "e:foo/bar", "syscalls/sys_enter_openat", "if" };
	struct probe_cmd_err e = { };
	char filter[64];
	int failed = 0, n;

	if (probe_cmd_filter(7, a, &n, filter, sizeof(filter), &e) || n != 1 ||
	    strcmp(filter, "f > 1")) {
		printf("FAIL: filter '%s' after %d arguments\n", filter, n);
		failed++;
	}
	if (probe_cmd_filter(3, a, &n, filter, sizeof(filter), &e) || n != 1 ||
	    filter[0]) {
		printf("FAIL: no filter\n");
		failed++;
	}
	/* "e:foo/bar syscalls/sys_enter_openat if ^": one past the end */
	if (probe_cmd_filter(3, b, &n, filter, sizeof(filter), &e) != -EINVAL ||
	    e.err != PERR_NO_EP_FILTER ||
	    probe_cmd_caret(3, b, e.word, e.col) != 39) {
		printf("FAIL: nothing after if\n");
		failed++;
	}
	return failed;
}

int main(void)
{
	int passed = 0, failed = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct cmd_case *c = &cases[i];
		char buf[256], *argv[16], *caret, *tok, *save;
		struct probe_cmd_err e;
		struct probe_cmd cmd;
		int argc = 0, want = -1, got, ret;
		bool ok;

		strscpy(buf, c->cmd, sizeof(buf));
		caret = strchr(buf, '^');
		if (caret) {
			want = caret - buf;
			memmove(caret, caret + 1, strlen(caret));
		}
		for (tok = strtok_r(buf, " ", &save); tok && argc < 16;
		     tok = strtok_r(NULL, " ", &save))
			argv[argc++] = tok;
		ret = probe_cmd_parse(c->kind, argc, (const char *const *)argv,
				      &cmd, &e);
		got = ret ? probe_cmd_caret(argc, (const char *const *)argv,
					    e.word, e.col) : -1;
		if (c->err)
			ok = ret && e.err == c->err && got == want &&
			     e.err_also == c->also;
		else
			ok = !ret && parsed_right(c, &cmd);
		if (ok) {
			passed++;
			continue;
		}
		failed++;
		printf("FAIL: '%s': ret %d \"%s\" at %d (also %d), want \"%s\" at %d\n",
		       c->cmd, ret, probe_err_text[e.err], got, e.err_also,
		       probe_err_text[c->err], want);
	}
	i = check_shows();
	failed += i;
	passed += ARRAY_SIZE(shows) - i;
	i = check_run();
	failed += i;
	passed += 3 - i;
	i = check_removal();
	failed += i;
	passed += 10 - i;
	i = check_appends();
	failed += i;
	passed += ARRAY_SIZE(appends) - i;
	i = check_kinds();
	failed += i;
	passed += 12 - i;
	i = check_filter();
	failed += i;
	passed += 3 - i;
	printf("probe_cmd unit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
