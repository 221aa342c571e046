#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gate-verdicts.sh: `fioring-bench gate` on seeded synthetic sweeps whose
# truth is known: an A/A pair passes on both metrics, a 12% IOPS drop and a
# 10% rise of CPU per I/O fail (each on its own metric), a 2% drop within
# the 5% tolerance passes, two runs per cell and a too-wide spread cannot
# be judged (saying what more runs would do, and what the sweep's adaptive
# repeats did), --vs compares engines (or jobs) within one sweep, an old result
# directory without CPU figures is gated on IOPS, and bad arguments are
# refused with one line.  Exit codes and gate.json are the contract CI
# relies on: 0 pass, 1 regression, 2 bad arguments, 3 cannot judge.

. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/gate.sh"

synth="sh $FIORING_TOP/tests/fixtures/synth-results.sh"
d=$T_TMP

cells() {
	echo "zram0:fioring:randread-qd32:0:1:$1:$2 zram0:io_uring:randread-qd32:0:1:$3:$2"
}

$synth "$d/base" 1 9 $(cells 500000 4 470000) || fail "synth"
$synth "$d/same" 2 9 $(cells 500000 4 470000) || fail "synth"
$synth "$d/drop12" 3 9 $(cells 440000 4 470000) || fail "synth"
# a 2% drop is proven only against a baseline as tight as itself (+-1%)
$synth "$d/base1" 8 9 $(cells 500000 1 470000) || fail "synth"
$synth "$d/drop2" 4 9 $(cells 490000 1 470000) || fail "synth"
$synth "$d/two" 5 2 $(cells 500000 4 470000) || fail "synth"
$synth "$d/wide" 6 9 $(cells 500000 40 470000) || fail "synth"
$synth "$d/failed" 7 9 zram0:fioring:randread-qd32:0:1:500000:4:6 \
	zram0:io_uring:randread-qd32:0:1:470000:4 || fail "synth"
# same IOPS, 10% more CPU per I/O in the fioring cell
$synth "$d/cpu10" 10 9 zram0:fioring:randread-qd32:0:1:500000:4::1.1 \
	zram0:io_uring:randread-qd32:0:1:470000:4 || fail "synth"

gate_expect 0 aa --baseline "$d/base" "$d/same"
[ "$(grep -c '^PASS' "$T_TMP/aa.out")" -eq 4 ] ||
	fail "A/A: want four PASS lines (two cells, iops and cpu_per_io_us)"
grep -q 'gate: 2 compared: 2 pass, 0 regression, 0 cannot judge; judged 100%; metric iops,cpu_per_io_us.*: PASS$' \
	"$T_TMP/aa.out" || fail "A/A: summary line missing"
[ "$(jqr "$d/same/gate.json" '.summary.verdict + " " + (.summary.exit | tostring)')" = "pass 0" ] ||
	fail "A/A: gate.json summary is not pass/0"
[ "$(jqr "$d/same/gate.json" '.comparisons | length')" -eq 4 ] ||
	fail "A/A: gate.json does not hold four comparisons"

gate_expect 1 drop12 --baseline "$d/base" "$d/drop12"
grep -q '^REGRESSION  zram0/fioring/randread-qd32/.*  iops  ratio .*iops down 1[0-4]\.[0-9]%, beyond --max-drop 5.0%' \
	"$T_TMP/drop12.out" || fail "12% drop: no REGRESSION line for the fioring cell's iops"
grep -q '^REGRESSION  zram0/fioring/.*cpu_per_io_us up 1[0-6]\.[0-9]%' "$T_TMP/drop12.out" ||
	fail "12% drop: CPU per I/O (0.9 s / IOPS) did not fail with it"
grep -q '^PASS        zram0/io_uring.*  iops  ' "$T_TMP/drop12.out" || fail "12% drop: io_uring cell should pass"
[ "$(jqr "$d/drop12/gate.json" '[.cells[] | select(.verdict == "regression")] | length')" -eq 1 ] ||
	fail "12% drop: gate.json should hold one regressed cell"

