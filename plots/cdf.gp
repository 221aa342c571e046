# SPDX-License-Identifier: GPL-2.0
#
# cdf.gp: completion latency as a distribution, one panel per pair of
# cells of a comparison group: each cell's CDF (its runs' json+ bins
# merged) on a log latency axis against log10(1 / (1 - p)), which puts
# 90%, 99% and 99.9% equally apart so the tail is as readable as the
# median; p50, p99 and p99.9 of each cell marked.  The base value solid,
# the candidate dashed and in another shape, so the two read apart in
# greyscale too.  Variables: datafile (per pair four blocks: base curve,
# base marks, candidate curve, candidate marks; curve rows lat_us y, mark
# rows lat_us y pNN), out, term, npanels, titles (a file defining T[],
# group_title, base_t, cand_t).
load titles
cols = npanels < 4 ? npanels : 4
rows = (npanels + cols - 1) / cols
eval sprintf("set terminal %s size %d,%d noenhanced font 'sans,9'", term, 430 * cols, 330 * rows + 50)
set output out
set multiplot layout rows, cols title group_title font 'sans,12'
set logscale x
set xlabel 'clat (us)'
set ylabel 'percentile'
set ytics ('0%%' 0, '50%%' 0.30103, '90%%' 1, '99%%' 2, '99.9%%' 3, '99.99%%' 4, '99.999%%' 5, '99.9999%%' 6)
set yrange [0:*]
set grid xtics ytics mxtics
set key bottom right font 'sans,8'
do for [i = 0:npanels - 1] {
	set title T[i + 1]
	plot datafile index 4 * i using 1:2 with steps lw 2 lc rgb '#1f4e99' title base_t, \
		'' index 4 * i + 1 using 1:2:3 with labels point pt 7 ps 0.9 lc rgb '#1f4e99' offset 1.2,-0.6 font 'sans,7' notitle, \
		'' index 4 * i + 2 using 1:2 with steps lw 2 dt 2 lc rgb '#c0392b' title cand_t, \
		'' index 4 * i + 3 using 1:2:3 with labels point pt 5 ps 0.9 lc rgb '#c0392b' offset -1.2,0.6 font 'sans,7' notitle
}
unset multiplot
