// SPDX-License-Identifier: GPL-2.0
/*
 * torture: every tracing control operation at random against live writers
 * and readers, with exact accounting of one marker stream.
 *
 * usage: torture [-s SEED] [-t SECONDS] [-o KIND,...] [-f GLOB] [-v]
 *
 * -f writes GLOB to the set_ftrace_filter of the buffer a tracer switch
 * targets, just before the switch. A debug kernel under emulation tracing
 * every function cannot finish one tick's work within the tick, and the
 * run turns into RCU stalls of the emulated machine, not of the code.
 *
 * -o keeps only the operation kinds named (op_name[]), to aim a run at
 * one suspect; the generator is the same, so a seed still replays.
 *
 * Two writers, pinned one to each CPU, write numbered markers
 * ("TM<w> e<epoch> s<seq> <fill>") into the instance tt_acct, which holds
 * nothing else. Its readers (trace_pipe, per_cpu/cpuN/trace_pipe_raw by
 * read() and by splice()) mark every sequence number they see in a shared
 * bitmap. A third writer, events, the tracers the kernel offers and the
 * sample module load the top-level buffer, read by trace_pipe, raw pages,
 * an mmap'd reader where trace_pipe_raw can be mapped, repeated reads of
 * `trace` and trace-cmd. Every reader checks each marker it sees: whole
 * (the fill is a function of the number), and in order per writer.
 *
 * A driver picks control operations from a seeded generator. An operation
 * that can destroy or move tt_acct's data is done between two epochs: the
 * writers pause, the driver may let the readers drain the buffer first,
 * does the operation, drains again and starts the next epoch. An epoch that
 * ended drained is exact: for each writer, read + lost (stats "overrun")
 * == written. An epoch cut by the operation can only promise read <=
 * written.
 *
 * Prints per kind the operations done and refused, the accounting, what
 * the readers checked, and a last line
 *   @@RESULT torture run PASS|FAIL ops=N accounting=exact|BROKEN epochs=E
 * (the harness's result protocol, tooling/results.py)
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TR		"/sys/kernel/tracing"
#define ACCT		TR "/instances/tt_acct"
#define NW		2		/* accounted writers, writer w on CPU w */
#define TOPW		2		/* the top-level writer's id */
#define MAX_SEQ		(1u << 24)	/* per accounted writer */
#define MAX_EPOCH	8192
#define NREADERS	16
#define RAWBUF		(4 << 20)
#define TRACE_MMAP_IOCTL_GET_READER	_IO('R', 0x20)

enum op {
	OP_SIZE, OP_SIZE_CPU, OP_SIZE_ABSURD, OP_SUBBUF, OP_TRACING_ON,
	OP_TRUNCATE, OP_SNAPSHOT, OP_TRACER, OP_SET_EVENT, OP_ENABLE,
	OP_FILTER, OP_MKDIR, OP_RMDIR, OP_BLOCKED_RMDIR, OP_CLOCK, OP_PERCENT,
	OP_OPTION, OP_HOTPLUG, OP_MODULE, OP_PROBE, OP_BPF, NOPS
};

static const char *const op_name[NOPS] = {
	"size", "size_cpu", "size_absurd", "subbuf", "tracing_on",
	"truncate", "snapshot", "tracer", "set_event", "enable",
	"filter", "mkdir", "rmdir", "blocked_rmdir", "clock", "percent",
	"option", "hotplug", "module", "probe", "bpf",
};

/* How often each kind is picked, out of the sum (-o zeroes the others). */
static int op_weight[NOPS] = {
	6, 4, 2, 4, 6, 4, 4, 4, 5, 5, 4, 3, 3, 1, 3, 3, 6, 1, 1, 4, 2,
};

struct epoch {
	long written[NW];
	long read[NW];
	long lost[NW];
	long overrun_base[NW];
	long kread_base[NW];		/* stats "read events" at the start */
	int state;		/* 0 open, 1 closed exact, 2 closed cut */
};

/* Everything the processes share; one anonymous shared mapping. */
struct shared {
	int stop;
	int hold;			/* tt_acct's readers stop reading a while */
	int pause;			/* the driver asks the writers to pause */
	int paused[NW + 1];
	int epoch;
	int cpu1_off;
	unsigned long drain_gen;
	unsigned long empty_gen[NREADERS];
	int acct_reader[NREADERS];	/* reader i reads tt_acct */
	unsigned int subbuf_gen[2];	/* odd while [array]'s size changes */
	unsigned int swap_gen[2];	/* odd while the driver swaps [array] */
	int self_swapping[2];		/* [array]'s tracer swaps it itself */
	long ops[NOPS], refused[NOPS];
	long records[NREADERS];		/* markers checked by reader i */
	long bytes[NREADERS];
	long errors[NREADERS];
	long torn, reorder, dup, late, bad_page, stale, lost_lines;
	long mmap_pages, mmap_unsupported, mmap_raced, mmap_lapped, mmap_regeom;
	long tc_runs, tc_fail;
	long iter_passes;
	long top_written, drain_timeouts, hotplug_unsupported, mismatch;
	long exact_epochs, cut_epochs;
	char first_problem[256];
	char ops_log[200];		/* the driver's last operations */
	int op_seq;			/* bumped as each operation starts */
	int driver_pid;
	struct epoch ep[MAX_EPOCH];
};

static struct shared *sh;
static unsigned char *seen[NW];		/* bitmaps, shared */
static int print_id = -1, print_buf_off = 16;
static int verbose;
static const char *ftrace_glob;	/* -f */

static const char *const reader_name[NREADERS] = {
	"acct-pipe", "acct-raw0", "acct-raw1", "acct-splice0", "acct-splice1",
	"top-pipe", "top-raw0", "top-splice1", "top-mmap", "iter",
	"trace-cmd",
};

/* ---- small helpers ---- */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_ms(int ms)
{
	usleep(ms * 1000);
}

static void problem(const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fprintf(stderr, "torture: PROBLEM %s\n", buf);
	/* the first one is kept for the summary */
	if (!__atomic_exchange_n(&sh->first_problem[255], 1, __ATOMIC_SEQ_CST))
		memcpy(sh->first_problem, buf, 200);
}

