#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench-engine.sh [TARGET]: libfioring against fio's own io_uring engine,
# and t/io_uring as the limit, measured side by side in one run on the same
# device (default: an embedded zram device made for the run and removed
# after).  CPU placement decides these numbers more than the engines do, so
# every row names it: pinned (taskset to PIN_CPU: fio, its SQ thread and
# io-wq workers on one CPU), unpinned (the scheduler's choice) or, for
# SQPOLL, split (the job on PIN_CPU, its SQ thread and the io-wq workers it
# starts on SPLIT_CPU: the placement the engine's warning asks for).  Rows:
# plain QD32, SQPOLL QD1 and QD32, each pinned, unpinned and split, both
# engines; t/io_uring QD32 pinned.  All runs are interleaved (every row and engine
# once per round, the engine that runs first alternating from round to round)
# so drift hits all alike; each cell is the median and the
# min-max of RUNS runs, the engines' ratio the median and min-max of the
# RUNS per-round ratios.  Then the distance to the limit (pinned fioring over
# pinned t/io_uring) and, where valgrind is there, user-space instructions
# per I/O counted by callgrind, split between the engine and fio's core,
# which the noise of a shared machine does not move.
#
# Environment: RUNS (7), RUNTIME seconds (2), BS (4k), PIN_CPU (0),
# SPLIT_CPU (the first other CPU this process may use; none: no split rows),
# CALLGRIND (1: count instructions, 0: skip), OUT (build/bench-engine.txt).

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/devices.sh"

: "${FIO:=$top/build/fio-src/fio-3.33/fio}"
: "${T_IO_URING:=$(dirname "$FIO")/t/io_uring}"
: "${FIORING_ENGINE:=$top/build/libfioring.so}"
runs=${RUNS:-7} runtime=${RUNTIME:-2} bs=${BS:-4k} cpu=${PIN_CPU:-0}
out=${OUT:-$top/build/bench-engine.txt}

die() {
	echo "bench-engine: $*" >&2
	exit 1
}

[ "$runs" -ge 3 ] 2>/dev/null || die "RUNS=$runs: need at least 3 runs per engine"
[ -x "$FIO" ] || die "no fio at $FIO (run make)"
[ -f "$FIORING_ENGINE" ] || die "no engine at $FIORING_ENGINE (run make)"
taskset -c "$cpu" true 2>/dev/null || die "PIN_CPU=$cpu: not a CPU this process may run on"
if [ -n "${SPLIT_CPU:-}" ]; then
	split=$SPLIT_CPU
	[ "$split" != "$cpu" ] && taskset -c "$split" true 2>/dev/null ||
		die "SPLIT_CPU=$split: not a CPU other than PIN_CPU this process may run on"
else
	split=$(seq 0 $(($(getconf _NPROCESSORS_ONLN) - 1)) | while read -r c; do
		[ "$c" != "$cpu" ] && taskset -c "$c" true 2>/dev/null && { echo "$c"; break; }
	done)
fi

