// SPDX-License-Identifier: GPL-2.0
// LDLIBS: -lbpf -lelf -lz
/*
 * bpfprobe: BPF programs attached and detached by hand, for the T2
 * lifetime cases and the B6 benchmark. The programs are a few raw
 * instructions (no compiler in the guest); libbpf's low-level calls
 * load and attach them.
 *
 *   bpfprobe hold KIND TARGET SECS    attach a counting program, wait
 *                                     SECS (or until SIGINT/SIGTERM),
 *                                     print "hits N", detach
 *   bpfprobe cycle KIND TARGET N      load once, attach and detach N
 *                                     times; print "cycles N"
 *   bpfprobe hit KIND TARGET N        attach an empty program, call
 *                                     getppid() N times, detach (hits
 *                                     to single-step through: stepcount)
 *   bpfprobe bench KIND TARGET N      getppid() N times without, then
 *                                     with an empty program attached;
 *                                     print "ns_per_hit X base Y"
 *
 * KIND (what TARGET names):
 *   raw_tp        a tracepoint (sched_switch): a raw tracepoint link
 *   tp            an event (syscalls/sys_enter_getppid): a perf
 *                 tracepoint event
 *   kprobe        a function: a perf kprobe event (the kprobe PMU)
 *   kretprobe     a function's return, the same way
 *   kprobe_multi  a function, or a glob: a kprobe_multi link
 *   kprobe_session a function's entry and return: a kprobe.session
 *                 link (the program runs twice a call)
 *   uprobe_multi  PATH:FUNC, a function of an executable: an
 *                 uprobe_multi link (the file offset from its symbols)
 *   fentry        a function: through the BPF trampoline
 *   fexit         a function's return, the same way
 *
 * Exit status: 0, 1 on a usage error, 2 when a load or attach failed
 * (its errno printed as "bpfprobe: attach: ...").
 */
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <errno.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* 6.12's, newer than the host's uapi headers */
#define ATTACH_UPROBE_MULTI	48
#define ATTACH_KPROBE_SESSION	56

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

static void die(const char *what, int err)
{
	fprintf(stderr, "bpfprobe: %s: %s\n", what, strerror(err));
	exit(2);
}

struct kind {
	const char		*name;
	enum bpf_prog_type	type;
	enum bpf_attach_type	expected;
};

static const struct kind kinds[] = {
	{ "raw_tp", BPF_PROG_TYPE_RAW_TRACEPOINT, 0 },
	{ "tp", BPF_PROG_TYPE_TRACEPOINT, 0 },
	{ "kprobe", BPF_PROG_TYPE_KPROBE, 0 },
	{ "kretprobe", BPF_PROG_TYPE_KPROBE, 0 },
	{ "kprobe_multi", BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI },
	{ "kprobe_session", BPF_PROG_TYPE_KPROBE, ATTACH_KPROBE_SESSION },
	{ "uprobe_multi", BPF_PROG_TYPE_KPROBE, ATTACH_UPROBE_MULTI },
	{ "fentry", BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY },
	{ "fexit", BPF_PROG_TYPE_TRACING, BPF_TRACE_FEXIT },
};

static const struct kind *find_kind(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(kinds[i].name, name))
			return &kinds[i];
	return NULL;
}

/*
 * The program: with @map_fd >= 0, add 1 to the u64 at key 0 of that
 * array; then return 0.
 */