/* write STR to PATH: 0 or -errno */
static int put(const char *path, const char *str)
{
	int fd, ret = 0;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	if (write(fd, str, strlen(str)) < 0)
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

/* read PATH (at most LEN-1 bytes, non-blocking): length or -errno */
static int get(const char *path, char *buf, int len)
{
	int fd, n, got = 0;

	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	while (got < len - 1 && (n = read(fd, buf + got, len - 1 - got)) > 0)
		got += n;
	close(fd);
	buf[got] = 0;
	return got;
}

static long stat_field(const char *arr, int cpu, const char *field)
{
	char path[256], buf[1024], *p;

	snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", arr, cpu);
	if (get(path, buf, sizeof(buf)) <= 0)
		return -1;
	p = strstr(buf, field);
	if (!p)
		return -1;
	return atol(p + strlen(field));
}

/* xorshift64*: small, and the same seed gives the same sequence */
static uint64_t rng_state;

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

static unsigned int pick(unsigned int n)
{
	return n ? rnd() % n : 0;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static int ld(int *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static uint32_t ld32(uint32_t *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static void st(int *p, int v)
{
	__atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}

static void add(long *p, long v)
{
	__atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}

/* ---- the marker payload ---- */

static int fill_len(unsigned int seq)
{
	return 3 + (seq * 7) % 97;
}

static char fill_char(unsigned int seq, int i)
{
	return 'a' + (seq + i) % 26;
}

static int make_marker(char *buf, int w, int epoch, unsigned int seq)
{
	int n = sprintf(buf, "TM%d e%d s%u ", w, epoch, seq), i;
	int f = fill_len(seq);

	for (i = 0; i < f; i++)
		buf[n + i] = fill_char(seq, i);
	buf[n + f] = '\n';
	return n + f + 1;
}

struct order {
	long last[TOPW + 1][2];		/* [writer][cpu] last seq, -1 none */
	int ai;				/* the array read: 0 top, 1 tt_acct */
	unsigned int gen;		/* swap_gen[ai] after the last read */
	int swapped;			/* a swap may have come since */
};

static void order_reset(struct order *o, int ai)
{
	memset(o->last, 0xff, sizeof(o->last));
	o->ai = ai;
	o->gen = __atomic_load_n(&sh->swap_gen[ai], __ATOMIC_SEQ_CST);
	o->swapped = 0;
}

/*
 * A snapshot swap of the top level puts the snapshot's older records back
 * under its consuming readers: a writer's numbers may then go back once
 * per CPU, by design (the reference does the same). order_swaps() is
 * called before and after each read: when a swap of the driver's
 * (swap_gen) or of a latency tracer may have come since the last read
 * that returned records, the order is not checked in the next one, and
 * order_done(), after it, lets the next record of each writer and CPU
 * start its order again. tt_acct's driver clears the snapshot before it
 * swaps it in: its order stays strict.
 */
static void order_swaps(struct order *o)
{
	unsigned int g = __atomic_load_n(&sh->swap_gen[o->ai], __ATOMIC_SEQ_CST);

	o->swapped |= g != o->gen || (g & 1) || ld(&sh->self_swapping[o->ai]);
	o->gen = g;
}

static void order_done(struct order *o)
{
	if (o->swapped)
		memset(o->last, 0xff, sizeof(o->last));
	o->swapped = 0;
}

/*
 * Check one marker text (LEN bytes, not terminated) seen by reader R on
 * CPU (-1: unknown); account it when the reader consumes tt_acct.
 */
static void check_marker(int r, const char *txt, int len, int cpu,
			 struct order *o, int consuming)
{
	char tmp[256];
	unsigned int seq;
	int w, e, n = 0, f, i;

	if (len > (int)sizeof(tmp) - 1)
		len = sizeof(tmp) - 1;
	memcpy(tmp, txt, len);
	tmp[len] = 0;
	if (sscanf(tmp, "TM%d e%d s%u %n", &w, &e, &seq, &n) != 3 || !n ||
	    w < 0 || w > TOPW || e < 0 || e >= MAX_EPOCH) {
		add(&sh->torn, 1);
		problem("%s: torn marker '%.60s'", reader_name[r], tmp);
		return;
	}
	f = fill_len(seq);
	for (i = 0; i < f; i++)
		if (n + i >= len || tmp[n + i] != fill_char(seq, i))
			break;
	if (i < f || (n + f < len && tmp[n + f] != '\n')) {
		add(&sh->torn, 1);
		problem("%s: torn marker '%.60s'", reader_name[r], tmp);
		return;
	}
	add(&sh->records[r], 1);
	if (cpu < 0 || cpu > 1)
		cpu = w < NW ? w : 0;
	if (o) {
		if ((long)seq <= o->last[w][cpu] && !o->swapped) {
			add(&sh->reorder, 1);
			problem("%s: writer %d cpu %d: seq %u after %ld",
				reader_name[r], w, cpu, seq, o->last[w][cpu]);
		}
		o->last[w][cpu] = seq;
	}
	if (!consuming || w >= NW)
		return;
	if (seq >= MAX_SEQ)
		return;
	if (__atomic_fetch_or(&seen[w][seq / 8], 1 << (seq % 8),
			      __ATOMIC_SEQ_CST) & (1 << (seq % 8))) {
		add(&sh->dup, 1);
		problem("%s: writer %d seq %u (epoch %d, now %d) read twice; ops %s",
			reader_name[r], w, seq, e, ld(&sh->epoch), sh->ops_log);
		return;
	}
	if (ld(&sh->ep[e].state)) {
		add(&sh->late, 1);
		problem("%s: writer %d seq %u of closed epoch %d (now %d); ops %s",
			reader_name[r], w, seq, e, ld(&sh->epoch), sh->ops_log);
	}
	add(&sh->ep[e].read[w], 1);
}

/* ---- raw pages (events/header_page, events/header_event) ---- */

#define MISSED_EVENTS	(1UL << 31)
#define MISSED_STORED	(1UL << 30)

static void parse_page(int r, const unsigned char *p, long size, int cpu,
		       struct order *o, int consuming, long start)
{
	uint64_t commit;
	long len, off;

	if (size < 16)
		return;
	memcpy(&commit, p + 8, 8);
	len = commit & ((1UL << 30) - 1);
	/*
	 * Above bit 29 only the flags: bit 30, and bit 31 sign-extended to
	 * the top of the word (the page format's; a missed-events page's
	 * commit word is negative).
	 */
	if (len > size - 16 || ((commit >> 32) &&
				(commit >> 31) != (~0ULL >> 31))) {
		add(&sh->bad_page, 1);
		problem("%s: page commit %#llx for a %ld-byte page",
			reader_name[r], (unsigned long long)commit, size);
		return;
	}
	for (off = 16; off < 16 + len;) {
		uint32_t h, a0;
		int type, dlen;
		const unsigned char *d;

		memcpy(&h, p + off, 4);
		type = h & 31;
		a0 = 0;
		if (off + 8 <= size)
			memcpy(&a0, p + off + 4, 4);
		if (type == 29) {
			if (!(h >> 5))
				break;		/* the rest of the page is empty */
			off += 4 + a0;
			continue;
		}
		if (type == 30 || type == 31) {
			off += 8;
			continue;
		}
		if (type == 0) {
			d = p + off + 8;
			dlen = (int)a0 - 4;
			off += 4 + a0;
		} else {
			d = p + off + 4;
			dlen = type * 4;
			off += 4 + dlen;
		}
		if (dlen < 0 || off > 16 + len) {
			add(&sh->bad_page, 1);
			problem("%s: event runs past its page (off %ld, commit %ld)",
				reader_name[r], off, len);
			return;
		}
		if (d - p < start + 16)
			continue;	/* read before (mmap reader) */
		if (dlen > print_buf_off && (d[0] | d[1] << 8) == print_id) {
			const char *t = (const char *)d + print_buf_off;
			int tl = strnlen(t, dlen - print_buf_off);

			if (tl >= 2 && t[0] == 'T' && t[1] == 'M')
				check_marker(r, t, tl, cpu, o, consuming);
		}
	}
}

/* ---- readers ---- */

static void reader_empty(int r, unsigned long gen)
{
	__atomic_store_n(&sh->empty_gen[r], gen, __ATOMIC_SEQ_CST);
}

/*
 * The marker in a line of text output: after "tracing_mark_write", which
 * the sym-offset and sym-addr options extend ("+0x4c/0x120", " <addr>").
 */
static char *marker_text(char *line)
{
	char *m = strstr(line, "tracing_mark_write");

	m = m ? strstr(m, ": TM") : NULL;
	return m ? m + 2 : NULL;
}

/* trace_pipe: text, all CPUs merged */
static void pipe_reader(int r, const char *arr, int consuming)
{
	static char buf[65536 + 512];
	char path[256];
	struct order o;
	int fd, have = 0;

	order_reset(&o, !strcmp(arr, ACCT));
	snprintf(path, sizeof(path), "%s/trace_pipe", arr);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		problem("%s: open %s: %s", reader_name[r], path, strerror(errno));
		return;
	}
	while (!ld(&sh->stop)) {
		unsigned long g = __atomic_load_n(&sh->drain_gen, __ATOMIC_SEQ_CST);
		char *line, *nl;
		int n;

		if (consuming && ld(&sh->hold)) {
			sleep_ms(5);
			continue;
		}

		order_swaps(&o);
		n = read(fd, buf + have, 65536 - have);
		order_swaps(&o);
		if (n <= 0) {
			if (n < 0 && errno != EAGAIN && errno != EINTR)
				add(&sh->errors[r], 1);
			else if (!have)
				reader_empty(r, g);
			sleep_ms(5);
			continue;
		}
		add(&sh->bytes[r], n);
		have += n;
		line = buf;
		while ((nl = memchr(line, '\n', buf + have - line))) {
			char *m, *c;
			int cpu = -1;

			*nl = 0;
			c = strstr(line, " [");
			if (c && c[5] == ']')
				cpu = atoi(c + 2);
			if (strstr(line, "[LOST "))
				add(&sh->lost_lines, 1);
			m = marker_text(line);
			if (m)
				check_marker(r, m, nl - m, cpu, &o, consuming);
			line = nl + 1;
		}
		order_done(&o);
		have = buf + have - line;
		memmove(buf, line, have);
		if (have >= 65536)
			have = 0;	/* a line this long is not ours */
	}
	close(fd);
}

static int subbuf_size(const char *arr)
{
	char path[256], buf[64];

	snprintf(path, sizeof(path), "%s/buffer_subbuf_size_kb", arr);
	if (get(path, buf, sizeof(buf)) <= 0)
		return 4096;
	return atoi(buf) * 1024;
}

/* per_cpu/cpuN/trace_pipe_raw, by read() or by splice() */
static void raw_reader(int r, const char *arr, int ai, int cpu, int use_splice,
		       int consuming)
{
	unsigned char *buf = malloc(RAWBUF);
	char path[256];
	struct order o;
	int fd, pfd[2];

	order_reset(&o, ai);
	snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/trace_pipe_raw", arr, cpu);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0 || !buf || pipe(pfd)) {
		problem("%s: open %s: %s", reader_name[r], path, strerror(errno));
		return;
	}
	fcntl(pfd[0], F_SETPIPE_SZ, RAWBUF);
	while (!ld(&sh->stop)) {
		unsigned long g = __atomic_load_n(&sh->drain_gen, __ATOMIC_SEQ_CST);
		unsigned int gen0 = 0;
		long n, size = 0, got, m;

		if (consuming && ld(&sh->hold)) {
			sleep_ms(5);
			continue;
		}

		order_swaps(&o);
		if (use_splice) {
			gen0 = __atomic_load_n(&sh->subbuf_gen[ai], __ATOMIC_SEQ_CST);
			size = subbuf_size(arr);
			n = splice(fd, NULL, pfd[1], NULL, size, SPLICE_F_NONBLOCK);
		} else {
			n = read(fd, buf, RAWBUF);
			size = n;
		}
		order_swaps(&o);
		if (n <= 0) {
			if (n < 0 && errno != EAGAIN && errno != EINTR &&
			    errno != EINVAL && errno != EBUSY)
				add(&sh->errors[r], 1);
			else
				reader_empty(r, g);
			sleep_ms(5);
			continue;
		}
		add(&sh->bytes[r], n);
		if (use_splice) {
			for (got = 0; got < n; got += m) {
				m = read(pfd[0], buf + got, n - got);
				if (m <= 0)
					break;
			}
			/* a size change under the splice: its pages are not parsed */
			if ((gen0 & 1) || gen0 != __atomic_load_n(&sh->subbuf_gen[ai],
								    __ATOMIC_SEQ_CST) ||
			    n % size) {
				add(&sh->stale, 1);
				continue;
			}
		}
		for (got = 0; got + size <= n; got += size)
			parse_page(r, buf + got, size, cpu, &o, consuming, 0);
		order_done(&o);
	}
	close(fd);
}

struct meta {
	uint32_t meta_page_size, meta_struct_len, subbuf_size, nr_subbufs;
	uint64_t lost_events;
	uint32_t id, read;
	uint64_t flags, entries, overrun, read_total, r1, r2;
};

/* trace_pipe_raw mapped: the top level's CPUs in turn, a few seconds each */
static void mmap_reader(int r)
{
	unsigned char *copy = malloc(RAWBUF);
	struct order o;
	int cpu = 0;

	order_reset(&o, 0);
	while (copy && !ld(&sh->stop)) {
		char path[256];
		struct meta *m;
		unsigned char *all;
		size_t len;
		double end = now() + 1 + pick(4);
		uint32_t last_id = ~0u, done = 0;
		int fd;

		snprintf(path, sizeof(path), TR "/per_cpu/cpu%d/trace_pipe_raw", cpu);
		cpu ^= 1;
		fd = open(path, O_RDONLY | O_NONBLOCK);
		if (fd < 0) {
			sleep_ms(100);
			continue;
		}
		m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
		if (m == MAP_FAILED) {
			add(&sh->mmap_unsupported, 1);
			close(fd);
			if (errno == ENODEV || errno == EINVAL || errno == EACCES) {
				reader_empty(r, ~0UL);
				return;		/* this kernel does not map them */
			}
			sleep_ms(200);
			continue;
		}
		len = m->meta_page_size + (size_t)m->nr_subbufs * m->subbuf_size;
		munmap(m, 4096);
		all = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
		if (all == MAP_FAILED) {
			close(fd);
			sleep_ms(100);
			continue;
		}
		m = (struct meta *)all;
		/*
		 * The geometry was read from a first, one-page mapping: a
		 * resize or a sub-buffer size change between that mapping
		 * and this one is legal, and the kernel maps a prefix of a
		 * larger buffer without complaint. Ids past what this
		 * mapping covers would then read whatever user memory lies
		 * beyond it. While this mapping lives the geometry cannot
		 * change, so one look decides: map again if it moved.
		 */
		if (m->meta_page_size + (size_t)m->nr_subbufs * m->subbuf_size != len) {
			add(&sh->mmap_regeom, 1);
			munmap(all, len);
			close(fd);
			continue;
		}
		while (!ld(&sh->stop) && now() < end && m->subbuf_size <= RAWBUF) {
			const unsigned char *page;
			uint64_t commit, consumed;
			uint32_t id;
			long bad;

			order_swaps(&o);
			if (ioctl(fd, TRACE_MMAP_IOCTL_GET_READER) < 0) {
				add(&sh->errors[r], 1);
				break;
			}
			id = m->id;
			consumed = __atomic_load_n(&m->read_total, __ATOMIC_ACQUIRE);
			if (id >= m->nr_subbufs) {
				add(&sh->bad_page, 1);
				problem("mmap: reader id %u of %u", id, m->nr_subbufs);
				break;
			}
			page = all + m->meta_page_size + (size_t)id * m->subbuf_size;
			if (id != last_id)
				done = 0;
			/*
			 * The writer may add to the reader page meanwhile: parse
			 * a copy, its header first, so that what is parsed and
			 * what the next look starts after are the same.
			 */
			memcpy(copy, page, 16);
			__atomic_thread_fence(__ATOMIC_ACQUIRE);
			memcpy(copy + 16, page + 16, m->subbuf_size - 16);
			order_swaps(&o);
			/*
			 * The other readers of the top level consume these
			 * CPUs too: one may have given the page back to the
			 * writer during the copy. The kernel names the new
			 * reader page in the meta page at each swap; a copy
			 * made while the id changed is not parsed.
			 */
			__atomic_thread_fence(__ATOMIC_ACQUIRE);
			if (ld32(&m->id) != id) {
				add(&sh->mmap_raced, 1);
				last_id = ~0u;
				continue;
			}
			/*
			 * The same id again does not prove the same page
			 * contents: in a ring of two or three sub-buffers the
			 * other consumers can swap this page out, let the
			 * writer refill it and swap it back in while the copy
			 * runs. Each of those swaps follows a page read to its
			 * end, so the entries-read count of the meta page
			 * (refreshed at every swap) moves on: such a copy is
			 * not parsed either.
			 */
			if (__atomic_load_n(&m->read_total, __ATOMIC_ACQUIRE) !=
			    consumed) {
				add(&sh->mmap_lapped, 1);
				last_id = ~0u;
				continue;
			}
			memcpy(&commit, copy + 8, 8);
			bad = __atomic_load_n(&sh->bad_page, __ATOMIC_SEQ_CST);
			parse_page(r, copy, m->subbuf_size, cpu ^ 1, &o, 0, done);
			order_done(&o);
			/* what the next engineer needs to place a bad copy */
			if (__atomic_load_n(&sh->bad_page, __ATOMIC_SEQ_CST) != bad)
				problem("mmap: cpu %d id %u of %u, subbuf %u, meta %u, read %llu, head %016llx %016llx %016llx %016llx",
					cpu ^ 1, id, m->nr_subbufs, m->subbuf_size,
					m->meta_page_size,
					(unsigned long long)consumed,
					(unsigned long long)((uint64_t *)copy)[0],
					(unsigned long long)((uint64_t *)copy)[1],
					(unsigned long long)((uint64_t *)copy)[2],
					(unsigned long long)((uint64_t *)copy)[3]);
			done = commit & ((1UL << 30) - 1);
			last_id = id;
			add(&sh->mmap_pages, 1);
			sleep_ms(2);
		}
		munmap(all, len);
		close(fd);
		order_reset(&o, 0);
		sleep_ms(pick(300));
	}
}

/* `trace` read whole, again and again, top level and tt_acct in turn */
static void iter_reader(int r)
{
	static char buf[65536 + 512];
	int turn = 0;

	while (!ld(&sh->stop)) {
		const char *arr = (turn++ & 1) ? ACCT : TR;
		char path[256];
		struct order o;
		int fd, have = 0, n;

		order_reset(&o, turn & 1);
		snprintf(path, sizeof(path), "%s/trace", arr);
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			sleep_ms(100);
			continue;
		}
		while ((n = read(fd, buf + have, 65536 - have)) > 0) {
			char *line = buf, *nl, *m;

			add(&sh->bytes[r], n);
			have += n;
			while ((nl = memchr(line, '\n', buf + have - line))) {
				char *c = strstr(line, " [");
				int cpu = (c && c + 5 < nl && c[5] == ']') ?
					  atoi(c + 2) : -1;

				*nl = 0;
				m = marker_text(line);
				if (m)
					check_marker(r, m, nl - m, cpu, NULL, 0);
				line = nl + 1;
			}
			have = buf + have - line;
			memmove(buf, line, have);
			if (have >= 65536)
				have = 0;
		}
		if (n < 0)
			add(&sh->errors[r], 1);
		close(fd);
		add(&sh->iter_passes, 1);
		sleep_ms(50 + pick(200));
	}
}

/* trace-cmd record into an instance of its own or the top level */
static void tracecmd_reader(int r)
{
	unsigned int turn = 0;

	if (access("/usr/bin/trace-cmd", X_OK)) {
		reader_empty(r, ~0UL);
		return;
	}
	while (!ld(&sh->stop)) {
		static const char report[] =
			" >/tmp/tt.log 2>&1 && timeout 60 trace-cmd report -i /tmp/tt.dat"
			" >/dev/null 2>>/tmp/tt.log";
		char cmd[512];
		int rc;

		snprintf(cmd, sizeof(cmd), "timeout 60 trace-cmd record %s -o /tmp/tt.dat %s%s",
			 (turn % 3) ? "-B tt_tc -e sched_switch -e timer" : "-e sched_wakeup",
			 (turn % 3) ? "sleep 2" : "sleep 1", report);
		turn++;
		rc = system(cmd);

		add(&sh->tc_runs, 1);
		if (rc) {
			add(&sh->tc_fail, 1);
			system("cp /tmp/tt.log /tmp/tt-failed.log");
		}
		sleep_ms(500 + pick(1000));
	}
}

/* ---- writers ---- */

static void acct_writer(int w)
{
	char path[] = ACCT "/trace_marker", buf[256];
	unsigned int seq = 0;
	int fd = open(path, O_WRONLY), pinned = 0;

	if (fd < 0) {
		problem("writer %d: open: %s", w, strerror(errno));
		return;
	}
	while (!ld(&sh->stop) && seq < MAX_SEQ) {
		int e, n, burst = 1 + pick(32), i;

		if (ld(&sh->pause) || (w == 1 && ld(&sh->cpu1_off))) {
			st(&sh->paused[w], 1);
			pinned = 0;
			sleep_ms(1);
			continue;
		}
		st(&sh->paused[w], 0);
		/* the pause flag may have risen between the two: look again */
		if (ld(&sh->pause) || (w == 1 && ld(&sh->cpu1_off)))
			continue;
		if (!pinned) {
			pin(w);
			pinned = sched_getcpu() == w;
			if (!pinned) {
				sleep_ms(5);
				continue;
			}
		}
		e = ld(&sh->epoch);
		for (i = 0; i < burst; i++) {
			n = make_marker(buf, w, e, seq);
			if (write(fd, buf, n) == n) {
				add(&sh->ep[e].written[w], 1);
				seq++;
			}
		}
		usleep(pick(3000));
	}
	st(&sh->paused[w], 1);
	close(fd);
}

/* unaccounted markers into the top level, on whatever CPU */
static void top_writer(void)
{
	char buf[256];
	unsigned int seq = 0;
	int fd = open(TR "/trace_marker", O_WRONLY);

	while (fd >= 0 && !ld(&sh->stop)) {
		int n = make_marker(buf, TOPW, 0, seq);

		if (write(fd, buf, n) == n) {
			seq++;
			add(&sh->top_written, 1);
		}
		usleep(pick(2000));
	}
}

/* timer and scheduler events at a high rate */
static void busy(void)
{
	while (!ld(&sh->stop)) {
		usleep(50);
		sched_yield();
	}
}

/* ---- the driver's operations ---- */

static const char *arr_path(int a)
{
	static const char *const p[] = {
		TR, ACCT, TR "/instances/tt_0", TR "/instances/tt_1",
	};

	return p[a];
}

/* wait for cond over up to SECONDS; 0 when it held */
static int wait_for(int (*cond)(void), double seconds)
{
	double end = now() + seconds;

	while (!cond()) {
		if (now() > end)
			return -1;
		sleep_ms(2);
	}
	return 0;
}

static int writers_paused(void)
{
	return ld(&sh->paused[0]) && ld(&sh->paused[1]);
}

static int acct_empty(void)
{
	int cpu;

	for (cpu = 0; cpu < 2; cpu++)
		if (stat_field(ACCT, cpu, "entries:") > 0)
			return 0;
	return 1;
}

static int readers_saw_empty(void)
{
	unsigned long g = __atomic_load_n(&sh->drain_gen, __ATOMIC_SEQ_CST);
	int r;

	for (r = 0; r < NREADERS; r++)
		if (sh->acct_reader[r] &&
		    __atomic_load_n(&sh->empty_gen[r], __ATOMIC_SEQ_CST) < g)
			return 0;
	return 1;
}

/* every accounted record read, or the buffer's own count says lost */
static int drain(void)
{
	if (wait_for(acct_empty, 120)) {
		add(&sh->drain_timeouts, 1);
		problem("the instance tt_acct kept entries for 120 s");
		return -1;
	}
	__atomic_fetch_add(&sh->drain_gen, 1, __ATOMIC_SEQ_CST);
	if (wait_for(readers_saw_empty, 60)) {
		add(&sh->drain_timeouts, 1);
		problem("a tt_acct reader did not come back empty in 60 s");
		return -1;
	}
	return 0;
}

static void epoch_baseline(struct epoch *ep)
{
	int w;

	for (w = 0; w < NW; w++) {
		ep->overrun_base[w] = stat_field(ACCT, w, "overrun:");
		ep->kread_base[w] = stat_field(ACCT, w, "read events:");
	}
}

/*
 * Close the current epoch: CUT when the operation may have destroyed
 * records (only read <= written holds), exact otherwise.
 */
static char last_ops[200];

static void epoch_close(int cut)
{
	int e = ld(&sh->epoch), w;
	struct epoch *ep = &sh->ep[e];

	for (w = 0; w < NW; w++) {
		long ov = stat_field(ACCT, w, "overrun:");

		ep->lost[w] = ov >= ep->overrun_base[w] ? ov - ep->overrun_base[w] : 0;
		if (cut ? ep->read[w] > ep->written[w] :
			  ep->read[w] + ep->lost[w] != ep->written[w]) {
			add(&sh->mismatch, 1);
			problem("epoch %d%s writer %d: read %ld + lost %ld, written %ld; "
				"the kernel counts %ld read, %ld dropped; after %s",
				e, cut ? " (cut)" : "", w, ep->read[w], ep->lost[w],
				ep->written[w],
				stat_field(ACCT, w, "read events:") - ep->kread_base[w],
				stat_field(ACCT, w, "dropped events:"), last_ops);
		}
	}
	add(cut ? &sh->cut_epochs : &sh->exact_epochs, 1);
	st(&ep->state, cut ? 2 : 1);
}

/* the epoch protocol around an operation on tt_acct */
static int acct_begin(int *drained)
{
	st(&sh->pause, 1);
	if (wait_for(writers_paused, 30)) {
		problem("writers did not pause");
		st(&sh->pause, 0);
		return -1;
	}
	*drained = pick(2);
	if (*drained && drain())
		*drained = 0;
	if (*drained)
		epoch_close(0);
	return 0;
}

static void acct_end(int drained)
{
	int e = ld(&sh->epoch);

	/* whatever the operation left must go before the next epoch starts */
	drain();
	if (!drained)
		epoch_close(1);
	if (e + 1 < MAX_EPOCH) {
		epoch_baseline(&sh->ep[e + 1]);
		st(&sh->epoch, e + 1);
	}
	st(&sh->pause, 0);
}

static int list_words(const char *path, char words[][64], int max)
{
	char buf[4096], *tok, *save;
	int n = 0;

	if (get(path, buf, sizeof(buf)) <= 0)
		return 0;
	for (tok = strtok_r(buf, "\n ", &save); tok && n < max;
	     tok = strtok_r(NULL, "\n ", &save)) {
		if (*tok == '[') {
			tok++;
			tok[strcspn(tok, "]")] = 0;
		}
		snprintf(words[n++], 64, "%s", tok);
	}
	return n;
}

static const char *const acct_options[] = {
	"overwrite", "irq-info", "record-cmd", "record-tgid", "print-parent",
	"sym-offset", "sym-addr", "pause-on-trace",
};

static const char *const events[] = {
	"sched:sched_switch", "sched:sched_wakeup", "timer:hrtimer_start",
	"timer:*", "irq:*", "sched:*", "sample-trace:*", "syscalls:*",
};

static const char *const filters[] = {
	"prev_pid != 0", "next_comm ~ \"tt*\"", "0", "prev_prio < 100 && next_pid > 1",
	"bogus_field == 3", "prev_pid ==", "(((", "common_pid != 1",
};

static int module_loaded;

/* the latency tracers swap the buffers themselves at every new maximum */
static int owns_snapshot(const char *tracer)
{
	return !strncmp(tracer, "wakeup", 6) || strstr(tracer, "irqsoff") ||
	       !strcmp(tracer, "preemptoff");
}

/* open with O_TRUNC: how `echo > trace` empties a buffer */
static int truncate_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_TRUNC);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int run(const char *cmd)
{
	return system(cmd) ? -EIO : 0;
}

