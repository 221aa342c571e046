#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gate-verdicts.sh: `fioring-bench gate` on seeded synthetic sweeps whose
# truth is known: an A/A pair passes, a 12% drop fails, a 4% drop within
# the 5% tolerance passes, two runs per cell and a too-wide spread cannot
# be judged, --vs compares engines within one sweep, and bad arguments are
# refused with one line.  Exit codes are the contract CI relies on.

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
$synth "$d/drop3" 4 9 $(cells 485000 1 470000) || fail "synth"
$synth "$d/two" 5 2 $(cells 500000 4 470000) || fail "synth"
$synth "$d/wide" 6 9 $(cells 500000 40 470000) || fail "synth"
$synth "$d/failed" 7 9 zram0:fioring:randread-qd32:0:1:500000:4:6 \
	zram0:io_uring:randread-qd32:0:1:470000:4 || fail "synth"

gate_expect 0 aa --baseline "$d/base" "$d/same"
[ "$(grep -c '^PASS' "$T_TMP/aa.out")" -eq 2 ] || fail "A/A: want two PASS lines"
grep -q 'gate: 2 compared: 2 pass, 0 regression, 0 cannot judge.*: PASS$' "$T_TMP/aa.out" ||
	fail "A/A: summary line missing"

gate_expect 1 drop12 --baseline "$d/base" "$d/drop12"
grep -q '^REGRESSION  zram0/fioring/randread-qd32/.*iops down 1[0-4]\.[0-9]%' "$T_TMP/drop12.out" ||
	fail "12% drop: no REGRESSION line for the fioring cell"
grep -q '^PASS        zram0/io_uring' "$T_TMP/drop12.out" || fail "12% drop: io_uring cell should pass"

# a significant 4% drop, smaller than the tolerance, passes and says so
gate_expect 0 drop3 --baseline "$d/base" "$d/drop3"
grep -q 'significant drop' "$T_TMP/drop3.out" || fail "4% drop: not reported as significant"
# ...and fails when the tolerance is tighter than the drop
gate_expect 1 drop3-tight --max-drop 1 --baseline "$d/base" "$d/drop3"

gate_expect 2 two --baseline "$d/base" "$d/two"
grep -q 'CANNOT .*2 ok runs in the new sweep, the U test needs 5 per side' "$T_TMP/two.out" ||
	fail "2 runs: no 'cannot judge' line stating the minimum"

gate_expect 2 failed --baseline "$d/base" "$d/failed"
grep -q '3 ok runs in the new sweep (6 failed)' "$T_TMP/failed.out" ||
	fail "failed runs: not counted in the verdict line"

gate_expect 2 wide --baseline "$d/base" "$d/wide"
grep -q 'CV .* is above --max-cv 10.0%' "$T_TMP/wide.out" || fail "wide spread: no CV message"
gate_expect 0 wide-capped --max-cv 50 --baseline "$d/base" "$d/same"

# relative mode: fioring at 500k against io_uring at 470k in one sweep passes;
# io_uring far ahead makes fioring a regression
gate_expect 0 vs --vs io_uring "$d/base"
grep -q '^PASS        zram0/fioring/.*ratio 1\.0[0-9]' "$T_TMP/vs.out" || fail "--vs: ratio line"
$synth "$d/behind" 8 9 $(cells 400000 4 470000) || fail "synth"
gate_expect 1 vs-behind --vs io_uring "$d/behind"
gate_expect 2 vs-none --vs nosuchengine "$d/base"

# a cell the baseline has and the new sweep lost cannot pass silently
$synth "$d/less" 9 9 zram0:fioring:randread-qd32:0:1:500000:4 || fail "synth"
gate_expect 2 lost --baseline "$d/base" "$d/less"
grep -q 'in the baseline, not in' "$T_TMP/lost.out" || fail "lost cell not reported"

# bad input: one line naming what is wrong, exit 2
gate_expect 2 badpct --max-drop 1x --vs io_uring "$d/base"
grep -q "max-drop: not a percentage" "$T_TMP/badpct.out" || fail "bad --max-drop"
gate_expect 2 badmin --min-runs 2 --vs io_uring "$d/base"
grep -q "min-runs: '2': need a number from 4" "$T_TMP/badmin.out" || fail "bad --min-runs"
gate_expect 2 both --vs io_uring --baseline "$d/base" "$d/base"
gate_expect 2 nodir --vs io_uring "$d/nope"
grep -q "cannot open $d/nope/results.csv" "$T_TMP/nodir.out" || fail "missing dir"
printf 'cell,status\na,ok,extra\n' >"$d/bad.csv" && mkdir "$d/bad" && mv "$d/bad.csv" "$d/bad/results.csv"
gate_expect 2 badcsv --vs io_uring "$d/bad"
grep -q 'results.csv line 2: 3 fields, the header has 2' "$T_TMP/badcsv.out" || fail "bad CSV line"
echo "gate verdicts as expected"
