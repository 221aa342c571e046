// SPDX-License-Identifier: GPL-2.0
/*
 * system_snap.c: unit test of the command line the system record keeps
 * (harness/kernel/system_snap.c): what names the boot (BOOT_IMAGE=,
 * initrd=, root=, resume=) and what may carry a credential (dracut's
 * netroot=iscsi:USER:PASSWORD@..., rd.iscsi.password=,
 * cifsroot=...,password=, a name with passw, secret, token, cred, key or
 * username) is left out, the init's arguments after "--" too, but not
 * iommu.passthrough= or hardened_usercopy=, which move I/O figures; a
 * quoted value with spaces stays one parameter, a repeated one stays
 * twice, order is kept.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernel/system_snap.h"

static int kept(const char *raw, const char *want)
{
	char *got = system_cmdline_params(raw);
	int ok = got && !strcmp(got, want);

	if (!ok)
		fprintf(stderr, "'%s' kept as '%s', want '%s'\n", raw, got ? got : "(null)", want);
	free(got);
	return ok;
}

int main(void)
{
	CHECK(kept("BOOT_IMAGE=/vmlinuz-6.1 root=UUID=ab-cd ro quiet mitigations=off\n",
		   "ro quiet mitigations=off"));
	CHECK(kept("initrd=/initrd.img resume=/dev/sda2 nvme.poll_queues=2 -- --init-arg x",
		   "nvme.poll_queues=2"));
	CHECK(kept("netroot=iscsi:joe:hunter2@10.0.0.1::::iqn.x rd.iscsi.password=hunter2 "
		   "rd.iscsi.username=joe api_token=t Secret=s trusted.key=k tsc=reliable "
		   "cifsroot=//h/s,username=joe,password=hunter2 luks.PASSPHRASE=x",
		   "tsc=reliable"));
	CHECK(kept("iommu.passthrough=1 hardened_usercopy=off nvme_core.multipath=N",
		   "iommu.passthrough=1 hardened_usercopy=off nvme_core.multipath=N"));
	CHECK(kept("dyndbg=\"file blk-mq.c +p\" isolcpus=1,3 tsc=reliable tsc=unstable",
		   "dyndbg=\"file blk-mq.c +p\" isolcpus=1,3 tsc=reliable tsc=unstable"));
	CHECK(kept("  \t\n", ""));
	CHECK(kept("-- quiet", ""));
	return check_done("system_snap");
}