gate_expect 1 cpu10 --baseline "$d/base" "$d/cpu10"
grep -q '^PASS        zram0/fioring/.*  iops  ' "$T_TMP/cpu10.out" || fail "CPU +10%: iops should pass"
grep -q '^REGRESSION  zram0/fioring/.*cpu_per_io_us up [89]\.[0-9]%\|^REGRESSION  zram0/fioring/.*cpu_per_io_us up 1[0-2]\.[0-9]%' \
	"$T_TMP/cpu10.out" || fail "CPU +10%: no cpu_per_io_us REGRESSION"
gate_expect 0 cpu10-iops --metric iops --baseline "$d/base" "$d/cpu10"

# a cell whose job spends under 100 ms of CPU a run (45 and 90 ms here:
# one that sleeps between I/Os) has its CPU per I/O said, not gated, even
# doubled, and is judged on IOPS; gated on CPU alone, it cannot be judged
idle() {
	echo "zram0:fioring:randread-qd32:0:1:500000:4::$1 zram0:io_uring:randread-qd32:0:1:470000:4::0.05"
}
$synth "$d/idle-base" 11 9 $(idle 0.05) || fail "synth"
$synth "$d/idle" 12 9 $(idle 0.1) || fail "synth"
gate_expect 0 idle --baseline "$d/idle-base" "$d/idle"
grep -q "^UNMEASURED  zram0/fioring/.*  cpu_per_io_us: not gated: fio's CPU time is 45 ms (base) and 90 ms a run, under the 100 ms" \
	"$T_TMP/idle.out" || fail "idle: doubled CPU of a 45 ms job is not said as not gated"
grep -q 'gate: 2 compared: 2 pass, 0 regression, 0 cannot judge; judged 100%' "$T_TMP/idle.out" ||
	fail "idle: the cells are not judged on IOPS"
[ "$(jqr "$d/idle/gate.json" '[.comparisons[] | select(.verdict == "not_measured")] | length')" -eq 2 ] ||
	fail "idle: gate.json does not say not_measured for both cells' CPU"
gate_expect 3 idle-cpu --metric cpu_per_io_us --baseline "$d/idle-base" "$d/idle"
# ...also when some of its runs have no CPU per I/O (fio spun through its
# think time): what is left is under the floor, so the count is moot
mkdir -p "$d/idle-spun"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	NR > 1 && $c["engine"] == "fioring" && $c["repeat"] <= 5 { $c["cpu_per_io_us"] = "" }
	{ print }' \
	"$d/idle/results.csv" >"$d/idle-spun/results.csv"
