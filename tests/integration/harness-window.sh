#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-window.sh: the kernel's interval matches fio's I/O, and I/O fio
# did not issue is caught.  On a loop device (blk-mq, honours iostats):
#  - a QD1 randread sweep with iostats 1: the kernel counts exactly fio's
#    I/Os and ks_interval_ms lies within 1% (+ one 2 ms poll at each end)
#    of fio's runtime, not fio's start-up and exit (wall_s);
#  - the same while another process reads 4k every 10 ms from the device:
#    every run is flagged foreign_io, ks_reliable 0, and the report leaves
#    those runs out of the %util finding.
# Window figures are checked on the runs that ran at speed: on a loaded
# machine a run whose fio runtime stretched well past --runtime stalled, and
# fio's runtime then holds the stall (said, not failed).

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
loop_make 256M || skip "cannot make a loop device"
dev=$DEV

sweep() {
	"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
		--engine io_uring --iostats 1 --repeat "$2" --runtime 1 --out "$1" \
		--state "$T_TMP/journal" 2>"$1.log" ||
		{ cat "$1.log"; fail "the sweep $1 failed"; }
}

sweep "$T_TMP/clean" 3
jq -r '.runs[] | "run \(.run): fio \(.fio_ios) I/Os in \(.runtime_s) s, kernel \(.ks_ios) in \(.ks_interval_ms) ms, process \(.wall_s) s, flags \(.ks_flags)"' \
	"$T_TMP/clean/results.json"
jq -e '[.runs[] | .ks_ios == .fio_ios and .ks_reliable == 1] | all' \
	"$T_TMP/clean/results.json" >/dev/null || fail "the kernel's count is not fio's on an idle device"
fast=$(jq '[.runs[] | select(.runtime_s < 1.05)] | length' "$T_TMP/clean/results.json")
[ "$fast" -gt 0 ] || skip "no run ran at speed (machine too loaded to judge the window)"
jq -e '[.runs[] | select(.runtime_s < 1.05) |
	((.ks_interval_ms - .runtime_s * 1000) | fabs) <= .runtime_s * 10 + 4] | all' \
	"$T_TMP/clean/results.json" >/dev/null || fail "the kernel's window is not fio's runtime within 1%"
jq -e '[.runs[] | .wall_s * 1000 > .ks_interval_ms] | all' "$T_TMP/clean/results.json" >/dev/null ||
	fail "the window is not inside the fio process"

# a stray reader: 20 x 4k every 10 ms (~2k I/Os a second), O_DIRECT, for as
# long as the sweep runs: well beyond 0.5% of fio's count
(
	while :; do
		dd if="$dev" of=/dev/null bs=4k count=20 iflag=direct 2>/dev/null
		sleep 0.01
	done
) &
reader=$!
sweep "$T_TMP/stray" 2
kill $reader
wait $reader 2>/dev/null
jq -r '.runs[] | "run \(.run): fio \(.fio_ios), kernel \(.ks_ios), flags \(.ks_flags), reliable \(.ks_reliable)"' \
	"$T_TMP/stray/results.json"
jq -e '[.runs[] | (.ks_flags | split(";") | index("foreign_io") != null) and .ks_reliable == 0] | all' \
	"$T_TMP/stray/results.json" >/dev/null || fail "another process's I/O not flagged foreign_io"
command -v gnuplot >/dev/null || { echo "window and foreign I/O as expected (no gnuplot: report not checked)"; exit 0; }
"$bench" report "$T_TMP/stray" >"$T_TMP/report.out" 2>&1 || { cat "$T_TMP/report.out"; fail "report"; }
grep -q "runs flagged: 2 of 2 (100.0%): foreign_io 2" "$T_TMP/report.out" ||
	{ cat "$T_TMP/report.out"; fail "foreign_io not counted in the findings"; }
grep -q "%util and await: not measurable on ${dev#/dev/}: no run with reliable kernel counts" "$T_TMP/report.out" ||
	{ cat "$T_TMP/report.out"; fail "unreliable runs used for the %util finding"; }
echo "window and foreign I/O as expected"
