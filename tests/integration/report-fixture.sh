#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# report-fixture.sh: `fioring-bench report` on a seeded synthetic sweep of
# the default shape (iostats 0/1/2 x both engines x SQPOLL off/on) plus a
# cell with failed runs.  Checks that the headline comes first and carries
# the iostats cost with its interval, that the tables flag fio's
# impossible SQPOLL clat where it stands, that failed runs are marked and
# listed, that every plot exists as PNG and SVG and is embedded in the
# HTML, that the output is reproducible, and that a missing gnuplot or a
# malformed results file is one clear error.

. "$(dirname "$0")/../lib/common.sh"

need_bench
command -v gnuplot >/dev/null || skip "gnuplot not installed (Debian package gnuplot-nox)"
d=$T_TMP/sweep

specs=
for e in fioring io_uring; do
	for sq in 0 1; do
		for io in 0 1 2; do
			iops=500000
			[ $io != 0 ] && iops=460000	# iostats costs 8%
			specs="$specs zram0:$e:randread-qd32:$sq:$io:$iops:4"
		done
	done
done
sh "$FIORING_TOP/tests/fixtures/synth-results.sh" "$d" 11 9 $specs \
	zram0:fioring:randwrite-qd1:0:1:60000:4:2 || fail "synth"

"$bench" report "$d" >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; fail "report exited $?"; }
cat "$T_TMP/out"

for f in report.md report.html; do
	[ -s "$d/$f" ] || fail "no $f"
done
for p in iops iops-iostats iops-engine clat clat-sqpoll-1-vs-0 await util; do
	[ -s "$d/plots/$p.png" ] || fail "no plots/$p.png"
	[ -s "$d/plots/$p.svg" ] || fail "no plots/$p.svg"
	grep -q "<figure id=\"plot-$p\"><img alt=\"[^\"]*\" src=\"data:image/png;base64,iVBORw0KGgo" \
		"$d/report.html" || fail "plot $p not embedded as a PNG data URI"
done
grep -q '<svg' "$d/plots/iops.svg" || fail "iops.svg is not SVG"
grep -q 'src="plots/\|src="/' "$d/report.html" && fail "report.html loads a file: not self-contained"

# findings first: the first bullet is the iostats cost, near 8%, with an interval
first=$(grep -m1 '^- ' "$d/report.md")
echo "first headline: $first"
echo "$first" | grep -Eq '^- \*\*iostats cost: iostats=1 costs [0-9.]+% IOPS \[[0-9.-]+, [0-9.-]+\] on zram0 \(kernel 6\.18\.0\)' ||
	fail "headline does not lead with the iostats cost"
cost=$(echo "$first" | sed -n 's/.*costs \([0-9.]*\)% .*/\1/p')
ratio_between "$cost" 8 0.6 1.4 || fail "iostats cost $cost% is not near the 8% built in"
[ "$(grep -n '^## Findings' "$d/report.md" | cut -d: -f1)" -lt \
  "$(grep -n '^## Cells' "$d/report.md" | cut -d: -f1)" ] || fail "findings after the tables"
grep -q 'iostats=2 (read back 1: the same setting as iostats=1)' "$d/report.md" || fail "iostats=2 read-back not said"
grep -q "SQPOLL latency: .*io_uring INVALID: clat breaks Little's law in 27 of 27 runs (fio-3.33's figures.*#1484" "$d/report.md" ||
	fail "SQPOLL clat bug not called out as fio's"
# said once there, so not counted again run by run (flagged: util_vs_busy only)
flagged=$(sed -n 's/.*runs flagged: \([0-9]*\) of 117 ([0-9.]*%): util_vs_busy \([0-9]*\); (not counted: fio_inflight_gt_iodepth on 27 SQPOLL runs, said under SQPOLL latency).*/\1 \2/p' "$d/report.md")
[ -n "$flagged" ] && [ "${flagged% *}" = "${flagged#* }" ] && [ "${flagged% *}" -gt 0 ] ||
	fail "SQPOLL clat bug counted run by run in runs flagged: $(grep 'runs flagged' "$d/report.md")"
grep -q 'SQPOLL latency: fioring valid: .* lat x' "$d/report.md" || fail "SQPOLL lat comparison missing"
# and the tables show that doubt where the impossible clat stands
[ "$(grep -c '^| io_uring randread-qd32 sq1 iostats[012] | .*fio_inflight_gt_iodepth |$' "$d/report.md")" -eq 3 ] ||
	fail "Cells: io_uring's SQPOLL cells without fio's flag"
grep -q '^| fioring .*fio_inflight_gt_iodepth' "$d/report.md" && fail "Cells: fioring's cells flagged"
[ "$(grep -c '^| io_uring randread-qd32 iostats[012] | .*fio_inflight_gt_iodepth |$' "$d/report.md")" -eq 3 ] ||
	fail "Comparisons: SQPOLL pairs of io_uring without fio's flag"
# the findings name every question, measured or not
for q in 'iostats cost' '%util and await' 'SQPOLL latency' engine iopolicy priorities gate 'runs flagged'; do
	grep -q "^- \*\*$q: " "$d/report.md" || fail "no finding for $q"
