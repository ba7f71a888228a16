// SPDX-License-Identifier: GPL-2.0
/*
 * perftp: a trace event as a perf event (PERF_TYPE_TRACEPOINT), for the
 * perf-client test.
 *
 *   perftp [-s] [-t | -c CPU] [-x] [-f FIELD]... [-F FILTER] SYS:EVENT|ID SECONDS
 *
 * Opens the event (its id from events/SYS/EVENT/id, or a number given as
 * is) on every online CPU, or on one CPU (-c), or for this process only
 * (-t), lets it run for SECONDS (this program only sleeps: the caller
 * runs the workload that fires the event) and prints
 *   count N                   events counted (without -s)
 * or, with -s (sampling every event with PERF_SAMPLE_RAW into an mmap
 * ring per descriptor):
 *   samples N                 raw records read
 *   lost N                    records perf reported lost
 *   bad_type N                records whose common_type is not the id
 *   common_type T             common_type of the first record
 *   FIELD=VALUE               each -f field of the first record, located
 *                             with the event's format file
 * -F sets an event filter (PERF_EVENT_IOC_SET_FILTER) on every descriptor;
 * a refused one prints
 *   perftp: set filter: <strerror> (errno N)
 * and exits 3.
 * -x sets exclude_kernel (what an unprivileged user needs to get past
 * perf's kernel-profiling check at perf_event_paranoid 2; nothing is
 * counted then). A failed perf_event_open() prints
 *   perftp: perf_event_open: <strerror> (errno N)
 * and exits 2; other errors exit 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_FDS		64
#define MAX_FIELDS	8
#define RING_PAGES	64	/* data pages per ring, a power of two */

static const char *const tracefs_dirs[] = {
	"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
};

struct field {
	char name[64];
	char type[260];
	int offset, size, is_signed;
	int found;
};

static struct field fields[MAX_FIELDS];
static int nr_fields;
static struct field common_type = { .name = "common_type" };

static int nr_fds;
static int fds[MAX_FDS];
static void *rings[MAX_FDS];
static long page_size;

static unsigned long long nr_samples, nr_lost, nr_bad_type;
static int have_first;
static unsigned char first[8192];
static unsigned int first_size;

static void die(const char *what)
{
	fprintf(stderr, "perftp: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: perftp [-s] [-t | -c CPU] [-x] [-f FIELD]... [-F FILTER] SYS:EVENT|ID SECONDS\n");
	exit(1);
}

/* Open events/SYS/EVENT/FILE in the first tracefs mount that has it. */
static FILE *event_file(const char *sys, const char *event, const char *file)
{
	char path[512];
	unsigned int i;
	FILE *f;

	for (i = 0; i < sizeof(tracefs_dirs) / sizeof(tracefs_dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/events/%s/%s/%s",
			 tracefs_dirs[i], sys, event, file);
		f = fopen(path, "r");
		if (f)
			return f;
	}
	fprintf(stderr, "perftp: no events/%s/%s/%s\n", sys, event, file);
	exit(1);
}

/*
 * Find the requested fields in the format file. Its lines look like
 *	field:char prev_comm[16];	offset:8;	size:16;	signed:0;
 */
static void read_format(const char *sys, const char *event)
{
	FILE *f = event_file(sys, event, "format");
	char line[512];
	int i;

	while (fgets(line, sizeof(line), f)) {
		char decl[256], *name, *end;
		int off, size, sign;

		if (sscanf(line, " field:%255[^;]; offset:%d; size:%d; signed:%d;",
			   decl, &off, &size, &sign) != 4)
			continue;
		end = strchr(decl, '[');
		if (end)
			*end = '\0';
		name = strrchr(decl, ' ');
		if (!name)
			continue;
		*name++ = '\0';
		for (i = -1; i < nr_fields; i++) {
			struct field *fl = i < 0 ? &common_type : &fields[i];

			if (strcmp(fl->name, name))
				continue;
			snprintf(fl->type, sizeof(fl->type), "%s%s", decl,
				 end ? "[]" : "");
			fl->offset = off;
			fl->size = size;
			fl->is_signed = sign;
			fl->found = 1;
		}
	}
	fclose(f);
	for (i = 0; i < nr_fields; i++)
		if (!fields[i].found) {
			fprintf(stderr, "perftp: %s:%s has no field %s\n",
				sys, event, fields[i].name);
			exit(1);
		}
}

static unsigned long long get_uint(const unsigned char *p, int size)
{
	switch (size) {
	case 1: return *p;
	case 2: return *(const uint16_t *)p;
	case 4: return *(const uint32_t *)p;
	default: return *(const uint64_t *)p;
	}
}

