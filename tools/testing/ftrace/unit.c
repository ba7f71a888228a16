// SPDX-License-Identifier: GPL-2.0
/*
 * T0 tests of kernel/trace/ftrace_hash.c: the address sets of the
 * function tracer's filters and the function-name patterns users write
 * into set_ftrace_filter. The kernel file and lib/glob.c are compiled
 * unchanged against the shims (see the Makefile).
 *
 * Expected results come from outside the code under test: the kinds of
 * pattern from what the filter language promises (README of tracefs,
 * Documentation/trace/ftrace.rst), matches from the C library's
 * fnmatch(3) (the kernel's glob_match() is documented as its equivalent),
 * hash contents from a plain array kept beside the hash.
 */
#include <fnmatch.h>
#include <stdio.h>

#include "shim.h"
#include "ftrace_hash.h"

static int checks, group_failures, groups_ok, groups_failed;
static const char *group_name;

#define check(cond, ...)						\
	do {								\
		checks++;						\
		if (!(cond)) {						\
			group_failures++;				\
			printf("FAIL %s:%d: ", __FILE__, __LINE__);	\
			printf(__VA_ARGS__);				\
			printf("\n");					\
		}							\
	} while (0)

static void group(const char *name)
{
	group_name = name;
	checks = 0;
	group_failures = 0;
}

static void group_end(void)
{
	printf("unit: %s: %d checks %s\n", group_name, checks,
	       group_failures ? "FAILED" : "ok");
	if (group_failures)
		groups_failed++;
	else
		groups_ok++;
}

/* ------------------------------------------------------------------ */

static const char *kind_name(enum ftrace_glob_kind k)
{
	static const char * const names[] = {
		"full", "prefix", "suffix", "middle", "glob", "index",
	};
	return k <= FTRACE_GLOB_INDEX ? names[k] : "?";
}

static void test_classify(void)
{
	static const struct {
		const char *pattern;
		enum ftrace_glob_kind kind;
		const char *text;
		bool negate;
	} t[] = {
		{ "schedule",	FTRACE_GLOB_FULL,	"schedule", false },
		{ "sched*",	FTRACE_GLOB_PREFIX,	"sched", false },
		{ "*lock",	FTRACE_GLOB_SUFFIX,	"lock", false },
		{ "*pin*",	FTRACE_GLOB_MIDDLE,	"pin", false },
		{ "*",		FTRACE_GLOB_SUFFIX,	"", false },
		{ "**",		FTRACE_GLOB_MIDDLE,	"", false },
		{ "a*b",	FTRACE_GLOB_GLOB,	"a*b", false },
		{ "*a*b",	FTRACE_GLOB_GLOB,	"*a*b", false },
		{ "a**",	FTRACE_GLOB_GLOB,	"a**", false },
		{ "sch?dule",	FTRACE_GLOB_GLOB,	"sch?dule", false },
		{ "[Ss]y[Ss]_*", FTRACE_GLOB_GLOB,	"[Ss]y[Ss]_*", false },
		{ "a\\*",	FTRACE_GLOB_GLOB,	"a\\*", false },
		{ "!schedule",	FTRACE_GLOB_FULL,	"schedule", true },
		{ "!sched*",	FTRACE_GLOB_PREFIX,	"sched", true },
		{ "12",		FTRACE_GLOB_INDEX,	"12", false },
		{ "!3",		FTRACE_GLOB_INDEX,	"3", true },
		{ "1foo",	FTRACE_GLOB_INDEX,	"1foo", false },
		{ "",		FTRACE_GLOB_FULL,	"", false },
	};
	struct ftrace_glob g;
	char buf[64];
	size_t i;

	group("classify");
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		snprintf(buf, sizeof(buf), "%s", t[i].pattern);
		ftrace_glob_compile(&g, buf);
		check(g.kind == t[i].kind, "'%s': kind %s, want %s",
		      t[i].pattern, kind_name(g.kind), kind_name(t[i].kind));
		check(!strcmp(g.text, t[i].text), "'%s': text '%s', want '%s'",
		      t[i].pattern, g.text, t[i].text);
		check(g.len == strlen(t[i].text), "'%s': len %u", t[i].pattern,
		      g.len);
		check(g.negate == t[i].negate, "'%s': negate %d", t[i].pattern,
		      g.negate);
	}
	group_end();
}

