#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# report-knob-inert.sh: a --knob attribute the kernel ignores on a disk is
# not measured there, and one it does not ignore is.  Made-up rows of a
# bio-based zram0: nomerges 0 and 2 (which act on requests, and a
# bio-based device has none) read "not measurable here" in the finding and
# in the latency line, with no verdict; read_ahead_kb 0 and 1024 (which
# acts above the driver, on any device) with 1024 1.5x faster reads DIFFER
# in both.  The same nomerges rows on a blk-mq disk are judged, but not
# with 2 runs a cell: one run has no spread to resample, so too few runs
# read CANNOT JUDGE, not a point "interval".

. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/rows.sh"

need_bench

# sweep DIR BLK_MQ ATTR BASE CAND FACTOR [ROUNDS]: ROUNDS (6) rounds of a
# BASE and a CAND cell of knob ATTR on zram0, CAND's IOPS FACTOR times BASE's
sweep() {
	mkdir -p "$1"
	echo "{ \"targets\": [ { \"disk\": \"zram0\", \"blk_mq\": $2 } ] }" >"$1/meta.json"
	awk -v attr="$3" -v base="$4" -v cand="$5" -v x="$6" -v rounds="${7:-6}" \
	    -v hdr="$(rows_header "knob_$3_req" "knob_$3_eff")" 'BEGIN {
		print hdr
		split(base " " cand, v, " ")
		run = 0
		for (r = 1; r <= rounds; r++)
			for (k = 1; k <= 2; k++) {
				f = 1 + (r - 3.5) / 200
				iops = 100000 * f * (k == 2 ? x : 1)
				clat = 300 * 100000 / iops
				printf "%d,zram0/io_uring/seqbuf/sq0/iostats1/iopolicy-/prio-none/sched-none/%s-%s,%d,ok,,zram0,zram,6.18.0,fio-3.33,io_uring,3.33,seqbuf,0,32,1,1,,,none,none,2,", ++run, attr, v[k], r
				printf "%.0f,%.0f,0,%.0f,0,%.2f,%.2f,%.2f,%.2f,,,,,%.2f,0,100,", \
				       iops, iops, iops * 4, clat, clat, clat * 2, clat * 3, clat
				printf "%.0f,%.4f,0,1,99,,,,%.3f,%.0f,%s,%s\n", iops,
				       clat / 1000, 4 / f, iops * 2, v[k], v[k]
			}
	}' >"$1/results.csv"
	"$bench" report "$1" >"$T_TMP/out" 2>&1 ||
		fail "report exited $?: $(tail -n 3 "$T_TMP/out")"
	grep -e "$3" "$1/report.md" | grep -v -e '^|' -e '^#' -e '^!' -e '^\*'
}

sweep "$T_TMP/nomerges" false nomerges 0 2 1 || exit 1
grep -q '^- \*\*nomerges: not measurable here: zram0 is bio-based: queue/nomerges acts on requests, and it has none' \
	"$T_TMP/nomerges/report.md" || fail "nomerges on a bio-based disk not said to be not measurable"
grep -q 'latency, nomerges=2 vs 0: not measurable on 1 pair: zram0 is bio-based' \
	"$T_TMP/nomerges/report.md" || fail "the nomerges latency pair on a bio-based disk judged"
grep -Eq 'nomerges=2 (against|vs) .*(DIFFER|no measurable difference|CANNOT JUDGE)' \
	"$T_TMP/nomerges/report.md" && fail "nomerges judged on a bio-based disk"

sweep "$T_TMP/blkmq" true nomerges 0 2 1 || exit 1
grep -Eq 'nomerges=2 against nomerges=0: IOPS 1\.000 ' "$T_TMP/blkmq/report.md" ||
	fail "nomerges not measured on a blk-mq disk"

sweep "$T_TMP/few" true nomerges 0 2 1.5 2 || exit 1
grep -q '^- \*\*nomerges=2 against nomerges=0: CANNOT JUDGE on zram0: a cell has fewer than 3 runs, too few for an interval (-r 3 or more)' \
	"$T_TMP/few/report.md" || fail "cells of 2 runs judged"

sweep "$T_TMP/readahead" false read_ahead_kb 0 1024 1.5 || exit 1
grep -Eq '^- \*\*read_ahead_kb=1024 against read_ahead_kb=0: IOPS 1\.5[0-9]* \[1\.[45][0-9]*, 1\.5[0-9]*\].*\(DIFFER\) on zram0' \
	"$T_TMP/readahead/report.md" || fail "read_ahead_kb 1.5x faster not measured on a bio-based disk"
grep -q 'latency, read_ahead_kb=1024 vs 0: DIFFER on ' "$T_TMP/readahead/report.md" ||
	fail "the read_ahead_kb latency pair not judged on a bio-based disk"
grep -q 'bio-based' "$T_TMP/readahead/report.md" &&
	fail "read_ahead_kb called not measurable on a bio-based disk"
pass "nomerges on a bio-based disk not measured; read_ahead_kb there, and nomerges on blk-mq, are; 2 runs a cell are too few"
