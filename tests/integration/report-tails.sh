#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# report-tails.sh: the report compares clat p50, p99 and p99.9 for each
# comparison it makes on IOPS, with the gate's ratio and interval.  Made-up
# rows of a QD32 loop cell with SQPOLL off and on (the issue's figures: p50
# 165 vs 191 us, p99 320 vs 2,015, p99.9 500 vs 3,100; 2 s at 350k IOPS):
# the SQPOLL line says DIFFER with p99 about x6.3 and an interval around
# it; the same cells at 1k IOPS for 1 s say that p99.9 rests on one I/O a
# run and do not judge it; two cells alike say no measurable difference,
# and alike in the middle but +-30% from run to run, CANNOT JUDGE, each
# percentile marked as holding 1 but reaching past +-5% (no evidence of
# sameness), which the alike cells' are not;
# a pair whose SQPOLL runs break Little's law (fio #1484) is said once for
# the group, not judged, and so is a pair on a disk whose kernel ignores
# the setting compared (iostats where the probe found it not honoured).
# Among many intervals, a DIFFER also needs its U test p under
# Benjamini-Hochberg's cut: a 5% shift with p 0.056 differs alone and is
# held back among twelve intervals, a 20% one (p 0.0079) is not.
# The gate takes the percentile as a metric: `--metric
# iops,read_clat_p99_us,write_clat_p99_us` calls the SQPOLL p99 a
# REGRESSION (exit 1) and leaves the write percentile of a read job
# UNMEASURED, not CANNOT.

. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/rows.sh"

need_bench

# sweep DIR IOS P50 P99 P999 [FIO_FLAGS [SPREAD]] (of the SQPOLL cell, its
# runs SPREAD apart in round order, 0.3: 0.7x to 1.3x; the other has
# 165/320/500 and no fio_flags)
sweep() {
	mkdir -p "$1"
	awk -v ios="$2" -v p50="$3" -v p99="$4" -v p999="$5" -v ff="${6:-}" -v sp="${7:-0}" -v hdr="$(rows_header)" 'BEGIN {
		print hdr
		run = 0
		for (r = 1; r <= 7; r++)
			for (sq = 0; sq <= 1; sq++) {
				f = (1 + (r - 4) / 400) * (sq ? 1 + sp * (r - 4) / 3 : 1)
				a = sq ? p50 : 165; b = sq ? p99 : 320; c = sq ? p999 : 500
				printf "%d,loop0/io_uring/randread-qd32/sq%d/iostats1/iopolicy-/prio-none/sched-none,%d,ok,,loop0,loop,6.18.0,fio-3.41,io_uring,3.41,randread-qd32,%d,32,1,1,,,,none,2,", ++run, sq, r, sq
				printf "%.0f,%.0f,0,0,0,%.2f,%.2f,%.2f,%.2f,,,,,%.2f,0,100,", \
				       ios / 2, ios / 2, a * f, a * f, b * f, c * f, a * f
				printf "%.0f,%.4f,0,1,99,,,%s,2.1,%.0f\n", ios / 2, a / 2000, sq ? ff : "", ios
			}
	}' >"$1/results.csv"
	"$bench" report "$1" >"$T_TMP/out" 2>&1 ||
		fail "report exited $?: $(tail -n 3 "$T_TMP/out")"
	grep 'latency, SQPOLL on vs off' "$1/report.md"
}

line=$(sweep "$T_TMP/tails" 700000 191 2015 3100) || exit 1
echo "$line"
echo "$line" | grep -Eq 'latency, SQPOLL on vs off: DIFFER on [^:]*: p50 x1\.1[0-9] \[1\.[01][0-9]*, 1\.[12][0-9]*\], p99 x6\.[0-9]+ \[6\.[0-9]+, 6\.[0-9]+\], p99\.9 x6\.[0-9]+ \[' ||
	fail "the SQPOLL tails are not said with their ratios and intervals: $line"