if [ $# -gt 0 ]; then
	target=$1
	[ -b "$target" ] || [ -f "$target" ] || die "$target: not a block device or file"
else
	[ "$(id -u)" -eq 0 ] || die "the embedded device needs root (or name a TARGET)"
	embedded_make 1G || die "cannot make a zram or loop device"
	target=$DEV
	# Unwritten zram pages read as zeroes without decompression: fill it
	# with half-compressible data so reads do real work.
	"$FIO" --name=fill --filename="$target" --ioengine=io_uring --rw=write \
		--bs=1M --iodepth=4 --direct=1 --buffer_compress_percentage=50 \
		--refill_buffers --output=/dev/null || die "cannot fill $target"
fi

ours=external:$FIORING_ENGINE

# place PLACEMENT CMD...: CMD pinned to PIN_CPU or left to the scheduler
# (split places the job itself: split_args)
place() {
	p=$1
	shift
	if [ "$p" = pinned ]; then
		taskset -c "$cpu" "$@"
	else
		"$@"
	fi
}

# split_args PLACEMENT: fio's arguments for the split placement
split_args() {
	[ "$1" = split ] && echo "--cpus_allowed=$cpu --sqthread_poll_cpu=$split"
}

# fio_iops ENGINE PLACEMENT QD SQPOLL: one run's IOPS.  The job only reads:
# a named TARGET is never written.
fio_iops() {
	place "$2" "$FIO" --name=bench --filename="$target" --ioengine="$1" --rw=randread \
		--bs="$bs" --iodepth="$3" --iodepth_batch_submit="$3" \
		--iodepth_batch_complete_max="$3" --direct=1 --randrepeat=0 --norandommap \
		--sqthread_poll="$4" $(split_args "$2") --time_based --runtime="$runtime" \
		--output-format=json --output="$T_TMP/f.json" >/dev/null 2>"$T_TMP/f.err" ||
		die "fio $1 $2 QD$3 sqthread_poll=$4 failed: $(cat "$T_TMP/f.err")"
	jq -r '.jobs[0].read.iops' "$T_TMP/f.json"
}

# t/io_uring's per-second IOPS lines, averaged, pinned (it prints one a second: 2 s at least)
t_iops() {
	taskset -c "$cpu" "$T_IO_URING" -d32 -s32 -c32 -p0 -B1 -F1 \
		-b"$(echo "$bs" | tr k K | numfmt --from=iec)" -r"$((runtime < 2 ? 2 : runtime))" "$target" 2>&1 |
		sed -n 's/^IOPS=\([0-9.]*\)\([KM]*\),.*/\1 \2/p' |
		awk '{ v = $1 * ($2 == "K" ? 1e3 : $2 == "M" ? 1e6 : 1); s += v; n++ }
		     END { printf "%.0f\n", n ? s / n : 0 }'
}

median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
		print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# cell VALUES...: "median [min-max]"
cell() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%8.0f [%.0f-%.0f]", m, v[1], v[NR] }'
}

# round_ratios "O..." "F...": the ratio of the two engines' runs of each
# round (they ran side by side, so drift cancels), "median [min-max]"
round_ratios() {
	printf '%s\n%s\n' "$1" "$2" | awk 'NR == 1 { n = split($0, o) }
		NR == 2 { split($0, f); for (i = 1; i <= n; i++) print o[i] / f[i] }' |
		sort -g | awk '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.3fx [%.3f-%.3f]", m, v[1], v[NR] }'
}

# rows: name placement QD SQPOLL; results in r_<row>_<engine>
rows="plain32p:pinned:32:0 plain32u:unpinned:32:0 sq1p:pinned:1:1 sq1u:unpinned:1:1
sq32p:pinned:32:1 sq32u:unpinned:32:1"
if [ -n "$split" ]; then
	rows="$rows sq1s:split:1:1 sq32s:split:32:1"
else
	echo "bench-engine: one CPU here: no split rows (the SQ thread needs a CPU of its own)"
fi
for row in $rows; do
	eval "r_${row%%:*}_o= r_${row%%:*}_f="
done
t=
echo "bench-engine: randread bs=$bs on $target, $runs interleaved rounds of ${runtime}s runs, pinned = CPU $cpu${split:+, split = job on $cpu, SQ thread on $split}"
for i in $(seq "$runs"); do
	for row in $rows; do
		IFS=: read -r name p qd sq <<EOF
$row
EOF
		# which engine runs first alternates by round: whatever the
		# run before leaves behind (a warm or busy CPU) falls on each
		if [ $((i % 2)) -eq 1 ]; then
			o=$(fio_iops "$ours" "$p" "$qd" "$sq")
			f=$(fio_iops io_uring "$p" "$qd" "$sq")
		else
			f=$(fio_iops io_uring "$p" "$qd" "$sq")
			o=$(fio_iops "$ours" "$p" "$qd" "$sq")
		fi
		eval "r_${name}_o=\"\$r_${name}_o $o\" r_${name}_f=\"\$r_${name}_f $f\""
	done
	t="$t $(t_iops)"
	echo "  round $i/$runs done"
