/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz.h: what fioring's libFuzzer targets share: the entry point's
 * prototype, a NUL-terminated copy of the input (the parsers read C
 * strings), and the input written to a file for the readers that open one.
 */
#ifndef FIORING_FUZZ_H
#define FIORING_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A malloc'ed copy of the input with a NUL after it; aborts without memory. */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/*
 * Writes the input to NAME in this process' scratch directory (made once,
 * under TMPDIR or /tmp) and returns that directory.  Aborts when it cannot:
 * a target that silently reads nothing would run clean and prove nothing.
 */
static inline const char *fuzz_file(const char *name, const uint8_t *data,
				    size_t size)
{
	static char dir[256];
	char path[512];
	FILE *f;

	if (!dir[0]) {
		const char *tmp = getenv("TMPDIR");

		snprintf(dir, sizeof(dir), "%s/fioring-fuzz.XXXXXX",
			 tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(dir))
			abort();
	}
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	if (fclose(f))
		abort();
	return dir;
}

#endif
