// SPDX-License-Identifier: GPL-2.0
/*
 * system_snap.c: the machine's settings beside the target's queue/
 * (system_snap.h).
 */
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kconfig.h"
#include "kernel/queue_choice.h"
#include "kernel/system_snap.h"
#include "lib/fileio.h"
#include "lib/json_put.h"

/* one value per file; a '*' reads every CPU's or policy's (read_all_of()) */
static const struct sys_file {
	const char *key, *path;
} sys_files[] = {
	{ "clocksource", "/sys/devices/system/clocksource/clocksource0/current_clocksource" },
	{ "cpu.smt", "/sys/devices/system/cpu/smt/control" },
	{ "cpu.idle_driver", "/sys/devices/system/cpu/cpuidle/current_driver" },
	{ "cpu.idle_governor", "/sys/devices/system/cpu/cpuidle/current_governor_ro" },
	{ "cpu.freq_driver", "/sys/devices/system/cpu/cpufreq/policy*/scaling_driver" },
	{ "cpu.freq_governor", "/sys/devices/system/cpu/cpufreq/policy*/scaling_governor" },
	{ "cpu.epp", "/sys/devices/system/cpu/cpufreq/policy*/energy_performance_preference" },
	{ "cpu.boost", "/sys/devices/system/cpu/cpufreq/boost" },
	{ "cpu.no_turbo", "/sys/devices/system/cpu/intel_pstate/no_turbo" },
	{ "cpu.pstate", "/sys/devices/system/cpu/intel_pstate/status" },
	{ "cpu.microcode", "/sys/devices/system/cpu/cpu[0-9]*/microcode/version" },
	{ "mm.thp", "/sys/kernel/mm/transparent_hugepage/enabled" },
	{ "kernel.io_uring_disabled", "/proc/sys/kernel/io_uring_disabled" },
	{ "kernel.numa_balancing", "/proc/sys/kernel/numa_balancing" },
	{ "vm.dirty_ratio", "/proc/sys/vm/dirty_ratio" },
	{ "vm.dirty_bytes", "/proc/sys/vm/dirty_bytes" },
	{ "vm.dirty_background_ratio", "/proc/sys/vm/dirty_background_ratio" },
	{ "vm.dirty_background_bytes", "/proc/sys/vm/dirty_background_bytes" },
};

/* the storage stack's modules, read when present, built in or loaded */
static const char *const sys_modules[] = {
	"block", "nvme", "nvme_core", "nvme_fabrics", "nvme_tcp", "nvme_rdma",
	"nvme_fc", "loop", "zram", "null_blk", "ublk_drv", "virtio_blk",
	"scsi_mod", "sd_mod", "dm_mod", "md_mod",
};

/* what names a boot rather than configures it */
static const char *const boot_names[] = {
	"BOOT_IMAGE", "initrd", "root", "resume",
};

/*
 * what may carry a credential (dracut's netroot=iscsi:USER:PASSWORD@...,
 * rd.iscsi.password=, cifsroot=//HOST/SHARE,password=): meta.json goes
 * into CI artifacts and histories.  Not "pass" nor "user": they would
 * drop iommu.passthrough= and hardened_usercopy=, which move I/O figures.
 */
static const char *const secret_words[] = {
	"passw", "passphrase", "secret", "token", "cred", "key", "username",
	"netroot", "iscsi", "cifsroot",
};

/* 1 when the parameter @tok (@len bytes) is not kept in the record */
static int left_out(const char *tok, size_t len)
{
	char name[256];
	size_t i, k = strcspn(tok, "=");

	snprintf(name, sizeof(name), "%.*s", (int)(k < len ? k : len), tok);
	for (i = 0; i < sizeof(boot_names) / sizeof(boot_names[0]); i++)
		if (!strcmp(name, boot_names[i]))
			return 1;
	for (i = 0; i < sizeof(secret_words) / sizeof(secret_words[0]); i++)
		if (strcasestr(name, secret_words[i]))
			return 1;
	return 0;
}

char *system_cmdline_params(const char *raw)
{
	const char *p;
	size_t used = 0, n;
	int quoted;
	char *out = malloc(strlen(raw) + 1);

	for (p = raw; out && *p; p += n) {
		p += strspn(p, " \t\n");
		for (n = 0, quoted = 0; p[n] && (quoted || !strchr(" \t\n", p[n])); n++)
			quoted ^= p[n] == '"';
		if (!n || (n == 2 && !strncmp(p, "--", 2)))
			break;
		if (left_out(p, n))
			continue;
		used += (size_t)sprintf(out + used, "%s%.*s", used ? " " : "", (int)n, p);
	}
	if (out)
		out[used] = '\0';
	return out;
}

