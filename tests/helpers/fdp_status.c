// SPDX-License-Identifier: GPL-2.0
/*
 * fdp_status.c: prints what an FDP namespace's device says about where
 * writes were placed, so a test can compare it before and after a fio run:
 * the endurance group's FDP statistics log page (host and media bytes
 * written) and, per placement handle of the namespace, the Reclaim Unit
 * Handle Status (I/O Management Receive): its placement identifier, the
 * reclaim unit handle behind it and the reclaim unit's available media
 * writes (ruamw, in logical blocks), which falls by every block written
 * through that handle.  Both through libnvme, on the namespace's generic
 * device (/dev/ngXnY) or block disk.  Output, one record a line:
 *   stats egid=E hbmw=BYTES mbmw=BYTES mbe=BYTES
 *   ruh pid=P ruhid=R ruamw=BLOCKS
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <endian.h>
#include <libnvme.h>

/* an NVMe status (> 0) or -errno, as one line naming what was asked */
static int report(const char *dev, const char *what, int ret)
{
	if (ret > 0)
		fprintf(stderr, "fdp_status: %s: %s: NVMe status 0x%x: %s\n", dev, what,
			ret, nvme_status_to_string(ret, false));
	else
		fprintf(stderr, "fdp_status: %s: %s: %s\n", dev, what, strerror(errno));
	return 1;
}

/* the low 64 bits of a 128-bit little-endian log counter; 1 if it is larger */
static int counter(const __u8 c[16], unsigned long long *v)
{
	__u64 lo, hi;

	memcpy(&lo, c, 8);
	memcpy(&hi, c + 8, 8);
	*v = le64toh(lo);
	return hi != 0;
}

static int print_stats(int fd, const char *dev, __u16 egid)
{
	struct nvme_fdp_stats_log log;
	unsigned long long hbmw, mbmw, mbe;
	int ret;

	ret = nvme_get_log_fdp_stats(fd, egid, 0, sizeof(log), &log);
	if (ret)
		return report(dev, "FDP statistics log page", ret);
	if (counter(log.hbmw, &hbmw) | counter(log.mbmw, &mbmw) | counter(log.mbe, &mbe)) {
		fprintf(stderr, "fdp_status: %s: an FDP statistics counter exceeds 2^64\n", dev);
		return 1;
	}
	printf("stats egid=%u hbmw=%llu mbmw=%llu mbe=%llu\n", egid, hbmw, mbmw, mbe);
	return 0;
}

static int print_ruhs(int fd, const char *dev, __u32 nsid)
{
	struct nvme_fdp_ruh_status hdr, *st;
	unsigned int i, n;
	size_t len;
	int ret;

	/* the header says how many descriptors there are; then all of them */
	ret = nvme_fdp_reclaim_unit_handle_status(fd, nsid, sizeof(hdr), &hdr);
	if (ret)
		return report(dev, "reclaim unit handle status", ret);
	n = le16toh(hdr.nruhsd);
	len = sizeof(*st) + n * sizeof(st->ruhss[0]);
	st = calloc(1, len);
	if (!st) {
		fprintf(stderr, "fdp_status: out of memory\n");
		return 1;
	}
	ret = nvme_fdp_reclaim_unit_handle_status(fd, nsid, len, st);
	if (ret) {
		free(st);
		return report(dev, "reclaim unit handle status", ret);
	}
	for (i = 0; i < n; i++)
		printf("ruh pid=%u ruhid=%u ruamw=%llu\n", le16toh(st->ruhss[i].pid),
		       le16toh(st->ruhss[i].ruhid),
		       (unsigned long long)le64toh(st->ruhss[i].ruamw));
	free(st);
	return 0;
}

int main(int argc, char **argv)
{
	struct nvme_id_ns id;
	const char *dev;
	__u32 nsid;
	__u16 egid;
	int fd, ret;

	if (argc != 2) {
		fprintf(stderr, "usage: fdp_status DEVICE (an NVMe namespace: /dev/ngXnY)\n");
		return 2;
	}
	dev = argv[1];
	fd = open(dev, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "fdp_status: %s: %s\n", dev, strerror(errno));
		return 1;
	}
	ret = nvme_get_nsid(fd, &nsid);
	if (ret) {
		ret = report(dev, "namespace id", ret);
		goto out;
	}
	ret = nvme_identify_ns(fd, nsid, &id);
	if (ret) {
		ret = report(dev, "identify namespace", ret);
		goto out;
	}
	egid = le16toh(id.endgid);
	if (!egid) {
		fprintf(stderr, "fdp_status: %s: namespace %u is in no endurance group (ENDGID 0)\n",
			dev, nsid);
		ret = 1;
		goto out;
	}
	ret = print_stats(fd, dev, egid) || print_ruhs(fd, dev, nsid);
out:
	close(fd);
	return ret;
}