/*
 * One operation: what its kind acts on, drawn before it acts. The kind
 * fills ->path and ->val for a write, or does the whole operation.
 */
struct op_ctx {
	int k;			/* its kind */
	int a;			/* the array: 0 top, 1 tt_acct, ... (arr_path()) */
	int v;			/* its random number */
	int cpu;
	int acct;		/* a == 1 */
	int abort;		/* not done, not counted: an epoch could not end */
	const char *arr;
	char path[320], val[128];
	char words[64][64];
};

/* what a kind's ->act returns to have ->val written to ->path */
#define OP_WRITE	1

/* How do_op() writes for a kind that asks it to (OP_WRITE). */
#define OPF_TOP		(1 << 0)	/* on tt_acct: on the top level instead */
#define OPF_LIVE	(1 << 1)	/* on tt_acct: no epoch ends for it */
#define OPF_TRUNCATE	(1 << 2)	/* an open with O_TRUNC, not a write */
#define OPF_SUBBUF	(1 << 3)	/* the sub-buffer size: readers re-read it */
#define OPF_SWAPS	(1 << 4)	/* the top level's buffers may swap */
#define OPF_TRACER	(1 << 5)	/* ->val is a tracer, which may swap them */
#define OPF_CLEAR_FIRST	(1 << 6)	/* on tt_acct: write 2 first (snapshot) */