/* the kernel's command line as system_cmdline_params() keeps it */
static char *cmdline_text(void)
{
	char *raw, *out;
	size_t len;

	if (file_read_all("/proc/cmdline", &raw, &len))
		return strdup("");
	out = system_cmdline_params(raw);
	free(raw);
	return out;
}

/* the component of @path where @pattern has its '*' ("policy0") */
static const char *match_name(const char *pattern, const char *path, char *buf,
			      size_t len)
{
	const char *star = strchr(pattern, '*'), *p;

	for (p = pattern; star && p < star; p++)
		if (*p == '/')
			path = strchr(path, '/') + 1;
	snprintf(buf, len, "%.*s", (int)strcspn(path, "/"), path);
	return buf;
}

/*
 * The value of every file @pattern matches: one when they agree, else
 * "NAME=V NAME=V ..." by what the wildcard matched; -ENOENT for none.
 */
static int read_all_of(const char *pattern, char *out, size_t len)
{
	char val[256], first[256] = "", name[64];
	size_t i, used = 0;
	glob_t g;
	int same = 1, n = 0;

	if (glob(pattern, 0, NULL, &g))
		return -ENOENT;
	for (i = 0; i < g.gl_pathc; i++) {
		if (file_read_line(g.gl_pathv[i], val, sizeof(val)))
			continue;
		queue_choice_current(val);
		if (!n++)
			snprintf(first, sizeof(first), "%s", val);
		same &= !strcmp(val, first);
		used += (size_t)snprintf(out + used, used < len ? len - used : 0,
					 "%s%s=%s", used ? " " : "",
					 match_name(pattern, g.gl_pathv[i], name,
						    sizeof(name)), val);
	}
	globfree(&g);
	if (!n)
		return -ENOENT;
	if (same)
		snprintf(out, len, "%s", first);
	return used < len ? 0 : -ENAMETOOLONG;
}

/* each readable file of @dir as "PREFIX.NAME", by name */
static void read_dir(json_object *o, const char *dir, const char *prefix)
{
	char path[PATH_BUF], key[PATH_BUF], val[1024];
	struct dirent **names;
	int n = dir_names(dir, &names), i;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		snprintf(key, sizeof(key), "%s.%s", prefix, names[i]->d_name);
		if (!file_read_line(path, val, sizeof(val)))
			json_put_str(o, key, val);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
}

static void read_module(json_object *o, const char *mod)
{
	char dir[PATH_BUF];

	snprintf(dir, sizeof(dir), "/sys/module/%s/parameters", mod);
	read_dir(o, dir, mod);
}

/* the modules of the drivers on the way from @disk's device up to the bus */
static void read_drivers(json_object *o, const char *disk)
{
	char path[PATH_BUF], dev[PATH_MAX], link[PATH_BUF], mod[PATH_MAX], *slash;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/block/%s/device", disk);
	if (!realpath(path, dev))
		return;
	while (strlen(dev) > strlen("/sys/devices")) {
		snprintf(link, sizeof(link), "%s/driver/module", dev);
		n = readlink(link, mod, sizeof(mod) - 1);
		if (n > 0) {
			mod[n] = '\0';
			slash = strrchr(mod, '/');
			read_module(o, slash ? slash + 1 : mod);
		}
		slash = strrchr(dev, '/');
		if (!slash)
			break;
		*slash = '\0';
	}
}

json_object *system_snap_json(const struct target *t, int n)
{
	json_object *m = json_object_new_object(), *s = json_object_new_object(), *kc;
	char val[1024], source[PATH_BUF], *cmdline = cmdline_text();
	size_t i;
	int j, k;

	if (!m || !s || !cmdline) {
		json_object_put(m);
		json_object_put(s);
		free(cmdline);
		return NULL;
	}
	json_put_str(m, "cmdline", cmdline);
	free(cmdline);
	for (i = 0; i < sizeof(sys_files) / sizeof(sys_files[0]); i++)
		if (!read_all_of(sys_files[i].path, val, sizeof(val)))
			json_put_str(s, sys_files[i].key, val);
	read_dir(s, "/sys/devices/system/cpu/vulnerabilities", "vuln");
	for (i = 0; i < sizeof(sys_modules) / sizeof(sys_modules[0]); i++)
		read_module(s, sys_modules[i]);
	for (j = 0; j < n; j++) {
		read_drivers(s, t[j].disk);
		for (k = 0; k < t[j].nr_paths; k++)
			read_drivers(s, t[j].paths[k]);
		for (k = 0; k < t[j].nr_slaves; k++)
			read_drivers(s, t[j].slaves[k]);
	}
	json_object_object_add(m, "settings", s);
	kc = kconfig_json(source, sizeof(source));
	if (kc) {
		json_object_object_add(m, "kconfig", kc);
		json_put_str(m, "kconfig_source", source);
	}
	return m;
}
