#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check-layers.sh [DIR]: fails when a file of the harness (DIR, harness/ by
# default) includes a header of a layer above its own, naming file:line.
# The layers, low to high:
#
#   0 lib                     helpers that know nothing of storage
#   1 kernel, fio             the machine's settings; fio, run and read
#   2 results                 rows and what is derived from fio and diskstats
#   3 store                   the history of sweeps (SQLite), which reads results
#   4 sweep                   plans and runs cells
#   5 report                  report and gate, which read results only
#   6 cli                     the subcommands and their command lines
#
# A file may include its own folder's headers and those of lower layers.
# kernel and fio share a rank but not a folder: neither includes the other
# (they meet in the layers above).  Includes of the harness are written
# with their folder ("kernel/journal.h"): a bare "x.h", or a folder not in
# the table above, is refused too, so that a new folder must take a place
# in it.  System headers (<...>) are not looked at.

set -u

if [ $# -eq 0 ]; then
	cd "$(dirname "$0")/.." || exit 1
	set -- harness
fi
dir=$1
[ -d "$dir" ] || { echo "check-layers: no directory $dir"; exit 1; }

rank() {
	case $1 in
	lib) echo 0 ;;
	kernel | fio) echo 1 ;;
	results) echo 2 ;;
	store) echo 3 ;;
	sweep) echo 4 ;;
	report) echo 5 ;;
	cli) echo 6 ;;
	*) echo - ;;
	esac
}

bad=0
for f in $(cd "$dir" && find . -name '*.[ch]' | sed 's|^\./||' | sort); do
	layer=${f%%/*}
	[ "$layer" != "$f" ] || layer=.
	own=$(rank "$layer")
	if [ "$own" = - ]; then
		echo "$dir/$f: in '$layer', which is no layer (lib, kernel, fio, results, store, sweep, report, cli)"
		bad=1
		continue
	fi
	# line number and header of each quoted include
	out=$(sed -n '=;s/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$dir/$f" |
		awk '/^[0-9]+$/ { n = $0; next } { print n, $0 }' |
		while read -r line hdr; do
			to=${hdr%%/*}
			if [ "$to" = "$hdr" ]; then
				echo "$dir/$f:$line: includes \"$hdr\" without its layer's folder"
				continue
			fi
			[ "$to" = "$layer" ] && continue
			r=$(rank "$to")
			if [ "$r" = - ]; then
				echo "$dir/$f:$line: includes \"$hdr\" from '$to', which is no layer"
			elif [ "$r" -gt "$own" ]; then
				echo "$dir/$f:$line: $layer includes \"$hdr\", from the higher layer $to"
			elif [ "$r" -eq "$own" ]; then
				echo "$dir/$f:$line: $layer includes \"$hdr\", from its peer $to"
			fi
		done)
	if [ -n "$out" ]; then
		echo "$out"
		bad=1
	fi
done
[ $bad -eq 0 ] && echo "check-layers: every include of $dir goes down"
exit $bad