done

{
	echo "target: $target, randread bs=$bs, $runs interleaved runs each, pinned = taskset -c $cpu${split:+, split = cpus_allowed=$cpu sqthread_poll_cpu=$split}"
	printf '%-30s %-28s %-28s %s\n' "row (IOPS)" "fioring median [min-max]" \
		"fio io_uring median [min-max]" "fioring/io_uring per round"
	for row in $rows; do
		IFS=: read -r name p qd sq <<EOF
$row
EOF
		eval "o=\$r_${name}_o f=\$r_${name}_f"
		mode=plain
		[ "$sq" = 1 ] && mode=sqpoll
		printf '%-30s %-28s %-28s %s\n' "$mode QD$qd $p" "$(cell $o)" "$(cell $f)" \
			"$(round_ratios "$o" "$f")"
	done
	printf '%-30s %s\n' "t/io_uring QD32 pinned" "$(cell $t)"
	echo "$(median $r_plain32p_o) $(median $r_plain32p_f) $(median $t)" | awk '$3 > 0 {
		printf "distance to the limit (QD32 pinned, over t/io_uring): fioring %.3fx, fio io_uring %.3fx\n",
			$1 / $3, $2 / $3 }'
} >"$T_TMP/summary"

# callgrind: user-space instructions per I/O, as the marginal cost between a
# 20k and a 40k I/O run, so start-up and teardown cancel out; split into
# the engine (libfioring.so and liburing, or fio's engines/io_uring.c; with
# either, the fio.h inlines callgrind names after the engine's hooks) and
# the rest of fio.  Only the job thread is counted (from thread_main()): fio's
# main thread calibrates its clock by timing a loop at start-up, so its
# count moves with the machine's load (+-17 instructions per I/O here),
# the job thread's by about 0.1%.
if [ "${CALLGRIND:-1}" = 1 ] && command -v valgrind >/dev/null; then
	# insns ENGINE N: "total engine" instructions of an N-I/O run
	insns() {
		valgrind --tool=callgrind --collect-atstart=no --toggle-collect=thread_main \
			--callgrind-out-file="$T_TMP/cg.out" \
			"$FIO" --thread --name=cg --filename="$target" --ioengine="$1" \
			--rw=randread --bs="$bs" --iodepth=32 --direct=1 \
			--number_ios="$2" --randseed=1 --norandommap \
			--output=/dev/null >/dev/null 2>&1 || die "callgrind run of $1 failed"
		callgrind_annotate --auto=no --threshold=100 --inclusive=no "$T_TMP/cg.out" |
			sed -n 's/,//g; s/^ *\([0-9][0-9]*\) *([^)]*) *\(.*\)/\1 \2/p' |
			awk '$2 == "PROGRAM" { total = $1; next }
			     /libfioring\.so|liburing|engines\/io_uring\.c|fioring\.c|:fio_fioring_|:fioring_|:fio_ioring_/ { eng += $1 }
			     END { print total, eng }' |
			awk '$1 > 0 { print; ok = 1 } END { exit !ok }' ||
			die "callgrind counted nothing in thread_main(): is $FIO stripped?"
	}
	# per_io ENGINE: "total engine" per I/O
	per_io() {
		set -- $(insns "$1" 20000) $(insns "$1" 40000)
		echo "$1 $2 $3 $4" | awk '{ printf "%.0f %.0f\n", ($3 - $1) / 20000, ($4 - $2) / 20000 }'
	}
	set -- $(per_io "$ours") $(per_io io_uring)
	echo "$1 $2 $3 $4" | awk '{
		printf "user instructions per I/O (callgrind, QD32): fioring %d, io_uring %d: %.3fx\n",
			$1, $3, $1 / $3
		printf "  split: engine %d + fio core %d (fioring), engine %d + fio core %d (io_uring)\n",
			$2, $1 - $2, $4, $3 - $4 }' >>"$T_TMP/summary"
fi

mkdir -p "$(dirname "$out")"
cp "$T_TMP/summary" "$out"
cat "$out"
