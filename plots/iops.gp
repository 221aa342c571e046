# SPDX-License-Identifier: GPL-2.0
#
# iops.gp: median IOPS of every setting with its 95% bootstrap interval:
# for plots/iops one bar per cell; for plots/iops-SETTING one bar per
# value of SETTING side by side (iostats, engine, a --knob attribute),
# grouped by the other settings.  Driven by `fioring-bench report` with
#   datafile  label, then median/lo/hi per value (header: titles)
#   out, term output file and terminal (pngcairo or svg)
#   nseries   how many values side by side
#   width     pixels, to fit the labels; logy=1 for a log scale
if (!exists("width")) width = 1100
eval sprintf("set terminal %s size %d,640 noenhanced font 'sans,10'", term, width)
set output out
set title 'IOPS per setting: median of the ok runs, bars = 95% bootstrap interval'
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.7 border -1
set ylabel 'IOPS'
set yrange [0:*]
set format y '%.0s%c'
if (exists("logy") && logy) {
	set logscale y
	set yrange [*:*]
	set ylabel 'IOPS (log scale)'
}
set xtics rotate by 90 right nomirror
set grid ytics
set key outside top center horizontal
plot for [i=0:nseries-1] datafile using (column(2+3*i)):(column(3+3*i)):(column(4+3*i)):xtic(1) \
	title columnheader(2+3*i)
