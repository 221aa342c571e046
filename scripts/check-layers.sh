#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check-layers.sh [DIR [OBJDIR]]: fails when a file of the harness (DIR,
# harness/ by default) includes a header of a layer above its own, naming
# file:line; when two modules (x.c and x.h) each reach the other's header
# through their includes; and, given the built objects (OBJDIR, laid out
# as DIR; build/harness by default), when an object needs a symbol that
# only a higher or peer layer's object defines.  Without arguments it also
# checks engines/: no include cycle, no header of the harness.
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
	[ -d build/harness ] && set -- harness build/harness
	engines=engines
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
# Include cycles: module a (a.c, a.h) reaches b.h through its includes and
# their includes, and b reaches a.h.  Headers are found under the tree or
# next to the including file (the engine's bare "x.h"); others (fio's,
# the system's) are not followed.
cycles() {
	(cd "$1" && find . -name '*.[ch]' | sed 's|^\./||' | sort | while read -r f; do
		d=$(dirname "$f")
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
			while read -r h; do
				if [ -f "$h" ]; then
					echo "$f $h"
				elif [ -f "$d/$h" ]; then
					echo "$f ${d#.}${d#.:+/}$h" | sed 's| \./| |'
				fi
			done
	done) | awk -v dir="$1" '
	function stem(p) { sub(/\.[ch]$/, "", p); return p }
	function visit(h,    i, n, t) {
		if (h in seen)
			return
		seen[h] = 1
		n = split(out[h], t, " ")
		for (i = 1; i <= n; i++)
			visit(t[i])
	}
	{ out[$1] = out[$1] " " $2; files[$1] = 1 }
	END {
		for (f in files) {
			split("", seen)
			n = split(out[f], t, " ")
			for (i = 1; i <= n; i++)
				visit(t[i])
			for (h in seen)
				if (stem(h) != stem(f))
					dep[stem(f), stem(h)] = 1
		}
		for (k in dep) {
			split(k, p, SUBSEP)
			if (p[1] < p[2] && ((p[2], p[1]) in dep))
				print dir "/" p[1] " <-> " dir "/" p[2] ": each includes the other'"'"'s header"
		}
	}' | sort
}

out=$(cycles "$dir")
if [ -n "$out" ]; then
	echo "$out"
	bad=1
fi

# Calls into a higher layer, from the built objects (OBJDIR, laid out as
# DIR): a symbol one layer's object needs and only a higher (or peer)
# layer's object defines.  An include check cannot see a function that is
# declared by hand and called.
objdir=${2:-}
if [ -n "$objdir" ] && [ -d "$objdir" ]; then
	out=$(cd "$objdir" && find . -name '*.o' | sed 's|^\./||' | sort | while read -r o; do
		nm "$o" 2>/dev/null | awk -v o="$o" '$2 ~ /^[TDBRCV]$/ { print "D", o, $3 } $1 == "U" { print "U", o, $2 }'
	done | awk -v dir="$objdir" -v ranks="$(for l in lib kernel fio results sweep report cli; do printf '%s=%s ' $l "$(rank $l)"; done)" '
	BEGIN {
		n = split(ranks, r, " ")
		for (i = 1; i <= n; i++) {
			split(r[i], kv, "=")
			rk[kv[1]] = kv[2]
		}
	}
	{
		l = $2
		sub(/\/.*/, "", l)
		if (!(l in rk))
			next
	}
	$1 == "D" { deflayer[$3] = l; defobj[$3] = $2; next }
	{ use[NR] = l " " $2 " " $3 }
	END {
		for (i in use) {
			split(use[i], u, " ")
			s = u[3]
			if (!(s in deflayer) || deflayer[s] == u[1])
				continue
			if (rk[deflayer[s]] > rk[u[1]])
				print dir "/" u[2] ": " u[1] " calls " s "(), defined in the higher layer " deflayer[s] " (" defobj[s] ")"
			else if (rk[deflayer[s]] == rk[u[1]])
				print dir "/" u[2] ": " u[1] " calls " s "(), defined in its peer " deflayer[s] " (" defobj[s] ")"
		}
	}' | sort)
	if [ -n "$out" ]; then
		echo "$out"
		bad=1
	fi
fi

# The engine (engines/, a fio plugin) stands apart from the harness: it
# includes none of its headers, and its files close no include cycle.
if [ -n "${engines:-}" ]; then
	out=$( (cycles "$engines"
		grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"\(lib\|kernel\|fio\|results\|sweep\|report\|cli\)/' \
			"$engines"/*.[ch] | sed 's/^\([^:]*:[0-9]*\):.*"\(.*\)".*/\1: the engine includes "\2", a header of the harness/'
		grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"engines/' $(find "$dir" -name '*.[ch]') |
			grep -v '"engines/cmdprio.h"' |
			sed 's/^\([^:]*:[0-9]*\):.*"\(.*\)".*/\1: the harness includes "\2", a header of the engine/') | sort)
	if [ -n "$out" ]; then
		echo "$out"
		bad=1
	fi
fi

[ $bad -eq 0 ] && echo "check-layers: every include of $dir goes down, none closes a cycle${objdir:+, no object calls up}${engines:+; $engines closes none and stays apart}"
exit $bad
