# SPDX-License-Identifier: GPL-2.0
#
# util.gp: iostat's %util against the busy fraction fio's own numbers imply
# (time with I/O in flight over runtime), one point per run; runs the
# harness flagged for disagreeing are drawn apart.  %util counts jiffies
# with any I/O in flight, so at low queue depth with think time it can read
# near 100% while the device is mostly idle.
# Variables: datafile (x y, one block per series), titles, out, term.
eval sprintf("set terminal %s size 720,560 noenhanced font 'sans,10'", term)
set output out
set title 'Kernel %util vs fio busy fraction, per run'
set xlabel 'fio busy (%)'
set ylabel 'diskstats %util'
set xrange [0:105]
set yrange [0:105]
set grid
set key bottom right
plot for [i=0:words(titles)-1] datafile index i using 1:2 with points pt 7+2*i ps 1 \
	title word(titles, i+1), x with lines dt 2 lc 'gray' title 'equal'
