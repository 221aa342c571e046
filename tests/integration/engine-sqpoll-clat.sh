#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# engine-sqpoll-clat: with sqthread_poll=1 libfioring reports no slat, a
# clat that is the I/O's real latency, and a throughput that never
# collapses, at iodepth 1 and 16 on zram.  The same jobs through fio's own
# io_uring engine show fio issue #1484 (clat in seconds) when this fio has
# the bug, which proves the latency check can fail.
#
# Latency: Little's law.  A closed loop of QD I/Os completing at IOPS has a
# mean latency of QD / IOPS, whatever mode it runs in: SQPOLL's clat and
# the non-SQPOLL lat must each be within 0.5x-1.5x of it.
# Throughput, judged every time: a wait that starves the SQ thread runs at
# one I/O per scheduler tick (250 IOPS at HZ=250, three orders of magnitude
# down) and Little's law holds there too.  So:
#  - pinned to one CPU (the SQ thread inherits it, the worst placement),
#    the median of 3 interleaved SQPOLL runs is >= 0.25x the median of the
#    same pinned jobs without SQPOLL, and the engine warns about the CPU
#    (and, on kernels with EEVDF custom slices, 6.12+, gives the job and
#    its SQ thread the shortest slice, so that the job's wakeups preempt
#    the SQ thread: the SQ thread's is read back from its /proc sched);
#  - unpinned, over 8 interleaved runs of 1 s, the slowest SQPOLL run is
#    >= 0.25x the median non-SQPOLL run: a collapse happens in some runs
#    only (when the scheduler puts fio and the SQ thread on one CPU).
# Other load can starve the SQ thread too (it polls, so the scheduler sees
# a CPU hog): every SQPOLL run samples the SQ thread's schedstat, and a
# failure says how long it waited for a CPU, how often it ran on the job's
# CPU and the load average, so the cause is named.  It still fails: a machine that cannot give SQPOLL a CPU
# cannot judge it.

. "$(dirname "$0")/../lib/common.sh"
need_root
zram_make 512M || skip "cannot hot-add a zram device"
dev=$DEV
floor=0.25

