#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# engine-sqpoll-clat: with sqthread_poll=1 libfioring reports no slat and a
# clat comparable with the total latency of the same job without SQPOLL,
# at iodepth 1 and 16, on zram.  The same jobs through fio's own io_uring
# engine show fio issue #1484 (clat in seconds) when this fio has the bug,
# which proves the comparison can fail.  On 2 cores the SQ thread competes
# with everything else and interference only ever adds latency, so each
# figure is the least of 3 interleaved runs.

. "$(dirname "$0")/../lib/common.sh"
need_root
zram_make 512M || skip "cannot hot-add a zram device"
dev=$DEV

# job OUT ENGINE SQPOLL QD FILTER: one run, prints FILTER of its JSON
job() {
	fio_json "$T_TMP/$1.json" --name=sq --filename="$dev" --ioengine="$2" \
		--sqthread_poll="$3" --rw=randread --bs=4k --iodepth="$4" \
		--direct=1 --time_based --runtime=1 --randrepeat=0 ||
		fail "fio $1 failed: $(cat "$T_TMP/$1.json.err")"
	jqr "$T_TMP/$1.json" "$5"
}

least() {
	printf '%s\n' "$@" | sort -g | head -n 1
}

ours=external:$FIORING_ENGINE
bug_seen=0
for qd in 1 16; do
	lat0= clat1= fclat=
	for i in 1 2 3; do
		lat0="$lat0 $(job a "$ours" 0 $qd .jobs[0].read.lat_ns.mean)"
		clat1="$clat1 $(job b "$ours" 1 $qd .jobs[0].read.clat_ns.mean)"
		slat=$(jqr "$T_TMP/b.json" .jobs[0].read.slat_ns.N)
		[ "$slat" = 0 ] || fail "qd=$qd: $slat slat samples under SQPOLL, want none"
		fclat="$fclat $(job c io_uring 1 $qd .jobs[0].read.clat_ns.mean)"
	done
	echo "qd=$qd fioring lat(sqpoll=0) ns:$lat0; clat(sqpoll=1) ns:$clat1"
	echo "qd=$qd fio io_uring clat(sqpoll=1) ns:$fclat"
	lat0=$(least $lat0) clat1=$(least $clat1) fclat=$(least $fclat)
	ratio_between "$clat1" "$lat0" 0.5 1.5 ||
		fail "qd=$qd: least SQPOLL clat $clat1 ns is not within 0.5x-1.5x of lat $lat0 ns"
	ratio_between "$fclat" "$lat0" 0.5 1.5 || bug_seen=1
done

# fio >= 3.34 carries the upstream fix; 3.33 must show the bug here.
case $("$FIO" --version) in
fio-3.33*)
	[ $bug_seen = 1 ] ||
		fail "fio 3.33's io_uring did not show the SQPOLL clat bug: the test proves nothing"
	echo "fio's own io_uring engine shows the SQPOLL clat bug; fioring does not"
	;;
esac
exit 0
