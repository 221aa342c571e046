# SPDX-License-Identifier: GPL-2.0
#
# sqpoll.gp: clat with SQPOLL against without, for settings that differ
# only in SQPOLL: where fio 3.33's io_uring engine mis-stamps the issue
# time (fio issue #1484) the SQPOLL bars stand orders of magnitude higher.
# Variables: datafile (label p50_off p50_on p99_off p99_on), out, term,
# width (pixels, to fit the labels).
if (!exists("width")) width = 1000
eval sprintf("set terminal %s size %d,640 noenhanced font 'sans,10'", term, width)
set output out
set title 'SQPOLL vs no SQPOLL: completion latency (median over runs)'
set style data histogram
set style histogram clustered gap 2
set style fill solid 0.7 border -1
set logscale y
set ylabel 'clat (us)'
set xtics rotate by 90 right nomirror
set grid ytics
set key outside top center horizontal
plot datafile using 2:xtic(1) title 'p50 SQPOLL off', '' using 3 title 'p50 SQPOLL on', \
	'' using 4 title 'p99 SQPOLL off', '' using 5 title 'p99 SQPOLL on'
