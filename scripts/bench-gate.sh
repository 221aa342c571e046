#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench-gate.sh: measures the gate itself (`make bench-gate`; a benchmark,
# not a test).  Each round is one sweep of four job files on a loop device
# over tmpfs made for the run (blk-mq, the steadiest device here),
# interleaved by the harness (repeat 1 of every job, then repeat 2
# backwards, ...) in the order base, burn, aa, cap: each side of a pair
# judged runs right beside the other in make bench, and here burn does,
# while aa and cap are two and three runs from base (a cap that missed its
# window is swept again beside base alone, below).
# Every job file runs two fio jobs of 4 KiB random writes at QD16, both
# pinned to one CPU, and differs from base in one thing:
#   base  both jobs plain
#   aa    the same as base under another name: an A/A pair
#   cap   each job capped (fio's rate_iops) so that both together do 90% of
#         the IOPS base delivered in the sweep before: a 10% IOPS drop
#   burn  the second job writes with verify=crc32c and do_verify=0: fio
#         computes a CRC32C over every block it writes, CPU time in its own
#         process and nothing else: about 10% more CPU per I/O over both
#         jobs (docs/notes/2026-12-bench-gate.md); the script prints what it delivered (verify_state_save=0:
#         fio would otherwise leave a state file in the working directory)
# and `gate --vs job=base` judges aa, cap and burn against base.  It prints
# the counts over the rounds: false alarms of the A/A pair (target: at most
# 1 in 20), caps caught on iops and burns caught on cpu_per_io_us (target:
# 18 of 20 each), and the effect each really had (median ratio).
#
# A rate cap is absolute, the device is not: when base's rate moves between
# rounds the cap delivers more or less than 10%, and a cap that
# delivers 0.96x is a 4% drop, which a gate with a 5% tolerance must not call
# a regression.  So a cap counts only where it delivered what it is meant to
# (its median IOPS within 0.875x-0.925x of base's in the same sweep); where
# it did not, base and cap run again with the cap set from that sweep's base,
# up to CAP_TRIES sweeps in all, and a round whose cap never landed in the
# window is reported, not counted.  The verdict plays no part in the retry.
#
# Runs last 2 s: run to run, fio's CPU time per I/O varied 8.0% at 0.5 s,
# 6.0% at 1 s and 4.3% at 2 s (16 runs each, interleaved, on a machine
# whose CPU speed itself drifts), so a 2-s run tells as much as three or
# four 0.5-s ones for 2.9 times the wall time (fio's start and exit, ~0.3 s,
# are paid once).  With 0.5-s runs and up to 24 adaptive ones, two 20-round
# runs caught 17 of 20 burns each, every miss "cannot judge" with all 29
# runs spent; with 2-s runs and up to 12, 20 of 20.
#
# Environment: ROUNDS (20), REPEAT runs per job and round (5), ADAPTIVE
# extra runs per cell the sweep may add while the gate cannot judge it
# against base yet (12; run --adaptive-vs job=base, as make bench does
# against io_uring, so the counts include what stopping on a verdict
# does to them), RUNTIME_MS per run (2000), CPU fio is pinned to (1),
# CAP_TRIES (5), OUT (bench/gate-out), STRICT=1 to exit 1 when a target
# is missed.  Needs root (the loop device).

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
bench=${FIORING_BENCH:-$top/build/fioring-bench}
rounds=${ROUNDS:-20} repeat=${REPEAT:-5} adaptive=${ADAPTIVE:-12}
runtime_ms=${RUNTIME_MS:-2000} cpu=${CPU:-1} cap_tries=${CAP_TRIES:-5}
out=${OUT:-$top/bench/gate-out}

die() {
	echo "bench-gate: $*" >&2
	exit 1
}

[ -x "$bench" ] || die "no fioring-bench at $bench (run make)"
[ "$(id -u)" -eq 0 ] || die "needs root for its loop device"
command -v jq >/dev/null || die "needs jq to read gate.json"
for v in "$rounds" "$repeat" "$runtime_ms" "$cpu" "$cap_tries"; do
	case $v in ''|*[!0-9]*) die "ROUNDS, REPEAT, RUNTIME_MS, CPU, CAP_TRIES: whole numbers, got '$v'" ;; esac
