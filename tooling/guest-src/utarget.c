// SPDX-License-Identifier: GPL-2.0
/*
 * utarget: user code to probe, for the uprobe T2 cases.
 *
 *   utarget offset         the file offset of utarget_fn in this
 *                          binary, "0x%lx"
 *   utarget peek           the 4 bytes at utarget_fn + 4 as a u32,
 *                          "0x%x" (what @+OFFSET reads there; the first
 *                          byte is the breakpoint's while probed)
 *   utarget call N WORD    utarget_fn(i, WORD) for i = 1..N; prints the
 *                          sum of what it returned
 *   utarget loop N         utarget_fn N times; prints the ns one call
 *                          took on average (the B5 uprobe workload)
 *   utarget cold FILE      utarget_fn(7, WORD) with WORD the string at the
 *                          start of FILE, mapped and never touched before
 *                          the call: a probe that reads it finds its page
 *                          not mapped yet; prints what it returned
 *   utarget pmu [-r]       a uprobe made by perf_event_open() itself (the
 *                          "uprobe" PMU, as libbpf attaches a BPF uprobe)
 *                          on utarget_fn (its return with -r); calls it
 *                          ten times and prints "count N"
 *
 * A failed perf_event_open() prints "utarget: perf_event_open: ..." and
 * exits 2; other errors exit 1.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* n * 2 + the word's first character: a return value the cases know */
__attribute__((noinline)) long utarget_fn(long n, const char *word)
{
	asm volatile("" : : "r"(word) : "memory");
	return n * 2 + word[0];
}

/* Where @addr is in this binary: the file offset of its mapping. */
static long file_offset(const void *addr)
{
	unsigned long start, end, off, a = (unsigned long)addr;
	char line[512], perms[8];
	FILE *f = fopen("/proc/self/maps", "r");
	long ret = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s %lx", &start, &end, perms,
			   &off) != 4)
			continue;
		if (a >= start && a < end) {
			ret = a - start + off;
			break;
		}
	}
	fclose(f);
	return ret;
}

static int pmu_type(void)
{
	FILE *f = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
	int type = -1;

	if (f) {
		if (fscanf(f, "%d", &type) != 1)
			type = -1;
		fclose(f);
	}
	return type;
}

static int pmu(int is_return)
{
	struct perf_event_attr attr;
	char self[4096];
	uint64_t count;
	long off, sum = 0;
	ssize_t len;
	int fd, i;

	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	off = file_offset((const void *)utarget_fn);
	if (len <= 0 || off < 0 || pmu_type() < 0) {
		fprintf(stderr, "utarget: no uprobe PMU or no self\n");
		return 1;
	}
	self[len] = '\0';
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = pmu_type();
	/* the PMU's "retprobe" format bit: config:0 */
	attr.config = is_return ? 1 : 0;
	attr.uprobe_path = (uint64_t)(uintptr_t)self;
	attr.probe_offset = off;
	attr.disabled = 1;
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0) {
		fprintf(stderr, "utarget: perf_event_open: %s (errno %d)\n",
			strerror(errno), errno);
		return 2;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < 10; i++)
		sum += utarget_fn(i, "pmu");
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return 1;
	printf("count %llu\n", (unsigned long long)count);
	close(fd);
	return sum ? 0 : 1;
}

/* utarget_fn() on a string whose page this process has not touched */
static int cold(const char *path)
{
	int fd = open(path, O_RDONLY);
	const char *word;

	if (fd < 0)
		return 1;
	/* a private read-only mapping: no page is mapped until read */
	word = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (word == MAP_FAILED)
		return 1;
	printf("%ld\n", utarget_fn(7, word));
	munmap((void *)word, 4096);
	return 0;
}

int main(int argc, char **argv)
{
	long n, i, sum = 0, off;

	if (argc == 2 && !strcmp(argv[1], "offset")) {
		off = file_offset((const void *)utarget_fn);
		if (off < 0)
			return 1;
		printf("0x%lx\n", off);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "peek")) {
		unsigned int v;

		memcpy(&v, (const char *)utarget_fn + 4, sizeof(v));
		printf("0x%x\n", v);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "call")) {
		n = atol(argv[2]);
		for (i = 1; i <= n; i++)
			sum += utarget_fn(i, argv[3]);
		printf("%ld\n", sum);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "loop")) {
		struct timespec t0, t1;
		double ns;

		n = atol(argv[2]);
		if (n <= 0)
			return 1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (i = 0; i < n; i++)
			sum += utarget_fn(i, "loop");
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
		printf("%.2f\n", ns / n);
		return sum ? 0 : 1;
	}
	if (argc == 3 && !strcmp(argv[1], "cold"))
		return cold(argv[2]);
	if (argc >= 2 && !strcmp(argv[1], "pmu"))
		return pmu(argc == 3 && !strcmp(argv[2], "-r"));
	fprintf(stderr,
		"usage: utarget offset | peek | call N WORD | loop N | cold FILE | pmu [-r]\n");
	return 1;
}
