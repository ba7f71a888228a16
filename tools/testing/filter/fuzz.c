// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the event filter language: any bytes as an
 * expression for the harness's events (kernel/trace/trace_events_filter.c
 * compiled unchanged, included for a look at its programs), then the
 * result run on a few records.
 *
 * The first byte steers: bit 7 makes allocation number (bits 0-4) + 1
 * fail, bit 6 picks the event whose own field is called "cpu", bits 0-1
 * (without bit 7) the CPU. The rest, up to a page, is the expression, as
 * the filter file takes it. Besides crashes, leaks and undefined
 * behaviour (ASan, LSan, UBSan), a broken rule below aborts.
 */
#include "harness.h"
#include "trace_events_filter.c"

#define EXPR_MAX	4095

static void rule(bool ok, const char *what, const char *expr)
{
	if (ok)
		return;
	fprintf(stderr, "broken: %s\nexpression: '%s'\n", what, expr);
	abort();
}

/* What every compiled program must be. */
static void check_program(const struct event_filter *f, const char *expr)
{
	int i, b, t;

	rule(f->nr_leaves > 0, "a compiled filter has leaves", expr);
	for (i = 0; i < f->nr_leaves; i++) {
		const struct filter_leaf *leaf = &f->leaves[i];

		rule(leaf->kind <= LEAF_CPUS, "leaf kind", expr);
		for (b = 0; b < 2; b++) {
			t = leaf->next[b];
			/* forward, so that matching always ends */
			rule(t == VERDICT_MATCH || t == VERDICT_DROP ||
			     (t > i && t < f->nr_leaves),
			     "every exit leads forward or to a verdict", expr);
		}
	}
}

static void judge_records(struct event_filter *f)
{
	static const char word[] = "kworker/0:1";
	struct rec r;
	int k;

	for (k = 0; k < 3; k++) {
		rec_init(&r, k * 1000);
		REC_SET(&r, OFF_U8, u8, k * 100);
		REC_SET(&r, OFF_S8, s8, -k);
		REC_SET(&r, OFF_U16, u16, k * 30000);
		REC_SET(&r, OFF_S16, s16, -k * 10000);
		REC_SET(&r, OFF_U32, u32, k);
		REC_SET(&r, OFF_S32, s32, -k);
		REC_SET(&r, OFF_BIG, s64, -k * 5000000000LL);
		REC_SET(&r, OFF_CALL_SITE, u64, 0xffffffff81200000ULL + k * 0x100);
		rec_set_name(&r, k == 2 ? "0123456789" : "bash", k == 2 ? 10 : 4);
		rec_set_dstr(&r, k ? "sshd" : "");
		rec_set_rstr(&r, "systemd-journal");
		/* a good pointer, one that faults */
		REC_SET(&r, OFF_PSTR, const char *, k == 1 ? (const char *)8 : word);
		rec_set_cpus(&r, 0x5UL << k, k == 2 ? 4 : 8);
		filter_match_preds(f, r.data);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char expr[EXPR_MAX + 1];
	struct filter_error err;
	struct event_filter *f;
	unsigned int ctl;
	int ret;

	if (!size)
		return 0;
	ctl = data[0];
	size = min(size - 1, (size_t)EXPR_MAX);
	memcpy(expr, data + 1, size);
	expr[size] = '\0';

	shim_alloc_count = 0;
	shim_fail_alloc_at = ctl & 0x80 ? (ctl & 0x1f) + 1 : 0;
	shim_cpu = ctl & 0x80 ? 0 : ctl & 3;
	ret = event_filter_compile(ctl & 0x40 ? &ev_own_cpu : &ev_every, expr,
				   true, &f, &err);
	shim_fail_alloc_at = 0;

	rule(ret == 0 || ret == -EINVAL || ret == -EPERM || ret == -ENOENT ||
	     ret == -ESRCH || ret == -ENOMEM, "errno is one of the known", expr);
	if (ret == -ENOMEM) {
		rule(ctl & 0x80, "out of memory only when made so", expr);
		rule(!f || !event_filter_active(f), "no program without memory",
		     expr);
	} else {
		rule(f, "a filter comes back", expr);
		rule(err.code >= FILTER_ERR_NONE && err.code < FILTER_ERR_MAX,
		     "error code in range", expr);
	}
	if (!ret) {
		check_program(f, expr);
		rule(!strcmp(f->text, expr), "the text is the expression", expr);
		judge_records(f);
	} else if (f) {
		size_t len = strlen(expr);

		rule(!event_filter_active(f), "a refused filter filters nothing",
		     expr);
		rule(!strncmp(f->text, expr, len) && f->text[len] == '\n',
		     "the report starts with the expression", expr);
		/*
		 * Predicate errors count one late, and "CPUS" at the very
		 * end is looked at one character past the NUL.
		 */
		rule(err.pos >= 0 && (size_t)err.pos <= len + 2,
		     "the error is at most two past the end", expr);
		rule(filter_match_preds(f, NULL) == 1,
		     "a refused filter keeps everything", expr);
	}
	event_filter_free(f);
	return 0;
}
