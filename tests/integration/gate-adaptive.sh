#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gate-adaptive.sh: `run --adaptive N` on a loop device made for the test.
# A width no sweep can reach spends the whole budget, N more runs of every
# cell, interleaved (repeat 6 of each cell backwards, then repeat 7 in
# order, as the planned repeats alternate); meta.json and the closing line
# say what was done, and progress lines say the round, the cells still
# open and the most runs left; the gate reads the longer cells; bad values are
# refused before anything is touched.  With --adaptive-vs a
# pair gets extra runs exactly when the gate cannot decide it at the
# planned runs (psync at QD1 against io_uring at QD32); that an undecided
# pair gets them on both sides, and pairs by round, is tested on fixed
# values in tests/unit/adaptive.c (a live A/A pair is decided by chance in
# a few sweeps in a hundred).  When a cell counts as
# settled is tested on fixed values in tests/unit/adaptive.c: on a live
# device no width is sure to settle (under load, IOPS spread by a factor of
# tens: docs/notes/2026-11-devices.md).

. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/gate.sh"

# bad values first: one line, exit 2, no root needed
"$bench" run --adaptive -1 --dry-run >"$T_TMP/bad1" 2>&1
[ $? -eq 2 ] || { cat "$T_TMP/bad1"; fail "--adaptive -1 not refused with 2"; }
grep -q "adaptive" "$T_TMP/bad1" || fail "--adaptive -1: the option is not named"
"$bench" run --adaptive-width 0 --dry-run >"$T_TMP/bad2" 2>&1
[ $? -eq 2 ] || { cat "$T_TMP/bad2"; fail "--adaptive-width 0 not refused with 2"; }
for bad in "--adaptive-vs target=x" "--adaptive-vs engine=nosuch" "--adaptive-max-drop 100"; do
	"$bench" run $bad --dry-run >"$T_TMP/bad3" 2>&1
	rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$T_TMP/bad3")" -eq 1 ] &&
		grep -q "adaptive-" "$T_TMP/bad3" ||
		{ cat "$T_TMP/bad3"; fail "$bad: not refused in one line naming it, exit 2 (got $rc)"; }
done

need_root
loop_make 128M || skip "cannot make a loop device over tmpfs"
dev=$DEV

# sweep NAME ARGS...: two cells (iostats 0 and 1) of 1 s randread
sweep() {
	name=$1
	shift
	"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/randread-qd32.fio" \
		--engine io_uring --iostats 0,1 --runtime 1 --out "$T_TMP/$name" \
		--state "$T_TMP/journal" "$@" >"$T_TMP/$name.log" 2>&1 ||
		{ cat "$T_TMP/$name.log"; fail "sweep $name failed"; }
	cat "$T_TMP/$name.log"
}

# rows of the sweep: "cell repeat", in file order
rows() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["cell"], $c["repeat"] }' "$T_TMP/$1/results.csv"
}

sweep tight --repeat 5 --adaptive 2 --adaptive-width 0.001
[ "$(rows tight | wc -l)" -eq 14 ] || fail "tight: $(rows tight | wc -l) rows, want 14 (5 + 2 per cell)"
# the extra runs alternate between the cells, as the planned ones do
rows tight | tail -4 | awk '{ print $2 }' | tr '\n' ' ' | grep -q '^6 6 7 7 $' ||
	fail "tight: extra runs not interleaved: $(rows tight | tail -4 | tr '\n' ' ')"
c1=$(rows tight | sed -n 11p | cut -d' ' -f1)
c2=$(rows tight | sed -n 12p | cut -d' ' -f1)
[ "$c1" != "$c2" ] || fail "tight: round of extra runs repeats one cell"
# and, like the planned repeats, the even round backwards, the odd one forwards
[ "$(rows tight | sed -n 13p | cut -d' ' -f1)" = "$c2" ] &&
	[ "$(rows tight | sed -n 14p | cut -d' ' -f1)" = "$c1" ] &&
	[ "$(rows tight | sed -n 1p | cut -d' ' -f1)" = "$c2" ] ||
	fail "tight: rounds 6 and 7 do not run the cells backwards then forwards: $(rows tight | tr '\n' ' ')"
[ "$(jqr "$T_TMP/tight/meta.json" '.adaptive.extra_runs')" -eq 4 ] || fail "tight: meta.json extra_runs"
[ "$(jqr "$T_TMP/tight/meta.json" '.adaptive.budget')" -eq 2 ] || fail "tight: meta.json budget"
grep -q 'adaptive: 4 extra runs; [0-2] of 2 cells settled' "$T_TMP/tight.log" ||
	fail "tight: closing line missing"