static void print_field(const struct field *fl)
{
	const unsigned char *p = first + fl->offset;
	unsigned long long v;

	if (fl->offset + fl->size > (int)first_size) {
		printf("%s=<outside the record>\n", fl->name);
		return;
	}
	if (strstr(fl->type, "__data_loc") && strstr(fl->type, "char")) {
		/* Dynamic string: offset in the low 16 bits, length above. */
		v = get_uint(p, 4);
		if ((v & 0xffff) + (v >> 16) > first_size)
			printf("%s=<bad data_loc %#llx>\n", fl->name, v);
		else
			printf("%s=%.*s\n", fl->name, (int)(v >> 16),
			       (const char *)first + (v & 0xffff));
	} else if (strncmp(fl->type, "char", 4) == 0 && strstr(fl->type, "[]")) {
		printf("%s=%.*s\n", fl->name, (int)strnlen((const char *)p, fl->size),
		       (const char *)p);
	} else if (fl->size == 1 || fl->size == 2 || fl->size == 4 ||
		   fl->size == 8) {
		v = get_uint(p, fl->size);
		if (fl->is_signed && fl->size < 8 && (v >> (fl->size * 8 - 1)))
			v |= ~0ULL << (fl->size * 8);
		if (fl->is_signed)
			printf("%s=%lld\n", fl->name, (long long)v);
		else
			printf("%s=%llu\n", fl->name, v);
	} else {
		int i;

		printf("%s=", fl->name);
		for (i = 0; i < fl->size; i++)
			printf("%02x", p[i]);
		printf("\n");
	}
}

/* One PERF_RECORD_SAMPLE with only PERF_SAMPLE_RAW: u32 size, then data. */
static void take_sample(const unsigned char *rec, unsigned int rec_size,
			unsigned long long id)
{
	const unsigned char *raw = rec + sizeof(struct perf_event_header) + 4;
	uint32_t raw_size;

	memcpy(&raw_size, rec + sizeof(struct perf_event_header), 4);
	if (raw_size + sizeof(struct perf_event_header) + 4 > rec_size ||
	    raw_size < (unsigned int)(common_type.offset + common_type.size)) {
		nr_bad_type++;
		return;
	}
	nr_samples++;
	if (get_uint(raw + common_type.offset, common_type.size) != id)
		nr_bad_type++;
	if (!have_first && raw_size <= sizeof(first)) {
		memcpy(first, raw, raw_size);
		first_size = raw_size;
		have_first = 1;
	}
}

