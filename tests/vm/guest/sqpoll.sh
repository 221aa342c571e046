#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# sqpoll.sh: under sqthread_poll=1 on NVMe passthrough, clat is real and
# throughput does not collapse.  fio 3.33's own engines never stamp issue
# time under SQPOLL, so their clat there is the age of a stale stamp (in
# this guest, its uptime: seconds); the engine stamps every committed batch.
#
# At iodepth 1 (in the boot with nvme_core.multipath=Y) and 16 (with
# multipath=N), 8 interleaved pairs of 1 s runs with and without SQPOLL.
# Nothing here depends on the multipath mode (a head's generic device
# passes each command to a path's, nvme_find_path, the same uring_cmd
# below): the two boots of a kernel run side by side, so each takes one
# depth rather than both running both.  Latency: Little's law, mean
# latency = iodepth / IOPS, holds for SQPOLL's clat and the plain run's
# lat within 0.5x-1.5x; no slat under SQPOLL.  Throughput, always judged:
# the slowest SQPOLL run >= 0.25x the median plain run (a wait that
# starves the SQ thread runs one I/O per scheduler tick), and, pinned to
# one CPU (the SQ thread inherits it), the median SQPOLL run >= 0.25x the
# median plain one.  In a one-vCPU guest every run is pinned, so the 8
# pairs answer the pinned question; the slowest run is printed as a
# finding there, not judged: with the SQ thread on the job's only CPU,
# EEVDF kernels (6.6+; 6.12 and 7.3 here, not 6.1 with CFS) leave an
# occasional I/O waiting for the next tick, because the woken job does not
# preempt the spinning SQ thread (HOWTO, "Latency under SQPOLL").  The
# engine must warn about that placement, and where the kernel has EEVDF
# custom slices (6.12+) give the job and its SQ thread 0.1 ms slices and
# say so (7.3 preempts lazily, so the SQ thread's slice matters too; see
# fioring_sqpoll_shared() in engines/fioring.c); 6.1 must not claim it.
# The rates are the guest's alone: with the other guest of make check
# running beside it on the host's cores the rate is the host's load's
# (scripts/vm-lock.sh; the figures: docs/notes/2026-12-sqpoll-slices.md).
# fio's own io_uring_cmd engine is run too, for the record.
# vm-host: alone

. /tests/lib/common.sh
need_ng
need_engine

ng=$(ng_of_nsid 1 | head -n 1)
[ -n "$ng" ] || fail "no generic device for nsid 1"
ncpu=$(nproc)
floor=0.25
depths=16
[ "$(multipath)" = Y ] && depths=1

# run OUT QD SQPOLL [ARGS]: prints "latency_ns iops slat_samples", the
# latency being clat under SQPOLL and lat without
run() {
	name=$1 qd=$2 sq=$3
	shift 3
	fio_engine "$T_TMP/$name.json" --name=lat --filename="$ng" --rw=randread --bs=4k \
		--iodepth="$qd" --size=64m --time_based --runtime=1 --sqthread_poll="$sq" "$@" ||
		fail "randread qd=$qd sqthread_poll=$sq on $ng: $(head -n 3 "$T_TMP/$name.json.err")"
	jq -r --arg sq "$sq" '.jobs[0].read |
		"\(if $sq == "1" then .clat_ns.mean else .lat_ns.mean end) \(.iops) \(.slat_ns.N)"' \
		"$T_TMP/$name.json"
}

# measure ARGS...: run ARGS, its figures in $fig; a failed run fails the test
measure() {
	fig=$(run "$@") || { echo "$fig"; exit 1; }
}