/* Does @pattern (as written, '!' included) select @name? */
static bool matches(const char *pattern, const char *name)
{
	struct ftrace_glob g;
	char buf[128];

	snprintf(buf, sizeof(buf), "%s", pattern);
	ftrace_glob_compile(&g, buf);
	return ftrace_glob_match(&g, name);
}

static void test_match_table(void)
{
	static const struct {
		const char *pattern, *name;
		bool match;
	} t[] = {
		{ "schedule", "schedule", true },
		{ "schedule", "schedule_tail", false },
		{ "schedule", "xschedule", false },
		{ "schedule*", "schedule_tail", true },
		{ "schedule*", "schedule", true },
		{ "schedule*", "do_schedule", false },
		{ "*schedule", "do_schedule", true },
		{ "*schedule", "schedule_tail", false },
		{ "*sched*", "preempt_schedule_irq", true },
		{ "*sched*", "sched", true },
		{ "*sched*", "sche", false },
		{ "*pin*lock", "spin_lock", true },
		{ "*pin*lock", "spin_lock_irq", false },
		{ "mutex*unl*", "mutex_unlock", true },
		{ "sch*ule", "schedule", true },
		{ "sch?dule", "schedule", true },
		{ "a?c", "ac", false },
		{ "[Ss]y[Ss]_*", "SyS_read", true },
		{ "[Ss]y[Ss]_*", "sys_read", true },
		{ "[Ss]y[Ss]_*", "xys_read", false },
		{ "[!a]bc", "abc", false },
		{ "[!a]bc", "xbc", true },
		{ "[a-c]x", "bx", true },
		{ "[a-c]x", "dx", false },
		{ "a\\*", "a*", true },
		{ "a\\*", "ab", false },
		{ "*", "", true },
		{ "*", "anything", true },
		/* the '!' only says "remove": the pattern still selects */
		{ "!schedule", "schedule", true },
		/* an index selects by position, never by name */
		{ "1", "1", false },
	};
	size_t i;

	group("match table");
	for (i = 0; i < ARRAY_SIZE(t); i++)
		check(matches(t[i].pattern, t[i].name) == t[i].match,
		      "'%s' on '%s' should %s", t[i].pattern, t[i].name,
		      t[i].match ? "match" : "not match");
	group_end();
}

/* ------------------------------------------------------------------ */

static unsigned long long rng_state = 88172645463325252ULL;

static unsigned long rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void random_name(char *buf, int max)
{
	static const char chars[] = "ab_c";
	int n = rnd() % (max + 1), i;

	for (i = 0; i < n; i++)
		buf[i] = chars[rnd() % 4];
	buf[n] = '\0';
}

static void random_pattern(char *buf, int max)
{
	static const char * const pieces[] = {
		"a", "b", "_", "c", "*", "*", "?", "[ab]", "[!a]", "[a-c]",
		"\\*", "\\a",
	};
	int n = rnd() % (max + 1), i;

	buf[0] = '\0';
	for (i = 0; i < n; i++)
		strcat(buf, pieces[rnd() % ARRAY_SIZE(pieces)]);
}

/*
 * The shortcut kinds must select exactly what the general glob would: a
 * pattern is compared with fnmatch(3) on random names.
 */
static void test_match_random(void)
{
	char pat[64], name[16];
	int i, mismatches = 0;

	group("match vs fnmatch(3)");
	for (i = 0; i < 300000; i++) {
		bool want, got;

		random_pattern(pat, 6);
		random_name(name, 7);
		want = fnmatch(pat, name, 0) == 0;
		got = matches(pat, name);
		if (want != got && mismatches++ < 10)
			check(0, "'%s' on '%s': %d, fnmatch says %d", pat, name,
			      got, want);
		checks++;
	}
	check(!mismatches, "%d mismatches", mismatches);
	group_end();
}

/* ------------------------------------------------------------------ */

#define MODEL_IPS	512

/* The hash against a plain array of which addresses are in it. */
static bool model_agrees(struct ftrace_hash *h, const bool *in)
{
	unsigned long ip, n = 0;

	for (ip = 0; ip < MODEL_IPS; ip++) {
		if (!!ftrace_lookup_ip(h, 0x1000 + ip * 8) != in[ip])
			return false;
		n += in[ip];
	}
	return n == h->count;
}

