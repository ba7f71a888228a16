// SPDX-License-Identifier: GPL-2.0
/*
 * rawmap: a client of the mmap of per_cpu/cpuN/trace_pipe_raw for the T2
 * case core/pipe-raw-mmap.tc. Run in the tracefs directory under test
 * (the case's working directory); every check prints "FAIL: ..." and the
 * program exits 1 at the first one.
 *
 *   rawmap read CPU N       write N numbered markers from CPU, read them
 *                           back through the mapped reader pages, and
 *                           check content, order, count and the meta page
 *   rawmap overrun CPU N    the same with a buffer too small for N: what
 *                           was read is in order, read + overrun == N
 *   rawmap try CPU          map cpuN's meta page: prints "mapped" or the
 *                           errno's name and exits 0 or 1 accordingly
 *   rawmap busy CPU         while mapped: snapshot, snapshot trigger and
 *                           probe, latency tracers, resize and sub-buffer
 *                           size are refused with EBUSY and change nothing;
 *                           once unmapped and closed a snapshot works
 *   rawmap dup CPU          fork (with and without MADV_DOFORK) and mremap
 *                           of a mapping: the array's count stays exact
 *   rawmap bad CPU          bad mappings and ioctls get their errno
 *   rawmap block CPU        GET_READER blocks until data, or until
 *                           ioctl(fd, 0) kicks the file's waiters
 *   rawmap race CPU SECS    trace_pipe prints no torn entry while the
 *                           mapped reader consumes the same CPU
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/trace_mmap.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define PAGE_HDR	16	/* u64 time stamp, then the commit word */
#define COMMIT_MASK	((1UL << 30) - 1)	/* the flags are above */

static int cpu;
static long pagesz;

static void die(const char *fmt, ...)
{
	va_list ap;

	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	exit(1);
}

static void pin(int c)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(c, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("cannot run on cpu%d: %s", c, strerror(errno));
}

static int open_raw(int flags)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "per_cpu/cpu%d/trace_pipe_raw", cpu);
	fd = open(path, flags);
	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	return fd;
}

/* Write @val to tracefs file @path: 0 or the errno. */
static int put_file(const char *path, const char *val, int append)
{
	int fd = open(path, O_WRONLY | (append ? O_APPEND : O_TRUNC));
	int err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, val, strlen(val)) < 0)
		err = errno;
	close(fd);
	return err;
}

static char *get_file(const char *path)
{
	static char buf[8][8192];
	static int slot;
	char *b = buf[slot++ % 8];
	int fd = open(path, O_RDONLY);
	ssize_t n = 0, r;

	b[0] = '\0';
	if (fd < 0)
		return b;
	while (n < 8191 && (r = read(fd, b + n, 8191 - n)) > 0)
		n += r;
	b[n] = '\0';
	close(fd);
	return b;
}

static int exists(const char *path)
{
	return access(path, F_OK) == 0;
}

struct map {
	int fd;
	struct trace_buffer_meta *meta;
	size_t meta_len;
	char *data;
	size_t data_len;
};