static int op_size(struct op_ctx *op)
{
	static const char *const ok[] = { "16", "64", "128", "300", "1024", "2048", "7" };
	static const char *const bad[] = {
		"0", "4000000", "-5", "x", "99999999999999999999", "",
	};

	if (op->k == OP_SIZE_CPU)
		snprintf(op->path, sizeof(op->path), "%s/per_cpu/cpu%d/buffer_size_kb",
			 op->arr, op->cpu);
	else
		snprintf(op->path, sizeof(op->path), "%s/buffer_size_kb", op->arr);
	snprintf(op->val, sizeof(op->val), "%s",
		 op->k == OP_SIZE_ABSURD ? bad[op->v % 6] : ok[op->v % 7]);
	return OP_WRITE;
}

static int op_subbuf(struct op_ctx *op)
{
	static const char *const sz[] = { "4", "8", "16", "64", "1", "3", "32" };

	snprintf(op->path, sizeof(op->path), "%s/buffer_subbuf_size_kb", op->arr);
	snprintf(op->val, sizeof(op->val), "%s", sz[op->v % 7]);
	return OP_WRITE;
}

static int op_tracing_on(struct op_ctx *op)
{
	snprintf(op->path, sizeof(op->path), "%s/tracing_on", op->arr);
	snprintf(op->val, sizeof(op->val), "%d", op->v % 4 != 0);
	return OP_WRITE;
}

