// SPDX-License-Identifier: GPL-2.0
/*
 * timewrite FILE TEXT: writes TEXT (and a newline) to FILE in one write()
 * and prints how long that write took, in nanoseconds of CLOCK_MONOTONIC:
 *   timewrite: <ns> ns
 * B3 uses it to time a tracer switch (echo function > current_tracer)
 * without the shell's own work or a fork in the measured interval.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	char buf[256];
	double t0, t1;
	ssize_t n;
	int fd, len;

	if (argc != 3) {
		fprintf(stderr, "usage: timewrite FILE TEXT\n");
		return 2;
	}
	len = snprintf(buf, sizeof(buf), "%s\n", argv[2]);
	if (len < 0 || len >= (int)sizeof(buf)) {
		fprintf(stderr, "timewrite: TEXT too long\n");
		return 2;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	t0 = now_ns();
	n = write(fd, buf, len);
	t1 = now_ns();
	if (n != len) {
		perror("timewrite: write");
		return 1;
	}
	close(fd);
	printf("timewrite: %.0f ns\n", t1 - t0);
	return 0;
}