done
[ "$repeat" -ge 5 ] || die "REPEAT=$repeat: the gate needs 5 runs per cell"
[ "$cap_tries" -ge 1 ] || die "CAP_TRIES=0: a cap needs at least one sweep"

T_TMP=$(mktemp -d /tmp/fioring-bench-gate.XXXXXX)
. "$top/scripts/devices.sh"
loop_make 512M || die "cannot make a loop device over tmpfs"
dev=$DEV
fio=${FIO:-$top/build/fio-src/fio-3.33/fio}
# every run overwrites: tmpfs allocating pages on first write is not the job
"$fio" --name=fill --filename="$dev" --rw=write --bs=1M --direct=1 \
	--output-format=terse >/dev/null 2>&1 || die "cannot fill $dev with $fio"

rm -rf "$out" && mkdir -p "$out" || die "cannot create $out"

# job DIR NAME GLOBAL SECOND: a job file of two QD16 jobs, GLOBAL added to
# both, SECOND to the second one only
job() {
	cat >"$1/$2.fio" <<JOB
; $2: bench-gate's 4 KiB random writes, two jobs (the sweep pins them: --cpus)
[global]
rw=randwrite
bs=4k
iodepth=16
direct=1
norandommap
time_based
runtime=${runtime_ms}ms
$3
[$2]
[$2-2]
$4
JOB
}

# median of the numbers on stdin
median() {
	sort -n | awk '{ v[NR] = $1 } END {
		if (!NR) print "nan"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# sweep DIR JOBS...: one interleaved sweep of the jobs; a run that failed
# (exit 3) leaves its cell fewer runs, which the gate counts
sweep() {
	sdir=$1
	shift
	set -- $(for j do echo "--job $sdir/$j.fio"; done)
	"$bench" run --target "$dev" "$@" --engine io_uring --iostats 1 \
		--sqpoll 0 --cpus "$cpu" --repeat "$repeat" --adaptive "$adaptive" --adaptive-vs job=base --runtime 0 \
		--out "$sdir/out" --state "$T_TMP/journal" >"$sdir/run.log" 2>&1
	rc=$?
	[ $rc -eq 3 ] && echo "bench-gate: $sdir: $(grep -c "#[0-9]*: FAILED" "$sdir/run.log") failed runs (see run.log)"
	[ $rc -eq 0 ] || [ $rc -eq 3 ]
}

# cell_iops DIR JOB: the IOPS median of JOB's runs in a sweep
cell_iops() {
	awk -F, -v j="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["job"] == j && $c["status"] == "ok" { print $c["iops"] }' \
		"$1/out/results.csv" | median
}

# gated DIR: gate --vs job=base on the sweep in DIR, into DIR/out/gate.json
gated() {
	"$bench" gate --vs job=base "$1/out" >"$1/gate.txt" 2>&1
	[ -s "$1/out/gate.json" ] || { cat "$1/gate.txt"; die "$1: gate wrote no gate.json"; }
}

# compared GATE_JSON JOB METRIC KEY: KEY (verdict, ratio) of the gate's
# comparison of JOB against base on METRIC; nothing when there is none
compared() {
	jq -r --arg j "/$2/" --arg m "$3" --arg k "$4" '[.comparisons[] |
		select((.cell | contains($j)) and .metric == $m) | .[$k]][0] // empty' "$1"
}

# cap_job DIR REF: cap.fio in DIR, both jobs together at 90% of REF IOPS
cap_job() {
	job "$1" cap "rate_iops=$(awk -v m="$2" 'BEGIN { printf "%d", m * 0.9 / 2 }')" ""
}

# delivered DIR BASE: cap's IOPS median in the sweep in DIR over BASE, base's
delivered() {
	awk -v c="$(cell_iops "$1" cap)" -v b="$2" \
		'BEGIN { printf "%.3f", (b > 0) ? c / b : 0 }'
}

# in_window RATIO: the cap delivered a 10% drop (0.875x-0.925x)
in_window() {
	awk -v r="$1" 'BEGIN { exit !(r >= 0.875 && r <= 0.925) }'
}

start=$(date +%s)
mkdir -p "$out/calibrate"
job "$out/calibrate" base "" ""
sweep "$out/calibrate" base || { cat "$out/calibrate/run.log"; die "calibration sweep failed"; }
ref=$(cell_iops "$out/calibrate" base)
echo "bench-gate: $dev, fio on CPU $cpu, ${runtime_ms} ms runs, $repeat runs (+ up to $adaptive adaptive) per job; base ${ref} IOPS"