static int op_truncate(struct op_ctx *op)
{
	if (op->v & 1)
		snprintf(op->path, sizeof(op->path), "%s/per_cpu/cpu%d/trace",
			 op->arr, op->cpu);
	else
		snprintf(op->path, sizeof(op->path), "%s/trace", op->arr);
	op->val[0] = 0;
	return OP_WRITE;
}

static int op_snapshot(struct op_ctx *op)
{
	snprintf(op->path, sizeof(op->path), "%s/snapshot", op->arr);
	snprintf(op->val, sizeof(op->val), "%d", op->acct ? 1 : op->v % 3);
	return OP_WRITE;
}

static int op_tracer(struct op_ctx *op)
{
	int n;

	snprintf(op->path, sizeof(op->path), "%s/available_tracers", op->arr);
	n = list_words(op->path, op->words, 64);
	snprintf(op->path, sizeof(op->path), "%s/current_tracer", op->arr);
	snprintf(op->val, sizeof(op->val), "%s", n ? op->words[op->v % n] : "nop");
	/* the function tracers on tt_acct would fill it with others */
	if (op->acct)
		snprintf(op->val, sizeof(op->val), "nop");
	if (ftrace_glob) {
		char filt[256];

		snprintf(filt, sizeof(filt), "%s/set_ftrace_filter", op->arr);
		put(filt, ftrace_glob);
	}
	return OP_WRITE;
}

static int op_set_event(struct op_ctx *op)
{
	snprintf(op->path, sizeof(op->path), "%s/set_event", op->arr);
	snprintf(op->val, sizeof(op->val), "%s%s", op->v & 1 ? "" : "!",
		 events[(op->v >> 1) % 8]);
	return OP_WRITE;
}

static int op_enable(struct op_ctx *op)
{
	static const char *const en[] = {
		"sched", "timer", "irq", "sched/sched_switch",
		"timer/hrtimer_expire_entry", "sample-trace", "ftrace/print",
	};

	if (op->v % 9 == 8)
		snprintf(op->path, sizeof(op->path), "%s/events/enable", op->arr);
	else
		snprintf(op->path, sizeof(op->path), "%s/events/%s/enable", op->arr,
			 en[op->v % 7]);
	/* every event at once, but rarely and briefly */
	snprintf(op->val, sizeof(op->val), "%d",
		 op->v % 9 == 8 ? 0 : (op->v >> 4) & 1);
	return OP_WRITE;
}

static int op_filter(struct op_ctx *op)
{
	snprintf(op->path, sizeof(op->path), "%s/events/sched/%sfilter", op->arr,
		 op->v & 1 ? "sched_switch/" : "");
	snprintf(op->val, sizeof(op->val), "%s", filters[(op->v >> 1) % 8]);
	return OP_WRITE;
}

static int op_mkdir_rmdir(struct op_ctx *op)
{
	snprintf(op->path, sizeof(op->path), TR "/instances/tt_%d", op->v & 1);
	return op->k == OP_MKDIR ? mkdir(op->path, 0755) : rmdir(op->path);
}

/* rmdir of an instance while a reader blocks in its trace_pipe */
static int op_blocked_rmdir(struct op_ctx *op)
{
	int ready[2], ret, n;
	pid_t pid;

	snprintf(op->path, sizeof(op->path), TR "/instances/tt_blk");
	mkdir(op->path, 0755);
	if (pipe(ready))
		ready[0] = -1, ready[1] = -1;
	pid = fork();
	if (!pid) {
		char b[4096];
		int fd = open(TR "/instances/tt_blk/trace_pipe", O_RDONLY);

		/* in the instance now: tell the driver, then block */
		if (write(ready[1], "r", 1) < 0)
			_exit(1);
		while (fd >= 0 && read(fd, b, sizeof(b)) >= 0)
			;
		_exit(0);
	}
	close(ready[1]);
	if (read(ready[0], op->val, 1) < 0)
		op->val[0] = 0;
	close(ready[0]);
	sleep_ms(50 + op->v % 200);
	/* refused while the reader is in it, as upstream does */
	ret = rmdir(op->path) ? -errno : -EEXIST;
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	/* the instance goes once its last reader has */
	for (n = 0; n < 50 && rmdir(op->path) && errno == EBUSY; n++)
		sleep_ms(20);
	if (ret == -EBUSY && !access(op->path, F_OK))
		ret = -ENOTEMPTY;	/* and then it would not go */
	else if (ret == -EBUSY)
		ret = 0;
	return ret;
}

static int op_clock(struct op_ctx *op)
{
	int n;

	snprintf(op->path, sizeof(op->path), "%s/trace_clock", op->arr);
	n = list_words(op->path, op->words, 64);
	snprintf(op->val, sizeof(op->val), "%s", n ? op->words[op->v % n] : "local");
	return OP_WRITE;
}

static int op_percent(struct op_ctx *op)
{
	snprintf(op->path, sizeof(op->path), "%s/buffer_percent", op->arr);
	snprintf(op->val, sizeof(op->val), "%d", op->v % 101);
	return OP_WRITE;
}

