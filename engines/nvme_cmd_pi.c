// SPDX-License-Identifier: GPL-2.0
/*
 * nvme_cmd_pi.c: end-to-end protection information for NVMe passthrough.
 *
 * With pi_act=1 (PRACT) the controller makes the PI of a write and checks
 * and strips it on a read; with pi_act=0 the host makes it: for each LBA
 * of a write this file puts a guard (CRC-16 T10-DIF), an application tag
 * and, for types 1 and 2, a reference tag (the LBA's low 32 bits) in the
 * 8 PI bytes of the LBA's metadata, interleaved in the data buffer
 * (extended LBA) or in the separate metadata buffer; and a read's PI is
 * checked again on completion.  pi_chk= says which fields the controller
 * checks (PRCHK) and so which the host fills and checks.  The layout
 * follows the NVM command set specification: PI in the first or the last
 * 8 bytes of the metadata (DPS.PIP); when last, the guard covers the
 * metadata bytes before it as well.  Only the 16-bit guard format exists
 * here (nvme_cmd.c refuses the others).
 */
#include <errno.h>
#include <string.h>
#include <endian.h>
#include <libnvme.h>

#include "fio.h"
#include "fioring_options.h"
#include "nvme_cmd.h"

/* the PI tuple of a 16-bit guard format, big endian on the media */
struct nvme_cmd_pi {
	__be16 guard;
	__be16 apptag;
	__be32 reftag;
};

/* an application tag of all ones turns checking off for that LBA */
#define NVME_CMD_PI_APP_ESCAPE	0xffff
#define NVME_CMD_PI_REF_ESCAPE	0xffffffff

/* CRC-16 T10-DIF: polynomial 0x8bb7, no reflection, initial value 0 */
static __u16 nvme_cmd_crc16(__u16 crc, const unsigned char *p, size_t len)
{
	static __u16 table[256];
	static bool ready;
	unsigned int i, j;

	if (!ready) {
		for (i = 0; i < 256; i++) {
			__u16 c = i << 8;

			for (j = 0; j < 8; j++)
				c = c & 0x8000 ? (c << 1) ^ 0x8bb7 : c << 1;
			table[i] = c;
		}
		ready = true;
	}
	while (len--)
		crc = (crc << 8) ^ table[((crc >> 8) ^ *p++) & 0xff];
	return crc;
}

int nvme_cmd_pi_parse(const char *pi_chk, __u32 *prchk)
{
	static const struct {
		const char *name;
		__u32 bit;
	} fields[] = {
		{ "GUARD", NVME_IO_PRINFO_PRCHK_GUARD },
		{ "REFTAG", NVME_IO_PRINFO_PRCHK_REF },
		{ "APPTAG", NVME_IO_PRINFO_PRCHK_APP },
	};
	const char *p = pi_chk;
	unsigned int i;
	size_t len;

	*prchk = 0;
	while (p && *p) {
		len = strcspn(p, ",");
		for (i = 0; i < FIO_ARRAY_SIZE(fields); i++)
			if (len == strlen(fields[i].name) && !strncmp(p, fields[i].name, len))
				break;
		if (i == FIO_ARRAY_SIZE(fields)) {
			log_err("fioring: pi_chk=%s: '%.*s' is not GUARD, REFTAG or APPTAG\n",
				pi_chk, (int)len, p);
			return -EINVAL;
		}
		*prchk |= fields[i].bit;
		p += len + (p[len] == ',');
	}
	return 0;
}

/*
 * Walks the LBAs of @io_u: for each, its data, the metadata bytes the guard
 * covers after the data and the PI tuple.
 */
struct nvme_cmd_pi_lba {
	unsigned char *data;
	unsigned char *md;
	unsigned int md_covered;
	struct nvme_cmd_pi *pi;
};

static void nvme_cmd_pi_at(const struct nvme_cmd_ns *ns, struct io_u *io_u, void *md_buf,
			   unsigned int i, struct nvme_cmd_pi_lba *l)
{
	unsigned int data = 1U << ns->lba_shift;

	l->data = (unsigned char *)io_u->xfer_buf + (size_t)i * ns->lba_size;
	l->md = ns->ext ? l->data + data : (unsigned char *)md_buf + (size_t)i * ns->ms;
	l->md_covered = ns->pi_first ? 0 : ns->ms - NVME_CMD_PI_SIZE;
	l->pi = (struct nvme_cmd_pi *)(l->md + l->md_covered);
}

static __u16 nvme_cmd_pi_guard(const struct nvme_cmd_ns *ns, const struct nvme_cmd_pi_lba *l)
{
	__u16 crc = nvme_cmd_crc16(0, l->data, 1U << ns->lba_shift);

	return nvme_cmd_crc16(crc, l->md, l->md_covered);
}

