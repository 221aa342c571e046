# SPDX-License-Identifier: GPL-2.0
#
# paths.gp: per-path I/O share and latency of the runs that wrote
# path_stats (multipath jobs): which path took the I/O and which is slow.
# Variables: datafile (label share_pct clat_mean_us clat_p99_us), out, term,
# width (pixels, to fit the labels).
if (!exists("width")) width = 1100
eval sprintf("set terminal %s size %d,640 noenhanced font 'sans,10'", term, width)
set output out
set multiplot layout 1,2 title 'Per-path I/O share and latency (median over runs)'
set style data histogram
set style histogram clustered gap 2
set style fill solid 0.7 border -1
set xtics rotate by 90 right nomirror
set grid ytics
set key outside top center horizontal
set ylabel 'share of I/O (%)'
set yrange [0:100]
plot datafile using 2:xtic(1) title 'share'
set ylabel 'clat (us)'
set yrange [*:*]
set logscale y
plot datafile using 3:xtic(1) title 'mean', '' using 4 title 'p99'
unset multiplot