/* Map the meta page (the length it asks for) and, if @data, the rest. */
static void map_all(struct map *m, int fd, int data)
{
	void *p;

	m->fd = fd;
	p = mmap(NULL, pagesz, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		die("mmap of the meta page: %s", strerror(errno));
	m->meta = p;
	m->meta_len = m->meta->meta_page_size;
	if (m->meta_len != pagesz) {
		munmap(p, pagesz);
		p = mmap(NULL, m->meta_len, PROT_READ, MAP_SHARED, fd, 0);
		if (p == MAP_FAILED)
			die("mmap of %zu meta bytes: %s", m->meta_len,
			    strerror(errno));
		m->meta = p;
	}
	if (m->meta->meta_struct_len < 40 || !m->meta->nr_subbufs ||
	    m->meta->subbuf_size < (unsigned int)pagesz ||
	    m->meta->subbuf_size % pagesz ||
	    m->meta->meta_page_size != m->meta->subbuf_size)
		die("meta page: struct_len=%u nr_subbufs=%u subbuf_size=%u meta_page_size=%u",
		    m->meta->meta_struct_len, m->meta->nr_subbufs,
		    m->meta->subbuf_size, m->meta->meta_page_size);
	m->data = NULL;
	if (!data)
		return;
	m->data_len = (size_t)m->meta->subbuf_size * m->meta->nr_subbufs;
	p = mmap(NULL, m->data_len, PROT_READ, MAP_SHARED, fd, m->meta_len);
	if (p == MAP_FAILED)
		die("mmap of %u sub-buffers: %s", m->meta->nr_subbufs,
		    strerror(errno));
	m->data = p;
}

static void unmap_all(struct map *m)
{
	if (m->data && munmap(m->data, m->data_len))
		die("munmap data: %s", strerror(errno));
	if (munmap(m->meta, m->meta_len))
		die("munmap meta: %s", strerror(errno));
}

static void marker(int fd, long i)
{
	char buf[128];
	int len;

	/* lengths vary so that events of several sizes are parsed */
	len = snprintf(buf, sizeof(buf), "rawmap-%ld-%.*s", i, (int)(i % 40),
		       "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
	if (write(fd, buf, len) != len)
		die("writing number %ld: %s", i, strerror(errno));
}

struct reader {
	struct map *m;
	unsigned int id;	/* the reader page being read */
	unsigned long off;	/* how far, in its data */
	long next;		/* the marker number expected next */
	long got;		/* markers seen */
	int strict;		/* every number, none skipped */
	int lost_pages;		/* pages that said events were lost */
};

/* Check one marker's text. */
static void check_marker(struct reader *r, const char *txt, size_t len)
{
	char want[128];
	long n;
	int wl;

	if (len < 8 || strncmp(txt, "rawmap-", 7))
		die("an entry that is not ours: '%.*s'", (int)len, txt);
	n = strtol(txt + 7, NULL, 10);
	if (r->strict ? n != r->next : n < r->next)
		die("marker %ld where %ld was due", n, r->next);
	wl = snprintf(want, sizeof(want), "rawmap-%ld-%.*s", n, (int)(n % 40),
		      "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
	if (len < (size_t)wl || memcmp(txt, want, wl) ||
	    (len > (size_t)wl && txt[wl] != '\n' && txt[wl] != '\0'))
		die("marker %ld reads '%.*s'", n, (int)len, txt);
	r->next = n + 1;
	r->got++;
}

/* Parse the events of the reader page from r->off to its commit. */
static void parse_page(struct reader *r)
{
	struct map *m = r->m;
	const char *page = m->data + (size_t)r->id * m->meta->subbuf_size;
	unsigned long commit = *(const unsigned long *)(page + 8);
	unsigned long size = commit & COMMIT_MASK;
	const char *d = page + PAGE_HDR;

	if (commit & ~COMMIT_MASK)
		r->lost_pages++;
	if (size > m->meta->subbuf_size - PAGE_HDR)
		die("page %u: commit %lx", r->id, commit);
	while (r->off < size) {
		unsigned int h = *(const unsigned int *)(d + r->off);
		unsigned int type = h & 31;
		const char *ev = d + r->off + 4;
		unsigned long len, dlen;

		if (type == 29) {		/* padding */
			len = *(const unsigned int *)ev;
			if (!len && !(h >> 5))
				break;		/* the rest of the page */
			r->off += 4 + len;
			continue;
		}
		if (type == 30 || type == 31) {	/* time extend / stamp */
			r->off += 8;
			continue;
		}
		if (type) {
			dlen = type * 4;
			len = 4 + dlen;
		} else {
			dlen = *(const unsigned int *)ev - 4;
			ev += 4;
			len = 8 + dlen;
		}
		if (r->off + len > size || dlen < 17)
			die("page %u: event at %lu of %lu bytes runs off the page",
			    r->id, r->off, dlen);
		/* struct print_entry: 8 bytes of common fields, ip, text */
		check_marker(r, ev + 16, strnlen(ev + 16, dlen - 16));
		r->off += len;
	}
}

static int get_reader(struct map *m)
{
	return ioctl(m->fd, TRACE_MMAP_IOCTL_GET_READER);
}

/* Drain what is there through GET_READER, without blocking. */
static void drain(struct reader *r)
{
	struct map *m = r->m;
	unsigned int rounds = 0;
	unsigned long size;

	for (;;) {
		if (get_reader(m))
			die("GET_READER: %s", strerror(errno));
		if (m->meta->reader.id >= m->meta->nr_subbufs)
			die("reader id %u of %u", m->meta->reader.id,
			    m->meta->nr_subbufs);
		if (m->meta->reader.id != r->id) {
			r->id = m->meta->reader.id;
			r->off = 0;
		} else {
			size = *(const unsigned long *)(m->data +
				(size_t)r->id * m->meta->subbuf_size + 8) &
				COMMIT_MASK;
			if (size <= r->off)
				break;	/* nothing new on the same page */
		}
		parse_page(r);
		if (++rounds > 100000)
			die("GET_READER never ran out");
	}
}

static void cmd_read(long n, int strict)
{
	struct reader r = { .strict = strict };
	struct map m;
	int mfd, i;
	unsigned long long entries, overrun, read;

	pin(cpu);
	map_all(&m, open_raw(O_RDONLY | O_NONBLOCK), 1);
	r.m = &m;
	/* where reading starts; drain() goes on from where it stopped */
	r.id = m.meta->reader.id;
	r.off = 0;
	if (m.meta->entries || m.meta->overrun || m.meta->read)
		die("a fresh buffer's meta page: entries=%llu overrun=%llu read=%llu",
		    m.meta->entries, m.meta->overrun, m.meta->read);
	/* nothing there: the reader page stays where it is */
	i = m.meta->reader.id;
	if (get_reader(&m) || m.meta->reader.id != (unsigned int)i)
		die("GET_READER on an empty buffer: %s, id %u -> %u",
		    strerror(errno), i, m.meta->reader.id);

	mfd = open("trace_marker", O_WRONLY);
	if (mfd < 0)
		die("trace_marker: %s", strerror(errno));
	/* half before the first read, half while reading */
	for (i = 0; i < n / 2; i++)
		marker(mfd, i);
	drain(&r);
	for (; i < n; i++) {
		marker(mfd, i);
		if (i % 7 == 0)
			drain(&r);
	}
	drain(&r);
	close(mfd);

	entries = m.meta->entries;
	overrun = m.meta->overrun;
	read = m.meta->read;
	printf("rawmap: read %ld of %ld markers, lost %d pages; ", r.got, n,
	       r.lost_pages);
	printf("meta entries=%llu overrun=%llu read=%llu\n", entries, overrun,
	       read);
	if (entries != (unsigned long long)n)
		die("meta entries %llu, %ld written", entries, n);
	if (strict) {
		if (r.got != n || r.next != n || overrun || r.lost_pages)
			die("read %ld markers (next %ld), overrun %llu, %d lossy pages",
			    r.got, r.next, overrun, r.lost_pages);
		if (read != (unsigned long long)n)
			die("meta read %llu, %ld read", read, n);
	} else {
		if (!overrun)
			die("no overrun: the buffer was meant to be too small");
		if (r.got + overrun != (unsigned long long)n)
			die("read %ld + overrun %llu != %ld written", r.got,
			    overrun, n);
		if (read != (unsigned long long)r.got)
			die("meta read %llu, %ld read", read, r.got);
		if (r.next != n)
			die("the last marker read is %ld, not %ld", r.next - 1,
			    n - 1);
	}
	unmap_all(&m);
	close(m.fd);
}

static const char *errname(int e)
{
	switch (e) {
	case EBUSY: return "EBUSY";
	case EINVAL: return "EINVAL";
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ENODEV: return "ENODEV";
	case ENOTTY: return "ENOTTY";
	case ENOMEM: return "ENOMEM";
	default: return strerror(e);
	}
}

static int cmd_try(void)
{
	int fd = open_raw(O_RDONLY | O_NONBLOCK);
	void *p = mmap(NULL, pagesz, PROT_READ, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED) {
		printf("%s\n", errname(errno));
		return 1;
	}
	printf("mapped\n");
	munmap(p, pagesz);
	close(fd);
	return 0;
}

/* @path must refuse @val with EBUSY and read back as it did before. */
static void expect_busy(const char *path, const char *val, int append)
{
	char before[8192];
	int err;

	if (!exists(path)) {
		printf("rawmap: no %s, not checked\n", path);
		return;
	}
	snprintf(before, sizeof(before), "%s", get_file(path));
	err = put_file(path, val, append);
	if (err != EBUSY)
		die("writing '%s' to %s while mapped: %s, wanted EBUSY", val,
		    path, err ? errname(err) : "success");
	if (strcmp(before, get_file(path)))
		die("%s changed after the refused '%s'", path, val);
	printf("rawmap: %s refuses '%s' while mapped\n", path, val);
}

static const char * const max_tracers[] = {
	"irqsoff", "preemptoff", "preemptirqsoff", "wakeup", "wakeup_rt",
	"wakeup_dl",
};

static void cmd_busy(void)
{
	char path[64], val[32], *avail = get_file("available_tracers");
	unsigned int i;
	struct map m;
	long kb;
	int err;

	map_all(&m, open_raw(O_RDONLY | O_NONBLOCK), 1);
	expect_busy("snapshot", "1", 0);
	expect_busy("events/sched/sched_switch/trigger", "snapshot", 1);
	expect_busy("events/sched/sched_switch/trigger", "snapshot:2", 1);
	/* the newline has the command parsed by write(), not at close */
	expect_busy("set_ftrace_filter", "schedule:snapshot\n", 1);
	for (i = 0; i < ARRAY_SIZE(max_tracers); i++) {
		char word[32];

		snprintf(word, sizeof(word), " %s ", max_tracers[i]);
		snprintf(path, sizeof(path), " %s ", avail);
		for (char *c = path; *c; c++)
			if (*c == '\n')
				*c = ' ';
		if (strstr(path, word))
			expect_busy("current_tracer", max_tracers[i], 0);
	}
	/* the geometry of a mapped buffer stays */
	snprintf(path, sizeof(path), "per_cpu/cpu%d/buffer_size_kb", cpu);
	kb = atol(get_file(path));
	snprintf(val, sizeof(val), "%ld", kb * 2);
	expect_busy(path, val, 0);
	expect_busy("buffer_size_kb", val, 0);
	kb = atol(get_file("buffer_subbuf_size_kb"));
	snprintf(val, sizeof(val), "%ld", kb == 4 ? 8L : 4L);
	expect_busy("buffer_subbuf_size_kb", val, 0);
	/* still mapped after all that */
	if (get_reader(&m))
		die("GET_READER after the refusals: %s", strerror(errno));
	unmap_all(&m);
	/* the file stays open: it holds no mapping now */
	err = put_file("snapshot", "1", 0);
	if (err)
		die("snapshot after munmap: %s", errname(err));
	close(m.fd);
	put_file("snapshot", "0", 0);
	printf("rawmap: snapshot works again once unmapped\n");
}

/* The array counts a mapping exactly when a snapshot is refused. */
static void expect_counted(int mapped, const char *when)
{
	int err = put_file("snapshot", "1", 0);

	if (mapped && err != EBUSY)
		die("%s: snapshot %s, wanted EBUSY", when,
		    err ? errname(err) : "taken");
	if (!mapped && err)
		die("%s: snapshot refused (%s): a mapping is still counted",
		    when, errname(err));
	if (!mapped)
		put_file("snapshot", "0", 0);
	printf("rawmap: %s: %s\n", when, mapped ? "counted" : "not counted");
}

static void fork_child(struct map *m, int touch)
{
	int st;
	pid_t pid = fork();

	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		/* the copied vma is the same memory */
		if (touch && m->meta->nr_subbufs == 0)
			_exit(2);
		_exit(0);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		die("the child ended with status %x", st);
}

static void cmd_dup(void)
{
	struct map m;
	void *to;
	int fd;

	fd = open_raw(O_RDONLY | O_NONBLOCK);
	map_all(&m, fd, 0);
	expect_counted(1, "mapped");
	/* a fork does not copy the mapping (VM_DONTCOPY) */
	fork_child(&m, 0);
	expect_counted(1, "after a fork");
	/* unless asked to: the child's copy is counted, then uncounted */
	if (madvise(m.meta, m.meta_len, MADV_DOFORK))
		die("MADV_DOFORK: %s", strerror(errno));
	fork_child(&m, 1);
	fork_child(&m, 1);
	expect_counted(1, "after two forks with MADV_DOFORK");
	/* mremap copies the vma, then closes the old one */
	to = mmap(NULL, m.meta_len * 2, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		  -1, 0);
	if (to == MAP_FAILED)
		die("a place to move to: %s", strerror(errno));
	to = mremap(m.meta, m.meta_len, m.meta_len,
		    MREMAP_MAYMOVE | MREMAP_FIXED, (char *)to + m.meta_len);
	if (to == MAP_FAILED)
		die("mremap: %s", strerror(errno));
	m.meta = to;
	if (!m.meta->nr_subbufs)
		die("the moved meta page is empty");
	if (get_reader(&m))
		die("GET_READER after mremap: %s", strerror(errno));
	expect_counted(1, "after mremap");
	/* a second mapping of the same file, then each goes */
	{
		struct map m2;

		map_all(&m2, fd, 1);
		unmap_all(&m);
		expect_counted(1, "one of two mappings gone");
		unmap_all(&m2);
	}
	expect_counted(0, "all unmapped, file open");
	close(fd);
	expect_counted(0, "closed");
}

static void expect_mmap_err(int fd, size_t len, int prot, int flags,
			    off_t off, int want, const char *what)
{
	void *p = mmap(NULL, len, prot, flags, fd, off);

	if (p != MAP_FAILED) {
		munmap(p, len);
		die("%s: mapped, wanted %s", what, errname(want));
	}
	if (errno != want)
		die("%s: %s, wanted %s", what, errname(errno), errname(want));
	printf("rawmap: %s: %s\n", what, errname(want));
}

static void cmd_bad(void)
{
	int fd = open_raw(O_RDONLY | O_NONBLOCK), rw, sfd;
	size_t meta_len, sb, all;
	struct map m;
	char path[64];
	void *p;

	/* not mapped yet: no reader to hand out */
	if (ioctl(fd, TRACE_MMAP_IOCTL_GET_READER) != -1 || errno != ENODEV)
		die("GET_READER unmapped: %s, wanted ENODEV", strerror(errno));
	if (ioctl(fd, _IO('T', 0x99)) != -1 || errno != ENOTTY)
		die("an unknown ioctl: %s, wanted ENOTTY", strerror(errno));
	/* cmd 0 only wakes waiters */
	if (ioctl(fd, 0))
		die("ioctl 0: %s", strerror(errno));

	map_all(&m, fd, 0);
	meta_len = m.meta_len;
	sb = m.meta->subbuf_size;
	all = sb * m.meta->nr_subbufs;

	rw = open_raw(O_RDWR);
	expect_mmap_err(rw, pagesz, PROT_READ | PROT_WRITE, MAP_SHARED, 0,
			EPERM, "a writable mapping");
	close(rw);
	expect_mmap_err(fd, pagesz, PROT_READ, MAP_PRIVATE, 0, EPERM,
			"a private mapping");
	expect_mmap_err(fd, pagesz, PROT_READ, MAP_SHARED, meta_len + all,
			EINVAL, "an offset past the end");
	expect_mmap_err(fd, all + sb, PROT_READ, MAP_SHARED, meta_len,
			EINVAL, "a length past the end");
	expect_mmap_err(fd, meta_len + all + pagesz, PROT_READ, MAP_SHARED, 0,
			EINVAL, "meta and data and one page more");
	if (sb > (size_t)pagesz)
		expect_mmap_err(fd, pagesz, PROT_READ, MAP_SHARED,
				meta_len + pagesz, EINVAL,
				"an offset inside a sub-buffer");

	/* the meta page cannot be made writable later */
	if (!mprotect(m.meta, meta_len, PROT_READ | PROT_WRITE))
		die("mprotect(PROT_WRITE) of the meta page succeeded");
	if (errno != EACCES)
		die("mprotect(PROT_WRITE): %s, wanted EACCES", strerror(errno));
	printf("rawmap: mprotect(PROT_WRITE): EACCES\n");

	/* only whole mappings go */
	p = mmap(NULL, 2 * sb, PROT_READ, MAP_SHARED, fd, meta_len);
	if (p == MAP_FAILED)
		die("two sub-buffers: %s", strerror(errno));
	if (!munmap(p, pagesz))
		die("unmapping part of a mapping succeeded");
	if (errno != EINVAL)
		die("unmapping part: %s, wanted EINVAL", strerror(errno));
	printf("rawmap: munmap of part of a mapping: EINVAL\n");
	if (munmap(p, 2 * sb))
		die("munmap of the whole: %s", strerror(errno));

	/* snapshot_raw reads the snapshot: it has no mmap */
	snprintf(path, sizeof(path), "per_cpu/cpu%d/snapshot_raw", cpu);
	sfd = open(path, O_RDONLY | O_NONBLOCK);
	if (sfd >= 0) {
		expect_mmap_err(sfd, pagesz, PROT_READ, MAP_SHARED, 0, ENODEV,
				"snapshot_raw");
		close(sfd);
	}

	/* after all that, a good mapping and reader still work */
	unmap_all(&m);
	map_all(&m, fd, 1);
	if (get_reader(&m))
		die("GET_READER after the bad input: %s", strerror(errno));
	unmap_all(&m);
	close(fd);
	expect_counted(0, "after the bad input");
}

static void *kicker(void *arg)
{
	struct timespec ts = { 0, 300 * 1000 * 1000 };
	int fd = *(int *)arg;

	nanosleep(&ts, NULL);
	if (ioctl(fd, 0))
		printf("FAIL: ioctl 0: %s\n", strerror(errno));
	return NULL;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void cmd_block(void)
{
	struct reader r = { .strict = 1 };
	pthread_t th;
	struct map m;
	double t;
	pid_t pid;
	int fd, st;

	pin(cpu);
	fd = open_raw(O_RDONLY);	/* blocking */
	map_all(&m, fd, 1);
	r.m = &m;

	/* an empty buffer: the kick ends the wait, with nothing read */
	pthread_create(&th, NULL, kicker, &fd);
	t = now();
	if (get_reader(&m))
		die("GET_READER woken by ioctl 0: %s", strerror(errno));
	t = now() - t;
	pthread_join(th, NULL);
	if (t < 0.2)
		die("GET_READER returned after %.3f s on an empty buffer", t);
	if (m.meta->entries)
		die("entries %llu in a buffer nobody wrote",
		    m.meta->entries);
	printf("rawmap: GET_READER blocked %.2f s, until ioctl 0\n", t);

	/* a marker written meanwhile ends the wait (buffer_percent 0) */
	pid = fork();
	if (!pid) {
		struct timespec ts = { 0, 300 * 1000 * 1000 };
		int mfd = open("trace_marker", O_WRONLY);

		pin(cpu);
		nanosleep(&ts, NULL);
		marker(mfd, 0);
		_exit(0);
	}
	t = now();
	if (get_reader(&m))
		die("GET_READER waiting for data: %s", strerror(errno));
	t = now() - t;
	waitpid(pid, &st, 0);
	r.id = m.meta->reader.id;
	r.off = 0;
	parse_page(&r);
	if (r.got != 1)
		die("after the wait: %ld markers on the reader page", r.got);
	printf("rawmap: GET_READER blocked %.2f s, until a marker came\n", t);
	unmap_all(&m);
	close(fd);
}

/*
 * The mapped reader as a second consumer beside trace_pipe: a child on
 * CPU writes markers, another calls GET_READER on CPU's mapping again
 * and again (each call gives the reader page back to the writer once it
 * is all read), and this process reads per_cpu/cpuCPU/trace_pipe from
 * the other CPU. Every marker carries its number at both ends and a
 * filler made from it; a line printed from an entry the writer was
 * writing over shows a mix. Lines lost to the other consumer are fine.
 */
#define RACE_FILL	180

static void race_marker(int fd, unsigned long i)
{
	char buf[RACE_FILL + 64];
	int len;

	len = snprintf(buf, sizeof(buf), "race %08lx ", i);
	memset(buf + len, 'a' + i % 26, RACE_FILL);
	len += RACE_FILL;
	len += snprintf(buf + len, sizeof(buf) - len, " %08lx", i);
	if (write(fd, buf, len) != len)
		die("trace_marker: %s", strerror(errno));
}

/* Is @line (a printed race marker, or another line) whole? */
static int race_line_ok(const char *line)
{
	const char *p = strstr(line, "race "), *f;
	unsigned long a, b;
	int i;

	if (!p)
		return 1;
	if (sscanf(p, "race %8lx", &a) != 1)
		return 0;
	f = p + 14;
	for (i = 0; i < RACE_FILL; i++)
		if (f[i] != (char)('a' + a % 26))
			return 0;
	return sscanf(f + RACE_FILL, " %8lx", &b) == 1 && a == b;
}

static void cmd_race(double secs)
{
	static char buf[1 << 16];
	long lines = 0, torn = 0;
	size_t have = 0;
	pid_t kids[2];
	char path[64];
	int k, fd, st;
	double end;

	for (k = 0; k < 2; k++) {
		kids[k] = fork();
		if (kids[k])
			continue;
		pin(cpu);
		if (!k) {
			unsigned long i = 0;

			fd = open("trace_marker", O_WRONLY);
			if (fd < 0)
				die("trace_marker: %s", strerror(errno));
			for (;;)
				race_marker(fd, i++);
		} else {
			struct map m;

			map_all(&m, open_raw(O_RDONLY | O_NONBLOCK), 1);
			for (;;)
				get_reader(&m);
		}
	}
	pin(!cpu);
	snprintf(path, sizeof(path), "per_cpu/cpu%d/trace_pipe", cpu);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	end = now() + secs;
	while (now() < end && !torn) {
		ssize_t n = read(fd, buf + have, sizeof(buf) - 1 - have);
		char *line, *nl;

		if (n <= 0) {
			if (n < 0 && errno != EAGAIN)
				die("read %s: %s", path, strerror(errno));
			usleep(1000);
			continue;
		}
		have += n;
		buf[have] = '\0';
		for (line = buf; (nl = strchr(line, '\n')); line = nl + 1) {
			*nl = '\0';
			lines++;
			if (!race_line_ok(line)) {
				printf("rawmap: torn line: %s\n", line);
				torn++;
			}
		}
		have = buf + have - line;
		memmove(buf, line, have);
		if (have == sizeof(buf) - 1)
			have = 0;	/* no newline in 64 KB: not ours */
	}
	for (k = 0; k < 2; k++) {
		kill(kids[k], SIGKILL);
		waitpid(kids[k], &st, 0);
	}
	close(fd);
	printf("rawmap: race: %ld lines from trace_pipe, %ld torn\n", lines,
	       torn);
	if (torn)
		die("trace_pipe printed %ld torn entries", torn);
	if (lines < 100)
		die("only %ld lines read in %.0f s", lines, secs);
}

int main(int argc, char **argv)
{
	const char *cmd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 3) {
		fprintf(stderr, "usage: rawmap read|overrun|try|busy|dup|bad|block|race CPU [N]\n");
		return 2;
	}
	cmd = argv[1];
	cpu = atoi(argv[2]);
	pagesz = sysconf(_SC_PAGESIZE);
	if (!strcmp(cmd, "read") && argc > 3)
		cmd_read(atol(argv[3]), 1);
	else if (!strcmp(cmd, "overrun") && argc > 3)
		cmd_read(atol(argv[3]), 0);
	else if (!strcmp(cmd, "try"))
		return cmd_try();
	else if (!strcmp(cmd, "busy"))
		cmd_busy();
	else if (!strcmp(cmd, "dup"))
		cmd_dup();
	else if (!strcmp(cmd, "bad"))
		cmd_bad();
	else if (!strcmp(cmd, "block"))
		cmd_block();
	else if (!strcmp(cmd, "race") && argc > 3)
		cmd_race(atof(argv[3]));
	else
		return 2;
	printf("rawmap: %s ok\n", cmd);
	return 0;
}
