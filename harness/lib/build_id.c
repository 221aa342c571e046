// SPDX-License-Identifier: GPL-2.0
/*
 * build_id.c: reads a file's GNU build-id.  The engine's version is its
 * build-id: an engine build is only known to match the fio it was built
 * against, and the build-id says which build it is.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/build_id.h"

/* the NT_GNU_BUILD_ID note of a 64-bit ELF file, as hex */
int elf_build_id(const char *path, char *buf, size_t len)
{
	const Elf64_Ehdr *eh;
	const Elf64_Phdr *ph;
	const Elf64_Nhdr *nh;
	const unsigned char *p, *end, *desc;
	struct stat st;
	void *map;
	int fd, i, ret = -ENOENT;
	size_t off = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || st.st_size < (off_t)sizeof(*eh)) {
		close(fd);
		return -ENOEXEC;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return -errno;
	eh = map;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(*ph) > (uint64_t)st.st_size) {
		ret = -ENOEXEC;
		goto out;
	}
	for (i = 0; i < eh->e_phnum && ret; i++) {
		ph = (const Elf64_Phdr *)((const char *)map + eh->e_phoff) + i;
		if (ph->p_type != PT_NOTE ||
		    ph->p_offset + ph->p_filesz > (uint64_t)st.st_size)
			continue;
		p = (const unsigned char *)map + ph->p_offset;
		end = p + ph->p_filesz;
		while (p + sizeof(*nh) <= end) {
			nh = (const Elf64_Nhdr *)p;
			desc = p + sizeof(*nh) + ((nh->n_namesz + 3) & ~3u);
			if (desc + nh->n_descsz > end)
				break;
			if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
			    !memcmp(p + sizeof(*nh), "GNU", 4)) {
				for (off = 0; off < nh->n_descsz && 2 * off + 2 < len; off++)
					sprintf(buf + 2 * off, "%02x", desc[off]);
				ret = 0;
				break;
			}
			p = desc + ((nh->n_descsz + 3) & ~3u);
		}
	}
out:
	munmap(map, st.st_size);
	return ret;
}
