#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# testdev-guard: TEST_DEV (the user's device for the device tests) is
# refused with one line naming why when it is not a block device, carries
# a signature (swap, a file system) or is mounted, and taken when it is
# blank or TEST_DEV_FORCE=1 says so; one smaller than a test needs skips
# that test.  Checked on loop devices made here, through test_dev in
# tests/lib/common.sh, as every device test calls it.
# mkfs.ext4 zeroes the end of the device with WRITE_ZEROES, which a loop
# device over tmpfs does not take: the kernel logs it, mkfs writes zeroes
# kmsg-expect: operation not supported error, dev loop[0-9]+, .*\(WRITE_ZEROES\)

. "$(dirname "$0")/../lib/common.sh"
need_root
command -v mkswap >/dev/null && command -v mkfs.ext4 >/dev/null ||
	skip "needs mkswap and mkfs.ext4 (util-linux, e2fsprogs)"
loop_make 64M || skip "cannot make a loop device"
dev=$DEV

# try WANT-RC PATTERN SIZE [VAR=VALUE...]: test_dev SIZE in a subshell with
# the settings given exits WANT-RC (0: it returned) with a line matching
# PATTERN
try() {
	want=$1 pattern=$2 size=$3
	shift 3
	(
		for kv in "$@"; do
			export "${kv?}"
		done
		test_dev "$size"
		echo "DEV=$DEV"
	) >"$T_TMP/try" 2>&1
	rc=$?
	[ $rc -eq "$want" ] || fail "$* test_dev $size: exit $rc, want $want: $(cat "$T_TMP/try")"
	grep -q -- "$pattern" "$T_TMP/try" ||
		fail "$* test_dev $size: no line matching '$pattern': $(cat "$T_TMP/try")"
	echo "$* test_dev $size: $(grep -- "$pattern" "$T_TMP/try" | head -n 1)"
}

try 0 "^DEV=$dev\$" 32M TEST_DEV="$dev"
try 77 "^SKIP: TEST_DEV=$dev holds 67108864 bytes, this test needs 1G" 1G TEST_DEV="$dev"
try 1 "^FAIL: TEST_DEV=$T_TMP is not a block device" 32M TEST_DEV="$T_TMP"

mkswap -q "$dev" >/dev/null || fail "mkswap $dev failed"
try 1 "^FAIL: TEST_DEV=$dev carries a signature (TYPE=swap)" 32M TEST_DEV="$dev"
try 0 "^DEV=$dev\$" 32M TEST_DEV="$dev" TEST_DEV_FORCE=1

# lazy init: no zeroing, so no write-zeroes the loop device may not take
mkfs.ext4 -q -F -E nodiscard,lazy_itable_init=1,lazy_journal_init=1 "$dev" ||
	fail "mkfs.ext4 $dev failed"
mkdir "$T_TMP/mnt"
mount "$dev" "$T_TMP/mnt" || fail "cannot mount $dev"
at_exit "umount $T_TMP/mnt"
try 1 "^FAIL: TEST_DEV=$dev (or a partition of it) is mounted on $T_TMP/mnt" 32M TEST_DEV="$dev"
umount "$T_TMP/mnt"
try 1 "^FAIL: TEST_DEV=$dev carries a signature (TYPE=ext4)" 32M TEST_DEV="$dev"
exit 0