gate_expect 0 idle-spun --baseline "$d/idle-base" "$d/idle-spun"
[ "$(grep -c "^UNMEASURED  zram0/.*  cpu_per_io_us: not gated: fio's CPU time" "$T_TMP/idle-spun.out")" -eq 2 ] ||
	fail "idle: runs without CPU per I/O made a cell under the floor CANNOT instead of not gated"

# a proven 2% drop, smaller than the tolerance, passes and says so
gate_expect 0 drop2 --baseline "$d/base1" "$d/drop2"
grep -q 'iops down [0-9.]*%, within --max-drop' "$T_TMP/drop2.out" || fail "2% drop: not reported as proven"
# ...and fails when the tolerance is tighter than the drop
gate_expect 1 drop2-tight --max-drop 0.5 --baseline "$d/base1" "$d/drop2"

gate_expect 3 two --baseline "$d/base" "$d/two"
grep -q 'CANNOT .*2 ok runs in the new sweep, the gate needs 5 per side' "$T_TMP/two.out" ||
	fail "2 runs: no 'cannot judge' line stating the minimum"
[ "$(jqr "$d/two/gate.json" '.summary.verdict + " " + (.summary.exit | tostring)')" = "cannot 3" ] ||
	fail "2 runs: gate.json summary is not cannot/3"

gate_expect 3 failed --baseline "$d/base" "$d/failed"
grep -q '3 ok runs in the new sweep (6 failed)' "$T_TMP/failed.out" ||
	fail "failed runs: not counted in the verdict line"

# +-40% spread: the interval straddles the tolerance; no CV cap decides it
gate_expect 3 wide --baseline "$d/base" "$d/wide"
grep -q '^CANNOT      zram0/fioring/.*  iops  ratio .*straddles --max-drop 5.0%' "$T_TMP/wide.out" ||
	fail "wide spread: no 'straddles' line"
# and says what more runs would do: about N a side, or that they hardly help
grep -Eq 'straddles --max-drop 5.0%: (about [0-9]+ runs a side would decide it if the loss held|over 200 runs a side would decide it: the loss sits too near --max-drop for its spread)' "$T_TMP/wide.out" ||
	fail "wide spread: the line does not say how many runs would decide it"
# the same spread passes once the tolerance is wider than the noise
gate_expect 0 wide-tol --max-drop 40 --baseline "$d/base" "$d/wide"

# relative mode: fioring at 500k against io_uring at 470k in one sweep passes
# (a gain); io_uring far ahead makes fioring a regression
gate_expect 0 vs --vs io_uring "$d/base"
grep -q '^PASS        zram0/fioring/.*  iops  ratio 1\.0[0-9].*n=9/9 paired.*a gain' "$T_TMP/vs.out" ||
	fail "--vs: ratio line, runs of one round paired"
# two sweeps have no rounds in common: never paired
grep -q ' paired ' "$T_TMP/wide.out" && fail "--baseline: runs of two sweeps paired"
$synth "$d/behind" 8 9 $(cells 400000 4 470000) || fail "synth"
gate_expect 1 vs-behind --vs io_uring "$d/behind"
gate_expect 1 vs-behind-col --vs engine=io_uring "$d/behind"
gate_expect 2 vs-none --vs nosuchengine "$d/base"
grep -qx "gate: --vs engine=nosuchengine: no run in $d/base/results.csv has engine nosuchengine" \
	"$T_TMP/vs-none.out" || fail "--vs a value no run has: not one line naming it"
# a cell whose first run failed (no iodepth: fio never reported) still pairs
mkdir -p "$d/firstfail"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	NR == 2 { $c["status"] = "failed"; $c["iodepth"] = ""; $c["iops"] = "" } { print }' \
	"$d/base/results.csv" >"$d/firstfail/results.csv"
gate_expect 0 vs-firstfail --vs io_uring "$d/firstfail"
# judged on the 8 rounds that ran both cells
grep -q '^PASS        zram0/fioring/.*  iops  .*n=8/8 paired' "$T_TMP/vs-firstfail.out" ||
	fail "--vs: a cell whose first run failed lost its partner"

# an undecided pair says what the sweep's own adaptive repeats did to it
# (meta.json, as run --adaptive-vs writes it), else to run them; repeats
# judged against another setting did nothing to this pair
gate_expect 3 vs-wide --vs io_uring "$d/wide"
grep -q '^CANNOT      zram0/fioring/.*  iops  .*straddles.*(run --adaptive)$' "$T_TMP/vs-wide.out" ||
	fail "--vs, no adaptive repeats: the CANNOT line does not say to run them"
fcell=$(awk -F, 'NR > 1 && $2 ~ /fioring/ { print $2; exit }' "$d/wide/results.csv")
for ad in "engine=io_uring:[\"$fcell\"]:stopped it as futile" \
	"engine=io_uring:[]:left it undecided" "job=x:[\"$fcell\"]:"; do
	vs=${ad%%:*} futile=${ad#*:} said=${futile#*:} futile=${futile%%:*}
	echo "{\"adaptive\": {\"budget\": 12, \"vs\": \"$vs\", \"futile_cells\": $futile}}" \
		>"$d/wide/meta.json"
	gate_expect 3 vs-wide-ad --vs io_uring "$d/wide"
	[ -n "$said" ] && want="(the sweep's --adaptive 12 $said)" || want="(run --adaptive)"
	[ "$(grep -c "^CANNOT      zram0/fioring/.*straddles.*$want\$" "$T_TMP/vs-wide-ad.out")" -eq 2 ] ||
		fail "--vs, adaptive repeats against $vs, futile $futile: the CANNOT lines do not end '$want'"
	# and the summary counts the futile pairs, for people and in gate.json
	case $said in
	*futile) sum=" (1 stopped as futile by the sweep's --adaptive 12);" nf=1 ;;
	*) sum=";" nf=0 ;;
	esac
	grep -q "^gate: 1 compared: 0 pass, 0 regression, 1 cannot judge$sum" "$T_TMP/vs-wide-ad.out" ||
		fail "--vs, adaptive repeats against $vs, futile $futile: the summary does not say '$sum'"
	tr -d ' \n' <"$d/wide/gate.json" | grep -q "\"cannot\":1,\"futile\":$nf," ||
		fail "--vs, futile $futile: gate.json's summary does not count $nf futile"
