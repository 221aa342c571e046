#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# report-await-bounds.sh: the report judges the kernel's await per cell,
# against the lat fio measured for the same I/Os, from the interval of the
# cell's median await/lat.  Made-up rows of a QD32 loop cell (360k IOPS,
# clat 125 us, lat 128 us): an await of 60 us, about half clat (the block
# layer sees part of fio's wait), is within the bounds and the headline
# says valid; the same cell with an await of 250 us (more time than fio
# held each I/O) is DISAGREE, with a line naming the cell and its interval.
# The terminal line starts with its verdict; report.html shows it as a badge.

. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/rows.sh"

need_bench

# sweep DIR AWAIT_MS: five QD32 runs on loop0 with that kernel await
sweep() {
	mkdir -p "$1"
	awk -v await="$2" -v hdr="$(rows_header ks_ios)" 'BEGIN {
		print hdr
		for (r = 1; r <= 5; r++) {
			iops = 358000 + 1000 * r
			clat = 124 + 0.5 * r
			printf "%d,loop0/io_uring/randread-qd32/sq0/iostats1/iopolicy-/prio-none/sched-none,%d,ok,,loop0,loop,6.18.0,fio-3.33,io_uring,3.33,randread-qd32,0,32,1,1,,,,none,2,", r, r
			printf "%.0f,%.0f,0,%.0f,0,%.2f,%.2f,%.2f,%.2f,,,,,%.2f,3.0,100,", \
			       iops, iops, iops * 4, clat, clat, clat * 4, clat * 8,
			       clat + 3
			printf "%.0f,%.4f,0,%.1f,99.5,,,,2.1,%.0f,%.0f\n", iops,
			       await + r / 100000, iops * await / 1000, 2 * iops, 2 * iops
		}
	}' >"$1/results.csv"
	"$bench" report "$1" >"$T_TMP/out" 2>&1 ||
		fail "report exited $?: $(tail -n 3 "$T_TMP/out")"
	grep '%util and await' "$1/report.md"
}

out=$(sweep "$T_TMP/half" 0.060) || exit 1
echo "$out"
echo "$out" | head -n 1 | grep -q 'valid on loop0 (kernel 6.18.0): %util within fio.s bounds in 1 of 1 cells, await in 1 (await/clat 0\.4[0-9] to 0\.4[0-9] by cell)' ||
	fail "await at half clat, under lat, is not valid: $out"
[ "$(echo "$out" | wc -l)" -eq 1 ] || fail "a cell within the bounds got a DISAGREE line: $out"

out=$(sweep "$T_TMP/over" 0.250) || exit 1
echo "$out"
echo "$out" | head -n 1 | grep -q 'DISAGREE on loop0 (kernel 6.18.0): %util within fio.s bounds in 1 of 1 cells, await in 0' ||
	fail "await twice lat is not DISAGREE: $out"
echo "$out" | grep -Eq 'DISAGREE on loop0, loop0/io_uring/randread-qd32[^:]*: await/lat 1\.9[0-9] \[1\.9[0-9], 1\.9[0-9]\], await/clat 1\.9[0-9]: the kernel counts more time per I/O than fio held it' ||
	fail "the cell over lat is not named with its interval: $out"
# the finding a person scans: verdict first in the terminal, a badge in HTML
grep -q '^  DISAGREE      %util and await: DISAGREE on loop0 (kernel 6.18.0)' "$T_TMP/out" ||
	fail "the terminal line does not start with its verdict: $(grep 'util and await' "$T_TMP/out")"
grep -q '<td class="q">%util and await</td><td class="v"><span class="badge bad">DISAGREE</span></td><td class="f">DISAGREE on loop0' \
	"$T_TMP/over/report.html" || fail "report.html has no DISAGREE badge for the finding"
grep -q '<span class="badge good">VALID</span>' "$T_TMP/half/report.html" ||
	fail "report.html has no VALID badge for the cell within the bounds"

pass "await at half clat is within fio's bounds, await over lat is DISAGREE for its cell"