static bool nvme_cmd_pi_has_ref(const struct nvme_cmd_ns *ns)
{
	return ns->pi_type == NVME_NS_DPS_PI_TYPE1 || ns->pi_type == NVME_NS_DPS_PI_TYPE2;
}

void nvme_cmd_pi_fill(struct thread_data *td, struct nvme_cmd_job *job,
		      struct io_u *io_u, struct nvme_uring_cmd *cmd, void *md)
{
	struct fioring_options *o = td->eo;
	const struct nvme_cmd_ns *ns = io_u->file->engine_data;
	__u32 prchk = job->prinfo >> 16;
	__u64 slba = ((__u64)cmd->cdw11 << 32) | cmd->cdw10;
	unsigned int i, nlb = (cmd->cdw12 & 0xffff) + 1;
	struct nvme_cmd_pi_lba l;

	cmd->cdw12 |= job->prinfo;
	/* the expected initial reference tag, for types 1 and 2 */
	if (nvme_cmd_pi_has_ref(ns) && (prchk & NVME_IO_PRINFO_PRCHK_REF))
		cmd->cdw14 = (__u32)slba;
	if (prchk & NVME_IO_PRINFO_PRCHK_APP)
		cmd->cdw15 = o->apptag_mask << 16 | o->apptag;

	if (o->pi_act || io_u->ddir != DDIR_WRITE || cmd->opcode != nvme_cmd_write)
		return;
	for (i = 0; i < nlb; i++) {
		nvme_cmd_pi_at(ns, io_u, md, i, &l);
		memset(l.pi, 0, sizeof(*l.pi));
		if (prchk & NVME_IO_PRINFO_PRCHK_GUARD)
			l.pi->guard = htobe16(nvme_cmd_pi_guard(ns, &l));
		if (prchk & NVME_IO_PRINFO_PRCHK_APP)
			l.pi->apptag = htobe16(o->apptag);
		if ((prchk & NVME_IO_PRINFO_PRCHK_REF) && nvme_cmd_pi_has_ref(ns))
			l.pi->reftag = htobe32((__u32)(slba + i));
	}
}

int nvme_cmd_pi_verify(struct thread_data *td, struct nvme_cmd_job *job,
		       struct io_u *io_u, const void *md)
{
	struct fioring_options *o = td->eo;
	const struct nvme_cmd_ns *ns = io_u->file->engine_data;
	__u32 prchk = job->prinfo >> 16;
	__u64 slba = io_u->offset / ns->lba_size;
	unsigned int i, nlb = io_u->xfer_buflen / ns->lba_size;
	struct nvme_cmd_pi_lba l;
	__u16 want16, got16;
	__u32 want32, got32;

	for (i = 0; i < nlb; i++) {
		nvme_cmd_pi_at(ns, io_u, (void *)md, i, &l);
		got16 = be16toh(l.pi->apptag);
		if (got16 == NVME_CMD_PI_APP_ESCAPE &&
		    (ns->pi_type != NVME_NS_DPS_PI_TYPE3 ||
		     be32toh(l.pi->reftag) == NVME_CMD_PI_REF_ESCAPE))
			continue;
		if (prchk & NVME_IO_PRINFO_PRCHK_GUARD) {
			want16 = nvme_cmd_pi_guard(ns, &l);
			got16 = be16toh(l.pi->guard);
			if (want16 != got16)
				goto guard;
		}
		if (prchk & NVME_IO_PRINFO_PRCHK_APP) {
			want16 = o->apptag & o->apptag_mask;
			got16 = be16toh(l.pi->apptag) & o->apptag_mask;
			if (want16 != got16)
				goto apptag;
		}
		if ((prchk & NVME_IO_PRINFO_PRCHK_REF) && nvme_cmd_pi_has_ref(ns)) {
			want32 = (__u32)(slba + i);
			got32 = be32toh(l.pi->reftag);
			if (want32 != got32) {
				log_err("fioring: %s: LBA %llu: reference tag 0x%x, expected 0x%x\n",
					io_u->file->file_name, (unsigned long long)(slba + i),
					got32, want32);
				return -EILSEQ;
			}
		}
	}
	return 0;
guard:
	log_err("fioring: %s: LBA %llu: guard 0x%04x, expected 0x%04x\n",
		io_u->file->file_name, (unsigned long long)(slba + i), got16, want16);
	return -EILSEQ;
apptag:
	log_err("fioring: %s: LBA %llu: application tag 0x%04x, expected 0x%04x (mask 0x%04x)\n",
		io_u->file->file_name, (unsigned long long)(slba + i), got16, want16,
		o->apptag_mask);
	return -EILSEQ;
}
