# SPDX-License-Identifier: GPL-2.0
#
# await.gp: the kernel's view of latency (iostat's r_await/w_await from
# /proc/diskstats) against fio's clat mean, one point per run: on the
# diagonal they agree.  Variables: datafile (x y, one block per engine),
# titles (the engines, space-separated), out, term.
eval sprintf("set terminal %s size 720,560 noenhanced font 'sans,10'", term)
set output out
set title 'Kernel await vs fio clat mean, per run'
set xlabel 'fio clat mean (ms)'
set ylabel 'diskstats await (ms)'
set logscale xy
set grid
set key top left
plot for [i=0:words(titles)-1] datafile index i using 1:2 with points pt 7+i ps 1 \
	title word(titles, i+1), x with lines dt 2 lc 'gray' title 'equal'
