// SPDX-License-Identifier: GPL-2.0
/*
 * rdwrrace: read and write one open file description at the same time.
 *
 *   rdwrrace FILE SECS READERS EXPECT WORD...
 *
 * Opens FILE once, O_RDWR (no O_TRUNC). READERS children pread() the
 * whole of it from offset 0 over and over, and check that every read has
 * a line EXPECT; the parent writes the WORDs in turn, one write() each,
 * for SECS seconds. pread() because read() and write() on a shared
 * description are serialised by the kernel (f_pos_lock): only a
 * positioned read runs beside a write. Prints
 * "rdwrrace: writes N reads N bad N" and exits 1 when a read missed
 * EXPECT, a write failed or a reader died.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BUF_SIZE	(1024 * 1024)

/* Shared by the processes: each reader counts in its own slots. */
struct shared {
	int	stop;
	long	reads[64];
	long	bad[64];
};

/* Does @buf (@n bytes) hold @line as a whole line? */
static int has_line(const char *buf, size_t n, const char *line)
{
	size_t len = strlen(line);
	const char *p = buf, *end = buf + n;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (l == len && !memcmp(p, line, len))
			return 1;
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;
}

static void reader(int fd, struct shared *sh, int id, const char *expect)
{
	char *buf = malloc(BUF_SIZE);
	ssize_t n;

	if (!buf)
		_exit(2);
	while (!__atomic_load_n(&sh->stop, __ATOMIC_RELAXED)) {
		n = pread(fd, buf, BUF_SIZE, 0);
		if (n < 0) {
			fprintf(stderr, "rdwrrace: pread: %s\n", strerror(errno));
			_exit(2);
		}
		__atomic_fetch_add(&sh->reads[id], 1, __ATOMIC_RELAXED);
		if (!has_line(buf, n, expect)) {
			if (!sh->bad[id])
				fprintf(stderr, "rdwrrace: a read of %zd bytes without '%s'\n",
					n, expect);
			__atomic_fetch_add(&sh->bad[id], 1, __ATOMIC_RELAXED);
		}
	}
	_exit(0);
}

int main(int argc, char **argv)
{
	long writes = 0, reads = 0, bad = 0;
	int fd, secs, nr, i, w, status, ret = 0;
	pid_t pids[64];
	struct shared *sh;
	time_t end;

	if (argc < 6) {
		fprintf(stderr, "usage: rdwrrace FILE SECS READERS EXPECT WORD...\n");
		return 2;
	}
	secs = atoi(argv[2]);
	nr = atoi(argv[3]);
	if (nr < 1 || nr > 64)
		return 2;
	fd = open(argv[1], O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "rdwrrace: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return 2;
	for (i = 0; i < nr; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			return 2;
		if (!pids[i])
			reader(fd, sh, i, argv[4]);
	}

	end = time(NULL) + secs;
	for (w = 5; time(NULL) < end; w = w + 1 < argc ? w + 1 : 5) {
		size_t len = strlen(argv[w]);

		if (write(fd, argv[w], len) != (ssize_t)len) {
			fprintf(stderr, "rdwrrace: write '%s': %s\n", argv[w],
				strerror(errno));
			ret = 1;
			break;
		}
		writes++;
	}
	__atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < nr; i++) {
		if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			fprintf(stderr, "rdwrrace: reader %d ended badly (%#x)\n",
				i, status);
			ret = 1;
		}
		reads += sh->reads[i];
		bad += sh->bad[i];
	}
	printf("rdwrrace: writes %ld reads %ld bad %ld\n", writes, reads, bad);
	close(fd);
	return ret || bad ? 1 : 0;
}
