// SPDX-License-Identifier: GPL-2.0
/*
 * rbreaders: readers of the trace buffers racing their lifetime, for the
 * T2 cases of issue 13 (bugs 4-6). Run in the tracefs directory.
 *
 *   rbreaders splice-rmdir     splice a trace_pipe_raw page of an instance
 *                              into a pipe, close the file, remove the
 *                              instance, then release the page (close the
 *                              pipe)
 *   rbreaders splice-socket    splice a page into a socket and, before the
 *                              socket is read, splice more pages: the page
 *                              the socket holds must not be reused
 *   rbreaders pipe-order SECS  read trace_pipe of an instance while markers
 *                              are written and buffer_subbuf_size_kb
 *                              changes, for SECS seconds; every line read
 *                              must be a marker as written
 *
 * Each prints "<mode>: ok ..." or "<mode>: FAIL <why>" and exits 0 or 1.
 * Use-after-free in the kernel is caught by KASAN (make check DEBUG=1);
 * what user space can see is checked here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PAGE	4096
/* the rest of every marker, so that a marker is about 100 bytes */
#define PADDING	"padding-padding-padding-padding-padding-padding-padding-padding"

static const char *mode;

static void fail(const char *fmt, const char *arg)
{
	printf("%s: FAIL ", mode);
	printf(fmt, arg, strerror(errno));
	printf("\n");
	exit(1);
}

static void fail_msg(const char *msg)
{
	printf("%s: FAIL %s\n", mode, msg);
	exit(1);
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		fail("%s: %s", "sched_setaffinity");
}

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_TRUNC);

	if (fd < 0)
		fail("open %s: %s", path);
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		fail("write %s: %s", path);
	close(fd);
}

/*
 * @n markers "<tag> <i> ..." of about 100 bytes, from this task; returns
 * how many were taken. With @strict, a refused one is a failure.
 */
static int markers(const char *dir, const char *tag, int n, int strict)
{
	char path[256], line[128];
	int fd, i, len, done = 0;

	snprintf(path, sizeof(path), "%s/trace_marker", dir);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		fail("open %s: %s", path);
	for (i = 0; i < n; i++) {
		len = snprintf(line, sizeof(line),
			       "%s %06d " PADDING "\n",
			       tag, i);
		if (write(fd, line, len) == len)
			done++;
		else if (strict)
			fail("write %s: %s", path);
	}
	close(fd);
	return done;
}

static int open_raw(const char *dir)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "%s/per_cpu/cpu0/trace_pipe_raw", dir);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		fail("open %s: %s", path);
	return fd;
}

/* Bug 4: the page in the pipe outlives the instance and its buffer. */
static int splice_rmdir(void)
{
	const char *dir = "instances/rbreaders4";
	int raw, p[2];
	ssize_t n;

	pin(0);
	rmdir(dir);
	if (mkdir(dir, 0755))
		fail("mkdir %s: %s", dir);
	markers(dir, "rmdir", 200, 1);
	raw = open_raw(dir);
	if (pipe(p))
		fail("pipe%s: %s", "");
	n = splice(raw, NULL, p[1], NULL, PAGE, SPLICE_F_NONBLOCK);
	if (n != PAGE)
		fail("splice %s: %s", "trace_pipe_raw");
	close(raw);
	/* the instance has no file open: it goes */
	if (rmdir(dir))
		fail("rmdir %s: %s", dir);
	/* now the page goes back: to a buffer that must still be there */
	close(p[0]);
	close(p[1]);
	printf("%s: ok (one page spliced, instance removed, page released)\n",
	       mode);
	return 0;
}

/* Does @buf hold marker text with @tag? */
static int has_tag(const char *buf, size_t len, const char *tag)
{
	return !!memmem(buf, len, tag, strlen(tag));
}

