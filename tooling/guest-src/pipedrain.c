// SPDX-License-Identifier: GPL-2.0
/*
 * pipedrain: the reader side of B4, and a probe for the T2 cases.
 *
 *   pipedrain [-c CPU] [-e] read FILE    drain FILE (trace_pipe) with read()
 *   pipedrain [-c CPU] [-e] splice FILE  drain FILE (a per-CPU
 *                                        trace_pipe_raw) with splice() into
 *                                        /dev/null via a pipe
 *   pipedrain probe FILE             one non-blocking read of up to 4096
 *                                    bytes; says what it got and how long
 *                                    it took
 *
 * The drain modes poll FILE without blocking in the kernel until SIGUSR1
 * says the writer is done (with -e: from the start, for a buffer filled
 * beforehand), then take what is left and print
 *   pipedrain: <bytes> bytes in <s> s, <MB/s> MB/s
 * The time runs from the first byte to the last one; MB are 10^6 bytes.
 *
 * The probe prints one of
 *   probe: EAGAIN after <us> us
 *   probe: <n> bytes after <us> us
 *   probe: open: <error>   /   probe: read: <error> after <us> us
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CHUNK	(256 * 1024)

/* Set by SIGUSR1; user space, so volatile sig_atomic_t is the right type. */
static volatile sig_atomic_t stop;

static void on_usr1(int sig)
{
	stop = 1;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void bad_usage(void)
{
	fprintf(stderr, "usage: pipedrain [-c CPU] [-e] read|splice|probe FILE\n");
	exit(2);
}

static int probe_once(const char *file)
{
	static char buf[4096];
	double t0;
	ssize_t n;
	int fd;

	fd = open(file, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		printf("probe: open: %s\n", strerror(errno));
		return 0;
	}
	t0 = now_s();
	n = read(fd, buf, sizeof(buf));
	if (n < 0 && errno == EAGAIN)
		printf("probe: EAGAIN after %.0f us\n", (now_s() - t0) * 1e6);
	else if (n < 0)
		printf("probe: read: %s after %.0f us\n", strerror(errno),
		       (now_s() - t0) * 1e6);
	else
		printf("probe: %zd bytes after %.0f us\n", n, (now_s() - t0) * 1e6);
	close(fd);
	return 0;
}

/*
 * One non-blocking transfer: the number of bytes moved, 0 when nothing was
 * ready (EAGAIN, or end of file), -1 on a real error.
 */
static ssize_t pull(int fd, int use_splice, int pfd[2], int null_fd, char *buf)
{
	ssize_t n, left, m;

	if (!use_splice) {
		n = read(fd, buf, CHUNK);
	} else {
		n = splice(fd, NULL, pfd[1], NULL, CHUNK, SPLICE_F_NONBLOCK);
		/* Empty the pipe right away so the next splice has room. */
		for (left = n; left > 0; left -= m) {
			m = splice(pfd[0], NULL, null_fd, NULL, left, SPLICE_F_MOVE);
			if (m <= 0) {
				perror("pipedrain: splice to /dev/null");
				return -1;
			}
		}
	}
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	if (n < 0)
		perror(use_splice ? "pipedrain: splice" : "pipedrain: read");
	return n;
}

int main(int argc, char **argv)
{
	double t_first = 0, t_last = 0;
	long long bytes = 0;
	struct sigaction sa;
	int cpu = -1, use_splice, fd, null_fd = -1, pfd[2] = { -1, -1 };
	char *buf = NULL;
	int opt;

	while ((opt = getopt(argc, argv, "c:e")) != -1) {
		if (opt == 'c')
			cpu = atoi(optarg);
		else if (opt == 'e')
			stop = 1;
		else
			bad_usage();
	}
	if (optind != argc - 2)
		bad_usage();
	if (!strcmp(argv[optind], "probe"))
		return probe_once(argv[optind + 1]);
	if (!strcmp(argv[optind], "read"))
		use_splice = 0;
	else if (!strcmp(argv[optind], "splice"))
		use_splice = 1;
	else
		bad_usage();

	if (cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			perror("pipedrain: sched_setaffinity");
			return 1;
		}
	}

	/* No SA_RESTART: the signal must cut a poll() short. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);

	fd = open(argv[optind + 1], O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		perror("pipedrain: open");
		return 1;
	}
	if (use_splice) {
		null_fd = open("/dev/null", O_WRONLY);
		if (null_fd < 0 || pipe(pfd)) {
			perror("pipedrain: /dev/null or pipe");
			return 1;
		}
		/* Room for a whole chunk of pages per splice. */
		fcntl(pfd[1], F_SETPIPE_SZ, CHUNK);
	} else {
		buf = malloc(CHUNK);
		if (!buf)
			return 1;
	}

	for (;;) {
		/* Sampled before the transfer: "nothing left" must come after it. */
		int stopping = stop;
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t n = pull(fd, use_splice, pfd, null_fd, buf);

		if (n < 0)
			return 1;
		if (n > 0) {
			t_last = now_s();
			if (!bytes)
				t_first = t_last;
			bytes += n;
			continue;
		}
		if (stopping)
			break;
		poll(&p, 1, 10);
	}

	if (bytes && t_last > t_first)
		printf("pipedrain: %lld bytes in %.6f s, %.3f MB/s\n", bytes,
		       t_last - t_first, bytes / (t_last - t_first) / 1e6);
	else
		printf("pipedrain: %lld bytes in 0 s, nan MB/s\n", bytes);
	return 0;
}
