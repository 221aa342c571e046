#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# report-browser.sh: opens report.html from disk in headless Chromium, the
# way a user sees it.  The page must render (a screenshot that is not one
# flat colour), every embedded plot must decode in the browser (non-zero
# natural size, read back through --dump-dom), and the plots must be what
# fills the page: a render with the images taken out differs from the real
# one in a large number of pixels.

. "$(dirname "$0")/../lib/common.sh"

need_bench
command -v gnuplot >/dev/null || skip "gnuplot not installed (Debian package gnuplot-nox)"
command -v chromium >/dev/null || skip "chromium not installed (Debian package chromium)"
command -v identify >/dev/null && command -v compare >/dev/null ||
	skip "ImageMagick not installed (Debian package imagemagick)"
[ -x /usr/bin/compare ] || skip "ImageMagick's compare is not Debian's"
. "$(dirname "$0")/../lib/browser.sh"

d=$T_TMP/sweep
specs=
for e in fioring io_uring; do
	for io in 0 1; do
		specs="$specs zram0:$e:randread-qd32:0:$io:$((500000 - io * 40000)):4"
	done
done
sh "$FIORING_TOP/tests/fixtures/synth-results.sh" "$d" 21 7 $specs \
	zram0:fioring:randread-qd32:1:1:450000:4:1 || fail "synth"
"$bench" report "$d" >/dev/null 2>&1 || fail "report failed"
nimg=$(grep -o '<img ' "$d/report.html" | wc -l)
[ "$nimg" -ge 4 ] || fail "only $nimg plots in report.html"

# it renders and the plots decode
page_renders "$d/report.html" "$nimg"

# against a blank render: the same page without its images
sed 's|src="data:image/png;base64,[^"]*"|src=""|g' "$d/report.html" >"$d/noimg.html"
chrome --screenshot="$T_TMP/noimg.png" "file://$d/noimg.html" >/dev/null || fail "chromium (no images)"
diff=$(compare -metric AE "$T_TMP/shot.png" "$T_TMP/noimg.png" null: 2>&1 | cut -d' ' -f1)
echo "pixels that the plots change: $diff"
awk -v n="$diff" 'BEGIN { exit !(n > 200000) }' || fail "the plots change only $diff pixels"
echo "report.html renders with its plots"
