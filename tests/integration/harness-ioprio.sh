#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-ioprio.sh: an I/O priority sweep on a loop device over tmpfs:
# 128k random reads at depth 64 (jobs/prio-randread-128k.fio), 10% of them
# in the RT class (--ioprio rt:10), under mq-deadline and under none.
# mq-deadline dispatches RT requests ahead of BE ones, so the RT tail must
# come out below the BE tail.  Scheduler none has no priority queues: the
# figures are printed for the record, and no separation is asserted
# because none is expected.  Every run must carry both classes with about
# 10% of the I/O RT; the scheduler must be back as it was, the journal
# empty; the report must say "RT p99 ... vs BE p99 ... (mq-deadline, ...)"
# and compare mq-deadline against none as it compares a --knob's values.
# A scheduler the device lacks is named up front; a bad --ioprio refused.

. "$(dirname "$0")/../lib/common.sh"

need_bench
[ -f "$FIORING_ENGINE" ] || skip "libfioring.so is not built"
need_root
loop_make 512M || skip "cannot make a loop device"
dev=$DEV
disk=${dev#/dev/}
sched=/sys/block/$disk/queue/scheduler
grep -qw mq-deadline $sched || skip "$disk offers no mq-deadline"
# data in every block: holes would be read without touching the backing
dd if=/dev/zero of="$dev" bs=1M count=512 oflag=direct status=none ||
	fail "cannot fill $dev"
orig=$(sed 's/.*\[\(.*\)\].*/\1/' $sched)
out=$T_TMP/out

# bad input first: a scheduler the device lacks is named up front (its
# cells then fail on the write: harness-bad-input.sh), a bad mix refused
"$bench" run -t "$dev" -j "$FIORING_TOP/jobs/prio-randread-128k.fio" \
	--engine fioring --scheduler cfq --iostats 1 --repeat 1 --runtime 1 \
	--out "$T_TMP/bad" --state "$T_TMP/journal" 2>"$T_TMP/err"
[ $? -eq 3 ] || fail "a sweep over a scheduler the device lacks did not exit 3"
cat "$T_TMP/err"
grep -q "^fioring-bench run: note: --scheduler cfq: $disk offers only .*mq-deadline" \
	"$T_TMP/err" || fail "no note for a scheduler the device lacks"
"$bench" run -t "$dev" --ioprio rt:0 --out "$T_TMP/bad2" 2>"$T_TMP/err" &&
	fail "--ioprio rt:0 was accepted"
grep -q "bad --ioprio value 'rt:0'" "$T_TMP/err" || fail "no clear line for rt:0"
[ "$(sed 's/.*\[\(.*\)\].*/\1/' $sched)" = "$orig" ] ||
	fail "a refused run changed the scheduler"

"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/prio-randread-128k.fio" \
	--engine fioring --ioprio rt:10 --scheduler mq-deadline,none \
	--iostats 1 --repeat 5 --runtime 3 --out "$out" \
	--state "$T_TMP/journal" 2>"$T_TMP/log"
rc=$?
cat "$T_TMP/log"
[ $rc -eq 0 ] || fail "the sweep exited $rc"

now=$(sed 's/.*\[\(.*\)\].*/\1/' $sched)
[ "$now" = "$orig" ] || fail "queue/scheduler is $now after the sweep, was $orig"
[ ! -s "$T_TMP/journal" ] || fail "the journal is not empty after the sweep"

res=$out/results.json
[ "$(jq '.runs | length' "$res")" -eq 10 ] || fail "want 10 runs"
bad=$(jq '[.runs[] | select(.status != "ok" or .prio_hi_class != "rt" or
	.prio_lo_class != "be" or .scheduler == "")] | length' "$res")
[ "$bad" -eq 0 ] || fail "$bad runs without RT and BE figures"
jq -r '.runs[] | "\(.scheduler) RT \(.prio_hi_iops) IOPS p50 \(.prio_hi_clat_p50_us) p99 \(.prio_hi_clat_p99_us) us; BE \(.prio_lo_iops) IOPS p50 \(.prio_lo_clat_p50_us) p99 \(.prio_lo_clat_p99_us) us"' "$res"

# col_median S COL: the median of COL over the runs under scheduler S
col_median() {
	median $(jq -r --arg s "$1" ".runs[] | select(.scheduler == \$s) | .$2" "$res")
}

for s in mq-deadline none; do
	hi=$(col_median $s prio_hi_iops)
	lo=$(col_median $s prio_lo_iops)
	ratio_between "$hi" "$(echo "$hi $lo" | awk '{ print $1 + $2 }')" 0.07 0.13 ||
		fail "$s: RT is not about 10% of the I/O ($hi of $hi + $lo IOPS)"
done

rt=$(col_median mq-deadline prio_hi_clat_p99_us)
be=$(col_median mq-deadline prio_lo_clat_p99_us)
echo "mq-deadline: RT p99 $rt us vs BE p99 $be us (medians of 5 runs)"
ratio_between "$rt" "$be" 0 0.95 || fail "mq-deadline: RT p99 $rt us is not below BE p99 $be us"
echo "none (no separation expected): RT p99 $(col_median none prio_hi_clat_p99_us) us vs BE p99 $(col_median none prio_lo_clat_p99_us) us"

command -v gnuplot >/dev/null || skip "no gnuplot: the sweep was checked, its report (RT/BE headline, prio plot) was not"
"$bench" report "$out" >"$T_TMP/report" || fail "report failed"
cat "$T_TMP/report"
grep -q "RT p99 .* vs BE p99 .* (mq-deadline, $disk, fioring, prio rt:10)" \
	"$T_TMP/report" || fail "no RT/BE headline for mq-deadline"
[ -s "$out/plots/prio.png" ] || fail "no prio plot"
# the scheduler, swept, is compared as a --knob is: each against none
grep -Eq "^  (DIFFER|NO DIFFERENCE|CANNOT JUDGE) +scheduler=mq-deadline against scheduler=none: IOPS [0-9.]+ \[.*\], CPU per I/O .* on $disk" \
	"$T_TMP/report" || fail "no scheduler finding"
grep -q "latency, scheduler=mq-deadline vs none" "$T_TMP/report" ||
	fail "no latency group for the scheduler"
exit 0