done
grep -q '^- \*\*gate: not run on this sweep' "$d/report.md" || fail "gate slot without gate.txt"
echo 'gate: 4 compared: 4 pass, 0 regression, 0 cannot judge; max-drop 5.0%: PASS' >"$d/gate.txt"
"$bench" report "$d" >/dev/null 2>&1 || fail "report with gate.txt"
grep -q '^- \*\*gate: 4 compared: 4 pass.*PASS' "$d/report.md" || fail "gate verdict not read from gate.txt"
rm "$d/gate.txt"
"$bench" report "$d" >/dev/null 2>&1 || fail "report after gate.txt"

# failed runs: counted, marked, listed with their error
grep -q '2 of 117 runs FAILED' "$d/report.md" || fail "failed runs not in the headline"
grep -q '^| \*\*(!)\*\* fioring randwrite-qd1 .* | 7/2 |' "$d/report.md" || fail "cell with failures not marked"
[ "$(grep -c '^| \*\*(!)\*\* [0-9]* | zram0/fioring/randwrite-qd1/.*io_u error' "$d/report.md")" -eq 2 ] ||
	fail "failed runs not listed"
grep -q '<tr class="failed"><td>fioring randwrite-qd1' "$d/report.html" || fail "HTML row not marked"

# same input, same report (fixed-seed bootstrap)
cp "$d/report.md" "$T_TMP/first.md"
"$bench" report "$d" >/dev/null 2>&1 || fail "second report"
cmp -s "$d/report.md" "$T_TMP/first.md" || fail "report.md differs between two runs"

# no gnuplot: one line naming the package, non-zero
env -u GNUPLOT PATH=/nonexistent "$bench" report "$d" >"$T_TMP/nognu" 2>&1 && fail "report without gnuplot succeeded"
cat "$T_TMP/nognu"
[ "$(wc -l <"$T_TMP/nognu")" -eq 1 ] && grep -q 'gnuplot not found.*gnuplot-nox' "$T_TMP/nognu" ||
	fail "missing gnuplot: not one line naming gnuplot-nox"

# malformed results: the line that is wrong, and nothing written
mkdir "$T_TMP/bad"
head -3 "$d/results.csv" >"$T_TMP/bad/results.csv"
echo "1,2,3" >>"$T_TMP/bad/results.csv"
"$bench" report "$T_TMP/bad" >"$T_TMP/badout" 2>&1 && fail "malformed results accepted"
grep -q 'results.csv line 4: 3 fields, the header has 47' "$T_TMP/badout" || fail "bad line not named"
[ -e "$T_TMP/bad/report.html" ] && fail "a report was written from a malformed file"
# per-path stats: shares and latencies from the JSON each run names, one
# path in the engine's schema (version 1, ns), one with flat figures in us
p=$T_TMP/paths
sh "$FIORING_TOP/tests/fixtures/synth-results.sh" "$p" 3 4 \
	nvme0n1:fioring:randread-qd32:0:1:200000:5 || fail "synth"
mkdir "$p/paths"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "path_stats") c = i }
	NR > 1 { $c = "paths/r" $1 ".json" } 1' "$p/results.csv" >"$p/r.csv" &&
	mv "$p/r.csv" "$p/results.csv"
for r in 1 2 3; do
	echo '{"fioring_paths_version": 1, "paths": [{"name": "nvme0c0n1", "ios": 900, "clat_mean_us": 40, "clat_p99_us": 90},
		{"name": "nvme0c1n1", "read": {"ios": 100, "bytes": 409600, "errors": 0,
		  "clat_ns": {"n": 100, "min": 1000, "max": 2000000, "mean": 400000.0,
		    "percentile": {"50.000000": 300000, "99.000000": 900000}}},
		  "write": {"ios": 0, "bytes": 0, "errors": 0, "clat_ns": {"n": 0}}}]}' \
		>"$p/paths/r$r.json"
done
echo "not json" >"$p/paths/r4.json"
"$bench" report "$p" >"$T_TMP/paths.out" 2>&1 || { cat "$T_TMP/paths.out"; fail "report with path stats"; }
cat "$p/plots/paths.dat"
grep -q 'nvme0c0n1" 90 40 90$' "$p/plots/paths.dat" || fail "path 0: share 90%, clat 40/90"
grep -q 'nvme0c1n1" 10 400 900$' "$p/plots/paths.dat" || fail "path 1: share 10%, clat 400/900"
[ -s "$p/plots/paths.png" ] && grep -q 'id="plot-paths"' "$p/report.html" || fail "no paths plot"
grep -q "r4.json: not readable JSON" "$p/report.md" || fail "unreadable path stats not said"

# every run failed: still a report, saying so
sh "$FIORING_TOP/tests/fixtures/synth-results.sh" "$T_TMP/allfail" 1 3 \
	zram0:fioring:randread-qd32:0:1:500000:5:3 || fail "synth"
"$bench" report "$T_TMP/allfail" >"$T_TMP/allfail.out" 2>&1 || fail "report of an all-failed sweep failed"
grep -q "3 of 3 runs FAILED" "$T_TMP/allfail/report.md" || fail "all-failed: failures not said"
grep -q "^No plots" "$T_TMP/allfail/report.md" || fail "all-failed: no word on the missing plots"
echo "report as expected"
