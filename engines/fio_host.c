// SPDX-License-Identifier: GPL-2.0
/*
 * fio_host.c: refuse to run inside a fio the engine was not built for.
 *
 * The engine reaches into fio's structs (thread_data, io_u, fio_file), whose
 * layout depends on the fio version and on the features fio was configured
 * with.  Debian's fio 3.33 and a fio built from the same source print the
 * same version yet differ in layout, so the version string is not enough:
 * the GNU build-id of the running executable is compared with the one of
 * the fio binary the engine was compiled against.  On a mismatch the engine
 * says so once, at load, and every hook that fio calls before touching our
 * view of its structs fails.
 */
#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

#include "fio.h"
#include "fioring.h"

extern const char fio_version_string[];

static char host_build_id[2 * 64 + 1];
static bool host_mismatch;

static void hex_id(const unsigned char *id, size_t len, char *out, size_t size)
{
	size_t i;

	out[0] = '\0';
	for (i = 0; i < len && 2 * i + 2 < size; i++)
		sprintf(out + 2 * i, "%02x", id[i]);
}

/* The first object dl_iterate_phdr reports is the executable itself. */
static int find_exe_build_id(struct dl_phdr_info *info, size_t size, void *arg)
{
	const ElfW(Phdr) *ph;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const char *p, *end;

		ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		p = (const char *)(info->dlpi_addr + ph->p_vaddr);
		end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)p;
			const char *name = p + sizeof(*nh);
			const unsigned char *desc = (const unsigned char *)name +
						    ((nh->n_namesz + 3) & ~3U);

			if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
			    !memcmp(name, "GNU", 4)) {
				hex_id(desc, nh->n_descsz, host_build_id,
				       sizeof(host_build_id));
				return 1;
			}
			p = (const char *)desc + ((nh->n_descsz + 3) & ~3U);
		}
	}
	return 1;
}

static void __attribute__((constructor)) fioring_check_host(void)
{
	const char *why;

	dl_iterate_phdr(find_exe_build_id, NULL);

	if (strcmp(fio_version_string, FIORING_FIO_VERSION))
		why = "a different fio version";
	else if (FIORING_FIO_BUILD_ID[0] && host_build_id[0] &&
		 strcmp(host_build_id, FIORING_FIO_BUILD_ID))
		why = "another build of this version (other features, other struct layout)";
	else
		return;

	host_mismatch = true;
	log_err("fioring: built for %s (build-id %.12s, %s) but loaded into %s (build-id %.12s), %s: "
		"rebuild fioring against this fio (./configure --fio-src=DIR) or run %s\n",
		FIORING_FIO_VERSION, FIORING_FIO_BUILD_ID, FIORING_FIO_BINARY,
		fio_version_string, host_build_id[0] ? host_build_id : "none",
		why, FIORING_FIO_BINARY);
}

bool fioring_host_ok(void)
{
	return !host_mismatch;
}
