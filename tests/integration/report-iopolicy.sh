#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# report-iopolicy.sh: the report compares NVMe multipath iopolicies as it
# compares a --knob's values, from the dims table alone.  Made-up rows of
# a multipath head (bio-based, as nvme0n1 is under native multipath) with
# round-robin 10% faster than numa: the finding says
# "iopolicy=round-robin against iopolicy=numa: IOPS 1.10 [...]" with
# DIFFER on nvme0n1, not "bio-based" (iopolicy is the NVMe subsystem's,
# not a queue/ attribute); the Comparisons table and the clat percentile
# line come with it.  A sweep without multipath says the question cannot
# be answered there.

. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/rows.sh"

need_bench

# sweep DIR POLICIES: rows of nvme0n1 for each policy ("" for none)
sweep() {
	mkdir -p "$1"
	echo '{ "targets": [ { "disk": "nvme0n1", "blk_mq": false } ] }' >"$1/meta.json"
	awk -v pols="$2" -v hdr="$(rows_header)" 'BEGIN {
		print hdr
		n = split(pols, p, " ")
		if (!n) { n = 1; p[1] = "" }
		run = 0
		for (r = 1; r <= 6; r++)
			for (k = 1; k <= n; k++) {
				f = 1 + (r - 3.5) / 200
				iops = (p[k] == "round-robin" ? 110000 : 100000) * f
				clat = 300 / f
				printf "%d,nvme0n1/io_uring/randread-qd32/sq0/iostats1/iopolicy-%s/prio-none/sched-none,%d,ok,,nvme0n1,QEMU NVMe Ctrl,6.18.0,fio-3.33,io_uring,3.33,randread-qd32,0,32,1,1,%s,%s,none,none,2,", ++run, p[k], r, p[k], p[k]
				printf "%.0f,%.0f,0,%.0f,0,%.2f,%.2f,%.2f,%.2f,,,,,%.2f,0,100,", \
				       iops, iops, iops * 4, clat, clat, clat * 2, clat * 3, clat
				printf "%.0f,%.4f,0,1,99,,,,%.3f,%.0f\n", iops, clat / 1000, 4 / f, iops * 2
			}
	}' >"$1/results.csv"
	"$bench" report "$1" >"$T_TMP/out" 2>&1 ||
		fail "report exited $?: $(tail -n 3 "$T_TMP/out")"
}

sweep "$T_TMP/mp" "numa round-robin"
grep 'iopolicy' "$T_TMP/mp/report.md"
grep -Eq '^- \*\*iopolicy=round-robin against iopolicy=numa: IOPS 1\.(09|10|11)[0-9]* \[1\.[01][0-9]*, 1\.1[0-9]*\], CPU per I/O [0-9.]* \[[0-9.]*, [0-9.]*\] \(DIFFER\) on nvme0n1 \(kernel 6\.18\.0\)' \
	"$T_TMP/mp/report.md" || fail "round-robin against numa not measured as a knob is"
grep -q 'iopolicy: not measurable here' "$T_TMP/mp/report.md" &&
	fail "iopolicy called not measurable on a multipath sweep"
grep -q 'bio-based' "$T_TMP/mp/report.md" &&
	fail "a multipath head's iopolicy judged as a queue/ attribute"
grep -q '^### iopolicy=round-robin vs numa (IOPS)' "$T_TMP/mp/report.md" ||
	fail "no Comparisons table for iopolicy"
grep -q 'latency, iopolicy=round-robin vs numa: ' "$T_TMP/mp/report.md" ||
	fail "no clat percentile line for iopolicy"

sweep "$T_TMP/none" ""
grep -q '^- \*\*iopolicy: not measurable here: no native NVMe multipath target' "$T_TMP/none/report.md" ||
	fail "a sweep without multipath does not say iopolicy cannot be measured: $(grep iopolicy "$T_TMP/none/report.md")"
pass