line=$(sweep "$T_TMP/short" 1000 191 2015 3100) || exit 1
echo "$line"
echo "$line" | grep -q 'DIFFER on .*p99 x6\.[0-9]* \[[0-9.]*, [0-9.]*\], p99\.9 rests on 1 I/O a run: not judged' ||
	fail "p99.9 of 1,000 I/Os a run judged: $line"

line=$(sweep "$T_TMP/alike" 700000 165 320 500) || exit 1
echo "$line"
echo "$line" | grep -q 'no measurable difference on .*p50 x1 \[' ||
	fail "cells alike not said to show no difference: $line"
! echo "$line" | grep -q "reaches past" || fail "cells alike: a percentile marked as undecided: $line"

line=$(sweep "$T_TMP/wide" 700000 165 320 500 "" 0.3) || exit 1
echo "$line"
echo "$line" | grep -Eq 'SQPOLL on vs off: CANNOT JUDGE on .*p50 x1 \[0\.[0-9]+, 1\.[0-9]+\] \(holds 1, reaches past \+-5%\), p99 ' ||
	fail "an interval holding 1 but past +-5% said to show no difference: $line"

# fio #1484: clat in seconds under SQPOLL, said once for the group
line=$(sweep "$T_TMP/broken" 700000 1900000 20000000 30000000 fio_inflight_gt_iodepth) || exit 1
echo "$line"
[ "$(echo "$line" | wc -l)" -eq 1 ] &&
	echo "$line" | grep -q 'latency, SQPOLL on vs off: not judged on 1 pair: fio.s clat breaks Little.s law in their runs' ||
	fail "a pair with fio's clat broken not said once as not judged: $line"

# a setting the kernel ignores: where the probe found iostats not honoured,
# iostats=1 vs 0 is not judged but said once, with the probe's why; the
# same rows on a disk that honours it are judged
for h in false true; do
	sh "$FIORING_TOP/tests/fixtures/synth-results.sh" "$T_TMP/inert-$h" 7 7 \
		zram0:io_uring:randread-qd32:0:0:100000:20 \
		zram0:io_uring:randread-qd32:0:1:100000:20 || fail "no synthetic rows"
	printf '{ "targets": [ { "disk": "zram0", "blk_mq": false, "iostats_honoured": %s, "iostats_why": "zram0 counts its I/O whatever queue/iostats says" } ] }\n' \
		$h >"$T_TMP/inert-$h/meta.json"
	"$bench" report "$T_TMP/inert-$h" >"$T_TMP/out" 2>&1 ||
		fail "report exited $?: $(tail -n 3 "$T_TMP/out")"
	grep 'latency, iostats=1 vs 0' "$T_TMP/inert-$h/report.md"
done
grep -q 'latency, iostats=1 vs 0: not measurable on 1 pair: zram0 counts its I/O whatever queue/iostats says' \
	"$T_TMP/inert-false/report.md" || fail "iostats=1 vs 0 not said to be not measurable where iostats is ignored"
grep -Eq 'latency, iostats=1 vs 0: (DIFFER|CANNOT JUDGE|no measurable difference) on ' \
	"$T_TMP/inert-false/report.md" && fail "iostats=1 vs 0 judged where the kernel ignores iostats"
grep -Eq 'latency, iostats=1 vs 0: (DIFFER|CANNOT JUDGE|no measurable difference) on ' \
	"$T_TMP/inert-true/report.md" || fail "iostats=1 vs 0 not judged where iostats is honoured"