msg=
for qd in $depths; do
	l0= i0= c1= i1=
	for i in 1 2 3 4 5 6 7 8; do
		measure plain $qd 0
		set -- $fig
		l0="$l0 $1" i0="$i0 $2"
		measure sq $qd 1
		set -- $fig
		c1="$c1 $1" i1="$i1 $2"
		[ "$3" = 0 ] || fail "qd=$qd: $3 slat samples under SQPOLL, want none"
	done
	echo "qd=$qd without SQPOLL: lat ns:$l0, IOPS:$i0"
	echo "qd=$qd SQPOLL: clat ns:$c1, IOPS:$i1"
	m0=$(median $i0) m1=$(median $i1)
	lo1=$(printf '%s\n' $i1 | sort -g | head -n 1)
	r=$(ratio "$lo1" "$m0")
	if [ "$ncpu" -gt 1 ]; then
		ratio_between "$lo1" "$m0" $floor 1000 ||
			fail "qd=$qd: SQPOLL collapsed: slowest run $lo1 IOPS, ${r}x the median $m0 without (floor ${floor}x)"
	elif ! ratio_between "$lo1" "$m0" $floor 1000; then
		echo "finding: qd=$qd: slowest SQPOLL run $lo1 IOPS, ${r}x the median $m0 without, on the one CPU it shares with its SQ thread ($(uname -r)))"
	fi
	if [ "$ncpu" -gt 1 ]; then
		p0= p1=
		for i in 1 2 3; do
			measure pplain $qd 0 --cpus_allowed=0
			set -- $fig
			p0="$p0 $2"
			measure psq $qd 1 --cpus_allowed=0
			set -- $fig
			p1="$p1 $2"
		done
		p0=$(median $p0) p1=$(median $p1)
	else
		p0=$m0 p1=$m1
	fi
	rp=$(ratio "$p1" "$p0")
	ratio_between "$p1" "$p0" $floor 1000 ||
		fail "qd=$qd: pinned SQPOLL collapsed: $p1 IOPS, ${rp}x the $p0 without (floor ${floor}x)"
	# the last SQPOLL run of the one-CPU guest, or the pinned one
	err=$T_TMP/sq.json.err
	[ "$ncpu" -gt 1 ] && err=$T_TMP/psq.json.err
	grep -q "^fioring: warning: .* share it, and SQPOLL slows down" "$err" ||
		fail "qd=$qd: no warning that the job shares its CPU with the SQ thread: $(head -n 2 "$err")"
	if custom_slices; then
		grep -q "the job and its SQ thread now have 0.1 ms scheduler slices" "$err" ||
			fail "qd=$qd: the job sharing its CPU and its SQ thread did not get the short slices on $(uname -r): $(head -n 2 "$err")"
	else
		grep -q "scheduler slice" "$err" &&
			fail "qd=$qd: a short slice claimed on $(uname -r), which has no custom slices"
	fi

	c1=$(median $c1) l0=$(median $l0)
	ratio_between "$c1" "$(little $qd "$m1")" 0.5 1.5 ||
		fail "qd=$qd: SQPOLL clat $c1 ns is not within 0.5x-1.5x of iodepth/IOPS $(little $qd "$m1") ns"
	ratio_between "$l0" "$(little $qd "$m0")" 0.5 1.5 ||
		fail "qd=$qd: lat $l0 ns without SQPOLL is not within 0.5x-1.5x of iodepth/IOPS $(little $qd "$m0") ns"
	msg="$msg${msg:+; }qd=$qd: SQPOLL slowest ${r}x, pinned median ${rp}x ($ncpu CPU), clat $c1 ns vs Little $(little $qd "$m1") ns"
done

if fio --name=lat --filename="$ng" --ioengine=io_uring_cmd --cmd_type=nvme --rw=randread \
	--bs=4k --iodepth=4 --size=64m --time_based --runtime=1 --sqthread_poll=1 \
	--output-format=json --output="$T_TMP/own.json" 2>/dev/null; then
	echo "for the record, fio's io_uring_cmd under SQPOLL, qd=4: clat mean" \
		"$(jqr "$T_TMP/own.json" '.jobs[0].read.clat_ns.mean') ns, Little's law" \
		"$(little 4 "$(jqr "$T_TMP/own.json" '.jobs[0].read.iops')") ns"
fi
pass "$msg"
