#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# badfmt.sh: what NVMe passthrough cannot serve is refused at setup, with
# one line naming the problem, before any I/O: namespaces whose format has
# metadata it cannot place (nsid 3: separate metadata, md_per_io_size too
# small or missing), option values fio's io_uring_cmd does not know, block
# sizes and offsets that are not whole LBAs (nsid 1 has 4 KiB LBAs) or more
# than the controller transfers in one command (qemu: 512 KiB), and
# operations passthrough cannot express (nowait).  Each refusal
# is checked for its message and for fio's non-zero exit.

. /tests/lib/common.sh
need_ng
need_engine

# refused WHAT PATTERN FIO-ARGS...: fio must fail with a message matching PATTERN
refused() {
	what=$1 pattern=$2
	shift 2
	if fio_engine "$T_TMP/r.json" --name=bad "$@"; then
		fail "$what: fio ran (exit 0), expected a refusal"
	fi
	grep -q "$pattern" "$T_TMP/r.json.err" ||
		fail "$what: no message matching '$pattern': $(head -n 3 "$T_TMP/r.json.err")"
	grep -m1 "fioring" "$T_TMP/r.json.err"
}

ng3=$(ng_of_nsid 3 | head -n 1)
refused "nsid 3 without md_per_io_size" "md_per_io_size=0 is too small: bs=4096 needs 64 bytes" \
	--filename="$ng3" --rw=read --bs=4k --size=1m
refused "pi_chk=CRC" "pi_chk=CRC: 'CRC' is not GUARD, REFTAG or APPTAG" \
	--filename="$ng3" --rw=read --bs=4k --size=1m --md_per_io_size=64 --pi_chk=CRC
refused "pi_chk=REFTAG on PI type 3" "has PI type 3, which has no reference tag" \
	--filename="$(ng_of_nsid 6 | head -n 1)" --rw=read --bs=4k --size=1m --md_per_io_size=128 \
	--pi_chk=REFTAG

ng=$(ng_of_nsid 1 | head -n 1)
refused "bs=512 on 4k LBAs" "bs=512 is not a multiple of the namespace's LBA size (4096)" \
	--filename="$ng" --rw=read --bs=512 --size=1m
refused "offset=512" "offset=512 is not a multiple" \
	--filename="$ng" --rw=read --bs=4k --size=1m --offset=512
refused "bs=4m" "bs=4194304 is larger than the largest transfer the namespace takes" \
	--filename="$ng" --rw=read --bs=4m --size=8m
refused "bsrange 2k-8k" "bs=2048 is not a multiple" \
	--filename="$ng" --rw=randwrite --bsrange=2k-8k --size=1m
refused "write_mode on a read job" "write_mode applies to writes" \
	--filename="$ng" --rw=read --bs=4k --size=1m --write_mode=zeroes
refused "cmd_type=scsi" "cmd_type" \
	--filename="$ng" --rw=read --bs=4k --size=1m --cmd_type=scsi
refused "nowait" "nowait does not apply" \
	--filename="$ng" --rw=read --bs=4k --size=1m --nowait=1
refused "a char device that is not NVMe" "not an NVMe generic" \
	--filename=/dev/zero --rw=read --bs=4k --size=1m

pass "11 bad jobs refused at setup"