static int load(const struct kind *k, const char *target, int map_fd)
{
	struct bpf_insn count[] = {
		/* *(u32 *)(fp - 4) = 0 */
		{ .code = BPF_ST | BPF_MEM | BPF_W, .dst_reg = BPF_REG_10,
		  .off = -4, .imm = 0 },
		/* r2 = fp - 4 */
		{ .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = BPF_REG_2,
		  .src_reg = BPF_REG_10 },
		{ .code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = BPF_REG_2,
		  .imm = -4 },
		/* r1 = the map */
		{ .code = BPF_LD | BPF_DW | BPF_IMM, .dst_reg = BPF_REG_1,
		  .src_reg = BPF_PSEUDO_MAP_FD, .imm = map_fd },
		{ 0 },
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_map_lookup_elem },
		/* if r0 == 0 skip the add */
		{ .code = BPF_JMP | BPF_JEQ | BPF_K, .dst_reg = BPF_REG_0,
		  .off = 2, .imm = 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_1,
		  .imm = 1 },
		/* lock *(u64 *)(r0 + 0) += r1 */
		{ .code = BPF_STX | BPF_ATOMIC | BPF_DW, .dst_reg = BPF_REG_0,
		  .src_reg = BPF_REG_1, .imm = BPF_ADD },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0,
		  .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	struct bpf_insn *insns = count + 9;
	size_t n = 2;
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	static char log[65536];
	int fd;

	if (map_fd >= 0) {
		insns = count;
		n = sizeof(count) / sizeof(count[0]);
	}
	opts.expected_attach_type = k->expected;
	opts.log_buf = log;
	opts.log_size = sizeof(log);
	opts.log_level = 1;
	if (k->type == BPF_PROG_TYPE_TRACING) {
		struct btf *vmlinux = btf__load_vmlinux_btf();
		int id;

		if (!vmlinux)
			die("vmlinux BTF", errno);
		id = btf__find_by_name_kind(vmlinux, target, BTF_KIND_FUNC);
		if (id < 0)
			die(target, -id);
		opts.attach_btf_id = id;
		btf__free(vmlinux);
	}
	fd = bpf_prog_load(k->type, "bpfprobe", "GPL", insns, n, &opts);
	if (fd < 0) {
		int err = errno;

		fprintf(stderr, "%s", log);
		die("load", err);
	}
	return fd;
}

