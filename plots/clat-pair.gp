# SPDX-License-Identifier: GPL-2.0
#
# clat-pair.gp: completion latency of the pairs of cells of one comparison
# group the report makes on latency (SQPOLL on vs off): per pair, p50 and
# p99 of the base cell and of the candidate side by side.  Where fio 3.33's
# io_uring engine mis-stamps the SQPOLL issue time (fio issue #1484) those
# bars stand orders of magnitude higher.  Variables: datafile (header:
# titles; label p50_base p50_cand p99_base p99_cand), out, term, width
# (pixels, to fit the labels).
if (!exists("width")) width = 1000
eval sprintf("set terminal %s size %d,640 noenhanced font 'sans,10'", term, width)
set output out
set title 'Completion latency of paired cells (median over runs)'
set style data histogram
set style histogram clustered gap 2
set style fill solid 0.7 border -1
set logscale y
set ylabel 'clat (us)'
set xtics rotate by 90 right nomirror
set grid ytics
set key outside top center horizontal
plot for [i=2:5] datafile using i:xtic(1) title columnheader(i)
