#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# engine-block-compat: options a job file brings from fio's io_uring engine
# mean what they meant there, or what they were meant to mean.
#  - uncached=1 on buffered I/O leaves nothing in the page cache (checked
#    with fincore on ext4 over zram), where uncached=0 leaves the whole
#    file: fioring sends RWF_DONTCACHE (6.14+).  fio 3.33's own io_uring
#    sends RWF_UNCACHED, 0x40, a flag that was never merged (since 6.11 it
#    is RWF_ATOMIC): its reads fail, printed for the record.  On a file the
#    kernel refuses it for, one line says so.
#  - sqthread_poll_cpu without sqthread_poll is accepted and ignored, by
#    fio's io_uring and by fioring alike (what 6.18 did with each:
#    docs/notes/2026-12-engine-block-compat.md).
#  - the ring is set up with IORING_SETUP_DEFER_TASKRUN as fio's io_uring
#    sets it, and without with defer_taskrun=0 (the flags io_uring_setup()
#    got, as strace shows them); a bad value is refused by fio's parser.
# mkfs.ext4 zeroes the end of the device with WRITE_ZEROES, which a loop
# device over tmpfs does not take: the kernel logs it, mkfs writes zeroes
# kmsg-expect: operation not supported error, dev loop[0-9]+, .*\(WRITE_ZEROES\)

. "$(dirname "$0")/../lib/common.sh"
need_root
command -v fincore >/dev/null || skip "fincore (util-linux) is not installed"
command -v mkfs.ext4 >/dev/null || skip "mkfs.ext4 (e2fsprogs) is not installed"
zram_make 256M || skip "cannot hot-add a zram device"
dev=$DEV
mkfs.ext4 -q "$dev" || fail "mkfs.ext4 $dev failed"
mkdir -p "$T_TMP/mnt"
mount "$dev" "$T_TMP/mnt" || fail "cannot mount $dev"
at_exit "umount $T_TMP/mnt"
file=$T_TMP/mnt/data
ours=external:$FIORING_ENGINE

fio_json "$T_TMP/lay.json" --name=lay --filename="$file" --ioengine="$ours" --rw=write \
	--bs=1M --size=64M --end_fsync=1 || fail "laying out $file: $(cat "$T_TMP/lay.json.err")"

# cached_after UNCACHED: bytes of the file in the page cache after a
# buffered read of all of it (fio invalidates the file's cache first)
cached_after() {
	fio_json "$T_TMP/u$1.json" --name=u --filename="$file" --ioengine="$ours" \
		--uncached="$1" --rw=read --bs=64k --iodepth=8 --size=64M ||
		fail "uncached=$1: fio failed: $(cat "$T_TMP/u$1.json.err")"
	[ "$(jqr "$T_TMP/u$1.json" '.jobs[0].read.io_bytes')" -eq $((64 << 20)) ] ||
		fail "uncached=$1: not all 64 MiB read"
	fincore -b -n -o RES "$file" | tr -d ' '
}
kept=$(cached_after 0)
dropped=$(cached_after 1)
echo "page cache after a 64 MiB buffered read: uncached=0 $kept bytes, uncached=1 $dropped bytes"
[ "$kept" -ge $((48 << 20)) ] || fail "uncached=0 kept only $kept bytes cached: the check proves nothing"
[ "$dropped" -le $((4 << 20)) ] || fail "uncached=1 left $dropped bytes in the page cache"

if "$FIO" --name=own --filename="$file" --ioengine=io_uring --uncached=1 --rw=read \
	--bs=64k --size=1M --output=/dev/null 2>"$T_TMP/own.err"; then
	echo "for the record, fio's io_uring uncached=1 read without error here"
else
	echo "for the record, fio's io_uring uncached=1: $(grep -m1 "io_u error" "$T_TMP/own.err")"
fi

# a block device has no RWF_DONTCACHE (6.18): one line naming it
expect_block() {
	"$FIO" --name=blk --filename="$1" --ioengine="$ours" --uncached=1 --rw=read \
		--bs=64k --size=1M --output=/dev/null >"$T_TMP/blk.out" 2>&1
}
loop_make 16M || skip "cannot make a loop device"
if expect_block "$DEV"; then
	echo "this kernel takes RWF_DONTCACHE on a block device"
else
	grep -q "fioring: uncached=1: the kernel refused RWF_DONTCACHE on $DEV" "$T_TMP/blk.out" ||
		fail "uncached=1 refused on $DEV without the engine's line: $(cat "$T_TMP/blk.out")"
	[ "$(grep -c 'fioring: uncached=1' "$T_TMP/blk.out")" -eq 1 ] ||
		fail "the refusal was said more than once"
	echo "uncached=1 on $DEV: $(grep 'fioring: uncached' "$T_TMP/blk.out")"
fi

for eng in io_uring "$ours"; do
	"$FIO" --name=cpu --filename="$file" --ioengine="$eng" --sqthread_poll_cpu=0 \
		--rw=read --bs=4k --size=1M --output=/dev/null >"$T_TMP/cpu.out" 2>&1 ||
		fail "$eng: sqthread_poll_cpu without sqthread_poll refused: $(cat "$T_TMP/cpu.out")"
done
echo "sqthread_poll_cpu without sqthread_poll: accepted by fio's io_uring and fioring"

# defer DEFER: 1 when the job's io_uring_setup() asked for DEFER_TASKRUN
# (strace names the flags it knows and prints the others as hex)
defer() {
	strace -f -e trace=io_uring_setup -o "$T_TMP/setup.st" "$FIO" --name=d \
		--filename="$file" --ioengine="$ours" --defer_taskrun="$1" --rw=read \
		--bs=4k --size=64k --output=/dev/null >/dev/null 2>&1 ||
		fail "defer_taskrun=$1: fio failed"
	flags=$(sed -n 's/.*io_uring_setup([0-9]*, {flags=\([^,]*\),.*= [0-9].*/\1/p' "$T_TMP/setup.st")
	[ -n "$flags" ] || fail "defer_taskrun=$1: no io_uring_setup() in strace's output"
	case $flags in
	*DEFER_TASKRUN*) echo 1; return ;;
	esac
	hex=$(echo "$flags" | tr '|' '\n' | grep -m1 '^0x') || { echo 0; return; }
	echo $(((hex & 0x2000) != 0))
}
[ "$(defer 1)" = 1 ] || fail "defer_taskrun=1: the ring was set up without DEFER_TASKRUN"
[ "$(defer 0)" = 0 ] || fail "defer_taskrun=0: the ring was set up with DEFER_TASKRUN"
"$FIO" --name=d --filename="$file" --ioengine="$ours" --defer_taskrun=x \
	--size=64k --output=/dev/null >"$T_TMP/bad.out" 2>&1 &&
	fail "defer_taskrun=x accepted"
echo "defer_taskrun: DEFER_TASKRUN set by default, not with 0; 'x' refused"
exit 0
