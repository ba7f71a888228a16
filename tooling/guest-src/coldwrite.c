// SPDX-License-Identifier: GPL-2.0
/*
 * coldwrite: write to a file from user memory that is not mapped in yet,
 * to exercise a kernel write path that copies with page faults disabled.
 *
 *   coldwrite SRC DST   map SRC without touching it, then write all of it
 *                       to DST in one write(); prints "wrote N" or the error
 *   coldwrite -b DST    write 16 bytes from an address that is not mapped;
 *                       prints "wrote N" or the error
 *   coldwrite -z DST    write 0 bytes (a write() shells cannot make);
 *                       prints "wrote 0" or the error
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int report(ssize_t n)
{
	if (n < 0) {
		printf("error %s\n", strerror(errno));
		return 1;
	}
	printf("wrote %zd\n", n);
	return 0;
}

int main(int argc, char **argv)
{
	struct stat st;
	void *map;
	int src, dst;

	if (argc == 3 && !strcmp(argv[1], "-b")) {
		dst = open(argv[2], O_WRONLY);
		if (dst < 0) {
			perror(argv[2]);
			return 2;
		}
		/* a page we map and unmap again: certainly not mapped now */
		map = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			   -1, 0);
		if (map == MAP_FAILED)
			return 2;
		munmap(map, 4096);
		return report(write(dst, map, 16));
	}
	if (argc == 3 && !strcmp(argv[1], "-z")) {
		dst = open(argv[2], O_WRONLY);
		if (dst < 0) {
			perror(argv[2]);
			return 2;
		}
		return report(write(dst, "", 0));
	}
	if (argc != 3) {
		fprintf(stderr, "usage: coldwrite SRC DST | coldwrite -b|-z DST\n");
		return 2;
	}
	src = open(argv[1], O_RDONLY);
	dst = open(argv[2], O_WRONLY);
	if (src < 0 || dst < 0 || fstat(src, &st) || !st.st_size) {
		perror("open");
		return 2;
	}
	/* shared, read-only, never touched: the first access must fault */
	map = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, src, 0);
	if (map == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	return report(write(dst, map, st.st_size));
}
