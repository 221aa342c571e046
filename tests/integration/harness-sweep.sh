#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-sweep.sh: a small fioring-bench sweep on a zram device made for
# the test (two jobs, iostats 0,1,2, both engines when libfioring is
# built, 2 repeats of 1 s).  Its results must have every contract column,
# a value in every field that applies, cells interleaved across repeats,
# fio's figures equal to fio's own JSON, the effective iostats value read
# back, and the device's iostats back at its original value afterwards.
# The probe must find zram bio-based and blind to iostats (said once, in
# meta.json, and on no run), drop iostats=2 (read back 1) from the sweep,
# every fio job must run pinned where the placement says, and the default
# two warm-up runs must come first, with files of their own and no row.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
zram_make 256M || skip "cannot make a zram device"
dev=$DEV
disk=${dev#/dev/}
orig=$(cat /sys/block/$disk/queue/iostats)
engines=io_uring
[ -f "$FIORING_ENGINE" ] && engines=fioring,io_uring
nengines=$(echo "$engines" | awk -F, '{ print NF }')
out=$T_TMP/out

"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--job "$FIORING_TOP/jobs/randwrite-qd32.fio" --engine "$engines" \
	--iostats 0,1,2 --repeat 2 --runtime 1 --out "$out" \
	--state "$T_TMP/journal" 2>"$T_TMP/log"
rc=$?
cat "$T_TMP/log"
[ $rc -eq 0 ] || fail "the sweep exited $rc"

now=$(cat /sys/block/$disk/queue/iostats)
[ "$now" = "$orig" ] || fail "queue/iostats is $now after the sweep, was $orig"
[ ! -s "$T_TMP/journal" ] || fail "the journal is not empty after the sweep"

csv=$out/results.csv
# iostats=2 reads back 1: not swept
grep -q "^fioring-bench run: note: the kernel read iostats=2 back as 1 on $disk, the same as iostats=1: not swept" "$T_TMP/log" ||
	fail "iostats=2 not dropped with a note"
cells=$((2 * nengines * 2))
rows=$(($(wc -l <"$csv") - 1))
[ "$rows" -eq $((cells * 2)) ] || fail "$rows rows, want $((cells * 2))"
[ "$(grep -c 'ETA' "$T_TMP/log")" -eq $((cells * 2)) ] ||
	fail "not one progress line per run"
grep -q 'harness overhead .* of the sweep' "$T_TMP/log" ||
	fail "no overhead line at the end"
# the default --warmup 2: two runs of the first cell before the first
# recorded one, with files of their own and no row
[ "$(grep -c '^\[warm-up [12]/2\] .*IOPS (not recorded)$' "$T_TMP/log")" -eq 2 ] ||
	fail "not two warm-up lines"
[ "$(grep -m1 -e '^\[warm-up' -e '^\[1/' "$T_TMP/log" | cut -c1-10)" = "[warm-up 1" ] ||
	fail "the first run came before the warm-up"
[ -s "$out/raw/w0001.json" ] && [ -s "$out/raw/w0002.json" ] &&
	[ -s "$out/diskstats/w0002.txt" ] || fail "no files of the warm-up runs"
[ ! -e "$out/raw/w0003.json" ] || fail "a third warm-up run"
[ "$(jq .warmup "$out/meta.json")" = 2 ] || fail "meta.json has no warmup 2"
# the count at the end and meta.json's summary tell the warm-ups apart
nruns=$((cells * 2))
grep -q "^fioring-bench run: $nruns runs (0 failed) and 2 warm-up (0 failed) in " "$T_TMP/log" ||
	fail "the end line does not count $nruns runs and 2 warm-up apart"
[ "$(jq -r '.summary | "\(.runs) \(.warmup_runs) \(.warmup_failed)"' "$out/meta.json")" = \
	"$nruns 2 0" ] || fail "meta.json's summary does not count the warm-up runs apart"

# col NAME: the column number of NAME in the CSV header
col() {
	awk -F, -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) print i; exit }' "$csv"
}

contract="run cell repeat status error target device_model kernel fio_version
engine engine_version job sqpoll iodepth iostats_req iostats_eff iopolicy_req
iopolicy_eff ioprio scheduler runtime_s iops read_iops write_iops read_bw_kib
write_bw_kib read_clat_mean_us read_clat_p50_us read_clat_p99_us
read_clat_p999_us write_clat_mean_us write_clat_p50_us write_clat_p99_us
write_clat_p999_us lat_mean_us slat_mean_us fio_busy_pct ks_iops ks_r_await_ms
ks_w_await_ms ks_aqu_sz ks_util_pct ks_flags path_stats"
for c in $contract; do
	[ -n "$(col "$c")" ] || fail "results.csv has no column $c"
	jq -e --arg c "$c" '.runs[0] | has($c)' "$out/results.json" >/dev/null ||
		fail "results.json runs have no field $c"
done

# fields every ok run must fill, and the direction's own
always="run cell repeat status target device_model kernel fio_version engine
engine_version job sqpoll iodepth iostats_req iostats_eff ioprio scheduler
runtime_s iops read_iops write_iops read_bw_kib write_bw_kib lat_mean_us
slat_mean_us fio_busy_pct ks_iops ks_r_await_ms ks_w_await_ms ks_aqu_sz
ks_util_pct"
reads="read_clat_mean_us read_clat_p50_us read_clat_p99_us read_clat_p999_us"
writes="write_clat_mean_us write_clat_p50_us write_clat_p99_us write_clat_p999_us"
for c in $always $reads $writes status job; do
	eval "c_$c=$(col "$c")"