/* Read every complete record of one ring and hand the space back. */
static void drain(int i, unsigned long long id)
{
	struct perf_event_mmap_page *meta = rings[i];
	unsigned char *data = (unsigned char *)rings[i] + page_size;
	uint64_t size = (uint64_t)RING_PAGES * page_size;
	uint64_t head, tail;
	unsigned char rec[65536];

	/* Pairs with the kernel's release of data_head: records are complete. */
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	tail = meta->data_tail;
	while (tail < head) {
		struct perf_event_header hdr;
		uint64_t off = tail % size, chunk;

		/* A record (even its header) may wrap around the ring's end. */
		chunk = size - off < sizeof(hdr) ? size - off : sizeof(hdr);
		memcpy(&hdr, data + off, chunk);
		memcpy((char *)&hdr + chunk, data, sizeof(hdr) - chunk);
		if (hdr.size < sizeof(hdr) || hdr.size > head - tail)
			break;
		chunk = size - off < hdr.size ? size - off : hdr.size;
		memcpy(rec, data + off, chunk);
		memcpy(rec + chunk, data, hdr.size - chunk);
		if (hdr.type == PERF_RECORD_SAMPLE)
			take_sample(rec, hdr.size, id);
		else if (hdr.type == PERF_RECORD_LOST)
			nr_lost += *(uint64_t *)(rec + sizeof(hdr) + 8);
		tail += hdr.size;
	}
	/* Done reading up to tail before the kernel may overwrite it. */
	__atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void open_one(struct perf_event_attr *attr, int pid, int cpu)
{
	int fd;

	if (nr_fds == MAX_FDS) {
		fprintf(stderr, "perftp: too many CPUs\n");
		exit(1);
	}
	fd = syscall(SYS_perf_event_open, attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		int err = errno;

		printf("perftp: perf_event_open: %s (errno %d)\n", strerror(err), err);
		exit(2);
	}
	fds[nr_fds++] = fd;
}

int main(int argc, char **argv)
{
	struct perf_event_attr attr;
	int sample = 0, task = 0, no_kernel = 0, cpu = -1, opt, i;
	unsigned long long id, total = 0;
	double seconds, end;
	char *colon, *filter = NULL;

	while ((opt = getopt(argc, argv, "stc:xf:F:")) != -1) {
		switch (opt) {
		case 's':
			sample = 1;
			break;
		case 't':
			task = 1;
			break;
		case 'c':
			cpu = atoi(optarg);
			break;
		case 'x':
			no_kernel = 1;
			break;
		case 'F':
			filter = optarg;
			break;
		case 'f':
			if (nr_fields == MAX_FIELDS)
				usage();
			snprintf(fields[nr_fields++].name, sizeof(fields[0].name),
				 "%s", optarg);
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 2)
		usage();
	seconds = atof(argv[optind + 1]);
	page_size = sysconf(_SC_PAGESIZE);

	colon = strchr(argv[optind], ':');
	if (colon) {
		FILE *f;

		*colon = '\0';
		f = event_file(argv[optind], colon + 1, "id");
		if (fscanf(f, "%llu", &id) != 1) {
			fprintf(stderr, "perftp: unreadable id\n");
			return 1;
		}
		fclose(f);
		read_format(argv[optind], colon + 1);
	} else {
		id = strtoull(argv[optind], NULL, 0);
		if (nr_fields) {
			fprintf(stderr, "perftp: -f needs SYS:EVENT\n");
			return 1;
		}
		/* No format to read: every event starts with a u16 type. */
		common_type.offset = 0;
		common_type.size = 2;
		common_type.found = 1;
	}
	if (!common_type.found) {
		fprintf(stderr, "perftp: no common_type in the format\n");
		return 1;
	}

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = id;
	attr.disabled = 1;
	attr.exclude_kernel = no_kernel;
	if (sample) {
		attr.sample_period = 1;
		attr.sample_type = PERF_SAMPLE_RAW;
	}

	if (task) {
		open_one(&attr, 0, -1);
	} else if (cpu >= 0) {
		open_one(&attr, -1, cpu);
	} else {
		long n = sysconf(_SC_NPROCESSORS_ONLN);

		for (i = 0; i < n; i++)
			open_one(&attr, -1, i);
	}

	if (sample) {
		for (i = 0; i < nr_fds; i++) {
			rings[i] = mmap(NULL, (RING_PAGES + 1) * page_size,
					PROT_READ | PROT_WRITE, MAP_SHARED, fds[i], 0);
			if (rings[i] == MAP_FAILED)
				die("mmap");
		}
	}

	for (i = 0; filter && i < nr_fds; i++) {
		if (ioctl(fds[i], PERF_EVENT_IOC_SET_FILTER, filter)) {
			int err = errno;

			printf("perftp: set filter: %s (errno %d)\n", strerror(err), err);
			exit(3);
		}
	}
	for (i = 0; i < nr_fds; i++)
		if (ioctl(fds[i], PERF_EVENT_IOC_ENABLE, 0))
			die("PERF_EVENT_IOC_ENABLE");

	end = now() + seconds;
	if (sample) {
		struct pollfd pfd[MAX_FDS];

		for (i = 0; i < nr_fds; i++) {
			pfd[i].fd = fds[i];
			pfd[i].events = POLLIN;
		}
		while (now() < end) {
			poll(pfd, nr_fds, 100);
			for (i = 0; i < nr_fds; i++)
				drain(i, id);
		}
	} else {
		struct timespec ts = {
			.tv_sec = (time_t)seconds,
			.tv_nsec = (long)((seconds - (time_t)seconds) * 1e9),
		};

		while (nanosleep(&ts, &ts) && errno == EINTR)
			;
	}

	for (i = 0; i < nr_fds; i++)
		if (ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0))
			die("PERF_EVENT_IOC_DISABLE");

	if (!sample) {
		for (i = 0; i < nr_fds; i++) {
			uint64_t v;

			if (read(fds[i], &v, sizeof(v)) != sizeof(v))
				die("read");
			total += v;
		}
		printf("count %llu\n", total);
		return 0;
	}

	for (i = 0; i < nr_fds; i++)
		drain(i, id);
	printf("samples %llu\nlost %llu\nbad_type %llu\n",
	       nr_samples, nr_lost, nr_bad_type);
	if (have_first) {
		printf("common_type %llu\n",
		       get_uint(first + common_type.offset, common_type.size));
		for (i = 0; i < nr_fields; i++)
			print_field(&fields[i]);
	}
	return 0;
}
