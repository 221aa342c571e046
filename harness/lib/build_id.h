/* SPDX-License-Identifier: GPL-2.0 */
/*
 * build_id.h: the GNU build-id of an ELF file.
 */
#ifndef FIORING_BUILD_ID_H
#define FIORING_BUILD_ID_H

#include <stddef.h>

/* the NT_GNU_BUILD_ID note of a 64-bit ELF file, as hex; 0 or -errno */
int elf_build_id(const char *path, char *buf, size_t len);

#endif
