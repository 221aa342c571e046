#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# report-util-bounds.sh: the report's %util finding brackets the kernel's
# busy share between fio's by clat and by lat (slat + clat).  The rows are
# modelled on make bench's loop runs at QD1 (docs/notes/2026-12-util-overcount.md):
# %util between the share by clat and by lat, so no over-count; then with a
# slat that leaves lat's share under %util, then with a %util below clat's.
# A %util below clat's share where fio was busy under a quarter of the
# time (a think-time job's short busy periods) is not judged a miss.

. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/rows.sh"

need_bench

# sweep DIR UTIL SLAT [IOPS]: four QD1 runs on loop0 with that %util and slat
# (us), at about IOPS (92000)
sweep() {
	mkdir -p "$1"
	awk -v util="$2" -v slat="$3" -v base="${4:-92000}" -v hdr="$(rows_header)" 'BEGIN {
		print hdr
		for (r = 1; r <= 4; r++) {
			iops = base + 500 * r
			clat = 4.4 + 0.05 * r
			printf "%d,loop0/fioring/randread-qd1/sq0/iostats1/iopolicy-/prio-none/sched-none,%d,ok,,loop0,loop,6.18.0,fio-3.33,fioring,0.1,randread-qd1,0,1,1,1,,,,none,1,", r, r
			printf "%.0f,%.0f,0,%.0f,0,%.2f,%.2f,%.2f,%.2f,,,,,%.2f,%.2f,%.2f,", \
			       iops, iops, iops * 4, clat, clat, clat * 3, clat * 5,
			       clat + slat, slat, iops * clat / 1e4
			printf "%.0f,0.0073,0,0.68,%.1f,,,,2.1,%.0f\n", iops,
			       util + r / 4, iops
		}
	}' >"$1/results.csv"
	"$bench" report "$1" >"$T_TMP/out" 2>&1 ||
		fail "report exited $?: $(tail -n 3 "$T_TMP/out")"
	grep -m1 '%util and await' "$1/report.md"
}

line=$(sweep "$T_TMP/between" 69 6.0) || exit 1
echo "$line"
echo "$line" | grep -q 'valid on loop0' || fail "%util between clat's and lat's busy share is not valid: $line"
echo "$line" | grep -Eq 'QD1 without SQPOLL 1\.[5-7][0-9] \[[0-9.]+, [0-9.]+\] by clat, 0\.[67][0-9] \[[0-9.]+, [0-9.]+\] by lat\*\*$' ||
	fail "ratios by clat and by lat not given: $line"

# with slat 0.5 us lat allows 46%: 69% is more than 1.25x that
line=$(sweep "$T_TMP/over" 69 0.5) || exit 1
echo "$line"
echo "$line" | grep -q 'DISAGREE on loop0.*by lat: %util counts more time busy than fio had an I/O outstanding' ||
	fail "%util over fio's busy share by lat not called an over-count: $line"

# 20% is under 0.8x the 42% by clat
line=$(sweep "$T_TMP/below" 20 6.0) || exit 1
echo "$line"
echo "$line" | grep -q 'DISAGREE on loop0.*by lat: %util misses time fio had an I/O outstanding' ||
	fail "%util under fio's busy share by clat not called a miss: $line"
# 2% at 13k IOPS: fio busy ~6% by clat, too sparse for io_ticks' jiffies to
# show a miss: not judged below
line=$(sweep "$T_TMP/sparse" 2 6.0 13000) || exit 1
echo "$line"
echo "$line" | grep -q 'valid on loop0.*QD1 without SQPOLL 0\.[0-9]* \[[0-9.]*, [0-9.]*\] by clat' ||
	fail "%util under a sparse busy share by clat called a miss: $line"
pass "%util between fio's busy share by clat and by lat is valid, above lat's an over-count, below clat's a miss where fio was busy a quarter of the time or more"
