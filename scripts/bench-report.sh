#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench-report.sh: measures the report's latency findings (`make
# bench-report`; a benchmark, not a test) on made-up sweeps whose truth is
# known, written by tests/fixtures/synth-results.sh and read by
# `fioring-bench report` as any sweep is.  Every sweep has eight pairs of
# cells, iostats 0 against 1, five runs a cell, IOPS spread +-20% (clat
# follows IOPS):
#   alike  the eight pairs alike: every DIFFER is false
#   mixed  four pairs 1.3x apart (true DIFFERs) and four alike
# A pair counts as found by its interval alone when its line reads DIFFER
# or holds a part held back by the false-discovery cut ("(U test p"), and
# as found with the cut when it reads DIFFER.  It prints, each way: pairs
# found, the reports with at least one false DIFFER (target with the cut,
# alike: at most 10% of them, Benjamini-Hochberg's bound where nothing
# differs) and the false discovery rate, the mean over reports of false
# DIFFERs over all DIFFERs (target with the cut, mixed: at most 10%).
#
# Environment: REPORTS per kind (100), STRICT=1 to exit 1 when a target is
# missed.  The same REPORTS give the same sweeps every time (seeded).

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
bench=${FIORING_BENCH:-$top/build/fioring-bench}
reports=${REPORTS:-100} strict=${STRICT:-0}

die() {
	echo "bench-report: $*" >&2
	exit 1
}

[ -x "$bench" ] || die "no fioring-bench at $bench (run make)"
case $reports in ''|*[!0-9]*|0) die "REPORTS: a whole number above 0, got '$reports'" ;; esac
tmp=$(mktemp -d /tmp/fioring-bench-report.XXXXXX) || die "cannot make a temporary folder"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# sweep KIND SEED: one made-up sweep and its report; prints per report
# "true_alone false_alone true_cut false_cut" (pairs that are not alike are
# named t1..t4, alike ones a1..a8)
sweep() {
	d=$tmp/$1-$2 specs=
	for j in 1 2 3 4 5 6 7 8; do
		name=a$j iops=100000
		if [ "$1" = mixed ] && [ $j -le 4 ]; then
			name=t$j iops=130000
		fi
		specs="$specs zram0:fioring:$name:0:0:100000:20 zram0:fioring:$name:0:1:$iops:20"
	done
	sh "$top/tests/fixtures/synth-results.sh" "$d" $(($2 * 48271 + 987654321)) 5 $specs ||
		die "synth-results.sh failed for $1 sweep $2"
	"$bench" report "$d" >"$d.out" 2>&1 || die "report of $1 sweep $2 failed: $(tail -n 1 "$d.out")"
	awk '/latency, iostats=1 vs 0: / {
		t = / on t[0-9]/
		d = /: DIFFER on /
		if (d || /\(U test p/) alone[t]++
		if (d) cut[t]++
	}
	END { printf "%d %d %d %d\n", alone[1], alone[0], cut[1], cut[0] }' "$d/report.md"
	rm -rf "$d" "$d.out"
}

# summary KIND: reads sweep's lines, prints the kind's figures; exits 2
# when a target is missed
summary() {
	awk -v kind="$1" -v n="$reports" '
	function fdr(t, f) { return t + f ? f / (t + f) : 0 }
	{
		ta += $1; fa += $2; tc += $3; fc += $4
		ra += $2 > 0; rc += $4 > 0
		qa += fdr($1, $2); qc += fdr($3, $4)
	}
	END {
		alike = kind == "alike" ? 8 : 4
		if (kind == "alike")
			printf "%d sweeps of 8 alike pairs:\n", n
		else
			printf "%d sweeps of 4 pairs 1.3x apart and 4 alike:\n", n
		for (w = 0; w < 2; w++) {
			t = w ? tc : ta; f = w ? fc : fa; r = w ? rc : ra; q = w ? qc : qa
			printf "  %-16s", w ? "with the cut:" : "interval alone:"
			if (kind == "mixed")
				printf "%d of %d true pairs DIFFER, ", t, 4 * n
			printf "%d of %d alike pairs DIFFER, in %d of %d reports; " \
			       "false discovery rate %.1f%%\n", f, alike * n, r, n, 100 * q / n
		}
		miss = kind == "alike" ? rc > 0.10 * n : qc / n > 0.10
		printf "  target with the cut: %s at most 10%%: %s\n",
		       kind == "alike" ? "reports with a false DIFFER" : "false discovery rate",
		       miss ? "MISSED" : "met"
		exit miss ? 2 : 0
	}'
}

missed=0
for kind in alike mixed; do
	seed=1
	while [ $seed -le "$reports" ]; do
		sweep $kind $seed || exit 1
		seed=$((seed + 1))
	done >"$tmp/$kind.counts"
	summary $kind <"$tmp/$kind.counts"
	[ $? = 2 ] && missed=1
done
[ "$strict" = 1 ] && [ $missed = 1 ] && exit 1
exit 0
