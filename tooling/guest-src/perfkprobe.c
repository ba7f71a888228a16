// SPDX-License-Identifier: GPL-2.0
/*
 * perfkprobe: a kprobe made by perf_event_open() itself, through the
 * "kprobe" PMU (the way libbpf attaches a BPF kprobe), for the probes
 * T2 cases.
 *
 *   perfkprobe [-r] FUNC
 *
 * Counts the hits of a probe on FUNC (its return with -r) for this
 * process while it reads /proc/version ten times, and prints
 *   count N
 * A failed perf_event_open() prints
 *   perfkprobe: perf_event_open: <strerror> (errno N)
 * and exits 2; other errors exit 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int pmu_type(void)
{
	FILE *f = fopen("/sys/bus/event_source/devices/kprobe/type", "r");
	int type = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &type) != 1)
		type = -1;
	fclose(f);
	return type;
}

int main(int argc, char **argv)
{
	struct perf_event_attr attr;
	int ret = 0, type, fd, i, in;
	const char *func;
	uint64_t count;
	char buf[256];

	if (argc > 1 && !strcmp(argv[1], "-r")) {
		ret = 1;
		argv++;
		argc--;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: perfkprobe [-r] FUNC\n");
		return 1;
	}
	func = argv[1];
	type = pmu_type();
	if (type < 0) {
		fprintf(stderr, "perfkprobe: no kprobe PMU\n");
		return 1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config = ret;	/* the "retprobe" format bit */
	attr.kprobe_func = (uintptr_t)func;
	attr.probe_offset = 0;
	attr.disabled = 1;
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0) {
		printf("perfkprobe: perf_event_open: %s (errno %d)\n",
		       strerror(errno), errno);
		return 2;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < 10; i++) {
		in = open("/proc/version", O_RDONLY);
		if (in < 0 || read(in, buf, sizeof(buf)) < 0)
			return 1;
		close(in);
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return 1;
	printf("count %llu\n", (unsigned long long)count);
	close(fd);
	return 0;
}