static int op_option(struct op_ctx *op)
{
	struct dirent *de;
	DIR *d;
	int n = 0;

	if (op->acct) {
		n = op->v % 8;
		snprintf(op->path, sizeof(op->path), "%s/options/%s", op->arr,
			 acct_options[n]);
		snprintf(op->val, sizeof(op->val), "%d", n == 0 ? 1 : (op->v >> 3) & 1);
		return OP_WRITE;
	}
	snprintf(op->path, sizeof(op->path), "%s/options", op->arr);
	d = opendir(op->path);
	while (d && (de = readdir(d)) && n < 64)
		if (de->d_name[0] != '.')
			snprintf(op->words[n++], 64, "%.63s", de->d_name);
	if (d)
		closedir(d);
	snprintf(op->path, sizeof(op->path), "%s/options/%s", op->arr,
		 n ? op->words[op->v % n] : "overwrite");
	snprintf(op->val, sizeof(op->val), "%d", (op->v >> 8) & 1);
	return OP_WRITE;
}

/* CPU 1 off, or on again; the writers pause around it (an epoch ends) */
static int op_hotplug(struct op_ctx *op)
{
	int drained = 0, ret;

	if (access("/sys/devices/system/cpu/cpu1/online", W_OK)) {
		add(&sh->hotplug_unsupported, 1);
		return -ENOENT;
	}
	if (acct_begin(&drained)) {
		op->abort = 1;
		return -EIO;
	}
	if (!ld(&sh->cpu1_off)) {
		st(&sh->cpu1_off, 1);
		wait_for(writers_paused, 30);
		ret = put("/sys/devices/system/cpu/cpu1/online", "0");
		if (ret)
			st(&sh->cpu1_off, 0);
	} else {
		ret = put("/sys/devices/system/cpu/cpu1/online", "1");
		if (!ret)
			st(&sh->cpu1_off, 0);
	}
	acct_end(drained);
	return ret;
}

static int op_module(struct op_ctx *op)
{
	int drained = 0, ret;

	if (!module_loaded) {
		ret = run("modprobe trace-events-sample 2>/dev/null");
		module_loaded = !ret;
		if (!ret)
			put(TR "/events/sample-trace/enable", "1");
		return ret;
	}
	/*
	 * Unloading a module whose events were ever enabled clears every
	 * buffer, tt_acct's too: an epoch ends.
	 */
	if (acct_begin(&drained)) {
		op->abort = 1;
		return -EIO;
	}
	put(TR "/events/sample-trace/enable", "0");
	ret = run("modprobe -r trace-events-sample 2>/dev/null");
	module_loaded = !!ret;
	acct_end(drained);
	return ret;
}

/*
 * Probe events of the top level's dynamic_events (none on a kernel without
 * them: refused): made (a probe or a return probe on vfs_read, which every
 * reader calls, through a kprobe or an fprobe; an event probe on the read
 * system call's entry, whose trigger goes on that event of each array it
 * is enabled in; a tracepoint probe on sched_switch, or on the sample
 * module's foo_bar, which OP_MODULE loads and unloads under it), switched
 * on and off in an array, removed.
 */
static const char *const probe_defs[7] = {
	"p:torture/k%d vfs_read fd=%%di:u32 b=+0(%%si):u8",
	"r:torture/k%d vfs_read ret=$retval",
	"e:torture/k%d syscalls.sys_enter_read fd=$fd:u32 n=$count",
	"f:torture/k%d vfs_read fd=$arg1:u32 b=+0($arg2):u8",
	"f:torture/k%d vfs_read%%return ret=$retval n=$arg3",
	"t:torture/k%d sched_switch prev=+0($arg2):u32 st=$arg4",
	"t:torture/k%d foo_bar w=+0($arg1):string bar=$arg2:s32",
};

static int op_probe(struct op_ctx *op)
{
	int n = op->v % 14, drained = 0, ret;
	char cmd[96];

	switch ((op->v >> 4) % 4) {
	case 0:
		snprintf(cmd, sizeof(cmd), probe_defs[n % 7], n);
		return put(TR "/dynamic_events", cmd);
	case 1:
	case 2:
		snprintf(op->path, sizeof(op->path), "%s/events/torture/k%d/enable",
			 op->arr, n);
		snprintf(op->val, sizeof(op->val), "%d", (op->v >> 8) & 1);
		return OP_WRITE;
	default:
		/* an event that recorded goes with every buffer's records: an epoch ends */
		if (acct_begin(&drained)) {
			op->abort = 1;
			return -EIO;
		}
		snprintf(cmd, sizeof(cmd), "-:torture/k%d", n);
		ret = put(TR "/dynamic_events", cmd);
		acct_end(drained);
		return ret;
	}
}

/*
 * BPF programs (the guest's bpfprobe; none on a kernel without BPF
 * events: refused) on the places the writers, readers and other
 * operations pass through: the read syscall's tracepoint and vfs_read,
 * through each kind of attachment, and the sample module's tracepoint,
 * which OP_MODULE loads and unloads under it. Attached and detached at
 * once, or held for two seconds in the background while the other
 * operations go on. The programs count into a map of their own: they
 * write nothing into the buffers, and the accounting stays exact.
 */
static const char *const bpf_targets[7] = {
	"raw_tp sched_switch", "raw_tp foo_bar", "tp syscalls/sys_enter_read",
	"kprobe vfs_read", "kretprobe vfs_read", "kprobe_multi vfs_read",
	"fentry vfs_read",
};

static int op_bpf(struct op_ctx *op)
{
	char cmd[128];

	if (op->v & 1)
		snprintf(cmd, sizeof(cmd),
			 "bpfprobe cycle %s 1 >/dev/null 2>&1",
			 bpf_targets[(op->v >> 1) % 7]);
	else
		snprintf(cmd, sizeof(cmd),
			 "bpfprobe hold %s 2 >/dev/null 2>&1 &",
			 bpf_targets[(op->v >> 1) % 7]);
	return run(cmd);
}

/*
 * The operations, by kind: ->act returns OP_WRITE for do_op() to write
 * ->val to ->path as the flags say, or the result of an operation it did
 * itself. (Names and weights: op_name[], op_weight[].)
 */
static const struct op_kind {
	int (*act)(struct op_ctx *op);
	unsigned int flags;
} op_kinds[NOPS] = {
	[OP_SIZE]		= { op_size },
	[OP_SIZE_CPU]		= { op_size },
	[OP_SIZE_ABSURD]	= { op_size },
	[OP_SUBBUF]		= { op_subbuf, OPF_SUBBUF },
	[OP_TRACING_ON]		= { op_tracing_on, OPF_LIVE },
	[OP_TRUNCATE]		= { op_truncate, OPF_TRUNCATE },
	[OP_SNAPSHOT]		= { op_snapshot, OPF_SWAPS | OPF_CLEAR_FIRST },
	[OP_TRACER]		= { op_tracer, OPF_SWAPS | OPF_TRACER },
	[OP_SET_EVENT]		= { op_set_event, OPF_TOP },
	[OP_ENABLE]		= { op_enable, OPF_TOP },
	[OP_FILTER]		= { op_filter, OPF_TOP },
	[OP_MKDIR]		= { op_mkdir_rmdir },
	[OP_RMDIR]		= { op_mkdir_rmdir },
	[OP_BLOCKED_RMDIR]	= { op_blocked_rmdir },
	[OP_CLOCK]		= { op_clock },
	[OP_PERCENT]		= { op_percent, OPF_LIVE },
	[OP_OPTION]		= { op_option, OPF_LIVE },
	[OP_HOTPLUG]		= { op_hotplug },
	[OP_MODULE]		= { op_module },
	[OP_PROBE]		= { op_probe, OPF_TOP },
	[OP_BPF]		= { op_bpf },
};

static int op_put(struct op_ctx *op, unsigned int flags)
{
	return flags & OPF_TRUNCATE ? truncate_file(op->path) : put(op->path, op->val);
}

