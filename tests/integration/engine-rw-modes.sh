#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# engine-rw-modes: read, write, randrw, trim, fsync and fdatasync, direct
# and buffered, through libfioring on a file and a loop device (TEST_DEV if
# set); every job
# completes the I/O it was asked for without error, and the I/O counts
# match what fio's own io_uring engine does for the same job (psync for
# sync_file_range, see below).

. "$(dirname "$0")/../lib/common.sh"
need_root
test_dev 32M || skip "cannot make a loop device"
dev=$DEV
file=$T_TMP/rw.dat

# run NAME ENGINE ARGS...: prints "reads writes trims syncs error"
run() {
	name=$1 engine=$2
	shift 2
	fio_json "$T_TMP/$name.json" --name="$name" --ioengine="$engine" \
		--size=8M --bs=4k --iodepth=8 --randseed=42 "$@" ||
		fail "$name ($engine): $(cat "$T_TMP/$name.json.err")"
	jqr "$T_TMP/$name.json" '.jobs[0] | "\(.read.total_ios) \(.write.total_ios) \(.trim.total_ios) \(.sync.total_ios) \(.error)"'
}

# check LABEL ARGS...: fioring against fio's io_uring (or the engine in $ref)
check() {
	label=$1
	shift
	ours=$(run ours "external:$FIORING_ENGINE" "$@")
	theirs=$(run theirs "${ref:-io_uring}" "$@")
	echo "$label: fioring [$ours] ${ref:-io_uring} [$theirs]"
	# how many syncs a job issues depends on timing; the other I/O does not
	[ "${ours% * *}" = "${theirs% * *}" ] ||
		fail "$label: fioring and io_uring did different I/O"
	set -- $ours
	# fio counts fsync in sync.total_ios, fdatasync nowhere
	case "$label" in
	*+fsync) [ "$4" -gt 0 ] || fail "$label: no fsync issued" ;;
	esac
	[ "$5" = 0 ] || fail "$label: job error $5"
	[ $(($1 + $2 + $3)) -gt 0 ] || fail "$label: no I/O done"
}

for target in "$file" "$dev"; do
	for direct in 0 1; do
		t="$target direct=$direct"
		check "$t read" --filename="$target" --direct=$direct --rw=read
		check "$t write" --filename="$target" --direct=$direct --rw=write
		check "$t randrw" --filename="$target" --direct=$direct --rw=randrw
		check "$t write+fsync" --filename="$target" --direct=$direct --rw=write --fsync=8
		check "$t randwrite+fdatasync" --filename="$target" --direct=$direct --rw=randwrite --fdatasync=8
	done
done
check "$dev trim" --filename="$dev" --direct=1 --rw=randtrim
# sync_file_range against psync, fio's own sync_file_range(2) path: fio
# 3.41's io_uring engine fails its first one with EINVAL (3.33's does not);
# fio 3.41 also asks for one when no write completed since the last, which
# psync, and fioring, complete as nothing to sync
ref=psync check "$file sync_file_range" --filename="$file" --rw=write --sync_file_range=write:8