static int read_int(const char *path)
{
	FILE *f = fopen(path, "r");
	int v = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/* A perf event, disabled, on every task of CPU 0..ncpu-1: their fds. */
static int perf_open(struct perf_event_attr *attr, int *fds, int ncpu)
{
	int cpu;

	for (cpu = 0; cpu < ncpu; cpu++) {
		fds[cpu] = syscall(__NR_perf_event_open, attr, -1, cpu, -1,
				   PERF_FLAG_FD_CLOEXEC);
		if (fds[cpu] < 0)
			return -errno;
	}
	return 0;
}

/*
 * BPF_LINK_CREATE for the multi links, as 6.12 lays the attribute out
 * (libbpf 1.1 knows neither kprobe.session nor uprobe_multi).
 */
struct multi_link_attr {
	uint32_t	prog_fd, target_fd, attach_type, flags;
	union {
		struct {
			uint32_t flags, cnt;
			uint64_t syms, addrs, cookies;
		} kmulti;
		struct {
			uint64_t path, offsets, ref_ctr_offsets, cookies;
			uint32_t cnt, flags, pid;
		} umulti;
	};
	uint8_t		pad[64];
};

static int multi_link(struct multi_link_attr *attr)
{
	return syscall(__NR_bpf, BPF_LINK_CREATE, attr, sizeof(*attr));
}

/* The file offset of FUNC in the ELF file PATH (a static executable). */
static long elf_offset(const char *path, const char *func)
{
	char cmd[512];
	long off = -1;
	FILE *p;

	/* the program prints it itself: "utarget offset" */
	snprintf(cmd, sizeof(cmd), "%s offset 2>/dev/null", path);
	if (strcmp(func, "utarget_fn"))
		return -1;
	p = popen(cmd, "r");
	if (!p)
		return -1;
	if (fscanf(p, "%li", &off) != 1)
		off = -1;
	pclose(p);
	return off;
}

#define MAX_FDS 64

/* What one attachment holds: link or perf fds. */
struct attached {
	int	fds[MAX_FDS];
	int	n;
};

static int attach(const struct kind *k, const char *target, int prog,
		  struct attached *a)
{
	struct perf_event_attr attr = { .size = sizeof(attr) };
	char path[512];
	int fd, i, ret;

	a->n = 0;
	if (!strcmp(k->name, "raw_tp")) {
		fd = bpf_raw_tracepoint_open(target, prog);
	} else if (k->type == BPF_PROG_TYPE_TRACING) {
		fd = bpf_link_create(prog, 0, k->expected, NULL);
	} else if (!strcmp(k->name, "kprobe_session")) {
		struct multi_link_attr la = {
			.prog_fd = prog, .attach_type = ATTACH_KPROBE_SESSION,
		};
		const char *syms[1] = { target };

		la.kmulti.cnt = 1;
		la.kmulti.syms = (uintptr_t)syms;
		fd = multi_link(&la);
	} else if (!strcmp(k->name, "uprobe_multi")) {
		struct multi_link_attr la = {
			.prog_fd = prog, .attach_type = ATTACH_UPROBE_MULTI,
		};
		char path[256], *colon;
		uint64_t off;
		long o;

		snprintf(path, sizeof(path), "%s", target);
		colon = strrchr(path, ':');
		if (!colon)
			return -EINVAL;
		*colon = 0;
		o = elf_offset(path, colon + 1);
		if (o < 0)
			return -ENOENT;
		off = o;
		la.umulti.path = (uintptr_t)path;
		la.umulti.offsets = (uintptr_t)&off;
		la.umulti.cnt = 1;
		fd = multi_link(&la);
	} else if (!strcmp(k->name, "kprobe_multi")) {
		LIBBPF_OPTS(bpf_link_create_opts, lo);
		const char *syms[1] = { target };

		lo.kprobe_multi.syms = syms;
		lo.kprobe_multi.cnt = 1;
		fd = bpf_link_create(prog, 0, BPF_TRACE_KPROBE_MULTI, &lo);
	} else {
		if (!strcmp(k->name, "tp")) {
			snprintf(path, sizeof(path),
				 "/sys/kernel/tracing/events/%s/id", target);
			attr.type = PERF_TYPE_TRACEPOINT;
			attr.config = read_int(path);
		} else {
			attr.type = read_int("/sys/bus/event_source/devices/kprobe/type");
			attr.config1 = (uintptr_t)target;
			/* bit 0 of config: a return probe (format/retprobe) */
			attr.config = !strcmp(k->name, "kretprobe");
		}
		if ((int)attr.type < 0 || (int)attr.config < 0)
			return -ENOENT;
		attr.sample_period = 1;
		attr.wakeup_events = 1;
		/* one event is enough: its program runs on every CPU */
		ret = perf_open(&attr, a->fds, 1);
		if (ret)
			return ret;
		a->n = 1;
		for (i = 0; i < a->n; i++) {
			if (ioctl(a->fds[i], PERF_EVENT_IOC_SET_BPF, prog) ||
			    ioctl(a->fds[i], PERF_EVENT_IOC_ENABLE, 0))
				return -errno;
		}
		return 0;
	}
	if (fd < 0)
		return -errno;
	a->fds[a->n++] = fd;
	return 0;
}

static void detach(struct attached *a)
{
	while (a->n)
		close(a->fds[--a->n]);
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static double loop_ns(long n)
{
	double t = now_ns();
	long i;

	for (i = 0; i < n; i++)
		syscall(__NR_getppid);
	return now_ns() - t;
}

int main(int argc, char **argv)
{
	const struct kind *k;
	struct attached a;
	int prog, map = -1, ret;
	long n;

	if (argc != 5 || !(k = find_kind(argv[2])))
		goto usage;
	n = atol(argv[4]);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	if (!strcmp(argv[1], "hold")) {
		unsigned int key = 0;
		uint64_t hits = 0;
		long s;

		map = bpf_map_create(BPF_MAP_TYPE_ARRAY, "hits", 4, 8, 1, NULL);
		if (map < 0)
			die("map", errno);
		prog = load(k, argv[3], map);
		ret = attach(k, argv[3], prog, &a);
		if (ret)
			die("attach", -ret);
		printf("attached\n");
		fflush(stdout);
		for (s = 0; s < n * 10 && !stop; s++)
			usleep(100000);
		if (bpf_map_lookup_elem(map, &key, &hits))
			die("lookup", errno);
		detach(&a);
		printf("hits %llu\n", (unsigned long long)hits);
		return 0;
	}
	if (!strcmp(argv[1], "cycle")) {
		long i;

		prog = load(k, argv[3], -1);
		for (i = 0; i < n && !stop; i++) {
			ret = attach(k, argv[3], prog, &a);
			if (ret)
				die("attach", -ret);
			detach(&a);
		}
		printf("cycles %ld\n", i);
		return 0;
	}
	/* attached, N getppid() calls: a steady stream of hits to look at */
	if (!strcmp(argv[1], "hit")) {
		prog = load(k, argv[3], -1);
		ret = attach(k, argv[3], prog, &a);
		if (ret)
			die("attach", -ret);
		printf("attached\n");
		fflush(stdout);
		loop_ns(n);
		detach(&a);
		return 0;
	}
	if (!strcmp(argv[1], "bench")) {
		double base, with;

		prog = load(k, argv[3], -1);
		loop_ns(n / 10);		/* warm up */
		base = loop_ns(n);
		ret = attach(k, argv[3], prog, &a);
		if (ret)
			die("attach", -ret);
		with = loop_ns(n);
		detach(&a);
		printf("ns_per_hit %.1f base %.1f\n", (with - base) / n,
		       base / n);
		return 0;
	}
usage:
	fprintf(stderr, "usage: bpfprobe hold|cycle|hit|bench KIND TARGET N\n");
	return 1;
}
