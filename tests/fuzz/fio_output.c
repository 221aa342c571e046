// SPDX-License-Identifier: GPL-2.0
/*
 * fio_output.c: libFuzzer target for the reader of fio's json+ output
 * (harness/fio/fio_json.c).  fio's output can be cut short (fio killed, a full
 * disk) or carry text before the JSON; the reader gets the bytes as they
 * are, not NUL-terminated, and must either fill the result or say why not.
 */
#include <errno.h>

#include "fuzz.h"
#include "fio/fio_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fio_result res;
	char err[256] = "";
	/* an exact-size copy: a read past the end is ASan's to see */
	char *buf = malloc(size ? size : 1);
	int ret;

	if (!buf)
		abort();
	memcpy(buf, data, size);
	ret = fio_json_parse(buf, size, &res, err, sizeof(err));
	if (ret) {
		/* a refusal says why, unless memory ran out */
		if (!err[0] && ret != -ENOMEM)
			abort();
	} else if (res.nprios < 0 || res.nprios > FIO_PRIOS_MAX) {
		abort();
	}
	free(buf);
	return 0;
}
