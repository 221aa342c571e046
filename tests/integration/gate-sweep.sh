#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gate-sweep.sh: the gate on real sweeps of a zram device made for the test.
# Two sweeps of the same setup must not be a regression; a sweep whose job
# is capped at 90% of the rate the first sweep measured must not pass (on
# a quiet machine they pass and fail; under load either may be "cannot
# judge", which scripts/bench-gate.sh measures); a sweep with 2 runs must
# say it cannot judge.  Raw IOPS on this shared 2-core machine swing by tens
# of percent between 1-s runs, far more than the 10% the test plants, so
# the job runs at a fixed rate_iops well below what the device can do: the
# baseline then measures that rate steadily and a 10% cap is a real,
# detectable drop in what fio delivered.  With iodepth 4, fio catches up
# after a stall (its rate is held over the whole run).  The test is about
# IOPS, so it gates on that metric alone: CPU time per I/O at a fixed low
# rate is mostly sleeping and waking, and its verdicts are tested in
# gate-verdicts.sh and measured by scripts/bench-gate.sh.

. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/gate.sh"

need_root
zram_make 256M || skip "cannot make a zram device"
dev=$DEV
rate=${GATE_TEST_RATE:-3000}
repeat=9

# job DIR RATE: the same job name in each DIR, so the cells match
job() {
	mkdir -p "$T_TMP/$1"
	cat >"$T_TMP/$1/gatejob.fio" <<JOB
; gatejob: 4 KiB random reads at a fixed rate
[gatejob]
rw=randread
bs=4k
iodepth=4
direct=1
size=64M
norandommap
rate_iops=$2
JOB
	echo "$T_TMP/$1/gatejob.fio"
}

# sweep NAME JOBFILE REPEAT [ADAPTIVE]: with adaptive repeats, as a CI job
# on a loaded machine would run it, so the A/A interval can close inside
# the tolerance
sweep() {
	"$bench" run --target "$dev" --job "$2" --engine fioring --iostats 1 \
		--repeat "$3" --adaptive "${4:-0}" --runtime 2 --out "$T_TMP/$1" --state "$T_TMP/journal" \
		>"$T_TMP/$1.log" 2>&1 ||
		{ cat "$T_TMP/$1.log"; fail "sweep $1 failed"; }
}

sweep a "$(job a "$rate")" $repeat 9
sweep b "$(job b "$rate")" $repeat 9
measured=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "iops") c = i; next }
	{ print $c }' "$T_TMP/a/results.csv" | sort -n | awk '{ v[NR] = $1 }
	END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
capped=$(awk -v m="$measured" 'BEGIN { printf "%d", m * 0.9 }')
echo "baseline median $measured IOPS; capped sweep at rate_iops=$capped"
sweep c "$(job c "$capped")" $repeat 9
sweep d "$(job d "$rate")" 2

# under load (CV 17% at this fixed rate while other jobs ran) an A/A pair
# may stay undecided and so may the cap; neither may get the wrong verdict
gate_expect_not 1 same --metric iops --baseline "$T_TMP/a" "$T_TMP/b"
gate_expect_not 0 capped --metric iops --baseline "$T_TMP/a" "$T_TMP/c"
grep -q '^REGRESSION .*iops down [0-9.]*%, beyond --max-drop 5.0%\|^CANNOT .*iops down' "$T_TMP/capped.out" ||
	fail "capped: no line saying iops went down"
gate_expect 3 two --metric iops --baseline "$T_TMP/a" "$T_TMP/d"
grep -q '2 ok runs in the new sweep, the gate needs 5 per side' "$T_TMP/two.out" ||
	fail "2 runs: the minimum is not stated"
echo "gate on real sweeps as expected"
