// SPDX-License-Identifier: GPL-2.0
/*
 * sysloop: a fixed syscall-heavy workload for B3. Runs ITER iterations of a
 * small mix of cheap system calls (getppid, a one-byte read from /dev/zero,
 * a one-byte write to /dev/null) and prints the cost per iteration:
 *   sysloop: <ns> ns/iter
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
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
	long iter = argc > 1 ? atol(argv[1]) : 100000;
	int in = open("/dev/zero", O_RDONLY);
	int out = open("/dev/null", O_WRONLY);
	char c = 0;
	double t0, t1;
	long i;

	if (in < 0 || out < 0 || iter <= 0) {
		fprintf(stderr, "sysloop: cannot open /dev/zero or /dev/null\n");
		return 1;
	}
	t0 = now_ns();
	for (i = 0; i < iter; i++) {
		getppid();
		if (read(in, &c, 1) != 1 || write(out, &c, 1) != 1)
			return 1;
	}
	t1 = now_ns();
	printf("sysloop: %.1f ns/iter\n", (t1 - t0) / iter);
	return 0;
}
