#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [TARGET]: the main benchmark, what `make bench` runs.  Sweeps the
# default matrix (iostats 0/1/2 x libfioring and fio's io_uring x SQPOLL
# off/on x the shipped jobs) on TARGET, or on an embedded loop device over a
# private tmpfs made for the run (blk-mq, so it honours queue/iostats and
# answers what iostats costs; the sweep drops iostats=2 where the kernel
# reads it back as 1), runs the relative gate (libfioring against fio's
# io_uring, which needs no stored baseline; on IOPS, CPU per I/O and p99
# clat) into gate.txt, writes the
# results, report.html (whose findings carry the gate's verdict) and plots
# to bench/out/, and prints where the report is and the findings.
# A second, smaller sweep (the QD32 jobs, libfioring, iostats 0/1 x
# nomerges 0/2) into OUT/nomerges reports what nomerges=2 and the peak
# profile (iostats=0 nomerges=2) cost against the default.
# The sweep's previous output is kept as bench/out.prev.
#
# Environment: REPEAT runs per cell (5, the fewest the gate judges),
# ADAPTIVE at most that many more runs of each cell the gate could not
# judge yet against its io_uring cell (12; 0: off; see run --adaptive and
# --adaptive-vs: a pair the gate decides gets no more, nor one the runs
# left are unlikely to decide),
# RUNTIME seconds per run (1), OUT (bench/out), FORCE=1 to let write jobs
# touch a TARGET that holds data (the harness refuses otherwise),
# GATE_STRICT=1 to exit with the gate's status (1 regression, 3 cannot
# judge) instead of 0, DB the history the sweep is added to
# (bench/history.db; empty: none).

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
bench=${FIORING_BENCH:-$top/build/fioring-bench}
out=${OUT:-$top/bench/out}
repeat=${REPEAT:-5} runtime=${RUNTIME:-1} adaptive=${ADAPTIVE:-12}
db=${DB-$top/bench/history.db}

die() {
	echo "bench: $*" >&2
	exit 1
}

[ -x "$bench" ] || die "no fioring-bench at $bench (run make)"
[ "$repeat" -ge 5 ] 2>/dev/null ||
	die "REPEAT=$repeat: the gate needs at least 5 runs per cell"
[ "$adaptive" -ge 0 ] 2>/dev/null ||
	die "ADAPTIVE=$adaptive: a whole number of extra runs per cell"
set --
if [ -n "${TARGET:-}" ]; then
	set -- --target "$TARGET"
	[ "${FORCE:-0}" = 1 ] && set -- "$@" --force
elif [ "$(id -u)" -ne 0 ]; then
	die "the embedded device needs root (or give TARGET=/dev/...)"
else
	set -- --embedded loop
fi
[ -n "$db" ] && set -- "$@" --db "$db"

mkdir -p "$(dirname "$out")" || die "cannot create $(dirname "$out")"
if [ -e "$out" ]; then
	rm -rf "$out.prev" && mv "$out" "$out.prev" || die "cannot move the old $out aside"
fi

# what the gate judges, and so what adaptive repeats settle cells on
metrics=iops,cpu_per_io_us,read_clat_p99_us,write_clat_p99_us
start=$(date +%s)
"$bench" run "$@" --iostats 0,1,2 --engine fioring,io_uring --sqpoll 0,1 \
	--repeat "$repeat" --adaptive "$adaptive" --adaptive-vs io_uring \
	--adaptive-metric "$metrics" \
	--runtime "$runtime" --out "$out"
rc=$?
# 3: the sweep finished but some runs failed; the report marks them
case $rc in
0) ;;
3) echo "bench: some runs failed; the report marks them" >&2 ;;
*) die "the sweep failed (exit $rc, see above); nothing to report" ;;
esac
# The other setting of the peak-testing script: nomerges 0 and 2 crossed
# with iostats 0 and 1, on the QD32 jobs (where requests queue up to be
# merged), libfioring without SQPOLL: its report holds each against 0 and
# the peak profile (iostats=0 nomerges=2) against the default (iostats=1
# nomerges=0).  A few jobs only, so make bench takes at most a fifth more.
"$bench" run "$@" --iostats 0,1 --knob nomerges=0,2 --engine fioring \
	--sqpoll 0 --job "$top/jobs/randread-qd32.fio" \
	--job "$top/jobs/randwrite-qd32.fio" --repeat "$repeat" \
	--adaptive-vs knob:nomerges=0 --runtime "$runtime" --out "$out/nomerges"
krc=$?
case $krc in
0|3) "$bench" report "$out/nomerges" >"$out/nomerges/report.txt" 2>&1 ||
	{ cat "$out/nomerges/report.txt" >&2; die "report of $out/nomerges failed"; } ;;
*) echo "bench: the nomerges sweep failed (exit $krc, see above)" >&2 ;;
esac
# the gate first: the report's findings read its verdict from gate.txt
# on the tail too: p99 clat of whichever direction a job has
"$bench" gate --vs io_uring --metric "$metrics" "$out" >"$out/gate.txt" 2>&1
gate=$?
"$bench" report "$out" >"$out/report.txt" 2>&1 ||
	{ cat "$out/report.txt" >&2; die "report failed"; }
secs=$(($(date +%s) - start))

# the rows of a results.csv, its header not counted; 0 when there is none
runs() {
	if [ -s "$1" ]; then grep -c . "$1" | awk '{ print $1 - 1 }'; else echo 0; fi
}
main=$(runs "$out/results.csv") knob=$(runs "$out/nomerges/results.csv")
echo
echo "== fioring bench: $((main + knob)) runs ($knob in the nomerges sweep) in ${secs}s"
sed -n 's/^  /  /p' "$out/report.txt"
if [ -s "$out/nomerges/report.txt" ]; then
	echo "== nomerges and the peak profile (fioring, QD32 jobs, iostats 0,1 x nomerges 0,2):"
	grep -E '^  [A-Z/ ]+ (iostats cost|nomerges|peak profile)' "$out/nomerges/report.txt"
fi
echo "== gate --vs io_uring (exit $gate):"
# a read percentile of a write job (and the reverse) is not gated: said once in HOWTO
grep -v -e '^PASS' -e 'not gated: no ok run of either cell has' "$out/gate.txt" | sed 's/^/  /'
echo "== report: $out/report.html"
echo "   (also report.md, plots/, gate.txt; to compare a later sweep with this"
echo "    one: $bench gate --baseline $out NEW_DIR"
[ -n "$db" ] && echo "    or by its id in $db: $bench history ls --db $db"
echo "    cells are paired by settings and device, whatever the embedded"
echo "    device's number)"
[ "${GATE_STRICT:-0}" = 1 ] && exit "$gate"
exit 0
