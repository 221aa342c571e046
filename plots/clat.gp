# SPDX-License-Identifier: GPL-2.0
#
# clat.gp: completion latency percentiles (p50, p99, p99.9; medians over
# the ok runs) of every setting, on a log scale so that SQPOLL's broken
# clat in fio 3.33's io_uring (seconds) and a healthy one (microseconds)
# fit on one plot.  Variables: datafile (label p50 p99 p999), out, term,
# width (pixels, to fit the labels).
if (!exists("width")) width = 1100
eval sprintf("set terminal %s size %d,640 noenhanced font 'sans,10'", term, width)
set output out
set title 'Completion latency per setting (median over runs)'
set style data histogram
set style histogram clustered gap 2
set style fill solid 0.7 border -1
set logscale y
set ylabel 'clat (us)'
set xtics rotate by 90 right nomirror
set grid ytics
set key outside top center horizontal
plot datafile using 2:xtic(1) title 'p50', '' using 3 title 'p99', \
	'' using 4 title 'p99.9'
