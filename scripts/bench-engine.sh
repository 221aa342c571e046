#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench-engine.sh [TARGET]: libfioring against fio's own io_uring engine and
# t/io_uring, measured side by side in one run on the same device (default:
# an embedded zram device made for the run and removed after).  Runs are
# interleaved (A B C, A B C, ...) so drift hits all alike; it prints ratios
# of medians with their min-max, CPU per I/O, and, where valgrind is there,
# user-space instructions per I/O counted by callgrind, which the noise of a
# shared 2-core machine does not move.
#
# Environment: RUNS (5), RUNTIME seconds (3), QD (32), BS (4k),
# CALLGRIND (1: count instructions, 0: skip), OUT (build/bench-engine.txt).

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/devices.sh"

: "${FIO:=$top/build/fio-src/fio-3.33/fio}"
: "${T_IO_URING:=$(dirname "$FIO")/t/io_uring}"
: "${FIORING_ENGINE:=$top/build/libfioring.so}"
runs=${RUNS:-5} runtime=${RUNTIME:-3} qd=${QD:-32} bs=${BS:-4k}
out=${OUT:-$top/build/bench-engine.txt}

die() {
	echo "bench-engine: $*" >&2
	exit 1
}

[ "$runs" -ge 3 ] 2>/dev/null || die "RUNS=$runs: need at least 3 runs per engine"
[ -x "$FIO" ] || die "no fio at $FIO (run make)"
[ -f "$FIORING_ENGINE" ] || die "no engine at $FIORING_ENGINE (run make)"

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

# The benchmark job reads only: a named TARGET is never written.
fio_run() {
	engine=$1
	shift
	"$FIO" --name=bench --filename="$target" --ioengine="$engine" --rw=randread \
		--bs="$bs" --iodepth="$qd" --iodepth_batch_submit="$qd" \
		--iodepth_batch_complete_max="$qd" --direct=1 --randrepeat=0 \
		--norandommap "$@" --output-format=json --output="$T_TMP/f.json" \
		>/dev/null 2>"$T_TMP/f.err" || die "fio $engine failed: $(cat "$T_TMP/f.err")"
}

# prints "iops cpu_ns_per_io"
fio_measure() {
	fio_run "$1" --time_based --runtime="$runtime"
	jq -r '.jobs[0] | (.read.iops | tostring) + " " +
		((.usr_cpu + .sys_cpu) / 100 * .job_runtime * 1e6 / .read.total_ios | tostring)' \
		"$T_TMP/f.json"
}

# t/io_uring's per-second IOPS lines, averaged
t_measure() {
	"$T_IO_URING" -d"$qd" -s"$qd" -c"$qd" -b"$(echo "$bs" | tr k K | numfmt --from=iec)" -p0 \
		-r"$runtime" "$target" 2>&1 |
		sed -n 's/^IOPS=\([0-9.]*\)\([KM]*\),.*/\1 \2/p' |
		awk '{ v = $1 * ($2 == "K" ? 1e3 : $2 == "M" ? 1e6 : 1); s += v; n++ }
		     END { if (n) printf "%.0f\n", s / n }'
}

median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
		print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ours=external:$FIORING_ENGINE
o_iops= f_iops= t_iops= o_cpu= f_cpu= pair=
echo "bench-engine: randread bs=$bs QD$qd on $target, $runs interleaved runs of ${runtime}s each"
for i in $(seq "$runs"); do
	set -- $(fio_measure "$ours")
	o_iops="$o_iops $1" o_cpu="$o_cpu $2"
	set -- $(fio_measure io_uring)
	f_iops="$f_iops $1" f_cpu="$f_cpu $2"
	t=$(t_measure)
	t_iops="$t_iops ${t:-0}"
	r=$(echo "${o_iops##* } ${f_iops##* }" | awk '{ printf "%.4f", $1 / $2 }')
	pair="$pair $r"
	printf '  run %d/%d: fioring %.0f  io_uring %.0f  t/io_uring %s IOPS\n' \
		"$i" "$runs" "${o_iops##* }" "${f_iops##* }" "${t:-?}"
done

mo=$(median $o_iops) mf=$(median $f_iops) mt=$(median $t_iops)
{
	echo "target: $target, randread bs=$bs iodepth=$qd, $runs interleaved runs each"
	printf 'IOPS median: fioring %.0f, fio io_uring %.0f, t/io_uring %.0f\n' "$mo" "$mf" "$mt"
	printf '%s\n' $pair | sort -g | awk -v m="$(median $pair)" '{ v[NR] = $1 } END {
		printf "fioring / io_uring IOPS: %.3fx median of per-pair ratios (min %.3fx, max %.3fx)\n",
			m, v[1], v[NR] }'
	echo "$(median $o_cpu) $(median $f_cpu)" | awk '{
		printf "CPU per I/O (usr+sys): fioring %.0f ns, io_uring %.0f ns: %.3fx\n", $1, $2, $1 / $2 }'
	echo "$mo $mf $mt" | awk '$3 > 0 {
		printf "vs t/io_uring at the same depth: fioring %.3fx, fio io_uring %.3fx\n", $1 / $3, $2 / $3 }'
	echo "$(median $pair)" | awk '{ printf "target fioring >= 1.00x fio io_uring: %s\n",
		($1 >= 1.0) ? "met" : "NOT met (median ratio below 1.00)" }'
} >"$T_TMP/summary"

# callgrind: user-space instructions per I/O, as the marginal cost between a
# 10k and a 20k I/O run, so start-up and teardown cancel out.
if [ "${CALLGRIND:-1}" = 1 ] && command -v valgrind >/dev/null; then
	insns() {
		valgrind --tool=callgrind --callgrind-out-file="$T_TMP/cg.out" \
			"$FIO" --thread --name=cg --filename="$target" --ioengine="$1" \
			--rw=randread --bs="$bs" --iodepth="$qd" --direct=1 \
			--number_ios="$2" --randseed=1 --norandommap \
			--output=/dev/null >/dev/null 2>&1 || die "callgrind run of $1 failed"
		sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$T_TMP/cg.out"
	}
	co=$(( ($(insns "$ours" 20000) - $(insns "$ours" 10000)) / 10000 ))
	cf=$(( ($(insns io_uring 20000) - $(insns io_uring 10000)) / 10000 ))
	echo "$co $cf" | awk '{ printf "user instructions per I/O (callgrind): fioring %d, io_uring %d: %.3fx\n",
		$1, $2, $1 / $2 }' >>"$T_TMP/summary"
fi

mkdir -p "$(dirname "$out")"
cp "$T_TMP/summary" "$out"
cat "$out"