# cpu_of STAT: sets $cpu to the CPU a task last ran on (field 39 of its
# /proc stat), without a fork
cpu_of() {
	read -r l 2>/dev/null <"$1" || return 1
	set -- ${l#*) }
	shift 36
	cpu=$1
}

# sq_watch PID: while fio PID runs, samples its job's SQ thread
# (iou-sqp-<job pid>) every tenth of a second: its schedstat, and whether
# it last ran on the job thread's CPU, and its EEVDF slice.  At fio's
# exit prints "ns on CPU, ns runnable but waiting for a CPU, samples on the
# job's CPU, samples, slice ns, looks" ("0 0 0 0 -" if never seen; the slice
# "-" where /proc has none, before 6.6; looks: how often it searched for
# the thread).  fio is our child: once it exits it stays a zombie until
# waited for.  Builtin reads but for one sleep a sample: the watcher must
# not be load itself, and under load a search that forked pgrep took up to
# 0.4 s, so that a 1 s job could end unseen.
sq_watch() {
	fio=$1 ss= st="0 0" same=0 n=0 slice=- looks=0
	while read -r _ _ state _ <"/proc/$fio/stat" && [ "$state" != Z ]; do
		if [ -z "$ss" ]; then
			looks=$((looks + 1))
			kids=
			read -r kids 2>/dev/null <"/proc/$fio/task/$fio/children"
			for j in $kids; do
				for c in /proc/"$j"/task/*/comm; do
					read -r comm 2>/dev/null <"$c" || continue
					case $comm in
					iou-sqp-*) ss=${c%comm} job=/proc/${comm#iou-sqp-}/stat ;;
					esac
				done
			done
		fi
		if [ -n "$ss" ] && read -r on wait _ 2>/dev/null <"${ss}schedstat"; then
			st="$on $wait"
			# the last seen: the engine sets it just after the ring exists
			while read -r k _ v; do
				[ "$k" = se.slice ] && slice=$v && break
			done 2>/dev/null <"${ss}sched"
			cpu_of "${ss}stat" && a=$cpu && cpu_of "$job" && n=$((n + 1)) &&
				[ "$a" = "$cpu" ] && same=$((same + 1))
			sleep 0.1
		else
			sleep 0.01
		fi
	done
	echo "$st $same $n $slice $looks"
}

# job OUT ENGINE SQPOLL QD [ARGS]: one run; prints "latency_ns iops
# slat_samples" and sq_watch's six figures, the latency being lat without
# SQPOLL and clat with it
job() {
	name=$1 eng=$2 sq=$3 qd=$4
	shift 4
	"$FIO" --output-format=json --output="$T_TMP/$name.json" --name=sq \
		--filename="$dev" --ioengine="$eng" --sqthread_poll="$sq" --rw=randread \
		--bs=4k --iodepth="$qd" --direct=1 --time_based --runtime=1 --randrepeat=0 \
		"$@" 2>"$T_TMP/$name.json.err" &
	pid=$!
	st=$(sq_watch $pid)
	wait $pid || fail "fio $name failed: $(cat "$T_TMP/$name.json.err")"
	jq -r --arg sq "$sq" --arg st "$st" '.jobs[0].read |
		"\(if $sq == "1" then .clat_ns.mean else .lat_ns.mean end) \(.iops) \(.slat_ns.N) \($st)"' \
		"$T_TMP/$name.json"
}

# measure ARGS...: job ARGS, its figures in $fig; a failed job fails the test
measure() {
	fig=$(job "$@") || { echo "$fig"; exit 1; }
}

min() {
	printf '%s\n' "$@" | sort -g | head -n 1
}

# waited ON WAIT: the share of its runnable time the SQ thread spent off a
# CPU, in percent (it is runnable all the time: it polls)
waited() {
	awk -v on="$1" -v w="$2" 'BEGIN { printf "%.0f", (on + w > 0) ? 100 * w / (on + w) : 0 }'
}

# starved RUNS: of "iops:oncpu_ns:wait_ns:same:samples" runs, how the
# slowest one's SQ thread fared: how long it waited for a CPU (other load
# starving it), how often it was on the job's CPU (the scheduler placing
# them together: each I/O then hands the CPU over twice and the io-wq
# worker runs on the other CPU), and the load.  What a failure must say
# to name its cause.
starved() {
	set -- $(printf '%s\n' $1 | sort -t: -k1,1g | head -n 1 | tr : ' ')
	awk -v on="$2" -v w="$3" 'BEGIN {
		printf "its SQ thread ran %.0f ms and waited for a CPU %.0f ms", on / 1e6, w / 1e6 }'
	echo " ($(waited "$2" "$3")%), ran on the job's CPU in $4 of $5 samples; load average $(cut -d" " -f1-3 /proc/loadavg) on $(nproc) CPUs"
}

ours=external:$FIORING_ENGINE
bug_seen=0
for qd in 1 16; do
	pi0= pi1= pw1= ps1=
	for run in 1 2 3; do
		measure pa "$ours" 0 $qd --cpus_allowed=0
		set -- $fig
		pi0="$pi0 $2"
		measure pb "$ours" 1 $qd --cpus_allowed=0
		set -- $fig
		pi1="$pi1 $2" pw1="$pw1 $(waited $4 $5)%" ps1="$ps1 $2:$4:$5:$6:$7"
		grep -q "fioring: warning: this job runs on one CPU and its SQ thread inherits it" \
			"$T_TMP/pb.json.err" ||
			fail "qd=$qd: no warning that the pinned job shares its CPU with the SQ thread"
		if custom_slices; then
			grep -q "the job and its SQ thread now have 0.1 ms scheduler slices" \
				"$T_TMP/pb.json.err" ||
				fail "qd=$qd: the pinned job sharing its CPU did not get the short slices: $(cat "$T_TMP/pb.json.err")"
			[ "$8" = 100000 ] ||
				fail "qd=$qd: the SQ thread's slice is $8 ns, not the 100000 the engine says it set"
		fi
	done
	p0=$(median $pi0) p1=$(median $pi1)
	r=$(ratio "$p1" "$p0")
	echo "qd=$qd pinned to CPU 0: IOPS sqpoll=0:$pi0, sqpoll=1:$pi1: SQPOLL median ${r}x;" \
		"SQ thread waiting for its CPU:$pw1 (fio holds it)"
	ratio_between "$p1" "$p0" $floor 1000 ||
		fail "qd=$qd: pinned SQPOLL collapsed: $p1 IOPS, ${r}x the $p0 without SQPOLL (floor ${floor}x); in the slowest run $(starved "$ps1")"

	l0= i0= c1= i1= w1= s1=
	for run in 1 2 3 4 5 6 7 8; do
		measure a "$ours" 0 $qd
		set -- $fig
		l0="$l0 $1" i0="$i0 $2"
		measure b "$ours" 1 $qd
		set -- $fig
		c1="$c1 $1" i1="$i1 $2" w1="$w1 $(waited $4 $5)%,$6/$7" s1="$s1 $2:$4:$5:$6:$7"
		[ "$3" = 0 ] || fail "qd=$qd: $3 slat samples under SQPOLL, want none"
		[ "$4" != 0 ] ||
			fail "qd=$qd: no SQ thread seen in the SQPOLL run (searched for it $9 times)"
		grep -q "warning" "$T_TMP/b.json.err" &&
			fail "qd=$qd: an unpinned SQPOLL job was warned about its CPU: $(cat "$T_TMP/b.json.err")"
	done
	fc= fi=
	for run in 1 2 3; do
		measure c io_uring 1 $qd
		set -- $fig
		fc="$fc $1" fi="$fi $2"
	done
	echo "qd=$qd fioring sqpoll=0: lat ns:$l0, IOPS:$i0"
	echo "qd=$qd fioring sqpoll=1: clat ns:$c1, IOPS:$i1, SQ thread waiting for a CPU,samples on the job's CPU:$w1"
	echo "qd=$qd fio io_uring sqpoll=1: clat ns:$fc, IOPS:$fi"

	m0=$(median $i0) lo1=$(min $i1) m1=$(median $i1)
	r=$(ratio "$lo1" "$m0")
	echo "qd=$qd unpinned: slowest SQPOLL run $lo1 IOPS = ${r}x the median without SQPOLL ($m0);" \
		"median SQPOLL $(ratio "$m1" "$m0")x"
	ratio_between "$lo1" "$m0" $floor 1000 ||
		fail "qd=$qd: unpinned SQPOLL collapsed: slowest run $lo1 IOPS, ${r}x the median $m0 without SQPOLL (floor ${floor}x); $(starved "$s1")"

	c1=$(median $c1) l0=$(median $l0)
	ratio_between "$c1" "$(little $qd "$m1")" 0.5 1.5 ||
		fail "qd=$qd: SQPOLL clat $c1 ns is not within 0.5x-1.5x of QD/IOPS $(little $qd "$m1") ns"
	ratio_between "$l0" "$(little $qd "$m0")" 0.5 1.5 ||
		fail "qd=$qd: non-SQPOLL lat $l0 ns is not within 0.5x-1.5x of QD/IOPS $(little $qd "$m0") ns"
	ratio_between "$(median $fc)" "$(little $qd "$(median $fi)")" 0.5 1.5 || bug_seen=1
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