/* The write of an operation that asked for one, as its flags say. */
static int op_write(struct op_ctx *op, unsigned int flags)
{
	int drained = 0, swaps, ret;

	if (op->acct && !(flags & OPF_LIVE)) {
		/* tt_acct's records may be destroyed or moved: an epoch ends */
		if (acct_begin(&drained)) {
			op->abort = 1;
			return -EIO;
		}
		if (flags & OPF_SUBBUF)
			__atomic_fetch_add(&sh->subbuf_gen[1], 1, __ATOMIC_SEQ_CST);
		if (flags & OPF_CLEAR_FIRST)
			put(op->path, "2");	/* the buffer swapped in holds no old markers */
		ret = op_put(op, flags);
		if (flags & OPF_SUBBUF)
			__atomic_fetch_add(&sh->subbuf_gen[1], 1, __ATOMIC_SEQ_CST);
		acct_end(drained);
		return ret;
	}
	if ((flags & OPF_SUBBUF) && op->a == 0)
		__atomic_fetch_add(&sh->subbuf_gen[0], 1, __ATOMIC_SEQ_CST);
	/* the top level's buffers may swap: its readers' order may go back */
	swaps = op->a == 0 && (flags & OPF_SWAPS);
	if (swaps) {
		__atomic_fetch_add(&sh->swap_gen[0], 1, __ATOMIC_SEQ_CST);
		if ((flags & OPF_TRACER) && owns_snapshot(op->val))
			st(&sh->self_swapping[0], 1);
	}
	ret = op_put(op, flags);
	if ((flags & OPF_SUBBUF) && op->a == 0)
		__atomic_fetch_add(&sh->subbuf_gen[0], 1, __ATOMIC_SEQ_CST);
	if (swaps) {
		if (flags & OPF_TRACER) {
			get(op->path, op->val, sizeof(op->val));
			op->val[strcspn(op->val, "\n")] = 0;
			st(&sh->self_swapping[0], owns_snapshot(op->val));
		}
		__atomic_fetch_add(&sh->swap_gen[0], 1, __ATOMIC_SEQ_CST);
	}
	return ret;
}

/*
 * One operation of kind K: every random number drawn whatever happens, so
 * the same seed gives the same sequence.
 */
static int do_op(int k, uint64_t *hash)
{
	const struct op_kind *kind = &op_kinds[k];
	struct op_ctx op = { .k = k };
	char last[128];
	int ret;

	/* one after the other: the order of the draws is the sequence */
	op.a = pick(4);
	op.v = pick(1 << 16);
	op.cpu = pick(2);
	op.arr = arr_path(op.a);
	op.acct = op.a == 1;

	*hash = (*hash ^ (k * 131 + op.a * 7 + op.v)) * 0x100000001b3ULL;
	snprintf(last, sizeof(last), "%.100s", last_ops);
	snprintf(last_ops, sizeof(last_ops), "%s@%d:%d %s", op_name[k], op.a, op.v, last);
	memcpy(sh->ops_log, last_ops, sizeof(sh->ops_log));
	st(&sh->op_seq, ld(&sh->op_seq) + 1);
	if (verbose)
		printf("op %s arr=%d v=%d cpu=%d\n", op_name[k], op.a, op.v, op.cpu);

	if ((kind->flags & OPF_TOP) && op.acct) {
		op.a = 0;
		op.arr = TR;
		op.acct = 0;
	}
	ret = kind->act(&op);
	if (ret == OP_WRITE)
		ret = op_write(&op, kind->flags);
	if (op.abort)
		return ret;
	if (ret)
		add(&sh->refused[k], 1);
	add(&sh->ops[k], 1);
	return ret;
}

/* ---- set-up, the run, the verdict ---- */

static pid_t kids[32];
static int nkids;

static void spawn(int r, int acct_reader, void (*fn)(int), int arg)
{
	pid_t pid;

	if (r >= 0)
		sh->acct_reader[r] = acct_reader;
	pid = fork();
	if (!pid) {
		rng_state ^= (uint64_t)(getpid() + 1) * 0x9E3779B97F4A7C15ULL;
		fn(arg);
		_exit(0);
	}
	kids[nkids++] = pid;
}

/*
 * The watchdog: an operation that runs longer than WATCHDOG_SEC is named,
 * with the driver's kernel stack and the kernel's own view of every CPU
 * (sysrq l), every blocked task (w) and every lock held (d), once per
 * stuck operation. A hung-task report names the lock but, for a task that
 * is running, neither its stack nor its locks: this is what finds them.
 */
#define WATCHDOG_SEC 60

static void dump_file(const char *path)
{
	char line[256];
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		printf("torture: watchdog: %s: %s", path, line);
	fclose(f);
}

static void watchdog(int unused)
{
	int last = -1, reported = -1;
	double since = now();
	char path[64];

	while (!ld(&sh->stop)) {
		int seq = ld(&sh->op_seq);

		if (seq != last) {
			last = seq;
			since = now();
		} else if (seq != reported && ld(&sh->driver_pid) &&
			   now() - since > WATCHDOG_SEC) {
			reported = seq;
			printf("torture: watchdog: operation %d running for %d s (last ops, newest first: %.200s)\n",
			       seq, (int)(now() - since), sh->ops_log);
			snprintf(path, sizeof(path), "/proc/%d/stack", sh->driver_pid);
			dump_file(path);
			snprintf(path, sizeof(path), "/proc/%d/wchan", sh->driver_pid);
			dump_file(path);
			printf("\n");
			fflush(stdout);
			put("/proc/sysrq-trigger", "l");
			put("/proc/sysrq-trigger", "w");
			put("/proc/sysrq-trigger", "d");
		}
		sleep_ms(1000);
	}
}

static void run_acct_pipe(int r) { pipe_reader(r, ACCT, 1); }
static void run_top_pipe(int r) { pipe_reader(r, TR, 0); }
static void run_acct_raw0(int r) { raw_reader(r, ACCT, 1, 0, 0, 1); }
static void run_acct_raw1(int r) { raw_reader(r, ACCT, 1, 1, 0, 1); }
static void run_acct_spl0(int r) { raw_reader(r, ACCT, 1, 0, 1, 1); }
static void run_acct_spl1(int r) { raw_reader(r, ACCT, 1, 1, 1, 1); }
static void run_top_raw0(int r) { raw_reader(r, TR, 0, 0, 0, 0); }
static void run_top_spl1(int r) { raw_reader(r, TR, 0, 1, 1, 0); }
static void run_writer(int w) { acct_writer(w); }
static void run_top_writer(int unused) { top_writer(); }
static void run_busy(int unused) { busy(); }

static void find_print_event(void)
{
	char buf[4096], *p;

	if (get(TR "/events/ftrace/print/format", buf, sizeof(buf)) <= 0)
		return;
	p = strstr(buf, "ID: ");
	if (p)
		print_id = atoi(p + 4);
	p = strstr(buf, "buf[];");
	p = p ? strstr(p, "offset:") : NULL;
	if (p)
		print_buf_off = atoi(p + 7);
}

/* every file of ARR still reads, and the main ones read sane values */
static int files_sane(const char *arr)
{
	char path[512], buf[8192], cur[64], words[64][64];
	int bad = 0, n, i, found = 0;
	struct dirent *de;
	DIR *d = opendir(arr);

	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.' || strstr(de->d_name, "pipe") ||
		    strstr(de->d_name, "trace_marker"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", arr, de->d_name);
		n = get(path, buf, sizeof(buf));
		if (n < 0 && n != -EACCES && n != -EPERM && n != -EISDIR &&
		    n != -EINVAL && n != -ENODEV && n != -EBUSY) {
			printf("torture: %s: %s\n", path, strerror(-n));
			bad++;
		}
	}
	if (d)
		closedir(d);
	snprintf(path, sizeof(path), "%s/tracing_on", arr);
	if (get(path, buf, sizeof(buf)) != 2 || (buf[0] != '0' && buf[0] != '1'))
		bad++, printf("torture: %s reads '%s'\n", path, buf);
	snprintf(path, sizeof(path), "%s/buffer_size_kb", arr);
	if (get(path, buf, sizeof(buf)) <= 0 || buf[0] < '0' || buf[0] > '9')
		bad++, printf("torture: %s reads '%s'\n", path, buf);
	snprintf(path, sizeof(path), "%s/buffer_subbuf_size_kb", arr);
	if (get(path, buf, sizeof(buf)) > 0 && atoi(buf) < 1)
		bad++, printf("torture: %s reads '%s'\n", path, buf);
	snprintf(path, sizeof(path), "%s/trace_clock", arr);
	if (get(path, buf, sizeof(buf)) <= 0 || !strchr(buf, '['))
		bad++, printf("torture: %s reads '%s'\n", path, buf);
	snprintf(path, sizeof(path), "%s/current_tracer", arr);
	get(path, cur, sizeof(cur));
	cur[strcspn(cur, "\n")] = 0;
	snprintf(path, sizeof(path), "%s/available_tracers", arr);
	n = list_words(path, words, 64);
	for (i = 0; i < n; i++)
		found |= !strcmp(words[i], cur);
	if (!found)
		bad++, printf("torture: %s: current_tracer '%s' not available\n", arr, cur);
	for (i = 0; i < 2; i++)
		if (stat_field(arr, i, "entries:") < 0)
			bad++, printf("torture: %s: per_cpu/cpu%d/stats unreadable\n", arr, i);
	return bad;
}