done
rm "$d/wide/meta.json"

# --vs on another setting: two jobs of one engine
$synth "$d/jobs" 11 9 zram0:io_uring:base:0:1:500000:3 zram0:io_uring:capped:0:1:450000:3 \
	zram0:io_uring:same:0:1:500000:3 || fail "synth"
gate_expect 1 vs-job --vs job=base --metric iops "$d/jobs"
grep -q '^REGRESSION  zram0/io_uring/capped/' "$T_TMP/vs-job.out" || fail "--vs job=: capped job not caught"
grep -q '^PASS        zram0/io_uring/same/' "$T_TMP/vs-job.out" || fail "--vs job=: A/A job not passed"

# a cell the baseline has and the new sweep lost cannot pass silently
$synth "$d/less" 9 9 zram0:fioring:randread-qd32:0:1:500000:4 || fail "synth"
gate_expect 3 lost --baseline "$d/base" "$d/less"
grep -q 'in the baseline, not in' "$T_TMP/lost.out" || fail "lost cell not reported"

# a result directory from before cpu_per_io_us: gated on IOPS, said once each
for s in base same; do
	mkdir -p "$d/old-$s"
	# the last two columns: cpu_per_io_us, fio_ios
	awk -F, -v OFS=, '{ NF -= 2; print }' "$d/$s/results.csv" >"$d/old-$s/results.csv"
done
gate_expect 0 old --baseline "$d/old-base" "$d/old-same"
grep -q 'note: .* has no cpu_per_io_us column; not gated on it' "$T_TMP/old.out" ||
	fail "old results: the missing CPU column is not said"
gate_expect 2 old-explicit --metric cpu_per_io_us --baseline "$d/old-base" "$d/old-same"

# --json elsewhere; DIR untouched
gate_expect 0 json --json "$d/elsewhere.json" --baseline "$d/base" "$d/same"
[ "$(jqr "$d/elsewhere.json" '.summary.judged_pct')" = 100 ] || fail "--json: no summary"

# bad input: one line naming what is wrong, exit 2
gate_expect 2 badpct --max-drop 1x --vs io_uring "$d/base"
grep -q "max-drop: not a percentage" "$T_TMP/badpct.out" || fail "bad --max-drop"
gate_expect 2 badconf --confidence 50 --vs io_uring "$d/base"
grep -q "confidence: not a percentage in \[60, 100)" "$T_TMP/badconf.out" || fail "bad --confidence"
gate_expect 2 badmin --min-runs 2 --vs io_uring "$d/base"
grep -q "min-runs: '2': need a number from 4" "$T_TMP/badmin.out" || fail "bad --min-runs"
gate_expect 2 badvs --vs colour=red "$d/base"
grep -q "vs 'colour=red': want VALUE or COLUMN=VALUE" "$T_TMP/badvs.out" || fail "bad --vs column"
gate_expect 2 badmetric --metric nosuch --vs io_uring "$d/base"
grep -q "nosuch" "$T_TMP/badmetric.out" || fail "unknown --metric not named"
gate_expect 2 both --vs io_uring --baseline "$d/base" "$d/base"
gate_expect 2 nodir --vs io_uring "$d/nope"
grep -q "cannot open $d/nope/results.csv" "$T_TMP/nodir.out" || fail "missing dir"
printf 'cell,status\na,ok,extra\n' >"$d/bad.csv" && mkdir "$d/bad" && mv "$d/bad.csv" "$d/bad/results.csv"
gate_expect 2 badcsv --vs io_uring "$d/bad"
grep -q 'results.csv line 2: 3 fields, the header has 2' "$T_TMP/badcsv.out" || fail "bad CSV line"
gate_expect 2 nowrite --json "$d/nope/gate.json" --baseline "$d/base" "$d/same"
grep -q "cannot write $d/nope/gate.json" "$T_TMP/nowrite.out" || fail "unwritable --json"
echo "gate verdicts as expected"
