// SPDX-License-Identifier: GPL-2.0
/*
 * kconfig.c: the running kernel's storage-relevant build options
 * (kconfig.h).
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <zlib.h>

#include "kernel/kconfig.h"
#include "lib/fileio.h"

/* the options kept, by the start of their names after CONFIG_ */
static const char *const kept[] = {
	/* the block layer, its elevators and drivers, io_uring */
	"BLK_", "BLOCK", "IOSCHED_", "MQ_IOSCHED_", "IO_URING", "NVME_", "ZRAM",
	/* preemption, the tick, task placement (SCHED_) */
	"PREEMPT", "HZ", "NO_HZ", "SCHED_",
	/* debugging and sanitizers: costs on every I/O */
	"DEBUG_", "KASAN", "KCSAN", "KMSAN", "UBSAN", "LOCKDEP", "PROVE_",
	"LOCK_STAT", "KFENCE", "SLUB_DEBUG", "INIT_ON_", "KCOV", "FTRACE",
	"FUNCTION_TRACER", "PAGE_POISONING",
	/* speculation mitigations and hardening */
	"MITIGATION_", "CPU_MITIGATIONS", "RETPOLINE", "PAGE_TABLE_ISOLATION",
	"RANDOMIZE_KSTACK_OFFSET", "HARDENED_USERCOPY", "STACKPROTECTOR",
	/* how it was compiled */
	"CC_OPTIMIZE_FOR_", "LTO_",
};

static int is_kept(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
		if (!strncmp(name, kept[i], strlen(kept[i])))
			return 1;
	return 0;
}

/* one line of a config: "CONFIG_X=V" or "# CONFIG_X is not set" */
static void add_line(json_object *o, char *line)
{
	char *name, *eq, *end;
	const char *val;
	size_t n;

	line[strcspn(line, "\n")] = '\0';
	if (!strncmp(line, "# CONFIG_", 9) && (end = strstr(line, " is not set"))) {
		*end = '\0';
		name = line + 2;
		val = "n";
	} else if (!strncmp(line, "CONFIG_", 7) && (eq = strchr(line, '='))) {
		*eq++ = '\0';
		name = line;
		n = strlen(eq);
		if (n > 1 && eq[0] == '"' && eq[n - 1] == '"') {
			eq[n - 1] = '\0';
			eq++;
		}
		val = eq;
	} else {
		return;
	}
	if (is_kept(name + 7))
		json_object_object_add(o, name, json_object_new_string(val));
}

json_object *kconfig_read(const char *path)
{
	gzFile f = gzopen(path, "r");
	json_object *o;
	char line[4096];

	if (!f)
		return NULL;
	o = json_object_new_object();
	while (o && gzgets(f, line, sizeof(line)))
		add_line(o, line);
	gzclose(f);
	return o;
}

json_object *kconfig_json(char *source, size_t len)
{
	static const char *const where[] = {
		"/proc/config.gz", "/boot/config-%s", "/lib/modules/%s/config",
	};
	json_object *o = NULL;
	struct utsname u;
	size_t i;

	if (uname(&u))
		return NULL;
	for (i = 0; i < sizeof(where) / sizeof(where[0]) && !o; i++) {
		snprintf(source, len, where[i], u.release);
		o = kconfig_read(source);
	}
	return o;
}