/* Bug 5: a page lent to a socket must not be recycled meanwhile. */
static int splice_socket(void)
{
	const char *dir = "instances/rbreaders5";
	char got[PAGE];
	int raw, raw2, p[2], s[2], i;
	ssize_t n, total = 0;

	pin(0);
	rmdir(dir);
	if (mkdir(dir, 0755))
		fail("mkdir %s: %s", dir);
	if (pipe(p) || socketpair(AF_UNIX, SOCK_STREAM, 0, s))
		fail("pipe or socketpair%s: %s", "");
	/* a small ring: pages given back are written again soon */
	snprintf(got, sizeof(got), "%s/buffer_size_kb", dir);
	write_file(got, "16");
	raw = open_raw(dir);
	/* page 1: markers "AAAA", on its way to the socket, not yet read */
	markers(dir, "AAAA", 100, 1);
	n = splice(raw, NULL, p[1], NULL, PAGE, SPLICE_F_NONBLOCK);
	if (n != PAGE)
		fail("splice %s: %s", "trace_pipe_raw");
	n = splice(p[0], NULL, s[0], NULL, PAGE, 0);
	if (n != PAGE)
		fail("splice %s: %s", "into the socket");
	/*
	 * More pages, "BBBB": read() of a second file copies into a page of
	 * its own (a short read copies), splice swaps pages.
	 */
	raw2 = open_raw(dir);
	for (i = 0; i < 4; i++) {
		markers(dir, "BBBB", 100, 1);
		n = read(raw2, got, PAGE / 2);
		if (n <= 0)
			fail("read %s: %s", "trace_pipe_raw");
		n = splice(raw, NULL, p[1], NULL, PAGE, SPLICE_F_NONBLOCK);
		if (n != PAGE)
			fail("splice %s: %s", "more pages");
		n = read(p[0], got, sizeof(got));
		if (n != PAGE)
			fail("read %s: %s", "the pipe");
	}
	/* what the socket delivers is still page 1 */
	while (total < PAGE) {
		n = read(s[1], got + total, PAGE - total);
		if (n <= 0)
			fail("read %s: %s", "the socket");
		total += n;
	}
	close(raw);
	close(raw2);
	close(p[0]);
	close(p[1]);
	close(s[0]);
	close(s[1]);
	rmdir(dir);
	if (!has_tag(got, PAGE, "AAAA"))
		fail_msg("the socket's page lost its markers");
	if (has_tag(got, PAGE, "BBBB"))
		fail_msg("the socket's page was overwritten by later pages");
	printf("%s: ok (the page lent to the socket kept its content)\n", mode);
	return 0;
}

/* ---- bug 6: trace_pipe while the sub-buffer size changes ---- */

static const char *pipe_dir = "instances/rbreaders6";
static int stop;		/* set once by the main thread */
static unsigned long lines, changes, written;

static void *pipe_writer(void *arg)
{
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED))
		written += markers(pipe_dir, "CCCC", 50, 0);
	return NULL;
}

static void *pipe_resizer(void *arg)
{
	static const char *const kb[] = { "4", "8", "16", "8" };
	char path[256];

	snprintf(path, sizeof(path), "%s/buffer_subbuf_size_kb", pipe_dir);
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		write_file(path, kb[changes % 4]);
		changes++;
		usleep(2000);
	}
	return NULL;
}

/*
 * Every complete line is a marker as written ("... CCCC <6 digits>
 * padding...") or a report of lost events.
 */
static void pipe_check(char *buf, size_t len, size_t *keep)
{
	char *line = buf, *nl;

	while ((nl = memchr(line, '\n', buf + len - line))) {
		*nl = 0;
		if (strstr(line, "[LOST ") && strstr(line, " EVENTS]")) {
			line = nl + 1;
			continue;
		}
		if (!strstr(line, "tracing_mark_write: CCCC ") ||
		    !strstr(line, " " PADDING))
			fail("line not as written: '%s' (%s)", line);
		lines++;
		line = nl + 1;
	}
	*keep = buf + len - line;
	memmove(buf, line, *keep);
}

static int pipe_order(int secs)
{
	pthread_t w, r;
	char path[256], buf[2 * PAGE];
	size_t keep = 0;
	time_t end;
	ssize_t n;
	int fd;

	rmdir(pipe_dir);
	if (mkdir(pipe_dir, 0755))
		fail("mkdir %s: %s", pipe_dir);
	snprintf(path, sizeof(path), "%s/trace_pipe", pipe_dir);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		fail("open %s: %s", path);
	pthread_create(&w, NULL, pipe_writer, NULL);
	pthread_create(&r, NULL, pipe_resizer, NULL);
	end = time(NULL) + secs;
	while (time(NULL) < end) {
		n = read(fd, buf + keep, sizeof(buf) - keep - 1);
		if (n < 0 && errno == EAGAIN) {
			usleep(100);
			continue;
		}
		if (n < 0)
			fail("read %s: %s", path);
		pipe_check(buf, keep + n, &keep);
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	pthread_join(w, NULL);
	pthread_join(r, NULL);
	close(fd);
	rmdir(pipe_dir);
	if (!lines || changes < 10)
		fail_msg("too little happened");
	printf("%s: ok (%lu lines read, %lu written, %lu size changes)\n",
	       mode, lines, written, changes);
	return 0;
}

int main(int argc, char **argv)
{
	mode = argc > 1 ? argv[1] : "";
	signal(SIGPIPE, SIG_IGN);
	if (!strcmp(mode, "splice-rmdir"))
		return splice_rmdir();
	if (!strcmp(mode, "splice-socket"))
		return splice_socket();
	if (!strcmp(mode, "pipe-order"))
		return pipe_order(argc > 2 ? atoi(argv[2]) : 10);
	fprintf(stderr, "usage: rbreaders splice-rmdir|splice-socket|pipe-order [secs]\n");
	return 2;
}
