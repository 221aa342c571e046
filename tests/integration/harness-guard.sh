#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-guard.sh: the blkid guard.  A write job against a loop device that
# carries an ext4 filesystem, or is mounted, or holds a partition table, is
# refused with one line that says why, before anything is written or any
# results directory made; the filesystem is intact afterwards.  A read job
# on the same device runs.
# mkfs.ext4 zeroes the end of the device with WRITE_ZEROES, which a loop
# device over tmpfs does not take: the kernel logs it, mkfs writes zeroes
# kmsg-expect: operation not supported error, dev loop[0-9]+, .*\(WRITE_ZEROES\)

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
ext4_loop 64M
dev=$DEV
before=$UUID

# sweep NAME JOB: a 1-s sweep of JOB on dev
sweep() {
	"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/$2.fio" \
		--engine io_uring --iostats 1 --repeat 1 --runtime 1 \
		--out "$T_TMP/$1" --state "$T_TMP/journal" >"$T_TMP/$1.log" 2>&1
}

sweep write randwrite-qd32 && fail "a write job ran on a device with ext4"
cat "$T_TMP/write.log"
grep -q "refusing to write to $dev: .*filesystem.*ext4" "$T_TMP/write.log" ||
	fail "the refusal does not name the filesystem"
[ "$(wc -l <"$T_TMP/write.log")" -eq 1 ] || fail "the refusal is not one line"
[ ! -e "$T_TMP/write" ] || fail "a refused sweep made its results directory"
[ "$(blkid -o value -s UUID "$dev")" = "$before" ] || fail "the filesystem was damaged"

mkdir "$T_TMP/mnt"
mount "$dev" "$T_TMP/mnt" || fail "cannot mount $dev"
at_exit "umount $T_TMP/mnt"
sweep mounted randwrite-qd32 && fail "a write job ran on a mounted device"
cat "$T_TMP/mounted.log"
grep -q "is mounted on" "$T_TMP/mounted.log" || fail "the refusal does not say mounted"
umount "$T_TMP/mnt"

sweep read randread-qd1 || { cat "$T_TMP/read.log"; fail "a read job was refused"; }
[ "$(blkid -o value -s UUID "$dev")" = "$before" ] || fail "the filesystem was damaged"
# a DOS partition table: one Linux partition at sector 2048, 0x55AA
img=$T_TMP/tmpfs/mbr.img
truncate -s 16M "$img"
printf '\000\000\000\000\203\000\000\000\000\010\000\000\000\020\000\000' |
	dd of="$img" bs=1 seek=446 conv=notrunc status=none
printf '\125\252' | dd of="$img" bs=1 seek=510 conv=notrunc status=none
loop_make 16M "$img" || fail "cannot make a loop device over $img"
dev=$DEV
sweep parted randwrite-qd32 && fail "a write job ran on a partitioned device"
cat "$T_TMP/parted.log"
grep -q "refusing to write to $dev: .*\(partition table\|has partitions\)" \
	"$T_TMP/parted.log" || fail "the refusal does not name the partition table"
echo "write refused (ext4, mounted, partition table), read allowed, filesystem intact"