# false discoveries: "weak" is 5 runs against 5 shifted +5% (U test p
# 0.056, its 90% interval above 1), "strong" +20% (p 0.0079), "same" alike
# (p 1).  Alone, weak DIFFERs; among strong and two alike pairs (12
# intervals) Benjamini-Hochberg's cut is strong's p, and weak is held back.
fdr() {
	d=$T_TMP/fdr-$1
	shift
	mkdir -p "$d"
	for job do
		echo "$job"
	done | awk -v hdr="$(rows_header)" '{ job[NR] = $0 } END {
		print hdr
		run = 0
		for (r = 1; r <= 5; r++)
			for (i = 1; i <= NR; i++)
				for (io = 0; io <= 1; io++) {
					v = 100 + 2 * (r - 1)
					if (io && job[i] ~ /^weak/)
						v += 5
					if (io && job[i] ~ /^strong/)
						v += 20
					printf "%d,loop0/io_uring/%s/sq0/iostats%d/iopolicy-/prio-none/sched-none,%d,ok,,loop0,loop,6.18.0,fio-3.41,io_uring,3.41,%s,0,32,%d,%d,,,,none,1,", ++run, job[i], io, r, job[i], io, io
					printf "350000,350000,0,0,0,%.2f,%.2f,%.2f,%.2f,,,,,%.2f,0,100,", v, v, 2 * v, 3 * v, v
					printf "350000,0.1,0,1,99,,,,2.1,700000\n"
				}
	}' >"$d/results.csv"
	"$bench" report "$d" >"$T_TMP/out" 2>&1 ||
		fail "report exited $?: $(tail -n 3 "$T_TMP/out")"
	grep 'latency' "$d/report.md"
}
out=$(fdr alone weak) || exit 1
echo "$out"
echo "$out" | grep -q 'latency, iostats=1 vs 0: DIFFER on [^:]*weak: p50 x1\.0[45][0-9]* \[1\.0' ||
	fail "a lone pair 5% apart with p 0.056 not said to differ: $out"
out=$(fdr family weak strong same1 same2) || exit 1
echo "$out"
echo "$out" | grep -q 'latency, iostats=1 vs 0: DIFFER on [^:]*strong: ' ||
	fail "a pair 20% apart with p 0.0079 not said to differ among 12 intervals: $out"
echo "$out" | grep -q 'latency, iostats=1 vs 0: CANNOT JUDGE on [^:]*weak: p50 x1\.0[45][0-9]* \[1\.0[0-9]*, [0-9.]*\] (U test p 0\.056: over the cut), p99 ' ||
	fail "p 0.056 among 12 intervals said to differ past Benjamini-Hochberg's cut: $out"
echo "$out" | grep -q 'latency: 12 intervals judged; a pair differs where one excludes 1 and its U test p is at most 0\.0079, .*; 3 that exclude 1 fall short of it' ||
	fail "the false-discovery cut not said: $out"

"$bench" gate --vs sqpoll=0 --metric iops,read_clat_p99_us,write_clat_p99_us \
	"$T_TMP/tails" >"$T_TMP/gate.out" 2>&1
rc=$?
cat "$T_TMP/gate.out"
[ $rc -eq 1 ] || fail "gate on p99 x6.3 exited $rc, not 1"
grep -q '^REGRESSION .*sq1.*  read_clat_p99_us  ratio 6\.[0-9]* ' "$T_TMP/gate.out" ||
	fail "p99 x6.3 not a REGRESSION on read_clat_p99_us"
grep -q '^UNMEASURED .*sq1.*  write_clat_p99_us: not gated: no ok run of either cell has write_clat_p99_us' "$T_TMP/gate.out" ||
	fail "a write percentile of a read job not UNMEASURED"
# a tail the report does not judge, the gate does not either: p99.9 of
# 1,000 I/Os a run is one I/O's latency
"$bench" gate --vs sqpoll=0 --metric iops,read_clat_p999_us "$T_TMP/short" >"$T_TMP/gate.out" 2>&1
rc=$?
cat "$T_TMP/gate.out"
grep -q '^UNMEASURED .*sq1.*  read_clat_p999_us: not gated: read_clat_p999_us rests on 1.0 I/Os a run, under the 10 a tail needs' "$T_TMP/gate.out" ||
	fail "p99.9 of 1,000 I/Os a run gated (exit $rc)"
pass "tails compared with intervals, DIFFER under a false-discovery cut; a percentile on one I/O a run is not judged, by the report nor by the gate; a setting the kernel ignores is not judged; the gate judges p99"
