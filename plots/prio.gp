# SPDX-License-Identifier: GPL-2.0
#
# prio.gp: completion latency of the priority served first (hi: RT in a
# 10% RT mix) and the one served last (lo), p50 and p99 (medians over the
# ok runs), per cell: where the scheduler separates priorities the hi bars
# sit below the lo bars.  Variables: datafile (label hi_p50 hi_p99 lo_p50
# lo_p99), out, term, width (pixels, to fit the labels).
if (!exists("width")) width = 1100
eval sprintf("set terminal %s size %d,640 noenhanced font 'sans,10'", term, width)
set output out
set title 'Completion latency per I/O priority and scheduler (median over runs)'
set style data histogram
set style histogram clustered gap 2
set style fill solid 0.7 border -1
set logscale y
set ylabel 'clat (us)'
set xtics rotate by 90 right nomirror
set grid ytics
set key outside top center horizontal
plot datafile using 2:xtic(1) title 'hi p50', '' using 3 title 'hi p99', \
	'' using 4 title 'lo p50', '' using 5 title 'lo p99'