static void test_hash_model(void)
{
	struct ftrace_hash *h, *c;
	struct ftrace_func_entry *e;
	bool in[MODEL_IPS] = { false };
	unsigned long ip;
	int step, agree = 1;

	group("hash vs array");
	h = ftrace_hash_alloc(3);
	check(h, "alloc");
	check(ftrace_hash_empty(h), "new hash is empty");
	for (step = 0; step < 20000; step++) {
		unsigned long a = rnd() % MODEL_IPS, b = rnd() % MODEL_IPS;

		switch (rnd() % 8) {
		case 0: case 1: case 2:
			check(!ftrace_hash_add(h, 0x1000 + a * 8), "add");
			in[a] = true;
			break;
		case 3: case 4:
			e = ftrace_lookup_ip(h, 0x1000 + a * 8);
			if (e)
				ftrace_hash_remove(h, e);
			in[a] = false;
			break;
		case 5:
			if (a > b) {
				unsigned long t = a;

				a = b;
				b = t;
			}
			/* [start, end): the entry at end stays */
			ftrace_hash_remove_range(h, 0x1000 + a * 8,
						 0x1000 + b * 8);
			for (ip = a; ip < b; ip++)
				in[ip] = false;
			break;
		case 6:
			c = ftrace_hash_copy(rnd() % 5, h);
			check(c && ftrace_hash_equal(c, h), "copy equals");
			if (c) {
				ftrace_hash_remove_range(c, 0, ~0UL);
				check(!c->count &&
				      ftrace_hash_equal(c, h) == !h->count,
				      "emptied copy");
			}
			ftrace_hash_free(c);
			break;
		default:
			check(ftrace_hash_empty(h) == !h->count, "empty");
			break;
		}
		if (!model_agrees(h, in))
			agree = 0;
	}
	check(agree, "hash and array agree after every step");

	/* A filter naming functions still to come is not empty. */
	ftrace_hash_remove_range(h, 0, ~0UL);
	check(ftrace_hash_empty(h), "emptied");
	h->flags |= FTRACE_HASH_FL_MOD;
	check(!ftrace_hash_empty(h), "FL_MOD makes a hash of no address non-empty");
	check(!ftrace_lookup_ip(h, 0x1000), "and it holds nothing");
	c = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS, h);
	check(c && (c->flags & FTRACE_HASH_FL_MOD), "the copy keeps the flag");
	ftrace_hash_free(c);
	ftrace_hash_free(h);
	check(ftrace_hash_empty(NULL) && ftrace_hash_empty(ftrace_empty_hash),
	      "NULL and the shared empty hash are empty");
	ftrace_hash_free(ftrace_empty_hash);	/* never freed */
	check(shim_allocs == 0, "%ld allocations left", shim_allocs);
	group_end();
}

/* Every allocation of a copy failing in turn: NULL and nothing leaked. */
static void test_alloc_failures(void)
{
	struct ftrace_hash *h, *c;
	long before, n;
	int i, failed = 0;

	group("allocation failures");
	h = ftrace_hash_alloc(4);
	for (i = 0; i < 100; i++)
		ftrace_hash_add(h, 0x2000 + i * 16);
	before = shim_allocs;
	for (n = 1; n < 110; n++) {
		shim_fail_alloc_at = n;
		c = ftrace_hash_copy(FTRACE_HASH_DEFAULT_BITS, h);
		if (c) {
			check(ftrace_hash_equal(c, h), "copy %ld equals", n);
			ftrace_hash_free(c);
		} else {
			failed++;
		}
		check(shim_allocs == before, "copy failing at %ld leaks %ld",
		      n, shim_allocs - before);
		shim_fail_alloc_at = 0;
	}
	check(failed == 102, "%d copies failed, every allocation of them once",
	      failed);
	shim_fail_alloc_at = 1;
	check(ftrace_hash_add(h, 1) == -ENOMEM, "add reports ENOMEM");
	shim_fail_alloc_at = 0;
	check(!ftrace_lookup_ip(h, 1), "and added nothing");
	ftrace_hash_free(h);
	check(shim_allocs == 0, "%ld allocations left", shim_allocs);
	group_end();
}

int main(void)
{
	test_classify();
	test_match_table();
	test_match_random();
	test_hash_model();
	test_alloc_failures();
	printf("ftrace T0: %d passed, %d failed\n", groups_ok, groups_failed);
	return groups_failed ? 1 : 0;
}
