// SPDX-License-Identifier: GPL-2.0
/*
 * kconfig.c: unit test of the kernel config record (harness/kernel/
 * kconfig.c) on config files written here, plain and gzipped alike: an
 * option of the kept families is recorded as written, "n" for "is not
 * set", a string without its quotes; one of another family, a comment and
 * a malformed line are not; a file that is not there gives none.  The
 * running kernel's, where it shows one, has CONFIG_BLOCK.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "check.h"
#include "kernel/kconfig.h"
#include "lib/json_put.h"

static const char config[] =
	"#\n# Automatically generated file; DO NOT EDIT.\n#\n"
	"CONFIG_BLOCK=y\n"
	"# CONFIG_PROVE_LOCKING is not set\n"
	"CONFIG_HZ=250\n"
	"CONFIG_NVME_CORE=m\n"
	"CONFIG_DEBUG_KERNEL=y\n"
	"CONFIG_BLK_WBT_MQ=y\n"
	"CONFIG_SCHED_MC=y\n"
	"CONFIG_LOCALVERSION=\"-fioring\"\n"
	"CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE=y\n"
	"CONFIG_SOUND=m\n"
	"# CONFIG_DRM is not set\n"
	"CONFIG_BLK_broken\n"
	"# CONFIG_KASAN is set\n";

static void check_record(json_object *o, const char *what)
{
	CHECK(o != NULL);
	if (!o)
		return;
	CHECK(!strcmp(json_get_str(o, "CONFIG_BLOCK"), "y"));
	CHECK(!strcmp(json_get_str(o, "CONFIG_PROVE_LOCKING"), "n"));
	CHECK(!strcmp(json_get_str(o, "CONFIG_HZ"), "250"));
	CHECK(!strcmp(json_get_str(o, "CONFIG_NVME_CORE"), "m"));
	CHECK(!strcmp(json_get_str(o, "CONFIG_DEBUG_KERNEL"), "y"));
	CHECK(!strcmp(json_get_str(o, "CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE"), "y"));
	/* kept families only, and only well-formed lines */
	CHECK(!json_get(o, "CONFIG_LOCALVERSION"));
	CHECK(!json_get(o, "CONFIG_SOUND"));
	CHECK(!json_get(o, "CONFIG_DRM"));
	CHECK(!json_get(o, "CONFIG_BLK_broken"));
	CHECK(!json_get(o, "CONFIG_KASAN"));
	CHECK(json_object_object_length(o) == 8);
	if (json_object_object_length(o) != 8)
		fprintf(stderr, "%s: %s\n", what, json_object_to_json_string(o));
	json_object_put(o);
}

int main(void)
{
	char dir[] = "/tmp/fioring-kconfig-test.XXXXXX", plain[64], gz[64];
	char source[4096] = "";
	json_object *o;
	gzFile g;
	FILE *f;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(plain, sizeof(plain), "%s/config", dir);
	snprintf(gz, sizeof(gz), "%s/config.gz", dir);
	f = fopen(plain, "w");
	CHECK(f && fputs(config, f) >= 0 && !fclose(f));
	g = gzopen(gz, "wb");
	CHECK(g && gzputs(g, config) > 0 && gzclose(g) == Z_OK);

	check_record(kconfig_read(plain), "plain");
	check_record(kconfig_read(gz), "gzipped");
	/* a string value loses its quotes */
	f = fopen(plain, "w");
	CHECK(f && fputs("CONFIG_BLK_X=\"a b\"\n", f) >= 0 && !fclose(f));
	o = kconfig_read(plain);
	CHECK(o && !strcmp(json_get_str(o, "CONFIG_BLK_X"), "a b"));
	json_object_put(o);
	CHECK(kconfig_read("/nonexistent/config") == NULL);

	o = kconfig_json(source, sizeof(source));
	if (o) {
		CHECK(!strcmp(json_get_str(o, "CONFIG_BLOCK"), "y"));
		CHECK(*source == '/');
		json_object_put(o);
	} else {
		printf("kconfig: the running kernel shows no config (not checked)\n");
	}
	unlink(plain);
	unlink(gz);
	rmdir(dir);
	return check_done("kconfig");
}
