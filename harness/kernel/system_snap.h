/* SPDX-License-Identifier: GPL-2.0 */
/*
 * system_snap.h: the machine's settings outside the target's queue/ that
 * a storage figure depends on, as a sweep found them: the kernel command
 * line, the storage drivers' module parameters, the CPU's idle, frequency
 * and mitigation state, the clocksource, writeback.  Kept in meta.json so
 * that the history can say that a change point came with a microcode
 * update's new mitigation or a modprobe.d file's nvme.poll_queues.
 */
#ifndef FIORING_SYSTEM_SNAP_H
#define FIORING_SYSTEM_SNAP_H

#include <json-c/json.h>

#include "kernel/target.h"

/*
 * {"cmdline": "...", "settings": {"KEY": "VALUE", ...}, "kconfig": {...},
 * "kconfig_source": "FILE"}: the command line as system_cmdline_params()
 * keeps it; KEY as in the kernel's own syntax ("nvme_core.io_timeout",
 * "vm.dirty_ratio", "cpu.smt", "vuln.spectre_v2").  A per-CPU setting
 * whose CPUs agree is one value, else "cpu0=V cpu1=W ...".  What cannot
 * be read is left out (kconfig when no config is found, kconfig.h); the
 * targets' drivers' modules are read besides the storage stack's.  NULL
 * when memory ran out.
 */
json_object *system_snap_json(const struct target *t, int n);
/*
 * The parameters of a kernel command line @raw that the record keeps,
 * space-separated as the kernel reads them (a quoted value is one), up to
 * the "--" that starts the init's arguments: not what names the boot
 * rather than configures it (BOOT_IMAGE=, initrd=, root=, resume=) nor
 * what may carry a credential (a name with passw, passphrase, secret,
 * token, cred, key, username, netroot, iscsi or cifsroot in it, in any
 * case).  NULL: no memory.
 */
char *system_cmdline_params(const char *raw);

#endif
