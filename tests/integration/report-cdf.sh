#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# report-cdf.sh: the report's latency distributions.  On a loop device, a
# sweep of fioring against fio's io_uring (QD32 randread, 1 s):
#  - with one run a cell, the p50, p99 and p99.9 the report marks on each
#    CDF, computed from the cell's merged json+ bins, are the percentiles
#    fio printed in that run's JSON, within fio's bin resolution (a bin
#    spans at most 1/32 of its value);
#  - with two runs a cell, each merged percentile lies between the two
#    runs' own (the quantile of a mixture lies between its parts');
#  - the figure is drawn as PNG and SVG, embedded in report.html, and
#    opens in headless Chromium: report.html renders (a screenshot that is
#    not one flat colour) with every image, the CDF among them, decoded,
#    and the SVG decodes in a page that shows it.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
command -v gnuplot >/dev/null || skip "gnuplot not installed (Debian package gnuplot-nox)"
loop_make 256M || skip "cannot make a loop device"
dev=$DEV

sweep() {
	"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/randread-qd32.fio" \
		--engine fioring,io_uring --iostats 1 --repeat "$2" --runtime 1 \
		--out "$1" --state "$T_TMP/journal" 2>"$1.log" ||
		{ cat "$1.log"; fail "the sweep $1 failed"; }
	"$bench" report "$1" >"$1.report" 2>&1 || { cat "$1.report"; fail "report on $1"; }
	[ -s "$1/plots/cdf-engine-fioring-vs-io_uring.dat" ] ||
		fail "no CDF data for libfioring vs fio's io_uring in $1"
}

# marks DIR ENGINE: "p50 p99 p99.9" the report marked for ENGINE's cell
# (per pair: base curve, base marks, candidate curve, candidate marks)
marks() {
	awk -v want=$([ "$2" = io_uring ] && echo 1 || echo 3) '
		/^$/ { if (prev == "") { block++ } prev = ""; next }
		{ prev = $0 }
		block == want { printf "%s ", $1 }' \
		"$1/plots/cdf-engine-fioring-vs-io_uring.dat"
}

# fiopct DIR ENGINE P: fio's percentile P (us) in each of ENGINE's runs
fiopct() {
	for raw in $(jq -r --arg e "$2" '.runs[] | select(.engine == $e) | .raw' "$1/results.json"); do
		sed -n '/^{/,$p' "$1/$raw" |
			jq -r --arg p "$3" '.jobs[0].read.clat_ns.percentile[$p] / 1000'
	done
}

# near A B: A within fio's bin resolution of B
near() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= b / 32 + 0.001) }'
}

sweep "$T_TMP/one" 1
for e in fioring io_uring; do
	set -- $(marks "$T_TMP/one" $e)
	[ $# -eq 3 ] || fail "$e: $# marks in the CDF data, not 3"
	i=0
	for p in 50.000000 99.000000 99.900000; do
		i=$((i + 1))
		m=$(eval echo "\${$i}")
		f=$(fiopct "$T_TMP/one" $e $p)
		echo "$e p$p: merged bins $m us, fio $f us"
		near "$m" "$f" || fail "$e: p$p from the bins is $m us, fio said $f us"
	done
done

sweep "$T_TMP/two" 2
for e in fioring io_uring; do
	set -- $(marks "$T_TMP/two" $e)
	i=0
	for p in 50.000000 99.000000 99.900000; do
		i=$((i + 1))
		m=$(eval echo "\${$i}")
		lo=$(fiopct "$T_TMP/two" $e $p | sort -g | head -n 1)
		hi=$(fiopct "$T_TMP/two" $e $p | sort -g | tail -n 1)
		echo "$e p$p: merged $m us, runs $lo-$hi us"
		awk -v m="$m" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(m >= lo - lo / 32 - 0.001 && m <= hi + hi / 32 + 0.001) }' ||
			fail "$e: merged p$p $m us outside its runs' $lo-$hi us"
	done
done

for f in png svg; do
	[ -s "$T_TMP/two/plots/cdf-engine-fioring-vs-io_uring.$f" ] || fail "no CDF $f"
done
grep -q '<figure id="plot-cdf-engine-fioring-vs-io_uring"><img alt="libfioring vs fio.s io_uring: completion latency CDF' \
	"$T_TMP/two/report.html" || fail "the CDF figure is not in report.html"

command -v identify >/dev/null || skip "ImageMagick not installed (Debian package imagemagick)"
. "$(dirname "$0")/../lib/browser.sh"
# the report, its CDF figure among the images, renders and they decode
page_renders "$T_TMP/two/report.html" "$(grep -o '<img ' "$T_TMP/two/report.html" | wc -l)"
# the SVG decodes in the browser too: a page that shows it reports its size
printf '<html><body><img src="file://%s"></body></html>\n' \
	"$T_TMP/two/plots/cdf-engine-fioring-vs-io_uring.svg" >"$T_TMP/svg.html"
size=$(image_sizes "$T_TMP/svg.html")
echo "the CDF SVG in the browser: $size"
case $size in
''|0x*|*x0) fail "the CDF SVG did not decode in the browser ($size)" ;;
esac
pass "merged bins give fio's percentiles; the CDF figure renders in Chromium"