# progress says the round, the cells open and the most runs left, never a
# count of runs that grows as it goes
grep -q '^adaptive round 1: 2 cells open, at most 4 runs, ETA <= [0-9]*:[0-9][0-9]$' "$T_TMP/tight.log" &&
	grep -q '^adaptive round 2: 2 cells open, at most 2 runs, ETA <= [0-9]*:[0-9][0-9]$' "$T_TMP/tight.log" ||
	fail "tight: no line per adaptive round with its open cells and most runs"
[ "$(grep -c '^\[round 1: [12]/2\] .* ETA <= [0-9]*:[0-9][0-9]$' "$T_TMP/tight.log")" -eq 2 ] &&
	[ "$(grep -c '^\[round 2: [12]/2\] .* ETA <= 0:00$' "$T_TMP/tight.log")" -eq 1 ] ||
	fail "tight: the extra runs' progress lines do not say their round"
grep -q '^\[10/10\] ' "$T_TMP/tight.log" && ! grep -q '^\[1[1-4]/1[1-4]\]' "$T_TMP/tight.log" ||
	fail "tight: the planned runs' count grows in the adaptive rounds"

# the gate reads the longer cells like any others
"$bench" gate --vs iostats_req=0 "$T_TMP/tight" >"$T_TMP/gate.out" 2>&1
rc=$?
cat "$T_TMP/gate.out"
[ $rc -le 1 ] || [ $rc -eq 3 ] || fail "gate on the adaptive sweep exited $rc"
grep -q 'n=7/7' "$T_TMP/gate.out" || fail "gate did not see 7 runs a side"

# A pair the gate decides at the 5 planned runs a side gets no more, and
# one it cannot decide there gets them: the gate on the planned runs alone
# says which this sweep must do.  psync against io_uring at QD32 on IOPS
# alone (psync's CPU per I/O is near io_uring's plus 5%) is decided at 5
# runs on a quiet machine; where IOPS drift between rounds by more than
# the gap between the engines (seen here: 95k to 170k in one sweep), it is
# not, and then the pair must get more.
"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/randread-qd32.fio" \
	--engine io_uring,psync --iostats 1 --runtime 1 --repeat 5 --adaptive 3 \
	--adaptive-vs io_uring --adaptive-metric iops \
	--out "$T_TMP/decided" --state "$T_TMP/journal" \
	>"$T_TMP/decided.log" 2>&1 || { cat "$T_TMP/decided.log"; fail "sweep decided failed"; }
cat "$T_TMP/decided.log"
# one name in futile_cells per futile pair (-1: no such array)
named='.adaptive | if (.futile_cells | type) == "array" then .futile - (.futile_cells | length) else -1 end'
[ "$(jqr "$T_TMP/decided/meta.json" '.adaptive.vs')" = engine=io_uring ] &&
	[ "$(jqr "$T_TMP/decided/meta.json" '.adaptive.pairs')" -eq 1 ] &&
	[ "$(jqr "$T_TMP/decided/meta.json" "$named")" -eq 0 ] ||
	fail "decided: meta.json adaptive.vs, pairs, a futile_cells name per futile pair"
cp -r "$T_TMP/decided" "$T_TMP/planned"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "repeat") r = i }
	NR == 1 || $r <= 5' "$T_TMP/decided/results.csv" >"$T_TMP/planned/results.csv"
"$bench" gate --vs io_uring --metric iops "$T_TMP/planned" >"$T_TMP/gate1.out" 2>&1
planned=$?
extra=$(jqr "$T_TMP/decided/meta.json" '.adaptive.extra_runs')
cat "$T_TMP/gate1.out"
case $planned in
0|1)	[ "$extra" -eq 0 ] ||
		fail "decided: a pair the gate decides at 5 runs got $extra extra runs"
	grep -q 'adaptive: 0 extra runs; 2 of 2 cells settled (1 judged against engine=io_uring at --max-drop 5%' \
		"$T_TMP/decided.log" || fail "decided: closing line" ;;
3)	[ "$extra" -gt 0 ] ||
		fail "decided: a pair the gate cannot decide at 5 runs got no extra runs" ;;
*)	fail "decided: gate on the planned runs exited $planned" ;;
esac
# psync is the slower: once the pair settled, the gate calls it a regression
"$bench" gate --vs io_uring --metric iops "$T_TMP/decided" >"$T_TMP/gate2.out" 2>&1
rc=$?
[ $rc -eq 1 ] || { [ $rc -eq 3 ] && [ "$(jqr "$T_TMP/decided/meta.json" '.adaptive.settled')" -lt 2 ]; } ||
	{ cat "$T_TMP/gate2.out"; fail "decided: the gate does not call psync a regression (exit $rc)"; }

echo "adaptive repeats as expected"
