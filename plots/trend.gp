# SPDX-License-Identifier: GPL-2.0
#
# trend.gp: one cell's metric over the stored sweeps, oldest first: each
# sweep's median of its ok runs with the 95% bootstrap interval of that
# median, the change points `history detect` found (red dashed lines
# between the last sweep before and the first after) and the setup
# changes (grey dotted lines, named).  Driven by `fioring-bench history
# report` with
#   datafile  x, median, lo, hi, xtic label ("ID label") per sweep
#   out, term output file and terminal (pngcairo or svg)
#   ytitle    the metric; ptitle the plot's title
#   cps       x of each change point, space-separated ("" for none)
#   setups    x of each setup change, space-separated; setupnames the
#             changed parts of each, space-separated, commas inside
#   width     pixels, to fit the labels
if (!exists("width")) width = 1000
eval sprintf("set terminal %s size %d,560 noenhanced font 'sans,10'", term, width)
set output out
set title ptitle
set ylabel ytitle
set xlabel 'sweep (id and labels), oldest first'
set xtics rotate by 60 right nomirror
set grid ytics
set key outside top center horizontal
set offsets 0.5, 0.5, 0, 0
set yrange [*:*]
do for [i=1:words(cps)] {
	x = real(word(cps, i))
	set arrow from x, graph 0 to x, graph 1 nohead lc rgb '#cc0000' lw 2 dt 2
}
do for [i=1:words(setups)] {
	x = real(word(setups, i))
	set arrow from x, graph 0 to x, graph 1 nohead lc rgb '#777777' lw 1 dt 3
	set label word(setupnames, i) at x, graph 0.97 left offset 0.3, 0 tc rgb '#555555'
}
plot datafile using 1:2:3:4:xtic(5) with yerrorbars pt 7 ps 0.8 lc rgb '#1f5fa8' \
	title 'median of the runs, 95% interval', \
	'' using 1:2 with lines lc rgb '#1f5fa8' notitle, \
	NaN with lines lc rgb '#cc0000' lw 2 dt 2 title 'change point', \
	NaN with lines lc rgb '#777777' dt 3 title 'setup change'
