#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# engine-verify: fio's verify= (crc32c and md5, with verify_backlog) passes
# through libfioring on a regular file, zram and a loop device (TEST_DEV if
# set), for the
# combinations of fixedbufs, registerfiles, sqthread_poll and nonvectored.
# A corrupting engine would fail here: the control run writes through one
# engine setting and verifies with a different one.

. "$(dirname "$0")/../lib/common.sh"
need_root
zram_make 256M || skip "cannot hot-add a zram device"
zram=$DEV
test_dev 64M || skip "cannot make a loop device"
dev=$DEV
file=$T_TMP/verify.dat

combos="
--nonvectored=0
--nonvectored=1
--fixedbufs=1
--registerfiles=1
--sqthread_poll=1
--sqthread_poll=1,--fixedbufs=1,--registerfiles=1
--sqthread_poll=1,--nonvectored=0
--fixedbufs=1,--registerfiles=1,--nonvectored=1"

n=0
for target in "$file" "$zram" "$dev"; do
	for v in crc32c md5; do
		for c in $combos; do
			opts=$(echo "$c" | tr ',' ' ')
			n=$((n + 1))
			out=$T_TMP/v$n.json
			# shellcheck disable=SC2086
			fio_json "$out" --name=verify --filename="$target" \
				--ioengine="external:$FIORING_ENGINE" $opts \
				--rw=randwrite --bs=4k --iodepth=16 --direct=1 --size=16M \
				--verify="$v" --verify_backlog=128 --verify_fatal=1 --verify_state_save=0 \
				--randrepeat=0 ||
				fail "$target $v $opts: $(cat "$out.err")"
			err=$(jqr "$out" '.jobs[0].error')
			reads=$(jqr "$out" '.jobs[0].read.total_ios')
			[ "$err" = 0 ] || fail "$target $v $opts: job error $err"
			[ "$reads" -ge 4096 ] ||
				fail "$target $v $opts: only $reads verify reads"
		done
	done
	# written with one setting, read back and checked with another
	fio_json "$T_TMP/w.json" --name=w --filename="$target" \
		--ioengine="external:$FIORING_ENGINE" --sqthread_poll=1 --fixedbufs=1 \
		--rw=write --bs=64k --iodepth=8 --direct=1 --size=16M \
		--verify=crc32c --do_verify=0 --verify_state_save=0 || fail "$target: write pass failed"
	fio_json "$T_TMP/r.json" --name=w --filename="$target" \
		--ioengine="external:$FIORING_ENGINE" --nonvectored=0 \
		--rw=read --bs=64k --iodepth=8 --direct=1 --size=16M \
		--verify=crc32c --verify_only=1 --verify_state_save=0 ||
		fail "$target: verify_only pass failed: $(cat "$T_TMP/r.json.err")"
	echo "$target: verified"
done
echo "$n verify jobs passed"

# Negative control: a flipped block must be caught through the engine.
printf 'fioring-corrupt' | dd of="$file" bs=1 seek=$((5 * 65536 + 100)) conv=notrunc 2>/dev/null
if fio_json "$T_TMP/c.json" --name=w --filename="$file" \
	--ioengine="external:$FIORING_ENGINE" --rw=read --bs=64k --iodepth=8 \
	--direct=1 --size=16M --verify=crc32c --verify_only=1 --verify_state_save=0; then
	fail "verify passed over a corrupted block: verification is not happening"
fi
echo "corrupted block detected"
