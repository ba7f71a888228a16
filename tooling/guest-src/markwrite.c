// SPDX-License-Identifier: GPL-2.0
/*
 * markwrite: the writer side of B4. Writes COUNT trace markers of SIZE
 * bytes each (the last byte a newline) as fast as it can, optionally pinned
 * to one CPU, and reports what it did:
 *   markwrite: <count> markers of <size> bytes, <failed> failed, <ns> ns/marker
 * A write the kernel refuses (a full buffer without overwrite, tracing off)
 * is counted as failed and the loop goes on.
 *
 * usage: markwrite [-c CPU] [-s SIZE] [-f FILE] COUNT
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void bad_usage(void)
{
	fprintf(stderr, "usage: markwrite [-c CPU] [-s SIZE] [-f FILE] COUNT\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *file = "/sys/kernel/tracing/trace_marker";
	long count, size = 64, failed = 0, i;
	int cpu = -1, fd, opt;
	double t0, t1;
	char *buf;

	while ((opt = getopt(argc, argv, "c:s:f:")) != -1) {
		switch (opt) {
		case 'c':
			cpu = atoi(optarg);
			break;
		case 's':
			size = atol(optarg);
			break;
		case 'f':
			file = optarg;
			break;
		default:
			bad_usage();
		}
	}
	if (optind != argc - 1)
		bad_usage();
	count = atol(argv[optind]);
	if (count <= 0 || size < 2 || size > 4096)
		bad_usage();

	if (cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			perror("markwrite: sched_setaffinity");
			return 1;
		}
	}

	fd = open(file, O_WRONLY);
	if (fd < 0) {
		perror("markwrite: open");
		return 1;
	}
	/* Printable payload so that the text output has a fixed line length. */
	buf = malloc(size);
	if (!buf)
		return 1;
	for (i = 0; i < size - 1; i++)
		buf[i] = 'a' + i % 26;
	buf[size - 1] = '\n';

	t0 = now_ns();
	for (i = 0; i < count; i++) {
		if (write(fd, buf, size) != size)
			failed++;
	}
	t1 = now_ns();
	printf("markwrite: %ld markers of %ld bytes, %ld failed, %.1f ns/marker\n",
	       count, size, failed, (t1 - t0) / count);
	return 0;
}