static void bad_usage(void)
{
	fprintf(stderr, "usage: torture [-s SEED] [-t SECONDS] [-o KIND,...] [-f GLOB] [-v]\n");
	exit(2);
}

/* -o: keep the weights of the kinds in the comma-separated LIST only */
static void only_kinds(char *list)
{
	int keep[NOPS] = { 0 }, k, any = 0;
	char *tok, *save;

	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		for (k = 0; k < NOPS && strcmp(tok, op_name[k]); k++)
			;
		if (k == NOPS) {
			fprintf(stderr, "torture: no operation kind '%s'\n", tok);
			bad_usage();
		}
		keep[k] = any = 1;
	}
	if (!any)
		bad_usage();
	for (k = 0; k < NOPS; k++)
		if (!keep[k])
			op_weight[k] = 0;
}

int main(int argc, char **argv)
{
	uint64_t seed = 1, hash = 14695981039346656037ULL, hash200 = 0;
	double seconds = 60, end;
	long total = 0, wr[NW] = { 0 }, rd[NW] = { 0 }, lo[NW] = { 0 };
	int opt, k, i, w, sum = 0, bad, drained, status;

	while ((opt = getopt(argc, argv, "s:t:o:f:v")) != -1) {
		if (opt == 's')
			seed = strtoull(optarg, NULL, 0);
		else if (opt == 't')
			seconds = atof(optarg);
		else if (opt == 'o')
			only_kinds(optarg);
		else if (opt == 'f')
			ftrace_glob = optarg;
		else if (opt == 'v')
			verbose = 1;
		else
			bad_usage();
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
	printf("torture: seed=%llu seconds=%.0f%s%s\n", (unsigned long long)seed,
	       seconds, ftrace_glob ? " set_ftrace_filter=" : "",
	       ftrace_glob ? ftrace_glob : "");

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	for (w = 0; w < NW; w++)
		seen[w] = mmap(NULL, MAX_SEQ / 8, PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || seen[0] == MAP_FAILED || seen[1] == MAP_FAILED) {
		perror("torture: mmap");
		return 1;
	}
	find_print_event();
	if (print_id < 0) {
		printf("torture: no events/ftrace/print/format\n");
		return 1;
	}
	if (mkdir(ACCT, 0755) && errno != EEXIST) {
		printf("torture: mkdir %s: %s\n", ACCT, strerror(errno));
		return 1;
	}
	put(ACCT "/options/overwrite", "1");
	truncate_file(TR "/dynamic_events");
	put(TR "/set_event", "sched:sched_switch sched:sched_wakeup timer:hrtimer_start irq:*");
	put(TR "/tracing_on", "1");
	put(ACCT "/tracing_on", "1");
	epoch_baseline(&sh->ep[0]);

	spawn(0, 1, run_acct_pipe, 0);
	spawn(1, 1, run_acct_raw0, 1);
	spawn(2, 1, run_acct_raw1, 2);
	spawn(3, 1, run_acct_spl0, 3);
	spawn(4, 1, run_acct_spl1, 4);
	spawn(5, 0, run_top_pipe, 5);
	spawn(6, 0, run_top_raw0, 6);
	spawn(7, 0, run_top_spl1, 7);
	spawn(8, 0, mmap_reader, 8);
	spawn(9, 0, iter_reader, 9);
	spawn(10, 0, tracecmd_reader, 10);
	spawn(-1, 0, run_writer, 0);
	spawn(-1, 0, run_writer, 1);
	spawn(-1, 0, run_top_writer, 0);
	spawn(-1, 0, run_busy, 0);
	st(&sh->driver_pid, getpid());
	spawn(-1, 0, watchdog, 0);

	for (k = 0; k < NOPS; k++)
		sum += op_weight[k];
	end = now() + seconds;
	while (now() < end) {
		int x = pick(sum);

		for (k = 0; x >= op_weight[k]; k++)
			x -= op_weight[k];
		do_op(k, &hash);
		if (++total == 200)
			hash200 = hash;
		sleep_ms(pick(40));
		/* now and then tt_acct's readers fall behind: records overrun */
		if (!pick(40)) {
			st(&sh->hold, 1);
			sleep_ms(200 + pick(800));
			st(&sh->hold, 0);
		}
	}

	/* the operations are over: the drain below has bounds of its own */
	st(&sh->driver_pid, 0);
	/* CPU 1 back, then the last epoch drained and checked exactly */
	if (ld(&sh->cpu1_off) && !acct_begin(&drained)) {
		put("/sys/devices/system/cpu/cpu1/online", "1");
		st(&sh->cpu1_off, 0);
		acct_end(drained);
	}
	st(&sh->pause, 1);
	wait_for(writers_paused, 30);
	if (!drain())
		epoch_close(0);
	else
		epoch_close(1);
	st(&sh->stop, 1);
	for (i = 0; i < nkids; i++) {
		double t = now() + 30;

		while (waitpid(kids[i], &status, WNOHANG) == 0) {
			if (now() > t) {
				problem("child %d did not stop in 30 s", i);
				kill(kids[i], SIGKILL);
				waitpid(kids[i], &status, 0);
				break;
			}
			sleep_ms(10);
		}
	}
	if (module_loaded)
		run("modprobe -r trace-events-sample 2>/dev/null");

	printf("torture: ops");
	for (k = 0; k < NOPS; k++)
		printf(" %s=%ld/%ld", op_name[k], sh->ops[k] - sh->refused[k], sh->ops[k]);
	printf(" (done/tried)\n");
	printf("torture: op sequence hash (first 200 ops)=%016llx\n",
	       (unsigned long long)hash200);
	for (i = 0; i <= ld(&sh->epoch) && i < MAX_EPOCH; i++) {
		if (sh->ep[i].state != 1)
			continue;
		for (w = 0; w < NW; w++) {
			wr[w] += sh->ep[i].written[w];
			rd[w] += sh->ep[i].read[w];
			lo[w] += sh->ep[i].lost[w];
		}
	}
	printf("torture: epochs=%d exact=%ld cut=%ld\n", ld(&sh->epoch) + 1,
	       sh->exact_epochs, sh->cut_epochs);
	for (w = 0; w < NW; w++)
		printf("torture: writer %d (cpu%d) in exact epochs: written=%ld read=%ld lost=%ld\n",
		       w, w, wr[w], rd[w], lo[w]);
	for (i = 0; i < NREADERS; i++)
		if (reader_name[i])
			printf("torture: reader %s: %ld bytes, %ld markers checked, %ld errors\n",
			       reader_name[i], sh->bytes[i], sh->records[i], sh->errors[i]);
	printf("torture: mmap pages=%ld (unsupported %ld, copies raced %ld, lapped %ld, remapped %ld), trace-cmd runs=%ld failed=%ld, trace passes=%ld, LOST lines=%ld, pages skipped on a size change=%ld, top markers=%ld\n",
	       sh->mmap_pages, sh->mmap_unsupported, sh->mmap_raced, sh->mmap_lapped,
	       sh->mmap_regeom, sh->tc_runs, sh->tc_fail,
	       sh->iter_passes, sh->lost_lines, sh->stale, sh->top_written);
	bad = files_sane(TR) + files_sane(ACCT);
	printf("torture: checks torn=%ld reorder=%ld dup=%ld late=%ld bad_page=%ld mismatch=%ld drain_timeouts=%ld files_bad=%d\n",
	       sh->torn, sh->reorder, sh->dup, sh->late, sh->bad_page, sh->mismatch,
	       sh->drain_timeouts, bad);
	if (sh->first_problem[0])
		printf("torture: first problem: %s\n", sh->first_problem);
	k = !(sh->torn || sh->reorder || sh->dup || sh->late || sh->bad_page ||
	      sh->mismatch || sh->drain_timeouts || bad || !sh->exact_epochs ||
	      !(wr[0] + wr[1]));
	printf("@@RESULT torture run %s ops=%ld accounting=%s epochs=%d\n",
	       k ? "PASS" : "FAIL", total,
	       sh->mismatch || sh->dup || sh->late || !sh->exact_epochs ? "BROKEN" : "exact",
	       ld(&sh->epoch) + 1);
	return !k;
}
