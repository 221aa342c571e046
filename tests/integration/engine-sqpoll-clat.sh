#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# engine-sqpoll-clat: with sqthread_poll=1 libfioring reports no slat and a
# clat that is the I/O's real latency, at iodepth 1 and 16 on zram; the same
# jobs through fio's own io_uring engine show fio issue #1484 (clat in
# seconds) when this fio has the bug, which proves the checks can fail.
#
# The yardstick is Little's law: a closed loop of QD I/Os completing at
# IOPS has a mean latency of QD / IOPS, whatever mode it runs in.  SQPOLL's
# clat must be within 0.5x-1.5x of that, and within 0.5x-1.5x of the total
# latency without SQPOLL whenever both modes ran at a comparable rate (where
# SQPOLL saves a sleep per I/O it is faster, and the two are not the same
# operating point).  Each figure is the median of 3 interleaved runs.

. "$(dirname "$0")/../lib/common.sh"
need_root
zram_make 512M || skip "cannot hot-add a zram device"
dev=$DEV

# job OUT ENGINE SQPOLL QD: one run; prints "latency_ns iops slat_samples",
# the latency being lat without SQPOLL and clat with it
job() {
	fio_json "$T_TMP/$1.json" --name=sq --filename="$dev" --ioengine="$2" \
		--sqthread_poll="$3" --rw=randread --bs=4k --iodepth="$4" \
		--direct=1 --time_based --runtime=1 --randrepeat=0 ||
		fail "fio $1 failed: $(cat "$T_TMP/$1.json.err")"
	jq -r --arg sq "$3" '.jobs[0].read |
		"\(if $sq == "1" then .clat_ns.mean else .lat_ns.mean end) \(.iops) \(.slat_ns.N)"' "$T_TMP/$1.json"
}

median3() {
	printf '%s\n' "$@" | sort -g | sed -n 2p
}

# little QD IOPS: Little's law's mean latency in ns
little() {
	awk -v qd="$1" -v iops="$2" 'BEGIN { printf "%.0f", 1e9 * qd / iops }'
}

ours=external:$FIORING_ENGINE
bug_seen=0
for qd in 1 16; do
	l0= i0= c1= i1= fc= fi=
	for run in 1 2 3; do
		set -- $(job a "$ours" 0 $qd)
		l0="$l0 $1" i0="$i0 $2"
		set -- $(job b "$ours" 1 $qd)
		c1="$c1 $1" i1="$i1 $2"
		[ "$3" = 0 ] || fail "qd=$qd: $3 slat samples under SQPOLL, want none"
		set -- $(job c io_uring 1 $qd)
		fc="$fc $1" fi="$fi $2"
	done
	echo "qd=$qd fioring sqpoll=0: lat ns:$l0, IOPS:$i0"
	echo "qd=$qd fioring sqpoll=1: clat ns:$c1, IOPS:$i1"
	echo "qd=$qd fio io_uring sqpoll=1: clat ns:$fc, IOPS:$fi"
	l0=$(median3 $l0) i0=$(median3 $i0) c1=$(median3 $c1) i1=$(median3 $i1)
	fc=$(median3 $fc) fi=$(median3 $fi)

	ratio_between "$c1" "$(little $qd "$i1")" 0.5 1.5 ||
		fail "qd=$qd: SQPOLL clat $c1 ns is not within 0.5x-1.5x of QD/IOPS $(little $qd "$i1") ns"
	ratio_between "$l0" "$(little $qd "$i0")" 0.5 1.5 ||
		fail "qd=$qd: non-SQPOLL lat $l0 ns is not within 0.5x-1.5x of QD/IOPS $(little $qd "$i0") ns"
	# Little's law ties latency to 1/IOPS: rates within 0.75x-1.33x mean
	# latencies that must be well within 0.5x-1.5x of each other
	if ratio_between "$i1" "$i0" 0.75 1.333; then
		ratio_between "$c1" "$l0" 0.5 1.5 ||
			fail "qd=$qd: SQPOLL clat $c1 ns is not within 0.5x-1.5x of lat $l0 ns without SQPOLL"
		echo "qd=$qd: SQPOLL clat $c1 ns vs lat $l0 ns without SQPOLL: comparable"
	else
		echo "qd=$qd: SQPOLL ran at $i1 IOPS, without SQPOLL $i0: not one operating point, each held to QD/IOPS"
	fi
	ratio_between "$fc" "$(little $qd "$fi")" 0.5 1.5 || bug_seen=1
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