done
for c in $always; do
	eval "n=\$c_$c"
	empty=$(awk -F, -v n="$n" 'NR > 1 && $n == "" { c++ } END { print c + 0 }' "$csv")
	[ "$empty" -eq 0 ] || fail "$empty rows have no $c"
done
for c in $reads; do
	eval "n=\$c_$c"
	awk -F, -v n="$n" -v j="$c_job" 'NR > 1 && $j == "randread-qd1" && $n == "" { bad = 1 }
		END { exit bad }' "$csv" || fail "a read run has no $c"
done
for c in $writes; do
	eval "n=\$c_$c"
	awk -F, -v n="$n" -v j="$c_job" 'NR > 1 && $j == "randwrite-qd32" && $n == "" { bad = 1 }
		END { exit bad }' "$csv" || fail "a write run has no $c"
done
bad=$(awk -F, -v s="$c_status" 'NR > 1 && $s != "ok"' "$csv")
[ -z "$bad" ] || fail "runs failed: $bad"

# interleaved: rows 1..cells are repeat 1, its cells backwards in repeat 2
awk -F, -v cells=$cells 'NR == 1 { next }
	{ r = NR - 1; want = (r <= cells) ? 1 : 2
	  if ($3 != want) exit 1
	  if (r <= cells) name[r] = $2; else if (name[2 * cells + 1 - r] != $2) exit 1 }' "$csv" ||
	fail "cells are not interleaved across repeats (repeat 2 backwards)"

# requested against effective iostats
awk -F, -v q="$(col iostats_req)" -v e="$(col iostats_eff)" \
	'NR > 1 && $q != $e { exit 1 }' "$csv" ||
	fail "iostats 0 or 1 did not read back as written"

# the probe's facts: said once, in meta.json, not on the runs
jq -e --arg d "$disk" '.meta.targets[0] | .disk == $d and .blk_mq == false and
	.iostats_honoured == false and .sync_completion == true and
	.iostats_read_back["2"] == "1" and .schedulers == ""' "$out/results.json" >/dev/null ||
	fail "probe facts wrong: $(jq -c .meta.targets "$out/results.json")"
[ "$(grep -c "iostats cost not measurable on $disk: $disk counts its I/O whatever queue/iostats says (bio-based" "$T_TMP/log")" -eq 1 ] ||
	fail "the iostats fact is not said once"
jq -e '[.runs[] | .ks_flags | test("counted_with_iostats0|util_below_busy") | not] | all' \
	"$out/results.json" >/dev/null || fail "a target fact repeated as a run flag"

# placement: every job pinned as meta.json says, fio told so
cpus=$(jq -r .meta.placement.job_cpus "$out/results.json")
[ -n "$cpus" ] || fail "no placement in meta.json"
jq -e --arg c "$cpus" '[.runs[] | .cpus == $c] | all' "$out/results.json" >/dev/null ||
	fail "a run not pinned to $cpus"
for raw in "$out"/raw/r*.json; do
	jq -e --arg c "$cpus" '."global options".cpus_allowed == $c' "$raw" >/dev/null ||
		fail "$raw: fio did not get cpus_allowed=$cpus"
done
grep -q "^fioring-bench run: placement: fio jobs on CPU $cpus" "$T_TMP/log" || fail "placement not said"
# zram works in the submitter's context: no workers to bind
[ -z "$(jq -r .meta.placement.worker_cpus "$out/results.json")" ] ||
	fail "workers bound for a zram target"

# fio's figures are fio's: the raw JSON of every run says the same
n=$(jq '.runs | length' "$out/results.json")
[ "$n" -eq "$rows" ] || fail "results.json has $n runs, results.csv $rows"
i=0
while [ $i -lt "$n" ]; do
	raw=$out/$(jq -r ".runs[$i].raw" "$out/results.json")
	[ -s "$raw" ] || fail "no raw fio output $raw"
	[ -s "$out/$(jq -r ".runs[$i].diskstats" "$out/results.json")" ] ||
		fail "no diskstats snapshots for run $((i + 1))"
	jq -e --slurpfile f "$raw" --argjson i $i '
		def close(a; b): ((a - b) | fabs) <= 1e-4 * (b | fabs) + 1e-3;
		.runs[$i] as $r | $f[0].jobs[0] as $j |
		close($r.iops; $j.read.iops + $j.write.iops) and
		(if $j.read.total_ios > 0 then
			close($r.read_clat_p99_us; $j.read.clat_ns.percentile["99.000000"] / 1000) and
			close($r.read_clat_mean_us; $j.read.clat_ns.mean / 1000)
		 else
			close($r.write_clat_p99_us; $j.write.clat_ns.percentile["99.000000"] / 1000) and
			close($r.write_clat_p999_us; $j.write.clat_ns.percentile["99.900000"] / 1000)
		 end)' "$out/results.json" >/dev/null ||
		fail "run $((i + 1)): results differ from fio's JSON $raw"
	i=$((i + 1))
done

for j in randread-qd1 randwrite-qd32; do
	cmp -s "$out/jobs/$j.fio" "$FIORING_TOP/jobs/$j.fio" ||
		fail "results have no copy of job $j as run"
done

for k in started host kernel command; do
	[ -n "$(jqr "$out/meta.json" ".$k // empty")" ] || fail "meta.json has no $k"
done
[ -x "$(jqr "$out/meta.json" .fio.path)" ] || fail "meta.json: no fio path"
jqr "$out/meta.json" .fio.version | grep -q '^fio-' || fail "meta.json: no fio version"
jq -e '.meta.command | test("--iostats 0,1,2")' "$out/results.json" >/dev/null ||
	fail "results.json meta has no command line"
echo "$rows runs, every field present, iostats back at $orig"