aa_fa=0 aa_pass=0 aa_cannot=0 cap_hit=0 cap_valid=0 cap_retries=0 burn_hit=0 done=0
: >"$out/cap-ratio" && : >"$out/burn-ratio"
r=1
while [ "$r" -le "$rounds" ]; do
	d=$out/round-$r
	mkdir -p "$d"
	job "$d" base "" ""
	job "$d" aa "" ""
	cap_job "$d" "$ref"
	job "$d" burn "" "verify=crc32c
do_verify=0
verify_state_save=0"
	if ! sweep "$d" base burn aa cap; then
		tail -3 "$d/run.log"
		echo "bench-gate: round $r: the sweep failed; not counted"
		r=$((r + 1))
		continue
	fi
	gated "$d"
	g=$d/out/gate.json
	aa=$(jq -r '[.cells[] | select(.cell | contains("/aa/")) | .verdict][0] // "none"' "$g")
	burn=$(compared "$g" burn cpu_per_io_us verdict)
	burn=${burn:-none}
	burn_x=$(compared "$g" burn cpu_per_io_us ratio) burn_shown="no ratio"
	if [ -n "$burn_x" ]; then
		echo "$burn_x" >>"$out/burn-ratio"
		burn_shown=$(printf '%.3fx' "$burn_x")
	fi
	case $aa in
	regression) aa_fa=$((aa_fa + 1)) ;;
	pass) aa_pass=$((aa_pass + 1)) ;;
	*) aa_cannot=$((aa_cannot + 1)) ;;
	esac
	[ "$burn" = regression ] && burn_hit=$((burn_hit + 1))
	extra=$(jq -r '.adaptive.extra_runs // 0' "$d/out/meta.json")

	# the cap: this sweep's, or base and cap again with the cap set from
	# the sweep before, until one delivered a 10% drop
	c=$d t=1 tries=""
	while :; do
		ref=$(cell_iops "$c" base)
		got=$(delivered "$c" "$ref")
		tries="$tries${tries:+, }${got}x"
		in_window "$got" && break
		[ "$t" -lt "$cap_tries" ] || break
		t=$((t + 1)) c=$d/cap-$t
		cap_retries=$((cap_retries + 1))
		mkdir -p "$c"
		job "$c" base "" ""
		cap_job "$c" "$ref"
		sweep "$c" base cap || { tail -3 "$c/run.log"; break; }
	done
	if in_window "$got"; then
		gated "$c"
		cg=$c/out/gate.json
		cap=$(compared "$cg" cap iops verdict)
		cap=${cap:-none}
		compared "$cg" cap iops ratio >>"$out/cap-ratio"
		cap_valid=$((cap_valid + 1))
		[ "$cap" = regression ] && cap_hit=$((cap_hit + 1))
	else
		cap="not counted (no sweep delivered 0.875x-0.925x)"
	fi
	done=$((done + 1))
	echo "round $r: A/A $aa, cap $cap (delivered $tries), burn $burn ($burn_shown), $extra adaptive runs"
	r=$((r + 1))
done

secs=$(($(date +%s) - start))
cap_ratio=$(median <"$out/cap-ratio")
burn_ratio=$(median <"$out/burn-ratio")
echo
echo "== bench-gate: $done rounds in ${secs}s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo "A/A pairs:        $aa_fa false alarms in $done ($aa_pass pass, $aa_cannot cannot judge)  [target <= 1 in 20]"
echo "10% IOPS cap:     $cap_hit of $cap_valid detected on iops (median ratio cap/base $cap_ratio; $cap_valid of $done rounds delivered 0.875x-0.925x, $cap_retries sweeps again)  [target >= 18 of 20]"
echo "CPU per I/O burn: $burn_hit of $done detected on cpu_per_io_us (median ratio burn/base $burn_ratio)  [target >= 18 of 20]"
echo "rounds, sweeps and gate.json in $out"
miss=0
[ "$aa_fa" -le $((done / 20)) ] || miss=1
[ $((cap_hit * 10)) -ge $((cap_valid * 9)) ] && [ "$cap_valid" -gt 0 ] || miss=1
[ $((burn_hit * 10)) -ge $((done * 9)) ] || miss=1
[ "${STRICT:-0}" = 1 ] && exit "$miss"
exit 0
